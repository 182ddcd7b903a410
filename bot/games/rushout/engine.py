"""The Rush Out! engine: the ``Game`` contract (and ``HasClock``) over the rules."""

from __future__ import annotations

import math
import random
from typing import Any, cast, overload

from bot.games.base import (
    SYSTEM_SEAT,
    IllegalAction,
    Outcome,
    SeededRng,
    is_seat,
    is_system_seat,
    require,
    require_seat,
    require_viewer,
)
from bot.games.rushout import data
from bot.games.rushout.actions import (
    advance,
    all_done,
    can_act,
    end_pulse,
    execute,
    legal_now,
    parse_seat,
    ready_time,
    refusal,
    system_actions,
)
from bot.games.rushout.levels import level_action
from bot.games.rushout.rules import choose_pools, start_round
from bot.games.rushout.save import dump_state, load_state
from bot.games.rushout.state import (
    LIVE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PLAY,
    PULSE,
    PULSE_END,
    SPOKE,
    THROW,
    JsonDict,
    PlayMode,
    RushOutState,
    Seat,
    clone,
    legacy_action,
)
from bot.games.rushout.views import RushOutPublicView, RushOutSeatView, public_view, seat_view


class RushOut:
    """Rush Out! as a ``Game`` (and a ``HasClock``): the rules of :mod:`bot.games.rushout`."""

    name = "rushout"
    title = "Rush Out!"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> RushOutState:
        require(
            self.min_players <= players <= self.max_players,
            "Rush Out! is for 3 to 5 players.",
            "player_count",
            players=players,
        )
        options = options or {}
        mode = str(options.get("mode", data.DEFAULT_MODE))
        require(mode in data.MODES, "Unknown mode.", "bad_option", option="mode")
        play = str(options.get("play", LIVE))
        require(play in (LIVE, PULSE), "Play is live or pulse.", "bad_option", option="play")
        rng = SeededRng(seed)
        sorcerer = options.get("sorcerer", 0)
        if sorcerer == "random":
            sorcerer = rng.randint(0, players - 1)
        require(
            isinstance(sorcerer, int) and 0 <= sorcerer < players,
            "No such sorcerer seat.",
            "bad_option",
            option="sorcerer",
        )
        try:
            pulse_seconds = float(options.get("pulse_seconds", data.DEFAULT_PULSE_SECONDS))
            cooldown = float(options.get("cooldown", data.DEFAULT_COOLDOWN))
            throws = int(options.get("throws_per_pulse", data.DEFAULT_THROWS_PER_PULSE))
        except (TypeError, ValueError, OverflowError) as error:
            raise IllegalAction("Bad timing option.", "bad_option", option="timing") from error
        # Numbers a client could forge (NaN, infinities, out of range) are refused.
        require(
            math.isfinite(pulse_seconds)
            and data.MIN_COOLDOWN <= cooldown <= data.MAX_COOLDOWN
            and 1 <= throws <= data.MAX_THROWS_PER_PULSE,
            "Bad timing option.",
            "bad_option",
            option="timing",
        )
        pulse_seconds = min(data.MAX_PULSE_SECONDS, max(data.MIN_PULSE_SECONDS, pulse_seconds))
        trials, spells = choose_pools(data.MODES[mode], players, rng)
        if options.get("handicap"):
            rng.shuffle(trials)
            trials = sorted(trials[data.HANDICAP_TRIALS :])
        state = RushOutState(
            players=players,
            sorcerer=int(sorcerer),
            mode=mode,
            play=cast(PlayMode, play),
            cooldown=cooldown,
            pulse_seconds=pulse_seconds,
            throws_per_pulse=throws,
            rng=rng.state,
            trial_pool=trials,
            spell_pool=spells,
            seats=[Seat() for _ in range(players)],
            market_equipment=list(data.EQUIPMENT),
            market_scrolls=list(data.SCROLLS),
        )
        events: list[JsonDict] = []
        start_round(state, events)
        state.events = events
        return state

    # -- time --
    def ready_at(self, state: RushOutState, seat: int) -> float:
        return ready_time(state, seat)

    def next_deadline(self, state: RushOutState) -> float | None:
        return state.pulse_end if state.phase == PLAY else None

    def due_action(self, state: RushOutState) -> str | None:
        return PULSE_END if self.next_deadline(state) is not None else None

    def chat_action(self, state: RushOutState, seat: int) -> str | None:
        spoke = f"{SPOKE} {seat}"
        return spoke if spoke in system_actions(state) else None

    def legal_actions_at(self, state: RushOutState, seat: int, at: float) -> list[str]:
        if not (is_seat(seat, state.players) or is_system_seat(seat)):
            return []
        if not (seat == SYSTEM_SEAT or 0 <= seat < state.players):
            return []
        if seat == SYSTEM_SEAT:
            due = state.pulse_end is not None and at >= state.pulse_end
            return [a for a in legal_now(state, seat) if a != PULSE_END or due]
        state, _ = advance(state, at)
        actions = legal_now(state, seat)
        if THROW in actions and at < ready_time(state, seat):
            actions.remove(THROW)
        return actions

    def apply_at(self, state: RushOutState, seat: int, action: str, at: float) -> RushOutState:
        require_seat(seat, state.players, system=True)
        seat = parse_seat(seat, state.players)
        require(isinstance(action, str), "Unknown action.", "unknown_action")
        require(isinstance(at, int | float) and math.isfinite(at), "Bad time.", "bad_time")
        at = max(float(at), state.clock)
        require(state.phase != OVER, "The match is over.", "game_over")
        events: list[JsonDict] = []
        if action != PULSE_END:
            state, events = advance(state, at)
        if action not in self.legal_actions_at(state, seat, at):
            raise refusal(state, seat, action, at)
        state = clone(state) if not events else state
        state.clock = at
        execute(state, seat, action, at, events)
        if state.play == PULSE and state.phase == PLAY and all_done(state):
            end_pulse(state, events)
        state.events = events
        return state

    def replayed_action(self, state: RushOutState, action: str, at: float | None) -> str:
        """The logs of matches played before cards were named by id replay as they were
        (``HasOldGrammar``): a positional target is the card that was there then."""
        then, _ = advance(state, state.clock if at is None else max(at, state.clock))
        return legacy_action(then, action)

    # -- the generic contract --
    def to_act(self, state: RushOutState) -> frozenset[int]:
        return frozenset(seat for seat in range(state.players) if can_act(state, seat))

    def legal_actions(self, state: RushOutState, seat: int) -> list[str]:
        if not (is_seat(seat, state.players) or is_system_seat(seat)):
            return []
        if not (seat == SYSTEM_SEAT or 0 <= seat < state.players):
            return []
        return legal_now(state, seat)

    def apply(self, state: RushOutState, seat: int, action: str) -> RushOutState:
        require_seat(seat, state.players, system=True)
        seat = parse_seat(seat, state.players)
        require(isinstance(action, str), "Unknown action.", "unknown_action")
        if action == THROW:
            at = ready_time(state, seat)
        elif action == PULSE_END and state.pulse_end is not None:
            at = max(state.clock, state.pulse_end)
        else:
            at = state.clock
        return self.apply_at(state, seat, action, at)

    def outcome(self, state: RushOutState) -> Outcome | None:
        return state.outcome

    @overload
    def view(self, state: RushOutState, seat: None) -> RushOutPublicView: ...

    @overload
    def view(self, state: RushOutState, seat: int) -> RushOutSeatView: ...

    @overload
    def view(self, state: RushOutState, seat: int | None) -> RushOutPublicView: ...

    def view(self, state: RushOutState, seat: int | None) -> RushOutPublicView:
        """The public view (``seat`` None), or a seat's: the public one plus its ``me``."""
        require_viewer(seat, state.players)
        result = public_view(state, self.to_act(state))
        if seat is not None and 0 <= seat < state.players:
            mine: RushOutSeatView = {**result, "me": seat_view(state, seat, legal_now(state, seat))}
            return mine
        return result

    def bot_action(
        self, state: RushOutState, seat: int, rng: random.Random, level: str = "normal"
    ) -> str:
        """The AI's action at ``level`` (``bot.games.base.LEVELS``): see
        :mod:`bot.games.rushout.levels`."""
        return level_action(state, seat, rng, level)

    def dump(self, state: RushOutState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data_: dict[str, Any]) -> RushOutState:
        return load_state(data_)
