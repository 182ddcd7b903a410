"""The match flow every game shares: lobby, boards, buttons, AI seats, timers, errors.

A game cog subclasses ``GameCog`` and adds only what is its own: its ``new`` command with
its options, how its actions are labelled and its events told. Buttons are ``DynamicItem``s
whose custom_id carries the match id, the state version and the action, so they keep
working after a restart and an old board is recognised as such.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import logging
import re
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import MatchFrozen, NoMatchHere, NotSeated, NotYourTurn, StaleBoard, TableError
from bot.games import GAMES, Game, IllegalAction
from bot.i18n import Tr
from bot.matches import Expired, MatchService
from bot.rendering import BoardPainter
from bot.store import Match
from renderers import LABEL_DEFAULTS

if TYPE_CHECKING:
    from bot.app import RushTableBot

log = logging.getLogger(__name__)

BUTTONS_PER_ROW = 5
MAX_ROWS = 5
SELECT_OPTIONS = 25
MAX_BUTTONS = BUTTONS_PER_ROW * MAX_ROWS
LABEL_LIMIT = 80
ACCOUNT_CHARACTERS = 1500  # a message holds 2000; the title and the "to play" line need room
NEEDED_PERMISSIONS = ("send_messages", "attach_files", "embed_links")
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
TIME_LIMIT_CHOICES = (
    ("No limit", 0),
    ("1 hour", 3600),
    ("12 hours", 12 * 3600),
    ("24 hours", 24 * 3600),
    ("3 days", 72 * 3600),
)
SILENT = discord.AllowedMentions.none()
PING_PLAYERS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def flow_of(interaction: discord.Interaction) -> TableFlow:
    return cast("RushTableBot", interaction.client).table


# ------------------------------------------------------------------ buttons
class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:lobby:(?P<match>\d+):(?P<op>join|leave|ai|start|cancel)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "ai": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, match_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=self.STYLES[op],
                custom_id=f"rt:lobby:{match_id}:{op}",
            )
        )
        self.match_id = match_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["match"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_lobby(interaction, self.match_id, self.op)


def _seat_part(seat: int | None) -> str:
    """Buttons of a private panel name the seat they belong to."""
    return "" if seat is None else f"s{seat}:"


def _seat_of(match: re.Match[str]) -> int | None:
    return None if match["seat"] is None else int(match["seat"])


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:act:(?P<match>\d+):(?P<version>\d+):(?:s(?P<seat>\d+):)?(?P<action>.+)",
):
    def __init__(
        self, match_id: int, version: int, action: str, label: str = "", seat: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or action)[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=f"rt:act:{match_id}:{version}:{_seat_part(seat)}{action}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(
            int(match["match"]), int(match["version"]), match["action"], seat=_seat_of(match)
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_action(
            interaction, self.match_id, self.version, self.action, self.seat
        )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rt:pick:(?P<match>\d+):(?P<version>\d+):(?:s(?P<seat>\d+):)?(?P<part>\d+)",
):
    def __init__(
        self,
        match_id: int,
        version: int,
        part: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        seat: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rt:pick:{match_id}:{version}:{_seat_part(seat)}{part}",
                options=list(options) or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
            )
        )
        self.match_id = match_id
        self.version = version
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        made = cls(
            int(match["match"]), int(match["version"]), int(match["part"]), seat=_seat_of(match)
        )
        if isinstance(item, discord.ui.Select):
            made.item.options = item.options
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        action = str(values[0]) if values else ""
        await flow_of(interaction).on_action(
            interaction, self.match_id, self.version, action, self.seat
        )


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rt:hand:(?P<match>\d+)"
):
    def __init__(self, match_id: int, label: str = "My hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"rt:hand:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_hand(interaction, self.match_id)


DYNAMIC_ITEMS = (LobbyButton, ActionButton, ActionSelect, HandButton)


# ------------------------------------------------------------------ game cogs
class GameCog(commands.GroupCog):
    """What one game adds to the shared flow. Subclasses set ``game_name`` and define
    ``new`` with their options, calling ``open_lobby``."""

    game_name: ClassVar[str]
    #: Hidden information: players choose their actions in a private "My hand" reply.
    private_actions: ClassVar[bool] = False
    #: The label of the board's button that opens the private panel.
    hand_label_key: ClassVar[str] = "board.my_hand"

    def __init__(self, bot: RushTableBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def engine(self) -> Game[Any]:
        return GAMES[self.game_name]

    async def cog_load(self) -> None:
        self.bot.table.presenters[self.game_name] = self

    async def cog_unload(self) -> None:
        self.bot.table.presenters.pop(self.game_name, None)

    # -- presentation hooks, overridden by each game
    def action_label(self, action: str, view: dict[str, Any], tr: Tr) -> str:
        return action

    def is_secret_action(self, action: str) -> bool:
        """An action whose button would reveal hidden information (a card in a hand): it is
        offered only in the private panel. With ``private_actions``, the others may still
        be offered on the public board to the one person to act."""
        return self.private_actions

    def option_text(self, key: str, value: Any, tr: Tr) -> str:
        """How a lobby option reads: ``<game>.option.<key>.<value>`` when the catalog has it."""
        named = f"{self.game_name}.option.{key}.{value}"
        if tr.has(named):
            return tr(named)
        return tr("yes") if value is True else tr("no") if value is False else str(value)

    def action_group(self, action: str) -> str:
        """Actions with the same group share a select menu when there are many."""
        return action.split(" ", 1)[0]

    def event_lines(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: list[str], tr: Tr
    ) -> list[str]:
        return []

    def render_labels(self, view: dict[str, Any], names: list[str], tr: Tr) -> dict[str, str]:
        """The words drawn in the picture, in the reader's language (``render.<game>.<key>``)."""
        labels = {f"player_{seat}": name for seat, name in enumerate(names)}
        for key in LABEL_DEFAULTS.get(self.game_name, {}):
            translated = f"render.{self.game_name}.{key}"
            if tr.has(translated) and key not in labels:
                labels[key] = tr(translated)
        return labels

    def private_lines(self, view: dict[str, Any], names: list[str], tr: Tr) -> list[str]:
        return []

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"{self.game_name}.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")

    # -- shared commands
    @app_commands.command(name="rules", description="How to play this game")
    async def rules(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        embed = discord.Embed(
            title=tr("rules.title", game=self.engine.title),
            description=tr(f"{self.game_name}.rules"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        options: dict[str, Any],
        opponent: discord.abc.User | None,
        ai: int,
        thread: bool,
        time_limit: int,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """``options`` go to the engine; ``settings`` are extra match settings for the
        platform (e.g. ``{"reaction_timeout": 60}``)."""
        await self.bot.table.open_lobby(
            interaction,
            self.game_name,
            options=options,
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
            settings=settings,
        )


#: The options every game's ``new`` command shares, described once.
SHARED_OPTIONS = {
    "opponent": "Invite someone to play against you",
    "thread": "Play in a new thread",
    "time_limit": "Time for each turn before the AI plays it",
}


def time_limit_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=name, value=value) for name, value in TIME_LIMIT_CHOICES]


# ------------------------------------------------------------------ the flow
@dataclass
class Board:
    content: str
    png: bytes
    view: discord.ui.View | None
    mentions: discord.AllowedMentions
    account: list[str] = dataclasses.field(default_factory=list)


class TableFlow:
    """Lobby, boards, clicks, AI seats and timers for every game."""

    def __init__(
        self,
        bot: RushTableBot,
        service: MatchService,
        painter: BoardPainter,
        *,
        ai_delay: float = 1.0,
        tick_seconds: float = 60.0,
    ) -> None:
        self.bot = bot
        self.service = service
        self.painter = painter
        self.ai_delay = ai_delay
        self.tick_seconds = tick_seconds
        self.presenters: dict[str, GameCog] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._publish_locks: dict[int, asyncio.Lock] = {}
        self._fresh_board_due: set[int] = set()
        self._accounts: dict[int, tuple[int, list[str]]] = {}
        self._timer_task: asyncio.Task[None] | None = None
        self._reaction_tasks: dict[int, asyncio.Task[None]] = {}

    # -- lifecycle
    async def start(self) -> None:
        for match in await self.service.store.active():
            self.schedule_ai(match.id)
        self._timer_task = asyncio.create_task(self._timer_loop(), name="rushtable-timers")

    async def stop(self) -> None:
        tasks = [
            t
            for t in [self._timer_task, *self._ai_tasks.values(), *self._reaction_tasks.values()]
            if t is not None
        ]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- errors
    @contextlib.asynccontextmanager
    async def guarded(
        self, interaction: discord.Interaction, match_id: int | None = None
    ) -> AsyncIterator[None]:
        """The one place where failures become private replies; nothing is changed."""
        tr = Tr(interaction.locale)
        try:
            yield
        except TableError as error:
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
        except Exception:
            log.exception("match %s: unexpected error", match_id)
            await self.reply_private(interaction, tr("error.unexpected"))

    async def error_text(self, error: TableError, tr: Tr) -> str:
        params = dict(error.params)
        match = params.get("match")
        if isinstance(match, Match):
            params["link"] = self.link(match)
        if isinstance(error, NotYourTurn) and isinstance(match, Match):
            acting = self.service.engine(match).to_act(params["state"])
            params["players"] = ", ".join(self.names(match, tr)[s] for s in sorted(acting))
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

    # -- naming and linking
    def link(self, match: Match) -> str:
        guild = match.guild_id or "@me"
        tail = f"/{match.board_message_id}" if match.board_message_id else ""
        return f"https://discord.com/channels/{guild}/{match.channel_id}{tail}"

    def names(self, match: Match, tr: Tr) -> list[str]:
        known: dict[str, str] = match.settings.get("names", {})
        names = []
        ai_number = 0
        for seat in match.seats:
            if seat.is_ai and seat.user_id is None:
                ai_number += 1
                names.append(tr("seat.ai", number=ai_number))
            elif seat.is_ai:
                names.append(tr("seat.ai_for", name=known.get(str(seat.user_id), "?")))
            else:
                names.append(known.get(str(seat.user_id), tr("seat.player", number=seat.seat + 1)))
        return names

    def guild_tr(self, match: Match) -> Tr:
        guild = self.bot.get_guild(match.guild_id) if match.guild_id else None
        return Tr(guild.preferred_locale if guild else None)

    # -- lobby
    async def open_lobby(
        self,
        interaction: discord.Interaction,
        game: str,
        *,
        options: dict[str, Any],
        opponent: discord.abc.User | None,
        ai: int,
        thread: bool,
        time_limit: int,
        settings: dict[str, Any] | None = None,
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.guarded(interaction):
            missing = self.missing_permissions(interaction, thread)
            if missing:
                await self.reply_private(interaction, tr("error.need_permissions", names=missing))
                return
            if opponent is not None and opponent.bot:
                await self.reply_private(interaction, tr("error.opponent_is_bot"))
                return
            names = {str(interaction.user.id): interaction.user.display_name}
            if opponent is not None:
                names[str(opponent.id)] = opponent.display_name
            target = await self._lobby_channel(interaction, game, thread)
            match = await self.service.open_lobby(
                game=game,
                guild_id=interaction.guild_id,
                channel_id=target.id,
                creator_id=interaction.user.id,
                settings={
                    **(settings or {}),
                    "options": options,
                    "time_limit": time_limit or None,
                    "names": names,
                },
                invited=[opponent.id] if opponent is not None else [],
                ai_seats=max(0, ai),
            )
            embed, view = self.lobby_message(match, self.guild_tr(match))
            buttons = view or discord.utils.MISSING
            message: discord.Message
            if isinstance(target, discord.Thread) and target.id != interaction.channel_id:
                message = await target.send(embed=embed, view=buttons)
                await interaction.response.send_message(
                    tr("lobby.opened_in_thread", thread=target.mention), ephemeral=True
                )
            else:
                await interaction.response.send_message(embed=embed, view=buttons)
                message = await interaction.original_response()
            await self.service.store.set_board_message(match.id, message.id)

    def missing_permissions(self, interaction: discord.Interaction, thread: bool) -> str:
        needed = NEEDED_PERMISSIONS + (THREAD_PERMISSIONS if thread else ())
        granted = interaction.app_permissions
        return ", ".join(name for name in needed if not getattr(granted, name))

    async def _lobby_channel(
        self, interaction: discord.Interaction, game: str, thread: bool
    ) -> discord.abc.Snowflake:
        channel = interaction.channel
        if thread and isinstance(channel, discord.TextChannel):
            name = f"{GAMES[game].title} · {interaction.user.display_name}"
            return await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        if channel is None:
            raise NoMatchHere()
        return channel

    def lobby_message(self, match: Match, tr: Tr) -> tuple[discord.Embed, discord.ui.View | None]:
        engine = self.service.engine(match)
        names = self.names(match, tr)
        seats = "\n".join(
            f"{seat.seat + 1}. "
            + (f"<@{seat.user_id}>" if not seat.is_ai else f"🤖 {names[seat.seat]}")
            for seat in match.seats
        )
        status_key = {
            "lobby": "lobby.waiting",
            "active": "lobby.started",
            "cancelled": "lobby.cancelled",
        }.get(match.status, "lobby.closed")
        embed = discord.Embed(
            title=tr("lobby.title", game=engine.title),
            description=tr(status_key, min=engine.min_players, max=engine.max_players),
            colour=discord.Colour.green()
            if match.status == "lobby"
            else discord.Colour.dark_grey(),
        )
        embed.add_field(name=tr("lobby.players"), value=seats or "—", inline=False)
        details = self.lobby_details(match, tr)
        if details:
            embed.add_field(name=tr("lobby.options"), value=details, inline=False)
        if match.status != "lobby":
            return embed, None
        view = discord.ui.View(timeout=None)
        for op in ("join", "leave", "ai", "start", "cancel"):
            view.add_item(LobbyButton(match.id, op, tr(f"lobby.button.{op}")))
        return embed, view

    def lobby_details(self, match: Match, tr: Tr) -> str:
        lines = []
        for key, value in sorted(match.settings.get("options", {}).items()):
            label_key = f"{match.game}.option.{key}"
            label = tr(label_key) if tr.has(label_key) else key
            shown = self.presenters[match.game].option_text(key, value, tr)
            lines.append(tr("lobby.option", name=label, value=shown))
        limit = match.settings.get("time_limit")
        if limit:
            lines.append(tr("lobby.time_limit", hours=round(limit / 3600, 1)))
        reaction = match.settings.get("reaction_timeout")
        if reaction:
            lines.append(tr("lobby.reaction_timeout", seconds=reaction))
        return "\n".join(lines)

    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        async with self.guarded(interaction, match_id):
            user = interaction.user
            match = await self.service.get(match_id)
            if op == "join":
                names = dict(match.settings.get("names", {}))
                names[str(user.id)] = user.display_name
                match = await self.service.join(match_id, user.id)
                match = await self._remember_names(match, names)
            elif op == "leave":
                match = await self.service.leave(match_id, user.id)
            elif op == "ai":
                match = await self.service.add_ai(match_id, user.id)
            elif op == "cancel":
                match = await self.service.cancel(match_id, user.id)
            elif op == "start":
                match = await self.service.start(match_id, user.id)
            embed, view = self.lobby_message(match, self.guild_tr(match))
            await interaction.response.edit_message(embed=embed, view=view)
            if match.status == "active":
                await self.service.store.set_board_message(match.id, None)
                await self.publish(match.id, fresh=True)

    async def _remember_names(self, match: Match, names: dict[str, str]) -> Match:
        settings = {**match.settings, "names": names}
        return await self.service.store.update(
            dataclasses.replace(match, settings=settings),
            expected_version=match.version,
            now=self.service.clock(),
        )

    # -- play
    async def on_action(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        action: str,
        seat: int | None = None,
    ) -> None:
        private = bool(interaction.message and interaction.message.flags.ephemeral)
        async with self.guarded(interaction, match_id):
            await interaction.response.defer()
            presenter = self.presenters.get((await self.service.get(match_id)).game)
            tolerant = bool(presenter and presenter.private_actions)
            played = await self.service.act(
                match_id,
                version,
                interaction.user.id,
                action,
                tolerate_others=tolerant,
                panel_seat=seat,
            )
            await self.publish(played.match.id, fresh=played.turn_changed)
            if private:
                await self._refresh_private(interaction, played.match.id)

    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        async with self.guarded(interaction, match_id):
            await interaction.response.defer(ephemeral=True, thinking=True)
            content, view = await self.private_panel(
                match_id, interaction.user.id, Tr(interaction.locale)
            )
            await interaction.followup.send(
                content, view=view or discord.utils.MISSING, ephemeral=True
            )

    async def _refresh_private(self, interaction: discord.Interaction, match_id: int) -> None:
        content, view = await self.private_panel(
            match_id, interaction.user.id, Tr(interaction.locale)
        )
        await interaction.edit_original_response(content=content, view=view)

    async def private_panel(
        self, match_id: int, user_id: int, tr: Tr
    ) -> tuple[str, discord.ui.View | None]:
        match = await self.service.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotSeated(match=match)
        state = self.service.load_state(match)
        engine = self.service.engine(match)
        presenter = self.presenters[match.game]
        seat_view = engine.view(state, seat)
        lines = presenter.private_lines(seat_view, self.names(match, tr), tr)
        actions = engine.legal_actions(state, seat) if match.status == "active" else []
        if not actions:
            lines.append(tr("hand.nothing_to_do"))
        view = self.action_view(match, actions, seat_view, presenter, tr, seat=seat)
        return "\n".join(lines) or tr("hand.empty"), view

    # -- boards
    async def publish(self, match_id: int, *, fresh: bool) -> discord.Message | None:
        """Show the match as it is stored now: a new board message when the turn passed
        (pinging only those to act), otherwise the current board edited in place."""
        if fresh:
            self._fresh_board_due.add(match_id)
        lock = self._publish_locks.setdefault(match_id, asyncio.Lock())
        async with lock:
            match = await self.service.get(match_id)
            channel = await self._channel(match.channel_id)
            if channel is None:
                return None
            try:
                state = self.service.load_state(match)
            except MatchFrozen:
                await channel.send(self.guild_tr(match)("error.match_frozen"))
                return None
            board = await self.compose_board(match, state)
            file = discord.File(io.BytesIO(board.png), filename="board.png")
            fresh_due = match_id in self._fresh_board_due or match.board_message_id is None
            if not fresh_due:
                assert match.board_message_id is not None
                try:
                    edited = await channel.get_partial_message(match.board_message_id).edit(  # type: ignore[attr-defined]
                        content=board.content, attachments=[file], view=board.view
                    )
                    self.schedule_reaction_timeout(match, state)
                    return cast(discord.Message, edited)
                except discord.NotFound:
                    file = discord.File(io.BytesIO(board.png), filename="board.png")
            await self._strip_buttons(channel, match.board_message_id)
            message = await channel.send(
                board.content,
                file=file,
                view=board.view or discord.utils.MISSING,
                allowed_mentions=board.mentions,
            )
            await self.service.store.set_board_message(match.id, message.id)
            self._fresh_board_due.discard(match_id)
            # The new board keeps telling what ended the previous turn until it is edited
            # again, and then goes on with the new turn's actions after those lines.
            self._accounts[match_id] = (match.version, board.account)
        self.schedule_ai(match_id)
        self.schedule_reaction_timeout(match, state)
        return message

    async def _channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("channel %s is gone", channel_id)
                return None
        return cast(discord.abc.Messageable, channel)

    async def _strip_buttons(
        self, channel: discord.abc.Messageable, message_id: int | None
    ) -> None:
        if message_id is None:
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)  # type: ignore[attr-defined]

    async def compose_board(self, match: Match, state: Any) -> Board:
        tr = self.guild_tr(match)
        engine = self.service.engine(match)
        presenter = self.presenters[match.game]
        public = engine.view(state, None)
        names = self.names(match, tr)
        labels = presenter.render_labels(public, names, tr)
        png = await self.painter.render(match.game, public, labels)
        events = presenter.event_lines(public.get("events", []), public, names, tr)
        account = self.account(match, events)
        lines = [tr("board.title", game=engine.title, number=match.id)]
        lines += [f"• {line}" for line in account]
        view: discord.ui.View | None = None
        mentions = SILENT
        if match.status == "finished":
            lines.append(self.result_line(match, names, presenter, tr))
        else:
            humans = self.service.humans_to_act(match, state)
            acting = sorted(engine.to_act(state))
            who = ", ".join(
                f"<@{s.user_id}>" if not s.is_ai else names[s.seat]
                for s in match.seats
                if s.seat in acting
            )
            lines.append(tr("board.to_act", players=who))
            if humans:
                mentions = PING_PLAYERS
            view = self.board_view(match, state, humans, public, presenter, tr)
        return Board("\n".join(lines), png, view, mentions, account)

    def account(self, match: Match, events: list[str]) -> list[str]:
        """What happened since the previous board message: each action's sentences once,
        the oldest dropped when the message would grow too long."""
        version, lines = self._accounts.get(match.id, (-1, []))
        if version != match.version:
            lines = [*lines, *events]
            self._accounts[match.id] = (match.version, lines)
        while sum(len(line) + 3 for line in lines) > ACCOUNT_CHARACTERS and len(lines) > 1:
            lines = lines[1:]
        return lines

    def result_line(self, match: Match, names: list[str], presenter: GameCog, tr: Tr) -> str:
        result = match.result or {}
        winners = [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]
        reason = presenter.outcome_reason(str(result.get("reason", "")), tr)
        if not winners:
            return tr("board.no_winner", reason=reason)
        return tr("board.winner", players=", ".join(winners), reason=reason)

    def board_view(
        self,
        match: Match,
        state: Any,
        humans: list[Any],
        public: dict[str, Any],
        presenter: GameCog,
        tr: Tr,
    ) -> discord.ui.View | None:
        if len(humans) == 1:
            actions = self.service.engine(match).legal_actions(state, humans[0].seat)
            public_actions = [a for a in actions if not presenter.is_secret_action(a)]
        else:
            public_actions = []
        view = self.action_view(match, public_actions, public, presenter, tr)
        if not presenter.private_actions:
            return view
        view = view or discord.ui.View(timeout=None)
        if len(view.children) >= MAX_BUTTONS:  # the hand button needs a place
            view.remove_item(view.children[-1])
        view.add_item(HandButton(match.id, tr(presenter.hand_label_key)))
        return view

    def action_view(
        self,
        match: Match,
        actions: list[str],
        view_data: dict[str, Any],
        presenter: GameCog,
        tr: Tr,
        seat: int | None = None,
    ) -> discord.ui.View | None:
        return action_components(
            match.id,
            match.version,
            actions,
            label=lambda action: presenter.action_label(action, view_data, tr),
            group=presenter.action_group,
            seat=seat,
        )

    # -- AI seats
    def schedule_ai(self, match_id: int) -> None:
        task = self._ai_tasks.get(match_id)
        if task is None or task.done():
            self._ai_tasks[match_id] = asyncio.create_task(self._run_ai(match_id))

    async def _run_ai(self, match_id: int) -> None:
        """AI seats play one action about every ``ai_delay`` seconds so people can follow."""
        try:
            await self.bot.wait_until_ready()
            while True:
                match = await self.service.get(match_id)
                if match.status != "active":
                    return
                seats = self.service.ai_to_act(match, self.service.load_state(match))
                if not seats:
                    return
                await asyncio.sleep(self.ai_delay)
                played = await self.service.act_as_ai(match_id, seats[0])
                if played is not None:
                    await self.publish(match_id, fresh=played.turn_changed)
        except asyncio.CancelledError:
            raise
        except TableError as error:
            log.info("match %s: AI stopped: %s", match_id, error.key)
        except Exception:
            log.exception("match %s: AI seat failed", match_id)
        finally:
            if self._ai_tasks.get(match_id) is asyncio.current_task():
                del self._ai_tasks[match_id]

    # -- reaction windows
    def schedule_reaction_timeout(self, match: Match, state: Any) -> None:
        """When a player is offered a reaction, the default answer stands after the match's
        reaction timeout (a tick after a restart catches any window left open)."""
        if match.status != "active" or self.service.pending_reaction(match, state) is None:
            return
        previous = self._reaction_tasks.get(match.id)
        if previous is not None and not previous.done():
            previous.cancel()
        delay = self.service.reaction_timeout(match)
        self._reaction_tasks[match.id] = asyncio.create_task(
            self._close_reaction_later(match.id, match.version, delay)
        )

    async def _close_reaction_later(self, match_id: int, version: int, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            await self.close_reaction(match_id, version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("match %s: closing a reaction window failed", match_id)

    async def close_reaction(self, match_id: int, version: int) -> None:
        match = await self.service.get(match_id)
        pending = self.service.pending_reaction(match, self.service.load_state(match))
        played = await self.service.close_reaction_window(match_id, version)
        if played is None or pending is None:
            return
        channel = await self._channel(match.channel_id)
        seat = match.seats[pending[0]]
        if channel is not None and not seat.is_ai:
            tr = self.guild_tr(match)
            await channel.send(
                tr("timer.reaction_timeout", player=self.names(match, tr)[seat.seat]),
                allowed_mentions=SILENT,
            )
        await self.publish(match_id, fresh=played.turn_changed)

    # -- timers: reminders and time limits
    async def _timer_loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                await self.tick()
            except Exception:
                log.exception("timer tick failed")

    async def tick(self) -> None:
        now = self.service.clock()
        for match in await self.service.store.active():
            try:
                state = self.service.load_state(match)
            except MatchFrozen:
                await self.service.freeze(match, "unreadable state")
                continue
            humans = self.service.humans_to_act(match, state)
            if not humans:
                continue
            pending = self.service.pending_reaction(match, state)
            if pending is not None:
                started = match.turn_started_at or now
                if now - started >= self.service.reaction_timeout(match):
                    await self.close_reaction(match.id, match.version)
                continue
            if self.service.time_limit_passed(match, now):
                expired = await self.service.play_expired_turn(match.id)
                await self.announce_expired(match, expired)
                await self.publish(match.id, fresh=True)
            elif self.service.reminder_due(match, now):
                await self.remind(match, humans)

    async def remind(self, match: Match, humans: list[Any]) -> None:
        channel = await self._channel(match.channel_id)
        if channel is None:
            return
        tr = self.guild_tr(match)
        players = ", ".join(f"<@{s.user_id}>" for s in humans)
        await channel.send(
            tr(
                "timer.reminder",
                players=players,
                game=self.service.engine(match).title,
                link=self.link(match),
            ),
            allowed_mentions=PING_PLAYERS,
        )
        await self.service.mark_reminded(match)

    async def announce_expired(self, match: Match, expired: list[Expired]) -> None:
        channel = await self._channel(match.channel_id)
        if channel is None or not expired:
            return
        tr = self.guild_tr(match)
        for item in expired:
            key = "timer.ai_keeps_seat" if item.ai_keeps_seat else "timer.expired"
            await channel.send(tr(key, player=f"<@{item.user_id}>"), allowed_mentions=SILENT)


def action_components(
    match_id: int,
    version: int,
    actions: list[str],
    *,
    label: Callable[[str], str],
    group: Callable[[str], str],
    seat: int | None = None,
) -> discord.ui.View | None:
    """One button per action while they fit (5 rows of 5); else select menus of at most
    25 choices, actions of one kind together."""
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    if len(actions) <= MAX_BUTTONS:
        for action in actions:
            view.add_item(ActionButton(match_id, version, action, label(action), seat))
        return view
    groups: dict[str, list[str]] = {}
    for action in actions:
        groups.setdefault(group(action), []).append(action)
    chunks = [chunk for same in groups.values() for chunk in _chunks(same, SELECT_OPTIONS)]
    for part, chunk in enumerate(chunks[:MAX_ROWS]):
        options = [discord.SelectOption(label=label(a)[:100], value=a) for a in chunk]
        placeholder = label(chunk[0])[:100] + (" …" if len(chunk) > 1 else "")
        view.add_item(ActionSelect(match_id, version, part, options, placeholder, seat))
    return view


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]
