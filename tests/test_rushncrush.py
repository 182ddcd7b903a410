"""Rush'n'Crush rule scenarios (rules: docs/rules/rushncrush.md).

Positions are built with ``scenario``; dice are loaded into the state (``dice=[...]``), so
each test throws exactly the dice it names.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

from bot.games import IllegalAction, Outcome
from bot.games.rushncrush import (
    GAME,
    PHASE_DASH,
    PHASE_DASH_POST,
    PHASE_GRID,
    PHASE_MOVE,
    PHASE_TRADE,
    Car,
    Course,
    Move,
    RncState,
    TradingView,
    accelerated,
    data,
    decelerated,
    gear_changes,
    parse_course,
    scenario,
)


def track(faces: str, laps: int = 1) -> Course:
    """A test course laid directly: test positions may repeat a module (the box may not)."""
    return Course(data.CUSTOM, tuple(faces.split()), laps)


OPEN = track("1A 1A 1A")  # 24 rows, no rock at all
BOULDERS = track("1B 1A 1A")  # rocks at lane 2 row 3 and lane 3 row 6


def car(seat: int, lane: int, row: int, gear: int = 0, speed: int = 0, **extra: object) -> Car:
    made = Car(seat, lane=lane, row=row, gear=gear, speed=speed)
    for key, value in extra.items():
        setattr(made, key, value)
    return made


def moving(cars: list[Car], **kwargs: object) -> RncState:
    """Seat 0 on its move phase with its whole speed to move (unlimited lane changes if slow)."""
    move = kwargs.pop("move", None)
    state = scenario(cars, phase=PHASE_MOVE, **kwargs)  # type: ignore[arg-type]
    if isinstance(move, Move):
        state.move = move
    if not state.move.path:
        state.move.path = [[state.mover.lane, state.mover.row]]
    return state


def play(state: RncState, seat: int, *actions: str) -> RncState:
    for action in actions:
        assert action in GAME.legal_actions(state, seat), (action, GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
    return state


def events(state: RncState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == kind]


# --- the dashboard ------------------------------------------------------------------------------
def test_accelerate_from_neutral_follows_the_solid_line_to_first_gear_two() -> None:
    assert accelerated(data.NEUTRAL) == (1, 2)
    assert decelerated((1, 2)) == data.NEUTRAL
    assert accelerated((1, 6)) is None  # top of first gear


def test_bottom_of_a_gear_chain_cannot_decelerate() -> None:
    assert decelerated((2, 4)) is None
    assert decelerated((3, 7)) == (3, 6)


def test_dotted_lines_join_equal_speeds_across_the_listed_gears() -> None:
    assert gear_changes((1, 6)) == [2, 3]
    assert gear_changes((3, 12)) == [4, 5]
    assert gear_changes((2, 7)) == [3]
    assert gear_changes((1, 3)) == []  # speed 3 has no dotted line
    assert gear_changes((5, 18)) == []


def test_dashboard_offers_each_kind_of_lever_move() -> None:
    state = scenario([car(0, 2, 5, 2, 6), car(1, 3, 1)], course=OPEN)
    legal = GAME.legal_actions(state, 0)
    for action in ("accel", "accel turbo", "decel", "gear 1", "gear 3", "hold", "brake"):
        assert action in legal


def test_gear_change_lands_on_the_same_speed_in_the_new_gear() -> None:
    state = scenario([car(0, 2, 5, 2, 6), car(1, 3, 1)], course=OPEN, dice=[6] * 5)
    state = play(state, 0, "gear 3")
    assert state.mover.bubble == (3, 6)
    assert state.phase == PHASE_MOVE  # (3, 6) cannot brake: the dashboard is over


def test_brake_after_a_gear_change_then_go() -> None:
    state = scenario([car(0, 2, 5, 3, 12), car(1, 3, 1)], course=OPEN, dice=[6] * 5)
    state = play(state, 0, "gear 4")
    assert state.phase == PHASE_DASH_POST  # brakes may follow the action
    assert GAME.legal_actions(state, 0) == ["go", "brake"]
    state = play(state, 0, "brake", "go")
    assert state.mover.bubble == (4, 11)
    assert state.mover.brakes == data.START_BRAKES - 1
    assert state.phase == PHASE_MOVE


def test_each_brake_token_is_one_more_deceleration() -> None:
    state = scenario([car(0, 2, 5, 3, 12), car(1, 3, 1)], course=OPEN, dice=[6] * 20)
    state = play(state, 0, "brake", "brake", "decel")
    assert state.mover.bubble == (3, 9)
    assert state.mover.brakes == data.START_BRAKES - 2


def test_turbo_is_one_more_acceleration_after_an_acceleration() -> None:
    state = scenario([car(0, 2, 5, 1, 2), car(1, 3, 1)], course=OPEN)
    state = play(state, 0, "accel turbo")
    assert state.mover.bubble == (1, 4)
    assert state.mover.turbos == data.START_TURBOS - 1


def test_no_turbo_without_tokens_or_without_room_to_accelerate() -> None:
    state = scenario([car(0, 2, 5, 1, 5, turbos=0), car(1, 3, 1)], course=OPEN)
    assert "accel turbo" not in GAME.legal_actions(state, 0)
    state = scenario([car(0, 2, 5, 1, 5), car(1, 3, 1)], course=OPEN)
    assert "accel turbo" not in GAME.legal_actions(state, 0)  # 6 is the top of gear 1


# --- heat ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("start", "action", "dice", "rise"),
    [
        ((1, 4), "accel", [2], 1),  # yellow: 1 die
        ((1, 4), "accel", [3], 0),
        ((1, 5), "accel", [1, 5], 1),  # orange: 2 dice
        ((2, 8), "accel", [1, 2, 6], 2),  # red: 3 dice
        ((2, 8), "accel", [3, 4, 5], 0),
    ],
)
def test_heat_test_dice_follow_the_bubble_colour(
    start: tuple[int, int], action: str, dice: list[int], rise: int
) -> None:
    state = scenario([car(0, 2, 1, *start), car(1, 3, 0)], course=OPEN, dice=[*dice, 6, 6, 6, 6, 6])
    state = play(state, 0, action)
    heat = [e for e in events(state, "roll") if e["test"] == "heat"]
    assert heat[0]["dice"] == dice
    assert state.cars[0].temp == rise


def test_reaching_t6_explodes_the_engine() -> None:
    state = scenario([car(0, 2, 5, 2, 8, temp=4), car(1, 3, 1), car(2, 4, 1)], course=OPEN)
    state.loaded_dice = [1, 2, 6]
    state = play(state, 0, "accel")
    assert state.cars[0].out
    assert [2, 5, 0] in state.wrecks
    assert events(state, "wrecked")[0]["cause"] == "explosion"
    assert state.current == 1  # the next car plays


def test_brake_and_turbo_steps_each_take_a_heat_test() -> None:
    state = scenario([car(0, 2, 5, 1, 4), car(1, 3, 1)], course=OPEN, dice=[1, 1, 2] + [6] * 5)
    state = play(state, 0, "accel turbo")  # 5Y (1 die) then 6O (2 dice)
    assert [e["dice"] for e in events(state, "roll") if e["test"] == "heat"] == [[1], [1, 2]]
    assert state.mover.temp == 3
    braking = scenario([car(0, 2, 5, 2, 9), car(1, 3, 1)], course=OPEN, dice=[1, 6])
    braking = play(braking, 0, "brake")  # 9R -> 8O: orange, 2 dice
    assert [e["dice"] for e in events(braking, "roll")] == [[1, 6]]
    assert braking.mover.temp == 1


def test_holding_the_lever_on_a_red_bubble_takes_no_heat_test() -> None:
    state = scenario([car(0, 2, 5, 2, 9), car(1, 3, 1)], course=OPEN, dice=[6, 6])
    state = play(state, 0, "hold")
    assert not [e for e in events(state, "roll") if e["test"] == "heat"]


# --- driving test -------------------------------------------------------------------------------
def test_driving_test_keeps_the_highest_die_up_to_speed_ten() -> None:
    state = scenario([car(0, 2, 1, 3, 6), car(1, 3, 0)], course=OPEN, dice=[1, 2, 4, 2, 1])
    state = play(state, 0, "hold")
    assert events(state, "roll")[0] == {
        "type": "roll",
        "seat": 0,
        "test": "driving",
        "dice": [1, 2, 4, 2, 1],
        "result": 4,
    }
    assert state.move.changes == 4


def test_driving_test_keeps_the_lowest_die_above_speed_ten() -> None:
    state = scenario([car(0, 2, 1, 3, 12), car(1, 3, 0)], course=OPEN, dice=[5, 2, 6])
    state = play(state, 0, "hold")
    assert events(state, "roll")[0]["dice"] == [5, 2, 6]
    assert state.move.changes == 2


def test_no_driving_test_at_five_or_less() -> None:
    state = scenario([car(0, 2, 1, 1, 5), car(1, 3, 0)], course=OPEN)
    state = play(state, 0, "hold")
    assert not events(state, "roll")
    assert state.move.changes is None  # unlimited


def test_at_180_no_die_is_thrown_and_no_lane_change_is_allowed() -> None:
    state = scenario([car(0, 2, 1, 5, 18, tyres=0), car(1, 3, 0)], course=OPEN)
    state = play(state, 0, "hold")
    assert events(state, "roll")[0]["dice"] == []
    assert state.move.changes == 0
    assert GAME.legal_actions(state, 0)[:2] == ["drive " + ",".join(["2"] * 18), "step 2"]


def test_at_180_a_rock_destroys_the_car() -> None:
    course = track("1A 1B 1A")  # rock at lane 2 row 11
    state = moving([car(0, 2, 1, 5, 18), car(1, 4, 0), car(2, 1, 0)], course=course)
    state.move.changes = 0
    state.cars[0].tyres = 0
    state = play(state, 0, *["step 2"] * 10)
    assert state.cars[0].out
    assert events(state, "wrecked")[0]["cause"] == "rock"


# --- lanes and tyres ----------------------------------------------------------------------------
def test_lane_changes_beyond_the_allowance_cost_tyres() -> None:
    state = moving([car(0, 2, 1, 3, 6), car(1, 4, 0)], course=OPEN, move=Move(6, changes=1))
    state = play(state, 0, "step 3", "step 4")
    assert state.move.changes == 0
    assert state.cars[0].tyres == data.START_TYRES - 1


def test_without_tyres_the_car_goes_straight() -> None:
    state = moving(
        [car(0, 2, 1, 3, 6, tyres=0), car(1, 4, 0)], course=OPEN, move=Move(6, changes=0)
    )
    legal = GAME.legal_actions(state, 0)
    assert [a for a in legal if a.startswith("step")] == ["step 2"]
    assert [a for a in legal if a.startswith("drive")] == ["drive 2,2,2,2,2,2"]


def test_drive_offers_one_clean_path_per_reachable_end_cell() -> None:
    state = moving([car(0, 2, 1, 1, 3), car(1, 4, 0)], course=BOULDERS)
    drives = [a for a in GAME.legal_actions(state, 0) if a.startswith("drive")]
    # rock at lane 2 row 3 is avoided; each end lane once, fewest lane changes, early changes
    assert drives == ["drive 1,1,1", "drive 1,1,2", "drive 3,3,3", "drive 3,4,4"]
    state = play(state, 0, "drive 3,3,3")
    assert (state.cars[0].lane, state.cars[0].row) == (3, 4)
    assert state.last_path == {"seat": 0, "path": [[2, 1], [3, 2], [3, 3], [3, 4]]}
    assert state.current == 1


# --- rock ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("speed", "dice", "lost"),
    [
        (8, [4, 2, 5], 2),  # 3 dice, keep the lowest
        (10, [3], 3),  # 1 die
        (12, [1, 3, 2], 3),  # 3 dice, keep the highest
        (16, [1, 1, 2, 1, 4], 4),  # 5 dice, keep the highest
    ],
)
def test_head_on_into_rock_costs_armour_by_the_speed_table(
    speed: int, dice: list[int], lost: int
) -> None:
    gear = 3 if speed <= 12 else 4
    state = moving([car(0, 2, 2, gear, speed), car(1, 4, 0)], course=BOULDERS, dice=dice)
    state.move.changes = 3
    state = play(state, 0, "step 2")
    assert events(state, "roll")[0]["dice"] == dice
    assert state.cars[0].armour == data.START_ARMOUR - lost
    assert (state.cars[0].lane, state.cars[0].row) == (2, 2)  # the car stays
    assert state.move.points == speed - 1  # and loses that point


def test_slow_head_on_into_rock_costs_one_armour_without_dice() -> None:
    state = moving([car(0, 2, 2, 1, 4), car(1, 4, 0)], course=BOULDERS)
    state = play(state, 0, "step 2")
    assert not events(state, "roll")
    assert state.cars[0].armour == data.START_ARMOUR - 1


def test_rock_damage_beyond_the_armour_left_destroys_the_car() -> None:
    state = moving(
        [car(0, 2, 2, 3, 8, armour=1), car(1, 4, 0), car(2, 1, 0)], course=BOULDERS, dice=[2, 3, 4]
    )
    state = play(state, 0, "step 2")
    assert state.cars[0].out
    assert state.current in (1, 2) and state.phase == PHASE_DASH


def test_forcing_the_way_is_a_free_lane_change_after_a_rock() -> None:
    state = moving([car(0, 2, 2, 3, 8, tyres=0), car(1, 4, 0)], course=BOULDERS, dice=[1, 6, 6])
    state.move.changes = 0
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("step")] == ["step 2"]
    state = play(state, 0, "step 2")  # into the rock: the lowest die, 1 armour, is lost
    assert state.cars[0].armour == data.START_ARMOUR - 1
    steps = [a for a in GAME.legal_actions(state, 0) if a.startswith("step")]
    assert steps == ["step 1", "step 2", "step 3"]
    state = play(state, 0, "step 3")
    assert (state.cars[0].lane, state.cars[0].row) == (3, 3)
    assert state.move.changes == 0 and state.cars[0].tyres == 0  # nothing spent
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("step")] == ["step 3"]


def test_a_step_off_the_road_is_offered_and_is_a_head_on_into_rock() -> None:
    state = moving([car(0, 1, 2, 3, 8), car(1, 4, 0)], course=OPEN, dice=[3, 4, 5])
    state.move.changes = 1
    steps = [a for a in GAME.legal_actions(state, 0) if a.startswith("step")]
    assert steps == ["step 0", "step 1", "step 2"]
    state = play(state, 0, "step 0")  # off the road on the left: rock, the lowest die lost
    assert events(state, "crash")[0]["into"] == "rock"
    assert state.cars[0].armour == data.START_ARMOUR - 3
    assert (state.cars[0].lane, state.cars[0].row) == (1, 2)  # it stays, that point lost
    assert state.move.points == 7 and state.move.changes == 1 and state.move.free_change
    right = moving([car(0, 4, 2, 1, 3), car(1, 1, 0)], course=OPEN)
    assert "step 5" in GAME.legal_actions(right, 0)
    right = play(right, 0, "step 5")
    assert right.cars[0].armour == data.START_ARMOUR - data.SLOW_ROCK_DAMAGE


def test_no_step_off_the_road_without_a_lane_change_left() -> None:
    state = moving([car(0, 1, 2, 3, 8, tyres=0), car(1, 4, 0)], course=OPEN)
    state.move.changes = 0
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("step")] == ["step 1"]


# --- front/rear ---------------------------------------------------------------------------------
def test_front_rear_collision_both_take_tests_for_the_points_left() -> None:
    state = moving([car(0, 2, 1, 1, 4), car(1, 2, 3), car(2, 4, 0)], course=OPEN)
    state.loaded_dice = [1, 6, 6, 2, 3, 6]
    state = play(state, 0, "step 2", "step 2")  # 3 points left when hitting seat 1
    rolls = events(state, "roll")
    assert [(e["seat"], e["dice"]) for e in rolls] == [(0, [1, 6, 6]), (1, [2, 3, 6])]
    assert state.cars[0].armour == 5 and state.cars[1].armour == 5
    assert (state.cars[0].lane, state.cars[0].row) == (2, 2)  # stopped behind
    assert state.current == 1  # the rest of the move is lost


def test_diagonal_step_into_a_car_is_not_allowed() -> None:
    state = moving([car(0, 2, 1, 1, 4), car(1, 3, 2)], course=OPEN)
    assert "step 3" not in GAME.legal_actions(state, 0)
    assert "push ahead-right" in GAME.legal_actions(state, 0)


def test_rushncrush_accelerate_and_ram_with_four_points_left() -> None:
    """The source's example: B accelerates 140 -> 160 and rams A with 4 points left."""
    b = car(0, 2, 1, 4, 14)
    a = car(1, 2, 14, 4, 12)
    state = scenario([b, a, car(2, 4, 0)], course=track("1A 1A 1A 1A"))
    heat, driving, own, theirs = [6, 6], [6, 6, 6, 6, 6], [1, 2, 6, 6], [3, 3, 1, 6]
    state.loaded_dice = [*heat, *driving, *own, *theirs]
    state = play(state, 0, "accel")  # 16 orange: heat 2 dice, driving test 5 dice
    assert state.mover.speed == 16
    state = play(state, 0, *["step 2"] * 13)  # 12 spaces, the 13th point hits A
    assert events(state, "crash")[0]["tests"] == 4
    assert state.cars[0].armour == 4 and state.cars[1].armour == 5


