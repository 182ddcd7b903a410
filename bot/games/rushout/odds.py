"""How many throws a seat needs, on average, to fill what is left of a card: the AI's
yardstick for choosing where to put its dice.

A seat throws all its dice in hand together and places every die that fits, keeping one
in hand unless that completes the card (a seat with no die left cannot throw). Placing a
die that fits is never worse than throwing it again, so the chain is fixed and its expected
length is a small recursion over (slots still needed, dice in hand), cached.

A need is a tuple of ``Symbol``: per distinct symbol still needed, how many slots, how many
faces of the die show it, whether the seat's Joker counts as it, and whether it is the raw
Joker itself (the dragon tile).
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial
from typing import Final, NamedTuple

#: Expected throws for what a seat cannot finish with the dice it has.
NEVER: Final = 99.0


class Symbol(NamedTuple):
    needed: int
    faces: int  # faces of the die showing it (for the raw Joker: the Joker faces)
    joker: bool  # the seat's Joker counts as it
    raw_joker: bool = False


def throws_to_fill(need: tuple[Symbol, ...], dice: int, joker_faces: int, sides: int = 6) -> float:
    """Expected throws to fill ``need`` with ``dice`` dice in hand (0 when nothing is needed,
    ``NEVER`` when it cannot be done)."""
    need = tuple(sorted(symbol for symbol in need if symbol.needed > 0))
    if not need:
        return 0.0
    return min(NEVER, _expected(need, min(dice, 8), joker_faces, sides))


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [
        (first, *rest)
        for first in range(total + 1)
        for rest in _compositions(total - first, parts - 1)
    ]


@lru_cache(maxsize=4096)
def _outcomes(
    dice: int, probabilities: tuple[float, ...]
) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every way ``dice`` dice fall into the classes, with its probability."""
    found = []
    for counts in _compositions(dice, len(probabilities)):
        weight = float(factorial(dice))
        for count, probability in zip(counts, probabilities, strict=True):
            weight *= probability**count / factorial(count)
        if weight > 0:
            found.append((counts, weight))
    return tuple(found)


@lru_cache(maxsize=65536)
def _expected(need: tuple[Symbol, ...], dice: int, joker_faces: int, sides: int) -> float:
    total = sum(symbol.needed for symbol in need)
    if total > dice or dice <= 0:
        return NEVER
    # Classes: each symbol's own faces (not the raw Joker's), the Joker faces, the rest.
    plain = [s.faces / sides if not s.raw_joker else 0.0 for s in need]
    joker = joker_faces / sides
    probabilities = (*plain, joker, max(0.0, 1.0 - sum(plain) - joker))
    stay = 0.0
    rest = 0.0
    size = len(need)
    wanted = [symbol.needed for symbol in need]
    # Jokers go to the raw-Joker slots first, then to the symbols they count as, rarest first.
    takers = [
        i
        for i in sorted(range(size), key=lambda i: (not need[i].raw_joker, need[i].faces))
        if need[i].raw_joker or need[i].joker
    ]
    # A die kept in hand gives back a slot of the commonest symbol.
    commonest = sorted(range(size), key=lambda i: -need[i].faces)
    for counts, weight in _outcomes(dice, probabilities):
        left = [wanted[i] - counts[i] if counts[i] < wanted[i] else 0 for i in range(size)]
        jokers = counts[size]
        for i in takers:
            if not jokers:
                break
            used = jokers if jokers < left[i] else left[i]
            left[i] -= used
            jokers -= used
        remaining = sum(left)
        placed = total - remaining
        if placed == dice and remaining:
            back = next(i for i in commonest if left[i] < wanted[i])
            left[back] += 1
            placed -= 1
        if placed == 0:
            stay += weight
            continue
        after = tuple(
            Symbol(n, s.faces, s.joker, s.raw_joker) for s, n in zip(need, left, strict=True)
        )
        rest += weight * throws_to_fill(after, dice - placed, joker_faces, sides)
    if stay >= 1.0 - 1e-12:
        return NEVER
    return (1.0 + rest) / (1.0 - stay)
