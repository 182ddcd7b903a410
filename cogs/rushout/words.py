"""Rush Out! words for Discord: faces as emoji, cards and targets by name, a seat's dice
and clock, read from the typed views."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar, cast

from bot.games.base import View
from bot.games.rushout import data
from bot.games.rushout.views import (
    CampCounts,
    CardView,
    CursesView,
    DiceView,
    HeroView,
    RushOutPublicView,
    RushOutSeatView,
    SlotView,
)
from bot.i18n import Tr

#: An event as the engine reports it (events stay loosely typed).
Json = dict[str, Any]
T = TypeVar("T")

FACE_ICONS = {
    data.FIRE: "🔥",
    data.SWORD: "🗡",
    data.STEP: "👣",
    data.KEY: "🔑",
    data.HEART: "❤",
    data.JOKER: "✨",
    data.PLANT: "🌱",
    data.WATER: "💧",
    data.AIR: "💨",
    data.LIGHTNING: "⚡",
    data.FLAME: "☄",
}
#: A cooldown shorter than this is shown as over (the click takes longer anyway).
READY_MARGIN = 0.05


def rushout_view(view: View) -> RushOutSeatView:
    """A view from the shared flow as the engine types it (a seat's, or the public one: its
    ``me`` is then absent). Each presentation hook reads its view through this once."""
    return cast(RushOutSeatView, view)


# ---------------------------------------------------------------- small words
def icon(face: str) -> str:
    return FACE_ICONS.get(face, face)


def icons(faces: list[str] | tuple[str, ...]) -> str:
    """``🗡🗡👣``: dice or slots, side by side."""
    return "".join(icon(face) for face in faces)


def face_word(face: str, tr: Tr) -> str:
    """``🗡 Sword``: a face with its name, where there is room."""
    if face == data.ANY_SYMBOL:
        return tr("rushout.any_symbol")
    return f"{icon(face)} {tr(f'render.rushout.face_{face}')}"


def decimal_text(value: float, tr: Tr) -> str:
    """``1.5`` / ``1,5``; a whole number without decimals."""
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", ",") if tr.language == "fr" else text


def duration_text(seconds: float, tr: Tr) -> str:
    minutes = round(seconds / 60)
    if minutes >= 60 and minutes % 60 == 0:
        return tr("render.rushout.hours", count=minutes // 60)
    return tr("render.rushout.minutes", count=minutes)


def hero_of(view: RushOutPublicView, seat: int) -> HeroView | None:
    return next((hero for hero in view["heroes"] if hero["seat"] == seat), None)


def hero_word(view: RushOutPublicView, seat: int, tr: Tr) -> str:
    """``Warrior``: a hero as a label names it (labels know no player names)."""
    hero = hero_of(view, seat)
    return tr(f"render.rushout.hero_{hero['hero']}") if hero else "?"


def effect_word(effect: str, kind: str, tr: Tr) -> str:
    key = f"render.rushout.effect_{effect or kind}"
    return tr(key) if tr.has(key) else tr(f"render.rushout.kind_{kind}")


def kind_word(kind: str, tr: Tr) -> str:
    key = f"render.rushout.kind_{kind}"
    return tr(key) if tr.has(key) else kind


def card_words(card_id: str, tr: Tr) -> str:
    """A card named by what it is: ``Trial 🗡🗡👣``, ``Curse · Silence``."""
    card = data.CARDS.get(card_id)
    if card is None:
        return card_id
    if card.kind in data.TRIAL_KINDS or card.kind == data.INVOCATION:
        return f"{kind_word(card.kind, tr)} {icons(card.hero)}"
    return f"{kind_word(card.kind, tr)} · {effect_word(card.effect, card.kind, tr)}"


def seat_name(seat: Any, names: list[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def names_text(seats: list[Any], names: list[str]) -> str:
    return ", ".join(seat_name(seat, names) for seat in seats)


# ---------------------------------------------------------------- cards and targets
def _indexed(cards: Sequence[T | None], text: str) -> T | None:
    if not text.isdigit() or int(text) >= len(cards):
        return None
    return cards[int(text)]


#: How actions name a scroll card (``scroll-x7``); views show where it lies (``x0``).
SCROLL_TOKEN = "scroll-"


def named_card(name: str, view: RushOutPublicView) -> CardView | None:
    """The card an action names by identity (``std05``, ``curse1``, ``scroll-x7``), where
    the view shows it now; None when it is not on the table."""
    if name.startswith(SCROLL_TOKEN):
        scroll = next(
            (s for s in view["sorcerer"]["scrolls"] if s["id"] == name[len(SCROLL_TOKEN) :]),
            None,
        )
        return scroll["card"] if scroll else None
    for card in [*view["trials"], *view["spells"], *view["hexes"]]:
        if card is not None and card["card"] == name:
            return card
    return None


def card_at(code: str, view: RushOutPublicView) -> CardView | None:
    """The card or tile (as the view shows it) at a target code (``t1``, ``d``, ``w2``...),
    or named by an action (``std05``, ``scroll-x7``: see ``named_card``)."""
    letter, rest = code[:1], code[1:]
    if not (rest.isdigit() or code == "d"):
        return named_card(code, view)
    if code == "d":
        dragon = view["dragon"]
        return dragon["tile"] if dragon else None
    if letter == "t":
        return _indexed(view["trials"], rest)
    if letter == "s":
        return _indexed(view["spells"], rest)
    if letter == "c":
        return _indexed(view["hexes"], rest)
    if letter == "w" and rest.isdigit():
        hero = hero_of(view, int(rest))
        return hero["wound"] if hero else None
    if letter == "x":
        scroll = _indexed(view["sorcerer"]["scrolls"], rest)
        return scroll["card"] if scroll else None
    return None


def _trial_name(number: int, card: CardView | None, tr: Tr) -> str:
    name = tr("rushout.target.trial", number=number)
    kind = card["kind"] if card else None
    return name + (
        f" {tr(f'rushout.target.mark_{kind}')}" if kind in ("gold", "confrontation") else ""
    )


def _hex_name(card: CardView | None, view: RushOutPublicView, tr: Tr) -> str:
    if card is None:
        return tr("rushout.target.hex")
    effect = effect_word(card["effect"], card["kind"], tr)
    aimed = card["aimed"]
    if aimed is not None:
        return tr("rushout.target.aimed", effect=effect, hero=hero_word(view, aimed, tr))
    return tr("rushout.target.curse", effect=effect)


def _scroll_name(code: str, view: RushOutPublicView, tr: Tr) -> str:
    scroll = _indexed(view["sorcerer"]["scrolls"], code[1:])
    power = scroll["power"] if scroll else None
    return tr(
        f"rushout.target.scroll_{power}"
        if power in ("fire", "lightning")
        else "rushout.target.scroll"
    )


def target_name(code: str, view: RushOutPublicView, tr: Tr, *, plain: bool = False) -> str:
    """``Trial 2``, ``Spell 1 · Confusion``, ``Dragon tile``, ``Wound · Bard``...

    ``plain``: a trial or spell slot by its number only, as an event tells it (the view is
    the one after the event, where another card may lie there already). A card an action
    names by identity is named by where it lies now."""
    card = card_at(code, view)
    if card is not None:
        code = card["target"]
    letter, rest = code[:1], code[1:]
    number = int(rest) + 1 if rest.isdigit() else 0
    if code == "d":
        return tr("render.rushout.dragon_tile")
    if plain and letter in "ts":
        key = "rushout.target.trial" if letter == "t" else "render.rushout.spell"
        return tr(key, number=number)
    if letter == "t":
        return _trial_name(number, card, tr)
    if letter == "s":
        kind = kind_word(card["kind"], tr) if card else "?"
        return tr("rushout.target.spell", number=number, kind=kind)
    if letter == "w" and rest.isdigit():
        return tr("rushout.target.wound", hero=hero_word(view, int(rest), tr))
    if letter == "c":
        return _hex_name(card, view, tr)
    if letter == "x":
        return _scroll_name(code, view, tr)
    return card_words(code, tr) if code in data.CARDS else code


def side_slots(card: CardView | None, camp: str) -> list[SlotView]:
    if card is None:
        return []
    return list(card["sorcerer_slots"] if camp == "sorcerer" else card["hero_slots"])


def my_dice(view: RushOutSeatView) -> DiceView | None:
    """The dice of the seat whose controller this is: {fresh, on, placed, condemned, total}."""
    me = view.get("me")
    if me is not None and me["camp"] == "sorcerer":
        return view["sorcerer"]["dice"]
    hero = hero_of(view, me["seat"] if me is not None else -1)
    return hero["dice"] if hero else None


def per_seat(values: list[T] | None, seat: int) -> T | None:
    """A per-seat list's entry for ``seat`` (None when there is none)."""
    return values[seat] if values is not None and 0 <= seat < len(values) else None


