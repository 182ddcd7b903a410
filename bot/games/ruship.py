"""Ruship: a 2d6 race-and-capture duel on an 18-space track, Humanity against Alien.

Rules: ``docs/rules/ruship.md``. Seat 0 is Humanity (Earth on 0, the Mothership,
moving +); seat 1 is Alien (the Alien planet on 19, the Vortex, moving -).

Tests build positions with :func:`position` (or by constructing :class:`RushipState`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, TypeVar

from bot.games.base import IllegalAction, Outcome, SeededRng

# --- board -----------------------------------------------------------------------------------
HUMANITY, ALIEN = 0, 1
SEATS = 2
FACTIONS = ("humanity", "alien")
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
PHASE_ROLL, PHASE_MOVE, PHASE_POWER, PHASE_OVER = "roll", "move", "power", "over"
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
    phase: str = PHASE_ROLL
    carriers: Carriers = CARRIER_START
    tokens: Tokens = ((), ())
    powers: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    attacks: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()
    dice_used: tuple[bool, ...] = ()
    plus_one_used: tuple[bool, ...] = ()
    reroll_used: bool = False
    single_die: bool = False
    moves_this_turn: tuple[Json, ...] = ()
    last_turn_moves: tuple[Json, ...] = ()
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
    keeping_both = [u for u in uses if _wins(state, u) or _second_die_usable(state, u)]
    return keeping_both or uses


def _dedupe(uses: list[Use]) -> list[Use]:
    seen: set[str] = set()
    result = []
    for use in uses:
        if use.action not in seen:
            seen.add(use.action)
            result.append(use)
    return result


def _wins(state: RushipState, use: Use) -> bool:
    # A winning attack ends the game at once: it never has to leave the other die usable.
    return use.attack and state.attacks[state.defender()] + 1 >= ATTACKS_TO_LOSE


def _second_die_usable(state: RushipState, use: Use) -> bool:
    second = next(i for i in unused_dice(state) if i != use.die)
    carriers, tokens = apply_use(state.carriers, state.tokens, state.turn, use)
    face = state.dice[second]
    powers = state.powers[state.turn]
    return bool(die_uses(carriers, tokens, state.turn, powers, face, second, state.single_die))


def choices(state: RushipState) -> dict[str, Json]:
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


# --- the engine ------------------------------------------------------------------------------
class Ruship:
    name = "ruship"
    title = "Ruship"
    min_players = 2
    max_players = 2

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> RushipState:
        if players != SEATS:
            raise ValueError("Ruship is played by exactly 2 players")
        rng = SeededRng(seed)
        rolls: list[tuple[int, int]] = []
        while not rolls or rolls[-1][0] == rolls[-1][1]:
            rolls.append((rng.die(DIE_SIDES), rng.die(DIE_SIDES)))
        first = HUMANITY if rolls[-1][0] > rolls[-1][1] else ALIEN
        start_event = {"type": "start", "rolls": [list(r) for r in rolls], "first_player": first}
        return RushipState(
            rng_state=rng.state,
            first_player=first,
            start_rolls=tuple(rolls),
            turn=first,
            events=(start_event,),
        )

    def to_act(self, state: RushipState) -> frozenset[int]:
        if state.phase == PHASE_OVER:
            return frozenset()
        if state.phase == PHASE_POWER:
            return frozenset({state.defender()})
        return frozenset({state.turn})

    def legal_actions(self, state: RushipState, seat: int) -> list[str]:
        if seat not in self.to_act(state):
            return []
        if state.phase == PHASE_POWER:
            return [f"power {name}" for name in state.power_pool()]
        if state.phase == PHASE_ROLL:
            return ["roll", "roll one"] if SINGLE in state.powers[seat] else ["roll"]
        return [use.action for use in legal_uses(state)] + reroll_actions(state)

    def apply(self, state: RushipState, seat: int, action: str) -> RushipState:
        self._check_legal(state, seat, action)
        if state.phase == PHASE_POWER:
            return _take_power(state, action.split()[1])
        if action.startswith("roll"):
            return _roll(state, single=action == "roll one")
        if action.startswith("reroll"):
            return _reroll(state, int(action.split()[1]) - 1)
        use = next(u for u in legal_uses(state) if u.action == action)
        return _play(state, use)

    def _check_legal(self, state: RushipState, seat: int, action: str) -> None:
        if state.phase == PHASE_OVER:
            raise IllegalAction("The game is over.", "game_over")
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if isinstance(action, str) and action in self.legal_actions(state, seat):
            return
        if state.phase == PHASE_MOVE and action in [u.action for u in all_uses(state)]:
            raise IllegalAction(
                "You must use both dice when you can: that would leave the other die unusable.",
                "must_use_both_dice",
                action=action,
            )
        raise IllegalAction("That move is not allowed now.", "illegal_move", action=str(action))

    def outcome(self, state: RushipState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome((state.winner,), REASON_THIRD_ATTACK)

    def view(self, state: RushipState, seat: int | None) -> dict[str, Any]:
        outcome = self.outcome(state)
        return {
            "game": self.name,
            "factions": list(FACTIONS),
            "first_player": state.first_player,
            "start_rolls": [list(r) for r in state.start_rolls],
            "turn": None if state.phase == PHASE_OVER else state.turn,
            "phase": state.phase,
            "to_act": sorted(self.to_act(state)),
            "mothership": state.carriers[HUMANITY],
            "vortex": state.carriers[ALIEN],
            "tokens": {FACTIONS[s]: list(state.tokens[s]) for s in range(SEATS)},
            "reserve": {FACTIONS[s]: state.reserve(s) for s in range(SEATS)},
            "powers": {FACTIONS[s]: list(state.powers[s]) for s in range(SEATS)},
            "power_pool": state.power_pool(),
            "attacks": {FACTIONS[s]: state.attacks[s] for s in range(SEATS)},
            "dice": list(state.dice),
            "dice_used": list(state.dice_used),
            "plus_one_used": list(state.plus_one_used),
            "reroll_used": state.reroll_used,
            "single_die": state.single_die,
            "moves_this_turn": [dict(m) for m in state.moves_this_turn],
            "last_turn_moves": [dict(m) for m in state.last_turn_moves],
            "choices": choices(state),
            "events": [dict(e) for e in state.events],
            "outcome": None
            if outcome is None
            else {"winners": list(outcome.winners), "reason": outcome.reason},
        }

    def bot_action(self, state: RushipState, seat: int, rng: random.Random) -> str:
        return choose_action(state, seat, rng)

    def dump(self, state: RushipState) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "rng_state": state.rng_state,
            "first_player": state.first_player,
            "start_rolls": [list(r) for r in state.start_rolls],
            "turn": state.turn,
            "phase": state.phase,
            "carriers": list(state.carriers),
            "tokens": [list(t) for t in state.tokens],
            "powers": [list(p) for p in state.powers],
            "attacks": list(state.attacks),
            "dice": list(state.dice),
            "dice_used": list(state.dice_used),
            "plus_one_used": list(state.plus_one_used),
            "reroll_used": state.reroll_used,
            "single_die": state.single_die,
            "moves_this_turn": [dict(m) for m in state.moves_this_turn],
            "last_turn_moves": [dict(m) for m in state.last_turn_moves],
            "events": [dict(e) for e in state.events],
            "winner": state.winner,
        }

    def load(self, data: dict[str, Any]) -> RushipState:
        if data.get("schema") != SCHEMA_VERSION:
            raise ValueError(f"unknown Ruship schema {data.get('schema')!r}")
        return RushipState(
            rng_state=int(data["rng_state"]),
            first_player=int(data["first_player"]),
            start_rolls=tuple((int(h), int(a)) for h, a in data["start_rolls"]),
            turn=int(data["turn"]),
            phase=str(data["phase"]),
            carriers=(int(data["carriers"][0]), int(data["carriers"][1])),
            tokens=(tuple(data["tokens"][0]), tuple(data["tokens"][1])),
            powers=(tuple(data["powers"][0]), tuple(data["powers"][1])),
            attacks=(int(data["attacks"][0]), int(data["attacks"][1])),
            dice=tuple(data["dice"]),
            dice_used=tuple(data["dice_used"]),
            plus_one_used=tuple(data["plus_one_used"]),
            reroll_used=bool(data["reroll_used"]),
            single_die=bool(data["single_die"]),
            moves_this_turn=tuple(dict(m) for m in data["moves_this_turn"]),
            last_turn_moves=tuple(dict(m) for m in data["last_turn_moves"]),
            events=tuple(dict(e) for e in data["events"]),
            winner=None if data["winner"] is None else int(data["winner"]),
        )


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
    record = {
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
    attacks = _set_int(state.attacks, defender, count)
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


def _set_int(values: tuple[int, int], index: int, value: int) -> tuple[int, int]:
    return (value, values[1]) if index == 0 else (values[0], value)


# --- the AI ----------------------------------------------------------------------------------
# A 1-ply player: it tries every sequence of the turn's dice and scores the positions reached.
# Weights are DESIGNED (tuned against a random player and in AI-vs-AI games).
WIN_SCORE = 1_000_000.0
W_ATTACK = 100.0  # one attack suffered by a planet
W_PROGRESS = 1.0  # per space a token has travelled
W_CARRIER = 1.5  # per space a carrier has travelled
W_TEMPO = 6.0  # the turns a captured token loses beyond its progress
W_ENEMY_RISK = 0.3  # our threats on the enemy matter less: they move first
W_MY_THREAT = 25.0  # per expected attack of ours next turn
W_THEIR_THREAT = 45.0  # per expected attack of theirs next turn (they move next)
THREAT_URGENCY = (1.0, 1.3, 2.5)  # scales a threat by the attacks the planet already took
REROLL_MARGIN = 1.0  # a reroll must promise this much to be taken
SINGLE_MARGIN = 1.0
MAX_REACH = 2 * DIE_SIDES + 2 * PLUS_ONE_BONUS
ALL_ROLLS = [(a, b) for a in range(1, DIE_SIDES + 1) for b in range(1, DIE_SIDES + 1)]
DISTINCT_ROLLS = [((a, b), 1 if a == b else 2) for a, b in ALL_ROLLS if a <= b]
POWER_BASE = {REROLL: 4.0, PLUS_ONE: 5.0, SINGLE: 2.0, BACKWARD: 2.0, STACK: 3.0}
POWER_PER_TARGET = {SINGLE: 1.5, BACKWARD: 2.0, STACK: 0.8}


@dataclass(frozen=True)
class Sim:
    """The parts of a position the AI searches over."""

    carriers: Carriers
    tokens: Tokens
    attacks: tuple[int, int]


def choose_action(state: RushipState, seat: int, rng: random.Random) -> str:
    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_POWER:
        return f"power {choose_power(state, seat)}"
    if state.phase == PHASE_ROLL:
        return "roll one" if _single_pays(state) else "roll"
    rerolls = reroll_actions(state)
    if rerolls:
        choice = _reroll_choice(state)
        if choice is not None or not legal_uses(state):
            return choice or rerolls[0]
    return _best_move(state, rng)


def _sim(state: RushipState) -> Sim:
    return Sim(state.carriers, state.tokens, state.attacks)


def _best_move(state: RushipState, rng: random.Random) -> str:
    seat, sim = state.turn, _sim(state)
    faces = [state.dice[i] for i in unused_dice(state)]
    uses = legal_uses(state)
    winning = [use.action for use in uses if _wins(state, use)]
    if winning:
        return winning[0]
    scored: list[tuple[float, str]] = []
    for use in uses:
        rest = list(faces)
        rest.remove(state.dice[use.die])
        scored.append(
            (_after_use(sim, seat, state.powers, use, rest, state.single_die), use.action)
        )
    best = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= best - 1e-9])


def _after_use(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    use: Use,
    rest: list[int],
    single: bool,
) -> float:
    """The value of the best way to finish the turn after ``use``."""
    carriers, tokens = apply_use(sim.carriers, sim.tokens, seat, use)
    attacks = sim.attacks
    if use.attack:
        hits = attacks[other(seat)] + 1
        if hits >= ATTACKS_TO_LOSE:
            return WIN_SCORE
        attacks = _set_int(attacks, other(seat), hits)
    after = Sim(carriers, tokens, attacks)
    if not rest:
        return evaluate(after, seat, powers)
    return _search(after, seat, powers, rest, single)


def _search(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    faces: list[int],
    single: bool,
) -> float:
    """Best value reachable with ``faces`` left to play, the must-use-both rule respected."""
    firsts: list[tuple[Use, list[int]]] = []
    for face in sorted(set(faces)):
        rest = list(faces)
        rest.remove(face)
        for use in die_uses(sim.carriers, sim.tokens, seat, powers[seat], face, 0, single):
            firsts.append((use, rest))
    if not firsts:
        return evaluate(sim, seat, powers)
    values = [_after_use(sim, seat, powers, use, rest, single) for use, rest in firsts]
    if len(faces) < 2:
        return max(values)
    both = [
        v
        for (use, rest), v in zip(firsts, values, strict=True)
        if _kept_second(sim, seat, powers, use, rest, single)
    ]
    return max(both or values)


def _kept_second(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    use: Use,
    rest: list[int],
    single: bool,
) -> bool:
    if use.attack and sim.attacks[other(seat)] + 1 >= ATTACKS_TO_LOSE:
        return True
    carriers, tokens = apply_use(sim.carriers, sim.tokens, seat, use)
    return bool(die_uses(carriers, tokens, seat, powers[seat], rest[0], 0, single))


def _reroll_choice(state: RushipState) -> str | None:
    """Reroll the die whose fresh value promises the most, if it beats keeping the roll."""
    seat, sim = state.turn, _sim(state)
    left = unused_dice(state)
    faces = [state.dice[i] for i in left]
    keep = _search(sim, seat, state.powers, faces, state.single_die)
    best_gain, best_index = REROLL_MARGIN, None
    for position_in_left, index in enumerate(left):
        total = 0.0
        for face in range(1, DIE_SIDES + 1):
            trial = list(faces)
            trial[position_in_left] = face
            total += _search(sim, seat, state.powers, trial, state.single_die)
        gain = total / DIE_SIDES - keep
        if gain > best_gain:
            best_gain, best_index = gain, index
    return None if best_index is None else f"reroll {best_index + 1}"


def _single_pays(state: RushipState) -> bool:
    """Roll one die when its path captures promise more than an ordinary roll."""
    seat, sim = state.turn, _sim(state)
    if not _single_can_capture(state):
        return False
    one = sum(_search(sim, seat, state.powers, [f], True) for f in range(1, DIE_SIDES + 1))
    two = sum(
        weight * _search(sim, seat, state.powers, [a, b], False)
        for (a, b), weight in DISTINCT_ROLLS
    )
    return one / DIE_SIDES > two / len(ALL_ROLLS) + SINGLE_MARGIN


def _single_can_capture(state: RushipState) -> bool:
    seat = state.turn
    enemy = state.tokens[other(seat)]
    reach = DIE_SIDES + (PLUS_ONE_BONUS if PLUS_ONE in state.powers[seat] else 0)
    starts = set(state.tokens[seat]) | {state.carriers[seat]}
    return any(
        0 < (target - start) * DIRECTION[seat] <= reach
        for start in starts
        for target in enemy
        if enemy.count(target) == 1
    )


def choose_power(state: RushipState, seat: int) -> str:
    """The Power that best suits the defender's position."""
    enemy = other(seat)
    mine, theirs = state.tokens[seat], state.tokens[enemy]
    # Enemy tokens that passed ours, i.e. between our planet and our tokens: Backward reaches them.
    rearmost = min((_progress(seat, p) for p in mine), default=0)
    behind = sum(1 for p in theirs if _progress(seat, p) < rearmost)
    targets = {SINGLE: len(theirs), BACKWARD: behind, STACK: len(mine)}

    def score(name: str) -> float:
        return POWER_BASE[name] + POWER_PER_TARGET.get(name, 0.0) * targets.get(name, 0)

    return max(state.power_pool(), key=score)


