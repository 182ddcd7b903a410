"""Rush'n'Crush through Discord, offline: the real bot, real interactions, simcord's Discord.

Equipment cards are hidden: the player to act may drive with the public board's buttons,
but every card action is offered only in the private panel opened with "My cards".
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.rushncrush import GAME, PHASE_MOVE, Car, Course, scenario
from bot.i18n import Tr, catalog
from cogs.rushncrush import RushNCrushCog, RushNCrushPresenter
from renderers import LABEL_DEFAULTS
from tests.discord_helpers import (
    Table,
    Turns,
    action_buttons,
    action_of,
    by,
    check_one_ping_and_one_board_a_turn,
    check_table_manners,
    components_of,
    custom_id_of,
    custom_ids,
    fresh,
    label_of,
    panel_from,
    private_text,
)

ENGINE = GAMES["rushncrush"]
#: Every match's seed (``fixed_seed``): every run races the same race.
MATCH_SEED = 20240607
pytestmark = pytest.mark.usefixtures("fixed_seed")


PRIVATE_MARKERS = ("Your equipment cards", "Your car (car", "Vos cartes", "Votre voiture")


# ------------------------------------------------------------------ helpers
def hand_button(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("rt:hand:"))


def to_act_part(message: Any) -> str:
    return str(message.content).split("👉", 1)[-1]


def is_over(message: Any) -> bool:
    return "🏆" in message.content or "no winner" in message.content


async def open_panel(table: Table, actor: Any) -> Any:
    """The person clicks "My cards" on the current board: their private panel."""
    board = table.board()
    return panel_from(table.env, await actor.click(board, custom_id=hand_button(board)))


async def stored_state(table: Table) -> tuple[Any, Any]:
    match = await table.match()
    return match, ENGINE.load(json.loads(match.state))


def public_messages(table: Table) -> list[Any]:
    return list(table.channel.history())


async def drive_like_a_person(table: Table, actor: Any, seat: int, max_clicks: int = 600) -> int:
    """The person plays from their private panel, keeping it open across a turn: they
    choose what a sensible driver would (the AI's advice) among the panel's buttons."""
    clicks = 0
    panel = None
    rng = random.Random(7)
    for _ in range(max_clicks):
        board = table.board()
        if is_over(board):
            return clicks
        if actor.mention not in to_act_part(board):
            await table.env.advance_time(5)
            continue
        if panel is None or not action_buttons(panel):
            panel = await open_panel(table, actor)
        buttons = action_buttons(panel)
        if not buttons:
            panel = None
            await table.env.advance_time(5)
            continue
        _, state = await stored_state(table)
        advice = ENGINE.bot_action(state, seat, rng)
        by_action = {action_of(b): b for b in buttons}
        if advice not in by_action:  # the panel is behind the board: look again
            panel = await open_panel(table, actor)
            by_action = {action_of(b): b for b in action_buttons(panel)}
        choice = by_action.get(advice) or next(iter(by_action.values()))
        result = await by(actor, panel).click(panel, custom_id=custom_id_of(choice))
        assert not [m for m in result.followups if "Not allowed" in m.content]
        clicks += 1
    raise AssertionError("the race did not end")


def assert_no_hand_in_public(table: Table) -> None:
    for message in public_messages(table):
        assert not any(marker in message.content for marker in PRIVATE_MARKERS), message.content
        for custom_id in custom_ids(message):
            if custom_id.startswith("rt:act:"):
                words = set(custom_id.split(":", 4)[4].split())
                assert not words & {"card", "nitro", "give", "want"}, f"{custom_id} is public"


# ------------------------------------------------------------------ a whole race
async def test_a_four_car_race_with_three_ai_from_new_to_the_finish(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=3)
    lobby = table.lobby()
    assert "AI 3" in lobby.embeds[0].fields[0].value
    await table.lobby_click(alice, "Start")
    match = await table.match()
    assert len(match.seats) == 4 and "reaction_timeout" not in match.settings
    board = table.board()
    public = custom_ids(board)
    assert hand_button(board) in public, "the My cards button"
    actions = [custom_id for custom_id in public if custom_id.startswith("rt:act:")]
    assert actions and all(":grid " in custom_id for custom_id in actions)
    assert "🃏 My cards" in [label_of(b) for row in board.components for b in row.children]
    await alice.click(board, custom_id=actions[0])  # pick a grid cell from the public board
    assert [a for _, seat, a in await simcord_env.bot.store.action_log(match.id) if seat == 0]
    clicks = await drive_like_a_person(table, alice, seat=0)
    assert clicks >= 10
    final = table.board()
    assert is_over(final) and final.attachments[0].filename == "board.png"
    assert not [c for c in custom_ids(final) if c.startswith(("rt:act:", "rt:hand:"))]
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    log = await simcord_env.bot.store.action_log(match.id)
    mine = [action for _, seat, action in log if seat == 0]
    assert any(a.startswith("grid ") for a in mine)
    assert any(a.startswith(("accel", "gear", "hold", "decel")) for a in mine)
    assert any(a.startswith(("drive ", "step ")) for a in mine)
    texts = "\n".join(m.content for m in public_messages(table))
    assert "accelerates" in texts and "drove" in texts
    assert_no_hand_in_public(table)


async def test_every_move_of_the_race_is_told_in_the_channel(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=3)
    await table.lobby_click(alice, "Start")
    match = await table.match()
    await drive_like_a_person(table, alice, seat=0)
    log = await simcord_env.bot.store.action_log(match.id)
    moves = [action for _, _, action in log if action.startswith("drive ")]
    told = "\n".join(m.content for m in public_messages(table)).count(" drove ")
    assert told >= len(moves)


async def test_the_panel_shows_cards_dashboard_and_readable_buttons(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=1)
    await table.lobby_click(alice, "Start")
    while alice.mention not in to_act_part(table.board()):
        await simcord_env.advance_time(5)
    panel = await open_panel(table, alice)
    _, state = await stored_state(table)
    for kind in set(state.cars[0].cards):
        assert catalog("en")[f"rushncrush.card.{kind}"] in panel.content
    assert "Your car (car 1)" in panel.content
    grid = [b for b in action_buttons(panel) if action_of(b).startswith("grid ")]
    assert label_of(grid[0]).startswith("🚦 Grid G")
    await by(alice, panel).click(panel, custom_id=custom_id_of(grid[0]))
    while alice.mention not in to_act_part(table.board()):
        await simcord_env.advance_time(5)
    panel = await open_panel(table, alice)
    labels = {action_of(b): label_of(b) for b in action_buttons(panel)}
    assert labels["accel"].startswith("⬆ Accelerate ➜ 2⚪")
    assert labels["hold"] == "⏸ Hold the lever on neutral"
    await by(alice, panel).click(panel, custom_id=custom_id_of(action_buttons(panel)[0]))
    labels = {action_of(b): label_of(b) for b in action_buttons(panel)}  # the panel moved on
    drives = [label for action, label in labels.items() if action.startswith("drive ")]
    assert drives and all(label.startswith("🚗 Drive ➜ row ") for label in drives)
    assert all(len(label) <= 80 for label in labels.values())
    assert "Spaces left to drive: 2" in panel.content


# ------------------------------------------------------------------ standing orders
def ram_coming() -> Any:
    """Bob's car 2 (seat 1) is about to drive into alice's car 1 (seat 0), two points left:
    two armour tests each. Alice holds a Lucky charm and an Armour plate; the dice are
    loaded: bob passes both, alice fails one of two."""
    cars = [
        Car(0, lane=2, row=6, gear=1, speed=2, cards=["lucky", "plate"]),
        Car(1, lane=2, row=5, gear=1, speed=2),
        Car(2, lane=4, row=2, gear=1, speed=2),
    ]
    state = scenario(cars, course=Course("custom", ("1A",) * 5, 1), current=1, phase=PHASE_MOVE)
    state.loaded_dice = [6, 6, 1, 6]
    return state


def public_record(table: Table) -> list[tuple[Any, ...]]:
    """Everything anyone sees in the channel: each message's text, buttons and picture."""
    return [
        (m.id, m.content, custom_ids(m), [a.filename for a in m.attachments])
        for m in public_messages(table)
    ]


async def test_an_order_set_off_turn_fires_later_and_the_board_never_shows_it(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "rushncrush", opponent=bob, ai=1)
    await table.lobby_click(alice, "Start")
    match = await table.match()
    assert match.seat_of(alice.id) == 0 and match.seat_of(bob.id) == 1
    store, bot = simcord_env.bot.store, simcord_env.bot
    match = await store.update(
        dataclasses.replace(match, state=json.dumps(ENGINE.dump(ram_coming()))),
        expected_version=match.version,
        now=bot.service.clock(),
    )
    await alice.slash(table.channel, "match board")  # the board shows the stored state
    assert bob.mention in to_act_part(table.board()) and alice.mention not in to_act_part(
        table.board()
    )
    before = public_record(table)

    panel = await open_panel(table, alice)  # off turn: her orders, and nothing else to do
    assert "Standing orders" in panel.content
    assert "Armour plate**: ignores 2 failed dice of an armour test that costs you 2" in (
        panel.content
    )
    orders = {action_of(b): label_of(b) for b in action_buttons(panel)}
    assert orders["order plate 1"] == "🛡 Armour plate ➜ at a loss of 1+"
    assert all(action.startswith("order ") for action in orders)
    result = await by(alice, panel).click(
        panel,
        custom_id=custom_id_of(
            next(b for b in action_buttons(panel) if action_of(b) == "order plate 1")
        ),
    )
    refreshed = [m for m in [result.response, *result.followups] if m is not None][-1]
    assert "costs you 1 or more armour" in refreshed.content
    assert public_record(table) == before, "setting an order shows nothing in public"
    _, state = await stored_state(table)
    assert state.cars[0].orders["plate"] == "1" and state.current == 1

    bob_panel = await open_panel(table, bob)  # bob drives into her: the order fires at once
    ram = next(b for b in action_buttons(bob_panel) if action_of(b) == "step 2")
    assert "ram car 1" in label_of(ram)
    await by(bob, bob_panel).click(bob_panel, custom_id=custom_id_of(ram))
    _, state = await stored_state(table)
    assert state.cars[0].armour == 6 and state.cars[0].cards == ["lucky"]
    texts = "\n".join(m.content for m in public_messages(table))
    assert "alice plays Armour plate" in texts
    assert "may answer" not in texts and "reaction" not in texts.lower()
    log = await store.action_log(match.id)
    assert (0, "order plate 1") in [(seat, action) for _, seat, action in log]


# ------------------------------------------------------------------ custom courses
async def test_a_malformed_custom_course_is_refused_with_a_clear_message(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    refused = await table.open(alice, "rushncrush", ai=1, course="custom", faces="1A 11A 4B")
    text = private_text(refused)
    assert "Those options don't work" in text and "Unknown module face '11A'" in text
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    empty = await table.open(alice, "rushncrush", ai=1, course="custom")
    assert "at least one module face" in private_text(empty)
    twice = await table.open(alice, "rushncrush", ai=1, course="custom", faces="1A 4A 4B")
    assert "Module 4 is named twice ('4A' and '4B')" in private_text(twice)
    mixed = await table.open(alice, "rushncrush", ai=1, course="sprint", faces="1A")
    assert "choose the course Custom" in private_text(mixed)
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None


async def test_a_good_custom_course_is_raced(simcord_env) -> None:
    table = Table(simcord_env)
    # Two people: with only the AI (ready at once) left to trade with, nothing is left to
    # trade, and the table ends alice's trading by itself.
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(
        alice, "rushncrush", opponent=bob, ai=1, faces="1a 4B 7A", laps=2, trading=True
    )
    details = table.lobby().embeds[0].fields[1].value
    assert "Module faces: 1a 4B 7A" in details and "Laps: 2" in details
    assert "Card trading: yes" in details
    await table.lobby_click(alice, "Start")
    _, state = await stored_state(table)
    assert state.course.faces == ("1A", "4B", "7A") and state.course.length == 48
    assert any("trading is open" in m.content for m in public_messages(table))
    panel = await open_panel(table, alice)
    assert "✔ Done trading" in [label_of(b) for b in action_buttons(panel)]


# ------------------------------------------------------------------ hidden hands
async def test_a_hand_is_only_ever_shown_to_its_owner(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "rushncrush", opponent=bob, ai=1)
    await table.lobby_click(alice, "Start")
    _, state = await stored_state(table)
    hands = {0: state.cars[0].cards, 1: state.cars[1].cards}
    for seat, actor in ((0, alice), (1, bob)):
        panel = await open_panel(table, actor)
        assert panel.channel_id == actor.user.dm_channel.id, "in their own direct messages"
        for kind in set(hands[seat]):
            assert catalog("en")[f"rushncrush.card.{kind}"] in panel.content
        other = hands[1 - seat]
        missing = set(other) - set(hands[seat])
        for kind in missing:
            assert catalog("en")[f"rushncrush.card.{kind}"] not in panel.content
    for _ in range(30):  # a few turns of both people, then look at everything public
        board = table.board()
        actor = alice if alice.mention in to_act_part(board) else bob
        if actor.mention not in to_act_part(board):
            await simcord_env.advance_time(5)
            continue
        panel = await open_panel(table, actor)
        await by(actor, panel).click(panel, custom_id=custom_id_of(action_buttons(panel)[0]))
    assert_no_hand_in_public(table)
    for message in public_messages(table):
        for kind in ("Armour plate", "Lucky charm", "Drag chute", "Spare tyres", "Bull bar"):
            if kind in message.content:
                assert "plays" in message.content, "a card is named publicly only once played"


async def test_a_stranger_cannot_open_a_panel(simcord_env) -> None:
    table = Table(simcord_env)
    alice, carol = table.member("alice"), table.member("carol")
    await table.open(alice, "rushncrush", ai=1)
    await table.lobby_click(alice, "Start")
    result = await carol.click(table.board(), custom_id=hand_button(table.board()))
    assert "not playing in this match" in private_text(result)


async def test_rules_are_shown_privately(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await alice.slash(table.channel, "rushncrush rules")
    assert result.ephemeral
    description = result.response.embeds[0].description
    assert "Dashboard" in description and "Lucky charm" in description


def test_the_rules_say_what_the_engine_does_and_show_the_dashboard() -> None:
    from bot.games.rushncrush import data

    marks = {"W": "⚪", "Y": "🟡", "O": "🟠", "R": "🔴"}
    for language, gear_word in (("en", "Gear"), ("fr", "Rapport")):
        rules = catalog(language)["rushncrush.rules"]
        assert len(rules) <= 4096, "an embed's description"
        for gear, bubbles in data.GEAR_BUBBLES.items():
            line = " ".join(f"{speed}{marks[colour]}" for speed, colour in bubbles)
            assert (
                f"{gear_word} {gear}: {line}" in rules
                or f"{gear_word} {gear}\u00a0: {line}" in rules
            )
    rules = catalog("en")["rushncrush.rules"]
    for words in (
        "one hard test (5+ passes)",
        "the lowest of 5…1 dice",
        "18 the car is wrecked",
        "a failed die with no armour left wrecks the car",
        "**forcing the way**",
        "A failed push may not be tried again on that car this move",
        "🚗 Drive ➜",
        "👊 Push",
        "**standing orders**",
        "off the road",
    ):
        assert words in rules, words
    assert "reaction time" not in rules


def test_step_labels_tell_the_consequences_of_each_step() -> None:
    from bot.games.rushncrush import Move

    cog = RushNCrushPresenter()
    course = Course("custom", ("1A",) * 3, 1)
    cars = [Car(0, lane=1, row=2, gear=3, speed=8), Car(1, lane=4, row=0)]
    state = scenario(cars, course=course, phase=PHASE_MOVE, wrecks=[(2, 3)])
    state.move = Move(points=8, changes=1, path=[[1, 2]])
    view = GAME.view(state, 0)
    tr = Tr("en")
    assert cog.action_label("step 0", view, tr) == (
        "↗ One step left (up), off the road 🪨 head-on: −lowest of 3 dice armour"
    )
    assert cog.action_label("step 2", view, tr).endswith("☠ wreck (hard test, 5+)")
    state.move = Move(points=1, changes=1, path=[[1, 2]])  # the last point: it stops behind
    last = cog.action_label("step 2", GAME.view(state, 0), tr)
    assert last.endswith("☠ wreck: you stop behind it") and "hard test" not in last
    slow = scenario([Car(0, lane=4, row=2, gear=1, speed=3), Car(1, 1, 0)], course=course)
    slow.phase = PHASE_MOVE
    slow.move = Move(points=3, path=[[4, 2]])
    assert cog.action_label("step 5", GAME.view(slow, 0), Tr("fr")) == (
        "↘ Un pas à droite (en bas), hors de la piste 🪨 choc frontal\u00a0: −1 blindage"
    )


def test_the_panel_shows_where_the_lever_can_go_this_turn() -> None:
    cog = RushNCrushPresenter()
    state = scenario([Car(0, lane=2, row=1, gear=1, speed=2, turbos=1, brakes=0), Car(1, 3, 0)])
    view = GAME.view(state, 0)
    for tr, words in ((Tr("en"), "This turn your lever can reach"), (Tr("fr"), "votre levier")):
        line = next(line for line in cog.private_lines(view, ["a", "b"], tr) if words in line)
        assert "2⚪" in line and "3⚪" in line and "4⚪" in line


def test_course_options_keep_laps_only_where_they_count() -> None:
    options = RushNCrushCog.course_options
    assert options(None, None, None, False) == {"course": "sprint", "trading": False}
    assert options("sprint", None, 3, True) == {"course": "sprint", "trading": True}
    assert options("oval", None, 3, False) == {"course": "oval", "trading": False, "laps": 3}
    custom = {"course": "custom", "trading": False, "faces": "1A 2B", "laps": 1}
    assert options(None, "1A 2B", None, False) == custom


# ------------------------------------------------------------------ French
async def test_a_french_server_gets_french_boards(simcord_env) -> None:
    table = Table(simcord_env, locale="fr")
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=2)
    assert "Circuit\u00a0: Sprint" in table.lobby().embeds[0].fields[1].value
    await table.lobby_click(alice, "Démarrer")
    assert "choisit sa place sur la grille" in table.board().content


# ------------------------------------------------------------------ the words (no Discord)
def test_every_action_and_event_of_whole_races_reads_in_both_languages() -> None:
    cog = RushNCrushPresenter()  # presentation only: no bot needed
    names = [f"P{seat}" for seat in range(6)]
    for seed, options in ((1, {"trading": True}), (2, {"course": "oval"})):
        state = ENGINE.new_state(5, seed, options)
        rng = random.Random(seed)
        while ENGINE.to_act(state):
            seat = min(ENGINE.to_act(state))
            view = ENGINE.view(state, seat)
            for tr in (Tr("en"), Tr("fr")):
                for action in ENGINE.legal_actions(state, seat) + GAME.order_actions(state, seat):
                    label = cog.action_label(action, view, tr)
                    assert label != action and "{" not in label and len(label) <= 80, label
                assert cog.private_lines(view, [f"P{n}" for n in range(5)], tr)
            state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng))
            public = ENGINE.view(state, None)
            for event in public["events"]:
                if event["type"] == "race_over":
                    continue
                for tr in (Tr("en"), Tr("fr")):
                    line = cog.event_line(event, public, names, tr)
                    assert line and "{" not in line, event


