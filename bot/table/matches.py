"""The table's own rules, shared by every game: lobby, seats, turns, resigning, timers.

Pure of Discord: the cogs call this service and turn its results into messages, its
``TableError``s into private replies. The engines decide what is legal in a game; this
module decides who may act on which match, and keeps every change one versioned write.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from bot.games import GAMES, Game
from bot.games.base import SYSTEM_SEAT, clock_of, is_order_action
from bot.store.contract import ChannelTaken, Match, MatchStore, Seat, StaleVersion, UndoRequest
from bot.store.people import NotifyPrefs
from bot.table import lobby, undo
from bot.table.errors import (
    AlreadySeated,
    BadOptions,
    ChannelBusy,
    CreatorCannotLeave,
    LobbyFull,
    MatchFrozen,
    MatchNotActive,
    NotInLobby,
    NotSeated,
    NotYourPanel,
    NotYourTurn,
    OnlyCreator,
    StaleBoard,
    TableError,
    UnknownAction,
    UnknownMatch,
    WrongPlayerCount,
)
from bot.table.timers import (
    STARTED_AT,
    TurnTimers,
)

log = logging.getLogger(__name__)

EXPIRIES_BEFORE_AI_KEEPS_SEAT = 3
#: The reason of a match a moderator ended, and the match setting naming that moderator.
MODERATOR_REASON = "moderator"
ENDED_BY = "ended_by"
#: The match setting that marks a lobby cancelled because it did not start within a day.
EXPIRED = "expired"

#: The match setting holding the version its last undo wrote: clicks made on a board older
#: than that are stale, even though no action was logged since (the log lost some).
UNDONE_AT = "undone_at"
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


def ai_rng(match: Match) -> random.Random:
    """The AI's tie-breaks are reproducible from the match seed and version."""
    return random.Random(match.seed * 1_000_003 + match.version)