def test_bull_bar_takes_two_tests_off_a_ram() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4, cards=[data.BULLBAR]), car(1, 2, 2), car(2, 4, 0)], course=OPEN
    )
    state.loaded_dice = [1, 1, 1, 1, 6]
    state = play(state, 0, "card bullbar", "step 2")  # 4 points left: 2 own tests, 4 theirs
    rolls = events(state, "roll")
    assert [(e["seat"], len(e["dice"])) for e in rolls] == [(0, 2), (1, 4)]


# --- wrecks -------------------------------------------------------------------------------------
def test_a_wreck_on_the_way_costs_a_hard_test_and_the_move_goes_on() -> None:
    state = moving([car(0, 2, 1, 1, 4), car(1, 4, 0)], course=OPEN, wrecks=[(2, 3)], dice=[4])
    state = play(state, 0, "step 2", "step 2")  # a 4 fails a hard test
    assert events(state, "roll")[0]["test"] == "hard"
    assert state.cars[0].armour == 5
    assert (state.cars[0].lane, state.cars[0].row) == (2, 3)
    state = play(state, 0, "step 2", "step 2")
    assert state.cars[0].row == 5


def test_a_five_passes_the_hard_test() -> None:
    state = moving([car(0, 2, 1, 1, 4), car(1, 4, 0)], course=OPEN, wrecks=[(2, 2)], dice=[5])
    state = play(state, 0, "step 2")
    assert state.cars[0].armour == data.START_ARMOUR


