"""/notify and following a match, through the real bot driven offline by simcord: where a
turn's ping goes (the board, a direct message, both, nowhere), reminders, away periods,
and spectators told privately, never more than the public board shows."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from tests.discord_helpers import (
    Table,
    action_buttons,
    board_updates,
    custom_ids,
    label_of,
    private_text,
)

HOUR = 3600


async def wait(env: Any, seconds: float) -> None:
    """Let virtual time pass, a few hours at a time (the timer loop ticks every 10 minutes
    of it, and simcord settles the bot after each step)."""
    while seconds > 0:
        step = min(seconds, 4 * HOUR)
        await env.advance_time(step)
        seconds -= step


def dms(actor: Any) -> list[str]:
    """What the bot wrote to this person privately (their direct messages)."""
    return [m.content for m in actor.user.dm_channel.history()]


def on_turn(table: Table, *actors: Any) -> Any:
    board = table.board()
    return next(a for a in actors if a.mention in board.content.split("👉", 1)[-1])


def turn_boards(env: Any, actor: Any) -> list[Any]:
    """The new board messages that started a turn of this person (they name them to act)."""
    return [u for u in board_updates(env) if u.posted and actor.id in u.acting_people()]


async def start_ruship(table: Table, **options: Any) -> tuple[Any, Any]:
    alice, bob = table.member("alice"), table.member("bob")
    # No automatic roll: each turn waits for its person, nothing moves by itself.
    await table.open(alice, "ruship", opponent=bob, auto_roll=False, **options)
    await table.lobby_click(alice, "Start")
    return alice, bob


async def play_one_turn(table: Table, player: Any) -> None:
    """The person on turn clicks until someone else is to act."""
    for _ in range(20):
        buttons = action_buttons(table.board())
        if on_turn(table, *table.members.values()) is not player or not buttons:
            return
        await table.click_action(player, buttons[0])
    raise AssertionError("the turn did not end")


# ------------------------------------------------------------------ where pings go
async def test_a_dm_person_is_named_on_the_board_without_a_ping_and_gets_a_dm(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    answer = await alice.slash(table.channel, "notify pings", where="dm")
    assert "by direct message" in private_text(answer)
    assert dms(alice) == ["🔔 Rush Table: this is where your turn pings will come."]
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    for _ in range(6):
        await play_one_turn(table, on_turn(table, alice, bob))
    alice_turns = turn_boards(simcord_env, alice)
    bob_turns = turn_boards(simcord_env, bob)
    assert len(alice_turns) >= 2 and len(bob_turns) >= 2
    assert all(alice.mention in u.content and u.pinged == [] for u in alice_turns), (
        "named on the board, never pinged in the channel"
    )
    assert all(u.pinged == [bob.id] for u in bob_turns), "bob keeps his channel pings"
    turn_dms = [text for text in dms(alice) if text.startswith("🎲")]
    assert len(turn_dms) == len(alice_turns), "one direct message a turn"
    assert all(t.startswith("🎲 Your turn in **Ruship** match #") for t in turn_dms)
    boards = [int(t.rsplit(f"/{table.channel.id}/", 1)[1]) for t in turn_dms]
    assert len(set(boards)) == len(boards), "each links the board of its turn"
    assert all(table.message(board).attachments for board in boards)
    assert dms(bob) == []


async def test_both_pings_in_the_channel_and_by_dm(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await bob.slash(table.channel, "notify pings", where="both")
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    for _ in range(4):
        await play_one_turn(table, on_turn(table, alice, bob))
    bob_turns = turn_boards(simcord_env, bob)
    assert bob_turns and all(u.pinged == [bob.id] for u in bob_turns)
    assert len([t for t in dms(bob) if t.startswith("🎲")]) == len(bob_turns)


async def test_none_gets_neither_a_ping_nor_a_dm(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    answer = await bob.slash(table.channel, "notify pings", where="none")
    assert "nowhere" in private_text(answer)
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    for _ in range(4):
        await play_one_turn(table, on_turn(table, alice, bob))
    bob_turns = turn_boards(simcord_env, bob)
    assert bob_turns and all(bob.mention in u.content and u.pinged == [] for u in bob_turns)
    assert dms(bob) == []
    assert all(u.pinged == [alice.id] for u in turn_boards(simcord_env, alice))


async def test_closed_dms_break_nothing_and_the_pings_fall_back_to_the_channel(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await bob.slash(table.channel, "notify pings", where="dm")
    # Then bob closes his direct messages.
    simcord_env.inject_error(
        "POST",
        f"/channels/{bob.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await table.open(alice, "ruship", opponent=bob, auto_roll=False)
    await table.lobby_click(alice, "Start")
    for _ in range(6):
        await play_one_turn(table, on_turn(table, alice, bob))
    first, *later = turn_boards(simcord_env, bob)
    assert first.pinged == [], "the direct message was tried"
    assert later and all(u.pinged == [bob.id] for u in later), "then pinged in the channel"
    assert (await table.match()).status == "active", "the match goes on"
    shown = private_text(await bob.slash(table.channel, "notify show"))
    assert "refused" in shown, "they can see why"
    answer = await bob.slash(table.channel, "notify pings", where="dm")
    assert "couldn't send you a direct message" in private_text(answer)


# ------------------------------------------------------------------ reminders
async def test_reminders_off_and_an_earlier_reminder(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_ruship(table)
    player = on_turn(table, alice, bob)
    other = bob if player is alice else alice
    answer = await player.slash(table.channel, "notify reminders", on=True, after_hours=2.0)
    assert "2 hours into a turn" in private_text(answer)
    answer = await other.slash(table.channel, "notify reminders", on=True, after_hours=1.0)
    assert "1 hour into a turn" in private_text(answer)
    await other.slash(table.channel, "notify reminders", on=False)

    def reminders() -> list[str]:
        return [m.content for m in table.channel.history() if "⏰" in m.content]

    await wait(simcord_env, 2 * HOUR - 700)
    assert reminders() == []
    await wait(simcord_env, 1200)
    assert len(reminders()) == 1 and player.mention in reminders()[0], "reminded after 2 h"
    await play_one_turn(table, player)
    assert on_turn(table, alice, bob) is other
    await wait(simcord_env, 13 * HOUR)  # a reminder would have come after 12 hours
    assert len(reminders()) == 1, "the other turned their reminders off"


async def test_a_dm_person_is_reminded_by_dm(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_ruship(table)
    player = on_turn(table, alice, bob)
    await player.slash(table.channel, "notify pings", where="dm")
    await wait(simcord_env, 13 * HOUR)
    assert not [m for m in table.channel.history() if "⏰" in m.content], "not in the channel"
    assert [t for t in dms(player) if t.startswith("⏰")], "by direct message"


# ------------------------------------------------------------------ away
async def test_an_away_period_pauses_the_time_limit(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_ruship(table, time_limit=HOUR)
    player = on_turn(table, alice, bob)
    answer = await player.slash(table.channel, "notify away", hours=5.0)
    assert "away until <t:" in private_text(answer)
    version = (await table.match()).version
    await wait(simcord_env, 5 * HOUR)
    assert not [m for m in table.channel.history() if "⌛" in m.content], "no expiry while away"
    assert (await table.match()).version == version
    await wait(simcord_env, HOUR - 700)  # back, but the hour is not over yet
    assert not [m for m in table.channel.history() if "⌛" in m.content]
    await wait(simcord_env, 1200)
    expired = [m for m in table.channel.history() if "⌛" in m.content]
    assert expired and player.mention in expired[-1].content, "back + the limit: it ran out"
    assert (await table.match()).version > version


async def test_back_early_counts_the_time_limit_from_the_return(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_ruship(table, time_limit=HOUR)
    player = on_turn(table, alice, bob)
    in_two_days = simcord_env.now() + timedelta(days=2)
    await player.slash(table.channel, "notify away", until=in_two_days.strftime("%Y-%m-%d %H:%M"))
    await wait(simcord_env, 3 * HOUR)
    answer = await player.slash(table.channel, "notify back")
    assert "Welcome back" in private_text(answer)
    await wait(simcord_env, HOUR - 700)
    assert not [m for m in table.channel.history() if "⌛" in m.content]
    await wait(simcord_env, 1200)
    assert [m for m in table.channel.history() if "⌛" in m.content]


async def test_bad_input_gets_a_clear_sentence(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    texts = {
        "negative": private_text(await alice.slash(table.channel, "notify away", hours=-3.0)),
        "both": private_text(
            await alice.slash(table.channel, "notify away", hours=2.0, until="2100-01-01")
        ),
        "neither": private_text(await alice.slash(table.channel, "notify away")),
        "date": private_text(await alice.slash(table.channel, "notify away", until="next week")),
        "past": private_text(await alice.slash(table.channel, "notify away", until="2001-01-01")),
        "back": private_text(await alice.slash(table.channel, "notify back")),
        "late": private_text(
            await alice.slash(table.channel, "notify reminders", on=True, after_hours=500.0)
        ),
    }
    assert "more than 0 hours" in texts["negative"] and "you gave -3" in texts["negative"]
    assert "not both" in texts["both"] and "not both" in texts["neither"]
    assert "“next week” is not a date" in texts["date"]
    assert "That date has passed (<t:978307200:f>)" in texts["past"], "a date, not a Unix time"
    assert "You're not away" in texts["back"]
    assert "1 to 72 hours" in texts["late"] and "500" in texts["late"]
    shown = private_text(await alice.slash(table.channel, "notify show"))
    assert "Not away" in shown and "on the board" in shown, "nothing was changed"


# ------------------------------------------------------------------ followers
def follow_button(message: Any) -> str:
    return next(c for c in custom_ids(message) if c.startswith("rt:follow:"))


async def test_a_follower_is_told_privately_at_the_end(simcord_env) -> None:
    table = Table(simcord_env)
    alice, carol = table.member("alice"), table.member("carol")
    await table.open(alice, "ruship", ai=True)
    await table.lobby_click(alice, "Start")
    board = table.board()
    assert "👁 Follow" in [label_of(b) for row in board.components for b in row.children]
    answer = await carol.click(board, custom_id=follow_button(board))
    text = private_text(answer)
    assert "You follow **Ruship** match #" in text and "when it ends" in text
    mine = await alice.click(board, custom_id=follow_button(board))
    assert "You play in match" in private_text(mine), "a player needs no following"
    await table.play_until_over({alice: table.choose_first})
    match = await simcord_env.bot.store.latest_in_channel(table.channel.id)
    ended = dms(carol)
    assert len(ended) == 1, "told once, at the end only"
    assert ended[0].startswith("🏁 **Ruship** match #") and "🏆" in ended[0]
    assert f"/{table.channel.id}/{match.board_message_id}" in ended[0], "with a link"
    assert dms(alice) == []


async def test_a_follower_may_ask_for_every_turn_and_unfollow(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_ruship(table)
    carol = table.member("carol")
    answer = await carol.slash(table.channel, "match follow", every_turn=True)
    assert "at every new turn" in private_text(answer)
    for _ in range(4):
        await play_one_turn(table, on_turn(table, alice, bob))
    turns = [t for t in dms(carol) if t.startswith("👁 A new turn")]
    assert len(turns) == 4, "one direct message a turn"
    # The direct message carries an Unfollow button.
    last = carol.user.dm_channel.history()[-1]
    off = next(c for c in custom_ids(last) if c.endswith(":off"))
    stopped = await carol.user.click(last, custom_id=off)
    assert "You no longer follow match #" in stopped.response.content
    await play_one_turn(table, on_turn(table, alice, bob))
    assert len(dms(carol)) == 4, "nothing after unfollowing"
    refused = await carol.slash(table.channel, "match unfollow")
    assert "You don't follow match #" in private_text(refused)


async def test_a_follower_learns_only_what_the_public_board_shows(simcord_env) -> None:
    """Bug Race hides each player's hand: a follower's every-turn messages carry exactly the
    text of a board everyone saw, nothing more."""
    from tests.test_discord_bugrace import play_until_over, start

    table = Table(simcord_env)
    alice, carol = table.member("alice"), table.member("carol")
    await start(table, alice, ai=2)
    answer = await carol.click(table.board(), custom_id=follow_button(table.board()))
    await carol.click(answer.response, label="🔔 Every turn too")
    await play_until_over(table, [alice])
    public = {u.content for u in board_updates(simcord_env) if u.posted}
    told = dms(carol)
    assert len(told) >= 3 and told[-1].startswith("🏁")
    for text in told:
        head, body = text.split("\n", 1)
        assert head.startswith(("👁", "🏁")) and body in public, text


async def test_notify_speaks_french(simcord_env, french_client) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    refused = private_text(await alice.slash(table.channel, "notify away", hours=-3.0))
    assert "Une absence doit durer plus de 0 heure" in refused
    shown = private_text(await alice.slash(table.channel, "notify show"))
    assert "Vos notifications" in shown and "Pas absent" in shown
