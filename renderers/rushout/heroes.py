"""The heroes' bands of a Rush Out! board: one band per hero, across the board."""

from __future__ import annotations

from bot.games.rushout import data
from bot.games.rushout.views import HeroView
from renderers.base import (
    HIGHLIGHT,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    Box,
    Colour,
    TextSize,
    fill_label,
    mix,
)
from renderers.rushout.core import CHIP_GAP, BoardCore
from renderers.rushout.look import (
    ROW_HEIGHT,
    SLOT_GAP,
    TRIAL_INK,
    TRIAL_SLOT,
)
from renderers.rushout.pieces import (
    DieLook,
    draw_die,
    draw_glyph,
    draw_slot,
    hero_look,
)

JOKER_DIE = 28.0
WOUND_SLOT = 28.0
#: A chip of a band: its words and its colour.
Chip = tuple[str, Colour]


class HeroPanels(BoardCore):
    """One band per hero. First line: his glyph, name and hero, what his Joker counts as.
    Second: his dice (and where the placed ones are), then the chips of the moment (High
    five's check, pulse throws or Done). Third, in modes that have them: his experience
    and faculty, and his wound tile when wounded."""

    # -- the heroes
    def draw_hero(self, hero: HeroView, box: Box) -> None:
        canvas = self.canvas
        left, top, right, bottom = box
        seat = hero["seat"]
        look = hero_look(hero)
        won = seat in self.winners
        frame = HIGHLIGHT if won else mix(look.fill, SURFACE, 0.25)
        canvas.panel(box, mix(SURFACE, look.fill, 0.08), frame, 3 if won else 2)
        canvas.rect((left + 2, top + 2, left + 8, bottom - 2), look.fill, None, 0, 3)
        y = top + 6 + ROW_HEIGHT / 2
        joker_left = self.draw_joker_line(hero, look, right - 12, y)
        draw_glyph(canvas, look.shape, (left + 28, y), 11, look.fill)
        name = hero["hero"]
        chip_text = ("★ " if won else "") + self.word(f"hero_{name}", name)
        chip_width = self.chip_width(chip_text)
        name_room = joker_left - 16 - chip_width - 10 - (left + 46)
        width = canvas.fitted_text(
            (left + 46, y), self.player(seat), name_room, TextSize.LABEL, TEXT, "lm"
        )
        canvas.chip(
            (left + 46 + width + 10, y),
            chip_text,
            TextSize.SMALL,
            HIGHLIGHT if won else look.fill,
        )
        y += ROW_HEIGHT
        chips_left = self.draw_chips(self.moment_chips(hero), right - 12, y)
        self.draw_tray(left + 18, y, hero["dice"], look, chips_left - 12)
        if self.geometry.hero_rows > 2:
            y += ROW_HEIGHT
            wound_left = self.draw_wound(hero, right - 12, y)
            self.draw_chips(self.experience_chips(hero), left + 18, y, wound_left - 12)

    def joker_symbols(self, hero: HeroView) -> list[str]:
        """What the hero's Joker counts as: his skill, then what his equipment adds (each
        symbol once)."""
        symbols = [hero["skill"], *(item["joker_as"] for item in hero["equipment"])]
        return list(dict.fromkeys(symbols))

    def joker_width(self, hero: HeroView) -> float:
        symbols = self.joker_symbols(hero)
        word = self.canvas.text_width(self.labels["joker_is"], TextSize.SMALL)
        return JOKER_DIE + 8 + word + 8 + len(symbols) * JOKER_DIE + (len(symbols) - 1) * 16

    def draw_joker_line(self, hero: HeroView, look: DieLook, right: float, y: float) -> float:
        """What the hero's Joker counts as, right-aligned at ``right``; returns its left."""
        canvas = self.canvas
        size = JOKER_DIE
        x = right - self.joker_width(hero)
        start = x
        draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, look)
        x += size + 8
        word = self.labels["joker_is"]
        canvas.text((x, y), word, TextSize.SMALL, TEXT, "lm")
        x += canvas.text_width(word, TextSize.SMALL) + 8
        for index, symbol in enumerate(self.joker_symbols(hero)):
            if index:
                canvas.text((x + 3, y), "/", TextSize.SMALL, TEXT_MUTED, "lm")
                x += 16
            draw_slot(
                canvas, (x, y - size / 2, x + size, y + size / 2), symbol, TRIAL_SLOT, TRIAL_INK
            )
            x += size
        return start

    def moment_chips(self, hero: HeroView) -> list[Chip]:
        """High five's check, then the pulse's throws left or Done."""
        chips: list[Chip] = []
        if self.view["phase"] != "play":
            return chips
        if hero["must_check"]:
            chips.append((self.labels["check"], HIGHLIGHT))
        note = self.seat_note(hero["seat"])
        if note:
            chips.append((note, SURFACE_RAISED))
        return chips

    def experience_chips(self, hero: HeroView) -> list[Chip]:
        """Scenario 6: his XP and what his faculty costs, then what it does."""
        faculty = hero["faculty"]
        if not faculty:
            return []
        xp, cost = hero["xp"], hero["faculty_cost"]
        text = fill_label(self.labels["xp"], xp=xp, cost=cost)
        ready = xp >= cost > 0
        return [
            (text, HIGHLIGHT if ready else SURFACE_RAISED),
            (fill_label(self.word(f"faculty_{faculty}", faculty), cost=cost), SURFACE_RAISED),
        ]

    def draw_chips(
        self, chips: list[Chip], x: float, y: float, right: float | None = None
    ) -> float:
        """Chips from ``x`` rightwards (up to ``right``), or, without ``right``, leftwards
        from ``x``; returns the far end. All are drawn: the layout leaves them room."""
        canvas = self.canvas
        if right is None:
            for text, fill in reversed(chips):
                box = canvas.chip((x, y), text, TextSize.SMALL, fill, align="right")
                x = box[0] - CHIP_GAP
            return x + CHIP_GAP
        for text, fill in chips:
            box = canvas.chip((x, y), text, TextSize.SMALL, fill)
            x = box[2] + CHIP_GAP
        return x

    def wound_width(self, hero: HeroView) -> float:
        wound = hero["wound"]
        if not hero["wounded"] or not wound:
            return 0.0
        slots = len(wound["hero_slots"])
        tile = slots * WOUND_SLOT + (slots - 1) * SLOT_GAP
        return self.chip_width("✚ " + self.labels["wounded"]) + 8 + tile

    def draw_wound(self, hero: HeroView, right: float, y: float) -> float:
        """The wounded tile, right-aligned at ``right``: a Wounded chip, then its slots and
        the dice healing it; returns its left end."""
        canvas = self.canvas
        wound = hero["wound"]
        if not hero["wounded"] or not wound:
            return right
        slots = wound["hero_slots"]
        width = len(slots) * WOUND_SLOT + (len(slots) - 1) * SLOT_GAP
        self.draw_slot_row(right - width, right, y, slots, TRIAL_SLOT, TRIAL_INK, WOUND_SLOT)
        chip = canvas.chip(
            (right - width - 8, y),
            "✚ " + self.labels["wounded"],
            TextSize.SMALL,
            VERMILLION,
            WHITE,
            align="right",
        )
        return chip[0]
