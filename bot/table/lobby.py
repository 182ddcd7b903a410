"""Who sits at a lobby, and by whose click: challenges, rematches and a lobby's lifetime.

Nobody is seated without a click of their own. A challenge (the ``opponent`` of a new
lobby, or the lobby's **Invite**) only invites: the invited person is seated when they
**Accept**, and never if they decline, let a day pass, or the lobby starts without them.
A rematch keeps every seat of the match it follows, in turn (the first seat goes last, so
the first player and the sides rotate, as colours do in chess rematches); its people
hold their seats until each presses **Start**, and the match starts once all of them have.
A lobby that has not started after a day expires.

Pure: functions of a lobby ``Match``; ``MatchService`` writes what they return.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.store.contract import Match, Seat
from bot.table.errors import TableError

#: Match settings: pending challenges ({user id: when invited}), everyone ever invited in
#: order (an accepted challenge seats its player after the earlier ones), and the seats a
#: rematch holds until their person presses Start.
INVITED = "invited"
INVITEES = "invitees"
HELD = "held"
REMATCH_OF = "rematch_of"
#: A lobby (and so its challenges) lasts this long without starting.
LOBBY_SECONDS = 24 * 3600.0


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
    settings = {**match.settings, **changes}
    return replace(match, settings={k: v for k, v in settings.items() if v not in (None, {}, [])})


def invite(match: Match, user_id: int, now: float) -> Match:
    if match.seat_of(user_id) is not None:
        raise InvitedAlready(player=f"<@{user_id}>")
    if user_id in invitations(match):
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
    return renumbered(_with_settings(answered, names=names), seats)


def renumbered(match: Match, seats: list[Seat]) -> Match:
    """Seats numbered in lobby order."""
    return replace(match, seats=tuple(replace(s, seat=i) for i, s in enumerate(seats)))


def rematch_seats(old: Match) -> list[Seat]:
    """The last match's seats, turned by one: its first seat sits last."""
    order = sorted(old.seats, key=lambda s: s.seat)
    turned = [*order[1:], *order[:1]]
    return [
        Seat(i, s.user_id) if s.user_id is not None else Seat(i, None, is_ai=True)
        for i, s in enumerate(turned)
    ]


def ready(match: Match, user_id: int) -> Match:
    """A rematch's person pressed Start: their seat is theirs."""
    return _with_settings(match, **{HELD: [u for u in held(match) if u != user_id]})


def without_challenges(match: Match) -> Match:
    """A lobby that starts or ends: its pending challenges lapse."""
    return _with_settings(match, **{INVITED: {}, HELD: []})
