"""Leagues' pure core (``bot.table.leagues``): pairings, standings and a season's life,
held to tables checked by hand (the reasoning is written beside each)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from typing import Any

import pytest

from bot.store.leagues import Entrant, League
from bot.table.leagues import pairing, season
from bot.table.leagues.pairing import (
    ABSOLUTE,
    FIRST,
    MILD,
    SECOND,
    STRONG,
    Contender,
    berger_round,
    round_robin,
    seat_preference,
    swiss_pairs,
)
from bot.table.leagues.standings import (
    BUCHHOLZ,
    SONNEBORN_BERGER,
    Played,
    head_to_head,
    standings,
    table_points,
)

DAY = 86400.0


# ---------------------------------------------------------------- round robin
def test_berger_tables_are_fides_published_tables() -> None:
    # FIDE Handbook C.05 Annex 1: 4 and 6 players, White first.
    assert [berger_round(4, r) for r in (1, 2, 3)] == [
        [(1, 4), (2, 3)],
        [(4, 3), (1, 2)],
        [(2, 4), (3, 1)],
    ]
    six = [berger_round(6, r) for r in range(1, 6)]
    assert [sorted(r) for r in six] == [
        sorted([(1, 6), (2, 5), (3, 4)]),
        sorted([(6, 4), (5, 3), (1, 2)]),
        sorted([(2, 6), (3, 1), (4, 5)]),
        sorted([(6, 5), (1, 4), (2, 3)]),
        sorted([(3, 6), (4, 2), (5, 1)]),
    ]


@pytest.mark.parametrize("count", [3, 4, 5, 6, 7, 8, 10])
def test_a_round_robin_of_pairs_meets_everyone_once_and_balances_seats(count: int) -> None:
    rounds = round_robin(count, 2, double=False)
    assert len(rounds) == count - 1 + count % 2
    met = [tuple(sorted(t)) for r in rounds for t in r.tables]
    assert sorted(met) == sorted(
        (a, b) for a in range(1, count + 1) for b in range(a + 1, count + 1)
    )
    for r in rounds:  # everyone plays once a round, or has the round's one bye
        seated = [p for t in r.tables for p in t] + list(r.byes)
        assert sorted(seated) == list(range(1, count + 1))
        assert len(r.byes) == count % 2
    firsts = {n: sum(1 for r in rounds for t in r.tables if t[0] == n) for n in range(1, count + 1)}
    assert max(firsts.values()) - min(firsts.values()) <= 1
    double = round_robin(count, 2, double=True)
    assert double[len(rounds) :] == [
        replace(r, tables=tuple((b, a) for a, b in r.tables)) for r in rounds
    ]


def test_a_double_round_robin_of_four_in_tables_of_three() -> None:
    rounds = round_robin(4, 3, double=True)
    # Round r seats the three numbers after r (cyclic), the r-th sits out; the second
    # cycle seats each table in the reverse order.
    assert [(r.tables, r.byes) for r in rounds] == [
        (((2, 3, 4),), (1,)),
        (((3, 4, 1),), (2,)),
        (((4, 1, 2),), (3,)),
        (((1, 2, 3),), (4,)),
        (((4, 3, 2),), (1,)),
        (((1, 4, 3),), (2,)),
        (((2, 1, 4),), (3,)),
        (((3, 2, 1),), (4,)),
    ]
    for player in range(1, 5):  # each seat once a cycle
        for cycle in (rounds[:4], rounds[4:]):
            seats = sorted(r.tables[0].index(player) for r in cycle if player in r.tables[0])
            assert seats == [0, 1, 2]
    with pytest.raises(ValueError):
        round_robin(6, 3, double=False)


# ---------------------------------------------------------------- Swiss
def test_seat_preferences_follow_the_seat_history() -> None:
    assert seat_preference(()) == (None, 0)
    assert seat_preference((FIRST,)) == (SECOND, STRONG)
    assert seat_preference((FIRST, SECOND)) == (FIRST, MILD)
    assert seat_preference((SECOND, FIRST)) == (SECOND, MILD)
    assert seat_preference((SECOND, FIRST, FIRST)) == (SECOND, ABSOLUTE)  # twice in a row
    assert seat_preference((FIRST, SECOND, FIRST, FIRST, SECOND, FIRST)) == (SECOND, ABSOLUTE)


def test_two_players_who_met_meet_again_only_when_nothing_else_is_left() -> None:
    a = Contender(1, 1.0, 0, frozenset({2}), (FIRST,))
    b = Contender(2, 0.0, 1, frozenset({1}), (SECOND,))
    again = swiss_pairs([a, b])
    assert again.tables == ((2, 1),) and again.rematches == 1  # seats alternate
    c = Contender(3, 0.0, 2)
    three = swiss_pairs([a, b, replace(c, had_bye=False)])
    assert three.rematches == 0 and sorted(three.tables[0]) == [1, 3] and three.byes == (2,)


NAMES = "ABCDEFG"


def league_of(count: int, settings: dict[str, Any], game: str = "ruship") -> League:
    entrants = tuple(Entrant(100 + i, NAMES[i], i + 1, 0.0) for i in range(count))
    base = {"round": 0, "round_seconds": 2 * DAY, "seed": 1, **settings}
    return League(1, 1, 1, game, "running", 100, base, 0, 0.0, None, entrants, ())


def play_round(league: League, places_of) -> tuple[League, list[str]]:
    """Pair the next round and record its results: ``places_of(round, table, seats)``."""
    league = season.pair_next_round(league, 0.0)
    shown = []
    for game in season.round_games(league):
        names = "-".join(NAMES[u - 100] for u in game.seats)
        if game.kind != "match":
            shown.append(f"{game.kind} {names}")
            continue
        match_id = 1000 * game.round + game.table
        league = season.with_match(league, game.round, game.table, match_id, None)
        places = places_of(game.round, game.table, game.seats)
        league = season.record(league, match_id, places)
        shown.append(names)
    return league, shown


def test_a_swiss_of_seven_over_five_rounds_matches_the_hand_checked_pairings() -> None:
    """Seven players A-G (pairing numbers 1-7); the lower number wins every game but the
    draw A-B of round 3. Why each round is paired so (first seat first):

    1. Nobody has a point: the lowest-ranked, G, has the bye; the top half A B C meets the
       bottom half D E F; the first seat alternates down the tables.
    2. A B C G have a point. F, the lowest without a bye, has it. A-C would give both the
       second seat they want, so the transposition A-G, B-C; D-E in the group of 0.
    3. A B (2); C D F G (1); E (0) has the bye. A-B; C-F met, so C-G and D-F; F (one
       second seat more) is first.
    4. A B (2½) met: both float. D, lowest without a bye, rests. C (2) may play only A, D
       or E: A-C, and B takes the highest of the 1-point group he has not met, F; E-G. A and
       C both want the second seat as strongly: the higher-ranked A gets it.
    5. C rests; A-E, B-D, F-G is the only pairing without a rematch; G's two second seats in
       a row give him the first absolutely.
    """
    league = league_of(7, {"format": "swiss", "rounds": 5, "table_size": 2})
    draws = {(3, 1)}

    def lower_number_wins(number: int, table: int, seats: tuple[int, ...]) -> tuple[int, ...]:
        if (number, table) in draws:
            return (1, 1)
        return (1, 2) if seats[0] < seats[1] else (2, 1)

    played = []
    for _ in range(5):
        league, shown = play_round(league, lower_number_wins)
        played.append(shown)
    assert played == [
        ["A-D", "E-B", "C-F", "bye G"],
        ["G-A", "B-C", "D-E", "bye F"],
        ["A-B", "C-G", "F-D", "bye E"],
        ["C-A", "B-F", "E-G", "bye D"],
        ["A-E", "D-B", "G-F", "bye C"],
    ]
    met = [tuple(sorted(g.seats)) for g in league.games if g.kind == "match"]
    assert len(met) == len(set(met)) == 15, "no pair met twice"
    assert sorted(g.seats[0] for g in league.games if g.kind == "bye") == list(range(102, 107))
    # Points; Buchholz = the opponents' final scores, a bye counting the player's own;
    # Sonneborn-Berger = beaten opponents' scores + half the drawn one's (a bye: own score).
    #   A: D3 G1 B4½ C3 E2 = 13½; SB 3+1+3+2 + 4½/2 = 11¼
    #   B: E2 C3 A4½ F2 D3 = 14½; SB 2+3+2+3 + 4½/2 = 12¼
    #   C: F2 B4½ G1 A4½ + bye 3 = 15; SB 2+1+3 = 6
    #   D: A4½ E2 F2 B4½ + bye 3 = 16; SB 2+2+3 = 7
    #   E: B4½ D3 G1 A4½ + bye 2 = 15; SB 1+2 = 3
    #   F: C3 D3 B4½ G1 + bye 2 = 13½; SB 2+1 = 3
    #   G: A4½ C3 E2 F2 + bye 1 = 12½; SB 1
    table = [
        (s.rank, NAMES[s.user_id - 100], s.points, *s.tiebreaks, s.won, s.drawn, s.lost)
        for s in season.table_of(league)
    ]
    assert table == [
        (1, "B", F(9, 2), F(29, 2), F(49, 4), 4, 1, 0),
        (2, "A", F(9, 2), F(27, 2), F(45, 4), 4, 1, 0),
        (3, "D", F(3), F(16), F(7), 2, 0, 2),
        (4, "C", F(3), F(15), F(6), 2, 0, 2),
        (5, "E", F(2), F(15), F(3), 1, 0, 3),
        (6, "F", F(2), F(27, 2), F(3), 1, 0, 3),
        (7, "G", F(1), F(25, 2), F(1), 0, 0, 4),
    ]


def test_a_double_round_robin_of_four_in_a_three_player_game_hand_checked() -> None:
    """Four players at Bug Race tables of three, 8 rounds. The table's places: one winner
    alone, the others sharing second place (rounds 1-3 and 6-8: numbers 2, 1, 1, 3, 2, 1
    won); in round 4 nobody won, and in round 5 number 2's seat was forfeited, the AI
    playing it on (places 1, 2, 3 for numbers 4, 3, 2). Points:
    1 / ¼ / ¼ for a lone winner, ½ each for no winner, 1 / ½ / 0 for 1-2-3, 1 for a bye.

    P1: bye 1, 1, 1, ½, bye 1, ¼, ¼, 1 = 6;  P2: 1, bye 1, ¼, ½, 0, bye 1, 1, ¼ = 5;
    P3: ¼, ¼, bye 1, ½, ½, 1, bye 1, ¼ = 4¾; P4: ¼, ¼, ¼, bye 1, 1, ¼, ¼, bye 1 = 4¼.
    Sonneborn-Berger: each table's points times the mean final score of the two others
    (a bye: the player's own score), e.g. P1: 6 + 1·4½ + 1·4⅝ + ½·4⅞ + 6 + ¼·4½ + ¼·4⅝ +
    1·4⅞ = 30 23/32.
    """
    league = league_of(4, {"format": "double", "rounds": 8, "table_size": 3}, game="bugrace")

    winner = {1: 2, 2: 1, 3: 1, 6: 3, 7: 2, 8: 1}

    def places(number: int, table: int, seats: tuple[int, ...]) -> tuple[int, ...]:
        if number == 4:
            return (1, 1, 1)
        if number == 5:
            return (1, 2, 3)  # seats 4, 3, 2: number 2 forfeited
        return tuple(1 if s - 99 == winner[number] else 2 for s in seats)

    for _ in range(8):
        league, _shown = play_round(league, places)
    assert season.current_round(league) == 8
    assert [g.seats for g in league.games if g.kind == "match"] == [
        (101, 102, 103),
        (102, 103, 100),
        (103, 100, 101),
        (100, 101, 102),
        (103, 102, 101),
        (100, 103, 102),
        (101, 100, 103),
        (102, 101, 100),
    ]
    table = [(s.rank, s.user_id - 99, s.points, *s.tiebreaks) for s in season.table_of(league)]
    assert table == [
        (1, 1, F(6), F(983, 32), F(0)),
        (2, 2, F(5), F(399, 16), F(0)),
        (3, 3, F(19, 4), F(47, 2), F(0)),
        (4, 4, F(17, 4), F(641, 32), F(0)),
    ]


# ---------------------------------------------------------------- standings
def test_table_points_share_the_positions_of_tied_seats() -> None:
    assert table_points([1, 2]) == [1, 0]
    assert table_points([1, 1]) == [F(1, 2), F(1, 2)]
    assert table_points([1, 2, 2]) == [1, F(1, 4), F(1, 4)]
    assert table_points([1, 2, 3]) == [1, F(1, 2), 0]
    assert table_points([2, 1, 2, 2]) == [F(1, 3), 1, F(1, 3), F(1, 3)]
    assert sum(table_points([1, 2, 2, 2, 2])) == F(5, 2)  # k/2 in all, whatever the places
    assert table_points([1]) == [1]


def test_head_to_head_breaks_a_tie_on_points_and_sonneborn_berger() -> None:
    # A beat B, B beat C, C beat A: between A and B only their own game counts.
    results = [Played(1, (1, 2), (1, 2)), Played(2, (2, 3), (1, 2)), Played(3, (3, 1), (1, 2))]
    assert head_to_head(1, {1, 2}, results) == 1
    assert head_to_head(2, {1, 2}, results) == 0
    assert head_to_head(1, {1, 2, 3}, results) == 1 == head_to_head(3, {1, 2, 3}, results)
    tied = standings({1: 1, 2: 2, 3: 3}, results, (SONNEBORN_BERGER, "head_to_head"))
    assert [s.rank for s in tied] == [1, 1, 1], "a cycle leaves everyone level"


def test_players_level_after_every_tie_break_share_a_rank() -> None:
    results = [Played(1, (1, 2), (1, 1)), Played(1, (3,), (1,))]
    table = standings({1: 1, 2: 2, 3: 3}, results, (BUCHHOLZ, SONNEBORN_BERGER))
    assert [(s.user_id, s.rank) for s in table] == [(3, 1), (1, 2), (2, 2)]


# ---------------------------------------------------------------- a season's life
def new_league(count: int, **settings) -> League:
    league = League(
        7,
        1,
        1,
        "ruship",
        "signup",
        100,
        {
            "format": "swiss",
            "rounds": 3,
            "table_size": 2,
            "round": 0,
            "seed": 5,
            "round_seconds": 2 * DAY,
            **settings,
        },
        0,
        0.0,
    )
    for i in range(count):
        league = season.join(league, 100 + i, NAMES[i], float(i))
    return league


def test_sign_up_then_start_draws_numbers_and_pairs_round_one() -> None:
    league = new_league(2)
    with pytest.raises(season.AlreadyEntered):
        season.join(league, 100, "A", 5.0)
    with pytest.raises(season.TooFew):
        season.start(league, 10.0)
    league = season.join(league, 102, "C", 3.0)
    left = season.leave_signup(league, 101)
    assert [(e.user_id, e.number) for e in left.entrants] == [(100, 1), (102, 2)]
    started = season.start(season.join(league, 103, "D", 4.0), 100.0)
    assert started.status == "running" and season.current_round(started) == 1
    assert sorted(e.number for e in started.entrants) == [1, 2, 3, 4]
    assert season.total_rounds(started) == 3
    assert season.deadline(started) == 100.0 + 2 * DAY
    with pytest.raises(season.NotOpenForSignup):
        season.join(started, 109, "X", 0.0)


def test_swiss_rounds_are_cut_to_what_the_entrants_allow() -> None:
    league = season.start(new_league(4, rounds=9), 0.0)
    assert season.total_rounds(league) == 3
    league = season.start(new_league(5, rounds=9), 0.0)
    assert season.total_rounds(league) == 5  # five rounds, a bye each


def test_a_round_robin_is_full_at_one_more_than_a_table_of_three_or_more() -> None:
    league = replace(new_league(0), game="bugrace")
    league = season.with_settings(league, format="single", table_size=3)
    for i in range(4):
        league = season.join(league, 100 + i, NAMES[i], 0.0)
    with pytest.raises(season.LeagueFull):
        season.join(league, 200, "X", 0.0)
    assert season.total_rounds(season.start(league, 0.0)) == 4


def test_a_withdrawal_gives_the_round_robin_opponents_forfeit_wins() -> None:
    league = season.with_settings(new_league(4), format="single")
    league = season.start(league, 0.0)
    leaver = season.round_games(league)[0].seats[0]
    league = season.withdraw(league, leaver)
    games = season.round_games(league)
    assert [g.kind for g in games] == ["match", "forfeit"]  # their table not opened yet
    assert leaver not in games[1].seats and games[1].places == (1,)
    for number in range(2, 4):  # every later round: their opponent wins by forfeit
        for game in season.round_games(league):
            league = (
                season.record(
                    season.with_match(league, game.round, game.table, 90 + number, None),
                    90 + number,
                    tuple(1 for _ in game.seats),
                )
                if game.kind == "match"
                else league
            )
        league = season.pair_next_round(league, 0.0)
        forfeits = [g for g in season.round_games(league) if g.kind == "forfeit"]
        assert len(forfeits) == 1 and leaver not in forfeits[0].seats
        assert all(leaver not in g.seats for g in season.round_games(league))
    assert next(s for s in season.table_of(league) if s.user_id == leaver).left


def test_a_swiss_withdrawal_is_paired_no_more() -> None:
    league = season.start(new_league(5), 0.0)
    league = season.withdraw(league, 104)
    for game in season.round_games(league):
        if game.kind == "match":
            league = season.with_match(league, 1, game.table, game.table, None)
            league = season.record(league, game.table, (1, 2))
    league = season.pair_next_round(league, 0.0)
    assert all(104 not in g.seats for g in season.round_games(league))


def test_pause_keeps_the_rounds_time_left_and_cancel_ends_it() -> None:
    league = season.start(new_league(3), 0.0)
    paused = season.pause(league, DAY)
    assert paused.status == "paused" and season.deadline(paused) is None
    resumed = season.resume(paused, 10 * DAY)
    assert season.deadline(resumed) == 11 * DAY
    with pytest.raises(season.WrongStatus):
        season.resume(resumed, 0.0)
    cancelled = season.cancel(resumed, 999, 12 * DAY)
    assert cancelled.status == "cancelled" and season.next_look(cancelled, 0.0) is None
    assert season.winners(cancelled) == []


def test_new_settings_refuse_what_no_league_can_be() -> None:
    def settings(**changes: Any) -> dict[str, Any]:
        asked: dict[str, Any] = {
            "game": "ruship",
            "league_name": "  Autumn   cup ",
            "league_format": "swiss",
            "rounds": 5,
            "size": 2,
            "limit": 0,
            "round_seconds": 2 * DAY,
            "starts_at": None,
            "game_options": {},
            "seed": 1,
            "now": 0.0,
        }
        return season.new_settings(**{**asked, **changes})

    assert settings()["name"] == "Autumn cup"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"game": "rushout", "size": 3, "game_options": {"play": "live"}}, "league.why.live_play"),
        ({"size": 3}, "league.why.size"),
        ({"rounds": 0}, "league.why.rounds"),
        ({"round_seconds": 3600.0}, "league.why.round_length"),
        ({"starts_at": -1.0}, "league.why.start_past"),
        ({"game": "rushncrush", "game_options": {"course": "nowhere"}}, "league.why.options"),
    ]
    for changes, reason in cases:
        with pytest.raises(season.BadLeague) as refused:
            settings(**changes)
        assert refused.value.params["reason"] == reason, changes


def test_multi_player_swiss_seats_the_leaders_together() -> None:
    players = [Contender(i, float(10 - i), i, firsts=i % 2) for i in range(7)]
    round_ = pairing.swiss_tables(players, 3)
    assert [sorted(t) for t in round_.tables] == [[0, 1, 2], [3, 4, 5]] and round_.byes == (6,)
    assert round_.tables[0][0] in (0, 2)  # who sat first least often sits first
