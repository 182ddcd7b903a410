"""What every part of the table's service shares: one lock per match, reading a match and
its state, and the one versioned write that stores a change with its next timer. Free of
Discord; ``Lobbies`` (``bot.table.lobby``) and ``MatchService`` (``bot.table.matches``)
build on it."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.games.base import clock_of, is_order_action, replayed_action
from bot.store import jsonio
from bot.store.contract import Match, MatchStore, Seat, StaleVersion
from bot.store.people import NotifyPrefs
from bot.table.errors import MatchFrozen, StaleBoard, UnknownMatch
from bot.table.timers import STARTED_AT, TurnTimers

log = logging.getLogger(__name__)

#: The match setting holding the version its last undo wrote: clicks made on a board older
#: than that are stale, even though no action was logged since (the log lost some).
UNDONE_AT = "undone_at"
#: The match setting counting its private writes (standing orders): each bumps the stored
#: version, the guard of every write, but nothing anyone else may see.
PRIVATE_WRITES = "private_writes"
#: Who ended a match as a moderator (``/moderate end``).
ENDED_BY = "ended_by"
#: The league a match was opened for (``bot.table.leagues``).
MATCH_LEAGUE = "league"
#: Settings that belong to one match, never carried to its rematch.
PER_MATCH_SETTINGS = (PRIVATE_WRITES, UNDONE_AT, STARTED_AT, ENDED_BY, MATCH_LEAGUE)


def public_version(match: Match) -> int:
    """The version everyone may know: the stored version less the private writes. Buttons,
    undo requests, the AI's tie-breaks and the numbers of a replay count in it, so that a
    standing order leaves no trace in anything public."""
    return match.version - int(match.settings.get(PRIVATE_WRITES, 0))


def stored_version(match: Match, public: int, log: Sequence[tuple[int, int, str]]) -> int:
    """The last stored version whose public version was ``public`` (``public`` at most the
    match's), found from the action log: every write is public but standing orders, which
    are all logged."""
    orders = {seq for seq, _seat, action in log if is_order_action(action)}
    shown, at = public_version(match), match.version
    while shown > public and at > 0:
        if at not in orders:
            shown -= 1
        at -= 1
    return at


def public_numbers(match: Match, log: Sequence[tuple[int, int, str]]) -> dict[int, int]:
    """Each public action of the log (not a standing order) -> the public version it made:
    the number a replay shows for it, with no gap where orders were set."""
    orders = {seq for seq, _seat, action in log if is_order_action(action)}
    numbers: dict[int, int] = {}
    shown = public_version(match)
    later_orders = 0
    for seq, _seat, _action in sorted(log, reverse=True):
        if seq in orders:
            later_orders += 1
            continue
        numbers[seq] = shown - (match.version - seq - later_orders)
    return numbers


def with_private_write(match: Match) -> Match:
    """The match about to be written by a private write (a standing order)."""
    count = int(match.settings.get(PRIVATE_WRITES, 0)) + 1
    return replace(match, settings={**match.settings, PRIVATE_WRITES: count})


class TableWrites(TurnTimers):
    def __init__(self, store: MatchStore, clock: Callable[[], float]) -> None:
        super().__init__(clock)
        self.store = store
        #: One lock per match, kept only while held or waited for (weakly).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def lock(self, match_id: int) -> AsyncIterator[None]:
        """Serialises the changes of one match: inside this process, then across the
        processes sharing the database (``MatchStore.match_lock``). The version check
        still refuses any write made from an outdated read."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        async with lock, self.store.match_lock(match_id):
            yield

    def load_state(self, match: Match) -> Any:
        """The engine state of a match; raises ``MatchFrozen`` for a corrupt row."""
        if match.status == "frozen":
            raise MatchFrozen()
        try:
            if match.state is None:
                raise ValueError("no state stored")
            return self.engine(match).load(jsonio.loads(match.state))
        except Exception as error:  # any failure to read the row means the row is corrupt
            log.exception("match %s: unreadable state, freezing it", match.id)
            raise MatchFrozen(reason=str(error)) from error

    def replayed(
        self, match: Match, log: Sequence[tuple[int, int, str, float]], start: Any = None
    ) -> Iterator[Any]:
        """The match told again from its seed and its action log (``timed_action_log``
        rows): the opening state (or ``start``, a state to go on from), then the state
        after each action, a real-time game's at the action's own match time. Raises
        ``IllegalAction`` at an action today's rules refuse. The one replay of a match:
        ``/log`` and undo requests go through it."""
        engine = self.engine(match)
        clock = clock_of(engine)
        state = start
        if state is None:
            state = engine.new_state(
                len(match.seats), match.seed, match.settings.get("options", {})
            )
        yield state
        for _seq, seat, logged, at in log:
            if clock is not None:
                then = self.match_time(match, at)
                action = replayed_action(engine, state, logged, then)
                state = clock.apply_at(state, seat, action, then)
            else:
                state = engine.apply(state, seat, replayed_action(engine, state, logged))
            yield state

    async def freeze(self, match: Match, reason: str) -> None:
        await self.store.freeze(match.id, reason, self.clock())

    async def get(self, match_id: int) -> Match:
        return await self._get(match_id)

    async def _state_or_freeze(self, match: Match) -> Any:
        try:
            return self.load_state(match)
        except MatchFrozen:
            if match.status != "frozen":
                await self.freeze(match, "unreadable state")
            raise

    async def prefs_of(self, match: Match) -> dict[int, NotifyPrefs]:
        """The notification settings of the match's people (those who set any)."""
        return await self.store.notify_prefs(match.humans())

    async def refresh_timer(self, match_id: int) -> None:
        """Store the match's next timer again (after the timer loop looked at it)."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            state = None if match.status != "active" else await self._state_or_freeze(match)
            prefs = await self.prefs_of(match) if state is not None else None
            await self.store.set_timer(match.id, self._timer_of(match, state, prefs))

    def _timer_of(
        self, match: Match, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        if state is None or match.status != "active":
            return None
        return self.next_timer(match, state, prefs)

    # ---------------------------------------------------------------- helpers
    async def _get(self, match_id: int) -> Match:
        match = await self.store.get(match_id)
        if match is None:
            raise UnknownMatch()
        return match

    async def _timer_prefs(self, match: Match, state: Any) -> dict[int, NotifyPrefs] | None:
        """The settings a write's next timer depends on: those of the people to act (none
        to read when only AI seats act, or nothing is timed)."""
        if state is None or match.status != "active":
            return None
        people = [s.user_id for s in self.humans_to_act(match, state) if s.user_id]
        return await self.store.notify_prefs(people) if people else None

    async def _write(
        self,
        match: Match,
        version: int,
        action: tuple[int, str, bool] | None = None,
        now: float | None = None,
        state: Any = None,
    ) -> Match:
        """Write the match with its next timer (from ``state``, or its stored state)."""
        if match.status == "active" and state is None and match.state is not None:
            try:
                state = self.load_state(match)
            except MatchFrozen:
                state = None
        prefs = await self._timer_prefs(match, state)
        match = replace(match, timer_at=self._timer_of(match, state, prefs))
        try:
            return await self.store.update(
                match,
                expected_version=version,
                action=action,
                now=self.clock() if now is None else now,
            )
        except StaleVersion as error:
            current = await self.store.get(match.id)
            raise StaleBoard(match=current) from error


def without(settings: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {name: value for name, value in settings.items() if name not in keys}


def with_seats(match: Match, seats: list[Seat]) -> Match:
    """Seats renumbered in order: seat numbers are turn order."""
    return replace(match, seats=tuple(replace(s, seat=i) for i, s in enumerate(seats)))


def with_ai_seat(match: Match, seat: int) -> Match:
    return replace(
        match, seats=tuple(replace(s, is_ai=True) if s.seat == seat else s for s in match.seats)
    )
