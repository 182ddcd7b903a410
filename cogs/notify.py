"""``/notify`` (where and when a person is told it's their turn, and away periods) and
following a match without a seat (the board's 👁 Follow button, ``/match follow``,
``/match unfollow``: declared in the ``/match`` group, ``cogs.table``, which calls
``FollowCog.follow_here`` and ``unfollow_here``).

The settings are a person's own, the same in every server (``bot.table.notify``); what they
change is applied where turns are told (``cogs._notify``) and where reminders and time
limits are scheduled (``bot.table.matches``). Every answer here is private.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import Tr
from bot.store.contract import Match
from bot.store.people import Follower, NotifyPrefs
from bot.table import notify
from bot.table.errors import NoMatchHere
from bot.table.notify import FollowOver, FollowOwnMatch, NotAway, NotFollowing
from bot.table.timers import REMINDER_FIRST_SECONDS
from cogs._follow_components import FollowButton
from cogs._host import TableHost

if TYPE_CHECKING:
    from cogs._flow import TableFlow

log = logging.getLogger(__name__)

PING_CHOICES = [
    app_commands.Choice(name="On the board (a mention in the channel)", value="channel"),
    app_commands.Choice(name="Direct message (no mention in the channel)", value="dm"),
    app_commands.Choice(name="Both", value="both"),
    app_commands.Choice(name="None (named on the board, never pinged)", value="none"),
]


class Notifications:
    """What the notify and follow cogs share: the bot's services and the settings' text."""

    def __init__(self, bot: TableHost) -> None:
        self.bot = bot

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    async def prefs(self, interaction: discord.Interaction) -> NotifyPrefs:
        user = interaction.user.id
        found = (await self.bot.store.notify_prefs([user])).get(user)
        return found or NotifyPrefs(user)

    async def save(self, interaction: discord.Interaction, prefs: NotifyPrefs) -> NotifyPrefs:
        """Store the person's settings (with their language, for direct messages) and
        bring the timers of their matches up to date (reminders, time limits)."""
        prefs = replace(prefs, locale=str(interaction.locale.value))
        await self.bot.store.set_notify_prefs(prefs, self.bot.service.clock())
        for match in await self.bot.store.active_of_user(prefs.user_id):
            try:
                await self.bot.service.refresh_timer(match.id)
            except Exception:
                log.exception("match %s: timer not refreshed", match.id)
        return prefs

    def describe(self, prefs: NotifyPrefs, tr: Tr) -> str:
        now = self.bot.service.clock()
        lines = [
            tr("notify.show.title"),
            tr("notify.show.pings", where=tr(f"notify.pings.{prefs.pings}")),
        ]
        if not prefs.reminders:
            lines.append(tr("notify.show.reminders_off"))
        else:
            after = (prefs.remind_after or REMINDER_FIRST_SECONDS) / notify.HOUR
            lines.append(tr("notify.show.reminders_on", hours=f"{after:g}", count=after))
        if prefs.is_away(now) and prefs.away_until is not None:
            lines.append(tr("notify.show.away", until=f"<t:{int(prefs.away_until)}:F>"))
        else:
            lines.append(tr("notify.show.not_away"))
        if prefs.pings in ("dm", "both") and prefs.dm_closed:
            lines.append(tr("notify.show.dm_closed"))
        return "\n".join(lines)


class NotifyCog(
    commands.GroupCog,
    group_name="notify",
    group_description="Where and when you're told it's your turn",
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        self.settings = Notifications(bot)
        super().__init__()

    async def reply(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="show", description="Your notification settings")
    async def show(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.settings.flow.guarded(interaction):
            await self.reply(
                interaction, self.settings.describe(await self.settings.prefs(interaction), tr)
            )

    @app_commands.command(name="pings", description="Where your turn pings go")
    @app_commands.describe(where="Where you're told it's your turn")
    @app_commands.choices(where=PING_CHOICES)
    async def pings(self, interaction: discord.Interaction, where: str) -> None:
        tr = Tr(interaction.locale)
        async with self.settings.flow.guarded(interaction):
            mode = notify.check_pings(where)
            prefs = replace(await self.settings.prefs(interaction), pings=mode, dm_closed=False)
            lines = []
            if prefs.wants_dm:
                await interaction.response.defer(ephemeral=True, thinking=True)
                sent = await self.settings.flow.boards.notifier.send_dm(
                    interaction.user.id, tr("notify.dm.hello")
                )
                if sent is False:
                    prefs = replace(prefs, dm_closed=True)
                    lines.append(tr("notify.pings.dm_refused"))
            prefs = await self.settings.save(interaction, prefs)
            text = "\n".join([tr("notify.saved"), self.settings.describe(prefs, tr), *lines])
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await self.reply(interaction, text)

    @app_commands.command(name="reminders", description="Reminders of a turn you have not played")
    @app_commands.describe(
        on="Be reminded (on by default)",
        after_hours="How many hours into a turn the first reminder comes (1 to 72; 12 by default)",
    )
    async def reminders(
        self, interaction: discord.Interaction, on: bool, after_hours: float | None = None
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.settings.flow.guarded(interaction):
            prefs = await self.settings.prefs(interaction)
            after = prefs.remind_after
            if after_hours is not None:
                after = notify.remind_after_seconds(after_hours)
            prefs = await self.settings.save(
                interaction, replace(prefs, reminders=on, remind_after=after)
            )
            await self.reply(
                interaction, tr("notify.saved") + "\n" + self.settings.describe(prefs, tr)
            )

    @app_commands.command(
        name="away", description="Pause your reminders and turn time limits for a while"
    )
    @app_commands.describe(
        hours="For how many hours (up to 60 days)",
        until="Or until a date, UTC: 2025-07-14 or 2025-07-14 18:30",
    )
    async def away(
        self, interaction: discord.Interaction, hours: float | None = None, until: str | None = None
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.settings.flow.guarded(interaction):
            now = self.bot.service.clock()
            end = notify.away_until(now, hours, until)
            prefs = await self.settings.prefs(interaction)
            prefs = await self.settings.save(
                interaction, replace(prefs, away_since=now, away_until=end)
            )
            matches = len(await self.bot.store.active_of_user(prefs.user_id))
            await self.reply(
                interaction, tr("notify.away.set", until=f"<t:{int(end)}:F>", matches=matches)
            )

    @app_commands.command(name="back", description="End your away period now")
    async def back(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.settings.flow.guarded(interaction):
            now = self.bot.service.clock()
            prefs = await self.settings.prefs(interaction)
            if not prefs.is_away(now):
                raise NotAway()
            await self.settings.save(interaction, replace(prefs, away_until=now))
            await self.reply(interaction, tr("notify.away.back"))


class FollowCog(commands.Cog):
    """Following a match without a seat: told privately at its end, and at every new turn
    if asked. A follower is told only what the public board shows."""

    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        self.settings = Notifications(bot)

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    async def follow_here(self, interaction: discord.Interaction, every_turn: bool) -> None:
        """``/match follow``: this channel's open match."""
        async with self.flow.guarded(interaction):
            match = await self.bot.store.open_in_channel(interaction.channel_id or 0)
            if match is None:
                raise NoMatchHere()
            await self._follow(interaction, match, every_turn, edit=False)

    async def unfollow_here(self, interaction: discord.Interaction) -> None:
        """``/match unfollow``: this channel's match, open or the last one."""
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction):
            match = await self.bot.store.latest_in_channel(interaction.channel_id or 0)
            if match is None:
                raise NoMatchHere()
            if not await self.bot.store.unfollow(match.id, interaction.user.id):
                raise NotFollowing(number=match.id)
            await interaction.response.send_message(
                tr("notify.follow.stopped", number=match.id), ephemeral=True
            )

    async def on_follow(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        """The board's 👁 Follow, and the choices of the private answer (or of a follower's
        direct message: Unfollow)."""
        tr = Tr(interaction.locale)
        async with self.flow.guarded(interaction, match_id):
            if op == "off":
                match = await self.bot.service.get(match_id)
                if not await self.bot.store.unfollow(match.id, interaction.user.id):
                    raise NotFollowing(number=match.id)
                await interaction.response.edit_message(
                    content=tr("notify.follow.stopped", number=match.id), view=None
                )
                return
            match = await self.flow.match_here(interaction, match_id)
            if op == "follow":
                current = await self._following(match, interaction.user.id)
                every = current.every_turn if current is not None else False
                await self._follow(interaction, match, every, edit=False)
            else:
                await self._follow(interaction, match, op == "turns", edit=True)

    async def _following(self, match: Match, user_id: int) -> Follower | None:
        return next(
            (f for f in await self.bot.store.followers(match.id) if f.user_id == user_id), None
        )

    async def _follow(
        self, interaction: discord.Interaction, match: Match, every_turn: bool, *, edit: bool
    ) -> None:
        tr = Tr(interaction.locale)
        if match.status not in ("lobby", "active"):
            raise FollowOver(number=match.id)
        if match.seat_of(interaction.user.id) is not None:
            raise FollowOwnMatch(number=match.id)
        await self.bot.store.follow(
            Follower(
                match.id,
                interaction.user.id,
                every_turn,
                self.bot.service.clock(),
                str(interaction.locale.value),
            )
        )
        game = self.bot.service.engine(match).title
        key = "notify.follow.every_turn" if every_turn else "notify.follow.at_end"
        text = tr(key, game=game, number=match.id) + "\n" + tr("notify.follow.public_only")
        view = discord.ui.View(timeout=None)
        if every_turn:
            view.add_item(FollowButton(match.id, "end", tr("notify.follow.only_end")))
        else:
            view.add_item(FollowButton(match.id, "turns", tr("notify.follow.turns_too")))
        view.add_item(FollowButton(match.id, "off", tr("notify.follow.unfollow")))
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(NotifyCog(bot))
    await bot.add_cog(FollowCog(bot))