class MatchService(TurnTimers):
    def __init__(self, store: MatchStore, clock: Callable[[], float]) -> None:
        super().__init__(clock)
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}

    @asynccontextmanager
    async def lock(self, match_id: int) -> AsyncIterator[None]:
        """Serialises the changes of one match: inside this process, then across the
        processes sharing the database (``MatchStore.match_lock``). The version check
        still refuses any write made from an outdated read."""
        async with (
            self._locks.setdefault(match_id, asyncio.Lock()),
            self.store.match_lock(match_id),
        ):
            yield

    # ---------------------------------------------------------------- lobby
    async def open_lobby(
        self,
        *,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        settings: dict[str, Any],
        seated: list[int] | None = None,
        challenged: list[int] | None = None,
        ai_seats: int = 0,
        seed: int | None = None,
    ) -> Match:
        """A lobby with its creator seated, ``ai_seats`` AI seats, and ``challenged`` people
        invited (seated only when they accept). ``seated``: people seated at once, for
        callers that already have their consent (the benches, the tests)."""
        seats = [Seat(0, creator_id)]
        for user_id in seated or []:
            if user_id != creator_id and all(s.user_id != user_id for s in seats):
                seats.append(Seat(len(seats), user_id))
        for _ in range(ai_seats):
            seats.append(Seat(len(seats), None, is_ai=True))
        return await self._create_lobby(
            game, guild_id, channel_id, creator_id, settings, seats, challenged or [], seed
        )

    async def _create_lobby(
        self,
        game: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        settings: dict[str, Any],
        seats: list[Seat],
        challenged: list[int],
        seed: int | None,
    ) -> Match:
        engine = GAMES[game]
        self._check_options(engine, settings.get("options", {}))
        if len(seats) + len(set(challenged) - {creator_id}) > engine.max_players:
            raise LobbyFull(max=engine.max_players)
        existing = await self.store.open_in_channel(channel_id)
        if existing is not None:
            raise ChannelBusy(match=existing)
        now = self.clock()
        pending = {str(u): now for u in challenged if u != creator_id}
        if pending:
            settings = {**settings, lobby.INVITED: pending, lobby.INVITEES: list(pending)}
        try:
            return await self.store.create_lobby(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                creator_id=creator_id,
                seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
                settings=settings,
                seats=seats,
                now=now,
            )
        except ChannelTaken as error:
            taken = await self.store.open_in_channel(channel_id)
            raise ChannelBusy(match=taken) from error

    async def rematch(self, match_id: int, user_id: int) -> Match:
        """A lobby after a finished match: its seats turned by one, its options; the other
        people hold their seats until they press Start."""
        old = await self.get(match_id)
        if old.status != "finished":
            raise MatchNotActive(match=old)
        if old.seat_of(user_id) is None:
            raise NotSeated(match=old)
        people = [s.user_id for s in old.seats if s.user_id is not None and s.user_id != user_id]
        settings = {
            **_without(old.settings, lobby.INVITED),
            lobby.REMATCH_OF: old.id,
            lobby.HELD: sorted(set(people)),
        }
        return await self._create_lobby(
            old.game,
            old.guild_id,
            old.channel_id,
            user_id,
            settings,
            lobby.rematch_seats(old),
            [],
            None,
        )

    async def invite(self, match_id: int, by_user: int, user_id: int) -> Match:
        """A challenge from the lobby's creator to ``user_id``."""

        def change(match: Match) -> Match:
            if by_user != match.creator_id:
                raise OnlyCreator()
            if user_id == by_user:
                raise lobby.InviteSelf()
            taken = len(match.seats) + len(lobby.invitations(match))
            if taken >= self.engine(match).max_players:
                raise LobbyFull(max=self.engine(match).max_players)
            return lobby.invite(match, user_id, self.clock())

        return await self._change_lobby(match_id, change)

    async def answer_challenge(self, match_id: int, user_id: int, name: str, accept: bool) -> Match:
        """The invited person accepts (and is seated) or declines."""

        def change(match: Match) -> Match:
            if user_id not in lobby.invitations(match):
                raise lobby.NotInvited()
            if not accept:
                return lobby.withdraw(match, user_id)
            if len(match.seats) >= self.engine(match).max_players:
                raise LobbyFull(max=self.engine(match).max_players)
            return lobby.seat_invitee(match, user_id, name)

        return await self._change_lobby(match_id, change)

    async def expire_lobby(self, match_id: int) -> Match | None:
        """A lobby that did not start within ``lobby.LOBBY_SECONDS`` is cancelled (None if
        it started, ended or is not due meanwhile)."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "lobby" or self.clock() < lobby.expires_at(match):
                return None
            expired = replace(lobby.without_challenges(match), status="cancelled")
            settings = {**expired.settings, EXPIRED: True}
            return await self._write(replace(expired, settings=settings), match.version)

    @staticmethod
    def _check_options(engine: Game[Any], options: dict[str, Any]) -> None:
        try:
            engine.new_state(engine.min_players, 0, options)
        except ValueError as error:
            raise BadOptions(reason=str(error)) from error

    async def join(self, match_id: int, user_id: int, name: str) -> Match:
        """Seat a person and remember their name in the same write (simultaneous Joins
        must keep every name)."""

        def change(match: Match) -> Match:
            if match.seat_of(user_id) is not None:
                raise AlreadySeated()
            if user_id in lobby.invitations(match):  # Join answers their own challenge
                return lobby.seat_invitee(match, user_id, name)
            self._check_room(match)
            names = {**match.settings.get("names", {}), str(user_id): name}
            seated = _with_seats(match, [*match.seats, Seat(0, user_id)])
            return replace(seated, settings={**match.settings, "names": names})

        return await self._change_lobby(match_id, change)

    async def leave(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> Match:
            if match.seat_of(user_id) is None:
                raise NotSeated()
            if user_id == match.creator_id:
                raise CreatorCannotLeave()
            left = lobby.ready(match, user_id)  # a rematch no longer holds their seat
            return _with_seats(left, [s for s in match.seats if s.user_id != user_id])

        return await self._change_lobby(match_id, change)

    async def add_ai(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> Match:
            if match.seat_of(user_id) is None:
                raise NotSeated()
            self._check_room(match)
            return _with_seats(match, [*match.seats, Seat(0, None, is_ai=True)])

        return await self._change_lobby(match_id, change)

    def _check_room(self, match: Match) -> None:
        """A free seat, the seats challenges wait for left aside."""
        taken = len(match.seats) + len(lobby.invitations(match))
        if taken >= self.engine(match).max_players:
            raise LobbyFull(max=self.engine(match).max_players)

    async def cancel(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> Match:
            if user_id != match.creator_id:
                raise OnlyCreator()
            return replace(match, status="cancelled")

        return await self._change_lobby(match_id, change)

    async def start(self, match_id: int, user_id: int) -> Match:
        """The creator starts the lobby; in a rematch, each of its people presses Start and
        the match starts once all of them have. Pending challenges lapse."""

        def change(match: Match) -> Match:
            engine = self.engine(match)
            holding = lobby.held(match)
            if match.settings.get(lobby.REMATCH_OF) is not None:
                if match.seat_of(user_id) is None:
                    raise NotSeated()
                match = lobby.ready(match, user_id)
                if user_id in holding and len(holding) > 1:
                    return match  # seated: the match starts when the others press Start too
                if lobby.held(match):
                    raise lobby.StillHeld(players=", ".join(f"<@{u}>" for u in lobby.held(match)))
            elif user_id != match.creator_id:
                raise OnlyCreator()
            count = len(match.seats)
            if not engine.min_players <= count <= engine.max_players:
                raise WrongPlayerCount(min=engine.min_players, max=engine.max_players, count=count)
            state = engine.new_state(count, match.seed, match.settings.get("options", {}))
            now = self.clock()
            settings = lobby.without_challenges(match).settings
            return replace(
                match,
                status="active",
                state=json.dumps(engine.dump(state)),
                # A rematch's settings are copied from its match: none of its undos count.
                settings={**_without(settings, UNDONE_AT), STARTED_AT: now},
                turn_started_at=now,
                last_reminder_at=None,
            )

        return await self._change_lobby(match_id, change)

    async def _change_lobby(self, match_id: int, change: Callable[[Match], Match]) -> Match:
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "lobby":
                raise NotInLobby()
            return await self._write(change(match), match.version)

    # ---------------------------------------------------------------- play
    def load_state(self, match: Match) -> Any:
        """The engine state of a match; raises ``MatchFrozen`` for a corrupt row."""
        if match.status == "frozen":
            raise MatchFrozen()
        try:
            if match.state is None:
                raise ValueError("no state stored")
            return self.engine(match).load(json.loads(match.state))
        except Exception as error:  # any failure to read the row means the row is corrupt
            log.exception("match %s: unreadable state, freezing it", match.id)
            raise MatchFrozen(reason=str(error)) from error

    def replayed(
        self, match: Match, log: Sequence[tuple[int, int, str, float]], start: Any = None
    ) -> Iterator[Any]:
        """The match told again from its seed and its action log (``timed_action_log``
        rows): the opening state (or ``start``, a state to go on from), then the state
        after each action, a real-time game's at the action's own match time. Raises
        ``IllegalAction`` at an action today's rules refuse. The one replay of a match:
        ``/log`` and undo requests go through it."""
        engine = self.engine(match)
        clock = clock_of(engine)
        state = start
        if state is None:
            state = engine.new_state(
                len(match.seats), match.seed, match.settings.get("options", {})
            )
        yield state
        for _seq, seat, action, at in log:
            if clock is not None:
                state = clock.apply_at(state, seat, action, self.match_time(match, at))
            else:
                state = engine.apply(state, seat, action)
            yield state

    async def freeze(self, match: Match, reason: str) -> None:
        await self.store.freeze(match.id, reason, self.clock())

    async def get(self, match_id: int) -> Match:
        return await self._get(match_id)

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
        """A click made on ``version`` still counts if nothing public changed since
        (only standing orders were set), or, with ``tolerate_others``, if only other
        seats acted since."""
        if version == match.version:
            return True
        if version > match.version or version < int(match.settings.get(UNDONE_AT, 0)):
            return False
        since = [
            (acted, action)
            for seq, acted, action in await self.store.action_log(match.id)
            if seq > version
        ]
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
        """The AI plays one action for ``seat`` if that seat is still to act."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "active":
                return None
            state = await self._state_or_freeze(match)
            if seat not in self.engine(match).to_act(state):
                return None
            engine = self.engine(match)
            # Off the event loop: a thoughtful AI move must not stall other matches.
            action = await asyncio.to_thread(engine.bot_action, state, seat, ai_rng(match))
            clock = clock_of(engine)
            now = self.match_time(match)
            if clock is not None and action not in clock.legal_actions_at(state, seat, now):
                return None  # not yet (a throw's cooldown): see ``ai_ready_at``
            return await self._apply(match, state, seat, action, by_ai=True)

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

    async def _state_or_freeze(self, match: Match) -> Any:
        try:
            return self.load_state(match)
        except MatchFrozen:
            if match.status != "frozen":
                await self.freeze(match, "unreadable state")
            raise

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
        updated = replace(
            match,
            state=json.dumps(engine.dump(new_state)),
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
                updated = _with_ai_seat(match, seat)
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
    async def prefs_of(self, match: Match) -> dict[int, NotifyPrefs]:
        """The notification settings of the match's people (those who set any)."""
        return await self.store.notify_prefs(match.humans())

    async def refresh_timer(self, match_id: int) -> None:
        """Store the match's next timer again (after the timer loop looked at it)."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            state = None if match.status != "active" else await self._state_or_freeze(match)
            prefs = await self.prefs_of(match) if state is not None else None
            await self.store.set_timer(match.id, self._timer_of(match, state, prefs))

    def _timer_of(
        self, match: Match, state: Any, prefs: Mapping[int, NotifyPrefs] | None = None
    ) -> float | None:
        if state is None or match.status != "active":
            return None
        return self.next_timer(match, state, prefs)

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
            request = UndoRequest(match.id, user_id, seat, match.version, plan.seq, self.clock())
            await self.store.put_undo_request(request)
            return undo.UndoAsked(match, plan, voters, request)

    async def answer_undo(
        self, match_id: int, version: int, user_id: int, accept: bool
    ) -> undo.UndoAnswer:
        """Accept or Refuse on the request made at ``version``: a refusal ends it; once
        every other person accepted, the actions are taken back."""
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
            state=json.dumps(engine.dump(plan.state)),
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

    # ---------------------------------------------------------------- helpers
    async def _get(self, match_id: int) -> Match:
        match = await self.store.get(match_id)
        if match is None:
            raise UnknownMatch()
        return match

    async def _timer_prefs(self, match: Match, state: Any) -> dict[int, NotifyPrefs] | None:
        """The settings a write's next timer depends on: those of the people to act (none
        to read when only AI seats act, or nothing is timed)."""
        if state is None or match.status != "active":
            return None
        people = [s.user_id for s in self.humans_to_act(match, state) if s.user_id]
        return await self.store.notify_prefs(people) if people else None

    async def _write(
        self,
        match: Match,
        version: int,
        action: tuple[int, str, bool] | None = None,
        now: float | None = None,
        state: Any = None,
    ) -> Match:
        """Write the match with its next timer (from ``state``, or its stored state)."""
        if match.status == "active" and state is None and match.state is not None:
            try:
                state = self.load_state(match)
            except MatchFrozen:
                state = None
        prefs = await self._timer_prefs(match, state)
        match = replace(match, timer_at=self._timer_of(match, state, prefs))
        try:
            return await self.store.update(
                match,
                expected_version=version,
                action=action,
                now=self.clock() if now is None else now,
            )
        except StaleVersion as error:
            current = await self.store.get(match.id)
            raise StaleBoard(match=current) from error


def _without(settings: dict[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in settings.items() if name != key}


def _with_seats(match: Match, seats: list[Seat]) -> Match:
    """Seats renumbered in order: seat numbers are turn order."""
    return replace(match, seats=tuple(replace(s, seat=i) for i, s in enumerate(seats)))


def _with_ai_seat(match: Match, seat: int) -> Match:
    return replace(
        match, seats=tuple(replace(s, is_ai=True) if s.seat == seat else s for s in match.seats)
    )
