"""Rush Out!'s AI player: a placement's worth, spell choices, the market, when to give up."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from bot.games.base import IllegalAction
from bot.games.rushout import data
from bot.games.rushout.odds import NEVER, Symbol, throws_to_fill
from bot.games.rushout.rules import choice_actions
from bot.games.rushout.state import (
    BUY,
    CHECK,
    DONE,
    DRAGON_CODE,
    HERO,
    MARKET,
    PULSE,
    RECALL,
    SPEND,
    THROW,
    Play,
    RushOutState,
    Side,
    camp_side,
    committed_target,
    condemned,
    die_fits,
    dragon_blocks,
    find_target,
    forbidden_symbols,
    placements,
    seat_dice,
    side_symbols,
    targets,
    total_dice,
)

#: What completing a card is worth, in trials (a trial, a spell: one step of a camp's deck),
#: before what its effect adds now (``_target_value``).
SPELL_BONUS: Final = {
    data.CONFUSION: 0.1,
    data.INVOCATION: 0.4,
    data.DRACOLOGY: 0.5,
    data.DISSIPATION: 0.4,
    data.CURSE: 0.5,
    data.DAMNATION: 0.3,
    data.REGRESSION: 0.0,
}
#: A curse's or dissipation's worth to the heroes who cancel it, by effect.
HEX_VALUE: Final = {
    data.ONE_HAND: 1.6,
    data.HIGH_FIVE: 0.8,
    data.SILENCE: 0.3,
    data.WHIRLWIND: 1.0,
}
FORBID_VALUE: Final = 0.6
#: Throws a free hero takes to join a card (he must notice it and throw).
HELP_DELAY: Final = 1.0
#: Giving up a card: the throws lost, and how much better the other card must look.
RECALL_COST: Final = 1.0
RECALL_MARGIN: Final = 1.5
#: Throws a card may still cost before a placement, at most (what the seat cannot finish
#: alone counts as this much).
SAVING_CAP: Final = 12.0
#: What a card that wins the round (or stops it being lost) is worth.
WINNING: Final = 6.0
SCROLL_BUY_ORDER: Final = ("x8", "x4", "x5", "x6", "x1", "x2", "x7", "x3")
EQUIPMENT_BUY_ORDER: Final = ("e10", "e9", "e1", "e3", "e5", "e7", "e2", "e4", "e6", "e8")


def _dragon_value(state: RushOutState) -> float:
    """A dragon step's worth: more as the dragon nears the heroes' deck."""
    position = state.dragon or 0
    return (0.4, 0.7, 1.5, WINNING)[min(position, 3)]


def _souls_win(state: RushOutState) -> bool:
    """Whether wounding one more hero now would take the souls left (the round)."""
    heroes = state.heroes()
    wounded = sum(1 for hero in heroes if state.seats[hero].wound is not None)
    after = wounded + (1 if wounded < len(heroes) else 0)
    return state.souls_taken + after >= data.SOULS[len(heroes)]


def _target_value(state: RushOutState, seat: int, code: str, play: Play) -> float:
    """What completing the card or tile at ``code`` is worth to the seat's camp now."""
    if seat == state.sorcerer:
        if code[0] == "x":
            fire = data.SCROLLS[play.card].power == data.FIRE_CARD
            return 0.6 + _dragon_value(state) if fire else 0.6
        card = data.CARDS[play.card]
        if code[0] == "t":
            return 0.8 if card.kind == data.GOLD else 1.0
        value = 1.0 + SPELL_BONUS.get(card.kind, 0.0)
        if card.kind == data.DRACOLOGY and state.dragon is not None:
            value += _dragon_value(state) * (2 if card.effect == data.DRAGON_TWO else 1)
        if card.kind == data.DAMNATION and state.rules.souls:
            value += 0.3 * state.souls_taken
            if card.effect == data.WOUND_AND_SOULS and _souls_win(state):
                value += WINNING
        return value
    if code == DRAGON_CODE:
        return _dragon_value(state)
    if code[0] == "w":
        if not state.rules.souls:
            return 0.1
        return WINNING / 2 if _souls_win(state) else 0.5 + 0.2 * state.souls_taken
    if code[0] == "c":
        effect = data.CARDS[play.card].effect
        return HEX_VALUE.get(effect, FORBID_VALUE)
    return 1.0


