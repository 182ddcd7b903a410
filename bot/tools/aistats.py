"""Measure an engine's AI: win rate against a random legal player, game length, move time.

``python -m bot aistats ruship --games 200`` prints the figures the README quotes (the AI
against a random player). ``--level L --against B`` pits one AI level (``easy``,
``normal``, ``hard``) against a baseline (``greedy``, ``mc``, ``random``: see
``bot.tools.baselines``) or another level, seats alternated, and prints the win rate with
its 95% interval, the level's move times (wall clock, and CPU time: what they would be on
a quiet machine) and the games' length::

    python -m bot aistats ruship --level hard --against mc --games 200
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.games import GAMES, Game
from bot.games.base import LEVELS
from bot.tools.baselines import BASELINES, Player, baseline
from bot.tools.figures import percentile, wilson

MAX_ACTIONS = 50_000


@dataclass(frozen=True)
class MatchRecord:
    winners: tuple[int, ...]
    turns: int  # times the acting seat changed hands (a "turn" for turn-based games)
    actions: int
    ai_seconds: list[float]
    ai_cpu_seconds: list[float] = field(default_factory=list)  # the same moves' CPU time


def play_match(
    game: Game[Any],
    players: int,
    seed: int,
    ai_seats: set[int],
    options: dict[str, Any] | None = None,
) -> MatchRecord:
    """One match: seats in ``ai_seats`` use ``bot_action``, the others a random legal action."""
    rng = random.Random(seed)
    state = game.new_state(players, seed, options)
    ai_seconds: list[float] = []
    turns = 0
    previous: frozenset[int] = frozenset()
    for actions in range(MAX_ACTIONS):
        acting = game.to_act(state)
        if not acting:
            outcome = game.outcome(state)
            assert outcome is not None
            return MatchRecord(outcome.winners, turns, actions, ai_seconds)
        if acting != previous:
            turns += 1
            previous = acting
        seat = min(acting)
        if seat in ai_seats:
            started = time.perf_counter()
            action = game.bot_action(state, seat, rng)
            ai_seconds.append(time.perf_counter() - started)
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    raise RuntimeError(f"{game.name} seed {seed}: no end after {MAX_ACTIONS} actions")


@dataclass(frozen=True)
class Figures:
    games: int
    ai_wins: int
    mean_turns_ai_only: float
    median_ai_ms: float
    max_ai_ms: float

    @property
    def win_rate(self) -> float:
        return self.ai_wins / self.games


def wins_against_random(game: Game[Any], games: int, players: int = 2) -> tuple[int, list[float]]:
    """How many of ``games`` the AI wins alone in one seat (alternating) against random
    players, and the seconds each of its moves took."""
    wins = 0
    seconds: list[float] = []
    for seed in range(games):
        ai_seat = seed % players
        record = play_match(game, players, seed, {ai_seat})
        wins += record.winners == (ai_seat,)
        seconds += record.ai_seconds
    return wins, seconds


def measure(game: Game[Any], games: int = 200, players: int = 2) -> Figures:
    """AI in one seat (alternating) against random players; then AI-only games for length."""
    wins, seconds = wins_against_random(game, games, players)
    lengths = []
    for seed in range(min(games, 50)):
        record = play_match(game, players, 10_000 + seed, set(range(players)))
        lengths.append(record.turns)
        seconds += record.ai_seconds
    return Figures(
        games=games,
        ai_wins=wins,
        mean_turns_ai_only=statistics.fmean(lengths),
        median_ai_ms=statistics.median(seconds) * 1000,
        max_ai_ms=max(seconds) * 1000,
    )


# --- one level against a baseline or another level ----------------------------------------
def contender(game: Game[Any], name: str, *, mc_seconds: float = 0.2) -> Player:
    """A player by name: an AI level (``bot_action`` at that level) or a baseline."""
    if name in LEVELS:

        def level_player(state: Any, seat: int, rng: random.Random) -> str:
            return game.bot_action(state, seat, rng, level=name)

        return level_player
    return baseline(name, game.name, mc_seconds=mc_seconds)


@dataclass
class Duel:
    """Figures of ``games`` matches of one contender against another, seats alternated."""

    game: str
    level: str
    against: str
    players: int
    games: int = 0
    wins: float = 0.0  # a shared win counts its share
    shared: int = 0
    nobody: int = 0
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    move_seconds: list[float] = field(default_factory=list)
    move_cpu_seconds: list[float] = field(default_factory=list)

    def add(self, record: MatchRecord, seat: int) -> None:
        self.games += 1
        if seat in record.winners:
            self.wins += 1.0 / len(record.winners)
            self.shared += len(record.winners) > 1
        self.nobody += not record.winners
        self.turns.append(record.turns)
        self.actions.append(record.actions)
        self.move_seconds += record.ai_seconds
        self.move_cpu_seconds += record.ai_cpu_seconds

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def report(self) -> str:
        low, high = self.interval()
        times = self.move_seconds or [0.0]
        cpu = self.move_cpu_seconds or [0.0]
        lost = self.games - self.wins - self.nobody
        return (
            f"{self.game}: {self.level} vs {self.against}, {self.players} players, "
            f"{self.games} games (seats alternated): {self.level} won {self.wins:g}"
            f" ({self.shared} shared), lost {lost:g}, nobody won {self.nobody}: "
            f"{self.win_rate:.1%} (95% interval {low:.1%}-{high:.1%}); "
            f"{self.level}'s moves ({len(self.move_seconds)}): "
            f"p50 {percentile(times, 0.5) * 1000:.2f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms "
            f"(CPU time: p50 {percentile(cpu, 0.5) * 1000:.2f} ms, "
            f"p95 {percentile(cpu, 0.95) * 1000:.1f} ms, max {max(cpu) * 1000:.0f} ms); "
            f"games last {statistics.fmean(self.turns or [0]):.1f} turns, "
            f"{statistics.fmean(self.actions or [0]):.0f} actions on average"
        )


def play_duel_match(
    game: Game[Any],
    players: int,
    seed: int,
    seat_players: dict[int, Player],
    timed: set[int],
    options: dict[str, Any] | None = None,
) -> MatchRecord:
    """One match, each seat played by its ``Player``; the moves of ``timed`` seats timed.
    Each seat draws from its own random generator, derived from the seed."""
    rngs = {seat: random.Random(seed * 7919 + seat) for seat in range(players)}
    state = game.new_state(players, seed, options)
    seconds: list[float] = []
    cpu_seconds: list[float] = []
    turns = 0
    previous: frozenset[int] = frozenset()
    for actions in range(MAX_ACTIONS):
        acting = game.to_act(state)
        if not acting:
            outcome = game.outcome(state)
            assert outcome is not None
            return MatchRecord(outcome.winners, turns, actions, seconds, cpu_seconds)
        if acting != previous:
            turns += 1
            previous = acting
        seat = min(acting)
        started, started_cpu = time.perf_counter(), time.thread_time()
        action = seat_players[seat](state, seat, rngs[seat])
        if seat in timed:
            seconds.append(time.perf_counter() - started)
            cpu_seconds.append(time.thread_time() - started_cpu)
        state = game.apply(state, seat, action)
    raise RuntimeError(f"{game.name} seed {seed}: no end after {MAX_ACTIONS} actions")


def duel(
    game: Game[Any],
    level: str,
    against: str,
    games: int,
    players: int = 2,
    *,
    first_seed: int = 0,
    mc_seconds: float = 0.2,
    options: dict[str, Any] | None = None,
    progress: Callable[[Duel], None] | None = None,
) -> Duel:
    """``level`` in one seat (seat ``game % players``), ``against`` in every other."""
    result = Duel(game.name, level, against, players)
    mine = contender(game, level, mc_seconds=mc_seconds)
    theirs = contender(game, against, mc_seconds=mc_seconds)
    for index in range(games):
        seat = index % players
        seats = {s: (mine if s == seat else theirs) for s in range(players)}
        record = play_duel_match(game, players, first_seed + index, seats, {seat}, options)
        result.add(record, seat)
        if progress is not None:
            progress(result)
    return result


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        options[key] = {"true": True, "false": False}.get(value.lower(), value)
    return options


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bot aistats")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--level", choices=LEVELS, help="the AI level measured")
    parser.add_argument(
        "--against",
        choices=(*BASELINES, *LEVELS),
        help="its opponents: a baseline or an AI level (default: random)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the first match's seed")
    parser.add_argument("--mc-ms", type=float, default=200.0, help="flat MC's CPU ms a move")
    parser.add_argument("--option", action="append", default=[], help="a game option key=value")
    parser.add_argument("--progress", action="store_true", help="a line after every match")
    args = parser.parse_args(argv)
    if args.level is not None or args.against is not None:
        game = GAMES[args.game]

        def show(figures: Duel) -> None:
            print(figures.report(), flush=True)

        result = duel(
            game,
            args.level or "normal",
            args.against or "random",
            args.games,
            args.players,
            first_seed=args.seed,
            mc_seconds=args.mc_ms / 1000,
            options=_options(args.option) or None,
            progress=show if args.progress else None,
        )
        print(result.report())
        return 0
    figures = measure(GAMES[args.game], args.games, args.players)
    print(
        f"{args.game}: AI beat a random player in {figures.ai_wins}/{figures.games} games "
        f"({figures.win_rate:.0%}); AI-only games last {figures.mean_turns_ai_only:.1f} turns "
        f"on average; AI move median {figures.median_ai_ms:.2f} ms, max {figures.max_ai_ms:.1f} ms"
    )
    return 0
