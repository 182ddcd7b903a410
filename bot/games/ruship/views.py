"""The views Ruship publishes, typed: what its renderer and its cog read.

Ruship hides nothing, so a seat's view is the public view (``RushipSeatView``). Keys named
``from`` cannot be class attributes, so the records holding one use ``TypedDict``'s call form.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict

#: The sides, by seat: seat 0 plays Humanity, seat 1 the Alien.
Faction = Literal["humanity", "alien"]
#: A turn's phases: roll the dice, move with them, the attacked side picks a Power; or over.
Phase = Literal["roll", "move", "power", "over"]
#: What the last action did (``{"type": "roll", ...}``); the cog turns them into sentences.
Event: TypeAlias = dict[str, Any]

#: One move of a turn, as the board shows it: ``kind`` is ``enter``, ``move``, ``back``,
#: ``carrier`` or ``attack``; ``from`` is None for an entry, which records where its carrier
#: stood then (``carrier``).
MoveRecord = TypedDict(
    "MoveRecord",
    {
        "seat": int,
        "kind": str,
        "from": int | None,
        "to": int,
        "captured": list[int],
        "carrier": NotRequired[int],
    },
)

#: Where a legal move of the turn lands, keyed by its action in ``choices`` (public: anyone
#: can work it out), so a button can name the landing space.
Choice = TypedDict(
    "Choice",
    {
        "kind": str,
        "from": int | None,
        "to": int,
        "die": int,
        "plus": bool,
        "attack": bool,
        "captures": int,
    },
)


class OutcomeView(TypedDict):
    winners: list[int]
    reason: str


class RushipPublicView(TypedDict):
    """``GAME.view(state, None)``: the whole position (Ruship has no hidden information)."""

    game: str
    factions: list[Faction]
    first_player: int
    start_rolls: list[list[int]]
    turn: int | None  # None once the game is over
    phase: Phase
    to_act: list[int]
    mothership: int
    vortex: int
    tokens: dict[Faction, list[int]]  # board positions; a stacked pair appears twice
    reserve: dict[Faction, int]
    powers: dict[Faction, list[str]]
    power_pool: list[str]
    attacks: dict[Faction, int]  # the attacks each side's planet has suffered
    dice: list[int]
    dice_used: list[bool]
    plus_one_used: list[bool]
    reroll_used: bool
    single_die: bool
    moves_this_turn: list[MoveRecord]
    last_turn_moves: list[MoveRecord]
    choices: dict[str, Choice]
    events: list[Event]
    outcome: OutcomeView | None


#: ``GAME.view(state, seat)``: the same as the public view, as nothing is hidden.
RushipSeatView: TypeAlias = RushipPublicView
