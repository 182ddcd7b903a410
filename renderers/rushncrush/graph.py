"""The gearbox as the dashboard draws it, for a player's private picture: speeds down, gears
across, every bubble in its heat colour, solid lines (accelerate, decelerate) down each gear,
dotted lines (change gear) across at equal speeds; the player's lever ringed in their colour
and where it may go this turn ringed in yellow; beside each speed, the dice of the driving
test and of a rock hit; then the legend."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from bot.games.rushncrush import (
    Bubble,
    CarView,
    RncPublicView,
    data,
    heat_colour,
    reachable_bubbles,
)
from renderers.base import (
    BLACK,
    HIGHLIGHT,
    OUTLINE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    Point,
    readable_ink,
    seat_colour,
)
from renderers.rushncrush.layout import (
    GRAPH_BUBBLE,
    GRAPH_HEAD,
    GRAPH_ROW,
    GRAPH_SPEED_COLUMN,
    GRAPH_SPEEDS,
    GRAPH_TABLE_COLUMN,
    HEAT_COLOURS,
    LEGEND_LINE,
    NUMBER,
    WORD,
)

GRAPH_PAD = 12


def wrapped(canvas: Canvas, text: str, width: float, size: int = WORD) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word longer than a line stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and canvas.text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


BULLET = "•"
BULLET_ROOM = 18


def legend_lines(canvas: Canvas, legend: str, width: float) -> list[tuple[bool, str]]:
    """The legend's parts (split on `` · ``), each wrapped to ``width`` after its bullet:
    (whether the line starts a part, its words)."""
    return [
        (index == 0, line)
        for part in legend.split(" · ")
        for index, line in enumerate(wrapped(canvas, part, width - BULLET_ROOM))
    ]


def graph_height(canvas: Canvas, legend: str, width: float) -> float:
    lines = legend_lines(canvas, legend, width - 2 * GRAPH_PAD - 8)
    return GRAPH_HEAD + len(GRAPH_SPEEDS) * GRAPH_ROW + 16 + len(lines) * LEGEND_LINE + GRAPH_PAD


@dataclass(frozen=True)
class GraphGeometry:
    """Where the graph's columns and rows are, in its ``box``."""

    box: Box

    @property
    def inner(self) -> tuple[float, float]:
        return self.box[0] + GRAPH_PAD, self.box[2] - GRAPH_PAD

    @property
    def gears(self) -> tuple[float, float]:
        """The left and right of the gears' columns."""
        left, right = self.inner
        return left + GRAPH_SPEED_COLUMN, right - 2 * GRAPH_TABLE_COLUMN

    @property
    def column(self) -> float:
        left, right = self.gears
        return (right - left) / len(data.GEARS)

    def row_y(self, speed: int) -> float:
        return self.box[1] + GRAPH_HEAD + (GRAPH_SPEEDS.index(speed) + 0.5) * GRAPH_ROW

    def centre(self, bubble: Bubble) -> Point:
        gear, speed = bubble
        return (self.gears[0] + (max(gear, 1) - 0.5) * self.column, self.row_y(speed))


