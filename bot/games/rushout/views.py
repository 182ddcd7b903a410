"""What Rush Out! shows: the views' types (read by the renderer and the cog) and how a
state becomes them."""

from __future__ import annotations

import copy
from typing import Any, Literal, NotRequired, TypedDict

from bot.games.rushout import data
from bot.games.rushout.actions import ready_time, seat_done
from bot.games.rushout.rules import choice_actions
from bot.games.rushout.state import (
    DRAGON_CODE,
    FLIP,
    HERO,
    LIVE,
    PLAY,
    PULSE,
    SORCERER,
    Camp,
    Phase,
    Play,
    PlayMode,
    RushOutState,
    Side,
    active_curses,
    assign_dice,
    committed_target,
    condemned,
    dragon_blocks,
    find_target,
    placements,
    seat_dice,
    side_symbols,
    total_dice,
    turning_helps,
    visible_pennants,
)


# --- the views' types -----------------------------------------------------------------------
class SlotView(TypedDict):
    """A slot of a card's side: the symbol it wants, and the die on it (seat and face)."""

    symbol: str
    seat: int | None
    face: str | None


class CardView(TypedDict):
    """A card or tile that takes dice, at its target code (``t1``, ``s0``, ``d``, ``w2``...)."""

    target: str
    card: str  # a card id, a scroll id, or a tile (``dragon``, ``wound``)
    kind: str  # the card's kind (``standard``, ``curse``...), a tile's name otherwise
    effect: str
    pennant: str | None
    aimed: int | None  # a dissipation card: the hero it faces
    dragon: bool  # the dragon sits on it
    hero_slots: list[SlotView]
    sorcerer_slots: list[SlotView]


class DiceView(TypedDict):
    """A seat's dice: the last throw's faces, where the placed ones are, and how many."""

    fresh: list[str]
    on: str | None  # the target code holding its placed dice
    placed: int
    condemned: int
    total: int


class EquipmentView(TypedDict):
    id: str
    joker_as: str


class HeroView(TypedDict):
    seat: int
    hero: str
    colour: str
    skill: str
    wounded: bool
    wound: CardView | None  # the wounded side of the hero tile
    xp: int
    faculty: str | None  # Scenario 6 only
    faculty_cost: int
    equipment: list[EquipmentView]
    dice: DiceView
    must_check: bool


class ScrollView(TypedDict):
    id: str
    power: str
    symbols: list[str]
    card: CardView | None  # a scroll that takes dice


class PendingView(TypedDict):
    """The spell choice the sorcerer owes."""

    effect: str
    card: str


class SorcererView(TypedDict):
    seat: int
    dice: DiceView
    scrolls: list[ScrollView]
    pending: PendingView | None


class DragonView(TypedDict):
    position: int  # 0 the tile, 1-3 the trial slots
    last_step: int  # reaching it, the dragon wins the round for the sorcerer
    tile: CardView


class CursesView(TypedDict):
    """How many copies of each curse face the heroes."""

    silence: int
    one_hand: int
    high_five: int


class SoulsView(TypedDict):
    taken: int
    pool: int


class CampCounts(TypedDict):
    """Trophies or gold, per camp."""

    heroes: int
    sorcerer: int


class MarketEquipmentView(TypedDict):
    id: str
    joker_as: str
    price: int


class MarketScrollView(TypedDict):
    id: str
    power: str
    price: int


class MarketView(TypedDict):
    equipment: list[MarketEquipmentView]
    scrolls: list[MarketScrollView]


class ClockView(TypedDict):
    """The match time (seconds) and what depends on it; per-seat lists by seat."""

    now: float
    cooldown: float
    ready_at: list[float]
    pulse: int | None
    pulse_ends_at: float | None
    throws_left: list[int] | None
    done: list[bool]


class OutcomeView(TypedDict):
    winners: list[int]
    reason: str


class RushOutPublicView(TypedDict):
    """``view(state, None)``: what everyone may know."""

    game: Literal["rushout"]
    mode: str
    mode_title: str
    play: PlayMode
    players: int
    phase: Phase
    round: int
    started: bool  # the sorcerer has thrown this round
    sorcerer: SorcererView
    heroes: list[HeroView]
    trials: list[CardView | None]
    spells: list[CardView | None]
    hexes: list[CardView]  # curse and dissipation cards facing the heroes
    dragon: DragonView | None
    pennants: list[str]
    curses: CursesView
    souls: SoulsView | None
    lives: int | None
    trophies: CampCounts | None
    gold: CampCounts | None
    market: MarketView | None
    clock: ClockView
    to_act: list[int]
    outcome: OutcomeView | None
    events: list[dict[str, Any]]


