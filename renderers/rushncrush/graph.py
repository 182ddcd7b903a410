"""The dashboard graph under the dashboards: the whole gearbox, where the lever of the car on
turn is and may go this turn, the driving-test and rock dice for each speed, and the legend."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from bot.games.rushncrush import (
    Bubble,
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
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    Point,
    TextSize,
    fill_label,
    readable_ink,
    seat_colour,
)
from renderers.rushncrush.dashboards import SUPPLY_KEYS, supply_icon
from renderers.rushncrush.labels import player_name
from renderers.rushncrush.layout import (
    GRAPH_BUBBLE,
    GRAPH_CAPTION_WIDTH,
    GRAPH_LEGEND_LINE,
    GRAPH_ROW,
    GRAPH_SPEEDS,
    GRAPH_TABLE_ROW,
    GRAPH_TITLE,
    HEAT_COLOURS,
    NEUTRAL_MARK,
)


def draw_graph(canvas: Canvas, box: Box, view: RncPublicView, labels: Mapping[str, str]) -> None:
    """The gearbox as on the dashboard: every bubble in its heat colour (speeds across,
    gears down), solid lines (accelerate, decelerate), dotted lines (change gear), the lever
    of the car on turn and where it may go this turn; under each speed, the dice of the
    driving test and of a rock hit. Then the legend of the board's marks."""
    left, top, right, bottom = box
    canvas.panel(box, SURFACE, OUTLINE, 2)
    turn = view.get("turn")
    car = view["cars"][int(turn)] if turn is not None else None
    title = (
        fill_label(labels["graph_title"], player=player_name(labels, int(turn)))
        if turn is not None
        else labels["graph_title_nobody"]
    )
    title_y = top + GRAPH_TITLE / 2 + 2
    canvas.fitted_text((left + 16, title_y), title, right - left - 32, TextSize.SMALL, TEXT, "lm")
    columns_left = left + GRAPH_CAPTION_WIDTH
    column = (right - 12 - columns_left) / len(GRAPH_SPEEDS)
    rows_top = top + GRAPH_TITLE

    def centre(bubble: Bubble) -> Point:
        gear, speed = bubble
        x = columns_left + (GRAPH_SPEEDS.index(speed) + 0.5) * column
        return (x, rows_top + (gear + 0.5) * GRAPH_ROW)

    caption_width = GRAPH_CAPTION_WIDTH - 24
    for gear in range(len(data.GEARS) + 1):
        name = labels["neutral"] if gear == 0 else fill_label(labels["gear"], gear=gear)
        y = rows_top + (gear + 0.5) * GRAPH_ROW
        canvas.fitted_text((left + 16, y), name, caption_width, TextSize.SMALL, TEXT_MUTED, "lm")
    for speed, gears in data.DOTTED_LINES.items():  # dotted: a gear change at equal speed
        for upper, lower in itertools.pairwise(gears):
            (x, y1), (_, y2) = centre((upper, speed)), centre((lower, speed))
            y = y1 + GRAPH_BUBBLE
            while y < y2 - GRAPH_BUBBLE:
                canvas.line([(x, y), (x, min(y + 5, y2 - GRAPH_BUBBLE))], TEXT_MUTED, 3)
                y += 10
    chains = [[data.NEUTRAL, data.FIRST_BUBBLE]] + [
        [(gear, speed) for speed, _ in bubbles] for gear, bubbles in data.GEAR_BUBBLES.items()
    ]
    for chain in chains:  # solid: accelerate, decelerate
        canvas.line([centre(bubble) for bubble in chain], TEXT, 4)
    reach = reachable_bubbles(car, str(view.get("phase"))) if car is not None else set()
    here = (int(car["gear"]), int(car["speed"])) if car is not None else None
    bubbles = [data.NEUTRAL] + [
        (gear, speed) for gear, chain in data.GEAR_BUBBLES.items() for speed, _ in chain
    ]
    for bubble in bubbles:
        fill = HEAT_COLOURS[heat_colour(bubble)]
        point = centre(bubble)
        if bubble in reach and bubble != here:
            canvas.circle(point, GRAPH_BUBBLE + 5, None, HIGHLIGHT, 4)
        canvas.circle(point, GRAPH_BUBBLE, fill, BLACK, 2)
        mark = NEUTRAL_MARK if bubble == data.NEUTRAL else str(bubble[1])
        canvas.text(point, mark, TextSize.SMALL, readable_ink(fill), "mm")
        if bubble == here and car is not None:
            canvas.circle(point, GRAPH_BUBBLE + 6, None, seat_colour(int(car["seat"])), 5)
    table_top = rows_top + (len(data.GEARS) + 1) * GRAPH_ROW
    rows = (("graph_driving", data.DRIVING_TEST, False), ("graph_rock", data.ROCK_DAMAGE, True))
    for index, (key, table, rock) in enumerate(rows):
        y = table_top + (index + 0.5) * GRAPH_TABLE_ROW
        canvas.fitted_text(
            (left + 16, y), labels[key], caption_width, TextSize.SMALL, TEXT_MUTED, "lm"
        )
        for speed in GRAPH_SPEEDS:
            text = _table_cell(speed, table, rock, labels)
            x = columns_left + (GRAPH_SPEEDS.index(speed) + 0.5) * column
            canvas.fitted_text((x, y), text, column - 4, TextSize.SMALL, TEXT, "mm", False)
    legend_y = bottom - 10 - 1.5 * GRAPH_LEGEND_LINE
    x = left + 16
    for _, view_key in SUPPLY_KEYS:  # the supplies' pictograms, named
        supply_icon(canvas, view_key, (x + 10, legend_y), 10)
        x += 26
        word = labels[dict((v, k) for k, v in SUPPLY_KEYS)[view_key]]
        x += canvas.fitted_text((x, legend_y), word, 110, TextSize.SMALL, TEXT_MUTED, "lm") + 16
    canvas.fitted_text(
        (left + 16, legend_y + GRAPH_LEGEND_LINE),
        labels["legend"],
        right - left - 32,
        TextSize.SMALL,
        TEXT_MUTED,
        "lm",
        False,
    )


def _table_cell(
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
