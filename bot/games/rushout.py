"""Rush Out!: one sorcerer against 2-4 heroes, everyone throwing dice onto cards at once.

Rules: ``docs/rules/rushout.md``; tables in :mod:`bot.games.rushout_data`.

Seats. The sorcerer sits at ``options["sorcerer"]`` (default 0; ``"random"`` draws it from
the seed); the other seats are the heroes, who get Warrior, Tracker, Bard, Cleric (green,
brown, blue, white) in seat order. Options: ``mode`` (``training1`` default: the text's
own first game; ``training2``, ``scenario1`` .. ``scenario6``), ``play`` (``live`` default
or ``pulse``), ``cooldown`` (seconds, live; default 2.5), ``pulse_seconds`` (60 s .. 12 h,
default 1 h), ``throws_per_pulse`` (default 3), ``handicap`` (True: two trial cards are set
aside unseen, the text's help for beginner heroes).

Action grammar (ASCII, <= 60 characters):

* ``throw`` re-throws all your dice not on a card (the text: always all together);
* ``place <target> <slot> [<slot> ...]`` puts dice of your last throw on empty slots of one
  target (one placement per throw). Targets: ``t0``-``t2`` trial slots 1-3, ``s0``-``s2``
  the sorcerer's spell slots, ``d`` the dragon tile, ``w<seat>`` a wounded hero's tile,
  ``c<i>`` the i-th curse/dissipation card facing the heroes, ``x<i>`` the sorcerer's i-th
  scroll card that takes dice. Slots index the side of the card your camp fills. The engine
  picks which of your dice go where (dice of one seat differ only by face, and a die left
  over is re-thrown anyway); of slots showing the same symbol the lowest free ones are
  listed, so each distinct placement appears once;
* ``recall`` takes all your dice off the card they are on, ``recall <slot>`` one of them
  (they are re-thrown with the next throw, never placed before);
* ``check`` (High five curse) before throwing again after completing a card;
* sorcerer's choices after a spell: ``push <target> [<slot>]`` (confusion, Lightning
  scroll), ``aim <seat>`` (dissipation), ``wound <seat> [<seat>]`` (damnation),
  ``drain <seat>`` (regression); while one is owed the sorcerer does nothing else;
* ``spend`` two gold coin cards to discard the top card of your own deck;
* scrolls: ``flip <face> <face>`` turns a die of your last throw; ``swap s<i>`` exchanges an
  available spell with the top of the deck; faculties (Scenario 6): ``bard <seat> <face>``,
  ``tracker c<i>``, ``warrior``, ``cleric <seat>``;
* market (between rounds, Scenario 2+): ``buy <item>`` (``e1``..``e10`` equipment for
  yourself, ``x1``..``x8`` scrolls), ``done`` when finished; in pulse mode ``done`` also
  ends your part of the pulse.

Time (``bot.games.base.HasClock``): ``apply_at``/``legal_actions_at`` take the match time.
Live mode: every seat may act at any time; a throw sooner than ``cooldown`` after the
seat's previous one is refused (key ``cooldown``, param ``seconds`` left). Pulse mode: each
seat has ``throws_per_pulse`` throws per pulse, no cooldown; the pulse ends at its deadline
(system action ``pulse end`` by ``SYSTEM_SEAT``, due at ``next_deadline``; an action
applied past the deadline ends the pulse first by itself) or at once when every seat has
pressed ``done`` or has nothing left to do (no throw left, nothing to place). The plain
``apply`` is ``apply_at`` at the earliest allowed time: a throw happens just as the seat's
cooldown ends (so the clock moves on), ``pulse end`` at the deadline, the rest at the time
of the last action. System action ``spoke <seat>``: the platform reports a hero's chat
message while Silence is active; the sorcerer discards his top card.

Readings (where the text allows several, or a body becomes a button):

* one placement per throw; dice of the throw not placed then wait for the next throw;
* heroes may not throw before the sorcerer's first throw of the round (both modes);
* the dragon tile takes no dice while the dragon sits on it; the dragon blocks both sides
  of the card under it; a card full when the dragon leaves it is completed then;
* a gold coin or confrontation card the sorcerer completes is refilled from the trial deck
  (a hero reveals it), which may be the heroes' last card;
* a camp whose deck runs empty by a discard (gold, Silence) has revealed its last card;
* a dissipation Whirlwind condemns an unplaced die if the hero has one, else the last die
  he placed; High five binds the heroes whose dice completed the card;
* spell choices with a single option resolve by themselves; the spell slot is refilled
  after the choice;
* lives, souls, wounds and experience are reset every round (the trial deck is rebuilt
  whole, experience cards included); equipment and scrolls last the whole match;
* experience (Scenario 6) goes to the participant with the least, then the lowest seat
  (the text lets them decide); invocation cards completed as trials count;
* confusion and the Lightning scroll may push dice off any card or tile holding hero dice,
  a full card under the dragon included;
* "turning a die" (scroll flips, the Bard's faculty) applies to a die of the last throw not
  placed yet; a hero buys equipment for himself (the text lets the heroes agree on who gets
  what: each one presses his own ``buy``), paid from the heroes' common gold;
* a curse card always goes to the heroes' side (the text: "may").

Views. Public (``view(state, None)``): ``game``, ``mode``, ``mode_title``, ``play`` (live,
pulse), ``players``, ``phase`` (play, market, over), ``round``, ``started`` (the sorcerer
has thrown this round), ``sorcerer`` {seat, dice, scrolls: [{id, power, symbols, card}],
pending: {effect, card} | None}, ``heroes`` [{seat, hero, colour, skill, wounded, wound
(the tile as a card, or None), xp, faculty, faculty_cost, equipment: [{id, joker_as}],
dice, must_check}] where dice = {fresh (faces of the last throw), on (target code or None),
placed, condemned, total}; ``trials`` and ``spells`` (three slots each, None when empty)
and ``hexes``: cards {target, card, kind, effect, pennant, aimed, dragon (the dragon sits on
it), hero_slots, sorcerer_slots: [{symbol, seat, face}]}; ``dragon`` {position (0 tile,
1-3 trial slots), last_step (4: the sorcerer wins), tile} | None; ``pennants`` (visible
now), ``curses`` {silence, one_hand, high_five: active copies}, ``souls`` {taken, pool} |
None, ``lives`` | None, ``trophies`` | None, ``gold`` {heroes, sorcerer} | None, ``market``
{equipment: [{id, joker_as, price}], scrolls: [{id, power, price}]} | None, ``clock`` {now,
cooldown, ready_at: per seat, pulse, pulse_ends_at, throws_left: per seat | None, done: per
seat}, ``to_act``, ``outcome``, ``events``. A seat's view is the public one plus ``me``:
{seat, camp, fresh, placements: [{action, target, card, slots, symbols}], choices (the
sorcerer's owed spell choice), actions (the plain legal list)}. No deck or discard size or
order appears anywhere; nothing in the game is secret from a seat beyond that.

Events (``type``): threw, placed, recalled, completed, revealed, spell, invoked, dragon,
pushed, aimed, cursed, wounded, souls, healed, drained, xp, life, gold, discarded_top,
checked, flipped, swapped, faculty, bought, done, spoke, round_won, market, round_started,
pulse_ended, game_over.
"""

