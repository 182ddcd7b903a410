"""Which storage driver serves a ``DATABASE_URL``."""

from __future__ import annotations

from bot.store.contract import MatchStore, StoreError
from bot.store.memory import MemoryStore
from bot.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def store_from_url(database_url: str) -> MatchStore:
    """``sqlite:///path`` (the default driver), ``memory://`` (nothing persists) or
    ``postgresql://`` (several processes may share it; needs the ``postgres`` extra)."""
    if database_url.startswith("memory:"):
        return MemoryStore()
    if database_url.startswith(POSTGRES_SCHEMES):
        return _postgres_store(database_url)
    return SqliteStore.from_url(database_url)


def _postgres_store(database_url: str) -> MatchStore:
    try:
        from bot.store.postgres import PostgresStore
    except ModuleNotFoundError as error:
        if error.name != "asyncpg":
            raise
        raise StoreError(
            "DATABASE_URL names a PostgreSQL database but its driver, asyncpg, is not "
            "installed: pip install 'rush-table[postgres]'"
        ) from error
    return PostgresStore.from_url(database_url)
