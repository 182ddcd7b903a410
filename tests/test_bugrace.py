"""Bug Race rulings (docs/rules/bugrace.md), one test per ruling or edge case."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from bot.games.base import IllegalAction
from bot.games.bugrace import (
    CARDS,
    GAME,
    LEGS,
    BugRaceState,
    arrange_play,
    legs_rule_holds,
    with_bug,
)

#: A bug ready to finish: body on rows 6-8, every leg on row 6 or beyond.
READY_TO_FINISH = {"LH": 6, "LM": 7, "LF": 8, "RH": 6, "RM": 7, "RF": 8}


def card_showing(*legs: str) -> int:
    """The first card id that shows exactly these legs."""
    return min(card for card, shown in CARDS.items() if shown == frozenset(legs))


def cards_showing(*legs: str) -> list[int]:
    return sorted(card for card, shown in CARDS.items() if shown == frozenset(legs))


def refusal(state: BugRaceState, seat: int, action: str) -> str:
    """The reason a move is refused (a key about one leg names it: ``leg_off_track.RF``)."""
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, action)
    reason, _, leg = caught.value.key.partition(".")
    assert not leg or action.endswith(leg), "a leg's refusal names that leg"
    return reason


def play_actions(state: BugRaceState, seat: int, *actions: str) -> BugRaceState:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def drop_rest_of_round(state: BugRaceState) -> BugRaceState:
    """Everyone still playing plays their cards without moving anything."""
    start_round = state.round
    while state.round == start_round and state.outcome is None and GAME.to_act(state):
        seat = min(GAME.to_act(state))
        mine = state.seat(seat)
        if mine.current is None and mine.hand:
            state = GAME.apply(state, seat, f"play {mine.hand[0]}")
        else:
            state = GAME.apply(state, seat, "done")
    return state


def run_bots_until(state: BugRaceState, *, round_: int, seed: int = 0) -> BugRaceState:
    """AI play until the draft of ``round_`` starts (or the game ends)."""
    rng = random.Random(seed)
    while state.round < round_ and state.outcome is None:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    return state


def keep_first(state: BugRaceState) -> tuple[BugRaceState, dict[int, tuple[int, ...]]]:
    """Every drafting seat keeps its lowest card; returns what each seat passed on."""
    passed: dict[int, tuple[int, ...]] = {}
    for seat in sorted(GAME.to_act(state)):
        offer = sorted(state.seat(seat).offer)
        passed[seat] = tuple(offer[1:])
        state = GAME.apply(state, seat, f"keep {offer[0]}")
    return state, passed


def all_cards(state: BugRaceState) -> list[int]:
    held = [
        card
        for seat in state.seats
        for card in (*seat.offer, *seat.passing, *seat.hand, *seat.played)
    ]
    return [*state.draw_pile, *state.discard, *held]


# --- The deck ---------------------------------------------------------------------------
def test_the_designed_deck_has_seventy_cards_of_one_to_four_legs() -> None:
    sizes = Counter(len(legs) for legs in CARDS.values())
    assert sorted(CARDS) == list(range(70))
    assert sizes == {1: 6, 2: 30, 3: 26, 4: 8}


def test_the_tripods_come_four_times_and_other_triples_once() -> None:
    triples = Counter(legs for legs in CARDS.values() if len(legs) == 3)
    assert triples[frozenset({"LF", "RM", "LH"})] == 4
    assert triples[frozenset({"RF", "LM", "RH"})] == 4
    assert len(triples) == 20
    assert sum(1 for count in triples.values() if count == 1) == 18


def test_four_leg_cards_are_the_designed_ones() -> None:
    fours = Counter(legs for legs in CARDS.values() if len(legs) == 4)
    assert fours == {
        frozenset({"LF", "RF", "LM", "RM"}): 2,
        frozenset({"LM", "RM", "LH", "RH"}): 2,
        frozenset({"LF", "RF", "LH", "RH"}): 2,
        frozenset({"LF", "LM", "RM", "RH"}): 1,
        frozenset({"RF", "RM", "LM", "LH"}): 1,
    }


def test_every_pair_comes_twice() -> None:
    pairs = Counter(legs for legs in CARDS.values() if len(legs) == 2)
    assert len(pairs) == 15
    assert set(pairs.values()) == {2}


# --- Start -----------------------------------------------------------------------------
def test_bugs_start_at_the_start_line_with_the_designed_leg_layout() -> None:
    view = GAME.view(GAME.new_state(3, 1), None)
    for bug in view["bugs"]:
        assert bug["tail"] == 1
        assert bug["legs"] == {"LH": 1, "LM": 2, "LF": 3, "RH": 1, "RM": 2, "RF": 3}
    assert view["round"] == 1
    assert view["phase"] == "draft"
    assert view["to_act"] == [0, 1, 2]


def test_each_player_draws_two_cards_to_choose_from() -> None:
    state = GAME.new_state(4, 5)
    for seat in range(4):
        assert len(state.seat(seat).offer) == 2
        assert GAME.legal_actions(state, seat) == [
            f"keep {c}" for c in sorted(state.seat(seat).offer)
        ]
    assert len(state.draw_pile) == 70 - 8


# --- The legs rule ----------------------------------------------------------------------
def test_the_body_cannot_move_while_a_leg_is_on_the_row_behind_the_tail() -> None:
    state = arrange_play(GAME.new_state(2, 1), {0: (card_showing("LH"),), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 4, "RH": 2, "RM": 3, "RF": 4})
    assert refusal(state, 0, "body") == "body_would_lose_leg"
    assert "body" not in GAME.legal_actions(state, 0)
    state = play_actions(state, 0, f"play {card_showing('LH')}", "leg LH")
    assert "body" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, "body")
    assert state.seat(0).bug.tail == 3
    assert legs_rule_holds(state.seat(0).bug)


def test_a_leg_cannot_move_past_three_rows_ahead_of_the_tail() -> None:
    card = card_showing("LF", "RF")  # RF can move, so the card stays in play
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 5, "RH": 2, "RM": 3, "RF": 4})
    state = GAME.apply(state, 0, f"play {card}")
    assert refusal(state, 0, "leg LF") == "leg_too_far_ahead"
    assert GAME.legal_actions(state, 0) == ["leg RF", "done"]


def test_no_leg_moves_past_the_last_row() -> None:
    card = card_showing("LF", "RF")  # LF can move, so the card stays in play
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 7, {**READY_TO_FINISH, "RF": 9})
    state = GAME.apply(state, 0, f"play {card}")
    assert refusal(state, 0, "leg RF") == "leg_off_track"


def test_the_body_stops_with_its_tail_on_row_seven() -> None:
    state = arrange_play(GAME.new_state(2, 1), {0: (0,), 1: (1,)})
    state = with_bug(state, 0, 7, {"LH": 7, "LM": 8, "LF": 9, "RH": 7, "RM": 8, "RF": 9})
    assert refusal(state, 0, "body") == "body_at_end"


def test_a_leg_cannot_move_into_a_slot_its_neighbour_holds() -> None:
    card = card_showing("LH", "LM", "LF")  # LF can move, so the card stays in play
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = GAME.apply(state, 0, f"play {card}")  # start: LH 1, LM 2, LF 3
    assert refusal(state, 0, "leg LM") == "leg_slot_taken"
    assert refusal(state, 0, "leg LH") == "leg_slot_taken"
    assert GAME.legal_actions(state, 0) == ["leg LF", "body", "done"]


def test_legs_never_jump_a_leg_on_their_side() -> None:
    card = card_showing("RH", "RM")  # RM can move, so the card stays in play
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 2, {"RH": 2, "RM": 3, "RF": 5})
    state = GAME.apply(state, 0, f"play {card}")
    # RH on row 2, RM on row 3: RH may not hop to row 4 over RM.
    assert refusal(state, 0, "leg RH") == "leg_slot_taken"
    assert state.seat(0).bug.row("RH") == 2


def test_the_legs_on_the_other_side_do_not_block() -> None:
    card = card_showing("LM")
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 1, {"LH": 1, "LM": 2, "LF": 4, "RH": 2, "RM": 3, "RF": 4})
    state = play_actions(state, 0, f"play {card}", "leg LM")
    assert state.seat(0).bug.row("LM") == 3


# --- Cards ----------------------------------------------------------------------------
def test_the_body_may_move_between_two_legs_of_one_card() -> None:
    card = card_showing("LH", "LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 5, "RH": 2, "RM": 3, "RF": 4})
    state = GAME.apply(state, 0, f"play {card}")
    assert refusal(state, 0, "leg LF") == "leg_too_far_ahead"
    state = play_actions(state, 0, "leg LH", "body", "leg LF")
    bug = state.seat(0).bug
    assert (bug.tail, bug.row("LH"), bug.row("LF")) == (3, 2, 6)
    assert state.seat(0).current is None  # both legs moved: the card is over


def test_only_the_legs_a_card_shows_move() -> None:
    card = card_showing("LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    state = GAME.apply(state, 0, f"play {card}")
    assert refusal(state, 0, "leg RF") == "leg_not_shown"
    assert "leg RF" not in GAME.legal_actions(state, 0)


def test_a_refused_leg_is_named_in_words_in_each_language() -> None:
    from bot.i18n import Tr

    card = card_showing("LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    state = GAME.apply(state, 0, f"play {card}")
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, "leg RF")
    error = caught.value
    assert "right front" in str(error) and "RF" not in str(error)
    english = Tr("en")(f"illegal.{error.key}", **error.params)
    french = Tr("fr")(f"illegal.{error.key}", **error.params)
    assert english == "this card does not show the right front leg."
    assert french == "cette carte ne montre pas la patte avant droite."


def test_moving_the_shown_legs_is_optional() -> None:
    card = card_showing("LF", "RF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("LM")), 1: (1,)})
    state = play_actions(state, 0, f"play {card}", "leg LF", "done")
    assert state.seat(0).bug.row("RF") == 3
    assert state.seat(0).current is None
    finished = [e for e in GAME.view(state, None)["events"] if e["type"] == "card_finished"]
    assert finished == [{"type": "card_finished", "seat": 0, "card": card, "unmoved": ["RF"]}]


def test_a_shown_leg_moves_at_most_once_per_card() -> None:
    card = card_showing("LF", "RF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = play_actions(state, 0, f"play {card}", "leg LF")
    assert refusal(state, 0, "leg LF") == "leg_already_moved"


def test_a_card_must_be_finished_before_the_next_is_played() -> None:
    first, second = card_showing("LF"), card_showing("RF")
    state = arrange_play(GAME.new_state(2, 1), {0: (first, second), 1: (1,)})
    state = GAME.apply(state, 0, f"play {first}")
    assert refusal(state, 0, f"play {second}") == "card_in_play"


def test_a_card_none_of_whose_legs_can_move_finishes_by_itself() -> None:
    card = card_showing("LM", "LH")
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 2, "LF": 3, "RH": 1, "RM": 2, "RF": 3})
    state = GAME.apply(state, 0, f"play {card}")  # LM blocked by LF, LH by LM, body stuck
    assert state.seat(0).current is None
    finished = [e for e in GAME.view(state, None)["events"] if e["type"] == "card_finished"]
    assert finished == [{"type": "card_finished", "seat": 0, "card": card, "unmoved": ["LH", "LM"]}]
    assert 0 not in GAME.to_act(state)  # last card over, body stuck: play phase over


def test_a_card_stays_in_play_while_a_body_move_would_free_one_of_its_legs() -> None:
    card = card_showing("LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 2, "LM": 3, "LF": 5, "RH": 2, "RM": 3, "RF": 4})
    state = GAME.apply(state, 0, f"play {card}")  # LF: 6 is too far ahead of tail 2...
    assert state.seat(0).current == card  # ...but not once the body has moved
    assert GAME.legal_actions(state, 0) == ["body", "done"]
    state = play_actions(state, 0, "body", "leg LF")
    assert state.seat(0).bug.row("LF") == 6 and state.seat(0).current is None


def test_a_stuck_card_left_in_play_after_a_move_finishes_by_itself() -> None:
    card = card_showing("LH", "LM", "LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 4, "RH": 2, "RM": 3, "RF": 4})
    state = play_actions(state, 0, f"play {card}", "leg LF")  # LF 5; LM -> 4 is now free
    assert state.seat(0).current == card
    state = play_actions(state, 0, "leg LM", "leg LH")
    assert state.seat(0).current is None


def test_play_all_moves_every_leg_of_the_card_in_one_action() -> None:
    card = card_showing("LF", "LM", "RF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RH")), 1: (1,)})
    assert f"play {card} all" in GAME.legal_actions(state, 0)
    state = GAME.apply(state, 0, f"play {card} all")  # LF first frees LM's slot
    bug = state.seat(0).bug
    assert (bug.row("LF"), bug.row("LM"), bug.row("RF")) == (4, 3, 4)
    assert state.seat(0).current is None  # every leg moved: the card is over
    events = GAME.view(state, None)["events"]
    assert events[0] == {
        "type": "card_played",
        "seat": 0,
        "card": card,
        "legs": ["LM", "LF", "RF"],
        "all_legs": True,
    }
    assert [e["leg"] for e in events if e["type"] == "leg_moved"] == ["LF", "RF", "LM"]


def test_play_all_is_offered_when_at_least_one_leg_can_move() -> None:
    card = card_showing("LH", "LM")  # at the start LM waits for LF, LH for LM
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    assert f"play {card}" in GAME.legal_actions(state, 0)
    assert f"play {card} all" not in GAME.legal_actions(state, 0), "it would move nothing"
    assert refusal(state, 0, f"play {card} all") == "no_leg_moves"


def test_play_all_moves_the_legs_that_can_and_leaves_the_others() -> None:
    card = card_showing("LF", "RH")  # at the start RH waits for RM, which the card lacks
    state = arrange_play(GAME.new_state(2, 1), {0: (card, card_showing("RF")), 1: (1,)})
    state = GAME.apply(state, 0, f"play {card} all")
    bug = state.seat(0).bug
    assert (bug.row("LF"), bug.row("RH")) == (4, 1)
    assert state.seat(0).current is None, "RH can never move with this card: it is over"
    finished = [e for e in GAME.view(state, None)["events"] if e["type"] == "card_finished"]
    assert finished[0]["unmoved"] == ["RH"]


def test_alike_cards_are_offered_once() -> None:
    first, second = cards_showing("LF", "RF")[:2]
    other = card_showing("LM")  # at the start LM waits for LF: no "all"
    state = arrange_play(GAME.new_state(2, 1), {0: (second, first, other), 1: (1,)})
    plays = [a for a in GAME.legal_actions(state, 0) if a.startswith("play")]
    assert sorted(plays) == sorted([f"play {first}", f"play {first} all", f"play {other}"])
    assert refusal(state, 0, f"play {second}") == "card_not_in_hand"


def test_the_play_phase_waits_for_done_while_the_body_can_still_move() -> None:
    card = card_showing("LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card,), 1: (1,)})
    state = play_actions(state, 0, f"play {card}", "leg LF")
    assert GAME.legal_actions(state, 0) == ["body", "done"]
    state = GAME.apply(state, 0, "body")
    assert 0 not in GAME.to_act(state)  # nothing left to do


# --- The draft ------------------------------------------------------------------------
def test_two_players_swap_the_card_they_do_not_keep() -> None:
    state = GAME.new_state(2, 3)
    for round_ in (1, 2):
        state = run_bots_until(state, round_=round_)
        assert GAME.view(state, None)["pass_direction"] == "swap"
        kept = {seat: min(state.seat(seat).offer) for seat in (0, 1)}
        state, passed = keep_first(state)
        assert state.phase == "play"
        assert sorted(state.seat(0).hand) == sorted((kept[0], *passed[1]))
        assert sorted(state.seat(1).hand) == sorted((kept[1], *passed[0]))


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_players_pass_right_then_left_alternately(players: int) -> None:
    state = GAME.new_state(players, 8)
    for round_, step, direction in ((1, 1, "right"), (2, -1, "left"), (3, 1, "right")):
        state = run_bots_until(state, round_=round_)
        assert GAME.view(state, None)["pass_direction"] == direction
        state, passed = keep_first(state)
        for seat in range(players):
            assert set(passed[seat]) <= set(state.seat((seat + step) % players).hand)


def test_choices_stay_secret_until_everyone_has_chosen() -> None:
    state = GAME.new_state(3, 2)
    card = min(state.seat(0).offer)
    state = GAME.apply(state, 0, f"keep {card}")
    public = GAME.view(state, None)
    assert public["events"] == [{"type": "chose", "seat": 0}]
    assert public["to_act"] == [1, 2]
    assert GAME.view(state, 0)["events"] == [{"type": "chose", "seat": 0, "card": card}]
    assert GAME.view(state, 1)["events"] == [{"type": "chose", "seat": 0}]
    assert refusal(state, 0, f"keep {card}") == "not_to_act"


def test_the_expert_draft_deals_four_and_everyone_ends_with_four() -> None:
    state = GAME.new_state(4, 11, {"expert": True})
    assert all(len(state.seat(seat).offer) == 4 for seat in range(4))
    packet_sizes = []
    while state.phase == "draft":
        packet_sizes.append(len(state.seat(0).offer))
        state, _ = keep_first(state)
    assert packet_sizes == [4, 3, 2]  # the last single card is kept without asking
    assert all(len(state.seat(seat).hand) == 4 for seat in range(4))
    assert len(set(all_cards(state))) == 70


def test_the_expert_draft_passes_left_then_right() -> None:
    state = GAME.new_state(3, 4, {"expert": True})
    assert GAME.view(state, None)["pass_direction"] == "left"
    state, passed = keep_first(state)
    for seat in range(3):
        assert sorted(state.seat((seat - 1) % 3).offer) == sorted(passed[seat])
    state = run_bots_until(state, round_=2)
    assert GAME.view(state, None)["pass_direction"] == "right"
    state, passed = keep_first(state)
    for seat in range(3):
        assert sorted(state.seat((seat + 1) % 3).offer) == sorted(passed[seat])


def test_expert_players_play_all_four_cards() -> None:
    state = GAME.new_state(2, 6, {"expert": True})
    while state.phase == "draft":
        state, _ = keep_first(state)
    hand = state.seat(0).hand
    for card in hand:
        state = play_actions(state, 0, f"play {card}", "done")
    assert state.seat(0).played == hand


# --- The deck runs out ------------------------------------------------------------------
def test_the_discard_is_shuffled_into_an_empty_draw_pile() -> None:
    state = arrange_play(GAME.new_state(2, 9), {0: (0,), 1: (1,)})
    top, others = state.draw_pile[-1], state.draw_pile[:-1]
    state = replace(state, draw_pile=(top,), discard=others)
    state = drop_rest_of_round(state)
    assert state.round == 2
    assert top in state.seat(0).offer  # the last card of the old pile is drawn first
    reshuffles = [e for e in GAME.view(state, None)["events"] if e["type"] == "reshuffled"]
    assert reshuffles == [{"type": "reshuffled", "cards": 69}]  # 67 discarded + 2 played
    assert sorted(all_cards(state)) == list(range(70))
    assert state.discard == ()


# --- Finish ---------------------------------------------------------------------------
def test_the_finish_is_checked_only_at_the_end_of_the_round() -> None:
    state = arrange_play(GAME.new_state(2, 1), {0: (10, 11), 1: (12, 13)})
    state = with_bug(state, 0, 6, READY_TO_FINISH)
    state = GAME.apply(state, 0, "body")
    assert state.seat(0).bug.tail == 7
    assert GAME.outcome(state) is None
    assert GAME.to_act(state) == {0, 1}
    state = drop_rest_of_round(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((0,), "crossed_finish")
    assert GAME.to_act(state) == frozenset()


def finish_together(first: dict[str, int], second: dict[str, int]) -> Any:
    state = arrange_play(GAME.new_state(2, 1), {0: (10,), 1: (12,)})
    state = with_bug(state, 0, 7, first)
    state = with_bug(state, 1, 7, second)
    return GAME.outcome(drop_rest_of_round(state))


def test_two_finishers_are_split_by_the_hind_legs_first() -> None:
    ahead = {**READY_TO_FINISH, "LH": 7, "LM": 8, "LF": 9}  # hind 13, middle 15, front 17
    behind = {**READY_TO_FINISH, "LM": 8, "LF": 9, "RM": 8, "RF": 9}  # hind 12, more elsewhere
    outcome = finish_together(behind, ahead)
    assert (outcome.winners, outcome.reason) == ((1,), "leg_tiebreak")


def test_equal_hind_legs_are_split_by_the_middle_legs() -> None:
    ahead = {**READY_TO_FINISH, "LM": 8}  # hind 12, middle 15, front 16
    behind = {**READY_TO_FINISH, "LF": 9, "RF": 9}  # hind 12, middle 14, front 18
    outcome = finish_together(ahead, behind)
    assert (outcome.winners, outcome.reason) == ((0,), "leg_tiebreak")


def test_equal_hind_and_middle_legs_are_split_by_the_front_legs() -> None:
    ahead = {**READY_TO_FINISH, "RF": 9}
    outcome = finish_together(READY_TO_FINISH, ahead)
    assert (outcome.winners, outcome.reason) == ((1,), "leg_tiebreak")


def test_equal_legs_share_the_win() -> None:
    outcome = finish_together(READY_TO_FINISH, READY_TO_FINISH)
    assert (outcome.winners, outcome.reason) == ((0, 1), "shared_win")


def test_without_play_on_the_first_finish_ends_the_game() -> None:
    state = arrange_play(GAME.new_state(3, 1), {0: (10,), 1: (12,), 2: (14,)})
    state = with_bug(state, 2, 7, READY_TO_FINISH)
    state = drop_rest_of_round(state)
    assert GAME.outcome(state) is not None
    assert GAME.view(state, None)["places"] == [{"place": 1, "seats": [2]}]


def test_play_on_decides_second_and_third_places() -> None:
    state = GAME.new_state(3, 1, {"play_on": True})
    state = arrange_play(state, {0: (10,), 1: (12,), 2: (14,)})
    state = with_bug(state, 1, 7, READY_TO_FINISH)
    state = drop_rest_of_round(state)
    assert GAME.outcome(state) is None
    assert state.round == 2
    assert state.seat(1).offer == ()  # a finished bug leaves the race
    assert GAME.to_act(state) == {0, 2}
    assert GAME.view(state, None)["pass_direction"] == "swap"
    state = with_bug(state, 2, 7, READY_TO_FINISH)
    while state.round == 2 and GAME.to_act(state):
        state = drop_rest_of_round(keep_first(state)[0])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.reason) == ((1,), "crossed_finish")
    assert GAME.view(state, None)["places"] == [
        {"place": 1, "seats": [1]},
        {"place": 2, "seats": [2]},
        {"place": 3, "seats": [0]},
    ]


def test_play_on_with_a_shared_place_counts_both_seats() -> None:
    state = GAME.new_state(4, 1, {"play_on": True})
    state = arrange_play(state, {seat: (10 + seat,) for seat in range(4)})
    state = with_bug(state, 0, 7, READY_TO_FINISH)
    state = with_bug(state, 3, 7, READY_TO_FINISH)
    state = drop_rest_of_round(state)
    assert GAME.outcome(state) is None  # 3rd place is still open
    assert GAME.view(state, None)["places"] == [{"place": 1, "seats": [0, 3]}]
    state = with_bug(state, 1, 7, READY_TO_FINISH)
    while state.round == 2 and GAME.to_act(state):
        state = drop_rest_of_round(keep_first(state)[0])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 3)
    places = GAME.view(state, None)["places"]
    assert places == [
        {"place": 1, "seats": [0, 3]},
        {"place": 3, "seats": [1]},
        {"place": 4, "seats": [2]},
    ]


# --- Privacy ----------------------------------------------------------------------------
def card_ids_in(value: Any) -> set[int]:
    """Every card id a view shows: under "id", "card", "cards" and a bug's "current"."""
    found: set[int] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "card", "current") and isinstance(item, int):
                found.add(item)
            elif key == "cards" and isinstance(item, list):
                found.update(card for card in item if isinstance(card, int))
            else:
                found |= card_ids_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_ids_in(item)
    return found


