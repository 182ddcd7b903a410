"""The frame of a picture drawn for a phone first (Fireship, Rush'n'Crush): 760 px wide,
shown about 400 points wide, so a word of ``WORD`` (18 px) reads 9.5 pt there and a number
of ``NUMBER`` (22 px) 11.6 pt; nothing smaller is drawn. A header on top, margins around."""

from __future__ import annotations

from typing import Final

from renderers.base.text import TextSize

# --- sizes of words (logical pixels) -------------------------------------------------------
WORD: Final = int(TextSize.SMALL)  # the smallest word drawn
NUMBER: Final = int(TextSize.BODY)  # the smallest number drawn
BIG_NUMBER: Final = int(TextSize.LABEL)

# --- the picture ---------------------------------------------------------------------------
WIDTH: Final = 760
MARGIN: Final = 16
GAP: Final = 12
INNER_LEFT: Final = MARGIN
INNER_RIGHT: Final = WIDTH - MARGIN
HEADER_HEIGHT: Final = 112
HEADER_TITLE_Y: Final = 30  # the title's middle, from the header's top
HEADER_STATUS_Y: Final = 80  # the status pill's (or the second line's) middle
