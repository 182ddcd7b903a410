"""The Bug Race board picture: it renders every stage, from the public view alone."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.bugrace import GAME, BugRaceState, arrange_play, with_bug
from renderers import base
from renderers.bugrace import WIDTH, card_lines, picture_height, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: A bug over the line: body on rows 7-9, every leg on row 6 or beyond.
FINISHED_ROWS = {"LH": 6, "LM": 7, "LF": 8, "RH": 6, "RM": 7, "RF": 8}


def advance(state: BugRaceState, steps: int, seed: int = 0) -> BugRaceState:
    rng = random.Random(seed)
    for _ in range(steps):
        if not GAME.to_act(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    return state


def finished(state: BugRaceState) -> BugRaceState:
    return advance(state, 100_000)


def picture(view: Mapping[str, Any]) -> Image.Image:
    data = render(view)
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_start_renders(players: int) -> None:
    image = picture(GAME.view(GAME.new_state(players, 1), None))
    assert image.size == (WIDTH, picture_height(players, False))


def test_the_picture_is_drawn_for_a_phone_portrait_and_not_too_tall() -> None:
    """Shown about 400 points wide on a phone: a narrow picture keeps its words large."""
    assert 720 <= WIDTH <= 800
    for players in (2, 3, 4):
        for expert in (False, True):
            assert WIDTH < picture_height(players, expert) <= 2 * WIDTH


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"expert": True})])
def test_a_round_in_play_renders(players: int, options: dict[str, bool]) -> None:
    state = GAME.new_state(players, 2, options)
    state = advance(state, 60)
    assert GAME.outcome(state) is None
    assert any(seat.played for seat in state.seats)
    expert = bool(options.get("expert"))
    assert picture(GAME.view(state, None)).size == (WIDTH, picture_height(players, expert))


@pytest.mark.parametrize("options", [{}, {"play_on": True}])
def test_the_end_renders(options: dict[str, bool]) -> None:
    state = finished(GAME.new_state(3, 3, options))
    assert GAME.outcome(state) is not None
    assert picture(GAME.view(state, None)).size == (WIDTH, picture_height(3, False))


def test_a_shared_win_renders() -> None:
    state = arrange_play(GAME.new_state(2, 1), {0: (10,), 1: (12,)})
    state = with_bug(state, 0, 7, FINISHED_ROWS)
    state = with_bug(state, 1, 7, FINISHED_ROWS)
    for seat, card in ((0, 10), (1, 12)):
        state = GAME.apply(state, seat, f"play {card}")  # no leg can move: over by itself
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)
    picture(GAME.view(state, None))


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    """Cached stamps, texts and layers never leak from one picture into the next."""
    view = GAME.view(advance(GAME.new_state(3, 2), 60), None)
    first = render(view)
    render(GAME.view(finished(GAME.new_state(4, 9)), None))
    render(view, {"start": "Départ", "player_1": "Grace"})
    assert render(view) == first
    base.clear_caches()  # every stamp and text drawn afresh comes out the same
    assert render(view) == first


def test_the_picture_does_not_depend_on_the_cards_in_hand() -> None:
    state = GAME.new_state(2, 4)
    for drafting in (0, 1):
        state = GAME.apply(state, drafting, f"keep {min(state.seat(drafting).offer)}")
    state = GAME.apply(state, 0, f"play {state.seat(0).hand[0]}")
    assert all(seat.hand for seat in state.seats)
    held = {card for seat in state.seats for card in (*seat.hand, *seat.offer, *seat.played)}
    spare = [card for card in state.draw_pile if card not in held]
    seats = []
    for seat in state.seats:
        other_hand = tuple(spare.pop() for _ in seat.hand)
        seats.append(replace(seat, hand=other_hand))
    other = replace(state, seats=tuple(seats))
    assert render(GAME.view(state, None)) == render(GAME.view(other, None))


def test_a_private_view_draws_nothing_more_than_the_public_one() -> None:
    state = advance(GAME.new_state(3, 5), 25)
    assert render(GAME.view(state, 0)) == render(GAME.view(state, None))


def test_rendering_leaves_the_view_untouched() -> None:
    view = GAME.view(advance(GAME.new_state(4, 6), 40), None)
    before = copy.deepcopy(view)
    render(view)
    assert view == before


def test_translated_and_broken_labels_still_render() -> None:
    view = GAME.view(advance(GAME.new_state(2, 7), 20), None)
    labels = {
        "title": "Course d'insectes",
        "player_0": "Une joueuse au nom vraiment très très long",
        "status_play": "Manche {round} · {oops}",
        "playing": "Joue",
        "place_1": "1re",
    }
    assert picture(view).size == Image.open(io.BytesIO(render(view, labels))).size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_cards_are_drawn_full_size_whatever_the_players(players: int) -> None:
    """Four cards a track: where they do not fit on one line, they take two, full size."""
    state = advance(GAME.new_state(players, 2, {"expert": True}), 60)
    image = picture(GAME.view(state, None))
    assert image.size == (WIDTH, picture_height(players, True))
    assert card_lines(players, True) == (2 if players >= 3 else 1)
    assert card_lines(players, False) == 1
    assert picture_height(players, True) > picture_height(players, False) or players == 2


def test_french_leg_letters_on_the_french_picture() -> None:
    from bot.i18n import catalog

    view = GAME.view(GAME.new_state(2, 1), None)
    french = {key: catalog("fr")[f"render.bugrace.{key}"] for key in ("hind_short", "front_short")}
    assert french == {"hind_short": "Ar", "front_short": "Av"}
    assert render(view, french) != render(view)


def test_the_preview_command_shows_the_expert_and_play_on_variants(tmp_path: Any) -> None:
    from bot.tools.preview import main

    out = tmp_path / "expert.png"
    argv = ["bugrace", "--players", "4", "--moves", "30", "--option", "expert=true"]
    assert main([*argv, "--out", str(out)]) == 0
    assert Image.open(out).size == (WIDTH, picture_height(4, True))
    play_on = tmp_path / "play_on.png"
    assert main(["bugrace", "--option", "play_on=true", "--out", str(play_on)]) == 0
    assert play_on.read_bytes().startswith(PNG_SIGNATURE)


def test_a_player_still_to_act_has_their_tracks_head_framed_and_nothing_lower_changes() -> None:
    """Whose part is still to play shows in the players' panel and as a frame around that
    track's head (its glyph, the apple and the L/R letters). When they are done, nothing
    below the heads changes: the race's rows are the same picture, so they are not mapped
    and compressed again."""
    from renderers.base.colours import HIGHLIGHT
    from renderers.bugrace import layout

    view = copy.deepcopy(GAME.view(GAME.new_state(2, 3), None))
    assert view["bugs"][0]["choosing"] and view["bugs"][1]["choosing"]
    done = copy.deepcopy(view)
    done["bugs"][0]["choosing"] = False
    framed, unframed = picture(view).convert("RGB"), picture(done).convert("RGB")
    at = layout(2, False)
    left, top, _, _ = at.track_boxes[0]
    changed = ImageChops.difference(framed, unframed).getbbox()
    assert changed is not None
    assert changed[3] <= at.rows_top + 2  # the heads and the players' panel only
    frame_edge = (round(left + 1), round((top + at.rows_top) / 2))
    assert framed.getpixel(frame_edge) == HIGHLIGHT[:3]
    assert unframed.getpixel(frame_edge) != HIGHLIGHT[:3]
