"""Counts agree with their nouns in every language: every message of every catalogue is rendered with the
counts 0, 1, 2 and 5, and the text is read the way a reader would.

The catalogue tests (tests/engine/core/test_messages.py) check that every language has every key with the same
placeholders; this file checks what the sentences say with real numbers in them:

- no ``card(s)``-style suffix in any message (a count chooses its form, ``{n:#cards}``);
- every count form ``{x:#name}`` names a ``count.name`` entry with a text for each CLDR plural category of
  the language;
- with 1, no plural noun follows the number; with 0, 2 or 5, no singular noun follows it (the nouns the kit
  counts, per language, listed below; one word, an adjective or a colour, may stand between).
"""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from pokerkit_teach.core.i18n import LANGUAGES, catalogue, message, plural_categories

#: The nouns the kit counts, singular and plural, per language.
NOUNS: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("card", "cards"), ("chip", "chips"), ("round", "rounds"), ("game", "games"), ("coin", "coins"),
        ("player", "players"), ("hand", "hands"), ("deal", "deals"), ("point", "points"), ("token", "tokens"),
        ("success", "successes"), ("failure", "failures"), ("configuration", "configurations"),
        ("second", "seconds"), ("move", "moves"), ("step", "steps"), ("prediction", "predictions"),
        ("baboon", "baboons"), ("raccoon", "raccoons"), ("dove", "doves"), ("capybara", "capybaras"),
        ("penguin", "penguins"), ("pawn", "pawns"), ("knight", "knights"), ("bishop", "bishops"),
        ("rook", "rooks"), ("queen", "queens"), ("joker", "jokers"), ("suit", "suits"), ("victory", "victories"),
        ("loss", "losses"), ("bot", "bots"), ("hint", "hints"), ("question", "questions"),
    ],
    "de": [
        ("Karte", "Karten"), ("Runde", "Runden"), ("Münze", "Münzen"), ("Hand", "Hände"),
        ("Durchgang", "Durchgänge"), ("Punkt", "Punkte"), ("Erfolg", "Erfolge"), ("Misserfolg", "Misserfolge"),
        ("Einstellung", "Einstellungen"), ("Sekunde", "Sekunden"), ("Zug", "Züge"), ("Vorhersage", "Vorhersagen"),
        ("Pavian", "Paviane"), ("Waschbär", "Waschbären"), ("Taube", "Tauben"), ("Wasserschwein", "Wasserschweine"),
        ("Pinguin", "Pinguine"), ("Bauer", "Bauern"), ("Läufer", "Läufer"), ("Turm", "Türme"), ("Dame", "Damen"),
        ("Joker", "Joker"), ("Farbe", "Farben"), ("Sieg", "Siege"), ("Niederlage", "Niederlagen"), ("Frage", "Fragen"),
        ("Spiel", "Spiele"), ("Schritt", "Schritte"), ("Plättchen", "Plättchen"),
    ],
    "es": [
        ("carta", "cartas"), ("ficha", "fichas"), ("ronda", "rondas"), ("partida", "partidas"), ("moneda", "monedas"),
        ("jugador", "jugadores"), ("mano", "manos"), ("reparto", "repartos"), ("punto", "puntos"),
        ("éxito", "éxitos"), ("fracaso", "fracasos"), ("configuración", "configuraciones"), ("segundo", "segundos"),
        ("jugada", "jugadas"), ("paso", "pasos"), ("predicción", "predicciones"), ("babuino", "babuinos"),
        ("mapache", "mapaches"), ("paloma", "palomas"), ("capibara", "capibaras"), ("pingüino", "pingüinos"),
        ("peón", "peones"), ("caballo", "caballos"), ("alfil", "alfiles"), ("torre", "torres"), ("reina", "reinas"),
        ("comodín", "comodines"), ("palo", "palos"), ("victoria", "victorias"), ("derrota", "derrotas"),
        ("pregunta", "preguntas"), ("apuesta", "apuestas"),
    ],
}

