"""How players and matches are named in messages and pictures.

An AI seat is "AI 1", or "AI 1 (hard)" when it plays at another level than normal.
Names are data, never markup: a display name like ``<@123>`` or ``[x](link)`` is shown as
typed and pings nobody. Names are capped, so a forged 5,000-character name costs a picture
nothing.
"""

from __future__ import annotations

import unicodedata

import discord

from bot.games.base import DEFAULT_LEVEL
from bot.i18n import Tr
from bot.store.contract import Match
from bot.table.lobby import ai_level

#: Discord display names hold 32 characters; nothing longer is kept or drawn.
NAME_LIMIT = 32


def clean_name(raw: str) -> str:
    """A name as stored: one line, at most ``NAME_LIMIT`` characters, without invisible
    format characters (right-to-left overrides, zero-width spaces and joiners), which would
    let one name pass for another or turn the text around it."""
    visible = "".join(ch for ch in str(raw) if unicodedata.category(ch) != "Cf")
    flat = " ".join(visible.split())
    return flat[:NAME_LIMIT] or "?"


def as_text(name: str) -> str:
    """A name ready for a message: no markdown, no mention."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def ai_name(number: int, level: str, tr: Tr) -> str:
    """ "AI 1", or "AI 1 (hard)" for a level other than normal."""
    if level == DEFAULT_LEVEL:
        return tr("seat.ai", number=number)
    return tr("ai.seat_at_level", number=number, level=tr(f"ai.level.{level}"))


class Naming:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    def names(self, match: Match, tr: Tr, *, for_text: bool = True) -> list[str]:
        """Each seat's name, in seat order: escaped for messages, raw (but capped) for
        pictures (``for_text=False``)."""
        known: dict[str, str] = match.settings.get("names", {})
        names = []
        ai_number = 0
        for seat in match.seats:
            if seat.is_ai and seat.user_id is None:
                ai_number += 1
                name = ai_name(ai_number, ai_level(match, seat.seat), tr)
            elif seat.is_ai:
                name = tr("seat.ai_for", name=clean_name(known.get(str(seat.user_id), "?")))
            else:
                stored = known.get(str(seat.user_id))
                name = clean_name(stored) if stored else tr("seat.player", number=seat.seat + 1)
            names.append(as_text(name) if for_text else name)
        return names

    def guild_tr(self, match: Match) -> Tr:
        guild = self.client.get_guild(match.guild_id) if match.guild_id else None
        return Tr(guild.preferred_locale if guild else None)

    @staticmethod
    def link(match: Match) -> str:
        guild = match.guild_id or "@me"
        tail = f"/{match.board_message_id}" if match.board_message_id else ""
        return f"https://discord.com/channels/{guild}/{match.channel_id}{tail}"


def pinging(user_ids: list[int]) -> discord.AllowedMentions:
    """Mentions that ping exactly these people and nobody else."""
    if not user_ids:
        return discord.AllowedMentions.none()
    return discord.AllowedMentions(
        users=[discord.Object(user_id) for user_id in user_ids], roles=False, everyone=False
    )
