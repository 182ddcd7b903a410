"""Replays without Discord: each game's match replayed from its seed and log becomes an
animation with one frame per turn, under Discord's upload limit, ending on the result; the
text record tells every action."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.games import GAMES
from bot.pictures.animation import UPLOAD_LIMIT, Animation, ReplayJob, make_animation
from bot.table.replay import Entry, frames_of, record_text, replay
from bot.tools.bench_replay import offline_service, played_match, simple_caption
from renderers.base import RESULT_BAND, SURFACE

#: Each game's match for the tests: players, options, at most this many actions (a good
#: way into a long game; to the end for the others).
MATCHES: dict[str, tuple[int, dict[str, Any], int]] = {
    "ruship": (2, {}, 200),
    "bugrace": (2, {}, 200),
    "rushncrush": (3, {}, 200),
    "fireship": (2, {}, 60),
    "rushout": (3, {}, 200),
}


#: Replays go through the table's one replay of a log (``MatchService.replayed``).
SERVICE = offline_service()


def opened(animation: Animation) -> Image.Image:
    return Image.open(io.BytesIO(animation.data))


def frame_count(picture: Image.Image) -> int:
    return int(getattr(picture, "n_frames", 1))


def durations(picture: Image.Image) -> list[int]:
    found = []
    for index in range(frame_count(picture)):
        picture.seek(index)
        picture.load()
        found.append(int(picture.info["duration"]))
    return found


def band_colour(picture: Image.Image, index: int) -> tuple[int, ...]:
    picture.seek(index)
    pixel = picture.convert("RGB").getpixel((3, 3))
    assert isinstance(pixel, tuple)
    return pixel


def near(colour: tuple[int, ...], expected: tuple[int, int, int]) -> bool:
    return max(abs(a - b) for a, b in zip(colour, expected, strict=True)) <= 12


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_match_of_each_game_replays_as_an_animation_with_one_frame_per_turn(game: str) -> None:
    players, options, limit = MATCHES[game]
    match, log = played_match(game, players, seed=3, limit=limit, options=options)
    replayed = replay(SERVICE, match, log)
    assert replayed.complete and len(replayed.steps) == len(log)
    engine = GAMES[game]
    assert replayed.turns, "the match went somewhere"

    frames = frames_of(replayed, simple_caption)
    animation = make_animation(
        ReplayJob(game, frames, result="Winner: Player 1" if match.result else "")
    )
    picture = opened(animation)
    assert picture.format == "WEBP"
    assert frame_count(picture) == len(replayed.turns) + 1 == animation.frames, "a turn a frame"
    assert animation.every == 1
    assert len(animation.data) < UPLOAD_LIMIT
    assert 500 <= picture.width <= 700, "a phone shows it about 400 px wide"
    held = durations(picture)
    assert held[-1] > max(held[1:-1]), "the end is held longer"
    if match.result:
        *_, final = SERVICE.replayed(match, log)
        assert engine.outcome(final) is not None
        assert near(band_colour(picture, animation.frames - 1), RESULT_BAND), "the result"
        assert near(band_colour(picture, 1), SURFACE), "a turn's caption"


def test_hidden_choices_make_no_frame() -> None:
    """A standing order changes nothing public: it is logged but shows nothing new."""
    match, log = played_match("fireship", 2, seed=5, limit=12)
    engine = GAMES["fireship"]
    state = engine.new_state(2, match.seed, {})
    for _seq, seat, action, _at in log:
        state = engine.apply(state, seat, action)
    orders = engine.order_actions(state, 1)  # type: ignore[attr-defined]
    assert orders
    seq, _, _, at = log[-1]
    with_order = [*log, (seq + 1, 1, orders[0], at + 1)]
    replayed = replay(SERVICE, match, with_order)
    assert len(replayed.steps) == len(log) + 1
    assert replayed.steps[-1].turn is None, "no frame for a hidden choice"
    assert len(replayed.turns) == len(replay(SERVICE, match, log).turns)


def test_a_real_time_match_replays_at_each_actions_own_time() -> None:
    match, log = played_match("rushout", 3, seed=8, limit=400)
    replayed = replay(SERVICE, match, log)
    assert replayed.complete
    engine = GAMES["rushout"]
    from bot.games.base import clock_of

    clock = clock_of(engine)
    assert clock is not None
    state = engine.new_state(3, match.seed, {})
    for _seq, seat, action, at in log:
        state = clock.apply_at(state, seat, action, at - match.settings["started_at"])
    assert replayed.turns[-1].public == engine.view(state, None)


def test_a_log_from_older_rules_stops_the_replay_where_it_no_longer_applies() -> None:
    match, log = played_match("ruship", 2, seed=3, limit=10)
    broken = [*log[:5], (log[5][0], log[5][1], "teleport 3", log[5][3]), *log[6:]]
    replayed = replay(SERVICE, match, broken)
    assert not replayed.complete and len(replayed.steps) == 5


def test_too_many_turns_for_one_picture_show_every_nth_with_the_start_and_the_end() -> None:
    match, log = played_match("ruship", 2, seed=3, limit=60)
    frames = frames_of(replay(SERVICE, match, log), simple_caption)
    job = ReplayJob("ruship", frames, result="Winner: Player 2", max_frames=10, width=300)
    animation = make_animation(job)
    every = animation.every
    assert every == -(-(len(frames) - 1) // 9)
    chosen = [*range(0, len(frames), every)]
    if chosen[-1] != len(frames) - 1:
        chosen.append(len(frames) - 1)
    assert frame_count(opened(animation)) == animation.frames == len(chosen) <= 10


def test_a_picture_too_heavy_for_discord_keeps_fewer_turns_until_it_fits() -> None:
    match, log = played_match("ruship", 2, seed=3, limit=60)
    frames = frames_of(replay(SERVICE, match, log), simple_caption)
    whole = make_animation(ReplayJob("ruship", frames, width=300))
    limit = len(whole.data) // 3
    fitted = make_animation(ReplayJob("ruship", frames, width=300, limit=limit))
    assert len(fitted.data) <= limit < len(whole.data)
    assert fitted.every >= 3 and frame_count(opened(fitted)) == fitted.frames < whole.frames


def test_without_webp_the_replay_is_a_gif(monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import features

    monkeypatch.setattr(features, "check", lambda feature: False)
    match, log = played_match("bugrace", 2, seed=3, limit=8)
    frames = frames_of(replay(SERVICE, match, log), simple_caption)
    animation = make_animation(ReplayJob("bugrace", frames, width=300))
    picture = opened(animation)
    assert animation.extension == "gif" and picture.format == "GIF"
    assert frame_count(picture) == len(frames)


def test_the_record_tells_every_action_with_its_time_and_player() -> None:
    entries = [
        Entry(2, 1_700_000_000.0, "Alice", "roll", ("Alice rolled 4 + 3.",)),
        Entry(3, 1_700_000_090.5, "Bob", "(a hidden choice)"),
    ]
    text = record_text(["Rush Table · Ruship · match #7"], entries, ["🏆 Alice won."])
    hidden = record_text([], [Entry(4, 1_700_000_100.0, "Bob", "", ("Bob kept a card.",))])
    lines = text.splitlines()
    assert lines[0] == "Rush Table · Ruship · match #7"
    assert "    2  2023-11-14 22:13:20  Alice: roll" in lines
    assert "       Alice rolled 4 + 3." in lines
    assert "    3  2023-11-14 22:14:50  Bob: (a hidden choice)" in lines
    assert lines[-1] == "🏆 Alice won."
    assert hidden.splitlines()[1:] == [
        "    4  2023-11-14 22:15:00  Bob",
        "       Bob kept a card.",
    ], "an action not shown: the player and what the table saw"


def test_captions_leave_out_what_the_font_cannot_draw() -> None:
    from bot.pictures.animation import drawable
    from renderers.base import font

    assert drawable("🎲 Alice rolls **4** + 3 → 7", font(19)).strip() == "Alice rolls 4 + 3 → 7"


async def test_the_painter_draws_a_replays_boards_in_its_render_workers() -> None:
    from bot.pictures.painter import BoardPainter

    match, log = played_match("ruship", 2, seed=3, limit=6)
    frames = frames_of(replay(SERVICE, replace(match, status="active"), log), simple_caption)
    painter = BoardPainter(processes=1)
    try:
        animation = await painter.render_replay(ReplayJob("ruship", frames, width=300))
    finally:
        await painter.close()
    assert frame_count(opened(animation)) == len(frames)
