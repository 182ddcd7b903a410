"""A small vocabulary for driving the real bot through simcord: open a lobby, click what a
person would click, read the boards. No mock of discord.py: simcord feeds real
interactions through discord.py's own dispatch."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

Chooser = Callable[[list[discord.Button]], discord.Button]


def virtual_pace(env: Any) -> None:
    """A real-time match's AI seats think and wait out their cooldowns on simcord's virtual
    clock only (moved by ``advance_time``). On the wall clock, a machine slower than the AI's
    pace would see the match play itself while a click is being answered."""

    async def sleep(seconds: float) -> None:
        await env.external_wait(asyncio.sleep(seconds), reason="the AI's pace")

    env.bot.table.seats.sleep = sleep


def action_buttons(message: Any) -> list[Any]:
    """The game's action buttons on a message (``rt:act:`` custom ids)."""
    buttons = []
    for row in message.components:
        children = row.children if hasattr(row, "children") else row.get("components", [])
        for child in children:
            custom_id = getattr(child, "custom_id", None) or (
                child.get("custom_id") if isinstance(child, dict) else None
            )
            if custom_id and custom_id.startswith("rt:act:"):
                buttons.append(child)
    return buttons


def components_of(message: Any) -> list[Any]:
    """Every component of a message, as objects or as the payload a client got."""
    found: list[Any] = []
    for row in message.components:
        found += row.children if hasattr(row, "children") else row.get("components", [])
    return found


def custom_ids(message: Any) -> list[str]:
    ids = []
    for child in components_of(message):
        custom_id = getattr(child, "custom_id", None)
        if custom_id is None and isinstance(child, dict):
            custom_id = child.get("custom_id")
        if custom_id:
            ids.append(str(custom_id))
    return ids


def custom_id_of(button: Any) -> str:
    return str(getattr(button, "custom_id", None) or button["custom_id"])


def action_of(button: Any) -> str:
    """The engine action an action button (or its custom id) carries:
    ``rt:act:<match>:<version>[:s<seat>]:<action>`` -> ``<action>``."""
    custom_id = button if isinstance(button, str) else custom_id_of(button)
    found = re.fullmatch(r"rt:act:\d+:\d+:(?:s\d+:)?(?P<action>.+)", custom_id)
    assert found is not None, custom_id
    return found["action"]


def fresh(env: Any, message: Any) -> Any:
    """The message as it is stored now (a panel or a board is edited in place)."""
    from simcord.results import ResponseMessage

    return ResponseMessage(env, env.backend.get_message(message.channel_id, message.id))


def label_of(button: Any) -> str:
    return str(getattr(button, "label", None) or button.get("label"))


def select_menus(message: Any) -> list[Any]:
    menus = []
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.SelectMenu):
                menus.append(child)
    return menus


