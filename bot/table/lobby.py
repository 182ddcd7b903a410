"""Who sits at a lobby, and by whose click: challenges, rematches and a lobby's lifetime.

Nobody is seated without a click of their own. A challenge (the ``opponent`` of a new
lobby, or the lobby's **Invite**) only invites: the invited person is seated when they
**Accept**, and never if they decline, let a day pass, or the lobby starts without them.
A rematch keeps every seat of the match it follows, in turn (the first seat goes last, so
the first player and the sides rotate, as colours do in chess rematches); its people
hold their seats until each presses **Start**, and the match starts once all of them have.
A lobby that has not started after a day expires. An AI seat plays at the level the host
chose when adding it (``add_ai``; ``ai:N`` at the lobby's opening seats normal AIs).

Pure: functions of a lobby ``Match``; ``MatchService`` writes what they return.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.games import GAMES, Game
from bot.games.base import DEFAULT_LEVEL, check_level
from bot.store import jsonio
from bot.store.contract import ChannelTaken, Match, Seat
from bot.store.ratings import AI_LEVELS, seat_levels
from bot.table.errors import (
    AlreadySeated,
    BadOptions,
    ChannelBusy,
    CreatorCannotLeave,
    LobbyFull,
    MatchNotActive,
    NotInLobby,
    NotSeated,
    OnlyCreator,
    TableError,
    WrongPlayerCount,
)
from bot.table.timers import STARTED_AT
from bot.table.writes import PER_MATCH_SETTINGS, UNDONE_AT, TableWrites, with_seats, without

#: Match settings: pending challenges ({user id: when invited}), everyone ever invited in
#: order (an accepted challenge seats its player after the earlier ones), and the seats a
#: rematch holds until their person presses Start.
INVITED = "invited"
INVITEES = "invitees"
HELD = "held"
REMATCH_OF = "rematch_of"
#: A lobby (and so its challenges) lasts this long without starting.
LOBBY_SECONDS = 24 * 3600.0
#: A lobby still without its message this long after it was saved never reached Discord
#: (the bot stopped between the two): the lobby keeper posts it (or drops it) then.
UNSEEN_LOBBY_SECONDS = 60.0


class NotInvited(TableError):
    key = "challenge.error.not_invited"


class InvitedAlready(TableError):
    key = "challenge.error.invited_already"  # params: player


class InviteSelf(TableError):
    key = "challenge.error.invite_self"


class StillHeld(TableError):
    key = "challenge.error.still_held"  # params: players


def invitations(match: Match) -> dict[int, float]:
    """The pending challenges of a lobby: invited person -> when."""
    pending = match.settings.get(INVITED) or {}
    return {int(user): float(at) for user, at in pending.items()}


def held(match: Match) -> list[int]:
    """The people a rematch seats who have not pressed Start yet."""
    return [int(user) for user in match.settings.get(HELD) or []]


def expires_at(match: Match) -> float:
    return match.created_at + LOBBY_SECONDS


def _with_settings(match: Match, **changes: Any) -> Match:
    """The match with these settings changed; one changed to nothing is left out."""
    settings = {**match.settings, **changes}
    for key, value in changes.items():
        if not value:
            del settings[key]
    return replace(match, settings=settings)


def invite(match: Match, user_id: int, now: float) -> Match:
    if match.seat_of(user_id) is not None or user_id in invitations(match):
        raise InvitedAlready(player=f"<@{user_id}>")
    pending = {**match.settings.get(INVITED, {}), str(user_id): now}
    everyone = [*match.settings.get(INVITEES, []), user_id]
    return _with_settings(match, **{INVITED: pending, INVITEES: everyone})


def withdraw(match: Match, user_id: int) -> Match:
    """The lobby without this person's challenge (declined, or answered)."""
    if user_id not in invitations(match):
        raise NotInvited()
    pending = {k: v for k, v in match.settings.get(INVITED, {}).items() if k != str(user_id)}
    return _with_settings(match, **{INVITED: pending})


def seat_invitee(match: Match, user_id: int, name: str) -> Match:
    """The accepted challenge: its person seated after the creator and the invitees who
    accepted before them (so "the invited player" keeps meaning the second seat)."""
    answered = withdraw(match, user_id)
    invitees = set(match.settings.get(INVITEES, []))
    humans = [s for s in match.seats if not s.is_ai]
    at = 1 + sum(1 for s in humans[1:] if s.user_id in invitees)
    seats = [*match.seats[:at], Seat(0, user_id), *match.seats[at:]]
    names = {**match.settings.get("names", {}), str(user_id): name}
    return with_seats(_with_settings(answered, names=names), seats)


def ai_level(match: Match, seat: int) -> str:
    """The level an AI plays ``seat`` at: the one chosen for an AI seat, normal for a
    person's seat the AI plays (an absent person's turn, a resigned seat)."""
    return seat_levels(match.settings, match.seats).get(seat, DEFAULT_LEVEL)


def with_ai_added(match: Match, level: str) -> Match:
    """The lobby with one more AI seat, last, playing at ``level``."""
    check_level(level)
    levels = [ai_level(match, s.seat) for s in match.seats if s.user_id is None]
    seated = with_seats(match, [*match.seats, Seat(0, None, is_ai=True)])
    return _with_levels(seated, [*levels, level])


def _with_levels(match: Match, levels: list[str]) -> Match:
    """``AI_LEVELS`` set to ``levels`` (the AI seats' in seat order), left out when all
    are normal (as a lobby without chosen levels stores nothing)."""
    chosen = levels if any(level != DEFAULT_LEVEL for level in levels) else []
    return _with_settings(match, **{AI_LEVELS: chosen})


