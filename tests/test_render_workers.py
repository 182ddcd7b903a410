"""The render workers (``bot.pictures.pool``): a worker that dies is replaced and its job
done by the new one, a job's error comes back as itself, and closing never leaves a
caller waiting."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
from typing import Any

import pytest

from bot.games import GAMES
from bot.pictures.painter import BoardPainter
from bot.pictures.pool import RemoteTraceback, WorkerCrashed, WorkerHung, WorkerPool
from bot.pictures.worker import job_bytes

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def opening(game: str) -> dict[str, Any]:
    engine: Any = GAMES[game]
    view: dict[str, Any] = engine.view(engine.new_state(2, 5), None)
    return view


class _KillsItsWorker:
    """Unpickled in a worker, ends that worker at once, as a crash in C would."""

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (os._exit, (70,))


async def test_a_killed_worker_is_replaced_and_the_next_board_is_drawn() -> None:
    painter = BoardPainter(1)
    try:
        first = await painter.render("ruship", opening("ruship"))
        (pid,) = painter.worker_pids()
        os.kill(pid, signal.SIGKILL)
        second = await painter.render("bugrace", opening("bugrace"))
        assert second.startswith(PNG_SIGNATURE) and first.startswith(PNG_SIGNATURE)
        assert painter.worker_pids() not in ([], [pid]), "a new worker drew it"
    finally:
        await painter.close()


async def test_a_job_that_kills_every_worker_fails_alone() -> None:
    pool = WorkerPool(1)
    try:
        with pytest.raises(WorkerCrashed):
            await pool.run(pickle.dumps(("band_stats", (_KillsItsWorker(),))))
        hits, misses, bands, size = await pool.run(job_bytes("band_stats", ()))
        assert (hits, misses, bands, size) == (0, 0, 0, 0), "a fresh worker answered"
    finally:
        await pool.close()


async def test_an_error_in_a_worker_is_raised_here_with_where_it_happened() -> None:
    painter = BoardPainter(1)
    try:
        with pytest.raises(KeyError) as raised:
            await painter.render("chess", {})
        assert isinstance(raised.value.__cause__, RemoteTraceback)
        assert "render_board" in str(raised.value.__cause__)
        assert (await painter.render("ruship", opening("ruship"))).startswith(PNG_SIGNATURE)
    finally:
        await painter.close()


async def test_two_workers_share_the_boards_and_each_answers_for_itself() -> None:
    painter = BoardPainter(2)
    try:
        games = ["ruship", "bugrace", "fireship", "rushncrush"]
        boards = await asyncio.gather(*(painter.render(game, opening(game)) for game in games))
        assert all(board.startswith(PNG_SIGNATURE) for board in boards)
        assert len(painter.worker_pids()) == 2
        held = (await painter.band_stats())[2]
        assert held > 0, "both workers' band stores, added up"
    finally:
        await painter.close()
    assert painter.worker_pids() == []


async def test_closing_fails_the_jobs_still_waiting_instead_of_leaving_them() -> None:
    pool = WorkerPool(1)
    job = job_bytes("render_board", ("fireship", opening("fireship"), None))
    waiting = [pool.submit(job) for _ in range(3)]
    await pool.close()
    for answer in waiting:
        with pytest.raises(RuntimeError, match="closed"):
            answer.result()
    with pytest.raises(RuntimeError, match="closed"):
        await pool.run(job)


class _HangsItsWorker:
    """Unpickled in a worker, waits for a signal that never comes: a stuck picture."""

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        return (signal.pause, ())


async def test_a_stuck_job_fails_alone_and_its_worker_is_replaced() -> None:
    pool = WorkerPool(1, job_seconds=1.0)
    try:
        await pool.run(job_bytes("band_stats", ()))
        (stuck_pid,) = pool.pids()
        with pytest.raises(WorkerHung):
            await pool.run(pickle.dumps(("band_stats", (_HangsItsWorker(),))))
        assert await pool.run(job_bytes("band_stats", ())) == (0, 0, 0, 0)
        assert pool.pids() != [stuck_pid], "a fresh worker answered"
        assert _gone(stuck_pid), "the stuck worker was killed"
    finally:
        await pool.close()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_an_idle_painter_leaves_nothing_waiting() -> None:
    """Between boards nothing of the render pool waits: a bot that has answered its
    clicks is settled (the offline Discord's settling, the soak, rely on it)."""
    painter = BoardPainter(2)
    try:
        here = asyncio.current_task()
        before = asyncio.all_tasks() - {here}
        games = ("ruship", "bugrace")
        await asyncio.gather(*(painter.render(game, opening(game)) for game in games))
        assert asyncio.all_tasks() - {here} == before
    finally:
        await painter.close()
