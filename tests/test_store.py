"""One storage test suite, run against every driver; and the match service on top of it."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.games import GAMES, IllegalAction
from bot.store.contract import ChannelTaken, Match, MatchStore, Seat, StaleVersion
from bot.store.drivers import store_from_url
from bot.store.memory import MemoryStore
from bot.store.shards import Shards
from bot.store.sqlite import SqliteStore
from bot.table.errors import (
    ChannelBusy,
    MatchFrozen,
    NotSeated,
    NotYourTurn,
    StaleBoard,
    WrongPlayerCount,
)
from bot.table.matches import MatchService
from tests.conftest import Clock, started

ALICE, BOB, CAROL = 11, 22, 33


async def lobby(store: MatchStore, channel: int = 5) -> Match:
    return await store.create_lobby(
        guild_id=1,
        channel_id=channel,
        game="ruship",
        creator_id=ALICE,
        seed=42,
        settings={"options": {}},
        seats=[Seat(0, ALICE), Seat(1, BOB)],
        now=0.0,
    )


# ---------------------------------------------------------------- the driver contract
async def test_a_lobby_is_stored_with_its_seats(store: MatchStore) -> None:
    match = await lobby(store)
    again = await store.get(match.id)
    assert again is not None
    assert again.status == "lobby" and again.version == 0
    assert [s.user_id for s in again.seats] == [ALICE, BOB]
    assert await store.open_in_channel(5) == again


async def test_one_open_match_per_channel(store: MatchStore) -> None:
    await lobby(store)
    with pytest.raises(ChannelTaken):
        await lobby(store)
    await lobby(store, channel=6)


async def test_an_update_bumps_the_version_and_a_stale_one_loses(store: MatchStore) -> None:
    match = await lobby(store)
    first = await store.update(
        replace(match, status="active", state="{}"), expected_version=0, now=1.0
    )
    assert first.version == 1
    with pytest.raises(StaleVersion):
        await store.update(replace(match, status="cancelled"), expected_version=0, now=2.0)
    current = await store.get(match.id)
    assert current is not None and current.status == "active"


async def test_actions_are_logged_in_order_with_the_state(store: MatchStore) -> None:
    match = await lobby(store)
    match = await store.update(replace(match, status="active"), expected_version=0, now=1)
    match = await store.update(match, expected_version=1, action=(0, "roll", False), now=2)
    await store.update(match, expected_version=2, action=(0, "enter 6", False), now=3)
    assert await store.action_log(match.id) == [(2, 0, "roll"), (3, 0, "enter 6")]
    # The time of each action is kept: real-time games replay from it.
    assert await store.timed_action_log(match.id) == [(2, 0, "roll", 2.0), (3, 0, "enter 6", 3.0)]


async def test_user_matches_and_active_matches(store: MatchStore) -> None:
    first = await lobby(store, channel=5)
    await lobby(store, channel=6)
    await store.update(replace(first, status="active"), expected_version=0, now=1)
    assert [m.channel_id for m in await store.of_user(1, BOB)] == [5, 6]
    assert await store.of_user(1, CAROL) == []
    assert [m.channel_id for m in await store.active()] == [5]


async def test_lobbies_older_than_a_time_are_found_and_no_other_match(store: MatchStore) -> None:
    old = await lobby(store, channel=5)
    started = await lobby(store, channel=6)
    await store.update(replace(started, status="active"), expected_version=0, now=1)
    assert [m.id for m in await store.stale_lobbies(0.0)] == [old.id]
    assert [m.id for m in await store.stale_lobbies(10.0, Shards(2, (0,)))] == [old.id]
    assert await store.stale_lobbies(10.0, Shards(2, (1,))) == [], "another shard's server"
    assert await store.stale_lobbies(-1.0) == [], "opened later than that"


async def test_freezing_frees_the_channel(store: MatchStore) -> None:
    match = await lobby(store)
    await store.freeze(match.id, "unreadable", 1.0)
    frozen = await store.get(match.id)
    assert frozen is not None and frozen.status == "frozen"
    assert await store.open_in_channel(5) is None


async def test_board_message_and_reminder_marks(store: MatchStore) -> None:
    match = await lobby(store)
    await store.set_board_message(match.id, 999)
    await store.mark_reminded(match.id, 50.0)
    again = await store.get(match.id)
    assert again is not None
    assert again.board_message_id == 999 and again.last_reminder_at == 50.0


# ---------------------------------------------------------------- SQLite specifics
async def test_migrations_run_once_and_the_schema_version_is_kept(tmp_path: Path) -> None:
    path = str(tmp_path / "m.db")
    first = SqliteStore(path)
    await first.open()
    await lobby(first)
    version = await first.schema_version()
    await first.close()
    second = SqliteStore(path)
    await second.open()
    assert await second.schema_version() == version >= 1
    assert await second.open_in_channel(5) is not None
    await second.close()


async def test_a_corrupt_settings_column_does_not_break_reading(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "c.db"))
    await store.open()
    match = await lobby(store)
    await store.db.execute("UPDATE matches SET settings = 'not json' WHERE id = ?", (match.id,))
    again = await store.get(match.id)
    assert again is not None and again.settings == {}
    await store.close()


def test_database_urls() -> None:
    assert isinstance(store_from_url("memory://"), MemoryStore)
    sqlite = store_from_url("sqlite:///data/x.db")
    assert isinstance(sqlite, SqliteStore) and sqlite.path == "data/x.db"
    with pytest.raises(Exception, match="sqlite:///path"):
        store_from_url("mysql://nope")


# ---------------------------------------------------------------- the match service
async def test_start_is_refused_until_the_seats_fit(service: MatchService) -> None:
    match = await service.open_lobby(
        game="ruship", guild_id=1, channel_id=5, creator_id=ALICE, settings={"options": {}}
    )
    with pytest.raises(WrongPlayerCount):
        await service.start(match.id, ALICE)
    await service.join(match.id, BOB, "bob")
    started_match = await service.start(match.id, ALICE)
    assert started_match.status == "active"


async def test_a_busy_channel_is_refused(service: MatchService) -> None:
    await started(service)
    with pytest.raises(ChannelBusy):
        await service.open_lobby(
            game="ruship", guild_id=1, channel_id=5, creator_id=CAROL, settings={}
        )


async def test_two_clicks_at_once_on_the_same_board_apply_once(service: MatchService) -> None:
    match_id = await started(service)
    match = await service.get(match_id)
    state = service.load_state(match)
    seat = min(GAMES["ruship"].to_act(state))
    user = match.seats[seat].user_id
    assert user is not None
    results = await asyncio.gather(
        service.act(match_id, match.version, user, "roll"),
        service.act(match_id, match.version, user, "roll"),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleBoard) for r in results) == 1
    assert len(await service.store.action_log(match_id)) == 1


async def test_clicks_on_different_matches_at_once_all_apply(service: MatchService) -> None:
    ids = [await started(service, channel=100 + n) for n in range(8)]

    async def roll(match_id: int) -> None:
        match = await service.get(match_id)
        seat = min(GAMES["ruship"].to_act(service.load_state(match)))
        user = match.seats[seat].user_id
        assert user is not None
        await service.act(match_id, match.version, user, "roll")

    await asyncio.gather(*(roll(i) for i in ids))
    for match_id in ids:
        assert len(await service.store.action_log(match_id)) == 1


async def test_outsiders_and_waiting_players_are_refused(service: MatchService) -> None:
    match_id = await started(service)
    match = await service.get(match_id)
    seat = min(GAMES["ruship"].to_act(service.load_state(match)))
    waiting = match.seats[1 - seat].user_id
    assert waiting is not None
    with pytest.raises(NotSeated):
        await service.act(match_id, match.version, CAROL, "roll")
    with pytest.raises(NotYourTurn):
        await service.act(match_id, match.version, waiting, "roll")
    with pytest.raises(IllegalAction):
        await service.act(match_id, match.version, match.seats[seat].user_id or 0, "fly away")
    assert (await service.get(match_id)).version == match.version


async def test_a_corrupt_state_freezes_only_that_match(service: MatchService) -> None:
    broken, fine = await started(service, channel=5), await started(service, channel=6)
    match = await service.get(broken)
    await service.store.update(replace(match, state="{oops"), expected_version=match.version, now=1)
    match = await service.get(broken)
    with pytest.raises(MatchFrozen):
        await service.act(broken, match.version, ALICE, "roll")
    assert (await service.get(broken)).status == "frozen"
    assert (await service.get(fine)).status == "active"


async def test_resigning_with_two_players_makes_the_other_win(service: MatchService) -> None:
    match_id = await started(service)
    match = await service.resign(match_id, BOB)
    assert match.status == "finished"
    assert match.result == {"winners": [0], "reason": "resigned"}


async def test_reminders_come_after_twelve_hours_then_daily(
    service: MatchService, clock: Clock
) -> None:
    match = await service.get(await started(service))
    state = service.load_state(match)
    assert not service.reminder_due(match, clock.now + 11 * 3600, state)
    assert service.reminder_due(match, clock.now + 12 * 3600, state)
    assert match.timer_at == clock.now + 12 * 3600, "the next timer is stored"
    clock.now += 12 * 3600
    await service.mark_reminded(match, state)
    match = await service.get(match.id)
    assert not service.reminder_due(match, clock.now + 23 * 3600, state)
    assert service.reminder_due(match, clock.now + 24 * 3600, state)
    assert match.timer_at == clock.now + 24 * 3600


async def test_timers_are_read_by_their_due_time_only(service: MatchService, clock: Clock) -> None:
    """The timer loop reads the matches due now, not every active match."""
    soon = await service.get(await started(service))
    later = await service.get(await started(service, channel=6))
    await service.store.set_timer(later.id, clock.now + 48 * 3600)
    assert await service.store.due_timers(clock.now) == []
    due = await service.store.due_timers(clock.now + 12 * 3600)
    assert [m.id for m in due] == [soon.id]
    await service.store.set_timer(soon.id, None)  # nothing to wait for
    assert await service.store.due_timers(clock.now + 100 * 3600) == [await service.get(later.id)]


async def test_the_timer_query_goes_through_its_index(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "plan.db"))
    await store.open()
    try:
        async with store.db.execute(
            "EXPLAIN QUERY PLAN SELECT id FROM matches INDEXED BY matches_by_timer "
            "WHERE status = 'active' AND timer_at IS NOT NULL AND timer_at <= 1"
        ) as cursor:
            plan = " ".join(str(row[-1]) for row in await cursor.fetchall())
        assert "USING INDEX matches_by_timer" in plan
    finally:
        await store.close()


async def test_an_expired_turn_is_played_by_the_ai(service: MatchService, clock: Clock) -> None:
    match = await service.open_lobby(
        game="ruship",
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={"options": {}, "time_limit": 3600},
        seated=[BOB],
        seed=7,
    )
    match = await service.start(match.id, ALICE)
    before = GAMES["ruship"].to_act(service.load_state(match))
    assert await service.play_expired_turn(match.id) == []
    clock.now += 3600
    expired = await service.play_expired_turn(match.id)
    assert len(expired) == 1 and expired[0].played and not expired[0].ai_keeps_seat
    after = await service.get(match.id)
    assert GAMES["ruship"].to_act(service.load_state(after)) != before
    assert json.loads(after.state or "{}")


async def test_the_stored_log_replays_to_the_stored_state(service: MatchService) -> None:
    match_id = await started(service)
    engine = GAMES["ruship"]
    for _ in range(12):
        match = await service.get(match_id)
        state = service.load_state(match)
        seat = min(engine.to_act(state))
        user = match.seats[seat].user_id or 0
        await service.act(match_id, match.version, user, engine.legal_actions(state, seat)[0])
    match = await service.get(match_id)
    replayed = engine.new_state(2, match.seed)
    for _, seat, action in await service.store.action_log(match_id):
        replayed = engine.apply(replayed, seat, action)
    assert engine.dump(replayed) == json.loads(match.state or "{}")


async def test_a_long_pulse_reminds_once_halfway_and_live_play_never(
    service: MatchService, clock: Clock
) -> None:
    async def rushout(channel: int, options: dict[str, object]) -> Match:
        lobby = await service.open_lobby(
            game="rushout",
            guild_id=1,
            channel_id=channel,
            creator_id=ALICE,
            settings={"options": options},
            seated=[BOB, 3],
            seed=7,
        )
        await service.start(lobby.id, ALICE)
        return await service.get(lobby.id)

    pulse = await rushout(5, {"play": "pulse", "pulse_seconds": 3600})
    state = service.load_state(pulse)
    assert service.reminder_at(pulse, state) == clock.now + 1800
    assert pulse.timer_at == clock.now + 1800
    reminded = replace(pulse, last_reminder_at=clock.now + 1800)
    assert service.reminder_at(reminded, state) is None, "once a pulse"
    live = await rushout(6, {"play": "live"})
    assert service.reminder_at(live, service.load_state(live)) is None


# ---------------------------------------------------------------- players' records
async def play_out(
    store: MatchStore,
    people: list[int | None],
    winners: list[int],
    *,
    channel: int = 50,
    guild: int | None = 1,
    game: str = "ruship",
    start: float = 100.0,
    moves: tuple[tuple[int, float], ...] = (),
    end: float = 200.0,
    reason: str = "won",
    settings: dict[str, Any] | None = None,
) -> Match:
    """A match of these people (None: an AI seat) from lobby to finish, at these times."""
    match = await store.create_lobby(
        guild_id=guild,
        channel_id=channel,
        game=game,
        creator_id=next(p for p in people if p is not None),
        seed=1,
        settings=settings or {},
        seats=[Seat(n, p, is_ai=p is None) for n, p in enumerate(people)],
        now=start - 10,
    )
    match = await store.update(replace(match, status="active"), expected_version=0, now=start)
    for seat, at in moves:
        match = await store.update(
            match, expected_version=match.version, action=(seat, "go", False), now=at
        )
    result = {"winners": winners, "reason": reason}
    return await store.update(
        replace(match, status="finished", result=result), expected_version=match.version, now=end
    )


async def test_a_finish_is_recorded_with_places_times_and_ratings(store: MatchStore) -> None:
    match = await play_out(store, [ALICE, BOB, CAROL], [1], start=100.0, end=250.0)
    stored = await store.get(match.id)
    assert stored is not None
    assert (stored.started_at, stored.ended_at) == (100.0, 250.0)
    assert [(s.place, s.won) for s in stored.seats] == [(2, False), (1, True), (2, False)]
    bob, alice = await store.rank_of(1, "ruship", BOB), await store.rank_of(1, "ruship", ALICE)
    assert bob is not None and alice is not None
    assert bob.rank == 1 and bob.rating.games == 1 and bob.rating.ordinal > alice.rating.ordinal
    assert await store.rank_of(2, "ruship", BOB) is None, "ratings are per server"
    assert await store.rank_of(1, "bugrace", BOB) is None, "and per game"


async def test_beating_a_hard_ai_rates_higher_than_beating_an_easy_one(store: MatchStore) -> None:
    from bot.store.ratings import AI_LEVELS

    for channel, (person, level) in enumerate(((ALICE, "hard"), (BOB, "easy"), (CAROL, None))):
        settings = {AI_LEVELS: [level]} if level else {}
        await play_out(store, [person, None], [0], channel=80 + channel, settings=settings)
    ranks = [await store.rank_of(1, "ruship", person) for person in (ALICE, CAROL, BOB)]
    assert all(rank is not None for rank in ranks)
    ordinals = [rank.rating.ordinal for rank in ranks if rank is not None]
    assert ordinals[0] > ordinals[1] > ordinals[2], "hard, then normal, then easy"


async def test_a_cancelled_match_is_neither_played_nor_rated(store: MatchStore) -> None:
    match = await lobby(store)
    await store.update(replace(match, status="cancelled"), expected_version=0, now=5.0)
    assert await store.finished_of_player(1, ALICE) == ([], 0)
    assert await store.leaderboard(1, "ruship") == ([], 0)


async def test_a_finish_written_again_is_not_rated_again(store: MatchStore) -> None:
    match = await play_out(store, [ALICE, BOB], [0])
    once = await store.rank_of(1, "ruship", ALICE)
    again = await store.update(match, expected_version=match.version, now=900.0)
    assert again.ended_at == 200.0, "the finish keeps its time"
    assert await store.rank_of(1, "ruship", ALICE) == once
    assert once is not None and once.rating.games == 1


async def test_a_players_finished_matches_come_newest_first_in_pages(store: MatchStore) -> None:
    for n in range(5):
        await play_out(store, [ALICE, BOB], [n % 2], channel=60 + n, end=1000.0 + n)
    await play_out(store, [ALICE, BOB], [0], channel=70, guild=2)
    active = await lobby(store, channel=71)
    await store.update(replace(active, status="active"), expected_version=0, now=1.0)
    first, total = await store.finished_of_player(1, ALICE, offset=0, limit=2)
    assert total == 5
    assert [p.ended_at for p in first] == [1004.0, 1003.0]
    assert [p.won for p in first] == [True, False]
    last, _ = await store.finished_of_player(1, ALICE, offset=4, limit=2)
    assert [(p.ended_at, p.players, p.reason, p.game) for p in last] == [
        (1000.0, 2, "won", "ruship")
    ]
    assert last[0].link == "https://discord.com/channels/1/60"


async def test_stats_inputs_hold_results_times_to_move_and_rating_history(
    store: MatchStore,
) -> None:
    # Alice moves 30 s after the start, Bob 10 s later, Alice 50 s after that.
    await play_out(
        store, [ALICE, BOB], [0], start=100.0, moves=((0, 130.0), (1, 140.0), (0, 190.0))
    )
    await play_out(store, [ALICE, None], [1], channel=51, game="bugrace", end=300.0)
    stats = await store.player_stats(1, ALICE)
    assert [(r.game, r.won) for r in stats.results] == [("ruship", True), ("bugrace", False)]
    assert sorted(stats.move_seconds) == [30.0, 50.0]
    assert set(stats.ratings) == {"ruship", "bugrace"}
    assert len(stats.history["ruship"]) == 1
    assert stats.history["ruship"][-1] == pytest.approx(stats.ratings["ruship"].ordinal)
    assert (await store.player_stats(1, ALICE, "bugrace")).move_seconds == []


async def test_the_leaderboard_pages_best_first_and_ranks_anyone(store: MatchStore) -> None:
    people = list(range(100, 124))
    for n in range(0, len(people), 2):  # the first of each pair wins
        await play_out(store, [people[n], people[n + 1]], [0], channel=200 + n)
    page, total = await store.leaderboard(1, "ruship", offset=10, limit=10)
    assert total == 24 and [r.rank for r in page] == list(range(11, 21))
    everyone, _ = await store.leaderboard(1, "ruship", offset=0, limit=100)
    ordinals = [r.rating.ordinal for r in everyone]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {r.user_id for r in everyone[:12]} == set(people[0::2])
    for ranked in everyone:
        assert await store.rank_of(1, "ruship", ranked.user_id) == ranked


async def test_the_records_queries_go_through_their_indexes(tmp_path: Path) -> None:
    store = SqliteStore(str(tmp_path / "plan.db"))
    await store.open()
    try:

        async def plan(sql: str) -> str:
            async with store.db.execute("EXPLAIN QUERY PLAN " + sql) as cursor:
                return " ".join(str(row[-1]) for row in await cursor.fetchall())

        board = await plan(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id IS 1 AND game = 'ruship' "
            "ORDER BY ordinal DESC, user_id LIMIT 10 OFFSET 10"
        )
        assert "ratings_by_rank" in board and "TEMP B-TREE" not in board
        rank = await plan(
            "SELECT COUNT(*) FROM ratings WHERE guild_id IS 1 AND game = 'ruship' "
            "AND (ordinal > 3 OR (ordinal = 3 AND user_id < 5))"
        )
        assert "ratings_by_rank" in rank
        mine = await plan(
            "SELECT m.id FROM seats s JOIN matches m ON m.id = s.match_id "
            "WHERE s.user_id = 5 AND m.guild_id IS 1 AND m.status = 'finished'"
        )
        assert "INDEX seats_by_user" in mine
        history = await plan(
            "SELECT ordinal FROM rating_history WHERE guild_id IS 1 AND user_id = 5 "
            "AND game = 'ruship' ORDER BY at DESC LIMIT 6"
        )
        assert "rating_history_by_player" in history
    finally:
        await store.close()


# ---------------------------------------------------------------- notifications and followers
async def test_notification_settings_are_stored_per_person(store: MatchStore) -> None:
    from bot.store.people import NotifyPrefs

    assert await store.notify_prefs([ALICE, BOB]) == {}, "nobody changed anything yet"
    alice = NotifyPrefs(ALICE, pings="dm", reminders=False, remind_after=3600.0, locale="fr")
    await store.set_notify_prefs(alice, 10.0)
    away = NotifyPrefs(BOB, pings="none", away_since=20.0, away_until=7200.0, dm_closed=True)
    await store.set_notify_prefs(away, 20.0)
    assert await store.notify_prefs([ALICE, BOB, CAROL]) == {ALICE: alice, BOB: away}
    back = replace(away, away_until=30.0, pings="both")
    await store.set_notify_prefs(back, 30.0)
    assert await store.notify_prefs([BOB]) == {BOB: back}, "a change replaces the row"


async def test_followers_follow_change_and_unfollow(store: MatchStore) -> None:
    from bot.store.people import Follower

    match = await lobby(store)
    assert await store.followers(match.id) == []
    await store.follow(Follower(match.id, CAROL, False, 5.0, "en"))
    await store.follow(Follower(match.id, 44, True, 6.0, None))
    await store.follow(Follower(match.id, CAROL, True, 9.0, "fr"))
    assert await store.followers(match.id) == [
        Follower(match.id, CAROL, True, 5.0, "fr"),  # following since the first time
        Follower(match.id, 44, True, 6.0, None),
    ]
    assert await store.unfollow(match.id, CAROL) is True
    assert await store.unfollow(match.id, CAROL) is False, "not following any more"
    assert [f.user_id for f in await store.followers(match.id)] == [44]


async def test_private_panels_in_direct_messages_are_stored_without_touching_the_match(
    store: MatchStore,
) -> None:
    from bot.store.people import HandMessage

    match = await lobby(store)
    other = await lobby(store, channel=6)
    assert await store.hand_messages(match.id) == []
    await store.set_hand_message(HandMessage(match.id, BOB, 900, 901, "fr"))
    await store.set_hand_message(HandMessage(match.id, ALICE, 800, 801, None))
    await store.set_hand_message(HandMessage(other.id, ALICE, 800, 811, "en"))
    assert await store.hand_messages(match.id) == [
        HandMessage(match.id, ALICE, 800, 801, None),
        HandMessage(match.id, BOB, 900, 901, "fr"),
    ]
    await store.set_hand_message(HandMessage(match.id, ALICE, 800, 802, "en"))  # sent again
    assert (await store.hand_messages(match.id))[0] == HandMessage(match.id, ALICE, 800, 802, "en")
    await store.drop_hand_message(match.id, BOB)
    await store.drop_hand_message(match.id, BOB)  # gone already: nothing happens
    assert [h.user_id for h in await store.hand_messages(match.id)] == [ALICE]
    assert [h.message_id for h in await store.hand_messages(other.id)] == [811]
    stored = await store.get(match.id)
    assert stored == match, "no new version, no trace on the match"


async def test_a_persons_active_matches_in_every_server(store: MatchStore) -> None:
    first = await lobby(store, channel=5)
    other = await store.create_lobby(
        guild_id=2,
        channel_id=7,
        game="ruship",
        creator_id=CAROL,
        seed=1,
        settings={},
        seats=[Seat(0, CAROL), Seat(1, BOB)],
        now=0.0,
    )
    await lobby(store, channel=6)  # still a lobby: not active
    for match in (first, other):
        await store.update(replace(match, status="active"), expected_version=0, now=1)
    assert [m.id for m in await store.active_of_user(BOB)] == [first.id, other.id]
    assert [m.id for m in await store.active_of_user(ALICE)] == [first.id]
    assert await store.active_of_user(99) == []


async def timed_match(service: MatchService, limit: int = 3600) -> Match:
    match = await service.open_lobby(
        game="ruship",
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={"options": {}, "time_limit": limit},
        seated=[BOB],
        seed=7,
    )
    return await service.start(match.id, ALICE)


def person_to_act(service: MatchService, match: Match) -> int:
    (seat,) = service.humans_to_act(match, service.load_state(match))
    assert seat.user_id is not None
    return seat.user_id


async def test_an_away_period_pauses_the_time_limit_and_counts_it_from_the_return(
    service: MatchService, clock: Clock
) -> None:
    from bot.store.people import NotifyPrefs

    match = await timed_match(service)
    person = person_to_act(service, match)
    started = clock.now
    assert match.timer_at == started + 3600
    await service.store.set_notify_prefs(
        NotifyPrefs(person, away_since=started + 600, away_until=started + 5 * 3600), clock.now
    )
    await service.refresh_timer(match.id)
    match = await service.get(match.id)
    assert match.timer_at == started + 6 * 3600, "the limit counts from the end of the away"
    clock.now = started + 2 * 3600
    assert await service.play_expired_turn(match.id) == [], "away: the time has not run out"
    clock.now = started + 3 * 3600  # back early
    await service.store.set_notify_prefs(
        NotifyPrefs(person, away_since=started + 600, away_until=clock.now), clock.now
    )
    await service.refresh_timer(match.id)
    assert (await service.get(match.id)).timer_at == clock.now + 3600
    clock.now += 3599
    assert await service.play_expired_turn(match.id) == []
    clock.now += 1
    expired = await service.play_expired_turn(match.id)
    assert [e.user_id for e in expired] == [person]


async def test_reminders_follow_each_persons_settings(service: MatchService, clock: Clock) -> None:
    from bot.store.people import NotifyPrefs

    match = await service.get(await started(service))
    state = service.load_state(match)
    person = person_to_act(service, match)
    off = {person: NotifyPrefs(person, reminders=False)}
    assert service.reminder_at(match, state, off) is None
    early = {person: NotifyPrefs(person, remind_after=2 * 3600)}
    assert service.reminder_at(match, state, early) == clock.now + 2 * 3600
    away = {person: NotifyPrefs(person, away_until=clock.now + 24 * 3600)}
    assert service.reminder_at(match, state, away) == clock.now + 36 * 3600, "after the away"
    await service.store.set_notify_prefs(off[person], clock.now)
    await service.refresh_timer(match.id)
    assert (await service.get(match.id)).timer_at is None, "nothing to wait for"
