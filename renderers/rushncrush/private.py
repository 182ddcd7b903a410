"""A player's private pictures (``render_private(view, focus, labels)``), drawn for a phone
like the board:

- focus ``dashboard``: their own dashboard, large (speed bubble, gear and lap, thermometer,
  supplies with their words), then the gearbox with their lever and where it may go this
  turn, the driving-test and rock dice of each speed, and the legend;
- focus ``zoom:<row>``: a stretch of the course three bands long from that row (a display
  row: a loop is drawn once), with the overview of the whole course framing it: any part of
  the course at the board's readable size.

Both read only the view they are given (a seat's own view, or the public view for someone
not seated: a zoom shows only what the board shows)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

from PIL import Image

from bot.games.rushncrush import CarView, RncPublicView, RncSeatView
from renderers.base import (
    DANGER,
    OUTLINE,
    PANEL_RADIUS,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    TextSize,
    encode_png,
    fill_label,
    layer_cache,
    merge_labels,
    seat_colour,
)
from renderers.rushncrush.course import (
    column_key,
    course_rows,
    draw_cars,
    draw_hazards,
    draw_lane_numbers,
    draw_overview,
    draw_path,
    draw_track,
    make_track,
    needs_overview,
)
from renderers.rushncrush.dashboards import (
    SUPPLY_KEYS,
    badge,
    dashboard_tag,
    gear_text,
    lap_text,
    speed_bubble,
    supply_icon,
    thermometer,
)
from renderers.rushncrush.graph import draw_graph, draw_lever, graph_height
from renderers.rushncrush.labels import LABEL_DEFAULTS, player_name
from renderers.rushncrush.layout import (
    BADGE_HEIGHT,
    BADGE_WIDTH,
    BIG_NUMBER,
    GAP,
    INNER_LEFT,
    INNER_RIGHT,
    MARGIN,
    MINE_HEIGHT,
    NUMBER,
    OVERVIEW_HEIGHT,
    WIDTH,
    WORD,
    ZOOM_BANDS,
)
from renderers.rushncrush.picture import board_palette

ZOOM: Final = "zoom:"
DASHBOARD: Final = "dashboard"
TITLE_HEIGHT: Final = 64


def render_private(
    view: Mapping[str, Any], focus: str, labels: Mapping[str, str] | None = None
) -> bytes:
    """A player's private picture (``renderers.PRIVATE_RENDERERS``): ``zoom:<row>`` a
    stretch of the course, anything else their own dashboard."""
    return encode_png(private_image(view, focus, labels), palette=board_palette())


def private_image(
    view: Mapping[str, Any], focus: str, labels: Mapping[str, str] | None = None
) -> Image.Image:
    words = merge_labels(LABEL_DEFAULTS, labels)
    if focus.startswith(ZOOM):
        start = focus.removeprefix(ZOOM)
        first = int(start) if start.lstrip("-").isdigit() else None
        return draw_zoom(cast(RncPublicView, view), first, words)
    return draw_mine(cast(RncSeatView, view), words)


def zoom_focus(row: int) -> str:
    return f"{ZOOM}{row}"


# --- a zoom on the course --------------------------------------------------------------------
def row_name(view: RncPublicView, row: int, labels: Mapping[str, str]) -> str:
    """A display row as the ruler names it (G1..G3 on the grid; past the finish, the last)."""
    track = make_track(view, 0, ZOOM_BANDS, row)
    last = course_rows(view).stop - 2
    return column_key(track, min(row, last), labels)[1]


def zoom_rows(view: RncPublicView, start: int | None) -> range:
    """The rows a zoom from ``start`` shows (None: the cars' part, as the board chooses it),
    within the course."""
    track = make_track(view, 0, ZOOM_BANDS, start)
    every = course_rows(view)
    return range(track.start, min(track.rows.stop, every.stop - 1))


def draw_zoom(view: RncPublicView, start: int | None, labels: Mapping[str, str]) -> Image.Image:
    overview = needs_overview(view, ZOOM_BANDS)
    top = MARGIN + TITLE_HEIGHT + GAP + (OVERVIEW_HEIGHT + GAP if overview else 0)
    track = make_track(view, top, ZOOM_BANDS, start)
    height = round(track.bottom + MARGIN)
    canvas = Canvas(WIDTH, height)
    shown = zoom_rows(view, track.start)
    title = fill_label(
        labels["zoom_title"],
        first=row_name(view, shown.start, labels),
        last=row_name(view, shown.stop - 1, labels),
    )
    _title_strip(canvas, labels["title"], title)
    if overview:
        draw_overview(canvas, view, MARGIN + TITLE_HEIGHT + GAP, track.rows, labels)
    draw_lane_numbers(canvas, track)
    draw_track(canvas, track, labels)
    draw_hazards(canvas, track, view)
    draw_path(canvas, track, view)
    draw_cars(canvas, track, view)
    return canvas.finish()


def _title_strip(canvas: Canvas, title: str, detail: str) -> None:
    box = (INNER_LEFT, MARGIN, INNER_RIGHT, MARGIN + TITLE_HEIGHT)
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    middle = MARGIN + TITLE_HEIGHT / 2
    canvas.text((INNER_LEFT + 18, middle), title, TextSize.HEADING, TEXT, "lm")
    room = INNER_RIGHT - INNER_LEFT - 54 - canvas.text_width(title, TextSize.HEADING)
    canvas.fitted_text((INNER_RIGHT - 18, middle), detail, room, NUMBER, TEXT, "rm")


# --- a player's own dashboard ----------------------------------------------------------------
def _own_car(view: RncSeatView) -> CarView | None:
    seat = view.get("seat")
    if seat is None:
        seat = view.get("turn")
    cars = view["cars"]
    return cars[int(seat)] if seat is not None and 0 <= int(seat) < len(cars) else None


def draw_mine(view: RncSeatView, labels: Mapping[str, str]) -> Image.Image:
    car = _own_car(view)
    words = tuple(sorted((k, v) for k, v in labels.items() if not k.startswith("player_")))
    layer = mine_layer(car is not None, words)
    canvas = Canvas(WIDTH, layer.height, base=layer)
    graph = graph_box(car is not None, labels)
    if car is None:
        _title_strip(canvas, labels["title"], "")
        return canvas.finish()
    _mine_title(canvas, car, view, labels)
    mine = (INNER_LEFT, graph[1] - GAP - MINE_HEIGHT, INNER_RIGHT, graph[1] - GAP)
    _mine_panel(canvas, mine, car, view, labels)
    draw_lever(canvas, graph, car, view)
    return canvas.finish()


def graph_box(mine: bool, labels: Mapping[str, str]) -> Box:
    """Where the gearbox goes: under the title and, for a seat with a car, its dashboard
    (its legend measured as the cached layer draws it)."""
    top = MARGIN + TITLE_HEIGHT + GAP + (MINE_HEIGHT + GAP if mine else 0)
    probe = Canvas(1, 1, scale=SUPERSAMPLE)
    bottom = top + graph_height(probe, labels["legend"], INNER_RIGHT - INNER_LEFT)
    return (INNER_LEFT, top, INNER_RIGHT, bottom)


@layer_cache(maxsize=8)
def mine_layer(mine: bool, words: tuple[tuple[str, str], ...]) -> Image.Image:
    """What a private dashboard never changes (the gearbox, the panels), per language."""
    labels = dict(words)
    graph = graph_box(mine, labels)
    canvas = Canvas(WIDTH, round(graph[3] + MARGIN), scale=SUPERSAMPLE, final_text=True)
    if mine:
        box = (INNER_LEFT, graph[1] - GAP - MINE_HEIGHT, INNER_RIGHT, graph[1] - GAP)
        canvas.panel(box, SURFACE, OUTLINE, 2)
    draw_graph(canvas, graph, labels)
    return canvas.finish()


def _mine_title(canvas: Canvas, car: CarView, view: RncSeatView, labels: Mapping[str, str]) -> None:
    seat = int(car["seat"])
    box = (INNER_LEFT, MARGIN, INNER_RIGHT, MARGIN + TITLE_HEIGHT)
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    middle = MARGIN + TITLE_HEIGHT / 2
    badge(canvas, (INNER_LEFT + 14, middle - BADGE_HEIGHT / 2), seat)
    outcome = view.get("outcome")
    won = bool(outcome and seat in outcome["winners"])
    tag = dashboard_tag(car, view, labels, won)
    right: float = INNER_RIGHT - 14
    if tag:
        fill = DANGER if car["out"] else seat_colour(seat) if not won else SURFACE_RAISED
        right = canvas.chip((right, middle), tag, WORD, fill, align="right")[0] - 10
    left = INNER_LEFT + 14 + BADGE_WIDTH + 12
    title = fill_label(labels["mine_title"], player=player_name(labels, seat))
    canvas.fitted_text((left, middle), title, right - left, TextSize.LABEL, TEXT, "lm")


def _mine_panel(
    canvas: Canvas, box: Box, car: CarView, view: RncSeatView, labels: Mapping[str, str]
) -> None:
    """The dashboard, large: bubble, gear and lap, thermometer; the supplies with words."""
    left, top, right, _ = box
    radius = 46
    speed_bubble(canvas, (left + 20 + radius, top + 18 + radius), radius, car, labels)
    inner = left + 20 + 2 * radius + 24
    lap = lap_text(car, view, labels)
    lap_width = 0.0
    if lap:
        canvas.text((right - 20, top + 38), lap, NUMBER, TEXT_MUTED, "rm")
        lap_width = canvas.text_width(lap, NUMBER) + 12
    room = right - 20 - inner - lap_width
    canvas.fitted_text((inner, top + 38), gear_text(car, labels), room, TextSize.LABEL, TEXT, "lm")
    thermometer(canvas, (inner, top + 72, right - 20, top + 100), int(car["temp"]), labels)
    column = (right - left - 40) / len(SUPPLY_KEYS)
    for index, (label_key, view_key) in enumerate(SUPPLY_KEYS):
        x = left + 20 + index * column
        supply_icon(canvas, view_key, (x + 16, top + 154), 15)
        value = int(car[view_key])
        ink = DANGER if view_key == "armour" and value <= 1 else TEXT
        canvas.text((x + 40, top + 154), str(value), BIG_NUMBER + 4, ink, "lm")
        canvas.fitted_text((x, top + 192), labels[label_key], column - 8, WORD, TEXT_MUTED, "lm")
