"""Rush Out! in Discord: the /rushout commands and how its actions, events and controller read.

Nobody takes turns: every player throws and places dice at any time from a private panel,
the **controller** (the board's "🎮 My controller" button). Faces are shown as emoji, the
same pictures the board draws (🗡 a sword, 🌱 a sprout...), never as the engine's letters.
The public account tells what changes the game (completed cards, spells, the dragon,
wounds, curses, rounds, the market, pulse ends), not every throw: a live match makes
dozens of those a minute. The rules stay in the engine; this module only names what the
engine offers and tells what it reports.

Time: the throw button shows the cooldown left, read from ``view["clock"]``: ``now`` is the
match time the platform sets before asking for labels, ``ready_at`` each seat's next
allowed throw (same time base).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.games import rushout_data as data
from bot.games.base import View
from bot.i18n import Tr
from cogs._host import TableHost
from cogs._match import LABEL_LIMIT, SHARED_OPTIONS, GameCog

Json = dict[str, Any]
#: Labels one action from its words after the verb (None: not understood).
Labeller = Callable[[list[str], View, Tr], str | None]
#: Tells one event in a sentence ("" for none).
Teller = Callable[[Json, View, list[str], Tr], str]

MAX_AI = 4
MAX_THROWS_PER_PULSE = 6
FACE_ICONS = {
    data.FIRE: "🔥",
    data.SWORD: "🗡",
    data.STEP: "👣",
    data.KEY: "🔑",
    data.HEART: "❤",
    data.JOKER: "✨",
    data.PLANT: "🌱",
    data.WATER: "💧",
    data.AIR: "💨",
    data.LIGHTNING: "⚡",
    data.FLAME: "☄",
}
#: A cooldown shorter than this is shown as over (the click takes longer anyway).
READY_MARGIN = 0.05
MODE_CHOICES = [app_commands.Choice(name=mode.title, value=key) for key, mode in data.MODES.items()]
SORCERER_CHOICES = [
    app_commands.Choice(name="Me", value="0"),
    app_commands.Choice(name="At random", value="random"),
    app_commands.Choice(name="The invited player", value="1"),
]
PLAY_CHOICES = [
    app_commands.Choice(name="Live", value="live"),
    app_commands.Choice(name="Pulses", value="pulse"),
]
COOLDOWN_CHOICES = [
    app_commands.Choice(name=f"{seconds:g} s", value=seconds) for seconds in (1.5, 2.5, 4.0, 6.0)
]
PULSE_CHOICES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in (
        ("1 min", 60),
        ("5 min", 300),
        ("15 min", 900),
        ("1 hour", 3600),
        ("4 hours", 4 * 3600),
        ("12 hours", 12 * 3600),
    )
]
#: Events that would flood a live board (the picture shows where dice are).
LIVE_UNTOLD = frozenset({"placed", "recalled", "checked"})
#: Events never told: the picture or another event's sentence says it already.
UNTOLD = frozenset({"threw", "revealed", "invoked", "game_over"})
#: Mode features, in the order the rules tell them.
FEATURES = ("dragon", "rounds", "gold", "souls", "lives", "experience")
#: Discord's limits for an embed.
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_FIELD_LIMIT = 1024


# ---------------------------------------------------------------- small words
def icon(face: str) -> str:
    return FACE_ICONS.get(face, face)


def icons(faces: list[str] | tuple[str, ...]) -> str:
    """``🗡🗡👣``: dice or slots, side by side."""
    return "".join(icon(face) for face in faces)


def face_word(face: str, tr: Tr) -> str:
    """``🗡 Sword``: a face with its name, where there is room."""
    if face == data.ANY_SYMBOL:
        return tr("rushout.any_symbol")
    return f"{icon(face)} {tr(f'render.rushout.face_{face}')}"


def decimal_text(value: float, tr: Tr) -> str:
    """``1.5`` / ``1,5``; a whole number without decimals."""
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", ",") if tr.language == "fr" else text


def duration_text(seconds: float, tr: Tr) -> str:
    minutes = round(seconds / 60)
    if minutes >= 60 and minutes % 60 == 0:
        return tr("render.rushout.hours", count=minutes // 60)
    return tr("render.rushout.minutes", count=minutes)


def hero_of(view: View, seat: int) -> Json | None:
    return next((hero for hero in view.get("heroes", []) if hero.get("seat") == seat), None)


def hero_word(view: View, seat: int, tr: Tr) -> str:
    """``Warrior``: a hero as a label names it (labels know no player names)."""
    hero = hero_of(view, seat)
    return tr(f"render.rushout.hero_{hero['hero']}") if hero else "?"


def effect_word(effect: str, kind: str, tr: Tr) -> str:
    key = f"render.rushout.effect_{effect or kind}"
    return tr(key) if tr.has(key) else tr(f"render.rushout.kind_{kind}")


def kind_word(kind: str, tr: Tr) -> str:
    key = f"render.rushout.kind_{kind}"
    return tr(key) if tr.has(key) else kind


def card_words(card_id: str, tr: Tr) -> str:
    """A card named by what it is: ``Trial 🗡🗡👣``, ``Curse · Silence``."""
    card = data.CARDS.get(card_id)
    if card is None:
        return card_id
    if card.kind in data.TRIAL_KINDS or card.kind == data.INVOCATION:
        return f"{kind_word(card.kind, tr)} {icons(card.hero)}"
    return f"{kind_word(card.kind, tr)} · {effect_word(card.effect, card.kind, tr)}"


def seat_name(seat: Any, names: list[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def names_text(seats: list[Any], names: list[str]) -> str:
    return ", ".join(seat_name(seat, names) for seat in seats)


# ---------------------------------------------------------------- cards and targets
def _indexed(cards: list[Any], text: str) -> Json | None:
    if not text.isdigit() or int(text) >= len(cards):
        return None
    card = cards[int(text)]
    return card if isinstance(card, dict) else None


def card_at(code: str, view: View) -> Json | None:
    """The card or tile (as the view shows it) at a target code: ``t1``, ``d``, ``w2``..."""
    letter, rest = code[:1], code[1:]
    if code == "d":
        dragon = view.get("dragon") or {}
        return dragon.get("tile")
    if letter == "t":
        return _indexed(view.get("trials", []), rest)
    if letter == "s":
        return _indexed(view.get("spells", []), rest)
    if letter == "c":
        return _indexed(view.get("hexes", []), rest)
    if letter == "w" and rest.isdigit():
        hero = hero_of(view, int(rest))
        return hero.get("wound") if hero else None
    if letter == "x":
        scroll = _indexed((view.get("sorcerer") or {}).get("scrolls", []), rest)
        return scroll.get("card") if scroll else None
    return None


def _trial_name(number: int, card: Json | None, tr: Tr) -> str:
    name = tr("rushout.target.trial", number=number)
    kind = card.get("kind") if card else None
    return name + (
        f" {tr(f'rushout.target.mark_{kind}')}" if kind in ("gold", "confrontation") else ""
    )


def _hex_name(card: Json | None, view: View, tr: Tr) -> str:
    if card is None:
        return tr("rushout.target.hex")
    effect = effect_word(str(card.get("effect", "")), str(card.get("kind")), tr)
    aimed = card.get("aimed")
    if isinstance(aimed, int):
        return tr("rushout.target.aimed", effect=effect, hero=hero_word(view, aimed, tr))
    return tr("rushout.target.curse", effect=effect)


def _scroll_name(code: str, view: View, tr: Tr) -> str:
    scroll = _indexed((view.get("sorcerer") or {}).get("scrolls", []), code[1:])
    power = scroll.get("power") if scroll else None
    return tr(
        f"rushout.target.scroll_{power}"
        if power in ("fire", "lightning")
        else "rushout.target.scroll"
    )


def target_name(code: str, view: View, tr: Tr, *, plain: bool = False) -> str:
    """``Trial 2``, ``Spell 1 · Confusion``, ``Dragon tile``, ``Wound · Bard``...

    ``plain``: a trial or spell slot by its number only, as an event tells it (the view is
    the one after the event, where another card may lie there already)."""
    letter, rest = code[:1], code[1:]
    card = card_at(code, view)
    number = int(rest) + 1 if rest.isdigit() else 0
    if code == "d":
        return tr("render.rushout.dragon_tile")
    if plain and letter in "ts":
        key = "rushout.target.trial" if letter == "t" else "render.rushout.spell"
        return tr(key, number=number)
    if letter == "t":
        return _trial_name(number, card, tr)
    if letter == "s":
        kind = kind_word(str(card.get("kind")), tr) if card else "?"
        return tr("rushout.target.spell", number=number, kind=kind)
    if letter == "w" and rest.isdigit():
        return tr("rushout.target.wound", hero=hero_word(view, int(rest), tr))
    if letter == "c":
        return _hex_name(card, view, tr)
    if letter == "x":
        return _scroll_name(code, view, tr)
    return code


def side_slots(card: Json | None, camp: str) -> list[Json]:
    if card is None:
        return []
    return list(card.get("sorcerer_slots" if camp == "sorcerer" else "hero_slots") or [])


def my_dice(view: View) -> Json:
    """The dice of the seat whose controller this is: {fresh, on, placed, condemned, total}."""
    me = view.get("me") or {}
    sorcerer = view.get("sorcerer") or {}
    if me.get("camp") == "sorcerer":
        return dict(sorcerer.get("dice") or {})
    hero = hero_of(view, int(me.get("seat", -1)))
    return dict(hero.get("dice") or {}) if hero else {}


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


class RushOutCog(GameCog, group_name="rushout", group_description="Play Rush Out!"):
    game_name = "rushout"
    private_actions = True
    hand_label_key = "rushout.controller"

    @app_commands.command(name="new", description="Open a Rush Out! lobby in this channel")
    @app_commands.describe(
        opponent=SHARED_OPTIONS["opponent"],
        thread=SHARED_OPTIONS["thread"],
        ai="Number of AI players (0 to 4); the game needs 3 to 5 players",
        mode="Training 1 to learn, then Training 2 and Scenarios 1 to 6",
        sorcerer="Who plays the sorcerer against the heroes",
        play="Live: real time; Pulses: a number of throws per pulse, play when you can",
        cooldown="Live: the wait between two throws of a player",
        pulse="Pulses: how long a pulse lasts",
        throws="Pulses: throws each player gets per pulse (1 to 6)",
        handicap="Help beginner heroes: two trial cards are set aside unseen",
    )
    @app_commands.choices(mode=MODE_CHOICES, sorcerer=SORCERER_CHOICES, play=PLAY_CHOICES)
    @app_commands.choices(cooldown=COOLDOWN_CHOICES)
    @app_commands.choices(pulse=PULSE_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        ai: app_commands.Range[int, 0, MAX_AI] = 0,
        mode: str = data.DEFAULT_MODE,
        sorcerer: str = "0",
        play: str = "live",
        cooldown: float = data.DEFAULT_COOLDOWN,
        pulse: int = int(data.DEFAULT_PULSE_SECONDS),
        throws: app_commands.Range[int, 1, MAX_THROWS_PER_PULSE] = data.DEFAULT_THROWS_PER_PULSE,
        handicap: bool = False,
        thread: bool = False,
    ) -> None:
        await self.open_lobby(
            interaction,
            options=engine_options(mode, sorcerer, play, cooldown, pulse, throws, handicap),
            opponent=opponent,
            ai=ai,
            thread=thread,
            time_limit=0,
        )

    @app_commands.command(name="rules", description="How to play this game")
    @app_commands.describe(mode="The mode whose rules to show (all modes listed if none)")
    @app_commands.choices(mode=MODE_CHOICES)
    async def rules(  # type: ignore[override]  # the shared command, with a mode to pick
        self, interaction: discord.Interaction, mode: str | None = None
    ) -> None:
        embed = rules_embed(mode, Tr(interaction.locale))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def option_text(self, key: str, value: Any, tr: Tr) -> str:
        if key == "cooldown" and isinstance(value, int | float):
            return tr("rushout.seconds", seconds=decimal_text(float(value), tr))
        if key == "pulse_seconds" and isinstance(value, int | float):
            return duration_text(float(value), tr)
        return super().option_text(key, value, tr)

    # ---------------------------------------------------------------- action labels
    def action_label(self, action: str, view: View, tr: Tr) -> str:
        words = action.split()
        if not words:
            return action
        verb, args = words[0], words[1:]
        labeller = ACTION_LABELS.get(verb)
        label = labeller(args, view, tr) if labeller else None
        return (label or action)[:LABEL_LIMIT]

    def action_group(self, action: str) -> str:
        """Placements share menus; the few other actions share one."""
        verb = action.split(" ", 1)[0]
        return verb if verb in ("place", "buy", "push", "aim", "wound", "drain") else "play"

    # ---------------------------------------------------------------- the account
    def event_lines(
        self, events: list[dict[str, Any]], view: View, names: list[str], tr: Tr
    ) -> list[str]:
        return [line for event in events if (line := self.event_line(event, view, names, tr))]

    def event_line(self, event: Json, view: View, names: list[str], tr: Tr) -> str:
        """One event in a sentence; "" for an event deliberately not told."""
        kind = str(event.get("type"))
        if kind in UNTOLD or (kind in LIVE_UNTOLD and view.get("play") != "pulse"):
            return ""
        teller = EVENT_LINES.get(kind)
        return teller(event, view, names, tr) if teller else ""

    def outcome_reason(self, reason: str, tr: Tr) -> str:
        key = f"rushout.reason.{reason}"
        return tr(key) if tr.has(key) else tr(f"reason.{reason}")

    # ---------------------------------------------------------------- the controller
    def private_lines(self, view: View, names: list[str], tr: Tr) -> list[str]:
        me = view.get("me")
        if not isinstance(me, dict):
            return []
        lines = role_lines(view, me, tr)
        phase = view.get("phase")
        if phase == "over":
            lines.append(tr("rushout.private.over"))
        elif phase == "market":
            lines += market_lines(view, me, tr)
        else:
            lines += play_lines(view, me, tr)
            lines += curse_lines(view, me, tr)
        score = score_line(view, me, tr)
        return [*lines, score] if score else lines


def engine_options(
    mode: str, sorcerer: str, play: str, cooldown: float, pulse: int, throws: int, handicap: bool
) -> Json:
    """The lobby's options as the engine reads them (only those of the chosen play)."""
    options: Json = {
        "mode": mode if mode in data.MODES else data.DEFAULT_MODE,
        "sorcerer": "random" if sorcerer == "random" else int(sorcerer == "1"),
        "play": "pulse" if play == "pulse" else "live",
        "handicap": handicap,
    }
    if options["play"] == "pulse":
        options["pulse_seconds"] = int(pulse)
        options["throws_per_pulse"] = int(throws)
    else:
        options["cooldown"] = float(cooldown)
    return options


