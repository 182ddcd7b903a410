"""A searching AI for any engine: information-set Monte-Carlo tree search (SO-ISMCTS).

A seat cannot see the others' hands, the deck's order or the dice to come, so the search
never plays on the real state: each iteration first samples a world the seat cannot tell
from the real one (``Determinize``: the hidden cards dealt again at random, the random
generator reseeded), then walks one tree shared by all those worlds. Actions are the
engine's own strings, so a node's children are the actions seen legal in the worlds that
reached it; UCB counts how often each was available (Cowling, Powley & Whitehouse 2012).

Each game tunes it (``SearchSettings``) to what its budget allows: the root's candidates
can be limited to the normal AI's best few (``Prior``), the tree's depth capped (depth 1 is
a flat search over the root's candidates), play-outs run the game's normal AI for a few
actions or until a stop condition (e.g. the searching seat's next turn), then a heuristic
value in [0, 1] stands for the rest. Worlds can be drawn in a fixed set cycled through
(``worlds``), so the candidates are compared on the same dice (common random numbers).

Only ``determinize`` looks at the state's hidden parts, and it must draw the hidden
information from what the seat can see alone (e.g. shuffle the unseen cards gathered in a
canonical order): then, with a fixed seed, the choice is the same whatever the hidden
cards really are.

The budget is a number of iterations (what tests rely on) and, as a safety net, a time
bound: this module is the one place of ``bot.games`` that reads a clock, and only to stop
thinking. ``deterministic()`` switches the clock off (tests: the same seed gives the same
choice on a busy machine).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from bot.games.base import Outcome

StateT = TypeVar("StateT")
StateT_contra = TypeVar("StateT_contra", contravariant=True)

#: Exploration constant of UCB1 for rewards in [0, 1].
EXPLORATION = 0.7


class Model(Protocol[StateT]):
    """What the search needs of a game: the engine itself, or a faster stand-in with the
    same rules (``apply`` trusting that the action is legal)."""

    def to_act(self, state: StateT) -> frozenset[int]: ...

    def legal_actions(self, state: StateT, seat: int) -> list[str]: ...

    def apply(self, state: StateT, seat: int, action: str) -> StateT: ...

    def outcome(self, state: StateT) -> Outcome | None: ...


class Determinize(Protocol[StateT]):
    def __call__(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A state the seat cannot tell from ``state``: hidden information redrawn from what
        ``seat`` can see, the random generator reseeded from ``rng``."""
        ...


#: A state's worth to a seat in [0, 1] (1: as good as won), for play-outs cut short.
Evaluate = Callable[[StateT_contra, int], float]
#: An action chosen for a seat (the normal AI, or a cheaper one, used in play-outs).
Policy = Callable[[StateT_contra, int, random.Random], str]
#: The root's candidates, best first (e.g. the normal AI's best few), or None for all.
Prior = Callable[[StateT_contra, int, random.Random], "list[str] | None"]
#: Whether a play-out stops here (``seat`` is the searching seat), e.g. at its next turn.
Stop = Callable[[StateT_contra, int], bool]
#: A fixed set of worlds with their weights (e.g. every roll of the dice to come, each
#: once, weighted by its chance), for ``halving`` searches: ``(state, seat, rng)``.
Worlds = Callable[[StateT, int, random.Random], "list[tuple[StateT, float]]"]


@dataclass(frozen=True)
class SearchBudget:
    """How much a move may think: ``iterations`` (the deterministic bound tests rely on)
    and ``seconds`` of wall-clock time (a safety net on a busy machine; checked once
    ``min_iterations`` are done)."""

    iterations: int = 300
    seconds: float = 0.15
    min_iterations: int = 8


