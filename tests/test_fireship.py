"""Fireship rulings (docs/rules/fireship.md), one test per ruling or edge case.

Positions are built with :func:`scenario`; ``state.loaded`` fixes the next random draws in
order: 3d10 for a roll, 1..6 for a win/lose die, a wheel index 0..10 for a spin.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import IllegalAction, Outcome, is_order_action
from bot.games.fireship import GAME, FireshipState, data, reach
from bot.games.fireship import scenario as bare_scenario
from bot.games.fireship.rules import squares_to_decide

BLUE, RED, GREEN, YELLOW = 0, 1, 2, 3
WHEEL_INDEX = {result: index for index, result in enumerate(data.WHEEL)}
LOW_ROLL = (1, 1, 1)


# --- helpers ---------------------------------------------------------------------------
def scenario(
    players: int = 2, pawns: list[tuple[int, str, str]] | tuple[()] = (), **kwargs: Any
) -> FireshipState:
    """A test position; a seat given no pawn gets a boat in its home, to stay in the game."""
    listed = {seat for seat, _, _ in pawns}
    keepers = [(seat, "boat", "home") for seat in range(players) if seat not in listed]
    return bare_scenario(players, pawns=[*pawns, *keepers], **kwargs)


def act(state: FireshipState, *actions: str, seat: int | None = None) -> FireshipState:
    for action in actions:
        state = GAME.apply(state, state.turn if seat is None else seat, action)
    return state


def rolled(
    state: FireshipState, dice: tuple[int, int, int] = (10, 10, 10), how: str = "roll"
) -> FireshipState:
    state.loaded = [*dice, *state.loaded]
    return act(state, how)


def cell_of(state: FireshipState, pawn_id: str) -> str:
    cell = state.pawns[pawn_id].cell
    return "home" if cell is None else data.cell_name(cell)


def costs(state: FireshipState, pawn_id: str) -> dict[str, int]:
    return {data.cell_name(c): cost for c, cost in reach(state, state.pawns[pawn_id]).items()}


def events(state: FireshipState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [e for e in GAME.view(state, seat)["events"] if e["type"] == kind]


def refusal(state: FireshipState, seat: int, action: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    return caught.value.key


def ended(state: FireshipState, *loaded: int, how: str = "end") -> FireshipState:
    """End the turn with these draws loaded for the special squares, using every square a
    pawn may use (then ``how`` ends the turn, unless a choice is asked for first)."""
    state.loaded = [*state.loaded, *loaded]
    if state.phase != "act" or not squares_waiting(state):
        return act(state, how)
    state = act(state, "end")
    seen = []  # what every step did, as one action's events
    while state.phase == "squares":
        state = act(state, f"use {state.squares[0]}")
        seen += state.events
    if state.phase == "end":
        state = act(state, how)
    state.events = [*seen, *state.events] if state.phase != "choose" else seen
    return state


def squares_waiting(state: FireshipState) -> bool:
    """Whether ending the moves and attacks leads to the special-squares step."""
    return bool(squares_to_decide(state, state.turn))


def outcome_of(state: FireshipState) -> Outcome:
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome


def island_owner(state: FireshipState, island: int) -> int:
    return state.islands[island - 1]


# --- setup -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_puts_white_flags_garrisons_and_home_fleets(players: int) -> None:
    state = GAME.new_state(players, 5)
    assert state.islands == [data.WHITE] * 9
    garrisons = {cell_of(state, p.id) for p in state.pawns.values() if p.seat == data.WHITE}
    assert garrisons == {data.cell_name(c) for c in data.GARRISONS.values()}
    for seat in range(players):
        kinds = Counter(p.kind for p in state.seat_pawns(seat))
        assert kinds == Counter({"boat": 3, "plane": 1})
        assert all(p.cell is None for p in state.seat_pawns(seat))
        assert state.seats[seat].pool == {"boat": 12, "plane": 2, "battleship": 2}
    assert len(state.deck) == 55
    assert Counter(state.deck) == Counter(data.CARD_COUNTS)


def test_highest_start_roll_starts_and_ties_roll_again() -> None:
    for seed in range(40):
        state = GAME.new_state(4, seed)
        last = state.start_rolls[-1]
        assert state.turn == state.first == last.index(max(last))
        assert last.count(max(last)) == 1
        for earlier in state.start_rolls[:-1]:
            assert earlier.count(max(earlier)) > 1
        assert all(3 <= total <= 30 for total in state.start_rolls[0])


def test_options_choose_the_time_limit() -> None:
    assert GAME.new_state(2, 1).rounds_limit == 0
    assert GAME.new_state(2, 1, {"rounds": 20}).rounds_limit == 20
    with pytest.raises(ValueError):
        GAME.new_state(2, 1, {"rounds": 7})


# --- the roll and movement -------------------------------------------------------------
def test_the_three_dice_give_the_points_to_split() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K10")]), (3, 7, 10))
    assert state.points == 20
    assert events(state, "roll")[0]["dice"] == [3, 7, 10]


def test_points_split_among_pawns_two_for_a_boat_five_for_a_plane() -> None:
    # The source's example: 2 cells for one boat, 5 for one plane.
    state = scenario(pawns=[(BLUE, "boat", "K12"), (BLUE, "plane", "K13")])
    state = rolled(state, (2, 3, 2))
    state = act(state, "move B1 M12", "move B2 P13")
    assert (cell_of(state, "B1"), cell_of(state, "B2")) == ("M12", "P13")
    assert state.points == 0
    assert not [a for a in GAME.legal_actions(state, BLUE) if a.startswith("move")]


def test_moves_are_orthogonal_steps() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12")]), LOW_ROLL)
    reachable = costs(state, "B1")
    assert reachable["K14"] == 2 and reachable["N12"] == 3
    assert reachable["L13"] == 2  # a diagonal neighbour is two steps away
    assert "N14" not in reachable  # 5 steps, 3 points
    assert "K11" not in reachable  # an island cell


def test_leaving_home_costs_one_point_onto_a_cell_next_to_the_block() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "home")]), LOW_ROLL)
    reachable = costs(state, "B1")
    assert reachable["C1"] == 1 and reachable["A3"] == 1 and reachable["B3"] == 1
    assert reachable["C3"] == 2  # not diagonal: through B3 or C2
    assert reachable["E1"] == 3


def test_no_pawn_ends_on_an_occupied_cell() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12"), (RED, "boat", "K13")]), LOW_ROLL)
    assert "K13" not in costs(state, "B1")
    assert refusal(state, BLUE, "move B1 K13") == "illegal_action"


@pytest.mark.parametrize(("kind", "free"), [("boat", False), ("plane", True)])
def test_boats_may_not_pass_through_a_pawn_but_planes_fly_over(kind: str, free: bool) -> None:
    # K12 is walled in by island 5 (K11) and three red boats.
    walls = [(RED, "boat", "K13"), (RED, "boat", "J12"), (RED, "boat", "L12")]
    state = rolled(scenario(pawns=[(BLUE, kind, "K12"), *walls]), LOW_ROLL)
    reachable = costs(state, "B1")
    assert ("K14" in reachable) == free
    assert bool(reachable) == free
    assert "K13" not in reachable  # nobody ends on a pawn


def test_overflight_lands_next_to_the_island_for_four_points() -> None:
    # Island 5 covers J10, K10, J11, K11; I10 is next to it, L11 on its far side.
    state = scenario(pawns=[(BLUE, "plane", "I10")])
    state = rolled(state, (1, 2, 1))
    reachable = costs(state, "B1")
    assert reachable["L11"] == 4  # overflight, where flying round takes 6 steps
    assert "M11" not in reachable  # overflight lands within 1 of the island
    state = rolled(scenario(pawns=[(BLUE, "boat", "I10")]), (1, 2, 1))
    assert "L11" not in costs(state, "B1")


def test_vent_ascendant_doubles_planes_and_gulf_stream_boats() -> None:
    pawns = [(BLUE, "plane", "A12"), (BLUE, "boat", "A13")]
    state = scenario(pawns=pawns)
    state.seats[BLUE].hand = ["vent"]
    state.seats[BLUE].badges["gulf"] = 1
    assert "roll vent card gulf" in GAME.legal_actions(state, BLUE)
    state = rolled(state, LOW_ROLL, how="roll vent card gulf")
    assert costs(state, "B1")["G12"] == 3  # 6 cells
    assert costs(state, "B2")["G13"] == 3
    assert costs(state, "B1")["B12"] == 1  # one cell still costs a point
    assert state.seats[BLUE].hand == [] and state.seats[BLUE].badges["gulf"] == 0
    plain = rolled(scenario(pawns=pawns), LOW_ROLL)
    assert "G12" not in costs(plain, "B1")


def test_points_left_over_are_lost() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12")]), (10, 10, 10))
    state = act(state, "move B1 K14", "end")
    assert state.turn == RED and state.points == 0
    state = rolled(state)
    state = act(state, "end")
    assert state.turn == BLUE and state.phase == "start" and state.points == 0


# --- combat ----------------------------------------------------------------------------
# Island 1 covers E5, F5, E6, F6; its white garrison W1 sits on E4.
def attack_scene(*extra: tuple[int, str, str], **kwargs: Any) -> FireshipState:
    pawns = [(BLUE, "plane", "D5"), (BLUE, "boat", "D6"), *extra]
    return rolled(scenario(pawns=pawns, **kwargs), LOW_ROLL)


def test_attack_power_adds_the_leaders_neighbours_and_defence_the_targets() -> None:
    state = attack_scene((BLUE, "boat", "C4"))
    report = {(leader.ident, target.ident): (a, d) for leader, target, a, d in _options(state)}
    assert report[("B1", "I1")] == (2 + 1 + 1, 2 + 1)  # plane + 2 boats vs island + W1
    assert report[("B1", "W1")] == (4, 1 + 2)  # W1's island stands by it
    assert report[("B2", "I1")] == (1 + 2, 3)


def _options(state: FireshipState) -> list[Any]:
    from bot.games.fireship import attack_options

    return attack_options(state, state.turn)


def test_an_attack_weaker_than_the_defence_is_not_offered() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "D5")]), LOW_ROLL)
    legal = GAME.legal_actions(state, BLUE)
    assert "attack B1 I1" not in legal  # 1 against 3
    assert refusal(state, BLUE, "attack B1 I1") == "illegal_action"


@pytest.mark.parametrize(("roll", "result"), [(2, "won"), (3, "missed")])
def test_equal_powers_roll_the_plain_die(roll: int, result: str) -> None:
    state = attack_scene()  # plane + boat = 3 against island + garrison = 3
    state.loaded = [roll]
    state = act(state, "attack B1 I1")
    report = events(state, "attack")[0]
    assert (report["attack"], report["defence"], report["die"], report["result"]) == (
        3,
        3,
        "plain",
        result,
    )
    assert island_owner(state, 1) == (BLUE if result == "won" else data.WHITE)


@pytest.mark.parametrize(("roll", "result"), [(4, "won"), (5, "missed")])
def test_a_stronger_attack_rolls_the_blue_die(roll: int, result: str) -> None:
    state = attack_scene((BLUE, "boat", "C4"))
    state.loaded = [roll]
    state = act(state, "attack B1 W1")
    report = events(state, "attack")[0]
    assert (report["die"], report["result"]) == ("blue", result)
    assert ("W1" in state.pawns) == (result == "missed")


def test_a_destroyed_pawn_goes_back_to_its_owners_pool() -> None:
    state = rolled(scenario(pawns=[(BLUE, "plane", "K12"), (RED, "boat", "K13")]), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 R1")
    assert "R1" not in state.pawns
    assert state.seats[RED].pool["boat"] == 13


def test_each_pawn_leads_one_attack_a_turn_and_attacking_ends_moving() -> None:
    pawns = [(BLUE, "plane", "K12"), (RED, "boat", "K13"), (RED, "boat", "L12")]
    state = rolled(scenario(pawns=pawns), LOW_ROLL)
    state.loaded = [6]  # missed
    state = act(state, "attack B1 R1")
    legal = GAME.legal_actions(state, BLUE)
    assert not [a for a in legal if a.startswith("attack B1 ")]
    assert not [a for a in legal if a.startswith("move ")]
    assert state.points == 0


def test_capturing_an_island_sinks_the_old_owners_pawns_and_sets_a_garrison() -> None:
    pawns = [
        (BLUE, "plane", "D5"),
        (BLUE, "boat", "D6"),
        (BLUE, "battleship", "C5"),
        (RED, "boat", "E4"),
        (RED, "boat", "G6"),
        (RED, "plane", "K12"),
    ]
    state = rolled(scenario(pawns=pawns, islands={1: RED}), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 I1")  # 2+1+4 against 2+1+1
    assert island_owner(state, 1) == BLUE
    assert "R1" not in state.pawns and "R2" not in state.pawns  # within 1 of the island
    assert "R3" in state.pawns  # far away
    garrison = [p for p in state.seat_pawns(BLUE) if p.cell == data.GARRISONS[1]]
    assert garrison and garrison[0].kind == "boat"
    assert state.seats[BLUE].pool["boat"] == 11


def test_a_captured_island_gets_no_garrison_when_the_pool_is_empty() -> None:
    state = attack_scene()
    state.seats[BLUE].pool["boat"] = 0
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert island_owner(state, 1) == BLUE
    assert state.pawn_at(data.GARRISONS[1]) is None


def test_an_island_leads_an_attack() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "A12"), (RED, "boat", "G5")], islands={1: BLUE}))
    assert "attack I1 R1" in GAME.legal_actions(state, BLUE)  # 2 against 1
    state.loaded = [4]
    state = act(state, "attack I1 R1")
    assert "R1" not in state.pawns


def test_brouillard_keeps_attackers_off_until_the_next_turn() -> None:
    pawns = [(BLUE, "boat", "K12"), (RED, "plane", "K13")]
    state = rolled(scenario(pawns=pawns))
    state.seats[BLUE].badges["fog"] = 1
    state = act(state, "end fog badge")
    assert state.seats[BLUE].fog and state.seats[BLUE].badges["fog"] == 0
    state = rolled(state, LOW_ROLL)
    assert not [a for a in GAME.legal_actions(state, RED) if a.startswith("attack")]
    state = rolled(act(state, "end"), LOW_ROLL)
    assert not state.seats[BLUE].fog  # gone at the start of Blue's next turn


# --- Gagne +1 and Non ------------------------------------------------------------------
def test_attackers_plus_one_turns_a_tie_into_the_blue_die() -> None:
    state = attack_scene()
    state.seats[BLUE].hand = ["plus"]
    state.loaded = [4]
    state = act(state, "attack B1 I1 plus")
    report = events(state, "attack")[0]
    assert (report["attack"], report["die"], report["result"]) == (4, "blue", "won")
    assert state.seats[BLUE].hand == []


def test_attackers_plus_one_makes_a_weaker_attack_possible() -> None:
    state = rolled(scenario(pawns=[(BLUE, "plane", "D5")]), LOW_ROLL)
    state.seats[BLUE].hand = ["plus"]
    legal = GAME.legal_actions(state, BLUE)
    assert "attack B1 I1 plus" in legal and "attack B1 I1" not in legal


def defended_scene(order: str | None) -> FireshipState:
    """Blue (plane + boat: 3) attacks Red's island 1 (island + E4 boat: 3); Red holds +1."""
    state = scenario(
        pawns=[
            (BLUE, "plane", "D5"),
            (BLUE, "boat", "D6"),
            (RED, "boat", "E4"),
            (RED, "boat", "T12"),
        ],
        islands={1: RED},
    )
    state.seats[RED].hand = ["plus"]
    if order:
        state = act(state, order, seat=RED)
    return rolled(state, LOW_ROLL)


