"""Ruship rule scenarios: docs/rules/ruship.md's worked examples, each Power, edge cases."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from bot.games.base import IllegalAction
from bot.games.ruship import ALIEN, GAME, HUMANITY, Faction, RushipState, position


def play(state: RushipState, seat: int, *actions: str) -> RushipState:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def legal(state: RushipState, seat: int = HUMANITY) -> set[str]:
    return set(GAME.legal_actions(state, seat))


def tokens(state: RushipState, faction: Faction) -> list[int]:
    return list(GAME.view(state, None)["tokens"][faction])


def event_types(state: RushipState) -> list[str]:
    return [event["type"] for event in GAME.view(state, None)["events"]]


def first_seed(
    predicate: Callable[[RushipState], bool], build: Callable[[int], RushipState]
) -> RushipState:
    """The first seeded position ``build`` gives that satisfies ``predicate``."""
    for seed in range(500):
        state = build(seed)
        if predicate(state):
            return state
    raise AssertionError("no seed gives that roll")


# --- worked examples -----------------------------------------------------------------------
def test_example_start_six_and_three_allows_the_three_listed_sequences() -> None:
    start = position(dice=(6, 3))
    assert tokens(play(start, HUMANITY, "enter 6", "enter 3"), "humanity") == [4, 7]
    assert tokens(play(start, HUMANITY, "enter 6", "move 7 3"), "humanity") == [10]
    assert tokens(play(start, HUMANITY, "enter 3", "move 4 6"), "humanity") == [10]


def test_example_ship_enters_then_captures_the_ufo_on_ten() -> None:
    state = play(position(alien=[10], dice=(6, 3)), HUMANITY, "enter 6")
    assert tokens(state, "humanity") == [7]
    state = play(state, HUMANITY, "move 7 3")
    view = GAME.view(state, None)
    assert view["tokens"] == {"humanity": [10], "alien": []}
    assert view["reserve"]["alien"] == 5
    assert {"type": "capture", "seat": HUMANITY, "at": 10, "owner": ALIEN} in view["events"]


def test_example_vortex_advances_on_a_one_then_a_ufo_enters_from_it() -> None:
    state = play(position(turn=ALIEN, dice=(1, 5)), ALIEN, "carrier")
    assert GAME.view(state, None)["vortex"] == 17
    state = play(state, ALIEN, "enter 5")
    assert tokens(state, "alien") == [12]


def test_example_entering_with_one_lands_beyond_a_vortex_next_to_the_mothership() -> None:
    assert tokens(play(position(dice=(1, 6)), HUMANITY, "enter 1"), "humanity") == [2]
    beside = position(vortex=2, dice=(1, 6))
    assert tokens(play(beside, HUMANITY, "enter 1"), "humanity") == [3]


def test_example_ship_reaching_the_alien_planet_attacks_and_goes_home() -> None:
    state = play(position(humanity=[15], dice=(4, 2)), HUMANITY, "move 15 4")
    view = GAME.view(state, None)
    assert view["attacks"] == {"humanity": 0, "alien": 1}
    assert view["tokens"]["humanity"] == []
    assert view["reserve"]["humanity"] == 5
    assert view["phase"] == "power"
    assert view["to_act"] == [ALIEN]


# --- landing ---------------------------------------------------------------------------------
def test_a_chain_of_carriers_is_jumped_to_the_next_free_space() -> None:
    state = position(humanity=[3], mothership=5, vortex=6, dice=(2, 4))
    state = play(state, HUMANITY, "move 3 2")
    assert tokens(state, "humanity") == [7]
    assert GAME.view(state, None)["events"][0]["bumped"] is True


def test_a_space_held_by_your_own_token_is_blocked() -> None:
    state = position(humanity=[7], dice=(6, 3))
    assert "enter 6" not in legal(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, HUMANITY, "enter 6")


def test_attack_needs_no_exact_landing() -> None:
    state = play(position(humanity=[14], dice=(6, 1)), HUMANITY, "move 14 6")
    assert GAME.view(state, None)["attacks"]["alien"] == 1


def test_a_carrier_advances_only_into_an_empty_space() -> None:
    assert "carrier" not in legal(position(humanity=[2], dice=(1, 3)))
    assert "carrier" not in legal(position(alien=[2], dice=(1, 3)))
    assert "carrier" not in legal(position(vortex=2, dice=(1, 3)))
    assert "carrier" in legal(position(dice=(1, 3)))


def test_only_a_die_showing_one_advances_a_carrier() -> None:
    assert not any(action == "carrier" for action in legal(position(dice=(2, 3))))


# --- must use both dice ----------------------------------------------------------------------
def blocked_entry(
    humanity: list[int],
    dice: tuple[int, int],
    attacks: tuple[int, int] = (0, 0),
    humanity_powers: tuple[str, ...] = (),
) -> RushipState:
    """Alien pairs on 3 and 4 stop Humanity entering with a 2 or a 3."""
    return position(
        humanity=humanity,
        alien=[3, 3, 4, 4],
        alien_powers=["stack"],
        dice=dice,
        attacks=attacks,
        humanity_powers=humanity_powers,
    )


def test_when_both_dice_can_be_used_a_first_move_must_leave_the_second_usable() -> None:
    state = blocked_entry([15], (2, 3))
    # Attacking with the 3 first would send the ship home, where the 2 cannot enter.
    assert legal(state) == {"move 15 2"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, HUMANITY, "move 15 3")
    assert refused.value.key == "must_use_both_dice"
    state = play(state, HUMANITY, "move 15 2", "move 17 3")
    assert GAME.view(state, None)["attacks"]["alien"] == 1


def test_when_only_one_die_can_be_used_either_one_may_be() -> None:
    state = blocked_entry([16], (2, 3))
    assert legal(state) == {"move 16 2", "move 16 3"}
    state = play(state, HUMANITY, "move 16 3")
    state = play(state, ALIEN, "power reroll")
    view = GAME.view(state, None)
    assert {"type": "no_move", "seat": HUMANITY, "dice": [2]} in view["events"]
    assert view["turn"] == ALIEN
    assert view["phase"] == "roll"


def test_when_no_die_can_be_used_the_turn_passes() -> None:
    def rolled(seed: int) -> RushipState:
        start = position(alien=[3, 3, 4, 4], alien_powers=["stack"], seed=seed)
        return play(start, HUMANITY, "roll")

    state = first_seed(lambda s: "no_move" in event_types(s), rolled)
    view = GAME.view(state, None)
    assert set(view["events"][0]["dice"]) <= {2, 3}
    assert view["turn"] == ALIEN
    assert view["phase"] == "roll"
    assert view["tokens"]["humanity"] == []


# --- attacks and the end -----------------------------------------------------------------------
def test_the_defender_chooses_a_power_then_the_attacker_finishes_the_turn() -> None:
    state = play(position(humanity=[15], dice=(4, 2)), HUMANITY, "move 15 4")
    assert GAME.to_act(state) == frozenset({ALIEN})
    assert GAME.legal_actions(state, HUMANITY) == []
    assert legal(state, ALIEN) == {f"power {p}" for p in GAME.view(state, None)["power_pool"]}
    with pytest.raises(IllegalAction):
        GAME.apply(state, HUMANITY, "enter 2")
    state = play(state, ALIEN, "power plusone")
    view = GAME.view(state, None)
    assert view["powers"]["alien"] == ["plusone"]
    assert "plusone" not in view["power_pool"]
    assert view["to_act"] == [HUMANITY]
    assert "enter 2" in legal(state)


def test_the_third_attack_ends_the_game_at_once_with_a_die_left() -> None:
    state = position(humanity=[16], dice=(3, 5), attacks=(0, 2), alien_powers=["reroll", "stack"])
    state = play(state, HUMANITY, "move 16 3")
    view = GAME.view(state, None)
    assert view["outcome"] == {"winners": [HUMANITY], "reason": "third_attack"}
    assert view["dice_used"] == [True, False]
    assert view["powers"]["alien"] == ["reroll", "stack"]  # the third Power is never taken
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, ALIEN) == []


def test_a_winning_attack_is_allowed_even_if_it_leaves_the_other_die_unused() -> None:
    state = blocked_entry([15], (2, 3), attacks=(0, 2))
    assert "move 15 3" in legal(state)


# --- powers ----------------------------------------------------------------------------------
def test_reroll_once_per_turn_only_before_either_die_is_used() -> None:
    """The ruling's order: roll, reroll, use the dice."""
    state = position(humanity_powers=["reroll"], dice=(6, 3))
    assert {"reroll 1", "reroll 2"} <= legal(state)
    used_one = play(state, HUMANITY, "enter 6")
    assert not any(action.startswith("reroll") for action in legal(used_one))
    state = play(state, HUMANITY, "reroll 2")
    view = GAME.view(state, None)
    assert view["dice"][0] == 6
    assert view["reroll_used"] is True
    assert not any(action.startswith("reroll") for action in legal(state))
    assert "reroll 2" not in legal(position(dice=(6, 3)))  # nobody else may


