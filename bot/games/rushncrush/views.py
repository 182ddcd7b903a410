"""What a seat may know of a race, typed: the public view (``view(state, None)``, what
everyone sees: the board, the dashboards, how many cards each car holds) and a seat's view
(the public one plus its hand, its standing orders, its private events and its trades).
The renderer and the cog read these types; ``public_view`` and ``seat_view`` build them.

Events (``events``: what the last action did) stay loosely typed: a ``type`` and its
parameters, listed in the package's docstring; ``last_rolls`` are the roll events of the
last action that threw dice.
"""

from __future__ import annotations

import copy
from typing import Any, Literal, NotRequired, TypedDict, cast

from bot.games.rushncrush import data
from bot.games.rushncrush.gearbox import Bubble, accelerated, decelerated, gear_changes, heat_colour
from bot.games.rushncrush.state import (
    PHASE_DASH,
    PHASE_DASH_POST,
    PHASE_MOVE,
    Car,
    Json,
    Phase,
    RncState,
    to_act,
)

#: An event: ``{"type": ..., **params}``.
Event = dict[str, Any]


class CourseView(TypedDict):
    name: str
    faces: list[str]
    laps: int
    loop_rows: int
    length: int
    grid_rows: int
    lanes: int
    rocks: list[list[int]]  # [lane, physical row]


class CarView(TypedDict):
    """A car as everyone sees it: its place, its dashboard, its supplies."""

    seat: int
    placed: bool
    lane: int
    row: int  # absolute (a loop's laps unrolled)
    lap: int
    out: bool
    gear: int
    speed: int
    heat: str  # the bubble's heat colour: W, Y, O or R
    temp: int
    armour: int
    tyres: int
    brakes: int
    turbos: int
    cards: int  # how many; which ones only the seat's own view tells


class LeverView(TypedDict):
    """What ``reachable_bubbles`` reads of a car: its lever and the tokens that move it (a
    ``CarView`` is one)."""

    gear: int
    speed: int
    brakes: int
    turbos: int


class MoveView(TypedDict):
    """The move being made (only in the move phase)."""

    seat: int
    points: int
    changes: int | None  # lane changes left; None = unlimited
    free_change: bool
    bullbar: bool
    chute: int
    path: list[list[int]]  # [lane, row] cells from the start of the move


class PathView(TypedDict):
    seat: int
    path: list[list[int]]


class RollEvent(TypedDict):
    """A ``roll`` event: whose test, which test, the dice, what they came to."""

    type: str
    seat: int
    test: str
    dice: list[int]
    result: int


#: An offer as everyone sees it: who offers a trade to whom, not the cards.
PublicOffer = TypedDict("PublicOffer", {"from": int, "to": int})
#: An offer as its two seats see it, with the cards.
TradeOffer = TypedDict("TradeOffer", {"from": int, "to": int, "give": str, "want": str})


class TradeDraft(TypedDict):
    """An offer being written: to whom, and the card given once chosen."""

    to: int
    give: str | None


class MyTrading(TypedDict):
    draft: TradeDraft | None
    offers: list[TradeOffer]  # the offers this seat sent or received


class TradingView(TypedDict):
    ready: list[bool]
    offers: list[PublicOffer]
    mine: NotRequired[MyTrading]  # in a seat's own view only


class OutcomeView(TypedDict):
    winners: list[int]
    reason: str  # finish, last_car, all_out


class RncPublicView(TypedDict):
    """``view(state, None)``."""

    game: Literal["rushncrush"]
    phase: Phase
    round: int
    turn: int | None  # the seat driving, else None
    course: CourseView
    wrecks: list[list[int]]  # [lane, physical row, seat]; seat -1: a scenery wreck
    nails: list[list[int]]  # [lane, physical row]
    cars: list[CarView]
    order: list[int]  # this round's race order
    draw_order: list[int]  # the order of grid picks
    move: MoveView | None
    last_path: PathView | None  # the last move
    last_rolls: list[RollEvent]
    trading: TradingView | None
    events: list[Event]
    to_act: list[int]
    outcome: OutcomeView | None


class RncSeatView(RncPublicView):
    """``view(state, seat)``: the public view, this seat's private events, and these."""

    seat: int
    hand: list[str]  # its cards
    orders: dict[str, str]  # its standing orders: key -> setting


# --- building them ------------------------------------------------------------------------------
def _car_view(state: RncState, car: Car) -> CarView:
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


def public_view(state: RncState) -> RncPublicView:
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
        "last_path": _path_view(state.last_path),
        "last_rolls": cast("list[RollEvent]", copy.deepcopy(state.last_rolls)),
        "trading": _trade_public(state),
        "events": [e for e in copy.deepcopy(state.events) if "private_to" not in e],
        "to_act": sorted(to_act(state)),
        "outcome": _outcome_view(state.outcome),
    }


def _path_view(last_path: Json | None) -> PathView | None:
    if last_path is None:
        return None
    return {"seat": last_path["seat"], "path": [list(cell) for cell in last_path["path"]]}


def _outcome_view(outcome: Json | None) -> OutcomeView | None:
    if outcome is None:
        return None
    return {"winners": list(outcome["winners"]), "reason": outcome["reason"]}


def _trade_public(state: RncState) -> TradingView | None:
    if state.trade is None:
        return None
    return {
        "ready": list(state.trade.ready),
        "offers": [{"from": o["from"], "to": o["to"]} for o in state.trade.offers],
    }


def seat_view(state: RncState, seat: int) -> RncSeatView:
    """The public view with what this seat alone may know."""
    view: RncSeatView = {
        **public_view(state),
        "seat": seat,
        "hand": list(state.cars[seat].cards),
        "orders": dict(state.cars[seat].orders),
    }
    view["events"] = [
        {k: v for k, v in e.items() if k != "private_to"}
        for e in state.events
        if e.get("private_to", seat) == seat
    ]
    trading = view["trading"]
    if state.trade is not None and trading is not None:
        draft = state.trade.drafts.get(seat)
        view["trading"] = {
            **trading,
            "mine": {
                "draft": None if draft is None else {"to": draft["to"], "give": draft["give"]},
                "offers": [
                    {"from": o["from"], "to": o["to"], "give": o["give"], "want": o["want"]}
                    for o in state.trade.offers
                    if seat in (o["from"], o["to"])
                ],
            },
        }
    return view


# --- what a dashboard shows ---------------------------------------------------------------
def reachable_bubbles(car: LeverView, phase: str) -> set[Bubble]:
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
