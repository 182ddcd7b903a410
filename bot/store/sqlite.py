"""The default storage driver: one SQLite file (aiosqlite, WAL), ``sqlite:///path.db``.

Every change to a match is one transaction guarded by the match's ``version``; one
connection serves every match and serialises the calls (``_serialised``). The statements
this driver shares with the PostgreSQL driver are written once in ``bot.store.sql``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar
from urllib.parse import urlparse

import aiosqlite

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
from bot.store.faults import storage_trouble
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


#: Below this much free space, the disk holding a database counts as full.
NEARLY_FULL_BYTES = 1024 * 1024


def _nearly_full(path: str) -> bool:
    """Whether the disk holding ``path`` (or the nearest folder that exists) is full."""
    import shutil

    folder = Path(path).resolve().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        return shutil.disk_usage(folder).free < NEARLY_FULL_BYTES
    except OSError:
        return False


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


@dataclass(frozen=True)
class _Done:
    rowcount: int
    lastrowid: int | None


_P = ParamSpec("_P")
_R = TypeVar("_R")


class _HasId(Protocol):
    @property
    def id(self) -> int: ...


Claimed = TypeVar("Claimed", bound=_HasId)


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
        trouble = storage_trouble(error)
        if trouble == "io" and _nearly_full(self.path):
            trouble = "full"  # an existing database on a full disk reports an I/O error
        if trouble == "full":
            return (
                f"The disk holding the database {self.path} is full: free some space on it "
                "(or move the database to a bigger disk), then start the bot again"
            )
        if trouble == "io":
            return (
                f"The database {self.path} could not be read or written (disk I/O error): "
                "check the disk's free space and health, then start the bot again"
            )
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

    async def _run(
        self,
        work: Callable[Concatenate[sqlite3.Connection, _P], _R],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> _R:
        """``work(connection, *args)`` run on aiosqlite's thread in one trip: a click's
        reads and its write transaction each cost one hand-over between the event loop and
        that thread instead of one a statement, a fetch and a cursor's close (about 40 a
        click before). aiosqlite has no public call for it: ``_execute`` queues a function
        on its thread, ``_conn`` is its ``sqlite3`` connection."""
        db = self.db
        result: _R = await db._execute(work, db._conn, *args, **kwargs)  # type: ignore[no-untyped-call]
        return result

    async def _exec(self, statement: str, params: Sequence[Any] = ()) -> _Done:
        """Run one statement to completion (an unclosed cursor would block COMMIT)."""
        cursor = await self.db.execute(statement, params)
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
        than the records, schema 4) are recorded now, in the order they ended: sql.placed,
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
                (match,) = await self._select(
                    sql.matches_sql(sql.MATCH_COLUMNS, sql.MATCH_BY_ID), (match_id,)
                )
                match = sql.placed(match)
                await self._write_seats(match_id, match.seats)
                await self._exec(sql.SET_ENDED, (ended_at, match_id))
                await self._rate(match, ended_at)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise

    async def _rate(self, match: Match, now: float) -> None:
        """Rate a sql.placed, finished match, unless it was rated already
        (``_rate_match``)."""
        await self._run(_rate_match, match, now)

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
                sql.INSERT_MATCH,
                sql.new_match_params(guild_id, channel_id, game, creator_id, seed, settings, now),
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
        (match,) = await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.MATCH_BY_ID), (match_id,)
        )
        return match

    async def _write_seats(self, match_id: int, seats: Sequence[Seat]) -> None:
        await self._run(_replace_seats, match_id, seats)

    @_serialised
    async def get(self, match_id: int) -> Match | None:
        matches = await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.MATCH_BY_ID), (match_id,)
        )
        return matches[0] if matches else None

    @_serialised
    async def open_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.OPEN_IN_CHANNEL), (channel_id,)
        )
        return matches[0] if matches else None

    @_serialised
    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]:
        return await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.OPEN_OF_USER), (guild_id, user_id)
        )

    @_serialised
    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(sql.matches_sql(sql.MATCH_COLUMNS, sql.active_where(shards)), ())

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
        return await self._run(_write_match, match, expected_version, action, now)

    @_serialised
    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        await self._exec(sql.SET_BOARD_MESSAGE, (message_id, match_id))

    @_serialised
    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        await self._exec(
            sql.SET_BOARD, (message_id, version, jsonio.dumps(sorted(acting)), match_id, version)
        )

    @_serialised
    async def stale_lobbies(self, before: float, shards: Shards = ALL_SHARDS) -> list[Match]:
        statement = sql.matches_sql(sql.MATCH_COLUMNS, sql.stale_lobbies_where(shards))
        return await self._select(statement, (before,))

    @_serialised
    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return await self._select(sql.matches_sql(sql.MATCH_COLUMNS, sql.lagging_where(shards)), ())

    @_serialised
    async def latest_in_channel(self, channel_id: int) -> Match | None:
        matches = await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.LATEST_IN_CHANNEL), (channel_id,)
        )
        return matches[0] if matches else None

    @_serialised
    async def mark_reminded(self, match_id: int, now: float) -> None:
        await self._exec(sql.MARK_REMINDED, (now, match_id))

    @_serialised
    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        return await self._claim(
            self._select(
                f"SELECT {sql.MATCH_COLUMNS} FROM matches INDEXED BY matches_by_timer "
                "WHERE status = 'active' AND timer_at IS NOT NULL AND timer_at <= ? "
                "AND (timer_lease_until IS NULL OR timer_lease_until <= ?) "
                f"AND {shards.sql_filter()} ORDER BY timer_at",
                (now, now),
            ),
            "UPDATE matches SET timer_owner = ?, timer_lease_until = ? WHERE id = ?",
            owner,
            now + lease,
        )

    async def _claim(
        self, due: Awaitable[list[Claimed]], lease_sql: str, owner: str, until: float
    ) -> list[Claimed]:
        """The rows ``due`` reads, leased to ``owner`` until ``until`` (``lease_sql``: owner,
        until, id) in the same write transaction, so that one process only claims each."""
        await self._exec("BEGIN IMMEDIATE")
        try:
            found = await due
            done = await self.db.executemany(lease_sql, [(owner, until, r.id) for r in found])
            await done.close()
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return found

    @_serialised
    async def set_timer(self, match_id: int, at: float | None) -> None:
        await self._exec(sql.SET_TIMER, (at, match_id))

    @_serialised
    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        await self._exec(sql.FREEZE, (reason, now, match_id))

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [
            (seq, seat, action) for seq, seat, action, _ in await self.timed_action_log(match_id)
        ]

    @_serialised
    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        rows = await self._run(_fetch_all, sql.ACTION_LOG, (match_id,))
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
            cursor = await self._exec(
                sql.REWIND_MATCH, sql.rewind_params(match, expected_version, now)
            )
            if cursor.rowcount != 1:
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            await self._write_seats(match.id, match.seats)
            done = await self.db.executemany(
                "DELETE FROM actions WHERE match_id = ? AND seq = ?",
                [(match.id, seq) for seq in drop],
            )
            await done.close()
            await self._exec(sql.DROP_UNDO_REQUEST, (match.id,))
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return replace(match, version=new_version, result=None)

    @_serialised
    async def undo_request(self, match_id: int) -> UndoRequest | None:
        async with self.db.execute(sql.UNDO_REQUEST, (match_id,)) as cursor:
            row = await cursor.fetchone()
        return None if row is None else sql.undo_request_from_row(match_id, row)

    @_serialised
    async def put_undo_request(self, request: UndoRequest) -> None:
        await self._exec(sql.PUT_UNDO_REQUEST, sql.undo_request_params(request))

    @_serialised
    async def drop_undo_request(self, match_id: int) -> None:
        await self._exec(sql.DROP_UNDO_REQUEST, (match_id,))

    # ---------------------------------------------------------------- players' records
    @_serialised
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        async with self.db.execute(sql.COUNT_FINISHED, (user_id, guild_id)) as cursor:
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
        recent = recent[-MOVE_TIME_MATCHES:]
        move_seconds: list[float] = []
        if recent:
            async with self.db.execute(
                sql.move_seconds_sql(_in(recent)), (*(r.match_id for r in recent), user_id)
            ) as cursor:
                move_seconds = [max(0.0, float(row[0])) for row in await cursor.fetchall()]
        async with self.db.execute(sql.PLAYER_RATINGS, (guild_id, user_id)) as cursor:
            ratings = {
                str(game): sql.rating_from_row(mu, sigma, games)
                for game, mu, sigma, games in await cursor.fetchall()
            }
        history: dict[str, list[float]] = {}
        for rated in ratings:
            async with self.db.execute(
                sql.RATING_TREND, (guild_id, user_id, rated, TREND_MATCHES + 1)
            ) as cursor:
                history[rated] = [float(row[0]) for row in await cursor.fetchall()][::-1]
        return PlayerStats(results, move_seconds, ratings, history)

    async def _played(self, order: str, params: tuple[Any, ...]) -> list[PlayedMatch]:
        """The person's finished matches (``sql.FINISHED_OF_PLAYER``) in this ``order``."""
        async with self.db.execute(
            sql.PLAYED_COLUMNS
            + "FROM seats s INDEXED BY seats_by_user_match JOIN matches m ON m.id = s.match_id "
            + sql.FINISHED_OF_PLAYER
            + order,
            params,
        ) as cursor:
            rows = await cursor.fetchall()
        return [sql.played_from_row(row) for row in rows]

    @_serialised
    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        async with self.db.execute(sql.COUNT_RATED, (guild_id, game)) as cursor:
            row = await cursor.fetchone()
        total = int(row[0]) if row else 0
        offset = max(0, offset)
        async with self.db.execute(
            "SELECT user_id, mu, sigma, games FROM ratings INDEXED BY ratings_by_rank "
            "WHERE guild_id IS ? AND game = ? ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, max(0, limit), offset),
        ) as cursor:
            rows = await cursor.fetchall()
        return sql.ranked_page(offset, rows), total

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
        return Ranked(rank, user_id, sql.rating_from_row(mu, sigma, games))

    # ---------------------------------------------------------------- notifications
    @_serialised
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        people = sorted(set(user_ids))
        if not people:
            return {}
        rows = await self._run(_fetch_all, sql.notify_prefs_sql(_in(people)), people)
        return sql.notify_prefs_from_rows(rows)

    @_serialised
    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        await self._exec(sql.SET_NOTIFY_PREFS, sql.notify_prefs_params(prefs, now))

    @_serialised
    async def active_of_user(self, user_id: int) -> list[Match]:
        return await self._select(
            sql.matches_sql(sql.MATCH_COLUMNS, sql.ACTIVE_OF_USER), (user_id,)
        )

    @_serialised
    async def follow(self, follower: Follower) -> None:
        await self._exec(sql.FOLLOW, sql.follower_params(follower))

    @_serialised
    async def unfollow(self, match_id: int, user_id: int) -> bool:
        done = await self._exec(sql.UNFOLLOW, (match_id, user_id))
        return done.rowcount > 0

    @_serialised
    async def followers(self, match_id: int) -> list[Follower]:
        async with self.db.execute(sql.FOLLOWERS, (match_id,)) as cursor:
            rows = await cursor.fetchall()
        return sql.followers_from_rows(match_id, rows)

    @_serialised
    async def hand_messages(self, match_id: int) -> list[HandMessage]:
        async with self.db.execute(sql.HAND_MESSAGES, (match_id,)) as cursor:
            rows = await cursor.fetchall()
        return sql.hand_messages_from_rows(match_id, rows)

    @_serialised
    async def set_hand_message(self, hand: HandMessage) -> None:
        await self._exec(sql.SET_HAND_MESSAGE, sql.hand_message_params(hand))

    @_serialised
    async def drop_hand_message(self, match_id: int, user_id: int) -> None:
        await self._exec(sql.DROP_HAND_MESSAGE, (match_id, user_id))

    @_serialised
    async def set_undo_message(self, match_id: int, message_id: int, channel_id: int) -> None:
        await self._exec(sql.SET_UNDO_MESSAGE, (match_id, message_id, channel_id))

    @_serialised
    async def undo_messages(self, shards: Shards = ALL_SHARDS) -> list[tuple[int, int, int]]:
        async with self.db.execute(sql.undo_messages_sql(shards)) as cursor:
            return sql.undo_messages_from_rows(await cursor.fetchall())

    @_serialised
    async def drop_undo_message(self, match_id: int, message_id: int) -> None:
        await self._exec(sql.DROP_UNDO_MESSAGE, (match_id, message_id))

    # ---------------------------------------------------------------- leagues
    @_serialised
    async def create_league(self, league: League, now: float) -> League:
        await self._exec("BEGIN IMMEDIATE")
        try:
            done = await self._exec(leagues.INSERT_LEAGUE, leagues.insert_params(league, now))
            league = replace(league, id=int(done.lastrowid or 0), version=0)
            await self._write_league_rows(league)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return league

    @_serialised
    async def get_league(self, league_id: int) -> League | None:
        found = await self._leagues(leagues.LEAGUE_BY_ID, (league_id,))
        return found[0] if found else None

    @_serialised
    async def update_league(
        self, league: League, *, expected_version: int, now: float, release: bool = False
    ) -> League:
        statement = leagues.UPDATE_LEAGUE_RELEASED if release else leagues.UPDATE_LEAGUE
        await self._exec("BEGIN IMMEDIATE")
        try:
            done = await self._exec(statement, leagues.update_params(league, expected_version, now))
            if done.rowcount != 1:
                raise StaleVersion(f"league {league.id} is no longer at {expected_version}")
            await self._write_league_rows(league)
            await self._exec("COMMIT")
        except BaseException:
            await self._exec("ROLLBACK")
            raise
        return replace(league, version=expected_version + 1)

    @_serialised
    async def leagues_of_guild(self, guild_id: int) -> list[League]:
        return await self._leagues(leagues.LEAGUES_OF_GUILD, (guild_id,))

    @_serialised
    async def league_of_match(self, match_id: int) -> League | None:
        found = await self._leagues(leagues.LEAGUE_OF_MATCH, (match_id,))
        return found[0] if found else None

    @_serialised
    async def leagues_of_player(self, guild_id: int, user_id: int) -> list[League]:
        return await self._leagues(leagues.LEAGUES_OF_PLAYER, (guild_id, user_id))

    @_serialised
    async def due_leagues(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = LEAGUE_LEASE_SECONDS,
    ) -> list[League]:
        return await self._claim(
            self._leagues(
                f"SELECT {leagues.LEAGUE_COLUMNS} FROM leagues WHERE "
                f"{leagues.due_leagues_where(shards.sql_filter())} ORDER BY next_at, id",
                (now, now),
            ),
            "UPDATE leagues SET lease_owner = ?, lease_until = ? WHERE id = ?",
            owner,
            now + lease,
        )

    async def _write_league_rows(self, league: League) -> None:
        await self._exec(leagues.DELETE_ENTRANTS, (league.id,))
        await self._exec(leagues.DELETE_GAMES, (league.id,))
        for statement, rows in (
            (leagues.INSERT_ENTRANT, leagues.entrant_rows(league.id, league.entrants)),
            (leagues.INSERT_GAME, leagues.game_rows(league.id, league.games)),
        ):
            done = await self.db.executemany(statement, rows)
            await done.close()

    async def _leagues(self, statement: str, params: tuple[Any, ...]) -> list[League]:
        async with self.db.execute(statement, params) as cursor:
            rows = list(await cursor.fetchall())
        if not rows:
            return []
        ids = [row[0] for row in rows]
        async with self.db.execute(leagues.entrants_sql(_in(ids)), ids) as cursor:
            entrant_rows = list(await cursor.fetchall())
        async with self.db.execute(leagues.games_sql(_in(ids)), ids) as cursor:
            game_rows = list(await cursor.fetchall())
        return leagues.leagues_from_rows(rows, entrant_rows, game_rows)

    async def _select(self, statement: str, params: tuple[Any, ...]) -> list[Match]:
        return await self._run(_fetch_matches, statement, params)

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


