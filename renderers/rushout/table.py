"""The heroes' table of a Rush Out! board: the trial cards, the dragon, the cards facing
the heroes."""

from __future__ import annotations

import math

from bot.games.rushout import data
from bot.games.rushout.views import CardView
from renderers.base import (
    BLACK,
    SURFACE,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Box,
    TextSize,
    fill_label,
    mix,
)
from renderers.rushout.core import BoardCore
from renderers.rushout.look import (
    CARD_RADIUS,
    CONFRONTATION_FACE,
    DRAGON_FRAME,
    GOLD_FACE,
    HEX_CAPTION,
    HEX_FACE,
    HEX_GAP,
    HEX_PER_ROW,
    PAD,
    SORCERER_COLOUR,
    SPELL_FACE,
    SPELL_SLOT,
    TRIAL_FACE,
    TRIAL_INK,
    TRIAL_SLOT,
    tile_width,
)
from renderers.rushout.pictograms import (
    draw_crossed_swords,
    draw_forbidden,
)
from renderers.rushout.pieces import (
    draw_coin,
    draw_dragon,
    draw_glyph,
    draw_pennant,
    hero_look,
)

#: The struck symbol that stands for a "no <symbol>" dissipation on a small card.
SMALL_FORBID_RADIUS = 12.0


