"""Rush'n'Crush's hard AI: a legal action everywhere, AI-only races that end, a choice made
from its seat's view only, the same choice again with the same seed. Win rates are the
benchmark's (``docs/ai.md``), not assertions."""

from __future__ import annotations

import random

import pytest

from bot.games.base import SeededRng
from bot.games.rushncrush import GAME, RncState, data
from bot.games.rushncrush.ai import determinize
from bot.games.search import deterministic

#: An AI-only race ends well within this many actions (a Sprint lasts about 30).
MAX_ACTIONS = 600


def positions(seed: int, players: int, stride: int = 2) -> list[tuple[RncState, int]]:
    """Every ``stride``-th position with a real choice in a race of hard AIs."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed)
    found: list[tuple[RncState, int]] = []
    for step in range(MAX_ACTIONS):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = min(acting)
        if step % stride == 0 and len(GAME.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng, level="hard"))
    return found


def test_hard_plays_a_legal_action_in_many_positions() -> None:
    checked = 0
    for seed in (3, 4):
        for state, seat in positions(seed, 2 + seed % 2, stride=3):
            action = GAME.bot_action(state, seat, random.Random(seed), level="hard")
            assert action in GAME.legal_actions(state, seat)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("players", [2, GAME.max_players])
def test_hard_ends_ai_only_races(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_state(players, 100 + players)
    for _ in range(MAX_ACTIONS):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = min(acting)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng, level="hard"))
    assert GAME.outcome(state) is not None


def _swapped(state: RncState, seat: int, rng: random.Random) -> RncState:
    """What the seat cannot see drawn again: the other hands, their standing orders (each
    at random), the dice to come."""
    world = determinize(state, seat, rng)
    for car in world.cars:
        if car.seat != seat:
            car.orders = {
                key: rng.choice(settings) for key, (_, settings, _) in data.ORDERS.items()
            }
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


def test_hard_chooses_from_its_seat_view_only() -> None:
    changed = 0
    with deterministic():
        for index, (state, seat) in enumerate(positions(7, 2)):
            world = _swapped(state, seat, random.Random(index))
            assert GAME.view(world, seat) == GAME.view(state, seat)
            changed += GAME.dump(world) != GAME.dump(state)
            chosen = GAME.bot_action(state, seat, random.Random(5), level="hard")
            assert GAME.bot_action(world, seat, random.Random(5), level="hard") == chosen
    assert changed


def test_hard_is_repeatable_with_a_seed() -> None:
    with deterministic():
        for state, seat in positions(9, 3, stride=3):
            first = GAME.bot_action(state, seat, random.Random(1), level="hard")
            assert GAME.bot_action(state, seat, random.Random(1), level="hard") == first
