"""Rush'n'Crush in Discord: the /rushncrush commands and how its actions and events read.

Equipment cards are hidden: the player to act drives with the board's buttons, and uses
cards from their private panel (the board's "My cards" button), where the dashboard, the
move and the cards are all offered, the cards listed with what they do and when. The
reaction cards (Lucky charm, Armour plate, Ace driver) are played by standing orders, set
from that panel at any time: nothing public tells who holds one until it is used. The rules
stay in the engine; this module only names what the engine offers and tells what it reports.

The board is drawn for a phone and shows the cars' part of the course: **🔍 Zoom** on it
answers anyone, privately, with a picture of any stretch of the course (a menu picks
another), and the private panel carries a picture of the player's own dashboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import discord
from discord import app_commands

from bot.games.base import View
from bot.games.rushncrush import (
    CarView,
    MyTrading,
    RncPublicView,
    RncSeatView,
    accelerated,
    course_from_options,
    data,
    decelerated,
    heat_colour,
    reachable_bubbles,
)
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import LABEL_LIMIT, SHARED_OPTIONS, GameCog, time_limit_choices
from cogs._presenter import Presenter
from cogs._zoom import ZoomButton, ZoomPart

Json = dict[str, Any]

COURSES = (("Sprint", "sprint"), ("Oval", "oval"), ("Grand Canyon", "grand_canyon"))
CUSTOM = "custom"
#: Words of an action that would tell what a hand holds.
SECRET_WORDS = frozenset({"card", "nitro", "give", "want", "order"})
ORDER_ICONS = {"lucky": "🍀", "luckydrive": "🍀", "plate": "🛡", "ace": "🏎"}
HEAT_MARKS = {"W": "⚪", "Y": "🟡", "O": "🟠", "R": "🔴"}
PUSH_OFFSETS = {"left": (-1, 0), "right": (1, 0), "ahead-left": (-1, 1), "ahead-right": (1, 1)}
COURSE_CHOICES = [
    *(app_commands.Choice(name=name, value=value) for name, value in COURSES),
    app_commands.Choice(name="Custom", value=CUSTOM),
]
#: One action's account stays well under a Discord message (2,000 characters): longer, it is cut.
ACCOUNT_BUDGET = 1400
#: A zoom's picture shows this many rows (the renderer's three bands of 15); its menu offers
#: the stretches a band apart.
ZOOM_ROWS = 45
ZOOM_STEP = 15
#: The name the cog is loaded under (the zoom's components find it by it).
RNC_COG = "RushNCrushCog"


# ------------------------------------------------------------------ small readers of the view
def _public_view(view: View) -> RncPublicView:
    """A view from the shared flow, read as what it is: the engine's public view (or a
    seat's, which holds it)."""
    return cast(RncPublicView, view)


def _seat_view(view: View) -> RncSeatView:
    """A seat's own view from the shared flow (the private panel)."""
    return cast(RncSeatView, view)


def _dice(dice: list[int]) -> str:
    return " · ".join(str(d) for d in dice)


def _car(view: RncPublicView, seat: int | None) -> CarView | None:
    cars = view.get("cars", [])
    return cars[seat] if seat is not None and 0 <= seat < len(cars) else None


def _lever(car: CarView | None) -> tuple[int, int]:
    """The car's lever (gear, speed); neutral when there is no car."""
    return (car["gear"], car["speed"]) if car is not None else (0, 0)


def _cell(car: CarView | None) -> tuple[int, int]:
    """The car's (lane, row); (0, 0) when there is no car."""
    return (int(car["lane"]), int(car["row"])) if car is not None else (0, 0)


def _physical(view: RncPublicView, row: int) -> int:
    loop = int(view["course"]["loop_rows"])
    return row if row <= 0 else (row - 1) % loop + 1


def _car_on(view: RncPublicView, lane: int, row: int, besides: int | None) -> CarView | None:
    """The running car on this cell (physical rows: loops repeat), if any."""
    if row > view["course"]["length"]:
        return None
    for car in view.get("cars", []):
        if (
            car["placed"]
            and not car["out"]
            and car["seat"] != besides
            and car["lane"] == lane
            and _physical(view, car["row"]) == _physical(view, row)
        ):
            return car.copy()
    return None


