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
    STRIP_ROW,
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
        mode = self.mode_name()
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

    def play_text(self) -> str:
        """Live, or the pulse and the time it has left."""
        if self.view["play"] != "pulse":
            return self.labels["live"]
        pulse = self.clock["pulse"] or 1
        ends, now = self.clock["pulse_ends_at"], self.clock["now"]
        if ends is None or self.view["phase"] != "play":
            return fill_label(self.labels["pulse"], pulse=pulse)
        return fill_label(
            self.labels["pulse_left"],
            pulse=pulse,
            time=minutes_text(float(ends) - float(now), self.labels),
        )

    def draw_strip(self) -> None:
        """First line: the play (live, or the pulse) or why the game ended, and the
        trophies; second line (modes that have them): souls, lives and gold."""
        canvas = self.canvas
        box = self.geometry.strip_box
        left, top, right_, bottom = box
        canvas.rect(box, SURFACE, None, 0, min(STRIP_ROW, bottom - top) / 2)
        y = top + 3 + STRIP_ROW / 2
        x: float = left + 14
        right = right_ - 14
        trophies = self.view["trophies"]
        room = right - x - (self.trophies_width() + 16 if trophies else 0)
        if self.reason:
            reason = self.reason.removeprefix("trophies_")
            text = "★ " + self.word(f"reason_{reason}", reason)
            x += canvas.fitted_text((x, y), text, room, TextSize.BODY, HIGHLIGHT, "lm") + 16
        else:
            text = canvas.clip_text(self.play_text(), room - 24, TextSize.SMALL)
            chip = canvas.chip((x - 4, y), text, TextSize.SMALL, SURFACE_RAISED, TEXT)
            x = chip[2] + 16
        if trophies:
            self.draw_trophies(x, y, trophies)
        if self.geometry.strip_rows < 2:
            return
        x, y = left + 14, y + STRIP_ROW
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

    def trophies_width(self) -> float:
        """The trophies' width with their caption."""
        return (
            self.canvas.text_width(self.labels["trophies"], TextSize.SMALL)
            + 8
            + 2 * (18 + 21 * data.TROPHIES_TO_WIN + 10)
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