@pytest.mark.parametrize(
    "event",
    [
        {"type": "armour", "seat": 0, "lost": 2, "left": 4},
        {"type": "wrecked", "seat": 1, "cause": "explosion", "lane": 2, "row": 12},
        {"type": "wrecked", "seat": 1, "cause": "armour", "lane": 2, "row": 12},
        {"type": "wrecked", "seat": 1, "cause": "rock", "lane": 2, "row": 12},
        {"type": "crash", "seat": 0, "into": "rock", "lane": 1, "row": 4},
        {"type": "crash", "seat": 0, "into": "wreck", "lane": 1, "row": 4},
        {"type": "crash", "seat": 0, "into": "car", "other": 1, "tests": 3, "own_tests": 1},
        {"type": "behind_wreck", "seat": 0, "lane": 1, "row": 4},
        {"type": "nails", "seat": 0, "tyres": 3},
        {"type": "tyre", "seat": 0, "left": 3},
        {
            "type": "push",
            "seat": 0,
            "other": 1,
            "direction": "ahead-left",
            "attack": 5,
            "defence": 2,
        },
        {"type": "push_result", "seat": 0, "other": 1, "result": "held"},
        {"type": "push_result", "seat": 0, "other": 1, "result": "pushed", "lane": 3},
        {"type": "push_result", "seat": 0, "other": 1, "result": "wedged", "against": 2},
        {"type": "push_result", "seat": 0, "other": 1, "result": "wedged", "against": None},
        {"type": "roll", "seat": 0, "test": "hard", "dice": [4], "result": 1},
        {"type": "roll", "seat": 0, "test": "rock", "dice": [2, 5], "result": 2},
        {"type": "roll", "seat": 0, "test": "push_attack", "dice": [2, 5], "result": 5},
        {"type": "roll", "seat": 1, "test": "push_defend", "dice": [3], "result": 3},
        {"type": "roll", "seat": 1, "test": "driving", "dice": [], "result": 0},
        {"type": "temperature", "seat": 0, "temp": 1, "rise": 0},
        {"type": "lever", "seat": 0, "via": "chute", "gear": 2, "speed": 7, "heat": "Y"},
        {"type": "trade_offer", "seat": 0, "to": 1},
        {"type": "trade_withdrawn", "seat": 0},
        {"type": "trade_refused", "seat": 1, "to": 0},
        {"type": "trade", "seat": 0, "to": 1},
        {"type": "trade_open"},
    ],
)
def test_each_kind_of_event_has_a_sentence(event: dict[str, Any]) -> None:
    cog = RushNCrushPresenter()
    view = ENGINE.view(ENGINE.new_state(3, 1), None)
    for tr in (Tr("en"), Tr("fr")):
        line = cog.event_line(event, view, ["alice", "bob", "carol"], tr)
        assert line and "{" not in line and "}" not in line


