"""Bug Race through Discord, offline: the real bot, real interactions, simcord's virtual Discord.

Hands are secret: people draft and play only from their private "My hand" panel (in their
direct messages with the bot, or an ephemeral reply when those are closed), never from the
public board, which only ever shows the public view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from simcord.results import ResponseMessage

from bot.games import GAMES
from bot.games.bugrace import CARDS, LEGS, BugRaceState, canonical, leg_names
from bot.i18n import Tr, catalog
from bot.pictures.boards import render_board
from bot.pictures.worker import JOBS  # what the painter calls
from cogs._match import LABEL_LIMIT
from cogs.bugrace import BugRacePresenter
from renderers import LABEL_DEFAULTS, RENDERERS
from tests.discord_helpers import (
    Table,
    Turns,
    action_buttons,
    action_of,
    as_seen_now,
    by,
    check_table_manners,
    click_as_sent_before,
    click_forged,
    custom_id_of,
    fresh,
    label_of,
    panel_from,
    private_text,
)

ENGINE = GAMES["bugrace"]
#: Which of a panel's actions a person picks: the body first, then legs, cards, keeps, done.
PREFERENCE = ("body", "leg", "play", "keep", "done")


# ------------------------------------------------------------------ helpers
def panel_of(result: Any) -> ResponseMessage:
    """The private panel an interaction opened."""
    messages = [m for m in [*result.followups, result.response] if m is not None]
    panels = [m for m in messages if m.ephemeral]
    assert panels, "expected a private panel"
    panel: ResponseMessage = panels[0]
    return panel


def panel_actions(panel: Any) -> dict[str, Any]:
    return {action_of(button): button for button in action_buttons(panel)}


def hand_button_id(board: Any) -> str:
    for row in board.components:
        for child in row.children:
            if str(child.custom_id or "").startswith("rt:hand:"):
                return str(child.custom_id)
    raise AssertionError("no 'My hand' button on the board")


def to_act(board: Any) -> str:
    return str(board.content.split("👉", 1)[-1])


def pick(actions: list[str]) -> str:
    for verb in PREFERENCE:
        chosen = [a for a in actions if a.split()[0] == verb]
        if chosen:
            return chosen[0]
    raise AssertionError(f"nothing to pick in {actions}")


async def open_hand(table: Table, actor: Any) -> ResponseMessage:
    """The person's private panel, from the board's "My hand"."""
    board = table.board()
    panel: ResponseMessage = panel_from(
        table.env, await actor.click(board, custom_id=hand_button_id(board))
    )
    return panel


async def click_panel(actor: Any, panel: Any, action: str) -> Any:
    clicker = by(actor, panel)
    return await clicker.click(panel, custom_id=custom_id_of(panel_actions(panel)[action]))


async def state_of(table: Table) -> BugRaceState:
    match = await table.match()
    state: BugRaceState = ENGINE.load(json.loads(match.state))
    return state


async def play_panel_out(table: Table, actor: Any) -> int:
    """The person opens "My hand" and clicks on the refreshed panel until it offers nothing."""
    panel = await open_hand(table, actor)
    clicks = 0
    while actions := panel_actions(panel):
        await click_panel(actor, panel, pick(list(actions)))
        panel = fresh(table.env, panel)
        clicks += 1
    return clicks


async def play_until_over(table: Table, people: list[Any], max_steps: int = 600) -> int:
    """People play from their panels whenever the board names them; AI seats play alone."""
    clicks = 0
    for _ in range(max_steps):
        board = table.board()
        assert action_buttons(board) == [], "the public board never shows a hand's actions"
        if "🏆" in board.content:
            return clicks
        acting = [p for p in people if p.mention in to_act(board)]
        if not acting:
            await table.env.advance_time(5)
            continue
        for person in acting:
            if "🏆" not in table.board().content:
                clicks += await play_panel_out(table, person)
    raise AssertionError("the race did not end")


async def start(table: Table, creator: Any, label: str = "Start", **options: Any) -> None:
    await table.open(creator, "bugrace", **options)
    await table.lobby_click(creator, label)
    await table.env.advance_time(5)


# ------------------------------------------------------------------ a whole match
async def test_a_whole_three_player_match_played_from_the_private_panel(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=2)
    match_id = (await table.match()).id
    clicks = await play_until_over(table, [alice])
    assert clicks > 10
    board = table.board()
    assert "🏆" in board.content
    assert board.attachments[0].filename == "board.png"
    assert await simcord_env.bot.store.open_in_channel(table.channel.id) is None
    log = await simcord_env.bot.store.action_log(match_id)
    assert {seat for _, seat, _ in log} == {0, 1, 2}, "both AI seats played by themselves"
    assert any(seat == 0 and action.startswith("keep") for _, seat, action in log)
    assert any(seat == 0 and action.startswith("leg") for _, seat, action in log)


# ------------------------------------------------------------------ privacy
class PublicSpy:
    """Records what the public side of the bot is fed: every public view the engine made,
    every picture rendered (from which view), every board text composed (for which state)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, flow: Any) -> None:
        self.public_views: dict[int, tuple[Any, BugRaceState]] = {}
        self.rendered: list[tuple[Mapping[str, Any], bytes]] = []
        self.boards: list[tuple[str, BugRaceState]] = []
        view, render, compose = ENGINE.view, render_board, flow.boards.compose_board

        def spy_view(state: BugRaceState, seat: int | None) -> Any:
            made = view(state, seat)
            if seat is None:
                self.public_views[id(made)] = (made, state)
            return made

        def spy_render(game: str, public: Any, labels: Any) -> bytes:
            png = render(game, public, labels)
            self.rendered.append((public, png))
            return png

        async def spy_compose(match: Any, state: BugRaceState, *known: Any) -> Any:
            board = await compose(match, state, *known)
            self.boards.append((board.content, state))
            return board

        monkeypatch.setattr(ENGINE, "view", spy_view)
        monkeypatch.setitem(JOBS, "render_board", spy_render)
        monkeypatch.setattr(flow.boards, "compose_board", spy_compose)


