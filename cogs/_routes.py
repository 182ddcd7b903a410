"""Boards sent through a click's interaction rather than the bot's own channel requests.

Discord counts every channel request (a message posted or edited) against the bot's global
budget of 50 requests a second; what goes through an interaction (its response, the edits
of that response, its follow-ups) does not count. For 15 minutes after a click, a match's
boards are posted as follow-ups of that click and its messages are edited through it: the
click itself, and the AI moves and timers that follow it. The board messages stay ordinary
channel messages, so once the interaction has expired they are edited as any other.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

#: An interaction lets the bot post and edit for 15 minutes; keep a margin for slow requests.
ROUTE_SECONDS = 14 * 60.0
#: What Discord answers about an interaction that can no longer be used.
EXPIRED_CODES = frozenset({10015, 50027})  # unknown webhook, invalid webhook token


def expired(error: discord.HTTPException) -> bool:
    return error.code in EXPIRED_CODES or error.status == 401


@dataclass
class Route:
    interaction: discord.Interaction
    until: float
    followups: set[int] = field(default_factory=set)

    def owns(self, message_id: int) -> bool:
        """Whether this interaction may edit the message: the clicked one (unless it was a
        private panel), or one of its follow-ups."""
        clicked = self.interaction.message
        if clicked is not None and clicked.id == message_id and not clicked.flags.ephemeral:
            return True
        return message_id in self.followups


class ClickRoutes:
    """The last click on each match, while its interaction can still be used."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._routes: dict[int, Route] = {}

    def remember(self, match_id: int, interaction: discord.Interaction) -> None:
        self._routes[match_id] = Route(interaction, self.clock() + ROUTE_SECONDS)

    def forget_expired(self) -> None:
        now = self.clock()
        for match_id in [m for m, route in self._routes.items() if route.until <= now]:
            del self._routes[match_id]

    def of(self, match_id: int) -> Route | None:
        """The match's usable route: not expired, and its click already answered (a
        follow-up needs the answer first)."""
        route = self._routes.get(match_id)
        if route is None:
            return None
        if route.until <= self.clock():
            del self._routes[match_id]
            return None
        return route if route.interaction.response.is_done() else None

    def drop(self, match_id: int, route: Route) -> None:
        if self._routes.get(match_id) is route:
            del self._routes[match_id]

    async def post(
        self,
        match_id: int,
        content: str,
        png: bytes,
        view: discord.ui.View | None,
        mentions: discord.AllowedMentions,
    ) -> int | None:
        """The new board as a follow-up of the match's last click: its message id, or None
        when there is no usable click (the caller posts in the channel)."""
        route = self.of(match_id)
        if route is None:
            return None
        try:
            message = await route.interaction.followup.send(
                content,
                file=discord.File(io.BytesIO(png), filename="board.png"),
                view=view or discord.utils.MISSING,
                allowed_mentions=mentions,
                ephemeral=False,
                wait=True,
            )
        except discord.HTTPException as error:
            if not expired(error):
                raise
            self.drop(match_id, route)
            return None
        route.followups.add(message.id)
        return message.id

    async def edit(self, match_id: int, message_id: int, **changes: Any) -> bool:
        """Edit the message through the match's last click if that click may; False when
        it may not (the caller edits in the channel). Raises ``discord.NotFound`` when the
        message is gone."""
        route = self.of(match_id)
        if route is None or not route.owns(message_id):
            return False
        interaction = route.interaction
        try:
            if message_id in route.followups:
                await interaction.followup.edit_message(message_id, **changes)
            else:
                await interaction.edit_original_response(**changes)
        except discord.HTTPException as error:
            if not expired(error):
                raise
            self.drop(match_id, route)
            return False
        return True
