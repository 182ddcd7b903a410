"""Fireship's AI levels (``GAME.bot_action``): ``easy``, ``normal`` (``ai.choose_action``)
and ``hard`` (a search with ``bot.games.search`` over the normal AI's best few actions).

Every level reads only what its seat may know: the board, the public counts and its own
hand. ``determinize`` draws what the seat cannot see (the other hands, the deck's and the
discard's order, the others' standing orders, the dice to come) from that alone.
"""

from __future__ import annotations

import random
from typing import Final

from bot.games.base import Outcome, SeededRng, player_of_level
from bot.games.fireship import data
from bot.games.fireship.ai import AI_ISLAND_GAIN, AI_PAWN_GAIN, choose_action, scored_moves
from bot.games.fireship.combat import attack_options
from bot.games.fireship.rules import apply_turn_action, legal_actions, to_act
from bot.games.fireship.state import ACT, FireshipState, board_value, clone
from bot.games.search import SearchBudget, Searcher, SearchSettings, squash

# --- what the seat cannot see --------------------------------------------------------------


def determinize(state: FireshipState, seat: int, rng: random.Random) -> FireshipState:
    """A game ``seat`` cannot tell from ``state``: every card it cannot see (the other
    hands, the deck, the discard) gathered in sorted order and dealt again at random, each
    pile keeping its size; the others' standing orders at their defaults; no loaded dice;
    the random generator reseeded."""
    world = clone(state)
    others = [index for index in range(world.players) if index != seat]
    hands = [card for index in others for card in world.seats[index].hand]
    unseen = sorted([*world.deck, *world.discard, *hands])
    rng.shuffle(unseen)
    for index in others:
        other = world.seats[index]
        count = len(other.hand)
        other.hand, unseen = unseen[:count], unseen[count:]
        other.orders = {}
    world.discard, world.deck = unseen[: len(world.discard)], unseen[len(world.discard) :]
    world.loaded = []
    world.rng = SeededRng(rng.getrandbits(63)).state
    legal = _legal_key(state, seat)
    if legal in state.cache:  # the seat's own actions: nothing hidden changes them
        world.cache[legal] = state.cache[legal]
    return world


# --- easy ----------------------------------------------------------------------------------
#: How often easy plays the normal AI's action during its turn's moves and attacks; else a
#: sensible action drawn at random (a move worth making, an attack, the end of the turn).
EASY_NORMAL_SHARE: Final = 0.5


def level_action(state: FireshipState, seat: int, rng: random.Random, level: str) -> str:
    """The AI's action at ``level``: ``easy``, ``normal`` or ``hard``."""
    return player_of_level(level, easy_action, choose_action, hard_action)(state, seat, rng)


def easy_action(state: FireshipState, seat: int, rng: random.Random) -> str:
    """A beginner's turn: the normal AI's rolls, special squares and choices (so it never
    spins into a Kraken of its own nor drops one on its own fleet); while moving and
    attacking, the normal AI's action half the time, else any move worth making, any
    attack or the end of the turn, at random. It never throws the game away in one ply: it
    takes an attack that may win the game outright (``winning_attacks``), never plays a
    Boum or a whirlpool the normal AI would not (a whirlpool can sink its own boats), and
    never ends its turn with its whole fleet at home while it may move a pawn out."""
    legal = legal_actions(state, seat)
    normal = choose_action(state, seat, rng)
    if state.phase != ACT or len(legal) == 1:
        return normal
    winning = winning_attacks(state, seat)
    if winning:
        return winning[0]
    if rng.random() < EASY_NORMAL_SHARE:
        return normal
    return rng.choice(sensible_actions(state, seat, legal, normal))


def sensible_actions(state: FireshipState, seat: int, legal: list[str], normal: str) -> list[str]:
    """What easy may draw from while moving and attacking: the normal AI's action, every
    move worth making, every attack without a card, and the end of the turn (unless the
    seat would end it with no pawn on the board while one could still come out)."""
    pool = {normal}
    pool.update(action for _, action in scored_moves(state, seat))
    pool.update(a for a in legal if a.startswith("attack ") and not a.endswith(" plus"))
    if "end" in legal and not _stays_home(state, seat):
        pool.add("end")
    return sorted(action for action in pool if action in legal)


def _stays_home(state: FireshipState, seat: int) -> bool:
    """Whether the seat has pawns only at home and could still move one out."""
    pawns = state.seat_pawns(seat)
    return bool(pawns) and all(p.cell is None for p in pawns) and bool(scored_moves(state, seat))


def winning_attacks(state: FireshipState, seat: int) -> list[str]:
    """Attacks that end the game at once when the die says so: the last island taken (all
    nine then), or the last rival's last pawn sunk when it holds no island; the best odds
    first (a Gagne +1 only when it changes the die)."""
    legal = set(legal_actions(state, seat))
    found: list[tuple[int, str]] = []
    for leader, target, attack, defence in attack_options(state, seat):
        if not _wins_the_game(state, seat, target.seat, target.island, target.pawn is not None):
            continue
        action = f"attack {leader.ident} {target.ident}"
        plus = f"{action} plus"
        if attack == defence and plus in legal:
            found.append((attack + 1 - defence, plus))
        elif action in legal:
            found.append((attack - defence, action))
    found.sort(key=lambda item: -item[0])
    return [action for _, action in found]


