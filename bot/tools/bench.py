"""``python -m bot bench``: many concurrent matches through store, engine and renderer.

A click is what the bot does for a button press, minus Discord: load the match, check and
apply the action, save state and log row in one transaction, render the public board with
the match's own player names and encode the PNG (off the event loop, as the bot does).
Clicks arrive at a steady rate on randomly chosen active matches; finished matches are
replaced so the count stays constant. ``--game mixed`` spreads the matches over the turn
games; the timer loop claims the due timers every second meanwhile, as in the bot.

``--bot-processes N`` runs N bot processes side by side on one database
(``--database-url``), one shard each, sharing the clicks (``bot.tools.bench_shards``). Either
way the bench checks afterwards that no click was lost or doubled and that every due
timer fired once, and exits non-zero if not.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from bot.games import GAMES
from bot.games.base import LEVELS, View
from bot.pictures.boards import render_board
from bot.pictures.painter import BoardPainter
from bot.settings import default_processes
from bot.store.contract import Match, MatchStore, StoreError
from bot.table.errors import MatchNotActive, TableError
from bot.table.matches import MatchService
from bot.tools.bench_render import Sample, SideBySide, side_by_side, side_by_side_lines
from bot.tools.bench_shards import (
    BenchError,
    BenchOptions,
    Check,
    Measures,
    ShardPlan,
    ShardReport,
    check_actions,
    check_clicks,
    check_timers,
    default_timers,
    games_of,
    open_started_match,
    opened_store,
    prepare,
    run_bot_processes,
    wait_for_go,
)
from bot.tools.figures import percentile

#: One board in this many is kept for ``render_against_bare_encode``.
SAMPLE_EVERY = 25

#: How often the timer loop claims the due timers, as in the bot.
TIMER_SECONDS = 1.0

#: ``--cpu-clicks``: clicks of each game made one at a time after the run, to split the CPU
#: of a click between the bot process and the render workers.
CPU_CLICKS = 100


class Bench:
    """One bot process's clicks on its shard's matches."""

    def __init__(self, service: MatchService, painter: BoardPainter, plan: ShardPlan) -> None:
        self.service = service
        self.painter = painter
        self.plan = plan
        self.games = games_of(plan.game)
        self.rng = random.Random(plan.seed)
        self.active = list(plan.clicked)
        self.numbers = plan.numbering.numbers_of(plan.shard, plan.next_number)
        self.measures = Measures()
        #: Every ``SAMPLE_EVERY``-th click's boards (before and after), kept to draw them
        #: again beside a bare encode and the old encoder.
        self.samples: list[Sample] = []
        #: The game of each match clicked or opened.
        self.game_of: dict[int, str] = {}

    async def open_match(self) -> None:
        """A new match in this process's shard, in place of a finished one."""
        match = await open_started_match(
            self.service,
            self.plan.numbering,
            next(self.numbers),
            self.games,
            self.rng.randrange(2**31),
        )
        self.measures.opened[match.id] = match.version
        self.game_of[match.id] = match.game
        self.active.append(match.id)

    async def click(self, match_id: int | None = None, timed: bool = True) -> None:
        """A click on ``match_id`` (or a random active match); ``timed``: its figures count
        (the clicks made to measure CPU do not)."""
        try:
            await self._click(self.rng.choice(self.active) if match_id is None else match_id, timed)
        except Exception as error:  # counted and reported: the bench fails its check
            self.measures.failed += 1
            self.measures.first_failure = self.measures.first_failure or repr(error)

    async def _click(self, match_id: int, timed: bool = True) -> None:
        started = time.perf_counter()
        sampled = timed and len(self.measures.click_ms) % SAMPLE_EVERY == 0
        match = await self.service.get(match_id)
        self.game_of[match_id] = match.game
        engine = self.service.engine(match)
        state = self.service.load_state(match)
        try:
            user, action = self._choose(match, state)
            played = await self.service.act(match_id, match.version, user, action)
        except TableError:  # another click on this match won the race: told, not applied
            self.measures.lost_races += timed
            return
        self.measures.applied[match_id] += 1
        rendering = time.perf_counter()
        names = {f"player_{s.seat}": f"player {match_id}·{s.seat + 1}" for s in match.seats}
        public = engine.view(played.state, None)
        png = await self.painter.render(match.game, public, names)
        done = time.perf_counter()
        if played.match.status != "active":
            await self.open_match()  # first, so that a click always finds a match
            self.active.remove(match_id)
        if not timed:
            return
        if sampled:
            self.samples.append((match.game, engine.view(state, None), public, names))
        self.measures.click_ms.append((done - started) * 1000)
        self.measures.render_ms.append((done - rendering) * 1000)
        self.measures.png_bytes.append(len(png))
        self.measures.games.add(match.game)

    def _choose(self, match: Match, state: Any) -> tuple[int, str]:
        """The person to act first and a random legal action of theirs."""
        engine = self.service.engine(match)
        acting = engine.to_act(state)
        if not acting:  # the click just before ended the match
            raise MatchNotActive(match=match)
        seat = min(acting)
        user = next(s.user_id for s in match.seats if s.seat == seat)
        assert user is not None
        return user, self.rng.choice(engine.legal_actions(state, seat))

    async def run(self, timers: TimerLoop) -> tuple[float, TreeMemory]:
        """Clicks at the plan's steady rate, the timer loop running meanwhile: the seconds
        from the first click to the last answer, and the peak memory of this process and
        its render workers."""
        rate = self.plan.rate
        stop = asyncio.Event()
        timing = asyncio.create_task(timers.every_second(stop))
        clicks: set[asyncio.Task[None]] = set()
        started = time.perf_counter()
        peak = tree_memory()
        for index in range(int(rate * self.plan.seconds)):
            if index % max(1, int(rate)) == 0:
                peak = peak.most(tree_memory())
            delay = started + index / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if self.plan.one_click_at_a_time:
                await self.click()
                continue
            task = asyncio.create_task(self.click())
            clicks.add(task)
            task.add_done_callback(clicks.discard)
        await asyncio.gather(*clicks)
        elapsed = time.perf_counter() - started
        stop.set()
        await timing
        return elapsed, peak.most(tree_memory())

    async def cpu_by_game(self, clicks: int) -> None:
        """``clicks`` clicks of each game, one at a time, with the CPU the bot process
        (all its threads: the event loop's and the store's) and the render workers
        spent on them: what a click of that game costs, wherever it runs."""
        workers = self.painter.worker_pids()
        for game in self.games:
            bot, work, made = time.process_time(), cpu_seconds(workers), 0
            for _ in range(clicks):
                mine = [m for m in self.active if self.game_of.get(m) == game]
                if not mine:
                    break
                await self.click(self.rng.choice(mine), timed=False)
                made += 1
            if made:
                self.measures.cpu_by_game[game] = [
                    made,
                    time.process_time() - bot,
                    cpu_seconds(workers) - work,
                ]