def _my_trading(view: RncPublicView) -> MyTrading | None:
    """This seat's trading (its draft, the offers it sent or received), in its own view."""
    trading = view.get("trading")
    return trading.get("mine") if trading else None


def _bubble(gear: int, speed: int) -> str:
    return f"{speed}{HEAT_MARKS[heat_colour((gear, speed))]}"


def _stop(gear: int, speed: int, tr: Tr) -> str:
    """A lever position in words: ``neutral`` or ``6🟠 (gear 1)``."""
    if gear == 0:
        return tr("rushncrush.neutral")
    return tr("rushncrush.stop", speed=_bubble(gear, speed), gear=gear)


class RushNCrushPresenter(Presenter):
    """How Rush'n'Crush reads at the table: action labels, the account, the private panel."""

    game_name = "rushncrush"
    private_actions = True
    hand_label_key = "rushncrush.my_cards"
    #: "Ready" when nothing is left to trade (no partner still trading, no card, no offer:
    #: all public). Not "Go" or "Hold": whether they are a driver's only action can depend
    #: on the cards in hand, and answering at once would tell everyone the hand holds no
    #: such card (timing is hidden information too).
    automatic_actions = frozenset({"ready"})

    def is_secret_action(self, action: str) -> bool:
        """Driving is public; a card (or the Nitro after a turbo) and trades stay private."""
        return not SECRET_WORDS.isdisjoint(action.split())

    # ---------------------------------------------------------------- action labels
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        word, _, rest = action.partition(" ")
        labeller = self._labellers().get(word)
        label = labeller(rest, _public_view(view), tr) if labeller else action
        return label[:LABEL_LIMIT]

    def _labellers(self) -> dict[str, Callable[[str, RncPublicView, Tr], str]]:
        return {
            "accel": self._accel_label,
            "decel": self._down_label("decel"),
            "brake": self._down_label("brake"),
            "gear": self._gear_label,
            "hold": self._hold_label,
            "go": self._go_label,
            "drive": self._drive_label,
            "step": self._step_label,
            "push": self._push_label,
            "card": self._card_label,
            "order": self._order_label,
            "grid": self._grid_label,
            "offer": self._trade_label("offer"),
            "accept": self._accept_label,
            "refuse": self._trade_label("refuse"),
            "give": self._kind_label("give"),
            "want": self._kind_label("want"),
            "cancel": lambda rest, view, tr: tr("rushncrush.action.cancel"),
            "withdraw": lambda rest, view, tr: tr("rushncrush.action.withdraw"),
            "ready": lambda rest, view, tr: tr("rushncrush.action.ready"),
        }

    def _accel_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        bubble = _lever(_car(view, view.get("turn")))
        stops = []
        for _ in range(1 + len(rest.split())):
            up = accelerated(bubble)
            if up is None:
                break
            bubble = up
            stops.append(_bubble(*bubble))
        key = {0: "accel", 1: "accel_turbo"}.get(len(rest.split()), "accel_turbo_nitro")
        return tr(f"rushncrush.action.{key}", stops=" ➜ ".join(stops), gear=bubble[0])

    def _down_label(self, key: str) -> Callable[[str, RncPublicView, Tr], str]:
        def label(rest: str, view: RncPublicView, tr: Tr) -> str:
            lower = decelerated(_lever(_car(view, view.get("turn"))))
            gear, speed = lower if lower is not None else (0, 0)
            return tr(f"rushncrush.action.{key}", stop=_stop(gear, speed, tr))

        return label

    def _gear_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        _, speed = _lever(_car(view, view.get("turn")))
        return tr("rushncrush.action.gear", gear=rest, stop=_bubble(int(rest), speed))

    def _hold_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        gear, speed = _lever(_car(view, view.get("turn")))
        return tr("rushncrush.action.hold", stop=_stop(gear, speed, tr))

    def _go_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        return tr("rushncrush.action.go", speed=_lever(_car(view, view.get("turn")))[1])

    def _drive_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        lanes = [int(lane) for lane in rest.split(",")]
        lane, row = _cell(_car(view, view.get("turn")))
        row += len(lanes)
        path = ",".join(map(str, lanes))
        tyres = _tyres_spent(view, lane, lanes)
        extra = tr("rushncrush.action.tyres", count=tyres) if tyres else ""
        if row > view["course"]["length"]:
            return tr("rushncrush.action.drive_finish", path=path) + extra
        where = tr("rushncrush.action.drive", row=_physical(view, row), lane=lanes[-1], path=path)
        return where + extra

    def _step_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        lane = int(rest)
        car = _car(view, view.get("turn"))
        here, row = _cell(car)
        key = "step_ahead" if lane == here else "step_left" if lane < here else "step_right"
        if not 1 <= lane <= data.LANES:
            key = "step_off_left" if lane < here else "step_off_right"
        label = tr(f"rushncrush.action.{key}", lane=lane)
        hazard = _hazard(view, lane, row + 1, car, tr)
        return f"{label} {hazard}".rstrip()

    def _push_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        car = _car(view, view.get("turn"))
        d_lane, d_row = PUSH_OFFSETS.get(rest, (0, 0))
        here, ahead = _cell(car)
        lane, row = here + d_lane, ahead + d_row
        victim = _car_on(view, lane, row, car["seat"] if car is not None else None)
        number = victim["seat"] + 1 if victim else "?"
        direction = tr(f"rushncrush.direction.{rest}")
        return tr("rushncrush.action.push", car=number, direction=direction)

    def _card_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        return tr(f"rushncrush.action.card_{rest}")

    def _order_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        """``order lucky 2`` reads "🍀 Lucky charm ➜ at a loss of 2+": the setting it makes."""
        key, _, setting = rest.partition(" ")
        if key not in data.ORDERS:
            return rest
        card = tr(f"rushncrush.card.{data.ORDERS[key][0]}")
        short = tr(f"rushncrush.order_short.{key}.{_setting_kind(setting)}", n=setting)
        return tr("rushncrush.action.order", icon=ORDER_ICONS[key], card=card, setting=short)

    def _grid_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        row, lane = rest.split()
        return tr("rushncrush.action.grid", row=row, lane=lane)

    def _trade_label(self, key: str) -> Callable[[str, RncPublicView, Tr], str]:
        return lambda rest, view, tr: tr(f"rushncrush.action.{key}", car=int(rest.split()[0]) + 1)

    def _kind_label(self, key: str) -> Callable[[str, RncPublicView, Tr], str]:
        return lambda rest, view, tr: tr(
            f"rushncrush.action.{key}", card=tr(f"rushncrush.card.{rest}")
        )

    def _accept_label(self, rest: str, view: RncPublicView, tr: Tr) -> str:
        """``accept <seat> <card given> <card wanted>``: the offer says what it is."""
        seat, give, want = rest.split()
        return tr(
            "rushncrush.action.accept",
            car=int(seat) + 1,
            give=tr(f"rushncrush.card.{give}"),
            want=tr(f"rushncrush.card.{want}"),
        )

    def action_group(self, action: str) -> str:
        word = action.split(" ", 1)[0]
        if word in ("accel", "decel", "gear", "hold", "brake", "go"):
            return "dashboard"
        return word

    # ---------------------------------------------------------------- pictures
    def panel_picture(self, view: View) -> str | None:
        """The private panel shows the player's own dashboard, with the gearbox."""
        return "dashboard" if _car(_public_view(view), view.get("seat")) is not None else None

    def board_buttons(self, match_id: int, tr: Tr) -> list[Any]:
        return [ZoomButton(self.game_name, match_id, tr("rushncrush.zoom.button"))]

    def zoom_part(self, view: View, seat: int | None, value: str | None, tr: Tr) -> ZoomPart:
        """🔍 Zoom: the stretch of the course starting nearest row ``value``, or the one
        with the clicker's car."""
        public = _public_view(view)
        starts = zoom_starts(public)
        asked = int(value) if value and value.lstrip("-").isdigit() else None
        wanted = zoom_start(public, seat) if asked is None else asked
        shown = min(starts, key=lambda first: abs(first - wanted))
        return ZoomPart(
            focus=f"zoom:{shown}",
            content=tr("rushncrush.zoom.shown", **zoom_span(public, shown, tr)),
            shown=str(shown),
            options=[
                (tr("rushncrush.zoom.stretch", **zoom_span(public, start, tr)), str(start))
                for start in starts
            ],
            placeholder=tr("rushncrush.zoom.choose"),
        )

    # ---------------------------------------------------------------- the account
    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        kept = [
            line
            for event in _without_echoes(events)
            for line in [self.event_line(event, view, names, tr)]
            if line
        ]
        while len(kept) > 1 and sum(len(line) + 3 for line in kept) > ACCOUNT_BUDGET:
            kept = kept[2:]
            kept.insert(0, "…")
        return kept

    def event_line(self, event: Json, view: View, names: list[str], tr: Tr) -> str:
        public = _public_view(view)
        kind = str(event.get("type"))
        key = f"rushncrush.event.{kind}"
        params = self._event_params(event, public, names, tr)
        if kind == "roll":
            key = f"rushncrush.event.roll_{event.get('test')}"
        elif kind in ("crash", "push_result", "lever", "wrecked"):
            detail = {
                "crash": event.get("into"),
                "push_result": event.get("result"),
                "lever": event.get("via"),
                "wrecked": event.get("cause"),
            }[kind]
            key = f"{key}_{detail}"
            if detail == "wedged" and event.get("against") is None:
                key += "_rock"
        elif kind == "temperature" and not event.get("rise"):
            key = "rushncrush.event.cooled"
        elif kind == "moved" and _crossed_finish(event, public):
            key = "rushncrush.event.moved_finish"
        return tr(key, **params) if tr.has(key) else ""

    def _event_params(self, event: Json, view: RncPublicView, names: list[str], tr: Tr) -> Json:
        params = dict(event)

        def name(seat: Any) -> str:
            if isinstance(seat, int) and 0 <= seat < len(names):
                return names[seat]
            return tr("rushncrush.nobody")

        params["player"] = name(event.get("seat"))
        if event.get("type") == "nails":
            params["count"] = event.get("tyres", 0)
        for field in ("other", "to", "against"):
            if field in event:
                params[field] = name(event[field])
        if "dice" in event:
            params["dice"] = _dice(event["dice"]) or tr("rushncrush.no_dice")
        if "row" in event and "course" in view:
            params["row"] = _physical(view, int(event["row"]))
            params["grid"] = 1 - int(event["row"])  # start grid rows 0, -1, -2 are 1, 2, 3
        if "heat" in event:
            params["mark"] = HEAT_MARKS.get(str(event["heat"]), "")
        if "kind" in event:
            params["card"] = tr(f"rushncrush.card.{event['kind']}")
        if "direction" in event:
            params["direction"] = tr(f"rushncrush.direction.{event['direction']}")
        if event.get("type") == "moved":
            path = event.get("path", [])
            params["spaces"] = max(0, len(path) - 1)
            params["lanes"] = ",".join(str(cell[0]) for cell in path[1:])
            end = path[-1] if path else [0, 0]
            params["lane"], params["row"] = end[0], _physical(view, int(end[1]))
        if event.get("type") == "race_over":
            winners = [name(seat) for seat in event.get("winners", [])]
            params["players"] = ", ".join(winners) or tr("rushncrush.nobody")
        if event.get("type") == "lane_changes":
            params["allowed"] = event.get("allowed")
        if event.get("type") == "crash" and event.get("into") == "car":
            params["own_tests"] = event.get("own_tests")
        return params

    # ---------------------------------------------------------------- the private panel
    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        return self._private_lines(_seat_view(view), tr)

    def _private_lines(self, view: RncSeatView, tr: Tr) -> list[str]:
        seat = view.get("seat")
        car = _car(view, seat)
        if car is None:
            return []
        lines = [self._dashboard_line(car, tr)]
        lines += self._reach_lines(view, car, tr)
        lines += self._situation_lines(view, seat, tr)
        lines += self._hand_lines(view.get("hand", []), tr)
        lines += self._order_lines(view, tr)
        lines += self._trade_lines(view, seat, tr)
        for event in view.get("events", []):
            if event.get("type") == "trade_cards":
                lines.append(
                    tr(
                        "rushncrush.private.traded",
                        gave=tr(f"rushncrush.card.{event['gave']}"),
                        got=tr(f"rushncrush.card.{event['got']}"),
                    )
                )
        return lines

    def _dashboard_line(self, car: CarView, tr: Tr) -> str:
        key = "rushncrush.private.out" if car["out"] else "rushncrush.private.dashboard"
        return tr(
            key,
            car=car["seat"] + 1,
            stop=_stop(car["gear"], car["speed"], tr),
            temp=car["temp"],
            armour=car["armour"],
            tyres=car["tyres"],
            brakes=car["brakes"],
            turbos=car["turbos"],
        )

    def _reach_lines(self, view: RncPublicView, car: CarView, tr: Tr) -> list[str]:
        """On your dashboard turn: every bubble the lever can reach, gear by gear."""
        if view.get("turn") != car.get("seat") or car.get("out"):
            return []
        reach = reachable_bubbles(car, str(view.get("phase")))
        if not reach:
            return []
        by_gear = [
            tr("rushncrush.reach_gear", gear=gear, stops=" ".join(_bubble(gear, s) for s in speeds))
            for gear in sorted({g for g, _ in reach})
            for speeds in [sorted(s for g2, s in reach if g2 == gear)]
            if gear
        ]
        if (0, 0) in reach:
            by_gear.insert(0, tr("rushncrush.neutral"))
        return [tr("rushncrush.private.reach", stops=" · ".join(by_gear))]

    def _situation_lines(self, view: RncPublicView, seat: int | None, tr: Tr) -> list[str]:
        lines = []
        move = view.get("move")
        if move and move["seat"] == seat:
            changes = move["changes"]
            lines.append(
                tr(
                    "rushncrush.private.move",
                    points=move["points"],
                    changes=tr("rushncrush.unlimited") if changes is None else changes,
                )
            )
        return lines

    def _hand_lines(self, hand: list[str], tr: Tr) -> list[str]:
        if not hand:
            return [tr("rushncrush.private.no_cards")]
        lines = [tr("rushncrush.private.cards")]
        for kind in sorted(set(hand), key=hand.index):
            count = hand.count(kind)
            title = tr(f"rushncrush.card.{kind}") + (f" ×{count}" if count > 1 else "")
            lines.append(f"• **{title}** — {tr(f'rushncrush.card_help.{kind}')}")
        return lines

    def _order_lines(self, view: RncSeatView, tr: Tr) -> list[str]:
        """The standing orders of the reaction cards this player holds."""
        hand, orders = view.get("hand", []), view.get("orders") or {}
        held = [key for key, (card, _, _) in data.ORDERS.items() if card in hand]
        if not held:
            return []
        lines = [tr("rushncrush.private.orders")]
        for key in held:
            setting = str(orders.get(key, data.ORDERS[key][2]))
            when = tr(f"rushncrush.order_when.{key}.{_setting_kind(setting)}", n=setting)
            card = tr(f"rushncrush.card.{data.ORDERS[key][0]}")
            lines.append(tr("rushncrush.order_line", icon=ORDER_ICONS[key], card=card, when=when))
        return lines

    def _trade_lines(self, view: RncPublicView, seat: int | None, tr: Tr) -> list[str]:
        mine = _my_trading(view)
        if not mine:
            return []
        lines = []
        for offer in mine.get("offers", []):
            key = "rushncrush.private.offer_sent" if offer["from"] == seat else ""
            key = key or "rushncrush.private.offer_received"
            lines.append(
                tr(
                    key,
                    car=(offer["to"] if offer["from"] == seat else offer["from"]) + 1,
                    give=tr(f"rushncrush.card.{offer['give']}"),
                    want=tr(f"rushncrush.card.{offer['want']}"),
                )
            )
        draft = mine.get("draft")
        if draft:
            lines.append(tr("rushncrush.private.draft", car=draft["to"] + 1))
        return lines


