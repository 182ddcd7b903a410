"""The table around every game: invitations, /games, /resign (through the real bot)."""

from __future__ import annotations

from typing import Any

from tests.discord_helpers import Table, private_text


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
