"""The header and the score strip of a Rush Out! board."""

from __future__ import annotations

from bot.games.rushout import data
from bot.games.rushout.views import CampCounts
from renderers.base import (
    BLUISH_GREEN,
    HIGHLIGHT,
    SURFACE,
    SURFACE_RAISED,
    TEXT,
    Colour,
    Shape,
    TextSize,
    fill_label,
    header_strip,
)
from renderers.rushout.core import BoardCore, minutes_text
from renderers.rushout.look import (
    HEADER_HEIGHT,
    MARGIN,
    SORCERER_COLOUR,
    SORCERER_SHAPE,
    STRIP_HEIGHT,
    STRIP_TOP,
    WIDTH,
)
from renderers.rushout.pieces import (
    draw_coin,
    draw_glyph,
    draw_life,
    draw_soul,
    draw_trophy,
)


class HeaderAndStrip(BoardCore):
    """The title and status, then play mode, trophies, souls, lives and gold."""

    # -- header and scores
    def status(self) -> tuple[str, Colour, Shape | None]:
        mode = self.view["mode_title"]
        if self.winners:
            sorcerer = self.sorcerer["seat"] in self.winners
            text = self.labels["status_sorcerer" if sorcerer else "status_heroes"]
            return text, SORCERER_COLOUR if sorcerer else BLUISH_GREEN, "star"
        round_ = self.view["round"]
        if self.view["phase"] == "market":
            return fill_label(self.labels["status_market"], round=round_), HIGHLIGHT, None
        if self.view["trophies"] is not None:
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
        trophies = self.view["trophies"]
        if self.reason:
            reason = self.reason.removeprefix("trophies_")
            text = "★ " + self.word(f"reason_{reason}", reason)
            room = right - x - (230 if trophies else 0)
            x += canvas.fitted_text((x, y), text, room, TextSize.BODY, HIGHLIGHT, "lm") + 16
            if trophies:
                self.draw_trophies(x, y, trophies)
            return
        play = self.view["play"]
        if play == "pulse":
            pulse = self.clock["pulse"] or 1
            ends, now = self.clock["pulse_ends_at"], self.clock["now"]
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
        souls = self.view["souls"]
        if souls:
            x = self.draw_tokens(x, y, "souls", souls["taken"], souls["pool"], "soul")
        lives = self.view["lives"]
        if lives is not None:
            x = self.draw_tokens(x, y, "lives", lives, lives, "life")
        gold = self.view["gold"]
        if gold:
            self.draw_counter(
                x,
                y,
                "gold",
                [
                    (BLUISH_GREEN, "square", gold["heroes"], 0, "coin"),
                    (SORCERER_COLOUR, SORCERER_SHAPE, gold["sorcerer"], 0, "coin"),
                ],
            )

    def draw_trophies(self, x: float, y: float, trophies: CampCounts) -> float:
        return self.draw_counter(
            x,
            y,
            "trophies",
            [
                (
                    BLUISH_GREEN,
                    "square",
                    trophies["heroes"],
                    data.TROPHIES_TO_WIN,
                    "trophy",
                ),
                (
                    SORCERER_COLOUR,
                    SORCERER_SHAPE,
                    trophies["sorcerer"],
                    data.TROPHIES_TO_WIN,
                    "trophy",
                ),
            ],
        )

    def counters_width(self) -> float:
        """About how wide the strip's counters are with their captions."""
        view = self.view
        width = 0.0
        for key, content, shown in (
            ("trophies", 150, view["trophies"]),
            ("souls", 90, view["souls"]),
            ("lives", 60, view["lives"]),
            ("gold", 130, view["gold"]),
        ):
            if shown is not None:
                width += content + 8 + self.canvas.text_width(self.labels[key], TextSize.SMALL)
        return width

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
