"""The Bug Race board picture, drawn from the public view (``GAME.view(state, None)``).

Drawn for a phone first: portrait, 800 px wide, every word at least 18 px and every number
at least 22 px (9 and 11 pt once Discord shows it 400 points wide). From the top: the
header (the game, the draw pile and discard, the round's status), the players (each name
whole on its own line, after its seat's glyph, with what the player is doing), the race,
and a legend of the leg markers.

Every bug's track stands upright side by side, the start at the bottom and the apple at the
top, headed by its seat's glyph. A bug is a capsule over its three body rows, its seat's
glyph on its back and its eyes at the front. Its six legs sit in the slots either side: the
side tells left from right, and each leg marker carries its letter and a shape of its own
(H a square, M a circle, F an arrowhead pointing forward), so no leg is told apart by colour
alone. Under each track: the cards played this round face up (a small bug whose shown legs
are thick and light) and the cards still in hand face down.

Label keys (English defaults in ``LABEL_DEFAULTS``; the Discord layer may override any):

- ``title``: the game's name in the header. ``player_0`` .. ``player_3``: the players' names;
  when one is missing ``player`` stands in, with ``{number}`` (seat + 1).
- ``status_draft`` (``{round}``, ``{direction}``), ``status_play`` (``{round}``),
  ``status_won`` (``{player}``, a name too long is shortened, never the sentence),
  ``status_shared`` (the winners are starred in the players' panel): the header line.
- ``pass_right``, ``pass_left``, ``pass_swap``: the draft's direction.
- ``choosing``, ``chosen``, ``playing``, ``waiting``: a player's state this round.
- ``place_1`` .. ``place_4``: the finishing places. ``finished``: a bug past the line.
- ``start``, ``finish``: the lines. ``left_short``, ``right_short``: the side columns' heads.
- ``draw_pile``, ``discard`` (``{count}``): the header's counts. ``hind_short``,
  ``middle_short``, ``front_short``: the letters on the leg markers; ``hind``, ``middle``,
  ``front``: what they stand for, in the legend.
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
    encode_png,
    fill_label,
    layer_cache,
    merge_labels,
    mix,
    readable_ink,
    seat_colour,
    seat_shape,
    shape_points,
    status_pill,
    stored_palette,
)

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Bug Race",
    "player": "Player {number}",
    "status_draft": "Round {round} · draft, {direction}",
    "status_play": "Round {round} · play",
    "status_won": "{player} wins!",
    "status_shared": "Shared win! ★ marks the winners",
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
    "hind_short": "H",
    "middle_short": "M",
    "front_short": "F",
    "hind": "hind",
    "middle": "middle",
    "front": "front",
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
LEGEND_MARKER: Final = mix(SURFACE_RAISED, WHITE, 0.55)

# --- Text sizes (logical pixels; half of each is its size in points on a phone) -----------
TEXT_SIZE: Final = 18  # the smallest word: 9 pt on a phone
NAME_SIZE: Final = 22
ROW_NUMBER_SIZE: Final = 26  # numbers need 22 (11 pt)
TITLE_SIZE: Final = 36

# --- Layout (logical pixels) ---------------------------------------------------------------
WIDTH: Final = 800
MARGIN: Final = 16
GAP: Final = 12
INSET: Final = 16
HEADER_TOP: Final = MARGIN
HEADER_HEIGHT: Final = 120
TITLE_Y: Final = HEADER_TOP + 32
STATUS_Y: Final = HEADER_TOP + 86
PLAYERS_TOP: Final = HEADER_TOP + HEADER_HEIGHT + GAP
PLAYER_ROW: Final = 44
PLAYERS_PAD: Final = 8
AXIS_WIDTH: Final = 84  # row numbers and the lines' names
TRACK_GAP: Final = 10
MAX_TRACK_WIDTH: Final = 330
HEAD_HEIGHT: Final = 50  # each track's seat glyph
APPLE_ROOM: Final = 58
ROW_HEIGHT: Final = 56
START_ROOM: Final = 34
CARDS_HEIGHT: Final = 110
FOOTER_HEIGHT: Final = 56
BODY_SHARE: Final = 0.36  # of a track's width
MAX_BODY_WIDTH: Final = 84  # a wide track (two players) keeps a slender bug

LEG_RADIUS: Final = 20
LEG_LINE: Final = 7
BODY_INSET: Final = 6
EYE_RADIUS: Final = 6
GLYPH_RADIUS: Final = 17
HEAD_GLYPH_RADIUS: Final = 17
PLAYER_GLYPH_RADIUS: Final = 14
CARD_WIDTH: Final = 68
CARD_HEIGHT: Final = 92
CARD_MARKER_RADIUS: Final = 10
CARD_GAP: Final = 8
CURRENT_OUTLINE: Final = 4
ACTING_OUTLINE: Final = 4
#: The most cards a track shows in a round (the expert variant's four).
MAX_CARD_SLOTS: Final = 4
PILL_GLYPH_ROOM: Final = 76  # what a status pill adds around its text: its glyph and padding
LEGEND_MARKER_RADIUS: Final = 15

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


class Layout:
    """Where everything goes for a number of players (and the expert variant's cards)."""

    def __init__(self, players: int, expert: bool) -> None:
        self.players = players
        self.card_lines = card_lines(players, expert)
        self.players_box: Box = (
            MARGIN,
            PLAYERS_TOP,
            WIDTH - MARGIN,
            PLAYERS_TOP + 2 * PLAYERS_PAD + players * PLAYER_ROW,
        )
        self.panel_top = self.players_box[3] + GAP
        self.rows_top = self.panel_top + HEAD_HEIGHT + APPLE_ROOM
        self.rows_bottom = self.rows_top + ROWS * ROW_HEIGHT
        self.cards_top = self.rows_bottom + START_ROOM
        extra = (self.card_lines - 1) * (CARD_HEIGHT + CARD_GAP)
        self.panel_bottom = self.cards_top + CARDS_HEIGHT + extra
        self.footer_box: Box = (
            MARGIN,
            self.panel_bottom + GAP,
            WIDTH - MARGIN,
            self.panel_bottom + GAP + FOOTER_HEIGHT,
        )
        self.height = round(self.footer_box[3] + MARGIN)
        width = track_width(players)
        left = axis_left(players) + AXIS_WIDTH
        self.track_boxes: list[Box] = [
            (
                left + seat * (width + TRACK_GAP),
                self.panel_top,
                left + seat * (width + TRACK_GAP) + width,
                self.panel_bottom,
            )
            for seat in range(players)
        ]

    def row_top(self, row: int) -> float:
        """The top of ``row`` (1 at the bottom, 9 at the top)."""
        return self.rows_bottom - row * ROW_HEIGHT

    def row_middle(self, row: int) -> float:
        return self.row_top(row) + ROW_HEIGHT / 2

    def player_middle(self, seat: int) -> float:
        return PLAYERS_TOP + PLAYERS_PAD + (seat + 0.5) * PLAYER_ROW


@lru_cache(maxsize=8)
def layout(players: int, expert: bool) -> Layout:
    return Layout(players, expert)


def picture_height(players: int, expert: bool) -> int:
    return layout(players, expert).height


def columns(box: Box) -> tuple[float, float, float, float]:
    """x of the left slots' middle, the body's left and right, the right slots' middle."""
    left, _, right, _ = box
    body = min((right - left) * BODY_SHARE, MAX_BODY_WIDTH)
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
    canvas: Canvas,
    position: str,
    centre: Point,
    fill: Colour,
    letter: str | None = None,
    radius: float = LEG_RADIUS,
) -> None:
    ink = readable_ink(fill)
    x, y = centre
    reach = radius * 1.35

    def draw(target: Canvas, corner: Point) -> None:
        middle = (corner[0] + reach, corner[1] + reach)
        if position == "M":
            target.circle(middle, radius * 1.08, fill, BLACK, 2)
        else:
            outlined_polygon(
                target, leg_marker_points(position, middle, radius * 0.92), fill, BLACK, 2
            )

    canvas.sprite(
        ("leg", position, fill, radius), (x - reach, y - reach, x + reach, y + reach), draw
    )
    canvas.fitted_text(
        (x, y + (3 if position == "F" else 0)),
        letter or position,
        radius * 1.8,
        TEXT_SIZE,
        ink,
        "mm",
        min_size=TEXT_SIZE,
    )


