"""Saving a race: ``dump_state`` gives JSON-safe data with a schema version, and
``load_state`` gives the state back, refusing a saved bug that breaks the legs rule."""

from __future__ import annotations

import copy
from typing import Final, cast

from bot.games.base import Outcome, require
from bot.games.bugrace.rules import (
    BugRaceState,
    Event,
    JsonDict,
    Phase,
    SeatState,
    outcome_json,
)
from bot.games.bugrace.track import FINISH_TAIL, LEGS, Bug, legs_rule_holds

SCHEMA_VERSION: Final = 1


def dump_state(state: BugRaceState) -> JsonDict:
    return {
        "schema": SCHEMA_VERSION,
        "players": state.players,
        "expert": state.expert,
        "play_on": state.play_on,
        "rng": state.rng,
        "round": state.round,
        "phase": state.phase,
        "draw_pile": list(state.draw_pile),
        "discard": list(state.discard),
        "seats": [_dump_seat(seat) for seat in state.seats],
        "places": [list(group) for group in state.places],
        "win_reason": state.win_reason,
        "outcome": outcome_json(state.outcome),
        "events": [_dump_event(event) for event in state.events],
    }


def load_state(data: JsonDict) -> BugRaceState:
    require(data.get("schema") == SCHEMA_VERSION, "Unknown saved-game version.", "bad_schema")
    outcome = data["outcome"]
    return BugRaceState(
        players=int(data["players"]),
        expert=bool(data["expert"]),
        play_on=bool(data["play_on"]),
        rng=int(data["rng"]),
        round=int(data["round"]),
        phase=cast(Phase, str(data["phase"])),
        draw_pile=tuple(data["draw_pile"]),
        discard=tuple(data["discard"]),
        seats=tuple(_load_seat(seat) for seat in data["seats"]),
        places=tuple(tuple(group) for group in data["places"]),
        win_reason=str(data["win_reason"]),
        outcome=None if outcome is None else Outcome(tuple(outcome["winners"]), outcome["reason"]),
        events=tuple(_load_event(event) for event in data["events"]),
    )


def _dump_seat(seat: SeatState) -> JsonDict:
    return {
        "tail": seat.bug.tail,
        "legs": list(seat.bug.legs),
        "offer": list(seat.offer),
        "passing": list(seat.passing),
        "hand": list(seat.hand),
        "played": list(seat.played),
        "current": seat.current,
        "moved": list(seat.moved),
        "playing": seat.playing,
    }


def _load_bug(tail: int, legs: tuple[int, ...]) -> Bug:
    """A saved bug, refused unless the ruling allows it: body on the track, six legs in
    the window beside or diagonal to it, each side in order."""
    require(1 <= tail <= FINISH_TAIL, "A saved bug's body is off its track.", "bad_save")
    require(len(legs) == len(LEGS), "A saved bug has not six legs.", "bad_save")
    bug = Bug(tail, legs)
    require(legs_rule_holds(bug), "A saved bug's legs break the legs rule.", "bad_save")
    return bug


def _load_seat(data: JsonDict) -> SeatState:
    return SeatState(
        bug=_load_bug(int(data["tail"]), tuple(int(row) for row in data["legs"])),
        offer=tuple(data["offer"]),
        passing=tuple(data["passing"]),
        hand=tuple(data["hand"]),
        played=tuple(data["played"]),
        current=data["current"],
        moved=tuple(data["moved"]),
        playing=bool(data["playing"]),
    )


def _dump_event(event: Event) -> JsonDict:
    return {
        "public": copy.deepcopy(event.public),
        "owner": event.owner,
        "secret": copy.deepcopy(event.secret),
    }


def _load_event(data: JsonDict) -> Event:
    return Event(copy.deepcopy(data["public"]), data["owner"], copy.deepcopy(data["secret"]))
