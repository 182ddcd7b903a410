"""Players' records: ``/records stats``, ``/records leaderboard`` and ``/records history``,
per server.

Everything is read from the store (finished matches, their places, the action log's times,
the openskill ratings ``bot.table.records`` keeps); the answers are private embeds, and the
pages of a leaderboard or a history turn with ◀ / ▶ buttons whose custom_id says what
they show (``cogs._records_components``), so they work after a restart too.
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.games import GAMES
from bot.i18n import Tr
from bot.store.contract import MatchStore
from bot.store.ratings import TREND_MATCHES, PlayedMatch, PlayerStats, Ranked, Rating
from bot.table import records
from bot.table.leagues import season
from bot.table.records import BotPlayer, ServerOnly, UnknownGame
from cogs._host import TableHost
from cogs._naming import as_text, clean_name
from cogs._records_components import HistoryPageButton, LeaderboardPageButton
from cogs.league import points_text

#: Players on a leaderboard page, matches on a history page.
PAGE_SIZE = 10


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=game.title, value=name) for name, game in GAMES.items()]


def title_of(game: str) -> str:
    """A game's title (a game no longer offered keeps its stored name)."""
    return GAMES[game].title if game in GAMES else game


def rating_text(rating: Rating, tr: Tr) -> str:
    """The rating as people see it: a whole number, never negative, with "?" while it is
    provisional (``bot.table.records``)."""
    shown = tr.number(records.shown_rating(rating), decimals=0)
    return (
        tr("records.rating.provisional", rating=shown) if records.is_provisional(rating) else shown
    )


