"""Fireship: conquer the nine islands of a 20 x 20 sea with boats, planes and battleships.

Rules: ``docs/rules/fireship.md``; tables in :mod:`bot.games.fireship.data`.

Choices this module makes where the ruling is silent:

- Pawn ids are the colour letter and a number given when the pawn enters the board (``B1``,
  ``R7``; white garrison boats are ``W1``..``W9``, one per island), never given again: every
  action names pawns by id, never by a place in a list, and an action naming a pawn that
  has left the board is refused with ``pawn_gone``. Islands are ``I1``..``I9``.
  Cells are written ``A1``..``T20`` (column letter, row number); a pawn in its home is at
  ``home``. A pawn never goes back into a home; home pawns are all "within 1" of each other
  and of the cells around the home block, so they attack, defend and can be attacked there.
- A move takes ONE pawn to ONE cell along its cheapest path (several moves per pawn are
  fine). Pawns waiting in a home are alike: moves (and a loss's choice) name only the first
  of each kind there. Doubled speed (Vent Ascendant, Gulf Stream) counts a move of n cells
  as ceil(n/2) points; overflight (4 points) is part of a plane's path, so ``move`` covers it too.
- A whirlpool is a token: no pawn ends on it, boats may pass it. It strikes at the start of
  its owner's next turn, before a Deep Hole Bermuda skip.
- Attacks come after moves: the first attack ends the moving. A defensive +1 (standing
  order) is played only when it cancels the attack (tie) or turns the blue die into the
  plain one; a Non (standing order) answers a *won* attack, so it is never wasted on a miss,
  and a Gagne +1 played against its seat (attack or defence) only when that +1 changes the
  dice. A won island sinks every pawn within 1 of it that is not the winner's (white
  included); the island's owner alone may answer the capture with a Non.
- Special squares are used by choice: ``end`` leads from moving and attacking to the
  special-squares step when a pawn of the seat stands on a square it may use (not the one
  it used last; a battleship square only for a plane); there each such pawn is used or
  skipped (``use``/``skip``, any order), then the end of the turn (``end``, Brouillard).
  A skipped square does not count as used.
- A Kraken drawn through a Tourne la roue card spares the pawn whose square drew the card,
  like a spun Kraken spares the spinning pawn. A Non against a Kraken or a whirlpool cancels
  it for everybody; one's own Kraken that would sink one's own pawns may be cancelled too
  (case ``kraken_own``, after the other victims' orders). A Non on one's own losses (wheel,
  card or own Kraken) cannot be answered.
- A spent badge leaves the game; when a badge kind's 6 are all handed out, the wheel result
  gives nothing. An empty deck is reshuffled from the discard.
- A captured island's new garrison boat is put only if the garrison cell is free.
- The time limit ends the game after the given number of full rounds (its round stays the
  last one); home pawns count in the "value of pawns on the board" tie-break.
- When no live player has a pawn left (islands alone never act, so nothing could change any
  more), the game ends and is judged like the time limit (reason ``no_pawns_left``).
- Standing orders start as ``NON_CASES`` / ``PLUS_CASES`` say (the same for everyone) and
  fire only while the seat holds the card. Non cases: ``attack_island``, ``attack_pawn`` (a
  won attack on mine), ``plus`` (a Gagne +1 against me), ``boum`` (on my boat), ``kraken``
  (another player's), ``kraken_own`` (mine, sinking my pawns), ``whirlpool`` (another
  player's, sinking my pawns), ``loss`` (a wheel or card result taking my pawn),
  ``bermuda``, ``non`` (answer a Non against my own action). Plus cases: ``island``,
  ``pawn``.
- Actions naming a card (``roll vent card``, ``attack .. plus``, ``boum card``,
  ``tourbillon``, ``end fog card``) show what the acting seat holds: offer them privately.

Action grammar (ASCII, at most 60 characters):

* start of turn: ``roll``, ``roll vent card``, ``roll vent badge``, each optionally followed
  by `` gulf`` (spend a Gulf Stream badge);
* during the turn: ``move <pawn> <cell>``, ``attack <leader> <target>`` and ``attack
  <leader> <target> plus`` (play a Gagne +1), leaders and targets being pawn ids or island
  ids; ``boum card <pawn>``, ``boum badge <pawn>``, ``tourbillon <cell>``; ``end`` (on to the
  special squares, or the end of the turn), ``end fog card``, ``end fog badge`` (the end of
  the turn with a Brouillard: once no special square is left to decide);
* the special-squares step: ``use <pawn>``, ``skip <pawn>``;
* choices the engine asks for: ``lose <pawn>`` (which boat or plane to lose), ``kraken
  <cell>`` (where a Tourne la roue Kraken appears);
* standing orders, any time from a live seat: ``order non <case> on|off`` (cases in
  ``NON_CASES``) and ``order plus <case> on|off`` (``island``, ``pawn``).

The modules: ``data`` (the Designed tables), ``state`` (the state, geometry and small steps),
``combat`` (attacks, standing orders), ``rules`` (everything else a turn does), ``views``
(what each seat may know, and the events), ``save`` (dump/load), ``ai`` (the AI player),
``game`` (the engine ``GAME``).
"""

from __future__ import annotations

from bot.games.fireship.combat import attack_options
from bot.games.fireship.game import GAME, Fireship, scenario
from bot.games.fireship.rules import reach
from bot.games.fireship.state import HOME, FireshipState, TrailStep
from bot.games.fireship.views import (
    EventRecord,
    FireshipPublicView,
    FireshipSeatView,
    IslandRecord,
    Orders,
    OutcomeRecord,
    PawnRecord,
    PendingChoice,
    PlayerRecord,
    ReachSpot,
    WhirlpoolRecord,
    attack_preview,
)

__all__ = [
    "GAME",
    "HOME",
    "EventRecord",
    "Fireship",
    "FireshipPublicView",
    "FireshipSeatView",
    "FireshipState",
    "IslandRecord",
    "Orders",
    "OutcomeRecord",
    "PawnRecord",
    "PendingChoice",
    "PlayerRecord",
    "ReachSpot",
    "TrailStep",
    "WhirlpoolRecord",
    "attack_options",
    "attack_preview",
    "reach",
    "scenario",
]
