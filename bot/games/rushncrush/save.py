"""Saving a race: ``dump`` gives the whole state as JSON-safe data with a schema version,
``load`` reads it back (``load(dump(s))`` gives ``s``)."""

from __future__ import annotations

from typing import Any

from bot.games.base import deep_copy
from bot.games.rushncrush.course import Course
from bot.games.rushncrush.rules import resolve_test, run
from bot.games.rushncrush.state import Car, Move, RncState, Trade

SCHEMA_VERSION = 2


def dump(state: RncState) -> dict[str, Any]:
    """The state as JSON-safe data, sharing nothing with it."""
    return deep_copy(
        {
            "schema": SCHEMA_VERSION,
            "players": state.players,
            "rng": state.rng,
            "course": {
                "name": state.course.name,
                "faces": list(state.course.faces),
                "laps": state.course.laps,
            },
            "cars": [vars(car) for car in state.cars],
            "phase": state.phase,
            "current": state.current,
            "order": list(state.order),
            "turn_index": state.turn_index,
            "round": state.round,
            "draw_order": list(state.draw_order),
            "wrecks": state.wrecks,
            "nails": state.nails,
            "move": vars(state.move),
            "queue": state.queue,
            "events": state.events,
            "outcome": state.outcome,
            "trade": None
            if state.trade is None
            else {
                "ready": list(state.trade.ready),
                "offers": state.trade.offers,
                "drafts": [[s, dict(d)] for s, d in sorted(state.trade.drafts.items())],
            },
            "arrivals": state.arrivals,
            "last_path": state.last_path,
            "last_rolls": state.last_rolls,
            "loaded_dice": list(state.loaded_dice),
        }
    )


def load(data_in: dict[str, Any]) -> RncState:
    """A dumped state; a version 1 dump (reaction windows) loads with any pending
    reaction answered by its default: the throw stands."""
    schema = data_in.get("schema")
    if schema not in (1, SCHEMA_VERSION):
        raise ValueError("Unknown Rush'n'Crush save format.")
    state = _load(data_in)
    pending = data_in.get("reaction") if schema == 1 else None
    if pending is not None:
        resolve_test(state, pending)
        run(state)
    return state


def _load(data_in: dict[str, Any]) -> RncState:
    """The state made of ``data_in`` itself (as every engine's ``load``: the store reads
    each state afresh)."""
    course = data_in["course"]
    trade = data_in["trade"]
    return RncState(
        players=data_in["players"],
        rng=data_in["rng"],
        course=Course(course["name"], tuple(course["faces"]), course["laps"]),
        cars=[Car(**car) for car in data_in["cars"]],
        phase=data_in["phase"],
        current=data_in["current"],
        order=list(data_in["order"]),
        turn_index=data_in["turn_index"],
        round=data_in["round"],
        draw_order=list(data_in["draw_order"]),
        wrecks=data_in["wrecks"],
        nails=data_in["nails"],
        move=Move(**data_in["move"]),
        queue=data_in["queue"],
        events=data_in["events"],
        outcome=data_in["outcome"],
        trade=None
        if trade is None
        else Trade(
            ready=list(trade["ready"]),
            offers=trade["offers"],
            drafts={s: dict(d) for s, d in trade["drafts"]},
        ),
        arrivals=data_in["arrivals"],
        last_path=data_in["last_path"],
        last_rolls=data_in.get("last_rolls", []),
        loaded_dice=list(data_in["loaded_dice"]),
    )
