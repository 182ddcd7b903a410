"""``python -m bot bench --soak MINUTES``: the whole bot, for minutes, with restarts.

The real bot (cogs, table, store, pictures) runs against simcord's offline Discord, in this
process. ``--soak-channels`` channels play Ruship matches (two people, or one against the
AI; finished ones go on with a Rematch) at a steady rate of clicks on their boards (``--rate``
a second); the virtual clock moves 5 s a click, so interactions expire, timers and the
catch-up loop run as in a long life. Every ``--restart-every`` minutes the bot stops and a
new one starts on the same database; some of those stops come just after a move was saved
and before its board went out (a crash).

Every ``--sample-every`` seconds a line tells the process's resident memory (RSS), its open
files, the clicks made and the bot's budgeted caches. At the end: the RSS curve, and three
counts that must be zero: clicks lost (answered as played, but not in the match's log),
clicks doubled (logged more often than played), and boards left unclickable (a match whose
board lags its state after a catch-up round, or shows other buttons than its state's).

Every few seconds the fake Discord forgets all but each channel's newest messages and its
old interactions (real Discord keeps them on its side), so the memory measured is the
bot's, whatever the sampling.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

#: Virtual seconds the clock moves per click (timers, expiries and the catch-up all run).
VIRTUAL_SECONDS_PER_CLICK = 5.0
#: The catch-up loop's and timer tick's period under the soak (virtual seconds; simcord
#: settles only between timers that re-arm less often than its bound).
LOOP_SECONDS = 600.0
#: Messages the fake Discord keeps per channel, and interactions it remembers.
KEPT_MESSAGES = 6
KEPT_INTERACTIONS = 400
#: How often the fake Discord forgets old messages and interactions (seconds): the same
#: whatever the sampling, so what it holds weighs little and alike in every sample.
TRIM_DISCORD_SECONDS = 5.0
#: A stop just after a saved move (a crash before its board) at this share of restarts.
CRASH_SHARE = 0.5


def rss_bytes(pid: int | str = "self") -> int:
    """A process's resident memory (Linux ``/proc``; 0 elsewhere)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def workers_rss() -> int:
    """The resident memory of this process's children (the render workers)."""
    children: list[str] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as found:
                children += found.read().split()
    except OSError:
        return 0
    return sum(rss_bytes(child) for child in set(children))


def open_files() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


@dataclass
class Sample:
    at: float  # wall seconds since the start
    rss: int  # the bot process's
    workers: int  # its render workers' together
    files: int
    clicks: int
    caches: int  # bytes the budgeted caches count
    blocks: int  # Python's allocated memory blocks (objects and their buffers)


@dataclass
class SoakResult:
    samples: list[Sample] = field(default_factory=list)
    clicks: int = 0
    refused: int = 0
    restarts: int = 0
    crashes: int = 0
    lost: int = 0
    doubled: int = 0
    unclickable: int = 0
    matches: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.lost == 0 and self.doubled == 0 and self.unclickable == 0


@dataclass
class Channel:
    """One channel of the soak and its people; what they played, per match."""

    handle: Any
    people: list[Any]
    versus_ai: bool
    played: dict[int, int] = field(default_factory=dict)  # match id -> clicks played


