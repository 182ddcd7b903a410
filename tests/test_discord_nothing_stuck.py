"""Nothing stuck (issue 24): a lobby whose message never reached Discord is posted (or
dropped) by the bot itself, at start-up and by its timer tick; a moderator clears any
table; an undo request closed just before a stop loses its buttons afterwards."""

from __future__ import annotations

from typing import Any

from tests.conftest import make_bot
from tests.discord_helpers import Table, action_buttons
from tests.test_discord_moderation import moderator_of
from tests.test_discord_undo import roll_and_move, undo_buttons, undo_message
from tests.test_reliability import board_version, start_two_humans


async def saved_lobby(table: Table, creator: Any, **options: Any) -> Any:
    """A lobby saved as ``/ruship new`` saves it, whose message never reached Discord (the
    bot stopped between the two)."""
    return await table.bot.service.open_lobby(
        game="ruship",
        guild_id=table.guild.id,
        channel_id=table.channel.id,
        creator_id=creator.id,
        settings={"options": {}, "names": {str(creator.id): "alice"}},
        **options,
    )


async def test_a_lobby_saved_just_before_a_crash_is_posted_at_start_up(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await saved_lobby(table, alice, ai_seats=1)
    assert not table.channel.history(), "nobody could see it"
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(1)
    lobby = table.lobby()
    assert "Ruship" in (lobby.embeds[0].title or "")
    await table.lobby_click(alice, "Start")
    assert table.board().attachments, "the lobby works"


async def test_a_rematch_saved_just_before_a_crash_is_posted_at_start_up(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    asked = await bob.slash(table.channel, "match resign")
    await bob.click(asked.response, label="Yes, resign")
    finished = await table.bot.store.latest_in_channel(table.channel.id)
    await table.bot.service.rematch(finished.id, alice.id)  # saved; its message never went
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(1)
    lobby = table.lobby()
    assert bob.mention in lobby.content and "rematch" in lobby.content
    await table.lobby_click(alice, "Start")
    await table.lobby_click(bob, "Start")
    match = await table.match()
    assert match.status == "active" and match.id != finished.id


async def test_a_lobby_whose_channel_takes_no_message_is_dropped(simcord_env, database) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    lobby = await saved_lobby(table, alice, ai_seats=1)
    simcord_env.inject_error(
        "POST", f"/channels/{table.channel.id}/messages", status=403, times=None
    )
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(1)
    simcord_env.backend.faults.clear()
    assert await table.match() is None, "the channel is free"
    assert (await table.bot.store.get(lobby.id)).status == "cancelled"


async def test_a_lobby_left_unseen_while_the_bot_runs_is_posted_by_a_tick(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await saved_lobby(table, alice, ai_seats=1)
    await simcord_env.advance_time(600)  # the next timer tick (600 s in the tests)
    assert table.lobby().embeds


async def test_a_rematch_whose_message_fails_frees_the_channel(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    asked = await bob.slash(table.channel, "match resign")
    await bob.click(asked.response, label="Yes, resign")
    final = table.board()
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    await alice.click(final, label="🔁 Rematch")
    assert await table.match() is None, "no invisible lobby holds the channel"
    await alice.click(final, label="🔁 Rematch")
    assert (await table.match()).status == "lobby"


async def test_a_moderator_clears_a_lobby_nobody_could_see(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    lobby = await saved_lobby(table, alice, ai_seats=1)
    mo = moderator_of(table)
    asked = await mo.slash(table.channel, "moderate end")
    await mo.click(asked.response, label="Yes, end it")
    assert (await table.bot.store.get(lobby.id)).status == "cancelled"
    assert await table.match() is None


async def test_an_undo_accepted_just_before_a_crash_loses_its_buttons_at_start_up(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = table.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    version = int(undo_buttons(request)[0].split(":")[3])
    match = await table.match()
    # The Accept is written, then the bot stops before editing the request's message.
    answer = await service.answer_undo(match.id, version, other.id, True)
    assert answer.outcome == "done"
    assert undo_buttons(table.message(request.id)), "still showing its buttons"
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(1)
    settled = table.message(request.id)
    assert undo_buttons(settled) == [] and "no longer open" in settled.content
    match = await table.match()
    assert not match.board_lags and board_version(table.board()) == match.version


async def test_an_undo_request_the_match_moved_past_is_settled_by_a_tick(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player, _ = await roll_and_move(table, table.bot.service, alice, bob)
    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    await table.click_action(player, action_buttons(table.board())[0])  # the match moves on
    await simcord_env.advance_time(600)
    settled = table.message(request.id)
    assert undo_buttons(settled) == [] and "lapsed" in settled.content


async def test_a_lobby_whose_first_post_fails_frees_the_channel(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    await table.open(alice, "ruship", ai=True)
    assert await table.match() is None, "no invisible lobby holds the channel"
    await table.open(alice, "ruship", ai=True)
    assert (await table.match()).status == "lobby"
