"""``/league``: a server's seasons of one game, Swiss or round robin
(``bot.table.leagues``).

- ``/league new`` (Manage Server or Manage Events) posts the sign-up message with **Join**
  / **Leave** and the list of entrants; signing up is each player's consent to be seated.
- At each round the keeper pairs the entrants, opens each match in its own thread of the
  league's channel with every seat filled, pings each player once (the opening line pings
  those not to play first, the board the ones who do) and posts the round: its pairings,
  then the standings (text and picture), edited after every result.
- At the round's deadline the AI finishes what is still being played, so every round ends;
  when the last one does, the final table and the winner.
- Moderators pause, resume, cancel, remove a player; a player who leaves forfeits the rest.

What runs without a click runs in the table's timer tick (``SeatKeeper.keepers``): due
leagues are claimed there, leased once across shard processes (``MatchStore.due_leagues``),
so a league survives restarts and moves on in one process only. A league match that ends
moves its league on at once (the board publisher's ``after_publish``).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.games.base import clock_of
from bot.i18n import Tr
from bot.store.contract import Match
from bot.store.leagues import League, LeagueGame
from bot.table import notify as notify_rules
from bot.table.errors import TableError
from bot.table.leagues import game_rules, season
from bot.table.leagues.service import LeagueService, Progress
from bot.table.leagues.standings import Standing
from cogs._host import TableHost
from cogs._inputs import number
from cogs._naming import as_text, clean_name
from cogs._presenter import TIME_LIMIT_CHOICES
from renderers import render_picture

log = logging.getLogger(__name__)

LEAGUE_COG = "LeagueCog"
DAY = 86400
#: Round lengths a league may choose (their English names; translated by the commands'
#: translator), in seconds.
ROUND_CHOICES = (
    ("2 days", 2 * DAY),
    ("3 days", 3 * DAY),
    ("1 week", 7 * DAY),
    ("2 weeks", 14 * DAY),
)
FORMAT_CHOICES = (("Swiss", "swiss"), ("Round robin", "single"), ("Double round robin", "double"))
#: A Discord message holds 2,000 characters, an embed's description 4,096.
MESSAGE_LIMIT = 2000
EMBED_LIMIT = 4000
#: The statuses of a league not over yet (``/league leave``, ``remove``, ``cancel``).
OPEN_STATUSES = ("signup", "running", "paused")
#: An option's words (``key=value``) a league may set for its game.
OPTION = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*[=:]\s*(\S+)")


class NotOrganiser(TableError):
    key = "league.error.not_organiser"


class ServerOnly(TableError):
    key = "league.error.server_only"


class NeedsTextChannel(TableError):
    key = "league.error.text_channel"


def is_organiser(interaction: discord.Interaction) -> bool:
    """Manage Server or Manage Events: who may open and run leagues."""
    granted = interaction.permissions
    return interaction.guild_id is not None and (granted.manage_guild or granted.manage_events)


def game_choices() -> list[app_commands.Choice[str]]:
    """The games a league can be of: every turn-based one, and the real-time ones it plays
    in pulses (Rush Out!; a live game needs everyone at the table at once)."""
    return [
        app_commands.Choice(name=game.title, value=name)
        for name, game in GAMES.items()
        if clock_of(game) is None or game_rules.is_pulsed(name)
    ]


def fewest_players(game: str) -> int:
    """A league's tables when ``/league new`` does not say: the fewest the game takes."""
    engine = GAMES.get(game)
    return max(2, engine.min_players) if engine is not None else 2


def parse_options(text: str | None) -> dict[str, Any]:
    """``course=oval laps=2 trading=yes``: the game's options, as its own ``new`` sets
    them (checked by building a match: a refused one says why)."""
    found: dict[str, Any] = {}
    for key, raw in OPTION.findall(text or ""):
        lowered = raw.lower()
        value: Any
        if lowered in ("true", "yes", "on", "oui"):
            value = True
        elif lowered in ("false", "no", "off", "non"):
            value = False
        elif re.fullmatch(r"-?\d{1,6}", raw):
            value = int(raw)
        else:
            value = raw
        found[key] = value
    if text and text.strip() and not found:
        raise season.why("league.why.options", detail=text.strip()[:100])
    return found


