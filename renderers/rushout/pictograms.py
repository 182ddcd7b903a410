"""The faces' and slots' pictograms (a torch, a sword, a footprint...) and a few small
pictures made of them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.rushout import data
from renderers.base import (
    VERMILLION,
    WHITE,
    Canvas,
    Colour,
    Point,
    star_points,
)
from renderers.rushout.look import (
    TRIAL_INK,
)


# --- Pictograms ----------------------------------------------------------------------------
def _rotated(points: Sequence[Point], centre: Point, angle: float) -> list[Point]:
    cx, cy = centre
    cos, sin = math.cos(angle), math.sin(angle)
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


def _lens(start: Point, end: Point, bulge: float, steps: int = 8) -> list[Point]:
    """A leaf: two arcs between ``start`` and ``end`` bulging ``bulge`` of its length."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    nx, ny = -dy, dx
    points = []
    for side in (1, -1):
        ts = [k / steps for k in range(steps + 1)]
        if side < 0:
            ts = ts[::-1]
        for t in ts:
            lift = 4 * t * (1 - t) * bulge * side
            points.append((x0 + dx * t + nx * lift, y0 + dy * t + ny * lift))
    return points


def _flame(cx: float, cy: float, r: float) -> list[Point]:
    """A flame standing on (cx, cy + r), its tip leaning right, ``r`` high."""
    return [
        (cx + 0.05 * r, cy - r),
        (cx + 0.38 * r, cy - 0.45 * r),
        (cx + 0.5 * r, cy + 0.1 * r),
        (cx + 0.38 * r, cy + 0.55 * r),
        (cx, cy + 0.75 * r),
        (cx - 0.38 * r, cy + 0.55 * r),
        (cx - 0.5 * r, cy + 0.1 * r),
        (cx - 0.38 * r, cy - 0.25 * r),
        (cx - 0.2 * r, cy + 0.05 * r),
        (cx - 0.12 * r, cy - 0.5 * r),
    ]


def draw_symbol_now(
    canvas: Canvas, symbol: str, centre: Point, r: float, ink: Colour, ground: Colour
) -> None:
    """The pictogram of a face or slot symbol in the circle of radius ``r``."""
    cx, cy = centre
    stroke = max(2.0, r * 0.17)
    if symbol == data.FIRE:  # a torch
        canvas.polygon(
            [
                (cx - 0.24 * r, cy + 0.05 * r),
                (cx + 0.24 * r, cy + 0.05 * r),
                (cx + 0.13 * r, cy + 0.98 * r),
                (cx - 0.13 * r, cy + 0.98 * r),
            ],
            ink,
        )
        canvas.rect(
            (cx - 0.36 * r, cy - 0.14 * r, cx + 0.36 * r, cy + 0.08 * r), ink, None, 0, r * 0.05
        )
        canvas.polygon(_flame(cx, cy - 0.48 * r, 0.62 * r), ink)
    elif symbol == data.SWORD:
        angle = math.pi / 4
        for part in sword_parts(centre, r, SYMBOL_SWORD):
            canvas.polygon(_rotated(part, centre, angle), ink)
        pommel = _rotated([(cx, cy + 0.9 * r)], centre, angle)[0]
        canvas.circle(pommel, 0.14 * r, ink)
    elif symbol == data.STEP:  # a footprint
        canvas.ellipse((cx - 0.34 * r, cy - 0.42 * r, cx + 0.3 * r, cy + 0.42 * r), ink)
        canvas.ellipse((cx - 0.24 * r, cy + 0.38 * r, cx + 0.2 * r, cy + 0.95 * r), ink)
        for dx, dy, size in (
            (-0.34, -0.62, 0.15),
            (-0.1, -0.78, 0.13),
            (0.1, -0.78, 0.115),
            (0.27, -0.68, 0.1),
            (0.39, -0.52, 0.09),
        ):  # the toes
            canvas.circle((cx + dx * r, cy + dy * r), size * r, ink)
    elif symbol == data.KEY:
        ring = (cx, cy - 0.5 * r)
        canvas.circle(ring, 0.42 * r, ink)
        canvas.circle(ring, 0.2 * r, ground)
        canvas.rect((cx - 0.09 * r, cy - 0.12 * r, cx + 0.09 * r, cy + 0.95 * r), ink)
        canvas.rect((cx + 0.05 * r, cy + 0.45 * r, cx + 0.42 * r, cy + 0.6 * r), ink)
        canvas.rect((cx + 0.05 * r, cy + 0.74 * r, cx + 0.34 * r, cy + 0.89 * r), ink)
    elif symbol == data.HEART:
        points = []
        for k in range(48):
            t = 2 * math.pi * k / 48
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            points.append((cx + x * r / 17, cy - (y + 2.5) * r / 17))
        canvas.polygon(points, ink)
    elif symbol == data.JOKER:  # a four-pointed sparkle
        canvas.polygon(star_points(centre, r * 0.98, 4, 0.32), ink)
        canvas.circle(centre, r * 0.12, ground)
    elif symbol == data.PLANT:  # a sprout
        canvas.line([(cx, cy + 0.95 * r), (cx, cy - 0.2 * r)], ink, stroke)
        canvas.polygon(_lens((cx, cy + 0.05 * r), (cx - 0.85 * r, cy - 0.55 * r), 0.32), ink)
        canvas.polygon(_lens((cx, cy - 0.15 * r), (cx + 0.7 * r, cy - 0.9 * r), 0.32), ink)
        canvas.rect(
            (cx - 0.45 * r, cy + 0.78 * r, cx + 0.45 * r, cy + 0.95 * r), ink, None, 0, r * 0.06
        )
    elif symbol == data.WATER:  # a drop
        bottom, radius = (cx, cy + 0.3 * r), 0.6 * r
        tip = (cx, cy - r)
        distance = tip[1] - bottom[1]
        half = math.acos(radius / abs(distance))
        points = [tip]
        for k in range(25):
            a = -math.pi / 2 + half + (2 * math.pi - 2 * half) * k / 24
            points.append((bottom[0] + radius * math.cos(a), bottom[1] + radius * math.sin(a)))
        canvas.polygon(points, ink)
        canvas.arc(
            (cx - 0.38 * r, cy - 0.08 * r, cx + 0.38 * r, cy + 0.68 * r),
            110,
            170,
            ground,
            max(1.5, r * 0.1),
        )
    elif symbol == data.AIR:  # three gusts
        for dy, length, curl in ((-0.5, 0.55, 0.24), (0.0, 0.85, 0.0), (0.5, 0.45, 0.2)):
            y = cy + dy * r
            end = cx - 0.85 * r + 2 * length * r
            canvas.line([(cx - 0.85 * r, y), (min(end, cx + 0.6 * r), y)], ink, stroke)
            if curl:
                ex = min(end, cx + 0.6 * r)
                box = (ex - curl * r, y - 2 * curl * r, ex + curl * r, y)
                if dy > 0:
                    box = (ex - curl * r, y, ex + curl * r, y + 2 * curl * r)
                    canvas.arc(box, 180, 90, ink, stroke)
                else:
                    canvas.arc(box, 270, 180, ink, stroke)
            else:
                canvas.line([(cx + 0.6 * r, y), (cx + 0.85 * r, y)], ink, stroke)
    elif symbol == data.LIGHTNING:
        canvas.polygon(
            [
                (cx + 0.25 * r, cy - r),
                (cx - 0.5 * r, cy + 0.12 * r),
                (cx - 0.04 * r, cy + 0.12 * r),
                (cx - 0.25 * r, cy + r),
                (cx + 0.5 * r, cy - 0.18 * r),
                (cx + 0.06 * r, cy - 0.18 * r),
            ],
            ink,
        )
    elif symbol == data.FLAME:
        canvas.polygon(_flame(cx, cy - 0.05 * r, r * 0.95), ink)
        canvas.polygon(_flame(cx, cy + 0.35 * r, r * 0.45), ground)
    elif symbol == data.ANY_SYMBOL:  # any symbol: an eight-pointed star
        canvas.polygon(star_points(centre, r * 0.95, 8, 0.45), ink)
    else:
        canvas.circle(centre, r * 0.3, ink)


