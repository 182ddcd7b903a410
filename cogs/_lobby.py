"""The lobby every game shares: opening one, its message and buttons (Join, Leave, Add AI,
Start, Cancel, Invite, and Accept / Decline while a challenge waits), the menu that adds an
AI of a chosen level (easy, normal, hard; Add AI adds a normal one), challenges, rematches,
and lobbies that expire. The rules are ``bot.table.lobby``'s."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.games import GAMES
from bot.games.base import LEVELS
from bot.i18n import Tr
from bot.store.contract import Match
from bot.table import lobby as lobby_rules
from bot.table.errors import (
    BadOptions,
    NoMatchHere,
    NotAChoice,
    OnlyCreator,
)
from cogs._components import (
    AiLevelSelect,
    InviteSelect,
    LobbyButton,
)
from cogs._flowbase import FlowBase
from cogs._naming import clean_name
from cogs._presenter import TIME_LIMIT_CHOICES

log = logging.getLogger(__name__)

NEEDED_PERMISSIONS = ("send_messages", "attach_files", "embed_links")
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


class LobbyFlow(FlowBase):
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
            if time_limit not in {seconds for _, seconds in TIME_LIMIT_CHOICES}:
                raise BadOptions(reason=tr("error.time_limit_choice"))
            missing = self.missing_permissions(interaction, thread)
            if missing:
                listed = ", ".join(f"**{tr(f'permission.{name}')}**" for name in missing)
                await self.reply_private(interaction, tr("error.need_permissions", names=listed))
                return
            if opponent is not None and opponent.bot:
                await self.reply_private(interaction, tr("error.opponent_is_bot"))
                return
            names = {str(interaction.user.id): clean_name(interaction.user.display_name)}
            if opponent is not None:
                names[str(opponent.id)] = clean_name(opponent.display_name)
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
                challenged=[opponent.id] if opponent is not None else [],
                ai_seats=max(0, ai),
            )
            public = self.naming.guild_tr(match)
            embed, view = self.lobby_message(match, public)
            # The challenged player is told in the text (a mention inside an embed pings
            # nobody), pinged only if their /notify settings say so.
            challenged = [opponent.id] if opponent is not None else []
            lobby: dict[str, Any] = {
                "embed": embed,
                "view": view or discord.utils.MISSING,
                "content": self.challenge_text(match, challenged, public),
                "allowed_mentions": await self.boards.notifier.mentions(challenged),
            }
            message: discord.Message
            try:
                if isinstance(target, discord.Thread) and target.id != interaction.channel_id:
                    message = await target.send(**lobby)
                    await interaction.response.send_message(
                        tr("lobby.opened_in_thread", thread=target.mention), ephemeral=True
                    )
                else:
                    await interaction.response.send_message(**lobby)
                    message = await interaction.original_response()
            except BaseException:
                # Nobody could see it: a lobby without its message would hold the channel.
                await self.service.drop_unseen_lobby(match.id)
                raise
            await self.service.store.set_board_message(match.id, message.id)

    async def expire_lobbies(
        self, now: float, grace: float = lobby_rules.UNSEEN_LOBBY_SECONDS
    ) -> None:
        """Lobbies of this process's servers that did not start within a day are closed,
        with a line; their challenges lapse (``bot.table.lobby``). First, a lobby whose
        message never reached Discord (the bot stopped between saving it and posting it)
        is posted now, or dropped when its channel takes no message: no lobby holds a
        channel unseen. ``grace``: how old such a lobby must be (its message may be on its
        way); none at start-up, when nothing is on its way."""
        for unseen in await self.service.store.stale_lobbies(now - grace, self.shards):
            if unseen.board_message_id is None:
                await self.show_unseen_lobby(unseen)
        before = now - lobby_rules.LOBBY_SECONDS
        for stale in await self.service.store.stale_lobbies(before, self.shards):
            try:
                expired = await self.service.expire_lobby(stale.id)
                if expired is None:
                    continue
                await self.show_lobby(expired)
                channel = await self.boards.channel(expired.channel_id)
                if channel is None:
                    continue
                public = self.naming.guild_tr(expired)
                invited = lobby_rules.invitations(stale)
                text = (
                    public(
                        "challenge.expired_invited",
                        players=", ".join(f"<@{user}>" for user in invited),
                    )
                    if invited
                    else public("challenge.expired")
                )
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except Exception:
                log.exception("lobby %s: could not be expired", stale.id)

    async def show_unseen_lobby(self, match: Match) -> None:
        """Post the message of a lobby that has none (its first post never happened), as
        it would have been posted; if the channel takes none, the lobby is dropped."""
        public = self.naming.guild_tr(match)
        embed, view = self.lobby_message(match, public)
        held = lobby_rules.held(match)
        invited = list(lobby_rules.invitations(match))
        if match.settings.get(lobby_rules.REMATCH_OF) is not None and held:
            content: str | None = public(
                "lobby.rematch", players=" ".join(f"<@{user}>" for user in held)
            )
        else:
            content = self.challenge_text(match, invited, public)
        try:
            channel = await self.boards.channel(match.channel_id)
            if channel is None:
                raise LookupError(f"channel {match.channel_id} is gone")
            message = await channel.send(
                content,
                embed=embed,
                view=view or discord.utils.MISSING,
                allowed_mentions=await self.boards.notifier.mentions([*held, *invited]),
            )
        except (discord.HTTPException, LookupError) as error:
            log.warning("lobby %s: its message could not be posted (%s); dropped", match.id, error)
            await self.service.drop_unseen_lobby(match.id)
            return
        await self.service.store.set_board_message(match.id, message.id)
        log.info("lobby %s: its message was missing; posted again", match.id)

    async def show_lobby(self, match: Match) -> None:
        """Edit the lobby message to show the lobby as it is now (outside a click on it)."""
        channel = await self.boards.channel(match.channel_id)
        if channel is None or match.board_message_id is None:
            return
        embed, view = self.lobby_message(match, self.naming.guild_tr(match))
        if not isinstance(channel, discord.TextChannel | discord.Thread | discord.DMChannel):
            return
        message = channel.get_partial_message(match.board_message_id)
        public = self.naming.guild_tr(match)
        content = self.challenge_text(match, list(lobby_rules.invitations(match)), public)
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=content, embed=embed, view=view)

    def missing_permissions(self, interaction: discord.Interaction, thread: bool) -> list[str]:
        """The permissions (discord.py's flag names) the bot lacks here to open a lobby."""
        needed = NEEDED_PERMISSIONS + (THREAD_PERMISSIONS if thread else ())
        granted = interaction.app_permissions
        return [name for name in needed if not getattr(granted, name)]

    async def _lobby_channel(
        self, interaction: discord.Interaction, game: str, thread: bool
    ) -> discord.abc.Snowflake:
        channel = interaction.channel
        if thread and isinstance(channel, discord.TextChannel):
            name = f"{GAMES[game].title} · {clean_name(interaction.user.display_name)}"
            return await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        if channel is None:
            raise NoMatchHere()
        return channel

    def lobby_message(self, match: Match, tr: Tr) -> tuple[discord.Embed, discord.ui.View | None]:
        engine = self.service.engine(match)
        names = self.naming.names(match, tr)
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
        waiting = self.lobby_waiting(match, tr)
        if waiting and match.status == "lobby":
            embed.add_field(name=tr("challenge.waiting"), value=waiting, inline=False)
        details = self.lobby_details(match, tr)
        if details:
            embed.add_field(name=tr("lobby.options"), value=details, inline=False)
        if match.status != "lobby":
            return embed, None
        view = discord.ui.View(timeout=None)
        ops = ["join", "leave", "ai", "start", "cancel", "invite"]
        if lobby_rules.invitations(match):
            ops += ["accept", "decline"]
        for op in ops:
            view.add_item(LobbyButton(match.id, op, tr(f"lobby.button.{op}")))
        view.add_item(self.ai_level_menu(match.id, tr))
        return embed, view

    @staticmethod
    def ai_level_menu(match_id: int, tr: Tr) -> AiLevelSelect:
        options = [
            discord.SelectOption(
                label=tr("ai.add_option", level=tr(f"ai.level.{level}")),
                value=level,
                description=tr(f"ai.level_hint.{level}"),
            )
            for level in LEVELS
        ]
        return AiLevelSelect(match_id, options, tr("ai.add_placeholder"))

    def lobby_waiting(self, match: Match, tr: Tr) -> str:
        """Who the lobby waits for: challenges to answer, rematch seats to confirm."""
        lines = [
            tr("challenge.invited", player=f"<@{user}>", expires=f"<t:{int(expires)}:R>")
            for user in lobby_rules.invitations(match)
            if (expires := lobby_rules.expires_at(match))
        ]
        lines += [tr("challenge.held", player=f"<@{user}>") for user in lobby_rules.held(match)]
        return "\n".join(lines)

    def challenge_text(self, match: Match, challenged: list[int], tr: Tr) -> str | None:
        if not challenged:
            return None
        return tr(
            "challenge.asked",
            players=" ".join(f"<@{user}>" for user in challenged),
            creator=f"<@{match.creator_id}>",
            game=self.service.engine(match).title,
        )

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
        return "\n".join(lines)

    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        async with self.guarded(interaction, match_id):
            user = interaction.user
            await self.match_here(interaction, match_id)
            if op == "join":
                match = await self.service.join(match_id, user.id, clean_name(user.display_name))
            elif op == "leave":
                match = await self.service.leave(match_id, user.id)
            elif op == "ai":
                match = await self.service.add_ai(match_id, user.id)
            elif op == "cancel":
                match = await self.service.cancel(match_id, user.id)
            elif op == "invite":
                await self.ask_whom_to_invite(interaction, match_id)
                return
            elif op in ("accept", "decline"):
                name = clean_name(user.display_name)
                match = await self.service.answer_challenge(
                    match_id, user.id, name, accept=op == "accept"
                )
            else:
                match = await self.service.start(match_id, user.id)
            await self._show_clicked_lobby(interaction, match)
            if op == "decline":
                public = self.naming.guild_tr(match)
                await interaction.followup.send(
                    public("challenge.declined", player=user.mention),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            if match.status == "active":
                await self.boards.publish_or_retry_later(match.id)

    async def on_ai_level(
        self, interaction: discord.Interaction, match_id: int, level: str
    ) -> None:
        """The lobby's menu: an AI of the level picked joins."""
        tr = Tr(interaction.locale)
        async with self.guarded(interaction, match_id):
            await self.match_here(interaction, match_id)
            if level not in LEVELS:
                raise NotAChoice(text=level, label=tr("ai.add_placeholder"), example=LEVELS[-1])
            match = await self.service.add_ai(match_id, interaction.user.id, level)
            await self._show_clicked_lobby(interaction, match)

    async def _show_clicked_lobby(self, interaction: discord.Interaction, match: Match) -> None:
        public = self.naming.guild_tr(match)
        embed, view = self.lobby_message(match, public)
        # The challenge line stays only while a challenge waits for its answer.
        content = self.challenge_text(match, list(lobby_rules.invitations(match)), public)
        await interaction.response.edit_message(content=content, embed=embed, view=view)

    async def ask_whom_to_invite(self, interaction: discord.Interaction, match_id: int) -> None:
        """The lobby's Invite: its creator picks someone, privately."""
        tr = Tr(interaction.locale)
        match = await self.service.get(match_id)
        if interaction.user.id != match.creator_id:
            raise OnlyCreator()
        view = discord.ui.View(timeout=None)
        view.add_item(InviteSelect(match_id, tr("challenge.pick")))
        await interaction.response.send_message(tr("challenge.pick"), view=view, ephemeral=True)

    async def on_invite(
        self, interaction: discord.Interaction, match_id: int, chosen: discord.abc.User | None
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.guarded(interaction, match_id):
            await self.match_here(interaction, match_id)
            if chosen is None:
                raise NotAChoice()
            if chosen.bot:
                await self.reply_private(interaction, tr("error.opponent_is_bot"))
                return
            match = await self.service.invite(match_id, interaction.user.id, chosen.id)
            await interaction.response.edit_message(
                content=tr("challenge.sent", player=chosen.mention), view=None
            )
            await self.show_lobby(match)
            channel = await self.boards.channel(match.channel_id)
            if channel is not None:
                public = self.naming.guild_tr(match)
                await channel.send(
                    self.challenge_text(match, [chosen.id], public),
                    allowed_mentions=await self.boards.notifier.mentions([chosen.id]),
                )

    # -- rematch
    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """A lobby with every seat of the last match, turned by one; each of its people
        presses Start (``bot.table.lobby``)."""
        async with self.guarded(interaction, match_id):
            await self.match_here(interaction, match_id)
            match = await self.service.rematch(match_id, interaction.user.id)
            public = self.naming.guild_tr(match)
            embed, view = self.lobby_message(match, public)
            others = lobby_rules.held(match)
            try:
                await interaction.response.send_message(
                    content=public("lobby.rematch", players=" ".join(f"<@{p}>" for p in others))
                    if others
                    else None,
                    embed=embed,
                    view=view or discord.utils.MISSING,
                    allowed_mentions=await self.boards.notifier.mentions(others),
                )
                message = await interaction.original_response()
            except BaseException:
                # Nobody could see it: a lobby without its message would hold the channel.
                await self.service.drop_unseen_lobby(match.id)
                raise
            await self.service.store.set_board_message(match.id, message.id)
