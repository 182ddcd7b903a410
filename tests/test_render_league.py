"""A league's standings picture (``renderers/league.py``): drawn for a phone (every word at
least 9 pt and every number at least 11 pt once shown 400 points wide, nothing cut, with
the longest names Discord allows, in English and French), the same bytes every time, and
only through the renderers' registry."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from bot.i18n import Tr
from renderers import RENDERERS, render_picture
from renderers.base import clear_caches
from renderers.base.measure import points_on_phone, recording_texts
from renderers.league import LABEL_DEFAULTS, WIDTH

LONG_NAMES = ("Wolfgang Amadeus Mozart-Wagner X", "Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ W")
MIN_POINTS, MIN_NUMBER_POINTS = 9.0, 11.0


def view(language: str, count: int = 12) -> dict[str, Any]:
    tr = Tr(language)
    rows = []
    for i in range(count):
        rows.append(
            {
                "rank": str(i + 1),
                "name": LONG_NAMES[i % 2] if i < 4 else f"player {i}",
                "points": "12½" if i < 3 else "3¼",
                "first": "104½",
                "second": "88¾",
                "record": "12-3-4",
                "left": i == 5,
                "winner": i == 0,
            }
        )
    return {
        "title": "Autumn cup of the Tuesday evening club — Rush'n'Crush",
        "subtitle": tr("league.format.double") + " · " + tr("league.standings.after", round=19),
        "rows": rows,
        "footer": tr(
            "league.standings.footer",
            first=tr("league.tiebreak.sonneborn_berger"),
            second=tr("league.tiebreak.head_to_head"),
        ),
    }


def labels(language: str) -> dict[str, str]:
    tr = Tr(language)
    found = {
        key: tr(f"render.league.{key}") for key in ("rank", "player", "points", "record", "left")
    }
    found["first"] = tr("league.tiebreak_short.sonneborn_berger")
    found["second"] = tr("league.tiebreak_short.head_to_head")
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_standings_read_on_a_phone_and_nothing_is_cut(language: str) -> None:
    clear_caches()
    with recording_texts() as record:
        png = render_picture("league", view(language), labels(language))
    picture = Image.open(BytesIO(png))
    assert picture.width == WIDTH and picture.height < 1200
    assert record.clipped == []
    for drawn in record.drawn:
        if not drawn.text.strip():
            continue
        least = MIN_NUMBER_POINTS if any(c.isdigit() for c in drawn.text) else MIN_POINTS
        if drawn.text in LONG_NAMES or " " in drawn.text or drawn.text in labels(language).values():
            least = MIN_POINTS  # names, sentences and headings (H2H) are words
        assert points_on_phone(drawn.size, WIDTH) >= least, drawn
    shown = {d.text for d in record.drawn}
    assert {"Bu", "SB"} <= shown or {"SB", "H2H"} <= shown or {"SB", "CD"} <= shown


def test_the_same_standings_give_the_same_bytes_and_are_no_game_board() -> None:
    assert render_picture("league", view("en")) == render_picture("league", view("en"))
    assert "league" not in RENDERERS
    assert set(LABEL_DEFAULTS) == {"rank", "player", "points", "first", "second", "record", "left"}
    with pytest.raises(KeyError):
        render_picture("ruship", view("en"))


def test_every_label_has_a_french_translation() -> None:
    french = labels("fr")
    assert french["player"] == "Joueur" and french["record"] == "V-N-D"