def draw_symbol(
    canvas: Canvas, symbol: str, centre: Point, r: float, ink: Colour, ground: Colour
) -> None:
    x, y = centre

    def draw(target: Canvas, corner: Point) -> None:
        draw_symbol_now(target, symbol, (corner[0] + r, corner[1] + r), r, ink, ground)

    canvas.sprite(("symbol", symbol, r, ink, ground), (x - r, y - r, x + r, y + r), draw)


@dataclass(frozen=True)
class SwordShape:
    """A sword pointing up, in radii: half widths, and heights below the centre."""

    blade: float  # half width of the blade
    hilt: float  # where the blade ends
    guard: float  # half width of the guard
    guard_top: float
    guard_bottom: float  # where the grip starts
    grip: float  # half width of the grip
    grip_end: float


SYMBOL_SWORD = SwordShape(0.15, 0.35, 0.5, 0.33, 0.5, 0.09, 0.82)
CROSSED_SWORD = SwordShape(0.14, 0.45, 0.4, 0.4, 0.58, 0.1, 1.0)


def sword_parts(centre: Point, r: float, shape: SwordShape) -> list[list[Point]]:
    """The sword's blade (with its tip), guard and grip, as polygons."""
    cx, cy = centre

    def bar(half: float, top: float, bottom: float) -> list[Point]:
        left, right = cx - half * r, cx + half * r
        return [
            (left, cy + top * r),
            (right, cy + top * r),
            (right, cy + bottom * r),
            (left, cy + bottom * r),
        ]

    blade = bar(shape.blade, -0.8, shape.hilt)
    blade = [(cx, cy - r), blade[1], blade[2], blade[3], blade[0]]
    guard = bar(shape.guard, shape.guard_top, shape.guard_bottom)
    return [blade, guard, bar(shape.grip, shape.guard_bottom, shape.grip_end)]


def draw_crossed_swords(canvas: Canvas, centre: Point, r: float) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        for angle in (-math.pi / 4, math.pi / 4):
            for part in sword_parts((cx, cy), r, CROSSED_SWORD):
                target.polygon(_rotated(part, (cx, cy), angle), TRIAL_INK)

    x, y = centre
    canvas.sprite(("swords", r), (x - r, y - r, x + r, y + r), draw)


def draw_forbidden(canvas: Canvas, centre: Point, r: float, symbol: str) -> None:
    """A symbol struck through in a red ring: a dissipation's "no Fire", "no Key"..."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        target.circle((cx, cy), r, WHITE)
        draw_symbol_now(target, symbol, (cx, cy), r * 0.62, TRIAL_INK, WHITE)
        target.circle((cx, cy), r - 1.2, None, VERMILLION, 2.5)
        arm = (r - 1.5) * math.sqrt(0.5)
        target.line([(cx - arm, cy - arm), (cx + arm, cy + arm)], VERMILLION, 2.5)

    x, y = centre
    canvas.sprite(("forbid", symbol, r), (x - r, y - r, x + r, y + r), draw)