def points_text(value: Fraction, tr: Tr) -> str:
    """Points as people write them: 4½, ¼, 3; thirds and the like as decimals."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    glyph = {Fraction(1, 2): "½", Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(part)
    if glyph is not None:
        return f"{int(whole)}{glyph}" if whole else glyph
    return tr.number(float(value), decimals=2)


class LeagueButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rt:league:(?P<league>\d{1,20}):(?P<op>join|leave)",
):
    """**Join** / **Leave** on a league's sign-up message."""

    def __init__(self, league_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=discord.ButtonStyle.success
                if op == "join"
                else discord.ButtonStyle.secondary,
                custom_id=f"rt:league:{league_id}:{op}",
            )
        )
        self.league_id = league_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeagueButton:
        return cls(number(match["league"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        cog = client.get_cog(LEAGUE_COG) if isinstance(client, commands.Bot) else None
        if cog is None:
            text = Tr(interaction.locale)("error.unexpected")
            await interaction.response.send_message(text, ephemeral=True)
            return
        await cast(LeagueCog, cog).on_button(interaction, self.league_id, self.op)


@app_commands.guild_only()
class LeagueCog(
    commands.GroupCog,
    name=LEAGUE_COG,
    group_name="league",
    group_description="Server leagues: a season of one game, Swiss or round robin",
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        self.leagues = LeagueService(bot.store, bot.service, bot.service.clock)
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._after_publish: Callable[[Match, Any], None] | None = None
        super().__init__()

    # ---------------------------------------------------------------- life
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LeagueButton)
        self.bot.table.seats.keepers.append(self.look_after)
        boards = self.bot.table.boards
        self._after_publish = boards.after_publish
        boards.after_publish = self._published

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LeagueButton)
        if self.look_after in self.bot.table.seats.keepers:
            self.bot.table.seats.keepers.remove(self.look_after)
        if self._after_publish is not None:
            self.bot.table.boards.after_publish = self._after_publish
        for task in list(self._tasks):
            task.cancel()

    def _published(self, match: Match, state: Any) -> None:
        """A board went out: a league match that ended moves its league on."""
        assert self._after_publish is not None
        self._after_publish(match, state)
        mark = match.settings.get(season.MATCH_LEAGUE)
        if match.status == "finished" and isinstance(mark, dict) and "id" in mark:
            self.soon(int(mark["id"]))

    async def look_after(self, now: float) -> None:
        """The timer tick: every due league of this process's servers, claimed first, moved
        on in the background (the AI finishing a round's matches holds no other timer)."""
        flow = self.bot.table
        for league in await self.leagues.due(now, shards=flow.shards, owner=flow.seats.owner):
            self.soon(league.id)

    def soon(self, league_id: int) -> None:
        task = asyncio.create_task(self.run(league_id), name=f"rushtable-league-{league_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def run(self, league_id: int) -> None:
        """Move the league on and show what happened; never raises (a tick goes on)."""
        lock = self._locks.setdefault(league_id, asyncio.Lock())
        async with lock:
            try:
                progress = await self.leagues.advance(league_id)
                for match_id in progress.finished_by_ai:
                    await self.bot.table.boards.publish_or_retry_later(match_id)
                await self.show(progress)
            except Exception:
                log.exception("league %s: could not move on", league_id)

    # ---------------------------------------------------------------- what is shown
    def guild_tr(self, league: League) -> Tr:
        guild = self.bot.table.client.get_guild(league.guild_id)
        return Tr(guild.preferred_locale if guild else None)

    async def channel_of(self, league: League) -> discord.abc.Messageable | None:
        return await self.bot.table.boards.channel(league.channel_id)

    def title(self, league: League, tr: Tr) -> str:
        return season.name(league) or tr("league.default_name", number=league.id)

    def format_text(self, league: League, tr: Tr) -> str:
        rounds = season.total_rounds(league)
        key = f"league.format.{season.league_format(league)}"
        return tr(key, count=rounds, rounds=rounds)

    async def show(self, progress: Progress) -> None:
        league = progress.league
        tr = self.guild_tr(league)
        channel = await self.channel_of(league)
        if progress.started or progress.cancelled or progress.paired or progress.ended:
            await self.show_signup(league)
            if channel is not None and progress.cancelled:
                least = season.least_entrants(league)
                await self.say(
                    channel,
                    tr(
                        "league.cancelled_too_few",
                        league=self.title(league, tr),
                        count=len(league.entrants),
                        least=least,
                    ),
                )
        if league.status in ("running", "paused"):
            league = await self.open_tables(league)
        if league.status in ("running", "paused", "finished"):
            announced = int(league.settings.get(season.ANNOUNCED_ROUND, 0))
            if progress.recorded and announced:
                # The results belong to the last round posted: its message shows them.
                await self.edit_round(league, announced)
            if announced < season.current_round(league) and self.round_open(league):
                league = await self.post_round(league)
        if league.status == "finished" and not league.settings.get(season.ANNOUNCED_END):
            await self.post_end(league)

    @staticmethod
    def round_open(league: League) -> bool:
        """Every table of the current round has its match (or needs none)."""
        return all(g.kind != "match" or g.match_id or g.over for g in season.round_games(league))

    async def say(self, channel: discord.abc.Messageable, text: str) -> discord.Message | None:
        with contextlib.suppress(discord.HTTPException):
            return await channel.send(
                text[:MESSAGE_LIMIT], allowed_mentions=discord.AllowedMentions.none()
            )
        return None

    # -- the sign-up message
    def signup_message(
        self, league: League, tr: Tr
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        engine = GAMES[league.game]
        days = float(league.settings.get(season.ROUND_SECONDS, DAY)) / DAY
        lines = [
            tr(
                "league.signup.game",
                game=engine.title,
                format=self.format_text(league, tr),
                size=season.table_size(league),
            ),
            tr(
                "league.signup.clock",
                days=tr.number(days),
                count=round(days, 1),
            )
            + " "
            + self.pace_text(league, tr),
        ]
        if game_rules.is_pulsed(league.game):
            lines.append(self.pulses_text(league, tr))
        starts = league.settings.get(season.STARTS_AT)
        if league.status == "signup":
            if starts is not None:
                lines.append(
                    tr(
                        "league.signup.starts",
                        when=f"<t:{int(starts)}:F>",
                        relative=f"<t:{int(starts)}:R>",
                    )
                )
            else:
                lines.append(tr("league.signup.starts_by_moderator"))
        presenter = self.bot.table.presenters.get(league.game)
        shown_options = game_rules.listed_options(league.game, season.options(league))
        for key, value in sorted(shown_options.items()):
            label_key = f"{league.game}.option.{key}"
            label = tr(label_key) if tr.has(label_key) else key
            shown = presenter.option_text(key, value, tr) if presenter else str(value)
            lines.append(tr("lobby.option", name=label, value=shown))
        status = {
            "signup": "league.status.signup",
            "running": "league.status.running",
            "paused": "league.status.paused",
            "finished": "league.status.finished",
            "cancelled": "league.status.cancelled",
        }[league.status]
        shown_status = tr(
            status, round=season.current_round(league), rounds=season.total_rounds(league)
        )
        lines.append(f"**{shown_status}**")
        embed = discord.Embed(
            title=f"🏆 {self.title(league, tr)}",
            description="\n".join(lines),
            colour=discord.Colour.gold()
            if league.status == "signup"
            else discord.Colour.dark_grey(),
        )
        entrants = [f"<@{e.user_id}>" for e in league.entrants]
        shown = ", ".join(entrants) or "—"
        if len(shown) > 1000:
            shown = shown[:990].rsplit(",", 1)[0] + ", …"
        embed.add_field(
            name=tr("league.signup.entrants", count=len(entrants)), value=shown, inline=False
        )
        embed.set_footer(text=tr("league.signup.consent", number=league.id))
        if league.status != "signup":
            return embed, None
        view = discord.ui.View(timeout=None)
        view.add_item(LeagueButton(league.id, "join", tr("league.button.join")))
        view.add_item(LeagueButton(league.id, "leave", tr("league.button.leave")))
        return embed, view

    def pace_text(self, league: League, tr: Tr) -> str:
        """How fast its matches go: the turn time limit, or a pulsed game's pulses."""
        pulse = season.pulse_seconds(league)
        if pulse is not None:
            throws = game_rules.throws_per_pulse(season.options(league))
            return tr(
                "league.signup.pulses", pulse=self.pulse_text(league, pulse, tr), count=throws
            )
        if season.time_limit(league):
            hours = season.time_limit(league) / 3600
            return tr("league.signup.time_limit", hours=tr.number(hours), count=round(hours, 1))
        return tr("league.signup.no_time_limit")

    def pulses_text(self, league: League, tr: Tr) -> str:
        """A pulsed league: whose seat is the sorcerer's, where the pulse comes from."""
        shortest, longest = game_rules.PULSE_BOUNDS
        return tr(
            "league.signup.sorcerer",
            shortest=self.pulse_text(league, shortest, tr),
            longest=self.pulse_text(league, longest, tr),
        )

    def pulse_text(self, league: League, seconds: float, tr: Tr) -> str:
        """A pulse's length as the game's lobby writes it."""
        presenter = self.bot.table.presenters.get(league.game)
        if presenter is None:
            return f"{tr.number(seconds / 3600)} h"
        return presenter.option_text(game_rules.PULSE_SECONDS, seconds, tr)

    async def show_signup(self, league: League) -> None:
        """Edit the sign-up message to show the league as it is now."""
        message_id = league.settings.get(season.MESSAGE)
        channel = await self.channel_of(league)
        if message_id is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        embed, view = self.signup_message(league, self.guild_tr(league))
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(int(message_id)).edit(embed=embed, view=view)

    # -- tables
    async def open_tables(self, league: League) -> League:
        """Each table of the round still without its match: a thread, the match in it with
        its seats filled, one line pinging the players the board will not ping, the board."""
        pending = [
            g
            for g in season.round_games(league)
            if g.kind == "match" and g.match_id is None and not g.over
        ]
        if not pending:
            return league
        channel = await self.channel_of(league)
        if not isinstance(channel, discord.TextChannel):
            log.warning("league %s: its channel %s takes no threads", league.id, league.channel_id)
            return league
        tr = self.guild_tr(league)
        names = {e.user_id: e.name for e in league.entrants}
        for game in pending:
            try:
                thread = await self.thread_for(league, game, channel, names, tr)
                match = await self.leagues.open_match(league.id, game, thread.id)
                if match is None:
                    continue
                await self.greet(league, game, match, thread, tr)
                await self.bot.table.boards.publish_or_retry_later(match.id)
            except (discord.HTTPException, TableError) as error:
                log.warning(
                    "league %s: table %s of round %s not opened: %s",
                    league.id,
                    game.table,
                    game.round,
                    error,
                )
        return await self.leagues.get(league.id)

    async def thread_for(
        self,
        league: League,
        game: LeagueGame,
        channel: discord.TextChannel,
        names: dict[int, str],
        tr: Tr,
    ) -> discord.Thread:
        if game.thread_id is not None:
            found = self.bot.table.client.get_channel(game.thread_id)
            if isinstance(found, discord.Thread):
                return found
        players = " – ".join(clean_name(names.get(u, "?")) for u in game.seats)
        name = tr(
            "league.thread.name", league=self.title(league, tr), round=game.round, players=players
        )
        return await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
        )

    async def greet(
        self, league: League, game: LeagueGame, match: Match, thread: discord.Thread, tr: Tr
    ) -> None:
        """The thread's first line: who plays, until when; it pings the players the first
        board does not (those to play first are pinged by it), so each is pinged once."""
        state = self.bot.service.load_state(match)
        first = {s.user_id for s in self.bot.service.humans_to_act(match, state)}
        others = [u for u in game.seats if u not in first]
        deadline = season.deadline(league)
        when = f"<t:{int(deadline)}:f>" if deadline else "—"
        text = tr(
            "league.thread.opening",
            league=self.title(league, tr),
            round=game.round,
            rounds=season.total_rounds(league),
            players=tr("league.vs").join(f"<@{u}>" for u in game.seats),
            deadline=when,
        )
        await thread.send(
            text[:MESSAGE_LIMIT],
            allowed_mentions=await self.bot.table.boards.notifier.mentions(others),
        )

    # -- a round's message: its pairings and the standings, edited after every result
    def round_text(self, league: League, tr: Tr, shown: int) -> str:
        """Round ``shown``: its tables, their threads and results, its byes."""
        number_ = shown
        deadline = season.deadline(league) if shown == season.current_round(league) else None
        head = tr(
            "league.round.title",
            league=self.title(league, tr),
            round=number_,
            rounds=season.total_rounds(league),
        )
        if deadline and league.status == "running":
            head += " " + tr("league.round.until", when=f"<t:{int(deadline)}:f>")
        lines = [head]
        for game in season.round_games(league, shown):
            players = tr("league.vs").join(f"<@{u}>" for u in game.seats)
            if game.kind == "bye":
                lines.append(tr("league.round.bye", player=players))
            elif game.kind == "forfeit":
                lines.append(tr("league.round.forfeit", player=players))
            else:
                line = f"{game.table}. {players}"
                if game.thread_id:
                    line += f" · <#{game.thread_id}>"
                if game.places is not None:
                    line += " · " + self.result_text(league, game, tr)
                lines.append(line)
        return "\n".join(lines)[:MESSAGE_LIMIT]

    def result_text(self, league: League, game: LeagueGame, tr: Tr) -> str:
        shares = season.table_shares(league, game)
        text = "–".join(points_text(share, tr) for share in shares)
        return text + (" " + tr("league.round.by_ai") if game.by_ai else "")

    async def standings_parts(
        self, league: League, tr: Tr, *, shown: int | None = None, final: bool = False
    ) -> tuple[discord.Embed, discord.File]:
        """The standings (after round ``shown``, else now) as an embed (text) and a
        picture, in ``tr``'s language."""
        shown = season.current_round(league) if shown is None else shown
        table = season.table_of(league, shown)
        tiebreaks = season.league_format(league)
        first_key, second_key = (
            ("buchholz", "sonneborn_berger")
            if tiebreaks == "swiss"
            else ("sonneborn_berger", "head_to_head")
        )
        lines = [
            tr(
                "league.standings.line",
                rank=s.rank,
                player=f"<@{s.user_id}>",
                points=points_text(s.points, tr),
                first=points_text(s.tiebreaks[0], tr),
                second=points_text(s.tiebreaks[1], tr),
                first_name=tr(f"league.tiebreak_short.{first_key}"),
                second_name=tr(f"league.tiebreak_short.{second_key}"),
            )
            + (" " + tr("league.standings.left") if s.left else "")
            for s in table
        ]
        title = tr("league.standings.final") if final else self.standings_title(league, shown, tr)
        embed = discord.Embed(
            title=title, description="\n".join(lines)[:EMBED_LIMIT], colour=discord.Colour.gold()
        )
        embed.set_footer(
            text=tr(
                "league.standings.footer",
                first=tr(f"league.tiebreak.{first_key}"),
                second=tr(f"league.tiebreak.{second_key}"),
            )
        )
        png = await asyncio.to_thread(
            render_picture,
            "league",
            self.picture_view(league, table, tr, final, title),
            self.picture_labels(league, tr),
        )
        embed.set_image(url="attachment://standings.png")
        return embed, discord.File(io.BytesIO(png), filename="standings.png")

    @staticmethod
    def standings_title(league: League, shown: int, tr: Tr) -> str:
        """After round n (over, or the next not begun), during round n, or at the start."""
        games = season.round_games(league, shown)
        if games and all(g.over for g in games):
            return tr("league.standings.after", round=shown)
        if any(g.over for g in games if g.kind == "match"):
            return tr("league.standings.during", round=shown)
        if shown > 1:
            return tr("league.standings.after", round=shown - 1)
        return tr("league.standings.start")

    def picture_view(
        self, league: League, table: list[Standing], tr: Tr, final: bool, heading: str
    ) -> dict[str, Any]:
        names = {e.user_id: e.name for e in league.entrants}
        winners = {s.user_id for s in table if s.rank == 1} if final else set()
        first_key, second_key = (
            ("buchholz", "sonneborn_berger")
            if season.league_format(league) == "swiss"
            else ("sonneborn_berger", "head_to_head")
        )
        return {
            "title": f"{self.title(league, tr)} — {GAMES[league.game].title}",
            "subtitle": f"{self.format_text(league, tr)} · {heading}",
            "rows": [
                {
                    "rank": str(s.rank),
                    "name": clean_name(names.get(s.user_id, "?")),
                    "points": points_text(s.points, tr),
                    "first": points_text(s.tiebreaks[0], tr),
                    "second": points_text(s.tiebreaks[1], tr),
                    "record": f"{s.won}-{s.drawn}-{s.lost}",
                    "left": s.left,
                    "winner": s.user_id in winners,
                }
                for s in table
            ],
            "footer": tr(
                "league.standings.footer",
                first=tr(f"league.tiebreak.{first_key}"),
                second=tr(f"league.tiebreak.{second_key}"),
            ),
        }

    @staticmethod
    def picture_labels(league: League, tr: Tr) -> dict[str, str]:
        first_key, second_key = (
            ("buchholz", "sonneborn_berger")
            if season.league_format(league) == "swiss"
            else ("sonneborn_berger", "head_to_head")
        )
        return {
            "rank": tr("render.league.rank"),
            "player": tr("render.league.player"),
            "points": tr("render.league.points"),
            "first": tr(f"league.tiebreak_short.{first_key}"),
            "second": tr(f"league.tiebreak_short.{second_key}"),
            "record": tr("render.league.record"),
            "left": tr("render.league.left"),
        }

    async def post_round(self, league: League) -> League:
        """The round's message: pairings, then the standings so far."""
        channel = await self.channel_of(league)
        tr = self.guild_tr(league)
        message_id = None
        if channel is not None:
            shown = season.current_round(league)
            embed, picture = await self.standings_parts(league, tr, shown=shown)
            try:
                message = await channel.send(
                    self.round_text(league, tr, shown),
                    embed=embed,
                    file=picture,
                    allowed_mentions=discord.AllowedMentions.none(),
                )
                message_id = message.id
            except discord.HTTPException as error:
                log.warning(
                    "league %s: round %s not posted: %s",
                    league.id,
                    season.current_round(league),
                    error,
                )
                return league
        return await self.leagues.set_settings(
            league.id,
            **{
                season.ANNOUNCED_ROUND: season.current_round(league),
                season.STANDINGS_MESSAGE: message_id,
            },
        )

    async def edit_round(self, league: League, shown: int) -> None:
        """A result of round ``shown`` came in: the round's message shows it, with the
        standings updated."""
        message_id = league.settings.get(season.STANDINGS_MESSAGE)
        channel = await self.channel_of(league)
        if message_id is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        tr = self.guild_tr(league)
        embed, picture = await self.standings_parts(league, tr, shown=shown)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(int(message_id)).edit(
                content=self.round_text(league, tr, shown),
                embed=embed,
                attachments=[picture],
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def post_end(self, league: League) -> None:
        """The last round is over: the final table, the winner."""
        channel = await self.channel_of(league)
        tr = self.guild_tr(league)
        if channel is not None:
            winners = season.winners(league)
            table = season.table_of(league)
            points = next((s.points for s in table if s.rank == 1), Fraction(0))
            text = tr(
                "league.end",
                league=self.title(league, tr),
                players=", ".join(f"<@{u}>" for u in winners),
                count=len(winners),
                points=points_text(points, tr),
            )
            embed, picture = await self.standings_parts(league, tr, final=True)
            try:
                await channel.send(
                    text, embed=embed, file=picture, allowed_mentions=discord.AllowedMentions.none()
                )
            except discord.HTTPException as error:
                log.warning("league %s: its end not posted: %s", league.id, error)
                return
        await self.leagues.set_settings(league.id, **{season.ANNOUNCED_END: True})

    # ---------------------------------------------------------------- finding a league
    async def league_here(
        self,
        interaction: discord.Interaction,
        league_id: int | None,
        *,
        statuses: tuple[str, ...] | None = None,
    ) -> League:
        """The league a command names (its number), else this channel's newest (a thread
        belongs to its channel) whose status fits."""
        guild = interaction.guild_id
        if guild is None:
            raise ServerOnly()
        if league_id is not None:
            league = await self.bot.store.get_league(league_id)
            if league is None or league.guild_id != guild:
                raise season.UnknownLeague()
            return league
        channel = interaction.channel
        here = {interaction.channel_id}
        if isinstance(channel, discord.Thread) and channel.parent_id:
            here.add(channel.parent_id)
            match = await self.bot.store.latest_in_channel(channel.id)
            mark = match.settings.get(season.MATCH_LEAGUE) if match else None
            if isinstance(mark, dict) and "id" in mark:
                found = await self.bot.store.get_league(int(mark["id"]))
                if found is not None:
                    return found
        leagues = [
            lg for lg in await self.bot.store.leagues_of_guild(guild) if lg.channel_id in here
        ]
        fitting = [lg for lg in leagues if statuses is None or lg.status in statuses]
        if not fitting:
            raise season.NoLeagueHere()
        return fitting[-1]

    # ---------------------------------------------------------------- commands
    @app_commands.command(
        name="new", description="Open a league of one game in this channel (organisers)"
    )
    @app_commands.rename(league_format="format")
    @app_commands.describe(
        game="Which game",
        league_format="Swiss (equal scores meet) or round robin (everyone meets everyone)",
        rounds="Swiss: how many rounds (1-15)",
        players="Players at each table (the game's fewest if left out; up to its most)",
        round_length="How long each round lasts",
        time_limit="Time for each turn before the AI plays it (Rush Out!: how long a pulse lasts)",
        start="Start date, UTC: 2025-07-14 or 2025-07-14 18:30 (else /league start)",
        name="The league's name",
        options="The game's options, e.g. course=oval laps=2",
    )
    @app_commands.choices(
        game=game_choices(),
        league_format=[app_commands.Choice(name=n, value=v) for n, v in FORMAT_CHOICES],
    )
    @app_commands.choices(
        round_length=[app_commands.Choice(name=n, value=v) for n, v in ROUND_CHOICES],
        time_limit=[app_commands.Choice(name=n, value=v) for n, v in TIME_LIMIT_CHOICES],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        league_format: str = "swiss",
        rounds: app_commands.Range[int, 1, 15] = 5,
        players: app_commands.Range[int, 2, 6] | None = None,
        round_length: int = 3 * DAY,
        time_limit: int = 24 * 3600,
        start: str | None = None,
        name: str | None = None,
        options: str | None = None,
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            if interaction.guild_id is None:
                raise ServerOnly()
            if not is_organiser(interaction):
                raise NotOrganiser()
            if not isinstance(interaction.channel, discord.TextChannel):
                raise NeedsTextChannel()
            missing = self.bot.table.missing_permissions(interaction, True)
            if missing:
                listed = ", ".join(f"**{tr(f'permission.{p}')}**" for p in missing)
                await self.bot.table.reply_private(
                    interaction, tr("error.need_permissions", names=listed)
                )
                return
            starts_at = None
            if start and start.strip():
                try:
                    starts_at = notify_rules.parse_date(start)
                except TableError as error:
                    raise season.why("league.why.start_format", text=start.strip()[:40]) from error
            league = await self.leagues.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel.id,
                game=game,
                creator_id=interaction.user.id,
                name=clean_name(name)[: season.NAME_LIMIT] if name else "",
                league_format=league_format,
                rounds=rounds,
                size=players or fewest_players(game),
                limit=time_limit if time_limit in {s for _, s in TIME_LIMIT_CHOICES} else 24 * 3600,
                round_seconds=float(round_length),
                starts_at=starts_at,
                game_options=parse_options(options),
            )
            public = self.guild_tr(league)
            embed, view = self.signup_message(league, public)
            await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)
            message = await interaction.original_response()
            await self.leagues.set_settings(league.id, **{season.MESSAGE: message.id})

    async def on_button(self, interaction: discord.Interaction, league_id: int, op: str) -> None:
        async with self.bot.table.guarded(interaction):
            user = interaction.user
            if op == "join":
                league = await self.leagues.join(league_id, user.id, clean_name(user.display_name))
            else:
                league = (await self.leagues.leave(league_id, user.id)).league
            embed, view = self.signup_message(league, self.guild_tr(league))
            await interaction.response.edit_message(embed=embed, view=view)

    @app_commands.command(name="join", description="Sign up for this channel's league")
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def join(self, interaction: discord.Interaction, number: int | None = None) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            league = await self.league_here(interaction, number, statuses=("signup",))
            user = interaction.user
            league = await self.leagues.join(league.id, user.id, clean_name(user.display_name))
            await self.bot.table.reply_private(
                interaction, tr("league.joined", league=self.title(league, tr))
            )
            await self.show_signup(league)

    @app_commands.command(
        name="leave", description="Leave a league (once started, you forfeit the rest)"
    )
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def leave(self, interaction: discord.Interaction, number: int | None = None) -> None:
        async with self.bot.table.guarded(interaction):
            league = await self.league_here(interaction, number, statuses=OPEN_STATUSES)
            await self.withdraw(interaction, league, interaction.user.id, None)

    @app_commands.command(name="remove", description="Organisers: take a player out of a league")
    @app_commands.describe(
        player="Who leaves the league", number="Which league (this channel's newest if left out)"
    )
    async def remove(
        self, interaction: discord.Interaction, player: discord.Member, number: int | None = None
    ) -> None:
        async with self.bot.table.guarded(interaction):
            if not is_organiser(interaction):
                raise NotOrganiser()
            league = await self.league_here(interaction, number, statuses=OPEN_STATUSES)
            await self.withdraw(interaction, league, player.id, interaction.user.id)

    async def withdraw(
        self, interaction: discord.Interaction, league: League, user_id: int, by: int | None
    ) -> None:
        tr = Tr(interaction.locale)
        started = league.status != "signup"
        left = await self.leagues.leave(league.id, user_id, by)
        title = self.title(left.league, tr)
        key = "league.removed" if by is not None else "league.left"
        await self.bot.table.reply_private(
            interaction,
            tr(key + ("_forfeit" if started else ""), league=title, player=f"<@{user_id}>"),
        )
        if not started:
            await self.show_signup(left.league)
            return
        if left.resigned is not None:
            await self.bot.table.boards.publish_or_retry_later(left.resigned.id)
        channel = await self.channel_of(left.league)
        public = self.guild_tr(left.league)
        if channel is not None:
            key = "league.announce_removed" if by is not None else "league.announce_left"
            await self.say(
                channel,
                public(
                    key,
                    league=self.title(left.league, public),
                    player=f"<@{user_id}>",
                    moderator=f"<@{by}>",
                ),
            )
        await self.run(left.league.id)

    @app_commands.command(name="start", description="Organisers: start this channel's league now")
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def start(self, interaction: discord.Interaction, number: int | None = None) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            if not is_organiser(interaction):
                raise NotOrganiser()
            league = await self.league_here(interaction, number, statuses=("signup",))
            league = await self.leagues.start(league.id)
            await interaction.response.send_message(
                tr("league.started", league=self.title(league, tr)), ephemeral=True
            )
            await self.show_signup(league)
            await self.run(league.id)

    @app_commands.command(
        name="pause", description="Organisers: stop the round's clock and new rounds"
    )
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def pause(self, interaction: discord.Interaction, number: int | None = None) -> None:
        await self.moderate(interaction, number, ("running",), "pause")

    @app_commands.command(
        name="resume", description="Organisers: start a paused league's clock again"
    )
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def resume(self, interaction: discord.Interaction, number: int | None = None) -> None:
        await self.moderate(interaction, number, ("paused",), "resume")

    @app_commands.command(name="cancel", description="Organisers: end a league with no winner")
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def cancel(self, interaction: discord.Interaction, number: int | None = None) -> None:
        await self.moderate(interaction, number, OPEN_STATUSES, "cancel")

    async def moderate(
        self,
        interaction: discord.Interaction,
        number: int | None,
        statuses: tuple[str, ...],
        op: str,
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            if not is_organiser(interaction):
                raise NotOrganiser()
            league = await self.league_here(interaction, number, statuses=statuses)
            if op == "pause":
                league = await self.leagues.pause(league.id)
            elif op == "resume":
                league = await self.leagues.resume(league.id)
            else:
                league = await self.leagues.cancel(league.id, interaction.user.id)
            done = {"pause": "league.paused", "resume": "league.resumed"}.get(op, "league.ended")
            await interaction.response.send_message(
                tr(done, league=self.title(league, tr)), ephemeral=True
            )
            public = self.guild_tr(league)
            channel = await self.channel_of(league)
            if channel is not None:
                deadline = season.deadline(league)
                await self.say(
                    channel,
                    public(
                        f"league.announce_{op}",
                        league=self.title(league, public),
                        moderator=interaction.user.mention,
                        when=f"<t:{int(deadline)}:f>" if deadline else "—",
                    ),
                )
            await self.show_signup(league)

    @app_commands.command(
        name="standings", description="A league's standings (this channel's if left out)"
    )
    @app_commands.describe(number="Which league (this channel's newest if left out)")
    async def standings(self, interaction: discord.Interaction, number: int | None = None) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            league = await self.league_here(interaction, number)
            if league.status == "signup" or not league.games:
                await self.bot.table.reply_private(
                    interaction,
                    tr(
                        "league.standings.none",
                        league=self.title(league, tr),
                        count=len(league.entrants),
                    ),
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            final = league.status == "finished"
            embed, picture = await self.standings_parts(league, tr, final=final)
            head = tr(
                "league.standings.head",
                league=self.title(league, tr),
                game=GAMES[league.game].title,
                format=self.format_text(league, tr),
            )
            await interaction.followup.send(
                head,
                embed=embed,
                file=picture,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )

    @app_commands.command(name="list", description="This server's leagues")
    async def list_leagues(self, interaction: discord.Interaction) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            if interaction.guild_id is None:
                raise ServerOnly()
            leagues = await self.bot.store.leagues_of_guild(interaction.guild_id)
            if not leagues:
                await self.bot.table.reply_private(interaction, tr("league.list.none"))
                return
            lines = [tr("league.list.title")]
            for league in reversed(leagues[-20:]):
                lines.append(
                    tr(
                        "league.list.line",
                        number=league.id,
                        league=as_text(self.title(league, tr)),
                        game=GAMES[league.game].title if league.game in GAMES else league.game,
                        format=self.format_text(league, tr),
                        status=tr(
                            f"league.status.{league.status}",
                            round=season.current_round(league),
                            rounds=season.total_rounds(league),
                        ),
                        count=len(league.entrants),
                        channel=f"<#{league.channel_id}>",
                    )
                )
            await self.bot.table.reply_private(interaction, "\n".join(lines)[:MESSAGE_LIMIT])


async def setup(bot: TableHost) -> None:
    await bot.add_cog(LeagueCog(bot))
