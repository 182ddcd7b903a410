"""Bug Race in Discord: the /bugrace commands and how its actions, events and hands read.

Hands are secret: the public board only shows a "My hand" button, and each player drafts
and plays from a private panel. Public text is built from the public view only; the
private panel from the player's own view.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.games.base import View
from bot.games.bugrace import (
    LEGS,
    POSITIONS,
    SIDES,
    Bug,
    BugRaceSeatView,
    BugView,
    all_legs_order,
    leg_names,
)
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import LABEL_LIMIT, SHARED_OPTIONS, GameCog, time_limit_choices
from cogs._presenter import Presenter

CARD = "🃏"
MAX_AI = 3
#: Events told on the public board; the others (dealt, received...) say nothing new.
TOLD_EVENTS = frozenset(
    {
        "round_started",
        "reshuffled",
        "chose",
        "play_started",
        "card_played",
        "leg_moved",
        "body_moved",
        "card_finished",
        "play_finished",
        "placed",
    }
)


def _moved_with_card(after: list[dict[str, Any]], seat: object) -> list[str]:
    """The legs a one-click play (``play <id> all``) moved: its ``leg_moved`` events, up
    to that seat's next card."""
    moved = []
    for event in after:
        if event.get("seat") != seat:
            continue
        if event.get("type") == "card_played":
            break
        if event.get("type") == "leg_moved" and event.get("all_legs"):
            moved.append(str(event["leg"]))
    return moved


def leg_name(leg: str, tr: Tr) -> str:
    """``LF`` -> ``left front``."""
    return tr(f"bugrace.leg.{leg}")


def card_text(legs: list[str], tr: Tr) -> str:
    """``🃏 left front · right middle``: the legs a card shows, in a fixed order."""
    ordered = [leg for leg in LEGS if leg in legs]
    return f"{CARD} " + " · ".join(leg_name(leg, tr) for leg in ordered)


def card_codes(legs: list[str]) -> str:
    """``🃏 LF·RM``: the short form, when the long one would not fit."""
    return f"{CARD} " + "·".join(leg for leg in LEGS if leg in legs)


def _card_id(word: str) -> int | None:
    return int(word) if word.isdigit() else None


def _legs_moving(own: BugRaceSeatView | None, card: int) -> list[str]:
    """The legs ``play <card> all`` moves: those that can move now, the body staying."""
    if own is None:
        return leg_names(card)
    bug = _own_bug(own)
    return all_legs_order(Bug(bug["tail"], tuple(bug["legs"][leg] for leg in LEGS)), card)


def _seat_view(view: View) -> BugRaceSeatView | None:
    """The view as a player's own view (``BugRaceSeatView``), once its seat is checked; None
    on the public view (the public board's buttons) or an empty one."""
    seat, bugs = view.get("seat"), view.get("bugs") or []
    if isinstance(seat, int) and 0 <= seat < len(bugs) and isinstance(bugs[seat], dict):
        return cast(BugRaceSeatView, view)
    return None


def _own_bug(own: BugRaceSeatView) -> BugView:
    """The bug of the seat whose view this is."""
    return own["bugs"][own["seat"]]


