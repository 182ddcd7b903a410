"""Where everything goes on a Rush'n'Crush board (logical pixels) and its colours."""

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

# --- layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 1100
MARGIN: Final = 20
GAP: Final = 16
HEADER_HEIGHT: Final = 76
LANES: Final = 4
BAND_ROWS: Final = 22
MAX_BANDS: Final = 2
LANE_LABEL_WIDTH: Final = 34
CELL_WIDTH: Final = (WIDTH - 2 * MARGIN - LANE_LABEL_WIDTH) // BAND_ROWS
CELL_HEIGHT: Final = 50
WALL_HEIGHT: Final = 10  # the canyon wall drawn outside lanes 1 and 4
RULER_HEIGHT: Final = 50  # the row numbers, then the START and FINISH marks
RULER_NUMBER_Y: Final = 13
RULER_MARK_Y: Final = 37
BAND_HEIGHT: Final = 2 * WALL_HEIGHT + LANES * CELL_HEIGHT + RULER_HEIGHT
BAND_GAP: Final = 12
ROWS_BEHIND: Final = 3  # rows shown behind the last car
HATCH_STEP: Final = CELL_WIDTH / 4  # divides a column, so the rock's lines run on across cells
COLUMN_CACHE: Final = 192  # rows' pictures kept (about 35 KB each)
OVERVIEW_CELL_HEIGHT: Final = 12
OVERVIEW_HEIGHT: Final = 4 * OVERVIEW_CELL_HEIGHT + 34  # the strip, then START and FINISH
OVERVIEW_CAR_RADIUS: Final = 11
LAP_BADGE_RADIUS: Final = 11
PANEL_HEIGHT: Final = 200
PANEL_GAP: Final = 12
FOOTER_HEIGHT: Final = 72
CAR_WIDTH: Final = 40
CAR_HEIGHT: Final = 36
NAME_Y: Final = 32
TAG_ROOM: Final = 120  # kept free right of a name for the tag chip
BUBBLE_RADIUS: Final = 34
BUBBLE_TOP: Final = 60
GEAR_Y: Final = 76
THERMO_CELLS: Final = 7
THERMO_HEIGHT: Final = 26
THERMO_TOP: Final = 98
THERMO_CAPTION: Final = 100  # room for "Heat T3" left of the cells
SUPPLY_TOP: Final = 138
SUPPLY_COLUMNS: Final = 5
SUPPLY_ICON: Final = 13  # a supply's pictogram radius: readable on a phone with its number
DIE_SIZE: Final = 40
MAX_FOOTER_THROWS: Final = 3
NEUTRAL_MARK: Final = "P"  # the dashboard's neutral bubble
GRAPH_SPEEDS: Final = (0, *sorted({speed for b in data.GEAR_BUBBLES.values() for speed, _ in b}))
GRAPH_ROW: Final = 34
GRAPH_TABLE_ROW: Final = 30
GRAPH_TITLE: Final = 40
GRAPH_CAPTION_WIDTH: Final = 150
GRAPH_BUBBLE: Final = 15
GRAPH_LEGEND_LINE: Final = 28
GRAPH_HEIGHT: Final = GRAPH_TITLE + 6 * GRAPH_ROW + 2 * GRAPH_TABLE_ROW + 2 * GRAPH_LEGEND_LINE + 16

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
