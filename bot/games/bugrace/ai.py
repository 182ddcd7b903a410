"""The AI: a real player that drafts the cards its hand plays out best (minding what it
passes on) and plays its hand in the order that takes its bug furthest."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Final

from bot.games.base import Outcome, SeededRng
from bot.games.bugrace.rules import (
    DONE,
    DRAFT,
    DRAFT_SIZE,
    KEEP,
    LEFT,
    MOVE_BODY,
    MOVE_LEG,
    PLAY_CARD,
    RIGHT,
    BugRaceState,
    SeatState,
    execute,
    legal_texts,
    parse_action,
    receiver,
    seats_to_act,
)
from bot.games.bugrace.track import (
    CARDS,
    DECK_SIZE,
    FRONT_FIRST,
    LEG_AHEAD,
    LEG_REACH_AHEAD,
    LEGS,
    ROWS,
    Bug,
    can_move_body,
    can_move_leg,
    canonical,
    tiebreak_key,
    with_body_moves,
)
from bot.games.search import SearchBudget, Searcher, SearchSettings, squash

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


@lru_cache(maxsize=65_536)
def position_score(bug: Bug) -> float:
    """Higher is better: finished first, then less leg work, a body further on, free legs."""
    if bug.finished:
        hind, middle, front = tiebreak_key(bug)
        return FINISH_BONUS + hind + middle / ROWS**2 + front / ROWS**4
    free_legs = sum(_free(bug, leg) for leg in LEGS)
    return -WORK_WEIGHT * work_left(bug) + TAIL_WEIGHT * bug.tail + MOBILITY_WEIGHT * free_legs


def _free(bug: Bug, leg: str) -> bool:
    """``can_move_leg`` without building the refusal: one row forward, on the track, within
    reach of the body, the slot ahead free."""
    target = bug.row(leg) + 1
    if target > ROWS or target > bug.tail + LEG_REACH_AHEAD:
        return False
    ahead = LEG_AHEAD[leg]
    return ahead is None or bug.row(ahead) != target


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
            if leg in left and _free(bug, leg):
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


@lru_cache(maxsize=65_536)
def played_hand(bug: Bug, cards: tuple[int, ...]) -> Bug:
    """The bug once a hand is played in the best order (``best_order``'s end position)."""
    best_score, best_end = -float("inf"), bug
    for order in set(itertools.permutations(sorted(cards))):
        end = bug
        for card in order:
            end = play_out_card(end, CARDS[card])
        score = position_score(end)
        if score > best_score:
            best_score, best_end = score, end
    return best_end


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


def determinize(state: BugRaceState, seat: int, rng: random.Random) -> BugRaceState:
    """A race ``seat`` cannot tell from ``state``: every card it cannot see (the others'
    packets and hands, the draw pile, the discard) dealt again at random from those cards
    gathered in id order, each pile keeping its size; the random generator reseeded."""
    mine = state.seat(seat)
    seen = {*mine.offer, *mine.passing, *mine.hand}
    for other in state.seats:
        seen.update(other.played)
    unseen = [card for card in range(DECK_SIZE) if card not in seen]
    rng.shuffle(unseen)

    def deal(count: int) -> tuple[int, ...]:
        dealt = tuple(unseen[len(unseen) - count :]) if count else ()
        del unseen[len(unseen) - count :]
        return dealt

    seats: list[SeatState] = []
    for index, other in enumerate(state.seats):
        if index == seat:
            seats.append(other)
            continue
        seats.append(
            replace(
                other,
                offer=deal(len(other.offer)),
                passing=deal(len(other.passing)),
                hand=deal(len(other.hand)),
            )
        )
    draw_pile = deal(len(state.draw_pile))
    discard = deal(len(state.discard))
    return replace(
        state,
        seats=tuple(seats),
        draw_pile=draw_pile,
        discard=discard,
        rng=SeededRng(rng.getrandbits(63)).state,
    )


# --- levels ----------------------------------------------------------------------------------
#: Hard judges its draft choices by playing the race on for this many rounds.
HARD_ROUNDS = 1
#: Hard compares its draft choices in the same sampled worlds (sequential halving).
HARD_SETTINGS = SearchSettings(
    budget=SearchBudget(iterations=160, seconds=0.16, min_iterations=8),
    max_depth=1,
    playout_actions=40,
    root="halving",
)
#: A lead in ``position_score`` worth about 3 wins in 4: a little over a leg move.
HARD_SCALE = 12.0


def level_action(state: BugRaceState, seat: int, rng: random.Random, level: str) -> str:
    """The AI's action at ``level``: ``easy``, ``normal`` or ``hard``."""
    if level == "easy":
        return easy_action(state, seat, rng)
    if level == "hard" and state.phase == DRAFT:
        return hard_keep(state, seat, rng)
    return choose_action(state, seat, rng)


def easy_action(state: BugRaceState, seat: int, rng: random.Random) -> str:
    """A beginner's race: keeps a card showing the most legs it can move now (whatever it
    passes on), plays its cards in any order, each moving every leg it can (the body
    whenever it can)."""
    mine = state.seat(seat)
    if state.phase == DRAFT:
        movable = {card: sum(_free(mine.bug, leg) for leg in CARDS[card]) for card in mine.offer}
        most = max(movable.values())
        keep = rng.choice([card for card in mine.offer if movable[card] == most])
        return f"{KEEP} {canonical(mine.offer, keep)}"
    if can_move_body(mine.bug):
        return MOVE_BODY
    if mine.current is None and mine.hand:
        return f"{PLAY_CARD} {canonical(mine.hand, rng.choice(mine.hand))}"
    return choose_play(state, seat, rng)


def hard_keep(state: BugRaceState, seat: int, rng: random.Random) -> str:
    """The draft card kept by search: each choice tried in the same sampled worlds (the cards
    this seat cannot see dealt again), the draft finished by the normal AI for every seat,
    then every hand played the normal AI's way (its best order); the choice whose rounds
    end best for this seat."""
    round_now = state.round

    def stop(world: BugRaceState, _seat: int) -> bool:
        return world.phase != DRAFT or world.round != round_now

    searcher = Searcher(
        model=_MODEL,
        determinize=determinize,
        evaluate=round_value,
        policy=choose_action,
        settings=HARD_SETTINGS,
        prior=None,
        stop=stop,
    )
    return searcher.choose(state, seat, rng)


def round_value(state: BugRaceState, seat: int) -> float:
    """``seat``'s chance in the race from the start of a play phase: the rest of the race
    played quickly (``race_rest``), every seat playing as the normal AI does."""
    return race_rest(state, seat, HARD_ROUNDS)


def race_rest(state: BugRaceState, seat: int, rounds: int) -> float:
    """The race from the start of a play phase, played on for at most ``rounds`` rounds the
    normal AI's way (each hand in its best order; each draft keeping the card the normal
    AI keeps), without the engine: 1 for a win, a share of it for a shared win, 0 for a
    loss; unfinished, how far ahead ``seat``'s bug is (``position_score``) in [0, 1]. An
    expert draft (passing on three cards) is not simulated: its round's end is judged."""
    racing = state.racing()
    bugs = {s: state.seat(s).bug for s in racing}
    hands = {s: state.seat(s).hand for s in racing}
    pile = list(state.draw_pile)
    discard = [*state.discard, *(card for s in racing for card in state.seat(s).played)]
    rng = random.Random(state.rng)
    round_number = state.round
    for _ in range(rounds):
        for s in racing:
            discard += hands[s]
            bugs[s] = played_hand(bugs[s], tuple(sorted(hands[s])))
        finishers = [s for s in racing if bugs[s].finished]
        if finishers:
            top = max(tiebreak_key(bugs[s]) for s in finishers)
            winners = [s for s in finishers if tiebreak_key(bugs[s]) == top]
            return 1.0 / len(winners) if seat in winners else 0.0
        if state.expert:
            break
        round_number += 1
        offers: dict[int, list[int]] = {}
        for s in racing:
            offers[s] = []
            for _draw in range(DRAFT_SIZE[False]):
                if not pile:
                    rng.shuffle(discard)
                    pile, discard = discard, []
                offers[s].append(pile.pop())
        step = _pass_step(state, round_number)
        kept: dict[int, int] = {}
        for index, s in enumerate(racing):
            receiver_bug = bugs[racing[(index + step) % len(racing)]]
            kept[s] = _keep(bugs[s], offers[s], receiver_bug)
        for index, s in enumerate(racing):
            giver = racing[(index - step) % len(racing)]
            passed = list(offers[giver])
            passed.remove(kept[giver])
            hands[s] = (kept[s], *passed)
    mine = position_score(bugs[seat])
    others = [position_score(bugs[s]) for s in racing if s != seat]
    return squash(mine - max(others), HARD_SCALE) if others else 1.0


def _pass_step(state: BugRaceState, round_number: int) -> int:
    """+1 or -1: where this round's draft packets go (``rules.pass_step``)."""
    return RIGHT if round_number % 2 == 1 else LEFT


def _keep(bug: Bug, offer: list[int], receiver_bug: Bug) -> int:
    """The card the normal AI keeps from a two-card packet with an empty hand."""
    best_value, best = -float("inf"), offer[0]
    for card in offer:
        rest = list(offer)
        rest.remove(card)
        value = position_score(played_hand(bug, (card,)))
        value -= HARM_WEIGHT * max((card_gain(receiver_bug, c) for c in rest), default=0.0)
        if value > best_value:
            best_value, best = value, card
    return best


class _Model:
    """The rules for the search, as the engine plays them (without checking again an
    action the search took from ``legal_actions``, nor keeping events)."""

    def to_act(self, state: BugRaceState) -> frozenset[int]:
        return seats_to_act(state)

    def legal_actions(self, state: BugRaceState, seat: int) -> list[str]:
        if seat not in seats_to_act(state):
            return []
        return legal_texts(state, seat)

    def apply(self, state: BugRaceState, seat: int, action: str) -> BugRaceState:
        return execute(state, seat, parse_action(action), [])

    def outcome(self, state: BugRaceState) -> Outcome | None:
        return state.outcome


_MODEL = _Model()
