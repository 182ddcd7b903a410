"""``python -m bot bench``: many concurrent matches through store, engine and renderer.

A click is what the bot does for a button press, minus Discord: load the match, check and
apply the action, save state and log row in one transaction, render the public board with
the match's own player names and encode the PNG (off the event loop, as the bot does).
Clicks arrive at a steady rate on randomly chosen active matches; finished matches are
replaced so the count stays constant. ``--game mixed`` spreads the matches over the turn
games; the timer loop's indexed read runs every second meanwhile, as in the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image

from bot.errors import TableError
from bot.games import GAMES
from bot.matches import MatchService
from bot.rendering import BoardPainter, default_processes, render_board
from bot.store import SqliteStore

#: ``--game mixed``: the turn games, in rotation (Rush Out! has its own ``--live`` bench).
MIXED = ("ruship", "bugrace", "rushncrush", "fireship")


@dataclass
class Measures:
    click_ms: list[float] = field(default_factory=list)
    render_ms: list[float] = field(default_factory=list)
    png_bytes: list[int] = field(default_factory=list)
    timer_ms: list[float] = field(default_factory=list)
    games: set[str] = field(default_factory=set)
    lost_races: int = 0
    #: Every ``SAMPLE_EVERY``-th board drawn, kept to time it again beside a bare encode.
    samples: list[tuple[str, dict[str, Any], dict[str, str]]] = field(default_factory=list)


#: One board in this many is kept for ``render_against_bare_encode``.
SAMPLE_EVERY = 25


class Bench:
    def __init__(self, service: MatchService, painter: BoardPainter, game: str, seed: int) -> None:
        self.service = service
        self.painter = painter
        self.games = MIXED if game == "mixed" else (game,)
        self.rng = random.Random(seed)
        self.active: list[int] = []
        self.measures = Measures()
        self._next_channel = 1

    async def open_match(self) -> None:
        channel = self._next_channel
        self._next_channel += 1
        game = self.games[channel % len(self.games)]
        players = [channel * 10 + seat for seat in range(GAMES[game].min_players)]
        match = await self.service.open_lobby(
            game=game,
            guild_id=1,
            channel_id=channel,
            creator_id=players[0],
            settings={"options": {}},
            invited=players[1:],
            seed=self.rng.randrange(2**31),
        )
        await self.service.start(match.id, players[0])
        self.active.append(match.id)

    async def click(self) -> None:
        match_id = self.rng.choice(self.active)
        started = time.perf_counter()
        match = await self.service.get(match_id)
        engine = self.service.engine(match)
        state = self.service.load_state(match)
        seat = min(engine.to_act(state))
        user = next(s.user_id for s in match.seats if s.seat == seat)
        assert user is not None
        action = self.rng.choice(engine.legal_actions(state, seat))
        try:
            played = await self.service.act(match_id, match.version, user, action)
        except TableError:  # another click on this match won the race: told, not applied
            self.measures.lost_races += 1
            return
        rendering = time.perf_counter()
        names = {f"player_{s.seat}": f"player {match_id}·{s.seat + 1}" for s in match.seats}
        public = engine.view(played.state, None)
        png = await self.painter.render(match.game, public, names)
        done = time.perf_counter()
        if len(self.measures.click_ms) % SAMPLE_EVERY == 0:
            self.measures.samples.append((match.game, public, names))
        self.measures.click_ms.append((done - started) * 1000)
        self.measures.render_ms.append((done - rendering) * 1000)
        self.measures.png_bytes.append(len(png))
        self.measures.games.add(match.game)
        if played.match.status != "active":
            self.active.remove(match_id)
            await self.open_match()


async def run_bench(
    *,
    matches: int,
    rate: float,
    seconds: float,
    game: str,
    database: Path,
    seed: int,
    processes: int,
) -> tuple[Measures, float, int]:
    store = SqliteStore(str(database))
    await store.open()
    service = MatchService(store, time.time)
    painter = BoardPainter(processes)
    await painter.warm_up()  # as the bot does before it goes online
    bench = Bench(service, painter, game, seed)
    for _ in range(matches):
        await bench.open_match()
    timers = asyncio.create_task(timer_loop(store, bench.measures))
    tasks: set[asyncio.Task[None]] = set()
    started = time.perf_counter()
    total = int(rate * seconds)
    peak_kb = tree_rss_kb()
    for index in range(total):
        if index % max(1, int(rate)) == 0:
            peak_kb = max(peak_kb, tree_rss_kb())
        due = started + index / rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        task = asyncio.create_task(bench.click())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    timers.cancel()
    elapsed = time.perf_counter() - started
    peak_kb = max(peak_kb, tree_rss_kb())
    await store.close()
    painter.close()
    rss_kb = peak_kb
    return bench.measures, elapsed, rss_kb


async def timer_loop(store: SqliteStore, measures: Measures) -> None:
    """The bot's timer read (matches due now), every second."""
    while True:
        await asyncio.sleep(1.0)
        started = time.perf_counter()
        await store.due_timers(time.time())
        measures.timer_ms.append((time.perf_counter() - started) * 1000)


