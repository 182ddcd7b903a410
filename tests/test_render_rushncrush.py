"""The Rush'n'Crush board picture, checked as a player would see it."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.games.rushncrush import (
    GAME,
    PHASE_MOVE,
    Car,
    LeverView,
    Phase,
    RncPublicView,
    RncState,
    data,
    parse_course,
    scenario,
)
from renderers import base
from renderers.base import clear_caches, clear_layers, seat_colour
from renderers.base.measure import points_on_phone, recording_texts
from renderers.rushncrush import LABEL_DEFAULTS, render, render_private
from renderers.rushncrush.course import (
    make_track,
    needs_overview,
    stretch_starts,
    track_top,
    visible_rows,
)
from renderers.rushncrush.dashboards import panel_boxes
from renderers.rushncrush.layout import BAND_ROWS, BOARD_BANDS, ROAD, ROCK, WIDTH, ZOOM_BANDS
from renderers.rushncrush.picture import status_line

PNG_BUDGET = 250_000
QUANTISATION_NOISE = 32
DARK_INK = 60  # a grey level below this is the digit's black ink


def race_view(
    cars: list[Car], phase: Phase = PHASE_MOVE, course: str = "sprint", **extra: Any
) -> RncPublicView:
    state = scenario(cars, phase=phase, course=GAME.new_state(2, 0, {"course": course}).course)
    for key, value in extra.items():
        setattr(state, key, value)
    return GAME.view(state, None)


def played_view(seed: int, players: int, actions: int, course: str = "sprint") -> RncPublicView:
    """A real game's public view after ``actions`` actions (AI and random seats mixed)."""
    rng = random.Random(seed)
    state: RncState = GAME.new_state(players, seed, {"course": course})
    for _ in range(actions):
        acting = GAME.to_act(state)
        if not acting:
            break
        seat = min(acting)
        legal = GAME.legal_actions(state, seat)
        action = GAME.bot_action(state, seat, rng) if seat % 2 == 0 else rng.choice(legal)
        state = GAME.apply(state, seat, action)
    return GAME.view(state, None)


def picture(view: Mapping[str, Any], labels: dict[str, str] | None = None) -> Image.Image:
    png = render(view, labels)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def changed_box(
    first: Image.Image, second: Image.Image, box: tuple[float, ...] | None = None
) -> tuple[int, int, int, int] | None:
    """Where the pictures differ beyond palette noise (relative to ``box`` if given)."""
    if box is not None:
        crop = (round(box[0]), round(box[1]), round(box[2]), round(box[3]))
        first, second = first.crop(crop), second.crop(crop)
    change = ImageChops.difference(first, second)
    return change.point(lambda v: 255 if v > QUANTISATION_NOISE else 0).getbbox()


def differs(first: Image.Image, second: Image.Image, box: tuple[float, ...] | None = None) -> bool:
    return changed_box(first, second, box) is not None


def near(colour: object, expected: tuple[int, ...]) -> bool:
    assert isinstance(colour, tuple)
    return all(abs(a - b) <= QUANTISATION_NOISE for a, b in zip(colour, expected, strict=False))


def cell_box(view: RncPublicView, lane: int, row: int) -> tuple[float, float, float, float]:
    box = make_track(view, track_top(view)).cell_box(lane, row)
    assert box is not None
    return box


