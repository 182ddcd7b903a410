"""One language at a time: in a pseudo-language that marks every translated string
``⟦…⟧``, whole matches played through Discord show no word that was not translated — in
messages, embeds, buttons, menus, private replies, direct messages and board pictures."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

from bot import i18n
from bot.games import GAMES
from bot.i18n import PSEUDO_LANGUAGE, Tr
from bot.pictures.boards import render_board
from renderers.base import clear_caches, clear_layers
from renderers.base.measure import recording_texts
from tests.discord_helpers import (
    Table,
    action_buttons,
    by,
    components_of,
    custom_id_of,
    custom_ids,
    select_menus,
    virtual_pace,
)

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
#: What a reader sees that is no word of ours: mentions, channels, timestamps, links, emoji.
NOT_WORDS = re.compile(r"<(?:@[!&]?|#|t:|a?:\w+:)[^>]*>|https?://\S+")


@pytest.fixture(autouse=True)
def pseudo_language() -> Iterator[None]:
    i18n.use_pseudo_locale()
    yield
    i18n.use_pseudo_locale(False)


def unmarked(text: str, names: list[str]) -> str:
    """The letters of ``text`` that no translation marked (names and mentions aside)."""
    previous = None
    while previous != text:  # marks nest: a sentence holds translated words
        previous, text = text, MARKED.sub(" ", text)
    text = NOT_WORDS.sub(" ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    letters = "".join(ch if unicodedata.category(ch).startswith("L") else " " for ch in text)
    return " ".join(letters.split())


def visible_texts(message: Any) -> Iterator[str]:
    """Every text segment a reader sees on a message (its picture aside)."""
    yield message.content or ""
    for embed in message.embeds:
        data = embed.to_dict()
        yield data.get("title", "")
        yield data.get("description", "")
        yield data.get("footer", {}).get("text", "")
        yield data.get("author", {}).get("name", "")
        for field in data.get("fields", []):
            yield field["name"]
            yield field["value"]
    for child in components_of(message):
        get = child.get if isinstance(child, dict) else lambda key, c=child: getattr(c, key, None)
        yield get("label") or ""
        yield get("placeholder") or ""
        for option in get("options") or []:
            option_get = (
                option.get if isinstance(option, dict) else lambda k, o=option: getattr(o, k, None)
            )
            yield option_get("label") or ""
            yield option_get("description") or ""


def untranslated(messages: list[Any], names: list[str]) -> set[str]:
    return {
        f"{left!r} in {text!r}"[:200]
        for message in messages
        for text in visible_texts(message)
        if (left := unmarked(text, names))
    }


def test_the_check_sees_a_word_left_in_english() -> None:
    assert unmarked("⟦Your turn, {name}⟧ alice 👉 <@12>", ["alice"]) == ""
    assert unmarked("⟦Round ⟦Fire⟧⟧ 3 · Done", []) == "Done"


#: Each game with AI opponents (options of ``/<game> new``) and clicks before resigning.
MATCHES: dict[str, dict[str, Any]] = {
    "ruship": {"ai": True},
    "bugrace": {"ai": 2},
    "rushncrush": {"ai": 2},
    "fireship": {"ai": 1},
    "rushout": {"ai": 2},
}


async def _play_some(table: Table, alice: Any, clicks: int) -> list[Any]:
    """alice clicks what she is offered (the board's buttons, menus, her panel) for a while;
    the AI seats play by themselves. Returns every answer she got."""
    from simcord.results import ResponseMessage

    answers = []
    for _ in range(clicks):
        board = table.board()
        if "🏆" in board.content:
            break
        mine = [b for b in action_buttons(board) if alice.mention in board.content]
        dms = [
            ResponseMessage(table.env, table.env.backend.get_message(m.channel.id, m.id))
            for m in (alice.user.dm_channel.history() if alice.user.dm_channel else [])
            if m.author.id == table.env.bot.user.id
        ]
        panel = next((m for m in reversed(dms) if action_buttons(m)), None)
        hand = next((c for c in custom_ids(board) if c.startswith("rt:hand:")), None)
        if mine:
            answers.append(await table.click_action(alice, mine[0]))
        elif panel is not None:
            button = action_buttons(panel)[0]
            answers.append(await by(alice, panel).click(panel, custom_id=custom_id_of(button)))
        elif hand is not None and not dms:
            answers.append(await alice.click(board, custom_id=hand))
        elif menus := select_menus(board):
            menu = menus[0]
            value = menu.options[0].value
            answers.append(await alice.select(board, [value], custom_id=menu.custom_id))
        else:
            await table.env.advance_time(5)
    return answers


@pytest.mark.parametrize("game_name", sorted(MATCHES))
async def test_a_match_reads_only_translated_words(simcord_env, game_name: str) -> None:
    virtual_pace(simcord_env)
    table = Table(simcord_env, locale=PSEUDO_LANGUAGE)
    alice = table.member("alice")
    answers = [await table.open(alice, game_name, **MATCHES[game_name])]
    answers.append(await table.lobby_click(alice, "⟦Start⟧"))
    answers += await _play_some(table, alice, 40)
    resign = await alice.slash(table.channel, "match resign")
    answers.append(resign)
    if resign.response is not None and custom_ids(resign.response):
        question = resign.response
        answers.append(await alice.click(question, custom_id=custom_ids(question)[0]))
    messages = list(table.channel.history())
    if alice.user.dm_channel is not None:
        messages += list(alice.user.dm_channel.history())
    for result in answers:
        messages += [m for m in [result.response, *result.followups] if m is not None]
    left = untranslated(messages, ["alice"])
    assert not left, sorted(left)[:30]


PICTURE_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
#: The games whose every drawn word comes from the reader's language.
TRANSLATED_PICTURES = ("bugrace", "fireship", "ruship", "rushncrush", "rushout")


@pytest.mark.parametrize("game_name", TRANSLATED_PICTURES)
def test_every_word_drawn_on_a_board_is_translated(game_name: str) -> None:
    from tests.test_phone_text import PRESENTERS, _state_after

    game = GAMES[game_name]
    left: set[str] = set()
    for players in range(game.min_players, game.max_players + 1):
        for moves in (0, 40, 2_000):
            state = _state_after(game_name, players, moves, seed=players + moves)
            view = game.view(state, None)
            names = PICTURE_NAMES[:players]
            labels = PRESENTERS[game_name]().render_labels(view, names, Tr(PSEUDO_LANGUAGE))
            clear_caches()
            clear_layers()
            with recording_texts() as record:
                render_board(game_name, view, labels)
            left |= {
                f"{rest!r} in {drawn.text!r}"
                for drawn in record.drawn
                if (rest := unmarked(drawn.text, names))
                and not drawn.text.startswith("⟦")
                and not drawn.text.endswith("⟧")
            }
    assert not left, sorted(left)[:30]
