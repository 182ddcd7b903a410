"""The PostgreSQL driver (``postgresql://``): one database shared by several bot processes.

It keeps the SQLite driver's contract and reuses its row helpers. What differs is how
processes sharing the database keep out of each other's way: a match is changed under a
session advisory lock (``match_lock``), a versioned write locks its row, a server's
ratings for a game are read and written under a transaction advisory lock, and due timers
are claimed with ``SKIP LOCKED``.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import zlib
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot.store import jsonio, leagues, sql
from bot.store.contract import (
    TIMER_LEASE_SECONDS,
    ChannelTaken,
    Match,
    Seat,
    StaleVersion,
    StoreError,
    UndoRequest,
    copied_table,
    migrations,
)
from bot.store.leagues import LEAGUE_LEASE_SECONDS, League
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.ratings import (
    MOVE_TIME_MATCHES,
    TREND_MATCHES,
    PlayedMatch,
    PlayerStats,
    Ranked,
    rate,
    rating_entries,
)
from bot.store.shards import ALL_SHARDS, Shards

log = logging.getLogger(__name__)

#: The first key of this driver's advisory locks, pg_advisory_lock(int, int): "RT" + a number.
_MIGRATING = 0x5254_0001
#: How long ``close`` waits for connections in use before dropping them.
CLOSE_SECONDS = 10.0
_MATCH = 0x5254_0002
_RATINGS = 0x5254_0003

#: Seconds to wait for a connection before telling the server is out of reach.
CONNECT_TIMEOUT = 10.0

#: A match's columns and its seats as one JSON list, so that one statement (one snapshot)
#: reads both; ``sql.match_from_row`` reads the first 21 columns.
_WITH_SEATS = (
    f"{sql.MATCH_COLUMNS}, (SELECT json_agg(json_build_array(s.seat, s.user_id, s.is_ai, "
    "s.expiries, s.place, s.won) ORDER BY s.seat) FROM seats s WHERE s.match_id = matches.id)"
)

#: The person's finished matches (user id, server id), as ``sql.played_from_row`` reads them.
_PLAYED = (
    sql.PLAYED_COLUMNS
    + "FROM seats s JOIN matches m ON m.id = s.match_id "
    + sql.FINISHED_OF_PLAYER
)

#: PostgreSQL's condition on a list of ids (one array value), for the shared statements.
_ANY_ID = "= ANY(?::BIGINT[])"

#: How a value read from SQLite becomes one PostgreSQL's binary COPY accepts, per column type.
_COERCIONS: dict[str, Callable[[Any], Any]] = {
    "bigint": int,
    "integer": int,
    "smallint": int,
    "double precision": float,
    "text": str,
}

_UNREACHABLE = (OSError, asyncio.TimeoutError)
_OPEN_FAILURES = (*_UNREACHABLE, asyncpg.PostgresError, asyncpg.InterfaceError)


_PLACEHOLDER = re.compile(r"\bIS \?|\?")


@functools.cache
def numbered(statement: str) -> str:
    """A statement written for SQLite (``bot.store.sql``) in PostgreSQL's terms: each ``?``
    becomes ``$1``, ``$2``, … in order, and ``IS ?`` (which matches NULL to NULL) becomes
    ``IS NOT DISTINCT FROM $n``. Our SQL has no ``?`` inside a string literal: one there
    is refused (``ValueError``) rather than numbered."""
    count = 0

    def number(found: re.Match[str]) -> str:
        nonlocal count
        if statement.count("'", 0, found.start()) % 2:
            raise ValueError(f"a '?' inside a string literal: {statement!r}")
        count += 1
        return f"IS NOT DISTINCT FROM ${count}" if found[0] != "?" else f"${count}"

    return _PLACEHOLDER.sub(number, statement)


def _int4(number: int) -> int:
    """``number`` folded into PostgreSQL's ``integer`` (an advisory lock key): a collision
    only makes two matches wait for each other."""
    return (number + 2**31) % 2**32 - 2**31


def _ratings_key(guild_id: int, game: str) -> int:
    return _int4(zlib.crc32(f"{guild_id}:{game}".encode()))


def describe(dsn: str) -> str:
    """Where a database is, without its password: ``host:port/name``."""
    parts = urlsplit(dsn)
    return f"{parts.netloc.rpartition('@')[2] or 'localhost'}{parts.path or '/'}"


def _seats(text: str | None) -> tuple[Seat, ...]:
    return tuple(sql.seat_from_row(*seat) for seat in jsonio.loads(text or "[]"))


def _matches_sql(where: str) -> str:
    """``bot.store.matches_sql`` reading ``_WITH_SEATS``, numbered."""
    return numbered(sql.matches_sql(_WITH_SEATS, where))


def _matches(rows: Sequence[Any]) -> list[Match]:
    """Matches read with ``_WITH_SEATS``."""
    return [sql.match_from_row(row, _seats(row[21])) for row in rows]


@contextmanager
def _one_open_match_per_channel() -> Iterator[None]:
    try:
        yield
    except asyncpg.UniqueViolationError as error:
        if error.constraint_name != "one_open_match_per_channel":
            raise
        raise ChannelTaken(error.detail or str(error)) from error


class PostgresStore:
    """Matches in a PostgreSQL database, through two pools of connections: one for the
    queries, one whose connections only hold match locks (so that lock holders never take
    every connection the queries need)."""

    def __init__(
        self, dsn: str, *, min_size: int = 2, max_size: int = 10, lock_connections: int = 8
    ) -> None:
        self.dsn = dsn
        self._sizes = (min_size, max_size)
        self._lock_connections = lock_connections
        self._pool: asyncpg.Pool | None = None
        self._lock_pool: asyncpg.Pool | None = None

    @classmethod
    def from_url(cls, database_url: str) -> PostgresStore:
        if not database_url.startswith(("postgresql://", "postgres://")):
            raise StoreError(
                f"DATABASE_URL {describe(database_url)!r} is not a PostgreSQL URL: use "
                "postgresql://user:password@host:port/database"
            )
        return cls(database_url)

    @property
    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("The store is not open")
        return self._pool

    # ---------------------------------------------------------------- opening
    async def open(self) -> None:
        """Connect, check and migrate the database; ``StoreError`` says what is wrong and
        what to do, in one sentence."""
        try:
            await self._open()
        except _OPEN_FAILURES as error:
            await self.close()
            raise StoreError(self._explain(error)) from error
        except BaseException:
            await self.close()
            raise

    async def _open(self) -> None:
        min_size, max_size = self._sizes
        try:
            self._pool = await asyncpg.create_pool(
                self.dsn, min_size=min_size, max_size=max_size, timeout=CONNECT_TIMEOUT
            )
            self._lock_pool = await asyncpg.create_pool(
                self.dsn, min_size=1, max_size=self._lock_connections, timeout=CONNECT_TIMEOUT
            )
        except ValueError as error:  # asyncpg could not read the URL
            raise StoreError(
                f"DATABASE_URL is not understood ({error}): use "
                "postgresql://user:password@host:port/database"
            ) from error
        async with self.pool.acquire() as conn:
            await self._refuse_read_only(conn)
            await self._migrate(conn)
        await self._record_unrecorded_finishes()

    def _explain(self, error: BaseException) -> str:
        where = describe(self.dsn)
        if isinstance(error, asyncpg.InvalidCatalogNameError):
            return (
                f"The PostgreSQL database {where} does not exist: create it "
                "(createdb) or correct DATABASE_URL"
            )
        if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
            return (
                f"The PostgreSQL server refused the bot's login to {where} ({error}): correct "
                "the user and password in DATABASE_URL"
            )
        if isinstance(error, asyncpg.InsufficientPrivilegeError):
            return (
                f"The bot's user may not change the PostgreSQL database {where} ({error}): "
                "grant it the right to create and write tables there"
            )
        if isinstance(error, _UNREACHABLE):
            reason = str(error) or "no answer"
            return (
                f"Cannot reach the PostgreSQL server for {where} ({reason}): check that it runs "
                "and that DATABASE_URL names its host and port"
            )
        return f"The PostgreSQL database {where} cannot be used ({error})"

    async def _refuse_read_only(self, conn: asyncpg.Connection) -> None:
        if await conn.fetchval("SHOW transaction_read_only") == "on":
            raise StoreError(
                f"The PostgreSQL database {describe(self.dsn)} is read-only (a standby "
                "server?): the bot must write to it; point DATABASE_URL at the primary server"
            )

    async def _migrate(self, conn: asyncpg.Connection) -> None:
        """Apply the migrations this database lacks, each in its own transaction; two
        processes starting at once take turns (the second finds nothing left to do)."""
        shipped = migrations("postgresql")
        known = max((number for number, _ in shipped), default=0)
        await conn.execute("SELECT pg_advisory_lock($1, 0)", _MIGRATING)
        try:
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, "
                "single BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (single)); "
                "INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING"
            )
            found = await self.schema_version(conn)
            if found > known:
                raise StoreError(
                    f"The database {describe(self.dsn)} was written by a newer Rush Table "
                    f"(schema {found}, this version knows {known}): run the newer version or "
                    "restore a backup"
                )
            for number, script in shipped:
                if number > found:
                    async with conn.transaction():
                        await conn.execute(script)
                        await conn.execute("UPDATE schema_version SET version = $1", number)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1, 0)", _MIGRATING)

    async def schema_version(self, conn: asyncpg.Connection | None = None) -> int:
        found = await (conn or self.pool).fetchval("SELECT version FROM schema_version")
        return int(found or 0)

    async def _record_unrecorded_finishes(self) -> None:
        """Finished matches whose finish was never recorded (copied from a database older
        than the records) are recorded now, in the order they ended, as SQLite does."""
        async with self._transaction() as conn:
            pending = await conn.fetch(
                "SELECT id, updated_at FROM matches WHERE status = 'finished' "
                "AND ended_at IS NULL ORDER BY updated_at, id FOR UPDATE"
            )
            for match_id, ended_at in pending:
                match = sql.placed(await self._get(conn, match_id))
                await self._write_seats(conn, match_id, match.seats)
                await conn.execute(numbered(sql.SET_ENDED), ended_at, match_id)
                await self._rate(conn, match, ended_at)

    async def close(self) -> None:
        """Close both pools; connections still in use after ``CLOSE_SECONDS`` (a query a
        cancelled task left running) are dropped, so closing never hangs."""
        for pool in (self._lock_pool, self._pool):
            if pool is None:
                continue
            try:
                await asyncio.wait_for(pool.close(), CLOSE_SECONDS)
            except TimeoutError:
                log.warning("PostgreSQL connections still in use at close: dropped")
                pool.terminate()
        self._pool = self._lock_pool = None

    # ---------------------------------------------------------------- matches
    async def _select(self, conn: Any, statement: str, *args: Any) -> list[Match]:
        return _matches(await conn.fetch(statement, *args))

    async def _get(self, conn: Any, match_id: int) -> Match:
        (match,) = await self._select(conn, _matches_sql(sql.MATCH_BY_ID), match_id)
        return match

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection in a transaction; a second open match in a channel is
        ``ChannelTaken``."""
        async with self.pool.acquire() as conn:
            with _one_open_match_per_channel():
                async with conn.transaction():
                    yield conn

    async def _write_seats(
        self, conn: asyncpg.Connection, match_id: int, seats: Sequence[Seat]
    ) -> None:
        await conn.execute(numbered(sql.DELETE_SEATS), match_id)
        await conn.executemany(numbered(sql.INSERT_SEAT), sql.seat_rows(match_id, seats))

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
        async with self._transaction() as conn:
            match_id = await conn.fetchval(
                numbered(sql.INSERT_MATCH + " RETURNING id"),
                *sql.new_match_params(guild_id, channel_id, game, creator_id, seed, settings, now),
            )
            await self._write_seats(conn, match_id, seats)
        return await self._get(self.pool, match_id)

    async def get(self, match_id: int) -> Match | None:
        matches = await self._select(self.pool, _matches_sql(sql.MATCH_BY_ID), match_id)
        return matches[0] if matches else None

    async def open_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(self.pool, _matches_sql(sql.OPEN_IN_CHANNEL), channel_id)
        return matches[0] if matches else None

    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]:
        return await self._select(self.pool, _matches_sql(sql.OPEN_OF_USER), guild_id, user_id)

    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(self.pool, _matches_sql(sql.active_where(shards)))

    @asynccontextmanager
    async def match_lock(self, match_id: int) -> AsyncIterator[None]:
        """A session advisory lock on the match, on a connection of the lock pool: the
        server frees it if this process dies."""
        if self._lock_pool is None:
            raise StoreError("The store is not open")
        key = (_MATCH, _int4(match_id))
        async with self._lock_pool.acquire() as conn:
            await self._run_or_drop(conn, "SELECT pg_advisory_lock($1, $2)", *key)
            try:
                yield
            finally:
                await self._run_or_drop(conn, "SELECT pg_advisory_unlock($1, $2)", *key)

    @staticmethod
    async def _run_or_drop(conn: asyncpg.Connection, statement: str, *args: Any) -> None:
        """Lock or unlock; if that fails or is cancelled half-way, the lock's state is
        unknown: closing the session is what surely frees it."""
        try:
            await conn.execute(statement, *args)
        except BaseException:
            conn.terminate()
            raise

    async def update(
        self,
        match: Match,
        *,
        expected_version: int,
        action: tuple[int, str, bool] | None = None,
        now: float,
    ) -> Match:
        new_version = expected_version + 1
        async with self._transaction() as conn:
            match, finishing = await self._with_record(conn, match, now)
            await self._write_match(conn, match, expected_version, now)
            await self._write_seats(conn, match.id, match.seats)
            if action is not None:
                await conn.execute(
                    numbered(sql.INSERT_ACTION), *sql.action_row(match.id, new_version, action, now)
                )
            if finishing:
                await self._rate(conn, match, now)
        return replace(match, version=new_version)

    @staticmethod
    async def _with_record(
        conn: asyncpg.Connection, match: Match, now: float
    ) -> tuple[Match, bool]:
        """``sql.with_record`` over the stored row, locked until the transaction ends."""
        before = await conn.fetchrow(numbered(sql.MATCH_BEFORE_WRITE + " FOR UPDATE"), match.id)
        if before is None:
            raise StaleVersion(f"match {match.id} does not exist")
        status, started, ended = before
        return sql.with_record(match, status, started, ended, now)

    @staticmethod
    async def _write_match(
        conn: asyncpg.Connection, match: Match, expected_version: int, now: float
    ) -> None:
        written = await conn.execute(
            numbered(sql.UPDATE_MATCH), *sql.update_params(match, expected_version, now)
        )
        if written != "UPDATE 1":
            raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")

    async def _rate(self, conn: asyncpg.Connection, match: Match, now: float) -> None:
        """Rate a sql.placed, finished match, unless it was rated already. Two matches of the
        same server and game finishing at once (in two processes) take turns, so the
        second rates its players from the ratings the first wrote."""
        if match.guild_id is None:
            return
        if await conn.fetchval(numbered(sql.RATED_ALREADY), match.id):
            return
        entries = rating_entries(match.seats, match.result, match.settings)
        people = [user for user, _ in entries if user is not None]
        if not people:
            return
        guild, game = match.guild_id, match.game
        await conn.execute(
            "SELECT pg_advisory_xact_lock($1, $2)", _RATINGS, _ratings_key(guild, game)
        )
        rows = await conn.fetch(numbered(sql.ratings_of_sql(_ANY_ID)), guild, game, people)
        current = {
            int(user): sql.rating_from_row(mu, sigma, games) for user, mu, sigma, games in rows
        }
        rated = rate(entries, current)
        await conn.executemany(
            numbered(sql.UPSERT_RATING),
            [sql.rating_row(match, u, r, now) for u, r in rated.items()],
        )
        await conn.executemany(
            numbered(sql.INSERT_RATING_HISTORY),
            [sql.rating_history_row(match, u, r, now) for u, r in rated.items()],
        )

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self.pool.execute(numbered(sql.SET_BOARD_MESSAGE), message_id, match_id)

    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        await self.pool.execute(
            numbered(sql.SET_BOARD),
            message_id,
            version,
            jsonio.dumps(sorted(acting)),
            match_id,
            version,
        )

    async def stale_lobbies(self, before: float, shards: Shards = ALL_SHARDS) -> list[Match]:
        statement = _matches_sql(sql.stale_lobbies_where(shards))
        return await self._select(self.pool, statement, before)

    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(self.pool, _matches_sql(sql.lagging_where(shards)))

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(self.pool, _matches_sql(sql.LATEST_IN_CHANNEL), channel_id)
        return matches[0] if matches else None

    async def mark_reminded(self, match_id: int, now: float) -> None:
        await self.pool.execute(numbered(sql.MARK_REMINDED), now, match_id)

    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        # SKIP LOCKED: a timer another process is claiming right now is its, not a wait.
        claimed = await self._select(
            self.pool,
            "UPDATE matches SET timer_owner = $1, timer_lease_until = $2 WHERE id IN ("
            "SELECT id FROM matches WHERE status = 'active' AND timer_at IS NOT NULL "
            "AND timer_at <= $3 AND (timer_lease_until IS NULL OR timer_lease_until <= $3) "
            f"AND {shards.sql_filter()} ORDER BY timer_at FOR UPDATE SKIP LOCKED) "
            f"RETURNING {_WITH_SEATS}",
            owner,
            now + lease,
            now,
        )
        return sorted(claimed, key=lambda match: (match.timer_at or 0.0, match.id))

    async def set_timer(self, match_id: int, at: float | None) -> None:
        await self.pool.execute(numbered(sql.SET_TIMER), at, match_id)

    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        await self.pool.execute(numbered(sql.FREEZE), reason, now, match_id)

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [
            (seq, seat, action) for seq, seat, action, _ in await self.timed_action_log(match_id)
        ]

    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        rows = await self.pool.fetch(numbered(sql.ACTION_LOG), match_id)
        return [(int(seq), int(seat), str(action), float(at)) for seq, seat, action, at in rows]

    # ---------------------------------------------------------------- undo requests
    async def rewind(
        self, match: Match, *, expected_version: int, drop: Sequence[int], now: float
    ) -> Match:
        if match.status != "active":
            raise StoreError(f"match {match.id}: only an active match is rewound")
        new_version = expected_version + 1
        async with self._transaction() as conn:
            written = await conn.execute(
                numbered(sql.REWIND_MATCH), *sql.rewind_params(match, expected_version, now)
            )
            if written != "UPDATE 1":
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            await self._write_seats(conn, match.id, match.seats)
            await conn.execute(
                "DELETE FROM actions WHERE match_id = $1 AND seq = ANY($2::INTEGER[])",
                match.id,
                list(drop),
            )
            await conn.execute(numbered(sql.DROP_UNDO_REQUEST), match.id)
        return replace(match, version=new_version, result=None)

    async def undo_request(self, match_id: int) -> UndoRequest | None:
        row = await self.pool.fetchrow(numbered(sql.UNDO_REQUEST), match_id)
        return None if row is None else sql.undo_request_from_row(match_id, row)

    async def put_undo_request(self, request: UndoRequest) -> None:
        await self.pool.execute(numbered(sql.PUT_UNDO_REQUEST), *sql.undo_request_params(request))

    async def drop_undo_request(self, match_id: int) -> None:
        await self.pool.execute(numbered(sql.DROP_UNDO_REQUEST), match_id)

    # ---------------------------------------------------------------- players' records
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        async with self.pool.acquire() as conn, _snapshot(conn):
            total = await conn.fetchval(numbered(sql.COUNT_FINISHED), user_id, guild_id)
            rows = await conn.fetch(
                numbered(
                    _PLAYED + "ORDER BY m.ended_at DESC NULLS LAST, m.id DESC LIMIT ? OFFSET ?"
                ),
                user_id,
                guild_id,
                max(0, limit),
                max(0, offset),
            )
        return [sql.played_from_row(row) for row in rows], int(total)

    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        async with self.pool.acquire() as conn, _snapshot(conn):
            rows = await conn.fetch(
                numbered(_PLAYED + "ORDER BY m.ended_at NULLS FIRST, m.id"), user_id, guild_id
            )
            results = [sql.played_from_row(row) for row in rows]
            recent = [r for r in results if game is None or r.game == game]
            recent = recent[-MOVE_TIME_MATCHES:]
            move_seconds = await self._move_seconds(conn, [r.match_id for r in recent], user_id)
            ratings = {
                str(rated): sql.rating_from_row(mu, sigma, games)
                for rated, mu, sigma, games in await conn.fetch(
                    numbered(sql.PLAYER_RATINGS), guild_id, user_id
                )
            }
            history: dict[str, list[float]] = {}
            for rated in ratings:
                trend = await conn.fetch(
                    numbered(sql.RATING_TREND),
                    guild_id,
                    user_id,
                    rated,
                    TREND_MATCHES + 1,
                )
                history[rated] = [float(row[0]) for row in trend][::-1]
        return PlayerStats(results, move_seconds, ratings, history)

    @staticmethod
    async def _move_seconds(
        conn: asyncpg.Connection, match_ids: list[int], user_id: int
    ) -> list[float]:
        """How long the person took for each of their moves in these matches."""
        if not match_ids:
            return []
        rows = await conn.fetch(numbered(sql.move_seconds_sql(_ANY_ID)), match_ids, user_id)
        return [max(0.0, float(row[0])) for row in rows]

    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        offset = max(0, offset)
        async with self.pool.acquire() as conn, _snapshot(conn):
            total = await conn.fetchval(numbered(sql.COUNT_RATED), guild_id, game)
            rows = await conn.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings "
                "WHERE guild_id IS NOT DISTINCT FROM $1 AND game = $2 "
                "ORDER BY ordinal DESC, user_id LIMIT $3 OFFSET $4",
                guild_id,
                game,
                max(0, limit),
                offset,
            )
        return sql.ranked_page(offset, rows), int(total)

    async def rank_of(self, guild_id: int | None, game: str, user_id: int) -> Ranked | None:
        row = await self.pool.fetchrow(
            "SELECT r.mu, r.sigma, r.games, (SELECT COUNT(*) FROM ratings o "
            "  WHERE o.guild_id = r.guild_id AND o.game = r.game AND (o.ordinal > r.ordinal "
            "  OR (o.ordinal = r.ordinal AND o.user_id < r.user_id))) "
            "FROM ratings r WHERE r.guild_id IS NOT DISTINCT FROM $1 AND r.game = $2 "
            "AND r.user_id = $3",
            guild_id,
            game,
            user_id,
        )
        if row is None:
            return None
        mu, sigma, games, ahead = row
        return Ranked(int(ahead) + 1, user_id, sql.rating_from_row(mu, sigma, games))

    # ---------------------------------------------------------------- notifications
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        people = sorted(set(user_ids))
        if not people:
            return {}
        rows = await self.pool.fetch(numbered(sql.notify_prefs_sql(_ANY_ID)), people)
        return sql.notify_prefs_from_rows(rows)

    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        await self.pool.execute(
            numbered(sql.SET_NOTIFY_PREFS), *sql.notify_prefs_params(prefs, now)
        )

    async def active_of_user(self, user_id: int) -> list[Match]:
        return await self._select(self.pool, _matches_sql(sql.ACTIVE_OF_USER), user_id)

    async def follow(self, follower: Follower) -> None:
        await self.pool.execute(numbered(sql.FOLLOW), *sql.follower_params(follower))

    async def unfollow(self, match_id: int, user_id: int) -> bool:
        done = await self.pool.execute(numbered(sql.UNFOLLOW), match_id, user_id)
        return bool(done != "DELETE 0")

    async def followers(self, match_id: int) -> list[Follower]:
        rows = await self.pool.fetch(numbered(sql.FOLLOWERS), match_id)
        return sql.followers_from_rows(match_id, rows)

    async def hand_messages(self, match_id: int) -> list[HandMessage]:
        rows = await self.pool.fetch(numbered(sql.HAND_MESSAGES), match_id)
        return sql.hand_messages_from_rows(match_id, rows)

    async def set_hand_message(self, hand: HandMessage) -> None:
        await self.pool.execute(numbered(sql.SET_HAND_MESSAGE), *sql.hand_message_params(hand))

    async def drop_hand_message(self, match_id: int, user_id: int) -> None:
        await self.pool.execute(numbered(sql.DROP_HAND_MESSAGE), match_id, user_id)

    async def set_undo_message(self, match_id: int, message_id: int, channel_id: int) -> None:
        await self.pool.execute(numbered(sql.SET_UNDO_MESSAGE), match_id, message_id, channel_id)

    async def undo_messages(self, shards: Shards = ALL_SHARDS) -> list[tuple[int, int, int]]:
        rows = await self.pool.fetch(numbered(sql.undo_messages_sql(shards)))
        return sql.undo_messages_from_rows(rows)

    async def drop_undo_message(self, match_id: int, message_id: int) -> None:
        await self.pool.execute(numbered(sql.DROP_UNDO_MESSAGE), match_id, message_id)

    # ---------------------------------------------------------------- leagues
    async def create_league(self, league: League, now: float) -> League:
        async with self._transaction() as conn:
            league_id = await conn.fetchval(
                numbered(leagues.INSERT_LEAGUE + " RETURNING id"),
                *leagues.insert_params(league, now),
            )
            league = replace(league, id=int(league_id), version=0)
            await self._write_league_rows(conn, league)
        return league

    async def get_league(self, league_id: int) -> League | None:
        found = await self._leagues(self.pool, leagues.LEAGUE_BY_ID, league_id)
        return found[0] if found else None

    async def update_league(
        self, league: League, *, expected_version: int, now: float, release: bool = False
    ) -> League:
        statement = leagues.UPDATE_LEAGUE_RELEASED if release else leagues.UPDATE_LEAGUE
        async with self._transaction() as conn:
            written = await conn.execute(
                numbered(statement), *leagues.update_params(league, expected_version, now)
            )
            if written != "UPDATE 1":
                raise StaleVersion(f"league {league.id} is no longer at {expected_version}")
            await self._write_league_rows(conn, league)
        return replace(league, version=expected_version + 1)

    async def leagues_of_guild(self, guild_id: int) -> list[League]:
        return await self._leagues(self.pool, leagues.LEAGUES_OF_GUILD, guild_id)

    async def league_of_match(self, match_id: int) -> League | None:
        found = await self._leagues(self.pool, leagues.LEAGUE_OF_MATCH, match_id)
        return found[0] if found else None

    async def leagues_of_player(self, guild_id: int, user_id: int) -> list[League]:
        return await self._leagues(self.pool, leagues.LEAGUES_OF_PLAYER, guild_id, user_id)

    async def due_leagues(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = LEAGUE_LEASE_SECONDS,
    ) -> list[League]:
        # SKIP LOCKED: a league another process is claiming right now is its, not a wait.
        async with self._transaction() as conn:
            ids = await conn.fetch(
                "UPDATE leagues SET lease_owner = $1, lease_until = $2 WHERE id IN ("
                "SELECT id FROM leagues WHERE next_at IS NOT NULL AND next_at <= $3 "
                "AND (lease_until IS NULL OR lease_until <= $3) "
                f"AND {shards.sql_filter()} FOR UPDATE SKIP LOCKED) RETURNING id",
                owner,
                now + lease,
                now,
            )
        found = await self._leagues(
            self.pool,
            f"SELECT {leagues.LEAGUE_COLUMNS} FROM leagues WHERE id = ANY(?)",
            [int(row[0]) for row in ids],
        )
        return sorted(found, key=lambda league: (league.next_at or 0.0, league.id))

    @staticmethod
    async def _write_league_rows(conn: asyncpg.Connection, league: League) -> None:
        await conn.execute(numbered(leagues.DELETE_ENTRANTS), league.id)
        await conn.execute(numbered(leagues.DELETE_GAMES), league.id)
        await conn.executemany(
            numbered(leagues.INSERT_ENTRANT), leagues.entrant_rows(league.id, league.entrants)
        )
        await conn.executemany(
            numbered(leagues.INSERT_GAME), leagues.game_rows(league.id, league.games)
        )

    async def _leagues(self, conn: Any, statement: str, *args: Any) -> list[League]:
        rows = await conn.fetch(numbered(statement), *args)
        if not rows:
            return []
        ids = [int(row[0]) for row in rows]
        entrant_rows = await conn.fetch(numbered(leagues.entrants_sql("= ANY(?)")), ids)
        game_rows = await conn.fetch(numbered(leagues.games_sql("= ANY(?)")), ids)
        return leagues.leagues_from_rows(rows, entrant_rows, game_rows)

    # ---------------------------------------------------------------- copying a database
    async def export_rows(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Every row of one of ``COPIED_TABLES``, in primary key order, and its columns."""
        async with self.pool.acquire() as conn:
            key = await conn.fetchval(
                "SELECT string_agg(quote_ident(a.attname), ', ' "
                "  ORDER BY array_position(i.indkey::SMALLINT[], a.attnum)) "
                "FROM pg_index i JOIN pg_attribute a "
                "  ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) "
                "WHERE i.indrelid = $1::REGCLASS AND i.indisprimary",
                copied_table(table),
            )
            query = await conn.prepare(f"SELECT * FROM {table} ORDER BY {key}")
            columns = [attribute.name for attribute in query.get_attributes()]
            return columns, [tuple(row) for row in await query.fetch()]

    async def import_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]
    ) -> None:
        """Add rows (ids included) to one of ``COPIED_TABLES``, in one transaction; each
        value becomes its column's type (SQLite gives back what it was given)."""
        async with self._transaction() as conn:
            types = dict(
                await conn.fetch(
                    "SELECT column_name, data_type FROM information_schema.columns "
                    "WHERE table_schema = current_schema() AND table_name = $1",
                    copied_table(table),
                )
            )
            unknown = [name for name in columns if name not in types]
            if unknown:
                raise StoreError(f"The table {table} has no column {', '.join(unknown)}")
            coercions = [_COERCIONS[types[name]] for name in columns]
            await conn.copy_records_to_table(
                table,
                columns=list(columns),
                records=[
                    tuple(
                        None if v is None else to(v) for to, v in zip(coercions, row, strict=True)
                    )
                    for row in rows
                ],
            )
            if table in ("matches", "leagues"):  # new ones numbered after the copied ones
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE(MAX(id), 0) + 1, false) FROM {table}"
                )


@asynccontextmanager
async def _snapshot(conn: asyncpg.Connection) -> AsyncIterator[None]:
    """Several reads that must agree with each other (a count and its page)."""
    async with conn.transaction(isolation="repeatable_read", readonly=True):
        yield
