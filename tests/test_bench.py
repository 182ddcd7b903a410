"""The benchmark itself works (its figures go in the README, not in assertions), and what
the render workers do to be quick from the first board."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tools.bench import report
from bot.tools.bench_live import report as live_report
from bot.tools.bench_live import run_live_bench


async def test_the_live_bench_plays_rush_out_and_draws_its_boards(tmp_path: Path) -> None:
    measures, elapsed = await run_live_bench(
        matches=1, seconds=3.0, database=tmp_path / "bench.db", seed=1, processes=1
    )
    assert len(measures.reply_ms) >= 5, "five players clicked"
    assert measures.boards >= 1, "the board was drawn in the background"
    lines = live_report(measures, 1, elapsed)
    assert lines[0].startswith("rushout live: 1 matches of 5 players")


async def test_the_live_bench_seats_ais_of_a_level_beside_the_people(tmp_path: Path) -> None:
    measures, elapsed = await run_live_bench(
        matches=1,
        seconds=3.0,
        database=tmp_path / "bench.db",
        seed=1,
        processes=0,
        ai_level="hard",
    )
    assert measures.ai_actions >= 2, "the two hard AIs played"
    assert measures.reply_ms, "the three people clicked"
    lines = live_report(measures, 1, elapsed, "hard")
    assert lines[0].startswith("rushout live: 1 matches of 3 people and 2 hard AIs")


async def test_the_mixed_bench_clicks_every_turn_game_claims_timers_and_checks(
    tmp_path: Path,
) -> None:
    from bot.tools.bench import run_bench
    from bot.tools.bench_shards import MIXED, BenchOptions

    options = BenchOptions(
        game="mixed",
        matches=12,
        rate=20.0,
        seconds=2.5,
        seed=1,
        render_processes=1,
        timers=2,
        cpu_clicks=2,
    )
    result = await run_bench(options, f"sqlite:///{tmp_path / 'bench.db'}")
    measures = result.measures
    assert len(measures.click_ms) + measures.lost_races == 50
    assert measures.timer_ms, "the timer loop claimed the due timers meanwhile"
    assert measures.games == set(MIXED), "each turn game was clicked and drawn"
    assert measures.bare_encode, "some boards timed beside a bare encode"
    assert result.passed, report(result)
    # What a click costs, split between the bot process and the render worker, per game.
    assert measures.bot_cpu_s > 0 and measures.worker_cpu_s > 0
    assert set(measures.cpu_by_game) == set(MIXED)
    lines = report(result)
    assert any(line.startswith("CPU per click during the run:") for line in lines)
    assert sum(": CPU per click, one at a time:" in line for line in lines) == len(MIXED)
    # The sampled boards drawn the old way and the new: the very same pixels.
    side = [line for line in lines if " render, old → new " in line]
    assert side and all("pixels identical: " in line for line in side)
    for line in side:
        same, boards = line.rsplit("pixels identical: ", 1)[1].split("/")
        assert same == boards, line


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database the bot processes share: a SQLite file (WAL), or a PostgreSQL database."""
    if request.param == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'bench.db'}"


async def test_two_bot_processes_click_their_own_shards_and_lose_no_action_nor_timer(
    database_url: str,
) -> None:
    """Each process clicks one Rush'n'Crush match (90 clicks: one of them ends after 49, so
    a new match is opened in its shard) beside one whose timer is due. Each process waits
    for a click's answer before the next: clicks that overlap on one match lose the version
    race (told, not applied) as often as the machine is slow, and the match would end after
    49 applied clicks only on a quiet machine."""
    from bot.store.shards import shard_of
    from bot.tools.bench import run_bench
    from bot.tools.bench_shards import BenchOptions, opened_store

    options = BenchOptions(
        game="rushncrush",
        matches=4,
        rate=60.0,
        seconds=3.0,
        seed=4,
        render_processes=1,
        bot_processes=2,
        timers=2,
        one_click_at_a_time=True,
    )
    result = await run_bench(options, database_url)
    lines = report(result)
    assert result.passed, lines
    assert [line.split(":")[0] for line in lines if line.startswith("bot-")] == ["bot-0", "bot-1"]
    assert result.measures.opened, "a finished match was replaced"
    async with opened_store(database_url) as store:
        for shard, process in enumerate(result.reports):
            assert len(process.measures.click_ms) + process.measures.lost_races == 90
            assert len(process.measures.fired) == 1
            for match_id in [*process.measures.applied, *process.measures.fired]:
                match = await store.get(match_id)
                assert match is not None and shard_of(match.guild_id, 2) == shard


