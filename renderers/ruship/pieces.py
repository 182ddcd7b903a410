"""The pieces: Ships, UFOs, the two carriers and the capture mark, each drawn as a cached sprite."""

from __future__ import annotations

from bot.games.ruship.views import Faction
from renderers.base import BACKGROUND, WHITE, Canvas, Colour, Point, TextSize, mix, regular_polygon
from renderers.ruship.layout import (
    CARRIER_RADIUS,
    FACTION_COLOURS,
    HIT_MARK,
    SHIP_HEIGHT,
    UFO_WIDTH,
    centred_box,
)


# --- Pieces ----------------------------------------------------------------------------------
def draw_ship(canvas: Canvas, centre: Point, height: float, fill: Colour) -> None:
    """A rocket pointing up: Humanity's Ship."""
    x, y = centre
    half = height * 0.2
    body_top, body_bottom = y - height * 0.18, y + height * 0.3
    fin_outline = BACKGROUND
    for side in (-1, 1):
        canvas.polygon(
            [
                (x + side * half, body_top + height * 0.2),
                (x + side * half * 2.1, body_bottom + height * 0.12),
                (x + side * half * 2.1, body_bottom + height * 0.2),
                (x + side * half, body_bottom),
            ],
            mix(fill, BACKGROUND, 0.35),
            fin_outline,
            2,
        )
    canvas.polygon(
        [
            (x, y - height / 2),
            (x + half * 0.85, body_top - height * 0.1),
            (x + half, body_top),
            (x + half, body_bottom),
            (x - half, body_bottom),
            (x - half, body_top),
            (x - half * 0.85, body_top - height * 0.1),
        ],
        fill,
        fin_outline,
        2,
    )
    canvas.rect(
        (x - half * 0.55, body_bottom, x + half * 0.55, body_bottom + height * 0.12),
        mix(fill, BACKGROUND, 0.5),
    )
    canvas.circle((x, y - height * 0.06), half * 0.5, WHITE, fin_outline, 2)


def draw_ufo(canvas: Canvas, centre: Point, width: float, fill: Colour) -> None:
    """A saucer with a dome: the Alien's UFO."""
    x, y = centre
    dome_width, dome_height = width * 0.48, width * 0.4
    canvas.ellipse(
        (x - dome_width / 2, y - dome_height * 0.95, x + dome_width / 2, y + dome_height * 0.3),
        mix(fill, WHITE, 0.6),
        BACKGROUND,
        2,
    )
    canvas.ellipse(
        (x - width / 2, y - width * 0.1, x + width / 2, y + width * 0.24), fill, BACKGROUND, 2
    )
    for k in (-1, 0, 1):
        canvas.circle((x + k * width * 0.24, y + width * 0.07), width * 0.045, BACKGROUND)


def draw_token(canvas: Canvas, faction: Faction, centre: Point, size: float) -> None:
    """A Ship or a UFO ``size`` tall (a UFO's width scales with it), drawn as a sprite."""
    x, y = centre
    half = size * UFO_WIDTH / SHIP_HEIGHT / 2 if faction == "alien" else size * 0.45
    box = (x - half, y - size / 2, x + half, y + size / 2)

    def draw(target: Canvas, corner: Point) -> None:
        at = (corner[0] + half, corner[1] + size / 2)
        if faction == "humanity":
            draw_ship(target, at, size, FACTION_COLOURS[faction])
        else:
            draw_ufo(target, at, size * UFO_WIDTH / SHIP_HEIGHT, FACTION_COLOURS[faction])

    canvas.sprite(("token", faction, size), box, draw)


def draw_mothership(canvas: Canvas, centre: Point, mark: str) -> None:
    """Humanity's carrier: a big hexagonal station."""

    def draw(target: Canvas, corner: Point) -> None:
        colour = FACTION_COLOURS["humanity"]
        middle = (corner[0] + CARRIER_RADIUS, corner[1] + CARRIER_RADIUS)
        hexagon = regular_polygon(middle, CARRIER_RADIUS, 6)
        target.polygon(hexagon, mix(colour, BACKGROUND, 0.55))
        target.polygon(hexagon, None, colour, 5)
        target.polygon(regular_polygon(middle, CARRIER_RADIUS * 0.62, 6), None, colour, 2)

    canvas.sprite("mothership", centred_box(centre, CARRIER_RADIUS), draw)
    canvas.text(centre, mark, TextSize.BODY, WHITE, "mm")


def draw_vortex(canvas: Canvas, centre: Point, mark: str) -> None:
    """The Alien's carrier: a spiral whirl."""

    def draw(target: Canvas, corner: Point) -> None:
        colour = FACTION_COLOURS["alien"]
        middle = (corner[0] + CARRIER_RADIUS, corner[1] + CARRIER_RADIUS)
        target.circle(middle, CARRIER_RADIUS, mix(colour, BACKGROUND, 0.6))
        for ring, start in ((1.0, 0), (0.78, 120), (0.56, 240)):
            target.arc(centred_box(middle, CARRIER_RADIUS * ring), start, start + 250, colour, 5)

    canvas.sprite("vortex", centred_box(centre, CARRIER_RADIUS), draw)
    canvas.text(centre, mark, TextSize.BODY, WHITE, "mm")


def draw_capture_mark(canvas: Canvas, centre: Point, radius: float) -> None:
    """A cross in a disc: a piece was captured here."""

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner[0] + radius, corner[1] + radius
        target.circle((x, y), radius, HIT_MARK, WHITE, 2)
        arm = radius * 0.45
        target.line([(x - arm, y - arm), (x + arm, y + arm)], WHITE, 3)
        target.line([(x - arm, y + arm), (x + arm, y - arm)], WHITE, 3)

    canvas.sprite(("capture", radius), centred_box(centre, radius), draw)
