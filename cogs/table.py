"""Commands shared by every game: /board, /resign, /games."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Tr
from bot.table.errors import MatchFrozen, NoMatchHere
from cogs._components import number, typed_choice
from cogs._host import TableHost

if TYPE_CHECKING:
    from cogs._flow import TableFlow


log = logging.getLogger(__name__)


class TableCog(commands.Cog):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A typed choice (see ``cogs._components.TypeButton``) comes back here."""
        typed = typed_choice(interaction)
        if typed is not None:
            found, text = typed
            await self.flow.on_typed(
                interaction,
                number(found["match"]),
                number(found["version"]),
                number(found["seat"]),
                found["step"],
                text,
            )

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None:
            return
        try:
            await self.flow.seats.heard(message.channel.id, message.author.id)
        except Exception:
            log.exception("channel %s: a message could not be heard", message.channel.id)

    @app_commands.command(name="board", description="Show this channel's board again")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            match = await self.bot.store.latest_in_channel(interaction.channel_id or 0)
            if match is None or match.status == "cancelled":
                raise NoMatchHere()
            if match.status == "frozen":
                raise MatchFrozen(match=match)
            if match.status == "lobby":
                await interaction.response.send_message(
                    tr("board.lobby_open", link=self.flow.naming.link(match)), ephemeral=True
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.flow.boards.publish(match.id, repost=True)
            match = await self.bot.service.get(match.id)
            await interaction.followup.send(
                tr("board.reposted", link=self.flow.naming.link(match)), ephemeral=True
            )

    @app_commands.command(name="log", description="The whole account of this channel's match")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction) -> None:
        await self.flow.show_log(interaction)

    @app_commands.command(name="resign", description="Leave the match in this channel")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.flow.ask_to_resign(interaction)

    @app_commands.command(name="games", description="List your matches in this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            lines = await self.flow.games_list(interaction.guild_id, interaction.user.id, tr)
            text = tr("games.header") + "\n" + "\n".join(lines) if lines else tr("games.none")
            await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(TableCog(bot))
