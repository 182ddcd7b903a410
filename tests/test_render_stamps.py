"""A stroke's stamp made from its coverage mask (``renderers.base.canvas._stroke_stamp``) is
the very stamp painting it on a clear canvas gives (``_make_stamp``): pasted on a busy
background, the same picture pixel for pixel (the fast one is kept in strips cropped to its
ink), for opaque and translucent colours, lines and arrows of any width and direction."""

from __future__ import annotations

import random
from functools import partial

import pytest
from PIL import Image

from renderers.base import canvas
from renderers.base.canvas import Canvas, Stamp, _frame, _make_stamp, _moved, _stroke_stamp
from renderers.base.colours import BACKGROUND, Colour, Point


def pasted(stamp: Stamp, size: tuple[int, int], seed: int) -> bytes:
    """The stamp's pieces pasted on a busy background (every pixel another colour)."""
    rng = random.Random(seed)
    ground = Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1]))
    for dx, dy, piece in stamp[0]:
        ground.paste(piece, (dx, dy), piece)
    return ground.tobytes()


def both_ways(
    shaft: list[Point], head: list[Point], fill: Colour, width: float
) -> tuple[Stamp, Stamp]:
    """The stamp of a stroke as ``Canvas._stroke`` frames it, made both ways."""
    frame = _frame(canvas._bounds([*shaft, *head]), canvas.STAMP_MARGIN + width / 2)
    local, tip = _moved(shaft, frame[0], frame[1]), _moved(head, frame[0], frame[1])
    w, h = frame[2] - frame[0], frame[3] - frame[1]
    painted = _make_stamp(w, h, lambda c: c._stroke(local, tip, fill, width), 0)
    return _stroke_stamp(w, h, local, tip, fill, width), painted


def arrowhead(start: Point, tip: Point, head: float) -> list[Point]:
    """An arrowhead as ``Canvas.arrow`` draws one (its shape does not matter here)."""
    (x0, y0), (x1, y1) = start, tip
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - head * ux, y1 - head * uy
    half = head * canvas.ARROWHEAD_HALF_WIDTH
    return [(x1, y1), (bx - half * uy, by + half * ux), (bx + half * uy, by - half * ux)]


COLOURS: list[Colour] = [
    (20, 24, 36),
    (230, 159, 0),
    (255, 255, 255),
    (0, 114, 178, 255),
    (213, 94, 0, 128),
    (86, 180, 233, 17),
    (240, 228, 66, 1),
    (0, 0, 0, 0),
]


