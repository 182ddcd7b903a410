"""Ruship in Discord: the /ruship commands and how its actions and events read.

Seat 0 (the player listed first in the lobby) is Humanity and seat 1 is Alien; a start roll
decides who plays first. The lobby, the opening board and its start-roll line say so.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands

from bot.games.base import View
from bot.games.ruship import (
    DIE_SIDES,
    TRACK_FIRST,
    TRACK_LAST,
    Choice,
    Phase,
    RushipPublicView,
)
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import SHARED_OPTIONS, GameCog, time_limit_choices
from cogs._presenter import Presenter

FACTIONS = ("humanity", "alien")
POWERS = ("reroll", "plusone", "single", "backward", "stack")
#: A lobby line (shown with the options; the engine ignores it): who plays which side.
SIDES_OPTION = {"sides": "by_seat"}


def _every_move() -> frozenset[str]:
    """Every action string of the move phase (a forced move is played without a click)."""
    faces = [f"{face}{plus}" for face in range(1, DIE_SIDES + 1) for plus in ("", "+")]
    spaces = range(TRACK_FIRST, TRACK_LAST + 1)
    moves = {f"{kind} {at} {face}" for kind in ("move", "back") for at in spaces for face in faces}
    return frozenset({*moves, *(f"enter {face}" for face in faces), "carrier"})


#: What the table plays by itself when it is a person's only action: the roll (unless
#: Single die offers a choice), the last Power left in the pool, a forced move.
AUTOMATIC_ACTIONS = frozenset({"roll", *(f"power {name}" for name in POWERS)}) | _every_move()


class RushipPresenter(Presenter):
    """How Ruship reads at the table: action labels and the account of a turn."""

    game_name = "ruship"
    automatic_actions = AUTOMATIC_ACTIONS

    def action_label(self, action: str, view: View, tr: Tr) -> str:
        ruship = _ruship_view(view)
        words = action.split()
        kind = words[0]
        seat: int = ruship.get("turn") or 0
        if kind == "power":
            return tr("ruship.action.power", power=tr(f"ruship.power.{words[1]}"))
        if kind == "roll":
            return tr("ruship.action.roll_one" if len(words) > 1 else "ruship.action.roll")
        if kind == "reroll":
            dice = ruship.get("dice", [])
            index = int(words[1]) - 1
            value = dice[index] if 0 <= index < len(dice) else "?"
            return tr("ruship.action.reroll", die=words[1], value=value)
        choice = (ruship.get("choices") or {}).get(action)
        if kind in ("carrier", "enter", "move", "back") and isinstance(choice, dict):
            return _move_label(kind, choice, seat, tr)
        return action

    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        lines = []
        for event in events:
            kind = str(event.get("type"))
            params = dict(event)
            if "seat" in event and 0 <= event["seat"] < len(names):
                params["player"] = names[event["seat"]]
            if "dice" in event:
                params["dice"] = " + ".join(str(d) for d in event["dice"])
            if kind == "start":
                params.update(_start_params(event, names, tr))
            if kind == "power":
                params["power"] = tr(f"ruship.power.{event.get('power')}")
            if kind == "capture":
                params["owner"] = names[event.get("owner", 0)]
            if event.get("plus"):
                params["die"] = f"{event.get('die')}+1"
            if kind == "attack" and "seat" in event:
                params["planet"] = tr(f"ruship.planet.{FACTIONS[1 - int(event['seat'])]}")
                if event.get("from") is None:
                    kind = "attack_enter"
            key = f"ruship.event.{kind}"
            if tr.has(key):
                lines.append(tr(key, **params))
        return lines

    def prompt_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        """While the attacked player picks a Power: what each one left does."""
        ruship = _ruship_view(view)
        phase: Phase | None = ruship.get("phase")
        if phase != "power":
            return []
        pool = ruship.get("power_pool", [])
        return [tr("ruship.powers_to_pick"), *(_power_line(name, tr) for name in pool)]


def _ruship_view(view: View) -> RushipPublicView:
    """The view a presentation hook receives, as Ruship's (a seat's view is the public one:
    nothing is hidden). Views may come as plain JSON, so this only tells mypy what they hold."""
    return cast(RushipPublicView, view)


def _move_label(kind: str, choice: Choice, seat: int, tr: Tr) -> str:
    """A move named by where it lands, in the picture's numbers: ``15 → 18 (die 3)``,
    ``Enter → 7 (die 6)``, ``15 → Alien planet 💥 (die 4)``, ``Mothership 1 → 2 (die 1)``."""
    die = f"{choice['die']}+1" if choice["plus"] else str(choice["die"])
    if kind == "carrier":
        key = f"ruship.action.carrier_to_{FACTIONS[seat]}"
        return tr(key, at=choice["from"], to=choice["to"], die=die)
    if choice["attack"]:
        to = tr(f"ruship.planet.{FACTIONS[1 - seat]}") + " 💥"
    else:
        to = str(choice["to"])
    captures = int(choice["captures"] or 0)
    if captures == 1:
        to += tr("ruship.action.captures_one")
    elif captures > 1:
        to += tr("ruship.action.captures", count=captures)
    key = {"enter": "enter_to", "move": "move_to", "back": "back_to"}[kind]
    return tr(f"ruship.action.{key}", at=choice["from"], to=to, die=die)


def _power_line(name: str, tr: Tr) -> str:
    power, help_text = tr(f"ruship.power.{name}"), tr(f"ruship.power_help.{name}")
    return tr("ruship.power_line", power=power, help=help_text)


def _start_params(event: dict[str, Any], names: list[str], tr: Tr) -> dict[str, Any]:
    """Each start roll says whose number is whose; the winner is named with their side."""

    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else tr(f"ruship.faction.{FACTIONS[seat]}")

    rolls = [
        tr("ruship.start_pair", humanity=name(0), alien=name(1), h=h, a=a)
        for h, a in event.get("rolls", [])
    ]
    first = int(event.get("first_player", 0))
    return {
        "rolls": tr("ruship.start_again").join(rolls),
        "player": name(first),
        "faction": tr(f"ruship.faction.{FACTIONS[first]}"),
    }


class RushipCog(RushipPresenter, GameCog, group_name="ruship", group_description="Play Ruship"):
    """The /ruship commands: ``new`` (``rules`` is shared)."""

    @app_commands.command(name="new", description="Open a Ruship lobby in this channel")
    @app_commands.describe(
        **SHARED_OPTIONS,
        ai="Add an AI player",
        auto_roll="Roll the dice and play a forced move without a click (on by default)",
    )
    @app_commands.choices(time_limit=time_limit_choices())
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: bool = False,
        thread: bool = False,
        time_limit: int = 0,
        auto_roll: bool = True,
    ) -> None:
        await self.open_lobby(
            interaction,
            options=dict(SIDES_OPTION),
            opponent=opponent,
            ai=int(ai),
            thread=thread,
            time_limit=time_limit,
            settings={"auto_actions": auto_roll},
        )


async def setup(bot: TableHost) -> None:
    await bot.add_cog(RushipCog(bot))
