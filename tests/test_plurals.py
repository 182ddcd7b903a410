"""A count of one reads in the singular, in both languages ("1 life left", not "1 lives")."""

from __future__ import annotations

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