def cooldown_left(view: RushOutPublicView, seat: int) -> float:
    """Seconds before ``seat`` may throw again, at ``view["clock"]["now"]``."""
    clock = view["clock"]
    ready = per_seat(clock["ready_at"], seat)
    if ready is None:
        return 0.0
    return max(0.0, float(ready) - float(clock["now"]))


def throws_left(view: RushOutPublicView, seat: int) -> int | None:
    return per_seat(view["clock"]["throws_left"], seat)


def camp_count(counts: CampCounts | None, camp: str) -> int:
    """A camp's trophies or gold (0 when the mode has none)."""
    if counts is None:
        return 0
    return counts["sorcerer"] if camp == "sorcerer" else counts["heroes"]


def curse_counts(curses: CursesView) -> dict[str, int]:
    """Each curse of ``data.CURSES``, in that order, with its active copies."""
    return {
        data.SILENCE: curses["silence"],
        data.ONE_HAND: curses["one_hand"],
        data.HIGH_FIVE: curses["high_five"],
    }


def item_text(item: str, tr: Tr) -> str:
    """What a market item does: ``Joker also = 🔥 Fire``, ``Scroll: 🌱 ↔ 💧``."""
    if item in data.EQUIPMENT:
        return tr("rushout.item.equipment", face=face_word(data.EQUIPMENT[item].joker_as, tr))
    scroll = data.SCROLLS.get(item)
    if scroll is None:
        return item
    return tr(
        f"rushout.item.{scroll.power}",
        faces=" ↔ ".join(icon(face) for face in scroll.symbols),
        slots=icons(scroll.symbols),
        face=face_word(scroll.symbols[0], tr) if scroll.symbols else "",
    )


def dragon_place(position: int, tr: Tr) -> str:
    if position <= data.DRAGON_TILE_POSITION:
        return tr("rushout.dragon.tile")
    if position >= data.DRAGON_AT_DECK:
        return tr("rushout.dragon.deck")
    return tr("rushout.dragon.trial", number=position)
