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

Fireship lists every cell each pawn may reach: up to ~2,800 legal actions in a turn, and
listing them costs 1 to 9 ms (a path search per pawn). Its greedy and MC players weigh
a pruned list (``fireship_candidates``: of each pawn's moves only the cheapest that ends
nearest an island not yet its seat's, the only moves its measure can prefer; a few
whirlpool cells), judge the position after the action itself (a turn is a long run of the
same seat's actions), and MC plays out with ``fireship_playout`` (random legal play that
needs no full list, applied by the engine's rules module without the engine checking it
again: the one place a baseline goes under the public API): see those functions.

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
from bot.games.fireship import data as fireship_data
from bot.games.fireship import levels as fireship_levels
from bot.games.fireship import rules as fireship_rules
from bot.games.fireship.combat import attack_actions
from bot.games.fireship.data import Cell
from bot.games.fireship.state import (
    ACT,
    HOME_EXITS,
    ISLAND_RING,
    ORTHOGONAL,
    FireshipState,
    clone,
    pawns_in_square,
)
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
#: (state, seat, legal, rng) -> the legal actions a baseline weighs (a pruned list).
Candidates = Callable[[Any, int, list[str], random.Random], list[str]]
#: (state, seat, rng) -> the state after one random legal action of the seat (a play-out).
PlayoutStep = Callable[[Any, int, random.Random], Any]

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


# Fireship: orthogonal steps from every sea cell to the ring of cells within 1 of each island
# (where an attack on it is led from), pawns ignored (planes fly over them, boats go around).
def _ring_steps(island: int) -> dict[Cell, int]:
    steps = dict.fromkeys(ISLAND_RING[island], 0)
    frontier = list(steps)
    while frontier:
        following = []
        for cell in frontier:
            for nxt in ORTHOGONAL[cell]:
                if nxt not in steps:
                    steps[nxt] = steps[cell] + 1
                    following.append(nxt)
        frontier = following
    return steps


FIRESHIP_STEPS: dict[int, dict[Cell, int]] = {
    island: _ring_steps(island) for island in fireship_data.ISLAND_IDS
}
#: The same from each seat's home (1 point to leave it onto a cell next to it).
FIRESHIP_HOME_STEPS: tuple[dict[int, int], ...] = tuple(
    {island: 1 + min(FIRESHIP_STEPS[island][c] for c in exits) for island in FIRESHIP_STEPS}
    for exits in HOME_EXITS
)
FIRESHIP_ISLAND = 6.0  # an island: more than any pawn (a battleship is 4)
FIRESHIP_NEAR = 10  # steps from an island under which a pawn counts as getting nearer
FIRESHIP_HELD = 0.25  # a card or badge held (how many each seat holds is public)


def _fireship_steps(seat: int, cell: Cell | None, targets: list[int]) -> int:
    """Steps from a cell (None: the seat's home, 1 point to leave) to the nearest target."""
    if not targets:
        return 0
    if cell is None:
        return min(FIRESHIP_HOME_STEPS[seat][i] for i in targets)
    return min(FIRESHIP_STEPS[i][cell] for i in targets)


def _fireship_targets(state: FireshipState, seat: int) -> list[int]:
    return [i for i in fireship_data.ISLAND_IDS if state.islands[i - 1] != seat]


def fireship_advantage(state: FireshipState, seat: int) -> float:
    """Islands count most (all nine win; the most islands wins at the time limit), 6 each;
    then each pawn on the board (home included) its combat value (boat 1, plane 2,
    battleship 4) and up to as much again the nearer it stands to an island not yet its
    seat's (a tenth per step under 10: next to it, it leads or backs an attack); 0.25 per
    card or badge held (their number is public; which cards, the seat's own secret, is
    not read). A seat out has lost; a rival out is no rival any more."""

    def worth(index: int) -> float:
        me = state.seats[index]
        targets = _fireship_targets(state, index)
        total = FIRESHIP_ISLAND * (len(fireship_data.ISLAND_IDS) - len(targets))
        for pawn in state.seat_pawns(index):
            steps = _fireship_steps(index, pawn.cell, targets)
            nearer = max(0, FIRESHIP_NEAR - steps) / FIRESHIP_NEAR
            total += fireship_data.PAWN_VALUE[pawn.kind] * (1.0 + nearer)
        return total + FIRESHIP_HELD * (len(me.hand) + sum(me.badges.values()))

    if state.seats[seat].out:
        return -WIN
    rivals = [worth(s) for s in range(state.players) if s != seat and not state.seats[s].out]
    return worth(seat) - max(rivals, default=0.0)


#: The whirlpool cells the baselines weigh, at most (those that may strike someone else's).
FIRESHIP_WHIRLPOOLS = 4


