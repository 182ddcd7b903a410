"""The page buttons of ``/records leaderboard`` and ``/records history`` (``cogs.records``):
``DynamicItem``s whose custom_id carries what the page shows (the game or the player, and
the page number), so they keep working after a restart. The server is the one the click
comes from. Registered with the others in ``cogs._components.DYNAMIC_ITEMS``."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord
from discord.ext import commands

from bot.i18n import Tr

#: A forged page number beyond this is taken as "the last page".
LARGEST_PAGE = 10**6
#: Discord ids are 64-bit signed: a forged custom_id beyond that names nobody.
LARGEST_ID = 2**63 - 1


class RecordPages(Protocol):
    """What the buttons call: ``cogs.records.RecordsCog``."""

    async def on_leaderboard_page(
        self, interaction: discord.Interaction, game: str, page: int
    ) -> None: ...

    async def on_history_page(
        self, interaction: discord.Interaction, user_id: int, page: int
    ) -> None: ...


RECORDS_COG = "RecordsCog"


async def _pages(interaction: discord.Interaction) -> RecordPages | None:
    client = interaction.client
    cog = client.get_cog(RECORDS_COG) if isinstance(client, commands.Bot) else None
    if cog is None:
        await interaction.response.send_message(
            Tr(interaction.locale)("records.error.unavailable"), ephemeral=True
        )
        return None
    return cast(RecordPages, cog)


def _page(text: str) -> int:
    return min(int(text), LARGEST_PAGE)


def _button(custom_id: str, label: str, disabled: bool) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=label, style=discord.ButtonStyle.secondary, custom_id=custom_id, disabled=disabled
    )


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:lb:(?P<game>[a-z]{1,20}):(?P<page>\d{1,12})",
):
    """◀ / ▶ on a ``/records leaderboard`` page: the game and the page (0 = the first)."""

    def __init__(self, game: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(_button(f"rt:lb:{game}:{page}", label or str(page + 1), disabled))
        self.game = game
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardPageButton:
        return cls(match["game"], _page(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        pages = await _pages(interaction)
        if pages is not None:
            await pages.on_leaderboard_page(interaction, self.game, self.page)


class HistoryPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:hist:(?P<user>\d{1,20}):(?P<page>\d{1,12})",
):
    """◀ / ▶ on a ``/records history`` page: whose matches and the page (0 = the newest)."""

    def __init__(self, user_id: int, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(_button(f"rt:hist:{user_id}:{page}", label or str(page + 1), disabled))
        self.user_id = user_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryPageButton:
        user = int(match["user"])
        return cls(user if user <= LARGEST_ID else 0, _page(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        pages = await _pages(interaction)
        if pages is not None:
            await pages.on_history_page(interaction, self.user_id, self.page)


RECORDS_ITEMS = (LeaderboardPageButton, HistoryPageButton)
