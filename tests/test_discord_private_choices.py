"""Private choices leave no public trace (issue 24).

The same Rush'n'Crush race is played twice, click for click, by alice, bob and an AI. In
the second run alice also opens her cards now and then and fiddles with a standing order
(she sets it one step more eager, then back), on turn or not. Everything public must be
the same in both runs: every board as Discord got it (text, pings, posted or edited), every
message in the channel (its text, its buttons' custom ids, its picture), and what `/match
log` and `/match replay` tell of the unfinished match (numbered without gaps).
"""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace
from typing import Any

import pytest

from bot.games import GAMES
from tests.discord_helpers import (
    Table,
    action_buttons,
    action_of,
    board_updates,
    by,
    custom_id_of,
    custom_ids,
    fresh,
    panel_from,
    private_text,
)

ENGINE = GAMES["rushncrush"]
#: With this seed car 1 (alice) holds a Lucky charm (and an Armour plate) from the start.
MATCH_SEED = 20241122
pytestmark = pytest.mark.usefixtures("fixed_seed")
#: Public actions played in each run.
STEPS = 24


class Ids:
    """Snowflakes and the match number replaced by their order of appearance, so that two
    runs on two tables of one fake Discord compare."""

    def __init__(self, match_id: int) -> None:
        self.match_id = match_id
        self.seen: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        def named(found: re.Match[str]) -> str:
            return self.seen.setdefault(found[0], f"<id{len(self.seen)}>")

        text = re.sub(r"\d{15,}", named, text)
        text = re.sub(rf"#{self.match_id}\b", "#M", text)
        return re.sub(rf"^(rt:[a-z]+:(?:[a-z]+:)?){self.match_id}\b", r"\1M", text)


def hand_id(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("rt:hand:"))


async def open_panel(table: Table, actor: Any) -> Any:
    board = table.board()
    return panel_from(table.env, await actor.click(board, custom_id=hand_id(board)))


async def fiddle(table: Table, alice: Any) -> bool:
    """Alice opens her cards and sets her Lucky charm one step more eager, then back."""
    panel = await open_panel(table, alice)
    orders = {action_of(b): b for b in action_buttons(panel) if action_of(b).startswith("order ")}
    if "order lucky 3" not in orders:
        return False
    await by(alice, panel).click(panel, custom_id=custom_id_of(orders["order lucky 3"]))
    panel = fresh(table.env, panel)  # the panel as it shows now
    back = next(b for b in action_buttons(panel) if action_of(b) == "order lucky 2")
    await by(alice, panel).click(panel, custom_id=custom_id_of(back))
    return True


async def race(env: Any, *, private_choices: bool) -> dict[str, Any]:
    """The race for ``STEPS`` public actions; what anyone could see of it."""
    table = Table(env)
    alice, bob = table.member("alice"), table.member("bob")
    first_request = len(env.http_requests)
    # A long race: it is still going on when both runs are compared (at the end, the
    # replay rightly shows everyone's orders).
    await table.open(alice, "rushncrush", opponent=bob, ai=1, course="oval", laps=3)
    await table.lobby_click(alice, "Start")
    match = await table.match()
    people = {alice.id: alice, bob.id: bob}
    rng = random.Random(3)
    fiddled = 0
    for step in range(STEPS):
        if private_choices and step % 3 == 0 and await fiddle(table, alice):
            fiddled += 1
        match = await table.match()
        if match.status != "active":
            break
        state = ENGINE.load(json.loads(match.state))
        humans = [s for s in match.seats if s.seat in ENGINE.to_act(state) and not s.is_ai]
        if not humans:
            await env.advance_time(5)  # the AI's turn
            continue
        seat = humans[0]
        actor = people[seat.user_id]
        panel = await open_panel(table, actor)
        buttons = {action_of(b): b for b in action_buttons(panel)}
        advice = ENGINE.bot_action(state, seat.seat, rng)
        choice = buttons.get(advice) or next(
            b for action, b in buttons.items() if not action.startswith("order ")
        )
        await by(actor, panel).click(panel, custom_id=custom_id_of(choice))
    assert not private_choices or fiddled >= 3, "alice fiddled with her orders"
    assert match.status == "active", "compared while the race goes on"

    ids = Ids(match.id)
    record: dict[str, Any] = {}
    record["boards"] = [
        (u.posted, ids(u.content), [ids(str(p)) for p in u.pinged])
        for u in board_updates(SimpleNamespace(http_requests=env.http_requests[first_request:]))
    ]
    record["channel"] = [
        (
            ids(m.content),
            [ids(c) for c in custom_ids(m)],
            [await a.read() for a in m.attachments],
        )
        for m in table.channel.history()
    ]
    told = private_text(await bob.slash(table.channel, "match log"))
    record["log"] = ids(told)
    replayed = await bob.slash(table.channel, "match replay", match=match.id)
    files: dict[str, bytes] = {}
    for message in [replayed.response, *replayed.followups]:
        for attachment in message.attachments if message is not None else []:
            files[attachment.filename.rsplit(".", 1)[-1]] = await attachment.read()
    record["replay"] = ids(files["txt"].decode("utf-8"))
    record["animation"] = files.get("webp", files.get("gif"))
    return record


def numbers(replay_text: str) -> list[int]:
    lines = replay_text.splitlines()
    return [int(line.split()[0]) for line in lines if re.match(r"\s+\d+  ", line)]


async def test_standing_orders_and_hands_change_nothing_public(simcord_env) -> None:
    plain = await race(simcord_env, private_choices=False)
    fiddled = await race(simcord_env, private_choices=True)
    assert len(plain["boards"]) > 5
    assert fiddled["boards"] == plain["boards"], "the same boards, posted and edited alike"
    for one, other in zip(plain["channel"], fiddled["channel"], strict=True):
        assert one[:2] == other[:2], "the same messages and button ids"
        assert one[2] == other[2], "the same pictures"
    assert fiddled["log"] == plain["log"], "/match log tells the same"
    assert fiddled["replay"] == plain["replay"], "/match replay records the same"
    assert fiddled["animation"] == plain["animation"]
    told = numbers(fiddled["replay"])
    assert told == list(range(told[0], told[0] + len(told))), "numbered without gaps"


async def test_a_log_after_an_order_tells_the_last_action_once(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "rushncrush", opponent=bob, ai=1)
    await table.lobby_click(alice, "Start")
    board = table.board()
    await bob.click(board, custom_id=custom_id_of(action_buttons(board)[0]))  # his grid cell
    before = private_text(await bob.slash(table.channel, "match log"))
    assert await fiddle(table, alice)
    assert private_text(await bob.slash(table.channel, "match log")) == before
