"""``is_turn_action`` (what ``GAME.apply`` checks a turn action with) says exactly what
membership in ``turn_actions`` says, on states reached by seeded random play: for the
legal actions, every move of every pawn to every cell, other seats' actions and junk."""

from __future__ import annotations

import functools
import random

import pytest

from bot.games.base import IllegalAction
from bot.games.fireship import GAME, FireshipState, data
from bot.games.fireship.rules import _turn_actions, is_turn_action, turn_actions
from bot.games.fireship.state import ACT, END, OVER, SQUARES, START, clone

#: (players, seed) of the random games, and how many actions each plays at most.
GAMES = [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)]
STEPS = 130
#: Moves of every pawn to every cell of the board (one call each) on this many states of
#: each game, spread over its moving phases; other states get a few cells a pawn.
BOARD_SWEEPS = 2
#: Listed actions of a seat that near misses are made of, and other seats' listed moves
#: checked, on each state (the seat to act has every legal action checked).
SAMPLED = 4

BOARD = [data.cell_name((x, y)) for y in range(data.SIZE) for x in range(data.SIZE)]
#: Cell words no move lists: off the board, or a board cell spelt otherwise.
ODD_CELLS = ["a1", "A01", "K012", "U1", "A21", "A0", "A", "11", "A1A", "Ａ1", "A١"]
JUNK = ["", " ", "move", "move ", "move X", "MOVE a1 b2", "move  p1 c3", "Move B1 C3", "roll "]
#: Actions of any seat or phase, whatever the state (some never legal).
GENERIC = [
    "roll",
    "roll gulf",
    "roll vent card",
    "roll vent badge",
    "roll vent card gulf",
    "end",
    "end fog card",
    "end fog badge",
    "end fog",
    "tourbillon A1",
    "tourbillon K11",
    "kraken G3",
    "lose B1",
    "use B1",
    "skip B1",
    "boum card B1",
    "attack B1 W1",
]


@functools.cache
def played(players: int, seed: int) -> tuple[FireshipState, ...]:
    """Every state of a game of random legal actions, up to ``STEPS`` actions (kept for
    the tests of this file; none changes a state but its caches)."""
    rng = random.Random(seed)
    states = [GAME.new_state(players, seed)]
    for _ in range(STEPS):
        state = states[-1]
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        states.append(GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))))
    return tuple(states)


def variants(action: str) -> list[str]:
    """Near misses of a listed action: spacing, case, and its cell spelt otherwise."""
    words = action.split(" ")
    near = [action + " ", " " + action, action.upper(), action.replace(" ", "  ", 1)]
    near += [action.replace(" ", "\t"), " ".join(words[:-1])]
    if words[0] == "move":
        cell = data.parse_cell(words[2])
        assert cell is not None
        column, row = data.COLUMNS[cell[0]], cell[1] + 1
        spellings = [f"{column.lower()}{row}", f"{column}0{row}", f"{column}{row:03d}"]
        near += [f"move {words[1]} {spelt}" for spelt in spellings]
        near += [f"move {words[1].lower()} {words[2]}", f"move {words[1]} {words[2]} extra"]
    return near


def pawn_words(state: FireshipState) -> list[str]:
    """Every pawn (any seat, white, waiting at home or not) and pawns of no one."""
    return [*state.pawns, "Z1", "B0", "B99", "W99", "b1"]


def all_moves(state: FireshipState) -> list[str]:
    """A move of every pawn to every cell of the board and to words that are no cell."""
    return [f"move {pid} {cell}" for pid in pawn_words(state) for cell in [*BOARD, *ODD_CELLS]]


def candidates(state: FireshipState, listed: dict[int, list[str]], rng: random.Random) -> set[str]:
    """What each seat is asked about: the legal actions (all of them), other seats'
    actions (every one but their moves, a few of which are sampled), near misses of some
    of these, a move of each pawn to a few cells, junk and actions of other phases."""
    strings = set(GAME.legal_actions(state, state.turn)) | set(JUNK) | set(GENERIC)
    for actions in listed.values():
        moves = [a for a in actions if a.startswith("move ")]
        strings.update(a for a in actions if not a.startswith("move "))
        strings.update(rng.sample(moves, min(SAMPLED, len(moves))))
        for action in rng.sample(actions, min(SAMPLED, len(actions))):
            strings.update(variants(action))
    cells = [*BOARD, *ODD_CELLS]
    strings.update(f"move {pid} {rng.choice(cells)}" for pid in pawn_words(state) for _ in "ab")
    return strings


def check(
    state: FireshipState, strings: set[str] | list[str], listed: list[str], seat: int
) -> None:
    legal = set(listed)
    wrong = [s for s in strings if is_turn_action(state, seat, s) != (s in legal)]
    assert not wrong, (state.phase, seat, wrong[:10])


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_is_turn_action_is_membership_in_turn_actions(players: int, seed: int) -> None:
    rng = random.Random(seed)
    states = played(players, seed)
    moving = [i for i, s in enumerate(states) if s.phase == ACT and s.points > 0]
    swept = set(moving[:: max(1, len(moving) // BOARD_SWEEPS)][:BOARD_SWEEPS])
    phases = set()
    moves_seen = 0
    for index, state in enumerate(states):
        phases.add(state.phase)
        listed = {seat: turn_actions(state, seat) for seat in range(players)}
        strings = candidates(state, listed, rng)
        sweep = all_moves(state) if index in swept else []
        for seat in range(players):
            check(state, strings, listed[seat], seat)
            check(state, sweep, listed[seat], seat)
            moves_seen += sum(a.startswith("move ") for a in listed[seat])
            # Without its moves, the list is the rest of turn_actions, in the same order.
            others = [a for a in listed[seat] if not a.startswith("move ")]
            assert _turn_actions(state, seat, moves=False) == others
    assert len(swept) == BOARD_SWEEPS
    assert moves_seen > 0
    assert {START, ACT} <= phases


def test_random_games_reach_every_turn_phase() -> None:
    phases = {state.phase for players, seed in GAMES for state in played(players, seed)}
    assert {START, ACT, END, SQUARES} <= phases


@pytest.mark.parametrize(("players", "seed"), GAMES[:3])
def test_no_move_after_an_attack_nor_outside_moving_whatever_the_points(
    players: int, seed: int
) -> None:
    """States no game reaches (an attack and the other phases leave no points), so that
    the rule is kept by the check itself, not by the reach being empty."""
    rng = random.Random(seed)
    moving = [s for s in played(players, seed) if s.phase == ACT and s.points > 0]
    for state in rng.sample(moving, 3):
        moves = [a for a in GAME.legal_actions(state, state.turn) if a.startswith("move ")]
        assert moves
        for field, value in (("attacked", True), *(("phase", p) for p in (START, END, OVER))):
            odd = clone(state)
            setattr(odd, field, value)
            listed = {seat: turn_actions(odd, seat) for seat in range(players)}
            strings = candidates(odd, listed, rng) | set(moves)
            for seat in range(players):
                check(odd, strings, listed[seat], seat)
                assert not any(a.startswith("move ") for a in listed[seat])


def test_apply_refuses_what_is_not_listed_with_the_same_messages() -> None:
    state = next(s for s in played(3, 2) if s.phase == ACT and s.points > 0)
    seat = state.turn
    move = next(a for a in GAME.legal_actions(state, seat) if a.startswith("move "))
    GAME.apply(state, seat, move)  # listed: allowed
    for action in (move + " ", move.upper(), "move  B1 C3", "move", ""):
        with pytest.raises(IllegalAction) as caught:
            GAME.apply(state, seat, action)
        assert caught.value.key == "illegal_action", action
