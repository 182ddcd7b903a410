"""The words a Fireship picture draws: every one comes from a label (English defaults here,
the reader's language from the Discord layer).

- ``title``; ``player_0`` .. ``player_3`` (names; ``player`` with ``{colour}`` stands in);
  ``colour_0`` .. ``colour_3``: the colour names; ``letter_0`` .. ``letter_3`` and
  ``letter_white``: the letters on pawns, flags and homes (French "blanc" and "bleu" share
  their initial: white's is then a dot); ``column_0`` .. ``column_19``: the ruler's column
  letters (the buttons name squares with them: ``K7``).
- ``status_turn`` (``{player}``), ``status_won`` (``{player}``), ``status_shared``
  (``{players}``), ``round`` (``{round}``), ``round_limit`` (``{round}``, ``{limit}``).
- ``islands``, ``cards``: a player card's counts; ``badge_<kind>``: the badges;
  ``skip``, ``fog``, ``out``, ``turn_tag``, ``winner_tag``: a player's state.
- ``dice`` (the word before the dice), ``points`` (``{points}``), ``no_dice``,
  ``fast_plane``, ``fast_boat``; ``legend_wheel``, ``legend_mystery``,
  ``legend_battleship``: the special squares' key.
- The reach picture's heading: the pawn named by ``pawn_at`` or ``pawn_home`` (``{kind}``,
  ``{pawn}``, ``{cell}``) with ``kind_boat``, ``kind_plane``, ``kind_battleship``, over
  ``reach_hint``; ``zoom_title`` (``{first}``, ``{last}``): a zoom's line under the title.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bot.games.fireship import data
from renderers.base import fill_label

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Fireship",
    "player": "{colour}",
    "colour_0": "Blue",
    "colour_1": "Red",
    "colour_2": "Green",
    "colour_3": "Yellow",
    "status_turn": "{player} to play",
    "status_won": "{player} wins!",
    "status_shared": "{players} share the win!",
    "round": "Round {round}",
    "round_limit": "Round {round} of {limit}",
    "islands": "Islands",
    "cards": "Cards",
    "skip": "Skips turn",
    "fog": "Fog",
    "out": "Out",
    "turn_tag": "To play",
    "winner_tag": "Winner",
    "dice": "Dice",
    "points": "{points} points left",
    "no_dice": "Not rolled yet",
    "fast_plane": "planes ×2",
    "fast_boat": "boats ×2",
    "badge_boum": "Boom",
    "badge_gulf": "Gulf",
    "badge_fog": "Fog",
    "badge_vent": "Updraft",
    "legend_wheel": "Wheel",
    "legend_mystery": "Mystery card",
    "legend_battleship": "Battleship square",
    "letter_0": "B",
    "letter_1": "R",
    "letter_2": "G",
    "letter_3": "Y",
    "letter_white": "W",
    **{f"column_{index}": letter for index, letter in enumerate(data.COLUMNS)},
    "kind_boat": "Boat",
    "kind_plane": "Plane",
    "kind_battleship": "Battleship",
    "pawn_at": "{kind} {pawn} at {cell}",
    "pawn_home": "{kind} {pawn} at home",
    "reach_hint": "The squares it can reach, and their cost",
    "zoom_title": "Squares {first} to {last}",
}


def letter_key(seat: int) -> str:
    """The label naming a seat's letter (``letter_0``, ``letter_white``)."""
    return "letter_white" if seat == data.WHITE else f"letter_{seat}"


def player_name(labels: Mapping[str, str], seat: int) -> str:
    """A seat's name as the picture writes it (its colour's name when it has none)."""
    colour = labels.get(f"colour_{seat}", str(seat + 1))
    return labels.get(f"player_{seat}") or fill_label(labels["player"], colour=colour)


def column_name(labels: Mapping[str, str], column: int) -> str:
    return labels.get(f"column_{column}", data.COLUMNS[column])


def cell_words(labels: Mapping[str, str], cell: data.Cell) -> str:
    """A square as the ruler names it: its column's letter and its row (``K7``)."""
    return f"{column_name(labels, cell[0])}{cell[1] + 1}"
