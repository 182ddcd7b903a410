"""One dashboard per driver: gear and speed bubble, thermometer, supplies (armour, tyres,
brakes, turbos, cards), the name and its tag (driving, lap, out, winner)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from bot.games.rushncrush import CarView, RncPublicView
from renderers.base import (
    BACKGROUND,
    BLACK,
    DANGER,
    ORANGE,
    OUTLINE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    VERMILLION,
    WHITE,
    Box,
    Canvas,
    Point,
    TextSize,
    fill_label,
    readable_ink,
    seat_colour,
    seat_shape,
    with_alpha,
)
from renderers.rushncrush.labels import player_name
from renderers.rushncrush.layout import (
    BUBBLE_RADIUS,
    BUBBLE_TOP,
    CARD_FACE,
    GEAR_Y,
    HEAT_COLOURS,
    MARGIN,
    NAME_Y,
    NEUTRAL_MARK,
    PANEL_GAP,
    PANEL_HEIGHT,
    SHIELD,
    SUPPLY_COLUMNS,
    SUPPLY_ICON,
    SUPPLY_TOP,
    TAG_ROOM,
    THERMO_CAPTION,
    THERMO_CELLS,
    THERMO_COLOURS,
    THERMO_HEIGHT,
    THERMO_TOP,
    TYRE,
    TYRE_HUB,
    WIDTH,
)


def panel_boxes(count: int, top: float) -> list[Box]:
    columns = 2 if count in (2, 4) else 3  # 2 and 3 drivers on one line, 4 to 6 on two
    width = (WIDTH - 2 * MARGIN - (columns - 1) * PANEL_GAP) / columns
    boxes = []
    for index in range(count):
        row, column = divmod(index, columns)
        left = MARGIN + column * (width + PANEL_GAP)
        box_top = top + row * (PANEL_HEIGHT + PANEL_GAP)
        boxes.append((left, box_top, left + width, box_top + PANEL_HEIGHT))
    return boxes


@dataclass(frozen=True)
class PanelLayout:
    """Where the parts of one dashboard go."""

    bubble_centre: Point
    gear_xy: Point  # middle-left of the gear's name, right of the bubble
    thermometer: Box
    supplies: Box


def panel_layout(box: Box) -> PanelLayout:
    left, top, right, bottom = box
    centre = (left + 16 + BUBBLE_RADIUS, top + BUBBLE_TOP + BUBBLE_RADIUS)
    inner = centre[0] + BUBBLE_RADIUS + 18
    return PanelLayout(
        bubble_centre=centre,
        gear_xy=(inner, top + GEAR_Y),
        thermometer=(inner, top + THERMO_TOP, right - 14, top + THERMO_TOP + THERMO_HEIGHT),
        supplies=(left + 16, top + SUPPLY_TOP, right - 14, bottom - 8),
    )


def draw_dashboard_frame(canvas: Canvas, box: Box, seat: int, labels: Mapping[str, str]) -> None:
    """What never changes on a driver's dashboard: panel, badge, captions (the name is
    drawn with each board: the cached layer serves every match)."""
    left, top, _, _ = box
    canvas.panel(box, SURFACE, OUTLINE, 3)
    _badge(canvas, (left + 14, top + 12), seat)
    layout = panel_layout(box)
    _thermometer_frame(canvas, layout.thermometer, labels)
    _supply_captions(canvas, layout.supplies, labels)


def draw_dashboard(
    canvas: Canvas,
    box: Box,
    car: CarView,
    view: RncPublicView,
    labels: Mapping[str, str],
) -> None:
    """What changes: the name, the turn outline, the tag, the bubble, the heat, the
    supplies."""
    seat = int(car["seat"])
    left, top, right, _ = box
    name_left = left + 14 + 48
    canvas.fitted_text(
        (name_left, top + NAME_Y),
        player_name(labels, seat),
        right - name_left - TAG_ROOM,
        TextSize.LABEL,
        TEXT,
        "lm",
    )
    outcome = view.get("outcome")
    winners = outcome["winners"] if outcome else []
    if seat == view.get("turn"):
        canvas.rect(box, None, seat_colour(seat), 4, 14)
    tag = _dashboard_tag(car, view, labels, seat in winners)
    if tag:
        fill = DANGER if car["out"] else SURFACE_RAISED
        canvas.chip((right - 12, top + NAME_Y), tag, TextSize.SMALL, fill, align="right")
    layout = panel_layout(box)
    _speed_bubble(canvas, layout, car, labels, right - 14)
    _thermometer(canvas, layout.thermometer, car)
    _supplies(canvas, layout.supplies, car)
    if car["out"]:
        canvas.rect(box, with_alpha(BACKGROUND, 110), None, 0, 14)


def _dashboard_tag(car: CarView, view: RncPublicView, labels: Mapping[str, str], won: bool) -> str:
    if won:
        return labels["winner_tag"]
    if car["out"]:
        return labels["out"]
    laps = int(view["course"]["laps"])
    lap = fill_label(labels["lap"], lap=car["lap"], laps=laps) if laps > 1 and car["placed"] else ""
    if car["seat"] == view.get("turn"):
        return f"{labels['turn_tag']} · {lap}" if lap else labels["turn_tag"]
    return lap


def _badge(canvas: Canvas, xy: Point, seat: int) -> None:
    x, y = xy
    fill = seat_colour(seat)
    canvas.rect((x, y, x + 36, y + 40), fill, BLACK, 2, 8)
    canvas.text((x + 18, y + 20), str(seat + 1), TextSize.LABEL, readable_ink(fill), "mm")
    canvas.shape(seat_shape(seat), (x + 36, y + 2), 7, fill, BLACK, 2)


def _speed_bubble(
    canvas: Canvas,
    layout: PanelLayout,
    car: CarView,
    labels: Mapping[str, str],
    right: float,
) -> None:
    heat = str(car["heat"])
    fill = HEAT_COLOURS.get(heat, HEAT_COLOURS["W"])
    canvas.circle(layout.bubble_centre, BUBBLE_RADIUS, fill, BLACK, 3)
    x, y = layout.bubble_centre
    speed = str(car["speed"]) if int(car["gear"]) else NEUTRAL_MARK
    canvas.text((x, y - 7), speed, TextSize.HEADING, readable_ink(fill), "mm")
    letter = labels.get(f"heat_{heat}", heat)
    canvas.text((x, y + 19), letter, TextSize.SMALL, readable_ink(fill), "mm")
    gear = int(car["gear"])
    text = fill_label(labels["gear"], gear=gear) if gear else labels["neutral"]
    canvas.fitted_text(layout.gear_xy, text, right - layout.gear_xy[0], TextSize.LABEL, TEXT, "lm")


def _thermometer_cells(box: Box, caption_width: float) -> list[Box]:
    left, top, right, bottom = box
    cells_left = left + caption_width
    cell = (right - cells_left) / THERMO_CELLS
    return [
        (cells_left + index * cell + 1, top, cells_left + (index + 1) * cell - 1, bottom)
        for index in range(THERMO_CELLS)
    ]


def _thermometer_frame(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    for cell_box in _thermometer_cells(box, THERMO_CAPTION):
        canvas.rect(cell_box, SURFACE_RAISED, OUTLINE, 1, 4)
    caption = labels["heat"]
    canvas.fitted_text(
        (box[0], (box[1] + box[3]) / 2), caption, THERMO_CAPTION - 42, TextSize.SMALL, TEXT, "lm"
    )


def _thermometer(canvas: Canvas, box: Box, car: CarView) -> None:
    temp = int(car["temp"])
    cells = _thermometer_cells(box, THERMO_CAPTION)
    for index, cell_box in enumerate(cells[: temp + 1]):
        canvas.rect(cell_box, THERMO_COLOURS[index], BLACK, 1, 4)
    canvas.rect(cells[min(temp, THERMO_CELLS - 1)], None, WHITE, 3, 4)
    canvas.text(
        (box[0] + THERMO_CAPTION - 4, (box[1] + box[3]) / 2),
        f"T{temp}",
        TextSize.LABEL,
        TEXT,
        "rm",
    )


#: A supply a car view counts.
SupplyKey = Literal["armour", "tyres", "brakes", "turbos", "cards"]
#: Each supply: its label's key, its key in the car's view.
SUPPLY_KEYS: Final[tuple[tuple[str, SupplyKey], ...]] = (
    ("armour", "armour"),
    ("tyres", "tyres"),
    ("brakes", "brakes"),
    ("turbo", "turbos"),
    ("cards", "cards"),
)


def _supply_places(box: Box) -> list[tuple[float, float, float]]:
    """(left, middle y, width) of each supply's pictogram and number, all on one line."""
    left, top, right, bottom = box
    width = (right - left) / SUPPLY_COLUMNS
    middle = (top + bottom) / 2
    return [(left + index * width, middle, width) for index in range(len(SUPPLY_KEYS))]


