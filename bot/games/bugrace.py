"""Bug Race: draft leg cards, move six legs, then the body, down a nine-row track.

The rulings in ``docs/rules/bugrace.md`` are the spec. Choices this module makes:

- Passing "to the right" means to the next unfinished seat in seat order (seat + 1);
  "to the left" means to the previous one. The 2-card draft passes right in odd rounds
  and left in even ones; the expert draft passes left in odd rounds (as the source says)
  and right in even ones. With two bugs left in the race they simply swap.
- The draft goes in waves: everyone keeps one card of the packet in front of them, then
  all packets move on together. A packet of one card is kept without asking.
- A card being played finishes by itself once every leg it shows has moved, or once none
  of the legs it still shows can move (not even after body moves), otherwise with
  ``done``. A player's play phase ends by itself once their last card is finished and
  the body cannot move; while it still can, ``done`` ends it.
- Cards showing the same legs are alike: only the lowest id among alike cards in a packet
  or a hand is offered, so no two actions do the same thing.
- With the play-on option, finished bugs leave the draft and the play phase; the race
  goes on until three places are decided or one bug is left, which takes the last place.

Actions: ``keep <id>`` (draft), ``play <id>`` (start a card), ``play <id> all`` (start a
card and move at once every leg it shows that can move without the body moving, front legs
first; offered when at least one can), ``leg <LH|LM|LF|RH|RM|RF>``
(move a leg the current card shows), ``body`` (any time in one's play phase), ``done``
(end the current card, or one's play phase after the last card). Card ids are 0..69.

Event types: round_started, dealt, received, reshuffled, chose, play_started, card_played,
leg_moved, body_moved, card_finished, play_finished, round_ended, placed, game_over.
Card ids in dealt/received/chose are in the owner's view only.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from bot.games.base import IllegalAction, Outcome, SeededRng, require

JsonDict = dict[str, Any]

SCHEMA_VERSION: Final = 1

# --- The track and the bug (DESIGNED) ---------------------------------------------------
ROWS: Final = 9
START_TAIL: Final = 1
FINISH_TAIL: Final = 7  # body on rows 7-9: wholly past the finish line (between rows 6 and 7)
BODY_LENGTH: Final = 3
LEG_REACH_BEHIND: Final = 1  # a leg may sit one row behind the tail (diagonal to it)...
LEG_REACH_AHEAD: Final = 3  # ...and up to one row ahead of the head (t + 2 + 1)

SIDES: Final = ("L", "R")
POSITIONS: Final = ("H", "M", "F")  # hind, middle, front: their order on each side
SIDE_WORDS: Final = {"L": "left", "R": "right"}
POSITION_WORDS: Final = {"H": "hind", "M": "middle", "F": "front"}
LEGS: Final = tuple(side + position for side in SIDES for position in POSITIONS)
LEG_INDEX: Final = {leg: index for index, leg in enumerate(LEGS)}
START_LEG_ROW: Final = {"H": 1, "M": 2, "F": 3}
START_LEGS: Final = tuple(START_LEG_ROW[leg[1]] for leg in LEGS)
#: The leg just ahead of each leg on its side (None for front legs).
LEG_AHEAD: Final = {
    leg: (leg[0] + POSITIONS[POSITIONS.index(leg[1]) + 1] if leg[1] != "F" else None)
    for leg in LEGS
}
#: Front legs first, so moving one leg frees the slot the leg behind it needs.
FRONT_FIRST: Final = tuple(sorted(LEGS, key=lambda leg: -POSITIONS.index(leg[1])))

# --- The deck (DESIGNED: 70 cards) -----------------------------------------------------
PAIR_COPIES: Final = 2
TRIPODS: Final = (("LF", "RM", "LH"), ("RF", "LM", "RH"))
EXTRA_TRIPOD_COPIES: Final = 3
FOUR_LEG_CARDS: Final = (
    (("LF", "RF", "LM", "RM"), 2),
    (("LM", "RM", "LH", "RH"), 2),
    (("LF", "RF", "LH", "RH"), 2),
    (("LF", "LM", "RM", "RH"), 1),
    (("RF", "RM", "LM", "LH"), 1),
)


def _designed_deck() -> tuple[frozenset[str], ...]:
    cards: list[frozenset[str]] = [frozenset({leg}) for leg in LEGS]
    for pair in itertools.combinations(LEGS, 2):
        cards += [frozenset(pair)] * PAIR_COPIES
    cards += [frozenset(triple) for triple in itertools.combinations(LEGS, 3)]
    for tripod in TRIPODS:
        cards += [frozenset(tripod)] * EXTRA_TRIPOD_COPIES
    for legs, copies in FOUR_LEG_CARDS:
        cards += [frozenset(legs)] * copies
    return tuple(cards)


#: Card id -> the legs it shows. Ids are stable: they are stored in saved games.
CARDS: Final[Mapping[int, frozenset[str]]] = dict(enumerate(_designed_deck()))
DECK_SIZE: Final = len(CARDS)

# --- A round ---------------------------------------------------------------------------
DRAFT_SIZE: Final = {False: 2, True: 4}  # cards drawn (and held) per round; True = expert
RIGHT: Final = 1  # pass to seat + 1
LEFT: Final = -1  # pass to seat - 1
PLACES_TO_DECIDE: Final = 3  # play-on: 1st, 2nd and 3rd

DRAFT: Final = "draft"
PLAY: Final = "play"
OVER: Final = "over"

REASON_FINISHED: Final = "crossed_finish"  # one bug finished first
REASON_TIEBREAK: Final = "leg_tiebreak"  # several finished; the legs decided
REASON_SHARED: Final = "shared_win"  # several finished with the same legs


def leg_names(card: int) -> list[str]:
    """The legs a card shows, in the fixed LEGS order."""
    return [leg for leg in LEGS if leg in CARDS[card]]


# --- Bugs and their moves --------------------------------------------------------------
@dataclass(frozen=True)
class Bug:
    tail: int = START_TAIL
    legs: tuple[int, ...] = START_LEGS  # the row of each leg, in LEGS order

    def row(self, leg: str) -> int:
        return self.legs[LEG_INDEX[leg]]

    def moved_leg(self, leg: str) -> Bug:
        rows = list(self.legs)
        rows[LEG_INDEX[leg]] += 1
        return replace(self, legs=tuple(rows))

    def moved_body(self) -> Bug:
        return replace(self, tail=self.tail + 1)

    @property
    def finished(self) -> bool:
        return self.tail >= FINISH_TAIL


def leg_words(leg: str) -> str:
    """``LF`` -> ``left front`` (the English fallback; the Discord layer translates)."""
    return f"{SIDE_WORDS[leg[0]]} {POSITION_WORDS[leg[1]]}"


def leg_refusal(message: str, reason: str, leg: str, **params: object) -> IllegalAction:
    """A refusal about one leg. Its key names the leg (``leg_off_track.LF``) so each
    language can name it in words; ``reason`` is the key's first part."""
    return IllegalAction(message, f"{reason}.{leg}", leg=leg, **params)


