"""The ``Canvas`` boards are drawn on: antialiased shapes as cached stamps, text, dice,
sprites, cached layers. One class, the kit's drawing surface, with the caches its stamps
need: it stays one module (about 780 lines)."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TypeVar, cast

from PIL import Image, ImageDraw

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper
from renderers.base import glyphs
from renderers.base.colours import (
    BACKGROUND,
    BLACK,
    OUTLINE,
    RGB,
    RGBA,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    Box,
    Colour,
    Point,
    Shape,
    mix,
    readable_ink,
)
from renderers.base.geometry import shape_points
from renderers.base.measure import _recording, note_clipped, note_text
from renderers.base.pieces import Piece, pasted_pieces
from renderers.base.text import TextSize, font

# --- Canvas --------------------------------------------------------------------------------
#: A cached layer (a board's unchanging parts) is drawn at this multiple of its final size
#: and reduced once: Pillow does not antialias shapes, so this is what smooths their edges.
SUPERSAMPLE: Final = 2
#: On a final-size canvas each shape is drawn at this multiple into a small picture (a
#: *stamp*), reduced, cached by what it shows, then composited in place.
STAMP_SCALE: Final = 4
STAMP_MARGIN: Final = 2  # logical pixels of room around a stamp's shape (outlines, caps)
STAMP_CACHE_BYTES: Final = 32 * 2**20  # mostly a few KB each: a token, a chip, a panel's rim
TEXT_CACHE_BYTES: Final = 8 * 2**20
TEXTS_CACHED: Final = 4096
STAMP_TILE: Final = 64  # a big sparse stamp is kept as tiles of this side, minus empty ones
STROKE_STRIP: Final = 16  # ...and a stroke's tiles as strips of this many rows
SPARSE_STAMP: Final = 0.6  # ...when what its tiles show is less than this share of it
RIM_AREA: Final = 6_000  # a rounded box bigger than this is composited as its rim only
PANEL_RADIUS: Final = 14
CHIP_PADDING_X: Final = 12
CHIP_PADDING_Y: Final = 6
CHIP_GAP: Final = 8
MIN_CLIPPED_CHIP_TEXT: Final = 40  # a chip clipped narrower than this is left out
ELLIPSIS: Final = "…"
ARROWHEAD_HALF_WIDTH: Final = 0.7
STRAIGHT: Final = 1e-6  # cross product below which three points are taken as in line

#: Pip places of a six-sided die face, as (column, row) in a 3x3 grid.
PIP_LAYOUTS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
DIE_FACE: Final[RGB] = (250, 250, 245)
DIE_INK: Final[RGB] = (20, 24, 36)
DIE_DIMMED_FACE: Final[RGB] = (92, 102, 128)
DIE_DIMMED_INK: Final[RGB] = (54, 62, 84)

Value = TypeVar("Value")
_MISSING: Final = object()


class _Cache(Generic[Value]):
    """A least-recently-used cache of at most ``budget`` bytes that threads may share.

    A value is a pure function of its key, so two threads that miss at once both make the
    same value; whichever is stored, every picture comes out the same.
    """

    def __init__(self, budget: int, weigh: Callable[[Value], int]) -> None:
        self._budget = budget
        self._weigh = weigh
        self._items: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._used = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Value]) -> Value:
        with self._lock:
            found = self._items.get(key, _MISSING)
            if found is not _MISSING:
                self._items.move_to_end(key)
                return cast(tuple[Value, int], found)[0]
        value = make()
        weight = self._weigh(value)
        with self._lock:
            if key not in self._items:
                self._items[key] = (value, weight)
                self._used += weight
            while self._used > self._budget and len(self._items) > 1:
                _, (_, dropped) = self._items.popitem(last=False)
                self._used -= dropped
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._used = 0


#: A stamp's pieces, as (dx, dy, picture) from its corner, and what lies inside them to be
#: filled plainly, if anything: a big rounded box keeps only its rim as pictures.
Stamp = tuple[tuple[tuple[int, int, Image.Image], ...], "Inside | None"]
#: The boxes (in the stamp's frame) to fill plainly, and their colour.
Inside = tuple[tuple[tuple[int, int, int, int], ...], RGBA]
Painter = Callable[["Canvas"], None]
SpriteDrawer = Callable[["Canvas", Point], None]
StampMaker = Callable[[int, int], Stamp]  # a stamp's maker, given its width and height

#: A stamp as it is kept: its pieces as they are pasted (``pieces.pasted_pieces``: Pillow's
#: own core pictures, pasted directly: ``Image.paste`` costs three times more in checks than
#: in pasting such pieces), and its inside.
Prepared = tuple[tuple[Piece, ...], "Inside | None"]

PIECE_OVERHEAD: Final = 200  # bytes a cached picture costs beyond its pixels


def _prepared(stamp: Stamp) -> Prepared:
    pieces, inside = stamp
    return tuple(piece for dx, dy, p in pieces for piece in pasted_pieces(dx, dy, p)), inside


def _stamp_bytes(stamp: Prepared) -> int:
    return sum(4 * (x1 - x0) * (y1 - y0) + PIECE_OVERHEAD for x0, y0, x1, y1, *_ in stamp[0])


def _mask_bytes(mask: tuple[Image.Image, int, int]) -> int:
    return mask[0].width * mask[0].height + PIECE_OVERHEAD


_STAMPS: Final[_Cache[Prepared]] = _Cache(STAMP_CACHE_BYTES, _stamp_bytes)
_TEXTS: Final[_Cache[tuple[Image.Image, int, int]]] = _Cache(TEXT_CACHE_BYTES, _mask_bytes)


def clear_caches() -> None:
    """Forget every cached stamp and text (pictures come out the same, only slower)."""
    _STAMPS.clear()
    _TEXTS.clear()
    with _PLATES_LOCK:
        _PLATES.clear()


Layer = TypeVar("Layer")
_LAYER_CACHES: Final[list[Callable[[], None]]] = []


def layer_cache(maxsize: int) -> Callable[[Callable[..., Layer]], _lru_cache_wrapper[Layer]]:
    """``functools.lru_cache`` for a board's static layers (big pictures drawn once per
    board shape and language), which ``clear_layers`` can forget all at once."""

    def cached(make: Callable[..., Layer]) -> _lru_cache_wrapper[Layer]:
        kept = lru_cache(maxsize=maxsize)(make)
        _LAYER_CACHES.append(kept.cache_clear)
        return kept

    return cached


def clear_layers() -> None:
    """Forget every cached static layer: fitting a palette draws boards of every shape,
    whose layers a worker need not keep (they are drawn again if a match needs them)."""
    for clear in _LAYER_CACHES:
        clear()


def _snap(value: float) -> float:
    """``value`` on the stamps' sub-pixel grid (what a supersampled drawing would round to)."""
    return round(value * STAMP_SCALE) / STAMP_SCALE


