"""A small vocabulary for driving the real bot through simcord: open a lobby, click what a
person would click, read the boards. No mock of discord.py: simcord feeds real
interactions through discord.py's own dispatch."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import discord

Chooser = Callable[[list[discord.Button]], discord.Button]


def action_buttons(message: Any) -> list[Any]:
    """The game's action buttons on a message (``rt:act:`` custom ids)."""
    buttons = []
    for row in message.components:
        children = row.children if hasattr(row, "children") else row.get("components", [])
        for child in children:
            custom_id = getattr(child, "custom_id", None) or (
                child.get("custom_id") if isinstance(child, dict) else None
            )
            if custom_id and custom_id.startswith("rt:act:"):
                buttons.append(child)
    return buttons


def custom_id_of(button: Any) -> str:
    return str(getattr(button, "custom_id", None) or button["custom_id"])


def label_of(button: Any) -> str:
    return str(getattr(button, "label", None) or button.get("label"))


def select_menus(message: Any) -> list[Any]:
    menus = []
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.SelectMenu):
                menus.append(child)
    return menus


class Table:
    """One guild, one channel, and the people in it."""

    def __init__(self, env: Any, *, locale: str | None = None) -> None:
        self.env = env
        self.guild = env.create_guild(preferred_locale=locale) if locale else env.create_guild()
        self.channel = self.guild.create_text_channel("games")
        self.members: dict[str, Any] = {}

    def member(self, name: str) -> Any:
        actor = self.guild.add_member(self.env.create_user(name))
        self.members[name] = actor
        return actor

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def open(self, who: Any, game: str, **options: Any) -> Any:
        result = await who.slash(self.channel, f"{game} new", **options)
        return result

    def lobby(self) -> Any:
        for message in reversed(self.channel.history()):
            if message.embeds and message.components:
                return message
        raise AssertionError("no open lobby message in the channel")

    async def lobby_click(self, who: Any, label: str) -> Any:
        return await who.click(self.lobby(), label=label)

    def board(self) -> Any:
        """The newest board message (the one with the picture)."""
        for message in reversed(self.channel.history()):
            if message.attachments:
                return message
        raise AssertionError("no board in the channel")

    async def click_action(self, who: Any, button: Any, message: Any | None = None) -> Any:
        return await who.click(message or self.board(), custom_id=custom_id_of(button))

    def message(self, message_id: int) -> Any:
        return next(m for m in self.channel.history() if m.id == message_id)

    def choose_first(self, buttons: list[Any]) -> Any:
        return buttons[0]

    async def match(self) -> Any:
        match = await self.bot.store.open_in_channel(self.channel.id)
        if match is None:  # finished: the newest match of this channel
            matches = await self.bot.store.active()
            assert not matches
        return match

    async def play_until_over(
        self, players: dict[Any, Callable[[list[Any]], Any]], max_clicks: int = 400
    ) -> int:
        """Each person clicks one of their action buttons whenever the board offers them
        some; AI seats play by themselves (simcord advances the virtual clock)."""
        rng = random.Random(5)
        clicks = 0
        for _ in range(max_clicks):
            board = self.board()
            if "🏆" in board.content or "no winner" in board.content:
                return clicks
            buttons = action_buttons(board)
            menus = select_menus(board)
            actor = self._actor_on_turn(board, players)
            if actor is None or not (buttons or menus):
                await self.env.advance_time(5)
                continue
            if buttons:
                await self.click_action(actor, players[actor](buttons))
            else:
                menu = menus[0]
                value = rng.choice(menu.options).value
                await actor.select(board, [value], custom_id=menu.custom_id)
            clicks += 1
        raise AssertionError("the match did not end")

    def _actor_on_turn(self, board: Any, players: dict[Any, Any]) -> Any:
        for actor in players:
            if actor.mention in board.content.split("👉", 1)[-1]:
                return actor
        return None


def as_seen_now(actor: Any, message: Any) -> Any:
    """A copy of a message as the person's client shows it now, buttons included."""
    import copy

    from simcord import actors as simcord_actors

    return copy.deepcopy(simcord_actors._visible_message(actor, message))


async def click_as_sent_before(env: Any, actor: Any, seen: Any, custom_id: str) -> Any:
    """A click sent from a client that still showed ``seen`` (from ``as_seen_now``) though
    the bot has changed the message since: what a double click or a lagging client sends.
    It goes through simcord's real interaction dispatch like any click."""
    from simcord import actors as simcord_actors

    env._begin_operation("click")
    try:
        data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
        return await simcord_actors._component_interaction(actor, seen, data)
    finally:
        env._end_operation()


def private_text(result: Any) -> str:
    """The text of the ephemeral reply (or follow-up) an interaction got."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    ephemeral = [m.content for m in messages if m.ephemeral]
    assert ephemeral, "expected a private reply"
    return "\n".join(ephemeral)


async def click_forged(env: Any, actor: Any, message: Any, custom_id: str) -> Any:
    """A click a modified client could send: ``message``'s first button made to carry
    ``custom_id`` (Discord itself only sends ids of buttons the message has)."""
    seen = as_seen_now(actor, message)
    seen.components[0]["components"][0]["custom_id"] = custom_id
    return await click_as_sent_before(env, actor, seen, custom_id)
