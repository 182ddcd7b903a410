"""Fireship: conquer the nine islands of a 20 x 20 sea with boats, planes and battleships.

Rules: ``docs/rules/fireship.md``; tables in :mod:`bot.games.fireship_data`.

Choices this module makes where the ruling is silent:

- Pawn ids are the colour letter and a number given when the pawn enters the board (``B1``,
  ``R7``; white garrison boats are ``W1``..``W9``, one per island). Islands are ``I1``..``I9``.
  Cells are written ``A1``..``T20`` (column letter, row number); a pawn in its home is at
  ``home``. A pawn never goes back into a home; home pawns are all "within 1" of each other
  and of the cells around the home block, so they attack, defend and can be attacked there.
- A move takes ONE pawn to ONE cell along its cheapest path (several moves per pawn are
  fine). Doubled speed (Vent Ascendant, Gulf Stream) counts a move of n cells as ceil(n/2)
  points; overflight (4 points) is part of a plane's path, so ``move`` covers it too.
- A whirlpool is a token: no pawn ends on it, boats may pass it. It strikes at the start of
  its owner's next turn, before a Deep Hole Bermuda skip.
- Attacks come after moves: the first attack ends the moving. A defensive +1 (standing
  order) is played only when it cancels the attack (tie) or turns the blue die into the
  plain one; a Non (standing order) answers a *won* attack, so it is never wasted on a miss.
- Special squares work by themselves at the end of the turn for each pawn ending on one,
  in pawn order; a non-plane on a battleship square does nothing and does not count as a use.
- A Kraken drawn through a Tourne la roue card spares the pawn whose square drew the card,
  like a spun Kraken spares the spinning pawn. A Non against a Kraken or a whirlpool cancels
  it for everybody. A Non on one's own losses (wheel or card) cannot be answered.
- A spent badge leaves the game; when a badge kind's 6 are all handed out, the wheel result
  gives nothing. An empty deck is reshuffled from the discard.
- A captured island's new garrison boat is put only if the garrison cell is free.
- The time limit ends the game after the given number of full rounds; home pawns count in
  the "value of pawns on the board" tie-break.
- When no live player has a pawn left (islands alone never act, so nothing could change any
  more), the game ends and is judged like the time limit (reason ``no_pawns_left``).
- Standing orders start as ``NON_CASES`` / ``PLUS_CASES`` say (the same for everyone) and
  fire only while the seat holds the card. Non cases: ``attack_island``, ``attack_pawn`` (a
  won attack on mine), ``boum`` (on my boat), ``kraken``, ``whirlpool`` (another player's,
  sinking my pawns), ``loss`` (a wheel or card result taking my pawn), ``bermuda``, ``non``
  (answer a Non against my own action). Plus cases: ``island``, ``pawn``.
- Actions naming a card (``roll vent card``, ``attack .. plus``, ``boum card``,
  ``tourbillon``, ``end fog card``) show what the acting seat holds: offer them privately.

Action grammar (ASCII, at most 60 characters):

* start of turn: ``roll``, ``roll vent card``, ``roll vent badge``, each optionally followed
  by `` gulf`` (spend a Gulf Stream badge);
* during the turn: ``move <pawn> <cell>``, ``attack <leader> <target>`` and ``attack
  <leader> <target> plus`` (play a Gagne +1), leaders and targets being pawn ids or island
  ids; ``boum card <pawn>``, ``boum badge <pawn>``, ``tourbillon <cell>``; ``end``, ``end fog
  card``, ``end fog badge`` (special squares, then Brouillard, then the next turn);
* choices the engine asks for: ``lose <pawn>`` (which boat or plane to lose), ``kraken
  <cell>`` (where a Tourne la roue Kraken appears);
* standing orders, any time from a live seat: ``order non <case> on|off`` (cases in
  ``NON_CASES``) and ``order plus <case> on|off`` (``island``, ``pawn``).

Views. Public: ``players``, ``colours``, ``round``, ``rounds_limit`` (0 = off), ``turn``
(seat or None), ``phase`` (start, act, choose, over), ``dice``, ``points``, ``fast`` (pawn
kinds moving double: ``plane``, ``boat``, ``battleship``), ``leaders`` (pawns and islands
that led an attack this turn), ``pending`` (a choice awaited: {seat, kind (lose, kraken),
options}), ``pawns`` ([{id, seat, kind, cell, last_special}]; seat -1 = white, cell ``home``
in a home), ``islands`` ([{id, owner, garrison}]), ``whirlpools`` ([{seat, cell}]),
``seats`` ([{seat, colour, out, pool, islands, badges, cards, skip, fog, value}]),
``deck``, ``discard`` (counts), ``badge_supply``, ``start_rolls`` (one list of totals per
throw, 0 for a seat not in a re-roll), ``trail`` (this turn's moves and attacks: {kind
(move, attack), seat, from, to, pawn (moves), result (attacks)}, places being cell names,
``home:<seat>`` or ``island:<n>``), ``previous_trail`` (the turn before), ``events``,
``to_act``, ``outcome`` ({winners, reason: all_islands, last_player, time_limit,
no_pawns_left, or those with ``_shared``}). A seat's
view adds ``seat``, ``hand`` (card kinds), ``orders`` ({"non": {case: bool}, "plus": {...}})
and ``reach`` ({pawn id: [{cell, cost}]} while that seat may move).

Events (``type`` and params): start_roll {rolls, first}; turn {seat, round}; skipped {seat};
whirlpool_strike {seat, cell, in_reach}; roll {seat, dice, total, vent, gulf}; move {seat,
pawn, from, to, cost}; attack {seat, leader, target, attack, defence, die, roll, result (won,
missed, repelled, cancelled)}; plus {seat, side}; non {seat, against, case}; destroyed {seat,
pawn, kind, cause}; captured {seat, island, previous}; garrison {seat, pawn, cell}; square
{seat, pawn, cell, square}; battleship {seat, roll, won}; wheel {seat, result}; card {seat,
kind} (kept cards: kind only in the drawer's view, ``kept`` true); gain {seat, kind, pawn};
lose {seat, pawn}; kraken {seat, cell}; badge {seat, kind, got}; bermuda {seat}; boum {seat,
pawn, via}; tourbillon {seat, cell}; fog {seat, via}; nothing {seat, reason (no_<kind>_in_pool,
no_<kind>_to_lose, no_cards, same_square)}; reshuffled; eliminated {seat}; game_over
{winners, reason}. A destroyed pawn's cause: attack, island_lost, kraken, whirlpool, boum,
lost.
"""

from __future__ import annotations

import copy
import heapq
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.games import fireship_data as data
from bot.games.base import (
    ORDER_PREFIX,
    IllegalAction,
    Outcome,
    SeededRng,
    View,
    is_order_action,
    require,
)
from bot.games.fireship_data import Cell

Json = dict[str, Any]

SCHEMA_VERSION: Final = 1
HOME: Final = "home"
START, ACT, CHOOSE, OVER = "start", "act", "choose", "over"
REASON_ISLANDS: Final = "all_islands"
REASON_LAST: Final = "last_player"
REASON_TIME: Final = "time_limit"
REASON_NO_PAWNS: Final = "no_pawns_left"
NO_LIMIT: Final = 0


