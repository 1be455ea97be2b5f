"""The lessons and the teacher's material as text, for the tests that read what they say: each lesson's guide,
worksheet, answer key and the lesson's own words, in each language.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from tests.support import ROOT

LANGS = ("en", "de", "es")

LESSONS = {
    "01": "01_cards_and_hand_ranking", "02": "02_rules_of_pokerface", "03": "03_reading_the_tokens", "04": "04_variants",
    "05": "05_pokerguess", "06": "06_poker_a_voces_cards", "07": "07_poker_a_voces_betting",
}


def texts(number: str, lang: str) -> dict[str, str]:
    """The lesson's texts in ``lang`` by name: its guide, worksheet, answer key and lesson (markdown only)."""
    name = LESSONS[number]
    folder = ROOT / "docs" / "teachers" / lang
    found = {"guide": (folder / f"{name}.md").read_text(encoding="utf-8")}
    for kind in ("worksheet", "answers"):
        found[kind] = page_text(folder / f"{name}.{kind}.html")
    notebook = json.loads((ROOT / "notebooks" / "lessons" / lang / f"{name}.ipynb").read_text(encoding="utf-8"))
    found["lesson"] = "\n".join("".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown")
    return found


def page_text(path: Path) -> str:
    """The words of a printable page, without its markup."""
    page = re.sub(r"<(style|script|head)\b.*?</\1>", " ", path.read_text(encoding="utf-8"), flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))
