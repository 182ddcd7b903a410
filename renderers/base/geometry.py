"""The points of the shapes seats and pieces are drawn with."""

from __future__ import annotations

import math
from typing import Final

from renderers.base.colours import Point, Shape


def regular_polygon(centre: Point, radius: float, sides: int, rotation: float = 0.0) -> list[Point]:
    """The corners of a regular polygon; ``rotation`` 0 puts a corner straight up."""
    x, y = centre
    return [
        (
            x + radius * math.sin(rotation + 2 * math.pi * k / sides),
            y - radius * math.cos(rotation + 2 * math.pi * k / sides),
        )
        for k in range(sides)
    ]


STAR_POINTS: Final = 5
STAR_INNER_RATIO: Final = 0.45


def star_points(
    centre: Point, radius: float, points: int = STAR_POINTS, inner: float = STAR_INNER_RATIO
) -> list[Point]:
    outer = regular_polygon(centre, radius, points)
    inside = regular_polygon(centre, radius * inner, points, math.pi / points)
    return [corner for pair in zip(outer, inside, strict=True) for corner in pair]


def shape_points(shape: Shape, centre: Point, radius: float) -> list[Point]:
    """The outline of a polygonal glyph (every ``Shape`` but ``circle``)."""
    x, y = centre
    if shape == "triangle":
        return regular_polygon((x, y + radius * 0.15), radius * 1.1, 3)
    if shape == "triangle_down":
        return regular_polygon((x, y - radius * 0.15), radius * 1.1, 3, math.pi)
    if shape == "square":
        return regular_polygon(centre, radius * 1.05, 4, math.pi / 4)
    if shape == "diamond":
        return regular_polygon(centre, radius * 1.1, 4)
    if shape == "pentagon":
        return regular_polygon(centre, radius, 5)
    if shape == "hexagon":
        return regular_polygon(centre, radius, 6, math.pi / 6)
    if shape == "star":
        return star_points(centre, radius * 1.1)
    return regular_polygon(centre, radius, 24)  # "circle" as a polygon, for completeness
