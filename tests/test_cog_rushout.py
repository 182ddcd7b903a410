"""Rush Out! in Discord, offline: every action and event of whole AI matches reads well in
both languages, the rules fit Discord's limits, and a few labels read exactly so.

The presentation is used without a bot (``RushOutPresenter()``): its hooks only read views.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest

from bot.games.base import SYSTEM_SEAT
from bot.games.rushout import GAME, RushOutPublicView, RushOutState, arranged, data
from bot.games.rushout.views import MeView, RushOutSeatView
from bot.i18n import Tr, catalog
from cogs._match import LABEL_LIMIT
from cogs._presenter import PanelChoice, PanelLayout
from cogs.rushout import (
    EMBED_DESCRIPTION_LIMIT,
    EMBED_FIELD_LIMIT,
    EVENT_LINES,
    LIVE_UNTOLD,
    UNTOLD,
    RushOutPresenter,
    engine_options,
    rules_embed,
)
from cogs.rushout.panel import BUDGET, PICKED_BUDGET, market_layout, play_layout

NAMES = ["alice", "bob", "carol", "dan", "erin"]
LANGUAGES = (Tr("en"), Tr("fr"))
#: Every event type the engine's docstring lists.
EVENT_TYPES = (
    "threw", "placed", "recalled", "completed", "revealed", "spell", "invoked", "dragon",
    "pushed", "aimed", "cursed", "wounded", "souls", "healed", "drained", "xp", "life", "gold",
    "discarded_top", "checked", "flipped", "swapped", "faculty", "bought", "done", "spoke",
    "round_won", "market", "round_started", "pulse_ended", "game_over",
)  # fmt: skip
#: Events a board never tells (or tells only in pulse play), with the reason in cogs.rushout.
SILENT = UNTOLD | LIVE_UNTOLD


def cog() -> RushOutPresenter:
    return RushOutPresenter()  # presentation only: no bot needed


def labels_read_well(presenter: RushOutPresenter, state: RushOutState, seat: int) -> None:
    view = GAME.view(state, seat)
    for tr in LANGUAGES:
        for action in GAME.legal_actions(state, seat):
            label = presenter.action_label(action, view, tr)
            assert label != action and "{" not in label, (action, label)
            assert len(label) <= LABEL_LIMIT, label
        lines = presenter.private_lines(view, NAMES, tr)
        assert lines and all("{" not in line for line in lines), lines


def events_read_well(presenter: RushOutPresenter, state: RushOutState, told: set[str]) -> None:
    public = GAME.view(state, None)
    for event in public["events"]:
        kind = event["type"]
        assert kind in EVENT_TYPES, kind
        for tr in LANGUAGES:
            line = presenter.event_line(event, public, NAMES, tr)
            assert "{" not in line and "rushout." not in line, (event, line)
            if line:
                told.add(kind)
            elif kind not in SILENT:
                assert _deliberately_silent(event, public), event


def _deliberately_silent(event: dict[str, Any], view: RushOutPublicView) -> bool:
    """Completions told by the event that follows, and a training's round (the result)."""
    if event["type"] == "completed":
        return True
    return event["type"] == "round_won" and view["trophies"] is None


def play_whole_match(players: int, seed: int, options: dict[str, Any], told: set[str]) -> None:
    presenter = cog()
    state = GAME.new_state(players, seed, options)
    rng = random.Random(seed)
    events_read_well(presenter, state, told)
    for _ in range(5000):
        if GAME.outcome(state) is not None:
            return
        acting = sorted(GAME.to_act(state))
        for seat in acting:
            labels_read_well(presenter, state, seat)
        if not acting:
            state = GAME.apply(state, SYSTEM_SEAT, "pulse end")
        else:
            seat = rng.choice(acting)
            state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
        events_read_well(presenter, state, told)
    pytest.fail("the match did not end")


