"""Balance of a game between its camps, measured at live pace.

``python -m bot balance rushout --matches 200`` plays AI-against-AI matches of every Rush
Out! mode at 3, 4 and 5 players through the live-pacing simulator
(``bot.tools.rushout_live``: every seat throws as soon as its cooldown allows and takes the
same hand time for every other action, heroes in parallel with each other and with the
sorcerer), then prints the sorcerer's win rate in each mode and player count with its 95%
Wilson interval, and how long each camp alone takes to empty its deck in Training 1.

``--honesty N`` first checks that the figures rest on honest players: each camp is played
by the engine's AI, by a greedy player and by a flat Monte-Carlo player of its own
(``bot.tools.rushout_players``), always against the other camp's AI, N matches each; a
baseline that wins clearly more often than the AI shows a win the AI leaves.

``--sorcerer-level`` and ``--heroes-level`` seat the engine's AI at another level
(``bot.games.base.LEVELS``) in one camp or both, to measure the levels per camp against the
same level of the other camp (normal by default); the decisions' CPU time of the levels other
than normal is printed too.

The rulings want each camp to win 40-60% of the matches everywhere; matches of one cell use
the seeds ``seed``, ``seed + 1``..., the same in every cell.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from bot.games.base import DEFAULT_LEVEL, LEVELS
from bot.games.rushout.data import MODES
from bot.tools.figures import percentile, wilson
from bot.tools.rushout_live import (
    HAND_TIME,
    LiveResult,
    Policy,
    ai_policy,
    level_policy,
    play_live,
)
from bot.tools.rushout_players import GreedyPlayer, MonteCarloPlayer

GAMES = ("rushout",)
J = TypeVar("J")
R = TypeVar("R")


@dataclass(frozen=True)
class Cell:
    mode: str
    players: int
    matches: int
    sorcerer_wins: int
    rounds: int  # rounds played in all (scenarios have two or three per match)
    seconds: float  # mean match time
    #: CPU seconds of each decision of the seats whose level is not normal.
    cpu: tuple[float, ...] = field(default=(), repr=False)

    @property
    def rate(self) -> float:
        return self.sorcerer_wins / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.sorcerer_wins, self.matches)


@dataclass(frozen=True)
class Unopposed:
    players: int
    heroes: float  # mean seconds for the heroes alone to empty their deck
    sorcerer: float  # the same for the sorcerer alone


#: The players a camp is tried with in the honesty check, each made fresh for a match.
BASELINES: dict[str, Callable[[], Policy]] = {
    "AI": lambda: ai_policy,
    "greedy": GreedyPlayer,
    "Monte-Carlo": MonteCarloPlayer,
}
CAMPS = ("sorcerer", "heroes")


@dataclass(frozen=True)
class Honesty:
    camp: str
    player: str  # a key of BASELINES
    matches: int
    wins: int  # the camp's

    @property
    def rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


#: The camps' levels: (sorcerer, heroes).
Levels = tuple[str, str]
NORMAL: Levels = (DEFAULT_LEVEL, DEFAULT_LEVEL)


def _match(job: tuple[str, int, int, float, Levels]) -> tuple[LiveResult, list[float]]:
    """A match with each camp's AI at its level, and the CPU seconds of the decisions of
    the seats not at the normal level. The sorcerer sits at seat 0 (the default)."""
    mode, players, seed, hand, (sorcerer, heroes) = job
    cpu: list[float] = []
    policies: dict[int, Policy] = {}
    for seat in range(players):
        level = sorcerer if seat == 0 else heroes
        if level != DEFAULT_LEVEL:
            policies[seat] = level_policy(level, cpu)
    _, result = play_live(players, seed, mode, policies, hand_time=hand)
    assert result is not None
    return result, cpu


def _alone(job: tuple[int, int, str, float]) -> float:
    players, seed, camp, hand = job
    active = {0} if camp == "sorcerer" else set(range(1, players))
    _, result = play_live(players, seed, "training1", active=active, hand_time=hand)
    assert result is not None
    assert result.winner == camp, f"{camp} alone lost (seed {seed})"
    return result.seconds


def _baseline_match(job: tuple[str, str, str, int, int, float]) -> bool:
    """Whether ``camp``, played by the baseline ``player``, beats the other camp's AI."""
    camp, player, mode, players, seed, hand = job
    policy = BASELINES[player]()
    seats = [0] if camp == "sorcerer" else list(range(1, players))
    _, result = play_live(players, seed, mode, dict.fromkeys(seats, policy), hand_time=hand)
    assert result is not None
    return result.winner == camp


