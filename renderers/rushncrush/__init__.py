"""The Rush'n'Crush board picture, drawn from the public view (``GAME.view(state, None)``).

The course runs left to right in up to two bands of rows, lane 1 (the left lane in the
driving direction) on top; rock is dark and hatched, the road sand-coloured. Every row is
numbered as the buttons name it (grid rows G1..G3). A loop is drawn once, as on the table,
each car marked with its lap; a course longer than the two bands gets an overview strip of
the whole course with every car, the detailed stretch framed on it. Cars are rounded tiles
in their seat's colour carrying their number (seat + 1); wrecks are grey tiles with a cross
and the number; nails are a row of spikes. The last move's path is an arrow.
Under the course, one dashboard per driver: gear and speed bubble (its heat written as a
letter too), the thermometer, and armour, tyres, brakes and turbo left. The footer shows the
dice of the last action.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_5``: the players' names
  (empty: ``car`` stands in). ``car``: "Car {n}".
- ``status_trade``, ``status_grid``, ``status_dash``, ``status_move``,
  ``status_won``, ``status_nobody``: the header line (``{player}``, ``{points}``).
- ``gear``, ``neutral``, ``heat``, ``armour``, ``tyres``, ``brakes``, ``turbo``, ``cards``,
  ``out``, ``lap``, ``turn_tag``, ``winner_tag``: dashboard words (``{gear}``, ``{lap}``,
  ``{laps}``).
- ``start``, ``finish``: the course marks; ``grid_row``: a grid row's ruler name ("G{n}");
  ``last_dice``, ``no_dice``: the footer.
- ``test_heat``, ``test_driving``, ``test_armour``, ``test_hard``, ``test_rock``,
  ``test_push_attack``, ``test_push_defend``: the names of the dice throws.
- ``graph_title`` (``{player}``), ``graph_title_nobody``, ``graph_driving``, ``graph_rock``,
  ``graph_wreck``, ``legend``: the dashboard graph under the dashboards (every bubble with its
  heat colour, solid and dotted lines, where the car on turn is and may go this turn, the
  driving-test and rock dice for each speed) and its legend. ``heat_W``, ``heat_Y``,
  ``heat_O``, ``heat_R``: the heat colours' letters in the speed bubbles.

The view arrives as plain JSON; ``render_image`` reads it once as the engine's typed
``RncPublicView``. Modules: ``labels`` (the words), ``layout`` (sizes and colours),
``course`` (the rows drawn, the ground, wrecks, nails, the path, the cars, the overview),
``dashboards``, ``graph`` (the gearbox under the dashboards), ``picture`` (the whole board,
its cached layer, the footer, the palette).
"""

from __future__ import annotations

from renderers.rushncrush.course import physical_row
from renderers.rushncrush.labels import LABEL_DEFAULTS
from renderers.rushncrush.picture import board_palette, render, render_image

__all__ = ["LABEL_DEFAULTS", "board_palette", "physical_row", "render", "render_image"]