def test_the_checks_see_a_lost_or_doubled_action_and_a_timer_fired_twice() -> None:
    from dataclasses import replace

    from bot.store.contract import Match
    from bot.tools.bench_shards import Measures, ShardReport, check_timers
    from bot.tools.bench_shards import log_problems as problems

    match = Match(
        id=1,
        guild_id=0,
        channel_id=1,
        game="ruship",
        status="active",
        creator_id=1,
        seed=1,
        settings={},
        state=None,
        result=None,
        version=4,
        board_message_id=None,
        turn_started_at=None,
        last_reminder_at=None,
        frozen_reason=None,
        created_at=0.0,
    )
    assert problems(match, started=1, applied=3, seqs=[2, 3, 4]) == []
    assert problems(match, started=1, applied=3, seqs=[2, 4])[0].endswith("2 actions logged")
    assert problems(match, started=1, applied=2, seqs=[2, 4, 4]) == [
        "2 clicks applied, 3 actions logged",
        "seqs [2, 4, 4] do not increase",
    ]
    assert problems(match, started=1, applied=2, seqs=[2, 3]) == ["version 4, last seq 3"]
    assert problems(replace(match, version=1), started=1, applied=0, seqs=[]) == []
    assert problems(None, started=1, applied=0, seqs=[]) == ["missing"]

    fired = ShardReport("bot-0", 1.0, 0, Measures(fired=[7, 7]))
    assert check_timers({7, 8}, [fired]).problems == [
        "match 8: never fired",
        "match 7: fired 2 times",
    ]


def test_match_numbers_of_a_shard_are_played_in_that_shards_servers() -> None:
    from itertools import islice

    from bot.store.shards import shard_of
    from bot.tools.bench_shards import Numbering

    numbers = list(islice(Numbering(3, 0).numbers_of(2, start=10), 3))
    assert numbers == [11, 14, 17]
    assert {shard_of(number << 22, 3) for number in numbers} == {2}


def test_a_sampled_board_is_timed_beside_the_bare_encode_of_the_same_picture() -> None:
    from bot.games import GAMES
    from bot.tools.bench import render_against_bare_encode

    engine = GAMES["ruship"]
    view = engine.view(engine.new_state(2, 7), None)
    ((game, rendered, bare),) = render_against_bare_encode([("ruship", view, {})])
    assert game == "ruship" and rendered > 0 and bare > 0


def test_a_render_worker_warms_up_on_every_games_opening_board() -> None:
    """What a worker draws at start-up, so the first board after a restart is quick."""
    from bot.pictures.boards import draw_every_opening
    from renderers import RENDERERS

    assert draw_every_opening() == len(RENDERERS) == 5


def test_a_warmed_up_render_worker_gives_back_what_warming_up_freed() -> None:
    """Warming up builds each game's palette from boards of every shape, freed at once; a
    worker keeps only the opening boards' layers and gives the rest back (it held 180 MB,
    then 108 MB while it kept every shape's layer; 75 MB now)."""
    import subprocess
    import sys

    script = (
        "from bot.pictures.boards import draw_every_opening\n"
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


def test_a_sampled_board_is_drawn_the_old_way_and_the_new_with_the_same_pixels() -> None:
    """The bench's side by side: the board after a click encoded by zlib whole and by bands
    (the match's previous board in the band store), split into its steps."""
    from bot.games import GAMES
    from bot.tools.bench_render import side_by_side, side_by_side_lines

    engine = GAMES["bugrace"]
    state = engine.new_state(3, 7)
    before = engine.view(state, None)
    seat = min(engine.to_act(state))
    after = engine.view(engine.apply(state, seat, engine.legal_actions(state, seat)[0]), None)
    (row,) = side_by_side([("bugrace", before, after, {"player_0": "Ada"})])
    assert row.identical and row.draw_ms > 0 and row.old_map_ms > 0 and row.old_deflate_ms > 0
    assert row.new_digest_ms > 0 and 0 < row.bands_reused < 1
    assert abs(row.new_bytes - row.old_bytes) <= 0.1 * row.old_bytes
    (line,) = side_by_side_lines([row])
    assert line.startswith("bugrace render, old → new") and line.endswith("identical: 1/1")


def test_the_bench_counts_a_render_workers_memory_once_and_shared_pages_apart() -> None:
    """The bench's memory figure covers the bot's children (its render workers): a child
    holding 40 MB adds about 40 MB to both figures; resident sizes added up count shared
    pages in each process, so they are never below the proportional sizes added up."""
    import subprocess
    import sys

    from bot.tools.bench import tree_memory

    if not Path("/proc/self/smaps_rollup").exists():
        pytest.skip("proportional sizes are read from Linux's /proc")
    before = tree_memory()
    script = "held = b'rush' * (10 * 2**20)\nprint('ready', flush=True)\ninput()"
    child = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        during = tree_memory()
    finally:
        child.communicate("\n")
    assert during.rss_kb >= during.pss_kb > 0
    assert during.pss_kb - before.pss_kb > 38 * 1024
    assert during.rss_kb - before.rss_kb > 38 * 1024


def test_the_memory_sampler_finds_the_render_workers_either_way() -> None:
    """The bench's memory counts the bot's children: found from the kernel's ``children``
    lists, and from every process's parent where a kernel has no such lists."""
    import os
    import subprocess
    import sys

    from bot.tools.bench import children_by_parent, children_listed

    proc = Path("/proc")
    if not (proc / "self" / "status").exists():
        pytest.skip("processes are read from Linux's /proc")
    me = str(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "input()"], stdin=subprocess.PIPE, text=True)
    try:
        listed = children_listed(proc, me)
        assert listed is None or str(child.pid) in listed
        assert str(child.pid) in children_by_parent(proc, me)
    finally:
        child.communicate("\n")
    assert children_listed(proc / "nowhere", me) is None  # no lists: the scan is used
