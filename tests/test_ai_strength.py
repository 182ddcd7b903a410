"""Every game's AI is a real player: it beats a random legal player in at least 90% of
60 games (seeded: the same games at every run). The figures over 200 games and more are
the benchmark's (``python -m bot aistats``)."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.tools.aistats import wins_against_random

#: Games measured by their own test: Rush Out! pits one sorcerer against 2-4 heroes, so its
#: AI is measured per camp in tests/test_rushout.py.
OWN_STRENGTH_TEST = {"rushout"}
GAMES_PLAYED = 60


@pytest.mark.parametrize("name", sorted(set(GAMES) - OWN_STRENGTH_TEST))
def test_ai_beats_a_random_player_nine_times_in_ten(name: str) -> None:
    wins, _ = wins_against_random(GAMES[name], GAMES_PLAYED, players=2)
    assert wins >= 0.9 * GAMES_PLAYED, f"{name}: the AI won only {wins}/{GAMES_PLAYED}"