class Table:
    """One guild, one channel, and the people in it."""

    def __init__(self, env: Any, *, locale: str | None = None, shard_id: int | None = None) -> None:
        self.env = env
        where: dict[str, Any] = {"shard_id": shard_id} if shard_id is not None else {}
        if locale:
            where["preferred_locale"] = locale
        self.guild = env.create_guild(**where)
        self.channel = self.guild.create_text_channel("games")
        self.members: dict[str, Any] = {}

    def member(self, name: str) -> Any:
        actor = self.guild.add_member(self.env.create_user(name))
        self.members[name] = actor
        return actor

    @property
    def bot(self) -> Any:
        return self.env.bot

    async def open(self, who: Any, game: str, *, accept: bool = True, **options: Any) -> Any:
        """``/<game> new``; an ``opponent`` it challenges accepts at once unless
        ``accept=False`` (nobody is seated without their own click)."""
        result = await who.slash(self.channel, f"{game} new", **options)
        opponent = options.get("opponent")
        if accept and opponent is not None and result.response and not result.response.ephemeral:
            await opponent.click(self.lobby(), label="Accept")
        return result

    def lobby(self) -> Any:
        for message in reversed(self.channel.history()):
            if message.embeds and message.components:
                return message
        raise AssertionError("no open lobby message in the channel")

    async def lobby_click(self, who: Any, label: str) -> Any:
        return await who.click(self.lobby(), label=label)

    def board(self) -> Any:
        """The newest board message (the one with the picture)."""
        for message in reversed(self.channel.history()):
            if message.attachments:
                return message
        raise AssertionError("no board in the channel")

    async def click_action(self, who: Any, button: Any, message: Any | None = None) -> Any:
        return await who.click(message or self.board(), custom_id=custom_id_of(button))

    def message(self, message_id: int) -> Any:
        return next(m for m in self.channel.history() if m.id == message_id)

    def choose_first(self, buttons: list[Any]) -> Any:
        return buttons[0]

    async def match(self) -> Any:
        match = await self.bot.store.open_in_channel(self.channel.id)
        if match is None:  # finished: the newest match of this channel
            matches = await self.bot.store.active()
            assert not matches
        return match

    async def play_until_over(
        self, players: dict[Any, Callable[[list[Any]], Any]], max_clicks: int = 400
    ) -> int:
        """Each person clicks one of their action buttons whenever the board offers them
        some; AI seats play by themselves (simcord advances the virtual clock)."""
        rng = random.Random(5)
        clicks = 0
        for _ in range(max_clicks):
            board = self.board()
            if "🏆" in board.content or "no winner" in board.content:
                return clicks
            buttons = action_buttons(board)
            menus = select_menus(board)
            actor = self._actor_on_turn(board, players)
            if actor is None or not (buttons or menus):
                await self.env.advance_time(5)
                continue
            if buttons:
                await self.click_action(actor, players[actor](buttons))
            else:
                menu = menus[0]
                value = rng.choice(menu.options).value
                await actor.select(board, [value], custom_id=menu.custom_id)
            clicks += 1
        raise AssertionError("the match did not end")

    def _actor_on_turn(self, board: Any, players: dict[Any, Any]) -> Any:
        for actor in players:
            if actor.mention in board.content.split("👉", 1)[-1]:
                return actor
        return None


def as_seen_now(actor: Any, message: Any) -> Any:
    """A copy of a message as the person's client shows it now, buttons included."""
    import copy

    from simcord import actors as simcord_actors

    return copy.deepcopy(simcord_actors._visible_message(actor, message))


async def click_as_sent_before(env: Any, actor: Any, seen: Any, custom_id: str) -> Any:
    """A click sent from a client that still showed ``seen`` (from ``as_seen_now``) though
    the bot has changed the message since: what a double click or a lagging client sends.
    It goes through simcord's real interaction dispatch like any click."""
    from simcord import actors as simcord_actors

    env._begin_operation("click")
    try:
        data = {"custom_id": custom_id, "component_type": discord.ComponentType.button.value}
        return await simcord_actors._component_interaction(actor, seen, data)
    finally:
        env._end_operation()


def private_text(result: Any) -> str:
    """The text of the ephemeral reply (or follow-up) an interaction got."""
    messages = [m for m in [result.response, *result.followups] if m is not None]
    ephemeral = [m.content for m in messages if m.ephemeral]
    assert ephemeral, "expected a private reply"
    return "\n".join(ephemeral)


async def click_forged(env: Any, actor: Any, message: Any, custom_id: str) -> Any:
    """A click a modified client could send: ``message``'s first button made to carry
    ``custom_id`` (Discord itself only sends ids of buttons the message has)."""
    seen = as_seen_now(actor, message)
    seen.components[0]["components"][0]["custom_id"] = custom_id
    return await click_as_sent_before(env, actor, seen, custom_id)


# ------------------------------------------------------------------ boards as Discord got them
#: A click's follow-up message: ``POST /webhooks/<application>/<interaction token>``.
FOLLOW_UP = re.compile(r"/webhooks/\d+/[^/]+$")


def posts_message(request: Any) -> bool:
    """Whether the request posts a new message: in the channel, or as a click's follow-up."""
    return request.method == "POST" and (
        request.path.endswith("/messages") or bool(FOLLOW_UP.search(request.path))
    )


def global_requests(env: Any, since: int = 0) -> list[str]:
    """The bot's requests to Discord that count against its global budget (50 a second):
    all but those through an interaction (its answer, edits and follow-ups)."""
    return [
        f"{r.method} {r.path}"
        for r in env.http_requests[since:]
        if not r.path.startswith(("/interactions/", "/webhooks/"))
    ]


def board_posts(env: Any) -> list[dict[str, Any]]:
    """Every new board message the bot posted (payloads as sent)."""
    return [
        r.json
        for r in env.http_requests
        if posts_message(r)
        and isinstance(r.json, dict)
        and "👉" in (r.json.get("content") or "") + "🏆"
        and (r.json.get("content") or "").startswith("**")
    ]


