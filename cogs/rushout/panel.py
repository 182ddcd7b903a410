"""The buttons of a Rush Out! controller, laid out for real time: few at once, each one
quick to find, none pointless.

In play, the first row is the last throw, one toggle per die: pick dice, then a card those
dice fit together (the second row). With no die picked, the second row offers each card
once, for every die that fits it. The third row holds throw, recall, check, gold and Done;
turning dice (scrolls, the Bard), swapping and faculties go in a fourth row, or behind
"More…" when they are many. Which dice are picked is the panel's step (``d:0S,2P``: die 0
shows a Sword, die 2 a Step), carried by the buttons and kept while others play
(``Presenter.live_panel``); a step naming dice the seat no longer holds is simply dropped.
A spell's choice owed by the sorcerer fills the panel alone, card by card when its
choices are many. Actions a die turned to no use would be (``me["idle"]``) are not offered.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.rushout.views import MeView, PlacementView, RushOutSeatView
from bot.i18n import Tr
from cogs._presenter import PanelChoice, PanelLayout
from cogs.rushout.words import icons, target_name

#: Buttons in a row, rows in a message (Discord's limits).
ROW, MAX_ROWS = 5, 5
#: Cards offered at once for all the dice that fit them, when no die is picked.
QUICK_PLACEMENTS = 4
#: A spell's choices shown at once before they are grouped card by card.
CHOICES_AT_ONCE = 10
#: The actions of the third row, in this order.
MAIN_VERBS = ("throw", "recall", "check", "spend", "done")
MORE, PUSH_PREFIX, DICE_PREFIX = "more", "push:", "d:"

#: An action's button label.
Label = Callable[[str], str]


def _rows(choices: list[PanelChoice], rows: int = 5) -> list[list[PanelChoice]]:
    return [choices[i : i + ROW] for i in range(0, min(len(choices), rows * ROW), ROW)]


def _buttons(actions: list[str], label: Label) -> list[PanelChoice]:
    return [PanelChoice(label(action), action=action) for action in actions]


def _back(tr: Tr) -> PanelChoice:
    return PanelChoice(tr("panel.back"), step="", style="secondary")


# ---------------------------------------------------------------- the dice picked
def dice_step(picked: dict[int, str]) -> str:
    """The step naming these dice of the throw (index and face each), "" for none."""
    if not picked:
        return ""
    return DICE_PREFIX + ",".join(f"{index}{face}" for index, face in sorted(picked.items()))


def picked_dice(step: str | None, fresh: list[str]) -> dict[int, str]:
    """The dice a step picks, if the seat's throw still shows them (else none)."""
    if not step or not step.startswith(DICE_PREFIX):
        return {}
    picked: dict[int, str] = {}
    for part in step[len(DICE_PREFIX) :].split(","):
        index, face = part[:1], part[1:]
        if not index.isdigit() or int(index) >= len(fresh) or fresh[int(index)] != face:
            return {}
        picked[int(index)] = face
    return picked


def _fits(placement: PlacementView, faces: list[str]) -> bool:
    return sorted(placement["faces"]) == sorted(faces)


def _quick(placements: list[PlacementView]) -> list[PlacementView]:
    """Each card once, for as many dice as fit it (the first such placement)."""
    best: dict[str, PlacementView] = {}
    for placement in placements:
        shown = best.get(placement["target"])
        if shown is None or len(placement["faces"]) > len(shown["faces"]):
            best[placement["target"]] = placement
    return list(best.values())[:QUICK_PLACEMENTS]