def hidden_cards(state: BugRaceState) -> set[int]:
    return {card for seat in state.seats for card in (*seat.hand, *seat.offer, *seat.passing)}


def cards_named_in(public: Mapping[str, Any]) -> set[int]:
    named: set[int] = set()
    for bug in public["bugs"]:
        named |= {face["id"] for face in bug["played"]}
        if bug["current"] is not None:
            named.add(bug["current"])
    for event in public["events"]:
        cards = event.get("cards", [])
        if isinstance(cards, list):  # "reshuffled" tells how many cards, not which
            named |= set(cards)
        if "card" in event:
            named.add(event["card"])
    return named


CARD_TEXT = re.compile(r"🃏 ([^.\n]+)")


def leg_sets_named_in(text: str, tr: Tr) -> list[frozenset[str]]:
    """The leg sets of every card a text names (``🃏 left front · right middle``)."""
    by_name = {tr(f"bugrace.leg.{leg}"): leg for leg in LEGS}
    return [
        frozenset(by_name[name.strip()] for name in found.split("·"))
        for found in CARD_TEXT.findall(text)
    ]


async def test_public_messages_and_pictures_hold_no_hidden_card(simcord_env, monkeypatch) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    spy = PublicSpy(monkeypatch, simcord_env.bot.table)
    await start(table, alice, ai=2)
    await play_until_over(table, [alice])

    assert spy.rendered and spy.boards
    for public, _ in spy.rendered:
        # The painter draws a copy (it may keep the picture by a digest of the view).
        state = next((s for made, s in spy.public_views.values() if made == public), None)
        assert state is not None, "the renderer is only ever fed view(state, None)"
        assert not {"hand", "offer", "movable", "pass_to"} & set(public)
        assert not cards_named_in(public) & hidden_cards(state)
    tr = Tr("en")
    shown: set[frozenset[str]] = set()  # the leg sets of every card played so far
    for content, state in spy.boards:
        public = ENGINE.view(state, None)
        for bug in public["bugs"]:
            shown |= {frozenset(face["legs"]) for face in bug["played"]}
        # A card played as the round ends is told by its public event only.
        shown |= {frozenset(e["legs"]) for e in public["events"] if e["type"] == "card_played"}
        for legs in leg_sets_named_in(content, tr):
            assert legs in shown, f"{content!r} names a card nobody has played"
    pictures = {png for _, png in spy.rendered}
    for message in table.channel.history():
        assert action_buttons(message) == []
        texts = [message.content] + [json.dumps(e.to_dict()) for e in message.embeds]
        assert not any("rt:act" in text for text in texts)
        if message.attachments:
            assert message.content in {content for content, _ in spy.boards}
            assert await message.attachments[0].read() in pictures


