"""Where matches live: a small storage interface and its SQLite (aiosqlite) driver.

Every change to a match is one transaction guarded by the match's ``version``: a stale or
concurrent writer loses cleanly with ``StaleVersion`` and nothing is half-applied. Another
driver (PostgreSQL for a sharded bot) implements the same ``MatchStore`` protocol.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar
from urllib.parse import urlparse

import aiosqlite

from bot import records
from bot.notify import Follower, NotifyPrefs
from bot.records import PlayedMatch, PlayerStats, Ranked, Rating
from bot.shards import ALL_SHARDS, Shards

OPEN_STATUSES = ("lobby", "active")

#: How long a process may take over a due timer before another may claim it (it ends as
#: soon as the timer is stored again, ``set_timer``).
TIMER_LEASE_SECONDS = 120.0


class StoreError(Exception):
    pass


class StaleVersion(StoreError):
    """Someone else changed the match first."""


class ChannelTaken(StoreError):
    """The channel already has an open match."""


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None  # None for an AI seat
    is_ai: bool = False
    expiries: int = 0
    #: Once the match is finished: 1 for the winners, the next place for everybody else
    #: (``bot.records.placings``); None before.
    place: int | None = None
    #: Once the match is finished: this seat's person won.
    won: bool = False


@dataclass(frozen=True)
class Match:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: str
    creator_id: int
    seed: int
    settings: dict[str, Any]
    state: str | None  # the engine's JSON dump, as stored (parsing may fail: a corrupt row)
    result: dict[str, Any] | None
    version: int
    board_message_id: int | None
    turn_started_at: float | None
    last_reminder_at: float | None
    frozen_reason: str | None
    created_at: float
    seats: tuple[Seat, ...] = field(default=())
    #: The state version the channel's board shows (None: no board drawn yet).
    board_version: int | None = None
    #: The seats that board asked to act (None: no board yet).
    board_acting: tuple[int, ...] | None = None
    #: When its next timer falls due (a reminder, a time limit); None: none to wait for.
    timer_at: float | None = None
    #: When it left its lobby, and when it finished (wall clock).
    started_at: float | None = None
    ended_at: float | None = None

    @property
    def board_lags(self) -> bool:
        return self.board_version is None or self.board_version < self.version

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_ai:
                return seat.seat
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None and not s.is_ai]


@dataclass(frozen=True)
class UndoRequest:
    """A person's request to take back their last action, waiting for the others' answers
    (``bot.undo``). At most one per match."""

    match_id: int
    user_id: int  # who asks
    seat: int
    #: The match's version when asked: the request lapses once anything public happens.
    version: int
    #: The log row of the action to take back.
    seq: int
    asked_at: float
    #: The people who accepted so far.
    accepted: tuple[int, ...] = ()


class MatchStore(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        creator_id: int,
        seed: int,
        settings: dict[str, Any],
        seats: Sequence[Seat],
        now: float,
    ) -> Match: ...
    async def get(self, match_id: int) -> Match | None: ...
    async def open_in_channel(self, channel_id: int) -> Match | None: ...
    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]: ...
    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        """The active matches of these shards' servers, oldest first."""
        ...

    def match_lock(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """Held around every change of a match (inside the service's own per-process lock):
        across processes sharing the database, only one changes a match at a time
        (PostgreSQL: an advisory lock). A database only one process uses needs none."""
        ...

    async def update(
        self,
        match: Match,
        *,
        expected_version: int,
        action: tuple[int, str, bool] | None = None,
        now: float,
    ) -> Match: ...
    async def set_board_message(self, match_id: int, message_id: int | None) -> None: ...
    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        """Record the board now showing ``version`` (never moves the record backwards)."""
        ...

    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        """Active and finished matches of these shards' servers whose board shows an older
        version than stored."""
        ...

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        """The newest match of a channel, whatever its status."""
        ...

    async def mark_reminded(self, match_id: int, now: float) -> None: ...
    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        """Claim the active matches of these shards' servers whose next timer is due at
        ``now`` and that nobody holds (an indexed read): each is leased to ``owner`` until
        ``now + lease``, and no other claim returns it meanwhile. ``set_timer`` ends the
        lease; a lease whose owner died runs out and the timer is claimed again."""
        ...

    async def set_timer(self, match_id: int, at: float | None) -> None:
        """Record when the match's next timer falls due (None: none), ending any lease."""
        ...

    async def freeze(self, match_id: int, reason: str, now: float) -> None: ...
    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]: ...
    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        """The action log with the time each action was saved (``now`` of its update)."""
        ...

    # Undo requests (``bot.undo``).
    async def rewind(
        self, match: Match, *, expected_version: int, drop: Sequence[int], now: float
    ) -> Match:
        """Take actions back: write the active ``match`` (its state replayed without them,
        timers) and remove the log rows ``drop``, in one transaction guarded by the version
        like ``update``; the match's undo request goes too. Returns the match as stored."""
        ...

    async def undo_request(self, match_id: int) -> UndoRequest | None: ...
    async def put_undo_request(self, request: UndoRequest) -> None:
        """Store the match's undo request, replacing any other."""
        ...

    async def drop_undo_request(self, match_id: int) -> None: ...

    # Players' records. A match's finish is recorded by the ``update`` that writes its
    # ``finished`` status, in the same transaction: ``ended_at``, each seat's place, and
    # the ratings (once per match, whatever happens to it later).
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        """A page of the person's finished matches in the server, newest first, and how
        many there are."""
        ...

    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        """What ``/stats`` is computed from (``bot.records.PlayerStats``)."""
        ...

    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        """A page of the server's ratings for a game, best first, and how many are rated."""
        ...

    async def rank_of(self, guild_id: int | None, game: str, user_id: int) -> Ranked | None:
        """The person's place on the game's leaderboard (None: not rated yet)."""
        ...

    # Notification settings and followers (``bot.notify``).
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """The settings of those of these people who changed any (the others have the
        defaults)."""
        ...

    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        """Store a person's settings (replacing theirs)."""
        ...

    async def active_of_user(self, user_id: int) -> list[Match]:
        """The active matches, in any server, where the person holds a seat."""
        ...

    async def follow(self, follower: Follower) -> None:
        """Follow a match, or change how (``every_turn``) if already following."""
        ...

    async def unfollow(self, match_id: int, user_id: int) -> bool:
        """Stop following; False if the person did not follow that match."""
        ...

    async def followers(self, match_id: int) -> list[Follower]:
        """Who follows the match, in the order they started."""
        ...


