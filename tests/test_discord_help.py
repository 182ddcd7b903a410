"""A server's first evening, through the real bot (simcord): ``/help`` in the reader's
language, naming only commands that exist as the reader's client shows them; its How to
play menu; the welcome when the bot joins a server; a game command in a direct message;
the command picker's few top-level entries."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.games import GAMES
from bot.i18n import Tr, catalog
from tests.discord_helpers import Table, components_of, private_text

#: A command as its mention names it: ``</match board:123>``.
MENTION = re.compile(r"</(?P<path>[^:>]+):(?P<id>\d+)>")
#: A command written out: ``/match board`` (``/`` starting a word, then its words).
WRITTEN = re.compile(r"(?<![<\w/])/(?P<path>[\w-]+(?: [\w-]+)?)")


def commands_of(synced: list[discord.app_commands.AppCommand]) -> dict[str, int]:
    """Every invocable path of the synced tree (``"match board"``, ``"help"``) -> the id
    a mention of it carries (its top-level command's)."""
    paths: dict[str, int] = {}
    for command in synced:
        subcommands = [
            o for o in command.options if isinstance(o, discord.app_commands.AppCommandGroup)
        ]
        if not subcommands:
            paths[command.name] = command.id
        for sub in subcommands:
            paths[f"{command.name} {sub.name}"] = command.id
    return paths


def french_paths(synced: list[discord.app_commands.AppCommand]) -> set[str]:
    """The same paths as a French client names them."""
    french = catalog("fr")

    def name(english: str) -> str:
        return french.get(f"cmd:{english}", english)

    return {" ".join(name(word) for word in path.split()) for path in commands_of(synced)}


def rules_menu(message: Any) -> dict[str, Any]:
    """The How to play menu, as the client got it."""
    (menu,) = [c for c in components_of(message) if c.get("custom_id") == "rt:help:rules"]
    return dict(menu)


def help_text(result: Any) -> str:
    embed = result.response.embeds[0]
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        parts += [field.name or "", field.value or ""]
    return "\n".join(parts)


async def synced_commands(env: Any) -> list[discord.app_commands.AppCommand]:
    return list(await env.bot.tree.fetch_commands())


@pytest.mark.parametrize("french", [False, True])
async def test_help_is_private_in_the_readers_language_and_names_only_real_commands(
    simcord_env, request: pytest.FixtureRequest, french: bool
) -> None:
    if french:
        request.getfixturevalue("french_client")
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await alice.slash(table.channel, "help")
    assert result.response is not None and result.response.ephemeral
    text = help_text(result)
    tr = Tr("fr" if french else "en")

    synced = commands_of(await synced_commands(simcord_env))
    named = [(found["path"], int(found["id"])) for found in MENTION.finditer(text)]
    assert named, "commands are named by their mentions"
    for path, command_id in named:
        assert synced.get(path) == command_id, f"</{path}:{command_id}> is no synced command"
    assert not WRITTEN.findall(MENTION.sub("", text)), "every command is a mention"

    mentioned = {path for path, _ in named}
    assert {f"{game} new" for game in GAMES} <= mentioned, "how to start each game"
    for path in synced:
        if path.split()[0] in ("match", "records", "notify", "moderate"):
            assert path in mentioned, f"/{path} is missing from the help"
    for game in GAMES.values():
        assert f"**{game.title}**" in text
    assert tr("help.title") in text and tr("help.section.match") in text
    if french:
        assert "Afficher de nouveau le plateau de ce salon" in text, "descriptions in French"
        assert "Show this channel's board again" not in text
    else:
        assert "Show this channel's board again" in text
    embed = result.response.embeds[0]
    assert len(embed) <= 6000 and all(len(f.value or "") <= 1024 for f in embed.fields)


async def test_help_names_commands_in_the_readers_words_when_their_ids_are_unknown(
    simcord_env, french_client
) -> None:
    simcord_env.bot.command_ids.clear()
    table = Table(simcord_env)
    result = await table.member("alice").slash(table.channel, "help")
    text = help_text(result)
    assert not MENTION.search(text)
    written = {found["path"] for found in WRITTEN.finditer(text)}
    assert {"partie plateau", "partie liste", "palmares stats", "ruship nouvelle"} <= written
    assert written <= french_paths(await synced_commands(simcord_env))


async def test_the_how_to_play_menu_answers_with_a_games_rules_privately(
    simcord_env, french_client
) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    shown = (await alice.slash(table.channel, "help")).response
    menu = rules_menu(shown)
    assert menu["placeholder"] == Tr("fr")("help.rules.placeholder")
    assert {option["value"] for option in menu["options"]} == set(GAMES)
    assert all(len(option.get("description") or "") <= 100 for option in menu["options"])

    for game in ("bugrace", "rushout"):
        answer = await alice.select(shown, [game], custom_id="rt:help:rules")
        assert answer.response is not None and answer.response.ephemeral
        rules = (await alice.slash(table.channel, f"{game} rules")).response.embeds[0]
        embed = answer.response.embeds[0]
        assert (embed.title, embed.description) == (rules.title, rules.description)
        assert Tr("fr")(f"{game}.rules") in (embed.description or ""), "in the reader's language"


async def test_help_and_its_menu_work_in_a_direct_message(simcord_env) -> None:
    user = simcord_env.create_user("dan")
    shown = (await user.slash("help")).response
    assert shown is not None and "Ruship" in help_text_of(shown)
    answer = await user.select(shown, ["ruship"], custom_id=rules_menu(shown)["custom_id"])
    assert "Goal" in (answer.response.embeds[0].description or "")


def help_text_of(message: Any) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.description or "", *(f.value or "" for f in embed.fields)])


