"""Every click is answered exactly once, whatever it races with (issue 24).

Discord attaches to a click the message as it is when the click reaches it. A board edited
in place a few milliseconds before (the mover's next move, an undo taken back, a
resignation, a timer, an AI turn, the first click of a double click) no longer shows the
button that was clicked; discord.py would drop such a click, and the player would see
"This interaction failed".

Each race below is driven explicitly, without sleeps: operation A starts, and click B is
sent at a chosen moment of A, right after A's n-th request to Discord (n = 0: before A did
anything, i.e. both at once), carrying the clicked message as Discord holds it at that
moment. Every n up to the end of A is tried, and then once more after A. Each click must get
exactly one initial answer (its interaction callback), whatever came first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from bot.games import GAMES
from tests.discord_helpers import (
    Table,
    action_buttons,
    custom_id_of,
    custom_ids,
)
from tests.test_discord_undo import roll_and_move, undo_buttons, undo_message
from tests.test_reliability import player_on_turn, start_two_humans, turn_ending_button

RUSHIP = GAMES["ruship"]
pytestmark = pytest.mark.usefixtures("fixed_seed")

#: A race tries click B after each of A's first requests to Discord, up to this many.
MOMENTS = 8


# ------------------------------------------------------------------ clicks sent by hand
def send_click(
    env: Any, actor: Any, channel_id: int, message_id: int, custom_id: str, values: Any = None
) -> Any:
    """Send a click on ``custom_id`` as Discord would deliver it now: with the message as
    it is stored at this moment (which may no longer show that component). Returns the
    interaction's record; nothing waits for the bot."""
    from simcord import interactions as simcord_interactions
    from simcord.backend import serializers

    backend = env.backend
    stored = backend.get_message(channel_id, message_id)
    data: dict[str, Any] = {
        "custom_id": custom_id,
        "component_type": discord.ComponentType.button.value,
    }
    if values is not None:
        data["component_type"] = discord.ComponentType.string_select.value
        data["values"] = list(values)
    guild = getattr(actor, "guild", None)
    record, payload = simcord_interactions.base_payload(
        backend,
        type=discord.InteractionType.component.value,
        channel_id=channel_id,
        guild_id=guild.id if guild is not None else None,
        user_id=actor.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    env._notify_dispatch_observers(record)
    backend.emit("INTERACTION_CREATE", payload)
    return record


def answers(env: Any, record: Any) -> int:
    """How many initial answers (interaction callbacks) the bot sent to this interaction,
    failed ones included."""
    tail = f"/interactions/{record.id}/{record.token}/callback"
    return sum(1 for request in env.http_requests if request.path == tail)


class _Watched(list[Any]):
    """The backend's request log, calling ``hook`` with each request's number."""

    def __init__(self, items: list[Any], hook: Callable[[int], None]) -> None:
        super().__init__(items)
        self.hook = hook
        self.start = len(items)

    def append(self, item: Any) -> None:
        super().append(item)
        self.hook(len(self) - self.start)


@dataclass
class Race:
    """Operation A, and click B sent right after A's ``moment``-th request to Discord."""

    env: Any
    moment: int

    async def run(
        self, first: Callable[[], Awaitable[Any]], second: Callable[[], Any]
    ) -> tuple[Any, int]:
        """Run A (``first``); send B (``second``, which sends a click and returns its
        record) at the moment; wait until the bot is idle. Returns B's record and how many
        requests A made before B went."""
        backend = self.env.backend
        loop = asyncio.get_running_loop()
        sent: list[Any] = []
        seen_before: list[int] = []

        def send() -> None:
            if not sent:
                seen_before.append(len(backend.http_requests) - watched.start)
                sent.append(second())

        def hook(count: int) -> None:
            # After the request is handled (the message edited), not while it is.
            if count == self.moment and not sent:
                loop.call_soon(send)

        watched = _Watched(backend.http_requests, hook)
        backend.http_requests = watched
        try:
            if self.moment == 0:
                result = first()
                send()
                await result
            else:
                await first()
            if not sent:
                send()
            await self.env._settle_internal(dispatch="INTERACTION_CREATE")
        finally:
            backend.http_requests = list(watched)
        return sent[0], seen_before[0]


async def click_now(env: Any, actor: Any, channel_id: int, message: Any, custom_id: str) -> Any:
    """A click sent at once (its record), the bot left to answer it."""
    record = send_click(env, actor, channel_id, message.id, custom_id)
    await env._settle_internal(dispatch="INTERACTION_CREATE")
    return record


def check_each_answered_once(env: Any, *records: Any) -> None:
    for record in records:
        assert answers(env, record) == 1, f"interaction {record.id}: {answers(env, record)}"


async def moments_of(
    env: Any, scenario: Callable[[Race], Awaitable[int]], *, most: int = MOMENTS
) -> list[int]:
    """Run ``scenario`` at each moment 0, 1, ... until B went after A was over (each run on
    its own table); returns how many requests A had made when B went, per moment."""
    made: list[int] = []
    for moment in range(most + 1):
        before = await scenario(Race(env, moment))
        made.append(before)
        if before < moment:  # A was over before this moment: every order has been tried
            break
    return made


# ------------------------------------------------------------------ the races
async def test_a_double_click_on_a_board_is_answered_twice_and_played_once(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = await start_two_humans(table)
        player = player_on_turn(table, alice, bob)
        board = table.board()
        button = custom_id_of(action_buttons(board)[0])
        version = (await table.match()).version
        first: list[Any] = []

        async def click() -> None:
            first.append(send_click(simcord_env, player, table.channel.id, board.id, button))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")

        second, before = await race.run(
            click, lambda: send_click(simcord_env, player, table.channel.id, board.id, button)
        )
        check_each_answered_once(simcord_env, first[0], second)
        assert (await table.match()).version == version + 1, "played once"
        return before

    made = await moments_of(simcord_env, scenario)
    assert len(made) > 1, made


async def test_the_movers_next_click_racing_an_accepted_undo_is_answered(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = await start_two_humans(table)
        service = simcord_env.bot.service
        player, _ = await roll_and_move(table, service, alice, bob)
        other = bob if player is alice else alice
        await player.slash(table.channel, "match undo")
        request = undo_message(table)
        accept = next(c for c in undo_buttons(request) if c.endswith(":yes"))
        board = table.board()
        move = custom_id_of(action_buttons(board)[0])
        first: list[Any] = []

        async def accepted() -> None:
            first.append(send_click(simcord_env, other, table.channel.id, request.id, accept))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")

        second, before = await race.run(
            accepted, lambda: send_click(simcord_env, player, table.channel.id, board.id, move)
        )
        check_each_answered_once(simcord_env, first[0], second)
        assert undo_buttons(table.message(request.id)) == [], "the request is settled"
        return before

    await moments_of(simcord_env, scenario)


async def test_a_second_accept_after_the_first_was_shown_is_answered(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = await start_two_humans(table)
        player, _ = await roll_and_move(table, simcord_env.bot.service, alice, bob)
        other = bob if player is alice else alice
        moved = await table.match()
        await player.slash(table.channel, "match undo")
        request = undo_message(table)
        accept = next(c for c in undo_buttons(request) if c.endswith(":yes"))
        first: list[Any] = []

        async def accepted() -> None:
            first.append(send_click(simcord_env, other, table.channel.id, request.id, accept))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")

        second, before = await race.run(
            accepted, lambda: send_click(simcord_env, other, table.channel.id, request.id, accept)
        )
        check_each_answered_once(simcord_env, first[0], second)
        assert (await table.match()).version == moved.version + 1, "taken back once"
        return before

    await moments_of(simcord_env, scenario)


async def test_a_click_racing_a_resignation_is_answered(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = await start_two_humans(table)
        player = player_on_turn(table, alice, bob)
        other = bob if player is alice else alice
        asked = await other.slash(table.channel, "match resign")
        question = asked.response
        yes = next(c for c in custom_ids(question) if c.endswith(":yes"))
        board = table.board()
        move = custom_id_of(action_buttons(board)[0])
        first: list[Any] = []

        async def resign() -> None:
            dm = question.channel_id
            first.append(send_click(simcord_env, other, dm, question.id, yes))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")

        second, before = await race.run(
            resign, lambda: send_click(simcord_env, player, table.channel.id, board.id, move)
        )
        check_each_answered_once(simcord_env, first[0], second)
        return before

    await moments_of(simcord_env, scenario)


async def test_rematch_clicked_by_both_players_at_once_is_answered_twice(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = await start_two_humans(table)
        asked = await bob.slash(table.channel, "match resign")
        yes = next(c for c in custom_ids(asked.response) if c.endswith(":yes"))
        await bob.click(asked.response, custom_id=yes)
        final = table.board()
        rematch = next(c for c in custom_ids(final) if c.startswith("rt:rematch:"))
        first: list[Any] = []

        async def again() -> None:
            first.append(send_click(simcord_env, alice, table.channel.id, final.id, rematch))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")

        second, before = await race.run(
            again, lambda: send_click(simcord_env, bob, table.channel.id, final.id, rematch)
        )
        check_each_answered_once(simcord_env, first[0], second)
        lobby = await table.match()
        assert lobby is not None and lobby.status == "lobby", "one rematch lobby"
        return before

    await moments_of(simcord_env, scenario)


async def test_a_click_racing_an_expired_time_limit_is_answered(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice, bob = table.member("alice"), table.member("bob")
        await table.open(alice, "ruship", opponent=bob, auto_roll=False, time_limit=3600)
        await table.lobby_click(alice, "Start")
        player = player_on_turn(table, alice, bob)
        board = table.board()
        move = custom_id_of(action_buttons(board)[0])

        async def time_runs_out() -> None:
            await simcord_env.advance_time(3600 + 600)

        second, before = await race.run(
            time_runs_out,
            lambda: send_click(simcord_env, player, table.channel.id, board.id, move),
        )
        check_each_answered_once(simcord_env, second)
        return before

    await moments_of(simcord_env, scenario)


async def test_a_click_racing_an_ai_turn_is_answered(simcord_env) -> None:
    async def scenario(race: Race) -> int:
        table = Table(simcord_env)
        alice = table.member("alice")
        await table.open(alice, "ruship", ai=True, auto_roll=False)
        await table.lobby_click(alice, "Start")
        service = simcord_env.bot.service
        while (button := await turn_ending_button(table, service)) is None:
            if alice.mention in table.board().content.split("👉", 1)[-1]:
                await table.click_action(alice, action_buttons(table.board())[0])
            else:
                await simcord_env.advance_time(5)
        board = table.board()
        other = custom_id_of(action_buttons(board)[-1])
        first: list[Any] = []

        async def play() -> None:  # alice passes the turn; the AI plays its own at once
            ending = custom_id_of(button)
            first.append(send_click(simcord_env, alice, table.channel.id, board.id, ending))
            await simcord_env._settle_internal(dispatch="INTERACTION_CREATE")
            await simcord_env.advance_time(5)

        second, before = await race.run(
            play, lambda: send_click(simcord_env, alice, table.channel.id, board.id, other)
        )
        check_each_answered_once(simcord_env, first[0], second)
        return before

    made = await moments_of(simcord_env, scenario)
    assert len(made) > 2, "the AI's turn made requests to race with"


# ------------------------------------------------------------------ ids that reach nothing
@pytest.mark.parametrize(
    "custom_id",
    ["rt:nothing:1", "rt:act:1:2", "x" * 100, "rt:lobby:1:explode", "rt:act:٣:١:roll"],
)
async def test_an_id_that_matches_no_button_gets_a_plain_refusal(
    simcord_env, custom_id: str
) -> None:
    table = Table(simcord_env)
    alice, _ = await start_two_humans(table)
    version = (await table.match()).version
    record = await click_now(simcord_env, alice, table.channel.id, table.board(), custom_id)
    check_each_answered_once(simcord_env, record)
    assert (await table.match()).version == version
