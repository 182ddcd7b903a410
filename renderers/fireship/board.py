"""The Fireship board, drawn for a phone: a header (the round, whose turn or who won), the
whole sea as an overview beside the turn's dice and the special squares' key, the part of
the sea where the play is at readable size with its rulers (columns A-T across the top, rows
1-20 down the side, as the buttons name squares), and one card per player under it (islands,
number of cards, badges, and a word when it skips its next turn, hides in fog or is out).

The top of the picture (header, overview, key) and the window with its rulers are shared with
the private pictures (``renderers.fireship.private``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from bot.games.fireship import FireshipPublicView, PlayerRecord, ReachSpot, data
from renderers.base import (
    DIE_FACE,
    DIE_INK,
    HIGHLIGHT,
    OUTLINE,
    PANEL_RADIUS,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    Box,
    Canvas,
    Colour,
    Point,
    TextSize,
    fill_label,
    layer_cache,
    mix,
    status_pill,
)
from renderers.base.colours import BLACK
from renderers.base.measure import note_text, unrecorded
from renderers.fireship.labels import cell_words, column_name, player_name
from renderers.fireship.layout import (
    CARD_BADGES_Y,
    CARD_COLUMNS,
    CARD_COUNTS_Y,
    CARD_GAP,
    CARD_HEIGHT,
    CARD_ICON,
    CARD_NAME_Y,
    CARD_PAD,
    CARD_ROW_GAP,
    CARD_WIDTH,
    CELL,
    DIE_SIDE,
    GRID_BOTTOM,
    GRID_LEFT,
    GRID_TOP,
    HEADER_BOTTOM,
    HEADER_STATUS_Y,
    HEADER_TITLE_Y,
    HEADER_TOP,
    INFO_LEFT,
    INFO_PAD,
    INNER_LEFT,
    INNER_RIGHT,
    LEGEND_ICON,
    NUMBER,
    OVERVIEW_BOTTOM,
    OVERVIEW_LEFT,
    OVERVIEW_TOP,
    RULER_HEIGHT,
    RULER_TOP,
    SPECIAL_INK,
    WIDTH,
    WINDOW,
    WINDOW_SIZE,
    WORD,
    board_height,
    colour_of,
)
from renderers.fireship.sea import (
    SeaWindow,
    board_corner,
    draw_overview,
    draw_pawn,
    draw_square_mark,
)

#: A status pill's room for its words (``status_pill`` pads them by 40 px).
PILL_TEXT_ROOM = INNER_RIGHT - INNER_LEFT - 24 - 40 - 36


# --- the header ----------------------------------------------------------------------------
def title_text(view: FireshipPublicView, labels: Mapping[str, str]) -> str:
    """``Fireship · Round 6 of 10``."""
    limit = view["rounds_limit"]
    round_key = "round_limit" if limit else "round"
    shown = min(view["round"], limit) if limit else view["round"]  # old saves went past it
    return f"{labels['title']} · {fill_label(labels[round_key], round=shown, limit=limit)}"


def winners_of(view: FireshipPublicView) -> list[int]:
    outcome = view["outcome"]
    return list(outcome["winners"]) if outcome else []


def status_text(canvas: Canvas, view: FireshipPublicView, labels: Mapping[str, str]) -> str:
    """Whose turn it is, or who won: only the names are ever cut to fit the pill."""
    winners = winners_of(view)
    if winners:
        names = ", ".join(player_name(labels, seat) for seat in winners)
        key = "status_won" if len(winners) == 1 else "status_shared"
    else:
        names = player_name(labels, view["turn"] or 0)
        key = "status_turn"
    text = fill_label(labels[key], player=names, players=names)
    if canvas.text_width(text, WORD) <= PILL_TEXT_ROOM:
        return text
    rest = canvas.text_width(fill_label(labels[key], player="", players=""), WORD)
    names = canvas.clip_text(names, PILL_TEXT_ROOM - rest, WORD)
    return fill_label(labels[key], player=names, players=names)


def draw_header_box(canvas: Canvas, title: str) -> None:
    box = (INNER_LEFT, HEADER_TOP, INNER_RIGHT, HEADER_BOTTOM)
    canvas.rect(box, SURFACE, None, 0, PANEL_RADIUS)
    canvas.fitted_text(
        (INNER_LEFT + 18, HEADER_TOP + HEADER_TITLE_Y),
        title,
        INNER_RIGHT - INNER_LEFT - 36,
        TextSize.HEADING,
        TEXT,
        "lm",
        min_size=NUMBER,
    )


def draw_status_header(canvas: Canvas, view: FireshipPublicView, labels: Mapping[str, str]) -> None:
    draw_header_box(canvas, title_text(view, labels))
    winners = winners_of(view)
    seat = winners[0] if winners else view["turn"] or 0
    status_pill(
        canvas,
        (INNER_LEFT + 12, HEADER_TOP + HEADER_STATUS_Y),
        status_text(canvas, view, labels),
        colour_of(seat),
        "star" if winners else None,
        INNER_RIGHT - INNER_LEFT - 24,
    )


def draw_line_header(canvas: Canvas, title: str, line: str) -> None:
    """A private picture's header: a title and a line under it."""
    draw_header_box(canvas, title)
    canvas.fitted_text(
        (INNER_LEFT + 18, HEADER_TOP + HEADER_STATUS_Y),
        line,
        INNER_RIGHT - INNER_LEFT - 36,
        TextSize.BODY,
        TEXT_MUTED,
        "lm",
    )


