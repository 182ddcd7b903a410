"""Fireship's attacks and the standing orders that answer them (Non, the defensive +1)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.base import ORDER_PREFIX
from bot.games.fireship import data
from bot.games.fireship.data import Cell
from bot.games.fireship.state import (
    HOME,
    ISLAND_AROUND,
    AttackResult,
    FireshipState,
    Json,
    Pawn,
    TrailStep,
    add_pawn,
    cell_text,
    destroy,
    emit,
    island_id,
    near_cells,
    pawn_cells,
    pawn_order,
    win_die,
)


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
        return near_cells(self.pawn) if self.pawn else ISLAND_AROUND[self.island]


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


def resolve_attack(
    state: FireshipState, seat: int, leader_id: str, target_id: str, plus: bool
) -> None:
    leader = side_of(state, leader_id)
    target = side_of(state, target_id)
    assert leader is not None and target is not None
    state.attacked = True
    state.points = 0
    state.leaders.append(leader.ident)
    attack = power(state, leader)
    defence = power(state, target)
    if plus:
        spend_card(state, seat, data.PLUS)
        emit(state, "plus", seat=seat, side="attack")
        changes = _odds(attack, defence) != _odds(attack + 1, defence)
        if not (changes and _plus_cancelled(state, target.seat, seat)):
            attack += 1
    defended = target.seat != data.WHITE and _defensive_plus(state, target, attack, defence)
    if defended and not _plus_cancelled(state, seat, target.seat):  # it changes the dice
        defence += 1
    report: Json = {
        "seat": seat,
        "leader": leader.ident,
        "target": target.ident,
        "attack": attack,
        "defence": defence,
    }
    result: AttackResult
    if attack < defence:
        result = "repelled"
        emit(state, "attack", **report, die=None, roll=None, result=result)
        state.trail.append(_trail_step(seat, leader, target, result))
        return
    die = "plain" if attack == defence else "blue"
    wins = data.PLAIN_DIE_WINS if die == "plain" else data.BLUE_DIE_WINS
    roll, won = win_die(state, wins)
    case = "attack_pawn" if target.pawn else "attack_island"
    if won and target.seat != data.WHITE and non_cancels(state, target.seat, case, seat):
        result = "cancelled"
    else:
        result = "won" if won else "missed"
    emit(state, "attack", **report, die=die, roll=roll, result=result)
    state.trail.append(_trail_step(seat, leader, target, result))
    if result == "won":
        if target.pawn is not None:
            destroy(state, target.pawn, "attack")
        else:
            _capture(state, seat, target.island)


def _trail_step(seat: int, leader: Side, target: Side, result: AttackResult) -> TrailStep:
    return {
        "kind": "attack",
        "seat": seat,
        "from": _place(leader),
        "to": _place(target),
        "result": result,
    }


def _place(side: Side) -> str:
    """Where a side stands, for the trail: a cell name, ``home:<seat>`` or ``island:<n>``."""
    if side.pawn is None:
        return f"island:{side.island}"
    return cell_text(side.pawn.cell) if side.pawn.cell else f"{HOME}:{side.seat}"


def _odds(attack: int, defence: int) -> int:
    """What a comparison gives: no attack (0), the plain die (1), the blue die (2)."""
    return 0 if attack < defence else 1 if attack == defence else 2


def _plus_cancelled(state: FireshipState, victim: int, player: int) -> bool:
    """Whether ``victim``'s standing Non (case ``plus``) cancels the Gagne +1 that
    ``player`` just played against it. Asked only when the +1 changes the dice, so a Non
    is never spent on a +1 that changes nothing."""
    return victim != data.WHITE and non_cancels(state, victim, "plus", player)


def _defensive_plus(state: FireshipState, target: Side, attack: int, defence: int) -> bool:
    """The defender's standing order: +1 when it cancels the attack or softens its die."""
    seat = target.seat
    case = "pawn" if target.pawn else "island"
    if attack - defence not in (0, 1) or not order_on(state, seat, "plus", case):
        return False
    if data.PLUS not in state.seats[seat].hand:
        return False
    spend_card(state, seat, data.PLUS)
    emit(state, "plus", seat=seat, side="defence")
    return True


def _capture(state: FireshipState, seat: int, island: int) -> None:
    previous = state.islands[island - 1]
    state.islands[island - 1] = seat
    emit(state, "captured", seat=seat, island=island_id(island), previous=previous)
    around = ISLAND_AROUND[island]
    for pawn in sorted(state.pawns.values(), key=lambda p: pawn_order(p.id)):
        if pawn.seat != seat and any(cell in around for cell in pawn_cells(pawn)):
            destroy(state, pawn, "island_lost")
    garrison = data.GARRISONS[island]
    if state.seats[seat].pool[data.BOAT] > 0 and state.is_free(garrison):
        state.seats[seat].pool[data.BOAT] -= 1
        pawn = add_pawn(state, seat, data.BOAT, garrison)
        emit(state, "garrison", seat=seat, pawn=pawn.id, cell=data.cell_name(garrison))
    state.touched()


# --- Standing orders: Non and the defensive +1 ------------------------------------------
def order_on(state: FireshipState, seat: int, card: str, case: str) -> bool:
    defaults = data.NON_CASES if card == data.NON else data.PLUS_CASES
    return state.seats[seat].orders.get(f"{card} {case}", defaults[case])


def spend_card(state: FireshipState, seat: int, card: str) -> None:
    state.seats[seat].hand.remove(card)
    state.discard.append(card)


def non_cancels(state: FireshipState, victim: int, case: str, actor: int) -> bool:
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


def cancelled_by_victims(
    state: FireshipState, actor: int, victims: list[Pawn], case: str, own_case: str = ""
) -> bool:
    """Whether a Non cancels what ``actor`` does to ``victims``: the other victims' standing
    orders (case ``case``) in turn order from the actor, then, with ``own_case``, the
    actor's own when its own pawns are among the victims (a Kraken it spun)."""
    seats = sorted(
        {p.seat for p in victims if p.seat not in (actor, data.WHITE)},
        key=lambda s: (s - actor) % state.players,
    )
    if any(non_cancels(state, victim, case, actor) for victim in seats):
        return True
    own = own_case and any(p.seat == actor for p in victims)
    return bool(own) and non_cancels(state, actor, own_case, actor)


def _plays_non(state: FireshipState, seat: int, case: str, against: int) -> bool:
    if state.seats[seat].out or data.NON not in state.seats[seat].hand:
        return False
    if not order_on(state, seat, data.NON, case):
        return False
    spend_card(state, seat, data.NON)
    emit(state, "non", seat=seat, against=against, case=case)
    return True


def order_actions(state: FireshipState, seat: int) -> list[str]:
    if state.outcome is not None or not 0 <= seat < state.players or state.seats[seat].out:
        return []
    actions = []
    for card, cases in ((data.NON, data.NON_CASES), (data.PLUS, data.PLUS_CASES)):
        for case in cases:
            flipped = "off" if order_on(state, seat, card, case) else "on"
            actions.append(f"{ORDER_PREFIX}{card} {case} {flipped}")
    return actions


def apply_order(state: FireshipState, seat: int, action: str) -> None:
    _, card, case, setting = action.split()
    state.seats[seat].orders[f"{card} {case}"] = setting == "on"
