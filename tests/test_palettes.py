"""Each game's board palette is read from ``renderers/palettes/<game>.txt``: the files must
be what fitting the palette boards gives today (``python -m bot palettes`` writes them)."""

from __future__ import annotations

import pytest

from bot.tools.palettes import fitted_palette, palette_text
from renderers import RENDERERS
from renderers.base import stored_palette


@pytest.mark.parametrize("game", sorted(RENDERERS))
def test_the_stored_palette_is_the_one_fitted_to_the_palette_boards(game: str) -> None:
    assert palette_text(stored_palette(game)) == palette_text(fitted_palette(game)), (
        "run `python -m bot palettes` after changing a renderer's colours"
    )
