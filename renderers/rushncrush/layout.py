"""Where everything goes on a Rush'n'Crush picture (logical pixels) and its colours.

The pictures are drawn for a phone first: 760 px wide, shown about 400 points wide, so a text
of ``TextSize.SMALL`` (18 px) reads 9.5 pt there and a number of ``NUMBER`` (22 px) 11.6 pt;
nothing smaller is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.games.rushncrush import (
    data,
)
from renderers.base import (
    BACKGROUND,
    BLACK,
    ORANGE,
    SURFACE,
    VERMILLION,
    WHITE,
    YELLOW,
    Colour,
    mix,
)
from renderers.base.phone import BIG_NUMBER as BIG_NUMBER
from renderers.base.phone import GAP as GAP
from renderers.base.phone import HEADER_HEIGHT as HEADER_HEIGHT
from renderers.base.phone import HEADER_STATUS_Y as HEADER_STATUS_Y
from renderers.base.phone import HEADER_TITLE_Y as HEADER_TITLE_Y
from renderers.base.phone import INNER_LEFT as INNER_LEFT
from renderers.base.phone import INNER_RIGHT as INNER_RIGHT
from renderers.base.phone import MARGIN as MARGIN
from renderers.base.phone import NUMBER as NUMBER
from renderers.base.phone import WIDTH as WIDTH
from renderers.base.phone import WORD as WORD

# --- the phone frame (``renderers.base.phone``) and what this picture adds -------------
LANES: Final = 4
BAND_ROWS: Final = 15
BOARD_BANDS: Final = 2  # the board's detailed stretch: 30 rows
ZOOM_BANDS: Final = 3  # a zoom's stretch: 45 rows
LANE_LABEL_WIDTH: Final = 30
CELL_WIDTH: Final = 46
CELL_HEIGHT: Final = 46
COURSE_WIDTH: Final = LANE_LABEL_WIDTH + BAND_ROWS * CELL_WIDTH
COURSE_LEFT: Final = (WIDTH - COURSE_WIDTH) // 2  # the lane numbers' left edge
WALL_HEIGHT: Final = 8  # the canyon wall drawn outside lanes 1 and 4
RULER_HEIGHT: Final = 50  # the row numbers, then the START and FINISH marks
RULER_NUMBER_Y: Final = 14
RULER_MARK_Y: Final = 38
BAND_HEIGHT: Final = 2 * WALL_HEIGHT + LANES * CELL_HEIGHT + RULER_HEIGHT
BAND_GAP: Final = 8
ROWS_BEHIND: Final = 3  # rows shown behind the last car
HATCH_STEP: Final = CELL_WIDTH / 4  # divides a column, so the rock's lines run on across cells
COLUMN_CACHE: Final = 192  # rows' pictures kept (about 35 KB each)
OVERVIEW_CELL_HEIGHT: Final = 10
OVERVIEW_STRIP_TOP: Final = 44  # under the cars' numbered discs
OVERVIEW_HEIGHT: Final = OVERVIEW_STRIP_TOP + 4 * OVERVIEW_CELL_HEIGHT + 36  # strip, START, FINISH
OVERVIEW_CAR_RADIUS: Final = 14
LAP_BADGE_RADIUS: Final = 12
CAR_WIDTH: Final = 38
CAR_HEIGHT: Final = 32
PATH_WIDTH: Final = 6
PATH_HEAD: Final = 16

# --- the drivers' cards under the course ---------------------------------------------------
CARD_COLUMNS: Final = 2
CARD_GAP: Final = 12  # between the two cards of a line
CARD_ROW_GAP: Final = 28  # above each line of cards: room for a tag chip on a card's top edge
CARD_HEIGHT: Final = 160
CARD_PAD: Final = 12
NAME_Y: Final = 26  # the name line's middle
NAME_LINES_GAP: Final = 22  # a long name on two lines: between their middles
BADGE_WIDTH: Final = 34
BADGE_HEIGHT: Final = 36
BUBBLE_RADIUS: Final = 29
BUBBLE_Y: Final = 84  # the speed bubble's centre
GEAR_Y: Final = 70  # the gear line's middle
THERMO_Y: Final = 102  # the thermometer's middle
THERMO_CELLS: Final = 7
THERMO_HEIGHT: Final = 22
SUPPLY_Y: Final = 138  # the supplies' middle
SUPPLY_COLUMNS: Final = 5
SUPPLY_ICON: Final = 12  # a supply's pictogram radius: readable on a phone with its number

# --- the footer: the last dice -------------------------------------------------------------
DIE_SIZE: Final = 34
FOOTER_LINE: Final = 46
FOOTER_PAD: Final = 12
MAX_FOOTER_THROWS: Final = 2  # the footer's lines: every board of a match has one height

# --- the private dashboard -----------------------------------------------------------------
GRAPH_SPEEDS: Final = (0, *sorted({speed for b in data.GEAR_BUBBLES.values() for speed, _ in b}))
MINE_HEIGHT: Final = 214  # the big dashboard atop the private picture
GRAPH_HEAD: Final = 70  # the graph's column heads
GRAPH_ROW: Final = 44
GRAPH_BUBBLE: Final = 19
GRAPH_SPEED_COLUMN: Final = 96
GRAPH_TABLE_COLUMN: Final = 124
LEGEND_LINE: Final = 28

# --- colours -------------------------------------------------------------------------------
ROAD: Final = (150, 128, 94)
ROAD_GRID: Final = mix(ROAD, WHITE, 0.25)
ROCK: Final = (58, 50, 46)
ROCK_HATCH: Final = (96, 84, 74)
OFF_COURSE: Final = mix(BACKGROUND, SURFACE, 0.5)
WRECK: Final = (70, 72, 78)
WRECK_INK: Final = (190, 192, 198)
NAIL: Final = (225, 228, 235)
SHIELD: Final = (150, 160, 176)
TYRE: Final = (40, 40, 44)
TYRE_HUB: Final = (150, 150, 156)
CARD_FACE: Final = (236, 238, 242)
CHECKER_DARK: Final = BLACK
CHECKER_LIGHT: Final = WHITE
PATH_FADE: Final = 0.3  # the path is the mover's colour, faded toward the road
HEAT_COLOURS: Final[Mapping[str, Colour]] = {
    "W": (236, 238, 242),
    "Y": YELLOW,
    "O": ORANGE,
    "R": VERMILLION,
}
THERMO_COLOURS: Final = (
    (236, 238, 242),
    (240, 228, 66),
    (240, 200, 50),
    (230, 159, 0),
    (222, 120, 0),
    (213, 94, 0),
    (30, 30, 30),
)
