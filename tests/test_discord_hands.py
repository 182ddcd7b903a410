"""Hands that stay: each player's private panel in their direct messages with the bot, one
message per player per match, edited in place as the match goes on (only when what it shows
changed); its buttons work from there, after a restart too, for its player only. Closed
direct messages get today's ephemeral panel with a line on how to get the lasting one.
Nothing public changes: the same match played with and without lasting panels shows the
channel exactly the same boards."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from simcord.results import ResponseMessage

from tests.conftest import make_bot
from tests.discord_helpers import (
    DM_PANEL_LINK,
    Table,
    action_buttons,
    action_of,
    board_updates,
    by,
    click_forged,
    components_of,
    custom_id_of,
    custom_ids,
    fresh,
    panel_from,
    private_text,
)
from tests.test_discord_bugrace import pick, start, to_act

pytestmark = pytest.mark.usefixtures("fixed_seed")


# ------------------------------------------------------------------ helpers
def hand_button(board: Any) -> str:
    return next(cid for cid in custom_ids(board) if cid.startswith("rt:hand:"))


def dm_id(actor: Any) -> int:
    return int(actor.user.dm_channel.id)


def bot_dms(env: Any, actor: Any) -> list[ResponseMessage]:
    """The bot's messages in the person's direct messages, oldest first."""
    return [
        ResponseMessage(env, env.backend.get_message(dm_id(actor), m.id))
        for m in actor.user.dm_channel.history()
        if m.author.id == env.bot.user.id
    ]


async def last_match(table: Table) -> Any:
    return await table.bot.store.latest_in_channel(table.channel.id)


def panel_actions(panel: Any) -> dict[str, Any]:
    return {action_of(button): button for button in action_buttons(panel)}


async def open_lasting_panel(table: Table, actor: Any) -> ResponseMessage:
    """The person clicks the board's "My hand": a private link to their lasting panel."""
    board = table.board()
    answer = await actor.click(board, custom_id=hand_button(board))
    text = private_text(answer)
    assert "Your panel is in your direct messages" in text, text
    answers = [m for m in [answer.response, *answer.followups] if m is not None]
    assert not [m for m in answers if m.components], "no ephemeral panel besides"
    panel: ResponseMessage = panel_from(table.env, answer)
    assert panel.channel_id == dm_id(actor), "the link leads to their direct messages"
    return panel


async def click_in(env: Any, actor: Any, panel: Any, action: str) -> Any:
    """The person clicks one of their panel's buttons, where the panel is."""
    shown = fresh(env, panel)
    return await by(actor, shown).click(shown, custom_id=custom_id_of(panel_actions(shown)[action]))


async def play_from_panels(
    table: Table, panels: dict[Any, Any], *, reopen: bool = False, max_steps: int = 800
) -> int:
    """Each person clicks on their panel (as it is now) whenever it offers something, the
    choice ``pick`` makes; AI seats play by themselves. ``reopen``: a person to act whose
    panel offers nothing opens it again (an ephemeral panel is followed for 14 minutes
    only). Returns the clicks made in panels."""
    clicks = 0
    for _ in range(max_steps):
        board = table.board()
        if "🏆" in board.content:
            return clicks
        clicked = False
        for person, panel in panels.items():
            actions = panel_actions(fresh(table.env, panel))
            if not actions and reopen and person.mention in to_act(board):
                panel = panels[person] = panel_from(
                    table.env, await person.click(board, custom_id=hand_button(board))
                )
                actions = panel_actions(panel)
            if actions:
                await click_in(table.env, person, panel, pick(list(actions)))
                clicks += 1
                clicked = True
                break
        if not clicked:
            await table.env.advance_time(5)
    raise AssertionError("the race did not end")


def shown_by(payload: dict[str, Any]) -> tuple[str, list[str]]:
    """What a message payload shows a person: its text and its choices (not the version
    the buttons carry)."""
    choices = []
    for row in payload.get("components") or []:
        for item in row.get("components", []):
            options = [f"{o.get('label')}={o.get('value')}" for o in item.get("options", [])]
            choices.append(f"{item.get('label')}|{item.get('disabled')}|{options}")
    return str(payload.get("content")), choices


