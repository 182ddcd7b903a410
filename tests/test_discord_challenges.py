"""Challenges and rematches through the real bot (simcord): nobody is seated, and nobody's
rating moves, without a click of their own."""

from __future__ import annotations

from typing import Any

from tests.discord_helpers import Table, pings, posts_message, private_text

DAY = 24 * 3600


def seated(match: Any) -> list[int | None]:
    return [seat.user_id for seat in sorted(match.seats, key=lambda s: s.seat)]


def buttons_of(message: Any) -> list[str]:
    return [str(getattr(c, "label", "")) for row in message.components for c in row.children]


async def test_a_whole_match_begun_by_an_accepted_challenge(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob, carol = table.member("alice"), table.member("bob"), table.member("carol")
    await table.open(alice, "ruship", opponent=bob, accept=False)
    lobby = table.lobby()
    assert bob.mention in lobby.content and "challenges you to Ruship" in lobby.content
    match = await table.match()
    assert seated(match) == [alice.id], "bob is invited, not seated"
    assert "Accept" in buttons_of(lobby) and "Decline" in buttons_of(lobby)

    refused = await carol.click(lobby, label="Accept")
    assert "no challenge for you" in private_text(refused)
    started = await alice.click(table.lobby(), label="Start")
    assert "needs 2 to 2 players" in private_text(started), "not without bob's click"

    await bob.click(table.lobby(), label="Accept")
    match = await table.match()
    assert seated(match) == [alice.id, bob.id] and match.status == "lobby"
    assert "Accept" not in buttons_of(table.lobby()), "no challenge left to answer"
    assert "challenges you" not in (table.lobby().content or ""), "the line went with it"
    await table.lobby_click(alice, "Start")
    assert (await table.match()).status == "active"
    await table.play_until_over({alice: table.choose_first, bob: table.choose_first})
    assert "🏆" in table.board().content


async def test_a_declined_challenge_seats_nobody(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, accept=False)
    await bob.click(table.lobby(), label="Decline")
    assert any(f"{bob.mention} declined" in m.content for m in table.channel.history())
    match = await table.match()
    assert seated(match) == [alice.id] and "Accept" not in buttons_of(table.lobby())
    again = await bob.click(table.lobby(), label="Join")  # still free to join by choice
    assert again.response is not None
    assert seated(await table.match()) == [alice.id, bob.id]


async def test_an_unanswered_challenge_expires_with_its_lobby_after_a_day(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob, accept=False)
    lobby = table.lobby()
    await simcord_env.advance_time(DAY + 3600)
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    lines = [m.content for m in table.channel.history()]
    assert any("expired" in line and bob.mention in line and "lapsed" in line for line in lines)
    assert not table.message(lobby.id).components, "the lobby's buttons are gone"
    await table.open(alice, "ruship", ai=True)  # the channel is free again
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is not None


async def test_the_lobbys_invite_challenges_someone_picked_privately(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob, carol = table.member("alice"), table.member("bob"), table.member("carol")
    await table.open(alice, "bugrace", ai=1)
    refused = await bob.click(table.lobby(), label="Invite")
    assert "Only the player who opened the lobby" in private_text(refused)
    asked = await alice.click(table.lobby(), label="Invite")
    assert asked.response is not None and asked.response.ephemeral
    await alice.select(asked.response, [carol])
    assert any(
        carol.mention in m.content and "challenges you" in m.content
        for m in table.channel.history()
    )
    assert seated(await table.match()) == [alice.id, None]
    await carol.click(table.lobby(), label="Accept")
    assert seated(await table.match()) == [alice.id, carol.id, None], "after the creator"


async def test_a_challenge_pings_only_as_the_challenged_persons_notify_says(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await bob.slash(table.channel, "notify pings", where="none")
    since = len(simcord_env.http_requests)
    await table.open(alice, "ruship", opponent=bob, accept=False)
    sent = [r.json for r in simcord_env.http_requests[since:] if posts_message(r)]
    sent += [
        r.json.get("data", {})
        for r in simcord_env.http_requests[since:]
        if isinstance(r.json, dict) and "challenges you" in str(r.json)
    ]
    challenge = [body for body in sent if "challenges you" in (body.get("content") or "")]
    assert challenge and pings(challenge) == {}, "named, never pinged"


async def test_a_rematch_keeps_every_seat_turned_and_each_person_starts_it(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "ruship", opponent=bob)
    await table.lobby_click(alice, "Start")
    first = await table.match()
    await table.play_until_over({alice: table.choose_first, bob: table.choose_first})
    assert seated(first) == [alice.id, bob.id]

    await bob.click(table.board(), label="🔁 Rematch")
    rematch = await table.match()
    assert seated(rematch) == [bob.id, alice.id], "every seat kept, turned by one"
    assert alice.mention in table.lobby().content and "Press **Start**" in table.lobby().content
    early = await bob.click(table.lobby(), label="Start")
    assert f"starts once {alice.mention} press" in private_text(early)
    assert (await table.match()).status == "lobby", "not without alice's click"
    await alice.click(table.lobby(), label="Start")
    started = await table.match()
    assert started.status == "active" and seated(started) == [bob.id, alice.id]


async def test_a_whole_evening_never_pings_someone_whose_pings_are_none(simcord_env) -> None:
    """Challenge, match, rematch: every message that names bob leaves his ping out, and
    alice (default settings) is pinged when it is her turn."""
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await bob.slash(table.channel, "notify pings", where="none")
    since = len(simcord_env.http_requests)
    await table.open(alice, "ruship", opponent=bob)
    await table.lobby_click(alice, "Start")
    await table.play_until_over({alice: table.choose_first, bob: table.choose_first})
    await alice.click(table.board(), label="🔁 Rematch")
    # New messages only: an edit never pings (a click's answer of type 4 is a new message).
    requests = simcord_env.http_requests[since:]
    bodies = [r.json for r in requests if posts_message(r) and isinstance(r.json, dict)]
    bodies += [
        r.json["data"]
        for r in requests
        if r.path.endswith("/callback") and isinstance(r.json, dict) and r.json.get("type") == 4
    ]
    named = [b for b in bodies if bob.mention in (b.get("content") or "")]
    assert named, "bob was named (challenge, boards, rematch)"
    for body in named:  # without allowed_mentions, Discord would ping every name in it
        allowed = body.get("allowed_mentions")
        assert allowed is not None and not allowed.get("parse"), body.get("content")
        assert str(bob.id) not in [str(u) for u in allowed.get("users", [])], body.get("content")
    users = [str(u) for b in bodies for u in (b.get("allowed_mentions") or {}).get("users", [])]
    assert str(alice.id) in users, "alice, with the default settings, was pinged"


async def test_a_lobby_whose_message_never_reached_discord_holds_no_channel(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    simcord_env.inject_error("POST", "/interactions/*/callback", status=500, times=2)
    await alice.slash(table.channel, "ruship new", ai=True)
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    again = await alice.slash(table.channel, "ruship new", ai=True)
    assert again.response is not None and not again.response.ephemeral, "a new lobby opens"
    assert (await table.match()).status == "lobby"
