"""A match's whole account, told again from its log: ``/match log`` and the board's Log button.

Boards tell only the last turn; the history replays the match from its seed and its
action log (as the store keeps them) and tells every action's public events, in pages,
newest last. It reads public views only, so it shows nothing a player may not know.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.games import IllegalAction
from bot.i18n import Tr
from bot.store.contract import Match
from bot.table.matches import MatchService
from cogs._naming import Naming
from cogs._presenter import Presenter

LINES_PER_PAGE = 15
#: A page must fit a message (2,000 characters) with its header.
PAGE_CHARACTERS = 1800


async def history_lines(
    service: MatchService, naming: Naming, presenter: Presenter, match: Match, tr: Tr
) -> list[str]:
    """Every public event of the match, in order (replayed off the event loop)."""
    log = await service.store.timed_action_log(match.id)
    names = naming.names(match, tr)
    return await asyncio.to_thread(_replay, service, presenter, match, log, names, tr)


def _replay(
    service: MatchService,
    presenter: Presenter,
    match: Match,
    log: list[tuple[int, int, str, float]],
    names: list[str],
    tr: Tr,
) -> list[str]:
    engine = service.engine(match)
    states = service.replayed(match, log)
    state: Any = next(states)
    public = engine.view(state, None)
    lines = presenter.event_lines(public.get("events", []), public, names, tr)
    for _entry in log:
        try:
            state = next(states)
        except IllegalAction:
            # Played under an earlier version of the rules: the account stops here.
            lines.append(tr("log.older_rules"))
            break
        shown, public = public, engine.view(state, None)
        if public == shown:
            # Nothing the table could see (a standing order): its state still holds the
            # last action's events, which are told once.
            continue
        lines += presenter.event_lines(public.get("events", []), public, names, tr)
    return lines


def pages(lines: list[str]) -> list[list[str]]:
    """Pages of at most ``LINES_PER_PAGE`` lines and ``PAGE_CHARACTERS`` characters."""
    found: list[list[str]] = [[]]
    for line in lines:
        page = found[-1]
        too_long = sum(len(text) + 3 for text in page) + len(line) + 3 > PAGE_CHARACTERS
        if len(page) >= LINES_PER_PAGE or (page and too_long):
            found.append([])
        found[-1].append(line[:PAGE_CHARACTERS])
    return found
