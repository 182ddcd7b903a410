"""The Rush Out! board picture: every stage of several modes, from the public view alone."""

from __future__ import annotations

import copy
import functools
import io
import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import pytest
from PIL import Image

from bot.games.rushout import GAME, RushOutState, data
from bot.games.rushout.views import (
    CampCounts,
    CardView,
    EquipmentView,
    MarketEquipmentView,
    MarketScrollView,
    MarketView,
    PendingView,
    RushOutPublicView,
    ScrollView,
    SlotView,
)
from renderers import LABEL_DEFAULTS, RENDERERS, base
from renderers.base import TextSize
from renderers.base.measure import TextRecord, recording_texts
from renderers.rushout import WIDTH, layout, render
from renderers.rushout.board import RushOutBoard
from renderers.rushout.core import SCROLL_HEIGHT, owned_scrolls
from renderers.rushout.market import market_scrolls

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


# --- Nothing dropped, cut or overprinted, in English and French, read on a phone ---------
#: The longest names Discord shows (32 characters), as players' names on the board.
LONG_NAMES = ("Wolfgang Amadeus Mozart-Wagner X", "Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ W")
LONGEST_NAMES = tuple(name[:31] + str(seat) for seat, name in enumerate(LONG_NAMES * 3))


def words(language: str, view: RushOutPublicView, long_names: bool = False) -> dict[str, str]:
    """The picture's words as the Discord layer passes them (``render.rushout.*``)."""
    from bot.i18n import Tr
    from cogs.rushout.presenter import RushOutPresenter

    names = list(LONGEST_NAMES[:5]) if long_names else []
    return RushOutPresenter().render_labels(view, names, Tr(language))


def blank(symbols: tuple[str, ...]) -> list[SlotView]:
    return [SlotView(symbol=symbol, seat=None, face=None) for symbol in symbols]


def card_view(target: str, card_id: str, aimed: int | None = None) -> CardView:
    card = data.CARDS[card_id]
    return CardView(
        target=target,
        card=card_id,
        kind=card.kind,
        effect=card.effect,
        pennant=card.pennant,
        aimed=aimed,
        dragon=False,
        hero_slots=blank(card.hero),
        sorcerer_slots=blank(card.sorcerer),
    )


def every_scroll() -> list[ScrollView]:
    scrolls = []
    for index, scroll in enumerate(data.SCROLLS.values()):
        takes_dice = scroll.power in (data.LIGHTNING_CARD, data.FIRE_CARD)
        card = CardView(
            target=f"x{index}",
            card=scroll.id,
            kind=scroll.id,
            effect="",
            pennant=None,
            aimed=None,
            dragon=False,
            hero_slots=[],
            sorcerer_slots=blank(scroll.symbols),
        )
        scrolls.append(
            ScrollView(
                id=scroll.id,
                power=scroll.power,
                symbols=list(scroll.symbols),
                card=card if takes_dice else None,
            )
        )
    return scrolls


def crowded(players: int = 5, pulse: bool = True, hexes: int = 4) -> RushOutPublicView:
    """A Scenario 6 board with everything at once: every scroll, every hero wounded, with
    equipment, XP enough for his faculty and a High five to check, cards facing the heroes,
    a spell choice owed, pulse throws."""
    options = {"mode": "scenario6", "play": "pulse" if pulse else "live"}
    view = copy.deepcopy(GAME.view(advance(GAME.new_state(players, 5, options), 40, 5), None))
    assert view["phase"] == "play"
    view["sorcerer"]["scrolls"] = every_scroll()
    view["sorcerer"]["pending"] = PendingView(effect=data.WOUND_AND_SOULS, card="damnation1")
    items = list(data.EQUIPMENT.values())
    for index, hero in enumerate(view["heroes"]):
        seat = hero["seat"]
        hero["wounded"] = True
        hero["wound"] = CardView(
            target=f"w{seat}",
            card="wound",
            kind="wound",
            effect="",
            pennant=None,
            aimed=None,
            dragon=False,
            hero_slots=blank((*data.WOUND_SLOTS, hero["skill"])),
            sorcerer_slots=[],
        )
        hero["equipment"] = [
            EquipmentView(id=item.id, joker_as=item.joker_as)
            for item in (items[2 * index], items[9 - index])
        ]
        hero["xp"] = 10
        hero["must_check"] = True
    facing = [c.id for c in data.CARDS.values() if c.kind in (data.CURSE, data.DISSIPATION)]
    heroes = [hero["seat"] for hero in view["heroes"]]
    view["hexes"] = [
        card_view(f"c{k}", facing[(5 * k) % len(facing)], heroes[k % len(heroes)])
        for k in range(hexes)
    ]
    for card in view["hexes"]:
        if card["kind"] == data.CURSE:
            card["aimed"] = None
    return view


