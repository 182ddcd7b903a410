"""Leagues as the store keeps them (migration ``0010_leagues.sql``): the records the
drivers hand back and the statements they share, written once for SQLite (``?``
placeholders) like ``bot.store.sql``; ``bot.store.postgres`` numbers them.

A league is three tables: ``leagues`` (one row: its server, channel, game, status, its
settings as JSON and a ``version`` guarding every write, ``next_at`` when its keeper must
look at it, and the lease of the process doing so), ``league_entrants`` (who signed up,
their pairing number, whether they left) and ``league_games`` (each round's tables: the
people seated in turn order, the match played there, the places once over; a bye is a
table of one). The rules of a league live in ``bot.table.leagues``; the store only keeps
what they decide, each change one transaction over all three tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from bot.store import jsonio

#: signup: taking entrants; running: rounds being played; paused: a moderator stopped the
#: clock; finished: its last round is over; cancelled: stopped for good.
LeagueStatus = Literal["signup", "running", "paused", "finished", "cancelled"]
LEAGUE_STATUSES: tuple[LeagueStatus, ...] = get_args(LeagueStatus)
OPEN_LEAGUE_STATUSES: tuple[LeagueStatus, ...] = ("signup", "running", "paused")
#: match: people seated at a match; bye: the odd one out of a round (a full point);
#: forfeit: a table whose other players left the league (a full point, unplayed).
GameKind = Literal["match", "bye", "forfeit"]

#: How long a process may look after a due league before another may claim it.
LEAGUE_LEASE_SECONDS = 300.0


@dataclass(frozen=True)
class Entrant:
    user_id: int
    name: str
    #: The order of sign-up until the league starts, then the pairing number drawn by lot
    #: (round robin: the Berger tables' numbers).
    number: int
    joined_at: float
    #: The round in which the person left (or was removed): they forfeit from it on.
    left_round: int | None = None
    #: The moderator who removed them (None: they left by themselves).
    removed_by: int | None = None

    @property
    def active(self) -> bool:
        return self.left_round is None


@dataclass(frozen=True)
class LeagueGame:
    """One table of a round: its people in seat (turn) order, and how it ended."""

    round: int
    table: int
    kind: GameKind
    seats: tuple[int, ...]
    #: Each seat's place once over (1 = best; tied seats share a place), None before.
    places: tuple[int, ...] | None = None
    match_id: int | None = None
    #: The thread the match is played in.
    thread_id: int | None = None
    #: Finished by the AI at the round's deadline.
    by_ai: bool = False

    @property
    def over(self) -> bool:
        return self.places is not None


@dataclass(frozen=True)
class League:
    id: int
    guild_id: int
    channel_id: int
    game: str
    status: LeagueStatus
    creator_id: int
    #: Everything else (``bot.table.leagues.season`` reads and writes it): name, format,
    #: rounds, table size, time limit, round length, start, the game's options, seed, the
    #: current round and its deadline, the messages that show the league.
    settings: dict[str, Any]
    version: int
    created_at: float
    #: When the league's keeper must look at it next (None: never again).
    next_at: float | None = None
    entrants: tuple[Entrant, ...] = field(default=())
    games: tuple[LeagueGame, ...] = field(default=())

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_LEAGUE_STATUSES

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def game_of_match(self, match_id: int) -> LeagueGame | None:
        return next((g for g in self.games if g.match_id == match_id), None)


# ---------------------------------------------------------------- statements
LEAGUE_COLUMNS = "id, guild_id, channel_id, game, status, creator_id, settings, version, " + (
    "created_at, next_at"
)
INSERT_LEAGUE = (
    "INSERT INTO leagues (guild_id, channel_id, game, status, creator_id, settings, version, "
    "next_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)"
)
UPDATE_LEAGUE = (
    "UPDATE leagues SET status = ?, settings = ?, version = ?, next_at = ?, updated_at = ? "
    "WHERE id = ? AND version = ?"
)
#: The same, ending the lease of the process that looked after the league.
UPDATE_LEAGUE_RELEASED = UPDATE_LEAGUE.replace(
    "updated_at = ?", "updated_at = ?, lease_owner = NULL, lease_until = NULL"
)
LEAGUE_BY_ID = f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = ?"
LEAGUES_OF_GUILD = f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? ORDER BY id"
LEAGUE_OF_MATCH = (
    f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = "
    "(SELECT league_id FROM league_games WHERE match_id = ? LIMIT 1)"
)
LEAGUES_OF_PLAYER = (
    f"SELECT {LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? AND id IN "
    "(SELECT league_id FROM league_entrants WHERE user_id = ?) ORDER BY id"
)


def due_leagues_where(shards_filter: str) -> str:
    """Leagues due at a time that nobody holds (two ``?``: now, now)."""
    return (
        "next_at IS NOT NULL AND next_at <= ? AND (lease_until IS NULL OR lease_until <= ?) "
        f"AND {shards_filter}"
    )


DELETE_ENTRANTS = "DELETE FROM league_entrants WHERE league_id = ?"
INSERT_ENTRANT = (
    "INSERT INTO league_entrants (league_id, user_id, name, number, joined_at, left_round, "
    "removed_by) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
DELETE_GAMES = "DELETE FROM league_games WHERE league_id = ?"
INSERT_GAME = (
    "INSERT INTO league_games (league_id, round, tbl, kind, seats, places, match_id, "
    "thread_id, by_ai) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
ENTRANT_COLUMNS = "league_id, user_id, name, number, joined_at, left_round, removed_by"
GAME_COLUMNS = "league_id, round, tbl, kind, seats, places, match_id, thread_id, by_ai"


def entrants_sql(marks: str) -> str:
    """The entrants of some leagues (``marks``: the driver's ``IN (...)``)."""
    return f"SELECT {ENTRANT_COLUMNS} FROM league_entrants WHERE league_id {marks}"


def games_sql(marks: str) -> str:
    return f"SELECT {GAME_COLUMNS} FROM league_games WHERE league_id {marks}"


# ---------------------------------------------------------------- values and rows
def insert_params(league: League, now: float) -> tuple[Any, ...]:
    return (
        league.guild_id,
        league.channel_id,
        league.game,
        league.status,
        league.creator_id,
        jsonio.dumps(league.settings),
        league.next_at,
        now,
        now,
    )


def update_params(league: League, expected_version: int, now: float) -> tuple[Any, ...]:
    return (
        league.status,
        jsonio.dumps(league.settings),
        expected_version + 1,
        league.next_at,
        now,
        league.id,
        expected_version,
    )


def entrant_rows(league_id: int, entrants: Sequence[Entrant]) -> list[tuple[Any, ...]]:
    return [
        (league_id, e.user_id, e.name, e.number, e.joined_at, e.left_round, e.removed_by)
        for e in entrants
    ]


def game_rows(league_id: int, games: Sequence[LeagueGame]) -> list[tuple[Any, ...]]:
    return [
        (
            league_id,
            g.round,
            g.table,
            g.kind,
            jsonio.dumps(list(g.seats)),
            None if g.places is None else jsonio.dumps(list(g.places)),
            g.match_id,
            g.thread_id,
            int(g.by_ai),
        )
        for g in games
    ]


def _ints(text: Any) -> tuple[int, ...]:
    try:
        value = jsonio.loads(text) if isinstance(text, str | bytes) else text
    except ValueError:
        return ()
    return tuple(int(v) for v in value) if isinstance(value, list) else ()


def entrant_from_row(row: Sequence[Any]) -> Entrant:
    _league, user, name, number, joined, left, removed = row
    return Entrant(
        int(user),
        str(name),
        int(number),
        float(joined),
        None if left is None else int(left),
        None if removed is None else int(removed),
    )


def game_from_row(row: Sequence[Any]) -> LeagueGame:
    _league, number, table, kind, seats, places, match_id, thread_id, by_ai = row
    return LeagueGame(
        round=int(number),
        table=int(table),
        kind=kind,
        seats=_ints(seats),
        places=None if places is None else _ints(places),
        match_id=None if match_id is None else int(match_id),
        thread_id=None if thread_id is None else int(thread_id),
        by_ai=bool(by_ai),
    )


def leagues_from_rows(
    rows: Iterable[Sequence[Any]],
    entrant_rows: Iterable[Sequence[Any]],
    game_rows: Iterable[Sequence[Any]],
) -> list[League]:
    """Leagues from their rows, with their entrants (by number) and games (by round and
    table)."""
    entrants: dict[int, list[Entrant]] = {}
    for row in entrant_rows:
        entrants.setdefault(int(row[0]), []).append(entrant_from_row(row))
    games: dict[int, list[LeagueGame]] = {}
    for row in game_rows:
        games.setdefault(int(row[0]), []).append(game_from_row(row))
    leagues = []
    for row in rows:
        league_id = int(row[0])
        try:
            settings = jsonio.loads(row[6])
        except ValueError:
            settings = {}
        leagues.append(
            League(
                id=league_id,
                guild_id=int(row[1]),
                channel_id=int(row[2]),
                game=str(row[3]),
                status=row[4],
                creator_id=int(row[5]),
                settings=settings if isinstance(settings, dict) else {},
                version=int(row[7]),
                created_at=float(row[8]),
                next_at=None if row[9] is None else float(row[9]),
                entrants=tuple(sorted(entrants.get(league_id, []), key=lambda e: e.number)),
                games=tuple(sorted(games.get(league_id, []), key=lambda g: (g.round, g.table))),
            )
        )
    return leagues
