"""The English words of the Ruship board (keys documented in ``renderers.ruship``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

LABEL_DEFAULTS: Final[Mapping[str, str]] = {
    "title": "Ruship",
    "humanity": "Humanity",
    "alien": "Alien",
    "player_0": "",
    "player_1": "",
    "earth": "Earth",
    "alien_planet": "Alien planet",
    "mothership_short": "MS",
    "vortex_short": "VX",
    "status_roll": "{player} to roll",
    "status_move": "{player} to move",
    "status_power": "{player}: pick a Power",
    "status_won": "{player} wins!",
    "your_turn": "Your turn",
    "winner": "Winner",
    "reserve": "Reserve",
    "powers": "Powers",
    "no_powers": "none yet",
    "dice": "Dice",
    "to_roll": "to roll",
    "rerolled": "rerolled",
    "start_roll": "Start roll",
    "plays_first": "Plays first",
    "power_reroll": "Reroll",
    "power_plusone": "Plus one",
    "power_single": "Single die",
    "power_backward": "Backward",
    "power_stack": "Stack",
    "power_legend": "What each Power does (for the rest of the game)",
    "help_reroll": "once per turn, right after rolling, reroll one die; the new value stands.",
    "help_plusone": "any die may count 1 more; a die showing 1 still moves the carrier.",
    "help_single": "before rolling, roll one die only: one move, capturing every lone enemy "
    "token it flies over.",
    "help_backward": "any die may move a token back toward your own planet (never onto or "
    "past it).",
    "help_stack": "two of your tokens may share a space; such a pair cannot be captured.",
}