# --- the overview and the turn's figures ---------------------------------------------------
def draw_top(
    canvas: Canvas,
    view: FireshipPublicView,
    labels: Mapping[str, str],
    corner: data.Cell,
    reach: Sequence[ReachSpot] = (),
    marked: str | None = None,
) -> None:
    """The overview of the whole sea (the window from ``corner`` framed) and, beside it, the
    dice, the points left and the special squares' key."""
    overview = draw_overview(view, corner, reach, marked)
    canvas.image.paste(overview, (OVERVIEW_LEFT, OVERVIEW_TOP))
    box = (INFO_LEFT, OVERVIEW_TOP, INNER_RIGHT, OVERVIEW_BOTTOM)
    canvas.panel(box, SURFACE, None, 0)
    left, top, right = INFO_LEFT + INFO_PAD, OVERVIEW_TOP, INNER_RIGHT - INFO_PAD
    draw_dice(canvas, view, labels, left, right, top + 34)
    if view["dice"] and not winners_of(view):
        points = fill_label(labels["points"], points=view["points"])
        canvas.fitted_text(
            (left, top + 80), points, right - left, NUMBER, TEXT, "lm", min_size=NUMBER
        )
    fast = [labels[f"fast_{kind}"] for kind in ("plane", "boat") if kind in view["fast"]]
    x: float = left
    for word in fast:
        chip = canvas.chip((x, top + 116), word, WORD, HIGHLIGHT)
        x = chip[2] + 8
    for row, square in enumerate(("wheel", "mystery", "battleship")):
        y = top + 150 + row * 32
        draw_square_mark(canvas, square, (left + LEGEND_ICON, y), SPECIAL_INK, LEGEND_ICON)
        word = labels[f"legend_{square}"]
        room = right - left - 2 * LEGEND_ICON - 12
        canvas.fitted_text((left + 2 * LEGEND_ICON + 12, y), word, room, WORD, TEXT_MUTED, "lm")