@pytest.mark.parametrize("options", [{}, {"expert": True}])
def test_the_public_view_never_shows_a_card_still_in_a_hand(options: dict[str, bool]) -> None:
    rng = random.Random(3)
    state = GAME.new_state(4, 3, options)
    while GAME.to_act(state):
        hidden = {c for s in state.seats for c in (*s.offer, *s.passing, *s.hand)}
        public = GAME.view(state, None)
        assert not card_ids_in(public) & hidden
        assert "hand" not in public and "offer" not in public
        for seat in range(4):
            others = {
                c for i, s in enumerate(state.seats) if i != seat for c in (*s.offer, *s.hand)
            }
            others -= set(state.seat(seat).offer) | set(state.seat(seat).hand)
            assert not card_ids_in(GAME.view(state, seat)) & others
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))


def test_a_seat_sees_its_own_hand_and_which_shown_legs_can_move() -> None:
    card = card_showing("LH", "LF")
    state = arrange_play(GAME.new_state(2, 1), {0: (card, 5), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 5, "RH": 2, "RM": 3, "RF": 4})
    state = GAME.apply(state, 0, f"play {card}")
    mine = GAME.view(state, 0)
    assert mine["hand"] == [{"id": 5, "legs": sorted(CARDS[5], key=LEGS.index)}]
    assert mine["current"] == {"id": card, "legs": ["LH", "LF"]}
    assert mine["movable"] == ["LH"]
    public = GAME.view(state, None)
    assert public["bugs"][0]["played"] == [{"id": card, "legs": ["LH", "LF"]}]
    assert public["bugs"][0]["hand_count"] == 1
    json.dumps(mine)


