"""How a game reads at the table: the presentation hooks every game cog may override (action
labels, event sentences, private lines, picture labels), with their defaults. The shared
flow (``cogs._flow``, ``cogs._boards``, ``cogs._history``) talks to a game through these
only; ``cogs._match.GameCog`` adds the Discord commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from bot.games import GAMES, Game
from bot.games.base import View
from bot.i18n import Tr
from renderers import LABEL_DEFAULTS

#: The turn time limits a lobby may choose (their English names; translated by
#: ``CommandTranslator``), in seconds.
TIME_LIMIT_CHOICES = (
    ("No limit", 0),
    ("1 hour", 3600),
    ("12 hours", 12 * 3600),
    ("24 hours", 24 * 3600),
    ("3 days", 72 * 3600),
)


@dataclass(frozen=True)
class TypedChoice:
    """How a typed choice is asked: the button, the box's label, an example answer."""

    button: str
    label: str
    example: str


@dataclass(frozen=True)
class PanelChoice:
    """One button of a private panel a game lays out itself (``Presenter.panel_layout``):
    an ``action`` to play, or else a ``step`` of the panel to show ("" its first level).
    ``style``: primary, secondary, success or danger."""

    label: str
    action: str | None = None
    step: str | None = None
    style: str = "primary"
    disabled: bool = False


@dataclass(frozen=True)
class PanelLayout:
    """A private panel a game lays out itself: lines added under its private lines, and
    rows of buttons (at most 5 rows of 5)."""

    lines: list[str]
    rows: list[list[PanelChoice]]


class Presenter:
    """What one game shows of itself. Subclasses set ``game_name``."""

    game_name: ClassVar[str]
    #: Hidden information: players choose their actions in a private "My hand" reply.
    private_actions: ClassVar[bool] = False
    #: The label of the board's button that opens the private panel.
    hand_label_key: ClassVar[str] = "board.my_hand"
    #: A private panel that changes while its player chooses (a real-time game): a step of
    #: it (``panel_layout``, ``action_step``) stays shown when the panel is brought up to
    #: date after others' actions (it is left with the player's own next action), and a
    #: click the game refuses shows the panel as it is now besides the reason.
    live_panel: ClassVar[bool] = False
    #: Actions the table plays for a person when it is their only legal action (a roll):
    #: nothing to decide, so no click. A match turns this off with the setting
    #: ``{"auto_actions": False}``.
    automatic_actions: ClassVar[frozenset[str]] = frozenset()

    @property
    def engine(self) -> Game[Any]:
        return GAMES[self.game_name]

    # -- presentation hooks, overridden by each game
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        return action

    def is_secret_action(self, action: str) -> bool:
        """An action whose button would reveal hidden information (a card in a hand): it is
        offered only in the private panel. With ``private_actions``, the others may still
        be offered on the public board to the one person to act."""
        return self.private_actions

    def action_step(self, action: str, view: View, tr: Tr) -> tuple[str, str] | None:
        """For a game whose choices come in two steps in the private panel (which pawn,
        then where): the first step's key and label for this action, e.g. ``("B2", "Boat
        E7")``. None: the action is offered as it is."""
        return None

    def panel_layout(
        self, actions: list[str], view: View, step: str | None, tr: Tr
    ) -> PanelLayout | None:
        """A game that lays out its private panel itself: its lines and buttons for the
        seat's legal ``actions`` (``view``: the seat's view) at panel step ``step`` (None:
        the first level; a step comes from a ``PanelChoice`` and may be stale or forged).
        None: the shared panel (``action_step`` and menus)."""
        return None

    def panel_picture(self, view: View) -> str | None:
        """The focus of the picture a player's private panel shows (``render_private`` of
        the game's renderer, from the seat's ``view``), or None: no picture."""
        return None

    def board_buttons(self, match_id: int, tr: Tr) -> list[Any]:
        """A game's own buttons on its boards, beside Log and Follow (``discord.ui`` items,
        e.g. a private zoom on the picture)."""
        return []

    def step_prompt(self, key: str, label: str, view: View, tr: Tr) -> str:
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
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        return []

    def prompt_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        """What the players to act need to know of the choice before them (a choice's
        options explained), a bullet each under the account of the board as it is now,
        within its lines (``cogs._boards.ACCOUNT_LINES``): unlike ``event_lines``, never
        kept for the boards that follow."""
        return []

    def render_labels(self, view: View, names: list[str], tr: Tr) -> dict[str, str]:
        """The words drawn in the picture, in the reader's language (``render.<game>.<key>``)."""
        labels = {f"player_{seat}": name for seat, name in enumerate(names)}
        for key in LABEL_DEFAULTS.get(self.game_name, {}):
            translated = f"render.{self.game_name}.{key}"
            if tr.has(translated) and key not in labels:
                labels[key] = tr(translated)
        return labels

    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        return []

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"{self.game_name}.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")
