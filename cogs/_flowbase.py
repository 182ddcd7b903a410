"""What every part of the table flow shares: the services it talks to, and the one place
where failures become private replies (``guarded``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.games import IllegalAction
from bot.i18n import Tr
from bot.store.contract import Match
from bot.store.faults import storage_trouble, trouble_line
from bot.store.shards import Shards
from bot.table.errors import (
    Moment,
    NotSeated,
    NotYourPanel,
    NotYourTurn,
    StaleBoard,
    TableError,
    WrongChannel,
)
from bot.table.matches import MatchService
from cogs._boards import BoardPublisher
from cogs._naming import Naming
from cogs._presenter import Presenter

log = logging.getLogger(__name__)

#: At shutdown, how long the clicks being answered may take to finish (their writes and
#: boards) before the store closes under them.
DRAIN_SECONDS = 5.0


def board_to_catch_up(error: TableError) -> bool:
    """A click on an old board whose successor is not out yet (it gets published first)."""
    match = error.params.get("match")
    return isinstance(error, StaleBoard) and isinstance(match, Match) and match.board_lags


class FlowBase:
    """The table flow's services (set by ``TableFlow``) and its replies."""

    client: discord.Client
    service: MatchService
    naming: Naming
    boards: BoardPublisher
    presenters: dict[str, Presenter]
    shards: Shards
    #: The clicks being answered now (their tasks), waited for at shutdown (``drain``).
    answering: set[asyncio.Task[Any] | None]

    # -- errors
    @contextlib.asynccontextmanager
    async def guarded(
        self, interaction: discord.Interaction, match_id: int | None = None
    ) -> AsyncIterator[None]:
        """The one place where failures become private replies; nothing is changed."""
        tr = Tr(interaction.locale)
        task = asyncio.current_task()
        if task is not None:
            self.answering.add(task)
        try:
            yield
        except TableError as error:
            if board_to_catch_up(error) and not interaction.response.is_done():
                # The current board is published first, which may take a moment.
                await interaction.response.defer(ephemeral=True, thinking=True)
            await self.reply_private(interaction, await self.error_text(error, tr))
        except IllegalAction as error:
            key = f"illegal.{error.key}"
            text = tr(key, **error.params) if tr.has(key) else str(error)
            await self.reply_private(interaction, tr("error.illegal", reason=text))
        except discord.Forbidden:
            log.warning(
                "match %s: missing permission in channel %s", match_id, interaction.channel_id
            )
            await self.reply_private(interaction, tr("error.missing_permissions"))
        except Exception as error:
            trouble = storage_trouble(error)
            if trouble is not None:  # the owner must act: one clear line, no traceback
                log.error("match %s: %s (%s)", match_id, trouble_line(trouble), error)
                await self.reply_private(interaction, tr(f"error.storage_{trouble}"))
                return
            log.exception("match %s: unexpected error", match_id)
            await self.reply_private(interaction, tr("error.unexpected"))
        finally:
            self.answering.discard(task)

    async def drain(self, seconds: float = DRAIN_SECONDS) -> None:
        """Let the clicks being answered finish (a bounded wait, for a clean shutdown)."""
        others = [
            t
            for t in self.answering
            if t is not None and t is not asyncio.current_task() and not t.done()
        ]
        if others:
            await asyncio.wait(others, timeout=seconds)

    async def error_text(self, error: TableError, tr: Tr) -> str:
        params = {
            name: f"<t:{int(value.timestamp)}:f>" if isinstance(value, Moment) else value
            for name, value in error.params.items()
        }
        match = params.get("match")
        if board_to_catch_up(error) and isinstance(match, Match):
            # The board the player should use is not out yet: publish it first.
            await self.boards.publish_or_retry_later(match.id)
            match = await self.service.get(match.id)
        if isinstance(match, Match):
            params["link"] = self.naming.link(match)
        if isinstance(error, NotYourTurn) and isinstance(match, Match):
            acting = self.service.engine(match).to_act(params["state"])
            params["players"] = ", ".join(self.naming.names(match, tr)[s] for s in sorted(acting))
        if isinstance(error, StaleBoard) and not isinstance(match, Match):
            return tr("error.stale_board_gone")
        return tr(error.key, **params)

    async def reply_private(self, interaction: discord.Interaction, text: str) -> None:
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not answer interaction %s", interaction.id)

    async def match_here(self, interaction: discord.Interaction, match_id: int) -> Match:
        """The match a component names, which must be this channel's."""
        match = await self.service.get(match_id)
        if match.channel_id != interaction.channel_id:
            raise WrongChannel()
        return match

    async def panel_match(
        self, interaction: discord.Interaction, match_id: int, seat: int | None
    ) -> Match:
        """The match a component names: clicked in its channel, or, for a private panel's
        component (it names its seat), in the direct messages of that seat's person (their
        lasting panel, ``cogs._hands``); anyone else is refused."""
        match = await self.service.get(match_id)
        if match.channel_id == interaction.channel_id:
            return match
        if seat is None or interaction.guild_id is not None:
            raise WrongChannel()
        own = match.seat_of(interaction.user.id)
        if own is None:
            raise NotSeated(match=match)
        if own != seat:
            raise NotYourPanel(match=match)
        return match
