"""``python -m bot preview ruship --seed 7 --moves 20 --out board.png``: a board picture
after some AI actions from a seeded start, without Discord.

``--option name=value`` (repeatable) passes a game option, e.g. ``--option variant=expert``
or ``--option play_on=true`` for Bug Race, ``--option course=oval`` for Rush'n'Crush;
``true``/``false`` and whole numbers are read as such."""

from __future__ import annotations

import argparse
import random
from pathlib import Path
from typing import Any

from bot.games import GAMES
from renderers import RENDERERS


def render_after(
    game_name: str,
    seed: int,
    moves: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> bytes:
    game = GAMES[game_name]
    state = game.new_state(players or game.min_players, seed, options or None)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = sorted(game.to_act(state))
        if not acting:
            break
        seat = acting[0]
        state = game.apply(state, seat, game.bot_action(state, seat, rng))
    return RENDERERS[game_name](game.view(state, None), None)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot preview")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--out", type=Path, default=Path("board.png"))
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option"
    )
    args = parser.parse_args(argv)
    options = dict(parse_option(text) for text in args.option)
    png = render_after(args.game, args.seed, args.moves, args.players, options)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(png)
    print(f"wrote {args.out} ({len(png) / 1024:.0f} KB)")
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
