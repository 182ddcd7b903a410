"""Fireship through Discord, offline: the real bot, real interactions, simcord's Discord.

Mystery cards are hidden, so every choice is made in the private panel ("🎯 My turn &
cards"): a move is a pawn picked in a menu, then a destination among its reach, with the
reach drawn in the panel's picture. Reactions are standing orders set from that panel.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import discord
import pytest
from simcord.results import ResponseMessage

from bot.games.base import View
from bot.games.fireship import GAME, FireshipState, data, scenario
from bot.i18n import Tr, catalog
from bot.pictures.painter import BoardPainter
from cogs._components import action_components, step_components
from cogs.fireship import FireshipPresenter
from tests.conftest import make_bot
from tests.discord_helpers import (
    Table,
    action_buttons,
    action_of,
    by,
    components_of,
    custom_id_of,
    custom_ids,
    fresh,
    label_of,
    panel_from,
    select_menus,
)

ENGINE = GAME
#: Every match's seed (``fixed_seed``): every run plays the same game.
MATCH_SEED = 20261122
pytestmark = pytest.mark.usefixtures("fixed_seed")
KEPT = [catalog(lang)[f"fireship.card.{kind}"] for lang in ("en",) for kind in data.KEPT_CARDS]


# ------------------------------------------------------------------ helpers
def button_labels(message: Any) -> list[str]:
    labels = []
    for child in components_of(message):
        label = child.get("label") if isinstance(child, dict) else getattr(child, "label", None)
        if label:
            labels.append(str(label))
    return labels


def panel_buttons(panel: Any) -> dict[str, Any]:
    return {action_of(custom_id_of(b)): b for b in action_buttons(panel)}


class Menu:
    """A select menu as a client shows it (a component object or its payload)."""

    def __init__(self, custom_id: str, options: list[tuple[str, str]]) -> None:
        self.custom_id = custom_id
        self.options = [Option(value, label) for value, label in options]


@dataclasses.dataclass
class Option:
    value: str
    label: str


def menus(panel: Any, prefix: str) -> list[Menu]:
    found = [
        Menu(str(m.custom_id), [(str(o.value), str(o.label)) for o in m.options])
        for m in select_menus(panel)
    ]
    for child in components_of(panel):
        if isinstance(child, dict) and child.get("type") == 3:
            options = [(str(o["value"]), str(o["label"])) for o in child.get("options", [])]
            found.append(Menu(str(child["custom_id"]), options))
    return [m for m in found if m.custom_id.startswith(prefix)]


def to_act_part(message: Any) -> str:
    return str(message.content).split("👉", 1)[-1]


def is_over(message: Any) -> bool:
    return "🏆" in message.content or "no winner" in message.content.lower()


def hand_button(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("rt:hand:"))


async def open_panel(table: Table, actor: Any) -> ResponseMessage:
    """The person clicks "🎯 My turn & cards" on the current board: their private panel."""
    board = table.board()
    result = await actor.click(board, custom_id=hand_button(board))
    panel: ResponseMessage = panel_from(table.env, result)
    return panel


async def stored_state(table: Table) -> tuple[Any, FireshipState]:
    match = await table.env.bot.store.latest_in_channel(table.channel.id)
    return match, ENGINE.load(json.loads(match.state))


def public_record(table: Table) -> list[tuple[Any, ...]]:
    """Everything anyone sees in the channel: each message's text, buttons and picture."""
    return [
        (m.id, m.content, custom_ids(m), [a.filename for a in m.attachments])
        for m in table.channel.history()
    ]


class Person:
    """A person playing from their panel, counting the clicks (and menu choices) made."""

    def __init__(self, table: Table, actor: Any, cog: FireshipPresenter) -> None:
        self.table, self.actor, self.cog = table, actor, cog
        self.clicks = 0
        self.pictures = 0

    async def open(self) -> ResponseMessage:
        self.clicks += 1
        return await open_panel(self.table, self.actor)

    async def choose(self, panel: ResponseMessage, action: str, view: View) -> None:
        """Play ``action`` as a person would: a button, or a menu choice; a two-step
        action first picks its step in the first menu, then the action."""
        step = self.cog.action_step(action, view, Tr("en"))
        if step is not None:
            first = next(m for m in menus(panel, "rt:step:") if step[0] in _values(m))
            await by(self.actor, panel).select(panel, [step[0]], custom_id=first.custom_id)
            self.clicks += 1
            panel = fresh(self.table.env, panel)
            self.pictures += bool(panel.attachments)
            assert "◀ Back" in button_labels(panel)
        buttons = panel_buttons(panel)
        found = [m for m in menus(panel, "rt:pick:") if action in _values(m)]
        if action in buttons:
            await by(self.actor, panel).click(panel, custom_id=custom_id_of(buttons[action]))
        elif found:
            await by(self.actor, panel).select(panel, [action], custom_id=found[0].custom_id)
        else:  # beyond the menus: typed as a square
            assert step is not None, (action, panel.content, button_labels(panel), list(buttons))
            await self.type_square(panel, action.split()[-1])
            self.clicks += 1
        self.clicks += 1

    async def type_square(self, panel: ResponseMessage, text: str) -> Any:
        """⌨ on the panel, then the square typed in the box it opens."""
        typing = next(cid for cid in custom_ids(panel) if cid.startswith("rt:type:"))
        shown = await by(self.actor, panel).click(panel, custom_id=typing)
        assert shown.modal is not None, "⌨ opens a box to type the square"
        return await by(self.actor, panel).submit_modal(shown, {"choice": text})


