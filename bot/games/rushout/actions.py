"""Rush Out!'s actions: what each one does, which are legal now, and why one is refused."""

from __future__ import annotations

from bot.games.base import SYSTEM_SEAT, IllegalAction, SeededRng, require
from bot.games.rushout import data
from bot.games.rushout.rules import (
    check_completion,
    choice_actions,
    discard_top,
    move_dragon,
    resolve_effect,
    reveal_spell,
    round_over,
    start_pulse,
    start_round,
)
from bot.games.rushout.state import (
    AIM,
    BUY,
    CHECK,
    DONE,
    DRAIN,
    FLIP,
    HERO,
    LIVE,
    MARKET,
    OVER,
    PLACE,
    PLAY,
    PULSE,
    PULSE_END,
    PUSH,
    RECALL,
    SORCERER,
    SPEND,
    SPOKE,
    SWAP,
    THROW,
    WOUND,
    Die,
    JsonDict,
    Play,
    RushOutState,
    active_curses,
    assign_dice,
    camp_side,
    clone,
    condemned,
    dice_to_throw,
    is_token,
    locate,
    new_play,
    placements,
    seat_dice,
    side_symbols,
    total_dice,
)


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
    found = locate(state, args[0])
    assert found is not None
    (code, play), slots = found, [int(arg) for arg in args[1:]]
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
    check_completion(state, code, camp, events)


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
    resolve_effect(state, pending.effect, pending.card, action, events)
    if not round_over(state, round_number) and pending.area is not None:
        reveal_spell(state, pending.area, events)


def _flip(state: RushOutState, seat: int, args: list[str], events: list[JsonDict]) -> None:
    fresh = state.seats[seat].fresh
    fresh[fresh.index(args[0])] = args[1]
    events.append({"type": "flipped", "seat": seat, "from": args[0], "to": args[1]})


def _swap(state: RushOutState, card: str, events: list[JsonDict]) -> None:
    area = next(i for i, play in enumerate(state.spells) if play and play.card == card)
    top = state.spell_deck.pop()
    state.spell_deck.append(card)
    state.spells[area] = new_play(top)
    events.append({"type": "swapped", "target": f"s{area}", "card": top, "old": card})


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
        state.hexes = [other for other in state.hexes if other.card != args[0]]
    elif verb == "warrior":
        move_dragon(state, -1, ev)
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
        start_round(state, events)


def end_pulse(state: RushOutState, events: list[JsonDict]) -> None:
    events.append({"type": "pulse_ended", "pulse": state.pulse})
    start_pulse(state)


# --- legality ----------------------------------------------------------------------------
def _throw_allowed(state: RushOutState, seat: int, placed: int) -> bool:
    mine = state.seats[seat]
    free = total_dice(state, seat) - placed - condemned(state, seat)
    if state.phase != PLAY or mine.must_check or free <= 0:
        return False
    if seat == state.sorcerer:
        if state.pending is not None:
            return False
    elif not state.started and state.play == LIVE:
        return False  # the sorcerer's head start: live play only
    return state.play != PULSE or (mine.throws_left > 0 and not mine.done)


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
            actions += [f"{SWAP} {p.card}" for p in state.spells if p]
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
        return [f"tracker {play.card}" for play in state.hexes]
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


def seat_done(state: RushOutState, seat: int) -> bool:
    """In a pulse: the seat is done with it. It pressed Done (once a pulse: it then does
    nothing more until the next one), or its throws are spent and nothing else is left for
    it to do. Only throws are rationed: with its throws spent a seat may still place its
    last throw, recall, spend gold, use a faculty or a scroll, then press Done. The pulse
    ends early once every seat is done."""
    if state.seats[seat].done:
        return True
    return state.seats[seat].throws_left <= 0 and not _play_actions(state, seat)


def all_done(state: RushOutState) -> bool:
    return all(seat_done(state, seat) for seat in range(state.players))


