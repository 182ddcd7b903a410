"""Rush Out!'s state: the cards and tiles that take dice, the seats, the whole match, and
what the rules ask of a position (targets, which dice fit which slots, the placements)."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Literal

from bot.games.base import Outcome
from bot.games.rushout import data

JsonDict = dict[str, Any]
SCHEMA_VERSION: Final = 1
MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5

Camp = Literal["heroes", "sorcerer"]
PlayMode = Literal["live", "pulse"]
Phase = Literal["play", "market", "over"]

HERO: Final = "heroes"
SORCERER: Final = "sorcerer"
LIVE: Final = "live"
PULSE: Final = "pulse"
PLAY: Final = "play"
MARKET: Final = "market"
OVER: Final = "over"

THROW, PLACE, RECALL, CHECK, DONE, SPEND = "throw", "place", "recall", "check", "done", "spend"
PUSH, AIM, WOUND, DRAIN = "push", "aim", "wound", "drain"
FLIP, SWAP, BUY = "flip", "swap", "buy"
PULSE_END, SPOKE = "pulse end", "spoke"
DRAGON_CODE = "d"
DRAGON_CARD, WOUND_CARD = "dragon", "wound"


# --- state -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Die:
    seat: int
    face: str


Side = list[Die | None]


@dataclass
class Play:
    """A card or tile that takes dice: ``card`` is a card id, a scroll id, or a tile."""

    card: str
    hero: Side = field(default_factory=list)
    sorcerer: Side = field(default_factory=list)
    aimed: int | None = None  # a dissipation card: the hero it faces


@dataclass
class Seat:
    fresh: list[str] = field(default_factory=list)  # faces of the last throw, not placed
    last_throw: float | None = None
    must_check: bool = False
    throws_left: int = 0
    done: bool = False
    xp: int = 0
    equipment: list[str] = field(default_factory=list)
    wound: Play | None = None  # the wounded side of the hero tile, when wounded


@dataclass(frozen=True)
class Pending:
    """A spell's choice the sorcerer owes: ``effect`` of ``card``; ``area`` to refill."""

    effect: str
    card: str
    area: int | None


@dataclass
class RushOutState:
    players: int
    sorcerer: int
    mode: str
    play: PlayMode
    cooldown: float
    pulse_seconds: float
    throws_per_pulse: int
    rng: int
    trial_pool: list[str]
    spell_pool: list[str]
    seats: list[Seat]
    clock: float = 0.0
    round: int = 0
    phase: Phase = PLAY
    started: bool = False
    trial_deck: list[str] = field(default_factory=list)  # top = last
    spell_deck: list[str] = field(default_factory=list)
    trials: list[Play | None] = field(default_factory=list)
    spells: list[Play | None] = field(default_factory=list)
    hexes: list[Play] = field(default_factory=list)
    scrolls: list[Play] = field(default_factory=list)
    dragon: int | None = None
    dragon_tile: Play | None = None
    souls_taken: int = 0
    lives: int = 0
    trophies: dict[str, int] = field(default_factory=lambda: {HERO: 0, SORCERER: 0})
    gold: dict[str, int] = field(default_factory=lambda: {HERO: 0, SORCERER: 0})
    market_equipment: list[str] = field(default_factory=list)
    market_scrolls: list[str] = field(default_factory=list)
    pending: Pending | None = None
    pulse: int = 0
    pulse_end: float | None = None
    outcome: Outcome | None = None
    events: list[JsonDict] = field(default_factory=list)

    @property
    def rules(self) -> data.Mode:
        return data.MODES[self.mode]

    def heroes(self) -> list[int]:
        return [seat for seat in range(self.players) if seat != self.sorcerer]

    def hero_of(self, seat: int) -> data.Hero:
        return data.HEROES[self.heroes().index(seat)]

    def camp(self, seat: int) -> Camp:
        return SORCERER if seat == self.sorcerer else HERO


def _clone_play(play: Play | None) -> Play | None:
    if play is None:
        return None
    return Play(play.card, list(play.hero), list(play.sorcerer), play.aimed)


def _clone_plays(plays: list[Play]) -> list[Play]:
    return [Play(p.card, list(p.hero), list(p.sorcerer), p.aimed) for p in plays]


