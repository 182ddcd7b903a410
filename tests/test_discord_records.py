"""/records stats, leaderboard and history through the real bot, offline (simcord)."""

from __future__ import annotations

import re
from typing import Any

import discord

from tests.discord_helpers import (
    Table,
    action_buttons,
    click_forged,
    components_of,
    custom_id_of,
    custom_ids,
    private_text,
)


async def finish(table: Table, winner: Any, loser: Any) -> int:
    """A Ruship match of two people, finished by the loser resigning (set up through the
    bot's own match service: the commands under test read what it stored)."""
    service = table.bot.service
    match = await service.open_lobby(
        game="ruship",
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        creator_id=winner.id,
        settings={"options": {}},
        seated=[loser.id],
    )
    await service.start(match.id, winner.id)
    await service.resign(match.id, loser.id)
    return int(match.id)


def embed_of(message: Any) -> discord.Embed:
    embeds = message.embeds
    assert embeds, f"no embed in {message!r}"
    first = embeds[0]
    return first if isinstance(first, discord.Embed) else discord.Embed.from_dict(first)


def shown(env: Any, message: Any) -> Any:
    """The message as it is now (after a page was turned in place)."""
    return env.backend.get_message(message.channel_id, message.id)


def fields(embed: discord.Embed) -> dict[str, str]:
    return {str(field.name): str(field.value) for field in embed.fields}


def buttons(message: Any) -> list[tuple[str, bool]]:
    """(label, disabled) of each button of a message."""
    found = []
    for child in components_of(message):
        get = child.get if isinstance(child, dict) else lambda key, c=child: getattr(c, key, None)
        found.append((str(get("label")), bool(get("disabled"))))
    return found


def ranks_listed(embed: discord.Embed) -> list[int]:
    return [int(n) for n in re.findall(r"^\*\*(\d+)\.\*\*", embed.description or "", re.M)]


# ---------------------------------------------------------------- /leaderboard
async def test_the_leaderboard_pages_and_always_shows_my_rank(simcord_env) -> None:
    table = Table(simcord_env)
    people = [table.member(f"p{n:02}") for n in range(24)]
    for n in range(0, 24, 2):  # the first of each pair wins
        await finish(table, people[n], people[n + 1])
    me = people[1]  # lost once: ranked among the last twelve, not on the first page
    answer = await me.slash(table.channel, "records leaderboard", game="ruship")
    page = answer.response
    assert page is not None and page.ephemeral
    first = embed_of(page)
    assert first.title == "Ruship leaderboard"
    assert ranks_listed(first) == list(range(1, 11))
    assert me.mention not in (first.description or "")
    assert all(p.mention in (first.description or "") for p in people[0:20:2])
    mine = fields(first)["Your rank"]
    my_rank = int(re.search(r"#(\d+)\*\* of 24", mine)[1])  # type: ignore[index]
    assert my_rank > 12
    assert "Page 1/3" in (first.footer.text or "")
    assert buttons(page) == [("◀ Previous", True), ("Next ▶", False)]

    await me.click(page, label="Next ▶")
    second = embed_of(shown(simcord_env, page))
    assert ranks_listed(second) == list(range(11, 21))
    assert "Page 2/3" in (second.footer.text or "")
    assert fields(second)["Your rank"] == mine, "my rank stays shown on every page"
    await me.click(page, label="Next ▶")
    third = embed_of(shown(simcord_env, page))
    assert ranks_listed(third) == [21, 22, 23, 24]
    assert buttons(shown(simcord_env, page)) == [("◀ Previous", False), ("Next ▶", True)]
    on_my_page = third if my_rank > 20 else second
    assert f"**{my_rank}.** {me.mention} — " in (on_my_page.description or "")
    assert "← you" in (on_my_page.description or "")
    await me.click(page, label="◀ Previous")
    assert ranks_listed(embed_of(shown(simcord_env, page))) == list(range(11, 21))


