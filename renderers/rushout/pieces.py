"""Dice, slots and the small tokens of a Rush Out! board (pennants, the dragon, coins,
souls, lives, trophies), each drawn once and stamped."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from bot.games.rushout.views import HeroView
from renderers.base import (
    BLACK,
    HIGHLIGHT,
    SURFACE,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    YELLOW,
    Box,
    Canvas,
    Colour,
    Point,
    Shape,
    mix,
    readable_ink,
    shape_points,
)
from renderers.rushout.look import (
    COIN,
    DRAGON_GREEN,
    EMPTY_TOKEN,
    HERO_FILLS,
    HERO_SHAPES,
    PENNANT,
    SORCERER_COLOUR,
    SORCERER_DIE,
    SORCERER_RIM,
    SORCERER_SHAPE,
    SOUL,
    TRIAL_FACE,
    TRIAL_INK,
)
from renderers.rushout.pictograms import (
    draw_symbol_now,
)


# --- Dice and slots ------------------------------------------------------------------------
class DieLook:
    """How one seat's dice look: fill, rim, pictogram ink and corner shape."""

    def __init__(self, fill: Colour, rim: Colour, ink: Colour, shape: Shape) -> None:
        self.fill, self.rim, self.ink, self.shape = fill, rim, ink, shape

    def key(self) -> tuple[Colour, Colour, Colour, Shape]:
        return (self.fill, self.rim, self.ink, self.shape)


SORCERER_LOOK: Final = DieLook(SORCERER_DIE, SORCERER_RIM, WHITE, SORCERER_SHAPE)


def hero_look(hero: HeroView) -> DieLook:
    fill = HERO_FILLS.get(hero["colour"], WHITE)
    shape = HERO_SHAPES.get(hero["hero"], "circle")
    return DieLook(fill, BLACK, readable_ink(fill), shape)


def draw_die(canvas: Canvas, box: Box, face: str, look: DieLook, dimmed: bool = False) -> None:
    """A die showing ``face``: the seat's colour, its pictogram, its shape in a corner."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        fill = mix(look.fill, SURFACE, 0.55) if dimmed else look.fill
        ink = mix(look.ink, fill, 0.4) if dimmed else look.ink
        target.rect((x, y, x + size, y + size), fill, look.rim, 2, size * 0.2)
        badge = max(3.5, size * 0.11)
        draw_symbol_now(target, face, (x + size * 0.53, y + size * 0.53), size * 0.37, ink, fill)
        target.shape(look.shape, (x + badge + 3.5, y + badge + 3.5), badge, ink)

    canvas.sprite(("die", face, size, look.key(), dimmed), box, draw)


def draw_slot(canvas: Canvas, box: Box, symbol: str, ground: Colour, ink: Colour) -> None:
    """An empty slot wanting ``symbol``."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        target.rect((x, y, x + size, y + size), ground, mix(ink, ground, 0.45), 2, size * 0.2)
        draw_symbol_now(target, symbol, (x + size / 2, y + size / 2), size * 0.37, ink, ground)

    canvas.sprite(("slot", symbol, size, ground, ink), box, draw)


