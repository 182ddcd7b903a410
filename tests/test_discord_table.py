"""The table around every game: invitations, /match list, /match resign (through the real bot)."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
import pytest

from bot.games import GAMES
from renderers.base import RESULT_BAND
from tests.discord_helpers import (
    Table,
    action_buttons,
    board_posts,
    custom_id_of,
    label_of,
    pings,
    private_text,
)


def lobby_post(env: Any) -> dict[str, Any]:
    """The interaction response that opened the lobby (its payload as sent to Discord)."""
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        data = body.get("data") or {}
        if request.path.endswith("/callback") and data.get("embeds"):
            return dict(data)
    raise AssertionError("no lobby was posted")


async def test_the_invited_opponent_is_pinged_and_nobody_else(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    table.member("carol")
    await table.open(alice, "ruship", opponent=bob)
    posted = lobby_post(simcord_env)
    assert bob.mention in posted["content"]
    assert [int(u) for u in posted["allowed_mentions"]["users"]] == [bob.id]
    assert posted["allowed_mentions"]["parse"] == []


async def test_games_says_whose_turn_it_is_and_since_when(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob)
    await table.lobby_click(alice, "Start")
    board = table.board().content.split("👉", 1)[-1]
    on_turn, waiting = (alice, bob) if alice.mention in board else (bob, alice)
    mine = private_text(await on_turn.slash(table.channel, "match list"))
    assert "your turn" in mine and "<t:" in mine and "Ruship" in mine
    theirs = private_text(await waiting.slash(table.channel, "match list"))
    assert "waiting for" in theirs and on_turn.name in theirs


async def test_a_whole_match_has_short_boards_quiet_pings_a_drawn_result_and_a_log(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})

    posts = board_posts(simcord_env)
    for payload in posts:
        lines = payload["content"].splitlines()
        assert len(lines) <= 9, f"a board of {len(lines)} lines: {payload['content']!r}"
    turns = sum(1 for p in posts if alice.mention in p["content"].split("👉", 1)[-1])
    assert pings(posts).get(alice.id, 0) <= turns, "pinged at most once per turn"

    final = table.board()
    assert "🏆" in final.content
    labels = [label_of(b) for row in final.components for b in row.children]
    assert labels == ["🔁 Rematch", "📜 Log", "🎞 Replay"]
    from PIL import Image

    picture = Image.open(io.BytesIO(await final.attachments[0].read())).convert("RGB")
    corner = picture.getpixel((2, 2))
    assert isinstance(corner, tuple)
    assert max(abs(a - b) for a, b in zip(corner, RESULT_BAND, strict=True)) <= 8, (
        "the result is drawn across the top of the final picture"
    )

    shown = await alice.slash(table.channel, "match log")
    newest = private_text(shown)
    match = re.search(r"page (\d+)/(\d+)", newest)
    assert match and match[1] == match[2] and int(match[2]) > 1, newest
    page_message = next(m for m in [*shown.followups, shown.response] if m and m.ephemeral)
    await alice.click(page_message, label="◀")
    turned = simcord_env.backend.get_message(page_message.channel_id, page_message.id).content
    assert f"page {int(match[2]) - 1}/{match[2]}" in turned


async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, time_limit=3600)
    await table.lobby_click(alice, "Start")
    question = await bob.slash(table.channel, "match resign")
    await bob.click(question.response, label="Yes, resign")
    await bob.click(table.board(), label="🔁 Rematch")
    match = await table.match()
    assert match.status == "lobby" and match.creator_id == bob.id
    assert [s.user_id for s in match.seats] == [bob.id, alice.id]
    assert match.settings["time_limit"] == 3600
    assert alice.mention in table.lobby().content


async def test_an_open_hand_panel_follows_the_game_without_a_click(simcord_env) -> None:
    from tests.discord_helpers import fresh
    from tests.test_discord_bugrace import click_panel, open_hand, panel_actions

    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "bugrace", opponent=bob)
    await table.lobby_click(alice, "Start")
    alice_panel = await open_hand(table, alice)
    first_choices = sorted(panel_actions(alice_panel))
    await click_panel(alice, alice_panel, first_choices[0])
    waiting = fresh(simcord_env, alice_panel)
    waiting_text = str(waiting.content)
    assert not panel_actions(waiting) and "waiting for bob" in waiting_text

    bob_panel = await open_hand(table, bob)
    await click_panel(bob, bob_panel, sorted(panel_actions(bob_panel))[0])
    followed = fresh(simcord_env, alice_panel)
    assert panel_actions(followed), "alice's panel offers her next choice by itself"
    assert "waiting for" not in followed.content and followed.content != waiting_text


async def test_a_busy_channel_gets_at_most_four_board_changes_in_five_seconds() -> None:
    """Discord allows about 5 message changes per 5 s in a channel: a busy channel's boards
    wait for the budget (the catch-up loop shows them later, up to date)."""
    from dataclasses import replace

    from cogs._boards import BoardPublisher

    now = [100.0]
    publisher = BoardPublisher(
        None,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        {},
        after_publish=lambda match, state: None,
        clock=lambda: now[0],
    )
    match = replace(await _a_match(), channel_id=7)
    other_channel = replace(match, channel_id=8)
    allowed = [not publisher._hold_if_busy(match) for _ in range(4)]
    assert allowed == [True] * 4
    assert publisher._hold_if_busy(match), "the fifth change within 5 s waits"
    now[0] += 2.0
    assert publisher._free_in(match) == pytest.approx(3.05), "until the first leaves the window"
    now[0] -= 2.0
    assert not publisher._hold_if_busy(other_channel), "each channel has its own budget"
    now[0] += 5.0
    assert not publisher._hold_if_busy(match), "the budget is free again"


async def _a_match() -> Any:
    from bot.store.contract import Match

    return Match(
        id=3,
        guild_id=1,
        channel_id=2,
        game="ruship",
        status="active",
        creator_id=1,
        seed=1,
        settings={},
        state="{}",
        result=None,
        version=1,
        board_message_id=None,
        turn_started_at=None,
        last_reminder_at=None,
        frozen_reason=None,
        created_at=0.0,
    )


@pytest.mark.usefixtures("fixed_seed")  # a deal where the AI's opening stays short
async def test_a_short_log_is_one_page_without_page_buttons(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True, auto_roll=False)
    await table.lobby_click(alice, "Start")
    shown = await alice.slash(table.channel, "match log")
    assert "page 1/1" in private_text(shown)
    page = next(m for m in [*shown.followups, shown.response] if m and m.ephemeral)
    assert not page.components


async def test_boards_of_a_busy_channel_are_held_then_shown_up_to_date(
    simcord_env, database
) -> None:
    """simcord's clock stands still between moves: every change below is "at once"."""
    from tests.conftest import make_bot

    await simcord_env.restart_bot(make_bot(database, channel_budget=4))
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    before = len(simcord_env.http_requests)
    await table.lobby_click(alice, "Start")
    for _ in range(12):
        match = await table.match()
        state = simcord_env.bot.service.load_state(match)
        (seat,) = GAMES["ruship"].to_act(state)
        person = alice if match.seats[seat].user_id == alice.id else bob
        action = GAMES["ruship"].legal_actions(state, seat)[0]
        await simcord_env.bot.service.act(match.id, match.version, person.id, action)
        await simcord_env.bot.table.boards.publish_or_retry_later(match.id)
    changes = [
        r
        for r in simcord_env.http_requests[before:]
        if r.method in ("POST", "PATCH") and re.fullmatch(r"/channels/\d+/messages(/\d+)?", r.path)
    ]
    assert len(changes) <= 5, f"{len(changes)} board changes at once"
    assert (await table.match()).board_lags, "the latest moves wait for the budget"
    await simcord_env.advance_time(6)
    await simcord_env.bot.table.boards.catch_up()  # the catch-up loop's next round
    match = await table.match()
    assert not match.board_lags, "once the budget is free, the board shows the latest state"
    assert match.version in {
        int(custom_id_of(b).split(":")[3]) for b in action_buttons(table.board())
    }