# ---------------------------------------------------------------- one labeller per verb
def _seat(view: View) -> int:
    return int((view.get("me") or {}).get("seat", -1))


def _camp(view: View) -> str:
    return str((view.get("me") or {}).get("camp", "heroes"))


def _per_seat(values: Any, seat: int) -> Any:
    return values[seat] if isinstance(values, list) and 0 <= seat < len(values) else None


def cooldown_left(view: View, seat: int) -> float:
    """Seconds before ``seat`` may throw again, at ``view["clock"]["now"]``."""
    clock = view.get("clock") or {}
    ready, now = _per_seat(clock.get("ready_at"), seat), clock.get("now")
    if not isinstance(ready, int | float) or not isinstance(now, int | float):
        return 0.0
    return max(0.0, float(ready) - float(now))


def throws_left(view: View, seat: int) -> int | None:
    left = _per_seat((view.get("clock") or {}).get("throws_left"), seat)
    return left if isinstance(left, int) else None


def _throw_label(args: list[str], view: View, tr: Tr) -> str:
    seat = _seat(view)
    if view.get("play") == "pulse":
        return tr("rushout.action.throw_left", count=throws_left(view, seat) or 0)
    wait = cooldown_left(view, seat)
    if wait > READY_MARGIN:
        return tr("rushout.action.throw_wait", seconds=decimal_text(wait, tr))
    return tr("rushout.action.throw")