def honesty(
    mode: str,
    players: int,
    matches: int,
    seed: int = 1,
    hand: float = HAND_TIME,
    workers: int = 1,
) -> list[Honesty]:
    """Each camp's win rate with each baseline player against the other camp's AI."""
    entries = [(camp, player) for camp in CAMPS for player in BASELINES]
    jobs = [(c, p, mode, players, seed + i, hand) for c, p in entries for i in range(matches)]
    won = _run(_baseline_match, jobs, workers)
    return [
        Honesty(camp, player, matches, sum(won[index * matches : (index + 1) * matches]))
        for index, (camp, player) in enumerate(entries)
    ]


def honesty_table(entries: Sequence[Honesty], mode: str, players: int) -> str:
    lines = [
        f"AI honesty ({MODES[mode].title}, {players} players, {entries[0].matches} matches "
        "an entry): a camp's wins when played by each player, against the other camp's AI",
        f"{'camp':<10}" + "".join(f"{player:>22}" for player in BASELINES),
    ]
    for camp in CAMPS:
        row = f"{camp:<10}"
        for entry in (e for e in entries if e.camp == camp):
            low, high = wilson(entry.wins, entry.matches)
            row += f"{f'{entry.rate:4.0%} [{low:3.0%}-{high:3.0%}]':>22}"
        lines.append(row)
    return "\n".join(lines)