from __future__ import annotations

import copy
import math
import random
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.games import rushout_data as data
from bot.games.base import SYSTEM_SEAT, IllegalAction, Outcome, SeededRng, require

JsonDict = dict[str, Any]
SCHEMA_VERSION: Final = 1

HERO, SORCERER = "heroes", "sorcerer"
LIVE, PULSE = "live", "pulse"
PLAY, MARKET, OVER = "play", "market", "over"

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
    play: str
    cooldown: float
    pulse_seconds: float
    throws_per_pulse: int
    rng: int
    trial_pool: list[str]
    spell_pool: list[str]
    seats: list[Seat]
    clock: float = 0.0
    round: int = 0
    phase: str = PLAY
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

    def camp(self, seat: int) -> str:
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


def find_target(state: RushOutState, code: str) -> Play | None:
    return dict(targets(state)).get(code)


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
    target: str
    slots: tuple[int, ...]

    @property
    def action(self) -> str:
        return f"{PLACE} {self.target} " + " ".join(str(slot) for slot in self.slots)


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
                found.append(Placement(code, slots))
    return found


# --- setup -----------------------------------------------------------------------------
def _choose_pools(mode: data.Mode, players: int, rng: SeededRng) -> tuple[list[str], list[str]]:
    trials = [
        card.id
        for card in data.CARDS.values()
        if card.kind in mode.trials and card.players <= players
    ]
    spells: list[str] = []
    for kind, count in mode.spells:
        kind_cards = list(data.cards_of(kind))
        rng.shuffle(kind_cards)
        spells += sorted(kind_cards[:count])
    return trials, spells


def _start_round(state: RushOutState, events: list[JsonDict]) -> None:
    rng = SeededRng(state.rng)
    state.round += 1
    state.phase = PLAY
    state.started = False
    state.pending = None
    state.hexes = []
    state.souls_taken = 0
    state.lives = data.LIVES[len(state.heroes())] if state.rules.lives else 0
    state.gold = {HERO: 0, SORCERER: 0}
    for seat in state.seats:
        seat.fresh, seat.must_check, seat.wound, seat.xp = [], False, None, 0
    for play in state.scrolls:
        play.sorcerer = [None] * len(play.sorcerer)
    trial_deck = list(state.trial_pool)
    rng.shuffle(trial_deck)
    state.trials = []
    set_aside: list[str] = []
    while len(state.trials) < data.AREA_SLOTS:
        card = trial_deck.pop()
        if data.CARDS[card].kind == data.STANDARD:
            state.trials.append(_new_play(card))
        else:
            set_aside.append(card)
    trial_deck += set_aside
    rng.shuffle(trial_deck)
    spell_deck = list(state.spell_pool)
    rng.shuffle(spell_deck)
    state.spells = [_new_play(spell_deck.pop()) for _ in range(data.AREA_SLOTS)]
    state.trial_deck, state.spell_deck = trial_deck, spell_deck
    if state.rules.dragon:
        state.dragon = data.DRAGON_TILE_POSITION
        state.dragon_tile = Play(DRAGON_CARD, [None] * len(data.DRAGON_TILE[state.players]))
    state.rng = rng.state
    _start_pulse(state)
    events.append({"type": "round_started", "round": state.round})


def _new_play(card_id: str) -> Play:
    card = data.CARDS[card_id]
    return Play(card_id, [None] * len(card.hero), [None] * len(card.sorcerer))


def _start_pulse(state: RushOutState) -> None:
    if state.play != PULSE:
        return
    state.pulse += 1
    state.pulse_end = state.clock + state.pulse_seconds
    for seat in state.seats:
        seat.throws_left, seat.done = state.throws_per_pulse, False


# --- ending rounds -----------------------------------------------------------------------
def _round_over(state: RushOutState, round_number: int) -> bool:
    return state.phase != PLAY or state.round != round_number


def _win_round(state: RushOutState, camp: str, reason: str, events: list[JsonDict]) -> None:
    if state.phase != PLAY:
        return
    events.append({"type": "round_won", "camp": camp, "reason": reason, "round": state.round})
    winners = tuple([state.sorcerer] if camp == SORCERER else state.heroes())
    if not state.rules.rounds:
        _end_game(state, Outcome(winners, reason), events)
        return
    state.trophies[camp] += 1
    if state.trophies[camp] >= data.TROPHIES_TO_WIN:
        _end_game(state, Outcome(winners, f"trophies_{reason}"), events)
        return
    if state.rules.gold:
        loser = HERO if camp == SORCERER else SORCERER
        state.gold[loser] += data.GOLD_TOKEN
        _clear_table(state)
        state.phase = MARKET
        state.pulse_end = None
        for seat in state.seats:
            seat.done, seat.fresh = False, []
        events.append({"type": "market", "gold": dict(state.gold)})
        return
    _clear_table(state)
    _start_round(state, events)


def _clear_table(state: RushOutState) -> None:
    state.trials, state.spells, state.hexes = [], [], []
    state.dragon_tile, state.dragon, state.pending = None, None, None
    for play in state.scrolls:
        play.sorcerer = [None] * len(play.sorcerer)
    for seat in state.seats:
        seat.wound, seat.fresh = None, []


def _end_game(state: RushOutState, outcome: Outcome, events: list[JsonDict]) -> None:
    state.phase, state.outcome, state.pulse_end = OVER, outcome, None
    events.append({"type": "game_over", "winners": list(outcome.winners), "reason": outcome.reason})


def _reveal_trial(state: RushOutState, area: int, events: list[JsonDict]) -> None:
    if not state.trial_deck:
        state.trials[area] = None
        return
    card = state.trial_deck.pop()
    state.trials[area] = _new_play(card)
    events.append({"type": "revealed", "camp": HERO, "target": f"t{area}", "card": card})
    if not state.trial_deck:
        _win_round(state, HERO, "last_trial", events)


def _reveal_spell(state: RushOutState, area: int, events: list[JsonDict]) -> None:
    if not state.spell_deck:
        state.spells[area] = None
        return
    card = state.spell_deck.pop()
    state.spells[area] = _new_play(card)
    events.append({"type": "revealed", "camp": SORCERER, "target": f"s{area}", "card": card})
    if not state.spell_deck:
        _win_round(state, SORCERER, "last_spell", events)


def _discard_top(state: RushOutState, camp: str, why: str, events: list[JsonDict]) -> None:
    deck = state.spell_deck if camp == SORCERER else state.trial_deck
    if deck:
        deck.pop()
    events.append({"type": "discarded_top", "camp": camp, "why": why})
    if not deck:
        _win_round(state, camp, "deck_emptied", events)