# --- whole pictures -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "view",
    [
        GAME.view(GAME.new_state(2, 1), None),  # the start: grid picks
        played_view(4, 4, 60),  # mid-race
        played_view(7, 2, 5_000),  # the end
        played_view(9, 6, 120, "oval"),
    ],
    ids=["start", "middle", "end", "oval-6"],
)
def test_start_middle_and_end_render_small_pngs_of_the_board_width(view: RncPublicView) -> None:
    png = render(view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == WIDTH
    assert len(png) < PNG_BUDGET


def test_the_same_view_gives_the_same_bytes_even_from_threads() -> None:
    view = played_view(4, 4, 60)
    expected = render(view)
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert all(result == expected for result in pool.map(lambda _: render(view), range(6)))


def test_the_same_view_gives_the_same_bytes_whatever_was_drawn_before() -> None:
    """Cached stamps, texts, columns and layers never leak from one picture into the next."""
    view = played_view(4, 4, 60)
    first = render(view)
    render(played_view(9, 6, 120, "oval"))
    render(view, {"player_0": "Furiosa", "finish": "ARRIVÉE"})
    assert render(view) == first
    base.clear_caches()  # every stamp and text drawn afresh comes out the same
    assert render(view) == first


def test_two_matches_names_share_one_cached_layer_and_never_mix() -> None:
    """The cached frame of the dashboards holds no name: every match's board reuses it and
    still shows its own drivers."""
    from renderers.rushncrush.picture import static_layer

    view = played_view(4, 4, 60)
    render(view, {"player_0": "Furiosa"})
    before = static_layer.cache_info()
    furiosa = render(view, {"player_0": "Furiosa"})
    max_ = render(view, {"player_0": "Max"})
    after = static_layer.cache_info()
    assert after.misses == before.misses, "the layer is drawn once for both matches"
    assert furiosa != max_
    assert render(view, {"player_0": "Furiosa"}) == furiosa


def test_more_drivers_make_a_taller_picture_with_a_dashboard_each() -> None:
    heights = [picture(GAME.view(GAME.new_state(n, 1), None)).size[1] for n in (2, 3, 4, 6)]
    assert heights[0] < heights[1] == heights[2] < heights[3]  # two cards to a line
    assert len(panel_boxes(6, 0)) == 6


def test_every_board_of_a_match_has_one_size() -> None:
    """Boards that change size from turn to turn jump on a phone (and a replay's frames
    must be one size): the footer keeps room for the most throws it shows."""
    sizes = {picture(played_view(4, 4, moves)).size for moves in (0, 30, 60, 90, 400)}
    assert len(sizes) == 1


def test_the_board_is_drawn_for_a_phone_taller_than_wide() -> None:
    """Portrait, about 760 px wide: shown 400 points wide, its words stay readable."""
    for players in (2, 6):
        image = picture(played_view(3, players, 40))
        assert image.size[0] == WIDTH <= 800
        assert image.size[1] > image.size[0]


# --- the course -------------------------------------------------------------------------------
def test_rock_and_road_cells_are_drawn_differently() -> None:
    view = race_view([Car(0, lane=2, row=1, speed=2, gear=1), Car(1, lane=3, row=1)])
    image = picture(view)
    rock = cell_box(view, 1, 10)  # 4A left bend: lane 1 rows 10-15 are rock
    road = cell_box(view, 3, 10)
    assert near(image.getpixel((round(rock[0]) + 3, round(rock[1]) + 20)), ROCK) or near(
        image.getpixel((round(rock[0]) + 9, round(rock[1]) + 20)), ROCK
    )
    assert near(image.getpixel((round(road[0]) + 10, round(road[1]) + 10)), ROAD)


def test_each_car_shows_its_colour_on_its_cell() -> None:
    cars = [Car(s, lane=1 + s % 4, row=3 + s, gear=1, speed=2) for s in range(4)]
    view = race_view(cars)
    image = picture(view)
    for car in cars:
        left, top, _, bottom = cell_box(view, car.lane, car.row)
        pixel = image.getpixel((round(left + 8), round((top + bottom) / 2)))
        assert near(pixel, seat_colour(car.seat)), (car.seat, pixel)


def test_a_car_number_is_written_on_it() -> None:
    """Dark ink inside the tile: the digit (seat + 1), so colour is never alone."""
    view = race_view([Car(0, lane=2, row=5, gear=1, speed=2), Car(1, lane=4, row=1)])
    left, top, right, bottom = cell_box(view, 2, 5)
    middle_x, middle_y = (left + right) / 2, (top + bottom) / 2
    tile = picture(view).crop(
        (round(middle_x - 10), round(middle_y - 10), round(middle_x + 6), round(middle_y + 10))
    )
    dark = tile.convert("L").point(lambda v: 255 if v < DARK_INK else 0)
    ink = sum(1 for x in range(dark.width) for y in range(dark.height) if dark.getpixel((x, y)))
    assert ink > 20


def test_wrecks_and_nails_are_drawn_on_their_cells() -> None:
    cars = [Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)]
    plain = race_view(cars)
    marked = race_view(cars, wrecks=[[2, 6, 1]], nails=[[3, 8]])
    before, after = picture(plain), picture(marked)
    assert differs(before, after, cell_box(plain, 2, 6))
    assert differs(before, after, cell_box(plain, 3, 8))
    assert not differs(before, after, cell_box(plain, 4, 8))