class HeroesTable(BoardCore):
    """The three trial slots, the dragon on its path, the curses and dissipations."""

    def draw_trial(self, index: int) -> None:
        canvas = self.canvas
        box = self.geometry.card_box("trials", index)
        left, top, right, bottom = box
        trials = self.view["trials"]
        card = trials[index] if index < len(trials) else None
        if not card:
            self.draw_empty_card(box, TRIAL_FACE)
            return
        kind = card["kind"]
        face = {data.GOLD: GOLD_FACE, data.CONFRONTATION: CONFRONTATION_FACE}.get(kind, TRIAL_FACE)
        blocked = card["dragon"]
        frame, width = (DRAGON_FRAME, 5.0) if blocked else (mix(face, BLACK, 0.4), 2.0)
        canvas.rect(box, face, frame, width, CARD_RADIUS)
        draw_pennant(canvas, (right - 30, top + 22), card["pennant"] or "")
        title = fill_label(self.labels["trial"], number=index + 1)
        title_width = canvas.fitted_text(
            (left + 10, top + 20),
            title,
            right - left - (116 if blocked else 70),
            TextSize.BODY,
            TRIAL_INK,
            "lm",
        )
        if kind != data.STANDARD:
            tag = self.word(f"kind_{kind}", kind)
            x = left + 10
            if kind == data.GOLD:
                draw_coin(canvas, (left + 19, top + 47), 9)
                x += 23
            elif kind == data.CONFRONTATION:
                draw_crossed_swords(canvas, (left + 19, top + 47), 10)
                x += 23
            canvas.fitted_text((x, top + 47), tag, right - x - 50, TextSize.SMALL, TRIAL_INK, "lm")
        hero_slots = card["hero_slots"]
        sorcerer_slots = card["sorcerer_slots"]
        if kind not in (data.GOLD, data.CONFRONTATION):
            sorcerer_slots = []  # an invoked spell's own side is not played as a trial
        if sorcerer_slots:
            self.draw_slot_row(left + 8, right - 8, top + 84, hero_slots, TRIAL_SLOT, TRIAL_INK, 40)
            band = (left + 6, bottom - 46, right - 6, bottom - 6)
            canvas.rect(band, SPELL_FACE, None, 0, 9)
            self.draw_slot_row(
                left + 10,
                right - 10,
                bottom - 26,
                sorcerer_slots,
                SPELL_SLOT,
                mix(WHITE, SPELL_SLOT, 0.2),
                32,
            )
        else:
            self.draw_slot_row(left + 8, right - 8, top + 96, hero_slots, TRIAL_SLOT, TRIAL_INK)
        if blocked:
            draw_dragon(canvas, (left + title_width + 34, top + 21), 38)

    # -- the dragon
    def draw_dragon(self) -> None:
        dragon = self.view["dragon"]
        box = self.geometry.dragon_box
        if box is None:
            return
        left, top, _, bottom = box
        middle = (top + bottom) / 2
        tile_left = left + PAD
        tile_right = left + tile_width() - PAD
        slots_top = middle + 10
        if not dragon:
            return
        slots = dragon["tile"]["hero_slots"]
        self.draw_slot_row(
            tile_left,
            tile_right,
            slots_top,
            slots,
            mix(SURFACE, BLACK, 0.35),
            mix(TEXT, SURFACE, 0.2),
            32,
        )
        position = dragon["position"]
        nodes = self.geometry.path_nodes()
        if position <= 0:
            centre = (tile_right + 28, middle)
        else:
            centre = nodes[min(position, len(nodes)) - 1]
        draw_dragon(self.canvas, centre, 50)

    # -- curses and dissipations facing the heroes
    def hex_boxes(self) -> list[Box]:
        """Where each card facing the heroes goes: up to four in a row, then two rows of
        small ones."""
        box = self.geometry.hex_box
        if box is None:
            return []
        left, top, right, bottom = box
        top += HEX_CAPTION
        count = len(self.view["hexes"])
        rows = 1 if count <= HEX_PER_ROW else 2
        columns = max(HEX_PER_ROW if rows == 1 else 3, math.ceil(count / rows))
        width = (right - left - (columns - 1) * HEX_GAP) / columns
        height = (bottom - top - (rows - 1) * HEX_GAP) / rows
        boxes: list[Box] = []
        for index in range(count):
            row, column = divmod(index, columns)
            x = left + column * (width + HEX_GAP)
            y = top + row * (height + HEX_GAP)
            boxes.append((x, y, x + width, y + height))
        return boxes

    def draw_hexes(self) -> None:
        box = self.geometry.hex_box
        if box is None:
            return
        canvas = self.canvas
        left, top, right, bottom = box
        hexes = self.view["hexes"]
        card_top = top + HEX_CAPTION
        if not hexes:
            canvas.rect(
                (left, card_top, right, bottom), None, mix(HEX_FACE, SURFACE, 0.5), 2, CARD_RADIUS
            )
            canvas.text(
                ((left + right) / 2, (card_top + bottom) / 2),
                self.labels["no_facing"],
                TextSize.SMALL,
                TEXT_MUTED,
                "mm",
                False,
            )
            return
        small = len(hexes) > HEX_PER_ROW
        for card, box_ in zip(hexes, self.hex_boxes(), strict=True):
            if small:
                self.draw_small_hex(box_, card)
            else:
                self.draw_hex(box_, card)

    def draw_hex(self, box: Box, card: CardView) -> None:
        """A card facing the heroes: its effect, the hero it faces, the slots that cancel it."""
        canvas = self.canvas
        left, top, right, bottom = box
        canvas.rect(box, HEX_FACE, mix(SORCERER_COLOUR, HEX_FACE, 0.3), 2, CARD_RADIUS)
        effect = card["effect"]
        x = left + 10
        if effect.startswith(data.FORBID_PREFIX):
            symbol = effect.removeprefix(data.FORBID_PREFIX)
            draw_forbidden(canvas, (x + 12, top + 19), 12, symbol)
            x += 30
        canvas.fitted_text(
            (x, top + 18), self.effect_name(card), right - x - 8, TextSize.SMALL, TEXT, "lm"
        )
        aimed = card["aimed"]
        y = top + 41
        if aimed is not None and aimed in self.by_seat:
            look = hero_look(self.by_seat[aimed])
            draw_glyph(canvas, look.shape, (left + 17, y), 7, look.fill)
            canvas.text((left + 29, y), "→", TextSize.SMALL, TEXT_MUTED, "lm", False)
            x = left + 31 + canvas.text_width("→", TextSize.SMALL, False) + 4
            canvas.fitted_text(
                (x, y), self.player(aimed), right - x - 8, TextSize.SMALL, TEXT_MUTED, "lm", False
            )
        self.draw_slot_row(
            left + 6, right - 6, bottom - 19, card["hero_slots"], TRIAL_SLOT, TRIAL_INK, 30
        )

    def small_hex_title_width(self, card: CardView) -> float:
        """How wide a small card's title is: a "no <symbol>" dissipation shows the struck
        symbol alone (its name would leave its slots no room), other effects their name."""
        if card["effect"].startswith(data.FORBID_PREFIX):
            return 2 * SMALL_FORBID_RADIUS
        return self.canvas.text_width(self.effect_name(card), TextSize.SMALL, False)

    def small_hex_slot(self, card: CardView, width: float) -> float:
        """The slot size on a small card: the slots shrink (not below 22) to leave its
        title room."""
        count = len(card["hero_slots"])
        if not count:
            return 0.0
        glyph = 18 if card["aimed"] is not None else 0
        room = width - 12 - glyph - self.small_hex_title_width(card) - 6
        return min(28.0, max(22.0, (room - (count - 1) * 4) / count))

    def draw_small_hex(self, box: Box, card: CardView) -> None:
        """A card facing the heroes on one line: the hero it faces (his glyph), its effect,
        the slots that cancel it."""
        canvas = self.canvas
        left, top, right, bottom = box
        canvas.rect(box, HEX_FACE, mix(SORCERER_COLOUR, HEX_FACE, 0.3), 2, 9)
        y = (top + bottom) / 2
        x = left + 6
        aimed = card["aimed"]
        if aimed is not None and aimed in self.by_seat:
            look = hero_look(self.by_seat[aimed])
            draw_glyph(canvas, look.shape, (x + 7, y), 7, look.fill)
            x += 18
        size = self.small_hex_slot(card, right - left)
        slots = card["hero_slots"]
        used = len(slots) * size + max(0, len(slots) - 1) * 4
        effect = card["effect"]
        if effect.startswith(data.FORBID_PREFIX):
            symbol = effect.removeprefix(data.FORBID_PREFIX)
            draw_forbidden(canvas, (x + SMALL_FORBID_RADIUS, y), SMALL_FORBID_RADIUS, symbol)
        else:
            room = right - 6 - used - 6 - x
            canvas.fitted_text(
                (x, y), self.effect_name(card), room, TextSize.SMALL, TEXT, "lm", False
            )
        self.draw_slot_row(right - 6 - used, right - 6, y, slots, TRIAL_SLOT, TRIAL_INK, size)