async def test_the_picker_shows_at_most_eleven_commands_each_named_for_the_bot_or_a_game(
    simcord_env,
) -> None:
    synced = await synced_commands(simcord_env)
    names = {command.name for command in synced}
    assert len(synced) <= 11, sorted(names)  # issue 27 added /league
    assert names == {*GAMES, "match", "records", "league", "notify", "moderate", "help"}
    assert simcord_env.bot.command_ids == {command.name: command.id for command in synced}


async def test_the_ids_are_known_after_a_restart_without_a_sync(simcord_env, database) -> None:
    from tests.conftest import make_bot

    before = dict(simcord_env.bot.command_ids)
    await simcord_env.restart_bot(make_bot(database))
    assert simcord_env.bot.command_ids == before and before


# ---------------------------------------------------------------- a game in a DM
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_game_command_in_a_direct_message_says_matches_are_played_in_a_server(
    simcord_env, game: str
) -> None:
    user = simcord_env.create_user("dan")
    result = await user.slash(f"{game} new")
    said = private_text(result)
    assert said.count("\n") == 0 and "played in a server" in said
    assert f"</{game} new:{simcord_env.bot.command_ids[game]}>" in said
    assert await simcord_env.bot.store.open_in_channel(user.dm_channel.id) is None
    assert not user.dm_channel.history(), "no lobby"
    offered = user.available_commands()
    assert {"help", f"{game} new"} <= set(offered)
    assert not {"match board", "records stats"} & set(offered), "these are for servers"


# ---------------------------------------------------------------- the welcome
async def joined(
    env: Any, *, locale: str = "en-US", system: bool = True, writable: bool = True
) -> Any:
    """A server that adds the bot: the GUILD_CREATE Discord sends the bot on joining (no
    ``unavailable`` field: that is how discord.py tells a join from a server coming back),
    once the server is set up with its system channel."""
    from simcord.backend import serializers

    backend = env.backend
    backend.emit = lambda event, payload: None  # the bot is not there yet
    try:
        guild = env.create_guild("New server", preferred_locale=locale)
        denied = discord.PermissionOverwrite(send_messages=False)
        overwrites = {} if writable else {env.bot.user: denied}
        channel = guild.create_text_channel("general", overwrites=overwrites)
        if system:
            backend.get_guild(guild.id).system_channel_id = channel.id
    finally:
        del backend.emit
    payload = dict(serializers.guild_create_payload(backend, backend.get_guild(guild.id)))
    payload.pop("unavailable")
    backend.emit("GUILD_CREATE", payload)
    await env.settle()
    return channel


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_server_that_adds_the_bot_gets_a_short_welcome_in_its_language(
    simcord_env, locale: str
) -> None:
    channel = await joined(simcord_env, locale=locale)
    (welcome,) = channel.history()
    tr = Tr(locale)
    ids = simcord_env.bot.command_ids
    assert welcome.author.id == simcord_env.bot.user.id
    assert len(welcome.content.splitlines()) <= 8
    assert f"</help:{ids['help']}>" in welcome.content
    assert f"new:{ids[next(iter(GAMES))]}>" in welcome.content, "how to start a game"
    assert welcome.content.startswith(tr("help.welcome").split("**")[0]), "in its language"
    (posted,) = [
        r.json
        for r in simcord_env.http_requests
        if r.method == "POST" and r.path == f"/channels/{channel.id}/messages"
    ]
    assert posted["allowed_mentions"] == {"parse": []}, "it pings nobody"
    assert not welcome.mentions and not welcome.role_mentions and not welcome.mention_everyone


@pytest.mark.parametrize("where", ["no system channel", "not writable"])
async def test_no_welcome_where_the_bot_may_not_write(simcord_env, where: str) -> None:
    channel = await joined(
        simcord_env, system=where != "no system channel", writable=where != "not writable"
    )
    assert channel.history() == []
    tried = [r for r in simcord_env.http_requests if r.path.startswith(f"/channels/{channel.id}/")]
    assert tried == [], "not even tried"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_game_has_its_one_sentence_for_help(language: str) -> None:
    for game in GAMES:
        summary = catalog(language).get(f"{game}.summary", "")
        assert 0 < len(summary) <= 100, (language, game, summary)