def test_a_defensive_plus_one_standing_order_cancels_a_tied_attack() -> None:
    # The card's own example: the defender's +1 on a tie cancels the attack.
    state = act(defended_scene(None), "attack B1 I1")
    report = events(state, "attack")[0]
    assert (report["defence"], report["result"]) == (4, "repelled")
    assert events(state, "plus") == [{"type": "plus", "seat": RED, "side": "defence"}]
    assert state.seats[RED].hand == [] and island_owner(state, 1) == RED


def test_a_defensive_plus_one_is_kept_when_its_order_is_off() -> None:
    state = defended_scene("order plus island off")
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert events(state, "attack")[0]["result"] == "won"
    assert state.seats[RED].hand == ["plus"]


def test_a_defensive_plus_one_is_not_wasted_on_a_hopeless_defence() -> None:
    state = scenario(
        pawns=[(BLUE, "battleship", "D5"), (BLUE, "boat", "D6"), (RED, "boat", "E4")],
        islands={1: RED},
    )
    state.seats[RED].hand = ["plus"]
    state = rolled(state, LOW_ROLL)
    state.loaded = [6]
    state = act(state, "attack B1 I1")  # 5 against 3: +1 would change nothing
    assert state.seats[RED].hand == ["plus"]


def non_scene(blue_hand: list[str], red_hand: list[str]) -> FireshipState:
    state = scenario(
        pawns=[(BLUE, "plane", "D5"), (BLUE, "battleship", "D6"), (RED, "boat", "E4")],
        islands={1: RED},
    )
    state.seats[BLUE].hand = list(blue_hand)
    state.seats[RED].hand = list(red_hand)
    state = rolled(state, LOW_ROLL)
    state.loaded = [1]
    return act(state, "attack B1 I1")


