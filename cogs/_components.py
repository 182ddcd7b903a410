"""The buttons and menus of every game: ``DynamicItem``s whose custom_id carries the match
id, the state version and the action, so they keep working after a restart and an old
board is recognised as such. Their callbacks hand over to the table flow."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, Self, cast

import discord
from discord.ext import commands

from cogs._follow_components import FOLLOW_ITEMS
from cogs._inputs import number
from cogs._presenter import PanelChoice
from cogs._records_components import RECORDS_ITEMS
from cogs._zoom import ZOOM_ITEMS

BUTTONS_PER_ROW = 5
MAX_ROWS = 5
SELECT_OPTIONS = 25
MAX_BUTTONS = BUTTONS_PER_ROW * MAX_ROWS
LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100
#: Discord ids are 64-bit signed: a forged custom_id beyond that names no match.


class Flow(Protocol):
    """What the components call: the table flow (``cogs._flow.TableFlow``)."""

    async def on_lobby(self, interaction: discord.Interaction, match_id: int, op: str) -> None: ...

    async def on_action(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        action: str,
        seat: int | None = None,
    ) -> None: ...

    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None: ...

    async def on_resign(
        self, interaction: discord.Interaction, match_id: int, confirmed: bool
    ) -> None: ...

    async def on_log(
        self, interaction: discord.Interaction, match_id: int, page: int | None
    ) -> None: ...

    async def on_rematch(self, interaction: discord.Interaction, match_id: int) -> None: ...

    async def on_invite(
        self, interaction: discord.Interaction, match_id: int, chosen: discord.abc.User | None
    ) -> None: ...

    async def on_step(
        self, interaction: discord.Interaction, match_id: int, seat: int, step: str | None
    ) -> None: ...

    async def on_type(
        self, interaction: discord.Interaction, match_id: int, version: int, seat: int, step: str
    ) -> None: ...


class HasTable(Protocol):
    table: Flow


def flow_of(interaction: discord.Interaction) -> Flow:
    return cast(HasTable, interaction.client).table


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:lobby:(?P<match>\d+):(?P<op>join|leave|ai|start|cancel|invite|accept|decline)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "ai": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
        "invite": discord.ButtonStyle.secondary,
        "accept": discord.ButtonStyle.success,
        "decline": discord.ButtonStyle.danger,
    }

    def __init__(self, match_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=self.STYLES[op],
                custom_id=f"rt:lobby:{match_id}:{op}",
            )
        )
        self.match_id = match_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(number(match["match"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_lobby(interaction, self.match_id, self.op)


class InviteSelect(
    discord.ui.DynamicItem[discord.ui.UserSelect[Any]],
    template=r"rt:invite:(?P<match>\d+)",
):
    """The lobby creator's private pick of whom to challenge (the lobby's Invite)."""

    def __init__(self, match_id: int, placeholder: str = "") -> None:
        super().__init__(
            discord.ui.UserSelect(
                custom_id=f"rt:invite:{match_id}", placeholder=placeholder or None
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> InviteSelect:
        return cls(number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        chosen = self.item.values[0] if self.item.values else None
        await flow_of(interaction).on_invite(interaction, self.match_id, chosen)


def _select(
    custom_id: str, options: Sequence[discord.SelectOption], placeholder: str | None
) -> discord.ui.Select[Any]:
    """A select menu (Discord refuses one without options: a placeholder option stands in
    while a persistent item is rebuilt from its custom_id)."""
    return discord.ui.Select(
        custom_id=custom_id,
        options=list(options) or [discord.SelectOption(label="-", value="-")],
        placeholder=placeholder,
    )


def _seat_part(seat: int | None) -> str:
    """Buttons of a private panel name the seat they belong to."""
    return "" if seat is None else f"s{seat}:"


def _seat_of(match: re.Match[str]) -> int | None:
    return None if match["seat"] is None else number(match["seat"])


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:act:(?P<match>\d+):(?P<version>\d+):(?:s(?P<seat>\d+):)?(?P<action>.+)",
):
    def __init__(
        self, match_id: int, version: int, action: str, label: str = "", seat: int | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or action)[:LABEL_LIMIT],
                style=discord.ButtonStyle.primary,
                custom_id=f"rt:act:{match_id}:{version}:{_seat_part(seat)}{action}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(
            number(match["match"]),
            number(match["version"]),
            match["action"],
            seat=_seat_of(match),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_action(
            interaction, self.match_id, self.version, self.action, self.seat
        )


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rt:pick:(?P<match>\d+):(?P<version>\d+):(?:s(?P<seat>\d+):)?(?P<part>\d+)",
):
    def __init__(
        self,
        match_id: int,
        version: int,
        part: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        seat: int | None = None,
    ) -> None:
        super().__init__(
            _select(f"rt:pick:{match_id}:{version}:{_seat_part(seat)}{part}", options, placeholder)
        )
        self.match_id = match_id
        self.version = version
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        made = cls(
            number(match["match"]),
            number(match["version"]),
            number(match["part"]),
            seat=_seat_of(match),
        )
        if isinstance(item, discord.ui.Select):
            made.item.options = item.options
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        action = str(values[0]) if values else ""
        await flow_of(interaction).on_action(
            interaction, self.match_id, self.version, action, self.seat
        )


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rt:hand:(?P<match>\d+)"
):
    def __init__(self, match_id: int, label: str = "My hand") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"rt:hand:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_hand(interaction, self.match_id)


class Confirmation(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:confirm:(?P<match>\d+):(?P<answer>yes|no)",
):
    """The Yes / No of a private question about a match (its subclasses set ``PREFIX``
    and their own template ``rt:<prefix>:<match>:<yes|no>``, and answer in
    ``callback``). Never registered itself."""

    PREFIX: ClassVar[str] = "confirm"

    def __init__(self, match_id: int, confirmed: bool, label: str = "") -> None:
        answer = "yes" if confirmed else "no"
        super().__init__(
            discord.ui.Button(
                label=label or answer,
                style=discord.ButtonStyle.danger if confirmed else discord.ButtonStyle.secondary,
                custom_id=f"rt:{self.PREFIX}:{match_id}:{answer}",
            )
        )
        self.match_id = match_id
        self.confirmed = confirmed

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(number(match["match"]), match["answer"] == "yes")


class ResignButton(Confirmation, template=r"rt:resign:(?P<match>\d+):(?P<answer>yes|no)"):
    """The Yes / No of ``/match resign``'s private question."""

    PREFIX = "resign"

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_resign(interaction, self.match_id, self.confirmed)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:log:(?P<match>\d+):(?P<page>\d+|last)",
):
    """📜 Log on a board (the newest page), or ◀ / ▶ between pages of the history."""

    def __init__(
        self, match_id: int, page: int | None, label: str = "📜", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rt:log:{match_id}:{'last' if page is None else page}",
                disabled=disabled,
            )
        )
        self.match_id = match_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogButton:
        page = None if match["page"] == "last" else number(match["page"])
        return cls(number(match["match"]), page)

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_log(interaction, self.match_id, self.page)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rt:rematch:(?P<match>\d+)"
):
    """On a finished board: a new lobby with the same seats and options."""

    def __init__(self, match_id: int, label: str = "Rematch") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.success, custom_id=f"rt:rematch:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_rematch(interaction, self.match_id)