def test_a_car_cannot_end_its_move_on_a_wreck() -> None:
    state = moving([car(0, 2, 1, 1, 2), car(1, 4, 0)], course=OPEN, wrecks=[(2, 3)])
    state = play(state, 0, "step 2", "step 2")
    assert not events(state, "roll")  # no crash: it stops just behind the wreck
    assert (state.cars[0].lane, state.cars[0].row) == (2, 2)
    assert state.current == 1


def test_clean_drive_paths_go_around_wrecks() -> None:
    state = moving([car(0, 2, 1, 1, 2), car(1, 4, 0)], course=OPEN, wrecks=[(2, 3)])
    drives = [a for a in GAME.legal_actions(state, 0) if a.startswith("drive")]
    assert drives == ["drive 1,1", "drive 3,3", "drive 3,4"]  # none ends on the wreck


# --- pushes -------------------------------------------------------------------------------------
def push_state(victim_lane: int, dice: list[int], extra: list[Car] | None = None) -> RncState:
    cars = [car(0, 2, 3, 1, 3), car(1, victim_lane, 3), *(extra or [])]
    if len(cars) == 2:
        cars.append(car(2, 1, 0))
    return moving(cars, course=OPEN, dice=dice)


def test_push_held_when_the_defender_matches_the_attacker() -> None:
    state = push_state(3, [4, 2, 4, 6, 6])  # A keeps 4, B throws 4: held
    state = play(state, 0, "push right")
    assert events(state, "push_result")[0]["result"] == "held"
    assert state.cars[1].lane == 3
    assert [(e["seat"], e["test"]) for e in events(state, "roll")][2:] == [
        (0, "armour"),
        (1, "armour"),
    ]


