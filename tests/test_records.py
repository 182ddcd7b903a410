"""Players' records: placings, openskill ratings, what counts, rating once, the upgrade of an
older database."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from bot.games import GAMES
from bot.store.contract import MatchStore, migrations
from bot.store.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    PlayedMatch,
    PlayerStats,
    Rating,
    placings,
    rate,
    rating_entries,
)
from bot.store.sqlite import SqliteStore, split_statements
from bot.table import records
from bot.table.errors import MatchNotActive
from bot.table.matches import MatchService
from tests.conftest import Clock, started

ALICE, BOB, CAROL, DAVE = 11, 22, 33, 44


@dataclass(frozen=True)
class S:
    """A seat as the records see it."""

    seat: int
    user_id: int | None
    is_ai: bool = False
    place: int | None = None


def rated(people: list[int | None], winners: list[int], current: dict[int, Rating] | None = None):
    seats = [S(n, p, is_ai=p is None) for n, p in enumerate(people)]
    placed = placings(seats, {"winners": winners, "reason": "won"})
    entries = rating_entries([replace(s, place=placed[s.seat][0]) for s in seats])
    return rate(entries, current or {})


# ---------------------------------------------------------------- placings
def test_winners_share_first_place_and_everybody_else_the_next() -> None:
    seats = [S(0, ALICE), S(1, BOB), S(2, None, is_ai=True), S(3, CAROL)]
    assert placings(seats, {"winners": [1, 2], "reason": "x"}) == {
        0: (2, False),
        1: (1, True),
        2: (1, True),
        3: (2, False),
    }
    assert placings(seats, {"winners": [], "reason": "draw"}) == dict.fromkeys(
        range(4), (1, False)
    ), "nobody won: everybody shares 1st and nobody counts a win"


def test_a_person_whose_seat_the_ai_took_over_forfeits() -> None:
    # Bob resigned from a match of three: the AI finished his seat and won with it.
    seats = [S(0, ALICE), S(1, BOB, is_ai=True), S(2, CAROL)]
    assert placings(seats, {"winners": [1], "reason": "won"}) == {
        0: (2, False),
        1: (3, False),
        2: (2, False),
    }


# ---------------------------------------------------------------- ratings
def test_two_players_the_winner_goes_up_the_loser_down() -> None:
    after = rated([ALICE, BOB], [0])
    assert after[ALICE].mu > DEFAULT_MU > after[BOB].mu
    assert after[ALICE].ordinal > 0 > after[BOB].ordinal
    assert after[ALICE].games == after[BOB].games == 1


def test_two_players_tied_keep_their_strength_and_grow_surer() -> None:
    after = rated([ALICE, BOB], [])
    for person in (ALICE, BOB):
        assert after[person].mu == pytest.approx(DEFAULT_MU)
        assert after[person].sigma < DEFAULT_SIGMA


def test_four_players_two_tied_winners_rise_alike_and_the_others_fall_alike() -> None:
    after = rated([ALICE, BOB, CAROL, DAVE], [1, 3])
    assert after[BOB].mu == pytest.approx(after[DAVE].mu)
    assert after[ALICE].mu == pytest.approx(after[CAROL].mu)
    assert after[BOB].mu > DEFAULT_MU > after[ALICE].mu


def test_six_players_one_winner_and_five_tied() -> None:
    people: list[int | None] = [101, 102, 103, 104, 105, 106]
    after = rated(people, [2])
    assert after[103].mu > DEFAULT_MU
    losers = {round(after[p].mu, 9) for p in (101, 102, 104, 105, 106)}
    assert len(losers) == 1 and losers.pop() < DEFAULT_MU
    assert [p for p in people if p is not None and after[p].ordinal > 0] == [103]


def test_beating_a_stronger_player_is_worth_more() -> None:
    strong = Rating(mu=35.0, sigma=4.0, games=20)
    upset = rated([ALICE, BOB], [0], {BOB: strong})
    expected = rated([ALICE, BOB], [1], {BOB: strong})
    assert upset[ALICE].mu - DEFAULT_MU > DEFAULT_MU - expected[ALICE].mu
    assert upset[BOB].mu < strong.mu and upset[BOB].games == 21


def test_the_ai_is_a_fixed_opponent_and_never_rated() -> None:
    beat = rated([ALICE, None], [0])
    lost = rated([ALICE, None], [1])
    assert set(beat) == {ALICE}
    assert beat[ALICE].mu > DEFAULT_MU > lost[ALICE].mu
    assert rated([None, None], [0]) == {}, "nobody to rate"


# ---------------------------------------------------------------- figures
def played(game: str, won: bool) -> PlayedMatch:
    return PlayedMatch(1, 1, 1, None, game, 0, 1 if won else 2, won, 2, "won", 0.0, 1.0)


def test_summary_counts_streaks_medians_and_the_favourite_game() -> None:
    results = [
        played("ruship", True),
        played("bugrace", True),
        played("ruship", True),
        played("ruship", False),
        played("bugrace", True),
        played("bugrace", True),
    ]
    stats = PlayerStats(results, [5.0, 60.0, 20.0], {}, {})
    overall = records.summarise(stats, None)
    assert (overall.played, overall.won, overall.longest_streak) == (6, 5, 3)
    assert overall.median_move_seconds == 20.0
    assert overall.favourite == "bugrace", "3 each: the one played last"
    ruship = records.summarise(stats, "ruship")
    assert (ruship.played, ruship.won, ruship.longest_streak) == (3, 2, 2)
    assert ruship.win_rate == pytest.approx(2 / 3)
    assert records.summarise(PlayerStats([], [], {}, {}), None).median_move_seconds is None


def test_the_trend_looks_back_five_rated_matches() -> None:
    assert records.trend([]) is None
    assert records.trend([2.0, 3.5]) == pytest.approx(3.5), "from a newcomer's 0"
    assert records.trend([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]) == pytest.approx(5.0)


# ---------------------------------------------------------------- through the match service
async def test_a_resigned_match_is_rated(store: MatchStore) -> None:
    service = MatchService(store, Clock())
    match = await service.resign(await started(service), BOB)
    assert match.result == {"winners": [0], "reason": "resigned"}
    alice, bob = await store.rank_of(1, "ruship", ALICE), await store.rank_of(1, "ruship", BOB)
    assert alice is not None and bob is not None
    assert (alice.rank, bob.rank) == (1, 2) and alice.rating.ordinal > bob.rating.ordinal
    [record], _ = await store.finished_of_player(1, BOB)
    assert (record.place, record.won, record.reason) == (2, False, "resigned")


async def test_a_match_a_moderator_ended_is_recorded_so_and_not_rated(store: MatchStore) -> None:
    service = MatchService(store, Clock())
    match = await service.end_by_moderator(await started(service), 99)
    assert match.status == "finished" and match.settings["ended_by"] == 99
    assert match.result == {"winners": [], "reason": "moderator", "unrated": True}
    assert await store.leaderboard(1, "ruship") == ([], 0), "nobody's rating moved"
    [record], _ = await store.finished_of_player(1, BOB)
    assert (record.won, record.reason) == (False, "moderator")
    with pytest.raises(MatchNotActive):
        await service.end_by_moderator(match.id, 99)


async def test_a_lobby_a_moderator_ends_is_cancelled(store: MatchStore) -> None:
    service = MatchService(store, Clock())
    lobby = await service.open_lobby(
        game="ruship", guild_id=1, channel_id=5, creator_id=ALICE, settings={}
    )
    ended = await service.end_by_moderator(lobby.id, 99)
    assert ended.status == "cancelled" and await store.open_in_channel(5) is None


async def test_a_cancelled_lobby_is_not_rated(store: MatchStore) -> None:
    service = MatchService(store, Clock())
    lobby = await service.open_lobby(
        game="ruship", guild_id=1, channel_id=5, creator_id=ALICE, settings={}, seated=[BOB]
    )
    await service.cancel(lobby.id, ALICE)
    assert await store.leaderboard(1, "ruship") == ([], 0)
    assert (await store.player_stats(1, ALICE)).results == []


async def test_a_match_finished_by_the_ai_playing_expired_turns_is_rated(
    store: MatchStore,
) -> None:
    """The AI plays turns whose time ran out with the same writes as a person's click."""
    clock = Clock()
    service = MatchService(store, clock)
    match_id = await started(service)
    engine = GAMES["ruship"]
    for _ in range(2000):
        match = await service.get(match_id)
        if match.status == "finished":
            break
        clock.now += 1
        for seat in sorted(engine.to_act(service.load_state(match))):
            await service.act_as_ai(match_id, seat)
    match = await service.get(match_id)
    assert match.status == "finished" and match.ended_at == clock.now
    assert match.result is not None
    (winner,) = match.result["winners"]
    ranks = [await store.rank_of(1, "ruship", seat.user_id or 0) for seat in match.seats]
    assert [r.rank if r else None for r in ranks] == ([1, 2] if winner == 0 else [2, 1])
    assert all(r is not None and r.rating.games == 1 for r in ranks)


