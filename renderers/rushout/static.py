"""The part of a Rush Out! board no action changes, drawn once per layout and words: the
camps' grounds, the dragon's path, the legend."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from PIL import Image

from bot.games.rushout import data
from renderers.base import (
    BLACK,
    BLUISH_GREEN,
    OUTLINE,
    SUPERSAMPLE,
    SURFACE,
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    TextSize,
    layer_cache,
    mix,
)
from renderers.rushout.look import (
    CARD_RADIUS,
    DRAGON_FRAME,
    HEROES_SIDE,
    HEX_CAPTION,
    LEGEND_DIE,
    LEGEND_ROW,
    PAD,
    SORCERER_COLOUR,
    SORCERER_SIDE,
    TRIAL_FACE,
    TRIAL_INK,
    WIDTH,
    Layout,
    LayoutKey,
    layout_of,
    tile_width,
)
from renderers.rushout.pictograms import (
    draw_symbol_now,
)
from renderers.rushout.pieces import (
    SORCERER_LOOK,
    DieLook,
    deck_icon,
)

# --- The unchanging layer (cached) ---------------------------------------------------------
STATIC_LABEL_KEYS: Final = (
    "dragon_tile",
    "deck",
    "facing",
    "legend_heroes",
    "legend_sorcerer",
    *(f"face_{face}" for face in data.HERO_FACES),
    *(f"face_{face}" for face in data.SORCERER_SYMBOLS),
)
STATIC_LAYERS_CACHED: Final = 8  # each is a final-size picture (~3 MB)


@layer_cache(maxsize=STATIC_LAYERS_CACHED)
def static_layer(key: LayoutKey, words: tuple[str, ...]) -> Image.Image:
    """The parts no action changes: the camps' grounds, the dragon's path, the legend
    (keyed by the geometry and the words only)."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    geometry = layout_of(key)
    canvas = Canvas(WIDTH, geometry.height, scale=SUPERSAMPLE, final_text=True)
    canvas.panel(geometry.sorcerer_section, SORCERER_SIDE, mix(SORCERER_COLOUR, SURFACE, 0.3), 3)
    canvas.panel(geometry.heroes_section, HEROES_SIDE, mix(BLUISH_GREEN, SURFACE, 0.4), 3)
    if geometry.dragon_box is not None:
        draw_dragon_path(canvas, geometry, labels)
    if geometry.hex_box is not None:
        left, top, right, _ = geometry.hex_box
        canvas.fitted_text(
            (left + 4, top + HEX_CAPTION / 2),
            labels["facing"],
            right - left,
            TextSize.SMALL,
            TEXT_MUTED,
            "lm",
        )
    draw_legend(canvas, geometry.legend_box, labels)
    return canvas.finish()


def draw_dragon_path(canvas: Canvas, geometry: Layout, labels: Mapping[str, str]) -> None:
    assert geometry.dragon_box is not None
    left, top, _, bottom = geometry.dragon_box
    canvas.panel(geometry.dragon_box, mix(SURFACE, BLACK, 0.2), OUTLINE, 2, CARD_RADIUS)
    middle = (top + bottom) / 2
    nodes = geometry.path_nodes()
    tile_right = left + tile_width()
    canvas.line([(tile_right, middle), nodes[-1]], mix(DRAGON_FRAME, SURFACE, 0.35), 6)
    for number, (x, y) in enumerate(nodes[:3], start=1):
        canvas.circle((x, y), 17, mix(TRIAL_FACE, SURFACE, 0.15), TRIAL_INK, 2)
        canvas.text((x, y), str(number), TextSize.BODY, TRIAL_INK, "mm")
    x, y = nodes[3]
    deck_icon(canvas, (x, y - 7))
    canvas.fitted_text((x, bottom - 3), labels["deck"], 90, TextSize.SMALL, TEXT, "md")
    canvas.fitted_text(
        (left + PAD, top + 4),
        labels["dragon_tile"],
        tile_width() - PAD,
        TextSize.SMALL,
        TEXT_MUTED,
        "la",
    )


def draw_legend(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """Each face's pictogram and name, for both camps' dice."""
    left, top, right, _ = box
    canvas.panel(box, SURFACE, OUTLINE, 2)
    hero_look_ = DieLook(TRIAL_FACE, BLACK, TRIAL_INK, "square")
    rows = (
        ("legend_heroes", data.HERO_FACES, hero_look_),
        ("legend_sorcerer", data.SORCERER_FACES, SORCERER_LOOK),
    )
    size = LEGEND_DIE
    caption = 12 + max(canvas.text_width(labels[key], TextSize.SMALL) for key, _, _ in rows)
    caption = min(caption, 150)
    room = right - left - 2 * PAD - caption
    font_size: int = TextSize.SMALL
    for row, (key, faces, look) in enumerate(rows):
        y = top + 7 + row * LEGEND_ROW + LEGEND_ROW / 2
        canvas.fitted_text(
            (left + PAD + 4, y),
            labels[key],
            caption - 8,
            TextSize.SMALL,
            TEXT_MUTED,
            "lm",
        )
        used = sum(
            size + 5 + canvas.text_width(labels[f"face_{f}"], font_size, False) for f in faces
        )
        gap = max(8.0, (room - used) / (len(faces) - 1)) if len(faces) > 1 else 0.0
        x = left + PAD + caption
        for face in faces:
            fill = look.fill
            canvas.rect((x, y - size / 2, x + size, y + size / 2), fill, look.rim, 2, size * 0.2)
            draw_symbol_now(canvas, face, (x + size / 2, y), size * 0.37, look.ink, fill)
            word = labels[f"face_{face}"]
            canvas.text((x + size + 5, y), word, font_size, TEXT, "lm", False)
            x += size + 5 + canvas.text_width(word, font_size, False) + gap
