"""Players' records as ``/records stats`` shows them: the figures of a person's finished
matches and the refusals of the records commands. The placings and ratings themselves are the
store's (``bot.store.ratings``): they are written in the transaction that finishes a match.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.store.ratings import TREND_MATCHES, PlayedMatch, PlayerStats, Rating
from bot.table.errors import TableError


class UnknownGame(TableError):
    key = "records.error.unknown_game"  # params: game, games


class ServerOnly(TableError):
    key = "records.error.server_only"


class BotPlayer(TableError):
    key = "records.error.bot_player"  # params: player


# ---------------------------------------------------------------- the rating people see
#: A rating is shown on a familiar scale: a newcomer at 1,000, each point of openskill's
#: conservative estimate (mu - 3 sigma) worth ``RATING_SCALE``. It rises as a player wins
#: and as the table grows sure of them, and is never below 0.
RATING_BASE = 1000
RATING_SCALE = 40
#: Fewer rated matches than this: the rating is provisional (shown with a "?").
PROVISIONAL_MATCHES = 5


def shown_rating(rating: Rating) -> int:
    return max(0, round(RATING_BASE + RATING_SCALE * rating.ordinal))


def is_provisional(rating: Rating) -> bool:
    return rating.games < PROVISIONAL_MATCHES


def rating_change(change: float) -> int:
    """A change of openskill's estimate on the shown scale."""
    return round(RATING_SCALE * change)


# ---------------------------------------------------------------- figures
@dataclass(frozen=True)
class Summary:
    played: int
    won: int
    longest_streak: int
    median_move_seconds: float | None
    favourite: str | None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


def longest_streak(wins: Iterable[bool]) -> int:
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return best


def favourite(results: Sequence[PlayedMatch]) -> str | None:
    """The game played most (a tie goes to the one played last)."""
    if not results:
        return None
    counts = Counter(r.game for r in results)
    last = {r.game: i for i, r in enumerate(results)}
    return max(counts, key=lambda game: (counts[game], last[game]))


def trend(history: Sequence[float]) -> float | None:
    """How much the rating moved over its last ``TREND_MATCHES`` rated matches (from a
    newcomer's 0 when there were fewer); None without any."""
    if not history:
        return None
    recent = list(history)[-(TREND_MATCHES + 1) :]
    start = recent[0] if len(recent) > TREND_MATCHES else Rating().ordinal
    return recent[-1] - start


def summarise(stats: PlayerStats, game: str | None) -> Summary:
    """Played, won, longest winning streak, median time to move and favourite game (the
    favourite looks at every game, the rest at ``game`` when one is asked)."""
    mine = [r for r in stats.results if game is None or r.game == game]
    moves = stats.move_seconds
    return Summary(
        played=len(mine),
        won=sum(r.won for r in mine),
        longest_streak=longest_streak(r.won for r in mine),
        median_move_seconds=float(statistics.median(moves)) if moves else None,
        favourite=favourite(stats.results),
    )
