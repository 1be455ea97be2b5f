"""Every lesson has one structure in every language (docs/languages.md, "Lessons"): only the prose differs.

notebooks/lessons/<lang>/ holds one translation of each lesson per language. The translations of a lesson
must have the same code cells in the same order: a cell's code is the same text in every language, except

- the first code cell, tagged ``parameters``, which does nothing but set ``lang = "<lang>"`` (the name of
  its folder); every other cell says ``lang`` and never a language code, and
- cells tagged ``words``, where only the text inside string literals (and comments) may differ: with every
  string blanked the code must be the same (quiz questions and printed labels are prose).

A code cell keeps its notebook id in every translation, so two cells that differ only in their strings
cannot trade places unnoticed.

Every lesson marks a 45-minute core and its extensions the same way in every language (the first cell
says what the core is; each extension's heading carries the mark).

Notebooks are stored without outputs, except a cell marked ``# NBVAL_CHECK_OUTPUT``, whose stored output
is what nbval compares. The checks read the JSON only (no kernel), so they run in well under a second.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import ROOT

LESSONS = ROOT / "notebooks" / "lessons"
LANGUAGES = sorted(folder.name for folder in LESSONS.iterdir() if folder.is_dir() and not folder.name.startswith("."))
CHECK_OUTPUT = "# NBVAL_CHECK_OUTPUT"

Cell = dict[str, Any]


def _lesson_names(lang: str) -> set[str]:
    return {path.name for path in (LESSONS / lang).glob("*.ipynb")}


ALL_LESSONS = sorted(set().union(*(_lesson_names(lang) for lang in LANGUAGES)))


def _cells(lang: str, lesson: str) -> list[Cell]:
    notebook = json.loads((LESSONS / lang / lesson).read_text(encoding="utf-8"))
    cells: list[Cell] = notebook["cells"]
    return cells


def _code_cells(lang: str, lesson: str) -> list[Cell]:
    return [cell for cell in _cells(lang, lesson) if cell["cell_type"] == "code"]


def _source(cell: Cell) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _tags(cell: Cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


class _BlankStrings(ast.NodeTransformer):
    """Every string literal becomes "", the parts of an f-string that are code stay."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.copy_location(ast.Constant(""), node) if isinstance(node.value, str) else node


def _shape(source: str) -> str:
    """The code without its words: comments gone, every string literal blanked."""
    return ast.dump(_BlankStrings().visit(ast.parse(source)), annotate_fields=False)


def _strings(source: str) -> Iterator[str]:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def test_every_language_has_lessons() -> None:
    assert {"en", "de", "es"} <= set(LANGUAGES)
    assert ALL_LESSONS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_exists_in_every_language(lang: str) -> None:
    missing = sorted(set(ALL_LESSONS) - _lesson_names(lang))
    assert not missing, f"notebooks/lessons/{lang}/ lacks the translation of {', '.join(missing)}"


def test_the_index_links_lessons_that_exist_in_every_language() -> None:
    """The index app links lessons/<lang>/<lesson>.ipynb for the learner's language: each must be there."""
    from pokerkit_teach.core.i18n import LANGUAGES as KIT_LANGUAGES
    from pokerkit_teach.widgets.index import LESSONS as LINKED

    assert set(KIT_LANGUAGES) <= set(LANGUAGES), "a language of the kit has no folder in notebooks/lessons"
    # the glossary (glossary.ipynb, a lesson-like page of words that the lessons link to) has its own link below the list
    assert {f"{name}.ipynb" for name in LINKED} == set(ALL_LESSONS) - {"glossary.ipynb"}


#: How a lesson marks its 45-minute core and its extensions, per language: the first cell says what the core
#: is, and each extension's heading ends with the mark.
CORE = {
    "en": ("**45 minutes.**", "*(extension)*"),
    "de": ("**45 Minuten.**", "*(Erweiterung)*"),
    "es": ("**45 minutos.**", "*(ampliación)*"),
}


@pytest.mark.parametrize("lesson", sorted(set(ALL_LESSONS) - {"glossary.ipynb"}))
def test_every_lesson_marks_a_45_minute_core_and_its_extensions(lesson: str) -> None:
    """A teacher sees at once what fits one period: the first cell names the core (every part without a
    mark) and the mark; at least one part is marked, and the same parts in every language."""
    marked = {}
    for lang in LANGUAGES:
        core, mark = CORE[lang]
        cells = _cells(lang, lesson)
        assert core in _source(cells[0]) and mark in _source(cells[0]), f"{lang}/{lesson}: the first cell names no 45-minute core"
        headings = {number: line for number, cell in enumerate(cells[1:], 1) if cell["cell_type"] == "markdown"
                    for line in _source(cell).splitlines() if line.startswith("#") and line.rstrip().endswith(mark)}
        stray = [number for number, cell in enumerate(cells[1:], 1) if mark in _source(cell) and number not in headings]
        assert headings and not stray, f"{lang}/{lesson}: extensions {headings}, a mark outside a heading in cells {stray}"
        marked[lang] = sorted(headings)
    assert len(set(map(tuple, marked.values()))) == 1, f"{lesson}: the extensions differ between languages: {marked}"


