"""How Rush Out! reads at the table, without Discord: lobby options, action labels, the
account of events, outcome reasons and the controller's lines (``RushOutPresenter``).
Each hook reads its view once as the engine's typed view (``words.rushout_view``)."""

from __future__ import annotations

from typing import Any

from bot.games.base import View
from bot.games.rushout.views import RushOutPublicView
from bot.i18n import Tr
from cogs._match import LABEL_LIMIT
from cogs._presenter import PanelLayout, Presenter
from cogs.rushout.controller import curse_lines, market_lines, play_lines, role_lines, score_line
from cogs.rushout.events import EVENT_LINES, LIVE_UNTOLD, UNTOLD
from cogs.rushout.labels import ACTION_LABELS
from cogs.rushout.panel import market_layout, play_layout
from cogs.rushout.words import Json, decimal_text, duration_text, rushout_view


class RushOutPresenter(Presenter):
    """How Rush Out! reads at the table: every action is chosen in the private controller."""

    game_name = "rushout"
    private_actions = True
    hand_label_key = "rushout.controller"
    live_panel = True

    def option_text(self, key: str, value: Any, tr: Tr) -> str:
        if key == "cooldown" and isinstance(value, int | float):
            return tr("rushout.seconds", seconds=decimal_text(float(value), tr))
        if key == "pulse_seconds" and isinstance(value, int | float):
            return duration_text(float(value), tr)
        return super().option_text(key, value, tr)

    # ---------------------------------------------------------------- action labels
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        words = action.split()
        if not words:
            return action
        verb, args = words[0], words[1:]
        labeller = ACTION_LABELS.get(verb)
        label = labeller(args, rushout_view(view), tr) if labeller else None
        return (label or action)[:LABEL_LIMIT]

    def action_group(self, action: str) -> str:
        """Placements share menus; the few other actions share one."""
        verb = action.split(" ", 1)[0]
        return verb if verb in ("place", "buy", "push", "aim", "wound", "drain") else "play"

    # ---------------------------------------------------------------- the account
    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        public = rushout_view(view)
        return [line for event in events if (line := self.event_line(event, public, names, tr))]

    def event_line(self, event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
        """One event in a sentence; "" for an event deliberately not told."""
        kind = str(event.get("type"))
        if kind in UNTOLD or (kind in LIVE_UNTOLD and view["play"] != "pulse"):
            return ""
        teller = EVENT_LINES.get(kind)
        return teller(event, view, names, tr) if teller else ""

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"rushout.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")

    # ---------------------------------------------------------------- the controller
    def panel_layout(
        self, actions: list[str], view: View, step: str | None, tr: Tr
    ) -> PanelLayout | None:
        """The controller's buttons (``cogs.rushout.panel``): the dice, then a card."""
        seat_view = rushout_view(view)
        me = seat_view.get("me")
        if me is None:
            return None

        def label(action: str) -> str:
            return self.action_label(action, seat_view, tr)

        if seat_view["phase"] == "play":
            return play_layout(seat_view, me, actions, step, label, tr)
        return market_layout(actions, label)

    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        seat_view = rushout_view(view)
        me = seat_view.get("me")
        if me is None:
            return []
        lines = role_lines(seat_view, me, tr)
        phase = seat_view["phase"]
        if phase == "over":
            lines.append(tr("rushout.private.over"))
        elif phase == "market":
            lines += market_lines(seat_view, me, tr)
        else:
            lines += play_lines(seat_view, me, tr)
            lines += curse_lines(seat_view, me, tr)
        score = score_line(seat_view, me, tr)
        return [*lines, score] if score else lines
