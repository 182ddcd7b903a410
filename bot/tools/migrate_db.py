"""``python -m bot migrate-db FROM TO``: copy every match, record and setting to a new database.

For moving a SQLite file into PostgreSQL when one process no longer serves (or back). The
bot must be stopped meanwhile. TO is created or migrated to the current schema and must hold
no match yet; rows keep their ids, so match ids in custom_ids and links stay valid.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any, Protocol, cast

from bot.store.contract import COPIED_TABLES, StoreError
from bot.store.drivers import store_from_url

USAGE = "usage: python -m bot migrate-db FROM_DATABASE_URL TO_DATABASE_URL"


class CopyableStore(Protocol):
    """A driver whose rows can be copied (SQLite, PostgreSQL; not ``memory://``)."""

    async def open(self) -> None: ...
    async def close(self) -> None: ...
    async def export_rows(self, table: str) -> tuple[list[str], list[tuple[Any, ...]]]: ...
    async def import_rows(
        self, table: str, columns: list[str], rows: list[tuple[Any, ...]]
    ) -> None: ...


def _copyable(url: str) -> CopyableStore:
    if url.startswith("memory:"):
        raise StoreError(
            f"{url} keeps nothing: migrate from or to a sqlite:/// or postgresql:// URL"
        )
    return cast(CopyableStore, store_from_url(url))


async def migrate(source_url: str, target_url: str, say: Any = print) -> dict[str, int]:
    """Copy every table from ``source_url`` to ``target_url``; returns the rows per table."""
    if source_url == target_url:
        raise StoreError("FROM and TO are the same database")
    source, target = _copyable(source_url), _copyable(target_url)
    await source.open()
    try:
        await target.open()
        try:
            return await _copy(source, target, say)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(source: CopyableStore, target: CopyableStore, say: Any) -> dict[str, int]:
    _, existing = await target.export_rows("matches")
    if existing:
        raise StoreError(
            f"TO already holds {len(existing)} matches: migrate into a new, empty database"
        )
    copied: dict[str, int] = {}
    for table in COPIED_TABLES:
        columns, rows = await source.export_rows(table)
        await target.import_rows(table, columns, rows)
        _, landed = await target.export_rows(table)
        if len(landed) != len(rows):
            raise StoreError(f"{table}: {len(rows)} rows read but {len(landed)} written")
        copied[table] = len(rows)
        say(f"{table}: {len(rows)} rows")
    return copied


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(USAGE, file=sys.stderr)
        return 2
    source_url, target_url = argv
    try:
        copied = asyncio.run(migrate(source_url, target_url))
    except StoreError as error:
        print(f"rush-table: {error}.", file=sys.stderr)
        return 2
    print(
        f"Copied {copied.get('matches', 0)} matches. Point DATABASE_URL at {target_url} "
        "and start the bot."
    )
    return 0
