"""The Bug Race engine: the contract of ``bot.games.base.Game`` (and ``HasSecrets``) over
the rules (``rules``), the views (``views``), the AI (``ai``) and saving (``save``)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, overload

from bot.games.base import (
    DEFAULT_LEVEL,
    Game,
    HasSecrets,
    Outcome,
    SeededRng,
    check_level,
    is_seat,
    require,
    require_seat,
    require_viewer,
)
from bot.games.bugrace.ai import level_action
from bot.games.bugrace.rules import (
    DRAFT,
    NAME,
    OVER,
    BugRaceState,
    Event,
    JsonDict,
    SeatState,
    check_action,
    execute,
    legal_texts,
    parse_action,
    seats_to_act,
    start_round,
)
from bot.games.bugrace.save import dump_state, load_state
from bot.games.bugrace.track import DECK_SIZE
from bot.games.bugrace.views import BugRacePublicView, BugRaceSeatView, public_view, seat_view


class BugRace:
    name = NAME
    title = "Bug Race"
    min_players = 2
    max_players = 4

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> BugRaceState:
        require(
            self.min_players <= players <= self.max_players,
            "Bug Race is for 2 to 4 players.",
            "player_count",
            players=players,
        )
        options = options or {}
        rng = SeededRng(seed)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        state = BugRaceState(
            players=players,
            expert=bool(options.get("expert", False)),
            play_on=bool(options.get("play_on", False)),
            rng=rng.state,
            round=0,
            phase=DRAFT,
            draw_pile=tuple(deck),
            discard=(),
            seats=tuple(SeatState() for _ in range(players)),
        )
        events: list[Event] = []
        state = start_round(state, events)
        return replace(state, events=tuple(events))

    def to_act(self, state: BugRaceState) -> frozenset[int]:
        return seats_to_act(state)

    def legal_actions(self, state: BugRaceState, seat: int) -> list[str]:
        if not is_seat(seat, state.players):
            return []
        if seat not in self.to_act(state):
            return []
        return legal_texts(state, seat)

    def apply(self, state: BugRaceState, seat: int, action: str) -> BugRaceState:
        require_seat(seat, state.players)
        require(state.phase != OVER, "The race is over.", "game_over")
        require(seat in self.to_act(state), "It is not your turn to act.", "not_to_act")
        parsed = parse_action(action)
        check_action(state, seat, parsed)
        events: list[Event] = []
        state = execute(state, seat, parsed, events)
        return replace(state, events=tuple(events))

    def outcome(self, state: BugRaceState) -> Outcome | None:
        return state.outcome

    @overload
    def view(self, state: BugRaceState, seat: None) -> BugRacePublicView: ...
    @overload
    def view(self, state: BugRaceState, seat: int) -> BugRaceSeatView: ...
    @overload
    def view(self, state: BugRaceState, seat: int | None) -> BugRacePublicView: ...
    def view(self, state: BugRaceState, seat: int | None) -> BugRacePublicView:
        """What ``seat`` may know (``BugRaceSeatView``); None: what everyone may know. A
        seat that is not at the table gets the public view."""
        require_viewer(seat, state.players)
        if seat is not None and 0 <= seat < state.players:
            return seat_view(state, seat)
        return public_view(state, seat)

    def bot_action(
        self, state: BugRaceState, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL
    ) -> str:
        """The AI's action at ``level`` (``bot.games.base.LEVELS``)."""
        return level_action(state, seat, rng, check_level(level))

    def secrets(self, state: BugRaceState) -> JsonDict:
        """Hidden information as it is (``HasSecrets``): the draw pile's order, and each
        seat's draft packet, cards set aside to pass and hand. The private views also show
        what they derive (the legs the current card may still move)."""
        return {
            "draw_pile": list(state.draw_pile),
            "seats": [
                [sorted(seat.offer), sorted(seat.passing), sorted(seat.hand)]
                for seat in state.seats
            ],
        }

    def dump(self, state: BugRaceState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> BugRaceState:
        return load_state(data)


GAME = BugRace()

#: mypy checks here that the engine keeps the platform's contracts.
_CONTRACT: Game[BugRaceState] = GAME
_SECRETS: HasSecrets[BugRaceState] = GAME
