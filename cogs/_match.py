"""What a game cog adds to the shared flow, and the base class it builds on.

A game cog subclasses ``GameCog`` and adds only what is its own: its ``new`` command with
its options, how its actions are labelled and its events told. Everything else (lobby,
boards, buttons, AI seats, timers, errors) is shared: see ``cogs._flow``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES, Game
from bot.i18n import Tr
from cogs._components import LABEL_LIMIT
from cogs._flow import TIME_LIMIT_CHOICES
from renderers import LABEL_DEFAULTS

if TYPE_CHECKING:
    from bot.app import RushTableBot

__all__ = ["LABEL_LIMIT", "SHARED_OPTIONS", "GameCog", "time_limit_choices"]


@dataclass(frozen=True)
class TypedChoice:
    """How a typed choice is asked: the button, the box's label, an example answer."""

    button: str
    label: str
    example: str


class GameCog(commands.GroupCog):
    """What one game adds to the shared flow. Subclasses set ``game_name`` and define
    ``new`` with their options, calling ``open_lobby``."""

    game_name: ClassVar[str]
    #: Hidden information: players choose their actions in a private "My hand" reply.
    private_actions: ClassVar[bool] = False
    #: The label of the board's button that opens the private panel.
    hand_label_key: ClassVar[str] = "board.my_hand"
    #: Actions the table plays for a person when it is their only legal action (a roll):
    #: nothing to decide, so no click. A match turns this off with the setting
    #: ``{"auto_actions": False}``.
    automatic_actions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, bot: RushTableBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def engine(self) -> Game[Any]:
        return GAMES[self.game_name]

    async def cog_load(self) -> None:
        self.bot.table.presenters[self.game_name] = self

    async def cog_unload(self) -> None:
        self.bot.table.presenters.pop(self.game_name, None)

    # -- presentation hooks, overridden by each game
    def action_label(self, action: str, view: dict[str, Any], tr: Tr) -> str:
        return action

    def is_secret_action(self, action: str) -> bool:
        """An action whose button would reveal hidden information (a card in a hand): it is
        offered only in the private panel. With ``private_actions``, the others may still
        be offered on the public board to the one person to act."""
        return self.private_actions

    def action_step(self, action: str, view: dict[str, Any], tr: Tr) -> tuple[str, str] | None:
        """For a game whose choices come in two steps in the private panel (which pawn,
        then where): the first step's key and label for this action, e.g. ``("B2", "Boat
        E7")``. None: the action is offered as it is."""
        return None

    def step_prompt(self, key: str, label: str, view: dict[str, Any], tr: Tr) -> str:
        """The panel's line once a first step is chosen."""
        return tr("panel.step_prompt", choice=label)

    def typed_step(self, key: str, label: str, actions: list[str], tr: Tr) -> TypedChoice | None:
        """A step whose choice (among ``actions``) may also be typed, a square rather than
        a long menu: how the button and the box read. None: menus only."""
        return None

    def typed_action(self, key: str, text: str, actions: list[str]) -> str | None:
        """The action among ``actions`` (all the seat's legal actions) that ``text``, typed
        at step ``key``, names; None if it names none."""
        return None

    def option_text(self, key: str, value: Any, tr: Tr) -> str:
        """How a lobby option reads: ``<game>.option.<key>.<value>`` when the catalog has it."""
        named = f"{self.game_name}.option.{key}.{value}"
        if tr.has(named):
            return tr(named)
        return tr("yes") if value is True else tr("no") if value is False else str(value)

    def action_group(self, action: str) -> str:
        """Actions with the same group share a select menu when there are many."""
        return action.split(" ", 1)[0]

    def event_lines(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: list[str], tr: Tr
    ) -> list[str]:
        return []

    def render_labels(self, view: dict[str, Any], names: list[str], tr: Tr) -> dict[str, str]:
        """The words drawn in the picture, in the reader's language (``render.<game>.<key>``)."""
        labels = {f"player_{seat}": name for seat, name in enumerate(names)}
        for key in LABEL_DEFAULTS.get(self.game_name, {}):
            translated = f"render.{self.game_name}.{key}"
            if tr.has(translated) and key not in labels:
                labels[key] = tr(translated)
        return labels

    def private_lines(self, view: dict[str, Any], names: list[str], tr: Tr) -> list[str]:
        return []

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"{self.game_name}.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")

    # -- shared commands
    @app_commands.command(name="rules", description="How to play this game")
    async def rules(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        embed = discord.Embed(
            title=tr("rules.title", game=self.engine.title),
            description=tr(f"{self.game_name}.rules"),
            colour=discord.Colour.blurple(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        options: dict[str, Any],
        opponent: discord.abc.User | None,
        ai: int,
        thread: bool,
        time_limit: int,
        settings: dict[str, Any] | None = None,
    ) -> None:
        """``options`` go to the engine; ``settings`` are extra match settings for the
        platform (e.g. ``{"reaction_timeout": 60}``)."""
        await self.bot.table.open_lobby(
            interaction,
            self.game_name,
            options=options,
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
            settings=settings,
        )


#: The options every game's ``new`` command shares, described once.
SHARED_OPTIONS = {
    "opponent": "Invite someone to play against you",
    "thread": "Play in a new thread",
    "time_limit": "Time for each turn before the AI plays it",
}


def time_limit_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=name, value=value) for name, value in TIME_LIMIT_CHOICES]
