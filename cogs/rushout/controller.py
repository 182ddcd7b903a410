"""The lines of a Rush Out! player's controller (the private panel): role, dice, curses,
scores, read from the seat's typed view and its ``me``."""

from __future__ import annotations

from bot.games.rushout import data
from bot.games.rushout.views import MeView, RushOutPublicView, RushOutSeatView
from bot.i18n import Tr
from cogs.rushout.words import (
    READY_MARGIN,
    camp_count,
    cooldown_left,
    curse_counts,
    decimal_text,
    effect_word,
    face_word,
    hero_of,
    icon,
    my_dice,
    per_seat,
    target_name,
    throws_left,
)


# ---------------------------------------------------------------- controller lines
def role_lines(view: RushOutPublicView, me: MeView, tr: Tr) -> list[str]:
    if me["camp"] == "sorcerer":
        return [tr("rushout.private.sorcerer")]
    hero = hero_of(view, me["seat"])
    if hero is None:
        return []
    lines = [
        tr(
            "rushout.private.hero",
            hero=tr(f"render.rushout.hero_{hero['hero']}"),
            colour=tr(f"rushout.colour.{hero['colour']}"),
            skill=face_word(hero["skill"], tr),
        )
    ]
    extras = [face_word(item["joker_as"], tr) for item in hero["equipment"]]
    if extras:
        lines.append(tr("rushout.private.equipment", faces=", ".join(dict.fromkeys(extras))))
    return lines


def market_lines(view: RushOutPublicView, me: MeView, tr: Tr) -> list[str]:
    seat = me["seat"]
    if per_seat(view["clock"]["done"], seat):
        return [tr("rushout.private.market_done")]
    gold = camp_count(view["gold"], me["camp"])
    return [tr("rushout.private.market", gold=gold)]


def play_lines(view: RushOutSeatView, me: MeView, tr: Tr) -> list[str]:
    pending = view["sorcerer"]["pending"]
    if me["camp"] == "sorcerer" and pending:
        card = data.CARDS.get(pending["card"])
        effect = effect_word(pending["effect"], card.kind if card else "", tr)
        return [tr("rushout.private.choose", effect=effect)]
    dice = my_dice(view)
    lines = []
    hero = hero_of(view, me["seat"])
    if hero and hero["must_check"]:
        lines.append(tr("rushout.private.must_check"))
    fresh = me["fresh"]
    if fresh:
        lines.append(tr("rushout.private.fresh", dice=" · ".join(face_word(f, tr) for f in fresh)))
    if dice and dice["on"]:
        target = target_name(dice["on"], view, tr)
        lines.append(tr("rushout.private.placed", count=dice["placed"], target=target))
    if dice and dice["condemned"]:
        lines.append(tr("rushout.private.condemned"))
    throw = throw_line(view, me, tr)
    return [*lines, throw] if throw else lines


def throw_line(view: RushOutPublicView, me: MeView, tr: Tr) -> str:
    """Live: the cooldown, or the sorcerer's first throw awaited. Pulses: which pulse it is,
    and the throws left in it or that the seat is done with it (a new pulse always shows)."""
    seat = me["seat"]
    if view["play"] == "pulse":
        pulse = view["clock"]["pulse"] or 1
        if per_seat(view["clock"]["done"], seat):
            return tr("rushout.private.pulse_done", pulse=pulse)
        left = throws_left(view, seat) or 0
        return tr("rushout.private.throws_left", pulse=pulse, count=left)
    if me["camp"] != "sorcerer" and not view["started"]:
        return tr("rushout.private.wait_sorcerer")
    wait = cooldown_left(view, seat)
    if wait > READY_MARGIN:
        return tr("rushout.private.cooldown", seconds=decimal_text(wait, tr))
    return tr("rushout.private.ready") if "throw" in me["actions"] else ""


def curse_lines(view: RushOutPublicView, me: MeView, tr: Tr) -> list[str]:
    seat, hero = me["seat"], me["camp"] != "sorcerer"
    lines = [
        tr(f"rushout.private.curse_{curse}" + ("" if hero else "_sorcerer"))
        for curse, count in curse_counts(view["curses"]).items()
        if count
    ]
    facing = [
        effect_word(card["effect"], card["kind"], tr)
        for card in view["hexes"]
        if card["aimed"] == seat
    ]
    if facing:
        lines.append(tr("rushout.private.facing", effects=", ".join(facing)))
    mine = hero_of(view, seat) if hero else None
    if mine and mine["wounded"]:
        lines.append(tr("rushout.private.wounded", skill=icon(mine["skill"])))
    return lines


def score_line(view: RushOutPublicView, me: MeView, tr: Tr) -> str:
    parts = []
    trophies = view["trophies"]
    if trophies:
        parts.append(
            tr("rushout.private.trophies", heroes=trophies["heroes"], sorcerer=trophies["sorcerer"])
        )
    lives = view["lives"]
    if lives is not None:
        parts.append(tr("rushout.private.lives", lives=lives))
    souls = view["souls"]
    if souls:
        parts.append(tr("rushout.private.souls", taken=souls["taken"], pool=souls["pool"]))
    gold = view["gold"]
    if gold and view["phase"] == "play":
        parts.append(tr("rushout.private.gold", gold=camp_count(gold, me["camp"])))
    hero = hero_of(view, me["seat"]) if me["camp"] != "sorcerer" else None
    if hero and hero["faculty"]:
        parts.append(tr("rushout.private.xp", xp=hero["xp"], cost=hero["faculty_cost"]))
    return " · ".join(parts)
