"""``python -m bot bench --live``: Rush Out! played live, every player as fast as the
cooldown allows.

Each match seats five people (one sorcerer, four heroes) who each click every half
cooldown (a throw, then a placement while the next throw cools down). A click is what the
bot does before it answers: load the match, apply the action at the match time, save it,
and build the clicker's controller panel (its text, its button labels, its components).
That is the reply's latency. Each match's public board is drawn in the background at most
every 2 s, as the table does for a real-time match, so the renderer's load is counted too.

With ``--live-ai LEVEL`` the last ``AI_SEATS`` seats of each match are AIs of that level,
played as the table plays them (``MatchService.act_as_ai``: the decision in a thread, off
the event loop) as often as a person clicks: the people's reply latency shows whether a
thinking AI delays them.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.games import GAMES, IllegalAction
from bot.i18n import Tr
from bot.pictures.painter import BoardPainter
from bot.store.sqlite import SqliteStore
from bot.table.errors import TableError
from bot.table.matches import MatchService

GAME = "rushout"
PLAYERS = 5
COOLDOWN = 2.5
BOARD_SECONDS = 2.0
#: Seats played by the AI with ``--live-ai`` (the last ones; the sorcerer stays a person).
AI_SEATS = 2


@dataclass
class LiveMeasures:
    reply_ms: list[float] = field(default_factory=list)
    refused: int = 0
    boards: int = 0
    ai_actions: int = 0


class LiveBench:
    def __init__(
        self, service: MatchService, painter: BoardPainter, seed: int, ai_level: str | None = None
    ) -> None:
        from cogs._components import action_components
        from cogs.rushout import RushOutPresenter

        self.service = service
        self.painter = painter
        self.engine: Any = GAMES[GAME]
        self.presenter = RushOutPresenter()
        self.components = action_components
        self.rng = random.Random(seed)
        self.tr = Tr("en")
        self.measures = LiveMeasures()
        self.names = [f"player {seat + 1}" for seat in range(PLAYERS)]
        self.ai_level = ai_level
        self.people = PLAYERS - (AI_SEATS if ai_level else 0)

    async def open_match(self, channel: int) -> int:
        people = [channel * 10 + seat for seat in range(self.people)]
        options = {"mode": "scenario1", "play": "live", "cooldown": COOLDOWN}
        match = await self.service.open_lobby(
            game=GAME,
            guild_id=1,
            channel_id=channel,
            creator_id=people[0],
            settings={"options": options},
            seated=people[1:],
            seed=self.rng.randrange(2**31),
        )
        for _ in range(PLAYERS - self.people):
            assert self.ai_level is not None
            await self.service.add_ai(match.id, people[0], self.ai_level)
        await self.service.start(match.id, people[0])
        return match.id

    async def player(self, match_id: int, seat: int, until: float) -> None:
        await asyncio.sleep(self.rng.uniform(0, COOLDOWN))
        while time.perf_counter() < until:
            if seat < self.people:
                await self.click(match_id, seat)
            elif await self.service.act_as_ai(match_id, seat) is not None:
                self.measures.ai_actions += 1
            await asyncio.sleep(COOLDOWN / 2)

    async def click(self, match_id: int, seat: int) -> None:
        started = time.perf_counter()
        match = await self.service.get(match_id)
        if match.status != "active":
            return
        state = self.service.load_state(match)
        now = self.service.match_time(match)
        actions = self.engine.legal_actions_at(state, seat, now)
        if not actions:
            return
        action = self.engine.bot_action(state, seat, self.rng)
        user = next(s.user_id for s in match.seats if s.seat == seat)
        assert user is not None
        try:
            played = await self.service.act(
                match_id, match.version, user, action, tolerate_others=True
            )
        except (TableError, IllegalAction):  # a cooldown not over, a race lost
            self.measures.refused += 1
            return
        self.controller(played.match, played.state, seat)
        self.measures.reply_ms.append((time.perf_counter() - started) * 1000)

    def controller(self, match: Any, state: Any, seat: int) -> None:
        """The clicker's panel as the table builds it for the reply."""
        view = self.engine.view(state, seat)
        view["clock"]["now"] = self.service.match_time(match)
        self.presenter.private_lines(view, self.names, self.tr)
        self.components(
            match.id,
            match.version,
            self.engine.legal_actions(state, seat),
            label=lambda action: self.presenter.action_label(action, view, self.tr),
            group=self.presenter.action_group,
            seat=seat,
        )

    async def board(self, match_id: int, until: float) -> None:
        shown = -1
        while time.perf_counter() < until:
            await asyncio.sleep(BOARD_SECONDS)
            match = await self.service.get(match_id)
            if match.version != shown:
                state = self.service.load_state(match)
                await self.painter.render(GAME, self.engine.view(state, None))
                shown = match.version
                self.measures.boards += 1


async def run_live_bench(
    *,
    matches: int,
    seconds: float,
    database: Path,
    seed: int,
    processes: int,
    ai_level: str | None = None,
) -> tuple[LiveMeasures, float]:
    store = SqliteStore(str(database))
    await store.open()
    service = MatchService(store, time.time)
    painter = BoardPainter(processes)
    if processes > 0:  # as the bot: a hard AI searches in a render worker
        service.think_apart = painter.think
    engine: Any = GAMES[GAME]
    await painter.render(GAME, engine.view(engine.new_state(PLAYERS, 0), None))  # warm up
    bench = LiveBench(service, painter, seed, ai_level)
    ids = [await bench.open_match(channel) for channel in range(1, matches + 1)]
    started = time.perf_counter()
    until = started + seconds
    work = [bench.player(match_id, seat, until) for match_id in ids for seat in range(PLAYERS)]
    work += [bench.board(match_id, until) for match_id in ids]
    await asyncio.gather(*work)
    elapsed = time.perf_counter() - started
    await store.close()
    await painter.close()
    return bench.measures, elapsed


def report(
    measures: LiveMeasures, matches: int, elapsed: float, ai_level: str | None = None
) -> list[str]:
    from bot.tools.figures import percentile

    replies = measures.reply_ms or [0.0]
    seated = (
        f"{PLAYERS} players"
        if ai_level is None
        else (
            f"{PLAYERS - AI_SEATS} people and {AI_SEATS} {ai_level} AIs "
            f"({measures.ai_actions} AI actions)"
        )
    )
    return [
        f"rushout live: {matches} matches of {seated} clicking every "
        f"{COOLDOWN / 2:.2f} s, {len(measures.reply_ms)} clicks in {elapsed:.1f} s "
        f"({len(measures.reply_ms) / elapsed:.0f}/s), {measures.refused} refused",
        f"reply (action saved + controller built): median {statistics.median(replies):.1f} ms, "
        f"p95 {percentile(replies, 0.95):.1f} ms",
        f"boards drawn: {measures.boards} ({measures.boards / elapsed:.1f}/s)",
    ]
