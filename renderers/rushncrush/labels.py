"""The words a Rush'n'Crush board draws: their English defaults (the keys are listed in the
package's docstring), and a player's name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from renderers.base import fill_label

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Rush'n'Crush",
    **{f"player_{seat}": "" for seat in range(6)},
    "car": "Car {n}",
    "status_trade": "Trading equipment",
    "status_grid": "{player} picks a grid place",
    "status_dash": "{player}: dashboard",
    "status_move": "{player}: {points} to move",
    "status_won": "{player} wins!",
    "status_nobody": "Nobody wins",
    "gear": "Gear {gear}",
    "neutral": "Neutral",
    "neutral_mark": "P",
    "heat": "Heat",
    "temperature": "T{temp}",
    "armour": "Armour",
    "tyres": "Tyres",
    "brakes": "Brakes",
    "turbo": "Turbo",
    "cards": "Cards",
    "out": "OUT",
    "lap": "Lap {lap}/{laps}",
    "turn_tag": "Driving",
    "winner_tag": "Winner",
    "start": "START",
    "finish": "FINISH",
    "grid_row": "G{n}",
    "last_dice": "Last throw",
    "no_dice": "No dice thrown",
    "test_heat": "heat",
    "test_driving": "driving",
    "test_armour": "armour",
    "test_hard": "hard armour",
    "test_rock": "rock",
    "test_push_attack": "push",
    "test_push_defend": "resist",
    "mine_title": "Dashboard of {player}",
    "zoom_title": "Rows {first} to {last}",
    "heat_W": "W",
    "heat_Y": "Y",
    "heat_O": "O",
    "heat_R": "R",
    "graph_speed": "Speed",
    "graph_gear": "Gear",
    "graph_driving": "Driving test",
    "graph_rock": "Rock hit",
    "graph_wreck": "wreck",
    "legend": "W/Y/O/R: the bubble's heat colour, 0 to 3 heat dice each time the lever "
    "stops on it · T0 to T5: the temperature; T6 explodes · solid lines: accelerate or "
    "decelerate; dotted lines: change gear · your lever is ringed in your colour, where it "
    "can go this turn in yellow · driving test: ∞ any lane changes; 5↑ five dice, the "
    "highest kept; 2↓ two dice, the lowest kept · rock hit: the armour lost, thrown the "
    "same way",
}


def player_name(labels: Mapping[str, str], seat: int) -> str:
    return labels.get(f"player_{seat}") or fill_label(labels["car"], n=seat + 1)