def leg_move_problem(bug: Bug, leg: str) -> IllegalAction | None:
    """Why ``leg`` may not move one row forward now, or None when it may."""
    target = bug.row(leg) + 1
    words = leg_words(leg)
    if target > ROWS:
        return leg_refusal(f"The {words} leg is already on the last row.", "leg_off_track", leg)
    if target > bug.tail + LEG_REACH_AHEAD:
        return leg_refusal(
            f"The {words} leg would lose touch with the body: legs stay within 3 rows of the tail.",
            "leg_too_far_ahead",
            leg,
        )
    ahead = LEG_AHEAD[leg]
    if ahead is not None and bug.row(ahead) == target:
        return leg_refusal(
            f"The {words} leg is blocked by the {leg_words(ahead)} leg: legs never jump.",
            "leg_slot_taken",
            leg,
            blocker=ahead,
        )
    return None


def body_move_problem(bug: Bug) -> IllegalAction | None:
    """Why the body may not move one row forward now, or None when it may."""
    if bug.tail + 1 > FINISH_TAIL:
        return IllegalAction("The body is already at the end of the track.", "body_at_end")
    lagging = [leg for leg in LEGS if bug.row(leg) == bug.tail - LEG_REACH_BEHIND]
    if lagging:
        return IllegalAction(
            f"The bug would lose a leg: move {', '.join(lagging)} first.",
            "body_would_lose_leg",
            legs=lagging,
        )
    return None


def can_move_leg(bug: Bug, leg: str) -> bool:
    return leg_move_problem(bug, leg) is None


def can_move_body(bug: Bug) -> bool:
    return body_move_problem(bug) is None


def legs_rule_holds(bug: Bug) -> bool:
    """Every leg near the body and on the track; per side hind < middle < front."""
    near = all(
        max(1, bug.tail - LEG_REACH_BEHIND) <= row <= min(ROWS, bug.tail + LEG_REACH_AHEAD)
        for row in bug.legs
    )
    ordered = all(bug.row(side + "H") < bug.row(side + "M") < bug.row(side + "F") for side in SIDES)
    return near and ordered


