"""The Ruship board picture and the shared drawing kit, checked as a player would see them."""

from __future__ import annotations

import io
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, cast, get_args

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.ruship import MoveRecord, RushipPublicView
from renderers import base, ruship
from renderers.ruship import HEIGHT, WIDTH, dice_box, power_row_box, render, space_box

PNG_BUDGET = 250_000
SILHOUETTE_LEVEL = 100  # both factions' colours are lighter, the board's ground darker
QUANTISATION_NOISE = 32  # a 256-colour palette moves a channel by at most ~15 levels
ALL_POWERS = ["reroll", "plusone", "single", "backward", "stack"]


def make_view(**changes: Any) -> dict[str, Any]:
    """A public Ruship view (the schema the engine publishes), at the start unless changed."""
    view: dict[str, Any] = {
        "game": "ruship",
        "factions": ["humanity", "alien"],
        "first_player": 0,
        "start_rolls": [[4, 4], [6, 2]],
        "turn": 0,
        "phase": "roll",
        "to_act": [0],
        "mothership": 1,
        "vortex": 18,
        "tokens": {"humanity": [], "alien": []},
        "reserve": {"humanity": 5, "alien": 5},
        "powers": {"humanity": [], "alien": []},
        "power_pool": list(ALL_POWERS),
        "attacks": {"humanity": 0, "alien": 0},
        "dice": [],
        "dice_used": [],
        "plus_one_used": [],
        "reroll_used": False,
        "single_die": False,
        "moves_this_turn": [],
        "last_turn_moves": [],
        "events": [],
        "outcome": None,
    }
    view.update(changes)
    return view


def middle_view(**changes: Any) -> dict[str, Any]:
    view = make_view(
        turn=1,
        phase="move",
        to_act=[1],
        mothership=3,
        vortex=16,
        tokens={"humanity": [5, 9, 9, 14], "alien": [2, 7, 11]},
        reserve={"humanity": 1, "alien": 2},
        powers={"humanity": ["stack"], "alien": ["plusone"]},
        power_pool=["reroll", "single", "backward"],
        attacks={"humanity": 1, "alien": 1},
        dice=[4, 6],
        dice_used=[True, False],
        plus_one_used=[True, False],
        reroll_used=True,
        moves_this_turn=[{"seat": 1, "kind": "move", "from": 12, "to": 7, "captured": [7]}],
    )
    view.update(changes)
    return view


def end_view() -> dict[str, Any]:
    return make_view(
        turn=None,
        phase="over",
        to_act=[],
        mothership=4,
        vortex=15,
        tokens={"humanity": [6, 10], "alien": [3, 3, 12]},
        reserve={"humanity": 3, "alien": 2},
        powers={"humanity": ["stack", "reroll"], "alien": ["plusone", "single", "backward"]},
        power_pool=[],
        attacks={"humanity": 2, "alien": 3},
        dice=[3, 5],
        dice_used=[False, True],
        plus_one_used=[False, False],
        moves_this_turn=[{"seat": 0, "kind": "attack", "from": 14, "to": 19, "captured": []}],
        outcome={"winners": [0], "reason": "third_attack"},
    )


def picture(view: dict[str, Any], labels: dict[str, str] | None = None) -> Image.Image:
    data = render(view, labels)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


Region = tuple[float, float, float, float]


def differs(first: Image.Image, second: Image.Image, box: Region | None = None) -> bool:
    """Whether ``box`` changed, beyond the few levels palette quantisation may move a colour."""
    if box is not None:
        crop = (round(box[0]), round(box[1]), round(box[2]), round(box[3]))
        first, second = first.crop(crop), second.crop(crop)
    change = ImageChops.difference(first, second)
    return (
        change.point(lambda level: 255 if level > QUANTISATION_NOISE else 0).getbbox() is not None
    )


# --- Whole pictures ----------------------------------------------------------------------------
@pytest.mark.parametrize("view_maker", [make_view, middle_view, end_view])
def test_start_middle_and_end_render_to_pngs_of_the_board_size(view_maker: Any) -> None:
    data = render(view_maker())
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.size == (WIDTH, HEIGHT)
    assert len(data) < PNG_BUDGET


def test_a_mid_game_board_is_far_below_the_size_budget() -> None:
    assert len(render(middle_view())) < PNG_BUDGET / 4