async def test_a_match_is_rated_once_however_often_its_finish_is_written(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "once.db")
    store = SqliteStore(path)
    await store.open()
    service = MatchService(store, Clock())
    match_id = await started(service)
    await service.resign(match_id, BOB)
    once = await store.leaderboard(1, "ruship")
    with pytest.raises(MatchNotActive):  # a second Yes on the resign question
        await service.resign(match_id, BOB)
    match = await service.get(match_id)
    # The finished match written again (as a retry after a crash would), then the store
    # reopened (which records unrecorded finishes).
    await store.update(match, expected_version=match.version, now=5_000.0)
    await store.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert await store.leaderboard(1, "ruship") == once
        assert [r.rating.games for r in once[0]] == [1, 1]
        assert (await store.get(match_id)).ended_at == 1_000.0  # type: ignore[union-attr]
    finally:
        await store.close()


# ---------------------------------------------------------------- upgrading a database
def schema_3_database(path: Path) -> None:
    """A database as Rush Table wrote it at schema 3, with a finished match of three (Bob
    resigned: the AI took his seat and won), an active match and a cancelled lobby."""
    db = sqlite3.connect(path)
    for number, script in migrations():
        if number <= 3:
            for statement in split_statements(script):
                db.execute(statement)
    db.execute("PRAGMA user_version = 3")
    rows = [
        # id, channel, status, settings, result, created, updated
        (1, 10, "finished", {"started_at": 150.0}, {"winners": [1], "reason": "won"}, 100, 900),
        (2, 11, "active", {"started_at": 450.0}, None, 400, 800),
        (3, 12, "cancelled", {}, None, 500, 510),
        (4, 13, "finished", "not json", {"winners": [0], "reason": "won"}, 600, 950),
    ]
    for match_id, channel, status, settings, result, created, updated in rows:
        db.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, status, creator_id, seed, "
            "settings, state, result, version, created_at, updated_at) "
            "VALUES (?, 1, ?, 'ruship', ?, ?, 1, ?, '{}', ?, 3, ?, ?)",
            (
                match_id,
                channel,
                status,
                ALICE,
                settings if isinstance(settings, str) else json.dumps(settings),
                json.dumps(result) if result else None,
                created,
                updated,
            ),
        )
    seats: list[tuple[int, int, int | None, int]] = [
        (1, 0, ALICE, 0),
        (1, 1, BOB, 1),
        (1, 2, CAROL, 0),
        (2, 0, ALICE, 0),
    ]
    seats += [(2, 1, BOB, 0), (3, 0, ALICE, 0), (4, 0, ALICE, 0), (4, 1, None, 1)]
    db.executemany("INSERT INTO seats (match_id, seat, user_id, is_ai) VALUES (?, ?, ?, ?)", seats)
    db.executemany(
        "INSERT INTO actions (match_id, seq, seat, action, at) VALUES (1, ?, ?, 'go', ?)",
        [(1, 0, 160.0), (2, 2, 200.0), (3, 0, 290.0)],
    )
    db.commit()
    db.close()


