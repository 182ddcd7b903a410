"""Boards, published durably.

A match records which state version its board shows and which seats that board asked to
act. Whatever interrupts a publication (a crash, a Discord error), the board of any match
whose record lags its state is published again: at start-up and on a short loop, with a
growing pause for a match whose channel keeps failing.

A new board message is posted when someone new is to act, when one player is left to act
after several, and at the end; otherwise the board is edited in place. Only the people
who have just become players to act are pinged.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import json
import logging
from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.games.base import View, clock_of
from bot.i18n import Tr
from bot.pictures.boards import RESULT_LABEL
from bot.pictures.painter import BoardPainter
from bot.store.contract import Match
from bot.store.shards import ALL_SHARDS, Shards
from bot.table.errors import MatchFrozen
from bot.table.matches import MatchService
from bot.table.writes import public_version
from cogs._budget import MB, Budgeted, LockTable, text_bytes
from cogs._components import HandButton, LogButton, RematchButton, ReplayButton, action_components
from cogs._follow_components import FollowButton
from cogs._naming import Naming
from cogs._notify import Notifier
from cogs._presenter import Presenter
from cogs._routes import ClickRoutes

if TYPE_CHECKING:
    from cogs._responder import Responder

log = logging.getLogger(__name__)

#: A board tells the last turn only, in a few lines; the whole account is in the Log.
ACCOUNT_LINES = 6
#: Of the lines a board was posted with (what the others did before this turn), how many
#: it keeps while the turn's own actions fill it.
ACCOUNT_OPENING = 2
ACCOUNT_CHARACTERS = 1200  # a message holds 2000; the title and the "to play" line need room
RETRY_FIRST_SECONDS = 5.0
RETRY_LONGEST_SECONDS = 300.0
#: Discord lets a bot change about 5 messages per 5 s in one channel; keep one in reserve.
CHANNEL_CHANGES = 4
CHANNEL_WINDOW_SECONDS = 5.0
#: A real-time match's board changes at most this often; what comes meanwhile is shown
#: together in its next change.
REAL_TIME_BOARD_SECONDS = 2.0
#: A held board is tried again this long after its wait is over (clocks are not exact).
HELD_MARGIN_SECONDS = 0.05
#: How long a board's edit in its channel may wait (discord.py waits out a rate limit
#: before retrying; Discord may ask for a minute): then the board is posted anew instead.
CHANNEL_EDIT_PATIENCE_SECONDS = 8.0
#: Lagging boards the catch-up publishes at once (a slow channel holds no other).
CATCH_UP_AT_ONCE = 8
#: What one small entry of a per-match cache costs (its key, its value, the dict's slot).
ENTRY_BYTES = 160


@dataclass
class Board:
    content: str
    png: bytes
    view: discord.ui.View | None
    mentions: discord.AllowedMentions
    acting: tuple[int, ...]
    account: list[str] = dataclasses.field(default_factory=list)


def needs_new_message(shown: Collection[int] | None, acting: Collection[int]) -> bool:
    """Post a new board (rather than edit) when someone starts to act, when one player is
    left after several acted at once, and when the match ends."""
    if shown is None:
        return True
    shown, acting = set(shown), set(acting)
    if not acting:
        return bool(shown)
    return not acting <= shown or (len(acting) == 1 < len(shown))


def account_window(lines: list[str], opened: int, room: int = ACCOUNT_LINES) -> list[str]:
    """The lines of its account a board shows: the last ``room`` (``ACCOUNT_LINES``, less
    what the board must say of the choice before the players); but once the turn's own
    actions would push out the last lines the message was posted with (the others' moves,
    which a player coming back reads first), it keeps ``ACCOUNT_OPENING`` of those before
    the turn's latest lines."""
    if len(lines) <= room:
        return lines
    if room <= 0:
        return []
    later = len(lines) - opened
    opening_room = min(ACCOUNT_OPENING, room - 1)
    if opened == 0 or opening_room <= 0 or later <= room - opening_room:
        return lines[-room:]
    opening = lines[max(0, opened - opening_room) : opened]
    return opening + lines[len(lines) - (room - len(opening)) :]


