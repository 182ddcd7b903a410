"""A race in progress: the cars, the turn's bookkeeping, the trading table, the whole state;
``scenario`` builds positions for tests, ``race_order`` and ``to_act`` read them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from bot.games.rushncrush import data
from bot.games.rushncrush.course import Cell, Course, course_from_options

Json = dict[str, Any]

Phase = Literal["trade", "grid", "dash", "dash_post", "move", "over"]
PHASE_TRADE: Final = "trade"
PHASE_GRID: Final = "grid"
PHASE_DASH: Final = "dash"
PHASE_DASH_POST: Final = "dash_post"
PHASE_MOVE: Final = "move"
PHASE_OVER: Final = "over"
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


def default_orders() -> dict[str, str]:
    return {key: default for key, (_, _, default) in data.ORDERS.items()}


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
    phase: Phase
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
    phase: Phase = PHASE_DASH,
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


def to_act(state: RncState) -> frozenset[int]:
    """The seats that may act now: every seat still trading, the next grid pick, or the
    driver; none once the race is over."""
    if state.outcome is not None:
        return frozenset()
    if state.phase == PHASE_TRADE:
        assert state.trade is not None
        return frozenset(s for s, ready in enumerate(state.trade.ready) if not ready)
    if state.phase == PHASE_GRID:
        placed = sum(1 for car in state.cars if car.placed)
        return frozenset({state.draw_order[placed]})
    return frozenset({state.current})
