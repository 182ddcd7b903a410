"""The Ruship board's facts, colours and geometry: where every space, band and box is.

The picture is drawn for a phone first (portrait, 800 px wide: Discord shows it about 400
points wide there, so a text of ``n`` px reads ``n / 2`` pt): Humanity's band on top (Earth,
its attacks, the side's reserve and Powers), the track as three rows of six spaces running
back and forth, the Alien's band below it, then the dice and every Power's effect.
"""

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
SPACES_PER_ROW: Final = 6
TRACK_ROWS: Final = TRACK_SPACES // SPACES_PER_ROW
TOKENS_PER_SIDE: Final = 5
ATTACKS_TO_LOSE: Final = 3
PLANET_OF: Final[Mapping[Faction, int]] = {"humanity": EARTH, "alien": ALIEN_PLANET}
POWER_NAMES: Final = ("reroll", "plusone", "single", "backward", "stack")

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

# --- Text sizes (logical pixels; half of each is its size in points on a phone) -------------
TEXT_SIZE: Final = 18  # the smallest word: 9 pt on a phone
NUMBER_SIZE: Final = 22  # the smallest number: 11 pt
NAME_SIZE: Final = 22
HEADING_SIZE: Final = 28
TITLE_SIZE: Final = 36

# --- Layout (logical pixels) -----------------------------------------------------------------
WIDTH: Final = 800
MARGIN: Final = 16
GAP: Final = 12
INSET: Final = 16  # inside a panel
CONTENT_RIGHT: Final = WIDTH - MARGIN

HEADER_TOP: Final = MARGIN
HEADER_HEIGHT: Final = 120
TITLE_Y: Final = HEADER_TOP + 32
STATUS_Y: Final = HEADER_TOP + 86

BAND_HEIGHT: Final = 172
PLANET_COLUMN: Final = 180  # a band's planet side: the globe, its name, the attack marks
BAND_EDGE: Final = 8  # a band's outline (thicker on the side to act) lies this near its edge
SPACE_GAP: Final = 10
SPACE_WIDTH: Final = (WIDTH - 2 * MARGIN - (SPACES_PER_ROW - 1) * SPACE_GAP) / SPACES_PER_ROW
SPACE_HEIGHT: Final = 112
ROW_GAP: Final = 20
TRACK_HEIGHT: Final = TRACK_ROWS * SPACE_HEIGHT + (TRACK_ROWS - 1) * ROW_GAP

EARTH_BAND_TOP: Final = HEADER_TOP + HEADER_HEIGHT + GAP
TRACK_TOP: Final = EARTH_BAND_TOP + BAND_HEIGHT + GAP
ALIEN_BAND_TOP: Final = TRACK_TOP + TRACK_HEIGHT + GAP
DICE_TOP: Final = ALIEN_BAND_TOP + BAND_HEIGHT + GAP
DICE_HEIGHT: Final = 84
LEGEND_TOP: Final = DICE_TOP + DICE_HEIGHT + GAP
LEGEND_CAPTION: Final = 40
POWER_ROW: Final = 54  # a Power's line in the legend: its name, its effect on two lines
HELP_LINES: Final = 2
HELP_LINE_HEIGHT: Final = 23
LEGEND_HEIGHT: Final = LEGEND_CAPTION + len(POWER_NAMES) * POWER_ROW + 8
HEIGHT: Final = LEGEND_TOP + LEGEND_HEIGHT + MARGIN

# A band's rows, below its top: the side's name, the player's name, reserve, Powers.
BAND_ROWS: Final = (32, 72, 110, 147)
CAPTION_WIDTH: Final = 112  # "Reserve", "Powers" before their row's content
POWER_NAME_WIDTH: Final = 200  # the legend's column of Power names (and owners' tokens)

SHIP_HEIGHT: Final = 66
UFO_WIDTH: Final = 72
PAIR_SIZE: Final = 52
PAIR_OFFSET: Final = 18  # each token of a pair sits this far left or right of the middle
PAIR_STAGGER: Final = 5  # and this far up or down, so the two overlap like a stack
PAIR_RAISE: Final = 10  # room for the ×2 tag below
CARRIER_RADIUS: Final = 40
PLANET_RADIUS: Final = 44
MARK_RADIUS: Final = 15
MINI_TOKEN: Final = 36
RESERVE_STEP: Final = 44
HEADING_TOKEN: Final = 44
LEGEND_TOKEN: Final = 30
HIGHLIGHT_MARGIN: Final = 4
ORDER_BADGE_RADIUS: Final = 16
ARROW_STOP: Final = 40.0  # how far short of a landing piece's centre an arrow ends
PLANET_ARROW_STOP: Final = PLANET_RADIUS + 6.0
START_ROLLS_SHOWN: Final = 3  # the last ones, should ties have piled up
DIE_SIZE: Final = 60
DIE_GAP: Final = 20


