"""The Ruship AI (``GAME.bot_action``): a 1-ply player that tries every sequence of the
turn's dice and scores the positions reached."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from bot.games.base import SeededRng, player_of_level
from bot.games.ruship.rules import (
    ATTACKS_TO_LOSE,
    BACKWARD,
    DIE_SIDES,
    DIRECTION,
    PHASE_MOVE,
    PHASE_POWER,
    PHASE_ROLL,
    PLANET,
    PLUS_ONE,
    PLUS_ONE_BONUS,
    REROLL,
    SINGLE,
    STACK,
    STACK_LIMIT,
    TOKENS_PER_SIDE,
    Carriers,
    RushipState,
    Tokens,
    Use,
    apply_use,
    die_uses,
    enemy_planet,
    legal_actions,
    legal_uses,
    other,
    reroll_actions,
    set_int,
    unused_dice,
    wins,
)
from bot.games.search import Deadline, squash

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
#: Plus one first, then Reroll, whatever the position; then by position. Against the same
#: AI taking the Power the position suggested, taking Plus one first won 58% of 200 games
#: (Reroll, Stack, Single die or Backward first: 27-35%); Plus one then Reroll 58%, Plus
#: one then by position 54.5%, then Single die or Backward 50-52%.
POWER_BASE = {REROLL: 10.0, PLUS_ONE: 20.0, SINGLE: 2.0, BACKWARD: 2.0, STACK: 3.0}
POWER_PER_TARGET = {SINGLE: 1.5, BACKWARD: 2.0, STACK: 0.8}


@dataclass(frozen=True)
class Sim:
    """The parts of a position the AI searches over."""

    carriers: Carriers
    tokens: Tokens
    attacks: tuple[int, int]


def choose_action(state: RushipState, seat: int, rng: random.Random) -> str:
    legal = legal_actions(state, seat)
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
    winning = [use.action for use in legal_uses(state) if wins(state, use)]
    if winning:
        return winning[0]  # win now rather than with the other die
    scored = scored_uses(state)
    best = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score >= best - 1e-9])


def scored_uses(state: RushipState) -> list[tuple[float, str]]:
    """Each legal use of a die with the value of the best way to finish the turn after it
    (a winning attack: ``WIN_SCORE``)."""
    seat, sim = state.turn, _sim(state)
    faces = [state.dice[i] for i in unused_dice(state)]
    scored: list[tuple[float, str]] = []
    for use in legal_uses(state):
        if wins(state, use):
            scored.append((WIN_SCORE, use.action))
            continue
        rest = list(faces)
        rest.remove(state.dice[use.die])
        scored.append(
            (_after_use(sim, seat, state.powers, use, rest, state.single_die), use.action)
        )
    return scored


def _after_use(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    use: Use,
    rest: list[int],
    single: bool,
) -> float:
    """The value of the best way to finish the turn after ``use``."""
    return _after_use_end(sim, seat, powers, use, rest, single)[0]


def _after_use_end(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    use: Use,
    rest: list[int],
    single: bool,
) -> tuple[float, Sim]:
    """``_after_use``, and the position the best way ends in."""
    carriers, tokens = apply_use(sim.carriers, sim.tokens, seat, use)
    attacks = sim.attacks
    if use.attack:
        hits = attacks[other(seat)] + 1
        attacks = set_int(attacks, other(seat), hits)
        if hits >= ATTACKS_TO_LOSE:
            return WIN_SCORE, Sim(carriers, tokens, attacks)
    after = Sim(carriers, tokens, attacks)
    if not rest:
        return evaluate(after, seat, powers), after
    return _search_end(after, seat, powers, rest, single)


def _search(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    faces: list[int],
    single: bool,
) -> float:
    """Best value reachable with ``faces`` left to play, the must-use-both rule respected."""
    return _search_end(sim, seat, powers, faces, single)[0]


def _search_end(
    sim: Sim,
    seat: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]],
    faces: list[int],
    single: bool,
) -> tuple[float, Sim]:
    """``_search``, and the position the best way ends in."""
    firsts: list[tuple[Use, list[int]]] = []
    for face in sorted(set(faces)):
        rest = list(faces)
        rest.remove(face)
        for use in die_uses(sim.carriers, sim.tokens, seat, powers[seat], face, 0, single):
            firsts.append((use, rest))
    if not firsts:
        return evaluate(sim, seat, powers), sim
    ends = [_after_use_end(sim, seat, powers, use, rest, single) for use, rest in firsts]
    if len(faces) >= 2:
        both = [
            end
            for (use, rest), end in zip(firsts, ends, strict=True)
            if _kept_second(sim, seat, powers, use, rest, single)
        ]
        ends = both or ends
    return max(ends, key=lambda end: end[0])


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


def determinize(state: RushipState, seat: int, rng: random.Random) -> RushipState:
    """A game ``seat`` cannot tell from ``state``: Ruship hides nothing but the dice to come,
    so only the random generator is reseeded."""
    return replace(state, rng_state=SeededRng(rng.getrandbits(63)).state)


# --- levels ----------------------------------------------------------------------------------
#: Easy plays any use of its dice whose turn is worth this much less than the best at most
#: (a third of an attack): sensible moves, not the best ones; and it never misses a win.
EASY_SLACK = 35.0
#: Hard weighs the normal AI's best few uses of its dice against every roll the enemy may
#: answer with.
HARD_CANDIDATES = 5
#: A position's value (``evaluate``) worth about 3 wins in 4: half an attack.
HARD_SCALE = 50.0
#: A safety bound on a busy machine (about 0.1 s on a quiet one, 0.17 s at most).
HARD_SECONDS = 0.6


def level_action(state: RushipState, seat: int, rng: random.Random, level: str) -> str:
    """The AI's action at ``level``: ``easy``, ``normal`` or ``hard``."""
    return player_of_level(level, easy_action, choose_action, hard_action)(state, seat, rng)