def _values(menu: Any) -> list[str]:
    return [str(option.value) for option in menu.options]


def offered(panel: Any, view: dict[str, Any], cog: FireshipPresenter) -> set[str]:
    """The actions a panel offers, first steps included (as their actions)."""
    actions = set(panel_buttons(panel))
    for menu in menus(panel, "rt:pick:"):
        actions |= set(_values(menu))
    return actions


def sensible(state: FireshipState, seat: int, moves_made: int, rng: random.Random) -> str:
    """What a sensible person picks: the AI's advice, but at most two moves a turn."""
    advice = ENGINE.bot_action(state, seat, rng)
    if advice.startswith("move ") and moves_made >= 2:
        legal = ENGINE.legal_actions(state, seat)
        attacks = [a for a in legal if a.startswith("attack ") and not a.endswith(" plus")]
        return attacks[0] if attacks else "end"
    return advice


async def play_turn(person: Person, seat: int, rng: random.Random) -> None:
    """One whole turn (or a choice asked for) of a person, from their panel."""
    moves = 0
    panel = await person.open()
    for _ in range(40):
        _, state = await stored_state(person.table)
        if state.turn != seat or not ENGINE.to_act(state):
            return
        view = ENGINE.view(state, seat)
        action = sensible(state, seat, moves, rng)
        if action.startswith("move "):
            moves += 1
        await person.choose(panel, action, view)
        panel = fresh(person.table.env, panel)
        if action.split()[0] in ("end",):
            return


def assert_no_hand_in_public(table: Table) -> None:
    for message in table.channel.history():
        assert not [c for c in custom_ids(message) if c.startswith(("rt:act:", "rt:pick:"))]
        for kind in KEPT:
            assert f"draws {kind}" not in message.content, message.content
        assert "Your cards" not in message.content and "Standing orders" not in message.content


