"""The Rush'n'Crush board picture, drawn from the public view (``GAME.view(state, None)``).

The course runs left to right in up to two bands of rows, lane 1 (the left lane in the
driving direction) on top; rock is dark and hatched, the road sand-coloured. Cars are
rounded tiles in their seat's colour carrying their number (seat + 1); wrecks are grey tiles
with a cross and the number; nails are a row of spikes. The last move's path is an arrow.
Under the course, one dashboard per driver: gear and speed bubble (its heat written as a
letter too), the thermometer, and armour, tyres, brakes and turbo left. The footer shows the
dice of the last action.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_5``: the players' names
  (empty: ``car`` stands in). ``car``: "Car {n}".
- ``status_trade``, ``status_grid``, ``status_dash``, ``status_move``, ``status_reaction``,
  ``status_won``, ``status_nobody``: the header line (``{player}``, ``{points}``).
- ``gear``, ``neutral``, ``heat``, ``armour``, ``tyres``, ``brakes``, ``turbo``, ``cards``,
  ``out``, ``lap``, ``turn_tag``, ``winner_tag``: dashboard words (``{gear}``, ``{lap}``,
  ``{laps}``).
- ``start``, ``finish``: the course marks. ``last_dice``, ``no_dice``: the footer.
- ``test_heat``, ``test_driving``, ``test_armour``, ``test_hard``, ``test_rock``,
  ``test_push_attack``, ``test_push_defend``: the names of the dice throws.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image

from bot.games.rushncrush import GAME
from renderers.base import (
    BACKGROUND,
    BLACK,
    DANGER,
    HIGHLIGHT,
    ORANGE,
    OUTLINE,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    YELLOW,
    Box,
    Canvas,
    Colour,
    Palette,
    Point,
    TextSize,
    build_palette,
    encode_png,
    fill_label,
    header_strip,
    merge_labels,
    mix,
    readable_ink,
    seat_colour,
    seat_shape,
    with_alpha,
)

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Rush'n'Crush",
    **{f"player_{seat}": "" for seat in range(6)},
    "car": "Car {n}",
    "status_trade": "Trading equipment",
    "status_grid": "{player} picks a grid place",
    "status_dash": "{player}: dashboard",
    "status_move": "{player}: {points} to move",
    "status_reaction": "{player} may answer a test",
    "status_won": "{player} wins!",
    "status_nobody": "Nobody wins",
    "gear": "Gear {gear}",
    "neutral": "Neutral",
    "heat": "Heat",
    "armour": "Armour",
    "tyres": "Tyres",
    "brakes": "Brakes",
    "turbo": "Turbo",
    "cards": "Cards",
    "out": "OUT",
    "lap": "Lap {lap}/{laps}",
    "turn_tag": "Driving",
    "winner_tag": "Winner",
    "start": "START",
    "finish": "FINISH",
    "last_dice": "Last throw",
    "no_dice": "No dice thrown",
    "test_heat": "heat",
    "test_driving": "driving",
    "test_armour": "armour",
    "test_hard": "hard armour",
    "test_rock": "rock",
    "test_push_attack": "push",
    "test_push_defend": "resist",
}

# --- layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 1100
MARGIN: Final = 20
GAP: Final = 16
HEADER_HEIGHT: Final = 76
LANES: Final = 4
BAND_ROWS: Final = 22
MAX_BANDS: Final = 2
LANE_LABEL_WIDTH: Final = 34
CELL_WIDTH: Final = (WIDTH - 2 * MARGIN - LANE_LABEL_WIDTH) // BAND_ROWS
CELL_HEIGHT: Final = 50
WALL_HEIGHT: Final = 10  # the canyon wall drawn outside lanes 1 and 4
RULER_HEIGHT: Final = 30
BAND_HEIGHT: Final = 2 * WALL_HEIGHT + LANES * CELL_HEIGHT + RULER_HEIGHT
BAND_GAP: Final = 12
ROWS_BEHIND: Final = 3  # rows shown behind the last car
RULER_EVERY: Final = 4
HATCH_STEP: Final = CELL_WIDTH / 4  # divides a column, so the rock's lines run on across cells
COLUMN_CACHE: Final = 192  # rows' pictures kept (about 35 KB each)
FINISH_LABEL_ROWS: Final = 3  # no row number this close to the finish: its label goes there
PANEL_HEIGHT: Final = 196
PANEL_GAP: Final = 12
FOOTER_HEIGHT: Final = 72
CAR_WIDTH: Final = 40
CAR_HEIGHT: Final = 36
NAME_Y: Final = 32
TAG_ROOM: Final = 120  # kept free right of a name for the tag chip
BUBBLE_RADIUS: Final = 34
BUBBLE_TOP: Final = 60
GEAR_Y: Final = 76
THERMO_CELLS: Final = 7
THERMO_HEIGHT: Final = 26
THERMO_TOP: Final = 98
THERMO_CAPTION: Final = 100  # room for "Heat T3" left of the cells
SUPPLY_TOP: Final = 140
SUPPLY_COLUMNS: Final = 3
SUPPLY_NUMBER_ROOM: Final = 36
DIE_SIZE: Final = 40
MAX_FOOTER_THROWS: Final = 3
NEUTRAL_MARK: Final = "P"  # the dashboard's neutral bubble

# --- colours -------------------------------------------------------------------------------
ROAD: Final = (150, 128, 94)
ROAD_GRID: Final = mix(ROAD, WHITE, 0.25)
ROCK: Final = (58, 50, 46)
ROCK_HATCH: Final = (96, 84, 74)
OFF_COURSE: Final = mix(BACKGROUND, SURFACE, 0.5)
WRECK: Final = (70, 72, 78)
WRECK_INK: Final = (190, 192, 198)
NAIL: Final = (225, 228, 235)
CHECKER_DARK: Final = BLACK
CHECKER_LIGHT: Final = WHITE
PATH_FADE: Final = 0.3  # the path is the mover's colour, faded toward the road
HEAT_COLOURS: Final[Mapping[str, Colour]] = {
    "W": (236, 238, 242),
    "Y": YELLOW,
    "O": ORANGE,
    "R": VERMILLION,
}
THERMO_COLOURS: Final = (
    (236, 238, 242),
    (240, 228, 66),
    (240, 200, 50),
    (230, 159, 0),
    (222, 120, 0),
    (213, 94, 0),
    (30, 30, 30),
)


# --- the view -------------------------------------------------------------------------------
def _physical(course: Mapping[str, Any], row: int) -> int:
    return row if row <= 0 else (row - 1) % int(course["loop_rows"]) + 1


def visible_rows(view: Mapping[str, Any]) -> range:
    """The rows drawn: from just behind the last car, as far ahead as two bands reach."""
    course = view["course"]
    first_row, last_row = -int(course["grid_rows"]) + 1, int(course["length"]) + 1
    span = BAND_ROWS * MAX_BANDS
    cars = [c for c in view["cars"] if c["placed"] and not c["out"]] or [
        c for c in view["cars"] if c["placed"]
    ]
    rows = sorted(int(c["row"]) for c in cars) or [first_row]
    start = rows[0] - ROWS_BEHIND
    if rows[-1] - start >= span - 2:  # cars too spread out: follow the car on turn
        focus = next((c for c in cars if c["seat"] == view.get("turn")), None)
        start = (int(focus["row"]) if focus else rows[-1]) - span // 3
    start = max(first_row, min(start, last_row - span + 1))
    return range(start, start + span)


def player_name(labels: Mapping[str, str], seat: int) -> str:
    return labels.get(f"player_{seat}") or fill_label(labels["car"], n=seat + 1)


def status_line(view: Mapping[str, Any], labels: Mapping[str, str]) -> tuple[str, int | None]:
    """The header's words and the seat they are about (None: nobody in particular)."""
    outcome = view.get("outcome")
    if outcome is not None:
        winners = outcome["winners"]
        if not winners:
            return labels["status_nobody"], None
        return fill_label(labels["status_won"], player=player_name(labels, winners[0])), winners[0]
    reaction = view.get("reaction")
    if reaction is not None:
        seat = int(reaction["seat"])
        return fill_label(labels["status_reaction"], player=player_name(labels, seat)), seat
    phase = view["phase"]
    if phase == "trade":
        return labels["status_trade"], None
    acting = [int(s) for s in view.get("to_act") or []]
    if view.get("turn") is not None:
        acting = [int(view["turn"])]
    if not acting:
        return labels["status_trade"], None
    seat = acting[0]
    name = player_name(labels, seat)
    if phase == "grid":
        return fill_label(labels["status_grid"], player=name), seat
    if phase == "move" and view.get("move"):
        return fill_label(labels["status_move"], player=name, points=view["move"]["points"]), seat
    return fill_label(labels["status_dash"], player=name), seat


