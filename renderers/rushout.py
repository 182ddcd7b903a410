"""The Rush Out! board picture, drawn from the public view (``GAME.view(state, None)``).

The picture is made for a phone (800 px wide, every word and die still readable shown 400 px
wide) and stacks the two camps. On top, the sorcerer's side (purple): his panel (name, his
five black dice as last thrown and where the others are, what his Joker counts as now: the
visible pennants, his scrolls, the spell choice he owes) over the three spell cards. Below,
the heroes' side: the dragon's path (the dragon tile with its Joker slots, trial slots 1-3,
the heroes' deck), the three trial cards, the curse and dissipation cards facing the
heroes, then one panel per hero (name, hero, what its Joker counts as, equipment,
experience and faculty, its dice, its wound tile).

Every face is a pictogram, never a letter alone: Fire a torch, Sword a sword, Step a
footprint, Key a key, Heart a heart, Joker a four-pointed sparkle; the sorcerer's Plant a
sprout, Water a drop, Air three gusts, Lightning a bolt, Flame a flame. A legend under the
board names them. Each hero's dice are its Okabe-Ito colour *and* carry its shape in a
corner (Warrior a square, Tracker a triangle, Bard a circle, Cleric a diamond); the
sorcerer's are black with a purple rim and his shape is a hexagon. Cards show their slots:
an empty slot shows the symbol it wants, a filled one the die placed on it. A card's
pennant is a flag with its symbol. The card under the dragon has the dragon on it and a
vermillion frame. Deck and discard sizes are never drawn (the view does not hold them).

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``; ``player_<seat>`` the players' names (``player``, with ``{number}``, stands in).
- ``status_round`` (``{mode}``, ``{round}``), ``status_mode`` (``{mode}``), ``status_market``
  (``{round}``), ``status_heroes``, ``status_sorcerer``: the header pill.
- ``live``, ``pulse`` (``{pulse}``), ``pulse_left`` (``{pulse}``, ``{time}``), ``minutes``
  and ``hours`` (``{count}``), ``trophies``, ``souls``, ``lives``, ``gold``: the score strip.
- ``sorcerer``, ``waiting_first_throw``, ``choosing`` (``{effect}``), ``throws_left``
  (``{count}``), ``done``, ``check``, ``wounded``, ``xp`` (``{xp}``, ``{cost}``), ``on_card``
  (``{card}``), ``joker_is``, ``scrolls_owned``: panel words.
- ``hero_<name>``, ``faculty_<name>`` (``{cost}``): the heroes and their faculties.
- ``trial`` and ``spell`` (``{number}``), ``kind_<kind>``, ``effect_<effect>``,
  ``dragon_tile``, ``deck``, ``facing``, ``no_facing``, ``aimed`` (``{player}``),
  ``invoked_side``, ``cancel_side``: the cards. ``equipment``, ``scrolls``,
  ``scroll_<power>``: the market and the scrolls. ``reason_<reason>``: why the game ended.
- ``face_<face>``: the face names in the legend; ``legend_heroes``, ``legend_sorcerer``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from PIL import Image

from bot.games import rushout_data as data
from renderers.base import (
    BLACK,
    BLUISH_GREEN,
    HIGHLIGHT,
    ORANGE,
    OUTLINE,
    REDDISH_PURPLE,
    SKY_BLUE,
    SUPERSAMPLE,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    VERMILLION,
    WHITE,
    YELLOW,
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
    readable_ink,
    shape_points,
    star_points,
    stored_palette,
)

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Rush Out!",
    "player": "Player {number}",
    # header and score strip
    "status_round": "{mode} · round {round}",
    "status_mode": "{mode}",
    "status_market": "Market after round {round}",
    "status_heroes": "The heroes win!",
    "status_sorcerer": "The sorcerer wins!",
    "live": "Live",
    "pulse": "Pulse {pulse}",
    "pulse_left": "Pulse {pulse} · {time} left",
    "minutes": "{count} min",
    "hours": "{count} h",
    "trophies": "Trophies",
    "souls": "Souls",
    "lives": "Lives",
    "gold": "Gold",
    # panels
    "sorcerer": "Sorcerer",
    "waiting_first_throw": "Heroes wait for his first throw",
    "choosing": "Choosing: {effect}",
    "throws_left": "{count} throws left",
    "done": "Done",
    "check": "Must check!",
    "wounded": "Wounded",
    "xp": "XP {xp}/{cost}",
    "on_card": "on {card}",
    "joker_is": "Joker =",
    "hero_warrior": "Warrior",
    "hero_tracker": "Tracker",
    "hero_bard": "Bard",
    "hero_cleric": "Cleric",
    "faculty_warrior": "{cost} XP: dragon back",
    "faculty_tracker": "{cost} XP: discard a curse",
    "faculty_bard": "{cost} XP: a die to Joker",
    "faculty_cleric": "{cost} XP: heal a hero",
    # cards
    "trial": "Trial {number}",
    "spell": "Spell {number}",
    "kind_standard": "Trial",
    "kind_gold": "Gold coin",
    "kind_confrontation": "Confrontation",
    "kind_confusion": "Confusion",
    "kind_invocation": "Invocation",
    "kind_dracology": "Dracology",
    "kind_dissipation": "Dissipation",
    "kind_curse": "Curse",
    "kind_damnation": "Damnation",
    "kind_regression": "Regression",
    "effect_push_one": "push one hero die",
    "effect_push_all": "push all dice off a card",
    "effect_invocation": "joins the heroes' deck",
    "effect_dragon_one": "dragon +1",
    "effect_dragon_two": "dragon +2",
    "effect_whirlwind": "Whirlwind",
    "effect_forbid_F": "No Fire",
    "effect_forbid_S": "No Sword",
    "effect_forbid_P": "No Step",
    "effect_forbid_K": "No Key",
    "effect_silence": "Silence",
    "effect_one_hand": "One hand",
    "effect_high_five": "High five",
    "effect_wound_souls": "wound one, take souls",
    "effect_wound_two": "wound two heroes",
    "effect_drain_one": "−1 XP to one hero",
    "effect_drain_all": "−1 XP to every hero",
    "dragon_tile": "Dragon tile",
    "deck": "Deck",
    "facing": "Facing the heroes",
    "no_facing": "no curse or dissipation",
    "aimed": "→ {player}",
    "invoked_side": "then",
    "cancel_side": "cancel",
    "equipment": "Equipment for the heroes",
    "scrolls": "Scrolls for the sorcerer",
    "scrolls_owned": "Scrolls",
    "scroll_flip": "Flip",
    "scroll_swap": "Swap a spell",
    "scroll_joker_on": "Joker on",
    "scroll_lightning": "push all",
    "scroll_fire": "dragon +1",
    "reason_last_trial": "last trial revealed",
    "reason_last_spell": "last spell revealed",
    "reason_deck_emptied": "deck emptied",
    "reason_dragon": "the dragon reached the deck",
    "reason_souls": "every soul taken",
    "reason_lives": "the sorcerer's last life taken",
    # legend
    "legend_heroes": "Heroes",
    "legend_sorcerer": "Sorcerer",
    "face_F": "Fire",
    "face_S": "Sword",
    "face_P": "Step",
    "face_K": "Key",
    "face_H": "Heart",
    "face_J": "Joker",
    "face_pl": "Plant",
    "face_ea": "Water",
    "face_ai": "Air",
    "face_ec": "Lightning",
    "face_fe": "Flame",
}

# --- Look ----------------------------------------------------------------------------------
#: The heroes' dice, by the colour the engine names; Okabe-Ito hues (brown is a dark orange).
HERO_FILLS: Final[Mapping[str, Colour]] = {
    "green": BLUISH_GREEN,
    "brown": mix(mix(VERMILLION, ORANGE, 0.5), BLACK, 0.22),
    "blue": SKY_BLUE,
    "white": (236, 238, 242),
}
HERO_SHAPES: Final[Mapping[str, Shape]] = {
    "warrior": "square",
    "tracker": "triangle",
    "bard": "circle",
    "cleric": "diamond",
}
SORCERER_COLOUR: Final = REDDISH_PURPLE
SORCERER_SHAPE: Final[Shape] = "hexagon"
SORCERER_DIE: Final = (28, 24, 34)
SORCERER_RIM: Final = REDDISH_PURPLE
SORCERER_SIDE: Final = mix(SURFACE, REDDISH_PURPLE, 0.16)
HEROES_SIDE: Final = mix(SURFACE, BLUISH_GREEN, 0.08)
SPELL_FACE: Final = mix((40, 30, 52), REDDISH_PURPLE, 0.18)
SPELL_SLOT: Final = mix(SPELL_FACE, BLACK, 0.35)
TRIAL_FACE: Final = (232, 224, 204)
TRIAL_INK: Final = (58, 50, 40)
TRIAL_SLOT: Final = (212, 201, 176)
GOLD_FACE: Final = (240, 222, 150)
CONFRONTATION_FACE: Final = (232, 206, 196)
HEX_FACE: Final = mix(SPELL_FACE, SURFACE_RAISED, 0.35)
PENNANT: Final = YELLOW
DRAGON_GREEN: Final = mix(VERMILLION, BLACK, 0.1)
DRAGON_FRAME: Final = VERMILLION
COIN: Final = YELLOW
SOUL: Final = (206, 214, 236)
EMPTY_TOKEN: Final = OUTLINE

# --- Layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 800
MARGIN: Final = 16
GAP: Final = 12
PAD: Final = 10  # inside a camp's section
HEADER_HEIGHT: Final = 64
STRIP_HEIGHT: Final = 46
SLOT: Final = 46  # a die on a card (smaller when five share a card)
SLOT_GAP: Final = 5
CARD_HEIGHT: Final = 150
CARD_GAP: Final = 10
CARD_RADIUS: Final = 12
ROW_HEIGHT: Final = 42  # a line of a panel
TRAY_DIE: Final = 34
TRAY_GAP: Final = 5
DRAGON_STRIP: Final = 70
HEX_CAPTION: Final = 26
HEX_HEIGHT: Final = 92
HEX_PER_ROW: Final = 4
HERO_PANEL_GAP: Final = 10
LEGEND_ROW: Final = 40
LEGEND_DIE: Final = 30
SECTION_LEFT: Final = MARGIN
SECTION_RIGHT: Final = WIDTH - MARGIN
INNER_LEFT: Final = SECTION_LEFT + PAD
INNER_RIGHT: Final = SECTION_RIGHT - PAD
INNER_WIDTH: Final = INNER_RIGHT - INNER_LEFT
CARD_WIDTH: Final = (INNER_WIDTH - 2 * CARD_GAP) / 3
STRIP_TOP: Final = MARGIN + HEADER_HEIGHT + GAP
SORCERER_TOP: Final = STRIP_TOP + STRIP_HEIGHT + GAP


# --- Geometry (fixed per mode and number of heroes) ----------------------------------------
#: What a picture's geometry depends on: heroes, dragon, scrolls, hexes, chips row, wounds.
LayoutKey = tuple[int, bool, bool, bool, bool, bool]


class Layout:
    """Where everything goes for a kind of match (never for a position)."""

    def __init__(self, key: LayoutKey) -> None:
        self.key = key
        self.heroes, self.dragon, self.scrolls, self.hexes, self.state_row, self.wounds = key
        top = SORCERER_TOP
        panel_rows = 3 if self.scrolls else 2
        panel_bottom = top + PAD + panel_rows * ROW_HEIGHT + 8
        self.sorcerer_panel = (INNER_LEFT, top + PAD, INNER_RIGHT, panel_bottom)
        self.spells_top = panel_bottom + CARD_GAP
        self.sorcerer_section = (
            SECTION_LEFT,
            top,
            SECTION_RIGHT,
            self.spells_top + CARD_HEIGHT + PAD,
        )
        y = self.sorcerer_section[3] + GAP
        heroes_top = y
        y += PAD
        self.dragon_box: Box | None = None
        if self.dragon:
            self.dragon_box = (INNER_LEFT, y, INNER_RIGHT, y + DRAGON_STRIP)
            y += DRAGON_STRIP + CARD_GAP
        self.trials_top = y
        y += CARD_HEIGHT + CARD_GAP
        self.hex_box: Box | None = None
        if self.hexes:
            self.hex_box = (INNER_LEFT, y, INNER_RIGHT, y + HEX_CAPTION + HEX_HEIGHT)
            y += HEX_CAPTION + HEX_HEIGHT + CARD_GAP
        rows = (self.heroes + 1) // 2
        # name, Joker, dice; then chips (XP, High five's check, pulse throws) and the wound
        rows_ = 3 + (self.state_row or self.wounds)
        self.hero_height = rows_ * ROW_HEIGHT + 12
        self.hero_boxes: list[Box] = []
        width = (INNER_WIDTH - HERO_PANEL_GAP) / 2
        for index in range(self.heroes):
            row, column = divmod(index, 2)
            left = INNER_LEFT + column * (width + HERO_PANEL_GAP)
            top_ = y + row * (self.hero_height + HERO_PANEL_GAP)
            self.hero_boxes.append((left, top_, left + width, top_ + self.hero_height))
        y += rows * self.hero_height + (rows - 1) * HERO_PANEL_GAP + PAD
        self.heroes_section = (SECTION_LEFT, heroes_top, SECTION_RIGHT, y)
        y += GAP
        self.legend_box = (SECTION_LEFT, y, SECTION_RIGHT, y + 2 * LEGEND_ROW + 16)
        self.height = round(self.legend_box[3] + MARGIN)

    def card_box(self, camp: str, index: int) -> Box:
        top = self.spells_top if camp == "spells" else self.trials_top
        left = INNER_LEFT + index * (CARD_WIDTH + CARD_GAP)
        return (left, top, left + CARD_WIDTH, top + CARD_HEIGHT)

    def path_nodes(self) -> list[Point]:
        """The dragon's stops after the tile: trial slots 1-3, then the heroes' deck."""
        assert self.dragon_box is not None
        left, top, right, bottom = self.dragon_box
        start = left + tile_width() + 70
        step = (right - 40 - start) / 3
        return [(start + k * step, (top + bottom) / 2) for k in range(4)]


def tile_width() -> float:
    return 4 * SLOT + 3 * SLOT_GAP + 2 * PAD


def layout(mode: str, heroes: int, pulse: bool) -> Layout:
    """The layout of a match: what its mode has (the dragon, scrolls, curses and
    dissipations, experience, wounds), its number of heroes and its play (pulse)."""
    rules = data.MODES.get(mode, data.MODES[data.DEFAULT_MODE])
    kinds = {kind for kind, _ in rules.spells}
    return _layout(
        (
            heroes,
            rules.dragon,
            rules.gold,
            bool(kinds & {data.DISSIPATION, data.CURSE}),
            rules.experience or pulse or data.CURSE in kinds,
            rules.souls,
        )
    )


@lru_cache(maxsize=32)
def _layout(key: LayoutKey) -> Layout:
    return Layout(key)


# --- Pictograms ----------------------------------------------------------------------------
def _rotated(points: Sequence[Point], centre: Point, angle: float) -> list[Point]:
    cx, cy = centre
    cos, sin = math.cos(angle), math.sin(angle)
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


def _lens(start: Point, end: Point, bulge: float, steps: int = 8) -> list[Point]:
    """A leaf: two arcs between ``start`` and ``end`` bulging ``bulge`` of its length."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    nx, ny = -dy, dx
    points = []
    for side in (1, -1):
        ts = [k / steps for k in range(steps + 1)]
        if side < 0:
            ts = ts[::-1]
        for t in ts:
            lift = 4 * t * (1 - t) * bulge * side
            points.append((x0 + dx * t + nx * lift, y0 + dy * t + ny * lift))
    return points


