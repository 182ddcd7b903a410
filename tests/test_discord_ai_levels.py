"""The AI's levels at the table: the lobby's menu adds an AI of the level the host picks,
boards and messages name it ("AI 1 (hard)", "IA 1 (difficile)"), the seat plays at its
level off the event loop, an absent person's turn is played at the normal level, a rematch
keeps each AI's level, and each level is its own fixed opponent in the ratings."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any, cast

import pytest

from bot.games import GAMES
from bot.i18n import Tr
from bot.store.contract import Match, Seat
from bot.store.ratings import AI_LEVELS, AI_RATINGS, rate, rating_entries
from bot.table import lobby as lobby_rules
from bot.table.matches import MatchService
from cogs._naming import Naming
from tests.conftest import ALICE, BOB
from tests.discord_helpers import Table, action_buttons, private_text, select_menus

AI_MENU = "rt:ailevel:"


def ai_menu(message: Any) -> Any:
    return next(m for m in select_menus(message) if m.custom_id.startswith(AI_MENU))


async def add_ai(table: Table, who: Any, level: str) -> Any:
    lobby = table.lobby()
    return await who.select(lobby, [level], custom_id=ai_menu(lobby).custom_id)


def players_field(message: Any) -> str:
    return str(message.embeds[0].fields[0].value)


# ---------------------------------------------------------------- the lobby, through simcord
async def test_the_lobby_menu_adds_an_ai_of_the_level_picked(simcord_env: Any) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "bugrace")
    menu = ai_menu(table.lobby())
    assert [option.value for option in menu.options] == ["easy", "normal", "hard"]
    await add_ai(table, alice, "hard")
    await add_ai(table, alice, "normal")
    await add_ai(table, alice, "easy")
    shown = players_field(table.lobby())
    assert "AI 1 (hard)" in shown and "AI 3 (easy)" in shown
    assert "AI 2\n" in shown + "\n" and "AI 2 (" not in shown
    match = await table.match()
    assert match.settings[AI_LEVELS] == ["hard", "normal", "easy"]
    assert [lobby_rules.ai_level(match, seat) for seat in range(4)] == [
        "normal",
        "hard",
        "normal",
        "easy",
    ]


async def test_a_french_lobby_names_the_level(simcord_env: Any) -> None:
    table = Table(simcord_env, locale="fr")
    alice = table.member("alice")
    await table.open(alice, "ruship", auto_roll=False)
    assert "niveau" in ai_menu(table.lobby()).placeholder
    await add_ai(table, alice, "hard")
    assert "IA 1 (difficile)" in players_field(table.lobby())


async def test_the_add_ai_button_and_ai_n_still_seat_normal_ais(simcord_env: Any) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "bugrace", ai=1)
    await table.lobby_click(alice, "Add AI")
    match = await table.match()
    assert AI_LEVELS not in match.settings
    shown = players_field(table.lobby())
    assert "AI 1" in shown and "AI 2" in shown and "(" not in shown


async def test_someone_not_seated_cannot_add_an_ai(simcord_env: Any) -> None:
    table = Table(simcord_env)
    alice, bob = table.member("alice"), table.member("bob")
    await table.open(alice, "bugrace")
    refused = await add_ai(table, bob, "hard")
    assert private_text(refused)
    assert len((await table.match()).seats) == 1


async def test_a_hard_ai_plays_a_started_match_under_its_name(simcord_env: Any) -> None:
    table = Table(simcord_env)
    alice = table.member("alice")
    await table.open(alice, "ruship", auto_roll=False)
    await add_ai(table, alice, "hard")
    await table.lobby_click(alice, "Start")
    assert "AI 1 (hard)" in table.board().content
    match = await table.match()
    for _ in range(20):
        log = await simcord_env.bot.store.action_log(match.id)
        if any(seat == 1 for _, seat, _ in log):
            break
        await table.click_action(alice, action_buttons(table.board())[0])
    assert any(seat == 1 for _, seat, _ in log), "the hard AI never played"
    assert "• AI 1 (hard) " in table.board().content


# ---------------------------------------------------------------- the service's AI path
async def _lobby_with_ai(service: MatchService, game: str, levels: list[str]) -> Match:
    match = await service.open_lobby(
        game=game, guild_id=1, channel_id=5, creator_id=ALICE, settings={"options": {}}, seed=3
    )
    for level in levels:
        match = await service.add_ai(match.id, ALICE, level)
    return match


async def test_an_ai_seat_plays_at_its_level_off_the_event_loop(
    service: MatchService, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = GAMES["ruship"]
    asked: list[tuple[str, bool]] = []
    real = engine.bot_action

    def spy(state: Any, seat: int, rng: random.Random, level: str = "normal") -> str:
        asked.append((level, threading.current_thread() is threading.main_thread()))
        return real(state, seat, rng, level=level)

    monkeypatch.setattr(engine, "bot_action", spy)
    match = await _lobby_with_ai(service, "ruship", ["hard"])
    await service.start(match.id, ALICE)
    for _ in range(60):
        match = await service.get(match.id)
        state = service.load_state(match)
        acting = engine.to_act(state)
        if 1 in acting:
            await service.act_as_ai(match.id, 1)
        elif 0 in acting:
            await service.act_as_ai(match.id, 0)  # an absent person's turn: normal
        else:
            break
    assert ("hard", False) in asked and ("normal", False) in asked
    assert all(not on_main for _, on_main in asked), "an AI move computed on the event loop"


async def test_an_unknown_level_is_refused(service: MatchService) -> None:
    match = await _lobby_with_ai(service, "bugrace", [])
    with pytest.raises(ValueError, match="unknown AI level"):
        await service.add_ai(match.id, ALICE, "impossible")


async def test_a_person_joining_or_leaving_keeps_each_ai_at_its_level(
    service: MatchService,
) -> None:
    match = await _lobby_with_ai(service, "bugrace", ["easy", "hard"])
    match = await service.join(match.id, BOB, "bob")
    assert [lobby_rules.ai_level(match, s) for s in range(4)] == [
        "normal",
        "easy",
        "hard",
        "normal",
    ]
    match = await service.leave(match.id, BOB)
    assert [lobby_rules.ai_level(match, s) for s in range(3)] == ["normal", "easy", "hard"]


def test_a_rematch_keeps_each_ai_at_its_level() -> None:
    seats = (Seat(0, None, is_ai=True), Seat(1, ALICE), Seat(2, None, is_ai=True))
    old = cast(Any, _match(seats, {AI_LEVELS: ["hard", "easy"]}))
    turned = lobby_rules.rematch_seats(old)
    assert [s.user_id for s in turned] == [ALICE, None, None]
    # The old first seat (hard) sits last now, after the easy one.
    assert lobby_rules.rematch_levels(old) == ["easy", "hard"]


def _match(seats: tuple[Seat, ...], settings: dict[str, Any]) -> Match:
    return Match(
        id=1,
        guild_id=1,
        channel_id=5,
        game="bugrace",
        status="finished",
        creator_id=ALICE,
        seed=1,
        settings=settings,
        state=None,
        result=None,
        version=1,
        board_message_id=None,
        turn_started_at=None,
        last_reminder_at=None,
        frozen_reason=None,
        created_at=0.0,
        seats=seats,
    )


# ---------------------------------------------------------------- names, both languages
@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en-US", ["AI 1 (easy)", "AI 2", "AI 3 (hard)", "AI (for bob)"]),
        ("fr", ["IA 1 (facile)", "IA 2", "IA 3 (difficile)", "IA (pour bob)"]),
    ],
)
def test_boards_name_the_level_of_every_ai_but_the_normal_one(
    locale: str, expected: list[str]
) -> None:
    seats = (
        Seat(0, None, is_ai=True),
        Seat(1, None, is_ai=True),
        Seat(2, None, is_ai=True),
        Seat(3, BOB, is_ai=True),  # a person's seat the AI took over: normal, named for them
    )
    match = _match(seats, {AI_LEVELS: ["easy", "normal", "hard"], "names": {str(BOB): "bob"}})
    naming = Naming(cast(Any, None))
    assert naming.names(match, Tr(locale), for_text=False) == expected
    assert lobby_rules.ai_level(match, 3) == "normal"


# ---------------------------------------------------------------- ratings, per level
def _entries(level: str, alice_won: bool) -> list[tuple[int | None, int]]:
    seats = [
        replace(Seat(0, ALICE), place=1 if alice_won else 2),
        replace(Seat(1, None, is_ai=True), place=2 if alice_won else 1),
    ]
    return rating_entries(seats, {"winners": [0 if alice_won else 1]}, {AI_LEVELS: [level]})


def test_each_level_is_its_own_fixed_opponent_in_the_ratings() -> None:
    gains = {level: rate(_entries(level, True), {})[ALICE].ordinal for level in AI_RATINGS}
    losses = {level: rate(_entries(level, False), {})[ALICE].ordinal for level in AI_RATINGS}
    assert gains["easy"] < gains["normal"] < gains["hard"], "beating hard is worth more"
    assert losses["easy"] < losses["normal"] < losses["hard"], "losing to easy costs more"
    keys = {key for level in AI_RATINGS for key, _ in _entries(level, True) if key != ALICE}
    assert len(keys) == 3, "each level takes part under its own key"
    for level in AI_RATINGS:
        assert set(rate(_entries(level, True), {})) == {ALICE}, "no AI is ever rated"


def test_without_levels_the_ai_is_the_normal_opponent_as_before() -> None:
    seats = [replace(Seat(0, ALICE), place=1), replace(Seat(1, None, is_ai=True), place=2)]
    assert rating_entries(seats, {"winners": [0]}) == [(ALICE, 1), (None, 2)]
    assert rate(rating_entries(seats), {}) == rate(_entries("normal", True), {})
