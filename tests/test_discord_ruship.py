"""Ruship through Discord, offline: slash commands, lobby buttons, boards and clicks."""

from __future__ import annotations

import pytest

from tests.discord_helpers import Table


async def test_a_whole_match_against_the_ai(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})
    board = table.channel.last_message
    assert "🏆" in board.content
    assert board.attachments and board.attachments[0].filename == "board.png"
