"""A league's life as a state machine, pure: functions of a ``League`` record returning the
next one (``LeagueService`` stores each, one versioned write).

::

    signup ──start──► running ◄──resume── paused
      │                 │  └──pause──────────┘
      │                 ├── every round over, none left ──► finished
      └──── cancel ─────┴──────── cancel ───────────────► cancelled

- **Sign-up**: people join and leave; signing up is their consent to be seated at the
  league's matches. A moderator starts the league, or it starts by itself at its start
  date, with at least one more entrant than a table holds (else it is cancelled then).
  Pairing numbers are drawn by lot (seeded by the league's seed) when it starts.
- **Rounds**: each round's tables are paired when the previous round is over (the first
  at the start; see ``bot.table.leagues.pairing``) and the round's deadline is its start
  plus the league's round length. A round is over when each of its tables is: a match
  finished (played out, or finished by the AI at the deadline), a bye, a forfeit.
- **Leaving**: a player who leaves (or is removed by a moderator) mid-season forfeits the
  rest: their match under way is resigned (``LeagueService``), they are paired no more
  (Swiss), and in a round robin the opponents they were scheduled to meet get a forfeit
  win, recorded as such. A table of three or more goes on without them while it still
  seats the game's minimum.
- **Games**: every turn-based game, and Rush Out!, a real-time game, played in pulses
  (``game_rules``: the pulse from the league's time limit, the sorcerer in the first seat,
  live play refused, the winning camp's players each a full win).
- **Pause** stops the round's clock (its time left is kept) and the pairing of new rounds;
  matches under way go on and their results count. **Cancel** ends the league with no
  winner; its matches under way go on as ordinary matches.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal, get_args

from bot.games import GAMES, Game
from bot.games.base import IllegalAction, clock_of
from bot.store.leagues import Entrant, League, LeagueGame
from bot.table import writes
from bot.table.errors import TableError
from bot.table.leagues import game_rules, pairing
from bot.table.leagues.standings import TIEBREAKS, Played, Standing, standings, table_points

Format = Literal["swiss", "single", "double"]
FORMATS: tuple[Format, ...] = get_args(Format)

#: Swiss rounds a league may ask for.
MAX_SWISS_ROUNDS = 15
#: Entrants a league takes at most: a Swiss, a round robin of pairs (19 rounds at most).
MAX_SWISS_ENTRANTS = 64
MAX_ROUND_ROBIN_ENTRANTS = 20
#: A round lasts between these (seconds).
SHORTEST_ROUND = 24 * 3600.0
LONGEST_ROUND = 28 * 24 * 3600.0
#: A running league is looked at this often at least (results come in between).
LOOK_EVERY_SECONDS = 600.0
#: A league's name holds this many characters at most.
NAME_LIMIT = 60

# Settings keys (``League.settings``).
NAME = "name"
FORMAT = "format"
ROUNDS = "rounds"  # Swiss: asked at creation, cut to what the entrants allow at the start
TABLE_SIZE = "table_size"
TIME_LIMIT = "time_limit"
ROUND_SECONDS = "round_seconds"
STARTS_AT = "starts_at"
OPTIONS = "options"
SEED = "seed"
ROUND = "round"
ROUND_STARTED_AT = "round_started_at"
DEADLINE = "deadline"
PAUSED_LEFT = "paused_left"
STARTED_AT = "started_at"
ENDED_AT = "ended_at"
ENDED_BY = "ended_by"
#: Why a league was cancelled: "moderator" or "too_few" (not enough entrants at its start).
CANCELLED = "cancelled_reason"
#: The Discord layer's own marks: its messages, and what it has announced.
MESSAGE = "message_id"
STANDINGS_MESSAGE = "standings_message_id"
ANNOUNCED_ROUND = "announced_round"
ANNOUNCED_END = "announced_end"
#: The match setting naming a league match's league, round and table.
MATCH_LEAGUE = writes.MATCH_LEAGUE


class LeagueError(TableError):
    key = "league.error.generic"


class UnknownLeague(LeagueError):
    key = "league.error.unknown"


class NoLeagueHere(LeagueError):
    key = "league.error.none_here"


class BadLeague(LeagueError):
    """A league refused at creation: its key is the ``league.why.*`` sentence saying why
    (also in the ``reason`` parameter), with that sentence's parameters."""

    key = "league.error.bad"

    def __init__(self, reason: str, **params: object) -> None:
        super().__init__(reason=reason, **params)
        self.key = reason