class Replays(Protocol):
    """What the Replay button calls: the replays cog (``cogs.replays.ReplaysCog``)."""

    async def on_replay(self, interaction: discord.Interaction, match_id: int) -> None: ...


#: The name the replays cog is loaded under.
REPLAYS_COG = "ReplaysCog"


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rt:replay:(?P<match>\d+)"
):
    """On a finished board: the match told again, an animated picture and a text record."""

    def __init__(self, match_id: int, label: str = "🎞 Replay") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"rt:replay:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        return cls(number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        replays = client.get_cog(REPLAYS_COG) if isinstance(client, commands.Bot) else None
        await cast(Replays, replays).on_replay(interaction, self.match_id)


class StepSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rt:step:(?P<match>\d+):s(?P<seat>\d+):(?P<part>\d+)",
):
    """A private panel's first step (e.g. which pawn); its second step is the action."""

    def __init__(
        self,
        match_id: int,
        seat: int,
        part: int,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
    ) -> None:
        super().__init__(_select(f"rt:step:{match_id}:s{seat}:{part}", options, placeholder))
        self.match_id = match_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepSelect:
        made = cls(number(match["match"]), number(match["seat"]), number(match["part"]))
        if isinstance(item, discord.ui.Select):
            made.item.options = item.options
        return made

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        step = str(values[0]) if values else None
        await flow_of(interaction).on_step(interaction, self.match_id, self.seat, step)


class BackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:back:(?P<match>\d+):s(?P<seat>\d+)",
):
    """Back from a panel's second step to its first."""

    def __init__(self, match_id: int, seat: int, label: str = "◀") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rt:back:{match_id}:s{seat}",
            )
        )
        self.match_id = match_id
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BackButton:
        return cls(number(match["match"]), number(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_step(interaction, self.match_id, self.seat, None)


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:stepb:(?P<match>\d+):s(?P<seat>\d+):(?P<step>.*)",
):
    """A private panel's button that shows another step of it (a game's own layout,
    ``Presenter.panel_layout``): its state lives in the custom_id, "" the first level."""

    def __init__(
        self,
        match_id: int,
        seat: int,
        step: str,
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                style=style,
                custom_id=f"rt:stepb:{match_id}:s{seat}:{step}",
            )
        )
        self.match_id = match_id
        self.seat = seat
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(number(match["match"]), number(match["seat"]), match["step"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_step(interaction, self.match_id, self.seat, self.step or None)


class TypeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:type:(?P<match>\d+):(?P<version>\d+):s(?P<seat>\d+):(?P<step>.+)",
):
    """Opens a box to type a choice (e.g. a square, ``K12``) instead of finding it in menus."""

    def __init__(self, match_id: int, version: int, seat: int, step: str, label: str = "⌨") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rt:type:{match_id}:{version}:s{seat}:{step}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.seat = seat
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TypeButton:
        return cls(
            number(match["match"]), number(match["version"]), number(match["seat"]), match["step"]
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await flow_of(interaction).on_type(
            interaction, self.match_id, self.version, self.seat, self.step
        )


#: A typed choice comes back as a modal submission, handled without a stored ``Modal`` so
#: that it still works after a restart: its custom_id says what it answers.
TYPED_CHOICE = re.compile(r"rt:typed:(?P<match>\d+):(?P<version>\d+):s(?P<seat>\d+):(?P<step>.+)")
TYPED_FIELD = "choice"


def typed_choice_modal(
    match_id: int, version: int, seat: int, step: str, title: str, label: str, example: str
) -> discord.ui.Modal:
    """The box behind a ``TypeButton``. It is finished before it is sent, so discord.py
    does not keep it: the submission is read from the interaction (``typed_choice``)."""
    modal = discord.ui.Modal(
        title=title[:45], custom_id=f"rt:typed:{match_id}:{version}:s{seat}:{step}", timeout=None
    )
    modal.add_item(
        discord.ui.TextInput(
            label=label[:45], custom_id=TYPED_FIELD, placeholder=example[:100], max_length=20
        )
    )
    modal.stop()
    return modal


def typed_choice(interaction: discord.Interaction) -> tuple[re.Match[str], str] | None:
    """A submitted typed-choice box: its custom_id's parts and the text typed."""
    if interaction.type is not discord.InteractionType.modal_submit or not interaction.data:
        return None
    data = cast(dict[str, Any], interaction.data)
    found = TYPED_CHOICE.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    for row in data.get("components", []):
        for field in row.get("components", []):
            if field.get("custom_id") == TYPED_FIELD:
                return found, str(field.get("value", ""))
    return found, ""


def step_components(
    view: discord.ui.View | None,
    match_id: int,
    seat: int,
    steps: list[tuple[str, str]],
    placeholder: str,
) -> discord.ui.View:
    """``view`` with select menus of first steps (value: the step's key) added below, as
    many as Discord's five rows leave room for."""
    view = view or discord.ui.View(timeout=None)
    menus = sum(1 for item in view.children if isinstance(item, discord.ui.Select))
    buttons = len(view.children) - menus
    free_rows = MAX_ROWS - menus - -(-buttons // BUTTONS_PER_ROW)
    chunks = _chunks([key for key, _ in steps], SELECT_OPTIONS)[: max(0, free_rows)]
    for part, chunk in enumerate(chunks):
        labels = dict(steps)
        options = [discord.SelectOption(label=labels[key][:100], value=key) for key in chunk]
        view.add_item(StepSelect(match_id, seat, part, options, placeholder))
    return view


class AddsAi(Protocol):
    async def on_ai_level(
        self, interaction: discord.Interaction, match_id: int, level: str
    ) -> None: ...


class AiLevelSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rt:ailevel:(?P<match>\d+)",
):
    """The lobby's menu that adds an AI of the level picked (``LEVELS``)."""

    def __init__(
        self,
        match_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rt:ailevel:{match_id}",
                # Rebuilt from a click, the menu needs an option of some kind.
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder or None,
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AiLevelSelect:
        return cls(number(match["match"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        level = self.item.values[0] if self.item.values else ""
        flow = cast(AddsAi, cast(Any, interaction.client).table)
        await flow.on_ai_level(interaction, self.match_id, level)


DYNAMIC_ITEMS = (
    StepSelect,
    StepButton,
    TypeButton,
    BackButton,
    LobbyButton,
    InviteSelect,
    AiLevelSelect,
    ActionButton,
    ActionSelect,
    HandButton,
    ResignButton,
    LogButton,
    RematchButton,
    ReplayButton,
    *RECORDS_ITEMS,
    *FOLLOW_ITEMS,
    *ZOOM_ITEMS,
)


def action_components(
    match_id: int,
    version: int,
    actions: list[str],
    *,
    label: Callable[[str], str],
    group: Callable[[str], str],
    seat: int | None = None,
    reserve: int = 0,
) -> discord.ui.View | None:
    """One button per action while they fit (5 rows of 5, less ``reserve`` places kept for
    the caller's own buttons); else select menus of at most 25 choices, actions of one kind
    together (a row kept free when ``reserve`` is asked)."""
    if not actions:
        return None
    view = discord.ui.View(timeout=None)
    if len(actions) <= MAX_BUTTONS - reserve:
        for action in actions:
            view.add_item(ActionButton(match_id, version, action, label(action), seat))
        return view
    groups: dict[str, list[str]] = {}
    for action in actions:
        groups.setdefault(group(action), []).append(action)
    chunks = [chunk for same in groups.values() for chunk in _chunks(same, SELECT_OPTIONS)]
    for part, chunk in enumerate(chunks[: MAX_ROWS - (1 if reserve else 0)]):
        options = [discord.SelectOption(label=label(a)[:100], value=a) for a in chunk]
        placeholder = label(chunk[0])[:100] + (" …" if len(chunk) > 1 else "")
        view.add_item(ActionSelect(match_id, version, part, options, placeholder, seat))
    return view


def choice_components(
    match_id: int, version: int, seat: int, rows: Sequence[Sequence[PanelChoice]]
) -> discord.ui.View | None:
    """The buttons of a panel a game lays out itself (``Presenter.panel_layout``), row by
    row: an action's button, or a button showing another step of the panel. What Discord
    would refuse (a sixth row or button in a row, a custom_id twice) is left out."""
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for number_, row in enumerate(rows[:MAX_ROWS]):
        for choice in row[:BUTTONS_PER_ROW]:
            style = getattr(discord.ButtonStyle, choice.style, discord.ButtonStyle.primary)
            item: ActionButton | StepButton
            if choice.action is not None:
                item = ActionButton(match_id, version, choice.action, choice.label, seat)
            else:
                item = StepButton(match_id, seat, choice.step or "", choice.label)
            button = item.item
            if button.custom_id in seen or len(button.custom_id or "") > CUSTOM_ID_LIMIT:
                continue
            seen.add(button.custom_id or "")
            button.style, button.disabled, button.row = style, choice.disabled, number_
            view.add_item(item)
    return view if view.children else None


def _chunks(items: list[str], size: int) -> list[list[str]]:
    return [items[i : i + size] for i in range(0, len(items), size)]
