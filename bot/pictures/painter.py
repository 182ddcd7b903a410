"""Boards are rendered off the event loop: in worker processes, so that pictures are drawn
on every core while the event loop keeps answering clicks, or in threads when
``processes`` is 0 (tests, tiny machines)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.pictures.animation import Animation, ReplayJob, animate, boards_needed
from bot.pictures.boards import (
    draw_every_opening,
    render_board,
    render_boards,
    render_private,
)
from renderers import PRIVATE_RENDERERS, RENDERERS

log = logging.getLogger(__name__)

#: A replay's boards are drawn this many at a time (about 50 ms of a worker's time).
REPLAY_BOARDS_AT_ONCE = 4

PARENT_CHECK_SECONDS = 1.0
_PR_SET_PDEATHSIG = 1


def _start_worker(parent_pid: int) -> None:
    """A fresh worker dies with the bot, however the bot ends (even SIGKILL), then imports
    the renderers (and their fonts) before the first click."""
    _die_with_parent(parent_pid)
    assert RENDERERS


def _die_with_parent(parent_pid: int) -> None:
    with contextlib.suppress(OSError, AttributeError):  # Linux: the kernel tells us at once
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    """Elsewhere (or should the signal be missed): an orphan is adopted by another process."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


class BoardPainter:
    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        if processes > 0:
            # "spawn": a worker never inherits the bot's threads (aiosqlite, the gateway).
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                processes,
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        #: One replay at a time (``render_replay``).
        self._replay_lock = asyncio.Lock()

    async def warm_up(self) -> None:
        """Every worker draws each game's opening board at start-up, so the first board
        after a restart is as quick as the others (it took 0.4–1.5 s)."""
        if self._pool is None:
            return
        loop = asyncio.get_running_loop()
        jobs = [loop.run_in_executor(self._pool, draw_every_opening) for _ in range(self.processes)]
        for failed in await asyncio.gather(*jobs, return_exceptions=True):
            if isinstance(failed, BaseException):
                log.warning("a render worker could not warm up: %s", failed)

    async def render(
        self, game: str, view: Mapping[str, Any], labels: Mapping[str, str] | None = None
    ) -> bytes:
        if self._pool is None:
            return await asyncio.to_thread(render_board, game, view, labels)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, render_board, game, dict(view), labels)

    async def render_private(
        self,
        game: str,
        view: Mapping[str, Any],
        focus: str,
        labels: Mapping[str, str] | None = None,
    ) -> bytes | None:
        """A player's panel picture, for games that draw one (else None)."""
        if game not in PRIVATE_RENDERERS:
            return None
        if self._pool is None:
            return await asyncio.to_thread(render_private, game, view, focus, labels)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool, render_private, game, dict(view), focus, labels
        )

    async def render_replay(self, job: ReplayJob) -> Animation:
        """A match's animated replay (``bot.table.replay``): seconds of work, done so that other
        matches' boards never wait long behind it. Its boards are drawn in the render
        workers ``REPLAY_BOARDS_AT_ONCE`` at a time (a board asked for meanwhile is drawn
        between two batches), then encoded in a thread, which holds the GIL little
        (Pillow lets it go while it converts, scales and encodes). One replay at a time."""
        async with self._replay_lock:
            needed = boards_needed(job)
            boards: dict[int, bytes] = {}
            views = {index: job.frames[index].view for index in needed}
            for start in range(0, len(needed), REPLAY_BOARDS_AT_ONCE):
                part = needed[start : start + REPLAY_BOARDS_AT_ONCE]
                drawn = await self._render_many(job.game, [views[i] for i in part], job.labels)
                boards.update(zip(part, drawn, strict=True))
            return await asyncio.to_thread(animate, job, boards)

    async def _render_many(
        self, game: str, views: list[Mapping[str, Any]], labels: Mapping[str, str]
    ) -> list[bytes]:
        if self._pool is None:
            return await asyncio.to_thread(render_boards, game, views, labels)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, render_boards, game, views, dict(labels))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
