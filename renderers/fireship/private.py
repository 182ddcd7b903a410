"""A player's private pictures (``render_private(view, focus, labels)``), drawn for a phone
like the board:

- focus a pawn id (``B3``, or a part of its reach ``B3+5-9``, ``B3+5-9:K7``, as the panel's
  steps name them): where that pawn can go this turn, each square with its cost, around the
  pawn (the part's squares first), the whole reach tinted on the overview;
- focus ``zoom:<square>``: the window of the sea whose top-left square that is (``zoom:G7``),
  at readable size, framed on the overview: any part of the sea at the board's size.

Both read only the view they are given (a seat's own view, or the public view for someone
not seated: a zoom shows only what the board shows). Any other focus gets the plain board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from PIL import Image

from bot.games.fireship import FireshipPublicView, FireshipSeatView, ReachSpot, data
from renderers.base import Canvas, fill_label
from renderers.fireship.board import (
    draw_line_header,
    draw_top,
    draw_window,
    title_text,
    window_span,
)
from renderers.fireship.layout import PRIVATE_HEIGHT, WIDTH
from renderers.fireship.sea import clamp_corner, reach_corner

ZOOM: Final = "zoom:"


def zoom_focus(corner: data.Cell) -> str:
    """The focus of a zoom whose window starts at ``corner``."""
    return f"{ZOOM}{data.cell_name(corner)}"


def zoom_image(view: FireshipPublicView, focus: str, labels: Mapping[str, str]) -> Image.Image:
    """The window from the square ``focus`` names (kept within the sea)."""
    cell = data.parse_cell(focus.removeprefix(ZOOM)) or (0, 0)
    corner = clamp_corner(*cell)
    canvas = Canvas(WIDTH, PRIVATE_HEIGHT)
    draw_line_header(
        canvas,
        title_text(view, labels),
        fill_label(labels["zoom_title"], **window_span(corner, labels)),
    )
    draw_top(canvas, view, labels, corner)
    draw_window(canvas, view, labels, corner)
    return canvas.finish()


def pawn_words(view: FireshipPublicView, pawn_id: str, labels: Mapping[str, str]) -> str:
    """A pawn as the reach picture names it: ``Boat B3 at K7``."""
    pawn = next((p for p in view["pawns"] if p["id"] == pawn_id), None)
    if pawn is None:
        return pawn_id
    letter = labels.get(f"letter_{pawn['seat']}", pawn_id[:1]) if pawn["seat"] >= 0 else pawn_id[:1]
    kind = labels.get(f"kind_{pawn['kind']}", pawn["kind"])
    key = "pawn_home" if pawn["cell"] == "home" else "pawn_at"
    return fill_label(labels[key], kind=kind, pawn=letter + pawn_id[1:], cell=pawn["cell"])


def part_of(spots: Sequence[ReachSpot], part: str) -> list[ReachSpot]:
    """The spots a focus's part names (``5-9``: costs 5 to 9; ``5-9:K7``: from K7 on among
    those), or all of them."""
    costs, _, first = part.partition(":")
    low, _, high = costs.partition("-")
    if not (low.isdigit() and high.isdigit()):
        return list(spots)
    ordered = sorted(spots, key=lambda s: (s["cost"], s["cell"]))
    chosen = [s for s in ordered if int(low) <= s["cost"] <= int(high)]
    if first:
        cells = [s["cell"] for s in chosen]
        chosen = chosen[cells.index(first) :] if first in cells else chosen
    return chosen or list(spots)


def reach_image(view: FireshipSeatView, focus: str, labels: Mapping[str, str]) -> Image.Image:
    """Where the pawn ``focus`` names can go: the window around it holding as many of the
    focused part's squares as it can, every reachable square in it with its cost."""
    pawn_id, _, part = focus.partition("+")
    spots = list(dict(view.get("reach") or {}).get(pawn_id, []))
    corner = reach_corner(view, pawn_id, part_of(spots, part))
    canvas = Canvas(WIDTH, PRIVATE_HEIGHT)
    draw_line_header(canvas, pawn_words(view, pawn_id, labels), labels["reach_hint"])
    draw_top(canvas, view, labels, corner, spots, pawn_id)
    draw_window(canvas, view, labels, corner, spots, pawn_id)
    return canvas.finish()
