"""Rush'n'Crush: a Mad-Max car race with a gearbox dashboard, heat, lanes and collisions.

Rules: ``docs/rules/rushncrush.md``; tables in :mod:`bot.games.rushncrush.data`.

Geometry: lanes 1..4 from the left; rows count forward. The start grid is rows -2..0 (grid
row 1 is row 0, just behind the start line); the course is rows 1..``length`` (a loop raced
N laps is unrolled: absolute row r lies on physical row ``(r - 1) % loop_rows + 1``); a car
stepping past row ``length`` crosses the finish line. Rocks, wrecks, nails and collisions
use physical cells, race order uses absolute rows.

Action grammar (every action is ASCII, <= 60 characters):

* trading phase (option ``trading``): ``offer <seat>`` starts an offer to that seat,
  ``give <kind>`` names the card you give, ``want <kind>`` the kind you ask for (the offer is
  then sent), ``cancel`` drops the draft, ``withdraw`` your sent offer, ``accept <seat>`` /
  ``refuse <seat>`` answer that seat's offer, ``ready`` ends your trading;
* start grid: ``grid <r> <lane>`` (r = 1 front row .. 3), by the drawn order;
* dashboard: ``accel``, ``accel turbo``, ``accel turbo nitro`` (the Nitro card),
  ``decel``, ``gear <g>`` (along the dotted line at your speed), ``hold`` (the lever
  stays), ``brake`` (one brake token, or a Drag chute charge, for one deceleration; before
  the action, and after a gear change), ``card chute``, ``card radiator``; after a gear
  change with brakes possible: ``go`` ends the dashboard;
* move: ``drive <l1,l2,...>`` a whole clean path (the lane after each step; offered once
  per reachable end cell, plus one path across the finish; with one point left, the step
  alone), ``step <lane>`` one step
  (straight or diagonal; rock, cars, wrecks and nails take effect; lane 0 or 5 is off the
  road: a head-on into rock), ``push <dir>`` with dir ``left``, ``right``, ``ahead-left`` or
  ``ahead-right`` (not again on a car whose push failed this move), ``card nails`` (the
  nails fall on the next cell the car leaves; if it leaves none, the card comes back),
  ``card spare``, ``card bullbar`` (your next push or ram this turn), ``card radiator``;
* standing orders (``HasStandingOrders``; any seat still racing, at any time, whoever is to
  act; nothing public changes): ``order <key> <setting>`` for the reaction cards the seat
  holds, keys and settings in ``data.ORDERS`` (``order lucky 2``: re-throw a
  heat, armour or rock test costing 2 or more, ``order luckydrive 0``, ``order plate
  fatal``, ``order ace 1``, ``off`` for each). The engine plays the card at once when the
  case arises (Lucky charm first, then Armour plate or Ace driver on the throw that stands);
  the card is revealed then (event ``card`` with ``order``). Nobody ever waits for a card.

Views (typed in :mod:`bot.games.rushncrush.views`: ``RncPublicView``, ``RncSeatView``).
Public (``view(state, None)``): ``phase`` (trade, grid, dash, dash_post, move, over),
``round``, ``turn`` (the seat driving, else None), ``course`` (name, faces, laps, loop_rows,
length, grid_rows, lanes, ``rocks`` as [lane, physical row]), ``wrecks`` ([lane, physical
row, seat]; seat -1 for a scenery wreck), ``nails`` ([lane, physical row]), ``cars`` (seat,
placed, lane, row, lap, out, gear, speed, heat W/Y/O/R, temp, armour, tyres, brakes, turbos,
cards = how many), ``order`` (this round's race order), ``draw_order`` (grid picks),
``move`` (in the move phase: seat, points, changes (None = unlimited), free_change, bullbar,
chute, path), ``last_path`` ({seat, path} of the last move), ``last_rolls`` (the roll events
of the last action that threw dice), ``trading`` ({ready, offers: [{from, to}]}),
``events``, ``to_act``, ``outcome``. A seat's view adds ``seat``, ``hand`` (its cards),
``orders`` (its standing orders, key -> setting), its private events and ``trading.mine``
(its draft and the offers it sent or received, with the kinds).

Events (``type`` and params): placed {seat, lane, row}; grid_turn {seat}; trade_open;
trade_offer {seat, to}; trade_withdrawn {seat}; trade_refused {seat, to}; trade {seat, to};
trade_cards {seat, gave, got} (private to that seat); trade_ready {seat}; turn {seat,
round}; lever {seat, via (accel, turbo, nitro, decel, gear, brake, chute, hold), gear,
speed, heat}; roll {seat, test (heat, driving, armour, hard, rock, push_attack,
push_defend), dice, result} (result: failures, armour lost, lane changes, or the kept die);
temperature {seat, temp, rise}; armour {seat, lost, left}; wrecked {seat, cause (explosion,
armour, rock), lane, row}; lane_changes {seat, allowed}; card {seat, kind, order (played by
a standing order)}; nails_dropped {seat, lane, row}; step {seat, lane, row}; crash {seat,
into: rock|wreck (lane, row) or car (other, tests, own_tests)}; behind_wreck {seat, lane,
row}; tyre {seat, left}; nails {seat, tyres}; push {seat, other, direction, attack,
defence}; push_result {seat, other, result: held|pushed (lane)|wedged (against: seat or
None)}; moved {seat, path}; finish {seat}; race_over {winners, reason (finish, last_car,
all_out)}.

Tests build positions with :func:`scenario` and load dice with ``RncState.loaded_dice``.

Modules: ``data`` (the designed tables), ``course`` and ``gearbox`` (the track and the
dashboard's bubbles), ``state`` (the state and who acts), ``rules`` (tests, standing orders,
the resolution queue, turns), ``driving`` (the dashboard, cards and the move), ``start``
(trading and the start grid), ``views`` (the typed views), ``ai`` (the AI driver), ``save``
(dump and load), ``engine`` (``RushNCrush`` and ``GAME``).
"""

