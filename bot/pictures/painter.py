"""Boards are rendered off the event loop: in worker processes (``bot.pictures.pool``), so
that pictures are drawn on every core while the event loop keeps answering clicks, or in
threads when ``processes`` is 0 (tests, tiny machines)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from bot.pictures.animation import Animation, ReplayJob, animate, boards_needed
from bot.pictures.pool import WorkerPool
from bot.pictures.worker import JOBS, job_bytes
from renderers import PRIVATE_RENDERERS

log = logging.getLogger(__name__)

#: A replay's boards are drawn this many at a time (about 50 ms of a worker's time).
REPLAY_BOARDS_AT_ONCE = 4
#: The last boards drawn, kept so that the same board asked for again (a board posted again,
#: a write nobody can see) is not sent to a worker: about 50 KB each.
BOARDS_KEPT = 32


class BoardPainter:
    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._pool = WorkerPool(processes) if processes > 0 else None
        #: One replay at a time (``render_replay``).
        self._replay_lock = asyncio.Lock()
        #: The last ``BOARDS_KEPT`` boards, by the digest of what they were drawn from.
        self._drawn: OrderedDict[bytes, bytes] = OrderedDict()

    def worker_pids(self) -> list[int]:
        """The render workers' process ids (none when drawing in threads)."""
        return [] if self._pool is None else self._pool.pids()

    async def _run(self, name: str, *args: Any, payload: bytes | None = None) -> Any:
        """The job ``name`` (``bot.pictures.worker.JOBS``) done by a worker, or a thread;
        ``payload``: the job already pickled (``job_bytes``)."""
        if self._pool is None:
            return await asyncio.to_thread(JOBS[name], *args)
        return await self._pool.run(payload or job_bytes(name, args))

    async def _run_on_each(self, name: str) -> list[Any]:
        """The job ``name`` done once by each worker (once, in a thread, without workers);
        errors in the list rather than raised."""
        if self._pool is None:
            return [JOBS[name]()]
        return await self._pool.run_on_each(job_bytes(name, ()))

    async def band_stats(self) -> tuple[int, int, int, int]:
        """The band stores of the workers (``bot.pictures.boards.band_stats``), added up:
        bands taken from the store, bands made afresh, bands held, bytes held."""
        answers = [a for a in await self._run_on_each("band_stats") if isinstance(a, tuple)]
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
        for failed in await self._run_on_each("draw_every_opening"):
            if isinstance(failed, BaseException):
                log.warning("a render worker could not warm up: %s", failed)

    async def render(
        self, game: str, view: Mapping[str, Any], labels: Mapping[str, str] | None = None
    ) -> bytes:
        """The board of a public ``view``: drawn by a worker, or the same board again when
        it was one of the last drawn (same game, view and labels)."""
        job = (game, dict(view), dict(labels) if labels is not None else None)
        payload = job_bytes("render_board", job)
        key = hashlib.blake2b(payload, digest_size=16).digest()
        kept = self._drawn.get(key)
        if kept is not None:
            self._drawn.move_to_end(key)
            return kept
        png: bytes = await self._run("render_board", *job, payload=payload)
        self._drawn[key] = png
        while len(self._drawn) > BOARDS_KEPT:
            self._drawn.popitem(last=False)
        return png

    async def think(
        self, game: str, data: dict[str, Any], seat: int, rng: random.Random, level: str
    ) -> str:
        """A searching AI's action (``MatchService.think_apart``): in a worker, between two
        boards, away from the bot's GIL; in a thread when drawing in threads."""
        action: str = await self._run("decide", game, data, seat, rng, level)
        return action

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
        picture: bytes = await self._run(
            "render_private", game, dict(view), focus, dict(labels) if labels else labels
        )
        return picture

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
                drawn: list[bytes] = await self._run(
                    "render_boards", job.game, [dict(views[i]) for i in part], dict(job.labels)
                )
                boards.update(zip(part, drawn, strict=True))
            return await asyncio.to_thread(animate, job, boards)

    async def close(self) -> None:
        """Stops the render workers (each after the job it holds)."""
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
