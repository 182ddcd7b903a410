"""Leagues as the table runs them: each change of a league one versioned write
(``MatchStore.update_league``), its matches opened, resigned and finished through the
table's ``MatchService``, so that a league match is an ordinary match (same boards, time
limits, AI take-over, ratings). Free of Discord: ``cogs.league`` creates the threads, posts
what happened and calls ``advance`` whenever the league may have moved on (a tick, a
league match's end).

Once across processes: the timer tick claims due leagues (``MatchStore.due_leagues``,
leased like due timers), and every write checks the league's version; inside a process one
lock per league serialises its changes.
"""

from __future__ import annotations

import asyncio
import logging
import random
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bot.store.contract import Match, MatchStore
from bot.store.leagues import League, LeagueGame
from bot.store.shards import ALL_SHARDS, Shards
from bot.table.errors import MatchNotActive, NotSeated, TableError
from bot.table.leagues import season
from bot.table.matches import MatchService

log = logging.getLogger(__name__)

#: The AI finishing a match at a round's deadline plays at most this many actions.
MAX_AI_ACTIONS = 5000


@dataclass(frozen=True)
class Progress:
    """What ``advance`` did to a league."""

    league: League
    #: It started (its first round paired), or was cancelled for want of entrants.
    started: bool = False
    cancelled: bool = False
    #: The round it paired (None: none).
    paired: int | None = None
    #: Tables whose result came in.
    recorded: list[LeagueGame] = field(default_factory=list)
    #: Matches the AI finished at the round's deadline.
    finished_by_ai: list[int] = field(default_factory=list)
    #: Its last round ended: it is finished.
    ended: bool = False


@dataclass(frozen=True)
class Left:
    """Someone left a league (or was removed): the league, and their match resigned."""

    league: League
    resigned: Match | None = None


