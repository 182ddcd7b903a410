"""``python -m bot bench --replay``: how long a long match's replay takes to build (the
issue's budget: a 200-turn match in at most 10 s on one core), for each turn game.

Each match is played through its engine by seeded players (the AI, or random legal moves
where the AI ends matches too soon), logged as the store would log it, then replayed the
way ``/match replay`` does: the log replayed (``bot.table.replay.replay``), the boards drawn
in a render worker and encoded in a thread (``BoardPainter.render_replay``): one step after
the other, so one core at a time. Meanwhile another match's board is asked for every 100 ms, to see
how long a click elsewhere waits behind a replay.
"""

from __future__ import annotations

import asyncio
import random
import resource
import statistics
import time
from dataclasses import dataclass
from typing import Any

from bot.games import GAMES
from bot.games.base import SYSTEM_SEAT, View, clock_of
from bot.pictures.animation import Animation, ReplayJob
from bot.pictures.painter import BoardPainter
from bot.store.contract import Match, Seat
from bot.store.memory import MemoryStore
from bot.table.matches import MatchService
from bot.table.replay import LogEntry, Step, frames_of, replay
from bot.table.timers import STARTED_AT

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


def offline_service() -> MatchService:
    """The table's match service with nothing stored: enough to replay a log."""
    return MatchService(MemoryStore(), time.time)


def simple_caption(step: Step | None, before: View) -> tuple[str, ...]:
    """A caption from the log alone (the bot's own come from each game's account)."""
    if step is None:
        return ("The start",)
    return (f"Turn {step.turn} · Player {step.seat + 1}", step.action)


@dataclass(frozen=True)
class Timed:
    game: str
    turns: int
    replay_s: float  # the log replayed through the engine
    picture_s: float  # the boards drawn, captioned and encoded
    animation: Animation
    #: Boards of other matches asked for meanwhile: how long each took.
    board_ms: list[float]


def long_match(game: str, turns: int, seed: int) -> tuple[Match, list[LogEntry]]:
    """The longest of a few seeded matches, at most ``turns`` actions long."""
    players, options, random_moves = LONG_MATCHES[game]
    candidates = (
        played_match(
            game, players, seed + n, limit=turns, options=options, random_moves=random_moves
        )
        for n in range(5)
    )
    return max(candidates, key=lambda played: len(played[1]))


async def time_replay(painter: BoardPainter, game: str, turns: int, seed: int) -> Timed:
    """A long match replayed the way ``/match replay`` does it, while another match's board is
    asked for every 100 ms (a click elsewhere)."""
    match, log = long_match(game, turns, seed)
    engine = GAMES[game]
    other = engine.view(engine.new_state(engine.min_players, seed), None)
    await painter.render(game, other)  # the worker knows this game's pictures
    started = time.perf_counter()
    replayed = replay(offline_service(), match, log)
    frames = frames_of(replayed, simple_caption)[: turns + 1]
    replayed_at = time.perf_counter()
    drawing = asyncio.ensure_future(
        painter.render_replay(ReplayJob(game, frames, result="Winner: Player 1"))
    )
    board_ms: list[float] = []
    while not drawing.done():
        asked = time.perf_counter()
        await painter.render(game, other)
        board_ms.append((time.perf_counter() - asked) * 1000)
        await asyncio.wait([drawing], timeout=0.1)
    animation = await drawing
    done = time.perf_counter()
    return Timed(
        game, len(frames) - 1, replayed_at - started, done - replayed_at, animation, board_ms
    )


async def run(turns: int, seed: int, processes: int) -> list[Timed]:
    painter = BoardPainter(processes)
    try:
        await painter.warm_up()
        return [await time_replay(painter, game, turns, seed) for game in LONG_MATCHES]
    finally:
        await painter.close()


def main(turns: int = 200, seed: int = 1, processes: int = 1) -> int:
    for timed in asyncio.run(run(turns, seed, processes)):
        shown = timed.animation
        every = f", every {shown.every} turns" if shown.every > 1 else ""
        waits = sorted(timed.board_ms)
        print(
            f"{timed.game}: {timed.turns} turns, replayed in {timed.replay_s:.2f} s, drawn and "
            f"encoded in {timed.picture_s:.1f} s: {shown.frames} frames{every}, "
            f"{shown.size[0]}×{shown.size[1]}, {len(shown.data) / 1e6:.1f} MB {shown.extension}; "
            f"another match's board meanwhile: median {statistics.median(waits):.0f} ms, "
            f"max {waits[-1]:.0f} ms"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process (the bot's side: replays, captions, encoding): {peak:.0f} MB")
    return 0
