"""Replays through the real bot: the finished board's 🎞 Replay button and ``/match replay``
answer with an animated picture and the record of every action; a wrong number gets a
sentence (driven through discord.py's own interaction handling by simcord, offline)."""

from __future__ import annotations

import io
from typing import Any

import discord
from PIL import Image

from tests.discord_helpers import Table, label_of, private_text

#: Discord's "thinking…" answer, given before a reply that takes time.
DEFERRED = 5


def answered_first_with(env: Any, since: int) -> int:
    """The type of the first interaction answer sent after request number ``since``."""
    for request in env.http_requests[since:]:
        if request.path.endswith("/callback"):
            return int(request.json["type"])
    raise AssertionError("the interaction was not answered")


def replies(result: Any) -> list[Any]:
    """The messages an interaction was answered with (a deferred answer comes as the
    response or as a follow-up)."""
    return [m for m in [result.response, *result.followups] if m is not None]


async def replay_files(result: Any) -> dict[str, bytes]:
    """The files of the answer, by file name."""
    files: dict[str, bytes] = {}
    for message in replies(result):
        for attachment in message.attachments:
            files[attachment.filename] = await attachment.read()
    return files


def picture_of(files: dict[str, bytes]) -> Image.Image:
    (name,) = [n for n in files if n.endswith((".webp", ".gif"))]
    return Image.open(io.BytesIO(files[name]))


def frame_count(picture: Image.Image) -> int:
    return int(getattr(picture, "n_frames", 1))


def record_of(files: dict[str, bytes]) -> str:
    (name,) = [n for n in files if n.endswith(".txt")]
    return files[name].decode("utf-8")


async def finished_ruship(env: Any) -> tuple[Table, Any]:
    table = Table(env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first})
    return table, alice


async def test_the_replay_button_on_a_finished_board_answers_privately_with_both_files(
    simcord_env,
) -> None:
    table, _ = await finished_ruship(simcord_env)
    final = table.board()
    labels = [label_of(b) for row in final.components for b in row.children]
    assert "🎞 Replay" in labels

    bob = table.member("bob")  # anyone in the channel may watch it
    before = len(simcord_env.http_requests)
    result = await bob.click(final, label="🎞 Replay")
    assert answered_first_with(simcord_env, before) == DEFERRED, "drawing takes a moment"
    assert all(m.ephemeral for m in replies(result)), "the answer is private"
    files = await replay_files(result)
    picture, record = picture_of(files), record_of(files)
    match = await simcord_env.bot.store.get(1)
    log = await simcord_env.bot.store.timed_action_log(1)

    assert picture.format == "WEBP"
    # Ruship hides nothing: each action is a turn the table saw.
    assert frame_count(picture) == len(log) + 1, "the opening, then one frame per turn"
    assert picture.width <= 700, "scaled for a phone"
    assert sum(len(data) for data in files.values()) < 10 * 1024 * 1024
    for seq, _seat, action, _at in log:
        assert any(
            line.split()[:1] == [str(seq)] and action in line for line in record.splitlines()
        )
    assert "alice" in record and "AI 1" in record
    assert match is not None and match.status == "finished"
    content = "\n".join(m.content for m in replies(result))
    assert f"match #{match.id} — {len(log)} turns" in content and "🏆" in content


async def test_replay_command_shares_a_match_of_this_server_with_the_channel(simcord_env) -> None:
    table, alice = await finished_ruship(simcord_env)
    other = table.guild.create_text_channel("elsewhere")
    result = await alice.slash(other, "match replay", match=1, share=True)
    assert replies(result) and not any(m.ephemeral for m in replies(result))
    files = await replay_files(result)
    assert frame_count(picture_of(files)) > 10 and " rolled " in record_of(files)


async def test_an_ongoing_match_replays_up_to_now_without_hidden_choices(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "bugrace", opponent=bob)
    await table.lobby_click(alice, "Start")
    from tests.test_discord_bugrace import click_panel, open_hand, panel_actions

    panel = await open_hand(table, alice)
    await click_panel(alice, panel, sorted(panel_actions(panel))[0])
    result = await bob.slash(table.channel, "match replay", match=1)
    record = record_of(await replay_files(result))
    lines = record.splitlines()
    kept = next(i for i, line in enumerate(lines) if line.endswith("  alice"))
    assert lines[kept + 1].strip() == "alice has kept a card.", "what the table saw, no card"
    assert "keep " not in record, "a card kept is not told while the match goes on"
    assert "still going on" in private_text(result)


async def test_wrong_matches_get_a_sentence(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", ai=True)
    lobby_said = private_text(await alice.slash(table.channel, "match replay", match=1))
    assert "has not started yet" in lobby_said
    await table.lobby_click(alice, "Cancel")
    assert "was cancelled" in private_text(
        await alice.slash(table.channel, "match replay", match=1)
    )
    assert "There is no match #42" in private_text(
        await alice.slash(table.channel, "match replay", match=42)
    )

    away = Table(simcord_env)
    carol = away.member("carol")
    await away.open(carol, "ruship", ai=True)
    await away.lobby_click(carol, "Start")
    said = private_text(await alice.slash(table.channel, "match replay", match=2))
    assert "another server" in said


async def test_a_match_in_a_channel_you_cannot_see_is_not_shown(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    everyone = table.guild.roles["@everyone"]
    hidden = discord.PermissionOverwrite(view_channel=False)
    shown = discord.PermissionOverwrite(view_channel=True)
    secret = table.guild.create_text_channel(
        "staff", overwrites={everyone: hidden, alice: shown, simcord_env.bot.user: shown}
    )
    await alice.slash(secret, "ruship new", ai=True)
    lobby = next(m for m in reversed(secret.history()) if m.components)
    await alice.click(lobby, label="Start")
    said = private_text(await bob.slash(table.channel, "match replay", match=1))
    assert "a channel you cannot see" in said
    files = await replay_files(await alice.slash(table.channel, "match replay", match=1))
    assert frame_count(picture_of(files)) > 1


async def test_the_replay_speaks_french_to_a_french_client(simcord_env, french_client) -> None:
    table, alice = await finished_ruship(simcord_env)
    result = await alice.click(table.board(), custom_id="rt:replay:1")
    content = "\n".join(m.content for m in replies(result))
    assert "partie n°\u00a01" in content and " tours" in content
    record = record_of(await replay_files(result))
    assert record.splitlines()[1].startswith("Joueurs\u00a0: 1. alice, 2. IA 1"), record[:200]


async def test_players_asking_for_the_same_replay_get_the_one_drawn(simcord_env) -> None:
    table, alice = await finished_ruship(simcord_env)
    painter = simcord_env.bot.painter
    drawn = []
    original = painter.render_replay

    async def counted(job: Any) -> Any:
        drawn.append(job.game)
        return await original(job)

    painter.render_replay = counted
    bob = table.member("bob")
    first = await replay_files(await alice.click(table.board(), label="🎞 Replay"))
    second = await replay_files(await bob.click(table.board(), label="🎞 Replay"))
    assert first == second and drawn == ["ruship"]
