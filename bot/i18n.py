"""English and French text. Every sentence a user reads is looked up here by key.

Catalogs are flat JSON files, one folder per language and one file per game plus
``common.json`` (``bot/locales/fr/ruship.json``); a language's files are merged. French falls
back to English for a missing key, English to the key itself (a test checks both languages
hold the same keys).

Plural forms follow each language's CLDR rules (Babel): a sentence that varies with a
number ``count`` is written once per plural category, ``"key#one"``, ``"key#other"`` (French
also ``"key#many"``), and ``tr("key", count=n)`` picks the one ``n`` calls for. Numbers and
dates are written as the language writes them: ``tr.number(x)``, ``tr.date(ts)``,
``tr.datetime(ts)`` (Babel, UTC).
"""

from __future__ import annotations

import json
import string
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
#: A test language (Windows' pseudo-locale code): English with every translated string
#: marked ``⟦…⟧``, so a test can show that everything a reader sees was translated.
PSEUDO_LANGUAGE = "qps-ploc"
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"
_everyone_pseudo = False


def use_pseudo_locale(enabled: bool = True) -> None:
    """Make every reader, whatever their locale, read the marked pseudo-language (tests)."""
    global _everyone_pseudo
    _everyone_pseudo = enabled


def language_of(locale: object) -> str:
    """``fr``, ``fr-FR`` or ``Locale.french`` -> ``fr``; anything unknown -> ``en``."""
    if _everyone_pseudo:
        return PSEUDO_LANGUAGE
    code = str(getattr(locale, "value", locale) or "").lower()
    return "fr" if code.startswith("fr") else DEFAULT_LANGUAGE


@cache
def catalog(language: str) -> dict[str, str]:
    if language == PSEUDO_LANGUAGE:
        english = catalog(DEFAULT_LANGUAGE)
        return {key: f"{PSEUDO_OPEN}{value}{PSEUDO_CLOSE}" for key, value in english.items()}
    merged: dict[str, str] = {}
    folder = resources.files("bot") / "locales" / language
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


#: Separates a key from its plural category in the catalogs: ``"records.matches#one"``.
PLURAL = "#"


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(DEFAULT_LANGUAGE if language == PSEUDO_LANGUAGE else language)


def plural_category(language: str, count: float) -> str:
    """CLDR's plural category of ``count`` in the language: ``one``, ``many``, ``other``..."""
    return str(_locale(language).plural_form(abs(count)))


def _template(language: str, key: str, params: dict[str, Any]) -> str | None:
    found = catalog(language)
    count = params.get("count")
    if isinstance(count, int | float) and not isinstance(count, bool):
        for form in (plural_category(language, count), "other"):
            if f"{key}{PLURAL}{form}" in found:
                return found[f"{key}{PLURAL}{form}"]
    return found.get(key)


def text(locale: object, key: str, **params: Any) -> str:
    language = language_of(locale)
    template = _template(language, key, params) or _template(DEFAULT_LANGUAGE, key, params)
    return string.Formatter().vformat(template or key, (), _Lenient(params))


def has(locale: object, key: str) -> bool:
    def held(language: str) -> bool:
        found = catalog(language)
        return key in found or f"{key}{PLURAL}other" in found

    return held(language_of(locale)) or held(DEFAULT_LANGUAGE)


class Tr:
    """Text in one language: ``tr("key", name=...)``."""

    def __init__(self, locale: object) -> None:
        self.language = language_of(locale)

    def __call__(self, key: str, **params: Any) -> str:
        return text(self.language, key, **params)

    def has(self, key: str) -> bool:
        return has(self.language, key)

    def number(self, value: float, decimals: int = 1) -> str:
        """``value`` as the language writes it (French: ``1,5``), at most ``decimals``
        decimals."""
        pattern = "#,##0" + ("." + "#" * decimals if decimals else "")
        return str(format_decimal(value, format=pattern, locale=_locale(self.language)))

    def date(self, timestamp: float) -> str:
        """A day as the language writes it in full (``25 November 2026``, ``25 novembre
        2026``), UTC."""
        return str(format_date(_utc(timestamp), "long", locale=_locale(self.language)))

    def datetime(self, timestamp: float) -> str:
        """A day and time (``25 Nov 2026, 18:30 UTC``), UTC."""
        when = format_datetime(_utc(timestamp), "d MMM y, HH:mm", locale=_locale(self.language))
        return f"{when} UTC"


def _utc(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, UTC)
