"""The Fireship pictures: the board renders every stage, from the view it is given alone; a
pawn's reach and a zoom on any area of the sea are drawn at the board's readable size."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from PIL import Image

from bot.games.fireship import GAME, FireshipSeatView, FireshipState, data, scenario
from bot.i18n import Tr
from renderers import LABEL_DEFAULTS, RENDERERS
from renderers.base import TextSize, clear_caches, clear_layers
from renderers.base.measure import points_on_phone, recording_texts
from renderers.fireship import (
    PRIVATE_HEIGHT,
    WIDTH,
    board_corner,
    board_height,
    reach_corner,
    render,
    render_private,
    render_reach,
    window_cell_box,
)

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
    assert image.size == (WIDTH, board_height(players))
    assert image.height > image.width  # drawn for a phone: portrait


def test_a_game_in_play_renders_with_its_trail() -> None:
    state = advance(GAME.new_state(4, 2, {"rounds": 20}), 120)
    assert GAME.outcome(state) is None
    view = GAME.view(state, None)
    assert view["trail"] or view["previous_trail"]
    assert picture(render(view)).size == (WIDTH, board_height(4))


def test_a_finished_game_renders() -> None:
    state = advance(GAME.new_state(2, 3), 100_000)
    assert GAME.outcome(state) is not None
    assert picture(render(GAME.view(state, None))).size == (WIDTH, board_height(2))


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
    spots = view["reach"][pawn_id]
    texts, _ = drawn_texts(lambda: render_reach(view, pawn_id))
    reach = picture(render_reach(view, pawn_id))
    plain = picture(render(view))
    assert reach.size == (WIDTH, PRIVATE_HEIGHT)
    assert plain.size == (WIDTH, board_height(2))
    corner = reach_corner(view, pawn_id, spots)
    shown = [s for s in spots if (c := data.parse_cell(s["cell"])) and in_window(corner, c)]
    assert shown, "the window around the pawn holds squares it can reach"
    assert {str(s["cost"]) for s in shown} <= set(texts)  # each with its cost


def in_window(corner: tuple[int, int], cell: tuple[int, int]) -> bool:
    return all(corner[i] <= cell[i] < corner[i] + 14 for i in (0, 1))


def test_labels_can_be_translated() -> None:
    view = GAME.view(GAME.new_state(2, 1), None)
    english = render(view)
    french = render(view, {"title": "Brûlot", "islands": "Îles", "colour_0": "Bleu"})
    assert english != french
    assert picture(french).size == (WIDTH, board_height(2))


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
    letters: dict[str, set[str]] = {}
    every: dict[str, list[str]] = {}
    for language in ("en", "fr"):
        labels = labels_for(view, language)
        every[language] = []
        # The board and a zoom on each area: together they show the whole sea.
        draws: list[Callable[[], bytes]] = [partial(render, view, labels)]
        for corner in ("A1", "G1", "D4", "A7", "G7"):
            draws.append(partial(render_private, view, f"zoom:{corner}", labels))
        for draw in draws:
            # Letters on tokens and flags are the smallest words, smaller than the rulers'
            # column letters and the homes' letters.
            texts, _ = drawn_texts(draw, TextSize.SMALL + 1)
            every[language] += texts
        letters[language] = {t for t in every[language] if len(t) == 1 and t.isalpha()}
    assert "W" in letters["en"] and "·" in every["fr"]  # white: "blanc" would read as "bleu"
    assert {"G", "Y"} <= letters["en"] and not {"V", "J"} & letters["en"]
    assert {"V", "J"} <= letters["fr"] and not {"G", "Y", "W"} & letters["fr"]


def test_the_rulers_letters_come_from_the_labels() -> None:
    view = GAME.view(GAME.new_state(2, 1), None)
    texts, _ = drawn_texts(lambda: render_private(view, "zoom:A1", {"column_0": "Ä"}))
    assert "Ä" in texts and "A" not in texts and "N" in texts and "O" not in texts


@pytest.mark.parametrize(
    ("points", "english"), [(1, "1 point left"), (2, "2 points left"), (0, "0 points left")]
)
def test_the_points_left_read_as_a_person_writes_them(points: int, english: str) -> None:
    state, _ = long_turn()
    view = GAME.view(state, None) | {"points": points}
    for language, words in (("en", english), ("fr", f"Points restants\xa0: {points}")):
        texts, _ = drawn_texts(partial(render, view, labels_for(view, language)))
        assert words in texts


def test_the_reach_picture_says_which_pawn_in_words() -> None:
    state = advance(GAME.new_state(2, 6), 1)
    view = GAME.view(state, state.turn)
    pawn_id = next(iter(view["reach"]))
    texts, _ = drawn_texts(lambda: render_reach(view, pawn_id, labels_for(view, "fr")))
    assert "Cases accessibles et leur coût" in texts
    pawn = next(p for p in view["pawns"] if p["id"] == pawn_id)
    kind = {"boat": "Bateau", "plane": "Avion", "battleship": "Cuirassé"}[pawn["kind"]]
    assert pawn["cell"] == "home" and f"{kind} {pawn_id} au port" in texts


def cell_corner(image: Image.Image, corner: tuple[int, int], name: str) -> set[tuple[int, ...]]:
    """The colours in the top-left corner of a cell (where a special square's mark stays)
    on a picture whose window starts at ``corner``."""
    cell = data.parse_cell(name)
    assert cell is not None and in_window(corner, cell)
    left, top, _, _ = (int(edge) for edge in window_cell_box(corner, cell))
    rgb = image.convert("RGB")
    return {rgb.getpixel((left + x, top + y)) for x in range(4, 14) for y in range(4, 14)}  # type: ignore[misc]


def test_a_pawn_on_a_special_square_leaves_its_mark_visible() -> None:
    on_wheel = scenario(2, pawns=[(0, "boat", "G3"), (0, "boat", "H4"), (1, "boat", "home")])
    view = GAME.view(on_wheel, None)
    image = picture(render(view))
    corner = board_corner(view)
    assert len(cell_corner(image, corner, "G3")) > len(cell_corner(image, corner, "H4")) + 2


def test_the_reach_keeps_special_squares_visible() -> None:
    state = scenario(2, pawns=[(0, "plane", "G5"), (1, "boat", "home")])
    state.loaded = [1, 1, 1]
    state = GAME.apply(state, 0, "roll")
    view = GAME.view(state, 0)
    spots = {spot["cell"] for spot in view["reach"]["B1"]}
    assert {"H5", "G6"} <= spots  # a mystery square and plain sea, both in reach
    image = picture(render_reach(view, "B1"))
    corner = reach_corner(view, "B1", view["reach"]["B1"])
    assert len(cell_corner(image, corner, "H5")) > len(cell_corner(image, corner, "G6")) + 2


def test_the_board_shows_the_sea_where_the_play_is() -> None:
    """The board's window follows the player to play: Red's pawns far down right are in it,
    with the rulers naming their squares."""
    state = scenario(2, pawns=[(0, "boat", "B12"), (1, "boat", "S17"), (1, "plane", "R18")])
    state.turn = state.first = 1
    view = GAME.view(state, None)
    texts, _ = drawn_texts(lambda: render(view))
    assert {"S", "R", "17", "18"} <= set(texts)
    assert "A" not in texts  # the far side of the sea is only in the overview
    state.turn = state.first = 0
    texts, _ = drawn_texts(lambda: render(GAME.view(state, None)))
    assert {"B", "12"} <= set(texts)


def test_a_zoom_shows_any_area_of_the_sea_at_the_boards_size() -> None:
    view = GAME.view(advance(GAME.new_state(3, 2), 40), None)
    texts, _ = drawn_texts(lambda: render_private(view, "zoom:G7", labels_for(view, "fr")))
    assert "Cases G7 à T20" in texts
    assert {"G", "T", "7", "20"} <= set(texts) and "F" not in texts
    zoom = picture(render_private(view, "zoom:G7"))
    assert zoom.size == (WIDTH, PRIVATE_HEIGHT)
    far = picture(render_private(view, "zoom:T20"))  # kept within the sea: the same area
    assert far.tobytes() == zoom.tobytes()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_private_pictures_read_on_a_phone(language: str) -> None:
    """A pawn's reach and a zoom hold to the board's sizes: every word at least 9 pt once the
    picture is shown 400 points wide, every number 11 pt, nothing cut."""
    state, seat = long_turn()
    mine = GAME.view(state, seat)
    labels = labels_for(mine, language)
    labels["player_0"] = "Wolfgang Amadeus Mozart-Wagner0"
    movers = [pid for pid, spots in mine["reach"].items() if spots]
    draws: list[Callable[[], bytes]] = [
        partial(render_reach, mine, pid, labels) for pid in movers[:3]
    ]
    draws.append(partial(render_private, mine, "zoom:D4", labels))
    for draw in draws:
        clear_caches()
        clear_layers()
        with recording_texts() as record:
            width = picture(draw()).width
        for drawn in record.drawn:
            number = drawn.text.strip().isdigit()
            assert points_on_phone(drawn.size, width) >= (11 if number else 9), drawn
        assert record.clipped == []


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


@pytest.mark.parametrize("corner", [(0, 0), (6, 6), (3, 5), (6, 0)])
@pytest.mark.parametrize("french", [False, True])
def test_the_windows_rulers_are_its_words_written_one_by_one(
    corner: tuple[int, int], french: bool
) -> None:
    """A window's column letters and row numbers are cut from bands drawn once per language:
    the same pixels as writing each of its 28 words where it goes."""
    from renderers.base import BACKGROUND, TEXT_MUTED, Canvas
    from renderers.fireship.board import draw_window
    from renderers.fireship.labels import column_name
    from renderers.fireship.layout import (
        CELL,
        GRID_LEFT,
        GRID_TOP,
        NUMBER,
        RULER_HEIGHT,
        RULER_TOP,
        WINDOW,
        WORD,
    )

    labels = dict(LABEL_DEFAULTS["fireship"])
    if french:
        labels.update({f"column_{c}": f"{chr(65 + c)}é"[: 1 + c % 2] for c in range(data.SIZE)})
    view = GAME.view(GAME.new_state(2, 4), None)
    cut = Canvas(WIDTH, board_height(2))
    draw_window(cut, view, labels, corner)
    written = Canvas(WIDTH, board_height(2))
    draw_window(written, view, labels, corner)
    written.rect((0, RULER_TOP, WIDTH, GRID_TOP + WINDOW * CELL), BACKGROUND)
    for index in range(WINDOW):
        middle = index * CELL + CELL / 2
        column = column_name(labels, corner[0] + index)
        xy = (GRID_LEFT + middle, RULER_TOP + RULER_HEIGHT / 2)
        written.text(xy, column, WORD + 2, TEXT_MUTED, "mm")
        number = str(corner[1] + index + 1)
        written.text((GRID_LEFT - 10, GRID_TOP + middle), number, NUMBER, TEXT_MUTED, "rm")
    box = (0, RULER_TOP, GRID_LEFT, GRID_TOP + WINDOW * CELL)
    band = (GRID_LEFT, RULER_TOP, WIDTH, GRID_TOP)
    for part in (box, band):
        assert cut.image.crop(part).tobytes() == written.image.crop(part).tobytes()


@pytest.mark.parametrize(("language", "blue"), [("en", "Blue"), ("fr", "Bleu")])
def test_the_preview_names_each_seat_by_its_colour(
    language: str, blue: str, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    """``python -m bot preview fireship`` prints each seat's panel with its colour for a
    name (Fireship's players are named by colour), never a placeholder left unfilled."""
    from bot.tools.preview import main

    out = tmp_path / "fireship.png"
    argv = ["fireship", "--players", "3", "--moves", "12", "--lang", language, "--out", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert f"🟦 {blue}" in printed
    assert "{" not in printed