def test_non_cancels_a_won_attack_on_an_island() -> None:
    state = non_scene([], ["non"])
    assert events(state, "attack")[0]["result"] == "cancelled"
    assert island_owner(state, 1) == RED and "R1" in state.pawns
    assert events(state, "non")[0]["seat"] == RED


def test_non_answered_by_non_lets_the_attack_stand() -> None:
    state = non_scene(["non"], ["non"])
    assert [e["seat"] for e in events(state, "non")] == [RED, BLUE]
    assert events(state, "attack")[0]["result"] == "won"
    assert island_owner(state, 1) == BLUE


def test_a_third_non_cancels_again() -> None:
    state = non_scene(["non"], ["non", "non"])
    assert [e["seat"] for e in events(state, "non")] == [RED, BLUE, RED]
    assert island_owner(state, 1) == RED


def test_non_is_not_played_on_a_missed_attack() -> None:
    state = scenario(
        pawns=[(BLUE, "plane", "D5"), (BLUE, "battleship", "D6"), (RED, "boat", "E4")],
        islands={1: RED},
    )
    state.seats[RED].hand = ["non"]
    state = rolled(state, LOW_ROLL)
    state.loaded = [6]
    state = act(state, "attack B1 I1")
    assert state.seats[RED].hand == ["non"]


def test_standing_orders_are_private_and_set_any_time() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12"), (RED, "boat", "K14")]))
    assert "order non attack_pawn on" in GAME.order_actions(state, RED)
    before = GAME.view(state, None)
    new = act(state, "order non attack_pawn on", seat=RED)  # Red is not on turn
    assert GAME.view(new, None) == before
    assert GAME.view(new, RED)["orders"]["non"]["attack_pawn"] is True
    assert GAME.view(state, RED)["orders"]["non"]["attack_pawn"] is False
    assert "orders" not in GAME.view(new, None)
    assert GAME.view(new, BLUE)["orders"]["non"]["attack_pawn"] is False  # Blue's own orders
    assert all(is_order_action(a) for a in GAME.order_actions(state, RED))
    assert refusal(state, RED, "order non attack_pawn off") == "illegal_order"


def test_a_standing_non_protects_a_pawn_only_when_ordered() -> None:
    pawns = [(BLUE, "plane", "K12"), (RED, "boat", "K13")]
    state = scenario(pawns=pawns)
    state.seats[RED].hand = ["non"]
    unordered = rolled(state, LOW_ROLL)
    unordered.loaded = [1]
    assert "R1" not in act(unordered, "attack B1 R1").pawns
    ordered = rolled(act(state, "order non attack_pawn on", seat=RED), LOW_ROLL)
    ordered.loaded = [1]
    ordered = act(ordered, "attack B1 R1")
    assert "R1" in ordered.pawns and ordered.seats[RED].hand == []


# --- special squares -------------------------------------------------------------------
def spun(result: str, *extra: tuple[int, str, str], more: tuple[int, ...] = ()) -> FireshipState:
    """Blue's boat ends its turn on the wheel square G3 and the wheel shows ``result``."""
    state = rolled(scenario(pawns=[(BLUE, "boat", "G3"), *extra]), LOW_ROLL)
    return ended(state, WHEEL_INDEX[result], *more)


def test_wheel_gain_a_boat_or_a_plane_comes_from_the_pool_into_the_home() -> None:
    state = spun("gain_boat")
    assert state.seats[BLUE].pool["boat"] == 11
    assert [p.cell for p in state.seat_pawns(BLUE) if p.id != "B1"] == [None]
    state = spun("gain_plane")
    assert state.seats[BLUE].pool["plane"] == 1
    assert events(state, "gain")[0]["kind"] == "plane"


def test_a_gain_gives_nothing_from_an_empty_pool() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "G3")]), LOW_ROLL)
    state.seats[BLUE].pool["plane"] = 0
    state = ended(state, WHEEL_INDEX["gain_plane"])
    assert len(state.seat_pawns(BLUE)) == 1


def test_wheel_lose_a_boat_asks_which_one() -> None:
    state = spun("lose_boat", (BLUE, "boat", "K12"), (BLUE, "boat", "home"))
    assert state.phase == "choose" and state.turn == BLUE
    assert sorted(GAME.legal_actions(state, BLUE)) == ["lose B1", "lose B2", "lose B3"]
    state = act(state, "lose B2")
    assert "B2" not in state.pawns and state.phase == "end"  # then the turn ends
    assert act(state, "end").turn == RED


