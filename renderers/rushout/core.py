"""What every area of the Rush Out! board shares: the view and its words, dice trays,
slot rows, chips and scrolls, and how a row of them is laid out."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from bot.games.rushout import data
from bot.games.rushout.views import (
    CardView,
    ClockView,
    DiceView,
    HeroView,
    RushOutPublicView,
    ScrollView,
    SlotView,
    SorcererView,
)
from renderers.base import (
    SURFACE,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Box,
    Canvas,
    Colour,
    TextSize,
    fill_label,
    merge_labels,
    mix,
)
from renderers.rushout.labels import LABEL_DEFAULTS
from renderers.rushout.look import (
    CARD_RADIUS,
    SLOT,
    SLOT_GAP,
    SORCERER_COLOUR,
    SPELL_FACE,
    SPELL_SLOT,
    TRAY_DIE,
    TRAY_GAP,
    WIDTH,
    layout,
)
from renderers.rushout.pieces import (
    SORCERER_LOOK,
    DieLook,
    draw_blank_die,
    draw_coin,
    draw_die,
    draw_slot,
    hero_look,
)
from renderers.rushout.static import STATIC_LABEL_KEYS, static_layer

#: Sizes inside a scroll chip.
SCROLL_DIE = 24.0
SCROLL_HEIGHT = 30.0
SCROLL_PAD = 7.0
SCROLL_ITEM_GAP = 10.0
FLIP_ARROW = 18.0
PRICE_WIDTH = 44.0  # a coin and a price (1-3)
#: A scroll whose card wants this many of one symbol shows one slot and ``×n`` when it has
#: no die on it (in the market).
SHORTHAND_SLOTS = 4
CHIP_GAP = 8.0


def minutes_text(seconds: float, labels: Mapping[str, str]) -> str:
    minutes = max(0, math.ceil(seconds / 60))
    if minutes >= 120:
        return fill_label(labels["hours"], count=round(minutes / 60))
    return fill_label(labels["minutes"], count=minutes)


# --- Rows of things ------------------------------------------------------------------------
def flow(
    widths: Sequence[float], starts: Sequence[float], right: float, gap: float = CHIP_GAP
) -> list[tuple[float, int]]:
    """Where things of ``widths`` go, left to right, a new line when one does not fit before
    ``right``: ``(x, line)`` each, lines starting at ``starts[line]``. Whatever does not fit
    in ``len(starts)`` lines is left out of the answer (the caller says how many)."""
    placed: list[tuple[float, int]] = []
    line = 0
    if not starts:
        return placed
    x = starts[0]
    for width in widths:
        while x + width > right and x > starts[line]:
            line += 1
            if line >= len(starts):
                return placed
            x = starts[line]
        if x + width > right:
            return placed
        placed.append((x, line))
        x += width + gap
    return placed


# --- Scrolls -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScrollItem:
    """One scroll: its faces (a flip's two, a Joker rule's symbol), the slots of a card
    scroll (with the dice on them), its price in the market."""

    symbols: tuple[str, ...]
    slots: tuple[SlotView, ...]
    price: int | None


@dataclass(frozen=True)
class ScrollGroup:
    """The scrolls of one power, drawn as one chip: its name once, then each scroll."""

    power: str
    items: tuple[ScrollItem, ...]


def card_scroll(power: str) -> bool:
    return power in (data.LIGHTNING_CARD, data.FIRE_CARD)


def scroll_groups(scrolls: Sequence[tuple[str, ScrollItem]]) -> list[ScrollGroup]:
    """Scrolls grouped by power, in the order each power first comes."""
    groups: dict[str, list[ScrollItem]] = {}
    for power, item in scrolls:
        groups.setdefault(power, []).append(item)
    return [ScrollGroup(power, tuple(items)) for power, items in groups.items()]


def owned_scrolls(scrolls: Sequence[ScrollView]) -> list[ScrollGroup]:
    """The sorcerer's scrolls, grouped by power."""
    entries: list[tuple[str, ScrollItem]] = []
    for scroll in scrolls:
        card = scroll["card"]
        slots = tuple(card["sorcerer_slots"]) if card else ()
        if card_scroll(scroll["power"]) and not slots:
            slots = tuple(SlotView(symbol=s, seat=None, face=None) for s in scroll["symbols"])
        entries.append((scroll["power"], ScrollItem(tuple(scroll["symbols"]), slots, None)))
    return scroll_groups(entries)