def test_push_succeeds_and_the_pusher_goes_on() -> None:
    state = push_state(3, [5, 1, 2, 6, 6])  # A keeps 5 > B's 2
    state = play(state, 0, "push right")
    assert events(state, "push_result")[0]["result"] == "pushed"
    assert state.cars[1].lane == 4
    assert state.move.points == 3  # a push costs no movement point
    assert state.current == 0


def test_push_against_rock_wedges_the_victim_for_two_tests() -> None:
    state = push_state(1, [6, 1, 3, 6, 6, 6])  # push left: lane 0 is rock face
    state = play(state, 0, "push left")
    result = events(state, "push_result")[0]
    assert result["result"] == "wedged" and result["against"] is None
    assert state.cars[1].lane == 1
    tests = [(e["seat"], len(e["dice"])) for e in events(state, "roll")][2:]
    assert tests == [(0, 1), (1, 2)]


def test_push_against_a_third_car_tests_all_three() -> None:
    cars = [car(2, 4, 3)]
    state = push_state(3, [6, 1, 3, 6, 6, 6, 6], cars)
    state = play(state, 0, "push right")
    assert events(state, "push_result")[0]["against"] == 2
    assert (state.cars[1].lane, state.cars[2].lane) == (3, 4)  # nobody moves
    tests = [(e["seat"], len(e["dice"])) for e in events(state, "roll")][2:]
    assert tests == [(0, 1), (2, 1), (1, 2)]


def test_a_car_on_the_forward_diagonal_can_be_pushed() -> None:
    state = moving([car(0, 2, 3, 1, 3), car(1, 3, 4), car(2, 1, 0)], course=OPEN)
    state.loaded_dice = [6, 1, 2, 6, 6]
    state = play(state, 0, "push ahead-right")
    assert state.cars[1].lane == 4


def test_the_pusher_must_move_a_space_between_two_pushes() -> None:
    state = push_state(3, [1, 1, 6, 6, 6])  # held
    state = play(state, 0, "push right")
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("push")]


def test_a_failed_push_may_not_be_tried_again_on_the_same_car_that_move() -> None:
    """Source: 'possible to once again push the same vehicle in the event of a successful
    push but not in case of a failed push'."""
    state = moving(
        [car(0, 2, 3, 1, 3), car(1, 3, 4), car(2, 1, 0)], course=OPEN, dice=[1, 1, 6, 6, 6]
    )
    state = play(state, 0, "push ahead-right")  # held
    state = play(state, 0, "step 2")  # one space moved: seat 1 is beside again
    assert "push right" not in GAME.legal_actions(state, 0)


def test_a_successful_push_may_be_tried_again_after_a_space() -> None:
    state = moving(
        [car(0, 2, 3, 1, 3), car(1, 3, 4), car(2, 1, 0)], course=OPEN, dice=[6, 1, 2, 6, 6]
    )
    state = play(state, 0, "push ahead-right")  # seat 1 pushed into lane 4
    assert "push right" not in GAME.legal_actions(state, 0)
    state = play(state, 0, "step 3")  # beside seat 1 again
    assert "push right" in GAME.legal_actions(state, 0)


# --- race order and the end ---------------------------------------------------------------------
def test_race_order_furthest_first_then_first_to_reach_then_lower_lane() -> None:
    cars = [car(0, 3, 5), car(1, 1, 9), car(2, 4, 5), car(3, 2, 5)]
    cars[0].arrival, cars[2].arrival, cars[3].arrival = 3, 1, 3
    state = scenario(cars, course=OPEN)
    from bot.games.rushncrush import race_order

    assert race_order(state) == [1, 2, 3, 0]


def test_each_round_is_played_in_the_new_race_order() -> None:
    state = scenario([car(0, 2, 1, 1, 4), car(1, 3, 3, 0, 0)], course=OPEN)
    state = play(state, 0, "hold", "drive 2,2,2,2")
    assert state.current == 1
    state = play(state, 1, "hold")
    assert state.order == [0, 1] and state.current == 0 and state.round == 2


def test_first_car_across_the_finish_wins_at_once() -> None:
    state = moving([car(0, 2, 22, 1, 4), car(1, 3, 23)], course=OPEN)
    drives = [a for a in GAME.legal_actions(state, 0) if a.startswith("drive")]
    assert drives == ["drive 2,2,2"]  # row 25 is past the finish (row 24)
    state = play(state, 0, "drive 2,2,2")
    assert GAME.outcome(state) == Outcome((0,), "finish")
    assert GAME.to_act(state) == frozenset()


def test_last_car_running_wins() -> None:
    state = scenario([car(0, 2, 5, 2, 8, temp=5), car(1, 3, 1)], course=OPEN, dice=[1, 6, 6])
    state = play(state, 0, "accel")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "last_car"


def test_all_cars_out_means_nobody_wins() -> None:
    state = moving(
        [car(0, 2, 1, 1, 2, armour=0), car(1, 2, 2, armour=0)], course=OPEN, dice=[1, 1, 1, 1]
    )
    state = play(state, 0, "step 2")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.reason == "all_out"


