"""Rush'n'Crush tables: the dashboard, the dice tables, the track modules, the equipment.

Everything marked DESIGNED in ``docs/rules/rushncrush.md`` lives here as data, so a
value can be tuned without touching the rules engine. Package-private: only
``bot.games.rushncrush`` (and its tests and renderer) read it.
"""

from __future__ import annotations

# --- the dashboard (DESIGNED) ---------------------------------------------------------------
#: A lever position: (gear, speed). Neutral is gear 0 at speed 0.
Bubble = tuple[int, int]
NEUTRAL: Bubble = (0, 0)
WHITE, YELLOW, ORANGE, RED = "W", "Y", "O", "R"

#: Each gear's bubbles in speed order (the solid vertical chain) with their heat colour.
GEAR_BUBBLES: dict[int, tuple[tuple[int, str], ...]] = {
    1: ((2, WHITE), (3, WHITE), (4, WHITE), (5, YELLOW), (6, ORANGE)),
    2: ((4, WHITE), (5, WHITE), (6, WHITE), (7, YELLOW), (8, ORANGE), (9, RED)),
    3: ((6, WHITE), (7, WHITE), (8, WHITE), (9, WHITE), (10, YELLOW), (11, ORANGE), (12, RED)),
    4: ((9, WHITE), (10, WHITE), (11, WHITE), (12, WHITE), (14, YELLOW), (16, ORANGE)),
    5: ((12, WHITE), (14, WHITE), (16, YELLOW), (18, RED)),
}
GEARS = tuple(sorted(GEAR_BUBBLES))
#: The solid line out of neutral leads to this bubble.
FIRST_BUBBLE: Bubble = (1, 2)

#: Dotted lines: the gears joined at each speed (a gear change moves along one of them).
DOTTED_LINES: dict[int, tuple[int, ...]] = {
    4: (1, 2),
    5: (1, 2),
    6: (1, 2, 3),
    7: (2, 3),
    8: (2, 3),
    9: (2, 3, 4),
    10: (3, 4),
    11: (3, 4),
    12: (3, 4, 5),
    14: (4, 5),
    16: (4, 5),
}

#: Heat test dice thrown when the lever stops on a bubble of that colour.
HEAT_DICE = {WHITE: 0, YELLOW: 1, ORANGE: 2, RED: 3}
#: Thermometer: T0 (start) .. T5; reaching this bubble the engine explodes.
EXPLOSION_TEMPERATURE = 6

# --- dice tables (from the source) ------------------------------------------------------------
#: A die below this fails a heat test or an armour test.
TEST_THRESHOLD = 3
#: A die below this fails a hard armour test (ramming a wreck).
HARD_TEST_THRESHOLD = 5
DIE_SIDES = 6
KEEP_HIGHEST, KEEP_LOWEST, NO_DICE = "highest", "lowest", "none"

#: Up to this speed there is no driving test and lane changes are unlimited.
FREE_DRIVING_SPEED = 5
#: Driving test: speed -> (dice, which die counts). The result = lane changes allowed.
DRIVING_TEST: dict[int, tuple[int, str]] = {
    6: (5, KEEP_HIGHEST),
    7: (4, KEEP_HIGHEST),
    8: (3, KEEP_HIGHEST),
    9: (2, KEEP_HIGHEST),
    10: (1, KEEP_HIGHEST),
    11: (2, KEEP_LOWEST),
    12: (3, KEEP_LOWEST),
    14: (4, KEEP_LOWEST),
    16: (5, KEEP_LOWEST),
    18: (0, NO_DICE),
}
#: Head-on into rock: speed -> (dice, which die counts). The result = armour tokens lost.
ROCK_DAMAGE: dict[int, tuple[int, str]] = {
    6: (5, KEEP_LOWEST),
    7: (4, KEEP_LOWEST),
    8: (3, KEEP_LOWEST),
    9: (2, KEEP_LOWEST),
    10: (1, KEEP_LOWEST),
    11: (2, KEEP_HIGHEST),
    12: (3, KEEP_HIGHEST),
    14: (4, KEEP_HIGHEST),
    16: (5, KEEP_HIGHEST),
}
#: Armour lost hitting rock at a speed of FREE_DRIVING_SPEED or less.
SLOW_ROCK_DAMAGE = 1
#: At this speed a head-on into rock destroys the car.
DEADLY_ROCK_SPEED = 18

#: Push: the attacker's dice (keep the highest), the defender's.
PUSH_ATTACK_DICE = 2
PUSH_DEFEND_DICE = 1
#: Armour tests when a push is resisted or succeeds (each car), and for a wedged car.
PUSH_TESTS = 1
WEDGED_TESTS = 2
#: Armour tests for a car that runs into a wreck (hard tests).
WRECK_TESTS = 1

# --- per-player supplies ----------------------------------------------------------------------
START_ARMOUR = 6
START_TYRES = 6
START_BRAKES = 6
START_TURBOS = 6
HAND_SIZE = 6

