"""When things fall due in a match: who is to act, when they are reminded, when their
turn's time runs out, and, in a real-time game, when its next system action and each seat's
next throw are allowed. Pure: read from the match, its state and its people's
notification settings; ``MatchService`` (``bot.table.matches``) builds on it and stores
the next timer with every write.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games import GAMES, Game
from bot.games.base import clock_of
from bot.store.contract import Match, Seat
from bot.store.people import NotifyPrefs
from bot.table import notify

#: The match setting holding when it started (wall clock), the zero of its match time.
STARTED_AT = "started_at"
#: People to act are reminded this long into a turn, then every day.
REMINDER_FIRST_SECONDS = 12 * 3600
REMINDER_EVERY_SECONDS = 24 * 3600
PULSE_REMINDER_MIN_SECONDS = 600


class TurnTimers:
    """The clock of the table: every method reads, none writes."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock

    @staticmethod
    def engine(match: Match) -> Game[Any]:
        return GAMES[match.game]

    @staticmethod
    def started_at(match: Match) -> float:
        """When the match started (wall clock): the zero of its match time."""
        return float(match.settings.get(STARTED_AT, match.created_at))

    def match_time(self, match: Match, now: float | None = None) -> float:
        """Seconds since the match started: the time real-time games' actions carry."""
        return max(0.0, (self.clock() if now is None else now) - self.started_at(match))

    def ai_ready_at(self, match: Match, state: Any, seat: int) -> float:
        """In a real-time game, when (wall clock) the seat's timed action is allowed."""
        clock = clock_of(self.engine(match))
        ready = clock.ready_at(state, seat) if clock is not None else 0.0
        return self.started_at(match) + ready

    def deadline(self, match: Match, state: Any) -> float | None:
        """In a real-time game, when (wall clock) its system action falls due."""
        clock = clock_of(self.engine(match))
        due = clock.next_deadline(state) if clock is not None else None
        return None if due is None else self.started_at(match) + due

    def humans_to_act(self, match: Match, state: Any) -> list[Seat]:
        acting = self.engine(match).to_act(state)
        return [s for s in match.seats if s.seat in acting and not s.is_ai and s.user_id]

    def ai_to_act(self, match: Match, state: Any) -> list[int]:
        acting = self.engine(match).to_act(state)
        return [s.seat for s in match.seats if s.seat in acting and s.is_ai]

    def reminder_at(
        self, match: Match, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        """When the people to act are reminded. Turn games: 12 h into a turn, then daily.
        Real-time games: never while live (everyone is at the table); halfway to a pulse's
        end, once, for a pulse of 10 min or more. ``prefs``: the people's notification
        settings (``bot.table.notify``): reminders off, after another delay, or paused while
        they are away; the match's next reminder is the earliest of theirs."""
        if match.status != "active" or match.turn_started_at is None:
            return None
        due = [
            at
            for seat in self.humans_to_act(match, state)
            if (at := self.seat_reminder_at(match, state, seat, prefs)) is not None
        ]
        return min(due, default=None)

    def seat_reminder_at(
        self,
        match: Match,
        state: Any,
        seat: Seat,
        prefs: Mapping[int, NotifyPrefs] | None = None,
    ) -> float | None:
        """When this person to act is next reminded (None: not in this turn)."""
        if match.turn_started_at is None:
            return None
        person = (prefs or {}).get(seat.user_id or 0)
        if clock_of(self.engine(match)) is not None:
            deadline = self.deadline(match, state)
            if deadline is None or deadline - match.turn_started_at < PULSE_REMINDER_MIN_SECONDS:
                return None
            if (match.last_reminder_at or 0.0) >= match.turn_started_at:
                return None  # reminded in this pulse already
            halfway = (match.turn_started_at + deadline) / 2
            if person is not None and (not person.reminders or person.is_away(halfway)):
                return None
            return halfway
        return notify.reminder_at(
            person,
            match.turn_started_at,
            match.last_reminder_at,
            first=REMINDER_FIRST_SECONDS,
            every=REMINDER_EVERY_SECONDS,
        )

    def to_remind(
        self, match: Match, state: Any, now: float, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> list[Seat]:
        """The people to act whose reminder is due at ``now``."""
        return [
            seat
            for seat in self.humans_to_act(match, state)
            if (at := self.seat_reminder_at(match, state, seat, prefs)) is not None and now >= at
        ]

    def time_limit_at(
        self, match: Match, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        """When the turn's time runs out (the lobby's time limit), if it has one: for the
        first of the people to act (a person's clock waits while they are away)."""
        due = [
            at
            for seat in self.humans_to_act(match, state)
            if (at := self.seat_time_limit_at(match, seat, prefs)) is not None
        ]
        return min(due, default=None)

    def seat_time_limit_at(
        self, match: Match, seat: Seat, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        """When this person's time for the turn runs out: the lobby's limit, counted from
        the turn's start or from the end of their away period."""
        limit = match.settings.get("time_limit")
        if not limit or match.turn_started_at is None or match.status != "active":
            return None
        person = (prefs or {}).get(seat.user_id or 0)
        return notify.time_limit_at(person, match.turn_started_at, float(limit))

    def next_timer(
        self, match: Match, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        """When the match's next timer falls due (stored, so the timer loop reads only the
        matches due now); None: nothing to wait for."""
        due = (self.reminder_at(match, state, prefs), self.time_limit_at(match, state, prefs))
        return min((at for at in due if at is not None), default=None)

    def reminder_due(
        self, match: Match, now: float, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> bool:
        at = self.reminder_at(match, state, prefs)
        return at is not None and now >= at

    def time_limit_passed(
        self, match: Match, now: float, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> bool:
        at = self.time_limit_at(match, state, prefs)
        return at is not None and now >= at