def render_against_bare_encode(
    samples: list[tuple[str, dict[str, Any], dict[str, str]]],
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


def tree_rss_kb() -> int:
    """Resident memory now of this process plus its children (the render workers), read
    from /proc; elsewhere, this process's peak."""
    me = str(os.getpid())
    total = 0
    proc = Path("/proc")
    if not proc.is_dir():
        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            lines = (entry / "status").read_text().splitlines()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in lines if ":" in line)
        if entry.name == me or fields.get("PPid", "").strip() == me:
            total += int(fields.get("VmRSS", "0 kB").split()[0])
    return total


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str]) -> int:
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
        "--live",
        action="store_true",
        help="Rush Out! live: --matches matches of 5 players clicking as fast as allowed",
    )
    parser.add_argument(
        "--replay",
        action="store_true",
        help="time the replay of a long match (200 turns) of each turn game, on one core",
    )
    args = parser.parse_args(argv)
    if args.replay:
        from bot.bench_replay import main as replay_bench

        return replay_bench(seed=args.seed, processes=args.processes)
    if args.live:
        return live(args)
    with tempfile.TemporaryDirectory() as folder:
        measures, elapsed, rss_kb = asyncio.run(
            run_bench(
                matches=args.matches,
                rate=args.rate,
                seconds=args.seconds,
                game=args.game,
                database=Path(folder) / "bench.db",
                seed=args.seed,
                processes=args.processes,
            )
        )
    clicks = len(measures.click_ms)
    print(
        f"{args.game}: {args.matches} active matches, {clicks} clicks in {elapsed:.1f} s "
        f"({clicks / elapsed:.0f}/s), {measures.lost_races} lost races"
    )
    print(
        f"click latency: median {statistics.median(measures.click_ms):.1f} ms, "
        f"p95 {percentile(measures.click_ms, 0.95):.1f} ms"
    )
    print(
        f"render+encode: median {statistics.median(measures.render_ms):.1f} ms, "
        f"p95 {percentile(measures.render_ms, 0.95):.1f} ms"
    )
    print(
        f"PNG: median {statistics.median(measures.png_bytes) / 1024:.0f} KB, "
        f"max {max(measures.png_bytes) / 1024:.0f} KB"
    )
    if measures.timer_ms:
        print(f"timer read (due now): max {max(measures.timer_ms):.1f} ms")
    print(f"peak RSS (bot + render workers): {rss_kb / 1024:.0f} MB")
    print_render_against_bare_encode(measures)
    return 0


def print_render_against_bare_encode(measures: Measures) -> None:
    """Issue 11's check: a render (drawing and encoding) takes at most twice the bare
    encode of the same picture by Pillow's plain PNG encoder."""
    timed = render_against_bare_encode(measures.samples)
    for game in sorted({game for game, _, _ in timed}):
        rendered = [r for g, r, _ in timed if g == game]
        bare = [b for g, _, b in timed if g == game]
        ratio = statistics.median(rendered) / statistics.median(bare)
        print(
            f"{game}: render {statistics.median(rendered):.1f} ms against a bare encode of "
            f"{statistics.median(bare):.1f} ms (×{ratio:.2f}, medians of {len(rendered)})"
        )


def live(args: argparse.Namespace) -> int:
    from bot.bench_live import report, run_live_bench

    with tempfile.TemporaryDirectory() as folder:
        measures, elapsed = asyncio.run(
            run_live_bench(
                matches=args.matches,
                seconds=args.seconds,
                database=Path(folder) / "bench.db",
                seed=args.seed,
                processes=args.processes,
            )
        )
    print("\n".join(report(measures, args.matches, elapsed)))
    return 0
