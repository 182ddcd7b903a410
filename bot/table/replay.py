"""Replays: a match told again from its seed and its action log, turn by turn, as public
views (``replay``), as frames with their captions (``frames_of``) and as a text record of
every action (``record_text``). Pure: no Discord, no Pillow; the animated picture is drawn
by ``bot.pictures.animation``.

A *turn* here is each logged action that changed the public view: a hidden choice (a card
kept, a standing order) that shows nothing to the table makes no frame of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from bot.games import GAMES, IllegalAction
from bot.games.base import View
from bot.store.contract import Match
from bot.table.matches import MatchService

#: One logged action as the store keeps it: seq, seat, action, when it was saved.
LogEntry = tuple[int, int, str, float]


# ------------------------------------------------------------------ the match replayed
@dataclass(frozen=True)
class Step:
    """One logged action and the public view after it."""

    seq: int
    seat: int
    action: str
    at: float  # wall clock, when it was saved
    public: View
    #: Its turn number (1, 2, …) when it changed the public view; None when it showed
    #: nothing to the table (a hidden choice).
    turn: int | None


@dataclass(frozen=True)
class Replay:
    game: str
    opening: View
    steps: list[Step]
    #: False when the log holds an action today's rules refuse (a match played under an
    #: earlier version): the replay stops before it.
    complete: bool = True

    @property
    def turns(self) -> list[Step]:
        return [step for step in self.steps if step.turn is not None]


def replay(service: MatchService, match: Match, log: Sequence[LogEntry]) -> Replay:
    """The match's public views, turn by turn, told again from its seed and action log by
    the table's one replay (``MatchService.replayed``)."""
    engine = GAMES[match.game]
    states = service.replayed(match, log)
    opening = engine.view(next(states), None)
    steps: list[Step] = []
    shown = opening
    turn = 0
    try:
        for (seq, seat, action, at), state in zip(log, states, strict=False):
            public = engine.view(state, None)
            changed = public != shown
            if changed:
                turn += 1
                shown = public
            steps.append(Step(seq, seat, action, at, public, turn if changed else None))
    except IllegalAction:
        return Replay(match.game, opening, steps, complete=False)
    return Replay(match.game, opening, steps)


# ------------------------------------------------------------------ the text record
@dataclass(frozen=True)
class Entry:
    """One line of the text record: an action, who made it, and what the table saw.
    ``seq``: the action's number, its public version (``bot.table.writes.public_numbers``);
    None for a standing order (shown once the match is over), which has none."""

    seq: int | None
    at: float
    who: str
    action: str
    told: tuple[str, ...] = ()


def record_text(
    title: Sequence[str],
    entries: Sequence[Entry],
    footer: Sequence[str] = (),
    said: str = "{who}: {action}",
) -> str:
    """The downloadable record: a title, then one line per action (seq, UTC time, player
    and action, as ``said`` puts them; the player alone for an action not shown) with what
    it showed the table indented below it."""
    lines = [*title, ""]
    for entry in entries:
        who = said.format(who=entry.who, action=entry.action) if entry.action else entry.who
        number = "" if entry.seq is None else entry.seq
        lines.append(f"{number:>5}  {utc(entry.at)}  {who}")
        lines += [f"{'':7}{line}" for line in entry.told]
    if footer:
        lines += ["", *footer]
    return "\n".join(lines) + "\n"


def utc(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M:%S")


# ------------------------------------------------------------------ frames
@dataclass(frozen=True)
class Frame:
    """A public view and the caption above it: a headline, then a line or two."""

    view: View
    caption: tuple[str, ...]


#: Makes a frame's caption from its turn (None: the opening) and the public view before it.
Captioner = Callable[[Step | None, View], tuple[str, ...]]


def frames_of(replay: Replay, caption: Captioner) -> list[Frame]:
    """The opening, then one frame per turn, each with its caption."""
    frames = [Frame(replay.opening, caption(None, replay.opening))]
    for step in replay.turns:
        frames.append(Frame(step.public, caption(step, frames[-1].view)))
    return frames