def _run(function: Callable[[J], R], jobs: list[J], workers: int) -> list[R]:
    if workers <= 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, jobs, chunksize=max(1, len(jobs) // (8 * workers))))


def measure(
    modes: Sequence[str],
    players: Sequence[int],
    matches: int,
    seed: int = 1,
    hand: float = HAND_TIME,
    workers: int = 1,
    progress: Callable[[Cell], None] | None = None,
    levels: Levels = NORMAL,
) -> list[Cell]:
    """Every cell mode x players; ``progress`` sees each cell as soon as it is measured.
    ``levels``: the sorcerer's and the heroes' AI levels."""
    cells = []
    for mode in modes:
        for count in players:
            jobs = [(mode, count, seed + i, hand, levels) for i in range(matches)]
            cell = _cell(mode, count, _run(_match, jobs, workers))
            if progress is not None:
                progress(cell)
            cells.append(cell)
    return cells


def _cell(mode: str, players: int, played: Sequence[tuple[LiveResult, list[float]]]) -> Cell:
    results = [result for result, _ in played]
    return Cell(
        mode,
        players,
        len(results),
        sum(1 for r in results if r.winner == "sorcerer"),
        sum(r.rounds for r in results),
        statistics.fmean(r.seconds for r in results) if results else 0.0,
        tuple(seconds for _, cpu in played for seconds in cpu),
    )


def cpu_line(cpu: Sequence[float]) -> str:
    """The decisions' CPU times: median, 95th percentile and longest, in milliseconds."""
    if not cpu:
        return "no decision timed"
    return (
        f"{len(cpu)} decisions: p50 {1000 * statistics.median(cpu):.1f} ms, "
        f"p95 {1000 * percentile(list(cpu), 0.95):.1f} ms, max {1000 * max(cpu):.1f} ms CPU"
    )


def _report(cell: Cell) -> None:
    timed = f" ({cpu_line(cell.cpu)})" if cell.cpu else ""
    print(f"{cell.mode} {cell.players}p: {cell.rate:.0%}{timed}", file=sys.stderr, flush=True)


def unopposed(
    players: Sequence[int], matches: int, seed: int = 1, hand: float = HAND_TIME, workers: int = 1
) -> list[Unopposed]:
    """Training 1, each camp alone (the other never acts, but the sorcerer's first throw)."""
    jobs = [
        (p, seed + i, camp, hand)
        for p in players
        for camp in ("heroes", "sorcerer")
        for i in range(matches)
    ]
    times = _run(_alone, jobs, workers)
    found = []
    for index, count in enumerate(players):
        heroes = times[2 * index * matches : (2 * index + 1) * matches]
        sorcerer = times[(2 * index + 1) * matches : (2 * index + 2) * matches]
        found.append(Unopposed(count, statistics.fmean(heroes), statistics.fmean(sorcerer)))
    return found


def table(cells: Sequence[Cell], alone: Sequence[Unopposed], levels: Levels = NORMAL) -> str:
    players = sorted({cell.players for cell in cells})
    against = "AI against AI" if levels == NORMAL else f"sorcerer {levels[0]}, heroes {levels[1]}"
    lines = [
        f"Sorcerer wins at live pace ({against}; 95% Wilson interval; mean match time)",
        f"{'mode':<12}" + "".join(f"{f'{p} players':>26}" for p in players),
    ]
    for mode in dict.fromkeys(cell.mode for cell in cells):
        row = f"{MODES[mode].title:<12}"
        for count in players:
            cell = next(c for c in cells if c.mode == mode and c.players == count)
            low, high = cell.interval
            text = f"{cell.rate:4.0%} [{low:3.0%}-{high:3.0%}] {cell.seconds:4.0f}s"
            row += f"{text:>26}"
        lines.append(row)
    if cells:
        lines.append(f"({cells[0].matches} matches a cell)")
    cpu = [seconds for cell in cells for seconds in cell.cpu]
    if cpu:
        lines.append(f"Levels other than normal: {cpu_line(cpu)}")
    if alone:
        lines.append("")
        lines.append("Training 1, each camp alone: mean seconds to empty its deck")
        for entry in alone:
            lines.append(
                f"{entry.players} players: heroes {entry.heroes:5.1f} s, "
                f"sorcerer {entry.sorcerer:5.1f} s"
            )
    return "\n".join(lines)


def _csv(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot balance", description=__doc__)
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--matches", type=int, default=100, help="matches a cell (100)")
    parser.add_argument("--players", default="3,4,5", help="player counts (3,4,5)")
    parser.add_argument("--modes", default=",".join(MODES), help="modes (all)")
    parser.add_argument("--seed", type=int, default=1, help="first match seed (1)")
    parser.add_argument(
        "--unopposed", type=int, default=None, help="matches of each camp alone (--matches)"
    )
    parser.add_argument("--hand", type=float, default=HAND_TIME, help=f"hand time, s ({HAND_TIME})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (1)")
    parser.add_argument(
        "--honesty", type=int, default=0, help="matches of each camp and baseline player (0)"
    )
    parser.add_argument("--honesty-mode", default="training2", help="its mode (training2)")
    parser.add_argument("--honesty-players", type=int, default=4, help="its players (4)")
    parser.add_argument(
        "--sorcerer-level", choices=LEVELS, default=DEFAULT_LEVEL, help="the sorcerer's AI"
    )
    parser.add_argument(
        "--heroes-level", choices=LEVELS, default=DEFAULT_LEVEL, help="the heroes' AI"
    )
    args = parser.parse_args(list(argv))
    modes = _csv(args.modes)
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(unknown)} (known: {', '.join(MODES)})")
    try:
        players = [int(p) for p in _csv(args.players)]
    except ValueError:
        parser.error("--players takes numbers, e.g. 3,4,5")
    if any(not 3 <= p <= 5 for p in [*players, args.honesty_players]):
        parser.error("Rush Out! is for 3 to 5 players")
    if args.matches < 0 or args.honesty < 0 or not (args.matches or args.honesty):
        parser.error("give a number of matches (--matches 0 only with --honesty)")
    if args.honesty_mode not in MODES:
        parser.error(f"unknown mode: {args.honesty_mode} (known: {', '.join(MODES)})")
    started = time.perf_counter()
    if args.honesty:
        checked = honesty(
            args.honesty_mode, args.honesty_players, args.honesty, args.seed, args.hand, args.jobs
        )
        print(honesty_table(checked, args.honesty_mode, args.honesty_players), flush=True)
    if args.matches:
        levels = (args.sorcerer_level, args.heroes_level)
        cells = measure(
            modes, players, args.matches, args.seed, args.hand, args.jobs, _report, levels
        )
        alone_matches = args.matches if args.unopposed is None else args.unopposed
        alone = (
            unopposed(players, alone_matches, args.seed, args.hand, args.jobs)
            if alone_matches
            else []
        )
        print(table(cells, alone, levels))
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0
