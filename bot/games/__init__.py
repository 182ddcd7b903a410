"""Pure game engines and their registry ``GAMES`` (name -> engine)."""

from __future__ import annotations

import importlib
from typing import Any

from bot.games.base import Game, IllegalAction, Outcome

#: Every engine module exposes its engine as ``GAME``; the order is the order shown to users.
ENGINE_MODULES = ("ruship", "bugrace", "rushncrush", "fireship", "rushout")


def _load_engines() -> dict[str, Game[Any]]:
    games: dict[str, Game[Any]] = {}
    for module_name in ENGINE_MODULES:
        module = importlib.import_module(f"bot.games.{module_name}")
        game: Game[Any] = module.GAME
        games[game.name] = game
    return games


GAMES: dict[str, Game[Any]] = _load_engines()

__all__ = ["GAMES", "Game", "IllegalAction", "Outcome"]
