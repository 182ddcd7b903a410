"""Boards sent through a click's interaction rather than the bot's own channel requests.

Discord counts every channel request (a message posted or edited) against the bot's global
budget of 50 requests a second; what goes through an interaction (its response, the edits
of that response, its follow-ups) does not count. For 15 minutes after a click, a match's
boards are posted as follow-ups of that click and the messages it posted or was clicked on
are edited through it: the click itself, and the AI moves and timers that follow it. The
board messages stay ordinary channel messages, so once the interaction has expired they are
edited as any other.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

from cogs._budget import MB, Budgeted

#: An interaction lets the bot post and edit for 15 minutes; keep a margin for slow requests.
ROUTE_SECONDS = 14 * 60.0
#: The clicks kept per match: enough to edit the boards a busy turn posted through them.
ROUTES_KEPT = 8
#: What one remembered click holds (its interaction, the message it carries), roughly, and
#: the most all of them may hold: beyond, the least recently used matches' are let go (their
#: boards then go through the channel).
ROUTE_BYTES = 16 * 1024
ROUTES_BUDGET = 48 * MB
#: A click answered by updating the clicked message: its original response is that message.
UPDATES = frozenset(
    {
        discord.InteractionResponseType.message_update,
        discord.InteractionResponseType.deferred_message_update,
    }
)
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
        """Whether this interaction may edit the message: the clicked one when the click was
        answered by updating it (not a private panel, nor a click answered by a private
        reply such as the hand button's), or one of its follow-ups."""
        clicked = self.interaction.message
        updated = self.interaction.response.type in UPDATES
        if clicked is not None and clicked.id == message_id and not clicked.flags.ephemeral:
            return updated
        return message_id in self.followups


class ClickRoutes:
    """The recent clicks on each match, while their interactions can still be used: the
    newest posts new boards; whichever posted (or was clicked on) a message edits it."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        #: match -> its recent clicks (an interaction holds the clicked message and more).
        self._routes: Budgeted[int, list[Route]] = Budgeted(
            "click routes", ROUTES_BUDGET, lambda routes: ROUTE_BYTES * max(1, len(routes))
        )

    def remember(self, match_id: int, interaction: discord.Interaction) -> None:
        routes = self._usable(match_id, answered=False)
        routes.append(Route(interaction, self.clock() + ROUTE_SECONDS))
        self._routes[match_id] = routes[-ROUTES_KEPT:]

    def forget_expired(self) -> None:
        for match_id in list(self._routes):
            self._usable(match_id, answered=False)  # a match left with none is forgotten

    def _usable(self, match_id: int, *, answered: bool = True) -> list[Route]:
        """The match's routes not expired, oldest first; with ``answered``, only those whose
        click was answered already (a follow-up or an edit needs the answer first)."""
        now = self.clock()
        routes = [route for route in self._routes.get(match_id, []) if route.until > now]
        if routes:
            self._routes[match_id] = routes
        else:
            self._routes.pop(match_id, None)
        return [r for r in routes if r.interaction.response.is_done()] if answered else routes

    def _drop(self, match_id: int, route: Route) -> None:
        routes = self._routes.get(match_id, [])
        if route in routes:
            routes.remove(route)

    async def post(
        self,
        match_id: int,
        content: str,
        png: bytes,
        view: discord.ui.View | None,
        mentions: discord.AllowedMentions,
    ) -> int | None:
        """The new board as a follow-up of the match's newest click: its message id, or None
        when there is no usable click (the caller posts in the channel)."""
        for route in reversed(self._usable(match_id)):
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
                self._drop(match_id, route)
                continue
            route.followups.add(message.id)
            return message.id
        return None

    def settle(self, match_id: int, board_id: int) -> None:
        """The match has a new board and its old one was stripped: the clicks before the one
        that owns the new board can edit nothing that still matters, and are let go."""
        routes = self._routes.get(match_id, [])
        owner = next((i for i, route in enumerate(routes) if route.owns(board_id)), None)
        if owner is not None:
            self._routes[match_id] = routes[owner:]

    async def edit(self, match_id: int, message_id: int, **changes: Any) -> bool:
        """Edit the message through a click of the match that may; False when none may (the
        caller edits in the channel). Raises ``discord.NotFound`` when the message is gone."""
        for route in self._usable(match_id):
            if not route.owns(message_id):
                continue
            interaction = route.interaction
            try:
                if message_id in route.followups:
                    await interaction.followup.edit_message(message_id, **changes)
                else:
                    await interaction.edit_original_response(**changes)
            except discord.HTTPException as error:
                if not expired(error):
                    raise
                self._drop(match_id, route)
                continue
            return True
        return False