def easy_action(state: RushipState, seat: int, rng: random.Random) -> str:
    """A beginner's game: any Power, two dice, no reroll, any sensible use of the dice."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PHASE_POWER:
        return rng.choice(legal)
    if state.phase == PHASE_ROLL:
        return "roll"
    winning = [use.action for use in legal_uses(state) if wins(state, use)]
    if winning:
        return winning[0]
    scored = scored_uses(state)
    if not scored:
        return legal[0]
    best = max(score for score, _ in scored)
    slack = 0.0 if best >= WIN_SCORE else EASY_SLACK
    return rng.choice([action for score, action in scored if score >= best - slack])


def hard_action(state: RushipState, seat: int, rng: random.Random) -> str:
    """A two-ply search over the dice worlds to come: each of the normal AI's best few uses of
    the dice, the turn finished its way, is answered by the enemy's best turn (the normal
    AI's) in each of the 21 rolls it may throw, weighted by their chances; the use whose
    answers leave this seat best placed (``evaluate``, as a chance of winning) is played.
    Powers, rolls and rerolls are the normal AI's."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase != PHASE_MOVE or (reroll_actions(state) and _reroll_choice(state)):
        return choose_action(state, seat, rng)
    sim = _sim(state)
    faces = [state.dice[i] for i in unused_dice(state)]
    ends: list[tuple[float, str, Sim]] = []
    for use in legal_uses(state):
        if wins(state, use):
            return use.action
        rest = list(faces)
        rest.remove(state.dice[use.die])
        value, end = _after_use_end(sim, seat, state.powers, use, rest, state.single_die)
        ends.append((value, use.action, end))
    ends.sort(key=lambda item: -item[0])
    best_reward, best_action = -1.0, ends[0][1]
    judged: dict[Sim, float] = {}
    deadline = Deadline(HARD_SECONDS)
    for value, action, end in ends[:HARD_CANDIDATES]:
        if judged and deadline.passed():
            break  # a busy machine: the best judged so far (the normal AI's first)
        if end not in judged:
            judged[end] = 1.0 if value >= WIN_SCORE else _answered(state, seat, end)
        if judged[end] > best_reward + 1e-12:
            best_reward, best_action = judged[end], action
    return best_action


def _answered(state: RushipState, seat: int, end: Sim) -> float:
    """This seat's chance (as ``evaluate`` sees it) once the enemy has answered ``end``, the
    position its turn ends in, averaged over the enemy's 36 rolls."""
    enemy = other(seat)
    powers = _powers_taken(state, end, enemy, end.attacks[enemy] - state.attacks[enemy])
    total = 0.0
    for (a, b), weight in DISTINCT_ROLLS:
        value, after = _search_end(end, enemy, powers, [a, b], False)
        if value >= WIN_SCORE:
            continue  # the enemy's third attack: a loss
        ours = _powers_taken(state, after, seat, after.attacks[seat] - end.attacks[seat], powers)
        total += weight * squash(-evaluate(after, enemy, ours), HARD_SCALE)
    return total / len(ALL_ROLLS)


def _powers_taken(
    state: RushipState,
    sim: Sim,
    defender: int,
    count: int,
    powers: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The Powers once ``defender`` has taken one for each of ``count`` attacks (the
    normal AI's choice)."""
    powers = state.powers if powers is None else powers
    for _ in range(count):
        position = replace(state, tokens=sim.tokens, powers=powers)
        if not position.power_pool():
            break
        name = choose_power(position, defender)
        mine = (*powers[defender], name)
        powers = (mine, powers[1]) if defender == 0 else (powers[0], mine)
    return powers