# --- the dragon --------------------------------------------------------------------------
def _move_dragon(state: RushOutState, steps: int, events: list[JsonDict]) -> None:
    if state.dragon is None:
        return
    left = state.dragon
    state.dragon = max(data.DRAGON_TILE_POSITION, min(data.DRAGON_AT_DECK, left + steps))
    events.append({"type": "dragon", "position": state.dragon, "steps": steps})
    if state.dragon >= data.DRAGON_AT_DECK:
        _win_round(state, SORCERER, "dragon", events)
        return
    if left >= 1 and left != state.dragon:
        round_number = state.round
        for camp in (HERO, SORCERER):
            if not _round_over(state, round_number):
                _check_completion(state, f"t{left - 1}", camp, events)


# --- completing cards --------------------------------------------------------------------
def _check_completion(state: RushOutState, code: str, camp: str, events: list[JsonDict]) -> None:
    play = find_target(state, code)
    if play is None:
        return
    side = camp_side(state, code, play, camp)
    if not side or any(die is None for die in side) or dragon_blocks(state, code):
        return
    participants = sorted({die.seat for die in side if die})
    events.append({"type": "completed", "target": code, "card": play.card, "camp": camp})
    round_number = state.round
    if camp == SORCERER:
        _sorcerer_completed(state, code, play, events)
    else:
        _heroes_completed(state, code, play, participants, events)
        if not _round_over(state, round_number) and active_curses(state)[data.HIGH_FIVE]:
            for seat in participants:
                state.seats[seat].must_check = True


def _heroes_completed(
    state: RushOutState, code: str, play: Play, participants: list[int], events: list[JsonDict]
) -> None:
    play.hero = [None] * len(play.hero)
    if code == DRAGON_CODE:
        _move_dragon(state, -1, events)
    elif code[0] == "w":
        state.seats[int(code[1:])].wound = None
        events.append({"type": "healed", "seat": int(code[1:])})
    elif code[0] == "c":
        state.hexes = [other for other in state.hexes if other is not play]
    elif code[0] == "t":
        _trial_completed(state, int(code[1:]), play, participants, events)


def _trial_completed(
    state: RushOutState, area: int, play: Play, participants: list[int], events: list[JsonDict]
) -> None:
    kind = data.CARDS[play.card].kind
    if kind == data.CONFRONTATION:
        state.lives -= 1
        events.append({"type": "life", "lives": state.lives})
        if state.lives <= 0:
            _win_round(state, HERO, "lives", events)
        return
    if kind == data.GOLD:
        state.gold[HERO] += 1
        events.append({"type": "gold", "camp": HERO})
    elif state.rules.experience:
        _give_xp(state, participants, events)
    state.trials[area] = None
    _reveal_trial(state, area, events)


def _give_xp(state: RushOutState, participants: list[int], events: list[JsonDict]) -> None:
    seat = min(participants, key=lambda s: (state.seats[s].xp, s))
    state.seats[seat].xp += 1
    events.append({"type": "xp", "seat": seat, "xp": state.seats[seat].xp})


def _sorcerer_completed(state: RushOutState, code: str, play: Play, events: list[JsonDict]) -> None:
    play.sorcerer = [None] * len(play.sorcerer)
    if code[0] == "x":
        power = data.SCROLLS[play.card].power
        if power == data.FIRE_CARD:
            _move_dragon(state, 1, events)
        else:
            _start_effect(state, data.PUSH_ALL, play.card, None, events)
        return
    area = int(code[1:])
    if code[0] == "t":
        play.hero = [None] * len(play.hero)
        if data.CARDS[play.card].kind == data.GOLD:
            state.gold[SORCERER] += 1
            events.append({"type": "gold", "camp": SORCERER})
        state.trials[area] = None
        _reveal_trial(state, area, events)
        return
    state.spells[area] = None
    card = data.CARDS[play.card]
    events.append({"type": "spell", "card": card.id, "kind": card.kind, "effect": card.effect})
    _start_effect(state, card.effect or card.kind, card.id, area, events)


def _start_effect(
    state: RushOutState, effect: str, card: str, area: int | None, events: list[JsonDict]
) -> None:
    """Resolve a spell, or leave the sorcerer a choice when it has several options."""
    round_number = state.round
    state.pending = Pending(effect, card, area)
    options = choice_actions(state)
    if len(options) <= 1:
        state.pending = None
        _resolve_effect(state, effect, card, options[0] if options else "", events)
        if not _round_over(state, round_number) and area is not None:
            _reveal_spell(state, area, events)


def _resolve_effect(
    state: RushOutState, effect: str, card: str, choice: str, events: list[JsonDict]
) -> None:
    args = choice.split()[1:]
    if effect == data.INVOCATION:
        state.trial_deck.append(card)
        events.append({"type": "invoked", "card": card})
    elif effect == data.CURSE or effect in data.CURSES:
        state.hexes.append(_new_play(card))
        events.append({"type": "cursed", "card": card, "curse": data.CARDS[card].effect})
    elif effect in (data.DRAGON_ONE, data.DRAGON_TWO):
        _move_dragon(state, 2 if effect == data.DRAGON_TWO else 1, events)
    elif effect in (data.PUSH_ONE, data.PUSH_ALL) and args:
        _push(state, args, events)
    elif (effect == data.WHIRLWIND or effect.startswith(data.FORBID_PREFIX)) and args:
        _aim(state, card, int(args[0]), events)
    elif effect in (data.WOUND_AND_SOULS, data.WOUND_TWO):
        _damn(state, effect, [int(arg) for arg in args], events)
    elif effect == data.DRAIN_ALL:
        for seat in state.heroes():
            state.seats[seat].xp = max(0, state.seats[seat].xp - 1)
        events.append({"type": "drained", "seats": state.heroes()})
    elif effect == data.DRAIN_ONE and args:
        state.seats[int(args[0])].xp -= 1
        events.append({"type": "drained", "seats": [int(args[0])]})


def _push(state: RushOutState, args: list[str], events: list[JsonDict]) -> None:
    play = find_target(state, args[0])
    if play is None:
        return
    slots = [int(args[1])] if len(args) > 1 else range(len(play.hero))
    pushed = []
    for slot in slots:
        die = play.hero[slot]
        if die is not None:
            pushed.append({"seat": die.seat, "face": die.face, "slot": slot})
            play.hero[slot] = None
    events.append({"type": "pushed", "target": args[0], "dice": pushed})


def _aim(state: RushOutState, card: str, seat: int, events: list[JsonDict]) -> None:
    play = _new_play(card)
    play.aimed = seat
    had_whirlwind = condemned(state, seat)
    state.hexes.append(play)
    events.append({"type": "aimed", "card": card, "seat": seat})
    if had_whirlwind or not condemned(state, seat):
        return
    mine = state.seats[seat]
    if len(mine.fresh) + len(seat_dice(state, seat)) + 1 > data.HERO_DICE:
        if mine.fresh:
            mine.fresh.pop()
        else:
            _, side, slot = seat_dice(state, seat)[-1]
            side[slot] = None


