"""Leagues in the store, against every driver (the ``store`` fixture): a league, its
entrants and tables written together under its version, found by server, player and
match, and due leagues claimed once across processes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.store.contract import MatchStore, StaleVersion
from bot.store.leagues import Entrant, League, LeagueGame
from bot.store.shards import Shards, shard_of

GUILD = 1 << 22  # shard 1 of 2


def a_league(guild: int = GUILD, next_at: float | None = 50.0) -> League:
    return League(
        id=0,
        guild_id=guild,
        channel_id=9,
        game="ruship",
        status="signup",
        creator_id=11,
        settings={"name": "Autumn", "format": "swiss", "rounds": 3, "options": {"x": [1, 2]}},
        version=0,
        created_at=5.0,
        next_at=next_at,
        entrants=(Entrant(11, "alice", 1, 6.0), Entrant(22, "bob", 2, 7.0)),
    )


async def test_a_league_round_trips_with_its_entrants_and_tables(store: MatchStore) -> None:
    league = await store.create_league(a_league(), 5.0)
    assert league.id > 0 and league.version == 0
    assert await store.get_league(league.id) == league
    played = replace(
        league,
        status="running",
        settings={**league.settings, "round": 1},
        entrants=(
            replace(league.entrants[1], number=1),
            replace(league.entrants[0], number=2, left_round=1, removed_by=99),
        ),
        games=(
            LeagueGame(1, 1, "match", (22, 11), (1, 2), 70, 71, True),
            LeagueGame(1, 2, "bye", (33,), (1,)),
        ),
    )
    written = await store.update_league(played, expected_version=0, now=8.0)
    assert written.version == 1
    stored = await store.get_league(league.id)
    assert stored is not None and stored == written
    assert [e.user_id for e in stored.entrants] == [22, 11], "by pairing number"
    with pytest.raises(StaleVersion):
        await store.update_league(played, expected_version=0, now=9.0)
    assert await store.league_of_match(70) == stored
    assert await store.league_of_match(71) is None
    assert await store.leagues_of_player(GUILD, 11) == [stored]
    assert await store.leagues_of_player(GUILD, 33) == []  # a bye is no sign-up
    other = await store.create_league(a_league(guild=2), 5.0)
    assert await store.leagues_of_guild(GUILD) == [stored]
    assert await store.leagues_of_guild(2) == [other]
    assert await store.get_league(999) is None


async def test_a_due_league_is_claimed_once_until_it_is_written_again(store: MatchStore) -> None:
    league = await store.create_league(a_league(), 5.0)
    await store.create_league(a_league(next_at=None), 5.0)
    assert await store.due_leagues(49.0, owner="a") == []
    assert [x.id for x in await store.due_leagues(50.0, owner="a")] == [league.id]
    assert await store.due_leagues(60.0, owner="b") == [], "held by a"
    # Written back without ending the lease (a click meanwhile): still held.
    league = await store.update_league(league, expected_version=0, now=61.0)
    assert await store.due_leagues(62.0, owner="b") == []
    # Its keeper writes it with release: free again.
    league = await store.update_league(league, expected_version=1, now=63.0, release=True)
    assert [x.id for x in await store.due_leagues(64.0, owner="b")] == [league.id]
    # A lease whose owner died runs out.
    assert [x.id for x in await store.due_leagues(64.0 + 301.0, owner="c")] == [league.id]


async def test_due_leagues_are_those_of_the_process_shards(store: MatchStore) -> None:
    assert shard_of(GUILD, 2) == 1
    mine = await store.create_league(a_league(guild=GUILD), 5.0)
    await store.create_league(a_league(guild=0), 5.0)
    due = await store.due_leagues(100.0, shards=Shards(2, (1,)), owner="x")
    assert [league.id for league in due] == [mine.id]
