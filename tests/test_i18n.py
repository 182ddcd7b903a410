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
        # French may write one sentence for every count ("Points restants : 1").
        french = catalog("fr").get(key) or catalog("fr").get(f"{base}{PLURAL}other")
        french = french or catalog("fr")[base]
        assert fields(french) == fields(english), key


@pytest.mark.parametrize("game", sorted(LABEL_DEFAULTS))
def test_every_word_drawn_in_a_board_has_a_french_translation(game: str) -> None:
    french = {key.split(PLURAL)[0] for key in catalog("fr")}  # a word may have plural forms
    missing = [k for k in LABEL_DEFAULTS[game] if f"render.{game}.{k}" not in french]
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


def refusal_keys_raised_by_the_engines() -> dict[str, str]:
    """Every ``IllegalAction`` key the engines' code can raise, found in their sources:
    ``IllegalAction(message, key)``, ``require(condition, message, key)`` and Bug Race's
    ``leg_refusal(message, reason, leg)`` (one key per leg, ``reason.LF``) -> where."""
    import ast
    from pathlib import Path

    from bot.games.bugrace.track import LEG_AHEAD, LEGS

    key_argument = {"IllegalAction": 1, "require": 2, "leg_refusal": 1}
    found: dict[str, str] = {}
    root = Path(__file__).resolve().parent.parent
    for source in sorted((root / "bot" / "games").rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        # The helpers themselves pass their caller's key on (``require``, ``leg_refusal``).
        helpers = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name in key_argument
        ]
        passed_on = {id(call) for helper in helpers for call in ast.walk(helper)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in passed_on:
                continue
            called = getattr(node.func, "id", getattr(node.func, "attr", None))
            if called not in key_argument:
                continue
            where = f"{source.relative_to(root)}:{node.lineno}"
            index = key_argument[called]
            key: ast.expr | None = node.args[index] if len(node.args) > index else None
            key = next((k.value for k in node.keywords if k.arg in ("key", "reason")), key)
            if key is None:  # the default key, "illegal"
                found.setdefault("illegal", where)
            elif isinstance(key, ast.Constant) and isinstance(key.value, str):
                if called == "leg_refusal":
                    # A leg is only blocked by the leg ahead of it: the front legs never are.
                    legs = [leg for leg in LEGS if key.value != "leg_slot_taken" or LEG_AHEAD[leg]]
                    found.update({f"{key.value}.{leg}": where for leg in legs})
                else:
                    found.setdefault(key.value, where)
            else:  # a computed key cannot be checked here: a player might read English
                raise AssertionError(f"{where}: a refusal key this test cannot read")
    return found


def test_every_refusal_an_engine_raises_reads_in_both_languages() -> None:
    """A refused move reads "Coup refusé : <the reason>": a reason with no French entry
    would come out in English ("Coup refusé : Those dice cannot go there now.")."""
    keys = refusal_keys_raised_by_the_engines()
    assert {"bad_placement", "leg_slot_taken.LH", "pawn_gone", "illegal"} <= set(keys)
    for language in ("en", "fr"):
        held = catalog(language)
        missing = {
            key: where
            for key, where in keys.items()
            if f"illegal.{key}" not in held and f"illegal.{key}{PLURAL}other" not in held
        }
        assert missing == {}, f"{language}: refusals with no text"


def test_french_is_typeset_as_french() -> None:
    """A no-break space (U+00A0) before : ; ! ? and inside « », so a line never starts
    with a lone colon; plural forms rather than a hand-made "(s)"; and the words settled
    in docs/french.md rather than the ones a French player would not use."""
    import re

    loose = re.compile(r"[ \u202f][:;!?»]|«[ \u202f]")
    hand_made_plural = re.compile(r"\w\((s|x|e|es)\)")
    avoided = re.compile(r"table d'attente|\bmatch\b|\ben direct\b", re.IGNORECASE)
    french = {key: text for key, text in catalog("fr").items()}
    assert [key for key, text in french.items() if loose.search(text)] == []
    assert [key for key, text in french.items() if hand_made_plural.search(text)] == []
    assert [key for key, text in french.items() if avoided.search(text)] == []
    # Rush Out!: the hero's Fire and the sorcerer's Flame are two symbols, two words.
    assert french["render.rushout.face_F"] != french["render.rushout.face_fe"]


def test_english_counts_with_plural_forms_not_a_hand_made_s() -> None:
    """A sentence that counts says its number in a plural form of its own (``key#one``,
    ``key#other``) or names the thing first ("lane changes: 2"): "2 space(s)" reads as if
    a machine wrote it."""
    import re

    hand_made_plural = re.compile(r"\w\(s\)")
    english = catalog("en")
    assert [key for key, text in english.items() if hand_made_plural.search(text)] == []
