"""One card per driver under the course, two to a line: the name and its tag (driving, out,
winner), the speed bubble in its heat colour (with the heat's letter), the gear and the lap,
the thermometer, and the supplies (armour, tyres, brakes, turbos, cards) as pictograms with
their numbers. The pictograms and the supplies' words are shared with the private dashboard."""

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
    HIGHLIGHT,
    ORANGE,
    OUTLINE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    Box,
    Canvas,
    Point,
    fill_label,
    readable_ink,
    seat_colour,
    seat_shape,
    with_alpha,
)
from renderers.rushncrush.labels import player_name
from renderers.rushncrush.layout import (
    BADGE_HEIGHT,
    BADGE_WIDTH,
    BIG_NUMBER,
    BUBBLE_RADIUS,
    BUBBLE_Y,
    CARD_COLUMNS,
    CARD_FACE,
    CARD_GAP,
    CARD_HEIGHT,
    CARD_PAD,
    CARD_ROW_GAP,
    GEAR_Y,
    HEAT_COLOURS,
    INNER_LEFT,
    INNER_RIGHT,
    NAME_LINES_GAP,
    NAME_Y,
    NUMBER,
    SHIELD,
    SUPPLY_COLUMNS,
    SUPPLY_ICON,
    SUPPLY_Y,
    THERMO_CELLS,
    THERMO_COLOURS,
    THERMO_HEIGHT,
    THERMO_Y,
    TYRE,
    TYRE_HUB,
    WORD,
)


def panel_boxes(count: int, top: float) -> list[Box]:
    """The drivers' cards, two to a line, in seat order, under ``top`` (each line of cards
    keeps ``CARD_ROW_GAP`` above it)."""
    width = (INNER_RIGHT - INNER_LEFT - (CARD_COLUMNS - 1) * CARD_GAP) / CARD_COLUMNS
    boxes = []
    for index in range(count):
        row, column = divmod(index, CARD_COLUMNS)
        left = INNER_LEFT + column * (width + CARD_GAP)
        box_top = top + CARD_ROW_GAP + row * (CARD_HEIGHT + CARD_ROW_GAP)
        boxes.append((left, box_top, left + width, box_top + CARD_HEIGHT))
    return boxes


def cards_height(count: int) -> float:
    """The cards' height under their ``top``, the gap above each line included."""
    return math.ceil(count / CARD_COLUMNS) * (CARD_HEIGHT + CARD_ROW_GAP)


@dataclass(frozen=True)
class PanelLayout:
    """Where the parts of one card go."""

    bubble_centre: Point
    gear_xy: Point  # middle-left of the gear's name, right of the bubble
    thermometer: Box  # caption, temperature and cells
    supplies: Box


def panel_layout(box: Box) -> PanelLayout:
    left, top, right, _ = box
    centre = (left + CARD_PAD + BUBBLE_RADIUS, top + BUBBLE_Y)
    inner = centre[0] + BUBBLE_RADIUS + 14
    half = THERMO_HEIGHT / 2
    return PanelLayout(
        bubble_centre=centre,
        gear_xy=(inner, top + GEAR_Y),
        thermometer=(inner, top + THERMO_Y - half, right - CARD_PAD, top + THERMO_Y + half),
        supplies=(left + CARD_PAD, top + SUPPLY_Y - 16, right - CARD_PAD, top + SUPPLY_Y + 16),
    )


def draw_dashboard_frame(canvas: Canvas, box: Box, seat: int) -> None:
    """What never changes on a driver's card: the panel and the badge (the name and every
    word are drawn with each board: the cached layer serves every match and language)."""
    left, top, _, _ = box
    canvas.panel(box, SURFACE, OUTLINE, 2)
    badge(canvas, (left + CARD_PAD, top + NAME_Y - BADGE_HEIGHT / 2), seat)


