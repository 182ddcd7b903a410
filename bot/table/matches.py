"""The table's own rules, shared by every game: lobby, seats, turns, resigning, timers.

Pure of Discord: the cogs call this service and turn its results into messages, its
``TableError``s into private replies. The engines decide what is legal in a game; this
module decides who may act on which match, and keeps every change one versioned write.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.games.base import SYSTEM_SEAT, Game, clock_of, is_order_action
from bot.store import jsonio
from bot.store.contract import Match, StaleVersion, UndoRequest
from bot.table import undo
from bot.table.errors import (
    MatchFrozen,
    MatchNotActive,
    NotSeated,
    NotYourPanel,
    NotYourTurn,
    StaleBoard,
    TableError,
    UnknownAction,
)
from bot.table.lobby import Lobbies, ai_level
from bot.table.writes import (
    ENDED_BY,
    UNDONE_AT,
    public_version,
    stored_version,
    with_ai_seat,
    with_private_write,
)

log = logging.getLogger(__name__)

EXPIRIES_BEFORE_AI_KEEPS_SEAT = 3
#: The reason of a match a moderator ended, and the match setting naming that moderator.
MODERATOR_REASON = "moderator"

MAX_ACTIONS_FOR_AN_EXPIRED_TURN = 200


@dataclass(frozen=True)
class Played:
    """One applied action and what it changed."""

    match: Match
    state: Any
    seat: int
    action: str
    by_ai: bool
    turn_changed: bool  # the set of seats to act changed: a new board message is due

    @property
    def is_order(self) -> bool:
        """A private standing order: nothing public changed."""
        return is_order_action(self.action)


@dataclass(frozen=True)
class Expired:
    """A turn whose time limit ran out, played by the AI for a person."""

    seat: int
    user_id: int | None
    ai_keeps_seat: bool
    played: list[Played]


#: (game, the state as ``dump`` gives it, seat, rng, level) -> the AI's action, decided
#: elsewhere than in this process (``MatchService.think_apart``).
ThinkApart = Callable[[str, dict[str, Any], int, random.Random, str], Awaitable[str]]
#: The levels whose decisions go to ``think_apart`` when there is one: a search holds the
#: GIL for up to ~150 ms, which a thread would take from the people's clicks.
THINK_APART_LEVELS = frozenset({"hard"})


def ai_rng(match: Match) -> random.Random:
    """The AI's tie-breaks are reproducible from the match seed and public version (a
    standing order set meanwhile changes nothing the AI does)."""
    return random.Random(match.seed * 1_000_003 + public_version(match))


class MatchService(Lobbies):
    """The table's rules for every game: lobbies (``Lobbies``), play, the AI, resigning,
    moderators, timers and undo."""

    #: Where a searching AI thinks when not in a thread of this process (the bot sets its
    #: render workers': ``BoardPainter.think``).
    think_apart: ThinkApart | None = None

    # ---------------------------------------------------------------- play
    async def act(
        self,
        match_id: int,
        version: int,
        user_id: int,
        action: str,
        *,
        tolerate_others: bool = False,
        panel_seat: int | None = None,
    ) -> Played:
        """A person's click: checks the board is current, the clicker seated and on turn.
        ``version``: the public version the clicked board showed (``public_version``).

        ``tolerate_others``: in games where everyone chooses at once, a click made on a
        panel that others' actions have since outdated still counts, as long as the
        clicker has not acted since (a double click still applies only once).
        ``panel_seat``: the seat whose private panel the click came from.
        """
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status == "frozen":
                raise MatchFrozen(match=match)
            if match.status != "active":
                raise MatchNotActive(match=match)
            seat = match.seat_of(user_id)
            if seat is None:
                raise NotSeated(match=match)
            if panel_seat is not None and panel_seat != seat:
                raise NotYourPanel(match=match)
            order = is_order_action(action)
            if not order and not await self._still_current(match, version, seat, tolerate_others):
                raise StaleBoard(match=match)
            state = await self._state_or_freeze(match)
            if order:
                if action not in self.order_actions(match, state, seat):
                    raise UnknownAction(match=match)
            elif seat not in self.engine(match).to_act(state):
                raise NotYourTurn(match=match, state=state)
            return await self._apply(match, state, seat, action, by_ai=False)

    async def _still_current(
        self, match: Match, version: int, seat: int, tolerate_others: bool
    ) -> bool:
        """A click made on public ``version`` still counts if nothing public changed since
        (only standing orders were set), or, with ``tolerate_others``, if only other
        seats acted since."""
        current = public_version(match)
        if version == current:
            return True
        if version > current or version < 0:
            return False
        log = await self.store.action_log(match.id)
        at = stored_version(match, version, log)
        if at < int(match.settings.get(UNDONE_AT, 0)):
            return False
        since = [(acted, action) for seq, acted, action in log if seq > at]
        return all(
            is_order_action(action) or (tolerate_others and acted != seat)
            for acted, action in since
        )

    def order_actions(self, match: Match, state: Any, seat: int) -> list[str]:
        """The standing orders ``seat`` may set now, for games that have them."""
        order_actions = getattr(self.engine(match), "order_actions", None)
        if order_actions is None or match.status != "active":
            return []
        return list(order_actions(state, seat))

    async def act_as_ai(self, match_id: int, seat: int) -> Played | None:
        """The AI plays one action for ``seat`` if that seat is still to act. In a real-time
        game a searching AI thinks before it takes the match's lock, as a person thinks
        before clicking, so the people at its table never wait for its thoughts; what it
        chose is played if it is still legal then (else it thinks again at its next turn)."""
        early = await self._think_before_the_lock(match_id, seat)
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "active":
                return None
            state = await self._state_or_freeze(match)
            if seat not in self.engine(match).to_act(state):
                return None
            engine = self.engine(match)
            action = early or await self._think(match, engine, state, seat, ai_level(match, seat))
            clock = clock_of(engine)
            now = self.match_time(match)
            if clock is not None and action not in clock.legal_actions_at(state, seat, now):
                return None  # not yet (a throw's cooldown): see ``ai_ready_at``
            return await self._apply(match, state, seat, action, by_ai=True)

    async def _think_before_the_lock(self, match_id: int, seat: int) -> str | None:
        """A real-time game's searching AI's action, chosen from the match as it is now
        without holding its lock; None when the AI is to think under the lock (a turn
        game, a quick level, no process to think in, nothing to do)."""
        if self.think_apart is None:
            return None
        match = await self._get(match_id)
        engine = self.engine(match)
        level = ai_level(match, seat)
        if match.status != "active" or clock_of(engine) is None or level not in THINK_APART_LEVELS:
            return None
        try:
            state = self.load_state(match)
        except MatchFrozen:
            return None  # frozen under the lock, as ever
        if seat not in engine.to_act(state):
            return None
        return await self._think(match, engine, state, seat, level)

    async def _think(
        self, match: Match, engine: Game[Any], state: Any, seat: int, level: str
    ) -> str:
        """The AI's action, off the event loop: a search (hard) in another process when the
        bot has one for it, so that it never holds the GIL the people's clicks need; else
        in a thread, which runs in a copy of this context (a test's
        ``bot.games.search.deterministic()`` reaches it)."""
        if self.think_apart is not None and level in THINK_APART_LEVELS:
            try:
                return await self.think_apart(
                    match.game, engine.dump(state), seat, ai_rng(match), level
                )
            except Exception:  # a worker gone: the AI still plays
                log.exception("match %s: the AI could not think apart; it thinks here", match.id)
        return await asyncio.to_thread(engine.bot_action, state, seat, ai_rng(match), level=level)

    async def act_system(self, match_id: int, action: str | None = None) -> Played | None:
        """A real-time game's system action: ``action`` (a chat message's), or the one due
        at its deadline when ``action`` is None; nothing if it is not legal now."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            clock = clock_of(self.engine(match))
            if match.status != "active" or clock is None:
                return None
            state = await self._state_or_freeze(match)
            wanted = clock.due_action(state) if action is None else action
            at = self.match_time(match)
            if wanted is None or wanted not in clock.legal_actions_at(state, SYSTEM_SEAT, at):
                return None
            return await self._apply(match, state, SYSTEM_SEAT, wanted, by_ai=True)

    def chat_action(self, match: Match, state: Any, seat: int) -> str | None:
        """The system action a chat message from ``seat`` causes in a real-time game."""
        clock = clock_of(self.engine(match))
        return clock.chat_action(state, seat) if clock is not None else None

    def only_action(self, match: Match, state: Any, seat: int) -> str | None:
        """The one legal action of a seat, when it has exactly one."""
        actions = self.engine(match).legal_actions(state, seat)
        return actions[0] if len(actions) == 1 else None

    async def act_for(self, match_id: int, seat: int, action: str) -> Played | None:
        """Play a person's only possible action for them (a roll nobody needs to click),
        if it is still their only one."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "active":
                return None
            state = await self._state_or_freeze(match)
            if self.only_action(match, state, seat) != action:
                return None
            return await self._apply(match, state, seat, action, by_ai=True)

    async def _apply(
        self, match: Match, state: Any, seat: int, action: str, *, by_ai: bool
    ) -> Played:
        engine = self.engine(match)
        now = self.clock()
        clock = clock_of(engine)
        # IllegalAction reaches the player.
        if clock is not None:
            new_state = clock.apply_at(state, seat, action, self.match_time(match, now))
        else:
            new_state = engine.apply(state, seat, action)
        turn_changed = engine.to_act(new_state) != engine.to_act(state)
        outcome = engine.outcome(new_state)
        seats = match.seats
        if not by_ai and not is_order_action(action):
            seats = tuple(replace(s, expiries=0) if s.seat == seat else s for s in seats)
        if is_order_action(action):
            match = with_private_write(match)  # its version moves on, the public one not
        updated = replace(
            match,
            state=jsonio.dumps(engine.dump(new_state)),
            status="finished" if outcome else "active",
            result={"winners": list(outcome.winners), "reason": outcome.reason}
            if outcome
            else None,
            turn_started_at=now if turn_changed else match.turn_started_at,
            last_reminder_at=None if turn_changed else match.last_reminder_at,
            seats=seats,
        )
        stored = await self._write(
            updated, match.version, action=(seat, action, by_ai), now=now, state=new_state
        )
        return Played(stored, new_state, seat, action, by_ai, turn_changed or outcome is not None)

    async def resign(self, match_id: int, user_id: int) -> Match:
        """With two players the other wins; with more, an AI takes the seat over."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "active":
                raise MatchNotActive(match=match)
            seat = match.seat_of(user_id)
            if seat is None:
                raise NotSeated(match=match)
            if len(match.seats) == 2:
                updated = replace(
                    match, status="finished", result={"winners": [1 - seat], "reason": "resigned"}
                )
            else:
                updated = with_ai_seat(match, seat)
            return await self._write(updated, match.version)

    async def end_by_moderator(self, match_id: int, moderator_id: int) -> Match:
        """A moderator ends the channel's match: a lobby is cancelled; a match being played
        is over with no winner, unrated, and its record says a moderator ended it."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if not match.is_open:
                raise MatchNotActive(match=match)
            ended = {**match.settings, ENDED_BY: moderator_id}
            if match.status == "lobby":
                updated = replace(match, status="cancelled", settings=ended)
            else:
                result = {"winners": [], "reason": MODERATOR_REASON, "unrated": True}
                updated = replace(match, status="finished", result=result, settings=ended)
            return await self._write(updated, match.version)

    # ---------------------------------------------------------------- timers
    async def play_expired_turn(self, match_id: int) -> list[Expired]:
        """The AI plays the turn of every person whose time ran out; after three in a
        row, the AI keeps that seat."""
        match = await self._get(match_id)
        if match.status != "active":
            return []
        state = await self._state_or_freeze(match)
        prefs = await self.prefs_of(match)
        now = self.clock()
        if not self.time_limit_passed(match, now, state, prefs):
            return []
        expired: list[Expired] = []
        for seat in self.humans_to_act(match, state):
            at = self.seat_time_limit_at(match, seat, prefs)
            if at is None or now < at:
                continue  # away, or back too recently: their time has not run out
            played = await self._play_out_seat(match.id, seat.seat)
            keeps = seat.expiries + 1 >= EXPIRIES_BEFORE_AI_KEEPS_SEAT
            await self._count_expiry(match.id, seat.seat, keeps)
            expired.append(Expired(seat.seat, seat.user_id, keeps, played))
        return expired

    async def _play_out_seat(self, match_id: int, seat: int) -> list[Played]:
        played: list[Played] = []
        for _ in range(MAX_ACTIONS_FOR_AN_EXPIRED_TURN):
            step = await self.act_as_ai(match_id, seat)
            if step is None:
                break
            played.append(step)
            if step.turn_changed:
                break
        return played

    async def _count_expiry(self, match_id: int, seat: int, ai_keeps_seat: bool) -> None:
        async with self.lock(match_id):
            match = await self._get(match_id)
            seats = tuple(
                replace(s, expiries=s.expiries + 1, is_ai=s.is_ai or ai_keeps_seat)
                if s.seat == seat
                else s
                for s in match.seats
            )
            await self._write(replace(match, seats=seats), match.version)

    async def mark_reminded(self, match: Match, state: Any) -> None:
        now = self.clock()
        await self.store.mark_reminded(match.id, now)
        reminded = replace(match, last_reminder_at=now)
        prefs = await self.prefs_of(match)
        await self.store.set_timer(match.id, self._timer_of(reminded, state, prefs))

    # ---------------------------------------------------------------- undo requests
    async def request_undo(self, match_id: int, user_id: int) -> undo.UndoAsked:
        """A person asks to take back their last action (the rules: ``bot.table.undo``). With
        nobody to ask it is taken back at once; else the request waits for the others."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status == "frozen":
                raise MatchFrozen(match=match)
            if match.status == "lobby":
                raise undo.NothingToUndo(match=match)
            if match.status != "active":
                raise MatchNotActive(match=match)
            seat = match.seat_of(user_id)
            if seat is None:
                raise NotSeated(match=match)
            waiting = await self.store.undo_request(match.id)
            if waiting is not None and await self._undo_open(match, waiting):
                raise undo.UndoWaiting(match=match)
            plan = await self._plan_undo(match, seat)
            voters = undo.voters(match, user_id)
            if not voters:
                return undo.UndoAsked(await self._rewind(match, plan), plan, voters, None)
            asked_at = public_version(match)
            request = UndoRequest(match.id, user_id, seat, asked_at, plan.seq, self.clock())
            await self.store.put_undo_request(request)
            return undo.UndoAsked(match, plan, voters, request)

    async def answer_undo(
        self, match_id: int, version: int, user_id: int, accept: bool
    ) -> undo.UndoAnswer:
        """Accept or Refuse on the request made at public ``version``: a refusal ends it;
        once every other person accepted, the actions are taken back."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            request = await self.store.undo_request(match.id)
            if user_id not in match.humans():
                raise undo.NotAVoter(match=match)
            if request is None or request.version != version:
                raise undo.UndoClosed(match=match)
            if not await self._undo_open(match, request):
                await self.store.drop_undo_request(match.id)
                if undo.still_open(request, self.clock()):
                    raise undo.UndoLapsed(match=match)
                raise undo.UndoExpired(match=match)
            if user_id == request.user_id:
                if accept:
                    raise undo.OwnRequest(match=match)
                await self.store.drop_undo_request(match.id)
                return undo.UndoAnswer("withdrawn", match, request)
            if not accept:
                await self.store.drop_undo_request(match.id)
                return undo.UndoAnswer("refused", match, request)
            if user_id in request.accepted:
                raise undo.AlreadyAccepted(match=match)
            request = replace(request, accepted=(*request.accepted, user_id))
            waiting = tuple(
                v for v in undo.voters(match, request.user_id) if v not in request.accepted
            )
            if waiting:
                await self.store.put_undo_request(request)
                return undo.UndoAnswer("accepted", match, request, waiting)
            plan = await self._plan_undo(match, request.seat)
            if plan.seq != request.seq:
                await self.store.drop_undo_request(match.id)
                raise undo.UndoLapsed(match=match)
            return undo.UndoAnswer("done", await self._rewind(match, plan), request)

    async def undo_standing(self, match_id: int) -> str:
        """Where the match's undo request stands: ``open``, ``lapsed`` (the match moved
        on), ``expired``, or ``gone`` (answered, withdrawn, or none)."""
        match = await self._get(match_id)
        request = await self.store.undo_request(match_id)
        if request is None:
            return "gone"
        if await self._undo_open(match, request):
            return "open"
        return "lapsed" if undo.still_open(request, self.clock()) else "expired"

    async def _undo_open(self, match: Match, request: UndoRequest) -> bool:
        """Not expired, and nothing public happened in the match since it was made."""
        return (
            match.status == "active"
            and undo.still_open(request, self.clock())
            and await self._still_current(match, request.version, request.seat, False)
        )

    async def _plan_undo(self, match: Match, seat: int) -> undo.UndoPlan:
        engine = self.engine(match)
        if clock_of(engine) is not None:
            raise undo.UndoRealTime(match=match)
        stored = await self._state_or_freeze(match)
        log = await self.store.timed_action_log(match.id)

        def replay(entries: Sequence[undo.LogEntry], start: Any) -> Iterator[Any]:
            return self.replayed(match, entries, start)

        try:
            return await asyncio.to_thread(
                undo.plan_undo,
                engine,
                len(match.seats),
                log,
                seat,
                rated=undo.rated(match),
                replay=replay,
                stored=stored,
            )
        except TableError as error:
            error.params.setdefault("match", match)
            raise

    async def _rewind(self, match: Match, plan: undo.UndoPlan) -> Match:
        """Write the rewound match: one versioned transaction that also drops the log rows
        taken back (``MatchStore.rewind``)."""
        engine = self.engine(match)
        now = self.clock()
        turn_changed = engine.to_act(plan.state) != engine.to_act(self.load_state(match))
        updated = replace(
            match,
            state=jsonio.dumps(engine.dump(plan.state)),
            result=None,
            settings={**match.settings, UNDONE_AT: match.version + 1},
            turn_started_at=now if turn_changed else match.turn_started_at,
            last_reminder_at=None if turn_changed else match.last_reminder_at,
        )
        prefs = await self._timer_prefs(updated, plan.state)
        updated = replace(updated, timer_at=self._timer_of(updated, plan.state, prefs))
        try:
            return await self.store.rewind(
                updated, expected_version=match.version, drop=plan.drop, now=now
            )
        except StaleVersion as error:
            current = await self.store.get(match.id)
            raise StaleBoard(match=current) from error
