"""Header and footer strips and status pills that several boards share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    pass
from renderers.base.canvas import PANEL_RADIUS, Canvas
from renderers.base.colours import (
    SURFACE,
    TEXT,
    TEXT_MUTED,
    Box,
    Colour,
    Point,
    Shape,
    readable_ink,
)
from renderers.base.text import TextSize

# --- Strips --------------------------------------------------------------------------------
STRIP_PADDING: Final = 20


def header_strip(
    canvas: Canvas,
    box: Box,
    title: str,
    status: str,
    accent: Colour,
    status_shape: Shape | None = None,
) -> Box:
    """The band atop a board: the game's title left, whose turn (or the winner) right.

    The status is a pill in ``accent`` (the seat's colour) led by the seat's ``status_shape``,
    so whose turn it is never depends on colour alone. Returns the pill's box.
    """
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    middle = (top + bottom) / 2
    title_width = canvas.text_width(title, TextSize.TITLE)
    canvas.text((left + STRIP_PADDING, middle), title, TextSize.TITLE, TEXT, "lm")
    room = right - left - 3 * STRIP_PADDING - title_width
    return status_pill(
        canvas, (right - STRIP_PADDING, middle), status, accent, status_shape, room, "right"
    )


def footer_strip(canvas: Canvas, box: Box, text: str, fill: Colour = TEXT_MUTED) -> None:
    """A quiet band under a board with one line of text (last event, hint)."""
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    canvas.fitted_text(
        (left + STRIP_PADDING, (top + bottom) / 2),
        text,
        right - left - 2 * STRIP_PADDING,
        TextSize.BODY,
        fill,
        "lm",
    )


PILL_HEIGHT: Final = 50
PILL_GLYPH_RADIUS: Final = 12


def status_pill(
    canvas: Canvas,
    xy: Point,
    text: str,
    fill: Colour,
    glyph: Shape | None = None,
    max_width: float = 600,
    align: Literal["left", "right"] = "left",
) -> Box:
    """A large pill ``text`` in ``fill`` led by an optional glyph; middle-left (or right) at xy."""
    ink = readable_ink(fill)
    glyph_room = 2 * PILL_GLYPH_RADIUS + 12 if glyph else 0
    size = canvas.fit_size(text, max_width - glyph_room - 40, TextSize.HEADING - 4)
    text = canvas.clip_text(text, max_width - glyph_room - 40, size)
    width = canvas.text_width(text, size) + glyph_room + 40
    x, y = xy
    left = x - width if align == "right" else x
    box = (left, y - PILL_HEIGHT / 2, left + width, y + PILL_HEIGHT / 2)
    canvas.rect(box, fill, None, 0, PILL_HEIGHT / 2)
    cursor = left + 20
    if glyph:
        canvas.shape(glyph, (cursor + PILL_GLYPH_RADIUS, y), PILL_GLYPH_RADIUS, ink)
        cursor += glyph_room
    canvas.text((cursor, y), text, size, ink, "lm")
    return box
