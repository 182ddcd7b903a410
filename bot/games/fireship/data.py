"""Fireship's tables: the map, the wheel, the mystery cards, the badges (docs/rules/fireship.md).

Every DESIGNED value lives here as a named constant so it can be tuned for balance. Cells
are ``(x, y)`` from the top-left, ``x`` 0..19 drawn as columns A..T and ``y`` 0..19 drawn as
rows 1..20.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

Cell = tuple[int, int]

SIZE: Final = 20
COLUMNS: Final = "ABCDEFGHIJKLMNOPQRST"

#: The DESIGNED map, row by row. B R G Y: homes; 1-9: islands; g: garrisons; W: wheel;
#: M: mystery card; C: battleship square; ".": open sea.
MAP_ROWS: Final = (
    "BB................RR",
    "BB................RR",
    "......W......W......",
    "....g....g..........",
    "....11.M.22.M.33g...",
    "....11...22...33....",
    "..W..............W..",
    "....M..C....C..M....",
    ".........g..........",
    "....44...55...66g...",
    "...g44...55...66....",
    "....................",
    "....M..C....C..M....",
    "..W..............W..",
    "....77...88...99....",
    "...g77.M.88.M.99....",
    "..........g....g....",
    "......W......W......",
    "YY................GG",
    "YY................GG",
)

#: Seat order = colour order (clockwise from the top-left home).
COLOUR_LETTERS: Final = ("B", "R", "G", "Y")
COLOUR_NAMES: Final = ("blue", "red", "green", "yellow")
WHITE: Final = -1  # the owner of white islands and garrison boats
WHITE_LETTER: Final = "W"

#: The garrison (green dot) of each island, from the ruling's list.
GARRISONS: Final[Mapping[int, Cell]] = {
    1: (4, 3),
    2: (9, 3),
    3: (16, 4),
    4: (3, 10),
    5: (9, 8),
    6: (16, 9),
    7: (3, 15),
    8: (10, 16),
    9: (15, 16),
}
ISLAND_IDS: Final = tuple(sorted(GARRISONS))

# --- Pawns ------------------------------------------------------------------------------
BOAT: Final = "boat"
PLANE: Final = "plane"
BATTLESHIP: Final = "battleship"
KINDS: Final = (BOAT, PLANE, BATTLESHIP)
PAWN_VALUE: Final[Mapping[str, int]] = {BOAT: 1, PLANE: 2, BATTLESHIP: 4}
ISLAND_VALUE: Final = 2
#: Pawns each player starts with in the home square, and in the pool off the board.
START_HOME: Final[Mapping[str, int]] = {BOAT: 3, PLANE: 1, BATTLESHIP: 0}
START_POOL: Final[Mapping[str, int]] = {BOAT: 12, PLANE: 2, BATTLESHIP: 2}

# --- Dice -------------------------------------------------------------------------------
MOVE_DICE: Final = 3
MOVE_DIE_SIDES: Final = 10
WIN_DIE_SIDES: Final = 6
PLAIN_DIE_WINS: Final = 2  # DESIGNED: "win" faces of the plain win/lose die
BLUE_DIE_WINS: Final = 4  # DESIGNED: "win" faces of the blue-edged die
OVERFLIGHT_COST: Final = 4
LEAVE_HOME_COST: Final = 1
DOUBLE_SPEED: Final = 2  # cells per point under Vent Ascendant / Gulf Stream
KRAKEN_REACH: Final = 2  # the 5 x 5 square around the kraken's centre
WHIRLPOOL_REACH: Final = 1  # the 3 x 3 square around a whirlpool
TIME_LIMITS: Final = (0, 10, 20, 30)  # rounds; 0 = no time limit

# --- The wheel: 11 equal outcomes -------------------------------------------------------
GAIN_BOAT: Final = "gain_boat"
GAIN_PLANE: Final = "gain_plane"
LOSE_BOAT: Final = "lose_boat"
LOSE_PLANE: Final = "lose_plane"
DRAW_CARD: Final = "draw_card"
SPIN_AGAIN: Final = "spin_again"
KRAKEN: Final = "kraken"
BOUM: Final = "boum"
GULF: Final = "gulf"
FOG: Final = "fog"  # Brouillard
VENT: Final = "vent"  # Vent Ascendant
BADGE_KINDS: Final = (BOUM, GULF, FOG, VENT)
BADGE_SUPPLY: Final = 6  # of each kind
WHEEL: Final = (
    GAIN_BOAT,
    GAIN_PLANE,
    LOSE_BOAT,
    LOSE_PLANE,
    DRAW_CARD,
    SPIN_AGAIN,
    KRAKEN,
    "badge_" + BOUM,
    "badge_" + GULF,
    "badge_" + FOG,
    "badge_" + VENT,
)

# --- Mystery cards (DESIGNED split of the 55) -------------------------------------------
SPIN_CARD: Final = "wheel"  # Tourne la roue
BERMUDA: Final = "bermuda"  # Deep Hole Bermuda
NON: Final = "non"
PLUS: Final = "plus"  # Gagne +1
TOURBILLON: Final = "tourbillon"
IMMEDIATE_CARDS: Final[Mapping[str, int]] = {
    SPIN_CARD: 6,
    GAIN_BOAT: 7,
    GAIN_PLANE: 4,
    LOSE_BOAT: 5,
    LOSE_PLANE: 3,
    BERMUDA: 3,
}
KEPT_CARDS: Final[Mapping[str, int]] = {
    NON: 5,
    BOUM: 5,
    PLUS: 6,
    VENT: 4,
    FOG: 4,
    TOURBILLON: 3,
}
CARD_COUNTS: Final[Mapping[str, int]] = {**IMMEDIATE_CARDS, **KEPT_CARDS}
DECK_SIZE: Final = sum(CARD_COUNTS.values())

# --- Standing orders --------------------------------------------------------------------
#: What a Non may answer (the seat's own case names) and its default setting.
NON_CASES: Final[Mapping[str, bool]] = {
    "attack_island": True,  # a won attack on my island
    "attack_pawn": False,  # a won attack on my pawn
    "plus": False,  # a Gagne +1 played against me in a combat (when it changes the dice)
    "boum": False,  # a Boum on my boat
    "kraken": True,  # another player's Kraken that would sink my pawns
    "kraken_own": False,  # my own Kraken (wheel or card) that would sink my other pawns
    "whirlpool": True,  # another player's whirlpool that would sink my pawns
    "loss": False,  # a wheel or card result that takes one of my pawns
    "bermuda": True,  # Deep Hole Bermuda drawn by me
    "non": True,  # a Non against my own action or card
}
#: When a defensive +1 is played (only when it cancels the attack or softens its die).
PLUS_CASES: Final[Mapping[str, bool]] = {"island": True, "pawn": True}


# --- The map, read from MAP_ROWS --------------------------------------------------------
def _cells_of(symbol: str) -> tuple[Cell, ...]:
    return tuple(
        (x, y) for y, row in enumerate(MAP_ROWS) for x, char in enumerate(row) if char == symbol
    )


HOME_BLOCKS: Final = tuple(_cells_of(letter) for letter in COLOUR_LETTERS)
ISLAND_CELLS: Final[Mapping[int, tuple[Cell, ...]]] = {
    island: _cells_of(str(island)) for island in ISLAND_IDS
}
WHEEL_SQUARES: Final = frozenset(_cells_of("W"))
MYSTERY_SQUARES: Final = frozenset(_cells_of("M"))
BATTLESHIP_SQUARES: Final = frozenset(_cells_of("C"))
CHANCE_SQUARES: Final = tuple(sorted(WHEEL_SQUARES | MYSTERY_SQUARES))
SPECIAL_SQUARES: Final = WHEEL_SQUARES | MYSTERY_SQUARES | BATTLESHIP_SQUARES
LAND: Final = frozenset(cell for cells in (*HOME_BLOCKS, *ISLAND_CELLS.values()) for cell in cells)
SEA: Final = frozenset((x, y) for x in range(SIZE) for y in range(SIZE) if (x, y) not in LAND)


#: Every cell's name, ``(10, 11)`` -> ``"K12"``.
CELL_NAMES: Final = {(x, y): f"{COLUMNS[x]}{y + 1}" for x in range(SIZE) for y in range(SIZE)}


def cell_name(cell: Cell) -> str:
    return CELL_NAMES[cell]


def parse_cell(text: str) -> Cell | None:
    """``"K12"`` -> ``(10, 11)``; None for anything that is not a cell of the map."""
    if not 2 <= len(text) <= 3 or text[0] not in COLUMNS:
        return None
    digits = text[1:]
    if not (digits.isascii() and digits.isdigit()) or digits.startswith("0"):
        return None
    row = int(digits)
    return (COLUMNS.index(text[0]), row - 1) if row <= SIZE else None