def _need(state: RushOutState, seat: int, symbols: list[str]) -> tuple[Symbol, ...]:
    """The symbols still needed, as ``odds`` reads them for this seat's dice."""
    faces = data.SORCERER_FACES if seat == state.sorcerer else data.HERO_FACES
    forbidden = forbidden_symbols(state, seat) if seat != state.sorcerer else set()
    need = []
    for symbol in sorted(set(symbols)):
        count = symbols.count(symbol)
        if symbol in forbidden:
            need.append(Symbol(count, 0, False))
        elif symbol == data.JOKER:
            need.append(Symbol(count, faces.count(data.JOKER), False, True))
        else:
            joker = die_fits(state, seat, data.JOKER, symbol)
            need.append(Symbol(count, faces.count(symbol), joker))
    return tuple(need)


def _throws(state: RushOutState, seat: int, symbols: list[str], dice: int) -> float:
    faces = data.SORCERER_FACES if seat == state.sorcerer else data.HERO_FACES
    need = _need(state, seat, symbols)
    return throws_to_fill(need, dice, faces.count(data.JOKER), len(faces))


def _hands(state: RushOutState) -> dict[int, int]:
    """Each seat's dice it may throw (not on a card, not condemned), counted once a move
    (``dice_to_throw`` of every seat, in one look at the table)."""
    hands = {
        seat: total_dice(state, seat) - condemned(state, seat) for seat in range(state.players)
    }
    for _, play in targets(state):
        for side in (play.hero, play.sorcerer):
            for die in side:
                if die is not None:
                    hands[die.seat] -= 1
    return hands


def _free_heroes(state: RushOutState, seat: int, hands: dict[int, int]) -> list[int]:
    """Heroes other than ``seat`` with no die on a card: they could join one."""
    busy = {die.seat for _, play in targets(state) for die in play.hero if die is not None}
    return [hero for hero in state.heroes() if hero != seat and hero not in busy and hands[hero]]


def _eta(
    state: RushOutState,
    seat: int,
    code: str,
    play: Play,
    side: Side,
    filling: tuple[int, ...],
    hands: dict[int, int],
    mine: bool = True,
) -> float:
    """Expected throws until the card at ``code`` is complete once ``filling`` (slots of
    the seat's last throw) are placed: the seat's dice left in hand and those of any other
    seat on the card, or a free hero who could still join it."""
    if dragon_blocks(state, code):
        return NEVER
    camp = state.camp(seat)
    symbols = side_symbols(state, code, play, camp)
    left = [symbols[i] for i, die in enumerate(side) if die is None and i not in filling]
    if not left:
        return 0.0
    others = {die.seat for die in side if die is not None and die.seat != seat}
    dice = hands[seat] - len(filling) if mine else 0
    dice += sum(hands[other] for other in others)
    eta = _throws(state, seat, left, dice)
    if camp == HERO and eta >= NEVER and len(others) + 1 < data.MAX_HERO_COLOURS:
        helpers = [hands[hero] for hero in _free_heroes(state, seat, hands)]
        if helpers:
            eta = min(NEVER, _throws(state, seat, left, dice + max(helpers)) + HELP_DELAY)
    return eta


def _open_targets(state: RushOutState, seat: int) -> list[tuple[str, Play, Side]]:
    """The cards and tiles the seat's camp may fill and the seat may join now."""
    camp = state.camp(seat)
    found = []
    for code, play in targets(state):
        side = camp_side(state, code, play, camp)
        if side is None or dragon_blocks(state, code):
            continue
        if camp == HERO:
            colours = {die.seat for die in side if die is not None} | {seat}
            if len(colours) > data.MAX_HERO_COLOURS:
                continue
            if code == DRAGON_CODE and state.dragon == data.DRAGON_TILE_POSITION:
                continue
        found.append((code, play, side))
    return found