def _damn(state: RushOutState, effect: str, seats: list[int], events: list[JsonDict]) -> None:
    for seat in seats:
        hero = state.seats[seat]
        if hero.wound is None:
            hero.wound = Play(WOUND_CARD, [None] * (len(data.WOUND_SLOTS) + 1))
    events.append({"type": "wounded", "seats": seats})
    if effect != data.WOUND_AND_SOULS or not state.rules.souls:
        return
    wounded = sum(1 for seat in state.heroes() if state.seats[seat].wound is not None)
    pool = data.SOULS[len(state.heroes())]
    state.souls_taken = min(pool, state.souls_taken + wounded)
    events.append({"type": "souls", "taken": wounded, "total": state.souls_taken, "pool": pool})
    if state.souls_taken >= pool:
        _win_round(state, SORCERER, "souls", events)


def choice_actions(state: RushOutState) -> list[str]:
    """The sorcerer's options for the spell choice he owes (empty when none is owed)."""
    pending = state.pending
    if pending is None:
        return []
    effect, heroes = pending.effect, state.heroes()
    if effect in (data.PUSH_ONE, data.PUSH_ALL):
        options = []
        for code, play in targets(state):
            slots = [i for i, die in enumerate(play.hero) if die is not None]
            if not slots or code[0] in "sx":
                continue
            if effect == data.PUSH_ALL:
                options.append(f"{PUSH} {code}")
            else:
                options += [f"{PUSH} {code} {slot}" for slot in slots]
        return options or [PUSH]  # the dice were taken back meanwhile: nothing to push
    if effect == data.WHIRLWIND or effect.startswith(data.FORBID_PREFIX):
        return [f"{AIM} {seat}" for seat in heroes]
    if effect in (data.WOUND_AND_SOULS, data.WOUND_TWO):
        healthy = [seat for seat in heroes if state.seats[seat].wound is None]
        count = min(len(healthy), 2 if effect == data.WOUND_TWO else 1)
        if count == 0:
            return [WOUND]
        if count == 1:
            return [f"{WOUND} {seat}" for seat in healthy]
        return [f"{WOUND} {a} {b}" for i, a in enumerate(healthy) for b in healthy[i + 1 :]]
    if effect == data.DRAIN_ONE:
        return [f"{DRAIN} {seat}" for seat in heroes if state.seats[seat].xp > 0] or [DRAIN]
    return []


# --- actions -----------------------------------------------------------------------------
def _throw(state: RushOutState, seat: int, at: float, events: list[JsonDict]) -> None:
    rng = SeededRng(state.rng)
    faces = data.SORCERER_FACES if seat == state.sorcerer else data.HERO_FACES
    mine = state.seats[seat]
    mine.fresh = [faces[rng.randint(0, len(faces) - 1)] for _ in range(dice_to_throw(state, seat))]
    state.rng = rng.state
    mine.last_throw = at
    if state.play == PULSE:
        mine.throws_left -= 1
    if seat == state.sorcerer:
        state.started = True
    events.append({"type": "threw", "seat": seat, "faces": list(mine.fresh)})


def _place(state: RushOutState, seat: int, args: list[str], events: list[JsonDict]) -> None:
    code, slots = args[0], [int(arg) for arg in args[1:]]
    play = find_target(state, code)
    assert play is not None
    camp = state.camp(seat)
    side = camp_side(state, code, play, camp)
    assert side is not None
    symbols = side_symbols(state, code, play, camp)
    mine = state.seats[seat]
    faces = assign_dice(state, seat, list(mine.fresh), [symbols[i] for i in slots])
    assert faces is not None
    for slot, face in zip(slots, faces, strict=True):
        side[slot] = Die(seat, face)
    mine.fresh = []
    events.append({"type": "placed", "seat": seat, "target": code, "slots": slots, "faces": faces})
    _check_completion(state, code, camp, events)


def _recall(state: RushOutState, seat: int, args: list[str], events: list[JsonDict]) -> None:
    placed = seat_dice(state, seat)
    taken = [(side, slot) for _, side, slot in placed if not args or str(slot) == args[0]]
    for side, slot in taken:
        side[slot] = None
    target = placed[0][0]
    events.append({"type": "recalled", "seat": seat, "target": target, "dice": len(taken)})


def _choose(state: RushOutState, action: str, events: list[JsonDict]) -> None:
    pending = state.pending
    assert pending is not None
    state.pending = None
    round_number = state.round
    _resolve_effect(state, pending.effect, pending.card, action, events)
    if not _round_over(state, round_number) and pending.area is not None:
        _reveal_spell(state, pending.area, events)


def _flip(state: RushOutState, seat: int, args: list[str], events: list[JsonDict]) -> None:
    fresh = state.seats[seat].fresh
    fresh[fresh.index(args[0])] = args[1]
    events.append({"type": "flipped", "seat": seat, "from": args[0], "to": args[1]})


def _swap(state: RushOutState, code: str, events: list[JsonDict]) -> None:
    area = int(code[1:])
    play = state.spells[area]
    assert play is not None
    top = state.spell_deck.pop()
    state.spell_deck.append(play.card)
    state.spells[area] = _new_play(top)
    events.append({"type": "swapped", "target": code, "card": top})


def _faculty(
    state: RushOutState, seat: int, verb: str, args: list[str], ev: list[JsonDict]
) -> None:
    hero = state.hero_of(seat)
    state.seats[seat].xp -= hero.faculty_cost
    ev.append({"type": "faculty", "seat": seat, "faculty": verb, "args": args})
    if verb == "bard":
        fresh = state.seats[int(args[0])].fresh
        fresh[fresh.index(args[1])] = data.JOKER
    elif verb == "tracker":
        play = find_target(state, args[0])
        assert play is not None
        state.hexes = [other for other in state.hexes if other is not play]
    elif verb == "warrior":
        _move_dragon(state, -1, ev)
    elif verb == "cleric":
        state.seats[int(args[0])].wound = None
        ev.append({"type": "healed", "seat": int(args[0])})


def _buy(state: RushOutState, seat: int, item: str, events: list[JsonDict]) -> None:
    if item in data.EQUIPMENT:
        state.market_equipment.remove(item)
        state.seats[seat].equipment.append(item)
        state.gold[HERO] -= data.EQUIPMENT[item].price
    else:
        state.market_scrolls.remove(item)
        scroll = data.SCROLLS[item]
        slots = len(scroll.symbols) if scroll.power in (data.LIGHTNING_CARD, data.FIRE_CARD) else 0
        state.scrolls.append(Play(item, [], [None] * slots))
        state.gold[SORCERER] -= scroll.price
    events.append({"type": "bought", "seat": seat, "item": item})


def _market_done(state: RushOutState, seat: int, events: list[JsonDict]) -> None:
    state.seats[seat].done = True
    events.append({"type": "done", "seat": seat})
    if all(s.done for s in state.seats):
        _start_round(state, events)


def _end_pulse(state: RushOutState, events: list[JsonDict]) -> None:
    events.append({"type": "pulse_ended", "pulse": state.pulse})
    _start_pulse(state)


