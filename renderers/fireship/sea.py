"""The sea: a window of it at readable size (``SeaWindow``) and the whole of it small
(``draw_overview``), both drawn from a view.

In the window, islands are sand blocks with their number and a flag in their owner's colour
(white when nobody holds them) carrying the owner's letter; each garrison cell has a green
dot. Homes are 2 x 2 blocks in their owner's colour with the owner's letter and how many
boats, planes and battleships wait there. Special squares: the wheel (a spoked ring),
mystery cards (a card with "?"), battleship squares (a hull); a pawn standing on one keeps a
small copy of the square's mark in its cell's corner. Pawns are tokens in their seat's
colour with the seat's letter in the reader's language (``letter_<seat>``: French greens are
V); the token's shape tells the kind: a boat is a hull, a plane a winged cross, a battleship
a long hull with a turret. A whirlpool is a spiral in its owner's colour. This turn's moves
(or the last turn's) are arrows; attacks are white arrows ending in a star (won), a ring
(missed or repelled) or a bar (cancelled). A pawn's reach: the cells it can reach, each with
its cost.

The overview draws no word: the sea, the islands with their owner's flag, the homes in their
colour, every pawn as a dot of its colour, whirlpools, the turn's moves as thin lines, and
the window the picture shows framed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from PIL import Image

from bot.games.fireship import FireshipPublicView, PawnRecord, ReachSpot, TrailStep, data
from renderers.base import (
    HIGHLIGHT,
    SUPERSAMPLE,
    SURFACE,
    TEXT,
    VERMILLION,
    Box,
    Canvas,
    Colour,
    Point,
    layer_cache,
    mix,
    readable_ink,
)
from renderers.fireship.labels import letter_key
from renderers.fireship.layout import (
    ATTACK_INK,
    BIG_NUMBER,
    CELL,
    CORNER_SHIFT,
    CORNER_TOKEN,
    GARRISON_DOT,
    HOME_ICON,
    INK,
    MARK,
    NUMBER,
    OVERVIEW_CELL,
    OVERVIEW_REACH,
    OVERVIEW_SIZE,
    REACH_FILL,
    SAND,
    SAND_EDGE,
    SEA,
    SEA_LINE,
    SPECIAL_INK,
    TOKEN,
    WINDOW,
    WINDOW_OFFSETS,
    WINDOW_SIZE,
    WORD,
    colour_of,
)

#: Where a window's interest lies: weights of what it should show.
TRAIL_WEIGHT: Final = 3
MOVER_WEIGHT: Final = 2
OTHER_WEIGHT: Final = 1
#: A reach picture's window always holds the pawn itself.
PAWN_WEIGHT: Final = 1000


# --- Geometry ------------------------------------------------------------------------------
def block_cells_box(cells: Sequence[data.Cell]) -> tuple[int, int, int, int]:
    """The cells ``cells`` span: first column, first row, last column, last row."""
    return (
        min(c[0] for c in cells),
        min(c[1] for c in cells),
        max(c[0] for c in cells),
        max(c[1] for c in cells),
    )


def place_cells(place: str) -> tuple[float, float] | None:
    """Where a trail names a place (a cell, ``home:<seat>`` or ``island:<n>``), in cells:
    the middle of the cell or block (``(0.5, 0.5)`` is the first cell's middle)."""
    kind, _, number = place.partition(":")
    block: Sequence[data.Cell] | None = None
    if kind == "home" and number.isdigit() and int(number) < len(data.HOME_BLOCKS):
        block = data.HOME_BLOCKS[int(number)]
    elif kind == "island" and number.isdigit() and int(number) in data.ISLAND_CELLS:
        block = data.ISLAND_CELLS[int(number)]
    if block is not None:
        left, top, right, bottom = block_cells_box(block)
        return ((left + right + 1) / 2, (top + bottom + 1) / 2)
    cell = data.parse_cell(place)
    return None if cell is None else (cell[0] + 0.5, cell[1] + 0.5)


def clamp_corner(column: int, row: int) -> data.Cell:
    """A window's top-left cell, kept within the sea."""
    last = WINDOW_OFFSETS - 1
    return (min(max(column, 0), last), min(max(row, 0), last))


def best_corner(interest: Iterable[tuple[tuple[float, float], float]]) -> data.Cell:
    """The window holding the most of what is of ``interest`` (points in cells, weights):
    of those that hold as much, the one centred nearest its weighted middle."""
    points = [(point, weight) for point, weight in interest if weight > 0]
    if not points:
        middle = (WINDOW_OFFSETS - 1) // 2
        return (middle, middle)
    total = sum(weight for _, weight in points)
    centre_x = sum(p[0] * w for p, w in points) / total
    centre_y = sum(p[1] * w for p, w in points) / total

    def score(corner: data.Cell) -> tuple[float, float, int, int]:
        held = sum(
            weight
            for (x, y), weight in points
            if corner[0] < x < corner[0] + WINDOW and corner[1] < y < corner[1] + WINDOW
        )
        off = math.hypot(corner[0] + WINDOW / 2 - centre_x, corner[1] + WINDOW / 2 - centre_y)
        return (-held, off, corner[1], corner[0])

    corners = [(x, y) for y in range(WINDOW_OFFSETS) for x in range(WINDOW_OFFSETS)]
    return min(corners, key=score)


def place_of(pawn: PawnRecord) -> str:
    """Where a pawn is, as a trail names places (``home:<seat>`` for a pawn at home)."""
    return f"home:{pawn['seat']}" if pawn["cell"] == "home" else pawn["cell"]


def trail_of(view: FireshipPublicView) -> list[TrailStep]:
    return list(view["trail"] or view["previous_trail"])


def board_corner(view: FireshipPublicView) -> data.Cell:
    """The window a board shows: where the play is, this turn's (or the last turn's) moves
    and attacks first, then the pawns of the player to play (all pawns once it is over)."""
    interest: list[tuple[tuple[float, float], float]] = []
    for step in trail_of(view):
        for place in (step["from"], step["to"]):
            point = place_cells(place)
            if point is not None:
                interest.append((point, TRAIL_WEIGHT))
    turn = view["turn"]
    for pawn in view["pawns"]:
        mover = turn is not None and pawn["seat"] == turn
        if not mover and turn is not None:
            continue
        point = place_cells(place_of(pawn))
        if point is not None:
            interest.append((point, MOVER_WEIGHT if pawn["cell"] != "home" else OTHER_WEIGHT))
    for whirlpool in view["whirlpools"]:
        point = place_cells(whirlpool["cell"])
        if point is not None:
            interest.append((point, OTHER_WEIGHT))
    return best_corner(interest)


def reach_corner(view: FireshipPublicView, pawn_id: str, spots: Sequence[ReachSpot]) -> data.Cell:
    """The window a reach picture shows: the pawn, and as many of ``spots`` as it can."""
    interest: list[tuple[tuple[float, float], float]] = []
    pawn = next((p for p in view["pawns"] if p["id"] == pawn_id), None)
    if pawn is not None:
        point = place_cells(place_of(pawn))
        if point is not None:
            interest.append((point, PAWN_WEIGHT))
    for spot in spots:
        point = place_cells(spot["cell"])
        if point is not None:
            interest.append((point, OTHER_WEIGHT))
    return best_corner(interest)


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
    """A pawn's token, with ``letter`` (its seat's) when given."""
    fill = colour_of(seat)
    canvas.polygon(kind_points(kind, centre, radius), fill, INK, 2)
    if letter:
        x, y = centre
        letter_y = y + radius * (0.08 if kind == data.BOAT else 0.22)
        canvas.text((x, letter_y), letter, WORD, readable_ink(fill), "mm")


def draw_wheel(canvas: Canvas, centre: Point, radius: float, ink: Colour, width: float = 2) -> None:
    x, y = centre
    canvas.circle(centre, radius, None, ink, width)
    for spoke in range(4):
        angle = spoke * math.pi / 4
        dx, dy = (radius - 1) * math.cos(angle), (radius - 1) * math.sin(angle)
        canvas.line([(x - dx, y - dy), (x + dx, y + dy)], ink, width)


def draw_square_mark(
    canvas: Canvas, square: str, centre: Point, ink: Colour, size: float = MARK, width: float = 2
) -> None:
    """A special square's mark (``wheel``, ``mystery``, ``battleship``), ``size`` its half
    width: a spoked ring, a card with "?" (a hook and a dot when too small for a word), a
    hull."""
    x, y = centre
    if square == "wheel":
        draw_wheel(canvas, centre, size, ink, width)
    elif square == "mystery":
        half_w, half_h = size * 2 / 3, size * 14 / 15
        canvas.rect((x - half_w, y - half_h, x + half_w, y + half_h), None, ink, width, 3)
        if size >= MARK:
            canvas.text((x, y + 1), "?", WORD, ink, "mm")
        else:
            hook = [(x - 0.4 * size, y - 0.35 * size), (x, y - 0.6 * size)]
            hook += [(x + 0.4 * size, y - 0.35 * size), (x, y + 0.05 * size)]
            canvas.line(hook, ink, width * 0.8)
            canvas.circle((x, y + 0.45 * size), width * 0.8, ink)
    else:
        canvas.polygon(kind_points(data.BATTLESHIP, (x, y), size - 1), None, ink, width)


def square_of(cell: data.Cell) -> str:
    if cell in data.WHEEL_SQUARES:
        return "wheel"
    if cell in data.MYSTERY_SQUARES:
        return "mystery"
    return "battleship" if cell in data.BATTLESHIP_SQUARES else ""


def pulled_back(start: Point, end: Point, by: float) -> Point:
    """``end`` moved ``by`` towards ``start`` (not past the middle of the two)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return end
    back = min(by, length / 2)
    return (end[0] - dx * back / length, end[1] - dy * back / length)


# --- The whole sea, drawn once at readable size --------------------------------------------
def world_box(cell: data.Cell) -> Box:
    x, y = cell
    return (x * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL)


def world_block(cells: Sequence[data.Cell]) -> Box:
    left, top, right, bottom = block_cells_box(cells)
    return (left * CELL, top * CELL, (right + 1) * CELL, (bottom + 1) * CELL)


@layer_cache(maxsize=1)
def sea_layer() -> Image.Image:
    """The whole sea at the window's scale: water, grid, the islands' sand, the garrison
    dots and the special squares (no owners, no pawns); windows are cut from it."""
    side = CELL * data.SIZE
    canvas = Canvas(side, side, SEA, scale=SUPERSAMPLE, final_text=True)
    for index in range(data.SIZE + 1):
        offset = index * CELL
        canvas.line([(offset, 0), (offset, side)], SEA_LINE, 1)
        canvas.line([(0, offset), (side, offset)], SEA_LINE, 1)
    for island, cells in data.ISLAND_CELLS.items():
        box = world_block(cells)
        canvas.rect((box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4), SAND, SAND_EDGE, 3, 16)
        left, top, right, _ = world_box(data.GARRISONS[island])
        canvas.circle((right - 9, top + 9), 6, GARRISON_DOT)
    for cell in sorted(data.SPECIAL_SQUARES):
        left, top, right, bottom = world_box(cell)
        centre = ((left + right) / 2, (top + bottom) / 2)
        draw_square_mark(canvas, square_of(cell), centre, SPECIAL_INK)
    return canvas.finish()


class SeaWindow:
    """A ``WINDOW`` x ``WINDOW`` part of the sea from ``corner`` (its top-left cell), drawn on
    its own canvas (what goes past its edges is cut) for a picture to paste."""

    def __init__(
        self, corner: data.Cell, view: FireshipPublicView, labels: Mapping[str, str]
    ) -> None:
        self.corner = corner
        self.view = view
        self.labels = labels
        left, top = corner[0] * CELL, corner[1] * CELL
        crop = sea_layer().crop((left, top, left + WINDOW_SIZE, top + WINDOW_SIZE))
        self.canvas = Canvas(WINDOW_SIZE, WINDOW_SIZE, base=crop, own_base=True)

    # -- where things are on this window's canvas
    def box(self, cell: data.Cell) -> Box:
        x, y = cell[0] - self.corner[0], cell[1] - self.corner[1]
        return (x * CELL, y * CELL, (x + 1) * CELL, (y + 1) * CELL)

    def centre(self, cell: data.Cell) -> Point:
        left, top, right, bottom = self.box(cell)
        return ((left + right) / 2, (top + bottom) / 2)

    def block(self, cells: Sequence[data.Cell]) -> Box:
        left, top, right, bottom = block_cells_box(cells)
        return (*self.box((left, top))[:2], *self.box((right, bottom))[2:])

    def shows(self, cell: data.Cell) -> bool:
        return (
            self.corner[0] <= cell[0] < self.corner[0] + WINDOW
            and self.corner[1] <= cell[1] < self.corner[1] + WINDOW
        )

    def shows_block(self, cells: Sequence[data.Cell]) -> bool:
        return any(self.shows(cell) for cell in cells)

    def point(self, place: str) -> Point | None:
        where = place_cells(place)
        if where is None:
            return None
        return ((where[0] - self.corner[0]) * CELL, (where[1] - self.corner[1]) * CELL)

    def letter(self, seat: int) -> str:
        return self.labels.get(letter_key(seat), "")

    # -- drawing
    def draw(
        self,
        reach: Sequence[ReachSpot] = (),
        marked: str | None = None,
        trail: bool = True,
    ) -> Image.Image:
        """The window with everything on it; ``reach``: a pawn's cells (the pawn ``marked``
        ringed) instead of the turn's arrows when ``trail`` is off."""
        self.draw_islands()
        self.draw_homes()
        self.draw_whirlpools()
        self.draw_reach(reach)
        self.draw_pawns()
        if trail:
            self.draw_trail()
        if marked is not None:
            self.mark_pawn(marked)
        return self.canvas.finish()

    def draw_islands(self) -> None:
        canvas = self.canvas
        for island in self.view["islands"]:
            number = int(island["id"][1:])
            cells = data.ISLAND_CELLS[number]
            if not self.shows_block(cells):
                continue
            owner = island["owner"]
            box = self.block(cells)
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            canvas.text((x - 22, y + 18), str(number), BIG_NUMBER, INK, "mm")
            canvas.line([(x + 2, y + 34), (x + 2, y - 32)], INK, 3)
            flag = (x + 2, y - 32, x + 38, y - 6)
            canvas.rect(flag, colour_of(owner), INK, 2, 2)
            canvas.text((x + 20, y - 19), self.letter(owner), WORD, INK, "mm")

    def draw_homes(self) -> None:
        at_home: dict[int, dict[str, int]] = {}
        for pawn in self.view["pawns"]:
            if pawn["cell"] == "home":
                kinds = at_home.setdefault(pawn["seat"], {})
                kinds[pawn["kind"]] = kinds.get(pawn["kind"], 0) + 1
        players = self.view["players"]
        canvas = self.canvas
        for seat, cells in enumerate(data.HOME_BLOCKS):
            if not self.shows_block(cells):
                continue
            left, top, right, bottom = self.block(cells)
            inner = (left + 3, top + 3, right - 3, bottom - 3)
            if seat >= players:
                canvas.rect(inner, SURFACE, INK, 2, 10)
                continue
            out = self.view["seats"][seat]["out"]
            fill = mix(colour_of(seat), SURFACE, 0.8 if out else 0.55)
            ink = readable_ink(fill)
            canvas.rect(inner, fill, colour_of(seat), 3, 10)
            # Four quarters: the owner's letter, then boats, planes and battleships waiting,
            # each a pawn and its count side by side.
            half = (right - left) / 2
            quarters = [
                (left + half * (q % 2) + half / 2, top + half * (q // 2) + half / 2)
                for q in range(4)
            ]
            canvas.text(quarters[0], self.letter(seat), BIG_NUMBER, ink, "mm")
            counts = at_home.get(seat, {})
            for kind, (qx, qy) in zip(data.KINDS, quarters[1:], strict=True):
                if counts.get(kind):
                    draw_pawn(canvas, (qx - 10, qy), seat, kind, HOME_ICON)
                    canvas.text((qx + 1, qy), str(counts[kind]), NUMBER, ink, "lm")

    def draw_whirlpools(self) -> None:
        for whirlpool in self.view["whirlpools"]:
            cell = data.parse_cell(whirlpool["cell"])
            if cell is None:
                continue
            x, y = self.centre(cell)
            ink = colour_of(whirlpool["seat"])
            spiral = [
                (
                    x + (2 + step * 0.66) * math.cos(step * 0.45),
                    y + (2 + step * 0.66) * math.sin(step * 0.45),
                )
                for step in range(28)
            ]
            self.canvas.line(spiral, ink, 3)
            reach = data.WHIRLPOOL_REACH * CELL + CELL / 2
            self.canvas.rect((x - reach, y - reach, x + reach, y + reach), None, ink, 2, 6)

    def draw_pawns(self) -> None:
        canvas = self.canvas
        for pawn in self.view["pawns"]:
            cell = data.parse_cell(pawn["cell"])
            if cell is None or not self.shows(cell):
                continue
            letter = self.letter(pawn["seat"])
            centre, radius = self.centre(cell), TOKEN
            square = square_of(cell)
            if square:  # the mark, small, beside a smaller pawn
                left, top, right, bottom = self.box(cell)
                canvas.rect((left + 1, top + 1, right - 1, bottom - 1), SEA, None, 0, 0)
                draw_square_mark(canvas, square, (left + 10, top + 10), SPECIAL_INK, 7, 1.5)
                centre = (centre[0] + CORNER_SHIFT[0], centre[1] + CORNER_SHIFT[1])
                radius = CORNER_TOKEN
            draw_pawn(canvas, centre, pawn["seat"], pawn["kind"], radius, letter)

    def draw_trail(self) -> None:
        for step in trail_of(self.view):
            start = self.point(step["from"])
            end = self.point(step["to"])
            if start is None or end is None or start == end:
                continue
            # The arrow stops at the pawn or island it points to, never over its letter; an
            # attack also starts at its leader's edge (a moved pawn has left its start).
            island = step["to"].startswith("island:")
            tip = pulled_back(start, end, CELL if island else TOKEN)
            if step["kind"] == "move":
                ink = colour_of(step["seat"])
                self.canvas.arrow([start, tip], INK, 8, 20)
                self.canvas.arrow([start, tip], ink, 4, 16)
            else:
                leader = step["from"].startswith("island:")
                tail = pulled_back(tip, start, CELL if leader else TOKEN)
                # An island's result mark goes on its sand, clear of its flag and number.
                mark = (end[0] - 22, end[1] - 20) if island else (end[0], end[1] - 24)
                self.draw_attack(tail, tip, mark, step.get("result", ""))

    def draw_attack(self, start: Point, tip: Point, mark: Point, result: str) -> None:
        """An attack's white arrow, and its result at ``mark``: a star (won), a bar
        (cancelled by a Non) or a ring (missed or repelled)."""
        self.canvas.arrow([start, tip], INK, 9, 22)
        self.canvas.arrow([start, tip], ATTACK_INK, 5, 18)
        x, y = mark
        if result == "won":
            self.canvas.shape("star", (x, y), 12, HIGHLIGHT, INK, 2)
        elif result == "cancelled":
            self.canvas.rect((x - 12, y - 5, x + 12, y + 5), VERMILLION, INK, 2)
        else:
            self.canvas.circle((x, y), 10, None, ATTACK_INK, 3)

    def draw_reach(self, spots: Sequence[ReachSpot]) -> None:
        """The cells a pawn can reach, each with its cost; a special square keeps its mark
        (small, up left) and shows its cost down right."""
        canvas = self.canvas
        for spot in spots:
            cell = data.parse_cell(spot["cell"])
            if cell is None or not self.shows(cell):
                continue
            left, top, right, bottom = self.box(cell)
            canvas.rect((left + 2, top + 2, right - 2, bottom - 2), REACH_FILL, HIGHLIGHT, 2, 4)
            square = square_of(cell)
            if square:
                draw_square_mark(canvas, square, (left + 13, top + 13), TEXT, 9)
                canvas.text((right - 4, bottom - 3), str(spot["cost"]), NUMBER, TEXT, "rd")
            else:
                canvas.text(
                    ((left + right) / 2, (top + bottom) / 2), str(spot["cost"]), NUMBER, TEXT, "mm"
                )

    def mark_pawn(self, pawn_id: str) -> None:
        pawn = next((p for p in self.view["pawns"] if p["id"] == pawn_id), None)
        if pawn is None:
            return
        cell = data.parse_cell(pawn["cell"])
        if cell is not None:
            self.canvas.circle(self.centre(cell), TOKEN + 7, None, HIGHLIGHT, 4)
        elif 0 <= pawn["seat"] < len(data.HOME_BLOCKS):
            box = self.block(data.HOME_BLOCKS[pawn["seat"]])
            self.canvas.rect(box, None, HIGHLIGHT, 5, 12)


# --- The overview --------------------------------------------------------------------------
def overview_box(cell: data.Cell) -> Box:
    x, y = cell
    return (x * OVERVIEW_CELL, y * OVERVIEW_CELL, (x + 1) * OVERVIEW_CELL, (y + 1) * OVERVIEW_CELL)


def overview_block(cells: Sequence[data.Cell]) -> Box:
    left, top, right, bottom = block_cells_box(cells)
    return (
        left * OVERVIEW_CELL,
        top * OVERVIEW_CELL,
        (right + 1) * OVERVIEW_CELL,
        (bottom + 1) * OVERVIEW_CELL,
    )


def overview_point(place: str) -> Point | None:
    where = place_cells(place)
    return None if where is None else (where[0] * OVERVIEW_CELL, where[1] * OVERVIEW_CELL)


@layer_cache(maxsize=1)
def overview_layer() -> Image.Image:
    """The whole sea small: water, the islands' sand, a dot on each special square."""
    canvas = Canvas(OVERVIEW_SIZE, OVERVIEW_SIZE, SEA, scale=SUPERSAMPLE)
    for cells in data.ISLAND_CELLS.values():
        box = overview_block(cells)
        canvas.rect((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1), SAND, SAND_EDGE, 1, 5)
    for cell in sorted(data.SPECIAL_SQUARES):
        left, top, right, bottom = overview_box(cell)
        canvas.circle(((left + right) / 2, (top + bottom) / 2), 2, SPECIAL_INK)
    return canvas.finish()


def draw_overview(
    view: FireshipPublicView,
    corner: data.Cell,
    reach: Sequence[ReachSpot] = (),
    marked: str | None = None,
) -> Image.Image:
    """The whole sea without a word, the window from ``corner`` framed; ``reach``: a pawn's
    cells tinted (the pawn ``marked`` ringed) instead of the turn's moves."""
    canvas = Canvas(OVERVIEW_SIZE, OVERVIEW_SIZE, base=overview_layer())
    for spot in reach:
        cell = data.parse_cell(spot["cell"])
        if cell is not None:
            canvas.rect(overview_box(cell), OVERVIEW_REACH, None, 0, 0)
    for island in view["islands"]:
        box = overview_block(data.ISLAND_CELLS[int(island["id"][1:])])
        x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        canvas.rect((x - 7, y - 7, x + 8, y + 4), colour_of(island["owner"]), INK, 1.5, 1)
    players = view["players"]
    for seat, cells in enumerate(data.HOME_BLOCKS):
        box = overview_block(cells)
        fill = colour_of(seat) if seat < players else SURFACE
        canvas.rect((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1), fill, INK, 1.5, 4)
    for whirlpool in view["whirlpools"]:
        point = overview_point(whirlpool["cell"])
        if point is not None:
            canvas.circle(point, OVERVIEW_CELL * 1.4, None, colour_of(whirlpool["seat"]), 2)
    if not reach:
        for step in trail_of(view):
            if step["kind"] != "move":
                continue
            start, end = overview_point(step["from"]), overview_point(step["to"])
            if start is not None and end is not None and start != end:
                canvas.line([start, end], colour_of(step["seat"]), 2)
    for pawn in view["pawns"]:
        draw_overview_pawn(canvas, pawn)
    if marked is not None:
        ringed = next((p for p in view["pawns"] if p["id"] == marked), None)
        point = None if ringed is None else overview_point(place_of(ringed))
        if point is not None:
            canvas.circle(point, OVERVIEW_CELL, None, HIGHLIGHT, 2.5)
    left, top = corner[0] * OVERVIEW_CELL, corner[1] * OVERVIEW_CELL
    side = WINDOW * OVERVIEW_CELL
    canvas.rect((left + 1.5, top + 1.5, left + side - 1.5, top + side - 1.5), None, HIGHLIGHT, 3, 3)
    return canvas.finish()


def draw_overview_pawn(canvas: Canvas, pawn: PawnRecord) -> None:
    cell = data.parse_cell(pawn["cell"])
    if cell is None:
        return
    left, top, right, bottom = overview_box(cell)
    centre = ((left + right) / 2, (top + bottom) / 2)
    canvas.circle(centre, OVERVIEW_CELL * 0.42, colour_of(pawn["seat"]), INK, 1.5)