# --- the course -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Track:
    """The drawn stretch of course: where each visible cell is drawn (hashable, so cached)."""

    rocks: frozenset[tuple[int, int]]  # (lane, physical row)
    length: int
    loop_rows: int
    laps: int
    start: int  # the first row drawn
    top: float
    left: float = MARGIN + LANE_LABEL_WIDTH
    bands: int = MAX_BANDS

    @property
    def rows(self) -> range:
        return range(self.start, self.start + BAND_ROWS * self.bands)

    @property
    def bottom(self) -> float:
        return self.top + self.bands * BAND_HEIGHT + (self.bands - 1) * BAND_GAP

    def physical(self, row: int) -> int:
        return row if row <= 0 else (row - 1) % self.loop_rows + 1

    def band_top(self, band: int) -> float:
        return self.top + band * (BAND_HEIGHT + BAND_GAP)

    def cell_box(self, lane: int, row: int) -> Box | None:
        if row not in self.rows:
            return None
        index = row - self.start
        band, column = divmod(index, BAND_ROWS)
        left = self.left + column * CELL_WIDTH
        top = self.band_top(band) + WALL_HEIGHT + (lane - 1) * CELL_HEIGHT
        return (left, top, left + CELL_WIDTH, top + CELL_HEIGHT)

    def centre(self, lane: int, row: int) -> Point | None:
        box = self.cell_box(lane, row)
        if box is None:
            return None
        return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def is_rock(self, lane: int, row: int) -> bool:
        if row <= 0 or row > self.length:
            return False
        return (lane, self.physical(row)) in self.rocks