def tiebreak_key(bug: Bug) -> tuple[int, int, int]:
    """Legs further ahead win: the two hind legs' rows summed, then middle, then front."""
    return (
        bug.row("LH") + bug.row("RH"),
        bug.row("LM") + bug.row("RM"),
        bug.row("LF") + bug.row("RF"),
    )


# --- State -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Event:
    """What an action did. ``secret`` is added to ``public`` in the owner's view only."""

    public: JsonDict
    owner: int | None = None
    secret: JsonDict = field(default_factory=dict)

    def seen_by(self, seat: int | None) -> JsonDict:
        if seat is not None and seat == self.owner:
            return {**self.public, **self.secret}
        return dict(self.public)


@dataclass(frozen=True)
class SeatState:
    bug: Bug = Bug()
    offer: tuple[int, ...] = ()  # draft packet in front of this seat (secret)
    passing: tuple[int, ...] = ()  # cards set aside for the next seat (secret)
    hand: tuple[int, ...] = ()  # kept cards not played yet (secret)
    played: tuple[int, ...] = ()  # cards played this round (public), current one included
    current: int | None = None  # the card whose legs are being moved
    moved: tuple[str, ...] = ()  # legs of the current card already moved
    playing: bool = False  # still in this round's play phase


@dataclass(frozen=True)
class BugRaceState:
    players: int
    expert: bool
    play_on: bool
    rng: int
    round: int
    phase: str
    draw_pile: tuple[int, ...]  # the top card is the last one
    discard: tuple[int, ...]
    seats: tuple[SeatState, ...]
    places: tuple[tuple[int, ...], ...] = ()  # finishing groups, best first
    win_reason: str = ""  # how 1st place was decided, once it is
    outcome: Outcome | None = None
    events: tuple[Event, ...] = ()

    def seat(self, seat: int) -> SeatState:
        return self.seats[seat]

    def placed(self) -> set[int]:
        return {seat for group in self.places for seat in group}

    def racing(self) -> list[int]:
        """Seats whose bug has not finished yet, in seat order."""
        placed = self.placed()
        return [seat for seat in range(self.players) if seat not in placed]


def pass_step(state: BugRaceState) -> int:
    """+1 (right, to seat + 1) or -1 (left) for this round's draft."""
    odd_round = state.round % 2 == 1
    first = LEFT if state.expert else RIGHT
    return first if odd_round else -first


def pass_direction(state: BugRaceState) -> str:
    if len(state.racing()) <= 2:
        return "swap"
    return "right" if pass_step(state) == RIGHT else "left"


def receiver(state: BugRaceState, seat: int) -> int:
    racing = state.racing()
    return racing[(racing.index(seat) + pass_step(state)) % len(racing)]


def place_numbers(places: Iterable[tuple[int, ...]]) -> list[tuple[int, tuple[int, ...]]]:
    """(place, seats) per group: a shared place uses up as many places as it holds seats."""
    numbered: list[tuple[int, tuple[int, ...]]] = []
    place = 1
    for group in places:
        numbered.append((place, group))
        place += len(group)
    return numbered


def _with_seat(state: BugRaceState, seat: int, **changes: Any) -> BugRaceState:
    seats = list(state.seats)
    seats[seat] = replace(seats[seat], **changes)
    return replace(state, seats=tuple(seats))


# --- Round flow ------------------------------------------------------------------------
def _draw(state: BugRaceState, count: int, events: list[Event]) -> tuple[BugRaceState, list[int]]:
    """Draw ``count`` cards, shuffling the discard into the draw pile whenever it runs out."""
    pile = list(state.draw_pile)
    discard = list(state.discard)
    rng = SeededRng(state.rng)
    drawn: list[int] = []
    for _ in range(count):
        if not pile:
            rng.shuffle(discard)
            pile, discard = discard, []
            events.append(Event({"type": "reshuffled", "cards": len(pile)}))
        drawn.append(pile.pop())
    return replace(state, draw_pile=tuple(pile), discard=tuple(discard), rng=rng.state), drawn


def _start_round(state: BugRaceState, events: list[Event]) -> BugRaceState:
    state = replace(state, round=state.round + 1, phase=DRAFT)
    events.append(
        Event({"type": "round_started", "round": state.round, "direction": pass_direction(state)})
    )
    for seat in state.racing():
        state, cards = _draw(state, DRAFT_SIZE[state.expert], events)
        state = _with_seat(state, seat, offer=tuple(cards))
        events.append(
            Event({"type": "dealt", "seat": seat, "count": len(cards)}, seat, {"cards": cards})
        )
    return state


