"""The unchanging layer of the board (cached): track, planets, empty panels, captions, legend."""

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
    TextSize,
    layer_cache,
)
from renderers.ruship.layout import (
    ALIEN_PLANET,
    ALIEN_PLANET_BAND,
    ALIEN_PLANET_BODY,
    ATTACKS_TO_LOSE,
    CAPTION_INSET,
    EARTH,
    EARTH_CONTINENTS,
    EARTH_LAND,
    EARTH_OCEAN,
    FACTION_COLOURS,
    FACTIONS,
    HEIGHT,
    LEGEND_HEIGHT,
    LEGEND_LINE,
    LEGEND_TOP,
    MARGIN,
    MARK_RADIUS,
    PLANET_RADIUS,
    TRACK_SPACES,
    WIDTH,
    attack_mark_centre,
    faction_panel_box,
    footer_box,
    path_points,
    space_box,
    space_centre,
)

# --- The unchanging layer (cached) ---------------------------------------------------------
#: The labels the cached layer draws; the cache is keyed by their values (one per language).
POWER_NAMES: Final = ("reroll", "plusone", "single", "backward", "stack")
STATIC_LABEL_KEYS: Final = (
    "earth",
    "alien_planet",
    "dice",
    "power_pool",
    "power_legend",
    *(f"power_{name}" for name in POWER_NAMES),
    *(f"help_{name}" for name in POWER_NAMES),
)
STATIC_LAYERS_CACHED: Final = 8  # each is a final-size picture (~2.5 MB)


@layer_cache(maxsize=STATIC_LAYERS_CACHED)
def static_layer(words: tuple[str, ...]) -> Image.Image:
    """The parts of the board no move changes: track, planets, empty panels, captions."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    canvas = Canvas(WIDTH, HEIGHT, scale=SUPERSAMPLE, final_text=True)
    draw_track(canvas)
    for position in (EARTH, ALIEN_PLANET):
        draw_planet(canvas, position, labels["earth" if position == EARTH else "alien_planet"])
    for seat in (0, 1):
        canvas.panel(faction_panel_box(seat))
    for side, caption in ((0, labels["dice"]), (1, labels["power_pool"])):
        left, top, right, _ = box = footer_box(side)
        canvas.panel(box)
        canvas.fitted_text(
            (left + CAPTION_INSET, top + 12),
            caption,
            right - left - 2 * CAPTION_INSET,
            TextSize.SMALL,
            TEXT_MUTED,
        )
    draw_power_legend(canvas, labels)
    return canvas.finish()


def draw_power_legend(canvas: Canvas, labels: Mapping[str, str]) -> None:
    """Every Power's effect in one line: players choose and use them knowing what they do."""
    box = (MARGIN, LEGEND_TOP, WIDTH - MARGIN, LEGEND_TOP + LEGEND_HEIGHT)
    left, top, right, _ = box
    canvas.panel(box)
    canvas.fitted_text(
        (left + CAPTION_INSET, top + 12),
        labels["power_legend"],
        right - left - 2 * CAPTION_INSET,
        TextSize.SMALL,
        TEXT_MUTED,
    )
    name_right = left + CAPTION_INSET + 150
    for index, name in enumerate(POWER_NAMES):
        y = top + 48 + (index + 0.5) * LEGEND_LINE
        canvas.fitted_text(
            (left + CAPTION_INSET, y), labels[f"power_{name}"], 140, TextSize.SMALL, TEXT, "lm"
        )
        canvas.fitted_text(
            (name_right, y),
            labels[f"help_{name}"],
            right - CAPTION_INSET - name_right,
            TextSize.SMALL,
            TEXT,
            "lm",
            bold=False,
        )


def draw_track(canvas: Canvas) -> None:
    canvas.line(path_points(EARTH, ALIEN_PLANET), SURFACE_RAISED, 14)
    for position in range(1, TRACK_SPACES + 1):
        left, top, _, _ = box = space_box(position)
        canvas.panel(box, SURFACE, OUTLINE, 2, 12)
        canvas.text((left + 10, top + 8), str(position), TextSize.SMALL, TEXT_MUTED)


def draw_planet(canvas: Canvas, position: int, name: str) -> None:
    faction = FACTIONS[0] if position == EARTH else FACTIONS[1]
    left, _, right, bottom = box = space_box(position)
    canvas.panel(box, SURFACE, FACTION_COLOURS[faction], 3, 14)
    if position == EARTH:
        draw_earth(canvas, space_centre(position))
    else:
        draw_alien_planet(canvas, space_centre(position))
    canvas.fitted_text(
        ((left + right) / 2, bottom - 10), name, right - left - 12, TextSize.SMALL, TEXT, "ms"
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