def _worth(state: RushOutState, seat: int, code: str, play: Play, eta: float) -> float:
    """A card's worth per throw still needed: the AI finishes what pays soonest."""
    return _target_value(state, seat, code, play) / (1.0 + eta)


@dataclass(frozen=True)
class Scored:
    """A placement as the normal AI weighs it: ``score`` (throws saved on the card, weighed
    by its worth), ``eta`` (throws the card still needs after it: 0, it completes the card),
    ``filled`` (slots it fills)."""

    score: float
    action: str
    eta: float
    filled: int


def scored_placements(state: RushOutState, seat: int) -> list[Scored]:
    """The placements of the seat's last throw that leave a card it can still complete,
    with the normal AI's score, in ``placements`` order (none on a card that can never be
    completed, none that leaves the seat nothing to throw with a card still open)."""
    found = []
    committed = committed_target(state, seat)
    hands = _hands(state)
    for placement in placements(state, seat):
        play = find_target(state, placement.target)
        assert play is not None
        side = camp_side(state, placement.target, play, state.camp(seat))
        assert side is not None
        eta = _eta(state, seat, placement.target, play, side, placement.slots, hands)
        if eta >= NEVER or (eta > 0 and hands[seat] <= len(placement.slots)):
            continue  # keep a die to throw unless the card is then complete
        # Joining another seat's card: what it still costs them without this seat's dice.
        joining = committed is None and any(die is not None for die in side)
        before = _eta(state, seat, placement.target, play, side, (), hands, not joining)
        value = _target_value(state, seat, placement.target, play)
        score = value * (min(SAVING_CAP, before) - eta) - 0.01 * eta
        found.append(Scored(score, placement.action, eta, len(placement.slots)))
    return found


def _best_placement(state: RushOutState, seat: int) -> str | None:
    """The placement that saves the most throws on a card, weighed by the card's worth;
    None when no placement saves any (then the seat throws again)."""
    best: Scored | None = None
    for scored in scored_placements(state, seat):
        if best is None or scored.score > best.score:
            best = scored
    if best is None or best.score <= 0:
        return None
    return best.action


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


def _should_recall(state: RushOutState, seat: int) -> bool:
    """Give up the card holding the seat's dice when another card now pays much better."""
    code = committed_target(state, seat)
    if code is None:
        return False
    if dragon_blocks(state, code):
        return True
    play = find_target(state, code)
    assert play is not None
    side = camp_side(state, code, play, state.camp(seat))
    if side is None:
        return True
    hands = _hands(state)
    now = _worth(state, seat, code, play, _eta(state, seat, code, play, side, (), hands))
    mine = [(c, s, i) for c, s, i in seat_dice(state, seat) if c == code]
    all_dice = hands[seat] + len(mine)
    best = 0.0
    for other, other_play, other_side in _open_targets(state, seat):
        if other == code:
            continue
        symbols = side_symbols(state, other, other_play, state.camp(seat))
        left = [symbols[i] for i, die in enumerate(other_side) if die is None]
        partners = {die.seat for die in other_side if die is not None}
        dice = all_dice + sum(hands[partner] for partner in partners)
        eta = _throws(state, seat, left, dice) + RECALL_COST
        best = max(best, _worth(state, seat, other, other_play, eta))
    return best > now * RECALL_MARGIN


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
    if state.play == PULSE and state.seats[seat].throws_left <= 0:
        # A pulse's throws spent: recalling now would only lose what lies on the card.
        for action in (SPEND, _faculty_choice(state, legal), DONE):
            if action in legal:
                assert action is not None
                return action
    if RECALL in legal and _should_recall(state, seat):
        return RECALL
    if THROW not in legal:
        # Every die is on a card someone else must finish: take one back to throw it.
        one = [action for action in legal if action.startswith(RECALL + " ")]
        if one:
            return one[-1]
    for action in (SPEND, _faculty_choice(state, legal), THROW, RECALL, DONE):
        if action in legal:
            assert action is not None
            return action
    return rng.choice(legal)