def _pass_packets(state: BugRaceState, events: list[Event]) -> BugRaceState:
    """Everyone has kept a card: packets move on; a last single card is kept at once."""
    racing = state.racing()
    packets = {receiver(state, seat): state.seat(seat).passing for seat in racing}
    for seat in racing:
        state = _with_seat(state, seat, passing=(), offer=packets[seat])
        if packets[seat]:
            events.append(
                Event(
                    {"type": "received", "seat": seat, "count": len(packets[seat])},
                    seat,
                    {"cards": list(packets[seat])},
                )
            )
    for seat in racing:
        offer = state.seat(seat).offer
        if len(offer) == 1:
            state = _with_seat(state, seat, offer=(), hand=state.seat(seat).hand + offer)
    if any(state.seat(seat).offer for seat in racing):
        return state
    return _start_play(state, events)


def _start_play(state: BugRaceState, events: list[Event]) -> BugRaceState:
    state = replace(state, phase=PLAY)
    for seat in state.racing():
        state = _with_seat(state, seat, playing=True, played=(), current=None, moved=())
    events.append(Event({"type": "play_started", "round": state.round}))
    return state


def _after_play_step(state: BugRaceState, seat: int, events: list[Event]) -> BugRaceState:
    """End the seat's play phase once nothing is left to do; end the round after the last."""
    mine = state.seat(seat)
    if mine.current is not None and (set(mine.moved) == CARDS[mine.current] or _stuck(mine)):
        unmoved = [leg for leg in leg_names(mine.current) if leg not in mine.moved]
        events.append(
            Event({"type": "card_finished", "seat": seat, "card": mine.current, "unmoved": unmoved})
        )
        state = _with_seat(state, seat, current=None, moved=())
        mine = state.seat(seat)
    if mine.playing and not mine.hand and mine.current is None and not can_move_body(mine.bug):
        state = _end_play_phase(state, seat, events)
    return state


def _stuck(mine: SeatState) -> bool:
    """No leg the current card still shows can move, not even once the body has moved as
    far as it can (a body move only ever frees leg moves): the card is over by itself."""
    if mine.current is None:
        return False
    left = [leg for leg in leg_names(mine.current) if leg not in mine.moved]
    furthest = _with_body_moves(mine.bug)
    return not any(can_move_leg(bug, leg) for bug in (mine.bug, furthest) for leg in left)


def all_legs_order(bug: Bug, card: int) -> list[str]:
    """The legs of a card that can move now without the body moving, in the order that
    moves them all (front legs first, so each frees the slot the next needs)."""
    left = leg_names(card)
    order: list[str] = []
    progress = True
    while left and progress:
        progress = False
        for leg in FRONT_FIRST:
            if leg in left and can_move_leg(bug, leg):
                bug = bug.moved_leg(leg)
                left.remove(leg)
                order.append(leg)
                progress = True
    return order


def canonical(cards: Iterable[int], card: int) -> int:
    """Cards that show the same legs are alike: the lowest id among ``cards`` stands for
    them all, so no two buttons do the same thing."""
    return min(other for other in cards if CARDS[other] == CARDS[card])


def _end_play_phase(state: BugRaceState, seat: int, events: list[Event]) -> BugRaceState:
    state = _with_seat(state, seat, playing=False)
    events.append(Event({"type": "play_finished", "seat": seat}))
    if any(state.seat(other).playing for other in state.racing()):
        return state
    return _end_round(state, events)


def _rank_finishers(state: BugRaceState, finishers: list[int]) -> list[tuple[int, ...]]:
    keys = {seat: tiebreak_key(state.seat(seat).bug) for seat in finishers}
    ordered = sorted(set(keys.values()), reverse=True)
    return [tuple(seat for seat in finishers if keys[seat] == key) for key in ordered]


def _end_round(state: BugRaceState, events: list[Event]) -> BugRaceState:
    played = tuple(card for seat in state.seats for card in seat.played)
    state = replace(state, discard=state.discard + played)
    for seat in range(state.players):
        state = _with_seat(state, seat, played=(), current=None, moved=(), playing=False)
    events.append(Event({"type": "round_ended", "round": state.round}))
    finishers = [seat for seat in state.racing() if state.seat(seat).bug.finished]
    groups = _rank_finishers(state, finishers)
    if groups and not state.places:
        state = replace(state, win_reason=_win_reason(finishers, groups[0]))
    first_new_place = len(state.placed()) + 1
    state = replace(state, places=state.places + tuple(groups))
    for place, group in place_numbers(state.places):
        if place >= first_new_place:
            for seat in group:
                events.append(Event({"type": "placed", "seat": seat, "place": place}))
    if _race_is_over(state):
        return _end_game(state, events)
    return _start_round(state, events)


