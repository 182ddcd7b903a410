"""The benchmark itself works (its figures go in the README, not in assertions), and what
the render workers do to be quick from the first board."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.bench_live import report, run_live_bench


async def test_the_live_bench_plays_rush_out_and_draws_its_boards(tmp_path: Path) -> None:
    measures, elapsed = await run_live_bench(
        matches=1, seconds=3.0, database=tmp_path / "bench.db", seed=1, processes=1
    )
    assert len(measures.reply_ms) >= 5, "five players clicked"
    assert measures.boards >= 1, "the board was drawn in the background"
    lines = report(measures, 1, elapsed)
    assert lines[0].startswith("rushout live: 1 matches of 5 players")


async def test_the_mixed_bench_clicks_every_turn_game_and_reads_timers(tmp_path: Path) -> None:
    from bot.bench import MIXED, run_bench

    measures, _, _ = await run_bench(
        matches=8,
        rate=20.0,
        seconds=2.5,
        game="mixed",
        database=tmp_path / "bench.db",
        seed=1,
        processes=1,
    )
    assert len(measures.click_ms) + measures.lost_races == 50
    assert measures.timer_ms, "the timer loop's read ran meanwhile"
    assert measures.games == set(MIXED), "each turn game was clicked and drawn"
    assert measures.samples, "some boards kept to be timed beside a bare encode"


def test_a_sampled_board_is_timed_beside_the_bare_encode_of_the_same_picture() -> None:
    from bot.bench import render_against_bare_encode
    from bot.games import GAMES

    engine = GAMES["ruship"]
    view = engine.view(engine.new_state(2, 7), None)
    ((game, rendered, bare),) = render_against_bare_encode([("ruship", view, {})])
    assert game == "ruship" and rendered > 0 and bare > 0


def test_a_render_worker_warms_up_on_every_games_opening_board() -> None:
    """What a worker draws at start-up, so the first board after a restart is quick."""
    from bot.rendering import draw_every_opening
    from renderers import RENDERERS

    assert draw_every_opening() == len(RENDERERS) == 5


def test_a_warmed_up_render_worker_gives_back_what_warming_up_freed() -> None:
    """Warming up builds each game's palette from boards of every shape, freed at once; a
    worker keeps only the opening boards' layers and gives the rest back (it held 180 MB,
    then 108 MB while it kept every shape's layer; 75 MB now)."""
    import subprocess
    import sys

    script = (
        "from bot.rendering import draw_every_opening\n"
        "draw_every_opening()\n"
        "print(next(l for l in open('/proc/self/status') if l.startswith('VmRSS')).split()[1])"
    )
    if not Path("/proc/self/status").exists():
        pytest.skip("resident memory is read from Linux's /proc")
    resident_kb = int(
        subprocess.run(
            [sys.executable, "-c", script], check=True, capture_output=True, text=True
        ).stdout
    )
    assert resident_kb < 100 * 1024, f"{resident_kb // 1024} MB after warming up"