from __future__ import annotations

from bot.games.rushncrush import data
from bot.games.rushncrush.course import Cell, Course, course_from_options, parse_course
from bot.games.rushncrush.engine import GAME, RushNCrush
from bot.games.rushncrush.gearbox import (
    Bubble,
    accelerated,
    decelerated,
    gear_changes,
    heat_colour,
)
from bot.games.rushncrush.state import (
    PHASE_DASH,
    PHASE_DASH_POST,
    PHASE_GRID,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_TRADE,
    Car,
    Move,
    Phase,
    RncState,
    Trade,
    race_order,
    scenario,
)
from bot.games.rushncrush.views import (
    CarView,
    CourseView,
    Event,
    LeverView,
    MoveView,
    MyTrading,
    OutcomeView,
    PathView,
    PublicOffer,
    RncPublicView,
    RncSeatView,
    RollEvent,
    TradeDraft,
    TradeOffer,
    TradingView,
    reachable_bubbles,
)

__all__ = [
    "GAME",
    "PHASE_DASH",
    "PHASE_DASH_POST",
    "PHASE_GRID",
    "PHASE_MOVE",
    "PHASE_OVER",
    "PHASE_TRADE",
    "Bubble",
    "Car",
    "CarView",
    "Cell",
    "Course",
    "CourseView",
    "Event",
    "LeverView",
    "Move",
    "MoveView",
    "MyTrading",
    "OutcomeView",
    "PathView",
    "Phase",
    "PublicOffer",
    "RncPublicView",
    "RncSeatView",
    "RncState",
    "RollEvent",
    "RushNCrush",
    "Trade",
    "TradeDraft",
    "TradeOffer",
    "TradingView",
    "accelerated",
    "course_from_options",
    "data",
    "decelerated",
    "gear_changes",
    "heat_colour",
    "parse_course",
    "race_order",
    "reachable_bubbles",
    "scenario",
]