@pytest.mark.parametrize("lesson", ALL_LESSONS)
def test_the_first_code_cell_sets_only_the_language(lesson: str) -> None:
    for lang in LANGUAGES:
        if lesson not in _lesson_names(lang):
            continue
        cells = _code_cells(lang, lesson)
        assert cells, f"{lang}/{lesson} has no code cell"
        first = cells[0]
        assert "parameters" in _tags(first), f"{lang}/{lesson}: the first code cell must be tagged 'parameters'"
        assert _source(first).strip() == f'lang = "{lang}"', f"{lang}/{lesson}: the first code cell must be lang = \"{lang}\""
        others = [index for index, cell in enumerate(cells[1:], 2) if "parameters" in _tags(cell)]
        assert not others, f"{lang}/{lesson}: only the first code cell may be tagged 'parameters' (also code cell {others})"


@pytest.mark.parametrize("lesson", ALL_LESSONS)
def test_translations_have_the_same_code_cells(lesson: str) -> None:
    languages = [lang for lang in LANGUAGES if lesson in _lesson_names(lang)]
    base_lang, *others = languages
    base = _code_cells(base_lang, lesson)
    for lang in others:
        cells = _code_cells(lang, lesson)
        where = f"{lesson}: {lang} against {base_lang}"
        assert len(cells) == len(base), f"{where}: {len(cells)} code cells instead of {len(base)}"
        for number, (ours, theirs) in enumerate(zip(cells, base), 1):
            assert ours.get("id") == theirs.get("id"), (
                f"{where}: code cell {number} has the id {ours.get('id')!r}, not {theirs.get('id')!r}: a translation keeps the"
                " ids of the cells it copies, so two cells that differ only in their strings cannot trade places")
        for number, (ours, theirs) in enumerate(zip(cells[1:], base[1:]), 2):
            tags, base_tags = _tags(ours) & {"words"}, _tags(theirs) & {"words"}
            assert tags == base_tags, f"{where}: code cell {number} is tagged 'words' in one language only"
            if tags:
                assert _shape(_source(ours)) == _shape(_source(theirs)), (
                    f"{where}: code cell {number} (a 'words' cell) differs outside its strings:\n"
                    f"{_source(ours)}\n---\n{_source(theirs)}")
            else:
                assert _source(ours) == _source(theirs), (
                    f"{where}: code cell {number} differs (tag it 'words' if only its strings are prose):\n"
                    f"{_source(ours)}\n---\n{_source(theirs)}")


@pytest.mark.parametrize("lesson", ALL_LESSONS)
def test_code_cells_name_no_language(lesson: str) -> None:
    """Past the parameters cell the code says lang, never "en" or lang=de: a copied cell cannot keep its language."""
    for lang in LANGUAGES:
        if lesson not in _lesson_names(lang):
            continue
        for number, cell in enumerate(_code_cells(lang, lesson)[1:], 2):
            source = _source(cell)
            named = [text for text in _strings(source)
                     if text in LANGUAGES or any(f"lang={code}" in text for code in LANGUAGES)]
            assert not named, f"{lang}/{lesson}: code cell {number} names a language ({named}); use lang"


@pytest.mark.parametrize("lesson", ALL_LESSONS)
def test_only_checked_cells_keep_outputs(lesson: str) -> None:
    for lang in LANGUAGES:
        if lesson not in _lesson_names(lang):
            continue
        for number, cell in enumerate(_code_cells(lang, lesson), 1):
            checked = _source(cell).startswith(CHECK_OUTPUT)
            if checked:
                assert cell["outputs"], f"{lang}/{lesson}: code cell {number} checks its output but stores none"
            else:
                assert not cell["outputs"], f"{lang}/{lesson}: code cell {number} stores an output nbval does not check"
        for cell in _cells(lang, lesson):
            if cell["cell_type"] == "markdown":
                assert "outputs" not in cell and CHECK_OUTPUT not in _source(cell)


def _stored(output: Any) -> Cell:
    """An output as Jupyter stores it: texts as lists of lines."""
    stored: Cell = json.loads(json.dumps(output))
    if isinstance(stored.get("text"), str):
        stored["text"] = stored["text"].splitlines(keepends=True)
    for mime, value in stored.get("data", {}).items():
        if isinstance(value, str) and mime.startswith("text/"):
            stored["data"][mime] = value.splitlines(keepends=True)
    return stored


def refresh_checked_outputs(paths: list[Path]) -> None:
    """Run each lesson and store the outputs of its ``# NBVAL_CHECK_OUTPUT`` cells only (every other cell is
    left without output). For after a catalogue's wording changed: ``python tests/lessons/test_structure.py
    notebooks/lessons/es/06_poker_a_voces_cards.ipynb`` (no argument: every lesson). Review the diff before committing."""
    import nbformat
    from nbclient import NotebookClient

    for path in paths:
        run = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        NotebookClient(run, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
        stored = json.loads(path.read_text(encoding="utf-8"))
        for cell, ran in zip(stored["cells"], run.cells, strict=True):
            if cell["cell_type"] != "code":
                continue
            checked = _source(cell).startswith(CHECK_OUTPUT)
            cell["outputs"] = [_stored(output) for output in ran.outputs] if checked else []
            cell["execution_count"] = ran.execution_count if checked else None
        path.write_text(json.dumps(stored, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print("refreshed", path)


if __name__ == "__main__":
    import sys

    refresh_checked_outputs([Path(name) for name in sys.argv[1:]] or sorted(LESSONS.glob("*/*.ipynb")))
