"""The Bug Race board picture, drawn from the public view (``GAME.view(state, None)``).

Every bug's track stands upright side by side, the start at the bottom and the apple at the
top. A bug is a capsule over its three body rows, its seat's glyph on its back and its eyes
at the front. Its six legs sit in the slots either side: the side tells left from right, and
each leg marker carries its letter and a shape of its own (H a square, M a circle, F an
arrowhead pointing forward), so no leg is told apart by colour alone. Under each track: the
cards played this round face up (a small bug whose shown legs are thick and light) and the
cards still in hand face down (their number only).

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_3``: the players' names;
  when one is missing ``player`` stands in, with ``{number}`` (seat + 1).
- ``status_draft`` (``{round}``, ``{direction}``), ``status_play`` (``{round}``),
  ``status_won`` (``{player}``), ``status_shared`` (``{players}``): the header line.
- ``pass_right``, ``pass_left``, ``pass_swap``: the draft's direction.
- ``choosing``, ``chosen``, ``playing``, ``waiting``: a player's state this round.
- ``place_1`` .. ``place_4``: the finishing places. ``finished``: a bug past the line.
- ``start``, ``finish``: the lines. ``left_short``, ``right_short``: the side columns' heads.
- ``draw_pile``, ``discard`` (``{count}``), ``legend``: the footer. ``hind_short``,
  ``middle_short``, ``front_short``: the letters on the leg markers (the legend's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final, cast

from PIL import Image

from bot.games.bugrace import (
    BODY_LENGTH,
    FINISH_TAIL,
    POSITIONS,
    ROWS,
    SIDES,
    BugRacePublicView,
    BugView,
    CardFace,
)
from renderers.base import (
    BLACK,
    BLUISH_GREEN,
    HIGHLIGHT,
    OUTLINE,
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
    footer_strip,
    header_strip,
    layer_cache,
    merge_labels,
    mix,
    readable_ink,
    seat_colour,
    seat_shape,
    shape_points,
    stored_palette,
)

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Bug Race",
    "player": "Player {number}",
    "status_draft": "Round {round} · draft, {direction}",
    "status_play": "Round {round} · play",
    "status_won": "{player} wins!",
    "status_shared": "{players} share the win!",
    "pass_right": "pass right →",
    "pass_left": "← pass left",
    "pass_swap": "swap",
    "choosing": "Choosing",
    "chosen": "Chosen",
    "playing": "Playing",
    "waiting": "Done",
    "finished": "Finished",
    "place_1": "1st",
    "place_2": "2nd",
    "place_3": "3rd",
    "place_4": "4th",
    "start": "Start",
    "finish": "Finish",
    "left_short": "L",
    "right_short": "R",
    "draw_pile": "Draw pile {count}",
    "discard": "Discard {count}",
    "legend": "H hind · M middle · F front",
    "hind_short": "H",
    "middle_short": "M",
    "front_short": "F",
}

# --- Look ----------------------------------------------------------------------------------
APPLE: Final = VERMILLION
LEAF: Final = BLUISH_GREEN
SHOWN_LEG: Final = HIGHLIGHT
HIDDEN_LEG: Final = OUTLINE
CARD_FACE: Final = SURFACE_RAISED
ACTING: Final = HIGHLIGHT
CHECKER_SQUARES: Final = 12
ROW_LINE: Final = mix(SURFACE, OUTLINE, 0.45)
FINISHED_ROWS: Final = mix(SURFACE, BLUISH_GREEN, 0.18)

# --- Layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 1100
MARGIN: Final = 20
HEADER_HEIGHT: Final = 76
SECTION_GAP: Final = 16
AXIS_WIDTH: Final = 76  # row numbers and the lines' names
TRACK_GAP: Final = 14
MAX_TRACK_WIDTH: Final = 360
BAND_HEIGHT: Final = 92  # name and state above each track
APPLE_ROOM: Final = 62
ROW_HEIGHT: Final = 58
START_ROOM: Final = 34
CARDS_HEIGHT: Final = 112
FOOTER_HEIGHT: Final = 56
BODY_SHARE: Final = 0.36  # of a track's width
PANEL_TOP: Final = MARGIN + HEADER_HEIGHT + SECTION_GAP
ROWS_TOP: Final = PANEL_TOP + BAND_HEIGHT + APPLE_ROOM
ROWS_BOTTOM: Final = ROWS_TOP + ROWS * ROW_HEIGHT
CARDS_TOP: Final = ROWS_BOTTOM + START_ROOM
PANEL_BOTTOM: Final = CARDS_TOP + CARDS_HEIGHT
FOOTER_TOP: Final = PANEL_BOTTOM + SECTION_GAP
HEIGHT: Final = FOOTER_TOP + FOOTER_HEIGHT + MARGIN

LEG_RADIUS: Final = 19
LEG_LINE: Final = 7
BODY_INSET: Final = 6
EYE_RADIUS: Final = 6
GLYPH_RADIUS: Final = 17
CARD_WIDTH: Final = 68
CARD_HEIGHT: Final = 92
CARD_MARKER_RADIUS: Final = 10
CARD_GAP: Final = 8
CURRENT_OUTLINE: Final = 4
#: The most cards a track shows in a round (the expert variant's four).
MAX_CARD_SLOTS: Final = 4


POSITION_LABELS: Final = {"H": "hind", "M": "middle", "F": "front"}


# --- Geometry ------------------------------------------------------------------------------
def track_width(players: int) -> float:
    room = WIDTH - 2 * MARGIN - AXIS_WIDTH
    return min(MAX_TRACK_WIDTH, (room - (players - 1) * TRACK_GAP) / players)


def axis_left(players: int) -> float:
    """The row axis and the tracks after it are centred as one block."""
    used = AXIS_WIDTH + players * track_width(players) + (players - 1) * TRACK_GAP
    return (WIDTH - used) / 2


def card_lines(players: int, expert: bool) -> int:
    """Cards are shown at full size: on one line, or two when four do not fit."""
    slots = MAX_CARD_SLOTS if expert else 2
    needed = slots * CARD_WIDTH + (slots - 1) * CARD_GAP + 16
    return 1 if needed <= track_width(players) else 2


def extra_height(players: int, expert: bool) -> float:
    """What a second line of cards adds to the picture."""
    return (card_lines(players, expert) - 1) * (CARD_HEIGHT + CARD_GAP)


def picture_height(players: int, expert: bool) -> int:
    return round(HEIGHT + extra_height(players, expert))


def track_boxes(players: int, extra: float = 0.0) -> list[Box]:
    """Each seat's panel, side by side right of the row axis."""
    width = track_width(players)
    left = axis_left(players) + AXIS_WIDTH
    return [
        (
            left + seat * (width + TRACK_GAP),
            PANEL_TOP,
            left + seat * (width + TRACK_GAP) + width,
            PANEL_BOTTOM + extra,
        )
        for seat in range(players)
    ]