def test_reroll_is_never_forced_with_no_usable_die_the_turn_passes() -> None:
    def build(seed: int) -> RushipState:
        start = position(
            alien=[3, 3, 4, 4], alien_powers=["stack"], humanity_powers=["reroll"], seed=seed
        )
        return play(start, HUMANITY, "roll")

    def stuck(state: RushipState) -> bool:
        rolled = next(e for e in state.events if e["type"] == "roll")
        return set(rolled["dice"]) <= {2, 3}  # both entries blocked by the pairs on 3 and 4

    state = first_seed(stuck, build)
    assert GAME.to_act(state) == frozenset({ALIEN})
    assert "no_move" in event_types(state)


def test_plus_one_adds_one_to_a_die_if_wanted_and_a_one_still_moves_the_carrier() -> None:
    state = position(humanity_powers=["plusone"], dice=(3, 1))
    assert {"enter 3", "enter 3+", "enter 1", "enter 1+", "carrier"} <= legal(state)
    moved = play(state, HUMANITY, "enter 3+")
    assert tokens(moved, "humanity") == [5]
    assert GAME.view(moved, None)["plus_one_used"] == [True, False]


def test_plus_one_counts_a_die_usable_when_only_its_plus_one_use_is_legal() -> None:
    state = blocked_entry([15], (2, 3), humanity_powers=("plusone",))
    # After an attack the ship is home; the 3 can still enter at 3 + 1 = 5, the 2 cannot.
    assert "move 15 2+" in legal(state)
    assert "move 15 3" not in legal(state)
    assert "move 15 3+" not in legal(state)
    state = play(state, HUMANITY, "move 15 2+")
    state = play(state, ALIEN, "power reroll")
    assert legal(state) == {"enter 3+"}


