"""The board encoder (``renderers.base.png``, ``renderers.base.deflate``): ISA-L's deflate, a
band of rows mapped and compressed only when its pixels changed, and every picture decoding
to exactly the pixels the old encoder (zlib, the whole picture at once) gave."""

from __future__ import annotations

import importlib
import io
import random
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.games import GAMES
from renderers.base import deflate
from renderers.base.deflate import BAND_ROWS, Band, BandStore, adler32_combine, zlib_stream
from renderers.base.png import Palette, encode_png, full_frame_png

GAME_NAMES = ("ruship", "bugrace", "rushncrush", "fireship", "rushout")


def played(game: str, seed: int, boards: int, skip: int = 6) -> Iterator[Mapping[str, Any]]:
    """Consecutive public views of one match of ``game`` played by its AI, from turn
    ``skip`` on: what a match's board shows click after click."""
    engine = GAMES[game]
    players = 2 if game == "ruship" else 3
    state = engine.new_state(players, seed)
    rng = random.Random(seed)
    shown = 0
    for turn in range(skip + boards):
        acting = sorted(engine.to_act(state))
        if not acting:
            return
        state = engine.apply(state, acting[0], engine.bot_action(state, acting[0], rng))
        if turn >= skip and shown < boards:
            shown += 1
            yield engine.view(state, None)


def drawn(game: str, view: Mapping[str, Any], names: dict[str, str]) -> tuple[Image.Image, Palette]:
    renderer = importlib.import_module(f"renderers.{game}")
    return renderer.render_image(view, names), renderer.board_palette()


def decoded(png: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(png))
    picture.load()  # Pillow reads the whole stream: its checksums and lengths hold
    return picture


def assert_same_picture(new: bytes, old: bytes, image: Image.Image) -> None:
    """Both PNGs hold the same indices on the same palette, and show the picture mapped."""
    a, b = decoded(new), decoded(old)
    assert (a.mode, a.size) == (b.mode, b.size) == ("P", image.size)
    assert a.getpalette() == b.getpalette()
    assert a.tobytes() == b.tobytes(), "a pixel differs from the old encoder's"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_board_of_two_matches_decodes_to_the_old_encoders_pixels(game: str) -> None:
    """Two matches of one game clicked in turns share one band store: each board is the
    picture it was drawn as (no band of the other match's, nor of this match's last
    board, shows), at most 10% larger than the old encoder's file."""
    store = BandStore()
    first = played(game, seed=11, boards=6)
    second = played(game, seed=12, boards=6)
    sizes = []
    for one, other in zip(first, second, strict=False):
        for view, names in ((one, {"player_0": "Ada"}), (other, {"player_0": "Grace"})):
            image, palette = drawn(game, view, names)
            new = encode_png(image, palette=palette, bands=store)
            old = full_frame_png(image, palette)
            assert_same_picture(new, old, image)
            sizes.append((len(new), len(old)))
    assert store.hits, "bands unchanged since a match's last board were taken from the store"
    assert sum(new for new, _ in sizes) <= 1.10 * sum(old for _, old in sizes)