def _win_reason(finishers: list[int], winners: tuple[int, ...]) -> str:
    if len(winners) > 1:
        return REASON_SHARED
    return REASON_TIEBREAK if len(finishers) > 1 else REASON_FINISHED


def _race_is_over(state: BugRaceState) -> bool:
    if not state.places:
        return False
    if not state.play_on:
        return True
    return len(state.racing()) <= 1 or len(state.placed()) >= PLACES_TO_DECIDE


def _end_game(state: BugRaceState, events: list[Event]) -> BugRaceState:
    racing = state.racing()
    if state.play_on and len(racing) == 1:
        last_place = len(state.placed()) + 1
        state = replace(state, places=(*state.places, (racing[0],)))
        events.append(Event({"type": "placed", "seat": racing[0], "place": last_place}))
    outcome = Outcome(tuple(sorted(state.places[0])), state.win_reason)
    events.append(
        Event({"type": "game_over", "winners": list(outcome.winners), "reason": outcome.reason})
    )
    return replace(state, phase=OVER, outcome=outcome)


# --- Actions ---------------------------------------------------------------------------
KEEP: Final = "keep"
PLAY_CARD: Final = "play"
MOVE_LEG: Final = "leg"
MOVE_BODY: Final = "body"
DONE: Final = "done"
ALL_LEGS: Final = "all"  # ``play <id> all``: play the card and move every leg it shows


@dataclass(frozen=True)
class Action:
    verb: str
    card: int = -1
    leg: str = ""
    all_legs: bool = False


def _is_card_id(token: str) -> bool:
    return token.isascii() and token.isdigit() and str(int(token)) == token and int(token) in CARDS


def parse_action(text: str) -> Action:
    tokens = text.split(" ")
    verb, args = tokens[0], tokens[1:]
    if verb in (KEEP, PLAY_CARD) and len(args) == 1 and _is_card_id(args[0]):
        return Action(verb, card=int(args[0]))
    if verb == PLAY_CARD and len(args) == 2 and _is_card_id(args[0]) and args[1] == ALL_LEGS:
        return Action(verb, card=int(args[0]), all_legs=True)
    if verb == MOVE_LEG and len(args) == 1 and args[0] in LEG_INDEX:
        return Action(verb, leg=args[0])
    if verb in (MOVE_BODY, DONE) and not args:
        return Action(verb)
    raise IllegalAction(f"Unknown action {text[:60]!r}.", "unknown_action")


def _check(state: BugRaceState, seat: int, action: Action) -> None:
    """Raise IllegalAction unless ``seat`` may do ``action`` now."""
    require(state.phase != OVER, "The race is over.", "game_over")
    if action.verb == KEEP:
        _check_keep(state, seat, action.card)
    else:
        _check_play(state, seat, action)


def _check_keep(state: BugRaceState, seat: int, card: int) -> None:
    require(state.phase == DRAFT, "Cards are kept during the draft only.", "not_draft")
    offer = state.seat(seat).offer
    require(bool(offer), "You have chosen; wait for the others.", "not_to_act")
    require(
        card in offer and canonical(offer, card) == card,
        "That card is not among those you may keep.",
        "card_not_offered",
    )


def _check_play(state: BugRaceState, seat: int, action: Action) -> None:
    require(state.phase == PLAY, "Wait for the draft to end.", "not_play_phase")
    mine = state.seat(seat)
    require(mine.playing, "You have finished playing this round.", "not_to_act")
    if action.verb == PLAY_CARD:
        require(mine.current is None, "Finish the card you are playing first.", "card_in_play")
        require(
            action.card in mine.hand and canonical(mine.hand, action.card) == action.card,
            "That card is not in your hand.",
            "card_not_in_hand",
        )
        if action.all_legs:
            require(
                bool(all_legs_order(mine.bug, action.card)),
                "None of that card's legs can move now.",
                "no_leg_moves",
            )
    elif action.verb == MOVE_LEG:
        _check_leg(mine, action.leg)
    elif action.verb == MOVE_BODY:
        problem = body_move_problem(mine.bug)
        if problem is not None:
            raise problem
    else:
        require(
            mine.current is not None or not mine.hand,
            "Play your remaining cards first.",
            "cards_left_to_play",
        )


