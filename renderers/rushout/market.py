"""The market between rounds of a Rush Out! board."""

from __future__ import annotations

from bot.games.rushout import data
from bot.games.rushout.views import MarketEquipmentView, MarketView, SlotView
from renderers.base import (
    BLACK,
    TEXT,
    Box,
    Colour,
    TextSize,
    mix,
)
from renderers.rushout.core import (
    BoardCore,
    ScrollGroup,
    ScrollItem,
    card_scroll,
    flow,
    scroll_groups,
)
from renderers.rushout.look import (
    CARD_RADIUS,
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

ITEM_DIE = 28.0
ITEM_ARROW = 20.0
MARKET_TITLE = 22.0  # the title line's middle, under the area's top
SCROLL_LINES = 3
EQUIPMENT_LINE = 44.0
ITEM_GAP = 18.0


def market_scrolls(market: MarketView) -> list[ScrollGroup]:
    """The scrolls on sale, grouped by power, each with its price."""
    entries: list[tuple[str, ScrollItem]] = []
    for offer in market["scrolls"]:
        scroll = data.SCROLLS.get(offer["id"])
        symbols = scroll.symbols if scroll else ()
        power = offer["power"]
        slots = (
            tuple(SlotView(symbol=symbol, seat=None, face=None) for symbol in symbols)
            if card_scroll(power)
            else ()
        )
        item = ScrollItem(tuple(symbols), slots, offer["price"])
        entries.append((power, item))
    return scroll_groups(entries)


class MarketArea(BoardCore):
    """Scrolls where the spells lie; equipment over the dragon's path and the trials."""

    # -- the market
    def market_title(self, box: Box, key: str, gold: int, ink: Colour) -> None:
        canvas = self.canvas
        left, top, right, _ = box
        y = top + MARKET_TITLE
        room = right - left - 100
        canvas.fitted_text((left + 12, y), self.labels[key], room, TextSize.BODY, ink, "lm")
        draw_coin(canvas, (right - 60, y), 10)
        canvas.text((right - 44, y), str(gold), TextSize.BODY, ink, "lm")

    def scroll_offer_places(
        self, groups: list[ScrollGroup], box: Box
    ) -> tuple[list[tuple[float, int]], list[float]]:
        """Where the scrolls on sale go (``(x, line)`` each) and each line's middle."""
        left, top, right, bottom = box
        places = flow(
            [self.scroll_width(group) for group in groups], [left + 12] * SCROLL_LINES, right - 12
        )
        lines = 1 + max((line for _, line in places), default=0)
        first = top + MARKET_TITLE + 12  # under the title line
        pitch = min(44.0, (bottom - 4 - first) / lines)
        middles = [first + pitch * (line + 0.5) for line in range(lines)]
        return places, middles

    def equipment_width(self, item: MarketEquipmentView) -> float:
        price = self.canvas.text_width(str(item["price"]), TextSize.BODY)
        return ITEM_DIE + ITEM_ARROW + ITEM_DIE + 6 + 18 + 4 + price

    def equipment_places(self, market: MarketView, box: Box) -> list[tuple[float, int]]:
        left, top, right, bottom = box
        lines = max(1, int((bottom - top - 2 * MARKET_TITLE) // EQUIPMENT_LINE))
        widths = [self.equipment_width(item) for item in market["equipment"]]
        return flow(widths, [left + 12] * lines, right - 12, ITEM_GAP)

    def draw_market(self, market: MarketView) -> None:
        """Between rounds: the scrolls (where the spells lie) and the equipment (where the
        dragon's path and the trials lie), each with its camp's gold."""
        canvas = self.canvas
        gold = self.view["gold"]
        scroll_box, equipment_box = self.geometry.market_boxes()
        canvas.rect(scroll_box, SPELL_FACE, mix(SORCERER_COLOUR, SPELL_FACE, 0.2), 2, CARD_RADIUS)
        self.market_title(scroll_box, "scrolls", gold["sorcerer"] if gold else 0, TEXT)
        groups = market_scrolls(market)
        places, middles = self.scroll_offer_places(groups, scroll_box)
        end = scroll_box[0] + 12
        for group, (x, line) in zip(groups, places, strict=False):
            end = self.draw_scroll(x, middles[line], group)
        if len(places) < len(groups):
            self.draw_more(end + 8, middles[-1], len(groups) - len(places))
        canvas.rect(equipment_box, TRIAL_FACE, mix(TRIAL_FACE, BLACK, 0.4), 2, CARD_RADIUS)
        self.market_title(equipment_box, "equipment", gold["heroes"] if gold else 0, TRIAL_INK)
        size = ITEM_DIE
        look = DieLook(TRIAL_SLOT, TRIAL_INK, TRIAL_INK, "square")
        first = equipment_box[1] + 2 * MARKET_TITLE + EQUIPMENT_LINE / 2
        items = market["equipment"]
        spots = self.equipment_places(market, equipment_box)
        x = equipment_box[0] + 12
        for item, (x, line) in zip(items, spots, strict=False):
            y = first + line * EQUIPMENT_LINE
            draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, look)
            canvas.text((x + size + ITEM_ARROW / 2, y), "→", TextSize.SMALL, TRIAL_INK, "mm")
            x += size + ITEM_ARROW
            box = (x, y - size / 2, x + size, y + size / 2)
            draw_slot(canvas, box, item["joker_as"], TRIAL_SLOT, TRIAL_INK)
            x += size + 6
            draw_coin(canvas, (x + 9, y), 9)
            canvas.text((x + 22, y), str(item["price"]), TextSize.BODY, TRIAL_INK, "lm")
        if len(spots) < len(items):
            last = spots[-1][1] if spots else 0
            self.draw_more(x + 60, first + last * EQUIPMENT_LINE, len(items) - len(spots))
