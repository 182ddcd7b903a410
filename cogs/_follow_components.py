"""The 👁 Follow button of a board and the private choices it answers with (every turn
or only the end, unfollow): ``DynamicItem``s whose custom_id carries the match and the
choice, so they keep working after a restart. Their clicks go to ``cogs.notify``.
Registered with the others in ``cogs._components.DYNAMIC_ITEMS``."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord
from discord.ext import commands

from bot.i18n import Tr

#: Discord ids are 64-bit signed: a forged custom_id beyond that names no match.
LARGEST_ID = 2**63 - 1
#: follow: the board's button (keeps how one already follows); turns / end: every turn,
#: or only the end; off: unfollow.
FOLLOW_OPS = ("follow", "turns", "end", "off")

FOLLOW_COG = "FollowCog"


class Following(Protocol):
    """What the buttons call: ``cogs.notify.FollowCog``."""

    async def on_follow(self, interaction: discord.Interaction, match_id: int, op: str) -> None: ...


class FollowButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:follow:(?P<match>\d{1,20}):(?P<op>follow|turns|end|off)",
):
    def __init__(self, match_id: int, op: str, label: str = "👁 Follow") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rt:follow:{match_id}:{op}",
            )
        )
        self.match_id = match_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FollowButton:
        number = int(match["match"])
        return cls(number if number <= LARGEST_ID else 0, match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        cog = client.get_cog(FOLLOW_COG) if isinstance(client, commands.Bot) else None
        if cog is None:
            await interaction.response.send_message(
                Tr(interaction.locale)("notify.error.unavailable"), ephemeral=True
            )
            return
        await cast(Following, cog).on_follow(interaction, self.match_id, self.op)


FOLLOW_ITEMS = (FollowButton,)