async def test_boards_of_states_differing_only_in_hidden_hands_are_identical(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=2)
    match = await table.match()
    state = await state_of(table)
    held = hidden_cards(state)
    spare = iter(card for card in state.draw_pile if card not in held)
    other = replace(
        state,
        seats=tuple(
            replace(
                seat,
                hand=tuple(next(spare) for _ in seat.hand),
                offer=tuple(next(spare) for _ in seat.offer),
                passing=tuple(next(spare) for _ in seat.passing),
            )
            for seat in state.seats
        ),
    )
    assert ENGINE.view(state, 0) != ENGINE.view(other, 0), "the hands do differ"
    flow = simcord_env.bot.table
    compose = flow.boards.compose_board
    first, second = await compose(match, state), await compose(match, other)
    assert first.png == second.png
    assert first.content == second.content


# ------------------------------------------------------------------ who may click what
async def test_private_buttons_are_their_owners_and_outsiders_are_told(simcord_env) -> None:
    from simcord import SetupError

    table = Table(simcord_env)
    alice, bob, carol = table.member("alice"), table.member("bob"), table.member("carol")
    await start(table, alice, opponent=bob)
    panel = await open_hand(table, alice)
    keep = next(iter(panel_actions(panel).values()))
    version = (await table.match()).version

    with pytest.raises(SetupError):  # Discord shows nobody else someone's private panel
        await bob.click(panel, custom_id=custom_id_of(keep))
    # What a modified client could send: the button's id on a message it can click.
    bob_panel = await open_hand(table, bob)
    forged = await click_forged(simcord_env, bob.user, bob_panel, custom_id_of(keep))
    assert "another player's hand" in private_text(forged)
    forged = await click_forged(simcord_env, bob, table.board(), custom_id_of(keep))
    assert "another player's hand" in private_text(forged)
    outsider = await click_forged(simcord_env, carol, table.board(), custom_id_of(keep))
    assert "not playing in this match" in private_text(outsider)
    board = table.board()
    hand = await carol.click(board, custom_id=hand_button_id(board))
    assert "not playing in this match" in private_text(hand)
    assert (await table.match()).version == version, "nothing changed"


async def test_someone_elses_generic_button_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob)
    for person in (alice, bob):  # both draft: the play phase starts
        panel = await open_hand(table, person)
        await click_panel(person, panel, pick(list(panel_actions(panel))))
    panel = await open_hand(table, alice)
    body = panel_actions(panel)["body"]
    version = (await table.match()).version
    bob_before = (await state_of(table)).seats[1].bug
    bob_panel = await open_hand(table, bob)
    refused = await click_forged(simcord_env, bob.user, bob_panel, custom_id_of(body))
    assert "another player's hand" in private_text(refused)
    assert (await state_of(table)).seats[1].bug == bob_before, "bob's own bug moved instead"
    assert (await table.match()).version == version


# ------------------------------------------------------------------ simultaneous drafting
async def test_two_people_draft_at_once_each_from_their_own_panel(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob)
    board = table.board()
    assert alice.mention in to_act(board) and bob.mention in to_act(board)
    alice_panel, bob_panel = await open_hand(table, alice), await open_hand(table, bob)
    before = await state_of(table)
    # Two cards with the same legs are one choice, named by the first (``canonical``).
    alice_offer, bob_offer = before.seats[0].offer, before.seats[1].offer
    alice_keep, bob_keep = (
        canonical(alice_offer, min(alice_offer)),
        canonical(bob_offer, max(bob_offer)),
    )
    seen = as_seen_now(by(alice, alice_panel), alice_panel)

    await click_panel(alice, alice_panel, f"keep {alice_keep}")
    assert "kept your card" in fresh(simcord_env, alice_panel).content
    again = await click_as_sent_before(
        simcord_env,
        by(alice, alice_panel),
        seen,
        custom_id_of(panel_actions(seen)[f"keep {alice_keep}"]),
    )
    assert "out of date" in private_text(again), "a double click applies once"
    await click_panel(bob, bob_panel, f"keep {bob_keep}")  # a panel outdated by alice

    after = await state_of(table)
    assert after.phase == "play"
    alice_passed = next(card for card in before.seats[0].offer if card != alice_keep)
    bob_passed = next(card for card in before.seats[1].offer if card != bob_keep)
    assert set(after.seats[0].hand) == {alice_keep, bob_passed}
    assert set(after.seats[1].hand) == {bob_keep, alice_passed}
    log = await simcord_env.bot.store.action_log((await table.match()).id)
    assert [(seat, action) for _, seat, action in log] == [
        (0, f"keep {alice_keep}"),
        (1, f"keep {bob_keep}"),
    ]


