"""What a render worker does besides drawing: a searching AI's decision
(``MatchService.think_apart``), made away from the bot process, whose GIL the people's
clicks need (a hard AI searches for up to ~150 ms of CPU; in a thread of the bot, four of
them at two tables took the people's replies from p95 9 ms to 111 ms)."""

from __future__ import annotations

import random
from typing import Any

from bot.games import GAMES


def decide(game: str, data: dict[str, Any], seat: int, rng: random.Random, level: str) -> str:
    """The AI's action for ``seat`` in the state ``data`` (as the engine's ``dump`` gave
    it), at ``level``, with the tie-breaks of ``rng``."""
    engine: Any = GAMES[game]
    action: str = engine.bot_action(engine.load(data), seat, rng, level=level)
    return action