# --- The AI -----------------------------------------------------------------------------
def test_the_ai_moves_the_body_as_soon_as_it_can() -> None:
    state = arrange_play(GAME.new_state(2, 1), {0: (0,), 1: (1,)})
    assert GAME.bot_action(state, 0, random.Random(0)) == "body"


def test_the_ai_plays_the_card_that_frees_the_body_first() -> None:
    hind = card_showing("LH", "RH")
    front = card_showing("LF", "RF")
    state = arrange_play(GAME.new_state(2, 1), {0: (front, hind), 1: (1,)})
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 5, "RH": 1, "RM": 3, "RF": 5})
    assert GAME.bot_action(state, 0, random.Random(0)) == f"play {hind}"


def test_the_ai_keeps_the_card_its_bug_needs() -> None:
    state = GAME.new_state(2, 1)
    wanted, useless = card_showing("LH", "RH"), cards_showing("LF", "RF")[0]
    mine = replace(state.seat(0), offer=(useless, wanted))
    state = replace(state, seats=(mine, *state.seats[1:]))
    state = with_bug(state, 0, 2, {"LH": 1, "LM": 3, "LF": 5, "RH": 1, "RM": 3, "RF": 5})
    assert GAME.bot_action(state, 0, random.Random(0)) == f"keep {wanted}"


def test_every_card_is_in_exactly_one_place_throughout_a_game() -> None:
    rng = random.Random(12)
    state = GAME.new_state(4, 12, {"expert": True, "play_on": True})
    while GAME.to_act(state):
        assert sorted(all_cards(state)) == list(range(70))
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert sorted(all_cards(state)) == list(range(70))


@pytest.mark.parametrize(
    ("tail", "legs"),
    [
        (1, {"LF": 5}),  # four rows ahead of the tail: out of touch with the body
        (3, {"LH": 1}),  # two rows behind the tail
        (2, {"LM": 4, "LF": 4}),  # two legs on one slot: the order is broken
        (8, {}),  # the body off the end of its track
    ],
)
def test_load_refuses_a_bug_outside_the_rulings_window(tail: int, legs: dict[str, int]) -> None:
    state = GAME.new_state(2, 1)
    dumped = json.loads(json.dumps(GAME.dump(state)))
    seat = dumped["seats"][0]
    rows = {leg: row + tail - 1 for leg, row in zip(LEGS, seat["legs"], strict=True)}
    rows.update(legs)
    seat["tail"], seat["legs"] = tail, [rows[leg] for leg in LEGS]
    with pytest.raises(IllegalAction):
        GAME.load(dumped)
