"""Where matches live: the ``MatchStore`` interface every driver implements, the match
records, and what the drivers share (statements, row builders and readers).

Every change to a match is one transaction guarded by the match's ``version``: a stale or
concurrent writer loses cleanly with ``StaleVersion`` and nothing is half-applied. The
drivers: ``bot.store.sqlite`` (the default), ``bot.store.memory`` and ``bot.store.postgres``
(several processes on one database); ``bot.store.drivers`` picks one for a ``DATABASE_URL``.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Literal, Protocol, get_args

from bot.store.leagues import LEAGUE_LEASE_SECONDS, League
from bot.store.people import Follower, HandMessage, NotifyPrefs
from bot.store.ratings import PlayedMatch, PlayerStats, Ranked
from bot.store.shards import ALL_SHARDS, Shards

#: Where a match stands: a lobby filling up, a match being played, over (``finished``:
#: played to its end or resigned; ``cancelled``: never started), or ``frozen`` (its state
#: could not be loaded: kept for a look, never played on).
MatchStatus = Literal["lobby", "active", "finished", "cancelled", "frozen"]
MATCH_STATUSES: tuple[MatchStatus, ...] = get_args(MatchStatus)
OPEN_STATUSES: tuple[MatchStatus, ...] = ("lobby", "active")

#: How long a process may take over a due timer before another may claim it (it ends as
#: soon as the timer is stored again, ``set_timer``).
TIMER_LEASE_SECONDS = 120.0


class StoreError(Exception):
    pass


class StaleVersion(StoreError):
    """Someone else changed the match first."""


class ChannelTaken(StoreError):
    """The channel already has an open match."""


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None  # None for an AI seat
    is_ai: bool = False
    expiries: int = 0
    #: Once the match is finished: 1 for the winners, the next place for everybody else
    #: (``bot.store.ratings.placings``); None before.
    place: int | None = None
    #: Once the match is finished: this seat's person won.
    won: bool = False


@dataclass(frozen=True)
class Match:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: MatchStatus
    creator_id: int
    seed: int
    settings: dict[str, Any]
    state: str | None  # the engine's JSON dump, as stored (parsing may fail: a corrupt row)
    result: dict[str, Any] | None
    version: int
    board_message_id: int | None
    turn_started_at: float | None
    last_reminder_at: float | None
    frozen_reason: str | None
    created_at: float
    seats: tuple[Seat, ...] = field(default=())
    #: The state version the channel's board shows (None: no board drawn yet).
    board_version: int | None = None
    #: The seats that board asked to act (None: no board yet).
    board_acting: tuple[int, ...] | None = None
    #: When its next timer falls due (a reminder, a time limit); None: none to wait for.
    timer_at: float | None = None
    #: When it left its lobby, and when it finished (wall clock).
    started_at: float | None = None
    ended_at: float | None = None

    @property
    def board_lags(self) -> bool:
        return self.board_version is None or self.board_version < self.version

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_ai:
                return seat.seat
        return None

    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None and not s.is_ai]


@dataclass(frozen=True)
class UndoRequest:
    """A person's request to take back their last action, waiting for the others' answers
    (``bot.table.undo``). At most one per match."""

    match_id: int
    user_id: int  # who asks
    seat: int
    #: The match's public version when asked (``bot.table.writes.public_version``): the
    #: request lapses once anything public happens.
    version: int
    #: The log row of the action to take back.
    seq: int
    asked_at: float
    #: The people who accepted so far.
    accepted: tuple[int, ...] = ()


class MatchStore(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...
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
    ) -> Match: ...
    async def get(self, match_id: int) -> Match | None: ...
    async def open_in_channel(self, channel_id: int) -> Match | None: ...
    async def of_user(self, guild_id: int | None, user_id: int) -> list[Match]: ...
    async def active(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        """The active matches of these shards' servers, oldest first."""
        ...

    def match_lock(self, match_id: int) -> AbstractAsyncContextManager[None]:
        """Held around every change of a match (inside the service's own per-process lock):
        across processes sharing the database, only one changes a match at a time
        (PostgreSQL: an advisory lock). A database only one process uses needs none."""
        ...

    async def update(
        self,
        match: Match,
        *,
        expected_version: int,
        action: tuple[int, str, bool] | None = None,
        now: float,
    ) -> Match: ...
    async def set_board_message(self, match_id: int, message_id: int | None) -> None: ...
    async def set_board(
        self, match_id: int, *, message_id: int, version: int, acting: Sequence[int]
    ) -> None:
        """Record the board now showing ``version`` (never moves the record backwards)."""
        ...

    async def stale_lobbies(self, before: float, shards: Shards = ALL_SHARDS) -> list[Match]:
        """Lobbies of these shards' servers opened at ``before`` or earlier."""
        ...

    async def lagging_boards(self, shards: Shards = ALL_SHARDS) -> list[Match]:
        """Active and finished matches of these shards' servers whose board shows an older
        version than stored."""
        ...

    async def latest_in_channel(self, channel_id: int) -> Match | None:
        """The newest match of a channel, whatever its status."""
        ...

    async def mark_reminded(self, match_id: int, now: float) -> None: ...
    async def due_timers(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = TIMER_LEASE_SECONDS,
    ) -> list[Match]:
        """Claim the active matches of these shards' servers whose next timer is due at
        ``now`` and that nobody holds (an indexed read): each is leased to ``owner`` until
        ``now + lease``, and no other claim returns it meanwhile. ``set_timer`` ends the
        lease; a lease whose owner died runs out and the timer is claimed again."""
        ...

    async def set_timer(self, match_id: int, at: float | None) -> None:
        """Record when the match's next timer falls due (None: none), ending any lease."""
        ...

    async def freeze(self, match_id: int, reason: str, now: float) -> None: ...
    async def action_log(self, match_id: int) -> list[tuple[int, int, str]]: ...
    async def timed_action_log(self, match_id: int) -> list[tuple[int, int, str, float]]:
        """The action log with the time each action was saved (``now`` of its update)."""
        ...

    # Undo requests (``bot.table.undo``).
    async def rewind(
        self, match: Match, *, expected_version: int, drop: Sequence[int], now: float
    ) -> Match:
        """Take actions back: write the active ``match`` (its state replayed without them,
        timers) and remove the log rows ``drop``, in one transaction guarded by the version
        like ``update``; the match's undo request goes too. Returns the match as stored."""
        ...

    async def undo_request(self, match_id: int) -> UndoRequest | None: ...
    async def put_undo_request(self, request: UndoRequest) -> None:
        """Store the match's undo request, replacing any other."""
        ...

    async def drop_undo_request(self, match_id: int) -> None: ...

    # Players' records. A match's finish is recorded by the ``update`` that writes its
    # ``finished`` status, in the same transaction: ``ended_at``, each seat's place, and
    # the ratings (once per match, whatever happens to it later).
    async def finished_of_player(
        self, guild_id: int | None, user_id: int, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[PlayedMatch], int]:
        """A page of the person's finished matches in the server, newest first, and how
        many there are."""
        ...

    async def player_stats(
        self, guild_id: int | None, user_id: int, game: str | None = None
    ) -> PlayerStats:
        """What ``/records stats`` is computed from (``bot.store.ratings.PlayerStats``)."""
        ...

    async def leaderboard(
        self, guild_id: int | None, game: str, *, offset: int = 0, limit: int = 10
    ) -> tuple[list[Ranked], int]:
        """A page of the server's ratings for a game, best first, and how many are rated."""
        ...

    async def rank_of(self, guild_id: int | None, game: str, user_id: int) -> Ranked | None:
        """The person's place on the game's leaderboard (None: not rated yet)."""
        ...

    # Notification settings and followers (``bot.table.notify``).
    async def notify_prefs(self, user_ids: Sequence[int]) -> dict[int, NotifyPrefs]:
        """The settings of those of these people who changed any (the others have the
        defaults)."""
        ...

    async def set_notify_prefs(self, prefs: NotifyPrefs, now: float) -> None:
        """Store a person's settings (replacing theirs)."""
        ...

    async def active_of_user(self, user_id: int) -> list[Match]:
        """The active matches, in any server, where the person holds a seat."""
        ...

    async def follow(self, follower: Follower) -> None:
        """Follow a match, or change how (``every_turn``) if already following."""
        ...

    async def unfollow(self, match_id: int, user_id: int) -> bool:
        """Stop following; False if the person did not follow that match."""
        ...

    async def followers(self, match_id: int) -> list[Follower]:
        """Who follows the match, in the order they started."""
        ...

    # Private panels in direct messages (``cogs._hands``). Private: writing them never
    # changes the match (its version, its board).
    async def hand_messages(self, match_id: int) -> list[HandMessage]:
        """Where the match's players have their private panel, by user id."""
        ...

    async def set_hand_message(self, hand: HandMessage) -> None:
        """Store where a player's private panel of a match is (replacing the last one)."""
        ...

    async def drop_hand_message(self, match_id: int, user_id: int) -> None:
        """Forget a player's private panel of a match (its message is gone)."""
        ...

    # Undo requests' public messages (``cogs.undo``), kept until their buttons are gone.
    async def set_undo_message(self, match_id: int, message_id: int, channel_id: int) -> None:
        """Remember the public message of the match's newest undo request."""
        ...

    async def undo_messages(self, shards: Shards = ALL_SHARDS) -> list[tuple[int, int, int]]:
        """(match, message, channel) of every undo request message of these shards' servers
        that may still show its buttons, oldest first in each match."""
        ...

    async def drop_undo_message(self, match_id: int, message_id: int) -> None:
        """Forget an undo request's message (its buttons are gone, or the message is)."""
        ...

    # Leagues (``bot.store.leagues``; the rules: ``bot.table.leagues``). A league and its
    # entrants and tables are written together, guarded by the league's version.
    async def create_league(self, league: League, now: float) -> League:
        """Store a new league (its ``id`` and ``version`` are the store's)."""
        ...

    async def get_league(self, league_id: int) -> League | None: ...
    async def update_league(
        self, league: League, *, expected_version: int, now: float, release: bool = False
    ) -> League:
        """Write the league, its entrants and its tables if nobody wrote first
        (``StaleVersion`` otherwise); ``release`` ends the lease ``due_leagues`` gave."""
        ...

    async def leagues_of_guild(self, guild_id: int) -> list[League]:
        """The server's leagues, oldest first."""
        ...

    async def league_of_match(self, match_id: int) -> League | None:
        """The league whose table the match is played at (None: an ordinary match)."""
        ...

    async def leagues_of_player(self, guild_id: int, user_id: int) -> list[League]:
        """The server's leagues the person signed up for, oldest first."""
        ...

    async def due_leagues(
        self,
        now: float,
        *,
        shards: Shards = ALL_SHARDS,
        owner: str = "",
        lease: float = LEAGUE_LEASE_SECONDS,
    ) -> list[League]:
        """Claim the leagues of these shards' servers due at ``now`` that nobody holds, as
        ``due_timers`` claims matches: leased to ``owner`` until ``now + lease``; a write
        with ``release`` ends the lease."""
        ...


def migrations(dialect: str = "sqlite") -> list[tuple[int, str]]:
    """The numbered SQL migrations shipped for a dialect, in order: ``bot/store/migrations``
    (SQLite) or ``bot/store/migrations/postgresql``, with the same numbers."""
    folder = resources.files("bot.store") / "migrations"
    if dialect != "sqlite":
        folder = folder / dialect
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


#: The tables a copy of the database holds (``export_rows``, ``import_rows``), each after
#: the tables its foreign keys point to.
COPIED_TABLES = (
    "matches",
    "seats",
    "actions",
    "ratings",
    "rating_history",
    "notify_settings",
    "followers",
    "undo_requests",
    "hand_messages",
    "undo_messages",
    "leagues",
    "league_entrants",
    "league_games",
)


def copied_table(table: str) -> str:
    """``table`` if it is one of ``COPIED_TABLES`` (it is then safe to put in SQL)."""
    if table not in COPIED_TABLES:
        raise StoreError(f"{table!r} is not a table of a Rush Table database")
    return table
