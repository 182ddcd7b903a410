"""What each seat may know of a race, typed: the views the renderer and the cog read.

``view(state, None)`` (``BugRacePublicView``) is what everyone may know: every bug, the
cards played this round face up, how many cards each player holds. A seat's own view
(``BugRaceSeatView``) adds its hand, its draft packet, the card it is playing and where
its packet goes. Events (``events``) stay loosely typed: the cog reads them by ``type``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from bot.games.base import Outcome
from bot.games.bugrace.rules import (
    DRAFT,
    NAME,
    PLAY,
    BugRaceState,
    PassDirection,
    Phase,
    SeatState,
    pass_direction,
    place_numbers,
    receiver,
    seats_to_act,
)
from bot.games.bugrace.track import BODY_LENGTH, FINISH_TAIL, LEGS, ROWS, can_move_leg, leg_names


class CardFace(TypedDict):
    """A card face up: its id and the legs it shows, in the fixed ``LEGS`` order."""

    id: int
    legs: list[str]


class BugView(TypedDict):
    """One seat's bug and what everyone may know of its round."""

    seat: int
    tail: int  # the body's last row (it covers ``tail`` .. ``tail + body_length - 1``)
    legs: dict[str, int]  # leg (``LH`` .. ``RF``) -> its row
    played: list[CardFace]  # this round's cards, the one being played included
    current: int | None  # the id of the card being played
    moved: list[str]  # the legs the current card has moved
    hand_count: int
    offer_count: int
    choosing: bool  # still to keep a card of the draft packet
    playing: bool  # still in this round's play phase
    finished: bool  # past the finish line
    place: int | None


class PlaceGroup(TypedDict):
    """A finishing place and the seats sharing it."""

    place: int
    seats: list[int]


class OutcomeView(TypedDict):
    winners: list[int]
    reason: str


class BugRacePublicView(TypedDict):
    """``view(state, None)``: what everyone may know."""

    game: str
    players: int
    round: int
    phase: Phase
    expert: bool
    play_on: bool
    pass_direction: PassDirection
    draw_count: int
    discard_count: int
    rows: int
    finish_tail: int
    body_length: int
    bugs: list[BugView]
    places: list[PlaceGroup]
    to_act: list[int]
    outcome: OutcomeView | None
    events: list[dict[str, Any]]


class BugRaceSeatView(BugRacePublicView):
    """``view(state, seat)``: the public view, the seat's own events in full, and its cards."""

    seat: int
    hand: list[CardFace]
    offer: list[CardFace]
    current: CardFace | None
    movable: list[str]  # the legs the current card may move one row now
    pass_to: int | None  # the seat the draft packet goes to, during the draft


def card_face(card: int) -> CardFace:
    return CardFace(id=card, legs=leg_names(card))


def movable_legs(seat: SeatState) -> list[str]:
    """Legs of the card being played that may move one row right now."""
    if seat.current is None:
        return []
    return [
        leg
        for leg in leg_names(seat.current)
        if leg not in seat.moved and can_move_leg(seat.bug, leg)
    ]


def outcome_view(outcome: Outcome | None) -> OutcomeView | None:
    if outcome is None:
        return None
    return OutcomeView(winners=list(outcome.winners), reason=outcome.reason)


def _public_bug(state: BugRaceState, seat: int, place: int | None) -> BugView:
    mine = state.seat(seat)
    return BugView(
        seat=seat,
        tail=mine.bug.tail,
        legs={leg: mine.bug.row(leg) for leg in LEGS},
        played=[card_face(card) for card in mine.played],
        current=mine.current,
        moved=list(mine.moved),
        hand_count=len(mine.hand),
        offer_count=len(mine.offer),
        choosing=state.phase == DRAFT and bool(mine.offer),
        playing=state.phase == PLAY and mine.playing,
        finished=mine.bug.finished,
        place=place,
    )


def public_view(state: BugRaceState, seat: int | None) -> BugRacePublicView:
    """Everyone's view, with the events as ``seat`` sees them (all public for None)."""
    places = {member: place for place, group in place_numbers(state.places) for member in group}
    return BugRacePublicView(
        game=NAME,
        players=state.players,
        round=state.round,
        phase=state.phase,
        expert=state.expert,
        play_on=state.play_on,
        pass_direction=pass_direction(state),
        draw_count=len(state.draw_pile),
        discard_count=len(state.discard),
        rows=ROWS,
        finish_tail=FINISH_TAIL,
        body_length=BODY_LENGTH,
        bugs=[_public_bug(state, other, places.get(other)) for other in range(state.players)],
        places=[
            PlaceGroup(place=place, seats=list(group))
            for place, group in place_numbers(state.places)
        ],
        to_act=sorted(seats_to_act(state)),
        outcome=outcome_view(state.outcome),
        events=[event.seen_by(seat) for event in state.events],
    )


def seat_view(state: BugRaceState, seat: int) -> BugRaceSeatView:
    """What ``seat`` (one at the table) may know: the public view and its own cards."""
    mine = state.seat(seat)
    return BugRaceSeatView(
        **public_view(state, seat),
        seat=seat,
        hand=[card_face(card) for card in mine.hand],
        offer=[card_face(card) for card in mine.offer],
        current=None if mine.current is None else card_face(mine.current),
        movable=movable_legs(mine),
        pass_to=receiver(state, seat) if state.phase == DRAFT and seat in state.racing() else None,
    )
