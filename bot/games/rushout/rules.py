"""Rush Out!'s rules as they unfold: a round's setup, cards completed, spells and their
effects, the dragon, and how a round or the match ends."""

from __future__ import annotations

from bot.games.base import Outcome, SeededRng
from bot.games.rushout import data
from bot.games.rushout.state import (
    AIM,
    DRAGON_CARD,
    DRAGON_CODE,
    DRAIN,
    HERO,
    MARKET,
    OVER,
    PLAY,
    PULSE,
    PUSH,
    SORCERER,
    WOUND,
    WOUND_CARD,
    JsonDict,
    Pending,
    Play,
    RushOutState,
    active_curses,
    camp_side,
    condemned,
    dragon_blocks,
    find_target,
    locate,
    new_play,
    seat_dice,
    target_token,
    targets,
)


# --- setup -----------------------------------------------------------------------------
def choose_pools(mode: data.Mode, players: int, rng: SeededRng) -> tuple[list[str], list[str]]:
    trials = [
        card.id
        for card in data.CARDS.values()
        if card.kind in mode.trials and card.players <= players <= card.most_players
    ]
    spells: list[str] = []
    for kind, count in mode.spells:
        kind_cards = list(data.cards_of(kind))
        rng.shuffle(kind_cards)
        spells += sorted(kind_cards[:count])
    return trials, spells


def start_round(state: RushOutState, events: list[JsonDict]) -> None:
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
            state.trials.append(new_play(card))
        else:
            set_aside.append(card)
    trial_deck += set_aside
    rng.shuffle(trial_deck)
    spell_deck = list(state.spell_pool)
    rng.shuffle(spell_deck)
    state.spells = [new_play(spell_deck.pop()) for _ in range(data.AREA_SLOTS)]
    state.trial_deck, state.spell_deck = trial_deck, spell_deck
    if state.rules.dragon:
        state.dragon = data.DRAGON_TILE_POSITION
        state.dragon_tile = Play(DRAGON_CARD, [None] * len(data.DRAGON_TILE[state.players]))
    state.rng = rng.state
    start_pulse(state)
    events.append({"type": "round_started", "round": state.round})


def start_pulse(state: RushOutState) -> None:
    if state.play != PULSE:
        return
    state.pulse += 1
    state.pulse_end = state.clock + state.pulse_seconds
    for seat in state.seats:
        seat.throws_left, seat.done = state.throws_per_pulse, False


# --- ending rounds -----------------------------------------------------------------------
def round_over(state: RushOutState, round_number: int) -> bool:
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
    start_round(state, events)


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
    state.trials[area] = new_play(card)
    events.append({"type": "revealed", "camp": HERO, "target": f"t{area}", "card": card})
    if not state.trial_deck:
        _win_round(state, HERO, "last_trial", events)


def reveal_spell(state: RushOutState, area: int, events: list[JsonDict]) -> None:
    if not state.spell_deck:
        state.spells[area] = None
        return
    card = state.spell_deck.pop()
    state.spells[area] = new_play(card)
    events.append({"type": "revealed", "camp": SORCERER, "target": f"s{area}", "card": card})
    if not state.spell_deck:
        _win_round(state, SORCERER, "last_spell", events)


def discard_top(state: RushOutState, camp: str, why: str, events: list[JsonDict]) -> None:
    deck = state.spell_deck if camp == SORCERER else state.trial_deck
    if deck:
        deck.pop()
    events.append({"type": "discarded_top", "camp": camp, "why": why})
    if not deck:
        _win_round(state, camp, "deck_emptied", events)


# --- the dragon --------------------------------------------------------------------------
def move_dragon(state: RushOutState, steps: int, events: list[JsonDict]) -> None:
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
            if not round_over(state, round_number):
                check_completion(state, f"t{left - 1}", camp, events)


# --- completing cards --------------------------------------------------------------------
def check_completion(state: RushOutState, code: str, camp: str, events: list[JsonDict]) -> None:
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
        if not round_over(state, round_number) and active_curses(state)[data.HIGH_FIVE]:
            for seat in participants:
                state.seats[seat].must_check = True


