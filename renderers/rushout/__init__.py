"""The Rush Out! board picture, drawn from the public view (``GAME.view(state, None)``).

The picture is made for a phone: 800 px wide, and every text at least 18 px (9 pt once shown
400 points wide), every number alone 22 px (11 pt); nothing is cut but a too long player
name, nothing drawn over another, nothing left out (what finds no room shows as ``+n``).
It stacks the two camps under the header and the score strip (the play, or why the game
ended, and the trophies; a second line for souls, lives and gold). On top, the sorcerer's
side (purple): his panel (name, his five black dice as last thrown and where the others
are, what his Joker counts as now: the visible pennants; his scrolls, one chip per power, on
two lines; the spell choice he owes) over the three spell cards. Below, the heroes' side:
the dragon's path (the dragon tile with its Joker slots, trial slots 1-3, the heroes' deck),
the three trial cards, the curse and dissipation cards facing the heroes (four in a row,
or two rows of small ones), then one band per hero across the board (name, hero, what its
Joker counts as; its dice and the chips of the moment: High five's check, pulse throws;
then, in the modes that have them, its experience and faculty and its wound tile). Between
rounds the market takes the spells' place (scrolls) and the dragon's path and trials'
(equipment).

Every face is a pictogram, never a letter alone: Fire a torch, Sword a sword, Step a
footprint, Key a key, Heart a heart, Joker a four-pointed sparkle; the sorcerer's Plant a
sprout, Water a drop, Air three gusts, Lightning a bolt, Flame a flame. A legend under the
board names them. Each hero's dice are its Okabe-Ito colour *and* carry its shape in a
corner (Warrior a square, Tracker a triangle, Bard a circle, Cleric a diamond); the
sorcerer's are black with a purple rim and his shape is a hexagon. Cards show their slots:
an empty slot shows the symbol it wants, a filled one the die placed on it. A card's
pennant is a flag with its symbol. The card under the dragon has the dragon on it and a
vermillion frame. Deck and discard sizes are never drawn (the view does not hold them).

The package: ``look`` (colours, sizes, the layout of a match), ``pictograms`` and ``pieces``
(faces, dice, slots, tokens), ``static`` (the cached unchanging layer), then the board's
areas, each a part of ``RushOutBoard`` (``board``) over ``core`` (what they share: words,
trays, scrolls, ``flow`` for a row of things): ``strip`` (header and scores),
``sorcerer``, ``table`` (trials, dragon, cards facing the heroes), ``heroes``, ``market``;
``labels`` holds the English words. Each area measures before it draws (``scroll_places``,
``hex_boxes``, ``moment_chips``...), so tests check the layout with the same functions.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer passes the reader's):

- ``title``; ``player_<seat>`` the players' names (``player``, with ``{number}``, stands in).
- ``status_round`` (``{mode}``, ``{round}``), ``status_mode`` (``{mode}``), ``status_market``
  (``{round}``), ``status_heroes``, ``status_sorcerer``: the header pill; ``mode_<mode>``
  the modes' names (``Training 1``).
- ``live``, ``pulse`` (``{pulse}``), ``pulse_left`` (``{pulse}``, ``{time}``), ``minutes``
  and ``hours`` (``{count}``), ``trophies``, ``souls``, ``lives``, ``gold``: the score strip.
- ``sorcerer``, ``waiting_first_throw``, ``choosing`` (``{effect}``), ``throws_left``
  (``{count}``), ``done``, ``check``, ``wounded``, ``xp`` (``{xp}``, ``{cost}``: "XP 4 of
  3"), ``on_card`` (``{card}``), ``joker_is``, ``scrolls_owned``: panel words.
- ``hero_<name>``, ``faculty_<name>``: the heroes and what their faculties do.
- ``trial`` and ``spell`` (``{number}``), ``kind_<kind>``, ``effect_<effect>``,
  ``dragon_tile``, ``deck``, ``facing``, ``no_facing``, ``invoked_side``, ``cancel_side``:
  the cards. ``equipment``, ``scrolls``, ``scroll_<power>``, ``scroll_target``: the market
  and the scrolls. ``reason_<reason>``: why the game ended.
- ``face_<face>``: the face names in the legend; ``legend_heroes``, ``legend_sorcerer``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from bot.games.rushout.views import RushOutPublicView
from renderers.base import Palette, encode_png, stored_palette
from renderers.rushout.board import RushOutBoard
from renderers.rushout.labels import LABEL_DEFAULTS
from renderers.rushout.look import WIDTH, Layout, layout

__all__ = [
    "LABEL_DEFAULTS",
    "WIDTH",
    "Layout",
    "board_palette",
    "layout",
    "render",
    "render_image",
]


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it). The view arrives as plain JSON
    (from another process): it is read as the engine's typed public view from here on."""
    return RushOutBoard(cast(RushOutPublicView, view), labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as PNG bytes, drawn from the public view."""
    return encode_png(render_image(view, labels), palette=board_palette())


# --- The palette ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Rush Out! board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it)."""
    return stored_palette("rushout")
