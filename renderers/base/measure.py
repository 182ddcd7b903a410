"""What a picture's words look like once drawn: every text's size, and which were cut.

Measuring is off unless a caller asks for it (``recording_texts``), so drawing costs nothing
more; tests use it to hold every board to phone sizes (see ``smallest_on_phone``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

#: Discord shows a picture about this many points wide on a phone.
PHONE_WIDTH: Final = 400


@dataclass(frozen=True)
class DrawnText:
    text: str
    size: int  # logical pixels on the canvas it was drawn on


@dataclass
class TextRecord:
    """The texts drawn while recording, and those cut with an ellipsis to fit a width."""

    drawn: list[DrawnText] = field(default_factory=list)
    clipped: list[str] = field(default_factory=list)

    def smallest(self) -> DrawnText | None:
        shown = [text for text in self.drawn if text.text.strip()]
        return min(shown, key=lambda text: text.size, default=None)


_recording: list[TextRecord] = []


@contextmanager
def recording_texts() -> Iterator[TextRecord]:
    """Record every text drawn until the block ends (caches of drawn layers and text masks
    should be cleared first, or words drawn earlier are not seen again)."""
    record = TextRecord()
    _recording.append(record)
    try:
        yield record
    finally:
        _recording.remove(record)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Words drawn in the block are not recorded: a cached layer that holds more words than
    a picture shows of it (the picture notes those it shows, ``note_text``)."""
    kept = list(_recording)
    _recording.clear()
    try:
        yield
    finally:
        _recording.extend(kept)


def note_text(text: str, size: int) -> None:
    for record in _recording:
        record.drawn.append(DrawnText(text, size))


def note_clipped(text: str) -> None:
    for record in _recording:
        record.clipped.append(text)


def points_on_phone(size: float, picture_width: int) -> float:
    """A text's size in points once a picture ``picture_width`` wide is shown on a phone."""
    return size * PHONE_WIDTH / picture_width
