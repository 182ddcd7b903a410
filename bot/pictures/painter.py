"""Boards are rendered off the event loop: in worker processes, so that pictures are drawn
on every core while the event loop keeps answering clicks, or in threads when
``processes`` is 0 (tests, tiny machines)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import hashlib
import logging
import multiprocessing
import os
import pickle
import random
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bot.pictures.animation import Animation, ReplayJob, animate, boards_needed
from bot.pictures.boards import (
    band_stats,
    draw_every_opening,
    render_board,
    render_boards,
    render_private,
)
from bot.pictures.thinking import decide
from renderers import PRIVATE_RENDERERS, RENDERERS

log = logging.getLogger(__name__)

#: A replay's boards are drawn this many at a time (about 50 ms of a worker's time).
REPLAY_BOARDS_AT_ONCE = 4
#: The last boards drawn, kept so that the same board asked for again (a board posted again,
#: a write nobody can see) is not sent to a worker: about 50 KB each.
BOARDS_KEPT = 32

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
        #: The last ``BOARDS_KEPT`` boards, by the digest of what they were drawn from.
        self._drawn: OrderedDict[bytes, bytes] = OrderedDict()

    def worker_pids(self) -> list[int]:
        """The render workers' process ids (none when drawing in threads)."""
        if self._pool is None:
            return []
        return sorted(getattr(self._pool, "_processes", None) or {})

    async def band_stats(self) -> tuple[int, int, int, int]:
        """The band stores of the workers (``bot.pictures.boards.band_stats``), added up:
        bands taken from the store, bands made afresh, bands held, bytes held. Asked of each
        worker once, as far as the pool spreads the questions."""
        if self._pool is None:
            return band_stats()
        loop = asyncio.get_running_loop()
        asked = [loop.run_in_executor(self._pool, band_stats) for _ in range(self.processes)]
        answers = await asyncio.gather(*asked)
        return (
            sum(a[0] for a in answers),
            sum(a[1] for a in answers),
            sum(a[2] for a in answers),
            sum(a[3] for a in answers),
        )

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
        """The board of a public ``view``: drawn by a worker, or the same board again when
        it was one of the last drawn (same game, view and labels)."""
        job = (game, dict(view), dict(labels) if labels is not None else None)
        key = hashlib.blake2b(pickle.dumps(job, protocol=5), digest_size=16).digest()
        kept = self._drawn.get(key)
        if kept is not None:
            self._drawn.move_to_end(key)
            return kept
        if self._pool is None:
            png = await asyncio.to_thread(render_board, *job)
        else:
            loop = asyncio.get_running_loop()
            png = await loop.run_in_executor(self._pool, render_board, *job)
        self._drawn[key] = png
        while len(self._drawn) > BOARDS_KEPT:
            self._drawn.popitem(last=False)
        return png

    async def think(
        self, game: str, data: dict[str, Any], seat: int, rng: random.Random, level: str
    ) -> str:
        """A searching AI's action (``MatchService.think_apart``): in a worker, between two
        boards, away from the bot's GIL; in a thread when drawing in threads."""
        if self._pool is None:
            return await asyncio.to_thread(decide, game, data, seat, rng, level)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, game, data, seat, rng, level)

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
