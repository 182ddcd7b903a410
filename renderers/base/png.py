"""Output: each game's fixed palette (fitted, or stored in ``renderers/palettes/``) and the
8-bit PNG encoder."""

from __future__ import annotations

import io
import struct
import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import accumulate
from typing import TYPE_CHECKING, Final

from PIL import Image

if TYPE_CHECKING:
    pass
from renderers.base.colours import BACKGROUND, RGB
from renderers.base.deflate import (
    BAND_ROWS,
    BANDS,
    Band,
    BandKey,
    BandStore,
    compress,
    crc32,
    digest,
    zlib_stream,
)
from renderers.base.pixels import rgbx_pixels

# --- Output --------------------------------------------------------------------------------
PNG_COLOURS: Final = 256
#: zlib's level for pictures Pillow encodes itself (``quantise=False``): boards are deflated
#: by ``renderers.base.deflate`` (ISA-L), at the size zlib's level 3 gave.
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
    #: The PNG's PLTE chunk data: the colours' levels, in order.
    levels: bytes
    #: A digest of ``levels``: a band's indices hold only for the palette they were mapped on.
    key: bytes

    @classmethod
    def of(cls, colours: Sequence[RGB]) -> Palette:
        mapper = Image.new("P", (1, 1))
        mapper.putpalette([max(0, level - MAPPING_SHIFT) for colour in colours for level in colour])
        levels = bytes(level for colour in colours for level in colour)
        return cls(tuple(colours), mapper, levels, digest(levels))


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


def encode_png(
    image: Image.Image,
    quantise: bool = True,
    palette: Palette | None = None,
    bands: BandStore = BANDS,
) -> bytes:
    """The picture as a small PNG: the same picture always gives the same bytes.

    Boards are flat colours and antialiased edges, so a 256-colour palette (no dithering)
    keeps them crisp at a third of the size: ``palette`` (from ``build_palette``) when
    given, else one fitted to this picture. Pass ``quantise=False`` for photographic art.
    With a ``palette``, only the bands of rows that ``bands`` does not hold already (the
    parts that changed since the last board) are mapped and compressed (``banded_png``).
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
    return banded_png(image, palette, bands)


def banded_png(
    image: Image.Image,
    palette: Palette,
    bands: BandStore = BANDS,
    timings: dict[str, float] | None = None,
) -> bytes:
    """An RGB picture mapped onto ``palette`` as a PNG, band by band (``renderers.base.deflate``):
    a band whose pixels ``bands`` holds already is taken from it as it was compressed; the
    others are mapped onto the palette together, compressed one by one and stored.

    The bytes depend on the picture alone: a band compresses to the same bytes whenever it
    is compressed, and is found only under the digest of its very pixels. ``timings``, when
    given, gets the milliseconds of each step added: ``digest`` (reading and hashing the
    bands, finding them in the store), ``map`` and ``deflate`` (the bench's split).
    """
    clock = _Clock(timings)
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    row_bytes = 4 * width
    with rgbx_pixels(image) as pixels:
        keys: list[BandKey] = [
            (
                palette.key,
                width,
                min(BAND_ROWS, height - top),
                digest(pixels[top * row_bytes : (top + BAND_ROWS) * row_bytes]),
            )
            for top in range(0, height, BAND_ROWS)
        ]
        found = bands.get_many(keys)
        missing = [index for index, band in enumerate(found) if band is None]
        clock.lap("digest")
        if missing:
            made = _map_and_deflate(image, pixels, missing, palette, clock)
            for index, band in zip(missing, made, strict=True):
                found[index] = band
            bands.put_many([(keys[i], band) for i, band in zip(missing, made, strict=True)])
    png = _png(width, height, palette.levels, zlib_stream([band for band in found if band]))
    clock.lap("deflate")
    return png


def _map_and_deflate(
    image: Image.Image, pixels: memoryview, missing: list[int], palette: Palette, clock: _Clock
) -> list[Band]:
    """The ``missing`` bands (by number) of ``image`` (``pixels``: its RGBX bytes) mapped onto
    ``palette`` in one go, then deflated one by one."""
    width, height = image.size
    band_bytes = 4 * width * BAND_ROWS
    rows = [min(BAND_ROWS, height - index * BAND_ROWS) for index in missing]
    if 2 * sum(rows) >= height:
        # Half of it or more: mapping the whole picture costs less than gathering the bands.
        filtered = _filtered_rows(image.quantize(palette=palette.mapper, dither=Image.Dither.NONE))
        starts = [index * BAND_ROWS * (width + 1) for index in missing]
    else:
        joined = b"".join(pixels[i * band_bytes : (i + 1) * band_bytes] for i in missing)
        part = Image.frombytes("RGB", (width, sum(rows)), joined, "raw", "RGBX")
        filtered = _filtered_rows(part.quantize(palette=palette.mapper, dither=Image.Dither.NONE))
        starts = [done * (width + 1) for done in accumulate([0, *rows[:-1]])]
    clock.lap("map")
    return [
        Band.of(filtered[start : start + count * (width + 1)])
        for start, count in zip(starts, rows, strict=True)
    ]


def full_frame_png(
    image: Image.Image, palette: Palette, timings: dict[str, float] | None = None
) -> bytes:
    """The encoder boards had before bands and ISA-L: the whole picture mapped onto
    ``palette`` and compressed at once by zlib at ``PNG_COMPRESS_LEVEL``. The bench draws
    boards both ways side by side, and the tests check both decode to the same pixels.
    ``timings`` as for ``banded_png`` (``map``, ``deflate``)."""
    clock = _Clock(timings)
    if image.mode != "RGB":
        image = image.convert("RGB")
    indexed = image.quantize(palette=palette.mapper, dither=Image.Dither.NONE)
    rows = _filtered_rows(indexed)
    clock.lap("map")
    png = _png(image.width, image.height, palette.levels, zlib.compress(rows, PNG_COMPRESS_LEVEL))
    clock.lap("deflate")
    return png


class _Clock:
    """Adds the milliseconds of this thread's CPU time since its last lap to
    ``timings[step]`` (nothing without ``timings``)."""

    def __init__(self, timings: dict[str, float] | None) -> None:
        self.timings = timings
        self.last = time.thread_time() if timings is not None else 0.0

    def lap(self, step: str) -> None:
        if self.timings is not None:
            now = time.thread_time()
            self.timings[step] = self.timings.get(step, 0.0) + (now - self.last) * 1000
            self.last = now


def indexed_png(indexed: Image.Image, colours: bytes | None = None) -> bytes:
    """A "P" image as PNG bytes, written directly (Pillow's encoder costs half as much again),
    with its own palette or ``colours`` (RGB triplets) in its place.

    Rows are left unfiltered (PNG's filters do not help palette indices) and compressed in
    one go (``renderers.base.deflate.compress``).
    """
    palette = colours or bytes(indexed.getpalette() or [0, 0, 0])
    return _png(indexed.width, indexed.height, palette, compress(_filtered_rows(indexed)))


def _filtered_rows(indexed: Image.Image) -> bytes:
    """A "P" image's rows, each led by its filter type (0: none), as PNG's IDAT holds them."""
    rows = Image.new("P", (indexed.width + 1, indexed.height), 0)
    rows.paste(indexed, (1, 0))
    return rows.tobytes()


def _png(width: int, height: int, palette: bytes, stream: bytes) -> bytes:
    """The PNG of 8-bit palette indices: its ``palette`` levels and zlib ``stream``."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join(
        (
            PNG_SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc32(kind + data))