def test_wheel_lose_a_plane_never_takes_the_last_plane() -> None:
    state = spun("lose_plane", (BLUE, "plane", "K12"))
    assert "B2" in state.pawns and state.turn == RED
    state = spun("lose_plane", (BLUE, "plane", "K12"), (BLUE, "plane", "home"))
    assert GAME.legal_actions(state, BLUE) == ["lose B2", "lose B3"]


def test_wheel_draw_a_card_and_spin_again() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "G3")]), LOW_ROLL)
    state.deck.append("boum")
    state = ended(state, WHEEL_INDEX["spin_again"], WHEEL_INDEX["draw_card"])
    assert [e["result"] for e in events(state, "wheel")] == ["spin_again", "draw_card"]
    assert state.seats[BLUE].hand == ["boum"]


def test_kraken_sinks_every_pawn_in_the_five_by_five_but_the_spinner() -> None:
    extra = [
        (BLUE, "boat", "H4"),  # Blue's own pawn, within 2
        (RED, "plane", "E1"),  # 2 columns left, 2 rows up
        (RED, "boat", "J3"),  # 3 columns right: outside
    ]
    state = spun("kraken", *extra)
    assert "B1" in state.pawns  # the spinning pawn
    assert "B2" not in state.pawns and "R1" not in state.pawns
    assert "W1" not in state.pawns  # white's E4 garrison is within 2 of G3
    assert "R2" in state.pawns
    assert state.islands == [data.WHITE] * 9  # islands unharmed


@pytest.mark.parametrize("kind", data.BADGE_KINDS)
def test_wheel_badges(kind: str) -> None:
    state = spun(f"badge_{kind}")
    assert state.seats[BLUE].badges[kind] == 1
    assert state.badge_supply[kind] == data.BADGE_SUPPLY - 1


def test_a_used_up_badge_kind_gives_nothing() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "G3")]), LOW_ROLL)
    state.badge_supply["boum"] = 0
    state = ended(state, WHEEL_INDEX["badge_boum"])
    assert state.seats[BLUE].badges["boum"] == 0
    assert events(state, "badge")[0]["got"] is False


def test_a_spent_badge_does_not_come_back() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12"), (RED, "boat", "A12")]))
    state.seats[BLUE].badges["boum"] = 1
    state.badge_supply["boum"] = 5
    state = act(state, "boum badge R1")
    assert state.seats[BLUE].badges["boum"] == 0 and state.badge_supply["boum"] == 5


def test_the_same_special_square_is_not_used_twice_in_a_row() -> None:
    state = spun("gain_boat")  # B1 used the wheel G3
    state = rolled(act(rolled(state, LOW_ROLL), "end"), LOW_ROLL)
    assert "use B1" not in GAME.legal_actions(state, BLUE)
    state = act(state, "end")  # B1 still on G3: no special-squares step, Red plays
    assert state.turn == RED and not events(state, "wheel") and not events(state, "square")
    # another special square first, then the wheel may be used again
    state = rolled(act(rolled(state, LOW_ROLL), "end"), (4, 5, 1))
    state = act(state, "move B1 H5")
    state = ended(state, 0, 0)  # card drawn; we only look at the square's use
    assert events(state, "square")[0]["square"] == "mystery"
    state = rolled(act(rolled(state, LOW_ROLL), "end"), (4, 5, 1))
    state = act(state, "move B1 G3", "end")
    assert state.phase == "squares" and "use B1" in GAME.legal_actions(state, BLUE)


def test_the_battleship_square_rolls_the_plain_die_for_a_plane() -> None:
    state = rolled(scenario(pawns=[(BLUE, "plane", "H8")]), LOW_ROLL)
    won = ended(state, 2)
    assert [p.kind for p in won.seat_pawns(BLUE) if p.cell is None] == ["battleship"]
    lost = ended(rolled(scenario(pawns=[(BLUE, "plane", "H8")]), LOW_ROLL), 3)
    assert len(lost.seat_pawns(BLUE)) == 1
    boat = ended(rolled(scenario(pawns=[(BLUE, "boat", "H8")]), LOW_ROLL), 1)
    assert not events(boat, "battleship")


def drew(card: str, *extra: tuple[int, str, str], more: tuple[int, ...] = ()) -> FireshipState:
    """Blue's boat ends its turn on the mystery square H5 and draws ``card``."""
    state = rolled(scenario(pawns=[(BLUE, "boat", "H5"), *extra]), LOW_ROLL)
    state.deck.append(card)
    return ended(state, *more)


# --- mystery cards ---------------------------------------------------------------------
def test_tourne_la_roue_kraken_appears_on_a_chance_square_of_ones_choice() -> None:
    state = drew("wheel", (RED, "boat", "C6"), more=(WHEEL_INDEX["kraken"],))
    assert state.phase == "choose"
    options = GAME.legal_actions(state, BLUE)
    assert sorted(options) == sorted(f"kraken {data.cell_name(c)}" for c in data.CHANCE_SQUARES)
    state = act(state, "kraken C7")
    assert "R1" not in state.pawns and "B1" in state.pawns


def test_gain_cards() -> None:
    assert drew("gain_boat").seats[BLUE].pool["boat"] == 11
    assert drew("gain_plane").seats[BLUE].pool["plane"] == 1


def test_lose_cards() -> None:
    state = drew("lose_boat")
    assert "B1" not in state.pawns  # the only boat
    state = drew("lose_plane", (BLUE, "plane", "K12"))
    assert "B2" in state.pawns  # the last plane stays


def test_deep_hole_bermuda_skips_the_next_turn() -> None:
    state = drew("bermuda")
    assert state.seats[BLUE].skip
    state = act(rolled(state, LOW_ROLL), "end")  # Red's turn; then Blue's is skipped
    assert state.turn == RED and events(state, "skipped") == [{"type": "skipped", "seat": BLUE}]
    assert not state.seats[BLUE].skip


def test_non_may_refuse_deep_hole_bermuda() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "H5")]), LOW_ROLL)
    state.seats[BLUE].hand = ["non"]
    state.deck.append("bermuda")
    state = ended(state)
    assert not state.seats[BLUE].skip and state.seats[BLUE].hand == []


@pytest.mark.parametrize("card", sorted(data.KEPT_CARDS))
def test_kept_cards_go_to_the_hidden_hand(card: str) -> None:
    state = drew(card)
    assert state.seats[BLUE].hand == [card]
    public = events(state, "card")[0]
    assert public == {"type": "card", "seat": BLUE, "kept": True}
    assert events(state, "card", BLUE)[0]["kind"] == card
    assert "kind" not in events(state, "card", RED)[0]
    assert GAME.view(state, None)["seats"][BLUE]["cards"] == 1


def test_boum_destroys_a_boat_that_is_not_yours_white_included() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12"), (RED, "plane", "A12")]))
    state.seats[BLUE].hand = ["boum"]
    legal = GAME.legal_actions(state, BLUE)
    assert "boum card W1" in legal and "boum card B1" not in legal
    assert not [a for a in legal if a.startswith("boum card R")]  # a plane is no boat
    state = act(state, "boum card W1")
    assert "W1" not in state.pawns and state.seats[BLUE].hand == []