@dataclass(frozen=True)
class SearchSettings:
    """How a game searches: tree depth, play-out length, the world set, the budget."""

    budget: SearchBudget = SearchBudget()
    #: Nodes deeper than this are not expanded (1: a flat search over the root's actions).
    max_depth: int = 1_000
    #: Actions of the play-out policy after the tree, before the evaluation (0: none).
    playout_actions: int = 24
    #: Worlds drawn once and cycled through (common random numbers); 0: a new world for
    #: every iteration.
    worlds: int = 0
    exploration: float = EXPLORATION
    #: ``tree``: SO-ISMCTS, UCB from the root down. ``halving``: a flat search in which
    #: every candidate still in the running plays the same worlds, the worse half dropped
    #: after each of ``log2(candidates)`` rounds (sequential halving: the best use of a
    #: small budget, and fair comparisons on the same dice).
    root: str = "tree"


@dataclass
class _Node:
    visits: int = 0
    reward: float = 0.0  # summed rewards of the seat that acted to reach this node
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)


_CLOCK_ON: ContextVar[bool] = ContextVar("search_clock_on", default=True)


@contextlib.contextmanager
def deterministic() -> Iterator[None]:
    """Within this context searches stop on their iteration count alone (no clock), so the
    same seed gives the same choice however busy the machine is."""
    token = _CLOCK_ON.set(False)
    try:
        yield
    finally:
        _CLOCK_ON.reset(token)


class Deadline:
    """A time bound for a search that is not a ``Searcher`` (it reads the clock the same way
    and ``deterministic()`` switches it off)."""

    def __init__(self, seconds: float) -> None:
        self.clock = _CLOCK_ON.get()
        self.at = time.perf_counter() + seconds

    def passed(self) -> bool:
        return self.clock and time.perf_counter() > self.at


