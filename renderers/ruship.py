"""The Ruship board picture, drawn from the public view (``GAME.view(state, None)``).

The track is two rows of nine spaces joined on the right (a U): Earth sits left of space 1,
the Alien planet left of space 18. Ships are rockets, UFOs are saucers, the Mothership a
hexagon and the Vortex a spiral, so no piece is told apart by colour alone.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header.
- ``humanity``, ``alien``: the factions. ``player_0``, ``player_1``: the players' names
  (seat 0 plays Humanity); when empty the faction's name stands in.
- ``earth``, ``alien_planet``: the planets. ``mothership_short``, ``vortex_short``: the
  carriers' marks (two letters).
- ``status_roll``, ``status_move``, ``status_power``, ``status_won``: the header line; each
  may hold ``{player}``.
- ``your_turn``, ``winner``: the tags on a faction's panel.
- ``reserve``, ``powers``, ``power_pool``, ``no_powers``: panel captions.
- ``dice``, ``to_roll``, ``rerolled``, ``start_roll``: the dice box (``start_roll`` heads the
  opening roll-off, shown on the opening board only). ``plays_first``: the tag on the
  panel of the side that won it, on that board.
- ``power_reroll``, ``power_plusone``, ``power_single``, ``power_backward``, ``power_stack``:
  the Powers' names. ``power_legend`` heads the legend under the board, where
  ``help_reroll``, ``help_plusone``, ``help_single``, ``help_backward``, ``help_stack`` tell
  each Power's effect in one line.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from PIL import Image

from renderers.base import (
    BACKGROUND,
    BLUE,
    BLUISH_GREEN,
    DANGER,
    HIGHLIGHT,
    ORANGE,
    OUTLINE,
    SKY_BLUE,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    Box,
    Canvas,
    Colour,
    Palette,
    Point,
    Shape,
    TextSize,
    encode_png,
    fill_label,
    header_strip,
    layer_cache,
    merge_labels,
    mix,
    regular_polygon,
    stored_palette,
    with_alpha,
)

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Ruship",
    "humanity": "Humanity",
    "alien": "Alien",
    "player_0": "",
    "player_1": "",
    "earth": "Earth",
    "alien_planet": "Alien planet",
    "mothership_short": "MS",
    "vortex_short": "VX",
    "status_roll": "{player} to roll",
    "status_move": "{player} to move",
    "status_power": "{player}: pick a Power",
    "status_won": "{player} wins!",
    "your_turn": "Your turn",
    "winner": "Winner",
    "reserve": "Reserve",
    "powers": "Powers",
    "power_pool": "Powers left",
    "no_powers": "none yet",
    "dice": "Dice",
    "to_roll": "to roll",
    "rerolled": "rerolled",
    "start_roll": "Start roll",
    "plays_first": "Plays first",
    "power_reroll": "Reroll",
    "power_plusone": "Plus one",
    "power_single": "Single die",
    "power_backward": "Backward",
    "power_stack": "Stack",
    "power_legend": "What each Power does (for the rest of the game)",
    "help_reroll": "once per turn, right after rolling, reroll one die; the new value stands.",
    "help_plusone": "any die may count 1 more; a die showing 1 still moves the carrier.",
    "help_single": "before rolling, roll one die only: one move, capturing every lone enemy "
    "token it flies over.",
    "help_backward": "any die may move a token back toward your own planet (never onto or "
    "past it).",
    "help_stack": "two of your tokens may share a space; such a pair cannot be captured.",
}

# --- The game's facts (as the view states them) ---------------------------------------------
FACTIONS: Final = ("humanity", "alien")  # by seat
EARTH: Final = 0
ALIEN_PLANET: Final = 19
TRACK_SPACES: Final = 18
SPACES_PER_ROW: Final = 9
TOKENS_PER_SIDE: Final = 5
ATTACKS_TO_LOSE: Final = 3
PLANET_OF: Final = {"humanity": EARTH, "alien": ALIEN_PLANET}

# --- Look ------------------------------------------------------------------------------------
FACTION_COLOURS: Final[Mapping[str, Colour]] = {"humanity": SKY_BLUE, "alien": ORANGE}
FACTION_GLYPHS: Final[Mapping[str, Shape]] = {"humanity": "triangle", "alien": "circle"}
EARTH_OCEAN: Final = BLUE
EARTH_LAND: Final = BLUISH_GREEN
ALIEN_PLANET_BODY: Final = VERMILLION
ALIEN_PLANET_BAND: Final = mix(ORANGE, WHITE, 0.3)
#: Continents as (dx, dy) fractions of the globe's radius.
EARTH_CONTINENTS: Final = (
    ((-0.7, -0.5), (-0.1, -0.75), (0.05, -0.2), (-0.3, 0.1), (-0.2, 0.6), (-0.6, 0.3)),
    ((0.3, -0.1), (0.8, -0.3), (0.75, 0.35), (0.35, 0.7), (0.2, 0.3)),
)
HIT_MARK: Final = DANGER
PATH_ALPHA: Final = 170

# --- Layout (logical pixels) -----------------------------------------------------------------
WIDTH: Final = 1100
MARGIN: Final = 20
HEADER_HEIGHT: Final = 76
SECTION_GAP: Final = 18
SPACE_WIDTH: Final = 92
SPACE_HEIGHT: Final = 132
SPACE_GAP: Final = 8
ROW_GAP: Final = 40
BOARD_TOP: Final = MARGIN + HEADER_HEIGHT + SECTION_GAP
TRACK_LEFT: Final = WIDTH - MARGIN - SPACES_PER_ROW * SPACE_WIDTH - (SPACES_PER_ROW - 1) * SPACE_GAP
PLANET_LEFT: Final = MARGIN
PLANET_RIGHT: Final = TRACK_LEFT - 2 * SPACE_GAP
BOARD_BOTTOM: Final = BOARD_TOP + 2 * SPACE_HEIGHT + ROW_GAP
PANEL_TOP: Final = BOARD_BOTTOM + SECTION_GAP
PANEL_HEIGHT: Final = 160
FOOTER_TOP: Final = PANEL_TOP + PANEL_HEIGHT + SECTION_GAP
FOOTER_HEIGHT: Final = 112
LEGEND_TOP: Final = FOOTER_TOP + FOOTER_HEIGHT + SECTION_GAP
LEGEND_LINE: Final = 30
LEGEND_HEIGHT: Final = 48 + 5 * LEGEND_LINE
HEIGHT: Final = LEGEND_TOP + LEGEND_HEIGHT + MARGIN
DICE_BOX_SHARE: Final = 0.42  # of the footer's width; the Power pool takes the rest
CAPTION_INSET: Final = 18
CAPTION_WIDTH: Final = 110
MIN_NAME_ROOM: Final = 40  # no player name squeezed into less than this

SHIP_HEIGHT: Final = 64
UFO_WIDTH: Final = 70
PAIR_SIZE: Final = 50
PAIR_OFFSET: Final = 17  # each token of a pair sits this far left or right of the middle
PAIR_STAGGER: Final = 5  # and this far up or down, so the two overlap like a stack
PAIR_RAISE: Final = 8  # room for the ×2 tag below
CARRIER_RADIUS: Final = 38
PLANET_RADIUS: Final = 42
MARK_RADIUS: Final = 13
MINI_TOKEN: Final = 34
RESERVE_STEP: Final = 46
HIGHLIGHT_MARGIN: Final = 4
ORDER_BADGE_RADIUS: Final = 13
ARROW_STOP: Final = 40.0  # how far short of a landing piece's centre an arrow ends
PLANET_ARROW_STOP: Final = PLANET_RADIUS + 6.0
START_ROLLS_SHOWN: Final = 3  # the last ones, should ties have piled up
DICE_TOP: Final = 44  # below the footer box's top
DIE_SIZE: Final = 56
DIE_GAP: Final = 22
POOL_LINE_HEIGHT: Final = 36


# --- Geometry --------------------------------------------------------------------------------
def space_box(position: int) -> Box:
    """The box of a track space (1..18), or of a planet's panel (0 = Earth, 19 = Alien)."""
    if position in (EARTH, ALIEN_PLANET):
        row = 0 if position == EARTH else 1
        top = BOARD_TOP + row * (SPACE_HEIGHT + ROW_GAP)
        return (PLANET_LEFT, top, PLANET_RIGHT, top + SPACE_HEIGHT)
    index = position - 1
    row, column = divmod(index, SPACES_PER_ROW)
    if row == 1:  # the second row runs back from right to left
        column = SPACES_PER_ROW - 1 - column
    left = TRACK_LEFT + column * (SPACE_WIDTH + SPACE_GAP)
    top = BOARD_TOP + row * (SPACE_HEIGHT + ROW_GAP)
    return (left, top, left + SPACE_WIDTH, top + SPACE_HEIGHT)


