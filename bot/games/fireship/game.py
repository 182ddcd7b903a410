"""The Fireship engine (``GAME``): the contract of ``bot.games.base`` over the rules, the
views, the save format and the AI of this package."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Final, overload

from bot.games.base import (
    DEFAULT_LEVEL,
    IllegalAction,
    Outcome,
    check_level,
    deep_copy,
    is_order_action,
    is_seat,
    require,
    require_seat,
    require_viewer,
)
from bot.games.fireship import data
from bot.games.fireship.combat import apply_order, order_actions
from bot.games.fireship.levels import level_action
from bot.games.fireship.rules import (
    apply_turn_action,
    is_turn_action,
    known_reaches,
    legal_actions,
    new_state,
    to_act,
)
from bot.games.fireship.save import dump_state, load_state
from bot.games.fireship.state import (
    HOME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    FireshipState,
    Json,
    add_pawn,
    clone,
)
from bot.games.fireship.views import FireshipPublicView, FireshipSeatView, public_view, seat_view


class Fireship:
    name = "fireship"
    title = "Fireship"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> FireshipState:
        return new_state(players, seed, options)

    def to_act(self, state: FireshipState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: FireshipState, seat: int) -> list[str]:
        if not is_seat(seat, state.players):
            return []
        return legal_actions(state, seat)

    def order_actions(self, state: FireshipState, seat: int) -> list[str]:
        if not is_seat(seat, state.players):
            return []
        return order_actions(state, seat)

    def apply(self, state: FireshipState, seat: int, action: str) -> FireshipState:
        require_seat(seat, state.players)
        if not isinstance(seat, int) or not isinstance(action, str):
            raise IllegalAction("That is not an action.", "not_an_action")
        if is_order_action(action):
            require(
                action in order_actions(state, seat),
                "That order is not possible now.",
                "illegal_order",
                action=action[:60],
            )
            new = clone(state)
            new.events = list(state.events)  # an order changes nothing anyone else sees
            apply_order(new, seat, action)
            return new
        require(seat in self.to_act(state), "It is not your turn.", "not_your_turn", seat=seat)
        if not is_turn_action(state, seat, action):  # the seat is to act: checked above
            gone = gone_pawn(state, action)
            if gone is not None:
                raise IllegalAction("That pawn has left the board.", "pawn_gone", pawn=gone)
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = clone(state)
        if action.startswith("move "):  # the move first reads its pawn's reach, just checked
            new.cache.update(known_reaches(state))
        apply_turn_action(new, seat, action)
        return new

    def outcome(self, state: FireshipState) -> Outcome | None:
        return state.outcome

    @overload
    def view(self, state: FireshipState, seat: None) -> FireshipPublicView: ...

    @overload
    def view(self, state: FireshipState, seat: int) -> FireshipSeatView: ...

    @overload
    def view(self, state: FireshipState, seat: int | None) -> FireshipPublicView: ...

    def view(self, state: FireshipState, seat: int | None) -> FireshipPublicView:
        """``seat``'s view (a seat of the match), or the public view for None (and for a
        number that is no seat)."""
        require_viewer(seat, state.players)
        if seat is None or not 0 <= seat < state.players:
            return public_view(state)
        return seat_view(state, seat)

    def bot_action(
        self, state: FireshipState, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL
    ) -> str:
        """The AI's action at ``level`` (``bot.games.base.LEVELS``): ``easy``, ``normal``
        or ``hard`` (``bot.games.fireship.levels``)."""
        return level_action(state, seat, rng, check_level(level))

    def secrets(self, state: FireshipState) -> Json:
        """Hidden information as it is (``HasSecrets``): the deck's order (a card drawn
        leaves it, kept or shown), each hand and its standing orders, dice loaded by
        tests. The private views also show each pawn's reach, derived from the board."""
        return {
            "deck": list(state.deck),
            "hands": [sorted(seat.hand) for seat in state.seats],
            "orders": [dict(sorted(seat.orders.items())) for seat in state.seats],
            "loaded": list(state.loaded),
        }

    def dump(self, state: FireshipState) -> dict[str, Any]:
        """The state as JSON-safe data, sharing nothing with it."""
        return deep_copy(dump_state(state))

    def load(self, data_in: dict[str, Any]) -> FireshipState:
        try:
            return load_state(data_in)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ValueError(f"Malformed Fireship save: {error}") from error


GAME: Final = Fireship()

#: Where an action names a pawn: verb -> the positions of its words that are pawn ids.
PAWN_WORDS: Final = {
    "move": (1,),
    "attack": (1, 2),
    "boum": (2,),
    "use": (1,),
    "skip": (1,),
    "lose": (1,),
}


def gone_pawn(state: FireshipState, action: str) -> str | None:
    """The pawn an action names that was on the board once and has left it (sunk, lost),
    when there is one: such a click came from a panel older than the board."""
    words = action.split()
    places = PAWN_WORDS.get(words[0] if words else "", ())
    for index in places:
        ident = words[index] if index < len(words) else ""
        digits = ident[1:]
        if ident in state.pawns or not (digits.isascii() and digits.isdigit()):
            continue
        letter, number = ident[0], int(digits)
        if letter in data.COLOUR_LETTERS[: state.players]:
            numbered = state.seats[data.COLOUR_LETTERS.index(letter)].numbered
        else:
            numbered = len(data.ISLAND_IDS) if letter == data.WHITE_LETTER else 0
        if 1 <= number <= numbered:
            return ident
    return None


def scenario(
    players: int = 2,
    seed: int = 0,
    pawns: Iterable[tuple[int, str, str]] = (),
    islands: dict[int, int] | None = None,
    options: dict[str, Any] | None = None,
) -> FireshipState:
    """A test position: seat 0 to act in the start phase, the given pawns only.

    ``pawns`` are (seat, kind, cell name or ``home``); white garrisons are kept only on
    islands still white. ``islands`` maps island number -> owner."""
    state = GAME.new_state(players, seed, options)
    state.events = []
    state.first = state.turn = 0
    state.pawns = {pid: p for pid, p in state.pawns.items() if p.seat == data.WHITE}
    for seat in range(players):
        state.seats[seat].numbered = 0
    for island, owner in (islands or {}).items():
        state.islands[island - 1] = owner
        state.pawns.pop(f"{data.WHITE_LETTER}{island}", None)
    for seat, kind, where in pawns:
        add_pawn(state, seat, kind, None if where == HOME else data.parse_cell(where))
    state.touched()
    return state
