"""The PostgreSQL driver (``postgresql://``): one database shared by several bot processes.

It keeps the SQLite driver's contract and reuses its row helpers. What differs is how
processes sharing the database keep out of each other's way: a match is changed under a
session advisory lock (``match_lock``), a versioned write locks its row, a server's
ratings for a game are read and written under a transaction advisory lock, and due timers
are claimed with ``SKIP LOCKED``.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from bot import records
from bot.notify import Follower, NotifyPrefs
from bot.records import PlayedMatch, PlayerStats, Ranked, Rating
from bot.shards import ALL_SHARDS, Shards
from bot.store import (
    _MATCH_COLUMNS,
    TIMER_LEASE_SECONDS,
    ChannelTaken,
    Match,
    Seat,
    StaleVersion,
    StoreError,
    UndoRequest,
    _loads_or_none,
    _match_from_row,
    _played_from_row,
    copied_table,
    migrations,
    placed,
    with_record,
)

#: The first key of this driver's advisory locks, pg_advisory_lock(int, int): "RT" + a number.
_MIGRATING = 0x5254_0001
_MATCH = 0x5254_0002
_RATINGS = 0x5254_0003

#: Seconds to wait for a connection before telling the server is out of reach.
CONNECT_TIMEOUT = 10.0

#: A match's columns and its seats as one JSON list, so that one statement (one snapshot)
#: reads both; ``_match_from_row`` reads the first 21 columns.
_WITH_SEATS = (
    f"{_MATCH_COLUMNS}, (SELECT json_agg(json_build_array(s.seat, s.user_id, s.is_ai, "
    "s.expiries, s.place, s.won) ORDER BY s.seat) FROM seats s WHERE s.match_id = matches.id)"
)

_PLAYED = (
    "SELECT m.id, m.guild_id, m.channel_id, m.board_message_id, m.game, s.seat, s.place, s.won, "
    "(SELECT COUNT(*) FROM seats o WHERE o.match_id = m.id), m.result, m.started_at, m.ended_at "
    "FROM seats s JOIN matches m ON m.id = s.match_id "
    "WHERE s.user_id = $1 AND m.guild_id IS NOT DISTINCT FROM $2 AND m.status = 'finished' "
)

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
    return tuple(
        Seat(seat, user, bool(is_ai), expiries, place, bool(won))
        for seat, user, is_ai, expiries, place, won in json.loads(text or "[]")
    )


def _matches(rows: Sequence[Any]) -> list[Match]:
    """Matches read with ``_WITH_SEATS``."""
    return [_match_from_row(row, _seats(row[21])) for row in rows]


def _rating(mu: float, sigma: float, games: int) -> Rating:
    return Rating(float(mu), float(sigma), int(games))


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
                match = placed(await self._get(conn, match_id))
                await self._write_seats(conn, match_id, match.seats)
                await conn.execute(
                    "UPDATE matches SET ended_at = $1 WHERE id = $2", ended_at, match_id
                )
                await self._rate(conn, match, ended_at)

    async def close(self) -> None:
        for pool in (self._lock_pool, self._pool):
            if pool is not None:
                await pool.close()
        self._pool = self._lock_pool = None

    # ---------------------------------------------------------------- matches
    async def _select(self, conn: Any, sql: str, *args: Any) -> list[Match]:
        return _matches(await conn.fetch(sql, *args))

    async def _get(self, conn: Any, match_id: int) -> Match:
        (match,) = await self._select(
            conn, f"SELECT {_WITH_SEATS} FROM matches WHERE id = $1", match_id
        )
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
        await conn.execute("DELETE FROM seats WHERE match_id = $1", match_id)
        await conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id, is_ai, expiries, place, won) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7)",
            [
                (match_id, s.seat, s.user_id, int(s.is_ai), s.expiries, s.place, int(s.won))
                for s in seats
            ],
        )

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
                "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, seed, "
                "settings, version, created_at, updated_at) "
                "VALUES ($1, $2, $3, 'lobby', $4, $5, $6, 0, $7, $7) RETURNING id",
                guild_id,
                channel_id,
                game,
                creator_id,
                seed,
                json.dumps(settings),
                now,
            )
            await self._write_seats(conn, match_id, seats)
        return await self._get(self.pool, match_id)

    async def get(self, match_id: int) -> Match | None:
        matches = await self._select(
            self.pool, f"SELECT {_WITH_SEATS} FROM matches WHERE id = $1", match_id
        )
        return matches[0] if matches else None

    async def open_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches WHERE channel_id = $1 "
            "AND status IN ('lobby', 'active')",
            channel_id,
        )
        return matches[0] if matches else None

    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]:
        return await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches WHERE guild_id IS NOT DISTINCT FROM $1 "
            "AND status IN ('lobby', 'active') AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = $2 AND is_ai = 0) ORDER BY id",
            guild_id,
            user_id,
        )

    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches WHERE status = 'active' "
            f"AND {shards.sql_filter()} ORDER BY id",
        )

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
    async def _run_or_drop(conn: asyncpg.Connection, sql: str, *args: Any) -> None:
        """Lock or unlock; if that fails or is cancelled half-way, the lock's state is
        unknown: closing the session is what surely frees it."""
        try:
            await conn.execute(sql, *args)
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
                seat, text, by_ai = action
                await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, action, by_ai, at) "
                    "VALUES ($1, $2, $3, $4, $5, $6)",
                    match.id,
                    new_version,
                    seat,
                    text,
                    int(by_ai),
                    now,
                )
            if finishing:
                await self._rate(conn, match, now)
        return replace(match, version=new_version)

    @staticmethod
    async def _with_record(
        conn: asyncpg.Connection, match: Match, now: float
    ) -> tuple[Match, bool]:
        """``with_record`` over the stored row, locked until the transaction ends."""
        before = await conn.fetchrow(
            "SELECT status, started_at, ended_at FROM matches WHERE id = $1 FOR UPDATE",
            match.id,
        )
        if before is None:
            raise StaleVersion(f"match {match.id} does not exist")
        status, started, ended = before
        return with_record(match, status, started, ended, now)

    @staticmethod
    async def _write_match(
        conn: asyncpg.Connection, match: Match, expected_version: int, now: float
    ) -> None:
        written = await conn.execute(
            "UPDATE matches SET status = $1, state = $2, result = $3, settings = $4, "
            "version = $5, turn_started_at = $6, last_reminder_at = $7, timer_at = $8, "
            "updated_at = $9, started_at = $10, ended_at = $11 "
            "WHERE id = $12 AND version = $13",
            match.status,
            match.state,
            json.dumps(match.result) if match.result is not None else None,
            json.dumps(match.settings),
            expected_version + 1,
            match.turn_started_at,
            match.last_reminder_at,
            match.timer_at,
            now,
            match.started_at,
            match.ended_at,
            match.id,
            expected_version,
        )
        if written != "UPDATE 1":
            raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")

    async def _rate(self, conn: asyncpg.Connection, match: Match, now: float) -> None:
        """Rate a placed, finished match, unless it was rated already. Two matches of the
        same server and game finishing at once (in two processes) take turns, so the
        second rates its players from the ratings the first wrote."""
        if match.guild_id is None:
            return
        if await conn.fetchval("SELECT 1 FROM rating_history WHERE match_id = $1", match.id):
            return
        entries = records.rating_entries(match.seats)
        people = [user for user, _ in entries if user is not None]
        if not people:
            return
        guild, game = match.guild_id, match.game
        await conn.execute(
            "SELECT pg_advisory_xact_lock($1, $2)", _RATINGS, _ratings_key(guild, game)
        )
        rows = await conn.fetch(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = $1 AND game = $2 "
            "AND user_id = ANY($3::BIGINT[])",
            guild,
            game,
            people,
        )
        current = {int(user): _rating(mu, sigma, games) for user, mu, sigma, games in rows}
        rated = records.rate(entries, current)
        await conn.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, games, "
            "updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
            "ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, "
            "updated_at = excluded.updated_at",
            [
                (guild, game, user, r.mu, r.sigma, r.ordinal, r.games, now)
                for user, r in rated.items()
            ],
        )
        await conn.executemany(
            "INSERT INTO rating_history (match_id, user_id, guild_id, game, mu, sigma, "
            "ordinal, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            [
                (match.id, user, guild, game, r.mu, r.sigma, r.ordinal, now)
                for user, r in rated.items()
            ],
        )

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self.pool.execute(
            "UPDATE matches SET board_message_id = $1 WHERE id = $2", message_id, match_id
        )

    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        await self.pool.execute(
            "UPDATE matches SET board_message_id = $1, board_version = $2, board_acting = $3 "
            "WHERE id = $4 AND (board_version IS NULL OR board_version <= $2)",
            message_id,
            version,
            json.dumps(sorted(acting)),
            match_id,
        )

    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches "
            "WHERE (board_version IS NULL OR board_version < version) "
            f"AND status IN ('active', 'finished') AND {shards.sql_filter()} ORDER BY id",
        )

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
            channel_id,
        )
        return matches[0] if matches else None

    async def mark_reminded(self, match_id: int, now: float) -> None:
        await self.pool.execute(
            "UPDATE matches SET last_reminder_at = $1 WHERE id = $2", now, match_id
        )

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
        await self.pool.execute(
            "UPDATE matches SET timer_at = $1, timer_owner = NULL, timer_lease_until = NULL "
            "WHERE id = $2",
            at,
            match_id,
        )

    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        await self.pool.execute(
            "UPDATE matches SET status = 'frozen', frozen_reason = $1, updated_at = $2 "
            "WHERE id = $3",
            reason,
            now,
            match_id,
        )

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [
            (seq, seat, action) for seq, seat, action, _ in await self.timed_action_log(match_id)
        ]

    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        rows = await self.pool.fetch(
            "SELECT seq, seat, action, at FROM actions WHERE match_id = $1 ORDER BY seq",
            match_id,
        )
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
                "UPDATE matches SET state = $1, result = NULL, settings = $2, version = $3, "
                "turn_started_at = $4, last_reminder_at = $5, timer_at = $6, updated_at = $7 "
                "WHERE id = $8 AND version = $9 AND status = 'active'",
                match.state,
                json.dumps(match.settings),
                new_version,
                match.turn_started_at,
                match.last_reminder_at,
                match.timer_at,
                now,
                match.id,
                expected_version,
            )
            if written != "UPDATE 1":
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            await self._write_seats(conn, match.id, match.seats)
            await conn.execute(
                "DELETE FROM actions WHERE match_id = $1 AND seq = ANY($2::INTEGER[])",
                match.id,
                list(drop),
            )
            await conn.execute("DELETE FROM undo_requests WHERE match_id = $1", match.id)
        return replace(match, version=new_version, result=None)

    async def undo_request(self, match_id: int) -> UndoRequest | None:
        row = await self.pool.fetchrow(
            "SELECT user_id, seat, version, seq, asked_at, accepted FROM undo_requests "
            "WHERE match_id = $1",
            match_id,
        )
        if row is None:
            return None
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

    async def put_undo_request(self, request: UndoRequest) -> None:
        await self.pool.execute(
            "INSERT INTO undo_requests (match_id, user_id, seat, version, seq, asked_at, "
            "accepted) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (match_id) DO UPDATE "
            "SET user_id = excluded.user_id, seat = excluded.seat, version = excluded.version, "
            "seq = excluded.seq, asked_at = excluded.asked_at, accepted = excluded.accepted",
            request.match_id,
            request.user_id,
            request.seat,
            request.version,
            request.seq,
            request.asked_at,
            json.dumps(list(request.accepted)),
        )

    async def drop_undo_request(self, match_id: int) -> None:
        await self.pool.execute("DELETE FROM undo_requests WHERE match_id = $1", match_id)

    # ---------------------------------------------------------------- players' records
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        async with self.pool.acquire() as conn, _snapshot(conn):
            total = await conn.fetchval(
                "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id "
                "WHERE s.user_id = $1 AND m.guild_id IS NOT DISTINCT FROM $2 "
                "AND m.status = 'finished'",
                user_id,
                guild_id,
            )
            rows = await conn.fetch(
                _PLAYED + "ORDER BY m.ended_at DESC NULLS LAST, m.id DESC LIMIT $3 OFFSET $4",
                user_id,
                guild_id,
                max(0, limit),
                max(0, offset),
            )
        return [_played_from_row(row) for row in rows], int(total)

    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        async with self.pool.acquire() as conn, _snapshot(conn):
            rows = await conn.fetch(
                _PLAYED + "ORDER BY m.ended_at NULLS FIRST, m.id", user_id, guild_id
            )
            results = [_played_from_row(row) for row in rows]
            recent = [r for r in results if game is None or r.game == game]
            recent = recent[-records.MOVE_TIME_MATCHES :]
            move_seconds = await self._move_seconds(conn, [r.match_id for r in recent], user_id)
            ratings = {
                str(rated): _rating(mu, sigma, games)
                for rated, mu, sigma, games in await conn.fetch(
                    "SELECT game, mu, sigma, games FROM ratings "
                    "WHERE guild_id IS NOT DISTINCT FROM $1 AND user_id = $2",
                    guild_id,
                    user_id,
                )
            }
            history: dict[str, list[float]] = {}
            for rated in ratings:
                trend = await conn.fetch(
                    "SELECT ordinal FROM rating_history WHERE guild_id IS NOT DISTINCT FROM $1 "
                    "AND user_id = $2 AND game = $3 ORDER BY at DESC, match_id DESC LIMIT $4",
                    guild_id,
                    user_id,
                    rated,
                    records.TREND_MATCHES + 1,
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
        rows = await conn.fetch(
            "SELECT t.at - COALESCE(t.previous, m.started_at, m.created_at) FROM ("
            "  SELECT match_id, seat, by_ai, at, "
            "  LAG(at) OVER (PARTITION BY match_id ORDER BY seq) AS previous "
            "  FROM actions WHERE match_id = ANY($1::BIGINT[])"
            ") t JOIN matches m ON m.id = t.match_id "
            "JOIN seats s ON s.match_id = t.match_id AND s.seat = t.seat "
            "WHERE s.user_id = $2 AND t.by_ai = 0",
            match_ids,
            user_id,
        )
        return [max(0.0, float(row[0])) for row in rows]

    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        offset = max(0, offset)
        async with self.pool.acquire() as conn, _snapshot(conn):
            total = await conn.fetchval(
                "SELECT COUNT(*) FROM ratings WHERE guild_id IS NOT DISTINCT FROM $1 AND game = $2",
                guild_id,
                game,
            )
            rows = await conn.fetch(
                "SELECT user_id, mu, sigma, games FROM ratings "
                "WHERE guild_id IS NOT DISTINCT FROM $1 AND game = $2 "
                "ORDER BY ordinal DESC, user_id LIMIT $3 OFFSET $4",
                guild_id,
                game,
                max(0, limit),
                offset,
            )
        return [
            Ranked(offset + n + 1, int(user), _rating(mu, sigma, games))
            for n, (user, mu, sigma, games) in enumerate(rows)
        ], int(total)

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
        return Ranked(int(ahead) + 1, user_id, _rating(mu, sigma, games))

    # ---------------------------------------------------------------- notifications
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        people = sorted(set(user_ids))
        if not people:
            return {}
        rows = await self.pool.fetch(
            "SELECT user_id, pings, reminders, remind_after, away_since, away_until, "
            "dm_closed, locale FROM notify_settings WHERE user_id = ANY($1::BIGINT[])",
            people,
        )
        return {
            int(user): NotifyPrefs(
                int(user), str(pings), bool(reminders), after, since, until, bool(closed), locale
            )
            for user, pings, reminders, after, since, until, closed, locale in rows
        }

    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        await self.pool.execute(
            "INSERT INTO notify_settings (user_id, pings, reminders, remind_after, away_since, "
            "away_until, dm_closed, locale, updated_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
            "ON CONFLICT (user_id) DO UPDATE SET pings = excluded.pings, "
            "reminders = excluded.reminders, remind_after = excluded.remind_after, "
            "away_since = excluded.away_since, away_until = excluded.away_until, "
            "dm_closed = excluded.dm_closed, locale = excluded.locale, "
            "updated_at = excluded.updated_at",
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

    async def active_of_user(self, user_id: int) -> list[Match]:
        return await self._select(
            self.pool,
            f"SELECT {_WITH_SEATS} FROM matches WHERE status = 'active' AND id IN "
            "(SELECT match_id FROM seats WHERE user_id = $1 AND is_ai = 0) ORDER BY id",
            user_id,
        )

    async def follow(self, follower: Follower) -> None:
        await self.pool.execute(
            "INSERT INTO followers (match_id, user_id, every_turn, since, locale) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, user_id) DO UPDATE SET "
            "every_turn = excluded.every_turn, locale = excluded.locale",
            follower.match_id,
            follower.user_id,
            int(follower.every_turn),
            follower.since,
            follower.locale,
        )

    async def unfollow(self, match_id: int, user_id: int) -> bool:
        done = await self.pool.execute(
            "DELETE FROM followers WHERE match_id = $1 AND user_id = $2", match_id, user_id
        )
        return bool(done != "DELETE 0")

    async def followers(self, match_id: int) -> list[Follower]:
        rows = await self.pool.fetch(
            "SELECT user_id, every_turn, since, locale FROM followers WHERE match_id = $1 "
            "ORDER BY since, user_id",
            match_id,
        )
        return [
            Follower(match_id, int(user), bool(every), float(since), locale)
            for user, every, since, locale in rows
        ]

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
            if table == "matches":  # new matches are numbered after the copied ones
                await conn.execute(
                    "SELECT setval(pg_get_serial_sequence('matches', 'id'), "
                    "COALESCE(MAX(id), 0) + 1, false) FROM matches"
                )


@asynccontextmanager
async def _snapshot(conn: asyncpg.Connection) -> AsyncIterator[None]:
    """Several reads that must agree with each other (a count and its page)."""
    async with conn.transaction(isolation="repeatable_read", readonly=True):
        yield
