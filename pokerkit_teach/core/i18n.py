"""Message catalogues: every sentence a learner reads comes from ``messages/<lang>/*.toml``.

Each language is a folder of TOML files, one per topic (cards and hands, Pokerface, ...); the files of a
language are merged, and a key may appear in only one of them. A translator edits the TOML files only:
the list of languages is the list of folders, and each folder names its language (``language.name``).

A template names its values in braces, and a value may carry a *form* after a colon, which the catalogue
itself defines (grammatical gender and case are data, not code):

- ``{rank:plural}`` looks up ``rank.plural.<rank>`` (``8s`` / ``Achten``), ``{rank:the}`` looks up
  ``rank.the.<rank>`` (``the Queen`` / ``die Dame``), ``{category:a}`` looks up ``category.a.<category>``.
- ``{paid:#chips}`` is a *count*: the number chooses the entry of ``count.chips`` by the plural rules of
  the Unicode CLDR for the language (Babel's ``plural_form``: ``one``/``other`` in English and German,
  ``one``/``many``/``other`` in Spanish), and that entry is a template of its own, with ``{n}`` for the
  number and every value of the message (``count.chips.one = "{n} chip"``).
- Numbers are written by the CLDR rules of the language (Babel's ``format_decimal``: ``0.5`` / ``0,5``,
  ``12,000`` / ``12.000``); ``{x:.1f}`` keeps one decimal, ``{x:.1%}`` is a percentage with one decimal,
  ``{seed:raw}`` writes a whole number without grouping (seeds, codes).
- :class:`Items` (a list of names) is written as the language joins a list: ``A, B, and C`` /
  ``A, B und C`` / ``A, B y C`` (Babel's ``format_list``).

>>> message("category.name.full_house", "de")
'Full House'
>>> from pokerkit_teach.holdem.cards import Rank
>>> message("describe.pair", "en", pair=Rank.EIGHT, kickers="Q 7 6")
'a pair of 8s with Q 7 6'
>>> message("describe.pair", "de", pair=Rank.EIGHT, kickers="D 7 6")
'ein Paar Achten mit D 7 6'
"""

from __future__ import annotations

import enum
import re
import string
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable, Mapping

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal, parse_pattern

DEFAULT_LANGUAGE = "en"


def _languages() -> tuple[str, ...]:
    folder = resources.files("pokerkit_teach").joinpath("messages")
    found = sorted(entry.name for entry in folder.iterdir() if entry.is_dir() and not entry.name.startswith(("_", ".")))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


LANGUAGES: tuple[str, ...] = _languages()
"""The languages the kit speaks: one per folder of ``messages/``, English first."""

PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
_NUMBER_SPEC = re.compile(r"^\.(\d)([f%])$")


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, key + "."))
        else:
            flat[key] = str(value)
    return flat


_EXTRA_FOLDERS: list[Any] = []  # catalogue folders of games outside the kit (add_catalogue_folder)


def _toml_files(folder: Any) -> list[Any]:
    if not folder.is_dir():
        return []
    return sorted((entry for entry in folder.iterdir() if entry.name.endswith(".toml")), key=lambda e: e.name)


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """All messages of one language, keyed by dotted id: the kit's ``messages/<lang>/*.toml`` and those of
    every folder added with :func:`add_catalogue_folder` (``<folder>/<lang>/*.toml``)."""
    check_language(lang)
    sources = [(f"messages/{lang}", entry) for entry in _toml_files(resources.files("pokerkit_teach").joinpath("messages", lang))]
    for folder in _EXTRA_FOLDERS:
        sources += [(f"{folder}/{lang}", entry) for entry in _toml_files(folder.joinpath(lang))]
    merged: dict[str, str] = {}
    for place, entry in sources:
        table = _flatten(tomllib.loads(entry.read_text("utf-8")))
        clash = set(table) & set(merged)
        if clash:
            raise ValueError(f"{place}/{entry.name} repeats the key {sorted(clash)[0]!r}")
        merged.update(table)
    return merged