def view_key(public: View) -> int:
    """A public view as one number: equal views, equal keys."""
    return hash(json.dumps(public, sort_keys=True, default=str))


class BoardPublisher:
    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        painter: BoardPainter,
        naming: Naming,
        presenters: dict[str, Presenter],
        *,
        after_publish: Callable[[Match, Any], None],
        check_seconds: float = RETRY_FIRST_SECONDS,
        channel_budget: int = CHANNEL_CHANGES,
        clock: Callable[[], float] | None = None,
        shards: Shards = ALL_SHARDS,
    ) -> None:
        self.client = client
        #: The servers whose lagging boards this process catches up (``bot.store.shards``).
        self.shards = shards
        self.service = service
        self.painter = painter
        self.naming = naming
        self.presenters = presenters
        self.after_publish = after_publish
        self.check_seconds = check_seconds
        self.channel_budget = channel_budget  # 0: no holding (tests under a frozen clock)
        self.clock = clock or service.clock
        self._locks: LockTable[int] = LockTable()
        self._last_change: Budgeted[int, float] = Budgeted("board changes", MB, ENTRY_BYTES)
        #: match -> what its board shows (``_looks``)
        self._shown: Budgeted[int, int] = Budgeted("boards shown", MB, ENTRY_BYTES)
        self._later: dict[int, asyncio.Task[None]] = {}
        #: match -> (view hash, the lines its board tells, how many it was posted with)
        self._accounts: Budgeted[int, tuple[int | None, list[str], int]] = Budgeted(
            "board accounts", 8 * MB, lambda told: ENTRY_BYTES + text_bytes(told[1])
        )
        #: match -> (failures, retry at)
        self._failures: Budgeted[int, tuple[int, float]] = Budgeted(
            "board failures", MB, ENTRY_BYTES
        )
        self._loop_task: asyncio.Task[None] | None = None
        self._channel_changes: Budgeted[int, deque[float]] = Budgeted(
            "channel changes", 2 * MB, 8 * ENTRY_BYTES
        )
        self.routes = ClickRoutes(self.clock)
        #: Where turn pings go, direct messages, followers (``cogs._notify``).
        self.notifier = Notifier(client, service, naming)

    # -- the catch-up loop
    def start(self) -> None:
        self._loop_task = asyncio.create_task(self._catch_up_loop(), name="rushtable-boards")

    async def stop(self) -> None:
        tasks = [t for t in [self._loop_task, *self._later.values()] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _catch_up_loop(self) -> None:
        await self.client.wait_until_ready()
        while True:
            try:
                await self.catch_up()
            except Exception:
                log.exception("catching up boards failed")
            await asyncio.sleep(self.check_seconds)

    async def catch_up(self) -> None:
        """Publish every board that lags its match (skipping those waiting to retry), a
        few at a time: one channel slow to answer holds no other match's board."""
        now = asyncio.get_running_loop().time()
        self.routes.forget_expired()
        due = [
            match.id
            for match in await self.service.store.lagging_boards(self.shards)
            if self._failures.get(match.id, (0, 0.0))[1] <= now
        ]
        room = asyncio.Semaphore(CATCH_UP_AT_ONCE)

        async def publish(match_id: int) -> None:
            async with room:
                await self.publish_or_retry_later(match_id)

        await asyncio.gather(*(publish(match_id) for match_id in due))

    async def publish_or_retry_later(self, match_id: int) -> bool:
        """Publish; on failure, note when to try again. True when the board is current."""
        try:
            await self.publish(match_id)
        except Exception as error:
            failures = self._failures.get(match_id, (0, 0.0))[0] + 1
            pause = min(RETRY_LONGEST_SECONDS, RETRY_FIRST_SECONDS * 2 ** (failures - 1))
            self._failures[match_id] = (failures, asyncio.get_running_loop().time() + pause)
            log.warning(
                "match %s: board not published (%s); next try in %.0f s", match_id, error, pause
            )
            return False
        self._failures.pop(match_id, None)
        return True

    async def keep_current_past_order(self, before: Match, after: Match) -> None:
        """A standing order changes nothing public: a board that was current stays so,
        and is neither redrawn nor edited (that would tell everyone an order was set)."""
        if before.board_version == after.version - 1 and before.board_message_id is not None:
            await self.service.store.set_board(
                after.id,
                message_id=before.board_message_id,
                version=after.version,
                acting=before.board_acting or (),
            )

    # -- publishing
    async def publish(
        self, match_id: int, *, repost: bool = False, responder: Responder | None = None
    ) -> int | None:
        """Show the match as stored now, if its board lags (or always, with ``repost``).

        ``responder``: the click that caused the change, when it was made on the board
        itself; an in-place edit then goes through that interaction's response.
        """
        async with self._locks(match_id):
            match = await self.service.get(match_id)
            if match.status not in ("active", "finished", "frozen"):
                return None
            if not repost and not match.board_lags:
                return None
            channel = await self.channel(match.channel_id)
            if channel is None:
                return None
            try:
                state = self.service.load_state(match)
            except MatchFrozen:
                return await self._announce_frozen(match, channel)
            through_channel = responder is None or responder.message_id != match.board_message_id
            if through_channel and not repost and self._held(match):
                self._publish_later(match)
                return None
            public = self.service.engine(match).view(state, None)
            public_key = view_key(public)
            looks = self._looks(match, state, public_key)
            posted: Board | None = None
            if not repost and self._unchanged(match, state, looks):
                message_id = match.board_message_id
                assert message_id is not None
                acting = match.board_acting or ()
            else:
                board = await self.compose_board(match, state, public, public_key)
                message_id = await self._show(
                    match, channel, board, repost=repost, responder=responder
                )
                self._last_change[match.id] = self.clock()
                self._shown[match.id] = looks
                acting = board.acting
                posted = board if message_id != match.board_message_id else None
            await self.service.store.set_board(
                match.id, message_id=message_id, version=match.version, acting=acting
            )
        if posted is not None:
            await self.notifier.board_posted(
                match, state, posted.content, message_id, posted.acting, repost=repost
            )
        self.after_publish(match, state)
        return message_id

    def _looks(self, match: Match, state: Any, public_key: int) -> int:
        """What a board would show: the public view, who acts, the seats' names."""
        seen = (
            public_key,
            sorted(self.service.engine(match).to_act(state)),
            match.status,
            [(s.seat, s.user_id, s.is_ai) for s in match.seats],
        )
        return hash(json.dumps(seen, default=str))

    def _unchanged(self, match: Match, state: Any, looks: int) -> bool:
        """The board shows this already (a change nobody can see, such as a private choice):
        it is neither redrawn nor edited, only recorded as current. Not when its buttons
        carry the version a click is checked against."""
        if self._shown.get(match.id) != looks or match.board_message_id is None:
            return False
        presenter = self.presenters[match.game]
        humans = [s.seat for s in self.service.humans_to_act(match, state)]
        return not self._public_actions(match, state, humans, presenter)

    async def _show(
        self,
        match: Match,
        channel: discord.abc.Messageable,
        board: Board,
        *,
        repost: bool,
        responder: Responder | None,
    ) -> int:
        """The id of the message now showing the board."""
        if not repost and not needs_new_message(match.board_acting, board.acting):
            edited = await self._edit(match, channel, board, responder)
            if edited is not None:
                return edited
        message_id = await self._post(match, channel, board, responder)
        # The old board loses its buttons only once the new one is there.
        if match.board_message_id is not None:
            self._recent_changes(match.channel_id).append(self.clock())
        await self._strip_buttons(match, channel, match.board_message_id, responder)
        self.routes.settle(match.id, message_id)
        # The new board keeps telling what ended the previous turn until it is edited
        # again, and then goes on with the new turn's actions after those lines.
        seen = self._accounts.get(match.id, (None, [], 0))[0]
        self._accounts[match.id] = (seen, board.account, len(board.account))
        return message_id

    async def _post(
        self,
        match: Match,
        channel: discord.abc.Messageable,
        board: Board,
        responder: Responder | None,
    ) -> int:
        """A new board message: a follow-up of the match's last click when there is one
        (outside the bot's global request budget), else a channel message."""
        if responder is not None:
            await responder.acknowledge()  # a follow-up needs the click answered first
        posted = await self.routes.post(
            match.id, board.content, board.png, board.view, board.mentions
        )
        if posted is not None:
            return posted
        message = await channel.send(
            board.content,
            file=discord.File(io.BytesIO(board.png), filename="board.png"),
            view=board.view or discord.utils.MISSING,
            allowed_mentions=board.mentions,
        )
        return message.id

    async def _edit(
        self,
        match: Match,
        channel: discord.abc.Messageable,
        board: Board,
        responder: Responder | None,
    ) -> int | None:
        """The board edited in place; None when it is gone (a new one is posted)."""
        board_id = match.board_message_id
        assert board_id is not None
        changes: dict[str, Any] = {
            "content": board.content,
            "attachments": [discord.File(io.BytesIO(board.png), filename="board.png")],
            "view": board.view,
        }
        try:
            await self._edit_message(match, channel, board_id, responder, **changes)
        except discord.NotFound:
            return None
        except (TimeoutError, discord.RateLimited):
            # Held by a long rate limit: the board is posted anew instead (another route),
            # rather than the match's later boards waiting behind it.
            log.info("match %s: board edit held by Discord; a new board is posted", match.id)
            return None
        return board_id

    async def _edit_message(
        self,
        match: Match,
        channel: discord.abc.Messageable,
        message_id: int,
        responder: Responder | None,
        **changes: Any,
    ) -> None:
        """Through the click being answered when it was made on that message, else through
        the match's last click when it may, else in the channel."""
        if responder is not None and responder.message_id == message_id:
            await responder.update(**changes)
        elif not await self.routes.edit(match.id, message_id, **changes):
            partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
            # discord.py waits out a rate limit before it retries: not for long here.
            async with asyncio.timeout(CHANNEL_EDIT_PATIENCE_SECONDS):
                await partial.edit(**changes)

    def _held(self, match: Match) -> bool:
        """Whether the board waits: a real-time match's changed less than
        ``REAL_TIME_BOARD_SECONDS`` ago, or its channel is busy."""
        if self.channel_budget > 0 and clock_of(self.service.engine(match)) is not None:
            last = self._last_change.get(match.id)
            if last is not None and self.clock() - last < REAL_TIME_BOARD_SECONDS:
                return True
        return self._hold_if_busy(match)

    def _publish_later(self, match: Match) -> None:
        """A held board is shown as soon as it may be (not at the next catch-up round)."""
        task = self._later.get(match.id)
        if task is not None and not task.done():
            return
        delay = self._free_in(match)

        async def later() -> None:
            await asyncio.sleep(delay)
            self._later.pop(match.id, None)
            await self.publish_or_retry_later(match.id)

        self._later[match.id] = asyncio.create_task(later(), name=f"rushtable-board-{match.id}")

    def _free_in(self, match: Match) -> float:
        """Seconds until a held board may be shown: its channel's oldest recent change
        leaves the window, and a real-time board's gap is over."""
        now = self.clock()
        waits = [0.0]
        recent = self._channel_changes.get(match.channel_id)
        if recent and len(recent) >= self.channel_budget:
            waits.append(recent[0] + CHANNEL_WINDOW_SECONDS - now)
        last = self._last_change.get(match.id)
        if last is not None and clock_of(self.service.engine(match)) is not None:
            waits.append(last + REAL_TIME_BOARD_SECONDS - now)
        return max(waits) + HELD_MARGIN_SECONDS

    def _hold_if_busy(self, match: Match) -> bool:
        """A busy channel (many quick changes) is left alone until its budget frees up; its
        board then lags, and the catch-up loop shows the latest state in one change, however
        many actions came meanwhile."""
        if self.channel_budget <= 0:
            return False
        now = self.clock()
        recent = self._recent_changes(match.channel_id)
        while recent and recent[0] <= now - CHANNEL_WINDOW_SECONDS:
            recent.popleft()
        if len(recent) >= self.channel_budget:
            return True
        recent.append(now)
        return False

    def _recent_changes(self, channel_id: int) -> deque[float]:
        """When the channel's boards changed lately (a few: older ones no longer count)."""
        recent = self._channel_changes.get(channel_id)
        if recent is None:
            recent = self._channel_changes[channel_id] = deque(maxlen=4 * CHANNEL_CHANGES)
        return recent

    async def _announce_frozen(self, match: Match, channel: discord.abc.Messageable) -> int:
        if match.status != "frozen":
            await self.service.freeze(match, "unreadable state")
        message = await channel.send(
            self.naming.guild_tr(match)("error.match_frozen"),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self._strip_buttons(match, channel, match.board_message_id)
        await self.service.store.set_board(
            match.id, message_id=message.id, version=match.version, acting=()
        )
        return message.id

    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.NotFound:
                log.warning("channel %s is gone", channel_id)
                return None
        return cast(discord.abc.Messageable, channel)

    async def _strip_buttons(
        self,
        match: Match,
        channel: discord.abc.Messageable,
        message_id: int | None,
        responder: Responder | None = None,
    ) -> None:
        if message_id is None:
            return
        with contextlib.suppress(discord.HTTPException, TimeoutError):
            await self._edit_message(match, channel, message_id, responder, view=None)

    # -- composing
    async def compose_board(
        self,
        match: Match,
        state: Any,
        public: View | None = None,
        public_key: int | None = None,
    ) -> Board:
        """The board of ``state`` (``public``: its public view and ``view_key``, when the
        caller has them already)."""
        tr = self.naming.guild_tr(match)
        engine = self.service.engine(match)
        presenter = self.presenters[match.game]
        if public is None:
            public = engine.view(state, None)
        if public_key is None:
            public_key = view_key(public)
        names = self.naming.names(match, tr)
        plain_names = self.naming.names(match, tr, for_text=False)
        labels = presenter.render_labels(public, plain_names, tr)
        if match.status == "finished":
            labels[RESULT_LABEL] = self.result_line(match, plain_names, presenter, tr, drawn=True)
        png = await self.painter.render(match.game, public, labels)
        events = presenter.event_lines(public.get("events", []), public, names, tr)
        account, opened = self.account(match, public_key, events)
        prompt = [] if match.status == "finished" else presenter.prompt_lines(public, names, tr)
        told = account_window(account, opened, ACCOUNT_LINES - len(prompt))
        lines = [tr("board.title", game=engine.title, number=match.id)]
        if len(account) > len(told):
            lines.append(tr("board.more_in_log", count=len(account) - len(told)))
        lines += [f"• {line}" for line in [*told, *prompt]]
        view: discord.ui.View | None = None
        acting: tuple[int, ...] = ()
        mentions = discord.AllowedMentions.none()
        if match.status == "finished":
            lines.append(self.result_line(match, names, presenter, tr))
            view = self.final_view(match, tr)
        else:
            acting = tuple(sorted(engine.to_act(state)))
            humans = self.service.humans_to_act(match, state)
            who = ", ".join(
                f"<@{s.user_id}>" if not s.is_ai else names[s.seat]
                for s in match.seats
                if s.seat in acting
            )
            lines.append(tr("board.to_act", players=who))
            shown = set(match.board_acting or ())
            newly = [s.user_id for s in humans if s.seat not in shown and s.user_id]
            mentions = await self.notifier.mentions(newly)
            view = self.board_view(match, state, [s.seat for s in humans], public, presenter, tr)
        return Board("\n".join(lines), png, view, mentions, acting, account)

    def account(self, match: Match, public_key: int, events: list[str]) -> tuple[list[str], int]:
        """What happened since the previous board message: each action's sentences once
        (a write that changed nothing public, like a resignation or a standing order, adds
        none: its state still holds the last action's events), the oldest dropped when
        the message would grow too long; and how many of them the message was posted with."""
        seen, lines, opened = self._accounts.get(match.id, (None, [], 0))
        if seen != public_key:
            lines = [*lines, *events]
            self._accounts[match.id] = (public_key, lines, opened)
        while sum(len(line) + 3 for line in lines) > ACCOUNT_CHARACTERS and len(lines) > 1:
            lines, opened = lines[1:], max(0, opened - 1)
        return lines, opened

    def retell(self, match_id: int) -> None:
        """The match went back (an undo): its next board tells the last turn afresh, not
        after lines of actions that were taken back."""
        self._accounts.pop(match_id, None)

    def result_line(
        self, match: Match, names: list[str], presenter: Presenter, tr: Tr, *, drawn: bool = False
    ) -> str:
        """The result in a sentence; ``drawn``: the words written on the final picture."""
        result = match.result or {}
        winners = [names[w] for w in result.get("winners", []) if 0 <= w < len(names)]
        reason = presenter.outcome_reason(str(result.get("reason", "")), tr)
        prefix = "board.drawn_" if drawn else "board."
        if not winners:
            return tr(f"{prefix}no_winner", reason=reason)
        return tr(f"{prefix}winner", players=", ".join(winners), reason=reason)

    @staticmethod
    def final_view(match: Match, tr: Tr) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(match.id, tr("board.rematch")))
        view.add_item(LogButton(match.id, None, tr("board.log")))
        view.add_item(ReplayButton(match.id, tr("replay.button")))
        return view

    def _public_actions(
        self, match: Match, state: Any, human_seats: list[int], presenter: Presenter
    ) -> list[str]:
        """The actions a board offers as its own buttons: those of the one person to act
        that reveal nothing."""
        if len(human_seats) != 1:
            return []
        actions = self.service.engine(match).legal_actions(state, human_seats[0])
        return [a for a in actions if not presenter.is_secret_action(a)]

    def board_view(
        self,
        match: Match,
        state: Any,
        human_seats: list[int],
        public: View,
        presenter: Presenter,
        tr: Tr,
    ) -> discord.ui.View | None:
        public_actions = self._public_actions(match, state, human_seats, presenter)
        own: list[discord.ui.Item[Any]] = [
            LogButton(match.id, None, tr("board.log")),
            FollowButton(match.id, "follow", tr("notify.follow.button")),
        ]
        if presenter.private_actions:
            own.insert(0, HandButton(match.id, tr(presenter.hand_label_key)))
        own += presenter.board_buttons(match.id, tr)
        view = self.action_view(match, public_actions, public, presenter, tr, reserve=len(own))
        view = view or discord.ui.View(timeout=None)
        for button in own:
            view.add_item(button)
        return view

    @staticmethod
    def action_view(
        match: Match,
        actions: list[str],
        view_data: View,
        presenter: Presenter,
        tr: Tr,
        seat: int | None = None,
        reserve: int = 0,
    ) -> discord.ui.View | None:
        return action_components(
            match.id,
            public_version(match),  # a standing order set since changes no button
            actions,
            label=lambda action: presenter.action_label(action, view_data, tr),
            group=presenter.action_group,
            seat=seat,
            reserve=reserve,
        )