def sqlite_path(database_url: str) -> str:
    """``sqlite:///data/x.db`` -> ``data/x.db``; ``sqlite:////abs/x.db`` -> ``/abs/x.db``."""
    parsed = urlparse(database_url)
    if parsed.scheme != "sqlite" or not database_url.startswith("sqlite:///"):
        raise StoreError(
            f"DATABASE_URL {database_url!r} is not understood: use sqlite:///path.db (relative), "
            "sqlite:////absolute/path.db, memory:// or postgresql://user:password@host/database"
        )
    if parsed.query or parsed.fragment:
        raise StoreError(
            "DATABASE_URL must be a plain file path without '?' or '#' options "
            "(the bot opens its database for reading and writing), e.g. sqlite:///data/rushtable.db"
        )
    path = database_url[len("sqlite:///") :]
    if not path:
        raise StoreError("DATABASE_URL needs a file path, e.g. sqlite:///data/rushtable.db")
    return path


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """The numbered SQL migrations shipped for a dialect, in order: ``bot/migrations``
    (SQLite) or ``bot/migrations/postgresql``, with the same numbers."""
    folder = resources.files("bot") / "migrations"
    if dialect != "sqlite":
        folder = folder / dialect
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def split_statements(script: str) -> list[str]:
    """Complete SQL statements of a script (a ``;`` inside a comment or string is no end)."""
    statements, pending = [], ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in pending.splitlines()
    ):
        raise StoreError("a migration ends with an incomplete SQL statement")
    return statements


#: The tables a copy of the database holds (``export_rows``, ``import_rows``), each after
#: the tables its foreign keys point to.
COPIED_TABLES = (
    "matches",
    "seats",
    "actions",
    "ratings",
    "rating_history",
    "notify_settings",
    "followers",
    "undo_requests",
)


def copied_table(table: str) -> str:
    """``table`` if it is one of ``COPIED_TABLES`` (it is then safe to put in SQL)."""
    if table not in COPIED_TABLES:
        raise StoreError(f"{table!r} is not a table of a Rush Table database")
    return table