# --- equipment ----------------------------------------------------------------------------------
def test_nails_cost_the_next_car_a_tyre() -> None:
    state = moving([car(0, 2, 3, 1, 2, cards=[data.NAILS]), car(1, 2, 1, 1, 2)], course=OPEN)
    state = play(state, 0, "card nails", "drive 2,2")
    assert state.nails == [[2, 3]]
    state = play(state, 1, "hold")
    assert "drive 2,2" not in GAME.legal_actions(state, 1)  # clean paths avoid nails
    state = play(state, 1, "step 2", "step 2")
    assert state.cars[1].tyres == data.START_TYRES - 1
    assert state.nails == []


def test_nails_fall_on_the_cell_just_left_never_under_the_car() -> None:
    state = moving([car(0, 2, 2, 1, 3, cards=[data.NAILS]), car(1, 4, 0)], course=BOULDERS)
    state = play(state, 0, "card nails")
    assert state.nails == []
    state = play(state, 0, "step 2")  # into the boulder at lane 2 row 3: the car stays
    assert state.nails == [] and (state.cars[0].lane, state.cars[0].row) == (2, 2)
    state = play(state, 0, "step 1")  # it leaves row 2: the nails fall there
    assert state.nails == [[2, 2]]
    assert (state.cars[0].lane, state.cars[0].row) == (1, 3)


def test_nails_never_dropped_go_back_to_the_hand() -> None:
    state = moving(
        [car(0, 2, 1, 1, 2, cards=[data.NAILS]), car(1, 2, 2), car(2, 4, 0)], course=OPEN
    )
    state.loaded_dice = [6] * 4
    state = play(state, 0, "card nails", "step 2")  # a ram: the car never moved
    assert state.nails == [] and state.cars[0].cards == [data.NAILS]


def test_nails_without_tyres_cost_an_armour_test() -> None:
    state = moving([car(0, 2, 1, 1, 2, tyres=0), car(1, 4, 0)], course=OPEN, nails=[(2, 2)])
    state.loaded_dice = [2]
    state = play(state, 0, "step 2")
    assert state.cars[0].armour == 5


def test_nitro_is_one_more_acceleration_after_the_turbo() -> None:
    state = scenario([car(0, 2, 1, 1, 2, cards=[data.NITRO]), car(1, 3, 0)], course=OPEN)
    state.loaded_dice = [6]
    state = play(state, 0, "accel turbo nitro")
    assert state.mover.bubble == (1, 5)
    assert data.NITRO not in state.mover.cards


def test_armour_plate_ignores_two_failed_dice() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4), car(1, 2, 2, cards=[data.PLATE]), car(2, 4, 0)], course=OPEN
    )
    state.loaded_dice = [6, 6, 6, 6, 1, 1, 1, 6]
    state = play(state, 0, "step 2")  # the standing order: any loss of 2 or more
    assert state.cars[1].armour == 5  # three failures, two ignored
    assert {"type": "card", "seat": 1, "kind": "plate", "order": True} in state.events
    assert data.PLATE not in state.cars[1].cards
    assert state.current == 1  # the ram ended seat 0's move; nobody was waited for


def test_spare_tyres_give_two_more_lane_changes() -> None:
    state = moving(
        [car(0, 2, 1, 3, 6, cards=[data.SPARE]), car(1, 4, 0)], course=OPEN, move=Move(6, changes=0)
    )
    state = play(state, 0, "card spare")
    assert state.move.changes == 2


def test_radiator_cools_two_degrees_not_below_zero() -> None:
    state = scenario([car(0, 2, 1, 1, 2, temp=3, cards=[data.RADIATOR] * 2), car(1, 3, 0)])
    state = play(state, 0, "card radiator")
    assert state.mover.temp == 1
    state = play(state, 0, "card radiator")
    assert state.mover.temp == 0


def test_bull_bar_pushes_with_three_dice() -> None:
    state = moving(
        [car(0, 2, 3, 1, 3, cards=[data.BULLBAR]), car(1, 3, 3), car(2, 1, 0)], course=OPEN
    )
    state.loaded_dice = [1, 1, 5, 4, 6, 6]
    state = play(state, 0, "card bullbar", "push right")
    assert events(state, "roll")[0]["dice"] == [1, 1, 5]
    assert state.cars[1].lane == 4


def test_drag_chute_gives_three_decelerations_without_brake_tokens() -> None:
    state = scenario([car(0, 2, 1, 3, 11, cards=[data.CHUTE]), car(1, 3, 0)], course=OPEN)
    state.loaded_dice = [6]  # 10 is yellow
    state = play(state, 0, "card chute", "brake", "brake", "brake")
    assert state.mover.bubble == (3, 8)
    assert state.mover.brakes == data.START_BRAKES
    state = play(state, 0, "brake")  # the chute is spent: a token now
    assert state.mover.brakes == data.START_BRAKES - 1


def test_ace_driver_adds_two_to_the_driving_test() -> None:
    state = scenario([car(0, 2, 1, 3, 12, cards=[data.ACE]), car(1, 3, 0)], course=OPEN)
    state.loaded_dice = [1, 5, 6]
    state = play(state, 0, "hold")  # order: Ace driver when 1 lane change or fewer
    assert state.move.changes == 3
    assert events(state, "card") == [{"type": "card", "seat": 0, "kind": "ace", "order": True}]


def test_ace_driver_stays_in_the_hand_when_its_order_is_off() -> None:
    state = scenario([car(0, 2, 1, 3, 12, cards=[data.ACE]), car(1, 3, 0)], course=OPEN)
    state = play_order(state, 0, "order ace off")
    state.loaded_dice = [1, 5, 6]
    state = play(state, 0, "hold")
    assert state.move.changes == 1 and state.cars[0].cards == [data.ACE]


def test_ace_driver_at_180_gives_two_lane_changes() -> None:
    state = scenario([car(0, 2, 1, 5, 18, cards=[data.ACE]), car(1, 3, 0)], course=OPEN)
    state = play(state, 0, "hold")
    assert state.move.changes == 2


def test_lucky_charm_rethrows_all_the_dice_of_a_test() -> None:
    state = scenario([car(0, 2, 1, 2, 8, cards=[data.LUCKY]), car(1, 3, 0)], course=OPEN)
    state.loaded_dice = [1, 1, 1, 1, 6, 4, 4, 4]
    state = play(state, 0, "accel")  # red: 3 dice, all failed; the order: 2 or more
    heat = [e["dice"] for e in events(state, "roll") if e["test"] == "heat"]
    assert heat == [[1, 1, 1], [1, 6, 4]]
    assert state.mover.temp == 1
    assert data.LUCKY not in state.mover.cards


