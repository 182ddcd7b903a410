"""A real PostgreSQL server for the tests: one throwaway cluster per session, one fresh
database per test.

The cluster lives in a new folder under /tmp and listens on 127.0.0.1 only. initdb refuses
to run as root, so as root (CI) the server runs as the ``postgres`` system user that
Debian's package creates.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

NO_SERVER = "no PostgreSQL server binary (initdb) found: install Debian's postgresql package"


def server_binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres: on PATH, else Debian's newest."""
    on_path = shutil.which("initdb")
    if on_path is not None:
        return Path(on_path).resolve().parent
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_debian_version)
    return Path(debian[-1]).parent if debian else None


def _debian_version(initdb: str) -> int:
    version = Path(initdb).parts[-3]  # /usr/lib/postgresql/<version>/bin/initdb
    return int(version) if version.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class PostgresServer:
    """A running throwaway cluster whose superuser ``postgres`` logs in without a password."""

    binaries: Path
    folder: Path
    port: int = field(default_factory=_free_port)
    _names: Iterator[int] = field(default_factory=itertools.count)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def run(self, program: str, *args: str) -> None:
        """Run one of the server's programs as the user that owns the cluster."""
        as_user = "postgres" if os.geteuid() == 0 else None
        done = subprocess.run(
            [str(self.binaries / program), *args],
            user=as_user,
            cwd=self.folder,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr.strip()}")

    def start(self) -> None:
        self._initdb()
        self._start_server()

    def _initdb(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self.run(
            "initdb",
            "--pgdata",
            str(self.data),
            "--username",
            "postgres",
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--no-locale",
            "--no-sync",
            "--no-instructions",
        )

    def _start_server(self) -> None:
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.folder / "server.log")
        self.run("pg_ctl", "start", "-w", "-D", str(self.data), "-l", log, "-o", options)

    def start_on_a_free_port(self, tries: int = 5) -> None:
        """``start``, on another free port when the one probed was taken meanwhile (another
        test run on the same machine may start its own server at the same moment)."""
        self._initdb()
        for attempt in range(tries):
            try:
                self._start_server()
                return
            except RuntimeError:
                if attempt == tries - 1:
                    raise
                self.port = _free_port()

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w")

    def new_database(self) -> str:
        name = f"t_{next(self._names)}"
        self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name)
        return name

    def drop_database(self, name: str) -> None:
        self.run(
            "dropdb", "--force", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", name
        )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL cluster for the whole session, removed at its end."""
    binaries = server_binaries()
    if binaries is None:
        pytest.skip(NO_SERVER)
    server = PostgresServer(binaries, Path(tempfile.mkdtemp(prefix="rushtable-pg-", dir="/tmp")))
    try:
        server.start_on_a_free_port()
        yield server
    finally:
        try:
            server.stop()
        finally:
            shutil.rmtree(server.folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty database for one test, dropped after it."""
    name = postgres_server.new_database()
    yield postgres_server.url(name)
    postgres_server.drop_database(name)