# --- legality ----------------------------------------------------------------------------
def _throw_allowed(state: RushOutState, seat: int, placed: int) -> bool:
    mine = state.seats[seat]
    free = total_dice(state, seat) - placed - condemned(state, seat)
    if state.phase != PLAY or mine.must_check or free <= 0:
        return False
    if seat == state.sorcerer:
        if state.pending is not None:
            return False
    elif not state.started:
        return False
    return not (state.play == PULSE and mine.throws_left <= 0)


def _play_actions(state: RushOutState, seat: int) -> list[str]:
    """Every action of the play phase except ``done`` (no time checks)."""
    if seat == state.sorcerer and state.pending is not None:
        return choice_actions(state)
    mine = state.seats[seat]
    placed = seat_dice(state, seat)
    committed = placed[0][0] if placed else None
    actions = [THROW] if _throw_allowed(state, seat, len(placed)) else []
    actions += [placement.action for placement in placements(state, seat, committed)]
    if placed:
        actions.append(RECALL)
    if len(placed) > 1:
        actions += [f"{RECALL} {slot}" for _, _, slot in placed]
    if mine.must_check:
        actions.append(CHECK)
    if state.rules.gold and state.gold[state.camp(seat)] >= data.GOLD_PER_DISCARD:
        actions.append(SPEND)
    actions += (
        _scroll_actions(state, seat) if seat == state.sorcerer else _faculty_actions(state, seat)
    )
    return actions


def _scroll_actions(state: RushOutState, seat: int) -> list[str]:
    actions = []
    fresh = state.seats[seat].fresh
    for play in state.scrolls:
        scroll = data.SCROLLS[play.card]
        if scroll.power == data.FLIP:
            a, b = scroll.symbols
            actions += [f"{FLIP} {x} {y}" for x, y in ((a, b), (b, a)) if x in fresh]
        elif scroll.power == data.SWAP and state.spell_deck:
            actions += [f"{SWAP} s{i}" for i, p in enumerate(state.spells) if p]
    return sorted(set(actions), key=actions.index)


def _faculty_actions(state: RushOutState, seat: int) -> list[str]:
    if not state.rules.experience:
        return []
    hero = state.hero_of(seat)
    if state.seats[seat].xp < hero.faculty_cost:
        return []
    if hero.faculty == "bard":
        return [
            f"bard {other} {face}"
            for other in state.heroes()
            for face in sorted(set(state.seats[other].fresh) - {data.JOKER})
        ]
    if hero.faculty == "tracker":
        return [f"tracker c{i}" for i in range(len(state.hexes))]
    if hero.faculty == "warrior":
        return ["warrior"] if state.dragon else []
    return [f"cleric {s}" for s in state.heroes() if state.seats[s].wound is not None]


def _market_actions(state: RushOutState, seat: int) -> list[str]:
    if state.seats[seat].done:
        return []
    gold = state.gold[state.camp(seat)]
    if seat == state.sorcerer:
        items = [x for x in state.market_scrolls if data.SCROLLS[x].price <= gold]
    else:
        items = [e for e in state.market_equipment if data.EQUIPMENT[e].price <= gold]
    return [f"{BUY} {item}" for item in dict.fromkeys(items)] + [DONE]


def _pulse_active(state: RushOutState, seat: int, actions: list[str]) -> bool:
    """In pulse mode: the seat still has something to do in this pulse."""
    if state.seats[seat].done:
        return False
    verbs = {action.split(" ")[0] for action in actions}
    if verbs & {PLACE, PUSH, AIM, WOUND, DRAIN}:
        return True
    return state.seats[seat].throws_left > 0 and bool(verbs & {THROW, RECALL, CHECK})


def legal_now(state: RushOutState, seat: int) -> list[str]:
    """The plain legal actions: cooldowns over, deadlines not passed."""
    if seat == SYSTEM_SEAT:
        return _system_actions(state)
    if state.phase == MARKET:
        return _market_actions(state, seat)
    if state.phase != PLAY:
        return []
    actions = _play_actions(state, seat)
    if state.play == PULSE:
        if not _pulse_active(state, seat, actions):
            return []
        if not (seat == state.sorcerer and state.pending):
            actions.append(DONE)
    return actions


def _system_actions(state: RushOutState) -> list[str]:
    if state.phase != PLAY:
        return []
    actions = [PULSE_END] if state.play == PULSE else []
    if active_curses(state)[data.SILENCE]:
        actions += [f"{SPOKE} {seat}" for seat in state.heroes()]
    return actions


def ready_time(state: RushOutState, seat: int) -> float:
    last = state.seats[seat].last_throw if 0 <= seat < state.players else None
    if state.play != LIVE or last is None:
        return state.clock
    return max(state.clock, last + state.cooldown)


def _refusal(state: RushOutState, seat: int, action: str, at: float | None) -> IllegalAction:
    verb = action.split(" ")[0] if isinstance(action, str) else ""
    if state.phase == OVER:
        return IllegalAction("The match is over.", "game_over")
    if seat == SYSTEM_SEAT:
        return IllegalAction("That system action is not due.", "not_due")
    if verb == THROW and at is not None and THROW in legal_now(state, seat):
        left = round(ready_time(state, seat) - at, 2)
        return IllegalAction(f"Your hands need {left} s more.", "cooldown", seconds=left)
    if verb == THROW and seat != state.sorcerer and not state.started:
        return IllegalAction("Wait for the sorcerer's first throw.", "not_started")
    if verb == THROW and state.seats[seat].must_check:
        return IllegalAction("High five first: press Check!", "must_check")
    if seat == state.sorcerer and state.pending is not None:
        return IllegalAction("Choose your spell's target first.", "choose_first")
    if verb == PLACE:
        return IllegalAction("Those dice cannot go there now.", "bad_placement")
    return IllegalAction("That is not possible now.", "illegal")


def _parse_seat(seat: object, players: int) -> int:
    ok = isinstance(seat, int) and (0 <= seat < players or seat == SYSTEM_SEAT)
    require(ok, "No such seat.", "no_such_seat")
    assert isinstance(seat, int)
    return seat


