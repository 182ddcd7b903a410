"""The whole Rush Out! board: every area, drawn in order."""

from __future__ import annotations

from PIL import Image

from renderers.rushout.heroes import HeroPanels
from renderers.rushout.market import MarketArea
from renderers.rushout.sorcerer import SorcererSide
from renderers.rushout.strip import HeaderAndStrip
from renderers.rushout.table import HeroesTable


class RushOutBoard(HeaderAndStrip, SorcererSide, HeroesTable, HeroPanels, MarketArea):
    """Draws one view over the cached static layer; a fresh instance per picture."""

    def draw(self) -> Image.Image:
        self.draw_header()
        self.draw_strip()
        self.draw_sorcerer_panel()
        market = self.view["market"]
        if self.view["phase"] == "market" and market:
            self.draw_market(market)
        else:
            for index in range(3):
                self.draw_spell(index)
                self.draw_trial(index)
        self.draw_dragon()
        self.draw_hexes()
        for index, hero in enumerate(self.heroes):
            self.draw_hero(hero, self.geometry.hero_boxes[index])
        return self.canvas.finish()