def space_centre(position: int) -> Point:
    """Where a piece on ``position`` is drawn (a planet's globe for 0 and 19)."""
    left, top, right, bottom = space_box(position)
    if position in (EARTH, ALIEN_PLANET):
        return (right - PLANET_RADIUS - 16, top + PLANET_RADIUS + 12)
    return ((left + right) / 2, (top + bottom) / 2 + 8)


def clamp_position(position: int) -> int:
    return max(EARTH, min(ALIEN_PLANET, position))


def path_points(start: int, end: int) -> list[Point]:
    """The centres a piece passes, following the track, from ``start`` to ``end``."""
    step = 1 if end >= start else -1
    return [space_centre(p) for p in range(start, end + step, step)]


# --- Pieces ----------------------------------------------------------------------------------
def draw_ship(canvas: Canvas, centre: Point, height: float, fill: Colour) -> None:
    """A rocket pointing up: Humanity's Ship."""
    x, y = centre
    half = height * 0.2
    body_top, body_bottom = y - height * 0.18, y + height * 0.3
    fin_outline = BACKGROUND
    for side in (-1, 1):
        canvas.polygon(
            [
                (x + side * half, body_top + height * 0.2),
                (x + side * half * 2.1, body_bottom + height * 0.12),
                (x + side * half * 2.1, body_bottom + height * 0.2),
                (x + side * half, body_bottom),
            ],
            mix(fill, BACKGROUND, 0.35),
            fin_outline,
            2,
        )
    canvas.polygon(
        [
            (x, y - height / 2),
            (x + half * 0.85, body_top - height * 0.1),
            (x + half, body_top),
            (x + half, body_bottom),
            (x - half, body_bottom),
            (x - half, body_top),
            (x - half * 0.85, body_top - height * 0.1),
        ],
        fill,
        fin_outline,
        2,
    )
    canvas.rect(
        (x - half * 0.55, body_bottom, x + half * 0.55, body_bottom + height * 0.12),
        mix(fill, BACKGROUND, 0.5),
    )
    canvas.circle((x, y - height * 0.06), half * 0.5, WHITE, fin_outline, 2)