def shorthand(item: ScrollItem) -> bool:
    """A card scroll with no die on it and many slots of one symbol: one slot and ``×n``."""
    symbols = {slot["symbol"] for slot in item.slots}
    return (
        len(item.slots) >= SHORTHAND_SLOTS
        and len(symbols) == 1
        and all(slot["face"] is None for slot in item.slots)
    )


class BoardCore:
    """One view being drawn over the cached static layer, and what every area of the board
    uses; the areas are its subclasses and ``RushOutBoard`` gathers them."""

    def __init__(self, view: RushOutPublicView, labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.heroes: list[HeroView] = list(view["heroes"])
        self.sorcerer: SorcererView = view["sorcerer"]
        self.geometry = layout(view["mode"], len(self.heroes))
        static = tuple(self.labels[key] for key in STATIC_LABEL_KEYS)
        self.canvas = Canvas(
            WIDTH,
            self.geometry.height,
            base=static_layer(self.geometry.key, static),
        )
        self.looks: dict[int, DieLook] = {self.sorcerer["seat"]: SORCERER_LOOK}
        for hero in self.heroes:
            self.looks[hero["seat"]] = hero_look(hero)
        self.by_seat = {hero["seat"]: hero for hero in self.heroes}
        outcome = view["outcome"]
        self.winners: list[int] = list(outcome["winners"]) if outcome else []
        self.reason = outcome["reason"] if outcome else ""
        self.clock: ClockView = view["clock"]

    # -- words
    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or fill_label(
            self.labels["player"], number=seat + 1
        )

    def word(self, key: str, default: str = "") -> str:
        return self.labels.get(key, default or key)

    def mode_name(self) -> str:
        """The mode in the reader's words (``mode_<key>``), the engine's title otherwise."""
        return self.word(f"mode_{self.view['mode']}", self.view["mode_title"])

    def effect_name(self, card: CardView) -> str:
        effect = card["effect"]
        if card["kind"] == data.INVOCATION:
            return self.word("effect_invocation")
        return self.word(f"effect_{effect}", effect)

    def cards(self) -> Iterator[tuple[str, int, CardView]]:
        """Every card and tile of the view that takes dice, with where it lies: ``("trial",
        index)``, ``("spell", index)``, ``("hex", index)``, ``("dragon", 0)``, ``("wound",
        seat)``, ``("scroll", index)``."""
        for area, cards in (("trial", self.view["trials"]), ("spell", self.view["spells"])):
            for index, card in enumerate(cards):
                if card:
                    yield area, index, card
        for index, card in enumerate(self.view["hexes"]):
            yield "hex", index, card
        dragon = self.view["dragon"]
        if dragon:
            yield "dragon", 0, dragon["tile"]
        for hero in self.heroes:
            if hero["wound"]:
                yield "wound", hero["seat"], hero["wound"]
        for index, scroll in enumerate(self.sorcerer["scrolls"]):
            if scroll["card"]:
                yield "scroll", index, scroll["card"]

    def target_name(self, code: str) -> str:
        """Where a seat's placed dice are, as the board names it: Trial 2, Spell 1, Dragon
        tile, a wounded hero's tile (✚ and his hero), a card facing the heroes (its effect),
        a scroll. The card is found by its target code in the view."""
        if not code:
            return ""
        for area, index, card in self.cards():
            if card["target"] != code:
                continue
            if area in ("trial", "spell"):
                return fill_label(self.labels[area], number=index + 1)
            if area == "dragon":
                return self.labels["dragon_tile"]
            if area == "wound":
                hero = self.by_seat[index]["hero"]
                return "✚ " + self.word(f"hero_{hero}", hero)
            if area == "hex":
                return self.effect_name(card)
            return self.labels["scroll_target"]
        return code

    def caption(self, x: float, y: float, key: str) -> float:
        """A muted caption before a group of things; returns where they start."""
        text = self.labels[key]
        self.canvas.text((x, y), text, TextSize.SMALL, TEXT_MUTED, "lm")
        return x + self.canvas.text_width(text, TextSize.SMALL) + 8

    def chip_width(self, text: str) -> float:
        return self.canvas.chips_width([text])

    # -- dice trays
    def tray_width(self, dice: DiceView) -> float:
        """The width of a seat's dice (without the words after them)."""
        boxes = max(dice["total"], len(dice["fresh"]) + dice["condemned"])
        return boxes * (TRAY_DIE + TRAY_GAP) + 4

    def tray_note(self, dice: DiceView) -> str:
        """Where a seat's placed dice are: ``2× on Trial 1``."""
        placed, on = dice["placed"], dice["on"]
        if not placed or not on:
            return ""
        return f"{placed}× " + fill_label(self.labels["on_card"], card=self.target_name(on))

    def draw_tray(self, x: float, y: float, dice: DiceView, look: DieLook, right: float) -> float:
        """A seat's dice: the last throw's faces, those on a card, the condemned one, the
        rest waiting for the next throw (hollow); then where its placed dice are."""
        canvas = self.canvas
        fresh = dice["fresh"]
        placed = dice["placed"]
        condemned = dice["condemned"]
        total = dice["total"]
        waiting = max(0, total - len(fresh) - placed - condemned)
        size = TRAY_DIE
        top = y - size / 2
        for face in fresh:
            draw_die(canvas, (x, top, x + size, top + size), face, look)
            x += size + TRAY_GAP
        for _ in range(waiting):
            draw_blank_die(canvas, (x, top, x + size, top + size), look)
            x += size + TRAY_GAP
        for _ in range(condemned):
            draw_blank_die(canvas, (x, top, x + size, top + size), look, crossed=True)
            x += size + TRAY_GAP
        x += 4
        note = self.tray_note(dice)
        if note:
            width = canvas.fitted_text((x, y), note, right - x, TextSize.SMALL, TEXT, "lm")
            x += width + 8
        return x

    def seat_note(self, seat: int) -> str:
        """Pulse play: throws left, or Done."""
        if self.view["play"] != "pulse" or self.winners or self.view["phase"] != "play":
            return ""
        done = self.clock["done"]
        if seat < len(done) and done[seat]:
            return self.labels["done"]
        left = self.clock["throws_left"]
        if left and seat < len(left):
            return fill_label(self.labels["throws_left"], count=left[seat])
        return ""

    # -- scrolls
    def scroll_item_width(self, power: str, item: ScrollItem) -> float:
        if power == data.FLIP:
            width = 2 * SCROLL_DIE + FLIP_ARROW
        elif power == data.JOKER_ON:
            width = len(item.symbols) * SCROLL_DIE
        elif shorthand(item):
            times = f"×{len(item.slots)}"
            width = SCROLL_DIE + 3 + self.canvas.text_width(times, TextSize.BODY)
        elif item.slots:
            width = len(item.slots) * (SCROLL_DIE + 3) - 3
        else:
            width = 0.0
        if item.price is not None:
            width += PRICE_WIDTH
        return width

    def scroll_width(self, group: ScrollGroup) -> float:
        word = self.word(f"scroll_{group.power}", group.power)
        width = SCROLL_PAD + self.canvas.text_width(word, TextSize.SMALL) + SCROLL_PAD
        for item in group.items:
            item_width = self.scroll_item_width(group.power, item)
            if item_width:
                width += SCROLL_ITEM_GAP + item_width
        return width

    def draw_scroll(self, x: float, y: float, group: ScrollGroup) -> float:
        """One power's scrolls as a small dark card: its name, then what each does in
        pictures (a flip's two faces, the symbol a Joker may always take, the slots of a
        card that takes dice) and its price in the market. Returns its right edge."""
        canvas = self.canvas
        width = self.scroll_width(group)
        half = SCROLL_HEIGHT / 2
        canvas.rect(
            (x, y - half, x + width, y + half),
            SPELL_FACE,
            mix(SORCERER_COLOUR, SURFACE, 0.2),
            2,
            8,
        )
        word = self.word(f"scroll_{group.power}", group.power)
        canvas.text((x + SCROLL_PAD, y), word, TextSize.SMALL, TEXT, "lm")
        cursor = x + SCROLL_PAD + canvas.text_width(word, TextSize.SMALL)
        size = SCROLL_DIE
        for item in group.items:
            if not self.scroll_item_width(group.power, item):
                continue
            cursor += SCROLL_ITEM_GAP
            if group.power in (data.FLIP, data.JOKER_ON):
                faces = list(item.symbols)
                for index, face in enumerate(faces):
                    box = (cursor, y - size / 2, cursor + size, y + size / 2)
                    if group.power == data.FLIP:
                        draw_die(canvas, box, face, SORCERER_LOOK)
                    else:
                        draw_slot(canvas, box, face, SPELL_SLOT, mix(WHITE, SPELL_SLOT, 0.25))
                    cursor += size
                    if group.power == data.FLIP and index == 0:
                        canvas.text((cursor + FLIP_ARROW / 2, y), "↔", TextSize.SMALL, TEXT, "mm")
                        cursor += FLIP_ARROW
            elif shorthand(item):
                slot = item.slots[0]
                box = (cursor, y - size / 2, cursor + size, y + size / 2)
                self.draw_slot_or_die(box, slot, SPELL_SLOT, mix(WHITE, SPELL_SLOT, 0.25))
                cursor += size + 3
                times = f"×{len(item.slots)}"
                canvas.text((cursor, y), times, TextSize.BODY, TEXT, "lm")
                cursor += canvas.text_width(times, TextSize.BODY)
            else:
                for slot in item.slots:
                    box = (cursor, y - size / 2, cursor + size, y + size / 2)
                    self.draw_slot_or_die(box, slot, SPELL_SLOT, mix(WHITE, SPELL_SLOT, 0.25))
                    cursor += size + 3
                cursor -= 3
            if item.price is not None:
                draw_coin(canvas, (cursor + 15, y), 9)
                canvas.text((cursor + 27, y), str(item.price), TextSize.BODY, TEXT, "lm")
                cursor += PRICE_WIDTH
        return x + width

    def draw_more(self, x: float, y: float, count: int) -> None:
        """``+n``: that many things found no room (never left out silently)."""
        self.canvas.chip((x, y), f"+{count}", TextSize.BODY, SURFACE)

    # -- cards
    def draw_slot_or_die(self, box: Box, slot: SlotView, ground: Colour, ink: Colour) -> None:
        face, seat = slot["face"], slot["seat"]
        if face is not None and seat is not None:
            draw_die(self.canvas, box, face, self.looks.get(seat, SORCERER_LOOK))
        else:
            draw_slot(self.canvas, box, slot["symbol"], ground, ink)

    def draw_slot_row(
        self,
        left: float,
        right: float,
        y: float,
        slots: Sequence[SlotView],
        ground: Colour,
        ink: Colour,
        size: float = SLOT,
    ) -> None:
        """A side's slots, centred between ``left`` and ``right`` around ``y``."""
        count = len(slots)
        if not count:
            return
        gap = SLOT_GAP
        size = min(size, (right - left - (count - 1) * gap) / count)
        used = count * size + (count - 1) * gap
        x = (left + right - used) / 2
        for slot in slots:
            self.draw_slot_or_die((x, y - size / 2, x + size, y + size / 2), slot, ground, ink)
            x += size + gap

    def draw_empty_card(self, box: Box, ground: Colour) -> None:
        self.canvas.rect(box, None, mix(ground, SURFACE, 0.5), 2, CARD_RADIUS)
