"""``/match undo``: ask to take back your last action; every other person seated answers
with **Accept** or **Refuse** on a public message.

The rules are ``bot.table.undo``'s, applied by ``MatchService.request_undo`` and
``answer_undo``; this cog asks, shows the request and its answers, and publishes the board
again once the match is rewound. The buttons are ``DynamicItem``s carrying the match id and
the version the request was made at, so they keep working after a restart (the request
itself is stored) and a click on an old request is recognised as such. The command is
declared in the ``/match`` group (``cogs.table``), which calls ``UndoCog.ask``.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord.ext import commands

from bot.i18n import Tr
from bot.store.contract import Match
from bot.table import undo
from bot.table.errors import MatchNotActive, NoMatchHere
from bot.table.matches import MatchService
from cogs._host import TableHost
from cogs._inputs import number

if TYPE_CHECKING:
    from cogs._flow import TableFlow

log = logging.getLogger(__name__)

#: The name this cog is loaded under (the buttons find it by it).
UNDO_COG = "UndoCog"


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:undo:(?P<match>\d+):(?P<version>\d+):(?P<answer>yes|no)",
):
    """Accept / Refuse on an undo request made at ``version`` of the match."""

    def __init__(self, match_id: int, version: int, accept: bool, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("Accept" if accept else "Refuse"),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"rt:undo:{match_id}:{version}:{'yes' if accept else 'no'}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.accept = accept

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(number(match["match"]), number(match["version"]), match["answer"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        cog = client.get_cog(UNDO_COG) if isinstance(client, commands.Bot) else None
        if cog is None:
            text = Tr(interaction.locale)("undo.error.unavailable")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await cast(UndoCog, cog).on_answer(interaction, self.match_id, self.version, self.accept)


def mentions(user_ids: tuple[int, ...]) -> str:
    return ", ".join(f"<@{user}>" for user in user_ids)


class UndoCog(commands.Cog):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    @property
    def service(self) -> MatchService:
        return self.bot.service

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UndoButton)
        self.flow.seats.keepers.append(self.settle_requests)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(UndoButton)
        if self.settle_requests in self.flow.seats.keepers:
            self.flow.seats.keepers.remove(self.settle_requests)

    def action_text(self, match: Match, plan: undo.UndoPlan, tr: Tr) -> str:
        """The action taken back, as its button read (drawn from the public view: an action
        that may be taken back revealed nothing)."""
        presenter = self.flow.presenters.get(match.game)
        if presenter is None:
            return plan.action
        public = self.service.engine(match).view(plan.before, None)
        return presenter.action_label(plan.action, public, tr)

    async def ask(self, interaction: discord.Interaction) -> None:
        """``/match undo``: the request, posted for the others to answer."""
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            match = await self.bot.store.latest_in_channel(interaction.channel_id or 0)
            if match is None or match.status in ("lobby", "cancelled"):
                raise NoMatchHere()
            if match.status != "active":
                raise MatchNotActive()
            # Replaying a long match takes a moment. The answer is private; the request
            # itself is a message of its own, for everyone to see.
            await interaction.response.defer(ephemeral=True, thinking=True)
            asked = await self.service.request_undo(match.id, interaction.user.id)
            if asked.done:
                await self.republish(match.id)
                action = self.action_text(asked.match, asked.plan, tr)
                await interaction.followup.send(tr("undo.done_alone", action=action))
                return
            public = self.flow.naming.guild_tr(match)
            assert asked.request is not None
            asked_at = asked.request.version  # the public version it was asked at
            view = discord.ui.View(timeout=None)
            view.add_item(UndoButton(match.id, asked_at, True, public("undo.button.accept")))
            view.add_item(UndoButton(match.id, asked_at, False, public("undo.button.refuse")))
            text = public(
                "undo.asked",
                player=interaction.user.mention,
                action=self.action_text(asked.match, asked.plan, public),
                players=mentions(asked.voters),
            )
            try:
                channel = await self.flow.boards.channel(match.channel_id)
                if channel is None:
                    raise NoMatchHere()
                # Named in the text, pinged only as their /notify settings say.
                allowed = await self.flow.boards.notifier.mentions(list(asked.voters))
                posted = await channel.send(text, view=view, allowed_mentions=allowed)
            except BaseException:
                await self.bot.store.drop_undo_request(match.id)  # nobody could answer it
                raise
            # Kept until its buttons are gone: a stop before that is settled at the next tick.
            await self.bot.store.set_undo_message(match.id, posted.id, posted.channel.id)
            await interaction.followup.send(tr("undo.posted", players=mentions(asked.voters)))

    async def on_answer(
        self, interaction: discord.Interaction, match_id: int, version: int, accept: bool
    ) -> None:
        """Accept or Refuse: the request's message tells each answer, and loses its buttons
        once the request is over (taken back, refused, withdrawn, lapsed or expired)."""
        async with self.flow.guarded(interaction, match_id):
            match = await self.flow.match_here(interaction, match_id)
            public = self.flow.naming.guild_tr(match)
            # Taking the action back replays the match: answer first.
            await interaction.response.defer()
            shown = interaction.message.content if interaction.message else ""
            quiet = discord.AllowedMentions.none()
            message_id = interaction.message.id if interaction.message else None
            try:
                answer = await self.service.answer_undo(
                    match_id, version, interaction.user.id, accept
                )
            except (undo.UndoLapsed, undo.UndoExpired) as error:
                # This very request is over: its message says so and loses its buttons.
                await interaction.edit_original_response(
                    content=f"{shown}\n⌛ {public(error.key)}", view=None, allowed_mentions=quiet
                )
                await self._settled(match_id, message_id)
                raise  # and the clicker is told why, privately
            except undo.UndoClosed:
                # Over before this click (a stop may have kept its buttons): they go now.
                if interaction.message is not None and interaction.message.components:
                    await interaction.edit_original_response(view=None)
                await self._settled(match_id, message_id)
                raise
            who = interaction.user.mention
            if answer.outcome == "accepted":
                line = public("undo.accepted_by", player=who, players=mentions(answer.waiting))
                await interaction.edit_original_response(
                    content=f"{shown}\n{line}", allowed_mentions=quiet
                )
                return
            line = public(f"undo.{answer.outcome}", player=who)
            await interaction.edit_original_response(
                content=f"{shown}\n{line}", view=None, allowed_mentions=quiet
            )
            await self._settled(match_id, message_id)
            if answer.outcome == "done":
                await self.republish(match_id)

    async def _settled(self, match_id: int, message_id: int | None) -> None:
        if message_id is not None:
            await self.bot.store.drop_undo_message(match_id, message_id)

    async def settle_requests(self, now: float) -> None:
        """The messages of requests that are over but still show Accept / Refuse (the
        bot stopped between closing one and editing its message; or nobody answered a
        request the match moved past, or that expired) lose their buttons, with a line
        saying why. Run at start-up and by each timer tick (``SeatKeeper.keepers``)."""
        rows = await self.bot.store.undo_messages(self.flow.shards)
        newest = {match_id: message_id for match_id, message_id, _ in rows}
        for match_id, message_id, channel_id in rows:
            try:
                standing = await self.service.undo_standing(match_id)
                if standing == "open" and newest[match_id] == message_id:
                    continue
                await self._settle(match_id, message_id, channel_id, standing)
            except Exception:
                log.warning("undo request %s of match %s not settled", message_id, match_id)

    async def _settle(self, match_id: int, message_id: int, channel_id: int, standing: str) -> None:
        channel = await self.flow.boards.channel(channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            await self.bot.store.drop_undo_message(match_id, message_id)
            return
        try:
            message = await channel.fetch_message(message_id)
            if message.components:
                match = await self.service.get(match_id)
                key = {"lapsed": "undo.error.lapsed", "expired": "undo.error.expired"}.get(
                    standing, "undo.error.gone"
                )
                line = self.flow.naming.guild_tr(match)(key)
                await message.edit(
                    content=f"{message.content}\n⌛ {line}",
                    view=None,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        except discord.NotFound:
            pass  # the message is gone: nothing left to settle
        await self.bot.store.drop_undo_message(match_id, message_id)
        if standing in ("lapsed", "expired"):
            await self.bot.store.drop_undo_request(match_id)

    async def republish(self, match_id: int) -> None:
        """The board again, at the position before the actions taken back."""
        self.flow.boards.retell(match_id)
        await self.flow.boards.publish_or_retry_later(match_id)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(UndoCog(bot))