def panel_edits(env: Any, actor: Any) -> tuple[int, list[bool]]:
    """The person's lasting panel as Discord was asked to show it: how many clicks in it
    were answered (the answer edits it, through the click), and for each edit the bot made
    by itself (through the channel or a click's interaction, later), whether it changed
    what the panel shows."""
    dm = dm_id(actor)
    tokens = {record.token: record for record in env.backend.interactions.values()}
    shown: tuple[str, list[str]] | None = None
    pending: set[str] = set()  # clicks acknowledged, their answer still to come
    answers, changes = 0, []
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else {}
        parts = request.path.strip("/").split("/")
        if request.path == f"/channels/{dm}/messages" and request.method == "POST":
            shown = shown_by(body)
        elif request.path.startswith(f"/channels/{dm}/messages/") and request.method == "PATCH":
            changes.append(shown_by(body) != shown)
            shown = shown_by(body)
        elif parts[0] == "interactions" and parts[-1] == "callback":
            record = tokens.get(parts[2])
            if record is None or record.channel_id != dm:
                continue
            if body.get("type") == 7:  # the clicked panel updated
                answers += 1
                shown = shown_by(body.get("data") or {})
            elif body.get("type") == 6:  # acknowledged: the answer edits it later
                pending.add(parts[2])
        elif parts[0] == "webhooks" and parts[-1] == "@original" and request.method == "PATCH":
            record = tokens.get(parts[2])
            if record is None or record.channel_id != dm:
                continue
            if parts[2] in pending:
                pending.discard(parts[2])
                answers += 1
            else:
                changes.append(shown_by(body) != shown)
            shown = shown_by(body)
    return answers, changes


# ------------------------------------------------------------------ whole matches
async def test_a_whole_match_played_from_the_lasting_panel_edited_in_place(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=2)
    panel = await open_lasting_panel(table, alice)
    assert panel.content.startswith("🔒 **Bug Race** · match #")
    assert table.channel.id and str(table.channel.id) in panel.content.splitlines()[0]
    clicks = await play_from_panels(table, {alice: panel})
    assert clicks > 10
    assert [m.id for m in bot_dms(simcord_env, alice)] == [panel.id], "one message, kept"
    final = fresh(simcord_env, panel)
    assert "The match is over." in final.content
    assert components_of(final) == [], "the end: no buttons left"
    answers, _ = panel_edits(simcord_env, alice)
    assert answers == clicks, "each click answered by editing the panel itself"
    match = await last_match(table)
    log = await simcord_env.bot.store.action_log(match.id)
    assert sum(1 for _, seat, _ in log if seat == 0) == clicks
    assert await simcord_env.bot.store.hand_messages(match.id) == [], "nothing left to follow"


async def test_two_players_panels_follow_the_match_edited_only_when_they_change(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob, ai=1)
    panels = {person: await open_lasting_panel(table, person) for person in (alice, bob)}
    await play_from_panels(table, panels)
    followed = []
    for person, panel in panels.items():
        assert [m.id for m in bot_dms(simcord_env, person)] == [panel.id]
        assert "The match is over." in fresh(simcord_env, panel).content
        answers, changes = panel_edits(simcord_env, person)
        assert answers > 5
        assert all(changes), "never an edit that shows nothing new"
        followed += changes
    assert followed, "the panels followed the match without a click"
    assert (await last_match(table)).status == "finished"


# ------------------------------------------------------------------ a restart
async def test_the_lasting_panel_still_plays_after_a_restart(simcord_env, database) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=1)
    panel = await open_lasting_panel(table, alice)
    await click_in(simcord_env, alice, panel, pick(list(panel_actions(panel))))
    match = await table.match()
    await simcord_env.restart_bot(make_bot(database))
    await simcord_env.advance_time(5)
    while not panel_actions(fresh(simcord_env, panel)):
        await simcord_env.advance_time(5)
    before = fresh(simcord_env, panel).content
    await click_in(simcord_env, alice, panel, pick(list(panel_actions(fresh(simcord_env, panel)))))
    assert (await table.match()).version > match.version, "the click counted"
    assert fresh(simcord_env, panel).content != before, "its answer edited the panel"
    await play_from_panels(table, {alice: panel})  # followed after the restart too
    assert [m.id for m in bot_dms(simcord_env, alice)] == [panel.id]
    assert "The match is over." in fresh(simcord_env, panel).content


