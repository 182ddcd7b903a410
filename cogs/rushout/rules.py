"""The /rushout rules: the core rules, then a mode's spells and features, within Discord's
limits."""

from __future__ import annotations

import discord

from bot.games.rushout import data
from bot.i18n import Tr
from cogs.rushout.words import kind_word

#: Mode features, in the order the rules tell them.
FEATURES = ("dragon", "rounds", "gold", "souls", "lives", "experience")
#: Discord's limits for an embed.
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_LIMIT = 1024


# ---------------------------------------------------------------- the rules
def mode_sections(mode_key: str, tr: Tr) -> list[tuple[str, str]]:
    """(title, text) of everything a mode plays with: its spells, then its features."""
    mode = data.MODES[mode_key]
    sections = [
        (f"🔮 {kind_word(kind, tr)}", tr(f"rushout.rules.kind.{kind}")) for kind, _ in mode.spells
    ]
    for feature in FEATURES:
        if getattr(mode, feature):
            sections.append((tr(f"rushout.rules.title.{feature}"), tr(f"rushout.rules.{feature}")))
    return sections


def mode_summary(mode_key: str, tr: Tr) -> str:
    """The mode's header line: its spells, its trials and how each camp wins."""
    mode = data.MODES[mode_key]
    spells = ", ".join(f"{kind_word(kind, tr)} ×{count}" for kind, count in mode.spells)
    trials = ", ".join(kind_word(kind, tr) for kind in mode.trials)
    sorcerer = [tr("rushout.rules.win.last_spell")]
    sorcerer += [tr("rushout.rules.win.dragon")] if mode.dragon else []
    sorcerer += [tr("rushout.rules.win.souls")] if mode.souls else []
    heroes = [tr("rushout.rules.win.last_trial")]
    heroes += [tr("rushout.rules.win.lives")] if mode.lives else []
    return tr(
        "rushout.rules.mode_summary",
        mode=tr(f"rushout.option.mode.{mode_key}"),
        spells=spells,
        trials=trials,
        sorcerer=", ".join(sorcerer),
        heroes=", ".join(heroes),
        end=tr("rushout.rules.win.rounds" if mode.rounds else "rushout.rules.win.one_game"),
    )


def rules_embed(mode_key: str | None, tr: Tr) -> discord.Embed:
    """The rules: the core, then a mode's own rules (or the list of modes)."""
    title = tr("rules.title", game="Rush Out!")
    if mode_key in data.MODES:
        assert mode_key is not None
        description = tr("rushout.rules") + "\n\n" + mode_summary(mode_key, tr)
        sections = mode_sections(mode_key, tr)
        title += " · " + tr(f"rushout.option.mode.{mode_key}")
    else:
        description = tr("rushout.rules") + "\n\n" + tr("rushout.rules.modes")
        sections = []
    embed = discord.Embed(title=title, description=description, colour=discord.Colour.blurple())
    for name, value in sections:
        embed.add_field(name=name, value=value, inline=False)
    return embed