def draw_blank_die(canvas: Canvas, box: Box, look: DieLook, crossed: bool = False) -> None:
    """A die not thrown yet (an outline), or a condemned one (crossed out)."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        rim = look.fill if look.fill != SORCERER_DIE else look.rim
        target.rect(
            (x, y, x + size, y + size),
            mix(rim, SURFACE, 0.8),
            mix(rim, SURFACE, 0.25),
            2,
            size * 0.2,
        )
        if crossed:
            inset = size * 0.25
            target.line(
                [(x + inset, y + inset), (x + size - inset, y + size - inset)], VERMILLION, 3
            )
            target.line(
                [(x + inset, y + size - inset), (x + size - inset, y + inset)], VERMILLION, 3
            )

    canvas.sprite(("blank", size, look.key(), crossed), box, draw)


# --- Tokens and small pictures --------------------------------------------------------------
def draw_pennant(canvas: Canvas, centre: Point, symbol: str) -> None:
    """A swallow-tailed flag on a pole, with the sorcerer symbol it shows."""
    x, y = centre
    w, h = 54.0, 38.0

    def draw(target: Canvas, corner: Point) -> None:
        left, top = corner
        target.rect((left, top, left + 3, top + h), TEXT_MUTED)
        target.polygon(
            [
                (left + 3, top),
                (left + w, top),
                (left + w - 9, top + h * 0.45),
                (left + w, top + h * 0.9),
                (left + 3, top + h * 0.9),
            ],
            PENNANT,
            BLACK,
            1.5,
        )
        draw_symbol_now(target, symbol, (left + 21, top + h * 0.45), 13.5, BLACK, PENNANT)

    canvas.sprite(("pennant", symbol), (x - w / 2, y - h / 2, x + w / 2, y + h / 2), draw)


def draw_pennant_mark(canvas: Canvas, box: Box, symbol: str) -> None:
    """A pennant's symbol as a small yellow flag square (what a sorcerer's Joker may be)."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        target.polygon(
            [
                (x, y),
                (x + size, y),
                (x + size * 0.82, y + size * 0.5),
                (x + size, y + size),
                (x, y + size),
            ],
            PENNANT,
            BLACK,
            1.5,
        )
        draw_symbol_now(
            target, symbol, (x + size * 0.42, y + size / 2), size * 0.32, BLACK, PENNANT
        )

    canvas.sprite(("pennant_mark", symbol, size), box, draw)


def draw_dragon(canvas: Canvas, centre: Point, size: float) -> None:
    """The dragon: a horned head in profile with an open jaw and wings behind."""
    x, y = centre
    half = size / 2

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + half, corner[1] + half
        u = half / 10

        def at(points: Sequence[Point]) -> list[Point]:
            return [(cx + px * u, cy + py * u) for px, py in points]

        target.circle((cx, cy), half, mix(DRAGON_GREEN, BLACK, 0.6), HIGHLIGHT, 2.5)
        wing = (
            (-2, 3),
            (-8.5, -7),
            (-7.6, -3.4),
            (-9.6, -2.2),
            (-7.8, 0.6),
            (-9.2, 3.4),
            (-4, 5.5),
        )
        target.polygon(at(wing), mix(DRAGON_GREEN, BLACK, 0.3))
        for spike in (
            ((-4.6, -2.6), (-8, -2), (-5.9, 0.2)),
            ((-5.9, 1.8), (-8.8, 3.4), (-6.2, 4.6)),
        ):
            target.polygon(at(spike), YELLOW)
        for horn in (
            ((-2.2, -4.6), (-7, -8.8), (0.2, -5.6)),
            ((-0.4, -5.6), (-3, -9.4), (1.6, -5.8)),
        ):
            target.polygon(at(horn), YELLOW)
        head = (
            (-6, 9), (-6.4, 3), (-5, -2), (-3, -4.8), (0, -6), (3, -5), (5.5, -3.6), (9, -2.6),
            (9.3, -0.8), (6, 0.2), (8.6, 1.8), (8.2, 3.1), (3, 3.2), (0.6, 4.6), (-0.4, 9),
        )  # fmt: skip
        target.polygon(at(head), DRAGON_GREEN)
        target.circle((cx + 2.6 * u, cy - 2.9 * u), 1.15 * u, YELLOW)
        target.circle((cx + 2.75 * u, cy - 2.9 * u), 0.45 * u, BLACK)
        target.circle((cx + 7.9 * u, cy - 1.7 * u), 0.4 * u, BLACK)

    canvas.sprite(("dragon", size), (x - half, y - half, x + half, y + half), draw)


