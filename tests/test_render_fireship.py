"""The Fireship board picture: it renders every stage, from the view it is given alone."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.fireship import GAME, FireshipSeatView, FireshipState
from renderers import LABEL_DEFAULTS, RENDERERS
from renderers.fireship import HEIGHT, WIDTH, render, render_reach

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