def _without_echoes(events: list[Json]) -> list[Json]:
    """The lane changes a driving test allows are said once: with the dice, unless a card
    (Ace driver) changed them."""
    kept: list[Json] = []
    for event in events:
        if event.get("type") == "lane_changes":
            thrown = next(
                (
                    e
                    for e in reversed(kept)
                    if e.get("type") == "roll" and e.get("test") == "driving"
                ),
                None,
            )
            if thrown is not None and thrown.get("result") == event.get("allowed"):
                continue
        kept.append(event)
    return kept


def _crossed_finish(event: Json, view: RncPublicView) -> bool:
    path = event.get("path") or [[0, 0]]
    return bool(path[-1][1] > view["course"]["length"])


def _tyres_spent(view: RncPublicView, lane: int, lanes: list[int]) -> int:
    """Tyres a drive burns: its lane changes beyond the allowance (None = unlimited; the
    first change is free when forcing the way after a rock)."""
    move = view.get("move")
    allowance = move["changes"] if move else None
    if move is None or allowance is None:
        return 0
    changes = 0
    for index, step in enumerate(lanes):
        previous = lanes[index - 1] if index else lane
        if step != previous and not (index == 0 and move["free_change"]):
            changes += 1
    return max(0, changes - int(allowance))


def _setting_kind(setting: str) -> str:
    return setting if setting in (data.ORDER_OFF, data.ORDER_FATAL) else "n"


