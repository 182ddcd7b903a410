"""The layers, as docs/architecture.md draws them: every import of the whole tree (top level,
inside functions, under ``TYPE_CHECKING``) read with ``ast`` and checked against one table
of which package may import which, with no import cycle anywhere."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "renderers", "tests")

#: Which layer a module belongs to: the longest matching prefix wins.
LAYER_OF_PREFIX = {
    "bot.games": "games",
    "renderers": "renderers",
    "bot.store": "store",
    "bot.table": "table",
    "bot.i18n": "i18n",
    "bot.pictures": "pictures",
    "cogs": "cogs",
    "bot.app": "startup",
    "bot.runner": "startup",
    "bot.settings": "startup",
    "bot": "startup",
    "bot.__main__": "cli",
    "bot.tools": "tools",
    "tests": "tests",
}

#: The project layers each layer may import (its own layer always), and the packages from
#: outside the standard library it may use.
MAY_IMPORT: dict[str, tuple[set[str], set[str]]] = {
    "games": (set(), set()),
    "i18n": (set(), {"babel"}),
    "renderers": ({"games"}, {"PIL", "isal", "xxhash"}),
    "store": ({"games"}, {"aiosqlite", "asyncpg", "openskill", "orjson"}),
    "table": ({"games", "store"}, {"networkx"}),
    "pictures": ({"games", "renderers", "store", "table"}, {"PIL"}),
    "cogs": ({"games", "renderers", "store", "table", "pictures", "i18n"}, {"discord"}),
    "startup": (
        {"games", "renderers", "store", "table", "pictures", "i18n", "cogs"},
        {"discord", "aiohttp"},
    ),
    "cli": ({"startup", "tools"}, set()),
    "tools": (
        {"games", "renderers", "store", "table", "pictures", "i18n", "cogs", "startup"},
        {"discord", "PIL", "asyncpg", "aiosqlite", "simcord"},  # simcord: bench --soak
    ),
    "tests": (set(LAYER_OF_PREFIX.values()), {"*"}),
}


#: Where a layer may import only some modules of another: the cogs take the renderers'
#: registry (their label defaults), never a renderer's own code.
ONLY_MODULES: dict[tuple[str, str], set[str]] = {("cogs", "renderers"): {"renderers"}}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


MODULES = project_modules()


def layer_of(module: str) -> str:
    best = max(
        (
            prefix
            for prefix in LAYER_OF_PREFIX
            if module == prefix or module.startswith(prefix + ".")
        ),
        key=len,
    )
    return LAYER_OF_PREFIX[best]


def imported_names(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``module`` imports, wherever the statement stands, with its line."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                yield (candidate if candidate in MODULES else base), node.lineno


def project_target(name: str) -> str | None:
    """The project module an imported name is (or lies in), None for outside packages."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        targets = {project_target(name) for name, _ in imported_names(module, path)}
        edges[module] = {t for t in targets if t is not None and t != module}
    return edges


def test_every_import_follows_the_layer_table() -> None:
    wrong: list[str] = []
    for module, path in MODULES.items():
        layer = layer_of(module)
        layers, outside = MAY_IMPORT[layer]
        for name, line in imported_names(module, path):
            target = project_target(name)
            where = f"{path.relative_to(ROOT)}:{line} ({layer}) imports {name}"
            if target is not None:
                if layer_of(target) not in layers | {layer}:
                    wrong.append(f"{where} ({layer_of(target)})")
                elif target not in ONLY_MODULES.get((layer, layer_of(target)), {target}):
                    wrong.append(f"{where} (only {ONLY_MODULES[layer, layer_of(target)]})")
                continue
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top == "__future__" or "*" in outside:
                continue
            if top not in outside:
                wrong.append(f"{where} (outside package)")
    assert not wrong, "\n".join(wrong)


def test_nothing_the_bot_runs_imports_the_tools() -> None:
    edges = graph()
    users = {
        module
        for module, targets in edges.items()
        if any(layer_of(t) == "tools" for t in targets)
        and layer_of(module) not in ("tools", "cli", "tests")
    }
    assert not users


def test_there_is_no_import_cycle() -> None:
    edges = graph()
    cycles = [component for component in strongly_connected(edges) if len(component) > 1]
    assert not cycles, "\n".join(" <-> ".join(sorted(c)) for c in cycles)


def strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[set[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                found.append(component)
    return found


@pytest.mark.parametrize(
    ("edges", "cyclic"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, True),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, False),
        ({"a": {"a"}}, False),
    ],
)
def test_the_cycle_finder_finds_cycles(edges: dict[str, set[str]], cyclic: bool) -> None:
    assert any(len(c) > 1 for c in strongly_connected(edges)) is cyclic


def test_the_layer_table_reads_a_function_level_and_type_checking_import(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from bot.app import RushTableBot\n"
        "def f():\n    from bot.tools import bench\n"
    )
    path = tmp_path / "probe.py"
    path.write_text(source)
    names = {name for name, _ in imported_names("cogs.probe", path)}
    assert {"bot.app", "bot.tools.bench"} <= names
