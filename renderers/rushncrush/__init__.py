"""The Rush'n'Crush pictures, drawn for a phone first (760 px wide: shown about 400 points
wide, no word under 9 pt, no number under 11 pt).

The board (``render``), from the public view (``GAME.view(state, None)``): a header (the
title, then who acts and what, in a pill of their colour led by their shape); an overview
strip of the whole course when it is longer than the detailed stretch (rock, wrecks, the
stretch framed, every running car as a numbered disc above the strip with a line to where it
is); the cars' part of the course in two bands of 15 rows, left to right, lane 1 (the left
lane in the driving direction) on top: rock dark and hatched, the road sand-coloured, every
row numbered as the buttons name it (grid rows G1..G3), the start line and the chequered
finish; wrecks (grey tiles with a cross and their number), nails (a row of spikes), the last
move's path (an arrow), the cars (rounded tiles in their seat's colour with their number;
on a loop, their lap on a yellow disc). A loop is drawn once, as on the table. Then one card
per driver, two to a line (name, tag, speed bubble with its heat letter, gear, lap,
thermometer, supplies) and a footer with the last dice thrown, one throw a line.

A player's private pictures (``render_private``, see ``private``): their own dashboard with
the gearbox, and a zoom on any stretch of the course.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_5``: the players' names
  (empty: ``car`` stands in). ``car``: "Car {n}".
- ``status_trade``, ``status_grid``, ``status_dash``, ``status_move``,
  ``status_won``, ``status_nobody``: the header line (``{player}``, ``{points}``).
- ``gear``, ``neutral``, ``heat``, ``armour``, ``tyres``, ``brakes``, ``turbo``, ``cards``,
  ``out``, ``lap``, ``turn_tag``, ``winner_tag``: dashboard words (``{gear}``, ``{lap}``,
  ``{laps}``). ``heat_W``, ``heat_Y``, ``heat_O``, ``heat_R``: the heat colours' letters.
- ``start``, ``finish``: the course marks; ``grid_row``: a grid row's ruler name ("G{n}");
  ``last_dice``, ``no_dice``: the footer.
- ``test_heat``, ``test_driving``, ``test_armour``, ``test_hard``, ``test_rock``,
  ``test_push_attack``, ``test_push_defend``: the names of the dice throws.
- ``mine_title`` (``{player}``), ``graph_speed``, ``graph_gear``, ``graph_driving``,
  ``graph_rock``, ``graph_wreck``, ``legend`` (parts split by " · "): the private dashboard.
  ``zoom_title`` (``{first}``, ``{last}``: row names): a zoom's heading.

The view arrives as plain JSON; ``render_image`` reads it once as the engine's typed
``RncPublicView``. Modules: ``labels`` (the words), ``layout`` (sizes and colours),
``course`` (the rows drawn, the ground, wrecks, nails, the path, the cars, the overview),
``dashboards`` (the drivers' cards), ``picture`` (the whole board, its cached layer, the
footer, the palette), ``graph`` (the gearbox) and ``private`` (the private pictures).
"""

from __future__ import annotations

from renderers.rushncrush.course import physical_row
from renderers.rushncrush.labels import LABEL_DEFAULTS
from renderers.rushncrush.picture import board_palette, render, render_image
from renderers.rushncrush.private import render_private

__all__ = [
    "LABEL_DEFAULTS",
    "board_palette",
    "physical_row",
    "render",
    "render_image",
    "render_private",
]