def test_lucky_charm_order_rethrows_a_bad_driving_test() -> None:
    state = scenario([car(0, 2, 1, 3, 12, cards=[data.LUCKY]), car(1, 3, 0)], course=OPEN)
    state = play_order(state, 0, "order luckydrive 1")
    state.loaded_dice = [1, 5, 6, 4, 5, 6]
    state = play(state, 0, "hold")
    assert state.move.changes == 4 and data.LUCKY not in state.mover.cards


# --- standing orders: reaction cards never make anyone wait --------------------------------
def play_order(state: RncState, seat: int, action: str) -> RncState:
    assert action in GAME.order_actions(state, seat) or action.split()[-1] in (
        "off",
        "fatal",
        "0",
        "1",
        "2",
        "3",
    )
    before = GAME.view(state, None)
    state = GAME.apply(state, seat, action)
    assert GAME.view(state, None) == before, "an order changes nothing public"
    return state


def test_orders_are_offered_for_held_reaction_cards_only() -> None:
    state = scenario(
        [car(0, 2, 1, cards=[data.LUCKY, data.NAILS]), car(1, 3, 0, cards=[data.NAILS])]
    )
    assert GAME.order_actions(state, 0) == [
        "order lucky 3",
        "order lucky 1",
        "order luckydrive 0",
    ]
    assert GAME.order_actions(state, 1) == []
    assert GAME.view(state, 0)["orders"]["lucky"] == "2"
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "order lucky off")  # no Lucky charm in that hand
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "order lucky 7")


def test_an_order_is_set_off_turn_and_changes_no_public_view() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4), car(1, 2, 2, cards=[data.LUCKY]), car(2, 4, 0)], course=OPEN
    )
    assert GAME.to_act(state) == frozenset({0})
    state = play_order(state, 1, "order lucky 1")
    assert GAME.view(state, 1)["orders"]["lucky"] == "1"
    assert GAME.to_act(state) == frozenset({0})
    state.loaded_dice = [6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6]
    state = play(state, 0, "step 2")  # seat 1's test: one failure, re-thrown at once
    armour = [e["dice"] for e in events(state, "roll") if e["seat"] == 1]
    assert armour == [[1, 6, 6, 6], [6, 6, 6, 6]]
    assert state.cars[1].armour == data.START_ARMOUR
    assert {"type": "card", "seat": 1, "kind": "lucky", "order": True} in state.events


def test_no_card_is_used_when_the_test_went_well() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4), car(1, 2, 2, cards=[data.LUCKY]), car(2, 4, 0)], course=OPEN
    )
    state.loaded_dice = [6] * 8
    state = play(state, 0, "step 2")
    assert events(state, "card") == [] and state.cars[1].cards == [data.LUCKY]


def test_an_out_car_or_a_finished_race_takes_no_order() -> None:
    state = scenario([car(0, 2, 1), car(1, 3, 0, out=True, cards=[data.PLATE]), car(2, 4, 0)])
    assert GAME.order_actions(state, 1) == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "order plate off")


def _seat_1_policy(state: RncState) -> str:
    """Seat 1 drives by a rule that does not look at its hand: fast, then the first way on."""
    legal = [a for a in GAME.legal_actions(state, 1) if not a.startswith("card")]
    speed = state.cars[1].speed
    for wanted in ("accel" if speed < 10 else "hold", "drive", "step", "hold", "go"):
        chosen = next((a for a in legal if a.startswith(wanted)), None)
        if chosen is not None:
            return chosen
    return legal[0]


def _public_run(
    hand: list[str], seed: int, orders: str = "eager"
) -> list[tuple[Any, frozenset[int]]]:
    """A whole race with seat 1's hand replaced (its orders eager); the others are AI seats.
    The public view and ``to_act`` after each action, up to the moment seat 1 uses a card
    (it is then revealed; the list ends with ``("used", ...)``)."""
    state = GAME.new_state(3, seed)
    state.cars[1].cards = list(hand)
    state.cars[1].orders = {"lucky": "1", "luckydrive": "1", "plate": "1", "ace": "3"}
    if orders == "off":
        state.cars[1].orders = dict.fromkeys(data.ORDERS, "off")
    rng = random.Random(seed)
    seen: list[tuple[Any, frozenset[int]]] = []
    while GAME.to_act(state):
        seen.append((GAME.view(state, None), GAME.to_act(state)))
        seat = min(GAME.to_act(state))
        action = _seat_1_policy(state) if seat == 1 else GAME.bot_action(state, seat, rng)
        state = GAME.apply(state, seat, action)
        if [e for e in events(state, "card") if e["seat"] == 1]:
            seen.append(("used", frozenset()))
            break
    return seen


PLAIN_HAND = [data.NAILS] * 6


def _race_that_uses(card: str, first_seed: int) -> tuple[int, list[tuple[Any, frozenset[int]]]]:
    """The first race from ``first_seed`` on in which seat 1's standing order uses ``card``
    (the AI seats decide whether the case arises; a few races are enough)."""
    for seed in range(first_seed, first_seed + 40):
        run = _public_run([card, *PLAIN_HAND[1:]], seed)
        if run[-1][0] == "used":
            return seed, run
    raise AssertionError(f"no race from seed {first_seed} on used {card}")


@pytest.mark.parametrize(("card", "first_seed"), [(data.LUCKY, 2), (data.LUCKY, 3), (data.ACE, 10)])
def test_holding_a_reaction_card_changes_nothing_public_before_it_is_used(
    card: str, first_seed: int
) -> None:
    seed, with_card = _race_that_uses(card, first_seed)
    with_card.pop()
    without = _public_run(PLAIN_HAND, seed)[: len(with_card)]
    assert len(with_card) > 20
    for step, (seen, other) in enumerate(zip(with_card, without, strict=True)):
        assert seen == other, f"step {step} differs with {card} in the hand"


@pytest.mark.parametrize("card", [data.LUCKY, data.PLATE, data.ACE])
@pytest.mark.parametrize("seed", [2, 10])
def test_a_reaction_card_never_used_changes_nothing_public_all_race(card: str, seed: int) -> None:
    with_card = _public_run([card, *PLAIN_HAND[1:]], seed, orders="off")
    without = _public_run(PLAIN_HAND, seed, orders="off")
    assert with_card == without and len(with_card) > 20


