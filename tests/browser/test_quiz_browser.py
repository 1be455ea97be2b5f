"""The lesson tasks in a real browser, in English and German: a quiz answered wrongly (the hint, not the
answer), then rightly (the explanation); a predict-first task whose number is nowhere in the page until
Check, a bad entry first; the results table, the name field and the download link follow.

The page is ``tests/data/quiz_page.ipynb`` (``?lang=``; no lesson, so it lives with the tests' data), served
by the browser tests' one server, which serves the repo root (conftest.py); it gets a kernel started for
the page. The quiz is answered with the keyboard
(Space on an answer, Tab to Check, Enter), the prediction by typing.
"""

from __future__ import annotations

import base64
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from .pages import ANSWER_TIMEOUT, RENDER_TIMEOUT, Page, VoilaServer, kernel_idle, serious_violations

NOTEBOOK = "tests/data/quiz_page.ipynb"  # below the folder the browser tests' server serves (the repo root)


# What the page says, in each language: the notebook's own words and the catalogue's.
WORDS: dict[str, dict[str, Any]] = {
    "en": {"wrong": "Full house", "right": "Straight flush", "check": "Check", "not_yet": "Not yet.",
           "hint": "Think of how many cards must fit together.", "praise": "Right!",
           "explanation": "Only 40 of all five-card hands are straight flushes.",
           "guess_label": "Your guess in %", "bad": "0,4", "bad_says": "is not written as numbers are written in English",
           "guess": "50", "kit": "44.4%", "off": "5.6 percentage points", "why": "16 of the 36 equally likely throws",
           "name_label": "Your name", "download": "Download my results", "file_line": "your guess: 50%; the kit's number: 44.4%"},
    "de": {"wrong": "Full House", "right": "Straight Flush", "check": "Prüfen", "not_yet": "Noch nicht.",
           "hint": "Überleg, wie viele Karten zusammenpassen müssen.", "praise": "Richtig!",
           "explanation": "Nur 40 aller Hände aus fünf Karten sind Straight Flushes.",
           "guess_label": "Deine Schätzung in %", "bad": "0.4", "bad_says": "Dezimalkomma",
           "guess": "50", "kit": "44,4\u00a0%", "off": "5,6 Prozentpunkte", "why": "16 der 36 gleich wahrscheinlichen Würfe",
           "name_label": "Dein Name", "download": "Meine Ergebnisse herunterladen",
           "file_line": "deine Schätzung: 50\u00a0%; Zahl des Programms: 44,4\u00a0%"},
}


OUTPUTS_JS = "() => [...document.querySelectorAll('.jp-OutputArea-output')].map(e => e.outerHTML).join('')"


def status_text(box: Any) -> str:
    return str(box.locator("[role='status']").first.inner_text(timeout=ANSWER_TIMEOUT))


