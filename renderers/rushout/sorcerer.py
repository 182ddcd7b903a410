"""The sorcerer's side of a Rush Out! board: his panel, his scrolls, the spell cards."""

from __future__ import annotations

from bot.games.rushout import data
from renderers.base import (
    BLACK,
    HIGHLIGHT,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    WHITE,
    TextSize,
    fill_label,
    mix,
)
from renderers.rushout.core import BoardCore, ScrollGroup, flow, owned_scrolls
from renderers.rushout.look import (
    CARD_RADIUS,
    ROW_HEIGHT,
    SORCERER_COLOUR,
    SORCERER_SHAPE,
    SORCERER_SIDE,
    SPELL_FACE,
    SPELL_SLOT,
    TRIAL_INK,
    TRIAL_SLOT,
)
from renderers.rushout.pieces import (
    SORCERER_LOOK,
    draw_die,
    draw_glyph,
    draw_pennant,
    draw_pennant_mark,
)


class SorcererSide(BoardCore):
    """The sorcerer's panel (name, dice, Joker, scrolls) and the three spell slots."""

    # -- the sorcerer
    def sorcerer_note(self) -> str:
        """Live play: heroes wait for his first throw; pulse play: his throws left."""
        live = self.view["play"] != "pulse"
        if live and not self.view["started"] and self.view["phase"] == "play" and not self.winners:
            return self.labels["waiting_first_throw"]
        return self.seat_note(self.sorcerer["seat"])

    def draw_sorcerer_panel(self) -> None:
        canvas = self.canvas
        left, top, right, _ = box = self.geometry.sorcerer_panel
        canvas.panel(box, mix(SORCERER_SIDE, BLACK, 0.25), mix(SORCERER_COLOUR, SURFACE, 0.2), 2)
        seat = self.sorcerer["seat"]
        y = top + 5 + ROW_HEIGHT / 2
        won = seat in self.winners
        draw_glyph(canvas, SORCERER_SHAPE, (left + 22, y), 12, SORCERER_COLOUR)
        tag_right = right - 12
        pending = self.sorcerer["pending"]
        if won:
            chip = canvas.chip(
                (tag_right, y),
                "★ " + self.labels["sorcerer"],
                TextSize.BODY,
                HIGHLIGHT,
                align="right",
            )
        elif pending:
            effect = pending["effect"]
            text = fill_label(self.labels["choosing"], effect=self.word(f"effect_{effect}", effect))
            chip = canvas.chip((tag_right, y), text, TextSize.SMALL, HIGHLIGHT, align="right")
        else:
            chip = canvas.chip(
                (tag_right, y),
                self.labels["sorcerer"],
                TextSize.SMALL,
                SORCERER_COLOUR,
                align="right",
            )
        name_right = chip[0] - 12
        note = self.sorcerer_note()
        if note:
            box_ = canvas.chip(
                (chip[0] - 8, y), note, TextSize.SMALL, SURFACE_RAISED, HIGHLIGHT, align="right"
            )
            name_right = box_[0] - 12
        canvas.fitted_text(
            (left + 42, y), self.player(seat), name_right - left - 42, TextSize.LABEL, TEXT, "lm"
        )
        y += ROW_HEIGHT
        dice = self.sorcerer["dice"]
        joker_left = self.draw_pennant_jokers(right - 12, y)
        self.draw_tray(left + 12, y, dice, SORCERER_LOOK, joker_left - 12)
        if self.geometry.scroll_rows:
            self.draw_scrolls(left + 12, y + ROW_HEIGHT, right - 12)

    def draw_pennant_jokers(self, right: float, y: float) -> float:
        """What the sorcerer's Joker counts as now: the symbols of the visible pennants,
        right-aligned at ``right``; returns the line's left end."""
        canvas = self.canvas
        symbols = self.view["pennants"]
        if not symbols:
            return right
        size = 28.0
        word = self.labels["joker_is"]
        width = size + 8 + canvas.text_width(word, TextSize.SMALL) + 8
        width += len(symbols) * size + (len(symbols) - 1) * 16
        x = right - width
        draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, SORCERER_LOOK)
        x += size + 8
        canvas.text((x, y), word, TextSize.SMALL, TEXT, "lm")
        x += canvas.text_width(word, TextSize.SMALL) + 8
        for index, symbol in enumerate(symbols):
            if index:
                canvas.text((x + 2, y), "/", TextSize.SMALL, TEXT_MUTED, "lm")
                x += 16
            draw_pennant_mark(canvas, (x, y - size / 2, x + size, y + size / 2), symbol)
            x += size
        return right - width

    def scroll_places(
        self, groups: list[ScrollGroup], x: float, right: float
    ) -> list[tuple[float, int]]:
        """Where the sorcerer's scroll groups go: after the caption on the first line, from
        the panel's edge on the next (``(x, line)`` each; those with no room are left out)."""
        start = x + self.canvas.text_width(self.labels["scrolls_owned"], TextSize.SMALL) + 8
        starts = [start] + [x] * (self.geometry.scroll_rows - 1)
        return flow([self.scroll_width(group) for group in groups], starts, right)

    def draw_scrolls(self, x: float, y: float, right: float) -> None:
        """The sorcerer's scrolls, one chip per power: flips, swap, Joker rules, and the
        cards that take dice (with the dice on them)."""
        groups = owned_scrolls(self.sorcerer["scrolls"])
        if not groups:
            return
        self.caption(x, y, "scrolls_owned")
        places = self.scroll_places(groups, x, right)
        end = x
        for group, (left, line) in zip(groups, places, strict=False):
            end = self.draw_scroll(left, y + line * ROW_HEIGHT, group)
        if len(places) < len(groups):
            line = places[-1][1] if places else 0
            self.draw_more(end + 8, y + line * ROW_HEIGHT, len(groups) - len(places))

    def draw_spell(self, index: int) -> None:
        canvas = self.canvas
        box = self.geometry.card_box("spells", index)
        left, top, right, bottom = box
        spells = self.view["spells"]
        card = spells[index] if index < len(spells) else None
        if not card:
            self.draw_empty_card(box, SPELL_FACE)
            return
        canvas.rect(box, SPELL_FACE, mix(SORCERER_COLOUR, SPELL_FACE, 0.2), 2, CARD_RADIUS)
        kind = card["kind"]
        draw_pennant(canvas, (right - 30, top + 22), card["pennant"] or "")
        # the slot's number (as the controller names it: Spell 2), then the kind
        canvas.circle((left + 22, top + 22), 14, mix(SORCERER_COLOUR, SPELL_FACE, 0.35))
        canvas.text((left + 22, top + 22), str(index + 1), TextSize.BODY, WHITE, "mm")
        canvas.fitted_text(
            (left + 42, top + 22),
            self.word(f"kind_{kind}", kind),
            right - left - 112,
            TextSize.BODY,
            TEXT,
            "lm",
        )
        canvas.fitted_text(
            (left + 10, top + 49),
            self.effect_name(card),
            right - left - 20,
            TextSize.SMALL,
            mix(TEXT, SPELL_FACE, 0.15),
            "lm",
            bold=False,
        )
        ink = mix(WHITE, SPELL_SLOT, 0.2)
        hero_side = card["hero_slots"]
        slots_y = top + 88 if hero_side else top + 98
        self.draw_slot_row(left + 8, right - 8, slots_y, card["sorcerer_slots"], SPELL_SLOT, ink)
        if hero_side:
            key = "invoked_side" if kind == data.INVOCATION else "cancel_side"
            word = self.labels[key]
            width = canvas.fitted_text(
                (left + 10, bottom - 20),
                word,
                90,
                TextSize.SMALL,
                TEXT_MUTED,
                "lm",
                bold=False,
            )
            self.draw_slot_row(
                left + 16 + width,
                right - 8,
                bottom - 20,
                hero_side,
                mix(TRIAL_SLOT, SPELL_FACE, 0.3),
                TRIAL_INK,
                28,
            )