def test_the_catalogs_hold_the_same_keys_and_every_renderer_word() -> None:
    def own(language: str) -> set[str]:
        return {
            key
            for key in catalog(language)
            if key.startswith(("rushncrush.", "render.rushncrush."))
        }

    assert own("en") == own("fr")
    for key in LABEL_DEFAULTS["rushncrush"]:
        if not key.startswith("player_"):
            assert f"render.rushncrush.{key}" in own("fr")
    french = catalog("fr")
    for text in ("Open a Rush'n'Crush lobby in this channel", "Grand Canyon"):
        assert f"cmd:{text}" in french
    assert "cmd:reaction_timeout" not in french  # cards answer by standing orders: no window


# ------------------------------------------------------------------ issue 9: a whole race
async def test_a_whole_race_has_short_boards_quiet_pings_and_few_clicks(simcord_env) -> None:
    """Two people and an AI race a Sprint. A person drives from the board's buttons (the
    AI's advice stands for their choice), opening "My cards" only to play a card. "Go"
    after a gear change with nothing left to slow the car is played by itself. Pings, new
    boards and board texts follow issue 9's rules."""
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    people = [alice, bob]
    await table.open(alice, "rushncrush", opponent=bob, ai=1)
    await table.lobby_click(alice, "Start")
    turns = Turns(simcord_env, people)
    rng = random.Random(7)
    for _ in range(1500):
        board = table.board()
        if is_over(board):
            break
        person = next((p for p in people if p.mention in to_act_part(board)), None)
        if person is None or not action_buttons(board):
            await simcord_env.advance_time(5)
            continue
        match, state = await stored_state(table)
        advice = ENGINE.bot_action(state, match.seat_of(person.id), rng)
        on_board = {action_of(b): b for b in action_buttons(board)}
        assert "go" not in on_board or len(ENGINE.legal_actions(state, state.current)) > 1
        if advice in on_board:
            turns.click(person)
            await table.click_action(person, on_board[advice])
            continue
        turns.click(person)
        panel = await open_panel(table, person)
        in_panel = {action_of(b): b for b in action_buttons(panel)}
        choice = in_panel.get(advice) or next(iter(on_board.values()))
        turns.click(person)
        await by(person, panel).click(panel, custom_id=custom_id_of(choice))
    else:
        raise AssertionError("the race did not end")

    manners = check_table_manners(simcord_env, people)
    global_count = turns.check_request_budget()
    check_one_ping_and_one_board_a_turn(manners, people, least_turns=3)
    median, most = turns.figures()
    print(
        f"\nRush'n'Crush (2 people + AI): clicks per turn median {median}, max {most}; {manners}"
        f"; {global_count} global requests for {turns.made()} clicks"
    )
    assert median <= 2 and most <= 5


