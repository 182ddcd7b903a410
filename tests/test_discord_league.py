"""``/league`` through the real bot (simcord), as players and an organiser would use it: a
small Swiss season signed up with the buttons, its rounds opened in threads with every seat
filled, one ping each, a match played by clicks, others finished by the AI at the round's
deadline under the virtual clock, a restart mid-round, a withdrawal, the standings and the
final table, ``/records``; every message read in English and in French."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

from bot.table.leagues import season
from tests.conftest import make_bot
from tests.discord_helpers import Table, private_text

DAY = 86400
HOUR = 3600
#: A word of the code shown where a sentence should be: an untranslated key, a field.
RAW = re.compile(r"\b(?:league|render|records|error)\.[a-z_]+\.?[a-z_]*\b|\{[a-z_]+\}")


async def wait(env: Any, seconds: float) -> None:
    """Let virtual time pass, a few hours at a time (the timer tick comes every 10 minutes
    of it)."""
    while seconds > 0:
        step = min(seconds, 4 * HOUR)
        await env.advance_time(step)
        seconds -= step


def organiser_of(table: Table, name: str = "olga") -> Any:
    role = table.guild.create_role(
        "organisers", permissions=discord.Permissions(manage_events=True)
    )
    return table.guild.add_member(table.env.create_user(name), roles=[role])


class ThreadTable(Table):
    """A league match's thread, read like a table's channel."""

    def __init__(self, table: Table, thread: Any) -> None:
        self.env = table.env
        self.guild = table.guild
        self.channel = thread
        self.members = table.members


def texts(message: Any) -> list[str]:
    """What a reader sees of a message: its text, its embeds' words, its buttons."""
    found = [message.content or ""]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or ""]
        found += [f"{f.name} {f.value}" for f in embed.fields]
        found.append(embed.footer.text or "" if embed.footer else "")
    for row in message.components:
        for child in getattr(row, "children", []):
            found.append(getattr(child, "label", None) or "")
    return [t for t in found if t]


def everything_said(table: Table) -> list[str]:
    said = [t for m in table.channel.history() for t in texts(m)]
    for thread in table.channel.threads:
        said += [t for m in thread.history() for t in texts(m)]
    return said


async def stored_league(env: Any, guild: int) -> Any:
    (league,) = await env.bot.store.leagues_of_guild(guild)
    return league


async def open_season(table: Table, people: list[Any], join: str = "Join", **asked: Any) -> Any:
    organiser = organiser_of(table)
    result = await organiser.slash(table.channel, "league new", **asked)
    signup = result.response
    assert signup is not None and not signup.ephemeral, private_text(result)
    for person in people:
        await person.click(signup, label=join)
    return organiser, signup


async def test_a_small_swiss_season_through_discord(simcord_env, database) -> None:
    env = simcord_env
    table = Table(env)
    people = [table.member(name) for name in ("alice", "bob", "carol")]
    organiser, signup = await open_season(
        table,
        people,
        game="ruship",
        rounds=3,
        round_length=2 * DAY,
        time_limit=0,
        name="Autumn cup",
    )
    shown = table.message(signup.id)
    assert "Entrants (3)" in " ".join(texts(shown))
    assert all(p.mention in " ".join(texts(shown)) for p in people)
    # Someone who is no organiser may not start it; joining twice is refused privately.
    refused = await people[0].slash(table.channel, "league start")
    assert "Only organisers" in private_text(refused)
    again = await people[0].click(shown, label="Join")
    assert "signed up already" in private_text(again)

    started = await organiser.slash(table.channel, "league start")
    assert "has started" in private_text(started)
    league = await stored_league(env, table.guild.id)
    assert league.status == "running" and season.current_round(league) == 1
    assert season.total_rounds(league) == 3
    # Round 1: one table in its own thread, both seats filled, one bye.
    (thread,) = table.channel.threads
    match = await env.bot.store.open_in_channel(thread.id)
    assert match is not None and match.status == "active" and len(match.seats) == 2
    game = next(g for g in season.round_games(league) if g.kind == "match")
    assert [s.user_id for s in match.seats] == list(game.seats)
    round_post = table.channel.history()[-1]
    assert "round 1 of 3" in round_post.content and f"<#{thread.id}>" in round_post.content
    assert "Bye:" in round_post.content and round_post.attachments
    # Each player of the table pinged once: the opening line the one not to play first,
    # the board the one who does.
    pinged = [
        int(u)
        for r in env.http_requests
        if r.method == "POST"
        and f"/channels/{thread.id}/messages" in r.path
        and isinstance(r.json, dict)
        for u in (r.json.get("allowed_mentions") or {}).get("users", [])
    ]
    # (The table may already have played an automatic roll that left no move: the turn
    # then passed, and its board pinged the next player as any turn does.)
    opening = pinged[: len(game.seats)]
    assert sorted(opening) == sorted(game.seats), pinged

    # The two players play their match out by clicks in the thread.
    in_thread = ThreadTable(table, thread)
    seated: dict[Any, Callable[[list[Any]], Any]] = {
        p: in_thread.choose_first for p in people if p.id in game.seats
    }
    await in_thread.play_until_over(seated)
    await env.advance_time(5)
    league = await stored_league(env, table.guild.id)
    assert season.current_round(league) == 2, "the next round starts once the round is over"
    assert next(g for g in league.games if g.round == 1 and g.kind == "match").places is not None

    # Round 2 is left to its deadline; the bot restarts meanwhile.
    await wait(env, DAY)
    await env.restart_bot(make_bot(database))
    await wait(env, DAY + HOUR)
    league = await stored_league(env, table.guild.id)
    assert season.current_round(league) == 3
    round_two = next(g for g in league.games if g.round == 2 and g.kind == "match")
    assert round_two.by_ai and round_two.places is not None
    ended = await env.bot.store.get(round_two.match_id)
    assert ended is not None and ended.status == "finished"

    # Round 3: a withdrawal; the opponent wins, the league ends.
    game = next(g for g in season.round_games(league) if g.kind == "match")
    leaver = next(p for p in people if p.id == game.seats[0])
    left = await leaver.slash(table.channel, "league leave")
    assert "forfeit" in private_text(left)
    await env.advance_time(5)
    league = await stored_league(env, table.guild.id)
    assert league.status == "finished", league.status
    last = table.channel.history()[-1]
    assert "is over" in last.content and "🏆" in last.content and last.attachments
    winners = season.winners(league)
    assert all(f"<@{w}>" in last.content for w in winners)

    standings = await people[1].slash(table.channel, "league standings")
    assert "Final standings" in " ".join(
        t for m in [standings.response, *standings.followups] if m for t in texts(m)
    )
    listed = private_text(await people[1].slash(table.channel, "league list"))
    assert "Autumn cup" in listed and "Over" in listed
    history = await people[1].slash(table.channel, "records history")
    assert "🏆 Autumn cup, round" in (history.response.embeds[0].description or "")
    stats = await people[1].slash(table.channel, "records stats")
    fields = {f.name: f.value for f in stats.response.embeds[0].fields}
    assert "Autumn cup" in fields.get("Leagues", ""), fields

    said = everything_said(table)
    assert not [t for t in said if RAW.search(t)], [t for t in said if RAW.search(t)][:5]
    print("\n\n".join(said))


