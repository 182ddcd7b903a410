"""A process running some shards: it plays its servers' matches, and leaves the others'
AI seats and boards to the process of their shard."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import RushTableBot, ShardedRushTableBot, create_bot
from bot.store.shards import Shards
from tests.conftest import make_bot
from tests.discord_helpers import Table

#: This process runs shard 1 of 2.
SHARDS = Shards(2, (1,))

#: The slash commands are synced by the process running shard 0, which is not started here.
pytestmark = pytest.mark.simcord(strict_sync=False)


def sharded_bot(database: Path) -> RushTableBot:
    settings = dataclasses.replace(make_bot(database).settings, shards=SHARDS)
    return create_bot(settings)


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RushTableBot]:
    bot = sharded_bot(database)
    yield bot
    await bot.store.close()


async def match_with_the_ai_to_act(bot: RushTableBot, guild_id: int, channel_id: int) -> int:
    """A started Ruship match whose first turn is the AI's (written to the database as
    another process would)."""
    service = bot.service
    for seed in range(1, 50):
        lobby = await service.open_lobby(
            game="ruship",
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=11,
            settings={"options": {}},
            seated=[],
            seed=seed,
        )
        await service.add_ai(lobby.id, 11)
        match = await service.start(lobby.id, 11)
        if service.ai_to_act(match, service.load_state(match)):
            return match.id
        await service.resign(match.id, 11)
    raise AssertionError("no seed lets the AI start")


async def test_a_process_plays_a_whole_match_in_a_server_of_its_shard(simcord_env: Any) -> None:
    assert isinstance(simcord_env.bot, ShardedRushTableBot)
    table = Table(simcord_env, shard_id=1)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})
    assert "🏆" in table.board().content


async def test_ai_seats_and_boards_of_other_shards_are_left_to_their_process(
    simcord_env: Any, database: Path
) -> None:
    mine = simcord_env.create_guild(shard_id=1).create_text_channel("games")
    theirs = simcord_env.create_guild(shard_id=0).create_text_channel("games")
    bot = simcord_env.bot
    own = await match_with_the_ai_to_act(bot, mine.guild.id, mine.id)
    other = await match_with_the_ai_to_act(bot, theirs.guild.id, theirs.id)
    before = await bot.service.get(other)
    await simcord_env.restart_bot(sharded_bot(database))
    await simcord_env.advance_time(30)
    bot = simcord_env.bot
    assert (await bot.service.get(own)).version > 2, "the AI of its shard's match played"
    assert not (await bot.service.get(own)).board_lags, "and its board was posted"
    assert await bot.service.get(other) == before, "the other shard's match is untouched"
