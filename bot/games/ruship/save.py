"""Ruship's saved form: ``dump_state`` gives JSON-safe data with a schema version,
``load_state`` the state back (``load_state(dump_state(s)) == s``)."""

from __future__ import annotations

from typing import Any, cast

from bot.games.ruship.rules import SCHEMA_VERSION, RushipState
from bot.games.ruship.views import MoveRecord, Phase


def dump_state(state: RushipState) -> dict[str, Any]:
    return {
        "schema": SCHEMA_VERSION,
        "rng_state": state.rng_state,
        "first_player": state.first_player,
        "start_rolls": [list(r) for r in state.start_rolls],
        "turn": state.turn,
        "phase": state.phase,
        "carriers": list(state.carriers),
        "tokens": [list(t) for t in state.tokens],
        "powers": [list(p) for p in state.powers],
        "attacks": list(state.attacks),
        "dice": list(state.dice),
        "dice_used": list(state.dice_used),
        "plus_one_used": list(state.plus_one_used),
        "reroll_used": state.reroll_used,
        "single_die": state.single_die,
        "moves_this_turn": [dict(m) for m in state.moves_this_turn],
        "last_turn_moves": [dict(m) for m in state.last_turn_moves],
        "events": [dict(e) for e in state.events],
        "winner": state.winner,
    }


def load_state(data: dict[str, Any]) -> RushipState:
    if data.get("schema") != SCHEMA_VERSION:
        raise ValueError(f"unknown Ruship schema {data.get('schema')!r}")
    return RushipState(
        rng_state=int(data["rng_state"]),
        first_player=int(data["first_player"]),
        start_rolls=tuple((int(h), int(a)) for h, a in data["start_rolls"]),
        turn=int(data["turn"]),
        phase=cast(Phase, str(data["phase"])),
        carriers=(int(data["carriers"][0]), int(data["carriers"][1])),
        tokens=(tuple(data["tokens"][0]), tuple(data["tokens"][1])),
        powers=(tuple(data["powers"][0]), tuple(data["powers"][1])),
        attacks=(int(data["attacks"][0]), int(data["attacks"][1])),
        dice=tuple(data["dice"]),
        dice_used=tuple(data["dice_used"]),
        plus_one_used=tuple(data["plus_one_used"]),
        reroll_used=bool(data["reroll_used"]),
        single_die=bool(data["single_die"]),
        moves_this_turn=tuple(_move(m) for m in data["moves_this_turn"]),
        last_turn_moves=tuple(_move(m) for m in data["last_turn_moves"]),
        events=tuple(dict(e) for e in data["events"]),
        winner=None if data["winner"] is None else int(data["winner"]),
    )


def _move(record: dict[str, Any]) -> MoveRecord:
    """A saved move record, as saved (JSON, trusted as the engine wrote it)."""
    return cast(MoveRecord, dict(record))