def _frame(box: Box, margin: float) -> tuple[int, int, int, int]:
    """The whole-pixel frame around ``box`` grown by ``margin``."""
    return (
        math.floor(box[0] - margin),
        math.floor(box[1] - margin),
        math.ceil(box[2] + margin),
        math.ceil(box[3] + margin),
    )


def _straight_runs(points: Sequence[Point]) -> list[Point]:
    """``points`` without those in the middle of a straight run (nor repeated ones)."""
    kept = [points[0]]
    for index in range(1, len(points)):
        x, y = points[index]
        if (x, y) == kept[-1]:
            continue
        if len(kept) > 1:
            (ax, ay), (bx, by) = kept[-2], kept[-1]
            cross = (bx - ax) * (y - by) - (by - ay) * (x - bx)
            onward = (bx - ax) * (x - bx) + (by - ay) * (y - by) > 0
            if abs(cross) < STRAIGHT and onward:
                kept[-1] = (x, y)
                continue
        kept.append((x, y))
    return kept if len(kept) > 1 else [points[0], points[-1]]


def _bounds(points: Sequence[Point]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _moved(points: Sequence[Point], dx: int, dy: int) -> tuple[Point, ...]:
    return tuple((_snap(x - dx), _snap(y - dy)) for x, y in points)


class Canvas:
    """A picture drawn in logical pixels; ``finish()`` gives the antialiased final image.

    At ``scale`` 1 (the default) the canvas is the final picture: each shape is drawn through
    a cached antialiased stamp and text is drawn by FreeType, antialiased, at its final size.
    At a larger ``scale`` everything is drawn that many times larger, then ``finish()``
    reduces it: for layers drawn once and cached, and for the stamps themselves. A
    ``transparent`` canvas starts clear and writes colours as they are, alpha included
    (its shapes overwrite one another rather than blend): what a stamp is drawn on.
    ``final_text`` keeps the text of a supersampled canvas until ``finish()``, which draws it
    at the final size, so cached layers' words look like every other word.
    """

    def __init__(
        self,
        width: int,
        height: int,
        background: Colour = BACKGROUND,
        scale: int = 1,
        base: Image.Image | None = None,
        *,
        transparent: bool = False,
        final_text: bool = False,
        own_base: bool = False,
    ) -> None:
        """A blank canvas, or one starting from a copy of ``base`` (a cached ``image``);
        with ``own_base``, drawing on ``base`` itself (a picture made for this canvas, such
        as a crop of a cached one, need not be copied again)."""
        self.width = width
        self.height = height
        self.scale = scale
        self.transparent = transparent
        size = (width * scale, height * scale)
        if transparent:
            self.image = Image.new("RGBA", size, (0, 0, 0, 0))
        elif base is not None and base.size == size and base.mode == "RGB":
            self.image = base if own_base else base.copy()
        else:
            self.image = Image.new("RGB", size, background[:3])
        self._deferred: list[tuple[Point, str, int, Colour, str, bool]] | None = (
            [] if final_text and scale > 1 else None
        )
        # Blending costs twice the time, so only translucent colours go through it.
        self._opaque = ImageDraw.Draw(self.image)
        self._blending = self._opaque if transparent else ImageDraw.Draw(self.image, "RGBA")

    def _pen(self, *colours: Colour | None) -> ImageDraw.ImageDraw:
        translucent = any(c is not None and _is_translucent(c) for c in colours)
        return self._blending if translucent else self._opaque

    # -- coordinates
    def px(self, value: float) -> int:
        return round(value * self.scale)

    def _box(self, box: Box) -> tuple[int, int, int, int]:
        return (self.px(box[0]), self.px(box[1]), self.px(box[2]), self.px(box[3]))

    def _points(self, points: Sequence[Point]) -> list[tuple[int, int]]:
        return [(self.px(x), self.px(y)) for x, y in points]

    # -- stamps
    def _stamp(
        self,
        key: Hashable,
        frame: tuple[int, int, int, int],
        paint: Painter,
        rim: int = 0,
        make: StampMaker | None = None,
    ) -> None:
        """Composite the stamp ``paint`` draws (on a canvas the size of ``frame``, in its
        coordinates) at ``frame``'s corner; made once per ``key``, which names all it shows.

        With ``rim``, only that many pixels along the frame's edges are kept as pictures and
        the inside is filled with the stamp's middle colour (a big panel). ``make(width,
        height)``, when given, makes the very stamp ``paint`` would, more quickly.
        """
        x0, y0, x1, y1 = frame
        if x1 <= x0 or y1 <= y0:
            return
        width, height = x1 - x0, y1 - y0
        pieces, inside = _STAMPS.get(
            (key, width, height, rim),
            lambda: _prepared(
                make(width, height) if make else _make_stamp(width, height, paint, rim)
            ),
        )
        target = self.image.im
        for left, top, right, bottom, piece, mask in pieces:
            if mask is None:  # opaque: copied
                target.paste(piece, (x0 + left, y0 + top, x0 + right, y0 + bottom))
            else:
                target.paste(piece, (x0 + left, y0 + top, x0 + right, y0 + bottom), mask)
        if inside is not None:
            boxes, colour = inside
            for left, top, right, bottom in boxes:
                if colour[3] == 255:  # a plain fill: a third of what drawing a rectangle costs
                    target.paste(colour[:3], (x0 + left, y0 + top, x0 + right, y0 + bottom))
                elif colour[3]:
                    box = (x0 + left, y0 + top, x0 + right - 1, y0 + bottom - 1)
                    self._blending.rectangle(box, fill=colour)

    def sprite(self, key: Hashable, box: Box, draw: SpriteDrawer) -> None:
        """A piece drawn once, antialiased, and composited wherever it is shown again.

        ``draw(canvas, corner)`` draws the piece with ``box``'s top-left at ``corner``; it must
        stay within ``box`` (give or take ``STAMP_MARGIN``), draw no text, and ``key`` must
        name everything it draws that the box's size does not (shape, colours, values).
        """
        if self.scale > 1:
            draw(self, (box[0], box[1]))
            return
        frame = _frame(box, STAMP_MARGIN)
        corner = (_snap(box[0] - frame[0]), _snap(box[1] - frame[1]))
        size = (box[2] - box[0], box[3] - box[1])  # exact: ``draw`` may size things by it
        self._stamp(("sprite", key, corner, size), frame, lambda canvas: draw(canvas, corner))

    # -- primitives
    def rect(
        self,
        box: Box,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 2,
        radius: float = 0,
    ) -> None:
        if fill is None and outline is None:
            return
        if self.scale == 1:
            frame = _frame(box, STAMP_MARGIN)
            x0, y0, x1, y1 = frame
            local = (_snap(box[0] - x0), _snap(box[1] - y0), _snap(box[2] - x0), _snap(box[3] - y0))
            rim = math.ceil(max(radius, width if outline else 0) + STAMP_MARGIN + 1)
            big = (x1 - x0) * (y1 - y0) > RIM_AREA and min(x1 - x0, y1 - y0) > 2 * rim + 2
            self._stamp(
                ("rect", local, fill, outline, width, radius),
                frame,
                lambda canvas: canvas.rect(local, fill, outline, width, radius),
                rim if big else 0,
            )
            return
        self._pen(fill, outline).rounded_rectangle(
            self._box(box),
            radius=self.px(radius),
            fill=fill,
            outline=outline,
            width=max(1, self.px(width)) if outline else 0,
        )

    def panel(
        self,
        box: Box,
        fill: Colour = SURFACE,
        outline: Colour | None = OUTLINE,
        width: float = 2,
        radius: float = PANEL_RADIUS,
    ) -> None:
        """A rounded panel, the basic container of every board."""
        self.rect(box, fill, outline, width, radius)

    def ellipse(
        self,
        box: Box,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 2,
    ) -> None:
        if fill is None and outline is None:
            return
        if self.scale == 1:
            frame = _frame(box, STAMP_MARGIN)
            x0, y0 = frame[0], frame[1]
            local = (_snap(box[0] - x0), _snap(box[1] - y0), _snap(box[2] - x0), _snap(box[3] - y0))
            self._stamp(
                ("ellipse", local, fill, outline, width),
                frame,
                lambda canvas: canvas.ellipse(local, fill, outline, width),
            )
            return
        self._pen(fill, outline).ellipse(
            self._box(box), fill=fill, outline=outline, width=self.px(width) if outline else 0
        )

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 2,
    ) -> None:
        x, y = centre
        self.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline, width)

    def arc(self, box: Box, start: float, end: float, fill: Colour, width: float = 2) -> None:
        """An arc of the ellipse in ``box``, angles in degrees clockwise from 3 o'clock."""
        if self.scale == 1:
            frame = _frame(box, STAMP_MARGIN)
            x0, y0 = frame[0], frame[1]
            local = (_snap(box[0] - x0), _snap(box[1] - y0), _snap(box[2] - x0), _snap(box[3] - y0))
            self._stamp(
                ("arc", local, start, end, fill, width),
                frame,
                lambda canvas: canvas.arc(local, start, end, fill, width),
            )
            return
        self._pen(fill).arc(self._box(box), start, end, fill=fill, width=self.px(width))

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 2,
    ) -> None:
        if fill is None and outline is None:
            return
        if self.scale == 1:
            frame = _frame(_bounds(points), STAMP_MARGIN + (width if outline else 0))
            local = _moved(points, frame[0], frame[1])
            self._stamp(
                ("polygon", local, fill, outline, width),
                frame,
                lambda canvas: canvas.polygon(local, fill, outline, width),
            )
            return
        self._pen(fill, outline).polygon(
            self._points(points), fill=fill, outline=outline, width=self.px(width) if outline else 0
        )

    def line(self, points: Sequence[Point], fill: Colour, width: float = 2) -> None:
        """A polyline with round joints and caps; a translucent one blends as one piece."""
        self._stroke(points, [], fill, width)

    def arrow(
        self, points: Sequence[Point], fill: Colour, width: float = 6, head: float = 18
    ) -> None:
        """A polyline whose last point is the tip of an arrowhead ``head`` long."""
        (x0, y0), (tip_x, tip_y) = points[-2], points[-1]
        angle = math.atan2(tip_y - y0, tip_x - x0)
        along, across = (math.cos(angle), math.sin(angle)), (-math.sin(angle), math.cos(angle))
        base = (tip_x - head * along[0], tip_y - head * along[1])
        shaft_end = (tip_x - head * 0.6 * along[0], tip_y - head * 0.6 * along[1])
        half = head * ARROWHEAD_HALF_WIDTH
        arrowhead = [
            (tip_x, tip_y),
            (base[0] + half * across[0], base[1] + half * across[1]),
            (base[0] - half * across[0], base[1] - half * across[1]),
        ]
        self._stroke([*points[:-1], shaft_end], arrowhead, fill, width)

    def _stroke(
        self, points: Sequence[Point], head: Sequence[Point], fill: Colour, width: float
    ) -> None:
        """Draw a polyline (and an optional arrowhead polygon) in one go.

        A translucent stroke is drawn opaque into a mask, then blended once: drawn piece by
        piece, its joints, caps and head would overlap and show as darker blots.
        """
        if self.scale == 1 and len(points) > 2 and not _is_translucent(fill):
            # Stamped straight run by straight run, an opaque stroke looks the same, and its
            # runs (so many cells along a lane) come back in other strokes.
            runs = _straight_runs(points)
            for index in range(len(runs) - 2):
                self._stroke(runs[index : index + 2], [], fill, width)
            self._stroke(runs[-2:], head, fill, width)
            return
        if self.scale == 1:
            frame = _frame(_bounds([*points, *head]), STAMP_MARGIN + width / 2)
            shaft, arrowhead = _moved(points, frame[0], frame[1]), _moved(head, frame[0], frame[1])
            self._stamp(
                ("stroke", shaft, arrowhead, fill, width),
                frame,
                lambda canvas: canvas._stroke(shaft, arrowhead, fill, width),
                make=lambda w, h: _stroke_stamp(w, h, shaft, arrowhead, fill, width),
            )
            return
        line, polygon = self._points(points), self._points(head)
        thickness = max(1, self.px(width))
        if self.transparent or not _is_translucent(fill):
            _paint_stroke(self._opaque, line, polygon, fill, thickness)
            return
        corners = line + polygon
        margin = thickness + 2
        left = max(0, min(x for x, _ in corners) - margin)
        top = max(0, min(y for _, y in corners) - margin)
        right = min(self.image.width, max(x for x, _ in corners) + margin)
        bottom = min(self.image.height, max(y for _, y in corners) + margin)
        if right <= left or bottom <= top:
            return
        mask = Image.new("L", (right - left, bottom - top), 0)
        shift = [(x - left, y - top) for x, y in line]
        _paint_stroke(
            ImageDraw.Draw(mask), shift, [(x - left, y - top) for x, y in polygon], 255, thickness
        )
        alpha = fill[3] if len(fill) == 4 else 255
        mask = mask.point(lambda level: level * alpha // 255)
        self.image.paste(fill[:3], (left, top, right, bottom), mask)

    # -- text
    def text(
        self,
        xy: Point,
        text: str,
        size: int,
        fill: Colour = TEXT,
        anchor: str = "la",
        bold: bool = True,
    ) -> None:
        """Text at ``xy`` (Pillow anchors: ``la`` left-ascender, ``mm`` middle, ``rm``...)."""
        if _recording:
            note_text(text, size)
        if self._deferred is not None:
            self._deferred.append((xy, text, size, fill, anchor, bold))
            return
        x, y = xy
        if self.scale > 1 or self.transparent:
            self._pen(fill).text(
                (self.px(x), self.px(y)),
                text,
                font=font(self.px(size), bold),
                fill=fill,
                anchor=anchor,
            )
            return
        alpha = fill[3] if len(fill) == 4 else 255
        mask, left, top = _text_mask(text, size, bold, anchor, alpha)
        if mask.width and mask.height:
            left, top = round(x) + left, round(y) + top
            box = (left, top, left + mask.width, top + mask.height)
            self.image.im.paste(_ink(fill, mask.width, mask.height), box, mask.im)

    def text_width(self, text: str, size: int, bold: bool = True) -> float:
        return _text_length(text, self.px(size), bold) / self.scale

    def fit_size(
        self,
        text: str,
        max_width: float,
        size: int,
        min_size: int = TextSize.SMALL,
        bold: bool = True,
    ) -> int:
        """The largest size from ``size`` down to ``min_size`` at which ``text`` fits."""
        while size > min_size and self.text_width(text, size, bold) > max_width:
            size -= 1
        return size

    def clip_text(self, text: str, max_width: float, size: int, bold: bool = True) -> str:
        """``text``, cut with an ellipsis if it is wider than ``max_width``."""
        if self.text_width(text, size, bold) <= max_width:
            return text
        if _recording:
            note_clipped(text)
        while text and self.text_width(text + ELLIPSIS, size, bold) > max_width:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS

    def fitted_text(
        self,
        xy: Point,
        text: str,
        max_width: float,
        size: int,
        fill: Colour = TEXT,
        anchor: str = "la",
        bold: bool = True,
        min_size: int = TextSize.SMALL,
    ) -> float:
        """Text shrunk (not below ``min_size``) then clipped to ``max_width``; returns its width."""
        size = self.fit_size(text, max_width, size, min_size, bold)
        text = self.clip_text(text, max_width, size, bold)
        self.text(xy, text, size, fill, anchor, bold)
        return self.text_width(text, size, bold)

    def text_in_box(
        self, box: Box, text: str, size: int, fill: Colour = TEXT, bold: bool = True
    ) -> None:
        """Text centred in ``box``, shrunk then clipped to its width."""
        left, top, right, bottom = box
        self.fitted_text(
            ((left + right) / 2, (top + bottom) / 2), text, right - left, size, fill, "mm", bold
        )

    def chip(
        self,
        xy: Point,
        text: str,
        size: int = TextSize.SMALL,
        fill: Colour = SURFACE_RAISED,
        ink: Colour | None = None,
        outline: Colour | None = None,
        align: Literal["left", "right", "centre"] = "left",
    ) -> Box:
        """A pill with a word in it, its vertical middle at ``xy[1]``; returns its box."""
        width = self.text_width(text, size) + 2 * CHIP_PADDING_X
        height = size + 2 * CHIP_PADDING_Y
        x, y = xy
        left = {"left": x, "right": x - width, "centre": x - width / 2}[align]
        box = (left, y - height / 2, left + width, y + height / 2)
        self.rect(box, fill, outline, 2, height / 2)
        self.text((left + width / 2, y), text, size, ink or readable_ink(fill), "mm")
        return box

    def chips_width(self, texts: Sequence[str], size: int = TextSize.SMALL) -> float:
        """The width of ``texts`` as one row of chips."""
        widths = [self.text_width(text, size) + 2 * CHIP_PADDING_X for text in texts]
        return sum(widths) + CHIP_GAP * max(0, len(widths) - 1)

    def chip_flow(
        self,
        xy: Point,
        texts: Sequence[str],
        right: float,
        size: int = TextSize.SMALL,
        fill: Colour = SURFACE_RAISED,
        ink: Colour | None = None,
        outline: Colour | None = None,
        max_lines: int = 1,
        line_height: float = 40,
    ) -> int:
        """Chips left to right from ``xy`` (middle-left), wrapping before ``right``.

        On the last line a chip that does not fit is clipped with an ellipsis, or left
        out when too little room remains; returns how many chips were drawn.
        """
        x, y = xy
        line = 1
        for count, text in enumerate(texts):
            width = self.text_width(text, size) + 2 * CHIP_PADDING_X
            if x + width > right and x > xy[0] and line < max_lines:
                x, y, line = xy[0], y + line_height, line + 1
            room = right - x - 2 * CHIP_PADDING_X
            if x + width > right:
                if room < MIN_CLIPPED_CHIP_TEXT:
                    return count
                text = self.clip_text(text, room, size)
            box = self.chip((x, y), text, size, fill, ink, outline)
            x = box[2] + CHIP_GAP
        return len(texts)

    # -- glyphs
    def shape(
        self,
        shape: Shape,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 2,
    ) -> None:
        """A simple glyph fitting in the circle of ``radius`` around ``centre``."""
        if shape == "circle":
            self.circle(centre, radius, fill, outline, width)
            return
        self.polygon(shape_points(shape, centre, radius), fill, outline, width)

    def die(
        self,
        box: Box,
        value: int,
        dimmed: bool = False,
        face: Colour = DIE_FACE,
        ink: Colour = DIE_INK,
        label: str | None = None,
    ) -> None:
        """A die face: pips for 1-6, else ``label`` or the number (a d10, a symbol die)."""
        if dimmed:
            face, ink = DIE_DIMMED_FACE, DIE_DIMMED_INK
        left, top, right, bottom = box
        side = min(right - left, bottom - top)
        if label is None and value in PIP_LAYOUTS:

            def draw(canvas: Canvas, corner: Point) -> None:
                x, y = corner
                canvas._die_face((x, y, x + right - left, y + bottom - top), value, face, ink)

            self.sprite(("die", value, face, ink), box, draw)
            return
        self.rect(box, face, mix(face, BLACK, 0.35), 2, side * 0.18)
        self.text_in_box(box, label if label is not None else str(value), round(side * 0.5), ink)

    def _die_face(self, box: Box, value: int, face: Colour, ink: Colour) -> None:
        left, top, right, bottom = box
        side = min(right - left, bottom - top)
        self.rect(box, face, mix(face, BLACK, 0.35), 2, side * 0.18)
        step = side * 0.27
        centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
        for column, row in PIP_LAYOUTS[value]:
            pip = (centre_x + (column - 1) * step, centre_y + (row - 1) * step)
            self.circle(pip, side * 0.09, ink)

    # -- output
    def finish(self) -> Image.Image:
        """The final picture: reduced to its logical size, with any kept text drawn on it."""
        if self.scale == 1:
            return self.image
        image = self.image.reduce(self.scale)
        if self._deferred:
            final = Canvas(self.width, self.height, base=image)
            for xy, text, size, fill, anchor, bold in self._deferred:
                final.text(xy, text, size, fill, anchor, bold)
            image = final.image
        return image


def _make_stamp(width: int, height: int, paint: Painter, rim: int) -> Stamp:
    canvas = Canvas(width, height, scale=STAMP_SCALE, transparent=True)
    paint(canvas)
    picture = canvas.finish()
    if not rim:
        return _tiles(picture), None
    middle = picture.getpixel((width // 2, height // 2))
    assert isinstance(middle, tuple) and len(middle) == 4
    colour = (middle[0], middle[1], middle[2], middle[3])
    # A box's straight sides are its inside colour a few pixels in: only its corners need
    # the whole rim. (A translucent inside is blended, which may round differently; a clear
    # one is left as it is.)
    edge = _plain_edge(picture, rim, colour) if colour[3] in (0, 255) else rim
    return _rim_pieces(picture, rim, edge), (_inside_boxes(width, height, rim, edge), colour)


def _rim_pieces(
    picture: Image.Image, rim: int, edge: int
) -> tuple[tuple[int, int, Image.Image], ...]:
    """A rounded box's corners (``rim`` square) and its sides between them (``edge`` deep)."""
    width, height = picture.size
    boxes = (
        (0, 0, rim, rim),
        (width - rim, 0, width, rim),
        (0, height - rim, rim, height),
        (width - rim, height - rim, width, height),
        (rim, 0, width - rim, edge),
        (rim, height - edge, width - rim, height),
        (0, rim, edge, height - rim),
        (width - edge, rim, width, height - rim),
    )
    return tuple((box[0], box[1], picture.crop(box)) for box in boxes)


def _inside_boxes(
    width: int, height: int, rim: int, edge: int
) -> tuple[tuple[int, int, int, int], ...]:
    """What ``_rim_pieces`` leaves of the box: its middle, and the sides' inner parts."""
    boxes = (
        (edge, rim, width - edge, height - rim),
        (rim, edge, width - rim, rim),
        (rim, height - rim, width - rim, height - edge),
    )
    return tuple(box for box in boxes if box[2] > box[0] and box[3] > box[1])


def _plain_edge(picture: Image.Image, rim: int, colour: RGBA) -> int:
    """How deep (at most ``rim``) a box's sides are before its pixels are all ``colour``."""
    width, height = picture.size

    def plain(box: tuple[int, int, int, int]) -> bool:
        extrema = cast(tuple[tuple[int, int], ...], picture.crop(box).getextrema())
        return all(low == high == value for (low, high), value in zip(extrema, colour, strict=True))

    edge = rim
    while edge > 1 and all(
        plain(box)
        for box in (
            (rim, edge - 1, width - rim, edge),
            (rim, height - edge, width - rim, height - edge + 1),
            (edge - 1, rim, edge, height - rim),
            (width - edge, rim, width - edge + 1, height - rim),
        )
    ):
        edge -= 1
    return edge


def _stroke_stamp(
    width: int,
    height: int,
    shaft: Sequence[Point],
    head: Sequence[Point],
    fill: Colour,
    stroke_width: float,
) -> Stamp:
    """The stamp ``Canvas._stroke`` paints (``_make_stamp``), made from its coverage alone.

    A stroke is one colour written over a clear canvas, so each pixel of the stamp depends
    only on how many of its ``STAMP_SCALE``² sub-pixels the stroke covers: the stroke is
    drawn as a one-byte mask (the same shapes, so the same sub-pixels), reduced, and each
    count read through what Pillow's own reduction of the colour gives
    (``_coverage_palette``). A quarter of the bytes drawn, and no conversion of the large
    picture to premultiplied alpha and back: a long arrow's stamp costs a fifth.
    """
    scale = STAMP_SCALE
    mask = Image.new("L", (width * scale, height * scale), 0)
    line = [(round(x * scale), round(y * scale)) for x, y in shaft]
    polygon = [(round(x * scale), round(y * scale)) for x, y in head]
    thickness = max(1, round(stroke_width * scale))
    _paint_stroke(ImageDraw.Draw(mask), line, polygon, 255, thickness)
    coverage = mask.reduce(scale)
    coverage.putpalette(_coverage_palette(fill), "RGBA")  # each level read as its colour
    # A slanting stroke fills a fraction of its tiles (a long diagonal arrow a third): its
    # tiles are cut in strips of a few rows, each cropped to what it shows.
    return _tiles(coverage.convert("RGBA"), STROKE_STRIP), None


@lru_cache(maxsize=256)
def _coverage_palette(fill: Colour) -> bytes:
    """An RGBA palette whose entry ``level`` is the stamp's pixel where the reduced coverage
    mask (``_stroke_stamp``) reads that level: found by drawing ``fill`` over 0 to
    ``STAMP_SCALE``² sub-pixels of a clear block, reduced as ``Canvas.finish`` reduces a
    stamp, beside a mask of the same blocks."""
    scale = STAMP_SCALE
    blocks = scale * scale + 1
    drawn = Image.new("RGBA", (scale * blocks, scale), (0, 0, 0, 0))
    mask = Image.new("L", drawn.size, 0)
    pen, mask_pen = ImageDraw.Draw(drawn), ImageDraw.Draw(mask)
    for covered in range(blocks):
        for sub in range(covered):
            point = (scale * covered + sub % scale, sub // scale)
            pen.point(point, fill=fill)
            mask_pen.point(point, fill=255)
    colours, levels = drawn.reduce(scale), mask.reduce(scale)
    palette = bytearray(4 * 256)
    for covered in range(blocks):
        level = levels.getpixel((covered, 0))
        colour = colours.getpixel((covered, 0))
        assert isinstance(level, int) and isinstance(colour, tuple)
        palette[4 * level : 4 * level + 4] = bytes(colour)
    return bytes(palette)


def _tiles(
    picture: Image.Image, rows: int = STAMP_TILE
) -> tuple[tuple[int, int, Image.Image], ...]:
    """A stamp as pieces: itself if small, else its tiles (``rows`` high) that show
    something, each cropped to what it shows (a long diagonal arrow is mostly empty)."""
    if picture.width * picture.height <= STAMP_TILE * STAMP_TILE * 2:
        return ((0, 0, picture),)
    alpha = picture.getchannel("A")
    pieces = []
    for top in range(0, picture.height, rows):
        for left in range(0, picture.width, STAMP_TILE):
            tile = (
                left,
                top,
                min(left + STAMP_TILE, picture.width),
                min(top + rows, picture.height),
            )
            shown = alpha.crop(tile).getbbox()
            if shown is not None:
                x0, y0, x1, y1 = left + shown[0], top + shown[1], left + shown[2], top + shown[3]
                pieces.append((x0, y0, picture.crop((x0, y0, x1, y1))))
    kept = sum(piece.width * piece.height for *_, piece in pieces)
    if kept > SPARSE_STAMP * picture.width * picture.height:
        return ((0, 0, picture),)
    return tuple(pieces)


@lru_cache(maxsize=TEXTS_CACHED)
def _text_length(text: str, size: int, bold: bool) -> float:
    if glyphs.holds():
        return glyphs.length(text, size, bold)
    return font(size, bold).getlength(text)


def _text_mask(
    text: str, size: int, bold: bool, anchor: str, alpha: int
) -> tuple[Image.Image, int, int]:
    """The coverage of ``text`` (times ``alpha``) and its corner relative to the anchor."""

    def make() -> tuple[Image.Image, int, int]:
        # FreeType's mask as ``ImageDraw.text`` gets it: put together from glyphs drawn once
        # where that gives the same bytes, else in one layout instead of two (a bounding
        # box, then the text drawn in it).
        if glyphs.covered(text, anchor) and glyphs.holds():
            mask, left, top = glyphs.compose(text, size, bold, anchor)
        else:
            coverage, (left, top) = font(size, bold).getmask2(text, "L", anchor=anchor)
            mask = Image.Image()._new(coverage)
        if alpha < 255 and mask.width and mask.height:
            mask = mask.point(lambda level: level * alpha // 255)
        return mask, left, top

    return _TEXTS.get((text, size, bold, anchor, alpha), make)


#: Plain pictures of the colours words are written in (``_ink``), the last used kept.
_PLATES: Final[OrderedDict[tuple[int, int, int], Any]] = OrderedDict()
PLATES_KEPT: Final = 16
PLATE_MOST: Final = (1024, 128)  # a bigger word is written with its colour itself
_PLATES_LOCK: Final = threading.Lock()


def _ink(fill: Colour, width: int, height: int) -> Any:
    """What a word's coverage is pasted through: its colour, as a picture of the word's size
    cut from a kept plain plate. Pillow blends a picture through a mask as it blends a
    colour (the same pixels) in half the time; the colour itself for a word too big."""
    colour = (fill[0], fill[1], fill[2])
    if width > PLATE_MOST[0] or height > PLATE_MOST[1]:
        return colour
    with _PLATES_LOCK:
        plate = _PLATES.get(colour)
        if plate is None or plate.size[0] < width or plate.size[1] < height:
            wide = _rounded_up(max(width, plate.size[0] if plate else 0))
            high = _rounded_up(max(height, plate.size[1] if plate else 0))
            size = (min(PLATE_MOST[0], wide), min(PLATE_MOST[1], high))
            plate = _PLATES[colour] = Image.new("RGB", size, colour).im
            while len(_PLATES) > PLATES_KEPT:
                _PLATES.popitem(last=False)
        else:
            _PLATES.move_to_end(colour)
    return plate.crop((0, 0, width, height))


def _rounded_up(length: int, step: int = 64) -> int:
    return -(-length // step) * step


def _is_translucent(colour: Colour) -> bool:
    return len(colour) == 4 and colour[3] < 255


def _paint_stroke(
    draw: ImageDraw.ImageDraw,
    line: list[tuple[int, int]],
    head: list[tuple[int, int]],
    fill: Colour | int,
    thickness: int,
) -> None:
    """A polyline with round caps, and an arrowhead polygon if ``head`` has corners."""
    draw.line(line, fill=fill, width=thickness, joint="curve")
    radius = thickness / 2
    for x, y in (line[0], line[-1]):
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
    if head:
        draw.polygon(head, fill=fill)
