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
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    TEXT_MUTED,
    WHITE,
    Canvas,
    Point,
    Shape,
    TextSize,
    fill_label,
    header_strip,
    merge_labels,
    mix,
    with_alpha,
)
from renderers.ruship.labels import LABEL_DEFAULTS
from renderers.ruship.layout import (
    ARROW_STOP,
    ATTACKS_TO_LOSE,
    CAPTION_INSET,
    CAPTION_WIDTH,
    DICE_TOP,
    DIE_GAP,
    DIE_SIZE,
    FACTION_COLOURS,
    FACTION_GLYPHS,
    FACTIONS,
    HEADER_HEIGHT,
    HEIGHT,
    HIGHLIGHT_MARGIN,
    MARGIN,
    MARK_RADIUS,
    MIN_NAME_ROOM,
    MINI_TOKEN,
    ORDER_BADGE_RADIUS,
    PAIR_OFFSET,
    PAIR_RAISE,
    PAIR_SIZE,
    PAIR_STAGGER,
    PATH_ALPHA,
    PLANET_ARROW_STOP,
    PLANET_OF,
    POOL_LINE_HEIGHT,
    RESERVE_STEP,
    SHIP_HEIGHT,
    START_ROLLS_SHOWN,
    TOKENS_PER_SIDE,
    TRACK_SPACES,
    WIDTH,
    arrow_tip,
    attack_mark_centre,
    clamp_position,
    faction_panel_box,
    footer_box,
    path_points,
    space_box,
    space_centre,
)
from renderers.ruship.pieces import draw_capture_mark, draw_mothership, draw_token, draw_vortex
from renderers.ruship.static import STATIC_LABEL_KEYS, static_layer


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
        phase: Phase | None = self.view.get("phase")
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

    def draw_reserve(self, faction: Faction, at: Point) -> None:
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

    def draw_powers_taken(self, faction: Faction, at: Point, right: float) -> None:
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
        rerolled: bool = self.view.get("reroll_used", False)
        if rerolled:
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
