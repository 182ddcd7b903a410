"""Ruship's rules: the board, the state, where a die may take a token, and each action's effect.

Seat 0 is Humanity (Earth on 0, the Mothership, moving +); seat 1 is Alien (the Alien planet
on 19, the Vortex, moving -). Tests build positions with :func:`position`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, TypeVar

from bot.games.base import IllegalAction, SeededRng
from bot.games.ruship.views import Choice, Faction, MoveRecord, Phase

# --- board -----------------------------------------------------------------------------------
HUMANITY, ALIEN = 0, 1
SEATS = 2
FACTIONS: Final[tuple[Faction, Faction]] = ("humanity", "alien")
PLANET = (0, 19)  # each seat's own planet
DIRECTION = (1, -1)  # each seat's forward step
TRACK_FIRST, TRACK_LAST = 1, 18
CARRIER_START = (1, 18)
TOKENS_PER_SIDE = 5
DIE_SIDES = 6
CARRIER_DIE_FACE = 1  # only a die showing this may advance a carrier
PLUS_ONE_BONUS = 1
ATTACKS_TO_LOSE = 3
STACK_LIMIT = 2  # tokens a side may pile on one space with the Stack power

# --- powers ----------------------------------------------------------------------------------
REROLL, PLUS_ONE, SINGLE, BACKWARD, STACK = "reroll", "plusone", "single", "backward", "stack"
POWERS = (REROLL, PLUS_ONE, SINGLE, BACKWARD, STACK)

# --- phases, move kinds, outcome -------------------------------------------------------------
PHASE_ROLL: Final = "roll"
PHASE_MOVE: Final = "move"
PHASE_POWER: Final = "power"
PHASE_OVER: Final = "over"
ENTER, MOVE, BACK, CARRIER, ATTACK = "enter", "move", "back", "carrier", "attack"
REASON_THIRD_ATTACK = "third_attack"
SCHEMA_VERSION = 1

Carriers = tuple[int, int]
Tokens = tuple[tuple[int, ...], tuple[int, ...]]
Json = dict[str, Any]
T = TypeVar("T")


def other(seat: int) -> int:
    return 1 - seat


def enemy_planet(seat: int) -> int:
    return PLANET[other(seat)]


@dataclass(frozen=True)
class RushipState:
    """The whole game. Build test positions with :func:`position`.

    ``attacks[s]`` counts the attacks seat ``s``'s PLANET has suffered; ``tokens[s]`` is a
    sorted tuple of board positions (a stacked pair appears twice); the reserve is whatever
    of the five tokens is not on the board.
    """

    rng_state: int
    first_player: int
    start_rolls: tuple[tuple[int, int], ...]
    turn: int
    phase: Phase = PHASE_ROLL
    carriers: Carriers = CARRIER_START
    tokens: Tokens = ((), ())
    powers: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    attacks: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    plus_one_used: tuple[bool, ...] = ()
    reroll_used: bool = False
    single_die: bool = False
    moves_this_turn: tuple[MoveRecord, ...] = ()
    last_turn_moves: tuple[MoveRecord, ...] = ()
    events: tuple[Json, ...] = ()
    winner: int | None = None

    def reserve(self, seat: int) -> int:
        return TOKENS_PER_SIDE - len(self.tokens[seat])

    def power_pool(self) -> list[str]:
        taken = set(self.powers[0]) | set(self.powers[1])
        return [name for name in POWERS if name not in taken]

    def defender(self) -> int:
        return other(self.turn)


def position(
    *,
    humanity: Iterable[int] = (),
    alien: Iterable[int] = (),
    mothership: int = CARRIER_START[HUMANITY],
    vortex: int = CARRIER_START[ALIEN],
    turn: int = HUMANITY,
    dice: Sequence[int] = (),
    dice_used: Sequence[bool] | None = None,
    humanity_powers: Iterable[str] = (),
    alien_powers: Iterable[str] = (),
    attacks: tuple[int, int] = (0, 0),
    reroll_used: bool = False,
    seed: int = 0,
) -> RushipState:
    """A position for tests: tokens by faction, carriers, whose turn, and optionally the dice.

    With ``dice`` the turn is in its move phase (a single die means *Single die* was chosen);
    without, the player on turn is about to roll. ``attacks`` counts hits on (Earth, Alien).
    """
    tokens: Tokens = (tuple(sorted(humanity)), tuple(sorted(alien)))
    powers = (tuple(humanity_powers), tuple(alien_powers))
    _check_position(tokens, (mothership, vortex), powers)
    used = tuple(dice_used) if dice_used is not None else (False,) * len(dice)
    return RushipState(
        rng_state=SeededRng(seed).state,
        first_player=turn,
        start_rolls=(),
        turn=turn,
        phase=PHASE_MOVE if dice else PHASE_ROLL,
        carriers=(mothership, vortex),
        tokens=tokens,
        powers=powers,
        attacks=attacks,
        dice=tuple(dice),
        dice_used=used,
        plus_one_used=(False,) * len(dice),
        reroll_used=reroll_used,
        single_die=len(dice) == 1,
    )


def _check_position(
    tokens: Tokens, carriers: Carriers, powers: tuple[tuple[str, ...], ...]
) -> None:
    if carriers[0] == carriers[1] or not all(TRACK_FIRST <= c <= TRACK_LAST for c in carriers):
        raise ValueError(f"carriers must stand on two track spaces, not {carriers}")
    for seat in range(SEATS):
        limit = STACK_LIMIT if STACK in powers[seat] else 1
        if len(tokens[seat]) > TOKENS_PER_SIDE:
            raise ValueError(f"{FACTIONS[seat]} has only {TOKENS_PER_SIDE} tokens")
        for pos in tokens[seat]:
            if not TRACK_FIRST <= pos <= TRACK_LAST or pos in carriers:
                raise ValueError(f"no token may stand on {pos}")
            if tokens[seat].count(pos) > limit or pos in tokens[other(seat)]:
                raise ValueError(f"space {pos} is over-full")
        unknown = [name for name in powers[seat] if name not in POWERS]
        if unknown:
            raise ValueError(f"unknown powers {unknown}")


# --- landing rules ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Use:
    """One legal use of one die: the action string and everything it does."""

    action: str
    die: int  # index into ``dice``
    kind: str  # ENTER, MOVE, BACK or CARRIER
    origin: int | None  # the moving token's space (None when entering), or the carrier's
    to: int  # landing space; the enemy planet for an attack
    captured: tuple[int, ...]
    attack: bool
    bumped: bool  # pushed on by a carrier
    plus: bool


@dataclass(frozen=True)
class Landing:
    to: int
    captured: tuple[int, ...]
    attack: bool
    bumped: bool


def resolve_landing(
    carriers: Carriers,
    tokens: Tokens,
    seat: int,
    powers: Iterable[str],
    start: int,
    distance: int,
    forward: bool,
    single: bool,
) -> Landing | None:
    """Where a token of ``seat`` leaving ``start`` lands, or None if it may not go there."""
    step = DIRECTION[seat] if forward else -DIRECTION[seat]
    target = start + step * distance
    natural = target
    while True:
        if forward and _beyond(target, enemy_planet(seat), step):
            passed = _path_captures(tokens, seat, start, enemy_planet(seat), single)
            return Landing(enemy_planet(seat), passed, True, target != natural)
        if not forward and _beyond(target, PLANET[seat], step):
            return None  # a backward move may not reach or pass its own planet
        if target not in carriers:
            break
        target += step
    own, enemy = tokens[seat].count(target), tokens[other(seat)].count(target)
    own_limit = STACK_LIMIT if STACK in powers else 1
    if own >= own_limit or enemy >= STACK_LIMIT:
        return None
    captured = _path_captures(tokens, seat, start, target, single)
    if enemy:
        captured += (target,)
    return Landing(target, captured, False, target != natural)


def _beyond(target: int, planet: int, step: int) -> bool:
    return (target - planet) * step >= 0


def _path_captures(
    tokens: Tokens, seat: int, start: int, end: int, single: bool
) -> tuple[int, ...]:
    """Single die: lone enemy tokens strictly between start and end (pairs are protected)."""
    if not single:
        return ()
    low, high = min(start, end), max(start, end)
    enemy = tokens[other(seat)]
    return tuple(sorted({p for p in enemy if low < p < high and enemy.count(p) == 1}))


def carrier_target(carriers: Carriers, tokens: Tokens, seat: int) -> int | None:
    """The space a carrier would advance into, if that space is free."""
    target = carriers[seat] + DIRECTION[seat]
    blocked = (
        not TRACK_FIRST <= target <= TRACK_LAST
        or target in carriers
        or target in tokens[0]
        or target in tokens[1]
    )
    return None if blocked else target


def die_uses(
    carriers: Carriers,
    tokens: Tokens,
    seat: int,
    powers: Sequence[str],
    face: int,
    die: int,
    single: bool,
) -> list[Use]:
    """Every legal use of one die showing ``face`` (at face, and at face + 1 with Plus one)."""
    uses: list[Use] = []
    distances = [(face, False)]
    if PLUS_ONE in powers:
        distances.append((face + PLUS_ONE_BONUS, True))
    starts = sorted(set(tokens[seat]))
    for distance, plus in distances:
        label = f"{face}+" if plus else f"{face}"
        if len(tokens[seat]) < TOKENS_PER_SIDE:
            landing = resolve_landing(
                carriers, tokens, seat, powers, carriers[seat], distance, True, single
            )
            if landing:
                uses.append(_use(f"enter {label}", die, ENTER, None, landing, plus))
        for start in starts:
            landing = resolve_landing(carriers, tokens, seat, powers, start, distance, True, single)
            if landing:
                uses.append(_use(f"move {start} {label}", die, MOVE, start, landing, plus))
            if BACKWARD in powers:
                landing = resolve_landing(
                    carriers, tokens, seat, powers, start, distance, False, single
                )
                if landing:
                    uses.append(_use(f"back {start} {label}", die, BACK, start, landing, plus))
    if face == CARRIER_DIE_FACE:
        target = carrier_target(carriers, tokens, seat)
        if target is not None:
            uses.append(Use(CARRIER, die, CARRIER, carriers[seat], target, (), False, False, False))
    return uses


def _use(action: str, die: int, kind: str, origin: int | None, landing: Landing, plus: bool) -> Use:
    return Use(
        action,
        die,
        kind,
        origin,
        landing.to,
        landing.captured,
        landing.attack,
        landing.bumped,
        plus,
    )


def apply_use(carriers: Carriers, tokens: Tokens, seat: int, use: Use) -> tuple[Carriers, Tokens]:
    """The board after ``use`` (an attacking token goes back to its reserve)."""
    if use.kind == CARRIER:
        moved = (use.to, carriers[1]) if seat == HUMANITY else (carriers[0], use.to)
        return moved, tokens
    mine = list(tokens[seat])
    if use.origin is not None:
        mine.remove(use.origin)
    if not use.attack:
        mine.append(use.to)
        mine.sort()
    theirs = list(tokens[other(seat)])
    for pos in use.captured:
        theirs.remove(pos)
    if seat == HUMANITY:
        return carriers, (tuple(mine), tuple(theirs))
    return carriers, (tuple(theirs), tuple(mine))


def open_dice(state: RushipState) -> list[int]:
    """Indexes of the dice not used yet, one per distinct face (equal dice are alike)."""
    seen: set[int] = set()
    result = []
    for index, face in enumerate(state.dice):
        if not state.dice_used[index] and face not in seen:
            seen.add(face)
            result.append(index)
    return result


def unused_dice(state: RushipState) -> list[int]:
    return [i for i, used in enumerate(state.dice_used) if not used]


def all_uses(state: RushipState) -> list[Use]:
    """Every use of every open die, before the must-use-both-dice rule."""
    seat, powers = state.turn, state.powers[state.turn]
    uses: list[Use] = []
    for index in open_dice(state):
        face = state.dice[index]
        uses += die_uses(state.carriers, state.tokens, seat, powers, face, index, state.single_die)
    return uses


def legal_uses(state: RushipState) -> list[Use]:
    """The uses the rules allow now, the must-use-both-dice rule applied."""
    if state.phase != PHASE_MOVE:
        return []
    uses = _dedupe(all_uses(state))
    remaining = unused_dice(state)
    if len(remaining) < 2:
        return uses
    keeping_both = [u for u in uses if wins(state, u) or _second_die_usable(state, u)]
    return keeping_both or uses


def _dedupe(uses: list[Use]) -> list[Use]:
    seen: set[str] = set()
    result = []
    for use in uses:
        if use.action not in seen:
            seen.add(use.action)
            result.append(use)
    return result


def wins(state: RushipState, use: Use) -> bool:
    # A winning attack ends the game at once: it never has to leave the other die usable.
    return use.attack and state.attacks[state.defender()] + 1 >= ATTACKS_TO_LOSE


def _second_die_usable(state: RushipState, use: Use) -> bool:
    second = next(i for i in unused_dice(state) if i != use.die)
    carriers, tokens = apply_use(state.carriers, state.tokens, state.turn, use)
    face = state.dice[second]
    powers = state.powers[state.turn]
    return bool(die_uses(carriers, tokens, state.turn, powers, face, second, state.single_die))


def choices(state: RushipState) -> dict[str, Choice]:
    """Where each legal move of the turn lands (public: anyone can work it out), so a
    button can name the landing space: ``{"move 15 6": {"from": 15, "to": 21, ...}}``."""
    return {
        use.action: {
            "kind": use.kind,
            "from": use.origin,
            "to": use.to,
            "die": state.dice[use.die],
            "plus": use.plus,
            "attack": use.attack,
            "captures": len(use.captured),
        }
        for use in legal_uses(state)
    }


def reroll_actions(state: RushipState) -> list[str]:
    """The *Reroll* power: once per turn, right after rolling, before either die is used
    (the ruling's order: roll, reroll, use the dice). Offered, never forced."""
    if (
        state.phase != PHASE_MOVE
        or state.reroll_used
        or any(state.dice_used)
        or REROLL not in state.powers[state.turn]
    ):
        return []
    return [f"reroll {i + 1}" for i in unused_dice(state)]


# --- whose turn, which actions ---------------------------------------------------------------
def to_act(state: RushipState) -> frozenset[int]:
    if state.phase == PHASE_OVER:
        return frozenset()
    if state.phase == PHASE_POWER:
        return frozenset({state.defender()})
    return frozenset({state.turn})


def legal_actions(state: RushipState, seat: int) -> list[str]:
    if seat not in to_act(state):
        return []
    if state.phase == PHASE_POWER:
        return [f"power {name}" for name in state.power_pool()]
    if state.phase == PHASE_ROLL:
        return ["roll", "roll one"] if SINGLE in state.powers[seat] else ["roll"]
    return [use.action for use in legal_uses(state)] + reroll_actions(state)


def apply_action(state: RushipState, seat: int, action: str) -> RushipState:
    """The state after ``seat`` plays ``action``; IllegalAction if the rules refuse it."""
    _check_legal(state, seat, action)
    if state.phase == PHASE_POWER:
        return _take_power(state, action.split()[1])
    if action.startswith("roll"):
        return _roll(state, single=action == "roll one")
    if action.startswith("reroll"):
        return _reroll(state, int(action.split()[1]) - 1)
    use = next(u for u in legal_uses(state) if u.action == action)
    return _play(state, use)


def _check_legal(state: RushipState, seat: int, action: str) -> None:
    if state.phase == PHASE_OVER:
        raise IllegalAction("The game is over.", "game_over")
    if seat not in to_act(state):
        raise IllegalAction("It is not your turn.", "not_your_turn")
    if isinstance(action, str) and action in legal_actions(state, seat):
        return
    if state.phase == PHASE_MOVE and action in [u.action for u in all_uses(state)]:
        raise IllegalAction(
            "You must use both dice when you can: that would leave the other die unusable.",
            "must_use_both_dice",
            action=action,
        )
    raise IllegalAction("That move is not allowed now.", "illegal_move", action=str(action))


# --- transitions -----------------------------------------------------------------------------
def _roll(state: RushipState, single: bool) -> RushipState:
    rng = SeededRng(state.rng_state)
    dice = tuple(rng.dice(1 if single else 2, DIE_SIDES))
    rolled = replace(
        state,
        rng_state=rng.state,
        phase=PHASE_MOVE,
        dice=dice,
        dice_used=(False,) * len(dice),
        plus_one_used=(False,) * len(dice),
        single_die=single,
    )
    return _settle(rolled, [{"type": "roll", "seat": state.turn, "dice": list(dice)}])


def _reroll(state: RushipState, index: int) -> RushipState:
    rng = SeededRng(state.rng_state)
    face = rng.die(DIE_SIDES)
    dice = _replaced(state.dice, index, face)
    event = {
        "type": "reroll",
        "seat": state.turn,
        "die": index + 1,
        "old": state.dice[index],
        "new": face,
    }
    rerolled = replace(state, rng_state=rng.state, dice=dice, reroll_used=True)
    return _settle(rerolled, [event])


def _play(state: RushipState, use: Use) -> RushipState:
    seat, defender = state.turn, state.defender()
    carriers, tokens = apply_use(state.carriers, state.tokens, seat, use)
    record: MoveRecord = {
        "seat": seat,
        "kind": ATTACK if use.attack else use.kind,
        "from": use.origin,
        "to": use.to,
        "captured": list(use.captured),
    }
    if use.origin is None:  # an entry counts from the carrier: where it stood then
        record["carrier"] = state.carriers[seat]
    events: list[Json] = [_move_event(state, use)]
    events += [{"type": "capture", "seat": seat, "at": p, "owner": defender} for p in use.captured]
    played = replace(
        state,
        carriers=carriers,
        tokens=tokens,
        dice_used=_replaced(state.dice_used, use.die, True),
        plus_one_used=_replaced(state.plus_one_used, use.die, use.plus),
        moves_this_turn=(*state.moves_this_turn, record),
    )
    if not use.attack:
        return _settle(played, events)
    return _attack(played, events)


def _move_event(state: RushipState, use: Use) -> Json:
    event: Json = {
        "type": ATTACK if use.attack else use.kind,
        "seat": state.turn,
        "from": use.origin,
        "to": use.to,
        "die": state.dice[use.die],
        "plus": use.plus,
    }
    if use.kind != CARRIER:
        event["bumped"] = use.bumped
    if use.attack:
        event["count"] = state.attacks[state.defender()] + 1
    return event


def _attack(state: RushipState, events: list[Json]) -> RushipState:
    defender = state.defender()
    count = state.attacks[defender] + 1
    attacks = set_int(state.attacks, defender, count)
    if count >= ATTACKS_TO_LOSE:
        events.append({"type": "game_over", "winners": [state.turn], "reason": REASON_THIRD_ATTACK})
        return replace(
            state, attacks=attacks, phase=PHASE_OVER, winner=state.turn, events=tuple(events)
        )
    return replace(state, attacks=attacks, phase=PHASE_POWER, events=tuple(events))


def _take_power(state: RushipState, name: str) -> RushipState:
    defender = state.defender()
    powers = list(state.powers)
    powers[defender] = (*powers[defender], name)
    chosen = replace(state, powers=(powers[0], powers[1]), phase=PHASE_MOVE)
    return _settle(chosen, [{"type": "power", "seat": defender, "power": name}])


def _settle(state: RushipState, events: list[Json]) -> RushipState:
    """Pass the turn when no die is left, or none left can be used (a Reroll is never forced:
    with no usable die the turn passes even if a reroll could have helped)."""
    left = unused_dice(state)
    if left and legal_uses(state):
        return replace(state, events=tuple(events))
    if left:
        events.append(
            {"type": "no_move", "seat": state.turn, "dice": [state.dice[i] for i in left]}
        )
    following = other(state.turn)
    events.append({"type": "turn", "seat": following})
    return replace(
        state,
        turn=following,
        phase=PHASE_ROLL,
        dice=(),
        dice_used=(),
        plus_one_used=(),
        reroll_used=False,
        single_die=False,
        moves_this_turn=(),
        last_turn_moves=state.moves_this_turn,
        events=tuple(events),
    )


def _replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*values[:index], value, *values[index + 1 :])


def set_int(values: tuple[int, int], index: int, value: int) -> tuple[int, int]:
    return (value, values[1]) if index == 0 else (values[0], value)
