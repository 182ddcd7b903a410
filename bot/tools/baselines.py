"""Baseline players written from the rules alone, to measure the engines' AIs against.

Neither uses the AIs' heuristics or weights: each game has here its own plain measure of
"progress and material" (``ADVANTAGES``), read from what the seat may see (its own hand,
the public board), and the players drive the engine through its public API only.

* ``GreedyPlayer``: 1-ply. Tries each legal action and scores the position it leads to
  (when the same seat still acts there, the best of its next actions: a die of a pair, a
  card's legs), averaging chance over a few sampled worlds; plays the best.
* ``MonteCarloPlayer``: flat Monte-Carlo. Each legal action is played out again and again
  by random legal moves, for ``seconds`` of CPU time a move (200 ms), each play-out cut
  after ``horizon`` actions and scored by the game's measure (a win or a loss when it
  ends); the best mean wins.
* ``RandomPlayer``: a uniformly random legal action.

Every sampled world is honest: the hidden information the seat cannot see is dealt again
(the engine's own ``determinize``, which draws it from what the seat sees) and the dice to
come reseeded; an action only checked legal in the real state may be refused in a world
(a card the world dealt elsewhere): that world is skipped. Rush Out! is a real-time game
measured per camp at live pace: its baselines are ``bot.tools.rushout_players``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES, Game
from bot.games.base import IllegalAction, watch_draws
from bot.games.bugrace import ai as bugrace_ai
from bot.games.bugrace.rules import BugRaceState
from bot.games.bugrace.track import CARDS
from bot.games.ruship import ai as ruship_ai
from bot.games.ruship.rules import PLANET, RushipState
from bot.games.rushncrush import ai as rushncrush_ai
from bot.games.rushncrush.state import RncState
from bot.games.search import outcome_reward

#: (state, seat, rng) -> an action legal for the seat.
Player = Callable[[Any, int, random.Random], str]
#: (state, seat) -> how far the seat is ahead of its best rival, in the game's own units.
Advantage = Callable[[Any, int], float]
#: (state, seat, rng) -> a world the seat cannot tell from the state.
Determinize = Callable[[Any, int, random.Random], Any]

WIN = 1000.0


# --- each game's plain measure of progress and material, from the rules --------------------
def ruship_advantage(state: RushipState, seat: int) -> float:
    """Attacks landed count most (three win), then the spaces the tokens and the carrier have
    travelled, and each Power held."""

    def worth(side: int) -> float:
        travelled = sum(abs(pos - PLANET[side]) for pos in state.tokens[side])
        carrier = abs(state.carriers[side] - PLANET[side])
        return 40.0 * state.attacks[1 - side] + travelled + carrier + 3.0 * len(state.powers[side])

    return worth(seat) - worth(1 - seat)


def bugrace_advantage(state: BugRaceState, seat: int) -> float:
    """The body's rows count three, each leg's row one; a kept card is worth half a leg per
    leg it shows (the seat sees only its own hand)."""

    def progress(index: int) -> float:
        bug = state.seat(index).bug
        return 3.0 * bug.tail + sum(bug.legs) + (WIN if bug.finished else 0.0)

    mine = progress(seat) + 0.5 * sum(len(CARDS[card]) for card in state.seat(seat).hand)
    rivals = [progress(index) for index in range(state.players) if index != seat]
    return mine - max(rivals, default=0.0)


def rushncrush_advantage(state: RncState, seat: int) -> float:
    """Rows driven and the speed to drive next, armour and the other supplies, minus heat;
    a car out is worth nothing (the seat sees how many cards each car holds, not which)."""

    def worth(index: int) -> float:
        car = state.cars[index]
        if car.out:
            return -WIN
        return (
            car.row
            + 0.7 * car.speed
            + car.armour
            + 0.3 * car.tyres
            + 0.2 * (car.brakes + car.turbos)
            + 0.5 * len(car.cards)
            - 1.5 * car.temp
        )

    rivals = [worth(index) for index in range(state.players) if index != seat]
    return worth(seat) - max(rivals, default=0.0)


@dataclass(frozen=True)
class Measure:
    advantage: Advantage
    scale: float  # an advantage worth about 3 wins in 4 (MC play-outs cut short)
    determinize: Determinize
    #: Hidden information changes an action's result only through the dice it throws
    #: (Ruship hides nothing; Rush'n'Crush's hidden cards answer tests): an action that
    #: throws nothing is judged in one world.
    chance_only: bool


MEASURES: dict[str, Measure] = {
    "ruship": Measure(ruship_advantage, 30.0, ruship_ai.determinize, True),
    "bugrace": Measure(bugrace_advantage, 4.0, bugrace_ai.determinize, False),
    "rushncrush": Measure(rushncrush_advantage, 8.0, rushncrush_ai.determinize, True),
}


def _value(game: Game[Any], measure: Measure, state: Any, seat: int) -> float:
    outcome = game.outcome(state)
    if outcome is not None:
        return WIN * (2.0 * outcome_reward(outcome, seat) - 1.0)
    return measure.advantage(state, seat)


def _reward(game: Game[Any], measure: Measure, state: Any, seat: int) -> float:
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome_reward(outcome, seat)
    scaled = max(-50.0, min(50.0, measure.advantage(state, seat) / measure.scale))
    return 1.0 / (1.0 + math.exp(-scaled))


def _apply(game: Game[Any], world: Any, seat: int, action: str) -> Any | None:
    try:
        return game.apply(world, seat, action)
    except IllegalAction:  # legal in the real state, not in this world: skip the world
        return None


@dataclass
class RandomPlayer:
    game: Game[Any]

    def __call__(self, state: Any, seat: int, rng: random.Random) -> str:
        return rng.choice(self.game.legal_actions(state, seat))


@dataclass
class GreedyPlayer:
    """1-ply greedy: the action whose resulting position the game's measure likes best."""

    game: Game[Any]
    measure: Measure
    samples: int = 4

    def __call__(self, state: Any, seat: int, rng: random.Random) -> str:
        legal = self.game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        # The same worlds for every action (common random numbers).
        worlds = [self.measure.determinize(state, seat, rng) for _ in range(self.samples)]
        scored = [(self._worth(worlds, seat, action), action) for action in legal]
        best = max(score for score, _ in scored)
        return rng.choice([action for score, action in scored if score >= best - 1e-9])

    def _worth(self, worlds: list[Any], seat: int, action: str) -> float:
        values: list[float] = []
        for world in worlds:
            with watch_draws() as draws:
                after = _apply(self.game, world, seat, action)
            if after is None:
                continue
            values.append(self._after(after, seat))
            if draws.draws == 0 and self.measure.chance_only:
                break  # nothing thrown, nothing hidden that matters: one world says it all
        return sum(values) / len(values) if values else -2 * WIN

    def _after(self, state: Any, seat: int) -> float:
        """The position's worth; when the seat still acts, the best of its next actions."""
        game = self.game
        if game.outcome(state) is not None or seat not in game.to_act(state):
            return _value(game, self.measure, state, seat)
        best = -2 * WIN
        for action in game.legal_actions(state, seat):
            after = _apply(game, state, seat, action)
            if after is not None:
                best = max(best, _value(game, self.measure, after, seat))
        return best