class PublicSpy:
    """Every view the board painter is given (whatever bot instance draws it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.views: list[dict[str, Any]] = []
        original = BoardPainter.render

        async def render(painter: Any, game: str, view: Any, labels: Any = None) -> bytes:
            self.views.append(dict(view))
            return await original(painter, game, view, labels)

        monkeypatch.setattr(BoardPainter, "render", render)


# ------------------------------------------------------------------ a whole match
async def test_a_three_player_match_with_an_ai_seat_and_a_restart(
    simcord_env, database, monkeypatch
) -> None:
    spy = PublicSpy(monkeypatch)
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "fireship", opponent=bob, ai=1, rounds=10)
    details = table.lobby().embeds[0].fields[1].value
    assert "Time limit: 10 rounds" in details
    await table.lobby_click(alice, "Start")
    match = await table.match()
    seats = {match.seat_of(alice.id): alice, match.seat_of(bob.id): bob}
    assert len(match.seats) == 3 and set(seats) == {0, 1}
    board = table.board()
    assert "🎯 My turn & cards" in button_labels(board)
    assert not action_buttons(board), "every action goes through the private panel"

    def people(bot: Any) -> dict[int, Person]:
        cog = bot.table.presenters["fireship"]  # the loaded extension's own class
        return {seat: Person(table, actor, cog) for seat, actor in seats.items()}

    players = people(simcord_env.bot)
    rng = random.Random(3)
    restarted = False
    for _ in range(400):
        board = table.board()
        if is_over(board):
            break
        _, state = await stored_state(table)
        if not restarted and state.round >= 3:
            await simcord_env.restart_bot(make_bot(database))
            players = people(simcord_env.bot)
            restarted = True
            await simcord_env.advance_time(5)
            continue
        acting = [s for s, actor in seats.items() if actor.mention in to_act_part(board)]
        if not acting or state.turn not in acting:
            await simcord_env.advance_time(5)
            continue
        await play_turn(players[state.turn], state.turn, rng)
    else:
        raise AssertionError("the match did not end")

    assert restarted
    final = table.board()
    assert is_over(final) and final.attachments
    assert not [c for c in custom_ids(final) if c.startswith(("rt:act:", "rt:hand:"))]
    log = await simcord_env.bot.store.action_log(match.id)
    for seat in (0, 1):
        mine = [action for _, s, action in log if s == seat]
        assert any(a.startswith("roll") for a in mine)
        assert any(a.startswith("move ") for a in mine)
    assert any(s == 2 for _, s, _ in log), "the AI seat played"
    assert sum(p.pictures for p in players.values()) > 0, "a reach picture in a panel"
    texts = "\n".join(m.content for m in table.channel.history())
    assert "rolls" in texts and "→" in texts

    # Privacy: nothing public names a card in a hand.
    assert_no_hand_in_public(table)
    assert spy.views
    for view in spy.views:
        assert not {"hand", "orders", "reach", "seat"} & set(view)
        for event in view["events"]:
            if event["type"] == "card" and event.get("kept"):
                assert "kind" not in event


# ------------------------------------------------------------------ clicks of a turn
def typical_turn() -> FireshipState:
    """Alice (blue, seat 0) to roll: her plane K12 can fly next to bob's boat K14 and
    attack it; the dice are loaded (3 points, then a win on the blue die)."""
    pawns = [(0, "plane", "K12"), (0, "boat", "home"), (1, "boat", "K14"), (1, "boat", "home")]
    state = scenario(2, pawns=pawns)
    state.loaded = [1, 1, 1, 1]
    return state


async def start_two(table: Table, state: FireshipState) -> tuple[Any, Any, Any]:
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "fireship", opponent=bob)
    await table.lobby_click(alice, "Start")
    match = await table.match()
    assert match.seat_of(alice.id) == 0 and match.seat_of(bob.id) == 1
    bot = table.env.bot
    await bot.store.update(
        dataclasses.replace(match, state=json.dumps(ENGINE.dump(state))),
        expected_version=match.version,
        now=bot.service.clock(),
    )
    await alice.slash(table.channel, "match board")  # the board shows the stored state
    return alice, bob, match


async def test_a_typical_turn_takes_at_most_eight_clicks(simcord_env) -> None:
    table = Table(simcord_env)
    alice, _, match = await start_two(table, typical_turn())
    cog = simcord_env.bot.table.presenters["fireship"]
    person = Person(table, alice, cog)
    panel = await person.open()
    assert "Your turn" in panel.content and "Standing orders" in panel.content
    assert "🎲 Roll 3d10" in [label_of(b) for b in action_buttons(panel)]
    for action in ("roll", "move B1 K13", "attack B1 R1", "end"):
        _, state = await stored_state(table)
        view = ENGINE.view(state, 0)
        if action == "move B1 K13":
            assert "3 points left" in panel.content
            step = cog.action_step(action, view, Tr("en"))
            assert step == ("B1", "✈ Plane B1 at K12")
            labels = [o.label for m in menus(panel, "rt:step:") for o in m.options]
            assert "✈ Plane B1 at K12" in labels
            assert cog.action_label(action, view, Tr("en")) == "K13 · 1 pt"
        if action == "attack B1 R1":
            label = next(label_of(b) for a, b in panel_buttons(panel).items() if a == action)
            assert label == "✈ Plane B1 at K13 → red boat at K14: 2 vs 1, blue die"
        await person.choose(panel, action, view)
        panel = fresh(table.env, panel)
    assert person.pictures == 1, "the destination step shows the pawn's reach"
    assert person.clicks <= 8
    assert person.clicks == 6  # open, roll, pawn, destination, attack, end
    log = [a for _, seat, a in await simcord_env.bot.store.action_log(match.id) if seat == 0]
    assert log[-4:] == ["roll", "move B1 K13", "attack B1 R1", "end"]
    _, state = await stored_state(table)
    assert "R1" not in state.pawns and state.turn == 1


def long_flight() -> FireshipState:
    """Alice's plane K12 with 30 points: nearly the whole sea, far more than menus show."""
    state = scenario(2, pawns=[(0, "plane", "K12"), (1, "boat", "home")])
    state.loaded = [10, 10, 10]
    return state


def shown_destinations(panel: Any) -> set[str]:
    return {a.split()[-1] for a in offered(panel, {}, None) if a.startswith("move ")}  # type: ignore[arg-type]


async def at_the_planes_destinations(table: Table) -> tuple[Any, Person, ResponseMessage]:
    """Alice has rolled 30 points and picked her plane: its destinations are shown."""
    alice, _, _ = await start_two(table, long_flight())
    person = Person(table, alice, table.env.bot.table.presenters["fireship"])
    panel = await person.open()
    await person.choose(panel, "roll", {})
    first = menus(fresh(table.env, panel), "rt:step:")[0]
    part = next(value for value in _values(first) if value.startswith("B1+"))  # by its costs
    await by(alice, panel).select(panel, [part], custom_id=first.custom_id)
    return alice, person, fresh(table.env, panel)


async def test_any_square_in_reach_can_be_typed_beyond_the_menus(simcord_env) -> None:
    table = Table(simcord_env)
    _, person, panel = await at_the_planes_destinations(table)
    match, state = await stored_state(table)
    reach = {a.split()[-1] for a in ENGINE.legal_actions(state, 0) if a.startswith("move B1 ")}
    assert len(reach) > 100
    assert "⌨ Type a square" in button_labels(panel)
    hidden = sorted(reach - shown_destinations(panel))
    assert hidden, "this step's menus show only part of the reach"
    # Typed as a person might: lower case, with a space.
    square = hidden[-1]
    await person.type_square(panel, f" {square[0].lower()} {square[1:]}")
    _, state = await stored_state(table)
    assert data.cell_name(state.pawns["B1"].cell) == square  # type: ignore[arg-type]
    log = [a for _, seat, a in await simcord_env.bot.store.action_log(match.id) if seat == 0]
    assert log[-1] == f"move B1 {square}"