def crowded_market() -> RushOutPublicView:
    state = until(GAME.new_state(4, 11, {"mode": "scenario4"}), lambda v: v["phase"] == "market")
    view = copy.deepcopy(GAME.view(state, None))
    view["market"] = MarketView(
        equipment=[
            MarketEquipmentView(id=item.id, joker_as=item.joker_as, price=item.price)
            for item in data.EQUIPMENT.values()
        ],
        scrolls=[
            MarketScrollView(id=scroll.id, power=scroll.power, price=scroll.price)
            for scroll in data.SCROLLS.values()
        ],
    )
    view["gold"] = CampCounts(heroes=12, sorcerer=11)
    return view


def drawn(view: RushOutPublicView, labels: dict[str, str]) -> TextRecord:
    base.clear_layers()  # words drawn into cached layers are drawn (and seen) again
    with recording_texts() as record:
        picture(render(view, labels))
    return record


def is_number(text: str) -> bool:
    return any(ch.isdigit() for ch in text) and all(ch.isdigit() or ch in "+-−×/ " for ch in text)


@functools.cache
def board_views() -> list[tuple[str, RushOutPublicView]]:
    views = [(f"crowded {n}", crowded(n, n != 4)) for n in (3, 4, 5)]
    views += [("eight cards facing", crowded(4, False, 8)), ("market", crowded_market())]
    for mode in data.MODES:
        state = GAME.new_state(5, 9, {"mode": mode, "play": "pulse"})
        views.append((f"{mode} start", GAME.view(state, None)))
        views.append((f"{mode} end", GAME.view(advance(state, 100_000, 9), None)))
    return views


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_text_reads_on_a_phone_and_none_is_cut(language: str) -> None:
    """Shown 400 points wide, every text is 9 pt or more (18 px of the 800), every number
    alone 11 pt (22 px); only a too long player name is cut."""
    problems: set[str] = set()
    for name, view in board_views():
        for long_names in (False, True) if name.startswith("crowded") else (False,):
            record = drawn(view, words(language, view, long_names))
            for text in record.drawn:
                floor = TextSize.BODY if is_number(text.text) else TextSize.SMALL
                if text.text.strip() and text.size < floor:
                    problems.add(f"{name}: {text.text!r} at {text.size} px")
            cut = [t for t in record.clipped if not t.startswith(LONGEST_NAMES)]
            problems |= {f"{name}: {text!r} cut" for text in cut}
    assert not problems, sorted(problems)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_scroll_the_sorcerer_owns_is_drawn(language: str) -> None:
    view = crowded()
    board = RushOutBoard(view, words(language, view))
    groups = owned_scrolls(view["sorcerer"]["scrolls"])
    assert sum(len(group.items) for group in groups) == len(data.SCROLLS) == 8
    left, _, right, _ = board.geometry.sorcerer_panel
    places = board.scroll_places(groups, left + 12, right - 12)
    assert len(places) == len(groups)
    assert {line for _, line in places} <= set(range(board.geometry.scroll_rows))
    shown = {text.text for text in drawn(view, words(language, view)).drawn}
    for power in (data.FLIP, data.SWAP, data.JOKER_ON, data.LIGHTNING_CARD, data.FIRE_CARD):
        assert board.labels[f"scroll_{power}"] in shown, power


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_market_shows_every_scroll_and_every_item(language: str) -> None:
    view = crowded_market()
    market = cast(MarketView, view["market"])
    board = RushOutBoard(view, words(language, view))
    scroll_box, equipment_box = board.geometry.market_boxes()
    groups = market_scrolls(market)
    assert sum(len(group.items) for group in groups) == 8
    places, middles = board.scroll_offer_places(groups, scroll_box)
    assert len(places) == len(groups)
    for group, (x, _) in zip(groups, places, strict=True):
        assert x + board.scroll_width(group) <= scroll_box[2]
    lines = sorted(middles)
    assert lines[-1] + SCROLL_HEIGHT / 2 <= scroll_box[3]
    assert all(b - a >= SCROLL_HEIGHT for a, b in itertools.pairwise(lines))
    spots = board.equipment_places(market, equipment_box)
    assert len(spots) == len(market["equipment"]) == 10
    for item, (x, _) in zip(market["equipment"], spots, strict=True):
        assert x + board.equipment_width(item) <= equipment_box[2]  # the equipment row is not cut
    for hero in view["heroes"]:
        hero["must_check"] = True  # a High five left from the round: nothing to check now
    shown = {text.text for text in drawn(view, words(language, view)).drawn}
    assert board.labels["scroll_lightning"] in shown and board.labels["scroll_fire"] in shown
    assert board.labels["check"] not in shown


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_wounded_heros_band_keeps_every_chip(language: str) -> None:
    """French words, a wound, a High five to check and pulse throws: the faculty, the XP,
    the check and the throws left are all drawn, beside the dice and the wound tile."""
    view = crowded()
    labels = words(language, view)
    board = RushOutBoard(view, labels)
    shown = {text.text for text in drawn(view, labels).drawn}
    for hero, box in zip(view["heroes"], board.geometry.hero_boxes, strict=True):
        left, _, right, _ = box
        moment = board.moment_chips(hero)
        experience = board.experience_chips(hero)
        assert len(moment) == 2 and len(experience) == 2
        room = right - 12 - (left + 18)
        dice = board.tray_width(hero["dice"])
        note = board.canvas.text_width(board.tray_note(hero["dice"]), TextSize.SMALL)
        assert dice + note + 12 + board.canvas.chips_width([t for t, _ in moment]) <= room
        chips = board.canvas.chips_width([t for t, _ in experience])
        assert chips + 12 + board.wound_width(hero) <= room
        for text, _ in moment + experience:
            assert text in shown
    assert ("XP 10 of 3" if language == "en" else "XP 10 sur 3") in shown