class BugRacePresenter(Presenter):
    """How Bug Race reads at the table: the buttons, the public board, the private panel."""

    game_name = "bugrace"
    private_actions = True

    # -- buttons
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        own = _seat_view(view)
        words = action.split()
        kind = words[0]
        if kind in ("keep", "play") and len(words) in (2, 3):
            card = _card_id(words[1])
            if card is None:
                return action
            legs = leg_names(card)
            key = f"bugrace.action.{kind}"
            moving = legs
            if words[2:] == ["all"]:
                moving = [leg for leg in LEGS if leg in _legs_moving(own, card)]
                key = "bugrace.action.play_" + (
                    "some" if moving != legs else "all" if len(legs) > 1 else "all_one"
                )
            named = ", ".join(leg_name(leg, tr) for leg in moving)
            for card_words, leg_words, some_key in (
                (card_text(legs, tr), named, key),
                (card_codes(legs), named, key),
                (card_codes(legs), named, key.replace("play_some", "play_some_count")),
            ):
                label = tr(some_key, card=card_words, count=len(moving), legs=leg_words)
                if len(label) <= LABEL_LIMIT:
                    break
            return label
        if kind == "leg" and len(words) == 2 and words[1] in LEGS:
            if own is not None:
                row = _own_bug(own)["legs"][words[1]]
                return tr("bugrace.action.leg_to", leg=leg_name(words[1], tr), row=row + 1)
            return tr("bugrace.action.leg", leg=leg_name(words[1], tr))
        if kind == "body":
            if own is not None:
                tail, length = _own_bug(own)["tail"], own["body_length"]
                return tr("bugrace.action.body_to", tail=tail + 1, head=tail + length)
            return tr("bugrace.action.body")
        if kind == "done":
            in_play = own is not None and own["current"] is not None
            return tr("bugrace.action.done_card" if in_play else "bugrace.action.done_turn")
        return action

    def action_group(self, action: str) -> str:
        return action.split(" ", 1)[0]

    # -- the public board
    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        lines = []
        for index, event in enumerate(events):
            kind = str(event.get("type"))
            if kind not in TOLD_EVENTS:
                continue
            if kind == "card_finished" and not event.get("unmoved"):
                continue
            if kind == "leg_moved" and event.get("all_legs"):
                continue  # told with the card: "plays 🃏 … and moves every leg"
            key = f"bugrace.event.{kind}"
            params = self._event_params(event, names, tr)
            if kind == "card_played" and event.get("all_legs"):
                moved = _moved_with_card(events[index + 1 :], event.get("seat"))
                if set(moved) == set(event.get("legs", [])):
                    key += "_all"
                elif moved:  # the legs that could not move are told as the card ends
                    key += "_some"
                    shown = [leg for leg in LEGS if leg in moved]  # in the card's order
                    params["moved"] = ", ".join(leg_name(leg, tr) for leg in shown)
            if kind == "round_started" and event.get("direction") == "swap":
                key += "_swap"  # two players: a sentence of its own
            lines.append(tr(key, **params))
        return lines

    def _event_params(self, event: dict[str, Any], names: list[str], tr: Tr) -> dict[str, Any]:
        """Only what the public event itself says: never a card still in a hand."""
        params: dict[str, Any] = {
            key: value for key, value in event.items() if isinstance(value, (int, str))
        }
        seat = event.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(names):
            params["player"] = names[seat]
        if event.get("type") == "reshuffled":
            params["count"] = event.get("cards", 0)
        if "direction" in event:
            params["direction"] = tr(f"bugrace.direction.{event['direction']}")
        if event.get("type") == "card_played":
            params["card"] = card_text(list(event.get("legs", [])), tr)
        if "leg" in event:
            params["leg"] = leg_name(str(event["leg"]), tr)
        if "unmoved" in event:
            params["legs"] = ", ".join(leg_name(leg, tr) for leg in event["unmoved"])
        if "tail" in event:
            params["head"] = int(event["tail"]) + 2
        if "place" in event:
            params["place"] = self.place_text(int(event["place"]), tr)
        return params

    def place_text(self, place: int, tr: Tr) -> str:
        key = f"bugrace.place.{place}"
        return tr(key) if tr.has(key) else str(place)

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"bugrace.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")

    # -- the private "My hand" panel
    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        own = _seat_view(view)
        if own is None:
            return []
        bug = _own_bug(own)
        lines = [self._phase_line(own, bug, names, tr)]
        lines += self._offer_lines(own, tr)
        lines += self._hand_lines(own, tr)
        lines += self._current_lines(own, bug, tr)
        lines += self._bug_lines(own, bug, tr)
        return lines

    def _phase_line(self, view: BugRaceSeatView, bug: BugView, names: list[str], tr: Tr) -> str:
        round_ = view["round"]
        if view["phase"] == "over" or bug["place"]:
            place = bug["place"]
            if place:
                return tr("bugrace.hand.placed", place=self.place_text(place, tr))
            return tr("bugrace.hand.over")
        if view["phase"] == "draft":
            pass_to = view["pass_to"]
            if not view["offer"] or pass_to is None:
                return tr("bugrace.hand.draft_waiting", round=round_)
            passing = view["pass_direction"]
            direction = tr(f"bugrace.direction.{passing}")
            return tr(
                "bugrace.hand.draft_swap" if passing == "swap" else "bugrace.hand.draft",
                round=round_,
                player=names[pass_to] if 0 <= pass_to < len(names) else "?",
                direction=direction,
            )
        if bug["playing"]:
            return tr("bugrace.hand.play", round=round_)
        return tr("bugrace.hand.play_waiting", round=round_)

    def _offer_lines(self, view: BugRaceSeatView, tr: Tr) -> list[str]:
        offer = view["offer"]
        if not offer:
            return []
        return [tr("bugrace.hand.offer")] + [f"• {card_text(c['legs'], tr)}" for c in offer]

    def _hand_lines(self, view: BugRaceSeatView, tr: Tr) -> list[str]:
        hand = view["hand"]
        if not hand:
            return []
        return [tr("bugrace.hand.hand")] + [f"• {card_text(c['legs'], tr)}" for c in hand]

    def _current_lines(self, view: BugRaceSeatView, bug: BugView, tr: Tr) -> list[str]:
        current = view["current"]
        if current is None:
            return []
        movable = [leg_name(leg, tr) for leg in view["movable"]]
        moved = [leg_name(leg, tr) for leg in bug["moved"]]
        lines = [tr("bugrace.hand.current", card=card_text(current["legs"], tr))]
        lines.append(
            tr("bugrace.hand.movable", legs=", ".join(movable))
            if movable
            else tr("bugrace.hand.none_movable")
        )
        if moved:
            lines.append(tr("bugrace.hand.moved", legs=", ".join(moved)))
        return lines

    def _bug_lines(self, view: BugRaceSeatView, bug: BugView, tr: Tr) -> list[str]:
        tail = bug["tail"]
        head = tail + view["body_length"] - 1
        finish = view["finish_tail"]
        legs = bug["legs"]
        lines = [tr("bugrace.hand.body", tail=tail, head=head, finish=finish)]
        for side in SIDES:
            rows = " · ".join(
                tr(f"bugrace.position.{position}") + f" {legs[side + position]}"
                for position in POSITIONS
            )
            lines.append(tr(f"bugrace.hand.legs_{side}", rows=rows))
        return lines


class BugRaceCog(
    BugRacePresenter, GameCog, group_name="bugrace", group_description="Play Bug Race"
):
    """The /bugrace commands: ``new`` (``rules`` is shared)."""

    @app_commands.command(name="new", description="Open a Bug Race lobby in this channel")
    @app_commands.describe(
        **SHARED_OPTIONS,
        ai="Number of AI players (0 to 3)",
        expert="Expert variant: draft four cards each round",
        play_on="Play on for 2nd and 3rd places",
    )
    @app_commands.choices(time_limit=time_limit_choices())
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: app_commands.Range[int, 0, MAX_AI] = 0,
        expert: bool = False,
        play_on: bool = False,
        thread: bool = False,
        time_limit: int = 0,
    ) -> None:
        await self.open_lobby(
            interaction,
            options={"expert": expert, "play_on": play_on},
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
        )


async def setup(bot: TableHost) -> None:
    await bot.add_cog(BugRaceCog(bot))