# ------------------------------------------------------------------ whose buttons
async def test_someone_else_clicking_a_lasting_panels_button_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob)
    alice_panel = await open_lasting_panel(table, alice)
    bob_panel = await open_lasting_panel(table, bob)
    keep = custom_id_of(next(iter(panel_actions(alice_panel).values())))
    version = (await table.match()).version
    # Bob's client sends alice's button from his own direct messages.
    forged = await click_forged(simcord_env, bob.user, bob_panel, keep)
    assert "another player's hand" in private_text(forged)
    # Carol, seated in another match, sends it from her own panel of that match.
    other = Table(simcord_env)
    carol = other.member("carol")
    await start(other, carol, ai=1)
    carol_panel = await open_lasting_panel(other, carol)
    forged = await click_forged(simcord_env, carol.user, carol_panel, keep)
    assert "not playing in this match" in private_text(forged)
    # A button of the public board is played on the board only.
    public = keep.replace(":s0:", ":")
    forged = await click_forged(simcord_env, bob.user, bob_panel, public)
    assert "another channel" in private_text(forged)
    assert (await table.match()).version == version, "nothing changed"
    assert fresh(simcord_env, alice_panel).content == alice_panel.content


# ------------------------------------------------------------------ closed direct messages
async def test_closed_direct_messages_get_the_ephemeral_panel_and_a_hint(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=1)
    simcord_env.inject_error(
        "POST",
        f"/channels/{dm_id(alice)}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=1,
    )
    board = table.board()
    panel = panel_from(simcord_env, await alice.click(board, custom_id=hand_button(board)))
    assert panel.ephemeral and panel_actions(panel), "today's panel, with its buttons"
    hint = "allow direct messages from this server's members (Privacy settings)"
    assert hint in panel.content.splitlines()[-1]
    assert bot_dms(simcord_env, alice) == []
    prefs = await simcord_env.bot.store.notify_prefs([alice.id])
    assert prefs[alice.id].dm_closed, "remembered, as for refused turn pings"
    version = (await table.match()).version
    await click_in(simcord_env, alice, panel, pick(list(panel_actions(panel))))
    assert (await table.match()).version > version, "the match goes on"
    assert hint in fresh(simcord_env, panel).content, "the hint stays on the panel"
    # Alice opens her direct messages and clicks again: the lasting panel.
    lasting = await open_lasting_panel(table, alice)
    assert hint not in lasting.content
    prefs = await simcord_env.bot.store.notify_prefs([alice.id])
    assert not prefs[alice.id].dm_closed


# ------------------------------------------------------------------ nothing public changes
def public_side(env: Any, table: Table, boards_before: int, people: list[Any]) -> dict[str, Any]:
    """What the channel saw of a match, its number and the people's ids written out."""
    match_number = re.compile(r"(match #|rt:[a-z]+:)\d+")

    def plain(text: str) -> str:
        for index, person in enumerate(people):
            text = text.replace(str(person.id), f"person{index}")
        return match_number.sub(r"\1N", text)

    updates = [
        (u.posted, plain(u.content), [plain(str(p)) for p in u.pinged])
        for u in board_updates(env)[boards_before:]
    ]
    history = [
        (
            plain(m.content),
            [plain(cid) for cid in custom_ids(m)],
            [a.filename for a in m.attachments],
        )
        for m in table.channel.history()
        if not m.flags.ephemeral
    ]
    return {"updates": updates, "history": history}


async def test_the_public_side_is_the_same_with_and_without_lasting_panels(
    simcord_env,
) -> None:
    played: list[dict[str, Any]] = []
    logs = []
    for lasting in (True, False):
        boards_before = len(board_updates(simcord_env))
        table = Table(simcord_env)
        alice = table.member("alice")
        if not lasting:
            simcord_env.inject_error(
                "POST", f"/channels/{dm_id(alice)}/messages", status=403, code=50007, times=None
            )
        await start(table, alice, ai=2)
        board = table.board()
        panel = panel_from(simcord_env, await alice.click(board, custom_id=hand_button(board)))
        assert panel.ephemeral is not lasting
        await play_from_panels(table, {alice: panel}, reopen=not lasting)
        match = await last_match(table)
        log = await table.bot.store.action_log(match.id)
        logs.append([(seat, action) for _, seat, action in log])
        played.append(public_side(simcord_env, table, boards_before, [alice]))
        played[-1]["version"] = match.version
    assert played[0]["updates"], "boards were published"
    assert played[0] == played[1], "the same boards, texts and buttons"
    assert logs[0] == logs[1], "the same match"
    assert json.dumps(played[0]).count("🔒") == 0, "nothing of a lasting panel in public"
    assert not DM_PANEL_LINK.search(json.dumps(played[0]))
