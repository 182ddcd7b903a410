"""The driver's turn: the dashboard (the lever, brakes, the Drag chute), the equipment cards
played on the driver's own turn, and the move (drives, steps, lane changes, rams, pushes)."""

from __future__ import annotations

from bot.games.rushncrush import data
from bot.games.rushncrush.gearbox import accelerated, decelerated, gear_changes, heat_colour
from bot.games.rushncrush.rules import (
    can_brake,
    emit,
    queue_move_start,
    roll_dice,
    run_over_nails,
    run_queue,
)
from bot.games.rushncrush.state import (
    ARMOUR,
    GO,
    HARD,
    HOLD,
    PHASE_DASH,
    PUSH_ATTACK,
    PUSH_DEFEND,
    PUSH_DIRECTIONS,
    ROCK,
    Car,
    Json,
    RncState,
)


# --- dashboard ----------------------------------------------------------------------------------
def _lever_op(seat: int, bubble: data.Bubble, via: str) -> Json:
    return {"op": "lever", "seat": seat, "gear": bubble[0], "speed": bubble[1], "via": via}


def acceleration_chain(bubble: data.Bubble, steps: int) -> list[data.Bubble] | None:
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
            if car.turbos > 0 and acceleration_chain(car.bubble, 2):
                actions.append("accel turbo")
                if data.NITRO in car.cards and acceleration_chain(car.bubble, 3):
                    actions.append("accel turbo nitro")
        if decelerated(car.bubble) is not None:
            actions.append("decel")
        actions += [f"gear {g}" for g in gear_changes(car.bubble)]
        actions.append(HOLD)
    else:
        actions.append(GO)
    if can_brake(state):
        actions.append("brake")
    if data.CHUTE in car.cards and move.chute == 0 and decelerated(car.bubble) is not None:
        actions.append(f"card {data.CHUTE}")
    if data.RADIATOR in car.cards and car.temp > 0:
        actions.append(f"card {data.RADIATOR}")
    return actions


def apply_dashboard(state: RncState, action: str) -> None:
    car, seat = state.mover, state.current
    if action == "brake":
        via = "chute" if state.move.chute > 0 else "brake"
        state.queue.append(_lever_op(seat, _down(car.bubble), via))
        return
    if action == GO:
        queue_move_start(state)
        return
    if action.startswith("accel"):
        steps = len(action.split())
        chain = acceleration_chain(car.bubble, steps) or []
        vias = ["accel", "turbo", data.NITRO][:steps]
        state.queue += [_lever_op(seat, b, via) for b, via in zip(chain, vias, strict=True)]
    elif action == "decel":
        state.queue.append(_lever_op(seat, _down(car.bubble), "decel"))
    elif action.startswith("gear"):
        state.move.gear_changed = True
        state.queue.append(_lever_op(seat, (int(action.split()[1]), car.speed), "gear"))
    else:
        emit(
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
def play_card(state: RncState, seat: int, kind: str) -> None:
    car = state.cars[seat]
    car.cards.remove(kind)
    emit(state, "card", seat=seat, kind=kind)
    if kind == data.RADIATOR:
        car.temp = max(0, car.temp - data.RADIATOR_COOLING)
        emit(state, "temperature", seat=seat, temp=car.temp, rise=0)
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
        emit(state, "tyre", seat=car.seat, left=car.tyres)


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
        emit(state, "crash", seat=car.seat, into="rock", lane=lane, row=row)
        state.queue.append({"op": "test", "seat": car.seat, "kind": ROCK, "speed": car.speed})
    elif target is not None:
        _ram(state, target, left)
    elif row <= state.course.length and state.has_wreck(lane, row) and move.points == 0:
        emit(state, "behind_wreck", seat=car.seat, lane=car.lane, row=car.row)
    else:
        if lane != car.lane:
            _pays_lane_change(state, free)
        if row <= state.course.length and state.has_wreck(lane, row):
            emit(state, "crash", seat=car.seat, into="wreck", lane=lane, row=row)
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
    emit(
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
    attack_dice_thrown = roll_dice(state, attack_dice)
    defence_dice = roll_dice(state, data.PUSH_DEFEND_DICE)
    attack, defence = max(attack_dice_thrown), max(defence_dice)
    _emit_dice(state, car.seat, PUSH_ATTACK, attack_dice_thrown)
    _emit_dice(state, victim.seat, PUSH_DEFEND, defence_dice)
    emit(
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
        emit(state, "push_result", result="held", seat=car.seat, other=victim.seat)
        move.held.append(victim.seat)  # a failed push may not be tried again this move
        tests.append((victim.seat, data.PUSH_TESTS))
    elif state.course.is_rock(lane, victim.row) or state.has_wreck(lane, victim.row) or blocker:
        emit(
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
        emit(state, "push_result", result="pushed", seat=car.seat, other=victim.seat, lane=lane)
        run_over_nails(state, victim)
        tests.append((victim.seat, data.PUSH_TESTS))
    for seat, count in tests:
        state.queue.append({"op": "test", "seat": seat, "kind": ARMOUR, "count": count})


def _emit_dice(state: RncState, seat: int, kind: str, dice: list[int]) -> None:
    emit(state, "roll", seat=seat, test=kind, dice=dice, result=max(dice))


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


def apply_move(state: RncState, action: str) -> None:
    word, _, rest = action.partition(" ")
    if word == "drive":
        for lane in map(int, rest.split(",")):
            _step(state, lane)
            run_queue(state)
            if state.outcome is not None:
                return
    elif word == "step":
        lane = int(rest)
        emit(state, "step", seat=state.current, lane=lane, row=state.mover.row + 1)
        _step(state, lane)
    elif word == "push":
        _push(state, rest)
    else:
        play_card(state, state.current, rest.split()[-1])