def test_the_last_move_is_drawn_as_a_path() -> None:
    cars = [Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=6)]
    plain = race_view(cars)
    moved = race_view(cars, last_path={"seat": 1, "path": [[2, 2], [2, 3], [3, 4], [3, 5], [3, 6]]})
    assert differs(picture(plain), picture(moved), cell_box(plain, 2, 3))


def test_the_window_follows_the_cars() -> None:
    view = race_view(
        [Car(0, lane=2, row=30, gear=1, speed=2), Car(1, lane=3, row=33)], "dash", "grand_canyon"
    )
    rows = visible_rows(view)
    assert 30 in rows and 33 in rows and rows.start >= 20
    spread = race_view([Car(0, lane=2, row=2), Car(1, lane=3, row=70)], "dash", "grand_canyon")
    assert len(visible_rows(spread)) == BAND_ROWS * BOARD_BANDS
    assert 2 in visible_rows(spread)  # seat 0 is on turn: its car is kept in view


# --- dashboards and header ----------------------------------------------------------------------
def test_a_dashboard_changes_with_its_drivers_speed_heat_and_armour() -> None:
    base = [Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)]
    faster = [Car(0, lane=2, row=1, gear=2, speed=7), Car(1, lane=3, row=1)]
    hot = [Car(0, lane=2, row=1, gear=1, speed=2, temp=4), Car(1, lane=3, row=1)]
    dented = [Car(0, lane=2, row=1, gear=1, speed=2, armour=1), Car(1, lane=3, row=1)]
    first = picture(race_view(base, "dash"))
    panel = panel_boxes(2, 0)
    for cars in (faster, hot, dented):
        other = picture(race_view(cars, "dash"))
        changed = changed_box(first, other)
        assert changed is not None
        assert changed[1] > 600  # only the dashboards, under the course
        assert changed[0] < panel[0][2]  # seat 0's panel, on the left


def test_status_line_names_who_acts() -> None:
    labels = dict(LABEL_DEFAULTS)
    view = race_view([Car(0, lane=2, row=1, gear=1, speed=3), Car(1, lane=3, row=1)])
    assert status_line(view, labels) == ("Car 1: 3 to move", 0)
    view["outcome"] = {"winners": [1], "reason": "finish"}
    assert status_line(view, labels) == ("Car 2 wins!", 1)
    view["outcome"] = {"winners": [], "reason": "all_out"}
    assert status_line(view, labels)[0] == "Nobody wins"


def test_labels_translate_the_words() -> None:
    view = race_view([Car(0, lane=2, row=1, gear=1, speed=3), Car(1, lane=3, row=1)])
    labels = {"player_0": "Furiosa", "status_move": "{player} roule ({points})"}
    assert status_line(view, {**LABEL_DEFAULTS, **labels}) == ("Furiosa roule (3)", 0)
    assert differs(picture(view), picture(view, labels))