def row_top(row: int) -> float:
    """The top of ``row`` (1 at the bottom, 9 at the top)."""
    return ROWS_BOTTOM - row * ROW_HEIGHT


def row_middle(row: int) -> float:
    return row_top(row) + ROW_HEIGHT / 2


def columns(box: Box) -> tuple[float, float, float, float]:
    """x of the left slots' middle, the body's left and right, the right slots' middle."""
    left, _, right, _ = box
    body = (right - left) * BODY_SHARE
    body_left = (left + right - body) / 2
    body_right = body_left + body
    return ((left + body_left) / 2, body_left, body_right, (body_right + right) / 2)


# --- Pieces --------------------------------------------------------------------------------
def outlined_polygon(
    canvas: Canvas, points: Sequence[Point], fill: Colour | None, outline: Colour, width: float
) -> None:
    """A polygon with a thick outline, stroked as a line: Pillow's own thick outline builds a
    mask the size of the whole picture for every polygon, which is slow."""
    if fill is not None:
        canvas.polygon(points, fill)
    canvas.line([*points, points[0]], outline, width)


def outlined_shape(
    canvas: Canvas, shape: Shape, centre: Point, radius: float, fill: Colour, outline: Colour
) -> None:
    if shape == "circle":
        canvas.circle(centre, radius, fill, outline, 2)
    else:
        outlined_polygon(canvas, shape_points(shape, centre, radius), fill, outline, 2)