async def test_a_typed_square_out_of_reach_changes_nothing_and_says_why(simcord_env) -> None:
    table = Table(simcord_env)
    _, person, panel = await at_the_planes_destinations(table)
    before, _ = await stored_state(table)
    for text in ("Z9", "K12", "hello"):  # off the map, where it stands, nonsense
        result = await person.type_square(panel, text)
        reply = " ".join(m.content for m in [result.response, *result.followups] if m is not None)
        assert f"“{text}” is not one of the choices" in reply
        assert "for example" in reply
    after, _ = await stored_state(table)
    assert after.version == before.version


async def test_a_box_opened_before_a_restart_still_plays_after_it(simcord_env, database) -> None:
    table = Table(simcord_env)
    alice, _, panel = await at_the_planes_destinations(table)
    _, state = await stored_state(table)
    square = next(a for a in ENGINE.legal_actions(state, 0) if a.startswith("move B1 ")).split()[-1]
    typing = next(cid for cid in custom_ids(panel) if cid.startswith("rt:type:"))
    shown = await by(alice, panel).click(panel, custom_id=typing)
    await simcord_env.restart_bot(make_bot(database))
    await by(alice, panel).submit_modal(shown, {"choice": square})
    _, state = await stored_state(table)
    assert data.cell_name(state.pawns["B1"].cell) == square  # type: ignore[arg-type]


# ------------------------------------------------------------------ standing orders
def attack_coming() -> FireshipState:
    """Bob (red, seat 1) has rolled; his plane K12 will win an attack on alice's boat K13
    (the die is loaded). Alice holds a Non, whose order for her pawns is off by default."""
    state = scenario(2, pawns=[(0, "boat", "K13"), (1, "plane", "K12")])
    state.turn = state.first = 1
    state.loaded = [1, 1, 1]
    state = ENGINE.apply(state, 1, "roll")
    state.seats[0].hand = ["non"]
    state.loaded = [1]
    return state


async def test_an_order_set_off_turn_fires_later_and_the_board_never_shows_it(
    simcord_env,
) -> None:
    table = Table(simcord_env)
    alice, bob, match = await start_two(table, attack_coming())
    assert bob.mention in to_act_part(table.board())
    assert alice.mention not in to_act_part(table.board())
    before = public_record(table)

    panel = await open_panel(table, alice)  # off turn: her orders, nothing else to do
    assert "waiting for bob" in panel.content and "**No** card" in panel.content
    buttons = panel_buttons(panel)
    assert all(action.startswith("order ") for action in buttons)
    order = "order non attack_pawn on"
    assert label_of(buttons[order]) == "No card against a won attack on my pawns: off → on"
    await by(alice, panel).click(panel, custom_id=custom_id_of(buttons[order]))
    assert public_record(table) == before, "setting an order shows nothing in public"
    match, state = await stored_state(table)
    assert state.seats[0].orders == {"non attack_pawn": True}
    refreshed = panel_buttons(fresh(table.env, panel))
    assert label_of(refreshed["order non attack_pawn off"]).endswith("on → off")

    # The public board is the one it would be without the order, or with another card
    # (how many cards a player holds is public; which ones never is).
    compose = simcord_env.bot.table.boards.compose_board
    shown = await compose(match, state)
    for hand, orders in ((["non"], {}), (["boum"], {}), (["boum"], {"non attack_pawn": True})):
        other = ENGINE.load(ENGINE.dump(state))
        other.seats[0].hand, other.seats[0].orders = hand, orders
        board = await compose(match, other)
        assert board.png == shown.png and board.content == shown.content

    bob_panel = await open_panel(table, bob)  # bob attacks: her order plays the Non
    attack = panel_buttons(bob_panel)["attack R1 B1"]
    assert label_of(attack) == "✈ Plane R1 at K12 → blue boat at K13: 2 vs 1, blue die"
    await by(bob, bob_panel).click(bob_panel, custom_id=custom_id_of(attack))
    _, state = await stored_state(table)
    assert "B1" in state.pawns and state.seats[0].hand == []
    texts = "\n".join(m.content for m in table.channel.history())
    assert "won, but cancelled by a No card" in texts and "plays a No card against" in texts
    log = await simcord_env.bot.store.action_log(match.id)
    assert (0, order) in [(seat, action) for _, seat, action in log]


async def test_a_standing_order_never_tells_the_last_action_again(simcord_env) -> None:
    """An order changes the stored state but nothing public: a board drawn after it (the
    board lagged when it was set) tells the last action once, not twice."""
    table = Table(simcord_env)
    alice, _, _ = await start_two(table, typical_turn())
    person = Person(table, alice, simcord_env.bot.table.presenters["fireship"])
    await person.choose(await person.open(), "roll", {})
    match, state = await stored_state(table)
    boards = simcord_env.bot.table.boards
    first = await boards.compose_board(match, state)
    assert first.content.count("rolls 1 + 1 + 1") == 1
    ordered = ENGINE.apply(state, 1, ENGINE.order_actions(state, 1)[0])  # bob, off turn
    later = dataclasses.replace(
        match, state=json.dumps(ENGINE.dump(ordered)), version=match.version + 1
    )
    again = await boards.compose_board(later, ordered)
    assert again.content == first.content


