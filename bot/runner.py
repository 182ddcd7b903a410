"""Start the bot from the environment: clear one-line errors, clean shutdown on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot.settings import Settings, SettingsError
from bot.store.contract import StoreError

log = logging.getLogger("bot")

TOKEN_HELP = (
    "Discord rejected DISCORD_TOKEN. Copy a fresh token from https://discord.com/developers/"
    "applications > your application > Bot > Reset Token."
)


def run() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"rush-table: {error}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        asyncio.run(_serve(settings))
    except StoreError as error:
        return _fail(f"{error}.")
    except discord.LoginFailure:
        return _fail(TOKEN_HELP)
    except discord.PrivilegedIntentsRequired:
        return _fail("the bot asked for an intent not enabled in the portal.")
    except (OSError, aiohttp.ClientError, discord.HTTPException, discord.GatewayNotFound) as error:
        return _fail(
            f"cannot reach Discord ({type(error).__name__}: {error}). Check this machine's "
            "network connection, then start the bot again."
        )
    except KeyboardInterrupt:
        pass
    return 0


def _fail(sentence: str) -> int:
    print(f"rush-table: {sentence}", file=sys.stderr)
    return 2


#: Loggers that would print hands and private panels at DEBUG: whole SQL parameters
#: (every state) and gateway payloads (interaction texts). Never below INFO.
SECRET_BEARING_LOGGERS = ("aiosqlite", "discord.gateway", "discord.http", "discord.webhook")


def configure_logging(level_name: str) -> None:
    level = getattr(logging, level_name, logging.INFO)
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in SECRET_BEARING_LOGGERS:
        logging.getLogger(name).setLevel(max(level, logging.INFO))
    # Rush Table has no voice: discord.py's warning about voice libraries is noise.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


#: How long a SIGTERM waits for the bot to close (Discord may be out of reach) before the
#: process stops anyway: everything a match needs is already saved.
SHUTDOWN_SECONDS = 10.0


async def close_within(
    close: Callable[[], Awaitable[None]],
    seconds: float = SHUTDOWN_SECONDS,
    stop: Callable[[int], None] = os._exit,
) -> None:
    """Close the bot; if that takes more than ``seconds``, say so in one line and stop the
    process with exit code 0."""
    try:
        await asyncio.wait_for(close(), seconds)
    except Exception:
        log.warning("shutdown did not finish within %.0f s: stopping now", seconds)
        logging.shutdown()
        stop(0)


async def _serve(settings: Settings) -> None:
    from bot.app import create_bot

    bot = create_bot(settings)
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not closing:
            closing.append(loop.create_task(close_within(bot.close)))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop)
    async with bot:
        await bot.open_store()
        try:
            await bot.start(settings.token)
        except asyncio.CancelledError:
            log.info("shutting down")
        # bot.start returns once the gateway is closed, while the close a signal began
        # still closes the store: leaving now would end the loop under the database's
        # thread.
        for task in closing:
            await task
    log.info("stopped cleanly")


#: A heartbeat older than this means the bot is not serving (it is touched every 30 s).
HEALTHY_WITHIN_SECONDS = 120.0


def health(argv: list[str], now: Callable[[], float] | None = None) -> int:
    """``python -m bot health [--max-age SECONDS]``: exit code 0 when the running bot's
    heartbeat file (``HEARTBEAT_FILE``) was touched lately, else 1 with one line saying
    why: what a container's HEALTHCHECK runs."""
    import argparse
    import time

    parser = argparse.ArgumentParser(prog="python -m bot health")
    parser.add_argument("--max-age", type=float, default=HEALTHY_WITHIN_SECONDS)
    parser.add_argument("--file", default=os.environ.get("HEARTBEAT_FILE", ""))
    options = parser.parse_args(argv)
    if not options.file:
        print("rush-table: unhealthy: HEARTBEAT_FILE is not set", file=sys.stderr)
        return 1
    try:
        age = (now or time.time)() - os.stat(options.file).st_mtime
    except OSError:
        print(f"rush-table: unhealthy: no heartbeat yet ({options.file})", file=sys.stderr)
        return 1
    if age > options.max_age:
        print(
            f"rush-table: unhealthy: last heartbeat {age:.0f} s ago (not connected to "
            "Discord, or the database does not answer)",
            file=sys.stderr,
        )
        return 1
    print(f"rush-table: healthy (heartbeat {age:.0f} s ago)")
    return 0