def _check_leg(mine: SeatState, leg: str) -> None:
    current = mine.current
    if current is None:
        raise IllegalAction("Play a card first.", "no_card_in_play")
    words = leg_words(leg)
    if leg not in CARDS[current]:
        raise leg_refusal(f"This card does not show the {words} leg.", "leg_not_shown", leg)
    if leg in mine.moved:
        raise leg_refusal(
            f"The {words} leg has already moved for this card.", "leg_already_moved", leg
        )
    problem = leg_move_problem(mine.bug, leg)
    if problem is not None:
        raise problem


def _candidates(state: BugRaceState, seat: int) -> list[str]:
    mine = state.seat(seat)
    if state.phase == DRAFT:
        return [f"{KEEP} {card}" for card in sorted({canonical(mine.offer, c) for c in mine.offer})]
    if state.phase == PLAY:
        cards = sorted({canonical(mine.hand, card) for card in mine.hand})
        plays = [f"{PLAY_CARD} {card}{suffix}" for card in cards for suffix in ("", " all")]
        # "all" where no leg can move would do what the plain play does: not offered.
        legs = [f"{MOVE_LEG} {leg}" for leg in LEGS]
        return [*plays, *legs, MOVE_BODY, DONE]
    return []


def _execute(state: BugRaceState, seat: int, action: Action, events: list[Event]) -> BugRaceState:
    if action.verb == KEEP:
        return _keep(state, seat, action.card, events)
    if action.verb == PLAY_CARD:
        state = _play_card(state, seat, action.card, events, all_legs=action.all_legs)
        if action.all_legs:
            for leg in all_legs_order(state.seat(seat).bug, action.card):
                state = _move_leg(state, seat, leg, events, all_legs=True)
            return state
        return _after_play_step(state, seat, events)
    if action.verb == MOVE_LEG:
        return _move_leg(state, seat, action.leg, events)
    if action.verb == MOVE_BODY:
        return _move_body(state, seat, events)
    return _done(state, seat, events)


def _keep(state: BugRaceState, seat: int, card: int, events: list[Event]) -> BugRaceState:
    mine = state.seat(seat)
    rest = list(mine.offer)
    rest.remove(card)
    state = _with_seat(state, seat, offer=(), passing=tuple(rest), hand=(*mine.hand, card))
    events.append(Event({"type": "chose", "seat": seat}, seat, {"card": card}))
    if any(state.seat(other).offer for other in state.racing()):
        return state
    return _pass_packets(state, events)


def _play_card(
    state: BugRaceState, seat: int, card: int, events: list[Event], *, all_legs: bool = False
) -> BugRaceState:
    mine = state.seat(seat)
    hand = list(mine.hand)
    hand.remove(card)
    state = _with_seat(
        state, seat, hand=tuple(hand), current=card, moved=(), played=(*mine.played, card)
    )
    played: JsonDict = {"type": "card_played", "seat": seat, "card": card, "legs": leg_names(card)}
    if all_legs:
        played["all_legs"] = True
    events.append(Event(played))
    return state


def _move_leg(
    state: BugRaceState, seat: int, leg: str, events: list[Event], *, all_legs: bool = False
) -> BugRaceState:
    mine = state.seat(seat)
    bug = mine.bug.moved_leg(leg)
    state = _with_seat(state, seat, bug=bug, moved=(*mine.moved, leg))
    moved: JsonDict = {"type": "leg_moved", "seat": seat, "leg": leg, "row": bug.row(leg)}
    if all_legs:
        moved["all_legs"] = True  # part of ``play <id> all``: told with the card
    events.append(Event(moved))
    return _after_play_step(state, seat, events)


def _move_body(state: BugRaceState, seat: int, events: list[Event]) -> BugRaceState:
    bug = state.seat(seat).bug.moved_body()
    state = _with_seat(state, seat, bug=bug)
    events.append(Event({"type": "body_moved", "seat": seat, "tail": bug.tail}))
    return _after_play_step(state, seat, events)


def _done(state: BugRaceState, seat: int, events: list[Event]) -> BugRaceState:
    mine = state.seat(seat)
    if mine.current is None:
        return _end_play_phase(state, seat, events)
    unmoved = [leg for leg in leg_names(mine.current) if leg not in mine.moved]
    events.append(
        Event({"type": "card_finished", "seat": seat, "card": mine.current, "unmoved": unmoved})
    )
    state = _with_seat(state, seat, current=None, moved=())
    return _after_play_step(state, seat, events)


