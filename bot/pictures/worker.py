"""A render worker: a fresh interpreter (``python -m bot.pictures.worker <bot's pid>``)
that reads jobs on its standard input and writes their answers on its standard output,
one at a time, until the input ends (the bot closed it, or died).

A job is a frame: its length (``FRAME``), then the pickle of ``(name, args)``, ``name``
one of ``JOBS``. An answer is a frame holding the pickle of ``(True, result)``, or of
``(False, error, traceback)`` when the job raised. The pool that feeds the workers is
``bot.pictures.pool``; it is ours rather than ``concurrent.futures``' so that no thread
of the bot carries the jobs (the event loop writes and reads the pipes) and no resource
tracker process runs beside the bot (12 MB)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import pickle
import signal
import struct
import sys
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from bot.pictures.boards import (
    band_stats,
    draw_every_opening,
    render_board,
    render_boards,
    render_private,
)
from bot.pictures.thinking import decide

#: A frame's header: the length of the pickle that follows.
FRAME = struct.Struct("<I")

#: What a worker can be asked to do, by name.
JOBS: dict[str, Callable[..., Any]] = {
    "render_board": render_board,
    "render_boards": render_boards,
    "render_private": render_private,
    "draw_every_opening": draw_every_opening,
    "band_stats": band_stats,
    "decide": decide,
}

_PR_SET_PDEATHSIG = 1


def job_bytes(name: str, args: tuple[Any, ...]) -> bytes:
    """A job as it travels to a worker (without its frame header)."""
    return pickle.dumps((name, args), protocol=pickle.HIGHEST_PROTOCOL)


def run_job(job: bytes) -> bytes:
    """The answer to ``job``, pickled: what the job returned or the error it raised."""
    try:
        name, args = pickle.loads(job)
        answer: tuple[Any, ...] = (True, JOBS[name](*args))
    except Exception as error:
        answer = (False, error, traceback.format_exc())
    try:
        return pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an error (or a result) that cannot travel: said in words
        said = RuntimeError(f"{answer[1]!r} (cannot be sent back from the render worker)")
        return pickle.dumps((False, said, answer[-1]), protocol=pickle.HIGHEST_PROTOCOL)


def serve(requests: BinaryIO, answers: BinaryIO) -> int:
    """Answers jobs until ``requests`` ends; returns how many were answered."""
    done = 0
    while True:
        header = requests.read(FRAME.size)
        if len(header) < FRAME.size:
            return done
        (size,) = FRAME.unpack(header)
        job = requests.read(size)
        if len(job) < size:
            return done
        answer = run_job(job)
        answers.write(FRAME.pack(len(answer)))
        answers.write(answer)
        answers.flush()
        done += 1


def die_with_parent(parent_pid: int) -> None:
    """On Linux the kernel kills this worker the moment the bot dies, even mid-job (even
    a SIGKILL of the bot); elsewhere the worker ends when its input does."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:  # the bot died before we could ask
        os._exit(0)


def main(argv: list[str]) -> int:
    die_with_parent(int(argv[0]))
    # The answers keep the real standard output; anything else printed goes to stderr,
    # so that a stray print can never corrupt a frame.
    answers = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    serve(sys.stdin.buffer, answers)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