# ------------------------------------------------------------------ commands and words
async def test_rules_are_shown_privately_in_both_languages(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await alice.slash(table.channel, "fireship rules")
    assert result.ephemeral
    description = result.response.embeds[0].description
    assert "Overflight" in description and "Standing orders" in description
    for language in ("en", "fr"):
        assert len(catalog(language)["fireship.rules"]) <= 4096, "an embed's description"


def test_every_action_and_event_of_whole_games_reads_in_both_languages() -> None:
    cog = FireshipPresenter()  # presentation only: no bot needed
    names = ["alice", "bob", "carol", "dan"]
    for players, seed in ((2, 1), (4, 2)):
        state = ENGINE.new_state(players, seed, {"rounds": 10})
        rng = random.Random(seed)
        while ENGINE.to_act(state):
            seat = state.turn
            view = ENGINE.view(state, seat)
            actions = ENGINE.legal_actions(state, seat) + ENGINE.order_actions(state, seat)
            for tr in (Tr("en"), Tr("fr")):
                steps = {a: cog.action_step(a, view, tr) for a in actions}
                assert len({s for s in steps.values() if s}) <= 25, "one menu of first steps"
                for action in actions:
                    label = cog.action_label(action, view, tr)
                    assert label != action and "{" not in label and len(label) <= 80, label
                assert cog.private_lines(view, names[:players], tr)
            state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng))
            public = ENGINE.view(state, None)
            for event in public["events"]:
                for tr in (Tr("en"), Tr("fr")):
                    line = cog.event_line(event, public, names, tr, public["events"])
                    if event["type"] not in ("game_over", "lose"):
                        assert line and "{" not in line, event


@pytest.mark.parametrize(
    "event",
    [
        {"type": "skipped", "seat": 0},
        {"type": "whirlpool_strike", "seat": 1, "cell": "C4", "in_reach": ["B1"]},
        {"type": "plus", "seat": 0, "side": "defence"},
        {"type": "plus", "seat": 0, "side": "attack"},
        {"type": "non", "seat": 1, "against": 0, "case": "kraken"},
        {"type": "attack", "seat": 0, "leader": "I1", "target": "R1", "attack": 2,
         "defence": 1, "die": "blue", "roll": 2, "result": "cancelled"},
        {"type": "attack", "seat": 0, "leader": "B1", "target": "I2", "attack": 1,
         "defence": 3, "die": None, "roll": None, "result": "repelled"},
        {"type": "battleship", "seat": 0, "roll": 1, "won": True},
        {"type": "badge", "seat": 0, "kind": "gulf", "got": False},
        {"type": "boum", "seat": 0, "pawn": "W3", "via": "badge"},
        {"type": "fog", "seat": 1, "via": "card"},
        {"type": "reshuffled"},
        {"type": "eliminated", "seat": 1},
        {"type": "card", "seat": 1, "kind": "bermuda", "kept": False},
        {"type": "card", "seat": 1, "kept": True},
        *({"type": "nothing", "seat": 0, "reason": reason} for reason in (
            "no_boat_in_pool", "no_plane_in_pool", "no_battleship_in_pool",
            "no_boat_to_lose", "no_plane_to_lose", "no_cards", "same_square",
        )),
        *({"type": "wheel", "seat": 0, "result": result} for result in data.WHEEL),
        *({"type": "square_skipped", "seat": 0, "pawn": "B1", "cell": "G3", "square": square}
          for square in ("wheel", "mystery", "battleship")),
        {"type": "non", "seat": 0, "against": 0, "case": "kraken_own"},
        {"type": "non", "seat": 1, "against": 0, "case": "plus"},
        *({"type": "destroyed", "seat": -1, "pawn": "W1", "kind": "boat", "cause": cause}
          for cause in ("attack", "island_lost", "kraken", "whirlpool", "boum", "lost")),
    ],
)  # fmt: skip
def test_each_kind_of_event_has_a_sentence(event: dict[str, Any]) -> None:
    cog = FireshipPresenter()
    view = ENGINE.view(ENGINE.new_state(3, 1), None)
    for tr in (Tr("en"), Tr("fr")):
        line = cog.event_line(event, view, ["alice", "bob", "carol"], tr, [event])
        assert line and "{" not in line and "}" not in line, event


def test_french_reads_as_french() -> None:
    cog = FireshipPresenter()
    state = typical_turn()
    state = ENGINE.apply(state, 0, "roll")
    view = ENGINE.view(state, 0)
    tr = Tr("fr")
    assert cog.action_label("attack B1 R1", view, tr) == (
        "✈ Avion B1 en K12 → bateau rouge en K14\u00a0: 2 contre 1, dé bleu"
    )
    assert cog.action_label("order non attack_pawn on", view, tr) == (
        "Non contre une attaque gagnée sur mes pions\u00a0: désactivé → activé"
    )
    plane = {"type": "attack", "seat": 1, "leader": "R1", "target": "B1", "attack": 1,
             "defence": 2, "die": None, "roll": None, "result": "repelled"}  # fmt: skip
    view["pawns"].append({"id": "B2", "seat": 0, "kind": "plane", "cell": "C3"})  # type: ignore[typeddict-item]
    plane["target"] = "B2"
    line = cog.event_line(plane, view, ["alice", "bob"], tr)
    assert "attaque l'avion en C3 (bleu)" in line
    island = cog.event_line({**plane, "target": "I5"}, view, ["alice", "bob"], tr)
    assert "attaque l'île 5 (blanche)" in island