# ------------------------------------------------ run on aiosqlite's thread (``_run``)
def _fetch_all(connection: sqlite3.Connection, statement: str, params: Sequence[Any]) -> list[Any]:
    """Every row ``statement`` reads."""
    cursor = connection.execute(statement, params)
    try:
        return cursor.fetchall()
    finally:
        cursor.close()


def _fetch_matches(
    connection: sqlite3.Connection, statement: str, params: Sequence[Any]
) -> list[Match]:
    """The matches ``statement`` reads (``sql.MATCH_COLUMNS``), with their seats."""
    rows = _fetch_all(connection, statement, params)
    if not rows:
        return []
    ids = [row[0] for row in rows]
    seats = _fetch_seats(connection, ids)
    return [sql.match_from_row(row, seats.get(row[0], ())) for row in rows]


def _fetch_seats(
    connection: sqlite3.Connection, match_ids: list[int]
) -> dict[int, tuple[Seat, ...]]:
    rows = _fetch_all(
        connection,
        "SELECT match_id, seat, user_id, is_ai, expiries, place, won FROM seats "
        f"WHERE match_id {_in(match_ids)} ORDER BY match_id, seat",
        match_ids,
    )
    grouped: dict[int, list[Seat]] = {}
    for match_id, *seat in rows:
        grouped.setdefault(match_id, []).append(sql.seat_from_row(*seat))
    return {key: tuple(value) for key, value in grouped.items()}


