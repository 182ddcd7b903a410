"""The engine contract every game implements, and the pieces they share.

Engines are pure: state in, state out. No I/O, no clock, no global ``random``; every
random draw comes from the generator whose state is held in the game state.
"""

from __future__ import annotations

import contextlib
import json
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast

StateT = TypeVar("StateT")

#: A view as the platform sees it: read-only. Each game types its own views (a
#: ``TypedDict`` per game, read by its renderer and its cog).
View = Mapping[str, Any]

#: The longest action string: it must fit in a button's custom_id with the match id.
MAX_ACTION_LENGTH = 60

#: The AI's levels, weakest first. ``easy``: sensible and beatable by a beginner, though it
#: never throws the game away in one move; ``normal``: the default, also the AI that plays a
#: turn whose time ran out; ``hard``: searches (Monte-Carlo tree search over the worlds the
#: seat cannot tell apart) within a time budget per move. Every level decides from its own
#: seat's view only.
LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def check_level(level: str) -> str:
    """``level`` when it is one of ``LEVELS``; a ``ValueError`` otherwise."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: one of {', '.join(LEVELS)}")
    return level


#: An AI player of one level: its action for ``(state, seat, rng)``.
LevelPlayer = Callable[[StateT, int, random.Random], str]


def player_of_level(
    level: str, easy: LevelPlayer[StateT], normal: LevelPlayer[StateT], hard: LevelPlayer[StateT]
) -> LevelPlayer[StateT]:
    """The player of ``level`` among a game's three (a ``ValueError`` for another level)."""
    return {"easy": easy, "normal": normal, "hard": hard}[check_level(level)]


class IllegalAction(Exception):
    """An action the rules refuse. ``str(e)`` is an English sentence for the player.

    ``key`` and ``params`` let the Discord layer translate the sentence; the English
    text is the fallback when no translation is known.
    """

    def __init__(self, message: str, key: str = "illegal", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]  # seats; () = nobody won
    reason: str


class Game(Protocol[StateT]):
    name: str
    title: str
    min_players: int
    max_players: int

    def new_state(
        self, players: int, seed: int, options: dict[str, Any] | None = None
    ) -> StateT: ...

    def to_act(self, state: StateT) -> frozenset[int]: ...

    def legal_actions(self, state: StateT, seat: int) -> list[str]: ...

    def apply(self, state: StateT, seat: int, action: str) -> StateT: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def view(self, state: StateT, seat: int | None) -> View: ...

    def bot_action(
        self, state: StateT, seat: int, rng: random.Random, level: str = DEFAULT_LEVEL
    ) -> str: ...

    def dump(self, state: StateT) -> dict[str, Any]: ...

    def load(self, data: dict[str, Any]) -> StateT: ...


StateT_contra = TypeVar("StateT_contra", contravariant=True)


class HasStandingOrders(Protocol[StateT_contra]):
    """Optional, for games whose reaction cards answer other players' actions (Rush'n'Crush,
    Fireship). Waiting for an answer would tell everyone who holds such a card, so each
    player sets private **standing orders** instead, and the engine applies them at once
    when the case arises.

    A seat may set its orders at any time while the match runs, on turn or not: ``apply``
    accepts every action listed by ``order_actions`` whatever ``to_act`` says. An order
    action changes no public view (``view(state, None)`` is equal before and after), so the
    table publishes nothing for it and public buttons stay current. Order actions start
    with ``ORDER_PREFIX``; the seat's current orders are in ``view(state, seat)["orders"]``.
    """

    def order_actions(self, state: StateT_contra, seat: int) -> list[str]:
        """The order changes this seat may make now (empty when the match is over)."""
        ...


#: The seat the platform acts in for what no player chooses (a pulse ending, a reported
#: chat message). It is never in ``to_act``; see ``HasClock``.
SYSTEM_SEAT = -1


