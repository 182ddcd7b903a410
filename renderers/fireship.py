"""The Fireship board picture, drawn from a view (``GAME.view(state, None)`` for the board).

The 20 x 20 sea fills the left, columns A-T across the top and rows 1-20 down the side, as
the buttons name cells. Islands are sand blocks with their number and a flag in their
owner's colour (white when nobody holds them) carrying the owner's letter; each garrison cell
has a green dot. Homes are 2 x 2 blocks in their owner's colour with how many boats, planes
and battleships wait there. Special squares: the wheel (a spoked ring), mystery cards (a
card with "?"), battleship squares (a hull); a pawn standing on one keeps a small copy of
the square's mark in its cell's corner. Pawns are tokens in their seat's colour with the
seat's letter in the reader's language (``letter_<seat>``: French greens are V); the
token's shape tells the kind: a boat is a hull, a plane a winged cross, a battleship a long
hull with a turret. A whirlpool is a spiral in its owner's colour. This
turn's moves (or the last turn's) are arrows; attacks are white arrows ending in a star
(won), a ring (missed or repelled) or a bar (cancelled).
On the right, one panel per player: its pool, islands, badges and number of cards (never
which), and a word when it skips its next turn, hides in fog or is out. The footer gives
the dice and points of the turn.

``render_reach(view, pawn_id)`` draws a seat's private view with the cells one pawn can
reach highlighted and their cost written in them; a special square among them keeps its
mark (the cost then goes in the cell's corner).

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``; ``player_0`` .. ``player_3`` (names; ``player`` with ``{colour}`` stands in);
  ``colour_0`` .. ``colour_3``: the colour names; ``letter_0`` .. ``letter_3`` and
  ``letter_white``: the letters on pawns, flags and homes (French "blanc" and "bleu" share
  their initial: white's is then a dot).
- ``status_turn`` (``{player}``), ``status_won`` (``{player}``), ``status_shared``
  (``{players}``), ``round`` (``{round}``), ``round_limit`` (``{round}``, ``{limit}``).
- ``pool``, ``islands``, ``badges``, ``cards``, ``home``: panel words; ``skip``, ``fog``,
  ``out``, ``turn_tag``, ``winner_tag``: a player's state.
- ``dice`` (``{dice}``, ``{total}``), ``points`` (``{points}``), ``no_dice``, ``fast_plane``,
  ``fast_boat``, ``legend``: the footer. ``reach_title`` (``{pawn}``): the reach picture's
  footer, the pawn named by ``pawn_at`` or ``pawn_home`` (``{kind}``, ``{pawn}``, ``{cell}``)
  with ``kind_boat``, ``kind_plane``, ``kind_battleship``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final, cast

from PIL import Image

from bot.games.fireship import (
    FireshipPublicView,
    FireshipSeatView,
    PawnRecord,
    PlayerRecord,
    ReachSpot,
    data,
)
from renderers.base import (
    BLUISH_GREEN,
    HIGHLIGHT,
    OUTLINE,
    SKY_BLUE,
    STRIP_PADDING,
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
    TextSize,
    encode_png,
    fill_label,
    footer_strip,
    header_strip,
    layer_cache,
    merge_labels,
    mix,
    readable_ink,
    stored_palette,
)

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
    "pool": "Pool",
    "islands": "Islands",
    "badges": "Badges",
    "cards": "Cards",
    "home": "Home",
    "skip": "Skips turn",
    "fog": "Fog",
    "out": "Out",
    "turn_tag": "To play",
    "winner_tag": "Winner",
    "dice": "Dice {dice} = {total}",
    "points": "{points} points left",
    "no_dice": "Not rolled yet",
    "fast_plane": "planes ×2",
    "fast_boat": "boats ×2",
    "badge_boum": "Boom",
    "badge_gulf": "Gulf",
    "badge_fog": "Fog",
    "badge_vent": "Updraft",
    "legend": "Spoked ring: wheel · ?: mystery card · hull: battleship square",
    "letter_0": "B",
    "letter_1": "R",
    "letter_2": "G",
    "letter_3": "Y",
    "letter_white": "W",
    "kind_boat": "Boat",
    "kind_plane": "Plane",
    "kind_battleship": "Battleship",
    "pawn_at": "{kind} {pawn} at {cell}",
    "pawn_home": "{kind} {pawn} at home",
    "reach_title": "{pawn}: the squares it can reach and their cost",
}

# --- Look ----------------------------------------------------------------------------------
SEA: Final = (22, 52, 86)
SEA_LINE: Final = (38, 72, 110)
SAND: Final = (196, 170, 118)
SAND_EDGE: Final = (140, 118, 76)
INK: Final = (20, 24, 36)
#: Okabe-Ito colours for Blue, Red, Green, Yellow; white for the neutral islands and boats.
COLOURS: Final[tuple[Colour, ...]] = (SKY_BLUE, VERMILLION, BLUISH_GREEN, YELLOW)
SPECIAL_INK: Final = mix(SEA, WHITE, 0.55)
GARRISON_DOT: Final = BLUISH_GREEN
REACH_FILL: Final = mix(SEA, WHITE, 0.22)
ATTACK_INK: Final = WHITE

# --- Layout (logical pixels) ---------------------------------------------------------------
CELL: Final = 40
MARGIN: Final = 20
HEADER_HEIGHT: Final = 76
GAP: Final = 16
RULER: Final = 30  # column letters above the grid, row numbers left of it
GRID_LEFT: Final = MARGIN + RULER
GRID_TOP: Final = MARGIN + HEADER_HEIGHT + GAP + RULER
GRID_SIZE: Final = CELL * data.SIZE
PANEL_LEFT: Final = GRID_LEFT + GRID_SIZE + GAP
PANEL_WIDTH: Final = 300
WIDTH: Final = PANEL_LEFT + PANEL_WIDTH + MARGIN
FOOTER_HEIGHT: Final = 56
FOOTER_TOP: Final = GRID_TOP + GRID_SIZE + GAP
HEIGHT: Final = FOOTER_TOP + FOOTER_HEIGHT + MARGIN
PANEL_TOP: Final = MARGIN + HEADER_HEIGHT + GAP
PANEL_GAP: Final = 12
PANEL_HEIGHT: Final = (GRID_TOP + GRID_SIZE - PANEL_TOP - 3 * PANEL_GAP) // 4
TOKEN: Final = 18  # a pawn's radius
#: A pawn on a special square: smaller and lower right, the square's mark in the corner.
CORNER_TOKEN: Final = 15
CORNER_SHIFT: Final = (3.0, 4.0)
ICON: Final = 12  # the small pawn icons of the panels and homes


def colour_of(seat: int) -> Colour:
    return WHITE if seat == data.WHITE else COLOURS[seat]


def letter_key(seat: int) -> str:
    """The label naming a seat's letter (``letter_0``, ``letter_white``)."""
    return "letter_white" if seat == data.WHITE else f"letter_{seat}"