# ------------------------------------------------------------------ options
async def test_the_expert_option_drafts_four_cards_each(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "bugrace", ai=1, expert=True)
    assert "Expert variant: yes" in json.dumps(table.lobby().embeds[0].to_dict())
    await table.lobby_click(alice, "Start")
    await simcord_env.advance_time(5)
    panel = await open_hand(table, alice)
    offer = (await state_of(table)).seat(0).offer
    assert len(offer) == 4, "draw 4, keep 1"
    # One button per different card (two cards with the same legs are one choice).
    different = {frozenset(leg_names(card)) for card in offer}
    assert len(panel_actions(panel)) == len(different)
    while (await state_of(table)).phase == "draft":
        if alice.mention in to_act(table.board()):
            panel = await open_hand(table, alice)
            await click_panel(alice, panel, pick(list(panel_actions(panel))))
        else:
            await simcord_env.advance_time(5)
    panel = await open_hand(table, alice)
    hand = (await state_of(table)).seat(0).hand
    assert len(hand) == 4
    offered = {a.split()[1] for a in panel_actions(panel) if a.startswith("play")}
    assert offered == {str(canonical(hand, card)) for card in hand}, "alike cards offered once"
    match = await table.match()
    state = ENGINE.new_state(2, match.seed, match.settings["options"])
    for _, seat, action in await simcord_env.bot.store.action_log(match.id):
        state = ENGINE.apply(state, seat, action)
        if state.phase == "play":
            break
    assert [len(seat.hand) for seat in state.seats] == [4, 4]


async def test_play_on_is_shown_in_the_lobby_and_reaches_the_engine(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "bugrace", ai=2, play_on=True)
    assert "Play on for 2nd and 3rd places: yes" in json.dumps(table.lobby().embeds[0].to_dict())
    await table.lobby_click(alice, "Start")
    assert (await state_of(table)).play_on


