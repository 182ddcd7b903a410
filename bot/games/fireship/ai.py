"""Fireship's normal AI player (``bot_action``'s ``normal`` level; ``levels`` builds easy
and hard on it).

It reads only what its seat may know: the board, the public counts and its own hand.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Final

from bot.games.fireship import data
from bot.games.fireship.combat import Side, attack_options, power
from bot.games.fireship.data import Cell
from bot.games.fireship.rules import end_actions, legal_actions, movers, reach, square_kind, to_act
from bot.games.fireship.state import (
    ACT,
    CHOOSE,
    HOME_EXITS,
    ISLAND_AROUND,
    ISLAND_RING,
    ORTHOGONAL,
    SQUARES,
    START,
    FireshipState,
    Pawn,
    neighbours_8,
    pawns_in_square,
)

AI_RING = 30.0  # a pawn next to the island it is after
AI_CLUSTER = 3.0  # per point of its own side's power next to it there
AI_GUARD = 12.0  # the first pawn next to an island of its own
AI_CHANCE = 8.0  # a wheel or mystery square it may use
AI_BATTLESHIP_SQUARE = 8.0  # a battleship square, for a plane
AI_COST = 0.3  # per point spent
AI_MIN_GAIN = 0.5
AI_DEFENCE_WEIGHT = 4.0  # when picking the island to go for
AI_SQUAD = 4  # the pawns whose distances choose that island
AI_ISLAND_GAIN = 40.0
AI_PAWN_GAIN = 5.0  # per point of value
AI_WIN_CHANCE = {
    "plain": data.PLAIN_DIE_WINS / data.WIN_DIE_SIDES,
    "blue": data.BLUE_DIE_WINS / data.WIN_DIE_SIDES,
}
AI_KRAKEN_OWN = 1.5
AI_WHIRLPOOL_MIN = 2
#: A spin's worth without its Kraken, in pawn values (gains, badges and a card against the
#: losses, over the wheel's other ten outcomes): the wheel is spun unless a Kraken there
#: would cost more than this.
AI_WHEEL_WORTH = 5.0


def _ring_distances(island: int) -> dict[Cell, int]:
    """Orthogonal steps from every sea cell to the island's ring, pawns ignored."""
    distance = dict.fromkeys(ISLAND_RING[island], 0)
    queue = deque(distance)
    while queue:
        cell = queue.popleft()
        for nxt in ORTHOGONAL[cell]:
            if nxt not in distance:
                distance[nxt] = distance[cell] + 1
                queue.append(nxt)
    return distance


RING_DISTANCE: Final = {island: _ring_distances(island) for island in data.ISLAND_IDS}


def _distance(pawn: Pawn, cell: Cell | None, island: int) -> int:
    if cell is None:
        return 1 + min(RING_DISTANCE[island][c] for c in HOME_EXITS[pawn.seat])
    return RING_DISTANCE[island][cell]


def _focus_island(state: FireshipState, seat: int) -> int | None:
    """The island to go for: near the squad and weakly held."""
    targets = [i for i in data.ISLAND_IDS if state.islands[i - 1] != seat]
    pawns = state.seat_pawns(seat)
    if not targets or not pawns:
        return None

    def cost(island: int) -> float:
        distances = sorted(_distance(p, p.cell, island) for p in pawns)[:AI_SQUAD]
        defence = power(state, Side(state.islands[island - 1], island=island))
        return sum(distances) / len(distances) + AI_DEFENCE_WEIGHT * defence

    return min(targets, key=cost)


@dataclass(frozen=True)
class _Fleet:
    """A seat's pawns and islands, gathered once for scoring many cells."""

    pawns: list[Pawn]
    islands: list[int]
    #: For each of its islands, the ids of its pawns next to it.
    guards: dict[int, set[str]]


def _fleet(state: FireshipState, seat: int) -> _Fleet:
    pawns = state.seat_pawns(seat)
    islands = state.owned_islands(seat)
    guards = {i: {p.id for p in pawns if p.cell in ISLAND_RING[i]} for i in islands}
    return _Fleet(pawns, islands, guards)


