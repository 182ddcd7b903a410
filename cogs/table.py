"""``/match``: the commands about this channel's match, and your matches, whichever the
game: ``board``, ``log``, ``undo``, ``resign``, ``replay``, ``follow``, ``unfollow``,
``list``.

One command group lives in one cog (discord.py), so ``undo``, ``replay``, ``follow`` and
``unfollow`` are declared here and answered by the cogs that own their buttons and rules
(``cogs.undo``, ``cogs.replays``, ``cogs.notify``), found by name when used.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Tr
from bot.table.errors import MatchFrozen, NoMatchHere
from cogs._components import REPLAYS_COG, typed_choice
from cogs._dispatch import refused
from cogs._follow_components import FOLLOW_COG
from cogs._host import TableHost
from cogs._inputs import number

if TYPE_CHECKING:
    from cogs._flow import TableFlow


log = logging.getLogger(__name__)

#: The largest whole number a slash command option may take (Discord: 2**53 - 1).
LARGEST_OPTION = 2**53 - 1
#: The names the cogs answering some of ``/match`` are loaded under.
UNDO_COG = "UndoCog"


class AsksUndo(Protocol):
    """``cogs.undo.UndoCog``."""

    async def ask(self, interaction: discord.Interaction) -> None: ...


class Replays(Protocol):
    """``cogs.replays.ReplaysCog``."""

    async def on_replay(
        self, interaction: discord.Interaction, match_id: int, *, public: bool = False
    ) -> None: ...


class Follows(Protocol):
    """``cogs.notify.FollowCog``."""

    async def follow_here(self, interaction: discord.Interaction, every_turn: bool) -> None: ...

    async def unfollow_here(self, interaction: discord.Interaction) -> None: ...


@app_commands.guild_only()
class TableCog(
    commands.GroupCog,
    group_name="match",
    group_description="This channel's match: its board, log, undo, replay… and your matches",
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        super().__init__()

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A typed choice (see ``cogs._components.TypeButton``) comes back here (unless the
        bot refused it as forged, ``cogs._dispatch``)."""
        typed = None if refused(interaction) else typed_choice(interaction)
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

    async def answering(
        self, interaction: discord.Interaction, name: str, unavailable: str
    ) -> commands.Cog | None:
        """The cog that answers a subcommand; if it is not loaded, the person is told so."""
        cog = self.bot.get_cog(name)
        if cog is None:
            await self.flow.reply_private(interaction, Tr(interaction.locale)(unavailable))
        return cog

    @app_commands.command(name="board", description="Show this channel's board again")
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
    async def log(self, interaction: discord.Interaction) -> None:
        await self.flow.show_log(interaction)

    @app_commands.command(name="undo", description="Ask to take back your last action")
    async def undo(self, interaction: discord.Interaction) -> None:
        cog = await self.answering(interaction, UNDO_COG, "undo.error.unavailable")
        if cog is not None:
            await cast(AsksUndo, cog).ask(interaction)

    @app_commands.command(name="resign", description="Leave the match in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.flow.ask_to_resign(interaction)

    @app_commands.command(
        name="replay", description="A match told again: an animation and the record of each move"
    )
    @app_commands.describe(
        match="The match number, as its boards show it (match #12)",
        share="Post it for everyone in this channel (by default only you see it)",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        match: app_commands.Range[int, 1, LARGEST_OPTION],
        share: bool = False,
    ) -> None:
        cog = await self.answering(interaction, REPLAYS_COG, "error.unexpected")
        if cog is not None:
            await cast(Replays, cog).on_replay(interaction, match, public=share)

    @app_commands.command(
        name="follow", description="Be told privately when this channel's match ends"
    )
    @app_commands.describe(every_turn="Also at every new turn")
    async def follow(self, interaction: discord.Interaction, every_turn: bool = False) -> None:
        cog = await self.answering(interaction, FOLLOW_COG, "notify.error.unavailable")
        if cog is not None:
            await cast(Follows, cog).follow_here(interaction, every_turn)

    @app_commands.command(name="unfollow", description="Stop following this channel's match")
    async def unfollow(self, interaction: discord.Interaction) -> None:
        cog = await self.answering(interaction, FOLLOW_COG, "notify.error.unavailable")
        if cog is not None:
            await cast(Follows, cog).unfollow_here(interaction)

    @app_commands.command(name="list", description="List your matches in this server")
    async def list_matches(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            lines = await self.flow.games_list(interaction.guild_id, interaction.user.id, tr)
            text = tr("games.header") + "\n" + "\n".join(lines) if lines else tr("games.none")
            await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(TableCog(bot))