def add_catalogue_folder(folder: Any) -> None:
    """Add the catalogues of a game that lives outside the kit: ``folder`` (a ``pathlib.Path`` or an
    ``importlib.resources`` folder) holds one folder per language (``en/``, ``de/``, ...) of TOML files,
    merged into the kit's; a key may not repeat one of the kit's. Languages are still the kit's folders."""
    if all(folder != known for known in _EXTRA_FOLDERS):
        _EXTRA_FOLDERS.append(folder)
        catalogue.cache_clear()


def remove_catalogue_folder(folder: Any) -> None:
    """Take a folder added with :func:`add_catalogue_folder` out again."""
    if folder in _EXTRA_FOLDERS:
        _EXTRA_FOLDERS.remove(folder)
        catalogue.cache_clear()


def language_name(lang: str) -> str:
    """The language's own name for itself (``Deutsch``), from its catalogue."""
    return catalogue(lang)["language.name"]


@lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(count: float, lang: str) -> str:
    """The CLDR plural category of ``count`` in ``lang``: ``one``, ``many``, ``other`` ...

    >>> [plural_category(n, "en") for n in (0, 1, 2)], plural_category(1_000_000, "es")
    (['other', 'one', 'other'], 'many')
    """
    return _plural_category(abs(count), lang)


@lru_cache(maxsize=1 << 12, typed=True)
def _plural_category(count: float, lang: str) -> str:
    return str(_locale(lang).plural_form(count))


def plural_categories(lang: str) -> tuple[str, ...]:
    """Every plural category the language uses (each ``count.*`` entry has one text per category)."""
    tags = set(_locale(lang).plural_form.tags) | {"other"}
    return tuple(tag for tag in PLURAL_CATEGORIES if tag in tags)


def number(value: float, lang: str, digits: int | None = None) -> str:
    """``value`` written by the number rules of ``lang``.

    >>> number(12000, "de"), number(0.5, "de"), number(2 / 3, "en", 1), number(3, "es")
    ('12.000', '0,5', '0.7', '3')
    """
    if isinstance(value, int) and abs(value) >= 10**24:  # no count of the kit; Babel's decimals fail from 10**25
        return str(value)[:19] + "…"
    return _number(value, lang, digits)


def percent(value: float, lang: str, digits: int = 0) -> str:
    """``value`` (0.25 for 25 %) as a percentage by the rules of ``lang``.

    >>> percent(0.255, "en", 1), percent(0.255, "de", 1)
    ('25.5%', '25,5\xa0%')
    """
    return _percent(value, lang, digits)


# Written numbers are remembered (a bot's reason, a view's texts and a table's log write the same few
# numbers again and again, and Babel takes a good part of a millisecond for each); ``typed`` keeps 1 and
# 1.0 apart. The patterns are parsed once per language and number of digits.
@lru_cache(maxsize=1 << 16, typed=True)
def _number(value: float, lang: str, digits: int | None) -> str:
    if digits is None:
        return str(format_decimal(value, locale=lang))
    return str(_pattern("decimal", lang, digits).apply(value, _locale(lang)))


@lru_cache(maxsize=1 << 16, typed=True)
def _percent(value: float, lang: str, digits: int) -> str:
    return str(_pattern("percent", lang, digits).apply(value, _locale(lang)))


