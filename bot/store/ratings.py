"""Players' records as the store keeps them: the placings of a finished match and its
openskill ratings, computed inside the transaction that finishes the match (so a match is
placed and rated exactly once), and the records the stores hand back. Pure: no Discord.

Placings need no per-game code: the winners of the engine's ``Outcome`` share 1st place,
everybody else shares the next place (nobody won: everybody shares 1st). A person whose
seat the AI took over (they resigned from a match of three or more, or let three turns in
a row run out) forfeits: their person is placed after everybody else, and never wins,
whatever the AI then did with the seat.

Ratings: openskill's Plackett-Luce model, per server and per game, ranks from placings
(ties allowed). Each AI level plays as its own fixed opponent: it takes part in the rating
with the same rating every time (``AI_RATINGS``: the normal AI an average player, easy
below it, hard above) and is never changed by it, so a match against the AI moves a
person's rating like a match against a known player of that strength. Only people have
rows in the ratings table.

A lobby's AI seats keep their levels in the match settings (``AI_LEVELS``: the levels of
the seats without a person, in seat order; a seat beyond the list, or a person's seat the
AI took over, plays at the normal level): ``seat_levels`` reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
#: A newcomer's rating (openskill's defaults: mu 25, sigma 25/3, ordinal 0).
DEFAULT_MU: float = float(MODEL.mu)
DEFAULT_SIGMA: float = float(MODEL.sigma)
#: The normal AI, the same fixed opponent in every match of every game: an average player
#: whose strength is taken as known (a small sigma), never updated.
AI_MU: float = DEFAULT_MU
AI_SIGMA: float = DEFAULT_SIGMA / 4
#: The AI level of a seat nobody chose one for (an absent person's turn, ``ai:N``).
NORMAL_LEVEL = "normal"
#: Each AI level's fixed rating (mu, sigma). Two levels apart by 6 mu: the stronger wins
#: about three games in four, about what the levels measure against each other.
AI_RATINGS: dict[str, tuple[float, float]] = {
    "easy": (AI_MU - 6.0, AI_SIGMA),
    NORMAL_LEVEL: (AI_MU, AI_SIGMA),
    "hard": (AI_MU + 6.0, AI_SIGMA),
}
#: An AI level's key among a match's rating entries, where people are keyed by their
#: (positive) Discord ids: the normal AI None, as before levels; the others negative.
AI_KEYS: dict[str, int | None] = {"easy": -1, NORMAL_LEVEL: None, "hard": -3}
#: Match settings: the levels of the seats without a person, in seat order.
AI_LEVELS = "ai_levels"
#: How many rated matches back the trend of a rating looks.
TREND_MATCHES = 5


class SeatLike(Protocol):
    @property
    def seat(self) -> int: ...
    @property
    def user_id(self) -> int | None: ...
    @property
    def is_ai(self) -> bool: ...
    @property
    def place(self) -> int | None: ...


def forfeited(seat: SeatLike) -> bool:
    """A person's seat the AI took over (resigned, or three expired turns in a row)."""
    return seat.is_ai and seat.user_id is not None


def winners_of(result: Any) -> set[int]:
    """The winning seats of a stored result (``{"winners": [...], "reason": ...}``)."""
    if not isinstance(result, Mapping):
        return set()
    winners = result.get("winners")
    if not isinstance(winners, list):
        return set()
    return {w for w in winners if isinstance(w, int) and not isinstance(w, bool)}


def placings(seats: Sequence[SeatLike], result: Any) -> dict[int, tuple[int, bool]]:
    """Each seat's (place, won): winners share 1st, everybody else shares the next place;
    a forfeited person comes after everybody and never wins."""
    winners = winners_of(result) & {s.seat for s in seats}
    places = {s.seat: 1 if not winners or s.seat in winners else 2 for s in seats}
    last = max(places.values(), default=1) + 1
    return {
        s.seat: (last, False) if forfeited(s) else (places[s.seat], s.seat in winners)
        for s in seats
    }


@dataclass(frozen=True)
class Rating:
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The number shown and ranked on: mu - 3 sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


def counts_for_ratings(result: Any) -> bool:
    """False for a finish the table marked unrated (a match a moderator ended)."""
    return not (isinstance(result, Mapping) and result.get("unrated"))


