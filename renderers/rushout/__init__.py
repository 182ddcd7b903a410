"""The Rush Out! board picture, drawn from the public view (``GAME.view(state, None)``).

The picture is made for a phone (800 px wide, every word and die still readable shown 400 px
wide) and stacks the two camps. On top, the sorcerer's side (purple): his panel (name, his
five black dice as last thrown and where the others are, what his Joker counts as now: the
visible pennants, his scrolls, the spell choice he owes) over the three spell cards. Below,
the heroes' side: the dragon's path (the dragon tile with its Joker slots, trial slots 1-3,
the heroes' deck), the three trial cards, the curse and dissipation cards facing the
heroes, then one panel per hero (name, hero, what its Joker counts as, equipment,
experience and faculty, its dice, its wound tile).

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
areas, each a part of ``RushOutBoard`` (``board``) over ``core`` (what they share):
``strip`` (header and scores), ``sorcerer``, ``table`` (trials, dragon, hexes), ``heroes``,
``market``; ``labels`` holds the English words.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``; ``player_<seat>`` the players' names (``player``, with ``{number}``, stands in).
- ``status_round`` (``{mode}``, ``{round}``), ``status_mode`` (``{mode}``), ``status_market``
  (``{round}``), ``status_heroes``, ``status_sorcerer``: the header pill.
- ``live``, ``pulse`` (``{pulse}``), ``pulse_left`` (``{pulse}``, ``{time}``), ``minutes``
  and ``hours`` (``{count}``), ``trophies``, ``souls``, ``lives``, ``gold``: the score strip.
- ``sorcerer``, ``waiting_first_throw``, ``choosing`` (``{effect}``), ``throws_left``
  (``{count}``), ``done``, ``check``, ``wounded``, ``xp`` (``{xp}``, ``{cost}``), ``on_card``
  (``{card}``), ``joker_is``, ``scrolls_owned``: panel words.
- ``hero_<name>``, ``faculty_<name>`` (``{cost}``): the heroes and their faculties.
- ``trial`` and ``spell`` (``{number}``), ``kind_<kind>``, ``effect_<effect>``,
  ``dragon_tile``, ``deck``, ``facing``, ``no_facing``, ``aimed`` (``{player}``),
  ``invoked_side``, ``cancel_side``: the cards. ``equipment``, ``scrolls``,
  ``scroll_<power>``: the market and the scrolls. ``reason_<reason>``: why the game ended.
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
