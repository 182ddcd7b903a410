"""Start the bot from the environment: clear one-line errors, clean shutdown on SIGTERM."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys

import discord

from bot.settings import Settings, SettingsError

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
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        asyncio.run(_serve(settings))
    except discord.LoginFailure:
        print(f"rush-table: {TOKEN_HELP}", file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("rush-table: the bot asked for an intent not enabled in the portal.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


async def _serve(settings: Settings) -> None:
    from bot.app import RushTableBot

    bot = RushTableBot(settings)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        try:
            await bot.start(settings.token)
        except asyncio.CancelledError:
            log.info("shutting down")
    log.info("stopped cleanly")
