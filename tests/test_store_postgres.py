"""The PostgreSQL driver on a real server (the shared store suite runs on it too, through the
``store`` fixture): its schema against SQLite's, an upgrade, its one-sentence errors, what
only several processes sharing the database show, and copying a database."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import asyncpg
import pytest

from bot.store.contract import COPIED_TABLES, Match, Seat, StoreError, UndoRequest, migrations
from bot.store.drivers import store_from_url
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table.matches import MatchService
from tests.conftest import ALICE, BOB, Clock, started
from tests.postgres_server import PostgresServer
from tests.test_records import CAROL, schema_3_database

KNOWN = max(number for number, _ in migrations())


@pytest.fixture
async def pg(postgres_url: str) -> AsyncIterator[PostgresStore]:
    store = PostgresStore(postgres_url)
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def other(postgres_url: str) -> AsyncIterator[PostgresStore]:
    """The same database as seen by another bot process."""
    store = PostgresStore(postgres_url)
    await store.open()
    yield store
    await store.close()


async def active_match(store: PostgresStore, channel: int, people: list[int]) -> Match:
    match = await store.create_lobby(
        guild_id=1,
        channel_id=channel,
        game="ruship",
        creator_id=people[0],
        seed=1,
        settings={},
        seats=[Seat(n, person) for n, person in enumerate(people)],
        now=0.0,
    )
    return await store.update(
        replace(match, status="active", timer_at=10.0), expected_version=0, now=1.0
    )


# ---------------------------------------------------------------- the schema
def test_both_dialects_ship_the_same_migration_numbers() -> None:
    assert [n for n, _ in migrations("postgresql")] == [n for n, _ in migrations()]


async def sqlite_schema(path: Path) -> tuple[dict[str, list[str]], set[str]]:
    """Each table's columns, and the indexes, of a new SQLite database."""
    store = SqliteStore(str(path))
    await store.open()
    try:
        async with store.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) as cursor:
            tables = [str(row[0]) for row in await cursor.fetchall()]
        columns = {}
        for table in tables:
            async with store.db.execute(f"PRAGMA table_info({table})") as cursor:
                columns[table] = [str(row[1]) for row in await cursor.fetchall()]
        async with store.db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        ) as cursor:
            return columns, {str(row[0]) for row in await cursor.fetchall()}
    finally:
        await store.close()


async def test_both_dialects_migrate_to_the_same_tables_columns_and_indexes(
    pg: PostgresStore, tmp_path: Path
) -> None:
    columns: dict[str, list[str]] = {}
    for table, column in await pg.pool.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name <> 'schema_version' "
        "ORDER BY table_name, ordinal_position"
    ):
        columns.setdefault(table, []).append(column)
    indexes = {
        row[0]
        for row in await pg.pool.fetch(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() "
            "AND indexname NOT LIKE '%\\_pkey'"
        )
    }
    assert (columns, indexes) == await sqlite_schema(tmp_path / "twin.db")
    assert await pg.schema_version() == KNOWN
    assert set(COPIED_TABLES) == set(columns)