def _place_label(args: list[str], view: View, tr: Tr) -> str | None:
    if not args or not all(arg.isdigit() for arg in args[1:]):
        return None
    code, slots = args[0], [int(arg) for arg in args[1:]]
    side = side_slots(card_at(code, view), _camp(view))
    if not side or any(slot >= len(side) for slot in slots):
        return None
    filled = sum(1 for spot in side if spot.get("face")) + len(slots)
    card = card_at(code, view) or {}
    progress = f"{filled}/{len(side)}"
    if filled == len(side):
        progress = "🐉" if card.get("dragon") else "✅"
    return tr(
        "rushout.action.place",
        dice=icons([str(side[slot]["symbol"]) for slot in slots]),
        target=target_name(code, view, tr),
        progress=progress,
    )


def _recall_label(args: list[str], view: View, tr: Tr) -> str:
    on = my_dice(view).get("on")
    target = target_name(str(on), view, tr) if on else "?"
    if not args:
        return tr("rushout.action.recall", target=target)
    side = side_slots(card_at(str(on), view), _camp(view)) if on else []
    slot = int(args[0]) if args[0].isdigit() else -1
    face = side[slot].get("face") if 0 <= slot < len(side) else None
    return tr("rushout.action.recall_one", die=icon(str(face or "?")), target=target)


