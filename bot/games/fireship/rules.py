"""Fireship's rules: the start, moves, cards, the wheel, special squares and the turn.

Attacks and standing orders are in :mod:`~bot.games.fireship.combat`; the rulings this
engine makes where the rules are silent are listed in the package's docstring.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Outcome, SeededRng
from bot.games.fireship import data
from bot.games.fireship.combat import (
    attack_actions,
    cancelled_by_victims,
    non_cancels,
    resolve_attack,
    spend_card,
)
from bot.games.fireship.data import Cell
from bot.games.fireship.state import (
    ACT,
    CHOOSE,
    END,
    HOME,
    HOME_EXITS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_LIMIT,
    ORTHOGONAL,
    OVER,
    REASON_ISLANDS,
    REASON_LAST,
    REASON_NO_PAWNS,
    REASON_TIME,
    RING_LANDINGS,
    SQUARES,
    START,
    FireshipState,
    Json,
    Pawn,
    SeatState,
    TrailStep,
    add_pawn,
    board_value,
    cell_text,
    destroy,
    emit,
    emit_private,
    pawn_order,
    pawns_in_square,
    randint,
    roll_move_dice,
    win_die,
)


# --- The start --------------------------------------------------------------------------
def new_state(players: int, seed: int, options: dict[str, Any] | None = None) -> FireshipState:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Fireship is for {MIN_PLAYERS}-{MAX_PLAYERS} players.")
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
        add_pawn(state, data.WHITE, data.BOAT, data.GARRISONS[island])
    for seat in range(players):
        for kind in data.KINDS:
            for _ in range(data.START_HOME[kind]):
                add_pawn(state, seat, kind, None)
    state.first = _start_roll(state)
    emit(state, "start_roll", rolls=[list(r) for r in state.start_rolls], first=state.first)
    _start_turn(state, state.first)
    return state


def to_act(state: FireshipState) -> frozenset[int]:
    if state.outcome is not None:
        return frozenset()
    return frozenset({state.turn})


def legal_actions(state: FireshipState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    return turn_actions(state, seat)


# --- Movement ---------------------------------------------------------------------------
def reach(state: FireshipState, pawn: Pawn, points: int | None = None) -> dict[Cell, int]:
    """Every free cell the pawn can end on -> its cost in points, within ``points``."""
    budget = state.points if points is None else points
    key = ("reach", pawn.id, budget)
    if key not in state.cache:
        state.cache[key] = _reach(state, pawn, budget)
    result: dict[Cell, int] = state.cache[key]
    return result


def known_reaches(state: FireshipState) -> dict[Any, Any]:
    """The reaches ``state`` has worked out, for a copy of it not yet changed (a change
    forgets them: ``FireshipState.touched``)."""
    return {
        key: value
        for key, value in state.cache.items()
        if isinstance(key, tuple) and key[0] == "reach"
    }


def _reach(state: FireshipState, pawn: Pawn, budget: int) -> dict[Cell, int]:
    """Cheapest paths, found bucket by bucket of cost (a step costs a half-point or more),
    each bucket's cells taken in board order: the cells come in the order they were first
    reached, which the AI's choice among equal moves follows."""
    # Costs are in half-points so doubled speed stays exact: ceil(half / 2) points.
    fast = pawn.kind in state.fast
    step = 1 if fast else 2
    limit = 2 * budget
    if limit < 0:
        return {}
    occupied = set(state._occupancy())
    occupied.discard(pawn.cell)
    blocked_end = occupied | state.whirlpool_cells()
    flies = pawn.kind == data.PLANE
    hop = 2 * data.OVERFLIGHT_COST
    best: dict[Cell, int] = {}
    buckets: list[list[Cell]] = [[] for _ in range(limit + 1)]
    if pawn.cell is None:
        exit_cost = 2 * data.LEAVE_HOME_COST if not fast else step
        for cell in HOME_EXITS[pawn.seat]:
            if exit_cost <= limit and (flies or cell not in occupied):
                best[cell] = exit_cost
                buckets[exit_cost].append(cell)
    else:
        best[pawn.cell] = 0
        buckets[0].append(pawn.cell)
    unreached = limit + 1
    for cost, bucket in enumerate(buckets):
        walk, fly = cost + step, cost + hop
        for cell in sorted(bucket):
            if best[cell] != cost:  # reached more cheaply since
                continue
            if walk <= limit:
                for nxt in ORTHOGONAL[cell]:
                    if walk < best.get(nxt, unreached) and (flies or nxt not in occupied):
                        best[nxt] = walk
                        buckets[walk].append(nxt)
            if flies and fly <= limit and cell not in blocked_end:
                for nxt in RING_LANDINGS[cell]:
                    if fly < best.get(nxt, unreached) and nxt not in blocked_end:
                        best[nxt] = fly
                        buckets[fly].append(nxt)
    return {
        cell: (best[cell] + 1) // 2
        for cell in best
        if cell != pawn.cell and cell not in blocked_end
    }


