"""The heroes' table of a Rush Out! board: the trial cards, the dragon, the cards facing
the heroes."""

from __future__ import annotations

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
    CARD_GAP,
    CARD_RADIUS,
    CONFRONTATION_FACE,
    DRAGON_FRAME,
    GOLD_FACE,
    HEX_CAPTION,
    HEX_FACE,
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
            min_size=15,
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
            canvas.fitted_text(
                (x, top + 47), tag, right - x - 50, TextSize.SMALL, TRIAL_INK, "lm", min_size=13
            )
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
        slots_top = middle + 6
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
            36,
        )
        position = dragon["position"]
        nodes = self.geometry.path_nodes()
        if position <= 0:
            centre = (tile_right + 28, middle)
        else:
            centre = nodes[min(position, len(nodes)) - 1]
        draw_dragon(self.canvas, centre, 50)

    # -- curses and dissipations facing the heroes
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
        count = len(hexes)
        per_row = max(HEX_PER_ROW, count)
        width = (right - left - (per_row - 1) * CARD_GAP) / per_row
        for index, card in enumerate(hexes):
            x = left + index * (width + CARD_GAP)
            self.draw_hex((x, card_top, x + width, bottom), card)

    def draw_hex(self, box: Box, card: CardView) -> None:
        canvas = self.canvas
        left, top, right, bottom = box
        canvas.rect(box, HEX_FACE, mix(SORCERER_COLOUR, HEX_FACE, 0.3), 2, CARD_RADIUS)
        effect = card["effect"]
        x = left + 10
        if effect.startswith(data.FORBID_PREFIX):
            symbol = effect.removeprefix(data.FORBID_PREFIX)
            draw_forbidden(canvas, (x + 12, top + 20), 12, symbol)
            x += 30
        canvas.fitted_text(
            (x, top + 18),
            self.effect_name(card),
            right - x - 8,
            TextSize.SMALL,
            TEXT,
            "lm",
            min_size=12,
        )
        aimed = card["aimed"]
        y = top + 39
        if aimed is not None and aimed in self.by_seat:
            hero = self.by_seat[aimed]
            look = hero_look(hero)
            draw_glyph(canvas, look.shape, (left + 17, y), 7, look.fill)
            text = fill_label(self.labels["aimed"], player=self.player(aimed))
            canvas.fitted_text(
                (left + 30, y),
                text,
                right - left - 38,
                16,
                TEXT_MUTED,
                "lm",
                bold=False,
                min_size=12,
            )
        self.draw_slot_row(
            left + 6, right - 6, bottom - 22, card["hero_slots"], TRIAL_SLOT, TRIAL_INK, 32
        )
