"""Rush Out! rulings (docs/rules/rushout.md), one test per rule or example.

Seats in a 3-player match: 0 the sorcerer, 1 the Warrior (skill S, green), 2 the Tracker
(skill P, brown); a 4th seat is the Bard (K), a 5th the Cleric (H).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any, cast

import pytest

from bot.games import GAMES
from bot.games.base import SYSTEM_SEAT, IllegalAction, SeededRng
from bot.games.rushout import GAME, Play, RushOutState, arranged, committed_target
from bot.games.rushout.data import CARDS, MODES, SCROLLS, SOULS
from bot.games.rushout.rules import choose_pools
from bot.games.rushout.state import locate
from bot.games.rushout.views import CardView, RushOutPublicView

SORCERER, WARRIOR, TRACKER, BARD = 0, 1, 2, 3
#: Cards whose pennants are ec, fe and ea: no pl, ai Joker target unless a test adds one.
PLAIN_TRIALS = ["std04", "std05", "std02"]  # FF|ec, SPK|fe, KK|ea
PLAIN_SPELLS = ["confusion4", "confusion5", "confusion2"]  # ec fe|ec, pl ea|fe, ea ea|ea


def new(mode: str = "training1", players: int = 3, seed: int = 1, **options: Any) -> RushOutState:
    return GAME.new_state(players, seed, {"mode": mode, **options})


def table(state: RushOutState, **changes: Any) -> RushOutState:
    """The state with known cards face up (no Joker-friendly pennant) and the given changes."""
    changes.setdefault("trials", PLAIN_TRIALS)
    changes.setdefault("spells", PLAIN_SPELLS)
    return arranged(state, **changes)


def refusal(state: RushOutState, seat: int, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    return caught.value


def play(state: RushOutState, seat: int, *actions: str) -> RushOutState:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def event_types(state: RushOutState) -> list[str]:
    return [event["type"] for event in state.events]


def card_at(state: RushOutState, area: str, index: int) -> str | None:
    cards = state.trials if area == "t" else state.spells
    found = cards[index]
    return None if found is None else found.card


# --- setup -----------------------------------------------------------------------------
@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_mode_sets_up_its_decks_and_tokens(mode: str, players: int) -> None:
    rules = MODES[mode]
    state = new(mode, players, seed=players)
    spells = [CARDS[card].kind for card in state.spell_pool]
    assert Counter(spells) == dict(rules.spells)
    trials = [CARDS[card] for card in state.trial_pool]
    assert {card.kind for card in trials} == set(rules.trials)
    assert all(card.players <= players for card in trials)
    assert all(CARDS[play.card].kind == "standard" for play in state.trials if play)
    assert len(state.trial_deck) + 3 == len(state.trial_pool)
    assert len(state.spell_deck) + 3 == len(state.spell_pool)
    view = GAME.view(state, None)
    assert (view["dragon"] is not None) == rules.dragon
    assert (view["souls"] is not None) == rules.souls
    assert view["lives"] == ({3: 4, 4: 5, 5: 6}[players] if rules.lives else None)
    assert (view["trophies"] is not None) == rules.rounds
    assert (view["market"] is not None) == rules.gold
    assert view["sorcerer"]["seat"] == 0
    assert [hero["hero"] for hero in view["heroes"]] == [
        "warrior",
        "tracker",
        "bard",
        "cleric",
    ][: players - 1]


def test_standard_cards_marked_above_the_player_count_are_left_out() -> None:
    three = new(players=3)
    five = new(players=5)
    assert len(three.trial_pool) == 12
    assert len(new(players=4).trial_pool) == 16
    assert len(five.trial_pool) == 20


def test_a_random_sorcerer_seat_is_drawn_from_the_seed() -> None:
    seats = {new(seed=seed, sorcerer="random").sorcerer for seed in range(30)}
    assert seats == {0, 1, 2}
    assert new(seed=7, sorcerer="random").sorcerer == new(seed=7, sorcerer="random").sorcerer


def test_the_handicap_sets_two_trial_cards_aside() -> None:
    assert len(new(handicap=True).trial_pool) == len(new().trial_pool) - 2


def test_the_first_three_trials_are_standard_even_with_gold_and_confrontation() -> None:
    for seed in range(40):
        state = new("scenario6", 5, seed=seed)
        assert all(CARDS[play.card].kind == "standard" for play in state.trials if play)
        kinds = Counter(CARDS[card].kind for card in state.trial_deck)
        assert kinds["gold"] == 4 and kinds["confrontation"] == 5


# --- throwing and placing ----------------------------------------------------------------
def test_heroes_wait_for_the_sorcerers_first_throw() -> None:
    state = new()
    assert GAME.to_act(state) == {SORCERER}
    assert refusal(state, WARRIOR, "throw").key == "not_started"
    state = play(state, SORCERER, "throw")
    assert GAME.to_act(state) == {0, 1, 2}
    state = play(state, WARRIOR, "throw")
    assert len(state.seats[WARRIOR].fresh) == 3


def test_a_throw_rethrows_every_die_not_on_a_card() -> None:
    state = table(new(), fresh={WARRIOR: ["S", "P", "F"]})
    state = play(state, WARRIOR, "place std05 0 1", "throw")  # S P on SPK: one die to throw
    assert len(state.seats[WARRIOR].fresh) == 1
    assert state.events[0] == {"type": "threw", "seat": WARRIOR, "faces": state.seats[1].fresh}


def test_one_placement_per_throw_and_leftover_dice_wait() -> None:
    state = table(new(), fresh={WARRIOR: ["S", "K", "K"]})
    state = play(state, WARRIOR, "place std05 0")  # S on SPK
    assert state.seats[WARRIOR].fresh == []
    assert "place std02 0 1" not in GAME.legal_actions(state, WARRIOR)


def test_a_hero_joker_counts_as_his_skill_symbol_only() -> None:
    state = table(new(), fresh={WARRIOR: ["J", "J", "J"], TRACKER: ["J", "J", "J"]})
    warrior = GAME.legal_actions(state, WARRIOR)
    tracker = GAME.legal_actions(state, TRACKER)
    assert "place std05 0" in warrior and "place std05 1" not in warrior  # S of SPK
    assert "place std05 1" in tracker and "place std05 0" not in tracker  # P of SPK
    assert not any(action.startswith("place std04") for action in warrior)  # FF


def test_a_sorcerer_joker_counts_as_any_visible_pennant_only() -> None:
    # pennants: ec, fe, ea on the trials; pl, fe, ea on the spells - no ai anywhere
    state = table(new(), spells=["confusion6", "confusion5", "confusion2"])  # ec ec ai | pl
    state = arranged(state, fresh={SORCERER: ["J", "J", "fe", "fe", "fe"]})
    legal = GAME.legal_actions(state, SORCERER)
    assert "place confusion6 0 1" in legal  # two Jokers as Lightning
    assert "place confusion6 2" not in legal  # no Air pennant
    assert "place confusion6 0 2" not in legal
    assert "place confusion2 0 1" in legal  # Water: the pennant of two cards, used twice


def test_a_joker_already_placed_stays_when_its_pennant_leaves() -> None:
    trials = ["std03", "std05", "std02"]  # PP with the only Air pennant
    state = table(new(), trials=trials, spells=["confusion6", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["J", "pl", "pl", "pl", "pl"]})
    state = play(state, SORCERER, "place confusion6 2")  # a Joker as Air
    state = arranged(state, fresh={TRACKER: ["P", "P", "K"]}, trial_deck=["std06", "std01"])
    state = play(state, TRACKER, "place std03 0 1")
    assert "ai" not in GAME.view(state, None)["pennants"]
    assert cast(CardView, GAME.view(state, None)["spells"][0])["sorcerer_slots"][2] == {
        "symbol": "ai",
        "seat": SORCERER,
        "face": "J",
    }


def test_a_card_never_holds_more_than_two_hero_colours() -> None:
    state = table(new(players=4), fresh={WARRIOR: ["S", "S", "S"], TRACKER: ["P", "P", "P"]})
    state = arranged(state, trials=["std10", "std05", "std02"])  # SSFP
    state = play(state, WARRIOR, "place std10 0")
    state = play(state, TRACKER, "place std10 3")
    state = arranged(state, fresh={BARD: ["S", "F", "K"]})
    assert not any(a.startswith("place std10") for a in GAME.legal_actions(state, BARD))
    assert refusal(state, BARD, "place std10 1").key == "bad_placement"


def test_a_hero_has_dice_on_one_card_only_and_recalls_them() -> None:
    state = table(new(), fresh={WARRIOR: ["F", "K", "K"]})
    state = play(state, WARRIOR, "place std04 0")
    state = arranged(state, fresh={WARRIOR: ["K", "K"]})
    legal = GAME.legal_actions(state, WARRIOR)
    assert legal == ["throw", "recall"]  # KK cannot go on the card holding his die
    state = play(state, WARRIOR, "recall")
    assert committed_target(state, WARRIOR) is None
    # the fresh dice, not the recalled
    assert "place std02 0 1" in GAME.legal_actions(state, WARRIOR)


def test_a_hero_may_recall_one_die_and_it_waits_for_the_next_throw() -> None:
    state = table(new(), fresh={WARRIOR: ["S", "P", "F"]})
    state = play(state, WARRIOR, "place std05 0 1")  # S P on SPK
    assert {"recall", "recall 0", "recall 1"} <= set(GAME.legal_actions(state, WARRIOR))
    state = play(state, WARRIOR, "recall 1")
    card = state.trials[1]
    assert card is not None and [die and die.face for die in card.hero] == ["S", None, None]
    state = play(state, WARRIOR, "throw")
    assert len(state.seats[WARRIOR].fresh) == 2


def test_completing_a_trial_discards_it_reveals_the_next_and_frees_the_dice() -> None:
    state = table(new(), fresh={WARRIOR: ["F", "F", "S"]}, trial_deck=["std01", "std03"])
    state = play(state, WARRIOR, "place std04 0 1")
    assert card_at(state, "t", 0) == "std03"
    assert committed_target(state, WARRIOR) is None
    assert "completed" in event_types(state) and "revealed" in event_types(state)
    assert GAME.legal_actions(state, WARRIOR)[0] == "throw"


def test_revealing_the_last_trial_card_wins_for_the_heroes() -> None:
    state = table(new(), fresh={WARRIOR: ["F", "F", "S"]}, trial_deck=["std01"])
    state = play(state, WARRIOR, "place std04 0 1")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (WARRIOR, TRACKER)
    assert GAME.to_act(state) == frozenset()


def test_revealing_the_last_spell_wins_for_the_sorcerer() -> None:
    state = table(
        new(), fresh={SORCERER: ["ea", "ea", "pl", "pl", "pl"]}, spell_deck=["confusion1"]
    )
    state = play(state, SORCERER, "place confusion2 0 1")  # ea ea: confusion with nothing to push
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (SORCERER,)
    assert outcome.reason == "last_spell"


# --- spells ------------------------------------------------------------------------------
def test_confusion_pushes_one_hero_die_of_the_sorcerers_choice() -> None:
    state = table(new(), fresh={WARRIOR: ["S", "P", "F"], TRACKER: ["K", "K", "F"]})
    state = play(state, WARRIOR, "place std05 0 1")  # S P on SPK
    state = play(state, TRACKER, "place std02 0")  # K on KK
    state = arranged(state, fresh={SORCERER: ["pl", "ea", "ai", "ai", "ai"]})
    state = play(state, SORCERER, "place confusion5 0 1")  # confusion5: push one die
    choices = GAME.legal_actions(state, SORCERER)
    assert sorted(choices) == ["push std02 0", "push std05 0", "push std05 1"]
    assert GAME.view(state, SORCERER)["me"]["choices"] == choices
    assert refusal(state, SORCERER, "throw").key == "choose_first"
    state = play(state, SORCERER, "push std05 1")
    assert state.trials[1] is not None and state.trials[1].hero[1] is None
    assert state.trials[1].hero[0] is not None
    assert card_at(state, "s", 1) != "confusion5"  # refilled after the choice


def test_confusion_pushes_all_hero_dice_of_one_card() -> None:
    state = table(new(), fresh={WARRIOR: ["S", "P", "F"], TRACKER: ["P", "K", "F"]})
    state = arranged(state, spells=["confusion6", "confusion5", "confusion2"])  # ec ec ai
    state = play(state, WARRIOR, "place std05 0")
    state = play(state, TRACKER, "place std05 1")
    state = arranged(state, fresh={SORCERER: ["ec", "ec", "ai", "pl", "pl"]})
    state = play(state, SORCERER, "place confusion6 0 1 2")  # one card with hero dice: no choice
    assert state.trials[1] is not None and state.trials[1].hero == [None, None, None]
    assert "pushed" in event_types(state)


def test_a_completed_card_cannot_be_pushed() -> None:
    state = table(new(), fresh={WARRIOR: ["F", "F", "S"]}, trial_deck=["std01", "std03"])
    state = play(state, WARRIOR, "place std04 0 1")
    state = arranged(state, fresh={SORCERER: ["pl", "ea", "ai", "ai", "ai"]})
    state = play(state, SORCERER, "place confusion5 0 1")
    assert state.pending is None  # nothing left to push: the spell fizzles


def test_invocation_goes_on_top_of_the_heroes_deck_and_is_played_as_a_trial() -> None:
    state = table(new(), spells=["invocation1", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["pl", "pl", "ai", "ai", "ai"]})
    state = arranged(state, trial_deck=["std01", "std03"])
    state = play(state, SORCERER, "place invocation1 0 1")
    assert state.trial_deck[-1] == "invocation1"
    state = arranged(state, fresh={WARRIOR: ["F", "F", "S"]})
    state = play(state, WARRIOR, "place std04 0 1")
    assert card_at(state, "t", 0) == "invocation1"
    panel = GAME.view(arranged(state, fresh={WARRIOR: ["S", "S", "P"]}), WARRIOR)["me"]
    whole_card = {
        "action": "place invocation1 0 1 2",
        "target": "t0",
        "card": "invocation1",
        "slots": [0, 1, 2],
        "symbols": ["S", "S", "P"],
        "faces": ["S", "S", "P"],
    }
    assert whole_card in panel["placements"]


def test_dracology_moves_the_dragon_and_it_blocks_the_card_under_it() -> None:
    state = table(new("training2"), spells=["dracology1", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["pl", "ai", "ea", "ea", "ea"]})
    state = play(state, SORCERER, "place dracology1 0 1")
    assert state.dragon == 1
    state = arranged(state, fresh={WARRIOR: ["F", "F", "K"]}, trial_deck=["std01", "std03"])
    state = play(state, WARRIOR, "place std04 0 1")  # FF full, but under the dragon
    assert card_at(state, "t", 0) == "std04"
    assert cast(CardView, GAME.view(state, None)["trials"][0])["dragon"] is True
    assert "completed" not in event_types(state)


def test_dracology_two_steps_and_the_dragon_reaching_the_deck_wins() -> None:
    state = table(new("training2"), spells=["dracology7", "confusion5", "confusion2"])
    state = arranged(state, dragon=2, fresh={SORCERER: ["pl", "ea", "ai", "ec", "fe"]})
    state = play(state, SORCERER, "place dracology7 0 1 2 3 4")
    assert state.dragon == 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (SORCERER,)
    assert outcome.reason == "dragon"


def test_a_pennant_under_the_dragon_still_serves_the_sorcerer() -> None:
    # The text's example: the red pennant of the card under the dragon completes dracology.
    trials = ["std04", "std05", "std08"]  # the dragon sits on std08, pennant ai
    spells = ["dracology1", "confusion5", "confusion2"]  # pl ai | pl, and no other ai pennant
    state = table(new("training2"), trials=trials, spells=spells, dragon=3)
    state = arranged(state, fresh={SORCERER: ["pl", "J", "ea", "ea", "ea"]})
    state = play(state, SORCERER, "place dracology1 0 1")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (SORCERER,)


def test_the_dragon_tile_takes_raw_jokers_of_two_heroes_and_pushes_the_dragon_back() -> None:
    state = table(new("training2", players=4), dragon=2)  # the tile: J J J with 4 players
    state = arranged(state, fresh={WARRIOR: ["J", "S", "S"], TRACKER: ["J", "S", "S"]})
    state = play(state, WARRIOR, "place d 0")
    state = play(state, TRACKER, "place d 1")
    state = arranged(state, fresh={BARD: ["H", "J", "J"]})
    assert not any(a.startswith("place d") for a in GAME.legal_actions(state, BARD))
    assert state.dragon == 2
    state = arranged(state, fresh={TRACKER: ["P", "K"]})  # no Joker: nothing for a J slot
    assert not any(a.startswith("place d") for a in GAME.legal_actions(state, TRACKER))
    state = arranged(state, fresh={TRACKER: ["J", "K"]})
    state = play(state, TRACKER, "place d 2")
    assert state.dragon == 1
    assert state.dragon_tile is not None and state.dragon_tile.hero == [None] * 3
    state = arranged(state, fresh={WARRIOR: ["S", "S", "S"]})  # only raw Jokers on a J
    assert not any(a.startswith("place d") for a in GAME.legal_actions(state, WARRIOR))


def test_a_full_card_completes_when_the_dragon_leaves_it() -> None:
    state = table(new("training2"), dragon=1, trial_deck=["std01", "std03"])
    state = arranged(state, fresh={WARRIOR: ["F", "F", "K"]})
    state = play(state, WARRIOR, "place std04 0 1")
    state = arranged(state, fresh={TRACKER: ["J", "H", "P"]})  # the tile: J H P with 3 players
    state = play(state, TRACKER, "place d 0 1 2")
    assert state.dragon == 0
    assert card_at(state, "t", 0) == "std03"


def test_dissipation_whirlwind_condemns_a_die_until_completed() -> None:
    state = table(new("scenario1"), spells=["dissipation1", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["ai", "ai", "ec", "pl", "pl"]})
    state = play(state, SORCERER, "place dissipation1 0 1 2")
    assert sorted(GAME.legal_actions(state, SORCERER)) == ["aim 1", "aim 2"]
    state = play(state, SORCERER, "aim 1")
    state = play(state, WARRIOR, "throw")
    assert len(state.seats[WARRIOR].fresh) == 2
    assert GAME.view(state, None)["heroes"][0]["dice"]["condemned"] == 1
    state = arranged(state, fresh={TRACKER: ["K", "P", "F"]})
    state = play(state, TRACKER, "place dissipation1 0 1")  # K P cancels it
    assert state.hexes == []
    state = play(state, WARRIOR, "throw")
    assert len(state.seats[WARRIOR].fresh) == 3


def test_a_whirlwind_takes_back_a_placed_die_when_all_three_are_placed() -> None:
    state = table(new("scenario1"), spells=["dissipation2", "confusion5", "confusion2"])
    state = arranged(state, trials=["std10", "std05", "std02"], fresh={WARRIOR: ["S", "S", "F"]})
    state = play(state, WARRIOR, "place std10 0 1 2")
    state = arranged(state, fresh={SORCERER: ["pl", "pl", "fe", "ai", "ai"]})
    state = play(state, SORCERER, "place dissipation2 0 1 2")
    # The ruling: the sorcerer chooses which of the three dice comes back ("au choix").
    assert sorted(GAME.legal_actions(state, SORCERER)) == [
        "aim 1 std10 0",
        "aim 1 std10 1",
        "aim 1 std10 2",
        "aim 2",
    ]
    state = play(state, SORCERER, "aim 1 std10 2")
    assert GAME.view(state, None)["heroes"][0]["dice"]["placed"] == 2
    found = locate(state, "std10")
    assert found is not None
    assert [die.face if die else None for die in found[1].hero] == ["S", "S", None, None]
    assert {"type": "taken_back", "seat": WARRIOR, "face": "F"} in state.events


def test_dissipation_forbids_a_symbol_to_its_hero_only() -> None:
    state = table(new("scenario1"), spells=["dissipation3", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["ea", "ea", "pl", "ai", "ai"]})
    state = play(state, SORCERER, "place dissipation3 0 1 2", "aim 1")  # no Fire for the Warrior
    state = arranged(state, fresh={WARRIOR: ["F", "F", "S"], TRACKER: ["F", "F", "P"]})
    assert not any(a.startswith("place std04") for a in GAME.legal_actions(state, WARRIOR))
    assert "place std04 0 1" in GAME.legal_actions(state, TRACKER)


def test_silence_lets_the_sorcerer_discard_his_top_card_per_hero_message() -> None:
    spell_deck = ["confusion1", "confusion3", "confusion6"]
    state = table(new("scenario3"), hexes=[("curse1", None)], spell_deck=spell_deck)
    assert GAME.view(state, None)["curses"]["silence"] == 1
    assert "spoke 1" in GAME.legal_actions(state, SYSTEM_SEAT)
    state = GAME.apply(state, SYSTEM_SEAT, "spoke 1")
    assert state.spell_deck == ["confusion1", "confusion3"]
    assert state.events == [
        {"type": "spoke", "seat": 1},
        {"type": "discarded_top", "camp": "sorcerer", "why": "silence"},
    ]
    quiet = table(new("scenario3"))
    assert GAME.legal_actions(quiet, SYSTEM_SEAT) == []


def test_one_hand_allows_one_die_per_placement() -> None:
    state = table(new("scenario3"), hexes=[("curse3", None)], fresh={WARRIOR: ["F", "F", "S"]})
    legal = GAME.legal_actions(state, WARRIOR)
    assert "place std04 0" in legal and "place std04 0 1" not in legal
    assert "place std04 1" not in legal  # the same symbol: the lowest free slot is listed


def test_high_five_needs_a_check_before_throwing_again() -> None:
    state = table(new("scenario3"), hexes=[("curse5", None)], trial_deck=["std01", "std03"])
    state = arranged(state, fresh={WARRIOR: ["F", "F", "S"]})
    state = play(state, WARRIOR, "place std04 0 1")
    assert state.seats[WARRIOR].must_check
    assert GAME.legal_actions(state, WARRIOR) == ["check"]
    assert refusal(state, WARRIOR, "throw").key == "must_check"
    state = play(state, WARRIOR, "check")
    assert "throw" in GAME.legal_actions(state, WARRIOR)
    assert not state.seats[TRACKER].must_check


def test_completing_a_curse_lifts_it() -> None:
    state = table(new("scenario3"), hexes=[("curse3", None)], fresh={WARRIOR: ["P", "P", "K"]})
    state = play(state, WARRIOR, "place curse3 0")  # P P K
    state = arranged(state, fresh={WARRIOR: ["P", "K"]})
    state = play(state, WARRIOR, "place curse3 1")
    state = arranged(state, fresh={WARRIOR: ["K"]})
    state = play(state, WARRIOR, "place curse3 2")
    assert state.hexes == []
    assert GAME.view(state, None)["curses"]["one_hand"] == 0


def test_damnation_wounds_a_hero_and_takes_a_soul_per_wounded_hero() -> None:
    # The text's example: Warrior and Bard wounded, the Cleric is chosen: 3 souls.
    state = table(new("scenario4", players=5), spells=["damnation1", "confusion5", "confusion2"])
    for seat in (1, 3):
        state = _wounded(state, seat)
    state = arranged(state, fresh={SORCERER: ["pl", "ea", "ai", "ec", "fe"]})
    state = play(state, SORCERER, "place damnation1 0 1 2 3")
    assert sorted(GAME.legal_actions(state, SORCERER)) == ["wound 2", "wound 4"]
    state = play(state, SORCERER, "wound 4")
    assert state.souls_taken == 3
    assert GAME.view(state, None)["souls"] == {"taken": 3, "pool": 8}


def test_damnation_two_wounds_two_heroes_without_souls() -> None:
    state = table(new("scenario4", players=4), spells=["damnation5", "confusion5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["pl", "pl", "ec", "ai", "ai"]})
    state = play(state, SORCERER, "place damnation5 0 1 2")
    assert sorted(GAME.legal_actions(state, SORCERER)) == ["wound 1 2", "wound 1 3", "wound 2 3"]
    state = play(state, SORCERER, "wound 1 3")
    assert [hero["wounded"] for hero in GAME.view(state, None)["heroes"]] == [True, False, True]
    assert state.souls_taken == 0


def test_taking_the_last_soul_wins_the_round_and_wounds_heal_by_the_tile() -> None:
    state = table(new("scenario4"), spells=["damnation1", "confusion5", "confusion2"])
    state = _wounded(state, TRACKER)
    state.souls_taken = SOULS[2] - 2
    state = arranged(state, fresh={SORCERER: ["pl", "ea", "ai", "ec", "fe"]})
    state = play(state, SORCERER, "place damnation1 0 1 2 3")  # wounds the Warrior: 2 souls
    assert state.trophies == {"heroes": 0, "sorcerer": 1}
    assert state.phase == "market"
    healing = table(new("scenario4"))
    healing = _wounded(healing, WARRIOR)
    healing = arranged(healing, fresh={WARRIOR: ["H", "H", "J"]})
    assert "place w1 0 1 2" in GAME.legal_actions(healing, WARRIOR)
    healing = play(healing, WARRIOR, "place w1 0 1 2")
    assert healing.seats[WARRIOR].wound is None


def _wounded(state: RushOutState, seat: int) -> RushOutState:
    from bot.games.rushout import WOUND_CARD, Play

    state = copy.deepcopy(state)
    state.seats[seat].wound = Play(WOUND_CARD, [None, None, None])
    return state


def test_regression_takes_experience_from_one_hero_or_all() -> None:
    spells = ["regression1", "regression5", "confusion2"]
    state = table(new("scenario6", players=4), spells=spells)
    state.seats[WARRIOR].xp, state.seats[TRACKER].xp = 2, 1
    state = arranged(state, fresh={SORCERER: ["pl", "ai", "ea", "ea", "ea"]})
    state = play(state, SORCERER, "place regression1 0 1")
    assert sorted(GAME.legal_actions(state, SORCERER)) == ["drain 1", "drain 2"]
    state = play(state, SORCERER, "drain 1")
    assert [state.seats[s].xp for s in (1, 2, 3)] == [1, 1, 0]
    state = arranged(state, spells=["confusion1", "regression5", "confusion2"])
    state = arranged(state, fresh={SORCERER: ["ec", "ec", "fe", "ea", "ea"]})
    state = play(state, SORCERER, "place regression5 0 1 2")
    assert [state.seats[s].xp for s in (1, 2, 3)] == [0, 0, 0]


# --- gold, market, scrolls, equipment -----------------------------------------------------
def test_the_sorcerer_may_win_a_gold_coin_card_and_the_trial_is_refilled() -> None:
    state = table(
        new("scenario2"), trials=["gold1", "std05", "std02"], trial_deck=["std01", "std03"]
    )
    state = arranged(state, fresh={WARRIOR: ["K", "S", "S"]})
    state = play(state, WARRIOR, "place gold1 0")
    state = arranged(state, fresh={SORCERER: ["ea", "ea", "pl", "fe", "fe"]})
    state = play(state, SORCERER, "place gold1 0 1 2")
    assert state.gold == {"heroes": 0, "sorcerer": 1}
    assert card_at(state, "t", 0) == "std03"
    assert committed_target(state, WARRIOR) is None


def test_heroes_win_a_gold_card_and_spend_two_to_discard_their_top_card() -> None:
    state = table(new("scenario2"), trials=["gold1", "std05", "std02"])
    state = arranged(
        state, trial_deck=["std01", "std03", "std06"], fresh={WARRIOR: ["K", "K", "F"]}
    )
    state = play(state, WARRIOR, "place gold1 0 1 2")
    assert state.gold["heroes"] == 1
    assert "spend" not in GAME.legal_actions(state, WARRIOR)
    state.gold["heroes"] = 2
    state = play(state, TRACKER, "spend")
    assert state.gold["heroes"] == 0 and state.trial_deck == ["std01"]


def test_a_deck_emptied_by_a_discard_counts_as_its_last_card_revealed() -> None:
    state = table(new("scenario2"), trial_deck=["std01"])
    state.gold["heroes"] = 2
    state = play(state, WARRIOR, "spend")
    assert state.trophies == {"heroes": 1, "sorcerer": 0}
    won = next(event for event in state.events if event["type"] == "round_won")
    assert won["reason"] == "deck_emptied"


def test_the_market_sells_equipment_and_scrolls_between_rounds() -> None:
    state = _to_market(new("scenario2"))
    assert state.gold == {"heroes": 1, "sorcerer": 0}  # the losing camp's gold token
    assert GAME.legal_actions(state, SORCERER) == ["done"]
    warrior = GAME.legal_actions(state, WARRIOR)
    assert "buy e1" in warrior and "buy e9" not in warrior
    state = play(state, WARRIOR, "buy e1", "done")
    assert state.seats[WARRIOR].equipment == ["e1"]
    assert "buy e2" not in GAME.legal_actions(state, TRACKER)
    state = play(state, TRACKER, "done")
    state = play(state, SORCERER, "done")
    assert state.phase == "play" and state.round == 2 and state.gold == {"heroes": 0, "sorcerer": 0}
    # The Warrior's Joker now counts as Fire too.
    state = table(state, fresh={WARRIOR: ["J", "J", "K"]})
    assert "place std04 0 1" in GAME.legal_actions(state, WARRIOR)


def _to_market(state: RushOutState) -> RushOutState:
    state = table(state, spells=["dracology1", "confusion5", "confusion2"], dragon=3)
    state = arranged(state, fresh={SORCERER: ["pl", "ai", "ea", "ea", "ea"]})
    state = play(state, SORCERER, "place dracology1 0 1")
    assert state.phase == "market"
    return state


def test_scrolls_flip_swap_joker_lightning_and_fire() -> None:
    state = _to_market(new("scenario2"))
    state = play(state, WARRIOR, "done")
    state = play(state, TRACKER, "done")
    state.gold["sorcerer"] = 20
    for scroll in sorted(SCROLLS):
        state = play(state, SORCERER, f"buy {scroll}")
    state = play(state, SORCERER, "done")
    state = table(state, fresh={SORCERER: ["pl", "ec", "ec", "fe", "fe"]})
    legal = GAME.legal_actions(state, SORCERER)
    assert {"flip pl ea", "flip pl ai", "swap confusion4"} <= set(legal)
    flipped = play(state, SORCERER, "flip pl ea")
    assert flipped.seats[SORCERER].fresh[0] == "ea"
    top = state.spell_deck[-1]
    swapped = play(state, SORCERER, "swap confusion5")
    assert card_at(swapped, "s", 1) == top and swapped.spell_deck[-1] == "confusion5"
    joker = arranged(state, spells=["confusion1", "confusion4", "confusion2"])
    joker = arranged(joker, fresh={SORCERER: ["J", "ec", "ec", "ec", "ec"]})
    assert "place confusion1 0" in GAME.legal_actions(joker, SORCERER)  # x5: a Joker on any Plant
    pushed = arranged(state, fresh={WARRIOR: ["F", "F", "K"]})
    pushed = play(pushed, WARRIOR, "place std04 0")
    pushed = play(pushed, SORCERER, "place scroll-x7 0 1")
    assert committed_target(pushed, WARRIOR) is None
    burning = arranged(state, fresh={SORCERER: ["fe"] * 5})
    dragon = burning.dragon
    burning = play(burning, SORCERER, "place scroll-x8 0 1 2 3 4")
    assert burning.dragon == (dragon or 0) + 1


# --- confrontation, lives, experience ----------------------------------------------------
def test_confrontation_takes_a_life_and_stays_and_the_last_life_wins() -> None:
    state = table(new("scenario5"), trials=["conf1", "std05", "std02"])
    state = arranged(state, fresh={SORCERER: ["fe", "ai", "ai", "ai", "ai"]})
    state = play(state, SORCERER, "place conf1 0")
    state = arranged(state, fresh={WARRIOR: ["S", "S", "F"]})
    state = play(state, WARRIOR, "place conf1 0 1 2")
    assert state.lives == 3
    assert card_at(state, "t", 0) == "conf1"
    assert state.trials[0] is not None and state.trials[0].sorcerer[0] is not None
    state.lives = 1
    state = arranged(state, fresh={WARRIOR: ["J", "S", "F"]})
    state = play(state, WARRIOR, "place conf1 0 1 2")
    assert state.trophies["heroes"] == 1


def test_the_sorcerer_completing_a_confrontation_discards_it_with_all_dice() -> None:
    state = table(new("scenario5"), trials=["conf1", "std05", "std02"])
    state = arranged(state, trial_deck=["std01", "std03"], fresh={WARRIOR: ["S", "K", "K"]})
    state = play(state, WARRIOR, "place conf1 0")
    state = arranged(state, fresh={SORCERER: ["fe", "fe", "fe", "ec", "ai"]})
    state = play(state, SORCERER, "place conf1 0 1 2 3")  # fe fe fe ec
    assert card_at(state, "t", 0) == "std03"
    assert committed_target(state, WARRIOR) is None
    assert state.lives == 4


def test_experience_goes_to_a_participant_and_pays_for_faculties() -> None:
    state = table(new("scenario6", players=5), trial_deck=["std01", "std03", "std06", "std07"])
    state = arranged(state, fresh={WARRIOR: ["F", "F", "S"]})
    state = play(state, WARRIOR, "place std04 0 1")
    assert state.seats[WARRIOR].xp == 1
    state.seats[3].xp = 1  # the Bard turns a die of any hero to a Joker
    state = arranged(state, fresh={TRACKER: ["F", "K", "S"]})
    state = play(state, 3, "bard 2 F")
    assert state.seats[TRACKER].fresh == ["J", "K", "S"] and state.seats[3].xp == 0
    state.seats[TRACKER].xp = 2  # the Tracker discards a curse or dissipation
    state = arranged(state, hexes=[("curse3", None)])
    state = play(state, TRACKER, "tracker curse3")
    assert state.hexes == [] and state.seats[TRACKER].xp == 0
    state.seats[WARRIOR].xp = 3  # the Warrior pushes the dragon back
    state = arranged(state, dragon=2)
    state = play(state, WARRIOR, "warrior")
    assert state.dragon == 1
    state = _wounded(state, 3)
    state.seats[4].xp = 3  # the Cleric heals a hero without dice
    state = play(state, 4, "cleric 3")
    assert state.seats[3].wound is None


# --- rounds and trophies -----------------------------------------------------------------
def test_a_scenario_is_won_on_two_trophies_with_the_same_decks_each_round() -> None:
    state = new("scenario1")
    pools = (list(state.trial_pool), list(state.spell_pool))
    for round_number in (1, 2):
        state = table(state, spells=["dracology1", "confusion5", "confusion2"], dragon=3)
        state = arranged(state, fresh={SORCERER: ["pl", "ai", "ea", "ea", "ea"]})
        state = play(state, SORCERER, "place dracology1 0 1")
        if round_number == 1:
            assert GAME.outcome(state) is None and state.round == 2
            assert state.dragon == 0 and not state.started
            assert (state.trial_pool, state.spell_pool) == pools
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (SORCERER,)
    assert state.trophies == {"heroes": 0, "sorcerer": 2}


# --- time: live cooldown and pulses ------------------------------------------------------
def test_a_throw_within_the_cooldown_is_refused_then_accepted() -> None:
    state = new(cooldown=2.5)
    state = GAME.apply_at(state, SORCERER, "throw", 10.0)
    assert "throw" not in GAME.legal_actions_at(state, SORCERER, 11.0)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply_at(state, SORCERER, "throw", 11.0)
    assert caught.value.key == "cooldown" and caught.value.params == {"seconds": 1.5}
    assert GAME.ready_at(state, SORCERER) == 12.5
    state = GAME.apply_at(state, WARRIOR, "throw", 11.0)  # each seat has its own hands
    state = GAME.apply_at(state, SORCERER, "throw", 12.5)
    assert state.clock == 12.5
    assert GAME.view(state, None)["clock"]["ready_at"][SORCERER] == 15.0


def test_plain_apply_throws_as_soon_as_the_cooldown_ends() -> None:
    state = play(new(), SORCERER, "throw", "throw")
    assert state.clock == 2.5
    assert state.seats[SORCERER].last_throw == 2.5


def test_a_pulse_gives_each_seat_its_throws_and_ends_early_when_all_are_done() -> None:
    state = new(play="pulse", throws_per_pulse=2, pulse_seconds=600)
    assert GAME.next_deadline(state) == 600.0
    state = GAME.apply_at(state, SORCERER, "throw", 1.0)
    state = GAME.apply_at(state, WARRIOR, "throw", 1.5)
    state = GAME.apply_at(state, WARRIOR, "throw", 2.0)
    state = table(state, fresh={WARRIOR: ["S", "S", "S"]})  # his last throw may be placed
    assert "throw" not in GAME.legal_actions_at(state, WARRIOR, 3.0)
    assert state.seats[SORCERER].throws_left == 1
    state = GAME.apply_at(state, SORCERER, "done", 4.0)
    state = GAME.apply_at(state, TRACKER, "done", 5.0)
    assert state.pulse == 1 and "pulse_ended" not in event_types(state)
    assert WARRIOR in GAME.to_act(state)
    state = GAME.apply_at(state, WARRIOR, "done", 6.0)
    assert "pulse_ended" in event_types(state)
    assert state.pulse == 2 and GAME.next_deadline(state) == state.clock + 600
    assert [seat.throws_left for seat in state.seats] == [2, 2, 2]


def test_a_pulse_ends_at_its_deadline_by_the_system_action_or_the_next_action() -> None:
    state = new(play="pulse", throws_per_pulse=1, pulse_seconds=60)
    state = GAME.apply_at(state, SORCERER, "throw", 1.0)
    assert GAME.legal_actions_at(state, SYSTEM_SEAT, 59.0) == []
    assert GAME.legal_actions_at(state, SYSTEM_SEAT, 60.0) == ["pulse end"]
    ended = GAME.apply_at(state, SYSTEM_SEAT, "pulse end", 60.0)
    assert ended.pulse == 2 and ended.seats[SORCERER].throws_left == 1
    late = GAME.apply_at(state, SORCERER, "throw", 75.0)  # the pulse ends first, by itself
    assert event_types(late)[:2] == ["pulse_ended", "threw"]
    assert late.seats[SORCERER].throws_left == 0 and late.pulse == 2


def test_pulse_mode_random_play_ends_and_keeps_the_contract() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = new("scenario2", seed=seed, play="pulse", throws_per_pulse=2)
        for _ in range(20_000):
            acting = GAME.to_act(state)
            if not acting:
                break
            seat = rng.choice(sorted(acting))
            action = GAME.bot_action(state, seat, rng) if seat == 0 else None
            state = GAME.apply(state, seat, action or rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.outcome(state) is not None


def test_a_match_replays_from_its_logged_seat_action_and_time() -> None:
    rng = random.Random(5)
    start = new("scenario3", players=4, seed=5)
    untouched = GAME.dump(start)
    state, now = start, 0.0
    log: list[tuple[int, str, float]] = []
    while GAME.outcome(state) is None and len(log) < 3000:
        now += rng.choice([0.3, 0.7, 1.1])
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions_at(state, seat, now)
        if not legal:
            continue
        action = GAME.bot_action(state, seat, rng)
        if action not in legal:
            action = rng.choice(legal)
        state = GAME.apply_at(state, seat, action, now)
        log.append((seat, action, now))
    assert GAME.outcome(state) is not None
    replay = start
    for seat, action, at in log:
        replay = GAME.apply_at(replay, seat, action, at)
    assert GAME.dump(replay) == GAME.dump(state)
    assert GAME.dump(start) == untouched  # apply never changes the state it is given


# --- cards named by identity, stale clicks, older logs -------------------------------------
def test_a_stale_click_on_a_replaced_card_is_refused() -> None:
    # Bob (the Warrior) sees Trial 1 (FF) and may put his Fire there; Carol (the Tracker)
    # completes it first and a new card is revealed in that slot.
    state = table(new(), fresh={WARRIOR: ["F", "K", "K"], TRACKER: ["F", "F", "P"]})
    state = arranged(state, trial_deck=["std01", "std06"])
    seen = GAME.view(state, WARRIOR)["me"]["placements"]
    stale = next(p["action"] for p in seen if p["card"] == "std04")
    assert stale == "place std04 0"
    state = play(state, TRACKER, "place std04 0 1")
    assert card_at(state, "t", 0) == "std06"  # the new card, in the same slot
    refused = refusal(state, WARRIOR, stale)
    assert refused.key == "card_gone" and str(refused) == "That card has left the table."
    assert state.trials[0] is not None and state.trials[0].hero == [None, None, None]


def test_a_curse_or_dissipation_is_named_by_its_card_when_another_leaves() -> None:
    hexes = [("curse3", None), ("curse5", None)]  # One hand (P P K), High five (S S K)
    state = table(new("scenario6"), hexes=hexes, fresh={WARRIOR: ["S", "K", "F"]})
    assert "place curse5 0" in GAME.legal_actions(state, WARRIOR)
    state.seats[TRACKER].xp = 2
    assert "tracker curse3" in GAME.legal_actions(state, TRACKER)
    state = play(state, TRACKER, "tracker curse3")  # the first card leaves: the list shifts
    assert [play.card for play in state.hexes] == ["curse5"]
    state = play(state, WARRIOR, "place curse5 0")  # still the card he saw
    assert state.hexes[0].hero[0] is not None
    assert refusal(state, TRACKER, "tracker curse3").key == "card_gone"


def test_a_swap_names_its_spell_card() -> None:
    state = table(new("scenario2"))
    state.scrolls = [Play("x3", [], [])]
    state.spell_deck = ["confusion1", "confusion3"]
    assert {"swap confusion4", "swap confusion5", "swap confusion2"} <= set(
        GAME.legal_actions(state, SORCERER)
    )
    swapped = play(state, SORCERER, "swap confusion5")
    assert card_at(swapped, "s", 1) == "confusion3"
    assert refusal(swapped, SORCERER, "swap confusion5").key == "card_gone"


def old_words(state: RushOutState, action: str) -> str:
    """An action as the grammar before cards were named by id wrote it (its target by
    where the card lay): what the logs of older matches hold."""
    verb, *words = action.split(" ")
    if verb not in ("place", "push", "swap", "tracker") or not words:
        return action
    if verb == "swap":
        index = next(i for i, p in enumerate(state.spells) if p and p.card == words[0])
        return f"swap s{index}"
    if verb == "tracker":
        index = next(i for i, p in enumerate(state.hexes) if p.card == words[0])
        return f"tracker c{index}"
    found = locate(state, words[0])
    assert found is not None
    return " ".join([verb, found[0], *words[1:]])


@pytest.mark.parametrize("mode", ["scenario3", "scenario6"])
def test_a_log_written_with_slots_and_positions_still_replays(mode: str) -> None:
    rng = random.Random(11)
    start = new(mode, players=4, seed=11)
    state, old_log = start, []
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = GAME.bot_action(state, seat, rng)
        old_log.append((seat, old_words(state, action)))
        state = GAME.apply(state, seat, action)
    assert any(a.startswith("place t") for _, a in old_log)
    assert any(a.startswith(("place s", "place c", "push t")) for _, a in old_log)
    replay = start
    for seat, action in old_log:
        replay = GAME.apply(replay, seat, GAME.replayed_action(replay, action, None))
    assert GAME.dump(replay) == GAME.dump(state)


def test_a_match_saved_mid_game_under_the_old_grammar_goes_on() -> None:
    # The saved format did not change; an action of the old grammar in its log (a trial
    # slot, a curse's place in the list) replays as the card lying there.
    state = table(new("scenario3"), hexes=[("curse5", None)], fresh={WARRIOR: ["S", "F", "F"]})
    saved = GAME.load(json.loads(json.dumps(GAME.dump(state))))
    assert GAME.replayed_action(saved, "place t0 0 1", None) == "place std04 0 1"
    assert GAME.replayed_action(saved, "place c0 0", None) == "place curse5 0"
    assert GAME.replayed_action(saved, "throw", None) == "throw"
    assert "place c0 0" not in GAME.legal_actions(saved, WARRIOR)  # today's words only


def test_a_click_in_the_old_words_is_refused_in_live_play() -> None:
    # A panel drawn before cards were named by id would put dice on whatever card lies in
    # that slot now: refused like any stale click, never translated.
    state = table(new("scenario3"), hexes=[("curse5", None)], fresh={WARRIOR: ["S", "F", "F"]})
    for old in ("place t0 0 1", "place c0 0"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, WARRIOR, old)
    assert GAME.dump(play(state, WARRIOR, "place std04 0 1")) != GAME.dump(state)


def test_a_placement_tells_which_thrown_dice_go_where() -> None:
    state = table(new(), fresh={WARRIOR: ["J", "P", "K"]})
    placements = GAME.view(state, WARRIOR)["me"]["placements"]
    spk = {tuple(p["slots"]): p["faces"] for p in placements if p["card"] == "std05"}
    assert spk[(0, 1)] == ["J", "P"] and spk[(0, 1, 2)] == ["J", "P", "K"]


def test_turning_a_die_to_no_use_is_marked_idle() -> None:
    state = table(new("scenario6", players=4), fresh={WARRIOR: ["F", "K", "H"]})
    state.seats[BARD].xp = 1
    me = GAME.view(state, BARD)["me"]
    # The Warrior's Joker counts as a Sword: Trial 2 (SPK) takes it, not his Key or Heart...
    assert {"bard 1 F", "bard 1 K", "bard 1 H"} <= set(me["actions"])
    assert "bard 1 H" not in me["idle"]  # ... but a Heart fits nowhere: a Joker does
    # Once his Key is on Trial 3 (KK), only that card takes his dice: a Sword slot no more.
    state = play(state, WARRIOR, "place std02 0")
    state = arranged(state, fresh={WARRIOR: ["F", "H"]})
    me = GAME.view(state, BARD)["me"]
    assert {"bard 1 F", "bard 1 H"} <= set(me["idle"])


# --- pulses ------------------------------------------------------------------------------
def test_heroes_throw_from_a_pulses_start() -> None:
    state = new(play="pulse")
    assert GAME.to_act(state) == {SORCERER, WARRIOR, TRACKER}
    state = play(state, WARRIOR, "throw")  # before the sorcerer's first throw
    assert len(state.seats[WARRIOR].fresh) == 3
    live = new()
    assert refusal(live, WARRIOR, "throw").key == "not_started"  # the head start: live only


def test_done_counts_once_a_pulse_and_spent_throws_leave_gold_and_recall() -> None:
    state = new("scenario2", play="pulse", throws_per_pulse=2)
    state = table(state, fresh={WARRIOR: ["F", "K", "S"]})
    state.gold["heroes"] = 3
    state = play(state, WARRIOR, "place std04 0", "throw", "throw")  # both throws spent
    state = arranged(state, fresh={WARRIOR: ["K", "K"]})  # nothing of it fits his card
    assert state.seats[WARRIOR].throws_left == 0
    legal = GAME.legal_actions(state, WARRIOR)
    assert "throw" not in legal and {"recall", "spend", "done"} <= set(legal)
    assert refusal(state, WARRIOR, "throw").key == "no_throw_left"
    state = play(state, WARRIOR, "spend")  # gold still spent, throws or not
    assert state.gold["heroes"] == 1
    assert GAME.view(state, None)["clock"]["done"][WARRIOR] is False  # he may still recall
    state = play(state, WARRIOR, "done")
    assert GAME.legal_actions(state, WARRIOR) == []  # done with this pulse
    assert refusal(state, WARRIOR, "done").key == "pulse_done"  # once a pulse
    assert refusal(state, WARRIOR, "recall").key == "pulse_done"
    state = play(state, TRACKER, "throw", "throw")  # his throws spent, nothing fits...
    state = arranged(state, fresh={TRACKER: []})
    assert GAME.legal_actions(state, TRACKER) == []  # ... done by himself
    assert GAME.view(state, None)["clock"]["done"] == [False, True, True]
    assert state.pulse == 1, "the sorcerer is not done"
    state = play(state, SORCERER, "done")
    assert state.pulse == 2 and "pulse_ended" in event_types(state)
    assert [seat.throws_left for seat in state.seats] == [2, 2, 2]


def test_done_pressed_before_anyone_threw_ends_no_pulse_by_itself() -> None:
    # The audit: each click of the sorcerer's Done ended a pulse, hundreds in minutes.
    state = play(new(play="pulse"), SORCERER, "done")
    assert state.pulse == 1 and GAME.to_act(state) == {WARRIOR, TRACKER}
    assert refusal(state, SORCERER, "done").key == "pulse_done"
    assert GAME.legal_actions(state, SORCERER) == []
    state = play(state, WARRIOR, "done")
    state = play(state, TRACKER, "done")
    assert state.pulse == 2, "the pulse ends once every seat is done"


# --- views, saving, refusals -------------------------------------------------------------
def _views(state: RushOutState) -> list[RushOutPublicView]:
    return [GAME.view(state, None)] + [GAME.view(state, s) for s in range(state.players)]


def test_no_view_shows_deck_or_discard_sizes_or_order() -> None:
    state = play(new("scenario6", players=5), SORCERER, "throw")
    thinner = copy.deepcopy(state)
    thinner.trial_deck = thinner.trial_deck[2:]
    thinner.spell_deck = list(reversed(thinner.spell_deck[1:]))
    assert _views(state) == _views(thinner)
    text = json.dumps(_views(state))
    assert "deck" not in text and "discard" not in text and "count" not in text


def test_a_seat_view_adds_only_its_own_panel_to_the_public_view() -> None:
    state = play(new("scenario6", players=4), SORCERER, "throw")
    state = play(state, WARRIOR, "throw")
    public = GAME.view(state, None)
    for seat in range(4):
        view = GAME.view(state, seat)
        me = view.pop("me")
        assert view == public
        assert me["seat"] == seat and me["actions"] == GAME.legal_actions(state, seat)
    me = GAME.view(state, WARRIOR)["me"]
    assert me["fresh"] == state.seats[WARRIOR].fresh
    assert all(p["action"] in me["actions"] for p in me["placements"])


def test_load_refuses_malformed_data_and_round_trips() -> None:
    state = play(new("scenario5"), SORCERER, "throw")
    dumped = GAME.dump(state)
    assert GAME.dump(GAME.load(json.loads(json.dumps(dumped)))) == dumped
    for broken in (
        {},
        {**dumped, "schema": 99},
        {**dumped, "players": "three"},
        {**dumped, "trial_deck": ["nope"]},
        {**dumped, "seats": [{"fresh": ["Q"]}]},
        {key: value for key, value in dumped.items() if key != "trials"},
    ):
        with pytest.raises(ValueError):
            GAME.load(broken)


@pytest.mark.parametrize("action", ["", "place", "place t9 0", "place t0 0 0", "push", "x" * 90])
def test_garbage_is_refused_with_illegal_action(action: str) -> None:
    state = play(new(), SORCERER, "throw")
    with pytest.raises(IllegalAction):
        GAME.apply(state, WARRIOR, action)
    with pytest.raises(IllegalAction):
        GAME.apply_at(state, 7, "throw", 1.0)


def test_rushout_is_registered() -> None:
    assert GAMES["rushout"] is GAME
    assert (GAME.min_players, GAME.max_players, GAME.title) == (3, 5, "Rush Out!")


# --- the AI ------------------------------------------------------------------------------
def _match(mode: str, seed: int, ai_seats: set[int]) -> tuple[int, ...]:
    rng = random.Random(seed)
    players = 3 + seed % 3
    state = new(mode, players, seed)
    for _ in range(50_000):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = rng.choice(sorted(acting))
        if seat in ai_seats:
            action = GAME.bot_action(state, seat, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome.winners


@pytest.mark.parametrize("mode", ["training2", "scenario1"])
def test_the_ai_sorcerer_beats_random_heroes(mode: str) -> None:
    wins = sum(_match(mode, seed, {SORCERER}) == (SORCERER,) for seed in range(30))
    assert wins >= 24


@pytest.mark.parametrize("mode", ["training2", "scenario1"])
def test_ai_heroes_beat_a_random_sorcerer(mode: str) -> None:
    heroes = {1, 2, 3, 4}
    wins = sum(SORCERER not in _match(mode, seed, heroes) for seed in range(30))
    assert wins >= 24


@pytest.mark.parametrize("mode", sorted(MODES))
def test_an_ai_only_match_of_every_mode_ends(mode: str) -> None:
    for seed in range(2):
        _match(mode, seed, {0, 1, 2, 3, 4})


@pytest.mark.parametrize(
    "options",
    [
        {"cooldown": float("nan")},
        {"cooldown": float("inf")},
        {"cooldown": -1.0},
        {"cooldown": 60.0},
        {"pulse_seconds": float("nan")},
        {"throws_per_pulse": 0},
        {"throws_per_pulse": 99},
        {"cooldown": "fast"},
    ],
)
def test_timing_options_a_client_could_forge_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction) as refused:
        GAME.new_state(3, 1, {"mode": "training1", **options})
    assert refused.value.key == "bad_option"


def test_the_timing_options_the_lobby_offers_are_accepted() -> None:
    for cooldown in (1.5, 2.5, 4.0, 6.0):
        assert GAME.new_state(3, 1, {"cooldown": cooldown}).cooldown == cooldown


@pytest.mark.parametrize(
    "players, dealt, left_out",
    [
        (3, {"conf1", "conf3", "conf6"}, {"conf2"}),
        (4, {"conf1", "conf2", "conf3", "conf4"}, {"conf6"}),
    ],
)
def test_two_heroes_meet_an_easier_second_confrontation_card(
    players: int, dealt: set[str], left_out: set[str]
) -> None:
    trials, _ = choose_pools(MODES["scenario5"], players, SeededRng(1))
    confrontations = {card for card in trials if CARDS[card].kind == "confrontation"}
    assert confrontations == dealt and not confrontations & left_out
    assert CARDS["conf6"].hero == ("P",) and CARDS["conf2"].hero == ("P", "K", "S")
