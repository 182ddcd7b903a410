"""Rush'n'Crush: a Mad-Max car race with a gearbox dashboard, heat, lanes and collisions.

Rules: ``docs/rules/rushncrush.md``; tables in :mod:`bot.games.rushncrush_data`.

Geometry: lanes 1..4 from the left; rows count forward. The start grid is rows -2..0 (grid
row 1 is row 0, just behind the start line); the course is rows 1..``length`` (a loop raced
N laps is unrolled: absolute row r lies on physical row ``(r - 1) % loop_rows + 1``); a car
stepping past row ``length`` crosses the finish line. Rocks, wrecks, nails and collisions
use physical cells, race order uses absolute rows.

Action grammar (every action is ASCII, <= 60 characters):

* trading phase (option ``trading``): ``offer <seat>`` starts an offer to that seat,
  ``give <kind>`` names the card you give, ``want <kind>`` the kind you ask for (the offer is
  then sent), ``cancel`` drops the draft, ``withdraw`` your sent offer, ``accept <seat>`` /
  ``refuse <seat>`` answer that seat's offer, ``ready`` ends your trading;
* start grid: ``grid <r> <lane>`` (r = 1 front row .. 3), by the drawn order;
* dashboard: ``accel``, ``accel turbo``, ``accel turbo nitro`` (the Nitro card),
  ``decel``, ``gear <g>`` (along the dotted line at your speed), ``hold`` (the lever
  stays), ``brake`` (one brake token, or a Drag chute charge, for one deceleration; before
  the action, and after a gear change), ``card chute``, ``card radiator``; after a gear
  change with brakes possible: ``go`` ends the dashboard;
* move: ``drive <l1,l2,...>`` a whole clean path (the lane after each step; offered once
  per reachable end cell, plus one path across the finish; with one point left, the step
  alone), ``step <lane>`` one step
  (straight or diagonal; rock, cars, wrecks and nails take effect; lane 0 or 5 is off the
  road: a head-on into rock), ``push <dir>`` with dir ``left``, ``right``, ``ahead-left`` or
  ``ahead-right`` (not again on a car whose push failed this move), ``card nails`` (the
  nails fall on the next cell the car leaves; if it leaves none, the card comes back),
  ``card spare``, ``card bullbar`` (your next push or ram this turn), ``card radiator``;
* standing orders (``HasStandingOrders``; any seat still racing, at any time, whoever is to
  act; nothing public changes): ``order <key> <setting>`` for the reaction cards the seat
  holds, keys and settings in ``rushncrush_data.ORDERS`` (``order lucky 2``: re-throw a
  heat, armour or rock test costing 2 or more, ``order luckydrive 0``, ``order plate
  fatal``, ``order ace 1``, ``off`` for each). The engine plays the card at once when the
  case arises (Lucky charm first, then Armour plate or Ace driver on the throw that stands);
  the card is revealed then (event ``card`` with ``order``). Nobody ever waits for a card.

Views. Public (``view(state, None)``): ``phase`` (trade, grid, dash, dash_post, move, over),
``round``, ``turn`` (the seat driving, else None), ``course`` (name, faces, laps, loop_rows,
length, grid_rows, lanes, ``rocks`` as [lane, physical row]), ``wrecks`` ([lane, physical
row, seat]; seat -1 for a scenery wreck), ``nails`` ([lane, physical row]), ``cars`` (seat,
placed, lane, row, lap, out, gear, speed, heat W/Y/O/R, temp, armour, tyres, brakes, turbos,
cards = how many), ``order`` (this round's race order), ``draw_order`` (grid picks),
``move`` (in the move phase: seat, points, changes (None = unlimited), free_change, bullbar,
chute, path), ``last_path`` ({seat, path} of the last move), ``last_rolls`` (the roll events
of the last action that threw dice), ``trading`` ({ready, offers: [{from, to}]}),
``events``, ``to_act``, ``outcome``. A seat's view adds ``seat``, ``hand`` (its cards),
``orders`` (its standing orders, key -> setting), its private events and ``trading.mine``
(its draft and the offers it sent or received, with the kinds).

Events (``type`` and params): placed {seat, lane, row}; grid_turn {seat}; trade_open;
trade_offer {seat, to}; trade_withdrawn {seat}; trade_refused {seat, to}; trade {seat, to};
trade_cards {seat, gave, got} (private to that seat); trade_ready {seat}; turn {seat,
round}; lever {seat, via (accel, turbo, nitro, decel, gear, brake, chute, hold), gear,
speed, heat}; roll {seat, test (heat, driving, armour, hard, rock, push_attack,
push_defend), dice, result} (result: failures, armour lost, lane changes, or the kept die);
temperature {seat, temp, rise}; armour {seat, lost, left}; wrecked {seat, cause (explosion,
armour, rock), lane, row}; lane_changes {seat, allowed}; card {seat, kind, order (played by
a standing order)}; nails_dropped {seat, lane, row}; step {seat, lane, row}; crash {seat,
into: rock|wreck (lane, row) or car (other, tests, own_tests)}; behind_wreck {seat, lane,
row}; tyre {seat, left}; nails {seat, tyres}; push {seat, other, direction, attack,
defence}; push_result {seat, other, result: held|pushed (lane)|wedged (against: seat or
None)}; moved {seat, path}; finish {seat}; race_over {winners, reason (finish, last_car,
all_out)}.

Tests build positions with :func:`scenario` and load dice with ``RncState.loaded_dice``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.games import rushncrush_data as data
from bot.games.base import IllegalAction, Outcome, SeededRng, is_order_action, require

Json = dict[str, Any]
Cell = tuple[int, int]  # (lane, row)

SCHEMA_VERSION = 2
PHASE_TRADE, PHASE_GRID, PHASE_DASH, PHASE_DASH_POST = "trade", "grid", "dash", "dash_post"
PHASE_MOVE, PHASE_OVER = "move", "over"
HEAT, DRIVING, ARMOUR, HARD, ROCK = "heat", "driving", "armour", "hard", "rock"
PUSH_ATTACK, PUSH_DEFEND = "push_attack", "push_defend"
REASON_FINISH, REASON_LAST_CAR, REASON_ALL_OUT = "finish", "last_car", "all_out"
CAUSE_EXPLOSION, CAUSE_ARMOUR, CAUSE_ROCK = "explosion", "armour", "rock"
GO, HOLD = "go", "hold"
PUSH_DIRECTIONS: dict[str, Cell] = {
    "left": (-1, 0),
    "right": (1, 0),
    "ahead-left": (-1, 1),
    "ahead-right": (1, 1),
}
GRID_LABELS = range(1, data.GRID_ROWS + 1)


# --- the course -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Course:
    """A list of module faces laid end to end; raced ``laps`` times (laps > 1: a loop)."""

    name: str
    faces: tuple[str, ...]
    laps: int

    @property
    def loop_rows(self) -> int:
        return data.FACE_ROWS * len(self.faces)

    @property
    def length(self) -> int:
        return self.loop_rows * self.laps

    def physical_row(self, row: int) -> int:
        return row if row <= 0 else (row - 1) % self.loop_rows + 1

    def is_rock(self, lane: int, row: int) -> bool:
        """Rock face (or off the road) at this cell; beyond the finish is open road."""
        if not 1 <= lane <= data.LANES:
            return True
        if row <= 0 or row > self.length:
            return False
        return (lane, self.physical_row(row)) in _loop_rocks(self.faces)

    def rock_cells(self) -> list[list[int]]:
        """Every rock cell of one loop, as [lane, physical row]."""
        return [
            [lane, row]
            for row in range(1, self.loop_rows + 1)
            for lane in range(1, data.LANES + 1)
            if self.is_rock(lane, row)
        ]


@lru_cache(maxsize=64)
def _loop_rocks(faces: tuple[str, ...]) -> frozenset[Cell]:
    """The rock cells of one loop of these faces, as (lane, physical row)."""
    return frozenset(
        (lane, index * data.FACE_ROWS + row)
        for index, face in enumerate(faces)
        for lane, first, last in data.FACES[face][1]
        for row in range(first, last + 1)
    )


def parse_course(faces: str, laps: int) -> Course:
    """A custom course from a list of faces ("1A 4B 7A", commas allowed) and a lap count.

    Raises ``ValueError`` with a sentence for the player when the list is malformed.
    """
    names = [name.upper() for name in faces.replace(",", " ").split()]
    if not names:
        raise ValueError("The course needs at least one module face, e.g. '1A 4B 7A'.")
    unknown = [name for name in names if name not in data.FACES]
    if unknown:
        raise ValueError(
            f"Unknown module face '{unknown[0]}': use a module number 1-10 and a side A or B, "
            "e.g. '4B'."
        )
    seen: dict[str, str] = {}
    for name in names:
        module = name[:-1]
        if module in seen:
            raise ValueError(
                f"Module {module} is named twice ('{seen[module]}' and '{name}'): the box holds "
                "one of each module, so a course uses each module once, on one face."
            )
        seen[module] = name
    if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= data.MAX_LAPS:
        raise ValueError(f"Laps must be a whole number from 1 to {data.MAX_LAPS}.")
    return Course(data.CUSTOM, tuple(names), laps)


def course_from_options(options: dict[str, Any]) -> Course:
    name = options.get("course", data.DEFAULT_COURSE)
    if name == data.CUSTOM:
        return parse_course(str(options.get("faces", "")), options.get("laps", 1))
    if name not in data.PRESETS:
        raise ValueError(f"Unknown course '{name}': choose sprint, oval, grand_canyon or custom.")
    faces, laps = data.PRESETS[name]
    if laps > 1 and "laps" in options:  # only a loop may be raced another number of laps
        laps = parse_course(" ".join(faces), options["laps"]).laps
    return Course(name, faces, laps)


# --- the dashboard ----------------------------------------------------------------------------
def heat_colour(bubble: data.Bubble) -> str:
    gear, speed = bubble
    if gear == 0:
        return data.WHITE
    return dict(data.GEAR_BUBBLES[gear])[speed]


def accelerated(bubble: data.Bubble) -> data.Bubble | None:
    """One step up a solid line, or None at the top of the gear."""
    gear, speed = bubble
    if gear == 0:
        return data.FIRST_BUBBLE
    speeds = [s for s, _ in data.GEAR_BUBBLES[gear]]
    index = speeds.index(speed)
    return (gear, speeds[index + 1]) if index + 1 < len(speeds) else None


def decelerated(bubble: data.Bubble) -> data.Bubble | None:
    """One step back down a solid line, or None at the bottom of the chain."""
    gear, speed = bubble
    if gear == 0:
        return None
    if bubble == data.FIRST_BUBBLE:
        return data.NEUTRAL
    speeds = [s for s, _ in data.GEAR_BUBBLES[gear]]
    index = speeds.index(speed)
    return (gear, speeds[index - 1]) if index > 0 else None


def gear_changes(bubble: data.Bubble) -> list[int]:
    """The gears reachable along the dotted line through this bubble."""
    gear, speed = bubble
    joined = data.DOTTED_LINES.get(speed, ())
    return [g for g in joined if g != gear] if gear in joined else []


# --- dice helpers -----------------------------------------------------------------------------
def kept_die(dice: list[int], keep: str) -> int:
    if not dice:
        return 0
    return max(dice) if keep == data.KEEP_HIGHEST else min(dice)


def test_failures(dice: list[int], hard: bool = False) -> int:
    threshold = data.HARD_TEST_THRESHOLD if hard else data.TEST_THRESHOLD
    return sum(1 for die in dice if die < threshold)


# --- standing orders ----------------------------------------------------------------------------
def default_orders() -> dict[str, str]:
    return {key: default for key, (_, _, default) in data.ORDERS.items()}


def _order_fires(car: Any, key: str, loss: int, fatal: bool) -> bool:
    """Whether this car's order ``key`` asks for its card on a test costing ``loss``."""
    card, _, _ = data.ORDERS[key]
    setting = car.orders.get(key, data.ORDERS[key][2])
    if card not in car.cards or setting == data.ORDER_OFF:
        return False
    if setting == data.ORDER_FATAL:
        return fatal
    return fatal or loss >= int(setting)