class TimerLoop:
    """The bot's timer loop: claims the due timers of its shards' matches (a lease no other
    process's claim returns), then stores the match's next timer: none here."""

    def __init__(self, store: MatchStore, plan: ShardPlan, measures: Measures) -> None:
        self.store = store
        self.plan = plan
        self.measures = measures

    async def claim(self) -> None:
        started = time.perf_counter()
        due = await self.store.due_timers(
            time.time(), shards=self.plan.shards, owner=self.plan.name
        )
        self.measures.timer_ms.append((time.perf_counter() - started) * 1000)
        for match in due:
            self.measures.fired.append(match.id)
            await self.store.set_timer(match.id, None)

    async def every_second(self, stop: asyncio.Event) -> None:
        """Claims at once, then every second until ``stop``, then one last time (so no
        timer due during the run is left unclaimed)."""
        while not stop.is_set():
            await self.claim()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), TIMER_SECONDS)
        await self.claim()


async def start_now() -> None:
    """A bot process that runs alone starts clicking as soon as it is ready."""


async def run_shard(
    plan: ShardPlan, ready: Callable[[], Awaitable[None]] = start_now
) -> ShardReport:
    """One bot process: its own store connection, match service and render workers
    (warmed up, as the bot does before it goes online), clicking its shard's matches."""
    async with opened_store(plan.database_url) as store:
        painter = BoardPainter(plan.render_processes)
        try:
            await painter.warm_up()
            bench = Bench(MatchService(store, time.time), painter, plan)
            await ready()
            workers = painter.worker_pids()
            bot, work = time.process_time(), cpu_seconds(workers)
            elapsed, peak = await bench.run(TimerLoop(store, plan, bench.measures))
            bench.measures.bot_cpu_s = time.process_time() - bot
            bench.measures.worker_cpu_s = cpu_seconds(workers) - work
            bench.measures.bands = list(await painter.band_stats())
            if plan.cpu_clicks:
                await bench.cpu_by_game(plan.cpu_clicks)
        finally:
            await painter.close()
    bench.measures.bare_encode = render_against_bare_encode(
        [(game, after, dict(names)) for game, _, after, names in bench.samples]
    )
    bench.measures.side_by_side = [row.to_json() for row in side_by_side(bench.samples)]
    return ShardReport(plan.name, elapsed, peak.rss_kb, bench.measures, peak.pss_kb)


