"""Rush Out! through Discord: a live match played from the controllers with the virtual
clock, a pulse match, and the table's real-time machinery (cooldowns, pulse ends, AI
pace, chat under Silence, replay from the timed log)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from simcord.results import ResponseMessage

from bot.games import GAMES
from bot.games.base import SYSTEM_SEAT
from bot.games.rushout import RushOutState
from tests.conftest import make_bot
from tests.discord_helpers import (
    Table,
    board_updates,
    by,
    check_board_text,
    components_of,
    custom_ids,
    fresh,
    panel_from,
    private_text,
    virtual_pace,
)

ENGINE: Any = GAMES["rushout"]


@pytest.fixture(autouse=True)
def paced(simcord_env: Any) -> None:
    virtual_pace(simcord_env)


def _field(component: Any, name: str) -> Any:
    return component.get(name) if isinstance(component, dict) else getattr(component, name, None)


def offered(panel: Any) -> dict[str, tuple[str, str | None]]:
    """action -> (custom id, menu value or None) for everything a controller offers, its
    buttons and its select menus (as objects or as the payload a client got)."""
    found: dict[str, tuple[str, str | None]] = {}
    for child in components_of(panel):
        custom_id = str(_field(child, "custom_id") or "")
        options = _field(child, "options")
        if options:
            for option in options:
                found[str(_field(option, "value"))] = (custom_id, str(_field(option, "value")))
        elif custom_id.startswith("rt:act:"):
            found[custom_id.split(":", 4)[4].split(":", 1)[1]] = (custom_id, None)
    return found


async def open_controller(table: Table, actor: Any) -> ResponseMessage:
    board = table.board()
    hand = next(cid for cid in custom_ids(board) if cid.startswith("rt:hand:"))
    result = await actor.click(board, custom_id=hand)
    panel: ResponseMessage = panel_from(table.env, result)  # privately
    return panel


async def play(actor: Any, panel: Any, action: str) -> Any:
    custom_id, value = offered(panel)[action]
    if value is None:
        return await by(actor, panel).click(panel, custom_id=custom_id)
    return await by(actor, panel).select(panel, [value], custom_id=custom_id)


async def stored(table: Table) -> tuple[Any, RushOutState]:
    match = await table.env.bot.store.latest_in_channel(table.channel.id)
    return match, ENGINE.load(json.loads(match.state))


def replayed(match: Any, log: list[tuple[int, int, str, float]]) -> RushOutState:
    """The match rebuilt from its seed and its timed log, as /log does."""
    state: RushOutState = ENGINE.new_state(len(match.seats), match.seed, match.settings["options"])
    for _, seat, action, at in log:
        state = ENGINE.apply_at(state, seat, action, at - match.settings["started_at"])
    return state


async def start_live(table: Table, **options: Any) -> tuple[Any, Any]:
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "rushout", opponent=bob, ai=1, **options)
    await table.lobby_click(alice, "Start")
    return alice, bob


async def test_the_cooldown_refuses_a_throw_then_accepts_it(simcord_env) -> None:
    table = Table(simcord_env)
    alice, _ = await start_live(table)
    match, state = await stored(table)
    assert state.sorcerer == match.seat_of(alice.id) == 0
    panel = await open_controller(table, alice)
    await play(alice, panel, "throw")
    panel = fresh(simcord_env, panel)
    early = await play(alice, panel, "throw")
    assert "2.5" in private_text(early), "the reply says how long the hands still need"
    await simcord_env.advance_time(2.5)
    await play(alice, fresh(simcord_env, panel), "throw")
    log = await simcord_env.bot.store.action_log(match.id)
    assert [a for _, seat, a in log if seat == 0].count("throw") == 2


async def test_a_live_match_with_two_people_and_an_ai_plays_to_its_end(
    simcord_env, database
) -> None:
    table = Table(simcord_env)
    alice, bob = await start_live(table)
    match, _ = await stored(table)
    people = {match.seat_of(alice.id): alice, match.seat_of(bob.id): bob}
    panels = {seat: await open_controller(table, person) for seat, person in people.items()}
    rng = random.Random(3)
    restarted = False
    for _ in range(600):
        match, state = await stored(table)
        if match.status != "active":
            break
        now = simcord_env.bot.service.match_time(match)
        for seat, person in people.items():
            panel = fresh(simcord_env, panels[seat])
            if seat not in ENGINE.to_act(state):
                continue
            advice = ENGINE.bot_action(state, seat, rng)
            if advice in ENGINE.legal_actions_at(state, seat, now) and advice in offered(panel):
                await play(person, panel, advice)
                match, state = await stored(table)
        if not restarted and state.round >= 2:  # the bot restarts mid-match
            await simcord_env.restart_bot(make_bot(database))
            virtual_pace(simcord_env)
            panels = {seat: await open_controller(table, p) for seat, p in people.items()}
            restarted = True
        await simcord_env.advance_time(1.0)  # the AI hero acts meanwhile
    match, state = await stored(table)
    assert match.status == "finished", "the match ends"
    log = await simcord_env.bot.store.timed_action_log(match.id)
    assert {seat for _, seat, _, _ in log} >= {0, 1, 2}, "both people and the AI played"
    assert ENGINE.dump(replayed(match, log)) == ENGINE.dump(state), "the log replays it"
    for update in board_updates(simcord_env):
        check_board_text(update.content)
    assert "🏆" in table.board().content or "winner" in table.board().content


async def test_a_pulse_ends_early_once_everyone_is_done(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_live(table, play="pulse")
    match, state = await stored(table)
    assert state.pulse_end is not None
    panel = await open_controller(table, alice)
    await play(alice, panel, "throw")  # the sorcerer starts the round
    for person in (alice, bob):
        panel = await open_controller(table, person)
        await play(person, panel, "done")
    await simcord_env.advance_time(5)  # the AI hero finishes its part of the pulse
    match, state = await stored(table)
    assert state.pulse >= 2, "a new pulse began as soon as everyone was done"
    assert simcord_env.bot.service.match_time(match) < 60, "long before the hour was up"
    new_pulse = next(u for u in board_updates(simcord_env) if "Pulse 1 is over" in u.content)
    assert new_pulse.posted and set(new_pulse.pinged) == {alice.id, bob.id}, "it pings"


async def test_a_hero_writing_under_silence_costs_the_heroes_a_card(simcord_env) -> None:
    from tests.test_rushout import new, table

    board = Table(simcord_env)
    alice, bob = await start_live(board, mode="scenario3")
    match, _ = await stored(board)
    silenced = table(new("scenario3"), hexes=[("curse1", None)])
    bot = simcord_env.bot
    await bot.store.update(
        dataclasses.replace(match, state=json.dumps(ENGINE.dump(silenced))),
        expected_version=match.version,
        now=bot.service.clock(),
    )
    await alice.slash(board.channel, "match board")
    await alice.send(board.channel, "the sorcerer may talk")
    await bob.send(board.channel, "oops")
    log = await bot.store.action_log(match.id)
    spoken = [action for _, seat, action in log if seat == SYSTEM_SEAT]
    assert spoken == [f"spoke {match.seat_of(bob.id)}"], "only the hero's message counts"
    _, state = await stored(board)
    assert {"type": "spoke", "seat": match.seat_of(bob.id)} in state.events


def test_a_live_board_changes_at_most_every_two_seconds() -> None:
    """Quick actions are shown together: a real-time match's board waits out 2 s after
    its last change (a turn game's board does not), and is shown once they are over."""
    from types import SimpleNamespace

    from bot.store.contract import Match
    from cogs._boards import BoardPublisher

    now = [100.0]
    service = SimpleNamespace(engine=lambda match: GAMES[match.game], clock=lambda: now[0])
    publisher = BoardPublisher(
        None,  # type: ignore[arg-type]
        service,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        None,  # type: ignore[arg-type]
        {},
        after_publish=lambda match, state: None,
    )
    live = Match(1, 1, 7, "rushout", "active", 1, 1, {}, "{}", None, 2, 9, None, None, None, 0.0)
    turns = dataclasses.replace(live, id=2, channel_id=8, game="ruship")
    for match in (live, turns):
        publisher._last_change[match.id] = now[0]
    now[0] += 1.5
    assert publisher._held(live), "1.5 s after the last change"
    assert publisher._free_in(live) == pytest.approx(0.55)
    assert not publisher._held(turns), "a turn game's board is shown at once"
    now[0] += 0.5
    assert not publisher._held(live)