class NotOpenForSignup(LeagueError):
    key = "league.error.signup_closed"


class AlreadyEntered(LeagueError):
    key = "league.error.already_in"


class NotEntered(LeagueError):
    key = "league.error.not_in"


class LeagueFull(LeagueError):
    key = "league.error.full"  # params: most


class TooFew(LeagueError):
    key = "league.error.too_few"  # params: count, least


class WrongStatus(LeagueError):
    key = "league.error.wrong_status"  # params: status (not shown: a word of the code)


def why(reason: str, **params: Any) -> BadLeague:
    """A league refused at creation: ``reason`` names a ``league.why.*`` sentence."""
    return BadLeague(reason=reason, **params)


# ---------------------------------------------------------------- reading a league
def name(league: League) -> str:
    return str(league.settings.get(NAME) or "")


def league_format(league: League) -> Format:
    found = league.settings.get(FORMAT)
    return found if found in FORMATS else "swiss"


def table_size(league: League) -> int:
    return int(league.settings.get(TABLE_SIZE, 2))


def current_round(league: League) -> int:
    return int(league.settings.get(ROUND, 0))


def total_rounds(league: League) -> int:
    return int(league.settings.get(ROUNDS, 0))


def deadline(league: League) -> float | None:
    found = league.settings.get(DEADLINE)
    return None if found is None else float(found)


def options(league: League) -> dict[str, Any]:
    found = league.settings.get(OPTIONS)
    return dict(found) if isinstance(found, dict) else {}


def time_limit(league: League) -> int:
    return int(league.settings.get(TIME_LIMIT) or 0)


def match_options(league: League) -> dict[str, Any]:
    """The options a league match is opened with: the league's, and the seats it fixes
    (``game_rules``: Rush Out!'s sorcerer in the first seat)."""
    return {**options(league), **game_rules.seat_options(league.game)}


def match_time_limit(league: League) -> int | None:
    """A league match's turn time limit (None: none; a pulsed game's pulses are its clock)."""
    return game_rules.match_time_limit(league.game, time_limit(league))


def pulse_seconds(league: League) -> float | None:
    """A pulsed league's pulse length (``game_rules``), else None."""
    if not game_rules.is_pulsed(league.game):
        return None
    return float(options(league).get(game_rules.PULSE_SECONDS) or 0) or None


def active_entrants(league: League) -> list[Entrant]:
    return [e for e in league.entrants if e.active]


def round_games(league: League, number: int | None = None) -> list[LeagueGame]:
    wanted = current_round(league) if number is None else number
    return [g for g in league.games if g.round == wanted]


def round_over(league: League) -> bool:
    games = round_games(league)
    return bool(games) and all(g.over for g in games)


def most_entrants(league: League) -> int:
    if league_format(league) == "swiss":
        return MAX_SWISS_ENTRANTS
    size = table_size(league)
    return MAX_ROUND_ROBIN_ENTRANTS if size == 2 else size + 1


def least_entrants(league: League) -> int:
    return table_size(league) + 1


def with_settings(league: League, **changes: Any) -> League:
    """The league with these settings changed; one changed to None is left out."""
    settings = {**league.settings, **changes}
    for key, value in changes.items():
        if value is None:
            del settings[key]
    return replace(league, settings=settings)


