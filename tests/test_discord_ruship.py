"""Ruship through Discord, offline: the real bot, real interactions, simcord's virtual Discord."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.games import GAMES
from tests.conftest import make_bot
from tests.discord_helpers import (
    Table,
    Turns,
    action_buttons,
    as_seen_now,
    check_one_ping_and_one_board_a_turn,
    check_table_manners,
    click_as_sent_before,
    custom_id_of,
    label_of,
    private_text,
)

HOUR = 3600


async def start_two_humans(table: Table, **options: Any) -> tuple[Any, Any]:
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, **options)
    await table.lobby_click(alice, "Start")
    return alice, bob


def on_turn(table: Table, *actors: Any) -> Any:
    board = table.board()
    return next(a for a in actors if a.mention in board.content.split("👉", 1)[-1])


async def test_a_whole_match_against_the_ai(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})
    board = table.board()
    assert "🏆" in board.content
    assert board.attachments[0].filename == "board.png"
    assert action_buttons(board) == []
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None


async def test_lobby_and_opening_board_say_who_is_humanity_and_who_plays_first(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    # Without the automatic roll, so the opening board is not already several turns on.
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    details = table.lobby().embeds[0].fields[1].value
    assert "player 1 is Humanity" in details and "player 2 is Alien" in details
    assert "start roll decides who plays first" in details
    await table.lobby_click(alice, "Start")
    match = await table.match()
    assert match.seat_of(alice.id) == 0
    state = GAMES["ruship"].load(json.loads(match.state))
    first = "alice" if state.first_player == 0 else "bob"
    side = "Humanity" if state.first_player == 0 else "Alien"
    (human, alien) = state.start_rolls[-1]
    line = table.board().content
    assert f"alice (Humanity) {human}, bob (Alien) {alien}" in line
    assert f"{first} ({side}) plays first" in line


async def test_the_power_choice_explains_each_power(simcord_env) -> None:
    from bot.i18n import Tr
    from cogs.ruship import RushipPresenter

    cog = RushipPresenter()
    view = {"phase": "power", "power_pool": ["reroll", "stack"], "turn": 0}
    event = {"type": "attack", "seat": 0, "from": 15, "to": 19, "die": 4, "count": 1}
    for tr, words, named in (
        (Tr("en"), "reroll one die", "**Reroll**: "),
        (Tr("fr"), "relancez un dé", "**Relance**\u00a0: "),
    ):
        lines = cog.prompt_lines(view, ["alice", "bob"], tr)
        assert any(words in line for line in lines)
        assert len(lines) == 3 and lines[1].startswith(named)
        assert not any(words in line for line in cog.event_lines([event], view, ["a", "b"], tr))


async def test_the_powers_are_explained_while_picked_then_leave_the_board(simcord_env) -> None:
    """The attacked player's board lists each Power to pick once; the next boards tell
    the pick, not the list again."""
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    for _ in range(400):
        if "Powers to pick from" in table.board().content:
            break
        player = on_turn(table, alice, bob)
        await table.click_action(player, action_buttons(table.board())[0])
    else:
        raise AssertionError("no planet was attacked")
    board = table.board().content
    assert board.count("Powers to pick from") == 1 and "• •" not in board
    assert board.index("Powers to pick from") < board.index("👉")
    picker = on_turn(table, alice, bob)
    await table.click_action(picker, action_buttons(table.board())[0])
    board = table.board().content
    assert "Powers to pick from" not in board and "power." in board  # "took the Stack power."


async def test_two_people_play_a_match_to_the_end(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    clicks = await table.play_until_over({alice: table.choose_first, bob: table.choose_first})
    assert clicks > 10
    assert "🏆" in table.board().content


async def test_each_turn_posts_a_new_board_that_pings_only_the_player_to_act(simcord_env) -> None:
    table = Table(simcord_env)
    # Every action clicked (no automatic roll), so each turn is exactly one board.
    alice, bob = await start_two_humans(table, auto_roll=False)
    first_board = table.board()
    player = on_turn(table, alice, bob)
    other = bob if player is alice else alice
    assert player.mention in first_board.content
    assert other.mention not in first_board.content
    boards_before = len([m for m in table.channel.history() if m.attachments])
    while on_turn(table, alice, bob) is player:
        await table.click_action(player, action_buttons(table.board())[0])
    boards = [m for m in table.channel.history() if m.attachments]
    assert len(boards) == boards_before + 1, "a new board message for the new turn"
    assert other.mention in boards[-1].content
    assert action_buttons(table.message(first_board.id)) == [], "old board stripped"


async def test_lobby_start_is_refused_until_the_seats_fit_and_only_for_the_creator(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob, carol = table.member("alice"), table.member("bob"), table.member("carol")
    await table.open(alice, "ruship")
    refused = await table.lobby_click(alice, "Start")
    assert "needs 2 to 2 players" in private_text(refused)
    await table.lobby_click(bob, "Join")
    full = await table.lobby_click(carol, "Join")
    assert "full" in private_text(full)
    not_creator = await table.lobby_click(bob, "Start")
    assert "Only the player who opened the lobby" in private_text(not_creator)
    cancel = await table.lobby_click(bob, "Cancel")
    assert "Only the player who opened the lobby" in private_text(cancel)
    await table.lobby_click(bob, "Leave")
    await table.lobby_click(alice, "Add AI")
    await table.lobby_click(alice, "Start")
    assert table.board().attachments


async def test_one_match_per_channel_and_the_busy_message_links_it(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship")
    second = await table.open(bob, "ruship")
    text = private_text(second)
    assert "already has a match" in text
    assert f"https://discord.com/channels/{table.guild.id}/{table.channel.id}" in text


async def test_cancel_closes_the_lobby_and_frees_the_channel(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship")
    await table.lobby_click(alice, "Cancel")
    assert "cancelled" in table.channel.last_message.embeds[0].description
    await table.open(alice, "ruship", ai=True)
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is not None


async def test_intruders_and_out_of_turn_clicks_change_nothing(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    carol = table.member("carol")
    board = table.board()
    button = action_buttons(board)[0]
    match_before = await table.match()
    intruder = await table.click_action(carol, button)
    assert "not playing in this match" in private_text(intruder)
    waiting = bob if on_turn(table, alice, bob) is alice else alice
    out_of_turn = await table.click_action(waiting, button)
    assert "not your turn" in private_text(out_of_turn)
    assert (await table.match()).version == match_before.version


async def test_a_double_click_is_applied_once(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = on_turn(table, alice, bob)
    board = table.board()
    seen = as_seen_now(player, board)
    roll = custom_id_of(action_buttons(board)[0])
    await table.click_action(player, action_buttons(board)[0])
    version = (await table.match()).version
    log_length = len(await simcord_env.bot.store.action_log((await table.match()).id))
    second = await click_as_sent_before(simcord_env, player, seen, roll)
    assert "out of date" in private_text(second)
    assert (await table.match()).version == version
    assert len(await simcord_env.bot.store.action_log((await table.match()).id)) == log_length


async def test_a_click_on_an_old_board_says_so_and_links_the_current_one(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    first_board = table.board()
    seen = as_seen_now(alice, first_board)
    stale_id = custom_id_of(action_buttons(first_board)[0])
    player = on_turn(table, alice, bob)
    while on_turn(table, alice, bob) is player:
        await table.click_action(player, action_buttons(table.board())[0])
    result = await click_as_sent_before(simcord_env, player, seen, stale_id)
    text = private_text(result)
    assert "out of date" in text
    assert str(table.board().id) in text


async def test_the_match_survives_a_restart_and_the_old_buttons_still_work(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    # Clicks only (no automatic roll): nothing happens between the restart and the click.
    alice, bob = await start_two_humans(table, auto_roll=False)
    player = on_turn(table, alice, bob)
    await table.click_action(player, action_buttons(table.board())[0])
    version = (await table.match()).version
    board = table.board()
    await simcord_env.restart_bot(make_bot(database))
    await table.click_action(player, action_buttons(board)[0])
    assert (await table.match()).version == version + 1
    await table.play_until_over({alice: table.choose_first, bob: table.choose_first})


async def test_an_ai_seat_carries_on_after_a_restart(simcord_env, database) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(5)
    await table.play_until_over({alice: table.choose_first})
    assert "🏆" in table.board().content


async def test_reminders_and_an_expired_turn_under_the_virtual_clock(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, time_limit=24 * HOUR, auto_roll=False)
    await table.lobby_click(alice, "Start")
    player = on_turn(table, alice, bob)
    await simcord_env.advance_time(11 * HOUR)
    assert not any("⏰" in m.content for m in table.channel.history())
    await simcord_env.advance_time(2 * HOUR)
    reminder = table.channel.last_message
    assert "⏰" in reminder.content and player.mention in reminder.content
    version = (await table.match()).version
    await simcord_env.advance_time(12 * HOUR)
    texts = [m.content for m in table.channel.history()]
    assert any("⌛" in t and player.mention in t for t in texts)
    assert (await table.match()).version > version, "the AI played the expired turn"
    assert on_turn(table, alice, bob) is not player


async def test_three_expired_turns_in_a_row_hand_the_seat_to_the_ai(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, time_limit=HOUR, auto_roll=False)
    await table.lobby_click(alice, "Start")
    for _ in range(8):
        await simcord_env.advance_time(HOUR)
    assert any("third turn in a row" in m.content for m in table.channel.history())
    match = await table.match()
    if match is not None:
        assert any(seat.is_ai for seat in match.seats)


async def test_board_resign_and_games_commands(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    games = await alice.slash(table.channel, "match list")
    assert "Ruship" in private_text(games)
    old_board = table.board()
    await alice.slash(table.channel, "match board")
    assert table.board().id != old_board.id
    assert action_buttons(table.message(old_board.id)) == []
    question = await bob.slash(table.channel, "match resign")
    assert "Resign from match" in private_text(question)
    assert (await table.match()).status == "active", "nothing changes before Yes"
    await bob.click(question.response, label="No, play on")
    assert (await table.match()).status == "active"
    question = await bob.slash(table.channel, "match resign")
    await bob.click(question.response, label="Yes, resign")
    assert "🏆" in table.board().content and "alice" in table.board().content
    final = table.board()
    again = await alice.slash(table.channel, "match board")
    assert "posted again" in private_text(again)
    assert table.board().id != final.id, "/match board after the end shows the last board"
    assert "🏆" in table.board().content and action_buttons(table.board()) == []


async def test_a_corrupt_match_row_is_frozen_with_a_message(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    match = await table.match()
    store = simcord_env.bot.store
    await store.db.execute("UPDATE matches SET state = '{broken' WHERE id = ?", (match.id,))
    player = on_turn(table, alice, bob)
    result = await table.click_action(player, action_buttons(table.board())[0])
    assert "could not be read" in private_text(result)
    frozen = await store.get(match.id)
    assert frozen is not None and frozen.status == "frozen"
    await table.open(alice, "ruship", ai=True)  # the channel is free again


async def test_the_lobby_can_open_in_a_new_thread(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await table.open(alice, "ruship", ai=True, thread=True)
    assert "thread" in private_text(result).lower() or "<#" in private_text(result)
    threads = table.channel.threads
    assert len(threads) == 1
    assert await simcord_env.bot.store.open_in_channel(threads[0].id) is not None


async def test_french_server_gets_french_boards_and_lobby(simcord_env) -> None:
    table = Table(simcord_env, locale="fr")
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True, auto_roll=False)
    lobby = table.lobby()
    assert "nouvelle table" in lobby.embeds[0].title
    # The buttons (below them, the menu that adds an AI of a chosen level).
    labels = [label_of(b) for row in lobby.components for b in row.children if b.type.value == 2]
    assert labels == ["Rejoindre", "Quitter", "Ajouter une IA", "Démarrer", "Annuler", "Inviter"]
    await table.lobby_click(alice, "Démarrer")
    board = table.board()
    assert "À jouer" in board.content
    assert any(label_of(b).startswith("🎲 Lancer") for b in action_buttons(board))


async def test_french_player_gets_private_replies_in_french(simcord_env, french_client) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship")
    refused = await table.lobby_click(alice, "Start")
    assert "Ce jeu se joue de 2 à 2 joueurs" in private_text(refused)
    rules = await alice.slash(table.channel, "ruship rules")
    assert "But" in rules.response.embeds[0].description


async def test_rules_are_shown_privately(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await alice.slash(table.channel, "ruship rules")
    assert result.ephemeral
    assert "Power" in result.response.embeds[0].description


async def test_the_action_log_replays_to_the_stored_state(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    for _ in range(6):
        buttons = action_buttons(table.board())
        if buttons:
            await table.click_action(alice, buttons[0])
    match = await table.match()
    engine = GAMES["ruship"]
    state = engine.new_state(2, match.seed)
    for _, seat, action in await simcord_env.bot.store.action_log(match.id):
        state = engine.apply(state, seat, action)
    assert engine.dump(state) == json.loads(match.state)


async def test_a_new_board_tells_every_action_of_the_turn_before(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    for _ in range(40):  # until the AI has played a whole turn and it is alice's again
        board = table.board()
        if alice.mention in board.content and "AI 1 rolled" in board.content:
            break
        buttons = action_buttons(board)
        if buttons and alice.mention in board.content:
            await table.click_action(alice, buttons[0])
    board = table.board()
    lines = [line for line in board.content.splitlines() if line.startswith("• AI 1")]
    assert "rolled" in lines[0]
    assert len(lines) >= 2, "the roll and what the AI did with it"


# ------------------------------------------------------------------ issue 9: a whole match
@pytest.mark.usefixtures("fixed_seed")
@pytest.mark.parametrize("seats", ["two people", "a person and the AI"])
async def test_a_whole_match_has_short_boards_quiet_pings_and_few_clicks(
    simcord_env, seats: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dice are rolled by themselves (and a forced move played): a turn is the moves a
    person chooses. Pings, new boards and board texts follow issue 9's rules."""
    monkeypatch.setattr("bot.table.matches.random.SystemRandom", lambda: random.Random(20261122))
    table = Table(simcord_env)
    alice = table.member("alice")
    if seats == "two people":
        bob = table.member("bob")
        people = [alice, bob]
        await table.open(alice, "ruship", opponent=bob)
    else:
        people = [alice]
        await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    turns = Turns(simcord_env, people)
    for _ in range(1500):
        board = table.board()
        if "🏆" in board.content:
            break
        buttons = action_buttons(board)
        acting = [p for p in people if p.mention in board.content.split("👉", 1)[-1]]
        if not acting or not buttons:
            await simcord_env.advance_time(5)
            continue
        assert "🎲 Roll" not in [label_of(b) for b in buttons], "a lone roll rolls by itself"
        turns.click(acting[0])
        await table.click_action(acting[0], buttons[0])
    else:
        raise AssertionError("the match did not end")

    manners = check_table_manners(simcord_env, people)
    global_count = turns.check_request_budget()
    check_one_ping_and_one_board_a_turn(manners, people, least_turns=3)
    median, most = turns.figures()
    print(
        f"\nRuship ({seats}): clicks per turn median {median}, max {most}; {manners}"
        f"; {global_count} global requests for {turns.made()} clicks"
    )
    assert median <= 2 and most <= 3


