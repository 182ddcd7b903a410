"""The track, the deck and one bug's moves: the designed tables and the legs rule.

Nothing here knows about seats or rounds: a ``Bug`` is its body's tail row and its six
legs' rows, and the functions below say which of its moves the rules allow.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from bot.games.base import IllegalAction

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


def with_body_moves(bug: Bug) -> Bug:
    """The bug once its body has moved as far as it can."""
    while can_move_body(bug):
        bug = bug.moved_body()
    return bug