def make_track(view: Mapping[str, Any], top: float) -> Track:
    course = view["course"]
    return Track(
        rocks=frozenset((int(lane), int(row)) for lane, row in course["rocks"]),
        length=int(course["length"]),
        loop_rows=int(course["loop_rows"]),
        laps=int(course["laps"]),
        start=visible_rows(view).start,
        top=top,
    )


@lru_cache(maxsize=16)
def static_layer(
    track_top: float, players: int, height: int, words: tuple[tuple[str, str], ...]
) -> Image.Image:
    """The lane numbers and the dashboards' frames (final size): they never change."""
    labels = dict(words)
    canvas = Canvas(WIDTH, height, scale=SUPERSAMPLE, final_text=True)
    track = Track(frozenset(), 1, 1, 1, 0, track_top)
    draw_lane_numbers(canvas, track)
    for seat, box in enumerate(panel_boxes(players, track.bottom + GAP)):
        draw_dashboard_frame(canvas, box, seat, labels)
    return canvas.finish()


# Each visible row is one cached column picture (walls, four cells, ruler number), pasted in
# place: a turn that shifts the window redraws nothing.
ROAD_CELL, ROCK_CELL, GRID_CELL, OFF_CELL = "road", "rock", "grid", "off"


def column_key(track: Track, row: int) -> tuple[tuple[str, ...], str]:
    """What a row's column shows: each lane's ground and the ruler's number."""
    grounds = tuple(_ground(track, lane, row) for lane in range(1, LANES + 1))
    near_finish = track.length - row < FINISH_LABEL_ROWS
    numbered = row >= 1 and (row % RULER_EVERY == 0 or row == 1) and not near_finish
    return grounds, str(track.physical(row)) if numbered else ""


def _ground(track: Track, lane: int, row: int) -> str:
    if row > track.length:
        return OFF_CELL
    if track.is_rock(lane, row):
        return ROCK_CELL
    return GRID_CELL if row <= 0 else ROAD_CELL


