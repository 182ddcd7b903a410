"""``/moderate end`` through the real bot (simcord): a moderator ends a match or cancels a
lobby, after a private confirm; the match is unrated and its record says so; anyone else
is refused, even where a server opened the command to them."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord import SetupError

from tests.discord_helpers import Table, click_forged, private_text
from tests.test_reliability import start_two_humans


def moderator_of(table: Table) -> Any:
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    return table.guild.add_member(table.env.create_user("mo"), roles=[role])


async def test_a_moderator_ends_a_match_unrated_and_the_record_says_so(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    mo = moderator_of(table)
    match = await table.match()

    asked = await mo.slash(table.channel, "moderate end")
    assert asked.response is not None and asked.response.ephemeral
    question = asked.response.content
    assert f"Ruship** match #{match.id}" in question and "alice" in question
    await mo.click(asked.response, label="No")
    assert (await table.match()).status == "active", "No changes nothing"

    asked = await mo.slash(table.channel, "moderate end")
    await mo.click(asked.response, label="Yes, end it")
    ended = await simcord_env.bot.store.get(match.id)
    assert ended is not None and ended.status == "finished"
    assert ended.result == {"winners": [], "reason": "moderator", "unrated": True}
    said = [m.content for m in table.channel.history()]
    assert any(f"Match #{match.id} was ended by a moderator ({mo.mention})" in c for c in said)
    assert "ended by a moderator" in table.board().content, "the final board says why"
    assert not table.board().components or all(
        "rt:act:" not in str(row) for row in table.board().components
    )

    ranks = private_text(await alice.slash(table.channel, "records leaderboard", game="ruship"))
    assert "Nobody in this server has a Ruship rating yet" in ranks, "nobody's rating moved"
    history = await bob.slash(table.channel, "records history")
    lines = (history.response.embeds[0].description or "").splitlines()
    assert any(f"#{match.id} · 🤝 no winner · ended by a moderator" in line for line in lines)


async def test_a_moderator_cancels_a_lobby_and_the_channel_is_free(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    mo = moderator_of(table)
    asked = await mo.slash(table.channel, "moderate end")
    assert "Cancel the **Ruship** lobby" in asked.response.content
    lobby = table.lobby()
    await mo.click(asked.response, label="Yes, end it")
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    shown = table.message(lobby.id)
    assert "cancelled" in str(shown.embeds[0].description).lower() and not shown.components
    await table.open(alice, "ruship", ai=True)
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is not None


async def test_the_command_is_hidden_from_others_and_refused_where_opened_to_them(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    _alice, bob = await start_two_humans(table)
    with pytest.raises(SetupError, match="default-member-permissions"):
        await bob.slash(table.channel, "moderate end")

    (moderate,) = [c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "moderate"]
    table.guild.set_command_permissions(moderate, {bob: True})
    refused = await bob.slash(table.channel, "moderate end")
    assert "Only members who can **Manage Messages**" in private_text(refused)

    mo = moderator_of(table)
    await mo.slash(table.channel, "moderate end")
    match = await table.match()
    # The confirm is private to the moderator: a modified client clicks "yes" on the board.
    forged = await click_forged(simcord_env, bob, table.board(), f"rt:mod:{match.id}:yes")
    assert "Only members who can **Manage Messages**" in private_text(forged)
    assert (await table.match()).status == "active", "nothing changed"