def draw_bug(
    canvas: Canvas,
    box: Box,
    seat: int,
    bug: BugView,
    at: Layout,
    letters: Mapping[str, str] | None = None,
) -> None:
    """The bug on its track; ``letters`` name the leg positions (H, M, F in English)."""
    letters = letters or {}
    colour = seat_colour(seat)
    left_slot, body_left, body_right, right_slot = columns(box)
    tail = bug["tail"]
    legs = bug["legs"]
    top = at.row_top(tail + BODY_LENGTH - 1) + BODY_INSET
    bottom = at.row_top(tail) + ROW_HEIGHT - BODY_INSET
    attach = {position: at.row_middle(tail + offset) for offset, position in enumerate(POSITIONS)}
    for leg, row in legs.items():
        side, position = leg[0], leg[1]
        edge = body_left + 4 if side == "L" else body_right - 4
        slot = left_slot if side == "L" else right_slot
        canvas.line([(edge, attach[position]), (slot, at.row_middle(row))], BLACK, LEG_LINE + 4)
        canvas.line([(edge, attach[position]), (slot, at.row_middle(row))], colour, LEG_LINE)
    width = body_right - body_left
    canvas.rect((body_left, top, body_right, bottom), colour, BLACK, 3, width / 2)
    middle_x = (body_left + body_right) / 2
    for dx in (-width * 0.2, width * 0.2):
        canvas.circle((middle_x + dx, top + width * 0.32), EYE_RADIUS, WHITE, BLACK, 2)
    canvas.shape(seat_shape(seat), (middle_x, (top + bottom) / 2 + 8), GLYPH_RADIUS, BLACK)
    for leg, row in legs.items():
        slot = left_slot if leg[0] == "L" else right_slot
        draw_leg_marker(canvas, leg[1], (slot, at.row_middle(row)), colour, letters.get(leg[1]))


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
STATIC_LABEL_KEYS: Final = (
    "start",
    "finish",
    "left_short",
    "right_short",
    "hind_short",
    "middle_short",
    "front_short",
    "hind",
    "middle",
    "front",
)


