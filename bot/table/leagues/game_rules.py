"""What a league needs to know of its game beyond the engine's contract. Pure.

**Rush Out! in pulses.** Rush Out! keeps a clock and is played live by default, everyone at
the table at once: no league could gather its players like that for each round. Its
**pulse mode** (``play="pulse"``, rules: "Playing it in a chat") is made for playing at
one's own pace: every player gets the same number of throws a pulse, and a pulse ends
early once everybody is done. A Rush Out! league always plays in pulses; the league's turn
time limit sets their length, within the engine's bounds (1 minute to 12 hours; no limit:
the longest pulse), and its matches get no time limit of their own (missing a pulse only
costs its throws). Live play is refused, and so is its option (the wait between throws).

**The sorcerer's seat.** The first seat plays the sorcerer (``sorcerer=0``), the others the
heroes: the seat a league hands round fairly (``pairing``: at a table of three or more,
whoever sat first least often sits first; a round robin seats everyone once in each seat)
is the sorcerer's, so organisers may not choose it.

**Camps.** Rush Out!'s ``Outcome.winners`` are the winning camp's seats: every winner gets
a full win and the losers nothing (``standings``), whether the sorcerer won alone or the
heroes together.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.rushout import data as rushout_data

RUSHOUT = "rushout"
#: Real-time games a league plays at its own pace, in pulses.
PULSED_GAMES = frozenset({RUSHOUT})
#: Games whose winners are a camp, each winner a full win.
CAMP_GAMES = frozenset({RUSHOUT})

#: The pulse mode's options (``bot.games.rushout``).
PLAY = "play"
PULSE = "pulse"
PULSE_SECONDS = "pulse_seconds"
SORCERER = "sorcerer"
#: The sorcerer's seat: the first.
SORCERER_SEAT = 0
THROWS_PER_PULSE = "throws_per_pulse"
#: Options of live play only (the wait between two throws): refused as live play is.
LIVE_ONLY = ("cooldown",)
#: The options a pulsed league sets itself, not the organiser.
SET_BY_LEAGUE = (PULSE_SECONDS, SORCERER)
#: The shortest and the longest pulse (seconds).
PULSE_BOUNDS = (rushout_data.MIN_PULSE_SECONDS, rushout_data.MAX_PULSE_SECONDS)


def is_pulsed(game: str) -> bool:
    return game in PULSED_GAMES


def in_camps(game: str) -> bool:
    return game in CAMP_GAMES


def pulse_seconds(limit: int) -> float:
    """A pulse's length from a league's turn time limit (seconds; 0: none): the limit,
    within the engine's bounds; no limit is the longest pulse."""
    shortest, longest = PULSE_BOUNDS
    return longest if limit <= 0 else min(longest, max(shortest, float(limit)))


def refusal(game: str, asked: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """Why a pulsed game's options do not suit a league (a ``league.why.*`` key and its
    parameters besides the game's title), or None."""
    if not is_pulsed(game):
        return None
    if (PLAY in asked and asked[PLAY] != PULSE) or any(o in asked for o in LIVE_ONLY):
        return "league.why.live_play", {}
    for option in SET_BY_LEAGUE:
        if option in asked:
            return "league.why.set_by_league", {"option": option}
    return None


def league_options(game: str, asked: Mapping[str, Any], limit: int) -> dict[str, Any]:
    """The options a league's matches are played with, as its sign-up shows them: those
    asked, and for a pulsed game the pulses' (from the time limit)."""
    options = dict(asked)
    if is_pulsed(game):
        options.update({PLAY: PULSE, PULSE_SECONDS: pulse_seconds(limit)})
    return options


def listed_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options a sign-up lists one by one: a pulsed game's pulses are told in a
    sentence of their own."""
    if not is_pulsed(game):
        return dict(options)
    return {k: v for k, v in options.items() if k not in (PLAY, PULSE_SECONDS, THROWS_PER_PULSE)}


def throws_per_pulse(options: Mapping[str, Any]) -> int:
    """Each player's throws a pulse."""
    return int(options.get(THROWS_PER_PULSE, rushout_data.DEFAULT_THROWS_PER_PULSE))


def seat_options(game: str) -> dict[str, Any]:
    """What a match of the league adds to its options: the sorcerer in the first seat."""
    return {SORCERER: SORCERER_SEAT} if is_pulsed(game) else {}


def match_time_limit(game: str, limit: int) -> int | None:
    """A league match's turn time limit: the league's, except in pulses (their end is the
    clock)."""
    if is_pulsed(game) or limit <= 0:
        return None
    return limit