def _push_label(args: list[str], view: View, tr: Tr) -> str:
    if not args:
        return tr("rushout.action.push_nothing")
    target = target_name(args[0], view, tr)
    side = side_slots(card_at(args[0], view), "heroes")
    if len(args) == 1:
        count = sum(1 for spot in side if spot.get("face"))
        return tr("rushout.action.push_all", target=target, count=count)
    slot = int(args[1]) if args[1].isdigit() else -1
    spot = side[slot] if 0 <= slot < len(side) else {}
    seat = spot.get("seat")
    return tr(
        "rushout.action.push_one",
        die=icon(str(spot.get("face") or "?")),
        hero=hero_word(view, seat, tr) if isinstance(seat, int) else "?",
        target=target,
    )


def _hero_args(args: list[str], view: View, tr: Tr) -> list[str]:
    return [hero_word(view, int(arg), tr) if arg.isdigit() else arg for arg in args]


def _aim_label(args: list[str], view: View, tr: Tr) -> str:
    pending = (view.get("sorcerer") or {}).get("pending") or {}
    card = data.CARDS.get(str(pending.get("card")))
    effect = effect_word(card.effect, card.kind, tr) if card else "?"
    return tr("rushout.action.aim", effect=effect, hero=" ".join(_hero_args(args, view, tr)))