@layer_cache(maxsize=16)
def static_layer(players: int, words: tuple[str, ...], expert: bool = False) -> Image.Image:
    """Everything no move changes: the panels, the axis, the tracks, the lines, the apples,
    the legend (final size)."""
    labels = dict(zip(STATIC_LABEL_KEYS, words, strict=True))
    at = layout(players, expert)
    canvas = Canvas(WIDTH, at.height, scale=SUPERSAMPLE, final_text=True)
    canvas.panel((MARGIN, HEADER_TOP, WIDTH - MARGIN, HEADER_TOP + HEADER_HEIGHT))
    canvas.panel(at.players_box)
    draw_axis(canvas, axis_left(players) + AXIS_WIDTH / 2, at, labels)
    for box in at.track_boxes:
        draw_track(canvas, box, at, labels)
    canvas.panel(at.footer_box)
    draw_legend(canvas, at.footer_box, labels)
    return canvas.finish()


def draw_axis(canvas: Canvas, x: float, at: Layout, labels: Mapping[str, str]) -> None:
    for row in range(1, ROWS + 1):
        canvas.text((x, at.row_middle(row)), str(row), ROW_NUMBER_SIZE, TEXT_MUTED, "mm")
    room = AXIS_WIDTH - 4
    finish_y = at.row_top(FINISH_TAIL - 1)
    canvas.fitted_text(
        (x, finish_y), labels["finish"], room, TEXT_SIZE, TEXT, "mm", min_size=TEXT_SIZE
    )
    canvas.fitted_text(
        (x, at.rows_bottom + START_ROOM / 2),
        labels["start"],
        room,
        TEXT_SIZE,
        TEXT,
        "mm",
        min_size=TEXT_SIZE,
    )