# --- equipment (DESIGNED: 9 kinds x 6 cards) ---------------------------------------------------
NAILS, NITRO, PLATE, SPARE, RADIATOR = "nails", "nitro", "plate", "spare", "radiator"
BULLBAR, CHUTE, ACE, LUCKY = "bullbar", "chute", "ace", "lucky"
CARD_KINDS = (NAILS, NITRO, PLATE, SPARE, RADIATOR, BULLBAR, CHUTE, ACE, LUCKY)
COPIES_PER_KIND = 6
CARD_TITLES = {
    NAILS: "Nails",
    NITRO: "Nitro",
    PLATE: "Armour plate",
    SPARE: "Spare tyres",
    RADIATOR: "Radiator",
    BULLBAR: "Bull bar",
    CHUTE: "Drag chute",
    ACE: "Ace driver",
    LUCKY: "Lucky charm",
}
PLATE_IGNORED_FAILURES = 2
SPARE_TYRE_CHANGES = 2
RADIATOR_COOLING = 2
BULLBAR_PUSH_DICE = 3
BULLBAR_RAM_RELIEF = 2
CHUTE_DECELERATIONS = 3
ACE_BONUS = 2
MAX_DRIVING_RESULT = 6

# --- standing orders for the reaction cards (DESIGNED) ---------------------------------------
#: Each order names a reaction card and when the engine plays it for you, at once:
#: ``lucky`` re-throws a heat, armour or rock test that costs you at least N (degrees or
#: armour tokens) or would wreck your car ("fatal": only then); ``luckydrive`` re-throws a
#: driving test allowing N lane changes or fewer; ``plate`` ignores 2 failed dice of an
#: armour test that costs at least N tokens (or would wreck the car); ``ace`` adds 2 to a
#: driving test allowing N lane changes or fewer. Lucky charm is tried first, then the
#: Armour plate or the Ace driver on the throw that stands.
ORDER_OFF, ORDER_FATAL = "off", "fatal"
#: Order -> (its card, its settings from "never" to "most eager", the default setting).
ORDERS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "lucky": (LUCKY, (ORDER_OFF, ORDER_FATAL, "3", "2", "1"), "2"),
    "luckydrive": (LUCKY, (ORDER_OFF, "0", "1"), ORDER_OFF),
    "plate": (PLATE, (ORDER_OFF, ORDER_FATAL, "2", "1"), "2"),
    "ace": (ACE, (ORDER_OFF, "0", "1", "2", "3"), "1"),
}

# --- the track (DESIGNED) -------------------------------------------------------------------
LANES = 4
FACE_ROWS = 8
GRID_ROWS = 3  # clear rows of the start grid, behind the start line
MAX_FACES = 10  # the box holds one of each module
MAX_LAPS = 5

#: A rock stretch: (lane, first row, last row), rows 1..FACE_ROWS inside the face.
RockRun = tuple[int, int, int]


def _mirror(runs: tuple[RockRun, ...]) -> tuple[RockRun, ...]:
    return tuple((LANES + 1 - lane, first, last) for lane, first, last in runs)


_LEFT_BEND: tuple[RockRun, ...] = ((1, 2, 7), (4, 4, 5))
_LEFT_HAIRPIN: tuple[RockRun, ...] = ((1, 1, 8), (2, 3, 6))
_LEFT_KINK: tuple[RockRun, ...] = ((1, 1, 4), (4, 5, 8))

#: Module faces: name -> (title, rock runs).
FACES: dict[str, tuple[str, tuple[RockRun, ...]]] = {
    "1A": ("Open straight", ()),
    "1B": ("Boulders", ((2, 3, 3), (3, 6, 6))),
    "2A": ("Scree", ((1, 2, 2), (4, 2, 2), (2, 5, 5), (3, 7, 7))),
    "2B": ("Bottleneck", ((1, 3, 6), (4, 3, 6))),
    "3A": ("Chicane", ((1, 2, 2), (2, 2, 2), (3, 6, 6), (4, 6, 6))),
    "3B": ("Split", ((2, 3, 6), (3, 3, 6))),
    "4A": ("Left bend", _LEFT_BEND),
    "4B": ("Right bend", _mirror(_LEFT_BEND)),
    "5A": ("Left hairpin", _LEFT_HAIRPIN),
    "5B": ("Right hairpin", _mirror(_LEFT_HAIRPIN)),
    "6A": ("Left kink", _LEFT_KINK),
    "6B": ("Right kink", _mirror(_LEFT_KINK)),
    "7A": ("Canyon narrows", ((1, 2, 7), (4, 4, 6))),
    "7B": ("Rockslide", ((1, 2, 2), (3, 3, 3), (2, 5, 5), (4, 6, 6), (1, 8, 8))),
    "8A": ("Dunes", ((2, 2, 2), (3, 4, 4), (2, 6, 6), (3, 8, 8))),
    "8B": ("Gully", ((1, 5, 8), (2, 5, 8))),
    "9A": ("Long straight", ()),
    "9B": ("Wreck alley", ((1, 3, 3), (4, 3, 3), (2, 6, 6), (3, 6, 6))),
    "10A": ("Pass", ((1, 3, 5), (2, 3, 5))),
    "10B": ("Pass (mirror)", ((3, 3, 5), (4, 3, 5))),
}

SPRINT, OVAL, GRAND_CANYON, CUSTOM = "sprint", "oval", "grand_canyon", "custom"
#: Lobby presets: name -> (faces, laps). Laps > 1 make the course a loop.
PRESETS: dict[str, tuple[tuple[str, ...], int]] = {
    SPRINT: (("1A", "4A", "2A", "6B", "9A"), 1),
    OVAL: (("1A", "4A", "3A", "6B", "9A"), 2),
    GRAND_CANYON: (("1A", "2A", "4A", "3B", "5B", "6A", "7B", "8A", "9B", "10A"), 1),
}
DEFAULT_COURSE = SPRINT