def duration(seconds: float, tr: Tr) -> str:
    whole = round(seconds)
    if whole < 60:
        return tr("records.duration.seconds", seconds=whole)
    if whole < 3600:
        return tr("records.duration.minutes", minutes=whole // 60, seconds=whole % 60)
    if whole < 86400:
        return tr("records.duration.hours", hours=whole // 3600, minutes=whole % 3600 // 60)
    return tr("records.duration.days", days=whole // 86400, hours=whole % 86400 // 3600)


def trend_text(history: list[float], tr: Tr) -> str:
    change = records.trend(history)
    if change is None:
        return ""
    if records.rating_change(change) == 0:
        return tr("records.trend.same")
    arrow = "records.trend.up" if change > 0 else "records.trend.down"
    return tr(arrow, change=tr.number(abs(records.rating_change(change)), decimals=0))


def result_text(played: PlayedMatch, tr: Tr) -> str:
    if played.won:
        return tr("records.result.won")
    if played.place == 1:
        return tr("records.result.draw")
    return tr("records.result.lost")


def reason_text(played: PlayedMatch, tr: Tr) -> str:
    """The outcome's reason as the board told it (``records.reason.*`` first: a
    resignation reads the same for both sides)."""
    for key in (
        f"records.reason.{played.reason}",
        f"{played.game}.reason.{played.reason}",
        f"reason.{played.reason}",
    ):
        if tr.has(key):
            return tr(key)
    return played.reason


Row = TypeVar("Row")


async def paged(
    fetch: Callable[[int], Awaitable[tuple[list[Row], int]]], page: int
) -> tuple[list[Row], int, int, int]:
    """Page ``page`` of ``fetch(offset)`` (rows, total), or the last page when it no longer
    exists: (rows, total, page shown, pages)."""
    rows, total = await fetch(page * PAGE_SIZE)
    pages = max(1, math.ceil(total / PAGE_SIZE))
    shown = min(page, pages - 1)
    if shown != page:
        rows, total = await fetch(shown * PAGE_SIZE)
    return rows, total, shown, pages


def page_buttons(
    make: Callable[[int, str, bool], discord.ui.Item[Any]], shown: int, pages: int, tr: Tr
) -> discord.ui.View | None:
    """◀ / ▶ to the previous and next pages (none for a single page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(make(max(0, shown - 1), tr("records.button.previous"), shown == 0))
    view.add_item(make(min(pages - 1, shown + 1), tr("records.button.next"), shown >= pages - 1))
    return view


@app_commands.guild_only()
class RecordsCog(
    commands.GroupCog,
    group_name="records",
    group_description="Players' records in this server: stats, leaderboard, history",
):
    def __init__(self, bot: TableHost) -> None:
        self.bot = bot
        super().__init__()

    @property
    def store(self) -> MatchStore:
        return self.bot.store

    # ---------------------------------------------------------------- checks
    @staticmethod
    def _guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise ServerOnly()
        return interaction.guild_id

    @staticmethod
    def _game(game: str | None) -> str | None:
        if game is None or game in GAMES:
            return game
        titles = ", ".join(g.title for g in GAMES.values())
        raise UnknownGame(game=as_text(game[:40]), games=titles)

    @staticmethod
    def _person(user: discord.abc.User) -> discord.abc.User:
        if user.bot:
            raise BotPlayer(player=as_text(clean_name(user.display_name)))
        return user

    # ---------------------------------------------------------------- stats
    @app_commands.command(name="stats", description="A player's record in this server")
    @app_commands.describe(
        player="Whose record (yours if left out)", game="One game only (every game if left out)"
    )
    @app_commands.choices(game=game_choices())
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            guild = self._guild(interaction)
            game = self._game(game)
            person = self._person(player or interaction.user)
            name = clean_name(person.display_name)
            stats = await self.store.player_stats(guild, person.id, game)
            summary = records.summarise(stats, game)
            if summary.played == 0:
                key = "records.stats.none_game" if game else "records.stats.none"
                title = title_of(game) if game else ""
                await interaction.response.send_message(
                    tr(key, player=as_text(name), game=title), ephemeral=True
                )
                return
            embed = await self.stats_embed(guild, person.id, name, game, stats, summary, tr)
            await interaction.response.send_message(embed=embed, ephemeral=True)

    async def stats_embed(
        self,
        guild: int,
        user_id: int,
        name: str,
        game: str | None,
        stats: PlayerStats,
        summary: records.Summary,
        tr: Tr,
    ) -> discord.Embed:
        title = (
            tr("records.stats.title_game", player=name, game=title_of(game))
            if game
            else tr("records.stats.title", player=name)
        )
        embed = discord.Embed(title=title)
        embed.add_field(name=tr("records.stats.played"), value=str(summary.played))
        percent = tr("records.percent", value=round(100 * summary.win_rate))
        embed.add_field(
            name=tr("records.stats.won"),
            value=tr("records.stats.won_value", won=summary.won, percent=percent),
        )
        embed.add_field(name=tr("records.stats.streak"), value=str(summary.longest_streak))
        median = summary.median_move_seconds
        embed.add_field(
            name=tr("records.stats.move_time"),
            value=duration(median, tr) if median is not None else "—",
        )
        if summary.favourite is not None:
            count = sum(1 for r in stats.results if r.game == summary.favourite)
            embed.add_field(
                name=tr("records.stats.favourite"),
                value=tr(
                    "records.stats.favourite_value",
                    game=title_of(summary.favourite),
                    count=count,
                ),
            )
        embed.add_field(
            name=tr("records.stats.rating"),
            value="\n".join(await self.rating_lines(guild, user_id, game, stats, tr)),
            inline=False,
        )
        leagues = await self.league_lines(guild, user_id, tr)
        if leagues:
            embed.add_field(
                name=tr("league.stats.title"), value="\n".join(leagues)[:1024], inline=False
            )
        embed.set_footer(
            text=tr(
                "records.stats.footer",
                count=TREND_MATCHES,
                provisional=records.PROVISIONAL_MATCHES,
            )
        )
        return embed

    async def rating_lines(
        self, guild: int, user_id: int, game: str | None, stats: PlayerStats, tr: Tr
    ) -> list[str]:
        games = [game] if game else sorted(stats.ratings, key=lambda g: -stats.ratings[g].games)
        lines = []
        for rated in games:
            rating = stats.ratings.get(rated)
            ranked = await self.store.rank_of(guild, rated, user_id) if rating else None
            if rating is None or ranked is None:
                lines.append(
                    tr(
                        "records.stats.rating_unrated",
                        game=title_of(rated),
                    )
                )
                continue
            _, total = await self.store.leaderboard(guild, rated, limit=0)
            lines.append(
                tr(
                    "records.stats.rating_line",
                    game=title_of(rated),
                    rating=rating_text(rating, tr),
                    trend=trend_text(stats.history.get(rated, []), tr),
                    rank=ranked.rank,
                    total=total,
                    count=rating.games,
                ).replace("  ", " ")
            )
        return lines or [tr("records.stats.no_rating")]

    # ---------------------------------------------------------------- leaderboard
    @app_commands.command(name="leaderboard", description="This server's best players of a game")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        await self.show_leaderboard(interaction, game, 0, turning=False)

    async def on_leaderboard_page(
        self, interaction: discord.Interaction, game: str, page: int
    ) -> None:
        await self.show_leaderboard(interaction, game, page, turning=True)

    async def show_leaderboard(
        self, interaction: discord.Interaction, game: str, page: int, *, turning: bool
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            guild = self._guild(interaction)
            name = self._game(game) or ""
            title = title_of(name)
            rows, total, shown, pages = await paged(
                lambda offset: self.store.leaderboard(guild, name, offset=offset, limit=PAGE_SIZE),
                page,
            )
            if total == 0:
                await self._answer(
                    interaction, tr("records.leaderboard.empty", game=title), None, None, turning
                )
                return
            me = interaction.user.id
            mine = await self.store.rank_of(guild, name, me)
            embed = discord.Embed(
                title=tr("records.leaderboard.title", game=title),
                description="\n".join(self._leaderboard_line(r, me, tr) for r in rows),
            )
            embed.add_field(
                name=tr("records.leaderboard.you"),
                value=self._own_rank(mine, total, title, tr),
                inline=False,
            )
            embed.set_footer(
                text=tr(
                    "records.leaderboard.page",
                    page=shown + 1,
                    pages=pages,
                    total=total,
                    count=total,
                    provisional=records.PROVISIONAL_MATCHES,
                )
            )
            note = tr("records.page_gone", page=shown + 1) if shown != page else None
            view = page_buttons(
                lambda to, label, off: LeaderboardPageButton(name, to, label, off), shown, pages, tr
            )
            await self._answer(interaction, note, embed, view, turning)

    @staticmethod
    def _leaderboard_line(ranked: Ranked, me: int, tr: Tr) -> str:
        line = tr(
            "records.leaderboard.line",
            rank=ranked.rank,
            player=f"<@{ranked.user_id}>",
            rating=rating_text(ranked.rating, tr),
            count=ranked.rating.games,
        )
        return f"{line} {tr('records.leaderboard.you_mark')}" if ranked.user_id == me else line

    @staticmethod
    def _own_rank(mine: Ranked | None, total: int, title: str, tr: Tr) -> str:
        if mine is None:
            return tr("records.leaderboard.you_unrated", game=title)
        rating: Rating = mine.rating
        return tr(
            "records.leaderboard.you_line",
            rank=mine.rank,
            total=total,
            rating=rating_text(rating, tr),
            count=rating.games,
        )

    # ---------------------------------------------------------------- history
    @app_commands.command(name="history", description="A player's recent matches in this server")
    @app_commands.describe(player="Whose matches (yours if left out)")
    async def history(
        self, interaction: discord.Interaction, player: discord.Member | None = None
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            person = self._person(player or interaction.user)
            await self.show_history(interaction, person.id, 0, tr, turning=False)

    async def on_history_page(
        self, interaction: discord.Interaction, user_id: int, page: int
    ) -> None:
        tr = Tr(interaction.locale)
        async with self.bot.table.guarded(interaction):
            await self.show_history(interaction, user_id, page, tr, turning=True)

    async def show_history(
        self, interaction: discord.Interaction, user_id: int, page: int, tr: Tr, *, turning: bool
    ) -> None:
        guild = self._guild(interaction)
        rows, total, shown, pages = await paged(
            lambda offset: self.store.finished_of_player(
                guild, user_id, offset=offset, limit=PAGE_SIZE
            ),
            page,
        )
        who = f"<@{user_id}>"
        if total == 0:
            text = tr("records.stats.none", player=who)
            await self._answer(interaction, text, None, None, turning)
            return
        lines = [tr("records.history.of", player=who, total=total), ""]
        lines += [
            self._history_line(played, tr) + await self._league_note(played.match_id, tr)
            for played in rows
        ]
        embed = discord.Embed(
            title=tr("records.history.title", page=shown + 1, pages=pages),
            description="\n".join(lines),
        )
        note = tr("records.page_gone", page=shown + 1) if shown != page else None
        view = page_buttons(
            lambda to, label, off: HistoryPageButton(user_id, to, label, off), shown, pages, tr
        )
        await self._answer(interaction, note, embed, view, turning)

    async def _league_note(self, match_id: int, tr: Tr) -> str:
        """`` · 🏆 Autumn cup, round 2`` for a league match (nothing for another)."""
        league = await self.store.league_of_match(match_id)
        game = league.game_of_match(match_id) if league is not None else None
        if league is None or game is None:
            return ""
        name = season.name(league) or tr("league.default_name", number=league.id)
        return " · " + tr("league.history", league=as_text(name), round=game.round)

    async def league_lines(self, guild: int, user_id: int, tr: Tr) -> list[str]:
        """The person's leagues in the server: their place and points, or signed up."""
        lines = []
        for league in await self.store.leagues_of_player(guild, user_id):
            name = as_text(season.name(league) or tr("league.default_name", number=league.id))
            status = tr(
                f"league.status.{league.status}",
                round=season.current_round(league),
                rounds=season.total_rounds(league),
            )
            table = season.table_of(league) if league.games else []
            mine = next((s for s in table if s.user_id == user_id), None)
            if mine is None:
                lines.append(
                    tr(
                        "league.stats.signed_up",
                        league=name,
                        game=title_of(league.game),
                        status=status,
                    )
                )
                continue
            lines.append(
                tr(
                    "league.stats.line",
                    league=name,
                    game=title_of(league.game),
                    rank=mine.rank,
                    count=len(table),
                    points=points_text(mine.points, tr),
                    status=status,
                )
            )
        return lines[-10:]

    @staticmethod
    def _history_line(played: PlayedMatch, tr: Tr) -> str:
        return tr(
            "records.history.line",
            game=title_of(played.game),
            number=played.match_id,
            result=result_text(played, tr),
            reason=reason_text(played, tr),
            date=f"<t:{int(played.ended_at)}:d>",
            link=played.link,
        )

    # ---------------------------------------------------------------- replies
    @staticmethod
    async def _answer(
        interaction: discord.Interaction,
        text: str | None,
        embed: discord.Embed | None,
        view: discord.ui.View | None,
        turning: bool,
    ) -> None:
        """A new private reply, or the page turned in place."""
        if turning:
            await interaction.response.edit_message(
                content=text,
                embed=embed,
                view=view,
                allowed_mentions=discord.AllowedMentions.none(),
            )
            return
        await interaction.response.send_message(
            content=text,
            embed=embed or discord.utils.MISSING,
            view=view or discord.utils.MISSING,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: TableHost) -> None:
    await bot.add_cog(RecordsCog(bot))
