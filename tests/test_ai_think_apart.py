"""A hard AI thinks apart (``MatchService.think_apart``: the bot's render workers), and in
a real-time game before it takes the match's lock: the people at its table are never kept
waiting while it searches. The live bench measures it (docs/performance.md)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.pictures.thinking import decide
from bot.store.memory import MemoryStore
from bot.table.matches import MatchService
from bot.table.writes import public_version
from tests.conftest import ALICE, BOB, Clock


class Thinker:
    """Stands for the render workers: records what it is asked, decides when let go."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int, str]] = []
        self.thinking = asyncio.Event()
        self.go_on = asyncio.Event()

    async def __call__(
        self, game: str, data: dict[str, Any], seat: int, rng: random.Random, level: str
    ) -> str:
        self.asked.append((game, seat, level))
        self.thinking.set()
        await self.go_on.wait()
        return decide(game, data, seat, rng, level)


@pytest.fixture
async def service(clock: Clock) -> AsyncIterator[MatchService]:
    store = MemoryStore()
    await store.open()
    yield MatchService(store, clock)
    await store.close()


async def new_match(
    service: MatchService, game: str, options: dict[str, Any], level: str, people: int = 2
) -> int:
    lobby = await service.open_lobby(
        game=game,
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={"options": options},
        seated=[BOB][: people - 1],
        seed=3,
    )
    await service.add_ai(lobby.id, ALICE, level)
    await service.start(lobby.id, ALICE)
    return lobby.id


async def play(service: MatchService, match_id: int, user: int, action: str) -> Any:
    match = await service.get(match_id)
    return await service.act(match_id, public_version(match), user, action, tolerate_others=True)


async def test_a_live_hard_ai_thinks_while_the_people_at_its_table_play(
    service: MatchService, clock: Clock
) -> None:
    thinker = Thinker()
    service.think_apart = thinker
    options = {"mode": "training1", "play": "live", "cooldown": 2.5}
    match_id = await new_match(service, "rushout", options, "hard")
    await play(service, match_id, ALICE, "throw")  # the sorcerer opens the round
    clock.now += 3.0
    ai = asyncio.create_task(service.act_as_ai(match_id, 2))
    await asyncio.wait_for(thinker.thinking.wait(), 5)
    played = await asyncio.wait_for(play(service, match_id, BOB, "throw"), 5)
    assert played.seat == 1 and not ai.done(), "Bob's throw went through while the AI thought"
    thinker.go_on.set()
    by_ai = await asyncio.wait_for(ai, 5)
    assert thinker.asked == [("rushout", 2, "hard")]
    assert by_ai is not None and by_ai.by_ai and by_ai.seat == 2, "then its choice is played"


async def test_a_turn_games_hard_ai_thinks_apart_and_a_normal_one_at_home(
    service: MatchService,
) -> None:
    """Bug Race's draft: every seat chooses at once, the AI (seat 1) too."""
    thinker = Thinker()
    thinker.go_on.set()
    service.think_apart = thinker
    for level, asked in (("normal", []), ("hard", [("bugrace", 1, "hard")])):
        match_id = await new_match(service, "bugrace", {}, level, people=1)
        played = await service.act_as_ai(match_id, 1)
        assert played is not None and played.seat == 1, level
        assert thinker.asked == asked, level
        await service.resign(match_id, ALICE)


async def test_a_hard_ai_still_plays_when_its_workers_are_gone(
    service: MatchService, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*args: Any) -> str:
        raise RuntimeError("a process pool was terminated abruptly")

    service.think_apart = broken
    match_id = await new_match(service, "bugrace", {}, "hard", people=1)
    played = await service.act_as_ai(match_id, 1)
    assert played is not None and played.seat == 1, "it thought in a thread instead"
    assert "could not think apart" in caplog.text


async def test_a_render_worker_decides_what_the_engine_would_here() -> None:
    """``BoardPainter.think`` in a real worker process: the state travels as its dump and
    the tie-breaks as the random generator, so the worker's choice is the engine's own."""
    from bot.games import GAMES
    from bot.pictures.painter import BoardPainter

    engine: Any = GAMES["ruship"]
    state, rng = engine.new_state(2, 21), random.Random(21)
    while len(engine.legal_actions(state, seat := min(engine.to_act(state)))) < 3:
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    here = engine.bot_action(state, seat, random.Random(4), level="hard")
    painter = BoardPainter(1)
    try:
        there = await painter.think("ruship", engine.dump(state), seat, random.Random(4), "hard")
    finally:
        await painter.close()
    assert there == here and there in engine.legal_actions(state, seat)
