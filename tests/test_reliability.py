"""Faults between a saved move and its board: every match reaches a correct, clickable board.

The real bot through simcord: Discord errors are injected at the board step, crashes are
simulated by saving a move through the service (as the bot does) and restarting the bot
before it could show it, and forged clicks arrive with ids Discord would never send.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.games import GAMES
from bot.table.matches import MatchService
from cogs import _seats
from tests.conftest import make_bot
from tests.discord_helpers import (
    Table,
    action_buttons,
    click_forged,
    custom_id_of,
    private_text,
)

RUSHIP = GAMES["ruship"]


async def start_two_humans(table: Table) -> tuple[Any, Any]:
    """Two people at Ruship, rolling by hand: every version change below is a click."""
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    return alice, bob


def board_version(message: Any) -> int:
    """The state version a board's buttons act on (``rt:act:<match>:<version>:...``)."""
    return int(custom_id_of(action_buttons(message)[0]).split(":")[3])


async def turn_ending_button(table: Table, service: MatchService) -> Any:
    """The first button on the board whose action passes the turn to the other player."""
    match = await table.match()
    state = service.load_state(match)
    (seat,) = RUSHIP.to_act(state)
    for button in action_buttons(table.board()):
        action = custom_id_of(button).split(":", 4)[4]
        if RUSHIP.to_act(RUSHIP.apply(state, seat, action)) != {seat}:
            return button
    return None


def player_on_turn(table: Table, *actors: Any) -> Any:
    board = table.board()
    return next(a for a in actors if a.mention in board.content.split("👉", 1)[-1])


@pytest.mark.parametrize("status", [503, 429], ids=["unavailable", "rate-limited"])
async def test_a_discord_error_at_the_board_step_counts_the_move_and_the_board_catches_up(
    simcord_env, status: int
) -> None:
    """A failure or a rate limit at the board step delays the board, never drops it."""
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    service = simcord_env.bot.service
    while (button := await turn_ending_button(table, service)) is None:
        player = player_on_turn(table, alice, bob)
        await table.click_action(player, action_buttons(table.board())[0])
    player = player_on_turn(table, alice, bob)
    stale_board = table.board()
    simcord_env.inject_error("*", "/channels/*/messages*", status=status, times=None)
    # The new board is a follow-up of the click: that post fails; the player's private
    # notice, the next follow-up, goes through.
    simcord_env.inject_error("POST", "/webhooks/*", status=status, times=1)
    result = await table.click_action(player, button)
    assert "Your move counted" in private_text(result)
    assert "Nothing was changed" not in private_text(result)
    match = await table.match()
    assert match.board_lags, "the move is saved, the board is behind"

    simcord_env.backend.faults.clear()  # Discord is back
    await simcord_env.advance_time(600)  # the catch-up loop's next round
    match = await table.match()
    assert not match.board_lags
    assert table.board().id != stale_board.id
    assert board_version(table.board()) == match.version
    assert action_buttons(table.message(stale_board.id)) == [], "the old board lost its buttons"
    other = bob if player is alice else alice
    assert other.mention in table.board().content.split("👉", 1)[-1]


async def reach_a_turn_ending_button(table: Table, alice: Any, bob: Any) -> tuple[Any, Any]:
    """Click until the board offers a button that passes the turn: (player, button)."""
    service = table.env.bot.service
    while (button := await turn_ending_button(table, service)) is None:
        player = player_on_turn(table, alice, bob)
        await table.click_action(player, action_buttons(table.board())[0])
    return player_on_turn(table, alice, bob), button


def channel_posts(requests: list[Any]) -> list[Any]:
    return [r for r in requests if r.method == "POST" and r.path.startswith("/channels/")]


async def test_a_new_board_from_a_click_is_its_follow_up_and_costs_no_global_request(
    simcord_env,
) -> None:
    """Issue 11: the click's answer, its follow-up (the new board) and the old board's
    stripping all go through the interaction, in that order: nothing on the bot's global
    budget, and the old board keeps its buttons until the new one is there."""
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player, button = await reach_a_turn_ending_button(table, alice, bob)
    old_board = table.board()
    before = len(simcord_env.http_requests)
    await table.click_action(player, button)
    made = simcord_env.http_requests[before:]
    assert [r.path for r in made if not r.path.startswith(("/interactions/", "/webhooks/"))] == []
    steps = [(r.method, r.path.rsplit("/", 1)[-1]) for r in made]
    follow_up = next(i for i, (method, _) in enumerate(steps) if method == "POST" and i > 0)
    strip = steps.index(("PATCH", "@original"))
    assert steps[0][1] == "callback" and follow_up < strip, steps
    assert table.board().id != old_board.id
    assert action_buttons(table.message(old_board.id)) == []
    other = bob if player is alice else alice
    assert other.mention in table.board().content.split("👉", 1)[-1]


