"""English and French text. Every sentence a user reads is looked up here by key.

Catalogs are flat JSON files, one folder per language and one file per game plus
``common.json`` (``bot/locales/fr/ruship.json``); a language's files are merged. French falls
back to English for a missing key, English to the key itself (a test checks both languages
hold the same keys).
"""

from __future__ import annotations

import json
import string
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def language_of(locale: object) -> str:
    """``fr``, ``fr-FR`` or ``Locale.french`` -> ``fr``; anything unknown -> ``en``."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return "fr" if code.startswith("fr") else DEFAULT_LANGUAGE


@cache
def catalog(language: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    folder = resources.files("bot") / "locales" / language
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def text(locale: object, key: str, **params: Any) -> str:
    language = language_of(locale)
    template = catalog(language).get(key) or catalog(DEFAULT_LANGUAGE).get(key) or key
    return string.Formatter().vformat(template, (), _Lenient(params))


def has(locale: object, key: str) -> bool:
    return key in catalog(language_of(locale)) or key in catalog(DEFAULT_LANGUAGE)


class Tr:
    """Text in one language: ``tr("key", name=...)``."""

    def __init__(self, locale: object) -> None:
        self.language = language_of(locale)

    def __call__(self, key: str, **params: Any) -> str:
        return text(self.language, key, **params)

    def has(self, key: str) -> bool:
        return has(self.language, key)