def _flame(cx: float, cy: float, r: float) -> list[Point]:
    """A flame standing on (cx, cy + r), its tip leaning right, ``r`` high."""
    return [
        (cx + 0.05 * r, cy - r),
        (cx + 0.38 * r, cy - 0.45 * r),
        (cx + 0.5 * r, cy + 0.1 * r),
        (cx + 0.38 * r, cy + 0.55 * r),
        (cx, cy + 0.75 * r),
        (cx - 0.38 * r, cy + 0.55 * r),
        (cx - 0.5 * r, cy + 0.1 * r),
        (cx - 0.38 * r, cy - 0.25 * r),
        (cx - 0.2 * r, cy + 0.05 * r),
        (cx - 0.12 * r, cy - 0.5 * r),
    ]


def draw_symbol_now(
    canvas: Canvas, symbol: str, centre: Point, r: float, ink: Colour, ground: Colour
) -> None:
    """The pictogram of a face or slot symbol in the circle of radius ``r``."""
    cx, cy = centre
    stroke = max(2.0, r * 0.17)
    if symbol == data.FIRE:  # a torch
        canvas.polygon(
            [
                (cx - 0.24 * r, cy + 0.05 * r),
                (cx + 0.24 * r, cy + 0.05 * r),
                (cx + 0.13 * r, cy + 0.98 * r),
                (cx - 0.13 * r, cy + 0.98 * r),
            ],
            ink,
        )
        canvas.rect(
            (cx - 0.36 * r, cy - 0.14 * r, cx + 0.36 * r, cy + 0.08 * r), ink, None, 0, r * 0.05
        )
        canvas.polygon(_flame(cx, cy - 0.48 * r, 0.62 * r), ink)
    elif symbol == data.SWORD:
        angle = math.pi / 4
        for part in sword_parts(centre, r, SYMBOL_SWORD):
            canvas.polygon(_rotated(part, centre, angle), ink)
        pommel = _rotated([(cx, cy + 0.9 * r)], centre, angle)[0]
        canvas.circle(pommel, 0.14 * r, ink)
    elif symbol == data.STEP:  # a footprint
        canvas.ellipse((cx - 0.34 * r, cy - 0.42 * r, cx + 0.3 * r, cy + 0.42 * r), ink)
        canvas.ellipse((cx - 0.24 * r, cy + 0.38 * r, cx + 0.2 * r, cy + 0.95 * r), ink)
        for dx, dy, size in (
            (-0.34, -0.62, 0.15),
            (-0.1, -0.78, 0.13),
            (0.1, -0.78, 0.115),
            (0.27, -0.68, 0.1),
            (0.39, -0.52, 0.09),
        ):  # the toes
            canvas.circle((cx + dx * r, cy + dy * r), size * r, ink)
    elif symbol == data.KEY:
        ring = (cx, cy - 0.5 * r)
        canvas.circle(ring, 0.42 * r, ink)
        canvas.circle(ring, 0.2 * r, ground)
        canvas.rect((cx - 0.09 * r, cy - 0.12 * r, cx + 0.09 * r, cy + 0.95 * r), ink)
        canvas.rect((cx + 0.05 * r, cy + 0.45 * r, cx + 0.42 * r, cy + 0.6 * r), ink)
        canvas.rect((cx + 0.05 * r, cy + 0.74 * r, cx + 0.34 * r, cy + 0.89 * r), ink)
    elif symbol == data.HEART:
        points = []
        for k in range(48):
            t = 2 * math.pi * k / 48
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            points.append((cx + x * r / 17, cy - (y + 2.5) * r / 17))
        canvas.polygon(points, ink)
    elif symbol == data.JOKER:  # a four-pointed sparkle
        canvas.polygon(star_points(centre, r * 0.98, 4, 0.32), ink)
        canvas.circle(centre, r * 0.12, ground)
    elif symbol == data.PLANT:  # a sprout
        canvas.line([(cx, cy + 0.95 * r), (cx, cy - 0.2 * r)], ink, stroke)
        canvas.polygon(_lens((cx, cy + 0.05 * r), (cx - 0.85 * r, cy - 0.55 * r), 0.32), ink)
        canvas.polygon(_lens((cx, cy - 0.15 * r), (cx + 0.7 * r, cy - 0.9 * r), 0.32), ink)
        canvas.rect(
            (cx - 0.45 * r, cy + 0.78 * r, cx + 0.45 * r, cy + 0.95 * r), ink, None, 0, r * 0.06
        )
    elif symbol == data.WATER:  # a drop
        bottom, radius = (cx, cy + 0.3 * r), 0.6 * r
        tip = (cx, cy - r)
        distance = tip[1] - bottom[1]
        half = math.acos(radius / abs(distance))
        points = [tip]
        for k in range(25):
            a = -math.pi / 2 + half + (2 * math.pi - 2 * half) * k / 24
            points.append((bottom[0] + radius * math.cos(a), bottom[1] + radius * math.sin(a)))
        canvas.polygon(points, ink)
        canvas.arc(
            (cx - 0.38 * r, cy - 0.08 * r, cx + 0.38 * r, cy + 0.68 * r),
            110,
            170,
            ground,
            max(1.5, r * 0.1),
        )
    elif symbol == data.AIR:  # three gusts
        for dy, length, curl in ((-0.5, 0.55, 0.24), (0.0, 0.85, 0.0), (0.5, 0.45, 0.2)):
            y = cy + dy * r
            end = cx - 0.85 * r + 2 * length * r
            canvas.line([(cx - 0.85 * r, y), (min(end, cx + 0.6 * r), y)], ink, stroke)
            if curl:
                ex = min(end, cx + 0.6 * r)
                box = (ex - curl * r, y - 2 * curl * r, ex + curl * r, y)
                if dy > 0:
                    box = (ex - curl * r, y, ex + curl * r, y + 2 * curl * r)
                    canvas.arc(box, 180, 90, ink, stroke)
                else:
                    canvas.arc(box, 270, 180, ink, stroke)
            else:
                canvas.line([(cx + 0.6 * r, y), (cx + 0.85 * r, y)], ink, stroke)
    elif symbol == data.LIGHTNING:
        canvas.polygon(
            [
                (cx + 0.25 * r, cy - r),
                (cx - 0.5 * r, cy + 0.12 * r),
                (cx - 0.04 * r, cy + 0.12 * r),
                (cx - 0.25 * r, cy + r),
                (cx + 0.5 * r, cy - 0.18 * r),
                (cx + 0.06 * r, cy - 0.18 * r),
            ],
            ink,
        )
    elif symbol == data.FLAME:
        canvas.polygon(_flame(cx, cy - 0.05 * r, r * 0.95), ink)
        canvas.polygon(_flame(cx, cy + 0.35 * r, r * 0.45), ground)
    elif symbol == data.ANY_SYMBOL:  # any symbol: an eight-pointed star
        canvas.polygon(star_points(centre, r * 0.95, 8, 0.45), ink)
    else:
        canvas.circle(centre, r * 0.3, ink)


