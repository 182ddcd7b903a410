"""The Rush'n'Crush board picture, drawn from the public view (``GAME.view(state, None)``).

The course runs left to right in up to two bands of rows, lane 1 (the left lane in the
driving direction) on top; rock is dark and hatched, the road sand-coloured. Every row is
numbered as the buttons name it (grid rows G1..G3). A loop is drawn once, as on the table,
each car marked with its lap; a course longer than the two bands gets an overview strip of
the whole course with every car, the detailed stretch framed on it. Cars are rounded tiles
in their seat's colour carrying their number (seat + 1); wrecks are grey tiles with a cross
and the number; nails are a row of spikes. The last move's path is an arrow.
Under the course, one dashboard per driver: gear and speed bubble (its heat written as a
letter too), the thermometer, and armour, tyres, brakes and turbo left. The footer shows the
dice of the last action.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_5``: the players' names
  (empty: ``car`` stands in). ``car``: "Car {n}".
- ``status_trade``, ``status_grid``, ``status_dash``, ``status_move``,
  ``status_won``, ``status_nobody``: the header line (``{player}``, ``{points}``).
- ``gear``, ``neutral``, ``heat``, ``armour``, ``tyres``, ``brakes``, ``turbo``, ``cards``,
  ``out``, ``lap``, ``turn_tag``, ``winner_tag``: dashboard words (``{gear}``, ``{lap}``,
  ``{laps}``).
- ``start``, ``finish``: the course marks; ``grid_row``: a grid row's ruler name ("G{n}");
  ``last_dice``, ``no_dice``: the footer.
- ``test_heat``, ``test_driving``, ``test_armour``, ``test_hard``, ``test_rock``,
  ``test_push_attack``, ``test_push_defend``: the names of the dice throws.
- ``graph_title`` (``{player}``), ``graph_title_nobody``, ``graph_driving``, ``graph_rock``,
  ``graph_wreck``, ``legend``: the dashboard graph under the dashboards (every bubble with its
  heat colour, solid and dotted lines, where the car on turn is and may go this turn, the
  driving-test and rock dice for each speed) and its legend. ``heat_W``, ``heat_Y``,
  ``heat_O``, ``heat_R``: the heat colours' letters in the speed bubbles.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image

from bot.games import rushncrush_data as data
from bot.games.rushncrush import Bubble, heat_colour, reachable_bubbles
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
    encode_png,
    fill_label,
    header_strip,
    layer_cache,
    merge_labels,
    mix,
    readable_ink,
    seat_colour,
    seat_shape,
    stored_palette,
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
    "grid_row": "G{n}",
    "last_dice": "Last throw",
    "no_dice": "No dice thrown",
    "test_heat": "heat",
    "test_driving": "driving",
    "test_armour": "armour",
    "test_hard": "hard armour",
    "test_rock": "rock",
    "test_push_attack": "push",
    "test_push_defend": "resist",
    "graph_title": "Dashboard of {player}: ringed = the lever now, yellow = where it can go "
    "this turn",
    "graph_title_nobody": "Dashboard: solid lines accelerate and decelerate, dotted lines "
    "change gear",
    "heat_W": "W",
    "heat_Y": "Y",
    "heat_O": "O",
    "heat_R": "R",
    "graph_driving": "Driving test",
    "graph_rock": "Rock hit",
    "graph_wreck": "wreck",
    "legend": "W/Y/O/R heat colour (0-3 heat dice) · T0-T5 temperature, T6 explodes · "
    "↑ highest die kept, ↓ lowest · ② lap",
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
RULER_HEIGHT: Final = 50  # the row numbers, then the START and FINISH marks
RULER_NUMBER_Y: Final = 13
RULER_MARK_Y: Final = 37
BAND_HEIGHT: Final = 2 * WALL_HEIGHT + LANES * CELL_HEIGHT + RULER_HEIGHT
BAND_GAP: Final = 12
ROWS_BEHIND: Final = 3  # rows shown behind the last car
HATCH_STEP: Final = CELL_WIDTH / 4  # divides a column, so the rock's lines run on across cells
COLUMN_CACHE: Final = 192  # rows' pictures kept (about 35 KB each)
OVERVIEW_CELL_HEIGHT: Final = 12
OVERVIEW_HEIGHT: Final = 4 * OVERVIEW_CELL_HEIGHT + 34  # the strip, then START and FINISH
OVERVIEW_CAR_RADIUS: Final = 11
LAP_BADGE_RADIUS: Final = 11
PANEL_HEIGHT: Final = 200
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
SUPPLY_TOP: Final = 138
SUPPLY_COLUMNS: Final = 5
SUPPLY_ICON: Final = 13  # a supply's pictogram radius: readable on a phone with its number
DIE_SIZE: Final = 40
MAX_FOOTER_THROWS: Final = 3
NEUTRAL_MARK: Final = "P"  # the dashboard's neutral bubble
GRAPH_SPEEDS: Final = (0, *sorted({speed for b in data.GEAR_BUBBLES.values() for speed, _ in b}))
GRAPH_ROW: Final = 34
GRAPH_TABLE_ROW: Final = 30
GRAPH_TITLE: Final = 40
GRAPH_CAPTION_WIDTH: Final = 150
GRAPH_BUBBLE: Final = 15
GRAPH_LEGEND_LINE: Final = 28
GRAPH_HEIGHT: Final = GRAPH_TITLE + 6 * GRAPH_ROW + 2 * GRAPH_TABLE_ROW + 2 * GRAPH_LEGEND_LINE + 16

# --- colours -------------------------------------------------------------------------------
ROAD: Final = (150, 128, 94)
ROAD_GRID: Final = mix(ROAD, WHITE, 0.25)
ROCK: Final = (58, 50, 46)
ROCK_HATCH: Final = (96, 84, 74)
OFF_COURSE: Final = mix(BACKGROUND, SURFACE, 0.5)
WRECK: Final = (70, 72, 78)
WRECK_INK: Final = (190, 192, 198)
NAIL: Final = (225, 228, 235)
SHIELD: Final = (150, 160, 176)
TYRE: Final = (40, 40, 44)
TYRE_HUB: Final = (150, 150, 156)
CARD_FACE: Final = (236, 238, 242)
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
def physical_row(course: Mapping[str, Any], row: int) -> int:
    return row if row <= 0 else (row - 1) % int(course["loop_rows"]) + 1


def display_length(course: Mapping[str, Any]) -> int:
    """The rows drawn for the course: one loop of a loop course, else the whole course."""
    return int(course["loop_rows"]) if int(course["laps"]) > 1 else int(course["length"])


def display_row(course: Mapping[str, Any], row: int) -> int:
    """Where a car's row is drawn: on a loop, its place on the one loop (past the finish:
    the column after it)."""
    if int(course["laps"]) <= 1 or row <= 0:
        return row
    if row > int(course["length"]):
        return int(course["loop_rows"]) + 1
    return physical_row(course, row)


def course_rows(view: Mapping[str, Any]) -> range:
    """Every drawable row: the start grid, the course, one column past the finish."""
    course = view["course"]
    return range(-int(course["grid_rows"]) + 1, display_length(course) + 2)


def needs_overview(view: Mapping[str, Any]) -> bool:
    """The course is longer than the two bands: an overview strip shows all of it."""
    return len(course_rows(view)) > BAND_ROWS * MAX_BANDS


def visible_rows(view: Mapping[str, Any]) -> range:
    """The rows drawn in detail: the whole course when it fits in the two bands, else from
    just behind the last car, as far ahead as two bands reach."""
    course = view["course"]
    every = course_rows(view)
    first_row, last_row = every.start, every.stop - 1
    span = BAND_ROWS * MAX_BANDS
    if not needs_overview(view):
        return range(first_row, first_row + span)
    cars = [c for c in view["cars"] if c["placed"] and not c["out"]] or [
        c for c in view["cars"] if c["placed"]
    ]
    rows = sorted(display_row(course, int(c["row"])) for c in cars) or [first_row]
    start = rows[0] - ROWS_BEHIND
    if rows[-1] - start >= span - 2:  # cars too spread out: follow the car on turn
        focus = next((c for c in cars if c["seat"] == view.get("turn")), None)
        start = (display_row(course, int(focus["row"])) if focus else rows[-1]) - span // 3
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


def track_top(view: Mapping[str, Any]) -> float:
    """The top of the detailed course: under the header, and the overview when there is one."""
    top = MARGIN + HEADER_HEIGHT + GAP
    return top + OVERVIEW_HEIGHT + GAP if needs_overview(view) else top


def make_track(view: Mapping[str, Any], top: float) -> Track:
    course = view["course"]
    return Track(
        rocks=frozenset((int(lane), int(row)) for lane, row in course["rocks"]),
        length=display_length(course),
        loop_rows=int(course["loop_rows"]),
        laps=int(course["laps"]),
        start=visible_rows(view).start,
        top=top,
    )


@layer_cache(maxsize=16)
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


def column_key(track: Track, row: int, labels: Mapping[str, str]) -> tuple[tuple[str, ...], str]:
    """What a row's column shows: each lane's ground and the row's name on the ruler (the
    number the buttons use; grid rows G1 at the front .. G3)."""
    grounds = tuple(_ground(track, lane, row) for lane in range(1, LANES + 1))
    if row > track.length:
        return grounds, ""
    if row <= 0:
        return grounds, fill_label(labels["grid_row"], n=1 - row)
    return grounds, str(track.physical(row))


def _ground(track: Track, lane: int, row: int) -> str:
    if row > track.length:
        return OFF_CELL
    if track.is_rock(lane, row):
        return ROCK_CELL
    return GRID_CELL if row <= 0 else ROAD_CELL


@layer_cache(maxsize=COLUMN_CACHE)
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
        ruler_y = lanes_bottom + WALL_HEIGHT + RULER_NUMBER_Y
        canvas.fitted_text(
            (CELL_WIDTH / 2, ruler_y), ruler, CELL_WIDTH - 4, TextSize.SMALL, TEXT_MUTED, "mm"
        )
    return canvas.finish()


def draw_track(canvas: Canvas, track: Track, labels: Mapping[str, str]) -> None:
    for index, row in enumerate(track.rows):
        band, column = divmod(index, BAND_ROWS)
        image = column_image(*column_key(track, row, labels))
        place = (canvas.px(track.left + column * CELL_WIDTH), canvas.px(track.band_top(band)))
        canvas.image.paste(image, place)
    _lines(canvas, track, labels)


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


def _lines(canvas: Canvas, track: Track, labels: Mapping[str, str]) -> None:
    """The start line before row 1, the chequered finish after the last row."""
    first = track.cell_box(1, 1)
    if first is not None:
        x = first[0]
        canvas.line([(x, first[1]), (x, first[1] + LANES * CELL_HEIGHT)], WHITE, 4)
        canvas.text(
            (x - 4, first[1] + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_MARK_Y),
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
    ruler_y = top + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_MARK_Y
    canvas.text((x, ruler_y), labels["finish"], TextSize.SMALL, TEXT, "rm")


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
    previous_row: int | None = None
    for lane, absolute in path:
        row = display_row(view["course"], int(absolute))
        centre = track.centre(int(lane), row)
        if centre is None:
            continue
        band = _band(track, row)
        if previous_row is not None and row < previous_row:  # round the loop: start afresh
            segments.append([])
            previous_band = band
        previous_row = row
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


def draw_cars(
    canvas: Canvas, track: Track, view: Mapping[str, Any], labels: Mapping[str, str]
) -> None:
    """Every running car in the detailed stretch; on a loop, each with its lap."""
    turn = view.get("turn")
    course = view["course"]
    for car in view["cars"]:
        if not car["placed"] or car["out"]:
            continue
        box = track.cell_box(int(car["lane"]), display_row(course, int(car["row"])))
        if box is None:
            continue
        _car(canvas, box, int(car["seat"]), car["seat"] == turn)
        if int(course["laps"]) > 1 and int(car["row"]) > 0:
            _lap_badge(canvas, (box[2] - 6, box[1] + 7), int(car["lap"]))


def _lap_badge(canvas: Canvas, centre: Point, lap: int) -> None:
    """A car's lap on a loop: a small yellow disc with the lap number, on the tile's corner."""
    canvas.circle(centre, LAP_BADGE_RADIUS, HIGHLIGHT, BLACK, 2)
    canvas.text(centre, str(lap), TextSize.SMALL, readable_ink(HIGHLIGHT), "mm")


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


# --- the overview strip ----------------------------------------------------------------------
def draw_overview(
    canvas: Canvas, view: Mapping[str, Any], top: float, shown: range, labels: Mapping[str, str]
) -> None:
    """The whole course in one compact strip: rock, wrecks, every running car (numbered),
    and a frame around the stretch drawn in detail below."""
    course = view["course"]
    every = course_rows(view)
    left, right = MARGIN + LANE_LABEL_WIDTH, WIDTH - MARGIN
    width = (right - left) / len(every)
    lanes_top = top + 4
    rocks = {(int(lane), int(row)) for lane, row in course["rocks"]}
    wrecks = {(int(lane), int(row)) for lane, row, _ in view["wrecks"]}
    length = display_length(course)
    canvas.rect((left, lanes_top, right, lanes_top + LANES * OVERVIEW_CELL_HEIGHT), ROAD)
    for index, row in enumerate(every):
        x = left + index * width
        for lane in range(1, LANES + 1):
            y = lanes_top + (lane - 1) * OVERVIEW_CELL_HEIGHT
            cell = (x, y, x + width, y + OVERVIEW_CELL_HEIGHT)
            if row > length:
                canvas.rect(cell, OFF_COURSE)
            elif (lane, row) in rocks:
                canvas.rect(cell, ROCK)
            elif (lane, row) in wrecks:
                canvas.rect(cell, WRECK)
    start_x = left + (1 - every.start) * width
    finish_x = left + (length + 1 - every.start) * width
    strip_bottom = lanes_top + LANES * OVERVIEW_CELL_HEIGHT
    for x in (start_x, finish_x):
        canvas.line([(x, lanes_top), (x, strip_bottom)], WHITE, 3)
    frame_left = left + (shown.start - every.start) * width
    frame_right = left + (min(shown.stop, every.stop) - every.start) * width
    canvas.rect((frame_left, top, frame_right, strip_bottom + 4), None, HIGHLIGHT, 3, 4)
    for car in view["cars"]:
        if not car["placed"] or car["out"]:
            continue
        row = display_row(course, int(car["row"]))
        x = left + (row - every.start + 0.5) * width
        y = lanes_top + (int(car["lane"]) - 0.5) * OVERVIEW_CELL_HEIGHT
        seat = int(car["seat"])
        fill = seat_colour(seat)
        canvas.circle((x, y), OVERVIEW_CAR_RADIUS, fill, BLACK, 2)
        canvas.text((x, y), str(seat + 1), TextSize.SMALL, readable_ink(fill), "mm")
    caption_y = strip_bottom + (OVERVIEW_HEIGHT - (strip_bottom - top)) / 2 + 2
    canvas.text((start_x, caption_y), labels["start"], TextSize.SMALL, TEXT_MUTED, "lm")
    canvas.text((finish_x, caption_y), labels["finish"], TextSize.SMALL, TEXT_MUTED, "rm")


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
    car: Mapping[str, Any],
    view: Mapping[str, Any],
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


def _thermometer(canvas: Canvas, box: Box, car: Mapping[str, Any]) -> None:
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


SUPPLY_KEYS: Final = (
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


def _supplies(canvas: Canvas, box: Box, car: Mapping[str, Any]) -> None:
    for (_, view_key), (x, y, _) in zip(SUPPLY_KEYS, _supply_places(box), strict=True):
        value = int(car[view_key])
        ink = DANGER if view_key == "armour" and value <= 1 else TEXT
        canvas.text((x + 2 * SUPPLY_ICON + 8, y), str(value), TextSize.HEADING, ink, "lm")


# --- the dashboard graph ----------------------------------------------------------------------
def draw_graph(
    canvas: Canvas, box: Box, view: Mapping[str, Any], labels: Mapping[str, str]
) -> None:
    """The gearbox as on the dashboard: every bubble in its heat colour (speeds across,
    gears down), solid lines (accelerate, decelerate), dotted lines (change gear), the lever
    of the car on turn and where it may go this turn; under each speed, the dice of the
    driving test and of a rock hit. Then the legend of the board's marks."""
    left, top, right, bottom = box
    canvas.panel(box, SURFACE, OUTLINE, 2)
    turn = view.get("turn")
    car = view["cars"][int(turn)] if turn is not None else None
    title = (
        fill_label(labels["graph_title"], player=player_name(labels, int(turn)))
        if turn is not None
        else labels["graph_title_nobody"]
    )
    title_y = top + GRAPH_TITLE / 2 + 2
    canvas.fitted_text((left + 16, title_y), title, right - left - 32, TextSize.SMALL, TEXT, "lm")
    columns_left = left + GRAPH_CAPTION_WIDTH
    column = (right - 12 - columns_left) / len(GRAPH_SPEEDS)
    rows_top = top + GRAPH_TITLE

    def centre(bubble: Bubble) -> Point:
        gear, speed = bubble
        x = columns_left + (GRAPH_SPEEDS.index(speed) + 0.5) * column
        return (x, rows_top + (gear + 0.5) * GRAPH_ROW)

    caption_width = GRAPH_CAPTION_WIDTH - 24
    for gear in range(len(data.GEARS) + 1):
        name = labels["neutral"] if gear == 0 else fill_label(labels["gear"], gear=gear)
        y = rows_top + (gear + 0.5) * GRAPH_ROW
        canvas.fitted_text((left + 16, y), name, caption_width, TextSize.SMALL, TEXT_MUTED, "lm")
    for speed, gears in data.DOTTED_LINES.items():  # dotted: a gear change at equal speed
        for upper, lower in itertools.pairwise(gears):
            (x, y1), (_, y2) = centre((upper, speed)), centre((lower, speed))
            y = y1 + GRAPH_BUBBLE
            while y < y2 - GRAPH_BUBBLE:
                canvas.line([(x, y), (x, min(y + 5, y2 - GRAPH_BUBBLE))], TEXT_MUTED, 3)
                y += 10
    chains = [[data.NEUTRAL, data.FIRST_BUBBLE]] + [
        [(gear, speed) for speed, _ in bubbles] for gear, bubbles in data.GEAR_BUBBLES.items()
    ]
    for chain in chains:  # solid: accelerate, decelerate
        canvas.line([centre(bubble) for bubble in chain], TEXT, 4)
    reach = reachable_bubbles(car, str(view.get("phase"))) if car is not None else set()
    here = (int(car["gear"]), int(car["speed"])) if car is not None else None
    bubbles = [data.NEUTRAL] + [
        (gear, speed) for gear, chain in data.GEAR_BUBBLES.items() for speed, _ in chain
    ]
    for bubble in bubbles:
        fill = HEAT_COLOURS[heat_colour(bubble)]
        point = centre(bubble)
        if bubble in reach and bubble != here:
            canvas.circle(point, GRAPH_BUBBLE + 5, None, HIGHLIGHT, 4)
        canvas.circle(point, GRAPH_BUBBLE, fill, BLACK, 2)
        mark = NEUTRAL_MARK if bubble == data.NEUTRAL else str(bubble[1])
        canvas.text(point, mark, TextSize.SMALL, readable_ink(fill), "mm")
        if bubble == here and car is not None:
            canvas.circle(point, GRAPH_BUBBLE + 6, None, seat_colour(int(car["seat"])), 5)
    table_top = rows_top + (len(data.GEARS) + 1) * GRAPH_ROW
    rows = (("graph_driving", data.DRIVING_TEST, False), ("graph_rock", data.ROCK_DAMAGE, True))
    for index, (key, table, rock) in enumerate(rows):
        y = table_top + (index + 0.5) * GRAPH_TABLE_ROW
        canvas.fitted_text(
            (left + 16, y), labels[key], caption_width, TextSize.SMALL, TEXT_MUTED, "lm"
        )
        for speed in GRAPH_SPEEDS:
            text = _table_cell(speed, table, rock, labels)
            x = columns_left + (GRAPH_SPEEDS.index(speed) + 0.5) * column
            canvas.fitted_text((x, y), text, column - 4, TextSize.SMALL, TEXT, "mm", False)
    legend_y = bottom - 10 - 1.5 * GRAPH_LEGEND_LINE
    x = left + 16
    for _, view_key in SUPPLY_KEYS:  # the supplies' pictograms, named
        supply_icon(canvas, view_key, (x + 10, legend_y), 10)
        x += 26
        word = labels[dict((v, k) for k, v in SUPPLY_KEYS)[view_key]]
        x += canvas.fitted_text((x, legend_y), word, 110, TextSize.SMALL, TEXT_MUTED, "lm") + 16
    canvas.fitted_text(
        (left + 16, legend_y + GRAPH_LEGEND_LINE),
        labels["legend"],
        right - left - 32,
        TextSize.SMALL,
        TEXT_MUTED,
        "lm",
        False,
    )