# --- Geometry ------------------------------------------------------------------------------
def cell_box(cell: data.Cell) -> Box:
    x, y = cell
    left, top = GRID_LEFT + x * CELL, GRID_TOP + y * CELL
    return (left, top, left + CELL, top + CELL)


def cell_centre(cell: data.Cell) -> Point:
    left, top, _, _ = cell_box(cell)
    return (left + CELL / 2, top + CELL / 2)


def block_box(cells: Sequence[data.Cell]) -> Box:
    boxes = [cell_box(cell) for cell in cells]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def box_centre(box: Box) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def pulled_back(start: Point, end: Point, by: float) -> Point:
    """``end`` moved ``by`` towards ``start`` (not past the middle of the two)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return end
    back = min(by, length / 2)
    return (end[0] - dx * back / length, end[1] - dy * back / length)


def place_point(place: str) -> Point | None:
    """Where a trail names a place: a cell, ``home:<seat>`` or ``island:<n>``."""
    kind, _, number = place.partition(":")
    if kind == "home" and number.isdigit():
        return box_centre(block_box(data.HOME_BLOCKS[int(number)]))
    if kind == "island" and number.isdigit():
        return box_centre(block_box(data.ISLAND_CELLS[int(number)]))
    cell = data.parse_cell(place)
    return None if cell is None else cell_centre(cell)


# --- Pawn glyphs ---------------------------------------------------------------------------
def kind_points(kind: str, centre: Point, radius: float) -> list[Point]:
    """The outline of a pawn of ``kind``: hull, winged cross or long hull with a turret."""
    x, y = centre
    r = radius
    if kind == data.PLANE:
        return [
            (x, y - r),
            (x + r * 0.22, y - r * 0.3),
            (x + r, y + r * 0.05),
            (x + r, y + r * 0.35),
            (x + r * 0.22, y + r * 0.2),
            (x + r * 0.2, y + r * 0.65),
            (x + r * 0.5, y + r),
            (x - r * 0.5, y + r),
            (x - r * 0.2, y + r * 0.65),
            (x - r * 0.22, y + r * 0.2),
            (x - r, y + r * 0.35),
            (x - r, y + r * 0.05),
            (x - r * 0.22, y - r * 0.3),
        ]
    if kind == data.BATTLESHIP:
        return [
            (x - r, y - r * 0.05),
            (x - r * 0.35, y - r * 0.05),
            (x - r * 0.35, y - r * 0.6),
            (x + r * 0.35, y - r * 0.6),
            (x + r * 0.35, y - r * 0.05),
            (x + r, y - r * 0.05),
            (x + r * 0.7, y + r * 0.6),
            (x - r * 0.7, y + r * 0.6),
        ]
    return [  # a boat: a plain hull
        (x - r, y - r * 0.45),
        (x + r, y - r * 0.45),
        (x + r * 0.55, y + r * 0.6),
        (x - r * 0.55, y + r * 0.6),
    ]


def draw_pawn(
    canvas: Canvas, centre: Point, seat: int, kind: str, radius: float, letter: str = ""
) -> None:
    """A pawn's token; a full-size one carries ``letter`` (its seat's)."""
    fill = colour_of(seat)
    canvas.polygon(kind_points(kind, centre, radius), fill, INK, 2)
    if radius >= CORNER_TOKEN and letter:
        x, y = centre
        letter_y = y + radius * (0.05 if kind == data.BOAT else 0.2)
        canvas.text((x, letter_y), letter, TextSize.SMALL - 2, readable_ink(fill), "mm")


# --- The static layer ----------------------------------------------------------------------
@layer_cache(maxsize=1)
def static_layer() -> Image.Image:
    """The sea, the rulers, the land and the special squares (no owners, no pawns)."""
    canvas = Canvas(WIDTH, HEIGHT, scale=SUPERSAMPLE, final_text=True)
    canvas.rect((GRID_LEFT, GRID_TOP, GRID_LEFT + GRID_SIZE, GRID_TOP + GRID_SIZE), SEA)
    for index in range(data.SIZE + 1):
        offset = index * CELL
        canvas.line(
            [(GRID_LEFT + offset, GRID_TOP), (GRID_LEFT + offset, GRID_TOP + GRID_SIZE)],
            SEA_LINE,
            1,
        )
        canvas.line(
            [(GRID_LEFT, GRID_TOP + offset), (GRID_LEFT + GRID_SIZE, GRID_TOP + offset)],
            SEA_LINE,
            1,
        )
    for index in range(data.SIZE):
        middle = index * CELL + CELL / 2
        canvas.text(
            (GRID_LEFT + middle, GRID_TOP - RULER / 2),
            data.COLUMNS[index],
            TextSize.SMALL,
            TEXT_MUTED,
            "mm",
        )
        canvas.text(
            (GRID_LEFT - RULER / 2, GRID_TOP + middle),
            str(index + 1),
            TextSize.SMALL - 2,
            TEXT_MUTED,
            "mm",
        )
    for island, cells in data.ISLAND_CELLS.items():
        box = block_box(cells)
        canvas.rect((box[0] + 3, box[1] + 3, box[2] - 3, box[3] - 3), SAND, SAND_EDGE, 3, 14)
        garrison = cell_centre(data.GARRISONS[island])
        canvas.circle((garrison[0] + 13, garrison[1] - 13), 5, GARRISON_DOT)
    for cell in sorted(data.SPECIAL_SQUARES):
        draw_square_mark(canvas, cell, SPECIAL_INK)
    return canvas.finish()


def draw_square_mark(
    canvas: Canvas,
    cell: data.Cell,
    ink: Colour,
    centre: Point | None = None,
    size: float = 15,
    width: float = 2,
) -> None:
    """A special square's mark (wheel, mystery card, hull), ``size`` its half width, at
    ``centre`` (the cell's middle by default)."""
    x, y = cell_centre(cell) if centre is None else centre
    if cell in data.WHEEL_SQUARES:
        draw_wheel(canvas, (x, y), size, ink, width)
    elif cell in data.MYSTERY_SQUARES:
        half_w, half_h = size * 2 / 3, size * 14 / 15
        canvas.rect((x - half_w, y - half_h, x + half_w, y + half_h), None, ink, width, 3)
        if size >= 10:
            canvas.text((x, y + 1), "?", TextSize.SMALL, ink, "mm")
        else:  # too small for a letter: a hook and a dot
            hook = [(x - 0.4 * size, y - 0.35 * size), (x, y - 0.6 * size)]
            hook += [(x + 0.4 * size, y - 0.35 * size), (x, y + 0.05 * size)]
            canvas.line(hook, ink, width * 0.8)
            canvas.circle((x, y + 0.45 * size), width * 0.8, ink)
    else:
        canvas.polygon(kind_points(data.BATTLESHIP, (x, y), size - 1), None, ink, width)


def draw_corner_mark(canvas: Canvas, cell: data.Cell, ink: Colour) -> None:
    """A special square's mark, small, in its cell's top-left corner: the cell's middle
    holds a pawn, drawn smaller and lower right (``CORNER_SHIFT``, ``CORNER_TOKEN``)."""
    left, top, _, _ = cell_box(cell)
    draw_square_mark(canvas, cell, ink, (left + 9, top + 9), 7, 1.5)


def draw_wheel(canvas: Canvas, centre: Point, radius: float, ink: Colour, width: float = 2) -> None:
    x, y = centre
    canvas.circle(centre, radius, None, ink, width)
    for spoke in range(4):
        angle = spoke * math.pi / 4
        dx, dy = (radius - 1) * math.cos(angle), (radius - 1) * math.sin(angle)
        canvas.line([(x - dx, y - dy), (x + dx, y + dy)], ink, width)


# --- The picture ---------------------------------------------------------------------------
class FireshipBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: FireshipPublicView, labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.canvas = Canvas(WIDTH, HEIGHT, base=static_layer())
        outcome = view["outcome"]
        self.winners: list[int] = list(outcome["winners"]) if outcome else []
        self.pawns: list[PawnRecord] = list(view["pawns"])

    def draw(self, reach_of: str | None = None, spots: Sequence[ReachSpot] = ()) -> Image.Image:
        """The board; with ``reach_of`` (a pawn id), that pawn's reach (its ``spots``)
        instead of the trail."""
        self.draw_header()
        self.draw_islands()
        self.draw_homes()
        self.draw_whirlpools()
        if reach_of is not None:
            self.draw_reach(spots)
        for pawn in self.pawns:
            cell = data.parse_cell(pawn["cell"])
            if cell is None:
                continue
            letter = self.letter(pawn["seat"])
            centre, radius = cell_centre(cell), TOKEN
            if cell in data.SPECIAL_SQUARES:  # the mark, small, beside a smaller pawn
                left, top, right, bottom = cell_box(cell)
                self.canvas.rect((left + 1, top + 1, right - 1, bottom - 1), SEA, None, 0, 0)
                draw_corner_mark(self.canvas, cell, SPECIAL_INK)
                centre = (centre[0] + CORNER_SHIFT[0], centre[1] + CORNER_SHIFT[1])
                radius = CORNER_TOKEN
            draw_pawn(self.canvas, centre, pawn["seat"], pawn["kind"], radius, letter)
        if reach_of is None:
            self.draw_trail()
        else:
            self.mark_pawn(reach_of)
        for seat in range(self.view["players"]):
            self.draw_panel(seat)
        self.draw_footer(reach_of)
        return self.canvas.finish()

    def letter(self, seat: int) -> str:
        return self.labels.get(letter_key(seat), "")

    def pawn_words(self, pawn_id: str) -> str:
        """A pawn as the reach picture names it: ``Boat B3 at K7``."""
        pawn = next((p for p in self.pawns if p["id"] == pawn_id), None)
        if pawn is None:
            return pawn_id
        name = self.letter(pawn["seat"]) + pawn_id[1:]
        kind = self.labels.get(f"kind_{pawn['kind']}", pawn["kind"])
        key = "pawn_home" if pawn["cell"] == "home" else "pawn_at"
        return fill_label(self.labels[key], kind=kind, pawn=name, cell=pawn["cell"])

    def player(self, seat: int) -> str:
        colour = self.labels.get(f"colour_{seat}", str(seat + 1))
        return self.labels.get(f"player_{seat}") or fill_label(self.labels["player"], colour=colour)

    # -- header and footer
    def draw_header(self) -> None:
        if self.winners:
            names = ", ".join(self.player(seat) for seat in self.winners)
            key = "status_won" if len(self.winners) == 1 else "status_shared"
            text = fill_label(self.labels[key], player=names, players=names)
            accent = colour_of(self.winners[0])
        else:
            turn = self.view["turn"] or 0
            text = fill_label(self.labels["status_turn"], player=self.player(turn))
            accent = colour_of(turn)
        limit = self.view["rounds_limit"]
        round_key = "round_limit" if limit else "round"
        shown = min(self.view["round"], limit) if limit else self.view["round"]  # old saves
        round_text = fill_label(self.labels[round_key], round=shown, limit=limit)
        header_strip(
            self.canvas,
            (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_HEIGHT),
            f"{self.labels['title']} · {round_text}",
            text,
            accent,
            "star" if self.winners else None,
        )

    def draw_footer(self, reach_of: str | None = None) -> None:
        dice = list(self.view["dice"])
        parts = []
        if reach_of is not None:
            parts.append(fill_label(self.labels["reach_title"], pawn=self.pawn_words(reach_of)))
        if dice:
            total = sum(dice)
            parts.append(
                fill_label(self.labels["dice"], dice=" + ".join(map(str, dice)), total=total)
            )
            parts.append(fill_label(self.labels["points"], points=self.view["points"]))
        elif not self.winners:
            parts.append(self.labels["no_dice"])
        fast = list(self.view["fast"])
        if "plane" in fast:
            parts.append(self.labels["fast_plane"])
        if "boat" in fast:
            parts.append(self.labels["fast_boat"])
        if reach_of is None:
            parts.append(self.labels["legend"])
        # What does not fit goes, the legend first, never a word cut in the middle.
        room = WIDTH - 2 * MARGIN - 2 * STRIP_PADDING
        while len(parts) > 1 and self.canvas.text_width(" · ".join(parts), TextSize.SMALL) > room:
            parts.pop()
        footer_strip(
            self.canvas,
            (MARGIN, FOOTER_TOP, WIDTH - MARGIN, FOOTER_TOP + FOOTER_HEIGHT),
            " · ".join(parts),
        )

    # -- the sea
    def draw_islands(self) -> None:
        for island in self.view["islands"]:
            number = int(island["id"][1:])
            owner = island["owner"]
            box = block_box(data.ISLAND_CELLS[number])
            x, y = box_centre(box)
            canvas = self.canvas
            canvas.text((x - 14, y + 12), str(number), TextSize.BODY, INK, "mm")
            canvas.line([(x + 4, y + 26), (x + 4, y - 24)], INK, 3)
            flag = [(x + 4, y - 24), (x + 32, y - 14), (x + 4, y - 2)]
            canvas.polygon(flag, colour_of(owner), INK, 2)
            canvas.text((x + 13, y - 13), self.letter(owner), TextSize.SMALL - 6, INK, "mm")

    def draw_homes(self) -> None:
        at_home: dict[int, dict[str, int]] = {}
        for pawn in self.pawns:
            if pawn["cell"] == "home":
                kinds = at_home.setdefault(pawn["seat"], {})
                kinds[pawn["kind"]] = kinds.get(pawn["kind"], 0) + 1
        players = self.view["players"]
        for unused in data.HOME_BLOCKS[players:]:
            box = block_box(unused)
            self.canvas.rect((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), SURFACE, INK, 2, 8)
        for seat in range(players):
            box = block_box(data.HOME_BLOCKS[seat])
            out = self.seat(seat)["out"]
            fill = mix(colour_of(seat), SURFACE, 0.75 if out else 0.35)
            self.canvas.rect((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), fill, INK, 2, 8)
            self.canvas.text(
                (box[0] + 8, box[1] + 13), self.letter(seat), TextSize.SMALL - 4, INK, "lm"
            )
            counts = at_home.get(seat, {})
            y = box[1] + 24
            for kind in data.KINDS:
                if counts.get(kind):
                    draw_pawn(self.canvas, (box[0] + 22, y + 8), seat, kind, ICON)
                    self.canvas.text(
                        (box[0] + 52, y + 8), str(counts[kind]), TextSize.SMALL, INK, "mm"
                    )
                    y += 18

    def draw_whirlpools(self) -> None:
        for whirlpool in self.view["whirlpools"]:
            cell = data.parse_cell(whirlpool["cell"])
            if cell is None:
                continue
            x, y = cell_centre(cell)
            ink = colour_of(whirlpool["seat"])
            spiral = [
                (
                    x + (2 + step * 0.55) * math.cos(step * 0.45),
                    y + (2 + step * 0.55) * math.sin(step * 0.45),
                )
                for step in range(28)
            ]
            self.canvas.line(spiral, ink, 3)
            reach = data.WHIRLPOOL_REACH * CELL + CELL / 2
            self.canvas.rect((x - reach, y - reach, x + reach, y + reach), None, ink, 2, 6)

    def draw_trail(self) -> None:
        trail = list(self.view["trail"] or self.view["previous_trail"])
        for step in trail:
            start = place_point(step["from"])
            end = place_point(step["to"])
            if start is None or end is None or start == end:
                continue
            # The arrow stops at the pawn or island it points to, never over its letter; an
            # attack also starts at its leader's edge (a moved pawn has left its start).
            island = step["to"].startswith("island:")
            tip = pulled_back(start, end, CELL if island else TOKEN)
            if step["kind"] == "move":
                ink = colour_of(step["seat"])
                self.canvas.arrow([start, tip], INK, 7, 18)
                self.canvas.arrow([start, tip], ink, 3, 14)
            else:
                leader = step["from"].startswith("island:")
                tail = pulled_back(tip, start, CELL if leader else TOKEN)
                # An island's result mark goes on its sand, clear of its flag and number.
                mark = (end[0] - 18, end[1] - 22) if island else (end[0], end[1] - 20)
                self.draw_attack(tail, tip, mark, step.get("result", ""))

    def draw_attack(self, start: Point, tip: Point, mark: Point, result: str) -> None:
        """An attack's white arrow, and its result at ``mark``: a star (won), a bar
        (cancelled by a Non) or a ring (missed or repelled)."""
        self.canvas.arrow([start, tip], INK, 8, 20)
        self.canvas.arrow([start, tip], ATTACK_INK, 4, 16)
        x, y = mark
        if result == "won":
            self.canvas.shape("star", (x, y), 10, HIGHLIGHT, INK, 2)
        elif result == "cancelled":
            self.canvas.rect((x - 10, y - 4, x + 10, y + 4), VERMILLION, INK, 2)
        else:
            self.canvas.circle((x, y), 8, None, ATTACK_INK, 3)

    # -- the panels
    def seat(self, seat: int) -> PlayerRecord:
        return self.view["seats"][seat]

    def draw_panel(self, seat: int) -> None:
        """A player's panel: name and state, pool, islands and cards, badges. Every word is
        measured: a longer word moves what follows it, nothing is drawn over another."""
        info = self.seat(seat)
        top = PANEL_TOP + seat * (PANEL_HEIGHT + PANEL_GAP)
        box = (PANEL_LEFT, top, PANEL_LEFT + PANEL_WIDTH, top + PANEL_HEIGHT)
        canvas = self.canvas
        acting = seat == self.view["turn"] and not self.winners
        canvas.panel(box, SURFACE, HIGHLIGHT if acting else OUTLINE, 4 if acting else 2)
        left, right = box[0] + 14, box[2] - 12
        colour = colour_of(seat)
        canvas.rect((box[0], top, box[2], top + 8), colour, None, 0, 4)
        draw_pawn(canvas, (left + 12, top + 32), seat, data.BOAT, ICON)
        canvas.fitted_text(
            (left + 30, top + 32), self.player(seat), right - left - 30, TextSize.BODY, TEXT, "lm"
        )
        tag = self.tag(seat, info)
        if tag:  # a tab on the panel's top edge, clear of the name
            fill = (
                HIGHLIGHT
                if tag in (self.labels["turn_tag"], self.labels["winner_tag"])
                else SURFACE_RAISED
            )
            outline = None if fill == HIGHLIGHT else OUTLINE
            text = canvas.clip_text(tag, right - left - 60, TextSize.SMALL)
            canvas.chip((right, top + 5), text, fill=fill, outline=outline, align="right")
        self.draw_pool(info, seat, left, right, top + 66)
        y = top + 100
        islands = f"{self.labels['islands']} {len(info['islands'])}"
        cards = f"{self.labels['cards']} {info['cards']}"
        middle = (left + right) / 2
        canvas.fitted_text((left, y), islands, middle - left - 8, TextSize.BODY, TEXT, "lm")
        canvas.rect((middle, y - 13, middle + 18, y + 13), SURFACE_RAISED, TEXT_MUTED, 2, 3)
        canvas.fitted_text((middle + 26, y), cards, right - middle - 26, TextSize.BODY, TEXT, "lm")
        y = top + 128
        canvas.text((left, y), self.labels["badges"], TextSize.SMALL, TEXT_MUTED, "lm")
        badges = info["badges"]
        for index, kind in enumerate(data.BADGE_KINDS):
            column, row = index % 2, index // 2
            word = f"{self.labels['badge_' + kind]} {badges.get(kind, 0)}"
            x = left if column == 0 else middle
            room = (middle if column == 0 else right) - x - 8
            canvas.fitted_text((x, y + 26 * (row + 1)), word, room, TextSize.SMALL, TEXT, "lm")

    def draw_pool(self, info: PlayerRecord, seat: int, left: float, right: float, y: float) -> None:
        """``Pool`` and, after it, each kind's icon and count, spread over what is left."""
        canvas = self.canvas
        word = self.labels["pool"]
        width = canvas.fitted_text((left, y), word, 110, TextSize.SMALL, TEXT_MUTED, "lm")
        start = left + width + 10
        step = (right - start) / len(data.KINDS)
        for index, kind in enumerate(data.KINDS):
            x = start + index * step
            draw_pawn(canvas, (x + 12, y), seat, kind, ICON)
            count = str(info["pool"].get(kind, 0))
            canvas.fitted_text((x + 28, y), count, step - 30, TextSize.BODY, TEXT, "lm")

    def tag(self, seat: int, info: PlayerRecord) -> str:
        if seat in self.winners:
            return self.labels["winner_tag"]
        if info["out"]:
            return self.labels["out"]
        if seat == self.view["turn"] and not self.winners:
            return self.labels["turn_tag"]
        if info["skip"]:
            return self.labels["skip"]
        if info["fog"]:
            return self.labels["fog"]
        return ""

    # -- the reach picture
    def draw_reach(self, spots: Sequence[ReachSpot]) -> None:
        """The cells a pawn can reach, each with its cost; a special square keeps its mark
        (small, in a corner) and shows its cost in the opposite corner."""
        for spot in spots:
            cell = data.parse_cell(spot["cell"])
            if cell is None:
                continue
            left, top, right, bottom = cell_box(cell)
            self.canvas.rect(
                (left + 2, top + 2, right - 2, bottom - 2), REACH_FILL, HIGHLIGHT, 2, 4
            )
            if cell in data.SPECIAL_SQUARES:  # the mark up left, the cost down right
                draw_square_mark(self.canvas, cell, TEXT, (left + 13, top + 13), 9)
                where: Point = (right - 4, bottom - 2)
                anchor = "rd"
            else:
                where, anchor = ((left + right) / 2, (top + bottom) / 2), "mm"
            self.canvas.text(where, str(spot["cost"]), TextSize.SMALL, TEXT, anchor)

    def mark_pawn(self, pawn_id: str) -> None:
        for pawn in self.pawns:
            if pawn["id"] != pawn_id:
                continue
            cell = data.parse_cell(pawn["cell"])
            home = data.HOME_BLOCKS[pawn["seat"]] if pawn["seat"] >= 0 else ()
            place = cell_centre(cell) if cell else box_centre(block_box(home))
            self.canvas.circle(place, TOKEN + 6, None, HIGHLIGHT, 4)


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    return FireshipBoard(cast(FireshipPublicView, view), labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as a PNG, from the view given (the public one for the table)."""
    return _png(FireshipBoard(cast(FireshipPublicView, view), labels).draw())


def render_reach(
    view: Mapping[str, Any], pawn_id: str, labels: Mapping[str, str] | None = None
) -> bytes:
    """A seat's private picture (from its own view): where ``pawn_id`` can go this turn and
    what each cell costs."""
    return _reach_png(cast(FireshipSeatView, view), pawn_id, labels)


def render_private(
    view: Mapping[str, Any], focus: str, labels: Mapping[str, str] | None = None
) -> bytes:
    """A seat's private panel picture (``renderers.PRIVATE_RENDERERS``): the reach of the
    pawn ``focus`` names. A focus may name a part of a pawn's reach after a ``+``
    (``B3+2``); one that names no pawn with a reach (a card's target cells) gets the plain
    board."""
    seat_view = cast(FireshipSeatView, view)
    pawn_id = focus.partition("+")[0]
    if pawn_id not in dict(seat_view.get("reach") or {}):
        return _png(FireshipBoard(seat_view, labels).draw())
    return _reach_png(seat_view, pawn_id, labels)


def _reach_png(view: FireshipSeatView, pawn_id: str, labels: Mapping[str, str] | None) -> bytes:
    spots = list(dict(view.get("reach", {})).get(pawn_id, []))
    return _png(FireshipBoard(view, labels).draw(pawn_id, spots))


def _png(image: Image.Image) -> bytes:
    return encode_png(image, palette=board_palette())


# --- The palette ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Fireship board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it)."""
    return stored_palette("fireship")