def draw_ufo(canvas: Canvas, centre: Point, width: float, fill: Colour) -> None:
    """A saucer with a dome: the Alien's UFO."""
    x, y = centre
    dome_width, dome_height = width * 0.48, width * 0.4
    canvas.ellipse(
        (x - dome_width / 2, y - dome_height * 0.95, x + dome_width / 2, y + dome_height * 0.3),
        mix(fill, WHITE, 0.6),
        BACKGROUND,
        2,
    )
    canvas.ellipse(
        (x - width / 2, y - width * 0.1, x + width / 2, y + width * 0.24), fill, BACKGROUND, 2
    )
    for k in (-1, 0, 1):
        canvas.circle((x + k * width * 0.24, y + width * 0.07), width * 0.045, BACKGROUND)


def draw_token(canvas: Canvas, faction: str, centre: Point, size: float) -> None:
    """A Ship or a UFO ``size`` tall (a UFO's width scales with it), drawn as a sprite."""
    x, y = centre
    half = size * UFO_WIDTH / SHIP_HEIGHT / 2 if faction == "alien" else size * 0.45
    box = (x - half, y - size / 2, x + half, y + size / 2)

    def draw(target: Canvas, corner: Point) -> None:
        at = (corner[0] + half, corner[1] + size / 2)
        if faction == "humanity":
            draw_ship(target, at, size, FACTION_COLOURS[faction])
        else:
            draw_ufo(target, at, size * UFO_WIDTH / SHIP_HEIGHT, FACTION_COLOURS[faction])

    canvas.sprite(("token", faction, size), box, draw)


def centred_box(centre: Point, radius: float) -> Box:
    x, y = centre
    return (x - radius, y - radius, x + radius, y + radius)


def draw_mothership(canvas: Canvas, centre: Point, mark: str) -> None:
    """Humanity's carrier: a big hexagonal station."""

    def draw(target: Canvas, corner: Point) -> None:
        colour = FACTION_COLOURS["humanity"]
        middle = (corner[0] + CARRIER_RADIUS, corner[1] + CARRIER_RADIUS)
        hexagon = regular_polygon(middle, CARRIER_RADIUS, 6)
        target.polygon(hexagon, mix(colour, BACKGROUND, 0.55))
        target.polygon(hexagon, None, colour, 5)
        target.polygon(regular_polygon(middle, CARRIER_RADIUS * 0.62, 6), None, colour, 2)

    canvas.sprite("mothership", centred_box(centre, CARRIER_RADIUS), draw)
    canvas.text(centre, mark, TextSize.BODY, WHITE, "mm")