def draw_symbol(
    canvas: Canvas, symbol: str, centre: Point, r: float, ink: Colour, ground: Colour
) -> None:
    x, y = centre

    def draw(target: Canvas, corner: Point) -> None:
        draw_symbol_now(target, symbol, (corner[0] + r, corner[1] + r), r, ink, ground)

    canvas.sprite(("symbol", symbol, r, ink, ground), (x - r, y - r, x + r, y + r), draw)


# --- Dice and slots ------------------------------------------------------------------------
class DieLook:
    """How one seat's dice look: fill, rim, pictogram ink and corner shape."""

    def __init__(self, fill: Colour, rim: Colour, ink: Colour, shape: Shape) -> None:
        self.fill, self.rim, self.ink, self.shape = fill, rim, ink, shape

    def key(self) -> tuple[Colour, Colour, Colour, Shape]:
        return (self.fill, self.rim, self.ink, self.shape)


SORCERER_LOOK: Final = DieLook(SORCERER_DIE, SORCERER_RIM, WHITE, SORCERER_SHAPE)


def hero_look(hero: Mapping[str, Any]) -> DieLook:
    fill = HERO_FILLS.get(str(hero.get("colour")), WHITE)
    shape = HERO_SHAPES.get(str(hero.get("hero")), "circle")
    return DieLook(fill, BLACK, readable_ink(fill), shape)


def draw_die(canvas: Canvas, box: Box, face: str, look: DieLook, dimmed: bool = False) -> None:
    """A die showing ``face``: the seat's colour, its pictogram, its shape in a corner."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        fill = mix(look.fill, SURFACE, 0.55) if dimmed else look.fill
        ink = mix(look.ink, fill, 0.4) if dimmed else look.ink
        target.rect((x, y, x + size, y + size), fill, look.rim, 2, size * 0.2)
        badge = max(3.5, size * 0.11)
        draw_symbol_now(target, face, (x + size * 0.53, y + size * 0.53), size * 0.37, ink, fill)
        target.shape(look.shape, (x + badge + 3.5, y + badge + 3.5), badge, ink)

    canvas.sprite(("die", face, size, look.key(), dimmed), box, draw)


def draw_slot(canvas: Canvas, box: Box, symbol: str, ground: Colour, ink: Colour) -> None:
    """An empty slot wanting ``symbol``."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        target.rect((x, y, x + size, y + size), ground, mix(ink, ground, 0.45), 2, size * 0.2)
        draw_symbol_now(target, symbol, (x + size / 2, y + size / 2), size * 0.37, ink, ground)

    canvas.sprite(("slot", symbol, size, ground, ink), box, draw)


def draw_blank_die(canvas: Canvas, box: Box, look: DieLook, crossed: bool = False) -> None:
    """A die not thrown yet (an outline), or a condemned one (crossed out)."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        rim = look.fill if look.fill != SORCERER_DIE else look.rim
        target.rect(
            (x, y, x + size, y + size),
            mix(rim, SURFACE, 0.8),
            mix(rim, SURFACE, 0.25),
            2,
            size * 0.2,
        )
        if crossed:
            inset = size * 0.25
            target.line(
                [(x + inset, y + inset), (x + size - inset, y + size - inset)], VERMILLION, 3
            )
            target.line(
                [(x + inset, y + size - inset), (x + size - inset, y + inset)], VERMILLION, 3
            )

    canvas.sprite(("blank", size, look.key(), crossed), box, draw)


# --- Tokens and small pictures --------------------------------------------------------------
def draw_pennant(canvas: Canvas, centre: Point, symbol: str) -> None:
    """A swallow-tailed flag on a pole, with the sorcerer symbol it shows."""
    x, y = centre
    w, h = 54.0, 38.0

    def draw(target: Canvas, corner: Point) -> None:
        left, top = corner
        target.rect((left, top, left + 3, top + h), TEXT_MUTED)
        target.polygon(
            [
                (left + 3, top),
                (left + w, top),
                (left + w - 9, top + h * 0.45),
                (left + w, top + h * 0.9),
                (left + 3, top + h * 0.9),
            ],
            PENNANT,
            BLACK,
            1.5,
        )
        draw_symbol_now(target, symbol, (left + 21, top + h * 0.45), 13.5, BLACK, PENNANT)

    canvas.sprite(("pennant", symbol), (x - w / 2, y - h / 2, x + w / 2, y + h / 2), draw)


def draw_pennant_mark(canvas: Canvas, box: Box, symbol: str) -> None:
    """A pennant's symbol as a small yellow flag square (what a sorcerer's Joker may be)."""
    size = box[2] - box[0]

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        target.polygon(
            [
                (x, y),
                (x + size, y),
                (x + size * 0.82, y + size * 0.5),
                (x + size, y + size),
                (x, y + size),
            ],
            PENNANT,
            BLACK,
            1.5,
        )
        draw_symbol_now(
            target, symbol, (x + size * 0.42, y + size / 2), size * 0.32, BLACK, PENNANT
        )

    canvas.sprite(("pennant_mark", symbol, size), box, draw)


def draw_dragon(canvas: Canvas, centre: Point, size: float) -> None:
    """The dragon: a horned head in profile with an open jaw and wings behind."""
    x, y = centre
    half = size / 2

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + half, corner[1] + half
        u = half / 10

        def at(points: Sequence[Point]) -> list[Point]:
            return [(cx + px * u, cy + py * u) for px, py in points]

        target.circle((cx, cy), half, mix(DRAGON_GREEN, BLACK, 0.6), HIGHLIGHT, 2.5)
        wing = (
            (-2, 3),
            (-8.5, -7),
            (-7.6, -3.4),
            (-9.6, -2.2),
            (-7.8, 0.6),
            (-9.2, 3.4),
            (-4, 5.5),
        )
        target.polygon(at(wing), mix(DRAGON_GREEN, BLACK, 0.3))
        for spike in (
            ((-4.6, -2.6), (-8, -2), (-5.9, 0.2)),
            ((-5.9, 1.8), (-8.8, 3.4), (-6.2, 4.6)),
        ):
            target.polygon(at(spike), YELLOW)
        for horn in (
            ((-2.2, -4.6), (-7, -8.8), (0.2, -5.6)),
            ((-0.4, -5.6), (-3, -9.4), (1.6, -5.8)),
        ):
            target.polygon(at(horn), YELLOW)
        head = (
            (-6, 9), (-6.4, 3), (-5, -2), (-3, -4.8), (0, -6), (3, -5), (5.5, -3.6), (9, -2.6),
            (9.3, -0.8), (6, 0.2), (8.6, 1.8), (8.2, 3.1), (3, 3.2), (0.6, 4.6), (-0.4, 9),
        )  # fmt: skip
        target.polygon(at(head), DRAGON_GREEN)
        target.circle((cx + 2.6 * u, cy - 2.9 * u), 1.15 * u, YELLOW)
        target.circle((cx + 2.75 * u, cy - 2.9 * u), 0.45 * u, BLACK)
        target.circle((cx + 7.9 * u, cy - 1.7 * u), 0.4 * u, BLACK)

    canvas.sprite(("dragon", size), (x - half, y - half, x + half, y + half), draw)


def draw_coin(canvas: Canvas, centre: Point, r: float, filled: bool = True) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        if filled:
            target.circle((cx, cy), r, COIN, mix(COIN, BLACK, 0.45), 2)
            target.circle((cx, cy), r * 0.55, None, mix(COIN, BLACK, 0.45), 1.5)
        else:
            target.circle((cx, cy), r, None, EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("coin", r, filled), (x - r, y - r, x + r, y + r), draw)


def draw_soul(canvas: Canvas, centre: Point, r: float, taken: bool) -> None:
    """A little ghost: taken souls are solid, the pool's left ones hollow."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        points = [
            (
                cx - 0.75 * r + 1.5 * r * k / 12,
                cy - 0.1 * r - math.sqrt(max(0.0, 0.5625 - (k / 8 - 0.75) ** 2)) * r,
            )
            for k in range(13)
        ]
        points += [
            (cx + 0.75 * r, cy + 0.95 * r),
            (cx + 0.375 * r, cy + 0.6 * r),
            (cx, cy + 0.95 * r),
            (cx - 0.375 * r, cy + 0.6 * r),
            (cx - 0.75 * r, cy + 0.95 * r),
        ]
        if taken:
            target.polygon(points, SOUL)
            target.circle((cx - 0.28 * r, cy - 0.15 * r), 0.13 * r, SURFACE)
            target.circle((cx + 0.28 * r, cy - 0.15 * r), 0.13 * r, SURFACE)
        else:
            target.line([*points, points[0]], EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("soul", r, taken), (x - r, y - r, x + r, y + r), draw)


