"""Fireship in Discord: the /fireship commands and how its actions, events and panel read.

Mystery cards are hidden, and even the choices a turn offers can tell what a hand holds (a
roll with Vent Ascendant, a Boum): so every action is chosen in the private panel, opened
with the board's "My turn & cards" button, and nothing is ever played for a person by
itself (an automatic roll would tell everyone that the player holds no card to play).

A move comes in two steps: the pawn (a menu naming it, its kind and its cell: "⛵ Boat B3 at
K7"; the pawns waiting at home once per kind), then its destination, each with its cost,
while the panel's picture shows the pawn's reach. A Tourbillon's cell, a Kraken's square and
a Boum's target are chosen the same way. First steps are named by what they stand for (a
pawn's id and a range of costs, a band of rows), never by a position in a list, so a menu
left open while the board changed shows what it said or nothing. At the special-squares
step each pawn standing on one gets its own Use and Skip buttons. Reactions (Non, a
defensive Gagne +1) are standing orders, set from the panel at any time. Pawn letters follow
the reader's language (a green pawn is ``G3`` in English, ``V3`` in French). The rules stay
in the engine; this module only names what the engine offers and tells what it reports.

The board is drawn for a phone and shows the part of the sea where the play is, over an
overview of the whole: **🔍 Zoom** on it answers anyone, privately, with a picture of an
area of the sea at the same readable size (the area with the clicker's pawns; a menu picks
another of the five: the four quarters and the centre).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import discord
from discord import app_commands

from bot.games.base import View
from bot.games.fireship import (
    HOME,
    FireshipPublicView,
    FireshipSeatView,
    PawnRecord,
    PlayerRecord,
    ReachSpot,
    attack_preview,
    data,
)
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import LABEL_LIMIT, SHARED_OPTIONS, GameCog, TypedChoice, time_limit_choices
from cogs._presenter import Presenter
from cogs._zoom import ZoomButton, ZoomPart

Json = dict[str, Any]
#: A move's first step: (pawn, cell) -> (the step's key, its label).
MovePlan = dict[tuple[str, str], tuple[str, str]]

MAX_AI = 3
COLOUR_MARKS = ("🟦", "🟥", "🟩", "🟨")
WHITE_MARK = "⬜"
KIND_ICONS = {data.BOAT: "⛵", data.PLANE: "✈", data.BATTLESHIP: "🚢"}
#: Destinations one second step can offer: four menus of 25 (Back takes the fifth row).
PART_SIZE = 100
#: First steps one menu can offer.
STEP_KEYS = 25
#: Steps whose choice is a square, which may also be typed.
TYPED_VERBS = ("move", "tourbillon")
#: Tourbillon cells are chosen by bands of rows, each at most PART_SIZE cells.
BAND_ROWS = 5
ROUNDS_CHOICES = [
    app_commands.Choice(name="No limit", value=0),
    *(app_commands.Choice(name=f"{n} rounds", value=n) for n in data.TIME_LIMITS if n),
]
#: Events that say nothing a board needs (the picture shows the start roll's result).
UNTOLD = frozenset({"game_over", "lose"})  # a loss is told by its "destroyed" event
#: The zoom's areas: their names and the top-left square of the window each shows (the
#: renderer draws windows ZOOM_CELLS squares a side): the four quarters and the centre.
ZOOM_CELLS = 14
ZOOM_AREAS: dict[str, data.Cell] = {
    "nw": (0, 0),
    "ne": (data.SIZE - ZOOM_CELLS, 0),
    "centre": ((data.SIZE - ZOOM_CELLS) // 2, (data.SIZE - ZOOM_CELLS) // 2),
    "sw": (0, data.SIZE - ZOOM_CELLS),
    "se": (data.SIZE - ZOOM_CELLS, data.SIZE - ZOOM_CELLS),
}
#: The name the cog is loaded under (the zoom's components find it by it).
FIRESHIP_COG = "FireshipCog"


def _public_view(view: View) -> FireshipPublicView:
    """The view a hook receives, as the engine built it (everyone's, or a seat's)."""
    return cast(FireshipPublicView, view)


def _seat_view(view: View) -> FireshipSeatView:
    """A seat's own view, as the private panel's hooks receive it."""
    return cast(FireshipSeatView, view)


def player_text(seat: Any, names: list[str], tr: Tr) -> str:
    """``🟦 alice``; white (the islands' garrisons) has no player."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return f"{COLOUR_MARKS[seat % len(COLOUR_MARKS)]} {names[seat]}"
    return f"{WHITE_MARK} {tr('fireship.white')}"


def _pawns(view: FireshipPublicView) -> dict[str, PawnRecord]:
    return {p["id"]: p for p in view["pawns"]}


def _cell_words(cell: str, tr: Tr) -> str:
    return tr("fireship.at_home") if cell == HOME else cell


def _where(cell: str, tr: Tr) -> str:
    """``at K7``, ``at home`` (French ``en K7``, ``au port``)."""
    return tr("fireship.where_home") if cell == HOME else tr("fireship.where", cell=cell)


def pawn_name(ident: str, tr: Tr) -> str:
    """A pawn's id with its colour's letter in the reader's language (``G3`` is ``V3`` in
    French); white's pawns are never named in words (by colour, kind and cell instead)."""
    letter, number = ident[:1], ident[1:]
    if letter in data.COLOUR_LETTERS:
        letter = tr(f"render.fireship.letter_{data.COLOUR_LETTERS.index(letter)}")
    return f"{letter}{number}"


def _square_of(cell: str) -> str:
    """``wheel``, ``mystery`` or ``battleship`` for a special square's name, else ``""``."""
    parsed = data.parse_cell(cell)
    if parsed in data.WHEEL_SQUARES:
        return "wheel"
    if parsed in data.MYSTERY_SQUARES:
        return "mystery"
    return "battleship" if parsed in data.BATTLESHIP_SQUARES else ""


def _square_mark(cell: str, tr: Tr) -> str:
    """`` · 🎡 wheel`` when a cell is a special square."""
    square = _square_of(cell)
    return tr(f"fireship.square_mark.{square}") if square else ""


def pawn_text(pawn: PawnRecord, tr: Tr, *, where: bool = True) -> str:
    """``⛵ Boat B3 at E7``: a pawn as its owner picks it (without ``where``: ``⛵ Boat B3``)."""
    kind = pawn["kind"]
    return tr(
        "fireship.pawn" if where else "fireship.pawn_short",
        icon=KIND_ICONS[kind],
        kind=tr(f"fireship.kind.{kind}"),
        name=pawn_name(pawn["id"], tr),
        where=_where(pawn["cell"], tr),
    )


def side_text(
    ident: str,
    view: FireshipPublicView,
    tr: Tr,
    *,
    own: bool,
    article: bool = False,
    owners: Mapping[str, int] | None = None,
    short: bool = False,
) -> str:
    """A leader or target: ``✈ Plane B2 at F9``, ``red boat at K7``, ``island 5 (white)``;
    with ``article``, as a sentence names it (``the boat at K7 (red)``, ``l'avion en K7
    (rouge)``); ``short``: one's own pawn without its cell. ``owners`` (island id -> owner)
    stands for the view's islands when given."""
    if len(ident) == 2 and ident[0] == "I" and ident[1].isdigit():
        islands = {i["id"]: i["owner"] for i in view["islands"]} if owners is None else owners
        owner = islands.get(ident, data.WHITE)
        colour = tr(f"fireship.colour_f.{owner}" if owner >= 0 else "fireship.colour_f.white")
        key = "fireship.island_own" if own else "fireship.island"
        return tr(key + ("_the" if article and not own else ""), number=ident[1], colour=colour)
    pawn = _pawns(view).get(ident)
    if pawn is None:
        return ident
    if own:
        return pawn_text(pawn, tr, where=not short)
    seat = pawn["seat"]
    colour = tr(f"fireship.colour.{seat}" if seat >= 0 else "fireship.colour.white")
    where = _where(pawn["cell"], tr)
    if article:
        kind = tr(f"fireship.the.{pawn['kind']}")
        return tr("fireship.enemy_pawn_the", colour=colour, kind=kind, where=where)
    kind = tr(f"fireship.noun.{pawn['kind']}")
    return tr("fireship.enemy_pawn", colour=colour, kind=kind, where=where)


def _boum_steps(view: FireshipSeatView) -> int:
    badges = view["seats"][view["seat"]]["badges"]
    return int(data.BOUM in view["hand"]) + int(badges.get(data.BOUM, 0) > 0)


def _band_rows(view: FireshipSeatView) -> int:
    """Rows per Tourbillon step: bands of 5 rows (at most 100 cells each), or of 10 when
    a player with many pawns would otherwise get more first steps than a menu holds."""
    pawns = sum(1 for spots in view["reach"].values() if spots)
    wide = pawns + data.SIZE // BAND_ROWS + _boum_steps(view) > STEP_KEYS
    return 2 * BAND_ROWS if wide else BAND_ROWS


def _card_steps(view: FireshipSeatView) -> int:
    """First steps of the cards and badges a player may play (Tourbillon's bands, Boum)."""
    bands = data.SIZE // _band_rows(view) if data.TOURBILLON in view["hand"] else 0
    return bands + _boum_steps(view)


class FireshipPresenter(Presenter):
    """How Fireship reads at the table: the two-step choices, action labels, the account,
    the private panel and the picture's labels."""

    game_name = "fireship"
    private_actions = True
    hand_label_key = "fireship.my_turn"

    #: The move plan last computed (``_move_plan``), with the reach and language it is for.
    _plan: tuple[dict[str, list[ReachSpot]], Tr, MovePlan] | None = None

    def is_secret_action(self, action: str) -> bool:
        """Every choice of a turn may tell what a hand holds: all go through the panel."""
        return True

    # ---------------------------------------------------------------- two-step choices
    def action_step(self, action: str, view: View, tr: Tr) -> tuple[str, str] | None:
        words = action.split()
        verb = words[0]
        if verb == "move" and len(words) == 3:
            return self._move_plan(_seat_view(view), tr).get((words[1], words[2]))
        if verb == "tourbillon" and len(words) == 2:
            cell = data.parse_cell(words[1])
            rows = _band_rows(_seat_view(view))
            band = 0 if cell is None else cell[1] // rows
            first, last = band * rows + 1, min(data.SIZE, (band + 1) * rows)
            label = tr("fireship.step.tourbillon", first=first, last=last)
            return f"tourbillon:{first}-{last}", label  # rows, not a band's place in a list
        if verb == "kraken":
            return "kraken", tr("fireship.step.kraken")
        if verb == "boum" and len(words) == 3:
            return f"boum:{words[1]}", tr(f"fireship.step.boum_{words[1]}")
        return None

    def _move_plan(self, view: FireshipSeatView, tr: Tr) -> MovePlan:
        """(pawn, cell) -> the first step showing that destination. A pawn whose reach is
        longer than one step can show is split by cost into parts named by their costs
        (``B3+1-4``, ``B3+5-9``), as long as all first steps fit in one menu. Computed once
        per view and language."""
        reach = view["reach"]
        if self._plan is not None and self._plan[0] is reach and self._plan[1] is tr:
            return self._plan[2]
        pawns = _pawns(view)
        spare = STEP_KEYS - sum(1 for spots in reach.values() if spots) - _card_steps(view)
        moving = {pid: spots for pid, spots in reach.items() if spots and pid in pawns}
        parts = dict.fromkeys(moving, 1)
        while spare > 0 and moving:  # one more part for the pawn with the longest part
            longest = max(moving, key=lambda pid: -(-len(moving[pid]) // parts[pid]))
            if len(moving[longest]) <= parts[longest] * PART_SIZE:
                break
            parts[longest] += 1
            spare -= 1
        plan: MovePlan = {}
        keys: set[str] = set()
        for pawn_id, spots in moving.items():
            ordered = sorted(spots, key=lambda s: (s["cost"], s["cell"]))
            size = -(-len(ordered) // parts[pawn_id])
            base = pawn_text(pawns[pawn_id], tr)
            for part in range(parts[pawn_id]):
                chunk = ordered[part * size : (part + 1) * size]
                if not chunk:
                    continue
                low, high = chunk[0]["cost"], chunk[-1]["cost"]
                key = pawn_id if parts[pawn_id] == 1 else f"{pawn_id}+{low}-{high}"
                if key in keys:  # two parts with the same costs: the cell tells them apart
                    key = f"{key}:{chunk[0]['cell']}"
                keys.add(key)
                label = base
                if parts[pawn_id] > 1:
                    label = tr(
                        "fireship.step.part",
                        pawn=base,
                        low=chunk[0]["cost"],
                        high=chunk[-1]["cost"],
                    )
                for spot in chunk:
                    plan[(pawn_id, spot["cell"])] = (key, label)
        self._plan = (reach, tr, plan)
        return plan

    def typed_step(self, key: str, label: str, actions: list[str], tr: Tr) -> TypedChoice | None:
        """Moves and the whirlpool may also be typed as a square (``K12``)."""
        if not actions or actions[0].split()[0] not in TYPED_VERBS:
            return None
        return TypedChoice(
            button=tr("fireship.type.button"),
            label=tr("fireship.type.label"),
            example=actions[0].split()[-1],
        )

    def typed_action(self, key: str, text: str, actions: list[str]) -> str | None:
        cell = data.parse_cell("".join(text.split()).upper())
        if cell is None:
            return None
        square = data.cell_name(cell)
        wanted = (
            f"tourbillon {square}"
            if key.startswith("tourbillon")
            else f"move {key.split('+')[0]} {square}"
        )
        return wanted if wanted in actions else None

    def step_prompt(self, key: str, label: str, view: View, tr: Tr) -> str:
        if key.startswith("tourbillon"):
            return tr("fireship.prompt.tourbillon", choice=label)
        if key == "kraken":
            return tr("fireship.prompt.kraken")
        if key.startswith("boum"):
            return tr("fireship.prompt.boum", choice=label)
        points = _seat_view(view)["points"]
        return tr("fireship.prompt.move", choice=label, points=points, count=points)

    # ---------------------------------------------------------------- action labels
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        return self._action_label(action, _seat_view(view), tr)

    def _action_label(self, action: str, view: FireshipSeatView, tr: Tr) -> str:
        words = action.split()
        verb = words[0]
        label = action
        if verb == "roll":
            label = self._roll_label(words[1:], tr)
        elif verb == "move" and len(words) == 3:
            cost = next(
                (s["cost"] for s in view["reach"].get(words[1], []) if s["cell"] == words[2]),
                "?",
            )
            key = "fireship.action.move_one" if cost == 1 else "fireship.action.move"
            label = tr(key, cell=words[2], cost=cost)
            label += _square_mark(words[2], tr)
        elif verb == "attack" and len(words) in (3, 4):
            label = self._attack_label(words[1], words[2], len(words) == 4, view, tr)
        elif verb == "end" and view["phase"] == "act" and len(words) == 1 and view["squares"]:
            label = tr("fireship.action.end_to_squares")
        elif verb == "end":
            label = tr("fireship.action.end" + ("" if len(words) == 1 else f"_fog_{words[2]}"))
        elif verb in ("use", "skip") and len(words) == 2:
            label = self._square_label(verb, words[1], view, tr)
        elif verb == "boum" and len(words) == 3:
            target = side_text(words[2], view, tr, own=False, article=True)
            label = tr("fireship.action.boum", target=target)
        elif verb == "tourbillon" and len(words) == 2:
            label = tr("fireship.action.tourbillon", cell=words[1])
        elif verb == "kraken" and len(words) == 2:
            label = tr("fireship.action.kraken", cell=words[1])
        elif verb == "lose" and len(words) == 2:
            pawn = _pawns(view).get(words[1])
            label = tr("fireship.action.lose", pawn=pawn_text(pawn, tr) if pawn else words[1])
        elif verb == "order" and len(words) == 4:
            label = self._order_label(words[1], words[2], words[3], tr)
        return label[:LABEL_LIMIT]

    @staticmethod
    def _square_label(verb: str, pawn_id: str, view: FireshipPublicView, tr: Tr) -> str:
        """``🎡 Spin the wheel · ⛵ Boat B1 at G3``, ``⏭ Skip the wheel · …``."""
        pawn = _pawns(view).get(pawn_id)
        if pawn is None:
            return pawn_id
        square = _square_of(pawn["cell"])
        return tr(f"fireship.action.{verb}_{square}", pawn=pawn_text(pawn, tr))

    @staticmethod
    def _roll_label(extras: list[str], tr: Tr) -> str:
        parts = [tr("fireship.action.roll")]
        if extras[:2] == ["vent", "card"]:
            parts.append(tr("fireship.action.with_vent_card"))
        elif extras[:2] == ["vent", "badge"]:
            parts.append(tr("fireship.action.with_vent_badge"))
        if "gulf" in extras:
            parts.append(tr("fireship.action.with_gulf"))
        return " · ".join(parts)

    @staticmethod
    def _attack_label(
        leader: str, target: str, plus: bool, view: FireshipPublicView, tr: Tr
    ) -> str:
        sums = attack_preview(view, leader, target)
        attack, defence = sums if sums is not None else (0, 0)
        attack += 1 if plus else 0
        die = "plain" if attack == defence else "blue"
        label = ""
        for short in (False, True):  # the leader's cell goes when the label is too long
            label = tr(
                "fireship.action.attack_plus" if plus else "fireship.action.attack",
                leader=side_text(leader, view, tr, own=True, short=short),
                target=side_text(target, view, tr, own=False),
                attack=attack,
                defence=defence,
                die=tr(f"fireship.die.{die}"),
            )
            if len(label) <= LABEL_LIMIT:
                break
        return label

    @staticmethod
    def _order_label(card: str, case: str, setting: str, tr: Tr) -> str:
        was, now = ("off", "on") if setting == "on" else ("on", "off")
        return tr(
            f"fireship.action.order_{card}",
            case=tr(f"fireship.case.{card}.{case}"),
            was=tr(f"fireship.setting.{was}"),
            now=tr(f"fireship.setting.{now}"),
        )

    # ---------------------------------------------------------------- the account
    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        public = _public_view(view)
        return [
            line for event in events if (line := self.event_line(event, public, names, tr, events))
        ]

    def event_line(
        self,
        event: Json,
        view: FireshipPublicView,
        names: list[str],
        tr: Tr,
        events: list[Json] | None = None,
    ) -> str:
        """One event in a sentence; ``events``: the others of the same action (which tell
        what a pawn sunk since was)."""
        events = events if events is not None else [event]
        kind = str(event.get("type"))
        if kind in UNTOLD:
            return ""
        key = f"fireship.event.{kind}"
        params: Json = {k: v for k, v in event.items() if isinstance(v, (int, str))}
        params["player"] = player_text(event.get("seat"), names, tr)
        if kind == "start_roll":
            params["player"] = player_text(event.get("first"), names, tr)
            throws = event.get("rolls") or [[]]
            params["totals"] = ", ".join(
                f"{player_text(seat, names, tr)} {total}"
                for seat, total in enumerate(throws[-1])
                if total
            )
        elif kind == "turn" and view["rounds_limit"]:
            key += "_limit"
            params["limit"] = view["rounds_limit"]
        elif kind == "whirlpool_strike":
            params["count"] = len(event.get("in_reach", []))
        elif kind == "roll":
            params["dice"] = " + ".join(str(d) for d in event.get("dice", []))
            extras = [tr("fireship.event.vent")] if event.get("vent") else []
            extras += [tr("fireship.event.gulf")] if event.get("gulf") else []
            params["extras"] = "".join(f" · {e}" for e in extras)
        elif kind == "move":
            pawn = _pawns(view).get(str(event.get("pawn")))
            params["kind"] = tr(f"fireship.noun.{pawn['kind']}") if pawn else event.get("pawn")
            params["from"] = _cell_words(str(event.get("from")), tr)
            key += "_one" if event.get("cost") == 1 else ""
        elif kind == "attack":
            key += f"_{event.get('result')}"
            params["leader"] = self._event_side(str(event["leader"]), view, events, tr, own=True)
            params["target"] = self._event_side(str(event["target"]), view, events, tr, own=False)
            params["die"] = tr(f"fireship.die.{event.get('die') or 'plain'}")
        elif kind == "plus":
            key += f"_{event.get('side')}"
        elif kind == "non":
            params["against"] = player_text(event.get("against"), names, tr)
            params["case"] = tr(f"fireship.non_case.{event.get('case')}")
            key += "_own" if event.get("against") == event.get("seat") else ""
        elif kind == "destroyed":
            params["kind"] = tr(f"fireship.noun.{event.get('kind')}")
            params["cause"] = tr(f"fireship.cause.{event.get('cause')}")
        elif kind == "captured":
            params["number"] = str(event.get("island", ""))[1:]
            params["previous"] = player_text(event.get("previous"), names, tr)
        elif kind in ("square", "square_skipped"):
            key += f"_{event.get('square')}"
        elif kind == "battleship":
            key += "_won" if event.get("won") else "_lost"
        elif kind == "wheel":
            params["result"] = tr(f"fireship.wheel.{event.get('result')}")
        elif kind == "card":
            if event.get("kept"):
                key += "_kept"
            else:
                params["card"] = tr(f"fireship.card.{event.get('kind')}")
        elif kind == "gain":
            params["kind"] = tr(f"fireship.noun.{event.get('kind')}")
        elif kind == "badge":
            key += "_got" if event.get("got") else "_none"
            params["badge"] = tr(f"fireship.badge.{event.get('kind')}")
        elif kind == "boum":
            key += f"_{event.get('via')}"
            params["target"] = self._event_side(str(event["pawn"]), view, events, tr, own=False)
        elif kind == "fog":
            key += f"_{event.get('via')}"
        elif kind == "nothing":
            key += f"_{event.get('reason')}"
        return tr(key, **params) if tr.has(key) else ""

    @staticmethod
    def _event_side(
        ident: str, view: FireshipPublicView, events: list[Json], tr: Tr, *, own: bool
    ) -> str:
        """A side named in an event; a pawn sunk since by its kind and colour."""
        taken = [e for e in events if e.get("type") == "captured" and e.get("island") == ident]
        owners = {ident: taken[0]["previous"]} if taken else None  # as it was when attacked
        if ident in _pawns(view) or ident.startswith("I"):
            return side_text(ident, view, tr, own=own, article=not own, owners=owners)
        kind = next(
            (
                str(e["kind"])
                for e in events
                if e.get("type") == "destroyed" and e.get("pawn") == ident
            ),
            data.BOAT,
        )
        letter = ident[:1]
        seat = data.COLOUR_LETTERS.index(letter) if letter in data.COLOUR_LETTERS else data.WHITE
        colour = tr(f"fireship.colour.{seat}" if seat >= 0 else "fireship.colour.white")
        return tr("fireship.gone_pawn_the", kind=tr(f"fireship.the.{kind}"), colour=colour)

    # ---------------------------------------------------------------- the private panel
    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        return self._private_lines(_seat_view(view), names, tr)

    def _private_lines(self, view: FireshipSeatView, names: list[str], tr: Tr) -> list[str]:
        seat = view["seat"]
        seats = view["seats"]
        if not 0 <= seat < len(seats):
            return []
        me = seats[seat]
        lines = [
            tr(
                "fireship.private.you",
                player=player_text(seat, names, tr),
                colour=tr(f"render.fireship.colour_{seat}"),
                islands=len(me["islands"]),
                boats=me["pool"][data.BOAT],
                planes=me["pool"][data.PLANE],
                battleships=me["pool"][data.BATTLESHIP],
            )
        ]
        if me["out"]:
            lines.append(tr("fireship.private.out"))
        lines += self._turn_lines(view, seat, tr)
        lines += self._hand_lines(view, me, tr)
        lines += self._order_lines(view, tr)
        return lines

    def _turn_lines(self, view: FireshipSeatView, seat: int, tr: Tr) -> list[str]:
        if view["turn"] != seat or view["outcome"]:
            return []
        phase = view["phase"]
        if phase == "start":
            return [tr("fireship.private.start")]
        pending = view["pending"]
        if phase == "choose" and pending and pending["seat"] == seat:
            return [tr(f"fireship.private.choose_{pending['kind']}")]
        if phase == "squares":
            return [tr("fireship.private.squares")]
        if phase == "end":
            return [tr("fireship.private.end")]
        if phase != "act":
            return []
        dice = " + ".join(str(d) for d in view["dice"])
        line = tr(
            "fireship.private.points",
            dice=dice,
            total=sum(view["dice"]),
            points=view["points"],
            count=view["points"],
        )
        fast = [tr(f"fireship.fast.{kind}") for kind in view["fast"] if kind != "battleship"]
        if fast:
            line += " · " + " · ".join(fast)
        lines = [line]
        if view["leaders"]:
            lines.append(tr("fireship.private.attacked"))
        if view["squares"]:
            pawns = _pawns(view)
            standing = [pawn_text(pawns[p], tr) for p in view["squares"] if p in pawns]
            lines.append(tr("fireship.private.squares_next", pawns=", ".join(standing)))
        return lines

    @staticmethod
    def _hand_lines(view: FireshipSeatView, me: PlayerRecord, tr: Tr) -> list[str]:
        lines = []
        for event in view["events"]:
            drawn = event.get("kind") if event.get("type") == "card" else None
            if drawn and event.get("kept") and event.get("seat") == me["seat"]:
                lines.append(tr("fireship.private.drew", card=tr(f"fireship.card.{drawn}")))
        hand = list(view["hand"])
        if not hand:
            lines.append(tr("fireship.private.no_cards"))
        else:
            lines.append(tr("fireship.private.cards"))
            for kind in sorted(set(hand)):
                count = hand.count(kind)
                title = tr(f"fireship.card.{kind}") + (f" ×{count}" if count > 1 else "")
                lines.append(f"• **{title}** — {tr(f'fireship.card_help.{kind}')}")
        badges = [
            f"{tr(f'fireship.badge.{kind}')} ×{count}"
            for kind, count in me["badges"].items()
            if count
        ]
        if badges:
            lines.append(tr("fireship.private.badges", badges=", ".join(badges)))
        return lines

    @staticmethod
    def _order_lines(view: FireshipSeatView, tr: Tr) -> list[str]:
        orders = view["orders"]
        lines = [tr("fireship.private.orders")]
        for card, cases in ((data.NON, orders["non"]), (data.PLUS, orders["plus"])):
            on = [tr(f"fireship.case.{card}.{case}") for case, set_on in cases.items() if set_on]
            off = [
                tr(f"fireship.case.{card}.{case}") for case, set_on in cases.items() if not set_on
            ]
            lines.append(
                tr(
                    f"fireship.private.order_{card}",
                    on="; ".join(on) or tr("fireship.private.none"),
                    off="; ".join(off) or tr("fireship.private.none"),
                )
            )
        return lines

    # ---------------------------------------------------------------- the pictures
    def board_buttons(self, match_id: int, tr: Tr) -> list[Any]:
        return [ZoomButton(self.game_name, match_id, tr("fireship.zoom.button"))]

    def zoom_part(self, view: View, seat: int | None, value: str | None, tr: Tr) -> ZoomPart:
        """🔍 Zoom: an area of the sea (``value``), or where the clicker's pawns are."""
        area = value if value in ZOOM_AREAS else zoom_area(_public_view(view), seat)
        return ZoomPart(
            focus=f"zoom:{data.cell_name(ZOOM_AREAS[area])}",
            content=tr("fireship.zoom.shown", **zoom_span(area)),
            shown=area,
            options=[
                (tr("fireship.zoom.area", area=tr(f"fireship.zoom.name.{a}"), **zoom_span(a)), a)
                for a in ZOOM_AREAS
            ],
            placeholder=tr("fireship.zoom.choose"),
        )

    def render_labels(self, view: View, names: list[str], tr: Tr) -> dict[str, str]:
        """Names with their colour word (the picture tells colours by shape and word too)."""
        labels = super().render_labels(view, names, tr)
        for seat, name in enumerate(names[: len(COLOUR_MARKS)]):
            colour = tr(f"render.fireship.colour_{seat}")
            labels[f"player_{seat}"] = tr("fireship.render_player", name=name, colour=colour)
        # The form for this many points ("1 point left"); the picture fills in the number.
        labels["points"] = tr("render.fireship.points", count=int(view.get("points", 0)))
        return labels


# ------------------------------------------------------------------ the zoom
def zoom_span(area: str) -> dict[str, str]:
    """The first and last squares an area's window shows (``A1``, ``N14``)."""
    left, top = ZOOM_AREAS[area]
    last = (left + ZOOM_CELLS - 1, top + ZOOM_CELLS - 1)
    return {"first": data.cell_name((left, top)), "last": data.cell_name(last)}


def _in_area(area: str, cell: data.Cell) -> bool:
    left, top = ZOOM_AREAS[area]
    return left <= cell[0] < left + ZOOM_CELLS and top <= cell[1] < top + ZOOM_CELLS


def zoom_area(view: FireshipPublicView, seat: int | None) -> str:
    """Where a zoom opens: the area holding the most of the clicker's pawns (else of the
    player to play's), a pawn at home counting where its home is; the centre when neither
    has any."""
    for whose in (seat, view["turn"]):
        if whose is None:
            continue
        cells = []
        for pawn in view["pawns"]:
            if pawn["seat"] != whose:
                continue
            cell = data.parse_cell(pawn["cell"])
            if cell is None and 0 <= whose < len(data.HOME_BLOCKS):
                cell = data.HOME_BLOCKS[whose][0]
            if cell is not None:
                cells.append(cell)
        if cells:
            return max(ZOOM_AREAS, key=lambda area: sum(_in_area(area, c) for c in cells))
    return "centre"


class FireshipCog(
    FireshipPresenter, GameCog, group_name="fireship", group_description="Play Fireship"
):
    """The /fireship commands: ``new`` (``rules`` is shared), and the board's zoom."""

    @app_commands.command(name="new", description="Open a Fireship lobby in this channel")
    @app_commands.describe(
        **SHARED_OPTIONS,
        ai="Number of AI players (0 to 3)",
        rounds="Game length: the game ends after this many rounds (no limit by default)",
    )
    @app_commands.choices(time_limit=time_limit_choices(), rounds=ROUNDS_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: app_commands.Range[int, 0, MAX_AI] = 0,
        rounds: int = 0,
        thread: bool = False,
        time_limit: int = 0,
    ) -> None:
        await self.open_lobby(
            interaction,
            options={"rounds": rounds},
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
        )


async def setup(bot: TableHost) -> None:
    await bot.add_cog(FireshipCog(bot))
