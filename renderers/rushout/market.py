"""The market between rounds of a Rush Out! board."""

from __future__ import annotations

from bot.games.rushout import data
from bot.games.rushout.views import MarketView
from renderers.base import (
    BLACK,
    TEXT,
    TextSize,
    mix,
)
from renderers.rushout.core import BoardCore
from renderers.rushout.look import (
    CARD_HEIGHT,
    CARD_RADIUS,
    INNER_LEFT,
    INNER_RIGHT,
    SORCERER_COLOUR,
    SPELL_FACE,
    TRIAL_FACE,
    TRIAL_INK,
    TRIAL_SLOT,
)
from renderers.rushout.pieces import (
    DieLook,
    draw_coin,
    draw_die,
    draw_slot,
)


class MarketArea(BoardCore):
    """Scrolls where the spells lie, equipment where the trials lie."""

    # -- the market
    def draw_market(self, market: MarketView) -> None:
        """Between rounds: the scrolls (where the spells lie) and the equipment (trials)."""
        canvas = self.canvas
        gold = self.view["gold"]
        top: float = self.geometry.spells_top
        box = (INNER_LEFT, top, INNER_RIGHT, top + CARD_HEIGHT)
        canvas.rect(box, SPELL_FACE, mix(SORCERER_COLOUR, SPELL_FACE, 0.2), 2, CARD_RADIUS)
        left, right = float(INNER_LEFT), float(INNER_RIGHT)
        canvas.fitted_text(
            (left + 12, top + 20),
            self.labels["scrolls"],
            right - left - 120,
            TextSize.BODY,
            TEXT,
            "lm",
        )
        draw_coin(canvas, (right - 60, top + 20), 10)
        canvas.text(
            (right - 44, top + 20), str(gold["sorcerer"] if gold else 0), TextSize.BODY, TEXT, "lm"
        )
        x: float = left + 12
        y: float = top + 62
        for offer in market["scrolls"]:
            scroll = data.SCROLLS.get(offer["id"])
            symbols = scroll.symbols if scroll else ()
            power, price = offer["power"], offer["price"]
            end = self.draw_scroll(x, y, power, symbols, [], right - 12, price)
            if end is None:
                x, y = left + 12, y + 42
                if y > top + CARD_HEIGHT - 20:
                    break
                end = self.draw_scroll(x, y, power, symbols, [], right - 12, price)
            x = (end or x) + 8
        top = self.geometry.trials_top
        box = (INNER_LEFT, top, INNER_RIGHT, top + CARD_HEIGHT)
        canvas.rect(box, TRIAL_FACE, mix(TRIAL_FACE, BLACK, 0.4), 2, CARD_RADIUS)
        canvas.fitted_text(
            (left + 12, top + 20),
            self.labels["equipment"],
            right - left - 120,
            TextSize.BODY,
            TRIAL_INK,
            "lm",
        )
        draw_coin(canvas, (right - 60, top + 20), 10)
        canvas.text(
            (right - 44, top + 20),
            str(gold["heroes"] if gold else 0),
            TextSize.BODY,
            TRIAL_INK,
            "lm",
        )
        x, y = left + 12, top + 62
        size = 28.0
        for item in market["equipment"]:
            width = size + 34
            if x + width > right - 8:
                x, y = left + 12, y + 44
                if y > top + CARD_HEIGHT - 20:
                    break
            draw_die(
                canvas,
                (x, y - size / 2, x + size, y + size / 2),
                data.JOKER,
                DieLook(TRIAL_SLOT, TRIAL_INK, TRIAL_INK, "square"),
            )
            canvas.text((x + size + 2, y), "→", TextSize.SMALL, TRIAL_INK, "lm")
            x += size + 20
            draw_slot(
                canvas,
                (x, y - size / 2, x + size, y + size / 2),
                item["joker_as"],
                TRIAL_SLOT,
                TRIAL_INK,
            )
            x += size + 4
            draw_coin(canvas, (x + 9, y), 9)
            canvas.text((x + 22, y), str(item["price"]), TextSize.BODY, TRIAL_INK, "lm")
            x += 50
