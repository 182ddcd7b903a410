"""Board pictures: one pure Pillow renderer per game, from the public view only."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import Any

Renderer = Callable[[Mapping[str, Any], Mapping[str, str] | None], bytes]
#: ``render_private(view, focus, labels)``: a picture for one player's panel, drawn from
#: that player's own view (e.g. where the pawn ``focus`` can go).
PrivateRenderer = Callable[[Mapping[str, Any], str, Mapping[str, str] | None], bytes]

#: Pictures that are no game's board (a league's standings): each module exposes
#: ``render(view, labels) -> PNG bytes`` too, drawn through ``render_picture``.
OTHER_PICTURES = ("league",)

#: Each module exposes ``render(view, labels) -> PNG bytes`` and ``LABEL_DEFAULTS``.
#: Found by themselves: every module of this package but the shared kit ``base`` and the
#: ``OTHER_PICTURES``.
RENDERER_MODULES = tuple(
    sorted(
        info.name
        for info in pkgutil.iter_modules(__path__)
        if info.name != "base" and info.name not in OTHER_PICTURES
    )
)


def render_picture(
    name: str, view: Mapping[str, Any], labels: Mapping[str, str] | None = None
) -> bytes:
    """One of the ``OTHER_PICTURES`` (the cogs draw them through this registry)."""
    if name not in OTHER_PICTURES:
        raise KeyError(name)
    render: Renderer = importlib.import_module(f"renderers.{name}").render
    return render(view, labels)


def _load() -> tuple[dict[str, Renderer], dict[str, Mapping[str, str]]]:
    renderers: dict[str, Renderer] = {}
    defaults: dict[str, Mapping[str, str]] = {}
    for name in RENDERER_MODULES:
        module = importlib.import_module(f"renderers.{name}")
        renderers[name] = module.render
        defaults[name] = getattr(module, "LABEL_DEFAULTS", {})
    return renderers, defaults


RENDERERS, LABEL_DEFAULTS = _load()
PRIVATE_RENDERERS: dict[str, PrivateRenderer] = {
    name: importlib.import_module(f"renderers.{name}").render_private
    for name in RENDERERS
    if hasattr(importlib.import_module(f"renderers.{name}"), "render_private")
}