def test_experience_reads_xp_of_cost_not_a_fraction() -> None:
    view = crowded()
    hero = view["heroes"][0]
    hero["xp"], hero["faculty_cost"] = 4, 3
    shown = {text.text for text in drawn(view, words("en", view)).drawn}
    assert "XP 4 of 3" in shown
    assert not any("4/3" in text for text in shown)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_words_fit_their_boxes_with_the_longest_french_ones(language: str) -> None:
    """A spell's effect fits its card, a small card facing the heroes its name and slots."""
    view = crowded(4, False, 8)
    labels = words(language, view)
    board = RushOutBoard(view, labels)
    left, _, right, _ = board.geometry.card_box("spells", 0)
    for card in data.CARDS.values():
        if card.kind in data.SPELL_KINDS:
            name = board.effect_name(card_view("s0", card.id))
            assert board.canvas.text_width(name, TextSize.SMALL, False) <= right - left - 20, name
    boxes = board.hex_boxes()
    assert len(boxes) == 8
    for facing, (x0, _, x1, _) in zip(view["hexes"], boxes, strict=True):
        size = board.small_hex_slot(facing, x1 - x0)
        slots = len(facing["hero_slots"])
        glyph = 18 if facing["aimed"] is not None else 0
        width = board.small_hex_title_width(facing)
        assert 6 + glyph + width + 6 + slots * size + (slots - 1) * 4 + 6 <= x1 - x0
        assert size >= 22
    for card in data.CARDS.values():
        if card.kind in (data.CURSE, data.DISSIPATION):
            aimed = view["heroes"][0]["seat"] if card.kind == data.DISSIPATION else None
            hexes = [card_view("c0", card.id, aimed)] * 8
            small = RushOutBoard({**view, "hexes": hexes}, labels)
            x0, _, x1, _ = small.hex_boxes()[0]
            size = small.small_hex_slot(hexes[0], x1 - x0)
            slots = len(card.hero)
            glyph = 18 if aimed is not None else 0
            width = small.small_hex_title_width(hexes[0])
            assert 6 + glyph + width + 6 + slots * size + (slots - 1) * 4 + 6 <= x1 - x0, card.id
            assert size >= 22, card.id


def test_a_french_board_speaks_french_and_an_english_one_english() -> None:
    """The mode, the pulse and the throws left in the reader's words (no "Training 1"
    badge on a French board, "Pulsation" for a pulse)."""
    state = GAME.new_state(4, 3, {"mode": "training1", "play": "pulse"})
    view = GAME.view(state, None)
    french = {text.text for text in drawn(view, words("fr", view)).drawn}
    english = {text.text for text in drawn(view, words("en", view)).drawn}
    assert "Entraînement 1" in french and "Training 1" not in french
    assert "Training 1" in english
    assert any(text.startswith("Pulsation 1") for text in french)
    assert not any(text.startswith("Tour ") for text in french)
    assert "Lancers\u00a0: 3" in french and "Throws: 3" in english


def test_the_board_never_grows_past_two_screens() -> None:
    """The most crowded mode (Scenario 6, four heroes) stays under twice its width."""
    for mode in data.MODES:
        assert layout(mode, 4).height < 2 * WIDTH, mode


def test_the_preview_plays_every_seat_and_shows_each_ones_panel(
    tmp_path: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m bot preview rushout``: the heroes play too (not only the sorcerer), and
    each seat's controller is shown."""
    from bot.tools.preview import main, play_after

    played: set[int] = set()
    apply = GAME.apply

    def recorded(state: RushOutState, seat: int, action: str) -> RushOutState:
        played.add(seat)
        return apply(state, seat, action)

    monkeypatch.setattr(GAME, "apply", recorded)
    play_after("rushout", 5, 60, 4, {"mode": "scenario2"})
    assert played == {0, 1, 2, 3}
    monkeypatch.undo()
    out = tmp_path / "rushout.png"
    argv = ["rushout", "--players", "4", "--moves", "60", "--option", "mode=scenario2"]
    assert main([*argv, "--lang", "fr", "--out", str(out)]) == 0
    assert picture(out.read_bytes()).size == (WIDTH, layout("scenario2", 3).height)
    printed = capsys.readouterr().out
    for seat in range(4):
        assert f"--- seat {seat} ---" in printed
    assert "sorcier" in printed and "Guerrier" in printed
