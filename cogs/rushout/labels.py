"""How each Rush Out! action reads on its button: one labeller per verb."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.rushout import data
from bot.games.rushout.views import RushOutSeatView
from bot.i18n import Tr
from cogs.rushout.words import (
    READY_MARGIN,
    card_at,
    cooldown_left,
    decimal_text,
    effect_word,
    face_word,
    hero_of,
    hero_word,
    icon,
    icons,
    item_text,
    my_dice,
    side_slots,
    target_name,
    throws_left,
)

#: Labels one action from its words after the verb (None: not understood).
Labeller = Callable[[list[str], RushOutSeatView, Tr], str | None]


# ---------------------------------------------------------------- one labeller per verb
def _seat(view: RushOutSeatView) -> int:
    me = view.get("me")
    return me["seat"] if me is not None else -1


def _camp(view: RushOutSeatView) -> str:
    me = view.get("me")
    return me["camp"] if me is not None else "heroes"


def _throw_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    seat = _seat(view)
    if view["play"] == "pulse":
        return tr("rushout.action.throw_left", count=throws_left(view, seat) or 0)
    wait = cooldown_left(view, seat)
    if wait > READY_MARGIN:
        return tr("rushout.action.throw_wait", seconds=decimal_text(wait, tr))
    return tr("rushout.action.throw")


def _place_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    if not args or not all(arg.isdigit() for arg in args[1:]):
        return None
    code, slots = args[0], [int(arg) for arg in args[1:]]
    card = card_at(code, view)
    side = side_slots(card, _camp(view))
    if not side or any(slot >= len(side) for slot in slots):
        return None
    filled = sum(1 for spot in side if spot["face"]) + len(slots)
    progress = f"{filled}/{len(side)}"
    if filled == len(side):
        progress = "🐉" if card and card["dragon"] else "✅"
    return tr(
        "rushout.action.place",
        dice=icons([side[slot]["symbol"] for slot in slots]),
        target=target_name(code, view, tr),
        progress=progress,
    )


def _recall_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    dice = my_dice(view)
    on = dice["on"] if dice else None
    target = target_name(on, view, tr) if on else "?"
    if not args:
        return tr("rushout.action.recall", target=target)
    side = side_slots(card_at(on, view), _camp(view)) if on else []
    slot = int(args[0]) if args[0].isdigit() else -1
    face = side[slot]["face"] if 0 <= slot < len(side) else None
    return tr("rushout.action.recall_one", die=icon(face or "?"), target=target)


def _push_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    if not args:
        return tr("rushout.action.push_nothing")
    target = target_name(args[0], view, tr)
    side = side_slots(card_at(args[0], view), "heroes")
    if len(args) == 1:
        count = sum(1 for spot in side if spot["face"])
        return tr("rushout.action.push_all", target=target, count=count)
    slot = int(args[1]) if args[1].isdigit() else -1
    spot = side[slot] if 0 <= slot < len(side) else None
    seat = spot["seat"] if spot else None
    face = spot["face"] if spot else None
    return tr(
        "rushout.action.push_one",
        die=icon(face or "?"),
        hero=hero_word(view, seat, tr) if seat is not None else "?",
        target=target,
    )


def _hero_args(args: list[str], view: RushOutSeatView, tr: Tr) -> list[str]:
    return [hero_word(view, int(arg), tr) if arg.isdigit() else arg for arg in args]


def _aim_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    pending = view["sorcerer"]["pending"]
    card = data.CARDS.get(pending["card"]) if pending else None
    effect = effect_word(card.effect, card.kind, tr) if card else "?"
    hero = " ".join(_hero_args(args[:1], view, tr))
    if len(args) == 3:  # a Whirlwind makes the hero take back the die the sorcerer picks
        side = side_slots(card_at(args[1], view), "heroes")
        slot = int(args[2]) if args[2].isdigit() else -1
        face = side[slot]["face"] if 0 <= slot < len(side) else None
        return tr("rushout.action.aim_take_back", effect=effect, hero=hero, die=icon(face or "?"))
    return tr("rushout.action.aim", effect=effect, hero=hero)


def _wound_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    if not args:
        return tr("rushout.action.wound_nobody")
    heroes = tr("rushout.and").join(_hero_args(args, view, tr))
    return tr("rushout.action.wound", heroes=heroes)


def _drain_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    if not args or not args[0].isdigit():
        return tr("rushout.action.drain_nobody")
    hero = hero_of(view, int(args[0]))
    xp = hero["xp"] if hero else 0
    return tr("rushout.action.drain", hero=hero_word(view, int(args[0]), tr), xp=xp)


def _spend_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    return tr("rushout.action.spend", count=data.GOLD_PER_DISCARD)


def _check_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    return tr("rushout.action.check")


def _flip_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    if len(args) != 2:
        return None
    return tr("rushout.action.flip", old=face_word(args[0], tr), new=face_word(args[1], tr))


def _swap_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    return tr("rushout.action.swap", target=target_name(args[0], view, tr)) if args else None


def _bard_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    if len(args) != 2 or not args[0].isdigit():
        return None
    hero = hero_word(view, int(args[0]), tr)
    return tr("rushout.action.bard", die=face_word(args[1], tr), hero=hero)


def _tracker_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    return tr("rushout.action.tracker", target=target_name(args[0], view, tr)) if args else None


def _warrior_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    return tr("rushout.action.warrior")


def _cleric_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    return tr("rushout.action.cleric", hero=" ".join(_hero_args(args, view, tr))) if args else None


def _buy_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str | None:
    if not args:
        return None
    item = args[0]
    goods: dict[str, data.Equipment | data.Scroll] = {**data.EQUIPMENT, **data.SCROLLS}
    if item not in goods:
        return None
    return tr("rushout.action.buy", item=item_text(item, tr), price=goods[item].price)


def _done_label(args: list[str], view: RushOutSeatView, tr: Tr) -> str:
    return tr("rushout.action.done_market" if view["phase"] == "market" else "rushout.action.done")


ACTION_LABELS: dict[str, Labeller] = {
    "throw": _throw_label,
    "place": _place_label,
    "recall": _recall_label,
    "check": _check_label,
    "push": _push_label,
    "aim": _aim_label,
    "wound": _wound_label,
    "drain": _drain_label,
    "spend": _spend_label,
    "flip": _flip_label,
    "swap": _swap_label,
    "bard": _bard_label,
    "tracker": _tracker_label,
    "warrior": _warrior_label,
    "cleric": _cleric_label,
    "buy": _buy_label,
    "done": _done_label,
}
