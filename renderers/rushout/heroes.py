"""The heroes' panels of a Rush Out! board."""

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
from renderers.rushout.core import BoardCore
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


class HeroPanels(BoardCore):
    """One panel per hero: name, Joker, dice, wound, experience and faculty."""

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
        y = top + ROW_HEIGHT / 2 + 4
        draw_glyph(canvas, look.shape, (left + 28, y), 11, look.fill)
        name = hero["hero"]
        chip_text = ("★ " if won else "") + self.word(f"hero_{name}", name)
        chip = canvas.chip(
            (right - 10, y),
            chip_text,
            TextSize.SMALL,
            HIGHLIGHT if won else look.fill,
            align="right",
        )
        canvas.fitted_text(
            (left + 46, y),
            self.player(seat),
            chip[0] - left - 54,
            TextSize.LABEL,
            TEXT,
            "lm",
            min_size=16,
        )
        y += ROW_HEIGHT
        self.draw_joker_line(hero, look, left + 18, y, right - 10)
        y += ROW_HEIGHT
        self.draw_tray(left + 18, y, hero["dice"], look, right - 10)
        if self.geometry.state_row or self.geometry.wounds:
            y += ROW_HEIGHT
            room = self.draw_wound(hero, left + 18, y, right - 10)
            self.draw_hero_state(hero, seat, left + 18, y, room)

    def draw_joker_line(
        self, hero: HeroView, look: DieLook, x: float, y: float, right: float
    ) -> None:
        """What the hero's Joker counts as: its skill, then what its equipment adds."""
        canvas = self.canvas
        size = 28.0
        draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, look)
        x += size + 8
        word = self.labels["joker_is"]
        canvas.text((x, y), word, TextSize.SMALL, TEXT, "lm")
        x += canvas.text_width(word, TextSize.SMALL) + 8
        symbols = [hero["skill"]]
        symbols += [item["joker_as"] for item in hero["equipment"]]
        for index, symbol in enumerate(symbols):
            if x + size > right:
                break
            if index:
                canvas.text((x + 1, y), "/", TextSize.SMALL, TEXT_MUTED, "lm")
                x += 12
            draw_slot(
                canvas, (x, y - size / 2, x + size, y + size / 2), symbol, TRIAL_SLOT, TRIAL_INK
            )
            x += size + 4

    def draw_hero_state(self, hero: HeroView, seat: int, x: float, y: float, right: float) -> None:
        """Experience and faculty (Scenario 6), the High five check, pulse throws or Done."""
        canvas = self.canvas
        chips: list[tuple[str, Colour]] = []
        if hero["must_check"]:
            chips.append((self.labels["check"], HIGHLIGHT))
        xp = hero["xp"]
        cost = hero["faculty_cost"]
        faculty = hero["faculty"]
        if faculty:
            chips.append(
                (
                    fill_label(self.labels["xp"], xp=xp, cost=cost),
                    HIGHLIGHT if xp >= cost > 0 else SURFACE_RAISED,
                )
            )
        note = self.seat_note(seat)
        if note:
            chips.append((note, SURFACE_RAISED))
        if faculty:
            chips.append(
                (fill_label(self.word(f"faculty_{faculty}", faculty), cost=cost), SURFACE_RAISED)
            )
        for text, fill in chips:  # in order of importance; one that does not fit is left out
            if x + canvas.chips_width([text]) > right:
                continue
            box = canvas.chip((x, y), text, TextSize.SMALL, fill)
            x = box[2] + 8

    def draw_wound(self, hero: HeroView, x: float, y: float, right: float) -> float:
        """The wounded tile at the row's right end (its slots and the dice healing it);
        returns where the chips left of it must end."""
        canvas = self.canvas
        wound = hero["wound"]
        if not hero["wounded"] or not wound:
            return right
        slots = wound["hero_slots"]
        size = 28.0
        width = len(slots) * size + (len(slots) - 1) * SLOT_GAP
        self.draw_slot_row(right - width, right, y, slots, TRIAL_SLOT, TRIAL_INK, size)
        text = canvas.clip_text("✚ " + self.labels["wounded"], 150, TextSize.SMALL)
        chip = canvas.chip(
            (right - width - 8, y), text, TextSize.SMALL, VERMILLION, WHITE, align="right"
        )
        return chip[0] - 8