def draw_dashboard(
    canvas: Canvas,
    box: Box,
    car: CarView,
    view: RncPublicView,
    labels: Mapping[str, str],
) -> None:
    """What changes: the name, the turn outline, the tag, the bubble, the gear and lap, the
    heat, the supplies."""
    seat = int(car["seat"])
    left, top, right, _ = box
    outcome = view.get("outcome")
    winners = outcome["winners"] if outcome else []
    if seat == view.get("turn"):
        canvas.rect(box, None, seat_colour(seat), 4, 14)
    name_left = left + CARD_PAD + BADGE_WIDTH + 10
    draw_name(canvas, (name_left, top + NAME_Y), player_name(labels, seat), right - CARD_PAD)
    layout = panel_layout(box)
    speed_bubble(canvas, layout.bubble_centre, BUBBLE_RADIUS, car, labels)
    _gear_line(canvas, layout.gear_xy, right - CARD_PAD, car, view, labels)
    thermometer(canvas, layout.thermometer, int(car["temp"]), labels)
    _supplies(canvas, layout.supplies, car)
    if car["out"]:
        canvas.rect(box, with_alpha(BACKGROUND, 110), None, 0, 14)
    tag = dashboard_tag(car, view, labels, seat in winners)
    if tag:  # a chip on the card's top edge, so the name keeps the card's width
        fill = DANGER if car["out"] else seat_colour(seat) if seat not in winners else HIGHLIGHT
        canvas.chip((right - CARD_PAD, top - 11), tag, WORD, fill, outline=BLACK, align="right")


def draw_name(canvas: Canvas, xy: Point, name: str, right: float) -> None:
    """A driver's name, middle-left at ``xy``: on one line if it fits, else on two (cut
    between words), else cut short with an ellipsis."""
    x, y = xy
    room = right - x
    size = canvas.fit_size(name, room, NUMBER, NUMBER - 2)
    if canvas.text_width(name, size) <= room:
        canvas.text(xy, name, size, TEXT, "lm")
        return
    for size in (NUMBER - 2, WORD):
        lines = _two_lines(canvas, name, room, size)
        if lines:
            for line, dy in zip(lines, (-NAME_LINES_GAP / 2, NAME_LINES_GAP / 2), strict=True):
                canvas.text((x, y + dy), line, size, TEXT, "lm")
            return
    canvas.text(xy, canvas.clip_text(name, room, WORD), WORD, TEXT, "lm")


def _two_lines(canvas: Canvas, name: str, room: float, size: int) -> tuple[str, str] | None:
    """``name`` cut between two words into two lines no wider than ``room``, as even as can
    be; None if no cut fits."""
    words = name.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [
        (max(canvas.text_width(a, size), canvas.text_width(b, size)), (a, b))
        for a, b in cuts
        if canvas.text_width(a, size) <= room and canvas.text_width(b, size) <= room
    ]
    return min(fitting)[1] if fitting else None


def dashboard_tag(car: CarView, view: RncPublicView, labels: Mapping[str, str], won: bool) -> str:
    """The chip by a driver's name: winner, out, or driving now."""
    if won:
        return labels["winner_tag"]
    if car["out"]:
        return labels["out"]
    if car["seat"] == view.get("turn"):
        return labels["turn_tag"]
    return ""


def lap_text(car: CarView, view: RncPublicView, labels: Mapping[str, str]) -> str:
    """``Lap 2/3`` on a loop course, once the car is on it; else nothing."""
    laps = int(view["course"]["laps"])
    if laps <= 1 or not car["placed"]:
        return ""
    return fill_label(labels["lap"], lap=car["lap"], laps=laps)


def badge(canvas: Canvas, xy: Point, seat: int) -> None:
    """The seat's number on its colour, with its shape on the corner (never colour alone)."""
    x, y = xy
    fill = seat_colour(seat)
    canvas.rect((x, y, x + BADGE_WIDTH, y + BADGE_HEIGHT), fill, BLACK, 2, 8)
    centre = (x + BADGE_WIDTH / 2, y + BADGE_HEIGHT / 2)
    canvas.text(centre, str(seat + 1), BIG_NUMBER, readable_ink(fill), "mm")
    canvas.shape(seat_shape(seat), (x + BADGE_WIDTH, y + 2), 7, fill, BLACK, 2)


