"""Words put together from glyphs drawn once (``renderers.base.glyphs``) are FreeType's own
words, byte for byte: every sentence of both catalogues and names of many scripts, at every
size and anchor the boards use, their widths included; and a board's words are drawn that
way only where that holds."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from PIL import Image

from renderers.base import canvas, glyphs
from renderers.base.text import font

LOCALES = Path(__file__).resolve().parents[1] / "bot" / "locales"
NAMES = (
    "player 412·2",
    "Zoë Ångström",
    "Łukasz Żółć",
    "Ğüneş Çelik",
    "Đặng Thị Hồng",
    "Ελένη",
    "Дмитрий",
    "🐉 Draco 🎲",
    "AVAWAY To Ty Yo fj ff",
    "x",
    "  spaced  out  ",
    "«guillemets» — et … ‹›",
)
ANCHORS = ("la", "lm", "ls", "ld", "ma", "mm", "ms", "md", "ra", "rm", "rs", "rd")


def sentences() -> list[str]:
    found: set[str] = set(NAMES)

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.update(line[:80] for line in value.splitlines() if line)
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner)

    for path in LOCALES.rglob("*.json"):
        walk(json.loads(path.read_text("utf-8")))
    return sorted(found)


def freetype(
    text: str, size: int, bold: bool, anchor: str
) -> tuple[bytes, tuple[int, int], tuple[int, int]]:
    coverage, corner = font(size, bold).getmask2(text, "L", anchor=anchor)
    picture = Image.Image()._new(coverage)
    return picture.tobytes(), picture.size, (int(corner[0]), int(corner[1]))


def test_the_check_passes_with_this_pillow() -> None:
    assert glyphs.holds()


def test_every_sentence_and_name_is_freetypes_own_word() -> None:
    rng = random.Random(7)
    words = sentences()
    assert len(words) > 1000  # both catalogues were read
    checked = 0
    for word in words:
        for _ in range(2):
            size = rng.choice((14, 18, 20, 22, 24, 26, 28, 32, 36, 40))
            bold = rng.random() < 0.8
            anchor = rng.choice(ANCHORS)
            mask, left, top = glyphs.compose(word, size, bold, anchor)
            assert (mask.tobytes(), mask.size, (left, top)) == freetype(word, size, bold, anchor), (
                word,
                size,
                bold,
                anchor,
            )
            assert glyphs.length(word, size, bold) == font(size, bold).getlength(word)
            checked += 1
    assert checked == 2 * len(words)


@pytest.mark.parametrize("anchor", ANCHORS)
def test_names_at_every_anchor_and_size(anchor: str) -> None:
    for name in NAMES:
        for size in (18, 22, 26, 32, 40):
            for bold in (True, False):
                mask, left, top = glyphs.compose(name, size, bold, anchor)
                assert (mask.tobytes(), mask.size, (left, top)) == freetype(
                    name, size, bold, anchor
                ), (name, size, bold)


def test_words_it_does_not_cover_go_to_freetype() -> None:
    assert not glyphs.covered("", "la")
    assert not glyphs.covered("two\nlines", "la")
    assert not glyphs.covered("tab\there", "la")
    assert not glyphs.covered("top anchored", "lt")
    assert not glyphs.covered("bottom anchored", "mb")
    assert glyphs.covered("Player 1", "rm")


def test_a_board_word_is_the_same_whichever_way_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """The canvas writes a word from glyphs when the check holds and through FreeType when it
    does not: the same pixels either way."""

    def written(holds: bool) -> bytes:
        canvas.clear_caches()
        canvas._text_length.cache_clear()
        monkeypatch.setattr(glyphs, "holds", lambda: holds)
        board = canvas.Canvas(420, 120)
        board.text((10, 40), "Zoë · player 412·2", 26, (240, 228, 66), "lm")
        board.text((410, 90), "«AVA» fj …", 22, (250, 250, 245), "rd")
        width = board.text_width("Zoë · player 412·2", 26)
        return board.finish().tobytes() + str(width).encode()

    try:
        assert written(True) == written(False)
    finally:
        canvas.clear_caches()
        canvas._text_length.cache_clear()