# ---------------------------------------------------------------- creating one
def new_settings(
    *,
    game: str,
    league_name: str,
    league_format: str,
    rounds: int,
    size: int,
    limit: int,
    round_seconds: float,
    starts_at: float | None,
    game_options: Mapping[str, Any],
    seed: int,
    now: float,
) -> dict[str, Any]:
    """What ``/league new`` asked, checked (``BadLeague`` says why it is refused)."""
    engine = GAMES.get(game)
    if engine is None:
        raise why("league.why.game")
    if clock_of(engine) is not None and not game_rules.is_pulsed(game):
        raise why("league.why.real_time", game=engine.title)
    if league_format not in FORMATS:
        raise why("league.why.format")
    if not max(2, engine.min_players) <= size <= engine.max_players:
        raise why("league.why.size", least=max(2, engine.min_players), most=engine.max_players)
    if league_format == "swiss" and not 1 <= rounds <= MAX_SWISS_ROUNDS:
        raise why("league.why.rounds", most=MAX_SWISS_ROUNDS)
    if not SHORTEST_ROUND <= round_seconds <= LONGEST_ROUND:
        raise why("league.why.round_length")
    if starts_at is not None and starts_at <= now:
        raise why("league.why.start_past")
    played_with = _options(engine, size, limit, game_options)
    return {
        NAME: " ".join(league_name.split())[:NAME_LIMIT],
        FORMAT: league_format,
        ROUNDS: rounds if league_format == "swiss" else 0,
        TABLE_SIZE: size,
        TIME_LIMIT: limit,
        ROUND_SECONDS: round_seconds,
        STARTS_AT: starts_at,
        OPTIONS: played_with,
        SEED: seed,
        ROUND: 0,
    }


def _options(engine: Game[Any], size: int, limit: int, asked: Mapping[str, Any]) -> dict[str, Any]:
    """The options the league's matches are played with (``game_rules``), checked by
    building a match."""
    refused = game_rules.refusal(engine.name, asked)
    if refused is not None:
        raise why(refused[0], game=engine.title, **refused[1])
    played_with = game_rules.league_options(engine.name, asked, limit)
    try:
        engine.new_state(size, 0, {**played_with, **game_rules.seat_options(engine.name)})
    except (ValueError, IllegalAction) as error:  # Rush Out! refuses as its actions
        raise why("league.why.options", detail=str(error)[:200]) from error
    return played_with


# ---------------------------------------------------------------- sign-up
def join(league: League, user_id: int, person: str, now: float) -> League:
    if league.status != "signup":
        raise NotOpenForSignup()
    if league.entrant(user_id) is not None:
        raise AlreadyEntered()
    if len(league.entrants) >= most_entrants(league):
        raise LeagueFull(most=most_entrants(league))
    number = max((e.number for e in league.entrants), default=0) + 1
    return replace(league, entrants=(*league.entrants, Entrant(user_id, person, number, now)))


def leave_signup(league: League, user_id: int) -> League:
    if league.entrant(user_id) is None:
        raise NotEntered()
    kept = [e for e in league.entrants if e.user_id != user_id]
    return replace(league, entrants=tuple(replace(e, number=i + 1) for i, e in enumerate(kept)))


# ---------------------------------------------------------------- starting, rounds
def start(league: League, now: float) -> League:
    """Pairing numbers drawn by lot, the number of rounds fixed, the first round paired."""
    if league.status != "signup":
        raise WrongStatus(status=league.status)
    count = len(league.entrants)
    if count < least_entrants(league):
        raise TooFew(count=count, least=least_entrants(league))
    drawn = list(league.entrants)
    random.Random(int(league.settings.get(SEED, 0))).shuffle(drawn)
    entrants = tuple(replace(e, number=i + 1) for i, e in enumerate(drawn))
    size = table_size(league)
    if league_format(league) == "swiss":
        most = count - 1 if count % 2 == 0 or size > 2 else count
        rounds = min(total_rounds(league), most) if size == 2 else total_rounds(league)
    else:
        rounds = len(pairing.round_robin(count, size, league_format(league) == "double"))
    started = replace(league, status="running", entrants=entrants)
    started = with_settings(started, **{ROUNDS: rounds, STARTED_AT: now, ROUND: 0})
    return pair_next_round(started, now)


def cancel_too_few(league: League, now: float) -> League:
    ended = with_settings(league, **{CANCELLED: "too_few", ENDED_AT: now})
    return replace(ended, status="cancelled")


def pair_next_round(league: League, now: float) -> League:
    """The next round's tables, its clock started."""
    number = current_round(league) + 1
    if league_format(league) == "swiss":
        tables = _swiss_round(league)
    else:
        tables = _round_robin_round(league, number)
    games = _games(league, number, tables)
    round_seconds = float(league.settings.get(ROUND_SECONDS, SHORTEST_ROUND))
    paired = replace(league, games=(*league.games, *games))
    return with_settings(
        paired,
        **{ROUND: number, ROUND_STARTED_AT: now, DEADLINE: now + round_seconds, PAUSED_LEFT: None},
    )