def first_at_home(pawns: list[Pawn]) -> list[Pawn]:
    """The pawns as they may be picked: every pawn on the board, and of the pawns waiting
    in a home only the first of each kind (they are alike: one choice, not one each)."""
    seen: set[tuple[int, str]] = set()
    picked = []
    for pawn in sorted(pawns, key=lambda p: pawn_order(p.id)):
        if pawn.cell is None:
            if (pawn.seat, pawn.kind) in seen:
                continue
            seen.add((pawn.seat, pawn.kind))
        picked.append(pawn)
    return picked


def movers(state: FireshipState, seat: int) -> list[Pawn]:
    """The seat's pawns a move may name (``first_at_home``)."""
    return first_at_home(state.seat_pawns(seat))


def move_actions(state: FireshipState, seat: int) -> list[str]:
    if state.points <= 0 or state.attacked or state.phase != ACT:
        return []
    names = data.CELL_NAMES
    actions: list[str] = []
    for pawn in movers(state, seat):
        prefix = f"move {pawn.id} "
        actions += [prefix + names[cell] for cell in sorted(reach(state, pawn))]
    return actions


def _move(state: FireshipState, seat: int, pawn_id: str, cell_name: str) -> None:
    pawn = state.pawns[pawn_id]
    cell = data.parse_cell(cell_name)
    assert cell is not None
    cost = reach(state, pawn)[cell]
    start = cell_text(pawn.cell)
    step: TrailStep = {
        "kind": "move",
        "seat": seat,
        "pawn": pawn.id,
        "from": start if pawn.cell else f"{HOME}:{seat}",
        "to": cell_name,
    }
    state.trail.append(step)
    pawn.cell = cell
    state.points -= cost
    state.touched()
    emit(state, "move", seat=seat, pawn=pawn_id, **{"from": start}, to=cell_name, cost=cost)


# --- Cards, badges, the wheel -----------------------------------------------------------
def _gain(state: FireshipState, seat: int, kind: str) -> None:
    pool = state.seats[seat].pool
    if pool[kind] <= 0:
        emit(state, "nothing", seat=seat, reason=f"no_{kind}_in_pool")
        return
    pool[kind] -= 1
    pawn = add_pawn(state, seat, kind, None)
    emit(state, "gain", seat=seat, kind=kind, pawn=pawn.id)


def _draw(state: FireshipState, seat: int, pawn_id: str | None) -> None:
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        rng = SeededRng(state.rng)
        rng.shuffle(state.deck)
        state.rng = rng.state
        emit(state, "reshuffled")
    if not state.deck:
        emit(state, "nothing", seat=seat, reason="no_cards")
        return
    card = state.deck.pop()
    if card in data.KEPT_CARDS:
        state.seats[seat].hand.append(card)
        emit_private(state, "card", seat, {"kind": card}, seat=seat, kept=True)
        return
    state.discard.append(card)
    emit(state, "card", seat=seat, kind=card, kept=False)
    state.queue.insert(0, {"op": "card", "card": card, "seat": seat, "pawn": pawn_id})


def _resolve_card(state: FireshipState, op: Json) -> None:
    seat, card = op["seat"], op["card"]
    if card == data.SPIN_CARD:
        _spin(state, seat, op["pawn"], from_card=True)
    elif card in (data.GAIN_BOAT, data.GAIN_PLANE):
        _gain(state, seat, data.BOAT if card == data.GAIN_BOAT else data.PLANE)
    elif card in (data.LOSE_BOAT, data.LOSE_PLANE):
        _ask_loss(state, seat, data.BOAT if card == data.LOSE_BOAT else data.PLANE)
    elif card == data.BERMUDA and not non_cancels(state, seat, "bermuda", seat):
        state.seats[seat].skip = True
        emit(state, "bermuda", seat=seat)


