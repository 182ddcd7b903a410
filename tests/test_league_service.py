"""Leagues run by the table (``LeagueService`` on a real store and ``MatchService``): whole
seasons whose matches the AI finishes at each round's deadline under a virtual clock, a
restart mid-round, a withdrawal. The results are checked against the matches as the store
recorded them, independently of the standings code."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from bot.store.contract import MatchStore
from bot.store.leagues import League
from bot.store.memory import MemoryStore
from bot.store.sqlite import SqliteStore
from bot.table.leagues import season
from bot.table.leagues.pairing import ABSOLUTE, seat_preference
from bot.table.leagues.service import LeagueService
from bot.table.leagues.standings import table_points
from bot.table.matches import MatchService
from tests.conftest import Clock

#: Every match gets the same seed, so the AI's results, and the pairings that follow from
#: them, are the same at every run.
pytestmark = pytest.mark.usefixtures("fixed_seed")

DAY = 86400.0
PLAYERS = [100 + i for i in range(7)]


def services(store: MatchStore, clock: Clock) -> tuple[MatchService, LeagueService]:
    matches = MatchService(store, clock)
    return matches, LeagueService(store, matches, clock)


async def new_league(leagues: LeagueService, people: list[int], **asked) -> League:
    settings = {
        "guild_id": 1,
        "channel_id": 5,
        "game": "ruship",
        "creator_id": 1,
        "name": "Autumn",
        "league_format": "swiss",
        "rounds": 5,
        "size": 2,
        "limit": 3600,
        "round_seconds": 2 * DAY,
        "starts_at": None,
        "game_options": {},
        "seed": 3,
        **asked,
    }
    league = await leagues.create(**settings)
    for person in people:
        league = await leagues.join(league.id, person, f"p{person}")
    return league


class Threads:
    """Thread ids for the tables, as the Discord layer would make them."""

    def __init__(self) -> None:
        self.next = 10_000

    async def open_round(self, leagues: LeagueService, league_id: int) -> None:
        league = await leagues.get(league_id)
        for game in season.round_games(league):
            if game.kind == "match" and game.match_id is None:
                self.next += 1
                assert await leagues.open_match(league_id, game, self.next) is not None


async def play_season(
    leagues: LeagueService, clock: Clock, league_id: int, threads: Threads
) -> League:
    """Each round: its matches opened, nobody plays, the deadline comes and the AI finishes
    every match; the next round is paired, until the end."""
    for _ in range(20):
        league = await leagues.get(league_id)
        if league.status == "finished":
            return league
        await threads.open_round(leagues, league_id)
        clock.now = season.deadline(await leagues.get(league_id)) or clock.now
        await leagues.advance(league_id)
    raise AssertionError("the season did not end")


async def recorded_points(store: MatchStore, league: League) -> dict[int, Fraction]:
    """Points from the matches as stored (their seats' places), byes a full point."""
    points = dict.fromkeys((e.user_id for e in league.entrants), Fraction(0))
    for game in league.games:
        if game.match_id is None:
            points[game.seats[0]] += 1
            continue
        match = await store.get(game.match_id)
        assert match is not None and match.status == "finished"
        seats = sorted(match.seats, key=lambda s: s.seat)
        assert [s.user_id for s in seats] == list(game.seats), "seated as paired"
        for seat, share in zip(seats, table_points([s.place or 1 for s in seats]), strict=True):
            points[seat.user_id or 0] += share
    return points


async def test_a_swiss_of_seven_is_played_to_its_end_with_ai_finished_matches() -> None:
    store, clock = MemoryStore(), Clock()
    _, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS)
    league = await leagues.start(league.id)
    assert league.status == "running" and season.total_rounds(league) == 5
    league = await play_season(leagues, clock, league.id, Threads())
    assert league.status == "finished" and season.winners(league)
    met = [tuple(sorted(g.seats)) for g in league.games if g.kind == "match"]
    assert len(met) == 15 and len(set(met)) == 15, "no pair met twice"
    byes = [g.seats[0] for g in league.games if g.kind == "bye"]
    assert len(byes) == 5 and len(set(byes)) == 5, "one bye a round, never twice"
    assert all(g.by_ai for g in league.games if g.kind == "match")
    # First seats follow the players' seat preferences as colours do: an absolute one
    # (two games in a row in one seat, or two more games in it) is always granted unless
    # both players at the table have it for the same seat.
    history: dict[int, list[int]] = {}
    for game in sorted(league.games, key=lambda g: (g.round, g.table)):
        if game.kind != "match":
            continue
        wants = {p: seat_preference(history.get(p, [])) for p in game.seats}
        for seat, person in enumerate(game.seats):
            other = game.seats[1 - seat]
            want, strength = wants[person]
            if strength == ABSOLUTE and wants[other] != (want, ABSOLUTE):
                assert seat == want, (game, history)
        for seat, person in enumerate(game.seats):
            history.setdefault(person, []).append(seat)
    # The standings agree with the matches as the store recorded them; Buchholz is the sum
    # of the opponents' final scores (a bye: the player's own).
    points = await recorded_points(store, league)
    table = season.table_of(league)
    assert {s.user_id: s.points for s in table} == points
    for standing in table:
        person = standing.user_id
        faced = [
            points[other]
            for g in league.games
            if g.kind == "match" and person in g.seats
            for other in g.seats
            if other != person
        ]
        own = points[person] * sum(1 for g in league.games if g.kind == "bye" and person in g.seats)
        assert standing.tiebreaks[0] == sum(faced, Fraction(0)) + own
    assert [s.rank for s in table] == sorted(s.rank for s in table)
    assert sum(points.values()) == 15 + 5
    for game in league.games:  # every match counted for the server's ratings
        if game.match_id is not None:
            for person in game.seats:
                assert await store.rank_of(1, "ruship", person) is not None