def supply_icon(canvas: Canvas, kind: str, centre: Point, radius: float = SUPPLY_ICON) -> None:
    """A supply's pictogram: shield (armour), tyre, stop sign (brakes), double chevron
    (turbo), card."""
    x, y = centre
    r = radius
    if kind == "armour":
        shield = [(x - r, y - r), (x + r, y - r), (x + r, y + r * 0.1), (x, y + r * 1.1)]
        canvas.polygon([*shield, (x - r, y + r * 0.1)], SHIELD, BLACK, 2)
    elif kind == "tyres":
        canvas.circle(centre, r, TYRE, BLACK, 2)
        canvas.circle(centre, r * 0.45, TYRE_HUB, BLACK, 2)
    elif kind == "brakes":
        corners = [math.pi / 8 + k * math.pi / 4 for k in range(8)]
        canvas.polygon(
            [(x + r * math.cos(a), y + r * math.sin(a)) for a in corners], VERMILLION, BLACK, 2
        )
    elif kind == "turbos":
        for dx in (-r * 0.55, r * 0.35):
            chevron = [
                (x + dx - r * 0.45, y - r),
                (x + dx + r * 0.55, y),
                (x + dx - r * 0.45, y + r),
            ]
            canvas.polygon(chevron, ORANGE, BLACK, 2)
    else:  # cards
        canvas.rect((x - r * 0.75, y - r, x + r * 0.75, y + r), CARD_FACE, BLACK, 2, 3)
        canvas.rect((x - r * 0.4, y - r * 0.6, x + r * 0.4, y + r * 0.6), SURFACE_RAISED)


def _supply_captions(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    for (_, view_key), (x, y, _) in zip(SUPPLY_KEYS, _supply_places(box), strict=True):
        supply_icon(canvas, view_key, (x + SUPPLY_ICON + 2, y))


def _supplies(canvas: Canvas, box: Box, car: CarView) -> None:
    for (_, view_key), (x, y, _) in zip(SUPPLY_KEYS, _supply_places(box), strict=True):
        value = int(car[view_key])
        ink = DANGER if view_key == "armour" and value <= 1 else TEXT
        canvas.text((x + 2 * SUPPLY_ICON + 8, y), str(value), TextSize.HEADING, ink, "lm")