def _spin(state: FireshipState, seat: int, pawn_id: str | None, from_card: bool) -> None:
    result = data.WHEEL[randint(state, 0, len(data.WHEEL) - 1)]
    emit(state, "wheel", seat=seat, result=result)
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
    emit(state, "badge", seat=seat, kind=kind, got=got)


def _kraken(state: FireshipState, seat: int, centre: Cell, spared: str | None) -> None:
    emit(state, "kraken", seat=seat, cell=data.cell_name(centre))
    victims = [p for p in pawns_in_square(state, centre, data.KRAKEN_REACH) if p.id != spared]
    if cancelled_by_victims(state, seat, victims, "kraken", own_case="kraken_own"):
        return
    for pawn in victims:
        destroy(state, pawn, "kraken")


def _ask_loss(state: FireshipState, seat: int, kind: str) -> None:
    owned = [p for p in state.seat_pawns(seat) if p.kind == kind]
    keeps_last_plane = kind == data.PLANE and len(owned) <= 1
    if not owned or keeps_last_plane:
        emit(state, "nothing", seat=seat, reason=f"no_{kind}_to_lose")
        return
    if non_cancels(state, seat, "loss", seat):
        return
    candidates = [p.id for p in first_at_home(owned)]
    if len(candidates) == 1:
        _lose(state, seat, candidates[0])
    else:
        state.pending = {"seat": seat, "kind": "lose", "options": candidates}


def _lose(state: FireshipState, seat: int, pawn_id: str) -> None:
    emit(state, "lose", seat=seat, pawn=pawn_id)
    destroy(state, state.pawns[pawn_id], "lost")


def _boum(state: FireshipState, seat: int, via: str, pawn_id: str) -> None:
    if via == "card":
        spend_card(state, seat, data.BOUM)
    else:
        state.seats[seat].badges[data.BOUM] -= 1
    pawn = state.pawns[pawn_id]
    emit(state, "boum", seat=seat, pawn=pawn_id, via=via)
    if pawn.seat != data.WHITE and non_cancels(state, pawn.seat, "boum", seat):
        return
    destroy(state, pawn, "boum")


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
    spend_card(state, seat, data.TOURBILLON)
    state.whirlpools.append((seat, cell))
    state.touched()
    emit(state, "tourbillon", seat=seat, cell=cell_name)


def _whirlpools_strike(state: FireshipState, seat: int) -> None:
    for owner, cell in [w for w in state.whirlpools if w[0] == seat]:
        state.whirlpools.remove((owner, cell))
        state.touched()
        victims = [
            p for p in pawns_in_square(state, cell, data.WHIRLPOOL_REACH) if p.kind != data.PLANE
        ]
        emit(
            state,
            "whirlpool_strike",
            seat=seat,
            cell=data.cell_name(cell),
            in_reach=[p.id for p in victims],
        )
        if not cancelled_by_victims(state, seat, victims, "whirlpool"):
            for pawn in victims:
                destroy(state, pawn, "whirlpool")


# --- Special squares --------------------------------------------------------------------
def square_kind(cell: Cell) -> str:
    """``wheel``, ``mystery`` or ``battleship`` (the cell must be a special square)."""
    if cell in data.WHEEL_SQUARES:
        return "wheel"
    return "mystery" if cell in data.MYSTERY_SQUARES else "battleship"


def may_use_square(pawn: Pawn) -> bool:
    """A pawn on a special square it may use: not the one it used last (a skipped square
    does not count), and a battleship square only for a plane."""
    cell = pawn.cell
    if cell is None or cell not in data.SPECIAL_SQUARES or cell == pawn.last_special:
        return False
    return cell not in data.BATTLESHIP_SQUARES or pawn.kind == data.PLANE


def squares_to_decide(state: FireshipState, seat: int) -> list[str]:
    """The seat's pawns that end the turn on a special square they may use, in pawn order."""
    pawns = sorted(state.seat_pawns(seat), key=lambda p: pawn_order(p.id))
    return [p.id for p in pawns if may_use_square(p)]


def square_actions(state: FireshipState) -> list[str]:
    """``use <pawn>`` and ``skip <pawn>`` for each pawn still to decide, any order."""
    return [f"{verb} {pid}" for pid in state.squares for verb in ("use", "skip")]


