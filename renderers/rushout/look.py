"""How a Rush Out! board looks and where things go: colours, sizes, the layout of a match."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from bot.games.rushout import data
from renderers.base import (
    BLACK,
    BLUISH_GREEN,
    ORANGE,
    OUTLINE,
    REDDISH_PURPLE,
    SKY_BLUE,
    SURFACE,
    SURFACE_RAISED,
    VERMILLION,
    YELLOW,
    Box,
    Colour,
    Point,
    Shape,
    mix,
)

# --- Look ----------------------------------------------------------------------------------
#: The heroes' dice, by the colour the engine names; Okabe-Ito hues (brown is a dark orange).
HERO_FILLS: Final[Mapping[str, Colour]] = {
    "green": BLUISH_GREEN,
    "brown": mix(mix(VERMILLION, ORANGE, 0.5), BLACK, 0.22),
    "blue": SKY_BLUE,
    "white": (236, 238, 242),
}
HERO_SHAPES: Final[Mapping[str, Shape]] = {
    "warrior": "square",
    "tracker": "triangle",
    "bard": "circle",
    "cleric": "diamond",
}
SORCERER_COLOUR: Final = REDDISH_PURPLE
SORCERER_SHAPE: Final[Shape] = "hexagon"
SORCERER_DIE: Final = (28, 24, 34)
SORCERER_RIM: Final = REDDISH_PURPLE
SORCERER_SIDE: Final = mix(SURFACE, REDDISH_PURPLE, 0.16)
HEROES_SIDE: Final = mix(SURFACE, BLUISH_GREEN, 0.08)
SPELL_FACE: Final = mix((40, 30, 52), REDDISH_PURPLE, 0.18)
SPELL_SLOT: Final = mix(SPELL_FACE, BLACK, 0.35)
TRIAL_FACE: Final = (232, 224, 204)
TRIAL_INK: Final = (58, 50, 40)
TRIAL_SLOT: Final = (212, 201, 176)
GOLD_FACE: Final = (240, 222, 150)
CONFRONTATION_FACE: Final = (232, 206, 196)
HEX_FACE: Final = mix(SPELL_FACE, SURFACE_RAISED, 0.35)
PENNANT: Final = YELLOW
DRAGON_GREEN: Final = mix(VERMILLION, BLACK, 0.1)
DRAGON_FRAME: Final = VERMILLION
COIN: Final = YELLOW
SOUL: Final = (206, 214, 236)
EMPTY_TOKEN: Final = OUTLINE

# --- Layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 800
MARGIN: Final = 16
GAP: Final = 12
PAD: Final = 10  # inside a camp's section
HEADER_HEIGHT: Final = 64
STRIP_HEIGHT: Final = 46
SLOT: Final = 46  # a die on a card (smaller when five share a card)
SLOT_GAP: Final = 5
CARD_HEIGHT: Final = 150
CARD_GAP: Final = 10
CARD_RADIUS: Final = 12
ROW_HEIGHT: Final = 42  # a line of a panel
TRAY_DIE: Final = 34
TRAY_GAP: Final = 5
DRAGON_STRIP: Final = 70
HEX_CAPTION: Final = 26
HEX_HEIGHT: Final = 92
HEX_PER_ROW: Final = 4
HERO_PANEL_GAP: Final = 10
LEGEND_ROW: Final = 40
LEGEND_DIE: Final = 30
SECTION_LEFT: Final = MARGIN
SECTION_RIGHT: Final = WIDTH - MARGIN
INNER_LEFT: Final = SECTION_LEFT + PAD
INNER_RIGHT: Final = SECTION_RIGHT - PAD
INNER_WIDTH: Final = INNER_RIGHT - INNER_LEFT
CARD_WIDTH: Final = (INNER_WIDTH - 2 * CARD_GAP) / 3
STRIP_TOP: Final = MARGIN + HEADER_HEIGHT + GAP
SORCERER_TOP: Final = STRIP_TOP + STRIP_HEIGHT + GAP


# --- Geometry (fixed per mode and number of heroes) ----------------------------------------
#: What a picture's geometry depends on: heroes, dragon, scrolls, hexes, chips row, wounds.
LayoutKey = tuple[int, bool, bool, bool, bool, bool]


class Layout:
    """Where everything goes for a kind of match (never for a position)."""

    def __init__(self, key: LayoutKey) -> None:
        self.key = key
        self.heroes, self.dragon, self.scrolls, self.hexes, self.state_row, self.wounds = key
        top = SORCERER_TOP
        panel_rows = 3 if self.scrolls else 2
        panel_bottom = top + PAD + panel_rows * ROW_HEIGHT + 8
        self.sorcerer_panel = (INNER_LEFT, top + PAD, INNER_RIGHT, panel_bottom)
        self.spells_top = panel_bottom + CARD_GAP
        self.sorcerer_section = (
            SECTION_LEFT,
            top,
            SECTION_RIGHT,
            self.spells_top + CARD_HEIGHT + PAD,
        )
        y = self.sorcerer_section[3] + GAP
        heroes_top = y
        y += PAD
        self.dragon_box: Box | None = None
        if self.dragon:
            self.dragon_box = (INNER_LEFT, y, INNER_RIGHT, y + DRAGON_STRIP)
            y += DRAGON_STRIP + CARD_GAP
        self.trials_top = y
        y += CARD_HEIGHT + CARD_GAP
        self.hex_box: Box | None = None
        if self.hexes:
            self.hex_box = (INNER_LEFT, y, INNER_RIGHT, y + HEX_CAPTION + HEX_HEIGHT)
            y += HEX_CAPTION + HEX_HEIGHT + CARD_GAP
        rows = (self.heroes + 1) // 2
        # name, Joker, dice; then chips (XP, High five's check, pulse throws) and the wound
        rows_ = 3 + (self.state_row or self.wounds)
        self.hero_height = rows_ * ROW_HEIGHT + 12
        self.hero_boxes: list[Box] = []
        width = (INNER_WIDTH - HERO_PANEL_GAP) / 2
        for index in range(self.heroes):
            row, column = divmod(index, 2)
            left = INNER_LEFT + column * (width + HERO_PANEL_GAP)
            top_ = y + row * (self.hero_height + HERO_PANEL_GAP)
            self.hero_boxes.append((left, top_, left + width, top_ + self.hero_height))
        y += rows * self.hero_height + (rows - 1) * HERO_PANEL_GAP + PAD
        self.heroes_section = (SECTION_LEFT, heroes_top, SECTION_RIGHT, y)
        y += GAP
        self.legend_box = (SECTION_LEFT, y, SECTION_RIGHT, y + 2 * LEGEND_ROW + 16)
        self.height = round(self.legend_box[3] + MARGIN)

    def card_box(self, camp: str, index: int) -> Box:
        top = self.spells_top if camp == "spells" else self.trials_top
        left = INNER_LEFT + index * (CARD_WIDTH + CARD_GAP)
        return (left, top, left + CARD_WIDTH, top + CARD_HEIGHT)

    def path_nodes(self) -> list[Point]:
        """The dragon's stops after the tile: trial slots 1-3, then the heroes' deck."""
        assert self.dragon_box is not None
        left, top, right, bottom = self.dragon_box
        start = left + tile_width() + 70
        step = (right - 40 - start) / 3
        return [(start + k * step, (top + bottom) / 2) for k in range(4)]


def tile_width() -> float:
    return 4 * SLOT + 3 * SLOT_GAP + 2 * PAD


def layout(mode: str, heroes: int, pulse: bool) -> Layout:
    """The layout of a match: what its mode has (the dragon, scrolls, curses and
    dissipations, experience, wounds), its number of heroes and its play (pulse)."""
    rules = data.MODES.get(mode, data.MODES[data.DEFAULT_MODE])
    kinds = {kind for kind, _ in rules.spells}
    return layout_of(
        (
            heroes,
            rules.dragon,
            rules.gold,
            bool(kinds & {data.DISSIPATION, data.CURSE}),
            rules.experience or pulse or data.CURSE in kinds,
            rules.souls,
        )
    )


@lru_cache(maxsize=32)
def layout_of(key: LayoutKey) -> Layout:
    """The layout for a geometry key (one per kind of match, cached)."""
    return Layout(key)
