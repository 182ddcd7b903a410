"""Fireship's state: the board's geometry, the pawns, the seats, the game state, and the
small steps every rule takes (a die, an event, a pawn added or destroyed)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal, NotRequired, TypedDict

from bot.games.base import Outcome, SeededRng
from bot.games.fireship import data
from bot.games.fireship.data import Cell

Json = dict[str, Any]
Phase = Literal["start", "act", "squares", "end", "choose", "over"]
PendingKind = Literal["lose", "kraken"]
AttackResult = Literal["won", "missed", "repelled", "cancelled"]

#: One move or attack of a turn, as the state keeps it and the views show it. Places are
#: cell names, ``home:<seat>`` or ``island:<n>``; a move names its ``pawn``, an attack has
#: its ``result``.
TrailStep = TypedDict(
    "TrailStep",
    {
        "kind": Literal["move", "attack"],
        "seat": int,
        "pawn": NotRequired[str],
        "from": str,
        "to": str,
        "result": NotRequired[AttackResult],
    },
)

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
SCHEMA_VERSION: Final = 2
#: Save formats ``load`` still reads (1: before the special-squares step).
READABLE_SCHEMAS: Final = (1, 2)
HOME: Final = "home"
START: Final = "start"
ACT: Final = "act"
SQUARES: Final = "squares"  # each pawn on a special square: use it or skip it
END: Final = "end"  # the end of the turn: Brouillard may be played
CHOOSE: Final = "choose"
OVER: Final = "over"
PHASES: Final[tuple[Phase, ...]] = (START, ACT, SQUARES, END, CHOOSE, OVER)
REASON_ISLANDS: Final = "all_islands"
REASON_LAST: Final = "last_player"
REASON_TIME: Final = "time_limit"
REASON_NO_PAWNS: Final = "no_pawns_left"
NO_LIMIT: Final = 0


# --- Geometry ---------------------------------------------------------------------------
def neighbours_8(cell: Cell) -> Iterable[Cell]:
    x, y = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if 0 <= x + dx < data.SIZE and 0 <= y + dy < data.SIZE:
                yield (x + dx, y + dy)


def _orthogonal(cell: Cell) -> list[Cell]:
    x, y = cell
    around = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
    return [c for c in around if c in data.SEA]


def around(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Every cell within 1 (8-neighbourhood) of any of ``cells``, the cells included."""
    return frozenset(n for cell in cells for n in neighbours_8(cell))


ORTHOGONAL: Final = {cell: _orthogonal(cell) for cell in data.SEA}
#: Every cell within 1 of each cell of the board, the cell included (``around`` of it).
AROUND_CELL: Final = {(x, y): around(((x, y),)) for x in range(data.SIZE) for y in range(data.SIZE)}
ISLAND_AROUND: Final = {i: around(data.ISLAND_CELLS[i]) for i in data.ISLAND_IDS}
#: The sea cells within 1 of each island: where overflight starts and lands.
ISLAND_RING: Final = {i: frozenset(ISLAND_AROUND[i] & data.SEA) for i in data.ISLAND_IDS}
#: Where a plane may land by overflight from each sea cell: the ring of every island whose
#: ring holds that cell, island by island (the order moves are found in, which the AI's
#: choice among equal moves follows).
RING_LANDINGS: Final = {
    cell: tuple(
        dict.fromkeys(c for i in data.ISLAND_IDS if cell in ISLAND_RING[i] for c in ISLAND_RING[i])
    )
    for cell in data.SEA
}
HOME_AROUND: Final = tuple(around(block) for block in data.HOME_BLOCKS)
HOME_EXITS: Final = tuple(
    frozenset(n for cell in block for n in _orthogonal(cell)) for block in data.HOME_BLOCKS
)
ISLAND_AT: Final = {cell: i for i, cells in data.ISLAND_CELLS.items() for cell in cells}
HOME_AT: Final = {cell: seat for seat, block in enumerate(data.HOME_BLOCKS) for cell in block}


def island_id(island: int) -> str:
    return f"I{island}"


def cell_text(cell: Cell | None) -> str:
    return HOME if cell is None else data.cell_name(cell)


# --- State ------------------------------------------------------------------------------
@dataclass
class Pawn:
    id: str
    seat: int  # data.WHITE for garrison boats
    kind: str
    cell: Cell | None  # None: in its home
    last_special: Cell | None = None


@dataclass
class SeatState:
    pool: dict[str, int]
    hand: list[str] = field(default_factory=list)  # secret
    badges: dict[str, int] = field(default_factory=lambda: dict.fromkeys(data.BADGE_KINDS, 0))
    orders: dict[str, bool] = field(default_factory=dict)  # secret: "non kraken" -> on
    skip: bool = False  # Deep Hole Bermuda: the next turn is skipped
    fog: bool = False  # Brouillard: nobody may attack this seat
    out: bool = False
    numbered: int = 0  # pawns numbered so far (ids)


@dataclass
class Event:
    """What an action did. ``secret`` is added to ``public`` in the owner's view only."""

    public: Json
    owner: int | None = None
    secret: Json = field(default_factory=dict)

    def seen_by(self, seat: int | None) -> Json:
        if seat is not None and seat == self.owner:
            return {**self.public, **self.secret}
        return dict(self.public)


