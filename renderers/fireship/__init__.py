"""The Fireship pictures, drawn for a phone from a view: the board (``render``: the public
view), a pawn's reach and a zoom on the sea (``render_private``: a seat's own view, or the
public one). See ``board`` for the board's parts, ``sea`` for how the sea is drawn,
``private`` for the private pictures and ``labels`` for the words (``LABEL_DEFAULTS``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, cast

from PIL import Image

from bot.games.fireship import FireshipPublicView, FireshipSeatView
from renderers.base import Palette, encode_png, merge_labels, stored_palette
from renderers.fireship.board import board_image, window_cell_box
from renderers.fireship.labels import LABEL_DEFAULTS
from renderers.fireship.layout import PRIVATE_HEIGHT, WIDTH, board_height
from renderers.fireship.private import ZOOM, part_of, reach_image, zoom_focus, zoom_image
from renderers.fireship.sea import board_corner, reach_corner

__all__ = [
    "LABEL_DEFAULTS",
    "PRIVATE_HEIGHT",
    "WIDTH",
    "ZOOM",
    "board_corner",
    "board_height",
    "board_palette",
    "part_of",
    "reach_corner",
    "render",
    "render_image",
    "render_private",
    "render_reach",
    "window_cell_box",
    "zoom_focus",
]


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    return board_image(cast(FireshipPublicView, view), merge_labels(LABEL_DEFAULTS, labels))


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as a PNG, from the view given (the public one for the table)."""
    return _png(render_image(view, labels))


def render_reach(
    view: Mapping[str, Any], pawn_id: str, labels: Mapping[str, str] | None = None
) -> bytes:
    """A seat's private picture (from its own view): where ``pawn_id`` can go this turn and
    what each square costs."""
    words = merge_labels(LABEL_DEFAULTS, labels)
    return _png(reach_image(cast(FireshipSeatView, view), pawn_id, words))


def render_private(
    view: Mapping[str, Any], focus: str, labels: Mapping[str, str] | None = None
) -> bytes:
    """A private picture (``renderers.PRIVATE_RENDERERS``): ``zoom:<square>`` a window on
    the sea from that square; a pawn id (``B3``, or a part of its reach after a ``+``:
    ``B3+2-5``) that pawn's reach; any other focus (a card's target squares) the plain
    board."""
    words = merge_labels(LABEL_DEFAULTS, labels)
    if focus.startswith(ZOOM):
        return _png(zoom_image(cast(FireshipPublicView, view), focus, words))
    seat_view = cast(FireshipSeatView, view)
    pawn_id = focus.partition("+")[0]
    if pawn_id not in dict(seat_view.get("reach") or {}):
        return _png(board_image(seat_view, words))
    return _png(reach_image(seat_view, focus, words))


def _png(image: Image.Image) -> bytes:
    return encode_png(image, palette=board_palette())


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Fireship picture is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it)."""
    return stored_palette("fireship")
