"""Fireship's save format: ``dump`` and ``load`` of the state, JSON-safe, versioned."""

from __future__ import annotations

import copy
from typing import Any, cast

from bot.games.base import Outcome
from bot.games.fireship import data
from bot.games.fireship.data import Cell
from bot.games.fireship.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PHASES,
    READABLE_SCHEMAS,
    SCHEMA_VERSION,
    Event,
    FireshipState,
    Json,
    Pawn,
    Phase,
    SeatState,
)


# --- Save format ------------------------------------------------------------------------
def _cell_or_none(value: Any) -> Cell | None:
    if value is None:
        return None
    cell = data.parse_cell(value)
    if cell is None:
        raise ValueError(f"Bad cell {value!r}.")
    return cell


def dump_state(state: FireshipState) -> Json:
    return {
        "schema": SCHEMA_VERSION,
        "players": state.players,
        "rng": state.rng,
        "rounds_limit": state.rounds_limit,
        "first": state.first,
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
        "pawns": [
            [
                p.id,
                p.seat,
                p.kind,
                None if p.cell is None else data.cell_name(p.cell),
                None if p.last_special is None else data.cell_name(p.last_special),
            ]
            for p in state.pawns.values()
        ],
        "islands": list(state.islands),
        "seats": [
            {
                "pool": dict(s.pool),
                "hand": list(s.hand),
                "badges": dict(s.badges),
                "orders": dict(s.orders),
                "skip": s.skip,
                "fog": s.fog,
                "out": s.out,
                "numbered": s.numbered,
            }
            for s in state.seats
        ],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "badge_supply": dict(state.badge_supply),
        "start_rolls": [list(r) for r in state.start_rolls],
        "dice": list(state.dice),
        "points": state.points,
        "fast": list(state.fast),
        "leaders": list(state.leaders),
        "attacked": state.attacked,
        "whirlpools": [[s, data.cell_name(c)] for s, c in state.whirlpools],
        "squares": list(state.squares),
        "queue": copy.deepcopy(state.queue),
        "pending": copy.deepcopy(state.pending),
        "trail": copy.deepcopy(state.trail),
        "previous_trail": copy.deepcopy(state.previous_trail),
        "events": [[e.public, e.owner, e.secret] for e in state.events],
        "outcome": None
        if state.outcome is None
        else [list(state.outcome.winners), state.outcome.reason],
        "loaded": list(state.loaded),
    }


def load_state(raw: Json) -> FireshipState:
    """A saved state; a save of an earlier format is brought up to date (schema 1 had no
    special-squares step: its queued squares, if any, are still used as they were)."""
    if not isinstance(raw, dict) or raw.get("schema") not in READABLE_SCHEMAS:
        raise ValueError("Unknown Fireship save format.")
    players = int(raw["players"])
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("Bad number of players.")
    pawns = {}
    for pid, seat, kind, cell, last in raw["pawns"]:
        if kind not in data.KINDS or not -1 <= seat < players:
            raise ValueError(f"Bad pawn {pid!r}.")
        pawns[str(pid)] = Pawn(str(pid), int(seat), kind, _cell_or_none(cell), _cell_or_none(last))
    seats = [
        SeatState(
            pool={k: int(s["pool"][k]) for k in data.KINDS},
            hand=[str(c) for c in s["hand"]],
            badges={k: int(s["badges"][k]) for k in data.BADGE_KINDS},
            orders={str(k): bool(v) for k, v in s["orders"].items()},
            skip=bool(s["skip"]),
            fog=bool(s["fog"]),
            out=bool(s["out"]),
            numbered=int(s["numbered"]),
        )
        for s in raw["seats"]
    ]
    islands = [int(owner) for owner in raw["islands"]]
    if len(seats) != players or len(islands) != len(data.ISLAND_IDS):
        raise ValueError("Bad seats or islands.")
    if raw["phase"] not in PHASES:
        raise ValueError("Bad phase.")
    outcome = raw["outcome"]
    return FireshipState(
        players=players,
        rng=int(raw["rng"]),
        rounds_limit=int(raw["rounds_limit"]),
        first=int(raw["first"]),
        turn=int(raw["turn"]),
        round=int(raw["round"]),
        phase=cast(Phase, str(raw["phase"])),
        pawns=pawns,
        islands=islands,
        seats=seats,
        deck=[str(c) for c in raw["deck"]],
        discard=[str(c) for c in raw["discard"]],
        badge_supply={k: int(raw["badge_supply"][k]) for k in data.BADGE_KINDS},
        start_rolls=[[int(v) for v in r] for r in raw["start_rolls"]],
        dice=[int(v) for v in raw["dice"]],
        points=int(raw["points"]),
        fast=[str(k) for k in raw["fast"]],
        leaders=[str(k) for k in raw["leaders"]],
        attacked=bool(raw["attacked"]),
        whirlpools=[(int(s), _checked_cell(c)) for s, c in raw["whirlpools"]],
        squares=[str(p) for p in raw["squares"]] if raw["schema"] >= 2 else [],
        queue=copy.deepcopy(list(raw["queue"])),
        pending=copy.deepcopy(raw["pending"]),
        trail=copy.deepcopy(list(raw["trail"])),
        previous_trail=copy.deepcopy(list(raw["previous_trail"])),
        events=[Event(dict(p), o, dict(s)) for p, o, s in raw["events"]],
        outcome=None
        if outcome is None
        else Outcome(tuple(int(w) for w in outcome[0]), str(outcome[1])),
        loaded=[int(v) for v in raw["loaded"]],
    )


def _checked_cell(value: Any) -> Cell:
    cell = _cell_or_none(value)
    if cell is None:
        raise ValueError("Missing cell.")
    return cell
