"""Ruship in Discord: the /ruship commands and how its actions and events read.

Seat 0 (the player listed first in the lobby) is Humanity and seat 1 is Alien; a start roll
decides who plays first. The lobby, the opening board and its start-roll line say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import Tr
from cogs._match import SHARED_OPTIONS, GameCog, time_limit_choices

if TYPE_CHECKING:
    from bot.app import RushTableBot

FACTIONS = ("humanity", "alien")
POWERS = ("reroll", "plusone", "single", "backward", "stack")
#: A lobby line (shown with the options; the engine ignores it): who plays which side.
SIDES_OPTION = {"sides": "by_seat"}


def _die(value: str, tr: Tr) -> str:
    """``6`` -> ``6``; ``6+`` (Plus one) -> ``6+1``."""
    return f"{value[:-1]}+1" if value.endswith("+") else value


class RushipCog(GameCog, group_name="ruship", group_description="Play Ruship"):
    game_name = "ruship"

    @app_commands.command(name="new", description="Open a Ruship lobby in this channel")
    @app_commands.describe(**SHARED_OPTIONS, ai="Add an AI player")
    @app_commands.choices(time_limit=time_limit_choices())
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: bool = False,
        thread: bool = False,
        time_limit: int = 0,
    ) -> None:
        await self.open_lobby(
            interaction,
            options=dict(SIDES_OPTION),
            opponent=opponent,
            ai=int(ai),
            thread=thread,
            time_limit=time_limit,
        )

    def action_label(self, action: str, view: dict[str, Any], tr: Tr) -> str:
        words = action.split()
        kind = words[0]
        seat = view.get("turn") or 0
        if kind == "power":
            return tr("ruship.action.power", power=tr(f"ruship.power.{words[1]}"))
        if kind == "roll":
            return tr("ruship.action.roll_one" if len(words) > 1 else "ruship.action.roll")
        if kind == "reroll":
            dice = view.get("dice", [])
            index = int(words[1]) - 1
            value = dice[index] if 0 <= index < len(dice) else "?"
            return tr("ruship.action.reroll", die=words[1], value=value)
        if kind == "carrier":
            return tr(f"ruship.action.carrier_{FACTIONS[seat]}")
        if kind == "enter":
            return tr("ruship.action.enter", die=_die(words[1], tr))
        if kind in ("move", "back"):
            return tr(f"ruship.action.{kind}", at=words[1], die=_die(words[2], tr))
        return action

    def event_lines(
        self, events: list[dict[str, Any]], view: dict[str, Any], names: list[str], tr: Tr
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
            key = f"ruship.event.{kind}"
            if tr.has(key):
                lines.append(tr(key, **params))
        if view.get("phase") == "power" and events:
            lines.append(tr("ruship.powers_to_pick"))
            lines += [_power_line(name, tr) for name in view.get("power_pool", [])]
        return lines


def _power_line(name: str, tr: Tr) -> str:
    return f"• **{tr(f'ruship.power.{name}')}**: {tr(f'ruship.power_help.{name}')}"


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


async def setup(bot: RushTableBot) -> None:
    await bot.add_cog(RushipCog(bot))
