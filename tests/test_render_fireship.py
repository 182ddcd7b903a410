"""The Fireship board picture: it renders every stage, from the view it is given alone."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from PIL import Image

from bot.games.fireship import GAME, FireshipSeatView, FireshipState, data, scenario
from bot.i18n import Tr
from renderers import LABEL_DEFAULTS, RENDERERS
from renderers.base import TextSize, clear_caches, clear_layers
from renderers.base.measure import recording_texts
from renderers.fireship import HEIGHT, WIDTH, cell_box, render, render_reach

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_PNG_BYTES = 250_000


def advance(state: FireshipState, steps: int, seed: int = 0) -> FireshipState:
    rng = random.Random(seed)
    for _ in range(steps):
        if not GAME.to_act(state):
            break
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    return state


def picture(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) <= MAX_PNG_BYTES
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_renders(players: int) -> None:
    image = picture(render(GAME.view(GAME.new_state(players, 1), None)))
    assert image.size == (WIDTH, HEIGHT)


def test_a_game_in_play_renders_with_its_trail() -> None:
    state = advance(GAME.new_state(4, 2, {"rounds": 20}), 120)
    assert GAME.outcome(state) is None
    view = GAME.view(state, None)
    assert view["trail"] or view["previous_trail"]
    assert picture(render(view)).size == (WIDTH, HEIGHT)


def test_a_finished_game_renders() -> None:
    state = advance(GAME.new_state(2, 3), 100_000)
    assert GAME.outcome(state) is not None
    assert picture(render(GAME.view(state, None))).size == (WIDTH, HEIGHT)


def test_moves_change_the_picture() -> None:
    state = advance(GAME.new_state(2, 4), 6)
    later = advance(state, 30, seed=1)
    assert render(GAME.view(state, None)) != render(GAME.view(later, None))


def test_the_public_picture_is_the_same_whatever_cards_a_seat_holds() -> None:
    state = advance(GAME.new_state(3, 5), 40)
    holding: list[bytes] = []
    for hand in (["non", "plus"], ["tourbillon", "boum"], ["fog", "vent"]):
        twin = GAME.load(GAME.dump(state))
        twin.seats[1].hand = list(hand)
        holding.append(render(GAME.view(twin, None)))
    assert holding[0] == holding[1] == holding[2]


def test_the_reach_picture_highlights_a_pawns_cells() -> None:
    state = advance(GAME.new_state(2, 6), 1)
    seat = state.turn
    assert state.phase == "act"
    view: FireshipSeatView = GAME.view(state, seat)
    pawn_id = next(iter(view["reach"]))
    reach = picture(render_reach(view, pawn_id))
    plain = picture(render(view))
    assert reach.size == plain.size == (WIDTH, HEIGHT)
    assert reach.tobytes() != plain.tobytes()


def test_labels_can_be_translated() -> None:
    view = GAME.view(GAME.new_state(2, 1), None)
    english = render(view)
    french = render(view, {"title": "Brûlot", "pool": "Réserve", "colour_0": "Bleu"})
    assert english != french
    assert picture(french).size == (WIDTH, HEIGHT)


def test_the_renderer_is_registered() -> None:
    assert RENDERERS["fireship"] is render
    assert LABEL_DEFAULTS["fireship"]["title"] == "Fireship"


# --- words and marks (issue 22) --------------------------------------------------------
def labels_for(view: Any, language: str) -> dict[str, str]:
    from cogs.fireship import FireshipPresenter

    names = ["alice", "bob", "carol", "dan"][: view["players"]]
    return FireshipPresenter().render_labels(view, names, Tr(language))


def drawn_texts(draw: Any, below: int = 1000) -> tuple[list[str], list[str]]:
    """The words a picture draws (those smaller than ``below``) and those it had to cut
    (caches cleared first)."""
    clear_caches()
    clear_layers()
    with recording_texts() as record:
        draw()
    return [t.text for t in record.drawn if t.size < below], list(record.clipped)


def long_turn() -> tuple[FireshipState, int]:
    """Mid-game, a seat to move with Updraft and Gulf Stream: the longest footer."""
    state = advance(GAME.new_state(4, 2, {"rounds": 20}), 150)
    while state.phase != "start":
        state = advance(state, 1)
    seat = state.turn
    state.seats[seat].badges.update(vent=1, gulf=1)
    return GAME.apply(state, seat, "roll vent badge gulf"), seat


@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_word_is_cut_or_drawn_over_another(language: str) -> None:
    state, seat = long_turn()
    mine = GAME.view(state, seat)
    mover = next(pid for pid, spots in mine["reach"].items() if spots)
    public = GAME.view(state, None)
    ended = advance(GAME.new_state(2, 3, {"rounds": 10}), 100_000)
    pictures = [
        lambda: render(public, labels_for(public, language)),
        lambda: render_reach(mine, mover, labels_for(mine, language)),
        lambda: render(GAME.view(ended, None), labels_for(GAME.view(ended, None), language)),
    ]
    for draw in pictures:
        _, cut = drawn_texts(draw)
        assert cut == []


def test_pawn_and_flag_letters_are_the_readers() -> None:
    state = advance(GAME.new_state(4, 2), 60)
    view = GAME.view(state, None)
    # Letters on tokens, flags and homes are smaller than the rulers' column letters.
    french, _ = drawn_texts(lambda: render(view, labels_for(view, "fr")), TextSize.SMALL)
    english, _ = drawn_texts(lambda: render(view, labels_for(view, "en")), TextSize.SMALL)
    letters = {"en": {t for t in english if len(t) == 1 and t.isalpha()}}
    letters["fr"] = {t for t in french if len(t) == 1 and t.isalpha()}
    assert "W" in letters["en"] and "·" in french  # white: "blanc" would read as "bleu"
    assert {"G", "Y"} <= letters["en"] and not {"V", "J"} & letters["en"]
    assert {"V", "J"} <= letters["fr"] and not {"G", "Y", "W"} & letters["fr"]


def test_the_reach_picture_says_which_pawn_in_words() -> None:
    state = advance(GAME.new_state(2, 6), 1)
    view = GAME.view(state, state.turn)
    pawn_id = next(iter(view["reach"]))
    texts, _ = drawn_texts(lambda: render_reach(view, pawn_id, labels_for(view, "fr")))
    footer = next(t for t in texts if "cases accessibles" in t)
    assert footer.startswith(f"Avion {pawn_id} au port : ") or " au port" in footer


def cell_corner(image: Image.Image, name: str) -> set[tuple[int, ...]]:
    """The colours in the top-left corner of a cell (where a special square's mark stays)."""
    cell = data.parse_cell(name)
    assert cell is not None
    left, top, _, _ = (int(edge) for edge in cell_box(cell))
    rgb = image.convert("RGB")
    return {rgb.getpixel((left + x, top + y)) for x in range(4, 14) for y in range(4, 14)}  # type: ignore[misc]


def test_a_pawn_on_a_special_square_leaves_its_mark_visible() -> None:
    on_wheel = scenario(2, pawns=[(0, "boat", "G3"), (0, "boat", "H4"), (1, "boat", "home")])
    image = picture(render(GAME.view(on_wheel, None)))
    assert len(cell_corner(image, "G3")) > len(cell_corner(image, "H4")) + 2


def test_the_reach_keeps_special_squares_visible() -> None:
    state = scenario(2, pawns=[(0, "plane", "G5"), (1, "boat", "home")])
    state.loaded = [1, 1, 1]
    state = GAME.apply(state, 0, "roll")
    view = GAME.view(state, 0)
    spots = {spot["cell"] for spot in view["reach"]["B1"]}
    assert {"H5", "G6"} <= spots  # a mystery square and plain sea, both in reach
    image = picture(render_reach(view, "B1"))
    assert len(cell_corner(image, "H5")) > len(cell_corner(image, "G6")) + 2


def test_a_time_limited_games_last_board_shows_its_last_round() -> None:
    ended = advance(GAME.new_state(2, 3, {"rounds": 10}), 100_000)
    view = GAME.view(ended, None)
    outcome = GAME.outcome(ended)
    assert outcome is not None and outcome.reason.startswith("time_limit")
    texts, _ = drawn_texts(lambda: render(view))
    assert "Fireship · Round 10 of 10" in texts
    old_save = dict(view, round=11)  # a match finished by an earlier engine
    texts, _ = drawn_texts(lambda: render(old_save))
    assert "Fireship · Round 10 of 10" in texts
