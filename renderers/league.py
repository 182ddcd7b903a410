"""A league's standings as a picture: a title band, then one row a player (rank, name,
points, the two tie-breaks, their record), the winner's row picked out once the league is
over, a player who left shown dimmed. Drawn for a phone: 800 px wide, every word at least
18 px (9 pt once shown 400 points wide) and every number at least 22 px (11 pt).

Pure: ``render(view, labels)``; the view carries its words already written in the reader's
language (names, numbers as the language writes them), ``labels`` the column headings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypedDict

from renderers.base import (
    HIGHLIGHT,
    OUTLINE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    Canvas,
    encode_png,
)
from renderers.base.text import merge_labels

WIDTH: Final = 800
MARGIN: Final = 20
TITLE_HEIGHT: Final = 104
HEADING_HEIGHT: Final = 46
ROW_HEIGHT: Final = 54
FOOTER_HEIGHT: Final = 56
#: Text sizes (px on an 800 px picture): words at least 18, numbers at least 22.
TITLE_SIZE: Final = 34
SUBTITLE_SIZE: Final = 22
HEADING_SIZE: Final = 20
NAME_SIZE: Final = 26
NAME_SMALLEST: Final = 20
NUMBER_SIZE: Final = 26
SMALL_NUMBER_SIZE: Final = 22
FOOTER_SIZE: Final = 18
#: Column edges: rank, name, points, first tie-break, second tie-break, record.
COLUMNS: Final = (MARGIN, 62, 440, 518, 604, 686, WIDTH - MARGIN)

LABEL_DEFAULTS: Final[dict[str, str]] = {
    "rank": "#",
    "player": "Player",
    "points": "Pts",
    "first": "TB1",
    "second": "TB2",
    "record": "W-D-L",
    "left": "left",
}


class StandingRow(TypedDict):
    rank: str
    name: str
    points: str
    first: str
    second: str
    record: str
    left: bool
    winner: bool


class StandingsView(TypedDict):
    title: str
    subtitle: str
    rows: list[StandingRow]
    footer: str


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    return encode_png(render_image(view, labels))


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Any:
    words = merge_labels(LABEL_DEFAULTS, labels)
    rows: Sequence[Mapping[str, Any]] = view.get("rows", [])
    height = TITLE_HEIGHT + HEADING_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + FOOTER_HEIGHT
    canvas = Canvas(WIDTH, height)
    canvas.rect(
        (MARGIN / 2, MARGIN / 2, WIDTH - MARGIN / 2, TITLE_HEIGHT - 6), SURFACE, None, 0, 14
    )
    canvas.fitted_text(
        (MARGIN + 8, 40),
        str(view.get("title", "")),
        WIDTH - 2 * MARGIN - 16,
        TITLE_SIZE,
        anchor="lm",
        min_size=HEADING_SIZE,
    )
    canvas.fitted_text(
        (MARGIN + 8, 78),
        str(view.get("subtitle", "")),
        WIDTH - 2 * MARGIN - 16,
        SUBTITLE_SIZE,
        TEXT_MUTED,
        "lm",
        bold=False,
        min_size=FOOTER_SIZE,
    )
    top = TITLE_HEIGHT
    middle = top + HEADING_HEIGHT / 2
    for index, key in enumerate(("rank", "player", "points", "first", "second", "record")):
        left, right = COLUMNS[index], COLUMNS[index + 1]
        xy, anchor = (
            ((left + 6, middle), "lm")
            if key == "player"
            else (
                ((left + right) / 2, middle),
                "mm",
            )
        )
        canvas.fitted_text(
            xy, words[key], right - left - 8, HEADING_SIZE, TEXT_MUTED, anchor, min_size=FOOTER_SIZE
        )
    canvas.line(
        [(MARGIN, top + HEADING_HEIGHT - 2), (WIDTH - MARGIN, top + HEADING_HEIGHT - 2)], OUTLINE, 2
    )
    top += HEADING_HEIGHT
    for number, row in enumerate(rows):
        _row(canvas, top + number * ROW_HEIGHT, row, words, shaded=number % 2 == 1)
    footer_top = top + ROW_HEIGHT * max(1, len(rows))
    canvas.fitted_text(
        (MARGIN, footer_top + FOOTER_HEIGHT / 2),
        str(view.get("footer", "")),
        WIDTH - 2 * MARGIN,
        FOOTER_SIZE,
        TEXT_MUTED,
        "lm",
        bold=False,
        min_size=FOOTER_SIZE,
    )
    return canvas.finish()


def _row(
    canvas: Canvas, top: float, row: Mapping[str, Any], words: Mapping[str, str], shaded: bool
) -> None:
    bottom = top + ROW_HEIGHT
    middle = (top + bottom) / 2
    if row.get("winner"):
        canvas.rect(
            (MARGIN / 2, top + 3, WIDTH - MARGIN / 2, bottom - 3), SURFACE_RAISED, HIGHLIGHT, 3, 12
        )
    elif shaded:
        canvas.rect((MARGIN / 2, top + 3, WIDTH - MARGIN / 2, bottom - 3), SURFACE, None, 0, 12)
    ink = TEXT_MUTED if row.get("left") else TEXT
    cells = [
        (str(row.get("rank", "")), NUMBER_SIZE, True),
        (str(row.get("points", "")), NUMBER_SIZE, True),
        (str(row.get("first", "")), SMALL_NUMBER_SIZE, False),
        (str(row.get("second", "")), SMALL_NUMBER_SIZE, False),
        (str(row.get("record", "")), SMALL_NUMBER_SIZE, False),
    ]
    for (text, size, bold), column in zip(cells, (0, 2, 3, 4, 5), strict=True):
        left, right = COLUMNS[column], COLUMNS[column + 1]
        colour = HIGHLIGHT if row.get("winner") and column == 0 else ink
        canvas.fitted_text(
            ((left + right) / 2, middle),
            text,
            right - left - 6,
            size,
            colour,
            "mm",
            bold,
            min_size=SMALL_NUMBER_SIZE,
        )
    name = str(row.get("name", ""))
    if row.get("left"):
        name = f"{name} ({words['left']})"
    left, right = COLUMNS[1], COLUMNS[2]
    room = right - left - 12
    if canvas.text_width(name, NAME_SMALLEST) <= room:
        canvas.fitted_text(
            (left + 6, middle), name, room, NAME_SIZE, ink, "lm", min_size=NAME_SMALLEST
        )
        return
    lines = _two_lines(canvas, name, room)
    for line, y in zip(lines, (middle - 11, middle + 11), strict=False):
        canvas.fitted_text(
            (left + 6, y if len(lines) == 2 else middle),
            line,
            room,
            FOOTER_SIZE,
            ink,
            "lm",
            False,
            min_size=FOOTER_SIZE,
        )


def _two_lines(canvas: Canvas, name: str, room: float) -> list[str]:
    """A long name on one line in regular weight, else cut at the space that best
    balances two lines."""
    if canvas.text_width(name, FOOTER_SIZE, False) <= room:
        return [name]
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return [name]
    cut = min(spaces, key=lambda i: abs(len(name) / 2 - i))
    return [name[:cut], name[cut + 1 :]]