def test_the_catalogs_hold_the_same_keys_and_french_command_names() -> None:
    def own(language: str) -> set[str]:
        return {k for k in catalog(language) if k.startswith(("fireship.", "render.fireship."))}

    assert own("en") == own("fr")
    french = catalog("fr")
    for text in ("Open a Fireship lobby in this channel", "rounds", "10 rounds", "fireship"):
        assert f"cmd:{text}" in french


def test_a_taken_island_is_told_with_its_owner_at_the_attack() -> None:
    cog = FireshipPresenter()
    state = scenario(2, pawns=[(0, "plane", "D5"), (0, "boat", "D6"), (1, "boat", "home")])
    state.loaded = [1, 1, 1, 1]
    state = ENGINE.apply(ENGINE.apply(state, 0, "roll"), 0, "attack B1 I1")
    public = ENGINE.view(state, None)
    lines = cog.event_lines(public["events"], public, ["alice", "bob"], Tr("en"))
    assert lines[0].startswith("⚔ 🟦 alice: ✈ Plane B1 at D5 attacks island 1 (white), 3 vs 3")
    assert "🏴 🟦 alice takes island 1 from ⬜ White!" in lines


def test_first_steps_fit_one_menu_even_with_twenty_pawns_and_every_card() -> None:
    cog = FireshipPresenter()
    cells = [c for c in sorted(data.SEA) if c[0] % 4 == 1 and c[1] % 3 == 1][:20]
    pawns = [(0, "plane" if i % 5 == 0 else "boat", data.cell_name(c)) for i, c in enumerate(cells)]
    state = scenario(2, pawns=[*pawns, (1, "boat", "home")])
    state.seats[0].hand = ["tourbillon", "boum"]
    state.seats[0].badges["boum"] = 1
    state.loaded = [10, 10, 10]
    state = ENGINE.apply(state, 0, "roll")
    view = ENGINE.view(state, 0)
    actions = ENGINE.legal_actions(state, 0)
    steps = {a: cog.action_step(a, view, Tr("en")) for a in actions}
    keys = {step for step in steps.values() if step is not None}
    assert len(keys) <= 25 and len({key for key, _ in keys}) == len(keys)
    wanted = {"tourbillon:1-10", "tourbillon:11-20", "boum:card", "boum:badge"}  # rows, not bands
    assert {key for key, _ in keys} >= wanted


async def test_a_french_server_gets_a_french_lobby_and_board(simcord_env) -> None:
    table = Table(simcord_env, locale="fr")
    alice = table.member("alice")
    await table.open(alice, "fireship", ai=1, rounds=20)
    assert "Limite de manches\u00a0: 20 manches" in table.lobby().embeds[0].fields[1].value
    await table.lobby_click(alice, "Démarrer")
    board = table.board()
    assert "🎯 Mon tour et mes cartes" in button_labels(board)
    assert "Manche 1 sur 20" in board.content and "de jouer" in board.content


def test_first_steps_are_named_in_the_readers_language() -> None:
    cog = FireshipPresenter()
    state = ENGINE.apply(typical_turn(), 0, "roll")
    view = ENGINE.view(state, 0)
    assert cog.action_step("move B1 K13", view, Tr("en")) == ("B1", "✈ Plane B1 at K12")
    assert cog.action_step("move B1 K13", view, Tr("fr")) == ("B1", "✈ Avion B1 en K12")


def reachable_from_panel(
    cog: FireshipPresenter, state: FireshipState, seat: int, actions: list[str]
) -> set[str]:
    """Every action a person can reach from their panel: buttons and menus, first steps
    then their choices, and the squares the ⌨ box accepts."""
    tr = Tr("en")
    view = ENGINE.view(state, seat)
    steps = {a: cog.action_step(a, view, tr) for a in actions}
    firsts = list(dict.fromkeys(found for a in actions if (found := steps[a]) is not None))
    singles = [a for a in actions if steps[a] is None]

    def shown(panel: discord.ui.View | None) -> set[str]:
        found: set[str] = set()
        for child in panel.children if panel else []:
            item = getattr(child, "item", child)
            if isinstance(item, discord.ui.Select):
                found |= {str(o.value) for o in item.options}
            elif isinstance(item, discord.ui.Button) and item.custom_id:
                found.add(item.custom_id)
        return found

    def components(chosen: list[str], reserve: int) -> discord.ui.View | None:
        label = lambda a: cog.action_label(a, view, tr)  # noqa: E731
        return action_components(1, 1, chosen, label=label, group=cog.action_group, reserve=reserve)

    panel = components(singles, 5 if firsts else 0)
    if firsts:
        panel = step_components(panel, 1, seat, firsts, "…")
    ids = shown(panel)
    reachable = {a for a in singles if a in ids or f"rt:act:1:1:{a}" in ids}
    for key in {k for k, _ in firsts} & ids:
        chosen = [a for a in actions if (found := steps[a]) is not None and found[0] == key]
        typed = cog.typed_step(key, "", chosen, tr)
        ids = shown(components(chosen, 2 if typed else 1))
        reachable |= {a for a in chosen if a in ids or f"rt:act:1:1:{a}" in ids}
        if typed:
            reachable |= {a for a in actions if cog.typed_action(key, a.split()[-1], actions) == a}
    return reachable