class LeagueService:
    def __init__(
        self, store: MatchStore, matches: MatchService, clock: Callable[[], float]
    ) -> None:
        self.store = store
        self.matches = matches
        self.clock = clock
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def lock(self, league_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(league_id)
        if lock is None:
            lock = self._locks[league_id] = asyncio.Lock()
        async with lock:
            yield

    async def get(self, league_id: int) -> League:
        league = await self.store.get_league(league_id)
        if league is None:
            raise season.UnknownLeague()
        return league

    async def _write(self, league: League, *, release: bool = False) -> League:
        league = replace(league, next_at=season.next_look(league, self.clock()))
        return await self.store.update_league(
            league, expected_version=league.version, now=self.clock(), release=release
        )

    async def _change(self, league_id: int, change: Callable[[League], League]) -> League:
        async with self.lock(league_id):
            league = await self.get(league_id)
            return await self._write(change(league))

    # ---------------------------------------------------------------- creating, sign-up
    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        creator_id: int,
        name: str,
        league_format: str,
        rounds: int,
        size: int,
        limit: int,
        round_seconds: float,
        starts_at: float | None,
        game_options: dict[str, Any],
        seed: int | None = None,
    ) -> League:
        now = self.clock()
        settings = season.new_settings(
            game=game,
            league_name=name,
            league_format=league_format,
            rounds=rounds,
            size=size,
            limit=limit,
            round_seconds=round_seconds,
            starts_at=starts_at,
            game_options=game_options,
            seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
            now=now,
        )
        league = League(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            status="signup",
            creator_id=creator_id,
            settings=settings,
            version=0,
            created_at=now,
        )
        league = replace(league, next_at=season.next_look(league, now))
        return await self.store.create_league(league, now)

    async def set_settings(self, league_id: int, **changes: Any) -> League:
        """The Discord layer's marks (its messages, what it announced)."""
        return await self._change(league_id, lambda league: season.with_settings(league, **changes))

    async def join(self, league_id: int, user_id: int, name: str) -> League:
        return await self._change(
            league_id, lambda league: season.join(league, user_id, name, self.clock())
        )

    async def leave(self, league_id: int, user_id: int, by: int | None = None) -> Left:
        """Leave (``by``: a moderator removes them). Before the start, off the list; once
        started, they forfeit the rest, their match under way resigned."""
        async with self.lock(league_id):
            league = await self.get(league_id)
            if league.status == "signup":
                return Left(await self._write(season.leave_signup(league, user_id)))
            if not league.is_open:
                raise season.WrongStatus(status=league.status)
            playing = season.running_match(league, user_id)
            league = await self._write(season.withdraw(league, user_id, by))
        resigned = None
        if playing is not None:
            try:
                resigned = await self.matches.resign(playing, user_id)
            except (MatchNotActive, NotSeated):
                resigned = None
        return Left(league, resigned)

    # ---------------------------------------------------------------- moderators
    async def start(self, league_id: int) -> League:
        return await self._change(league_id, lambda league: season.start(league, self.clock()))

    async def pause(self, league_id: int) -> League:
        return await self._change(league_id, lambda league: season.pause(league, self.clock()))

    async def resume(self, league_id: int) -> League:
        return await self._change(league_id, lambda league: season.resume(league, self.clock()))

    async def cancel(self, league_id: int, by: int) -> League:
        return await self._change(league_id, lambda league: season.cancel(league, by, self.clock()))

    # ---------------------------------------------------------------- matches
    async def open_match(self, league_id: int, game: LeagueGame, thread_id: int) -> Match | None:
        """The match of a table not opened yet, in ``thread_id``, its seats filled (signing
        up was each player's consent) and started. A match left in that thread by a stop
        half-way is taken up again. None if the table needs no match any more."""
        async with self.lock(league_id):
            league = await self.get(league_id)
            current = next(
                (g for g in league.games if (g.round, g.table) == (game.round, game.table)),
                None,
            )
            if current is None or current.kind != "match" or current.over:
                return None
            if current.match_id is not None:
                return await self.matches.get(current.match_id)
            if not league.is_open:
                return None
            match = await self._match_in(league, current, thread_id)
            await self._write(
                season.with_match(league, current.round, current.table, match.id, thread_id)
            )
            return match

    async def _match_in(self, league: League, game: LeagueGame, thread_id: int) -> Match:
        mark = {"id": league.id, "round": game.round, "table": game.table}
        found = await self.store.latest_in_channel(thread_id)
        if found is None or found.settings.get(season.MATCH_LEAGUE) != mark:
            names = {str(e.user_id): e.name for e in league.entrants if e.user_id in game.seats}
            found = await self.matches.open_lobby(
                game=league.game,
                guild_id=league.guild_id,
                channel_id=thread_id,
                creator_id=game.seats[0],
                settings={
                    "options": season.match_options(league),
                    "time_limit": season.match_time_limit(league),
                    "names": names,
                    season.MATCH_LEAGUE: mark,
                },
                seated=list(game.seats[1:]),
            )
        if found.status == "lobby":
            found = await self.matches.start(found.id, game.seats[0])
        return found

    async def finish_by_ai(self, match_id: int) -> Match:
        """The round's deadline: the AI plays every seat still to act until the match is
        over (the seats stay their people's: the result is theirs). A real-time game played
        in pulses goes on through them: a pulse ends early once every seat is done, and
        one whose end is due when nobody may act is ended (its system action)."""
        for _ in range(MAX_AI_ACTIONS):
            match = await self.matches.get(match_id)
            if match.status != "active":
                return match
            state = self.matches.load_state(match)
            acting = sorted(self.matches.engine(match).to_act(state))
            moved = False
            for seat in acting:
                moved = await self.matches.act_as_ai(match_id, seat) is not None or moved
            if not moved and await self.matches.act_system(match_id) is None:
                break
        return await self.matches.get(match_id)

    # ---------------------------------------------------------------- the keeper
    async def due(
        self, now: float, *, shards: Shards = ALL_SHARDS, owner: str = ""
    ) -> list[League]:
        return await self.store.due_leagues(now, shards=shards, owner=owner)

    async def advance(self, league_id: int) -> Progress:
        """Whatever is due: the start at its date, results in, the deadline (the AI
        finishes what is still being played), the next round paired or the end."""
        async with self.lock(league_id):
            league = await self.get(league_id)
            now = self.clock()
            progress = Progress(league)
            if league.status == "signup":
                starts = league.settings.get(season.STARTS_AT)
                if starts is not None and now >= float(starts):
                    try:
                        league = season.start(league, now)
                        progress = replace(progress, started=True, paired=1)
                    except season.TooFew:
                        league = season.cancel_too_few(league, now)
                        progress = replace(progress, cancelled=True)
            elif league.status in ("running", "paused"):
                league, recorded = await self._results(league)
                progress = replace(progress, recorded=recorded)
                if league.status == "running" and not season.round_over(league):
                    due = season.deadline(league)
                    if due is not None and now >= due:
                        league, progress = await self._deadline(league, progress)
                if league.status == "running" and season.round_over(league):
                    if season.last_round(league):
                        league = season.finish(league, now)
                        progress = replace(progress, ended=True)
                    else:
                        league = season.pair_next_round(league, now)
                        progress = replace(progress, paired=season.current_round(league))
            written = await self._write(league, release=True)
            return replace(progress, league=written)

    async def _results(self, league: League) -> tuple[League, list[LeagueGame]]:
        """The places of the league's matches that ended since it last looked."""
        recorded = []
        for game in league.games:
            if game.over or game.match_id is None:
                continue
            match = await self.store.get(game.match_id)
            if match is None or match.status in ("lobby", "active"):
                continue
            places = places_of(match, game)
            league = season.record(league, game.match_id, places)
            recorded.append(replace(game, places=places))
        return league, recorded

    async def _deadline(self, league: League, progress: Progress) -> tuple[League, Progress]:
        finished = []
        for game in season.round_games(league):
            if game.over or game.match_id is None:
                continue
            try:
                match = await self.finish_by_ai(game.match_id)
            except TableError as error:  # frozen: it will never end; a draw
                log.warning("league %s: match %s not finished: %s", league.id, game.match_id, error)
                league = season.record(league, game.match_id, tuple(1 for _ in game.seats))
                continue
            finished.append(game.match_id)
            if match.status != "active":
                league = season.record(league, game.match_id, places_of(match, game), by_ai=True)
                progress.recorded.append(replace(game, places=places_of(match, game), by_ai=True))
        league = season.settle_unopened(league)
        return league, replace(progress, finished_by_ai=finished)


def places_of(match: Match, game: LeagueGame) -> tuple[int, ...]:
    """Each seat's place in a match that is over, in the table's seat order (a match with
    no places, cancelled or frozen, is a draw)."""
    by_user = {s.user_id: s.place for s in match.seats if s.user_id is not None}
    return tuple(int(by_user.get(user) or 1) for user in game.seats)
