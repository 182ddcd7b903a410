"""How a Rush Out! board looks and where things go: colours, sizes, the layout of a match."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final, NamedTuple

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
#: Every text is at least TextSize.SMALL (18 px: 9 pt once the 800 px picture is shown 400
#: points wide on a phone), every number alone at least TextSize.BODY (22 px: 11 pt).
WIDTH: Final = 800
MARGIN: Final = 16
GAP: Final = 10
PAD: Final = 10  # inside a camp's section
HEADER_HEIGHT: Final = 60
STRIP_ROW: Final = 40  # a line of the score strip
SLOT: Final = 46  # a die on a card (smaller when five share a card)
SLOT_GAP: Final = 5
CARD_HEIGHT: Final = 150
CARD_GAP: Final = 10
CARD_RADIUS: Final = 12
ROW_HEIGHT: Final = 40  # a line of a panel
TRAY_DIE: Final = 32
TRAY_GAP: Final = 5
DRAGON_STRIP: Final = 64
HEX_CAPTION: Final = 24
HEX_HEIGHT: Final = 88  # one row of cards facing the heroes (two rows of small ones)
HEX_PER_ROW: Final = 4
HEX_GAP: Final = 8
HERO_PANEL_GAP: Final = 8
LEGEND_ROW: Final = 38
LEGEND_DIE: Final = 30
SCROLL_ROWS: Final = 2  # the sorcerer's scrolls, grouped by power, take at most two lines
SECTION_LEFT: Final = MARGIN
SECTION_RIGHT: Final = WIDTH - MARGIN
INNER_LEFT: Final = SECTION_LEFT + PAD
INNER_RIGHT: Final = SECTION_RIGHT - PAD
INNER_WIDTH: Final = INNER_RIGHT - INNER_LEFT
CARD_WIDTH: Final = (INNER_WIDTH - 2 * CARD_GAP) / 3
STRIP_TOP: Final = MARGIN + HEADER_HEIGHT + GAP


# --- Geometry (fixed per mode and number of heroes) ----------------------------------------
class LayoutKey(NamedTuple):
    """What a picture's geometry depends on (its mode, its number of heroes, its play)."""

    heroes: int
    dragon: bool
    scrolls: bool  # gold: the market, and the sorcerer's scrolls
    hexes: bool  # curses or dissipations may face the heroes
    wounds: bool  # damnation may wound heroes
    experience: bool  # XP and faculties
    counters: bool  # souls, lives or gold: the score strip takes a second line


class Layout:
    """Where everything goes for a kind of match (never for a position).

    From the top: the header; the score strip (the play and, on a second line, the
    counters); the sorcerer's section (his panel: name, dice, scrolls; the three spells);
    the heroes' section (the dragon's path, the three trials, the cards facing the heroes,
    then one band per hero); the legend."""

    def __init__(self, key: LayoutKey) -> None:
        self.key = key
        self.heroes = key.heroes
        self.dragon, self.scrolls, self.hexes = key.dragon, key.scrolls, key.hexes
        self.wounds, self.experience = key.wounds, key.experience
        self.strip_rows = 2 if key.counters else 1
        self.strip_box: Box = (
            MARGIN,
            STRIP_TOP,
            WIDTH - MARGIN,
            STRIP_TOP + self.strip_rows * STRIP_ROW + 6,
        )
        top = self.strip_box[3] + GAP
        self.scroll_rows = SCROLL_ROWS if self.scrolls else 0
        panel_rows = 2 + self.scroll_rows
        panel_bottom = top + PAD + panel_rows * ROW_HEIGHT + 10
        self.sorcerer_panel: Box = (INNER_LEFT, top + PAD, INNER_RIGHT, panel_bottom)
        self.spells_top = panel_bottom + CARD_GAP
        self.sorcerer_section: Box = (
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
        # one band per hero: name, hero and Joker; dice and the chips of the moment; then
        # the wound and the experience when the mode has them
        self.hero_rows = 3 if (self.wounds or self.experience) else 2
        self.hero_height = self.hero_rows * ROW_HEIGHT + 12
        self.hero_boxes: list[Box] = []
        for index in range(self.heroes):
            top_ = y + index * (self.hero_height + HERO_PANEL_GAP)
            self.hero_boxes.append((INNER_LEFT, top_, INNER_RIGHT, top_ + self.hero_height))
        y += self.heroes * self.hero_height + (self.heroes - 1) * HERO_PANEL_GAP + PAD
        self.heroes_section: Box = (SECTION_LEFT, heroes_top, SECTION_RIGHT, y)
        y += GAP
        self.legend_box: Box = (SECTION_LEFT, y, SECTION_RIGHT, y + 2 * LEGEND_ROW + 14)
        self.height = round(self.legend_box[3] + MARGIN)

    def card_box(self, camp: str, index: int) -> Box:
        top = self.spells_top if camp == "spells" else self.trials_top
        left = INNER_LEFT + index * (CARD_WIDTH + CARD_GAP)
        return (left, top, left + CARD_WIDTH, top + CARD_HEIGHT)

    def market_boxes(self) -> tuple[Box, Box]:
        """Between rounds: the scrolls where the spells lie, the equipment over the dragon's
        path and the trials (the table is cleared)."""
        scrolls = (INNER_LEFT, self.spells_top, INNER_RIGHT, self.spells_top + CARD_HEIGHT)
        top = self.dragon_box[1] if self.dragon_box else self.trials_top
        equipment = (INNER_LEFT, top, INNER_RIGHT, self.trials_top + CARD_HEIGHT)
        return scrolls, equipment

    def path_nodes(self) -> list[Point]:
        """The dragon's stops after the tile: trial slots 1-3, then the heroes' deck."""
        assert self.dragon_box is not None
        left, top, right, bottom = self.dragon_box
        start = left + tile_width() + 70
        step = (right - 40 - start) / 3
        return [(start + k * step, (top + bottom) / 2) for k in range(4)]


def tile_width() -> float:
    return 4 * SLOT + 3 * SLOT_GAP + 2 * PAD


def layout(mode: str, heroes: int, pulse: bool = False) -> Layout:
    """The layout of a match: what its mode has (the dragon, scrolls, curses and
    dissipations, wounds, experience, counters) and its number of heroes. Its play (live
    or pulses) changes nothing: the chips of the moment share the dice's line."""
    rules = data.MODES.get(mode, data.MODES[data.DEFAULT_MODE])
    kinds = {kind for kind, _ in rules.spells}
    return layout_of(
        LayoutKey(
            heroes=heroes,
            dragon=rules.dragon,
            scrolls=rules.gold,
            hexes=bool(kinds & {data.DISSIPATION, data.CURSE}),
            wounds=data.DAMNATION in kinds,
            experience=rules.experience,
            counters=rules.gold or rules.souls or rules.lives,
        )
    )


@lru_cache(maxsize=32)
def layout_of(key: LayoutKey) -> Layout:
    """The layout for a geometry key (one per kind of match, cached)."""
    return Layout(key)