def _wins_the_game(state: FireshipState, seat: int, owner: int, island: int, pawn: bool) -> bool:
    if not pawn:
        others = [i for i in data.ISLAND_IDS if state.islands[i - 1] != seat]
        return others == [island]
    rivals = [s for s in state.live_seats() if s != seat]
    if rivals != [owner] or state.owned_islands(owner):
        return False
    return len(state.seat_pawns(owner)) == 1


# --- hard ----------------------------------------------------------------------------------
#: The moves hard weighs besides the normal AI's action: its next best by the normal AI's score.
HARD_MOVES: Final = 1
#: Play-outs (the normal AI finishing the seat's turn) each action may run; the clock is a
#: safety net on a busy machine.
HARD_SETTINGS: Final = SearchSettings(
    budget=SearchBudget(iterations=8, seconds=0.12, min_iterations=4),
    max_depth=1,
    playout_actions=40,
    root="halving",
)
#: What a position is worth to a seat, in the normal AI's units: an island, a pawn's value.
HARD_ISLAND: Final = AI_ISLAND_GAIN
HARD_PAWN: Final = AI_PAWN_GAIN
#: A lead worth about 3 wins in 4: a little more than an island.
HARD_SCALE: Final = 50.0
#: The chance an attack wins, by the die its powers give (``combat._odds``).
HARD_ODDS: Final = (
    0.0,
    data.PLAIN_DIE_WINS / data.WIN_DIE_SIDES,
    data.BLUE_DIE_WINS / data.WIN_DIE_SIDES,
)


def hard_action(state: FireshipState, seat: int, rng: random.Random) -> str:
    """While moving and attacking: the normal AI's action or one of its alternatives (its
    next best move, its attack, the end of the turn), each played on in the same sampled
    worlds (the dice, the cards) by the normal AI to the end of the seat's turn, and the
    worlds' ends judged by ``position_value`` (material, and what the rivals may take back
    with the odds on their side: the pawn parked by an enemy island); the one that ends
    best (sequential halving). Rolls, special squares and choices are the normal AI's."""
    if state.phase != ACT:
        return choose_action(state, seat, rng)
    searcher = Searcher(
        model=_MODEL,
        determinize=determinize,
        evaluate=position_value,
        policy=choose_action,
        settings=HARD_SETTINGS,
        prior=hard_candidates,
        stop=_turn_over,
    )
    return searcher.choose(state, seat, rng)


def hard_candidates(state: FireshipState, seat: int, rng: random.Random) -> list[str]:
    """The normal AI's action first, then an attack that may win the game, the normal AI's
    next best move, the first attack listed, the end of the turn."""
    normal = choose_action(state, seat, rng)
    candidates = [normal, *winning_attacks(state, seat)[:1]]
    candidates += [action for _, action in scored_moves(state, seat)[: HARD_MOVES + 1]]
    candidates += [a for a in legal_actions(state, seat) if a.startswith("attack ")][:1]
    candidates.append("end")
    return list(dict.fromkeys(candidates))


def _turn_over(world: FireshipState, seat: int) -> bool:
    """Whether a play-out has reached another seat's turn (or the game's end)."""
    return world.outcome is not None or world.turn != seat


def position_value(state: FireshipState, seat: int) -> float:
    """``seat``'s lead over its best rival, as a chance of winning in (0, 1): islands and
    pawns (home pawns included), in the normal AI's units, less what the rivals may take
    from it at their next turns without moving (``exposure``)."""
    rivals = [s for s in state.live_seats() if s != seat]
    if not rivals:
        return 1.0
    mine = _material(state, seat) - exposure(state, seat)
    return squash(mine - max(_material(state, s) for s in rivals), HARD_SCALE)


def _material(state: FireshipState, seat: int) -> float:
    if state.seats[seat].out:
        return 0.0
    return HARD_ISLAND * len(state.owned_islands(seat)) + HARD_PAWN * board_value(state, seat)


def exposure(state: FireshipState, seat: int) -> float:
    """What ``seat`` stands to lose before its next turn: for each rival, its best attack
    on the seat's pawns and islands from where its pawns and islands stand (its expected
    gain), summed over the rivals."""
    total = 0.0
    for rival in state.live_seats():
        if rival == seat:
            continue
        best = 0.0
        for _, target, attack, defence in attack_options(state, rival):
            if target.seat != seat:
                continue
            odds = HARD_ODDS[0 if attack < defence else 1 if attack == defence else 2]
            prize = HARD_ISLAND if target.pawn is None else HARD_PAWN * target.value
            best = max(best, odds * prize)
        total += best
    return total


def _legal_key(state: FireshipState, seat: int) -> tuple[object, ...]:
    return ("search_legal", seat, state.phase, state.points, state.attacked, state.turn)


class _Model:
    """The rules for the search, as the engine plays them, without checking again an action
    taken from ``legal_actions`` nor keeping the events."""

    def to_act(self, state: FireshipState) -> frozenset[int]:
        return to_act(state)

    def legal_actions(self, state: FireshipState, seat: int) -> list[str]:
        """Listed once per state and seat (the search asks again for each candidate)."""
        key = _legal_key(state, seat)
        if key not in state.cache:
            state.cache[key] = legal_actions(state, seat)
        legal: list[str] = state.cache[key]
        return legal

    def apply(self, state: FireshipState, seat: int, action: str) -> FireshipState:
        new = clone(state)
        apply_turn_action(new, seat, action)
        new.events = []
        return new

    def outcome(self, state: FireshipState) -> Outcome | None:
        return state.outcome


_MODEL: Final = _Model()

__all__ = [
    "determinize",
    "easy_action",
    "hard_action",
    "level_action",
    "position_value",
    "winning_attacks",
]
