"""Saving a Rush Out! state as JSON (``dump``) and reading it back (``load``)."""

from __future__ import annotations

import copy
from typing import Any, cast

from bot.games.base import Outcome
from bot.games.rushout import data
from bot.games.rushout.state import (
    DRAGON_CARD,
    HERO,
    LIVE,
    MARKET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PLAY,
    PULSE,
    SCHEMA_VERSION,
    SORCERER,
    WOUND_CARD,
    Die,
    JsonDict,
    Pending,
    Phase,
    Play,
    PlayMode,
    RushOutState,
    Seat,
    Side,
)


def _dump_side(side: Side) -> list[list[Any] | None]:
    return [None if die is None else [die.seat, die.face] for die in side]


def _dump_play(play: Play | None) -> JsonDict | None:
    if play is None:
        return None
    return {
        "card": play.card,
        "hero": _dump_side(play.hero),
        "sorcerer": _dump_side(play.sorcerer),
        "aimed": play.aimed,
    }


def dump_state(state: RushOutState) -> JsonDict:
    return {
        "schema": SCHEMA_VERSION,
        "players": state.players,
        "sorcerer": state.sorcerer,
        "mode": state.mode,
        "play": state.play,
        "cooldown": state.cooldown,
        "pulse_seconds": state.pulse_seconds,
        "throws_per_pulse": state.throws_per_pulse,
        "rng": state.rng,
        "trial_pool": list(state.trial_pool),
        "spell_pool": list(state.spell_pool),
        "seats": [
            {
                "fresh": list(seat.fresh),
                "last_throw": seat.last_throw,
                "must_check": seat.must_check,
                "throws_left": seat.throws_left,
                "done": seat.done,
                "xp": seat.xp,
                "equipment": list(seat.equipment),
                "wound": _dump_play(seat.wound),
            }
            for seat in state.seats
        ],
        "clock": state.clock,
        "round": state.round,
        "phase": state.phase,
        "started": state.started,
        "trial_deck": list(state.trial_deck),
        "spell_deck": list(state.spell_deck),
        "trials": [_dump_play(play) for play in state.trials],
        "spells": [_dump_play(play) for play in state.spells],
        "hexes": [_dump_play(play) for play in state.hexes],
        "scrolls": [_dump_play(play) for play in state.scrolls],
        "dragon": state.dragon,
        "dragon_tile": _dump_play(state.dragon_tile),
        "souls_taken": state.souls_taken,
        "lives": state.lives,
        "trophies": dict(state.trophies),
        "gold": dict(state.gold),
        "market_equipment": list(state.market_equipment),
        "market_scrolls": list(state.market_scrolls),
        "pending": None
        if state.pending is None
        else {
            "effect": state.pending.effect,
            "card": state.pending.card,
            "area": state.pending.area,
        },
        "pulse": state.pulse,
        "pulse_end": state.pulse_end,
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
        "events": copy.deepcopy(state.events),
    }


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not an integer: {value!r}")
    return value