def _driving_order_fires(car: Any, key: str, allowed: int) -> bool:
    card, _, _ = data.ORDERS[key]
    setting = car.orders.get(key, data.ORDERS[key][2])
    if card not in car.cards or setting == data.ORDER_OFF:
        return False
    return allowed < data.MAX_DRIVING_RESULT and allowed <= int(setting)


# --- state ------------------------------------------------------------------------------------
@dataclass
class Car:
    seat: int
    lane: int = 0
    row: int = 0
    placed: bool = False
    out: bool = False
    gear: int = 0
    speed: int = 0
    temp: int = 0
    armour: int = data.START_ARMOUR
    tyres: int = data.START_TYRES
    brakes: int = data.START_BRAKES
    turbos: int = data.START_TURBOS
    cards: list[str] = field(default_factory=list)
    arrival: int = 0  # when the car reached its row (race-order tie-break)
    orders: dict[str, str] = field(default_factory=lambda: default_orders())

    @property
    def bubble(self) -> data.Bubble:
        return (self.gear, self.speed)


@dataclass
class Move:
    """The current turn's bookkeeping."""

    points: int = 0
    changes: int | None = None  # lane changes left from the driving test; None = unlimited
    free_change: bool = False  # forcing the way after a rock
    pushed: bool = False  # pushed since the car last moved a space
    held: list[int] = field(default_factory=list)  # seats whose push failed: not again this move
    nails: bool = False  # Nails played: they drop on the next cell the car leaves
    bullbar: bool = False
    chute: int = 0
    gear_changed: bool = False
    stopped: bool = False
    path: list[list[int]] = field(default_factory=list)


@dataclass
class Trade:
    ready: list[bool]
    offers: list[Json] = field(default_factory=list)  # {"from", "to", "give", "want"}
    drafts: dict[int, Json] = field(default_factory=dict)  # seat -> {"to", "give"}


@dataclass
class RncState:
    players: int
    rng: int
    course: Course
    cars: list[Car]
    phase: str
    current: int = -1
    order: list[int] = field(default_factory=list)
    turn_index: int = 0
    round: int = 0
    draw_order: list[int] = field(default_factory=list)
    wrecks: list[list[int]] = field(default_factory=list)  # [lane, physical row, seat]
    nails: list[list[int]] = field(default_factory=list)  # [lane, physical row]
    move: Move = field(default_factory=Move)
    queue: list[Json] = field(default_factory=list)
    events: list[Json] = field(default_factory=list)
    outcome: Json | None = None  # {"winners": [...], "reason": str}
    trade: Trade | None = None
    arrivals: int = 0
    last_path: Json | None = None  # {"seat", "path"}
    last_rolls: list[Json] = field(default_factory=list)  # the dice of the last action throwing any
    loaded_dice: list[int] = field(default_factory=list)  # test hook: thrown before the rng

    def car_at(self, lane: int, row: int, besides: int | None = None) -> Car | None:
        """The running car on this physical cell, if any (none beyond the finish)."""
        if row > self.course.length:
            return None
        physical = self.course.physical_row(row)
        for car in self.cars:
            if (
                car.placed
                and not car.out
                and car.seat != besides
                and car.lane == lane
                and self.course.physical_row(car.row) == physical
            ):
                return car
        return None

    def has_wreck(self, lane: int, row: int) -> bool:
        if row > self.course.length:
            return False
        physical = self.course.physical_row(row)
        return any(w[0] == lane and w[1] == physical for w in self.wrecks)

    def has_nails(self, lane: int, row: int) -> bool:
        if row > self.course.length:
            return False
        return [lane, self.course.physical_row(row)] in self.nails

    @property
    def mover(self) -> Car:
        return self.cars[self.current]


def scenario(
    cars: Iterable[Car],
    *,
    course: Course | None = None,
    current: int = 0,
    phase: str = PHASE_DASH,
    dice: Iterable[int] = (),
    wrecks: Iterable[Cell] = (),
    nails: Iterable[Cell] = (),
    move: Move | None = None,
    seed: int = 0,
) -> RncState:
    """A race position for tests: ``current`` is on turn; the rest of the round follows."""
    car_list = list(cars)
    for car in car_list:
        car.placed = True
    state = RncState(
        players=len(car_list),
        rng=seed,
        course=course or course_from_options({}),
        cars=car_list,
        phase=phase,
        current=current,
        round=1,
        wrecks=[[lane, row, -1] for lane, row in wrecks],
        nails=[[lane, row] for lane, row in nails],
        move=move or Move(),
        loaded_dice=list(dice),
    )
    order = race_order(state)
    state.order = [current] + [seat for seat in order if seat != current]
    if phase == PHASE_MOVE and move is None:
        state.move = Move(points=state.mover.speed, path=[[state.mover.lane, state.mover.row]])
    return state


def race_order(state: RncState) -> list[int]:
    """Running cars, furthest ahead first; ties: reached the row first, then lower lane."""
    running = [car for car in state.cars if car.placed and not car.out]
    running.sort(key=lambda car: (-car.row, car.arrival, car.lane))
    return [car.seat for car in running]


# --- randomness and events ----------------------------------------------------------------------
def _roll(state: RncState, count: int) -> list[int]:
    dice: list[int] = []
    rng = SeededRng(state.rng)
    for _ in range(count):
        if state.loaded_dice:
            dice.append(state.loaded_dice.pop(0))
        else:
            dice.append(rng.die(data.DIE_SIDES))
    state.rng = rng.state
    return dice


