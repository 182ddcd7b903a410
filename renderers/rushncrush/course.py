"""The course in the picture: which rows are drawn (a loop once, a long course from just
behind the last car, with an overview strip of all of it), the ground of each row as a cached
column picture, the start and finish lines, and what is on the road: wrecks, nails, the last
move's path, the cars."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from bot.games.rushncrush import CourseView, RncPublicView
from renderers.base import (
    BLACK,
    HIGHLIGHT,
    SUPERSAMPLE,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Box,
    Canvas,
    Point,
    fill_label,
    layer_cache,
    mix,
    readable_ink,
    seat_colour,
)
from renderers.rushncrush.layout import (
    BAND_GAP,
    BAND_HEIGHT,
    BAND_ROWS,
    BIG_NUMBER,
    BOARD_BANDS,
    CAR_HEIGHT,
    CAR_WIDTH,
    CELL_HEIGHT,
    CELL_WIDTH,
    CHECKER_DARK,
    CHECKER_LIGHT,
    COLUMN_CACHE,
    COURSE_LEFT,
    GAP,
    HATCH_STEP,
    HEADER_HEIGHT,
    LANE_LABEL_WIDTH,
    LANES,
    LAP_BADGE_RADIUS,
    MARGIN,
    NAIL,
    NUMBER,
    OFF_COURSE,
    OVERVIEW_CAR_RADIUS,
    OVERVIEW_CELL_HEIGHT,
    OVERVIEW_HEIGHT,
    OVERVIEW_STRIP_TOP,
    PATH_FADE,
    PATH_HEAD,
    PATH_WIDTH,
    ROAD,
    ROAD_GRID,
    ROCK,
    ROCK_HATCH,
    ROWS_BEHIND,
    RULER_MARK_Y,
    RULER_NUMBER_Y,
    WALL_HEIGHT,
    WORD,
    WRECK,
    WRECK_INK,
)


# --- the view -------------------------------------------------------------------------------
def physical_row(course: CourseView, row: int) -> int:
    return row if row <= 0 else (row - 1) % int(course["loop_rows"]) + 1


def display_length(course: CourseView) -> int:
    """The rows drawn for the course: one loop of a loop course, else the whole course."""
    return int(course["loop_rows"]) if int(course["laps"]) > 1 else int(course["length"])


def display_row(course: CourseView, row: int) -> int:
    """Where a car's row is drawn: on a loop, its place on the one loop (past the finish:
    the column after it)."""
    if int(course["laps"]) <= 1 or row <= 0:
        return row
    if row > int(course["length"]):
        return int(course["loop_rows"]) + 1
    return physical_row(course, row)


def course_rows(view: RncPublicView) -> range:
    """Every drawable row: the start grid, the course, one column past the finish."""
    course = view["course"]
    return range(-int(course["grid_rows"]) + 1, display_length(course) + 2)


def needs_overview(view: RncPublicView, bands: int = BOARD_BANDS) -> bool:
    """The course is longer than the bands drawn: an overview strip shows all of it."""
    return len(course_rows(view)) > BAND_ROWS * bands


def clamped_start(view: RncPublicView, start: int, bands: int = BOARD_BANDS) -> int:
    """The first row of a stretch of ``bands`` starting near ``start`` that stays on the
    course (the whole course, from its first row, when it fits)."""
    every = course_rows(view)
    span = BAND_ROWS * bands
    if not needs_overview(view, bands):
        return every.start
    return max(every.start, min(start, every.stop - span))


def visible_rows(view: RncPublicView, bands: int = BOARD_BANDS) -> range:
    """The rows drawn in detail: the whole course when it fits in the bands, else from
    just behind the last car, as far ahead as the bands reach."""
    course = view["course"]
    span = BAND_ROWS * bands
    cars = [c for c in view["cars"] if c["placed"] and not c["out"]] or [
        c for c in view["cars"] if c["placed"]
    ]
    rows = sorted(display_row(course, int(c["row"])) for c in cars) or [course_rows(view).start]
    start = rows[0] - ROWS_BEHIND
    if rows[-1] - start >= span - 2:  # cars too spread out: follow the car on turn
        focus = next((c for c in cars if c["seat"] == view.get("turn")), None)
        start = (display_row(course, int(focus["row"])) if focus else rows[-1]) - span // 3
    start = clamped_start(view, start, bands)
    return range(start, start + span)


def stretch_around(view: RncPublicView, row: int, bands: int) -> range:
    """A stretch of ``bands`` with ``row`` (a display row) a third of the way in."""
    span = BAND_ROWS * bands
    start = clamped_start(view, row - span // 3, bands)
    return range(start, start + span)


def stretch_starts(view: RncPublicView, bands: int) -> list[int]:
    """The first rows of the stretches of ``bands`` that together cover the course, a band
    apart (a zoom's choices)."""
    every = course_rows(view)
    last = clamped_start(view, every.stop, bands)
    starts = list(range(every.start, last, BAND_ROWS))
    return [*starts, last]


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
    left: float = COURSE_LEFT + LANE_LABEL_WIDTH
    bands: int = BOARD_BANDS

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


def track_top(view: RncPublicView, bands: int = BOARD_BANDS) -> float:
    """The top of the detailed course: under the header, and the overview when there is one."""
    top = MARGIN + HEADER_HEIGHT + GAP
    return top + OVERVIEW_HEIGHT + GAP if needs_overview(view, bands) else top


def make_track(
    view: RncPublicView, top: float, bands: int = BOARD_BANDS, start: int | None = None
) -> Track:
    """The stretch drawn in detail: the cars' part of the course (``visible_rows``), or the
    one starting at ``start`` (kept on the course)."""
    course = view["course"]
    first = visible_rows(view, bands).start if start is None else clamped_start(view, start, bands)
    return Track(
        rocks=frozenset((int(lane), int(row)) for lane, row in course["rocks"]),
        length=display_length(course),
        loop_rows=int(course["loop_rows"]),
        laps=int(course["laps"]),
        start=first,
        top=top,
        bands=bands,
    )


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
            (CELL_WIDTH / 2, ruler_y), ruler, CELL_WIDTH - 2, NUMBER, TEXT_MUTED, "mm", True, NUMBER
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
                (COURSE_LEFT + LANE_LABEL_WIDTH / 2, y), str(lane), NUMBER, TEXT_MUTED, "mm"
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
        mark_y = first[1] + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_MARK_Y
        room = x - COURSE_LEFT  # left of the line, unless the band starts there
        if canvas.text_width(labels["start"], WORD) + 4 <= room:
            canvas.text((x - 4, mark_y), labels["start"], WORD, TEXT, "rm")
        else:
            canvas.text((x + 4, mark_y), labels["start"], WORD, TEXT, "lm")
    last = track.cell_box(1, track.length)
    if last is None:
        return
    x, top = last[2], last[1]
    square = CELL_HEIGHT / 4
    canvas.sprite(
        "finish", (x - square, top, x, top + LANES * CELL_HEIGHT), lambda c, at: _chequer(c, at)
    )
    ruler_y = top + LANES * CELL_HEIGHT + WALL_HEIGHT + RULER_MARK_Y
    canvas.text((x, ruler_y), labels["finish"], WORD, TEXT, "rm")


def _chequer(canvas: Canvas, corner: Point) -> None:
    """The finish line's two columns of squares, drawn as one piece (so no seam shows)."""
    square = CELL_HEIGHT / 4
    for index in range(LANES * 4):
        for column in range(2):
            fill = CHECKER_DARK if (index + column) % 2 else CHECKER_LIGHT
            left = corner[0] + column * square / 2
            top = corner[1] + index * square
            canvas.rect((left, top, left + square / 2, top + square), fill)


def draw_hazards(canvas: Canvas, track: Track, view: RncPublicView) -> None:
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
            target.circle(((left + right) / 2, (top + bottom) / 2), 13, WRECK, None)

    canvas.sprite(("wreck", numbered), tile, draw)
    if numbered:
        centre = ((tile[0] + tile[2]) / 2, (tile[1] + tile[3]) / 2)
        canvas.text(centre, str(seat + 1), NUMBER, WHITE, "mm")


def _nails(canvas: Canvas, box: Box) -> None:
    left, _, right, bottom = box
    base = bottom - 5
    width = (right - left - 6) / 4
    height = 20

    def draw(target: Canvas, corner: Point) -> None:
        for index in range(4):
            x = corner[0] + index * width
            spike = [
                (x, corner[1] + height),
                (x + width / 2, corner[1]),
                (x + width, corner[1] + height),
            ]
            target.polygon(spike, NAIL, BLACK, 1)

    canvas.sprite(("nails", width), (left + 3, base - height, right - 3, base), draw)


def draw_path(canvas: Canvas, track: Track, view: RncPublicView) -> None:
    """The move being made, else the last move, as an arrow through the cells' centres."""
    move = view.get("move")
    last_path = view.get("last_path")
    if move and len(move["path"]) > 1:
        seat, path = int(move["seat"]), move["path"]
    elif last_path:
        seat, path = int(last_path["seat"]), last_path["path"]
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
            canvas.arrow(points, colour, PATH_WIDTH, PATH_HEAD)
        else:
            canvas.line(points, colour, PATH_WIDTH)


def _band(track: Track, row: int) -> int:
    return (row - track.rows.start) // BAND_ROWS


def draw_cars(canvas: Canvas, track: Track, view: RncPublicView) -> None:
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
            _lap_badge(canvas, (box[2] - 5, box[1] + 6), int(car["lap"]))


def _lap_badge(canvas: Canvas, centre: Point, lap: int) -> None:
    """A car's lap on a loop: a small yellow disc with the lap number, on the tile's corner."""
    canvas.circle(centre, LAP_BADGE_RADIUS, HIGHLIGHT, BLACK, 2)
    canvas.text(centre, str(lap), NUMBER, readable_ink(HIGHLIGHT), "mm")


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
        target.polygon([(right - 1, nose - 7), (right + 5, nose), (right - 1, nose + 7)], BLACK)

    frame = (tile[0] - 4, tile[1] - 4, tile[2] + 6, tile[3] + 4)
    canvas.sprite(("car", fill, on_turn), frame, draw)
    centre = ((tile[0] + tile[2]) / 2 - 1, middle)
    canvas.text(centre, str(seat + 1), BIG_NUMBER, readable_ink(fill), "mm")


# --- the overview strip ----------------------------------------------------------------------
def draw_overview(
    canvas: Canvas, view: RncPublicView, top: float, shown: range, labels: Mapping[str, str]
) -> None:
    """The whole course in one compact strip: rock, wrecks, a frame around the stretch drawn
    in detail, and every running car, numbered on a disc above the strip (spread apart when
    cars are close) with a line down to where it is."""
    course = view["course"]
    every = course_rows(view)
    left = COURSE_LEFT + LANE_LABEL_WIDTH
    right = left + BAND_ROWS * CELL_WIDTH
    width = (right - left) / len(every)
    lanes_top = top + OVERVIEW_STRIP_TOP
    rocks = {(int(lane), int(row)) for lane, row in course["rocks"]}
    wrecks = {(int(lane), int(row)) for lane, row, _ in view["wrecks"]}
    length = display_length(course)
    strip_bottom = lanes_top + LANES * OVERVIEW_CELL_HEIGHT
    canvas.rect((left, lanes_top, right, strip_bottom), ROAD)
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
    for x in (start_x, finish_x):
        canvas.line([(x, lanes_top), (x, strip_bottom)], WHITE, 3)
    frame_left = left + (max(shown.start, every.start) - every.start) * width
    frame_right = left + (min(shown.stop, every.stop) - every.start) * width
    canvas.rect((frame_left, lanes_top - 4, frame_right, strip_bottom + 4), None, HIGHLIGHT, 3, 4)
    _overview_cars(canvas, view, (left, right), width, (top + OVERVIEW_CAR_RADIUS + 2, lanes_top))
    caption_y = strip_bottom + 20
    canvas.text((left, caption_y), labels["start"], WORD, TEXT_MUTED, "lm")
    canvas.text((right, caption_y), labels["finish"], WORD, TEXT_MUTED, "rm")


def _overview_cars(
    canvas: Canvas,
    view: RncPublicView,
    span: tuple[float, float],
    width: float,
    heights: tuple[float, float],
) -> None:
    """The running cars on the overview: a dot where each is on the strip, a numbered disc
    on the marker line above it, moved aside as little as needed so no two discs overlap."""
    course = view["course"]
    every = course_rows(view)
    marker_y, lanes_top = heights
    placed = []
    for car in view["cars"]:
        if car["placed"] and not car["out"]:
            row = display_row(course, int(car["row"]))
            x = span[0] + (row - every.start + 0.5) * width
            y = lanes_top + (int(car["lane"]) - 0.5) * OVERVIEW_CELL_HEIGHT
            placed.append((x, y, int(car["seat"])))
    placed.sort()
    discs = _spread([x for x, _, _ in placed], 2 * OVERVIEW_CAR_RADIUS + 3, span)
    for (x, y, seat), disc_x in zip(placed, discs, strict=True):
        fill = seat_colour(seat)
        canvas.line([(disc_x, marker_y), (x, y)], BLACK, 4)
        canvas.line([(disc_x, marker_y), (x, y)], fill, 2)
        canvas.circle((x, y), 4, fill, BLACK, 1)
        canvas.circle((disc_x, marker_y), OVERVIEW_CAR_RADIUS, fill, BLACK, 2)
        canvas.text((disc_x, marker_y), str(seat + 1), NUMBER, readable_ink(fill), "mm")


def _spread(xs: list[float], step: float, span: tuple[float, float]) -> list[float]:
    """Positions near ``xs`` (sorted), at least ``step`` apart, within ``span``."""
    low, high = span[0] + step / 2, span[1] - step / 2
    placed: list[float] = []
    for x in xs:
        x = min(max(x, low), high)
        placed.append(max(x, placed[-1] + step) if placed else x)
    overflow = placed[-1] - high if placed else 0.0
    if overflow > 0:  # pushed past the right end: move the crowd back left
        placed = [x - overflow for x in placed]
        for index in range(len(placed) - 2, -1, -1):
            placed[index] = min(placed[index], placed[index + 1] - step)
    return placed