def test_a_band_is_served_only_for_its_very_pixels() -> None:
    """Two pictures alike but for one pixel: the second is not given the first's band,
    and each match's next board is right whichever was encoded last."""
    image, palette = drawn("rushout", next(played("rushout", seed=3, boards=1)), {})
    store = BandStore()
    changed = image.copy()
    x, y = image.width // 2, BAND_ROWS * 2 + 5
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    changed.putpixel((x, y), (255 - pixel[0], pixel[1], pixel[2]))
    for picture in (image, changed, image, changed):
        new = encode_png(picture, palette=palette, bands=store)
        assert_same_picture(new, full_frame_png(picture, palette), picture)
    bands = -(-image.height // BAND_ROWS)
    assert len(store) == bands + 1, "the changed band is kept beside the first one's"
    assert store.hits == 3 * bands - 1


@pytest.mark.parametrize("share", [0.2, 0.5, 0.8])
def test_a_board_whose_bands_mostly_changed_is_mapped_whole_and_right(share: float) -> None:
    """A board with a share of its bands changed since the last (a few bands are mapped
    together; half or more, the whole picture at once): each decodes to its own pixels."""
    image, palette = drawn("fireship", next(played("fireship", seed=4, boards=1)), {})
    bands = -(-image.height // BAND_ROWS)
    changed = image.copy()
    for band in range(0, round(share * bands)):
        x, y = (band * 37) % image.width, band * BAND_ROWS + band % BAND_ROWS
        pixel = changed.getpixel((x, y))
        assert isinstance(pixel, tuple)
        changed.putpixel((x, y), (pixel[1], 255 - pixel[0], pixel[2]))
    store = BandStore()
    encode_png(image, palette=palette, bands=store)
    new = encode_png(changed, palette=palette, bands=store)
    assert_same_picture(new, full_frame_png(changed, palette), changed)
    assert store.misses == bands + round(share * bands)


def test_the_bytes_depend_on_the_picture_alone() -> None:
    """The same picture gives the same bytes from an empty store, a store holding the
    match's last board, or one holding this very board."""
    views = list(played("bugrace", seed=5, boards=2))
    (before, palette), (image, _) = (drawn("bugrace", view, {}) for view in views)
    empty = encode_png(image, palette=palette, bands=BandStore())
    store = BandStore()
    encode_png(before, palette=palette, bands=store)
    assert encode_png(image, palette=palette, bands=store) == empty
    assert encode_png(image, palette=palette, bands=store) == empty
    assert encode_png(image, palette=palette) == empty  # the worker's own store


def test_the_store_keeps_to_its_budget_least_recently_used_first() -> None:
    image, palette = drawn("rushout", next(played("rushout", seed=4, boards=1)), {})
    store = BandStore(budget=20_000)
    png = encode_png(image, palette=palette, bands=store)
    assert 0 < store.size <= 20_000 and len(store) < -(-image.height // BAND_ROWS)
    assert (
        encode_png(image, palette=palette, bands=store) == png
    )  # what was forgotten is made again
    store.clear()
    assert len(store) == store.size == 0


def test_a_picture_of_other_colours_and_width_is_mapped_afresh() -> None:
    """A band is kept with its palette and width: the same pixels on another palette, or
    cut differently, are never taken for it."""
    image = Image.new("RGB", (40, BAND_ROWS * 2 + 3), (10, 20, 30))
    reds = Palette.of([(10, 20, 30), (200, 0, 0)])
    blues = Palette.of([(0, 0, 200), (10, 20, 30)])
    store = BandStore()
    for palette in (reds, blues, reds):
        png = encode_png(image, palette=palette, bands=store)
        assert_same_picture(png, full_frame_png(image, palette), image)
    wide = Image.new("RGB", (80, BAND_ROWS), (10, 20, 30))
    png = encode_png(wide, palette=reds, bands=store)
    assert_same_picture(png, full_frame_png(wide, reds), wide)


@given(st.lists(st.binary(max_size=3000), min_size=1, max_size=6))
def test_bands_end_to_end_are_one_zlib_stream_of_their_rows(pieces: list[bytes]) -> None:
    stream = zlib_stream([Band.of(piece) for piece in pieces])
    assert zlib.decompress(stream) == b"".join(pieces)  # zlib checks the combined Adler-32


@given(st.binary(max_size=5000), st.binary(max_size=5000))
def test_adler32_of_two_pieces_combines_from_each(first: bytes, second: bytes) -> None:
    combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_deflate_is_isal_where_it_has_a_wheel() -> None:
    """The bot's platforms all have ISA-L's wheel: zlib is only the fallback elsewhere."""
    pytest.importorskip("isal")
    assert deflate.FAST_DEFLATE