def leg_marker_points(position: str, centre: Point, radius: float) -> list[Point]:
    """The outline of a leg marker: H a square, F an arrowhead pointing forward (up)."""
    x, y = centre
    if position == "H":
        return [
            (x - radius, y - radius),
            (x + radius, y - radius),
            (x + radius, y + radius),
            (x - radius, y + radius),
        ]
    return [
        (x, y - radius * 1.35),
        (x + radius, y - radius * 0.35),
        (x + radius, y + radius),
        (x - radius, y + radius),
        (x - radius, y - radius * 0.35),
    ]


def draw_leg_marker(
    canvas: Canvas, position: str, centre: Point, fill: Colour, letter: str | None = None
) -> None:
    ink = readable_ink(fill)
    x, y = centre
    reach = LEG_RADIUS * 1.35

    def draw(target: Canvas, corner: Point) -> None:
        middle = (corner[0] + reach, corner[1] + reach)
        if position == "M":
            target.circle(middle, LEG_RADIUS * 1.08, fill, BLACK, 2)
        else:
            outlined_polygon(
                target, leg_marker_points(position, middle, LEG_RADIUS * 0.92), fill, BLACK, 2
            )

    canvas.sprite(("leg", position, fill), (x - reach, y - reach, x + reach, y + reach), draw)
    canvas.fitted_text(
        (x, y + (3 if position == "F" else 0)),
        letter or position,
        LEG_RADIUS * 1.8,
        TextSize.SMALL,
        ink,
        "mm",
    )


def draw_bug(
    canvas: Canvas,
    box: Box,
    seat: int,
    bug: BugView,
    letters: Mapping[str, str] | None = None,
) -> None:
    """The bug on its track; ``letters`` name the leg positions (H, M, F in English)."""
    letters = letters or {}
    colour = seat_colour(seat)
    left_slot, body_left, body_right, right_slot = columns(box)
    tail = bug["tail"]
    legs = bug["legs"]
    top = row_top(tail + BODY_LENGTH - 1) + BODY_INSET
    bottom = row_top(tail) + ROW_HEIGHT - BODY_INSET
    attach = {position: row_middle(tail + offset) for offset, position in enumerate(POSITIONS)}
    for leg, row in legs.items():
        side, position = leg[0], leg[1]
        edge = body_left + 4 if side == "L" else body_right - 4
        slot = left_slot if side == "L" else right_slot
        canvas.line([(edge, attach[position]), (slot, row_middle(row))], BLACK, LEG_LINE + 4)
        canvas.line([(edge, attach[position]), (slot, row_middle(row))], colour, LEG_LINE)
    width = body_right - body_left
    canvas.rect((body_left, top, body_right, bottom), colour, BLACK, 3, width / 2)
    middle_x = (body_left + body_right) / 2
    for dx in (-width * 0.2, width * 0.2):
        canvas.circle((middle_x + dx, top + width * 0.32), EYE_RADIUS, WHITE, BLACK, 2)
    canvas.shape(seat_shape(seat), (middle_x, (top + bottom) / 2 + 8), GLYPH_RADIUS, BLACK)
    for leg, row in legs.items():
        slot = left_slot if leg[0] == "L" else right_slot
        draw_leg_marker(canvas, leg[1], (slot, row_middle(row)), colour, letters.get(leg[1]))


def draw_card_face(
    canvas: Canvas, box: Box, legs: Sequence[str], moved: Sequence[str], current: bool
) -> None:
    """A card as the board's leg slots: shown legs are light markers, the others hollow.

    Legs already moved for the card being played are greyed.
    """
    shown = tuple(sorted(set(legs)))
    greyed = tuple(sorted(set(moved)))

    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        card = (x, y, x + box[2] - box[0], y + box[3] - box[1])
        draw_card_face_now(target, card, shown, greyed, current)

    canvas.sprite(("card", shown, greyed, current), box, draw)