def _cell_score(
    state: FireshipState, fleet: _Fleet, pawn: Pawn, cell: Cell | None, focus: int | None
) -> float:
    score = 0.0
    if focus is not None:
        if cell is not None and cell in ISLAND_RING[focus]:
            friends = sum(
                data.PAWN_VALUE[p.kind]
                for p in fleet.pawns
                if p is not pawn
                and p.cell is not None
                and max(abs(p.cell[0] - cell[0]), abs(p.cell[1] - cell[1])) <= 1
            )
            score += AI_RING + AI_CLUSTER * friends
        else:
            score -= _distance(pawn, cell, focus)
    if cell is None:
        return score
    if cell != pawn.last_special:
        if cell in data.WHEEL_SQUARES or cell in data.MYSTERY_SQUARES:
            score += AI_CHANCE
        elif cell in data.BATTLESHIP_SQUARES and pawn.kind == data.PLANE:
            score += AI_BATTLESHIP_SQUARE * (state.seats[pawn.seat].pool[data.BATTLESHIP] > 0)
    for island in fleet.islands:
        if cell in ISLAND_RING[island] and not fleet.guards[island] - {pawn.id}:
            score += AI_GUARD
    return score


def scored_moves(state: FireshipState, seat: int) -> list[tuple[float, str]]:
    """Every move worth making (a gain over ``AI_MIN_GAIN``) with its gain, best first (in
    the order moves are listed among equal gains): the normal AI plays the first."""
    if state.points <= 0 or state.attacked:
        return []
    focus = _focus_island(state, seat)
    fleet = _fleet(state, seat)
    scored: list[tuple[float, str]] = []
    for pawn in movers(state, seat):
        here = _cell_score(state, fleet, pawn, pawn.cell, focus)
        for cell, cost in reach(state, pawn).items():
            gain = _cell_score(state, fleet, pawn, cell, focus) - here - AI_COST * cost
            if gain > AI_MIN_GAIN:
                scored.append((gain, f"move {pawn.id} {data.cell_name(cell)}"))
    scored.sort(key=lambda item: -item[0])
    return scored


def _ai_move(state: FireshipState, seat: int) -> str | None:
    scored = scored_moves(state, seat)
    return scored[0][1] if scored else None


def _ai_attack(state: FireshipState, seat: int) -> str | None:
    has_plus = data.PLUS in state.seats[seat].hand
    best: tuple[float, str] | None = None
    for leader, target, attack, defence in attack_options(state, seat):
        prize = AI_ISLAND_GAIN if target.pawn is None else AI_PAWN_GAIN * target.value
        base = f"attack {leader.ident} {target.ident}"
        choices = [(attack, base)]
        if has_plus and target.pawn is None:
            choices.append((attack + 1, base + " plus"))
        for total, action in choices:
            if total < defence:
                continue
            value = prize * AI_WIN_CHANCE["plain" if total == defence else "blue"]
            if action.endswith("plus"):
                value -= AI_PAWN_GAIN  # the card is worth keeping unless it helps
            if best is None or value > best[0]:
                best = (value, action)
    return None if best is None else best[1]


def _ai_boum(state: FireshipState, seat: int, focus: int | None) -> str | None:
    me = state.seats[seat]
    via = "badge" if me.badges[data.BOUM] > 0 else "card" if data.BOUM in me.hand else None
    if via is None:
        return None
    mine = [ISLAND_AROUND[i] for i in state.owned_islands(seat)]
    if focus is not None:
        mine.append(ISLAND_AROUND[focus])
    for pawn in sorted(state.pawns.values(), key=lambda p: (p.seat == data.WHITE, p.id)):
        near = pawn.cell is not None and any(pawn.cell in around for around in mine)
        if near and pawn.kind == data.BOAT and pawn.seat != seat:
            return f"boum {via} {pawn.id}"
    return None