async def test_every_legal_action_of_a_long_game_is_reachable_from_the_panel() -> None:
    """Menus show at most 100 destinations a step: the rest are typed (this game has
    pawns reaching nearly 400 squares)."""
    cog = FireshipPresenter()
    state = ENGINE.new_state(2, 0, {})
    rng = random.Random(0)
    long_reaches = 0
    for _ in range(130):
        seat = min(ENGINE.to_act(state))
        actions = ENGINE.legal_actions(state, seat)
        if len(actions) > 100:
            long_reaches += 1
            missing = set(actions) - reachable_from_panel(cog, state, seat, actions)
            assert not missing, sorted(missing)[:5]
        advice = ENGINE.bot_action(state, seat, rng) if rng.random() < 0.7 else rng.choice(actions)
        state = ENGINE.apply(state, seat, advice)
    assert long_reaches > 10


# ------------------------------------------------------------------ special squares, words
def on_the_wheel() -> FireshipState:
    """Alice (blue) to roll, her boat on the wheel square G3; the wheel will give a Fog
    badge."""
    state = scenario(2, pawns=[(0, "boat", "G3"), (1, "boat", "K14")])
    state.loaded = [1, 1, 1, data.WHEEL.index("badge_fog")]
    return state


async def test_special_squares_are_used_or_skipped_from_the_panel(simcord_env) -> None:
    table = Table(simcord_env)
    alice, _, match = await start_two(table, on_the_wheel())
    person = Person(table, alice, simcord_env.bot.table.presenters["fireship"])
    panel = await person.open()
    await person.choose(panel, "roll", {})
    panel = fresh(table.env, panel)
    assert "🎡 On special squares, to use or skip once you are done: ⛵ Boat B1 at G3" in (
        panel.content
    )
    end = panel_buttons(panel)["end"]
    assert label_of(end) == "✅ Done moving and attacking: special squares"
    await by(alice, panel).click(panel, custom_id=custom_id_of(end))
    panel = fresh(table.env, panel)
    buttons = panel_buttons(panel)
    assert label_of(buttons["use B1"]) == "🎡 Spin the wheel · ⛵ Boat B1 at G3"
    assert label_of(buttons["skip B1"]) == "⏭ Skip the wheel · ⛵ Boat B1 at G3"
    assert "**Special squares**" in panel.content
    await by(alice, panel).click(panel, custom_id=custom_id_of(buttons["use B1"]))
    panel = fresh(table.env, panel)
    fog = panel_buttons(panel)["end fog badge"]  # the badge just won is played at once
    assert label_of(fog) == "✅ End · 🏅 Fog (no attack on you)"
    await by(alice, panel).click(panel, custom_id=custom_id_of(fog))
    texts = "\n".join(m.content for m in table.channel.history())
    assert "spins the wheel on G3" in texts and "gets a Fog badge" in texts
    assert "uses a Fog badge" in texts
    _, state = await stored_state(table)
    assert state.turn == 1 and state.seats[0].fog
    log = [a for _, seat, a in await simcord_env.bot.store.action_log(match.id) if seat == 0]
    assert log[-4:] == ["roll", "end", "use B1", "end fog badge"]


#: Card and badge names that belong to one language only.
FRENCH_ONLY = ("Gagne", "Boum", "Brouillard", "Tourbillon", "Vent Ascendant", "Tourne la",
               "Perds", "Deep Hole", "Bermudes", "joue Non", "Non contre")  # fmt: skip
ENGLISH_ONLY = ("Boom", "Fog", "Updraft", "Win +1", "No card", "Whirlpool", "Bermuda hole",
                "Deep Hole", "Spin the", "at home")  # fmt: skip


def test_each_language_names_cards_and_badges_in_its_own_words() -> None:
    cog = FireshipPresenter()
    names = ["alice", "bob", "carol"]
    words: dict[str, list[str]] = {"en": [], "fr": []}
    for seed in (1, 2, 3):
        state = ENGINE.new_state(3, seed)
        rng = random.Random(seed)
        while ENGINE.to_act(state) and state.round <= 12:
            seat = state.turn
            shown = ENGINE.load(ENGINE.dump(state))
            shown.seats[seat].hand = sorted(data.KEPT_CARDS)  # every card's name and help
            shown.seats[seat].badges = dict.fromkeys(data.BADGE_KINDS, 1)
            view = ENGINE.view(shown, seat)
            actions = ENGINE.legal_actions(shown, seat) + ENGINE.order_actions(shown, seat)
            for language in words:
                tr = Tr(language)
                words[language] += [cog.action_label(a, view, tr) for a in actions]
                words[language] += cog.private_lines(view, names, tr)
                words[language] += list(cog.render_labels(view, names, tr).values())
            state = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat, rng))
            public = ENGINE.view(state, None)
            for language in words:
                words[language] += cog.event_lines(public["events"], public, names, Tr(language))
    for language in words:
        words[language] += [catalog(language)["fireship.rules"]]
        for kind in data.CARD_COUNTS:
            words[language].append(Tr(language)(f"fireship.card.{kind}"))
    english, french = "\n".join(words["en"]), "\n".join(words["fr"])
    assert not [w for w in FRENCH_ONLY if w in english]
    assert not [w for w in ENGLISH_ONLY if w in french]
    for text in ("Boom", "Fog", "Updraft", "Win +1", "No card", "Whirlpool", "Spin the wheel"):
        assert text in english, text