@dataclass
class Searcher(Generic[StateT]):
    """SO-ISMCTS for one game: its rules, its determinizer, its evaluation and policy."""

    model: Model[StateT]
    determinize: Determinize[StateT]
    evaluate: Evaluate[StateT]
    policy: Policy[StateT]
    settings: SearchSettings = SearchSettings()
    prior: Prior[StateT] | None = None
    stop: Stop[StateT] | None = None
    #: The world set of ``halving`` searches (default: ``settings.worlds`` determinized).
    worlds: Worlds[StateT] | None = None

    def choose(self, state: StateT, seat: int, rng: random.Random) -> str:
        legal = self.model.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        candidates = legal
        if self.prior is not None:
            preferred = self.prior(state, seat, rng)
            if preferred:
                candidates = [action for action in preferred if action in legal] or legal
        if len(candidates) == 1:
            return candidates[0]
        if self.settings.root == "halving":
            return self.halving(state, seat, rng, candidates)
        return self.search(state, seat, rng, candidates)

    def halving(self, state: StateT, seat: int, rng: random.Random, candidates: list[str]) -> str:
        """Sequential halving over the candidates, each judged on the same worlds."""
        settings = self.settings
        budget = settings.budget
        if self.worlds is not None:
            worlds = self.worlds(state, seat, rng)
        else:
            count = max(1, settings.worlds or budget.iterations // len(candidates))
            worlds = [(self.determinize(state, seat, rng), 1.0) for _ in range(count)]
        alive = list(candidates)
        totals = dict.fromkeys(candidates, 0.0)
        weights = dict.fromkeys(candidates, 0.0)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        clock = _CLOCK_ON.get()
        deadline = time.perf_counter() + budget.seconds
        spent = 0
        position = 0
        for round_index in range(rounds):
            share = (budget.iterations - spent) // (rounds - round_index)
            passes = max(1, share // len(alive))
            for _ in range(passes):
                if clock and spent >= budget.min_iterations and time.perf_counter() > deadline:
                    break
                world, weight = worlds[position % len(worlds)]
                position += 1
                for action in alive:
                    totals[action] += weight * self._judge(world, seat, action, rng)
                    weights[action] += weight
                    spent += 1
            if len(alive) > 1:
                alive.sort(key=lambda a: -totals[a] / weights[a] if weights[a] else 0.0)
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        best = max(
            (a for a in candidates if weights[a]),
            key=lambda a: totals[a] / weights[a],
            default=candidates[0],
        )
        return best

    def _judge(self, world: StateT, seat: int, action: str, rng: random.Random) -> float:
        """The seat's reward for ``action`` in ``world``, played on by the policy."""
        if action not in self.model.legal_actions(world, seat):
            return 0.0
        after = self.model.apply(world, seat, action)
        return self._playout(after, seat, rng)(seat)

    def search(self, state: StateT, seat: int, rng: random.Random, candidates: list[str]) -> str:
        """The candidate the search likes best (the most visited, then the best mean)."""
        settings = self.settings
        budget = settings.budget
        root = _Node()
        seeds = [rng.getrandbits(63) for _ in range(settings.worlds)]
        clock = _CLOCK_ON.get()
        deadline = time.perf_counter() + budget.seconds
        for iteration in range(budget.iterations):
            if clock and iteration >= budget.min_iterations and time.perf_counter() > deadline:
                break
            world_rng = random.Random(seeds[iteration % len(seeds)]) if seeds else rng
            world = self.determinize(state, seat, world_rng)
            self._iterate(root, world, seat, rng, candidates)
        tried = [(a, root.children[a]) for a in candidates if a in root.children]
        tried = [(a, node) for a, node in tried if node.visits]
        if not tried:
            return candidates[0]
        return max(tried, key=lambda item: (item[1].visits, item[1].reward / item[1].visits))[0]

    def _iterate(
        self,
        root: _Node,
        world: StateT,
        seat: int,
        rng: random.Random,
        candidates: list[str],
    ) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        depth = 0
        exploration = self.settings.exploration
        while depth < self.settings.max_depth:
            mover = self._mover(world, seat)
            if mover is None:
                break
            if depth == 0:
                legal = [a for a in candidates if a in self.model.legal_actions(world, mover)]
            else:
                legal = self.model.legal_actions(world, mover)
            if not legal:
                break
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node()
                child.available += 1
            untried = [action for action in legal if node.children[action].visits == 0]
            if untried:
                action = untried[0] if depth == 0 else rng.choice(untried)
            else:
                action = max(legal, key=lambda a: _ucb(node.children[a], exploration))
            world = self.model.apply(world, mover, action)
            node = node.children[action]
            path.append((node, mover))
            depth += 1
            if node.visits == 0:
                break
        rewards = self._playout(world, seat, rng)
        for visited, mover in path:
            visited.visits += 1
            visited.reward += rewards(mover)
        root.visits += 1

    def _mover(self, world: StateT, seat: int) -> int | None:
        """Who acts next in a world: the searching seat when it may, else the first other."""
        acting = self.model.to_act(world)
        if not acting:
            return None
        return seat if seat in acting else min(acting)

    def _playout(self, world: StateT, seat: int, rng: random.Random) -> Callable[[int], float]:
        for _ in range(self.settings.playout_actions):
            if self.stop is not None and self.stop(world, seat):
                break
            mover = self._mover(world, seat)
            if mover is None:
                break
            world = self.model.apply(world, mover, self.policy(world, mover, rng))
        outcome = self.model.outcome(world)
        if outcome is not None:
            return lambda who: outcome_reward(outcome, who)
        final = world
        return lambda who: self.evaluate(final, who)


def outcome_reward(outcome: Outcome, seat: int) -> float:
    """1 for a win, a share of it for a shared win, 0 for a loss."""
    if seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


def squash(advantage: float, scale: float) -> float:
    """An advantage (a heuristic's difference between a seat and its rivals) as a reward in
    (0, 1): 0.5 for even, ``scale`` the advantage worth about 73%."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, advantage / scale))))


def _ucb(node: _Node, exploration: float) -> float:
    mean = node.reward / node.visits
    return mean + exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)


def reseeded(rng: random.Random) -> int:
    """A fresh seed for a world's random generator (the dice to come are unknown)."""
    return rng.getrandbits(63)


__all__ = [
    "Deadline",
    "Determinize",
    "Evaluate",
    "Model",
    "Policy",
    "Prior",
    "SearchBudget",
    "SearchSettings",
    "Searcher",
    "Stop",
    "deterministic",
    "outcome_reward",
    "reseeded",
    "squash",
]
