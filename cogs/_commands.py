"""Commands named in what the bot says, as the reader's client shows them.

A Discord command mention, ``</match board:123>``, is shown by each reader's client in
their own language (``/partie plateau`` to a French reader), and a click on it fills the
command in. It needs the synced command's id (``TableHost.command_ids``, learned when the
bot syncs its commands); until the ids are known, a command is written out in the
reader's language instead, as ``CommandTranslator`` names it (``cmd:<English>`` keys).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Tr, catalog


def command_text(english: str, tr: Tr) -> str:
    """A command's name or description in the reader's language (``cmd:`` keys)."""
    return catalog(tr.language).get(f"cmd:{english}", english)


def mention(command_ids: Mapping[str, int], path: str, tr: Tr) -> str:
    """The command ``path`` (``"match board"``): its mention when its id is known, else
    ``/`` and its words in the reader's language."""
    words = path.split()
    command_id = command_ids.get(words[0]) if words else None
    if command_id:
        return f"</{path}:{command_id}>"
    return "/" + " ".join(command_text(word, tr) for word in words)
