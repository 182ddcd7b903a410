"""Shards: which process looks after which servers' matches, and due timers claimed once."""

from __future__ import annotations

import random

import pytest

from bot.app import RushTableBot, ShardedRushTableBot, create_bot
from bot.settings import Settings, SettingsError
from bot.store.contract import TIMER_LEASE_SECONDS, MatchStore
from bot.store.shards import ALL_SHARDS, Shards, shard_of
from bot.table.matches import MatchService
from tests.conftest import Clock, started

#: A server id from Discord's documentation on sharding.
EXAMPLE_GUILD = 81384788765712384


def guild_on_shard(shard: int, count: int, salt: int = 0) -> int:
    """A plausible server id that Discord sends to ``shard`` of ``count``."""
    base = (1_000_000 + salt * count) << 22
    return base + ((shard - shard_of(base, count)) % count << 22)


def test_a_server_goes_to_the_shard_discord_sends_it_to() -> None:
    assert [shard_of(EXAMPLE_GUILD, count) for count in (1, 2, 3, 4)] == [0, 0, 1, 2]
    assert shard_of(None, 4) == 0, "direct messages go to shard 0"
    for shard in range(5):
        assert shard_of(guild_on_shard(shard, 5), 5) == shard


@pytest.mark.parametrize(
    ("count", "ids", "expected"),
    [
        ("", "", ALL_SHARDS),
        ("4", "", Shards(4, (0, 1, 2, 3))),
        ("4", "0-1", Shards(4, (0, 1))),
        ("8", "0, 2, 5-6", Shards(8, (0, 2, 5, 6))),
        (" 2 ", "1", Shards(2, (1,))),
    ],
)
def test_shard_settings_are_read(count: str, ids: str, expected: Shards) -> None:
    env = {"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids}
    assert Settings.from_env(env).shards == expected


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("", "0-1", "SHARD_IDS needs SHARD_COUNT"),
        ("two", "", "SHARD_COUNT must be a whole number"),
        ("0", "", "at least 1"),
        ("4", "3-5", r"\[4, 5\] are outside 0-3"),
        ("4", "2-1", "goes backwards"),
        ("4", "first", "e.g. 0-3"),
    ],
)
def test_bad_shard_settings_say_what_to_fix(count: str, ids: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": count, "SHARD_IDS": ids})


async def test_a_process_runs_its_shards_with_discord_py_sharding() -> None:
    one = create_bot(Settings(token="t", database_url="memory://"))
    some = create_bot(Settings(token="t", database_url="memory://", shards=Shards(4, (2, 3))))
    try:
        assert type(one) is RushTableBot
        assert isinstance(some, ShardedRushTableBot)
        assert (some.shard_count, some.shard_ids) == (4, [2, 3])
        assert some.table.seats.shards == some.table.boards.shards == Shards(4, (2, 3))
    finally:
        await one.painter.close()
        await some.painter.close()


async def test_only_the_process_running_shard_0_syncs_the_commands() -> None:
    bot = create_bot(Settings(token="t", database_url="memory://", shards=Shards(2, (1,))))
    try:
        await bot.sync_commands()  # would fail: this bot is not logged in
    finally:
        await bot.painter.close()


async def test_each_process_sees_only_its_shards_matches(
    service: MatchService, clock: Clock
) -> None:
    """Active matches (the AI is resumed), lagging boards (caught up) and due timers (fired)
    of a server are handled by the process of its shard, and by no other."""
    store = service.store
    by_shard = {
        shard: [await started(service, 10 * shard + n, guild_on_shard(shard, 3, n)) for n in (1, 2)]
        for shard in range(3)
    }
    in_dms = await started(service, 99, None)
    first, rest = Shards(3, (0,)), Shards(3, (1, 2))
    assert [m.id for m in await store.active(first)] == [*by_shard[0], in_dms]
    assert [m.id for m in await store.active(rest)] == [*by_shard[1], *by_shard[2]]
    assert [m.id for m in await store.lagging_boards(rest)] == [*by_shard[1], *by_shard[2]]
    later = clock.now + 24 * 3600
    assert {m.id for m in await store.due_timers(later, shards=first)} == {*by_shard[0], in_dms}
    assert {m.id for m in await store.due_timers(later, shards=rest)} == {
        *by_shard[1],
        *by_shard[2],
    }


async def test_the_shard_filter_agrees_with_discord_in_the_database(
    service: MatchService,
) -> None:
    rng = random.Random(5)
    guilds = [rng.randrange(1 << 40, 1 << 62) for _ in range(12)]
    ids = {guild: await started(service, n, guild) for n, guild in enumerate(guilds)}
    for shards in (Shards(5, (0, 3)), Shards(7, (6,)), Shards(2, (0, 1))):
        expected = sorted(ids[g] for g in guilds if shards.owns(g))
        assert [m.id for m in await service.store.active(shards)] == expected


async def test_a_due_timer_is_claimed_by_one_process_until_stored_again(
    service: MatchService, clock: Clock
) -> None:
    store: MatchStore = service.store
    match_id = await started(service, 5, 1)
    due_at = clock.now + 24 * 3600
    assert [m.id for m in await store.due_timers(due_at, owner="a")] == [match_id]
    assert await store.due_timers(due_at, owner="b") == [], "claimed by a: b skips it"
    assert await store.due_timers(due_at + 60, owner="b") == [], "still a's"
    await store.set_timer(match_id, due_at + 3600)  # a handled it: its next timer
    assert await store.due_timers(due_at + 60, owner="b") == []
    assert [m.id for m in await store.due_timers(due_at + 3600, owner="b")] == [match_id]


async def test_a_claim_whose_owner_died_runs_out(service: MatchService, clock: Clock) -> None:
    match_id = await started(service, 5, 1)
    due_at = clock.now + 24 * 3600
    assert [m.id for m in await service.store.due_timers(due_at, owner="dead")] == [match_id]
    just_before = due_at + TIMER_LEASE_SECONDS - 1
    assert await service.store.due_timers(just_before, owner="alive") == []
    retaken = await service.store.due_timers(due_at + TIMER_LEASE_SECONDS, owner="alive")
    assert [m.id for m in retaken] == [match_id]