def _wound_label(args: list[str], view: View, tr: Tr) -> str:
    if not args:
        return tr("rushout.action.wound_nobody")
    heroes = tr("rushout.and").join(_hero_args(args, view, tr))
    return tr("rushout.action.wound", heroes=heroes)


def _drain_label(args: list[str], view: View, tr: Tr) -> str:
    if not args or not args[0].isdigit():
        return tr("rushout.action.drain_nobody")
    hero = hero_of(view, int(args[0])) or {}
    return tr("rushout.action.drain", hero=hero_word(view, int(args[0]), tr), xp=hero.get("xp", 0))


def _spend_label(args: list[str], view: View, tr: Tr) -> str:
    return tr("rushout.action.spend", count=data.GOLD_PER_DISCARD)


def _check_label(args: list[str], view: View, tr: Tr) -> str:
    return tr("rushout.action.check")


def _flip_label(args: list[str], view: View, tr: Tr) -> str | None:
    if len(args) != 2:
        return None
    return tr("rushout.action.flip", old=face_word(args[0], tr), new=face_word(args[1], tr))


def _swap_label(args: list[str], view: View, tr: Tr) -> str | None:
    return tr("rushout.action.swap", target=target_name(args[0], view, tr)) if args else None


def _bard_label(args: list[str], view: View, tr: Tr) -> str | None:
    if len(args) != 2 or not args[0].isdigit():
        return None
    hero = hero_word(view, int(args[0]), tr)
    return tr("rushout.action.bard", die=face_word(args[1], tr), hero=hero)


