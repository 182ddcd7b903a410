"""The picture of one view: ``RushipBoard`` draws it over the cached static layer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from PIL import Image

from bot.games.ruship.views import Faction, MoveRecord, Phase, RushipPublicView
from renderers.base import (
    BACKGROUND,
    HIGHLIGHT,
    OUTLINE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Canvas,
    Point,
    Shape,
    fill_label,
    merge_labels,
    mix,
    status_pill,
    with_alpha,
)
from renderers.ruship.labels import LABEL_DEFAULTS
from renderers.ruship.layout import (
    ARROW_STOP,
    ATTACKS_TO_LOSE,
    BAND_ROWS,
    CAPTION_WIDTH,
    DIE_GAP,
    DIE_SIZE,
    FACTION_COLOURS,
    FACTION_GLYPHS,
    FACTIONS,
    HEADING_SIZE,
    HEADING_TOKEN,
    HEIGHT,
    HIGHLIGHT_MARGIN,
    INSET,
    LEGEND_TOKEN,
    MARGIN,
    MARK_RADIUS,
    MINI_TOKEN,
    NAME_SIZE,
    NUMBER_SIZE,
    ORDER_BADGE_RADIUS,
    PAIR_OFFSET,
    PAIR_RAISE,
    PAIR_SIZE,
    PAIR_STAGGER,
    PATH_ALPHA,
    PLANET_ARROW_STOP,
    PLANET_OF,
    POWER_NAME_WIDTH,
    POWER_NAMES,
    RESERVE_STEP,
    SHIP_HEIGHT,
    START_ROLLS_SHOWN,
    STATUS_Y,
    TEXT_SIZE,
    TITLE_SIZE,
    TITLE_Y,
    TOKENS_PER_SIDE,
    TRACK_SPACES,
    WIDTH,
    arrow_tip,
    attack_mark_centre,
    band_box,
    band_text_left,
    band_text_right,
    clamp_position,
    dice_box,
    legend_box,
    path_points,
    power_row_box,
    space_box,
    space_centre,
)
from renderers.ruship.pieces import draw_capture_mark, draw_mothership, draw_token, draw_vortex
from renderers.ruship.static import STATIC_LABEL_KEYS, static_layer

PILL_GLYPH_ROOM = 76  # what a status pill adds around its text: its glyph and padding
CHIP_ROOM = 24  # what a chip adds around its text


# --- The picture -----------------------------------------------------------------------------
class RushipBoard:
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def __init__(self, view: RushipPublicView, labels: Mapping[str, str] | None) -> None:
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
            self.draw_band(seat)
        self.draw_dice()
        self.draw_power_names()
        return self.canvas.finish()

    def is_opening(self) -> bool:
        """The board right after the start roll, before anyone rolled."""
        return any(event.get("type") == "start" for event in self.view.get("events", []))

    def player(self, seat: int) -> str:
        return self.labels.get(f"player_{seat}") or self.labels[FACTIONS[seat]]

    def power_name(self, name: str) -> str:
        return self.labels.get(f"power_{name}", name)

    # -- header
    def status(self) -> tuple[str, str, int]:
        """The header line's template, the player it names, and the seat it is about."""
        if self.winners:
            seat = self.winners[0]
            return self.labels["status_won"], self.player(seat), seat
        phase: Phase | None = self.view.get("phase")
        if phase == "power" and self.to_act:
            seat = self.to_act[0]
            return self.labels["status_power"], self.player(seat), seat
        seat = self.view.get("turn") or 0
        key = "status_roll" if phase == "roll" else "status_move"
        return self.labels[key], self.player(seat), seat

    def draw_header(self) -> None:
        canvas = self.canvas
        left, right = MARGIN + INSET, WIDTH - MARGIN - INSET
        canvas.fitted_text(
            (left, TITLE_Y), self.labels["title"], right - left, TITLE_SIZE, TEXT, "lm"
        )
        template, name, seat = self.status()
        faction = FACTIONS[seat]
        glyph: Shape = "star" if self.winners else FACTION_GLYPHS[faction]
        room = right - left - PILL_GLYPH_ROOM
        # A long name is shortened, never the sentence around it.
        sentence = canvas.text_width(fill_label(template, player=""), TEXT_SIZE)
        name = canvas.clip_text(name, room - sentence, TEXT_SIZE)
        text = fill_label(template, player=name)
        status_pill(canvas, (left, STATUS_Y), text, FACTION_COLOURS[faction], glyph, right - left)

    # -- board
    def draw_attacks(self) -> None:
        attacks = self.view.get("attacks", {})
        for faction, position in PLANET_OF.items():
            for slot in range(min(ATTACKS_TO_LOSE, int(attacks.get(faction, 0)))):
                draw_capture_mark(self.canvas, attack_mark_centre(position, slot), MARK_RADIUS)

    def shown_moves(self) -> list[MoveRecord]:
        """This turn's moves, or the last turn's while this one has none yet."""
        return list(self.view.get("moves_this_turn") or self.view.get("last_turn_moves") or [])

    def carrier_position(self, seat: int) -> int:
        if FACTIONS[seat] == "humanity":
            return int(self.view.get("mothership", 1))
        return int(self.view.get("vortex", TRACK_SPACES))

    def move_start(self, move: MoveRecord) -> int:
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
        mothership: int | None = self.view.get("mothership")
        vortex: int | None = self.view.get("vortex")
        carriers = (
            (mothership, "mothership_short", draw_mothership),
            (vortex, "vortex_short", draw_vortex),
        )
        for position, mark, draw in carriers:
            if isinstance(position, int) and 1 <= position <= TRACK_SPACES:
                draw(self.canvas, space_centre(position), self.labels[mark])
        tokens = self.view.get("tokens", {})
        for faction in FACTIONS:
            for position, count in sorted(Counter(tokens.get(faction, [])).items()):
                if 1 <= position <= TRACK_SPACES:
                    self.draw_stack(faction, position, count)

    def draw_stack(self, faction: Faction, position: int, count: int) -> None:
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
            (x, bottom - 20), f"×{count}", NUMBER_SIZE, WHITE, BACKGROUND, None, "centre"
        )

    def draw_move_order(self) -> None:
        """Number the landings when a turn made several moves, so their order reads."""
        moves = self.shown_moves()
        if len(moves) < 2:
            return
        for order, move in enumerate(moves, start=1):
            end = clamp_position(int(move["to"]))
            left, _, _, bottom = space_box(end)
            if end in PLANET_OF.values():  # the planet's name runs along its bottom
                x, y = space_centre(end)
                centre = (x + (1 if end == 0 else -1) * 34, y + 38)
            else:
                centre = (left + ORDER_BADGE_RADIUS + 4, bottom - ORDER_BADGE_RADIUS - 4)
            self.canvas.circle(centre, ORDER_BADGE_RADIUS, HIGHLIGHT, BACKGROUND, 2)
            self.canvas.text(centre, str(order), NUMBER_SIZE, BACKGROUND, "mm")

    def draw_captures(self) -> None:
        for move in self.shown_moves():
            for position in move.get("captured", []):
                _, top, right, _ = space_box(clamp_position(int(position)))
                draw_capture_mark(self.canvas, (right - 18, top + 20), 15)

    # -- a side's band
    def draw_band(self, seat: int) -> None:
        canvas = self.canvas
        faction = FACTIONS[seat]
        colour = FACTION_COLOURS[faction]
        box = band_box(seat)
        top = box[1]
        left, right = band_text_left(seat), band_text_right(seat)
        won = seat in self.winners
        active = won or (not self.winners and seat in self.to_act)
        if active:
            canvas.rect(box, None, colour, 4, 14)
        title_y = top + BAND_ROWS[0]
        draw_token(canvas, faction, (left + HEADING_TOKEN / 2, title_y), HEADING_TOKEN)
        tag_left = right
        if active:
            tag_text = "★ " + self.labels["winner"] if won else self.labels["your_turn"]
            if not won and self.is_opening():
                tag_text = "▶ " + self.labels["plays_first"]
            tag_fill = HIGHLIGHT if won else colour
            tag_text = canvas.clip_text(tag_text, (right - left) / 2, NAME_SIZE)
            tag = canvas.chip((right, title_y), tag_text, NAME_SIZE, tag_fill, align="right")
            tag_left = tag[0]
        name_left = left + HEADING_TOKEN + 12
        canvas.fitted_text(
            (name_left, title_y),
            self.labels[faction],
            tag_left - name_left - 12,
            HEADING_SIZE,
            TEXT,
            "lm",
            min_size=TEXT_SIZE,
        )
        player = self.labels.get(f"player_{seat}", "")
        if player:
            canvas.fitted_text(
                (left, top + BAND_ROWS[1]),
                player,
                right - left,
                NAME_SIZE,
                TEXT,
                "lm",
                bold=False,
                min_size=TEXT_SIZE,
            )
        self.draw_reserve(faction, (left, top + BAND_ROWS[2]))
        self.draw_powers_taken(faction, (left, top + BAND_ROWS[3]), right)

    def caption(self, at: Point, key: str) -> float:
        """A small caption left of a band's row; returns where the row's content starts."""
        width = self.canvas.fitted_text(
            at, self.labels[key], CAPTION_WIDTH, TEXT_SIZE, TEXT_MUTED, "lm", min_size=TEXT_SIZE
        )
        return at[0] + max(width + 16, CAPTION_WIDTH)

    def draw_reserve(self, faction: Faction, at: Point) -> None:
        canvas = self.canvas
        x, y = self.caption(at, "reserve"), at[1]
        reserve = int(self.view.get("reserve", {}).get(faction, 0))
        canvas.text((x, y), str(reserve), HEADING_SIZE, TEXT, "lm")
        x += 36
        for slot in range(TOKENS_PER_SIDE):
            centre = (x + slot * RESERVE_STEP + RESERVE_STEP / 2, y)
            if slot < reserve:
                draw_token(canvas, faction, centre, MINI_TOKEN)
            else:
                canvas.circle(centre, 6, OUTLINE)

    def draw_powers_taken(self, faction: Faction, at: Point, right: float) -> None:
        canvas = self.canvas
        x, y = self.caption(at, "powers"), at[1]
        taken = [str(name) for name in self.view.get("powers", {}).get(faction, [])]
        if not taken:
            canvas.fitted_text(
                (x, y),
                self.labels["no_powers"],
                right - x,
                TEXT_SIZE,
                TEXT_MUTED,
                "lm",
                bold=False,
                min_size=TEXT_SIZE,
            )
            return
        colour = FACTION_COLOURS[faction]
        names = [self.power_name(name) for name in taken]
        canvas.chip_flow(
            (x, y), names, right, TEXT_SIZE, mix(colour, BACKGROUND, 0.7), TEXT, colour
        )

    # -- dice
    def dice_left(self) -> float:
        """Where the dice start: after the box's caption (drawn in the static layer)."""
        width = self.canvas.text_width(self.labels["dice"], TEXT_SIZE)
        return dice_box()[0] + INSET + min(width, 110) + 24

    def draw_dice(self) -> None:
        canvas = self.canvas
        _, top, _, bottom = dice_box()
        middle = (top + bottom) / 2
        dice = [int(d) for d in self.view.get("dice", [])]
        used = [bool(u) for u in self.view.get("dice_used", [])]
        plus = [bool(p) for p in self.view.get("plus_one_used", [])]
        x, die_top = self.dice_left(), middle - DIE_SIZE / 2
        if not dice:
            self.draw_no_dice(x, die_top)
            return
        for index, value in enumerate(dice):
            spent = index < len(used) and used[index]
            canvas.die((x, die_top, x + DIE_SIZE, die_top + DIE_SIZE), value, dimmed=spent)
            x += DIE_SIZE
            if index < len(plus) and plus[index]:  # this die was used at face + 1
                chip = canvas.chip((x + 6, middle), "+1", NUMBER_SIZE, HIGHLIGHT)
                x = chip[2]
            x += DIE_GAP
        rerolled: bool = self.view.get("reroll_used", False)
        if rerolled:
            canvas.chip(
                (x, middle), "↻ " + self.labels["rerolled"], TEXT_SIZE, SURFACE_RAISED, TEXT
            )

    def draw_no_dice(self, x: float, top: float) -> None:
        """Before the roll: the opening roll-off on a fresh board, else two blank dice."""
        canvas = self.canvas
        right = dice_box()[2] - INSET
        rolls = self.view.get("start_rolls") or []
        if rolls and self.is_opening():  # only on the opening board, never again mid-game
            self.draw_start_rolls(x, top + DIE_SIZE / 2, rolls[-START_ROLLS_SHOWN:])
            return
        for _ in range(2):
            die_box = (x, top, x + DIE_SIZE, top + DIE_SIZE)
            canvas.rect(die_box, None, OUTLINE, 2, DIE_SIZE * 0.18)
            canvas.text_in_box(die_box, "?", HEADING_SIZE, TEXT_MUTED)
            x += DIE_SIZE + DIE_GAP
        canvas.fitted_text(
            (x, top + DIE_SIZE / 2),
            self.labels["to_roll"],
            right - x,
            NAME_SIZE,
            TEXT_MUTED,
            "lm",
            min_size=TEXT_SIZE,
        )

    def draw_start_rolls(self, x: float, y: float, rolls: list[list[int]]) -> float:
        """The roll-off for first player, each die beside its side's token; returns where
        the text after it may start."""
        canvas = self.canvas
        width = canvas.text_width(self.labels["start_roll"], TEXT_SIZE, bold=False)
        canvas.text((x, y), self.labels["start_roll"], TEXT_SIZE, TEXT_MUTED, "lm", False)
        x += width + 16
        for roll in rolls:
            for faction, value in zip(FACTIONS, roll, strict=False):
                draw_token(canvas, faction, (x + 16, y), 34)
                canvas.text((x + 36, y), str(value), HEADING_SIZE, TEXT, "lm")
                x += 64
            x += 16
        return x + 6

    # -- the legend's names
    def draw_power_names(self) -> None:
        """Each Power's name in the legend, in its holder's colour after its holder's token;
        the Powers still in the pool stay plain."""
        canvas = self.canvas
        owners = {
            str(name): faction
            for faction in FACTIONS
            for name in self.view.get("powers", {}).get(faction, [])
        }
        left = legend_box()[0] + INSET
        for name in POWER_NAMES:
            _, top, _, bottom = power_row_box(name)
            middle = (top + bottom) / 2
            x = left + LEGEND_TOKEN + 8
            room = left + POWER_NAME_WIDTH - INSET - 8 - x - CHIP_ROOM
            text = canvas.clip_text(self.power_name(name), room, TEXT_SIZE)
            owner = owners.get(name)
            if owner is None:
                canvas.chip((x, middle), text, TEXT_SIZE, SURFACE_RAISED, TEXT, OUTLINE)
                continue
            colour = FACTION_COLOURS[owner]
            draw_token(canvas, owner, (left + LEGEND_TOKEN / 2, middle), LEGEND_TOKEN)
            canvas.chip((x, middle), text, TEXT_SIZE, mix(colour, BACKGROUND, 0.7), TEXT, colour)