# --- Geometry --------------------------------------------------------------------------------
def band_box(seat: int) -> Box:
    """A side's band: Humanity's (seat 0) above the track, the Alien's below it."""
    top = EARTH_BAND_TOP if seat == 0 else ALIEN_BAND_TOP
    return (MARGIN, top, CONTENT_RIGHT, top + BAND_HEIGHT)


def faction_panel_box(seat: int) -> Box:
    """Where a side's name, player, reserve and Powers are (its band)."""
    return band_box(seat)


def band_text_left(seat: int) -> float:
    """Where a band's rows start: after Earth's column, or at the band's left (the Alien
    planet's column is on the right, under space 18)."""
    return MARGIN + (PLANET_COLUMN if seat == 0 else INSET)


def band_text_right(seat: int) -> float:
    return CONTENT_RIGHT - (INSET if seat == 0 else PLANET_COLUMN)


def planet_box(position: int) -> Box:
    """A planet's column in its band: the globe, its name and its attack marks."""
    left, top, right, bottom = band_box(0 if position == EARTH else 1)
    top, bottom = top + BAND_EDGE, bottom - BAND_EDGE  # the band's own outline is not in it
    if position == EARTH:
        return (left + BAND_EDGE, top, left + PLANET_COLUMN - INSET, bottom)
    return (right - PLANET_COLUMN + INSET, top, right - BAND_EDGE, bottom)


def space_box(position: int) -> Box:
    """The box of a track space (1..18), or of a planet's column (0 = Earth, 19 = Alien)."""
    if position in (EARTH, ALIEN_PLANET):
        return planet_box(position)
    row, column = divmod(position - 1, SPACES_PER_ROW)
    if row % 2 == 1:  # the middle row runs back from right to left
        column = SPACES_PER_ROW - 1 - column
    left = MARGIN + column * (SPACE_WIDTH + SPACE_GAP)
    top = TRACK_TOP + row * (SPACE_HEIGHT + ROW_GAP)
    return (left, top, left + SPACE_WIDTH, top + SPACE_HEIGHT)


def space_centre(position: int) -> Point:
    """Where a piece on ``position`` is drawn (a planet's globe for 0 and 19): the globes sit
    right above space 1 and right below space 18, so the track runs straight into them."""
    if position in (EARTH, ALIEN_PLANET):
        track_end = space_box(1 if position == EARTH else TRACK_SPACES)
        _, top, _, _ = band_box(0 if position == EARTH else 1)
        return ((track_end[0] + track_end[2]) / 2, top + 20 + PLANET_RADIUS)
    left, top, right, bottom = space_box(position)
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
    """The attack marks stand in a column beside the globe, on the band's inner side."""
    x, y = space_centre(position)
    side = 1 if position == EARTH else -1
    return (x + side * (PLANET_RADIUS + MARK_RADIUS + 14), y - 38 + slot * 38)


def planet_name_anchor(position: int) -> tuple[Point, str]:
    """Where a planet's name is written (under its globe) and how it is anchored."""
    left, _, right, bottom = planet_box(position)
    if position == EARTH:
        return ((left - BAND_EDGE + INSET, bottom + BAND_EDGE - 14), "ls")
    return ((right + BAND_EDGE - INSET, bottom + BAND_EDGE - 14), "rs")


def dice_box() -> Box:
    return (MARGIN, DICE_TOP, CONTENT_RIGHT, DICE_TOP + DICE_HEIGHT)


def legend_box() -> Box:
    return (MARGIN, LEGEND_TOP, CONTENT_RIGHT, LEGEND_TOP + LEGEND_HEIGHT)


def power_row_top(index: int) -> float:
    return LEGEND_TOP + LEGEND_CAPTION + index * POWER_ROW


def power_row_box(name: str) -> Box:
    """A Power's line in the legend (its name, who holds it, what it does)."""
    top = power_row_top(POWER_NAMES.index(name))
    return (MARGIN, top, CONTENT_RIGHT, top + POWER_ROW)


def arrow_tip(before: Point, target: Point, stop: float) -> Point:
    """Stop an arrow short of the piece standing on its target."""
    (x0, y0), (x1, y1) = before, target
    length = math.hypot(x1 - x0, y1 - y0)
    stop = min(stop, length / 2)
    return (x1 - (x1 - x0) * stop / length, y1 - (y1 - y0) * stop / length)
