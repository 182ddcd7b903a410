"""The Rush Out! board picture: every stage of several modes, from the public view alone."""

from __future__ import annotations

import copy
import io
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import pytest
from PIL import Image

from bot.games.rushout import GAME, RushOutState
from bot.games.rushout.views import CardView, MarketView, RushOutPublicView
from renderers import LABEL_DEFAULTS, RENDERERS, base
from renderers.rushout import WIDTH, layout, render

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_BUDGET = 250_000


def advance(state: RushOutState, steps: int, seed: int = 0) -> RushOutState:
    rng = random.Random(seed)
    for _ in range(steps):
        acting = sorted(GAME.to_act(state))
        if not acting:
            break
        seat = rng.choice(acting)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    return state


def until(
    state: RushOutState, wanted: Callable[[RushOutPublicView], bool], seed: int = 0
) -> RushOutState:
    rng = random.Random(seed)
    for _ in range(20_000):
        if wanted(GAME.view(state, None)):
            return state
        acting = sorted(GAME.to_act(state))
        assert acting, "the match ended first"
        seat = rng.choice(acting)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    raise AssertionError("never reached")


def picture(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) < PNG_BUDGET
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def expected_size(view: RushOutPublicView) -> tuple[int, int]:
    geometry = layout(view["mode"], len(view["heroes"]), view["play"] == "pulse")
    return (WIDTH, geometry.height)


MODES = [
    ("training1", 4, {}),
    ("training2", 3, {}),
    ("scenario4", 4, {}),
    ("scenario5", 5, {"play": "pulse"}),
    ("scenario6", 5, {}),
]


@pytest.mark.parametrize(("mode", "players", "options"), MODES)
def test_start_middle_and_end_render_to_small_pngs(
    mode: str, players: int, options: dict[str, Any]
) -> None:
    state = GAME.new_state(players, 3, {"mode": mode, **options})
    middle = advance(state, 80, seed=1)
    end = advance(state, 100_000, seed=2)
    assert GAME.outcome(middle) is None
    assert GAME.outcome(end) is not None
    for position in (state, middle, end):
        view = GAME.view(position, None)
        assert picture(render(view)).size == expected_size(view)


def test_the_registry_draws_rush_out_with_its_words() -> None:
    view = GAME.view(GAME.new_state(3, 1), None)
    assert RENDERERS["rushout"](view, None) == render(view)
    assert LABEL_DEFAULTS["rushout"]["title"] == "Rush Out!"


def test_a_picture_is_readable_on_a_phone() -> None:
    """Drawn for 400 px wide at half size: never wider than 800, words and dice big."""
    assert WIDTH == 800
    view = GAME.view(advance(GAME.new_state(5, 4, {"mode": "scenario6"}), 60), None)
    image = picture(render(view))
    assert image.height < 2 * WIDTH


def test_scenario_tokens_wounds_hexes_and_dragon_render() -> None:
    """Souls, lives, gold, a wounded hero, a curse facing the heroes, the dragon on a card."""
    state = GAME.new_state(5, 12, {"mode": "scenario6", "play": "pulse"})
    state = until(
        state,
        lambda v: any(h["wounded"] for h in v["heroes"]) and bool(v["hexes"]),
        seed=12,
    )
    view = GAME.view(state, None)
    assert view["souls"] and view["lives"] is not None and view["gold"] is not None
    assert picture(render(view)).size == expected_size(view)
    on_card = replace(state, dragon=2)
    moved = GAME.view(on_card, None)
    assert cast(CardView, moved["trials"][1])["dragon"]
    assert render(moved) != render(view)


def test_the_market_renders() -> None:
    state = until(GAME.new_state(4, 11, {"mode": "scenario4"}), lambda v: v["phase"] == "market")
    view = GAME.view(state, None)
    assert cast(MarketView, view["market"])["equipment"]
    assert picture(render(view)).size == expected_size(view)


def test_the_picture_is_the_same_whatever_the_hidden_deck_order() -> None:
    state = advance(GAME.new_state(4, 5, {"mode": "scenario5"}), 50)
    assert len(state.trial_deck) > 2 and len(state.spell_deck) > 2
    other = replace(
        state,
        trial_deck=list(reversed(state.trial_deck)),
        spell_deck=list(reversed(state.spell_deck)),
        rng=state.rng + 1,
    )
    assert other.trial_deck != state.trial_deck
    assert GAME.view(other, None) == GAME.view(state, None)
    assert render(GAME.view(other, None)) == render(GAME.view(state, None))


def test_a_private_view_draws_nothing_more_than_the_public_one() -> None:
    state = advance(GAME.new_state(4, 6, {"mode": "scenario3"}), 40)
    public = render(GAME.view(state, None))
    for seat in range(4):
        assert render(GAME.view(state, seat)) == public


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    """Cached stamps, texts and layers never leak from one picture into the next."""
    view = GAME.view(advance(GAME.new_state(5, 7, {"mode": "scenario6"}), 70), None)
    first = render(view)
    render(GAME.view(advance(GAME.new_state(3, 8), 100_000), None))
    render(view, {"title": "Rush Out !", "player_1": "Grace"})
    assert render(view) == first
    base.clear_caches()
    assert render(view) == first


def test_rendering_leaves_the_view_untouched() -> None:
    view = GAME.view(advance(GAME.new_state(4, 9, {"mode": "scenario2"}), 60), None)
    before = copy.deepcopy(view)
    render(view)
    assert view == before


def test_french_labels_are_drawn_when_given() -> None:
    from bot.i18n import catalog

    french = {
        key: catalog("fr")[f"render.rushout.{key}"]
        for key in LABEL_DEFAULTS["rushout"]
        if not key.startswith("player_")
    }
    assert french["face_S"] == "Épée"
    view = GAME.view(advance(GAME.new_state(4, 10, {"mode": "scenario4"}), 40), None)
    english = render(view)
    translated = render(view, french)
    assert translated != english
    assert render(view, french) == translated
    assert picture(translated).size == picture(english).size


def test_player_names_and_broken_labels_still_render() -> None:
    view = GAME.view(advance(GAME.new_state(3, 2, {"mode": "training2"}), 30), None)
    labels = {
        "player_0": "Une sorcière au nom vraiment très très long",
        "player_1": "Grace",
        "trial": "Épreuve {oops}",
        "status_mode": "{mode",
    }
    assert render(view, labels) != render(view)
    assert picture(render(view, labels)).size == expected_size(view)