async def test_a_newcomer_sees_the_leaderboard_and_that_they_are_not_rated(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob, carol = table.member("alice"), table.member("bob"), table.member("carol")
    empty = await carol.slash(table.channel, "records leaderboard", game="bugrace")
    assert "Nobody in this server has a Bug Race rating yet" in private_text(empty)
    await finish(table, alice, bob)
    answer = await carol.slash(table.channel, "records leaderboard", game="ruship")
    board = embed_of(answer.response)
    assert ranks_listed(board) == [1, 2]
    assert (board.description or "").index(alice.mention) < (board.description or "").index(
        bob.mention
    )
    assert fields(board)["Your rank"].startswith("Not rated yet")
    assert custom_ids(answer.response) == [], "one page: no page buttons"
    mine = await alice.slash(table.channel, "records leaderboard", game="ruship")
    assert "← you" in (embed_of(mine.response).description or "")
    assert fields(embed_of(mine.response))["Your rank"].startswith("**#1** of 2")


async def test_stale_or_forged_page_buttons_get_a_clear_answer(simcord_env) -> None:
    table = Table(simcord_env)
    people = [table.member(f"p{n:02}") for n in range(12)]
    for n in range(0, 12, 2):
        await finish(table, people[n], people[n + 1])
    answer = await people[0].slash(table.channel, "records leaderboard", game="ruship")
    page = answer.response
    await click_forged(simcord_env, people[0], page.message, "rt:lb:ruship:99")
    turned = shown(simcord_env, page)
    assert "That page no longer exists: here is page 2." in turned.content
    assert ranks_listed(embed_of(turned)) == [11, 12]
    refused = await click_forged(simcord_env, people[0], page.message, "rt:lb:chess:0")
    assert "There is no game called “chess”" in private_text(refused)


# ---------------------------------------------------------------- /stats and /history
async def play_a_few_moves(env: Any, table: Table, people: list[Any], moves: int) -> None:
    """Whoever is on turn clicks their first button, a minute after the previous action."""
    for _ in range(moves):
        board = table.board()
        actor = next(p for p in people if p.mention in board.content.split("👉", 1)[-1])
        await env.advance_time(60)
        await table.click_action(actor, action_buttons(board)[0])


async def test_stats_and_history_tell_the_right_numbers(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    # 1. Played through Discord: four moves a minute apart, then Bob resigns.
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    await play_a_few_moves(simcord_env, table, [alice, bob], 4)
    question = await bob.slash(table.channel, "match resign")
    await bob.click(question.response, label="Yes, resign")
    first = await table.bot.store.latest_in_channel(table.channel.id)
    assert first is not None and first.status == "finished" and first.board_message_id
    # 2. Bob resigns again; 3. then Alice does.
    await simcord_env.advance_time(3600)
    await finish(table, alice, bob)
    await simcord_env.advance_time(3600)
    last = await finish(table, bob, alice)

    stats = await alice.slash(table.channel, "records stats")
    assert stats.response is not None and stats.response.ephemeral
    card = embed_of(stats.response)
    assert card.title == "Record: alice"
    shown_fields = fields(card)
    assert shown_fields["Played"] == "3"
    assert shown_fields["Won"] == "2 (67%)"
    assert shown_fields["Longest winning streak"] == "2"
    assert shown_fields["Median time to move"] == "1 min 0 s"
    assert shown_fields["Favourite game"] == "Ruship (3 matches)"
    # A whole number on a newcomer-at-1,000 scale, provisional ("?") for 3 matches of 5.
    assert re.fullmatch(
        r"\*\*Ruship\*\*: 1,\d{3}\? ▲ \d+ · #1 of 2 · 3 rated matches", shown_fields["Rating"]
    ), shown_fields["Rating"]

    theirs = await alice.slash(table.channel, "records stats", player=bob, game="ruship")
    bob_card = fields(embed_of(theirs.response))
    assert (bob_card["Played"], bob_card["Won"]) == ("3", "1 (33%)")
    assert "#2 of 2" in bob_card["Rating"]
    bob_rating = re.search(r": (\d+)\?", bob_card["Rating"].replace(",", ""))
    alice_rating = re.search(r": (\d+)\?", shown_fields["Rating"].replace(",", ""))
    assert bob_rating and alice_rating, "whole numbers, provisional"
    assert 0 < int(bob_rating[1]) < int(alice_rating[1]), "the loser below the winner, not negative"
    nothing = await alice.slash(table.channel, "records stats", game="fireship")
    assert private_text(nothing) == "alice has no finished Fireship matches in this server yet."

    history = await bob.slash(table.channel, "records history", player=alice)
    listed = embed_of(history.response)
    lines = [line for line in (listed.description or "").splitlines() if line.startswith("**")]
    assert len(lines) == 3
    assert lines[0].startswith(f"**Ruship** #{last} · lost · by resignation · <t:")
    assert "🏆 won" in lines[1] and "🏆 won" in lines[2]
    link = f"https://discord.com/channels/{table.guild.id}/{table.channel.id}"
    assert f"[board]({link}/{first.board_message_id})" in lines[2]
    assert "page 1/1" in (listed.title or "")


async def test_history_pages_through_many_matches(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    ids = [await finish(table, alice, bob) for _ in range(12)]
    history = await alice.slash(table.channel, "records history")
    page = history.response
    first = embed_of(page)
    assert "page 1/2" in (first.title or "") and "Finished matches of" in (first.description or "")
    numbers = [int(n) for n in re.findall(r"#(\d+) ·", first.description or "")]
    assert numbers == ids[::-1][:10], "newest first"
    await alice.click(page, label="Next ▶")
    second = embed_of(shown(simcord_env, page))
    assert [int(n) for n in re.findall(r"#(\d+) ·", second.description or "")] == ids[1::-1]
    next_button = [c for c in custom_ids(shown(simcord_env, page)) if c.startswith("rt:hist:")]
    assert next_button == [f"rt:hist:{alice.id}:0", f"rt:hist:{alice.id}:1"]


async def test_a_bot_or_a_player_without_matches_gets_a_clear_sentence(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    robot = table.guild.add_member(simcord_env.create_user("robot", bot=True))
    answer = await alice.slash(table.channel, "records stats", player=robot)
    assert private_text(answer).startswith("robot is a bot: bots have no record.")
    empty = await alice.slash(table.channel, "records history")
    assert private_text(empty) == f"{alice.mention} has no finished matches in this server yet."


async def test_the_leaderboard_in_french(simcord_env, french_client) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await finish(table, alice, bob)
    answer = await alice.slash(table.channel, "records leaderboard", game="ruship")
    board = embed_of(answer.response)
    assert board.title == "Classement Ruship"
    mine = fields(board)["Votre place"]
    assert re.match(r"\*\*n°\u00a01\*\* sur 2 — 1\u202f\d{3}\u00a0\? · 1 partie$", mine), mine
    assert "μ" not in (board.footer.text or "") and "openskill" not in (board.footer.text or "")


def test_page_buttons_keep_working_after_a_restart() -> None:
    """The buttons are registered with the bot's other persistent items."""
    from cogs._components import DYNAMIC_ITEMS
    from cogs._records_components import HistoryPageButton, LeaderboardPageButton

    assert LeaderboardPageButton in DYNAMIC_ITEMS and HistoryPageButton in DYNAMIC_ITEMS
    assert custom_id_of(LeaderboardPageButton("ruship", 2).item) == "rt:lb:ruship:2"