def draw_card_face_now(
    canvas: Canvas, box: Box, legs: Sequence[str], moved: Sequence[str], current: bool
) -> None:
    left, top, right, bottom = box
    outline, width = (HIGHLIGHT, CURRENT_OUTLINE) if current else (OUTLINE, 2)
    canvas.rect(box, CARD_FACE, outline, width, 8)
    x = (left + right) / 2
    step = (bottom - top) / 3.4
    radius = min(CARD_MARKER_RADIUS, (right - left) / 5)
    canvas.rect((x - 4, top + step * 0.5, x + 4, bottom - step * 0.5), TEXT_MUTED, None, 0, 4)
    for index, position in enumerate(reversed(POSITIONS)):
        y = top + step * (0.7 + index)
        for side, direction in zip(SIDES, (-1, 1), strict=True):
            leg = side + position
            centre = (x + direction * (right - left) * 0.27, y + 2)
            if leg in moved:
                draw_card_marker(canvas, position, centre, radius, TEXT_MUTED, SHOWN_LEG)
            elif leg in legs:
                draw_card_marker(canvas, position, centre, radius, SHOWN_LEG, BLACK)
            else:
                draw_card_marker(canvas, position, centre, radius * 0.8, None, HIDDEN_LEG)


def draw_card_marker(
    canvas: Canvas,
    position: str,
    centre: Point,
    radius: float,
    fill: Colour | None,
    outline: Colour,
) -> None:
    if position == "M":
        canvas.circle(centre, radius * 1.08, fill, outline, 2)
    else:
        outlined_polygon(
            canvas, leg_marker_points(position, centre, radius * 0.92), fill, outline, 2
        )


def draw_card_back(canvas: Canvas, box: Box, seat: int) -> None:
    def draw(target: Canvas, corner: Point) -> None:
        x, y = corner
        draw_card_back_now(target, (x, y, x + box[2] - box[0], y + box[3] - box[1]), seat)

    canvas.sprite(("back", seat), box, draw)


def draw_card_back_now(canvas: Canvas, box: Box, seat: int) -> None:
    left, top, right, bottom = box
    colour = mix(seat_colour(seat), SURFACE, 0.55)
    canvas.rect(box, colour, OUTLINE, 2, 8)
    inner = (left + 8, top + 8, right - 8, bottom - 8)
    canvas.rect(inner, None, mix(colour, WHITE, 0.35), 2, 5)
    canvas.shape(
        seat_shape(seat), ((left + right) / 2, (top + bottom) / 2), 9, mix(colour, BLACK, 0.4)
    )


def draw_apple(canvas: Canvas, centre: Point, radius: float) -> None:
    x, y = centre
    canvas.circle((x - radius * 0.35, y), radius * 0.8, APPLE)
    canvas.circle((x + radius * 0.35, y), radius * 0.8, APPLE)
    canvas.line([(x, y - radius * 0.6), (x + 3, y - radius * 1.15)], mix(LEAF, BLACK, 0.5), 4)
    canvas.polygon(
        [
            (x + 4, y - radius * 0.95),
            (x + radius * 0.9, y - radius * 1.35),
            (x + radius * 0.5, y - radius * 0.7),
        ],
        LEAF,
    )


# --- The static layer ----------------------------------------------------------------------
STATIC_LABEL_KEYS: Final = ("start", "finish", "left_short", "right_short")


