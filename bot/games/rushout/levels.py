"""Rush Out!'s AI levels (``GAME.bot_action``): ``easy``, ``normal`` (``ai.choose_action``)
and ``hard`` (the normal AI's best few actions, each played on at live pace in sampled
worlds).

Every level reads only what its seat may know: the table, every seat's dice (thrown dice
lie in the open) and the public counts. ``determinize`` draws what the seat cannot see (the
order of both decks, the dice to come) from that alone. The decks keep their sizes: a
player who remembers every card seen knows them (the rules forbid counting a deck, not
remembering a game), and a play-out must know when a camp reveals its last card.

The levels differ in what they decide, not in how fast they act: the table paces every AI
seat alike (``cogs._seats``: one action at least every ``AI_THINK_SECONDS``, a throw once
the cooldown allows), as the balance simulator does (``bot.tools.rushout_live``).

Hard searches in live play only: its play-outs run at live pace. In a pulse (and for spell
choices, checks and the market) every level plays as normal.
"""

from __future__ import annotations

import heapq
import random
from typing import Final

from bot.games.base import SeededRng, player_of_level
from bot.games.rushout import data
from bot.games.rushout.actions import execute, legal_now, ready_time
from bot.games.rushout.ai import choose_action, scored_placements
from bot.games.rushout.state import (
    CHECK,
    HERO,
    LIVE,
    MARKET,
    OVER,
    PLACE,
    PLAY,
    RECALL,
    SORCERER,
    THROW,
    JsonDict,
    RushOutState,
    camp_side,
    clone,
    committed_target,
    dragon_blocks,
    targets,
)


def level_action(state: RushOutState, seat: int, rng: random.Random, level: str) -> str:
    """The AI's action at ``level``: ``easy``, ``normal`` or ``hard``."""
    return player_of_level(level, easy_action, normal_action, hard_action)(state, seat, rng)


def normal_action(state: RushOutState, seat: int, rng: random.Random) -> str:
    """The normal AI (``ai.choose_action``): also the play-outs' policy."""
    return choose_action(state, seat, legal_now(state, seat), rng)


# --- what the seat cannot see --------------------------------------------------------------
def determinize(state: RushOutState, seat: int, rng: random.Random) -> RushOutState:
    """A game ``seat`` cannot tell from ``state``: both decks gathered in sorted order and
    shuffled again (each keeps its size), the random generator (the dice to come) reseeded."""
    world = clone(state)
    world.trial_deck = sorted(world.trial_deck)
    rng.shuffle(world.trial_deck)
    world.spell_deck = sorted(world.spell_deck)
    rng.shuffle(world.spell_deck)
    world.rng = SeededRng(rng.getrandbits(63)).state
    world.events = []
    return world


def _apply(state: RushOutState, seat: int, action: str, at: float) -> RushOutState:
    """``action`` (legal: taken from ``legal_now``) applied at ``at`` in live play, as
    ``apply_at`` does it, without checking it again."""
    new = clone(state)
    new.events = []
    new.clock = max(at, state.clock)
    execute(new, seat, action, new.clock, new.events)
    return new


def completions(state: RushOutState, seat: int) -> list[str]:
    """The seat's placements that complete a card or tile now, the normal AI's favourite
    first."""
    scored = [s for s in scored_placements(state, seat) if s.eta == 0.0]
    scored.sort(key=lambda s: -s.score)
    return [s.action for s in scored]


def decisive(state: RushOutState, seat: int, rng: random.Random) -> str | None:
    """A check or a completion that wins the match or the round for the seat's camp, or
    stops it being lost (the dragon pushed back from the heroes' deck, a wound healed
    before the souls run out): tried in a world the seat cannot tell from this one."""
    legal = legal_now(state, seat)
    if CHECK in legal:
        return CHECK
    done = completions(state, seat)
    if not done:
        return None
    camp = state.camp(seat)
    world = determinize(state, seat, rng)
    before = _danger(world, camp)
    for action in done:
        after = _apply(world, seat, action, world.clock)
        if _won(world, after, camp) or _danger(after, camp) < before:
            return action
    return None