async def test_more_than_four_players_is_refused(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    refused = await table.open(alice, "bugrace", opponent=bob, ai=3)
    assert "full" in private_text(refused)


# ------------------------------------------------------------------ words
async def test_a_french_server_gets_french_board_text(simcord_env) -> None:
    table = Table(simcord_env, locale="fr")
    alice = table.member("alice")
    await table.open(alice, "bugrace", ai=1, expert=True)
    assert "Variante expert\\u00a0: oui" in json.dumps(table.lobby().embeds[0].to_dict())
    await table.lobby_click(alice, "Démarrer")
    await simcord_env.advance_time(5)
    board = table.board()
    assert "À jouer" in board.content
    assert "a gardé une carte" in board.content or "Manche 1" in board.content
    labels = [label_of(b) for row in board.components for b in row.children]
    assert labels == ["Ma main", "📜 Historique", "👁 Suivre"]
    match, state = await table.match(), await state_of(table)
    cog = simcord_env.bot.table.presenters["bugrace"]
    public = ENGINE.view(state, None)
    names = simcord_env.bot.table.naming.names(match, Tr("fr"), for_text=False)
    french = RENDERERS["bugrace"](public, cog.render_labels(public, names, Tr("fr")))
    english = RENDERERS["bugrace"](public, cog.render_labels(public, names, Tr("en")))
    assert await board.attachments[0].read() == french != english


async def test_a_french_player_gets_a_french_panel_and_rules(simcord_env, french_client) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await start(table, alice, ai=1)
    panel = await open_hand(table, alice)
    assert "Cartes au choix" in panel.content
    assert all(label_of(b).startswith("Garder 🃏") for b in action_buttons(panel))
    rules = await alice.slash(table.channel, "bugrace rules")
    assert "**But**" in rules.response.embeds[0].description


async def test_rules_are_shown_privately(simcord_env) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    result = await alice.slash(table.channel, "bugrace rules")
    assert result.ephemeral
    description = result.response.embeds[0].description
    assert "My hand" in description
    assert "pass 3 to the left" in description  # the expert draft's first direction
    assert "an exact tie shares the win" in description
    assert "the discard is shuffled into a new draw pile" in description


def test_the_two_player_round_sentence_reads_in_both_languages() -> None:
    cog = BugRacePresenter()
    event = {"type": "round_started", "round": 2, "direction": "swap"}
    english = cog.event_lines([event], {}, ["alice", "bob"], Tr("en"))
    french = cog.event_lines([event], {}, ["alice", "bob"], Tr("fr"))
    assert english == ["🔄 Round 2: everyone drafts; the two players swap the cards they pass."]
    assert french == [
        "🔄 Manche 2\u00a0: draft\u00a0; les deux joueurs s'échangent les cartes qu'ils passent."
    ]
    three = {"type": "round_started", "round": 2, "direction": "left"}
    assert "pass to the left" in cog.event_lines([three], {}, ["a", "b", "c"], Tr("en"))[0]


@pytest.mark.usefixtures("fixed_seed")  # some deals leave no card that stays in play
async def test_the_private_panel_tells_the_card_in_play_and_the_bug(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob)
    for person in (alice, bob):
        panel = await open_hand(table, person)
        await click_panel(person, panel, pick(list(panel_actions(panel))))
    panel = await open_hand(table, alice)
    assert "Your hand:" in panel.content and "body on rows 1–3" in panel.content
    # A card that stays in play (one none of whose legs can move would be over at once).
    before = await state_of(table)
    card = next(
        a
        for a in panel_actions(panel)
        if a.startswith("play") and ENGINE.apply(before, 0, a).seat(0).current is not None
    )
    await click_panel(alice, panel, card)
    panel = fresh(simcord_env, panel)
    assert "In play: 🃏" in panel.content
    movable = ENGINE.view(await state_of(table), 0)["movable"]
    tr = Tr("en")
    if movable:
        legs = ", ".join(tr(f"bugrace.leg.{leg}") for leg in movable)
        assert f"Legs that can still move: {legs}." in panel.content
    else:
        assert "None of its legs can move now." in panel.content
    actions = panel_actions(panel)
    assert {a for a in actions if a.startswith("leg")} == {f"leg {leg}" for leg in movable}
    labels = [label_of(b) for b in action_buttons(panel)]
    assert "Done with this card" in labels
    bug = ENGINE.view(await state_of(table), 0)["bugs"][0]
    for leg in movable:
        row = bug["legs"][leg] + 1
        assert f"Move {tr(f'bugrace.leg.{leg}')} leg to row {row}" in labels


def test_catalogs_cover_every_key_in_both_languages() -> None:
    def ours(language: str) -> set[str]:
        return {k for k in catalog(language) if k.startswith(("bugrace.", "render.bugrace."))}

    assert ours("en") == ours("fr")
    for key in LABEL_DEFAULTS["bugrace"]:
        assert f"render.bugrace.{key}" in catalog("fr")
    ours_fr = catalog("fr")  # the shared words (new, ai, ...) live in common.json
    names = [k for k in ours_fr if k.startswith("cmd:") and re.fullmatch(r"[a-z_]+", k[4:])]
    assert {"cmd:new", "cmd:ai", "cmd:expert", "cmd:play_on"} <= set(names)
    for name in names:
        assert re.fullmatch(r"[-_\w]{1,32}", ours_fr[name]), name
        assert ours_fr[name] == ours_fr[name].lower(), name


def test_card_labels_fit_a_button_in_both_languages() -> None:
    cog = BugRacePresenter()
    for language in ("en", "fr"):
        tr = Tr(language)
        for card in CARDS:
            for verb in ("keep", "play"):
                label = cog.action_label(f"{verb} {card}", {}, tr)
                assert len(label) <= LABEL_LIMIT and "🃏" in label


async def test_the_command_has_french_names(simcord_env) -> None:
    bot = simcord_env.bot
    group = bot.tree.get_command("bugrace")
    payload = await group.get_translated_payload(bot.tree, bot.tree.translator)
    new = next(option for option in payload["options"] if option["name"] == "new")
    assert new["name_localizations"]["fr"] == "nouvelle"
    names = {option["name"]: option["name_localizations"]["fr"] for option in new["options"]}
    assert names["ai"] == "ia" and names["play_on"] == "continuer"


async def test_the_draft_panel_names_who_receives_the_passed_cards(simcord_env) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await start(table, alice, opponent=bob)
    panel = await open_hand(table, alice)
    assert "the other goes to bob (you two swap)" in panel.content


# ------------------------------------------------------------------ issue 9: a whole match
#: What a sensible person clicks: the body whenever it can move, a card played with all
#: its legs in one click, else a leg, a card, the draft, and Done last.
QUICK_PREFERENCE = ("body", "play-all", "leg", "play", "keep", "done")


def quick_pick(actions: list[str]) -> str:
    for verb in QUICK_PREFERENCE:
        chosen = [a for a in actions if _kind(a) == verb]
        if chosen:
            return chosen[0]
    raise AssertionError(f"nothing to pick in {actions}")


def _kind(action: str) -> str:
    words = action.split()
    return "play-all" if words[0] == "play" and words[-1] == "all" else words[0]


@pytest.mark.usefixtures("fixed_seed")
async def test_a_whole_match_has_short_boards_quiet_pings_and_few_clicks(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people and an AI, each keeping their panel open (it follows the game by itself)
    and opening it again only when it has gone quiet. Pings, new boards and board texts
    follow issue 9's rules; a typical card is one click."""
    import random

    monkeypatch.setattr("bot.table.matches.random.SystemRandom", lambda: random.Random(20261122))
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    people = [alice, bob]
    await start(table, alice, opponent=bob, ai=1)
    turns = Turns(simcord_env, people)
    match_id = (await table.match()).id
    store = simcord_env.bot.store
    panels: dict[int, Any] = {}
    for _ in range(3000):
        board = table.board()
        if "🏆" in board.content:
            break
        acting = [p for p in people if p.mention in to_act(board)]
        clicked = False
        for person in acting:
            panel = panels.get(person.id)
            if panel is None:
                turns.click(person)
                panel = panels[person.id] = await open_hand(table, person)
            actions = panel_actions(fresh(simcord_env, panel))
            if not actions:
                continue
            version = (await store.get(match_id)).version
            turns.click(person)
            await click_panel(person, fresh(simcord_env, panel), quick_pick(list(actions)))
            if (await store.get(match_id)).version == version:
                del panels[person.id]  # a panel no longer followed: open it again
            clicked = True
            break
        if not clicked:
            await simcord_env.advance_time(5)
    else:
        raise AssertionError("the race did not end")

    manners = check_table_manners(simcord_env, people)
    global_count = turns.check_request_budget()
    for person in people:
        # Pinged when going from waiting to acting: whoever is always the last to finish a
        # phase never waits, so is pinged once.
        assert manners.pings[person.id] == manners.turns[person.id] >= 1, manners
    median, most = turns.figures()
    print(
        f"\nBug Race (2 people + AI): clicks per turn median {median}, max {most}; {manners}"
        f"; {global_count} global requests for {turns.made()} clicks"
    )
    assert median <= 2 and most <= 5


def test_a_play_all_button_says_which_legs_it_moves() -> None:
    from bot.games.bugrace import arrange_play

    cog = BugRacePresenter()
    every = min(c for c, legs in CARDS.items() if legs == frozenset({"LF", "LM", "RF"}))
    some = min(c for c, legs in CARDS.items() if legs == frozenset({"LF", "RH"}))
    state = arrange_play(ENGINE.new_state(2, 1), {0: (every, some), 1: (1,)})
    view = ENGINE.view(state, 0)
    en, fr = Tr("en"), Tr("fr")
    assert cog.action_label(f"play {every} all", view, en) == (
        "Play 🃏 left middle · left front · right front: move all 3 legs"
    )
    assert cog.action_label(f"play {some} all", view, en) == (
        "Play 🃏 left front · right hind: move left front"
    )
    assert cog.action_label(f"play {some} all", view, fr) == (
        "Jouer 🃏 avant gauche · arrière droite\u00a0: avancer avant gauche"
    )
    assert cog.action_label("body", view, en) == "⬆ Move body to rows 2–4"
    after = ENGINE.apply(state, 0, f"play {every} all")
    lines = cog.event_lines(ENGINE.view(after, None)["events"], view, ["alice", "bob"], en)
    assert lines == [
        "alice plays 🃏 left middle · left front · right front and moves each of its legs one row."
    ]
    # A card whose legs cannot all move says which did, then which did not.
    state = arrange_play(ENGINE.new_state(2, 1), {0: (some, every), 1: (1,)})
    after = ENGINE.apply(state, 0, f"play {some} all")
    told = ENGINE.view(after, None)["events"]
    assert cog.event_lines(told, view, ["alice", "bob"], en) == [
        "alice plays 🃏 left front · right hind and moves one row: left front.",
        "alice ends the card without moving: right hind.",
    ]
    assert cog.event_lines(told, view, ["alice", "bob"], fr) == [
        "alice joue 🃏 avant gauche · arrière droite et avance d'une rangée\u00a0: avant gauche.",
        "alice finit la carte sans avancer\u00a0: arrière droite.",
    ]
