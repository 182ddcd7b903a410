"""Domain errors of the table. Each carries the key of the sentence the player is shown;
one handler in the Discord layer translates and sends it privately."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Moment:
    """A point in time given to a sentence: the Discord layer shows it in the reader's own
    language and time zone (never as a raw Unix time)."""

    timestamp: float


class TableError(Exception):
    key = "error.generic"

    def __init__(self, **params: object) -> None:
        super().__init__(self.key, params)
        self.params = params


class NoMatchHere(TableError):
    key = "error.no_match_here"


class UnknownMatch(TableError):
    key = "error.unknown_match"


class ChannelBusy(TableError):
    key = "error.channel_busy"  # params: link


class NotSeated(TableError):
    key = "error.not_seated"


class NotYourTurn(TableError):
    key = "error.not_your_turn"  # params: players


class NotYourPanel(TableError):
    key = "error.not_your_panel"


class StaleBoard(TableError):
    key = "error.stale_board"  # params: link


class MatchNotActive(TableError):
    key = "error.match_not_active"


class MatchFrozen(TableError):
    key = "error.match_frozen"


class NotInLobby(TableError):
    key = "error.not_in_lobby"


class LobbyFull(TableError):
    key = "error.lobby_full"  # params: max


class AlreadySeated(TableError):
    key = "error.already_seated"


class OnlyCreator(TableError):
    key = "error.only_creator"


class CreatorCannotLeave(TableError):
    key = "error.creator_cannot_leave"


class WrongPlayerCount(TableError):
    key = "error.wrong_player_count"  # params: min, max, count


class BadOptions(TableError):
    key = "error.bad_options"  # params: reason


class UnknownAction(TableError):
    key = "error.unknown_action"


class NotAChoice(TableError):
    key = "error.not_a_choice"  # params: text, label, example


class WrongChannel(TableError):
    key = "error.wrong_channel"
