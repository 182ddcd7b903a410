"""``/match replay <match>`` and the finished board's 🎞 Replay button: a match told again
as an animated picture (one frame per turn, each move captioned) and a text record of every
action, both rebuilt from its seed and its action log (``bot.table.replay``).

Both answer privately by default, like 📜 Log: a replay is several megabytes that only the
person who asked wants to watch right now, and a click by each player at the end of a match
would otherwise post it again and again in the channel. ``/match replay share:True`` posts
it for everyone, in the server's language. The command is declared in the ``/match`` group
(``cogs.table``), which calls ``ReplaysCog.on_replay``.

A match still being played is replayed up to now from public views only: a choice nobody
else has seen (a card kept, a standing order) is left out of the record until the end.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.games.base import View
from bot.i18n import Tr
from bot.pictures.animation import Animation, ReplayJob
from bot.store.contract import Match
from bot.table.errors import TableError
from bot.table.replay import Entry, LogEntry, Step, frames_of, record_text, replay, utc
from bot.table.writes import public_numbers
from cogs._host import TableHost
from cogs._presenter import Presenter

if TYPE_CHECKING:
    from cogs._flow import TableFlow

log = logging.getLogger(__name__)

#: Replays kept ready for the next person who asks (a match's players often all click
#: Replay at its end): the newest few, at most this many bytes of pictures together.
KEPT_BYTES = 24 * 1024 * 1024
KEPT_REPLAYS = 4


class UnknownReplay(TableError):
    key = "replay.unknown"  # params: number


class ReplayElsewhere(TableError):
    key = "replay.elsewhere"  # params: number


class ReplayOutOfSight(TableError):
    key = "replay.out_of_sight"  # params: number


class ReplayNotStarted(TableError):
    key = "replay.not_started"  # params: number


class ReplayCancelled(TableError):
    key = "replay.cancelled"  # params: number


@dataclass(frozen=True)
class Made:
    """A replay ready to send."""

    animation: Animation
    record: str
    turns: int
    complete: bool


class ReplaysCog(commands.Cog):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        #: Replays made or being made, newest last, by (match, version, language): a
        #: second request for the same one waits for it rather than drawing it again.
        self._made: OrderedDict[tuple[int, int, str], asyncio.Task[Made]] = OrderedDict()

    @property
    def flow(self) -> TableFlow:
        return self.bot.table

    async def on_replay(
        self, interaction: discord.Interaction, match_id: int, *, public: bool = False
    ) -> None:
        """Answer with the replay's picture and record (the 🎞 Replay button comes here)."""
        async with self.flow.guarded(interaction, match_id):
            match = await self.bot.store.get(match_id)
            match = self.check(interaction, match, match_id)
            # Drawing takes seconds: the answer is deferred first.
            await interaction.response.defer(ephemeral=not public, thinking=True)
            tr = self.flow.naming.guild_tr(match) if public else Tr(interaction.locale)
            made = await self.made(match, tr)
            await interaction.followup.send(
                self.message(match, made, tr),
                files=self.files(match, made),
                ephemeral=not public,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @staticmethod
    def check(interaction: discord.Interaction, match: Match | None, number: int) -> Match:
        """A replay is shown in the match's own server, to someone who may see its channel
        (or played in it), once it has started."""
        if match is None:
            raise UnknownReplay(number=number)
        if match.guild_id != interaction.guild_id:
            raise ReplayElsewhere(number=number)
        if match.status == "lobby":
            raise ReplayNotStarted(number=number)
        if match.status == "cancelled":
            raise ReplayCancelled(number=number)
        seated = match.seat_of(interaction.user.id) is not None
        if not seated and not _may_see(interaction, match.channel_id):
            raise ReplayOutOfSight(number=number)
        return match

    async def made(self, match: Match, tr: Tr) -> Made:
        key = (match.id, match.version, tr.language)
        task = self._made.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception())):
            task = asyncio.ensure_future(self.make(match, tr))
            self._made[key] = task
        self._made.move_to_end(key)
        try:
            return await asyncio.shield(task)
        finally:
            self._forget_old()

    def _forget_old(self) -> None:
        """Keep the newest few replays made (within ``KEPT_BYTES``) and those being made."""
        kept_bytes = kept = 0
        for key, task in reversed(list(self._made.items())):  # the newest first
            if not task.done():
                continue
            failed = task.cancelled() or task.exception() is not None
            if not failed:
                kept_bytes += len(task.result().animation.data)
                kept += 1
            if failed or kept_bytes > KEPT_BYTES or kept > KEPT_REPLAYS:
                del self._made[key]

    async def make(self, match: Match, tr: Tr) -> Made:
        log_rows = await self.bot.store.timed_action_log(match.id)
        job, record, turns, complete = await asyncio.to_thread(self.prepare, match, log_rows, tr)
        animation = await self.bot.painter.render_replay(job)
        return Made(animation, record, turns, complete)

    # -- what the replay says (in a thread: the whole match is replayed)
    def prepare(
        self, match: Match, log_rows: list[LogEntry], tr: Tr
    ) -> tuple[ReplayJob, str, int, bool]:
        presenter = self.flow.presenters[match.game]
        names = self.flow.naming.names(match, tr, for_text=False)
        replayed = replay(self.bot.service, match, log_rows)
        over = match.status == "finished"

        def who(seat: int) -> str:
            return names[seat] if 0 <= seat < len(names) else tr("replay.table")

        def shown(action: str) -> bool:
            return over or not presenter.is_secret_action(action)

        def caption(step: Step | None, before: View) -> tuple[str, ...]:
            if step is None:
                return (tr("replay.opening", game=presenter.engine.title), " · ".join(names))
            headline = tr("replay.turn", number=step.turn, player=who(step.seat))
            told = _told(presenter, step, names, tr)
            if told or not shown(step.action):
                return (headline, *told)
            return (headline, _label(presenter, step.action, before, tr))

        frames = frames_of(replayed, caption)
        # Numbered as the table counts: standing orders make no number and leave no gap.
        numbers = public_numbers(match, [(seq, seat, action) for seq, seat, action, _ in log_rows])

        def entry(step: Step) -> Entry:
            told = tuple(line.replace("**", "") for line in _told(presenter, step, names, tr))
            hidden = "" if told else tr("replay.private_action")  # the told lines suffice
            action = step.action if shown(step.action) else hidden
            return Entry(numbers.get(step.seq), step.at, who(step.seat), action, told)

        # While the match goes on, only what the table saw.
        entries = [entry(step) for step in replayed.steps if over or step.turn is not None]
        labels = presenter.render_labels(replayed.opening, names, tr)
        result = ""
        if over:
            result = self.flow.boards.result_line(match, names, presenter, tr, drawn=True)
        job = ReplayJob(
            match.game,
            frames,
            labels,
            result=result,
            every_note=tr("replay.every", every="{every}"),
        )
        record = record_text(
            self.record_title(match, presenter, names, tr),
            entries,
            self.record_end(match, replayed.complete, over, presenter, names, tr),
            said=tr("replay.record_line", who="{who}", action="{action}"),
        )
        return job, record, len(frames) - 1, replayed.complete

    def record_title(
        self, match: Match, presenter: Presenter, names: list[str], tr: Tr
    ) -> list[str]:
        started = self.bot.service.started_at(match)
        players = ", ".join(f"{seat + 1}. {name}" for seat, name in enumerate(names))
        return [
            tr("replay.record_title", game=presenter.engine.title, number=match.id),
            tr("replay.record_players", players=players),
            tr("replay.record_started", time=utc(started)),
            "",
            tr("replay.record_columns"),
        ]

    def record_end(
        self,
        match: Match,
        complete: bool,
        over: bool,
        presenter: Presenter,
        names: list[str],
        tr: Tr,
    ) -> list[str]:
        lines = [] if complete else [tr("log.older_rules")]
        if over:
            lines.append(self.flow.boards.result_line(match, names, presenter, tr))
        else:
            lines.append(tr("replay.record_going_on"))
        return lines

    # -- the answer
    def message(self, match: Match, made: Made, tr: Tr) -> str:
        presenter = self.flow.presenters[match.game]
        lines = [
            tr(
                "replay.title",
                game=presenter.engine.title,
                number=match.id,
                turns=made.turns,
                count=made.turns,
            )
        ]
        if made.animation.every > 1:
            lines.append(tr("replay.every_shown", every=made.animation.every))
        if not made.complete:
            lines.append(tr("log.older_rules"))
        if match.status == "finished":
            names = self.flow.naming.names(match, tr)
            lines.append(self.flow.boards.result_line(match, names, presenter, tr))
        else:
            lines.append(tr("replay.going_on"))
        return "\n".join(lines)

    @staticmethod
    def files(match: Match, made: Made) -> list[discord.File]:
        stem = f"rushtable-{match.game}-{match.id}"
        picture = discord.File(
            io.BytesIO(made.animation.data), filename=f"{stem}.{made.animation.extension}"
        )
        record = discord.File(io.BytesIO(made.record.encode("utf-8")), filename=f"{stem}.txt")
        return [picture, record]


def _told(presenter: Presenter, step: Step, names: list[str], tr: Tr) -> list[str]:
    """What the table saw of this action: its public events (none for a hidden one)."""
    if step.turn is None:
        return []
    return presenter.event_lines(step.public.get("events", []), step.public, names, tr)


def _label(presenter: Presenter, action: str, view: View, tr: Tr) -> str:
    try:
        return presenter.action_label(action, view, tr)
    except Exception:  # a label made for the live board; the action itself will do
        return action


def _may_see(interaction: discord.Interaction, channel_id: int) -> bool:
    guild = interaction.guild
    channel = guild.get_channel_or_thread(channel_id) if guild else None
    member = interaction.user
    if channel is None or not isinstance(member, discord.Member):
        return False
    return channel.permissions_for(member).view_channel


async def setup(bot: TableHost) -> None:
    await bot.add_cog(ReplaysCog(bot))
