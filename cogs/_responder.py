"""Answering a click: save first, then answer, within Discord's three seconds.

A click's change is saved before anything is answered, so an acknowledged click is never
lost; the answer then carries the new board itself (an update of the clicked message).
Should the saving or drawing run late, the click is acknowledged silently just before
Discord's deadline and the answer becomes an edit of the original response.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from types import TracebackType
from typing import Any

import discord

log = logging.getLogger(__name__)

#: Discord drops an interaction not answered within 3 s; keep a margin for the network.
ANSWER_WITHIN_SECONDS = 2.0


class Responder:
    def __init__(
        self, interaction: discord.Interaction, deadline: float = ANSWER_WITHIN_SECONDS
    ) -> None:
        self.interaction = interaction
        self.deadline = deadline
        self._lock = asyncio.Lock()
        self._watchdog: asyncio.Task[None] | None = None

    @property
    def message_id(self) -> int | None:
        message = self.interaction.message
        return message.id if message is not None else None

    async def __aenter__(self) -> Responder:
        self._watchdog = asyncio.create_task(self._acknowledge_in_time())
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watchdog
        if error is not None:
            return  # refused: the error handler answers, privately
        with contextlib.suppress(discord.HTTPException):
            await self.acknowledge()

    async def _acknowledge_in_time(self) -> None:
        await asyncio.sleep(self.deadline)
        with contextlib.suppress(discord.HTTPException):
            await self.acknowledge()

    async def acknowledge(self) -> None:
        """A silent acknowledgement, unless the click was answered already."""
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.defer()

    async def update(self, **changes: Any) -> None:
        """Edit the clicked message (the board or a private panel) through the interaction."""
        async with self._lock:
            if not self.interaction.response.is_done():
                await self.interaction.response.edit_message(**changes)
            else:
                await self.interaction.edit_original_response(**changes)