def draw_track(canvas: Canvas, box: Box, at: Layout, labels: Mapping[str, str]) -> None:
    left, top, right, _ = box
    canvas.panel(box)
    top_row, finish = at.row_top(ROWS), at.row_top(FINISH_TAIL - 1)
    canvas.rect((left + 2, top_row, right - 2, finish), FINISHED_ROWS)
    left_slot, body_left, body_right, right_slot = columns(box)
    canvas.rect((body_left, top_row, body_right, at.rows_bottom), mix(SURFACE, BLACK, 0.25))
    for row in range(ROWS + 1):
        y = at.rows_bottom - row * ROW_HEIGHT
        canvas.line([(left + 8, y), (right - 8, y)], ROW_LINE, 2)
    for x, word in ((left_slot, labels["left_short"]), (right_slot, labels["right_short"])):
        canvas.text((x, top_row - 18), word, TEXT_SIZE, TEXT_MUTED, "mm")
    draw_checkered_line(canvas, left + 2, right - 2, finish)
    canvas.line([(left + 8, at.rows_bottom), (right - 8, at.rows_bottom)], TEXT, 4)
    draw_apple(canvas, ((left + right) / 2, top_row - APPLE_ROOM / 2 + 2), 18)
    canvas.line([(left + 10, top + HEAD_HEIGHT), (right - 10, top + HEAD_HEIGHT)], ROW_LINE, 2)


def draw_checkered_line(canvas: Canvas, left: float, right: float, y: float) -> None:
    square = (right - left) / (CHECKER_SQUARES * 2)
    for index in range(CHECKER_SQUARES * 2):
        for lane in (0, 1):
            fill = WHITE if (index + lane) % 2 == 0 else BLACK
            x = left + index * square
            canvas.rect((x, y - square + lane * square, x + square, y + lane * square), fill)


def draw_legend(canvas: Canvas, box: Box, labels: Mapping[str, str]) -> None:
    """The three leg markers, each with its letter and the word it stands for, centred."""
    left, top, right, bottom = box
    middle = (top + bottom) / 2
    marker = 2 * LEGEND_MARKER_RADIUS + 10
    widths = [canvas.text_width(labels[POSITION_LABELS[p]], TEXT_SIZE, False) for p in POSITIONS]
    spacing = 36
    total = sum(widths) + len(POSITIONS) * marker + (len(POSITIONS) - 1) * spacing
    x = max(left + INSET, (left + right - total) / 2)
    for position, width in zip(POSITIONS, widths, strict=True):
        centre = (x + LEGEND_MARKER_RADIUS, middle + (2 if position == "F" else 0))
        letter = labels[f"{POSITION_LABELS[position]}_short"]
        draw_leg_marker(canvas, position, centre, LEGEND_MARKER, letter, LEGEND_MARKER_RADIUS + 2)
        x += marker
        canvas.text((x, middle), labels[POSITION_LABELS[position]], TEXT_SIZE, TEXT, "lm", False)
        x += width + spacing


