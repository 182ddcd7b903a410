"""The rules of a race: the state, the round flow (draft, play, places) and the actions.

``check_action`` says whether a seat may do an action now (``IllegalAction`` if not) and
``execute`` does it, noting what happened as events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from bot.games.base import IllegalAction, Outcome, SeededRng, require
from bot.games.bugrace.track import (
    CARDS,
    DECK_SIZE,
    LEG_INDEX,
    LEGS,
    Bug,
    all_legs_order,
    body_move_problem,
    can_move_body,
    can_move_leg,
    canonical,
    leg_move_problem,
    leg_names,
    leg_refusal,
    leg_words,
    tiebreak_key,
    with_body_moves,
)

JsonDict = dict[str, Any]

NAME: Final = "bugrace"

# --- A round ---------------------------------------------------------------------------
DRAFT_SIZE: Final = {False: 2, True: 4}  # cards drawn (and held) per round; True = expert
RIGHT: Final = 1  # pass to seat + 1
LEFT: Final = -1  # pass to seat - 1
PLACES_TO_DECIDE: Final = 3  # play-on: 1st, 2nd and 3rd

Phase = Literal["draft", "play", "over"]
DRAFT: Final = "draft"
PLAY: Final = "play"
OVER: Final = "over"
#: Where this round's draft packets go: "swap" when two bugs are left in the race.
PassDirection = Literal["right", "left", "swap"]

REASON_FINISHED: Final = "crossed_finish"  # one bug finished first
REASON_TIEBREAK: Final = "leg_tiebreak"  # several finished; the legs decided
REASON_SHARED: Final = "shared_win"  # several finished with the same legs


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
    bug: Bug = Bug()  # noqa: RUF009 (Bug is a frozen dataclass: one shared start is safe)
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
    phase: Phase
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


def pass_direction(state: BugRaceState) -> PassDirection:
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


def outcome_json(outcome: Outcome | None) -> JsonDict | None:
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "reason": outcome.reason}


def seats_to_act(state: BugRaceState) -> frozenset[int]:
    """The seats that may act now: those still choosing in the draft, or still playing."""
    if state.phase == DRAFT:
        return frozenset(seat for seat in state.racing() if state.seat(seat).offer)
    if state.phase == PLAY:
        return frozenset(seat for seat in state.racing() if state.seat(seat).playing)
    return frozenset()


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


def start_round(state: BugRaceState, events: list[Event]) -> BugRaceState:
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
    furthest = with_body_moves(mine.bug)
    return not any(can_move_leg(bug, leg) for bug in (mine.bug, furthest) for leg in left)


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
    return start_round(state, events)


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


def check_action(state: BugRaceState, seat: int, action: Action) -> None:
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


def candidates(state: BugRaceState, seat: int) -> list[str]:
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


def legal_texts(state: BugRaceState, seat: int) -> list[str]:
    """The candidates the rules allow ``seat`` now (the engine's ``legal_actions`` and the
    hard AI's model share it)."""
    legal = []
    for text in candidates(state, seat):
        try:
            check_action(state, seat, parse_action(text))
        except IllegalAction:
            continue
        legal.append(text)
    return legal


def execute(state: BugRaceState, seat: int, action: Action, events: list[Event]) -> BugRaceState:
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