def _square_choice(state: FireshipState, seat: int, verb: str, pawn_id: str) -> None:
    state.squares.remove(pawn_id)
    pawn = state.pawns[pawn_id]
    assert pawn.cell is not None
    cell = data.cell_name(pawn.cell)
    square = square_kind(pawn.cell)
    if verb == "skip":
        emit(state, "square_skipped", seat=seat, pawn=pawn_id, cell=cell, square=square)
        return
    pawn.last_special = pawn.cell
    emit(state, "square", seat=seat, pawn=pawn_id, cell=cell, square=square)
    if square == "wheel":
        _spin(state, seat, pawn_id, from_card=False)
    elif square == "mystery":
        _draw(state, seat, pawn_id)
    else:
        roll, won = win_die(state, data.PLAIN_DIE_WINS)
        emit(state, "battleship", seat=seat, roll=roll, won=won)
        if won:
            _gain(state, seat, data.BATTLESHIP)


def _legacy_square(state: FireshipState, op: Json) -> None:
    """A square queued by a save of schema 1 (squares were used by themselves then)."""
    pawn = state.pawns.get(op["pawn"])
    if pawn is None or pawn.cell is None or pawn.cell not in data.SPECIAL_SQUARES:
        return
    if pawn.last_special == pawn.cell:
        emit(state, "nothing", seat=pawn.seat, reason="same_square")
        return
    if may_use_square(pawn):
        state.squares.append(pawn.id)
        _square_choice(state, pawn.seat, "use", pawn.id)


def _after_squares(state: FireshipState) -> None:
    """The special-squares step goes on while a pawn is still to decide, then the end."""
    state.squares = [pid for pid in state.squares if pid in state.pawns]
    state.phase = SQUARES if state.squares else END


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
        spend_card(state, seat, data.VENT)
    elif vent:
        me.badges[data.VENT] -= 1
    gulf = "gulf" in words
    if gulf:
        me.badges[data.GULF] -= 1
    state.fast = ([data.PLANE] if vent else []) + ([data.BOAT, data.BATTLESHIP] if gulf else [])
    state.dice = roll_move_dice(state)
    state.points = sum(state.dice)
    state.phase = ACT
    state.touched()
    emit(state, "roll", seat=seat, dice=list(state.dice), total=state.points, vent=vent, gulf=gulf)


def end_actions(state: FireshipState, seat: int) -> list[str]:
    """Ending the turn, with a Brouillard (card or badge) if the seat holds one. While
    moving and attacking, a seat with pawns on special squares it may use first goes on to
    the special-squares step (``end`` alone): Brouillard comes after it."""
    if state.phase == ACT and squares_to_decide(state, seat):
        return ["end"]
    actions = ["end"]
    if data.FOG in state.seats[seat].hand:
        actions.append("end fog card")
    if state.seats[seat].badges[data.FOG] > 0:
        actions.append("end fog badge")
    return actions


def _end(state: FireshipState, seat: int, action: str) -> None:
    state.points = 0
    if state.phase == ACT:
        state.squares = squares_to_decide(state, seat)
        if state.squares:
            state.phase = SQUARES
            return
    if action != "end":
        _fog(state, {"seat": seat, "via": action.split()[-1]})
    _next_turn(state)


def _fog(state: FireshipState, op: Json) -> None:
    seat = op["seat"]
    if op["via"] == "card":
        spend_card(state, seat, data.FOG)
    else:
        state.seats[seat].badges[data.FOG] -= 1
    state.seats[seat].fog = True
    emit(state, "fog", seat=seat, via=op["via"])


def _run(state: FireshipState) -> None:
    """Resolve queued effects until a choice is awaited or the queue is empty; then the
    phase says what comes next."""
    while state.outcome is None and state.pending is None and state.queue:
        op = state.queue.pop(0)
        kind = op["op"]
        if kind == "square":
            _legacy_square(state, op)
        elif kind == "card":
            _resolve_card(state, op)
        elif kind == "spin":
            _spin(state, op["seat"], op["pawn"], from_card=op["card"])
        elif kind == "fog":
            _fog(state, op)
        else:
            _next_turn(state)
        _settle(state)
    if state.outcome is not None:
        state.phase = OVER
    elif state.pending is not None:
        state.phase = CHOOSE
    elif state.phase in (SQUARES, CHOOSE):
        _after_squares(state)


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
    emit(state, "eliminated", seat=seat)