@dataclass
class BenchResult:
    options: BenchOptions
    reports: list[ShardReport]
    measures: Measures
    checks: list[Check] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return all(check.passed for check in self.checks)


async def run_bench(options: BenchOptions, database_url: str) -> BenchResult:
    """The matches made in ``database_url``, clicked by ``options.bot_processes`` bot
    processes (this one alone, or child processes side by side), then checked."""
    async with opened_store(database_url) as store:
        prepared = await prepare(store, options, database_url)
        if options.bot_processes == 1:
            reports = [await run_shard(prepared.plans[0])]
        else:
            with tempfile.TemporaryDirectory() as folder:
                reports = await run_bot_processes(prepared.plans, Path(folder))
        measures = Measures.merged(report.measures for report in reports)
        checks = [
            check_clicks(measures),
            await check_actions(store, prepared.started, measures),
            check_timers(prepared.timed, reports),
        ]
    return BenchResult(options, reports, measures, checks)


def render_against_bare_encode(
    samples: list[tuple[str, View, dict[str, str]]],
) -> list[tuple[str, float, float]]:
    """Each sampled board drawn and encoded as the bot does, then the same picture encoded
    alone by Pillow's plain PNG encoder: (game, render ms, bare encode ms), in this process."""
    timed = []
    for game, view, names in samples:
        started = time.perf_counter()
        png = render_board(game, view, names)
        drawn = time.perf_counter()
        picture = Image.open(io.BytesIO(png)).convert("RGB")
        encoding = time.perf_counter()
        picture.save(io.BytesIO(), "PNG")
        timed.append((game, (drawn - started) * 1000, (time.perf_counter() - encoding) * 1000))
    return timed


