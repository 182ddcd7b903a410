"""A stamp pasted as its pieces (``renderers.base.pieces``: opaque cores copied plainly, the
rest blended, clear parts left out) gives the board the stamp blended whole would give,
byte for byte; and the copies and the parts left out are what make it quicker."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw

from renderers.base.canvas import Canvas, _frame, _make_stamp
from renderers.base.pieces import PLAIN_CORE_AREA, Piece, opaque_blocks, pasted_pieces

Painter = Callable[[Canvas], None]


def cross(canvas: Canvas) -> None:
    canvas.line([(8, 8), (73.5, 64)], (0, 0, 0), 11)
    canvas.line([(73, 8), (7.5, 64)], (0, 0, 0), 11)


def two_boxes(canvas: Canvas) -> None:
    canvas.rect((2, 2, 138, 50), (86, 180, 233))
    canvas.rect((30, 70, 100, 118), (213, 94, 0), None, 0, 6)


SHAPES: dict[str, tuple[tuple[int, int], Painter]] = {
    "rounded box": (
        (128, 34),
        lambda c: c.rect((2, 2, 126, 32), (45, 58, 89), (84, 99, 138), 2, 15),
    ),
    "square box": ((90, 60), lambda c: c.rect((2, 2, 88, 58), (250, 250, 245), (20, 24, 36), 2)),
    "disc": ((62, 62), lambda c: c.ellipse((2, 2, 60, 60), (236, 238, 242), (0, 0, 0), 3)),
    "ring": ((80, 80), lambda c: c.ellipse((2, 2, 78, 78), None, (230, 159, 0), 9)),
    "translucent box": ((120, 50), lambda c: c.rect((2, 2, 118, 48), (0, 0, 0, 128), None, 0, 8)),
    "cross": ((81, 72), cross),
    "slant": ((81, 72), lambda c: c.line([(8, 8), (73.5, 64)], (230, 159, 0), 7)),
    "two boxes": ((140, 120), two_boxes),
    "tiny": ((20, 20), lambda c: c.ellipse((2, 2, 18, 18), (255, 255, 255))),
}


def stamp_picture(name: str) -> Image.Image:
    (width, height), paint = SHAPES[name]
    [(_, _, picture)] = _make_stamp(width, height, paint, 0)[0]
    return picture


def busy_ground(size: tuple[int, int], seed: int) -> Image.Image:
    """A background where every pixel is another colour."""
    rng = random.Random(seed)
    return Image.frombytes("RGB", size, rng.randbytes(3 * size[0] * size[1]))


def paste(ground: Image.Image, pieces: list[Piece], at: tuple[int, int]) -> bytes:
    target = ground.copy()
    for left, top, right, bottom, piece, mask in pieces:
        box = (at[0] + left, at[1] + top, at[0] + right, at[1] + bottom)
        if mask is None:
            target.im.paste(piece, box)
        else:
            target.im.paste(piece, box, mask)
    return target.tobytes()


def area(pieces: list[Piece], plain: bool) -> int:
    return sum(
        (x1 - x0) * (y1 - y0) for x0, y0, x1, y1, _, mask in pieces if (mask is None) == plain
    )


@pytest.mark.parametrize("name", SHAPES)
@pytest.mark.parametrize("seed", range(3))
def test_a_stamp_pasted_as_its_pieces_is_the_stamp_blended_whole(name: str, seed: int) -> None:
    picture = stamp_picture(name)
    ground = busy_ground((picture.width + 20, picture.height + 20), seed)
    whole = ground.copy()
    whole.paste(picture, (7, 5), picture)
    assert paste(ground, pasted_pieces(3, 1, picture), (4, 4)) == whole.tobytes()


def test_a_big_rounded_box_is_mostly_copied_not_blended() -> None:
    picture = stamp_picture("rounded box")
    pieces = pasted_pieces(0, 0, picture)
    copied = area(pieces, plain=True)
    assert copied >= 0.6 * picture.width * picture.height
    assert all(piece.mode == "RGB" for *_, piece, mask in pieces if mask is None)


def test_the_clear_parts_of_a_stamp_are_not_pasted() -> None:
    picture = stamp_picture("two boxes")  # clear between the boxes and beside the lower one
    pieces = pasted_pieces(0, 0, picture)
    pasted = area(pieces, plain=True) + area(pieces, plain=False)
    alpha = picture.getchannel("A").histogram()
    assert pasted <= picture.width * picture.height - alpha[0] // 2
    assert len([p for p in pieces if p[5] is None]) == 2  # each box's core copied


def test_a_small_stamp_stays_one_blended_piece() -> None:
    picture = stamp_picture("tiny")
    [(left, top, right, bottom, _, mask)] = pasted_pieces(5, 6, picture)
    assert (left, top, right, bottom) == (5, 6, 5 + picture.width, 6 + picture.height)
    assert mask is not None


def test_a_stamp_never_opaque_is_blended_as_what_it_shows() -> None:
    picture = stamp_picture("translucent box")
    [(left, top, right, bottom, _, mask)] = pasted_pieces(5, 6, picture)
    shown = picture.getchannel("A").getbbox()
    assert shown is not None and mask is not None
    assert (left, top, right, bottom) == (5 + shown[0], 6 + shown[1], 5 + shown[2], 6 + shown[3])


def test_opaque_blocks_take_the_straight_middle_of_a_rounded_box() -> None:
    width, height = 100, 40
    picture = Image.new("L", (width, height), 0)
    ImageDraw.Draw(picture).rounded_rectangle((0, 0, width - 1, height - 1), 12, fill=255)
    [(top, bottom, left, right)] = opaque_blocks(picture.tobytes(), width, height)
    assert (right - left) * (bottom - top) >= PLAIN_CORE_AREA
    assert top < 6 and bottom > height - 6 and left < 6 and right > width - 6
    core = picture.crop((left, top, right, bottom))
    assert core.getextrema() == (255, 255)


def corner(name: str) -> tuple[int, int]:
    """Where the board test draws a shape (some overlap: the later is laid over)."""
    return 10 + 150 * (len(name) % 5), 10 + 130 * (len(name) % 3)


def test_a_board_drawn_with_pieces_is_the_board_drawn_with_whole_stamps() -> None:
    canvas = Canvas(800, 420, (31, 41, 66))
    expected = Image.new("RGB", (800, 420), (31, 41, 66))
    for name, ((width, height), paint) in SHAPES.items():
        x, y = corner(name)
        canvas._stamp(("test", name), _frame((x, y, x + width, y + height), 0), paint)
        picture = stamp_picture(name)
        expected.paste(picture, (x, y), picture)
    assert canvas.image.tobytes() == expected.tobytes()


def test_a_slanting_stroke_is_blended_in_strips_of_what_it_shows() -> None:
    picture = stamp_picture("slant")
    pieces = pasted_pieces(0, 0, picture)
    assert len(pieces) > 1
    assert area(pieces, plain=False) <= 0.6 * picture.width * picture.height
    alpha = picture.getchannel("A")
    for x0, y0, x1, y1, _, _ in pieces:  # each strip cropped to its ink
        assert alpha.crop((x0, y0, x1, y1)).getbbox() == (0, 0, x1 - x0, y1 - y0)
