"""The message catalogues: every message exists in every language, with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from pokerkit_teach.holdem.cards import Rank
from pokerkit_teach.holdem.ranking import KEY_ROLES, Category
from pokerkit_teach.core.i18n import LANGUAGES, catalogue, message

from tests.support import ROOT

PACKAGE = ROOT / "pokerkit_teach"


FORMS = {"", "name", "plural", "the", "the_acc", "a", "acc", "symbol", "raw", "upto", "beaten", "under", ".0%", "one", "title", "adj", "adj_acc", "adj_f", "adj_pl", "adj_bare", ".1f", ".1%"} | {"#" + key.split(".")[1] for key in catalogue("en") if key.startswith("count.")}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def forms(template: str) -> set[str]:
    return {spec or "" for _, name, spec, _ in string.Formatter().parse(template) if name is not None}


def messages_and_counts(lang: str) -> set[str]:
    """The keys of a catalogue, with each count (``count.chips.one`` ...) named once: the plural categories
    of a count are the language's own (Spanish has ``many``; tests/engine/core/test_words.py checks them)."""
    return {key.rpartition(".")[0] if key.startswith("count.") else key for key in catalogue(lang)}


def english_twin(key: str) -> str:
    """The English message a key is compared with: a count's English ``other`` text for any category."""
    return key.rpartition(".")[0] + ".other" if key.startswith("count.") else key


def test_every_language_has_the_same_keys() -> None:
    english = messages_and_counts("en")
    for lang in LANGUAGES:
        assert messages_and_counts(lang) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_has_the_same_placeholders_as_english(lang: str) -> None:
    english = catalogue("en")
    for key, template in catalogue(lang).items():
        assert placeholders(template) == placeholders(english[english_twin(key)]), (lang, key)
        assert forms(template) <= FORMS, (lang, key)  # a translator may choose another form, not invent one


def test_every_key_the_code_names_exists() -> None:
    code = "\n".join(p.read_text() for p in PACKAGE.rglob("*.py"))
    literal = set(re.findall(r"\"((?:explain|compare|describe|showdown|drez)\.[a-z_.]+)\"", code))
    needed = literal | {f"compare.win.{r}" for roles in KEY_ROLES.values() for r in roles}
    needed |= {f"compare.same.{r}" for roles in KEY_ROLES.values() for r in roles}
    needed |= {f"describe.{c.key_name}" for c in Category}
    needed |= {f"category.{form}.{c.key_name}" for c in Category for form in ("name", "a", "acc")}
    needed |= {f"rank.{form}.{r.value}" for r in Rank for form in ("name", "plural", "the", "the_acc")}
    needed |= {f"suit.name.{s}" for s in "cdhs"}
    assert len(literal) > 20
    for lang in LANGUAGES:
        assert needed - set(catalogue(lang)) == set(), lang


def test_unknown_language_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'; choose one of en, de, es"):
        message("category.name.pair", "fr")


def test_german_uses_the_rulebook_words() -> None:
    assert [message(f"category.name.{c.key_name}", "de") for c in (Category.PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND, Category.STRAIGHT)] == [
        "Paar",
        "Drilling",
        "Vierling",
        "Straße",
    ]
    assert Rank.QUEEN.localized("de", "plural") == "Damen" and Rank.JACK.symbol("de") == "B"


def test_the_languages_guide_lists_every_catalogue_file() -> None:
    """docs/languages.md's table of catalogue files names each file of the English catalogue, and no other."""
    listed = set(re.findall(r"^\| `([a-z_]+\.toml)` \|", (ROOT / "docs" / "languages.md").read_text("utf-8"), flags=re.M))
    files = {path.name for path in (PACKAGE / "messages" / "en").glob("*.toml")}
    assert listed == files, (sorted(files - listed), sorted(listed - files))
