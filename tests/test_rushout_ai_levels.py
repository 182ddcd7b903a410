"""Rush Out!'s AI levels (``bot.games.rushout.levels``): each plays legal actions, easy and
hard never let a winning check or completion go, hard decides from what its seat sees and
the same way for a seed, and AI-only matches of every level end. Their strength is
measured with ``python -m bot balance rushout --sorcerer-level/--heroes-level`` (per camp,
against the normal level of the other camp; docs/ai.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.games.base import LEVELS, SeededRng
from bot.games.rushout import GAME, RushOutState, levels
from bot.games.rushout.actions import legal_now
from bot.games.rushout.state import LIVE, PLAY, arranged, clone
from bot.tools.rushout_live import level_policy, play_live

SORCERER, WARRIOR, TRACKER = 0, 1, 2
PLAIN_TRIALS = ["std04", "std05", "std02"]  # FF|ec, SPK|fe, KK|ea
PLAIN_SPELLS = ["confusion4", "confusion5", "confusion2"]  # ec fe|ec, pl ea|fe, ea ea|ea


def new(mode: str = "training1", players: int = 3, seed: int = 1) -> RushOutState:
    return GAME.new_state(players, seed, {"mode": mode})


def table(state: RushOutState, **changes: Any) -> RushOutState:
    changes.setdefault("trials", PLAIN_TRIALS)
    changes.setdefault("spells", PLAIN_SPELLS)
    return arranged(state, **changes)


def positions(mode: str, players: int, seed: int, every: int) -> list[tuple[RushOutState, int]]:
    """Every ``every``-th decision of a normal AI-only match at live pace with a choice."""
    found: list[tuple[RushOutState, int]] = []
    count = [0]

    def watch(state: RushOutState, seat: int, rng: random.Random) -> str:
        count[0] += 1
        if count[0] % every == 0 and len(legal_now(state, seat)) > 1:
            found.append((state, seat))
        return GAME.bot_action(state, seat, rng)

    play_live(players, seed, mode, dict.fromkeys(range(players), watch))
    return found


def searched(found: list[tuple[RushOutState, int]]) -> list[tuple[RushOutState, int]]:
    """The positions where hard weighs more than one action."""
    return [
        (state, seat)
        for state, seat in found
        if state.play == LIVE
        and state.phase == PLAY
        and len(
            levels.hard_candidates(state, seat, levels.normal_action(state, seat, random.Random(0)))
        )
        > 1
    ]


@pytest.fixture(scope="module")
def sample() -> list[tuple[RushOutState, int]]:
    return [*positions("training1", 3, 4, every=5), *positions("training2", 4, 5, every=10)]


# --- every level plays legal actions -------------------------------------------------------
def test_an_unknown_level_is_refused() -> None:
    state = new()
    with pytest.raises(ValueError, match="unknown AI level"):
        GAME.bot_action(state, SORCERER, random.Random(0), level="impossible")


def test_every_level_plays_a_legal_action_in_many_positions(
    sample: list[tuple[RushOutState, int]],
) -> None:
    assert len(sample) >= 25
    assert len(searched(sample)) >= 5  # hard really weighs actions in some of them
    for index, (state, seat) in enumerate(sample):
        legal = GAME.legal_actions(state, seat)
        for level in LEVELS:
            action = GAME.bot_action(state, seat, random.Random(index), level=level)
            assert action in legal, (level, index, action, legal)


def test_normal_is_the_engines_ai(sample: list[tuple[RushOutState, int]]) -> None:
    for state, seat in sample[:10]:
        rng = random.Random(3)
        assert GAME.bot_action(state, seat, rng) == levels.normal_action(
            state, seat, random.Random(3)
        )


# --- no level throws the game away ---------------------------------------------------------
def winning_positions() -> list[tuple[RushOutState, int, tuple[str, ...]]]:
    """(state, seat, the actions that win or save the round there), each with another
    placement at hand that fills as many slots or more."""
    heroes_last_card = table(
        new(),
        trials=["std04", "std11", "std02"],  # FF|ec, SSF|pl (F F S fills two of it), KK|ea
        fresh={WARRIOR: ["F", "F", "S"]},
        trial_deck=["std01"],
    )
    sorcerer_last_spell = table(
        new(), fresh={SORCERER: ["ea", "ea", "pl", "pl", "pl"]}, spell_deck=["confusion1"]
    )
    dragon = table(new("training2"), dragon=3, fresh={WARRIOR: ["J", "H", "P"]})
    checked = table(new("scenario3"), fresh={WARRIOR: ["F", "F", "S"]})
    checked.seats[WARRIOR].must_check = True
    return [
        (heroes_last_card, WARRIOR, ("place std04 0 1",)),
        # Either confusion completed reveals the last spell.
        (sorcerer_last_spell, SORCERER, ("place confusion2 0 1", "place confusion5 0 1")),
        (dragon, WARRIOR, ("place d 0 1 2",)),
        (checked, WARRIOR, ("check",)),
    ]


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_lets_a_winning_check_or_completion_go(level: str) -> None:
    for state, seat, wins in winning_positions():
        assert set(wins) <= set(GAME.legal_actions(state, seat))
        for seed in range(12):
            assert GAME.bot_action(state, seat, random.Random(seed), level=level) in wins


def test_the_winning_positions_win_or_save() -> None:
    (last_trial, _), (last_spell, _), (dragon, _) = [
        (GAME.apply(state, seat, actions[0]), seat)
        for state, seat, actions in winning_positions()[:3]
    ]
    assert last_trial.outcome is not None and SORCERER not in last_trial.outcome.winners
    assert last_spell.outcome is not None and last_spell.outcome.winners == (SORCERER,)
    assert dragon.dragon == 2


def test_easy_never_places_on_a_card_it_cannot_complete() -> None:
    # Two Keys: the KK card takes them; the SPK card would take one, and FF none.
    state = table(new(), fresh={TRACKER: ["K", "K", "H"]})
    for seed in range(20):
        action = levels.easy_action(state, TRACKER, random.Random(seed))
        assert action in GAME.legal_actions(state, TRACKER)
        after = GAME.apply(state, TRACKER, action)
        assert after.events  # an action that does something


# --- hard decides from what its seat sees, the same way for a seed ---------------------------
def scramble(state: RushOutState, rng: random.Random) -> RushOutState:
    """Both decks in another order, the dice to come reseeded: what no seat sees."""
    world = clone(state)
    rng.shuffle(world.trial_deck)
    rng.shuffle(world.spell_deck)
    world.rng = SeededRng(rng.getrandbits(63)).state
    return world


def test_hard_does_not_see_the_decks_order_nor_the_dice_to_come(
    sample: list[tuple[RushOutState, int]],
) -> None:
    weighed = searched(sample)[:4]
    changed = 0
    for index, (state, seat) in enumerate(weighed):
        scrambled = scramble(state, random.Random(index))
        assert GAME.view(scrambled, seat) == GAME.view(state, seat)
        changed += GAME.dump(scrambled) != GAME.dump(state)
        for level in ("easy", "hard"):
            chosen = GAME.bot_action(state, seat, random.Random(7), level=level)
            again = GAME.bot_action(scrambled, seat, random.Random(7), level=level)
            assert again == chosen, (level, index)
    assert changed


def test_hard_is_repeatable_with_a_seed(sample: list[tuple[RushOutState, int]]) -> None:
    for state, seat in searched(sample)[:3]:
        first = levels.hard_action(state, seat, random.Random(11))
        assert levels.hard_action(state, seat, random.Random(11)) == first


def test_a_play_out_never_reads_the_real_dice() -> None:
    state, seat = searched(positions("training1", 3, 4, every=9))[0]
    world = levels.determinize(state, seat, random.Random(1))
    assert world.rng != state.rng
    assert sorted(world.trial_deck) == sorted(state.trial_deck)
    end, _ = levels.playout(world, seat, "throw", 5.0, random.Random(2))
    assert end.clock > state.clock


# --- AI-only matches of every level end ------------------------------------------------------
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [3, 5])
def test_ai_only_matches_of_every_level_end(
    level: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A smaller budget for hard: the test is about ending, not strength.
    monkeypatch.setattr(levels, "HARD_PLAYOUTS", dict.fromkeys(range(3, 6), 2))
    monkeypatch.setattr(levels, "HARD_HORIZON", 2.5)
    policy = level_policy(level)
    state, result = play_live(
        players, 30 + players, "training2", dict.fromkeys(range(players), policy)
    )
    assert result is not None and GAME.outcome(state) is not None