def test_non_against_a_boum() -> None:
    state = scenario(pawns=[(BLUE, "boat", "K12"), (RED, "boat", "A12")])
    state = act(state, "order non boum on", seat=RED)
    state.seats[BLUE].hand = ["boum"]
    state.seats[RED].hand = ["non"]
    state = act(rolled(state), "boum card R1")
    assert "R1" in state.pawns and events(state, "non")[0]["case"] == "boum"


def test_tourbillon_strikes_at_the_start_of_the_players_next_turn() -> None:
    pawns = [
        (BLUE, "boat", "A12"),
        (RED, "boat", "L11"),
        (RED, "battleship", "M12"),
        (RED, "plane", "K12"),
        (RED, "boat", "L15"),
    ]
    state = scenario(pawns=pawns)
    state.seats[BLUE].hand = ["tourbillon"]
    state = act(rolled(state), "tourbillon L12")
    assert state.whirlpools == [(BLUE, (11, 11))]
    state = act(state, "end")
    assert {"R1", "R2"} <= set(state.pawns)  # not yet
    state = rolled(state, LOW_ROLL)
    assert "L12" not in [a.split()[-1] for a in GAME.legal_actions(state, RED)]
    state = act(state, "end")
    assert state.turn == BLUE
    assert "R1" not in state.pawns and "R2" not in state.pawns
    assert "R3" in state.pawns and "R4" in state.pawns  # the plane flies, L15 is outside
    assert state.whirlpools == []


def test_vent_ascendant_and_brouillard_cards_are_played_from_the_hand() -> None:
    state = scenario(pawns=[(BLUE, "plane", "K12")])
    state.seats[BLUE].hand = ["fog", "vent"]
    state = rolled(state, LOW_ROLL, how="roll vent card")
    assert state.fast == ["plane"]
    state = act(state, "end fog card")
    assert state.seats[BLUE].fog and state.seats[BLUE].hand == []


def test_an_empty_deck_is_reshuffled_from_the_discard() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "H5")]), LOW_ROLL)
    state.discard = list(state.deck)
    state.deck = []
    state = ended(state)
    assert events(state, "reshuffled")
    assert len(state.deck) + len(state.discard) + len(state.seats[BLUE].hand) == 55