def _num(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def _opt_num(value: Any) -> float | None:
    return None if value is None else _num(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _strs(value: Any, allowed: Any = None) -> list[str]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    items = [_str(item) for item in value]
    if allowed is not None and any(item not in allowed for item in items):
        raise ValueError("unknown item")
    return items


def _load_side(value: Any, players: int) -> Side:
    if not isinstance(value, list):
        raise ValueError("not a list of dice")
    side: Side = []
    for die in value:
        if die is None:
            side.append(None)
            continue
        seat, face = die
        if not 0 <= _int(seat) < players or _str(face) not in (
            *data.HERO_FACES,
            *data.SORCERER_FACES,
        ):
            raise ValueError("bad die")
        side.append(Die(seat, face))
    return side


def _load_play(value: Any, players: int) -> Play | None:
    if value is None:
        return None
    card = _str(value["card"])
    if (
        card not in data.CARDS
        and card not in data.SCROLLS
        and card not in (DRAGON_CARD, WOUND_CARD)
    ):
        raise ValueError(f"unknown card {card!r}")
    aimed = value["aimed"]
    return Play(
        card,
        _load_side(value["hero"], players),
        _load_side(value["sorcerer"], players),
        None if aimed is None else _int(aimed),
    )


def _load_plays(value: Any, players: int) -> list[Play]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    plays = [_load_play(item, players) for item in value]
    if any(play is None for play in plays):
        raise ValueError("missing card")
    return [play for play in plays if play is not None]


def _load_seat(value: Any, players: int) -> Seat:
    return Seat(
        fresh=_strs(value["fresh"], (*data.HERO_FACES, *data.SORCERER_FACES)),
        last_throw=_opt_num(value["last_throw"]),
        must_check=bool(value["must_check"]),
        throws_left=_int(value["throws_left"]),
        done=bool(value["done"]),
        xp=_int(value["xp"]),
        equipment=_strs(value["equipment"], data.EQUIPMENT),
        wound=_load_play(value["wound"], players),
    )


def load_state(value: dict[str, Any]) -> RushOutState:
    if not isinstance(value, dict) or value.get("schema") != SCHEMA_VERSION:
        raise ValueError("unknown saved-game version")
    try:
        return _load_state(value)
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"malformed Rush Out! state: {error!r}") from error


def _load_state(value: dict[str, Any]) -> RushOutState:
    players = _int(value["players"])
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError("bad player count")
    mode, play, phase = _str(value["mode"]), _str(value["play"]), _str(value["phase"])
    if mode not in data.MODES or play not in (LIVE, PULSE) or phase not in (PLAY, MARKET, OVER):
        raise ValueError("bad mode, play or phase")
    pending, outcome = value["pending"], value["outcome"]
    trophies, gold = value["trophies"], value["gold"]
    state = RushOutState(
        players=players,
        sorcerer=_int(value["sorcerer"]),
        mode=mode,
        play=cast(PlayMode, play),
        cooldown=_num(value["cooldown"]),
        pulse_seconds=_num(value["pulse_seconds"]),
        throws_per_pulse=_int(value["throws_per_pulse"]),
        rng=_int(value["rng"]),
        trial_pool=_strs(value["trial_pool"], data.CARDS),
        spell_pool=_strs(value["spell_pool"], data.CARDS),
        seats=[_load_seat(seat, players) for seat in value["seats"]],
        clock=_num(value["clock"]),
        round=_int(value["round"]),
        phase=cast(Phase, phase),
        started=bool(value["started"]),
        trial_deck=_strs(value["trial_deck"], data.CARDS),
        spell_deck=_strs(value["spell_deck"], data.CARDS),
        trials=[_load_play(item, players) for item in value["trials"]],
        spells=[_load_play(item, players) for item in value["spells"]],
        hexes=_load_plays(value["hexes"], players),
        scrolls=_load_plays(value["scrolls"], players),
        dragon=None if value["dragon"] is None else _int(value["dragon"]),
        dragon_tile=_load_play(value["dragon_tile"], players),
        souls_taken=_int(value["souls_taken"]),
        lives=_int(value["lives"]),
        trophies={HERO: _int(trophies[HERO]), SORCERER: _int(trophies[SORCERER])},
        gold={HERO: _int(gold[HERO]), SORCERER: _int(gold[SORCERER])},
        market_equipment=_strs(value["market_equipment"], data.EQUIPMENT),
        market_scrolls=_strs(value["market_scrolls"], data.SCROLLS),
        pending=None
        if pending is None
        else Pending(
            _str(pending["effect"]),
            _str(pending["card"]),
            None if pending["area"] is None else _int(pending["area"]),
        ),
        pulse=_int(value["pulse"]),
        pulse_end=_opt_num(value["pulse_end"]),
        outcome=None
        if outcome is None
        else Outcome(tuple(_int(w) for w in outcome["winners"]), _str(outcome["reason"])),
        events=copy.deepcopy(list(value["events"])),
    )
    if len(state.seats) != players or not 0 <= state.sorcerer < players:
        raise ValueError("seats do not match the player count")
    return state