SUFFIXES = re.compile(r"\w\((?:s|es|en|n|e|r|in|innen|a|as|os)\)", re.IGNORECASE)
COUNTS = (0, 1, 2, 5)
#: Placeholders that name a person: filled with a name, not a number.
PERSON = re.compile(r"player|name|who|dealer|winner|loser|to_act|owner|from|to$|by$|bot$|seat_name|others|players_list")
#: Words that may stand between a number and its noun without belonging to it ("2 on hand 1").
#: Placeholders that hold a word (a suit, a stage, a card): filled with a probe word, not a number.
WORD = re.compile(r"suit|stage|card|colour|figure|target|phase|action|variant|word|holdings|prediction|verdict|range")
LINKS = {
    "on", "of", "per", "under", "in", "for", "from", "to", "at", "auf", "aus", "der", "die", "das", "den", "dem", "des",
    "je", "pro", "von", "mit", "im", "in", "zu", "jeden", "jede", "jedes", "de", "del", "la", "el", "los", "las", "en",
    "por", "con", "a", "al", "sobre", "bajo",
}


class Probe:
    """Stands for a card, a rank, a colour or any other value with word forms: renders as ``zz``."""

    def localized(self, lang: str, spec: str = "") -> str:
        return "zz"


def fields(template: str) -> list[tuple[str, str]]:
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name is not None]


def values(template: str, count: int) -> dict[str, Any]:
    """A value for every placeholder: numbers for plain and count placeholders, a probe for word forms."""
    found: dict[str, Any] = {}
    for name, spec in fields(template):
        plain = spec == "" or spec.startswith("#") or spec == "raw" or re.fullmatch(r"\.\d[f%]", spec)
        if spec == "" and PERSON.search(name):
            found[name] = "Anna"
        elif spec == "" and WORD.search(name):
            found[name] = "zz"
        else:
            found[name] = count if plain else Probe()
    return found


def render_all(lang: str, count: int) -> dict[str, str]:
    return {
        key: message(key, lang, **values(template, count))
        for key, template in catalogue(lang).items()
        if not key.startswith("count.")
    }


def count_entries(lang: str) -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    for key, template in catalogue(lang).items():
        if key.startswith("count."):
            name, _, category = key[len("count."):].rpartition(".")
            entries.setdefault(name, {})[category] = template
    return entries


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_has_a_plural_suffix_in_brackets(lang: str) -> None:
    offenders = {key: text for key, text in catalogue(lang).items() if SUFFIXES.search(text)}
    assert offenders == {}, f"{lang}: write a count ({{n:#name}}) instead of a suffix in brackets"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_has_a_text_for_each_plural_category_of_the_language(lang: str) -> None:
    needed = set(plural_categories(lang))
    for name, forms in count_entries(lang).items():
        assert set(forms) == needed, (lang, name, sorted(forms), sorted(needed))
        for form, template in forms.items():
            assert "{n" in template, (lang, name, form, "the number is missing")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_count_a_message_uses_exists(lang: str) -> None:
    entries = count_entries(lang)
    used = {spec[1:] for template in catalogue(lang).values() for _, spec in fields(template) if spec.startswith("#")}
    assert used - set(entries) == set(), lang


def disagreements(lang: str, count: int, text: str) -> list[str]:
    wrong: list[str] = []
    number = re.escape(str(count))
    for singular, plural in NOUNS[lang]:
        if singular == plural:
            continue
        noun = plural if count == 1 else singular
        pattern = rf"(?<![\w.,]){number}\s+(?:([\w-]+)\s+)?{re.escape(noun)}\b"
        flags = 0 if lang == "de" else re.IGNORECASE
        for match in re.finditer(pattern, text, flags):
            if match.group(1) is None or match.group(1).lower() not in LINKS:
                wrong.append(match.group(0))
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_counts_agree_with_their_nouns(lang: str, count: int) -> None:
    problems = {}
    for key, text in render_all(lang, count).items():
        wrong = disagreements(lang, count, text)
        if wrong:
            problems[key] = (wrong, text)
    assert problems == {}, f"{lang} with {count}: a count disagrees with its noun"


def test_the_check_catches_a_count_that_disagrees() -> None:
    assert disagreements("en", 1, "Anna pays 1 chips.") == ["1 chips"]
    assert disagreements("en", 2, "after 2 round") == ["2 round"]
    assert disagreements("de", 1, "1 Karten in Grün") == ["1 Karten"]
    assert disagreements("es", 5, "5 carta roja") == ["5 carta"]
    assert disagreements("en", 1, "1 red cards") == ["1 red cards"]
    assert disagreements("en", 1, "Anna pays 1 chip.") == []
    assert SUFFIXES.search("1 configuration(s)") and SUFFIXES.search("als Zweite(r)") and SUFFIXES.search("Erfolg(en)")