@lru_cache(maxsize=COLUMN_CACHE)
def column_image(grounds: tuple[str, ...], ruler: str) -> Image.Image:
    canvas = Canvas(CELL_WIDTH, BAND_HEIGHT, scale=SUPERSAMPLE, final_text=True)
    lanes_bottom = WALL_HEIGHT + LANES * CELL_HEIGHT
    for wall_top in (0, lanes_bottom):
        wall = (0, wall_top, CELL_WIDTH, wall_top + WALL_HEIGHT)
        if grounds[0] == OFF_CELL:
            canvas.rect(wall, OFF_COURSE)
        else:
            _hatch(canvas, wall)
    for lane, ground in enumerate(grounds):
        top = WALL_HEIGHT + lane * CELL_HEIGHT
        box = (0, top, CELL_WIDTH, top + CELL_HEIGHT)
        if ground == OFF_CELL:
            canvas.rect(box, OFF_COURSE)
        elif ground == ROCK_CELL:
            _hatch(canvas, box)
        else:
            canvas.rect(box, ROAD, mix(ROAD, BLACK, 0.15), 1)
            if ground == GRID_CELL:
                _grid_slot(canvas, box)
    if ruler:
        ruler_y = lanes_bottom + WALL_HEIGHT + RULER_HEIGHT / 2
        canvas.text((CELL_WIDTH / 2, ruler_y), ruler, TextSize.SMALL, TEXT_MUTED, "mm")
    return canvas.finish()


def draw_track(canvas: Canvas, track: Track, labels: Mapping[str, str]) -> None:
    for index, row in enumerate(track.rows):
        band, column = divmod(index, BAND_ROWS)
        image = column_image(*column_key(track, row))
        place = (canvas.px(track.left + column * CELL_WIDTH), canvas.px(track.band_top(band)))
        canvas.image.paste(image, place)
    _lines(canvas, track, labels)
    _lap_marks(canvas, track, labels)


def draw_lane_numbers(canvas: Canvas, track: Track) -> None:
    for band in range(track.bands):
        lanes_top = track.band_top(band) + WALL_HEIGHT
        for lane in range(1, LANES + 1):
            y = lanes_top + (lane - 0.5) * CELL_HEIGHT
            canvas.text(
                (MARGIN + LANE_LABEL_WIDTH / 2, y), str(lane), TextSize.SMALL, TEXT_MUTED, "mm"
            )


def _hatch(canvas: Canvas, box: Box) -> None:
    """Rock: dark, with diagonal lines on one lattice (x - y = k * step) so cells join up."""
    left, top, right, bottom = box
    canvas.rect(box, ROCK)
    for k in range(math.floor((left - bottom) / HATCH_STEP), math.ceil((right - top) / HATCH_STEP)):
        offset = k * HATCH_STEP
        first, last = max(top, left - offset), min(bottom, right - offset)
        if last > first:
            canvas.line([(first + offset, first), (last + offset, last)], ROCK_HATCH, 2)


def _grid_slot(canvas: Canvas, box: Box) -> None:
    left, top, right, bottom = box
    inset = 6
    canvas.line(
        [
            (right - inset, top + inset),
            (left + inset, top + inset),
            (left + inset, bottom - inset),
            (right - inset, bottom - inset),
        ],
        ROAD_GRID,
        2,
    )


def _lap_marks(canvas: Canvas, track: Track, labels: Mapping[str, str]) -> None:
    if track.laps <= 1:
        return
    for row in track.rows:
        if row <= 1 or (row - 1) % track.loop_rows:
            continue
        box = track.cell_box(LANES, row)
        assert box is not None
        lap = (row - 1) // track.loop_rows + 1
        text = fill_label(labels["lap"], lap=lap, laps=track.laps)
        y = box[3] + WALL_HEIGHT + RULER_HEIGHT / 2
        canvas.text((box[0] + 4, y), text, TextSize.SMALL, HIGHLIGHT, "lm")


def _lines(canvas: Canvas, track: Track, labels: Mapping[str, str]) -> None:
    """The start line before row 1, the chequered finish after the last row."""
    first = track.cell_box(1, 1)
    if first is not None:
        x = first[0]
        canvas.line([(x, first[1]), (x, first[1] + LANES * CELL_HEIGHT)], WHITE, 4)
        canvas.text(
            (x - 4, first[1] + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_HEIGHT / 2),
            labels["start"],
            TextSize.SMALL,
            TEXT,
            "rm",
        )
    last = track.cell_box(1, track.length)
    if last is None:
        return
    x, top = last[2], last[1]
    square = CELL_HEIGHT / 4
    canvas.sprite(
        "finish", (x - square, top, x, top + LANES * CELL_HEIGHT), lambda c, at: _chequer(c, at)
    )
    ruler_y = top + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_HEIGHT / 2
    canvas.text((x - square - 4, ruler_y), labels["finish"], TextSize.SMALL, TEXT, "rm")


