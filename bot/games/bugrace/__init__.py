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

Modules: ``track`` (the track, the deck, one bug's moves), ``rules`` (the state, the round
flow, the actions), ``views`` (the typed views), ``ai`` (the AI), ``save`` (dump/load),
``engine`` (``BugRace``, the engine itself).
"""

from __future__ import annotations

from bot.games.bugrace.engine import GAME, BugRace
from bot.games.bugrace.rules import (
    DRAFT,
    OVER,
    PLAY,
    BugRaceState,
    Event,
    SeatState,
    arrange_play,
    with_bug,
)
from bot.games.bugrace.track import (
    BODY_LENGTH,
    CARDS,
    DECK_SIZE,
    FINISH_TAIL,
    LEGS,
    POSITIONS,
    ROWS,
    SIDES,
    Bug,
    all_legs_order,
    canonical,
    leg_names,
    legs_rule_holds,
)
from bot.games.bugrace.views import (
    BugRacePublicView,
    BugRaceSeatView,
    BugView,
    CardFace,
    OutcomeView,
    PlaceGroup,
)

__all__ = [
    "BODY_LENGTH",
    "CARDS",
    "DECK_SIZE",
    "DRAFT",
    "FINISH_TAIL",
    "GAME",
    "LEGS",
    "OVER",
    "PLAY",
    "POSITIONS",
    "ROWS",
    "SIDES",
    "Bug",
    "BugRace",
    "BugRacePublicView",
    "BugRaceSeatView",
    "BugRaceState",
    "BugView",
    "CardFace",
    "Event",
    "OutcomeView",
    "PlaceGroup",
    "SeatState",
    "all_legs_order",
    "arrange_play",
    "canonical",
    "leg_names",
    "legs_rule_holds",
    "with_bug",
]
