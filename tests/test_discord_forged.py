"""Whatever a modified client sends, the bot answers it once, plainly, and never with its
"something went wrong" (issue 24).

The forged payloads are generated (hypothesis) from what the bot registers, read at run
time: every ``DynamicItem`` pattern of its view store (so a new button is covered without
touching this file) and every slash command of its tree with the options it declares.
Each payload is sent as Discord would deliver it, through discord.py's own dispatch.
"""

from __future__ import annotations

import logging
import math
import re
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.discord_helpers import Table, custom_id_of
from tests.test_discord_races import answers, send_click
from tests.test_reliability import start_two_humans

pytestmark = pytest.mark.usefixtures("fixed_seed")

#: "Sorry, something went wrong on my side" (``error.unexpected``).
UNEXPECTED = "something went wrong"
#: Forged payloads sent per test (generated the same at every run).
EXAMPLES = 80


def examples(strategy: st.SearchStrategy[Any], count: int = EXAMPLES) -> list[Any]:
    """``count`` values drawn by hypothesis (always the same ones): each is then sent to
    the bot through simcord, which runs on the event loop a hypothesis test cannot."""
    drawn: list[Any] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        drawn.append(value)

    collect()
    return drawn


#: Text a forger likes: Unicode digits, invisible and right-to-left characters, huge
#: numbers written out, mentions, markdown, control characters, long strings.
NASTY = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="0123456789١٢٣٤٥６７８٩⁹½", min_size=1, max_size=25),
    st.sampled_from(
        [
            "",
            " ",
            "9" * 40,
            "-1",
            "1e308",
            "nan",
            "‮evil",
            "a\u200bb",
            "<@1>",
            "@everyone",
            "**x**",
            "line\nbreak",
            "\x00",
            "K１２",
            "x" * 150,
        ]
    ),
)


def bot_of(env: Any) -> Any:
    return env.bot


def dynamic_patterns(env: Any) -> list[re.Pattern[str]]:
    """Every custom_id pattern the running bot routes (its view store's dynamic items)."""
    store = bot_of(env)._connection._view_store
    return sorted(store._dynamic_items, key=lambda pattern: pattern.pattern)


def forged_ids(patterns: list[re.Pattern[str]]) -> st.SearchStrategy[str]:
    """Ids each pattern matches (hypothesis writes its own digits, Unicode ones too, and
    numbers of any size), the same with a tail or a huge number put in, and garbage."""
    matching = [st.from_regex(pattern, fullmatch=True) for pattern in patterns]
    exact = st.one_of(*matching)
    huge = exact.map(lambda text: re.sub(r"\d+", "9" * 30, text, count=1))
    tailed = st.tuples(exact, NASTY).map("".join)
    return st.one_of(exact, huge, tailed, NASTY, st.text(min_size=90, max_size=140))


async def test_the_bot_routes_the_patterns_this_test_forges(simcord_env) -> None:
    """The patterns are read from the bot itself: a new button is covered by itself."""
    found = {pattern.pattern.split(":")[1] for pattern in dynamic_patterns(simcord_env)}
    assert {"act", "pick", "lobby", "hand", "undo", "mod", "log", "rematch", "follow"} <= found


def quiet(caplog: Any) -> None:
    """No forged input reached a generic error handler (they log at ERROR)."""
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], errors


async def test_forged_clicks_and_menu_choices_are_answered_once_and_plainly(
    simcord_env, caplog
) -> None:
    table = Table(simcord_env)
    alice, _ = await start_two_humans(table)
    board = table.board()
    patterns = dynamic_patterns(simcord_env)
    real = {custom_id_of(child) for row in board.components for child in row.children}

    forgeries = st.tuples(forged_ids(patterns), st.none() | st.lists(NASTY, max_size=3))
    for custom_id, values in examples(forgeries):
        if custom_id in real:
            continue  # not a forgery: the board's own button
        record = send_click(
            simcord_env, alice, table.channel.id, board.id, custom_id, values=values
        )
        await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")
        assert answers(simcord_env, record) == 1, custom_id
        said = _said(simcord_env, record)
        assert UNEXPECTED not in said, (custom_id, said)
    quiet(caplog)


def _said(env: Any, record: Any) -> str:
    from simcord.results import InteractionResult

    result = InteractionResult(env, record)
    messages = [m for m in [result.response, *result.followups] if m is not None]
    return "\n".join(m.content for m in messages)


# ------------------------------------------------------------------ slash commands
def leaves(tree: discord.app_commands.CommandTree[Any]) -> list[Any]:
    found: list[Any] = []

    def walk(command: Any) -> None:
        if isinstance(command, discord.app_commands.Group):
            for child in command.commands:
                walk(child)
        else:
            found.append(command)

    for command in tree.get_commands():
        walk(command)
    return sorted(found, key=lambda command: command.qualified_name)