def draw_coin(canvas: Canvas, centre: Point, r: float, filled: bool = True) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        if filled:
            target.circle((cx, cy), r, COIN, mix(COIN, BLACK, 0.45), 2)
            target.circle((cx, cy), r * 0.55, None, mix(COIN, BLACK, 0.45), 1.5)
        else:
            target.circle((cx, cy), r, None, EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("coin", r, filled), (x - r, y - r, x + r, y + r), draw)


def draw_soul(canvas: Canvas, centre: Point, r: float, taken: bool) -> None:
    """A little ghost: taken souls are solid, the pool's left ones hollow."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        points = [
            (
                cx - 0.75 * r + 1.5 * r * k / 12,
                cy - 0.1 * r - math.sqrt(max(0.0, 0.5625 - (k / 8 - 0.75) ** 2)) * r,
            )
            for k in range(13)
        ]
        points += [
            (cx + 0.75 * r, cy + 0.95 * r),
            (cx + 0.375 * r, cy + 0.6 * r),
            (cx, cy + 0.95 * r),
            (cx - 0.375 * r, cy + 0.6 * r),
            (cx - 0.75 * r, cy + 0.95 * r),
        ]
        if taken:
            target.polygon(points, SOUL)
            target.circle((cx - 0.28 * r, cy - 0.15 * r), 0.13 * r, SURFACE)
            target.circle((cx + 0.28 * r, cy - 0.15 * r), 0.13 * r, SURFACE)
        else:
            target.line([*points, points[0]], EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("soul", r, taken), (x - r, y - r, x + r, y + r), draw)


def draw_life(canvas: Canvas, centre: Point, r: float, kept: bool) -> None:
    """One of the sorcerer's lives: a purple crystal (a crossed-out hollow one once lost)."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        crystal = [
            (cx, cy - r),
            (cx + 0.7 * r, cy - 0.3 * r),
            (cx, cy + r),
            (cx - 0.7 * r, cy - 0.3 * r),
        ]
        if kept:
            target.polygon(crystal, SORCERER_COLOUR, WHITE, 1.5)
            target.line([(cx - 0.7 * r, cy - 0.3 * r), (cx + 0.7 * r, cy - 0.3 * r)], WHITE, 1.5)
        else:
            target.line([*crystal, crystal[0]], EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("life", r, kept), (x - r, y - r, x + r, y + r), draw)


def draw_trophy(canvas: Canvas, centre: Point, r: float, won: bool) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        fill = HIGHLIGHT if won else None
        ink = HIGHLIGHT if won else EMPTY_TOKEN
        cup = [
            (cx - 0.7 * r, cy - 0.85 * r),
            (cx + 0.7 * r, cy - 0.85 * r),
            (cx + 0.5 * r, cy + 0.05 * r),
            (cx, cy + 0.3 * r),
            (cx - 0.5 * r, cy + 0.05 * r),
        ]
        if fill:
            target.polygon(cup, fill)
        else:
            target.line([*cup, cup[0]], ink, 2)
        target.rect((cx - 0.1 * r, cy + 0.25 * r, cx + 0.1 * r, cy + 0.7 * r), ink)
        target.rect((cx - 0.45 * r, cy + 0.68 * r, cx + 0.45 * r, cy + 0.9 * r), ink)

    x, y = centre
    canvas.sprite(("trophy", r, won), (x - r, y - r, x + r, y + r), draw)


def draw_glyph(canvas: Canvas, shape: Shape, centre: Point, r: float, fill: Colour) -> None:
    """A seat's shape, outlined dark so a light one shows on a light ground."""
    if shape == "circle":
        canvas.circle(centre, r, fill, BLACK, 2)
    else:
        canvas.polygon(shape_points(shape, centre, r), fill, BLACK, 2)


def deck_icon(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    for k in range(3):
        dx = (k - 1) * 3
        canvas.rect(
            (x - 11 + dx, y - 14 - dx, x + 11 + dx, y + 14 - dx), TRIAL_FACE, TRIAL_INK, 2, 4
        )