class HasClock(Protocol[StateT]):
    """Optional, for real-time games (Rush Out!). The engine stays pure: time is an argument.

    ``at`` is the match time in seconds (monotonic, 0 at the start) that the platform logs
    with each action; replaying the logged ``(seat, action, at)`` list with ``apply_at``
    rebuilds the match exactly. An ``at`` earlier than the last one applied counts as the
    last one. The plain ``apply``/``legal_actions`` behave as ``apply_at`` at the earliest
    moment the action is allowed (a cooldown just over, a deadline just reached), so the
    generic contract and the conformance suite hold without a clock.

    System actions (``apply_at(state, SYSTEM_SEAT, action, at)``, listed by
    ``legal_actions_at(state, SYSTEM_SEAT, at)``) are what the platform applies and logs
    itself: ``due_action`` at ``next_deadline``, and ``chat_action`` when a seat's player
    writes in the match's channel (a rule about talking, such as a Silence curse).
    """

    def apply_at(self, state: StateT, seat: int, action: str, at: float) -> StateT: ...

    def legal_actions_at(self, state: StateT, seat: int, at: float) -> list[str]: ...

    def ready_at(self, state: StateT, seat: int) -> float:
        """The earliest time the seat's timed action (a throw) is accepted again."""
        ...

    def next_deadline(self, state: StateT) -> float | None:
        """When ``due_action`` falls due (apply it then), or None."""
        ...

    def due_action(self, state: StateT) -> str | None:
        """The system action to apply at ``next_deadline`` (e.g. ending a pulse)."""
        ...

    def chat_action(self, state: StateT, seat: int) -> str | None:
        """The system action a chat message of ``seat`` causes now, or None."""
        ...


class HasSecrets(Protocol[StateT_contra]):
    """Optional, for games whose hidden information the private views do not show exactly
    as it is: a hidden pile (a deck's order) that a card may leave face up, or private views
    that also show what they derive (a pawn's reach, the legs a card may move).

    The table lets a player take an action back only while no hidden information has come
    out since (``bot.table.undo``). It compares ``secrets_of`` before and after each action: the
    engine's ``secrets`` when it has this method, else every seat's private view beyond the
    public view. That default is right for a game whose only secrets are hands shown to
    their owners (Rush'n'Crush) or that has none (Ruship); it is too strict for private
    views that derive things (an undo refused that could be allowed) and blind to a hidden
    pile turned face up, hence this hook.
    """

    def secrets(self, state: StateT_contra) -> Any:
        """A JSON-safe value holding every piece of hidden information as it is (each hand,
        a deck's order, a hidden choice, dice loaded in advance) and nothing derived from
        public facts: it changes exactly when hidden information moves. The random
        generator is not part of it: the table watches every ``SeededRng`` draw itself
        (``watch_draws``)."""
        ...


class HasOldGrammar(Protocol[StateT_contra]):
    """Optional, for a game whose action strings changed: an action of a stored log in
    today's words. Only a replay of the log (``/log``, undo, replays) translates; a live
    click in the old words, from a panel drawn before the change, is refused like any
    stale click."""

    def replayed_action(self, state: StateT_contra, action: str, at: float | None) -> str:
        """``action``, logged when applied to ``state`` (at match time ``at``, a game that
        keeps time), in today's words."""
        ...


def replayed_action(game: object, state: Any, action: str, at: float | None = None) -> str:
    """A logged action in today's words (``HasOldGrammar``), unchanged for other games."""
    if not hasattr(game, "replayed_action"):
        return action
    return cast("HasOldGrammar[Any]", game).replayed_action(state, action, at)


def secrets_of(game: Game[Any], state: Any, players: int) -> Any:
    """The hidden information of a state, to compare before and after an action (see
    ``HasSecrets``): the engine's own ``secrets``, or by default each seat's private view
    beyond the public view (as a multiset of its leaves, list positions left out)."""
    secrets = getattr(game, "secrets", None)
    if secrets is not None:
        return cast("HasSecrets[Any]", game).secrets(state)
    public = _leaves(game.view(state, None))
    return [sorted((_leaves(game.view(state, seat)) - public).items()) for seat in range(players)]