def _rock_hazard(speed: int, tr: Tr) -> str:
    """A head-on into rock and what it costs at this speed."""
    if speed >= data.DEADLY_ROCK_SPEED:
        return tr("rushncrush.hazard.rock_deadly")
    if speed <= data.FREE_DRIVING_SPEED:
        return tr("rushncrush.hazard.rock_slow", lost=data.SLOW_ROCK_DAMAGE)
    dice, keep = data.ROCK_DAMAGE[speed]
    return tr(f"rushncrush.hazard.rock_{keep}", dice=dice)


def _hazard(view: RncPublicView, lane: int, row: int, car: CarView | None, tr: Tr) -> str:
    """What a single step into this cell runs into, as a short warning."""
    course = view["course"]
    cell = [lane, _physical(view, row)]
    if not 1 <= lane <= course["lanes"] or (row <= course["length"] and cell in course["rocks"]):
        return _rock_hazard(_lever(car)[1], tr)
    if row > course["length"]:
        return tr("rushncrush.hazard.finish")
    other = _car_on(view, lane, row, car["seat"] if car is not None else None)
    if other is not None:
        return tr("rushncrush.hazard.car", car=other["seat"] + 1)
    if any(wreck[:2] == cell for wreck in view.get("wrecks", [])):
        move = view.get("move")
        last_point = int(move["points"] if move else 0) <= 1
        return tr("rushncrush.hazard.wreck_stop" if last_point else "rushncrush.hazard.wreck")
    if cell in view.get("nails", []):
        return tr("rushncrush.hazard.nails")
    return ""


