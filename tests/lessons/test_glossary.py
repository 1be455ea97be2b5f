"""The glossary (notebooks/lessons/<lang>/glossary.ipynb) has every word the lessons link to, in every language.

A lesson links a word the first time it uses it, as ``[kicker](glossary.ipynb#term-kicker)``; the glossary
marks each word with ``<a id="term-kicker"></a>``. The ids are the same in every language, so a link copied
from one translation to another still lands. The checks read the notebooks' JSON only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from tests.support import ROOT

LESSONS = ROOT / "notebooks" / "lessons"
LANGUAGES = sorted(folder.name for folder in LESSONS.iterdir() if folder.is_dir() and not folder.name.startswith("."))
ANCHOR = re.compile(r'<a id="(term-[a-z0-9-]+)"></a>\*\*([^*]+)\*\*')
LINK = re.compile(r"glossary\.ipynb#(term-[a-z0-9-]+)")
SAME_PAGE_LINK = re.compile(r"\]\(#(term-[a-z0-9-]+)\)")


def _markdown(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def _terms(lang: str) -> list[tuple[str, str]]:
    """(id, word) of each term of the glossary, in the page's order."""
    return ANCHOR.findall(_markdown(LESSONS / lang / "glossary.ipynb"))


def _sort_key(word: str) -> str:
    """Alphabetical as a reader looks a word up: accents and case ignored, a leading number skipped."""
    if word[0].isdigit():
        word = word.replace("-", " ").split(" ", 1)[1].lstrip("%- ")
    plain = unicodedata.normalize("NFD", word.lower())
    return "".join(char for char in plain if not unicodedata.combining(char) and (char.isalnum() or char == " "))


def test_every_language_has_the_same_terms() -> None:
    ids = {lang: sorted(term for term, _ in _terms(lang)) for lang in LANGUAGES}
    assert ids["en"], "the English glossary has no term"
    for lang in LANGUAGES:
        assert ids[lang] == ids["en"], f"{lang}/glossary.ipynb has other terms than en: {set(ids[lang]) ^ set(ids['en'])}"
        assert len(set(ids[lang])) == len(ids[lang]), f"{lang}/glossary.ipynb marks a term twice"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_terms_are_in_alphabetical_order(lang: str) -> None:
    words = [word for _, word in _terms(lang)]
    assert words == sorted(words, key=_sort_key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_link_to_the_glossary_lands_on_a_term(lang: str) -> None:
    """The lessons' links to the glossary and the glossary's own cross-references."""
    known = {term for term, _ in _terms(lang)}
    missing = []
    for lesson in sorted((LESSONS / lang).glob("*.ipynb")):
        text = _markdown(lesson)
        links = SAME_PAGE_LINK.findall(text) if lesson.name == "glossary.ipynb" else LINK.findall(text)
        missing += [f"{lesson.name}: #{term}" for term in links if term not in known]
    assert not missing, f"links to words that {lang}/glossary.ipynb does not explain: {missing}"
