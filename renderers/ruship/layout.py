"""The Ruship board's facts, colours and geometry: where every space, panel and box is."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from bot.games.ruship.views import Faction
from renderers.base import (
    BLUE,
    BLUISH_GREEN,
    DANGER,
    ORANGE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    Box,
    Colour,
    Point,
    Shape,
    mix,
)

# --- The game's facts (as the view states them) ---------------------------------------------
FACTIONS: Final[tuple[Faction, Faction]] = ("humanity", "alien")  # by seat
EARTH: Final = 0
ALIEN_PLANET: Final = 19
TRACK_SPACES: Final = 18
SPACES_PER_ROW: Final = 9
TOKENS_PER_SIDE: Final = 5
ATTACKS_TO_LOSE: Final = 3
PLANET_OF: Final[Mapping[Faction, int]] = {"humanity": EARTH, "alien": ALIEN_PLANET}

# --- Look ------------------------------------------------------------------------------------
FACTION_COLOURS: Final[Mapping[Faction, Colour]] = {"humanity": SKY_BLUE, "alien": ORANGE}
FACTION_GLYPHS: Final[Mapping[Faction, Shape]] = {"humanity": "triangle", "alien": "circle"}
EARTH_OCEAN: Final = BLUE
EARTH_LAND: Final = BLUISH_GREEN
ALIEN_PLANET_BODY: Final = VERMILLION
ALIEN_PLANET_BAND: Final = mix(ORANGE, WHITE, 0.3)
#: Continents as (dx, dy) fractions of the globe's radius.
EARTH_CONTINENTS: Final = (
    ((-0.7, -0.5), (-0.1, -0.75), (0.05, -0.2), (-0.3, 0.1), (-0.2, 0.6), (-0.6, 0.3)),
    ((0.3, -0.1), (0.8, -0.3), (0.75, 0.35), (0.35, 0.7), (0.2, 0.3)),
)
HIT_MARK: Final = DANGER
PATH_ALPHA: Final = 170

# --- Layout (logical pixels) -----------------------------------------------------------------
WIDTH: Final = 1100
MARGIN: Final = 20
HEADER_HEIGHT: Final = 76
SECTION_GAP: Final = 18
SPACE_WIDTH: Final = 92
SPACE_HEIGHT: Final = 132
SPACE_GAP: Final = 8
ROW_GAP: Final = 40
BOARD_TOP: Final = MARGIN + HEADER_HEIGHT + SECTION_GAP
TRACK_LEFT: Final = WIDTH - MARGIN - SPACES_PER_ROW * SPACE_WIDTH - (SPACES_PER_ROW - 1) * SPACE_GAP
PLANET_LEFT: Final = MARGIN
PLANET_RIGHT: Final = TRACK_LEFT - 2 * SPACE_GAP
BOARD_BOTTOM: Final = BOARD_TOP + 2 * SPACE_HEIGHT + ROW_GAP
PANEL_TOP: Final = BOARD_BOTTOM + SECTION_GAP
PANEL_HEIGHT: Final = 160
FOOTER_TOP: Final = PANEL_TOP + PANEL_HEIGHT + SECTION_GAP
FOOTER_HEIGHT: Final = 112
LEGEND_TOP: Final = FOOTER_TOP + FOOTER_HEIGHT + SECTION_GAP
LEGEND_LINE: Final = 30
LEGEND_HEIGHT: Final = 48 + 5 * LEGEND_LINE
HEIGHT: Final = LEGEND_TOP + LEGEND_HEIGHT + MARGIN
DICE_BOX_SHARE: Final = 0.42  # of the footer's width; the Power pool takes the rest
CAPTION_INSET: Final = 18
CAPTION_WIDTH: Final = 110
MIN_NAME_ROOM: Final = 40  # no player name squeezed into less than this

SHIP_HEIGHT: Final = 64
UFO_WIDTH: Final = 70
PAIR_SIZE: Final = 50
PAIR_OFFSET: Final = 17  # each token of a pair sits this far left or right of the middle
PAIR_STAGGER: Final = 5  # and this far up or down, so the two overlap like a stack
PAIR_RAISE: Final = 8  # room for the ×2 tag below
CARRIER_RADIUS: Final = 38
PLANET_RADIUS: Final = 42
MARK_RADIUS: Final = 13
MINI_TOKEN: Final = 34
RESERVE_STEP: Final = 46
HIGHLIGHT_MARGIN: Final = 4
ORDER_BADGE_RADIUS: Final = 13
ARROW_STOP: Final = 40.0  # how far short of a landing piece's centre an arrow ends
PLANET_ARROW_STOP: Final = PLANET_RADIUS + 6.0
START_ROLLS_SHOWN: Final = 3  # the last ones, should ties have piled up
DICE_TOP: Final = 44  # below the footer box's top
DIE_SIZE: Final = 56
DIE_GAP: Final = 22
POOL_LINE_HEIGHT: Final = 36


# --- Geometry --------------------------------------------------------------------------------
def space_box(position: int) -> Box:
    """The box of a track space (1..18), or of a planet's panel (0 = Earth, 19 = Alien)."""
    if position in (EARTH, ALIEN_PLANET):
        row = 0 if position == EARTH else 1
        top = BOARD_TOP + row * (SPACE_HEIGHT + ROW_GAP)
        return (PLANET_LEFT, top, PLANET_RIGHT, top + SPACE_HEIGHT)
    index = position - 1
    row, column = divmod(index, SPACES_PER_ROW)
    if row == 1:  # the second row runs back from right to left
        column = SPACES_PER_ROW - 1 - column
    left = TRACK_LEFT + column * (SPACE_WIDTH + SPACE_GAP)
    top = BOARD_TOP + row * (SPACE_HEIGHT + ROW_GAP)
    return (left, top, left + SPACE_WIDTH, top + SPACE_HEIGHT)