MATCHES: list[tuple[int, int, dict[str, Any]]] = [
    (3, 1, {"mode": "training1"}),
    (4, 2, {"mode": "training2", "play": "pulse", "throws_per_pulse": 2}),
    (5, 3, {"mode": "scenario1", "sorcerer": "random"}),
    (4, 4, {"mode": "scenario3", "play": "pulse"}),
    (4, 5, {"mode": "scenario5"}),
    (5, 6, {"mode": "scenario6", "play": "pulse", "handicap": True}),
]


def test_every_action_and_event_of_whole_games_reads_in_both_languages() -> None:
    told: set[str] = set()
    for players, seed, options in MATCHES:
        play_whole_match(players, seed, options, told)
    assert {"completed", "spell", "dragon", "round_won", "market", "pulse_ended"} <= told


@pytest.mark.parametrize(
    "event",
    [
        {"type": "life", "lives": 3},
        {"type": "discarded_top", "camp": "heroes", "why": "gold"},
        {"type": "discarded_top", "camp": "sorcerer", "why": "gold"},
        {"type": "discarded_top", "camp": "sorcerer", "why": "silence"},
        {"type": "spoke", "seat": 1},
        {"type": "flipped", "seat": 0, "from": "pl", "to": "ea"},
        {"type": "swapped", "target": "s1", "card": "curse1"},
        {"type": "pushed", "target": "t0", "dice": []},
        {"type": "pushed", "target": "t0", "dice": [{"seat": 1, "face": "S", "slot": 0}]},
        {"type": "wounded", "seats": []},
        {"type": "drained", "seats": [1, 2]},
        {"type": "faculty", "seat": 3, "faculty": "bard", "args": ["1", "S"]},
        {"type": "faculty", "seat": 1, "faculty": "warrior", "args": []},
        {"type": "faculty", "seat": 4, "faculty": "cleric", "args": ["2"]},
        {"type": "faculty", "seat": 2, "faculty": "tracker", "args": ["c0"]},
        {"type": "bought", "seat": 0, "item": "x7"},
        {"type": "bought", "seat": 1, "item": "e10"},
        {"type": "completed", "target": "t1", "card": "conf1", "camp": "sorcerer"},
        {"type": "completed", "target": "c0", "card": "curse3", "camp": "heroes"},
        {"type": "completed", "target": "x0", "card": "x8", "camp": "sorcerer"},
        {"type": "round_won", "camp": "heroes", "reason": "lives", "round": 2},
        {"type": "placed", "seat": 1, "target": "t0", "slots": [0], "faces": ["S"]},
        {"type": "recalled", "seat": 1, "target": "t0", "dice": 2},
        {"type": "done", "seat": 2},
        {"type": "checked", "seat": 2},
        {"type": "cursed", "card": "curse1", "curse": "silence"},
        {"type": "cursed", "card": "curse3", "curse": "one_hand"},
        {"type": "cursed", "card": "curse5", "curse": "high_five"},
    ],
)  # fmt: skip
def test_each_kind_of_event_has_a_sentence(event: dict[str, Any]) -> None:
    view = GAME.view(GAME.new_state(5, 1, {"mode": "scenario6", "play": "pulse"}), None)
    for tr in LANGUAGES:
        line = cog().event_line(event, view, NAMES, tr)
        assert line and "{" not in line and "rushout." not in line, (event, line)


def test_live_boards_do_not_tell_every_throw_and_placement() -> None:
    state = GAME.new_state(3, 1)
    view = GAME.view(state, None)
    for event in (
        {"type": "threw", "seat": 0, "faces": ["pl"]},
        {"type": "placed", "seat": 1, "target": "t0", "slots": [0], "faces": ["S"]},
        {"type": "recalled", "seat": 1, "target": "t0", "dice": 1},
        {"type": "game_over", "winners": [0], "reason": "last_spell"},
    ):
        assert cog().event_line(event, view, NAMES, Tr("en")) == ""


