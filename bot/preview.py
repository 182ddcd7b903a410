"""``python -m bot preview ruship --seed 7 --moves 20 --out board.png``: a board picture
after some AI actions from a seeded start, without Discord."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from bot.games import GAMES
from renderers import RENDERERS


def render_after(game_name: str, seed: int, moves: int, players: int | None = None) -> bytes:
    game = GAMES[game_name]
    state = game.new_state(players or game.min_players, seed)
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
    args = parser.parse_args(argv)
    png = render_after(args.game, args.seed, args.moves, args.players)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(png)
    print(f"wrote {args.out} ({len(png) / 1024:.0f} KB)")
    return 0