def draw_dice(
    canvas: Canvas,
    view: FireshipPublicView,
    labels: Mapping[str, str],
    left: float,
    right: float,
    y: float,
) -> None:
    """``Dice [7] [6] [6] = 19``, or that they are not rolled yet."""
    dice = list(view["dice"])
    if winners_of(view):
        return
    if not dice:
        canvas.fitted_text((left, y), labels["no_dice"], right - left, TextSize.BODY, TEXT, "lm")
        return
    width = canvas.fitted_text((left, y), labels["dice"], 120, TextSize.BODY, TEXT_MUTED, "lm")
    x = left + width + 12
    for value in dice:
        box = (x, y - DIE_SIDE / 2, x + DIE_SIDE, y + DIE_SIDE / 2)
        canvas.rect(box, DIE_FACE, mix(DIE_FACE, BLACK, 0.35), 2, 7)
        canvas.text((x + DIE_SIDE / 2, y), str(value), NUMBER, DIE_INK, "mm")
        x += DIE_SIDE + 8
    canvas.text((x + 4, y), f"= {sum(dice)}", TextSize.LABEL, TEXT, "lm")


# --- the window and its rulers -------------------------------------------------------------
def draw_window(
    canvas: Canvas,
    view: FireshipPublicView,
    labels: Mapping[str, str],
    corner: data.Cell,
    reach: Sequence[ReachSpot] = (),
    marked: str | None = None,
) -> None:
    """The sea from ``corner`` at readable size, with its column letters and row numbers."""
    names = tuple(column_name(labels, column) for column in range(data.SIZE))
    with unrecorded():
        columns, rows = rulers(names)
    for index in range(WINDOW):  # the words the window shows of them
        note_text(names[corner[0] + index], WORD + 2)
        note_text(str(corner[1] + index + 1), NUMBER)
    left, top = corner[0] * CELL, corner[1] * CELL
    canvas.image.paste(
        columns.crop((left, 0, left + WINDOW_SIZE, RULER_HEIGHT)), (GRID_LEFT, RULER_TOP)
    )
    canvas.image.paste(rows.crop((0, top, GRID_LEFT, top + WINDOW_SIZE)), (0, GRID_TOP))
    window = SeaWindow(corner, view, labels)
    picture = window.draw(reach, marked, trail=marked is None)
    canvas.image.paste(picture, (GRID_LEFT, GRID_TOP))


@layer_cache(maxsize=4)
def rulers(columns: tuple[str, ...]) -> tuple[Image.Image, Image.Image]:
    """Every column's letter in a band (the sea's width) and every row's number down the
    board's left edge (the sea's height), on the board's ground: a window's rulers are cut
    from them (the same pixels as writing its 28 words, in two pastes)."""
    side = data.SIZE * CELL
    band = Canvas(side, RULER_HEIGHT)
    edge = Canvas(GRID_LEFT, side)
    for index, column in enumerate(columns):
        middle = index * CELL + CELL / 2
        band.text((middle, RULER_HEIGHT / 2), column, WORD + 2, TEXT_MUTED, "mm")
        edge.text((GRID_LEFT - 10, middle), str(index + 1), NUMBER, TEXT_MUTED, "rm")
    return band.finish(), edge.finish()


def window_cell_box(corner: data.Cell, cell: data.Cell) -> Box:
    """Where ``cell`` is on a picture whose window starts at ``corner`` (it may lie outside
    the window)."""
    left = GRID_LEFT + (cell[0] - corner[0]) * CELL
    top = GRID_TOP + (cell[1] - corner[1]) * CELL
    return (left, top, left + CELL, top + CELL)


def window_span(corner: data.Cell, labels: Mapping[str, str]) -> dict[str, str]:
    """The first and last squares a window shows (``A1``, ``N14``)."""
    last = (corner[0] + WINDOW - 1, corner[1] + WINDOW - 1)
    return {"first": cell_words(labels, corner), "last": cell_words(labels, last)}


# --- the players' cards --------------------------------------------------------------------
def card_box(seat: int) -> Box:
    column, line = seat % CARD_COLUMNS, seat // CARD_COLUMNS
    left = INNER_LEFT + column * (CARD_WIDTH + CARD_GAP)
    top = GRID_BOTTOM + CARD_ROW_GAP + line * (CARD_ROW_GAP + CARD_HEIGHT)
    return (left, top, left + CARD_WIDTH, top + CARD_HEIGHT)