def test_pawns_read_as_pawns_and_home_pawns_are_offered_once() -> None:
    cog = FireshipPresenter()
    home = [(2, "boat", "home"), (2, "boat", "home"), (2, "plane", "home")]
    state = scenario(3, pawns=[*home, (2, "boat", "K12"), (0, "boat", "A12"), (1, "boat", "T12")])
    state.turn = state.first = 2
    state.loaded = [1, 1, 1]
    state = ENGINE.apply(state, 2, "roll")
    view = ENGINE.view(state, 2)
    actions = ENGINE.legal_actions(state, 2)
    for language, wanted in (
        ("en", {"⛵ Boat G1 at home", "✈ Plane G3 at home", "⛵ Boat G4 at K12"}),
        ("fr", {"⛵ Bateau V1 au port", "✈ Avion V3 au port", "⛵ Bateau V4 en K12"}),
    ):
        steps = [cog.action_step(a, view, Tr(language)) for a in actions]
        assert {step[1] for step in steps if step} == wanted  # one "at home" entry per kind
    labels = cog.render_labels(view, ["alice", "bob", "carol"], Tr("fr"))
    assert [labels[f"letter_{seat}"] for seat in range(4)] == ["B", "R", "V", "J"]
    assert labels["pawn_home"] == "{kind} {pawn} au port"  # the reach picture's heading


# ------------------------------------------------------------------ pictures for a phone
def zoom_menu(message: Any) -> tuple[str, list[tuple[str, str, bool]]]:
    """A zoom's menu: its custom id, and its options (label, value, shown)."""
    for child in components_of(message):
        found = child if isinstance(child, dict) else child.to_dict()
        if str(found.get("custom_id", "")).startswith("rt:zoomto:fireship:"):
            options = [(o["label"], o["value"], bool(o.get("default"))) for o in found["options"]]
            return found["custom_id"], options
    raise AssertionError("no zoom menu")


async def test_the_zoom_shows_any_area_of_the_sea_privately_to_anyone(simcord_env) -> None:
    """🔍 Zoom on the board answers privately with a picture of the area of the sea where
    the clicker's pawns are, and a menu of the five areas (the quarters and the centre);
    picking one redraws it in place. Someone not seated may zoom too; nothing public
    changes."""
    from cogs.fireship import ZOOM_CELLS
    from renderers.fireship.layout import WINDOW

    assert ZOOM_CELLS == WINDOW, "the menu names the squares the picture shows"
    table = Table(simcord_env)
    alice, carol = table.member("alice"), table.member("carol")
    await table.open(alice, "fireship", ai=1)
    await table.lobby_click(alice, "Start")
    board = table.board()
    match = await table.match()
    assert match.seat_of(alice.id) == 0  # blue: her home is up left
    zoom = next(cid for cid in custom_ids(board) if cid.startswith("rt:zoom:fireship:"))
    assert "🔍 Zoom" in button_labels(board)
    before = public_record(table)
    result = await alice.click(board, custom_id=zoom)
    answers = [m for m in [result.response, *result.followups] if m is not None]
    shown = next(m for m in answers if m.attachments)
    assert all(m.ephemeral for m in answers)
    assert shown.attachments[0].filename == "zoom.png"
    assert "Squares A1 to N14 of the sea" in shown.content
    menu, options = zoom_menu(shown)
    assert [label for label, _, _ in options] == [
        "North-west · A1 to N14",
        "North-east · G1 to T14",
        "Centre · D4 to Q17",
        "South-west · A7 to N20",
        "South-east · G7 to T20",
    ]
    assert [label for label, _, default in options if default] == ["North-west · A1 to N14"]
    await alice.select(shown, [options[-1][1]], custom_id=menu)
    again = fresh(simcord_env, shown)
    assert "Squares G7 to T20" in again.content and again.attachments
    assert [label for label, _, default in zoom_menu(again)[1] if default] == [
        "South-east · G7 to T20"
    ]
    stranger = await carol.click(board, custom_id=zoom)
    seen = [m for m in [stranger.response, *stranger.followups] if m is not None]
    assert seen and all(m.ephemeral for m in seen) and any(m.attachments for m in seen)
    assert public_record(table) == before


def test_the_zoom_reads_in_the_readers_language() -> None:
    from cogs._zoom import zoom_menu as menu_of

    cog = FireshipPresenter()
    view = ENGINE.view(ENGINE.new_state(2, 1), None)
    for language, first in (("en", "North-west · A1 to N14"), ("fr", "Nord-ouest · A1 à N14")):
        part = cog.zoom_part(view, None, "nw", Tr(language))
        menu = menu_of("fireship", 7, part).children[0]
        assert isinstance(menu, discord.ui.DynamicItem)
        assert menu.item.options[0].label == first
    shown = Tr("fr")("fireship.zoom.shown", first="A1", last="N14")
    assert shown.startswith("🔍 Cases A1 à N14 de la mer")
