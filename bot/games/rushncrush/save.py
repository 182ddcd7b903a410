"""Saving a race: ``dump`` gives the whole state as JSON-safe data with a schema version,
``load`` reads it back (``load(dump(s))`` gives ``s``)."""

from __future__ import annotations

import copy
from typing import Any

from bot.games.rushncrush.course import Course
from bot.games.rushncrush.rules import resolve_test, run
from bot.games.rushncrush.state import Car, Move, RncState, Trade

SCHEMA_VERSION = 2


def dump(state: RncState) -> dict[str, Any]:
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


def load(data_in: dict[str, Any]) -> RncState:
    """A dumped state; a version 1 dump (reaction windows) loads with any pending
    reaction answered by its default: the throw stands."""
    schema = data_in.get("schema")
    if schema not in (1, SCHEMA_VERSION):
        raise ValueError("Unknown Rush'n'Crush save format.")
    state = _load(data_in)
    pending = data_in.get("reaction") if schema == 1 else None
    if pending is not None:
        resolve_test(state, copy.deepcopy(pending))
        run(state)
    return state


def _load(data_in: dict[str, Any]) -> RncState:
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
