"""A count of one reads in the singular, in both languages ("1 life left", not "1 lives")."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games import GAMES
from bot.i18n import Tr
from cogs.bugrace import BugRacePresenter
from cogs.rushncrush import RushNCrushPresenter
from cogs.rushout import RushOutPresenter

NAMES = ["alice", "bob", "carol"]


def public_view(game: str) -> Any:
    engine = GAMES[game]
    return engine.view(engine.new_state(3, 1, {}), None)


EVENTS = [
    (
        RushOutPresenter, "rushout", {"type": "life"}, "lives",
        "1 life left", "2 lives left", "Vies du sorcier\xa0: 1",
    ),
    (
        RushNCrushPresenter, "rushncrush", {"type": "nails", "seat": 0}, "tyres",
        "(1 tyre left)", "(2 tyres left)", "pneus restants\xa0: 1",
    ),
    (
        BugRacePresenter, "bugrace", {"type": "reshuffled"}, "cards",
        "(1 card)", "(2 cards)", "(1 carte)",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("presenter", "game", "event", "field", "one", "two", "french"), EVENTS)
def test_an_event_counting_one_thing_reads_in_the_singular(
    presenter: Any, game: str, event: dict[str, Any], field: str, one: str, two: str, french: str
) -> None:
    view = public_view(game)

    def told(count: int, tr: Tr) -> str:
        return "\n".join(presenter().event_lines([event | {field: count}], view, NAMES, tr))

    assert one in told(1, Tr("en")) and french in told(1, Tr("fr"))
    assert two in told(2, Tr("en"))


SENTENCES = [
    ("records.leaderboard.page", {"page": 1, "pages": 1, "total": 1}, "1 rated player "),
    ("replay.title", {"game": "Ruship", "number": 3, "turns": 1}, "— 1 turn"),
    ("league.signup.clock", {"days": "1"}, "Rounds of 1 day"),
    ("league.signup.time_limit", {"hours": "1"}, "1 hour a turn"),
    ("notify.show.reminders_on", {"hours": "1"}, "1 hour into a turn"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "params", "english"), SENTENCES)
def test_a_sentence_counting_one_thing_reads_in_the_singular(
    key: str, params: dict[str, Any], english: str
) -> None:
    """As the cogs call them: the number shown, and ``count`` choosing the form."""
    tr = Tr("en")
    assert re.search(re.escape(english.strip()) + r"\b", tr(key, **params, count=1))
    many = {name: 2 if value in (1, "1") else value for name, value in params.items()}
    singular_two = re.escape(english.replace("1", "2").strip()) + r"\b"
    assert not re.search(singular_two, tr(key, **many, count=2))  # "2 days", not "2 day"
