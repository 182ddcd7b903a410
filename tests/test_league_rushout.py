"""Rush Out! leagues (``bot.table.leagues.game_rules``): matches always played in pulses
whose length comes from the league's time limit, live play refused, the winning camp's
players each a full win, the sorcerer's seat (the first) handed round, and a match still
going at the round's deadline finished by the AI through its pulses. Pure tables are
checked by hand (the reasoning beside them); whole seasons run on a real store under a
virtual clock, their standings checked against the matches as the store recorded them."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import Outcome
from bot.store.contract import MatchStore
from bot.store.leagues import League
from bot.store.memory import MemoryStore
from bot.table.leagues import game_rules, pairing, season
from bot.table.leagues.pairing import Contender
from bot.table.leagues.standings import Played, standings, table_points
from bot.table.matches import MatchService
from tests.conftest import Clock, click_at_random
from tests.test_league_core import NAMES, league_of, play_round
from tests.test_league_service import DAY, PLAYERS, Threads, new_league, play_season, services

ENGINE: Any = GAMES["rushout"]
HOUR = 3600


def asked(**changes: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {
        "game": "rushout",
        "league_name": "Dice night",
        "league_format": "swiss",
        "rounds": 3,
        "size": 3,
        "limit": HOUR,
        "round_seconds": 2 * DAY,
        "starts_at": None,
        "game_options": {},
        "seed": 1,
        "now": 0.0,
    }
    return {**settings, **changes}


# ---------------------------------------------------------------- creating one
def test_a_rushout_league_plays_in_pulses_as_long_as_its_time_limit() -> None:
    settings = season.new_settings(**asked(game_options={"mode": "training2"}))
    assert settings["options"] == {"mode": "training2", "play": "pulse", "pulse_seconds": HOUR}
    league = league_of(6, settings, game="rushout")
    assert season.pulse_seconds(league) == HOUR
    assert season.match_time_limit(league) is None, "the pulse is the clock, no turn limit"
    assert season.match_options(league)["sorcerer"] == 0, "the first seat is the sorcerer"
    state = ENGINE.new_state(3, 7, season.match_options(league))
    assert (state.play, state.pulse_seconds, state.sorcerer) == ("pulse", HOUR, 0)
    # Within the engine's bounds: a day a turn makes 12-hour pulses, and so does no limit.
    for limit, pulse in [(24 * HOUR, 12 * HOUR), (0, 12 * HOUR), (12 * HOUR, 12 * HOUR)]:
        assert season.new_settings(**asked(limit=limit))["options"]["pulse_seconds"] == pulse
    assert game_rules.pulse_seconds(10) == 60, "a minute at least"
    # A turn game keeps its options and its time limit as asked.
    ruship = league_of(4, season.new_settings(**asked(game="ruship", size=2)))
    assert season.options(ruship) == {} and season.match_time_limit(ruship) == HOUR


@pytest.mark.parametrize(
    ("options", "size", "reason"),
    [
        ({"play": "live"}, 3, "league.why.live_play"),
        ({"cooldown": 4.0}, 4, "league.why.live_play"),
        ({"pulse_seconds": 300}, 3, "league.why.set_by_league"),
        ({"sorcerer": "random"}, 3, "league.why.set_by_league"),
        ({}, 2, "league.why.size"),
        ({}, 6, "league.why.size"),
        ({"throws_per_pulse": 9}, 3, "league.why.options"),
    ],
)
def test_a_rushout_league_refuses_live_play_and_what_the_league_sets(
    options: dict[str, Any], size: int, reason: str
) -> None:
    with pytest.raises(season.BadLeague) as refused:
        season.new_settings(**asked(game_options=options, size=size))
    assert refused.value.params["reason"] == reason


def test_a_real_time_game_with_no_pulses_still_has_no_league(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(GAMES, "blitz", ENGINE)  # a clock, and no pulses for leagues
    with pytest.raises(season.BadLeague) as refused:
        season.new_settings(**asked(game="blitz"))
    assert refused.value.params["reason"] == "league.why.real_time"


# ---------------------------------------------------------------- camps
def test_each_player_of_the_winning_camp_takes_a_full_win() -> None:
    sorcerer_won, heroes_won = (1, 2, 2, 2, 2), (2, 1, 1, 1, 1)
    assert table_points(sorcerer_won, camps=True) == [1, 0, 0, 0, 0]
    assert table_points(heroes_won, camps=True) == [0, 1, 1, 1, 1]
    assert table_points((1, 1, 1), camps=True) == [F(1, 2)] * 3, "nobody won: a draw"
    # A hero whose seat the AI took over comes last and never wins with the heroes.
    assert table_points((2, 1, 3), camps=True) == [0, 1, 0]
    # By place, a hero's win would be worth little more than a loss at five.
    assert table_points(heroes_won)[1:] == [F(5, 8)] * 4
    assert table_points(sorcerer_won)[1:] == [F(3, 8)] * 4
    results = [Played(1, (1, 2, 3), (2, 1, 1), camps=True), Played(1, (4,), (1,), camps=True)]
    table = {s.user_id: s for s in standings({1: 1, 2: 2, 3: 3, 4: 4}, results, ("buchholz",) * 2)}
    assert [(table[p].won, table[p].drawn, table[p].lost) for p in (1, 2, 3)] == [
        (0, 0, 1),
        (1, 0, 0),
        (1, 0, 0),
    ], "the heroes who won together each have a win, not a shared place"


def test_a_rushout_swiss_of_six_over_three_rounds_hand_checked() -> None:
    """Six players A-F (pairing numbers 1-6) at tables of three: the first seat plays the
    sorcerer. Results are dictated (S: the sorcerer's camp won, H: the heroes').

    1. Nobody has played: A B C and D E F, the first seat to the higher rank: A and D are
       the sorcerers. A wins (S); E and F win (H).
    2. A E F (1) and B C D (0): whoever sat first least often sits first, E and B (the
       higher rank of the two who never did). E wins (S), B wins (S).
    3. E (2); A B F (1); C D (0). Cut in rank order, the tables would be E A B (three
       former sorcerers) and F C D. B and F have equal scores: they swap (the closest in
       rank of the swaps that give both tables someone who never sat first), so F and C
       are the sorcerers. E and A win (H) against F; C wins (S).

    Everybody sat first once. Points, a win 1 for each winner: A 1+0+1, B 0+1+0, C 0+0+1,
    D 0, E 1+1+1, F 1+0+0. Buchholz: the final score of the other camp at each table (a
    sorcerer's, the heroes' mean; a hero's, the sorcerer's: teammates are not opponents),
    e.g. A: (1+1)/2 + 3 (E) + 1 (F) = 5, E: 0 (D) + (1+2)/2 + 1 (F) = 5/2; Sonneborn-Berger:
    each win times that score, e.g. A: 1·1 + 1·1 = 2. B and C are level after both
    tie-breaks: they share 4th.
    """
    league = league_of(6, {"format": "swiss", "rounds": 3, "table_size": 3}, game="rushout")
    sorcerer_wins = {(1, 1), (2, 1), (2, 2), (3, 2)}

    def camp_won(number: int, table: int, seats: tuple[int, ...]) -> tuple[int, ...]:
        sorcerer = (number, table) in sorcerer_wins
        return tuple(1 if (seat == 0) == sorcerer else 2 for seat in range(len(seats)))

    played = []
    for _ in range(3):
        league, shown = play_round(league, camp_won)
        played.append(shown)
    assert played == [["A-B-C", "D-E-F"], ["E-F-A", "B-C-D"], ["F-E-A", "C-B-D"]]
    sorcerers = Counter(g.seats[0] for g in league.games if g.kind == "match")
    assert sorcerers == dict.fromkeys(range(100, 106), 1), "each sat first once"
    table = [
        (s.rank, NAMES[s.user_id - 100], s.points, *s.tiebreaks, s.won, s.drawn, s.lost)
        for s in season.table_of(league)
    ]
    assert table == [
        (1, "E", F(3), F(5, 2), F(5, 2), 3, 0, 0),
        (2, "A", F(2), F(5), F(2), 2, 0, 1),
        (3, "F", F(1), F(11, 2), F(0), 1, 0, 2),
        (4, "B", F(1), F(7, 2), F(1, 2), 1, 0, 2),
        (4, "C", F(1), F(7, 2), F(1, 2), 1, 0, 2),
        (6, "D", F(0), F(4), F(0), 0, 0, 3),
    ]


def test_equal_scores_swap_tables_so_that_the_first_seat_goes_round() -> None:
    # Six players with one point each: the three first in rank order sat first already.
    players = [Contender(i, 1.0, i, firsts=1 if i < 3 else 0) for i in range(6)]
    round_ = pairing.swiss_tables(players, 3)
    firsts = {p.id: p.firsts for p in players}
    assert [firsts[t[0]] for t in round_.tables] == [0, 0], "no one sits first twice"
    assert sorted(len(t) for t in round_.tables) == [3, 3]
    # With unequal scores the leaders still share a table, and one of them sits first again.
    leaders = [Contender(i, 2.0 if i < 3 else 1.0, i, firsts=1 if i < 3 else 0) for i in range(6)]
    round_ = pairing.swiss_tables(leaders, 3)
    assert [sorted(t) for t in round_.tables] == [[0, 1, 2], [3, 4, 5]]


def test_a_rushout_round_robin_seats_everyone_as_sorcerer_once() -> None:
    league = league_of(4, {"format": "single", "table_size": 3}, game="rushout")
    league = season.with_settings(league, rounds=4)
    for _ in range(4):
        league, _shown = play_round(league, lambda n, t, seats: (1, 2, 2))
    sorcerers = Counter(g.seats[0] for g in league.games if g.kind == "match")
    assert sorcerers == dict.fromkeys(range(100, 104), 1)
    assert {s.user_id: s.points for s in season.table_of(league)} == dict.fromkeys(
        range(100, 104), F(2)
    ), "one sorcerer's win and one bye each"


# ---------------------------------------------------------------- seasons on a store
async def camp_points(store: MatchStore, league: League) -> dict[int, F]:
    """Points from the matches as stored: 1 to each seat of the engine's winners, a bye 1."""
    points = dict.fromkeys((e.user_id for e in league.entrants), F(0))
    for game in league.games:
        if game.match_id is None:
            points[game.seats[0]] += 1
            continue
        match = await store.get(game.match_id)
        assert match is not None and match.status == "finished" and match.result
        for seat in match.seats:
            points[seat.user_id or 0] += 1 if seat.seat in match.result["winners"] else 0
    return points