# --- the end ---------------------------------------------------------------------------
def test_a_player_without_pawns_or_islands_is_out_and_the_last_one_wins() -> None:
    state = rolled(scenario(pawns=[(BLUE, "plane", "K12"), (RED, "boat", "K13")]), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 R1")
    assert state.seats[RED].out
    assert outcome_of(state).winners == (BLUE,)
    assert GAME.to_act(state) == frozenset()


def test_an_island_keeps_a_player_in_the_game() -> None:
    state = rolled(
        scenario(
            3,
            pawns=[(BLUE, "plane", "K12"), (RED, "boat", "K13"), (GREEN, "boat", "A3")],
            islands={9: RED},
        ),
        LOW_ROLL,
    )
    state.loaded = [1]
    state = act(state, "attack B1 R1")
    assert not state.seats[RED].out and GAME.outcome(state) is None


def test_an_eliminated_player_is_skipped() -> None:
    pawns = [(BLUE, "plane", "K12"), (RED, "boat", "K13"), (GREEN, "boat", "A3")]
    state = rolled(scenario(3, pawns=pawns), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 R1", "end")
    assert state.seats[RED].out and state.turn == GREEN


def test_owning_all_nine_islands_wins_at_once() -> None:
    owned = dict.fromkeys(range(2, 10), BLUE)
    state = attack_scene((RED, "boat", "A12"), islands=owned)
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert outcome_of(state).winners == (BLUE,)
    assert outcome_of(state).reason == "all_islands"


def play_last_turn(state: FireshipState) -> FireshipState:
    state.round = state.rounds_limit
    state.turn = RED  # the last seat of the round
    return act(rolled(state, LOW_ROLL), "end")


def test_time_limit_most_islands_wins() -> None:
    state = scenario(
        pawns=[(BLUE, "boat", "A12"), (RED, "battleship", "T12")],
        islands={1: BLUE, 2: BLUE, 3: RED},
        options={"rounds": 10},
    )
    state = play_last_turn(state)
    assert outcome_of(state).winners == (BLUE,)
    assert outcome_of(state).reason == "time_limit"


def test_time_limit_tie_goes_to_the_larger_value_of_pawns() -> None:
    state = scenario(
        pawns=[(BLUE, "boat", "A12"), (BLUE, "plane", "home"), (RED, "battleship", "T12")],
        islands={1: BLUE, 3: RED},
        options={"rounds": 10},
    )
    assert outcome_of(play_last_turn(state)).winners == (RED,)  # 4 against 1 + 2


def test_time_limit_full_tie_is_a_shared_win() -> None:
    state = scenario(
        pawns=[(BLUE, "plane", "A12"), (RED, "plane", "T12")],
        islands={1: BLUE, 3: RED},
        options={"rounds": 10},
    )
    outcome = outcome_of(play_last_turn(state))
    assert outcome.winners == (BLUE, RED) and outcome.reason == "time_limit_shared"


def test_the_time_limit_is_not_reached_before_its_last_round() -> None:
    state = scenario(pawns=[(BLUE, "boat", "A12"), (RED, "boat", "T12")], options={"rounds": 10})
    state.round = 9
    state.turn = RED
    state = act(rolled(state, LOW_ROLL), "end")
    assert GAME.outcome(state) is None and state.round == 10


def test_a_board_of_islands_alone_ends_the_game() -> None:
    state = scenario(
        pawns=[(BLUE, "plane", "K12"), (RED, "boat", "K13")], islands={1: BLUE, 2: RED, 3: RED}
    )
    state = rolled(state, LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 R1")  # Red keeps islands, has no pawn
    state.pawns.pop("B1")
    state.touched()
    state = act(state, "end")
    assert outcome_of(state).winners == (RED,)
    assert outcome_of(state).reason == "no_pawns_left"


# --- hidden information and the contract -----------------------------------------------
def test_public_views_hold_no_card_contents_and_no_deck_order() -> None:
    state = GAME.new_state(3, 8)
    state.seats[RED].hand = ["non", "tourbillon"]
    text = json.dumps(GAME.view(state, None))
    assert "tourbillon" not in text and '"hand"' not in text
    assert GAME.view(state, None)["deck"] == len(state.deck)
    assert "tourbillon" not in json.dumps(GAME.view(state, BLUE))
    assert GAME.view(state, RED)["hand"] == ["non", "tourbillon"]


def test_nothing_public_differs_between_holding_and_not_holding_a_reaction() -> None:
    for seed in range(6):
        state = GAME.new_state(2, seed)
        holding = GAME.load(GAME.dump(state))
        other = GAME.load(GAME.dump(state))
        holding.seats[RED].hand = ["non"]
        other.seats[RED].hand = ["boum"]
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(40):
            if GAME.outcome(holding) is not None:
                break
            seat = min(GAME.to_act(holding))
            assert GAME.view(holding, None) == GAME.view(other, None)
            assert GAME.to_act(holding) == GAME.to_act(other)
            if seat == RED:
                break  # Red's own choices may differ from here on
            assert GAME.legal_actions(holding, seat) == GAME.legal_actions(other, seat)
            action = GAME.bot_action(holding, seat, rng_a)
            assert GAME.bot_action(other, seat, rng_b) == action
            holding = act(holding, action, seat=seat)
            other = act(other, action, seat=seat)


def test_a_seats_view_shows_each_pawns_reach_with_its_cost() -> None:
    state = rolled(scenario(pawns=[(BLUE, "boat", "K12"), (RED, "boat", "A12")]), LOW_ROLL)
    mine = GAME.view(state, BLUE)
    assert {"cell": "N12", "cost": 3} in mine["reach"]["B1"]
    assert "R1" not in mine["reach"]
    assert GAME.view(state, RED)["reach"] == {} and "reach" not in GAME.view(state, None)
    pawn = next(p for p in mine["pawns"] if p["id"] == "B1")
    assert (pawn["kind"], pawn["cell"], mine["points"]) == ("boat", "K12", 3)


def test_garbage_is_refused_with_illegal_action() -> None:
    state = GAME.new_state(2, 1)
    for action in [
        "",
        "move",
        "move B1",
        "move B1 Z99",
        "attack I0 I1",
        "roll roll",
        "🙂",
        "order non",
        "order non kraken maybe",
        "lose B1",
        "kraken C7",
        "x" * 300,
    ]:
        with pytest.raises(IllegalAction):
            GAME.apply(state, state.turn, action)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 7, "order non kraken off")


def test_load_refuses_malformed_data() -> None:
    state = GAME.new_state(2, 1)
    good = GAME.dump(state)
    assert GAME.dump(GAME.load(json.loads(json.dumps(good)))) == good
    for bad in [
        {},
        {**good, "schema": 99},
        {**good, "pawns": [["B1", 0, "submarine", None, None]]},
        {**good, "players": 9},
        {**good, "seats": []},
        {**good, "whirlpools": [[0, "Z1"]]},
    ]:
        with pytest.raises(ValueError):
            GAME.load(bad)


def test_fireship_is_registered() -> None:
    assert GAMES["fireship"] is GAME
    assert (GAME.title, GAME.min_players, GAME.max_players) == ("Fireship", 2, 4)


def test_ai_takes_an_island_it_can_win() -> None:
    state = attack_scene()
    action = GAME.bot_action(state, BLUE, random.Random(0))
    assert action.startswith("attack") or action.startswith("move")
    while action.startswith("move"):
        state = act(state, action)
        action = GAME.bot_action(state, BLUE, random.Random(0))
    assert action.split()[2] in {"I1", "W1"}


def test_a_standing_non_cancels_another_players_kraken_for_everybody() -> None:
    state = scenario(pawns=[(BLUE, "boat", "G3"), (BLUE, "boat", "H4"), (RED, "plane", "E1")])
    state.seats[RED].hand = ["non"]
    state = ended(rolled(state, LOW_ROLL), WHEEL_INDEX["kraken"])
    assert {"B2", "R1", "W1"} <= set(state.pawns)
    assert events(state, "non")[0]["case"] == "kraken"


def test_a_standing_non_cancels_a_whirlpool_strike() -> None:
    state = scenario(pawns=[(BLUE, "boat", "A12"), (RED, "boat", "L11"), (RED, "boat", "T12")])
    state.seats[BLUE].hand = ["tourbillon"]
    state.seats[RED].hand = ["non"]
    state = act(rolled(state), "tourbillon L12", "end")
    state = act(rolled(state, LOW_ROLL), "end")
    assert "R1" in state.pawns and state.whirlpools == []
    assert events(state, "non")[0]["case"] == "whirlpool"


def test_a_standing_non_may_refuse_ones_own_loss() -> None:
    state = scenario(pawns=[(BLUE, "boat", "G3"), (BLUE, "boat", "K12")])
    state = act(state, "order non loss on", seat=BLUE)
    state.seats[BLUE].hand = ["non"]
    state = ended(rolled(state, LOW_ROLL), WHEEL_INDEX["lose_boat"])
    assert {"B1", "B2"} <= set(state.pawns) and state.turn == RED


def test_pawns_in_a_home_can_be_attacked_and_defend_together() -> None:
    state = scenario(
        pawns=[(BLUE, "boat", "home"), (BLUE, "boat", "home"), (RED, "battleship", "C2")]
    )
    state = rolled(state, LOW_ROLL)
    options = {(a.ident, t.ident): (x, d) for a, t, x, d in _options(state)}
    assert options[("B1", "R1")] == (2, 4)  # a home boat and its home mate, against 4
    state.turn = RED
    state.touched()
    assert {(a.ident, t.ident): (x, d) for a, t, x, d in _options(state)}[("R1", "B1")] == (4, 2)


def test_vent_ascendant_badge() -> None:
    state = scenario(pawns=[(BLUE, "plane", "A12")])
    state.seats[BLUE].badges["vent"] = 1
    state = rolled(state, LOW_ROLL, how="roll vent badge")
    assert costs(state, "B1")["G12"] == 3 and state.seats[BLUE].badges["vent"] == 0


def test_attack_preview_gives_the_sums_the_engine_compares_from_any_view() -> None:
    from bot.games.fireship import attack_options, attack_preview

    checked = 0
    for seed in (3, 8):
        state = GAME.new_state(3, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if not GAME.to_act(state):
                break
            seat = state.turn
            views = (GAME.view(state, seat), GAME.view(state, None))
            for leader, target, attack, defence in attack_options(state, seat):
                for view in views:
                    preview = attack_preview(view, leader.ident, target.ident)
                    assert preview == (attack, defence), (leader.ident, target.ident)
                checked += 1
            state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    assert checked > 20
    assert attack_preview(GAME.view(state, None), "B99", "I1") is None


# --- special squares used by choice (issue 22) -----------------------------------------
def test_special_squares_are_used_or_skipped_pawn_by_pawn() -> None:
    # Blue's boat ends on the wheel G3 and its plane on the mystery square H5.
    state = scenario(pawns=[(BLUE, "boat", "G3"), (BLUE, "plane", "H5"), (RED, "boat", "T12")])
    state = act(rolled(state, LOW_ROLL), "end")
    assert (state.phase, state.turn, state.squares) == ("squares", BLUE, ["B1", "B2"])
    assert GAME.legal_actions(state, BLUE) == ["use B1", "skip B1", "use B2", "skip B2"]
    assert GAME.view(state, None)["squares"] == ["B1", "B2"]
    state = act(state, "skip B1")
    assert events(state, "square_skipped") == [
        {"type": "square_skipped", "seat": BLUE, "pawn": "B1", "cell": "G3", "square": "wheel"}
    ]
    assert not events(state, "wheel") and state.pawns["B1"].last_special is None
    state.deck.append("gain_boat")
    state = act(state, "use B2")
    assert events(state, "square")[0]["square"] == "mystery" and events(state, "gain")
    assert state.pawns["B2"].last_special == (7, 4)
    assert state.phase == "end" and GAME.legal_actions(state, BLUE) == ["end"]
    assert act(state, "end").turn == RED


def test_a_skipped_square_does_not_count_as_used() -> None:
    state = scenario(pawns=[(BLUE, "boat", "G3")])
    state = act(rolled(state, LOW_ROLL), "end", "skip B1", "end")
    state = rolled(act(rolled(state, LOW_ROLL), "end"), LOW_ROLL)  # Red's turn, then Blue's
    state = act(state, "end")  # B1 still on G3: it may use the wheel now
    assert state.phase == "squares" and "use B1" in GAME.legal_actions(state, BLUE)


def test_a_square_a_pawn_cannot_use_is_not_asked_about() -> None:
    # A boat on a battleship square: only a plane may use it; the turn ends at once.
    state = act(rolled(scenario(pawns=[(BLUE, "boat", "H8")]), LOW_ROLL), "end")
    assert state.turn == RED and not events(state, "battleship")


def test_the_squares_step_resumes_after_a_choice() -> None:
    # The wheel takes a boat (which one: Blue chooses), then the plane's square is asked.
    pawns = [(BLUE, "boat", "G3"), (BLUE, "boat", "K12"), (BLUE, "plane", "H8")]
    state = act(rolled(scenario(pawns=pawns), LOW_ROLL), "end")
    state.loaded = [WHEEL_INDEX["lose_boat"]]
    state = act(state, "use B1")
    assert state.phase == "choose" and GAME.legal_actions(state, BLUE) == ["lose B1", "lose B2"]
    state = act(state, "lose B2")
    assert state.phase == "squares" and state.squares == ["B3"]
    state.loaded = [1]
    state = act(state, "use B3")
    assert events(state, "battleship")[0]["won"] and state.phase == "end"


def test_the_ai_uses_a_square_unless_it_hurts() -> None:
    rng = random.Random(0)
    state = act(rolled(scenario(pawns=[(BLUE, "boat", "H5")]), LOW_ROLL), "end")
    assert GAME.bot_action(state, BLUE, rng) == "use B1"  # a mystery card
    # The wheel G3 with three of its own boats and a plane around: a Kraken would cost more
    # than a spin is worth.
    crowd = [(BLUE, "boat", "G3"), (BLUE, "boat", "H4"), (BLUE, "boat", "F2")]
    crowd += [(BLUE, "boat", "E3"), (BLUE, "plane", "I3")]
    state = act(rolled(scenario(pawns=crowd), LOW_ROLL), "end")
    assert GAME.bot_action(state, BLUE, rng) == "skip B1"
    # A plane on a battleship square with no battleship left in the pool.
    state = rolled(scenario(pawns=[(BLUE, "plane", "H8")]), LOW_ROLL)
    state.seats[BLUE].pool["battleship"] = 0
    assert GAME.bot_action(act(state, "end"), BLUE, rng) == "skip B1"


# --- an island won (issue 22) ----------------------------------------------------------
def test_a_won_island_sinks_every_pawn_not_yours_within_one_white_included() -> None:
    # Blue takes white island 1 (E5-F6); Green's boat D7 and white's garrison E4 are next
    # to it and sink; Blue's own pawns there stay; Red's boat far away stays.
    pawns = [
        (BLUE, "plane", "D5"),
        (BLUE, "battleship", "D6"),
        (GREEN, "boat", "D7"),
        (RED, "boat", "K12"),
    ]
    state = rolled(scenario(3, pawns=pawns), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert island_owner(state, 1) == BLUE
    sunk = {e["pawn"]: e["cause"] for e in events(state, "destroyed")}
    assert sunk == {"W1": "island_lost", "G1": "island_lost"}
    assert {"B1", "B2", "R1"} <= set(state.pawns)
    garrison = state.pawn_at(data.GARRISONS[1])
    assert garrison is not None and garrison.seat == BLUE and garrison.kind == "boat"


def test_your_own_pawn_on_the_garrison_cell_stays_there() -> None:
    pawns = [(BLUE, "plane", "D5"), (BLUE, "battleship", "E4")]
    state = rolled(scenario(pawns=pawns, islands={1: RED}), LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert island_owner(state, 1) == BLUE and state.pawn_at(data.GARRISONS[1]).id == "B2"  # type: ignore[union-attr]
    assert state.seats[BLUE].pool["boat"] == 12 and not events(state, "garrison")


# --- Brouillard after the special squares (issue 22) -----------------------------------
def test_a_brouillard_badge_won_on_a_square_is_played_at_once() -> None:
    pawns = [(BLUE, "boat", "G3"), (RED, "plane", "G4")]
    state = act(rolled(scenario(pawns=pawns), LOW_ROLL), "end")
    assert "end fog badge" not in GAME.legal_actions(state, BLUE)
    state.loaded = [WHEEL_INDEX["badge_fog"]]
    state = act(state, "use B1")
    assert state.phase == "end" and "end fog badge" in GAME.legal_actions(state, BLUE)
    state = act(state, "end fog badge")
    assert state.seats[BLUE].fog and state.turn == RED
    state = rolled(state, LOW_ROLL)
    assert not [a for a in GAME.legal_actions(state, RED) if a.startswith("attack")]


def test_brouillard_is_offered_after_the_squares_not_before() -> None:
    state = scenario(pawns=[(BLUE, "boat", "H5")])
    state.seats[BLUE].hand = ["fog"]
    state = rolled(state, LOW_ROLL)
    assert [a for a in GAME.legal_actions(state, BLUE) if a.startswith("end")] == ["end"]
    state = act(state, "end", "skip B1")
    assert GAME.legal_actions(state, BLUE) == ["end", "end fog card"]


def test_brouillard_stops_attacks_but_not_a_boum() -> None:
    pawns = [(BLUE, "boat", "K12"), (RED, "plane", "K13")]
    state = rolled(scenario(pawns=pawns))
    state.seats[BLUE].badges["fog"] = 1
    state = act(state, "end fog badge")
    state.seats[RED].hand = ["boum"]
    state = rolled(state, LOW_ROLL)
    legal = GAME.legal_actions(state, RED)
    assert "attack R1 B1" not in legal and "boum card B1" in legal
    state = act(state, "boum card B1")
    assert "B1" not in state.pawns


# --- Non against a +1 and one's own Kraken (issue 22) ----------------------------------
def plus_scene(
    blue_hand: list[str], red_hand: list[str], *orders: tuple[int, str]
) -> FireshipState:
    """Blue's plane K12 (2) against Red's boat K13 and plane L13 (3): Blue may attack only
    with a Gagne +1."""
    pawns = [(BLUE, "plane", "K12"), (RED, "boat", "K13"), (RED, "plane", "L13")]
    state = scenario(pawns=pawns)
    for seat, order in orders:
        state = act(state, order, seat=seat)
    state.seats[BLUE].hand = list(blue_hand)
    state.seats[RED].hand = list(red_hand)
    return rolled(state, LOW_ROLL)


def test_a_standing_non_cancels_an_attackers_plus_one() -> None:
    state = plus_scene(["plus"], ["non"], (RED, "order non plus on"))
    assert "attack B1 R1 plus" in GAME.legal_actions(state, BLUE)
    state = act(state, "attack B1 R1 plus")
    assert [e["type"] for e in GAME.view(state, None)["events"]][:3] == ["plus", "non", "attack"]
    assert events(state, "non")[0]["case"] == "plus"
    report = events(state, "attack")[0]
    assert (report["attack"], report["defence"], report["result"]) == (2, 3, "repelled")
    assert "R1" in state.pawns and state.seats[BLUE].hand == state.seats[RED].hand == []


def test_a_non_against_a_plus_is_kept_when_its_order_is_off() -> None:
    state = plus_scene(["plus"], ["non"])  # the order "plus" is off by default
    state.loaded = [1]
    state = act(state, "attack B1 R1 plus")
    assert events(state, "attack")[0]["result"] == "won" and state.seats[RED].hand == ["non"]


def test_a_standing_non_cancels_a_defenders_plus_one() -> None:
    # A tie (Blue 3 against Red's island 1 and boat E4: 3); Red's +1 would repel it,
    # Blue's Non cancels that +1: the plain die is thrown.
    state = scenario(
        pawns=[(BLUE, "plane", "D5"), (BLUE, "boat", "D6"), (RED, "boat", "E4")],
        islands={1: RED},
    )
    state = act(state, "order non plus on", seat=BLUE)
    state.seats[BLUE].hand = ["non"]
    state.seats[RED].hand = ["plus"]
    state = rolled(state, LOW_ROLL)
    state.loaded = [1]
    state = act(state, "attack B1 I1")
    assert [(e["seat"], e["type"]) for e in events(state, "plus") + events(state, "non")] == [
        (RED, "plus"),
        (BLUE, "non"),
    ]
    report = events(state, "attack")[0]
    assert (report["defence"], report["die"], report["result"]) == (3, "plain", "won")


def test_no_non_is_spent_on_a_plus_that_changes_nothing() -> None:
    # 4 against 1: the blue die with or without the +1.
    pawns = [(BLUE, "battleship", "K12"), (RED, "boat", "K13")]
    state = act(scenario(pawns=pawns), "order non plus on", seat=RED)
    state.seats[BLUE].hand = ["plus"]
    state.seats[RED].hand = ["non"]
    state = rolled(state, LOW_ROLL)
    state.loaded = [6]
    state = act(state, "attack B1 R1 plus")
    assert state.seats[RED].hand == ["non"] and events(state, "attack")[0]["attack"] == 5


def test_a_standing_non_cancels_ones_own_kraken() -> None:
    pawns = [(BLUE, "boat", "G3"), (BLUE, "battleship", "H4"), (RED, "plane", "E1")]
    state = scenario(pawns=pawns)
    assert "order non kraken_own on" in GAME.order_actions(state, BLUE)
    state = act(state, "order non kraken_own on", seat=BLUE)
    state.seats[BLUE].hand = ["non"]
    state = ended(rolled(state, LOW_ROLL), WHEEL_INDEX["kraken"])
    assert {"B2", "R1", "W1"} <= set(state.pawns)
    assert events(state, "non")[0] == {
        "type": "non",
        "seat": BLUE,
        "against": BLUE,
        "case": "kraken_own",
    }


def test_ones_own_kraken_sinks_ones_pawns_when_no_order_says_otherwise() -> None:
    pawns = [(BLUE, "boat", "G3"), (BLUE, "battleship", "H4")]
    state = scenario(pawns=pawns)
    state.seats[BLUE].hand = ["non"]
    state = ended(rolled(state, LOW_ROLL), WHEEL_INDEX["kraken"])
    assert "B2" not in state.pawns and state.seats[BLUE].hand == ["non"]


def test_standing_orders_offer_every_case_the_rulings_name() -> None:
    orders = GAME.order_actions(scenario(), BLUE)
    for case in ("attack_island", "attack_pawn", "plus", "boum", "kraken", "kraken_own"):
        assert any(o.startswith(f"order non {case} ") for o in orders), case
    assert {"order non whirlpool off", "order non loss on", "order plus island off"} <= set(orders)


# --- targets by identity (issue 22) ----------------------------------------------------
def test_an_action_on_a_pawn_that_left_the_board_is_refused_by_name() -> None:
    pawns = [(BLUE, "plane", "K12"), (BLUE, "boat", "K14"), (RED, "boat", "K13")]
    state = rolled(scenario(pawns=[*pawns, (RED, "boat", "T12")]), LOW_ROLL)
    stale = GAME.legal_actions(state, BLUE)
    assert "attack B2 R1" in stale and "move B2 L14" in stale  # pawns named by id
    state.loaded = [1]
    state = act(state, "attack B1 R1")
    assert refusal(state, BLUE, "attack B2 R1") == "pawn_gone"
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, BLUE, "attack B2 R1")
    assert caught.value.params == {"pawn": "R1"}
    assert refusal(state, BLUE, "attack B1 R7") == "illegal_action"  # never on the board


def test_pawns_waiting_at_home_are_offered_once_per_kind() -> None:
    home = [(BLUE, "boat", "home"), (BLUE, "boat", "home"), (BLUE, "plane", "home")]
    state = rolled(scenario(pawns=[*home, (BLUE, "boat", "K12")]), LOW_ROLL)
    movers = {a.split()[1] for a in GAME.legal_actions(state, BLUE) if a.startswith("move ")}
    assert movers == {"B1", "B3", "B4"}
    assert set(GAME.view(state, BLUE)["reach"]) == {"B1", "B3", "B4"}
    state = act(state, "move B1 C1")
    movers = {a.split()[1] for a in GAME.legal_actions(state, BLUE) if a.startswith("move ")}
    assert movers == {"B1", "B2", "B3", "B4"}


def test_a_loss_asks_once_for_the_boats_waiting_at_home() -> None:
    pawns = [(BLUE, "boat", "G3"), (BLUE, "boat", "home"), (BLUE, "boat", "home")]
    state = act(rolled(scenario(pawns=pawns), LOW_ROLL), "end")
    state.loaded = [WHEEL_INDEX["lose_boat"]]
    state = act(state, "use B1")
    assert GAME.legal_actions(state, BLUE) == ["lose B1", "lose B2"]


# --- the time limit's last round (issue 22) --------------------------------------------
def test_a_time_limited_game_ends_on_its_last_round() -> None:
    state = scenario(pawns=[(BLUE, "boat", "A12"), (RED, "boat", "T12")], options={"rounds": 10})
    state = play_last_turn(state)
    assert GAME.outcome(state) is not None
    assert state.round == 10 and GAME.view(state, None)["round"] == 10


# --- saves of the previous format (issue 22) -------------------------------------------
def test_a_match_saved_before_the_squares_step_goes_on() -> None:
    # Saved by the previous engine while Blue chose which boat the wheel takes, with the
    # mystery square of its plane still queued (squares were used by themselves then).
    pawns = [(BLUE, "boat", "G3"), (BLUE, "boat", "K12"), (BLUE, "plane", "H5")]
    state = rolled(scenario(pawns=pawns), LOW_ROLL)
    old = GAME.dump(state)
    old["schema"] = 1
    del old["squares"]
    old.update(
        phase="choose",
        points=0,
        pending={"seat": BLUE, "kind": "lose", "options": ["B1", "B2"]},
        queue=[{"op": "square", "pawn": "B3"}, {"op": "next_turn"}],
    )
    loaded = GAME.load(json.loads(json.dumps(old)))
    assert GAME.legal_actions(loaded, BLUE) == ["lose B1", "lose B2"]
    loaded.deck.append("gain_plane")
    after = act(loaded, "lose B2")
    assert events(after, "square")[0]["pawn"] == "B3" and events(after, "gain")
    assert after.turn == RED and after.phase == "start"
    assert GAME.dump(GAME.load(GAME.dump(after)))["schema"] == 2