def space_centre(position: int) -> Point:
    """Where a piece on ``position`` is drawn (a planet's globe for 0 and 19)."""
    left, top, right, bottom = space_box(position)
    if position in (EARTH, ALIEN_PLANET):
        return (right - PLANET_RADIUS - 16, top + PLANET_RADIUS + 12)
    return ((left + right) / 2, (top + bottom) / 2 + 8)


def clamp_position(position: int) -> int:
    return max(EARTH, min(ALIEN_PLANET, position))


def path_points(start: int, end: int) -> list[Point]:
    """The centres a piece passes, following the track, from ``start`` to ``end``."""
    step = 1 if end >= start else -1
    return [space_centre(p) for p in range(start, end + step, step)]


def centred_box(centre: Point, radius: float) -> Box:
    x, y = centre
    return (x - radius, y - radius, x + radius, y + radius)


def attack_mark_centre(position: int, slot: int) -> Point:
    left, top, _, _ = space_box(position)
    return (left + MARK_RADIUS + 12, top + 22 + slot * (2 * MARK_RADIUS + 8))


def faction_panel_box(seat: int) -> Box:
    width = (WIDTH - 2 * MARGIN - SECTION_GAP) / 2
    left = MARGIN + seat * (width + SECTION_GAP)
    return (left, PANEL_TOP, left + width, PANEL_TOP + PANEL_HEIGHT)


def footer_box(side: int) -> Box:
    """The dice box (side 0, left) or the Power pool box (side 1, right)."""
    split = MARGIN + (WIDTH - 2 * MARGIN - SECTION_GAP) * DICE_BOX_SHARE
    if side == 0:
        return (MARGIN, FOOTER_TOP, split, FOOTER_TOP + FOOTER_HEIGHT)
    return (split + SECTION_GAP, FOOTER_TOP, WIDTH - MARGIN, FOOTER_TOP + FOOTER_HEIGHT)


def arrow_tip(before: Point, target: Point, stop: float) -> Point:
    """Stop an arrow short of the piece standing on its target."""
    (x0, y0), (x1, y1) = before, target
    length = math.hypot(x1 - x0, y1 - y0)
    stop = min(stop, length / 2)
    return (x1 - (x1 - x0) * stop / length, y1 - (y1 - y0) * stop / length)