@dataclass
class FireshipState:
    players: int
    rng: int
    rounds_limit: int
    first: int  # the seat that won the start roll
    turn: int
    round: int
    phase: Phase
    pawns: dict[str, Pawn]
    islands: list[int]  # owner of island i at index i - 1
    seats: list[SeatState]
    deck: list[str]  # secret order; the top card is the last one
    discard: list[str]
    badge_supply: dict[str, int]
    start_rolls: list[list[int]] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    points: int = 0
    fast: list[str] = field(default_factory=list)  # kinds moving double this turn
    leaders: list[str] = field(default_factory=list)
    attacked: bool = False
    whirlpools: list[tuple[int, Cell]] = field(default_factory=list)
    squares: list[str] = field(default_factory=list)  # pawns still to use or skip a square
    queue: list[Json] = field(default_factory=list)  # effects still to resolve this turn
    pending: Json | None = None  # a choice the turn's player must make
    trail: list[TrailStep] = field(default_factory=list)  # this turn's moves and attacks
    previous_trail: list[TrailStep] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    outcome: Outcome | None = None
    loaded: list[int] = field(default_factory=list)  # tests: die results drawn first
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def pawn_at(self, cell: Cell) -> Pawn | None:
        return self._occupancy().get(cell)

    def _occupancy(self) -> dict[Cell, Pawn]:
        if "occupancy" not in self.cache:
            self.cache["occupancy"] = {p.cell: p for p in self.pawns.values() if p.cell}
        occupancy: dict[Cell, Pawn] = self.cache["occupancy"]
        return occupancy

    def seat_pawns(self, seat: int) -> list[Pawn]:
        return [p for p in self.pawns.values() if p.seat == seat]

    def owned_islands(self, seat: int) -> list[int]:
        return [i for i in data.ISLAND_IDS if self.islands[i - 1] == seat]

    def live_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.seats[s].out]

    def whirlpool_cells(self) -> set[Cell]:
        return {cell for _, cell in self.whirlpools}

    def is_free(self, cell: Cell) -> bool:
        return (
            cell in data.SEA
            and cell not in self._occupancy()
            and cell not in self.whirlpool_cells()
        )

    def touched(self) -> None:
        self.cache.clear()


def clone(state: FireshipState) -> FireshipState:
    """A copy to change (no events yet, no caches); faster than ``copy.deepcopy``."""
    return replace(
        state,
        pawns={pid: replace(pawn) for pid, pawn in state.pawns.items()},
        islands=list(state.islands),
        seats=[
            replace(
                seat,
                pool=dict(seat.pool),
                hand=list(seat.hand),
                badges=dict(seat.badges),
                orders=dict(seat.orders),
            )
            for seat in state.seats
        ],
        deck=list(state.deck),
        discard=list(state.discard),
        badge_supply=dict(state.badge_supply),
        start_rolls=[list(r) for r in state.start_rolls],
        dice=list(state.dice),
        fast=list(state.fast),
        leaders=list(state.leaders),
        whirlpools=list(state.whirlpools),
        squares=list(state.squares),
        queue=copy.deepcopy(state.queue),
        pending=copy.deepcopy(state.pending),
        trail=copy.deepcopy(state.trail),
        previous_trail=copy.deepcopy(state.previous_trail),
        events=[],
        outcome=state.outcome,
        loaded=list(state.loaded),
        cache={},
    )


# --- Randomness -------------------------------------------------------------------------
def randint(state: FireshipState, low: int, high: int) -> int:
    if state.loaded:
        return state.loaded.pop(0)
    rng = SeededRng(state.rng)
    value = rng.randint(low, high)
    state.rng = rng.state
    return value


def roll_move_dice(state: FireshipState) -> list[int]:
    return [randint(state, 1, data.MOVE_DIE_SIDES) for _ in range(data.MOVE_DICE)]


def win_die(state: FireshipState, wins: int) -> tuple[int, bool]:
    roll = randint(state, 1, data.WIN_DIE_SIDES)
    return roll, roll <= wins


def emit(state: FireshipState, event_type: str, **public: Any) -> None:
    state.events.append(Event({"type": event_type, **public}))


def emit_private(
    state: FireshipState, event_type: str, owner: int, secret: Json, **public: Any
) -> None:
    """An event whose ``secret`` part only ``owner`` sees."""
    state.events.append(Event({"type": event_type, **public}, owner, secret))


# --- Pawns ------------------------------------------------------------------------------
def add_pawn(state: FireshipState, seat: int, kind: str, cell: Cell | None) -> Pawn:
    if seat == data.WHITE:
        number = sum(1 for p in state.pawns if p.startswith(data.WHITE_LETTER)) + 1
        pid = f"{data.WHITE_LETTER}{number}"
    else:
        state.seats[seat].numbered += 1
        pid = f"{data.COLOUR_LETTERS[seat]}{state.seats[seat].numbered}"
    pawn = Pawn(pid, seat, kind, cell)
    state.pawns[pid] = pawn
    state.touched()
    return pawn


def destroy(state: FireshipState, pawn: Pawn, cause: str) -> None:
    del state.pawns[pawn.id]
    if pawn.seat != data.WHITE:
        state.seats[pawn.seat].pool[pawn.kind] += 1
    state.touched()
    emit(state, "destroyed", seat=pawn.seat, pawn=pawn.id, kind=pawn.kind, cause=cause)


def pawn_cells(pawn: Pawn) -> tuple[Cell, ...]:
    return data.HOME_BLOCKS[pawn.seat] if pawn.cell is None else (pawn.cell,)


def near_cells(pawn: Pawn) -> frozenset[Cell]:
    return HOME_AROUND[pawn.seat] if pawn.cell is None else AROUND_CELL[pawn.cell]


def pawns_in_square(state: FireshipState, centre: Cell, reach: int) -> list[Pawn]:
    x, y = centre
    return [
        p
        for p in state.pawns.values()
        if any(abs(cx - x) <= reach and abs(cy - y) <= reach for cx, cy in pawn_cells(p))
    ]


def pawn_order(pid: str) -> tuple[str, int]:
    return (pid[0], int(pid[1:]))


def board_value(state: FireshipState, seat: int) -> int:
    return sum(data.PAWN_VALUE[p.kind] for p in state.seat_pawns(seat))
