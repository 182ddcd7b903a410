"""The drawing a render worker does: a board with its result band, several boards of one
match at once, a player's private picture, and the warm-up. Each function here runs in a
worker process (or a thread), called by ``bot.pictures.painter.BoardPainter``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games import GAMES
from bot.pictures.memory import Trimmer, release_freed_memory
from renderers import PRIVATE_RENDERERS, RENDERERS
from renderers.base import clear_layers, with_result
from renderers.base.deflate import BANDS

#: A board label holding the result lines (one per line) of a finished match.
RESULT_LABEL = "result"
#: This worker's freed memory, handed back now and then (``bot.pictures.memory``).
TRIMMER = Trimmer()


def render_board(game: str, view: Mapping[str, Any], labels: Mapping[str, str] | None) -> bytes:
    png = RENDERERS[game](view, labels)
    result = (labels or {}).get(RESULT_LABEL)
    if TRIMMER.due():
        release_freed_memory()
    return with_result(png, result.splitlines()) if result else png


def render_boards(
    game: str, views: list[Mapping[str, Any]], labels: Mapping[str, str] | None
) -> list[bytes]:
    """Several boards of one match in one trip to a worker (a replay's)."""
    return [render_board(game, view, labels) for view in views]


def render_private(
    game: str, view: Mapping[str, Any], focus: str, labels: Mapping[str, str] | None
) -> bytes:
    picture = PRIVATE_RENDERERS[game](view, focus, labels)
    if TRIMMER.due():
        release_freed_memory()
    return picture


def draw_every_opening() -> int:
    """Each game's opening board, drawn once: fonts, palettes and cached layers are then
    ready in this worker. Returns how many boards were drawn."""
    openings = {
        game: GAMES[game].view(GAMES[game].new_state(GAMES[game].min_players, 0), None)
        for game in RENDERERS
    }
    for game, render in RENDERERS.items():
        render(openings[game], None)  # fits the palette, drawing boards of every shape
    clear_layers()  # ...whose layers this worker need not keep
    for game, render in RENDERERS.items():
        render(openings[game], None)
    release_freed_memory()  # the palettes' many large pictures, freed at once
    return len(RENDERERS)


def band_stats() -> tuple[int, int, int, int]:
    """This worker's band store (``renderers.base.deflate``): bands taken from it, bands
    mapped and compressed afresh, bands held and the bytes they weigh."""
    return BANDS.hits, BANDS.misses, len(BANDS), BANDS.size