async def test_a_change_nobody_can_see_is_neither_redrawn_nor_sent(simcord_env) -> None:
    """A write that changes no public view (a private choice) leaves the board as it is:
    no picture drawn, no request to Discord; the board is only recorded as current."""
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "bugrace", opponent=bob)
    await table.lobby_click(alice, "Start")
    bot = simcord_env.bot
    match = await table.match()
    boards = bot.table.boards
    drawn: list[str] = []
    render = boards.painter.render

    async def counted(game: str, view: Any, labels: Any = None) -> Any:
        drawn.append(game)
        return await render(game, view, labels)

    boards.painter.render = counted
    requests = len(simcord_env.http_requests)
    same = await bot.store.update(match, expected_version=match.version, now=bot.service.clock())
    assert same.board_lags
    await boards.publish(match.id)
    assert drawn == [] and len(simcord_env.http_requests) == requests
    assert not (await table.match()).board_lags
    # A change people can see is drawn and sent as before.
    state = bot.service.load_state(same)
    keep = GAMES["bugrace"].legal_actions(state, 0)[0]
    await bot.service.act(match.id, same.version, alice.id, keep, tolerate_others=True)
    await boards.publish(match.id)
    assert drawn == ["bugrace"] and len(simcord_env.http_requests) > requests


@pytest.mark.parametrize(
    ("client", "expected"),
    [
        ("en-US", "**Attach Files**, **Embed Links**"),
        ("fr", "**Joindre des fichiers**, **Intégrer des liens**"),
    ],
)
async def test_a_missing_permission_is_named_as_discord_shows_it(
    simcord_env, monkeypatch, client: str, expected: str
) -> None:
    from simcord import interactions as simcord_interactions

    original = simcord_interactions.base_payload

    def in_language(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = client
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", in_language)
    table = Table(simcord_env)
    alice = table.member("alice")
    denied = discord.PermissionOverwrite(attach_files=False, embed_links=False)
    closed = table.guild.create_text_channel("closed", overwrites={simcord_env.bot.user: denied})
    answer = await alice.slash(closed, "ruship new", ai=True)
    text = private_text(answer)
    assert expected in text and "_" not in text, text
    assert not closed.history(), "no lobby was opened"


def test_a_long_turn_keeps_telling_what_the_others_did_before_it() -> None:
    from cogs._boards import ACCOUNT_LINES, account_window

    posted_with = ["bob drove 3", "carol drove 5", "▶ alice drives"]
    short_turn = [*posted_with, "alice accelerates", "alice drives 4"]
    assert account_window(short_turn, 3) == short_turn
    own = [f"alice's step {n}" for n in range(1, 7)]
    long_turn = ["older"] * 10 + posted_with + own
    shown = account_window(long_turn, 13)
    assert len(shown) == ACCOUNT_LINES
    assert shown[:2] == ["carol drove 5", "▶ alice drives"]
    assert shown[2:] == own[-4:]
    # A board posted after the turn passed: its last lines, the others' moves.
    assert account_window(long_turn, len(long_turn)) == long_turn[-ACCOUNT_LINES:]


def test_a_choice_explained_on_the_board_takes_room_from_the_account() -> None:
    """A board explaining the choice before the players (Ruship's Powers) shows fewer of
    the account's lines, the others' moves still first while there is room for them."""
    from cogs._boards import account_window

    posted_with = ["bob drove 3", "carol drove 5", "▶ alice drives"]
    long_turn = ["older"] * 10 + posted_with + [f"alice's step {n}" for n in range(1, 7)]
    assert account_window(long_turn, 13, 4) == [
        "carol drove 5",
        "▶ alice drives",
        "alice's step 5",
        "alice's step 6",
    ]
    assert account_window(long_turn, 13, 1) == ["alice's step 6"]
    assert account_window(long_turn, 13, 0) == []
    assert account_window(posted_with, 3, 3) == posted_with
