"""The render workers as seen from the bot: ``size`` processes running
``bot.pictures.worker``, each given one job at a time from a queue they share, through its
pipes, by the event loop itself (no thread carries a job; a job's answer wakes the loop
once). A slot's task lives while there are jobs and ends when the queue is empty: nothing
of the pool waits while the bot is idle.

A worker that dies (killed, out of memory, a crash in a C library) is started again
for the next job, and the job it held is given once more to the new worker: a job that
kills two workers in a row fails with ``WorkerCrashed``; nothing else is lost, and the
other jobs go on. A worker that holds one job past ``JOB_SECONDS`` (a board takes
milliseconds, the warm-up seconds) is killed and replaced, and that job fails with
``WorkerHung`` (not given again: it would hang the new one too), so one stuck picture
never stops every board behind it. Workers start with the first job."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import pickle
import sys
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.pictures.worker import FRAME

log = logging.getLogger(__name__)

#: How long a worker has to finish its job and leave when the bot closes.
CLOSE_SECONDS = 5.0
#: How long a worker may hold one job before it is taken for stuck.
JOB_SECONDS = 120.0
#: How many times a job is given to a fresh worker after the one running it died.
RETRIES = 1
#: Where ``bot`` is, for a worker started from anywhere.
_PROJECT = str(Path(__file__).resolve().parents[2])


class WorkerCrashed(RuntimeError):
    """A render worker died while it held this job (and so did the one given it again)."""


class WorkerHung(WorkerCrashed):
    """A render worker held this job past its time limit, and was killed."""


class RemoteTraceback(Exception):
    """Where in the worker a job's error was raised (the error's ``__cause__``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass
class _Job:
    payload: bytes
    answer: asyncio.Future[bytes] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class _Worker:
    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> _Worker:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([_PROJECT, *filter(None, [env.get("PYTHONPATH")])])
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.pictures.worker",
            str(os.getpid()),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
        )
        return cls(process)

    async def run(self, payload: bytes, seconds: float) -> bytes:
        """The worker's answer to ``payload``, pickled: ``WorkerCrashed`` if it died,
        ``WorkerHung`` if it has not answered within ``seconds``."""
        try:
            async with asyncio.timeout(seconds):
                return await self._exchange(payload)
        except TimeoutError:
            raise WorkerHung(
                f"the render worker {self.process.pid} took more than {seconds:g} s"
            ) from None
        except (OSError, asyncio.IncompleteReadError) as error:
            raise WorkerCrashed(f"the render worker {self.process.pid} died") from error

    async def _exchange(self, payload: bytes) -> bytes:
        requests, answers = self.process.stdin, self.process.stdout
        assert requests is not None and answers is not None
        requests.write(FRAME.pack(len(payload)) + payload)
        await requests.drain()
        (size,) = FRAME.unpack(await answers.readexactly(FRAME.size))
        return await answers.readexactly(size)

    async def stop(self) -> None:
        """Ends the worker's input, so it leaves after its job; killed if it lingers."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), CLOSE_SECONDS)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
            await self.process.wait()

    async def reap(self) -> None:
        """A dead worker's exit collected (killed first, should it only have hung up)."""
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        await self.process.wait()


def _answer(raw: bytes) -> Any:
    """The result in a worker's answer, or its error raised here."""
    try:
        answer = pickle.loads(raw)
    except Exception as error:
        raise RuntimeError(f"an answer of the render worker could not be read: {error}") from None
    if answer[0]:
        return answer[1]
    raise answer[1] from RemoteTraceback(answer[2])


class WorkerPool:
    def __init__(self, size: int, job_seconds: float = JOB_SECONDS) -> None:
        self.size = size
        self.job_seconds = job_seconds
        self._workers: list[_Worker | None] = [None] * size
        #: Held while a slot's worker runs a job (a job given to one worker in particular
        #: waits for it here: ``run_on_each``).
        self._busy = [asyncio.Lock() for _ in range(size)]
        self._queue: deque[_Job] = deque()
        #: Each slot's task while it has jobs to do (``_drain``).
        self._draining: list[asyncio.Task[None] | None] = [None] * size
        self._closed = False

    def pids(self) -> list[int]:
        """The running workers' process ids."""
        return sorted(w.process.pid for w in self._workers if w is not None)

    async def run(self, payload: bytes) -> Any:
        """The result of a job (``bot.pictures.worker.job_bytes``), done by the first free
        worker; its error, raised here, if it raised one."""
        return _answer(await self.submit(payload))

    def submit(self, payload: bytes) -> asyncio.Future[bytes]:
        """A job queued for the first free worker: its answer to come, still pickled."""
        if self._closed:
            raise RuntimeError("the render workers were closed")
        job = _Job(payload)
        self._queue.append(job)
        for slot, task in enumerate(self._draining):
            if task is None:  # an idle slot takes it (and whatever follows)
                self._draining[slot] = asyncio.create_task(
                    self._drain(slot), name=f"render-worker-{slot}"
                )
                break
        return job.answer

    async def run_on_each(self, payload: bytes) -> list[Any]:
        """A job done once by each worker (its warm-up, its own figures), in slot order;
        an error is returned in its place rather than raised."""
        answers = await asyncio.gather(
            *(self._run_on(slot, payload) for slot in range(self.size)), return_exceptions=True
        )
        return list(answers)

    async def _run_on(self, slot: int, payload: bytes) -> Any:
        async with self._busy[slot]:
            return _answer(await self._attempt(slot, payload))

    async def _drain(self, slot: int) -> None:
        """The queue's jobs done by the slot's worker, one at a time, until it is empty."""
        while True:
            if not self._queue:
                self._draining[slot] = None
                return
            job = self._queue.popleft()
            if job.answer.done():  # its asker gave up waiting
                continue
            try:
                async with self._busy[slot]:
                    raw = await self._attempt(slot, job.payload)
            except asyncio.CancelledError:  # closing
                if not job.answer.done():
                    job.answer.set_exception(RuntimeError("the render workers were closed"))
                raise
            except Exception as error:
                if not job.answer.done():
                    job.answer.set_exception(error)
                continue
            if not job.answer.done():
                job.answer.set_result(raw)

    async def _attempt(self, slot: int, payload: bytes) -> bytes:
        """``payload`` run by the slot's worker, started (again) as needed."""
        for attempt in range(RETRIES + 1):
            worker = self._workers[slot]
            if self._closed:
                raise RuntimeError("the render workers were closed")
            if worker is None:
                worker = self._workers[slot] = await _Worker.start()
            try:
                return await worker.run(payload, self.job_seconds)
            except WorkerCrashed as error:
                self._workers[slot] = None
                await worker.reap()
                again = attempt < RETRIES and not isinstance(error, WorkerHung)
                log.warning(
                    "%s (exit %s)%s",
                    error,
                    worker.process.returncode,
                    "; its job goes to a new one" if again else "",
                )
                if not again:
                    raise
        raise AssertionError("unreachable")

    async def close(self) -> None:
        """Stops the workers (each after its job) and fails the jobs still queued."""
        self._closed = True
        draining = [task for task in self._draining if task is not None]
        for task in draining:
            task.cancel()
        await asyncio.gather(*draining, return_exceptions=True)
        while self._queue:
            job = self._queue.popleft()
            if not job.answer.done():
                job.answer.set_exception(RuntimeError("the render workers were closed"))
        workers = [w for w in self._workers if w is not None]
        self._workers = [None] * self.size
        await asyncio.gather(*(w.stop() for w in workers), return_exceptions=True)
