"""Undo requests below Discord: the rules (``bot.table.undo``), the match service that applies
them, and the store's rewind, on both store drivers."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from bot.games import GAMES
from bot.games.base import SeededRng, is_order_action, watch_draws
from bot.store.contract import Match, MatchStore, StaleVersion, UndoRequest
from bot.table import undo
from bot.table.errors import NotSeated, StaleBoard
from bot.table.matches import MatchService
from bot.table.writes import UNDONE_AT
from tests.conftest import Clock

ALICE, BOB, CAROL, DAVE = 11, 22, 33, 44


async def started(
    service: MatchService,
    game: str = "ruship",
    people: tuple[int, ...] = (ALICE, BOB),
    *,
    ai: int = 0,
    guild_id: int | None = 1,
    seed: int = 7,
) -> Match:
    match = await service.open_lobby(
        game=game,
        guild_id=guild_id,
        channel_id=5,
        creator_id=people[0],
        settings={"options": {}},
        seated=list(people[1:]),
        ai_seats=ai,
        seed=seed,
    )
    return await service.start(match.id, people[0])


def user_of(match: Match, seat: int) -> int:
    user = match.seats[seat].user_id
    assert user is not None
    return user


async def play(service: MatchService, match_id: int, action: str, seat: int | None = None) -> Any:
    """Play ``action`` for ``seat`` (default: the only seat to act) as its person."""
    match = await service.get(match_id)
    state = service.load_state(match)
    if seat is None:
        (seat,) = service.engine(match).to_act(state)
    return await service.act(match_id, match.version, user_of(match, seat), action)


async def roll_then_move(service: MatchService, match_id: int) -> tuple[int, Any]:
    """Ruship: the player to act rolls, then makes a move that keeps their turn going.
    Returns their seat and the state between the roll and the move."""
    match = await service.get(match_id)
    (seat,) = service.engine(match).to_act(service.load_state(match))
    rolled = await play(service, match_id, "roll")
    engine = GAMES["ruship"]
    move = next(
        a
        for a in engine.legal_actions(rolled.state, seat)
        if engine.to_act(engine.apply(rolled.state, seat, a)) == {seat}
    )
    await play(service, match_id, move)
    return seat, rolled.state


def dumped(match: Match) -> Any:
    assert match.state is not None
    return json.loads(match.state)


async def replayed_dump(service: MatchService, match: Match) -> Any:
    """The state ``/log`` would replay: from the seed and the stored log."""
    log = await service.store.timed_action_log(match.id)
    *_, state = service.replayed(match, log)
    return service.engine(match).dump(state)


# ---------------------------------------------------------------- the store
async def test_a_rewind_drops_log_rows_in_one_versioned_write(
    service: MatchService, store: MatchStore
) -> None:
    match = await started(service)
    match = (await play(service, match.id, "roll")).match
    (seq, _seat, _action), *_ = await store.action_log(match.id)
    await store.put_undo_request(UndoRequest(match.id, ALICE, 0, match.version, seq, 1.0))
    rewound = await store.rewind(match, expected_version=match.version, drop=[seq], now=2.0)
    assert rewound.version == match.version + 1
    assert await store.action_log(match.id) == []
    assert await store.undo_request(match.id) is None, "the request goes with the rewind"
    with pytest.raises(StaleVersion):
        await store.rewind(match, expected_version=match.version, drop=[], now=3.0)


async def test_undo_requests_are_stored_one_per_match(
    store: MatchStore, service: MatchService
) -> None:
    match = await started(service)
    first = UndoRequest(match.id, ALICE, 0, 3, 3, 10.0)
    await store.put_undo_request(first)
    assert await store.undo_request(match.id) == first
    voted = UndoRequest(match.id, ALICE, 0, 3, 3, 10.0, accepted=(BOB, CAROL))
    await store.put_undo_request(voted)
    assert await store.undo_request(match.id) == voted
    await store.drop_undo_request(match.id)
    assert await store.undo_request(match.id) is None


# ---------------------------------------------------------------- the service
async def test_an_accepted_undo_replays_the_log_without_the_action(service: MatchService) -> None:
    match = await started(service)
    seat, between = await roll_then_move(service, match.id)
    asker = user_of(match, seat)
    other = user_of(match, 1 - seat)
    moved = await service.get(match.id)

    asked = await service.request_undo(match.id, asker)
    assert asked.voters == (other,) and not asked.done
    assert asked.plan.action != "roll"
    answer = await service.answer_undo(match.id, moved.version, other, True)

    assert answer.outcome == "done"
    rewound = await service.get(match.id)
    assert rewound.version == moved.version + 1
    assert dumped(rewound) == GAMES["ruship"].dump(between), "the position after the roll"
    log = await service.store.action_log(match.id)
    assert [action for _, _, action in log] == ["roll"]
    assert await replayed_dump(service, rewound) == dumped(rewound)
    # A click on the board of the move taken back is stale; play goes on from the roll.
    engine = GAMES["ruship"]
    again = engine.legal_actions(between, seat)[0]
    with pytest.raises(StaleBoard):
        await service.act(match.id, moved.version, asker, again)
    played = await service.act(match.id, rewound.version, asker, again)
    assert await replayed_dump(service, played.match) == dumped(played.match)


async def test_a_roll_cannot_be_taken_back(service: MatchService) -> None:
    match = await started(service)
    rolled = await play(service, match.id, "roll")
    with pytest.raises(undo.RandomSince):
        await service.request_undo(match.id, user_of(match, rolled.seat))


async def test_a_move_cannot_be_taken_back_once_the_dice_rolled_after_it(
    service: MatchService,
) -> None:
    match = await started(service)
    engine = GAMES["ruship"]
    # The first player rolls and plays their whole turn, then the other rolls.
    first = await play(service, match.id, "roll")
    state = first.state
    while engine.to_act(state) == {first.seat}:
        state = (await play(service, match.id, engine.legal_actions(state, first.seat)[0])).state
    await play(service, match.id, "roll")
    with pytest.raises(undo.RandomSince):
        await service.request_undo(match.id, user_of(match, first.seat))


async def test_nothing_to_undo_before_a_first_action(service: MatchService) -> None:
    match = await started(service)
    with pytest.raises(undo.NothingToUndo):
        await service.request_undo(match.id, ALICE)
    with pytest.raises(NotSeated):
        await service.request_undo(match.id, CAROL)


async def test_against_the_ai_an_action_is_taken_back_at_once(service: MatchService) -> None:
    match = await started(service, people=(ALICE,), ai=1)
    state = service.load_state(match)
    if 0 not in GAMES["ruship"].to_act(state):
        await service.act_as_ai(match.id, 1)  # the AI opens: roll and play its turn
        while (await service.act_as_ai(match.id, 1)) is not None:
            pass
    _seat, between = await roll_then_move(service, match.id)
    asked = await service.request_undo(match.id, ALICE)
    assert asked.done and asked.voters == ()
    assert dumped(asked.match) == GAMES["ruship"].dump(between)


async def test_a_refusal_ends_the_request_and_the_action_stands(service: MatchService) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    moved = await service.get(match.id)
    await service.request_undo(match.id, user_of(match, seat))
    answer = await service.answer_undo(match.id, moved.version, user_of(match, 1 - seat), False)
    assert answer.outcome == "refused"
    assert await service.get(match.id) == moved
    with pytest.raises(undo.UndoClosed):
        await service.answer_undo(match.id, moved.version, user_of(match, 1 - seat), True)


async def test_answers_from_outsiders_the_asker_and_stale_clicks(service: MatchService) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    asker, other = user_of(match, seat), user_of(match, 1 - seat)
    moved = await service.get(match.id)
    await service.request_undo(match.id, asker)
    with pytest.raises(undo.UndoWaiting):
        await service.request_undo(match.id, asker)
    with pytest.raises(undo.NotAVoter):
        await service.answer_undo(match.id, moved.version, CAROL, True)
    with pytest.raises(undo.OwnRequest):
        await service.answer_undo(match.id, moved.version, asker, True)
    with pytest.raises(undo.UndoClosed):
        await service.answer_undo(match.id, moved.version - 1, other, True)
    assert (await service.answer_undo(match.id, moved.version, other, True)).outcome == "done"
    with pytest.raises(undo.UndoClosed):  # a second click on Accept
        await service.answer_undo(match.id, moved.version, other, True)


async def test_the_asker_may_withdraw(service: MatchService) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    moved = await service.get(match.id)
    await service.request_undo(match.id, user_of(match, seat))
    answer = await service.answer_undo(match.id, moved.version, user_of(match, seat), False)
    assert answer.outcome == "withdrawn"
    assert await service.store.undo_request(match.id) is None


async def test_a_request_lapses_when_the_match_moves_on(service: MatchService) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    moved = await service.get(match.id)
    await service.request_undo(match.id, user_of(match, seat))
    state = service.load_state(moved)
    await play(service, match.id, GAMES["ruship"].legal_actions(state, seat)[0])
    with pytest.raises(undo.UndoLapsed):
        await service.answer_undo(match.id, moved.version, user_of(match, 1 - seat), True)
    assert await service.store.undo_request(match.id) is None


async def test_a_request_expires_after_a_day(service: MatchService, clock: Clock) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    moved = await service.get(match.id)
    await service.request_undo(match.id, user_of(match, seat))
    clock.now += undo.UNDO_EXPIRY_SECONDS + 1
    with pytest.raises(undo.UndoExpired):
        await service.answer_undo(match.id, moved.version, user_of(match, 1 - seat), True)


async def place_a_car(service: MatchService, match_id: int) -> int:
    """Rush'n'Crush: the seat whose turn it is places its car on the grid (a public choice,
    no dice). Returns that seat."""
    match = await service.get(match_id)
    state = service.load_state(match)
    (seat,) = GAMES["rushncrush"].to_act(state)
    await play(service, match_id, GAMES["rushncrush"].legal_actions(state, seat)[0])
    return seat


async def grid_match(
    service: MatchService, people: tuple[int, ...], guild_id: int | None
) -> tuple[Match, int]:
    """A Rush'n'Crush match whose first car is placed, and the seat that placed it."""
    match = await started(service, "rushncrush", people, guild_id=guild_id)
    placed = await place_a_car(service, match.id)
    return await service.get(match.id), placed


async def test_a_rated_match_never_goes_back_over_another_players_move(
    service: MatchService,
) -> None:
    match, placed = await grid_match(service, (ALICE, BOB, CAROL), guild_id=1)
    await place_a_car(service, match.id)
    with pytest.raises(undo.OthersActed):
        await service.request_undo(match.id, user_of(match, placed))


async def test_an_unrated_match_goes_back_over_the_others_moves_when_all_agree(
    service: MatchService,
) -> None:
    match, placed = await grid_match(service, (ALICE, BOB, CAROL), guild_id=None)
    engine = GAMES["rushncrush"]
    opening = engine.dump(engine.new_state(3, match.seed, {}))
    await place_a_car(service, match.id)
    asker = user_of(match, placed)
    asked = await service.request_undo(match.id, asker)
    voters = asked.voters
    assert sorted(voters) == sorted(u for u in (ALICE, BOB, CAROL) if u != asker)
    version = asked.match.version
    first = await service.answer_undo(match.id, version, voters[0], True)
    assert first.outcome == "accepted" and first.waiting == (voters[1],)
    with pytest.raises(undo.AlreadyAccepted):
        await service.answer_undo(match.id, version, voters[0], True)
    done = await service.answer_undo(match.id, version, voters[1], True)
    assert done.outcome == "done"
    assert dumped(done.match) == opening
    assert await service.store.action_log(match.id) == []


async def test_standing_orders_set_since_neither_block_nor_vanish(service: MatchService) -> None:
    match, placed = await grid_match(service, (ALICE, BOB), guild_id=1)
    following = 1 - placed
    order = service.order_actions(match, service.load_state(match), following)[0]
    asker = user_of(match, placed)
    asked = await service.request_undo(match.id, asker)
    # The other player sets a private standing order meanwhile: the request still stands.
    current = await service.get(match.id)
    await service.act(match.id, current.version, user_of(match, following), order)
    done = await service.answer_undo(match.id, asked.match.version, user_of(match, following), True)
    assert done.outcome == "done"
    log = await service.store.action_log(match.id)
    assert [action for _, _, action in log] == [order]
    assert await replayed_dump(service, done.match) == dumped(done.match)


async def test_a_card_drawn_or_kept_cannot_be_taken_back(service: MatchService) -> None:
    match = await started(service, "bugrace")
    state = service.load_state(match)
    keep = GAMES["bugrace"].legal_actions(state, 0)[0]
    await service.act(match.id, match.version, user_of(match, 0), keep)
    with pytest.raises(undo.HiddenSince):
        await service.request_undo(match.id, user_of(match, 0))


async def test_no_undo_in_a_real_time_game(service: MatchService) -> None:
    match = await started(service, "rushout", (ALICE, BOB, CAROL))
    engine = GAMES["rushout"]
    state = service.load_state(match)
    seat = min(engine.to_act(state))
    await service.act(
        match.id, match.version, user_of(match, seat), engine.legal_actions(state, seat)[0]
    )
    with pytest.raises(undo.UndoRealTime):
        await service.request_undo(match.id, user_of(match, seat))


# ---------------------------------------------------------------- the generic tests
def test_random_draws_are_counted_only_where_watched() -> None:
    elsewhere: list[int] = []

    def draw_in_another_thread() -> None:
        SeededRng(2).die()
        elsewhere.append(1)

    with watch_draws() as watch:
        SeededRng(1).dice(2)
        thread = threading.Thread(target=draw_in_another_thread)
        thread.start()
        thread.join()
    SeededRng(3).die()
    assert watch.draws == 2 and elsewhere == [1]


def replay_of(engine: Any, states: list[Any]) -> undo.Replay:
    """A replay that reads the states of a play-out instead of computing them again."""

    def replay(entries: Any, start: Any) -> Any:
        if start is None:  # from the opening: the states played already
            yield from states[: len(entries) + 1]
            return
        yield start
        for _, acted, done, _ in entries:
            start = engine.apply(start, acted, done)
            yield start

    return replay


@pytest.mark.parametrize("game", sorted(g for g in GAMES if g != "rushout"))
def test_every_undo_allowed_in_random_play_brings_back_the_state_before(game: str) -> None:
    """Random play-outs of every turn game: wherever the rules let the last actor take their
    action back, the rewound state is the one before it (with standing orders kept), and it
    was allowed only when no die was thrown and no hidden information moved."""
    import random

    engine = GAMES[game]
    allowed = refused = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = engine.min_players
        states = [engine.new_state(players, seed, {})]
        log: list[undo.LogEntry] = []
        for step in range(120):
            acting = sorted(engine.to_act(states[-1]))
            if not acting:
                break
            seat = rng.choice(acting)
            action = rng.choice(engine.legal_actions(states[-1], seat))
            states.append(engine.apply(states[-1], seat, action))
            log.append((step + 1, seat, action, 0.0))
            if is_order_action(action):
                continue

            try:
                plan = undo.plan_undo(
                    engine,
                    players,
                    log,
                    seat,
                    rated=True,
                    replay=replay_of(engine, states),
                    stored=states[-1],
                )
            except (undo.RandomSince, undo.HiddenSince):
                refused += 1
                continue
            allowed += 1
            assert engine.dump(plan.state) == engine.dump(states[-2])
            with watch_draws() as watch:
                engine.apply(states[-2], seat, action)
            assert watch.draws == 0
    assert allowed and refused, (allowed, refused)


async def test_a_rematch_of_a_match_with_an_undo_plays_normally(service: MatchService) -> None:
    match = await started(service)
    seat, _ = await roll_then_move(service, match.id)
    moved = await service.get(match.id)
    await service.request_undo(match.id, user_of(match, seat))
    done = await service.answer_undo(match.id, moved.version, user_of(match, 1 - seat), True)
    assert done.match.settings[UNDONE_AT] == done.match.version
    await service.resign(match.id, ALICE)
    # The rematch starts from the old match's settings (as the Rematch button does).
    rematch = await service.open_lobby(
        game="ruship",
        guild_id=1,
        channel_id=5,
        creator_id=ALICE,
        settings={**done.match.settings, "rematch_of": match.id},
        seated=[BOB],
        seed=8,
    )
    rematch = await service.start(rematch.id, ALICE)
    assert UNDONE_AT not in rematch.settings
    played = await play(service, rematch.id, "roll")
    assert played.match.version == rematch.version + 1


async def test_a_rematch_starts_afresh_after_standing_orders_and_an_undo(
    service: MatchService,
) -> None:
    # Its buttons and replays count from zero: the standing orders and the undo of the
    # match it follows are that match's own (a rematch of a match with orders once made
    # buttons of version -18, which Discord refused).
    from bot.table.writes import PRIVATE_WRITES, public_version

    match, _ = await grid_match(service, (ALICE, BOB), guild_id=None)
    engine: Any = GAMES["rushncrush"]
    for _ in range(3):
        current = await service.get(match.id)
        state = service.load_state(current)
        seat = current.seat_of(ALICE)
        assert seat is not None
        order = engine.order_actions(state, seat)[0]
        await service.act(current.id, current.version, ALICE, order)
    ordered = await service.get(match.id)
    assert ordered.settings[PRIVATE_WRITES] == 3
    await service.resign(match.id, ALICE)
    rematch = await service.rematch(match.id, BOB)
    assert PRIVATE_WRITES not in rematch.settings and public_version(rematch) == rematch.version
    assert rematch.settings["rematch_of"] == match.id
