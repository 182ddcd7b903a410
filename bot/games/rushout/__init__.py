"""Rush Out!: one sorcerer against 2-4 heroes, everyone throwing dice onto cards at once.

Rules: ``docs/rules/rushout.md``; tables in :mod:`bot.games.rushout.data`. The package:
``state`` (the state and what a position allows), ``rules`` (setup, completions, spells,
rounds), ``actions`` (each action, legality), ``views`` (the views' types and building),
``ai`` (the AI player), ``save`` (dump/load), ``engine`` (the ``Game`` contract).

Seats. The sorcerer sits at ``options["sorcerer"]`` (default 0; ``"random"`` draws it from
the seed); the other seats are the heroes, who get Warrior, Tracker, Bard, Cleric (green,
brown, blue, white) in seat order. Options: ``mode`` (``training1`` default: the text's
own first game; ``training2``, ``scenario1`` .. ``scenario6``), ``play`` (``live`` default
or ``pulse``), ``cooldown`` (seconds, live; default 2.5), ``pulse_seconds`` (60 s .. 12 h,
default 1 h), ``throws_per_pulse`` (default 3), ``handicap`` (True: two trial cards are set
aside unseen, the text's help for beginner heroes).

Action grammar (ASCII, <= 60 characters):

* ``throw`` re-throws all your dice not on a card (the text: always all together);
* ``place <card> <slot> [<slot> ...]`` puts dice of your last throw on empty slots of one
  card (one placement per throw). A card is named by what it is, never by where it lies:
  its card id for a trial, a spell, a curse or a dissipation (``std05``, ``confusion3``,
  ``curse1``), ``scroll-<id>`` for a scroll that takes dice (``scroll-x7``), ``d`` the
  dragon tile, ``w<seat>`` a wounded hero's tile. An action naming a card that has left the
  table meanwhile is refused (key ``card_gone``), never applied to the card that took its
  place. Slots index the side of the card your camp fills. The engine
  picks which of your dice go where (dice of one seat differ only by face, and a die left
  over is re-thrown anyway); of slots showing the same symbol the lowest free ones are
  listed, so each distinct placement appears once;
* ``recall`` takes all your dice off the card they are on, ``recall <slot>`` one of them
  (they are re-thrown with the next throw, never placed before);
* ``check`` (High five curse) before throwing again after completing a card;
* sorcerer's choices after a spell: ``push <card> [<slot>]`` (confusion, Lightning
  scroll), ``aim <seat>`` (dissipation), ``wound <seat> [<seat>]`` (damnation),
  ``drain <seat>`` (regression); while one is owed the sorcerer does nothing else;
* ``spend`` two gold coin cards to discard the top card of your own deck;
* scrolls: ``flip <face> <face>`` turns a die of your last throw; ``swap <card>``
  exchanges an available spell with the top of the deck; faculties (Scenario 6): ``bard
  <seat> <face>``, ``tracker <card>``, ``warrior``, ``cleric <seat>``;
* market (between rounds, Scenario 2+): ``buy <item>`` (``e1``..``e10`` equipment for
  yourself, ``x1``..``x8`` scrolls), ``done`` when finished; in pulse mode ``done`` also
  ends your part of the pulse (once a pulse).

Older logs: actions of the grammar before cards were named by id (``place t1 0 1``: trial
slot 2; ``s<i>``, ``c<i>``, ``x<i>``: the i-th spell, curse or scroll) are still understood
by ``apply``/``apply_at``, read as the card lying there in the state they are applied to
(what the logs of older matches need to replay); ``legal_actions`` lists only today's.

Time (``bot.games.base.HasClock``): ``apply_at``/``legal_actions_at`` take the match time.
Live mode: every seat may act at any time; a throw sooner than ``cooldown`` after the
seat's previous one is refused (key ``cooldown``, param ``seconds`` left); heroes wait for
the sorcerer's first throw of the round. Pulse mode: each seat has ``throws_per_pulse``
throws per pulse, no cooldown, and heroes may throw from the pulse's start; only throws are
rationed (placing the last throw, recall, gold, faculties and scrolls stay available all
pulse long). A seat is done with a pulse once it pressed ``done`` (once a pulse: it then
does nothing more until the next one) or once its throws are spent and nothing else is
left for it to do (it has no action but ``done``). The pulse ends at its deadline
(system action ``pulse end`` by ``SYSTEM_SEAT``, due at ``next_deadline``; an action
applied past the deadline ends the pulse first by itself) or at once when every seat is
done. The plain
``apply`` is ``apply_at`` at the earliest allowed time: a throw happens just as the seat's
cooldown ends (so the clock moves on), ``pulse end`` at the deadline, the rest at the time
of the last action. System action ``spoke <seat>``: the platform reports a hero's chat
message while Silence is active; the sorcerer discards his top card.

Readings (where the text allows several, or a body becomes a button):

* one placement per throw; dice of the throw not placed then wait for the next throw;
* heroes may not throw before the sorcerer's first throw of the round (live mode only);
* the dragon tile takes no dice while the dragon sits on it; the dragon blocks both sides
  of the card under it; a card full when the dragon leaves it is completed then;
* a gold coin or confrontation card the sorcerer completes is refilled from the trial deck
  (a hero reveals it), which may be the heroes' last card;
* a camp whose deck runs empty by a discard (gold, Silence) has revealed its last card;
* a dissipation Whirlwind condemns an unplaced die if the hero has one; when all three of
  his dice are placed, the sorcerer chooses which one comes back (``aim <seat> <card>
  <slot>``); High five binds the heroes whose dice completed the card;
* spell choices with a single option resolve by themselves; the spell slot is refilled
  after the choice;
* lives, souls, wounds and experience are reset every round (the trial deck is rebuilt
  whole, experience cards included); equipment and scrolls last the whole match;
* experience (Scenario 6) goes to the participant with the least, then the lowest seat
  (the text lets them decide); invocation cards completed as trials count;
* confusion and the Lightning scroll may push dice off any card or tile holding hero dice,
  a full card under the dragon included;
* "turning a die" (scroll flips, the Bard's faculty) applies to a die of the last throw not
  placed yet; a hero buys equipment for himself (the text lets the heroes agree on who gets
  what: each one presses his own ``buy``), paid from the heroes' common gold;
* a curse card always goes to the heroes' side (the text: "may").

Views (typed in :mod:`bot.games.rushout.views`). Public (``view(state, None)``): ``game``,
``mode``, ``mode_title``, ``play`` (live, pulse), ``players``, ``phase`` (play, market,
over), ``round``, ``started`` (the sorcerer has thrown this round), ``sorcerer`` {seat,
dice, scrolls: [{id, power, symbols, card}], pending: {effect, card} | None}, ``heroes``
[{seat, hero, colour, skill, wounded, wound (the tile as a card, or None), xp, faculty,
faculty_cost, equipment: [{id, joker_as}], dice, must_check}] where dice = {fresh (faces
of the last throw), on (target code or None), placed, condemned, total}; ``trials`` and
``spells`` (three slots each, None when empty) and ``hexes``: cards {target, card, kind,
effect, pennant, aimed, dragon (the dragon sits on it), hero_slots, sorcerer_slots:
[{symbol, seat, face}]}; ``dragon`` {position (0 tile, 1-3 trial slots), last_step (4: the
sorcerer wins), tile} | None; ``pennants`` (visible now), ``curses`` {silence, one_hand,
high_five: active copies}, ``souls`` {taken, pool} | None, ``lives`` | None, ``trophies``
| None, ``gold`` {heroes, sorcerer} | None, ``market`` {equipment: [{id, joker_as,
price}], scrolls: [{id, power, price}]} | None, ``clock`` {now, cooldown, ready_at: per
seat, pulse, pulse_ends_at, throws_left: per seat | None, done: per seat (in a pulse: done
with it)}, ``to_act``, ``outcome``, ``events``. Views show where cards lie (``target``
codes: ``t0``-``t2`` trial slots, ``s0``-``s2`` spell slots, ``d``, ``w<seat>``, ``c<i>``
curses and dissipations, ``x<i>`` scrolls); actions name them by identity. A seat's view
is the public one plus ``me``: {seat, camp, fresh, placements: [{action, target, card,
slots, symbols, faces}], choices (the sorcerer's owed spell choice), actions (the plain
legal list), idle (legal actions that change nothing now: a die turned to no use)}. No
deck or discard size or order appears
anywhere; nothing in the game is secret from a seat beyond that.

Events (``type``): threw, placed, recalled, completed, revealed, spell, invoked, dragon,
pushed, aimed, cursed, wounded, souls, healed, drained, xp, life, gold, discarded_top,
checked, flipped, swapped, faculty, bought, done, spoke, round_won, market, round_started,
pulse_ended, game_over.
"""

from __future__ import annotations

from bot.games.rushout.engine import RushOut
from bot.games.rushout.state import (
    WOUND_CARD,
    Play,
    RushOutState,
    arranged,
    committed_target,
)
from bot.games.rushout.views import RushOutPublicView, RushOutSeatView

GAME = RushOut()

__all__ = [
    "GAME",
    "WOUND_CARD",
    "Play",
    "RushOut",
    "RushOutPublicView",
    "RushOutSeatView",
    "RushOutState",
    "arranged",
    "committed_target",
]
