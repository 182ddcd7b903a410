"""Freed memory goes back to the system: the bot after an interaction and a render worker
after a job, each at most every ``TRIM_SECONDS`` (``bot.pictures.memory``)."""

from __future__ import annotations

import os
import platform
from typing import Any

import pytest

from bot.games import GAMES
from bot.pictures import boards, memory
from bot.tools.bench_soak import rss_bytes
from tests.discord_helpers import Table

GLIBC = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"


class Trims(list[int]):
    """Stands for ``release_freed_memory``: counts the calls."""

    def __call__(self) -> bool:
        self.append(1)
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_trimmer_is_due_once_its_seconds_have_passed_then_waits_again() -> None:
    clock = Clock()
    trimmer = memory.Trimmer(every=30.0, clock=clock)
    assert not trimmer.due(), "not at once"
    clock.now += 29.9
    assert not trimmer.due()
    clock.now += 0.1
    assert trimmer.due()
    assert not trimmer.due(), "then 30 s again"
    clock.now += 30.0
    assert trimmer.due()


@pytest.mark.skipif(not GLIBC, reason="malloc_trim is glibc's")
def test_memory_freed_between_live_data_goes_back_to_the_system() -> None:
    """Large buffers freed between small ones that stay (a board's PNG between the click's
    data) leave holes the heap cannot give back by itself: the trim does."""
    kept, freed = [], []
    for _ in range(1500):
        freed.append(os.urandom(40_000))
        kept.append(os.urandom(1_000))  # past Python's small-object allocator: in malloc's heap
    del freed
    before = rss_bytes()
    assert memory.release_freed_memory()
    assert before - rss_bytes() > 30 * 2**20, "most of the 60 MB freed is handed back"
    assert len(kept) == 1500


def test_a_render_worker_trims_after_a_job_when_due(monkeypatch: pytest.MonkeyPatch) -> None:
    trims, clock = Trims(), Clock()
    monkeypatch.setattr(boards, "TRIMMER", memory.Trimmer(every=30.0, clock=clock))
    monkeypatch.setattr(boards, "release_freed_memory", trims)
    engine: Any = GAMES["ruship"]
    view = engine.view(engine.new_state(2, 1), None)
    boards.render_board("ruship", view, None)
    assert trims == [], "not before its time"
    clock.now += 30.0
    png = boards.render_board("ruship", view, None)
    assert png.startswith(b"\x89PNG") and trims == [1], "the board, then the trim"


async def test_the_bot_trims_after_an_interaction_when_due(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.app

    trims, clock = Trims(), Clock()
    monkeypatch.setattr(bot.app, "release_freed_memory", trims)
    simcord_env.bot.trimmer = memory.Trimmer(every=30.0, clock=clock)
    table = Table(simcord_env)
    alice = table.member("alice")
    await alice.slash(table.channel, "help")
    assert trims == [], "not before its time"
    clock.now += 30.0
    await alice.slash(table.channel, "help")
    assert trims == [1]
    await alice.slash(table.channel, "help")
    assert trims == [1], "then not for another 30 s"
