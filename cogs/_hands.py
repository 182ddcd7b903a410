"""Private panels that stay: each player's panel of a match in their direct messages.

An ephemeral panel (``cogs._panels``) is dropped by Discord when the app restarts or after
a while, and in a match played at its own pace that is most of the time. So the board's
hand button sends the player's panel to their direct messages with the bot, when those are
open: one message per player per match, edited in place whenever what it shows changes,
its buttons working from there (``TableFlow.panel_match``: a panel's component names its
seat, and only that seat's person can click in their own direct messages). Where each
message lives is stored (``MatchStore.hand_messages``), so it survives a restart.

- A direct message, not a private thread: anyone who may manage threads (a server's
  moderators) can read a private thread, while a direct message is read by its player only.
- Edits cost requests on the bot's global budget: a panel is edited only when what it shows
  changed (``fingerprint``), through the player's last click in it while Discord keeps that
  interaction (free), else as a channel request; a live match's panels at most every
  ``LIVE_GAP_SECONDS``.
- Nothing public depends on it: edits run in the background after the board is out, and
  storing where a panel lives never touches the match (no new version, no board change).
- A refused direct message (closed DMs) breaks nothing: the person gets today's ephemeral
  panel with one line on how to get the lasting one, and ``NotifyPrefs.dm_closed`` is set
  as for refused turn pings (cleared again once a panel gets through).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.games.base import clock_of
from bot.i18n import Tr
from bot.store.contract import OPEN_STATUSES
from bot.store.people import HandMessage, NotifyPrefs
from bot.table.errors import TableError
from bot.table.matches import MatchService
from cogs._budget import MB, Budgeted, LockTable
from cogs._panels import PANEL_LIFETIME_SECONDS, Editor, Panel, Refresher, fingerprint

log = logging.getLogger(__name__)

#: A real-time match changes several times a second: its panels are edited through the
#: channel at most this often (what comes meanwhile is shown by the next edit).
LIVE_GAP_SECONDS = 2.0
#: What one person's lasting panel costs in memory (where it is, what it shows, their last
#: click in it while Discord keeps it), roughly.
KEPT_BYTES = 16 * 1024

#: A player's panel as it is now, in their language, at a step of it or None
#: (``TableFlow.private_panel``).
PanelMaker = Callable[[int, int, Tr, str | None], Awaitable[Panel]]


def dm_link(channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


@dataclass
class Kept:
    """A panel in someone's direct messages, as this process knows it."""

    hand: HandMessage
    #: What the message shows (``fingerprint``); None: not known (since a restart).
    shown: str | None = None
    #: The player's last click in it, while Discord keeps that interaction: free edits.
    edit: Editor | None = None
    until: float = 0.0
    #: The step of the panel it shows (``Presenter.live_panel``: kept through updates).
    step: str | None = None


