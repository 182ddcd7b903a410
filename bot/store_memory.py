"""An in-memory ``MatchStore`` (``DATABASE_URL=memory://``): nothing survives a restart.

For trying the bot out and for tests; it obeys the same contract as the SQLite driver
(versioned writes, one open match per channel) and runs the same test suite.
"""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.store import OPEN_STATUSES, ChannelTaken, Match, Seat, StaleVersion


class MemoryStore:
    def __init__(self) -> None:
        self._matches: dict[int, Match] = {}
        self._actions: dict[int, list[tuple[int, int, str, float]]] = {}
        self._next_id = 1
        self._serial = asyncio.Lock()

    async def open(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        creator_id: int,
        seed: int,
        settings: dict[str, Any],
        seats: Sequence[Seat],
        now: float,
    ) -> Match:
        async with self._serial:
            if self._open_in(channel_id) is not None:
                raise ChannelTaken(f"channel {channel_id} has an open match")
            match = Match(
                id=self._next_id,
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                status="lobby",
                creator_id=creator_id,
                seed=seed,
                settings=json.loads(json.dumps(settings)),
                state=None,
                result=None,
                version=0,
                board_message_id=None,
                turn_started_at=None,
                last_reminder_at=None,
                frozen_reason=None,
                created_at=now,
                seats=tuple(seats),
            )
            self._matches[match.id] = match
            self._actions[match.id] = []
            self._next_id += 1
            return copy.deepcopy(match)

    def _open_in(self, channel_id: int) -> Match | None:
        for match in self._matches.values():
            if match.channel_id == channel_id and match.status in OPEN_STATUSES:
                return match
        return None

    async def get(self, match_id: int) -> Match | None:
        match = self._matches.get(match_id)
        return copy.deepcopy(match) if match else None

    async def open_in_channel(self, channel_id: int) -> Match | None:
        return copy.deepcopy(self._open_in(channel_id))

    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in self._matches.values()
            if m.guild_id == guild_id
            and m.status in OPEN_STATUSES
            and any(s.user_id == user_id and not s.is_ai for s in m.seats)
        ]

    async def active(self) -> list[Match]:
        return [copy.deepcopy(m) for m in self._matches.values() if m.status == "active"]

    async def update(
        self,
        match: Match,
        *,
        expected_version: int,
        action: tuple[int, str, bool] | None = None,
        now: float,
    ) -> Match:
        async with self._serial:
            stored = self._matches.get(match.id)
            if stored is None or stored.version != expected_version:
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            if match.status in OPEN_STATUSES and stored.status not in OPEN_STATUSES:
                other = self._open_in(match.channel_id)
                if other is not None:
                    raise ChannelTaken(f"channel {match.channel_id} has an open match")
            updated = replace(
                match,
                version=expected_version + 1,
                board_message_id=stored.board_message_id,
                board_version=stored.board_version,
                board_acting=stored.board_acting,
                frozen_reason=stored.frozen_reason,
            )
            self._matches[match.id] = copy.deepcopy(updated)
            if action is not None:
                seat, text, _by_ai = action
                self._actions[match.id].append((updated.version, seat, text, now))
            return updated

    async def set_board_message(self, match_id: int, message_id: int | None) -> None:
        self._patch(match_id, board_message_id=message_id)

    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        match = self._matches.get(match_id)
        if match is None or (match.board_version is not None and match.board_version > version):
            return
        self._patch(
            match_id,
            board_message_id=message_id,
            board_version=version,
            board_acting=tuple(sorted(acting)),
        )

    async def lagging_boards(self) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in self._matches.values()
            if m.board_lags and m.status in ("active", "finished")
        ]

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        mine = [m for m in self._matches.values() if m.channel_id == channel_id]
        return copy.deepcopy(max(mine, key=lambda m: m.id)) if mine else None

    async def mark_reminded(self, match_id: int, now: float) -> None:
        self._patch(match_id, last_reminder_at=now)

    async def due_timers(self, now: float) -> list[Match]:
        due = [
            m
            for m in self._matches.values()
            if m.status == "active" and m.timer_at is not None and m.timer_at <= now
        ]
        return [copy.deepcopy(m) for m in sorted(due, key=lambda m: (m.timer_at or 0.0, m.id))]

    async def set_timer(self, match_id: int, at: float | None) -> None:
        self._patch(match_id, timer_at=at)

    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        self._patch(match_id, status="frozen", frozen_reason=reason)

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [(seq, seat, action) for seq, seat, action, _ in self._actions.get(match_id, [])]

    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        return list(self._actions.get(match_id, []))

    def _patch(self, match_id: int, **changes: Any) -> None:
        match = self._matches.get(match_id)
        if match is not None:
            self._matches[match_id] = replace(match, **changes)
