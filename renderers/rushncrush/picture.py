"""The whole board, drawn for a phone: a header (the title, then who acts in a pill), the
overview of the whole course, the cars' part of the course in two bands, one card per
driver and a footer with the last dice thrown; all over a cached layer of what never changes.
``render`` encodes it on the fixed palette."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from bot.games.rushncrush import RncPublicView, RollEvent
from renderers.base import (
    BLACK,
    HIGHLIGHT,
    PANEL_RADIUS,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    Palette,
    Point,
    TextSize,
    encode_png,
    fill_label,
    layer_cache,
    merge_labels,
    readable_ink,
    seat_colour,
    seat_shape,
    status_pill,
    stored_palette,
)
from renderers.rushncrush.course import (
    Track,
    draw_cars,
    draw_hazards,
    draw_lane_numbers,
    draw_overview,
    draw_path,
    draw_track,
    make_track,
    needs_overview,
    track_top,
)
from renderers.rushncrush.dashboards import (
    cards_height,
    draw_dashboard,
    draw_dashboard_frame,
    panel_boxes,
)
from renderers.rushncrush.labels import LABEL_DEFAULTS, player_name
from renderers.rushncrush.layout import (
    BOARD_BANDS,
    DIE_SIZE,
    FOOTER_LINE,
    FOOTER_PAD,
    GAP,
    HEADER_HEIGHT,
    HEADER_STATUS_Y,
    HEADER_TITLE_Y,
    INNER_LEFT,
    INNER_RIGHT,
    MARGIN,
    MAX_FOOTER_THROWS,
    NUMBER,
    WIDTH,
    WORD,
)

#: Room a status pill keeps around its words: padding, and its seat's glyph.
PILL_ROOM = 40 + 36


def status_parts(view: RncPublicView, labels: Mapping[str, str]) -> tuple[str, int | None, int]:
    """The header's template, the seat it names (None: nobody), and the points to move."""
    outcome = view.get("outcome")
    if outcome is not None:
        winners = outcome["winners"]
        return (
            (labels["status_won"], winners[0], 0) if winners else (labels["status_nobody"], None, 0)
        )
    phase = view["phase"]
    acting = [int(s) for s in view.get("to_act") or []]
    turn = view.get("turn")
    if turn is not None:
        acting = [int(turn)]
    if phase == "trade" or not acting:
        return labels["status_trade"], None, 0
    seat = acting[0]
    if phase == "grid":
        return labels["status_grid"], seat, 0
    move = view.get("move")
    if phase == "move" and move:
        return labels["status_move"], seat, int(move["points"])
    return labels["status_dash"], seat, 0


def status_line(view: RncPublicView, labels: Mapping[str, str]) -> tuple[str, int | None]:
    """The header's words and the seat they are about (None: nobody in particular)."""
    template, seat, points = status_parts(view, labels)
    name = player_name(labels, seat) if seat is not None else ""
    return fill_label(template, player=name, points=points), seat


def _fitted_status(canvas: Canvas, view: RncPublicView, labels: Mapping[str, str]) -> str:
    """The status, its player's name shortened if the whole would not fit the pill (a name is
    the only thing ever cut)."""
    template, seat, points = status_parts(view, labels)
    text, _ = status_line(view, labels)
    room = INNER_RIGHT - INNER_LEFT - 24 - PILL_ROOM
    if seat is None or canvas.text_width(text, WORD) <= room:
        return text
    rest = canvas.text_width(fill_label(template, player="", points=points), WORD)
    name = canvas.clip_text(player_name(labels, seat), room - rest, WORD)
    return fill_label(template, player=name, points=points)


def draw_header(canvas: Canvas, view: RncPublicView, labels: Mapping[str, str]) -> None:
    left, top, right = INNER_LEFT, MARGIN, INNER_RIGHT
    canvas.rect((left, top, right, top + HEADER_HEIGHT), SURFACE, None, 0, PANEL_RADIUS)
    canvas.text((left + 18, top + HEADER_TITLE_Y), labels["title"], TextSize.HEADING, TEXT, "lm")
    _, seat = status_line(view, labels)
    accent = seat_colour(seat) if seat is not None else SURFACE_RAISED
    status_pill(
        canvas,
        (left + 12, top + HEADER_STATUS_Y),
        _fitted_status(canvas, view, labels),
        accent,
        seat_shape(seat) if seat is not None else None,
        right - left - 24,
    )


@layer_cache(maxsize=16)
def static_layer(track_top: float, players: int, height: int, bands: int) -> Image.Image:
    """The lane numbers and the drivers' cards' frames (final size): they never change."""
    canvas = Canvas(WIDTH, height, scale=SUPERSAMPLE, final_text=True)
    track = Track(frozenset(), 1, 1, 1, 0, track_top, bands=bands)
    draw_lane_numbers(canvas, track)
    for seat, box in enumerate(panel_boxes(players, track.bottom)):
        draw_dashboard_frame(canvas, box, seat)
    return canvas.finish()


