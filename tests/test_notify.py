"""Notification settings as data: where pings go, reminders, away periods and the input
``/notify`` accepts (``bot.table.notify``, no Discord)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.store.people import NotifyPrefs
from bot.table import notify

HOUR = 3600.0
NOW = datetime(2025, 7, 1, 12, 0, tzinfo=UTC).timestamp()


def test_where_pings_go() -> None:
    assert NotifyPrefs(1).pinged_in_channel and not NotifyPrefs(1).wants_dm, "the default"
    dm = NotifyPrefs(1, pings="dm")
    assert not dm.pinged_in_channel and dm.wants_dm
    both = NotifyPrefs(1, pings="both")
    assert both.pinged_in_channel and both.wants_dm
    none = NotifyPrefs(1, pings="none")
    assert not none.pinged_in_channel and not none.wants_dm
    closed = NotifyPrefs(1, pings="dm", dm_closed=True)
    assert closed.pinged_in_channel and not closed.wants_dm, "closed DMs: back to the channel"
    with pytest.raises(notify.BadPingMode):
        notify.check_pings("carrier pigeon")


def test_an_away_period_in_hours_or_until_a_date() -> None:
    assert notify.away_until(NOW, 5, None) == NOW + 5 * HOUR
    assert notify.away_until(NOW, None, "2025-07-03") == NOW + 36 * HOUR
    assert notify.away_until(NOW, None, " 2025-07-01 18:30 ") == NOW + 6.5 * HOUR
    for hours in (-3.0, 0.0, 61 * 24.0):
        with pytest.raises(notify.BadAwayPeriod):
            notify.away_until(NOW, hours, None)
    with pytest.raises(notify.AwayDateNotAhead):
        notify.away_until(NOW, None, "2025-06-30")
    with pytest.raises(notify.BadAwayPeriod):
        notify.away_until(NOW, None, "2026-01-01")  # beyond 60 days
    with pytest.raises(notify.BadAwayDate):
        notify.away_until(NOW, None, "next tuesday")
    neither_nor_both: list[tuple[float | None, str | None]] = [
        (None, None),
        (None, "  "),
        (2.0, "2025-07-03"),
    ]
    for given, until in neither_nor_both:
        with pytest.raises(notify.AwayAsBoth):
            notify.away_until(NOW, given, until)


def test_the_first_reminder_may_come_sooner_or_later() -> None:
    assert notify.remind_after_seconds(1) == HOUR
    assert notify.remind_after_seconds(72) == 72 * HOUR
    for hours in (0.5, 73.0, -1.0):
        with pytest.raises(notify.BadRemindAfter):
            notify.remind_after_seconds(hours)


def reminder(prefs: NotifyPrefs | None, last: float | None = None) -> float | None:
    return notify.reminder_at(prefs, NOW, last, first=12 * HOUR, every=24 * HOUR)


def test_reminders_by_person() -> None:
    assert reminder(None) == NOW + 12 * HOUR, "the table's default"
    assert reminder(None, last=NOW + 12 * HOUR) == NOW + 36 * HOUR, "then daily"
    assert reminder(NotifyPrefs(1, reminders=False)) is None
    early = NotifyPrefs(1, remind_after=2 * HOUR)
    assert reminder(early) == NOW + 2 * HOUR
    # Someone else's reminder at 1 h does not count as this person's first one.
    assert reminder(early, last=NOW + HOUR) == NOW + 2 * HOUR
    away = NotifyPrefs(1, away_since=NOW - HOUR, away_until=NOW + 30 * HOUR)
    assert reminder(away) == NOW + 42 * HOUR, "counted from the return"


def test_a_time_limit_never_runs_while_away() -> None:
    assert notify.time_limit_at(None, NOW, HOUR) == NOW + HOUR
    away = NotifyPrefs(1, away_since=NOW + 600, away_until=NOW + 5 * HOUR)
    assert notify.time_limit_at(away, NOW, HOUR) == NOW + 6 * HOUR
    before = NotifyPrefs(1, away_since=NOW - 9 * HOUR, away_until=NOW - HOUR)
    assert notify.time_limit_at(before, NOW, HOUR) == NOW + HOUR, "an away period over"
    assert away.is_away(NOW + HOUR) and not away.is_away(NOW + 5 * HOUR)


@pytest.mark.parametrize("hours", [float("inf"), float("nan"), 10**400, -1.0])
def test_an_away_period_a_client_could_forge_is_refused_in_a_sentence(hours: float) -> None:
    with pytest.raises(notify.BadAwayPeriod) as refused:
        notify.away_until(0.0, hours, None)
    assert refused.value.params["hours"] in {"inf", "nan", "∞", "-1"}


@pytest.mark.parametrize("hours", [float("nan"), 10**400])
def test_a_reminder_delay_a_client_could_forge_is_refused_in_a_sentence(hours: float) -> None:
    with pytest.raises(notify.BadRemindAfter):
        notify.remind_after_seconds(hours)
