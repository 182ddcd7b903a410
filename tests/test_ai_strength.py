"""Every game's AI is a real player: it beats a random legal player in >= 90% of 200 games."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.tools.aistats import measure

#: Games measured by their own test: Rush Out! pits one sorcerer against 2-4 heroes, so its
#: AI is measured per camp in tests/test_rushout.py.
OWN_STRENGTH_TEST = {"rushout"}


@pytest.mark.parametrize("name", sorted(set(GAMES) - OWN_STRENGTH_TEST))
def test_ai_beats_a_random_player_nine_times_in_ten(name: str) -> None:
    figures = measure(GAMES[name], games=200, players=2)
    assert figures.win_rate >= 0.9, f"{name}: AI won only {figures.ai_wins}/200"
