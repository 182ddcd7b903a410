"""Rush Out! tables: dice, heroes, cards, the dragon, the market and every mode's decks.

Everything marked DESIGNED in ``docs/rules/rushout.md`` lives here as data, so a
value can be tuned without touching the rules engine. Only the engine (this package),
its tests, its renderer and its cog read it.

Card ids are stable strings (they are stored in saved games): ``std01``..``std20``,
``gold1``..``gold4``, ``conf1``..``conf6``, and ``<kind><n>`` for spells (``confusion1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# --- dice (DESIGNED faces) ------------------------------------------------------------------
JOKER: Final = "J"
FIRE, SWORD, STEP, KEY, HEART = "F", "S", "P", "K", "H"
HERO_FACES: Final = (FIRE, SWORD, STEP, KEY, HEART, JOKER)
PLANT, WATER, AIR, LIGHTNING, FLAME = "pl", "ea", "ai", "ec", "fe"
SORCERER_SYMBOLS: Final = (PLANT, WATER, AIR, LIGHTNING, FLAME)
SORCERER_FACES: Final = (*SORCERER_SYMBOLS, JOKER)
HERO_DICE: Final = 3
SORCERER_DICE: Final = 5


# --- heroes (DESIGNED skills), given to the hero seats in seat order ---------------------------
@dataclass(frozen=True)
class Hero:
    name: str
    colour: str
    skill: str  # the symbol the hero's Joker counts as
    faculty: str  # Scenario 6
    faculty_cost: int


HEROES: Final = (
    Hero("warrior", "green", SWORD, "warrior", 3),
    Hero("tracker", "brown", STEP, "tracker", 2),
    Hero("bard", "blue", KEY, "bard", 1),
    Hero("cleric", "white", HEART, "cleric", 3),
)
#: The wounded side of a hero tile: these symbols, then the hero's skill symbol.
WOUND_SLOTS: Final = (HEART, HEART)
#: At most this many hero colours on one card, tile or the dragon tile.
MAX_HERO_COLOURS: Final = 2

# --- cards ----------------------------------------------------------------------------------
STANDARD, GOLD, CONFRONTATION = "standard", "gold", "confrontation"
CONFUSION, INVOCATION, DRACOLOGY = "confusion", "invocation", "dracology"
DISSIPATION, CURSE, DAMNATION, REGRESSION = "dissipation", "curse", "damnation", "regression"
SPELL_KINDS: Final = (CONFUSION, INVOCATION, DRACOLOGY, DISSIPATION, CURSE, DAMNATION, REGRESSION)
TRIAL_KINDS: Final = (STANDARD, GOLD, CONFRONTATION)

# Spell effects (the variant of a kind)
PUSH_ONE, PUSH_ALL = "push_one", "push_all"
DRAGON_ONE, DRAGON_TWO = "dragon_one", "dragon_two"
WHIRLWIND = "whirlwind"
FORBID_PREFIX = "forbid_"  # forbid_F: the hero may not place a die on an F slot
SILENCE, ONE_HAND, HIGH_FIVE = "silence", "one_hand", "high_five"
WOUND_AND_SOULS, WOUND_TWO = "wound_souls", "wound_two"
DRAIN_ONE, DRAIN_ALL = "drain_one", "drain_all"
CURSES: Final = (SILENCE, ONE_HAND, HIGH_FIVE)


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    hero: tuple[str, ...]  # hero-side slots (trials; the cancel side of spells)
    sorcerer: tuple[str, ...]  # sorcerer-side slots (spells; gold and confrontation)
    pennant: str
    players: int = 3  # trials: the least number of players the card is used with
    most_players: int = 5  # ... and the most
    effect: str = ""  # spells: which variant of the kind


def _slots(text: str) -> tuple[str, ...]:
    """'pl ea ai' -> the sorcerer symbols of a card side."""
    return tuple(text.split())


#: (least number of players, hero slots, pennant). No card for 3 players shows the Flame
#: pennant; some for 4+ and all for 5 do: with more heroes the sorcerer's Jokers reach the
#: spells' Flame slots more often, which keeps the race close at every table size.
_STANDARD: Final = (
    (3, "SS", PLANT), (3, "KK", WATER), (3, "PP", AIR), (3, "FF", LIGHTNING),
    (4, "SPK", FLAME), (3, "FSP", PLANT), (3, "KPH", WATER), (3, "FKS", AIR),
    (3, "PPS", LIGHTNING), (4, "SSFP", FLAME), (3, "SSF", PLANT), (3, "KKP", WATER),
    (3, "FK", AIR), (3, "PK", LIGHTNING), (4, "FK", WATER), (4, "PS", PLANT),
    (5, "SP", FLAME), (5, "SKF", FLAME), (5, "HSP", FLAME), (5, "KH", FLAME),
)  # fmt: skip
_GOLD: Final = (
    (4, "KKF", "ea ea pl", AIR), (3, "PS", "fe fe fe ai", LIGHTNING),
    (3, "SK", "fe fe pl ea", PLANT), (5, "SSKK", "fe fe ec ec", FLAME),
)  # fmt: skip
#: (least and most players, hero slots, sorcerer slots, pennant). Two heroes must take four
#: lives (the text's), so at 3 players the second card is a single Step (``conf6``).
_CONFRONTATION: Final = (
    (3, 5, "SSF", "fe fe fe ec", AIR), (4, 5, "PKS", "pl ai ea", PLANT),
    (3, 5, "FPS", "ec ec pl", WATER), (4, 5, "SSS", "fe ea ai pl", LIGHTNING),
    (5, 5, "SSFFK", "ec ec fe fe", PLANT), (3, 3, "P", "pl ai ea", PLANT),
)  # fmt: skip

#: Per spell kind: (effect, sorcerer side, hero side or "", pennant). No spell shows the
#: Flame pennant (only trials marked 4+ and 5 do).
_SPELLS: Final[dict[str, tuple[tuple[str, str, str, str], ...]]] = {
    CONFUSION: (
        (PUSH_ONE, "fe pl ai", "", PLANT), (PUSH_ONE, "ea ea", "", WATER),
        (PUSH_ONE, "fe ai ec", "", AIR), (PUSH_ONE, "ec fe", "", LIGHTNING),
        (PUSH_ONE, "pl ea", "", LIGHTNING), (PUSH_ALL, "ec ec ai", "", PLANT),
        (PUSH_ALL, "fe ea pl", "", WATER), (PUSH_ALL, "fe ec ea", "", AIR),
    ),
    INVOCATION: (
        ("", "pl pl", "SSP", PLANT), ("", "fe ea pl", "P", WATER), ("", "fe ai ec", "S", AIR),
        ("", "fe ec ea", "P", LIGHTNING), ("", "fe pl ai", "S", PLANT),
        ("", "fe ai ea", "P", WATER), ("", "fe ea ec", "S", AIR),
    ),
    DRACOLOGY: (
        (DRAGON_ONE, "pl ai", "", PLANT), (DRAGON_ONE, "fe fe ea", "", WATER),
        (DRAGON_ONE, "fe ai ec", "", AIR), (DRAGON_ONE, "fe fe ai pl", "", LIGHTNING),
        (DRAGON_ONE, "fe ea ec pl", "", PLANT), (DRAGON_ONE, "fe pl ai ea", "", WATER),
        (DRAGON_TWO, "pl ea ai ec fe", "", WATER),
    ),
    DISSIPATION: (
        (WHIRLWIND, "ai ai ec", "KP", PLANT), (WHIRLWIND, "pl pl fe", "SP", WATER),
        (FORBID_PREFIX + FIRE, "ea ea pl", "SS", AIR),
        (FORBID_PREFIX + SWORD, "fe ai", "PKF", LIGHTNING),
        (FORBID_PREFIX + STEP, "fe pl", "FSK", PLANT),
        (FORBID_PREFIX + KEY, "fe ea", "FPS", WATER),
    ),
    CURSE: (
        (SILENCE, "pl ea ai", "SKP", PLANT), (SILENCE, "ec fe pl", "FSP", WATER),
        (ONE_HAND, "ea ea ec", "PPK", AIR), (ONE_HAND, "ai fe fe", "FFS", LIGHTNING),
        (HIGH_FIVE, "pl pl ec", "SSK", PLANT), (HIGH_FIVE, "ea ai fe", "KKP", WATER),
    ),
    DAMNATION: (
        (WOUND_AND_SOULS, "pl ea ai ec", "", PLANT), (WOUND_AND_SOULS, "fe ea", "", WATER),
        (WOUND_AND_SOULS, "fe ai", "", AIR), (WOUND_AND_SOULS, "fe pl", "", LIGHTNING),
        (WOUND_TWO, "pl pl ec", "", PLANT), (WOUND_TWO, "fe ec", "", WATER),
        (WOUND_TWO, "fe ai pl", "", AIR),
    ),
    REGRESSION: (
        (DRAIN_ONE, "pl ai", "", PLANT), (DRAIN_ONE, "ea ec fe", "", WATER),
        (DRAIN_ONE, "fe pl ea", "", AIR), (DRAIN_ONE, "ai ea pl", "", LIGHTNING),
        (DRAIN_ALL, "ec ec fe", "", PLANT), (DRAIN_ALL, "pl ea ai fe", "", WATER),
    ),
}  # fmt: skip


def _build_cards() -> dict[str, Card]:
    cards: list[Card] = []
    for number, (players, hero, pennant) in enumerate(_STANDARD, 1):
        cards.append(Card(f"std{number:02}", STANDARD, tuple(hero), (), pennant, players))
    for number, (players, hero, sorcerer, pennant) in enumerate(_GOLD, 1):
        cards.append(Card(f"gold{number}", GOLD, tuple(hero), _slots(sorcerer), pennant, players))
    for number, (players, most, hero, sorcerer, pennant) in enumerate(_CONFRONTATION, 1):
        sides = tuple(hero), _slots(sorcerer)
        cards.append(Card(f"conf{number}", CONFRONTATION, *sides, pennant, players, most))
    for kind, entries in _SPELLS.items():
        for index, (effect, sorcerer, hero, pennant) in enumerate(entries):
            cards.append(
                Card(
                    f"{kind}{index + 1}",
                    kind,
                    tuple(hero),
                    _slots(sorcerer),
                    pennant,
                    effect=effect,
                )
            )
    return {card.id: card for card in cards}


CARDS: Final = _build_cards()


def cards_of(kind: str) -> tuple[str, ...]:
    return tuple(card.id for card in CARDS.values() if card.kind == kind)


# --- the dragon (DESIGNED) --------------------------------------------------------------------
#: Dragon positions: 0 the dragon tile, 1..3 the trial slots, 4 the heroes' deck (sorcerer wins).
DRAGON_TILE_POSITION: Final = 0
DRAGON_AT_DECK: Final = 4
#: The dragon tile's slots by number of players: a Joker slot takes a raw Joker face only, a
#: symbol slot that face or a hero's Joker counting as it.
DRAGON_TILE: Final = {
    3: (JOKER, HEART, STEP),
    4: (JOKER, JOKER, JOKER),
    5: (JOKER, JOKER, JOKER, HEART),
}
#: Dice of at most this many heroes on the dragon tile at once.
MAX_DRAGON_TILE_HEROES: Final = 2

# --- equipment and scrolls (prices from the text, split DESIGNED) -----------------------------
ANY_SYMBOL: Final = "*"


@dataclass(frozen=True)
class Equipment:
    id: str
    joker_as: str  # a hero Joker may also count as this symbol (ANY_SYMBOL: any symbol)
    price: int


EQUIPMENT: Final = {
    item.id: item
    for item in (
        Equipment("e1", FIRE, 1), Equipment("e2", FIRE, 1), Equipment("e3", KEY, 1),
        Equipment("e4", KEY, 1), Equipment("e5", STEP, 1), Equipment("e6", STEP, 1),
        Equipment("e7", SWORD, 1), Equipment("e8", SWORD, 1), Equipment("e9", HEART, 2),
        Equipment("e10", ANY_SYMBOL, 3),
    )
}  # fmt: skip

FLIP, SWAP, JOKER_ON, LIGHTNING_CARD, FIRE_CARD = "flip", "swap", "joker_on", "lightning", "fire"


@dataclass(frozen=True)
class Scroll:
    id: str
    power: str
    symbols: tuple[str, ...]  # flip: the two faces; joker_on: the slot symbol; cards: slots
    price: int


SCROLLS: Final = {
    item.id: item
    for item in (
        Scroll("x1", FLIP, (PLANT, WATER), 2),
        Scroll("x2", FLIP, (PLANT, AIR), 2),
        Scroll("x3", SWAP, (), 1),
        Scroll("x4", JOKER_ON, (WATER,), 1),
        Scroll("x5", JOKER_ON, (PLANT,), 1),
        Scroll("x6", JOKER_ON, (AIR,), 1),
        Scroll("x7", LIGHTNING_CARD, (LIGHTNING, LIGHTNING), 2),
        Scroll("x8", FIRE_CARD, (FLAME,) * 5, 3),
    )
}
#: Gold coin cards a camp discards during a round to discard the top card of its own deck.
GOLD_PER_DISCARD: Final = 2
#: The gold token the camp that lost a round receives for the market.
GOLD_TOKEN: Final = 1


# --- modes (compositions from the text) -------------------------------------------------------
@dataclass(frozen=True)
class Mode:
    key: str
    title: str
    spells: tuple[tuple[str, int], ...]
    trials: tuple[str, ...]
    dragon: bool = True
    rounds: bool = True  # scenarios: rounds and trophies
    gold: bool = False  # gold coin cards, gold token and market
    souls: bool = False
    lives: bool = False
    experience: bool = False


def _spells(*counts: int) -> tuple[tuple[str, int], ...]:
    return tuple((kind, n) for kind, n in zip(SPELL_KINDS, counts, strict=False) if n)


MODES: Final = {
    mode.key: mode
    for mode in (
        Mode("training1", "Training 1", _spells(8, 7), (STANDARD,), dragon=False, rounds=False),
        Mode("training2", "Training 2", _spells(6, 6, 5), (STANDARD,), rounds=False),
        Mode("scenario1", "Scenario 1", _spells(5, 4, 5, 5), (STANDARD,)),
        Mode("scenario2", "Scenario 2", _spells(6, 5, 5, 5), (STANDARD, GOLD), gold=True),
        Mode("scenario3", "Scenario 3", _spells(5, 4, 5, 4, 4), (STANDARD, GOLD), gold=True),
        Mode(
            "scenario4", "Scenario 4", _spells(4, 3, 5, 4, 4, 5), (STANDARD, GOLD),
            gold=True, souls=True,
        ),
        Mode(
            "scenario5", "Scenario 5", _spells(4, 3, 5, 4, 4, 5), TRIAL_KINDS,
            gold=True, souls=True, lives=True,
        ),
        Mode(
            "scenario6", "Scenario 6", _spells(0, 3, 5, 3, 3, 5, 3), TRIAL_KINDS,
            gold=True, souls=True, lives=True, experience=True,
        ),
    )
}  # fmt: skip
DEFAULT_MODE: Final = "training1"
TROPHIES_TO_WIN: Final = 2
#: Soul tokens by number of heroes (Scenario 4+).
SOULS: Final = {2: 7, 3: 8, 4: 8}
#: Life tokens by number of heroes (Scenario 5+).
LIVES: Final = {2: 4, 3: 5, 4: 6}
#: Cards set aside unseen when an experienced sorcerer faces beginners (option ``handicap``).
HANDICAP_TRIALS: Final = 2
#: Trial cards revealed at the start of a round, each slot's; the first ones must be standard.
AREA_SLOTS: Final = 3

# --- real time (DESIGNED in the ruling) --------------------------------------------------------
DEFAULT_COOLDOWN: Final = 2.5
#: The live cooldown a lobby may choose, in seconds.
MIN_COOLDOWN: Final = 1.5
MAX_COOLDOWN: Final = 6.0
DEFAULT_PULSE_SECONDS: Final = 3600.0
MIN_PULSE_SECONDS: Final = 60.0
MAX_PULSE_SECONDS: Final = 12 * 3600.0
DEFAULT_THROWS_PER_PULSE: Final = 3
MAX_THROWS_PER_PULSE: Final = 6
