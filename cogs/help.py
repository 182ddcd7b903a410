"""``/help`` and the welcome a server gets when the bot joins it.

``/help`` answers privately, in the reader's language: the games (players, one sentence,
the command that starts one), the table's commands read from the command tree (so it
names only commands that exist, with their descriptions as the picker shows them), and a
**How to play** menu whose choice answers privately with that game's rules, as
``/<game> rules`` shows them. Commands are named by their mentions (``cogs._commands``):
each reader's client shows them in its own language, and a click fills them in.

The menu is a ``DynamicItem`` (``rt:help:rules``): it works on a help shown before a
restart too. It works in direct messages, like ``/help`` itself.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import Tr
from cogs._commands import command_text, mention
from cogs._host import TableHost
from cogs._match import GameCog

log = logging.getLogger(__name__)

#: The name this cog is loaded under (the menu finds it by it).
HELP_COG = "HelpCog"
#: The command groups ``/help`` lists after the games, in this order (``help.section.*``).
SECTIONS = ("match", "records", "league", "notify", "moderate")
#: Discord's bounds: an embed field's value, a select option's description.
FIELD_LIMIT = 1024
OPTION_DESCRIPTION_LIMIT = 100


class RulesMenu(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"rt:help:rules"):
    """``/help``'s How to play: a game's rules, privately."""

    def __init__(
        self, options: list[discord.SelectOption] | None = None, placeholder: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="rt:help:rules",
                options=options or [],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesMenu:
        made = cls()
        if isinstance(item, discord.ui.Select):
            made.item.options = item.options
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        game = str(values[0]) if values else ""
        client = interaction.client
        cog = client.get_cog(HELP_COG) if isinstance(client, commands.Bot) else None
        if not isinstance(cog, HelpCog):  # not loaded: say so, never leave it unanswered
            text = Tr(interaction.locale)("help.rules.unavailable")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await cog.on_rules(interaction, game)


class HelpCog(commands.Cog):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RulesMenu)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RulesMenu)

    # ---------------------------------------------------------------- /help
    @app_commands.command(name="help", description="The games, the commands and how to play")
    async def help_command(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        view = discord.ui.View(timeout=None)
        view.add_item(self.rules_menu(tr))
        await interaction.response.send_message(
            embed=self.help_embed(tr),
            view=view,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    def games(self) -> list[GameCog]:
        """The games offered: those whose cog is loaded, in ``GAMES``' order."""
        presenters = self.bot.table.presenters
        return [cog for name in GAMES if isinstance(cog := presenters.get(name), GameCog)]

    def name(self, path: str, tr: Tr) -> str:
        return mention(self.bot.command_ids, path, tr)

    def game_line(self, cog: GameCog, tr: Tr) -> str:
        engine = cog.engine
        if engine.min_players == engine.max_players:
            players = tr("help.players.exact", count=engine.min_players)
        else:
            players = tr("help.players.range", low=engine.min_players, high=engine.max_players)
        return tr(
            "help.game",
            game=engine.title,
            players=players,
            summary=tr(f"{cog.game_name}.summary"),
            command=self.name(f"{cog.game_name} new", tr),
        )

    def section_lines(self, group: str, tr: Tr) -> list[str]:
        """One line per subcommand of ``group``, as the command tree holds it."""
        found = self.bot.tree.get_command(group)
        if not isinstance(found, app_commands.Group):
            return []
        return [
            tr(
                "help.command",
                command=self.name(f"{group} {command.name}", tr),
                description=command_text(command.description, tr),
            )
            for command in found.commands
        ]

    def help_embed(self, tr: Tr) -> discord.Embed:
        lines = [tr("help.intro"), "", *(self.game_line(cog, tr) for cog in self.games())]
        embed = discord.Embed(
            title=tr("help.title"), description="\n".join(lines), colour=discord.Colour.blurple()
        )
        for group in SECTIONS:
            add_lines(embed, tr(f"help.section.{group}"), self.section_lines(group, tr))
        embed.set_footer(text=tr("help.footer"))
        return embed

    def rules_menu(self, tr: Tr) -> RulesMenu:
        options = [
            discord.SelectOption(
                label=cog.engine.title,
                value=cog.game_name,
                description=tr(f"{cog.game_name}.summary")[:OPTION_DESCRIPTION_LIMIT],
            )
            for cog in self.games()
        ]
        return RulesMenu(options, tr("help.rules.placeholder"))

    async def on_rules(self, interaction: discord.Interaction, game: str) -> None:
        """How to play ``game``: its rules embed, privately, in the reader's language."""
        tr = Tr(interaction.locale)
        cog = self.bot.table.presenters.get(game)
        if not isinstance(cog, GameCog):
            await self.bot.table.reply_private(interaction, tr("help.rules.unavailable"))
            return
        await interaction.response.send_message(embed=cog.rules_embed(tr), ephemeral=True)

    # ---------------------------------------------------------------- the welcome
    def welcome_text(self, tr: Tr) -> str:
        games = self.games()
        return tr(
            "help.welcome",
            games=", ".join(cog.engine.title for cog in games),
            example=self.name(f"{games[0].game_name} new", tr) if games else "",
            help=self.name("help", tr),
        )

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """A few lines in the server's system channel, in its language, if the bot may
        write there; nothing otherwise. It pings nobody."""
        channel = guild.system_channel
        me = guild.me
        if channel is None or me is None or not channel.permissions_for(me).send_messages:
            return
        try:
            await channel.send(
                self.welcome_text(Tr(guild.preferred_locale)),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.warning("guild %s: the welcome could not be posted", guild.id, exc_info=True)


def add_lines(embed: discord.Embed, name: str, lines: list[str]) -> None:
    """``lines`` under the heading ``name``, in as many fields as Discord's size needs."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len("\n".join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=name, value="\n".join(chunk), inline=False)
            name, chunk = "\u200b", []
        chunk.append(line[:FIELD_LIMIT])
    if chunk:
        embed.add_field(name=name, value="\n".join(chunk), inline=False)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(HelpCog(bot))
