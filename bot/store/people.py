"""Each person's notification settings and the followers of a match, as the store keeps
them (migration ``0005_notify.sql``; the rules that read them are ``bot.table.notify``),
and where each player's private panel lives in their direct messages (migration
``0008_hand_messages.sql``; ``cogs._hands`` keeps it up to date).
"""

from __future__ import annotations

from dataclasses import dataclass

#: Where turn pings go: a mention on the board, a direct message, both, or nowhere.
PING_MODES = ("channel", "dm", "both", "none")
DEFAULT_PINGS = "channel"


@dataclass(frozen=True)
class NotifyPrefs:
    """One person's notification settings (a person without a row has the defaults)."""

    user_id: int
    pings: str = DEFAULT_PINGS
    reminders: bool = True
    #: Seconds into a turn before the first reminder; None: the table's default (12 h).
    remind_after: float | None = None
    #: The last away period: when it began and when it ends (or ended: ``/notify back``
    #: sets it to that moment). A time limit never counts time before ``away_until``.
    away_since: float | None = None
    away_until: float | None = None
    #: A direct message to this person was refused (their DMs are closed): their pings
    #: go to the channel until they change their settings again.
    dm_closed: bool = False
    #: The language of their Discord client when they last set something (for DMs).
    locale: str | None = None

    def is_away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now

    @property
    def pinged_in_channel(self) -> bool:
        """Mentioned with a ping on the board (a closed DM falls back to the channel)."""
        if self.pings == "dm":
            return self.dm_closed
        return self.pings in ("channel", "both")

    @property
    def wants_dm(self) -> bool:
        return self.pings in ("dm", "both") and not self.dm_closed


@dataclass(frozen=True)
class Follower:
    """Someone without a seat who is told privately when the match ends (and, with
    ``every_turn``, at each new turn)."""

    match_id: int
    user_id: int
    every_turn: bool = False
    since: float = 0.0
    locale: str | None = None


@dataclass(frozen=True)
class HandMessage:
    """A player's lasting private panel of a match: a message in their direct messages with
    the bot, edited in place as the match goes on (one per player per match)."""

    match_id: int
    user_id: int
    channel_id: int
    message_id: int
    #: The language of their Discord client when it was sent: the panel is written in it.
    locale: str | None = None