async def test_an_old_database_upgrades_as_it_does_in_sqlite(
    postgres_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Schema 3 rows (a settings column that is not JSON, finished matches never recorded)
    upgrade to what SQLite makes of them."""
    path = tmp_path / "old.db"
    schema_3_database(path)
    with monkeypatch.context() as older:
        older.setattr("bot.store.postgres.migrations", lambda dialect: migrations(dialect)[:3])
        older.setattr(PostgresStore, "_record_unrecorded_finishes", lambda self: asyncio.sleep(0))
        old = PostgresStore(postgres_url)
        await old.open()
        with sqlite3.connect(path) as db:
            for table in ("matches", "seats", "actions"):
                cursor = db.execute(f"SELECT * FROM {table}")
                names = [column[0] for column in cursor.description]
                async with old.pool.acquire() as conn:
                    await conn.copy_records_to_table(
                        table, records=cursor.fetchall(), columns=names
                    )
        await old.close()
    sqlite, postgres = SqliteStore(str(path)), PostgresStore(postgres_url)
    await sqlite.open()
    await postgres.open()
    try:
        for match_id in (1, 2, 3, 4):
            assert await postgres.get(match_id) == await sqlite.get(match_id)
        assert await postgres.leaderboard(1, "ruship") == await sqlite.leaderboard(1, "ruship")
        assert await postgres.player_stats(1, ALICE) == await sqlite.player_stats(1, ALICE)
    finally:
        await sqlite.close()
        await postgres.close()


async def test_corrupt_json_is_stored_and_read_as_in_sqlite(pg: PostgresStore) -> None:
    match = await active_match(pg, 5, [ALICE, BOB])
    await pg.pool.execute(
        "UPDATE matches SET settings = 'not json', result = '{', board_acting = '[' WHERE id = $1",
        match.id,
    )
    again = await pg.get(match.id)
    assert again is not None
    assert (again.settings, again.result, again.board_acting) == ({}, None, None)


# ---------------------------------------------------------------- opening
async def test_a_newer_schema_is_refused(pg: PostgresStore, postgres_url: str) -> None:
    await pg.pool.execute("UPDATE schema_version SET version = 99")
    with pytest.raises(
        StoreError, match=rf"newer Rush Table \(schema 99, this version knows {KNOWN}\)"
    ):
        await PostgresStore(postgres_url).open()


async def test_processes_starting_at_once_on_an_empty_database_migrate_it_once(
    postgres_url: str,
) -> None:
    stores = [PostgresStore(postgres_url, min_size=1) for _ in range(3)]
    await asyncio.gather(*(store.open() for store in stores))
    try:
        assert [await store.schema_version() for store in stores] == [KNOWN] * 3
    finally:
        for store in stores:
            await store.close()


@pytest.mark.parametrize(
    ("url", "told"),
    [
        (
            "postgresql://postgres@127.0.0.1:{port}/missing",
            "database 127.0.0.1:{port}/missing does not exist",
        ),
        ("postgresql://nobody:secret@127.0.0.1:{port}/postgres", "refused the bot's login"),
        ("postgresql://postgres:secret@127.0.0.1:1/x", "Cannot reach the PostgreSQL server"),
        ("postgresql://postgres@127.0.0.1:port/x", "DATABASE_URL is not understood"),
    ],
)
async def test_a_database_that_cannot_serve_is_told_in_one_sentence(
    postgres_server: PostgresServer, url: str, told: str
) -> None:
    store = PostgresStore(url.format(port=postgres_server.port))
    with pytest.raises(StoreError) as refused:
        await store.open()
    sentence = str(refused.value)
    assert told.format(port=postgres_server.port) in sentence
    assert "secret" not in sentence and "\n" not in sentence


def test_postgresql_urls_take_the_postgresql_driver(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(store_from_url("postgresql://bot@db/rushtable"), PostgresStore)
    assert isinstance(store_from_url("postgres://bot@db/rushtable"), PostgresStore)
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # not installed
    monkeypatch.delitem(sys.modules, "bot.store.postgres")
    with pytest.raises(StoreError, match=r"pip install 'rush-table\[postgres\]'"):
        store_from_url("postgresql://bot@db/rushtable")


# ---------------------------------------------------------------- several processes
async def waiting_for_a_lock(postgres_url: str) -> None:
    """Returns once some session waits for an advisory lock (PostgreSQL shows it in
    ``pg_locks``, not granted): a state, not a time, so a loaded machine changes nothing."""
    import asyncpg

    conn = await asyncpg.connect(postgres_url)
    try:
        async with asyncio.timeout(60):
            query = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
            while not await conn.fetchval(query):
                await asyncio.sleep(0.01)
    finally:
        await conn.close()


async def test_a_match_is_changed_by_one_process_at_a_time(
    pg: PostgresStore, other: PostgresStore, postgres_url: str
) -> None:
    entered: list[str] = []

    async def then_other() -> None:
        async with other.match_lock(1):
            entered.append("other")

    async with pg.match_lock(1):
        waiting = asyncio.create_task(then_other())
        await waiting_for_a_lock(postgres_url)
        assert entered == [], "the other process waits"
        async with asyncio.timeout(60), other.match_lock(2):
            entered.append("another match")
        entered.append("first")
    await asyncio.wait_for(waiting, 60)
    assert entered == ["another match", "first", "other"]


async def test_a_wait_for_a_match_lock_cancelled_leaves_nothing_held(
    pg: PostgresStore, other: PostgresStore, postgres_url: str
) -> None:
    async def wait() -> None:
        async with other.match_lock(1):
            pass

    async with pg.match_lock(1):
        waiting = asyncio.create_task(wait())
        await waiting_for_a_lock(postgres_url)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
    async with asyncio.timeout(60):
        for store in (other, pg, other):
            async with store.match_lock(1):
                pass


async def test_a_lock_dies_with_its_session_and_the_broken_connection_is_dropped(
    pg: PostgresStore, other: PostgresStore
) -> None:
    # What the unlock then meets depends on when the client reads the server's goodbye.
    broken = (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)
    with pytest.raises(broken):
        async with pg.match_lock(1):
            # As when the holding process dies: the server ends its session.
            await other.pool.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
            )
            async with asyncio.timeout(60), other.match_lock(1):
                pass
    async with asyncio.timeout(60), pg.match_lock(1):
        pass


async def test_due_timers_claimed_at_once_by_two_processes_go_to_one_each(
    pg: PostgresStore, other: PostgresStore
) -> None:
    ids = {(await active_match(pg, 100 + n, [ALICE, BOB])).id for n in range(30)}
    claims = await asyncio.gather(
        *(store.due_timers(50.0, owner=name) for name, store in (("a", pg), ("b", other)) * 3)
    )
    claimed = [match.id for claim in claims for match in claim]
    assert sorted(claimed) == sorted(ids), "each due timer once"


async def test_finishes_of_a_servers_game_at_once_in_two_processes_all_count(
    pg: PostgresStore, other: PostgresStore
) -> None:
    pairs = [
        (
            await active_match(pg, 10 + n, [ALICE, BOB]),
            await active_match(pg, 20 + n, [ALICE, CAROL]),
        )
        for n in range(4)
    ]
    for first, second in pairs:
        await asyncio.gather(
            *(
                store.update(
                    replace(match, status="finished", result={"winners": [0], "reason": "won"}),
                    expected_version=match.version,
                    now=100.0,
                )
                for store, match in ((pg, first), (other, second))
            )
        )
    alice = await pg.rank_of(1, "ruship", ALICE)
    assert alice is not None and alice.rating.games == 8, "no finish overwrote another"


# ---------------------------------------------------------------- copying a database
async def a_league_in(store: SqliteStore, match_id: int) -> None:
    """A league whose first table plays ``match_id`` (its three tables have rows)."""
    from bot.store.leagues import Entrant, League, LeagueGame

    league = League(0, 1, 5, "ruship", "running", ALICE, {"name": "Cup"}, 0, 1.0, 60.0)
    league = await store.create_league(league, 1.0)
    seated = (Entrant(ALICE, "alice", 1, 1.0), Entrant(BOB, "bob", 2, 1.0))
    table = LeagueGame(1, 1, "match", (ALICE, BOB), None, match_id, 6)
    league = replace(league, entrants=seated, games=(table,))
    await store.update_league(league, expected_version=0, now=2.0)


async def filled_sqlite(path: Path) -> SqliteStore:
    """A SQLite database with a rated finished match, an active one with an undo request,
    a follower and a private panel in direct messages, notification settings, and a corrupt
    row."""
    store = SqliteStore(str(path))
    await store.open()
    service = MatchService(store, Clock())
    await service.resign(await started(service, channel=5), BOB)
    playing = await started(service, channel=6)
    match = await service.get(playing)
    await store.update(match, expected_version=match.version, action=(0, "roll", False), now=2.0)
    await store.put_undo_request(UndoRequest(playing, ALICE, 0, 1, 1, 5.0, (BOB,)))
    await store.follow(Follower(playing, CAROL, True, 3.0, "fr"))
    await store.set_hand_message(HandMessage(playing, BOB, 70, 71, "fr"))
    await store.set_undo_message(playing, 72, 6)
    await store.set_notify_prefs(NotifyPrefs(ALICE, pings="dm", away_until=9.5), 4.0)
    await a_league_in(store, playing)
    await store.db.execute("UPDATE matches SET settings = 'not json' WHERE id = ?", (playing,))
    return store


async def test_a_database_copies_row_for_row_from_sqlite_and_back(
    pg: PostgresStore, tmp_path: Path
) -> None:
    source = await filled_sqlite(tmp_path / "source.db")
    back = SqliteStore(str(tmp_path / "back.db"))
    await back.open()
    try:
        for table in COPIED_TABLES:
            await pg.import_rows(table, *await source.export_rows(table))
            await back.import_rows(table, *await pg.export_rows(table))
        for table in COPIED_TABLES:
            rows = await source.export_rows(table)
            assert rows[1], f"{table} has rows to copy"
            assert await pg.export_rows(table) == rows == await back.export_rows(table)
        copied = await pg.get(2)
        assert copied is not None and copied == await source.get(2)
        new = await pg.create_lobby(
            guild_id=1,
            channel_id=7,
            game="ruship",
            creator_id=ALICE,
            seed=1,
            settings={},
            seats=[Seat(0, ALICE)],
            now=1.0,
        )
        assert new.id == 3, "numbered after the copied matches"
    finally:
        await source.close()
        await back.close()


async def test_only_the_databases_own_tables_are_copied(pg: PostgresStore) -> None:
    with pytest.raises(StoreError, match="not a table"):
        await pg.export_rows("pg_user")
    with pytest.raises(StoreError, match="has no column"):
        await pg.import_rows("followers", ["match_id", "evil"], [])


def test_every_shared_statement_is_numbered_for_postgresql() -> None:
    """The statements both drivers share are written once with ``?``; PostgreSQL gets them
    numbered, a nullable comparison made NULL-safe, and a ``?`` in a literal refused."""
    import re

    from bot.store import sql as store
    from bot.store.postgres import _ANY_ID, numbered
    from bot.store.shards import ALL_SHARDS

    shared = [v for k, v in vars(store).items() if isinstance(v, str) and k.isupper()]
    shared += [
        store.ratings_of_sql(_ANY_ID),
        store.move_seconds_sql(_ANY_ID),
        store.notify_prefs_sql(_ANY_ID),
        store.active_where(ALL_SHARDS),
        store.lagging_where(ALL_SHARDS),
        store.stale_lobbies_where(ALL_SHARDS),
    ]
    for sql in shared:
        out = numbered(sql)
        assert "?" not in out and len(re.findall(r"\$\d+", out)) == sql.count("?"), sql
    assert (
        numbered("a = ? AND b IS ? AND c IS NULL")
        == "a = $1 AND b IS NOT DISTINCT FROM $2 AND c IS NULL"
    )
    with pytest.raises(ValueError):
        numbered("x = '?' AND y = ?")