def _progress(seat: int, pos: int) -> int:
    return abs(pos - PLANET[seat])


def evaluate(sim: Sim, me: int, powers: tuple[tuple[str, ...], tuple[str, ...]]) -> float:
    """How good the position is for ``me``, with the enemy about to move."""
    enemy = other(me)
    score = W_ATTACK * (sim.attacks[enemy] - sim.attacks[me])
    score += W_CARRIER * (_progress(me, sim.carriers[me]) - _progress(enemy, sim.carriers[enemy]))
    score += _side_value(sim, me, powers, W_MY_THREAT, 1.0)
    score -= _side_value(sim, enemy, powers, W_THEIR_THREAT, W_ENEMY_RISK)
    return score


def _side_value(
    sim: Sim,
    side: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    threat_weight: float,
    risk_weight: float,
) -> float:
    """A side's progress, minus what it risks losing, plus its attack threat."""
    foe = other(side)
    tokens = sim.tokens[side]
    foe_powers = powers[foe]
    stacked = STACK in powers[side]
    plus = PLUS_ONE in powers[side]
    value = 0.0
    threat = 0.0
    for pos in tokens:
        progress = _progress(side, pos)
        safe = stacked and tokens.count(pos) >= STACK_LIMIT
        hit = 0.0 if safe else _hit_chance(sim, foe, foe_powers, pos)
        value += W_PROGRESS * progress - risk_weight * hit * (progress + W_TEMPO)
        threat += (1.0 - hit) * _attack_chance(abs(enemy_planet(side) - pos), plus)
    if len(tokens) < TOKENS_PER_SIDE:
        threat += _attack_chance(abs(enemy_planet(side) - sim.carriers[side]), plus)
    urgency = THREAT_URGENCY[min(sim.attacks[foe], ATTACKS_TO_LOSE - 1)]
    return value + threat_weight * urgency * min(threat, 1.0)