def test_the_same_view_gives_the_same_bytes() -> None:
    assert render(middle_view()) == render(middle_view())


def test_the_picture_is_drawn_for_a_phone_portrait_and_not_too_tall() -> None:
    """Shown about 400 points wide on a phone: a narrow picture keeps its words large."""
    assert 720 <= WIDTH <= 800
    assert WIDTH < HEIGHT <= 2 * WIDTH


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    """Cached stamps, texts and layers never leak from one picture into the next."""
    first = render(middle_view())
    render(end_view())
    render(make_view(), {"earth": "Terre", "player_1": "Grace"})
    assert render(middle_view()) == first
    base.clear_caches()  # every stamp and text drawn afresh comes out the same
    assert render(middle_view()) == first


def test_a_render_in_another_process_matches_this_one() -> None:
    """The bot may render in a process pool: a fresh process gives the same bytes."""
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        assert pool.submit(render, middle_view()).result(timeout=120) == render(middle_view())


def test_renders_in_parallel_threads_match_a_lone_render() -> None:
    """The bot renders off the event loop, several boards at once."""
    expected = render(middle_view())
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: render(middle_view()), range(8)))
    assert all(result == expected for result in results)


# --- Pieces on the track -------------------------------------------------------------------------
def test_a_moving_ship_changes_its_two_spaces_and_nothing_far_away() -> None:
    before = picture(make_view(tokens={"humanity": [5], "alien": []}, reserve={"humanity": 4}))
    after = picture(make_view(tokens={"humanity": [6], "alien": []}, reserve={"humanity": 4}))
    assert differs(before, after, space_box(5))
    assert differs(before, after, space_box(6))
    assert not differs(before, after, space_box(15))


def test_a_moving_ufo_changes_its_space() -> None:
    before = picture(make_view(tokens={"humanity": [], "alien": [12]}))
    after = picture(make_view(tokens={"humanity": [], "alien": [10]}))
    assert differs(before, after, space_box(12))
    assert differs(before, after, space_box(10))


def test_ship_and_ufo_on_the_same_space_look_different() -> None:
    ship = picture(make_view(tokens={"humanity": [8], "alien": []}))
    ufo = picture(make_view(tokens={"humanity": [], "alien": [8]}))
    assert differs(ship, ufo, space_box(8))


def silhouette(image: Image.Image) -> Image.Image:
    """Light on dark only: what is left of a picture when colours cannot be told apart."""
    return image.convert("L").point(lambda level: 255 if level > SILHOUETTE_LEVEL else 0)


def test_ship_and_ufo_differ_in_shape_not_only_in_colour() -> None:
    ship = silhouette(picture(make_view(tokens={"humanity": [8], "alien": []})))
    ufo = silhouette(picture(make_view(tokens={"humanity": [], "alien": [8]})))
    assert differs(ship, ufo, space_box(8))


def test_a_stacked_pair_looks_different_from_a_lone_token() -> None:
    lone = picture(make_view(tokens={"humanity": [9], "alien": []}))
    pair = picture(make_view(tokens={"humanity": [9, 9], "alien": []}))
    assert differs(lone, pair, space_box(9))


def test_a_carrier_advancing_moves_on_the_board() -> None:
    before = picture(make_view(vortex=18))
    after = picture(make_view(vortex=17))
    assert differs(before, after, space_box(18))
    assert differs(before, after, space_box(17))


def test_mothership_and_vortex_are_different_shapes() -> None:
    mothership = picture(make_view(mothership=9, vortex=18))
    vortex = picture(make_view(mothership=1, vortex=9))
    assert differs(mothership, vortex, space_box(9))


# --- The last move -----------------------------------------------------------------------------
def test_this_turns_move_is_highlighted_with_its_capture() -> None:
    tokens = {"humanity": [10], "alien": []}
    move = {"seat": 0, "kind": "move", "from": 7, "to": 10, "captured": [10]}
    plain = picture(make_view(phase="move", tokens=tokens, dice=[3, 2], dice_used=[True, False]))
    shown = picture(
        make_view(
            phase="move",
            tokens=tokens,
            dice=[3, 2],
            dice_used=[True, False],
            moves_this_turn=[move],
        )
    )
    assert differs(plain, shown, space_box(10))  # landing frame and capture mark
    assert differs(plain, shown, space_box(7))  # where the arrow starts
    assert not differs(plain, shown, space_box(15))


