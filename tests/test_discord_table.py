"""The table around every game: invitations, /games, /resign (through the real bot)."""

from __future__ import annotations

import io
import re
from typing import Any

from renderers.base import RESULT_BAND
from tests.discord_helpers import Table, label_of, private_text


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
    mine = private_text(await on_turn.slash(table.channel, "games"))
    assert "your turn" in mine and "<t:" in mine and "Ruship" in mine
    theirs = private_text(await waiting.slash(table.channel, "games"))
    assert "waiting for" in theirs and on_turn.name in theirs


def board_posts(env: Any) -> list[dict[str, Any]]:
    """Every new board message the bot posted (payloads as sent)."""
    return [
        r.json
        for r in env.http_requests
        if r.method == "POST"
        and r.path.endswith("/messages")
        and isinstance(r.json, dict)
        and "👉" in (r.json.get("content") or "") + "🏆"
        and (r.json.get("content") or "").startswith("**")
    ]


def pings(posts: list[dict[str, Any]]) -> dict[int, int]:
    """How many times each person was pinged by those posts."""
    counted: dict[int, int] = {}
    for payload in posts:
        for user in (payload.get("allowed_mentions") or {}).get("users", []):
            if f"<@{user}>" in payload.get("content", ""):
                counted[int(user)] = counted.get(int(user), 0) + 1
    return counted


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
    assert labels == ["🔁 Rematch", "📜 Log"]
    from PIL import Image

    picture = Image.open(io.BytesIO(await final.attachments[0].read())).convert("RGB")
    corner = picture.getpixel((2, 2))
    assert isinstance(corner, tuple)
    assert max(abs(a - b) for a, b in zip(corner, RESULT_BAND, strict=True)) <= 8, (
        "the result is drawn across the top of the final picture"
    )

    shown = await alice.slash(table.channel, "log")
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
    question = await bob.slash(table.channel, "resign")
    await bob.click(question.response, label="Yes, resign")
    await bob.click(table.board(), label="🔁 Rematch")
    match = await table.match()
    assert match.status == "lobby" and match.creator_id == bob.id
    assert [s.user_id for s in match.seats] == [bob.id, alice.id]
    assert match.settings["time_limit"] == 3600
    assert alice.mention in table.lobby().content


async def test_an_open_hand_panel_follows_the_game_without_a_click(simcord_env) -> None:
    from tests.test_discord_bugrace import click_panel, fresh, open_hand, panel_actions

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


async def test_a_busy_channel_gets_at_most_four_board_changes_in_five_seconds(monkeypatch) -> None:
    """Discord allows about 5 message changes per 5 s in a channel: boards of a busy channel
    wait for the budget, and then show the latest state in one change."""
    import asyncio
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
    published: list[int] = []

    async def publish_or_retry_later(match_id: int) -> bool:
        published.append(match_id)
        return True

    monkeypatch.setattr(publisher, "publish_or_retry_later", publish_or_retry_later)
    match = replace(await _a_match(), channel_id=7)
    allowed = [not publisher._hold_if_busy(match) for _ in range(4)]
    assert allowed == [True] * 4
    assert publisher._hold_if_busy(match) and publisher._hold_if_busy(match), "held"
    assert len(publisher._held) == 1, "however many actions, one delayed publication"
    (held,) = publisher._held.values()
    held.cancel()
    await asyncio.gather(held, return_exceptions=True)
    await publisher._publish_after(match.id, 0)  # what the held task does when its time comes
    assert published == [match.id] and not publisher._held
    now[0] += 5.0
    assert not publisher._hold_if_busy(match), "the budget is free again"


async def _a_match() -> Any:
    from bot.store import Match

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


async def test_a_short_log_is_one_page_without_page_buttons(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    shown = await alice.slash(table.channel, "log")
    assert "page 1/1" in private_text(shown)
    page = next(m for m in [*shown.followups, shown.response] if m and m.ephemeral)
    assert not page.components
