"""The buttons of a Rush Out! controller, laid out for real time: few at once (``BUDGET``),
each one quick to find, none pointless.

In play, the first row is the last throw, one toggle per die: pick dice, then a card those
dice fit together: one button a card (when the dice fit a card in several ways, e.g. a
Joker counting as one symbol or another, the card's button opens its ways; cards past the
budget wait behind "More cards…"). With no die picked, the cards that fit come as
shortcuts, each once for every die that fits it, as many as the budget leaves room for.
Then throw, check and Done; recall, gold, turning dice (scrolls, the Bard), swapping and
faculties follow when they fit, else they wait behind "More…", a page at a time. Which
dice are picked is the panel's step (``d:0S,2P``: die 0 shows a Sword, die 2 a Step;
``d:0J@std04``: their ways onto card std04; ``d:0J@+``: the cards past the budget),
carried by the buttons and kept while others play (``Presenter.live_panel``); a step
naming dice the seat no longer holds is simply dropped. A spell's choice owed by the
sorcerer fills the panel alone, card by card when its choices are many. Actions a die
turned to no use would be (``me["idle"]``) are not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.rushout.views import MeView, PlacementView, RushOutSeatView
from bot.i18n import Tr
from cogs._presenter import PanelChoice, PanelLayout
from cogs.rushout.words import icons, target_name

#: Buttons in a row, rows in a message (Discord's limits).
ROW, MAX_ROWS = 5, 5
#: Buttons a controller shows at once, the dice included ("about 8", the rulings).
BUDGET = 8
#: When dice are picked, the cards they fit may take one button more.
PICKED_BUDGET = BUDGET + 1
#: Cards offered at once for all the dice that fit them, when no die is picked.
QUICK_PLACEMENTS = 4
#: A spell's choices shown at once before they are grouped card by card.
CHOICES_AT_ONCE = BUDGET
#: The actions of the verbs' row, in this order; the kept ones stay when room is short.
MAIN_VERBS = ("throw", "recall", "check", "spend", "done")
KEPT_VERBS = frozenset({"throw", "check", "done"})
MORE, PUSH_PREFIX, DICE_PREFIX, WAYS_MARK = "more", "push:", "d:", "@"
#: After ``WAYS_MARK``: the page of the cards past the budget, for the dice picked.
MORE_CARDS = "+"

#: An action's button label.
Label = Callable[[str], str]


def _rows(choices: list[PanelChoice], rows: int = 5) -> list[list[PanelChoice]]:
    return [choices[i : i + ROW] for i in range(0, min(len(choices), rows * ROW), ROW)]


def _buttons(actions: list[str], label: Label) -> list[PanelChoice]:
    return [PanelChoice(label(action), action=action) for action in actions]


def _back(tr: Tr, step: str = "") -> PanelChoice:
    return PanelChoice(tr("panel.back"), step=step, style="secondary")


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
    for part in step[len(DICE_PREFIX) :].partition(WAYS_MARK)[0].split(","):
        index, face = part[:1], part[1:]
        if not index.isdigit() or int(index) >= len(fresh) or fresh[int(index)] != face:
            return {}
        picked[int(index)] = face
    return picked


def _ways_target(step: str | None) -> str:
    """The card whose ways a step opens (``d:0J@std04`` → ``std04``), else ""."""
    return step.partition(WAYS_MARK)[2] if step and step.startswith(DICE_PREFIX) else ""


def _fits(placement: PlacementView, faces: list[str]) -> bool:
    return sorted(placement["faces"]) == sorted(faces)


def _quick(placements: list[PlacementView], room: int) -> list[PlacementView]:
    """Each card once, for as many dice as fit it (the first such placement)."""
    best: dict[str, PlacementView] = {}
    for placement in placements:
        shown = best.get(placement["target"])
        if shown is None or len(placement["faces"]) > len(shown["faces"]):
            best[placement["target"]] = placement
    return list(best.values())[: max(0, min(room, QUICK_PLACEMENTS))]


def _usable(placements: list[PlacementView]) -> set[str]:
    return {face for placement in placements for face in placement["faces"]}


def _toggles(fresh: list[str], picked: dict[int, str], usable: set[str]) -> list[PanelChoice]:
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
    return toggles


def _card_buttons(
    fitting: list[PlacementView],
    picked: dict[int, str],
    label: Label,
    view: RushOutSeatView,
    tr: Tr,
) -> list[PanelChoice]:
    """One button a card: the placement itself, or the card's ways when there are several."""
    ways: dict[str, list[PlacementView]] = {}
    for placement in fitting:
        ways.setdefault(placement["target"], []).append(placement)
    return [
        PanelChoice(label(shown[0]["action"]), action=shown[0]["action"])
        if len(shown) == 1
        else PanelChoice(
            tr("rushout.panel.ways", target=target_name(target, view, tr), count=len(shown)),
            step=dice_step(picked) + WAYS_MARK + target,
        )
        for target, shown in ways.items()
    ]


