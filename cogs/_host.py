"""What the cogs need from the bot that loads them: a small protocol, so that the Discord
layer never imports the composition root (``bot.app.RushTableBot`` implements it)."""

from __future__ import annotations

from typing import Any, Protocol

from discord import app_commands, ui
from discord.ext import commands

from bot.pictures.painter import BoardPainter
from bot.store.contract import MatchStore
from bot.table.matches import MatchService
from cogs._flow import TableFlow


class TableHost(Protocol):
    store: MatchStore
    service: MatchService
    painter: BoardPainter
    table: TableFlow
    #: The synced top-level commands' ids by name (empty until they are known): ``/help``
    #: and the other answers that name a command mention it (``cogs._commands``).
    command_ids: dict[str, int]

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_cog(self, name: str, /) -> commands.Cog | None: ...

    async def add_cog(self, cog: commands.Cog, /, *, override: bool = ...) -> None: ...

    def add_dynamic_items(self, *items: type[ui.DynamicItem[Any]]) -> None: ...

    def remove_dynamic_items(self, *items: type[ui.DynamicItem[Any]]) -> None: ...
