"""A Rush Out! league through the real bot (simcord): its sign-up says it is played in
pulses as long as the time limit and that the sorcerer's seat goes round; live play is
refused; a round's match, left alone, runs through its pulses on the virtual clock across a
restart and is finished by the AI at the round's deadline; read in English and in French."""

from __future__ import annotations

import re

import pytest

from bot.table.leagues import season
from tests.conftest import make_bot
from tests.discord_helpers import Table, private_text, virtual_pace
from tests.test_discord_league import (
    DAY,
    HOUR,
    RAW,
    everything_said,
    open_season,
    stored_league,
    texts,
    wait,
)


async def test_a_rushout_league_plays_its_round_in_pulses(simcord_env, database) -> None:
    env = simcord_env
    virtual_pace(env)
    table = Table(env)
    people = [table.member(name) for name in ("alice", "bob", "carol", "dan")]
    organiser, signup = await open_season(
        table, people, game="rushout", rounds=1, round_length=2 * DAY, time_limit=12 * HOUR
    )
    shown = " ".join(texts(table.message(signup.id)))
    assert "tables of 3" in shown, "the game's fewest players when none is asked"
    assert "played in pulses of 12 h" in shown and "3 throws each per pulse" in shown
    assert "The first seat plays the sorcerer" in shown and "Entrants (4)" in shown
    refused = await organiser.slash(
        table.channel, "league new", game="rushout", options="play=live"
    )
    assert "cannot be played live" in private_text(refused)

    await organiser.slash(table.channel, "league start")
    league = await stored_league(env, table.guild.id)
    (game,) = [g for g in season.round_games(league) if g.kind == "match"]
    assert [g.kind for g in season.round_games(league)] == ["match", "bye"]
    (thread,) = table.channel.threads
    match = await env.bot.store.open_in_channel(thread.id)
    assert match is not None and [s.user_id for s in match.seats] == list(game.seats)
    state = env.bot.service.load_state(match)
    assert (state.play, state.pulse_seconds, state.sorcerer) == ("pulse", 12 * HOUR, 0)

    # Nobody plays: the pulses end one after the other, the bot restarts meanwhile.
    await wait(env, DAY)
    match = await env.bot.store.get(match.id)
    assert match is not None and match.status == "active"
    assert env.bot.service.load_state(match).pulse == 3, "two pulses of 12 hours are over"
    await env.restart_bot(make_bot(database))
    virtual_pace(env)
    await wait(env, DAY + HOUR)

    league = await stored_league(env, table.guild.id)
    assert league.status == "finished"
    (game,) = [g for g in league.games if g.kind == "match"]
    assert game.by_ai and game.places is not None
    ended = await env.bot.store.get(game.match_id)
    assert ended is not None and ended.status == "finished"
    assert not any(s.is_ai for s in ended.seats), "the result is the players'"
    last = table.channel.history()[-1]
    assert "is over" in last.content and "🏆" in last.content
    said = everything_said(table)
    assert not [t for t in said if RAW.search(t)], [t for t in said if RAW.search(t)][:5]


@pytest.mark.usefixtures("french_client")
async def test_a_rushout_league_signs_up_in_french(simcord_env) -> None:
    table = Table(simcord_env, locale="fr")
    people = [table.member(name) for name in ("amélie", "bruno", "chloé")]
    organiser, signup = await open_season(
        table, people, "S'inscrire", game="rushout", time_limit=24 * HOUR, name="Soirée dés"
    )
    shown = " ".join(texts(table.message(signup.id)))
    assert "on joue par pulsations de 12 h" in shown and "3 lancers par joueur" in shown
    assert "La première place est celle du sorcier" in shown and "tables de 3" in shown
    refused = await organiser.slash(
        table.channel, "league new", game="rushout", options="play=live"
    )
    said = [shown, private_text(refused)]
    assert "ne peut pas se jouer en temps réel" in said[1]
    assert not [t for t in said if RAW.search(t)]
    english = ("pulses", "throws", "sorcerer", "seat", "players", "limit")
    leaks = [t for t in said if any(re.search(rf"\b{w}\b", t) for w in english)]
    assert not leaks, leaks
    print("\n\n".join(said))