def _dice_rows(
    me: MeView, placements: list[PlacementView], step: str | None, label: Label, tr: Tr
) -> tuple[list[str], list[list[PanelChoice]]]:
    """The throw's toggles and the placements of the dice picked (or the quick ones)."""
    fresh = me["fresh"]
    if not placements:
        return [], []
    picked = picked_dice(step, fresh)
    usable = {face for placement in placements for face in placement["faces"]}
    toggles = []
    for index, face in enumerate(fresh):
        chosen = index in picked
        others = {i: f for i, f in picked.items() if i != index}
        toggles.append(
            PanelChoice(
                icons([face]) + (" ✓" if chosen else ""),
                step=dice_step(others if chosen else {**picked, index: face}),
                style="success" if chosen else "secondary",
                disabled=face not in usable and not chosen,
            )
        )
    if picked:
        faces = list(picked.values())
        fitting = [p for p in placements if _fits(p, faces)]
        prompt = "rushout.panel.chosen" if fitting else "rushout.panel.no_fit"
        lines = [tr(prompt, dice=icons(faces))]
    else:
        fitting = _quick(placements)
        lines = [tr("rushout.panel.pick")]
    return lines, [toggles, *_rows(_buttons([p["action"] for p in fitting], label))]


# ---------------------------------------------------------------- the panel
def play_layout(
    view: RushOutSeatView, me: MeView, actions: list[str], step: str | None, label: Label, tr: Tr
) -> PanelLayout:
    offered = [action for action in actions if action not in me["idle"]]
    choices = [action for action in offered if action in me["choices"]]
    if choices:
        return _choice_layout(view, choices, step, label, tr)
    main = [action for action in MAIN_VERBS if action in offered]
    placements = [p for p in me["placements"] if p["action"] in offered]
    placing = {p["action"] for p in placements}
    side = [a for a in offered if a not in main and a not in placing]  # turning dice...
    if step == MORE and side:
        return PanelLayout([], [*_rows(_buttons(side, label), 4), [_back(tr)]])
    lines, dice_rows = _dice_rows(me, placements, step, label, tr)
    main_row = _buttons(main, label)
    more = PanelChoice(tr("rushout.panel.more"), step=MORE, style="secondary")
    side_rows = [_buttons(side, label)] if 0 < len(side) <= ROW else [[more]] if side else []
    room = MAX_ROWS - 1 - len(side_rows) - (1 if main_row else 0)  # rows left for placements
    if len(dice_rows) - 1 > room and side_rows and len(main_row) < ROW:
        main_row, side_rows = [*main_row, more], []  # many placements: the rest goes behind
    if dice_rows:
        toggles, *placing_rows = dice_rows
        buttons = [choice for row in placing_rows for choice in row]
        dice_rows = [toggles, *_rows(buttons, MAX_ROWS - 1 - len(side_rows) - 1)]
    rows = [*dice_rows, main_row, *side_rows]
    return PanelLayout(lines, [row for row in rows if row])


def _choice_layout(
    view: RushOutSeatView, choices: list[str], step: str | None, label: Label, tr: Tr
) -> PanelLayout:
    """A spell's choice: all of it when it fits, else card by card (pushing one die)."""
    if len(choices) <= CHOICES_AT_ONCE:
        return PanelLayout([], _rows(_buttons(choices, label)))
    cards: dict[str, list[str]] = {}
    for choice in choices:
        words = choice.split(" ")
        cards.setdefault(words[1] if len(words) > 1 else "", []).append(choice)
    if step and step.startswith(PUSH_PREFIX) and step[len(PUSH_PREFIX) :] in cards:
        shown = cards[step[len(PUSH_PREFIX) :]]
        return PanelLayout([], [*_rows(_buttons(shown, label), 4), [_back(tr)]])
    groups = [
        PanelChoice(
            tr("rushout.panel.push_from", target=target_name(card, view, tr), count=len(shown)),
            step=PUSH_PREFIX + card,
        )
        if len(shown) > 1
        else PanelChoice(label(shown[0]), action=shown[0])
        for card, shown in cards.items()
    ]
    return PanelLayout([], _rows(groups))


def market_layout(actions: list[str], label: Label) -> PanelLayout:
    return PanelLayout([], _rows(_buttons(actions, label)))
