"""How each Rush Out! event reads in the public account: one sentence per event type.

Events stay loosely typed (``dict[str, Any]``, as the engine reports them); the view an
event is told with is the typed public view."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.rushout import data
from bot.games.rushout.views import RushOutPublicView
from bot.i18n import Tr
from cogs.rushout.words import (
    Json,
    card_words,
    dragon_place,
    effect_word,
    face_word,
    icons,
    item_text,
    kind_word,
    names_text,
    seat_name,
    target_name,
)

#: Tells one event in a sentence ("" for none).
Teller = Callable[[Json, RushOutPublicView, list[str], Tr], str]

#: Events that would flood a live board (the picture shows where dice are).
LIVE_UNTOLD = frozenset({"placed", "recalled", "checked"})
#: Events never told: the picture or another event's sentence says it already.
UNTOLD = frozenset({"threw", "revealed", "invoked", "game_over"})


# ---------------------------------------------------------------- one sentence per event
def _camp_key(event: Json) -> str:
    return "sorcerer" if event.get("camp") == "sorcerer" else "heroes"


def _completed_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    """Completions another event tells better (a spell, a gold coin, a heal) stay silent."""
    code = str(event.get("target", ""))
    card = data.CARDS.get(str(event.get("card")))
    letter, camp = code[:1], _camp_key(event)
    if card is not None and card.kind == data.GOLD:
        return ""  # the "gold" event tells who took it
    if camp == "heroes" and letter == "t" and card is not None and card.kind != data.CONFRONTATION:
        return tr("rushout.event.completed_trial", card=card_words(card.id, tr))
    if camp == "heroes" and letter == "c" and card is not None:
        return tr("rushout.event.completed_hex", card=card_words(card.id, tr))
    if camp == "sorcerer" and letter == "t":
        return tr(
            "rushout.event.completed_confrontation", target=target_name(code, view, tr, plain=True)
        )
    if camp == "sorcerer" and letter == "x":
        return tr("rushout.event.completed_scroll")
    return ""  # a spell, the dragon tile, a wound, a confrontation: told by what follows


def _spell_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    kind = str(event.get("kind"))
    return tr(
        "rushout.event.spell",
        kind=kind_word(kind, tr),
        effect=effect_word(str(event.get("effect", "")), kind, tr),
    )


def _dragon_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    steps = int(event.get("steps", 0))
    where = dragon_place(int(event.get("position", 0)), tr)
    if steps < 0:
        return tr("rushout.event.dragon_back", place=where)
    return tr("rushout.event.dragon", steps=steps, place=where)


def _pushed_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    dice = [die for die in event.get("dice", []) if isinstance(die, dict)]
    if not dice:
        return tr("rushout.event.pushed_nothing")
    seats = list(dict.fromkeys(die.get("seat") for die in dice))
    return tr(
        "rushout.event.pushed",
        dice=icons([str(die.get("face")) for die in dice]),
        target=target_name(str(event.get("target", "")), view, tr, plain=True),
        players=names_text(seats, names),
    )


def _aimed_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    card = data.CARDS.get(str(event.get("card")))
    effect = effect_word(card.effect, card.kind, tr) if card else "?"
    return tr("rushout.event.aimed", effect=effect, player=seat_name(event.get("seat"), names))


def _taken_back_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    die = icons([str(event.get("face"))])
    return tr("rushout.event.taken_back", player=seat_name(event.get("seat"), names), die=die)


def _cursed_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(f"rushout.event.cursed_{event.get('curse')}")


def _wounded_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    seats = list(event.get("seats", []))
    if not seats:
        return tr("rushout.event.wounded_nobody")
    return tr("rushout.event.wounded", players=names_text(seats, names))


def _souls_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.souls",
        taken=event.get("taken", 0),
        total=event.get("total", 0),
        pool=event.get("pool", 0),
    )


def _seat_line(key: str) -> Teller:
    """A sentence naming the event's player, nothing else."""

    def line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
        return tr(key, player=seat_name(event.get("seat"), names))

    return line