def test_every_event_type_is_told_or_deliberately_silent() -> None:
    assert set(EVENT_TYPES) <= set(EVENT_LINES) | SILENT


def test_both_languages_hold_the_same_rushout_keys() -> None:
    english = {key for key in catalog("en") if key.startswith(("rushout.", "render.rushout."))}
    french = {key for key in catalog("fr") if key.startswith(("rushout.", "render.rushout."))}
    assert english == french


@pytest.mark.parametrize("mode", [None, *data.MODES])
def test_rules_fit_discord_limits_in_both_languages(mode: str | None) -> None:
    for tr in LANGUAGES:
        embed = rules_embed(mode, tr)
        assert embed.description and len(embed.description) <= EMBED_DESCRIPTION_LIMIT
        assert len(embed) <= 6000 and len(embed.fields) <= 25
        for field in embed.fields:
            assert field.name and len(field.name) <= 256
            assert field.value and len(field.value) <= EMBED_FIELD_LIMIT
        assert "{" not in str(embed.description) and "rushout." not in str(embed.description)


def test_a_modes_rules_tell_each_of_its_spells_and_features() -> None:
    embed = rules_embed("scenario6", Tr("en"))
    titles = " ".join(str(field.name) for field in embed.fields)
    for word in ("Invocation", "Regression", "dragon", "Souls", "Lives", "Experience"):
        assert word in titles
    assert "Confusion" not in titles
    assert "two trophies" in str(embed.description)


def test_every_outcome_reason_reads_in_both_languages() -> None:
    reasons = ["last_spell", "last_trial", "dragon", "souls", "lives", "deck_emptied"]
    for reason in [*reasons, *(f"trophies_{r}" for r in reasons)]:
        for tr in LANGUAGES:
            assert tr.has(f"rushout.reason.{reason}")
            assert "reason." not in cog().outcome_reason(reason, tr)


# ------------------------------------------------------------------ exact labels
def trial_state() -> RushOutState:
    """Training 1, 3 players: seat 1 (Warrior) holds 🗡🗡👣, Trial 2 is SS|pl."""
    state = GAME.new_state(3, 7)
    return arranged(
        state, trials=["std02", "std01", "std06"], fresh={0: ["pl"], 1: ["S", "S", "P"]}
    )


def test_a_placement_reads_as_dice_target_and_progress() -> None:
    state = trial_state()
    view = GAME.view(state, 1)
    actions = [p["action"] for p in view["me"]["placements"] if p["target"] == "t1"]
    assert "place std01 0 1" in actions  # the card by its id, wherever it lies
    assert cog().action_label("place std01 0 1", view, Tr("en")) == "🗡🗡 → Trial 2 · ✅"
    assert cog().action_label("place std01 0", view, Tr("en")) == "🗡 → Trial 2 · 1/2"
    assert cog().action_label("place std06 1 2", view, Tr("fr")) == "🗡👣 → Épreuve 3 · 2/3"


def test_the_throw_shows_the_cooldown_left_in_live_play() -> None:
    state = GAME.apply(GAME.new_state(3, 7), 0, "throw")
    view = GAME.view(state, 0)
    view["clock"]["now"] = view["clock"]["ready_at"][0] - 1.23
    assert cog().action_label("throw", view, Tr("en")) == "🎲 Throw (ready in 1.2 s)"
    assert cog().action_label("throw", view, Tr("fr")) == "🎲 Lancer (prêt dans 1,2 s)"
    view["clock"]["now"] = view["clock"]["ready_at"][0]
    assert cog().action_label("throw", view, Tr("en")) == "🎲 Throw"


def test_the_throw_shows_the_throws_left_in_pulse_play() -> None:
    state = GAME.new_state(3, 7, {"play": "pulse", "throws_per_pulse": 3})
    state = GAME.apply(state, 0, "throw")
    view = GAME.view(state, 0)
    assert cog().action_label("throw", view, Tr("en")) == "🎲 Throw (2 left)"
    assert cog().action_label("throw", view, Tr("fr")) == "🎲 Lancer (encore 2)"


