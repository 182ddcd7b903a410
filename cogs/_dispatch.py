"""Every click and every submitted box gets an answer, whatever it raced with.

discord.py routes a component interaction to a ``DynamicItem`` only if the message the
interaction carries still holds a component with that custom_id. Discord sends the message
as it is when the click reaches it: a board edited in place a few milliseconds earlier (the
mover's next move, an undo taken back, an AI turn, a timer, the first of a double click)
no longer holds the old button, and discord.py drops the click without a word ("This
interaction failed"). A custom_id that matches no item at all (forged, or from a version
of the bot that had other buttons) is dropped the same way, and so is a modal nobody keeps.

``AnsweringViewStore`` is discord.py's view store with those holes closed, decided when the
interaction is dispatched (nothing waits for anything):

- a custom_id that a ``DynamicItem`` pattern matches reaches that item even when the
  message no longer shows it (a stand-in component of the clicked type takes its place):
  the item's own rules answer it, e.g. "this board is out of date" with a link to the
  current one;
- a custom_id nothing matches, a component of another type than its pattern's, an item that
  cannot be built from its id, a modal nobody listens for, and anything a modified client
  could forge (``cogs._inputs``: ids and menu values that are not short printable ASCII,
  typed text with foreign digits...) get a plain private refusal, and change nothing;
- an item's callback that fails or returns without answering gets a private sentence.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from typing import Any, cast

import discord
from discord.ui.view import ViewStore

from bot.i18n import Tr
from cogs._inputs import component_ok, modal_ok

log = logging.getLogger(__name__)

#: The sentence for a component or modal that reaches nothing (``bot/locales/*/common.json``).
UNKNOWN_KEY = "error.unknown_component"
#: The sentence for an item's callback that ended without answering.
UNANSWERED_KEY = "error.generic"

SELECT_TYPES = frozenset(
    {
        discord.ComponentType.string_select.value,
        discord.ComponentType.user_select.value,
        discord.ComponentType.role_select.value,
        discord.ComponentType.mentionable_select.value,
        discord.ComponentType.channel_select.value,
    }
)


async def answer_privately(interaction: discord.Interaction, key: str) -> None:
    """A private sentence, unless the interaction was answered meanwhile."""
    text = Tr(interaction.locale)(key)
    try:
        if interaction.response.is_done():
            return
        await interaction.response.send_message(text, ephemeral=True)
    except (discord.HTTPException, discord.InteractionResponded):
        log.info("interaction %s: could not be answered", interaction.id)


#: Set in ``interaction.extras`` of an interaction refused here: the ``on_interaction``
#: listeners (which see every interaction) leave it alone.
REFUSED = "rushtable.refused"


def refuse(interaction: discord.Interaction) -> None:
    interaction.extras[REFUSED] = True


def refused(interaction: discord.Interaction) -> bool:
    """Whether the view store refused (and answered) this interaction."""
    return bool(interaction.extras.get(REFUSED))


def stand_in(component_type: int, custom_id: str) -> discord.ui.Item[Any] | None:
    """A component of the clicked type carrying ``custom_id``, for a message that no longer
    shows it (None for a type no ``DynamicItem`` of this bot is made of)."""
    if component_type == discord.ComponentType.button.value:
        return discord.ui.Button(custom_id=custom_id)
    if component_type == discord.ComponentType.string_select.value:
        return discord.ui.Select(custom_id=custom_id)
    if component_type == discord.ComponentType.user_select.value:
        return discord.ui.UserSelect(custom_id=custom_id)
    return None


class AnsweringViewStore(ViewStore):
    """discord.py's ``ViewStore`` that leaves no component or modal interaction unanswered."""

    #: Modal custom_ids answered elsewhere (an ``on_interaction`` listener), not by a stored
    #: ``Modal``: set by ``answer_every_interaction``.
    listened_modals: tuple[re.Pattern[str], ...] = ()

    def _matching(self, custom_id: str) -> list[Any]:
        return [
            item for pattern, item in self._dynamic_items.items() if pattern.fullmatch(custom_id)
        ]

    def _stored(
        self, component_type: int, custom_id: str, interaction: discord.Interaction
    ) -> discord.ui.Item[Any] | None:
        """The item of a stored (not dynamic) view the click reaches, as discord.py finds it."""
        key = (component_type, custom_id)
        message = interaction.message
        item = self._views.get(message.id if message is not None else None, {}).get(key)
        if item is None:
            item = self._views.get(None, {}).get(key)
        if item is None or item.view is None or item.view.is_finished():
            return None
        return item

    def dispatch_view(
        self, component_type: int, custom_id: str, interaction: discord.Interaction[Any]
    ) -> None:
        if not component_ok(cast(dict[str, Any], interaction.data or {})):
            log.info("interaction %s: a forged component refused", interaction.id)
            refuse(interaction)
            self._answer(interaction, UNKNOWN_KEY)
            return
        reached = bool(self._matching(custom_id)) or (
            self._stored(component_type, custom_id, interaction) is not None
        )
        super().dispatch_view(component_type, custom_id, interaction)
        if not reached:
            log.info("interaction %s: component %r reaches nothing", interaction.id, custom_id)
            self._answer(interaction, UNKNOWN_KEY)

    def dispatch_modal(
        self,
        custom_id: str,
        interaction: discord.Interaction[Any],
        components: Any,
        resolved: Any,
    ) -> None:
        if not modal_ok(cast(dict[str, Any], interaction.data or {})):
            log.info("interaction %s: a forged box refused", interaction.id)
            refuse(interaction)
            self._answer(interaction, UNKNOWN_KEY)
            return
        super().dispatch_modal(custom_id, interaction, components, resolved)
        listened = any(pattern.fullmatch(custom_id) for pattern in self.listened_modals)
        if custom_id not in self._modals and not listened:
            log.info("interaction %s: modal %r reaches nothing", interaction.id, custom_id)
            self._answer(interaction, UNKNOWN_KEY)

    def _answer(self, interaction: discord.Interaction, key: str) -> None:
        self.add_task(asyncio.create_task(answer_privately(interaction, key)))

    async def schedule_dynamic_item_call(
        self,
        component_type: int,
        factory: type[discord.ui.DynamicItem[discord.ui.Item[Any]]],
        interaction: discord.Interaction[Any],
        custom_id: str,
        match: re.Match[str],
    ) -> None:
        """discord.py's, except that a message that no longer shows the component (or no
        message at all) gets a stand-in of the clicked type, and that every way this can
        end without an answer ends with one."""
        message = interaction.message
        if message is not None and message.flags.components_v2:
            view: discord.ui.View | discord.ui.LayoutView = discord.ui.LayoutView.from_message(
                message, timeout=None
            )
        elif message is not None:
            view = discord.ui.View.from_message(message, timeout=None)
        else:
            view = discord.ui.View(timeout=None)
        base_item = _find(view.walk_children(), component_type, custom_id)
        if base_item is None:
            base_item = stand_in(component_type, custom_id)
            if base_item is None or not isinstance(view, discord.ui.View):
                await answer_privately(interaction, UNKNOWN_KEY)
                return
            view.add_item(base_item)
        try:
            item = await factory.from_custom_id(interaction, base_item, match)
        except Exception:
            log.exception(
                "interaction %s: %r could not be built from its id", interaction.id, factory
            )
            await answer_privately(interaction, UNKNOWN_KEY)
            return
        if item.type.value != component_type:  # a forged type: a menu posing as a button
            await answer_privately(interaction, UNKNOWN_KEY)
            return
        parent = base_item._parent or view
        try:
            parent._swap_item(base_item, item, custom_id)
        except ValueError:
            await answer_privately(interaction, UNKNOWN_KEY)
            return
        item._view = view
        item._rendered_row = base_item._rendered_row
        item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
        try:
            allowed = await item.interaction_check(interaction)
        except Exception:
            allowed = False
        if not allowed:
            await answer_privately(interaction, UNKNOWN_KEY)
            return
        try:
            await item.callback(interaction)
        except Exception:
            log.exception("interaction %s: %r failed", interaction.id, item)
        if not interaction.response.is_done():
            log.warning("interaction %s: %r left it unanswered", interaction.id, item)
            await answer_privately(interaction, UNANSWERED_KEY)


def _find(
    items: Iterable[discord.ui.Item[Any]], component_type: int, custom_id: str
) -> discord.ui.Item[Any] | None:
    for item in items:
        if item.type.value == component_type and getattr(item, "custom_id", None) == custom_id:
            return item
    return None


def answer_every_interaction(
    client: discord.Client, listened_modals: Iterable[re.Pattern[str]] = ()
) -> None:
    """Make ``client``'s view store an ``AnsweringViewStore`` (the items and views it holds
    are kept). ``listened_modals``: modal custom_ids an ``on_interaction`` listener answers."""
    state = client._connection
    store = state._view_store
    if not isinstance(store, AnsweringViewStore):
        store.__class__ = AnsweringViewStore
    assert isinstance(store, AnsweringViewStore)
    store.listened_modals = tuple(listened_modals)