def _drained_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.drained", players=names_text(list(event.get("seats", [])), names))


def _xp_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.xp", player=seat_name(event.get("seat"), names), xp=event.get("xp", 0))


def _life_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.life", lives=event.get("lives", 0), count=event.get("lives", 0))


def _gold_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(f"rushout.event.gold_{_camp_key(event)}")


def _discarded_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    if event.get("why") == "silence":
        return tr("rushout.event.discarded_silence")
    return tr(f"rushout.event.discarded_{_camp_key(event)}_gold")


def _placed_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.placed",
        player=seat_name(event.get("seat"), names),
        dice=icons([str(face) for face in event.get("faces", [])]),
        target=target_name(str(event.get("target", "")), view, tr, plain=True),
    )


def _recalled_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.recalled",
        player=seat_name(event.get("seat"), names),
        count=event.get("dice", 0),
        target=target_name(str(event.get("target", "")), view, tr, plain=True),
    )


def _flipped_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    old, new = str(event.get("from")), str(event.get("to"))
    return tr("rushout.event.flipped", old=face_word(old, tr), new=face_word(new, tr))


def _swapped_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    code = str(event.get("target", ""))
    number = int(code[1:]) + 1 if code[1:].isdigit() else 0
    return tr("rushout.event.swapped", number=number, card=card_words(str(event.get("card")), tr))


def _faculty_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    faculty = str(event.get("faculty"))
    args = [str(arg) for arg in event.get("args", [])]
    other = seat_name(int(args[0]), names) if args and args[0].isdigit() else ""
    face = face_word(args[1], tr) if len(args) > 1 else ""
    return tr(
        f"rushout.event.faculty_{faculty}",
        player=seat_name(event.get("seat"), names),
        other=other,
        face=face,
    )


def _bought_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.bought",
        player=seat_name(event.get("seat"), names),
        item=item_text(str(event.get("item")), tr),
    )


def _round_won_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    if view["trophies"] is None:
        return ""  # a training: the result line says it
    return tr(
        f"rushout.event.round_won_{_camp_key(event)}",
        round=event.get("round", 0),
        reason=tr(f"rushout.reason.{event.get('reason')}"),
    )


def _market_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    gold = event.get("gold") or {}
    return tr(
        "rushout.event.market", heroes=gold.get("heroes", 0), sorcerer=gold.get("sorcerer", 0)
    )


def _round_started_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    """Live, the sorcerer throws first; in pulses everyone may throw from the start."""
    key = (
        "rushout.event.round_started_pulse"
        if view["play"] == "pulse"
        else "rushout.event.round_started"
    )
    return tr(key, round=event.get("round", 1))


def _pulse_ended_line(event: Json, view: RushOutPublicView, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.pulse_ended", pulse=event.get("pulse", 0))


EVENT_LINES: dict[str, Teller] = {
    "placed": _placed_line,
    "recalled": _recalled_line,
    "completed": _completed_line,
    "spell": _spell_line,
    "dragon": _dragon_line,
    "pushed": _pushed_line,
    "aimed": _aimed_line,
    "taken_back": _taken_back_line,
    "cursed": _cursed_line,
    "wounded": _wounded_line,
    "souls": _souls_line,
    "healed": _seat_line("rushout.event.healed"),
    "drained": _drained_line,
    "xp": _xp_line,
    "life": _life_line,
    "gold": _gold_line,
    "discarded_top": _discarded_line,
    "checked": _seat_line("rushout.event.checked"),
    "flipped": _flipped_line,
    "swapped": _swapped_line,
    "faculty": _faculty_line,
    "bought": _bought_line,
    "done": _seat_line("rushout.event.done"),
    "spoke": _seat_line("rushout.event.spoke"),
    "round_won": _round_won_line,
    "market": _market_line,
    "round_started": _round_started_line,
    "pulse_ended": _pulse_ended_line,
}
