"""``python -m bot migrate-db FROM TO``: a SQLite file moved into PostgreSQL stays playable."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store.contract import COPIED_TABLES, MatchStore
from bot.store.drivers import store_from_url
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.sqlite import SqliteStore
from bot.table.matches import MatchService
from tests.conftest import ALICE, BOB, Clock, click_at_random

#: Each turn game, left mid-match; one more match of the first played to its end.
TURN_GAMES = ("ruship", "bugrace", "rushncrush", "fireship")
MAX_ACTIONS = 5_000


async def fill(service: MatchService, clock: Clock) -> dict[str, int]:
    """Matches of every game, a finished one (rated), settings and a follower."""
    rng = random.Random(4)
    ids: dict[str, int] = {}
    for channel, game in enumerate((*TURN_GAMES, "rushout", "finished"), start=1):
        lobby = await service.open_lobby(
            game="ruship" if game == "finished" else game,
            guild_id=1,
            channel_id=channel,
            creator_id=ALICE,
            settings={"options": {}},
            seated=[BOB] if GAMES.get(game, GAMES["ruship"]).min_players <= 2 else [BOB, 33],
            seed=channel,
        )
        await service.start(lobby.id, ALICE)
        clock.now += 60
        await click_at_random(service, lobby.id, MAX_ACTIONS if game == "finished" else 12, rng)
        ids[game] = lobby.id
    await service.open_lobby(
        game="ruship",
        guild_id=1,
        channel_id=50,
        creator_id=BOB,
        settings={"options": {}},
        seated=[],
        seed=9,
    )
    await service.store.set_notify_prefs(NotifyPrefs(ALICE, pings="dm"), clock.now)
    await service.store.follow(Follower(ids["ruship"], 77, every_turn=True, since=clock.now))
    await service.store.set_hand_message(HandMessage(ids["bugrace"], BOB, 70, 71, "fr"))
    return ids


def migrate_db(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", source, target],
        capture_output=True,
        text=True,
        timeout=120,
    )


async def rows_of(store: MatchStore) -> dict[str, list[tuple[object, ...]]]:
    return {table: (await store.export_rows(table))[1] for table in COPIED_TABLES}  # type: ignore[attr-defined]


async def test_a_sqlite_file_moved_into_postgresql_plays_on(
    tmp_path: Path, postgres_url: str
) -> None:
    clock = Clock()
    source = SqliteStore(str(tmp_path / "old.db"))
    await source.open()
    ids = await fill(MatchService(source, clock), clock)
    before = {name: await source.get(match_id) for name, match_id in ids.items()}
    assert before["finished"] is not None and before["finished"].status == "finished"
    copied = await rows_of(source)
    await source.close()

    done = migrate_db(f"sqlite:///{tmp_path / 'old.db'}", postgres_url)
    assert done.returncode == 0, done.stderr
    assert f"Copied {len(copied['matches'])} matches" in done.stdout

    target = store_from_url(postgres_url)
    await target.open()
    try:
        assert await rows_of(target) == copied, "every row, ids included"
        for name, match_id in ids.items():
            assert await target.get(match_id) == before[name]
        service = MatchService(target, clock)
        rng = random.Random(6)
        for game in TURN_GAMES:
            await click_at_random(service, ids[game], MAX_ACTIONS, rng)
            assert (await service.get(ids[game])).status == "finished", f"{game} played to its end"
        new = await service.open_lobby(
            game="ruship",
            guild_id=1,
            channel_id=60,
            creator_id=ALICE,
            settings={"options": {}},
            seated=[BOB],
            seed=1,
        )
        assert new.id > max(ids.values()), "new matches get new ids"
        assert await target.followers(ids["ruship"]) != []
        assert (await target.leaderboard(1, "ruship"))[1] == 2, "ratings came along"
    finally:
        await target.close()


async def test_migrating_into_a_database_that_has_matches_is_refused(
    tmp_path: Path, postgres_url: str
) -> None:
    clock = Clock()
    target = store_from_url(postgres_url)
    await target.open()
    await fill(MatchService(target, clock), clock)
    await target.close()
    source = SqliteStore(str(tmp_path / "old.db"))
    await source.open()
    await source.close()
    done = migrate_db(f"sqlite:///{tmp_path / 'old.db'}", postgres_url)
    assert done.returncode == 2
    assert "already holds 7 matches" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["sqlite:///a.db"], "usage: python -m bot migrate-db"),
        (["memory://", "sqlite:///b.db"], "memory:// keeps nothing"),
        (["sqlite:///a.db", "sqlite:///a.db"], "the same database"),
    ],
)
def test_bad_migrate_db_arguments_say_what_to_do(arguments: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate-db", *arguments],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
