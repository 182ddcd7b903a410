"""``python -m bot palettes``: fit each game's board palette again and write it to
``renderers/palettes/<game>.txt`` (``--check``: only say whether the files are current).

A palette is fitted to boards that between them show every colour a renderer draws; some
of those boards are found by playing matches, which is the engines' work, not a
renderer's: so it is done here, once, and the renderers read the result
(``renderers.base.stored_palette``). Run it after changing a renderer's colours.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from bot.games.bugrace import GAME as BUGRACE
from bot.games.fireship import GAME as FIRESHIP
from bot.games.rushncrush import GAME as RUSHNCRUSH
from bot.games.rushout import GAME as RUSHOUT
from renderers import RENDERERS
from renderers.base import Palette, build_palette
from renderers.rushncrush import physical_row

PALETTES = Path(__file__).resolve().parents[2] / "renderers" / "palettes"


def ruship_views() -> Sequence[Mapping[str, Any]]:
    """Boards that between them show every colour a Ruship board can (see ``board_palette``)."""
    start: dict[str, Any] = {
        "start_rolls": [[4, 4], [6, 2]],
        "turn": 0,
        "phase": "roll",
        "to_act": [0],
        "mothership": 1,
        "vortex": 18,
        "tokens": {"humanity": [], "alien": []},
        "reserve": {"humanity": 5, "alien": 5},
        "powers": {"humanity": [], "alien": []},
        "power_pool": ["reroll", "plusone", "single", "backward", "stack"],
        "attacks": {"humanity": 0, "alien": 0},
        "outcome": None,
    }
    middle = {
        **start,
        "turn": 1,
        "phase": "move",
        "to_act": [1],
        "mothership": 3,
        "vortex": 16,
        "tokens": {"humanity": [5, 9, 9, 14], "alien": [2, 7, 11, 11]},
        "reserve": {"humanity": 1, "alien": 1},
        "powers": {"humanity": ["stack"], "alien": ["plusone"]},
        "power_pool": ["reroll", "single", "backward"],
        "attacks": {"humanity": 1, "alien": 2},
        "dice": [4, 6],
        "dice_used": [True, False],
        "plus_one_used": [True, False],
        "reroll_used": True,
        "moves_this_turn": [
            {"seat": 1, "from": 12, "to": 7, "captured": [7]},
            {"seat": 1, "from": None, "to": 16, "captured": []},
        ],
    }
    end = {
        **start,
        "turn": None,
        "phase": "over",
        "to_act": [],
        "mothership": 4,
        "vortex": 15,
        "tokens": {"humanity": [6, 10], "alien": [3, 3, 12]},
        "powers": {"humanity": ["stack", "reroll"], "alien": ["plusone", "single", "backward"]},
        "power_pool": [],
        "attacks": {"humanity": 3, "alien": 3},
        "dice": [3, 5],
        "dice_used": [False, True],
        "last_turn_moves": [{"seat": 0, "from": 14, "to": 19, "captured": []}],
        "outcome": {"winners": [0], "reason": "third_attack"},
    }
    power = {**middle, "phase": "power", "turn": 0, "to_act": [0], "moves_this_turn": []}
    return [start, middle, end, power]


BUGRACE_GAMES: Final = ((4, 1, 0), (4, 2, 40), (4, 3, 90), (4, 4, 10_000), (2, 5, 10_000))


def bugrace_views() -> Sequence[Mapping[str, Any]]:
    """Boards that between them show every colour a Bug Race board can: four seats, cards
    face up, moved and face down, every state chip, a finished race (see ``board_palette``)."""
    views = []
    for players, seed, steps in BUGRACE_GAMES:
        rng = random.Random(seed)
        state = BUGRACE.new_state(players, seed, {"expert": seed % 2 == 0})
        for _ in range(steps):
            acting = sorted(BUGRACE.to_act(state))
            if not acting:
                break
            seat = acting[0]
            state = BUGRACE.apply(state, seat, rng.choice(BUGRACE.legal_actions(state, seat)))
        views.append(BUGRACE.view(state, None))
    return views


RUSHNCRUSH_GAMES: Final = ((6, 1, 150, "oval"), (2, 2, 10_000, "sprint"), (4, 3, 60, "sprint"))
HEATS: Final = ("W", "Y", "O", "R")


def rushncrush_views() -> Sequence[Mapping[str, Any]]:
    """Boards that between them show every colour a Rush'n'Crush board can: six seats, each
    heat and temperature, wrecks, nails, a car out, thrown dice, laps (``board_palette``)."""
    views: list[Mapping[str, Any]] = []
    for players, seed, steps, course in RUSHNCRUSH_GAMES:
        rng = random.Random(seed)
        state = RUSHNCRUSH.new_state(players, seed, {"course": course})
        for _ in range(steps):
            acting = sorted(RUSHNCRUSH.to_act(state))
            if not acting:
                break
            state = RUSHNCRUSH.apply(
                state, acting[0], rng.choice(RUSHNCRUSH.legal_actions(state, acting[0]))
            )
        views.append(RUSHNCRUSH.view(state, None))
    shown = views[0]
    cars = [
        {**car, "heat": HEATS[index % 4], "temp": index + 1, "out": index == len(shown["cars"]) - 1}
        for index, car in enumerate(shown["cars"])
    ]
    rows = sorted(int(car["row"]) for car in cars if car["placed"])
    throws = [
        {"type": "roll", "seat": seat, "test": "driving", "dice": [1, 3, 6], "result": 6}
        for seat in range(3)
    ]
    views.append(
        {
            **shown,
            "cars": cars,
            "wrecks": [
                [lane, physical_row(shown["course"], row + 1), lane - 1]
                for lane, row in zip((2, 3), rows, strict=False)
            ],
            "events": throws,
            "outcome": {"winners": [1], "reason": "finish"},
        }
    )
    return views


FIRESHIP_GAMES: Final = ((2, 1, 0), (4, 2, 60), (3, 3, 400), (4, 4, 100_000))


def fireship_views() -> Sequence[Mapping[str, Any]]:
    """Boards that between them show every colour a Fireship board can: four seats, islands
    of every owner, pawns of every kind, a finished game (see ``board_palette``)."""
    views = []
    for players, seed, steps in FIRESHIP_GAMES:
        rng = random.Random(seed)
        state = FIRESHIP.new_state(players, seed)
        for _ in range(steps):
            acting = sorted(FIRESHIP.to_act(state))
            if not acting:
                break
            seat = acting[0]
            state = FIRESHIP.apply(state, seat, FIRESHIP.bot_action(state, seat, rng))
        views.append(FIRESHIP.view(state, None))
    return views


def rushout_views() -> Sequence[Mapping[str, Any]]:
    """Boards that between them show every colour a Rush Out! board can: every hero and
    sorcerer die, every card kind, the dragon, hexes, wounds, the market, an ending."""
    views: list[Mapping[str, Any]] = []
    for mode, players, seed, steps in (
        ("scenario6", 5, 3, 80),
        ("scenario5", 5, 5, 300),
        ("training2", 3, 2, 40),
        ("scenario3", 4, 1, 120),
    ):
        state = RUSHOUT.new_state(players, seed, {"mode": mode})
        rng = random.Random(seed)
        for _ in range(steps):
            acting = sorted(RUSHOUT.to_act(state))
            if not acting:
                break
            seat = rng.choice(acting)
            state = RUSHOUT.apply(state, seat, RUSHOUT.bot_action(state, seat, rng))
        views.append(RUSHOUT.view(state, None))
    return views


VIEWS: dict[str, Callable[[], Sequence[Any]]] = {
    "ruship": ruship_views,
    "bugrace": bugrace_views,
    "rushncrush": rushncrush_views,
    "fireship": fireship_views,
    "rushout": rushout_views,
}


def fitted_palette(game: str) -> Palette:
    """The palette fitted today to the game's palette boards."""
    image_of = __import__(f"renderers.{game}", fromlist=["render_image"]).render_image
    return build_palette([image_of(view) for view in VIEWS[game]()])


def palette_text(palette: Palette) -> str:
    return "".join(f"{r:02x}{g:02x}{b:02x}\n" for r, g, b in palette.colours)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot palettes")
    parser.add_argument("--check", action="store_true", help="only check the stored files")
    args = parser.parse_args(argv)
    stale = []
    for game in RENDERERS:
        text = palette_text(fitted_palette(game))
        path = PALETTES / f"{game}.txt"
        if path.exists() and path.read_text() == text:
            continue
        stale.append(game)
        if not args.check:
            path.write_text(text)
            print(f"{path}: written")
    if args.check and stale:
        print("out of date: " + ", ".join(stale))
        return 1
    return 0
