"""Which click's interaction carries a match's board (``cogs._routes``), with stand-ins for
discord.py's interactions: the newest posts, the one that posted or was clicked on edits,
and none outlives Discord's 15 minutes."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from cogs._routes import ROUTE_SECONDS, ClickRoutes


class FakeInteraction:
    """A click on the public message ``clicked``, answered (by updating that message, or
    by a private reply); records what it was asked."""

    def __init__(self, clicked: int, next_id: int, answered_privately: bool = False) -> None:
        self.message = SimpleNamespace(id=clicked, flags=SimpleNamespace(ephemeral=False))
        answer = (
            discord.InteractionResponseType.deferred_channel_message
            if answered_privately
            else discord.InteractionResponseType.message_update
        )
        self.response = SimpleNamespace(is_done=lambda: True, type=answer)
        self.calls: list[tuple[str, Any]] = []
        interaction = self

        class FollowUp:
            async def send(self, content: str, **_: Any) -> Any:
                interaction.calls.append(("send", content))
                return SimpleNamespace(id=next_id)

            async def edit_message(self, message_id: int, **_: Any) -> None:
                interaction.calls.append(("edit", message_id))

        self.followup = FollowUp()

    async def edit_original_response(self, **_: Any) -> None:
        self.calls.append(("edit", self.message.id))


def fake(clicked: int, next_id: int, answered_privately: bool = False) -> discord.Interaction:
    return FakeInteraction(clicked, next_id, answered_privately)  # type: ignore[return-value]


async def post(routes: ClickRoutes, match_id: int) -> int | None:
    return await routes.post(match_id, "board", b"png", None, discord.AllowedMentions.none())


async def test_the_newest_click_posts_and_each_message_is_edited_by_its_own_click() -> None:
    now = [0.0]
    routes = ClickRoutes(lambda: now[0])
    first, second = fake(clicked=1, next_id=10), fake(clicked=10, next_id=20)
    routes.remember(7, first)
    assert await post(routes, 7) == 10
    routes.remember(7, second)
    assert await routes.edit(7, 10, view=None), "board 10 was posted by the first click"
    assert ("edit", 10) in first.calls  # type: ignore[attr-defined]
    assert await post(routes, 7) == 20, "the newest click posts"
    assert not await routes.edit(8, 10, view=None), "another match's clicks are not used"
    now[0] = ROUTE_SECONDS + 1
    assert not await routes.edit(7, 20, view=None), "expired: edited in the channel"
    assert await post(routes, 7) is None


async def test_a_new_board_lets_go_of_the_clicks_before_the_one_that_posted_it() -> None:
    routes = ClickRoutes(lambda: 0.0)
    routes.remember(7, fake(clicked=1, next_id=10))
    assert await post(routes, 7) == 10
    routes.remember(7, fake(clicked=3, next_id=20))  # a click on another message
    assert await post(routes, 7) == 20
    assert await routes.edit(7, 10, view=None), "before: the first click edits its board"
    routes.settle(7, 20)
    assert not await routes.edit(7, 10, view=None), "the old board's click was let go"
    assert await routes.edit(7, 20, view=None), "the new board's own click is kept"


async def test_a_click_answered_privately_posts_boards_but_never_edits_the_clicked_one() -> None:
    """The hand button on a board: its original response is the private answer, so the
    board it was clicked on is edited in the channel, and new boards follow up on it."""
    routes = ClickRoutes(lambda: 0.0)
    hand = fake(clicked=1, next_id=10, answered_privately=True)
    routes.remember(7, hand)
    assert not await routes.edit(7, 1, view=None), "not through the private answer"
    assert hand.calls == []  # type: ignore[attr-defined]
    assert await post(routes, 7) == 10
    assert await routes.edit(7, 10, view=None), "its own follow-up"
