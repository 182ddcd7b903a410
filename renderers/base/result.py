"""The result band drawn on a finished match's board."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw, ImageFont

if TYPE_CHECKING:
    pass
from renderers.base.png import encode_png
from renderers.base.text import TextSize, font

# --- The end of a match ----------------------------------------------------------------------
RESULT_BAND = (20, 24, 32)
RESULT_INK = (255, 255, 255)
RESULT_ACCENT = (230, 159, 0)  # Okabe-Ito orange


def with_result(png: bytes, lines: Sequence[str]) -> bytes:
    """The final board with its result drawn across the top: a dark band, an orange rule,
    one line per placing ("Winner: Alice"), readable at phone width."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    size = max(TextSize.HEADING, board.width // 28)
    face = font(size)
    pad = size // 2
    height = pad * 2 + len(lines) * (size + pad // 2)
    picture = Image.new("RGB", (board.width, board.height + height), RESULT_BAND)
    picture.paste(board, (0, height))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, height - pad // 3, board.width, height), fill=RESULT_ACCENT)
    for number, line in enumerate(lines):
        text = line if face.getlength(line) <= board.width - 2 * pad else _fitted(line, face, board)
        top = pad + number * (size + pad // 2)
        draw.text((board.width / 2, top), text, font=face, fill=RESULT_INK, anchor="ma")
    return encode_png(picture)


def _fitted(line: str, face: ImageFont.FreeTypeFont, board: Image.Image) -> str:
    while line and face.getlength(line + "…") > board.width * 0.95:
        line = line[:-1]
    return line + "…"