def cpu_seconds(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` have used, from /proc (0
    elsewhere, or for a process gone)."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@dataclass(frozen=True)
class TreeMemory:
    """The memory of this process and its children (the render workers), in KB: their
    resident sizes added up (``rss_kb``: pages they share, such as the interpreter's and
    Pillow's code, counted once for each) and their proportional
    sizes added up (``pss_kb``: each shared page split between its sharers, so counted
    once in all: what the machine gives the whole bot)."""

    rss_kb: int
    pss_kb: int

    def most(self, other: TreeMemory) -> TreeMemory:
        """Each figure's peak of the two."""
        return TreeMemory(max(self.rss_kb, other.rss_kb), max(self.pss_kb, other.pss_kb))


def tree_memory() -> TreeMemory:
    """``TreeMemory`` now, read from /proc; elsewhere, this process's peak RSS for both."""
    proc = Path("/proc")
    if not proc.is_dir():
        peak = int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        return TreeMemory(peak, peak)
    rss = pss = 0
    for pid in _tree_pids(proc):
        try:
            status = _fields((proc / pid / "status").read_text())
        except OSError:  # gone meanwhile
            continue
        try:
            sizes = _fields((proc / pid / "smaps_rollup").read_text())
        except OSError:  # a kernel without it: resident sizes only
            sizes = {}
        rss += _kb(sizes.get("Rss") or status.get("VmRSS"))
        pss += _kb(sizes.get("Pss") or sizes.get("Rss") or status.get("VmRSS"))
    return TreeMemory(rss, pss)


def _tree_pids(proc: Path) -> list[str]:
    """This process and its children. The sampler runs once a second in the bot's own
    process, so it reads its threads' ``children`` lists rather than every process."""
    me = str(os.getpid())
    listed = children_listed(proc, me)
    return [me, *(listed if listed is not None else children_by_parent(proc, me))]


def children_listed(proc: Path, pid: str) -> list[str] | None:
    """``pid``'s children from its threads' ``children`` lists; None on a kernel without
    them (or when one cannot be read)."""
    lists = list((proc / pid / "task").glob("*/children"))
    if not lists:
        return None
    try:
        return [child for listing in lists for child in listing.read_text().split()]
    except OSError:
        return None


def children_by_parent(proc: Path, pid: str) -> list[str]:
    """``pid``'s children found by reading every process's parent."""
    children = []
    for entry in proc.iterdir():
        if entry.name.isdigit() and entry.name != pid:
            try:
                if _fields((entry / "status").read_text()).get("PPid") == pid:
                    children.append(entry.name)
            except OSError:  # gone meanwhile
                continue
    return children


def _fields(text: str) -> dict[str, str]:
    """A /proc file's ``name: value`` lines."""
    return {
        name.strip(): value.strip()
        for name, value in (line.split(":", 1) for line in text.splitlines() if ":" in line)
    }


def _kb(value: str | None) -> int:
    """``"1234 kB"`` as 1234 (0 for nothing)."""
    return int(value.split()[0]) if value else 0


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot bench")
    parser.add_argument("--game", choices=[*sorted(GAMES), "mixed"], default="ruship")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=100.0, help="clicks per second")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--processes", type=int, default=default_processes(), help="render worker processes"
    )
    parser.add_argument(
        "--database-url",
        help="the database to bench (made for the bench: its matches stay); "
        "default: a new SQLite file, deleted afterwards",
    )
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=1,
        help="bot processes side by side, one shard each, sharing the clicks",
    )
    parser.add_argument(
        "--timers",
        type=int,
        help="matches whose timer is due when the clicks start (default: 200, or a fifth "
        "of the matches)",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="Rush Out! live: --matches matches of 5 players clicking as fast as allowed",
    )
    parser.add_argument(
        "--live-ai",
        choices=LEVELS,
        help="with --live: two seats of each match are AIs of this level",
    )
    parser.add_argument(
        "--replay",
        action="store_true",
        help="time the replay of a long match (200 turns) of each turn game, on one core",
    )
    parser.add_argument(
        "--cpu-clicks",
        type=int,
        default=CPU_CLICKS,
        help="clicks of each game made one at a time after the run, to split a click's CPU "
        "between the bot process and the render workers (0: none)",
    )
    parser.add_argument(
        "--soak",
        type=float,
        metavar="MINUTES",
        help="the whole bot for MINUTES against an offline Discord, with restarts: memory, "
        "open files, lost or doubled clicks (bot.tools.bench_soak)",
    )
    parser.add_argument("--soak-channels", type=int, default=40, help="channels of the soak")
    parser.add_argument("--soak-rate", type=float, default=20.0, help="soak clicks per second")
    parser.add_argument("--restart-every", type=float, default=5.0, help="soak: minutes")
    parser.add_argument("--child", nargs=2, type=Path, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str]) -> int:
    parser = arguments()
    args = parser.parse_args(argv)
    if args.child:
        return run_child(*args.child)
    if args.soak:
        from bot.tools.bench_soak import soak

        return soak(args.soak, args.soak_channels, args.soak_rate, args.restart_every, args.seed)
    if args.replay:
        from bot.tools.bench_replay import main as replay_bench

        return replay_bench(seed=args.seed, processes=args.processes)
    if args.live:
        return live(args)
    options = BenchOptions(
        game=args.game,
        matches=args.matches,
        rate=args.rate,
        seconds=args.seconds,
        seed=args.seed,
        render_processes=args.processes,
        bot_processes=args.bot_processes,
        timers=default_timers(args.matches) if args.timers is None else args.timers,
        cpu_clicks=max(0, args.cpu_clicks),
    )
    if problem := options.problem():
        parser.error(problem)
    try:
        result = asyncio.run(bench_database(options, args.database_url))
    except (BenchError, StoreError) as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(result)))
    return 0 if result.passed else 1


async def bench_database(options: BenchOptions, database_url: str | None) -> BenchResult:
    """``run_bench`` on ``database_url``, or on a new SQLite file deleted afterwards."""
    if database_url:
        return await run_bench(options, database_url)
    with tempfile.TemporaryDirectory() as folder:
        return await run_bench(options, f"sqlite:///{Path(folder) / 'bench.db'}")


def run_child(plan_path: Path, report_path: Path) -> int:
    """``--child PLAN REPORT``: one bot process of a bench run by several."""
    plan = ShardPlan.from_json(json.loads(plan_path.read_text()))
    result = asyncio.run(run_shard(plan, wait_for_go))
    report_path.write_text(json.dumps(result.to_json()))
    return 0


def report(result: BenchResult) -> list[str]:
    options, measures = result.options, result.measures
    elapsed = max(shard.elapsed for shard in result.reports)
    clicks = len(measures.click_ms)
    lines = [
        f"{options.game}: {options.matches} active matches ({options.timed_matches} of them "
        f"with a due timer, not clicked), {clicks} clicks in {elapsed:.1f} s "
        f"({clicks / elapsed:.0f}/s of {options.rate:g} asked), {measures.lost_races} lost races",
        f"click latency: {spread(measures.click_ms)}",
        f"render+encode: {spread(measures.render_ms)}",
    ]
    if measures.png_bytes:
        lines.append(
            f"PNG: median {statistics.median(measures.png_bytes) / 1024:.0f} KB, "
            f"max {max(measures.png_bytes) / 1024:.0f} KB"
        )
    if measures.timer_ms:
        lines.append(f"timer claim (due now): max {max(measures.timer_ms):.1f} ms")
    lines += [
        f"{shard.name}: {len(shard.measures.click_ms)} clicks "
        f"({len(shard.measures.click_ms) / shard.elapsed:.0f}/s), "
        f"click latency {spread(shard.measures.click_ms)}, "
        f"peak memory (bot + render workers): {shard.peak_rss_kb / 1024:.0f} MB resident "
        f"(RSS), {shard.peak_pss_kb / 1024:.0f} MB with shared pages counted once (PSS)"
        for shard in result.reports
    ]
    lines += [check.line() for check in result.checks]
    lines += cpu_lines(measures, clicks)
    lines += side_by_side_lines([SideBySide.from_json(row) for row in measures.side_by_side])
    return lines + render_against_bare_encode_lines(measures.bare_encode)


def cpu_lines(measures: Measures, clicks: int) -> list[str]:
    """The CPU a click cost during the run, split between the bot process and the render
    workers; the same per game from the clicks made one at a time; the band stores."""
    lines = []
    if clicks:
        bot, workers = measures.bot_cpu_s * 1000 / clicks, measures.worker_cpu_s * 1000 / clicks
        lines.append(
            f"CPU per click during the run: {bot + workers:.1f} ms "
            f"(bot process {bot:.1f} ms, render workers {workers:.1f} ms)"
        )
    for game, (made, bot_s, work_s) in sorted(measures.cpu_by_game.items()):
        bot, workers = bot_s * 1000 / made, work_s * 1000 / made
        lines.append(
            f"{game}: CPU per click, one at a time: {bot + workers:.1f} ms "
            f"(bot process {bot:.1f} ms, render worker {workers:.1f} ms; {made:.0f} clicks)"
        )
    reused, made, held, weight = measures.bands
    if reused + made:
        lines.append(
            f"band stores: {reused / (reused + made):.0%} of the bands reused, "
            f"{held} bands held in {weight / 2**20:.1f} MB"
        )
    return lines


def spread(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, "
        f"p99 {percentile(values, 0.99):.1f} ms"
    )


def render_against_bare_encode_lines(timed: list[tuple[str, float, float]]) -> list[str]:
    """Issue 11's check: a render (drawing and encoding) takes at most twice the bare
    encode of the same picture by Pillow's plain PNG encoder."""
    lines = []
    for game in sorted({game for game, _, _ in timed}):
        rendered = [r for g, r, _ in timed if g == game]
        bare = [b for g, _, b in timed if g == game]
        ratio = statistics.median(rendered) / statistics.median(bare)
        lines.append(
            f"{game}: render {statistics.median(rendered):.1f} ms against a bare encode of "
            f"{statistics.median(bare):.1f} ms (×{ratio:.2f}, medians of {len(rendered)})"
        )
    return lines


def live(args: argparse.Namespace) -> int:
    from bot.tools.bench_live import report as live_report
    from bot.tools.bench_live import run_live_bench

    with tempfile.TemporaryDirectory() as folder:
        measures, elapsed = asyncio.run(
            run_live_bench(
                matches=args.matches,
                seconds=args.seconds,
                database=Path(folder) / "bench.db",
                seed=args.seed,
                processes=args.processes,
                ai_level=args.live_ai,
            )
        )
    print("\n".join(live_report(measures, args.matches, elapsed, args.live_ai)))
    return 0
