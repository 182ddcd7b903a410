"""How a race resolves: dice and tests with the standing orders that answer them, heat and
armour, wrecks, and the resolution queue that moves the lever, throws the tests, enters
cells and passes the turn.

Everything an action sets off goes through the queue (``state.queue``, ops ``lever``,
``test``, ``dash_end``, ``begin_move``, ``enter``), worked through by ``run`` until it is
empty; then ``run`` settles the turn (the move ends, the next driver's turn, the race's end).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import SeededRng
from bot.games.rushncrush import data
from bot.games.rushncrush.gearbox import decelerated, heat_colour
from bot.games.rushncrush.state import (
    ARMOUR,
    CAUSE_ARMOUR,
    CAUSE_EXPLOSION,
    CAUSE_ROCK,
    DRIVING,
    HARD,
    HEAT,
    PHASE_DASH,
    PHASE_DASH_POST,
    PHASE_GRID,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_TRADE,
    REASON_ALL_OUT,
    REASON_FINISH,
    REASON_LAST_CAR,
    ROCK,
    Car,
    Json,
    Move,
    RncState,
    race_order,
)


# --- dice helpers -----------------------------------------------------------------------------
def kept_die(dice: list[int], keep: str) -> int:
    if not dice:
        return 0
    return max(dice) if keep == data.KEEP_HIGHEST else min(dice)


def test_failures(dice: list[int], hard: bool = False) -> int:
    threshold = data.HARD_TEST_THRESHOLD if hard else data.TEST_THRESHOLD
    return sum(1 for die in dice if die < threshold)


def _order_fires(car: Car, key: str, loss: int, fatal: bool) -> bool:
    """Whether this car's order ``key`` asks for its card on a test costing ``loss``."""
    card, _, _ = data.ORDERS[key]
    setting = car.orders.get(key, data.ORDERS[key][2])
    if card not in car.cards or setting == data.ORDER_OFF:
        return False
    if setting == data.ORDER_FATAL:
        return fatal
    return fatal or loss >= int(setting)


def _driving_order_fires(car: Car, key: str, allowed: int) -> bool:
    card, _, _ = data.ORDERS[key]
    setting = car.orders.get(key, data.ORDERS[key][2])
    if card not in car.cards or setting == data.ORDER_OFF:
        return False
    return allowed < data.MAX_DRIVING_RESULT and allowed <= int(setting)


# --- randomness and events ----------------------------------------------------------------------
def roll_dice(state: RncState, count: int) -> list[int]:
    dice: list[int] = []
    rng = SeededRng(state.rng)
    for _ in range(count):
        if state.loaded_dice:
            dice.append(state.loaded_dice.pop(0))
        else:
            dice.append(rng.die(data.DIE_SIDES))
    state.rng = rng.state
    return dice


def emit(state: RncState, event_type: str, **params: Any) -> None:
    state.events.append({"type": event_type, **params})


# --- tests and their reactions -----------------------------------------------------------------
def _test_result(test: Json) -> int:
    """The number a test produced: failures, armour lost, or lane changes allowed."""
    kind, dice = test["kind"], test["dice"]
    if kind == HEAT:
        return test_failures(dice)
    if kind in (ARMOUR, HARD):
        return test_failures(dice, hard=kind == HARD)
    if kind == ROCK:
        return kept_die(dice, data.ROCK_DAMAGE[test["speed"]][1])
    return kept_die(dice, data.DRIVING_TEST[test["speed"]][1])  # DRIVING


def _throw(state: RncState, seat: int, kind: str, count: int, **extra: Any) -> None:
    test: Json = {"seat": seat, "kind": kind, "count": count, "charmed": False, **extra}
    _throw_dice(state, test)


def _throw_dice(state: RncState, test: Json) -> None:
    test["dice"] = roll_dice(state, test["count"])
    test["result"] = _test_result(test)
    emit(
        state,
        "roll",
        seat=test["seat"],
        test=test["kind"],
        dice=test["dice"],
        result=test["result"],
    )
    _follow_orders(state, test)


def _follow_orders(state: RncState, test: Json) -> None:
    """The tested car's standing orders, at once: Lucky charm first (a re-throw), then the
    Armour plate or the Ace driver on the throw that stands. A card is shown when used."""
    car = state.cars[test["seat"]]
    kind, result = test["kind"], test["result"]
    if kind == DRIVING:
        if not test["charmed"] and test["dice"] and _driving_order_fires(car, "luckydrive", result):
            _use_card(state, car, data.LUCKY)
            test["charmed"] = True
            _throw_dice(state, test)
            return
        resolve_test(state, test, ace=_driving_order_fires(car, "ace", result))
        return
    fatal = car.temp + result >= data.EXPLOSION_TEMPERATURE if kind == HEAT else result > car.armour
    if not test["charmed"] and test["dice"] and _order_fires(car, "lucky", result, fatal):
        _use_card(state, car, data.LUCKY)
        test["charmed"] = True
        _throw_dice(state, test)
        return
    plate = kind in (ARMOUR, HARD) and result > 0 and _order_fires(car, "plate", result, fatal)
    resolve_test(state, test, plate=plate)