def _games(league: League, number: int, tables: pairing.Pairing) -> list[LeagueGame]:
    """A round's tables as stored: matches first, then byes; a table short of players
    (they left) is played by those left while they are enough for the game, else each
    left gets a forfeit win."""
    minimum = max(2, GAMES[league.game].min_players)
    left = {e.user_id for e in league.entrants if not e.active}
    games: list[LeagueGame] = []
    forfeits: list[int] = []
    for table in tables.tables:
        seated = tuple(u for u in table if u not in left)
        if len(seated) >= minimum:
            games.append(LeagueGame(number, len(games) + 1, "match", seated))
        else:
            forfeits += seated
    for user in tables.byes:
        if user not in left:
            games.append(LeagueGame(number, len(games) + 1, "bye", (user,), (1,)))
    for user in forfeits:
        games.append(LeagueGame(number, len(games) + 1, "forfeit", (user,), (1,)))
    return games


def _swiss_round(league: League) -> pairing.Pairing:
    contenders = contenders_of(league)
    if table_size(league) == 2:
        return pairing.swiss_pairs(contenders)
    return pairing.swiss_tables(contenders, table_size(league))


def contenders_of(league: League) -> list[pairing.Contender]:
    """The active entrants as a Swiss round pairs them: by score, then pairing number."""
    scores = points(league)
    opponents: dict[int, set[int]] = {}
    seats: dict[int, list[int]] = {}
    firsts: dict[int, int] = {}
    byes: set[int] = set()
    for game in league.games:
        if game.kind != "match":
            byes.update(game.seats)
            continue
        for seat, user in enumerate(game.seats):
            opponents.setdefault(user, set()).update(u for u in game.seats if u != user)
            if len(game.seats) == 2:
                seats.setdefault(user, []).append(seat)
            elif seat == 0:
                firsts[user] = firsts.get(user, 0) + 1
    active = sorted(active_entrants(league), key=lambda e: (-scores.get(e.user_id, 0), e.number))
    return [
        pairing.Contender(
            id=e.user_id,
            score=float(scores.get(e.user_id, 0)),
            rank=rank,
            opponents=frozenset(opponents.get(e.user_id, set())),
            seats=tuple(seats.get(e.user_id, [])),
            firsts=firsts.get(e.user_id, 0),
            had_bye=e.user_id in byes,
        )
        for rank, e in enumerate(active)
    ]


def _round_robin_round(league: League, number: int) -> pairing.Pairing:
    schedule = pairing.round_robin(
        len(league.entrants), table_size(league), league_format(league) == "double"
    )
    by_number = {e.number: e.user_id for e in league.entrants}
    planned = schedule[number - 1]
    return pairing.Pairing(
        tuple(tuple(by_number[n] for n in table) for table in planned.tables),
        tuple(by_number[n] for n in planned.byes),
    )


def last_round(league: League) -> bool:
    return current_round(league) >= total_rounds(league)


def finish(league: League, now: float) -> League:
    return replace(with_settings(league, **{ENDED_AT: now, DEADLINE: None}), status="finished")


# ---------------------------------------------------------------- results
def record(
    league: League, match_id: int, places: tuple[int, ...], *, by_ai: bool = False
) -> League:
    """A league match is over: its places (seat order)."""
    games = tuple(
        replace(g, places=places, by_ai=g.by_ai or by_ai) if g.match_id == match_id else g
        for g in league.games
    )
    return replace(league, games=games)


def settle_unopened(league: League) -> League:
    """At the deadline, a table whose match never opened (Discord refused its thread the
    whole round) is a draw: nobody could play it."""
    games = tuple(
        replace(g, places=tuple(1 for _ in g.seats))
        if g.round == current_round(league) and g.kind == "match" and g.match_id is None
        else g
        for g in league.games
    )
    return replace(league, games=games)


def with_match(
    league: League, number: int, table: int, match_id: int | None, thread_id: int | None
) -> League:
    games = tuple(
        replace(g, match_id=match_id, thread_id=thread_id)
        if (g.round, g.table) == (number, table)
        else g
        for g in league.games
    )
    return replace(league, games=games)


def results(league: League, through: int | None = None) -> list[Played]:
    """The tables over (of rounds up to ``through``, if given)."""
    camps = game_rules.in_camps(league.game)
    return [
        Played(g.round, g.seats, g.places, camps)
        for g in league.games
        if g.places is not None and (through is None or g.round <= through)
    ]


