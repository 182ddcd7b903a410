"""Undo requests: a player asks to take back their last action.

The rules, pure of Discord and of storage (``MatchService.request_undo`` and
``MatchService.answer_undo`` apply them; ``cogs.undo`` asks and answers):

* **Who asks**: a person seated in an active match, about their own last action: the last
  logged action of their seat that is not a standing order (an order changes nothing
  public and may be changed at any time anyway).
* **What can be taken back**: that action, as long as nothing random or hidden has come out
  by it or since. Found for every game alike by replaying the log, never by per-game code:
  no ``SeededRng`` draw was made (a die, a shuffle: ``watch_draws``) and the game's hidden
  information did not change (``secrets_of``: a card drawn, shown, played or passed).
  Not in a real-time game (``HasClock``, Rush Out!): the others act meanwhile, and time
  itself is part of the match.
* **Rated matches** (every match in a server with a person in it: ``bot.table.records`` rates it
  when it finishes): only while no other seat has acted since, "never once the opponent has
  moved". An unrated match may go back over the others' actions too, if they agree.
* **Who agrees**: every other person seated; AI seats do not vote. With nobody to ask, the
  action is taken back at once. One refusal ends the request; the asker may withdraw it.
* **Lapsing**: a request lapses when anything public happens in the match (its version
  moves on past anything but standing orders, which must not show) and expires after
  ``UNDO_EXPIRY_SECONDS``.
* **Accepted**: the match replays its log without the actions taken back (standing orders
  set meanwhile are kept) and its log loses them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Game, IllegalAction
from bot.games.base import is_order_action, secrets_of, watch_draws
from bot.store.contract import Match, UndoRequest
from bot.table.errors import TableError

#: A request nobody answered within this long expires (a day: players come back later).
UNDO_EXPIRY_SECONDS = 24 * 3600

#: One logged action as the store keeps it: seq, seat, action, when it was saved.
LogEntry = tuple[int, int, str, float]
#: ``replay(entries, start)``: ``start`` (None: the match's opening state), then the state
#: after each entry (``MatchService.replayed``).
Replay = Callable[[Sequence[LogEntry], Any], Iterator[Any]]


class NothingToUndo(TableError):
    key = "undo.error.nothing"


class UndoRealTime(TableError):
    key = "undo.error.real_time"


class RandomSince(TableError):
    key = "undo.error.random"


class HiddenSince(TableError):
    key = "undo.error.hidden"


class OthersActed(TableError):
    key = "undo.error.others_acted"


class CannotReplay(TableError):
    key = "undo.error.cannot_replay"


class UndoWaiting(TableError):
    key = "undo.error.waiting"


class NotAVoter(TableError):
    key = "undo.error.not_a_voter"


class OwnRequest(TableError):
    key = "undo.error.own_request"


class AlreadyAccepted(TableError):
    key = "undo.error.already_accepted"


class UndoClosed(TableError):
    """The request a click answers is no longer open (answered, withdrawn or replaced)."""

    key = "undo.error.gone"


class UndoLapsed(UndoClosed):
    """It was still open, until now: the match moved on (its message may say so)."""

    key = "undo.error.lapsed"


class UndoExpired(UndoClosed):
    """It was still open, until now: nobody answered in time (its message may say so)."""

    key = "undo.error.expired"


@dataclass(frozen=True)
class UndoPlan:
    """What taking back a seat's last action means now."""

    seat: int
    #: The action taken back and its log row.
    action: str
    seq: int
    #: Every log row removed: that action, and (unrated matches only) the others' since.
    drop: tuple[int, ...]
    #: The state just before that action, and the state after the rewind (the same, with
    #: any standing order set since).
    before: Any
    state: Any


@dataclass(frozen=True)
class UndoAsked:
    """``/match undo`` answered: the request waits for ``voters``, or (nobody to ask) is done."""

    match: Match
    plan: UndoPlan
    voters: tuple[int, ...]
    request: UndoRequest | None

    @property
    def done(self) -> bool:
        return self.request is None


@dataclass(frozen=True)
class UndoAnswer:
    """An Accept or Refuse saved. ``outcome``: ``accepted`` (others still to answer:
    ``waiting``), ``done`` (taken back: ``match`` is rewound), ``refused`` or ``withdrawn``
    (the asker's own Refuse)."""

    outcome: str
    match: Match
    request: UndoRequest
    waiting: tuple[int, ...] = ()


def rated(match: Match) -> bool:
    """Whether the match counts for ratings when it finishes (``bot.table.records``: a match in a
    server, with a person seated)."""
    return match.guild_id is not None and any(s.user_id is not None for s in match.seats)


def voters(match: Match, asker: int) -> tuple[int, ...]:
    """The people who must accept: every other person seated (AI seats do not vote)."""
    return tuple(user for user in match.humans() if user != asker)


def last_own_action(log: Sequence[LogEntry], seat: int) -> int | None:
    """The index in ``log`` of the seat's last action that is not a standing order."""
    for index in range(len(log) - 1, -1, -1):
        _seq, acted, action, _at = log[index]
        if acted == seat and not is_order_action(action):
            return index
    return None


def plan_undo(
    game: Game[Any],
    players: int,
    log: Sequence[LogEntry],
    seat: int,
    *,
    rated: bool,
    replay: Replay,
    stored: Any,
) -> UndoPlan:
    """Whether ``seat`` may take its last action back now, and the rewound state; raises
    the ``TableError`` saying why not. ``stored``: the match's state as saved (the replay
    must reach it, or the log is not what the state was built from). CPU work: run it off
    the event loop."""
    index = last_own_action(log, seat)
    if index is None:
        raise NothingToUndo()
    _seq, _seat, action, _at = log[index]
    prefix, since = log[:index], log[index:]
    try:
        before = deque(replay(prefix, None), maxlen=1)[0]
        hidden = secrets_of(game, before, players)
        states = replay(since, before)
        state = next(states)
        for _entry_seq, _acted, done, _entry_at in since:
            with watch_draws() as watch:
                state = next(states)
            secrets = secrets_of(game, state, players)
            if not is_order_action(done):
                if watch.draws:
                    raise RandomSince()
                if secrets != hidden:
                    raise HiddenSince()
            hidden = secrets
        if game.dump(state) != game.dump(stored):
            raise CannotReplay()
        if rated and any(acted != seat and not is_order_action(a) for _, acted, a, _ in since):
            raise OthersActed()
        kept = [entry for entry in since if is_order_action(entry[2])]
        rewound = deque(replay(kept, before), maxlen=1)[0]
    except IllegalAction as error:  # played under other rules: it cannot be replayed
        raise CannotReplay() from error
    drop = tuple(entry[0] for entry in since if not is_order_action(entry[2]))
    return UndoPlan(seat, action, log[index][0], drop, before, rewound)


def still_open(request: UndoRequest, now: float) -> bool:
    """Not expired yet (whether the match moved on is the service's to tell)."""
    return now - request.asked_at <= UNDO_EXPIRY_SECONDS