def draw_vortex(canvas: Canvas, centre: Point, mark: str) -> None:
    """The Alien's carrier: a spiral whirl."""

    def draw(target: Canvas, corner: Point) -> None:
        colour = FACTION_COLOURS["alien"]
        middle = (corner[0] + CARRIER_RADIUS, corner[1] + CARRIER_RADIUS)
        target.circle(middle, CARRIER_RADIUS, mix(colour, BACKGROUND, 0.6))
        for ring, start in ((1.0, 0), (0.78, 120), (0.56, 240)):
            target.arc(centred_box(middle, CARRIER_RADIUS * ring), start, start + 250, colour, 5)

    canvas.sprite("vortex", centred_box(centre, CARRIER_RADIUS), draw)
    canvas.text(centre, mark, TextSize.BODY, WHITE, "mm")


def draw_capture_mark(canvas: Canvas, centre: Point, radius: float) -> None:
    """A cross in a disc: a piece was captured here."""

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner[0] + radius, corner[1] + radius
        target.circle((x, y), radius, HIT_MARK, WHITE, 2)
        arm = radius * 0.45
        target.line([(x - arm, y - arm), (x + arm, y + arm)], WHITE, 3)
        target.line([(x - arm, y + arm), (x + arm, y - arm)], WHITE, 3)

    canvas.sprite(("capture", radius), centred_box(centre, radius), draw)


# --- The unchanging layer (cached) ---------------------------------------------------------
#: The labels the cached layer draws; the cache is keyed by their values (one per language).
POWER_NAMES: Final = ("reroll", "plusone", "single", "backward", "stack")
STATIC_LABEL_KEYS: Final = (
    "earth",
    "alien_planet",
    "dice",
    "power_pool",
    "power_legend",
    *(f"power_{name}" for name in POWER_NAMES),
    *(f"help_{name}" for name in POWER_NAMES),
)
STATIC_LAYERS_CACHED: Final = 8  # each is a final-size picture (~2.5 MB)


@layer_cache(maxsize=STATIC_LAYERS_CACHED)
def static_layer(words: tuple[str, ...]) -> Image.Image:
    """The parts of the board no move changes: track, planets, empty panels, captions."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    canvas = Canvas(WIDTH, HEIGHT, scale=SUPERSAMPLE, final_text=True)
    draw_track(canvas)
    for position in (EARTH, ALIEN_PLANET):
        draw_planet(canvas, position, labels["earth" if position == EARTH else "alien_planet"])
    for seat in (0, 1):
        canvas.panel(faction_panel_box(seat))
    for side, caption in ((0, labels["dice"]), (1, labels["power_pool"])):
        left, top, right, _ = box = footer_box(side)
        canvas.panel(box)
        canvas.fitted_text(
            (left + CAPTION_INSET, top + 12),
            caption,
            right - left - 2 * CAPTION_INSET,
            TextSize.SMALL,
            TEXT_MUTED,
        )
    draw_power_legend(canvas, labels)
    return canvas.finish()


def draw_power_legend(canvas: Canvas, labels: Mapping[str, str]) -> None:
    """Every Power's effect in one line: players choose and use them knowing what they do."""
    box = (MARGIN, LEGEND_TOP, WIDTH - MARGIN, LEGEND_TOP + LEGEND_HEIGHT)
    left, top, right, _ = box
    canvas.panel(box)
    canvas.fitted_text(
        (left + CAPTION_INSET, top + 12),
        labels["power_legend"],
        right - left - 2 * CAPTION_INSET,
        TextSize.SMALL,
        TEXT_MUTED,
    )
    name_right = left + CAPTION_INSET + 150
    for index, name in enumerate(POWER_NAMES):
        y = top + 48 + (index + 0.5) * LEGEND_LINE
        canvas.fitted_text(
            (left + CAPTION_INSET, y), labels[f"power_{name}"], 140, TextSize.SMALL, TEXT, "lm"
        )
        canvas.fitted_text(
            (name_right, y),
            labels[f"help_{name}"],
            right - CAPTION_INSET - name_right,
            TextSize.SMALL,
            TEXT,
            "lm",
            bold=False,
        )


def draw_track(canvas: Canvas) -> None:
    canvas.line(path_points(EARTH, ALIEN_PLANET), SURFACE_RAISED, 14)
    for position in range(1, TRACK_SPACES + 1):
        left, top, _, _ = box = space_box(position)
        canvas.panel(box, SURFACE, OUTLINE, 2, 12)
        canvas.text((left + 10, top + 8), str(position), TextSize.SMALL, TEXT_MUTED)