async def test_trading_ends_by_itself_when_nobody_is_left_to_trade_with(simcord_env) -> None:
    """With only an AI (ready at once), "Done trading" is a person's only choice: the table
    makes it for them and the start grid follows."""
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=1, trading=True)
    await table.lobby_click(alice, "Start")
    await simcord_env.advance_time(5)
    match, state = await stored_state(table)
    assert state.phase == "grid"
    log = await simcord_env.bot.store.action_log(match.id)
    assert (match.seat_of(alice.id), "ready") in [(seat, action) for _, seat, action in log]


# ------------------------------------------------------------------ pictures for a phone
def zoom_menu(message: Any) -> tuple[str, list[tuple[str, str, bool]]]:
    """A zoom's menu: its custom id, and its options (label, value, shown)."""
    for child in components_of(message):
        found = child if isinstance(child, dict) else child.to_dict()
        if str(found.get("custom_id", "")).startswith("rt:zoomto:rushncrush:"):
            options = [(o["label"], o["value"], bool(o.get("default"))) for o in found["options"]]
            return found["custom_id"], options
    raise AssertionError("no zoom menu")


async def test_the_zoom_shows_any_stretch_of_the_course_privately_to_anyone(simcord_env) -> None:
    """🔍 Zoom on the board answers privately with a picture of a stretch of the course (the
    clicker's car in it) and a menu of the other stretches; picking one redraws it in place.
    Someone not seated may zoom too; nothing public changes."""
    from cogs.rushncrush import ZOOM_ROWS
    from renderers.rushncrush.layout import BAND_ROWS, ZOOM_BANDS

    assert ZOOM_ROWS == BAND_ROWS * ZOOM_BANDS, "the menu names the rows the picture shows"
    table = Table(simcord_env)
    alice, carol = table.member("alice"), table.member("carol")
    await table.open(alice, "rushncrush", ai=1, course="grand_canyon")
    await table.lobby_click(alice, "Start")
    board = table.board()
    zoom = next(cid for cid in custom_ids(board) if cid.startswith("rt:zoom:rushncrush:"))
    assert "🔍 Zoom" in [label_of(b) for row in board.components for b in row.children]
    before = public_record(table)
    result = await alice.click(board, custom_id=zoom)
    answers = [m for m in [result.response, *result.followups] if m is not None]
    shown = next(m for m in answers if m.attachments)
    assert all(m.ephemeral for m in answers)
    assert shown.attachments[0].filename == "zoom.png"
    assert "Rows G3 to 42" in shown.content  # the start grid, where the cars wait
    menu, options = zoom_menu(shown)
    assert options[0] == ("Rows G3 to 42", "-2", True)
    assert options[-1][0] == "Rows 37 to 80"
    await alice.select(shown, [options[-1][1]], custom_id=menu)
    again = fresh(simcord_env, shown)
    assert "Rows 37 to 80" in again.content and again.attachments
    assert [label for label, _, default in zoom_menu(again)[1] if default] == ["Rows 37 to 80"]
    stranger = await carol.click(board, custom_id=zoom)
    seen = [m for m in [stranger.response, *stranger.followups] if m is not None]
    assert seen and all(m.ephemeral for m in seen) and any(m.attachments for m in seen)
    assert public_record(table) == before


async def test_the_private_panel_shows_the_players_own_dashboard(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "rushncrush", ai=1)
    await table.lobby_click(alice, "Start")
    panel = await open_panel(table, alice)
    assert [a.filename for a in panel.attachments] == ["panel.png"]


def test_standing_orders_read_as_french_is_set() -> None:
    """Each standing order a line, its card named then what it does: in French with the
    no-break space a colon takes."""
    from bot.games.rushncrush import data

    card = data.ORDERS["plate"][0]
    view: Any = {"hand": [card], "orders": {}}
    english = RushNCrushPresenter()._order_lines(view, Tr("en"))
    french = RushNCrushPresenter()._order_lines(view, Tr("fr"))
    assert english[1].startswith("• 🛡 **Armour plate**: ")
    assert french[1].startswith("• 🛡 **Plaque de blindage**\u00a0: ")