def seat_levels(settings: Mapping[str, Any], seats: Sequence[SeatLike]) -> dict[int, str]:
    """The AI level of every seat without a person (``AI_LEVELS``; normal when unknown)."""
    stored = settings.get(AI_LEVELS)
    levels = [str(level) for level in stored] if isinstance(stored, list) else []
    ai_seats = sorted(s.seat for s in seats if s.user_id is None)
    return {
        seat: levels[index] if index < len(levels) and levels[index] in AI_RATINGS else NORMAL_LEVEL
        for index, seat in enumerate(ai_seats)
    }


def is_ai_key(key: int | None) -> bool:
    """Whether a rating entry's key stands for an AI level rather than a person."""
    return key is None or key < 0


def ai_level_of_key(key: int | None) -> str:
    return next((level for level, known in AI_KEYS.items() if known == key), NORMAL_LEVEL)


def rating_entries(
    seats: Sequence[SeatLike], result: Any = None, settings: Mapping[str, Any] | None = None
) -> list[tuple[int | None, int]]:
    """Who takes part in the rating of a placed match: (person, or the key of an AI seat's
    level (``AI_KEYS``; its level read from the match ``settings``), place). A person
    counts once; nobody, for a finish marked unrated."""
    if not counts_for_ratings(result):
        return []
    levels = seat_levels(settings or {}, seats)
    entries: list[tuple[int | None, int]] = []
    seen: set[int] = set()
    for seat in sorted(seats, key=lambda s: s.seat):
        if seat.place is None:
            continue
        if seat.user_id is None:
            entries.append((AI_KEYS[levels.get(seat.seat, NORMAL_LEVEL)], seat.place))
        elif seat.user_id not in seen:
            seen.add(seat.user_id)
            entries.append((seat.user_id, seat.place))
    return entries


def rate(
    entries: Sequence[tuple[int | None, int]], current: Mapping[int, Rating]
) -> dict[int, Rating]:
    """The people's new ratings after one match (Plackett-Luce, ranks = places, ties
    allowed). Nothing when fewer than two take part or nobody is a person. An AI level
    (``is_ai_key``) plays at its fixed rating and gets none."""
    people = [user for user, _ in entries if not is_ai_key(user)]
    if len(entries) < 2 or not people:
        return {}
    teams = []
    for user, _ in entries:
        if user is None or is_ai_key(user):
            mu, sigma = AI_RATINGS[ai_level_of_key(user)]
            teams.append([MODEL.rating(mu=mu, sigma=sigma)])
        else:
            before = current.get(user, Rating())
            teams.append([MODEL.rating(mu=before.mu, sigma=before.sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in entries])
    updated: dict[int, Rating] = {}
    for (user, _), (after,) in zip(entries, rated, strict=True):
        if user is not None and not is_ai_key(user):
            games = current.get(user, Rating()).games + 1
            updated[user] = Rating(float(after.mu), float(after.sigma), games)
    return updated


# ---------------------------------------------------------------- what the stores hand back
@dataclass(frozen=True)
class PlayedMatch:
    """One finished match as one of its people played it."""

    match_id: int
    guild_id: int | None
    channel_id: int
    board_message_id: int | None
    game: str
    seat: int
    place: int
    won: bool
    players: int
    reason: str
    started_at: float | None
    ended_at: float

    @property
    def link(self) -> str:
        """The board message (or the channel, if it has none)."""
        guild = self.guild_id or "@me"
        tail = f"/{self.board_message_id}" if self.board_message_id else ""
        return f"https://discord.com/channels/{guild}/{self.channel_id}{tail}"


@dataclass(frozen=True)
class Ranked:
    """A person's place on a leaderboard."""

    rank: int
    user_id: int
    rating: Rating


@dataclass(frozen=True)
class PlayerStats:
    """What ``/records stats`` is computed from, as a store reads it."""

    #: Every finished match of the person in the server, all games, oldest first.
    results: list[PlayedMatch]
    #: Seconds each of the person's own actions took (since the match's previous action),
    #: in their most recent finished matches (of the game asked about, if one was).
    move_seconds: list[float]
    #: Current rating per game.
    ratings: dict[str, Rating]
    #: The ordinals after each of the person's rated matches, oldest first, per game
    #: (at most the last ``TREND_MATCHES + 1``).
    history: dict[str, list[float]] = field(default_factory=dict)


#: How many recent finished matches the median time to move looks at.
MOVE_TIME_MATCHES = 100