def test_single_die_is_chosen_before_rolling_and_allows_one_move() -> None:
    start = position(humanity_powers=["single"])
    assert legal(start) == {"roll", "roll one"}
    state = play(start, HUMANITY, "roll one")
    view = GAME.view(state, None)
    assert len(view["dice"]) == 1
    assert view["single_die"] is True
    state = play(state, HUMANITY, sorted(legal(state))[0])
    assert GAME.view(state, None)["turn"] == ALIEN


def test_single_die_captures_every_lone_token_it_passes_but_not_a_protected_pair() -> None:
    state = position(
        humanity=[3],
        alien=[5, 6, 6, 8],
        alien_powers=["stack"],
        humanity_powers=["single"],
        dice=(5,),
    )
    state = play(state, HUMANITY, "move 3 5")
    assert tokens(state, "alien") == [6, 6]
    assert GAME.view(state, None)["moves_this_turn"] == []  # the turn has passed
    assert GAME.view(state, None)["last_turn_moves"][0]["captured"] == [5, 8]


def test_single_die_entering_counts_from_the_carrier() -> None:
    state = position(alien=[3, 4], humanity_powers=["single"], mothership=2, dice=(3,))
    state = play(state, HUMANITY, "enter 3")
    assert tokens(state, "humanity") == [5]
    assert tokens(state, "alien") == []


def test_backward_moves_toward_home_and_captures_but_entering_is_forward() -> None:
    state = position(humanity=[10], alien=[6], humanity_powers=["backward"], dice=(4, 6))
    assert {"back 10 4", "back 10 6", "move 10 4"} <= legal(state)
    assert not any(action.startswith("back") and len(action.split()) < 3 for action in legal(state))
    state = play(state, HUMANITY, "back 10 4")
    assert tokens(state, "humanity") == [6]
    assert tokens(state, "alien") == []


def test_backward_never_reaches_or_passes_your_own_planet() -> None:
    home = position(humanity=[3], humanity_powers=["backward"], dice=(2, 3))
    # 3 - 2 lands on the Mothership and would be pushed on to Earth; 3 - 3 is Earth itself.
    assert not any(action.startswith("back") for action in legal(home))
    advanced = position(humanity=[3], humanity_powers=["backward"], mothership=5, dice=(2, 3))
    assert "back 3 2" in legal(advanced)
    assert "back 3 3" not in legal(advanced)
    alien = position(turn=ALIEN, alien=[16], alien_powers=["backward"], dice=(2, 3))
    assert not any(action.startswith("back") for action in legal(alien, ALIEN))