def draw_planet(canvas: Canvas, position: int, name: str) -> None:
    faction = FACTIONS[0] if position == EARTH else FACTIONS[1]
    left, _, right, bottom = box = space_box(position)
    canvas.panel(box, SURFACE, FACTION_COLOURS[faction], 3, 14)
    if position == EARTH:
        draw_earth(canvas, space_centre(position))
    else:
        draw_alien_planet(canvas, space_centre(position))
    canvas.fitted_text(
        ((left + right) / 2, bottom - 10), name, right - left - 12, TextSize.SMALL, TEXT, "ms"
    )
    for slot in range(ATTACKS_TO_LOSE):
        canvas.circle(attack_mark_centre(position, slot), MARK_RADIUS, None, OUTLINE, 2)


def draw_earth(canvas: Canvas, centre: Point) -> None:
    """A blue globe with two green continents."""
    x, y = centre
    r = PLANET_RADIUS
    canvas.circle(centre, r, EARTH_OCEAN)
    for continent in EARTH_CONTINENTS:
        canvas.polygon([(x + dx * r, y + dy * r) for dx, dy in continent], EARTH_LAND)
    canvas.circle(centre, r, None, WHITE, 2)


def draw_alien_planet(canvas: Canvas, centre: Point) -> None:
    """A smaller orange world inside a ring, so it never looks like Earth."""
    x, y = centre
    r = PLANET_RADIUS * 0.8
    ring = (x - r * 1.55, y - r * 0.42, x + r * 1.55, y + r * 0.42)
    canvas.arc(ring, 180, 360, ALIEN_PLANET_BAND, 5)  # behind the globe
    canvas.circle(centre, r, ALIEN_PLANET_BODY)
    canvas.arc((x - r, y - r * 0.55, x + r, y + r * 0.2), 20, 160, ALIEN_PLANET_BAND, 4)
    canvas.circle(centre, r, None, WHITE, 2)
    canvas.arc(ring, 0, 180, ALIEN_PLANET_BAND, 5)  # in front of it


def attack_mark_centre(position: int, slot: int) -> Point:
    left, top, _, _ = space_box(position)
    return (left + MARK_RADIUS + 12, top + 22 + slot * (2 * MARK_RADIUS + 8))


def faction_panel_box(seat: int) -> Box:
    width = (WIDTH - 2 * MARGIN - SECTION_GAP) / 2
    left = MARGIN + seat * (width + SECTION_GAP)
    return (left, PANEL_TOP, left + width, PANEL_TOP + PANEL_HEIGHT)


def footer_box(side: int) -> Box:
    """The dice box (side 0, left) or the Power pool box (side 1, right)."""
    split = MARGIN + (WIDTH - 2 * MARGIN - SECTION_GAP) * DICE_BOX_SHARE
    if side == 0:
        return (MARGIN, FOOTER_TOP, split, FOOTER_TOP + FOOTER_HEIGHT)
    return (split + SECTION_GAP, FOOTER_TOP, WIDTH - MARGIN, FOOTER_TOP + FOOTER_HEIGHT)


