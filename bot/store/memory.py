"""An in-memory ``MatchStore`` (``DATABASE_URL=memory://``): nothing survives a restart.

For trying the bot out and for tests; it obeys the same contract as the SQLite driver
(versioned writes, one open match per channel) and runs the same test suite.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.store import jsonio, sql
from bot.store.contract import (
    OPEN_STATUSES,
    TIMER_LEASE_SECONDS,
    ChannelTaken,
    Match,
    Seat,
    StaleVersion,
    StoreError,
    UndoRequest,
)
from bot.store.leagues import LEAGUE_LEASE_SECONDS, League
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.ratings import (
    MOVE_TIME_MATCHES,
    TREND_MATCHES,
    PlayedMatch,
    PlayerStats,
    Ranked,
    Rating,
    rate,
    rating_entries,
)
from bot.store.shards import ALL_SHARDS, Shards


class MemoryStore:
    def __init__(self) -> None:
        self._matches: dict[int, Match] = {}
        self._actions: dict[int, list[tuple[int, int, str, float]]] = {}
        #: Who acted by the AI, per match and log sequence (for the time to move).
        self._by_ai: dict[tuple[int, int], bool] = {}
        self._ratings: dict[tuple[int, str, int], Rating] = {}
        #: (match id, user id, guild id, game, ordinal, at), in the order rated.
        self._history: list[tuple[int, int, int, str, float, float]] = []
        self._next_id = 1
        self._notify: dict[int, NotifyPrefs] = {}
        #: match id -> user id -> follower, in the order they started following.
        self._followers: dict[int, dict[int, Follower]] = {}
        #: match id -> user id -> where their private panel is.
        self._hands: dict[int, dict[int, HandMessage]] = {}
        self._serial = asyncio.Lock()
        self._undo: dict[int, UndoRequest] = {}
        #: match -> {undo request message -> its channel}
        self._undo_messages: dict[int, dict[int, int]] = {}
        #: match id -> until when its due timer is claimed (``due_timers``).
        self._leases: dict[int, float] = {}
        #: Leagues by id, and until when each due league is claimed (``due_leagues``).
        self._leagues: dict[int, League] = {}
        self._league_leases: dict[int, float] = {}

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
                settings=jsonio.loads(jsonio.dumps(settings)),
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

    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in self._matches.values()
            if m.status == "active" and shards.owns(m.guild_id)
        ]

    @asynccontextmanager
    async def match_lock(self, match_id: int) -> AsyncIterator[None]:
        yield  # nothing outside this process sees these matches

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
            match, finishing = sql.with_record(
                match, stored.status, stored.started_at, stored.ended_at, now
            )
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
                seat, text, by_ai = action
                self._actions[match.id].append((updated.version, seat, text, now))
                self._by_ai[(match.id, updated.version)] = by_ai
            if finishing:
                self._rate(updated, now)
            return copy.deepcopy(updated)

    def _rate(self, match: Match, now: float) -> None:
        """Rate a placed, finished match unless it was rated already."""
        if match.guild_id is None or any(row[0] == match.id for row in self._history):
            return
        guild = match.guild_id
        entries = rating_entries(match.seats, match.result, match.settings)
        current = {
            user: self._ratings[(guild, match.game, user)]
            for user, _ in entries
            if user is not None and (guild, match.game, user) in self._ratings
        }
        for user, rating in rate(entries, current).items():
            self._ratings[(guild, match.game, user)] = rating
            self._history.append((match.id, user, guild, match.game, rating.ordinal, now))

    # ---------------------------------------------------------------- players' records
    def _played(self, guild_id: int | None, user_id: int) -> list[PlayedMatch]:
        """The person's finished matches in the server, oldest first."""
        found = []
        for match in self._matches.values():
            if match.guild_id != guild_id or match.status != "finished":
                continue
            for seat in match.seats:
                if seat.user_id == user_id:
                    result = match.result if isinstance(match.result, dict) else {}
                    ended = match.ended_at if match.ended_at is not None else match.started_at
                    found.append(
                        PlayedMatch(
                            match_id=match.id,
                            guild_id=match.guild_id,
                            channel_id=match.channel_id,
                            board_message_id=match.board_message_id,
                            game=match.game,
                            seat=seat.seat,
                            place=seat.place if seat.place is not None else 1,
                            won=seat.won,
                            players=len(match.seats),
                            reason=str(result.get("reason") or ""),
                            started_at=match.started_at,
                            ended_at=float(ended or 0.0),
                        )
                    )
                    break
        return sorted(found, key=lambda played: (played.ended_at, played.match_id))

    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        played = self._played(guild_id, user_id)[::-1]
        offset = max(0, offset)
        return played[offset : offset + max(0, limit)], len(played)

    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        results = self._played(guild_id, user_id)
        recent = [r for r in results if game is None or r.game == game]
        move_seconds: list[float] = []
        for played in recent[-MOVE_TIME_MATCHES:]:
            match = self._matches[played.match_id]
            before = match.started_at if match.started_at is not None else match.created_at
            for seq, seat, _action, at in self._actions.get(played.match_id, []):
                by_ai = self._by_ai.get((played.match_id, seq), False)
                if seat == played.seat and not by_ai:
                    move_seconds.append(max(0.0, at - before))
                before = at
        ratings = {
            rated_game: rating
            for (guild, rated_game, user), rating in self._ratings.items()
            if guild == guild_id and user == user_id
        }
        history = {
            rated_game: [
                ordinal
                for _m, user, guild, played_game, ordinal, _at in self._history
                if guild == guild_id and user == user_id and played_game == rated_game
            ][-(TREND_MATCHES + 1) :]
            for rated_game in ratings
        }
        return PlayerStats(results, move_seconds, ratings, history)

    def _ranked(self, guild_id: int | None, game: str) -> list[Ranked]:
        rows = [
            (user, rating)
            for (guild, rated_game, user), rating in self._ratings.items()
            if guild == guild_id and rated_game == game
        ]
        rows.sort(key=lambda row: (-row[1].ordinal, row[0]))
        return [Ranked(n + 1, user, rating) for n, (user, rating) in enumerate(rows)]

    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        ranked = self._ranked(guild_id, game)
        offset = max(0, offset)
        return ranked[offset : offset + max(0, limit)], len(ranked)

    async def rank_of(self, guild_id: int | None, game: str, user_id: int) -> Ranked | None:
        return next((r for r in self._ranked(guild_id, game) if r.user_id == user_id), None)

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

    async def stale_lobbies(self, before: float, shards: Shards = ALL_SHARDS) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in self._matches.values()
            if m.status == "lobby" and m.created_at <= before and shards.owns(m.guild_id)
        ]

    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in self._matches.values()
            if m.board_lags and m.status in ("active", "finished") and shards.owns(m.guild_id)
        ]

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        mine = [m for m in self._matches.values() if m.channel_id == channel_id]
        return copy.deepcopy(max(mine, key=lambda m: m.id)) if mine else None

    async def mark_reminded(self, match_id: int, now: float) -> None:
        self._patch(match_id, last_reminder_at=now)

    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        due = [
            m
            for m in self._matches.values()
            if m.status == "active"
            and m.timer_at is not None
            and m.timer_at <= now
            and self._leases.get(m.id, now) <= now
            and shards.owns(m.guild_id)
        ]
        for match in due:
            self._leases[match.id] = now + lease
        return [copy.deepcopy(m) for m in sorted(due, key=lambda m: (m.timer_at or 0.0, m.id))]

    async def set_timer(self, match_id: int, at: float | None) -> None:
        self._patch(match_id, timer_at=at)
        self._leases.pop(match_id, None)

    async def freeze(self, match_id: int, reason: str, now: float) -> None:
        self._patch(match_id, status="frozen", frozen_reason=reason)

    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]:
        return [(seq, seat, action) for seq, seat, action, _ in self._actions.get(match_id, [])]

    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        return list(self._actions.get(match_id, []))

    async def rewind(
        self, match: Match, *, expected_version: int, drop: Sequence[int], now: float
    ) -> Match:
        if match.status != "active":
            raise StoreError(f"match {match.id}: only an active match is rewound")
        async with self._serial:
            stored = self._matches.get(match.id)
            if stored is None or stored.version != expected_version or stored.status != "active":
                raise StaleVersion(f"match {match.id} is no longer at version {expected_version}")
            updated = replace(
                stored,
                state=match.state,
                result=None,
                settings=copy.deepcopy(match.settings),
                version=expected_version + 1,
                turn_started_at=match.turn_started_at,
                last_reminder_at=match.last_reminder_at,
                timer_at=match.timer_at,
                seats=match.seats,
            )
            self._matches[match.id] = updated
            dropped = set(drop)
            self._actions[match.id] = [
                row for row in self._actions.get(match.id, []) if row[0] not in dropped
            ]
            for seq in dropped:
                self._by_ai.pop((match.id, seq), None)
            self._undo.pop(match.id, None)
            return copy.deepcopy(updated)

    async def undo_request(self, match_id: int) -> UndoRequest | None:
        return self._undo.get(match_id)

    async def put_undo_request(self, request: UndoRequest) -> None:
        self._undo[request.match_id] = request

    async def drop_undo_request(self, match_id: int) -> None:
        self._undo.pop(match_id, None)

    # ---------------------------------------------------------------- notifications
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        return {user: self._notify[user] for user in user_ids if user in self._notify}

    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        self._notify[prefs.user_id] = prefs

    async def active_of_user(self, user_id: int) -> list[Match]:
        return [
            copy.deepcopy(m)
            for m in sorted(self._matches.values(), key=lambda m: m.id)
            if m.status == "active" and any(s.user_id == user_id and not s.is_ai for s in m.seats)
        ]

    async def follow(self, follower: Follower) -> None:
        if follower.match_id not in self._matches:
            return
        following = self._followers.setdefault(follower.match_id, {})
        before = following.get(follower.user_id)
        since = before.since if before is not None else follower.since
        following[follower.user_id] = replace(follower, since=since)

    async def unfollow(self, match_id: int, user_id: int) -> bool:
        return self._followers.get(match_id, {}).pop(user_id, None) is not None

    async def followers(self, match_id: int) -> list[Follower]:
        found = self._followers.get(match_id, {}).values()
        return sorted(found, key=lambda f: (f.since, f.user_id))

    async def hand_messages(self, match_id: int) -> list[HandMessage]:
        found = self._hands.get(match_id, {})
        return [found[user] for user in sorted(found)]

    async def set_hand_message(self, hand: HandMessage) -> None:
        if hand.match_id in self._matches:
            self._hands.setdefault(hand.match_id, {})[hand.user_id] = hand

    async def drop_hand_message(self, match_id: int, user_id: int) -> None:
        self._hands.get(match_id, {}).pop(user_id, None)

    async def set_undo_message(self, match_id: int, message_id: int, channel_id: int) -> None:
        if match_id in self._matches:
            self._undo_messages.setdefault(match_id, {}).setdefault(message_id, channel_id)

    async def undo_messages(self, shards: Shards = ALL_SHARDS) -> list[tuple[int, int, int]]:
        return [
            (match_id, message_id, channel_id)
            for match_id, messages in sorted(self._undo_messages.items())
            if shards.owns(self._matches[match_id].guild_id)
            for message_id, channel_id in sorted(messages.items())
        ]

    async def drop_undo_message(self, match_id: int, message_id: int) -> None:
        self._undo_messages.get(match_id, {}).pop(message_id, None)

    # ---------------------------------------------------------------- leagues
    async def create_league(self, league: League, now: float) -> League:
        async with self._serial:
            league = replace(league, id=max(self._leagues, default=0) + 1, version=0)
            self._leagues[league.id] = league
            return league

    async def get_league(self, league_id: int) -> League | None:
        return self._leagues.get(league_id)

    async def update_league(
        self, league: League, *, expected_version: int, now: float, release: bool = False
    ) -> League:
        async with self._serial:
            stored = self._leagues.get(league.id)
            if stored is None or stored.version != expected_version:
                raise StaleVersion(f"league {league.id} is no longer at {expected_version}")
            written = replace(league, version=expected_version + 1)
            self._leagues[league.id] = written
            if release:
                self._league_leases.pop(league.id, None)
            return written

    async def leagues_of_guild(self, guild_id: int) -> list[League]:
        return [
            self._leagues[i] for i in sorted(self._leagues) if self._leagues[i].guild_id == guild_id
        ]

    async def league_of_match(self, match_id: int) -> League | None:
        return next(
            (
                league
                for _, league in sorted(self._leagues.items())
                if league.game_of_match(match_id) is not None
            ),
            None,
        )

    async def leagues_of_player(self, guild_id: int, user_id: int) -> list[League]:
        return [
            league
            for league in await self.leagues_of_guild(guild_id)
            if league.entrant(user_id) is not None
        ]

    async def due_leagues(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = LEAGUE_LEASE_SECONDS,
    ) -> list[League]:
        async with self._serial:
            due = sorted(
                (
                    league
                    for league in self._leagues.values()
                    if league.next_at is not None
                    and league.next_at <= now
                    and self._league_leases.get(league.id, 0.0) <= now
                    and shards.owns(league.guild_id)
                ),
                key=lambda league: (league.next_at or 0.0, league.id),
            )
            for league in due:
                self._league_leases[league.id] = now + lease
            return due

    def _patch(self, match_id: int, **changes: Any) -> None:
        match = self._matches.get(match_id)
        if match is not None:
            self._matches[match_id] = replace(match, **changes)