# --- Geometry ---------------------------------------------------------------------------
def _neighbours_8(cell: Cell) -> Iterable[Cell]:
    x, y = cell
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if 0 <= x + dx < data.SIZE and 0 <= y + dy < data.SIZE:
                yield (x + dx, y + dy)


def _orthogonal(cell: Cell) -> list[Cell]:
    x, y = cell
    around = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
    return [c for c in around if c in data.SEA]


def _around(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Every cell within 1 (8-neighbourhood) of any of ``cells``, the cells included."""
    return frozenset(n for cell in cells for n in _neighbours_8(cell))


ORTHOGONAL: Final = {cell: _orthogonal(cell) for cell in data.SEA}
ISLAND_AROUND: Final = {i: _around(data.ISLAND_CELLS[i]) for i in data.ISLAND_IDS}
#: The sea cells within 1 of each island: where overflight starts and lands.
ISLAND_RING: Final = {i: frozenset(ISLAND_AROUND[i] & data.SEA) for i in data.ISLAND_IDS}
HOME_AROUND: Final = tuple(_around(block) for block in data.HOME_BLOCKS)
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
    phase: str
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
    queue: list[Json] = field(default_factory=list)  # effects still to resolve this turn
    pending: Json | None = None  # a choice the turn's player must make
    trail: list[Json] = field(default_factory=list)
    previous_trail: list[Json] = field(default_factory=list)
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
        queue=copy.deepcopy(state.queue),
        pending=copy.deepcopy(state.pending),
        trail=copy.deepcopy(state.trail),
        previous_trail=copy.deepcopy(state.previous_trail),
        events=[],
        outcome=state.outcome,
        loaded=list(state.loaded),
        cache={},
    )


def scenario(
    players: int = 2,
    seed: int = 0,
    pawns: Iterable[tuple[int, str, str]] = (),
    islands: dict[int, int] | None = None,
    options: dict[str, Any] | None = None,
) -> FireshipState:
    """A test position: seat 0 to act in the start phase, the given pawns only.

    ``pawns`` are (seat, kind, cell name or ``home``); white garrisons are kept only on
    islands still white. ``islands`` maps island number -> owner."""
    state = GAME.new_state(players, seed, options)
    state.events = []
    state.first = state.turn = 0
    state.pawns = {pid: p for pid, p in state.pawns.items() if p.seat == data.WHITE}
    for seat in range(players):
        state.seats[seat].numbered = 0
    for island, owner in (islands or {}).items():
        state.islands[island - 1] = owner
        state.pawns.pop(f"{data.WHITE_LETTER}{island}", None)
    for seat, kind, where in pawns:
        _add_pawn(state, seat, kind, None if where == HOME else data.parse_cell(where))
    state.touched()
    return state


# --- Randomness -------------------------------------------------------------------------
def _randint(state: FireshipState, low: int, high: int) -> int:
    if state.loaded:
        return state.loaded.pop(0)
    rng = SeededRng(state.rng)
    value = rng.randint(low, high)
    state.rng = rng.state
    return value


def _roll_move_dice(state: FireshipState) -> list[int]:
    return [_randint(state, 1, data.MOVE_DIE_SIDES) for _ in range(data.MOVE_DICE)]


def _win_die(state: FireshipState, wins: int) -> tuple[int, bool]:
    roll = _randint(state, 1, data.WIN_DIE_SIDES)
    return roll, roll <= wins


def _emit(state: FireshipState, event_type: str, **public: Any) -> None:
    state.events.append(Event({"type": event_type, **public}))


def _emit_private(
    state: FireshipState, event_type: str, owner: int, secret: Json, **public: Any
) -> None:
    """An event whose ``secret`` part only ``owner`` sees."""
    state.events.append(Event({"type": event_type, **public}, owner, secret))


# --- Pawns ------------------------------------------------------------------------------
def _add_pawn(state: FireshipState, seat: int, kind: str, cell: Cell | None) -> Pawn:
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


def _gain(state: FireshipState, seat: int, kind: str) -> None:
    pool = state.seats[seat].pool
    if pool[kind] <= 0:
        _emit(state, "nothing", seat=seat, reason=f"no_{kind}_in_pool")
        return
    pool[kind] -= 1
    pawn = _add_pawn(state, seat, kind, None)
    _emit(state, "gain", seat=seat, kind=kind, pawn=pawn.id)


def _destroy(state: FireshipState, pawn: Pawn, cause: str) -> None:
    del state.pawns[pawn.id]
    if pawn.seat != data.WHITE:
        state.seats[pawn.seat].pool[pawn.kind] += 1
    state.touched()
    _emit(state, "destroyed", seat=pawn.seat, pawn=pawn.id, kind=pawn.kind, cause=cause)


def pawn_cells(pawn: Pawn) -> tuple[Cell, ...]:
    return data.HOME_BLOCKS[pawn.seat] if pawn.cell is None else (pawn.cell,)


def _near_cells(pawn: Pawn) -> frozenset[Cell]:
    return HOME_AROUND[pawn.seat] if pawn.cell is None else _around((pawn.cell,))


def _pawns_in_square(state: FireshipState, centre: Cell, reach: int) -> list[Pawn]:
    x, y = centre
    return [
        p
        for p in state.pawns.values()
        if any(abs(cx - x) <= reach and abs(cy - y) <= reach for cx, cy in pawn_cells(p))
    ]


def board_value(state: FireshipState, seat: int) -> int:
    return sum(data.PAWN_VALUE[p.kind] for p in state.seat_pawns(seat))


# --- Combat -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Side:
    """A leader or a target: a pawn or an island."""

    seat: int
    pawn: Pawn | None = None
    island: int = 0

    @property
    def ident(self) -> str:
        return self.pawn.id if self.pawn else island_id(self.island)

    @property
    def value(self) -> int:
        return data.PAWN_VALUE[self.pawn.kind] if self.pawn else data.ISLAND_VALUE

    def cells(self) -> tuple[Cell, ...]:
        return pawn_cells(self.pawn) if self.pawn else data.ISLAND_CELLS[self.island]

    def around(self) -> frozenset[Cell]:
        return _near_cells(self.pawn) if self.pawn else ISLAND_AROUND[self.island]


def side_of(state: FireshipState, ident: str) -> Side | None:
    pawn = state.pawns.get(ident)
    if pawn is not None:
        return Side(pawn.seat, pawn=pawn)
    if len(ident) == 2 and ident[0] == "I" and ident[1].isdigit() and ident[1] != "0":
        island = int(ident[1])
        return Side(state.islands[island - 1], island=island)
    return None


def is_near(a: Side, b: Side) -> bool:
    around = a.around()
    return any(cell in around for cell in b.cells())


def power(state: FireshipState, side: Side) -> int:
    """The side's value plus its owner's pawns and islands within 1 of it."""
    around = side.around()
    total = side.value
    total += sum(
        data.PAWN_VALUE[pawn.kind]
        for pawn in state.pawns.values()
        if pawn.seat == side.seat
        and pawn is not side.pawn
        and any(cell in around for cell in pawn_cells(pawn))
    )
    total += sum(
        data.ISLAND_VALUE
        for island in state.owned_islands(side.seat)
        if island != side.island and any(cell in around for cell in data.ISLAND_CELLS[island])
    )
    return total


def _leaders(state: FireshipState, seat: int) -> list[Side]:
    sides = [Side(seat, pawn=p) for p in state.seat_pawns(seat)]
    sides += [Side(seat, island=i) for i in state.owned_islands(seat)]
    return [side for side in sides if side.ident not in state.leaders]


def _targets(state: FireshipState, seat: int) -> list[Side]:
    def open_to_attack(owner: int) -> bool:
        return owner != seat and (owner == data.WHITE or not state.seats[owner].fog)

    sides = [Side(p.seat, pawn=p) for p in state.pawns.values() if open_to_attack(p.seat)]
    sides += [
        Side(owner, island=i)
        for i in data.ISLAND_IDS
        if open_to_attack(owner := state.islands[i - 1])
    ]
    return sides


def attack_options(state: FireshipState, seat: int) -> list[tuple[Side, Side, int, int]]:
    """(leader, target, attack, defence) for every pair within 1 of each other."""
    key = ("attacks", seat)
    if key not in state.cache:
        options = []
        targets = _targets(state, seat)
        for leader in _leaders(state, seat):
            near = [t for t in targets if is_near(leader, t)]
            if near:
                attack = power(state, leader)
                options += [(leader, t, attack, power(state, t)) for t in near]
        state.cache[key] = options
    result: list[tuple[Side, Side, int, int]] = state.cache[key]
    return result


def attack_actions(state: FireshipState, seat: int) -> list[str]:
    actions = []
    has_plus = data.PLUS in state.seats[seat].hand
    for leader, target, attack, defence in attack_options(state, seat):
        base = f"attack {leader.ident} {target.ident}"
        if attack >= defence:
            actions.append(base)
        if has_plus and attack + 1 >= defence:
            actions.append(base + " plus")
    return actions


def attack_preview(view: View, leader_id: str, target_id: str) -> tuple[int, int] | None:
    """The attack and defence sums of ``attack <leader> <target>`` as a view shows the
    board (before any Gagne +1): what the engine compares. None when a side is not on the
    board. Pure: it reads the view's pawns and islands only, so it works on any seat's view.
    """
    pawns = {}
    for pawn in view.get("pawns", []):
        cell = None if pawn["cell"] == HOME else data.parse_cell(str(pawn["cell"]))
        pawns[str(pawn["id"])] = Pawn(str(pawn["id"]), int(pawn["seat"]), str(pawn["kind"]), cell)
    board = FireshipState(
        players=int(view.get("players", 0)),
        rng=0,
        rounds_limit=NO_LIMIT,
        first=0,
        turn=0,
        round=0,
        phase=ACT,
        pawns=pawns,
        islands=[int(island["owner"]) for island in view.get("islands", [])],
        seats=[],
        deck=[],
        discard=[],
        badge_supply={},
    )
    if len(board.islands) != len(data.ISLAND_IDS):
        return None
    leader, target = side_of(board, leader_id), side_of(board, target_id)
    if leader is None or target is None:
        return None
    return power(board, leader), power(board, target)


def _attack(state: FireshipState, seat: int, leader_id: str, target_id: str, plus: bool) -> None:
    leader = side_of(state, leader_id)
    target = side_of(state, target_id)
    assert leader is not None and target is not None
    state.attacked = True
    state.points = 0
    state.leaders.append(leader.ident)
    attack = power(state, leader)
    defence = power(state, target)
    if plus:
        _spend_card(state, seat, data.PLUS)
        _emit(state, "plus", seat=seat, side="attack")
        attack += 1
    if target.seat != data.WHITE and _defensive_plus(state, target, attack, defence):
        defence += 1
    report: Json = {
        "seat": seat,
        "leader": leader.ident,
        "target": target.ident,
        "attack": attack,
        "defence": defence,
    }
    trail = {"kind": "attack", "seat": seat, "from": _place(leader), "to": _place(target)}
    if attack < defence:
        _emit(state, "attack", **report, die=None, roll=None, result="repelled")
        state.trail.append({**trail, "result": "repelled"})
        return
    die = "plain" if attack == defence else "blue"
    wins = data.PLAIN_DIE_WINS if die == "plain" else data.BLUE_DIE_WINS
    roll, won = _win_die(state, wins)
    case = "attack_pawn" if target.pawn else "attack_island"
    if won and target.seat != data.WHITE and _non_cancels(state, target.seat, case, seat):
        result = "cancelled"
    else:
        result = "won" if won else "missed"
    _emit(state, "attack", **report, die=die, roll=roll, result=result)
    state.trail.append({**trail, "result": result})
    if result == "won":
        if target.pawn is not None:
            _destroy(state, target.pawn, "attack")
        else:
            _capture(state, seat, target.island)


def _place(side: Side) -> str:
    """Where a side stands, for the trail: a cell name, ``home:<seat>`` or ``island:<n>``."""
    if side.pawn is None:
        return f"island:{side.island}"
    return cell_text(side.pawn.cell) if side.pawn.cell else f"{HOME}:{side.seat}"


def _defensive_plus(state: FireshipState, target: Side, attack: int, defence: int) -> bool:
    """The defender's standing order: +1 when it cancels the attack or softens its die."""
    seat = target.seat
    case = "pawn" if target.pawn else "island"
    if attack - defence not in (0, 1) or not _order(state, seat, "plus", case):
        return False
    if data.PLUS not in state.seats[seat].hand:
        return False
    _spend_card(state, seat, data.PLUS)
    _emit(state, "plus", seat=seat, side="defence")
    return True


def _capture(state: FireshipState, seat: int, island: int) -> None:
    previous = state.islands[island - 1]
    state.islands[island - 1] = seat
    _emit(state, "captured", seat=seat, island=island_id(island), previous=previous)
    around = ISLAND_AROUND[island]
    for pawn in list(state.pawns.values()):
        if pawn.seat == previous and any(cell in around for cell in pawn_cells(pawn)):
            _destroy(state, pawn, "island_lost")
    garrison = data.GARRISONS[island]
    if state.seats[seat].pool[data.BOAT] > 0 and state.is_free(garrison):
        state.seats[seat].pool[data.BOAT] -= 1
        pawn = _add_pawn(state, seat, data.BOAT, garrison)
        _emit(state, "garrison", seat=seat, pawn=pawn.id, cell=data.cell_name(garrison))
    state.touched()


# --- Standing orders: Non and the defensive +1 ------------------------------------------
def _order(state: FireshipState, seat: int, card: str, case: str) -> bool:
    defaults = data.NON_CASES if card == data.NON else data.PLUS_CASES
    return state.seats[seat].orders.get(f"{card} {case}", defaults[case])


def _spend_card(state: FireshipState, seat: int, card: str) -> None:
    state.seats[seat].hand.remove(card)
    state.discard.append(card)


def _non_cancels(state: FireshipState, victim: int, case: str, actor: int) -> bool:
    """Whether ``victim``'s standing Non cancels what ``actor`` does, after any answers.

    The actor and the victim answer each other's Non while their orders and cards last."""
    if not _plays_non(state, victim, case, actor):
        return False
    cancelled = True
    answering = actor
    other = victim
    while actor != victim and _plays_non(state, answering, "non", other):
        cancelled = not cancelled
        answering, other = other, answering
    return cancelled


def _plays_non(state: FireshipState, seat: int, case: str, against: int) -> bool:
    if state.seats[seat].out or data.NON not in state.seats[seat].hand:
        return False
    if not _order(state, seat, data.NON, case):
        return False
    _spend_card(state, seat, data.NON)
    _emit(state, "non", seat=seat, against=against, case=case)
    return True


def order_actions(state: FireshipState, seat: int) -> list[str]:
    if state.outcome is not None or not 0 <= seat < state.players or state.seats[seat].out:
        return []
    actions = []
    for card, cases in ((data.NON, data.NON_CASES), (data.PLUS, data.PLUS_CASES)):
        for case in cases:
            flipped = "off" if _order(state, seat, card, case) else "on"
            actions.append(f"{ORDER_PREFIX}{card} {case} {flipped}")
    return actions


def orders_view(state: FireshipState, seat: int) -> Json:
    return {
        card: {case: _order(state, seat, card, case) for case in cases}
        for card, cases in ((data.NON, data.NON_CASES), (data.PLUS, data.PLUS_CASES))
    }


# --- Movement ---------------------------------------------------------------------------
def reach(state: FireshipState, pawn: Pawn, points: int | None = None) -> dict[Cell, int]:
    """Every free cell the pawn can end on -> its cost in points, within ``points``."""
    budget = state.points if points is None else points
    key = ("reach", pawn.id, budget)
    if key not in state.cache:
        state.cache[key] = _reach(state, pawn, budget)
    result: dict[Cell, int] = state.cache[key]
    return result


def _reach(state: FireshipState, pawn: Pawn, budget: int) -> dict[Cell, int]:
    # Costs are in half-points so doubled speed stays exact: ceil(half / 2) points.
    fast = pawn.kind in state.fast
    step = 1 if fast else 2
    limit = 2 * budget
    occupied = set(state._occupancy()) - {pawn.cell}
    blocked_end = occupied | state.whirlpool_cells()
    flies = pawn.kind == data.PLANE
    best: dict[Cell, int] = {}
    frontier: list[tuple[int, Cell]] = []
    if pawn.cell is None:
        exit_cost = 2 * data.LEAVE_HOME_COST if not fast else step
        for cell in HOME_EXITS[pawn.seat]:
            if exit_cost <= limit and (flies or cell not in occupied):
                best[cell] = exit_cost
                frontier.append((exit_cost, cell))
    else:
        best[pawn.cell] = 0
        frontier.append((0, pawn.cell))
    heapq.heapify(frontier)
    while frontier:
        cost, cell = heapq.heappop(frontier)
        if cost > best.get(cell, limit + 1):
            continue
        moves = [(n, cost + step) for n in ORTHOGONAL[cell] if flies or n not in occupied]
        if flies and cell not in blocked_end:
            moves += _overflights(cell, cost, blocked_end)
        for nxt, nxt_cost in moves:
            if nxt_cost <= limit and nxt_cost < best.get(nxt, limit + 1):
                best[nxt] = nxt_cost
                heapq.heappush(frontier, (nxt_cost, nxt))
    return {
        cell: (half + 1) // 2
        for cell, half in best.items()
        if cell != pawn.cell and cell not in blocked_end
    }


def _overflights(cell: Cell, cost: int, blocked_end: set[Cell]) -> list[tuple[Cell, int]]:
    hops = []
    for island in data.ISLAND_IDS:
        if cell in ISLAND_RING[island]:
            landing_cost = cost + 2 * data.OVERFLIGHT_COST
            hops += [(c, landing_cost) for c in ISLAND_RING[island] if c not in blocked_end]
    return hops


def move_actions(state: FireshipState, seat: int) -> list[str]:
    if state.points <= 0 or state.attacked:
        return []
    return [
        f"move {pawn.id} {data.cell_name(cell)}"
        for pawn in state.seat_pawns(seat)
        for cell in sorted(reach(state, pawn))
    ]


def _move(state: FireshipState, seat: int, pawn_id: str, cell_name: str) -> None:
    pawn = state.pawns[pawn_id]
    cell = data.parse_cell(cell_name)
    assert cell is not None
    cost = reach(state, pawn)[cell]
    start = cell_text(pawn.cell)
    state.trail.append(
        {
            "kind": "move",
            "seat": seat,
            "pawn": pawn.id,
            "from": start if pawn.cell else f"{HOME}:{seat}",
            "to": cell_name,
        }
    )
    pawn.cell = cell
    state.points -= cost
    state.touched()
    _emit(state, "move", seat=seat, pawn=pawn_id, **{"from": start}, to=cell_name, cost=cost)


# --- Cards, badges, the wheel -----------------------------------------------------------
def _draw(state: FireshipState, seat: int, pawn_id: str | None) -> None:
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        rng = SeededRng(state.rng)
        rng.shuffle(state.deck)
        state.rng = rng.state
        _emit(state, "reshuffled")
    if not state.deck:
        _emit(state, "nothing", seat=seat, reason="no_cards")
        return
    card = state.deck.pop()
    if card in data.KEPT_CARDS:
        state.seats[seat].hand.append(card)
        _emit_private(state, "card", seat, {"kind": card}, seat=seat, kept=True)
        return
    state.discard.append(card)
    _emit(state, "card", seat=seat, kind=card, kept=False)
    state.queue.insert(0, {"op": "card", "card": card, "seat": seat, "pawn": pawn_id})


def _resolve_card(state: FireshipState, op: Json) -> None:
    seat, card = op["seat"], op["card"]
    if card == data.SPIN_CARD:
        _spin(state, seat, op["pawn"], from_card=True)
    elif card in (data.GAIN_BOAT, data.GAIN_PLANE):
        _gain(state, seat, data.BOAT if card == data.GAIN_BOAT else data.PLANE)
    elif card in (data.LOSE_BOAT, data.LOSE_PLANE):
        _ask_loss(state, seat, data.BOAT if card == data.LOSE_BOAT else data.PLANE)
    elif card == data.BERMUDA and not _non_cancels(state, seat, "bermuda", seat):
        state.seats[seat].skip = True
        _emit(state, "bermuda", seat=seat)


def _spin(state: FireshipState, seat: int, pawn_id: str | None, from_card: bool) -> None:
    result = data.WHEEL[_randint(state, 0, len(data.WHEEL) - 1)]
    _emit(state, "wheel", seat=seat, result=result)
    if result in (data.GAIN_BOAT, data.GAIN_PLANE):
        _gain(state, seat, data.BOAT if result == data.GAIN_BOAT else data.PLANE)
    elif result in (data.LOSE_BOAT, data.LOSE_PLANE):
        _ask_loss(state, seat, data.BOAT if result == data.LOSE_BOAT else data.PLANE)
    elif result == data.DRAW_CARD:
        _draw(state, seat, pawn_id)
    elif result == data.SPIN_AGAIN:
        state.queue.insert(0, {"op": "spin", "seat": seat, "pawn": pawn_id, "card": from_card})
    elif result == data.KRAKEN:
        pawn = state.pawns.get(pawn_id or "")
        if from_card or pawn is None or pawn.cell is None:
            state.pending = {
                "seat": seat,
                "kind": "kraken",
                "pawn": pawn_id,
                "options": [data.cell_name(c) for c in data.CHANCE_SQUARES],
            }
        else:
            _kraken(state, seat, pawn.cell, pawn.id)
    else:
        _give_badge(state, seat, result.removeprefix("badge_"))


def _give_badge(state: FireshipState, seat: int, kind: str) -> None:
    got = state.badge_supply[kind] > 0
    if got:
        state.badge_supply[kind] -= 1
        state.seats[seat].badges[kind] += 1
    _emit(state, "badge", seat=seat, kind=kind, got=got)


def _kraken(state: FireshipState, seat: int, centre: Cell, spared: str | None) -> None:
    _emit(state, "kraken", seat=seat, cell=data.cell_name(centre))
    victims = [p for p in _pawns_in_square(state, centre, data.KRAKEN_REACH) if p.id != spared]
    if _cancelled_by_victims(state, seat, victims, "kraken"):
        return
    for pawn in victims:
        _destroy(state, pawn, "kraken")


def _cancelled_by_victims(state: FireshipState, actor: int, victims: list[Pawn], case: str) -> bool:
    seats = sorted(
        {p.seat for p in victims if p.seat not in (actor, data.WHITE)},
        key=lambda s: (s - actor) % state.players,
    )
    return any(_non_cancels(state, victim, case, actor) for victim in seats)


def _ask_loss(state: FireshipState, seat: int, kind: str) -> None:
    candidates = [p.id for p in state.seat_pawns(seat) if p.kind == kind]
    keeps_last_plane = kind == data.PLANE and len(candidates) <= 1
    if not candidates or keeps_last_plane:
        _emit(state, "nothing", seat=seat, reason=f"no_{kind}_to_lose")
        return
    if _non_cancels(state, seat, "loss", seat):
        return
    if len(candidates) == 1:
        _lose(state, seat, candidates[0])
    else:
        state.pending = {"seat": seat, "kind": "lose", "options": candidates}


def _lose(state: FireshipState, seat: int, pawn_id: str) -> None:
    _emit(state, "lose", seat=seat, pawn=pawn_id)
    _destroy(state, state.pawns[pawn_id], "lost")


def _boum(state: FireshipState, seat: int, via: str, pawn_id: str) -> None:
    if via == "card":
        _spend_card(state, seat, data.BOUM)
    else:
        state.seats[seat].badges[data.BOUM] -= 1
    pawn = state.pawns[pawn_id]
    _emit(state, "boum", seat=seat, pawn=pawn_id, via=via)
    if pawn.seat != data.WHITE and _non_cancels(state, pawn.seat, "boum", seat):
        return
    _destroy(state, pawn, "boum")


def boum_actions(state: FireshipState, seat: int) -> list[str]:
    vias = [
        v
        for v, has in (
            ("card", data.BOUM in state.seats[seat].hand),
            ("badge", state.seats[seat].badges[data.BOUM] > 0),
        )
        if has
    ]
    targets = sorted(p.id for p in state.pawns.values() if p.kind == data.BOAT and p.seat != seat)
    return [f"boum {via} {pid}" for via in vias for pid in targets]


def tourbillon_actions(state: FireshipState, seat: int) -> list[str]:
    if data.TOURBILLON not in state.seats[seat].hand:
        return []
    return [f"tourbillon {data.cell_name(c)}" for c in sorted(data.SEA) if state.is_free(c)]


def _tourbillon(state: FireshipState, seat: int, cell_name: str) -> None:
    cell = data.parse_cell(cell_name)
    assert cell is not None
    _spend_card(state, seat, data.TOURBILLON)
    state.whirlpools.append((seat, cell))
    state.touched()
    _emit(state, "tourbillon", seat=seat, cell=cell_name)


def _whirlpools_strike(state: FireshipState, seat: int) -> None:
    for owner, cell in [w for w in state.whirlpools if w[0] == seat]:
        state.whirlpools.remove((owner, cell))
        state.touched()
        victims = [
            p for p in _pawns_in_square(state, cell, data.WHIRLPOOL_REACH) if p.kind != data.PLANE
        ]
        _emit(
            state,
            "whirlpool_strike",
            seat=seat,
            cell=data.cell_name(cell),
            in_reach=[p.id for p in victims],
        )
        if not _cancelled_by_victims(state, seat, victims, "whirlpool"):
            for pawn in victims:
                _destroy(state, pawn, "whirlpool")


# --- Special squares --------------------------------------------------------------------
def _use_square(state: FireshipState, op: Json) -> None:
    pawn = state.pawns.get(op["pawn"])
    if pawn is None or pawn.cell is None or pawn.cell not in data.SPECIAL_SQUARES:
        return
    cell = pawn.cell
    if pawn.last_special == cell:
        _emit(state, "nothing", seat=pawn.seat, reason="same_square")
        return
    if cell in data.BATTLESHIP_SQUARES and pawn.kind != data.PLANE:
        return
    pawn.last_special = cell
    square = (
        "wheel"
        if cell in data.WHEEL_SQUARES
        else "mystery"
        if cell in data.MYSTERY_SQUARES
        else "battleship"
    )
    _emit(state, "square", seat=pawn.seat, pawn=pawn.id, cell=data.cell_name(cell), square=square)
    if square == "wheel":
        _spin(state, pawn.seat, pawn.id, from_card=False)
    elif square == "mystery":
        _draw(state, pawn.seat, pawn.id)
    else:
        roll, won = _win_die(state, data.PLAIN_DIE_WINS)
        _emit(state, "battleship", seat=pawn.seat, roll=roll, won=won)
        if won:
            _gain(state, pawn.seat, data.BATTLESHIP)


# --- The turn ---------------------------------------------------------------------------
def roll_actions(state: FireshipState, seat: int) -> list[str]:
    me = state.seats[seat]
    vents = [""]
    if data.VENT in me.hand:
        vents.append(" vent card")
    if me.badges[data.VENT] > 0:
        vents.append(" vent badge")
    gulfs = ["", " gulf"] if me.badges[data.GULF] > 0 else [""]
    return [f"roll{vent}{gulf}" for vent in vents for gulf in gulfs]


def _roll(state: FireshipState, seat: int, action: str) -> None:
    words = action.split()
    me = state.seats[seat]
    vent = "vent" in words
    if vent and "card" in words:
        _spend_card(state, seat, data.VENT)
    elif vent:
        me.badges[data.VENT] -= 1
    gulf = "gulf" in words
    if gulf:
        me.badges[data.GULF] -= 1
    state.fast = ([data.PLANE] if vent else []) + ([data.BOAT, data.BATTLESHIP] if gulf else [])
    state.dice = _roll_move_dice(state)
    state.points = sum(state.dice)
    state.phase = ACT
    state.touched()
    _emit(state, "roll", seat=seat, dice=list(state.dice), total=state.points, vent=vent, gulf=gulf)


def end_actions(state: FireshipState, seat: int) -> list[str]:
    actions = ["end"]
    if data.FOG in state.seats[seat].hand:
        actions.append("end fog card")
    if state.seats[seat].badges[data.FOG] > 0:
        actions.append("end fog badge")
    return actions


def _end(state: FireshipState, seat: int, action: str) -> None:
    squares = sorted(
        (p for p in state.seat_pawns(seat) if p.cell in data.SPECIAL_SQUARES),
        key=lambda p: _pawn_order(p.id),
    )
    state.queue = [{"op": "square", "pawn": p.id} for p in squares]
    if action != "end":
        state.queue.append({"op": "fog", "seat": seat, "via": action.split()[-1]})
    state.queue.append({"op": "next_turn"})
    state.points = 0


def _pawn_order(pid: str) -> tuple[str, int]:
    return (pid[0], int(pid[1:]))


def _fog(state: FireshipState, op: Json) -> None:
    seat = op["seat"]
    if op["via"] == "card":
        _spend_card(state, seat, data.FOG)
    else:
        state.seats[seat].badges[data.FOG] -= 1
    state.seats[seat].fog = True
    _emit(state, "fog", seat=seat, via=op["via"])


def _run(state: FireshipState) -> None:
    """Resolve queued effects until a choice is awaited or the queue is empty."""
    while state.outcome is None and state.pending is None and state.queue:
        op = state.queue.pop(0)
        kind = op["op"]
        if kind == "square":
            _use_square(state, op)
        elif kind == "card":
            _resolve_card(state, op)
        elif kind == "spin":
            _spin(state, op["seat"], op["pawn"], from_card=op["card"])
        elif kind == "fog":
            _fog(state, op)
        else:
            _next_turn(state)
        _settle(state)
    state.phase = (
        OVER if state.outcome is not None else CHOOSE if state.pending is not None else state.phase
    )


def _settle(state: FireshipState) -> None:
    """Eliminations and wins after anything that changed the board."""
    if state.outcome is not None:
        return
    for seat in state.live_seats():
        if not state.seat_pawns(seat) and not state.owned_islands(seat):
            _eliminate(state, seat)
    live = state.live_seats()
    for seat in live:
        if len(state.owned_islands(seat)) == len(data.ISLAND_IDS):
            _finish(state, [seat], REASON_ISLANDS)
            return
    if len(live) == 1:
        _finish(state, live, REASON_LAST)
    elif not any(state.seat_pawns(seat) for seat in live):
        _judge(state, REASON_NO_PAWNS)  # islands alone never act: nothing can change
    elif state.seats[state.turn].out and state.phase != START:
        state.pending = None
        state.queue = [{"op": "next_turn"}]


def _eliminate(state: FireshipState, seat: int) -> None:
    me = state.seats[seat]
    me.out = True
    state.discard += me.hand
    me.hand = []
    state.whirlpools = [w for w in state.whirlpools if w[0] != seat]
    state.touched()
    _emit(state, "eliminated", seat=seat)


def _finish(state: FireshipState, winners: list[int], reason: str) -> None:
    state.outcome = Outcome(tuple(winners), reason)
    state.phase = OVER
    state.queue = []
    state.pending = None
    _emit(state, "game_over", winners=list(winners), reason=reason)


def _next_turn(state: FireshipState) -> None:
    state.previous_trail = state.trail
    while state.outcome is None:
        seat = _next_live_seat(state, state.turn)
        if _turn_order(state, seat) <= _turn_order(state, state.turn):
            state.round += 1
            if state.rounds_limit and state.round > state.rounds_limit:
                _judge(state, REASON_TIME)
                return
        if _start_turn(state, seat):
            return


def _next_live_seat(state: FireshipState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat + step) % state.players
        if not state.seats[candidate].out:
            return candidate
    return seat


def _turn_order(state: FireshipState, seat: int) -> int:
    return (seat - state.first) % state.players


def _start_turn(state: FireshipState, seat: int) -> bool:
    """Start-of-turn effects; True when the seat then plays (not out, not skipping)."""
    state.turn = seat
    state.trail = []
    state.dice, state.points, state.fast, state.leaders = [], 0, [], []
    state.attacked = False
    state.queue, state.pending = [], None
    state.phase = START
    me = state.seats[seat]
    me.fog = False
    _emit(state, "turn", seat=seat, round=state.round)
    _whirlpools_strike(state, seat)
    _settle(state)
    if state.outcome is not None or me.out:
        return False
    if me.skip:
        me.skip = False
        _emit(state, "skipped", seat=seat)
        return False
    return True


def _judge(state: FireshipState, reason: str) -> None:
    """Most islands wins; then the larger value of pawns on the board; else a shared win."""
    live = state.live_seats()
    most = max(len(state.owned_islands(s)) for s in live)
    leaders = [s for s in live if len(state.owned_islands(s)) == most]
    if len(leaders) > 1:
        best = max(board_value(state, s) for s in leaders)
        leaders = [s for s in leaders if board_value(state, s) == best]
    _finish(state, leaders, reason if len(leaders) == 1 else f"{reason}_shared")


def _start_roll(state: FireshipState) -> int:
    """Everyone rolls 3d10; the highest starts; tied players roll again."""
    rolling = list(range(state.players))
    while True:
        rolls = {seat: _roll_move_dice(state) for seat in rolling}
        state.start_rolls.append([sum(rolls[s]) if s in rolls else 0 for s in range(state.players)])
        best = max(sum(r) for r in rolls.values())
        rolling = [s for s in rolling if sum(rolls[s]) == best]
        if len(rolling) == 1:
            return rolling[0]


# --- Action parsing ---------------------------------------------------------------------
def turn_actions(state: FireshipState, seat: int) -> list[str]:
    if state.phase == START:
        actions = roll_actions(state, seat)
    elif state.phase == CHOOSE:
        assert state.pending is not None
        verb = "lose" if state.pending["kind"] == "lose" else "kraken"
        return [f"{verb} {option}" for option in state.pending["options"]]
    else:
        actions = move_actions(state, seat) + attack_actions(state, seat) + end_actions(state, seat)
    return actions + boum_actions(state, seat) + tourbillon_actions(state, seat)


def _apply_turn_action(state: FireshipState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "roll":
        _roll(state, seat, action)
    elif verb == "move":
        _move(state, seat, words[1], words[2])
    elif verb == "attack":
        _attack(state, seat, words[1], words[2], plus=len(words) == 4)
    elif verb == "boum":
        _boum(state, seat, words[1], words[2])
    elif verb == "tourbillon":
        _tourbillon(state, seat, words[1])
    elif verb == "end":
        _end(state, seat, action)
    else:
        _choose(state, seat, verb, words[1])
    _settle(state)
    _run(state)


def _choose(state: FireshipState, seat: int, verb: str, option: str) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    state.phase = ACT
    if verb == "lose":
        _lose(state, seat, option)
    else:
        cell = data.parse_cell(option)
        assert cell is not None
        _kraken(state, seat, cell, pending.get("pawn"))


def _apply_order(state: FireshipState, seat: int, action: str) -> None:
    _, card, case, setting = action.split()
    state.seats[seat].orders[f"{card} {case}"] = setting == "on"


# --- Views ------------------------------------------------------------------------------
def _pawn_view(pawn: Pawn) -> Json:
    return {
        "id": pawn.id,
        "seat": pawn.seat,
        "kind": pawn.kind,
        "cell": cell_text(pawn.cell),
        "last_special": None if pawn.last_special is None else data.cell_name(pawn.last_special),
    }


def _seat_view(state: FireshipState, seat: int) -> Json:
    me = state.seats[seat]
    return {
        "seat": seat,
        "colour": data.COLOUR_NAMES[seat],
        "out": me.out,
        "pool": dict(me.pool),
        "islands": [island_id(i) for i in state.owned_islands(seat)],
        "badges": dict(me.badges),
        "cards": len(me.hand),
        "skip": me.skip,
        "fog": me.fog,
        "value": board_value(state, seat),
    }


def public_view(state: FireshipState) -> Json:
    pending = state.pending
    return {
        "game": "fireship",
        "players": state.players,
        "colours": list(data.COLOUR_NAMES[: state.players]),
        "round": state.round,
        "rounds_limit": state.rounds_limit,
        "turn": None if state.outcome is not None else state.turn,
        "phase": state.phase,
        "dice": list(state.dice),
        "points": state.points,
        "fast": list(state.fast),
        "leaders": list(state.leaders),
        "pending": None
        if pending is None
        else {
            "seat": pending["seat"],
            "kind": pending["kind"],
            "options": list(pending["options"]),
        },
        "pawns": [
            _pawn_view(p) for p in sorted(state.pawns.values(), key=lambda p: _pawn_order(p.id))
        ],
        "islands": [
            {
                "id": island_id(i),
                "owner": state.islands[i - 1],
                "garrison": data.cell_name(data.GARRISONS[i]),
            }
            for i in data.ISLAND_IDS
        ],
        "whirlpools": [{"seat": s, "cell": data.cell_name(c)} for s, c in state.whirlpools],
        "seats": [_seat_view(state, s) for s in range(state.players)],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "badge_supply": dict(state.badge_supply),
        "start_rolls": [list(r) for r in state.start_rolls],
        "trail": copy.deepcopy(state.trail),
        "previous_trail": copy.deepcopy(state.previous_trail),
        "events": [e.seen_by(None) for e in state.events],
        "to_act": sorted(GAME.to_act(state)),
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
    }


def reach_view(state: FireshipState, seat: int) -> Json:
    if seat not in GAME.to_act(state) or state.phase != ACT or not move_actions(state, seat):
        return {}
    return {
        pawn.id: [
            {"cell": data.cell_name(c), "cost": cost}
            for c, cost in sorted(reach(state, pawn).items())
        ]
        for pawn in state.seat_pawns(seat)
    }


# --- Save format ------------------------------------------------------------------------
def _cell_or_none(value: Any) -> Cell | None:
    if value is None:
        return None
    cell = data.parse_cell(value)
    if cell is None:
        raise ValueError(f"Bad cell {value!r}.")
    return cell


def _dump(state: FireshipState) -> Json:
    return {
        "schema": SCHEMA_VERSION,
        "players": state.players,
        "rng": state.rng,
        "rounds_limit": state.rounds_limit,
        "first": state.first,
        "turn": state.turn,
        "round": state.round,
        "phase": state.phase,
        "pawns": [
            [
                p.id,
                p.seat,
                p.kind,
                None if p.cell is None else data.cell_name(p.cell),
                None if p.last_special is None else data.cell_name(p.last_special),
            ]
            for p in state.pawns.values()
        ],
        "islands": list(state.islands),
        "seats": [
            {
                "pool": dict(s.pool),
                "hand": list(s.hand),
                "badges": dict(s.badges),
                "orders": dict(s.orders),
                "skip": s.skip,
                "fog": s.fog,
                "out": s.out,
                "numbered": s.numbered,
            }
            for s in state.seats
        ],
        "deck": list(state.deck),
        "discard": list(state.discard),
        "badge_supply": dict(state.badge_supply),
        "start_rolls": [list(r) for r in state.start_rolls],
        "dice": list(state.dice),
        "points": state.points,
        "fast": list(state.fast),
        "leaders": list(state.leaders),
        "attacked": state.attacked,
        "whirlpools": [[s, data.cell_name(c)] for s, c in state.whirlpools],
        "queue": copy.deepcopy(state.queue),
        "pending": copy.deepcopy(state.pending),
        "trail": copy.deepcopy(state.trail),
        "previous_trail": copy.deepcopy(state.previous_trail),
        "events": [[e.public, e.owner, e.secret] for e in state.events],
        "outcome": None
        if state.outcome is None
        else [list(state.outcome.winners), state.outcome.reason],
        "loaded": list(state.loaded),
    }


def _load(raw: Json) -> FireshipState:
    if not isinstance(raw, dict) or raw.get("schema") != SCHEMA_VERSION:
        raise ValueError("Unknown Fireship save format.")
    players = int(raw["players"])
    if not GAME.min_players <= players <= GAME.max_players:
        raise ValueError("Bad number of players.")
    pawns = {}
    for pid, seat, kind, cell, last in raw["pawns"]:
        if kind not in data.KINDS or not -1 <= seat < players:
            raise ValueError(f"Bad pawn {pid!r}.")
        pawns[str(pid)] = Pawn(str(pid), int(seat), kind, _cell_or_none(cell), _cell_or_none(last))
    seats = [
        SeatState(
            pool={k: int(s["pool"][k]) for k in data.KINDS},
            hand=[str(c) for c in s["hand"]],
            badges={k: int(s["badges"][k]) for k in data.BADGE_KINDS},
            orders={str(k): bool(v) for k, v in s["orders"].items()},
            skip=bool(s["skip"]),
            fog=bool(s["fog"]),
            out=bool(s["out"]),
            numbered=int(s["numbered"]),
        )
        for s in raw["seats"]
    ]
    islands = [int(owner) for owner in raw["islands"]]
    if len(seats) != players or len(islands) != len(data.ISLAND_IDS):
        raise ValueError("Bad seats or islands.")
    if raw["phase"] not in (START, ACT, CHOOSE, OVER):
        raise ValueError("Bad phase.")
    outcome = raw["outcome"]
    return FireshipState(
        players=players,
        rng=int(raw["rng"]),
        rounds_limit=int(raw["rounds_limit"]),
        first=int(raw["first"]),
        turn=int(raw["turn"]),
        round=int(raw["round"]),
        phase=str(raw["phase"]),
        pawns=pawns,
        islands=islands,
        seats=seats,
        deck=[str(c) for c in raw["deck"]],
        discard=[str(c) for c in raw["discard"]],
        badge_supply={k: int(raw["badge_supply"][k]) for k in data.BADGE_KINDS},
        start_rolls=[[int(v) for v in r] for r in raw["start_rolls"]],
        dice=[int(v) for v in raw["dice"]],
        points=int(raw["points"]),
        fast=[str(k) for k in raw["fast"]],
        leaders=[str(k) for k in raw["leaders"]],
        attacked=bool(raw["attacked"]),
        whirlpools=[(int(s), _checked_cell(c)) for s, c in raw["whirlpools"]],
        queue=copy.deepcopy(list(raw["queue"])),
        pending=copy.deepcopy(raw["pending"]),
        trail=copy.deepcopy(list(raw["trail"])),
        previous_trail=copy.deepcopy(list(raw["previous_trail"])),
        events=[Event(dict(p), o, dict(s)) for p, o, s in raw["events"]],
        outcome=None
        if outcome is None
        else Outcome(tuple(int(w) for w in outcome[0]), str(outcome[1])),
        loaded=[int(v) for v in raw["loaded"]],
    )


def _checked_cell(value: Any) -> Cell:
    cell = _cell_or_none(value)
    if cell is None:
        raise ValueError("Missing cell.")
    return cell


# --- The engine -------------------------------------------------------------------------
class Fireship:
    name = "fireship"
    title = "Fireship"
    min_players = 2
    max_players = 4

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> FireshipState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Fireship is for {self.min_players}-{self.max_players} players.")
        rounds = int((options or {}).get("rounds", NO_LIMIT) or NO_LIMIT)
        if rounds not in data.TIME_LIMITS:
            raise ValueError(f"The time limit is one of {data.TIME_LIMITS} rounds.")
        rng = SeededRng(seed)
        deck = [card for card, count in data.CARD_COUNTS.items() for _ in range(count)]
        rng.shuffle(deck)
        state = FireshipState(
            players=players,
            rng=rng.state,
            rounds_limit=rounds,
            first=0,
            turn=0,
            round=1,
            phase=START,
            pawns={},
            islands=[data.WHITE] * len(data.ISLAND_IDS),
            seats=[SeatState(pool=dict(data.START_POOL)) for _ in range(players)],
            deck=deck,
            discard=[],
            badge_supply=dict.fromkeys(data.BADGE_KINDS, data.BADGE_SUPPLY),
        )
        for island in data.ISLAND_IDS:
            _add_pawn(state, data.WHITE, data.BOAT, data.GARRISONS[island])
        for seat in range(players):
            for kind in data.KINDS:
                for _ in range(data.START_HOME[kind]):
                    _add_pawn(state, seat, kind, None)
        state.first = _start_roll(state)
        _emit(state, "start_roll", rolls=[list(r) for r in state.start_rolls], first=state.first)
        _start_turn(state, state.first)
        return state

    def to_act(self, state: FireshipState) -> frozenset[int]:
        if state.outcome is not None:
            return frozenset()
        return frozenset({state.turn})

    def legal_actions(self, state: FireshipState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        return turn_actions(state, seat)

    def order_actions(self, state: FireshipState, seat: int) -> list[str]:
        return order_actions(state, seat)

    def apply(self, state: FireshipState, seat: int, action: str) -> FireshipState:
        if not isinstance(seat, int) or not isinstance(action, str):
            raise IllegalAction("That is not an action.", "not_an_action")
        if is_order_action(action):
            require(
                action in order_actions(state, seat),
                "That order is not possible now.",
                "illegal_order",
                action=action[:60],
            )
            new = clone(state)
            new.events = list(state.events)  # an order changes nothing anyone else sees
            _apply_order(new, seat, action)
            return new
        require(seat in self.to_act(state), "It is not your turn.", "not_your_turn", seat=seat)
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(
                f"'{action[:60]}' is not possible now.", "illegal_action", action=action[:60]
            )
        new = clone(state)
        _apply_turn_action(new, seat, action)
        return new

    def outcome(self, state: FireshipState) -> Outcome | None:
        return state.outcome

    def view(self, state: FireshipState, seat: int | None) -> dict[str, Any]:
        view = public_view(state)
        if seat is None or not 0 <= seat < state.players:
            return view
        view["seat"] = seat
        view["hand"] = sorted(state.seats[seat].hand)
        view["orders"] = orders_view(state, seat)
        view["events"] = [e.seen_by(seat) for e in state.events]
        view["reach"] = reach_view(state, seat)
        return view

    def bot_action(self, state: FireshipState, seat: int, rng: random.Random) -> str:
        return choose_action(state, seat, rng)

    def secrets(self, state: FireshipState) -> Json:
        """Hidden information as it is (``HasSecrets``): the deck's order (a card drawn
        leaves it, kept or shown), each hand and its standing orders, dice loaded by
        tests. The private views also show each pawn's reach, derived from the board."""
        return {
            "deck": list(state.deck),
            "hands": [sorted(seat.hand) for seat in state.seats],
            "orders": [dict(sorted(seat.orders.items())) for seat in state.seats],
            "loaded": list(state.loaded),
        }

    def dump(self, state: FireshipState) -> dict[str, Any]:
        return _dump(state)

    def load(self, data_in: dict[str, Any]) -> FireshipState:
        try:
            return _load(data_in)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise ValueError(f"Malformed Fireship save: {error}") from error


GAME: Final = Fireship()


# --- The AI -----------------------------------------------------------------------------
# It reads only what its seat may know: the board, the public counts and its own hand.
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


def _cell_score(state: FireshipState, pawn: Pawn, cell: Cell | None, focus: int | None) -> float:
    score = 0.0
    if focus is not None:
        if cell is not None and cell in ISLAND_RING[focus]:
            friends = sum(
                data.PAWN_VALUE[p.kind]
                for p in state.seat_pawns(pawn.seat)
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
    for island in state.owned_islands(pawn.seat):
        if cell in ISLAND_RING[island] and not _guarded(state, island, pawn):
            score += AI_GUARD
    return score


def _guarded(state: FireshipState, island: int, besides: Pawn) -> bool:
    return any(
        p is not besides and p.cell in ISLAND_RING[island] for p in state.seat_pawns(besides.seat)
    )


def _ai_move(state: FireshipState, seat: int) -> str | None:
    if state.points <= 0 or state.attacked:
        return None
    focus = _focus_island(state, seat)
    best: tuple[float, str] | None = None
    for pawn in state.seat_pawns(seat):
        here = _cell_score(state, pawn, pawn.cell, focus)
        for cell, cost in reach(state, pawn).items():
            gain = _cell_score(state, pawn, cell, focus) - here - AI_COST * cost
            if gain > AI_MIN_GAIN and (best is None or gain > best[0]):
                best = (gain, f"move {pawn.id} {data.cell_name(cell)}")
    return None if best is None else best[1]


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
        for cell in _neighbours_8(pawn.cell):
            if not state.is_free(cell):
                continue
            hit = _pawns_in_square(state, cell, data.WHIRLPOOL_REACH)
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


def _ai_choice(state: FireshipState, seat: int, legal: list[str]) -> str:
    assert state.pending is not None
    if state.pending["kind"] == "lose":
        focus = _focus_island(state, seat)
        pawns = [state.pawns[pid] for pid in state.pending["options"]]
        worst = min(pawns, key=lambda p: _cell_score(state, p, p.cell, focus))
        return f"lose {worst.id}"

    spared = state.pending.get("pawn")
    options: list[str] = state.pending["options"]

    def kraken_value(option: str) -> float:
        centre = data.parse_cell(option)
        assert centre is not None
        return sum(
            data.PAWN_VALUE[p.kind] * (-AI_KRAKEN_OWN if p.seat == seat else 1)
            for p in _pawns_in_square(state, centre, data.KRAKEN_REACH)
            if p.id != spared
        )

    return "kraken " + max(options, key=kraken_value)


def choose_action(state: FireshipState, seat: int, rng: random.Random) -> str:
    legal = GAME.legal_actions(state, seat)
    if state.phase == CHOOSE:
        return _ai_choice(state, seat, legal)
    if state.phase == START:
        return _ai_roll(state, seat, legal)
    focus = _focus_island(state, seat)
    for choice in (
        _ai_boum(state, seat, focus),
        _ai_move(state, seat),
        _ai_attack(state, seat),
        _ai_tourbillon(state, seat),
    ):
        if choice is not None and choice in legal:
            return choice
    return _ai_end(state, seat, legal)
