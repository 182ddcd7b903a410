"""Commands shared by every game: /board, /resign, /games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import MatchFrozen, NoMatchHere
from bot.i18n import Tr

if TYPE_CHECKING:
    from bot.app import RushTableBot
    from cogs._flow import TableFlow

MAX_LISTED = 20


class TableCog(commands.Cog):
    def __init__(self, bot: RushTableBot) -> None:
        self.bot = bot

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

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

    @app_commands.command(name="resign", description="Leave the match in this channel")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            match = await self.bot.store.open_in_channel(interaction.channel_id or 0)
            if match is None or match.status != "active":
                raise NoMatchHere()
            await interaction.response.defer(ephemeral=True, thinking=True)
            match = await self.bot.service.resign(match.id, interaction.user.id)
            public = self.flow.naming.guild_tr(match)
            if interaction.channel is not None and isinstance(
                interaction.channel, discord.abc.Messageable
            ):
                await interaction.channel.send(
                    public("resign.announce", player=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            await self.flow.boards.publish_or_retry_later(match.id)
            await interaction.followup.send(tr("resign.done"), ephemeral=True)

    @app_commands.command(name="games", description="List your matches in this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            matches = await self.bot.store.of_user(interaction.guild_id, interaction.user.id)
            if not matches:
                await interaction.response.send_message(tr("games.none"), ephemeral=True)
                return
            lines = []
            for match in matches[:MAX_LISTED]:
                title = self.bot.service.engine(match).title
                status = tr(f"games.status.{match.status}")
                lines.append(
                    f"• **{title}** #{match.id} — {status} — {self.flow.naming.link(match)}"
                )
            await interaction.response.send_message(
                tr("games.header") + "\n" + "\n".join(lines), ephemeral=True
            )


async def setup(bot: RushTableBot) -> None:
    await bot.add_cog(TableCog(bot))