# ---------------------------------------------------------------- the panel
def play_layout(
    view: RushOutSeatView, me: MeView, actions: list[str], step: str | None, label: Label, tr: Tr
) -> PanelLayout:
    offered = [action for action in actions if action not in me["idle"]]
    choices = [action for action in offered if action in me["choices"]]
    if choices:
        return _choice_layout(view, choices, step, label, tr)
    verbs = [action for action in MAIN_VERBS if action in offered]
    placements = [p for p in me["placements"] if p["action"] in offered]
    placing = {p["action"] for p in placements}
    side = [a for a in offered if a not in verbs and a not in placing]  # turning dice...
    behind = [verb for verb in verbs if verb not in KEPT_VERBS] + side
    if step and step.partition(":")[0] == MORE and behind:
        return _more_layout(_buttons(behind, label), step, tr)
    picked = picked_dice(step, me["fresh"]) if placements else {}
    verbs_side = _VerbsAndSide(verbs, side, label)
    if picked:
        return _picked_layout(view, me, placements, picked, step, verbs_side, tr)
    return _first_layout(me, placements, verbs_side, label, tr)


@dataclass(frozen=True)
class _VerbsAndSide:
    """The verbs' row (throw, recall...) and the side actions (turning dice...) offered."""

    verbs: list[str]
    side: list[str]
    label: Label

    def rows(self, shown: list[str], more: PanelChoice | None) -> list[list[PanelChoice]]:
        verbs_row = _buttons([verb for verb in self.verbs if verb in shown], self.label)
        side_row = _buttons([action for action in self.side if action in shown], self.label)
        return [*_rows(verbs_row + ([more] if more else [])), *_rows(side_row)]


def _first_layout(
    me: MeView, placements: list[PlacementView], verbs_side: _VerbsAndSide, label: Label, tr: Tr
) -> PanelLayout:
    """No die picked: the dice, throw, check and Done, the rest when it fits (else
    "More…"), and as many cards at once for every die that fits them as room is left."""
    toggles = _toggles(me["fresh"], {}, _usable(placements)) if placements else []
    kept = [verb for verb in verbs_side.verbs if verb in KEPT_VERBS]
    behind = [verb for verb in verbs_side.verbs if verb not in kept] + verbs_side.side
    room = BUDGET - len(toggles) - len(kept)
    shown = behind if len(behind) <= room else []
    more = (
        None
        if shown or not behind
        else PanelChoice(tr("rushout.panel.more"), step=MORE, style="secondary")
    )
    room -= len(shown) + (1 if more else 0)
    cards = _buttons([p["action"] for p in _quick(placements, room)], label)
    lines = [tr("rushout.panel.pick")] if placements else []
    rows = [toggles, *_rows(cards), *verbs_side.rows(kept + shown, more)]
    return PanelLayout(lines, [row for row in rows if row][:MAX_ROWS])


def _picked_layout(
    view: RushOutSeatView,
    me: MeView,
    placements: list[PlacementView],
    picked: dict[int, str],
    step: str | None,
    verbs_side: _VerbsAndSide,
    tr: Tr,
) -> PanelLayout:
    """Dice picked: the cards they fit (a card's ways on a page of their own, the cards
    past the budget on another), throw, and the rest only when it fits: picking dice is
    placing them, and the first panel keeps everything else in reach."""
    faces = list(picked.values())
    fitting = [p for p in placements if _fits(p, faces)]
    back = _back(tr, dice_step(picked))
    target = _ways_target(step)
    ways = [p["action"] for p in fitting if p["target"] == target]
    if len(ways) > 1:
        lines = [tr("rushout.panel.which_way", target=target_name(target, view, tr))]
        return PanelLayout(lines, [*_rows(_buttons(ways, verbs_side.label), MAX_ROWS - 1), [back]])
    lines = [tr("rushout.panel.chosen" if fitting else "rushout.panel.no_fit", dice=icons(faces))]
    toggles = _toggles(me["fresh"], picked, _usable(placements))
    kept = [verb for verb in verbs_side.verbs if verb in ("throw", "check")]
    cards = _card_buttons(fitting, picked, verbs_side.label, view, tr)
    room = PICKED_BUDGET - len(toggles) - len(kept)
    if len(cards) > room:
        if target == MORE_CARDS:
            return PanelLayout(lines, [*_rows(cards[room - 1 :], MAX_ROWS - 1), [back]])
        more_cards = dice_step(picked) + WAYS_MARK + MORE_CARDS
        cards = [
            *cards[: room - 1],
            PanelChoice(tr("rushout.panel.more_cards"), step=more_cards, style="secondary"),
        ]
    room -= len(cards)
    behind = [verb for verb in verbs_side.verbs if verb not in kept] + verbs_side.side
    shown = kept + (behind if len(behind) <= room else [])
    rows = [toggles, *_rows(cards, MAX_ROWS - 2), *verbs_side.rows(shown, None)]
    return PanelLayout(lines, [row for row in rows if row][:MAX_ROWS])


def _more_layout(behind: list[PanelChoice], step: str, tr: Tr) -> PanelLayout:
    """What waits behind "More…", a page at a time (``more``, ``more:2``...)."""
    if len(behind) < BUDGET:
        return PanelLayout([], [*_rows(behind), [_back(tr)]])
    number = step.partition(":")[2]
    page = int(number) if number.isdigit() else 1
    per_page = BUDGET - 2  # with "More…" and Back
    shown = behind[(page - 1) * per_page : page * per_page] if page > 0 else []
    if not shown:
        return _more_layout(behind, MORE, tr)
    bottom = [_back(tr)]
    if page * per_page < len(behind):
        more = PanelChoice(tr("rushout.panel.more"), step=f"{MORE}:{page + 1}", style="secondary")
        bottom = [more, *bottom]
    return PanelLayout([], [*_rows(shown), bottom])


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
    """The market: identical items (two Fire equipments...) offered once."""
    labelled = {label(action): action for action in reversed(actions)}
    return PanelLayout([], _rows(_buttons(list(reversed(labelled.values())), label)))