def test_a_fresh_turn_shows_the_previous_turns_moves() -> None:
    tokens = {"humanity": [4], "alien": []}
    move = {"seat": 0, "kind": "enter", "from": None, "to": 4, "captured": []}
    fresh = picture(make_view(turn=1, to_act=[1], tokens=tokens))
    after = picture(make_view(turn=1, to_act=[1], tokens=tokens, last_turn_moves=[move]))
    assert differs(fresh, after, space_box(4))


def test_an_entry_arrow_starts_where_the_carrier_stood_when_the_token_entered() -> None:
    move = {"seat": 0, "kind": "enter", "from": None, "to": 6, "captured": [], "carrier": 1}
    view = make_view(turn=1, to_act=[1], mothership=2, tokens={"humanity": [6], "alien": []})
    board = ruship.RushipBoard(cast(RushipPublicView, view), None)
    assert board.move_start(cast(MoveRecord, move)) == 1
    moved_on = picture({**view, "last_turn_moves": [move]})
    from_two = picture({**view, "last_turn_moves": [{**move, "carrier": 2}]})
    assert differs(moved_on, from_two, space_box(1))  # the arrow's tail is on space 1


def test_the_start_roll_shows_on_the_opening_board_only() -> None:
    start_event = {"type": "start", "rolls": [[4, 4], [6, 2]], "first_player": 0}
    opening = make_view(events=[start_event])
    assert differs(picture(opening), picture({**opening, "start_rolls": []}), dice_box())
    later = make_view(turn=1, to_act=[1], events=[{"type": "no_move", "seat": 0, "dice": [2]}])
    assert not differs(picture(later), picture({**later, "start_rolls": []}))
    tagged = picture(opening, {"plays_first": "Plays first"})
    assert differs(tagged, picture(opening, {"plays_first": "Commence"}))


def test_this_turns_moves_replace_last_turns() -> None:
    old = {"seat": 0, "kind": "move", "from": 2, "to": 4, "captured": []}
    new = {"seat": 1, "kind": "move", "from": 16, "to": 12, "captured": []}
    tokens = {"humanity": [4], "alien": [12]}
    only_old = picture(make_view(turn=1, to_act=[1], tokens=tokens, last_turn_moves=[old]))
    both = picture(
        make_view(turn=1, to_act=[1], tokens=tokens, last_turn_moves=[old], moves_this_turn=[new])
    )
    only_new = picture(make_view(turn=1, to_act=[1], tokens=tokens, moves_this_turn=[new]))
    assert not differs(both, only_new)
    assert differs(both, only_old, space_box(4))


def test_an_attack_highlights_the_planet_and_its_new_mark() -> None:
    move = {"seat": 0, "kind": "attack", "from": 15, "to": 19, "captured": []}
    before = picture(make_view(attacks={"humanity": 0, "alien": 0}))
    after = picture(
        make_view(
            turn=0,
            phase="power",
            to_act=[1],
            attacks={"humanity": 0, "alien": 1},
            moves_this_turn=[move],
        )
    )
    assert differs(before, after, space_box(19))
    assert not differs(before, after, space_box(0))


def test_each_attack_suffered_fills_one_more_mark() -> None:
    one = picture(make_view(attacks={"humanity": 1, "alien": 0}))
    two = picture(make_view(attacks={"humanity": 2, "alien": 0}))
    assert differs(one, two, space_box(0))
    assert not differs(one, two, space_box(19))


# --- Dice, panels and words --------------------------------------------------------------------
def test_a_used_die_is_dimmed() -> None:
    fresh = picture(make_view(phase="move", dice=[5, 2], dice_used=[False, False]))
    spent = picture(make_view(phase="move", dice=[5, 2], dice_used=[True, False]))
    assert differs(fresh, spent, dice_box())


def test_different_dice_look_different() -> None:
    five = picture(make_view(phase="move", dice=[5, 2], dice_used=[False, False]))
    six = picture(make_view(phase="move", dice=[6, 2], dice_used=[False, False]))
    assert differs(five, six, dice_box())