def pings(posts: list[dict[str, Any]]) -> dict[int, int]:
    """How many times each person was pinged by those posts."""
    counted: dict[int, int] = {}
    for payload in posts:
        for user in (payload.get("allowed_mentions") or {}).get("users", []):
            if f"<@{user}>" in payload.get("content", ""):
                counted[int(user)] = counted.get(int(user), 0) + 1
    return counted


#: The first line of every public board: ``**Ruship** · match #3`` (or in French).
BOARD_TITLE = re.compile(r"\*\*[^*\n]+\*\* · (?:match #|partie n°)\d+")
#: A board's account: at most this many lines of the last turn, then one "… in 📜 Log" line.
BOARD_EVENT_LINES = 6


@dataclass
class BoardUpdate:
    """One board as it reached Discord: a new message (``posted``) or an edit of one."""

    posted: bool
    content: str
    pinged: list[int]

    @property
    def acting(self) -> frozenset[str]:
        """Who the board asks to act: mentions and AI names after the 👉."""
        if "👉" not in self.content:
            return frozenset()
        who = self.content.split("👉", 1)[1].split(":", 1)[-1].strip()
        return frozenset(part.strip() for part in who.split(",") if part.strip())

    def acting_people(self) -> frozenset[int]:
        return frozenset(int(found) for found in re.findall(r"<@(\d+)>", " ".join(self.acting)))


def board_updates(env: Any) -> list[BoardUpdate]:
    """Every board the bot published in order, posted or edited (a channel message or the
    answer to a click on the board), as its payload said."""
    updates = []
    for request in env.http_requests:
        body = request.json if isinstance(request.json, dict) else None
        if body is None:
            continue
        posted = posts_message(request)
        if request.path.endswith("/callback"):
            body = body.get("data") or {}
        content = body.get("content")
        if not isinstance(content, str) or not BOARD_TITLE.match(content):
            continue
        users = (body.get("allowed_mentions") or {}).get("users", []) if posted else []
        pinged = [int(u) for u in users if f"<@{u}>" in content]
        updates.append(BoardUpdate(posted, content, pinged))
    return updates


def check_board_text(content: str) -> None:
    """Issue 9's short board: the title, at most 6 lines of the last turn (plus one
    "… more lines in 📜 Log"), then who is to act or the result."""
    lines = content.splitlines()
    assert BOARD_TITLE.fullmatch(lines[0]), lines[0]
    last = lines[-1]
    assert last.startswith("👉") or "🏆" in last or "winner" in last, content
    middle = lines[1:-1]
    more = [line for line in middle if line.startswith("…") and "📜" in line]
    events = [line for line in middle if line not in more]
    assert len(more) <= 1 and (not more or middle[0] == more[0]), content
    assert len(events) <= BOARD_EVENT_LINES, f"{len(events)} lines of account:\n{content}"
    assert all(line.startswith("• ") for line in events), content
    assert len(content) <= 1500, f"a board of {len(content)} characters"


@dataclass
class TableManners:
    """What a whole match did to each person: pings, boards, turns."""

    posts: int
    edits: int
    longest: int
    pings: dict[int, int]
    turns: dict[int, int]
    boards_naming: dict[int, int]


def check_table_manners(env: Any, people: list[Any]) -> TableManners:
    """Check every board of the match against issue 9's rules and count.

    - every board's text is short (``check_board_text``);
    - a new message is posted exactly when someone starts to act, when one is left to act
      after several, and at the end; otherwise the board is edited;
    - a person is pinged exactly when they go from waiting to acting, by that new message.
    """
    updates = board_updates(env)
    assert updates, "no board was published"
    ids = [person.id for person in people]
    pinged = dict.fromkeys(ids, 0)
    turns = dict.fromkeys(ids, 0)
    naming = dict.fromkeys(ids, 0)
    previous: frozenset[str] = frozenset()
    previous_people: frozenset[int] = frozenset()
    for update in updates:
        check_board_text(update.content)
        acting, people_now = update.acting, update.acting_people()
        new = bool(acting - previous) or (len(acting) == 1 < len(previous))
        ended = not acting and bool(previous)
        if update.posted:
            assert new or ended or acting == previous, f"a new board for nothing new:\n{update}"
        else:
            assert not new and not ended, f"an edit where a new board was due:\n{update}"
        starting = people_now - previous_people
        if update.posted and acting != previous:
            assert set(update.pinged) == starting, (update.content, update.pinged, starting)
        else:
            assert update.pinged == [], f"pinged by a repost or an edit:\n{update}"
        for person in ids:
            turns[person] += person in starting
            pinged[person] += person in update.pinged
            naming[person] += update.posted and person in people_now
        previous, previous_people = acting, people_now
    return TableManners(
        posts=sum(u.posted for u in updates),
        edits=sum(not u.posted for u in updates),
        longest=max(len(u.content) for u in updates),
        pings=pinged,
        turns=turns,
        boards_naming=naming,
    )