@dataclass
class MonteCarloPlayer:
    """Flat Monte-Carlo: random play-outs per legal action, ``seconds`` of CPU time a move."""

    game: Game[Any]
    measure: Measure
    seconds: float = 0.2
    horizon: int = 40
    min_playouts: int = 2

    def __call__(self, state: Any, seat: int, rng: random.Random) -> str:
        game = self.game
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        totals = dict.fromkeys(legal, 0.0)
        counts = dict.fromkeys(legal, 0)
        started = time.thread_time()
        rounds = 0
        while rounds < self.min_playouts or time.thread_time() - started < self.seconds:
            rounds += 1
            for action in legal:
                world = self.measure.determinize(state, seat, rng)
                after = _apply(game, world, seat, action)
                if after is None:
                    continue
                totals[action] += self._playout(after, seat, rng)
                counts[action] += 1
        means = {a: totals[a] / counts[a] for a in legal if counts[a]}
        if not means:
            return rng.choice(legal)
        best = max(means.values())
        return rng.choice([action for action, mean in means.items() if mean >= best - 1e-9])

    def _playout(self, state: Any, seat: int, rng: random.Random) -> float:
        game = self.game
        for _ in range(self.horizon):
            acting = game.to_act(state)
            if not acting:
                break
            mover = rng.choice(sorted(acting))
            state = game.apply(state, mover, rng.choice(game.legal_actions(state, mover)))
        return _reward(game, self.measure, state, seat)


BASELINES = ("greedy", "mc", "random")


def baseline(name: str, game_name: str, *, mc_seconds: float = 0.2) -> Player:
    """The baseline ``name`` (``greedy``, ``mc`` or ``random``) for a game."""
    game = GAMES[game_name]
    if name == "random":
        return RandomPlayer(game)
    measure = MEASURES.get(game_name)
    if measure is None:
        raise ValueError(f"no {name} baseline for {game_name}: one of {', '.join(MEASURES)}")
    if name == "greedy":
        return GreedyPlayer(game, measure)
    if name == "mc":
        return MonteCarloPlayer(game, measure, seconds=mc_seconds)
    raise ValueError(f"unknown baseline {name!r}: one of {', '.join(BASELINES)}")