def test_thrown_dice_are_shown_in_the_footer() -> None:
    view = race_view([Car(0, lane=2, row=1, gear=1, speed=3), Car(1, lane=3, row=1)])
    thrown = dict(view)
    thrown["events"] = [
        {"type": "roll", "seat": 0, "test": "driving", "dice": [2, 5, 6], "result": 6}
    ]
    first, second = picture(view), picture(thrown)
    changed = changed_box(first, second)
    assert changed is not None and changed[1] > first.size[1] - 100


def test_the_colours_used_for_heat_keep_a_letter() -> None:
    """The speed bubble's colour is doubled by its letter: W, Y, O or R."""
    white = picture(race_view([Car(0, lane=2, row=1, gear=2, speed=6), Car(1, lane=3, row=1)]))
    yellow_car = Car(0, lane=2, row=1, gear=2, speed=7)
    yellow = race_view([yellow_car, Car(1, lane=3, row=1)])
    assert yellow["cars"][0]["heat"] == data.YELLOW
    grey_white = white.convert("L").point(lambda v: 255 if v > 100 else 0)
    grey_yellow = picture(yellow).convert("L").point(lambda v: 255 if v > 100 else 0)
    assert differs(grey_white.convert("RGB"), grey_yellow.convert("RGB"))


def test_a_loop_is_drawn_once_with_every_car_on_it_whatever_its_lap() -> None:
    """A car a lap ahead shares the physical cells: it is drawn where it is on the loop."""
    cars = [Car(0, lane=2, row=5, gear=1, speed=2), Car(1, lane=3, row=55, gear=1, speed=2)]
    view = race_view(cars, "dash", "oval")
    assert not needs_overview(view, ZOOM_BANDS)  # the whole loop fits a zoom
    assert 5 in visible_rows(view) and 15 in visible_rows(view)  # row 55 = lap 2, row 15
    alone = race_view([cars[0], Car(1, lane=3, row=1, out=True)], "dash", "oval")
    assert differs(picture(view), picture(alone), cell_box(view, 3, 15))
    assert view["cars"][1]["lap"] == 2


def test_a_long_course_has_an_overview_with_every_car() -> None:
    near = [Car(0, lane=2, row=2, gear=1, speed=2)]
    far = race_view([*near, Car(1, lane=1, row=75)], "dash", "grand_canyon")
    moved = race_view([*near, Car(1, lane=4, row=75)], "dash", "grand_canyon")
    assert needs_overview(far) and 75 not in visible_rows(far)  # not in the detailed stretch
    assert differs(picture(far), picture(moved))  # yet it is drawn: on the overview


def test_every_row_is_numbered_as_the_buttons_name_it() -> None:
    from renderers.rushncrush.course import column_key

    view = GAME.view(GAME.new_state(2, 1), None)
    track = make_track(view, track_top(view))
    names = [column_key(track, row, LABEL_DEFAULTS)[1] for row in track.rows]
    assert names[:4] == ["G3", "G2", "G1", "1"]
    assert names[3:] == [str(row) for row in range(1, len(names) - 2)]
    zoom = make_track(view, 0, ZOOM_BANDS)  # a zoom shows the whole sprint
    names = [column_key(zoom, row, LABEL_DEFAULTS)[1] for row in zoom.rows]
    assert names[3:43] == [str(row) for row in range(1, 41)]


def test_a_custom_loop_shows_lap_marks() -> None:
    course = parse_course("1A 9B", 3)
    state = scenario(
        [Car(0, lane=2, row=14, gear=1, speed=2), Car(1, lane=3, row=15)], course=course
    )
    png = render(GAME.view(state, None))
    assert len(png) < PNG_BUDGET


# --- planning: the private dashboard and its gearbox, a zoom, a phone's width ------------------
def private_picture(view: Mapping[str, Any], focus: str, labels: Any = None) -> Image.Image:
    png = render_private(view, focus, labels)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < PNG_BUDGET
    return Image.open(io.BytesIO(png)).convert("RGB")


