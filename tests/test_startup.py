"""Start-up: settings from the environment and the one-line errors a server owner sees."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.settings import DEFAULT_DATABASE_URL, Settings, SettingsError


def test_defaults_and_every_setting_are_read() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DISCORD_GUILD_ID": "123",
            "LOG_LEVEL": "debug",
            "DATABASE_URL": "sqlite:///x.db",
            "AI_DELAY_SECONDS": "0.5",
            "TIMER_TICK_SECONDS": "30",
            "RENDER_PROCESSES": "3",
        }
    )
    assert settings.token == "abc" and settings.guild_id == 123
    assert settings.log_level == "DEBUG" and settings.database_url == "sqlite:///x.db"
    assert (settings.ai_delay, settings.tick_seconds, settings.render_processes) == (0.5, 30, 3)
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).database_url == DEFAULT_DATABASE_URL


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "t", "DISCORD_GUILD_ID": "abc"}, "DISCORD_GUILD_ID"),
        ({"DISCORD_TOKEN": "t", "AI_DELAY_SECONDS": "soon"}, "AI_DELAY_SECONDS"),
        ({"DISCORD_TOKEN": "t", "TIMER_TICK_SECONDS": "-1"}, "negative"),
    ],
)
def test_bad_settings_say_what_to_fix(env: dict[str, str], message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env(env)


def test_a_missing_token_is_one_clear_line_and_exit_code_2() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        env={"PATH": "", "PYTHONPATH": "."},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0]
    assert "Traceback" not in done.stderr


def test_a_rejected_token_is_one_clear_line_and_exit_code_2(monkeypatch, capsys) -> None:
    import discord

    from bot import runner

    async def rejected(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", "wrong")
    monkeypatch.setattr(runner, "_serve", rejected)
    assert runner.run() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rejected DISCORD_TOKEN" in err[0]


async def test_global_commands_are_synced_again_only_when_they_changed(
    simcord_env, database
) -> None:
    from tests.conftest import make_bot

    def syncs() -> int:
        return sum(
            1
            for request in simcord_env.http_requests
            if request.method == "PUT" and request.path.endswith("/commands")
        )

    first = syncs()
    assert first >= 1, "the first start syncs the commands"
    await simcord_env.restart_bot(make_bot(database))
    assert syncs() == first, "same commands: no new global sync"
    database.with_suffix(".commands").write_text("an older command set")
    await simcord_env.restart_bot(make_bot(database))
    assert syncs() == first + 1, "changed commands: synced again"
    bot = simcord_env.bot
    synced_for = bot.commands_fingerprint()
    bot._connection.application_id = (bot.application_id or 0) + 1  # a new application
    assert bot.commands_fingerprint() != synced_for, "another application syncs its own"


def run_bot(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        env={"PATH": "", "PYTHONPATH": ".", "DISCORD_TOKEN": "t", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _corrupt(folder: Path) -> str:
    (folder / "bad.db").write_bytes(b"this is no database" * 100)
    return f"sqlite:///{folder}/bad.db"


def _newer(folder: Path) -> str:
    import sqlite3

    with sqlite3.connect(folder / "new.db") as db:
        db.execute("PRAGMA user_version = 99")
    return f"sqlite:///{folder}/new.db"


def _under_a_file(folder: Path) -> str:
    (folder / "plain").write_text("a file, not a folder")
    return f"sqlite:///{folder}/plain/sub/x.db"


def _a_folder(folder: Path) -> str:
    (folder / "dir.db").mkdir()
    return f"sqlite:///{folder}/dir.db"


@pytest.mark.parametrize(
    ("make_url", "says"),
    [
        (lambda folder: "mysql://somewhere/db", "not understood"),
        (lambda folder: "postgresql://bot@127.0.0.1:1/db", "Cannot reach the PostgreSQL server"),
        (lambda folder: "sqlite:///", "needs a file path"),
        (lambda folder: f"sqlite:///{folder}/x.db?mode=ro", "without '?'"),
        (_under_a_file, "Cannot create the folder"),
        (_a_folder, "is a folder"),
        (_corrupt, "not a readable SQLite file"),
        (_newer, "newer Rush Table"),
    ],
)
def test_a_database_that_cannot_serve_is_one_line_and_exit_code_2(
    tmp_path: Path, make_url: Callable[[Path], str], says: str
) -> None:
    done = run_bot({"DATABASE_URL": make_url(tmp_path)})
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr
    assert not (tmp_path / "x.db?mode=ro").exists()


def test_a_read_only_database_is_explained() -> None:
    import sqlite3

    from bot.store.sqlite import SqliteStore

    text = SqliteStore("/srv/x.db")._explain(
        sqlite3.OperationalError("attempt to write a readonly database")
    )
    assert "read-only" in text and "write access" in text


def test_an_unreachable_discord_is_one_line_and_exit_code_2(monkeypatch, capsys, tmp_path) -> None:
    import discord

    from bot import runner

    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.db")
    monkeypatch.setenv("RENDER_PROCESSES", "0")
    assert runner.run() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot reach Discord" in err[0]


def test_start_up_says_nothing_about_voice(tmp_path) -> None:
    """The bot has no voice: discord.py's warnings about voice libraries are noise."""
    script = (
        "import discord\n"
        "from bot.runner import configure_logging\n"
        "configure_logging('INFO')\n"
        "discord.Client(intents=discord.Intents.default())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd="."
    )
    assert done.returncode == 0, done.stderr
    assert "voice" not in done.stderr.lower()


async def test_a_shutdown_that_hangs_stops_after_a_bounded_wait_with_exit_code_0(caplog) -> None:
    """SIGTERM while Discord is out of reach: closing may never end; the process stops."""
    import asyncio

    from bot.runner import close_within

    stopped: list[int] = []

    async def hangs() -> None:
        await asyncio.Event().wait()

    async def closes() -> None:
        return None

    await close_within(closes, seconds=5.0, stop=stopped.append)
    assert stopped == [], "a close that ends stops nothing"
    await close_within(hangs, seconds=0.01, stop=stopped.append)
    assert stopped == [0]
    assert "shutdown did not finish within" in caplog.text


def test_render_workers_follow_the_containers_cpu_quota(tmp_path: Path) -> None:
    import os

    from bot.settings import usable_cpus

    quota = tmp_path / "cpu.max"
    cores = len(os.sched_getaffinity(0))
    quota.write_text("max 100000\n")
    assert usable_cpus(quota) == cores, "no quota: the cores it may run on"
    quota.write_text("50000 100000\n")
    assert usable_cpus(quota) == 1, "half a core rounds up to one"
    quota.write_text(f"{100000 * (cores + 3)} 100000\n")
    assert usable_cpus(quota) == cores, "a quota above the cores changes nothing"
    assert usable_cpus(tmp_path / "missing") == cores