# ------------------------------------------------------------------ the zoom
def _display_row(view: RncPublicView, row: int) -> int:
    """Where a row is drawn: a loop once (past the finish, the column after it)."""
    course = view["course"]
    if int(course["laps"]) <= 1 or row <= 0:
        return row
    if row > int(course["length"]):
        return int(course["loop_rows"]) + 1
    return _physical(view, row)


def _drawn_rows(view: RncPublicView) -> tuple[int, int]:
    """The first and last rows a picture draws: the grid, the course (a loop once), one
    column past the finish."""
    course = view["course"]
    length = int(course["loop_rows"]) if int(course["laps"]) > 1 else int(course["length"])
    return 1 - int(course["grid_rows"]), length + 1


def zoom_starts(view: RncPublicView) -> list[int]:
    """The first rows of the stretches a zoom offers: together they cover the course."""
    first, last = _drawn_rows(view)
    final = max(first, last - ZOOM_ROWS + 1)
    return [*range(first, final, ZOOM_STEP), final]


def zoom_start(view: RncPublicView, seat: int | None) -> int:
    """Where a zoom opens: the stretch with the player's car (else the car on turn, else the
    last car) about a third of the way in."""
    cars = [c for c in view["cars"] if c["placed"] and not c["out"]]
    focus = next((c for c in cars if c["seat"] == seat), None) or next(
        (c for c in cars if c["seat"] == view.get("turn")), None
    )
    if focus is None and cars:
        focus = min(cars, key=lambda car: _display_row(view, int(car["row"])))
    row = _display_row(view, int(focus["row"])) if focus else _drawn_rows(view)[0]
    return min(zoom_starts(view), key=lambda start: abs(start - (row - ZOOM_ROWS // 3)))


def zoom_span(view: RncPublicView, start: int, tr: Tr) -> dict[str, str]:
    """The names of a stretch's first and last rows, as the picture's ruler names them."""
    _, last = _drawn_rows(view)

    def name(row: int) -> str:
        if row <= 0:
            return tr("render.rushncrush.grid_row", n=1 - row)
        return str(min(row, last - 1))

    return {"first": name(start), "last": name(min(start + ZOOM_ROWS - 1, last))}


class RushNCrushCog(
    RushNCrushPresenter, GameCog, group_name="rushncrush", group_description="Play Rush'n'Crush"
):
    """The /rushncrush commands: ``new`` and its course options (``rules`` is shared)."""

    @app_commands.command(name="new", description="Open a Rush'n'Crush lobby in this channel")
    @app_commands.describe(
        opponent="Invite someone to race against you",
        ai="How many AI cars join the race (0-5)",
        course="The course: a preset, or Custom with your own faces",
        faces="Custom course: module faces in order, e.g. 1A 4B 7A",
        laps="Laps of a loop course (Oval or Custom), 1-5",
        trading="Let players swap equipment cards before the start",
        thread=SHARED_OPTIONS["thread"],
        time_limit=SHARED_OPTIONS["time_limit"],
    )
    @app_commands.choices(course=COURSE_CHOICES)
    @app_commands.choices(time_limit=time_limit_choices())
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: app_commands.Range[int, 0, 5] = 0,
        course: str | None = None,
        faces: str | None = None,
        laps: app_commands.Range[int, 1, 5] | None = None,
        trading: bool = False,
        thread: bool = False,
        time_limit: int = 0,
    ) -> None:
        if faces and course not in (None, CUSTOM):
            tr = Tr(interaction.locale)
            await self.bot.table.reply_private(
                interaction, tr("rushncrush.error.faces_need_custom")
            )
            return
        await self.open_lobby(
            interaction,
            options=self.course_options(course, faces, laps, trading),
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=time_limit,
        )

    @staticmethod
    def course_options(
        course: str | None, faces: str | None, laps: int | None, trading: bool
    ) -> dict[str, Any]:
        """The engine's options. Faces alone mean a custom course; laps are kept only where
        the engine races laps (a loop preset or a custom course), so the lobby shows no
        lap count a sprint would ignore."""
        name = course or (CUSTOM if faces else "sprint")
        options: dict[str, Any] = {"course": name, "trading": trading}
        if name == CUSTOM:
            options["faces"] = faces or ""
            options["laps"] = laps or 1
        elif laps is not None and course_from_options({"course": name}).laps > 1:
            options["laps"] = laps
        return options


async def setup(bot: TableHost) -> None:
    await bot.add_cog(RushNCrushCog(bot))