async def test_boards_long_after_the_last_click_are_channel_messages(simcord_env) -> None:
    """A click's interaction serves its match's boards for 14 minutes (Discord allows 15):
    a board changed later (a timer, an AI, a crash's catch-up) is edited in the channel,
    though it was a follow-up."""
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player, button = await reach_a_turn_ending_button(table, alice, bob)
    await table.click_action(player, button)  # a new board: the click's follow-up
    follow_up = table.board()
    await simcord_env.advance_time(15 * 60)
    match = await table.match()
    state = simcord_env.bot.service.load_state(match)
    (seat,) = RUSHIP.to_act(state)
    seated = next(s.user_id for s in match.seats if s.seat == seat)
    action = RUSHIP.legal_actions(state, seat)[0]
    before = len(simcord_env.http_requests)
    await simcord_env.bot.service.act(match.id, match.version, seated, action)  # no click
    await simcord_env.advance_time(600)  # the catch-up loop's next round
    made = [(r.method, r.path) for r in simcord_env.http_requests[before:]]
    assert not [path for _, path in made if path.startswith("/webhooks/")], made
    assert ("PATCH", f"/channels/{table.channel.id}/messages/{follow_up.id}") in made, made
    match = await table.match()
    assert not match.board_lags and board_version(table.board()) == match.version


