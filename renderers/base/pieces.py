"""A stamp's pieces as they are pasted on a board.

Pasting through an alpha mask blends every pixel, about 3 ns each, where a plain copy takes
a tenth of that; yet half the pixels of the stamps a board pastes are opaque and two fifths
are clear. So where a piece is opaque across a block of rows, that block's opaque core is
kept without its alpha and copied plainly, and only what is around it is blended, each part
cropped to what it shows (a slanting one in strips, each cropped). Blending at full alpha
gives the stamp's own colour and at zero leaves the board as it was, so the board comes out
the same, byte for byte.
"""

from __future__ import annotations

import re
from typing import Any, Final

from PIL import Image

#: A block's core is copied plainly when it holds at least this many pixels: each piece is
#: one more paste, and a paste call costs about as much as blending 300–400 pixels (of 128
#: to 4,096, 256 and 512 pasted the stamps of a mixed run quickest).
PLAIN_CORE_AREA: Final = 512
#: A block's rows are those whose opaque run is at least the widest run less
#: 1/``CORE_DRIFT`` of it.
CORE_DRIFT: Final = 8

#: Rows of the strips a slanting part is cut into, and what a paste call costs in blended
#: pixels.
STRIP: Final = 16
PASTE_COST: Final = 400

_OPAQUE_RUN: Final = re.compile(rb"\xff+")

#: A piece as pasted: its box in the stamp's frame, its pixels (Pillow's core picture) and
#: the mask to paste it through (the same pixels), or None for a plain copy.
Piece = tuple[int, int, int, int, Any, Any]
#: Rows ``top`` to ``bottom`` whose columns ``left`` to ``right`` are all opaque.
Block = tuple[int, int, int, int]


def pasted_pieces(dx: int, dy: int, picture: Image.Image) -> list[Piece]:
    """``picture`` (an RGBA piece of a stamp, at ``dx, dy`` in its frame) as the pieces to
    paste: its opaque cores plainly, the rest blended, the clear parts left out."""
    if picture.mode != "RGBA" or picture.width * picture.height < PLAIN_CORE_AREA:
        return [_blended(dx, dy, picture)]
    alpha = picture.getchannel("A")
    opaque = alpha.histogram()[255]
    blocks = (
        opaque_blocks(alpha.tobytes(), picture.width, picture.height)
        if opaque >= PLAIN_CORE_AREA
        else []
    )
    if not blocks:
        return _blended_part(picture, alpha, (0, 0, picture.width, picture.height), dx, dy)
    pieces: list[Piece] = []
    done = 0  # the rows above this one are placed
    for top, bottom, left, right in blocks:
        pieces += _blended_part(picture, alpha, (0, done, picture.width, top), dx, dy)
        pieces += _blended_part(picture, alpha, (0, top, left, bottom), dx, dy)
        core = picture.crop((left, top, right, bottom)).convert("RGB")
        pieces.append((dx + left, dy + top, dx + right, dy + bottom, core.im, None))
        pieces += _blended_part(picture, alpha, (right, top, picture.width, bottom), dx, dy)
        done = bottom
    pieces += _blended_part(picture, alpha, (0, done, picture.width, picture.height), dx, dy)
    return pieces


def opaque_blocks(alpha: bytes, width: int, height: int) -> list[Block]:
    """The blocks of rows (top to bottom, not overlapping) whose common opaque columns hold
    at least ``PLAIN_CORE_AREA`` pixels, from a picture's alpha channel row after row."""
    runs = [_widest_run(alpha[row * width : (row + 1) * width]) for row in range(height)]
    return _blocks(runs, 0, height)


def _blocks(runs: list[tuple[int, int] | None], start: int, end: int) -> list[Block]:
    """The blocks between rows ``start`` and ``end``: the longest stretch of rows whose
    opaque run is nearly the widest (a rounded box's straight middle, a disc's widest
    part), then the same above it and below it."""
    widths = [0 if run is None else run[1] - run[0] for run in runs[start:end]]
    widest = max(widths, default=0)
    if widest * (end - start) < PLAIN_CORE_AREA:
        return []
    wide = widest - widest // CORE_DRIFT
    top = bottom = length = 0
    row = start
    while row < end:
        if widths[row - start] < wide:
            row += 1
            continue
        stretch = row
        while row < end and widths[row - start] >= wide:
            row += 1
        if row - stretch > length:
            top, bottom, length = stretch, row, row - stretch
    left = max(run[0] for run in runs[top:bottom] if run is not None)
    right = min(run[1] for run in runs[top:bottom] if run is not None)
    if (right - left) * (bottom - top) < PLAIN_CORE_AREA:
        return []
    return [*_blocks(runs, start, top), (top, bottom, left, right), *_blocks(runs, bottom, end)]


def _widest_run(row: bytes) -> tuple[int, int] | None:
    """The widest run of opaque pixels in a row of alpha values, as (start, end)."""
    first = row.find(255)
    if first < 0:
        return None
    end = row.rfind(255) + 1
    if row.count(255, first, end) == end - first:  # one run (most rows)
        return first, end
    widest: tuple[int, int] | None = None
    for match in _OPAQUE_RUN.finditer(row):
        if widest is None or match.end() - match.start() > widest[1] - widest[0]:
            widest = match.span()
    return widest


def _blended_part(
    picture: Image.Image, alpha: Image.Image, box: tuple[int, int, int, int], dx: int, dy: int
) -> list[Piece]:
    """The part of ``picture`` in ``box`` that shows something, to be blended: cropped to
    it, in strips where that pays (none if ``box`` is empty or clear)."""
    if box[2] <= box[0] or box[3] <= box[1]:
        return []
    shown = alpha.crop(box).getbbox()
    if shown is None:
        return []
    x0, y0 = box[0] + shown[0], box[1] + shown[1]
    x1, y1 = box[0] + shown[2], box[1] + shown[3]
    strips = _strips(alpha, (x0, y0, x1, y1))
    if strips == [(0, 0, picture.width, picture.height)]:  # all of it (a tile cut to its ink)
        return [_blended(dx, dy, picture)]
    return [_blended(dx + s[0], dy + s[1], picture.crop(s)) for s in strips]


def _strips(alpha: Image.Image, box: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
    """``box`` as strips of ``STRIP`` rows, each cropped to what it shows, when that leaves
    out enough clear pixels to pay for the pastes it adds (a slanting line); else ``box``."""
    x0, y0, x1, y1 = box
    if y1 - y0 < 2 * STRIP:
        return [box]
    strips = []
    for top in range(y0, y1, STRIP):
        shown = alpha.crop((x0, top, x1, min(top + STRIP, y1))).getbbox()
        if shown is not None:
            strips.append((x0 + shown[0], top + shown[1], x0 + shown[2], top + shown[3]))
    kept = sum((s[2] - s[0]) * (s[3] - s[1]) for s in strips)
    saved = (x1 - x0) * (y1 - y0) - kept
    return strips if saved >= PASTE_COST * (len(strips) - 1) else [box]


def _blended(dx: int, dy: int, picture: Image.Image) -> Piece:
    return (dx, dy, dx + picture.width, dy + picture.height, picture.im, picture.im)