def test_a_power_taken_leaves_the_pool_and_joins_the_side() -> None:
    before = picture(make_view())
    after = picture(
        make_view(
            powers={"humanity": [], "alien": ["stack"]},
            power_pool=["reroll", "plusone", "single", "backward"],
        )
    )
    assert differs(before, after, power_row_box("stack"))
    assert differs(before, after, ruship.faction_panel_box(1))
    assert not differs(before, after, ruship.faction_panel_box(0))


def test_whose_turn_it_is_shows_on_the_board() -> None:
    humanity = picture(make_view(turn=0, to_act=[0]))
    alien = picture(make_view(turn=1, to_act=[1]))
    header = (0, 0, WIDTH, space_box(1)[1])
    assert differs(humanity, alien, header)
    assert differs(humanity, alien, ruship.faction_panel_box(0))


def test_labels_replace_the_english_words() -> None:
    english = picture(middle_view())
    french = picture(middle_view(), {"alien": "Envahisseurs", "status_move": "{player} joue"})
    assert differs(english, french, (0, 0, WIDTH, space_box(1)[1]))
    assert differs(english, french, ruship.faction_panel_box(1))


def test_player_names_are_drawn() -> None:
    anonymous = picture(middle_view())
    named = picture(middle_view(), {"player_0": "Ada", "player_1": "Grace"})
    assert differs(anonymous, named, ruship.faction_panel_box(0))


def test_translated_labels_change_the_cached_static_parts_too() -> None:
    english = picture(make_view())
    french = picture(make_view(), {"earth": "Terre", "dice": "Dés"})
    assert differs(english, french, space_box(0))
    assert differs(english, french, dice_box())


def test_a_broken_translation_still_renders() -> None:
    labels = {"status_move": "{joueur} joue {", "player_0": "x" * 200, "power_stack": "P" * 90}
    image = picture(middle_view(powers={"humanity": ["stack"], "alien": []}), labels)
    assert image.size == (WIDTH, HEIGHT)


def test_every_english_default_has_a_documented_key() -> None:
    doc = ruship.__doc__ or ""
    for key in ruship.LABEL_DEFAULTS:
        documented = f"``{key}``" in doc or (key.startswith("player_") and "``player_0``" in doc)
        assert documented, key


# --- Real games --------------------------------------------------------------------------------
def test_views_from_real_engine_play_render() -> None:
    engine = pytest.importorskip("bot.games.ruship")
    game = engine.GAME
    rng = random.Random(5)
    state = game.new_state(2, 11)
    pictures = 0
    for step in range(2_000):
        if step % 15 == 0:
            image = picture(game.view(state, None))
            assert image.size == (WIDTH, HEIGHT)
            pictures += 1
        acting = game.to_act(state)
        if not acting:
            break
        seat = min(acting)
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    final = game.view(state, None)
    assert final["outcome"] is not None
    assert len(render(final)) < PNG_BUDGET
    assert pictures >= 2


def test_a_real_move_changes_the_board() -> None:
    engine = pytest.importorskip("bot.games.ruship")
    game = engine.GAME
    rng = random.Random(3)
    state = game.new_state(2, 4)
    before = picture(game.view(state, None))
    for _ in range(3):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    assert differs(before, picture(game.view(state, None)), (0, space_box(1)[1], WIDTH, HEIGHT))


# --- The shared kit ----------------------------------------------------------------------------
def test_fill_label_fills_known_fields_and_survives_bad_ones() -> None:
    assert base.fill_label("{player} wins", player="Ada") == "Ada wins"
    assert base.fill_label("{joueur} gagne", player="Ada") == "{joueur} gagne"
    assert base.fill_label("oops {", player="Ada") == "oops {"


def test_merge_labels_keeps_defaults_for_missing_keys() -> None:
    merged = base.merge_labels({"a": "A", "b": "B"}, {"b": "Bé", "c": "C"})
    assert merged == {"a": "A", "b": "Bé", "c": "C"}
    assert base.merge_labels({"a": "A"}, None) == {"a": "A"}


def test_die_faces_one_to_six_are_all_different() -> None:
    faces = []
    for value in range(1, 7):
        canvas = base.Canvas(80, 80)
        canvas.die((10, 10, 70, 70), value)
        faces.append(canvas.finish().tobytes())
    assert len(set(faces)) == 6


def test_every_glyph_shape_draws_something_distinct() -> None:
    shapes = get_args(base.Shape)
    drawings = set()
    for shape in shapes:
        canvas = base.Canvas(60, 60)
        canvas.shape(shape, (30, 30), 20, base.WHITE)
        drawings.add(canvas.finish().tobytes())
    assert len(drawings) == len(shapes) >= 6