def _emit(state: RncState, event_type: str, **params: Any) -> None:
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
    test["dice"] = _roll(state, test["count"])
    test["result"] = _test_result(test)
    _emit(
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
        _resolve_test(state, test, ace=_driving_order_fires(car, "ace", result))
        return
    fatal = car.temp + result >= data.EXPLOSION_TEMPERATURE if kind == HEAT else result > car.armour
    if not test["charmed"] and test["dice"] and _order_fires(car, "lucky", result, fatal):
        _use_card(state, car, data.LUCKY)
        test["charmed"] = True
        _throw_dice(state, test)
        return
    plate = kind in (ARMOUR, HARD) and result > 0 and _order_fires(car, "plate", result, fatal)
    _resolve_test(state, test, plate=plate)


def _use_card(state: RncState, car: Car, kind: str) -> None:
    car.cards.remove(kind)
    _emit(state, "card", seat=car.seat, kind=kind, order=True)


def _resolve_test(state: RncState, test: Json, plate: bool = False, ace: bool = False) -> None:
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
        _emit(state, "lane_changes", seat=car.seat, allowed=result)


def _heat_up(state: RncState, car: Car, degrees: int) -> None:
    if degrees <= 0:
        return
    car.temp = min(data.EXPLOSION_TEMPERATURE, car.temp + degrees)
    _emit(state, "temperature", seat=car.seat, temp=car.temp, rise=degrees)
    if car.temp >= data.EXPLOSION_TEMPERATURE:
        _destroy(state, car, CAUSE_EXPLOSION)


def _lose_armour(state: RncState, car: Car, lost: int, cause: str) -> None:
    if lost <= 0:
        return
    destroyed = lost > car.armour
    car.armour = max(0, car.armour - lost)
    _emit(state, "armour", seat=car.seat, lost=lost, left=car.armour)
    if destroyed:
        _destroy(state, car, cause)


def _after_rock(state: RncState, car: Car) -> None:
    if not car.out and state.phase == PHASE_MOVE and car.seat == state.current:
        state.move.free_change = True


def _destroy(state: RncState, car: Car, cause: str) -> None:
    car.out = True
    state.wrecks.append([car.lane, state.course.physical_row(car.row), car.seat])
    _emit(state, "wrecked", seat=car.seat, cause=cause, lane=car.lane, row=car.row)


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
    _emit(state, "lever", seat=car.seat, via=via, gear=car.gear, speed=car.speed, heat=colour)
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


def _op_dash_end(state: RncState, op: Json) -> None:
    if state.mover.out:
        return
    if state.move.gear_changed and _can_slow_more(state):
        state.phase = PHASE_DASH_POST
    else:
        _queue_move_start(state)


def _queue_move_start(state: RncState) -> None:
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
        _emit(state, "moved", seat=car.seat, path=[list(cell) for cell in state.move.path])
        _emit(state, "finish", seat=car.seat)
        _finish(state, [car.seat], REASON_FINISH)
        return
    _run_over_nails(state, car)


def _drop_nails(state: RncState, lane: int, row: int) -> None:
    """Nails played this move fall on the cell the car has just left."""
    state.move.nails = False
    cell = [lane, state.course.physical_row(row)]
    if cell not in state.nails:
        state.nails.append(cell)
        _emit(state, "nails_dropped", seat=state.current, lane=lane, row=row)


def _run_over_nails(state: RncState, car: Car) -> None:
    cell = [car.lane, state.course.physical_row(car.row)]
    if cell not in state.nails:
        return
    state.nails.remove(cell)
    if car.tyres > 0:
        car.tyres -= 1
        _emit(state, "nails", seat=car.seat, tyres=car.tyres)
    else:
        _emit(state, "nails", seat=car.seat, tyres=0)
        state.queue.insert(0, {"op": "test", "seat": car.seat, "kind": ARMOUR, "count": 1})


OPS = {
    "lever": _op_lever,
    "test": _op_test,
    "dash_end": _op_dash_end,
    "begin_move": _op_begin_move,
    "enter": _op_enter,
}


def _run(state: RncState) -> None:
    """Work through the queue until it is empty; then settle the turn."""
    _run_queue_only(state)
    if state.outcome is None:
        _settle(state)


def _settle(state: RncState) -> None:
    running = [car.seat for car in state.cars if not car.out]
    if len(running) <= 1 and state.phase not in (PHASE_TRADE, PHASE_GRID):
        _finish(state, running, REASON_LAST_CAR if running else REASON_ALL_OUT)
        return
    if state.phase in (PHASE_DASH, PHASE_DASH_POST) and state.mover.out:
        _next_turn(state)
    elif state.phase == PHASE_MOVE and (
        state.mover.out or state.move.points <= 0 or state.move.stopped
    ):
        _end_move(state)


def _finish(state: RncState, winners: list[int], reason: str) -> None:
    state.outcome = {"winners": winners, "reason": reason}
    state.phase = PHASE_OVER
    state.queue = []
    _emit(state, "race_over", winners=winners, reason=reason)


def _end_move(state: RncState) -> None:
    car = state.mover
    if not car.out:
        _back_off_wreck(state, car)
    if state.move.nails and not car.out:  # the car never left its cell: the card comes back
        car.cards = sorted([*car.cards, data.NAILS])
    if len(state.move.path) > 1:
        state.last_path = {"seat": car.seat, "path": state.move.path}
        _emit(state, "moved", seat=car.seat, path=[list(cell) for cell in state.move.path])
    _next_turn(state)


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
            _emit(state, "behind_wreck", seat=car.seat, lane=lane, row=row)
            return


def _next_turn(state: RncState) -> None:
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
    _emit(state, "turn", seat=seat, round=state.round)


# --- dashboard ----------------------------------------------------------------------------------
def _can_brake(state: RncState) -> bool:
    car = state.mover
    return (car.brakes > 0 or state.move.chute > 0) and decelerated(car.bubble) is not None


def _can_slow_more(state: RncState) -> bool:
    chute = data.CHUTE in state.mover.cards and decelerated(state.mover.bubble) is not None
    return _can_brake(state) or chute


def _lever_op(seat: int, bubble: data.Bubble, via: str) -> Json:
    return {"op": "lever", "seat": seat, "gear": bubble[0], "speed": bubble[1], "via": via}


def _acceleration_chain(bubble: data.Bubble, steps: int) -> list[data.Bubble] | None:
    chain: list[data.Bubble] = []
    for _ in range(steps):
        nxt = accelerated(chain[-1] if chain else bubble)
        if nxt is None:
            return None
        chain.append(nxt)
    return chain


def dashboard_actions(state: RncState) -> list[str]:
    car, move = state.mover, state.move
    actions: list[str] = []
    if state.phase == PHASE_DASH:
        if accelerated(car.bubble) is not None:
            actions.append("accel")
            if car.turbos > 0 and _acceleration_chain(car.bubble, 2):
                actions.append("accel turbo")
                if data.NITRO in car.cards and _acceleration_chain(car.bubble, 3):
                    actions.append("accel turbo nitro")
        if decelerated(car.bubble) is not None:
            actions.append("decel")
        actions += [f"gear {g}" for g in gear_changes(car.bubble)]
        actions.append(HOLD)
    else:
        actions.append(GO)
    if _can_brake(state):
        actions.append("brake")
    if data.CHUTE in car.cards and move.chute == 0 and decelerated(car.bubble) is not None:
        actions.append(f"card {data.CHUTE}")
    if data.RADIATOR in car.cards and car.temp > 0:
        actions.append(f"card {data.RADIATOR}")
    return actions


def _apply_dashboard(state: RncState, action: str) -> None:
    car, seat = state.mover, state.current
    if action == "brake":
        via = "chute" if state.move.chute > 0 else "brake"
        state.queue.append(_lever_op(seat, _down(car.bubble), via))
        return
    if action == GO:
        _queue_move_start(state)
        return
    if action.startswith("accel"):
        steps = len(action.split())
        chain = _acceleration_chain(car.bubble, steps) or []
        vias = ["accel", "turbo", data.NITRO][:steps]
        state.queue += [_lever_op(seat, b, via) for b, via in zip(chain, vias, strict=True)]
    elif action == "decel":
        state.queue.append(_lever_op(seat, _down(car.bubble), "decel"))
    elif action.startswith("gear"):
        state.move.gear_changed = True
        state.queue.append(_lever_op(seat, (int(action.split()[1]), car.speed), "gear"))
    else:
        _emit(
            state,
            "lever",
            seat=seat,
            via=HOLD,
            gear=car.gear,
            speed=car.speed,
            heat=heat_colour(car.bubble),
        )
    state.queue.append({"op": "dash_end", "seat": seat})


def _down(bubble: data.Bubble) -> data.Bubble:
    lower = decelerated(bubble)
    assert lower is not None  # only offered when the lever can go down
    return lower


# --- cards --------------------------------------------------------------------------------------
def _play_card(state: RncState, seat: int, kind: str) -> None:
    car = state.cars[seat]
    car.cards.remove(kind)
    _emit(state, "card", seat=seat, kind=kind)
    if kind == data.RADIATOR:
        car.temp = max(0, car.temp - data.RADIATOR_COOLING)
        _emit(state, "temperature", seat=seat, temp=car.temp, rise=0)
    elif kind == data.CHUTE:
        state.move.chute = data.CHUTE_DECELERATIONS
    elif kind == data.NAILS:
        state.move.nails = True  # they drop on the cell the car leaves next
    elif kind == data.SPARE:
        state.move.changes = (state.move.changes or 0) + data.SPARE_TYRE_CHANGES
    elif kind == data.BULLBAR:
        state.move.bullbar = True


# --- moving -------------------------------------------------------------------------------------
def _pays_lane_change(state: RncState, free: bool) -> None:
    """Spend the allowance, else a tyre (legality was checked when the step was offered)."""
    move, car = state.move, state.mover
    if free or move.changes is None:
        return
    if move.changes > 0:
        move.changes -= 1
    else:
        car.tyres -= 1
        _emit(state, "tyre", seat=car.seat, left=car.tyres)


def _is_free(state: RncState, lane: int, row: int) -> bool:
    """Open road with no car and no wreck: where forcing the way may go."""
    return (
        not state.course.is_rock(lane, row)
        and state.car_at(lane, row, besides=state.current) is None
        and not state.has_wreck(lane, row)
    )


def can_change_lane(state: RncState, lane: int) -> bool:
    move, car = state.move, state.mover
    if move.free_change and _is_free(state, lane, car.row + 1):
        return True
    return move.changes is None or move.changes > 0 or car.tyres > 0


def step_actions(state: RncState) -> list[str]:
    car = state.mover
    actions = []
    for lane in (car.lane - 1, car.lane, car.lane + 1):  # lane 0 or 5: off the road, rock
        if lane != car.lane and (
            state.car_at(lane, car.row + 1, besides=car.seat) is not None
            or not can_change_lane(state, lane)
        ):
            continue
        actions.append(f"step {lane}")
    return actions


def _step(state: RncState, lane: int) -> None:
    car, move = state.mover, state.move
    row = car.row + 1
    left = move.points  # movement points left, this one included
    move.points -= 1
    free = move.free_change and lane != car.lane and _is_free(state, lane, row)
    move.free_change = False
    target = state.car_at(lane, row, besides=car.seat) if 1 <= lane <= data.LANES else None
    if state.course.is_rock(lane, row):  # rock face, or off the road
        _emit(state, "crash", seat=car.seat, into="rock", lane=lane, row=row)
        state.queue.append({"op": "test", "seat": car.seat, "kind": ROCK, "speed": car.speed})
    elif target is not None:
        _ram(state, target, left)
    elif row <= state.course.length and state.has_wreck(lane, row) and move.points == 0:
        _emit(state, "behind_wreck", seat=car.seat, lane=car.lane, row=car.row)
    else:
        if lane != car.lane:
            _pays_lane_change(state, free)
        if row <= state.course.length and state.has_wreck(lane, row):
            _emit(state, "crash", seat=car.seat, into="wreck", lane=lane, row=row)
            state.queue.append(
                {"op": "test", "seat": car.seat, "kind": HARD, "count": data.WRECK_TESTS}
            )
        state.queue.append({"op": "enter", "seat": car.seat, "lane": lane, "row": row})


def _ram(state: RncState, target: Car, left: int) -> None:
    """Front/rear: both cars take one armour test per movement point the mover had left."""
    car, move = state.mover, state.move
    own_tests = left
    if move.bullbar:
        move.bullbar = False
        own_tests = max(0, left - data.BULLBAR_RAM_RELIEF)
    move.points = 0
    move.stopped = True
    _emit(
        state,
        "crash",
        seat=car.seat,
        into="car",
        other=target.seat,
        tests=left,
        own_tests=own_tests,
    )
    for seat, count in ((car.seat, own_tests), (target.seat, left)):
        if count:
            state.queue.append({"op": "test", "seat": seat, "kind": ARMOUR, "count": count})


def push_targets(state: RncState) -> dict[str, Car]:
    car, move = state.mover, state.move
    if move.points <= 0 or move.pushed:
        return {}
    targets = {}
    for name, (d_lane, d_row) in PUSH_DIRECTIONS.items():
        other = state.car_at(car.lane + d_lane, car.row + d_row, besides=car.seat)
        if other is not None and other.seat not in move.held:
            targets[name] = other
    return targets


def _push(state: RncState, direction: str) -> None:
    car, move = state.mover, state.move
    victim = push_targets(state)[direction]
    attack_dice = data.PUSH_ATTACK_DICE
    if move.bullbar:
        move.bullbar = False
        attack_dice = data.BULLBAR_PUSH_DICE
    move.pushed = True
    attack_dice_thrown = _roll(state, attack_dice)
    defence_dice = _roll(state, data.PUSH_DEFEND_DICE)
    attack, defence = max(attack_dice_thrown), max(defence_dice)
    _emit_dice(state, car.seat, PUSH_ATTACK, attack_dice_thrown)
    _emit_dice(state, victim.seat, PUSH_DEFEND, defence_dice)
    _emit(
        state,
        "push",
        seat=car.seat,
        other=victim.seat,
        direction=direction,
        attack=attack,
        defence=defence,
    )
    tests: list[tuple[int, int]] = [(car.seat, data.PUSH_TESTS)]
    away = PUSH_DIRECTIONS[direction][0]
    lane = victim.lane + away
    blocker = state.car_at(lane, victim.row, besides=victim.seat)
    if defence >= attack:
        _emit(state, "push_result", result="held", seat=car.seat, other=victim.seat)
        move.held.append(victim.seat)  # a failed push may not be tried again this move
        tests.append((victim.seat, data.PUSH_TESTS))
    elif state.course.is_rock(lane, victim.row) or state.has_wreck(lane, victim.row) or blocker:
        _emit(
            state,
            "push_result",
            result="wedged",
            seat=car.seat,
            other=victim.seat,
            against=blocker.seat if blocker else None,
        )
        if blocker is not None:
            tests.append((blocker.seat, data.PUSH_TESTS))
        tests.append((victim.seat, data.WEDGED_TESTS))
    else:
        victim.lane = lane
        _emit(state, "push_result", result="pushed", seat=car.seat, other=victim.seat, lane=lane)
        _run_over_nails(state, victim)
        tests.append((victim.seat, data.PUSH_TESTS))
    for seat, count in tests:
        state.queue.append({"op": "test", "seat": seat, "kind": ARMOUR, "count": count})


def _emit_dice(state: RncState, seat: int, kind: str, dice: list[int]) -> None:
    _emit(state, "roll", seat=seat, test=kind, dice=dice, result=max(dice))


def drive_paths(state: RncState) -> list[list[int]]:
    """One clean path (no rock, car, wreck or nails) per reachable end; the finish first.

    Each path is the lane after each step; the cheapest in lane changes, changing lanes as
    early as possible among equals.
    """
    car, move = state.mover, state.move
    budget = None if move.changes is None else move.changes + car.tyres
    frontier: dict[int, tuple[int, list[int]]] = {car.lane: (0, [])}
    for step in range(1, move.points + 1):
        row = car.row + step
        reached: dict[int, tuple[int, list[int]]] = {}
        for lane in range(1, data.LANES + 1):
            if not _clean(state, lane, row):
                continue
            best: tuple[int, list[int]] | None = None
            for origin in (lane, lane - 1, lane + 1):
                if origin not in frontier:
                    continue
                free = step == 1 and move.free_change
                cost = frontier[origin][0] + (0 if origin == lane or free else 1)
                if (budget is None or cost <= budget) and (best is None or cost < best[0]):
                    best = (cost, [*frontier[origin][1], lane])
            if best is not None:
                reached[lane] = best
        if row > state.course.length and reached:
            return [min(reached.values(), key=lambda entry: entry[0])[1]]
        frontier = reached
    return [frontier[lane][1] for lane in sorted(frontier)] if move.points > 0 else []


def _clean(state: RncState, lane: int, row: int) -> bool:
    if row > state.course.length:
        return True
    return (
        not state.course.is_rock(lane, row)
        and state.car_at(lane, row, besides=state.current) is None
        and not state.has_wreck(lane, row)
        and not state.has_nails(lane, row)
    )


def move_actions(state: RncState) -> list[str]:
    car, move = state.mover, state.move
    # With one point left, a drive is one step: offered as the step alone (one button).
    paths = drive_paths(state) if move.points > 1 else []
    actions = ["drive " + ",".join(map(str, path)) for path in paths]
    actions += step_actions(state)
    actions += [f"push {name}" for name in push_targets(state)]
    cards = car.cards
    if data.NAILS in cards and not move.nails:
        actions.append(f"card {data.NAILS}")
    if data.SPARE in cards and move.changes is not None:
        actions.append(f"card {data.SPARE}")
    if data.BULLBAR in cards and not move.bullbar:
        actions.append(f"card {data.BULLBAR}")
    if data.RADIATOR in cards and car.temp > 0:
        actions.append(f"card {data.RADIATOR}")
    return actions


def _apply_move(state: RncState, action: str) -> None:
    word, _, rest = action.partition(" ")
    if word == "drive":
        for lane in map(int, rest.split(",")):
            _step(state, lane)
            _run_queue_only(state)
            if state.outcome is not None:
                return
    elif word == "step":
        lane = int(rest)
        _emit(state, "step", seat=state.current, lane=lane, row=state.mover.row + 1)
        _step(state, lane)
    elif word == "push":
        _push(state, rest)
    else:
        _play_card(state, state.current, rest.split()[-1])


def _run_queue_only(state: RncState) -> None:
    while state.queue and state.outcome is None:
        op = state.queue.pop(0)
        OPS[op["op"]](state, op)


# --- trading ------------------------------------------------------------------------------------
def trade_actions(state: RncState, seat: int) -> list[str]:
    trade = state.trade
    assert trade is not None
    cards = state.cars[seat].cards
    actions: list[str] = []
    draft = trade.drafts.get(seat)
    if draft is not None and trade.ready[draft["to"]]:
        actions.append("cancel")  # that seat has finished trading meanwhile
    elif draft is not None and draft["give"] is None:
        actions += [f"give {kind}" for kind in sorted(set(cards))]
        actions.append("cancel")
    elif draft is not None:
        actions += [f"want {kind}" for kind in data.CARD_KINDS if kind != draft["give"]]
        actions.append("cancel")
    elif _offer_from(trade, seat) is not None:
        actions.append("withdraw")
    elif cards:
        actions += [
            f"offer {other}"
            for other in range(state.players)
            if other != seat and not trade.ready[other]
        ]
    for offer in trade.offers:
        if offer["to"] == seat:
            if offer["want"] in cards:
                actions.append(f"accept {offer['from']}")
            actions.append(f"refuse {offer['from']}")
    actions.append("ready")
    return actions


def _offer_from(trade: Trade, seat: int) -> Json | None:
    return next((offer for offer in trade.offers if offer["from"] == seat), None)


def _apply_trade(state: RncState, seat: int, action: str) -> None:
    trade = state.trade
    assert trade is not None
    word, _, rest = action.partition(" ")
    if word == "offer":
        trade.drafts[seat] = {"to": int(rest), "give": None}
    elif word == "give":
        trade.drafts[seat]["give"] = rest
    elif word == "want":
        draft = trade.drafts.pop(seat)
        offer = {"from": seat, "to": draft["to"], "give": draft["give"], "want": rest}
        trade.offers.append(offer)
        _emit(state, "trade_offer", seat=seat, to=draft["to"])
    elif word == "cancel":
        trade.drafts.pop(seat)
    elif word == "withdraw":
        trade.offers.remove(_offer_from(trade, seat) or {})
        _emit(state, "trade_withdrawn", seat=seat)
    elif word in ("accept", "refuse"):
        offer = _offer_from(trade, int(rest)) or {}
        trade.offers.remove(offer)
        if word == "accept":
            _swap(state, offer)
        else:
            _emit(state, "trade_refused", seat=seat, to=offer["from"])
    else:
        _get_ready(state, seat)


def _swap(state: RncState, offer: Json) -> None:
    giver, taker = state.cars[offer["from"]], state.cars[offer["to"]]
    giver.cards.remove(offer["give"])
    taker.cards.remove(offer["want"])
    giver.cards = sorted([*giver.cards, offer["want"]])
    taker.cards = sorted([*taker.cards, offer["give"]])
    _emit(state, "trade", seat=offer["from"], to=offer["to"])
    for seat, gave, got in (
        (giver.seat, offer["give"], offer["want"]),
        (taker.seat, offer["want"], offer["give"]),
    ):
        _emit(state, "trade_cards", private_to=seat, seat=seat, gave=gave, got=got)
    trade = state.trade
    assert trade is not None
    trade.offers = [o for o in trade.offers if o["give"] in state.cars[o["from"]].cards]


def _get_ready(state: RncState, seat: int) -> None:
    trade = state.trade
    assert trade is not None
    trade.ready[seat] = True
    trade.drafts.pop(seat, None)
    trade.offers = [o for o in trade.offers if seat not in (o["from"], o["to"])]
    _emit(state, "trade_ready", seat=seat)
    if all(trade.ready):
        state.trade = None
        state.phase = PHASE_GRID
        _emit(state, "grid_turn", seat=state.draw_order[0])


# --- the start grid -----------------------------------------------------------------------------
def grid_row(label: int) -> int:
    return 1 - label


def grid_actions(state: RncState) -> list[str]:
    return [
        f"grid {label} {lane}"
        for label in GRID_LABELS
        for lane in range(1, data.LANES + 1)
        if state.car_at(lane, grid_row(label)) is None
    ]


def _place(state: RncState, seat: int, label: int, lane: int) -> None:
    car = state.cars[seat]
    car.lane, car.row, car.placed = lane, grid_row(label), True
    state.arrivals += 1
    car.arrival = state.arrivals
    _emit(state, "placed", seat=seat, lane=lane, row=car.row)
    placed = sum(1 for c in state.cars if c.placed)
    if placed < state.players:
        _emit(state, "grid_turn", seat=state.draw_order[placed])
        return
    state.order = race_order(state)
    state.turn_index = -1
    state.round = 1
    _next_turn(state)


# --- views --------------------------------------------------------------------------------------
def _car_view(state: RncState, car: Car) -> Json:
    lap = 1 if car.row <= 0 else min(state.course.laps, (car.row - 1) // state.course.loop_rows + 1)
    return {
        "seat": car.seat,
        "placed": car.placed,
        "lane": car.lane,
        "row": car.row,
        "lap": lap,
        "out": car.out,
        "gear": car.gear,
        "speed": car.speed,
        "heat": heat_colour(car.bubble),
        "temp": car.temp,
        "armour": car.armour,
        "tyres": car.tyres,
        "brakes": car.brakes,
        "turbos": car.turbos,
        "cards": len(car.cards),
    }


def public_view(state: RncState) -> Json:
    course = state.course
    move = state.move
    return {
        "game": "rushncrush",
        "phase": state.phase,
        "round": state.round,
        "turn": state.current if state.phase in (PHASE_DASH, PHASE_DASH_POST, PHASE_MOVE) else None,
        "course": {
            "name": course.name,
            "faces": list(course.faces),
            "laps": course.laps,
            "loop_rows": course.loop_rows,
            "length": course.length,
            "grid_rows": data.GRID_ROWS,
            "lanes": data.LANES,
            "rocks": course.rock_cells(),
        },
        "wrecks": [list(w) for w in state.wrecks],
        "nails": [list(n) for n in state.nails],
        "cars": [_car_view(state, car) for car in state.cars],
        "order": list(state.order),
        "draw_order": list(state.draw_order),
        "move": {
            "seat": state.current,
            "points": move.points,
            "changes": move.changes,
            "free_change": move.free_change,
            "bullbar": move.bullbar,
            "chute": move.chute,
            "path": [list(cell) for cell in move.path],
        }
        if state.phase == PHASE_MOVE
        else None,
        "last_path": copy.deepcopy(state.last_path),
        "last_rolls": copy.deepcopy(state.last_rolls),
        "trading": _trade_public(state),
        "events": [e for e in copy.deepcopy(state.events) if "private_to" not in e],
        "to_act": sorted(GAME.to_act(state)),
        "outcome": copy.deepcopy(state.outcome),
    }


def _trade_public(state: RncState) -> Json | None:
    if state.trade is None:
        return None
    return {
        "ready": list(state.trade.ready),
        "offers": [{"from": o["from"], "to": o["to"]} for o in state.trade.offers],
    }


# --- the engine ---------------------------------------------------------------------------------
class RushNCrush:
    name = "rushncrush"
    title = "Rush'n'Crush"
    min_players = 2
    max_players = 6

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RncState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Rush'n'Crush is for {self.min_players}-{self.max_players} players.")
        options = options or {}
        course = course_from_options(options)
        rng = SeededRng(seed)
        deck = [kind for kind in data.CARD_KINDS for _ in range(data.COPIES_PER_KIND)]
        rng.shuffle(deck)
        cars = [
            Car(seat, cards=sorted(deck[seat * data.HAND_SIZE : (seat + 1) * data.HAND_SIZE]))
            for seat in range(players)
        ]
        draw_order = list(range(players))
        rng.shuffle(draw_order)
        trading = bool(options.get("trading", False))
        state = RncState(
            players=players,
            rng=rng.state,
            course=course,
            cars=cars,
            phase=PHASE_TRADE if trading else PHASE_GRID,
            draw_order=draw_order,
            trade=Trade(ready=[False] * players) if trading else None,
        )
        if trading:
            _emit(state, "trade_open")
        else:
            _emit(state, "grid_turn", seat=draw_order[0])
        return state

    def to_act(self, state: RncState) -> frozenset[int]:
        if state.outcome is not None:
            return frozenset()
        if state.phase == PHASE_TRADE:
            assert state.trade is not None
            return frozenset(s for s, ready in enumerate(state.trade.ready) if not ready)
        if state.phase == PHASE_GRID:
            placed = sum(1 for car in state.cars if car.placed)
            return frozenset({state.draw_order[placed]})
        return frozenset({state.current})

    def legal_actions(self, state: RncState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        if state.phase == PHASE_TRADE:
            return trade_actions(state, seat)
        if state.phase == PHASE_GRID:
            return grid_actions(state)
        if state.phase == PHASE_MOVE:
            return move_actions(state)
        return dashboard_actions(state)

    def order_actions(self, state: RncState, seat: int) -> list[str]:
        """Order changes for this seat's reaction cards: for each order whose card it holds,
        one step less eager and one step more eager than its current setting."""
        if state.outcome is not None or not 0 <= seat < state.players:
            return []
        car = state.cars[seat]
        if car.out:
            return []
        actions = []
        for key, (card, settings, default) in data.ORDERS.items():
            if card not in car.cards:
                continue
            index = settings.index(car.orders.get(key, default))
            for neighbour in (index - 1, index + 1):
                if 0 <= neighbour < len(settings):
                    actions.append(f"order {key} {settings[neighbour]}")
        return actions

    def _set_order(self, state: RncState, seat: int, action: str) -> RncState:
        """Any setting of an order for a card the seat holds, at any time while it races;
        nothing public changes (not even the last action's events)."""
        parts = action.split()
        valid = (
            isinstance(seat, int)
            and 0 <= seat < state.players
            and state.outcome is None
            and not state.cars[seat].out
            and len(parts) == 3
            and parts[1] in data.ORDERS
            and data.ORDERS[parts[1]][0] in state.cars[seat].cards
            and parts[2] in data.ORDERS[parts[1]][1]
        )
        if not valid:
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = copy.deepcopy(state)
        new.cars[seat].orders[parts[1]] = parts[2]
        return new

    def apply(self, state: RncState, seat: int, action: str) -> RncState:
        if not isinstance(seat, int) or not isinstance(action, str):
            raise IllegalAction("That is not an action.", "not_an_action")
        if is_order_action(action):
            return self._set_order(state, seat, action)
        require(
            seat in self.to_act(state),
            "It is not your turn.",
            "not_your_turn",
            seat=seat,
        )
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = copy.deepcopy(state)
        new.events = []
        if new.phase == PHASE_TRADE:
            _apply_trade(new, seat, action)
        elif new.phase == PHASE_GRID:
            _, label, lane = action.split()
            _place(new, seat, int(label), int(lane))
        elif new.phase == PHASE_MOVE:
            _apply_move(new, action)
        elif action.startswith("card "):
            _play_card(new, seat, action.split()[1])
        else:
            _apply_dashboard(new, action)
        _run(new)
        rolls = [dict(e) for e in new.events if e["type"] == "roll"]
        if rolls:
            new.last_rolls = rolls
        return new

    def outcome(self, state: RncState) -> Outcome | None:
        if state.outcome is None:
            return None
        return Outcome(tuple(state.outcome["winners"]), state.outcome["reason"])

    def view(self, state: RncState, seat: int | None) -> dict[str, Any]:
        view = public_view(state)
        if seat is None or not 0 <= seat < state.players:
            return view
        view["seat"] = seat
        view["hand"] = list(state.cars[seat].cards)
        view["orders"] = dict(state.cars[seat].orders)
        view["events"] = [
            {k: v for k, v in e.items() if k != "private_to"}
            for e in state.events
            if e.get("private_to", seat) == seat
        ]
        if state.trade is not None:
            view["trading"] = {
                **view["trading"],
                "mine": {
                    "draft": copy.deepcopy(state.trade.drafts.get(seat)),
                    "offers": [dict(o) for o in state.trade.offers if seat in (o["from"], o["to"])],
                },
            }
        return view

    def bot_action(self, state: RncState, seat: int, rng: random.Random) -> str:
        return choose_action(state, seat, rng)

    def dump(self, state: RncState) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "players": state.players,
            "rng": state.rng,
            "course": {
                "name": state.course.name,
                "faces": list(state.course.faces),
                "laps": state.course.laps,
            },
            "cars": [copy.deepcopy(vars(car)) for car in state.cars],
            "phase": state.phase,
            "current": state.current,
            "order": list(state.order),
            "turn_index": state.turn_index,
            "round": state.round,
            "draw_order": list(state.draw_order),
            "wrecks": copy.deepcopy(state.wrecks),
            "nails": copy.deepcopy(state.nails),
            "move": copy.deepcopy(vars(state.move)),
            "queue": copy.deepcopy(state.queue),
            "events": copy.deepcopy(state.events),
            "outcome": copy.deepcopy(state.outcome),
            "trade": None
            if state.trade is None
            else {
                "ready": list(state.trade.ready),
                "offers": copy.deepcopy(state.trade.offers),
                "drafts": [[s, dict(d)] for s, d in sorted(state.trade.drafts.items())],
            },
            "arrivals": state.arrivals,
            "last_path": copy.deepcopy(state.last_path),
            "last_rolls": copy.deepcopy(state.last_rolls),
            "loaded_dice": list(state.loaded_dice),
        }

    def load(self, data_in: dict[str, Any]) -> RncState:
        """A dumped state; a version 1 dump (reaction windows) loads with any pending
        reaction answered by its default: the throw stands."""
        schema = data_in.get("schema")
        if schema not in (1, SCHEMA_VERSION):
            raise ValueError("Unknown Rush'n'Crush save format.")
        state = self._load(data_in)
        pending = data_in.get("reaction") if schema == 1 else None
        if pending is not None:
            _resolve_test(state, copy.deepcopy(pending))
            _run(state)
        return state

    def _load(self, data_in: dict[str, Any]) -> RncState:
        course = data_in["course"]
        trade = data_in["trade"]
        return RncState(
            players=data_in["players"],
            rng=data_in["rng"],
            course=Course(course["name"], tuple(course["faces"]), course["laps"]),
            cars=[Car(**copy.deepcopy(car)) for car in data_in["cars"]],
            phase=data_in["phase"],
            current=data_in["current"],
            order=list(data_in["order"]),
            turn_index=data_in["turn_index"],
            round=data_in["round"],
            draw_order=list(data_in["draw_order"]),
            wrecks=copy.deepcopy(data_in["wrecks"]),
            nails=copy.deepcopy(data_in["nails"]),
            move=Move(**copy.deepcopy(data_in["move"])),
            queue=copy.deepcopy(data_in["queue"]),
            events=copy.deepcopy(data_in["events"]),
            outcome=copy.deepcopy(data_in["outcome"]),
            trade=None
            if trade is None
            else Trade(
                ready=list(trade["ready"]),
                offers=copy.deepcopy(trade["offers"]),
                drafts={s: dict(d) for s, d in trade["drafts"]},
            ),
            arrivals=data_in["arrivals"],
            last_path=copy.deepcopy(data_in["last_path"]),
            last_rolls=copy.deepcopy(data_in.get("last_rolls", [])),
            loaded_dice=list(data_in["loaded_dice"]),
        )


# --- the AI -------------------------------------------------------------------------------------
# Values are in "rows of progress": the AI weighs speed against heat, armour and tyres.
AI_WIN = 150.0
AI_DEATH = 120.0
AI_KILL_DUEL = 100.0  # destroying the only rival wins the race
AI_KILL_CROWD = 25.0
AI_FUTURE = 0.8  # weight of the next turn's prospects
AI_TYRE = 1.5
AI_BRAKE = 0.6
AI_TURBO = 0.4
AI_CARD = 1.0
AI_HEAT_BASE = 2.0  # a degree of temperature, plus this per degree already there
AI_ARMOUR_BASE = 2.0  # an armour token, plus this per token already lost
AI_PUSH_MARGIN = 1.5
AI_RADIATOR_TEMP = 2
AI_MAX_BRAKES = 3
AI_LOOKAHEAD_ROWS = 18
AI_CARD_VALUES = {
    data.PLATE: 5,
    data.LUCKY: 5,
    data.ACE: 4,
    data.RADIATOR: 4,
    data.NITRO: 3,
    data.SPARE: 3,
    data.CHUTE: 3,
    data.BULLBAR: 2,
    data.NAILS: 2,
}
FAIL = 1 / 3  # a die below 3
HARD_FAIL = 4 / 6  # a die below 5
UNLIMITED = 99


def _binomial_at_least(count: int, chance: float, at_least: int) -> float:
    """P(at least ``at_least`` successes in ``count`` trials of ``chance``)."""
    if at_least <= 0:
        return 1.0
    total = 0.0
    for k in range(at_least, count + 1):
        total += _choose(count, k) * chance**k * (1 - chance) ** (count - k)
    return total


def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


def _kept_distribution(count: int, keep: str) -> list[tuple[int, float]]:
    """(value, probability) of the kept die among ``count`` dice."""
    if count == 0:
        return [(0, 1.0)]
    sides = data.DIE_SIDES
    result = []
    for value in range(1, sides + 1):
        if keep == data.KEEP_HIGHEST:
            p = (value / sides) ** count - ((value - 1) / sides) ** count
        else:
            p = ((sides - value + 1) / sides) ** count - ((sides - value) / sides) ** count
        result.append((value, p))
    return result


def allowance_distribution(speed: int) -> list[tuple[int, float]]:
    if speed <= data.FREE_DRIVING_SPEED:
        return [(UNLIMITED, 1.0)]
    return _kept_distribution(*data.DRIVING_TEST[speed])


def heat_cost(temp: int, dice: int) -> float:
    if dice == 0:
        return 0.0
    explode = _binomial_at_least(dice, FAIL, data.EXPLOSION_TEMPERATURE - temp)
    return explode * AI_DEATH + dice * FAIL * (AI_HEAT_BASE + temp)


def armour_test_cost(tests: int, armour: int, chance: float = FAIL) -> float:
    """Expected cost of ``tests`` armour dice for a car with ``armour`` tokens."""
    if tests <= 0:
        return 0.0
    destroyed = _binomial_at_least(tests, chance, armour + 1)
    per_token = AI_ARMOUR_BASE + (data.START_ARMOUR - armour)
    return destroyed * AI_DEATH + tests * chance * per_token


def rock_cost(speed: int, armour: int) -> float:
    if speed >= data.DEADLY_ROCK_SPEED:
        return AI_DEATH
    per_token = AI_ARMOUR_BASE + (data.START_ARMOUR - armour)
    if speed <= data.FREE_DRIVING_SPEED:
        losses = [(data.SLOW_ROCK_DAMAGE, 1.0)]
    else:
        losses = _kept_distribution(*data.ROCK_DAMAGE[speed])
    return sum(p * (AI_DEATH if loss > armour else loss * per_token) for loss, p in losses)


@dataclass
class _Plan:
    """A dashboard plan: the actions in order, where the lever ends, its cost so far."""

    actions: list[str]
    bubble: data.Bubble
    heat_dice: int
    cost: float


class _Driver:
    """The AI's look at one position, for one seat; caches routes and position values."""

    def __init__(self, state: RncState, seat: int) -> None:
        self.state = state
        self.car = state.cars[seat]
        self.course = state.course
        self.cars_at = {
            (c.lane, self.course.physical_row(c.row)): c
            for c in state.cars
            if c.placed and not c.out and c.seat != seat
        }
        self.wrecks = {(w[0], w[1]) for w in state.wrecks}
        self.nails = {(n[0], n[1]) for n in state.nails}
        self.blocked = set(self.cars_at) | self.wrecks | self.nails
        self.routes_cache: dict[Cell, tuple[list[dict[int, int]], int | None]] = {}
        self.position_cache: dict[tuple[int, int, data.Bubble], float] = {}
        rivals = sum(1 for c in state.cars if not c.out and c.seat != seat)
        self.kill_value = AI_KILL_DUEL if rivals == 1 else AI_KILL_CROWD

    # routes ----------------------------------------------------------------------------------
    def is_blocked(self, lane: int, row: int) -> bool:
        if row > self.course.length:
            return False
        if self.course.is_rock(lane, row):
            return True
        return (lane, self.course.physical_row(row)) in self.blocked

    def cell(self, lane: int, row: int) -> Cell:
        return (lane, self.course.physical_row(row))

    def routes(self, lane: int, row: int) -> tuple[list[dict[int, int]], int | None]:
        """Clean routes from a cell: per step, end lane -> fewest lane changes; and the
        fewest lane changes to cross the finish (None if no clean way within reach)."""
        key = (lane, row)
        if key in self.routes_cache:
            return self.routes_cache[key]
        frontier = {lane: 0}
        table = [frontier]
        finish: int | None = None
        for step in range(1, AI_LOOKAHEAD_ROWS + 1):
            target = row + step
            if target > self.course.length:
                finish = min(frontier.values())
                break
            reached = {}
            for end in range(1, data.LANES + 1):
                if self.is_blocked(end, target):
                    continue
                costs = [frontier[o] + (o != end) for o in (end, end - 1, end + 1) if o in frontier]
                if costs:
                    reached[end] = min(costs)
            if not reached:
                break
            table.append(reached)
            frontier = reached
        self.routes_cache[key] = (table, finish)
        return table, finish

    # values ----------------------------------------------------------------------------------
    def crash_cost(self, speed: int) -> float:
        return rock_cost(speed, self.car.armour)

    def extra_changes(self) -> int:
        cards = self.car.cards
        return data.ACE_BONUS * (data.ACE in cards) + data.SPARE_TYRE_CHANGES * (
            data.SPARE in cards
        )

    def quick_value(self, lane: int, row: int, speed: int) -> float:
        """What moving ``speed`` spaces from a cell is worth, without looking further."""
        if speed == 0:
            return 0.0
        table, finish = self.routes(lane, row)
        to_finish = self.course.length + 1 - row
        best_need = min(table[speed].values()) if len(table) > speed else None
        value = 0.0
        for allowed, p in allowance_distribution(speed):
            budget = allowed + self.car.tyres + self.extra_changes()
            if finish is not None and speed >= to_finish and finish <= budget:
                value += p * AI_WIN
            elif best_need is not None and best_need <= budget:
                value += p * (speed - AI_TYRE * max(0, best_need - allowed))
            else:
                value += p * (speed / 2 - self.crash_cost(speed))
        return value

    def position_value(self, lane: int, row: int, bubble: data.Bubble) -> float:
        """The best next turn from a cell with the lever on ``bubble``, discounted."""
        key = (lane, row, bubble)
        if key not in self.position_cache:
            options = [
                self.quick_value(lane, row, nxt[1]) - heat_cost(self.car.temp, dice) - cost
                for nxt, dice, cost in _next_turn_bubbles(bubble, self.car)
            ]
            self.position_cache[key] = AI_FUTURE * max(options)
        return self.position_cache[key]

    def move_value(self, bubble: data.Bubble) -> float:
        """This turn's move at the lever's speed, averaged over the driving test."""
        car, speed = self.car, bubble[1]
        if speed == 0:
            return self.position_value(car.lane, car.row, bubble)
        table, finish = self.routes(car.lane, car.row)
        to_finish = self.course.length + 1 - car.row
        ends = table[speed] if len(table) > speed else {}
        value = 0.0
        for allowed, p in allowance_distribution(speed):
            budget = allowed + car.tyres + self.extra_changes()
            if finish is not None and speed >= to_finish and finish <= budget:
                value += p * AI_WIN
                continue
            options = [
                speed
                + self.position_value(lane, car.row + speed, bubble)
                - AI_TYRE * max(0, need - allowed)
                for lane, need in ends.items()
                if need <= budget
            ]
            value += p * (max(options) if options else speed / 2 - self.crash_cost(speed))
        return value

    # dashboard -------------------------------------------------------------------------------
    def dashboard_plans(self) -> list[_Plan]:
        state, car = self.state, self.car
        brakes = car.brakes + state.move.chute
        if data.CHUTE in car.cards and state.move.chute == 0:
            brakes += data.CHUTE_DECELERATIONS
        brakes = min(brakes, AI_MAX_BRAKES)
        if state.phase == PHASE_DASH_POST:
            return _brake_plans(_Plan([], car.bubble, 0, 0.0), brakes, [GO])
        plans: list[_Plan] = []
        for before in _brake_plans(_Plan([], car.bubble, 0, 0.0), brakes, []):
            left = brakes - before.actions.count("brake")
            for main in _main_plans(before, car):
                if main.actions[-1].startswith("gear"):
                    plans += _brake_plans(main, left, [])
                else:
                    plans.append(main)
        return plans

    def plan_value(self, plan: _Plan) -> float:
        return self.move_value(plan.bubble) - heat_cost(self.car.temp, plan.heat_dice) - plan.cost

    def dashboard_action(self, legal: list[str]) -> str:
        car = self.car
        radiator = f"card {data.RADIATOR}"
        if radiator in legal and car.temp >= AI_RADIATOR_TEMP:
            return radiator
        best = max(self.dashboard_plans(), key=self.plan_value)
        first = best.actions[0] if best.actions else GO
        chute = f"card {data.CHUTE}"
        if (
            first == "brake"
            and chute in legal
            and (car.brakes == 0 or best.actions.count("brake") > 1)
        ):
            return chute
        return first if first in legal else legal[0]


def _brake_plans(plan: _Plan, brakes: int, tail: list[str]) -> list[_Plan]:
    """The plan followed by 0..``brakes`` decelerations, then ``tail``."""
    plans = [_Plan([*plan.actions, *tail], plan.bubble, plan.heat_dice, plan.cost)]
    current = plan
    for _ in range(brakes):
        lower = decelerated(current.bubble)
        if lower is None:
            break
        current = _Plan(
            [*current.actions, "brake"],
            lower,
            current.heat_dice + data.HEAT_DICE[heat_colour(lower)],
            current.cost + AI_BRAKE,
        )
        plans.append(_Plan([*current.actions, *tail], lower, current.heat_dice, current.cost))
    return plans


def _main_plans(plan: _Plan, car: Car) -> list[_Plan]:
    def extend(action: str, stops: list[data.Bubble], cost: float) -> _Plan:
        dice = sum(data.HEAT_DICE[heat_colour(b)] for b in stops)
        return _Plan([*plan.actions, action], stops[-1], plan.heat_dice + dice, plan.cost + cost)

    bubble = plan.bubble
    plans = [extend(HOLD, [bubble], 0.0)]
    plans[0].heat_dice = plan.heat_dice  # the lever does not move: no heat test
    chain = _acceleration_chain(bubble, 3) or _acceleration_chain(bubble, 2) or []
    if not chain and accelerated(bubble) is not None:
        chain = [accelerated(bubble) or bubble]
    if chain:
        plans.append(extend("accel", chain[:1], 0.0))
    if len(chain) >= 2 and car.turbos > 0:
        plans.append(extend("accel turbo", chain[:2], AI_TURBO))
        if len(chain) >= 3 and data.NITRO in car.cards:
            plans.append(extend("accel turbo nitro", chain[:3], AI_TURBO + AI_CARD))
    lower = decelerated(bubble)
    if lower is not None:
        plans.append(extend("decel", [lower], 0.0))
    for gear in gear_changes(bubble):
        plans.append(extend(f"gear {gear}", [(gear, bubble[1])], 0.0))
    return plans


def _next_turn_bubbles(bubble: data.Bubble, car: Car) -> list[tuple[data.Bubble, int, float]]:
    """Where the lever may be next turn: (bubble, heat dice, resource cost)."""
    options: list[tuple[data.Bubble, int, float]] = [(bubble, 0, 0.0)]
    up = accelerated(bubble)
    if up is not None:
        options.append((up, data.HEAT_DICE[heat_colour(up)], 0.0))
        up2 = accelerated(up)
        if up2 is not None and car.turbos > 0:
            dice = data.HEAT_DICE[heat_colour(up)] + data.HEAT_DICE[heat_colour(up2)]
            options.append((up2, dice, AI_TURBO))
    down, dice, cost = bubble, 0, 0.0
    for step in range(1 + min(car.brakes, AI_MAX_BRAKES - 1)):
        lower = decelerated(down)
        if lower is None:
            break
        down = lower
        dice += data.HEAT_DICE[heat_colour(down)]
        cost += AI_BRAKE if step else 0.0
        options.append((down, dice, cost))
    for gear in gear_changes(bubble):
        shifted = (gear, bubble[1])
        options.append((shifted, data.HEAT_DICE[heat_colour(shifted)], 0.0))
    return options


@dataclass(frozen=True)
class _Step:
    """One planned step: the lane stepped to and what it runs into."""

    lane: int
    kind: str  # "clean", "rock", "car", "wreck", "nails", "stop", "finish"


class _MovePlanner:
    """Best use of the movement points left, counting collisions at their expected cost."""

    def __init__(self, driver: _Driver, extra_changes: int = 0) -> None:
        self.driver = driver
        state = driver.state
        self.state = state
        self.car = driver.car
        self.start_row = self.car.row
        move = state.move
        self.allowance = UNLIMITED if move.changes is None else move.changes + extra_changes
        self.bullbar = move.bullbar or data.BULLBAR in self.car.cards
        self.memo: dict[tuple[int, int, int, int, int, bool], tuple[float, tuple[_Step, ...]]] = {}

    def best(self) -> tuple[float, tuple[_Step, ...]]:
        move, car = self.state.move, self.car
        return self.search(
            move.points, car.lane, car.row, self.allowance, car.tyres, move.free_change
        )

    def search(
        self, points: int, lane: int, row: int, allow: int, tyres: int, free: bool
    ) -> tuple[float, tuple[_Step, ...]]:
        allow = min(allow, points)  # changes beyond the points left cannot be used
        tyres = min(tyres, points - allow)
        key = (points, lane, row, allow, tyres, free)
        if key in self.memo:
            return self.memo[key]
        result: tuple[float, tuple[_Step, ...]]
        if points == 0:
            result = (self.rest(lane, row), ())
        else:
            options = [
                option
                for target in (lane, lane - 1, lane + 1)
                if 1 <= target <= data.LANES
                for option in [self.option(points, lane, row, allow, tyres, free, target)]
                if option is not None
            ]
            result = max(options, key=lambda option: option[0])
        self.memo[key] = result
        return result

    def rest(self, lane: int, row: int) -> float:
        driver = self.driver
        return row - self.start_row + driver.position_value(lane, row, self.car.bubble)

    def option(
        self, points: int, lane: int, row: int, allow: int, tyres: int, free: bool, target: int
    ) -> tuple[float, tuple[_Step, ...]] | None:
        state, driver, car = self.state, self.driver, self.car
        ahead = row + 1
        diagonal = target != lane
        finish = ahead > state.course.length
        cell = driver.cell(target, ahead)
        other = None if finish else driver.cars_at.get(cell)
        if diagonal and other is not None:
            return None
        free_ok = free and diagonal and not driver.is_blocked(target, ahead)
        if diagonal and not (free_ok or allow > 0 or tyres > 0):
            return None
        if not finish and state.course.is_rock(target, ahead):
            value, rest = self.search(points - 1, lane, row, allow, tyres, True)
            return value - driver.crash_cost(car.speed), (_Step(target, "rock"), *rest)
        cost = 0.0
        if diagonal and not free_ok:
            if allow > 0:
                allow -= 1
            else:
                tyres -= 1
                cost += AI_TYRE
        if finish:
            return AI_WIN - cost, (_Step(target, "finish"),)
        if other is not None:
            return self.ram_value(points, other) + self.rest(lane, row), (_Step(target, "car"),)
        if cell in driver.wrecks:
            if points == 1:
                return self.rest(lane, row), (_Step(target, "stop"),)
            value, rest = self.search(points - 1, target, ahead, allow, tyres, False)
            penalty = armour_test_cost(data.WRECK_TESTS, car.armour, HARD_FAIL)
            return value - cost - penalty, (_Step(target, "wreck"), *rest)
        kind = "clean"
        if cell in driver.nails:
            kind = "nails"
            cost += AI_TYRE if tyres > 0 else armour_test_cost(1, car.armour)
        value, rest = self.search(points - 1, target, ahead, allow, tyres, False)
        return value - cost, (_Step(target, kind), *rest)

    def ram_value(self, points: int, other: Car) -> float:
        own = max(0, points - data.BULLBAR_RAM_RELIEF) if self.bullbar else points
        theirs = points
        gain = _binomial_at_least(theirs, FAIL, other.armour + 1) * self.driver.kill_value
        gain += theirs * FAIL
        return gain - armour_test_cost(own, self.car.armour)


def _push_value(driver: _Driver, direction: str, victim: Car) -> float:
    """What a push is worth: the victim's expected damage (and wreck) against our own test."""
    state, car = driver.state, driver.car
    dice = data.BULLBAR_PUSH_DICE if state.move.bullbar else data.PUSH_ATTACK_DICE
    win = sum((1 - (defence / 6) ** dice) / 6 for defence in range(1, 7))
    lane = victim.lane + PUSH_DIRECTIONS[direction][0]
    blocker = state.car_at(lane, victim.row, besides=victim.seat)
    blocked = blocker is not None or state.course.is_rock(lane, victim.row)
    blocked = blocked or state.has_wreck(lane, victim.row)
    tests = data.WEDGED_TESTS if blocked else data.PUSH_TESTS
    wrecked = win * _binomial_at_least(tests, FAIL, victim.armour + 1)
    wrecked += (1 - win) * _binomial_at_least(data.PUSH_TESTS, FAIL, victim.armour + 1)
    value = wrecked * driver.kill_value + (win * tests + (1 - win) * data.PUSH_TESTS) * FAIL
    if blocker is not None:
        value += win * data.PUSH_TESTS * FAIL
    return value - armour_test_cost(data.PUSH_TESTS, car.armour)


def _move_action(state: RncState, seat: int, legal: list[str]) -> str:
    driver = _Driver(state, seat)
    car, move = driver.car, state.move
    value, steps = _MovePlanner(driver).best()
    spare = f"card {data.SPARE}"
    if spare in legal and not all(step.kind in ("clean", "finish") for step in steps):
        boosted, _ = _MovePlanner(driver, data.SPARE_TYRE_CHANGES).best()
        if boosted > value + AI_CARD:
            return spare
    bullbar = f"card {data.BULLBAR}"
    if steps and steps[0].kind == "car" and bullbar in legal:
        return bullbar
    for direction, victim in push_targets(state).items():
        if f"push {direction}" in legal and _push_value(driver, direction, victim) > AI_PUSH_MARGIN:
            return f"push {direction}"
    nails = f"card {data.NAILS}"
    if nails in legal and len(move.path) == 1 and _rival_behind(state, car):
        return nails
    if steps and all(step.kind in ("clean", "finish") for step in steps):
        end = steps[-1].lane
        for action in legal:
            lanes = action.split()[1].split(",") if action.startswith("drive ") else []
            if lanes and int(lanes[-1]) == end and len(lanes) == len(steps):
                return action
    if steps and f"step {steps[0].lane}" in legal:
        return f"step {steps[0].lane}"
    return next((a for a in legal if a.startswith(("drive", "step"))), legal[0])


def _rival_behind(state: RncState, car: Car) -> bool:
    return any(
        not other.out and other.seat != car.seat and 0 < car.row - other.row <= AI_LOOKAHEAD_ROWS
        for other in state.cars
    )


def _trade_action(state: RncState, seat: int, legal: list[str]) -> str:
    trade = state.trade
    assert trade is not None
    for offer in trade.offers:
        if offer["to"] != seat:
            continue
        gain = AI_CARD_VALUES[offer["give"]] - AI_CARD_VALUES[offer["want"]]
        accept = f"accept {offer['from']}"
        return accept if gain > 0 and accept in legal else f"refuse {offer['from']}"
    return "cancel" if "cancel" in legal else "ready"


def _grid_action(state: RncState, seat: int, legal: list[str], rng: random.Random) -> str:
    driver = _Driver(state, seat)

    def score(action: str) -> tuple[int, int, int, float]:
        _, label, lane = action.split()
        row = grid_row(int(label))
        table, _ = driver.routes(int(lane), row)
        need = min(table[-1].values()) if table[-1] else UNLIMITED
        centre = abs(2 * int(lane) - data.LANES - 1)
        return (row, -len(table), -need - centre, rng.random())

    return max(legal, key=score)


def choose_action(state: RncState, seat: int, rng: random.Random) -> str:
    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_TRADE:
        return _trade_action(state, seat, legal)
    if state.phase == PHASE_GRID:
        return _grid_action(state, seat, legal, rng)
    if state.phase == PHASE_MOVE:
        return _move_action(state, seat, legal)
    return _Driver(state, seat).dashboard_action(legal)


GAME = RushNCrush()


# --- what a dashboard shows ---------------------------------------------------------------
Bubble = tuple[int, int]


def reachable_bubbles(car: Mapping[str, Any], phase: str) -> set[Bubble]:
    """Where the lever of the car on turn may go this turn (its Nitro and Drag chute cards
    are hidden, so not counted): one action (accelerate, with one turbo; decelerate; change
    gear; hold) with brake tokens spent before or after it."""
    start = (int(car["gear"]), int(car["speed"]))
    brakes = int(car["brakes"])

    def down(bubble: Bubble, steps: int) -> list[Bubble]:
        found = [bubble]
        for _ in range(steps):
            lower = decelerated(found[-1])
            if lower is None:
                break
            found.append(lower)
        return found

    if phase == "dash_post":
        return set(down(start, brakes))
    if phase != "dash":
        return set()
    reach: set[Bubble] = set()
    for before, first in enumerate(down(start, brakes)):
        mains = [first, *[(gear, first[1]) for gear in gear_changes(first)]]
        lower = decelerated(first)
        if lower is not None:
            mains.append(lower)
        up = accelerated(first)
        if up is not None:
            mains.append(up)
            turbo = accelerated(up)
            if turbo is not None and int(car["turbos"]) > 0:
                mains.append(turbo)
        for main in mains:
            reach.update(down(main, brakes - before))
    return reach