def zoom_course_top() -> float:
    from renderers.rushncrush.layout import GAP, MARGIN, OVERVIEW_HEIGHT
    from renderers.rushncrush.private import TITLE_HEIGHT

    return MARGIN + TITLE_HEIGHT + GAP + OVERVIEW_HEIGHT + GAP


def seat_view(cars: list[Car], seat: int, phase: Phase = PHASE_MOVE, **extra: Any) -> Any:
    state = scenario(cars, phase=phase, course=GAME.new_state(2, 0, {"course": "sprint"}).course)
    for key, value in extra.items():
        setattr(state, key, value)
    return GAME.view(state, seat)


def test_the_graph_knows_where_the_lever_can_go_this_turn() -> None:
    from bot.games.rushncrush import reachable_bubbles

    car: LeverView = {"gear": 1, "speed": 2, "turbos": 1, "brakes": 0}
    assert reachable_bubbles(car, "dash") == {(1, 2), (1, 3), (1, 4), (0, 0)}
    assert reachable_bubbles({**car, "turbos": 0}, "dash") == {(1, 2), (1, 3), (0, 0)}
    six: LeverView = {"gear": 2, "speed": 6, "turbos": 0, "brakes": 1}
    assert {(1, 6), (3, 6), (1, 5), (2, 7), (2, 4)} <= reachable_bubbles(six, "dash")
    assert (3, 7) not in reachable_bubbles(six, "dash")  # one action: a shift, not both
    assert reachable_bubbles(car, "move") == set()  # the lever is set: the car drives


def test_the_private_dashboard_shows_the_players_lever_and_where_it_may_go() -> None:
    slow = seat_view([Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)], 0, "dash")
    fast = seat_view([Car(0, lane=2, row=1, gear=1, speed=3), Car(1, lane=3, row=1)], 0, "dash")
    first = private_picture(slow, "dashboard")
    assert first.size[0] == WIDTH
    assert differs(first, private_picture(fast, "dashboard"))
    tables = private_picture(slow, "dashboard", {"graph_driving": "else", "graph_rock": "any"})
    assert differs(first, tables)
    waiting = seat_view([Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)], 1, "dash")
    other = seat_view([Car(0, lane=2, row=1, gear=1, speed=3), Car(1, lane=3, row=1)], 1, "dash")
    # Seat 1 waits: its picture is its own car, the same whoever drives seat 0's lever.
    assert not differs(private_picture(waiting, "dashboard"), private_picture(other, "dashboard"))


def test_the_board_no_longer_carries_the_gearbox_but_the_private_picture_does() -> None:
    view = race_view([Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)], "dash")
    labels = {"graph_driving": "something else", "graph_rock": "anything"}
    assert render(view) == render(view, labels)  # no graph on the public board


def test_a_zoom_shows_any_stretch_of_the_course_at_the_boards_size() -> None:
    near = [Car(0, lane=2, row=2, gear=1, speed=2)]
    far = race_view([*near, Car(1, lane=1, row=75)], "dash", "grand_canyon")
    moved = race_view([*near, Car(1, lane=4, row=75)], "dash", "grand_canyon")
    assert 75 not in visible_rows(far)
    starts = stretch_starts(far, ZOOM_BANDS)
    covered = {row for start in starts for row in range(start, start + BAND_ROWS * ZOOM_BANDS)}
    assert set(range(-2, 82)) <= covered  # the grid, every row, past the finish
    last = f"zoom:{starts[-1]}"
    zoomed, other = private_picture(far, last), private_picture(moved, last)
    assert zoomed.size[0] == WIDTH
    assert differs(zoomed, other)  # the far car, drawn in the zoom
    first = f"zoom:{starts[0]}"
    changed = changed_box(private_picture(far, first), private_picture(moved, first))
    assert changed is not None and changed[3] < zoom_course_top()  # only on the overview
    assert not differs(private_picture(far, "zoom:-40"), private_picture(far, first))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_private_pictures_read_on_a_phone_too(language: str) -> None:
    """The dashboard and a zoom keep the board's sizes: no word under 9 pt, no number
    under 11 pt, shown 400 points wide."""
    from bot.i18n import Tr
    from cogs.rushncrush import RushNCrushPresenter

    state = GAME.new_state(4, 5, {"course": "grand_canyon"})
    rng = random.Random(5)
    for _ in range(80):
        if not GAME.to_act(state):
            break
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    view = GAME.view(state, 1)
    names = ["Wolfgang Amadeus Mozart-Wagner 0", "Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ Ŵẅẃ W1", "A", "B"]
    labels = RushNCrushPresenter().render_labels(view, names, Tr(language))
    for focus in ("dashboard", "zoom:20", "zoom:60"):
        clear_caches()
        clear_layers()
        with recording_texts() as record:
            image = private_picture(view, focus, labels)
        for drawn in record.drawn:
            if drawn.text.strip():
                points = points_on_phone(drawn.size, image.size[0])
                text = drawn.text
                number = any(c.isdigit() for c in text) and all(
                    c.isdigit() or c in "+-−×/ " for c in text
                )
                assert points >= (11 if number else 9), (focus, drawn)


