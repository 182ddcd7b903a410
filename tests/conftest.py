"""Shared fixtures: the real bot on a temporary database, driven offline by simcord."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import RushTableBot
from bot.settings import Settings


def make_bot(database: Path) -> RushTableBot:
    settings = Settings(
        token="test", database_url=f"sqlite:///{database}", ai_delay=0.0, tick_seconds=600.0
    )
    return RushTableBot(settings)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "rushtable.db"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RushTableBot]:
    bot = make_bot(database)
    yield bot
    # A failed test must not leave the database thread running (pytest would hang).
    await bot.store.close()
