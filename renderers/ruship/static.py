"""The unchanging layer of the board (cached): track, planets, empty panels, captions, and
what each Power does."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from PIL import Image

from renderers.base import (
    OUTLINE,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Canvas,
    Point,
    layer_cache,
)
from renderers.ruship.layout import (
    ALIEN_PLANET,
    ALIEN_PLANET_BAND,
    ALIEN_PLANET_BODY,
    ATTACKS_TO_LOSE,
    EARTH,
    EARTH_CONTINENTS,
    EARTH_LAND,
    EARTH_OCEAN,
    HEADER_HEIGHT,
    HEADER_TOP,
    HEIGHT,
    HELP_LINE_HEIGHT,
    HELP_LINES,
    INSET,
    LEGEND_CAPTION,
    MARGIN,
    MARK_RADIUS,
    NUMBER_SIZE,
    PLANET_COLUMN,
    PLANET_RADIUS,
    POWER_NAME_WIDTH,
    POWER_NAMES,
    POWER_ROW,
    TEXT_SIZE,
    TRACK_SPACES,
    WIDTH,
    attack_mark_centre,
    band_box,
    dice_box,
    legend_box,
    path_points,
    planet_name_anchor,
    power_row_top,
    space_box,
    space_centre,
)

# --- The unchanging layer (cached) ---------------------------------------------------------
#: The labels the cached layer draws; the cache is keyed by their values (one per language).
STATIC_LABEL_KEYS: Final = (
    "earth",
    "alien_planet",
    "dice",
    "power_legend",
    *(f"help_{name}" for name in POWER_NAMES),
)
STATIC_LAYERS_CACHED: Final = 8  # each is a final-size picture (~3.4 MB)


@layer_cache(maxsize=STATIC_LAYERS_CACHED)
def static_layer(words: tuple[str, ...]) -> Image.Image:
    """The parts of the board no move changes: track, planets, empty panels, captions."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    canvas = Canvas(WIDTH, HEIGHT, scale=SUPERSAMPLE, final_text=True)
    canvas.panel((MARGIN, HEADER_TOP, WIDTH - MARGIN, HEADER_TOP + HEADER_HEIGHT), radius=14)
    draw_track(canvas)
    for seat, position in enumerate((EARTH, ALIEN_PLANET)):
        canvas.panel(band_box(seat))
        draw_planet(canvas, position, labels["earth" if position == EARTH else "alien_planet"])
    left, top, _, bottom = box = dice_box()
    canvas.panel(box)
    canvas.fitted_text(
        (left + INSET, (top + bottom) / 2),
        labels["dice"],
        110,
        TEXT_SIZE,
        TEXT_MUTED,
        "lm",
        min_size=TEXT_SIZE,
    )
    draw_power_legend(canvas, labels)
    return canvas.finish()


def wrap(canvas: Canvas, text: str, width: float, size: int, bold: bool = False) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` (a word wider than
    that stands alone on its line)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        tried = f"{line} {word}" if line else word
        if line and canvas.text_width(tried, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = tried
    if line:
        lines.append(line)
    return lines


def draw_power_legend(canvas: Canvas, labels: Mapping[str, str]) -> None:
    """Every Power's effect, on up to two lines: players choose and use them knowing what
    they do. The names (and who holds each) are drawn over it, per picture."""
    left, top, right, _ = box = legend_box()
    canvas.panel(box)
    canvas.fitted_text(
        (left + INSET, top + LEGEND_CAPTION / 2 + 2),
        labels["power_legend"],
        right - left - 2 * INSET,
        TEXT_SIZE,
        TEXT_MUTED,
        "lm",
        min_size=TEXT_SIZE,
    )
    help_left = left + POWER_NAME_WIDTH
    width = right - INSET - help_left
    for index, name in enumerate(POWER_NAMES):
        row_top = power_row_top(index)
        if index:
            canvas.line([(left + INSET, row_top), (right - INSET, row_top)], SURFACE_RAISED, 2)
        lines = wrap(canvas, labels[f"help_{name}"], width, TEXT_SIZE)
        if len(lines) > HELP_LINES:  # a translation too long for its room: cut, not hidden
            lines = [*lines[: HELP_LINES - 1], " ".join(lines[HELP_LINES - 1 :])]
        first = row_top + POWER_ROW / 2 - (len(lines) - 1) * HELP_LINE_HEIGHT / 2
        for number, line in enumerate(lines):
            canvas.fitted_text(
                (help_left, first + number * HELP_LINE_HEIGHT),
                line,
                width,
                TEXT_SIZE,
                TEXT,
                "lm",
                bold=False,
                min_size=TEXT_SIZE,
            )


def draw_track(canvas: Canvas) -> None:
    canvas.line(path_points(EARTH, ALIEN_PLANET), SURFACE_RAISED, 16)
    for position in range(1, TRACK_SPACES + 1):
        left, top, _, _ = box = space_box(position)
        canvas.panel(box, SURFACE, OUTLINE, 2, 12)
        canvas.text((left + 10, top + 8), str(position), NUMBER_SIZE, TEXT_MUTED)


def draw_planet(canvas: Canvas, position: int, name: str) -> None:
    if position == EARTH:
        draw_earth(canvas, space_centre(position))
    else:
        draw_alien_planet(canvas, space_centre(position))
    (x, y), anchor = planet_name_anchor(position)
    canvas.fitted_text(
        (x, y), name, PLANET_COLUMN - 2 * INSET, TEXT_SIZE, TEXT, anchor, min_size=TEXT_SIZE
    )
    for slot in range(ATTACKS_TO_LOSE):
        canvas.circle(attack_mark_centre(position, slot), MARK_RADIUS, None, OUTLINE, 2)


def draw_earth(canvas: Canvas, centre: Point) -> None:
    """A blue globe with two green continents."""
    x, y = centre
    r = PLANET_RADIUS
    canvas.circle(centre, r, EARTH_OCEAN)
    for continent in EARTH_CONTINENTS:
        canvas.polygon([(x + dx * r, y + dy * r) for dx, dy in continent], EARTH_LAND)
    canvas.circle(centre, r, None, WHITE, 2)


def draw_alien_planet(canvas: Canvas, centre: Point) -> None:
    """A smaller orange world inside a ring, so it never looks like Earth."""
    x, y = centre
    r = PLANET_RADIUS * 0.8
    ring = (x - r * 1.55, y - r * 0.42, x + r * 1.55, y + r * 0.42)
    canvas.arc(ring, 180, 360, ALIEN_PLANET_BAND, 5)  # behind the globe
    canvas.circle(centre, r, ALIEN_PLANET_BODY)
    canvas.arc((x - r, y - r * 0.55, x + r, y + r * 0.2), 20, 160, ALIEN_PLANET_BAND, 4)
    canvas.circle(centre, r, None, WHITE, 2)
    canvas.arc(ring, 0, 180, ALIEN_PLANET_BAND, 5)  # in front of it
