"""What the SQL drivers share: every statement both run, written once for SQLite (``?``
placeholders, ``IS ?`` where a NULL key must match NULL), with one parameter builder and
one row reader per record. ``bot.store.postgres`` numbers them (``numbered``). The drivers
import this module as a module (``from bot.store import sql``) and read ``sql.NAME``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from bot.store import jsonio
from bot.store.contract import Match, Seat, UndoRequest
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.ratings import PlayedMatch, Ranked, Rating, placings
from bot.store.shards import Shards

MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, status, creator_id, seed, settings, state, result, version, "
    "board_message_id, turn_started_at, last_reminder_at, frozen_reason, created_at, "
    "board_version, board_acting, timer_at, started_at, ended_at"
)


# ---------------------------------------------------------------- statements both drivers run
# Written once, for SQLite: ``?`` placeholders, ``IS ?`` where a NULL key must match NULL.
# The PostgreSQL driver numbers them (``bot.store.postgres.numbered``); none has a ``?``
# inside a string literal. Statements that differ between the databases (index hints,
# row locks, arrays) stay in their driver.


def matches_sql(columns: str, where: str) -> str:
    """Select matches: ``columns`` (``MATCH_COLUMNS`` or a driver's wider list), ``where``
    one of the conditions below."""
    return f"SELECT {columns} FROM matches {where}"


MATCH_BY_ID = "WHERE id = ?"
OPEN_IN_CHANNEL = "WHERE channel_id = ? AND status IN ('lobby', 'active')"
OPEN_OF_USER = (
    "WHERE guild_id IS ? AND status IN ('lobby', 'active') AND id IN "
    "(SELECT match_id FROM seats WHERE user_id = ? AND is_ai = 0) ORDER BY id"
)
ACTIVE_OF_USER = (
    "WHERE status = 'active' AND id IN "
    "(SELECT match_id FROM seats WHERE user_id = ? AND is_ai = 0) ORDER BY id"
)
LATEST_IN_CHANNEL = "WHERE channel_id = ? ORDER BY id DESC LIMIT 1"


def active_where(shards: Shards) -> str:
    return f"WHERE status = 'active' AND {shards.sql_filter()} ORDER BY id"


def stale_lobbies_where(shards: Shards) -> str:
    """Lobbies opened before a time (one ``?``): the one-open-match-per-channel index
    serves it (its own condition is repeated so the planner may use it)."""
    return (
        "WHERE status IN ('lobby', 'active') AND status = 'lobby' AND created_at <= ? "
        f"AND {shards.sql_filter()} ORDER BY id"
    )


def lagging_where(shards: Shards) -> str:
    return (
        "WHERE (board_version IS NULL OR board_version < version) "
        f"AND status IN ('active', 'finished') AND {shards.sql_filter()} ORDER BY id"
    )


INSERT_MATCH = (
    "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, seed, "
    "settings, version, created_at, updated_at) "
    "VALUES (?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?)"
)


def new_match_params(
    guild_id: int | None,
    channel_id: int,
    game: str,
    creator_id: int,
    seed: int,
    settings: dict[str, Any],
    now: float,
) -> tuple[Any, ...]:
    """``INSERT_MATCH``'s values."""
    return (guild_id, channel_id, game, creator_id, seed, jsonio.dumps(settings), now, now)


DELETE_SEATS = "DELETE FROM seats WHERE match_id = ?"
INSERT_SEAT = (
    "INSERT INTO seats (match_id, seat, user_id, is_ai, expiries, place, won) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


def seat_rows(match_id: int, seats: Sequence[Seat]) -> list[tuple[Any, ...]]:
    """``INSERT_SEAT``'s values, a row a seat."""
    return [
        (match_id, s.seat, s.user_id, int(s.is_ai), s.expiries, s.place, int(s.won)) for s in seats
    ]


def seat_from_row(
    seat: int, user_id: int | None, is_ai: Any, expiries: int, place: int | None, won: Any
) -> Seat:
    return Seat(seat, user_id, bool(is_ai), expiries, place, bool(won))


#: The stored row a versioned write starts from (``with_record``).
MATCH_BEFORE_WRITE = "SELECT status, started_at, ended_at FROM matches WHERE id = ?"
#: What every versioned write sets (``_written``'s values, in this order).
_WRITTEN = (
    "settings = ?, version = ?, turn_started_at = ?, last_reminder_at = ?, timer_at = ?, "
    "updated_at = ?"
)
UPDATE_MATCH = (
    f"UPDATE matches SET status = ?, state = ?, result = ?, {_WRITTEN}, "
    "started_at = ?, ended_at = ? WHERE id = ? AND version = ?"
)
REWIND_MATCH = (
    f"UPDATE matches SET state = ?, result = NULL, {_WRITTEN} "
    "WHERE id = ? AND version = ? AND status = 'active'"
)


def _written(match: Match, expected_version: int, now: float) -> tuple[Any, ...]:
    return (
        jsonio.dumps(match.settings),
        expected_version + 1,
        match.turn_started_at,
        match.last_reminder_at,
        match.timer_at,
        now,
    )


def update_params(match: Match, expected_version: int, now: float) -> tuple[Any, ...]:
    """``UPDATE_MATCH``'s values: ``match`` written over ``expected_version``."""
    result = jsonio.dumps(match.result) if match.result is not None else None
    return (
        match.status,
        match.state,
        result,
        *_written(match, expected_version, now),
        match.started_at,
        match.ended_at,
        match.id,
        expected_version,
    )


def rewind_params(match: Match, expected_version: int, now: float) -> tuple[Any, ...]:
    """``REWIND_MATCH``'s values."""
    return (match.state, *_written(match, expected_version, now), match.id, expected_version)


INSERT_ACTION = (
    "INSERT INTO actions (match_id, seq, seat, action, by_ai, at) VALUES (?, ?, ?, ?, ?, ?)"
)


def action_row(
    match_id: int, seq: int, action: tuple[int, str, bool], now: float
) -> tuple[Any, ...]:
    """``INSERT_ACTION``'s values: ``action`` = (seat, action, by_ai)."""
    seat, text, by_ai = action
    return (match_id, seq, seat, text, int(by_ai), now)


ACTION_LOG = "SELECT seq, seat, action, at FROM actions WHERE match_id = ? ORDER BY seq"
SET_ENDED = "UPDATE matches SET ended_at = ? WHERE id = ?"
SET_BOARD_MESSAGE = "UPDATE matches SET board_message_id = ? WHERE id = ?"
#: Values: message id, version, acting seats (JSON), match id, version again.
SET_BOARD = (
    "UPDATE matches SET board_message_id = ?, board_version = ?, board_acting = ? "
    "WHERE id = ? AND (board_version IS NULL OR board_version <= ?)"
)
MARK_REMINDED = "UPDATE matches SET last_reminder_at = ? WHERE id = ?"
SET_TIMER = (
    "UPDATE matches SET timer_at = ?, timer_owner = NULL, timer_lease_until = NULL WHERE id = ?"
)
FREEZE = "UPDATE matches SET status = 'frozen', frozen_reason = ?, updated_at = ? WHERE id = ?"

UNDO_REQUEST = (
    "SELECT user_id, seat, version, seq, asked_at, accepted FROM undo_requests WHERE match_id = ?"
)
PUT_UNDO_REQUEST = (
    "INSERT INTO undo_requests (match_id, user_id, seat, version, seq, asked_at, "
    "accepted) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE "
    "SET user_id = excluded.user_id, seat = excluded.seat, version = excluded.version, "
    "seq = excluded.seq, asked_at = excluded.asked_at, accepted = excluded.accepted"
)
DROP_UNDO_REQUEST = "DELETE FROM undo_requests WHERE match_id = ?"


def undo_request_params(request: UndoRequest) -> tuple[Any, ...]:
    """``PUT_UNDO_REQUEST``'s values."""
    return (
        request.match_id,
        request.user_id,
        request.seat,
        request.version,
        request.seq,
        request.asked_at,
        jsonio.dumps(list(request.accepted)),
    )


def undo_request_from_row(match_id: int, row: Any) -> UndoRequest:
    """The request read with ``UNDO_REQUEST``."""
    user, seat, version, seq, asked_at, accepted = row
    voted = _loads_or_none(accepted)
    return UndoRequest(
        match_id,
        int(user),
        int(seat),
        int(version),
        int(seq),
        float(asked_at),
        tuple(int(v) for v in voted) if isinstance(voted, list) else (),
    )


RATED_ALREADY = "SELECT 1 FROM rating_history WHERE match_id = ? LIMIT 1"


def ratings_of_sql(people: str) -> str:
    """The ratings of a server's players of a game; ``people`` is the driver's condition on
    a list of user ids (``IN (?, ?)``, ``= ANY(?)``), its values after the server and game."""
    return (
        "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? "
        f"AND user_id {people}"
    )


UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, games, "
    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
    "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
    "updated_at = excluded.updated_at"
)
INSERT_RATING_HISTORY = (
    "INSERT INTO rating_history (match_id, user_id, guild_id, game, mu, sigma, "
    "ordinal, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


def rating_row(match: Match, user: int, rating: Rating, now: float) -> tuple[Any, ...]:
    """``UPSERT_RATING``'s values: the person's rating after ``match``."""
    return (
        match.guild_id,
        match.game,
        user,
        rating.mu,
        rating.sigma,
        rating.ordinal,
        rating.games,
        now,
    )


def rating_history_row(match: Match, user: int, rating: Rating, now: float) -> tuple[Any, ...]:
    """``INSERT_RATING_HISTORY``'s values."""
    return (
        match.id,
        user,
        match.guild_id,
        match.game,
        rating.mu,
        rating.sigma,
        rating.ordinal,
        now,
    )


def rating_from_row(mu: Any, sigma: Any, games: Any) -> Rating:
    return Rating(float(mu), float(sigma), int(games))


#: A person's finished matches in a server; values: user id, server id.
FINISHED_OF_PLAYER = "WHERE s.user_id = ? AND m.guild_id IS ? AND m.status = 'finished' "
COUNT_FINISHED = (
    "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id " + FINISHED_OF_PLAYER
)
#: What ``_played_from_row`` reads, from ``seats s`` joined with ``matches m``.
PLAYED_COLUMNS = (
    "SELECT m.id, m.guild_id, m.channel_id, m.board_message_id, m.game, s.seat, "
    "s.place, s.won, (SELECT COUNT(*) FROM seats o WHERE o.match_id = m.id), "
    "m.result, m.started_at, m.ended_at "
)


def move_seconds_sql(match_ids: str) -> str:
    """How long a person took for each of their moves in some matches; ``match_ids`` is
    the driver's condition on a list of match ids, its values before the user id."""
    return (
        "SELECT t.at - COALESCE(t.previous, m.started_at, m.created_at) FROM ("
        "  SELECT match_id, seat, by_ai, at, "
        "  LAG(at) OVER (PARTITION BY match_id ORDER BY seq) AS previous "
        f"  FROM actions WHERE match_id {match_ids}"
        ") t JOIN matches m ON m.id = t.match_id "
        "JOIN seats s ON s.match_id = t.match_id AND s.seat = t.seat "
        "WHERE s.user_id = ? AND t.by_ai = 0"
    )


PLAYER_RATINGS = "SELECT game, mu, sigma, games FROM ratings WHERE guild_id IS ? AND user_id = ?"
RATING_TREND = (
    "SELECT ordinal FROM rating_history WHERE guild_id IS ? AND user_id = ? "
    "AND game = ? ORDER BY at DESC, match_id DESC LIMIT ?"
)
COUNT_RATED = "SELECT COUNT(*) FROM ratings WHERE guild_id IS ? AND game = ?"


def ranked_page(offset: int, rows: Iterable[Any]) -> list[Ranked]:
    """A leaderboard page read from ``offset`` (rows: user id, mu, sigma, games)."""
    return [
        Ranked(offset + n + 1, int(user), rating_from_row(mu, sigma, games))
        for n, (user, mu, sigma, games) in enumerate(rows)
    ]


def notify_prefs_sql(people: str) -> str:
    """Some people's notification settings; ``people`` is the driver's condition on a list
    of user ids."""
    return (
        "SELECT user_id, pings, reminders, remind_after, away_since, away_until, "
        f"dm_closed, locale FROM notify_settings WHERE user_id {people}"
    )


def notify_prefs_from_rows(rows: Iterable[Any]) -> dict[int, NotifyPrefs]:
    return {
        int(user): NotifyPrefs(
            int(user), str(pings), bool(reminders), after, since, until, bool(closed), locale
        )
        for user, pings, reminders, after, since, until, closed, locale in rows
    }


SET_NOTIFY_PREFS = (
    "INSERT INTO notify_settings (user_id, pings, reminders, remind_after, away_since, "
    "away_until, dm_closed, locale, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings, "
    "reminders = excluded.reminders, remind_after = excluded.remind_after, "
    "away_since = excluded.away_since, away_until = excluded.away_until, "
    "dm_closed = excluded.dm_closed, locale = excluded.locale, "
    "updated_at = excluded.updated_at"
)


def notify_prefs_params(prefs: NotifyPrefs, now: float) -> tuple[Any, ...]:
    """``SET_NOTIFY_PREFS``'s values."""
    return (
        prefs.user_id,
        prefs.pings,
        int(prefs.reminders),
        prefs.remind_after,
        prefs.away_since,
        prefs.away_until,
        int(prefs.dm_closed),
        prefs.locale,
        now,
    )


FOLLOW = (
    "INSERT INTO followers (match_id, user_id, every_turn, since, locale) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET "
    "every_turn = excluded.every_turn, locale = excluded.locale"
)
UNFOLLOW = "DELETE FROM followers WHERE match_id = ? AND user_id = ?"
FOLLOWERS = (
    "SELECT user_id, every_turn, since, locale FROM followers WHERE match_id = ? "
    "ORDER BY since, user_id"
)


def follower_params(follower: Follower) -> tuple[Any, ...]:
    """``FOLLOW``'s values."""
    return (
        follower.match_id,
        follower.user_id,
        int(follower.every_turn),
        follower.since,
        follower.locale,
    )


def followers_from_rows(match_id: int, rows: Iterable[Any]) -> list[Follower]:
    return [
        Follower(match_id, int(user), bool(every), float(since), locale)
        for user, every, since, locale in rows
    ]


HAND_MESSAGES = (
    "SELECT user_id, channel_id, message_id, locale FROM hand_messages WHERE match_id = ? "
    "ORDER BY user_id"
)
SET_HAND_MESSAGE = (
    "INSERT INTO hand_messages (match_id, user_id, channel_id, message_id, locale) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, user_id) DO UPDATE SET "
    "channel_id = excluded.channel_id, message_id = excluded.message_id, "
    "locale = excluded.locale"
)
DROP_HAND_MESSAGE = "DELETE FROM hand_messages WHERE match_id = ? AND user_id = ?"


def hand_message_params(hand: HandMessage) -> tuple[Any, ...]:
    """``SET_HAND_MESSAGE``'s values."""
    return (hand.match_id, hand.user_id, hand.channel_id, hand.message_id, hand.locale)


def hand_messages_from_rows(match_id: int, rows: Iterable[Any]) -> list[HandMessage]:
    return [
        HandMessage(match_id, int(user), int(channel), int(message), locale)
        for user, channel, message, locale in rows
    ]


#: Undo requests' public messages (``MatchStore.undo_messages``): match, message, channel.
UNDO_MESSAGES = (
    "SELECT u.match_id, u.message_id, u.channel_id FROM undo_messages u "
    "JOIN matches m ON m.id = u.match_id WHERE {shards} ORDER BY u.match_id, u.message_id"
)
SET_UNDO_MESSAGE = (
    "INSERT INTO undo_messages (match_id, message_id, channel_id) VALUES (?, ?, ?) "
    "ON CONFLICT (match_id, message_id) DO NOTHING"
)
DROP_UNDO_MESSAGE = "DELETE FROM undo_messages WHERE match_id = ? AND message_id = ?"


def undo_messages_sql(shards: Shards) -> str:
    return UNDO_MESSAGES.format(shards=shards.sql_filter("m.guild_id"))


def undo_messages_from_rows(rows: Iterable[Any]) -> list[tuple[int, int, int]]:
    return [(int(match), int(message), int(channel)) for match, message, channel in rows]


def placed(match: Match) -> Match:
    """The finished match with each seat's place (``bot.ratings.placings``)."""
    placed = placings(match.seats, match.result)
    return replace(
        match,
        seats=tuple(
            replace(s, place=placed[s.seat][0], won=placed[s.seat][1]) for s in match.seats
        ),
    )


def with_record(
    match: Match,
    status_before: str,
    started_before: float | None,
    ended_before: float | None,
    now: float,
) -> tuple[Match, bool]:
    """``match`` as it is to be written over a row that had ``status_before``: when it
    started, when it ended, the seats' places; and whether this write finishes it (its
    finish is then to be recorded). Both drivers write through this."""
    started = started_before
    if started is None and match.status in ("active", "finished"):
        started = now
    finishing = match.status == "finished" and (status_before != "finished" or ended_before is None)
    if finishing:
        return replace(placed(match), started_at=started, ended_at=now), True
    if match.status == "finished":
        return replace(match, started_at=started, ended_at=ended_before), False
    unplaced = tuple(replace(s, place=None, won=False) for s in match.seats)
    return replace(match, seats=unplaced, started_at=started, ended_at=None), False


def played_from_row(row: Any) -> PlayedMatch:
    match_id, guild, channel, board, game, seat, place, won, players, result, started, ended = row
    return PlayedMatch(
        match_id=int(match_id),
        guild_id=guild,
        channel_id=int(channel),
        board_message_id=board,
        game=str(game),
        seat=int(seat),
        place=int(place) if place is not None else 1,
        won=bool(won),
        players=int(players),
        reason=_reason(_loads_or_none(result)),
        started_at=started,
        ended_at=float(ended if ended is not None else started or 0.0),
    )


def _reason(result: Any) -> str:
    reason = result.get("reason") if isinstance(result, dict) else None
    return str(reason) if reason is not None else ""


def _loads_or_none(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return jsonio.loads(text)
    except ValueError:
        return None


def match_from_row(row: Any, seats: tuple[Seat, ...]) -> Match:
    settings = _loads_or_none(row[7])
    return Match(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        game=row[3],
        status=row[4],
        creator_id=row[5],
        seed=row[6],
        settings=settings if isinstance(settings, dict) else {},
        state=row[8],
        result=_loads_or_none(row[9]),
        version=row[10],
        board_message_id=row[11],
        turn_started_at=row[12],
        last_reminder_at=row[13],
        frozen_reason=row[14],
        created_at=row[15],
        seats=seats,
        board_version=row[16],
        board_acting=_seat_list(row[17]),
        timer_at=row[18],
        started_at=row[19],
        ended_at=row[20],
    )


def _seat_list(text: str | None) -> tuple[int, ...] | None:
    seats = _loads_or_none(text)
    if not isinstance(seats, list):
        return None
    return tuple(int(seat) for seat in seats if isinstance(seat, int))
