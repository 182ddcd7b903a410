"""The AI: a real player that drafts the cards its hand plays out best (minding what it
passes on) and plays its hand in the order that takes its bug furthest."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from bot.games.bugrace.rules import (
    DONE,
    DRAFT,
    KEEP,
    MOVE_BODY,
    MOVE_LEG,
    PLAY_CARD,
    BugRaceState,
    receiver,
)
from bot.games.bugrace.track import (
    CARDS,
    FRONT_FIRST,
    LEGS,
    ROWS,
    Bug,
    can_move_body,
    can_move_leg,
    canonical,
    tiebreak_key,
    with_body_moves,
)

#: The lowest rows from which the body can make its last move (6 -> 7): legs all on row 6 or
#: beyond, kept in order on each side. Leg moves below these rows are the work still to do.
FINISH_LEG_ROW: Final = {"H": 6, "M": 7, "F": 8}
FINISH_BONUS: Final = 1000.0
WORK_WEIGHT: Final = 10.0
TAIL_WEIGHT: Final = 2.0
MOBILITY_WEIGHT: Final = 1.0
HARM_WEIGHT: Final = 0.5  # how much a card passed to the next seat counts against keeping


def work_left(bug: Bug) -> int:
    return sum(max(0, FINISH_LEG_ROW[leg[1]] - bug.row(leg)) for leg in LEGS)


def position_score(bug: Bug) -> float:
    """Higher is better: finished first, then less leg work, a body further on, free legs."""
    if bug.finished:
        hind, middle, front = tiebreak_key(bug)
        return FINISH_BONUS + hind + middle / ROWS**2 + front / ROWS**4
    free_legs = sum(can_move_leg(bug, leg) for leg in LEGS)
    return -WORK_WEIGHT * work_left(bug) + TAIL_WEIGHT * bug.tail + MOBILITY_WEIGHT * free_legs


@lru_cache(maxsize=65_536)
def play_out_card(bug: Bug, legs: frozenset[str]) -> Bug:
    """The bug after a card moves every shown leg it can, the body moving whenever it can.

    A move only ever frees other moves (a leg leaves a slot, the body lifts the front
    limit), so this greedy order reaches the best position a card allows.
    """
    left = set(legs)
    bug = with_body_moves(bug)
    progress = True
    while progress:
        progress = False
        for leg in FRONT_FIRST:
            if leg in left and can_move_leg(bug, leg):
                bug = with_body_moves(bug.moved_leg(leg))
                left.discard(leg)
                progress = True
    return bug


def best_order(bug: Bug, cards: Iterable[int]) -> tuple[float, list[int]]:
    """The best score a hand can reach and the card orders that reach it."""
    best_score = -float("inf")
    best_firsts: list[int] = []
    for order in set(itertools.permutations(sorted(cards))):
        end = bug
        for card in order:
            end = play_out_card(end, CARDS[card])
        score = position_score(end)
        if score > best_score:
            best_score, best_firsts = score, [order[0]]
        elif score == best_score and order[0] not in best_firsts:
            best_firsts.append(order[0])
    return best_score, sorted(best_firsts)


def card_gain(bug: Bug, card: int) -> float:
    return position_score(play_out_card(bug, CARDS[card])) - position_score(bug)


def choose_keep(state: BugRaceState, seat: int, rng: random.Random) -> int:
    mine = state.seat(seat)
    next_bug = state.seat(receiver(state, seat)).bug
    values: dict[int, float] = {}
    for card in set(mine.offer):
        rest = list(mine.offer)
        rest.remove(card)
        mine_value, _ = best_order(mine.bug, (*mine.hand, card))
        harm = max((card_gain(next_bug, other) for other in rest), default=0.0)
        values[card] = mine_value - HARM_WEIGHT * harm
    top = max(values.values())
    best = {canonical(mine.offer, card) for card, value in values.items() if value == top}
    return rng.choice(sorted(best))


def choose_play(state: BugRaceState, seat: int, rng: random.Random) -> str:
    mine = state.seat(seat)
    if can_move_body(mine.bug):
        return MOVE_BODY
    if mine.current is not None:
        shown = CARDS[mine.current]
        for leg in FRONT_FIRST:
            if leg in shown and leg not in mine.moved and can_move_leg(mine.bug, leg):
                return f"{MOVE_LEG} {leg}"
        return DONE
    if mine.hand:
        _, firsts = best_order(mine.bug, mine.hand)
        return f"{PLAY_CARD} {rng.choice(sorted({canonical(mine.hand, c) for c in firsts}))}"
    return DONE


def choose_action(state: BugRaceState, seat: int, rng: random.Random) -> str:
    """The AI's action: a card to keep in the draft, else its next play."""
    if state.phase == DRAFT:
        return f"{KEEP} {choose_keep(state, seat, rng)}"
    return choose_play(state, seat, rng)
