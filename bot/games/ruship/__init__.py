"""Ruship: a 2d6 race-and-capture duel on an 18-space track, Humanity against Alien.

Rules: ``docs/rules/ruship.md``. Seat 0 is Humanity (Earth on 0, the Mothership,
moving +); seat 1 is Alien (the Alien planet on 19, the Vortex, moving -).

Tests build positions with :func:`position` (or by constructing :class:`RushipState`).

The modules: ``rules`` (the board, the state, the rules), ``views`` (the typed views the
renderer and the cog read), ``ai`` (``bot_action``), ``save`` (dump/load) and ``game`` (the
engine ``GAME`` that ties them together).
"""

from __future__ import annotations

from bot.games.ruship.game import GAME, Ruship
from bot.games.ruship.rules import (
    ALIEN,
    DIE_SIDES,
    FACTIONS,
    HUMANITY,
    POWERS,
    TRACK_FIRST,
    TRACK_LAST,
    RushipState,
    position,
)
from bot.games.ruship.views import (
    Choice,
    Event,
    Faction,
    MoveRecord,
    OutcomeView,
    Phase,
    RushipPublicView,
    RushipSeatView,
)

__all__ = [
    "ALIEN",
    "DIE_SIDES",
    "FACTIONS",
    "GAME",
    "HUMANITY",
    "POWERS",
    "TRACK_FIRST",
    "TRACK_LAST",
    "Choice",
    "Event",
    "Faction",
    "MoveRecord",
    "OutcomeView",
    "Phase",
    "Ruship",
    "RushipPublicView",
    "RushipSeatView",
    "RushipState",
    "position",
]
