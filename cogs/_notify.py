"""Where a turn is told: the one place that turns people's notification settings
(``bot.table.notify``) into channel pings and direct messages, and tells followers.

- The board names everyone to act. A person whose pings go to the channel (the default)
  or to ``both`` is pinged by it; ``dm`` and ``none`` are named without a ping. ``dm`` and
  ``both`` get a direct message with a link to the board.
- A direct message refused (DMs closed) breaks nothing: it is logged, and that person's
  pings go to the channel from then on, until they change their settings.
- Reminders follow the same settings (``remind``).
- Followers (no seat) get a direct message at the end of the match, and at each new turn
  if they asked: the public board's own text, so they learn exactly what the channel sees.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Collection, Sequence
from typing import Any

import discord

from bot.i18n import Tr
from bot.store.contract import Match
from bot.store.people import NotifyPrefs
from bot.table.matches import MatchService
from cogs._follow_components import FollowButton
from cogs._naming import Naming, as_text, clean_name, pinging

log = logging.getLogger(__name__)

#: Discord's longest message.
MESSAGE_LIMIT = 2000


class Notifier:
    def __init__(self, client: discord.Client, service: MatchService, naming: Naming) -> None:
        self.client = client
        self.service = service
        self.naming = naming

    async def prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        return await self.service.store.notify_prefs(list(user_ids))

    async def pinged_in_channel(self, user_ids: Sequence[int]) -> list[int]:
        """Those of these people a channel message pings (the others are named only)."""
        if not user_ids:
            return []
        prefs = await self.prefs(user_ids)
        return [u for u in user_ids if (p := prefs.get(u)) is None or p.pinged_in_channel]

    async def mentions(self, user_ids: Sequence[int]) -> discord.AllowedMentions:
        """What a channel message naming these people may ping: those whose settings say
        the channel (the others are named only)."""
        return pinging(await self.pinged_in_channel(user_ids))

    # -- a new board
    async def board_posted(
        self,
        match: Match,
        state: Any,
        content: str,
        message_id: int,
        acting: Collection[int],
        *,
        repost: bool,
    ) -> None:
        """A new board message is out (``match`` as it was before: its ``board_acting`` is
        what the previous board asked): direct messages to the people newly to act who want
        them, and to the followers. Never raises: the board is out whatever happens here."""
        if repost:
            return
        try:
            shown = set(match.board_acting or ())
            posted = dataclasses.replace(match, board_message_id=message_id)
            if match.status == "active":
                newly = [
                    s.user_id
                    for s in self.service.humans_to_act(match, state)
                    if s.seat not in shown and s.user_id
                ]
                prefs = await self.prefs(newly)
                for user_id in newly:
                    person = prefs.get(user_id)
                    if person is not None and person.wants_dm:
                        await self.dm_player(posted, person, "notify.dm.turn")
            if match.status == "finished" or set(acting) - shown:
                await self.tell_followers(posted, content)
        except Exception:
            log.exception("match %s: turn notifications failed", match.id)

    async def tell_followers(self, match: Match, content: str) -> None:
        """The end (every follower) or a new turn (those who asked for every turn), with
        the public board's text."""
        ended = match.status == "finished"
        seated = set(match.humans())
        for follower in await self.service.store.followers(match.id):
            if follower.user_id in seated or not (ended or follower.every_turn):
                continue
            tr = Tr(follower.locale)
            key = "notify.follow.dm_end" if ended else "notify.follow.dm_turn"
            head = tr(key, **self._about(match))
            view = None
            if not ended:  # a way to stop these, right where they arrive
                view = discord.ui.View(timeout=None)
                view.add_item(FollowButton(match.id, "off", tr("notify.follow.unfollow")))
            await self.send_dm(follower.user_id, _fit(f"{head}\n{content}"), view)

    # -- reminders
    async def remind(
        self, match: Match, channel: discord.abc.Messageable, user_ids: Sequence[int]
    ) -> None:
        """A reminder to these people: in the channel for those whose pings go there (and,
        named without a ping, for ``none``), by direct message for ``dm`` and ``both``."""
        prefs = await self.prefs(user_ids)
        in_channel = [u for u in user_ids if (p := prefs.get(u)) is None or not _dm_only(p)]
        pinged = [u for u in in_channel if (p := prefs.get(u)) is None or p.pinged_in_channel]
        if in_channel:
            tr = self.naming.guild_tr(match)
            await channel.send(
                tr(
                    "timer.reminder",
                    players=", ".join(f"<@{u}>" for u in in_channel),
                    game=self.service.engine(match).title,
                    link=self.naming.link(match),
                ),
                allowed_mentions=pinging(pinged),
            )
        for user_id in user_ids:
            person = prefs.get(user_id)
            if person is not None and person.wants_dm:
                await self.dm_player(match, person, "notify.dm.reminder")

    # -- direct messages
    async def dm_player(self, match: Match, person: NotifyPrefs, key: str) -> None:
        """A turn ping or reminder by direct message; DMs closed: noted, so the next pings
        go to the channel."""
        tr = Tr(person.locale or self.naming.guild_tr(match).language)
        sent = await self.send_dm(person.user_id, tr(key, **self._about(match)))
        if sent is False:
            current = (await self.prefs([person.user_id])).get(person.user_id, person)
            await self.service.store.set_notify_prefs(
                dataclasses.replace(current, dm_closed=True), self.service.clock()
            )

    async def send_dm(
        self, user_id: int, text: str, view: discord.ui.View | None = None
    ) -> bool | None:
        """True: sent; False: refused (DMs closed, or no server in common); None: another
        failure (Discord down), nothing concluded."""
        try:
            channel = await self.client.create_dm(discord.Object(user_id))
            await channel.send(
                text,
                view=view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.Forbidden:
            log.info("user %s does not accept direct messages", user_id)
            return False
        except discord.HTTPException as error:
            log.warning("direct message to %s failed: %s", user_id, error)
            return None
        return True

    def _about(self, match: Match) -> dict[str, Any]:
        guild = self.client.get_guild(match.guild_id) if match.guild_id else None
        return {
            "game": self.service.engine(match).title,
            "number": match.id,
            "server": as_text(clean_name(guild.name)) if guild is not None else "Discord",
            "link": self.naming.link(match),
        }


def _dm_only(prefs: NotifyPrefs) -> bool:
    """Told by direct message only: not named in the channel's reminder."""
    return prefs.pings == "dm" and not prefs.dm_closed


def _fit(text: str) -> str:
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"