def clone(state: RushOutState) -> RushOutState:
    """A copy sharing only what is never changed in place (dice, pending, outcome, events)."""
    seats = [
        replace(
            seat,
            fresh=list(seat.fresh),
            equipment=list(seat.equipment),
            wound=_clone_play(seat.wound),
        )
        for seat in state.seats
    ]
    return replace(
        state,
        trial_pool=list(state.trial_pool),
        spell_pool=list(state.spell_pool),
        seats=seats,
        trial_deck=list(state.trial_deck),
        spell_deck=list(state.spell_deck),
        trials=[_clone_play(play) for play in state.trials],
        spells=[_clone_play(play) for play in state.spells],
        hexes=_clone_plays(state.hexes),
        scrolls=_clone_plays(state.scrolls),
        dragon_tile=_clone_play(state.dragon_tile),
        trophies=dict(state.trophies),
        gold=dict(state.gold),
        market_equipment=list(state.market_equipment),
        market_scrolls=list(state.market_scrolls),
        events=list(state.events),
    )


def new_play(card_id: str) -> Play:
    card = data.CARDS[card_id]
    return Play(card_id, [None] * len(card.hero), [None] * len(card.sorcerer))


# --- boards and targets ------------------------------------------------------------------
def targets(state: RushOutState) -> list[tuple[str, Play]]:
    """Every card or tile on the table that may hold dice, with its target code."""
    found: list[tuple[str, Play]] = []
    for prefix, area in (("t", state.trials), ("s", state.spells)):
        found += [(f"{prefix}{index}", play) for index, play in enumerate(area) if play]
    if state.dragon_tile is not None:
        found.append((DRAGON_CODE, state.dragon_tile))
    for seat in state.heroes():
        wound = state.seats[seat].wound
        if wound is not None:
            found.append((f"w{seat}", wound))
    found += [(f"c{index}", play) for index, play in enumerate(state.hexes)]
    found += [(f"x{index}", play) for index, play in enumerate(state.scrolls) if play.sorcerer]
    return found


#: The token of a scroll card that takes dice: ``scroll-x7`` (``x7`` alone would read as the
#: positional code of an eighth scroll).
SCROLL_TOKEN: Final = "scroll-"


def target_token(code: str, play: Play) -> str:
    """How an action names the card or tile at ``code``: by what it is, never by where it
    lies. A trial, spell, curse or dissipation card by its card id (``std05``,
    ``confusion3``), a scroll card by ``scroll-<id>``, the dragon tile ``d``, a hero's wound
    ``w<seat>``. A card that leaves the table takes its name with it: an action naming it
    is refused, never applied to the card that replaced it."""
    if code[0] in "tsc":
        return play.card
    if code[0] == "x":
        return SCROLL_TOKEN + play.card
    return code


def is_token(text: str) -> bool:
    """Whether ``text`` is a card's or tile's name as actions use it (on the table or not)."""
    if text == DRAGON_CODE or (text[:1] == "w" and text[1:].isdigit()):
        return True
    if text.startswith(SCROLL_TOKEN):
        return text[len(SCROLL_TOKEN) :] in data.SCROLLS
    return text in data.CARDS


def locate(state: RushOutState, name: str) -> tuple[str, Play] | None:
    """(code, card) of the card or tile named ``name`` (its token, or its positional code
    ``t1``, ``c0``... for the engine's own use), None when it is not on the table."""
    for code, play in targets(state):
        if name == code or name == target_token(code, play):
            return code, play
    return None


def find_target(state: RushOutState, name: str) -> Play | None:
    found = locate(state, name)
    return None if found is None else found[1]


#: A positional target code of the action grammar before cards were named by id.
_LEGACY_CODE = re.compile(r"[tscx]\d+")


def legacy_action(state: RushOutState, action: str) -> str:
    """An action of the grammar before cards were named by id (``place t1 0 1``, ``swap
    s0``, ``tracker c2``, ``push t0 1``), in today's words for the card at that place in
    ``state``, the state it was applied to (the logs of older matches replay so); any other
    action unchanged."""
    verb, _, rest = action.partition(" ")
    words = rest.split(" ")
    if verb not in (PLACE, PUSH, SWAP, "tracker") or not _LEGACY_CODE.fullmatch(words[0]):
        return action
    play = dict(targets(state)).get(words[0])
    if play is None:
        return action
    return " ".join([verb, target_token(words[0], play), *words[1:]])


def side_symbols(state: RushOutState, code: str, play: Play, camp: str) -> tuple[str, ...]:
    if play.card == DRAGON_CARD:
        return data.DRAGON_TILE[state.players]
    if play.card == WOUND_CARD:
        return (*data.WOUND_SLOTS, state.hero_of(int(code[1:])).skill)
    if play.card in data.SCROLLS:
        return data.SCROLLS[play.card].symbols
    card = data.CARDS[play.card]
    return card.hero if camp == HERO else card.sorcerer


