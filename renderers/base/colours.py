"""The colours every board shares (Okabe & Ito's colour-blind safe set, the dark theme,
seats' colours and shapes) and the geometry types."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

if TYPE_CHECKING:
    pass


RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA
Point = tuple[float, float]
Box = tuple[float, float, float, float]  # left, top, right, bottom


# --- Palette -------------------------------------------------------------------------------
# Okabe & Ito's colour-blind safe set. Colour never carries meaning alone: every seat also has
# a shape (SEAT_SHAPES), and every state drawn in colour is also drawn as a mark or a word.
BLACK: Final[RGB] = (0, 0, 0)
ORANGE: Final[RGB] = (230, 159, 0)
SKY_BLUE: Final[RGB] = (86, 180, 233)
BLUISH_GREEN: Final[RGB] = (0, 158, 115)
YELLOW: Final[RGB] = (240, 228, 66)
BLUE: Final[RGB] = (0, 114, 178)
VERMILLION: Final[RGB] = (213, 94, 0)
REDDISH_PURPLE: Final[RGB] = (204, 121, 167)

# Neutrals of the shared dark theme (Discord shows images on dark and light backgrounds; a
# board with its own dark ground reads the same on both).
WHITE: Final[RGB] = (255, 255, 255)
BACKGROUND: Final[RGB] = (16, 22, 38)
SURFACE: Final[RGB] = (31, 41, 66)
SURFACE_RAISED: Final[RGB] = (45, 58, 89)
OUTLINE: Final[RGB] = (84, 99, 138)
TEXT: Final[RGB] = (238, 241, 248)
TEXT_MUTED: Final[RGB] = (166, 177, 204)
HIGHLIGHT: Final[RGB] = YELLOW
DANGER: Final[RGB] = VERMILLION

#: Seat colours in seat order (up to six seats), each paired with a shape of the same index.
SEAT_COLOURS: Final[tuple[RGB, ...]] = (
    SKY_BLUE,
    ORANGE,
    BLUISH_GREEN,
    REDDISH_PURPLE,
    YELLOW,
    VERMILLION,
)
Shape = Literal[
    "circle", "triangle", "triangle_down", "square", "diamond", "pentagon", "hexagon", "star"
]
SEAT_SHAPES: Final[tuple[Shape, ...]] = (
    "circle",
    "triangle",
    "square",
    "diamond",
    "hexagon",
    "star",
)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> Shape:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def mix(colour: Colour, other: Colour, amount: float) -> RGB:
    """``colour`` moved ``amount`` (0..1) of the way toward ``other``."""
    return (
        round(colour[0] + (other[0] - colour[0]) * amount),
        round(colour[1] + (other[1] - colour[1]) * amount),
        round(colour[2] + (other[2] - colour[2]) * amount),
    )


def with_alpha(colour: Colour, alpha: int) -> RGBA:
    return (colour[0], colour[1], colour[2], alpha)


LIGHT_FILL_LUMINANCE: Final = 150


def readable_ink(fill: Colour) -> RGB:
    """Black or white, whichever reads better on ``fill``."""
    luminance = 0.299 * fill[0] + 0.587 * fill[1] + 0.114 * fill[2]
    return BLACK if luminance > LIGHT_FILL_LUMINANCE else WHITE
