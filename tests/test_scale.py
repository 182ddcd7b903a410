"""Several bot processes on one database: each click applies once, each timer fires once.

Each "process" here is a ``MatchService`` on its own store connection (on PostgreSQL, its own
pools: its own sessions and advisory locks), or a real child process killed mid-lease.
"""

from __future__ import annotations

import asyncio
import random
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.store.contract import TIMER_LEASE_SECONDS, MatchStore
from bot.store.drivers import store_from_url
from bot.table.matches import MatchService
from tests.conftest import ALICE, BOB, Clock, click_at_random, make_bot
from tests.discord_helpers import Table
from tests.test_discord_ruship import HOUR, on_turn

CLICKS = 1_000
CLICKERS_PER_PROCESS = 10


@pytest.fixture(params=["sqlite", "postgres"])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database two processes share."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.db'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def two_stores(shared_url: str) -> AsyncIterator[tuple[MatchStore, MatchStore]]:
    first, second = store_from_url(shared_url), store_from_url(shared_url)
    await first.open()
    await second.open()
    yield first, second
    await first.close()
    await second.close()


async def test_two_processes_clicking_one_match_apply_every_click_once(
    two_stores: tuple[MatchStore, MatchStore],
) -> None:
    clock = Clock()
    first, second = (MatchService(store, clock) for store in two_stores)
    lobby = await first.open_lobby(
        game="fireship",
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={"options": {}},
        seated=[BOB],
        seed=3,
    )
    started = await first.start(lobby.id, ALICE)
    rng = random.Random(8)
    per_clicker = CLICKS // (2 * CLICKERS_PER_PROCESS)
    results = await asyncio.gather(
        *(
            click_at_random(service, lobby.id, per_clicker, random.Random(rng.random()))
            for service in (first, second)
            for _ in range(CLICKERS_PER_PROCESS)
        )
    )
    applied = sorted(version for versions in results for version in versions)
    assert 0 < len(applied) < CLICKS, "clicks raced: some applied, the outdated refused"

    final = await second.get(lobby.id)
    log = await first.store.action_log(lobby.id)
    seqs = [seq for seq, _, _ in log]
    assert seqs == list(range(started.version + 1, final.version + 1)), "no gap, no double"
    assert applied == seqs, "every applied click is in the log once, nothing else is"
    *_, replayed = first.replayed(final, await first.store.timed_action_log(lobby.id))
    assert replayed == first.load_state(final), "the log replays to the stored state"


CLAIM_AND_HANG = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store.drivers import store_from_url

    async def main(url, now):
        store = store_from_url(url)
        await store.open()
        claimed = await store.due_timers(float(now), owner="doomed")
        print(" ".join(str(match.id) for match in claimed), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)

    asyncio.run(main(sys.argv[1], sys.argv[2]))
    """
)


async def claim_then_die(url: str, now: float) -> list[int]:
    """A bot process claims the due timers at ``now`` and is killed before handling them."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        CLAIM_AND_HANG,
        url,
        str(now),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    assert child.stdout is not None
    line = await child.stdout.readline()
    child.kill()
    await child.wait()
    return [int(word) for word in line.split()]


@pytest.fixture
async def simcord_bot(shared_url: str, database: Path) -> AsyncIterator[Any]:
    bot = make_bot(database, database_url=shared_url)
    yield bot
    await bot.store.close()


async def test_a_reminder_claimed_by_a_killed_process_comes_once_from_another(
    simcord_env: Any, shared_url: str
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    player = on_turn(table, alice, bob)
    match = await table.match()
    assert match.timer_at is not None
    await simcord_env.advance_time(11 * HOUR)

    def reminders() -> list[str]:
        return [m.content for m in table.channel.history() if "⏰" in m.content]

    assert await claim_then_die(shared_url, match.timer_at) == [match.id]
    await simcord_env.advance_time(HOUR + TIMER_LEASE_SECONDS / 2)
    await simcord_env.bot.table.seats.tick()
    assert reminders() == [], "the dead process's claim holds until its lease runs out"

    await simcord_env.advance_time(TIMER_LEASE_SECONDS)
    await simcord_env.bot.table.seats.tick()
    assert len(reminders()) == 1 and player.mention in reminders()[0]
    await simcord_env.advance_time(HOUR)
    await simcord_env.bot.table.seats.tick()
    assert len(reminders()) == 1, "fired once"
