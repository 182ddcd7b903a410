"""Rush Out! in Discord: the /rushout commands and how its actions, events and controller read.

Nobody takes turns: every player throws and places dice at any time from a private panel,
the **controller** (the board's "🎮 My controller" button). Faces are shown as emoji, the
same pictures the board draws (🗡 a sword, 🌱 a sprout...), never as the engine's letters.
The public account tells what changes the game (completed cards, spells, the dragon,
wounds, curses, rounds, the market, pulse ends), not every throw: a live match makes
dozens of those a minute. The rules stay in the engine; this package only names what the
engine offers and tells what it reports: ``presenter`` (``RushOutPresenter``, every
presentation hook, no Discord in it), ``labels`` (one labeller per action verb), ``events``
(one sentence per event type), ``controller`` (the private panel's lines), ``panel`` (its
buttons: the dice of the last throw to pick, then a card for them; few at once, kept
while others play), ``rules`` (the /rushout rules embed), ``words`` (faces, cards,
targets). Each presentation hook reads its view once as the engine's typed view
(``words.rushout_view``). Actions name cards by identity (``place std05 0 1``): a click on
a card that has left the table meanwhile is refused, and the controller is shown afresh.

Time: the throw button shows the cooldown left, read from ``view["clock"]``: ``now`` is the
match time the platform sets before asking for labels, ``ready_at`` each seat's next
allowed throw (same time base).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.games.rushout import data
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import SHARED_OPTIONS, GameCog
from cogs.rushout.events import EVENT_LINES, LIVE_UNTOLD, UNTOLD
from cogs.rushout.labels import ACTION_LABELS
from cogs.rushout.presenter import RushOutPresenter
from cogs.rushout.rules import EMBED_DESCRIPTION_LIMIT, EMBED_FIELD_LIMIT, rules_embed
from cogs.rushout.words import Json

__all__ = [
    "ACTION_LABELS",
    "EMBED_DESCRIPTION_LIMIT",
    "EMBED_FIELD_LIMIT",
    "EVENT_LINES",
    "LIVE_UNTOLD",
    "UNTOLD",
    "RushOutCog",
    "RushOutPresenter",
    "engine_options",
    "rules_embed",
    "setup",
]

MAX_AI = 4
MAX_THROWS_PER_PULSE = data.MAX_THROWS_PER_PULSE
MODE_CHOICES = [app_commands.Choice(name=mode.title, value=key) for key, mode in data.MODES.items()]
SORCERER_CHOICES = [
    app_commands.Choice(name="Me", value="0"),
    app_commands.Choice(name="At random", value="random"),
    app_commands.Choice(name="The invited player", value="1"),
]
PLAY_CHOICES = [
    app_commands.Choice(name="Live", value="live"),
    app_commands.Choice(name="Pulses", value="pulse"),
]
COOLDOWN_CHOICES = [
    app_commands.Choice(name=f"{seconds:g} s", value=seconds) for seconds in (1.5, 2.5, 4.0, 6.0)
]
PULSE_CHOICES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        ("1 min", 60),
        ("5 min", 300),
        ("15 min", 900),
        ("1 hour", 3600),
        ("4 hours", 4 * 3600),
        ("12 hours", 12 * 3600),
    )
]


class RushOutCog(
    RushOutPresenter, GameCog, group_name="rushout", group_description="Play Rush Out!"
):
    """The /rushout commands: ``new``, and ``rules`` with a mode to pick."""

    @app_commands.command(name="new", description="Open a Rush Out! lobby in this channel")
    @app_commands.describe(
        opponent=SHARED_OPTIONS["opponent"],
        thread=SHARED_OPTIONS["thread"],
        ai="Number of AI players (0 to 4); the game needs 3 to 5 players",
        mode="Training 1 to learn, then Training 2 and Scenarios 1 to 6",
        sorcerer="Who plays the sorcerer against the heroes",
        play="Live: real time; Pulses: a number of throws per pulse, play when you can",
        cooldown="Live: the wait between two throws of a player",
        pulse="Pulses: how long a pulse lasts",
        throws="Pulses: throws each player gets per pulse (1 to 6)",
        handicap="Help beginner heroes: two trial cards are set aside unseen",
    )
    @app_commands.choices(mode=MODE_CHOICES, sorcerer=SORCERER_CHOICES, play=PLAY_CHOICES)
    @app_commands.choices(cooldown=COOLDOWN_CHOICES)
    @app_commands.choices(pulse=PULSE_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: app_commands.Range[int, 0, MAX_AI] = 0,
        mode: str = data.DEFAULT_MODE,
        sorcerer: str = "0",
        play: str = "live",
        cooldown: float = data.DEFAULT_COOLDOWN,
        pulse: int = int(data.DEFAULT_PULSE_SECONDS),
        throws: app_commands.Range[int, 1, MAX_THROWS_PER_PULSE] = data.DEFAULT_THROWS_PER_PULSE,
        handicap: bool = False,
        thread: bool = False,
    ) -> None:
        await self.open_lobby(
            interaction,
            options=engine_options(mode, sorcerer, play, cooldown, pulse, throws, handicap),
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=0,
        )

    @app_commands.command(name="rules", description="How to play this game")
    @app_commands.describe(mode="The mode whose rules to show (all modes listed if none)")
    @app_commands.choices(mode=MODE_CHOICES)
    async def rules(  # type: ignore[override]  # the shared command, with a mode to pick
        self, interaction: discord.Interaction, mode: str | None = None
    ) -> None:
        embed = rules_embed(mode, Tr(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def rules_embed(self, tr: Tr) -> discord.Embed:
        """``rules`` without a mode: the core rules and the list of modes."""
        return rules_embed(None, tr)


def engine_options(
    mode: str, sorcerer: str, play: str, cooldown: float, pulse: int, throws: int, handicap: bool
) -> Json:
    """The lobby's options as the engine reads them (only those of the chosen play)."""
    options: Json = {
        "mode": mode if mode in data.MODES else data.DEFAULT_MODE,
        "sorcerer": "random" if sorcerer == "random" else int(sorcerer == "1"),
        "play": "pulse" if play == "pulse" else "live",
        "handicap": handicap,
    }
    if options["play"] == "pulse":
        options["pulse_seconds"] = int(pulse)
        options["throws_per_pulse"] = int(throws)
    else:
        options["cooldown"] = float(cooldown)
    return options


async def setup(bot: TableHost) -> None:
    await bot.add_cog(RushOutCog(bot))