# ------------------------------------------------------------------ issue 9: labels
def test_a_move_button_names_where_the_token_lands_and_the_log_says_the_same() -> None:
    from bot.games.ruship import GAME, position
    from bot.i18n import Tr
    from cogs.ruship import RushipPresenter

    cog = RushipPresenter()
    # Equal dice moving the same token: one button; a capture and an attack say so.
    state = position(humanity=[4, 15], alien=[10], dice=[6, 6], turn=0)
    view = GAME.view(state, None)
    labels = {a: cog.action_label(a, view, Tr("en")) for a in GAME.legal_actions(state, 0)}
    assert labels["move 4 6"] == "4 → 10, captures (die 6)"
    assert labels["move 15 6"] == "15 → Alien planet 💥 (die 6)"
    assert labels["enter 6"] == "Enter → 7 (die 6)"
    assert len(set(labels.values())) == len(labels), "no two buttons do the same"
    french = cog.action_label("move 4 6", view, Tr("fr"))
    assert french == "4 → 10, capture (dé 6)"
    after = GAME.apply(state, 0, "move 4 6")
    lines = cog.event_lines(GAME.view(after, None)["events"], view, ["alice", "bob"], Tr("en"))
    assert lines[0] == "alice moved 4 → 10 (die 6)."
    carrier = position(humanity=[], dice=[1, 3], turn=0)
    assert cog.action_label("carrier", GAME.view(carrier, None), Tr("en")) == (
        "Mothership 1 → 2 (die 1)"
    )


def test_the_rules_explain_every_mark_of_the_picture() -> None:
    from bot.i18n import catalog

    for language, marks in (
        ("en", ("MS", "VX", "numbered 1 and 2", "rings")),
        ("fr", ("VM", "VX", "numérotées 1 et 2", "anneaux")),
    ):
        rules = catalog(language)["ruship.rules"]
        assert len(rules) <= 4096, "an embed's description"
        assert all(mark in rules for mark in marks), language
