"""Every handout under docs/teachers/ prints on A4 in Chromium on as many pages as it says.

The handouts (worksheets, answer keys, rules cards, in English, German and Spanish: every ``*.html`` below
docs/teachers/, found by glob, so a new worksheet is checked as soon as it exists) are what a teacher prints
for a class. Each says in ``<meta name="pages" content="N">`` how many pages it prints on (1 or 2: the guides
tell teachers so). For each one the test

- opens it from a ``file://`` address, refusing and recording every request to anything else (a handout
  must print on a school computer without the internet: no web fonts, no pictures from elsewhere),
- checks that it links the shared stylesheet ``docs/teachers/print.css`` and that every picture loaded,
- lays it out as printed (print media, the width of an A4 page less print.css's margins) and checks that
  nothing sticks out to the right, where the printer would cut it off,
- prints it to PDF as a teacher would (A4, background graphics on) and counts the pages in the PDF: exactly the
  number its ``pages`` line states.

Pages are counted in the PDF itself: Chromium writes each page as an object ``/Type /Page`` and the
page tree's ``/Count``; both must agree. The page size is checked to be A4 (595 x 842 points).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEACHERS = ROOT / "docs" / "teachers"
HANDOUTS = sorted(TEACHERS.glob("**/*.html"))
STYLESHEET = TEACHERS / "print.css"

MM = 96 / 25.4  # CSS pixels per millimetre
A4_WIDTH_MM = 210
A4_POINTS = (595.0, 842.0)  # A4 in PDF points (1/72 inch), within a point


def _print_margins_mm() -> tuple[float, float]:
    """print.css's left and right page margins in mm (``@page { margin: top right bottom left }``)."""
    css = STYLESHEET.read_text(encoding="utf-8")
    match = re.search(r"@page\s*\{[^}]*?margin:\s*([^;]+);", css)
    assert match, "print.css has no @page margin"
    values = [float(value.removesuffix("mm")) for value in match.group(1).split()]
    # CSS shorthand: one value for all sides; two: vertical, horizontal; three: top, horizontal, bottom; four: t r b l
    right = values[1] if len(values) > 1 else values[0]
    left = values[3] if len(values) == 4 else right
    return left, right


def count_pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it: the ``/Type /Page`` objects, which must agree
    with the largest ``/Count`` of the page tree.

    >>> count_pdf_pages(b"<< /Type /Pages /Count 2 /Kids [3 0 R 4 0 R] >> << /Type /Page >> << /Type/Page/Parent 2 0 R >>")
    2
    """
    pages = len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))
    counts = [int(value) for value in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
    counts += [int(value) for value in re.findall(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", pdf)]
    assert counts, "the PDF has no page tree with a /Count (compressed object streams?)"
    assert pages == max(counts), f"{pages} page objects, but the page tree counts {max(counts)}"
    return pages


def _media_boxes(pdf: bytes) -> set[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    return {(round(float(x1) - float(x0)), round(float(y1) - float(y0))) for x0, y0, x1, y1 in boxes}


OVERFLOW_JS = """(width) => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > width + 1) out.push(`the page is ${doc.scrollWidth}px wide, the paper ${width}px`);
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > width + 1 || box.left < -1) {
      const text = (el.textContent || '').trim().slice(0, 40);
      out.push(`<${el.tagName.toLowerCase()} class="${el.className}"> from ${Math.round(box.left)} to ${Math.round(box.right)}px: ${text}`);
    }
    if (out.length > 5) break;
  }
  return out;
}"""

BROKEN_IMAGES_JS = """() => Array.from(document.images).filter(img => !img.complete || img.naturalWidth === 0).map(img => img.getAttribute('src'))"""


LESSONS = ("01_cards_and_hand_ranking", "02_rules_of_pokerface", "03_reading_the_tokens", "04_variants", "05_pokerguess",
           "06_poker_a_voces_cards", "07_poker_a_voces_betting")
PAGES = re.compile(r'<meta\s+name="pages"\s+content="([12])"\s*/?>')


def test_there_are_handouts() -> None:
    """In every language: a rules card per game, and a worksheet and its answer key per lesson."""
    names = {path.relative_to(TEACHERS).as_posix() for path in HANDOUTS}
    for lang in ("en", "de", "es"):
        for game in ("pokerface", "pokerguess", "poker_a_voces"):
            assert f"{lang}/rules_card_{game}.html" in names
        for lesson in LESSONS:
            assert f"{lang}/{lesson}.worksheet.html" in names and f"{lang}/{lesson}.answers.html" in names, (lang, lesson)


def stated_pages(handout: Path) -> int:
    """The page count a handout states (``<meta name="pages" content="1">``).

    >>> import tempfile; path = Path(tempfile.mkdtemp()) / "sheet.html"
    >>> _ = path.write_text('<head><meta name="pages" content="2"></head>')
    >>> stated_pages(path)
    2
    """
    found = PAGES.findall(handout.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{handout.name} states its page count once, as <meta name=\"pages\" content=\"1\"> (or 2)"
    return int(found[0])


class PrintPage:
    """One Chromium page for all handouts (a page per handout costs more than the printing): laid out for
    print at the width of A4 less print.css's margins; every request outside file:// refused and noted."""

    def __init__(self, browser: Any) -> None:
        left, right = _print_margins_mm()
        self.paper = round((A4_WIDTH_MM - left - right) * MM)
        self.outside: list[str] = []
        self.page = browser.new_page()
        self.page.route("**/*", self._route)
        self.page.emulate_media(media="print")
        self.page.set_viewport_size({"width": self.paper, "height": 1100})

    def _route(self, request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(("file://", "data:", "about:")):
            request_route.continue_()
        else:
            self.outside.append(url)
            request_route.abort()


@pytest.fixture(scope="module")
def print_page(browser: Any) -> Iterator[PrintPage]:
    opened = PrintPage(browser)
    try:
        yield opened
    finally:
        opened.page.close()


@pytest.mark.parametrize("handout", HANDOUTS, ids=[path.relative_to(TEACHERS).as_posix() for path in HANDOUTS])
def test_handout_prints_on_one_or_two_a4_pages(print_page: PrintPage, handout: Path) -> None:
    source = handout.read_text(encoding="utf-8")
    linked = re.findall(r"<link[^>]+rel=[\"']?stylesheet\b[^>]*>", source)
    hrefs = [re.search(r"href=[\"']?([^\"'\s>]+)", tag) for tag in linked]
    assert any(href and (handout.parent / href.group(1)).resolve() == STYLESHEET for href in hrefs), (
        f"{handout.name} does not link the shared stylesheet docs/teachers/print.css (as ../print.css)")

    page, paper = print_page.page, print_page.paper
    print_page.outside.clear()
    page.goto(handout.as_uri(), wait_until="load")
    assert not print_page.outside, f"{handout.name} asks for something outside file://: {print_page.outside}"
    assert not page.evaluate(BROKEN_IMAGES_JS), f"{handout.name}: pictures that did not load"
    sticking_out = page.evaluate(OVERFLOW_JS, paper)
    assert not sticking_out, f"{handout.name} is wider than A4 less its margins ({paper}px):\n" + "\n".join(sticking_out)
    pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
    assert not print_page.outside, f"{handout.name} asks for something outside file://: {print_page.outside}"
    assert _media_boxes(pdf) == {(round(A4_POINTS[0]), round(A4_POINTS[1]))}, f"{handout.name}: pages of {_media_boxes(pdf)} points, not A4"
    pages = count_pdf_pages(pdf)
    assert pages == stated_pages(handout), f"{handout.name} prints on {pages} A4 pages, but says {stated_pages(handout)}"
