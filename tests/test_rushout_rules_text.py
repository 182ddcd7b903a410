"""The /rushout rules tell the rulings as the bot plays them, in both languages: Whirlwind's
take-back is the sorcerer's choice, Silence makes the sorcerer discard from his own deck,
and a pulse rations only throws (the heroes throw from its start, Done once a pulse)."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import Tr
from cogs.rushout import rules_embed


def told(embed: discord.Embed) -> str:
    return " ".join([str(embed.description), *(str(field.value) for field in embed.fields)])


@pytest.mark.parametrize(
    ("language", "sentences"),
    [
        (
            "en",
            (
                "the sorcerer chooses which one he takes back",
                "lets the sorcerer discard the top card of his own deck",
                "In live play the heroes wait for the sorcerer's first throw",
                "heroes included from its start",
                "Only throws are counted",
                "(once a pulse)",
            ),
        ),
        (
            "fr",
            (
                "le sorcier choisit celui qu'il reprend",
                "permet au sorcier de défausser la carte du dessus de sa propre pioche",
                "En temps réel, les héros attendent le premier lancer du sorcier",
                "aux héros aussi dès son début",
                "Seuls les lancers sont comptés",
                "(une fois par pulsation)",
            ),
        ),
    ],
)
def test_the_rules_tell_whirlwind_silence_and_pulses_as_ruled(
    language: str, sentences: tuple[str, ...]
) -> None:
    text = told(rules_embed("scenario3", Tr(language)))  # dissipations and curses
    for sentence in sentences:
        assert sentence in text
    assert "costs the heroes" not in text