def _heroes_completed(
    state: RushOutState, code: str, play: Play, participants: list[int], events: list[JsonDict]
) -> None:
    play.hero = [None] * len(play.hero)
    if code == DRAGON_CODE:
        move_dragon(state, -1, events)
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
            move_dragon(state, 1, events)
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
        resolve_effect(state, effect, card, options[0] if options else "", events)
        if not round_over(state, round_number) and area is not None:
            reveal_spell(state, area, events)


def resolve_effect(
    state: RushOutState, effect: str, card: str, choice: str, events: list[JsonDict]
) -> None:
    args = choice.split()[1:]
    if effect == data.INVOCATION:
        state.trial_deck.append(card)
        events.append({"type": "invoked", "card": card})
    elif effect == data.CURSE or effect in data.CURSES:
        state.hexes.append(new_play(card))
        events.append({"type": "cursed", "card": card, "curse": data.CARDS[card].effect})
    elif effect in (data.DRAGON_ONE, data.DRAGON_TWO):
        move_dragon(state, 2 if effect == data.DRAGON_TWO else 1, events)
    elif effect in (data.PUSH_ONE, data.PUSH_ALL) and args:
        _push(state, args, events)
    elif (effect == data.WHIRLWIND or effect.startswith(data.FORBID_PREFIX)) and args:
        _aim(state, card, int(args[0]), args[1:], events)
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
    found = locate(state, args[0])
    if found is None:
        return
    code, play = found
    slots = [int(args[1])] if len(args) > 1 else range(len(play.hero))
    pushed = []
    for slot in slots:
        die = play.hero[slot]
        if die is not None:
            pushed.append({"seat": die.seat, "face": die.face, "slot": slot})
            play.hero[slot] = None
    events.append({"type": "pushed", "target": code, "dice": pushed})


def _aim(
    state: RushOutState, card: str, seat: int, chosen: list[str], events: list[JsonDict]
) -> None:
    play = new_play(card)
    play.aimed = seat
    had_whirlwind = condemned(state, seat)
    takes_back = whirlwind_takes_back(state, seat)
    state.hexes.append(play)
    events.append({"type": "aimed", "card": card, "seat": seat})
    if had_whirlwind or not condemned(state, seat):
        return
    mine = state.seats[seat]
    if len(mine.fresh) + len(seat_dice(state, seat)) + 1 <= data.HERO_DICE:
        return
    if mine.fresh:  # a die not placed yet is the one condemned
        mine.fresh.pop()
        return
    # All three dice placed: the sorcerer chose which one the hero takes back ("au choix").
    slot = int(chosen[1]) if len(chosen) == 2 and chosen[1].isdigit() else -1
    placed = [(side, i) for _, side, i in seat_dice(state, seat)]
    side, index = next(
        ((side, i) for side, i in placed if chosen and i == slot and chosen[0] in takes_back),
        placed[-1],
    )
    die = side[index]
    if die is not None:
        events.append({"type": "taken_back", "seat": seat, "face": die.face})
    side[index] = None


def whirlwind_takes_back(state: RushOutState, seat: int) -> dict[str, list[int]]:
    """The dice a Whirlwind aimed at ``seat`` now would make him take back, as the card
    holding them (its token) and their slots: all three of his dice are placed and none
    is condemned yet. Empty when no die need come back."""
    mine = state.seats[seat]
    placed = seat_dice(state, seat)
    if condemned(state, seat) or mine.fresh or len(placed) < data.HERO_DICE:
        return {}
    found: dict[str, list[int]] = {}
    for code, _side, slot in placed:
        located = locate(state, code)
        if located is not None:
            found.setdefault(target_token(code, located[1]), []).append(slot)
    return found


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
            name = target_token(code, play)
            if effect == data.PUSH_ALL:
                options.append(f"{PUSH} {name}")
            else:
                options += [f"{PUSH} {name} {slot}" for slot in slots]
        return options or [PUSH]  # the dice were taken back meanwhile: nothing to push
    if effect == data.WHIRLWIND:
        options = []
        for seat in heroes:
            takes = whirlwind_takes_back(state, seat)
            picks = [f"{token} {slot}" for token, slots in takes.items() for slot in slots]
            options += [f"{AIM} {seat} {pick}" for pick in picks] or [f"{AIM} {seat}"]
        return options
    if effect.startswith(data.FORBID_PREFIX):
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