def _run_statement(
    connection: sqlite3.Connection, statement: str, params: Sequence[Any] = ()
) -> int:
    """Run one statement to completion; the rows it changed."""
    cursor = connection.execute(statement, params)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


def _replace_seats(connection: sqlite3.Connection, match_id: int, seats: Sequence[Seat]) -> None:
    _run_statement(connection, sql.DELETE_SEATS, (match_id,))
    connection.executemany(sql.INSERT_SEAT, sql.seat_rows(match_id, seats)).close()


def _write_match(
    connection: sqlite3.Connection,
    match: Match,
    expected_version: int,
    action: tuple[int, str, bool] | None,
    now: float,
) -> Match:
    """``SqliteStore.update``'s transaction, whole."""
    new_version = expected_version + 1
    _run_statement(connection, "BEGIN IMMEDIATE")
    try:
        before = _fetch_all(connection, sql.MATCH_BEFORE_WRITE, (match.id,))
        if not before:
            raise StaleVersion(f"match {match.id} does not exist")
        status, started, ended = before[0][0], before[0][1], before[0][2]
        match, finishing = sql.with_record(match, status, started, ended, now)
        written = _run_statement(
            connection, sql.UPDATE_MATCH, sql.update_params(match, expected_version, now)
        )
        if written != 1:
            raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
        _replace_seats(connection, match.id, match.seats)
        if action is not None:
            row = sql.action_row(match.id, new_version, action, now)
            _run_statement(connection, sql.INSERT_ACTION, row)
        if finishing:
            _rate_match(connection, match, now)
        _run_statement(connection, "COMMIT")
    except BaseException:
        _run_statement(connection, "ROLLBACK")
        raise
    return replace(match, version=new_version)


def _rate_match(connection: sqlite3.Connection, match: Match, now: float) -> None:
    """Rate a sql.placed, finished match, unless it was rated already (its history rows
    are keyed by match id)."""
    if match.guild_id is None:
        return
    if _fetch_all(connection, sql.RATED_ALREADY, (match.id,)):
        return
    entries = rating_entries(match.seats, match.result, match.settings)
    people = [user for user, _ in entries if user is not None]
    if not people:
        return
    rows = _fetch_all(
        connection, sql.ratings_of_sql(_in(people)), (match.guild_id, match.game, *people)
    )
    current = {int(user): sql.rating_from_row(mu, sigma, games) for user, mu, sigma, games in rows}
    for user, rating in rate(entries, current).items():
        _run_statement(connection, sql.UPSERT_RATING, sql.rating_row(match, user, rating, now))
        history = sql.rating_history_row(match, user, rating, now)
        _run_statement(connection, sql.INSERT_RATING_HISTORY, history)


def _in(values: Sequence[Any]) -> str:
    """SQLite's condition on a list of values: ``IN (?, ?, ?)``, a mark a value."""
    return f"IN ({','.join('?' * len(values))})"
