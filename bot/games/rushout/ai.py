"""Rush Out!'s AI player: a placement's worth, spell choices, the market, when to give up."""

from __future__ import annotations

import random
from typing import Final

from bot.games.base import IllegalAction
from bot.games.rushout import data
from bot.games.rushout.rules import choice_actions
from bot.games.rushout.state import (
    BUY,
    CHECK,
    DONE,
    DRAGON_CODE,
    MARKET,
    RECALL,
    SPEND,
    THROW,
    Placement,
    Play,
    RushOutState,
    camp_side,
    committed_target,
    dice_to_throw,
    dragon_blocks,
    find_target,
    placements,
)

COMPLETION_BONUS: Final = 10.0
PROGRESS_WEIGHT: Final = 3.0
REMAINING_PENALTY: Final = 0.5
#: The dragon tile's worth to a hero per step the dragon has made toward the deck.
DRAGON_URGENCY: Final = 4.0
SPELL_VALUE: Final = {
    data.CONFUSION: 1.0,
    data.INVOCATION: 2.0,
    data.DRACOLOGY: 3.0,
    data.DISSIPATION: 2.0,
    data.CURSE: 2.0,
    data.DAMNATION: 3.0,
    data.REGRESSION: 1.0,
}
SCROLL_BUY_ORDER: Final = ("x8", "x4", "x5", "x6", "x1", "x2", "x7", "x3")
EQUIPMENT_BUY_ORDER: Final = ("e10", "e9", "e1", "e3", "e5", "e7", "e2", "e4", "e6", "e8")


def _target_value(state: RushOutState, seat: int, code: str, play: Play) -> float:
    if seat == state.sorcerer:
        if code[0] == "x":
            return 3.0 if data.SCROLLS[play.card].power == data.FIRE_CARD else 1.0
        return SPELL_VALUE.get(data.CARDS[play.card].kind, 2.5)
    if code == DRAGON_CODE:
        return DRAGON_URGENCY * (state.dragon or 0)
    if code[0] == "w":
        return 3.0 if state.rules.souls else 0.5
    if code[0] == "c":
        return 3.0
    return 2.0


def _placement_score(state: RushOutState, seat: int, placement: Placement) -> float | None:
    """How good a placement is, or None when the AI should not make it."""
    play = find_target(state, placement.target)
    assert play is not None
    side = camp_side(state, placement.target, play, state.camp(seat))
    assert side is not None
    empty_after = sum(1 for die in side if die is None) - len(placement.slots)
    blocked = dragon_blocks(state, placement.target)
    completes = empty_after == 0 and not blocked
    in_hand = len(state.seats[seat].fresh)
    if blocked:
        return None
    if not completes and len(placement.slots) >= in_hand:
        return None  # keep a die in hand: never stuck with nothing to throw
    if not completes and seat != state.sorcerer:
        helpers = data.MAX_HERO_COLOURS - len({d.seat for d in side if d} | {seat})
        if empty_after > in_hand - len(placement.slots) + data.HERO_DICE * helpers:
            return None
    value = _target_value(state, seat, placement.target, play)
    progress = (len(side) - empty_after) / len(side)
    score = value + PROGRESS_WEIGHT * progress - REMAINING_PENALTY * empty_after
    return score + (COMPLETION_BONUS + value if completes else 0.0)


def _best_placement(state: RushOutState, seat: int) -> str | None:
    best: tuple[float, str] | None = None
    for placement in placements(state, seat):
        score = _placement_score(state, seat, placement)
        if score is not None and (best is None or score > best[0]):
            best = (score, placement.action)
    return None if best is None else best[1]


def _push_value(state: RushOutState, option: str) -> float:
    words = option.split()
    play = find_target(state, words[1]) if len(words) > 1 else None
    if play is None or not play.hero:
        return 0.0
    return sum(1 for die in play.hero if die) / len(play.hero)


def _best_choice(state: RushOutState, legal: list[str]) -> str:
    pending = state.pending
    assert pending is not None
    if pending.effect in (data.PUSH_ONE, data.PUSH_ALL):
        return max(legal, key=lambda option: _push_value(state, option))
    if pending.effect.startswith(data.FORBID_PREFIX):
        symbol = pending.effect[len(data.FORBID_PREFIX) :]
        for option in legal:
            if state.hero_of(int(option.split()[1])).skill == symbol:
                return option
    if pending.effect == data.DRAIN_ONE:
        return max(legal, key=lambda option: state.seats[int(option.split()[1])].xp)
    return legal[0]


def _useful_item(state: RushOutState, seat: int, item: str) -> bool:
    if item in data.SCROLLS:
        return True
    joker_as = data.EQUIPMENT[item].joker_as
    mine = state.seats[seat].equipment
    return joker_as != state.hero_of(seat).skill and item not in mine


def _market_choice(state: RushOutState, seat: int, legal: list[str]) -> str:
    order = SCROLL_BUY_ORDER if seat == state.sorcerer else EQUIPMENT_BUY_ORDER
    for item in order:
        if f"{BUY} {item}" in legal and _useful_item(state, seat, item):
            return f"{BUY} {item}"
    return DONE


def _faculty_choice(state: RushOutState, legal: list[str]) -> str | None:
    for action in legal:
        verb = action.split()[0]
        if verb == "warrior" and (state.dragon or 0) >= 2:
            return action
        if verb in ("cleric", "tracker"):
            return action
    return None


#: The chance the AI gives up a card it cannot finish after a throw that did not help.
GIVE_UP_CHANCE: Final = 0.1


def _should_recall(state: RushOutState, seat: int, rng: random.Random) -> bool:
    code = committed_target(state, seat)
    if code is None:
        return False
    if dragon_blocks(state, code) or dice_to_throw(state, seat) == 0:
        return True
    return bool(state.seats[seat].fresh) and rng.random() < GIVE_UP_CHANCE


def choose_action(state: RushOutState, seat: int, legal: list[str], rng: random.Random) -> str:
    if not legal:
        raise IllegalAction("Nothing to do now.", "not_to_act")
    if state.phase == MARKET:
        return _market_choice(state, seat, legal)
    if seat == state.sorcerer and state.pending is not None:
        return _best_choice(state, [a for a in legal if a in choice_actions(state)])
    if CHECK in legal:
        return CHECK
    placement = _best_placement(state, seat)
    if placement is not None:
        return placement
    if RECALL in legal and _should_recall(state, seat, rng):
        return RECALL
    for action in (SPEND, _faculty_choice(state, legal), THROW, RECALL, DONE):
        if action in legal:
            assert action is not None
            return action
    return rng.choice(legal)
