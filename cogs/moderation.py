"""``/moderate end``: a moderator ends this channel's match or cancels its lobby.

Who may: members with **Manage Messages** in the channel. The command group carries that
as its default permission, so Discord hides it from everyone else (a server changes who
sees it in Server Settings → Integrations); the bot checks it again at each click, since a
server may have opened the command to others. A match ended this way has no winner, counts
for nobody's rating, and its record says a moderator ended it (``MatchService.end_by_moderator``).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Tr
from bot.table.errors import NoMatchHere, TableError
from cogs._components import Confirmation
from cogs._host import TableHost


class NotAModerator(TableError):
    key = "moderate.error.not_moderator"


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Messages in this channel (what the command's default permission asks)."""
    return interaction.guild_id is not None and interaction.permissions.manage_messages


class EndButton(Confirmation, template=r"rt:mod:(?P<match>\d+):(?P<answer>yes|no)"):
    """The Yes / No of ``/moderate end``'s private question."""

    PREFIX = "mod"

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        cog = client.get_cog("ModerationCog") if isinstance(client, commands.Bot) else None
        if not isinstance(cog, ModerationCog):  # not loaded: say so, never leave it unanswered
            text = Tr(interaction.locale)("error.unexpected")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await cog.on_end(interaction, self.match_id, self.confirmed)


@app_commands.guild_only()
@app_commands.default_permissions(manage_messages=True)
class ModerationCog(
    commands.GroupCog,
    group_name="moderate",
    group_description="Moderators: end this channel's match",
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(EndButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(EndButton)

    @app_commands.command(name="end", description="End this channel's match or cancel its lobby")
    async def end(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        flow = self.bot.table
        async with flow.guarded(interaction):
            if not is_moderator(interaction):
                raise NotAModerator()
            match = await self.bot.store.open_in_channel(interaction.channel_id or 0)
            if match is None:
                raise NoMatchHere()
            title = self.bot.service.engine(match).title
            names = ", ".join(flow.naming.names(match, tr)) or "—"
            key = "moderate.confirm_lobby" if match.status == "lobby" else "moderate.confirm_match"
            view = discord.ui.View(timeout=None)
            view.add_item(EndButton(match.id, True, tr("moderate.button.yes")))
            view.add_item(EndButton(match.id, False, tr("moderate.button.no")))
            await interaction.response.send_message(
                tr(key, game=title, number=match.id, players=names), view=view, ephemeral=True
            )

    async def on_end(
        self, interaction: discord.Interaction, match_id: int, confirmed: bool
    ) -> None:
        tr = Tr(interaction.locale)
        flow = self.bot.table
        async with flow.guarded(interaction, match_id):
            if not is_moderator(interaction):
                raise NotAModerator()
            await flow.match_here(interaction, match_id)
            if not confirmed:
                await interaction.response.edit_message(content=tr("moderate.kept"), view=None)
                return
            match = await self.bot.service.end_by_moderator(match_id, interaction.user.id)
            await interaction.response.edit_message(content=tr("moderate.done"), view=None)
            public = flow.naming.guild_tr(match)
            channel = await flow.boards.channel(match.channel_id)
            if match.status == "cancelled":
                await flow.show_lobby(match)
            else:
                await flow.boards.publish_or_retry_later(match.id)
            if channel is not None:
                await channel.send(
                    public(
                        "moderate.announce_lobby"
                        if match.status == "cancelled"
                        else "moderate.announce_match",
                        number=match.id,
                        moderator=interaction.user.mention,
                    ),
                    allowed_mentions=discord.AllowedMentions.none(),
                )


async def setup(bot: TableHost) -> None:
    await bot.add_cog(ModerationCog(bot))