class Soak:
    def __init__(self, folder: Path, channels: int, rate: float, seed: int) -> None:
        self.database = folder / "soak.db"
        self.channel_count = channels
        self.rate = rate
        self.rng = random.Random(seed)
        self.result = SoakResult()
        self.env: Any = None
        self.channels: list[Channel] = []

    def make_bot(self) -> Any:
        from bot.app import RushTableBot
        from bot.settings import Settings

        settings = Settings(
            token="soak",
            database_url=f"sqlite:///{self.database}",
            ai_delay=0.0,
            tick_seconds=LOOP_SECONDS,
            board_check_seconds=LOOP_SECONDS,
            channel_budget=0,
            render_processes=1,  # as the bot on 2 cores: one render worker
        )
        return RushTableBot(settings)

    # -- the fake Discord, kept small
    def trim_discord(self) -> None:
        backend = self.env.backend
        backend.http_requests.clear()
        backend.transcript.clear()
        kept_urls: set[str] = set()
        for messages in backend.messages.values():
            for message_id in sorted(messages)[:-KEPT_MESSAGES]:
                del messages[message_id]
            for message in messages.values():
                for attachment in getattr(message, "attachments", []) or []:
                    url = attachment.get("url") if isinstance(attachment, dict) else None
                    if url:
                        kept_urls.add(url)
        blobs = backend.cdn._blobs
        for url in [url for url in blobs if url not in kept_urls]:
            del blobs[url]
        for interaction_id in sorted(backend.interactions)[:-KEPT_INTERACTIONS]:
            record = backend.interactions.pop(interaction_id)
            backend.interaction_tokens.pop(getattr(record, "token", ""), None)

    # -- the channels
    async def open_channels(self) -> None:
        for number in range(self.channel_count):
            guild = self.env.create_guild(f"soak {number // 10}")
            handle = guild.create_text_channel(f"table-{number}")
            versus_ai = number % 2 == 1
            names = ["alice"] if versus_ai else ["alice", "bob"]
            people = [guild.add_member(self.env.create_user(f"{n}{number}")) for n in names]
            channel = Channel(handle, people, versus_ai)
            self.channels.append(channel)
            await self.open_match(channel)

    async def open_match(self, channel: Channel) -> None:
        first = channel.people[0]
        options: dict[str, Any] = {"auto_roll": False}
        if channel.versus_ai:
            options["ai"] = True
        else:
            options["opponent"] = channel.people[1]
        await first.slash(channel.handle, "ruship new", **options)
        lobby = self.lobby(channel)
        if lobby is None:
            return
        if not channel.versus_ai:
            await channel.people[1].click(lobby, label="Accept")
        await first.click(self.lobby(channel) or lobby, label="Start")
        self.result.matches += 1

    def lobby(self, channel: Channel) -> Any:
        for message in reversed(channel.handle.history()):
            if message.embeds and message.components:
                return message
        return None

    def board(self, channel: Channel) -> Any:
        for message in reversed(channel.handle.history()):
            if message.attachments:
                return message
        return None

    # -- clicks
    async def click_somewhere(self) -> None:
        channel = self.rng.choice(self.channels)
        match = await self.env.bot.store.open_in_channel(channel.handle.id)
        if match is None or match.status != "active":
            await self.rematch(channel)
            return
        board = self.board(channel)
        if board is None:
            return
        choices = _action_components(board)
        actor = next((p for p in channel.people if p.mention in _to_act(board)), None)
        if actor is None or not choices:
            return
        chosen = self.rng.choice(choices)
        if isinstance(chosen, discord.SelectMenu):  # more actions than buttons: menus
            value = self.rng.choice(chosen.options).value
            result = await actor.select(board, [value], custom_id=chosen.custom_id)
        else:
            result = await actor.click(board, custom_id=chosen.custom_id)
        self.result.clicks += 1
        answers = [result.response, *result.followups]
        said = "\n".join(m.content for m in answers if m is not None and m.ephemeral)
        if not said or "counted" in said:
            channel.played[match.id] = channel.played.get(match.id, 0) + 1
        else:
            self.result.refused += 1

    async def rematch(self, channel: Channel) -> None:
        if self.lobby(channel) is not None:
            return
        board = self.board(channel)
        if board is None or not any(
            (child.custom_id or "").startswith("rt:rematch:")
            for row in board.components
            for child in row.children
        ):
            await self.open_match(channel)
            return
        first = channel.people[0]
        await first.click(board, label="🔁 Rematch")
        lobby = self.lobby(channel)
        if lobby is None:
            return
        for person in channel.people:
            await person.click(self.lobby(channel) or lobby, label="Start")
        self.result.matches += 1

    async def crash_after_a_saved_move(self) -> bool:
        """Save a person's move as a click would, and stop before its board: True if one
        was saved (it counts as played)."""
        service = self.env.bot.service
        for channel in self.rng.sample(self.channels, len(self.channels)):
            match = await self.env.bot.store.open_in_channel(channel.handle.id)
            if match is None or match.status != "active":
                continue
            state = service.load_state(match)
            engine = service.engine(match)
            for seat in sorted(engine.to_act(state)):
                user = next((s.user_id for s in match.seats if s.seat == seat), None)
                people = {p.id for p in channel.people}
                if user in people:
                    action = engine.legal_actions(state, seat)[0]
                    from bot.table.writes import public_version

                    await service.act(match.id, public_version(match), user, action)
                    channel.played[match.id] = channel.played.get(match.id, 0) + 1
                    return True
        return False

    async def restart(self) -> None:
        crash = self.rng.random() < CRASH_SHARE and await self.crash_after_a_saved_move()
        self.result.crashes += crash
        old = self.env.bot
        await self.env.restart_bot(self.make_bot())  # the old one is stopped as if killed
        # What the old process's death would free: its database connection, its workers.
        await old.store.close()
        await old.painter.close()
        self.result.restarts += 1

    # -- checks
    async def check(self) -> None:
        """After a catch-up round: every click once in its match's log, every board current."""
        from bot.table.writes import public_version

        await self.env.advance_time(LOOP_SECONDS)
        store = self.env.bot.store
        for channel in self.channels:
            people = {p.id for p in channel.people}
            for match_id, played in channel.played.items():
                match = await store.get(match_id)
                if match is None:
                    continue
                seats = {s.seat for s in match.seats if s.user_id in people and not s.is_ai}
                log = await store.action_log(match_id)
                logged = sum(1 for _, seat, _action in log if seat in seats)
                self.result.lost += max(0, played - logged)
                self.result.doubled += max(0, logged - played)
            match = await store.open_in_channel(channel.handle.id)
            if match is None or match.status != "active":
                continue
            board = self.board(channel)
            ids = [str(c.custom_id) for c in (_action_components(board) if board else [])]
            current = public_version(match)
            stale = [i for i in ids if int(i.split(":")[3]) != current]
            service = self.env.bot.service
            humans = service.humans_to_act(match, service.load_state(match))
            if match.board_lags or stale or (humans and not ids):
                self.result.unclickable += 1
                shown = board.id if board is not None else None
                self.result.notes.append(
                    f"match {match.id}: board not clickable (lags: {match.board_lags}, "
                    f"version {current}, buttons {ids[:3]}, to act {len(humans)}, board "
                    f"{match.board_message_id}, newest picture {shown})"
                )
                if os.environ.get("SOAK_DEBUG"):
                    state = service.load_state(match)
                    seat = humans[0].seat if humans else -1
                    legal = service.engine(match).legal_actions(state, seat)
                    customs = [c.custom_id for r in board.components for c in r.children]
                    print("DEBUG", repr(board.content[-300:]), legal, customs, flush=True)

    def sample(self, start: float) -> None:
        from cogs._budget import caches

        gc.collect()
        sample = Sample(
            time.monotonic() - start,
            rss_bytes(),
            workers_rss(),
            open_files(),
            self.result.clicks,
            sum(size.used for size in caches()),
            sys.getallocatedblocks(),
        )
        self.result.samples.append(sample)
        print(
            f"{sample.at:7.0f} s  RSS {sample.rss / 2**20:6.1f} MB "
            f"(workers {sample.workers / 2**20:5.1f} MB)  files {sample.files:4d}  "
            f"clicks {sample.clicks:6d}  caches {sample.caches / 2**20:5.1f} MB  "
            f"blocks {sample.blocks / 1000:6.0f}k  "
            f"restarts {self.result.restarts}",
            flush=True,
        )

    async def run(self, minutes: float, restart_every: float, sample_every: float) -> SoakResult:
        from simcord import Env

        self.env = Env(self.make_bot(), settle_timeout=60.0)
        await self.env.start()
        try:
            await self.open_channels()
            start = time.monotonic()
            end = start + minutes * 60
            next_sample = next_trim = start
            next_restart = start + restart_every * 60
            clicks = 0
            while time.monotonic() < end:
                now = time.monotonic()
                if now >= next_trim:  # what it holds is not the bot's: keep it small
                    self.trim_discord()
                    next_trim = now + TRIM_DISCORD_SECONDS
                if now >= next_sample:
                    self.sample(start)
                    next_sample = now + sample_every
                if now >= next_restart:
                    await self.restart()
                    next_restart = now + restart_every * 60
                await self.click_somewhere()
                await self.env.advance_time(VIRTUAL_SECONDS_PER_CLICK)
                clicks += 1
                ahead = start + clicks / self.rate - time.monotonic()
                if ahead > 0:
                    time.sleep(ahead)  # a steady rate: this loop is the only one running
            await self.check()
            self.trim_discord()
            self.sample(start)
        finally:
            await self.env.shutdown()
            await self.env.bot.store.close()
        return self.result