def _chequer(canvas: Canvas, corner: Point) -> None:
    """The finish line's two columns of squares, drawn as one piece (so no seam shows)."""
    square = CELL_HEIGHT / 4
    for index in range(LANES * 4):
        for column in range(2):
            fill = CHECKER_DARK if (index + column) % 2 else CHECKER_LIGHT
            left = corner[0] + column * square / 2
            top = corner[1] + index * square
            canvas.rect((left, top, left + square / 2, top + square), fill)


def draw_hazards(canvas: Canvas, track: Track, view: Mapping[str, Any]) -> None:
    for row in track.rows:
        physical = track.physical(row)
        if row > track.length:
            continue
        for lane, wrecked_row, seat in view["wrecks"]:
            if wrecked_row == physical:
                box = track.cell_box(lane, row)
                if box is not None:
                    _wreck(canvas, box, seat)
        for lane, nailed_row in view["nails"]:
            if nailed_row == physical:
                box = track.cell_box(lane, row)
                if box is not None:
                    _nails(canvas, box)


def _tile(box: Box) -> Box:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return (x - CAR_WIDTH / 2, y - CAR_HEIGHT / 2, x + CAR_WIDTH / 2, y + CAR_HEIGHT / 2)


def _wreck(canvas: Canvas, box: Box, seat: int) -> None:
    tile = _tile(box)
    numbered = seat >= 0

    def draw(target: Canvas, corner: Point) -> None:
        left, top = corner
        right, bottom = left + CAR_WIDTH, top + CAR_HEIGHT
        target.rect((left, top, right, bottom), WRECK, BLACK, 2, 8)
        target.line([(left + 5, top + 5), (right - 5, bottom - 5)], WRECK_INK, 3)
        target.line([(left + 5, bottom - 5), (right - 5, top + 5)], WRECK_INK, 3)
        if numbered:
            target.circle(((left + right) / 2, (top + bottom) / 2), 12, WRECK, None)

    canvas.sprite(("wreck", numbered), tile, draw)
    if numbered:
        canvas.text(
            ((tile[0] + tile[2]) / 2, (tile[1] + tile[3]) / 2),
            str(seat + 1),
            TextSize.SMALL,
            WHITE,
            "mm",
        )


def _nails(canvas: Canvas, box: Box) -> None:
    left, _, right, bottom = box
    base = bottom - 6
    width = (right - left - 8) / 4

    def draw(target: Canvas, corner: Point) -> None:
        for index in range(4):
            x = corner[0] + index * width
            spike = [(x, corner[1] + 16), (x + width / 2, corner[1]), (x + width, corner[1] + 16)]
            target.polygon(spike, NAIL, BLACK, 1)

    canvas.sprite(("nails", width), (left + 4, base - 16, right - 4, base), draw)


def draw_path(canvas: Canvas, track: Track, view: Mapping[str, Any]) -> None:
    """The move being made, else the last move, as an arrow through the cells' centres."""
    move = view.get("move")
    if move and len(move["path"]) > 1:
        seat, path = int(move["seat"]), move["path"]
    elif view.get("last_path"):
        seat, path = int(view["last_path"]["seat"]), view["last_path"]["path"]
    else:
        return
    segments: list[list[Point]] = []
    previous_band: int | None = None
    for lane, row in path:
        centre = track.centre(int(lane), int(row))
        if centre is None:
            continue
        band = _band(track, int(row))
        if band != previous_band:
            if segments:  # leave the band on its right edge, enter the next on its left
                segments[-1].append((track.left + BAND_ROWS * CELL_WIDTH, segments[-1][-1][1]))
                segments.append([(track.left, centre[1])])
            else:
                segments.append([])
            previous_band = band
        segments[-1].append(centre)
    colour = mix(seat_colour(seat), ROAD, PATH_FADE)
    for index, points in enumerate(segments):
        if len(points) < 2:
            continue
        if index == len(segments) - 1:
            canvas.arrow(points, colour, 7, 20)
        else:
            canvas.line(points, colour, 7)


def _band(track: Track, row: int) -> int:
    return (row - track.rows.start) // BAND_ROWS


