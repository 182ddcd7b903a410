"""``python -m bot bench --replay``: how long a long match's replay takes to build (the
issue's budget: a 200-turn match in at most 10 s on one core), for each turn game.

Each match is played through its engine by seeded players (the AI, or random legal moves
where the AI ends matches too soon), logged as the store would log it, then replayed the
way ``/replay`` does: the log replayed (``bot.replay.replay``), then every frame drawn,
captioned and encoded (``bot.replay.make_animation``) in this process, on one core.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES
from bot.games.base import SYSTEM_SEAT, clock_of
from bot.matches import STARTED_AT
from bot.replay import Animation, LogEntry, ReplayJob, Step, frames_of, make_animation, replay
from bot.store import Match, Seat

#: The moment the played matches start (any fixed wall-clock time).
START = 1_700_000_000.0
#: Seconds between two actions of a turn game in a played match.
TURN_GAP = 30.0
#: The turn games, each set up for a long match: (players, options, random players).
LONG_MATCHES: dict[str, tuple[int, dict[str, Any], bool]] = {
    "ruship": (2, {}, True),
    "bugrace": (4, {}, False),
    "rushncrush": (6, {"course": "oval", "laps": 3}, True),
    "fireship": (2, {}, False),
}


def played_match(
    game: str,
    players: int,
    seed: int,
    *,
    limit: int,
    options: dict[str, Any] | None = None,
    random_moves: bool = False,
) -> tuple[Match, list[LogEntry]]:
    """A match played by seeded players for at most ``limit`` actions (to its end if it
    comes first), as the store would hold it: the match row and its timed action log. A
    real-time game's actions carry their match time; its deadlines pass when nobody acts."""
    engine = GAMES[game]
    clock = clock_of(engine)
    state: Any = engine.new_state(players, seed, options or {})
    rng = random.Random(seed)
    log: list[LogEntry] = []
    at = 0.0
    while engine.outcome(state) is None and len(log) < limit:
        acting = sorted(engine.to_act(state))
        if acting:
            seat = acting[len(log) % len(acting)]
            legal = engine.legal_actions(state, seat)
            action = rng.choice(legal) if random_moves else engine.bot_action(state, seat, rng)
            at = max(at, clock.ready_at(state, seat)) if clock else at + TURN_GAP
        else:
            due = clock.next_deadline(state) if clock else None
            if clock is None or due is None:
                break
            seat, action, at = SYSTEM_SEAT, str(clock.due_action(state)), max(at, due)
        if clock is not None:
            state = clock.apply_at(state, seat, action, at)
        else:
            state = engine.apply(state, seat, action)
        log.append((len(log) + 2, seat, action, START + at))
    outcome = engine.outcome(state)
    match = Match(
        id=1,
        guild_id=1,
        channel_id=1,
        game=game,
        status="finished" if outcome else "active",
        creator_id=100,
        seed=seed,
        settings={STARTED_AT: START, "options": options or {}},
        state=None,
        result={"winners": list(outcome.winners), "reason": outcome.reason} if outcome else None,
        version=len(log) + 1,
        board_message_id=None,
        turn_started_at=None,
        last_reminder_at=None,
        frozen_reason=None,
        created_at=START - 60,
        seats=tuple(Seat(seat, 100 + seat) for seat in range(players)),
    )
    return match, log


def simple_caption(step: Step | None) -> tuple[str, ...]:
    """A caption from the log alone (the bot's own come from each game's account)."""
    if step is None:
        return ("The start",)
    return (f"Turn {step.turn} · Player {step.seat + 1}", step.action)


@dataclass(frozen=True)
class Timed:
    game: str
    turns: int
    replay_s: float
    picture_s: float
    cpu_s: float  # both, in CPU time of this process (the machine may be busy elsewhere)
    animation: Animation


def time_replay(game: str, turns: int, seed: int) -> Timed:
    """The longest of a few seeded matches, cut at ``turns`` turns, replayed and drawn."""
    players, options, random_moves = LONG_MATCHES[game]
    candidates = (
        played_match(
            game, players, seed + n, limit=turns, options=options, random_moves=random_moves
        )
        for n in range(5)
    )
    match, log = max(candidates, key=lambda played: len(played[1]))
    started, cpu = time.perf_counter(), time.process_time()
    replayed = replay(match, log)
    frames = frames_of(replayed, simple_caption)[: turns + 1]
    replayed_at = time.perf_counter()
    animation = make_animation(ReplayJob(game, frames, result="Winner: Player 1"))
    done = time.perf_counter()
    cpu = time.process_time() - cpu
    return Timed(game, len(frames) - 1, replayed_at - started, done - replayed_at, cpu, animation)


def main(turns: int = 200, seed: int = 1) -> int:
    for game in LONG_MATCHES:
        timed = time_replay(game, turns, seed)
        shown = timed.animation
        every = f", every {shown.every} turns" if shown.every > 1 else ""
        print(
            f"{game}: {timed.turns} turns, replayed in {timed.replay_s:.2f} s, drawn and encoded "
            f"in {timed.picture_s:.2f} s (total {timed.replay_s + timed.picture_s:.1f} s, "
            f"CPU {timed.cpu_s:.1f} s): "
            f"{shown.frames} frames{every}, {shown.size[0]}×{shown.size[1]}, "
            f"{len(shown.data) / 1e6:.1f} MB {shown.extension}"
        )
    return 0