class PlacementView(TypedDict):
    """A placement of the seat's last throw: its action, the card (``target``: where it
    lies now), the slots it fills with their symbols, and the ``faces`` of the thrown dice
    that go there (in slot order)."""

    action: str
    target: str
    card: str
    slots: list[int]
    symbols: list[str]
    faces: list[str]


class MeView(TypedDict):
    """What a seat's view adds: its camp, its throw, its placements and choices."""

    seat: int
    camp: Camp
    fresh: list[str]
    placements: list[PlacementView]
    choices: list[str]  # the sorcerer's owed spell choice
    actions: list[str]  # the plain legal actions
    idle: list[str]  # legal actions that change nothing now (a die turned to no use)


class RushOutSeatView(RushOutPublicView):
    """``view(state, seat)``: the public view plus ``me`` (absent for a seat not playing)."""

    me: NotRequired[MeView]


# --- building them ---------------------------------------------------------------------------
def _slots_view(symbols: tuple[str, ...], side: Side) -> list[SlotView]:
    return [
        SlotView(
            symbol=symbol,
            seat=None if die is None else die.seat,
            face=None if die is None else die.face,
        )
        for symbol, die in zip(symbols, side, strict=True)
    ]


def _card_view(state: RushOutState, code: str, play: Play) -> CardView:
    card = data.CARDS.get(play.card)

    def slots(camp: Camp, side: Side) -> list[SlotView]:
        return _slots_view(side_symbols(state, code, play, camp), side) if side else []

    return CardView(
        target=code,
        card=play.card,
        kind=card.kind if card else play.card,
        effect=card.effect if card else "",
        pennant=card.pennant if card else None,
        aimed=play.aimed,
        dragon=dragon_blocks(state, code),
        hero_slots=slots(HERO, play.hero),
        sorcerer_slots=slots(SORCERER, play.sorcerer),
    )


def _card_or_none(state: RushOutState, code: str, play: Play | None) -> CardView | None:
    return None if play is None else _card_view(state, code, play)


def _dice_view(state: RushOutState, seat: int) -> DiceView:
    return DiceView(
        fresh=list(state.seats[seat].fresh),
        on=committed_target(state, seat),
        placed=len(seat_dice(state, seat)),
        condemned=condemned(state, seat),
        total=total_dice(state, seat),
    )


def _hero_view(state: RushOutState, seat: int) -> HeroView:
    hero, mine = state.hero_of(seat), state.seats[seat]
    return HeroView(
        seat=seat,
        hero=hero.name,
        colour=hero.colour,
        skill=hero.skill,
        wounded=mine.wound is not None,
        wound=_card_or_none(state, f"w{seat}", mine.wound),
        xp=mine.xp,
        faculty=hero.faculty if state.rules.experience else None,
        faculty_cost=hero.faculty_cost,
        equipment=[
            EquipmentView(id=item, joker_as=data.EQUIPMENT[item].joker_as)
            for item in mine.equipment
        ],
        dice=_dice_view(state, seat),
        must_check=mine.must_check,
    )


def _sorcerer_view(state: RushOutState) -> SorcererView:
    pending = state.pending
    return SorcererView(
        seat=state.sorcerer,
        dice=_dice_view(state, state.sorcerer),
        scrolls=[
            ScrollView(
                id=play.card,
                power=data.SCROLLS[play.card].power,
                symbols=list(data.SCROLLS[play.card].symbols),
                card=_card_view(state, f"x{i}", play) if play.sorcerer else None,
            )
            for i, play in enumerate(state.scrolls)
        ],
        pending=None if pending is None else PendingView(effect=pending.effect, card=pending.card),
    )


def _clock_view(state: RushOutState) -> ClockView:
    seats = range(state.players)
    return ClockView(
        now=state.clock,
        cooldown=state.cooldown if state.play == LIVE else 0.0,
        ready_at=[ready_time(state, seat) for seat in seats],
        pulse=state.pulse if state.play == PULSE else None,
        pulse_ends_at=state.pulse_end,
        throws_left=[state.seats[seat].throws_left for seat in seats]
        if state.play == PULSE
        else None,
        done=[
            seat_done(state, seat)
            if state.play == PULSE and state.phase == PLAY
            else state.seats[seat].done
            for seat in seats
        ],
    )