def _table_cell(
    speed: int, table: Mapping[int, tuple[int, str]], rock: bool, labels: Mapping[str, str]
) -> str:
    """A speed's dice: ``5↑`` (five dice, keep the highest); none up to speed 5."""
    if speed == 0:
        return ""
    if speed <= data.FREE_DRIVING_SPEED:
        return f"−{data.SLOW_ROCK_DAMAGE}" if rock else "∞"
    if rock and speed >= data.DEADLY_ROCK_SPEED:
        return labels["graph_wreck"]
    dice, keep = table[speed]
    if dice == 0:
        return "0"
    return f"{dice}{'↑' if keep == data.KEEP_HIGHEST else '↓'}"


# --- footer: the last dice ------------------------------------------------------------------
def draw_footer(
    canvas: Canvas, box: Box, view: Mapping[str, Any], labels: Mapping[str, str]
) -> None:
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, 14)
    middle = (top + bottom) / 2
    throws = [e for e in view.get("events", []) if e.get("type") == "roll"]
    throws = (throws or list(view.get("last_rolls") or []))[-MAX_FOOTER_THROWS:]
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
        track_top(view)
        + track_height
        + GAP
        + panels[-1][3]
        + GAP
        + GRAPH_HEIGHT
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
    track = make_track(view, track_top(view))
    fixed = tuple(sorted((k, v) for k, v in words.items() if not k.startswith("player_")))
    layer = static_layer(track.top, len(view["cars"]), height, fixed)
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
    if needs_overview(view):
        draw_overview(canvas, view, MARGIN + HEADER_HEIGHT + GAP, track.rows, words)
    draw_hazards(canvas, track, view)
    draw_path(canvas, track, view)
    draw_cars(canvas, track, view, words)
    panels_top = track.bottom + GAP
    boxes = panel_boxes(len(view["cars"]), panels_top)
    for box, car in zip(boxes, view["cars"], strict=True):
        draw_dashboard(canvas, box, car, view, words)
    graph_top = boxes[-1][3] + GAP
    draw_graph(canvas, (MARGIN, graph_top, WIDTH - MARGIN, graph_top + GRAPH_HEIGHT), view, words)
    footer_top = graph_top + GRAPH_HEIGHT + GAP
    draw_footer(
        canvas, (MARGIN, footer_top, WIDTH - MARGIN, footer_top + FOOTER_HEIGHT), view, words
    )
    return canvas.finish()


# --- the palette ----------------------------------------------------------------------------


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Rush'n'Crush board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it, and an unchanged part keeps its exact colours)."""
    return stored_palette("rushncrush")