def _use_card(state: RncState, car: Car, kind: str) -> None:
    car.cards.remove(kind)
    emit(state, "card", seat=car.seat, kind=kind, order=True)


def resolve_test(state: RncState, test: Json, plate: bool = False, ace: bool = False) -> None:
    car = state.cars[test["seat"]]
    result = test["result"]
    if plate:
        _use_card(state, car, data.PLATE)
    if ace:
        _use_card(state, car, data.ACE)
    if test["kind"] == HEAT:
        _heat_up(state, car, result)
    elif test["kind"] in (ARMOUR, HARD):
        if plate:
            result = max(0, result - data.PLATE_IGNORED_FAILURES)
        _lose_armour(state, car, result, CAUSE_ARMOUR)
    elif test["kind"] == ROCK:
        _lose_armour(state, car, result, CAUSE_ROCK)
        _after_rock(state, car)
    else:  # DRIVING
        if ace:
            result = min(data.MAX_DRIVING_RESULT, result + data.ACE_BONUS)
        state.move.changes = result
        emit(state, "lane_changes", seat=car.seat, allowed=result)


def _heat_up(state: RncState, car: Car, degrees: int) -> None:
    if degrees <= 0:
        return
    car.temp = min(data.EXPLOSION_TEMPERATURE, car.temp + degrees)
    emit(state, "temperature", seat=car.seat, temp=car.temp, rise=degrees)
    if car.temp >= data.EXPLOSION_TEMPERATURE:
        _destroy(state, car, CAUSE_EXPLOSION)


def _lose_armour(state: RncState, car: Car, lost: int, cause: str) -> None:
    if lost <= 0:
        return
    destroyed = lost > car.armour
    car.armour = max(0, car.armour - lost)
    emit(state, "armour", seat=car.seat, lost=lost, left=car.armour)
    if destroyed:
        _destroy(state, car, cause)


def _after_rock(state: RncState, car: Car) -> None:
    if not car.out and state.phase == PHASE_MOVE and car.seat == state.current:
        state.move.free_change = True


def _destroy(state: RncState, car: Car, cause: str) -> None:
    car.out = True
    state.wrecks.append([car.lane, state.course.physical_row(car.row), car.seat])
    emit(state, "wrecked", seat=car.seat, cause=cause, lane=car.lane, row=car.row)


# --- the resolution queue -----------------------------------------------------------------------
def _op_lever(state: RncState, op: Json) -> None:
    car = state.cars[op["seat"]]
    if car.out:
        return
    via = op["via"]
    if via == "turbo":
        car.turbos -= 1
    elif via == "brake":
        car.brakes -= 1
    elif via == "chute":
        state.move.chute -= 1
    elif via == data.NITRO:
        car.cards.remove(data.NITRO)
    car.gear, car.speed = op["gear"], op["speed"]
    colour = heat_colour(car.bubble)
    emit(state, "lever", seat=car.seat, via=via, gear=car.gear, speed=car.speed, heat=colour)
    dice = data.HEAT_DICE[colour]
    if dice:
        _throw(state, car.seat, HEAT, dice)


def _op_test(state: RncState, op: Json) -> None:
    car = state.cars[op["seat"]]
    if car.out:
        return
    if op["kind"] == ROCK:
        _rock_damage(state, car, op["speed"])
    elif op["kind"] == DRIVING:
        _driving_test(state, car)
    else:
        _throw(state, car.seat, op["kind"], op["count"])


def _rock_damage(state: RncState, car: Car, speed: int) -> None:
    if speed >= data.DEADLY_ROCK_SPEED:
        _destroy(state, car, CAUSE_ROCK)
    elif speed <= data.FREE_DRIVING_SPEED:
        _lose_armour(state, car, data.SLOW_ROCK_DAMAGE, CAUSE_ROCK)
        _after_rock(state, car)
    else:
        _throw(state, car.seat, ROCK, data.ROCK_DAMAGE[speed][0], speed=speed)


def _driving_test(state: RncState, car: Car) -> None:
    dice, _ = data.DRIVING_TEST[car.speed]
    _throw(state, car.seat, DRIVING, dice, speed=car.speed)


def can_brake(state: RncState) -> bool:
    """A brake token or a Drag chute charge can take the lever one step down."""
    car = state.mover
    return (car.brakes > 0 or state.move.chute > 0) and decelerated(car.bubble) is not None


def _can_slow_more(state: RncState) -> bool:
    chute = data.CHUTE in state.mover.cards and decelerated(state.mover.bubble) is not None
    return can_brake(state) or chute


def _op_dash_end(state: RncState, op: Json) -> None:
    if state.mover.out:
        return
    if state.move.gear_changed and _can_slow_more(state):
        state.phase = PHASE_DASH_POST
    else:
        queue_move_start(state)


def queue_move_start(state: RncState) -> None:
    ops: list[Json] = []
    if state.mover.speed > data.FREE_DRIVING_SPEED:
        ops.append({"op": "test", "seat": state.current, "kind": DRIVING})
    ops.append({"op": "begin_move", "seat": state.current})
    state.queue[:0] = ops