# --- Positions built directly (tests, previews) ----------------------------------------
def with_bug(state: BugRaceState, seat: int, tail: int, legs: Mapping[str, int]) -> BugRaceState:
    """``state`` with one bug moved to ``tail`` and the given leg rows (others unchanged)."""
    rows = tuple(
        legs.get(leg, row) for leg, row in zip(LEGS, state.seat(seat).bug.legs, strict=True)
    )
    return _with_seat(state, seat, bug=Bug(tail, rows))


def arrange_play(state: BugRaceState, hands: Mapping[int, Iterable[int]]) -> BugRaceState:
    """A play phase in which each listed seat holds exactly the given cards.

    Every other card goes back to the draw pile, so the 70 cards stay 70.
    """
    held = {card for cards in hands.values() for card in cards}
    draw_pile = tuple(card for card in range(DECK_SIZE) if card not in held)
    state = replace(state, phase=PLAY, draw_pile=draw_pile, discard=(), events=())
    for seat in range(state.players):
        hand = tuple(hands.get(seat, ()))
        state = _with_seat(
            state,
            seat,
            offer=(),
            passing=(),
            hand=hand,
            played=(),
            current=None,
            moved=(),
            playing=bool(hand),
        )
    return state


# --- Saving ----------------------------------------------------------------------------
def _dump_seat(seat: SeatState) -> JsonDict:
    return {
        "tail": seat.bug.tail,
        "legs": list(seat.bug.legs),
        "offer": list(seat.offer),
        "passing": list(seat.passing),
        "hand": list(seat.hand),
        "played": list(seat.played),
        "current": seat.current,
        "moved": list(seat.moved),
        "playing": seat.playing,
    }


def _load_bug(tail: int, legs: tuple[int, ...]) -> Bug:
    """A saved bug, refused unless the ruling allows it: body on the track, six legs in
    the window beside or diagonal to it, each side in order."""
    require(1 <= tail <= FINISH_TAIL, "A saved bug's body is off its track.", "bad_save")
    require(len(legs) == len(LEGS), "A saved bug has not six legs.", "bad_save")
    bug = Bug(tail, legs)
    require(legs_rule_holds(bug), "A saved bug's legs break the legs rule.", "bad_save")
    return bug


def _load_seat(data: JsonDict) -> SeatState:
    return SeatState(
        bug=_load_bug(int(data["tail"]), tuple(int(row) for row in data["legs"])),
        offer=tuple(data["offer"]),
        passing=tuple(data["passing"]),
        hand=tuple(data["hand"]),
        played=tuple(data["played"]),
        current=data["current"],
        moved=tuple(data["moved"]),
        playing=bool(data["playing"]),
    )


def _dump_event(event: Event) -> JsonDict:
    return {
        "public": copy.deepcopy(event.public),
        "owner": event.owner,
        "secret": copy.deepcopy(event.secret),
    }


def _load_event(data: JsonDict) -> Event:
    return Event(copy.deepcopy(data["public"]), data["owner"], copy.deepcopy(data["secret"]))


# --- Views -----------------------------------------------------------------------------
def card_face(card: int) -> JsonDict:
    return {"id": card, "legs": leg_names(card)}


def movable_legs(seat: SeatState) -> list[str]:
    """Legs of the card being played that may move one row right now."""
    if seat.current is None:
        return []
    return [
        leg
        for leg in leg_names(seat.current)
        if leg not in seat.moved and can_move_leg(seat.bug, leg)
    ]


def _public_bug(state: BugRaceState, seat: int, place: int | None) -> JsonDict:
    mine = state.seat(seat)
    return {
        "seat": seat,
        "tail": mine.bug.tail,
        "legs": {leg: mine.bug.row(leg) for leg in LEGS},
        "played": [card_face(card) for card in mine.played],
        "current": mine.current,
        "moved": list(mine.moved),
        "hand_count": len(mine.hand),
        "offer_count": len(mine.offer),
        "choosing": state.phase == DRAFT and bool(mine.offer),
        "playing": state.phase == PLAY and mine.playing,
        "finished": mine.bug.finished,
        "place": place,
    }


# --- The AI ----------------------------------------------------------------------------
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


def _with_body_moves(bug: Bug) -> Bug:
    while can_move_body(bug):
        bug = bug.moved_body()
    return bug


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
    bug = _with_body_moves(bug)
    progress = True
    while progress:
        progress = False
        for leg in FRONT_FIRST:
            if leg in left and can_move_leg(bug, leg):
                bug = _with_body_moves(bug.moved_leg(leg))
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