def _hit_chance(sim: Sim, hitter: int, hitter_powers: Sequence[str], pos: int) -> float:
    """The chance ``hitter`` can land on ``pos`` next turn (one die, or both on one token)."""
    step = DIRECTION[hitter]
    mask = 0
    backward = BACKWARD in hitter_powers
    for source in sim.tokens[hitter]:
        distance = (pos - source) * step
        if 0 < distance <= MAX_REACH:
            mask |= 1 << distance
        elif backward and 0 < -distance <= MAX_REACH:
            mask |= 1 << -distance
    if len(sim.tokens[hitter]) < TOKENS_PER_SIDE:
        distance = (pos - sim.carriers[hitter]) * step
        if 0 < distance <= MAX_REACH:
            mask |= 1 << distance
    if not mask:
        return 0.0
    plus = PLUS_ONE in hitter_powers
    chance = _shot_chance(mask, plus)
    if SINGLE in hitter_powers:
        chance = max(chance, _single_shot_chance(mask, plus))
    return chance


@lru_cache(maxsize=4096)
def _shot_chance(mask: int, plus: bool) -> float:
    hits = sum(1 for a, b in ALL_ROLLS if _reach_mask(a, b, plus) & mask)
    return hits / len(ALL_ROLLS)


@lru_cache(maxsize=4096)
def _single_shot_chance(mask: int, plus: bool) -> float:
    """A single die captures everything it passes over, so a shorter distance is enough."""
    nearest = (mask & -mask).bit_length() - 1
    bonus = PLUS_ONE_BONUS if plus else 0
    return sum(1 for f in range(1, DIE_SIDES + 1) if f + bonus >= nearest) / DIE_SIDES


@lru_cache(maxsize=128)
def _reach_mask(a: int, b: int, plus: bool) -> int:
    distances = {a, b, a + b}
    if plus:
        distances |= {a + 1, b + 1, a + b + 1, a + b + 2}
    mask = 0
    for distance in distances:
        mask |= 1 << distance
    return mask


@lru_cache(maxsize=64)
def _attack_chance(distance: int, plus: bool) -> float:
    """The chance the next roll carries a token ``distance`` spaces (or more) in one turn."""
    bonus = 2 * PLUS_ONE_BONUS if plus else 0
    hits = sum(1 for a, b in ALL_ROLLS if a + b + bonus >= distance)
    return hits / len(ALL_ROLLS)


GAME = Ruship()