def draw_graph(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """What no lever changes: the columns' heads, the lines, every bubble, the tables, the
    legend."""
    left, top, right, _ = box
    where = GraphGeometry(box)
    inner_left, inner_right = where.inner
    gears_right = where.gears[1]
    canvas.panel(box, SURFACE, OUTLINE, 2)
    for index, speed in enumerate(GRAPH_SPEEDS):  # every other row on a lighter ground
        if index % 2:
            y = where.row_y(speed)
            band = (inner_left, y - GRAPH_ROW / 2, inner_right, y + GRAPH_ROW / 2)
            canvas.rect(band, SURFACE_RAISED, None, 0, 6)
    _heads(canvas, (inner_left, top, inner_right), where.gears[0], where.column, labels)
    for speed, gears in data.DOTTED_LINES.items():  # dotted: a gear change at equal speed
        for lower, upper in itertools.pairwise(gears):
            (x1, y), (x2, _) = where.centre((lower, speed)), where.centre((upper, speed))
            x = x1 + GRAPH_BUBBLE
            while x < x2 - GRAPH_BUBBLE:
                canvas.line([(x, y), (min(x + 6, x2 - GRAPH_BUBBLE), y)], TEXT_MUTED, 3)
                x += 11
    chains = [[data.NEUTRAL, data.FIRST_BUBBLE]] + [
        [(gear, speed) for speed, _ in bubbles] for gear, bubbles in data.GEAR_BUBBLES.items()
    ]
    for chain in chains:  # solid: accelerate, decelerate
        canvas.line([where.centre(bubble) for bubble in chain], TEXT, 4)
    bubbles = [data.NEUTRAL] + [
        (gear, speed) for gear, chain in data.GEAR_BUBBLES.items() for speed, _ in chain
    ]
    for bubble in bubbles:
        fill = HEAT_COLOURS[heat_colour(bubble)]
        point = where.centre(bubble)
        canvas.circle(point, GRAPH_BUBBLE, fill, BLACK, 2)
        mark = labels["neutral_mark"] if bubble == data.NEUTRAL else str(bubble[1])
        canvas.text(point, mark, NUMBER, readable_ink(fill), "mm")
    tables = ((data.DRIVING_TEST, False), (data.ROCK_DAMAGE, True))
    for speed in GRAPH_SPEEDS:
        y = where.row_y(speed)
        canvas.text((inner_left + GRAPH_SPEED_COLUMN / 2, y), str(speed), NUMBER, TEXT_MUTED, "mm")
        for index, (table, rock) in enumerate(tables):
            x = gears_right + (index + 0.5) * GRAPH_TABLE_COLUMN
            text = table_cell(speed, table, rock, labels)
            canvas.fitted_text((x, y), text, GRAPH_TABLE_COLUMN - 8, NUMBER, TEXT, "mm", True, WORD)
    legend_top = where.row_y(GRAPH_SPEEDS[-1]) + GRAPH_ROW / 2 + 16
    lines = legend_lines(canvas, labels["legend"], right - left - 2 * GRAPH_PAD - 8)
    for index, (first, line) in enumerate(lines):
        y = legend_top + (index + 0.5) * LEGEND_LINE
        if first:
            canvas.text((inner_left + 4, y), BULLET, WORD, TEXT_MUTED, "lm")
        canvas.text((inner_left + 4 + BULLET_ROOM, y), line, WORD, TEXT_MUTED, "lm")


def draw_lever(canvas: Canvas, box: Box, car: CarView, view: RncPublicView) -> None:
    """The car's lever, ringed in its colour; on its dashboard turn, where the lever may go
    this turn, ringed in yellow."""
    where = GraphGeometry(box)
    on_turn = car["seat"] == view.get("turn") and not car["out"]
    reach = reachable_bubbles(car, str(view.get("phase"))) if on_turn else set()
    here = (int(car["gear"]), int(car["speed"]))
    for bubble in sorted(reach - {here}):
        canvas.circle(where.centre(bubble), GRAPH_BUBBLE + 4, None, HIGHLIGHT, 4)
    canvas.circle(where.centre(here), GRAPH_BUBBLE + 5, None, seat_colour(int(car["seat"])), 5)


def _heads(
    canvas: Canvas,
    span: tuple[float, float, float],
    gears_left: float,
    column: float,
    labels: Mapping[str, str],
) -> None:
    """The columns' names: speed, gear (and each gear's number), the two tables."""
    left, top, right = span
    gears_right = right - 2 * GRAPH_TABLE_COLUMN
    heads = (
        (left + GRAPH_SPEED_COLUMN / 2, GRAPH_SPEED_COLUMN, labels["graph_speed"]),
        (gears_right + GRAPH_TABLE_COLUMN / 2, GRAPH_TABLE_COLUMN, labels["graph_driving"]),
        (gears_right + 1.5 * GRAPH_TABLE_COLUMN, GRAPH_TABLE_COLUMN, labels["graph_rock"]),
    )
    for x, width, text in heads:
        lines = wrapped(canvas, text, width - 6)
        for index, line in enumerate(lines[:2]):
            y = top + GRAPH_HEAD / 2 + (index - (min(len(lines), 2) - 1) / 2) * 24
            canvas.fitted_text((x, y), line, width - 4, WORD, TEXT_MUTED, "mm")
    middle = (gears_left + gears_right) / 2
    canvas.fitted_text(
        (middle, top + 20), labels["graph_gear"], gears_right - gears_left, WORD, TEXT_MUTED, "mm"
    )
    for gear in data.GEARS:
        x = gears_left + (gear - 0.5) * column
        canvas.text((x, top + 50), str(gear), NUMBER, TEXT, "mm")


def table_cell(
    speed: int, table: Mapping[int, tuple[int, str]], rock: bool, labels: Mapping[str, str]
) -> str:
    """A speed's dice: ``5↑`` (five dice, keep the highest); none up to speed 5."""
    if speed == 0:
        return ""
    if speed <= data.FREE_DRIVING_SPEED:
        return f"−{data.SLOW_ROCK_DAMAGE}" if rock else "∞"
    if rock and speed >= data.DEADLY_ROCK_SPEED:
        return labels["graph_wreck"]
    dice, keep = table[speed]
    if dice == 0:
        return "0"
    return f"{dice}{'↑' if keep == data.KEEP_HIGHEST else '↓'}"