@pytest.mark.parametrize("seed", range(4))
def test_a_strokes_stamp_from_its_coverage_is_the_painted_one(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        start = (rng.uniform(0, 400), rng.uniform(0, 400))
        end = (rng.uniform(0, 400), rng.uniform(0, 400))
        shaft = [start, end] if rng.random() < 0.8 else [start, (200.0, 200.0), end]
        head = arrowhead(start, end, rng.choice([10, 18, 22])) if rng.random() < 0.5 else []
        fill = rng.choice(COLOURS)
        width = rng.choice([0.5, 1, 1.5, 2, 3, 4, 5, 8, 9])
        fast, painted = both_ways(shaft, head, fill, width)
        size = stamp_size(painted)
        assert pasted(fast, size, seed) == pasted(painted, size, seed), (shaft, head, fill, width)
        assert fast[1] is None and painted[1] is None


def stamp_size(stamp: Stamp) -> tuple[int, int]:
    return (
        max((dx + piece.width for dx, _, piece in stamp[0]), default=1),
        max((dy + piece.height for _, dy, piece in stamp[0]), default=1),
    )


def test_a_slanting_strokes_stamp_is_kept_in_strips_of_what_it_shows() -> None:
    """A long diagonal arrow is kept in pieces a few rows high, each cropped to its ink: a
    third of the bytes of its tiles, and the same picture once pasted."""
    shaft = [(10.0, 10.0), (390.0, 390.0)]
    fast, painted = both_ways(shaft, arrowhead(shaft[0], shaft[1], 20), (20, 24, 36), 8)
    size = stamp_size(painted)
    assert pasted(fast, size, 1) == pasted(painted, size, 1)
    kept = sum(piece.width * piece.height for *_, piece in fast[0])
    tiled = sum(piece.width * piece.height for *_, piece in painted[0])
    assert kept < 0.45 * tiled
    assert all(piece.height <= canvas.STROKE_STRIP for *_, piece in fast[0])


def test_arrows_on_a_canvas_look_as_they_did() -> None:
    """Whole pictures: arrows and lines drawn on a board-sized canvas, stamps made afresh
    each time both ways, come out identical."""
    drawn = []
    for fast in (True, False):
        canvas.clear_caches()
        if not fast:
            original = canvas._stroke_stamp
            canvas._stroke_stamp = lambda w, h, shaft, head, fill, width: _make_stamp(  # type: ignore[assignment]
                w, h, lambda c: c._stroke(shaft, head, fill, width), 0
            )
        try:
            board = Canvas(480, 480)
            board.arrow([(30, 40), (400, 300)], (20, 24, 36), 8, 20)
            board.arrow([(30, 40), (400, 300)], (230, 159, 0), 4, 16)
            board.line([(10, 470), (240, 20), (470, 470)], (0, 114, 178), 3)
            board.line([(60, 60), (420, 420)], (213, 94, 0, 128), 6)
            drawn.append(board.finish().tobytes())
        finally:
            if not fast:
                canvas._stroke_stamp = original
    canvas.clear_caches()
    assert drawn[0] == drawn[1]


def test_a_canvas_may_draw_on_its_base_itself() -> None:
    base = Image.new("RGB", (40, 30), (1, 2, 3))
    copied = Canvas(40, 30, base=base)
    owned = Canvas(40, 30, base=base, own_base=True)
    assert copied.image is not base and owned.image is base
    owned.rect((5, 5, 20, 20), (200, 10, 10))
    copied.rect((5, 5, 20, 20), (200, 10, 10))
    assert owned.finish().tobytes() == copied.finish().tobytes()


@pytest.mark.parametrize("anchor", ["la", "mm", "rm", "ls", "ms"])
def test_a_canvas_writes_words_exactly_as_pillow_draws_them(anchor: str) -> None:
    """Cached words (their coverage from FreeType in one pass) are the pixels Pillow's own
    ``ImageDraw.text`` writes at the same place, accents, digits and blanks included."""
    from PIL import ImageDraw

    from renderers.base.text import font

    words = ["Élodie", "Round 2 · play", "player 123·4", "AI 1 (hard)", "j", " ", "9 ✓"]
    ours = Canvas(420, 60 * len(words))
    theirs = Image.new("RGB", ours.image.size, BACKGROUND)
    draw = ImageDraw.Draw(theirs)
    for index, (word, size) in enumerate(zip(words, [14, 18, 22, 27, 36, 18, 22], strict=True)):
        xy = (210, 30 + 60 * index)
        ours.text(xy, word, size, (240, 228, 66), anchor)
        draw.text(xy, word, (240, 228, 66), font=font(size, True), anchor=anchor)
    assert ours.finish().tobytes() == theirs.tobytes()


def draw_rect(
    box: tuple[float, float, float, float],
    fill: Colour | None,
    outline: Colour | None,
    width: float,
    radius: float,
    target: Canvas,
) -> None:
    target.rect(box, fill, outline, width, radius)


@pytest.mark.parametrize("seed", range(3))
def test_a_big_box_drawn_from_its_rim_is_the_box_drawn_whole(seed: int) -> None:
    """A big rounded box, filled or outlined, is composited as its corners, thin sides and
    plain fills: on a busy background, pixel for pixel what pasting its whole stamp gives."""
    rng = random.Random(seed)
    background = Image.effect_noise((360, 260), 60).convert("RGB")
    for _ in range(25):
        left, top = rng.uniform(0, 40), rng.uniform(0, 40)
        box = (left, top, left + rng.uniform(90, 300), top + rng.uniform(70, 200))
        fill = rng.choice([None, *(c for c in COLOURS if len(c) == 3 or c[3] == 255)])
        outline = rng.choice([None, (20, 24, 36), (230, 159, 0), (213, 94, 0, 128)])
        outline = outline or (None if fill else (0, 114, 178))
        width, radius = rng.choice([1, 2, 4, 6]), rng.choice([0, 3, 8, 14, 24])
        ours = Canvas(360, 260, base=background)
        ours.rect(box, fill, outline, width, radius)
        frame = _frame(box, canvas.STAMP_MARGIN)
        local = _moved([box[:2], box[2:]], frame[0], frame[1])
        size = (frame[2] - frame[0], frame[3] - frame[1])
        whole, inside = _make_stamp(
            *size, partial(draw_rect, (*local[0], *local[1]), fill, outline, width, radius), 0
        )
        assert inside is None
        expected = background.copy()
        for dx, dy, piece in whole:
            expected.paste(piece, (frame[0] + dx, frame[1] + dy), piece)
        assert ours.finish().tobytes() == expected.tobytes(), (box, fill, outline, width, radius)


def test_words_of_every_colour_and_size_are_the_pixels_pillow_draws() -> None:
    """Words pasted through their coverage in many colours (each colour's plate grown as
    longer words come), over one another on a busy background, and a word wider than any
    plate: the very pixels of Pillow's ``ImageDraw.text``."""
    from PIL import ImageDraw

    from renderers.base.text import font

    canvas.clear_caches()
    rng = random.Random(5)
    background = Image.effect_noise((900, 500), 70).convert("RGB")
    ours = Canvas(900, 500, base=background)
    theirs = background.copy()
    draw = ImageDraw.Draw(theirs)
    words = ["a", "Round 12", "Élodie's turn · 3 points left", "W" * 60, "j ✓ 9"]
    for _ in range(40):
        word, size = rng.choice(words), rng.choice([12, 18, 27, 40, 64])
        fill = rng.choice([c for c in COLOURS if len(c) == 3 or c[3] == 255])
        xy = (rng.uniform(-50, 850), rng.uniform(0, 480))
        ours.text(xy, word, size, fill, "lm")
        draw.text(xy, word, fill, font=font(size, True), anchor="lm")
    assert ours.finish().tobytes() == theirs.tobytes()