def test_the_car_on_turn_shows_its_lap() -> None:
    from renderers.rushncrush.dashboards import dashboard_tag, lap_text

    view = race_view(
        [Car(0, lane=2, row=45, gear=1, speed=2), Car(1, lane=3, row=5)], "dash", "oval"
    )
    assert dashboard_tag(view["cars"][0], view, LABEL_DEFAULTS, False) == "Driving"
    assert dashboard_tag(view["cars"][1], view, LABEL_DEFAULTS, False) == ""
    assert lap_text(view["cars"][0], view, LABEL_DEFAULTS) == "Lap 2/2"
    assert lap_text(view["cars"][1], view, LABEL_DEFAULTS) == "Lap 1/2"


def test_the_footer_keeps_the_last_dice_thrown() -> None:
    state = moving_state()
    state.loaded_dice = [6, 6, 1, 6, 6]
    thrown = GAME.apply(state, 0, "push right")
    thrown = GAME.apply(thrown, 0, "step 2")  # throws nothing: the push's dice stay shown
    assert not [e for e in GAME.view(thrown, None)["events"] if e["type"] == "roll"]
    assert GAME.view(thrown, None)["last_rolls"][0]["test"] == "push_attack"
    quiet = dict(GAME.view(thrown, None), events=[])
    none = dict(quiet, last_rolls=[])
    assert differs(picture(quiet), picture(none))


def moving_state() -> RncState:
    return scenario(
        [Car(0, lane=2, row=3, gear=1, speed=3), Car(1, lane=3, row=3), Car(2, lane=1, row=0)],
        phase=PHASE_MOVE,
        course=parse_course("1A 9A", 1),
    )


def test_supplies_read_on_a_phone_400_px_wide() -> None:
    from renderers.rushncrush.course import track_top
    from renderers.rushncrush.dashboards import panel_layout, supply_places
    from renderers.rushncrush.layout import SUPPLY_ICON

    view = race_view([Car(0, lane=2, row=1, gear=1, speed=2), Car(1, lane=3, row=1)], "dash")
    image = picture(view)
    scale = 400 / WIDTH
    small = image.resize((400, round(image.height * scale)), Image.Resampling.LANCZOS)
    top = make_track(view, track_top(view)).bottom + 16
    box = panel_boxes(len(view["cars"]), top)[0]
    x, y, _ = supply_places(panel_layout(box).supplies)[0]  # armour: 6
    left = (x + 2 * SUPPLY_ICON + 4) * scale
    crop = small.crop(
        (round(left), round((y - 24) * scale), round(left + 20), round((y + 24) * scale))
    )
    ink = crop.convert("L").point(lambda v: 255 if v > 170 else 0).getbbox()
    assert ink is not None and ink[3] - ink[1] >= 8, "the digit stands at least 8 px tall"
