"""What each seat of a Fireship match may know: the views' types, and how they are built.

Public view (``FireshipPublicView``): ``players``, ``colours``, ``round``, ``rounds_limit``
(0 = off), ``turn`` (seat or None), ``phase`` (start, act, squares, end, choose, over),
``squares`` (the pawns the special-squares step asks about), ``dice``,
``points``, ``fast`` (pawn kinds moving double: ``plane``, ``boat``, ``battleship``),
``leaders`` (pawns and islands that led an attack this turn), ``pending`` (a choice awaited:
{seat, kind (lose, kraken), options}), ``pawns`` ([{id, seat, kind, cell, last_special}];
seat -1 = white, cell ``home`` in a home), ``islands`` ([{id, owner, garrison}]),
``whirlpools`` ([{seat, cell}]), ``seats`` ([{seat, colour, out, pool, islands, badges,
cards, skip, fog, value}]), ``deck``, ``discard`` (counts), ``badge_supply``,
``start_rolls`` (one list of totals per throw, 0 for a seat not in a re-roll), ``trail``
(this turn's moves and attacks: {kind (move, attack), seat, from, to, pawn (moves), result
(attacks)}, places being cell names, ``home:<seat>`` or ``island:<n>``), ``previous_trail``
(the turn before), ``events``, ``to_act``, ``outcome`` ({winners, reason: all_islands,
last_player, time_limit, no_pawns_left, or those with ``_shared``}). A seat's view
(``FireshipSeatView``) adds ``seat``, ``hand`` (card kinds), ``orders`` ({"non": {case:
bool}, "plus": {...}}) and ``reach`` ({pawn id: [{cell, cost}]} while that seat may move,
for the pawns a move may name: of those waiting in a home, the first of each kind).

Events (``type`` and params): start_roll {rolls, first}; turn {seat, round}; skipped {seat};
whirlpool_strike {seat, cell, in_reach}; roll {seat, dice, total, vent, gulf}; move {seat,
pawn, from, to, cost}; attack {seat, leader, target, attack, defence, die, roll, result (won,
missed, repelled, cancelled)}; plus {seat, side}; non {seat, against, case}; destroyed {seat,
pawn, kind, cause}; captured {seat, island, previous}; garrison {seat, pawn, cell}; square
{seat, pawn, cell, square}; battleship {seat, roll, won}; wheel {seat, result}; card {seat,
kind} (kept cards: kind only in the drawer's view, ``kept`` true); gain {seat, kind, pawn};
lose {seat, pawn}; kraken {seat, cell}; badge {seat, kind, got}; bermuda {seat}; boum {seat,
pawn, via}; tourbillon {seat, cell}; fog {seat, via}; square_skipped {seat, pawn, cell,
square}; nothing {seat, reason (no_<kind>_in_pool, no_<kind>_to_lose, no_cards, same_square
(saves of the previous format only))}; reshuffled; eliminated {seat}; game_over
{winners, reason}. A destroyed pawn's cause: attack, island_lost, kraken, whirlpool, boum,
lost.
"""

from __future__ import annotations

import copy
from typing import Any, Literal, TypedDict

from bot.games.fireship import data
from bot.games.fireship.combat import order_on, power, side_of
from bot.games.fireship.rules import move_actions, movers, reach, squares_to_decide, to_act
from bot.games.fireship.state import (
    ACT,
    HOME,
    NO_LIMIT,
    SQUARES,
    FireshipState,
    Pawn,
    PendingKind,
    Phase,
    TrailStep,
    board_value,
    cell_text,
    island_id,
    pawn_order,
)

#: An event as a view shows it (``{"type": ..., ...}``, params as the module docstring lists).
EventRecord = dict[str, Any]


class PawnRecord(TypedDict):
    id: str  # B1, R7, W3
    seat: int  # data.WHITE (-1) for the white garrison boats
    kind: str  # data.KINDS
    cell: str  # a cell name, or HOME
    last_special: str | None  # the special square it last used


class IslandRecord(TypedDict):
    id: str  # I1..I9
    owner: int  # a seat, or data.WHITE
    garrison: str  # the garrison cell's name


class WhirlpoolRecord(TypedDict):
    seat: int
    cell: str


class PlayerRecord(TypedDict):
    """One seat as everyone sees it (the ``seats`` of a view)."""

    seat: int
    colour: str
    out: bool
    pool: dict[str, int]  # kind -> pawns off the board
    islands: list[str]  # island ids
    badges: dict[str, int]
    cards: int  # how many, never which
    skip: bool
    fog: bool
    value: int  # the value of its pawns on the board


class PendingChoice(TypedDict):
    seat: int
    kind: PendingKind
    options: list[str]  # pawn ids (lose) or cell names (kraken)


class OutcomeRecord(TypedDict):
    winners: list[int]
    reason: str


class Orders(TypedDict):
    """A seat's standing orders: case -> on (``data.NON_CASES``, ``data.PLUS_CASES``)."""

    non: dict[str, bool]
    plus: dict[str, bool]


class ReachSpot(TypedDict):
    cell: str
    cost: int  # in points