_MATCH_COLUMNS = (
    "id, guild_id, channel_id, game, status, creator_id, seed, settings, state, result, version, "
    "board_message_id, turn_started_at, last_reminder_at, frozen_reason, created_at, "
    "board_version, board_acting, timer_at, started_at, ended_at"
)


# ---------------------------------------------------------------- statements both drivers run
# Written once, for SQLite: ``?`` placeholders, ``IS ?`` where a NULL key must match NULL.
# The PostgreSQL driver numbers them (``bot.store_postgres.numbered``); none has a ``?``
# inside a string literal. Statements that differ between the databases (index hints,
# row locks, arrays) stay in their driver.


def matches_sql(columns: str, where: str) -> str:
    """Select matches: ``columns`` (``_MATCH_COLUMNS`` or a driver's wider list), ``where``
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
    return (guild_id, channel_id, game, creator_id, seed, json.dumps(settings), now, now)


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
        json.dumps(match.settings),
        expected_version + 1,
        match.turn_started_at,
        match.last_reminder_at,
        match.timer_at,
        now,
    )


def update_params(match: Match, expected_version: int, now: float) -> tuple[Any, ...]:
    """``UPDATE_MATCH``'s values: ``match`` written over ``expected_version``."""
    result = json.dumps(match.result) if match.result is not None else None
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
        json.dumps(list(request.accepted)),
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