def _ai_tourbillon(state: FireshipState, seat: int) -> str | None:
    if data.TOURBILLON not in state.seats[seat].hand:
        return None
    best: tuple[int, Cell] | None = None
    for pawn in state.pawns.values():
        if pawn.seat in (seat, data.WHITE) or pawn.kind == data.PLANE or pawn.cell is None:
            continue
        for cell in neighbours_8(pawn.cell):
            if not state.is_free(cell):
                continue
            hit = pawns_in_square(state, cell, data.WHIRLPOOL_REACH)
            value = sum(
                data.PAWN_VALUE[p.kind] * (-2 if p.seat == seat else 1)
                for p in hit
                if p.kind != data.PLANE
            )
            if best is None or value > best[0]:
                best = (value, cell)
    if best is None or best[0] < AI_WHIRLPOOL_MIN:
        return None
    return f"tourbillon {data.cell_name(best[1])}"


def _ai_roll(state: FireshipState, seat: int, legal: list[str]) -> str:
    pawns = state.seat_pawns(seat)
    planes = any(p.kind == data.PLANE for p in pawns)
    boats = sum(p.kind != data.PLANE for p in pawns)
    wanted = "roll"
    if planes and "roll vent badge" in legal:
        wanted = "roll vent badge"
    elif planes and "roll vent card" in legal:
        wanted = "roll vent card"
    if boats >= 2 and f"{wanted} gulf" in legal:
        wanted += " gulf"
    return wanted


def _ai_end(state: FireshipState, seat: int, legal: list[str]) -> str:
    if state.owned_islands(seat):
        for action in ("end fog badge", "end fog card"):
            if action in legal:
                return action
    return "end"


def _kraken_worth(state: FireshipState, seat: int, centre: Cell, spared: str | None) -> float:
    """A Kraken's worth to ``seat``: the enemies it sinks less its own losses, weighed."""
    return sum(
        data.PAWN_VALUE[p.kind] * (-AI_KRAKEN_OWN if p.seat == seat else 1)
        for p in pawns_in_square(state, centre, data.KRAKEN_REACH)
        if p.id != spared
    )


def _ai_square(state: FireshipState, seat: int) -> str:
    """Use the first pawn's square, or skip it: a wheel whose Kraken would cost more than a
    spin is worth, or a battleship square with no battleship left in the pool."""
    pawn = state.pawns[state.squares[0]]
    assert pawn.cell is not None
    square = square_kind(pawn.cell)
    use = True
    if square == "wheel":
        use = AI_WHEEL_WORTH + _kraken_worth(state, seat, pawn.cell, pawn.id) > 0
    elif square == "battleship":
        use = state.seats[seat].pool[data.BATTLESHIP] > 0
    return f"{'use' if use else 'skip'} {pawn.id}"


def _ai_choice(state: FireshipState, seat: int, legal: list[str]) -> str:
    assert state.pending is not None
    if state.pending["kind"] == "lose":
        focus = _focus_island(state, seat)
        pawns = [state.pawns[pid] for pid in state.pending["options"]]
        fleet = _fleet(state, seat)
        worst = min(pawns, key=lambda p: _cell_score(state, fleet, p, p.cell, focus))
        return f"lose {worst.id}"

    spared = state.pending.get("pawn")
    options: list[str] = state.pending["options"]

    def kraken_value(option: str) -> float:
        centre = data.parse_cell(option)
        assert centre is not None
        return _kraken_worth(state, seat, centre, spared)

    return "kraken " + max(options, key=kraken_value)


def choose_action(state: FireshipState, seat: int, rng: random.Random) -> str:
    if state.phase == CHOOSE:
        return _ai_choice(state, seat, legal_actions(state, seat))
    if state.phase == START:
        return _ai_roll(state, seat, legal_actions(state, seat))
    if state.phase == SQUARES:
        return _ai_square(state, seat)
    if seat not in to_act(state):
        return _ai_end(state, seat, [])
    focus = _focus_island(state, seat)
    for choice in (
        _ai_boum(state, seat, focus),
        _ai_move(state, seat),
        _ai_attack(state, seat),
        _ai_tourbillon(state, seat),
    ):
        if choice is not None and _allowed(state, choice):
            return choice
    return _ai_end(state, seat, end_actions(state, seat))


def _allowed(state: FireshipState, choice: str) -> bool:
    """Whether a choice of the seat to act is legal (``legal_actions`` without listing them
    all): each proposal is built from what the rules allow, but moves and attacks only
    while moving and attacking (not at the end of the turn)."""
    return state.phase == ACT or choice.split()[0] not in ("move", "attack")
