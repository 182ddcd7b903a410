"""What every area of the Rush Out! board shares: the view and its words, dice trays,
slot rows and scrolls."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from bot.games.rushout import data
from bot.games.rushout.views import (
    CardView,
    ClockView,
    DiceView,
    HeroView,
    RushOutPublicView,
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


def minutes_text(seconds: float, labels: Mapping[str, str]) -> str:
    minutes = max(0, math.ceil(seconds / 60))
    if minutes >= 120:
        return fill_label(labels["hours"], count=round(minutes / 60))
    return fill_label(labels["minutes"], count=minutes)


class BoardCore:
    """One view being drawn over the cached static layer, and what every area of the board
    uses; the areas are its subclasses and ``RushOutBoard`` gathers them."""

    def __init__(self, view: RushOutPublicView, labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.heroes: list[HeroView] = list(view["heroes"])
        self.sorcerer: SorcererView = view["sorcerer"]
        pulse = view["play"] == "pulse"
        self.geometry = layout(view["mode"], len(self.heroes), pulse)
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
        self.compact = False  # the score strip leaves its captions out when it runs short

    # -- words
    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or fill_label(
            self.labels["player"], number=seat + 1
        )

    def word(self, key: str, default: str = "") -> str:
        return self.labels.get(key, default or key)

    def effect_name(self, card: CardView) -> str:
        effect = card["effect"]
        if card["kind"] == data.INVOCATION:
            return self.word("effect_invocation")
        return self.word(f"effect_{effect}", effect)

    def target_name(self, code: str) -> str:
        """A target code as the controller names it: Trial 2, Spell 1, Dragon tile..."""
        if not code:
            return ""
        kind, rest = code[0], code[1:]
        if kind in "ts" and rest.isdigit():
            key = "trial" if kind == "t" else "spell"
            return fill_label(self.labels[key], number=int(rest) + 1)
        if code == "d":
            return self.labels["dragon_tile"]
        if kind == "w" and rest.isdigit():
            return self.labels["wounded"] + " · " + self.player(int(rest))
        if kind == "c" and rest.isdigit():
            hexes = self.view["hexes"]
            index = int(rest)
            if index < len(hexes) and hexes[index]:
                return self.effect_name(hexes[index])
        if kind == "x":
            return self.labels["scrolls"]
        return code

    def caption(self, x: float, y: float, key: str, room: float = 90) -> float:
        if self.compact and key != "scrolls_owned":
            return x
        width = self.canvas.fitted_text(
            (x, y), self.labels[key], room, TextSize.SMALL, TEXT_MUTED, "lm", min_size=14
        )
        return x + width + 8

    # -- dice trays
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
        on = dice["on"]
        if placed and on:
            text = f"{placed}× " + fill_label(self.labels["on_card"], card=self.target_name(on))
            width = canvas.fitted_text(
                (x, y), text, right - x, TextSize.SMALL, TEXT, "lm", min_size=14
            )
            x += width + 8
        return x

    def seat_note(self, seat: int) -> str:
        """Pulse play: throws left, or Done."""
        if self.view["play"] != "pulse" or self.winners:
            return ""
        done = self.clock["done"]
        if seat < len(done) and done[seat]:
            return self.labels["done"]
        left = self.clock["throws_left"]
        if left and seat < len(left):
            return fill_label(self.labels["throws_left"], count=left[seat])
        return ""

    def draw_scroll(
        self,
        x: float,
        y: float,
        power: str,
        symbols: Sequence[str],
        slots: Sequence[SlotView],
        right: float,
        price: int | None = None,
    ) -> float | None:
        """One scroll as a small dark card: its name and what it does in pictures (a flip's
        two faces, the slot a Joker may always take, the slots of a card that takes dice),
        and its price in the market. Returns its right edge, None when it does not fit."""
        canvas = self.canvas
        size = 24.0
        word = self.word(f"scroll_{power}", power)
        width = canvas.text_width(word, TextSize.SMALL) + 12
        if power in (data.FLIP, data.JOKER_ON):
            width += 6 + 2 * size + 18
        elif slots or power in (data.LIGHTNING_CARD, data.FIRE_CARD):
            width += 6 + max(len(slots), len(symbols)) * (size + 3)
        if price is not None:
            width += 46
        if x + width > right:
            return None
        canvas.rect(
            (x, y - 17, x + width, y + 17), SPELL_FACE, mix(SORCERER_COLOUR, SURFACE, 0.2), 2, 8
        )
        cursor = x + 6
        if power in (data.FLIP, data.JOKER_ON):
            canvas.text((cursor, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += canvas.text_width(word, TextSize.SMALL) + 6
            faces = list(symbols) if power == data.FLIP else [data.JOKER, *symbols]
            arrow = "↔" if power == data.FLIP else "→"
            for index, face in enumerate(faces[:2]):
                draw_die(
                    canvas, (cursor, y - size / 2, cursor + size, y + size / 2), face, SORCERER_LOOK
                )
                cursor += size
                if index == 0:
                    canvas.text((cursor + 9, y), arrow, TextSize.SMALL, TEXT, "mm")
                    cursor += 18
        elif slots or power in (data.LIGHTNING_CARD, data.FIRE_CARD):
            shown = slots or [SlotView(symbol=symbol, seat=None, face=None) for symbol in symbols]
            for slot in shown:
                box = (cursor, y - size / 2, cursor + size, y + size / 2)
                self.draw_slot_or_die(box, slot, SPELL_SLOT, mix(WHITE, SPELL_SLOT, 0.25))
                cursor += size + 3
            canvas.text((cursor + 3, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += 3 + canvas.text_width(word, TextSize.SMALL)
        else:
            canvas.text((cursor, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += canvas.text_width(word, TextSize.SMALL)
        if price is not None:
            draw_coin(canvas, (x + width - 34, y), 9)
            canvas.text((x + width - 22, y), str(price), TextSize.SMALL, TEXT, "lm")
        return x + width

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
