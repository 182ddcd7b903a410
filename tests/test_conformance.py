"""One generic conformance suite run over every game in ``GAMES`` (OpenSpiel style)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import GAMES, Game, IllegalAction
from bot.games.base import DEFAULT_LEVEL, LEVELS, MAX_ACTION_LENGTH, clock_of
from bot.games.search import deterministic
from bot.i18n import Tr

GAME_NAMES = sorted(GAMES)
#: Openings checked in full: every step of the first ``OPENING_STEPS`` actions, for each
#: seed (player counts and seats to the AI vary with the seed).
OPENING_SEEDS = range(8)
OPENING_STEPS = 150
#: Whole games, AI-only and random, played to their end with the contract checked every
#: ``CHECK_EVERY`` steps and at the end: that every game ends is what these assert.
WHOLE_GAME_SEEDS = range(4)
CHECK_EVERY = 37
MAX_STEPS = 20_000


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def players_for(game: Game[Any], seed: int) -> int:
    counts = player_counts(game)
    return counts[seed % len(counts)]


def play_out(
    game: Game[Any],
    players: int,
    seed: int,
    ai_seats: set[int],
    *,
    steps: int = MAX_STEPS,
    check_every: int = 1,
    level: str = DEFAULT_LEVEL,
) -> tuple[Any, int]:
    """Play up to ``steps`` actions (to the end by default): AI seats use ``bot_action`` at
    ``level``, the others pick a random legal action. The contract is checked every
    ``check_every`` steps and at the last state; returns that state and the number of
    actions played."""
    rng = random.Random(seed)
    state = game.new_state(players, seed)
    for step in range(steps):
        if step % check_every == 0:
            check_invariants(game, state, players)
        acting = game.to_act(state)
        if not acting:
            check_invariants(game, state, players)
            return state, step
        seat = rng.choice(sorted(acting))
        legal = game.legal_actions(state, seat)
        if seat in ai_seats:
            action = game.bot_action(state, seat, rng, level=level)
            assert action in legal, f"AI ({level}) chose {action!r}, not among {legal}"
        else:
            action = rng.choice(legal)
        state = game.apply(state, seat, action)
    if steps < MAX_STEPS:
        check_invariants(game, state, players)
        return state, steps
    raise AssertionError(f"{game.name}: no end after {MAX_STEPS} actions (seed {seed})")


def check_invariants(game: Game[Any], state: Any, players: int) -> None:
    acting = game.to_act(state)
    outcome = game.outcome(state)
    assert (not acting) == (outcome is not None), "to_act is empty exactly when there is an outcome"
    for seat in range(players):
        legal = game.legal_actions(state, seat)
        if seat in acting:
            assert legal, f"seat {seat} must act but has no legal action"
            assert len(set(legal)) == len(legal), "legal actions are listed once each"
            assert all(len(a) <= MAX_ACTION_LENGTH for a in legal)
        else:
            assert legal == [], f"seat {seat} is not to act but has actions {legal}"
    dumped = game.dump(state)
    text = json.dumps(dumped)
    assert game.dump(game.load(json.loads(text))) == dumped, "load(dump(s)) round-trips"
    json.dumps(game.view(state, None))
    for seat in range(players):
        json.dumps(game.view(state, seat))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_game_declares_itself(name: str) -> None:
    game = GAMES[name]
    assert game.name == name
    assert game.title
    assert 1 <= game.min_players <= game.max_players


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", OPENING_SEEDS)
def test_every_step_of_an_opening_conforms(name: str, seed: int) -> None:
    game = GAMES[name]
    players = players_for(game, seed)
    ai_seats = set(range(players)) if seed % 3 == 0 else {seed % players}
    play_out(game, players, seed, ai_seats, steps=OPENING_STEPS)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", WHOLE_GAME_SEEDS)
def test_random_play_out_ends_and_conforms(name: str, seed: int) -> None:
    game = GAMES[name]
    state, _ = play_out(game, players_for(game, seed), seed, set(), check_every=CHECK_EVERY)
    outcome = game.outcome(state)
    assert outcome is not None
    assert_reason_is_told(name, outcome.reason)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", WHOLE_GAME_SEEDS)
def test_ai_only_game_ends(name: str, seed: int) -> None:
    game = GAMES[name]
    players = players_for(game, seed)
    state, _ = play_out(game, players, seed, set(range(players)), check_every=CHECK_EVERY)
    outcome = game.outcome(state)
    assert outcome is not None
    assert all(0 <= w < players for w in outcome.winners)
    assert_reason_is_told(name, outcome.reason)


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_ends_ai_only_games_at_every_player_count(name: str, level: str) -> None:
    """Every seat an AI of this level, one whole game per player count, within
    ``MAX_STEPS`` actions (the search's clock switched off: the same game on any machine).
    The normal level's games at the counts ``test_ai_only_game_ends`` plays are not played
    again."""
    game = GAMES[name]
    played = {players_for(game, seed) for seed in WHOLE_GAME_SEEDS}
    counts = [n for n in player_counts(game) if level != DEFAULT_LEVEL or n not in played]
    with deterministic():
        for players in counts:
            seats = set(range(players))
            state, _ = play_out(
                game, players, 100 + players, seats, check_every=CHECK_EVERY * 3, level=level
            )
            outcome = game.outcome(state)
            assert outcome is not None
            assert all(0 <= w < players for w in outcome.winners)


def assert_reason_is_told(game: str, reason: str) -> None:
    """An end reason is a key the board turns into words, in both languages."""
    for language in ("en", "fr"):
        tr = Tr(language)
        assert tr.has(f"{game}.reason.{reason}") or tr.has(f"reason.{reason}"), (language, reason)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_same_seed_and_actions_give_the_same_game(name: str) -> None:
    game = GAMES[name]
    players = game.min_players
    first, steps = play_out(game, players, 99, ai_seats={0}, steps=400, check_every=400)
    second, steps_again = play_out(game, players, 99, ai_seats={0}, steps=400, check_every=400)
    assert steps == steps_again
    assert game.dump(first) == game.dump(second)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_different_seeds_give_different_games(name: str) -> None:
    game = GAMES[name]
    dumps = {
        json.dumps(
            game.dump(play_out(game, game.min_players, s, set(), steps=60, check_every=60)[0])
        )
        for s in range(4)
    }
    assert len(dumps) > 1


GARBAGE = ["", "nonsense", "move", "move 99 99", "x" * 200, "enter -1", "🙂", "pass pass"]


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("seed", range(4))
def test_apply_refuses_what_legal_actions_does_not_list(name: str, seed: int) -> None:
    game = GAMES[name]
    rng = random.Random(seed)
    players = game.max_players
    state = game.new_state(players, seed)
    for _ in range(150):
        acting = game.to_act(state)
        if not acting:
            break
        before = game.dump(state)
        for seat in range(players):
            legal = set(game.legal_actions(state, seat))
            candidates = GARBAGE + [a for s in range(players) for a in game.legal_actions(state, s)]
            for action in candidates:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction):
                    game.apply(state, seat, action)
            with pytest.raises(IllegalAction):
                game.apply(state, players + 3, "anything")
        assert game.dump(state) == before, "a refused action leaves the state untouched"
        seat = rng.choice(sorted(acting))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


#: Seats a caller could pass by mistake: a bool (True is 1 to Python), out of range, not
#: an int at all.
BAD_SEATS: list[Any] = [True, False, -1, 99, 1.0, "0"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_bad_seat_is_refused_and_never_raises_another_error(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.min_players, 3)
    acting = min(game.to_act(state))
    action = game.legal_actions(state, acting)[0]
    before = game.dump(state)
    # A real-time game's own seat (SYSTEM_SEAT, -1) is one of its seats.
    bad_seats = [s for s in BAD_SEATS if not (clock_of(game) and type(s) is int and s == -1)]
    for bad in bad_seats:
        assert game.legal_actions(state, bad) == [], bad
        with pytest.raises(IllegalAction):
            game.apply(state, bad, action)
        with pytest.raises(IllegalAction):
            game.view(state, bad)
    assert game.dump(state) == before
    json.dumps(game.dump(game.apply(state, acting, action)))  # a good seat still plays


def _poke(value: Any) -> None:
    """Change every list and dict inside ``value`` (what a caller keeping a dump might do)."""
    if isinstance(value, list):
        for item in value:
            _poke(item)
        value.append("poked")
    elif isinstance(value, dict):
        for item in list(value.values()):
            _poke(item)
        value["poked"] = True


@pytest.mark.parametrize("name", GAME_NAMES)
def test_states_dumps_and_loads_share_nothing(name: str) -> None:
    """Applying an action leaves the state it was applied to as it was, and a dump can be
    changed afterwards without changing its state (``load`` may build a state of the very
    data it is given: the store reads each state afresh)."""
    game = GAMES[name]
    rng = random.Random(11)
    players = players_for(game, 1)
    state = game.new_state(players, 11)
    for _ in range(60):
        acting = game.to_act(state)
        if not acting:
            break
        seat = rng.choice(sorted(acting))
        before = json.dumps(game.dump(state), sort_keys=True)
        _poke(game.dump(state))
        assert json.dumps(game.dump(state), sort_keys=True) == before, "a dump shares nothing"
        following = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert json.dumps(game.dump(state), sort_keys=True) == before, "apply copies the state"
        state = following
