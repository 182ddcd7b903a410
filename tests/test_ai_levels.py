"""The AI's levels (``easy``, ``normal``, ``hard``): every engine takes them, each decides from
its own seat's view only, and the measuring tools (``python -m bot aistats``, the baselines)
work. That every level ends every AI-only game is checked by the conformance suite; the
win-rate figures are the benchmark's (``docs/ai.md``), not assertions: only what is stable
is asserted here."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import LEVELS, SeededRng
from bot.games.rushncrush import data as rnc_data
from bot.games.search import deterministic
from bot.tools import aistats
from bot.tools.baselines import (
    BASELINES,
    MEASURES,
    GreedyPlayer,
    MonteCarloPlayer,
    baseline,
    fireship_advantage,
    fireship_candidates,
    fireship_random_action,
)

GAME_NAMES = sorted(GAMES)
#: The turn games whose three levels differ and are measured here. Fireship's levels have
#: tests of their own on shorter games (tests/test_fireship_ai_levels.py: its games without a
#: round limit are long), and so do Rush Out!'s, a real-time game of camps
#: (tests/test_rushout_ai_levels.py).
LEVELLED = ("bugrace", "rushncrush", "ruship")


def test_the_levels_are_easy_normal_hard() -> None:
    assert LEVELS == ("easy", "normal", "hard")


@pytest.mark.parametrize("name", LEVELLED)
def test_an_unknown_level_is_refused(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(2, 1)
    seat = min(game.to_act(state))
    with pytest.raises(ValueError, match="unknown AI level"):
        game.bot_action(state, seat, random.Random(0), level="impossible")


# --- honest information: what a seat cannot see never changes its choice ----------------------
def _scramble_ruship(state: Any, seat: int, rng: random.Random) -> Any:
    """Ruship hides nothing but the dice to come."""
    return replace(state, rng_state=SeededRng(rng.getrandbits(63)).state)


def _scramble_bugrace(state: Any, seat: int, rng: random.Random) -> Any:
    """The other seats' packets, cards set aside and hands, the draw pile and the discard
    dealt again among themselves; the dice reseeded."""
    hidden: list[int] = [*state.draw_pile, *state.discard]
    for index, other in enumerate(state.seats):
        if index != seat:
            hidden += [*other.offer, *other.passing, *other.hand]
    rng.shuffle(hidden)

    def deal(count: int) -> tuple[int, ...]:
        dealt = tuple(hidden[:count])
        del hidden[:count]
        return dealt

    seats = [
        other
        if index == seat
        else replace(
            other,
            offer=deal(len(other.offer)),
            passing=deal(len(other.passing)),
            hand=deal(len(other.hand)),
        )
        for index, other in enumerate(state.seats)
    ]
    return replace(
        state,
        seats=tuple(seats),
        draw_pile=deal(len(state.draw_pile)),
        discard=deal(len(state.discard)),
        rng=SeededRng(rng.getrandbits(63)).state,
    )


def _scramble_rushncrush(state: Any, seat: int, rng: random.Random) -> Any:
    """The other cars' cards drawn again from the cards this seat cannot see, their standing
    orders set at random; the dice reseeded."""
    world = copy.deepcopy(state)
    unseen = Counter({kind: rnc_data.COPIES_PER_KIND for kind in rnc_data.CARD_KINDS})
    unseen.subtract(state.cars[seat].cards)
    pool = [kind for kind in rnc_data.CARD_KINDS for _ in range(unseen[kind])]
    rng.shuffle(pool)
    for car in world.cars:
        if car.seat == seat:
            continue
        car.cards = sorted(pool[: len(car.cards)])
        del pool[: len(car.cards)]
        car.orders = {
            key: rng.choice(settings) for key, (_, settings, _) in rnc_data.ORDERS.items()
        }
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


def _scramble_fireship(state: Any, seat: int, rng: random.Random) -> Any:
    """The deck and the other seats' hands dealt again among themselves; dice reseeded."""
    world = GAMES["fireship"].load(GAMES["fireship"].dump(state))
    hidden = list(world.deck)
    for index, other in enumerate(world.seats):
        if index != seat:
            hidden += list(other.hand)
    rng.shuffle(hidden)
    for index, other in enumerate(world.seats):
        if index != seat:
            count = len(other.hand)
            other.hand = hidden[:count]
            del hidden[:count]
    world.deck = hidden
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


