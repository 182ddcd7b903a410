"""Where everything goes on a Fireship picture (logical pixels) and its colours.

The pictures are drawn for a phone first: 760 px wide, shown about 400 points wide, so a word
of ``WORD`` (18 px) reads 9.5 pt there and a number of ``NUMBER`` (22 px) 11.6 pt; nothing
smaller is drawn. The 20 x 20 sea cannot be shown whole at that size: a picture shows a
14 x 14 window of it (``WINDOW``) at readable size, under an overview of the whole sea that
carries no text (colours, islands, flags and pawns) and frames the window.
"""

from __future__ import annotations

from typing import Final

from bot.games.fireship import data
from renderers.base import (
    BLUISH_GREEN,
    SKY_BLUE,
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
HEADER_TOP: Final = MARGIN
HEADER_BOTTOM: Final = HEADER_TOP + HEADER_HEIGHT

# --- the overview of the whole sea, and the turn's figures beside it -----------------------
OVERVIEW_CELL: Final = 12
OVERVIEW_SIZE: Final = OVERVIEW_CELL * data.SIZE
OVERVIEW_LEFT: Final = INNER_LEFT
OVERVIEW_TOP: Final = HEADER_BOTTOM + GAP
OVERVIEW_BOTTOM: Final = OVERVIEW_TOP + OVERVIEW_SIZE
INFO_LEFT: Final = OVERVIEW_LEFT + OVERVIEW_SIZE + GAP
INFO_PAD: Final = 16
DIE_SIDE: Final = 40  # a d10 of the turn's roll (its number NUMBER large)
LEGEND_ICON: Final = 14  # a special square's mark in the key

# --- the window on the sea, at readable size -----------------------------------------------
WINDOW: Final = 14  # cells a side
CELL: Final = 48
WINDOW_SIZE: Final = WINDOW * CELL
WINDOW_OFFSETS: Final = data.SIZE - WINDOW + 1  # where a window may start, per axis
RULER_TOP: Final = OVERVIEW_BOTTOM + GAP  # the column letters' band
RULER_HEIGHT: Final = 30
GRID_TOP: Final = RULER_TOP + RULER_HEIGHT
GRID_LEFT: Final = INNER_RIGHT - WINDOW_SIZE  # row numbers on the left of it
GRID_BOTTOM: Final = GRID_TOP + WINDOW_SIZE
TOKEN: Final = 20  # a pawn's radius
#: A pawn on a special square: smaller and lower right, the square's mark in the corner.
CORNER_TOKEN: Final = 16
CORNER_SHIFT: Final = (4.0, 5.0)
HOME_ICON: Final = 9  # a kind's pawn in a home's quarter, beside its count
MARK: Final = 18  # a special square's mark (half width)

# --- the players' cards, two a line, under the sea -----------------------------------------
CARD_COLUMNS: Final = 2
CARD_GAP: Final = 12
CARD_ROW_GAP: Final = 24  # above each line of cards: room for a tag chip on a card's edge
CARD_WIDTH: Final = (INNER_RIGHT - INNER_LEFT - CARD_GAP) // CARD_COLUMNS
CARD_HEIGHT: Final = 152
CARD_PAD: Final = 14
CARD_ICON: Final = 13
CARD_NAME_Y: Final = 32
CARD_COUNTS_Y: Final = 70
CARD_BADGES_Y: Final = (102, 130)

# --- colours -------------------------------------------------------------------------------
SEA: Final = (22, 52, 86)
SEA_LINE: Final = (38, 72, 110)
SAND: Final = (196, 170, 118)
SAND_EDGE: Final = (140, 118, 76)
INK: Final = (20, 24, 36)
#: Okabe-Ito colours for Blue, Red, Green, Yellow; white for the neutral islands and boats.
COLOURS: Final[tuple[Colour, ...]] = (SKY_BLUE, VERMILLION, BLUISH_GREEN, YELLOW)
SPECIAL_INK: Final = mix(SEA, WHITE, 0.55)
GARRISON_DOT: Final = BLUISH_GREEN
REACH_FILL: Final = mix(SEA, WHITE, 0.22)
OVERVIEW_REACH: Final = mix(SEA, WHITE, 0.3)
ATTACK_INK: Final = WHITE


def colour_of(seat: int) -> Colour:
    return WHITE if seat == data.WHITE else COLOURS[seat]


def cards_height(players: int) -> int:
    lines = -(-players // CARD_COLUMNS)
    return lines * (CARD_ROW_GAP + CARD_HEIGHT)


def board_height(players: int) -> int:
    """The board's height: one size for every board of a match (a replay's frames too)."""
    return GRID_BOTTOM + cards_height(players) + MARGIN


#: The private pictures (a pawn's reach, a zoom): the header, the overview, the window.
PRIVATE_HEIGHT: Final = GRID_BOTTOM + MARGIN