class FireshipPublicView(TypedDict):
    """``view(state, None)``: what everyone may know."""

    game: Literal["fireship"]
    players: int
    colours: list[str]
    round: int
    rounds_limit: int  # 0: no limit
    turn: int | None  # None once the game is over
    phase: Phase
    dice: list[int]
    points: int
    fast: list[str]
    leaders: list[str]
    pending: PendingChoice | None
    pawns: list[PawnRecord]
    islands: list[IslandRecord]
    whirlpools: list[WhirlpoolRecord]
    #: The pawns of the seat to play that the special-squares step asks about: while it
    #: moves and attacks, those standing on a special square they may use; then those
    #: still to use or skip theirs.
    squares: list[str]
    seats: list[PlayerRecord]
    deck: int
    discard: int
    badge_supply: dict[str, int]
    start_rolls: list[list[int]]
    trail: list[TrailStep]
    previous_trail: list[TrailStep]
    events: list[EventRecord]
    to_act: list[int]
    outcome: OutcomeRecord | None


class FireshipSeatView(FireshipPublicView):
    """``view(state, seat)``: the public view, that seat's events, and its secrets."""

    seat: int
    hand: list[str]
    orders: Orders
    reach: dict[str, list[ReachSpot]]  # pawn id -> where it can go now


def _pawn_record(pawn: Pawn) -> PawnRecord:
    return PawnRecord(
        id=pawn.id,
        seat=pawn.seat,
        kind=pawn.kind,
        cell=cell_text(pawn.cell),
        last_special=None if pawn.last_special is None else data.cell_name(pawn.last_special),
    )


def _player_record(state: FireshipState, seat: int) -> PlayerRecord:
    me = state.seats[seat]
    return PlayerRecord(
        seat=seat,
        colour=data.COLOUR_NAMES[seat],
        out=me.out,
        pool=dict(me.pool),
        islands=[island_id(i) for i in state.owned_islands(seat)],
        badges=dict(me.badges),
        cards=len(me.hand),
        skip=me.skip,
        fog=me.fog,
        value=board_value(state, seat),
    )


def public_view(state: FireshipState, seat: int | None = None) -> FireshipPublicView:
    """The public view, its events as ``seat`` sees them (None: as everyone does)."""
    pending = state.pending
    return FireshipPublicView(
        game="fireship",
        players=state.players,
        colours=list(data.COLOUR_NAMES[: state.players]),
        round=state.round,
        rounds_limit=state.rounds_limit,
        turn=None if state.outcome is not None else state.turn,
        phase=state.phase,
        dice=list(state.dice),
        points=state.points,
        fast=list(state.fast),
        leaders=list(state.leaders),
        pending=None
        if pending is None
        else PendingChoice(
            seat=pending["seat"], kind=pending["kind"], options=list(pending["options"])
        ),
        pawns=[
            _pawn_record(p) for p in sorted(state.pawns.values(), key=lambda p: pawn_order(p.id))
        ],
        islands=[
            IslandRecord(
                id=island_id(i),
                owner=state.islands[i - 1],
                garrison=data.cell_name(data.GARRISONS[i]),
            )
            for i in data.ISLAND_IDS
        ],
        whirlpools=[WhirlpoolRecord(seat=s, cell=data.cell_name(c)) for s, c in state.whirlpools],
        squares=_squares(state),
        seats=[_player_record(state, s) for s in range(state.players)],
        deck=len(state.deck),
        discard=len(state.discard),
        badge_supply=dict(state.badge_supply),
        start_rolls=[list(r) for r in state.start_rolls],
        trail=copy.deepcopy(state.trail),
        previous_trail=copy.deepcopy(state.previous_trail),
        events=[e.seen_by(seat) for e in state.events],
        to_act=sorted(to_act(state)),
        outcome=None
        if state.outcome is None
        else OutcomeRecord(winners=list(state.outcome.winners), reason=state.outcome.reason),
    )


def _squares(state: FireshipState) -> list[str]:
    if state.phase == SQUARES:
        return list(state.squares)
    return squares_to_decide(state, state.turn) if state.phase == ACT else []


def seat_view(state: FireshipState, seat: int) -> FireshipSeatView:
    """What seat ``seat`` (a seat of the match) may know."""
    return FireshipSeatView(
        **public_view(state, seat),
        seat=seat,
        hand=sorted(state.seats[seat].hand),
        orders=orders_view(state, seat),
        reach=reach_view(state, seat),
    )


def orders_view(state: FireshipState, seat: int) -> Orders:
    return Orders(
        non={case: order_on(state, seat, data.NON, case) for case in data.NON_CASES},
        plus={case: order_on(state, seat, data.PLUS, case) for case in data.PLUS_CASES},
    )


def reach_view(state: FireshipState, seat: int) -> dict[str, list[ReachSpot]]:
    if seat not in to_act(state) or state.phase != ACT or not move_actions(state, seat):
        return {}
    return {
        pawn.id: [
            ReachSpot(cell=data.cell_name(c), cost=cost)
            for c, cost in sorted(reach(state, pawn).items())
        ]
        for pawn in movers(state, seat)
    }


def attack_preview(
    view: FireshipPublicView, leader_id: str, target_id: str
) -> tuple[int, int] | None:
    """The attack and defence sums of ``attack <leader> <target>`` as a view shows the
    board (before any Gagne +1): what the engine compares. None when a side is not on the
    board. Pure: it reads the view's pawns and islands only, so it works on any seat's view.
    """
    pawns = {}
    for pawn in view["pawns"]:
        cell = None if pawn["cell"] == HOME else data.parse_cell(pawn["cell"])
        pawns[pawn["id"]] = Pawn(pawn["id"], pawn["seat"], pawn["kind"], cell)
    board = FireshipState(
        players=view["players"],
        rng=0,
        rounds_limit=NO_LIMIT,
        first=0,
        turn=0,
        round=0,
        phase=ACT,
        pawns=pawns,
        islands=[island["owner"] for island in view["islands"]],
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
