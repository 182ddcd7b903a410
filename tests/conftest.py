"""Shared fixtures: the real bot on a temporary database, driven offline by simcord."""

from __future__ import annotations

from collections.abc import Iterator
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
def simcord_bot(database: Path) -> Iterator[RushTableBot]:
    yield make_bot(database)
