"""Private panels that follow the game.

A player's open hand panel (an ephemeral message) is edited through its interaction
whenever what it shows changes: the phase moved on, or the player has something to do.
Discord keeps an interaction's token for 15 minutes; a panel older than that is left as
it is (its buttons still work: a click on it is checked like any other).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import Tr
from cogs._budget import MB, Budgeted

log = logging.getLogger(__name__)

#: Discord's interaction tokens last 15 minutes; stop a little before.
PANEL_LIFETIME_SECONDS = 14 * 60
#: What an open panel holds besides its text (the interaction that edits it), roughly.
PANEL_BYTES = 16 * 1024

Editor = Callable[..., Awaitable[Any]]


@dataclass
class Panel:
    """A private panel: its text, its choices, and a picture for games that draw one."""

    content: str
    view: discord.ui.View | None
    picture: bytes | None = None

    def _file(self) -> discord.File:
        assert self.picture is not None
        return discord.File(io.BytesIO(self.picture), filename="panel.png")

    def message(self) -> dict[str, Any]:
        """Arguments to send the panel as a new (ephemeral) message."""
        sent: dict[str, Any] = {"content": self.content}
        if self.view is not None:
            sent["view"] = self.view
        if self.picture is not None:
            sent["file"] = self._file()
        return sent

    def changes(self) -> dict[str, Any]:
        """Arguments to turn a message into this panel (removing an old picture)."""
        files = [self._file()] if self.picture is not None else []
        return {"content": self.content, "view": self.view, "attachments": files}


PanelMaker = Callable[[int, int, Tr], Awaitable[Panel]]
#: A player's panel at a step of it (``Presenter.live_panel``: kept through updates).
StepPanelMaker = Callable[[int, int, Tr, str | None], Awaitable[Panel]]


@dataclass
class OpenPanel:
    edit: Editor
    tr: Tr
    until: float
    shown: str
    step: str | None = None  # the step shown, kept through updates (``live_panel``)


def fingerprint(panel: Panel) -> str:
    """What a player sees of a panel: its text and its choices (not the version the
    buttons carry, which changes with every action of anyone)."""
    items = [getattr(item, "item", item) for item in (panel.view.children if panel.view else [])]
    labels = [  # a DynamicItem's button or menu is its ``item``
        f"{getattr(item, 'label', '')}|{getattr(item, 'disabled', '')}|"
        f"{[(o.label, o.value) for o in getattr(item, 'options', [])]}"
        for item in items
    ]
    return panel.content + "\n" + "\n".join(labels)


class Refresher:
    """Brings a match's panels up to date in the background, one round at a time: changes
    that come while a round runs are shown together by one more round (a live match
    changes several times a second: its panels must not queue up). ``refresh`` returns
    True when the next round should wait ``gap`` seconds first."""

    def __init__(self, refresh: Callable[[int], Awaitable[bool]], gap: float = 0.0) -> None:
        self.refresh = refresh
        self.gap = gap
        self._tasks: set[asyncio.Task[None]] = set()
        self._refreshing: set[int] = set()  # matches whose panels are being brought up
        self._again: set[int] = set()  # ... and that changed again meanwhile

    def follow(self, match_id: int) -> None:
        if match_id in self._refreshing:
            self._again.add(match_id)
            return
        self._refreshing.add(match_id)
        task = asyncio.create_task(self._until_current(match_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _until_current(self, match_id: int) -> None:
        try:
            while True:
                self._again.discard(match_id)
                paced = await self.refresh(match_id)
                if match_id not in self._again:
                    return
                if paced:
                    await asyncio.sleep(self.gap)
        except Exception:
            log.exception("match %s: private panels not brought up to date", match_id)
        finally:
            self._refreshing.discard(match_id)
            self._again.discard(match_id)

    async def wait(self) -> None:
        """Until every round under way is done (the tests)."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


class PanelKeeper:
    def __init__(
        self, make_panel: PanelMaker, make_step_panel: StepPanelMaker | None = None
    ) -> None:
        self.make_panel = make_panel
        self.make_step_panel = make_step_panel
        #: (match, person) -> their open ephemeral panel (its interaction, what it shows).
        self._open: Budgeted[tuple[int, int], OpenPanel] = Budgeted(
            "open panels", 16 * MB, lambda panel: PANEL_BYTES + 4 * len(panel.shown)
        )
        self._refresher = Refresher(self._refresh)

    def remember(
        self,
        match_id: int,
        user_id: int,
        edit: Editor,
        tr: Tr,
        panel: Panel,
        step: str | None = None,
    ) -> None:
        until = asyncio.get_running_loop().time() + PANEL_LIFETIME_SECONDS
        self._open[(match_id, user_id)] = OpenPanel(edit, tr, until, fingerprint(panel), step)

    def follow(self, match_id: int) -> None:
        """Bring the open panels of a match up to date, in the background."""
        if any(key[0] == match_id for key in self._open):
            self._refresher.follow(match_id)

    async def _refresh(self, match_id: int) -> bool:
        await self.refresh(match_id)
        return False

    async def refresh(self, match_id: int) -> None:
        now = asyncio.get_running_loop().time()
        for (match, user_id), panel in list(self._open.items()):
            if match != match_id:
                continue
            if panel.until <= now:
                del self._open[(match, user_id)]
                continue
            try:
                if panel.step is not None and self.make_step_panel is not None:
                    made = await self.make_step_panel(match_id, user_id, panel.tr, panel.step)
                else:
                    made = await self.make_panel(match_id, user_id, panel.tr)
                seen = fingerprint(made)
                if seen != panel.shown:
                    await panel.edit(**made.changes())
                    panel.shown = seen
            except Exception as error:  # the panel is gone, the match ended, a token expired
                log.info("match %s: panel of %s no longer followed (%s)", match_id, user_id, error)
                self._open.pop((match, user_id), None)

    async def wait(self) -> None:
        """Until the panels being brought up to date are (the tests)."""
        await self._refresher.wait()

    async def stop(self) -> None:
        await self._refresher.stop()