@pytest.mark.usefixtures("french_client")
async def test_a_season_reads_in_french(simcord_env) -> None:
    env = simcord_env
    table = Table(env, locale="fr")
    people = [table.member(name) for name in ("amélie", "bruno", "chloé")]
    organiser, signup = await open_season(
        table,
        people,
        "S'inscrire",
        game="ruship",
        rounds=2,
        round_length=2 * DAY,
        name="Coupe d'automne",
    )
    assert "Inscrits (3)" in " ".join(texts(table.message(signup.id)))
    await organiser.slash(table.channel, "league start")
    await wait(env, 2 * DAY + HOUR)
    await wait(env, 2 * DAY + HOUR)
    league = await stored_league(env, table.guild.id)
    assert league.status == "finished"
    standings = await people[0].slash(table.channel, "league standings")
    said = everything_said(table)
    said += [t for m in [standings.response, *standings.followups] if m for t in texts(m)]
    assert any("Classement final" in t for t in said)
    assert any("est terminée" in t for t in said)
    assert not [t for t in said if RAW.search(t)]
    english = ("round", "Round", "Standings", "wins", "Bye", "Join", "until", "players")
    leaks = [t for t in said if any(re.search(rf"\b{w}\b", t) for w in english)]
    assert not leaks, leaks
    print("\n\n".join(said))


async def test_organisers_pause_resume_remove_and_cancel_a_round_robin(simcord_env) -> None:
    env = simcord_env
    table = Table(env)
    people = [table.member(name) for name in ("alice", "bob", "carol", "dan")]
    organiser = organiser_of(table)
    opened = await organiser.slash(
        table.channel,
        "league new",
        game="ruship",
        format="single",
        round_length=2 * DAY,
        time_limit=0,
        start="2026-01-02 00:00",
    )
    assert opened.response is not None and "Starts" in " ".join(texts(opened.response))
    for person in people:
        joined = await person.slash(table.channel, "league join")
        assert "You're in **League #1**" in private_text(joined)
    refused = await people[0].slash(table.channel, "league pause")
    assert "Only organisers" in private_text(refused)

    await wait(env, DAY + HOUR)  # the start date: it starts by itself
    league = await stored_league(env, table.guild.id)
    assert league.status == "running" and season.total_rounds(league) == 3
    assert len(table.channel.threads) == 2, "two tables, each in its thread"

    paused = await organiser.slash(table.channel, "league pause")
    assert "is paused" in private_text(paused)
    await wait(env, 3 * DAY)
    league = await stored_league(env, table.guild.id)
    assert league.status == "paused" and season.current_round(league) == 1
    assert all(g.places is None for g in league.games), "no deadline while paused"
    await organiser.slash(table.channel, "league resume")
    league = await stored_league(env, table.guild.id)
    deadline = season.deadline(league)
    assert league.status == "running" and deadline is not None

    game = season.round_games(league)[0]
    removed_id = game.seats[0]
    removed = next(p for p in people if p.id == removed_id)
    answer = await organiser.slash(table.channel, "league remove", player=removed)
    assert "is out of" in private_text(answer)
    said = " ".join(m.content for m in table.channel.history())
    assert f"removed {removed.mention}" in said
    await env.advance_time(5)
    league = await stored_league(env, table.guild.id)
    assert league.entrant(removed_id).removed_by == organiser.id
    match = await env.bot.store.get(game.match_id)
    assert match is not None and match.status == "finished"

    cancelled = await organiser.slash(table.channel, "league cancel")
    assert "cancelled" in private_text(cancelled)
    league = await stored_league(env, table.guild.id)
    assert league.status == "cancelled" and season.next_look(league, 0.0) is None
    assert "Cancelled" in " ".join(texts(table.message(opened.response.id)))
    listed = private_text(await people[1].slash(table.channel, "league list"))
    assert "League #1" in listed and "Cancelled" in listed
    said_lines = everything_said(table)
    assert not [t for t in said_lines if RAW.search(t)]
