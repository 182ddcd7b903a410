"""One check for everything a client sends: component ids and menu choices, typed boxes,
and slash command options. Discord's own client only sends what the bot offered, but a
modified one sends anything; whatever it sends is checked here before any command or
button sees it, and refused with a plain private sentence, changing nothing.

What passes: printable ASCII ids and menu values of Discord's lengths (every id and value
the bot makes is one: actions are ASCII by the engine contract); options of the declared
type, among the declared choices, within the declared (or Discord's) bounds; numbers
finite; texts of a bounded length, one line, with no digits but ASCII ones (``int()``
would read Arabic-Indic or full-width digits as numbers, a look-alike of another value).
"""

from __future__ import annotations

import contextlib
import math
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

#: Discord's limits: a component's custom_id, a menu's choices and each value.
MAX_CUSTOM_ID = 100
MAX_VALUES = 25
MAX_VALUE = 100
#: A typed box's text (the bot's boxes ask for a few characters).
MAX_TYPED = 100
#: A free-text option with no declared length (a course, a date).
MAX_TEXT_OPTION = 200
#: Discord's integers are those JavaScript holds exactly; ids are 64-bit.
LARGEST_INTEGER = 2**53 - 1
LARGEST_ID = 2**63 - 1

OptionType = discord.AppCommandOptionType
ID_TYPES = frozenset(
    {
        OptionType.user,
        OptionType.channel,
        OptionType.role,
        OptionType.mentionable,
        OptionType.attachment,
    }
)
GROUP_TYPES = frozenset({OptionType.subcommand.value, OptionType.subcommand_group.value})


def foreign_digits(text: str) -> bool:
    """Whether ``text`` holds a digit that is not ASCII (``int()`` accepts ``"١٢"``)."""
    return any(not ch.isascii() and (ch.isdigit() or ch.isnumeric()) for ch in text)


def plain_ascii(text: object, limit: int) -> bool:
    """A printable ASCII string of 1 to ``limit`` characters."""
    return isinstance(text, str) and 0 < len(text) <= limit and all(" " <= ch <= "~" for ch in text)


def plain_text(text: object, limit: int) -> bool:
    """A string of at most ``limit`` characters on one line, without control or invisible
    format characters, and no digits but ASCII ones."""
    return (
        isinstance(text, str)
        and len(text) <= limit
        and not foreign_digits(text)
        and all(unicodedata.category(ch) not in ("Cc", "Cf", "Zl", "Zp") for ch in text)
    )


def number(text: str) -> int:
    """A custom_id number; a forged one too large for Discord names nothing (0: no match,
    version or seat has that number)."""
    value = int(text)
    return value if value <= LARGEST_ID else 0


def snowflake(value: object) -> bool:
    text = str(value)
    return text.isascii() and text.isdigit() and 0 < int(text) <= LARGEST_ID


def component_ok(data: Mapping[str, Any]) -> bool:
    """A click or a menu choice: its custom_id, and its chosen values."""
    if not plain_ascii(data.get("custom_id"), MAX_CUSTOM_ID):
        return False
    values = data.get("values")
    if values is None:
        return True
    return (
        isinstance(values, list)
        and len(values) <= MAX_VALUES
        and all(plain_ascii(value, MAX_VALUE) for value in values)
    )


def modal_ok(data: Mapping[str, Any]) -> bool:
    """A submitted box: its custom_id, and each field's text."""
    if not plain_ascii(data.get("custom_id"), MAX_CUSTOM_ID):
        return False
    rows = data.get("components")
    if not isinstance(rows, list):
        return False
    for row in rows:
        fields = row.get("components", []) if isinstance(row, dict) else None
        if not isinstance(fields, list):
            return False
        for field in fields:
            if not isinstance(field, dict) or not plain_text(field.get("value", ""), MAX_TYPED):
                return False
    return True


def _number_ok(value: object, parameter: app_commands.Parameter, integer: bool) -> bool:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if integer and not isinstance(value, int):
        return False
    if not math.isfinite(value) or abs(value) > LARGEST_INTEGER:
        return False
    low, high = parameter.min_value, parameter.max_value
    return (low is None or value >= low) and (high is None or value <= high)


def option_ok(parameter: app_commands.Parameter, option: Mapping[str, Any]) -> bool:
    """One option as sent, against the parameter the command declares."""
    kind = parameter.type
    if option.get("type") not in (None, kind.value):
        return False
    value = option.get("value")
    choices = [choice.value for choice in parameter.choices]
    if choices and value not in choices:
        return False
    if kind is OptionType.string:  # its bounds are lengths
        limit = int(parameter.max_value or MAX_TEXT_OPTION)
        return plain_text(value, limit) and len(str(value)) >= int(parameter.min_value or 0)
    if kind is OptionType.integer:
        return _number_ok(value, parameter, integer=True)
    if kind is OptionType.number:
        return _number_ok(value, parameter, integer=False)
    if kind is OptionType.boolean:
        return isinstance(value, bool)
    if kind in ID_TYPES:
        return snowflake(value)
    return False


def refused_option(
    command: app_commands.Command[Any, ..., Any], options: Sequence[Any]
) -> str | None:
    """A slash command's options as sent (the leaf's, below its group and subcommand):
    None when they pass; else the name of the option refused ("" when the options do not
    fit the command at all: unknown, repeated or missing ones)."""
    declared = {parameter.display_name: parameter for parameter in command.parameters}
    seen = set()
    for option in options:
        if not isinstance(option, dict) or option.get("type") in GROUP_TYPES:
            return ""
        name = str(option.get("name"))
        parameter = declared.get(name)
        if parameter is None or name in seen:
            return ""
        if not option_ok(parameter, option):
            return name
        seen.add(name)
    missing = [name for name, parameter in declared.items() if parameter.required]
    return "" if any(name not in seen for name in missing) else None


def options_ok(command: app_commands.Command[Any, ..., Any], options: Sequence[Any]) -> bool:
    return refused_option(command, options) is None


class CheckingTree(app_commands.CommandTree[Any]):
    """The bot's command tree: a command whose options fail ``options_ok`` never runs, and
    its sender is told so privately (``error.bad_option_value``)."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        data = interaction.data
        if interaction.type is not discord.InteractionType.application_command or not data:
            return True
        if data.get("type", 1) != 1:
            return True
        try:
            command, options = self._get_app_command_options(data)  # type: ignore[arg-type]
        except Exception:  # no such command (an older one, or a forged subcommand)
            await _refuse(interaction, "error.unknown_command")
            return False
        if not isinstance(command, app_commands.Command):
            return True
        refused = refused_option(command, options)
        if refused is None:
            return True
        if refused:
            await _refuse(interaction, "error.option_refused", option=refused)
        else:
            await _refuse(interaction, "error.bad_option_value")
        return False


async def _refuse(interaction: discord.Interaction[Any], key: str, **params: str) -> None:
    from bot.i18n import Tr

    tr = Tr(interaction.locale)
    if "option" in params:  # named as the reader's client shows it
        shown = params["option"]
        params["option"] = tr(f"cmd:{shown}") if tr.has(f"cmd:{shown}") else shown
    with contextlib.suppress(discord.HTTPException):
        await interaction.response.send_message(tr(key, **params), ephemeral=True)