def _scramble_rushout(state: Any, seat: int, rng: random.Random) -> Any:
    """The trial and spell decks in another order; the dice reseeded."""
    world = GAMES["rushout"].load(GAMES["rushout"].dump(state))
    rng.shuffle(world.trial_deck)
    rng.shuffle(world.spell_deck)
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


SCRAMBLES: dict[str, Callable[[Any, int, random.Random], Any]] = {
    "ruship": _scramble_ruship,
    "bugrace": _scramble_bugrace,
    "rushncrush": _scramble_rushncrush,
    "fireship": _scramble_fireship,
    "rushout": _scramble_rushout,
}


def decisions(name: str, seed: int, wanted: int, stride: int) -> list[tuple[Any, int]]:
    """Positions of an AI-only game where the seat to act has a real choice."""
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_state(game.min_players, seed)
    found: list[tuple[Any, int]] = []
    for step in range(5_000):
        acting = game.to_act(state)
        if not acting or len(found) >= wanted:
            break
        seat = min(acting)
        if step % stride == 0 and len(game.legal_actions(state, seat)) > 1:
            found.append((state, seat))
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    return found


def test_every_game_has_a_scramble() -> None:
    assert set(SCRAMBLES) == set(GAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_no_level_sees_what_its_seat_cannot(name: str) -> None:
    """Swapping the others' hidden cards and the deck's order (and the dice to come) in a
    state the AI cannot tell apart changes no level's choice, with a fixed seed."""
    game = GAMES[name]
    positions = decisions(name, seed=11, wanted=6, stride=3)
    assert positions
    changed = 0
    with deterministic():
        for index, (state, seat) in enumerate(positions):
            scrambled = SCRAMBLES[name](state, seat, random.Random(index))
            assert game.view(scrambled, seat) == game.view(state, seat), "a visible change"
            assert game.view(scrambled, None) == game.view(state, None)
            changed += game.dump(scrambled) != game.dump(state)
            for level in LEVELS:
                chosen = game.bot_action(state, seat, random.Random(7), level=level)
                again = game.bot_action(scrambled, seat, random.Random(7), level=level)
                assert again == chosen, (name, level, index)
    assert changed, "the scramble changed something hidden"


# --- the levels' strength, where it is stable ----------------------------------------------
@pytest.mark.parametrize("name", LEVELLED)
def test_hard_beats_a_random_player_every_time(name: str) -> None:
    with deterministic():
        figures = aistats.duel(GAMES[name], "hard", "random", 10)
    assert figures.wins == 10, figures.report()


@pytest.mark.parametrize("name", LEVELLED)
def test_easy_still_beats_a_random_player(name: str) -> None:
    figures = aistats.duel(GAMES[name], "easy", "random", 20)
    assert figures.wins >= 17, figures.report()


# --- the measuring tools -------------------------------------------------------------------
#: Fireship's baselines are checked on positions and a ten-round match below: its games
#: without a round limit are long, and its baselines weigh many actions a move.
WHOLE_GAMES = sorted(set(MEASURES) - {"fireship"})


@pytest.mark.parametrize("name", WHOLE_GAMES)
@pytest.mark.parametrize("kind", BASELINES)
def test_each_baseline_plays_legal_actions_to_the_end(name: str, kind: str) -> None:
    game = GAMES[name]
    player = baseline(kind, name, mc_seconds=0.0)
    if isinstance(player, MonteCarloPlayer):  # the rules, not the strength: short play-outs
        player = replace(player, horizon=6, min_playouts=1)
    record = aistats.play_duel_match(game, 2, 3, {0: player, 1: player}, set())
    assert record.actions > 0
    assert all(0 <= winner < 2 for winner in record.winners)


@pytest.mark.parametrize("name", sorted(MEASURES))
def test_no_measure_reads_what_its_seat_cannot_see(name: str) -> None:
    """A baseline's measure of a position is the same in every state its seat cannot tell
    apart (the others' hidden cards, the deck's order, the dice to come)."""
    positions = decisions(name, seed=4, wanted=6, stride=4)
    assert positions
    advantage = MEASURES[name].advantage
    for index, (state, seat) in enumerate(positions):
        scrambled = SCRAMBLES[name](state, seat, random.Random(index))
        assert advantage(scrambled, seat) == advantage(state, seat), (name, index)


# --- Fireship's baselines, on positions ----------------------------------------------------
def _fireship_scene(**kwargs: Any) -> Any:
    from bot.games.fireship import scenario

    return scenario(**kwargs)


def _fireship_mc() -> MonteCarloPlayer:
    """The flat MC player, cut short: the rules are checked here, not its strength."""
    player = baseline("mc", "fireship", mc_seconds=0.0)
    assert isinstance(player, MonteCarloPlayer)
    return replace(player, horizon=4, min_playouts=1)


def test_fireship_baselines_play_legal_actions() -> None:
    game = GAMES["fireship"]
    greedy = baseline("greedy", "fireship")
    mc = _fireship_mc()
    positions = decisions("fireship", seed=2, wanted=3, stride=5)
    assert any(state.phase == "act" for state, _ in positions)
    for index, (state, seat) in enumerate(positions):
        legal = game.legal_actions(state, seat)
        assert greedy(state, seat, random.Random(index)) in legal
        assert mc(state, seat, random.Random(index)) in legal


def test_the_fireship_measure_ignores_the_others_cards_not_how_many() -> None:
    """The rival's hand swapped for other cards (as many) changes nothing; one card more
    held by a seat counts for it (how many cards each seat holds is public)."""
    state = _fireship_scene(pawns=[(0, "boat", "C5"), (1, "plane", "home")], islands={1: 1})
    state.seats[1].hand = ["non", "plus"]
    state.deck = [card for card in state.deck if card not in ("boum", "fog")]
    swapped = GAMES["fireship"].load(GAMES["fireship"].dump(state))
    swapped.seats[1].hand = ["boum", "fog"]
    assert fireship_advantage(swapped, 0) == fireship_advantage(state, 0)
    assert fireship_advantage(swapped, 1) == fireship_advantage(state, 1)
    richer = GAMES["fireship"].load(GAMES["fireship"].dump(state))
    richer.seats[0].hand = ["tourbillon"]
    assert fireship_advantage(richer, 0) > fireship_advantage(state, 0)


def test_the_fireship_measure_counts_islands_pawns_and_progress() -> None:
    near = _fireship_scene(pawns=[(0, "boat", "D5"), (1, "boat", "home")])  # by island 1
    home = _fireship_scene(pawns=[(0, "boat", "home"), (1, "boat", "home")])
    assert fireship_advantage(near, 0) > fireship_advantage(home, 0) == 0
    island = _fireship_scene(pawns=[(0, "boat", "J12"), (1, "boat", "home")], islands={5: 0})
    assert fireship_advantage(island, 0) > fireship_advantage(near, 0)
    assert fireship_advantage(island, 1) == -fireship_advantage(island, 0)


def test_the_fireship_candidates_keep_every_move_greedy_may_prefer() -> None:
    """Of each pawn's moves the baselines weigh one that the measure likes best: the best
    over the candidates is the best over every legal action (the pruning changes nothing
    but greedy's tie-break); every action but moves and whirlpools is kept."""
    game = GAMES["fireship"]
    positions = [
        (state, seat)
        for state, seat in decisions("fireship", seed=6, wanted=12, stride=2)
        if any(a.startswith("move ") for a in game.legal_actions(state, seat))
    ][:3]
    assert positions
    for index, (state, seat) in enumerate(positions):
        legal = game.legal_actions(state, seat)
        kept = fireship_candidates(state, seat, legal, random.Random(index))
        assert set(kept) <= set(legal) and len(kept) < len(legal)
        others = {a for a in legal if not a.startswith(("move ", "tourbillon "))}
        assert others <= set(kept)
        moves = [a for a in legal if a.startswith("move ")]

        def worth(action: str, state: Any = state, seat: int = seat) -> float:
            return fireship_advantage(game.apply(state, seat, action), seat)

        best = max(worth(a) for a in moves)
        assert max(worth(a) for a in kept if a.startswith("move ")) == best


def test_fireship_play_outs_draw_legal_actions() -> None:
    game = GAMES["fireship"]
    rng = random.Random(3)
    for state, _ in decisions("fireship", seed=8, wanted=2, stride=9):
        for _ in range(40):
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            action = fireship_random_action(state, seat, rng)
            assert action in game.legal_actions(state, seat)
            state = game.apply(state, seat, action)


def test_the_fireship_greedy_takes_a_winning_move() -> None:
    game = GAMES["fireship"]
    greedy = baseline("greedy", "fireship")
    assert isinstance(greedy, GreedyPlayer)
    # Red's last pawn, and no island: a Boum sinks it and wins (no die).
    state = _fireship_scene(pawns=[(0, "boat", "J12"), (1, "boat", "C9"), (1, "plane", "home")])
    state = game.apply(state, 0, "roll")
    del state.pawns["R2"]
    state.seats[0].badges["boum"] = 1
    state.touched()
    assert greedy(state, 0, random.Random(1)) == "boum badge R1"
    # Blue holds eight islands; its battleship by the ninth attacks it on the blue die.
    state = _fireship_scene(
        pawns=[(0, "battleship", "N15"), (0, "boat", "home"), (1, "boat", "home")],
        islands=dict.fromkeys(range(1, 9), 0),
    )
    state = game.apply(state, 0, "roll")
    assert greedy(state, 0, random.Random(1)).startswith("attack B1 I9")


def test_aistats_against_greedy_works_for_fireship(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["fireship", "--level", "normal", "--against", "greedy", "--games", "1", "--seed", "7"]
    assert aistats.main([*argv, "--option", "rounds=10"]) == 0
    assert "fireship: normal vs greedy, 2 players, 1 games" in capsys.readouterr().out


def test_aistats_prints_the_win_rate_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert aistats.main(["ruship", "--level", "easy", "--against", "greedy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "ruship: easy vs greedy, 2 players, 2 games (seats alternated)" in out
    assert "95% interval" in out and "p95" in out and "turns" in out


def test_aistats_keeps_its_report_against_a_random_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert aistats.main(["bugrace", "--games", "2"]) == 0
    assert "AI beat a random player in" in capsys.readouterr().out


def test_a_level_can_be_pitted_against_another() -> None:
    figures = aistats.duel(GAMES["rushncrush"], "normal", "easy", 2, players=3)
    assert figures.games == 2 and len(figures.turns) == 2
    low, high = figures.interval()
    assert 0.0 <= low <= figures.win_rate <= high <= 1.0


def test_the_wilson_interval() -> None:
    from bot.tools.figures import wilson

    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)


# --- the generic searcher ------------------------------------------------------------------
def _ruship_searcher(root: str) -> Any:
    from bot.games.ruship import ai as ruship_ai
    from bot.games.search import SearchBudget, Searcher, SearchSettings, squash

    game = GAMES["ruship"]

    def policy(state: Any, seat: int, rng: random.Random) -> str:
        return rng.choice(game.legal_actions(state, seat))

    def evaluate(state: Any, seat: int) -> float:
        return squash(state.attacks[1 - seat] - state.attacks[seat], 1.0)

    return Searcher(
        model=game,
        determinize=ruship_ai.determinize,
        evaluate=evaluate,
        policy=policy,
        settings=SearchSettings(
            budget=SearchBudget(iterations=60, seconds=5.0), playout_actions=6, root=root
        ),
    )


@pytest.mark.parametrize("root", ["tree", "halving"])
def test_the_searcher_finds_the_winning_move(root: str) -> None:
    from bot.games.ruship.rules import HUMANITY, position

    # The ship on 16 reaches the Alien planet with the 3 or with both dice: a third attack.
    state = position(humanity=[5, 16], alien=[8], dice=(3, 2), attacks=(0, 2))
    with deterministic():
        chosen = _ruship_searcher(root).choose(state, HUMANITY, random.Random(1))
    assert chosen == "move 16 3"


@pytest.mark.parametrize("root", ["tree", "halving"])
def test_the_searcher_is_repeatable_with_a_seed(root: str) -> None:
    game = GAMES["ruship"]
    state, seat = decisions("ruship", seed=5, wanted=3, stride=7)[-1]
    with deterministic():
        first = _ruship_searcher(root).choose(state, seat, random.Random(3))
        again = _ruship_searcher(root).choose(state, seat, random.Random(3))
    assert first == again and first in game.legal_actions(state, seat)