def draw_life(canvas: Canvas, centre: Point, r: float, kept: bool) -> None:
    """One of the sorcerer's lives: a purple crystal (a crossed-out hollow one once lost)."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        crystal = [
            (cx, cy - r),
            (cx + 0.7 * r, cy - 0.3 * r),
            (cx, cy + r),
            (cx - 0.7 * r, cy - 0.3 * r),
        ]
        if kept:
            target.polygon(crystal, SORCERER_COLOUR, WHITE, 1.5)
            target.line([(cx - 0.7 * r, cy - 0.3 * r), (cx + 0.7 * r, cy - 0.3 * r)], WHITE, 1.5)
        else:
            target.line([*crystal, crystal[0]], EMPTY_TOKEN, 2)

    x, y = centre
    canvas.sprite(("life", r, kept), (x - r, y - r, x + r, y + r), draw)


def draw_trophy(canvas: Canvas, centre: Point, r: float, won: bool) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        fill = HIGHLIGHT if won else None
        ink = HIGHLIGHT if won else EMPTY_TOKEN
        cup = [
            (cx - 0.7 * r, cy - 0.85 * r),
            (cx + 0.7 * r, cy - 0.85 * r),
            (cx + 0.5 * r, cy + 0.05 * r),
            (cx, cy + 0.3 * r),
            (cx - 0.5 * r, cy + 0.05 * r),
        ]
        if fill:
            target.polygon(cup, fill)
        else:
            target.line([*cup, cup[0]], ink, 2)
        target.rect((cx - 0.1 * r, cy + 0.25 * r, cx + 0.1 * r, cy + 0.7 * r), ink)
        target.rect((cx - 0.45 * r, cy + 0.68 * r, cx + 0.45 * r, cy + 0.9 * r), ink)

    x, y = centre
    canvas.sprite(("trophy", r, won), (x - r, y - r, x + r, y + r), draw)


def draw_glyph(canvas: Canvas, shape: Shape, centre: Point, r: float, fill: Colour) -> None:
    """A seat's shape, outlined dark so a light one shows on a light ground."""
    if shape == "circle":
        canvas.circle(centre, r, fill, BLACK, 2)
    else:
        canvas.polygon(shape_points(shape, centre, r), fill, BLACK, 2)


