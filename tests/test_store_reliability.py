"""What the store keeps so that nothing stays stuck (issue 24), on every driver: the public
messages of undo requests until their buttons are gone; and the table's service on top:
standing orders move no public version, and a click made before an order still counts."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.store.contract import MatchStore
from bot.store.faults import storage_trouble
from bot.store.shards import Shards
from bot.table.matches import MatchService
from bot.table.writes import public_numbers, public_version, stored_version
from tests.conftest import ALICE, BOB
from tests.test_store import lobby

RNC = GAMES["rushncrush"]


async def test_undo_request_messages_are_kept_until_dropped(store: MatchStore) -> None:
    match = await lobby(store)
    other = await lobby(store, channel=6)
    assert await store.undo_messages() == []
    await store.set_undo_message(match.id, 901, 5)
    await store.set_undo_message(match.id, 900, 5)
    await store.set_undo_message(other.id, 950, 6)
    await store.set_undo_message(match.id, 900, 5)  # again: nothing new
    assert await store.undo_messages() == [
        (match.id, 900, 5),
        (match.id, 901, 5),
        (other.id, 950, 6),
    ]
    elsewhere = Shards(count=2, ids=(1,))  # guild 1 is served by shard 0
    assert await store.undo_messages(elsewhere) == []
    await store.drop_undo_message(match.id, 900)
    await store.drop_undo_message(match.id, 900)  # gone already: nothing happens
    assert await store.undo_messages() == [(match.id, 901, 5), (other.id, 950, 6)]
    assert await store.get(match.id) == match, "no new version, no trace on the match"


async def orders_race(service: MatchService) -> tuple[int, list[str]]:
    """A Rush'n'Crush match of ALICE and BOB, started; seat 0's standing orders."""
    for seed in range(1, 50):
        state = RNC.new_state(2, seed, {})
        if RNC.order_actions(state, 0):  # type: ignore[attr-defined]
            break
    match = await service.open_lobby(
        game="rushncrush",
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={"options": {}},
        seated=[BOB],
        seed=seed,
    )
    started = await service.start(match.id, ALICE)
    orders = service.order_actions(started, service.load_state(started), 0)
    return started.id, orders


@pytest.mark.parametrize("store", ["sqlite", "memory"], indirect=True)
async def test_a_standing_order_moves_no_public_version(service: MatchService) -> None:
    match_id, orders = await orders_race(service)
    assert orders
    match = await service.get(match_id)
    shown = public_version(match)
    played = await service.act(match_id, shown, ALICE, orders[0])
    assert played.match.version == match.version + 1, "every write is versioned"
    assert public_version(played.match) == shown, "but nothing public moved"
    # A click made on the board shown before the order still counts.
    state = service.load_state(played.match)
    (seat,) = RNC.to_act(state)
    user = ALICE if seat == 0 else BOB
    action = RNC.legal_actions(state, seat)[0]
    moved = await service.act(match_id, shown, user, action)
    assert public_version(moved.match) == shown + 1, "the next public action: one more"
    log = await service.store.action_log(match_id)
    assert stored_version(moved.match, shown, log) == played.match.version
    numbers = public_numbers(moved.match, log)
    assert sorted(numbers.values())[-1] == shown + 1
    assert len(numbers) == len(log) - 1, "the order has no number"


def test_storage_trouble_is_told_apart() -> None:
    import errno
    import sqlite3

    assert storage_trouble(sqlite3.OperationalError("database or disk is full")) == "full"
    assert storage_trouble(sqlite3.OperationalError("disk I/O error")) == "io"
    assert storage_trouble(OSError(errno.ENOSPC, "No space left on device")) == "full"
    assert storage_trouble(sqlite3.OperationalError("no such table: x")) is None
    try:
        try:
            raise sqlite3.OperationalError("database or disk is full")
        except sqlite3.Error as error:
            raise RuntimeError("wrapped") from error
    except RuntimeError as wrapped:
        assert storage_trouble(wrapped) == "full", "a cause counts"
