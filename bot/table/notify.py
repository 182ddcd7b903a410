"""How each person wants to be told about their turns, and who follows a match.

Pure data and arithmetic, no Discord: ``bot.table.matches`` schedules reminders and time limits
with these preferences, the Discord layer (``cogs._notify``) decides from them where a
turn's ping goes, and the store keeps them (migration ``0005_notify.sql``).

A person's settings follow them across servers (one row per person): where their turn
pings go, whether and when they are reminded, and an away period. While someone is
away, their reminders and their turn time limits wait: a time limit counts from the end
of the away period (an early ``/notify back`` ends it at once).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime

from bot.store.people import PING_MODES, NotifyPrefs
from bot.table.errors import Moment, TableError

#: ``/notify reminders after``: the first reminder this many hours into a turn, at least
#: one hour and at most three days; then one a day.
REMIND_AFTER_HOURS = (1.0, 72.0)
#: ``/notify away``: at most this long (60 days).
LONGEST_AWAY_HOURS = 60 * 24.0
HOUR = 3600.0


# ---------------------------------------------------------------- errors (said privately)
class BadPingMode(TableError):
    key = "notify.error.pings"  # params: modes


class BadAwayPeriod(TableError):
    key = "notify.error.away_hours"  # params: hours, longest


class BadAwayDate(TableError):
    key = "notify.error.away_date"  # params: text


class AwayDateNotAhead(TableError):
    key = "notify.error.away_past"  # params: when


class AwayAsBoth(TableError):
    key = "notify.error.away_both"


class NotAway(TableError):
    key = "notify.error.not_away"


class BadRemindAfter(TableError):
    key = "notify.error.remind_after"  # params: hours, least, most


class NotFollowing(TableError):
    key = "notify.error.not_following"  # params: number


class FollowOwnMatch(TableError):
    key = "notify.error.follow_own"  # params: number


class FollowOver(TableError):
    key = "notify.error.follow_over"  # params: number


# ---------------------------------------------------------------- input
def _hours_text(hours: float) -> str:
    try:
        return f"{float(hours):g}"
    except OverflowError:  # a whole number too large for a float (a forged option)
        return "∞"


def check_pings(mode: str) -> str:
    if mode not in PING_MODES:
        raise BadPingMode(modes=", ".join(PING_MODES))
    return mode


def remind_after_seconds(hours: float) -> float:
    least, most = REMIND_AFTER_HOURS
    if not least <= hours <= most:
        raise BadRemindAfter(
            hours=_hours_text(hours), least=_hours_text(least), most=_hours_text(most)
        )
    return hours * HOUR


def away_until(now: float, hours: float | None, until: str | None) -> float:
    """When an away period asked for at ``now`` ends: in ``hours`` hours, or at a date
    (``YYYY-MM-DD``, midnight UTC, or ``YYYY-MM-DD HH:MM`` UTC)."""
    if (hours is None) == (until is None or not until.strip()):
        raise AwayAsBoth()
    longest = LONGEST_AWAY_HOURS
    if hours is not None:
        if not 0 < _finite(hours) <= longest:
            raise BadAwayPeriod(hours=_hours_text(hours), longest=_hours_text(longest))
        return now + hours * HOUR
    assert until is not None
    end = parse_date(until)
    if end <= now:
        raise AwayDateNotAhead(when=Moment(end))
    if end - now > longest * HOUR:
        raise BadAwayPeriod(
            hours=_hours_text(round((end - now) / HOUR, 1)), longest=_hours_text(longest)
        )
    return end


def _finite(number: float) -> float:
    """``number`` as a float; NaN for what is not a finite one (NaN, ±∞, a huge integer),
    which every range check refuses."""
    try:
        value = float(number)
    except (OverflowError, TypeError, ValueError):
        return math.nan
    return value if math.isfinite(value) else math.nan


def parse_date(text: str) -> float:
    """``2025-07-14`` or ``2025-07-14 18:30`` (UTC) as a timestamp."""
    cleaned = " ".join(text.strip().replace("T", " ").split())
    for form in ("%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(cleaned, form).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
    raise BadAwayDate(text=text.strip()[:40] or "…")


# ---------------------------------------------------------------- schedules
def paused_start(turn_started_at: float, prefs: NotifyPrefs | None) -> float:
    """Where a person's turn clock starts: the turn's start, or the end of an away period
    that overlapped it (a time limit and reminders count from there)."""
    if prefs is None or prefs.away_until is None:
        return turn_started_at
    return max(turn_started_at, prefs.away_until)


def reminder_at(
    prefs: NotifyPrefs | None,
    turn_started_at: float,
    last_reminder_at: float | None,
    *,
    first: float,
    every: float,
) -> float | None:
    """When this person is next reminded of a turn (None: never, reminders off).

    ``first`` seconds after their turn clock starts, then ``every`` seconds after the
    match's last reminder."""
    if prefs is not None and not prefs.reminders:
        return None
    after = prefs.remind_after if prefs is not None and prefs.remind_after else first
    due = paused_start(turn_started_at, prefs) + after
    if last_reminder_at is not None and last_reminder_at >= due:
        return last_reminder_at + every
    return due


def time_limit_at(prefs: NotifyPrefs | None, turn_started_at: float, limit: float) -> float:
    """When this person's turn time runs out: ``limit`` seconds from their turn clock's
    start (so never while they are away)."""
    return paused_start(turn_started_at, prefs) + limit