def deck_icon(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    for k in range(3):
        dx = (k - 1) * 3
        canvas.rect(
            (x - 11 + dx, y - 14 - dx, x + 11 + dx, y + 14 - dx), TRIAL_FACE, TRIAL_INK, 2, 4
        )


# --- The unchanging layer (cached) ---------------------------------------------------------
STATIC_LABEL_KEYS: Final = (
    "dragon_tile",
    "deck",
    "facing",
    "legend_heroes",
    "legend_sorcerer",
    *(f"face_{face}" for face in data.HERO_FACES),
    *(f"face_{face}" for face in data.SORCERER_SYMBOLS),
)
STATIC_LAYERS_CACHED: Final = 8  # each is a final-size picture (~3 MB)


@layer_cache(maxsize=STATIC_LAYERS_CACHED)
def static_layer(key: LayoutKey, words: tuple[str, ...]) -> Image.Image:
    """The parts no action changes: the camps' grounds, the dragon's path, the legend
    (keyed by the geometry and the words only)."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    geometry = _layout(key)
    canvas = Canvas(WIDTH, geometry.height, scale=SUPERSAMPLE, final_text=True)
    canvas.panel(geometry.sorcerer_section, SORCERER_SIDE, mix(SORCERER_COLOUR, SURFACE, 0.3), 3)
    canvas.panel(geometry.heroes_section, HEROES_SIDE, mix(BLUISH_GREEN, SURFACE, 0.4), 3)
    if geometry.dragon_box is not None:
        draw_dragon_path(canvas, geometry, labels)
    if geometry.hex_box is not None:
        left, top, right, _ = geometry.hex_box
        canvas.fitted_text(
            (left + 4, top + HEX_CAPTION / 2),
            labels["facing"],
            right - left,
            TextSize.SMALL,
            TEXT_MUTED,
            "lm",
        )
    draw_legend(canvas, geometry.legend_box, labels)
    return canvas.finish()


def draw_dragon_path(canvas: Canvas, geometry: Layout, labels: Mapping[str, str]) -> None:
    assert geometry.dragon_box is not None
    left, top, _, bottom = geometry.dragon_box
    canvas.panel(geometry.dragon_box, mix(SURFACE, BLACK, 0.2), OUTLINE, 2, CARD_RADIUS)
    middle = (top + bottom) / 2
    nodes = geometry.path_nodes()
    tile_right = left + tile_width()
    canvas.line([(tile_right, middle), nodes[-1]], mix(DRAGON_FRAME, SURFACE, 0.35), 6)
    for number, (x, y) in enumerate(nodes[:3], start=1):
        canvas.circle((x, y), 17, mix(TRIAL_FACE, SURFACE, 0.15), TRIAL_INK, 2)
        canvas.text((x, y), str(number), TextSize.BODY, TRIAL_INK, "mm")
    x, y = nodes[3]
    deck_icon(canvas, (x, y - 7))
    canvas.fitted_text((x, bottom - 3), labels["deck"], 90, TextSize.SMALL, TEXT, "md")
    canvas.fitted_text(
        (left + PAD, top + 4),
        labels["dragon_tile"],
        tile_width() - PAD,
        TextSize.SMALL,
        TEXT_MUTED,
        "la",
    )


def draw_legend(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """Each face's pictogram and name, for both camps' dice."""
    left, top, right, _ = box
    canvas.panel(box, SURFACE, OUTLINE, 2)
    hero_look_ = DieLook(TRIAL_FACE, BLACK, TRIAL_INK, "square")
    rows = (
        ("legend_heroes", data.HERO_FACES, hero_look_),
        ("legend_sorcerer", data.SORCERER_FACES, SORCERER_LOOK),
    )
    size = LEGEND_DIE
    caption = 12 + max(canvas.text_width(labels[key], TextSize.SMALL) for key, _, _ in rows)
    caption = min(caption, 150)
    room = right - left - 2 * PAD - caption
    font_size: int = TextSize.SMALL
    while font_size > 12:
        widest = max(
            sum(size + 5 + canvas.text_width(labels[f"face_{f}"], font_size, False) for f in faces)
            for _, faces, _ in rows
        )
        if widest + 5 * 8 <= room:
            break
        font_size -= 1
    for row, (key, faces, look) in enumerate(rows):
        y = top + 8 + row * LEGEND_ROW + LEGEND_ROW / 2
        canvas.fitted_text(
            (left + PAD + 4, y),
            labels[key],
            caption - 8,
            TextSize.SMALL,
            TEXT_MUTED,
            "lm",
            min_size=12,
        )
        used = sum(
            size + 5 + canvas.text_width(labels[f"face_{f}"], font_size, False) for f in faces
        )
        gap = max(8.0, (room - used) / (len(faces) - 1)) if len(faces) > 1 else 0.0
        x = left + PAD + caption
        for face in faces:
            fill = look.fill
            canvas.rect((x, y - size / 2, x + size, y + size / 2), fill, look.rim, 2, size * 0.2)
            draw_symbol_now(canvas, face, (x + size / 2, y), size * 0.37, look.ink, fill)
            word = labels[f"face_{face}"]
            canvas.text((x + size + 5, y), word, font_size, TEXT, "lm", False)
            x += size + 5 + canvas.text_width(word, font_size, False) + gap


# --- The picture ---------------------------------------------------------------------------
def minutes_text(seconds: float, labels: Mapping[str, str]) -> str:
    minutes = max(0, math.ceil(seconds / 60))
    if minutes >= 120:
        return fill_label(labels["hours"], count=round(minutes / 60))
    return fill_label(labels["minutes"], count=minutes)


class RushOutBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: Mapping[str, Any], labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.heroes: list[Mapping[str, Any]] = list(view.get("heroes") or [])
        self.sorcerer: Mapping[str, Any] = view.get("sorcerer") or {}
        pulse = view.get("play") == "pulse"
        self.geometry = layout(str(view.get("mode", data.DEFAULT_MODE)), len(self.heroes), pulse)
        static = tuple(self.labels[key] for key in STATIC_LABEL_KEYS)
        self.canvas = Canvas(
            WIDTH,
            self.geometry.height,
            base=static_layer(self.geometry.key, static),
        )
        self.looks: dict[int, DieLook] = {int(self.sorcerer.get("seat", 0)): SORCERER_LOOK}
        for hero in self.heroes:
            self.looks[int(hero["seat"])] = hero_look(hero)
        self.by_seat = {int(hero["seat"]): hero for hero in self.heroes}
        outcome = view.get("outcome")
        self.winners: list[int] = list(outcome["winners"]) if outcome else []
        self.reason = str(outcome.get("reason", "")) if outcome else ""
        self.clock: Mapping[str, Any] = view.get("clock") or {}
        self.compact = False  # the score strip leaves its captions out when it runs short

    def draw(self) -> Image.Image:
        self.draw_header()
        self.draw_strip()
        self.draw_sorcerer_panel()
        if self.view.get("phase") == "market" and self.view.get("market"):
            self.draw_market()
        else:
            for index in range(3):
                self.draw_spell(index)
                self.draw_trial(index)
        self.draw_dragon()
        self.draw_hexes()
        for index, hero in enumerate(self.heroes):
            self.draw_hero(hero, self.geometry.hero_boxes[index])
        return self.canvas.finish()

    # -- words
    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or fill_label(
            self.labels["player"], number=seat + 1
        )

    def word(self, key: str, default: str = "") -> str:
        return self.labels.get(key, default or key)

    def effect_name(self, card: Mapping[str, Any]) -> str:
        effect = str(card.get("effect") or "")
        if card.get("kind") == data.INVOCATION:
            return self.word("effect_invocation")
        return self.word(f"effect_{effect}", effect)

    def target_name(self, code: str) -> str:
        """A target code as the controller names it: Trial 2, Spell 1, Dragon tile..."""
        if not code:
            return ""
        kind, rest = code[0], code[1:]
        if kind in "ts" and rest.isdigit():
            key = "trial" if kind == "t" else "spell"
            return fill_label(self.labels[key], number=int(rest) + 1)
        if code == "d":
            return self.labels["dragon_tile"]
        if kind == "w" and rest.isdigit():
            return self.labels["wounded"] + " · " + self.player(int(rest))
        if kind == "c" and rest.isdigit():
            hexes = list(self.view.get("hexes") or [])
            index = int(rest)
            if index < len(hexes) and hexes[index]:
                return self.effect_name(hexes[index])
        if kind == "x":
            return self.labels["scrolls"]
        return code

    # -- header and scores
    def status(self) -> tuple[str, Colour, Shape | None]:
        mode = str(self.view.get("mode_title", ""))
        if self.winners:
            sorcerer = int(self.sorcerer.get("seat", 0)) in self.winners
            text = self.labels["status_sorcerer" if sorcerer else "status_heroes"]
            return text, SORCERER_COLOUR if sorcerer else BLUISH_GREEN, "star"
        round_ = self.view.get("round", 1)
        if self.view.get("phase") == "market":
            return fill_label(self.labels["status_market"], round=round_), HIGHLIGHT, None
        if self.view.get("trophies") is not None:
            return (
                fill_label(self.labels["status_round"], mode=mode, round=round_),
                SURFACE_RAISED,
                None,
            )
        return fill_label(self.labels["status_mode"], mode=mode), SURFACE_RAISED, None

    def draw_header(self) -> None:
        text, accent, glyph = self.status()
        header_strip(
            self.canvas,
            (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_HEIGHT),
            self.labels["title"],
            text,
            accent,
            glyph,
        )

    def draw_strip(self) -> None:
        """Play mode (and pulse), trophies, souls, lives, gold, and why the game ended."""
        canvas = self.canvas
        box = (MARGIN, STRIP_TOP, WIDTH - MARGIN, STRIP_TOP + STRIP_HEIGHT)
        canvas.rect(box, SURFACE, None, 0, STRIP_HEIGHT / 2)
        y = STRIP_TOP + STRIP_HEIGHT / 2
        x: float = MARGIN + 14
        right = WIDTH - MARGIN - 14
        trophies = self.view.get("trophies")
        if self.reason:
            reason = self.reason.removeprefix("trophies_")
            text = "★ " + self.word(f"reason_{reason}", reason)
            room = right - x - (230 if trophies else 0)
            x += canvas.fitted_text((x, y), text, room, TextSize.BODY, HIGHLIGHT, "lm") + 16
            if trophies:
                self.draw_trophies(x, y, trophies)
            return
        play = self.view.get("play")
        if play == "pulse":
            pulse = self.clock.get("pulse") or 1
            ends, now = self.clock.get("pulse_ends_at"), self.clock.get("now", 0.0)
            if ends is not None:
                word = fill_label(
                    self.labels["pulse_left"],
                    pulse=pulse,
                    time=minutes_text(float(ends) - float(now), self.labels),
                )
            else:
                word = fill_label(self.labels["pulse"], pulse=pulse)
        else:
            word = self.labels["live"]
        chip = canvas.chip(
            (x - 4, y),
            canvas.clip_text(word, 260, TextSize.SMALL),
            TextSize.SMALL,
            SURFACE_RAISED,
            TEXT,
        )
        x = chip[2] + 16
        self.compact = x + self.counters_width() > right
        if trophies:
            x = self.draw_trophies(x, y, trophies)
        souls = self.view.get("souls")
        if souls:
            x = self.draw_tokens(
                x, y, "souls", int(souls.get("taken", 0)), int(souls.get("pool", 0)), "soul"
            )
        lives = self.view.get("lives")
        if lives is not None:
            x = self.draw_tokens(x, y, "lives", int(lives), int(lives), "life")
        gold = self.view.get("gold")
        if gold:
            self.draw_counter(
                x,
                y,
                "gold",
                [
                    (BLUISH_GREEN, "square", int(gold.get("heroes", 0)), 0, "coin"),
                    (SORCERER_COLOUR, SORCERER_SHAPE, int(gold.get("sorcerer", 0)), 0, "coin"),
                ],
            )

    def draw_trophies(self, x: float, y: float, trophies: Mapping[str, Any]) -> float:
        return self.draw_counter(
            x,
            y,
            "trophies",
            [
                (
                    BLUISH_GREEN,
                    "square",
                    int(trophies.get("heroes", 0)),
                    data.TROPHIES_TO_WIN,
                    "trophy",
                ),
                (
                    SORCERER_COLOUR,
                    SORCERER_SHAPE,
                    int(trophies.get("sorcerer", 0)),
                    data.TROPHIES_TO_WIN,
                    "trophy",
                ),
            ],
        )

    def counters_width(self) -> float:
        """About how wide the strip's counters are with their captions."""
        width = 0.0
        for key, content in (("trophies", 150), ("souls", 90), ("lives", 60), ("gold", 130)):
            if self.view.get(key) is not None:
                width += content + 8 + self.canvas.text_width(self.labels[key], TextSize.SMALL)
        return width

    def caption(self, x: float, y: float, key: str, room: float = 90) -> float:
        if self.compact and key != "scrolls_owned":
            return x
        width = self.canvas.fitted_text(
            (x, y), self.labels[key], room, TextSize.SMALL, TEXT_MUTED, "lm", min_size=14
        )
        return x + width + 8

    def draw_counter(
        self, x: float, y: float, key: str, camps: list[tuple[Colour, Shape, int, int, str]]
    ) -> float:
        """Per camp: its glyph, then its trophies (won and still to win) or its gold."""
        canvas = self.canvas
        x = self.caption(x, y, key)
        for colour, shape, count, out_of, token in camps:
            draw_glyph(canvas, shape, (x + 7, y), 7, colour)
            x += 18
            if token == "trophy":
                for k in range(max(count, out_of)):
                    draw_trophy(canvas, (x + 10, y), 10, k < count)
                    x += 21
            else:
                draw_coin(canvas, (x + 9, y), 9)
                canvas.text((x + 22, y), str(count), TextSize.BODY, TEXT, "lm")
                x += 22 + canvas.text_width(str(count), TextSize.BODY)
            x += 10
        return x + 8

    def draw_tokens(self, x: float, y: float, key: str, count: int, pool: int, token: str) -> float:
        """Souls (taken of the pool) or lives (left): a token each, or a number when many."""
        canvas = self.canvas
        x = self.caption(x, y, key)
        if token == "soul":
            draw_soul(canvas, (x + 10, y), 10, True)
            text = f"{count}/{pool}"
        else:
            draw_life(canvas, (x + 10, y), 10, True)
            text = str(count)
        canvas.text((x + 24, y), text, TextSize.BODY, TEXT, "lm")
        return x + 24 + canvas.text_width(text, TextSize.BODY) + 16

    # -- dice trays
    def draw_tray(
        self, x: float, y: float, dice: Mapping[str, Any], look: DieLook, right: float
    ) -> float:
        """A seat's dice: the last throw's faces, those on a card, the condemned one, the
        rest waiting for the next throw (hollow); then where its placed dice are."""
        canvas = self.canvas
        fresh = [str(face) for face in dice.get("fresh", [])]
        placed = int(dice.get("placed", 0))
        condemned = int(dice.get("condemned", 0))
        total = int(dice.get("total", 0))
        waiting = max(0, total - len(fresh) - placed - condemned)
        size = TRAY_DIE
        top = y - size / 2
        for face in fresh:
            draw_die(canvas, (x, top, x + size, top + size), face, look)
            x += size + TRAY_GAP
        for _ in range(waiting):
            draw_blank_die(canvas, (x, top, x + size, top + size), look)
            x += size + TRAY_GAP
        for _ in range(condemned):
            draw_blank_die(canvas, (x, top, x + size, top + size), look, crossed=True)
            x += size + TRAY_GAP
        x += 4
        on = dice.get("on")
        if placed and on:
            text = f"{placed}× " + fill_label(
                self.labels["on_card"], card=self.target_name(str(on))
            )
            width = canvas.fitted_text(
                (x, y), text, right - x, TextSize.SMALL, TEXT, "lm", min_size=14
            )
            x += width + 8
        return x

    # -- the sorcerer
    def draw_sorcerer_panel(self) -> None:
        canvas = self.canvas
        left, top, right, _ = box = self.geometry.sorcerer_panel
        canvas.panel(box, mix(SORCERER_SIDE, BLACK, 0.25), mix(SORCERER_COLOUR, SURFACE, 0.2), 2)
        seat = int(self.sorcerer.get("seat", 0))
        y = top + ROW_HEIGHT / 2 + 4
        won = seat in self.winners
        draw_glyph(canvas, SORCERER_SHAPE, (left + 22, y), 12, SORCERER_COLOUR)
        tag_right = right - 12
        pending = self.sorcerer.get("pending")
        if won:
            chip = canvas.chip(
                (tag_right, y),
                "★ " + self.labels["sorcerer"],
                TextSize.BODY,
                HIGHLIGHT,
                align="right",
            )
        elif pending:
            effect = str(pending.get("effect", ""))
            text = fill_label(self.labels["choosing"], effect=self.word(f"effect_{effect}", effect))
            text = canvas.clip_text(text, 330, TextSize.SMALL)
            chip = canvas.chip((tag_right, y), text, TextSize.SMALL, HIGHLIGHT, align="right")
        else:
            chip = canvas.chip(
                (tag_right, y),
                self.labels["sorcerer"],
                TextSize.SMALL,
                SORCERER_COLOUR,
                align="right",
            )
        note = self.seat_note(seat)
        if not self.view.get("started") and self.view.get("phase") == "play" and not self.winners:
            note = self.labels["waiting_first_throw"]
        name_right = chip[0] - 12
        if note:
            note = canvas.clip_text(note, (chip[0] - left) * 0.6, TextSize.SMALL)
            box_ = canvas.chip(
                (chip[0] - 8, y), note, TextSize.SMALL, SURFACE_RAISED, HIGHLIGHT, align="right"
            )
            name_right = box_[0] - 12
        canvas.fitted_text(
            (left + 42, y), self.player(seat), name_right - left - 42, TextSize.LABEL, TEXT, "lm"
        )
        y += ROW_HEIGHT
        dice = self.sorcerer.get("dice") or {}
        joker_left = self.draw_pennant_jokers(right - 12, y)
        self.draw_tray(left + 12, y, dice, SORCERER_LOOK, joker_left - 12)
        if self.geometry.scrolls:
            self.draw_scrolls(left + 12, y + ROW_HEIGHT, right - 12)

    def draw_pennant_jokers(self, right: float, y: float) -> float:
        """What the sorcerer's Joker counts as now: the symbols of the visible pennants,
        right-aligned at ``right``; returns the line's left end."""
        canvas = self.canvas
        symbols = [str(symbol) for symbol in self.view.get("pennants") or []]
        if not symbols:
            return right
        size = 28.0
        word = self.labels["joker_is"]
        width = size + 8 + canvas.text_width(word, TextSize.SMALL) + 8
        width += len(symbols) * size + (len(symbols) - 1) * 16
        x = right - width
        draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, SORCERER_LOOK)
        x += size + 8
        canvas.text((x, y), word, TextSize.SMALL, TEXT, "lm")
        x += canvas.text_width(word, TextSize.SMALL) + 8
        for index, symbol in enumerate(symbols):
            if index:
                canvas.text((x + 2, y), "/", TextSize.SMALL, TEXT_MUTED, "lm")
                x += 16
            draw_pennant_mark(canvas, (x, y - size / 2, x + size, y + size / 2), symbol)
            x += size
        return right - width

    def seat_note(self, seat: int) -> str:
        """Pulse play: throws left, or Done."""
        if self.view.get("play") != "pulse" or self.winners:
            return ""
        done = list(self.clock.get("done") or [])
        if seat < len(done) and done[seat]:
            return self.labels["done"]
        left = self.clock.get("throws_left")
        if left and seat < len(left):
            return fill_label(self.labels["throws_left"], count=left[seat])
        return ""

    def draw_scrolls(self, x: float, y: float, right: float) -> None:
        """The sorcerer's scrolls: flips, swap, Joker rules, and the cards that take dice."""
        scrolls = list(self.sorcerer.get("scrolls") or [])
        if not scrolls:
            return
        x = self.caption(x, y, "scrolls_owned", 120)
        for scroll in scrolls:
            power = str(scroll.get("power", ""))
            symbols = [str(s) for s in scroll.get("symbols", [])]
            card = scroll.get("card")
            slots = list(card.get("sorcerer_slots", [])) if card else []
            end = self.draw_scroll(x, y, power, symbols, slots, right)
            if end is None:
                break
            x = end + 8

    def draw_scroll(
        self,
        x: float,
        y: float,
        power: str,
        symbols: Sequence[str],
        slots: Sequence[Mapping[str, Any]],
        right: float,
        price: int | None = None,
    ) -> float | None:
        """One scroll as a small dark card: its name and what it does in pictures (a flip's
        two faces, the slot a Joker may always take, the slots of a card that takes dice),
        and its price in the market. Returns its right edge, None when it does not fit."""
        canvas = self.canvas
        size = 24.0
        word = self.word(f"scroll_{power}", power)
        width = canvas.text_width(word, TextSize.SMALL) + 12
        if power in (data.FLIP, data.JOKER_ON):
            width += 6 + 2 * size + 18
        elif slots or power in (data.LIGHTNING_CARD, data.FIRE_CARD):
            width += 6 + max(len(slots), len(symbols)) * (size + 3)
        if price is not None:
            width += 46
        if x + width > right:
            return None
        canvas.rect(
            (x, y - 17, x + width, y + 17), SPELL_FACE, mix(SORCERER_COLOUR, SURFACE, 0.2), 2, 8
        )
        cursor = x + 6
        if power in (data.FLIP, data.JOKER_ON):
            canvas.text((cursor, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += canvas.text_width(word, TextSize.SMALL) + 6
            faces = list(symbols) if power == data.FLIP else [data.JOKER, *symbols]
            arrow = "↔" if power == data.FLIP else "→"
            for index, face in enumerate(faces[:2]):
                draw_die(
                    canvas, (cursor, y - size / 2, cursor + size, y + size / 2), face, SORCERER_LOOK
                )
                cursor += size
                if index == 0:
                    canvas.text((cursor + 9, y), arrow, TextSize.SMALL, TEXT, "mm")
                    cursor += 18
        elif slots or power in (data.LIGHTNING_CARD, data.FIRE_CARD):
            shown = slots or [{"symbol": symbol, "seat": None, "face": None} for symbol in symbols]
            for slot in shown:
                box = (cursor, y - size / 2, cursor + size, y + size / 2)
                self.draw_slot_or_die(box, slot, SPELL_SLOT, mix(WHITE, SPELL_SLOT, 0.25))
                cursor += size + 3
            canvas.text((cursor + 3, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += 3 + canvas.text_width(word, TextSize.SMALL)
        else:
            canvas.text((cursor, y), word, TextSize.SMALL, TEXT, "lm")
            cursor += canvas.text_width(word, TextSize.SMALL)
        if price is not None:
            draw_coin(canvas, (x + width - 34, y), 9)
            canvas.text((x + width - 22, y), str(price), TextSize.SMALL, TEXT, "lm")
        return x + width

    # -- cards
    def draw_slot_or_die(
        self, box: Box, slot: Mapping[str, Any], ground: Colour, ink: Colour
    ) -> None:
        face, seat = slot.get("face"), slot.get("seat")
        if face is not None and seat is not None:
            draw_die(self.canvas, box, str(face), self.looks.get(int(seat), SORCERER_LOOK))
        else:
            draw_slot(self.canvas, box, str(slot.get("symbol", "")), ground, ink)

    def draw_slot_row(
        self,
        left: float,
        right: float,
        y: float,
        slots: Sequence[Mapping[str, Any]],
        ground: Colour,
        ink: Colour,
        size: float = SLOT,
    ) -> None:
        """A side's slots, centred between ``left`` and ``right`` around ``y``."""
        count = len(slots)
        if not count:
            return
        gap = SLOT_GAP
        size = min(size, (right - left - (count - 1) * gap) / count)
        used = count * size + (count - 1) * gap
        x = (left + right - used) / 2
        for slot in slots:
            self.draw_slot_or_die((x, y - size / 2, x + size, y + size / 2), slot, ground, ink)
            x += size + gap

    def draw_empty_card(self, box: Box, ground: Colour) -> None:
        self.canvas.rect(box, None, mix(ground, SURFACE, 0.5), 2, CARD_RADIUS)

    def draw_spell(self, index: int) -> None:
        canvas = self.canvas
        box = self.geometry.card_box("spells", index)
        left, top, right, bottom = box
        spells = list(self.view.get("spells") or [])
        card = spells[index] if index < len(spells) else None
        if not card:
            self.draw_empty_card(box, SPELL_FACE)
            return
        canvas.rect(box, SPELL_FACE, mix(SORCERER_COLOUR, SPELL_FACE, 0.2), 2, CARD_RADIUS)
        kind = str(card.get("kind", ""))
        draw_pennant(canvas, (right - 30, top + 22), str(card.get("pennant") or ""))
        # the slot's number (as the controller names it: Spell 2), then the kind
        canvas.circle((left + 22, top + 21), 12, mix(SORCERER_COLOUR, SPELL_FACE, 0.35))
        canvas.text((left + 22, top + 21), str(index + 1), TextSize.SMALL, WHITE, "mm")
        canvas.fitted_text(
            (left + 42, top + 21),
            self.word(f"kind_{kind}", kind),
            right - left - 112,
            TextSize.BODY,
            TEXT,
            "lm",
            min_size=14,
        )
        canvas.fitted_text(
            (left + 10, top + 47),
            self.effect_name(card),
            right - left - 20,
            TextSize.SMALL,
            mix(TEXT, SPELL_FACE, 0.15),
            "lm",
            bold=False,
            min_size=13,
        )
        ink = mix(WHITE, SPELL_SLOT, 0.2)
        self.draw_slot_row(
            left + 8, right - 8, top + 86, card.get("sorcerer_slots", []), SPELL_SLOT, ink
        )
        hero_side = list(card.get("hero_slots") or [])
        if hero_side:
            key = "invoked_side" if kind == data.INVOCATION else "cancel_side"
            word = self.labels[key]
            width = canvas.fitted_text(
                (left + 10, bottom - 20),
                word,
                70,
                TextSize.SMALL,
                TEXT_MUTED,
                "lm",
                bold=False,
                min_size=13,
            )
            self.draw_slot_row(
                left + 16 + width,
                right - 8,
                bottom - 20,
                hero_side,
                mix(TRIAL_SLOT, SPELL_FACE, 0.3),
                TRIAL_INK,
                28,
            )

    def draw_trial(self, index: int) -> None:
        canvas = self.canvas
        box = self.geometry.card_box("trials", index)
        left, top, right, bottom = box
        trials = list(self.view.get("trials") or [])
        card = trials[index] if index < len(trials) else None
        if not card:
            self.draw_empty_card(box, TRIAL_FACE)
            return
        kind = str(card.get("kind", ""))
        face = {data.GOLD: GOLD_FACE, data.CONFRONTATION: CONFRONTATION_FACE}.get(kind, TRIAL_FACE)
        blocked = bool(card.get("dragon"))
        frame, width = (DRAGON_FRAME, 5.0) if blocked else (mix(face, BLACK, 0.4), 2.0)
        canvas.rect(box, face, frame, width, CARD_RADIUS)
        draw_pennant(canvas, (right - 30, top + 22), str(card.get("pennant") or ""))
        title = fill_label(self.labels["trial"], number=index + 1)
        title_width = canvas.fitted_text(
            (left + 10, top + 20),
            title,
            right - left - (116 if blocked else 70),
            TextSize.BODY,
            TRIAL_INK,
            "lm",
            min_size=15,
        )
        if kind != data.STANDARD:
            tag = self.word(f"kind_{kind}", kind)
            x = left + 10
            if kind == data.GOLD:
                draw_coin(canvas, (left + 19, top + 47), 9)
                x += 23
            elif kind == data.CONFRONTATION:
                draw_crossed_swords(canvas, (left + 19, top + 47), 10)
                x += 23
            canvas.fitted_text(
                (x, top + 47), tag, right - x - 50, TextSize.SMALL, TRIAL_INK, "lm", min_size=13
            )
        hero_slots = list(card.get("hero_slots") or [])
        sorcerer_slots = list(card.get("sorcerer_slots") or [])
        if kind not in (data.GOLD, data.CONFRONTATION):
            sorcerer_slots = []  # an invoked spell's own side is not played as a trial
        if sorcerer_slots:
            self.draw_slot_row(left + 8, right - 8, top + 84, hero_slots, TRIAL_SLOT, TRIAL_INK, 40)
            band = (left + 6, bottom - 46, right - 6, bottom - 6)
            canvas.rect(band, SPELL_FACE, None, 0, 9)
            self.draw_slot_row(
                left + 10,
                right - 10,
                bottom - 26,
                sorcerer_slots,
                SPELL_SLOT,
                mix(WHITE, SPELL_SLOT, 0.2),
                32,
            )
        else:
            self.draw_slot_row(left + 8, right - 8, top + 96, hero_slots, TRIAL_SLOT, TRIAL_INK)
        if blocked:
            draw_dragon(canvas, (left + title_width + 34, top + 21), 38)

    # -- the dragon
    def draw_dragon(self) -> None:
        dragon = self.view.get("dragon")
        box = self.geometry.dragon_box
        if box is None:
            return
        left, top, _, bottom = box
        middle = (top + bottom) / 2
        tile_left = left + PAD
        tile_right = left + tile_width() - PAD
        slots_top = middle + 6
        if not dragon:
            return
        tile = dragon.get("tile") or {}
        slots = list(tile.get("hero_slots") or [])
        self.draw_slot_row(
            tile_left,
            tile_right,
            slots_top,
            slots,
            mix(SURFACE, BLACK, 0.35),
            mix(TEXT, SURFACE, 0.2),
            36,
        )
        position = int(dragon.get("position", 0))
        nodes = self.geometry.path_nodes()
        if position <= 0:
            centre = (tile_right + 28, middle)
        else:
            centre = nodes[min(position, len(nodes)) - 1]
        draw_dragon(self.canvas, centre, 50)

    # -- curses and dissipations facing the heroes
    def draw_hexes(self) -> None:
        box = self.geometry.hex_box
        if box is None:
            return
        canvas = self.canvas
        left, top, right, bottom = box
        hexes = [card for card in (self.view.get("hexes") or []) if card]
        card_top = top + HEX_CAPTION
        if not hexes:
            canvas.rect(
                (left, card_top, right, bottom), None, mix(HEX_FACE, SURFACE, 0.5), 2, CARD_RADIUS
            )
            canvas.text(
                ((left + right) / 2, (card_top + bottom) / 2),
                self.labels["no_facing"],
                TextSize.SMALL,
                TEXT_MUTED,
                "mm",
                False,
            )
            return
        count = len(hexes)
        per_row = max(HEX_PER_ROW, count)
        width = (right - left - (per_row - 1) * CARD_GAP) / per_row
        for index, card in enumerate(hexes):
            x = left + index * (width + CARD_GAP)
            self.draw_hex((x, card_top, x + width, bottom), card)

    def draw_hex(self, box: Box, card: Mapping[str, Any]) -> None:
        canvas = self.canvas
        left, top, right, bottom = box
        canvas.rect(box, HEX_FACE, mix(SORCERER_COLOUR, HEX_FACE, 0.3), 2, CARD_RADIUS)
        effect = str(card.get("effect", ""))
        x = left + 10
        if effect.startswith(data.FORBID_PREFIX):
            symbol = effect.removeprefix(data.FORBID_PREFIX)
            draw_forbidden(canvas, (x + 12, top + 20), 12, symbol)
            x += 30
        canvas.fitted_text(
            (x, top + 18),
            self.effect_name(card),
            right - x - 8,
            TextSize.SMALL,
            TEXT,
            "lm",
            min_size=12,
        )
        aimed = card.get("aimed")
        y = top + 39
        if aimed is not None and int(aimed) in self.by_seat:
            hero = self.by_seat[int(aimed)]
            look = hero_look(hero)
            draw_glyph(canvas, look.shape, (left + 17, y), 7, look.fill)
            text = fill_label(self.labels["aimed"], player=self.player(int(aimed)))
            canvas.fitted_text(
                (left + 30, y),
                text,
                right - left - 38,
                16,
                TEXT_MUTED,
                "lm",
                bold=False,
                min_size=12,
            )
        self.draw_slot_row(
            left + 6, right - 6, bottom - 22, card.get("hero_slots", []), TRIAL_SLOT, TRIAL_INK, 32
        )

    # -- the heroes
    def draw_hero(self, hero: Mapping[str, Any], box: Box) -> None:
        canvas = self.canvas
        left, top, right, bottom = box
        seat = int(hero.get("seat", 0))
        look = hero_look(hero)
        won = seat in self.winners
        frame = HIGHLIGHT if won else mix(look.fill, SURFACE, 0.25)
        canvas.panel(box, mix(SURFACE, look.fill, 0.08), frame, 3 if won else 2)
        canvas.rect((left + 2, top + 2, left + 8, bottom - 2), look.fill, None, 0, 3)
        y = top + ROW_HEIGHT / 2 + 4
        draw_glyph(canvas, look.shape, (left + 28, y), 11, look.fill)
        name = str(hero.get("hero", ""))
        chip_text = ("★ " if won else "") + self.word(f"hero_{name}", name)
        chip = canvas.chip(
            (right - 10, y),
            chip_text,
            TextSize.SMALL,
            HIGHLIGHT if won else look.fill,
            align="right",
        )
        canvas.fitted_text(
            (left + 46, y),
            self.player(seat),
            chip[0] - left - 54,
            TextSize.LABEL,
            TEXT,
            "lm",
            min_size=16,
        )
        y += ROW_HEIGHT
        self.draw_joker_line(hero, look, left + 18, y, right - 10)
        y += ROW_HEIGHT
        self.draw_tray(left + 18, y, hero.get("dice") or {}, look, right - 10)
        if self.geometry.state_row or self.geometry.wounds:
            y += ROW_HEIGHT
            room = self.draw_wound(hero, left + 18, y, right - 10)
            self.draw_hero_state(hero, seat, left + 18, y, room)

    def draw_joker_line(
        self, hero: Mapping[str, Any], look: DieLook, x: float, y: float, right: float
    ) -> None:
        """What the hero's Joker counts as: its skill, then what its equipment adds."""
        canvas = self.canvas
        size = 28.0
        draw_die(canvas, (x, y - size / 2, x + size, y + size / 2), data.JOKER, look)
        x += size + 8
        word = self.labels["joker_is"]
        canvas.text((x, y), word, TextSize.SMALL, TEXT, "lm")
        x += canvas.text_width(word, TextSize.SMALL) + 8
        symbols = [str(hero.get("skill", ""))]
        symbols += [str(item.get("joker_as", "")) for item in hero.get("equipment", [])]
        for index, symbol in enumerate(symbols):
            if x + size > right:
                break
            if index:
                canvas.text((x + 1, y), "/", TextSize.SMALL, TEXT_MUTED, "lm")
                x += 12
            draw_slot(
                canvas, (x, y - size / 2, x + size, y + size / 2), symbol, TRIAL_SLOT, TRIAL_INK
            )
            x += size + 4

    def draw_hero_state(
        self, hero: Mapping[str, Any], seat: int, x: float, y: float, right: float
    ) -> None:
        """Experience and faculty (Scenario 6), the High five check, pulse throws or Done."""
        canvas = self.canvas
        chips: list[tuple[str, Colour]] = []
        if hero.get("must_check"):
            chips.append((self.labels["check"], HIGHLIGHT))
        xp = int(hero.get("xp", 0))
        cost = int(hero.get("faculty_cost", 0))
        if hero.get("faculty"):
            chips.append(
                (
                    fill_label(self.labels["xp"], xp=xp, cost=cost),
                    HIGHLIGHT if xp >= cost > 0 else SURFACE_RAISED,
                )
            )
        note = self.seat_note(seat)
        if note:
            chips.append((note, SURFACE_RAISED))
        if hero.get("faculty"):
            faculty = str(hero.get("faculty"))
            chips.append(
                (fill_label(self.word(f"faculty_{faculty}", faculty), cost=cost), SURFACE_RAISED)
            )
        for text, fill in chips:  # in order of importance; one that does not fit is left out
            if x + canvas.chips_width([text]) > right:
                continue
            box = canvas.chip((x, y), text, TextSize.SMALL, fill)
            x = box[2] + 8

    def draw_wound(self, hero: Mapping[str, Any], x: float, y: float, right: float) -> float:
        """The wounded tile at the row's right end (its slots and the dice healing it);
        returns where the chips left of it must end."""
        canvas = self.canvas
        wound = hero.get("wound")
        if not hero.get("wounded") or not wound:
            return right
        slots = list(wound.get("hero_slots", []))
        size = 28.0
        width = len(slots) * size + (len(slots) - 1) * SLOT_GAP
        self.draw_slot_row(right - width, right, y, slots, TRIAL_SLOT, TRIAL_INK, size)
        text = canvas.clip_text("✚ " + self.labels["wounded"], 150, TextSize.SMALL)
        chip = canvas.chip(
            (right - width - 8, y), text, TextSize.SMALL, VERMILLION, WHITE, align="right"
        )
        return chip[0] - 8

    # -- the market
    def draw_market(self) -> None:
        """Between rounds: the scrolls (where the spells lie) and the equipment (trials)."""
        canvas = self.canvas
        market = self.view.get("market") or {}
        gold = self.view.get("gold") or {}
        top: float = self.geometry.spells_top
        box = (INNER_LEFT, top, INNER_RIGHT, top + CARD_HEIGHT)
        canvas.rect(box, SPELL_FACE, mix(SORCERER_COLOUR, SPELL_FACE, 0.2), 2, CARD_RADIUS)
        left, right = float(INNER_LEFT), float(INNER_RIGHT)
        canvas.fitted_text(
            (left + 12, top + 20),
            self.labels["scrolls"],
            right - left - 120,
            TextSize.BODY,
            TEXT,
            "lm",
        )
        draw_coin(canvas, (right - 60, top + 20), 10)
        canvas.text((right - 44, top + 20), str(gold.get("sorcerer", 0)), TextSize.BODY, TEXT, "lm")
        x: float = left + 12
        y: float = top + 62
        for item in market.get("scrolls", []):
            scroll = data.SCROLLS.get(str(item.get("id")))
            symbols = scroll.symbols if scroll else ()
            power, price = str(item.get("power", "")), int(item.get("price", 0))
            end = self.draw_scroll(x, y, power, symbols, [], right - 12, price)
            if end is None:
                x, y = left + 12, y + 42
                if y > top + CARD_HEIGHT - 20:
                    break
                end = self.draw_scroll(x, y, power, symbols, [], right - 12, price)
            x = (end or x) + 8
        top = self.geometry.trials_top
        box = (INNER_LEFT, top, INNER_RIGHT, top + CARD_HEIGHT)
        canvas.rect(box, TRIAL_FACE, mix(TRIAL_FACE, BLACK, 0.4), 2, CARD_RADIUS)
        canvas.fitted_text(
            (left + 12, top + 20),
            self.labels["equipment"],
            right - left - 120,
            TextSize.BODY,
            TRIAL_INK,
            "lm",
        )
        draw_coin(canvas, (right - 60, top + 20), 10)
        canvas.text(
            (right - 44, top + 20), str(gold.get("heroes", 0)), TextSize.BODY, TRIAL_INK, "lm"
        )
        x, y = left + 12, top + 62
        size = 28.0
        for item in market.get("equipment", []):
            width = size + 34
            if x + width > right - 8:
                x, y = left + 12, y + 44
                if y > top + CARD_HEIGHT - 20:
                    break
            draw_die(
                canvas,
                (x, y - size / 2, x + size, y + size / 2),
                data.JOKER,
                DieLook(TRIAL_SLOT, TRIAL_INK, TRIAL_INK, "square"),
            )
            canvas.text((x + size + 2, y), "→", TextSize.SMALL, TRIAL_INK, "lm")
            x += size + 20
            draw_slot(
                canvas,
                (x, y - size / 2, x + size, y + size / 2),
                str(item.get("joker_as", "")),
                TRIAL_SLOT,
                TRIAL_INK,
            )
            x += size + 4
            draw_coin(canvas, (x + 9, y), 9)
            canvas.text((x + 22, y), str(item.get("price", "")), TextSize.BODY, TRIAL_INK, "lm")
            x += 50


@dataclass(frozen=True)
class SwordShape:
    """A sword pointing up, in radii: half widths, and heights below the centre."""

    blade: float  # half width of the blade
    hilt: float  # where the blade ends
    guard: float  # half width of the guard
    guard_top: float
    guard_bottom: float  # where the grip starts
    grip: float  # half width of the grip
    grip_end: float


SYMBOL_SWORD = SwordShape(0.15, 0.35, 0.5, 0.33, 0.5, 0.09, 0.82)
CROSSED_SWORD = SwordShape(0.14, 0.45, 0.4, 0.4, 0.58, 0.1, 1.0)


def sword_parts(centre: Point, r: float, shape: SwordShape) -> list[list[Point]]:
    """The sword's blade (with its tip), guard and grip, as polygons."""
    cx, cy = centre

    def bar(half: float, top: float, bottom: float) -> list[Point]:
        left, right = cx - half * r, cx + half * r
        return [
            (left, cy + top * r),
            (right, cy + top * r),
            (right, cy + bottom * r),
            (left, cy + bottom * r),
        ]

    blade = bar(shape.blade, -0.8, shape.hilt)
    blade = [(cx, cy - r), blade[1], blade[2], blade[3], blade[0]]
    guard = bar(shape.guard, shape.guard_top, shape.guard_bottom)
    return [blade, guard, bar(shape.grip, shape.guard_bottom, shape.grip_end)]


def draw_crossed_swords(canvas: Canvas, centre: Point, r: float) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        for angle in (-math.pi / 4, math.pi / 4):
            for part in sword_parts((cx, cy), r, CROSSED_SWORD):
                target.polygon(_rotated(part, (cx, cy), angle), TRIAL_INK)

    x, y = centre
    canvas.sprite(("swords", r), (x - r, y - r, x + r, y + r), draw)


def draw_forbidden(canvas: Canvas, centre: Point, r: float, symbol: str) -> None:
    """A symbol struck through in a red ring: a dissipation's "no Fire", "no Key"..."""

    def draw(target: Canvas, corner: Point) -> None:
        cx, cy = corner[0] + r, corner[1] + r
        target.circle((cx, cy), r, WHITE)
        draw_symbol_now(target, symbol, (cx, cy), r * 0.62, TRIAL_INK, WHITE)
        target.circle((cx, cy), r - 1.2, None, VERMILLION, 2.5)
        arm = (r - 1.5) * math.sqrt(0.5)
        target.line([(cx - arm, cy - arm), (cx + arm, cy + arm)], VERMILLION, 2.5)

    x, y = centre
    canvas.sprite(("forbid", symbol, r), (x - r, y - r, x + r, y + r), draw)


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a Pillow image (``render`` encodes it)."""
    return RushOutBoard(view, labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as PNG bytes, drawn from the public view."""
    return encode_png(render_image(view, labels), palette=board_palette())


# --- The palette ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Rush Out! board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it)."""
    return stored_palette("rushout")
