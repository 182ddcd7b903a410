"""Fireship's AI levels (``bot.games.fireship.levels``): easy never throws the game away in
one ply, every level ends AI-only games, each decides from its seat's view only, and hard
beats a random player. Win rates are the benchmark's (``docs/ai.md``), not assertions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from bot.games.base import LEVELS, SeededRng
from bot.games.fireship import GAME, FireshipState, data, scenario
from bot.games.fireship.levels import determinize, easy_action, hard_action, winning_attacks
from bot.games.fireship.state import ACT, CHOOSE
from bot.games.search import deterministic
from bot.tools import aistats

BLUE, RED = 0, 1
#: An AI-only game of any level ends well within this many actions (normal games last a
#: few hundred).
MAX_ACTIONS = 5_000


def rolled(state: FireshipState, dice: tuple[int, int, int] = (1, 1, 1)) -> FireshipState:
    state.loaded = [*dice, *state.loaded]
    return GAME.apply(state, BLUE, "roll")


def last_island_scene() -> FireshipState:
    """Blue holds eight islands; its battleship lies by the ninth (attack 4 against 3)."""
    state = scenario(
        pawns=[(BLUE, "battleship", "N15"), (BLUE, "boat", "home"), (RED, "boat", "home")],
        islands=dict.fromkeys(range(1, 9), BLUE),
    )
    return rolled(state)


# --- easy never throws the game away in one ply ---------------------------------------------
def test_easy_always_takes_an_attack_that_may_win_the_game() -> None:
    state = last_island_scene()
    assert winning_attacks(state, BLUE) == ["attack B1 I9"]
    chosen = {easy_action(state, BLUE, random.Random(seed)) for seed in range(30)}
    assert chosen == {"attack B1 I9"}


def test_easy_never_drops_a_kraken_on_its_own_fleet() -> None:
    # Blue's fleet around the wheel G3, Red's around the wheel R14: a Tourne la roue Kraken.
    state = scenario(
        pawns=[
            (BLUE, "boat", "G4"),
            (BLUE, "boat", "H3"),
            (BLUE, "plane", "F2"),
            (RED, "boat", "R13"),
            (RED, "boat", "S14"),
        ]
    )
    state.phase = CHOOSE
    state.pending = {
        "seat": BLUE,
        "kind": "kraken",
        "pawn": None,
        "options": [data.cell_name(c) for c in data.CHANCE_SQUARES],
    }
    for seed in range(20):
        assert easy_action(state, BLUE, random.Random(seed)) == "kraken R14"


def test_easy_never_plays_a_whirlpool_by_its_own_boats() -> None:
    state = scenario(pawns=[(BLUE, "boat", "K12"), (BLUE, "boat", "L13"), (RED, "boat", "A12")])
    state.seats[BLUE].hand = ["tourbillon"]
    state = rolled(state)
    for seed in range(30):
        assert not easy_action(state, BLUE, random.Random(seed)).startswith("tourbillon")


def test_easy_plays_differently_from_normal_yet_sensibly() -> None:
    """Over a game's decisions, easy sometimes leaves the normal AI's action, never for a
    Boum, a whirlpool or a Gagne +1 the normal AI would not play."""
    departures = 0
    for index, (state, seat) in enumerate(decisions(players=2, seed=3, wanted=40)):
        normal = GAME.bot_action(state, seat, random.Random(index))
        easy = GAME.bot_action(state, seat, random.Random(index), level="easy")
        if easy != normal:
            departures += 1
            assert easy.split()[0] in {"move", "attack", "end"}
            assert not easy.endswith(" plus")
    assert departures >= 5


# --- every level ends AI-only games ----------------------------------------------------------
def play_ai_only(level: str, players: int, seed: int) -> tuple[FireshipState, int]:
    """A game without a round limit, every seat the AI at ``level``; the actions played."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed)
    for count in range(MAX_ACTIONS):
        acting = GAME.to_act(state)
        if not acting:
            return state, count
        seat = min(acting)
        action = GAME.bot_action(state, seat, rng, level=level)
        assert action in GAME.legal_actions(state, seat), (level, action)
        state = GAME.apply(state, seat, action)
    raise AssertionError(f"{level}: no end after {MAX_ACTIONS} actions (seed {seed})")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_every_quick_level_ends_ai_only_games(level: str, players: int) -> None:
    state, _ = play_ai_only(level, players, seed=20 + players)
    assert state.outcome is not None
    assert all(0 <= winner < players for winner in state.outcome.winners)