def _finish(state: FireshipState, winners: list[int], reason: str) -> None:
    state.outcome = Outcome(tuple(winners), reason)
    state.phase = OVER
    state.queue = []
    state.pending = None
    emit(state, "game_over", winners=list(winners), reason=reason)


def _next_turn(state: FireshipState) -> None:
    state.previous_trail = state.trail
    while state.outcome is None:
        seat = _next_live_seat(state, state.turn)
        if _turn_order(state, seat) <= _turn_order(state, state.turn):
            if state.rounds_limit and state.round >= state.rounds_limit:
                _judge(state, REASON_TIME)  # the last round is over: it stays the last
                return
            state.round += 1
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
    state.queue, state.pending, state.squares = [], None, []
    state.phase = START
    me = state.seats[seat]
    me.fog = False
    emit(state, "turn", seat=seat, round=state.round)
    _whirlpools_strike(state, seat)
    _settle(state)
    if state.outcome is not None or me.out:
        return False
    if me.skip:
        me.skip = False
        emit(state, "skipped", seat=seat)
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
        rolls = {seat: roll_move_dice(state) for seat in rolling}
        state.start_rolls.append([sum(rolls[s]) if s in rolls else 0 for s in range(state.players)])
        best = max(sum(r) for r in rolls.values())
        rolling = [s for s in rolling if sum(rolls[s]) == best]
        if len(rolling) == 1:
            return rolling[0]


# --- Action parsing ---------------------------------------------------------------------
def turn_actions(state: FireshipState, seat: int) -> list[str]:
    return _turn_actions(state, seat, moves=True)


def _turn_actions(state: FireshipState, seat: int, *, moves: bool) -> list[str]:
    """``turn_actions``, or (``moves`` False) the same list without its moves."""
    if state.phase == START:
        actions = roll_actions(state, seat)
    elif state.phase == CHOOSE:
        assert state.pending is not None
        verb = "lose" if state.pending["kind"] == "lose" else "kraken"
        return [f"{verb} {option}" for option in state.pending["options"]]
    elif state.phase == SQUARES:
        actions = square_actions(state)
    elif state.phase == END:
        actions = end_actions(state, seat)
    else:
        actions = move_actions(state, seat) if moves else []
        actions += attack_actions(state, seat) + end_actions(state, seat)
    return actions + boum_actions(state, seat) + tourbillon_actions(state, seat)


def is_turn_action(state: FireshipState, seat: int, action: str) -> bool:
    """Exactly ``action in turn_actions(state, seat)``, without listing every move: a move
    computes the reach of its own pawn only, any other action lists no move at all (no
    other action starts with ``move ``)."""
    if not action.startswith("move "):
        return action in _turn_actions(state, seat, moves=False)
    words = action.split(" ")  # one space apart, as listed: no word of a move is empty
    if len(words) != 3 or state.points <= 0 or state.attacked or state.phase != ACT:
        return False
    _, pawn_id, cell_word = words
    cell = data.parse_cell(cell_word)
    if cell is None or data.cell_name(cell) != cell_word:
        return False
    named = state.pawns.get(pawn_id)  # pawns are kept under their ids
    if named is None or named.seat != seat:
        return False
    pawn = next((p for p in movers(state, seat) if p.id == pawn_id), None)
    return pawn is not None and cell in reach(state, pawn)


def apply_turn_action(state: FireshipState, seat: int, action: str) -> None:
    words = action.split()
    verb = words[0]
    if verb == "roll":
        _roll(state, seat, action)
    elif verb == "move":
        _move(state, seat, words[1], words[2])
    elif verb == "attack":
        resolve_attack(state, seat, words[1], words[2], plus=len(words) == 4)
    elif verb == "boum":
        _boum(state, seat, words[1], words[2])
    elif verb == "tourbillon":
        _tourbillon(state, seat, words[1])
    elif verb == "end":
        _end(state, seat, action)
    elif verb in ("use", "skip"):
        _square_choice(state, seat, verb, words[1])
    else:
        _choose(state, seat, verb, words[1])
    _settle(state)
    _run(state)


def _choose(state: FireshipState, seat: int, verb: str, option: str) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    if verb == "lose":
        _lose(state, seat, option)
    else:
        cell = data.parse_cell(option)
        assert cell is not None
        _kraken(state, seat, cell, pending.get("pawn"))