def rematch_seats(old: Match) -> list[Seat]:
    """The last match's seats, turned by one: its first seat sits last."""
    order = sorted(old.seats, key=lambda s: s.seat)
    turned = [*order[1:], *order[:1]]
    return [
        Seat(i, s.user_id) if s.user_id is not None else Seat(i, None, is_ai=True)
        for i, s in enumerate(turned)
    ]


def rematch_levels(old: Match) -> list[str]:
    """The levels of the rematch's AI seats (``rematch_seats``' order): each keeps its own."""
    order = sorted(old.seats, key=lambda s: s.seat)
    turned = [*order[1:], *order[:1]]
    return [ai_level(old, s.seat) for s in turned if s.user_id is None]


def ready(match: Match, user_id: int) -> Match:
    """A rematch's person pressed Start: their seat is theirs."""
    return _with_settings(match, **{HELD: [u for u in held(match) if u != user_id]})


def without_challenges(match: Match) -> Match:
    """A lobby that starts or ends: its pending challenges lapse."""
    return _with_settings(match, **{INVITED: {}, HELD: []})


class Lobbies(TableWrites):
    """The lobby's side of the table's service: open, join, leave, add an AI, challenge,
    answer, rematch, start, cancel, expire."""

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
            settings = {**settings, INVITED: pending, INVITEES: list(pending)}
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
            **without(old.settings, INVITED, *PER_MATCH_SETTINGS),
            REMATCH_OF: old.id,
            HELD: sorted(set(people)),
        }
        seats = rematch_seats(old)
        settings = _with_levels(replace(old, settings=settings), rematch_levels(old)).settings
        return await self._create_lobby(
            old.game, old.guild_id, old.channel_id, user_id, settings, seats, [], None
        )

    async def invite(self, match_id: int, by_user: int, user_id: int) -> Match:
        """A challenge from the lobby's creator to ``user_id``."""

        def change(match: Match) -> Match:
            if by_user != match.creator_id:
                raise OnlyCreator()
            if user_id == by_user:
                raise InviteSelf()
            taken = len(match.seats) + len(invitations(match))
            if taken >= self.engine(match).max_players:
                raise LobbyFull(max=self.engine(match).max_players)
            return invite(match, user_id, self.clock())

        return await self._change_lobby(match_id, change)

    async def answer_challenge(self, match_id: int, user_id: int, name: str, accept: bool) -> Match:
        """The invited person accepts (and is seated) or declines."""

        def change(match: Match) -> Match:
            if user_id not in invitations(match):
                raise NotInvited()
            if not accept:
                return withdraw(match, user_id)
            if len(match.seats) >= self.engine(match).max_players:
                raise LobbyFull(max=self.engine(match).max_players)
            return seat_invitee(match, user_id, name)

        return await self._change_lobby(match_id, change)

    async def drop_unseen_lobby(self, match_id: int) -> None:
        """A lobby whose message never reached Discord: cancelled, so that it holds no
        channel (nobody could see it, let alone join it)."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status == "lobby" and match.board_message_id is None:
                await self._write(replace(match, status="cancelled"), match.version)

    async def expire_lobby(self, match_id: int) -> Match | None:
        """A lobby that did not start within ``LOBBY_SECONDS`` is cancelled (None if
        it started, ended or is not due meanwhile)."""
        async with self.lock(match_id):
            match = await self._get(match_id)
            if match.status != "lobby" or self.clock() < expires_at(match):
                return None
            expired = replace(without_challenges(match), status="cancelled")
            return await self._write(expired, match.version)

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
            if user_id in invitations(match):  # Join answers their own challenge
                return seat_invitee(match, user_id, name)
            self._check_room(match)
            names = {**match.settings.get("names", {}), str(user_id): name}
            seated = with_seats(match, [*match.seats, Seat(0, user_id)])
            return replace(seated, settings={**match.settings, "names": names})

        return await self._change_lobby(match_id, change)

    async def leave(self, match_id: int, user_id: int) -> Match:
        def change(match: Match) -> Match:
            if match.seat_of(user_id) is None:
                raise NotSeated()
            if user_id == match.creator_id:
                raise CreatorCannotLeave()
            left = ready(match, user_id)  # a rematch no longer holds their seat
            return with_seats(left, [s for s in match.seats if s.user_id != user_id])

        return await self._change_lobby(match_id, change)

    async def add_ai(self, match_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> Match:
        """One more AI seat, playing at ``level`` (``bot.games.base.LEVELS``)."""
        check_level(level)

        def change(match: Match) -> Match:
            if match.seat_of(user_id) is None:
                raise NotSeated()
            self._check_room(match)
            return with_ai_added(match, level)

        return await self._change_lobby(match_id, change)

    def _check_room(self, match: Match) -> None:
        """A free seat, the seats challenges wait for left aside."""
        taken = len(match.seats) + len(invitations(match))
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
            holding = held(match)
            if match.settings.get(REMATCH_OF) is not None:
                if match.seat_of(user_id) is None:
                    raise NotSeated()
                match = ready(match, user_id)
                if user_id in holding and len(holding) > 1:
                    return match  # seated: the match starts when the others press Start too
                if held(match):
                    raise StillHeld(players=", ".join(f"<@{u}>" for u in held(match)))
            elif user_id != match.creator_id:
                raise OnlyCreator()
            count = len(match.seats)
            if not engine.min_players <= count <= engine.max_players:
                raise WrongPlayerCount(min=engine.min_players, max=engine.max_players, count=count)
            state = engine.new_state(count, match.seed, match.settings.get("options", {}))
            now = self.clock()
            settings = without_challenges(match).settings
            return replace(
                match,
                status="active",
                state=jsonio.dumps(engine.dump(state)),
                # A rematch's settings are copied from its match: none of its undos count.
                settings={**without(settings, UNDONE_AT), STARTED_AT: now},
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
