"""The table flow every game shares: the lobby, clicks, private panels and the one place
where failures become private replies. Boards are published by ``cogs._boards``; AI seats
and timers run in ``cogs._seats``."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.games import IllegalAction
from bot.games.base import clock_of
from bot.i18n import Tr
from bot.pictures.painter import BoardPainter
from bot.store.contract import Match
from bot.store.shards import ALL_SHARDS, Shards
from bot.table.errors import (
    MatchFrozen,
    MatchNotActive,
    NoMatchHere,
    NotAChoice,
    NotSeated,
    NotYourPanel,
    StaleBoard,
    TableError,
    UnknownAction,
)
from bot.table.matches import MatchService
from bot.table.writes import public_version
from cogs._boards import CHANNEL_CHANGES, BoardPublisher
from cogs._components import (
    BackButton,
    LogButton,
    ResignButton,
    TypeButton,
    choice_components,
    step_components,
    typed_choice_modal,
)
from cogs._hands import HandKeeper
from cogs._history import history_lines, pages
from cogs._lobby import LobbyFlow
from cogs._naming import Naming, as_text, clean_name
from cogs._panels import Panel, PanelKeeper
from cogs._presenter import Presenter, TypedChoice
from cogs._responder import Responder
from cogs._seats import SeatKeeper

log = logging.getLogger(__name__)


MAX_LISTED = 20


class TableFlow(LobbyFlow):
    """Lobby, clicks and private panels for every game."""

    def __init__(
        self,
        client: discord.Client,
        service: MatchService,
        painter: BoardPainter,
        *,
        ai_delay: float = 1.0,
        tick_seconds: float = 60.0,
        board_check_seconds: float = 5.0,
        channel_budget: int = CHANNEL_CHANGES,
        shards: Shards = ALL_SHARDS,
    ) -> None:
        self.answering = set()
        self.client = client
        self.service = service
        self.presenters: dict[str, Presenter] = {}
        self.naming = Naming(client)
        self.boards = BoardPublisher(
            client,
            service,
            painter,
            self.naming,
            self.presenters,
            after_publish=self._after_publish,
            check_seconds=board_check_seconds,
            channel_budget=channel_budget,
            shards=shards,
        )
        self.seats = SeatKeeper(
            client,
            service,
            self.boards,
            self.naming,
            ai_delay=ai_delay,
            tick_seconds=tick_seconds,
            is_automatic=self._is_automatic,
            expire_lobbies=self.expire_lobbies,
            shards=shards,
        )
        self.shards = shards

        self.panels = PanelKeeper(self.ephemeral_panel, self.ephemeral_panel)
        #: Lasting private panels, in each player's direct messages (``cogs._hands``).
        self.hands = HandKeeper(client, service, self.dm_panel)

    def _is_automatic(self, match: Match, action: str) -> bool:
        """A person's only action that the game plays by itself, unless the match's
        ``auto_actions`` setting turned that off."""
        presenter = self.presenters.get(match.game)
        if presenter is None or match.settings.get("auto_actions") is False:
            return False
        return action in presenter.automatic_actions

    def _after_publish(self, match: Match, state: Any) -> None:
        self.seats.after_publish(match, state)
        self.panels.follow(match.id)
        presenter = self.presenters.get(match.game)
        if presenter is not None and presenter.private_actions:
            self.hands.follow(match.id, ended=not match.is_open)

    # -- lifecycle
    async def start(self) -> None:
        await self.seats.start()
        self.boards.start()

    async def stop(self) -> None:
        await self.drain()
        await self.boards.stop()
        await self.seats.stop()
        await self.panels.stop()
        await self.hands.stop()

    # -- play
    async def on_action(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        action: str,
        seat: int | None = None,
    ) -> None:
        """Save first, then answer: the answer carries the new board or panel. A click
        in a player's lasting panel (their direct messages) edits that panel; the board
        is then published exactly as after a click in an ephemeral panel."""
        private = bool(interaction.message and interaction.message.flags.ephemeral)
        async with self.guarded(interaction, match_id), Responder(interaction) as responder:
            match = await self.panel_match(interaction, match_id, seat)
            dm = match.channel_id != interaction.channel_id
            presenter = self.presenters.get(match.game)
            try:
                played = await self.service.act(
                    match_id,
                    version,
                    interaction.user.id,
                    action,
                    tolerate_others=bool(presenter and presenter.private_actions),
                    panel_seat=seat,
                )
            except StaleBoard:
                if dm:  # the lasting panel shows the match as it is now, then says why
                    with contextlib.suppress(discord.HTTPException, TableError):
                        await self._show_dm_panel(interaction, responder, match_id)
                raise
            except IllegalAction:
                if presenter is not None and presenter.live_panel and (private or dm):
                    # A panel outdated while it was read (a card gone): it shows the match
                    # as it is now, then the reason is told.
                    with contextlib.suppress(discord.HTTPException, TableError):
                        await self._show_current_panel(interaction, responder, match_id, dm=dm)
                raise
            if played.is_order:
                # Private: the board is neither redrawn nor carried by this click later.
                await self.boards.keep_current_past_order(match, played.match)
            elif not dm:  # a follow-up of a click in direct messages would land there
                self.boards.routes.remember(match_id, interaction)
            await self._show_played(interaction, responder, match_id, private=private, dm=dm)

    async def _show_current_panel(
        self, interaction: discord.Interaction, responder: Responder, match_id: int, *, dm: bool
    ) -> None:
        """The clicked private panel, as it is now, in place."""
        if dm:
            await self._show_dm_panel(interaction, responder, match_id)
            return
        tr = Tr(interaction.locale)
        panel = await self.ephemeral_panel(match_id, interaction.user.id, tr)
        await responder.update(**panel.changes())
        edit = interaction.edit_original_response
        self.panels.remember(match_id, interaction.user.id, edit, tr, panel)

    async def _show_played(
        self,
        interaction: discord.Interaction,
        responder: Responder,
        match_id: int,
        *,
        private: bool,
        dm: bool = False,
    ) -> None:
        """After a saved click: whatever fails here, the player is told the click counted
        and the board catches up by itself."""
        try:
            if dm:
                await self._show_dm_panel(interaction, responder, match_id)
                await self.boards.publish(match_id)
            elif private:
                tr = Tr(interaction.locale)
                panel = await self.ephemeral_panel(match_id, interaction.user.id, tr)
                await responder.update(**panel.changes())
                self.panels.remember(
                    match_id, interaction.user.id, interaction.edit_original_response, tr, panel
                )
                await self.boards.publish(match_id)
            else:
                await self.boards.publish(match_id, responder=responder)
        except Exception:
            log.warning("match %s: the board will catch up", match_id, exc_info=True)
            await responder.acknowledge()
            await self.reply_private(interaction, Tr(interaction.locale)("board.move_counted"))

    # -- history
    async def show_log(self, interaction: discord.Interaction) -> None:
        """``/log``: this channel's match (or its last one), newest page, privately."""
        async with self.guarded(interaction):
            match = await self.service.store.latest_in_channel(interaction.channel_id or 0)
            if match is None or match.status in ("lobby", "cancelled"):
                raise NoMatchHere()
            await self.on_log(interaction, match.id, None)

    async def on_log(
        self, interaction: discord.Interaction, match_id: int, page: int | None
    ) -> None:
        """The history in pages, privately: a new message from a board or ``/log``, the
        same message turned to another page from its ◀ / ▶."""
        tr = Tr(interaction.locale)
        async with self.guarded(interaction, match_id):
            match = await self.match_here(interaction, match_id)
            if match.status == "frozen":
                raise MatchFrozen(match=match)
            turning = page is not None
            if turning:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            presenter = self.presenters[match.game]
            lines = await history_lines(self.service, self.naming, presenter, match, tr)
            content, view = self.log_page(match, pages(lines), page, tr)
            if turning:
                await interaction.edit_original_response(content=content, view=view)
            else:
                await interaction.followup.send(
                    content, view=view or discord.utils.MISSING, ephemeral=True
                )

    def log_page(
        self, match: Match, book: list[list[str]], page: int | None, tr: Tr
    ) -> tuple[str, discord.ui.View | None]:
        last = len(book) - 1
        shown = last if page is None else max(0, min(page, last))
        title = tr(
            "log.title",
            game=self.service.engine(match).title,
            number=match.id,
            page=shown + 1,
            pages=last + 1,
        )
        lines = [f"• {line}" for line in book[shown]] or [tr("log.empty")]
        if last == 0:
            return "\n".join([title, *lines]), None
        view = discord.ui.View(timeout=None)
        view.add_item(LogButton(match.id, max(0, shown - 1), "◀", disabled=shown == 0))
        view.add_item(LogButton(match.id, min(last, shown + 1), "▶", disabled=shown == last))
        return "\n".join([title, *lines]), view

    # -- my matches
    async def games_list(self, guild_id: int | None, user_id: int, tr: Tr) -> list[str]:
        """One line per open match of a person: the game, whose turn and since when."""
        lines = []
        for match in (await self.service.store.of_user(guild_id, user_id))[:MAX_LISTED]:
            title = self.service.engine(match).title
            lines.append(
                tr(
                    "games.line",
                    game=title,
                    number=match.id,
                    status=self._turn_text(match, user_id, tr),
                    link=self.naming.link(match),
                )
            )
        return lines

    def _turn_text(self, match: Match, user_id: int, tr: Tr) -> str:
        if match.status != "active":
            return tr(f"games.status.{match.status}")
        try:
            state = self.service.load_state(match)
        except MatchFrozen:
            return tr("games.status.frozen")
        acting = [s for s in match.seats if s.seat in self.service.engine(match).to_act(state)]
        since = f"<t:{int(match.turn_started_at or match.created_at)}:R>"
        if any(s.user_id == user_id and not s.is_ai for s in acting):
            return tr("games.your_turn", since=since)
        names = self.naming.names(match, tr)
        return tr(
            "games.waiting_for", players=", ".join(names[s.seat] for s in acting), since=since
        )

    def _waiting_for(self, match: Match, state: Any, tr: Tr) -> str:
        """What a player with nothing to do is waiting for."""
        if match.status != "active":
            return tr("hand.match_over")
        acting = self.service.engine(match).to_act(state)
        names = self.naming.names(match, tr)
        return tr("hand.waiting_for", players=", ".join(names[s] for s in sorted(acting)))

    # -- resigning
    async def ask_to_resign(self, interaction: discord.Interaction) -> None:
        """``/resign``: a private Yes / No first; nothing changes until Yes."""
        tr = Tr(interaction.locale)
        async with self.guarded(interaction):
            match = await self.service.store.open_in_channel(interaction.channel_id or 0)
            if match is None or match.status != "active":
                raise NoMatchHere()
            if match.seat_of(interaction.user.id) is None:
                raise NotSeated(match=match)
            others = "two" if len(match.seats) == 2 else "more"
            view = discord.ui.View(timeout=None)
            view.add_item(ResignButton(match.id, True, tr("resign.yes")))
            view.add_item(ResignButton(match.id, False, tr("resign.no")))
            await interaction.response.send_message(
                tr(f"resign.confirm_{others}", number=match.id), view=view, ephemeral=True
            )

    async def on_resign(
        self, interaction: discord.Interaction, match_id: int, confirmed: bool
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.guarded(interaction, match_id):
            await self.match_here(interaction, match_id)
            if not confirmed:
                await interaction.response.edit_message(content=tr("resign.kept"), view=None)
                return
            match = await self.service.resign(match_id, interaction.user.id)
            await interaction.response.edit_message(content=tr("resign.done"), view=None)
            channel = await self.boards.channel(match.channel_id)
            if channel is not None:
                public = self.naming.guild_tr(match)
                await channel.send(
                    public("resign.announce", player=interaction.user.mention),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
            await self.boards.publish_or_retry_later(match.id)

    async def on_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        """The board's hand button: the player's lasting panel in their direct messages
        (sent, or sent again if it was deleted) and a private link to it; if their
        direct messages are closed, an ephemeral panel as before, with a line on how to get
        the lasting one."""
        async with self.guarded(interaction, match_id):
            await self.match_here(interaction, match_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            tr = Tr(interaction.locale)
            user = interaction.user
            lasting = await self.dm_panel(match_id, user.id, tr)
            sent = await self.hands.send(match_id, user, tr, lasting)
            if isinstance(sent, str):
                await interaction.followup.send(tr("hand.in_dm", link=sent), ephemeral=True)
            else:
                panel = await self.ephemeral_panel(match_id, user.id, tr)
                shown = await interaction.followup.send(
                    ephemeral=True, wait=True, **panel.message()
                )
                self.panels.remember(match_id, user.id, shown.edit, tr, panel)
            # A click on the board, answered: the boards of the next minutes may follow up
            # on it (a click in direct messages cannot carry them). Not before the private
            # answer, which takes the place of the deferred response.
            self.boards.routes.remember(match_id, interaction)

    async def _show_dm_panel(
        self, interaction: discord.Interaction, responder: Responder, match_id: int
    ) -> None:
        """Answer a click in a lasting panel with the panel as it is now, in place."""
        user_id = interaction.user.id
        async with self.hands.lock(match_id, user_id):
            panel = await self.dm_panel(match_id, user_id, Tr(interaction.locale))
            await responder.update(**panel.changes())
            await self.hands.clicked(
                match_id, user_id, responder.message_id, interaction.edit_original_response, panel
            )

    async def dm_panel(self, match_id: int, user_id: int, tr: Tr, step: str | None = None) -> Panel:
        """A player's lasting panel: their private panel under a line naming the match."""
        return await self.private_panel(match_id, user_id, tr, step, heading=True)

    async def ephemeral_panel(
        self, match_id: int, user_id: int, tr: Tr, step: str | None = None
    ) -> Panel:
        """A player's ephemeral panel; for someone whose direct messages refused their
        lasting panel, with one line on how to get it."""
        panel = await self.private_panel(match_id, user_id, tr, step)
        if user_id in self.hands.refused:
            panel.content += "\n" + tr("hand.dm_closed")
        return panel

    async def private_panel(
        self,
        match_id: int,
        user_id: int,
        tr: Tr,
        step: str | None = None,
        *,
        heading: bool = False,
    ) -> Panel:
        """A player's private panel: what they may know, and their choices. In a game
        whose choices come in two steps (which pawn, then where), ``step`` is the first
        step chosen: the panel then shows that step's choices and its picture.
        ``heading``: first a line naming the game, the match and where it is played (a
        panel in direct messages is read away from its board)."""
        match = await self.service.get(match_id)
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotSeated(match=match)
        if match.status == "frozen":
            raise MatchFrozen(match=match)
        state = self.service.load_state(match)
        engine = self.service.engine(match)
        presenter = self.presenters[match.game]
        seat_view = engine.view(state, seat)
        if clock_of(engine) is not None and isinstance(seat_view.get("clock"), dict):
            seat_view["clock"]["now"] = self.service.match_time(match)  # not the last action's
        lines = presenter.private_lines(seat_view, self.naming.names(match, tr), tr)
        if heading:
            lines.insert(0, self.panel_heading(match, tr))
        actions = engine.legal_actions(state, seat) if match.status == "active" else []
        if not actions:
            lines.append(self._waiting_for(match, state, tr))
        actions += self.service.order_actions(match, state, seat)
        layout = presenter.panel_layout(actions, seat_view, step, tr)
        if layout is not None:  # a game that lays out its panel itself
            lines += layout.lines
            view = choice_components(match.id, public_version(match), seat, layout.rows)
            return Panel("\n".join(lines) or tr("hand.empty"), view)
        steps = {a: presenter.action_step(a, seat_view, tr) for a in actions}
        chosen = [a for a in actions if step is not None and (steps[a] or ("",))[0] == step]
        if step is not None and chosen:
            label = next(found[1] for a in chosen if (found := steps[a]) is not None)
            lines.append(presenter.step_prompt(step, label, seat_view, tr))
            typed = presenter.typed_step(step, label, chosen, tr)
            reserve = 2 if typed else 1
            view = self.boards.action_view(match, chosen, seat_view, presenter, tr, seat, reserve)
            view = view or discord.ui.View(timeout=None)
            view.add_item(BackButton(match.id, seat, tr("panel.back")))
            if typed:
                view.add_item(TypeButton(match.id, public_version(match), seat, step, typed.button))
            labels = presenter.render_labels(
                seat_view, self.naming.names(match, tr, for_text=False), tr
            )
            picture = await self.boards.painter.render_private(match.game, seat_view, step, labels)
            return Panel("\n".join(lines), view, picture)
        firsts = list(dict.fromkeys(found for a in actions if (found := steps[a]) is not None))
        singles = [a for a in actions if steps[a] is None]
        view = self.boards.action_view(
            match, singles, seat_view, presenter, tr, seat, 5 if firsts else 0
        )
        if firsts:
            view = step_components(view, match.id, seat, firsts, tr("panel.pick_step"))
        picture = None
        focus = presenter.panel_picture(seat_view)
        if focus is not None:  # e.g. the player's own dashboard
            names = self.naming.names(match, tr, for_text=False)
            labels = presenter.render_labels(seat_view, names, tr)
            picture = await self.boards.painter.render_private(match.game, seat_view, focus, labels)
        return Panel("\n".join(lines) or tr("hand.empty"), view, picture)

    def panel_heading(self, match: Match, tr: Tr) -> str:
        """The first line of a lasting panel: the game, the match, its server and channel
        (a link that never changes, so the panel is not edited for a new board)."""
        guild = self.client.get_guild(match.guild_id) if match.guild_id else None
        return tr(
            "hand.dm_heading",
            game=self.service.engine(match).title,
            number=match.id,
            server=as_text(clean_name(guild.name)) if guild is not None else "Discord",
            link=f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}",
        )

    async def step_choices(
        self, interaction: discord.Interaction, match_id: int, seat: int, step: str
    ) -> tuple[Match, list[str], TypedChoice]:
        """For a step of ``seat``'s panel whose choice may be typed: the match, the seat's
        legal actions (a typed square may name a choice of another part of the step), and
        how the typing box reads."""
        match = await self.panel_match(interaction, match_id, seat)
        if match.seat_of(interaction.user.id) != seat:
            raise NotYourPanel(match=match)
        if match.status != "active":
            raise MatchNotActive(match=match)
        tr = Tr(interaction.locale)
        state = self.service.load_state(match)
        seat_view = self.service.engine(match).view(state, seat)
        presenter = self.presenters[match.game]
        actions = self.service.engine(match).legal_actions(state, seat)
        steps = {a: presenter.action_step(a, seat_view, tr) for a in actions}
        chosen = [a for a in actions if (found := steps[a]) is not None and found[0] == step]
        label = next((found[1] for a in chosen if (found := steps[a]) is not None), "")
        typed = presenter.typed_step(step, label, chosen, tr) if chosen else None
        if typed is None:
            raise UnknownAction(match=match)
        return match, actions, typed

    async def on_type(
        self, interaction: discord.Interaction, match_id: int, version: int, seat: int, step: str
    ) -> None:
        """⌨ on a panel's second step: a box to type the choice (a square, e.g. ``K12``)."""
        async with self.guarded(interaction, match_id):
            _, _, typed = await self.step_choices(interaction, match_id, seat, step)
            title = Tr(interaction.locale)("panel.type_title")
            await interaction.response.send_modal(
                typed_choice_modal(match_id, version, seat, step, title, typed.label, typed.example)
            )

    async def on_typed(
        self,
        interaction: discord.Interaction,
        match_id: int,
        version: int,
        seat: int,
        step: str,
        text: str,
    ) -> None:
        """A typed choice: played as if its button had been clicked."""
        action: str | None = None
        async with self.guarded(interaction, match_id):
            match, actions, typed = await self.step_choices(interaction, match_id, seat, step)
            action = self.presenters[match.game].typed_action(step, text, actions)
            if action is None:
                shown = as_text(clean_name(text)[:20]) if text.strip() else "…"
                raise NotAChoice(text=shown, label=typed.label, example=typed.example)
        if action is not None:
            await self.on_action(interaction, match_id, version, action, seat)

    async def on_step(
        self, interaction: discord.Interaction, match_id: int, seat: int, step: str | None
    ) -> None:
        """A first step chosen (or Back): the same private panel shows the next choices."""
        async with self.guarded(interaction, match_id):
            match = await self.panel_match(interaction, match_id, seat)
            if match.seat_of(interaction.user.id) != seat:
                raise NotYourPanel(match=match)
            # Drawing the step's picture may take a moment on a cold worker: answer first.
            await interaction.response.defer()
            tr = Tr(interaction.locale)
            user_id = interaction.user.id
            presenter = self.presenters.get(match.game)
            kept = presenter is not None and presenter.live_panel  # the step survives updates
            edit = interaction.edit_original_response
            if match.channel_id == interaction.channel_id:
                panel = await self.ephemeral_panel(match_id, user_id, tr, step)
                await interaction.edit_original_response(**panel.changes())
                if kept:
                    self.panels.remember(match_id, user_id, edit, tr, panel, step)
                return
            async with self.hands.lock(match_id, user_id):  # the lasting panel
                panel = await self.dm_panel(match_id, user_id, tr, step)
                await interaction.edit_original_response(**panel.changes())
                message_id = interaction.message.id if interaction.message else None
                if kept:
                    await self.hands.clicked(match_id, user_id, message_id, edit, panel, step)
                    return
                shown = panel if step is None else None  # a step is not what it follows
                await self.hands.clicked(match_id, user_id, message_id, edit, shown)
