"""The bot: start-up, cogs, command sync and the shared match machinery."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import catalog
from bot.pictures.memory import Trimmer, release_freed_memory
from bot.pictures.painter import BoardPainter
from bot.settings import Settings
from bot.store.contract import MatchStore
from bot.store.drivers import store_from_url
from bot.table.matches import MatchService

log = logging.getLogger(__name__)


def game_extensions() -> tuple[str, ...]:
    """``cogs.table`` and every game cog: each module of ``cogs`` not starting with ``_``
    (a new game adds its cog and touches nothing here)."""
    import cogs

    found = sorted(
        f"cogs.{info.name}"
        for info in pkgutil.iter_modules(cogs.__path__)
        if not info.name.startswith("_") and info.name != "table"
    )
    return ("cogs.table", *found)


#: Loaded in this order in ``setup_hook``; a failure is logged and the others still load.
EXTENSIONS = game_extensions()


#: The longest rate-limit wait a request accepts (discord.py's smallest allowed bound).
RATE_LIMIT_PATIENCE_SECONDS = 30.0
#: How often a healthy bot touches its heartbeat file (``HEARTBEAT_FILE``).
HEARTBEAT_SECONDS = 30.0


def wall_clock() -> float:
    return discord.utils.utcnow().timestamp()


class CommandTranslator(app_commands.Translator):
    """French names and descriptions for the slash commands (keys ``cmd:<English>``)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if not str(locale.value).startswith("fr"):
            return None
        return catalog("fr").get(f"cmd:{string.message}")


class RushTableBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: MatchStore | None = None,
        clock: Callable[[], float] = wall_clock,
        extensions: tuple[str, ...] = EXTENSIONS,
        **client_options: Any,
    ) -> None:
        intents = discord.Intents.default()
        # A request Discord asks to wait longer for (a 429's retry_after) fails at once
        # instead of holding what waits for it: a board is then published again later.
        client_options.setdefault("max_ratelimit_timeout", RATE_LIMIT_PATIENCE_SECONDS)
        from cogs._inputs import CheckingTree

        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # Options a modified client could forge never reach a command (``cogs._inputs``).
            tree_cls=CheckingTree,
            **client_options,
        )
        self.settings = settings
        self.store: MatchStore = store or store_from_url(settings.database_url)
        self.store_opened = False
        self.service = MatchService(self.store, clock)
        self.extension_names = extensions
        #: The synced top-level commands' ids by name (``/help`` names commands as
        #: ``</match board:id>``, which each reader's client shows in their language).
        self.command_ids: dict[str, int] = {}
        #: When to hand freed memory back (``on_interaction``).
        self.trimmer = Trimmer()
        from cogs._flow import TableFlow

        self.painter = BoardPainter(settings.render_processes)
        if settings.render_processes > 0:  # a hard AI searches in a render worker
            self.service.think_apart = self.painter.think
        self.table = TableFlow(
            self,
            self.service,
            self.painter,
            ai_delay=settings.ai_delay,
            tick_seconds=settings.tick_seconds,
            board_check_seconds=settings.board_check_seconds,
            channel_budget=settings.channel_budget,
            shards=settings.shards,
        )

    async def setup_hook(self) -> None:
        from cogs._components import DYNAMIC_ITEMS, TYPED_CHOICE
        from cogs._dispatch import answer_every_interaction

        if not self.store_opened:
            await self.open_store()
        # Before any interaction: a click on a board edited meanwhile, or on an id nothing
        # knows, is answered instead of dropped (``cogs._dispatch``).
        answer_every_interaction(self, listened_modals=[TYPED_CHOICE])
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in self.extension_names:
            try:
                await self.load_extension(name)
            except Exception:
                log.exception("could not load extension %s", name)
        await self.tree.set_translator(CommandTranslator())
        self.tree.error(self.on_app_command_error)
        await self.sync_commands()
        # Before going online: a board drawn by a cold worker would make its click wait.
        await self.painter.warm_up()
        await self.table.start()
        if self.settings.heartbeat_file:
            self._heartbeat = asyncio.create_task(self._beat(), name="rushtable-heartbeat")

    async def open_store(self) -> None:
        """Open the database before logging in, so that a bad one stops the bot at once
        with one sentence (``StoreError``) rather than after connecting to Discord."""
        await self.store.open()
        self.store_opened = True

    async def sync_commands(self) -> None:
        """Sync to the test guild at once; globally only when the command set changed.
        Of several shard processes, the one running shard 0 syncs for all. Either way the
        commands' ids are remembered (``command_ids``)."""
        guild = discord.Object(self.settings.guild_id) if self.settings.guild_id else None
        if 0 not in self.settings.shards.ids:
            log.info("slash commands are synced by the process running shard 0")
            await self.fetch_command_ids(guild)
            return
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
            self.remember_commands(await self.tree.sync(guild=guild))
            return
        fingerprint = self.commands_fingerprint()
        marker = self.sync_marker_path()
        if marker is not None and marker.exists() and marker.read_text() == fingerprint:
            log.info("slash commands unchanged; no global sync")
            await self.fetch_command_ids(None)
            return
        try:
            self.remember_commands(await self.tree.sync())
        except discord.RateLimited as error:  # Discord's daily limit on command changes
            log.warning("slash commands not synced: Discord asks to wait %.0f s", error.retry_after)
            await self.fetch_command_ids(None)
            return
        if marker is not None:
            marker.write_text(fingerprint)

    async def fetch_command_ids(self, guild: discord.abc.Snowflake | None) -> None:
        """The ids of the commands synced before (without them ``/help`` names commands
        in words: it still works)."""
        try:
            self.remember_commands(await self.tree.fetch_commands(guild=guild))
        except discord.DiscordException:  # not logged in yet, or Discord refused
            log.warning("could not fetch the slash commands' ids", exc_info=True)

    def remember_commands(self, synced: list[app_commands.AppCommand]) -> None:
        self.command_ids = {command.name: command.id for command in synced}

    def commands_fingerprint(self) -> str:
        """The command set and the application it was synced for: a data folder reused by
        another application (a new bot) syncs again."""
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        text = json.dumps([self.application_id, payload], sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def sync_marker_path(self) -> Path | None:
        path = getattr(self.store, "path", None)
        if not isinstance(path, str) or path == ":memory:":
            return None
        return Path(path).with_suffix(".commands")

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        from bot.i18n import Tr

        tr = Tr(interaction.locale)
        if isinstance(error, app_commands.TransformerError):
            log.info("command %s: option refused: %s", interaction.command, error)
            await self.table.reply_private(interaction, tr("error.bad_option_value"))
            return
        log.error("command %s failed", interaction.command, exc_info=error)
        await self.table.reply_private(interaction, tr("error.unexpected"))

    def healthy(self) -> bool:
        """Connected to Discord: logged in, not closed, the gateway's heartbeat answered."""
        return self.is_ready() and not self.is_closed() and math.isfinite(self.latency)

    async def _beat(self) -> None:
        """Touch the heartbeat file while the bot is healthy and its database answers
        (``python -m bot health``, the Docker image's HEALTHCHECK, reads its age)."""
        path = Path(self.settings.heartbeat_file)
        while True:
            try:
                if self.healthy():
                    async with asyncio.timeout(HEARTBEAT_SECONDS):
                        await self.store.get(0)  # the database answers
                    path.write_text(f"{wall_clock():.0f}\n")
            except Exception as error:
                log.warning("no heartbeat: %s", error)
            await asyncio.sleep(HEARTBEAT_SECONDS)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Now and then, after a click or a command, the memory freed meanwhile goes back
        to the system (``bot.pictures.memory``)."""
        if self.trimmer.due():
            await asyncio.to_thread(release_freed_memory)

    async def close(self) -> None:
        heartbeat = getattr(self, "_heartbeat", None)
        if heartbeat is not None:
            heartbeat.cancel()
        await self.table.stop()
        await super().close()
        await self.store.close()
        await self.painter.close()


class ShardedRushTableBot(RushTableBot, commands.AutoShardedBot):
    """The bot as some of the shards of a bigger one (``SHARD_COUNT``, ``SHARD_IDS``):
    discord.py's ``AutoShardedBot`` runs those shards' gateway connections in this
    process, and the table plays the AI, timers and boards of their servers only."""


def create_bot(settings: Settings) -> RushTableBot:
    """One process for every server, or these shards of ``SHARD_COUNT``."""
    shards = settings.shards
    if shards.count == 1:
        return RushTableBot(settings)
    return ShardedRushTableBot(settings, shard_count=shards.count, shard_ids=list(shards.ids))