def draw_cars(canvas: Canvas, track: Track, view: Mapping[str, Any]) -> None:
    turn = view.get("turn")
    for car in view["cars"]:
        if not car["placed"] or car["out"]:
            continue
        box = track.cell_box(int(car["lane"]), int(car["row"]))
        if box is None:
            continue
        _car(canvas, box, int(car["seat"]), car["seat"] == turn)


def _car(canvas: Canvas, box: Box, seat: int, on_turn: bool) -> None:
    tile = _tile(box)
    fill = seat_colour(seat)
    middle = (tile[1] + tile[3]) / 2

    def draw(target: Canvas, corner: Point) -> None:
        left, top = corner[0] + 4, corner[1] + 4
        right, bottom = left + CAR_WIDTH, top + CAR_HEIGHT
        if on_turn:
            target.rect((left - 4, top - 4, right + 4, bottom + 4), None, WHITE, 3, 11)
        target.rect((left, top, right, bottom), fill, BLACK, 2, 8)
        nose = (top + bottom) / 2
        target.polygon([(right - 1, nose - 8), (right + 6, nose), (right - 1, nose + 8)], BLACK)

    frame = (tile[0] - 4, tile[1] - 4, tile[2] + 6, tile[3] + 4)
    canvas.sprite(("car", fill, on_turn), frame, draw)
    canvas.text(
        ((tile[0] + tile[2]) / 2 - 2, middle),
        str(seat + 1),
        TextSize.BODY,
        readable_ink(fill),
        "mm",
    )


# --- dashboards -----------------------------------------------------------------------------
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
    """What never changes on a driver's dashboard: panel, badge, name, captions."""
    left, top, right, _ = box
    canvas.panel(box, SURFACE, OUTLINE, 3)
    _badge(canvas, (left + 14, top + 12), seat)
    name_left = left + 14 + 48
    canvas.fitted_text(
        (name_left, top + NAME_Y),
        player_name(labels, seat),
        right - name_left - TAG_ROOM,
        TextSize.LABEL,
        TEXT,
        "lm",
    )
    layout = panel_layout(box)
    _thermometer_frame(canvas, layout.thermometer, labels)
    _supply_captions(canvas, layout.supplies, labels)


def draw_dashboard(
    canvas: Canvas,
    box: Box,
    car: Mapping[str, Any],
    view: Mapping[str, Any],
    labels: Mapping[str, str],
) -> None:
    """What changes: the turn outline, the tag, the bubble, the heat, the supplies."""
    seat = int(car["seat"])
    _, top, right, _ = box
    winners = (view.get("outcome") or {}).get("winners", [])
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


def _dashboard_tag(
    car: Mapping[str, Any], view: Mapping[str, Any], labels: Mapping[str, str], won: bool
) -> str:
    if won:
        return labels["winner_tag"]
    if car["out"]:
        return labels["out"]
    if car["seat"] == view.get("turn"):
        return labels["turn_tag"]
    laps = int(view["course"]["laps"])
    if laps > 1 and car["placed"]:
        return fill_label(labels["lap"], lap=car["lap"], laps=laps)
    return ""


def _badge(canvas: Canvas, xy: Point, seat: int) -> None:
    x, y = xy
    fill = seat_colour(seat)
    canvas.rect((x, y, x + 36, y + 40), fill, BLACK, 2, 8)
    canvas.text((x + 18, y + 20), str(seat + 1), TextSize.LABEL, readable_ink(fill), "mm")
    canvas.shape(seat_shape(seat), (x + 36, y + 2), 7, fill, BLACK, 2)


def _speed_bubble(
    canvas: Canvas,
    layout: PanelLayout,
    car: Mapping[str, Any],
    labels: Mapping[str, str],
    right: float,
) -> None:
    heat = str(car["heat"])
    fill = HEAT_COLOURS.get(heat, HEAT_COLOURS["W"])
    canvas.circle(layout.bubble_centre, BUBBLE_RADIUS, fill, BLACK, 3)
    x, y = layout.bubble_centre
    speed = str(car["speed"]) if int(car["gear"]) else NEUTRAL_MARK
    canvas.text((x, y - 7), speed, TextSize.HEADING, readable_ink(fill), "mm")
    canvas.text((x, y + 19), heat, TextSize.SMALL, readable_ink(fill), "mm")
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
        (box[0], (box[1] + box[3]) / 2), caption, THERMO_CAPTION - 40, TextSize.SMALL, TEXT, "lm"
    )