def test_hard_ends_ai_only_games() -> None:
    """Two hard AIs, no round limit (the conformance suite plays 2 to 4 of them)."""
    with deterministic():
        state, _ = play_ai_only("hard", 2, seed=32)
    assert state.outcome is not None


# --- honest information -----------------------------------------------------------------------
def decisions(players: int, seed: int, wanted: int) -> list[tuple[FireshipState, int]]:
    """Positions of a normal AI-only game where the seat moving and attacking has a choice."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed)
    found: list[tuple[FireshipState, int]] = []
    while GAME.to_act(state) and len(found) < wanted:
        seat = state.turn
        if state.phase == ACT and len(GAME.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    return found


def scrambled(state: FireshipState, seat: int, rng: random.Random) -> FireshipState:
    """The others' hands, the deck and the discard dealt again among themselves, the others'
    standing orders turned, the dice to come reseeded: nothing ``seat`` can see."""
    world = GAME.load(GAME.dump(state))
    others = [index for index in range(world.players) if index != seat]
    hidden = [*world.deck, *world.discard, *(c for i in others for c in world.seats[i].hand)]
    rng.shuffle(hidden)
    for index in others:
        other = world.seats[index]
        other.hand, hidden = hidden[: len(other.hand)], hidden[len(other.hand) :]
        other.orders = {"non kraken": False, "plus pawn": False}
    world.discard, world.deck = hidden[: len(world.discard)], hidden[len(world.discard) :]
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


@pytest.mark.parametrize("players", [2, 3])
def test_no_level_sees_the_others_cards_nor_the_deck(players: int) -> None:
    positions = decisions(players, seed=5, wanted=60)[::6]
    assert len(positions) >= 8
    changed = 0
    with deterministic():
        for index, (state, seat) in enumerate(positions):
            other = scrambled(state, seat, random.Random(index))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.view(other, None) == GAME.view(state, None)
            changed += GAME.secrets(other) != GAME.secrets(state)
            for level in LEVELS:
                chosen = GAME.bot_action(state, seat, random.Random(7), level=level)
                again = GAME.bot_action(other, seat, random.Random(7), level=level)
                assert again == chosen, (level, index)
    assert changed == len(positions)


def all_cards(state: FireshipState) -> Counter[str]:
    return Counter([*state.deck, *state.discard, *(c for s in state.seats for c in s.hand)])


def without_events(view: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "events"}


def test_the_worlds_hard_imagines_keep_what_the_seat_sees() -> None:
    state, seat = decisions(players=3, seed=8, wanted=30)[-1]
    for seed in range(5):
        world = determinize(state, seat, random.Random(seed))
        assert without_events(GAME.view(world, seat)) == without_events(GAME.view(state, seat))
        assert all_cards(world) == all_cards(state)


# --- hard ---------------------------------------------------------------------------------------
def test_hard_is_repeatable_with_a_seed_and_plays_legal_actions() -> None:
    with deterministic():
        for state, seat in decisions(players=2, seed=9, wanted=30)[::5]:
            first = hard_action(state, seat, random.Random(2))
            assert first == hard_action(state, seat, random.Random(2))
            assert first in GAME.legal_actions(state, seat)


def test_hard_goes_for_the_last_island() -> None:
    state = last_island_scene()
    with deterministic():
        action = hard_action(state, BLUE, random.Random(0))
        while action.startswith("move"):  # more power first, at no risk
            state = GAME.apply(state, BLUE, action)
            action = hard_action(state, BLUE, random.Random(0))
    assert action.startswith("attack") and action.split()[2] == "I9"


def test_hard_beats_a_random_player_every_time() -> None:
    """Six games of ten rounds (the most islands wins, then the most pawns), seats
    alternated."""
    with deterministic():
        figures = aistats.duel(GAME, "hard", "random", 6, options={"rounds": 10})
    assert figures.wins == 6, figures.report()