async def test_a_double_round_robin_of_four_at_bug_race_tables_of_three() -> None:
    store, clock = MemoryStore(), Clock()
    _, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:4], game="bugrace", league_format="double", size=3)
    league = await leagues.start(league.id)
    assert season.total_rounds(league) == 8
    league = await play_season(leagues, clock, league.id, Threads())
    assert league.status == "finished"
    tables = [g for g in league.games if g.kind == "match"]
    assert len(tables) == 8 and all(len(g.seats) == 3 for g in tables)
    shared = Counter(frozenset(p) for g in tables for p in _pairs(g.seats))
    assert set(shared.values()) == {4}, "every two players share four tables"
    assert Counter(g.seats[0] for g in league.games if g.kind == "bye") == dict.fromkeys(
        PLAYERS[:4], 2
    )
    points = await recorded_points(store, league)
    assert {s.user_id: s.points for s in season.table_of(league)} == points
    assert sum(points.values()) == 8 * Fraction(3, 2) + 8


def _pairs(seats: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(seats) for b in seats[i + 1 :]]


async def test_a_deadline_makes_the_ai_finish_a_match() -> None:
    store, clock = MemoryStore(), Clock()
    matches, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:3], rounds=1)
    league = await leagues.start(league.id)
    await Threads().open_round(leagues, league.id)
    (game,) = [g for g in season.round_games(await leagues.get(league.id)) if g.kind == "match"]
    assert game.match_id is not None
    clock.now += DAY
    progress = await leagues.advance(league.id)
    assert progress.finished_by_ai == [] and not progress.ended, "not due yet"
    clock.now += DAY
    progress = await leagues.advance(league.id)
    assert progress.finished_by_ai == [game.match_id] and progress.ended
    match = await matches.get(game.match_id)
    assert match.status == "finished" and not any(s.is_ai for s in match.seats)
    assert progress.league.games[0].by_ai and progress.league.status == "finished"
    assert season.next_look(progress.league, clock.now) is None


async def test_a_league_carries_on_after_a_restart_mid_round(tmp_path: Path) -> None:
    path = str(tmp_path / "league.db")
    clock = Clock()
    store = SqliteStore(path)
    await store.open()
    _, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:5], rounds=3)
    league = await leagues.start(league.id)
    threads = Threads()
    await threads.open_round(leagues, league.id)
    clock.now = season.deadline(await leagues.get(league.id)) or 0.0
    await leagues.advance(league.id)
    # Round 2 opened; the bot stops half-way through opening its tables.
    league = await leagues.get(league.id)
    first = next(g for g in season.round_games(league) if g.kind == "match")
    threads.next += 1
    await leagues.open_match(league.id, first, threads.next)
    await store.close()

    store = SqliteStore(path)
    await store.open()
    try:
        _, leagues = services(store, clock)
        league = await leagues.get(league.id)
        assert season.current_round(league) == 2 and league.status == "running"
        assert [
            g.match_id is not None for g in season.round_games(league) if g.kind == "match"
        ] == [
            True,
            False,
        ]
        # A keeper after the restart: due at the deadline, found by the claim.
        due = await leagues.due(clock.now + 3 * DAY, owner="after")
        assert [d.id for d in due] == [league.id]
        league = await play_season(leagues, clock, league.id, threads)
        assert league.status == "finished" and season.current_round(league) == 3
        met = [tuple(sorted(g.seats)) for g in league.games if g.kind == "match"]
        assert len(met) == len(set(met)) == 6
        assert {s.user_id: s.points for s in season.table_of(league)} == await recorded_points(
            store, league
        )
    finally:
        await store.close()


async def test_a_player_who_leaves_mid_season_forfeits_the_rest() -> None:
    store, clock = MemoryStore(), Clock()
    _, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:4], league_format="single")
    league = await leagues.start(league.id)
    await Threads().open_round(leagues, league.id)
    league = await leagues.get(league.id)
    game = season.round_games(league)[0]
    leaver, opponent = game.seats
    left = await leagues.leave(league.id, leaver)
    assert left.resigned is not None and left.resigned.status == "finished"
    assert left.league.entrant(leaver).left_round == 1  # type: ignore[union-attr]
    progress = await leagues.advance(league.id)
    assert [g.places for g in progress.recorded if g.match_id == game.match_id] == [
        (2, 1) if game.seats[0] == leaver else (1, 2)
    ]
    league = await play_season(leagues, clock, league.id, Threads())
    later = [g for g in league.games if g.round > 1]
    assert all(leaver not in g.seats for g in later)
    forfeits = [g for g in later if g.kind == "forfeit"]
    assert len(forfeits) == 2, "the two others scheduled to meet them win by forfeit"
    table = season.table_of(league)
    assert next(s for s in table if s.user_id == leaver).left
    assert next(s for s in table if s.user_id == leaver).points == 0
    assert opponent in [s.user_id for s in table if s.points >= 1]


async def test_a_league_without_enough_entrants_at_its_start_date_is_cancelled() -> None:
    store, clock = MemoryStore(), Clock()
    _, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:2], starts_at=clock.now + DAY)
    assert league.next_at == clock.now + DAY, "its keeper looks at it on its start date"
    assert await leagues.due(clock.now + DAY - 1) == []
    clock.now += DAY
    (due,) = await leagues.due(clock.now, owner="me")
    progress = await leagues.advance(due.id)
    assert progress.cancelled and progress.league.status == "cancelled"
    assert progress.league.settings[season.CANCELLED] == "too_few"
    assert progress.league.next_at is None