def _won(before: RushOutState, after: RushOutState, camp: str) -> bool:
    if after.outcome is not None:
        return any(after.camp(winner) == camp for winner in after.outcome.winners)
    return after.trophies[camp] > before.trophies[camp]


def _danger(state: RushOutState, camp: str) -> int:
    """How close the other camp is to a win it cannot be stopped from otherwise: the
    dragon one step from the heroes' deck, the souls one wound from the sorcerer's pool."""
    if camp != HERO:
        return 0
    danger = 0
    if state.dragon is not None and state.dragon >= data.DRAGON_AT_DECK - 2:
        danger += state.dragon
    if state.rules.souls:
        wounded = sum(1 for hero in state.heroes() if state.seats[hero].wound is not None)
        if state.souls_taken + wounded + 1 >= data.SOULS[len(state.heroes())]:
            danger += wounded
    return danger


# --- easy ----------------------------------------------------------------------------------
#: How often easy places (or recalls) where the normal AI would; else its dice stay where
#: they are, and it places on a card it can still complete: where its dice fill the most
#: slots ``EASY_PLAIN_SHARE`` of the time, else anywhere at random.
EASY_NORMAL_SHARE: Final = 0.3
EASY_PLAIN_SHARE: Final = 0.8


def easy_action(state: RushOutState, seat: int, rng: random.Random) -> str:
    """A beginner: the normal AI's throws, spell choices and market; but it places where
    the normal AI would only ``EASY_NORMAL_SHARE`` of the time, else on a card it can
    still complete, where its dice fill the most slots or anywhere (``EASY_PLAIN_SHARE``),
    and it leaves its dice on a card the normal AI would give up for a better one as often
    (a card under the dragon it always leaves). It never throws the game away in one move:
    it checks when it must, and makes a completion that wins or saves the round."""
    normal = normal_action(state, seat, rng)
    if state.phase != PLAY or normal == CHECK:
        return normal
    if normal.startswith(PLACE + " ") or normal == THROW:
        winning = decisive(state, seat, rng)
        if winning is not None:
            return winning
    if rng.random() < EASY_NORMAL_SHARE:
        return normal
    if normal == RECALL:
        code = committed_target(state, seat)
        stays = code is not None and not dragon_blocks(state, code)
        return THROW if stays and THROW in legal_now(state, seat) else normal
    if not normal.startswith(PLACE + " "):
        return normal
    scored = scored_placements(state, seat)
    if rng.random() < EASY_PLAIN_SHARE:
        most = max(s.filled for s in scored)
        scored = [s for s in scored if s.filled == most]
    return scored[rng.randrange(len(scored))].action


# --- hard ----------------------------------------------------------------------------------
#: Actions hard weighs at most, the normal AI's first (``hard_candidates``).
HARD_CANDIDATES: Final = 3
#: A second placement within this share of the best one's score is weighed too.
HARD_CLOSE: Final = 0.8
#: A best placement saving less than this (the normal AI's score) is weighed against the
#: throw, and a placement scoring more than minus this against the normal AI's throw.
HARD_SMALL: Final = 1.0
#: Play-outs per decision in all, by player count (each candidate plays the same worlds;
#: a play-out costs more with more seats): a fixed budget, so a decision is the same for
#: a seed however busy the machine is.
HARD_PLAYOUTS: Final = {3: 12, 4: 10, 5: 8}
#: Match seconds a play-out lasts (about three throws), every seat on the normal AI.
HARD_HORIZON: Final = 7.5
#: The time every action but a throw takes in a play-out (also the balance simulator's,
#: ``bot.tools.rushout_live``).
HARD_HAND_TIME: Final = 0.7
#: How much better than the normal AI's action (in ``lead`` units, a completed card 10) an
#: alternative must do on average to be played instead.
HARD_MARGIN: Final = 1.5