@pytest.mark.parametrize("orders", ["off", "eager"])
def test_a_rammed_car_holding_armour_plate_looks_like_any_other(orders: str) -> None:
    seen = []
    for hand in ([data.PLATE], [data.NAILS]):
        state = moving([car(0, 2, 1, 1, 4), car(1, 2, 2, cards=hand), car(2, 4, 0)], course=OPEN)
        if orders == "off" and hand == [data.PLATE]:
            state = play_order(state, 1, "order plate off")
        state.loaded_dice = [6, 6, 6, 6, 1, 1, 6, 6]
        state = play(state, 0, "step 2")  # seat 1's armour test: two dice fail
        public = cast("dict[str, Any]", GAME.view(state, None))
        public["cars"][1].pop("cards")
        public["cars"][1].pop("armour")
        public["events"] = [e for e in public["events"] if e["type"] not in ("card", "armour")]
        seen.append((public, GAME.to_act(state)))
    assert seen[0] == seen[1]
    assert seen[0][1] == frozenset({1})  # the turn simply passed: nobody is waited for


def test_a_version_1_dump_waiting_for_a_reaction_loads_with_the_throw_standing() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4), car(1, 2, 2, cards=[data.PLATE]), car(2, 4, 0)], course=OPEN
    )
    dumped = GAME.dump(state)
    dumped["schema"] = 1
    for seat_car in dumped["cars"]:
        del seat_car["orders"]
    del dumped["move"]["held"], dumped["move"]["nails"]
    dumped["phase"], dumped["current"] = PHASE_MOVE, 0
    dumped["move"]["points"], dumped["move"]["stopped"] = 0, True
    dumped["reaction"] = {
        "seat": 1,
        "kind": "armour",
        "count": 4,
        "charmed": False,
        "dice": [1, 1, 1, 6],
        "result": 3,
    }
    loaded = GAME.load(json.loads(json.dumps(dumped)))
    assert loaded.cars[1].armour == 3 and loaded.cars[1].cards == [data.PLATE]
    assert loaded.current == 1 and GAME.to_act(loaded) == frozenset({1})
    assert "reaction" not in GAME.view(loaded, None)
    assert GAME.view(loaded, 1)["orders"]["plate"] == "2"


# --- setup: deal, trading, grid -----------------------------------------------------------------
def test_each_player_gets_six_cards_from_nine_kinds_of_six() -> None:
    state = GAME.new_state(6, 5)
    hands = [c.cards for c in state.cars]
    assert all(len(hand) == data.HAND_SIZE for hand in hands)
    counts = {kind: sum(hand.count(kind) for hand in hands) for kind in data.CARD_KINDS}
    assert all(count <= data.COPIES_PER_KIND for count in counts.values())


def test_the_start_grid_is_picked_in_drawn_order() -> None:
    state = GAME.new_state(3, 11)
    assert state.phase == PHASE_GRID
    first, second, third = state.draw_order
    assert GAME.to_act(state) == frozenset({first})
    assert len(GAME.legal_actions(state, first)) == data.GRID_ROWS * data.LANES
    state = play(state, first, "grid 1 2")
    assert "grid 1 2" not in GAME.legal_actions(state, second)
    state = play(
        state,
        second,
        "grid 1 3",
    )
    state = play(state, third, "grid 2 2")
    assert state.phase == PHASE_DASH
    assert state.order == [first, second, third]  # front row, first placed first
    assert (state.cars[third].lane, state.cars[third].row) == (2, -1)


def test_trading_swaps_one_card_for_one_when_both_agree() -> None:
    state = GAME.new_state(2, 3, {"trading": True})
    assert state.phase == PHASE_TRADE and GAME.to_act(state) == frozenset({0, 1})
    give = state.cars[0].cards[0]
    want = next(k for k in state.cars[1].cards if k != give)
    state = play(state, 0, "offer 1", f"give {give}", f"want {want}")
    public = GAME.view(state, None)
    trading = cast(TradingView, public["trading"])
    assert trading["offers"] == [{"from": 0, "to": 1}]  # kinds stay private
    assert give not in json.dumps(public["events"])
    assert cast(TradingView, GAME.view(state, 1)["trading"])["mine"]["offers"][0]["want"] == want
    before0, before1 = list(state.cars[0].cards), list(state.cars[1].cards)
    assert f"accept 0 {give} {want}" in GAME.legal_actions(state, 1)
    state = play(state, 1, f"accept 0 {give} {want}")
    assert sorted(state.cars[0].cards) == sorted([*before0[1:], want])
    before1.remove(want)
    assert sorted(state.cars[1].cards) == sorted([*before1, give])
    state = play(state, 0, "ready")
    state = play(state, 1, "ready")
    assert state.phase == PHASE_GRID


def test_a_refused_trade_changes_nothing() -> None:
    state = GAME.new_state(2, 3, {"trading": True})
    hands = [list(c.cards) for c in state.cars]
    give = hands[0][0]
    state = play(state, 0, "offer 1", f"give {give}", f"want {data.LUCKY}")
    state = play(state, 1, f"refuse 0 {give} {data.LUCKY}")
    assert [c.cards for c in state.cars] == hands
    assert state.trade is not None and state.trade.offers == []


def test_an_answer_to_an_offer_since_replaced_answers_nothing() -> None:
    # Bob's panel shows alice's first offer; she withdraws it and offers another card
    # before his click arrives: his click must not accept what he never saw.
    state = GAME.new_state(2, 3, {"trading": True})
    first, second = (
        state.cars[0].cards[0],
        next(k for k in state.cars[0].cards if k != state.cars[0].cards[0]),
    )
    want = next(k for k in state.cars[1].cards if k not in (first, second))
    state = play(state, 0, "offer 1", f"give {first}", f"want {want}")
    seen = f"accept 0 {first} {want}"
    assert seen in GAME.legal_actions(state, 1)
    state = play(state, 0, "withdraw", "offer 1", f"give {second}", f"want {want}")
    hands = [list(c.cards) for c in state.cars]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, seen)
    assert [c.cards for c in state.cars] == hands
    # A log written when answers named the seat only replays as the offer made then.
    assert GAME.replayed_action(state, "accept 0", None) == f"accept 0 {second} {want}"


# --- courses ------------------------------------------------------------------------------------
def test_presets_have_the_documented_lengths() -> None:
    sprint = GAME.new_state(2, 1, {"course": "sprint"}).course
    oval = GAME.new_state(2, 1, {"course": "oval"}).course
    canyon = GAME.new_state(2, 1, {"course": "grand_canyon"}).course
    assert (sprint.length, oval.length, canyon.length) == (40, 80, 80)
    assert oval.laps == 2 and oval.loop_rows == 40