def _op_begin_move(state: RncState, op: Json) -> None:
    car = state.mover
    if car.out:
        return
    state.phase = PHASE_MOVE
    state.move.chute = 0
    state.move.points = car.speed
    if car.speed <= data.FREE_DRIVING_SPEED:
        state.move.changes = None
    state.move.path = [[car.lane, car.row]]


def _op_enter(state: RncState, op: Json) -> None:
    car = state.cars[op["seat"]]
    if car.out:
        return
    if op["row"] != car.row:
        state.arrivals += 1
        car.arrival = state.arrivals
    if state.move.nails and car.seat == state.current:
        _drop_nails(state, car.lane, car.row)
    car.lane, car.row = op["lane"], op["row"]
    state.move.path.append([car.lane, car.row])
    state.move.pushed = False
    if car.row > state.course.length:
        state.last_path = {"seat": car.seat, "path": state.move.path}
        emit(state, "moved", seat=car.seat, path=[list(cell) for cell in state.move.path])
        emit(state, "finish", seat=car.seat)
        _finish(state, [car.seat], REASON_FINISH)
        return
    run_over_nails(state, car)


def _drop_nails(state: RncState, lane: int, row: int) -> None:
    """Nails played this move fall on the cell the car has just left."""
    state.move.nails = False
    cell = [lane, state.course.physical_row(row)]
    if cell not in state.nails:
        state.nails.append(cell)
        emit(state, "nails_dropped", seat=state.current, lane=lane, row=row)


def run_over_nails(state: RncState, car: Car) -> None:
    cell = [car.lane, state.course.physical_row(car.row)]
    if cell not in state.nails:
        return
    state.nails.remove(cell)
    if car.tyres > 0:
        car.tyres -= 1
        emit(state, "nails", seat=car.seat, tyres=car.tyres)
    else:
        emit(state, "nails", seat=car.seat, tyres=0)
        state.queue.insert(0, {"op": "test", "seat": car.seat, "kind": ARMOUR, "count": 1})


OPS = {
    "lever": _op_lever,
    "test": _op_test,
    "dash_end": _op_dash_end,
    "begin_move": _op_begin_move,
    "enter": _op_enter,
}


def run_queue(state: RncState) -> None:
    """Work through the queue (not settling the turn): a drive runs it after each step."""
    while state.queue and state.outcome is None:
        op = state.queue.pop(0)
        OPS[op["op"]](state, op)


def run(state: RncState) -> None:
    """Work through the queue until it is empty; then settle the turn."""
    run_queue(state)
    if state.outcome is None:
        _settle(state)


def _settle(state: RncState) -> None:
    running = [car.seat for car in state.cars if not car.out]
    if len(running) <= 1 and state.phase not in (PHASE_TRADE, PHASE_GRID):
        _finish(state, running, REASON_LAST_CAR if running else REASON_ALL_OUT)
        return
    if state.phase in (PHASE_DASH, PHASE_DASH_POST) and state.mover.out:
        next_turn(state)
    elif state.phase == PHASE_MOVE and (
        state.mover.out or state.move.points <= 0 or state.move.stopped
    ):
        _end_move(state)


def _finish(state: RncState, winners: list[int], reason: str) -> None:
    state.outcome = {"winners": winners, "reason": reason}
    state.phase = PHASE_OVER
    state.queue = []
    emit(state, "race_over", winners=winners, reason=reason)


def _end_move(state: RncState) -> None:
    car = state.mover
    if not car.out:
        _back_off_wreck(state, car)
    if state.move.nails and not car.out:  # the car never left its cell: the card comes back
        car.cards = sorted([*car.cards, data.NAILS])
    if len(state.move.path) > 1:
        state.last_path = {"seat": car.seat, "path": state.move.path}
        emit(state, "moved", seat=car.seat, path=[list(cell) for cell in state.move.path])
    next_turn(state)


def _back_off_wreck(state: RncState, car: Car) -> None:
    """A car may not end its move on a wreck: it stops just behind it, on its own path."""
    if not state.has_wreck(car.lane, car.row):
        return
    for lane, row in reversed(state.move.path[:-1]):
        if not state.has_wreck(lane, row) and state.car_at(lane, row, besides=car.seat) is None:
            if row != car.row:
                state.arrivals += 1
                car.arrival = state.arrivals
            car.lane, car.row = lane, row
            state.move.path.append([lane, row])
            emit(state, "behind_wreck", seat=car.seat, lane=lane, row=row)
            return


def next_turn(state: RncState) -> None:
    while True:
        state.turn_index += 1
        if state.turn_index >= len(state.order):
            state.order = race_order(state)
            state.turn_index = 0
            state.round += 1
        seat = state.order[state.turn_index]
        if not state.cars[seat].out:
            break
    state.current = seat
    state.phase = PHASE_DASH
    state.move = Move()
    emit(state, "turn", seat=seat, round=state.round)
