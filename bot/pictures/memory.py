"""Giving the memory a process freed back to the system.

glibc's allocator keeps what Python frees (a board's PNG bytes, a click's JSON, a view) in
its heaps for later, and a heap only shrinks from its top: in a soak of 40 channels the
bot's resident memory went from 90 MB to 185 MB in five minutes and kept rising, while
Python's own objects stayed level; a render worker's likewise. ``malloc_trim(0)`` hands
every free page of every heap back (185 MB became 125 MB). The bot calls it after an
interaction when ``TRIM_SECONDS`` have passed since the last time, in a thread (it takes a
few ms and lets go of the GIL; no wake-ups while nothing happens, and nothing grows then);
a render worker likewise after a job, and after its warm-up, which frees many large
pictures at once (180 MB became 108 MB). Elsewhere (musl, macOS, Windows) there is nothing
to call and nothing happens.
"""

from __future__ import annotations

import ctypes
import time
from collections.abc import Callable
from functools import cache

#: How often freed memory is handed back, at most.
TRIM_SECONDS = 30.0


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:  # the C library the interpreter runs on
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


def release_freed_memory() -> bool:
    """Hand the allocator's free pages back to the system: True if it could be asked."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


class Trimmer:
    """Says when ``every`` seconds have passed since it last said so: for code called often
    that should trim now and then."""

    def __init__(self, every: float = TRIM_SECONDS, clock: Callable[[], float] = time.monotonic):
        self.every = every
        self._clock = clock
        self._last = clock()

    def due(self) -> bool:
        """True once ``every`` seconds have passed since the last True (or the start)."""
        now = self._clock()
        if now - self._last < self.every:
            return False
        self._last = now
        return True
