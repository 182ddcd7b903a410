"""English and French: the same keys, and French where a French reader looks."""

from __future__ import annotations

import string

import pytest

from bot.i18n import PLURAL, Tr, catalog, language_of, plural_category
from renderers import LABEL_DEFAULTS


def sentences(language: str) -> set[str]:
    """The language's keys, a sentence with plural forms counted once (``key#one`` ...)."""
    return {key.split(PLURAL)[0] for key in catalog(language) if not key.startswith("cmd:")}


def test_both_languages_hold_the_same_keys() -> None:
    english, french = sentences("en"), sentences("fr")
    assert english - french == set(), "keys missing in French"
    assert french - english == set(), "keys missing in English"


def test_every_plural_sentence_has_the_forms_its_language_needs() -> None:
    for language in ("en", "fr"):
        forms: dict[str, set[str]] = {}
        for key in catalog(language):
            if PLURAL in key and not key.startswith("cmd:"):
                sentence, form = key.split(PLURAL)
                forms.setdefault(sentence, set()).add(form)
        for sentence, held in forms.items():
            assert {"one", "other"} <= held, f"{language}: {sentence} has only {held}"
            assert sentence not in catalog(language), f"{language}: {sentence} also plain"


def test_plural_forms_follow_each_languages_rules() -> None:
    assert plural_category("en", 1) == "one" and plural_category("en", 0) == "other"
    assert plural_category("fr", 0) == plural_category("fr", 1) == "one"
    assert plural_category("fr", 2) == "other"

    def favourite(language: str, count: int) -> str:
        return Tr(language)("records.stats.favourite_value", game="Ruship", count=count)

    assert favourite("en", 1) == "Ruship (1 match)" and favourite("en", 0) == "Ruship (0 matches)"
    assert favourite("fr", 1) == "Ruship (1 partie)" and favourite("fr", 3) == "Ruship (3 parties)"


def test_numbers_and_dates_are_written_as_each_language_writes_them() -> None:
    assert Tr("en").number(1.5) == "1.5" and Tr("fr").number(1.5) == "1,5"
    moment = 1_790_000_000  # 21 September 2026, 14:13 UTC
    assert Tr("en").date(moment) == "September 21, 2026"
    assert Tr("fr").date(moment) == "21 septembre 2026"
    assert Tr("fr").datetime(moment) == "21 sept. 2026, 14:13 UTC"


def test_translations_keep_the_same_placeholders() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, english in catalog("en").items():
        base = key.split(PLURAL)[0]
        french = catalog("fr").get(key) or catalog("fr")[f"{base}{PLURAL}other"]
        assert fields(french) == fields(english), key


@pytest.mark.parametrize("game", sorted(LABEL_DEFAULTS))
def test_every_word_drawn_in_a_board_has_a_french_translation(game: str) -> None:
    missing = [k for k in LABEL_DEFAULTS[game] if f"render.{game}.{k}" not in catalog("fr")]
    names = [k for k in missing if k.startswith("player_")]
    assert missing == names, f"{game}: no French for {missing}"


def test_locales_pick_the_language_and_fall_back_to_english() -> None:
    assert language_of("fr") == language_of("fr-FR") == "fr"
    assert language_of("en-GB") == language_of("de") == language_of(None) == "en"
    assert Tr("fr")("lobby.button.join") == "Rejoindre"
    assert Tr("de")("lobby.button.join") == "Join"
    assert Tr("fr")("no.such.key") == "no.such.key"


def test_french_command_names_are_valid_discord_names() -> None:
    import re

    for key, value in catalog("fr").items():
        if key.startswith("cmd:") and re.fullmatch(r"[a-z_\-]+", key[4:]):
            assert re.fullmatch(r"[-_\w]{1,32}", value) and value == value.lower(), key


def test_no_key_is_defined_twice_across_a_languages_files() -> None:
    import json
    from importlib import resources

    for language in ("en", "fr"):
        seen: dict[str, str] = {}
        for entry in (resources.files("bot") / "locales" / language).iterdir():
            for key in json.loads(entry.read_text(encoding="utf-8")):
                assert key not in seen, f"{language}: {key} in {entry.name} and {seen[key]}"
                seen[key] = entry.name


async def test_slash_commands_are_synced_with_french_names_and_descriptions(simcord_env) -> None:
    from bot.app import CommandTranslator

    bot = simcord_env.bot
    payloads = {
        command.name: await command.get_translated_payload(bot.tree, CommandTranslator())
        for command in bot.tree.get_commands()
    }
    assert set(payloads) >= {"ruship", "bugrace", "rushncrush", "match", "records", "help"}
    assert payloads["match"]["name_localizations"]["fr"] == "partie"
    assert payloads["records"]["name_localizations"]["fr"] == "palmares"
    assert payloads["help"]["name_localizations"]["fr"] == "aide"
    match = {o["name"]: o for o in payloads["match"]["options"]}
    assert match["board"]["name_localizations"]["fr"] == "plateau"
    assert match["list"]["name_localizations"]["fr"] == "liste"
    assert match["undo"]["name_localizations"]["fr"] == "annuler"
    for game in ("ruship", "bugrace", "rushncrush"):
        new = next(o for o in payloads[game]["options"] if o["name"] == "new")
        assert new["name_localizations"]["fr"] == "nouvelle"
        assert all("fr" in o.get("description_localizations", {}) for o in new["options"]), game


def test_french_never_needs_an_elision_before_a_name() -> None:
    """A name may start with a vowel ("Alice", "IA 1"): "de {player}" would read "de Alice".
    French templates put no eliding word right before a name. Fireship is the exception
    that proves it: its names always start with the colour's emoji ("de 🟦 Alice")."""
    import re

    eliding = re.compile(
        r"(?<![\w'])(de|que|le|la|ne|se|je|me|te|lorsque|puisque|jusque) "
        r"\{(player|players|name|owner|to|from)\}",
        re.IGNORECASE,
    )
    found = [
        (key, text)
        for key, text in catalog("fr").items()
        if eliding.search(text) and not key.startswith("fireship.")
    ]
    assert found == []
