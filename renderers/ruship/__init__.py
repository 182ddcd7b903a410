"""The Ruship board picture, drawn from the public view (``GAME.view(state, None)``).

Drawn for a phone first: portrait, 800 px wide, every word at least 18 px and every number
at least 22 px (9 and 11 pt once Discord shows it 400 points wide). From the top: the
status; Humanity's band (Earth with its attack marks, the side's name, player, reserve and
Powers); the track, three rows of six spaces running back and forth from space 1 (under
Earth) to space 18 (over the Alien planet); the Alien's band; the dice; every Power's
effect, each Power's name after its holder's token. Ships are rockets, UFOs are saucers,
the Mothership a hexagon and the Vortex a spiral, so no piece is told apart by colour alone.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header.
- ``humanity``, ``alien``: the factions. ``player_0``, ``player_1``: the players' names
  (seat 0 plays Humanity); when empty the faction's name stands in.
- ``earth``, ``alien_planet``: the planets. ``mothership_short``, ``vortex_short``: the
  carriers' marks (two letters).
- ``status_roll``, ``status_move``, ``status_power``, ``status_won``: the header line; each
  may hold ``{player}`` (a name too long is shortened, never the sentence).
- ``your_turn``, ``winner``: the tags on a side's band.
- ``reserve``, ``powers``, ``no_powers``: a band's captions.
- ``dice``, ``to_roll``, ``rerolled``, ``start_roll``: the dice box (``start_roll`` heads the
  opening roll-off, shown on the opening board only). ``plays_first``: the tag on the
  band of the side that won it, on that board.
- ``power_reroll``, ``power_plusone``, ``power_single``, ``power_backward``, ``power_stack``:
  the Powers' names. ``power_legend`` heads the legend at the bottom, where
  ``help_reroll``, ``help_plusone``, ``help_single``, ``help_backward``, ``help_stack`` tell
  each Power's effect (on up to two lines).

The modules: ``labels`` (``LABEL_DEFAULTS``), ``layout`` (the board's facts, colours and
geometry), ``pieces`` (the sprites), ``static`` (the cached unchanging layer) and ``board``
(``RushipBoard``, which draws one view). ``render`` reads the view as the engine's typed
``RushipPublicView`` (``bot.games.ruship.views``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from bot.games.ruship.views import RushipPublicView
from renderers.base import Palette, encode_png, stored_palette
from renderers.ruship.board import RushipBoard
from renderers.ruship.labels import LABEL_DEFAULTS
from renderers.ruship.layout import (
    HEIGHT,
    LEGEND_TOP,
    WIDTH,
    band_box,
    dice_box,
    faction_panel_box,
    legend_box,
    power_row_box,
    space_box,
)

__all__ = [
    "HEIGHT",
    "LABEL_DEFAULTS",
    "LEGEND_TOP",
    "WIDTH",
    "RushipBoard",
    "band_box",
    "board_palette",
    "dice_box",
    "faction_panel_box",
    "legend_box",
    "power_row_box",
    "render",
    "render_image",
    "space_box",
]


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it)."""
    return RushipBoard(cast(RushipPublicView, view), labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as PNG bytes, drawn from the public view."""
    return encode_png(render_image(view, labels), palette=board_palette())


# --- The palette -----------------------------------------------------------------------------
@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Ruship board is mapped onto (fixed, so a board's bytes never depend
    on what was drawn before it, and an unchanged space keeps its exact colours)."""
    return stored_palette("ruship")
