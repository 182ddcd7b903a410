"""Fonts (the bundled DejaVu, named sizes) and the words a renderer draws (labels)."""

from __future__ import annotations

import string
from collections.abc import Mapping
from enum import IntEnum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from PIL import ImageFont

if TYPE_CHECKING:
    pass


# --- Fonts ---------------------------------------------------------------------------------
FONT_DIR: Final = Path(__file__).resolve().parents[1] / "fonts"
FONT_FILES: Final = {True: "DejaVuSans-Bold.ttf", False: "DejaVuSans.ttf"}


class TextSize(IntEnum):
    """Named text sizes in logical pixels, for a picture about 1,000-1,200 px wide.

    Discord shows such a picture about half size on a phone, so nothing goes below SMALL.
    """

    SMALL = 18
    BODY = 22
    LABEL = 26
    HEADING = 32
    TITLE = 40


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    """The shared font at ``size`` real pixels (cached)."""
    return ImageFont.truetype(
        str(FONT_DIR / FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC
    )


# --- Labels --------------------------------------------------------------------------------
def merge_labels(defaults: Mapping[str, str], labels: Mapping[str, str] | None) -> dict[str, str]:
    """The renderer's English ``defaults`` overridden by the caller's (translated) ``labels``."""
    merged = dict(defaults)
    if labels:
        merged.update({key: value for key, value in labels.items() if isinstance(value, str)})
    return merged


class _KeepUnknown(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill_label(template: str, **params: object) -> str:
    """``template`` with its ``{name}`` fields filled; never fails on a bad translation."""
    try:
        return string.Formatter().vformat(template, (), _KeepUnknown(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return template