@dataclass(frozen=True)
class _Done:
    rowcount: int
    lastrowid: int | None


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _serialised(
    method: Callable[Concatenate[SqliteStore, _P], Coroutine[Any, Any, _R]],
) -> Callable[Concatenate[SqliteStore, _P], Coroutine[Any, Any, _R]]:
    """One connection serves every match: a call holds it for its whole duration, so
    transactions of different matches never interleave and no read sees another's
    uncommitted write."""

    async def serialised(self: SqliteStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        async with self._serial:
            return await method(self, *args, **kwargs)

    serialised.__name__, serialised.__doc__ = method.__name__, method.__doc__
    return serialised


class SqliteStore:
    """The default driver: one SQLite file in WAL mode."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._serial = asyncio.Lock()  # see _serialised

    @classmethod
    def from_url(cls, database_url: str) -> SqliteStore:
        return cls(sqlite_path(database_url))

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("The store is not open")
        return self._db

    async def open(self) -> None:
        """Open, check and migrate the database; ``StoreError`` says what is wrong and
        what to do, in one sentence."""
        self._check_path()
        try:
            self._db = await aiosqlite.connect(self.path, isolation_level=None)
            await self._exec("PRAGMA journal_mode=WAL")
            await self._exec("PRAGMA foreign_keys=ON")
            await self._exec("PRAGMA synchronous=NORMAL")
            await self._exec("PRAGMA busy_timeout=5000")
            await self._refuse_newer_schema()
            await self._migrate()
            await self._record_unrecorded_finishes()
            await self._check_writable()
        except sqlite3.DatabaseError as error:
            await self.close()
            raise StoreError(self._explain(error)) from error

    def _check_path(self) -> None:
        if self.path == ":memory:":
            return
        path = Path(self.path)
        if path.is_dir():
            raise StoreError(
                f"The database path {self.path} is a folder: point DATABASE_URL at a file, "
                "e.g. sqlite:///data/rushtable.db"
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"Cannot create the folder {path.parent} for the database ({error.strerror}): "
                "create it or choose another DATABASE_URL"
            ) from error

    def _explain(self, error: sqlite3.DatabaseError) -> str:
        text = str(error)
        if "not a database" in text or "malformed" in text:
            return (
                f"The database {self.path} is not a readable SQLite file (corrupt or another "
                "kind of file): restore it from a backup or move it away to start afresh"
            )
        if "readonly" in text or "read-only" in text:
            return (
                f"The database {self.path} is read-only: the bot must write to it; give the "
                "bot's user write access to the file and its folder"
            )
        if "unable to open" in text:
            return (
                f"Cannot open the database {self.path}: check that its folder exists and "
                "the bot's user may write there"
            )
        return f"The database {self.path} cannot be used ({text})"

    async def _refuse_newer_schema(self) -> None:
        known = max((number for number, _ in migrations()), default=0)
        found = await self.schema_version()
        if found > known:
            raise StoreError(
                f"The database {self.path} was written by a newer Rush Table (schema {found}, "
                f"this version knows {known}): run the newer version or restore a backup"
            )

    async def _check_writable(self) -> None:
        """A read-only file or mount shows only when something is written."""
        version = await self.schema_version()
        await self._exec(f"PRAGMA user_version = {version}")

    async def _exec(self, sql: str, params: Sequence[Any] = ()) -> _Done:
        """Run one statement to completion (an unclosed cursor would block COMMIT)."""
        cursor = await self.db.execute(sql, params)
        done = _Done(cursor.rowcount, cursor.lastrowid)
        await cursor.close()
        return done

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        current = await self.schema_version()
        for number, script in migrations():
            if number <= current:
                continue
            await self._exec("BEGIN IMMEDIATE")
            try:
                for statement in split_statements(script):
                    await self._exec(statement)
                await self._exec(f"PRAGMA user_version = {number}")
                await self._exec("COMMIT")
            except BaseException:
                await self._exec("ROLLBACK")
                raise

    async def _record_unrecorded_finishes(self) -> None:
        """Finished matches whose finish was never recorded (those of a database older
        than the records, schema 4) are recorded now, in the order they ended: placed,
        ``ended_at`` = their last write, rated. Nothing to do afterwards: a finish is
        recorded in the transaction that writes it."""
        async with self.db.execute(
            "SELECT id, updated_at FROM matches INDEXED BY matches_finish_unrecorded "
            "WHERE status = 'finished' AND ended_at IS NULL ORDER BY updated_at, id"
        ) as cursor:
            pending = [(int(row[0]), float(row[1])) for row in await cursor.fetchall()]
        if not pending:
            return
        await self._exec("BEGIN IMMEDIATE")
        try:
            for match_id, ended_at in pending:
                (match,) = await self._select(matches_sql(_MATCH_COLUMNS, MATCH_BY_ID), (match_id,))
                match = placed(match)
                await self._write_seats(match_id, match.seats)
                await self._exec(SET_ENDED, (ended_at, match_id))
                await self._rate(match, ended_at)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    async def _rate(self, match: Match, now: float) -> None:
        """Rate a placed, finished match, unless it was rated already (its history rows
        are keyed by match id)."""
        if match.guild_id is None:
            return
        async with self.db.execute(RATED_ALREADY, (match.id,)) as cursor:
            if await cursor.fetchone() is not None:
                return
        entries = records.rating_entries(match.seats)
        people = [user for user, _ in entries if user is not None]
        if not people:
            return
        async with self.db.execute(
            ratings_of_sql(_in(people)), (match.guild_id, match.game, *people)
        ) as cursor:
            current = {
                int(user): rating_from_row(mu, sigma, games)
                for user, mu, sigma, games in await cursor.fetchall()
            }
        for user, rating in records.rate(entries, current).items():
            await self._exec(UPSERT_RATING, rating_row(match, user, rating, now))
            await self._exec(INSERT_RATING_HISTORY, rating_history_row(match, user, rating, now))

    @_serialised
    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        creator_id: int,
        seed: int,
        settings: dict[str, Any],
        seats: Sequence[Seat],
        now: float,
    ) -> Match:
        await self._exec("BEGIN IMMEDIATE")
        try:
            cursor = await self._exec(
                INSERT_MATCH,
                new_match_params(guild_id, channel_id, game, creator_id, seed, settings, now),
            )
            match_id = int(cursor.lastrowid or 0)
            await self._write_seats(match_id, seats)
            await self._exec("COMMIT")
        except sqlite3.IntegrityError as error:
            await self._exec("ROLLBACK")
            raise ChannelTaken(str(error)) from error
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        (match,) = await self._select(matches_sql(_MATCH_COLUMNS, MATCH_BY_ID), (match_id,))
        return match

    async def _write_seats(self, match_id: int, seats: Sequence[Seat]) -> None:
        await self._exec(DELETE_SEATS, (match_id,))
        cursor = await self.db.executemany(INSERT_SEAT, seat_rows(match_id, seats))
        await cursor.close()

    @_serialised
    async def get(self, match_id: int) -> Match | None:
        matches = await self._select(matches_sql(_MATCH_COLUMNS, MATCH_BY_ID), (match_id,))
        return matches[0] if matches else None

    @_serialised
    async def open_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(matches_sql(_MATCH_COLUMNS, OPEN_IN_CHANNEL), (channel_id,))
        return matches[0] if matches else None

    @_serialised
    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]:
        return await self._select(matches_sql(_MATCH_COLUMNS, OPEN_OF_USER), (guild_id, user_id))

    @_serialised
    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(matches_sql(_MATCH_COLUMNS, active_where(shards)), ())

    @asynccontextmanager
    async def match_lock(self, match_id: int) -> AsyncIterator[None]:
        yield  # one process per SQLite file: the service's own lock is enough

    @_serialised
    async def update(
        self,
        match: Match,
        *,
        expected_version: int,
        action: tuple[int, str, bool] | None = None,
        now: float,
    ) -> Match:
        """Write ``match`` (status, state, result, seats, timers) if nobody wrote first.

        ``action`` = (seat, action, by_ai) appends one row to the action log in the same
        transaction. The write that finishes the match also records its finish (when, the
        seats' places, the ratings). Returns the match as stored, with its version bumped.
        """
        new_version = expected_version + 1
        await self._exec("BEGIN IMMEDIATE")
        try:
            async with self.db.execute(MATCH_BEFORE_WRITE, (match.id,)) as found:
                before = await found.fetchone()
            if before is None:
                raise StaleVersion(f"match {match.id} does not exist")
            match, finishing = with_record(match, before[0], before[1], before[2], now)
            cursor = await self._exec(UPDATE_MATCH, update_params(match, expected_version, now))
            if cursor.rowcount != 1:
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            await self._write_seats(match.id, match.seats)
            if action is not None:
                await self._exec(INSERT_ACTION, action_row(match.id, new_version, action, now))
            if finishing:
                await self._rate(match, now)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return replace(match, version=new_version)

    @_serialised
    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self._exec(SET_BOARD_MESSAGE, (message_id, match_id))

    @_serialised
    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        await self._exec(
            SET_BOARD, (message_id, version, json.dumps(sorted(acting)), match_id, version)
        )

    @_serialised
    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(matches_sql(_MATCH_COLUMNS, lagging_where(shards)), ())

    @_serialised
    async def latest_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(matches_sql(_MATCH_COLUMNS, LATEST_IN_CHANNEL), (channel_id,))
        return matches[0] if matches else None

    @_serialised
    async def mark_reminded(self, match_id: int, now: float) -> None:
        await self._exec(MARK_REMINDED, (now, match_id))

    @_serialised
    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        await self._exec("BEGIN IMMEDIATE")
        try:
            due = await self._select(
                f"SELECT {_MATCH_COLUMNS} FROM matches INDEXED BY matches_by_timer "
                "WHERE status = 'active' AND timer_at IS NOT NULL AND timer_at <= ? "
                "AND (timer_lease_until IS NULL OR timer_lease_until <= ?) "
                f"AND {shards.sql_filter()} ORDER BY timer_at",
                (now, now),
            )
            done = await self.db.executemany(
                "UPDATE matches SET timer_owner = ?, timer_lease_until = ? WHERE id = ?",
                [(owner, now + lease, match.id) for match in due],
            )
            await done.close()
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return due

    @_serialised
    async def set_timer(self, match_id: int, at: float | None) -> None:
        await self._exec(SET_TIMER, (at, match_id))

    @_serialised
    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        await self._exec(FREEZE, (reason, now, match_id))

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [
            (seq, seat, action) for seq, seat, action, _ in await self.timed_action_log(match_id)
        ]

    @_serialised
    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        async with self.db.execute(ACTION_LOG, (match_id,)) as cursor:
            rows = await cursor.fetchall()
        return [(int(seq), int(seat), str(action), float(at)) for seq, seat, action, at in rows]

    # ---------------------------------------------------------------- undo requests
    @_serialised
    async def rewind(
        self, match: Match, *, expected_version: int, drop: Sequence[int], now: float
    ) -> Match:
        if match.status != "active":
            raise StoreError(f"match {match.id}: only an active match is rewound")
        new_version = expected_version + 1
        await self._exec("BEGIN IMMEDIATE")
        try:
            cursor = await self._exec(REWIND_MATCH, rewind_params(match, expected_version, now))
            if cursor.rowcount != 1:
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            await self._write_seats(match.id, match.seats)
            done = await self.db.executemany(
                "DELETE FROM actions WHERE match_id = ? AND seq = ?",
                [(match.id, seq) for seq in drop],
            )
            await done.close()
            await self._exec(DROP_UNDO_REQUEST, (match.id,))
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return replace(match, version=new_version, result=None)

    @_serialised
    async def undo_request(self, match_id: int) -> UndoRequest | None:
        async with self.db.execute(UNDO_REQUEST, (match_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else undo_request_from_row(match_id, row)

    @_serialised
    async def put_undo_request(self, request: UndoRequest) -> None:
        await self._exec(PUT_UNDO_REQUEST, undo_request_params(request))

    @_serialised
    async def drop_undo_request(self, match_id: int) -> None:
        await self._exec(DROP_UNDO_REQUEST, (match_id,))

    # ---------------------------------------------------------------- players' records
    @_serialised
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        async with self.db.execute(COUNT_FINISHED, (user_id, guild_id)) as cursor:
            row = await cursor.fetchone()
        total = int(row[0]) if row else 0
        played = await self._played(
            "ORDER BY m.ended_at DESC, m.id DESC LIMIT ? OFFSET ?",
            (user_id, guild_id, max(0, limit), max(0, offset)),
        )
        return played, total

    @_serialised
    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        results = await self._played("ORDER BY m.ended_at, m.id", (user_id, guild_id))
        recent = [r for r in results if game is None or r.game == game]
        recent = recent[-records.MOVE_TIME_MATCHES :]
        move_seconds: list[float] = []
        if recent:
            async with self.db.execute(
                move_seconds_sql(_in(recent)), (*(r.match_id for r in recent), user_id)
            ) as cursor:
                move_seconds = [max(0.0, float(row[0])) for row in await cursor.fetchall()]
        async with self.db.execute(PLAYER_RATINGS, (guild_id, user_id)) as cursor:
            ratings = {
                str(game): rating_from_row(mu, sigma, games)
                for game, mu, sigma, games in await cursor.fetchall()
            }
        history: dict[str, list[float]] = {}
        for rated in ratings:
            async with self.db.execute(
                RATING_TREND, (guild_id, user_id, rated, records.TREND_MATCHES + 1)
            ) as cursor:
                history[rated] = [float(row[0]) for row in await cursor.fetchall()][::-1]
        return PlayerStats(results, move_seconds, ratings, history)

    async def _played(self, order: str, params: tuple[Any, ...]) -> list[PlayedMatch]:
        """The person's finished matches (``FINISHED_OF_PLAYER``) in this ``order``."""
        async with self.db.execute(
            PLAYED_COLUMNS
            + "FROM seats s INDEXED BY seats_by_user_match JOIN matches m ON m.id = s.match_id "
            + FINISHED_OF_PLAYER
            + order,
            params,
        ) as cursor:
            rows = await cursor.fetchall()
        return [_played_from_row(row) for row in rows]

    @_serialised
    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        async with self.db.execute(COUNT_RATED, (guild_id, game)) as cursor:
            row = await cursor.fetchone()
        total = int(row[0]) if row else 0
        offset = max(0, offset)
        async with self.db.execute(
            "SELECT user_id, mu, sigma, games FROM ratings INDEXED BY ratings_by_rank "
            "WHERE guild_id IS ? AND game = ? ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, max(0, limit), offset),
        ) as cursor:
            rows = await cursor.fetchall()
        return ranked_page(offset, rows), total

    @_serialised
    async def rank_of(self, guild_id: int | None, game: str, user_id: int) -> Ranked | None:
        async with self.db.execute(
            "SELECT mu, sigma, games, ordinal FROM ratings "
            "WHERE guild_id IS ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        ) as cursor:
            row = await cursor.fetchone()
        if row is None:
            return None
        mu, sigma, games, ordinal = row
        async with self.db.execute(
            "SELECT COUNT(*) FROM ratings INDEXED BY ratings_by_rank "
            "WHERE guild_id IS ? AND game = ? AND (ordinal > ? OR (ordinal = ? AND user_id < ?))",
            (guild_id, game, ordinal, ordinal, user_id),
        ) as cursor:
            ahead = await cursor.fetchone()
        rank = (int(ahead[0]) if ahead else 0) + 1
        return Ranked(rank, user_id, rating_from_row(mu, sigma, games))

    # ---------------------------------------------------------------- notifications
    @_serialised
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        people = sorted(set(user_ids))
        if not people:
            return {}
        async with self.db.execute(notify_prefs_sql(_in(people)), people) as cursor:
            rows = await cursor.fetchall()
        return notify_prefs_from_rows(rows)

    @_serialised
    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        await self._exec(SET_NOTIFY_PREFS, notify_prefs_params(prefs, now))

    @_serialised
    async def active_of_user(self, user_id: int) -> list[Match]:
        return await self._select(matches_sql(_MATCH_COLUMNS, ACTIVE_OF_USER), (user_id,))

    @_serialised
    async def follow(self, follower: Follower) -> None:
        await self._exec(FOLLOW, follower_params(follower))

    @_serialised
    async def unfollow(self, match_id: int, user_id: int) -> bool:
        done = await self._exec(UNFOLLOW, (match_id, user_id))
        return done.rowcount > 0

    @_serialised
    async def followers(self, match_id: int) -> list[Follower]:
        async with self.db.execute(FOLLOWERS, (match_id,)) as cursor:
            rows = await cursor.fetchall()
        return followers_from_rows(match_id, rows)

    async def _select(self, sql: str, params: tuple[Any, ...]) -> list[Match]:
        async with self.db.execute(sql, params) as cursor:
            rows = list(await cursor.fetchall())
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats = await self._seats_of(ids)
        return [_match_from_row(row, seats.get(row[0], ())) for row in rows]

    async def _seats_of(self, match_ids: list[int]) -> dict[int, tuple[Seat, ...]]:
        async with self.db.execute(
            "SELECT match_id, seat, user_id, is_ai, expiries, place, won FROM seats "
            f"WHERE match_id {_in(match_ids)} ORDER BY match_id, seat",
            match_ids,
        ) as cursor:
            rows = await cursor.fetchall()
        grouped: dict[int, list[Seat]] = {}
        for match_id, *seat in rows:
            grouped.setdefault(match_id, []).append(seat_from_row(*seat))
        return {key: tuple(value) for key, value in grouped.items()}

    # ---------------------------------------------------------------- copying a database
    @_serialised
    async def export_rows(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Every row of one of ``COPIED_TABLES``, in primary key order, and its columns."""
        async with self.db.execute(f"PRAGMA table_info({copied_table(table)})") as cursor:
            info = await cursor.fetchall()
        key = ", ".join(row[1] for row in sorted(info, key=lambda row: row[5]) if row[5])
        async with self.db.execute(f"SELECT * FROM {table} ORDER BY {key}") as cursor:
            rows = [tuple(row) for row in await cursor.fetchall()]
            return [column[0] for column in cursor.description], rows

    @_serialised
    async def import_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]
    ) -> None:
        """Add rows (ids included) to one of ``COPIED_TABLES``, in one transaction."""
        async with self.db.execute(f"PRAGMA table_info({copied_table(table)})") as cursor:
            known = {row[1] for row in await cursor.fetchall()}
        unknown = [name for name in columns if name not in known]
        if unknown:
            raise StoreError(f"The table {table} has no column {', '.join(unknown)}")
        marks = ", ".join("?" * len(columns))
        await self._exec("BEGIN IMMEDIATE")
        try:
            done = await self.db.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
            )
            await done.close()
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise


def _in(values: Sequence[Any]) -> str:
    """SQLite's condition on a list of values: ``IN (?, ?, ?)``, a mark a value."""
    return f"IN ({','.join('?' * len(values))})"


def placed(match: Match) -> Match:
    """The finished match with each seat's place (``bot.records.placings``)."""
    placed = records.placings(match.seats, match.result)
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


def _played_from_row(row: Any) -> PlayedMatch:
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
        return json.loads(text)
    except ValueError:
        return None


def _match_from_row(row: Any, seats: tuple[Seat, ...]) -> Match:
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
