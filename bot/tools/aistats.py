"""Measure an engine's AI: win rate against a random legal player, game length, move time.

``python -m bot aistats ruship --games 200`` prints the figures the README quotes.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES, Game

MAX_ACTIONS = 50_000


@dataclass(frozen=True)
class MatchRecord:
    winners: tuple[int, ...]
    turns: int  # times the acting seat changed hands (a "turn" for turn-based games)
    actions: int
    ai_seconds: list[float]


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


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bot aistats")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args(argv)
    figures = measure(GAMES[args.game], args.games, args.players)
    print(
        f"{args.game}: AI beat a random player in {figures.ai_wins}/{figures.games} games "
        f"({figures.win_rate:.0%}); AI-only games last {figures.mean_turns_ai_only:.1f} turns "
        f"on average; AI move median {figures.median_ai_ms:.2f} ms, max {figures.max_ai_ms:.1f} ms"
    )
    return 0