def _tracker_label(args: list[str], view: View, tr: Tr) -> str | None:
    return tr("rushout.action.tracker", target=target_name(args[0], view, tr)) if args else None


def _warrior_label(args: list[str], view: View, tr: Tr) -> str:
    return tr("rushout.action.warrior")


def _cleric_label(args: list[str], view: View, tr: Tr) -> str | None:
    return tr("rushout.action.cleric", hero=" ".join(_hero_args(args, view, tr))) if args else None


def item_text(item: str, tr: Tr) -> str:
    """What a market item does: ``Joker also = 🔥 Fire``, ``Scroll: 🌱 ↔ 💧``."""
    if item in data.EQUIPMENT:
        return tr("rushout.item.equipment", face=face_word(data.EQUIPMENT[item].joker_as, tr))
    scroll = data.SCROLLS.get(item)
    if scroll is None:
        return item
    return tr(
        f"rushout.item.{scroll.power}",
        faces=" ↔ ".join(icon(face) for face in scroll.symbols),
        slots=icons(scroll.symbols),
        face=face_word(scroll.symbols[0], tr) if scroll.symbols else "",
    )


def _buy_label(args: list[str], view: View, tr: Tr) -> str | None:
    if not args:
        return None
    item = args[0]
    goods: dict[str, data.Equipment | data.Scroll] = {**data.EQUIPMENT, **data.SCROLLS}
    if item not in goods:
        return None
    return tr("rushout.action.buy", item=item_text(item, tr), price=goods[item].price)


def _done_label(args: list[str], view: View, tr: Tr) -> str:
    return tr(
        "rushout.action.done_market" if view.get("phase") == "market" else "rushout.action.done"
    )


ACTION_LABELS: dict[str, Labeller] = {
    "throw": _throw_label,
    "place": _place_label,
    "recall": _recall_label,
    "check": _check_label,
    "push": _push_label,
    "aim": _aim_label,
    "wound": _wound_label,
    "drain": _drain_label,
    "spend": _spend_label,
    "flip": _flip_label,
    "swap": _swap_label,
    "bard": _bard_label,
    "tracker": _tracker_label,
    "warrior": _warrior_label,
    "cleric": _cleric_label,
    "buy": _buy_label,
    "done": _done_label,
}


# ---------------------------------------------------------------- one sentence per event
def _camp_key(event: Json) -> str:
    return "sorcerer" if event.get("camp") == "sorcerer" else "heroes"


def _completed_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
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


def _spell_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    kind = str(event.get("kind"))
    return tr(
        "rushout.event.spell",
        kind=kind_word(kind, tr),
        effect=effect_word(str(event.get("effect", "")), kind, tr),
    )


def dragon_place(position: int, tr: Tr) -> str:
    if position <= data.DRAGON_TILE_POSITION:
        return tr("rushout.dragon.tile")
    if position >= data.DRAGON_AT_DECK:
        return tr("rushout.dragon.deck")
    return tr("rushout.dragon.trial", number=position)


def _dragon_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    steps = int(event.get("steps", 0))
    where = dragon_place(int(event.get("position", 0)), tr)
    if steps < 0:
        return tr("rushout.event.dragon_back", place=where)
    return tr("rushout.event.dragon", steps=steps, place=where)


def _pushed_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
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


def _aimed_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    card = data.CARDS.get(str(event.get("card")))
    effect = effect_word(card.effect, card.kind, tr) if card else "?"
    return tr("rushout.event.aimed", effect=effect, player=seat_name(event.get("seat"), names))


def _cursed_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(f"rushout.event.cursed_{event.get('curse')}")


