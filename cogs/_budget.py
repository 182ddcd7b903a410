"""Caches with a budget in bytes, so that a bot running for months levels off.

Everything the Discord layer keeps about matches in memory (the clicks that may carry the
next boards, open private panels, what each board shows, per-match locks...) is kept in a
``Budgeted`` mapping: each entry counts an estimate of the bytes it holds, and once the
cache's budget is spent the least recently used entries go. Losing one costs a little
(a board redrawn, a board edited through the channel rather than a click), never a
change: what matters is in the database. Per-key locks live in a ``LockTable``, which keeps
a lock only while someone holds or waits for it.

``caches()`` lists them all with their sizes (``python -m bot bench --soak`` reports it).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, MutableMapping
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MB = 1024 * 1024


def text_bytes(lines: list[str]) -> int:
    """What a list of strings holds, roughly (a str costs ~50 bytes, up to 4 a character)."""
    return 56 + sum(56 + 4 * len(line) for line in lines)


#: Every budgeted cache made, for ``caches()`` (those collected since are skipped).
_ALL: list[weakref.ref[Budgeted[Hashable, object]]] = []


class Budgeted(MutableMapping[K, V], Generic[K, V]):
    """A mapping that keeps its entries' estimated bytes within ``budget``, the least
    recently used leaving first. ``size``: an entry's bytes (a number, or a function of
    its value, counted when it is stored; store a changed value again to count it anew)."""

    def __init__(self, name: str, budget: int, size: int | Callable[[V], int]) -> None:
        self.name = name
        self.budget = budget
        self._size = size
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.used = 0
        self.evicted = 0
        _ALL[:] = [ref for ref in _ALL if ref() is not None]
        _ALL.append(weakref.ref(self))  # type: ignore[arg-type]

    def _bytes(self, value: V) -> int:
        return self._size(value) if callable(self._size) else self._size

    def __getitem__(self, key: K) -> V:
        value, _ = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        if key in self._items:
            self.used -= self._items.pop(key)[1]
        size = self._bytes(value)
        self._items[key] = (value, size)
        self.used += size
        while self.used > self.budget and len(self._items) > 1:
            _, (_, freed) = self._items.popitem(last=False)
            self.used -= freed
            self.evicted += 1

    def __delitem__(self, key: K) -> None:
        self.used -= self._items.pop(key)[1]

    def __iter__(self) -> Iterator[K]:
        return iter(list(self._items))

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


class LockTable(Generic[K]):
    """One ``asyncio.Lock`` per key, kept only while it is held or waited for."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[K, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: K) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    def __len__(self) -> int:
        return len(self._locks)


@dataclass(frozen=True)
class CacheSize:
    name: str
    entries: int
    used: int
    budget: int
    evicted: int


def caches() -> list[CacheSize]:
    """Every budgeted cache alive, by name (several of one name are added up)."""
    totals: dict[str, CacheSize] = {}
    for ref in list(_ALL):
        cache = ref()
        if cache is None:
            continue
        seen = totals.get(cache.name)
        entries, used = len(cache), cache.used
        budget, evicted = cache.budget, cache.evicted
        if seen is not None:
            entries, used = entries + seen.entries, used + seen.used
            budget, evicted = budget + seen.budget, evicted + seen.evicted
        totals[cache.name] = CacheSize(cache.name, entries, used, budget, evicted)
    return sorted(totals.values(), key=lambda size: size.name)