def test_chip_flow_clips_what_does_not_fit() -> None:
    canvas = base.Canvas(300, 100)
    drawn = canvas.chip_flow((10, 30), ["Reroll", "Plus one", "Single die", "Backward"], 290)
    assert 1 <= drawn < 4


def test_seat_colours_come_with_distinct_shapes() -> None:
    assert len(set(base.SEAT_SHAPES)) == len(base.SEAT_SHAPES) == len(base.SEAT_COLOURS)


def kit_drawing(canvas: base.Canvas) -> None:
    canvas.panel((10, 10, 290, 190))
    canvas.circle((60.3, 60.7), 25, base.SKY_BLUE, base.WHITE, 3)
    canvas.polygon(base.star_points((150, 70), 40), base.ORANGE, base.BLACK, 2)
    canvas.arrow([(30, 150), (120, 130), (250, 160)], base.with_alpha(base.YELLOW, 170), 10, 30)
    canvas.line([(40, 180), (80, 180), (120, 170), (160, 170)], base.VERMILLION, 4)
    canvas.die((220, 20, 276, 76), 5)
    canvas.rect((205.5, 100.25, 280.75, 120.5), base.BLUISH_GREEN, None, 0, 6)
    canvas.circle((295, 5), 12, base.WHITE)  # partly off the picture


def test_shapes_at_final_size_look_like_shapes_drawn_supersampled() -> None:
    """Each shape is antialiased through its own stamp: same places, same smooth edges."""
    pictures = []
    for scale in (1, base.SUPERSAMPLE):
        canvas = base.Canvas(300, 200, scale=scale)
        kit_drawing(canvas)
        pictures.append(canvas.finish())
    final, supersampled = pictures
    change = ImageChops.difference(final, supersampled).convert("L")
    assert ImageStat.Stat(change).mean[0] < 2
    far = change.point(lambda level: 255 if level > 2 * QUANTISATION_NOISE else 0)
    assert far.histogram()[255] < 0.005 * 300 * 200  # a few pixels along thin outlines
    assert len(final.getcolors(300 * 200) or []) > 100  # edges are blends, not steps


def test_a_big_panel_drawn_as_its_rim_matches_one_drawn_whole() -> None:
    whole = base.Canvas(400, 300, scale=base.STAMP_SCALE)
    rim = base.Canvas(400, 300)
    for canvas in (whole, rim):
        canvas.panel((20.5, 30, 380, 280.25), base.SURFACE, base.ORANGE, 4)
        canvas.rect((40, 60, 360, 260), base.with_alpha(base.BACKGROUND, 110), None, 0, 14)
    change = ImageChops.difference(whole.finish(), rim.finish())
    assert change.point(lambda level: 255 if level > 2 else 0).getbbox() is None


def test_encode_png_maps_onto_a_fixed_palette_exactly_for_its_flat_colours() -> None:
    canvas = base.Canvas(200, 100)
    kit_drawing(canvas)
    picture = canvas.finish()
    palette = base.build_palette([picture])
    data = base.encode_png(picture, palette=palette)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P"
    decoded_rgb = decoded.convert("RGB")
    assert not differs(decoded_rgb, picture)
    assert decoded_rgb.getpixel((100, 50)) == picture.getpixel((100, 50)) == base.SURFACE
    assert data == base.encode_png(picture.copy(), palette=palette)


def test_encode_png_is_a_palette_png() -> None:
    canvas = base.Canvas(200, 100)
    canvas.panel((10, 10, 190, 90))
    canvas.text_in_box((10, 10, 190, 90), "Hello", base.TextSize.BODY)
    image = Image.open(io.BytesIO(base.encode_png(canvas.finish())))
    assert image.mode == "P"
    assert image.size == (200, 100)


def test_each_power_is_explained_in_a_legend_on_the_picture() -> None:
    view = make_view()
    plain = picture(view)
    for name in ("reroll", "plusone", "single", "backward", "stack"):
        assert ruship.LABEL_DEFAULTS[f"help_{name}"]
        changed = picture(view, {f"help_{name}": "something else entirely"})
        assert differs(plain, changed, (0, ruship.LEGEND_TOP, WIDTH, HEIGHT))