def speed_bubble(
    canvas: Canvas, centre: Point, radius: float, car: CarView, labels: Mapping[str, str]
) -> None:
    """The lever's bubble: its speed (P in neutral) over its heat's letter, in its heat
    colour."""
    heat = str(car["heat"])
    fill = HEAT_COLOURS.get(heat, HEAT_COLOURS["W"])
    canvas.circle(centre, radius, fill, BLACK, 3)
    x, y = centre
    speed = str(car["speed"]) if int(car["gear"]) else labels["neutral_mark"]
    size = BIG_NUMBER if radius < 36 else BIG_NUMBER + 8
    canvas.text((x, y - radius * 0.2), speed, size, readable_ink(fill), "mm")
    letter = labels.get(f"heat_{heat}", heat)
    canvas.text((x, y + radius * 0.52), letter, WORD, readable_ink(fill), "mm")


def gear_text(car: CarView, labels: Mapping[str, str]) -> str:
    gear = int(car["gear"])
    return fill_label(labels["gear"], gear=gear) if gear else labels["neutral"]


def _gear_line(
    canvas: Canvas,
    xy: Point,
    right: float,
    car: CarView,
    view: RncPublicView,
    labels: Mapping[str, str],
) -> None:
    """The gear's name, and the lap on a loop course (right-aligned)."""
    lap = lap_text(car, view, labels)
    lap_width = 0.0
    if lap:
        size = canvas.fit_size(lap, (right - xy[0]) / 2, NUMBER, WORD)
        canvas.text((right, xy[1]), lap, size, TEXT_MUTED, "rm")
        lap_width = canvas.text_width(lap, size) + 10
    room = right - xy[0] - lap_width
    canvas.fitted_text(xy, gear_text(car, labels), room, NUMBER, TEXT, "lm")


def thermometer(canvas: Canvas, box: Box, temp: int, labels: Mapping[str, str]) -> None:
    """``Heat T3`` then the seven cells, those reached filled, the current one ringed."""
    left, top, right, bottom = box
    middle = (top + bottom) / 2
    caption = labels["heat"]
    canvas.text((left, middle), caption, WORD, TEXT_MUTED, "lm")
    x = left + canvas.text_width(caption, WORD) + 8
    canvas.text((x, middle), fill_label(labels["temperature"], temp=temp), NUMBER, TEXT, "lm")
    widest = fill_label(labels["temperature"], temp=THERMO_CELLS - 1)
    cells_left = x + canvas.text_width(widest, NUMBER) + 8
    cell = (right - cells_left) / THERMO_CELLS
    for index in range(THERMO_CELLS):
        cell_box = (cells_left + index * cell + 1, top, cells_left + (index + 1) * cell - 1, bottom)
        if index <= temp:
            canvas.rect(cell_box, THERMO_COLOURS[index], BLACK, 1, 4)
        else:
            canvas.rect(cell_box, SURFACE_RAISED, OUTLINE, 1, 4)
        if index == min(temp, THERMO_CELLS - 1):
            canvas.rect(cell_box, None, WHITE, 3, 4)


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


def supply_places(box: Box) -> list[tuple[float, float, float]]:
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


def _supplies(canvas: Canvas, box: Box, car: CarView) -> None:
    for (_, view_key), (x, y, _) in zip(SUPPLY_KEYS, supply_places(box), strict=True):
        supply_icon(canvas, view_key, (x + SUPPLY_ICON + 2, y))
        value = int(car[view_key])
        ink = DANGER if view_key == "armour" and value <= 1 else TEXT
        canvas.text((x + 2 * SUPPLY_ICON + 10, y), str(value), BIG_NUMBER, ink, "lm")