def test_presets_use_each_module_once() -> None:
    sprint = GAME.new_state(2, 1, {"course": "sprint"}).course
    oval = GAME.new_state(2, 1, {"course": "oval"}).course
    assert sprint.faces == ("1A", "4A", "2A", "6B", "9A")
    assert oval.faces == ("1A", "4A", "3A", "6B", "9A")
    for name in data.PRESETS:
        modules = [face[:-1] for face in data.PRESETS[name][0]]
        assert len(modules) == len(set(modules)), name


def test_a_running_match_keeps_its_course() -> None:
    state = GAME.new_state(2, 1, {"course": "sprint"})
    dumped = GAME.dump(state)
    dumped["course"]["faces"] = ["1A", "4A", "2A", "4B", "9A"]  # the Sprint before the ruling
    assert GAME.load(dumped).course.faces == ("1A", "4A", "2A", "4B", "9A")


def test_a_loop_repeats_its_rocks_each_lap() -> None:
    oval = GAME.new_state(2, 1, {"course": "oval"}).course
    assert oval.is_rock(1, 10) and oval.is_rock(1, 50)  # 4A left bend, both laps
    assert oval.physical_row(41) == 1


def test_custom_course_from_faces_and_laps() -> None:
    state = GAME.new_state(2, 1, {"course": "custom", "faces": "1a, 4B 7A", "laps": 3})
    assert state.course.faces == ("1A", "4B", "7A") and state.course.length == 72


@pytest.mark.parametrize(
    ("faces", "laps", "message"),
    [
        ("", 1, "at least one module face"),
        ("1A 11A", 1, "Unknown module face '11A'"),
        ("1C", 1, "Unknown module face '1C'"),
        ("1A", 0, "Laps must be"),
        ("1A 4B 4A", 1, r"Module 4 is named twice \('4B' and '4A'\): the box holds one"),
        ("1A 1A", 1, "Module 1 is named twice"),
    ],
)
def test_malformed_custom_courses_are_refused_with_a_clear_message(
    faces: str, laps: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        parse_course(faces, laps)
    with pytest.raises(ValueError, match=message):
        GAME.new_state(2, 1, {"course": "custom", "faces": faces, "laps": laps})


def test_unknown_course_name_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown course"):
        GAME.new_state(2, 1, {"course": "monaco"})


# --- contract details ---------------------------------------------------------------------------
def test_garbage_is_refused_with_illegal_action() -> None:
    state = moving([car(0, 2, 1, 1, 3), car(1, 4, 0)], course=OPEN)
    for action in ("drive 9,9,9", "step 7", "push up", "card nails", "grid 1 1", "step"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, action)


def test_dump_and_load_round_trip_with_orders() -> None:
    state = moving(
        [car(0, 2, 1, 1, 4), car(1, 2, 2, cards=[data.LUCKY]), car(2, 4, 0)], course=OPEN
    )
    state = GAME.apply(state, 1, "order lucky fatal")
    dumped = json.loads(json.dumps(GAME.dump(state)))
    assert GAME.dump(GAME.load(dumped)) == GAME.dump(state)
    assert GAME.load(dumped).cars[1].orders["lucky"] == "fatal"


def test_public_view_shows_dashboards_but_not_cards() -> None:
    state = GAME.new_state(3, 8)
    public = GAME.view(state, None)
    assert "hand" not in public
    assert public["cars"][0]["cards"] == data.HAND_SIZE
    assert GAME.view(state, 0)["hand"] == state.cars[0].cards
    for key in ("gear", "speed", "heat", "temp", "armour", "tyres", "brakes", "turbos"):
        assert key in public["cars"][0]


def test_ai_moves_are_legal_and_quick_through_a_whole_race() -> None:
    state = GAME.new_state(4, 21, {"course": "grand_canyon"})
    rng = random.Random(0)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        action = GAME.bot_action(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, action)
    assert GAME.outcome(state) is not None


# --- the AI -------------------------------------------------------------------------------------
def test_ai_pushes_a_rival_without_armour_into_the_rock_face() -> None:
    state = moving([car(0, 2, 3, 1, 3), car(1, 1, 3, armour=0)], course=OPEN)
    assert GAME.bot_action(state, 0, random.Random(0)) == "push left"


def test_ai_does_not_push_for_nothing() -> None:
    state = moving([car(0, 2, 3, 1, 3), car(1, 3, 3)], course=OPEN)
    assert not GAME.bot_action(state, 0, random.Random(0)).startswith("push")


def test_ai_slows_down_before_rock_it_cannot_steer_around() -> None:
    """Lanes 3-4 of a left hairpin lead into a right hairpin: lanes must change; no tyres."""
    course = track("5A 1A 5B 1A")
    state = scenario([car(0, 4, 6, 5, 16, tyres=0), car(1, 3, 1)], course=course)
    state.loaded_dice = [6] * 12
    rng = random.Random(0)
    while state.phase != PHASE_MOVE and state.current == 0:
        state = GAME.apply(state, 0, GAME.bot_action(state, 0, rng))
    assert state.cars[0].speed < 16


def test_ai_cools_its_engine_with_the_radiator() -> None:
    state = scenario([car(0, 2, 1, 1, 2, temp=3, cards=[data.RADIATOR]), car(1, 3, 0)])
    assert GAME.bot_action(state, 0, random.Random(0)) == "card radiator"


def test_ai_crosses_the_finish_when_it_can() -> None:
    state = moving([car(0, 2, 22, 1, 4), car(1, 3, 23)], course=OPEN)
    assert GAME.bot_action(state, 0, random.Random(0)) == "drive 2,2,2"


def test_the_default_order_rethrows_a_heat_test_that_would_blow_the_engine() -> None:
    state = scenario([car(0, 2, 1, 2, 8, temp=4, cards=[data.LUCKY]), car(1, 3, 0)])
    state = GAME.apply(state, 0, "order lucky fatal")
    state.loaded_dice = [1, 2, 6, 6, 6, 6, 6, 6]
    state = play(state, 0, "accel")
    assert state.mover.temp == 4 and not state.mover.out


def test_an_offer_cannot_be_sent_to_a_seat_that_finished_trading() -> None:
    state = GAME.new_state(3, 3, {"trading": True})
    state = play(state, 0, "offer 1")
    state = play(state, 1, "ready")
    assert GAME.legal_actions(state, 0) == ["cancel", "ready"]
