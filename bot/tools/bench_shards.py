"""The bench's matches, the bot processes that click them, and what is checked afterwards.

The parent process makes the active matches, numbered 0, 1, 2, ...: match number ``n``
lives in a server of shard ``n % SHARD_COUNT`` (Discord reads a server's shard from the
bits of its id above 22). It sets the timer of a sample of them to a moment already past,
then hands each bot process a ``ShardPlan`` (its shard's matches, its clicks per second).
Each process reports a ``ShardReport``: its figures, the clicks the service applied per
match, the matches it opened, the timers it claimed. The parent then checks, from the
store, that every applied click is in the action log once and nothing else is, and that
every sampled timer fired once.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.games import GAMES
from bot.store.contract import Match, MatchStore
from bot.store.drivers import store_from_url
from bot.store.shards import Shards
from bot.table.matches import MatchService

#: ``--game mixed``: the turn games, in rotation (Rush Out! has its own ``--live`` bench).
MIXED = ("ruship", "bugrace", "rushncrush", "fireship")

#: Store calls the parent makes at once while it prepares and checks the matches.
AT_ONCE = 32

#: What a bot process prints when it is ready to click, and what the parent answers.
READY, GO = "ready", "go"

_T = TypeVar("_T")


class BenchError(Exception):
    """A bot process of the bench could not run; the message says which and why."""


def games_of(game: str) -> tuple[str, ...]:
    return MIXED if game == "mixed" else (game,)


# ---------------------------------------------------------------- where a match lives
@dataclass(frozen=True)
class Numbering:
    """Match number ``n`` is played in server ``n << 22`` (shard ``n % shards``) and in
    channel ``channel_base + n``; a run's own ``channel_base`` keeps its channels apart
    from a previous run's still open matches in the same database."""

    shards: int
    channel_base: int

    def numbers_of(self, shard: int, start: int) -> Iterator[int]:
        """The match numbers of ``shard`` from ``start`` on, for ever."""
        number = start + (shard - start) % self.shards
        while True:
            yield number
            number += self.shards

    def game_of(self, number: int, games: tuple[str, ...]) -> str:
        """The games in rotation within each shard, so that every shard plays all of them."""
        return games[(number // self.shards) % len(games)]


async def open_started_match(
    service: MatchService, numbering: Numbering, number: int, games: tuple[str, ...], seed: int
) -> Match:
    """Match ``number``: its players seated (as few as its game allows), started."""
    game = numbering.game_of(number, games)
    players = [number * 10 + seat + 1 for seat in range(GAMES[game].min_players)]
    lobby = await service.open_lobby(
        game=game,
        guild_id=number << 22,
        channel_id=numbering.channel_base + number,
        creator_id=players[0],
        settings={"options": {}},
        seated=players[1:],
        seed=seed,
    )
    return await service.start(lobby.id, players[0])


# ---------------------------------------------------------------- what a bot process is given
@dataclass(frozen=True)
class ShardPlan:
    """One bot process's part of the bench."""

    name: str
    database_url: str
    numbering: Numbering
    shard: int
    game: str
    rate: float  # this process's clicks per second
    seconds: float
    seed: int
    render_processes: int
    #: The matches it clicks, and those whose timer is due (never clicked: a click would
    #: store their next timer again, hours away, as the bot does).
    clicked: list[int]
    timed: list[int]
    #: The first match number it may give a match it opens (to replace a finished one).
    next_number: int
    one_click_at_a_time: bool = False
    #: After the run, this many clicks of each game one at a time, to split the CPU a
    #: click costs between the bot process and its render workers, game by game.
    cpu_clicks: int = 0

    @property
    def shards(self) -> Shards:
        return Shards(self.numbering.shards, (self.shard,))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ShardPlan:
        return cls(**{**data, "numbering": Numbering(**data["numbering"])})


# ---------------------------------------------------------------- what it reports
@dataclass
class Measures:
    click_ms: list[float] = field(default_factory=list)
    render_ms: list[float] = field(default_factory=list)
    png_bytes: list[int] = field(default_factory=list)
    timer_ms: list[float] = field(default_factory=list)
    games: set[str] = field(default_factory=set)
    lost_races: int = 0
    #: Clicks that ended in an unexpected error (not a lost race), and the first one's text.
    failed: int = 0
    first_failure: str = ""
    #: Per match, the clicks the service applied.
    applied: Counter[int] = field(default_factory=Counter)
    #: The matches this process opened, each with its version once started.
    opened: dict[int, int] = field(default_factory=dict)
    #: The matches whose due timer this process claimed, in order.
    fired: list[int] = field(default_factory=list)
    #: Sampled boards: (game, render ms, bare encode ms), see ``render_against_bare_encode``.
    bare_encode: list[tuple[str, float, float]] = field(default_factory=list)
    #: CPU seconds during the clicks: the bot process (all its threads) and its workers.
    bot_cpu_s: float = 0.0
    worker_cpu_s: float = 0.0
    #: Per game, the clicks made one at a time after the run: [clicks, bot CPU seconds,
    #: worker CPU seconds] (``ShardPlan.cpu_clicks``).
    cpu_by_game: dict[str, list[float]] = field(default_factory=dict)
    #: The workers' band stores after the run: [bands reused, bands made, held, bytes].
    bands: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    #: Sampled boards drawn the old way and the new (``bench_render.SideBySide.to_json``).
    side_by_side: list[list[Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "games": sorted(self.games), "applied": dict(self.applied)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Measures:
        return cls(
            **{
                **data,
                "games": set(data["games"]),
                "applied": Counter({int(k): v for k, v in data["applied"].items()}),
                "opened": {int(k): v for k, v in data["opened"].items()},
                "bare_encode": [tuple(row) for row in data["bare_encode"]],
            }
        )

    @classmethod
    def merged(cls, parts: Iterable[Measures]) -> Measures:
        whole = cls()
        for part in parts:
            for name in (
                "click_ms",
                "render_ms",
                "png_bytes",
                "timer_ms",
                "fired",
                "bare_encode",
                "side_by_side",
            ):
                getattr(whole, name).extend(getattr(part, name))
            whole.bot_cpu_s += part.bot_cpu_s
            whole.worker_cpu_s += part.worker_cpu_s
            for game, figures in part.cpu_by_game.items():
                mine = whole.cpu_by_game.setdefault(game, [0.0, 0.0, 0.0])
                whole.cpu_by_game[game] = [a + b for a, b in zip(mine, figures, strict=True)]
            whole.bands = [a + b for a, b in zip(whole.bands, part.bands, strict=True)]
            whole.games |= part.games
            whole.lost_races += part.lost_races
            whole.failed += part.failed
            whole.first_failure = whole.first_failure or part.first_failure
            whole.applied.update(part.applied)
            whole.opened.update(part.opened)
        return whole


@dataclass
class ShardReport:
    name: str
    elapsed: float  # seconds from the first click to the last answer
    peak_rss_kb: int  # the process and its render workers: resident sizes added up
    measures: Measures
    peak_pss_kb: int = 0  # ...proportional sizes added up (``bot.tools.bench.TreeMemory``)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "measures": self.measures.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ShardReport:
        return cls(**{**data, "measures": Measures.from_json(data["measures"])})


# ---------------------------------------------------------------- the parent's preparation
@dataclass(frozen=True)
class BenchOptions:
    game: str
    matches: int
    rate: float  # clicks per second, all processes together
    seconds: float
    seed: int
    render_processes: int  # per bot process
    bot_processes: int = 1
    #: How many matches get a due timer (and are not clicked), spread over the processes.
    timers: int = 0
    #: Each process waits for a click's answer before the next (its clicks never race each
    #: other, so how many are applied does not depend on the machine's speed: the tests).
    one_click_at_a_time: bool = False
    #: Clicks of each game made one at a time after the run (``ShardPlan.cpu_clicks``).
    cpu_clicks: int = 0

    @property
    def timed_matches(self) -> int:
        """How many matches get a due timer: as many in each process."""
        return self.timers // self.bot_processes * self.bot_processes

    def problem(self) -> str | None:
        """Why these options cannot run (None: they can)."""
        if self.bot_processes < 1 or self.matches < self.bot_processes:
            return "--matches must be at least --bot-processes, which must be at least 1"
        if self.rate <= 0 or self.seconds <= 0:
            return "--rate and --seconds must be positive"
        if not 0 <= self.timers // self.bot_processes < self.matches // self.bot_processes:
            return "--timers must leave each bot process a match to click"
        return None


def default_timers(matches: int) -> int:
    """200 due timers, or a fifth of the matches if that is fewer."""
    return min(200, matches // 5)


@dataclass
class Prepared:
    plans: list[ShardPlan]
    #: Every match made, with its version once started (its log's rows come after).
    started: dict[int, int]

    @property
    def timed(self) -> set[int]:
        """The matches whose timer is due."""
        return {match_id for plan in self.plans for match_id in plan.timed}


async def each_at_once(
    items: Iterable[_T], work: Callable[[_T], Awaitable[None]], limit: int = AT_ONCE
) -> None:
    """``work`` on every item, ``limit`` at a time."""
    pending = iter(items)

    async def worker() -> None:
        for item in pending:
            await work(item)

    await asyncio.gather(*(worker() for _ in range(limit)))


@asynccontextmanager
async def opened_store(database_url: str) -> AsyncIterator[MatchStore]:
    """The store of ``database_url``, open (and migrated) until the block ends."""
    store = store_from_url(database_url)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def prepare(store: MatchStore, options: BenchOptions, database_url: str) -> Prepared:
    """Make the started matches spread evenly over the shards, set the due timers of a
    sample of them (evenly spread too), and plan each bot process's part."""
    numbering = Numbering(options.bot_processes, channel_base=int(time.time()) * 1_000_000)
    rng = random.Random(options.seed)
    matches = await make_matches(store, numbering, options, rng)
    plans = [
        plan_shard(options, database_url, numbering, shard, matches, rng)
        for shard in range(options.bot_processes)
    ]
    prepared = Prepared(plans, {match.id: match.version for match in matches})
    due = time.time() - 1.0
    await each_at_once(prepared.timed, lambda match_id: store.set_timer(match_id, due))
    return prepared


async def make_matches(
    store: MatchStore, numbering: Numbering, options: BenchOptions, rng: random.Random
) -> list[Match]:
    """Matches number 0 to ``options.matches - 1``, started, made many at a time."""
    seeds = [rng.randrange(2**31) for _ in range(options.matches)]
    service = MatchService(store, time.time)
    games = games_of(options.game)
    made: dict[int, Match] = {}

    async def make(number: int) -> None:
        made[number] = await open_started_match(service, numbering, number, games, seeds[number])

    await each_at_once(range(options.matches), make)
    return [made[number] for number in range(options.matches)]


def plan_shard(
    options: BenchOptions,
    database_url: str,
    numbering: Numbering,
    shard: int,
    matches: list[Match],
    rng: random.Random,
) -> ShardPlan:
    """The part of the bot process running ``shard``: its matches, a sample of them timed."""
    shards = options.bot_processes
    mine = [match.id for match in matches[shard::shards]]
    timed = set(rng.sample(mine, options.timed_matches // shards))
    return ShardPlan(
        name=process_name(shard, shards),
        database_url=database_url,
        numbering=numbering,
        shard=shard,
        game=options.game,
        rate=options.rate / shards,
        seconds=options.seconds,
        seed=options.seed * 1_000 + shard,
        render_processes=options.render_processes,
        clicked=[match_id for match_id in mine if match_id not in timed],
        timed=sorted(timed),
        next_number=len(matches),
        one_click_at_a_time=options.one_click_at_a_time,
        cpu_clicks=options.cpu_clicks,
    )


def process_name(shard: int, bot_processes: int) -> str:
    """``bot`` alone; ``bot-0``, ``bot-1``, ... side by side (as in docker-compose.yml)."""
    return "bot" if bot_processes == 1 else f"bot-{shard}"


# ---------------------------------------------------------------- the bot processes
class BotProcess:
    """One ``python -m bot bench --child`` process: it opens its store and render workers,
    says it is ready, clicks once told to go, and writes its report to a file."""

    def __init__(self, plan: ShardPlan, folder: Path) -> None:
        self.plan = plan
        self.plan_path = folder / f"{plan.name}.plan.json"
        self.report_path = folder / f"{plan.name}.report.json"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.plan_path.write_text(json.dumps(self.plan.to_json()))
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "bot", "bench", "--child", str(self.plan_path), str(self.report_path)),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )

    @property
    def _running(self) -> asyncio.subprocess.Process:
        if self.process is None:
            raise BenchError(f"{self.plan.name} was not started")
        return self.process

    async def ready(self) -> None:
        assert self._running.stdout is not None
        line = (await self._running.stdout.readline()).decode().strip()
        if line != READY:
            code = await self._running.wait()
            raise BenchError(f"{self.plan.name} ended before it was ready (exit code {code})")

    async def go(self) -> None:
        assert self._running.stdin is not None
        self._running.stdin.write(f"{GO}\n".encode())
        await self._running.stdin.drain()

    async def report(self) -> ShardReport:
        code = await self._running.wait()
        if code != 0:
            raise BenchError(f"{self.plan.name} failed (exit code {code})")
        return ShardReport.from_json(json.loads(self.report_path.read_text()))

    def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()


async def run_bot_processes(plans: list[ShardPlan], folder: Path) -> list[ShardReport]:
    """One process per plan; they all start clicking once every one of them is ready."""
    processes = [BotProcess(plan, folder) for plan in plans]
    try:
        for process in processes:
            await process.start()
        for process in processes:
            await process.ready()
        for process in processes:
            await process.go()
        return [await process.report() for process in processes]
    finally:
        for process in processes:
            process.stop()


async def wait_for_go() -> None:
    """A bot process's side of the start: ready, then wait for the parent's word."""
    print(READY, flush=True)
    line = await asyncio.to_thread(sys.stdin.readline)
    if line.strip() != GO:
        raise BenchError("the bench's parent process went away before the start")


# ---------------------------------------------------------------- the checks
@dataclass(frozen=True)
class Check:
    name: str
    problems: list[str]
    summary: str

    @property
    def passed(self) -> bool:
        return not self.problems

    def line(self) -> str:
        if self.passed:
            return f"check, {self.name}: OK, {self.summary}"
        shown = "; ".join(self.problems[:5])
        more = f" (and {len(self.problems) - 5} more)" if len(self.problems) > 5 else ""
        return f"check, {self.name}: FAILED, {len(self.problems)} problems: {shown}{more}"


def log_problems(match: Match | None, started: int, applied: int, seqs: list[int]) -> list[str]:
    """What is wrong with one match's action log: its rows since it started must be the
    clicks applied, once each, in order, the last one the match's version."""
    if match is None:
        return ["missing"]
    problems = []
    new_rows = sum(1 for seq in seqs if seq > started)
    if new_rows != applied:
        problems.append(f"{applied} clicks applied, {new_rows} actions logged")
    if any(later <= earlier for earlier, later in itertools.pairwise(seqs)):
        problems.append(f"seqs {seqs} do not increase")
    if (seqs[-1] if seqs else started) != match.version:
        problems.append(f"version {match.version}, last seq {seqs[-1] if seqs else None}")
    return problems


async def check_actions(store: MatchStore, started: dict[int, int], measures: Measures) -> Check:
    """No lost or doubled action, from the store's log of every match made or opened."""
    everything = {**started, **measures.opened}
    problems: list[str] = []

    async def check(match_id: int) -> None:
        match = await store.get(match_id)
        seqs = [seq for seq, _, _ in await store.action_log(match_id)]
        found = log_problems(match, everything[match_id], measures.applied[match_id], seqs)
        problems.extend(f"match {match_id}: {problem}" for problem in found)

    await each_at_once(sorted(everything), check)
    summary = (
        f"{sum(measures.applied.values())} clicks applied in {len(everything)} matches, "
        f"{len(measures.opened)} of them opened to replace finished ones; each click logged "
        "once, in order"
    )
    return Check("no lost or doubled action", problems, summary)


def check_timers(sampled: set[int], reports: list[ShardReport]) -> Check:
    """Every sampled timer fired once across the processes, and nothing fired twice."""
    fired = Counter(match_id for report in reports for match_id in report.measures.fired)
    problems = [f"match {match_id}: never fired" for match_id in sorted(sampled - set(fired))]
    problems += [f"match {m}: fired {n} times" for m, n in sorted(fired.items()) if n > 1]
    others = len(set(fired) - sampled)
    by_process = ", ".join(f"{r.name} {len(r.measures.fired)}" for r in reports)
    summary = f"{len(sampled)} due timers fired once each: {by_process}"
    if others:
        summary += f"; {others} timers of earlier runs' matches fired too"
    return Check("every timer fired once", problems, summary)


def check_clicks(measures: Measures) -> Check:
    """A click either counts or loses a race: no other error."""
    problems = [f"{measures.failed} clicks failed, the first with: {measures.first_failure}"]
    return Check("every click answered", problems if measures.failed else [], "no click failed")
