"""The bench's boards drawn again side by side: the old encoder (the whole picture mapped onto
the palette, then compressed by zlib at level 3) beside the new one (ISA-L's deflate, and
only the bands of rows that changed since the match's previous board mapped and
compressed), both decoded and compared pixel for pixel.

Each sampled click keeps the public view before and after it. The board before is drawn
and encoded first into an empty band store (as the render worker had it from the match's
last click); then the board after is drawn (``draw``) and encoded both ways, each split
into its steps: ``map`` (onto the palette) and ``deflate`` (and, for the new one, ``digest``:
reading and hashing the bands to find those that changed). Times are this thread's CPU
time, so that a busy machine slows the figures down less.
"""

from __future__ import annotations

import importlib
import io
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass
from typing import Any

from PIL import Image

from renderers.base.deflate import BAND_ROWS, BandStore
from renderers.base.png import Palette, banded_png, full_frame_png

#: A sampled click: (game, public view before, public view after, the board's labels).
Sample = tuple[str, Mapping[str, Any], Mapping[str, Any], Mapping[str, str]]


@dataclass(frozen=True)
class SideBySide:
    """One board drawn and encoded both ways (milliseconds, bytes)."""

    game: str
    draw_ms: float
    old_map_ms: float
    old_deflate_ms: float
    old_bytes: int
    new_digest_ms: float
    new_map_ms: float
    new_deflate_ms: float
    new_bytes: int
    bands_reused: float  # the share of the board's bands taken from the store
    identical: bool  # both decode to the same palette and the same indices

    @property
    def old_ms(self) -> float:
        return self.draw_ms + self.old_map_ms + self.old_deflate_ms

    @property
    def new_ms(self) -> float:
        return self.draw_ms + self.new_digest_ms + self.new_map_ms + self.new_deflate_ms

    def to_json(self) -> list[Any]:
        return list(astuple(self))

    @classmethod
    def from_json(cls, row: Sequence[Any]) -> SideBySide:
        return cls(*row)


def drawing(game: str) -> tuple[Any, Palette]:
    """A game's ``render_image`` (its board as a picture, before encoding) and palette."""
    renderer = importlib.import_module(f"renderers.{game}")
    return renderer.render_image, renderer.board_palette()


def side_by_side(samples: Sequence[Sample]) -> list[SideBySide]:
    """Each sampled board drawn, then encoded the old way and the new, in this process."""
    rows = []
    for game, before, after, labels in samples:
        draw, palette = drawing(game)
        store = BandStore()
        banded_png(draw(before, labels), palette, store)  # the match's previous board
        started = time.thread_time()
        image = draw(after, labels)
        draw_ms = (time.thread_time() - started) * 1000
        old_steps: dict[str, float] = {}
        old = full_frame_png(image, palette, old_steps)
        hits = store.hits
        new_steps: dict[str, float] = {}
        new = banded_png(image, palette, store, new_steps)
        reused = (store.hits - hits) / -(-image.height // BAND_ROWS)
        rows.append(
            SideBySide(
                game=game,
                draw_ms=draw_ms,
                old_map_ms=old_steps.get("map", 0.0),
                old_deflate_ms=old_steps.get("deflate", 0.0),
                old_bytes=len(old),
                new_digest_ms=new_steps.get("digest", 0.0),
                new_map_ms=new_steps.get("map", 0.0),
                new_deflate_ms=new_steps.get("deflate", 0.0),
                new_bytes=len(new),
                bands_reused=reused,
                identical=same_pixels(old, new),
            )
        )
    return rows


def same_pixels(first: bytes, second: bytes) -> bool:
    """Both PNGs decode to the same size, palette and palette indices."""
    a, b = Image.open(io.BytesIO(first)), Image.open(io.BytesIO(second))
    a.load()
    b.load()
    return (a.mode, a.size, a.getpalette(), a.tobytes()) == (
        b.mode,
        b.size,
        b.getpalette(),
        b.tobytes(),
    )


def side_by_side_lines(rows: Sequence[SideBySide]) -> list[str]:
    """Per game, medians: the render split into its steps the old way and the new, the
    files' sizes, and how many boards decode to the very same pixels. The whole render's
    means too: a few slow boards (a long arrow's stamp drawn afresh) hide behind a median
    but are what the render worker's CPU adds up to."""
    lines = []
    for game in sorted({row.game for row in rows}):
        mine = [row for row in rows if row.game == game]

        def median(values: list[float]) -> float:
            return statistics.median(values)

        same = sum(row.identical for row in mine)
        lines.append(
            f"{game} render, old → new (medians of {len(mine)} boards): "
            f"draw {median([r.draw_ms for r in mine]):.1f} ms; "
            f"map {median([r.old_map_ms for r in mine]):.2f} → "
            f"{median([r.new_map_ms for r in mine]):.2f} ms "
            f"(+ digest {median([r.new_digest_ms for r in mine]):.2f} ms, "
            f"{median([r.bands_reused for r in mine]):.0%} of the bands reused); "
            f"deflate {median([r.old_deflate_ms for r in mine]):.2f} → "
            f"{median([r.new_deflate_ms for r in mine]):.2f} ms; "
            f"whole {median([r.old_ms for r in mine]):.1f} → "
            f"{median([r.new_ms for r in mine]):.1f} ms "
            f"(means {statistics.mean([r.old_ms for r in mine]):.1f} → "
            f"{statistics.mean([r.new_ms for r in mine]):.1f} ms: the CPU a click costs); "
            f"PNG {median([r.old_bytes for r in mine]) / 1024:.0f} → "
            f"{median([r.new_bytes for r in mine]) / 1024:.0f} KB; "
            f"pixels identical: {same}/{len(mine)}"
        )
    return lines