def check_one_ping_and_one_board_a_turn(
    manners: TableManners, people: list[Any], least_turns: int
) -> None:
    """Each person was pinged once a turn, by the one board that started the turn."""
    for person in people:
        assert manners.pings[person.id] == manners.turns[person.id] >= least_turns, manners
        assert manners.boards_naming[person.id] == manners.turns[person.id], "one board a turn"


class Turns:
    """Clicks per person per turn. A turn starts with the board that names the person to
    act after one that did not, or with a new board message that names someone new to act
    besides them (a new phase of a simultaneous game: the draft, then the play); it ends
    with the board that no longer names them. Call ``click`` just before each click a
    person makes: action buttons, a private panel's, "My hand"."""

    def __init__(self, env: Any, people: list[Any]) -> None:
        self.env = env
        self.first_request = len(env.http_requests)
        self.seen = 0
        self.previous: frozenset[str] = frozenset()
        self.acting = {person.id: False for person in people}
        self.clicks: dict[int, list[int]] = {person.id: [] for person in people}

    def observe(self) -> None:
        updates = board_updates(self.env)
        for update in updates[self.seen :]:
            now = update.acting_people()
            new_phase = update.posted and bool(update.acting - self.previous)
            for person in self.acting:
                if person in now and (new_phase or not self.acting[person]):
                    self.clicks[person].append(0)
                self.acting[person] = person in now
            self.previous = update.acting
        self.seen = len(updates)

    def click(self, person: Any) -> None:
        self.observe()
        assert self.acting[person.id], "a click from someone the board does not name"
        self.clicks[person.id][-1] += 1

    def per_turn(self) -> list[int]:
        self.observe()
        return sorted(count for counts in self.clicks.values() for count in counts)

    def check_request_budget(self) -> int:
        """At most one request a click on the bot's global budget (issue 11), counting all
        the bot did meanwhile (AI moves, timers): the rest went through the clicks'
        interactions. Returns how many there were."""
        made = global_requests(self.env, self.first_request)
        assert len(made) <= self.made(), (len(made), self.made(), made[:20])
        return len(made)

    def made(self) -> int:
        """Clicks made so far, by everyone."""
        return sum(sum(counts) for counts in self.clicks.values())

    def figures(self) -> tuple[float, int]:
        """(median, maximum) clicks a person needed per turn."""
        import statistics

        counts = self.per_turn()
        return statistics.median(counts), max(counts)


# ------------------------------------------------------------------ private panels
#: The link the hand button's answer gives to the person's lasting panel.
DM_PANEL_LINK = re.compile(r"https://discord\.com/channels/@me/(\d+)/(\d+)")


def panel_from(env: Any, result: Any) -> Any:
    """The private panel a click on the board's hand button gave: the person's lasting
    panel in their direct messages (the answer links to it), else (their direct messages
    closed) the ephemeral panel the answer carries."""
    from simcord.results import ResponseMessage

    answers = [m for m in [*result.followups, result.response] if m is not None]
    assert answers and all(m.ephemeral for m in answers), "the answer is private"
    for answer in answers:
        found = DM_PANEL_LINK.search(answer.content or "")
        if found:
            channel_id, message_id = int(found[1]), int(found[2])
            return ResponseMessage(env, env.backend.get_message(channel_id, message_id))
    return answers[0]


def by(actor: Any, message: Any) -> Any:
    """Who clicks ``message`` for this person: the member in the server, their user in
    their direct messages with the bot (a lasting private panel)."""
    if message.channel_id == actor.user.dm_channel.id:
        return actor.user
    return actor
