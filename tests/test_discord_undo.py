"""``/match undo`` through the real bot (simcord): asking, Accept and Refuse, and the board
published again at the position before the action taken back."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import GAMES
from bot.table import undo
from bot.table.matches import MatchService
from tests.discord_helpers import (
    Table,
    action_buttons,
    as_seen_now,
    click_as_sent_before,
    custom_id_of,
    custom_ids,
    pings,
    posts_message,
    private_text,
)
from tests.test_reliability import board_version, player_on_turn, start_two_humans

RUSHIP = GAMES["ruship"]
#: The same deal at every run (the helpers below would find a fitting turn in any deal).
pytestmark = pytest.mark.usefixtures("fixed_seed")


def actions_on(board: Any) -> set[str]:
    return {custom_id_of(button).split(":", 4)[4] for button in action_buttons(board)}


def log_lines(text: str) -> list[str]:
    """The account ``/log`` gave (its page title left out)."""
    return [line for line in text.splitlines() if line.startswith("• ")]


def undo_message(table: Table) -> Any:
    """The newest undo request in the channel."""
    for message in reversed(table.channel.history()):
        if "asks to take back" in message.content:
            return message
    raise AssertionError("no undo request in the channel")


def undo_buttons(message: Any) -> list[str]:
    return [c for c in custom_ids(message) if c.startswith("rt:undo:")]


async def picture(board: Any) -> bytes:
    data: bytes = await board.attachments[0].read()
    return data


async def roll_and_move(table: Table, service: MatchService, alice: Any, bob: Any) -> Any:
    """The player on turn rolls, then makes a move after which it is still their turn.
    Returns that player and the board between the roll and the move, as it was."""
    while True:
        player = player_on_turn(table, alice, bob)
        await table.click_action(player, next(b for b in action_buttons(table.board())))
        match = await table.match()
        state = service.load_state(match)
        (seat,) = RUSHIP.to_act(state)
        keeps_turn = [
            button
            for button in action_buttons(table.board())
            if RUSHIP.to_act(RUSHIP.apply(state, seat, custom_id_of(button).split(":", 4)[4]))
            == {seat}
        ]
        if keeps_turn:
            between = table.board()
            seen = (actions_on(between), board_version(between), await picture(between))
            await table.click_action(player, keeps_turn[0])
            return player, seen
        # No move keeps the turn going after this roll: play it out and try the next turn.
        while player_on_turn(table, alice, bob) is player and action_buttons(table.board()):
            await table.click_action(player, action_buttons(table.board())[0])


async def test_an_accepted_undo_shows_the_earlier_board_and_play_goes_on(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, (actions, _version, earlier_picture) = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    moved = await table.match()
    log_before = await service.store.action_log(moved.id)
    told_before = log_lines(private_text(await player.slash(table.channel, "match log")))

    asked = await player.slash(table.channel, "match undo")
    assert "must accept" in private_text(asked)
    request = undo_message(table)
    assert other.mention in request.content and len(undo_buttons(request)) == 2
    await other.click(request, label="Accept")

    request = table.message(request.id)
    assert "the action is taken back" in request.content and undo_buttons(request) == []
    match = await table.match()
    assert match.version == moved.version + 1 and not match.board_lags
    board = table.board()
    assert actions_on(board) == actions and board_version(board) == match.version
    assert await picture(board) == earlier_picture, "the board shows the position before"
    assert await service.store.action_log(match.id) == log_before[:-1]
    state = service.load_state(match)
    *_, replayed = service.replayed(match, await service.store.timed_action_log(match.id))
    assert RUSHIP.dump(replayed) == RUSHIP.dump(state), "/match log replays to the same state"
    told = log_lines(private_text(await player.slash(table.channel, "match log")))
    assert told == told_before[: len(told)] and len(told) < len(told_before), "no move told"

    # The match plays on from there.
    await table.click_action(player, action_buttons(board)[-1])
    after = await table.match()
    assert after.version == match.version + 1
    assert len(await service.store.action_log(match.id)) == len(log_before)
    assert len(log_lines(private_text(await player.slash(table.channel, "match log")))) > len(told)


async def test_a_refused_undo_leaves_the_action(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    moved = await table.match()
    board = table.board()

    await player.slash(table.channel, "match undo")
    await other.click(undo_message(table), label="Refuse")

    request = table.message(undo_message(table).id)
    assert "refused: the action stands" in request.content and undo_buttons(request) == []
    match = await table.match()
    assert match.version == moved.version and table.board().id == board.id
    assert len(await service.store.action_log(match.id)) == len(
        await service.store.action_log(moved.id)
    )


async def test_a_roll_cannot_be_taken_back(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = player_on_turn(table, alice, bob)
    await table.click_action(player, action_buttons(table.board())[0])  # the roll
    rolled = await table.match()
    messages = len(table.channel.history())

    told = private_text(await player.slash(table.channel, "match undo"))
    assert "dice have been rolled" in told
    assert len(table.channel.history()) == messages, "no request is posted"
    assert (await table.match()).version == rolled.version


async def test_someone_without_a_seat_can_neither_ask_nor_answer(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    carol = table.member("carol")
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice

    assert "not playing in this match" in private_text(
        await carol.slash(table.channel, "match undo")
    )
    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    told = private_text(await carol.click(request, label="Accept"))
    assert "Only the players of this match" in told
    assert len(undo_buttons(table.message(request.id))) == 2, "the request still waits"
    told = private_text(await player.click(request, label="Accept"))
    assert "your own request" in told
    await other.click(request, label="Accept")
    assert "the action is taken back" in table.message(request.id).content


async def test_two_clicks_on_accept_take_back_once(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    moved = await table.match()

    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    seen = as_seen_now(other, request)
    accept = next(c for c in undo_buttons(request) if c.endswith(":yes"))
    await other.click(request, label="Accept")
    second = await click_as_sent_before(simcord_env, other, seen, accept)

    assert "no longer open" in private_text(second)
    match = await table.match()
    assert match.version == moved.version + 1, "taken back once"
    assert len(await service.store.action_log(match.id)) == len(
        await service.store.action_log(moved.id)
    )


async def test_a_request_the_match_moved_past_lapses(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice

    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    await table.click_action(player, action_buttons(table.board())[0])  # plays on instead
    moved = await table.match()

    told = private_text(await other.click(request, label="Accept"))
    assert "lapsed" in told
    request = table.message(request.id)
    assert "lapsed" in request.content and undo_buttons(request) == []
    assert (await table.match()).version == moved.version


async def test_a_request_nobody_answers_expires(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(undo, "UNDO_EXPIRY_SECONDS", 600)  # a day, in the test's few minutes
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    moved = await table.match()

    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    await simcord_env.advance_time(660)

    told = private_text(await other.click(request, label="Accept"))
    assert "expired" in told
    request = table.message(request.id)
    assert "expired" in request.content and undo_buttons(request) == []
    assert (await table.match()).version == moved.version


async def test_french_players_are_answered_in_french(simcord_env, french_client) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = player_on_turn(table, alice, bob)
    await table.click_action(player, action_buttons(table.board())[0])  # the roll
    told = private_text(await player.slash(table.channel, "match undo"))
    assert "des dés ont été lancés" in told


async def test_an_undo_after_the_end_says_the_match_is_over(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    match = await table.match()
    await simcord_env.bot.service.resign(match.id, bob.id)
    told = private_text(await alice.slash(table.channel, "match undo"))
    assert "This match is over" in told
    assert (await simcord_env.bot.service.get(match.id)).status == "finished"


async def test_an_undo_request_pings_only_those_whose_notify_settings_allow_it(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    player, _ = await roll_and_move(table, service, alice, bob)
    other = bob if player is alice else alice
    await other.slash(table.channel, "notify pings", where="none")
    since = len(simcord_env.http_requests)

    await player.slash(table.channel, "match undo")
    request = undo_message(table)
    assert other.mention in request.content, "named, so they know it waits for them"
    sent = [r.json for r in simcord_env.http_requests[since:] if posts_message(r)]
    (posted,) = [body for body in sent if "asks to take back" in (body.get("content") or "")]
    assert pings([posted]) == {}, "never pinged: their /notify pings are 'none'"

    await other.slash(table.channel, "notify pings", where="channel")
    await other.click(request, label="Refuse")
    await player.slash(table.channel, "match undo")
    sent = [r.json for r in simcord_env.http_requests[since:] if posts_message(r)]
    asked = [body for body in sent if "asks to take back" in (body.get("content") or "")]
    assert pings(asked[-1:]) == {other.id: 1}, "pinged once their settings say channel"
