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
from bot.games.rushout import RushOutState, arranged
from cogs.rushout.words import FACE_ICONS
from tests.conftest import make_bot
from tests.discord_helpers import (
    Table,
    action_buttons,
    as_seen_now,
    board_updates,
    by,
    check_board_text,
    click_as_sent_before,
    components_of,
    custom_ids,
    fresh,
    label_of,
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


def toggles(panel: Any) -> list[tuple[str, str]]:
    """(label, custom id) of the controller's dice: the last throw, one toggle per die."""
    found = []
    for child in components_of(panel):
        custom_id, label = str(_field(child, "custom_id") or ""), str(_field(child, "label"))
        if custom_id.startswith("rt:stepb:") and label.split(" ")[0] in FACE_ICONS.values():
            found.append((label, custom_id))
    return found


async def pick_dice(env: Any, actor: Any, panel: Any, faces: list[str]) -> Any:
    """Pick these dice of the throw in the controller, as a person would (one click each);
    the controller as it is then."""
    wanted = [FACE_ICONS[face] for face in faces]
    for icon in wanted:
        panel = fresh(env, panel)
        picked = [label.split(" ")[0] for label, _ in toggles(panel) if label.endswith("✓")]
        if picked.count(icon) >= wanted.count(icon):
            continue
        custom_id = next(cid for label, cid in toggles(panel) if label == icon)
        await by(actor, panel).click(panel, custom_id=custom_id)
    return fresh(env, panel)


def faces_of(state: RushOutState, seat: int, action: str) -> list[str]:
    """The dice of the seat's throw a placement puts on its card."""
    placements = ENGINE.view(state, seat)["me"]["placements"]
    return next(p["faces"] for p in placements if p["action"] == action)


async def play(actor: Any, panel: Any, action: str) -> Any:
    custom_id, value = offered(panel)[action]
    if value is None:
        return await by(actor, panel).click(panel, custom_id=custom_id)
    return await by(actor, panel).select(panel, [value], custom_id=custom_id)


def target_of(state: RushOutState, seat: int, action: str) -> str:
    """The card a placement puts the seat's dice on."""
    placements = ENGINE.view(state, seat)["me"]["placements"]
    return str(next(p["target"] for p in placements if p["action"] == action))


async def open_page_with(env: Any, actor: Any, panel: Any, target: str) -> Any:
    """With dice picked, open the page that shows a placement onto this card: the card's
    ways (a Joker counting as one symbol or another), else the cards past the budget."""
    for page in (f"@{target}", "@+"):
        steps = [cid for cid in custom_ids(panel) if cid.startswith("rt:stepb:")]
        step = next((cid for cid in steps if cid.endswith(page)), None)
        if step is not None:
            await by(actor, panel).click(panel, custom_id=step)
            return fresh(env, panel)
    return panel


async def play_placing(env: Any, actor: Any, panel: Any, state: RushOutState, action: str) -> Any:
    """``play``, picking the placement's dice first when it is not offered at once, and
    opening the page that shows it when the dice fit more than the panel shows."""
    seat = next(s for s in range(state.players) if action in ENGINE.legal_actions(state, s))
    if action not in offered(fresh(env, panel)) and action.startswith("place "):
        panel = await pick_dice(env, actor, panel, faces_of(state, seat, action))
        if action not in offered(panel):
            panel = await open_page_with(env, actor, panel, target_of(state, seat, action))
    return await play(actor, fresh(env, panel), action)


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
            placing = advice.startswith("place ")
            if advice in ENGINE.legal_actions_at(state, seat, now) and (
                placing or advice in offered(panel)
            ):
                await play_placing(simcord_env, person, panel, state, advice)
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


# ------------------------------------------------------------------ cards by identity, pulses
async def put_state(table: Table, state: RushOutState) -> None:
    """The match's stored state replaced (a position arranged by the test)."""
    bot = table.env.bot
    match = await bot.store.latest_in_channel(table.channel.id)
    await bot.store.update(
        dataclasses.replace(match, state=json.dumps(ENGINE.dump(state))),
        expected_version=match.version,
        now=bot.service.clock(),
    )


async def start_three(table: Table, **options: Any) -> tuple[Any, Any, Any]:
    """Alice the sorcerer, Bob the Warrior, Carol the Tracker: three people, no AI."""
    alice, bob, carol = (table.member(name) for name in ("alice", "bob", "carol"))
    await table.open(alice, "rushout", **options)
    await table.lobby_click(bob, "Join")
    await table.lobby_click(carol, "Join")
    await table.lobby_click(alice, "Start")
    match, _ = await stored(table)
    assert [match.seat_of(p.id) for p in (alice, bob, carol)] == [0, 1, 2]
    return alice, bob, carol


async def test_a_click_on_a_card_that_left_the_table_is_refused_and_the_controller_redrawn(
    simcord_env,
) -> None:
    from tests.test_rushout import PLAIN_SPELLS, PLAIN_TRIALS

    table = Table(simcord_env)
    _, bob, carol = await start_three(table)
    _, state = await stored(table)
    laid = arranged(
        state,
        trials=PLAIN_TRIALS,  # FF, SPK, KK
        spells=PLAIN_SPELLS,
        fresh={1: ["F", "K", "K"], 2: ["F", "F", "P"]},
        trial_deck=["std01", "std06"],
    )
    await put_state(table, laid)
    bob_panel = await open_controller(table, bob)
    seen = as_seen_now(by(bob, bob_panel), bob_panel)
    stale, _ = offered(bob_panel)["place std04 0"]  # his Fire on Trial 1 (FF)
    await play(carol, await open_controller(table, carol), "place std04 0 1")  # first!
    match, state = await stored(table)
    assert state.trials[0] is not None and state.trials[0].card == "std06"  # a new card
    answer = await click_as_sent_before(simcord_env, by(bob, bob_panel), seen, stale)
    assert "that card has left the table" in private_text(answer)
    assert answer.response is not None and answer.response.id == bob_panel.id, "redrawn"
    _, after = await stored(table)
    assert ENGINE.dump(after) == ENGINE.dump(state), "nothing changed"
    now = fresh(simcord_env, bob_panel)
    assert "place std04 0" not in offered(now) and "🔥" in now.content  # as it is now
    log = await simcord_env.bot.store.action_log(match.id)
    assert [a for _, seat, a in log if seat == 1] == []


async def test_the_controller_picks_dice_then_a_card_and_keeps_them_while_others_play(
    simcord_env,
) -> None:
    from tests.test_rushout import PLAIN_SPELLS, PLAIN_TRIALS

    table = Table(simcord_env)
    _, bob, carol = await start_three(table)
    _, state = await stored(table)
    laid = arranged(
        state, trials=PLAIN_TRIALS, spells=PLAIN_SPELLS, fresh={1: ["S", "P", "K"], 2: ["S", "F"]}
    )
    await put_state(table, laid)
    panel = await open_controller(table, bob)
    assert [label for label, _ in toggles(panel)] == ["🗡", "👣", "🔑"]
    assert "place std05 0 1 2" in offered(panel)  # no die picked: each card for all that fit
    assert len(components_of(panel)) <= 8
    panel = await pick_dice(simcord_env, bob, panel, ["P"])
    assert [label for label, _ in toggles(panel)] == ["🗡", "👣 ✓", "🔑"]
    placing = [a for a in offered(panel) if a.startswith("place ")]
    assert placing == ["place std05 1"], "only the cards that take the Step picked"
    await play(carol, await open_controller(table, carol), "place std05 0")  # meanwhile
    await simcord_env.advance_time(5)  # the live board, then the controllers, catch up
    panel = fresh(simcord_env, panel)
    assert [label for label, _ in toggles(panel)] == ["🗡", "👣 ✓", "🔑"], "still picked"
    assert [label_of(b) for b in action_buttons(panel) if "Trial 2" in label_of(b)] == [
        "👣 → Trial 2 · 2/3"
    ]
    await play(bob, panel, "place std05 1")
    _, state = await stored(table)
    assert state.trials[1] is not None and [d and d.face for d in state.trials[1].hero] == [
        "S",
        "P",
        None,
    ]


async def test_in_a_pulse_heroes_throw_at_once_and_done_counts_once(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = await start_live(table, play="pulse")
    panel = await open_controller(table, bob)
    assert "throw" in offered(panel), "heroes throw from the pulse's start"
    assert "Pulse 1" in panel.content
    await play(bob, panel, "throw")
    await play(bob, fresh(simcord_env, panel), "done")
    panel = fresh(simcord_env, panel)
    assert not {"throw", "done"} & set(offered(panel)), "done with this pulse"
    assert "you are done with it" in panel.content
    await play(alice, await open_controller(table, alice), "done")
    for _ in range(24):  # the AI hero plays its part of the pulse
        match, state = await stored(table)
        if state.pulse >= 2:
            break
        await simcord_env.advance_time(5)
    assert state.pulse == 2 and simcord_env.bot.service.match_time(match) < 3600
    await simcord_env.advance_time(5)
    panel = fresh(simcord_env, panel)
    assert "Pulse 2" in panel.content and "throw" in offered(panel), "his controller follows"


async def test_silence_binds_from_the_first_message_after_a_restart(simcord_env, database) -> None:
    from tests.test_rushout import new
    from tests.test_rushout import table as laid_out

    board = Table(simcord_env)
    alice, bob = await start_live(board, mode="scenario3")
    deck = ["confusion1", "confusion3", "confusion6"]
    await put_state(board, laid_out(new("scenario3"), hexes=[("curse1", None)], spell_deck=deck))
    await alice.slash(board.channel, "match board")  # the board is up to date: nothing lags
    await simcord_env.restart_bot(make_bot(database))
    virtual_pace(simcord_env)
    shown = len(board_updates(simcord_env))
    await bob.send(board.channel, "is it my turn?")
    match, state = await stored(board)
    log = await simcord_env.bot.store.action_log(match.id)
    assert [a for _, seat, a in log if seat == SYSTEM_SEAT] == [f"spoke {match.seat_of(bob.id)}"]
    assert state.spell_deck == ["confusion1", "confusion3"], "the top card is discarded"
    await simcord_env.advance_time(3)  # a live board shows what came together
    told = [u.content for u in board_updates(simcord_env)[shown:]]
    assert any("Silence broken" in text for text in told), "the channel is told"
