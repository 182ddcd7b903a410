"""Rush Out!'s balance: the live-pacing simulator, the baseline players, the
``python -m bot balance`` command, and the designed values the balance rests on
(docs/rules/rushout.md, "Designed values and balance")."""

from __future__ import annotations

import itertools
import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from bot.games.rushout import GAME, RushOutState
from bot.games.rushout.data import (
    CARDS,
    CONFRONTATION,
    DRAGON_TILE,
    GOLD,
    HERO_FACES,
    MODES,
    SORCERER_FACES,
    SPELL_KINDS,
    STANDARD,
    Card,
    cards_of,
)
from bot.tools.balance import BASELINES, cpu_line, main, measure
from bot.tools.figures import wilson
from bot.tools.rushout_live import HAND_TIME, Policy, play_live
from bot.tools.rushout_players import GreedyPlayer, MonteCarloPlayer, quick_policy

SORCERER = 0


# --- the command -----------------------------------------------------------------------------
def test_the_balance_command_prints_every_cell_and_both_camps_alone(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["rushout", "--matches", "2", "--modes", "training1,scenario1", "--players", "3,5"]
    assert main([*argv, "--unopposed", "1"]) == 0
    out = capsys.readouterr().out
    for title in ("Training 1", "Scenario 1"):
        row = next(line for line in out.splitlines() if line.startswith(title))
        assert len(re.findall(r"\d+% \[\s*\d+%-\s*\d+%\]\s+\d+s", row)) == 2, row
    assert "3 players: heroes" in out and "5 players: heroes" in out
    assert "(2 matches a cell)" in out


def test_the_balance_command_refuses_what_it_cannot_measure(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (["--modes", "training9"], ["--players", "2,3"], ["--players", "x"]):
        with pytest.raises(SystemExit):
            main(["rushout", "--matches", "1", *argv])
    assert "training9" in capsys.readouterr().err


def test_every_match_of_a_cell_is_played_to_its_end() -> None:
    (cell,) = measure(["scenario2"], [4], 2, seed=5)
    assert cell.matches == 2 and 0 <= cell.sorcerer_wins <= 2
    assert cell.rounds >= 2 * 2  # a scenario is won on two trophies: two rounds at least


def test_the_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


# --- live pacing -------------------------------------------------------------------------------
def _timeline(
    players: int, seed: int, mode: str = "training1"
) -> list[tuple[float, dict[str, Any]]]:
    found: list[tuple[float, dict[str, Any]]] = []
    play_live(players, seed, mode, observer=lambda s: found.extend((s.clock, e) for e in s.events))
    return found


def test_live_pacing_no_seat_throws_sooner_than_its_cooldown_and_all_play_at_once() -> None:
    timeline = _timeline(5, 2)
    throws: dict[int, list[float]] = defaultdict(list)
    for at, event in timeline:
        if event["type"] == "threw":
            throws[event["seat"]].append(at)
    assert set(throws) == set(range(5))  # the sorcerer and the four heroes all throw
    for times in throws.values():
        assert all(b - a >= 2.5 - 1e-9 for a, b in itertools.pairwise(times))
    moments = defaultdict(set)
    for seat, times in throws.items():
        for at in times:
            moments[at].add(seat)
    assert any(len(seats) >= 3 for seats in moments.values()), "heroes throw in parallel"


def test_live_pacing_a_placement_takes_the_hand_time_after_the_throw() -> None:
    last_throw: dict[int, float] = {}
    for at, event in _timeline(3, 4):
        if event["type"] == "threw":
            last_throw[event["seat"]] = at
        elif event["type"] == "placed":
            assert at - last_throw[event["seat"]] >= HAND_TIME - 1e-9


def test_a_camp_alone_empties_its_deck() -> None:
    heroes_alone = []
    _, result = play_live(4, 3, active={1, 2, 3}, observer=lambda s: heroes_alone.extend(s.events))
    assert result is not None and result.winner == "heroes"
    assert [e["seat"] for e in heroes_alone if e["type"] == "threw"].count(SORCERER) == 1
    _, alone = play_live(4, 3, active={SORCERER})
    assert alone is not None and alone.winner == "sorcerer" and alone.reason == "last_spell"


# --- the baseline players ----------------------------------------------------------------------
def _legal(policy: Policy) -> Policy:
    def checked(state: RushOutState, seat: int, rng: random.Random) -> str:
        action = policy(state, seat, rng)
        assert action in GAME.legal_actions(state, seat), action
        return action

    return checked


def test_the_baseline_players_play_legal_actions_to_the_end() -> None:
    greedy = _legal(GreedyPlayer())
    searching = _legal(MonteCarloPlayer(candidates=2, rollouts=1, horizon=3.0))
    for policies in ({0: greedy, 1: searching, 2: searching}, {0: searching, 1: greedy}):
        _, result = play_live(3, 1, "training2", policies)
        assert result is not None
    _, result = play_live(4, 2, "scenario2", dict.fromkeys(range(4), _legal(quick_policy)))
    assert result is not None and result.rounds >= 2


# --- the designed values -----------------------------------------------------------------------
def test_the_dice_faces() -> None:
    assert HERO_FACES == ("F", "S", "P", "K", "H", "J")
    assert SORCERER_FACES == ("pl", "ea", "ai", "ec", "fe", "J")


def test_the_trial_decks_by_player_count() -> None:
    standard = [CARDS[card] for card in cards_of(STANDARD)]
    marked = {players: sum(1 for c in standard if c.players == players) for players in (3, 4, 5)}
    assert marked == {3: 12, 4: 4, 5: 4}
    for players, size in ((3, 12), (4, 16), (5, 20)):
        assert len(GAME.new_state(players, 1).trial_pool) == size


def test_only_trials_for_four_or_more_players_show_the_flame_pennant() -> None:
    """The sorcerer's Jokers reach the Flame slots through those trials only: at 3 players
    never, and the more players, the more often."""
    for card in CARDS.values():
        if card.kind in SPELL_KINDS or card.players == 3:
            assert card.pennant != "fe", card.id
    flames = {
        p: sum(1 for c in CARDS.values() if c.players == p and c.pennant == "fe") for p in (4, 5)
    }
    assert 1 <= flames[4] <= flames[5]
    assert all(c.pennant == "fe" for c in CARDS.values() if c.kind == STANDARD and c.players == 5)
    shown = {}
    for players in (3, 4, 5):
        views = [GAME.view(GAME.new_state(players, seed), None) for seed in range(80)]
        shown[players] = sum("fe" in view["pennants"] for view in views)
    assert shown[3] == 0 < shown[4] < shown[5]


def test_the_dragon_tile_by_player_count() -> None:
    assert DRAGON_TILE == {3: ("J", "H", "P"), 4: ("J", "J", "J"), 5: ("J", "J", "J", "H")}


# --- the honesty check -------------------------------------------------------------------------
def test_the_honesty_check_plays_each_camp_with_each_baseline(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    light = MonteCarloPlayer(candidates=1, rollouts=1, horizon=2.0)
    monkeypatch.setitem(BASELINES, "Monte-Carlo", lambda: light)
    argv = ["rushout", "--matches", "0", "--honesty", "1", "--honesty-mode", "training1"]
    assert main([*argv, "--honesty-players", "3"]) == 0
    out = capsys.readouterr().out
    assert "Training 1, 3 players, 1 matches an entry" in out
    for camp in ("sorcerer", "heroes"):
        row = next(line for line in out.splitlines() if line.startswith(camp))
        assert len(re.findall(r"\d+% \[\s*\d+%-\s*\d+%\]", row)) == len(BASELINES), row
    assert "Sorcerer wins at live pace" not in out  # --matches 0: no table


# --- the rules page carries the values in force ------------------------------------------------
RULES_PAGE = Path(__file__).resolve().parent.parent / "docs" / "rules" / "rushout.md"
KIND_TITLES = {
    "confusion": "Confusion",
    "invocation": "Invocation",
    "dracology": "Dracology",
    "dissipation": "Dissipation",
    "curse": "Curse",
    "damnation": "Damnation",
    "regression": "Regression",
}


def _face(card: Card) -> str:
    """A card as the rules page writes it: slots (hero side / sorcerer side), then pennant."""
    hero, sorcerer = "".join(card.hero), " ".join(card.sorcerer)
    if card.kind == STANDARD:
        sides = hero
    elif card.kind in SPELL_KINDS:
        sides = f"{sorcerer} / {hero}" if hero else sorcerer
    else:
        sides = f"{hero} / {sorcerer}"
    return f"{sides} \\|{card.pennant}"


def _in_order(line: str, faces: list[str]) -> bool:
    at = 0
    for face in faces:
        found = line.find(face, at)
        if found < 0:
            return False
        at = found + len(face)
    return True


def _line(page: str, start: str) -> str:
    return next(line for line in page.splitlines() if line.startswith(start))


def test_the_rules_page_states_the_designed_values_in_force() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    for players, label in ((3, "3+"), (4, "4+"), (5, "5")):
        marked = [c for c in CARDS.values() if c.kind == STANDARD and c.players == players]
        row = _line(page, f"| {label} ({len(marked)}) |")
        assert _in_order(row, [_face(card) for card in marked]), row
    for kind, title in ((GOLD, "Gold coin"), (CONFRONTATION, "Confrontation")):
        row = _line(page, f"**{title} trials")
        assert _in_order(row, [_face(CARDS[card]) for card in cards_of(kind)]), row
    for kind in SPELL_KINDS:
        row = _line(page, f"| {KIND_TITLES[kind]} (")
        assert _in_order(row, [_face(CARDS[card]) for card in cards_of(kind)]), row
    dragon = next(line for line in page.splitlines() if "Dragon tile:" in line)
    for players, tile in DRAGON_TILE.items():
        assert f"{players} players `{' '.join(tile)}`" in dragon
    for faces in (HERO_FACES, SORCERER_FACES):
        assert all(f"`{face}`" in page for face in faces)


def test_the_rules_page_carries_the_measured_balance() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    assert re.search(r"python -m bot balance rushout --matches \d+", page)
    for mode in MODES.values():
        assert re.search(rf"^\| {mode.title} \|( \d+% \[\d+–\d+\] \|){{3}}$", page, re.M), mode
    assert "--honesty" in page


def test_the_levels_decision_times_read_in_milliseconds() -> None:
    assert cpu_line([0.001, 0.1, 0.002]) == (
        "3 decisions: p50 2.0 ms, p95 100.0 ms, max 100.0 ms CPU"
    )
    assert cpu_line([]) == "no decision timed"