# --- The engine ------------------------------------------------------------------------
class BugRace:
    name = "bugrace"
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
        state = _start_round(state, events)
        return replace(state, events=tuple(events))

    def to_act(self, state: BugRaceState) -> frozenset[int]:
        if state.phase == DRAFT:
            return frozenset(seat for seat in state.racing() if state.seat(seat).offer)
        if state.phase == PLAY:
            return frozenset(seat for seat in state.racing() if state.seat(seat).playing)
        return frozenset()

    def legal_actions(self, state: BugRaceState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        legal = []
        for text in _candidates(state, seat):
            try:
                _check(state, seat, parse_action(text))
            except IllegalAction:
                continue
            legal.append(text)
        return legal

    def apply(self, state: BugRaceState, seat: int, action: str) -> BugRaceState:
        require(
            isinstance(seat, int) and 0 <= seat < state.players, "No such seat.", "no_such_seat"
        )
        require(state.phase != OVER, "The race is over.", "game_over")
        require(seat in self.to_act(state), "It is not your turn to act.", "not_to_act")
        parsed = parse_action(action)
        _check(state, seat, parsed)
        events: list[Event] = []
        state = _execute(state, seat, parsed, events)
        return replace(state, events=tuple(events))

    def outcome(self, state: BugRaceState) -> Outcome | None:
        return state.outcome

    def view(self, state: BugRaceState, seat: int | None) -> dict[str, Any]:
        places = {member: place for place, group in place_numbers(state.places) for member in group}
        result: dict[str, Any] = {
            "game": self.name,
            "players": state.players,
            "round": state.round,
            "phase": state.phase,
            "expert": state.expert,
            "play_on": state.play_on,
            "pass_direction": pass_direction(state),
            "draw_count": len(state.draw_pile),
            "discard_count": len(state.discard),
            "rows": ROWS,
            "finish_tail": FINISH_TAIL,
            "body_length": BODY_LENGTH,
            "bugs": [
                _public_bug(state, other, places.get(other)) for other in range(state.players)
            ],
            "places": [
                {"place": place, "seats": list(group)}
                for place, group in place_numbers(state.places)
            ],
            "to_act": sorted(self.to_act(state)),
            "outcome": _outcome_json(state.outcome),
            "events": [event.seen_by(seat) for event in state.events],
        }
        if seat is not None and 0 <= seat < state.players:
            result.update(_private_view(state, seat))
        return result

    def bot_action(self, state: BugRaceState, seat: int, rng: random.Random) -> str:
        if state.phase == DRAFT:
            return f"{KEEP} {choose_keep(state, seat, rng)}"
        return choose_play(state, seat, rng)

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
        return {
            "schema": SCHEMA_VERSION,
            "players": state.players,
            "expert": state.expert,
            "play_on": state.play_on,
            "rng": state.rng,
            "round": state.round,
            "phase": state.phase,
            "draw_pile": list(state.draw_pile),
            "discard": list(state.discard),
            "seats": [_dump_seat(seat) for seat in state.seats],
            "places": [list(group) for group in state.places],
            "win_reason": state.win_reason,
            "outcome": _outcome_json(state.outcome),
            "events": [_dump_event(event) for event in state.events],
        }

    def load(self, data: dict[str, Any]) -> BugRaceState:
        require(data.get("schema") == SCHEMA_VERSION, "Unknown saved-game version.", "bad_schema")
        outcome = data["outcome"]
        return BugRaceState(
            players=int(data["players"]),
            expert=bool(data["expert"]),
            play_on=bool(data["play_on"]),
            rng=int(data["rng"]),
            round=int(data["round"]),
            phase=str(data["phase"]),
            draw_pile=tuple(data["draw_pile"]),
            discard=tuple(data["discard"]),
            seats=tuple(_load_seat(seat) for seat in data["seats"]),
            places=tuple(tuple(group) for group in data["places"]),
            win_reason=str(data["win_reason"]),
            outcome=None
            if outcome is None
            else Outcome(tuple(outcome["winners"]), outcome["reason"]),
            events=tuple(_load_event(event) for event in data["events"]),
        )


def _outcome_json(outcome: Outcome | None) -> JsonDict | None:
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "reason": outcome.reason}


def _private_view(state: BugRaceState, seat: int) -> JsonDict:
    mine = state.seat(seat)
    return {
        "seat": seat,
        "hand": [card_face(card) for card in mine.hand],
        "offer": [card_face(card) for card in mine.offer],
        "current": None if mine.current is None else card_face(mine.current),
        "movable": movable_legs(mine),
        "pass_to": receiver(state, seat)
        if state.phase == DRAFT and seat in state.racing()
        else None,
    }


GAME = BugRace()
