"""Which storage driver serves a ``DATABASE_URL``."""

from __future__ import annotations

from bot.store import MatchStore, SqliteStore
from bot.store_memory import MemoryStore


def store_from_url(database_url: str) -> MatchStore:
    """``sqlite:///path`` (the default driver) or ``memory://`` (nothing persists)."""
    if database_url.startswith("memory:"):
        return MemoryStore()
    return SqliteStore.from_url(database_url)
