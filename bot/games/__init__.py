"""Pure game engines and their registry ``GAMES`` (name -> engine)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from bot.games.base import Game, IllegalAction, Outcome

#: Every engine module of this package exposes its engine as ``GAME`` (found by itself: a
#: new game adds its module and touches nothing here). Modules without one (``base``,
#: ``<game>_data``) are helpers. In alphabetical order.
ENGINE_MODULES = tuple(
    sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if info.name != "base" and not info.name.endswith("_data")
    )
)


def _load_engines() -> dict[str, Game[Any]]:
    games: dict[str, Game[Any]] = {}
    for module_name in ENGINE_MODULES:
        module = importlib.import_module(f"bot.games.{module_name}")
        game: Game[Any] | None = getattr(module, "GAME", None)
        if game is not None:  # a module without one is shared by the engines (``search``)
            games[game.name] = game
    return games


GAMES: dict[str, Game[Any]] = _load_engines()

__all__ = ["GAMES", "Game", "IllegalAction", "Outcome"]