# --- The picture ---------------------------------------------------------------------------
class BugRaceBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: BugRacePublicView, labels: Mapping[str, str] | None) -> None:
        self.view = view
        self.labels = merge_labels(LABEL_DEFAULTS, labels)
        self.bugs: list[BugView] = list(view["bugs"])
        static = tuple(self.labels[key] for key in STATIC_LABEL_KEYS)
        players, expert = len(self.bugs), view["expert"]
        self.at = layout(players, expert)
        self.canvas = Canvas(WIDTH, self.at.height, base=static_layer(players, static, expert))
        outcome = view["outcome"]
        self.winners: list[int] = list(outcome["winners"]) if outcome else []

    def draw(self) -> Image.Image:
        self.draw_header()
        letters = {p: self.labels[f"{POSITION_LABELS[p]}_short"] for p in POSITIONS}
        for seat, bug in enumerate(self.bugs):
            self.draw_player(seat, bug)
            self.draw_head(seat, bug)
            draw_bug(self.canvas, self.at.track_boxes[seat], seat, bug, self.at, letters)
            self.draw_cards(seat, bug)
        return self.canvas.finish()

    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or fill_label(
            self.labels["player"], number=seat + 1
        )

    # -- header
    def status(self, room: float) -> tuple[str, Colour]:
        """The header line (names shortened to fit ``room``, never the sentence)."""
        canvas = self.canvas
        if self.winners:
            colour = seat_colour(self.winners[0])
            if len(self.winners) > 1:  # the players' panel stars each winner's whole name
                return self.labels["status_shared"], colour
            template = self.labels["status_won"]
            fixed = canvas.text_width(fill_label(template, player=""), TEXT_SIZE)
            name = canvas.clip_text(self.player(self.winners[0]), room - fixed, TEXT_SIZE)
            return fill_label(template, player=name), colour
        round_ = self.view["round"]
        if self.view["phase"] == "draft":
            direction = self.labels[f"pass_{self.view['pass_direction']}"]
            return fill_label(
                self.labels["status_draft"], round=round_, direction=direction
            ), ACTING
        return fill_label(self.labels["status_play"], round=round_), ACTING

    def draw_header(self) -> None:
        canvas = self.canvas
        left, right = MARGIN + INSET, WIDTH - MARGIN - INSET
        counts = " · ".join(
            (
                fill_label(self.labels["draw_pile"], count=self.view["draw_count"]),
                fill_label(self.labels["discard"], count=self.view["discard_count"]),
            )
        )
        counts_width = canvas.fitted_text(
            (right, TITLE_Y),
            counts,
            (right - left) * 0.55,
            TEXT_SIZE + 2,
            TEXT_MUTED,
            "rm",
            min_size=TEXT_SIZE,
        )
        canvas.fitted_text(
            (left, TITLE_Y),
            self.labels["title"],
            right - left - counts_width - 24,
            TITLE_SIZE,
            TEXT,
            "lm",
            min_size=TEXT_SIZE,
        )
        text, accent = self.status(right - left - PILL_GLYPH_ROOM)
        glyph: Shape | None = "star" if self.winners else None
        status_pill(canvas, (left, STATUS_Y), text, accent, glyph, right - left)

    # -- the players
    def seat_state(self, seat: int, bug: BugView) -> tuple[str, bool]:
        """The word after a player's name and whether they still have to act."""
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

    def draw_player(self, seat: int, bug: BugView) -> None:
        """A line of the players' panel: the seat's glyph, the whole name, the state."""
        canvas = self.canvas
        left, _, right, _ = self.at.players_box
        y = self.at.player_middle(seat)
        colour = seat_colour(seat)
        glyph_x = left + INSET + PLAYER_GLYPH_RADIUS
        outlined_shape(canvas, seat_shape(seat), (glyph_x, y), PLAYER_GLYPH_RADIUS, colour, BLACK)
        name_left = glyph_x + PLAYER_GLYPH_RADIUS + 14
        chip_right = right - INSET
        word, acting = self.seat_state(seat, bug)
        if word:
            winner = seat in self.winners
            fill = ACTING if acting or winner else SURFACE_RAISED
            text = ("★ " if winner else "") + word
            text = canvas.clip_text(text, (right - left) * 0.3, NAME_SIZE - 2)
            chip = canvas.chip((chip_right, y), text, NAME_SIZE - 2, fill, align="right")
            chip_right = chip[0]
        canvas.fitted_text(
            (name_left, y),
            self.player(seat),
            chip_right - name_left - 12,
            NAME_SIZE,
            TEXT,
            "lm",
            min_size=TEXT_SIZE,
        )

    # -- the race
    def draw_head(self, seat: int, bug: BugView) -> None:
        """A track's head: its seat's colour and glyph, framed with the apple and the L/R
        letters while its player must act.

        Only the head is framed, not the whole track: when a player is done, the picture
        changes in a few rows rather than down the whole board (each changed row is mapped
        and compressed again), and the players' panel says who is still playing."""
        canvas = self.canvas
        left, top, right, _ = self.at.track_boxes[seat]
        colour = seat_colour(seat)
        canvas.rect((left, top, right, top + 10), colour, None, 0, 5)
        centre = ((left + right) / 2, top + 10 + (HEAD_HEIGHT - 10) / 2)
        outlined_shape(canvas, seat_shape(seat), centre, HEAD_GLYPH_RADIUS, colour, BLACK)
        if self.seat_state(seat, bug)[1]:
            canvas.rect((left, top, right, self.at.rows_top), None, ACTING, ACTING_OUTLINE, 14)

    def draw_cards(self, seat: int, bug: BugView) -> None:
        left, _, right, _ = self.at.track_boxes[seat]
        played: list[CardFace] = list(bug["played"])
        backs = bug["hand_count"]
        slots = len(played) + backs
        if not slots:
            return
        per_line = -(-slots // self.at.card_lines) if slots > 2 else slots
        width = min(CARD_WIDTH, (right - left - 16 - (per_line - 1) * CARD_GAP) / per_line)
        first_top = self.at.cards_top + (CARDS_HEIGHT - CARD_HEIGHT) / 2 - 6
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