# --- footer: the last dice ------------------------------------------------------------------
def footer_throws(view: RncPublicView) -> list[RollEvent]:
    """The throws the footer shows: the last action's, else the last ones thrown."""
    rolled = [cast(RollEvent, e) for e in view.get("events", []) if e.get("type") == "roll"]
    return (rolled or list(view.get("last_rolls") or []))[-MAX_FOOTER_THROWS:]


def footer_height(view: RncPublicView) -> float:
    """Room for the most throws shown, whatever was thrown: a match's boards keep one size
    (a replay's frames are one size too)."""
    return 2 * FOOTER_PAD + MAX_FOOTER_THROWS * FOOTER_LINE


def draw_footer(canvas: Canvas, box: Box, view: RncPublicView, labels: Mapping[str, str]) -> None:
    """One line per throw: whose, which test, the dice, what they came to."""
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    throws = footer_throws(view)
    first = top + FOOTER_PAD + FOOTER_LINE / 2
    if not throws:
        canvas.text((left + 18, (top + bottom) / 2), labels["no_dice"], WORD, TEXT_MUTED, "lm")
        return
    if len(throws) == 1:
        first = (top + bottom) / 2
    canvas.text((left + 18, first), labels["last_dice"], WORD, TEXT_MUTED, "lm")
    x = left + 18 + canvas.text_width(labels["last_dice"], WORD) + 14
    for index, throw in enumerate(throws):
        _throw(canvas, (x, first + index * FOOTER_LINE), throw, labels, right - 12)


def _throw(
    canvas: Canvas, xy: Point, throw: RollEvent, labels: Mapping[str, str], right: float
) -> None:
    x, y = xy
    seat = int(throw["seat"])
    name = labels.get(f"test_{throw.get('test')}", str(throw.get("test")))
    dice = [int(d) for d in throw.get("dice", [])]
    _mini_badge(canvas, (x, y), seat)
    x += 38
    canvas.text((x, y), name, WORD, TEXT, "lm")
    x += canvas.text_width(name, WORD) + 10
    result = f"= {throw.get('result')}"
    room = right - canvas.text_width(result, NUMBER) - 8
    shown = max(0, min(len(dice), int((room - x) // (DIE_SIZE + 4))))
    for die in dice[:shown]:
        canvas.die((x, y - DIE_SIZE / 2, x + DIE_SIZE, y + DIE_SIZE / 2), die)
        x += DIE_SIZE + 4
    canvas.text((x + 4, y), result, NUMBER, HIGHLIGHT, "lm")


def _mini_badge(canvas: Canvas, xy: Point, seat: int) -> None:
    x, y = xy
    fill = seat_colour(seat)
    canvas.rect((x, y - 17, x + 30, y + 17), fill, BLACK, 2, 6)
    canvas.text((x + 15, y), str(seat + 1), NUMBER, readable_ink(fill), "mm")


# --- the picture ----------------------------------------------------------------------------
def layout_height(view: RncPublicView) -> int:
    track_height = make_track(view, 0).bottom
    return round(
        track_top(view)
        + track_height
        + cards_height(len(view["cars"]))
        + GAP
        + footer_height(view)
        + MARGIN
    )


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as a PNG, drawn from the public view only."""
    return encode_png(render_image(view, labels), palette=board_palette())


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it). The view arrives as plain JSON:
    it is read here, once, as the engine's public view."""
    return draw_board(cast(RncPublicView, view), labels)


def draw_board(view: RncPublicView, labels: Mapping[str, str] | None) -> Image.Image:
    words = merge_labels(LABEL_DEFAULTS, labels)
    height = layout_height(view)
    track = make_track(view, track_top(view))
    layer = static_layer(track.top, len(view["cars"]), height, BOARD_BANDS)
    canvas = Canvas(WIDTH, height, base=layer)
    draw_track(canvas, track, words)
    draw_header(canvas, view, words)
    if needs_overview(view):
        draw_overview(canvas, view, MARGIN + HEADER_HEIGHT + GAP, track.rows, words)
    draw_hazards(canvas, track, view)
    draw_path(canvas, track, view)
    draw_cars(canvas, track, view)
    boxes = panel_boxes(len(view["cars"]), track.bottom)
    for box, car in zip(boxes, view["cars"], strict=True):
        draw_dashboard(canvas, box, car, view, words)
    footer_top = track.bottom + cards_height(len(view["cars"])) + GAP
    footer = (INNER_LEFT, footer_top, INNER_RIGHT, footer_top + footer_height(view))
    draw_footer(canvas, footer, view, words)
    return canvas.finish()


# --- the palette ----------------------------------------------------------------------------


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Rush'n'Crush picture is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it, and an unchanged part keeps its exact colours)."""
    return stored_palette("rushncrush")