def wait_for_status(p: Any, box: Any, text: str) -> None:
    """Wait for the kernel's answer: ``text`` in the task's live region (the region's text if it does not come),
    then (bounded) until the kernel is idle: the answer's later messages (the results table comes after the
    feedback) are in before the test reads the page and where the focus is."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        box.locator("[role='status']", has_text=text).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    except PlaywrightTimeout:
        shown = box.locator("[role='status']")
        pytest.fail(f"{text!r} did not appear; the task says: {shown.first.inner_text() if shown.count() else '(nothing)'}")
    kernel_idle(p)


def choose_and_check_by_keyboard(p: Any, quiz: Any, option: str, check: str) -> None:
    """Space on the answer, Tab on to the Check button (ipywidgets' answers are separate tab stops, so past
    the answers below it), Enter."""
    quiz.get_by_role("radio", name=option).focus()
    p.keyboard.press("Space")
    assert quiz.get_by_role("radio", name=option).is_checked()
    for _ in range(10):
        p.keyboard.press("Tab")
        if p.evaluate("() => document.activeElement.innerText.trim()") == check:
            break
    else:
        pytest.fail(f"Tab never reached the {check!r} button")
    p.keyboard.press("Enter")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_quiz_and_prediction_in_the_browser(lang: str, page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    words = WORDS[lang]
    p = page.page
    p.goto(voila_server.path_url(NOTEBOOK, f"lang={lang}"), timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.locator(".pkt-results-download a").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)
    quiz, predict = p.locator(".pkt-quiz").nth(0), p.locator(".pkt-predict").first

    # Before any answer, the page holds neither explanation nor the kit's number, not even hidden: not in
    # the whole page's HTML, and no 44.4 / 44,4 in what the notebook's cells put into it (the page's
    # icons are SVG paths full of numbers).
    before, outputs = p.content(), p.evaluate(OUTPUTS_JS)
    assert "pkt-quiz" in outputs
    for secret in (words["explanation"], words["why"], "0.44444"):
        assert secret not in before, f"{secret!r} is in the page before Check"
    for secret in ("44.4", "44,4"):
        assert secret not in outputs, f"{secret!r} is in the page before Check"

    # The quiz by keyboard: a wrong answer first.
    choose_and_check_by_keyboard(p, quiz, words["wrong"], words["check"])
    wait_for_status(p, quiz, words["not_yet"])
    shown = status_text(quiz)
    assert words["hint"] in shown
    assert words["explanation"] not in p.content() and words["praise"] not in shown and words["right"] not in shown

    choose_and_check_by_keyboard(p, quiz, words["right"], words["check"])
    wait_for_status(p, quiz, words["praise"])
    assert words["explanation"] in status_text(quiz)

    # The prediction: a badly written number is refused and changes nothing, then a guess is taken.
    entry = predict.get_by_role("textbox", name=words["guess_label"])
    entry.fill(words["bad"])
    predict.get_by_role("button", name=words["check"]).click()
    wait_for_status(p, predict, words["bad_says"])
    assert "44" not in status_text(predict) and words["why"] not in p.content()
    entry.fill(words["guess"])  # then by keyboard: Tab to Check, Enter
    p.keyboard.press("Tab")
    p.keyboard.press("Enter")
    wait_for_status(p, predict, words["kit"])
    focused = "() => document.activeElement.innerText.trim()"
    assert p.evaluate(focused) == words["check"], "the keyboard's focus left the Check button"
    shown = status_text(predict)
    assert words["off"] in shown and words["why"] in shown

    # The results: the table, then a name, and the link's file follows.
    results = p.locator(".pkt-results").first
    results.get_by_role("textbox", name=words["name_label"]).fill("Ana Pérez")
    link = results.get_by_role("link", name=words["download"])
    p.wait_for_function("() => (document.querySelector('.pkt-results-download a') || {}).download === "
                        "'lesson-99-results-ana-perez.txt'", timeout=ANSWER_TIMEOUT)
    href = str(link.get_attribute("href"))
    assert href.startswith("data:text/plain;charset=utf-8;base64,")
    text = base64.b64decode(urllib.parse.unquote(href.partition("base64,")[2])).decode("utf-8")
    assert "Ana Pérez" in text and words["file_line"] in text
    if lang == "de":  # the link really saves the file, by the name shown, with the same text
        with p.expect_download(timeout=ANSWER_TIMEOUT) as saving:
            link.click()
        download = saving.value
        assert download.suggested_filename == "lesson-99-results-ana-perez.txt"
        assert Path(download.path()).read_text(encoding="utf-8") == text
    table = str(results.locator("table").first.inner_text())
    assert words["kit"] in table
    page.screenshot(artifacts, f"quiz-page-{lang}")

    if lang == "en":  # one audit: the answered page, with every kind of feedback and the results
        found = serious_violations(p)
        assert not found, "axe-core on the quiz page:\n" + "\n".join(found)
    assert not page.errors, "\n".join(page.errors)