@layer_cache(maxsize=16)
def static_layer(players: int, words: tuple[str, ...], expert: bool = False) -> Image.Image:
    """Everything no move changes: the axis, the tracks, the lines, the apples (final size)."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    extra = extra_height(players, expert)
    canvas = Canvas(WIDTH, picture_height(players, expert), scale=SUPERSAMPLE, final_text=True)
    draw_axis(canvas, axis_left(players) + AXIS_WIDTH / 2, labels)
    for box in track_boxes(players, extra):
        draw_track(canvas, box, labels)
    return canvas.finish()


def draw_axis(canvas: Canvas, x: float, labels: Mapping[str, str]) -> None:
    for row in range(1, ROWS + 1):
        canvas.text((x, row_middle(row)), str(row), TextSize.LABEL, TEXT_MUTED, "mm")
    finish_y = row_top(FINISH_TAIL - 1)
    canvas.fitted_text((x, finish_y), labels["finish"], AXIS_WIDTH - 4, TextSize.SMALL, TEXT, "mm")
    canvas.fitted_text(
        (x, ROWS_BOTTOM + START_ROOM / 2),
        labels["start"],
        AXIS_WIDTH - 4,
        TextSize.SMALL,
        TEXT,
        "mm",
    )


def draw_track(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    left, _, right, _ = box
    canvas.panel(box)
    canvas.rect((left + 2, row_top(ROWS), right - 2, row_top(FINISH_TAIL - 1)), FINISHED_ROWS)
    left_slot, body_left, body_right, right_slot = columns(box)
    canvas.rect((body_left, row_top(ROWS), body_right, ROWS_BOTTOM), mix(SURFACE, BLACK, 0.25))
    for row in range(ROWS + 1):
        y = ROWS_BOTTOM - row * ROW_HEIGHT
        canvas.line([(left + 8, y), (right - 8, y)], ROW_LINE, 2)
    for x, word in ((left_slot, labels["left_short"]), (right_slot, labels["right_short"])):
        canvas.text((x, row_top(ROWS) - 18), word, TextSize.SMALL, TEXT_MUTED, "mm")
    draw_checkered_line(canvas, left + 2, right - 2, row_top(FINISH_TAIL - 1))
    canvas.line([(left + 8, ROWS_BOTTOM), (right - 8, ROWS_BOTTOM)], TEXT, 4)
    draw_apple(canvas, ((left + right) / 2, row_top(ROWS) - APPLE_ROOM / 2 + 4), 18)


def draw_checkered_line(canvas: Canvas, left: float, right: float, y: float) -> None:
    square = (right - left) / (CHECKER_SQUARES * 2)
    for index in range(CHECKER_SQUARES * 2):
        for lane in (0, 1):
            fill = WHITE if (index + lane) % 2 == 0 else BLACK
            x = left + index * square
            canvas.rect((x, y - square + lane * square, x + square, y + lane * square), fill)


# --- The picture ---------------------------------------------------------------------------
class BugRaceBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: BugRacePublicView, labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.bugs: list[BugView] = list(view["bugs"])
        static = tuple(self.labels[key] for key in STATIC_LABEL_KEYS)
        players, expert = len(self.bugs), view["expert"]
        self.extra = extra_height(players, expert)
        self.card_lines = card_lines(players, expert)
        self.canvas = Canvas(
            WIDTH, picture_height(players, expert), base=static_layer(players, static, expert)
        )
        self.boxes = track_boxes(players, self.extra)
        outcome = view["outcome"]
        self.winners: list[int] = list(outcome["winners"]) if outcome else []

    def draw(self) -> Image.Image:
        self.draw_header()
        for seat, bug in enumerate(self.bugs):
            self.draw_band(seat, bug)
            letters = {p: self.labels[f"{POSITION_LABELS[p]}_short"] for p in POSITIONS}
            draw_bug(self.canvas, self.boxes[seat], seat, bug, letters)
            self.draw_cards(seat, bug)
        self.draw_footer()
        return self.canvas.finish()

    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or fill_label(
            self.labels["player"], number=seat + 1
        )

    def status(self) -> tuple[str, Colour]:
        if self.winners:
            names = ", ".join(self.player(seat) for seat in self.winners)
            if len(self.winners) == 1:
                text = fill_label(self.labels["status_won"], player=names)
            else:
                text = fill_label(self.labels["status_shared"], players=names)
            return text, seat_colour(self.winners[0])
        round_ = self.view["round"]
        if self.view["phase"] == "draft":
            direction = self.labels[f"pass_{self.view['pass_direction']}"]
            return fill_label(
                self.labels["status_draft"], round=round_, direction=direction
            ), ACTING
        return fill_label(self.labels["status_play"], round=round_), ACTING

    def draw_header(self) -> None:
        text, accent = self.status()
        glyph: Shape | None = "star" if self.winners else None
        header_strip(
            self.canvas,
            (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + HEADER_HEIGHT),
            self.labels["title"],
            text,
            accent,
            glyph,
        )

    def seat_state(self, seat: int, bug: BugView) -> tuple[str, bool]:
        """The word under a player's name and whether they still have to act."""
        place = bug["place"]
        if place is not None:
            return self.labels.get(f"place_{place}", str(place)), False
        if self.view["outcome"] is not None:
            return self.labels["finished"] if bug["finished"] else "", False
        if bug["choosing"]:
            return self.labels["choosing"], True
        if bug["playing"]:
            return self.labels["playing"], True
        return self.labels["chosen" if self.view["phase"] == "draft" else "waiting"], False

    def draw_band(self, seat: int, bug: BugView) -> None:
        canvas = self.canvas
        left, top, right, _ = self.boxes[seat]
        colour = seat_colour(seat)
        canvas.rect((left, top, right, top + 10), colour, None, 0, 5)
        outlined_shape(canvas, seat_shape(seat), (left + 26, top + 36), 13, colour, BLACK)
        canvas.fitted_text(
            (left + 48, top + 36), self.player(seat), right - left - 60, TextSize.LABEL, TEXT, "lm"
        )
        word, acting = self.seat_state(seat, bug)
        if not word:
            return
        winner = seat in self.winners
        fill = ACTING if acting or winner else SURFACE_RAISED
        text = ("★ " if winner else "") + word
        canvas.chip(
            (left + 14, top + 72),
            canvas.clip_text(text, right - left - 52, TextSize.SMALL),
            fill=fill,
        )

    def draw_cards(self, seat: int, bug: BugView) -> None:
        left, _, right, _ = self.boxes[seat]
        played: list[CardFace] = list(bug["played"])
        backs = bug["hand_count"]
        slots = len(played) + backs
        if not slots:
            return
        per_line = -(-slots // self.card_lines) if slots > 2 else slots
        width = min(CARD_WIDTH, (right - left - 16 - (per_line - 1) * CARD_GAP) / per_line)
        first_top = CARDS_TOP + (CARDS_HEIGHT - CARD_HEIGHT) / 2 - 6
        boxes: list[Box] = []
        for index in range(slots):
            line, column = divmod(index, per_line)
            in_line = min(per_line, slots - line * per_line)
            used = in_line * width + (in_line - 1) * CARD_GAP
            x = (left + right - used) / 2 + column * (width + CARD_GAP)
            top = first_top + line * (CARD_HEIGHT + CARD_GAP)
            boxes.append((x, top, x + width, top + CARD_HEIGHT))
        for card, box in zip(played, boxes, strict=False):
            current = card["id"] == bug["current"]
            moved = list(bug["moved"]) if current else []
            draw_card_face(self.canvas, box, list(card["legs"]), moved, current)
        for box in boxes[len(played) :]:
            draw_card_back(self.canvas, box, seat)

    def draw_footer(self) -> None:
        counts = " · ".join(
            (
                fill_label(self.labels["draw_pile"], count=self.view["draw_count"]),
                fill_label(self.labels["discard"], count=self.view["discard_count"]),
                self.labels["legend"],
            )
        )
        top = FOOTER_TOP + self.extra
        footer_strip(self.canvas, (MARGIN, top, WIDTH - MARGIN, top + FOOTER_HEIGHT), counts)


def render_image(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> Image.Image:
    """The board as a picture. ``view`` is a ``BugRacePublicView`` (it may come from another
    process as plain JSON): read as one here, once."""
    return BugRaceBoard(cast(BugRacePublicView, view), labels).draw()


def render(view: Mapping[str, Any], labels: Mapping[str, str] | None = None) -> bytes:
    """The board as a PNG, from the public view only."""
    return encode_png(render_image(view, labels), palette=board_palette())


# --- The palette ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def board_palette() -> Palette:
    """The palette every Bug Race board is mapped onto (fixed, so a board's bytes never
    depend on what was drawn before it, and an unchanged part keeps its exact colours)."""
    return stored_palette("bugrace")
