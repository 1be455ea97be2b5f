"""Message catalogues: every sentence a learner reads comes from ``messages/<lang>/*.toml``.

Each language is a folder of TOML files, one per topic (cards and hands, Pokerface, ...); the files of a
language are merged, and a key may appear in only one of them. A translator edits the TOML files only. A template names its values in braces, and a value may carry a
*form* after a colon, which the catalogue itself defines: ``{rank:plural}`` looks up
``rank.plural.<rank>`` (``8s`` / ``Achten``), ``{rank:the}`` looks up ``rank.the.<rank>``
(``the Queen`` / ``die Dame``), ``{category:a}`` looks up ``category.a.<category>``.

>>> message("category.name.full_house", "de")
'Full House'
>>> from pokerkit_teach.holdem.cards import Rank
>>> message("describe.pair", "en", pair=Rank.EIGHT, kickers="Q 7 6")
'a pair of 8s with Q 7 6'
>>> message("describe.pair", "de", pair=Rank.EIGHT, kickers="D 7 6")
'ein Paar Achten mit D 7 6'
"""

from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, key + "."))
        else:
            flat[key] = str(value)
    return flat


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """All messages of one language, keyed by dotted id."""
    check_language(lang)
    folder = resources.files("pokerkit_teach").joinpath("messages", lang)
    merged: dict[str, str] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        table = _flatten(tomllib.loads(entry.read_text("utf-8")))
        clash = set(table) & set(merged)
        if clash:
            raise ValueError(f"messages/{lang}/{entry.name} repeats the key {sorted(clash)[0]!r}")
        merged.update(table)
    return merged


def check_language(lang: str) -> str:
    """Return ``lang`` if the kit speaks it, else raise a ValueError naming the choices."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


class _CatalogueFormatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        localize = getattr(value, "localized", None)
        if callable(localize):
            return str(localize(self.lang, format_spec))
        if isinstance(value, Msg):
            return message(value.key, self.lang, **dict(value.params))
        return str(super().format_field(value, format_spec))


def message(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled in."""
    table = catalogue(lang)
    try:
        template = table[key]
    except KeyError:
        raise KeyError(f"message {key!r} is missing from the {lang!r} catalogue") from None
    return _CatalogueFormatter(lang).format(template, **params)


def form(kind: str, spec: str, name: str, lang: str) -> str:
    """Look up a word form, ``rank.plural.8``; an empty spec means ``<kind>.name.<name>``."""
    return catalogue(lang)[f"{kind}.{spec or 'name'}.{name}"]


def capitalize_first(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Msg:
    """A message not yet put into words: a catalogue key and its values, rendered per language.

    >>> Msg.of("category.name.pair").text("de")
    'Paar'
    """

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Any) -> "Msg":
        return cls(key, tuple(params.items()))

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return capitalize_first(message(self.key, lang, **dict(self.params)))

    def __str__(self) -> str:
        return self.text()


class Row(tuple):  # type: ignore[type-arg]
    """Several values (ranks, cards) shown in a message separated by spaces, each in the message's language.

    >>> from pokerkit_teach.holdem.cards import Rank
    >>> message("describe.pair", "de", pair=Rank.EIGHT, kickers=Row([Rank.QUEEN, Rank.SEVEN]))
    'ein Paar Achten mit D 7'
    """

    def localized(self, lang: str, spec: str = "") -> str:
        formatter = _CatalogueFormatter(lang)
        return " ".join(formatter.format_field(item, spec) for item in self)


class ListRow(Row):
    """Like :class:`Row`, but separated by commas (for card names of several words).

    >>> from pokerkit_teach.holdem.cards import Rank
    >>> ListRow([Rank.QUEEN, Rank.SEVEN]).localized("de", "name")
    'Dame, 7'
    """

    def localized(self, lang: str, spec: str = "") -> str:
        formatter = _CatalogueFormatter(lang)
        return ", ".join(formatter.format_field(item, spec) for item in self)