def test_the_controller_tells_role_dice_and_curses() -> None:
    state = arranged(trial_state(), hexes=[("curse1", None), ("dissipation3", 1)])
    lines = cog().private_lines(GAME.view(state, 1), NAMES, Tr("en"))
    text = "\n".join(lines)
    assert "**Warrior** (green dice)" in text and "🗡 Sword" in text
    assert "Your throw: 🗡 Sword · 🗡 Sword · 👣 Step" in text
    assert "don't write in the channel" in text
    assert "Facing you: No Fire" in text
    sorcerer = "\n".join(cog().private_lines(GAME.view(state, 0), NAMES, Tr("en")))
    assert "**sorcerer**" in sorcerer and "Silence binds the heroes" in sorcerer


def test_lobby_options_read_as_words() -> None:
    presenter, tr = cog(), Tr("fr")
    options = engine_options("scenario2", "random", "pulse", 2.5, 4 * 3600, 2, False)
    assert options == {
        "mode": "scenario2",
        "sorcerer": "random",
        "play": "pulse",
        "handicap": False,
        "pulse_seconds": 4 * 3600,
        "throws_per_pulse": 2,
    }
    assert presenter.option_text("mode", "scenario2", tr) == "Scénario 2"
    assert presenter.option_text("pulse_seconds", 4 * 3600, tr) == "4 h"
    assert presenter.option_text("cooldown", 1.5, tr) == "1,5 s"
    assert presenter.option_text("sorcerer", "random", tr) == "tiré au sort"
    assert engine_options("training1", "1", "live", 4.0, 60, 3, True)["cooldown"] == 4.0
    GAME.new_state(3, 1, options)  # the engine takes them


async def test_the_slash_commands_are_synced_with_french_for_every_option(simcord_env) -> None:
    from bot.app import CommandTranslator

    bot = simcord_env.bot
    command = next(c for c in bot.tree.get_commands() if c.name == "rushout")
    payload = await command.get_translated_payload(bot.tree, CommandTranslator())
    subcommands = {option["name"]: option for option in payload["options"]}
    assert set(subcommands) == {"new", "rules"}, "the shared rules command is replaced"
    for sub in subcommands.values():
        for option in sub["options"]:
            assert "fr" in option["name_localizations"], option["name"]
            assert "fr" in option["description_localizations"], option["name"]
    new = {option["name"]: option for option in subcommands["new"]["options"]}
    assert [c["value"] for c in new["cooldown"]["choices"]] == [1.5, 2.5, 4.0, 6.0]
    assert new["mode"]["choices"][0]["name_localizations"]["fr"] == "Entraînement 1"
    assert new["ai"]["max_value"] == 4 and new["throws"]["max_value"] == 6
    rules_mode = subcommands["rules"]["options"][0]
    assert rules_mode["name"] == "mode" and len(rules_mode["choices"]) == len(data.MODES)


# ------------------------------------------------------------------ the controller's buttons
def reachable(presenter: RushOutPresenter, actions: list[str], view: Any) -> tuple[set[str], int]:
    """The actions a controller reaches through its steps (dice picked, "More…", a card of a
    spell's choice), and the most buttons it shows at once; each step within Discord's
    limits (5 rows of 5)."""
    found: set[str] = set()
    most = 0
    seen: set[str | None] = set()
    todo: list[str | None] = [None]
    while todo:
        step = todo.pop()
        if step in seen:
            continue
        seen.add(step)
        layout = presenter.panel_layout(actions, view, step, Tr("en"))
        assert layout is not None
        assert len(layout.rows) <= 5 and all(len(row) <= 5 for row in layout.rows)
        most = max(most, sum(len(row) for row in layout.rows))
        for row in layout.rows:
            for choice in row:
                if choice.action is not None:
                    assert choice.action in actions and not choice.disabled
                    found.add(choice.action)
                elif not choice.disabled:
                    todo.append(choice.step or None)
    return found, most


