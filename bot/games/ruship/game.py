"""The Ruship engine: the contract's ``Ruship`` class, whose instance is ``GAME``."""

from __future__ import annotations

import random
from typing import Any

from bot.games.base import (
    DEFAULT_LEVEL,
    Outcome,
    SeededRng,
    check_level,
    deep_copy,
    is_seat,
    require_seat,
    require_viewer,
)
from bot.games.ruship.ai import level_action
from bot.games.ruship.rules import (
    ALIEN,
    DIE_SIDES,
    FACTIONS,
    HUMANITY,
    PHASE_OVER,
    REASON_THIRD_ATTACK,
    SEATS,
    RushipState,
    apply_action,
    choices,
    legal_actions,
    to_act,
)
from bot.games.ruship.save import dump_state, load_state
from bot.games.ruship.views import RushipSeatView


class Ruship:
    name = "ruship"
    title = "Ruship"
    min_players = 2
    max_players = 2

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> RushipState:
        if players != SEATS:
            raise ValueError("Ruship is played by exactly 2 players")
        rng = SeededRng(seed)
        rolls: list[tuple[int, int]] = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append((rng.die(DIE_SIDES), rng.die(DIE_SIDES)))
        first = HUMANITY if rolls[-1][0] > rolls[-1][1] else ALIEN
        start_event = {"type": "start", "rolls": [list(r) for r in rolls], "first_player": first}
        return RushipState(
            rng_state=rng.state,
            first_player=first,
            start_rolls=tuple(rolls),
            turn=first,
            events=(start_event,),
        )

    def to_act(self, state: RushipState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: RushipState, seat: int) -> list[str]:
        if not is_seat(seat, 2):
            return []
        return legal_actions(state, seat)

    def apply(self, state: RushipState, seat: int, action: str) -> RushipState:
        require_seat(seat, 2)
        return apply_action(state, seat, action)

    def outcome(self, state: RushipState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), REASON_THIRD_ATTACK)

    def view(self, state: RushipState, seat: int | None) -> RushipSeatView:
        """What ``seat`` may know: the whole position, the same for every seat and for
        everyone (``seat`` None), as Ruship hides nothing."""
        require_viewer(seat, 2)
        outcome = self.outcome(state)
        return {
            "game": self.name,
            "factions": list(FACTIONS),
            "first_player": state.first_player,
            "start_rolls": [list(r) for r in state.start_rolls],
            "turn": None if state.phase == PHASE_OVER else state.turn,
            "phase": state.phase,
            "to_act": sorted(self.to_act(state)),
            "mothership": state.carriers[HUMANITY],
            "vortex": state.carriers[ALIEN],
            "tokens": {FACTIONS[s]: list(state.tokens[s]) for s in range(SEATS)},
            "reserve": {FACTIONS[s]: state.reserve(s) for s in range(SEATS)},
            "powers": {FACTIONS[s]: list(state.powers[s]) for s in range(SEATS)},
            "power_pool": state.power_pool(),
            "attacks": {FACTIONS[s]: state.attacks[s] for s in range(SEATS)},
            "dice": list(state.dice),
            "dice_used": list(state.dice_used),
            "plus_one_used": list(state.plus_one_used),
            "reroll_used": state.reroll_used,
            "single_die": state.single_die,
            "moves_this_turn": [m.copy() for m in state.moves_this_turn],
            "last_turn_moves": [m.copy() for m in state.last_turn_moves],
            "choices": choices(state),
            "events": [dict(e) for e in state.events],
            "outcome": None
            if outcome is None
            else {"winners": list(outcome.winners), "reason": outcome.reason},
        }

    def bot_action(
        self, state: RushipState, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL
    ) -> str:
        """The AI's action at ``level`` (``bot.games.base.LEVELS``)."""
        return level_action(state, seat, rng, check_level(level))

    def dump(self, state: RushipState) -> dict[str, Any]:
        """The state as JSON-safe data, sharing nothing with it."""
        return deep_copy(dump_state(state))

    def load(self, data: dict[str, Any]) -> RushipState:
        return load_state(data)


GAME = Ruship()