@lru_cache(maxsize=None)
def _pattern(kind: str, lang: str, digits: int) -> Any:
    """The locale's own decimal or percent pattern, with the digits asked for."""
    formats = _locale(lang).decimal_formats if kind == "decimal" else _locale(lang).percent_formats
    pattern = parse_pattern(formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return pattern


def join_list(items: Iterable[str], lang: str) -> str:
    """Names joined as the language joins a list.

    >>> join_list(["Anna", "Ben", "Carla"], "de"), join_list(["Anna", "Ben"], "es")
    ('Anna, Ben und Carla', 'Anna y Ben')
    """
    return str(format_list(list(items), locale=lang))


def check_language(lang: str) -> str:
    """Return ``lang`` if the kit speaks it, else raise a ValueError naming the choices."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


class _CatalogueFormatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

        self.params: Mapping[str, Any] = {}

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        self.params = kwargs
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("#"):
            return self.count(value, format_spec[1:])
        localize = getattr(value, "localized", None)
        if callable(localize):
            return str(localize(self.lang, format_spec))
        if isinstance(value, Msg):
            return message(value.key, self.lang, **dict(value.params))
        if isinstance(value, (int, float)) and not isinstance(value, (bool, enum.Enum)):
            if format_spec == "raw":
                return str(value)
            match = _NUMBER_SPEC.match(format_spec)
            if match:
                digits = int(match.group(1))
                return percent(value, self.lang, digits) if match.group(2) == "%" else number(value, self.lang, digits)
            if not format_spec:
                return number(value, self.lang)
        return str(super().format_field(value, format_spec))

    def count(self, value: Any, name: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"the count {{…:#{name}}} needs a number, got {value!r}")
        table = catalogue(self.lang)
        category = plural_category(value, self.lang)
        key = f"count.{name}.{category}"
        if key not in table:
            key = f"count.{name}.other"
        if key not in table:
            raise KeyError(f"message 'count.{name}' is missing from the {self.lang!r} catalogue")
        return _CatalogueFormatter(self.lang).format(table[key], **{**self.params, "n": value})


def counted(name: str, count: float, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The count ``count.<name>`` for ``count`` in ``lang``, as ``{n:#name}`` writes it in a message.

    >>> counted("cards", 1, "en"), counted("cards", 2, "de"), counted("cards", 0, "en")
    ('1 card', '2 Karten', '0 cards')
    """
    return _CatalogueFormatter(lang).format("{n:#" + name + "}", **params, n=count)


def message(key: str, lang: str = DEFAULT_LANGUAGE, **params: Any) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled in."""
    table = catalogue(lang)
    try:
        template = table[key]
    except KeyError:
        if any(k.startswith(key + ".") for k in table) and key.startswith("count."):
            raise KeyError(f"message {key!r} is a count: write it as {{n:#{key[6:]}}} inside a message") from None
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


class Items(tuple):  # type: ignore[type-arg]
    """Several names joined as a list in the message's language: ``Anna, Ben and Carla``.

    >>> Items(["Anna", "Ben", "Carla"]).localized("de")
    'Anna, Ben und Carla'
    """

    def localized(self, lang: str, spec: str = "") -> str:
        formatter = _CatalogueFormatter(lang)
        return join_list((formatter.format_field(item, spec) for item in self), lang)


@dataclass(frozen=True)
class Counted:
    """A count said later, in the language of the message it stands in: ``count.<name>`` chosen by ``n``,
    with ``params`` for the words around it (``4 red cards`` / ``4 rote Karten`` / ``4 cartas rojas``).

    >>> Counted("needed_cards", 1).localized("de"), str(Counted("needed_cards", 2))
    ('1 Karte', '2 cards')
    """

    name: str
    n: int
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, name: str, n: int, **params: Any) -> "Counted":
        return cls(name, n, tuple(params.items()))

    def localized(self, lang: str, spec: str = "") -> str:
        return counted(self.name, self.n, lang, **dict(self.params))

    def __str__(self) -> str:
        return self.localized(DEFAULT_LANGUAGE)


class ListRow(Row):
    """Like :class:`Row`, but separated by commas (for card names of several words).

    >>> from pokerkit_teach.holdem.cards import Rank
    >>> ListRow([Rank.QUEEN, Rank.SEVEN]).localized("de", "name")
    'Dame, 7'
    """

    def localized(self, lang: str, spec: str = "") -> str:
        formatter = _CatalogueFormatter(lang)
        return ", ".join(formatter.format_field(item, spec) for item in self)
