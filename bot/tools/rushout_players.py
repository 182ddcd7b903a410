"""Baseline Rush Out! players written from the rules, to check the engine's AI against.

They know only what a player sees (the seat's view, the events of each action) and use only
the engine's public API; action strings are never taken apart (the view's placements say
what each placement fills), only their verbs compared with the engine's constants.

* ``quick_policy``: places the placement that completes a card, else fills the most slots;
  else throws. What a hurried beginner does; the Monte-Carlo rollouts' default policy.
* ``GreedyPlayer``: 1-ply. Tries every legal action on a copy, scores the position it
  leads to (``evaluate``: cards filled, harms on the heroes, the dragon, souls, lives,
  trophies, from the camp's side, plus the completions the action made), plays the best;
  throws when nothing beats the current position.
* ``MonteCarloPlayer``: flat Monte-Carlo. The greedy's best few actions and the throw are
  each played out several times for a few seconds of live play (every seat on
  ``quick_policy``, ``bot.tools.rushout_live``'s pacing); the best mean score wins. Each
  rollout throws dice of its own seed: it never sees the match's future throws.

Each is a ``Policy`` (``bot.tools.rushout_live``): give it to one seat or to a whole camp.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.games.rushout import GAME, RushOutState
from bot.games.rushout.state import BUY, CHECK, DONE, RECALL, THROW, clone
from bot.games.rushout.views import CardView, DiceView, RushOutPublicView, SlotView
from bot.tools.rushout_live import HAND_TIME, Policy, play_live

HEROES: Final = "heroes"
SORCERER: Final = "sorcerer"
WIN: Final = 1000.0
COMPLETION: Final = 10.0
INVOCATION: Final = 6.0
FILL: Final = 4.0
HARM: Final = 4.0
WOUND: Final = 3.0
DRAGON_STEP: Final = 8.0
SOUL: Final = 3.0
LIFE: Final = 4.0
TROPHY: Final = 200.0
GOLD: Final = 3.0
STUCK: Final = 3.0
#: Hero colours a card may hold (the rules).
MAX_COLOURS: Final = 2


# --- what a position is worth, from a camp's side ----------------------------------------------
def _filled(slots: Sequence[SlotView]) -> float:
    return sum(1 for slot in slots if slot["seat"] is not None) / len(slots) if slots else 0.0


def _stuck(dice: DiceView) -> bool:
    """Every die of the seat is on a card (or condemned) that is not complete: it cannot
    throw until someone else completes the card or it takes dice back."""
    return dice["placed"] > 0 and dice["placed"] + dice["condemned"] >= dice["total"]


def _in_hand(dice: DiceView) -> int:
    return dice["total"] - dice["placed"] - dice["condemned"]


def _feasible(slots: Sequence[SlotView], hands: dict[int, int], free: list[int]) -> bool:
    """Whether the dice that may still come to a card can fill it: those in the hands of the
    seats already on it, and a free hero's when the card has room for another colour (a
    card some seat cannot finish is worth nothing yet)."""
    empty = sum(1 for slot in slots if slot["seat"] is None)
    seats = {slot["seat"] for slot in slots if slot["seat"] is not None}
    supply = sum(hands.get(seat, 0) for seat in seats)
    if len(seats) < MAX_COLOURS:
        supply += max((hands[seat] for seat in free if seat not in seats), default=0)
    return empty <= supply


def _cards(view: RushOutPublicView) -> list[CardView]:
    cards = [card for card in (*view["trials"], *view["spells"]) if card is not None]
    cards += view["hexes"]
    cards += [hero["wound"] for hero in view["heroes"] if hero["wound"] is not None]
    cards += [s["card"] for s in view["sorcerer"]["scrolls"] if s["card"] is not None]
    if view["dragon"] is not None:
        cards.append(view["dragon"]["tile"])
    return cards


def heroes_lead(view: RushOutPublicView) -> float:
    """How far the heroes are ahead of the sorcerer in a position (negative: behind)."""
    score = 0.0
    outcome = view["outcome"]
    if outcome is not None:
        won = view["sorcerer"]["seat"] not in outcome["winners"]
        return WIN if won else -WIN
    hands = {hero["seat"]: _in_hand(hero["dice"]) for hero in view["heroes"]}
    free = [
        seat for seat, hero in zip(hands, view["heroes"], strict=True) if not hero["dice"]["placed"]
    ]
    sorcerer = view["sorcerer"]["dice"]
    for card in _cards(view):
        if card["dragon"]:
            continue
        if _feasible(card["hero_slots"], hands, free):
            score += FILL * _filled(card["hero_slots"]) ** 2
        if _feasible(card["sorcerer_slots"], {view["sorcerer"]["seat"]: _in_hand(sorcerer)}, []):
            score -= FILL * _filled(card["sorcerer_slots"]) ** 2
    score -= STUCK * sum(1 for hero in view["heroes"] if _stuck(hero["dice"]))
    score += STUCK * _stuck(view["sorcerer"]["dice"])
    score -= HARM * len(view["hexes"])
    score -= WOUND * sum(1 for hero in view["heroes"] if hero["wounded"])
    if view["dragon"] is not None:
        score -= DRAGON_STEP * view["dragon"]["position"] ** 1.5
    if view["souls"] is not None:
        score -= SOUL * view["souls"]["taken"]
    if view["lives"] is not None:
        score -= LIFE * view["lives"]
    if view["trophies"] is not None:
        score += TROPHY * (view["trophies"]["heroes"] - view["trophies"]["sorcerer"])
    if view["gold"] is not None:
        score += GOLD * (view["gold"]["heroes"] - view["gold"]["sorcerer"])
    return score


def events_lead(events: Sequence[dict[str, Any]]) -> float:
    """What the events of some actions did for the heroes (a completed card is replaced by
    an empty one, so its worth is only in the events)."""
    score = 0.0
    for event in events:
        kind = event.get("type")
        if kind == "completed":
            score += COMPLETION if event.get("camp") == HEROES else -COMPLETION
        elif kind == "invoked":
            score -= INVOCATION
        elif kind == "discarded_top":
            score += COMPLETION if event.get("camp") == HEROES else -COMPLETION
    return score


def evaluate(view: RushOutPublicView, camp: str, events: Sequence[dict[str, Any]] = ()) -> float:
    lead = heroes_lead(view) + events_lead(events)
    return lead if camp == HEROES else -lead


def _camp(state: RushOutState, seat: int) -> str:
    return SORCERER if GAME.view(state, None)["sorcerer"]["seat"] == seat else HEROES


def _verb(action: str, verb: str) -> bool:
    return action == verb or action.startswith(verb + " ")


def _market(legal: list[str], rng: random.Random) -> str:
    """Gold is lost after the market: buy something while one can, else done."""
    buys = [action for action in legal if _verb(action, BUY)]
    return rng.choice(buys) if buys else DONE


# --- the hurried beginner ------------------------------------------------------------------------
def quick_policy(state: RushOutState, seat: int, rng: random.Random) -> str:
    view = GAME.view(state, seat)
    me = view["me"]
    legal = me["actions"]
    if view["phase"] == "market":
        return _market(legal, rng)
    if me["choices"]:
        return rng.choice(me["choices"])
    if CHECK in legal:
        return CHECK
    cards = {card["target"]: card for card in _cards(view)}
    best: tuple[float, float, str] | None = None
    for placement in me["placements"]:
        card = cards[placement["target"]]
        mine = card["hero_slots"] if me["camp"] == HEROES else card["sorcerer_slots"]
        if not mine and me["camp"] == SORCERER:
            mine = card["hero_slots"]
        empty = sum(1 for slot in mine if slot["seat"] is None)
        placed = len(placement["slots"])
        completes = placed == empty and not card["dragon"]
        score = 100.0 if completes else placed + (len(mine) - empty) / max(1, len(mine))
        candidate = (score, rng.random(), placement["action"])
        if best is None or candidate > best:
            best = candidate
    if best is not None:
        return best[2]
    if THROW in legal:
        return THROW
    recalls = [action for action in legal if _verb(action, RECALL)]
    if recalls:
        return recalls[0]
    return rng.choice(legal)


# --- 1-ply greedy --------------------------------------------------------------------------------
def ranked_actions(state: RushOutState, seat: int, now: float) -> list[tuple[float, str]]:
    """Each legal action now but the throw, with the worth of the position it leads to."""
    camp = _camp(state, seat)
    ranked = []
    for action in GAME.legal_actions_at(state, seat, now):
        if action == THROW:
            continue
        after = GAME.apply_at(state, seat, action, now)
        ranked.append((evaluate(GAME.view(after, None), camp, after.events), action))
    ranked.sort(key=lambda pair: -pair[0])
    return ranked


@dataclass
class GreedyPlayer:
    """1-ply: the action whose resulting position ``evaluate`` likes best."""

    def __call__(self, state: RushOutState, seat: int, rng: random.Random) -> str:
        legal = GAME.legal_actions(state, seat)
        if GAME.view(state, None)["phase"] == "market":
            return _market(legal, rng)
        now = GAME.view(state, None)["clock"]["now"]
        ranked = ranked_actions(state, seat, now)
        if THROW in legal:
            stay = evaluate(GAME.view(state, None), _camp(state, seat))
            if not ranked or ranked[0][0] <= stay + 1e-9:
                return THROW
        return ranked[0][1] if ranked else rng.choice(legal)


# --- flat Monte-Carlo ----------------------------------------------------------------------------
@dataclass
class MonteCarloPlayer:
    """Flat Monte-Carlo over ``quick_policy`` play-outs of ``horizon`` seconds."""

    candidates: int = 4
    rollouts: int = 4
    horizon: float = 7.5
    stats: list[int] = field(default_factory=lambda: [0, 0])  # decisions, of which searched

    def __call__(self, state: RushOutState, seat: int, rng: random.Random) -> str:
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, None)
        if view["phase"] == "market":
            return _market(legal, rng)
        now = view["clock"]["now"]
        ranked = ranked_actions(state, seat, now)
        options = [action for _, action in ranked[: self.candidates]]
        if THROW in legal:
            options.append(THROW)
        self.stats[0] += 1
        if len(options) <= 1:
            return options[0] if options else rng.choice(legal)
        self.stats[1] += 1
        camp = _camp(state, seat)
        best: tuple[float, str] | None = None
        for action in options:
            total = sum(
                self._rollout(state, seat, action, now, camp, rng.randrange(1 << 30))
                for _ in range(self.rollouts)
            )
            if best is None or total > best[0]:
                best = (total, action)
        assert best is not None
        return best[1]

    def _rollout(
        self, state: RushOutState, seat: int, action: str, now: float, camp: str, seed: int
    ) -> float:
        # The state carries the dice stream: a rollout on it would know the real future
        # throws. Each rollout throws its own dice instead.
        state = clone(state)
        state.rng = seed
        events: list[dict[str, Any]] = []
        policies: dict[int, Policy] = dict.fromkeys(range(state.players), quick_policy)
        start = now
        if action == THROW:
            first = [True]

            def throw_first(s: RushOutState, k: int, r: random.Random) -> str:
                if first[0]:
                    first[0] = False
                    return THROW
                return quick_policy(s, k, r)

            policies[seat] = throw_first
        else:
            state = GAME.apply_at(state, seat, action, now)
            events += state.events
            start = now + HAND_TIME
        if GAME.outcome(state) is None:
            state, _ = play_live(
                state.players,
                seed,
                policies=policies,
                state=state,
                start=start,
                until=now + self.horizon,
                observer=lambda after: events.extend(after.events),
            )
        return evaluate(GAME.view(state, None), camp, events)
