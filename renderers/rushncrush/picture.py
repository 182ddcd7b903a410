"""The whole board: header, overview, course, dashboards, graph and footer (the last dice),
drawn over a cached layer of what never changes; ``render`` encodes it on the fixed palette."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from bot.games.rushncrush import RncPublicView, RollEvent
from renderers.base import (
    BLACK,
    HIGHLIGHT,
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
    header_strip,
    layer_cache,
    merge_labels,
    readable_ink,
    seat_colour,
    seat_shape,
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
from renderers.rushncrush.dashboards import draw_dashboard, draw_dashboard_frame, panel_boxes
from renderers.rushncrush.graph import draw_graph
from renderers.rushncrush.labels import LABEL_DEFAULTS, player_name
from renderers.rushncrush.layout import (
    BAND_GAP,
    BAND_HEIGHT,
    DIE_SIZE,
    FOOTER_HEIGHT,
    GAP,
    GRAPH_HEIGHT,
    HEADER_HEIGHT,
    MARGIN,
    MAX_BANDS,
    MAX_FOOTER_THROWS,
    WIDTH,
)


def status_line(view: RncPublicView, labels: Mapping[str, str]) -> tuple[str, int | None]:
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
    turn = view.get("turn")
    if turn is not None:
        acting = [int(turn)]
    if not acting:
        return labels["status_trade"], None
    seat = acting[0]
    name = player_name(labels, seat)
    if phase == "grid":
        return fill_label(labels["status_grid"], player=name), seat
    move = view.get("move")
    if phase == "move" and move:
        return fill_label(labels["status_move"], player=name, points=move["points"]), seat
    return fill_label(labels["status_dash"], player=name), seat


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


# --- footer: the last dice ------------------------------------------------------------------
def draw_footer(canvas: Canvas, box: Box, view: RncPublicView, labels: Mapping[str, str]) -> None:
    left, top, right, bottom = box
    canvas.rect(box, SURFACE, None, 0, 14)
    middle = (top + bottom) / 2
    rolled = [cast(RollEvent, e) for e in view.get("events", []) if e.get("type") == "roll"]
    throws = (rolled or list(view.get("last_rolls") or []))[-MAX_FOOTER_THROWS:]
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
    canvas: Canvas, xy: Point, throw: RollEvent, labels: Mapping[str, str], right: float
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
def layout_height(view: RncPublicView) -> int:
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
