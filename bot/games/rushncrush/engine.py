"""The engine: ``RushNCrush`` keeps the contract of ``bot.games.base.Game`` (and
``HasStandingOrders``) over the rules of the other modules; ``GAME`` is its one instance."""

from __future__ import annotations

import random
from typing import Any, overload

from bot.games.base import (
    DEFAULT_LEVEL,
    IllegalAction,
    Outcome,
    SeededRng,
    check_level,
    deep_copy,
    is_order_action,
    is_seat,
    require,
    require_seat,
    require_viewer,
)
from bot.games.rushncrush import data, save
from bot.games.rushncrush.ai import level_action
from bot.games.rushncrush.course import course_from_options
from bot.games.rushncrush.driving import (
    apply_dashboard,
    apply_move,
    dashboard_actions,
    move_actions,
    play_card,
)
from bot.games.rushncrush.rules import emit, run
from bot.games.rushncrush.start import (
    apply_trade,
    grid_actions,
    old_trade_answer,
    place,
    trade_actions,
)
from bot.games.rushncrush.state import (
    PHASE_GRID,
    PHASE_MOVE,
    PHASE_TRADE,
    Car,
    RncState,
    Trade,
    to_act,
)
from bot.games.rushncrush.views import RncPublicView, RncSeatView, public_view, seat_view


class RushNCrush:
    name = "rushncrush"
    title = "Rush'n'Crush"
    min_players = 2
    max_players = 6

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> RncState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Rush'n'Crush is for {self.min_players}-{self.max_players} players.")
        options = options or {}
        course = course_from_options(options)
        rng = SeededRng(seed)
        deck = [kind for kind in data.CARD_KINDS for _ in range(data.COPIES_PER_KIND)]
        rng.shuffle(deck)
        cars = [
            Car(seat, cards=sorted(deck[seat * data.HAND_SIZE : (seat + 1) * data.HAND_SIZE]))
            for seat in range(players)
        ]
        draw_order = list(range(players))
        rng.shuffle(draw_order)
        trading = bool(options.get("trading", False))
        state = RncState(
            players=players,
            rng=rng.state,
            course=course,
            cars=cars,
            phase=PHASE_TRADE if trading else PHASE_GRID,
            draw_order=draw_order,
            trade=Trade(ready=[False] * players) if trading else None,
        )
        if trading:
            emit(state, "trade_open")
        else:
            emit(state, "grid_turn", seat=draw_order[0])
        return state

    def to_act(self, state: RncState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: RncState, seat: int) -> list[str]:
        if not is_seat(seat, state.players):
            return []
        if seat not in self.to_act(state):
            return []
        if state.phase == PHASE_TRADE:
            return trade_actions(state, seat)
        if state.phase == PHASE_GRID:
            return grid_actions(state)
        if state.phase == PHASE_MOVE:
            return move_actions(state)
        return dashboard_actions(state)

    def order_actions(self, state: RncState, seat: int) -> list[str]:
        """Order changes for this seat's reaction cards: for each order whose card it holds,
        one step less eager and one step more eager than its current setting."""
        if not is_seat(seat, state.players):
            return []
        if state.outcome is not None or not 0 <= seat < state.players:
            return []
        car = state.cars[seat]
        if car.out:
            return []
        actions = []
        for key, (card, settings, default) in data.ORDERS.items():
            if card not in car.cards:
                continue
            index = settings.index(car.orders.get(key, default))
            for neighbour in (index - 1, index + 1):
                if 0 <= neighbour < len(settings):
                    actions.append(f"order {key} {settings[neighbour]}")
        return actions

    def _set_order(self, state: RncState, seat: int, action: str) -> RncState:
        """Any setting of an order for a card the seat holds, at any time while it races;
        nothing public changes (not even the last action's events)."""
        parts = action.split()
        valid = (
            isinstance(seat, int)
            and 0 <= seat < state.players
            and state.outcome is None
            and not state.cars[seat].out
            and len(parts) == 3
            and parts[1] in data.ORDERS
            and data.ORDERS[parts[1]][0] in state.cars[seat].cards
            and parts[2] in data.ORDERS[parts[1]][1]
        )
        if not valid:
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = deep_copy(state)
        new.cars[seat].orders[parts[1]] = parts[2]
        return new

    def apply(self, state: RncState, seat: int, action: str) -> RncState:
        require_seat(seat, state.players)
        if not isinstance(seat, int) or not isinstance(action, str):
            raise IllegalAction("That is not an action.", "not_an_action")
        if is_order_action(action):
            return self._set_order(state, seat, action)
        require(
            seat in self.to_act(state),
            "It is not your turn.",
            "not_your_turn",
            seat=seat,
        )
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = deep_copy(state)
        new.events = []
        if new.phase == PHASE_TRADE:
            apply_trade(new, seat, action)
        elif new.phase == PHASE_GRID:
            _, label, lane = action.split()
            place(new, seat, int(label), int(lane))
        elif new.phase == PHASE_MOVE:
            apply_move(new, action)
        elif action.startswith("card "):
            play_card(new, seat, action.split()[1])
        else:
            apply_dashboard(new, action)
        run(new)
        rolls = [dict(e) for e in new.events if e["type"] == "roll"]
        if rolls:
            new.last_rolls = rolls
        return new

    def outcome(self, state: RncState) -> Outcome | None:
        if state.outcome is None:
            return None
        return Outcome(tuple(state.outcome["winners"]), state.outcome["reason"])

    @overload
    def view(self, state: RncState, seat: None) -> RncPublicView: ...

    @overload
    def view(self, state: RncState, seat: int) -> RncSeatView: ...

    def view(self, state: RncState, seat: int | None) -> RncPublicView | RncSeatView:
        """What everyone may know (``seat`` None), or what this seat may know (a seat that
        is not in the race gets the public view)."""
        require_viewer(seat, state.players)
        if seat is None or not 0 <= seat < state.players:
            return public_view(state)
        return seat_view(state, seat)

    def bot_action(
        self, state: RncState, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL
    ) -> str:
        """The AI's action at ``level`` (``bot.games.base.LEVELS``)."""
        return level_action(state, seat, rng, self.legal_actions(state, seat), check_level(level))

    def replayed_action(self, state: RncState, action: str, at: float | None) -> str:
        """Logs written before trade offers were named by what they are replay as they
        were (``HasOldGrammar``)."""
        return old_trade_answer(state, action)

    def dump(self, state: RncState) -> dict[str, Any]:
        return save.dump(state)

    def load(self, data_in: dict[str, Any]) -> RncState:
        """A dumped state; a version 1 dump (reaction windows) loads with any pending
        reaction answered by its default: the throw stands."""
        return save.load(data_in)


GAME = RushNCrush()