async def ended(matches: MatchService, match_id: int | None) -> tuple[Any, Outcome]:
    """A finished match's last state and its outcome."""
    state = matches.load_state(await matches.get(match_id or 0))
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return state, outcome


async def test_a_rushout_swiss_of_six_is_played_to_its_end_in_pulses_by_the_ai() -> None:
    store, clock = MemoryStore(), Clock()
    matches, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:6], game="rushout", size=3, rounds=2)
    league = await leagues.start(league.id)
    assert season.total_rounds(league) == 2
    league = await play_season(leagues, clock, league.id, Threads())
    assert league.status == "finished"
    tables = [g for g in league.games if g.kind == "match"]
    assert len(tables) == 4 and all(len(g.seats) == 3 and g.by_ai for g in tables)
    for game in tables:
        assert game.match_id is not None
        match = await matches.get(game.match_id)
        state = matches.load_state(match)
        assert (state.play, state.pulse_seconds) == ("pulse", HOUR)
        assert match.settings.get("time_limit") is None
        sorcerer = next(s.user_id for s in match.seats if s.seat == state.sorcerer)
        assert sorcerer == game.seats[0], "the league's first seat is the sorcerer"
        assert not any(s.is_ai for s in match.seats), "the seats stay their people's"
    assert len({g.seats[0] for g in tables}) == 4, "four different sorcerers in two rounds"
    won_by = Counter(
        "sorcerer" if state.sorcerer in outcome.winners else "heroes"
        for state, outcome in [await ended(matches, g.match_id) for g in tables]
    )
    points = await camp_points(store, league)
    table = season.table_of(league)
    assert {s.user_id: s.points for s in table} == points
    assert sum(points.values()) == won_by["sorcerer"] + 2 * won_by["heroes"], won_by
    for standing in table:
        assert standing.won == points[standing.user_id] and standing.drawn == 0
    for person in PLAYERS[:6]:  # every match counted for the server's ratings
        assert await store.rank_of(1, "rushout", person) is not None