def _wounded_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    seats = list(event.get("seats", []))
    if not seats:
        return tr("rushout.event.wounded_nobody")
    return tr("rushout.event.wounded", players=names_text(seats, names))


def _souls_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.souls",
        taken=event.get("taken", 0),
        total=event.get("total", 0),
        pool=event.get("pool", 0),
    )


def _seat_line(key: str) -> Teller:
    """A sentence naming the event's player, nothing else."""

    def line(event: Json, view: View, names: list[str], tr: Tr) -> str:
        return tr(key, player=seat_name(event.get("seat"), names))

    return line


def _drained_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.drained", players=names_text(list(event.get("seats", [])), names))


def _xp_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.xp", player=seat_name(event.get("seat"), names), xp=event.get("xp", 0))


def _life_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.life", lives=event.get("lives", 0))


def _gold_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(f"rushout.event.gold_{_camp_key(event)}")


def _discarded_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    if event.get("why") == "silence":
        return tr("rushout.event.discarded_silence")
    return tr(f"rushout.event.discarded_{_camp_key(event)}_gold")


def _placed_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.placed",
        player=seat_name(event.get("seat"), names),
        dice=icons([str(face) for face in event.get("faces", [])]),
        target=target_name(str(event.get("target", "")), view, tr, plain=True),
    )


def _recalled_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.recalled",
        player=seat_name(event.get("seat"), names),
        count=event.get("dice", 0),
        target=target_name(str(event.get("target", "")), view, tr, plain=True),
    )


def _flipped_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    old, new = str(event.get("from")), str(event.get("to"))
    return tr("rushout.event.flipped", old=face_word(old, tr), new=face_word(new, tr))


def _swapped_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    code = str(event.get("target", ""))
    number = int(code[1:]) + 1 if code[1:].isdigit() else 0
    return tr("rushout.event.swapped", number=number, card=card_words(str(event.get("card")), tr))


def _faculty_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
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


def _bought_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr(
        "rushout.event.bought",
        player=seat_name(event.get("seat"), names),
        item=item_text(str(event.get("item")), tr),
    )


def _round_won_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    if view.get("trophies") is None:
        return ""  # a training: the result line says it
    return tr(
        f"rushout.event.round_won_{_camp_key(event)}",
        round=event.get("round", 0),
        reason=tr(f"rushout.reason.{event.get('reason')}"),
    )


def _market_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    gold = event.get("gold") or {}
    return tr(
        "rushout.event.market", heroes=gold.get("heroes", 0), sorcerer=gold.get("sorcerer", 0)
    )


def _round_started_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.round_started", round=event.get("round", 1))


def _pulse_ended_line(event: Json, view: View, names: list[str], tr: Tr) -> str:
    return tr("rushout.event.pulse_ended", pulse=event.get("pulse", 0))


