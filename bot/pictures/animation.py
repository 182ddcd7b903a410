"""A replay as an animated picture: each turn's board drawn with the game's own renderer
(``bot.pictures.boards.render_board``), scaled down to ``FRAME_WIDTH`` (readable at phone
width) under a caption band that says whose move it was and what happened, then encoded as
an animated WebP (a GIF where Pillow has no WebP) that stays under Discord's upload limit.
It is CPU work of seconds, off the event loop: ``BoardPainter.render_replay`` draws the
boards in the render workers a few at a time (other matches' boards are drawn in between)
and encodes them in a thread (``animate``).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

from bot.pictures.boards import render_board
from bot.table.replay import Frame
from renderers.base import (
    BACKGROUND,
    HIGHLIGHT,
    RESULT_ACCENT,
    RESULT_BAND,
    SURFACE,
    TEXT,
    TEXT_MUTED,
    font,
)

#: Discord's upload limit for a server without boosts is 10 MiB a file; the picture keeps
#: a margin below it.
UPLOAD_LIMIT = 10 * 1024 * 1024
PICTURE_LIMIT = 9_500_000
#: Boards are drawn 800 to 1,200 px wide; a phone shows a picture about 400 px wide. Frames
#: of about 600 px keep every word of the board and of the caption legible there (see
#: ``scaled``: a 1,100 px board becomes 550 px, a 1,186 px one 593).
FRAME_WIDTH = 600
#: More frames than this and only every Nth turn is shown (said on the frames): at 20-35 ms
#: a frame (Rush'n'Crush with six cars the slowest), even the longest replay is built
#: within the 10 s budget.
MAX_FRAMES = 250
#: Lossy WebP at this quality keeps the boards' text sharp at a fraction of lossless size
#: (a 200-turn Fireship replay: 1.5 MB; 1.9 MB at quality 90; 9.5 MB lossless). Only the
#: first frame is a key frame: each turn is encoded once, as the part of the picture that
#: changed (Pillow's default, a key frame every few turns, encodes many frames twice to
#: choose, and took 18 ms a frame instead of 11 for a Rush'n'Crush board, at twice the size).
WEBP_QUALITY = 80
FIRST_MS = 1500
TURN_MS = 800
LAST_MS = 5000
#: The placeholder a note's template holds for N in "every Nth turn".
EVERY = "{every}"


# ------------------------------------------------------------------ the animation
@dataclass(frozen=True)
class ReplayJob:
    """Everything ``make_animation`` needs (plain data: it crosses to a worker process)."""

    game: str
    frames: list[Frame]
    labels: Mapping[str, str] = field(default_factory=dict)
    #: Drawn on the last frame when the match is over ("Winner: Alice").
    result: str = ""
    #: Shown when only every Nth turn fits, with ``EVERY`` standing for N.
    every_note: str = "every " + EVERY + " turns"
    width: int = FRAME_WIDTH
    limit: int = PICTURE_LIMIT
    max_frames: int = MAX_FRAMES


@dataclass(frozen=True)
class Animation:
    data: bytes
    extension: str  # "webp" or "gif"
    frames: int
    every: int  # 1: every turn shown; N: every Nth
    size: tuple[int, int]


def make_animation(job: ReplayJob) -> Animation:
    """The replay as an animated picture, all of it in this thread (the bench, tests, a bot
    without render processes; ``BoardPainter.render_replay`` draws the boards in its
    workers instead)."""
    return animate(job, {index: draw_board(job, index) for index in boards_needed(job)})


def boards_needed(job: ReplayJob) -> list[int]:
    """The frames whose boards are drawn: every turn while there are at most
    ``max_frames``, else every Nth turn; always the opening and the end."""
    return _chosen(len(job.frames), _first_step(job))


def draw_board(job: ReplayJob, index: int) -> bytes:
    return render_board(job.game, job.frames[index].view, job.labels)


def animate(job: ReplayJob, boards: Mapping[int, bytes]) -> Animation:
    """The animation from the boards of ``boards_needed(job)``, under ``job.limit`` bytes:
    if too heavy, encoded again with a share of those frames that fits (every Nth)."""
    count = len(job.frames)
    every = _first_step(job)
    while True:
        chosen = _chosen(count, every)
        data, extension, size = _encode(job, chosen, boards, every)
        if len(data) <= job.limit or len(chosen) <= 2:
            return Animation(data, extension, len(chosen), every, size)
        # A multiple of the step, with a margin: the frames kept are among those drawn.
        every *= max(2, math.ceil(len(data) / (job.limit * 0.9)))


def _first_step(job: ReplayJob) -> int:
    return max(1, math.ceil((len(job.frames) - 1) / max(1, job.max_frames - 1)))


def _chosen(count: int, every: int) -> list[int]:
    """Every ``every``th frame from the opening, and always the last."""
    chosen = list(range(0, count, every))
    if chosen[-1] != count - 1:
        chosen.append(count - 1)
    return chosen


def _encode(
    job: ReplayJob, chosen: list[int], boards: Mapping[int, bytes], every: int
) -> tuple[bytes, str, tuple[int, int]]:
    last = chosen[-1]
    note = job.every_note.replace(EVERY, str(every)) if every > 1 else ""

    def picture(index: int) -> Image.Image:
        result = job.result if index == last else ""
        return _compose(boards[index], job.frames[index].caption, note, result, job.width)

    first = picture(chosen[0])
    durations = [FIRST_MS, *[TURN_MS] * (len(chosen) - 2), LAST_MS]
    buffer = io.BytesIO()
    if features.check("webp"):
        rest = _OneByOne((picture(i) for i in chosen[1:]), len(chosen) - 1)
        first.save(
            buffer,
            "WEBP",
            save_all=True,
            append_images=[rest],
            duration=durations,
            loop=0,
            quality=WEBP_QUALITY,
            method=0,
            kmax=0,  # no key frames after the first (see WEBP_QUALITY)
        )
        if not rest.done:
            raise RuntimeError("the WebP writer did not read every frame")
        return buffer.getvalue(), "webp", first.size
    # Without WebP: a GIF, each frame on its own palette (frames kept, 1 byte a pixel).
    frames = [_paletted(first), *(_paletted(picture(i)) for i in chosen[1:])]
    frames[0].save(
        buffer, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return buffer.getvalue(), "gif", first.size


class _OneByOne:
    """The frames after the first, made one at a time as the encoder asks for them.

    Pillow's animated WebP writer reads each image of ``append_images`` frame by frame with
    ``seek`` (``n_frames`` of them), so a stream of frames passes as one multi-frame image
    and a long match's frames (1 MB each) are never all held in memory at once."""

    def __init__(self, frames: Iterator[Image.Image], count: int) -> None:
        self.n_frames = count
        self._frames = frames
        self._current: Image.Image | None = None
        self._read = 0

    @property
    def done(self) -> bool:
        return self._read == self.n_frames

    def seek(self, frame: int) -> None:
        self._current = next(self._frames)
        self._read += 1

    def tell(self) -> int:
        return max(0, self._read - 1)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._current, name)


