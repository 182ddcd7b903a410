"""🔍 Zoom, shared by the games whose board shows the whole table small (Fireship's sea,
Rush'n'Crush's course): anyone — seated or not — gets a private picture of one part of it,
drawn from what they may see (their seat's view, or the public one), with a menu of the
other parts that redraws the picture in place. Nothing public changes.

A game's cog says which parts there are and what each shows (``Zooming.zoom_part``); the
buttons, the menu, the answers and the checks are written here once."""

from __future__ import annotations

import io
import re
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import discord
from discord.ext import commands

from bot.games.base import View
from bot.i18n import Tr
from bot.pictures.painter import BoardPainter
from bot.table.errors import MatchNotActive, UnknownAction
from bot.table.matches import MatchService
from cogs._inputs import number
from cogs._naming import Naming

#: A zoom's value in a custom id or a menu: short, plain (an area's name, a row number).
VALUE = re.compile(r"-?[a-z0-9]{1,8}")


@dataclass(frozen=True)
class ZoomPart:
    """One part of a board a zoom shows."""

    focus: str  # what the renderer's private picture shows (``zoom:K7``, ``zoom:12``)
    content: str  # the words above the picture
    shown: str  # this part's value in the menu
    options: list[tuple[str, str]]  # every part's (label, value), in the menu's order
    placeholder: str


class ZoomFlow(Protocol):
    """What a zoom uses of the table's flow (``cogs._flow.TableFlow``, which imports these
    buttons): its guard and its names."""

    naming: Naming

    def guarded(
        self, interaction: discord.Interaction, match_id: int | None = None
    ) -> AbstractAsyncContextManager[None]: ...


class ZoomHost(Protocol):
    """What a zoom uses of the bot (``cogs._host.TableHost``)."""

    service: MatchService
    painter: BoardPainter

    @property
    def table(self) -> ZoomFlow: ...


@runtime_checkable
class Zooming(Protocol):
    """A game cog whose board zooms: the host it serves, the words of its pictures and
    the parts a zoom shows."""

    game_name: str
    bot: ZoomHost

    def zoom_part(self, view: View, seat: int | None, value: str | None, tr: Tr) -> ZoomPart:
        """The part to show: ``value`` picked in the menu, or None for where the clicker
        would look first (their pawns, their car)."""
        ...

    def render_labels(self, view: View, names: list[str], tr: Tr) -> dict[str, str]: ...


def _zooming_cog(interaction: discord.Interaction, game: str) -> Zooming | None:
    client = interaction.client
    cogs = client.cogs.values() if isinstance(client, commands.Bot) else []
    return next((cog for cog in cogs if isinstance(cog, Zooming) and cog.game_name == game), None)


class ZoomButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:zoom:(?P<game>[a-z]{1,16}):(?P<match>\d+)",
):
    """🔍 Zoom on a board."""

    def __init__(self, game: str, match_id: int, label: str = "🔍") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rt:zoom:{game}:{match_id}",
            )
        )
        self.game, self.match_id = game, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ZoomButton:
        return cls(match["game"], number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_zoom(interaction, self.game, self.match_id, None)


class ZoomMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rt:zoomto:(?P<game>[a-z]{1,16}):(?P<match>\d+)",
):
    """The zoom's menu: another part of the board, in the same private message."""

    def __init__(
        self,
        game: str,
        match_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rt:zoomto:{game}:{match_id}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )
        self.game, self.match_id = game, match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ZoomMenu:
        made = cls(match["game"], number(match["match"]))
        if isinstance(item, discord.ui.Select):
            made.item.options = item.options
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        value = str(values[0]) if values else ""
        # A forged value is no part: the zoom opens where the clicker would look first.
        await show_zoom(
            interaction, self.game, self.match_id, value if VALUE.fullmatch(value) else ""
        )


def zoom_menu(game: str, match_id: int, part: ZoomPart) -> discord.ui.View:
    """The menu under a zoom (none when the board has one part only)."""
    menu = discord.ui.View(timeout=None)
    if len(part.options) > 1:
        options = [
            discord.SelectOption(label=label, value=value, default=value == part.shown)
            for label, value in part.options
        ]
        menu.add_item(ZoomMenu(game, match_id, options, part.placeholder))
    return menu


async def show_zoom(
    interaction: discord.Interaction, game: str, match_id: int, value: str | None
) -> None:
    """🔍 Zoom (``value`` None), or a part picked in its menu (``""``: a value that named
    none): a private picture of that part, with the menu."""
    cog = _zooming_cog(interaction, game)
    if cog is None:
        return
    host = cog.bot
    flow = host.table
    async with flow.guarded(interaction, match_id):
        match = await host.service.get(match_id)
        if match.game != game:
            raise UnknownAction(match=match)
        if match.status not in ("active", "finished", "frozen"):
            raise MatchNotActive(match=match)
        opening = value is None
        if opening:
            await interaction.response.defer(ephemeral=True, thinking=True)
        else:
            await interaction.response.defer()
        tr = Tr(interaction.locale)
        seat = match.seat_of(interaction.user.id)
        view = host.service.engine(match).view(host.service.load_state(match), seat)
        part = cog.zoom_part(view, seat, value or None, tr)
        labels = cog.render_labels(view, flow.naming.names(match, tr, for_text=False), tr)
        png = await host.painter.render_private(game, view, part.focus, labels)
        files = [discord.File(io.BytesIO(png), filename="zoom.png")] if png else []
        menu = zoom_menu(game, match.id, part)
        if opening:
            await interaction.followup.send(part.content, files=files, view=menu, ephemeral=True)
        else:
            await interaction.edit_original_response(
                content=part.content, attachments=files, view=menu
            )


ZOOM_ITEMS = (ZoomButton, ZoomMenu)