def camp_side(state: RushOutState, code: str, play: Play, camp: str) -> Side | None:
    """The dice list of ``play`` that ``camp`` fills at ``code``, None if it may not."""
    kind = data.CARDS[play.card].kind if play.card in data.CARDS else ""
    if camp == HERO:
        return None if code[0] in "sx" else play.hero
    if code[0] in "sx" or (code[0] == "t" and kind in (data.GOLD, data.CONFRONTATION)):
        return play.sorcerer
    return None


def dragon_blocks(state: RushOutState, code: str) -> bool:
    return code[0] == "t" and state.dragon == int(code[1:]) + 1


def seat_dice(state: RushOutState, seat: int) -> list[tuple[str, Side, int]]:
    """(target code, side, slot) of every placed die of ``seat``."""
    found = []
    for code, play in targets(state):
        for side in (play.hero, play.sorcerer):
            found += [(code, side, i) for i, die in enumerate(side) if die and die.seat == seat]
    return found


def committed_target(state: RushOutState, seat: int) -> str | None:
    placed = seat_dice(state, seat)
    return placed[0][0] if placed else None


def total_dice(state: RushOutState, seat: int) -> int:
    return data.SORCERER_DICE if seat == state.sorcerer else data.HERO_DICE


def condemned(state: RushOutState, seat: int) -> int:
    """Dice held on a Whirlwind: one, however many Whirlwinds face the hero."""
    whirl = any(
        play.aimed == seat and data.CARDS[play.card].effect == data.WHIRLWIND
        for play in state.hexes
    )
    return 1 if whirl else 0


def dice_to_throw(state: RushOutState, seat: int) -> int:
    return total_dice(state, seat) - len(seat_dice(state, seat)) - condemned(state, seat)


def visible_pennants(state: RushOutState) -> set[str]:
    return {data.CARDS[play.card].pennant for play in [*state.trials, *state.spells] if play}


def active_curses(state: RushOutState) -> dict[str, int]:
    counts = dict.fromkeys(data.CURSES, 0)
    for play in state.hexes:
        card = data.CARDS[play.card]
        if card.kind == data.CURSE:
            counts[card.effect] += 1
    return counts


def forbidden_symbols(state: RushOutState, seat: int) -> set[str]:
    prefix = data.FORBID_PREFIX
    effects = [data.CARDS[play.card].effect for play in state.hexes if play.aimed == seat]
    return {effect[len(prefix) :] for effect in effects if effect.startswith(prefix)}


def die_fits(state: RushOutState, seat: int, face: str, symbol: str) -> bool:
    if face == symbol:
        return True
    if face != data.JOKER or symbol == data.JOKER:
        return False
    if seat == state.sorcerer:
        joker_scrolls = {
            data.SCROLLS[p.card].symbols[0]
            for p in state.scrolls
            if data.SCROLLS[p.card].power == data.JOKER_ON
        }
        return symbol in visible_pennants(state) or symbol in joker_scrolls
    counts_as = {state.hero_of(seat).skill}
    counts_as |= {data.EQUIPMENT[item].joker_as for item in state.seats[seat].equipment}
    return symbol in counts_as or data.ANY_SYMBOL in counts_as


def can_fill(state: RushOutState, seat: int, faces: list[str], symbols: list[str]) -> bool:
    """Whether distinct dice among ``faces`` can fill every one of ``symbols``."""
    if not symbols:
        return True
    first, rest = symbols[0], symbols[1:]
    for index, face in enumerate(faces):
        if die_fits(state, seat, face, first):
            others = faces[:index] + faces[index + 1 :]
            if can_fill(state, seat, others, rest):
                return True
    return False


def assign_dice(
    state: RushOutState, seat: int, faces: list[str], symbols: list[str]
) -> list[str] | None:
    """The faces given to each symbol in order (exact faces before Jokers), or None."""
    if not symbols:
        return []
    ordered = sorted(range(len(faces)), key=lambda i: faces[i] == data.JOKER)
    for index in ordered:
        if die_fits(state, seat, faces[index], symbols[0]):
            others = faces[:index] + faces[index + 1 :]
            rest = assign_dice(state, seat, others, symbols[1:])
            if rest is not None:
                return [faces[index], *rest]
    return None