def forged_value(parameter: Any, members: list[int]) -> st.SearchStrategy[Any]:
    """A value for one declared option: its own kind, out of bounds, of another kind."""
    kind = parameter.type
    numbers = st.one_of(
        st.integers(),
        st.integers(min_value=2**53, max_value=2**70),
        st.integers(max_value=-(2**53)),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([math.inf, -math.inf, math.nan, 1e308, 2**63, 0, -1]),
    )
    other = st.one_of(NASTY, numbers, st.booleans(), st.none(), st.lists(st.integers(), max_size=2))
    own: st.SearchStrategy[Any]
    if kind is discord.AppCommandOptionType.string:
        own = NASTY
    elif kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        own = numbers
    elif kind is discord.AppCommandOptionType.boolean:
        own = st.booleans()
    else:
        own = st.one_of(
            st.sampled_from([str(member) for member in members]),
            st.integers(min_value=0, max_value=2**70).map(str),
            NASTY,
        )
    if parameter.choices:
        own = st.one_of(own, st.sampled_from([choice.value for choice in parameter.choices]))
    return st.one_of(own, own, other)


def forged_options(command: Any, members: list[int]) -> st.SearchStrategy[list[dict[str, Any]]]:
    def option(parameter: Any) -> st.SearchStrategy[dict[str, Any] | None]:
        kind = st.one_of(st.just(parameter.type.value), st.integers(min_value=0, max_value=12))
        value = forged_value(parameter, members)
        sent = st.builds(
            lambda k, v: {"name": parameter.display_name, "type": k, "value": v}, kind, value
        )
        return st.one_of(sent, st.none()) if not parameter.required else sent

    declared = [option(parameter) for parameter in command.parameters]
    stranger = st.builds(
        lambda name, value: {"name": name, "type": 3, "value": value}, NASTY, NASTY
    )
    chosen = st.tuples(*declared) if declared else st.just(())
    return st.tuples(chosen, st.lists(stranger, max_size=1)).map(
        lambda parts: [o for o in parts[0] if o is not None] + parts[1]
    )


def send_command(env: Any, actor: Any, channel: Any, command: Any, options: list[Any]) -> Any:
    """A slash command as a modified client could send it (Discord's checks skipped)."""
    from simcord import interactions as simcord_interactions

    path = command.qualified_name.split()
    root = env.backend.find_command(path[0], None)
    leaf_options: Any = options
    for name in reversed(path[1:]):
        leaf_options = [{"name": name, "type": 1, "options": leaf_options}]
    if len(path) == 3:
        leaf_options[0]["type"] = 2
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": 1,
        "options": leaf_options,
    }
    record, payload = simcord_interactions.base_payload(
        env.backend,
        type=discord.InteractionType.application_command.value,
        channel_id=channel.id,
        guild_id=channel.guild.id if hasattr(channel, "guild") else None,
        user_id=actor.id,
        data=data,
    )
    env._notify_dispatch_observers(record)
    env.backend.emit("INTERACTION_CREATE", payload)
    return record


async def test_forged_command_options_are_answered_once_and_plainly(simcord_env, caplog) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    commands = leaves(simcord_env.bot.tree)
    members = [alice.id, bob.id]
    assert len(commands) > 20

    def sent(command: Any) -> st.SearchStrategy[tuple[Any, list[dict[str, Any]]]]:
        return forged_options(command, members).map(lambda options: (command, options))

    forgeries = st.sampled_from(commands).flatmap(sent)
    for command, options in examples(forgeries, count=EXAMPLES * 2):
        record = send_command(simcord_env, alice, table.channel, command, options)
        await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")
        assert answers(simcord_env, record) == 1, (command.qualified_name, options)
        said = _said(simcord_env, record)
        assert UNEXPECTED not in said, (command.qualified_name, options, said)
    quiet(caplog)


async def test_replay_of_a_match_number_beyond_any_id_is_refused_plainly(simcord_env) -> None:
    table = Table(simcord_env)
    alice, _ = await start_two_humans(table)
    (replay,) = [c for c in leaves(simcord_env.bot.tree) if c.qualified_name == "match replay"]
    record = send_command(
        simcord_env, alice, table.channel, replay, [{"name": "match", "type": 4, "value": 2**63}]
    )
    await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")
    assert answers(simcord_env, record) == 1
    assert "`match` can't take that value" in _said(simcord_env, record)


async def test_a_typed_choice_in_foreign_digits_is_refused(simcord_env) -> None:
    """``int("١٢")`` is 12: a box typed with Arabic-Indic digits names no square."""
    from simcord import interactions as simcord_interactions

    from cogs._components import TYPED_FIELD

    table = Table(simcord_env)
    alice, _ = await start_two_humans(table)
    match = await table.match()
    data = {
        "custom_id": f"rt:typed:{match.id}:{match.version}:s0:pawn",
        "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": TYPED_FIELD, "value": "K١٢"}]}
        ],
    }
    record, payload = simcord_interactions.base_payload(
        simcord_env.backend,
        type=discord.InteractionType.modal_submit.value,
        channel_id=table.channel.id,
        guild_id=table.guild.id,
        user_id=alice.id,
        data=data,
    )
    simcord_env.backend.emit("INTERACTION_CREATE", payload)
    await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")
    assert answers(simcord_env, record) == 1
    assert "no longer works" in _said(simcord_env, record)
    assert (await table.match()).version == match.version