async def test_a_schema_3_database_is_upgraded_in_place_with_its_finished_matches(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    schema_3_database(path)
    store = SqliteStore(str(path))
    await store.open()
    try:
        assert await store.schema_version() == max(n for n, _ in migrations()) >= 4
        old = await store.get(1)
        assert old is not None
        assert (old.started_at, old.ended_at) == (150.0, 900.0)
        assert [(s.place, s.won) for s in old.seats] == [(2, False), (3, False), (2, False)]
        active = await store.get(2)
        assert active is not None and (active.started_at, active.ended_at) == (450.0, None)
        assert all(s.place is None for s in active.seats)
        cancelled = await store.get(3)
        assert cancelled is not None and cancelled.started_at is None
        unreadable = await store.get(4)
        assert unreadable is not None and unreadable.started_at == 600.0
        # Rated in the order they ended: Alice played both, Carol and Bob one each.
        board, total = await store.leaderboard(1, "ruship")
        assert total == 3
        assert {r.user_id: r.rating.games for r in board} == {ALICE: 2, CAROL: 1, BOB: 1}
        assert board[-1].user_id == BOB, "the one who resigned comes last"
        stats = await store.player_stats(1, ALICE)
        assert [r.match_id for r in stats.results] == [1, 4]
        assert sorted(stats.move_seconds) == [10.0, 90.0]
        assert len(stats.history["ruship"]) == 2
    finally:
        await store.close()
    again = SqliteStore(str(path))
    await again.open()
    try:
        assert (await again.leaderboard(1, "ruship"))[0] == board, "recorded once"
    finally:
        await again.close()


def test_the_rating_people_see_starts_at_1000_and_is_never_negative() -> None:
    newcomer = Rating()
    assert records.shown_rating(newcomer) == 1000 and records.is_provisional(newcomer)
    after = rate([(ALICE, 1), (BOB, 2)], {})
    assert records.shown_rating(after[ALICE]) > 1000 > records.shown_rating(after[BOB]) >= 0
    worst = Rating(mu=-50.0, sigma=1.0, games=40)
    assert records.shown_rating(worst) == 0 and not records.is_provisional(worst)
