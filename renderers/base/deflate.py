"""Compressing a board's palette indices: ISA-L's deflate (the ``isal`` package) where it has a
wheel, else zlib; and the band store, which keeps what each band of rows compressed to so a
band whose pixels did not change since the last board is neither mapped nor compressed again.

A picture's rows are cut into bands of ``BAND_ROWS``. Each band is deflated on its own, by a
fresh compressor whose output ends with a full flush: it starts on a byte, refers to nothing
before it, and the same rows always give the same bytes. The bands of a picture, end to end,
followed by an empty final block, are one deflate stream; its zlib checksum is combined from
the bands' own (``adler32_combine``), so a stored band is never read again.

A band is stored under the digest of its pixels (with the palette and the picture's width):
only a band with the very same pixels can be served, whichever match drew it first, and the
static parts that many matches share are kept once. The store forgets its least recently
used bands beyond ``BAND_STORE_BYTES``.
"""

from __future__ import annotations

import hashlib
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Final

_deflate: ModuleType
try:  # ISA-L: the same deflate format, five to eight times quicker than zlib at level 3
    from isal import isal_zlib
except ImportError:  # pragma: no cover - a platform without an isal wheel
    _deflate, DEFLATE_LEVEL, FAST_DEFLATE = zlib, 3, False
else:  # ISA-L's level 2 gives files within a few percent of zlib's level 3
    _deflate, DEFLATE_LEVEL, FAST_DEFLATE = isal_zlib, 2, True

try:  # xxHash's XXH3: a 128-bit digest at memory speed
    import xxhash

    def digest(data: bytes | memoryview) -> bytes:
        """A 128-bit digest of ``data``: equal digests, equal pixels."""
        return xxhash.xxh3_128_digest(data)

except ImportError:  # pragma: no cover - a platform without an xxhash wheel

    def digest(data: bytes | memoryview) -> bytes:
        """A 128-bit digest of ``data``: equal digests, equal pixels."""
        return hashlib.blake2b(data, digest_size=16).digest()


#: Rows in a band: 32 rows of a 1,100-pixel board are about the 32 KB deflate looks back
#: over, so cutting there costs 1-5% of the file (16 rows: up to 9%); 63-86% of the bands of
#: a board are unchanged from the same match's last board.
BAND_ROWS: Final = 32
#: What the band store may hold: the compressed bands (about 45-70 KB a board, most shared
#: with the match's next board) and their digests.
BAND_STORE_BYTES: Final = 24 * 2**20
#: What a stored band costs besides its bytes (its key, digest and record).
BAND_OVERHEAD: Final = 384
#: zlib's header for a 32 KB window (CMF 0x78) and "fastest" (FLEVEL 0): 0x7801.
ZLIB_HEADER: Final = b"\x78\x01"
#: A final, empty block with the fixed codes: what ends the stream after the last band.
FINAL_BLOCK: Final = b"\x03\x00"
ADLER_BASE: Final = 65521

#: The PNG chunks' checksum (ISA-L's is quicker where it is there).
crc32: Callable[[bytes], int] = _deflate.crc32
adler32: Callable[[bytes], int] = _deflate.adler32


def compress(data: bytes) -> bytes:
    """``data`` as a zlib stream, in one go (a picture not cut in bands)."""
    stream: bytes = _deflate.compress(data, DEFLATE_LEVEL)
    return stream


@dataclass(frozen=True, slots=True)
class Band:
    """A band's rows deflated on their own (ending on a full flush), with their checksum
    and length: what ``zlib_stream`` needs to put them in a stream."""

    deflated: bytes
    adler: int
    length: int

    @classmethod
    def of(cls, raw: bytes) -> Band:
        compressor = _deflate.compressobj(DEFLATE_LEVEL, _deflate.DEFLATED, -15)
        deflated: bytes = compressor.compress(raw) + compressor.flush(_deflate.Z_FULL_FLUSH)
        return cls(deflated, adler32(raw), len(raw))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces end to end, from each one's and the second one's length.

    Adler-32 keeps A = 1 + the sum of the bytes and B = the sum of A after each byte (both
    modulo 65521): after the first piece, every A of the second is larger by A1 - 1.
    """
    a1, b1 = first & 0xFFFF, first >> 16
    a2, b2 = second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER_BASE
    b = (b1 + b2 + second_length * (a1 - 1)) % ADLER_BASE
    return (b << 16) | a


def zlib_stream(bands: Sequence[Band]) -> bytes:
    """The bands, in order, as one zlib stream of their rows end to end."""
    checksum = 1
    for band in bands:
        checksum = adler32_combine(checksum, band.adler, band.length)
    return b"".join(
        (
            ZLIB_HEADER,
            *(band.deflated for band in bands),
            FINAL_BLOCK,
            checksum.to_bytes(4, "big"),
        )
    )


BandKey = tuple[bytes, int, int, bytes]


class BandStore:
    """Compressed bands by the digest of their pixels, least recently used forgotten first
    beyond ``budget`` bytes. Safe to share between threads."""

    def __init__(self, budget: int = BAND_STORE_BYTES) -> None:
        self.budget = budget
        self._bands: OrderedDict[BandKey, Band] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    @property
    def size(self) -> int:
        """The bytes held, as the budget counts them."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._bands)

    def get_many(self, keys: Sequence[BandKey]) -> list[Band | None]:
        with self._lock:
            found = [self._bands.get(key) for key in keys]
            for key, band in zip(keys, found, strict=True):
                if band is not None:
                    self._bands.move_to_end(key)
            hits = sum(band is not None for band in found)
            self.hits += hits
            self.misses += len(keys) - hits
            return found

    def put_many(self, bands: Sequence[tuple[BandKey, Band]]) -> None:
        with self._lock:
            for key, band in bands:
                old = self._bands.pop(key, None)
                if old is not None:
                    self._bytes -= _weight(old)
                self._bands[key] = band
                self._bytes += _weight(band)
            while self._bytes > self.budget and self._bands:
                _, dropped = self._bands.popitem(last=False)
                self._bytes -= _weight(dropped)

    def clear(self) -> None:
        with self._lock:
            self._bands.clear()
            self._bytes = 0
            self.hits = self.misses = 0


def _weight(band: Band) -> int:
    return len(band.deflated) + BAND_OVERHEAD


#: This process's bands (each render worker has its own).
BANDS: Final = BandStore()