def _curses_view(state: RushOutState) -> CursesView:
    counts = active_curses(state)
    return CursesView(
        silence=counts[data.SILENCE],
        one_hand=counts[data.ONE_HAND],
        high_five=counts[data.HIGH_FIVE],
    )


def _camp_counts(counts: dict[str, int]) -> CampCounts:
    return CampCounts(heroes=counts[HERO], sorcerer=counts[SORCERER])


def _market_view(state: RushOutState) -> MarketView:
    return MarketView(
        equipment=[
            MarketEquipmentView(
                id=e, joker_as=data.EQUIPMENT[e].joker_as, price=data.EQUIPMENT[e].price
            )
            for e in state.market_equipment
        ],
        scrolls=[
            MarketScrollView(id=x, power=data.SCROLLS[x].power, price=data.SCROLLS[x].price)
            for x in state.market_scrolls
        ],
    )


def public_view(state: RushOutState, to_act: frozenset[int]) -> RushOutPublicView:
    rules, heroes = state.rules, state.heroes()
    return RushOutPublicView(
        game="rushout",
        mode=state.mode,
        mode_title=rules.title,
        play=state.play,
        players=state.players,
        phase=state.phase,
        round=state.round,
        started=state.started,
        sorcerer=_sorcerer_view(state),
        heroes=[_hero_view(state, seat) for seat in heroes],
        trials=[_card_or_none(state, f"t{i}", play) for i, play in enumerate(state.trials)],
        spells=[_card_or_none(state, f"s{i}", play) for i, play in enumerate(state.spells)],
        hexes=[_card_view(state, f"c{i}", play) for i, play in enumerate(state.hexes)],
        dragon=None
        if state.dragon is None or state.dragon_tile is None
        else DragonView(
            position=state.dragon,
            last_step=data.DRAGON_AT_DECK,
            tile=_card_view(state, DRAGON_CODE, state.dragon_tile),
        ),
        pennants=sorted(visible_pennants(state)),
        curses=_curses_view(state),
        souls=SoulsView(taken=state.souls_taken, pool=data.SOULS[len(heroes)])
        if rules.souls
        else None,
        lives=state.lives if rules.lives else None,
        trophies=_camp_counts(state.trophies) if rules.rounds else None,
        gold=_camp_counts(state.gold) if rules.gold else None,
        market=_market_view(state) if rules.gold else None,
        clock=_clock_view(state),
        to_act=sorted(to_act),
        outcome=None
        if state.outcome is None
        else OutcomeView(winners=list(state.outcome.winners), reason=state.outcome.reason),
        events=copy.deepcopy(state.events),
    )


def seat_view(state: RushOutState, seat: int, actions: list[str]) -> MeView:
    """The ``me`` of a seat's view."""
    camp = state.camp(seat)
    found = []
    for placement in placements(state, seat):
        play = find_target(state, placement.target)
        assert play is not None
        symbols = [side_symbols(state, placement.target, play, camp)[i] for i in placement.slots]
        faces = assign_dice(state, seat, list(state.seats[seat].fresh), symbols) or []
        found.append(
            PlacementView(
                action=placement.action,
                target=placement.target,
                card=play.card,
                slots=list(placement.slots),
                symbols=symbols,
                faces=faces,
            )
        )
    return MeView(
        seat=seat,
        camp=camp,
        fresh=list(state.seats[seat].fresh),
        placements=found,
        choices=choice_actions(state) if seat == state.sorcerer else [],
        actions=actions,
        idle=[action for action in actions if _idle(state, seat, action)],
    )


def _idle(state: RushOutState, seat: int, action: str) -> bool:
    """A die turned (a scroll's flip, the Bard's faculty) that fits no slot it did not fit
    before: legal, but it changes nothing."""
    words = action.split(" ")
    if words[0] == FLIP and len(words) == 3:
        return not turning_helps(state, seat, words[1], words[2])
    if words[0] == "bard" and len(words) == 3 and words[1].isdigit():
        return not turning_helps(state, int(words[1]), words[2], data.JOKER)
    return False