def test_stack_allows_a_pair_which_cannot_be_captured() -> None:
    state = position(humanity=[7], humanity_powers=["stack"], dice=(6, 6))
    state = play(state, HUMANITY, "enter 6")
    assert tokens(state, "humanity") == [7, 7]
    assert "enter 6" not in legal(state)  # never three
    attacker = position(
        turn=ALIEN, humanity=[7, 7, 9], alien=[10], humanity_powers=["stack"], dice=(3, 1)
    )
    assert "move 10 3" not in legal(attacker, ALIEN)
    assert "move 10 1" in legal(attacker, ALIEN)  # a lone token can still be taken


def test_single_die_cannot_capture_a_stacked_pair_it_passes() -> None:
    state = position(
        turn=ALIEN,
        humanity=[7, 7],
        alien=[10],
        humanity_powers=["stack"],
        alien_powers=["single"],
        dice=(5,),
    )
    state = play(state, ALIEN, "move 10 5")
    assert tokens(state, "humanity") == [7, 7]
    assert tokens(state, "alien") == [5]


# --- the start -------------------------------------------------------------------------------
def test_the_start_roll_is_rerolled_on_ties_and_the_higher_die_plays_first() -> None:
    tied = next(
        GAME.new_state(2, seed)
        for seed in range(500)
        if len(GAME.new_state(2, seed).start_rolls) > 1
    )
    rolls = GAME.view(tied, None)["start_rolls"]
    assert all(h == a for h, a in rolls[:-1])
    human, alien = rolls[-1]
    assert human != alien
    expected_first = HUMANITY if human > alien else ALIEN
    assert GAME.view(tied, None)["first_player"] == expected_first
    assert GAME.to_act(tied) == frozenset({expected_first})
    assert GAME.legal_actions(tied, expected_first) == ["roll"]


def test_the_same_seed_gives_the_same_start() -> None:
    assert GAME.dump(GAME.new_state(2, 1234)) == GAME.dump(GAME.new_state(2, 1234))


# --- views, dump, AI -------------------------------------------------------------------------
def test_public_view_follows_the_agreed_schema() -> None:
    state = play(position(humanity=[7], humanity_powers=["stack"], dice=(6, 2)), 0, "enter 6")
    view = GAME.view(state, None)
    schema_keys = (
        "game factions first_player start_rolls turn phase to_act mothership vortex tokens "
        "reserve powers power_pool attacks dice dice_used plus_one_used reroll_used single_die "
        "moves_this_turn last_turn_moves events outcome"
    )
    for key in schema_keys.split():
        assert key in view
    assert view["tokens"]["humanity"] == [7, 7]
    assert view["moves_this_turn"] == [
        {"seat": 0, "kind": "enter", "from": None, "to": 7, "captured": [], "carrier": 1}
    ]
    assert GAME.view(state, ALIEN) == view
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state


def test_an_entry_records_where_the_carrier_stood_when_the_token_entered() -> None:
    state = position(dice=(1, 5))
    state = play(state, HUMANITY, "enter 5", "carrier")  # enter from 1, then the MS to 2
    moves = GAME.view(state, None)["last_turn_moves"]
    assert moves[0]["kind"] == "enter" and moves[0]["carrier"] == 1
    assert GAME.view(state, None)["mothership"] == 2


def test_the_ai_takes_a_winning_attack() -> None:
    state = position(humanity=[5, 16], alien=[8], dice=(3, 2), attacks=(0, 2))
    assert GAME.bot_action(state, HUMANITY, random.Random(0)) in {"move 16 3", "move 16 2"}


def test_the_ai_captures_a_token_within_reach() -> None:
    state = position(humanity=[4], alien=[9], dice=(5, 6))
    state = play(state, HUMANITY, GAME.bot_action(state, HUMANITY, random.Random(0)))
    state = play(state, HUMANITY, GAME.bot_action(state, HUMANITY, random.Random(0)))
    assert (
        9
        in GAME.view(state, None)["last_turn_moves"][0]["captured"]
        + (GAME.view(state, None)["last_turn_moves"][1]["captured"])
    )
