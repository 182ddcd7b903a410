"""Rush Out! played at live pace: every seat acts as a person would, all at the same speed.

The physical game is real time: the sorcerer and every hero throw and place at once. This
discrete-event loop plays a match through the engine's clock API (``apply_at``,
``legal_actions_at``, ``ready_at``) so that balance is measured as people would play it:

* a **throw** happens as soon as the seat's cooldown allows it (``state.cooldown``, 2.5 s by
  default: the engine's stand-in for the time a pair of hands takes to throw);
* **every other action** (place, recall, a spell's choice, a check, buying...) takes the
  same **hand time** for every seat (``HAND_TIME``, 0.7 s): the seat's next action comes
  that much later;
* a seat that waits (for its cooldown, or with nothing to do) looks again one hand time
  after anything changes on the table, so a newly revealed card is seen by everyone alike;
* heroes act in parallel with each other and with the sorcerer.

A ``Policy`` chooses each seat's action (the engine's AI, or a baseline from
``bot.tools.rushout_players``); it may answer ``throw`` during a cooldown: the seat then
waits for it. Only the engine's public API is used.
"""

from __future__ import annotations

import heapq
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

from bot.games.base import DEFAULT_LEVEL
from bot.games.rushout import GAME, RushOutState
from bot.games.rushout.levels import HARD_HAND_TIME
from bot.games.rushout.state import THROW

#: Seconds every non-throw action takes, the same for every seat (as in hard's play-outs).
HAND_TIME: Final = HARD_HAND_TIME
#: A match longer than this (match seconds) is a bug in a policy or in the engine.
MAX_SECONDS: Final = 4 * 3600.0
MAX_ACTIONS: Final = 60_000

#: (state, seat, rng) -> an action legal for the seat now (``throw`` may wait for its cooldown).
Policy = Callable[[RushOutState, int, random.Random], str]


def ai_policy(state: RushOutState, seat: int, rng: random.Random) -> str:
    """The engine's own AI (``bot_action``)."""
    return GAME.bot_action(state, seat, rng)


def level_policy(level: str, cpu: list[float] | None = None) -> Policy:
    """The engine's AI at ``level`` (``bot.games.base.LEVELS``); ``cpu``, when given, gets
    each decision's CPU seconds."""
    if level == DEFAULT_LEVEL and cpu is None:
        return ai_policy

    def policy(state: RushOutState, seat: int, rng: random.Random) -> str:
        before = time.process_time()
        action = GAME.bot_action(state, seat, rng, level=level)
        if cpu is not None:
            cpu.append(time.process_time() - before)
        return action

    return policy


@dataclass
class LiveResult:
    winner: str  # "sorcerer" or "heroes"
    reason: str
    seconds: float  # match time at the end
    actions: int
    rounds: int
    ai_moves: int = 0
    policy_seconds: list[float] = field(default_factory=list)


def camp_of_outcome(state: RushOutState) -> str:
    outcome = GAME.outcome(state)
    assert outcome is not None
    sorcerer = GAME.view(state, None)["sorcerer"]["seat"]
    return "sorcerer" if sorcerer in outcome.winners else "heroes"


def play_live(
    players: int,
    seed: int,
    mode: str = "training1",
    policies: Mapping[int, Policy] | None = None,
    *,
    hand_time: float = HAND_TIME,
    active: set[int] | None = None,
    options: Mapping[str, object] | None = None,
    state: RushOutState | None = None,
    start: float = 0.0,
    until: float | None = None,
    timed: bool = False,
    observer: Callable[[RushOutState], None] | None = None,
) -> tuple[RushOutState, LiveResult | None]:
    """Play a match (from ``state`` at ``start``, or a new one) at live pace.

    ``policies``: per seat (default the engine's AI). ``active``: the seats that play (None:
    all); an inactive sorcerer still makes the round's first throw so the heroes may start,
    then does nothing (how "unopposed" heroes are timed). ``until``: stop at this match time
    (Monte-Carlo rollouts) and return the result None if the match has not ended.
    ``observer`` sees the state after each action. ``timed``: record each policy call's
    duration in the result.
    """
    if state is None:
        state = GAME.new_state(players, seed, {"mode": mode, **(options or {})})
    players = state.players
    policies = policies or {}
    rng = random.Random(seed * 7919 + 17)
    sorcerer = GAME.view(state, None)["sorcerer"]["seat"]
    seats = range(players)
    playing = set(seats) if active is None else set(active)
    wake = dict.fromkeys(seats, start)
    heap = [(start, seat) for seat in seats]
    heapq.heapify(heap)
    actions = 0
    seconds: list[float] = []
    while GAME.outcome(state) is None:
        now, seat = heapq.heappop(heap)
        if now != wake[seat]:
            continue  # rescheduled meanwhile
        if until is not None and now > until:
            return state, None
        if now > MAX_SECONDS or actions > MAX_ACTIONS:
            raise RuntimeError(f"rushout {mode} seed {seed}: no end after {now:.0f} s")
        wake[seat] = float("inf")
        legal = GAME.legal_actions_at(state, seat, now)
        if seat not in playing:
            # An absent sorcerer only starts each round (heroes wait for his first throw).
            if not (seat == sorcerer and THROW in legal and not GAME.view(state, None)["started"]):
                continue
            action = THROW
        elif not legal:
            ready = GAME.ready_at(state, seat)
            if ready > now:  # cooling down: look again when the hands are free
                wake[seat] = ready
                heapq.heappush(heap, (ready, seat))
            continue  # else woken again when the table changes
        else:
            policy = policies.get(seat, ai_policy)
            before = time.perf_counter()
            action = policy(state, seat, rng)
            if timed:
                seconds.append(time.perf_counter() - before)
            if action == THROW and THROW not in legal:
                ready = GAME.ready_at(state, seat)
                if ready > now:
                    wake[seat] = ready
                    heapq.heappush(heap, (ready, seat))
                continue  # waits for its cooldown (or cannot throw: woken on a change)
        state = GAME.apply_at(state, seat, action, now)
        actions += 1
        if observer is not None:
            observer(state)
        nxt = now + hand_time
        wake[seat] = nxt
        heapq.heappush(heap, (nxt, seat))
        for other in seats:
            if other != seat and wake[other] > nxt:
                wake[other] = nxt
                heapq.heappush(heap, (nxt, other))
    view = GAME.view(state, None)
    outcome = GAME.outcome(state)
    assert outcome is not None
    result = LiveResult(
        winner=camp_of_outcome(state),
        reason=outcome.reason,
        seconds=view["clock"]["now"],
        actions=actions,
        rounds=view["round"],
        ai_moves=len(seconds),
        policy_seconds=seconds,
    )
    return state, result
