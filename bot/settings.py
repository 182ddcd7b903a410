"""Settings, read from the environment (see the README for each one)."""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bot.store.shards import ALL_SHARDS, Shards, ShardSpecError

DEFAULT_DATABASE_URL = "sqlite:///data/rushtable.db"


#: Where a container's CPU quota is (cgroup v2): "max 100000" or "150000 100000".
CPU_QUOTA_FILE = Path("/sys/fs/cgroup/cpu.max")


def usable_cpus(quota_file: Path = CPU_QUOTA_FILE) -> int:
    """The cores this process may use: those it may run on, and no more than its
    container's CPU quota (``os.cpu_count`` counts the machine's)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 2
    try:
        quota, period = quota_file.read_text().split()[:2]
        if quota != "max":
            cpus = min(cpus, max(1, math.ceil(int(quota) / int(period))))
    except (OSError, ValueError, ZeroDivisionError):
        pass
    return max(1, cpus)


def default_processes() -> int:
    """Render workers: one core stays with the event loop (engine, database, Discord); the
    others draw. Measured on 2 cores: one worker gives lower latency than two at 100
    clicks/s."""
    return max(1, usable_cpus() - 1)


class SettingsError(Exception):
    """A setting is missing or malformed; the message says how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = DEFAULT_DATABASE_URL
    guild_id: int | None = None
    log_level: str = "INFO"
    ai_delay: float = 1.0
    tick_seconds: float = 60.0
    board_check_seconds: float = 5.0
    #: Board changes a channel gets per 5 s before they are held and coalesced (Discord
    #: allows about 5); 0 turns holding off. Not an environment setting.
    channel_budget: int = 4
    render_processes: int = 0
    #: The Discord shards this process runs (``SHARD_COUNT``, ``SHARD_IDS``).
    shards: Shards = ALL_SHARDS
    #: A file the bot touches while it is connected and its database answers
    #: (``HEARTBEAT_FILE``; empty: none); ``python -m bot health`` checks its age.
    heartbeat_file: str = ""

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/"
                "applications (Bot > Reset Token) and put the token in DISCORD_TOKEN."
            )
        guild = env.get("DISCORD_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError("DISCORD_GUILD_ID must be a server id (digits only).")
        try:
            shards = Shards.parse(env.get("SHARD_COUNT", ""), env.get("SHARD_IDS", ""))
        except ShardSpecError as error:
            raise SettingsError(str(error)) from error
        return cls(
            token=token,
            database_url=env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL,
            guild_id=int(guild) if guild else None,
            log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            ai_delay=_number(env, "AI_DELAY_SECONDS", 1.0),
            tick_seconds=_number(env, "TIMER_TICK_SECONDS", 60.0),
            board_check_seconds=_number(env, "BOARD_CHECK_SECONDS", 5.0),
            render_processes=int(_number(env, "RENDER_PROCESSES", float(default_processes()))),
            shards=shards,
            heartbeat_file=env.get("HEARTBEAT_FILE", "").strip(),
        )


def _number(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError as error:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}.") from error
    if value < 0:
        raise SettingsError(f"{name} must not be negative.")
    return value