@pytest.mark.parametrize(
    "players, seed, options",
    [
        (5, 2, {"mode": "scenario6"}),
        (4, 3, {"mode": "scenario3", "play": "pulse", "throws_per_pulse": 2}),
    ],
)
def test_the_controller_reaches_every_useful_action_with_few_buttons_at_once(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    presenter, rng = cog(), random.Random(seed)
    state = GAME.new_state(players, seed, options)
    sizes: list[int] = []
    for _ in range(1500):
        if GAME.outcome(state) is not None:
            break
        acting = sorted(GAME.to_act(state))
        for seat in acting:
            view = GAME.view(state, seat)
            actions = GAME.legal_actions(state, seat)
            found, most = reachable(presenter, actions, view)
            missing = set(actions) - set(view["me"]["idle"]) - found
            found_labels = {presenter.action_label(a, view, Tr("en")) for a in found}
            same_as_found = {
                a for a in missing if presenter.action_label(a, view, Tr("en")) in found_labels
            }
            assert missing <= same_as_found, (seat, actions)  # an identical item is offered
            sizes.append(most)
        if not acting:
            state = GAME.apply(state, SYSTEM_SEAT, "pulse end")
            continue
        seat = rng.choice(acting)
        state = GAME.apply(state, seat, GAME.bot_action(state, seat, rng))
    sizes.sort()
    assert sizes[len(sizes) * 9 // 10] <= BUDGET, "nine panels in ten show 8 buttons or fewer"
    assert max(sizes) <= PICKED_BUDGET, "picked dice may show one card more, never more"


def sorcerer_throwing(faces: list[str]) -> tuple[RushOutSeatView, list[str], Tr]:
    """The sorcerer's view and actions, three spells up and ``faces`` just thrown."""
    state = arranged(
        GAME.new_state(3, 7),
        trials=["std04", "std05", "std02"],
        spells=["dracology7", "confusion5", "confusion2"],
        fresh={0: faces},
    )
    return GAME.view(state, 0), GAME.legal_actions(state, 0), Tr("en")


def test_the_sorcerer_picks_dice_then_a_spell_card() -> None:
    view, actions, tr = sorcerer_throwing(["pl", "ea", "J", "fe", "fe"])
    first = cog().panel_layout(actions, view, None, tr)
    assert first is not None
    dice, *_ = first.rows
    assert [c.label for c in dice] == ["🌱", "💧", "✨", "☄", "☄"]
    assert len([c for row in first.rows for c in row if c.action]) <= 5
    picked = cog().panel_layout(actions, view, dice[0].step, tr)  # the Plant
    assert picked is not None
    assert picked.rows[0][0].label == "🌱 ✓"
    offered = [c.action for row in picked.rows for c in row if c.action]
    assert offered == ["place dracology7 0", "place confusion5 0", "throw"]
    assert picked.lines == ["👆 Picked: 🌱. Now a card."]
    stale = cog().panel_layout(actions, view, "d:0ea", tr)  # a die it no longer shows
    assert stale == first


def buttons(layout: PanelLayout | None) -> list[PanelChoice]:
    assert layout is not None
    return [choice for row in layout.rows for choice in row]


def test_a_joker_fitting_a_card_two_ways_shows_the_card_once_then_its_ways() -> None:
    view, actions, tr = sorcerer_throwing(["J", "ec", "ec", "ec", "ec"])
    joker = [c for c in buttons(cog().panel_layout(actions, view, None, tr)) if c.label == "✨"]
    picked = buttons(cog().panel_layout(actions, view, joker[0].step, tr))
    on_cards = [c for c in picked if c.step and "@" in c.step]
    ways_of: dict[str, list[str]] = {}
    for placement in view["me"]["placements"]:
        if placement["faces"] == ["J"]:
            ways_of.setdefault(placement["target"], []).append(placement["action"])
    several = [target for target, ways in ways_of.items() if len(ways) > 1]
    assert several, "the arranged Joker fits some spell in two ways"
    assert [c.step.rsplit("@", 1)[1] for c in on_cards if c.step] == several
    single = [c.action for c in picked if c.action and c.action != "throw"]
    assert single == [ways[0] for ways in ways_of.values() if len(ways) == 1]
    assert all(c.label.endswith("ways…") for c in on_cards)
    ways = cog().panel_layout(actions, view, on_cards[0].step, tr)
    assert ways is not None
    assert [c.action for c in buttons(ways) if c.action] == ways_of[several[0]]
    assert buttons(ways)[-1].label == "◀ Back" and buttons(ways)[-1].step == joker[0].step
    assert ways.lines[0].startswith("👆 Which way onto ")


def test_cards_past_the_budget_wait_behind_more_cards() -> None:
    view, tr = GAME.view(GAME.new_state(3, 7), 1), Tr("en")
    cards = [f"std0{number}" for number in range(1, 9)]
    placements = [
        {"action": f"place {card} 0", "target": card, "card": card, "slots": [0]}
        | {"symbols": ["S"], "faces": ["S"]}
        for card in cards
    ]
    me = cast(MeView, {"fresh": ["S", "P", "K"], "placements": placements, "idle": []})
    me["choices"] = []
    actions = ["throw", *(f"place {card} 0" for card in cards)]
    picked = buttons(play_layout(view, me, actions, "d:0S", str, tr))
    assert len(picked) == PICKED_BUDGET
    assert [c.label for c in picked][-2:] == ["➕ More cards…", "throw"]
    rest = buttons(play_layout(view, me, actions, picked[-2].step, str, tr))
    assert rest[-1].label == "◀ Back" and rest[-1].step == "d:0S"
    offered = [c.action for c in picked + rest if c.action and c.action != "throw"]
    assert offered == actions[1:], "every card once, over the two pages"


def test_more_comes_a_page_at_a_time_and_reaches_everything() -> None:
    presenter, tr = cog(), Tr("en")
    many = [f"bard {seat} {face}" for seat in (1, 2, 3) for face in ("S", "P", "K")]
    view = GAME.view(GAME.new_state(4, 3, {"mode": "scenario6"}), 3)
    layout = presenter.panel_layout(["throw", "recall", *many], view, None, tr)
    more = [c for c in buttons(layout) if c.step == "more"]
    assert more and len(buttons(layout)) <= BUDGET
    seen: list[str] = []
    step: str | None = "more"
    while step:
        page = buttons(presenter.panel_layout(["throw", "recall", *many], view, step, tr))
        assert len(page) <= BUDGET
        seen += [c.action for c in page if c.action]
        step = next((c.step for c in page if c.step and c.step.startswith("more:")), None)
    assert seen == ["recall", *many]


def test_identical_market_items_are_offered_once() -> None:
    presenter, tr = cog(), Tr("en")
    state = arranged(GAME.new_state(3, 5, {"mode": "scenario2"}), fresh={})
    view = GAME.view(state, 1)
    actions = ["buy e1", "buy e2", "buy e3", "done"]
    layout = market_layout(actions, lambda action: presenter.action_label(action, view, tr))
    labels = [c.label for c in buttons(layout)]
    assert len(labels) == len(set(labels)) == 3


@pytest.mark.parametrize(
    "options, line",
    [
        ({}, "🔄 Round 1: the sorcerer throws first!"),
        ({"play": "pulse"}, "🔄 Round 1: everyone may throw."),
    ],
)
def test_a_round_opens_with_who_may_throw(options: dict[str, Any], line: str) -> None:
    view = GAME.view(GAME.new_state(3, 1, options), None)
    event = {"type": "round_started", "round": 1}
    assert cog().event_lines([event], view, NAMES, Tr("en")) == [line]