# --- The picture -----------------------------------------------------------------------------
class RushipBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: Mapping[str, Any], labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        static = tuple(self.labels[key] for key in STATIC_LABEL_KEYS)
        self.canvas = Canvas(WIDTH, HEIGHT, base=static_layer(static))
        outcome = view.get("outcome")
        self.winners: list[int] = list(outcome["winners"]) if outcome else []
        self.to_act: list[int] = list(view.get("to_act", []))

    def draw(self) -> Image.Image:
        self.draw_header()
        self.draw_attacks()
        self.draw_last_moves()
        self.draw_pieces()
        self.draw_captures()
        self.draw_move_order()
        for seat in (0, 1):
            self.draw_faction_panel(seat)
        self.draw_dice()
        self.draw_pool()
        return self.canvas.finish()

    def is_opening(self) -> bool:
        """The board right after the start roll, before anyone rolled."""
        return any(event.get("type") == "start" for event in self.view.get("events", []))

    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or self.labels[FACTIONS[seat]]

    def power_name(self, name: str) -> str:
        return self.labels.get(f"power_{name}", name)

    # -- header
    def status(self) -> tuple[str, int]:
        """The header line and the seat it is about."""
        if self.winners:
            seat = self.winners[0]
            return fill_label(self.labels["status_won"], player=self.player(seat)), seat
        phase = self.view.get("phase")
        if phase == "power" and self.to_act:
            seat = self.to_act[0]
            return fill_label(self.labels["status_power"], player=self.player(seat)), seat
        seat = self.view.get("turn") or 0
        key = "status_roll" if phase == "roll" else "status_move"
        return fill_label(self.labels[key], player=self.player(seat)), seat

    def draw_header(self) -> None:
        text, seat = self.status()
        faction = FACTIONS[seat]
        glyph: Shape = "star" if self.winners else FACTION_GLYPHS[faction]
        header_strip(
            self.canvas,
            (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_HEIGHT),
            self.labels["title"],
            text,
            FACTION_COLOURS[faction],
            glyph,
        )

    # -- board
    def draw_attacks(self) -> None:
        attacks = self.view.get("attacks", {})
        for faction, position in PLANET_OF.items():
            for slot in range(min(ATTACKS_TO_LOSE, int(attacks.get(faction, 0)))):
                draw_capture_mark(self.canvas, attack_mark_centre(position, slot), MARK_RADIUS)

    def shown_moves(self) -> list[Mapping[str, Any]]:
        """This turn's moves, or the last turn's while this one has none yet."""
        return list(self.view.get("moves_this_turn") or self.view.get("last_turn_moves") or [])

    def carrier_position(self, seat: int) -> int:
        if FACTIONS[seat] == "humanity":
            return int(self.view.get("mothership", 1))
        return int(self.view.get("vortex", TRACK_SPACES))

    def move_start(self, move: Mapping[str, Any]) -> int:
        """Where a move's arrow starts: its token's space, or for an entry the space the
        carrier stood on when the token entered (it may have advanced since)."""
        origin = move.get("from")
        if origin is not None:
            return int(origin)
        if move.get("carrier") is not None:
            return int(move["carrier"])
        return self.carrier_position(int(move["seat"]))

    def draw_last_moves(self) -> None:
        for move in self.shown_moves():
            start = self.move_start(move)
            self.draw_move(clamp_position(start), clamp_position(int(move["to"])))

    def draw_move(self, start: int, end: int) -> None:
        """A glowing frame on the landing space and an arrow along the track from the start."""
        canvas = self.canvas
        left, top, right, bottom = space_box(end)
        grow = HIGHLIGHT_MARGIN
        canvas.rect((left - grow, top - grow, right + grow, bottom + grow), None, HIGHLIGHT, 4, 15)
        if start == end:
            return
        points = path_points(start, end)
        stop = PLANET_ARROW_STOP if end in PLANET_OF.values() else ARROW_STOP
        tip = arrow_tip(points[-2], points[-1], stop)
        canvas.arrow([*points[:-1], tip], with_alpha(HIGHLIGHT, PATH_ALPHA), 10, 30)
        canvas.circle(points[0], 11, BACKGROUND, HIGHLIGHT, 4)

    def draw_pieces(self) -> None:
        for carrier, mark in (("mothership", "mothership_short"), ("vortex", "vortex_short")):
            position = self.view.get(carrier)
            if isinstance(position, int) and 1 <= position <= TRACK_SPACES:
                draw = draw_mothership if carrier == "mothership" else draw_vortex
                draw(self.canvas, space_centre(position), self.labels[mark])
        tokens = self.view.get("tokens", {})
        for faction in FACTIONS:
            for position, count in sorted(Counter(tokens.get(faction, [])).items()):
                if 1 <= position <= TRACK_SPACES:
                    self.draw_stack(faction, position, count)

    def draw_stack(self, faction: str, position: int, count: int) -> None:
        """One token, or a visibly doubled pair with a ×2 tag."""
        x, y = space_centre(position)
        if count == 1:
            draw_token(self.canvas, faction, (x, y), SHIP_HEIGHT)
            return
        y -= PAIR_RAISE
        # Rockets are tall, so a pair stands side by side; saucers are flat, so they pile up.
        dx, dy = (PAIR_OFFSET, PAIR_STAGGER) if faction == "humanity" else (4, PAIR_OFFSET - 3)
        draw_token(self.canvas, faction, (x - dx, y - dy), PAIR_SIZE)
        draw_token(self.canvas, faction, (x + dx, y + dy), PAIR_SIZE)
        bottom = space_box(position)[3]
        self.canvas.chip(
            (x, bottom - 19), f"×{count}", TextSize.SMALL, WHITE, BACKGROUND, None, "centre"
        )

    def draw_move_order(self) -> None:
        """Number the landings when a turn made several moves, so their order reads."""
        moves = self.shown_moves()
        if len(moves) < 2:
            return
        for order, move in enumerate(moves, start=1):
            end = clamp_position(int(move["to"]))
            left, top, right, bottom = space_box(end)
            if end in PLANET_OF.values():  # the planet's name runs along its bottom
                centre = (right - ORDER_BADGE_RADIUS - 2, top + ORDER_BADGE_RADIUS + 2)
            else:
                centre = (left + ORDER_BADGE_RADIUS + 2, bottom - ORDER_BADGE_RADIUS - 2)
            self.canvas.circle(centre, ORDER_BADGE_RADIUS, HIGHLIGHT, BACKGROUND, 2)
            self.canvas.text(centre, str(order), TextSize.SMALL, BACKGROUND, "mm")

    def draw_captures(self) -> None:
        for move in self.shown_moves():
            for position in move.get("captured", []):
                _, top, right, _ = space_box(clamp_position(int(position)))
                draw_capture_mark(self.canvas, (right - 16, top + 18), 13)

    # -- panels
    def draw_faction_panel(self, seat: int) -> None:
        canvas = self.canvas
        faction = FACTIONS[seat]
        colour = FACTION_COLOURS[faction]
        left, top, right, _ = box = faction_panel_box(seat)
        won = seat in self.winners
        active = won or (not self.winners and seat in self.to_act)
        if active:
            canvas.panel(box, SURFACE, colour, 4)
        draw_token(canvas, faction, (left + 36, top + 34), 44)
        title_y = top + 34
        tag_right = right - 16
        tag_left = tag_right
        if active:
            tag_text = "★ " + self.labels["winner"] if won else self.labels["your_turn"]
            if not won and self.is_opening():
                tag_text = "▶ " + self.labels["plays_first"]
            tag_fill = HIGHLIGHT if won else colour
            tag = canvas.chip(
                (tag_right, title_y), tag_text, TextSize.BODY, tag_fill, align="right"
            )
            tag_left = tag[0]
        name_left = left + 68
        room = tag_left - name_left - 12
        width = canvas.fitted_text(
            (name_left, title_y), self.labels[faction], room, TextSize.HEADING, TEXT, "lm"
        )
        player = self.labels.get(f"player_{seat}", "")
        if player and room - width > MIN_NAME_ROOM:
            canvas.fitted_text(
                (name_left + width + 12, title_y + 2),
                player,
                room - width - 12,
                TextSize.BODY,
                TEXT_MUTED,
                "lm",
                bold=False,
            )
        self.draw_reserve(faction, (left + CAPTION_INSET, top + 90))
        self.draw_powers_taken(faction, (left + CAPTION_INSET, top + 136), right)

    def caption(self, at: Point, key: str) -> float:
        """A small caption left of a panel's row; returns where the row's content starts."""
        width = self.canvas.fitted_text(
            at, self.labels[key], CAPTION_WIDTH, TextSize.SMALL, TEXT_MUTED, "lm"
        )
        return at[0] + max(width + 16, CAPTION_WIDTH)

    def draw_reserve(self, faction: str, at: Point) -> None:
        canvas = self.canvas
        x, y = self.caption(at, "reserve"), at[1]
        reserve = int(self.view.get("reserve", {}).get(faction, 0))
        canvas.text((x, y), str(reserve), TextSize.LABEL, TEXT, "lm")
        x += 34
        for slot in range(TOKENS_PER_SIDE):
            centre = (x + slot * RESERVE_STEP + RESERVE_STEP / 2, y)
            if slot < reserve:
                draw_token(canvas, faction, centre, MINI_TOKEN)
            else:
                canvas.circle(centre, 5, OUTLINE)

    def draw_powers_taken(self, faction: str, at: Point, right: float) -> None:
        canvas = self.canvas
        x, y = self.caption(at, "powers"), at[1]
        taken = [str(name) for name in self.view.get("powers", {}).get(faction, [])]
        if not taken:
            canvas.text((x, y), self.labels["no_powers"], TextSize.SMALL, TEXT_MUTED, "lm", False)
            return
        colour = FACTION_COLOURS[faction]
        names = [self.power_name(name) for name in taken]
        canvas.chip_flow(
            (x, y),
            names,
            right - CAPTION_INSET,
            TextSize.SMALL,
            mix(colour, BACKGROUND, 0.7),
            TEXT,
            colour,
        )

    # -- footer
    def draw_dice(self) -> None:
        canvas = self.canvas
        left, top, _, _ = footer_box(0)
        dice = [int(d) for d in self.view.get("dice", [])]
        used = [bool(u) for u in self.view.get("dice_used", [])]
        plus = [bool(p) for p in self.view.get("plus_one_used", [])]
        x, die_top = left + CAPTION_INSET, top + DICE_TOP
        if not dice:
            self.draw_no_dice(x, die_top)
            return
        for index, value in enumerate(dice):
            spent = index < len(used) and used[index]
            canvas.die((x, die_top, x + DIE_SIZE, die_top + DIE_SIZE), value, dimmed=spent)
            x += DIE_SIZE
            if index < len(plus) and plus[index]:  # this die was used at face + 1
                chip = canvas.chip((x + 6, die_top + DIE_SIZE / 2), "+1", TextSize.SMALL, HIGHLIGHT)
                x = chip[2]
            x += DIE_GAP
        if self.view.get("reroll_used"):
            canvas.chip(
                (x, die_top + DIE_SIZE / 2),
                "↻ " + self.labels["rerolled"],
                TextSize.SMALL,
                SURFACE_RAISED,
                TEXT,
            )

    def draw_no_dice(self, x: float, top: float) -> None:
        """Before the roll: the opening roll-off on a fresh board, else two blank dice."""
        canvas = self.canvas
        right = footer_box(0)[2] - CAPTION_INSET
        rolls = self.view.get("start_rolls") or []
        if rolls and self.is_opening():  # only on the opening board, never again mid-game
            self.draw_start_rolls(x, top + DIE_SIZE / 2, rolls[-START_ROLLS_SHOWN:])
            return
        for _ in range(2):
            die_box = (x, top, x + DIE_SIZE, top + DIE_SIZE)
            canvas.rect(die_box, None, OUTLINE, 2, DIE_SIZE * 0.18)
            canvas.text_in_box(die_box, "?", TextSize.HEADING, TEXT_MUTED)
            x += DIE_SIZE + DIE_GAP
        canvas.fitted_text(
            (x, top + DIE_SIZE / 2),
            self.labels["to_roll"],
            right - x,
            TextSize.BODY,
            TEXT_MUTED,
            "lm",
        )

    def draw_start_rolls(self, x: float, y: float, rolls: list[list[int]]) -> float:
        """The roll-off for first player, each die beside its side's token; returns where
        the text after it may start."""
        canvas = self.canvas
        width = canvas.text_width(self.labels["start_roll"], TextSize.SMALL, bold=False)
        canvas.text((x, y), self.labels["start_roll"], TextSize.SMALL, TEXT_MUTED, "lm", False)
        x += width + 16
        for roll in rolls:
            for faction, value in zip(FACTIONS, roll, strict=False):
                draw_token(canvas, faction, (x + 14, y), 30)
                canvas.text((x + 32, y), str(value), TextSize.LABEL, TEXT, "lm")
                x += 56
            x += 14
        return x + 6

    def draw_pool(self) -> None:
        canvas = self.canvas
        left, top, right, _ = footer_box(1)
        pool = [self.power_name(str(name)) for name in self.view.get("power_pool", [])]
        x = left + CAPTION_INSET
        if not pool:
            canvas.text((x, top + DICE_TOP + DIE_SIZE / 2), "—", TextSize.LABEL, TEXT_MUTED, "lm")
            return
        room = right - CAPTION_INSET
        middle = top + DICE_TOP + DIE_SIZE / 2
        if x + canvas.chips_width(pool) <= room:
            canvas.chip_flow((x, middle), pool, room, outline=OUTLINE)
        else:  # long (translated) names: two rows
            half = POOL_LINE_HEIGHT / 2
            canvas.chip_flow(
                (x, middle - half + 4),
                pool,
                room,
                outline=OUTLINE,
                max_lines=2,
                line_height=POOL_LINE_HEIGHT,
            )


def arrow_tip(before: Point, target: Point, stop: float) -> Point:
    """Stop an arrow short of the piece standing on its target."""
    (x0, y0), (x1, y1) = before, target
    length = math.hypot(x1 - x0, y1 - y0)
    stop = min(stop, length / 2)
    return (x1 - (x1 - x0) * stop / length, y1 - (y1 - y0) * stop / length)


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it)."""
    return RushipBoard(view, labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as PNG bytes, drawn from the public view."""
    return encode_png(render_image(view, labels), palette=board_palette())


# --- The palette -----------------------------------------------------------------------------
@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Ruship board is mapped onto (fixed, so a board's bytes never depend
    on what was drawn before it, and an unchanged space keeps its exact colours)."""
    return stored_palette("ruship")
