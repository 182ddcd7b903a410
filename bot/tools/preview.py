"""``python -m bot preview ruship --seed 7 --moves 20 --out board.png``: a board picture
after some AI actions from a seeded start, without Discord, and what each seat sees.

Every seat plays: the seats that may act take turns in seat order (in a game where
several act at once, such as Rush Out!, the sorcerer and every hero). After the board,
each seat's private panel is printed as the bot would show it (its lines and its buttons)
and, for a game that draws one (Fireship), its panel picture is written beside the board
(``board.seat2.png``).

``--option name=value`` (repeatable) passes a game option, e.g. ``--option variant=expert``
or ``--option play_on=true`` for Bug Race, ``--option course=oval`` for Rush'n'Crush,
``--option mode=scenario6`` for Rush Out!; ``true``/``false`` and whole numbers are read as
such. ``--lang fr`` draws and tells everything in French."""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.games import GAMES
from bot.games.base import IllegalAction
from bot.i18n import Tr
from cogs._presenter import Presenter
from cogs.bugrace import BugRacePresenter
from cogs.fireship import FireshipPresenter
from cogs.ruship import RushipPresenter
from cogs.rushncrush import RushNCrushPresenter
from cogs.rushout.presenter import RushOutPresenter
from renderers import PRIVATE_RENDERERS, RENDERERS

#: How each game reads at the table (the presenters the cogs use, without Discord).
PRESENTERS: dict[str, type[Presenter]] = {
    "bugrace": BugRacePresenter,
    "fireship": FireshipPresenter,
    "ruship": RushipPresenter,
    "rushncrush": RushNCrushPresenter,
    "rushout": RushOutPresenter,
}


@dataclass
class SeatPanel:
    """What one seat sees in its private panel: its lines, its buttons, and the panel's
    picture (PNG) when its game draws one."""

    seat: int
    lines: list[str]
    buttons: list[str]
    picture: bytes | None = None


@dataclass
class Preview:
    board: bytes
    panels: list[SeatPanel] = field(default_factory=list)


def play_after(
    game_name: str,
    seed: int,
    moves: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> Any:
    """The state after ``moves`` AI actions from a seeded start: the seats that may act
    take turns in seat order, so every seat plays (not only the first one)."""
    game = GAMES[game_name]
    state = game.new_state(players or game.min_players, seed, options or None)
    rng = random.Random(seed)
    for move in range(moves):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[move % len(acting)]
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    return state


def player_names(game_name: str, players: int, tr: Tr) -> list[str]:
    """Names for the seats: the game's own ("Player 1", "Joueur 1"; Fireship's are its
    colours, "Blue", "Bleu"), else ``#1``."""
    key = f"render.{game_name}.player"
    if not tr.has(key):
        return [f"#{seat + 1}" for seat in range(players)]
    names = []
    for seat in range(players):
        colour = f"render.{game_name}.colour_{seat}"
        names.append(tr(key, number=seat + 1, colour=tr(colour) if tr.has(colour) else ""))
    return names


def seat_panels(game_name: str, state: Any, tr: Tr) -> list[SeatPanel]:
    """Each seat's private panel: the presenter's lines, its buttons' labels, and (for a
    game that draws one) the picture of its first step."""
    game = GAMES[game_name]
    presenter = PRESENTERS[game_name]()
    panels: list[SeatPanel] = []
    seats = _seat_count(game_name, state)
    names = player_names(game_name, seats, tr)
    for seat in range(seats):
        view = game.view(state, seat)
        actions = game.legal_actions(state, seat)
        lines = presenter.private_lines(view, names, tr)
        buttons = [presenter.action_label(action, view, tr) for action in actions]
        picture = None
        steps = [step for a in actions if (step := presenter.action_step(a, view, tr))]
        if steps and game_name in PRIVATE_RENDERERS:
            labels = presenter.render_labels(view, names, tr)
            picture = PRIVATE_RENDERERS[game_name](view, steps[0][0], labels)
        panels.append(SeatPanel(seat, lines, buttons, picture))
    return panels


def _seat_count(game_name: str, state: Any) -> int:
    """How many seats a state has: an engine refuses the view of a seat it does not have."""
    game = GAMES[game_name]
    for seat in range(game.max_players):
        try:
            game.view(state, seat)
        except IllegalAction:
            return seat
    return game.max_players


def preview(
    game_name: str,
    seed: int,
    moves: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    language: str = "en",
) -> Preview:
    """The board (in ``language``) after ``moves`` actions, and every seat's panel."""
    state = play_after(game_name, seed, moves, players, options)
    game = GAMES[game_name]
    tr = Tr(language)
    public = game.view(state, None)
    # the renderer's own names for the players ("Player 1"), the words in ``language``
    labels = PRESENTERS[game_name]().render_labels(public, [], tr)
    board = RENDERERS[game_name](public, labels)
    return Preview(board, seat_panels(game_name, state, tr))


def render_after(
    game_name: str,
    seed: int,
    moves: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> bytes:
    """The board's PNG after ``moves`` actions, in the renderer's own (English) words."""
    game = GAMES[game_name]
    state = play_after(game_name, seed, moves, players, options)
    return RENDERERS[game_name](game.view(state, None), None)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot preview")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--out", type=Path, default=Path("board.png"))
    parser.add_argument("--lang", choices=("en", "fr"), default="en")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    args = parser.parse_args(argv)
    options = dict(parse_option(text) for text in args.option)
    shown = preview(args.game, args.seed, args.moves, args.players, options, args.lang)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(shown.board)
    print(f"wrote {args.out} ({len(shown.board) / 1024:.0f} KB)")
    for panel in shown.panels:
        print(f"\n--- seat {panel.seat} ---")
        for line in panel.lines:
            print(line)
        if panel.buttons:
            print("buttons: " + " | ".join(panel.buttons))
        if panel.picture is not None:
            path = args.out.with_suffix(f".seat{panel.seat}{args.out.suffix}")
            path.write_bytes(panel.picture)
            print(f"wrote {path} ({len(panel.picture) / 1024:.0f} KB)")
    return 0


def parse_option(text: str) -> tuple[str, Any]:
    """``name=value``: ``true``/``false`` become booleans, whole numbers integers."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise SystemExit(f"--option wants NAME=VALUE, not {text!r}")
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return name, value