def card_tag(view: FireshipPublicView, labels: Mapping[str, str], info: PlayerRecord) -> str:
    seat = info["seat"]
    winners = winners_of(view)
    if seat in winners:
        return labels["winner_tag"]
    if info["out"]:
        return labels["out"]
    if seat == view["turn"] and not winners:
        return labels["turn_tag"]
    if info["skip"]:
        return labels["skip"]
    return labels["fog"] if info["fog"] else ""


def draw_card(
    canvas: Canvas, view: FireshipPublicView, labels: Mapping[str, str], seat: int
) -> None:
    """A player's card: name and state, islands and cards held, badges. Every word is
    measured: a longer word moves what follows it, nothing is drawn over another."""
    info = view["seats"][seat]
    box = card_box(seat)
    left, top, right, _ = box
    acting = seat == view["turn"] and not winners_of(view)
    canvas.panel(box, SURFACE, HIGHLIGHT if acting else OUTLINE, 4 if acting else 2)
    canvas.rect((left, top, right, top + 8), colour_of(seat), None, 0, 4)
    inner_left, inner_right = left + CARD_PAD, right - CARD_PAD
    y = top + CARD_NAME_Y
    draw_pawn(canvas, (inner_left + CARD_ICON, y), seat, data.BOAT, CARD_ICON)
    name_left = inner_left + 2 * CARD_ICON + 10
    canvas.fitted_text(
        (name_left, y),
        player_name(labels, seat),
        inner_right - name_left,
        TextSize.BODY,
        TEXT,
        "lm",
    )
    tag = card_tag(view, labels, info)
    if tag:  # a tab on the card's top edge, clear of the name
        fill: Colour = (
            HIGHLIGHT if tag in (labels["turn_tag"], labels["winner_tag"]) else SURFACE_RAISED
        )
        outline = None if fill == HIGHLIGHT else OUTLINE
        canvas.chip((right - 12, top + 2), tag, WORD, fill=fill, outline=outline, align="right")
    middle = (inner_left + inner_right) / 2
    y = top + CARD_COUNTS_Y
    counted(canvas, (inner_left, y), labels["islands"], len(info["islands"]), middle - 8)
    canvas.rect((middle, y - 14, middle + 20, y + 14), SURFACE_RAISED, TEXT_MUTED, 2, 3)
    counted(canvas, (middle + 28, y), labels["cards"], info["cards"], inner_right)
    badges = info["badges"]
    for index, kind in enumerate(data.BADGE_KINDS):
        column, row = index % 2, index // 2
        count = badges.get(kind, 0)
        x = inner_left if column == 0 else middle
        end = middle - 8 if column == 0 else inner_right
        ink = TEXT if count else TEXT_MUTED
        counted(canvas, (x, top + CARD_BADGES_Y[row]), labels["badge_" + kind], count, end, ink)


def counted(
    canvas: Canvas, xy: Point, word: str, count: int, right: float, ink: Colour = TEXT
) -> None:
    """``word`` then ``count`` from ``xy`` (middle left), ending before ``right``: the word
    shrinks (not below ``WORD``) to leave the number its ``NUMBER`` size."""
    number = str(count)
    number_width = canvas.text_width(number, NUMBER)
    x, y = xy
    room = right - x - number_width - 8
    width = canvas.fitted_text((x, y), word, room, TextSize.BODY, ink, "lm")
    canvas.text((x + width + 8, y), number, NUMBER, ink, "lm")


# --- the board -----------------------------------------------------------------------------
def board_image(view: FireshipPublicView, labels: Mapping[str, str]) -> Image.Image:
    players = view["players"]
    canvas = Canvas(WIDTH, board_height(players))
    corner = board_corner(view)
    draw_status_header(canvas, view, labels)
    draw_top(canvas, view, labels, corner)
    draw_window(canvas, view, labels, corner)
    for seat in range(players):
        draw_card(canvas, view, labels, seat)
    return canvas.finish()


__all__ = [
    "board_image",
    "draw_line_header",
    "draw_top",
    "draw_window",
    "title_text",
    "window_cell_box",
    "window_span",
]
