"""Storage failures a server owner must act on, told apart from the others: a full disk and
a disk that fails to read or write. Every driver's errors (SQLite, PostgreSQL, the file
system) are recognised here, so the bot says the same clear sentence whichever it runs on."""

from __future__ import annotations

import errno
import sqlite3
from typing import Literal

#: SQLite's result codes (the low byte of an extended code).
SQLITE_IOERR = 10
SQLITE_FULL = 13
#: PostgreSQL's SQLSTATEs: disk_full, io_error (class 58), insufficient resources.
POSTGRES_FULL = frozenset({"53100"})
POSTGRES_IO = frozenset({"58030"})

Trouble = Literal["full", "io"]


def storage_trouble(error: BaseException | None) -> Trouble | None:
    """``"full"`` when ``error`` (or what caused it) says the disk is full, ``"io"`` when
    the disk could not be read or written, else None."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        found = _trouble_of(error)
        if found is not None:
            return found
        error = error.__cause__ or error.__context__
    return None


def _trouble_of(error: BaseException) -> Trouble | None:
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        text = str(error).lower()
        if (isinstance(code, int) and code & 0xFF == SQLITE_FULL) or "disk is full" in text:
            return "full"
        if (isinstance(code, int) and code & 0xFF == SQLITE_IOERR) or "disk i/o error" in text:
            return "io"
        return None
    state = getattr(error, "sqlstate", None)
    if isinstance(state, str):
        if state in POSTGRES_FULL:
            return "full"
        if state in POSTGRES_IO:
            return "io"
        return None
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full"
        if error.errno == errno.EIO:
            return "io"
    return None


def trouble_line(trouble: Trouble) -> str:
    """One line for the log: what is wrong and what to do."""
    if trouble == "full":
        return "the database's disk is full: nothing can be saved until space is freed"
    return "the database's disk could not be read or written (I/O error): check its health"