# --- positions built directly (tests, previews) -------------------------------------------
def arranged(
    state: RushOutState,
    *,
    trials: list[str | None] | None = None,
    spells: list[str | None] | None = None,
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
        state.trials = [None if card is None else _new_play(card) for card in trials]
    if spells is not None:
        state.spells = [None if card is None else _new_play(card) for card in spells]
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
        play = _new_play(card)
        play.aimed = aimed
        state.hexes.append(play)
    state.events = []
    return state


# --- views -------------------------------------------------------------------------------
def _slots_json(symbols: tuple[str, ...], side: Side) -> list[JsonDict]:
    return [
        {"symbol": symbol, "seat": None if die is None else die.seat, "face": die and die.face}
        for symbol, die in zip(symbols, side, strict=True)
    ]


def _play_json(state: RushOutState, code: str, play: Play | None) -> JsonDict | None:
    if play is None:
        return None
    card = data.CARDS.get(play.card)
    result: JsonDict = {
        "target": code,
        "card": play.card,
        "kind": card.kind if card else play.card,
        "effect": card.effect if card else "",
        "pennant": card.pennant if card else None,
        "aimed": play.aimed,
        "dragon": dragon_blocks(state, code),
    }
    for camp, side, key in (
        (HERO, play.hero, "hero_slots"),
        (SORCERER, play.sorcerer, "sorcerer_slots"),
    ):
        result[key] = _slots_json(side_symbols(state, code, play, camp), side) if side else []
    return result


def _dice_json(state: RushOutState, seat: int) -> JsonDict:
    return {
        "fresh": list(state.seats[seat].fresh),
        "on": committed_target(state, seat),
        "placed": len(seat_dice(state, seat)),
        "condemned": condemned(state, seat),
        "total": total_dice(state, seat),
    }


def _hero_json(state: RushOutState, seat: int) -> JsonDict:
    hero, mine = state.hero_of(seat), state.seats[seat]
    return {
        "seat": seat,
        "hero": hero.name,
        "colour": hero.colour,
        "skill": hero.skill,
        "wounded": mine.wound is not None,
        "wound": _play_json(state, f"w{seat}", mine.wound),
        "xp": mine.xp,
        "faculty": hero.faculty if state.rules.experience else None,
        "faculty_cost": hero.faculty_cost,
        "equipment": [
            {"id": item, "joker_as": data.EQUIPMENT[item].joker_as} for item in mine.equipment
        ],
        "dice": _dice_json(state, seat),
        "must_check": mine.must_check,
    }


def _sorcerer_json(state: RushOutState) -> JsonDict:
    pending = state.pending
    return {
        "seat": state.sorcerer,
        "dice": _dice_json(state, state.sorcerer),
        "scrolls": [
            {
                "id": play.card,
                "power": data.SCROLLS[play.card].power,
                "symbols": list(data.SCROLLS[play.card].symbols),
                "card": _play_json(state, f"x{i}", play) if play.sorcerer else None,
            }
            for i, play in enumerate(state.scrolls)
        ],
        "pending": None if pending is None else {"effect": pending.effect, "card": pending.card},
    }


def _clock_json(state: RushOutState) -> JsonDict:
    seats = range(state.players)
    return {
        "now": state.clock,
        "cooldown": state.cooldown if state.play == LIVE else 0.0,
        "ready_at": [ready_time(state, seat) for seat in seats],
        "pulse": state.pulse if state.play == PULSE else None,
        "pulse_ends_at": state.pulse_end,
        "throws_left": [state.seats[seat].throws_left for seat in seats]
        if state.play == PULSE
        else None,
        "done": [state.seats[seat].done for seat in seats],
    }


def public_view(state: RushOutState, to_act: frozenset[int]) -> JsonDict:
    rules, heroes = state.rules, state.heroes()
    return {
        "game": "rushout",
        "mode": state.mode,
        "mode_title": rules.title,
        "play": state.play,
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "started": state.started,
        "sorcerer": _sorcerer_json(state),
        "heroes": [_hero_json(state, seat) for seat in heroes],
        "trials": [_play_json(state, f"t{i}", play) for i, play in enumerate(state.trials)],
        "spells": [_play_json(state, f"s{i}", play) for i, play in enumerate(state.spells)],
        "hexes": [_play_json(state, f"c{i}", play) for i, play in enumerate(state.hexes)],
        "dragon": None
        if state.dragon is None or state.dragon_tile is None
        else {
            "position": state.dragon,
            "last_step": data.DRAGON_AT_DECK,
            "tile": _play_json(state, DRAGON_CODE, state.dragon_tile),
        },
        "pennants": sorted(visible_pennants(state)),
        "curses": active_curses(state),
        "souls": {"taken": state.souls_taken, "pool": data.SOULS[len(heroes)]}
        if rules.souls
        else None,
        "lives": state.lives if rules.lives else None,
        "trophies": dict(state.trophies) if rules.rounds else None,
        "gold": dict(state.gold) if rules.gold else None,
        "market": {
            "equipment": [
                {"id": e, "joker_as": data.EQUIPMENT[e].joker_as, "price": data.EQUIPMENT[e].price}
                for e in state.market_equipment
            ],
            "scrolls": [
                {"id": x, "power": data.SCROLLS[x].power, "price": data.SCROLLS[x].price}
                for x in state.market_scrolls
            ],
        }
        if rules.gold
        else None,
        "clock": _clock_json(state),
        "to_act": sorted(to_act),
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
        "events": copy.deepcopy(state.events),
    }


def seat_view(state: RushOutState, seat: int, actions: list[str]) -> JsonDict:
    camp = state.camp(seat)
    found = []
    for placement in placements(state, seat):
        play = find_target(state, placement.target)
        assert play is not None
        symbols = side_symbols(state, placement.target, play, camp)
        found.append(
            {
                "action": placement.action,
                "target": placement.target,
                "card": play.card,
                "slots": list(placement.slots),
                "symbols": [symbols[i] for i in placement.slots],
            }
        )
    return {
        "seat": seat,
        "camp": camp,
        "fresh": list(state.seats[seat].fresh),
        "placements": found,
        "choices": choice_actions(state) if seat == state.sorcerer else [],
        "actions": actions,
    }


# --- the AI ------------------------------------------------------------------------------
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


# --- the engine --------------------------------------------------------------------------
class RushOut:
    name = "rushout"
    title = "Rush Out!"
    min_players = 3
    max_players = 5

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> RushOutState:
        require(
            self.min_players <= players <= self.max_players,
            "Rush Out! is for 3 to 5 players.",
            "player_count",
            players=players,
        )
        options = options or {}
        mode = str(options.get("mode", data.DEFAULT_MODE))
        require(mode in data.MODES, "Unknown mode.", "bad_option", option="mode")
        play = str(options.get("play", LIVE))
        require(play in (LIVE, PULSE), "Play is live or pulse.", "bad_option", option="play")
        rng = SeededRng(seed)
        sorcerer = options.get("sorcerer", 0)
        if sorcerer == "random":
            sorcerer = rng.randint(0, players - 1)
        require(
            isinstance(sorcerer, int) and 0 <= sorcerer < players,
            "No such sorcerer seat.",
            "bad_option",
            option="sorcerer",
        )
        try:
            pulse_seconds = float(options.get("pulse_seconds", data.DEFAULT_PULSE_SECONDS))
            cooldown = max(0.0, float(options.get("cooldown", data.DEFAULT_COOLDOWN)))
            throws = max(1, int(options.get("throws_per_pulse", data.DEFAULT_THROWS_PER_PULSE)))
        except (TypeError, ValueError) as error:
            raise IllegalAction("Bad timing option.", "bad_option", option="timing") from error
        pulse_seconds = min(data.MAX_PULSE_SECONDS, max(data.MIN_PULSE_SECONDS, pulse_seconds))
        trials, spells = _choose_pools(data.MODES[mode], players, rng)
        if options.get("handicap"):
            rng.shuffle(trials)
            trials = sorted(trials[data.HANDICAP_TRIALS :])
        state = RushOutState(
            players=players,
            sorcerer=int(sorcerer),
            mode=mode,
            play=play,
            cooldown=cooldown,
            pulse_seconds=pulse_seconds,
            throws_per_pulse=throws,
            rng=rng.state,
            trial_pool=trials,
            spell_pool=spells,
            seats=[Seat() for _ in range(players)],
            market_equipment=list(data.EQUIPMENT),
            market_scrolls=list(data.SCROLLS),
        )
        events: list[JsonDict] = []
        _start_round(state, events)
        state.events = events
        return state

    # -- time --
    def ready_at(self, state: RushOutState, seat: int) -> float:
        return ready_time(state, seat)

    def next_deadline(self, state: RushOutState) -> float | None:
        return state.pulse_end if state.phase == PLAY else None

    def due_action(self, state: RushOutState) -> str | None:
        return PULSE_END if self.next_deadline(state) is not None else None

    def chat_action(self, state: RushOutState, seat: int) -> str | None:
        spoke = f"{SPOKE} {seat}"
        return spoke if spoke in _system_actions(state) else None

    def legal_actions_at(self, state: RushOutState, seat: int, at: float) -> list[str]:
        if not (seat == SYSTEM_SEAT or 0 <= seat < state.players):
            return []
        if seat == SYSTEM_SEAT:
            due = state.pulse_end is not None and at >= state.pulse_end
            return [a for a in legal_now(state, seat) if a != PULSE_END or due]
        state, _ = _advance(state, at)
        actions = legal_now(state, seat)
        if THROW in actions and at < ready_time(state, seat):
            actions.remove(THROW)
        return actions

    def apply_at(self, state: RushOutState, seat: int, action: str, at: float) -> RushOutState:
        seat = _parse_seat(seat, state.players)
        require(isinstance(action, str), "Unknown action.", "unknown_action")
        require(isinstance(at, int | float) and math.isfinite(at), "Bad time.", "bad_time")
        at = max(float(at), state.clock)
        require(state.phase != OVER, "The match is over.", "game_over")
        events: list[JsonDict] = []
        if action != PULSE_END:
            state, events = _advance(state, at)
        if action not in self.legal_actions_at(state, seat, at):
            raise _refusal(state, seat, action, at)
        state = clone(state) if not events else state
        state.clock = at
        _execute(state, seat, action, at, events)
        if state.play == PULSE and state.phase == PLAY and not _anyone_active(state):
            _end_pulse(state, events)
        state.events = events
        return state

    # -- the generic contract --
    def to_act(self, state: RushOutState) -> frozenset[int]:
        return frozenset(seat for seat in range(state.players) if _can_act(state, seat))

    def legal_actions(self, state: RushOutState, seat: int) -> list[str]:
        if not (seat == SYSTEM_SEAT or 0 <= seat < state.players):
            return []
        return legal_now(state, seat)

    def apply(self, state: RushOutState, seat: int, action: str) -> RushOutState:
        seat = _parse_seat(seat, state.players)
        require(isinstance(action, str), "Unknown action.", "unknown_action")
        if action == THROW:
            at = ready_time(state, seat)
        elif action == PULSE_END and state.pulse_end is not None:
            at = max(state.clock, state.pulse_end)
        else:
            at = state.clock
        return self.apply_at(state, seat, action, at)

    def outcome(self, state: RushOutState) -> Outcome | None:
        return state.outcome

    def view(self, state: RushOutState, seat: int | None) -> dict[str, Any]:
        result = public_view(state, self.to_act(state))
        if seat is not None and 0 <= seat < state.players:
            result["me"] = seat_view(state, seat, legal_now(state, seat))
        return result

    def bot_action(self, state: RushOutState, seat: int, rng: random.Random) -> str:
        return choose_action(state, seat, legal_now(state, seat), rng)

    def dump(self, state: RushOutState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data_: dict[str, Any]) -> RushOutState:
        return load_state(data_)


def _can_act(state: RushOutState, seat: int) -> bool:
    """``bool(legal_now(state, seat))``, answered early where a cheap check suffices."""
    if state.phase == PLAY and state.play == LIVE:
        if (seat == state.sorcerer and state.pending) or state.seats[seat].must_check:
            return True  # a choice or a check is owed
        placed = len(seat_dice(state, seat))
        if placed or _throw_allowed(state, seat, placed):
            return True  # recall or throw
    return bool(legal_now(state, seat))


def _anyone_active(state: RushOutState) -> bool:
    return any(legal_now(state, seat) for seat in range(state.players))


def _advance(state: RushOutState, at: float) -> tuple[RushOutState, list[JsonDict]]:
    """The state at ``at``: a pulse whose deadline passed has ended (on a copy)."""
    deadline = state.pulse_end
    if state.phase != PLAY or deadline is None or at < deadline:
        return state, []
    state = clone(state)
    events: list[JsonDict] = []
    state.clock = max(state.clock, deadline)
    _end_pulse(state, events)
    return state, events


def _execute(state: RushOutState, seat: int, action: str, at: float, ev: list[JsonDict]) -> None:
    verb, *args = action.split(" ")
    if seat == SYSTEM_SEAT:
        if action == PULSE_END:
            _end_pulse(state, ev)
        else:
            ev.append({"type": "spoke", "seat": int(args[0])})
            _discard_top(state, SORCERER, "silence", ev)
    elif verb == THROW:
        _throw(state, seat, at, ev)
    elif verb == PLACE:
        _place(state, seat, args, ev)
    elif verb == RECALL:
        _recall(state, seat, args, ev)
    elif verb == CHECK:
        state.seats[seat].must_check = False
        ev.append({"type": "checked", "seat": seat})
    elif verb in (PUSH, AIM, WOUND, DRAIN):
        _choose(state, action, ev)
    elif verb == SPEND:
        camp = state.camp(seat)
        state.gold[camp] -= data.GOLD_PER_DISCARD
        _discard_top(state, camp, "gold", ev)
    elif verb == FLIP:
        _flip(state, seat, args, ev)
    elif verb == SWAP:
        _swap(state, args[0], ev)
    elif verb in ("bard", "tracker", "warrior", "cleric"):
        _faculty(state, seat, verb, args, ev)
    elif verb == BUY:
        _buy(state, seat, args[0], ev)
    elif verb == DONE and state.phase == MARKET:
        _market_done(state, seat, ev)
    elif verb == DONE:
        state.seats[seat].done = True
        ev.append({"type": "done", "seat": seat})


# --- saving ------------------------------------------------------------------------------
def _dump_side(side: Side) -> list[list[Any] | None]:
    return [None if die is None else [die.seat, die.face] for die in side]


def _dump_play(play: Play | None) -> JsonDict | None:
    if play is None:
        return None
    return {
        "card": play.card,
        "hero": _dump_side(play.hero),
        "sorcerer": _dump_side(play.sorcerer),
        "aimed": play.aimed,
    }


def dump_state(state: RushOutState) -> JsonDict:
    return {
        "schema": SCHEMA_VERSION,
        "players": state.players,
        "sorcerer": state.sorcerer,
        "mode": state.mode,
        "play": state.play,
        "cooldown": state.cooldown,
        "pulse_seconds": state.pulse_seconds,
        "throws_per_pulse": state.throws_per_pulse,
        "rng": state.rng,
        "trial_pool": list(state.trial_pool),
        "spell_pool": list(state.spell_pool),
        "seats": [
            {
                "fresh": list(seat.fresh),
                "last_throw": seat.last_throw,
                "must_check": seat.must_check,
                "throws_left": seat.throws_left,
                "done": seat.done,
                "xp": seat.xp,
                "equipment": list(seat.equipment),
                "wound": _dump_play(seat.wound),
            }
            for seat in state.seats
        ],
        "clock": state.clock,
        "round": state.round,
        "phase": state.phase,
        "started": state.started,
        "trial_deck": list(state.trial_deck),
        "spell_deck": list(state.spell_deck),
        "trials": [_dump_play(play) for play in state.trials],
        "spells": [_dump_play(play) for play in state.spells],
        "hexes": [_dump_play(play) for play in state.hexes],
        "scrolls": [_dump_play(play) for play in state.scrolls],
        "dragon": state.dragon,
        "dragon_tile": _dump_play(state.dragon_tile),
        "souls_taken": state.souls_taken,
        "lives": state.lives,
        "trophies": dict(state.trophies),
        "gold": dict(state.gold),
        "market_equipment": list(state.market_equipment),
        "market_scrolls": list(state.market_scrolls),
        "pending": None
        if state.pending is None
        else {
            "effect": state.pending.effect,
            "card": state.pending.card,
            "area": state.pending.area,
        },
        "pulse": state.pulse,
        "pulse_end": state.pulse_end,
        "outcome": None
        if state.outcome is None
        else {"winners": list(state.outcome.winners), "reason": state.outcome.reason},
        "events": copy.deepcopy(state.events),
    }


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not an integer: {value!r}")
    return value


def _num(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


def _opt_num(value: Any) -> float | None:
    return None if value is None else _num(value)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not a string: {value!r}")
    return value


def _strs(value: Any, allowed: Any = None) -> list[str]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    items = [_str(item) for item in value]
    if allowed is not None and any(item not in allowed for item in items):
        raise ValueError("unknown item")
    return items


def _load_side(value: Any, players: int) -> Side:
    if not isinstance(value, list):
        raise ValueError("not a list of dice")
    side: Side = []
    for die in value:
        if die is None:
            side.append(None)
            continue
        seat, face = die
        if not 0 <= _int(seat) < players or _str(face) not in (
            *data.HERO_FACES,
            *data.SORCERER_FACES,
        ):
            raise ValueError("bad die")
        side.append(Die(seat, face))
    return side


def _load_play(value: Any, players: int) -> Play | None:
    if value is None:
        return None
    card = _str(value["card"])
    if (
        card not in data.CARDS
        and card not in data.SCROLLS
        and card not in (DRAGON_CARD, WOUND_CARD)
    ):
        raise ValueError(f"unknown card {card!r}")
    aimed = value["aimed"]
    return Play(
        card,
        _load_side(value["hero"], players),
        _load_side(value["sorcerer"], players),
        None if aimed is None else _int(aimed),
    )


def _load_plays(value: Any, players: int) -> list[Play]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    plays = [_load_play(item, players) for item in value]
    if any(play is None for play in plays):
        raise ValueError("missing card")
    return [play for play in plays if play is not None]


def _load_seat(value: Any, players: int) -> Seat:
    return Seat(
        fresh=_strs(value["fresh"], (*data.HERO_FACES, *data.SORCERER_FACES)),
        last_throw=_opt_num(value["last_throw"]),
        must_check=bool(value["must_check"]),
        throws_left=_int(value["throws_left"]),
        done=bool(value["done"]),
        xp=_int(value["xp"]),
        equipment=_strs(value["equipment"], data.EQUIPMENT),
        wound=_load_play(value["wound"], players),
    )


def load_state(value: dict[str, Any]) -> RushOutState:
    if not isinstance(value, dict) or value.get("schema") != SCHEMA_VERSION:
        raise ValueError("unknown saved-game version")
    try:
        return _load_state(value)
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"malformed Rush Out! state: {error!r}") from error


def _load_state(value: dict[str, Any]) -> RushOutState:
    players = _int(value["players"])
    if not RushOut.min_players <= players <= RushOut.max_players:
        raise ValueError("bad player count")
    mode, play, phase = _str(value["mode"]), _str(value["play"]), _str(value["phase"])
    if mode not in data.MODES or play not in (LIVE, PULSE) or phase not in (PLAY, MARKET, OVER):
        raise ValueError("bad mode, play or phase")
    pending, outcome = value["pending"], value["outcome"]
    trophies, gold = value["trophies"], value["gold"]
    state = RushOutState(
        players=players,
        sorcerer=_int(value["sorcerer"]),
        mode=mode,
        play=play,
        cooldown=_num(value["cooldown"]),
        pulse_seconds=_num(value["pulse_seconds"]),
        throws_per_pulse=_int(value["throws_per_pulse"]),
        rng=_int(value["rng"]),
        trial_pool=_strs(value["trial_pool"], data.CARDS),
        spell_pool=_strs(value["spell_pool"], data.CARDS),
        seats=[_load_seat(seat, players) for seat in value["seats"]],
        clock=_num(value["clock"]),
        round=_int(value["round"]),
        phase=phase,
        started=bool(value["started"]),
        trial_deck=_strs(value["trial_deck"], data.CARDS),
        spell_deck=_strs(value["spell_deck"], data.CARDS),
        trials=[_load_play(item, players) for item in value["trials"]],
        spells=[_load_play(item, players) for item in value["spells"]],
        hexes=_load_plays(value["hexes"], players),
        scrolls=_load_plays(value["scrolls"], players),
        dragon=None if value["dragon"] is None else _int(value["dragon"]),
        dragon_tile=_load_play(value["dragon_tile"], players),
        souls_taken=_int(value["souls_taken"]),
        lives=_int(value["lives"]),
        trophies={HERO: _int(trophies[HERO]), SORCERER: _int(trophies[SORCERER])},
        gold={HERO: _int(gold[HERO]), SORCERER: _int(gold[SORCERER])},
        market_equipment=_strs(value["market_equipment"], data.EQUIPMENT),
        market_scrolls=_strs(value["market_scrolls"], data.SCROLLS),
        pending=None
        if pending is None
        else Pending(
            _str(pending["effect"]),
            _str(pending["card"]),
            None if pending["area"] is None else _int(pending["area"]),
        ),
        pulse=_int(value["pulse"]),
        pulse_end=_opt_num(value["pulse_end"]),
        outcome=None
        if outcome is None
        else Outcome(tuple(_int(w) for w in outcome["winners"]), _str(outcome["reason"])),
        events=copy.deepcopy(list(value["events"])),
    )
    if len(state.seats) != players or not 0 <= state.sorcerer < players:
        raise ValueError("seats do not match the player count")
    return state


GAME = RushOut()
