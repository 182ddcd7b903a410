"""The AI driver (``bot_action``): it weighs speed against heat, armour and tyres, plans the
dashboard and the move by their expected value, and trades and picks its grid place."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from bot.games.base import SeededRng, deep_copy
from bot.games.rushncrush import data
from bot.games.rushncrush.course import Cell
from bot.games.rushncrush.course import _loop_rocks as loop_rocks  # (lane, physical row)
from bot.games.rushncrush.driving import (
    acceleration_chain,
    push_targets,
)
from bot.games.rushncrush.gearbox import accelerated, decelerated, gear_changes, heat_colour
from bot.games.rushncrush.start import grid_row, offer_words
from bot.games.rushncrush.state import (
    GO,
    HOLD,
    PHASE_DASH,
    PHASE_DASH_POST,
    PHASE_GRID,
    PHASE_MOVE,
    PHASE_TRADE,
    PUSH_DIRECTIONS,
    Car,
    RncState,
    default_orders,
)

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
#: A degree of temperature costs this plus the degrees already there. At 2.0 the AI changed
#: gear twice as often as a greedy player and drove fewer rows a turn; at 1.0 it beat the
#: 2.0 AI in 83 of 100 races (0.0 and 0.5 did no better than 1.0).
AI_HEAT_BASE = 1.0
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


def heat_cost(temp: float, dice: int, base: float | None = None) -> float:
    """Expected cost of ``dice`` heat dice at temperature ``temp``: the explosion, and each
    degree at ``base`` (``AI_HEAT_BASE`` by default) plus the degrees already there."""
    if dice == 0:
        return 0.0
    base = AI_HEAT_BASE if base is None else base
    explode = _binomial_at_least(dice, FAIL, math.ceil(data.EXPLOSION_TEMPERATURE - temp))
    return explode * AI_DEATH + dice * FAIL * (base + temp)


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


@dataclass(frozen=True)
class Style:
    """How far a driver looks and how it weighs heat: the normal AI's, or hard's."""

    lookahead: int = 1  # turns after this one that position values look at
    heat_base: float | None = None  # a degree of temperature (None: ``AI_HEAT_BASE``)
    track_heat: bool = False  # later turns' heat costs count the heat expected by then


NORMAL = Style()
#: Hard looks two turns ahead; seeing further, it may take more heat (in 150 races against
#: the normal AI: heat 0.5 won 59% of 100, 0.25 57%, 0.0 56%; three turns ahead 57%). Three
#: turns ahead and heat 0.25 choose exactly as this does: those figures differ by the dice.
HARD = Style(lookahead=2, heat_base=0.5)


@dataclass
class _Plan:
    """A dashboard plan: the actions in order, where the lever ends, its cost so far."""

    actions: list[str]
    bubble: data.Bubble
    heat_dice: int
    cost: float


class _Driver:
    """The AI's look at one position, for one seat; caches routes and position values."""

    def __init__(self, state: RncState, seat: int, style: Style | None = None) -> None:
        self.state = state
        self.style = style or NORMAL
        self.lookahead = self.style.lookahead
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
        self.length = self.course.length
        self.loop_rows = self.course.loop_rows
        self.rocks = loop_rocks(self.course.faces)
        self.routes_cache: dict[Cell, tuple[list[dict[int, int]], int | None]] = {}
        self.position_cache: dict[tuple[int, int, data.Bubble, int, float], float] = {}
        rivals = sum(1 for c in state.cars if not c.out and c.seat != seat)
        self.kill_value = AI_KILL_DUEL if rivals == 1 else AI_KILL_CROWD

    # routes ----------------------------------------------------------------------------------
    def is_blocked(self, lane: int, row: int) -> bool:
        """Rock (or off the road), a car, a wreck or nails: what ``Course.is_rock`` and the
        state say, read from sets made once."""
        if row > self.length:
            return False
        if not 1 <= lane <= data.LANES:
            return True
        if row <= 0:
            return (lane, row) in self.blocked
        cell = (lane, (row - 1) % self.loop_rows + 1)
        return cell in self.rocks or cell in self.blocked

    def cell(self, lane: int, row: int) -> Cell:
        return (lane, row if row <= 0 else (row - 1) % self.loop_rows + 1)

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
            if target > self.length:
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
        to_finish = self.length + 1 - row
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

    def position_value(
        self,
        lane: int,
        row: int,
        bubble: data.Bubble,
        turns: int | None = None,
        temp: float | None = None,
    ) -> float:
        """The best next turn from a cell with the lever on ``bubble``, discounted; looking
        ``turns`` turns ahead (the driver's ``lookahead`` by default): after the first,
        each next turn's move is weighed by where it may end and what follows from there.
        ``temp``: the temperature expected then (the car's by default)."""
        turns = self.lookahead if turns is None else turns
        temp = self.car.temp if temp is None else temp
        key = (lane, row, bubble, turns, round(temp, 2))
        if key not in self.position_cache:
            options = [
                (
                    self.quick_value(lane, row, nxt[1])
                    if turns <= 1
                    else self.move_value_at(lane, row, nxt, turns - 1, self._warmer(temp, dice))
                )
                - heat_cost(temp, dice, self.style.heat_base)
                - cost
                for nxt, dice, cost in _next_turn_bubbles(bubble, self.car)
            ]
            self.position_cache[key] = AI_FUTURE * max(options)
        return self.position_cache[key]

    def _warmer(self, temp: float, dice: int) -> float:
        """The temperature after ``dice`` heat dice, on average, if the style tracks it."""
        return temp + dice * FAIL if self.style.track_heat else temp

    def move_value(self, bubble: data.Bubble, heat_dice: int = 0) -> float:
        """This turn's move at the lever's speed, averaged over the driving test (the lever
        having thrown ``heat_dice`` heat dice on its way)."""
        temp = self._warmer(self.car.temp, heat_dice)
        return self.move_value_at(self.car.lane, self.car.row, bubble, self.lookahead, temp)

    def move_value_at(
        self, lane: int, row: int, bubble: data.Bubble, turns: int, temp: float | None = None
    ) -> float:
        """A move from a cell at the lever's speed, averaged over the driving test, and
        then ``turns`` turns more (``position_value``)."""
        car, speed = self.car, bubble[1]
        if speed == 0:
            return self.position_value(lane, row, bubble, turns, temp)
        table, finish = self.routes(lane, row)
        to_finish = self.length + 1 - row
        ends = table[speed] if len(table) > speed else {}
        value = 0.0
        for allowed, p in allowance_distribution(speed):
            budget = allowed + car.tyres + self.extra_changes()
            if finish is not None and speed >= to_finish and finish <= budget:
                value += p * AI_WIN
                continue
            options = [
                speed
                + self.position_value(end, row + speed, bubble, turns, temp)
                - AI_TYRE * max(0, need - allowed)
                for end, need in ends.items()
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
        heat = heat_cost(self.car.temp, plan.heat_dice, self.style.heat_base)
        return self.move_value(plan.bubble, plan.heat_dice) - heat - plan.cost

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
    chain = acceleration_chain(bubble, 3) or acceleration_chain(bubble, 2) or []
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


def _move_action(state: RncState, seat: int, legal: list[str], style: Style = NORMAL) -> str:
    driver = _Driver(state, seat, style)
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
        accept = f"accept {offer_words(offer)}"
        return accept if gain > 0 and accept in legal else f"refuse {offer_words(offer)}"
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


def choose_action(
    state: RncState, seat: int, rng: random.Random, legal: list[str], style: Style = NORMAL
) -> str:
    """The AI's action for this seat among its legal actions ``legal``, driving in ``style``
    (the normal AI's by default)."""
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_TRADE:
        return _trade_action(state, seat, legal)
    if state.phase == PHASE_GRID:
        return _grid_action(state, seat, legal, rng)
    if state.phase == PHASE_MOVE:
        return _move_action(state, seat, legal, style)
    return _Driver(state, seat, style).dashboard_action(legal)


def determinize(state: RncState, seat: int, rng: random.Random) -> RncState:
    """A race ``seat`` cannot tell from ``state``: the other cars' cards dealt again at random
    from the equipment it cannot see (the whole deck but its own hand, in a fixed order),
    each car keeping its number of cards, their standing orders the defaults, dice loaded
    in advance forgotten and the random generator reseeded."""
    world = deep_copy(state)
    unseen = Counter({kind: data.COPIES_PER_KIND for kind in data.CARD_KINDS})
    unseen.subtract(state.cars[seat].cards)
    pool = [kind for kind in data.CARD_KINDS for _ in range(max(0, unseen[kind]))]
    rng.shuffle(pool)
    for car in world.cars:
        if car.seat == seat:
            continue
        count = len(car.cards)
        car.cards = sorted(pool[:count])
        del pool[:count]
        car.orders = default_orders()
    world.loaded_dice = []
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


# --- levels ----------------------------------------------------------------------------------
#: Easy takes any dashboard plan worth at most this many rows less than the best one (so
#: never a real risk of blowing up), and drives without pushing or dropping nails.
EASY_SLACK = 2.0
EASY_SKIPS = ("push ", f"card {data.NAILS}", f"card {data.BULLBAR}")


def level_action(
    state: RncState, seat: int, rng: random.Random, legal: list[str], level: str
) -> str:
    """The AI's action at ``level``: ``easy``, ``normal`` or ``hard`` (``HARD``: a deeper
    expectimax over the lever's plans, two turns ahead, the driving tests averaged)."""
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        return easy_action(state, seat, rng, legal)
    if level == "hard":
        return choose_action(state, seat, rng, legal, HARD)
    return choose_action(state, seat, rng, legal)


def easy_action(state: RncState, seat: int, rng: random.Random, legal: list[str]) -> str:
    """A beginner's drive: a fair dashboard plan (not the best), no pushing, no nails."""
    if state.phase == PHASE_MOVE:
        plain = [a for a in legal if not a.startswith(EASY_SKIPS)]
        return choose_action(state, seat, rng, plain or legal)
    if state.phase in (PHASE_DASH, PHASE_DASH_POST):
        driver = _Driver(state, seat)
        values: dict[str, float] = {}
        for plan in driver.dashboard_plans():
            first = plan.actions[0] if plan.actions else GO
            if first in legal:
                values[first] = max(values.get(first, -AI_WIN), driver.plan_value(plan))
        if values:
            best = max(values.values())
            return rng.choice(sorted(a for a, v in values.items() if v >= best - EASY_SLACK))
    return choose_action(state, seat, rng, legal)
