"""Boards made for a phone: every text on a public board reads at least 9 pt once the
picture is shown 400 points wide (most players are on a phone), numbers at least 11 pt,
and nothing is cut to fit, in English and in French, with the longest names Discord allows.

Each game joins ``PHONE_FIRST`` once its boards are drawn for a phone.
"""

from __future__ import annotations

import random
from io import BytesIO
from typing import Any

import pytest
from PIL import Image

from bot.games import GAMES
from bot.i18n import Tr
from bot.pictures.boards import RESULT_LABEL, render_board
from cogs._naming import NAME_LIMIT
from cogs._presenter import Presenter
from cogs.bugrace import BugRacePresenter
from cogs.fireship import FireshipPresenter
from cogs.ruship import RushipPresenter
from cogs.rushncrush import RushNCrushPresenter
from cogs.rushout.presenter import RushOutPresenter
from renderers.base import Canvas, clear_caches, clear_layers
from renderers.base.measure import TextRecord, points_on_phone, recording_texts

#: The smallest text, and the smallest number, a phone reader can read without zooming.
MIN_POINTS = 9.0
MIN_NUMBER_POINTS = 11.0
#: Moves played before each measured picture: an opening, a middle, late or finished.
MOMENTS = (0, 25, 120, 2_000)
PRESENTERS: dict[str, type[Presenter]] = {
    "bugrace": BugRacePresenter,
    "fireship": FireshipPresenter,
    "ruship": RushipPresenter,
    "rushncrush": RushNCrushPresenter,
    "rushout": RushOutPresenter,
}
#: The games whose boards are drawn for a phone.
PHONE_FIRST: tuple[str, ...] = ("rushout", "rushncrush", "ruship", "bugrace", "fireship")
LONG_NAMES = ("Wolfgang Amadeus Mozart-Wagner X", "Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ W")


def _state_after(game_name: str, players: int, moves: int, seed: int) -> Any:
    game = GAMES[game_name]
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    return state


def _measure(game_name: str, players: int, moves: int, language: str) -> tuple[TextRecord, int]:
    game = GAMES[game_name]
    state = _state_after(game_name, players, moves, seed=players * 7 + moves)
    view = game.view(state, None)
    names = [LONG_NAMES[seat % 2][: NAME_LIMIT - 1] + str(seat) for seat in range(players)]
    labels = PRESENTERS[game_name]().render_labels(view, names, Tr(language))
    if game.outcome(state) is not None:
        labels[RESULT_LABEL] = f"🏆 {names[0]}\n{names[1]}"
    clear_caches()  # words drawn into cached layers are drawn (and seen) again
    clear_layers()
    with recording_texts() as record:
        png = render_board(game_name, view, labels)
    return record, Image.open(BytesIO(png)).width


def _is_number(text: str) -> bool:
    return any(ch.isdigit() for ch in text) and all(ch.isdigit() or ch in "+-−×/ " for ch in text)


@pytest.mark.parametrize("game_name", PHONE_FIRST)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_board_text_reads_on_a_phone(game_name: str, language: str) -> None:
    game = GAMES[game_name]
    too_small: set[str] = set()
    cut: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        for moves in MOMENTS:
            record, width = _measure(game_name, players, moves, language)
            for drawn in record.drawn:
                if not drawn.text.strip():
                    continue
                points = points_on_phone(drawn.size, width)
                floor = MIN_NUMBER_POINTS if _is_number(drawn.text) else MIN_POINTS
                if points < floor:
                    too_small.add(f"{drawn.text!r} {points:.1f} pt ({players}p, {moves} moves)")
            names = tuple(name[: NAME_LIMIT - 1] for name in LONG_NAMES)
            cut |= {text for text in record.clipped if not text.startswith(names)}
    assert not too_small, sorted(too_small)[:20]
    assert not cut, sorted(cut)[:20]


def test_the_measure_sees_small_text() -> None:
    """The measure itself: a word drawn as small as on the boards drawn before phones (a
    16 px letter on a picture 1,186 px wide, Fireship's old sea) reads under 9 pt, and a
    word cut to fit is seen cut."""
    width = 1186
    canvas = Canvas(width, 100)
    with recording_texts() as record:
        canvas.text((10, 10), "B", 16)
        canvas.clip_text("A long word cut to fit", 60, 18)
    smallest = record.smallest()
    assert smallest is not None and smallest.text == "B"
    assert points_on_phone(smallest.size, width) < MIN_POINTS
    assert record.clipped == ["A long word cut to fit"]
