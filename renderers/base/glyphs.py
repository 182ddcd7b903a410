"""Words put together from glyphs drawn once: the very coverage FreeType gives a whole word
(``FreeTypeFont.getmask2``), at a fraction of its cost for a word never drawn before.

Pillow lays a word out and draws each of its glyphs again at every call (about 15 µs a
glyph): a board's player names, new in every match, were most of the words its worker drew
afresh. With the basic layout Pillow uses here, a word is its glyphs side by side: each
drawn at a whole pixel (the pen, its advances and kerning summed in 1/64 pixel, rounded);
where two glyphs overlap, the second is laid over the first exactly as pasting full ink
through its coverage lays it. So each glyph's coverage, box and advance, and each pair's
kerning, are read from FreeType once and kept; a word is pasted together from them.

``holds()`` checks once per process, on words with overlapping and kerned glyphs, that
this gives FreeType's own bytes, and the words are drawn by FreeType where it does not
(another Pillow, another layout). Words it does not cover (control characters, anchors
on a word's own top or bottom) are drawn by FreeType too.
"""

from __future__ import annotations

import math
import threading
from functools import lru_cache
from typing import Final

from PIL import Image

from renderers.base.text import font

#: Glyphs kept (each a few hundred bytes): every character of a few dozen sizes.
GLYPHS_KEPT: Final = 4096
KERNINGS_KEPT: Final = 16384
#: Horizontal anchors: the word's left, middle or right; vertical ones at a fixed height
#: from the baseline (ascender, middle, baseline, descender).
HORIZONTAL_ANCHORS: Final = "lmr"
VERTICAL_ANCHORS: Final = "amsd"
#: Words whose glyphs overlap, kern or leave the line, to check ``compose`` against FreeType.
CHECKED_WORDS: Final = ("AVATAR Wa To fj", "Backward (left)", "Zoë · 12 É‹ ĝ", "«ok» …")
CHECKED_SIZES: Final = (14, 22, 26, 40)

#: A glyph: its coverage (None when it shows nothing), its box from the pen on the baseline,
#: and its advance.
Glyph = tuple[Image.Image | None, int, int, int, int, float]


@lru_cache(maxsize=GLYPHS_KEPT)
def glyph(character: str, size: int, bold: bool) -> Glyph:
    typeface = font(size, bold)
    left, top, right, bottom = typeface.getbbox(character, anchor="ls")
    coverage, _ = typeface.getmask2(character, "L", anchor="ls")
    picture = Image.Image()._new(coverage) if coverage.size[0] and coverage.size[1] else None
    return (
        picture,
        int(left),
        int(top),
        int(right),
        int(bottom),
        typeface.getlength(character),
    )


@lru_cache(maxsize=KERNINGS_KEPT)
def kerning(first: str, second: str, size: int, bold: bool) -> float:
    """What the pair's advance differs from its two glyphs' (1/64 pixels: exact in a float)."""
    pair = font(size, bold).getlength(first + second)
    return pair - glyph(first, size, bold)[5] - glyph(second, size, bold)[5]


@lru_cache(maxsize=64)
def vertical_shift(size: int, bold: bool, anchor: str) -> int:
    """How far the box of any word moves down from the baseline anchor to ``anchor``'s."""
    typeface = font(size, bold)
    moved = typeface.getbbox("x", anchor="l" + anchor)[1]
    return int(moved - typeface.getbbox("x", anchor="ls")[1])


def covered(text: str, anchor: str) -> bool:
    """Whether ``compose`` draws ``text`` at ``anchor`` (else FreeType does)."""
    return (
        bool(text)
        and len(anchor) == 2
        and anchor[0] in HORIZONTAL_ANCHORS
        and anchor[1] in VERTICAL_ANCHORS
        and all(character >= " " and character != "\x7f" for character in text)
    )


def pens(text: str, size: int, bold: bool) -> tuple[list[tuple[Glyph, float]], float]:
    """Each glyph of the word with where the pen stands for it, and the word's advance
    (``FreeTypeFont.getlength``): advances and kernings summed, exact in 1/64 pixel."""
    placed: list[tuple[Glyph, float]] = []
    pen, previous = 0.0, ""
    for character in text:
        if previous:
            pen += kerning(previous, character, size, bold)
        shape = glyph(character, size, bold)
        placed.append((shape, pen))
        pen += shape[5]
        previous = character
    return placed, pen


def length(text: str, size: int, bold: bool) -> float:
    """The word's advance, as ``FreeTypeFont.getlength`` gives it."""
    return pens(text, size, bold)[1]


def compose(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage of ``text`` (``covered``) and its corner relative to the anchor, as
    ``getmask2`` gives them."""
    glyphs, pen = pens(text, size, bold)
    placed: list[tuple[Image.Image | None, int, int, int, int]] = []
    for (picture, left, top, right, bottom, _), at in glyphs:
        x = math.floor(at + 0.5)
        placed.append((picture, x + left, top, x + right, bottom))
    left = min(box[1] for box in placed)
    top = min(box[2] for box in placed)
    right = max(box[3] for box in placed)
    bottom = max(box[4] for box in placed)
    mask = Image.new("L", (right - left, bottom - top), 0)
    target = mask.im
    for picture, x0, y0, _, _ in placed:
        if picture is not None:
            x, y = x0 - left, y0 - top
            target.paste(255, (x, y, x + picture.width, y + picture.height), picture.im)
    across = {"l": 0, "m": math.floor(pen / 2 + 0.5), "r": math.floor(pen + 0.5)}[anchor[0]]
    return mask, left - across, top + vertical_shift(size, bold, anchor[1])


_CHECK_LOCK: Final = threading.Lock()
_checked: list[bool] = []


def holds() -> bool:
    """Whether ``compose`` gives FreeType's bytes here (checked once per process)."""
    with _CHECK_LOCK:
        if not _checked:
            _checked.append(_same_as_freetype())
        return _checked[0]


def _same_as_freetype() -> bool:
    for size in CHECKED_SIZES:
        for bold in (True, False):
            for word in CHECKED_WORDS:
                for anchor in ("ls", "mm", "rd", "la"):
                    coverage, corner = font(size, bold).getmask2(word, "L", anchor=anchor)
                    mask, left, top = compose(word, size, bold, anchor)
                    expected = Image.Image()._new(coverage)
                    if (
                        (left, top) != tuple(corner)
                        or mask.size != expected.size
                        or mask.tobytes() != expected.tobytes()
                        or length(word, size, bold) != font(size, bold).getlength(word)
                    ):
                        return False
    return True