def table_shares(league: League, game: LeagueGame) -> list[Fraction]:
    """The points each seat of a table over took (``standings.table_points``)."""
    assert game.places is not None
    return table_points(game.places, game_rules.in_camps(league.game))


def points(league: League) -> dict[int, Fraction]:
    return {s.user_id: s.points for s in table_of(league)}


def table_of(league: League, through: int | None = None) -> list[Standing]:
    """The standings now, or after round ``through`` (``bot.table.leagues.standings``)."""
    numbers = {e.user_id: e.number for e in league.entrants}
    left = frozenset(
        e.user_id
        for e in league.entrants
        if e.left_round is not None and (through is None or e.left_round <= through)
    )
    played = results(league, through)
    return standings(numbers, played, TIEBREAKS[league_format(league)], left)


def winners(league: League) -> list[int]:
    """Who won a finished league (several when tied after every tie-break)."""
    if league.status != "finished":
        return []
    return [s.user_id for s in table_of(league) if s.rank == 1]


# ---------------------------------------------------------------- leaving, moderators
def withdraw(league: League, user_id: int, by: int | None = None) -> League:
    """The person leaves a league under way (``by``: the moderator who removed them): they
    forfeit from the current round on. Their table of this round not opened yet goes on
    without them, or becomes forfeit wins."""
    entrant = league.entrant(user_id)
    if entrant is None or not entrant.active:
        raise NotEntered()
    number = current_round(league)
    entrants = tuple(
        replace(e, left_round=number, removed_by=by) if e.user_id == user_id else e
        for e in league.entrants
    )
    league = replace(league, entrants=entrants)
    kept: list[LeagueGame] = []
    forfeits: list[int] = []
    minimum = max(2, GAMES[league.game].min_players)
    for game in league.games:
        if game.round != number or game.match_id is not None or user_id not in game.seats:
            kept.append(game)
            continue
        if game.kind != "match":
            kept.append(game)  # their own bye this round stays theirs, recorded already
            continue
        seated = tuple(u for u in game.seats if u != user_id)
        if len(seated) >= minimum:
            kept.append(replace(game, seats=seated))
        else:
            forfeits += seated
    last = max((g.table for g in kept if g.round == number), default=0)
    for offset, user in enumerate(forfeits):
        kept.append(LeagueGame(number, last + 1 + offset, "forfeit", (user,), (1,)))
    return replace(league, games=tuple(sorted(kept, key=lambda g: (g.round, g.table))))


def running_match(league: League, user_id: int) -> int | None:
    """The person's league match of the current round still being played, if any."""
    for game in round_games(league):
        if game.match_id is not None and not game.over and user_id in game.seats:
            return game.match_id
    return None


def pause(league: League, now: float) -> League:
    if league.status != "running":
        raise WrongStatus(status=league.status)
    left = max(0.0, (deadline(league) or now) - now)
    return replace(with_settings(league, **{PAUSED_LEFT: left, DEADLINE: None}), status="paused")


def resume(league: League, now: float) -> League:
    if league.status != "paused":
        raise WrongStatus(status=league.status)
    left = float(league.settings.get(PAUSED_LEFT, 0.0))
    resumed = with_settings(league, **{DEADLINE: now + left, PAUSED_LEFT: None})
    return replace(resumed, status="running")


def cancel(league: League, by: int, now: float) -> League:
    if not league.is_open:
        raise WrongStatus(status=league.status)
    ended = with_settings(
        league, **{CANCELLED: "moderator", ENDED_BY: by, ENDED_AT: now, DEADLINE: None}
    )
    return replace(ended, status="cancelled")


def next_look(league: League, now: float) -> float | None:
    """When the league's keeper must look at it next: its start date while signing up;
    while it runs, its deadline or sooner (results come in meanwhile)."""
    if league.status == "signup":
        starts = league.settings.get(STARTS_AT)
        return None if starts is None else float(starts)
    if league.status == "running":
        due = deadline(league)
        soon = now + LOOK_EVERY_SECONDS
        return soon if due is None else min(due, soon)
    if league.status == "paused":
        return now + LOOK_EVERY_SECONDS
    return None