#: What a position's features are worth to the heroes (the sorcerer: the opposite).
WIN: Final = 1000.0
TROPHY: Final = 200.0
COMPLETION: Final = 10.0
INVOCATION: Final = 6.0
FILL: Final = 4.0
HEX: Final = 4.0
WOUND: Final = 3.0
DRAGON_STEP: Final = 8.0
SOUL: Final = 3.0
LIFE: Final = 4.0
GOLD: Final = 3.0


def hard_action(state: RushOutState, seat: int, rng: random.Random) -> str:
    """In live play, with dice to place or a card to leave: the normal AI's action or one
    of its alternatives (``hard_candidates``), each played on in the same sampled worlds
    (``determinize``) for ``HARD_HORIZON`` match seconds by the normal AI at every seat,
    the worlds' ends judged by ``lead``; an alternative is played only when it does better
    than the normal AI's action by ``HARD_MARGIN`` on average. A check, or a completion
    that wins or saves the round, is never weighed: it is played. Spell choices, the market
    and pulse play are the normal AI's."""
    normal = normal_action(state, seat, rng)
    if state.play != LIVE or state.phase != PLAY or normal == CHECK:
        return normal
    if normal.startswith(PLACE + " ") or normal == THROW:
        winning = decisive(state, seat, rng)
        if winning is not None:
            return winning
    candidates = hard_candidates(state, seat, normal)
    if len(candidates) == 1:
        return normal
    count = max(1, HARD_PLAYOUTS[state.players] // len(candidates))
    worlds = [determinize(state, seat, rng) for _ in range(count)]
    camp = state.camp(seat)
    totals = dict.fromkeys(candidates, 0.0)
    for world in worlds:
        seed = rng.getrandbits(63)
        for action in candidates:
            end, events = playout(world, seat, action, HARD_HORIZON, random.Random(seed))
            totals[action] += lead(end, events, camp)
    best = max(candidates, key=lambda action: totals[action])
    if totals[best] > totals[normal] + HARD_MARGIN * len(worlds):
        return best
    return normal


def hard_candidates(state: RushOutState, seat: int, normal: str) -> list[str]:
    """The normal AI's action first, then the alternatives its own scores leave in doubt:
    its second best placement when that scores nearly as well (``HARD_CLOSE``), the throw
    (placing nothing) when its best placement saves little (``HARD_SMALL``), its best
    placement when it throws instead, keeping its dice on their card when it recalls them.
    Only the normal AI's action where it is clear (most decisions: a throw with nothing
    worth placing, a completion, a spell's choice)."""
    legal = legal_now(state, seat)
    scored = sorted(scored_placements(state, seat), key=lambda s: -s.score)
    candidates = [normal]
    if normal.startswith(PLACE + " ") and scored:
        best = scored[0].score
        if scored[0].eta == 0.0:
            return candidates  # a completion: played
        close = [s for s in scored[1:] if s.score > 0 and s.score >= HARD_CLOSE * best]
        candidates += [s.action for s in close[:1]]
        if best < HARD_SMALL and THROW in legal:
            candidates.append(THROW)
    elif normal == THROW and scored and scored[0].score > -HARD_SMALL:
        candidates.append(scored[0].action)
    elif normal == RECALL and THROW in legal and _recall_worth_weighing(state, seat):
        candidates.append(THROW)
    return list(dict.fromkeys(candidates))[:HARD_CANDIDATES]


def _recall_worth_weighing(state: RushOutState, seat: int) -> bool:
    """Whether the seat's dice lie on a card another one could beat: not on the card it
    is about to complete, and another card is open to it."""
    code = committed_target(state, seat)
    if code is None:
        return False
    camp = state.camp(seat)
    others = 0
    for other, play in targets(state):
        if other != code and camp_side(state, other, play, camp) is not None:
            others += not dragon_blocks(state, other)
    return others > 0


def playout(
    world: RushOutState,
    seat: int,
    first: str,
    horizon: float,
    rng: random.Random,
) -> tuple[RushOutState, list[JsonDict]]:
    """``first`` played by ``seat`` now, then every seat on the normal AI at live pace (a throw
    as soon as the cooldown allows, every other action ``HARD_HAND_TIME``, each seat looking
    again one hand time after anything changes: ``bot.tools.rushout_live``'s pacing) for
    ``horizon`` match seconds or to the match's end; the state then and the events."""
    state = world
    now = state.clock
    end = now + horizon
    events: list[JsonDict] = []
    wake = [now + HARD_HAND_TIME] * state.players
    if first == THROW and now < ready_time(state, seat):
        wake[seat] = ready_time(state, seat)  # the seat waits for its cooldown
    else:
        state = _apply(state, seat, first, now)
        events += state.events
    heap = [(at, index) for index, at in enumerate(wake)]
    heapq.heapify(heap)
    while heap and state.phase != OVER:
        at, mover = heapq.heappop(heap)
        if at != wake[mover]:
            continue
        if at > end:
            break
        wake[mover] = float("inf")
        ready = ready_time(state, mover)
        if at < ready and _idle(state, mover):
            wake[mover] = ready  # nothing to place: the seat waits for its next throw
            heapq.heappush(heap, (ready, mover))
            continue
        legal = legal_now(state, mover)
        if not legal or (legal == [THROW] and at < ready):
            if legal and ready > at:
                wake[mover] = ready
                heapq.heappush(heap, (ready, mover))
            continue
        action = choose_action(state, mover, legal, rng)
        if action == THROW and at < ready:
            wake[mover] = ready
            heapq.heappush(heap, (ready, mover))
            continue
        state = _apply(state, mover, action, at)
        events += state.events
        nxt = at + HARD_HAND_TIME
        for other in range(state.players):
            if other == mover or wake[other] > nxt:
                wake[other] = nxt
                heapq.heappush(heap, (nxt, other))
    return state, events


def _idle(state: RushOutState, seat: int) -> bool:
    """In a play-out: a seat with no dice to place nor anything owed, which waits for its
    cooldown (the normal AI might take its dice back meanwhile; play-outs leave that to
    its next throw, to stay quick)."""
    mine = state.seats[seat]
    owes = seat == state.sorcerer and state.pending is not None
    return state.phase == PLAY and not mine.fresh and not mine.must_check and not owes


def lead(state: RushOutState, events: list[JsonDict], camp: str) -> float:
    """How far ``camp`` is ahead at the end of a play-out: the match or the round won, the
    cards each camp completed on the way (its deck's steps) and the board now: cards
    partly filled, curses and dissipations on the heroes, wounds, the dragon, souls, lives,
    gold."""
    heroes = _heroes_lead(state, events)
    return heroes if camp == HERO else -heroes


def _heroes_lead(state: RushOutState, events: list[JsonDict]) -> float:
    if state.outcome is not None:
        won = state.sorcerer not in state.outcome.winners
        return WIN if won else -WIN
    score = TROPHY * (state.trophies[HERO] - state.trophies[SORCERER])
    if state.phase == MARKET:
        return score
    for event in events:
        kind = event["type"]
        if kind == "completed":
            if event["camp"] == HERO and event["target"][0] == "t":
                score += COMPLETION
            elif event["camp"] == SORCERER and event["target"][0] in "st":
                score -= COMPLETION
        elif kind == "discarded_top":
            score += COMPLETION if event["camp"] == HERO else -COMPLETION
        elif kind == "invoked":
            score -= INVOCATION
    for code, play in targets(state):
        if dragon_blocks(state, code):
            continue
        for side, sign in ((play.hero, 1.0), (play.sorcerer, -1.0)):
            if side:
                filled = sum(1 for die in side if die is not None) / len(side)
                score += sign * FILL * filled * filled
    heroes = state.heroes()
    score -= HEX * len(state.hexes)
    score -= WOUND * sum(1 for hero in heroes if state.seats[hero].wound is not None)
    if state.dragon is not None:
        score -= DRAGON_STEP * state.dragon**1.5
    score -= SOUL * state.souls_taken
    score -= LIFE * state.lives
    score += GOLD * (state.gold[HERO] - state.gold[SORCERER])
    return score


__all__ = [
    "determinize",
    "easy_action",
    "hard_action",
    "hard_candidates",
    "lead",
    "level_action",
    "normal_action",
    "playout",
]