class HandKeeper:
    def __init__(
        self, client: discord.Client, service: MatchService, make_panel: PanelMaker
    ) -> None:
        self.client = client
        self.service = service
        self.make_panel = make_panel
        #: match id -> user id -> panel; loaded from the store when a match is first seen.
        self._kept: Budgeted[int, dict[int, Kept]] = Budgeted(
            "lasting panels", 16 * MB, lambda panels: KEPT_BYTES * max(1, len(panels))
        )
        #: People whose direct messages refused the last panel (their ephemeral panel says
        #: how to get the lasting one).
        self.refused: set[int] = set()
        self._locks: LockTable[tuple[int, int]] = LockTable()
        self._refresher = Refresher(self.refresh, gap=LIVE_GAP_SECONDS)

    def lock(self, match_id: int, user_id: int) -> asyncio.Lock:
        """Held while a panel is made and shown, so an older panel never overwrites a
        newer one (a click's answer and a background edit of the same message)."""
        return self._locks((match_id, user_id))

    async def kept(self, match_id: int) -> dict[int, Kept]:
        found = self._kept.get(match_id)
        if found is None:
            hands = await self.service.store.hand_messages(match_id)
            found = self._kept.setdefault(match_id, {h.user_id: Kept(h) for h in hands})
        return found

    # -- the hand button
    async def send(self, match_id: int, user: discord.abc.User, tr: Tr, panel: Panel) -> str | bool:
        """Show the person's lasting panel: their panel's message (edited to ``panel`` if it
        shows something else), or a new one sent when there is none yet or it was deleted.
        The link to it; False when their direct messages refused it; True when it failed
        otherwise (nothing concluded)."""
        async with self.lock(match_id, user.id):
            kept = (await self.kept(match_id)).get(user.id)
            if kept is not None and kept.shown == fingerprint(panel):
                # Shown as it is (a person cannot delete the bot's direct messages).
                return dm_link(kept.hand.channel_id, kept.hand.message_id)
            if kept is not None:
                try:
                    await self._edit(kept, panel)
                except discord.NotFound:
                    await self._forget(match_id, user.id)
                except discord.HTTPException as error:
                    log.warning("match %s: panel of %s not shown (%s)", match_id, user.id, error)
                    return True
                else:
                    self.refused.discard(user.id)
                    kept.step = None  # the panel's first level, as sent
                    if kept.hand.locale != tr.language:
                        kept.hand = dataclasses.replace(kept.hand, locale=tr.language)
                        await self.service.store.set_hand_message(kept.hand)
                    return dm_link(kept.hand.channel_id, kept.hand.message_id)
            try:
                channel = await self.client.create_dm(user)
                message = await channel.send(**panel.message())
            except discord.Forbidden:
                log.info("user %s does not accept direct messages: an ephemeral panel", user.id)
                await self._note_dms(user.id, closed=True)
                return False
            except discord.HTTPException as error:
                log.warning("match %s: panel of %s not sent (%s)", match_id, user.id, error)
                return True
            hand = HandMessage(match_id, user.id, channel.id, message.id, tr.language)
            await self.service.store.set_hand_message(hand)
            (await self.kept(match_id))[user.id] = Kept(hand, fingerprint(panel))
            await self._note_dms(user.id, closed=False)
            return dm_link(channel.id, message.id)

    async def _note_dms(self, user_id: int, *, closed: bool) -> None:
        """Remember whether the person's direct messages take messages, as refused turn
        pings do (``cogs._notify``): their pings fall back to the channel meanwhile."""
        if closed:
            self.refused.add(user_id)
        else:
            self.refused.discard(user_id)
        store = self.service.store
        prefs = (await store.notify_prefs([user_id])).get(user_id)
        if (prefs.dm_closed if prefs else False) != closed:
            current = prefs or NotifyPrefs(user_id)
            await store.set_notify_prefs(
                dataclasses.replace(current, dm_closed=closed), self.service.clock()
            )

    # -- a click in the panel
    async def clicked(
        self,
        match_id: int,
        user_id: int,
        message_id: int | None,
        edit: Editor,
        shown: Panel | None = None,
        step: str | None = None,
    ) -> None:
        """The person clicked in their panel (``message_id``), which the answer edited:
        that interaction edits it from now on while Discord keeps it, and ``shown`` is what
        it shows (None: a step of a choice, not the panel itself), at ``step`` (a step kept
        through updates, ``Presenter.live_panel``)."""
        kept = (await self.kept(match_id)).get(user_id)
        if kept is None or kept.hand.message_id != message_id:
            return
        kept.edit = edit
        kept.until = asyncio.get_running_loop().time() + PANEL_LIFETIME_SECONDS
        kept.step = step
        if shown is not None:
            kept.shown = fingerprint(shown)

    # -- following the match
    def follow(self, match_id: int, *, ended: bool = False) -> None:
        """Bring the match's panels up to date, in the background (the board is out
        already: nothing public waits for them). Changes that come meanwhile are shown
        together by one more round. ``ended``: the match is over."""
        if ended and not self._kept.get(match_id, True):  # over, and known to have none
            self._kept.pop(match_id, None)
            return
        self._refresher.follow(match_id)

    async def refresh(self, match_id: int) -> bool:
        """Edit each panel of the match whose content changed. True when a live match's
        panel was edited through the channel (the next round waits a little)."""
        kept = await self.kept(match_id)
        if not kept:
            return False
        match = await self.service.get(match_id)
        over = match.status not in OPEN_STATUSES and match.status != "frozen"
        paced = False
        for user_id in list(kept):
            async with self.lock(match_id, user_id):
                panel = kept.get(user_id)
                if panel is None:
                    continue
                try:
                    made = await self.make_panel(
                        match_id, user_id, Tr(panel.hand.locale), panel.step
                    )
                except TableError as error:  # no longer seated, a frozen match
                    log.info("match %s: panel of %s left as it is (%s)", match_id, user_id, error)
                    kept.pop(user_id, None)
                    continue
                seen = fingerprint(made)
                try:
                    if seen != panel.shown:
                        paced |= not await self._edit(panel, made)
                    if over:  # it shows the end: nothing more to follow
                        await self._forget(match_id, user_id)
                except (discord.NotFound, discord.Forbidden):
                    log.info("match %s: the panel of %s is gone", match_id, user_id)
                    await self._forget(match_id, user_id)
                except discord.HTTPException as error:
                    log.warning("match %s: panel of %s not edited (%s)", match_id, user_id, error)
        if over and not kept:
            self._kept.pop(match_id, None)  # its locks go by themselves (``LockTable``)
        return paced and clock_of(self.service.engine(match)) is not None

    async def _edit(self, kept: Kept, panel: Panel) -> bool:
        """Edit the message to ``panel``: through the person's last click while it may
        (True), else as a channel request (False)."""
        changes = panel.changes()
        free = False
        if kept.edit is not None and kept.until > asyncio.get_running_loop().time():
            try:
                await kept.edit(**changes)
                free = True
            except discord.HTTPException as error:  # the interaction expired
                log.info("panel %s: edited in its channel (%s)", kept.hand.message_id, error)
                kept.edit = None
        if not free:
            channel = self.client.get_partial_messageable(
                kept.hand.channel_id, type=discord.ChannelType.private
            )
            await channel.get_partial_message(kept.hand.message_id).edit(**changes)
        kept.shown = fingerprint(panel)
        return free

    async def _forget(self, match_id: int, user_id: int) -> None:
        self._kept.get(match_id, {}).pop(user_id, None)
        with contextlib.suppress(Exception):
            await self.service.store.drop_hand_message(match_id, user_id)

    async def stop(self) -> None:
        await self._refresher.stop()