EVENT_LINES: dict[str, Teller] = {
    "placed": _placed_line,
    "recalled": _recalled_line,
    "completed": _completed_line,
    "spell": _spell_line,
    "dragon": _dragon_line,
    "pushed": _pushed_line,
    "aimed": _aimed_line,
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


# ---------------------------------------------------------------- controller lines
def role_lines(view: View, me: Json, tr: Tr) -> list[str]:
    if me.get("camp") == "sorcerer":
        return [tr("rushout.private.sorcerer")]
    hero = hero_of(view, int(me.get("seat", -1)))
    if hero is None:
        return []
    lines = [
        tr(
            "rushout.private.hero",
            hero=tr(f"render.rushout.hero_{hero['hero']}"),
            colour=tr(f"rushout.colour.{hero['colour']}"),
            skill=face_word(str(hero["skill"]), tr),
        )
    ]
    extras = [face_word(str(item.get("joker_as")), tr) for item in hero.get("equipment", [])]
    if extras:
        lines.append(tr("rushout.private.equipment", faces=", ".join(dict.fromkeys(extras))))
    return lines


def market_lines(view: View, me: Json, tr: Tr) -> list[str]:
    seat = int(me.get("seat", -1))
    if _per_seat((view.get("clock") or {}).get("done"), seat):
        return [tr("rushout.private.market_done")]
    gold = (view.get("gold") or {}).get(str(me.get("camp")), 0)
    return [tr("rushout.private.market", gold=gold)]


def play_lines(view: View, me: Json, tr: Tr) -> list[str]:
    pending = (view.get("sorcerer") or {}).get("pending")
    if me.get("camp") == "sorcerer" and pending:
        card = data.CARDS.get(str(pending.get("card")))
        effect = effect_word(str(pending.get("effect")), card.kind if card else "", tr)
        return [tr("rushout.private.choose", effect=effect)]
    dice = my_dice(view)
    lines = []
    hero = hero_of(view, int(me.get("seat", -1))) or {}
    if hero.get("must_check"):
        lines.append(tr("rushout.private.must_check"))
    fresh = [str(face) for face in me.get("fresh", [])]
    if fresh:
        lines.append(tr("rushout.private.fresh", dice=" · ".join(face_word(f, tr) for f in fresh)))
    if dice.get("on"):
        target = target_name(str(dice["on"]), view, tr)
        lines.append(tr("rushout.private.placed", count=dice.get("placed", 0), target=target))
    if dice.get("condemned"):
        lines.append(tr("rushout.private.condemned"))
    throw = throw_line(view, me, tr)
    return [*lines, throw] if throw else lines


def throw_line(view: View, me: Json, tr: Tr) -> str:
    seat = int(me.get("seat", -1))
    if me.get("camp") != "sorcerer" and not view.get("started"):
        return tr("rushout.private.wait_sorcerer")
    if view.get("play") == "pulse":
        if _per_seat((view.get("clock") or {}).get("done"), seat):
            return tr("rushout.private.pulse_done")
        return tr("rushout.private.throws_left", count=throws_left(view, seat) or 0)
    wait = cooldown_left(view, seat)
    if wait > READY_MARGIN:
        return tr("rushout.private.cooldown", seconds=decimal_text(wait, tr))
    return tr("rushout.private.ready") if "throw" in me.get("actions", []) else ""


def curse_lines(view: View, me: Json, tr: Tr) -> list[str]:
    seat, hero = int(me.get("seat", -1)), me.get("camp") != "sorcerer"
    curses = view.get("curses") or {}
    lines = [
        tr(f"rushout.private.curse_{curse}" + ("" if hero else "_sorcerer"))
        for curse in data.CURSES
        if curses.get(curse)
    ]
    facing = [
        effect_word(str(card.get("effect")), str(card.get("kind")), tr)
        for card in view.get("hexes", [])
        if isinstance(card, dict) and card.get("aimed") == seat
    ]
    if facing:
        lines.append(tr("rushout.private.facing", effects=", ".join(facing)))
    mine = hero_of(view, seat) if hero else None
    if mine and mine.get("wounded"):
        lines.append(tr("rushout.private.wounded", skill=icon(str(mine.get("skill")))))
    return lines


def score_line(view: View, me: Json, tr: Tr) -> str:
    parts = []
    trophies = view.get("trophies")
    if trophies:
        parts.append(
            tr("rushout.private.trophies", heroes=trophies["heroes"], sorcerer=trophies["sorcerer"])
        )
    if view.get("lives") is not None:
        parts.append(tr("rushout.private.lives", lives=view["lives"]))
    souls = view.get("souls")
    if souls:
        parts.append(tr("rushout.private.souls", taken=souls["taken"], pool=souls["pool"]))
    gold = view.get("gold")
    if gold and view.get("phase") == "play":
        parts.append(tr("rushout.private.gold", gold=gold.get(str(me.get("camp")), 0)))
    hero = hero_of(view, int(me.get("seat", -1))) if me.get("camp") != "sorcerer" else None
    if hero and hero.get("faculty"):
        parts.append(tr("rushout.private.xp", xp=hero["xp"], cost=hero["faculty_cost"]))
    return " · ".join(parts)


async def setup(bot: TableHost) -> None:
    await bot.add_cog(RushOutCog(bot))