async def test_a_rushout_match_still_going_at_the_deadline_is_finished_through_its_pulses() -> None:
    store, clock = MemoryStore(), Clock()
    matches, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:4], game="rushout", size=3, rounds=1)
    league = await leagues.start(league.id)
    await Threads().open_round(leagues, league.id)
    (game,) = [g for g in season.round_games(await leagues.get(league.id)) if g.kind == "match"]
    assert game.match_id is not None
    # The people play a little, then nobody comes back: hours of pulses go by unplayed.
    assert await click_at_random(matches, game.match_id, 6, random.Random(1))
    clock.now += 30 * HOUR
    progress = await leagues.advance(league.id)
    assert progress.finished_by_ai == [] and (await matches.get(game.match_id)).status == "active"
    clock.now = season.deadline(progress.league) or clock.now
    progress = await leagues.advance(league.id)
    assert progress.finished_by_ai == [game.match_id] and progress.ended
    match = await matches.get(game.match_id)
    state = matches.load_state(match)
    assert match.status == "finished" and state.pulse > 1, "played on through the pulses"
    assert not any(s.is_ai for s in match.seats), "the result is the people's"
    assert match.result is not None
    won = set(match.result["winners"])
    (recorded,) = [g for g in progress.league.games if g.kind == "match"]
    assert recorded.by_ai and recorded.places == tuple(1 if s in won else 2 for s in range(3))
    points = {s.user_id: s.points for s in season.table_of(progress.league)}
    assert points == await camp_points(store, progress.league)
    # The match as logged replays to the same end, as /log rebuilds it.
    replayed = ENGINE.new_state(3, match.seed, match.settings["options"])
    for _, seat, action, at in await store.timed_action_log(match.id):
        replayed = ENGINE.apply_at(replayed, seat, action, at - match.settings["started_at"])
    assert ENGINE.dump(replayed) == ENGINE.dump(state)


