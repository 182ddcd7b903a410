"""Shared fixtures: the real bot on a temporary database, driven offline by simcord."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from bot.app import RushTableBot
from bot.games import IllegalAction
from bot.settings import Settings
from bot.store.contract import MatchStore
from bot.store.memory import MemoryStore
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from bot.table.errors import TableError
from bot.table.matches import MatchService

#: ``postgres_server`` (one cluster per session) and ``postgres_url`` (a fresh database).
pytest_plugins = ["tests.postgres_server"]

# Property tests draw the same examples at every run, as matches get the same seeds.
hypothesis_settings.register_profile("repeatable", derandomize=True)
hypothesis_settings.load_profile("repeatable")


def make_bot(database: Path, **overrides: Any) -> RushTableBot:
    settings = Settings(
        token="test",
        database_url=f"sqlite:///{database}",
        ai_delay=0.0,
        tick_seconds=600.0,
        board_check_seconds=600.0,
        # simcord's clock stands still unless a test moves it: every board change would
        # look simultaneous and be held. Holding is tested on its own, with the clock moved.
        channel_budget=0,
    )
    settings = dataclasses.replace(settings, **overrides)
    return RushTableBot(settings)


# ---------------------------------------------------------------- one store suite, every driver
@pytest.fixture(params=["sqlite", "memory", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[MatchStore]:
    """Each storage driver in turn, empty."""
    driver: MatchStore
    if request.param == "sqlite":
        driver = SqliteStore(str(tmp_path / "store.db"))
    elif request.param == "memory":
        driver = MemoryStore()
    else:
        driver = PostgresStore(request.getfixturevalue("postgres_url"))
    await driver.open()
    yield driver
    await driver.close()


class Clock:
    """A wall clock that moves only when a test sets ``now``."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: MatchStore, clock: Clock) -> MatchService:
    return MatchService(store, clock)


#: People in the store and service tests.
ALICE, BOB = 11, 22


async def started(service: MatchService, channel: int = 5, guild_id: int | None = 1) -> int:
    """A Ruship match between ALICE and BOB, started: its id."""
    match = await service.open_lobby(
        game="ruship",
        guild_id=guild_id,
        channel_id=channel,
        creator_id=ALICE,
        settings={"options": {}},
        seated=[BOB],
        seed=7,
    )
    await service.start(match.id, ALICE)
    return match.id


# ---------------------------------------------------------------- the bot through simcord
@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "rushtable.db"


@pytest.fixture
async def simcord_bot(database: Path) -> AsyncIterator[RushTableBot]:
    bot = make_bot(database)
    yield bot
    # A failed test must not leave the database thread running (pytest would hang).
    await bot.store.close()


#: How long simcord may wait for the bot to settle after a step. Its own bound is 5 s (and
#: 5 s at each start and restart of the bot), which a loaded machine can exceed; a bot that
#: settles returns at once, so a longer bound costs a passing test nothing. It must stay
#: below the period of timers that re-arm themselves (asyncpg's idle-connection check, 300
#: s; the bot's own loops, 600 s in the tests): simcord runs every timer due within the
#: bound in virtual time, and such a chain would never let the bot settle.
SETTLE_SECONDS = 60.0


@pytest.fixture
async def simcord_env(simcord_bot: RushTableBot, request: pytest.FixtureRequest) -> Any:
    """simcord's own fixture (options from the ``simcord`` marker), patient on a busy machine."""
    from simcord import Env

    marker = request.node.get_closest_marker("simcord")
    env = Env(
        simcord_bot, **{"settle_timeout": SETTLE_SECONDS, **(marker.kwargs if marker else {})}
    )
    settle = env._settle_internal

    async def settle_patiently(*, timeout: float | None = None, **options: Any) -> None:
        # simcord passes timeout=5.0 when it starts a bot (``restart_bot`` included).
        patient = None if timeout is None else max(timeout, SETTLE_SECONDS)
        await settle(timeout=patient, **options)

    env._settle_internal = settle_patiently  # type: ignore[method-assign]
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


@pytest.fixture
def french_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every person's Discord client is set to French (simcord's interactions say en-US)."""
    from simcord import interactions as simcord_interactions

    original = simcord_interactions.base_payload

    def french(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord_interactions, "base_payload", french)


#: The seed every match gets under ``fixed_seed``, and the first of the seeds matches get
#: otherwise (a test module may set its own ``MATCH_SEED``).
MATCH_SEED = 20241122


@pytest.fixture(autouse=True)
def seeded_matches(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Matches draw their seed from SystemRandom: in tests, each match gets its own seed,
    the same ones at every run, so a failure seen once is seen again (a deal the suite
    never met cannot turn a run red by chance)."""
    import random

    first = getattr(request.module, "MATCH_SEED", MATCH_SEED)
    seeds = iter(range(first, first + 1_000_000))
    monkeypatch.setattr("bot.table.matches.random.SystemRandom", lambda: random.Random(next(seeds)))


@pytest.fixture
def fixed_seed(
    seeded_matches: None, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """One seed for every match (the deal of a test's figures: clicks, pings, the cards
    dealt). A module gives it to every one of its tests with
    ``pytestmark = pytest.mark.usefixtures("fixed_seed")``."""
    import random

    seed = getattr(request.module, "MATCH_SEED", MATCH_SEED)
    monkeypatch.setattr("bot.table.matches.random.SystemRandom", lambda: random.Random(seed))


async def click_at_random(
    service: MatchService, match_id: int, attempts: int, rng: random.Random
) -> list[int]:
    """Click like an impatient player: read the board, click a legal button of a seat to act.
    Returns the versions the applied clicks produced (a click that lost a race, or came too
    early in a real-time game, is refused and not applied)."""
    applied = []
    for _ in range(attempts):
        match = await service.get(match_id)
        if match.status != "active":
            break
        engine, state = service.engine(match), service.load_state(match)
        seat = min(engine.to_act(state))
        user = next(s.user_id for s in match.seats if s.seat == seat)
        assert user is not None
        action = rng.choice(engine.legal_actions(state, seat))
        try:
            played = await service.act(match_id, match.version, user, action)
        except (TableError, IllegalAction):
            continue
        applied.append(played.match.version)
    return applied