def _leaves(value: Any, path: tuple[str, ...] = ()) -> Counter[tuple[tuple[str, ...], str]]:
    """Every scalar of a view with the keys leading to it (list positions left out, so a
    card moving within a hand is no change)."""
    found: Counter[tuple[tuple[str, ...], str]] = Counter()
    if isinstance(value, dict):
        for key, item in value.items():
            found += _leaves(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for item in value:
            found += _leaves(item, path)
    else:
        found[(path, json.dumps(value, sort_keys=True, default=str))] += 1
    return found


def clock_of(game: object) -> HasClock[Any] | None:
    """The game as a ``HasClock`` when it keeps time (Rush Out!), else None."""
    needed = ("apply_at", "legal_actions_at", "ready_at", "next_deadline", "due_action")
    return cast("HasClock[Any]", game) if all(hasattr(game, n) for n in needed) else None


#: Every standing-order action starts with this word (``"order lucky 2"``).
ORDER_PREFIX = "order "


def is_order_action(action: str) -> bool:
    return action.startswith(ORDER_PREFIX)


_MASK64 = (1 << 64) - 1


class DrawWatch:
    """How many ``SeededRng`` draws were made while it watched (see ``watch_draws``)."""

    def __init__(self) -> None:
        self.draws = 0


_WATCH: ContextVar[DrawWatch | None] = ContextVar("seeded_rng_watch", default=None)


@contextlib.contextmanager
def watch_draws() -> Iterator[DrawWatch]:
    """Count the random draws made in this context (this thread or task) while open: how
    the table tells, whatever the game, whether an action consumed randomness (a die, a
    shuffle). Engines draw only through ``SeededRng``; other threads are not counted."""
    watch = DrawWatch()
    token = _WATCH.set(watch)
    try:
        yield watch
    finally:
        _WATCH.reset(token)


class SeededRng:
    """A tiny SplitMix64 generator whose whole state is one JSON-safe integer.

    Engines keep ``rng.state`` in their game state, so a match replays identically
    from its seed and its list of actions.
    """

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next_u64(self) -> int:
        watch = _WATCH.get()
        if watch is not None:
            watch.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both included."""
        span = high - low + 1
        limit = (1 << 64) - ((1 << 64) % span)
        while True:
            value = self.next_u64()
            if value < limit:
                return low + value % span

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]


PlainT = TypeVar("PlainT")


def deep_copy(value: PlainT) -> PlainT:
    """What ``copy.deepcopy`` gives for plain data (dataclasses, lists, dicts, tuples,
    numbers, strings: an engine's state or its dump), in a third of its time: pickle
    copies it whole in C."""
    copied: PlainT = pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
    return copied


def require(condition: bool, message: str, key: str = "illegal", **params: object) -> None:
    """Raise ``IllegalAction`` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(message, key, **params)


def is_seat(seat: object, players: int) -> bool:
    """A seat of a table of ``players``: an ``int`` from 0 (a ``bool`` is not one, though
    Python counts ``True`` as 1)."""
    return type(seat) is int and 0 <= seat < players


def is_system_seat(seat: object) -> bool:
    """The table's own seat (``SYSTEM_SEAT``) of a real-time game."""
    return type(seat) is int and seat == SYSTEM_SEAT


def require_seat(seat: object, players: int, *, system: bool = False) -> None:
    """Refuse, with ``IllegalAction``, a seat that is not one of the table's (nor, with
    ``system``, the table's own seat)."""
    allowed = is_seat(seat, players) or (system and is_system_seat(seat))
    require(allowed, "No such seat.", "no_such_seat")


def require_viewer(seat: object, players: int) -> None:
    """``view``'s seat: None (what everyone may know) or one of the table's seats."""
    if seat is not None:
        require_seat(seat, players)