async def test_at_the_deadline_a_pulse_due_to_end_is_ended_when_no_seat_can_act(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store, clock = MemoryStore(), Clock()
    matches, leagues = services(store, clock)
    league = await new_league(leagues, PLAYERS[:4], game="rushout", size=3, rounds=1)
    await leagues.start(league.id)
    await Threads().open_round(leagues, league.id)
    (game,) = [g for g in season.round_games(await leagues.get(league.id)) if g.kind == "match"]
    assert game.match_id is not None
    clock.now += 2 * HOUR  # the first pulse is over, nobody ended it

    async def nobody_can(match_id: int, seat: int) -> None:
        return None

    monkeypatch.setattr(matches, "act_as_ai", nobody_can)
    match = await leagues.finish_by_ai(game.match_id)
    state = matches.load_state(match)
    assert match.status == "active" and state.pulse == 2, "ended once, then nothing is due"
    assert state.pulse_end == matches.match_time(match) + HOUR


async def test_a_live_rushout_league_is_refused_by_the_table() -> None:
    _, leagues = services(MemoryStore(), Clock())
    with pytest.raises(season.BadLeague) as refused:
        await new_league(leagues, [], game="rushout", size=3, game_options={"play": "live"})
    assert refused.value.key == "league.why.live_play"
    assert await leagues.store.leagues_of_guild(1) == []