# --- placements ------------------------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """Dice of a seat's last throw on empty slots of one card: ``target`` is where the card
    lies now (its positional code), ``token`` what the action names it by."""

    target: str
    slots: tuple[int, ...]
    token: str = ""

    @property
    def action(self) -> str:
        name = self.token or self.target
        return f"{PLACE} {name} " + " ".join(str(slot) for slot in self.slots)


def _target_open_to(state: RushOutState, seat: int, code: str, play: Play) -> bool:
    if state.camp(seat) == SORCERER:
        return True
    colours = {die.seat for die in play.hero if die}
    if len(colours | {seat}) > data.MAX_HERO_COLOURS:
        return False
    return not (code == DRAGON_CODE and state.dragon == data.DRAGON_TILE_POSITION)


def _slot_groups(
    state: RushOutState, seat: int, symbols: tuple[str, ...], side: Side
) -> list[list[int]]:
    """Empty slots the seat may use, grouped by symbol (lowest index first)."""
    forbidden = forbidden_symbols(state, seat) if state.camp(seat) == HERO else set()
    groups: dict[str, list[int]] = {}
    for index, symbol in enumerate(symbols):
        if side[index] is None and symbol not in forbidden:
            groups.setdefault(symbol, []).append(index)
    return list(groups.values())


def _slot_choices(groups: list[list[int]], limit: int) -> list[tuple[int, ...]]:
    choices: list[tuple[int, ...]] = [()]
    for group in groups:
        choices = [
            choice + tuple(group[:count])
            for choice in choices
            for count in range(len(group) + 1)
            if len(choice) + count <= limit
        ]
    return [tuple(sorted(choice)) for choice in choices if choice]


#: ``placements``' default: look up the target holding the seat's dice.
LOOK_UP: Final = "?"


def placements(state: RushOutState, seat: int, committed: str | None = LOOK_UP) -> list[Placement]:
    """Every distinct placement of the seat's last throw allowed now.

    ``committed``: the target holding the seat's dice when the caller knows it already.
    """
    mine = state.seats[seat]
    if state.phase != PLAY or not mine.fresh or (seat == state.sorcerer and state.pending):
        return []
    camp = state.camp(seat)
    if committed == LOOK_UP:
        committed = committed_target(state, seat)
    one_hand = camp == HERO and active_curses(state)[data.ONE_HAND] > 0
    limit = 1 if one_hand else len(mine.fresh)
    found = []
    for code, play in targets(state):
        side = camp_side(state, code, play, camp)
        if side is None or (committed and committed != code):
            continue
        if not _target_open_to(state, seat, code, play):
            continue
        symbols = side_symbols(state, code, play, camp)
        for slots in _slot_choices(_slot_groups(state, seat, symbols, side), limit):
            if can_fill(state, seat, list(mine.fresh), [symbols[i] for i in slots]):
                found.append(Placement(code, slots, target_token(code, play)))
    return found


def wanted_symbols(state: RushOutState, seat: int) -> set[str]:
    """The symbols of the empty slots ``seat`` could fill now: on the card holding its dice
    if any, else on every card open to it, less those it is forbidden."""
    camp = state.camp(seat)
    committed = committed_target(state, seat)
    forbidden = forbidden_symbols(state, seat) if camp == HERO else set()
    found: set[str] = set()
    for code, play in targets(state):
        side = camp_side(state, code, play, camp)
        if side is None or (committed and committed != code):
            continue
        if not _target_open_to(state, seat, code, play):
            continue
        symbols = side_symbols(state, code, play, camp)
        found |= {symbols[i] for i, die in enumerate(side) if die is None}
    return found - forbidden


def turning_helps(state: RushOutState, seat: int, old: str, new: str) -> bool:
    """Whether turning a die of ``seat`` from ``old`` to ``new`` (a scroll, the Bard) lets it
    fill a slot it could not fill before; a turn that changes nothing is pointless."""
    return any(
        die_fits(state, seat, new, symbol) and not die_fits(state, seat, old, symbol)
        for symbol in wanted_symbols(state, seat)
    )


# --- positions built directly (tests, previews) -------------------------------------------
def arranged(
    state: RushOutState,
    *,
    trials: Sequence[str | None] | None = None,
    spells: Sequence[str | None] | None = None,
    fresh: dict[int, list[str]] | None = None,
    trial_deck: list[str] | None = None,
    spell_deck: list[str] | None = None,
    dragon: int | None = None,
    hexes: list[tuple[str, int | None]] | None = None,
) -> RushOutState:
    """A copy of ``state`` with the given cards face up (empty), dice thrown, decks, dragon.

    Giving ``fresh`` dice counts as the sorcerer's first throw having happened.
    """
    state = copy.deepcopy(state)
    if trials is not None:
        state.trials = [None if card is None else new_play(card) for card in trials]
    if spells is not None:
        state.spells = [None if card is None else new_play(card) for card in spells]
    for seat, faces in (fresh or {}).items():
        state.seats[seat].fresh = list(faces)
        state.started = True
    if trial_deck is not None:
        state.trial_deck = list(trial_deck)
    if spell_deck is not None:
        state.spell_deck = list(spell_deck)
    if dragon is not None:
        state.dragon = dragon
    for card, aimed in hexes or []:
        play = new_play(card)
        play.aimed = aimed
        state.hexes.append(play)
    state.events = []
    return state