def _paletted(picture: Image.Image) -> Image.Image:
    return picture.convert("P", palette=Image.Palette.ADAPTIVE, colors=255)


# ------------------------------------------------------------------ one frame
HEADLINE_SIZE = 22
LINE_SIZE = 19
PAD = 10
GAP = 6
#: The caption band: a headline and this many lines, the same height on every frame.
CAPTION_LINES = 2
BAND_HEIGHT = PAD * 2 + HEADLINE_SIZE + CAPTION_LINES * (LINE_SIZE + GAP)


def _compose(png: bytes, caption: Sequence[str], note: str, result: str, width: int) -> Image.Image:
    """The board scaled to ``width`` under its caption band. At the end, the band shows
    the result first, in the colours of the final board's result band."""
    board = scaled(Image.open(io.BytesIO(png)).convert("RGB"), width)
    width, height = board.size
    picture = Image.new("RGB", (width, BAND_HEIGHT + height), BACKGROUND)
    picture.paste(board, (0, BAND_HEIGHT))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, 0, width, BAND_HEIGHT), fill=RESULT_BAND if result else SURFACE)
    rule = RESULT_ACCENT if result else HIGHLIGHT
    draw.rectangle((0, BAND_HEIGHT - 3, width, BAND_HEIGHT - 1), fill=rule)
    bold, regular = font(HEADLINE_SIZE), font(LINE_SIZE, bold=False)
    rows = [(line, regular, TEXT_MUTED) for line in caption[1 : 1 + CAPTION_LINES]]
    headline = (caption[0] if caption else "", bold, TEXT)
    if result:
        headline, rows = (result, bold, RESULT_ACCENT), [(headline[0], regular, TEXT), *rows]
    room = width - 2 * PAD
    if note:
        shown = _fitted(note, regular, room // 2)
        draw.text((width - PAD, PAD + 2), shown, font=regular, fill=TEXT_MUTED, anchor="ra")
        room -= int(regular.getlength(shown)) + PAD
    text, face, ink = headline
    draw.text((PAD, PAD), _fitted(text, face, room), font=face, fill=ink)
    top = PAD + HEADLINE_SIZE + GAP
    for text, face, ink in rows[:CAPTION_LINES]:
        draw.text((PAD, top), _fitted(text, face, width - 2 * PAD), font=face, fill=ink)
        top += LINE_SIZE + GAP
    return picture


def scaled(board: Image.Image, width: int) -> Image.Image:
    """The board about ``width`` wide: reduced by a whole factor when one comes close (a
    1,100 px board to 550: each pixel the mean of a 2×2 square, four times quicker than
    resampling and as sharp), else resampled to ``width``."""
    factor = round(board.width / width)
    if factor >= 2:
        return board.reduce(factor)
    height = round(board.height * width / board.width)
    return board.resize((width, height), Image.Resampling.BOX)


def _fitted(text: str, face: ImageFont.FreeTypeFont, room: float) -> str:
    """``text`` with what the font cannot draw left out (emoji), cut with … to fit."""
    text = " ".join(drawable(text, face).split())
    if face.getlength(text) <= room:
        return text
    while text and face.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip() + "…"


def drawable(text: str, face: ImageFont.FreeTypeFont) -> str:
    """The characters of ``text`` that ``face`` has a glyph for (and no markdown stars)."""
    return "".join(ch for ch in text.replace("**", "") if _has_glyph(face, ch))


@lru_cache(maxsize=8192)
def _has_glyph(face: ImageFont.FreeTypeFont, ch: str) -> bool:
    return ch.isspace() or _drawn(face, ch) != _drawn(face, "\U0010fffd")


@lru_cache(maxsize=8192)
def _drawn(face: ImageFont.FreeTypeFont, ch: str) -> bytes:
    """How the font draws one character (any character it lacks: its "notdef" box)."""
    side = int(face.size) * 2
    tile = Image.new("L", (side, side))
    ImageDraw.Draw(tile).text((side // 4, side // 4), ch, font=face, fill=255)
    return tile.tobytes()