def report(result: SoakResult) -> list[str]:
    samples = result.samples
    lines = [
        f"soak: {result.clicks} clicks ({result.refused} refused as stale or not allowed), "
        f"{result.matches} matches, {result.restarts} restarts ({result.crashes} just after "
        "a saved move)",
    ]
    if samples:
        warm = samples[len(samples) // 3 :] or samples
        lines.append(
            "RSS MB: "
            + " ".join(f"{s.rss / 2**20:.0f}" for s in samples)
            + f" (after warm-up: {min(s.rss for s in warm) / 2**20:.0f}"
            f"–{max(s.rss for s in warm) / 2**20:.0f})"
        )
        lines.append(
            "render worker RSS MB: " + " ".join(f"{s.workers / 2**20:.0f}" for s in samples)
        )
        lines.append("open files: " + " ".join(str(s.files) for s in samples))
    lines.append(
        f"lost clicks: {result.lost}, doubled clicks: {result.doubled}, "
        f"boards left unclickable: {result.unclickable}"
    )
    lines += result.notes[:10]
    return lines


def _action_components(board: Any) -> list[Any]:
    """A board's action buttons and menus (``rt:act:`` and ``rt:pick:``)."""
    return [
        child
        for row in board.components
        for child in row.children
        if str(getattr(child, "custom_id", None) or "").startswith(("rt:act:", "rt:pick:"))
    ]


def _to_act(board: Any) -> str:
    return str(board.content).split("👉", 1)[-1]


def soak(minutes: float, channels: int, rate: float, restart_every: float, seed: int) -> int:
    """Run the soak; print its samples and report. Exit code 0 when nothing was lost,
    doubled or left unclickable."""
    try:
        import simcord  # noqa: F401
    except ImportError:
        print("bench --soak needs simcord (the test dependency): pip install -e '.[test]'")
        return 2
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    sample_every = max(5.0, minutes * 60 / 30)
    with tempfile.TemporaryDirectory() as folder:
        runner = Soak(Path(folder), channels, rate, seed)
        result = asyncio.run(runner.run(minutes, restart_every, sample_every))
    print("\n".join(report(result)))
    return 0 if result.passed else 1