def fireship_candidates(
    state: FireshipState, seat: int, legal: list[str], rng: random.Random
) -> list[str]:
    """The Fireship actions the greedy and MC players weigh: every legal action but moves
    and whirlpools; of each pawn's moves, one of the cheapest among those ending nearest an
    island not yet the seat's (``fireship_advantage`` can prefer no other move of that
    pawn: a move changes nothing else it reads, so greedy loses only its tie-break, now
    the points left for the other pawns); of the whirlpool cells, at most 4 at random among
    those whose 3 x 3 holds a boat or battleship not the seat's (another does nothing)."""
    targets = _fireship_targets(state, seat)
    kept: list[str] = []
    moves: dict[str, list[tuple[int, int, str]]] = {}
    whirlpools: list[str] = []
    for action in legal:
        words = action.split()
        if words[0] == "move":
            pawn = state.pawns[words[1]]
            cell = fireship_data.parse_cell(words[2])
            assert cell is not None
            steps = _fireship_steps(seat, cell, targets)
            cost = fireship_rules.reach(state, pawn)[cell]
            moves.setdefault(pawn.id, []).append((steps, cost, action))
        elif words[0] == "tourbillon":
            cell = fireship_data.parse_cell(words[1])
            assert cell is not None
            hit = pawns_in_square(state, cell, fireship_data.WHIRLPOOL_REACH)
            if any(p.seat != seat and p.kind != fireship_data.PLANE for p in hit):
                whirlpools.append(action)
        else:
            kept.append(action)
    for options in moves.values():
        best = min((steps, cost) for steps, cost, _ in options)
        kept.append(rng.choice([a for steps, cost, a in options if (steps, cost) == best]))
    kept += rng.sample(whirlpools, min(len(whirlpools), FIRESHIP_WHIRLPOOLS))
    return kept


def _random_move(state: FireshipState, seat: int, rng: random.Random) -> str | None:
    pawns = fireship_rules.movers(state, seat)
    if state.points <= 0 or state.attacked or not pawns:
        return None
    pawn = rng.choice(pawns)
    cells = sorted(fireship_rules.reach(state, pawn))
    return f"move {pawn.id} {fireship_data.cell_name(rng.choice(cells))}" if cells else None


def fireship_random_action(state: FireshipState, seat: int, rng: random.Random) -> str:
    """A random legal action of the seat for a play-out, drawn without listing every move:
    while moving and attacking, the end of the turn, an attack or a move, each as likely
    (an attack or a move that is not there: the end), a move being a random pawn's to a
    random cell it may reach; elsewhere a random action of the step (a roll, a special
    square's use or skip, a choice, the end with or without Brouillard). Boums and
    whirlpools are left to the root."""
    if state.phase != ACT:
        legal = fireship_rules.legal_actions(state, seat)
        return rng.choice([a for a in legal if not a.startswith(("boum ", "tourbillon "))])
    action: str | None = None
    kind = rng.randrange(3)
    if kind == 1:
        attacks = attack_actions(state, seat)
        action = rng.choice(attacks) if attacks else None
    elif kind == 2:
        action = _random_move(state, seat, rng)
    return action or rng.choice(fireship_rules.end_actions(state, seat))


def fireship_playout(state: FireshipState, seat: int, rng: random.Random) -> FireshipState:
    """The state after ``fireship_random_action``: the action, taken from the rules' own
    lists, is applied by the engine's rules without listing them all again to check it."""
    world = clone(state)
    fireship_rules.apply_turn_action(world, seat, fireship_random_action(state, seat, rng))
    world.events = []
    return world


@dataclass(frozen=True)
class Measure:
    advantage: Advantage
    scale: float  # an advantage worth about 3 wins in 4 (MC play-outs cut short)
    determinize: Determinize
    #: Hidden information changes an action's result only through the dice it throws
    #: (Ruship hides nothing; Rush'n'Crush's hidden cards answer tests): an action that
    #: throws nothing is judged in one world.
    chance_only: bool
    #: The legal actions weighed (all of them when None).
    candidates: Candidates | None = None
    #: Greedy judges a position where the same seat still acts by its best next action.
    lookahead: bool = True
    #: One random legal action in a play-out (a uniformly random one when None).
    playout: PlayoutStep | None = None
    horizon: int = 40  # MC's play-outs, in actions


MEASURES: dict[str, Measure] = {
    "ruship": Measure(ruship_advantage, 30.0, ruship_ai.determinize, True),
    "bugrace": Measure(bugrace_advantage, 4.0, bugrace_ai.determinize, False),
    "rushncrush": Measure(rushncrush_advantage, 8.0, rushncrush_ai.determinize, True),
    # Hidden cards answer attacks, Boums, Krakens and whirlpools without a die: every world.
    "fireship": Measure(
        fireship_advantage,
        FIRESHIP_ISLAND,
        fireship_levels.determinize,
        False,
        candidates=fireship_candidates,
        lookahead=False,
        playout=fireship_playout,
        horizon=40,
    ),
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
        if self.measure.candidates is not None:
            legal = self.measure.candidates(state, seat, legal, rng)
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
        if (
            not self.measure.lookahead
            or game.outcome(state) is not None
            or seat not in game.to_act(state)
        ):
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
        if self.measure.candidates is not None:
            legal = self.measure.candidates(state, seat, legal, rng)
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
            if self.measure.playout is not None:
                state = self.measure.playout(state, mover, rng)
            else:
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
        return MonteCarloPlayer(game, measure, seconds=mc_seconds, horizon=measure.horizon)
    raise ValueError(f"unknown baseline {name!r}: one of {', '.join(BASELINES)}")
