"""Output: each game's fixed palette (fitted, or stored in ``renderers/palettes/``) and the
8-bit PNG encoder."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Final

from PIL import Image

if TYPE_CHECKING:
    pass
from renderers.base.colours import BACKGROUND, RGB

# --- Output --------------------------------------------------------------------------------
PNG_COLOURS: Final = 256
#: zlib's level for boards, measured on mid-game boards (time to compress, size): 1 and 3 cost
#: the same, 3 is 10% smaller; 4 costs 40% more for 10% less, 6 twice the time.
PNG_COMPRESS_LEVEL: Final = 3
PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
PALETTE_GROUND: Final = BACKGROUND
EXACT_COLOURS: Final = 64  # at most this many of a palette's entries are exact flat colours
EXACT_COLOUR_PIXELS: Final = 400  # ...each covering at least this many pixels of the boards
EXACT_NEIGHBOURHOOD: Final = 3  # fitted entries this close to an exact one are left out
MAPPING_SHIFT: Final = 2


@dataclass(frozen=True, eq=False)
class Palette:
    """A fixed palette for ``encode_png``: its colours, and what Pillow maps pictures onto.

    Pillow finds a pixel's entry from the low corner of the 4x4x4 cell its colour falls in,
    so an exact colour may go to a neighbour; ``mapper`` holds the entries shifted down by
    ``MAPPING_SHIFT`` (so cells are judged by their middle) while the PNG gets ``colours``.
    """

    colours: tuple[RGB, ...]
    mapper: Image.Image

    @classmethod
    def of(cls, colours: Sequence[RGB]) -> Palette:
        mapper = Image.new("P", (1, 1))
        mapper.putpalette([max(0, level - MAPPING_SHIFT) for colour in colours for level in colour])
        return cls(tuple(colours), mapper)


@cache
def stored_palette(game: str) -> Palette:
    """The palette a game's boards are mapped onto, as ``renderers/palettes/<game>.txt``
    holds it (one ``rrggbb`` colour a line). It was fitted by ``build_palette`` to boards
    that show every colour the renderer draws (``python -m bot palettes`` fits it again
    and writes the file; a test checks the file still matches): a worker reads it instead
    of playing matches to find those boards."""
    text = (resources.files("renderers") / "palettes" / f"{game}.txt").read_text("ascii")
    colours = [bytes.fromhex(line) for line in text.split()]
    return Palette.of([(c[0], c[1], c[2]) for c in colours])


def build_palette(pictures: Sequence[Image.Image], colours: int = PNG_COLOURS) -> Palette:
    """A palette fitted to ``pictures``, for ``encode_png``.

    A renderer builds one from a few boards that show every colour it draws, and maps every
    picture onto it: a fixed palette costs a fifth of fitting one to each picture, and a
    part of the board that did not change keeps exactly the same colours.
    """
    sheet = Image.new(
        "RGB",
        (max(picture.width for picture in pictures), sum(picture.height for picture in pictures)),
        PALETTE_GROUND,
    )
    top = 0
    for picture in pictures:
        sheet.paste(picture.convert("RGB"), (0, top))
        top += picture.height
    # The flat colours that cover much of a board go in exactly; the rest of the palette is
    # fitted to everything (edges, text) by an octree.
    counts: list[tuple[int, RGB]] = [
        (count, (colour[0], colour[1], colour[2]))
        for count, colour in sheet.getcolors(sheet.width * sheet.height) or []
        if isinstance(colour, tuple)
    ]
    common = sorted(counts, key=lambda found: (-found[0], found[1]))
    exact = [colour for count, colour in common[:EXACT_COLOURS] if count >= EXACT_COLOUR_PIXELS]
    fitted = sheet.quantize(
        colours - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    levels = (fitted.getpalette() or [])[: 3 * (colours - len(exact))]
    others = [(levels[i], levels[i + 1], levels[i + 2]) for i in range(0, len(levels), 3)]
    near = EXACT_NEIGHBOURHOOD
    return Palette.of(
        exact
        + [
            colour
            for colour in others
            if all(max(abs(a - b) for a, b in zip(colour, e, strict=True)) > near for e in exact)
        ]
    )


def encode_png(image: Image.Image, quantise: bool = True, palette: Palette | None = None) -> bytes:
    """The picture as a small PNG: the same picture always gives the same bytes.

    Boards are flat colours and antialiased edges, so a 256-colour palette (no dithering)
    keeps them crisp at a third of the size: ``palette`` (from ``build_palette``) when
    given, else one fitted to this picture. Pass ``quantise=False`` for photographic art.
    """
    if not quantise:
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=PNG_COMPRESS_LEVEL)
        return buffer.getvalue()
    if image.mode != "RGB":
        image = image.convert("RGB")
    if palette is None:
        indexed = image.quantize(
            colors=PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        return indexed_png(indexed)
    indexed = image.quantize(palette=palette.mapper, dither=Image.Dither.NONE)
    return indexed_png(indexed, bytes(level for colour in palette.colours for level in colour))


def indexed_png(indexed: Image.Image, colours: bytes | None = None) -> bytes:
    """A "P" image as PNG bytes, written directly (Pillow's encoder costs half as much again),
    with its own palette or ``colours`` (RGB triplets) in its place.

    Rows are left unfiltered (PNG's filters do not help palette indices) and compressed in
    one go at ``PNG_COMPRESS_LEVEL``.
    """
    width, height = indexed.size
    rows = Image.new("P", (width + 1, height), 0)  # each row led by its filter type, 0: none
    rows.paste(indexed, (1, 0))
    palette = colours or bytes(indexed.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", zlib.compress(rows.tobytes(), PNG_COMPRESS_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
