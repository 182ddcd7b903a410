"""What a game cog adds to the shared flow, and the base class it builds on.

A game cog subclasses ``GameCog`` and adds only what is its own: its ``new`` command with
its options, how its actions are labelled and its events told. Everything else (lobby,
boards, buttons, AI seats, timers, errors) is shared: see ``cogs._flow``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Tr
from cogs._commands import mention
from cogs._components import LABEL_LIMIT
from cogs._host import TableHost
from cogs._presenter import TIME_LIMIT_CHOICES, Presenter, TypedChoice

__all__ = [
    "LABEL_LIMIT",
    "SHARED_OPTIONS",
    "GameCog",
    "TableHost",
    "TypedChoice",
    "time_limit_choices",
]


class GameCog(Presenter, commands.GroupCog):
    """What one game adds to the shared flow: its presentation (``Presenter``) and its
    commands. Subclasses set ``game_name`` and define ``new`` with their options, calling
    ``open_lobby``."""

    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.table.presenters[self.game_name] = self

    async def cog_unload(self) -> None:
        self.bot.table.presenters.pop(self.game_name, None)

    # -- shared commands
    @app_commands.command(name="rules", description="How to play this game")
    async def rules(self, interaction: discord.Interaction) -> None:
        embed = self.rules_embed(Tr(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def rules_embed(self, tr: Tr) -> discord.Embed:
        """The rules in short, as ``rules`` shows them (and ``/help``'s How to play)."""
        return discord.Embed(
            title=tr("rules.title", game=self.engine.title),
            description=tr(f"{self.game_name}.rules"),
            colour=discord.Colour.blurple(),
        )

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        options: dict[str, Any],
        opponent: discord.abc.User | None,
        ai: int,
        thread: bool,
        time_limit: int,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """``options`` go to the engine; ``settings`` are extra match settings for the
        platform (e.g. ``{"reaction_timeout": 60}``). In a direct message, where nobody
        else could join, the person is told in one private line to play in a server."""
        if interaction.guild_id is None:
            tr = Tr(interaction.locale)
            command = mention(self.bot.command_ids, f"{self.game_name} new", tr)
            await self.bot.table.reply_private(interaction, tr("help.server_only", command=command))
            return
        await self.bot.table.open_lobby(
            interaction,
            self.game_name,
            options=options,
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
            settings=settings,
        )


#: The options every game's ``new`` command shares, described once.
SHARED_OPTIONS = {
    "opponent": "Invite someone to play against you",
    "thread": "Play in a new thread",
    "time_limit": "Time for each turn before the AI plays it",
}


def time_limit_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=name, value=value) for name, value in TIME_LIMIT_CHOICES]