async def test_a_click_whose_interaction_discord_no_longer_takes_posts_in_the_channel(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player, button = await reach_a_turn_ending_button(table, alice, bob)
    # Discord takes none of the match's recent clicks any more (every follow-up refused).
    simcord_env.inject_error("POST", "/webhooks/*", status=401, code=50027, times=None)
    before = len(simcord_env.http_requests)
    await table.click_action(player, button)
    simcord_env.backend.faults.clear()
    assert len(channel_posts(simcord_env.http_requests[before:])) == 1
    match = await table.match()
    assert not match.board_lags
    assert board_version(table.board()) == match.version


async def test_a_move_saved_just_before_a_crash_reaches_the_board_at_start_up(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = player_on_turn(table, alice, bob)
    match = await table.match()
    state = simcord_env.bot.service.load_state(match)
    (seat,) = RUSHIP.to_act(state)
    action = RUSHIP.legal_actions(state, seat)[0]
    # The bot saved the click, then died before editing the board.
    await simcord_env.bot.service.act(match.id, match.version, player.id, action)
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(1)
    match = await table.match()
    assert not match.board_lags
    assert board_version(table.board()) == match.version
    await table.click_action(player_on_turn(table, alice, bob), action_buttons(table.board())[0])
    assert (await table.match()).version == match.version + 1, "the caught-up board works"


async def test_a_click_on_a_board_whose_successor_is_not_out_yet_is_answered_in_time(
    simcord_env,
) -> None:
    """The current board is published before the answer that links to it: the click is
    deferred first, so drawing it never makes the answer miss Discord's 3 seconds."""
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = player_on_turn(table, alice, bob)
    old_board = table.board()
    match = await table.match()
    state = simcord_env.bot.service.load_state(match)
    (seat,) = RUSHIP.to_act(state)
    action = RUSHIP.legal_actions(state, seat)[0]
    await simcord_env.bot.service.act(match.id, match.version, player.id, action)  # no board
    before = len(simcord_env.http_requests)
    result = await table.click_action(player, action_buttons(old_board)[0], old_board)
    callbacks = [
        r.json["type"]
        for r in simcord_env.http_requests[before:]
        if r.path.endswith("/callback") and isinstance(r.json, dict)
    ]
    assert callbacks == [5], "answered at once (thinking…), the link follows"
    assert "out of date" in private_text(result)
    match = await table.match()
    assert not match.board_lags and board_version(table.board()) == match.version


async def test_a_match_started_just_before_a_crash_gets_its_first_board_at_start_up(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    match = await table.match()
    await simcord_env.bot.service.start(match.id, alice.id)  # saved; no board was posted
    assert not any(m.attachments for m in table.channel.history())
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(5)
    assert table.board().attachments
    await table.play_until_over({alice: table.choose_first})


async def test_an_ai_seat_carries_on_after_a_transient_failure(simcord_env, monkeypatch) -> None:
    monkeypatch.setattr(_seats, "AI_RETRY_FIRST_SECONDS", 0.001)
    service = simcord_env.bot.service
    real_act_as_ai = service.act_as_ai
    failures: list[int] = []

    async def disk_full_once(match_id: int, seat: int) -> Any:
        if not failures:
            failures.append(match_id)
            raise OSError(28, "No space left on device")
        return await real_act_as_ai(match_id, seat)

    monkeypatch.setattr(service, "act_as_ai", disk_full_once)
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})
    assert failures, "the AI did fail once"
    assert "🏆" in table.board().content


async def test_a_name_that_looks_like_a_mention_pings_nobody_and_shows_as_typed(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    bob = table.member("bob")
    prankster = table.member(f"<@{bob.id}> [site](https://x.example)")
    await table.open(prankster, "ruship", opponent=bob)
    await table.lobby_click(prankster, "Start")
    posts = [
        r.json
        for r in simcord_env.http_requests
        if r.method == "POST" and r.path.endswith("/messages") and isinstance(r.json, dict)
    ]
    for payload in posts:
        content = payload.get("content") or ""
        mentions = payload.get("allowed_mentions") or {}
        assert "users" not in mentions.get("parse", []), "never parse every mention"
        pinged = {int(u) for u in mentions.get("users", [])}
        if f"<@{bob.id}>" in content.split("👉", 1)[0]:
            raise AssertionError("a name became a mention")
        if bob.id in pinged:
            assert bob.mention in content.split("👉", 1)[-1], "bob pinged only as a player to act"
    assert "](https://" not in table.board().content.split("👉", 1)[0]


async def bugrace_lobby(tmp_path: Any, **settings: Any) -> tuple[MatchService, Any]:
    """A Bug Race lobby opened by user 10 on a real SQLite store (close ``service.store``)."""
    from bot.store.sqlite import SqliteStore

    store = SqliteStore(str(tmp_path / "x.db"))
    await store.open()
    service = MatchService(store, lambda: 0.0)
    lobby = await service.open_lobby(
        game="bugrace",
        guild_id=1,
        channel_id=2,
        creator_id=10,
        settings={"options": {}, "names": {"10": "alice"}},
        **settings,
    )
    return service, lobby


async def test_three_simultaneous_joins_keep_three_names(tmp_path) -> None:
    service, lobby = await bugrace_lobby(tmp_path)
    people = {11: "bob", 12: "carol", 13: "dave"}
    await asyncio.gather(*(service.join(lobby.id, uid, name) for uid, name in people.items()))
    match = await service.get(lobby.id)
    await service.store.close()
    assert len(match.seats) == 4
    assert set(match.settings["names"].values()) == {"alice", "bob", "carol", "dave"}


async def test_a_click_forged_from_another_channel_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    player = player_on_turn(table, alice, bob)
    button_id = custom_id_of(action_buttons(table.board())[0])
    version = (await table.match()).version
    elsewhere = table.guild.create_text_channel("elsewhere")
    await player.slash(elsewhere, "ruship new")
    lobby_there = elsewhere.last_message
    result = await click_forged(simcord_env, player, lobby_there, button_id)
    assert "another channel" in private_text(result)
    assert (await table.match()).version == version


@pytest.mark.parametrize("forged", ["rt:act:99999999999999999999:0:roll", "rt:hand:1" + "9" * 30])
async def test_a_forged_id_beyond_discord_ids_is_told_so(simcord_env, forged: str) -> None:
    table = Table(simcord_env)
    alice, _ = await start_two_humans(table)
    result = await click_forged(simcord_env, alice, table.board(), forged)
    assert "no longer exists" in private_text(result)


async def test_a_frozen_match_says_so_on_a_click_and_on_board(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    match = await table.match()
    await simcord_env.bot.store.freeze(match.id, "unreadable state", 0.0)
    player = player_on_turn(table, alice, bob)
    clicked = await table.click_action(player, action_buttons(table.board())[0])
    assert "frozen" in private_text(clicked) and "is over" not in private_text(clicked)
    board = await alice.slash(table.channel, "match board")
    assert "frozen" in private_text(board)


async def test_no_log_level_prints_a_hand(caplog, tmp_path) -> None:
    from bot.runner import configure_logging

    configure_logging("DEBUG")
    caplog.set_level(logging.DEBUG)
    service, match = await bugrace_lobby(tmp_path, ai_seats=1)
    started = await service.start(match.id, 10)
    await service.store.close()
    assert started.state is not None
    hand = str(GAMES["bugrace"].view(service.load_state(started), 0)["hand"])
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert started.state not in logged
    assert hand not in logged


def test_a_render_worker_dies_with_the_bot() -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    script = (
        "import asyncio, os, sys\n"
        "from bot.pictures.painter import BoardPainter\n"
        "from bot.games import GAMES\n"
        "painter = BoardPainter(1)\n"
        "view = GAMES['ruship'].view(GAMES['ruship'].new_state(2, 1), None)\n"
        "asyncio.run(painter.render('ruship', view))\n"
        "print(' '.join(str(p) for p in painter.worker_pids()), flush=True)\n"
        "sys.stdin.read()\n"
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert bot.stdout is not None
    workers = [int(pid) for pid in bot.stdout.readline().split()]
    assert workers and all(os.path.exists(f"/proc/{pid}") for pid in workers)
    os.kill(bot.pid, signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 20
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in workers), "the worker outlived the bot"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def forget_choices(env: Any, command: str, option: str) -> None:
    """A modified client sends what it likes: the fake Discord stops checking the choices."""
    (new,) = [o for o in env.backend.find_command(command, None)["options"] if o["name"] == "new"]
    for declared in new["options"]:
        if declared["name"] == option:
            declared.pop("choices")


async def test_a_time_limit_outside_the_choices_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    forget_choices(simcord_env, "ruship", "time_limit")
    result = await table.open(alice, "ruship", ai=True, time_limit=5)
    # Refused by the one check of every option (``cogs._inputs``), which names the option.
    assert "`time_limit` can't take that value" in private_text(result)
    assert await table.match() is None


async def test_an_opponent_who_is_not_in_the_server_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    outsider = simcord_env.create_user("zed")
    result = await table.open(alice, "ruship", opponent=outsider)
    assert "isn't in this server" in private_text(result)
    assert await table.match() is None


async def test_a_huge_name_is_capped_in_every_message_and_picture(simcord_env) -> None:
    from cogs._naming import NAME_LIMIT

    table = Table(simcord_env)
    giant = table.member("W" * 5000)
    await table.open(giant, "ruship", ai=True)
    await table.lobby_click(giant, "Start")
    match = await table.match()
    (stored,) = [name for uid, name in match.settings["names"].items() if int(uid) == giant.id]
    assert len(stored) == NAME_LIMIT
    assert all("W" * (NAME_LIMIT + 1) not in m.content for m in table.channel.history())


# ------------------------------------------------------------------ a full disk
def test_a_full_disk_is_one_clear_line_at_start_up(monkeypatch) -> None:
    import sqlite3

    from bot.store import sqlite as sqlite_driver
    from bot.store.sqlite import SqliteStore

    store = SqliteStore("/srv/x.db")
    full = store._explain(sqlite3.OperationalError("database or disk is full"))
    assert "is full" in full and "free some space" in full
    monkeypatch.setattr(sqlite_driver, "_nearly_full", lambda path: True)
    io_on_full_disk = store._explain(sqlite3.OperationalError("disk I/O error"))
    assert "is full" in io_on_full_disk, "an existing database on a full disk says I/O error"
    monkeypatch.setattr(sqlite_driver, "_nearly_full", lambda path: False)
    failing = store._explain(sqlite3.OperationalError("disk I/O error"))
    assert "could not be read or written" in failing and "health" in failing


async def test_a_click_the_full_disk_cannot_save_says_so_and_changes_nothing(
    simcord_env, monkeypatch, caplog
) -> None:
    import sqlite3

    table = Table(simcord_env)
    alice, bob = await start_two_humans(table)
    store = table.bot.store
    version = (await table.match()).version

    async def full(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "update", full)
    player = player_on_turn(table, alice, bob)
    result = await table.click_action(player, action_buttons(table.board())[0])
    assert "storage is full" in private_text(result)
    monkeypatch.undo()
    assert (await table.match()).version == version
    lines = [r for r in caplog.records if "disk is full" in r.getMessage()]
    assert lines and all(r.exc_info is None for r in lines), "one clear line, no traceback"


# ------------------------------------------------------------------ a long rate limit
async def test_a_long_rate_limit_holds_neither_this_matchs_board_nor_others(
    simcord_env, monkeypatch
) -> None:
    """Discord answers a board's edit with a 429 asking to wait a minute (discord.py then
    waits before retrying): the board is posted anew within seconds instead, and the other
    matches' boards are not held behind it."""
    import asyncio

    held, free = Table(simcord_env), Table(simcord_env)
    people = [await start_two_humans(held), await start_two_humans(free)]
    await simcord_env.advance_time(15 * 60)  # the clicks' interactions are over
    http = simcord_env.bot.http
    real = http.request
    requests: dict[str, list[tuple[str, float]]] = {"held": [], "free": []}

    async def rate_limited(route: Any, **kwargs: Any) -> Any:
        url = str(route.url)
        for name, table in (("held", held), ("free", free)):
            if f"/channels/{table.channel.id}/messages" in url:
                requests[name].append((route.method, simcord_env.now().timestamp()))
        if route.method == "PATCH" and f"/channels/{held.channel.id}/messages/" in url:
            await asyncio.sleep(3600)  # discord.py waiting out a 429's retry_after
        return await real(route, **kwargs)

    monkeypatch.setattr(http, "request", rate_limited)
    service = simcord_env.bot.service
    for table in (held, free):
        match = await table.match()
        state = service.load_state(match)
        (seat,) = RUSHIP.to_act(state)
        user = next(s.user_id for s in match.seats if s.seat == seat)
        action = RUSHIP.legal_actions(state, seat)[0]
        await service.act(match.id, match.version, user, action)  # a timer or an AI's move
    await simcord_env.advance_time(600)  # the catch-up loop's next round
    for table in (held, free):
        match = await table.match()
        assert not match.board_lags and board_version(table.board()) == match.version
    (_, asked), *_ = requests["held"]
    posted = next(at for method, at in requests["held"] if method == "POST")
    assert posted - asked <= 10, f"the board went out {posted - asked:.0f} s after its edit"
    assert requests["free"][0][1] - asked <= 1, "the other match was not held behind it"
    assert len(people) == 2


# ------------------------------------------------------------------ health
def test_the_health_command_reads_the_heartbeats_age(tmp_path, capsys) -> None:
    import os

    from bot.runner import health

    beat = tmp_path / "heartbeat"
    assert health(["--file", str(beat)]) == 1
    assert "no heartbeat yet" in capsys.readouterr().err
    beat.write_text("1\n")
    os.utime(beat, (1000.0, 1000.0))
    assert health(["--file", str(beat)], now=lambda: 1060.0) == 0
    assert health(["--file", str(beat)], now=lambda: 1000.0 + 600) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "last heartbeat 600 s ago" in err[0]


def test_the_docker_image_checks_the_bots_health() -> None:
    from pathlib import Path

    dockerfile = Path(__file__).parent.parent / "Dockerfile"
    text = dockerfile.read_text()
    assert "HEARTBEAT_FILE=" in text
    assert "HEALTHCHECK" in text and '"bot", "health"' in text


async def test_a_connected_bot_touches_its_heartbeat(tmp_path, monkeypatch) -> None:
    from simcord import Env

    from bot import app

    monkeypatch.setattr(app, "HEARTBEAT_SECONDS", 600.0)  # beyond simcord's settling bound
    beat = tmp_path / "heartbeat"
    bot = make_bot(tmp_path / "beat.db", heartbeat_file=str(beat))
    env = Env(bot)
    await env.start()
    try:
        await env.advance_time(600)
        assert beat.exists(), "written while connected and the database answers"
        await bot.store.close()
        beat.unlink()
        await env.advance_time(600)
        assert not beat.exists(), "no heartbeat once the database fails"
    finally:
        await env.shutdown()
        await bot.store.close()


async def test_a_shutdown_lets_the_clicks_being_answered_finish_within_a_bound() -> None:
    # A click answered while SIGTERM arrives finishes its write and its board before the
    # store closes under it; one that never ends does not hold the shutdown.
    from cogs._flowbase import FlowBase

    flow = FlowBase()
    flow.answering = set()
    release, finished = asyncio.Event(), []

    async def click() -> None:
        await release.wait()
        finished.append("its board")

    flow.answering.add(asyncio.create_task(click()))
    asyncio.get_running_loop().call_soon(release.set)
    await flow.drain(seconds=60)
    assert finished == ["its board"]
    stuck = asyncio.create_task(asyncio.Event().wait())
    flow.answering.add(stuck)
    await flow.drain(seconds=0)
    assert not stuck.done()
    stuck.cancel()
