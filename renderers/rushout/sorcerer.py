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
from renderers.rushout.core import BoardCore
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
    def draw_sorcerer_panel(self) -> None:
        canvas = self.canvas
        left, top, right, _ = box = self.geometry.sorcerer_panel
        canvas.panel(box, mix(SORCERER_SIDE, BLACK, 0.25), mix(SORCERER_COLOUR, SURFACE, 0.2), 2)
        seat = self.sorcerer["seat"]
        y = top + ROW_HEIGHT / 2 + 4
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
            text = canvas.clip_text(text, 330, TextSize.SMALL)
            chip = canvas.chip((tag_right, y), text, TextSize.SMALL, HIGHLIGHT, align="right")
        else:
            chip = canvas.chip(
                (tag_right, y),
                self.labels["sorcerer"],
                TextSize.SMALL,
                SORCERER_COLOUR,
                align="right",
            )
        note = self.seat_note(seat)
        if not self.view["started"] and self.view["phase"] == "play" and not self.winners:
            note = self.labels["waiting_first_throw"]
        name_right = chip[0] - 12
        if note:
            note = canvas.clip_text(note, (chip[0] - left) * 0.6, TextSize.SMALL)
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
        if self.geometry.scrolls:
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

    def draw_scrolls(self, x: float, y: float, right: float) -> None:
        """The sorcerer's scrolls: flips, swap, Joker rules, and the cards that take dice."""
        scrolls = self.sorcerer["scrolls"]
        if not scrolls:
            return
        x = self.caption(x, y, "scrolls_owned", 120)
        for scroll in scrolls:
            power = scroll["power"]
            symbols = scroll["symbols"]
            card = scroll["card"]
            slots = card["sorcerer_slots"] if card else []
            end = self.draw_scroll(x, y, power, symbols, slots, right)
            if end is None:
                break
            x = end + 8

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
        canvas.circle((left + 22, top + 21), 12, mix(SORCERER_COLOUR, SPELL_FACE, 0.35))
        canvas.text((left + 22, top + 21), str(index + 1), TextSize.SMALL, WHITE, "mm")
        canvas.fitted_text(
            (left + 42, top + 21),
            self.word(f"kind_{kind}", kind),
            right - left - 112,
            TextSize.BODY,
            TEXT,
            "lm",
            min_size=14,
        )
        canvas.fitted_text(
            (left + 10, top + 47),
            self.effect_name(card),
            right - left - 20,
            TextSize.SMALL,
            mix(TEXT, SPELL_FACE, 0.15),
            "lm",
            bold=False,
            min_size=13,
        )
        ink = mix(WHITE, SPELL_SLOT, 0.2)
        self.draw_slot_row(left + 8, right - 8, top + 86, card["sorcerer_slots"], SPELL_SLOT, ink)
        hero_side = card["hero_slots"]
        if hero_side:
            key = "invoked_side" if kind == data.INVOCATION else "cancel_side"
            word = self.labels[key]
            width = canvas.fitted_text(
                (left + 10, bottom - 20),
                word,
                70,
                TextSize.SMALL,
                TEXT_MUTED,
                "lm",
                bold=False,
                min_size=13,
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