def _thermometer(canvas: Canvas, box: Box, car: Mapping[str, Any]) -> None:
    temp = int(car["temp"])
    cells = _thermometer_cells(box, THERMO_CAPTION)
    for index, cell_box in enumerate(cells[: temp + 1]):
        canvas.rect(cell_box, THERMO_COLOURS[index], BLACK, 1, 4)
    canvas.rect(cells[min(temp, THERMO_CELLS - 1)], None, WHITE, 3, 4)
    canvas.text(
        (box[0] + THERMO_CAPTION - 8, (box[1] + box[3]) / 2),
        f"T{temp}",
        TextSize.SMALL,
        TEXT,
        "rm",
    )


SUPPLY_KEYS: Final = (
    ("armour", "armour"),
    ("tyres", "tyres"),
    ("brakes", "brakes"),
    ("turbo", "turbos"),
    ("cards", "cards"),
)


def _supply_places(box: Box) -> list[tuple[float, float, float]]:
    """(left, middle y, width) of each supply's caption and number, three to a line."""
    left, top, right, bottom = box
    column_width = (right - left) / SUPPLY_COLUMNS
    lines = -(-len(SUPPLY_KEYS) // SUPPLY_COLUMNS)
    line_height = (bottom - top) / lines
    places = []
    for index in range(len(SUPPLY_KEYS)):
        row, column = divmod(index, SUPPLY_COLUMNS)
        places.append((left + column * column_width, top + (row + 0.5) * line_height, column_width))
    return places


def _supply_captions(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    for (label_key, _), (x, y, width) in zip(SUPPLY_KEYS, _supply_places(box), strict=True):
        canvas.fitted_text(
            (x, y),
            labels[label_key],
            width - SUPPLY_NUMBER_ROOM,
            TextSize.SMALL,
            TEXT_MUTED,
            "lm",
            bold=False,
        )


def _supplies(canvas: Canvas, box: Box, car: Mapping[str, Any]) -> None:
    for (_, view_key), (x, y, width) in zip(SUPPLY_KEYS, _supply_places(box), strict=True):
        value = int(car[view_key])
        ink = DANGER if view_key == "armour" and value <= 1 else TEXT
        canvas.text((x + width - 14, y), str(value), TextSize.BODY, ink, "rm")


# --- footer: the last dice ------------------------------------------------------------------
def draw_footer(
    canvas: Canvas, box: Box, view: Mapping[str, Any], labels: Mapping[str, str]
) -> None:
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, 14)
    middle = (top + bottom) / 2
    throws = [e for e in view.get("events", []) if e.get("type") == "roll"]
    throws = throws[-MAX_FOOTER_THROWS:]
    if not throws:
        canvas.text((left + 20, middle), labels["no_dice"], TextSize.BODY, TEXT_MUTED, "lm")
        return
    x = left + 20
    x += canvas.text_width(labels["last_dice"], TextSize.SMALL) + 16
    canvas.text((left + 20, middle), labels["last_dice"], TextSize.SMALL, TEXT_MUTED, "lm")
    for throw in throws:
        x = _throw(canvas, (x, middle), throw, labels, right - 10)
        if x >= right - 10:
            break


def _throw(
    canvas: Canvas, xy: Point, throw: Mapping[str, Any], labels: Mapping[str, str], right: float
) -> float:
    x, y = xy
    seat = int(throw["seat"])
    name = labels.get(f"test_{throw.get('test')}", str(throw.get("test")))
    dice = [int(d) for d in throw.get("dice", [])]
    needed = 30 + canvas.text_width(name, TextSize.SMALL) + len(dice) * (DIE_SIZE + 4) + 60
    if x + needed > right:
        return right
    _mini_badge(canvas, (x, y), seat)
    x += 34
    canvas.text((x, y), name, TextSize.SMALL, TEXT, "lm")
    x += canvas.text_width(name, TextSize.SMALL) + 8
    for die in dice:
        canvas.die((x, y - DIE_SIZE / 2, x + DIE_SIZE, y + DIE_SIZE / 2), die)
        x += DIE_SIZE + 4
    result = f"= {throw.get('result')}"
    canvas.text((x + 2, y), result, TextSize.BODY, HIGHLIGHT, "lm")
    return x + canvas.text_width(result, TextSize.BODY) + 26


def _mini_badge(canvas: Canvas, xy: Point, seat: int) -> None:
    x, y = xy
    fill = seat_colour(seat)
    canvas.rect((x, y - 15, x + 26, y + 15), fill, BLACK, 2, 6)
    canvas.text((x + 13, y), str(seat + 1), TextSize.SMALL, readable_ink(fill), "mm")


# --- the picture ----------------------------------------------------------------------------
def layout_height(view: Mapping[str, Any]) -> int:
    panels = panel_boxes(len(view["cars"]), 0)
    track_height = MAX_BANDS * BAND_HEIGHT + (MAX_BANDS - 1) * BAND_GAP
    return round(
        MARGIN
        + HEADER_HEIGHT
        + GAP
        + track_height
        + GAP
        + panels[-1][3]
        + GAP
        + FOOTER_HEIGHT
        + MARGIN
    )


def render(view: dict[str, Any], labels: dict[str, str] | None = None) -> bytes:
    """The board as a PNG, drawn from the public view only."""
    return encode_png(render_image(view, labels), palette=board_palette())


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it)."""
    words = merge_labels(LABEL_DEFAULTS, labels)
    height = layout_height(view)
    track = make_track(view, MARGIN + HEADER_HEIGHT + GAP)
    layer = static_layer(track.top, len(view["cars"]), height, tuple(sorted(words.items())))
    canvas = Canvas(WIDTH, height, base=layer)
    draw_track(canvas, track, words)
    status, seat = status_line(view, words)
    accent = seat_colour(seat) if seat is not None else SURFACE_RAISED
    header_strip(
        canvas,
        (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_HEIGHT),
        words["title"],
        status,
        accent,
        seat_shape(seat) if seat is not None else None,
    )
    draw_hazards(canvas, track, view)
    draw_path(canvas, track, view)
    draw_cars(canvas, track, view)
    panels_top = track.bottom + GAP
    boxes = panel_boxes(len(view["cars"]), panels_top)
    for box, car in zip(boxes, view["cars"], strict=True):
        draw_dashboard(canvas, box, car, view, words)
    footer_top = boxes[-1][3] + GAP
    draw_footer(
        canvas, (MARGIN, footer_top, WIDTH - MARGIN, footer_top + FOOTER_HEIGHT), view, words
    )
    return canvas.finish()


# --- the palette ----------------------------------------------------------------------------
PALETTE_GAMES: Final = ((6, 1, 150, "oval"), (2, 2, 10_000, "sprint"), (4, 3, 60, "sprint"))
HEATS: Final = ("W", "Y", "O", "R")


def palette_views() -> list[dict[str, Any]]:
    """Boards that between them show every colour a Rush'n'Crush board can: six seats, each
    heat and temperature, wrecks, nails, a car out, thrown dice, laps (``board_palette``)."""
    views = []
    for players, seed, steps, course in PALETTE_GAMES:
        rng = random.Random(seed)
        state = GAME.new_state(players, seed, {"course": course})
        for _ in range(steps):
            acting = sorted(GAME.to_act(state))
            if not acting:
                break
            state = GAME.apply(state, acting[0], rng.choice(GAME.legal_actions(state, acting[0])))
        views.append(GAME.view(state, None))
    shown = views[0]
    cars = [
        {**car, "heat": HEATS[index % 4], "temp": index + 1, "out": index == len(shown["cars"]) - 1}
        for index, car in enumerate(shown["cars"])
    ]
    rows = sorted(int(car["row"]) for car in cars if car["placed"])
    throws = [
        {"type": "roll", "seat": seat, "test": "driving", "dice": [1, 3, 6], "result": 6}
        for seat in range(3)
    ]
    views.append(
        {
            **shown,
            "cars": cars,
            "wrecks": [
                [lane, _physical(shown["course"], row + 1), lane - 1]
                for lane, row in zip((2, 3), rows, strict=False)
            ],
            "events": throws,
            "outcome": {"winners": [1], "reason": "finish"},
        }
    )
    return views


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Rush'n'Crush board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it, and an unchanged part keeps its exact colours)."""
    return build_palette([render_image(view) for view in palette_views()])
