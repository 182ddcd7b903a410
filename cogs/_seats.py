"""What happens without a click: AI seats, reminders and turn time limits.

An AI seat plays one action about every ``ai_delay`` seconds so people can follow. A
transient failure (Discord, the disk) pauses it with a growing delay instead of stopping
it; its boards are left to the publisher's catch-up loop when Discord is what failed.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.games.base import SYSTEM_SEAT, clock_of
from bot.store.contract import Match
from bot.store.shards import ALL_SHARDS, Shards
from bot.table.errors import MatchFrozen, TableError
from bot.table.lobby import UNSEEN_LOBBY_SECONDS
from bot.table.matches import Expired, MatchService
from cogs._boards import BoardPublisher
from cogs._naming import Naming

log = logging.getLogger(__name__)

AI_RETRY_FIRST_SECONDS = 2.0
AI_RETRY_LONGEST_SECONDS = 120.0
#: In a real-time game an AI seat thinks at least this long between two actions (a
#: person needs that long to read the dice and click), and throws only when allowed.
AI_THINK_SECONDS = 0.8
#: A real-time match's keeper looks at it again at least this often (a long pulse).
LONGEST_NAP_SECONDS = 600.0


class SeatKeeper:
    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        boards: BoardPublisher,
        naming: Naming,
        *,
        ai_delay: float,
        tick_seconds: float,
        is_automatic: Callable[[Match, str], bool],
        expire_lobbies: Callable[[float, float], Awaitable[None]] | None = None,
        shards: Shards = ALL_SHARDS,
    ) -> None:
        self.client = client
        self.service = service
        self.boards = boards
        self.naming = naming
        self.ai_delay = ai_delay
        self.tick_seconds = tick_seconds
        self.is_automatic = is_automatic
        #: Lobbies that did not start in time are closed at each tick too (and those
        #: whose message never showed are posted): ``expire_lobbies(now, grace)``.
        self.expire_lobbies = expire_lobbies
        #: What else each tick looks after, also once at start-up: ``keeper(now)`` (the
        #: undo cog settles the messages of requests that are over).
        self.keepers: list[Callable[[float], Awaitable[None]]] = []
        #: The servers whose AI seats and timers this process runs (``bot.store.shards``), and
        #: its name on the timers it claims.
        self.shards = shards
        self.owner = f"{socket.gethostname()}:{os.getpid()}"
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        #: (match, AI seat) -> when (wall clock) that seat may act next, real-time games.
        self._ai_next: dict[tuple[int, int], float] = {}
        #: Channels with a real-time match going (channel -> match), for ``heard``.
        self._real_time_channels: dict[int, int] = {}
        #: Real-time matches whose keeper naps until its next deadline.
        self._napping: set[int] = set()
        #: How a real-time match's keeper waits (a test's virtual clock may stand in).
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._timer_task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        for match in await self.service.store.active(self.shards):
            if clock_of(self.service.engine(match)) is not None:  # heard from the first message
                self._real_time_channels[match.channel_id] = match.id
            self.schedule_ai(match.id)
        self._timer_task = asyncio.create_task(self._timer_loop(), name="rushtable-timers")

    async def stop(self) -> None:
        tasks = [t for t in [self._timer_task, *self._ai_tasks.values()] if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def after_publish(self, match: Match, state: Any) -> None:
        """A board went out: the AI plays if it is its turn."""
        if clock_of(self.service.engine(match)) is not None:
            if match.status == "active":
                self._real_time_channels[match.channel_id] = match.id
            else:
                self._real_time_channels.pop(match.channel_id, None)
        self.schedule_ai(match.id)

    async def heard(self, channel_id: int, user_id: int) -> None:
        """Someone wrote in a channel: in a real-time match that has a rule about talking
        (Silence), the table applies what it costs."""
        match_id = self._real_time_channels.get(channel_id)
        if match_id is None:
            return
        match = await self.service.get(match_id)
        seat = match.seat_of(user_id)
        if match.status != "active" or seat is None:
            return
        action = self.service.chat_action(match, self.service.load_state(match), seat)
        if action is not None and await self.service.act_system(match.id, action):
            await self.boards.publish_or_retry_later(match.id)

    # -- AI seats
    def schedule_ai(self, match_id: int) -> None:
        task = self._ai_tasks.get(match_id)
        if task is not None and not task.done() and match_id in self._napping:
            task.cancel()  # a real-time match's keeper napping: it starts over, up to date
        if task is None or task.done() or task.cancelling():
            self._ai_tasks[match_id] = asyncio.create_task(self._run_ai(match_id))

    async def _nap(self, match_id: int, seconds: float) -> None:
        """Sleep until ``seconds`` passed; a change of the match ends the nap early
        (``schedule_ai`` then replaces this keeper by a fresh one)."""
        self._napping.add(match_id)
        try:
            await self.sleep(seconds)
        finally:
            self._napping.discard(match_id)

    async def _run_ai(self, match_id: int) -> None:
        failures = 0
        try:
            await self.client.wait_until_ready()
            while True:
                try:
                    if not await self._play_one_ai_action(match_id):
                        return
                    failures = 0
                except (TableError, asyncio.CancelledError):
                    raise
                except Exception:
                    failures += 1
                    pause = min(AI_RETRY_LONGEST_SECONDS, AI_RETRY_FIRST_SECONDS * 2**failures)
                    log.warning(
                        "match %s: AI seat failed (try %d), again in %.0f s",
                        match_id,
                        failures,
                        pause,
                        exc_info=True,
                    )
                    await asyncio.sleep(pause)
        except asyncio.CancelledError:
            raise
        except TableError as error:
            log.info("match %s: AI stopped: %s", match_id, error.key)
        finally:
            if self._ai_tasks.get(match_id) is asyncio.current_task():
                del self._ai_tasks[match_id]

    async def _play_one_ai_action(self, match_id: int) -> bool:
        """One action nobody needs to click: an AI seat's, or a person's only action when
        the game plays it by itself (a roll). False when there is none."""
        match = await self.service.get(match_id)
        if match.status != "active":
            return False
        state = self.service.load_state(match)
        if clock_of(self.service.engine(match)) is not None:
            return await self._keep_time(match, state)
        seats = self.service.ai_to_act(match, state)
        automatic = self._automatic_action(match, state)
        if not seats and automatic is None:
            return False
        await asyncio.sleep(self.ai_delay)
        if seats:
            played = await self.service.act_as_ai(match_id, seats[0])
        else:
            assert automatic is not None
            played = await self.service.act_for(match_id, *automatic)
        if played is not None:
            await self.boards.publish_or_retry_later(match_id)
        return True

    async def _keep_time(self, match: Match, state: Any) -> bool:
        """A real-time match: whatever comes first of its deadline (a pulse's end) and its
        AI seats' next actions, each seat in turn, at a person's pace. False when neither
        is left (the match's next human action schedules this again)."""
        now = self.service.clock()
        seats = self.service.ai_to_act(match, state)
        for key in [k for k in self._ai_next if k[0] == match.id and k[1] not in seats]:
            del self._ai_next[key]
        due: list[tuple[float, int]] = [(self._ai_next.get((match.id, s), now), s) for s in seats]
        deadline = self.service.deadline(match, state)
        if deadline is not None:
            due.append((deadline, SYSTEM_SEAT))
        if not due:
            return False
        when, seat = min(due)
        if when > now:
            await self._nap(match.id, min(when - now, LONGEST_NAP_SECONDS))
            return True
        if seat == SYSTEM_SEAT:
            played = await self.service.act_system(match.id)
        else:
            played = await self.service.act_as_ai(match.id, seat)
            think = max(self.ai_delay, AI_THINK_SECONDS)
            ready = self.service.ai_ready_at(match, state, seat) if played is None else 0.0
            self._ai_next[(match.id, seat)] = max(now + think, ready)
        if played is not None:
            await self.boards.publish_or_retry_later(match.id)
        return True

    def _automatic_action(self, match: Match, state: Any) -> tuple[int, str] | None:
        for seat in self.service.humans_to_act(match, state):
            only = self.service.only_action(match, state, seat.seat)
            if only is not None and self.is_automatic(match, only):
                return seat.seat, only
        return None

    # -- timers: reminders and time limits
    async def _timer_loop(self) -> None:
        await self.client.wait_until_ready()
        try:  # at start-up: what the last stop left half done (a lobby never posted, ...)
            await self._look_after(self.service.clock(), 0.0)
        except Exception:
            log.exception("lobbies and requests not looked after at start-up")
        while True:
            await asyncio.sleep(self.tick_seconds)
            try:
                await self.tick()
            except Exception:
                log.exception("timer tick failed")

    async def tick(self) -> None:
        """The matches whose timer is due now (an indexed read, however many matches are
        active): time limits run out, reminders go; then each stores its next timer.

        Each due timer is claimed first, so that of several processes sharing the database
        one only handles it; storing the next timer ends the claim, and a claim whose
        process died runs out (``MatchStore.due_timers``)."""
        now = self.service.clock()
        await self._look_after(now, UNSEEN_LOBBY_SECONDS)
        for match in await self.service.store.due_timers(now, shards=self.shards, owner=self.owner):
            try:
                state = self.service.load_state(match)
            except MatchFrozen:
                await self.service.freeze(match, "unreadable state")
                continue
            humans = self.service.humans_to_act(match, state)
            # People's notification settings: reminders off or later, away periods.
            prefs = await self.service.prefs_of(match) if humans else {}
            if humans and self.service.time_limit_passed(match, now, state, prefs):
                expired = await self.service.play_expired_turn(match.id)
                await self.announce_expired(match, expired)
                await self.boards.publish_or_retry_later(match.id)
            elif humans and self.service.reminder_due(match, now, state, prefs):
                await self.remind(match, state, self.service.to_remind(match, state, now, prefs))
            await self.service.refresh_timer(match.id)

    async def _look_after(self, now: float, grace: float) -> None:
        """Lobbies (expired, or never shown for ``grace`` seconds) and the ``keepers``."""
        if self.expire_lobbies is not None:
            await self.expire_lobbies(now, grace)
        for keeper in list(self.keepers):
            try:
                await keeper(now)
            except Exception:
                log.exception("%s failed", getattr(keeper, "__qualname__", keeper))

    async def remind(self, match: Match, state: Any, humans: list[Any]) -> None:
        """Remind these people to act, where each wants it (``cogs._notify``)."""
        channel = await self.boards.channel(match.channel_id)
        if channel is None:
            return
        people = [s.user_id for s in humans if s.user_id]
        await self.boards.notifier.remind(match, channel, people)
        await self.service.mark_reminded(match, state)

    async def announce_expired(self, match: Match, expired: list[Expired]) -> None:
        channel = await self.boards.channel(match.channel_id)
        if channel is None or not expired:
            return
        tr = self.naming.guild_tr(match)
        for item in expired:
            key = "timer.ai_keeps_seat" if item.ai_keeps_seat else "timer.expired"
            await channel.send(
                tr(key, player=f"<@{item.user_id}>"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