def legal_now(state: RushOutState, seat: int) -> list[str]:
    """The plain legal actions: cooldowns over, deadlines not passed."""
    if seat == SYSTEM_SEAT:
        return system_actions(state)
    if state.phase == MARKET:
        return _market_actions(state, seat)
    if state.phase != PLAY:
        return []
    if state.play == PULSE and state.seats[seat].done:
        return []  # done with this pulse
    actions = _play_actions(state, seat)
    owes_choice = seat == state.sorcerer and state.pending is not None
    if state.play == PULSE and actions and not owes_choice:
        actions.append(DONE)
    return actions


def system_actions(state: RushOutState) -> list[str]:
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


def refusal(state: RushOutState, seat: int, action: str, at: float | None) -> IllegalAction:
    verb = action.split(" ")[0] if isinstance(action, str) else ""
    if state.phase == OVER:
        return IllegalAction("The match is over.", "game_over")
    if seat == SYSTEM_SEAT:
        return IllegalAction("That system action is not due.", "not_due")
    if verb == THROW and at is not None and THROW in legal_now(state, seat):
        left = round(ready_time(state, seat) - at, 2)
        return IllegalAction(f"Your hands need {left} s more.", "cooldown", seconds=left)
    if verb == THROW and seat != state.sorcerer and not state.started and state.play == LIVE:
        return IllegalAction("Wait for the sorcerer's first throw.", "not_started")
    if verb == THROW and state.seats[seat].must_check:
        return IllegalAction("High five first: press Check!", "must_check")
    if seat == state.sorcerer and state.pending is not None:
        return IllegalAction("Choose your spell's target first.", "choose_first")
    if card_gone(state, action):
        return IllegalAction("That card has left the table.", "card_gone")
    if state.play == PULSE and state.phase == PLAY:
        if state.seats[seat].done or (verb == DONE and seat_done(state, seat)):
            return IllegalAction("You are done for this pulse.", "pulse_done")
        if verb == THROW and state.seats[seat].throws_left <= 0:
            return IllegalAction("No throw left in this pulse.", "no_throw_left")
    if verb == PLACE:
        return IllegalAction("Those dice cannot go there now.", "bad_placement")
    return IllegalAction("That is not possible now.", "illegal")


def card_gone(state: RushOutState, action: str) -> bool:
    """Whether ``action`` names a card (or tile) that is not on the table now: a click on
    a panel older than the card's completion or departure."""
    verb, _, rest = action.partition(" ")
    name = rest.split(" ")[0]
    if verb not in (PLACE, PUSH, SWAP, "tracker") or not name or not is_token(name):
        return False
    if verb == SWAP:
        return not any(play and play.card == name for play in state.spells)
    if verb == "tracker":
        return not any(play.card == name for play in state.hexes)
    return locate(state, name) is None


def parse_seat(seat: object, players: int) -> int:
    ok = isinstance(seat, int) and (0 <= seat < players or seat == SYSTEM_SEAT)
    require(ok, "No such seat.", "no_such_seat")
    assert isinstance(seat, int)
    return seat


# --- applying ------------------------------------------------------------------------------
def can_act(state: RushOutState, seat: int) -> bool:
    """``bool(legal_now(state, seat))``, answered early where a cheap check suffices."""
    if state.phase == PLAY and state.play == LIVE:
        if (seat == state.sorcerer and state.pending) or state.seats[seat].must_check:
            return True  # a choice or a check is owed
        placed = len(seat_dice(state, seat))
        if placed or _throw_allowed(state, seat, placed):
            return True  # recall or throw
    return bool(legal_now(state, seat))


def advance(state: RushOutState, at: float) -> tuple[RushOutState, list[JsonDict]]:
    """The state at ``at``: a pulse whose deadline passed has ended (on a copy)."""
    deadline = state.pulse_end
    if state.phase != PLAY or deadline is None or at < deadline:
        return state, []
    state = clone(state)
    events: list[JsonDict] = []
    state.clock = max(state.clock, deadline)
    end_pulse(state, events)
    return state, events


def execute(state: RushOutState, seat: int, action: str, at: float, ev: list[JsonDict]) -> None:
    verb, *args = action.split(" ")
    if seat == SYSTEM_SEAT:
        if action == PULSE_END:
            end_pulse(state, ev)
        else:
            ev.append({"type": "spoke", "seat": int(args[0])})
            discard_top(state, SORCERER, "silence", ev)
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
        discard_top(state, camp, "gold", ev)
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
