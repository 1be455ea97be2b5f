"""The lesson pages in Voila, each opened once (a module-scoped page) for every check on it.

- Every lesson page in English and German (the languages whose pages the audits were asked for; Spanish
  pages have the same code cells, tests/lessons/test_structure.py) passes an axe-core audit with no
  serious or critical violation (``region``, the notebook's content outside an ARIA landmark, is Voila's page
  template and moderate), and its first control lies within the first screen (Playwright's 1280x720 less
  the browser's frame). Its widgets are waited for first (every widget output of the page drawn, as
  benchmarks/lesson_load.py counts them).
- Lesson pages show their widgets without waiting for a simulation; the simulation runs on a button: on the
  English lesson 4 the checked run (100 games a configuration, the run its text discusses) is on the page,
  and the variant lab inside it shows the kit's stored results of its default run at once, plays only when
  Run is pressed, then shows every configuration; on the German lesson 3 the button that runs the bigger
  simulation is there with its label in German, and its output is empty until it is pressed.
- The German lesson 4 is served from a kernel Voila preheated (conftest.POOLS; every other lesson gets a
  kernel started for its page): Voila's log names that kernel for this page, the page shows the checked run
  the kernel made before the page came, and its variant lab plays when Run is pressed.

The audit can fail: a slider without a name is reported (a page of its own, no server needed).
Generous timeouts, no timing asserts (benchmarks/lesson_load.py measures how soon the widgets show).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from .pages import (ANSWER_TIMEOUT, FIRST_CONTROL_JS, PAGE_KERNEL_JS, SIMULATION_TIMEOUT, Page, VoilaServer, kernel_idle, next_frames, on_demand,
                    PREHEATED_LESSON, open_lesson, run_lesson_lab, serious_violations,
                    wait_for)

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"
# the glossary has no widgets to wait for: tests/browser/test_glossary_page.py audits it
PAGES = [f"lessons/{lang}/{path.name}" for lang in ("en", "de") for path in sorted((LESSONS / lang).glob("*.ipynb"))
         if path.stem != "glossary"]


@pytest.fixture(scope="module")
def lesson(request: pytest.FixtureRequest, browser: Any, voila_server: VoilaServer) -> Iterator[Page]:
    """The lesson page named by the test's parameter, opened once for every test that names it, its widgets drawn."""
    page = Page(browser)
    try:
        open_lesson(page, voila_server.url(request.param))
        next_frames(page.page)  # the frames after the last widget: its styles applied
        yield page
    finally:
        page.close()


@pytest.mark.parametrize("lesson", PAGES, indirect=True)
def test_lesson_page_has_no_serious_accessibility_violation(lesson: Page, request: pytest.FixtureRequest) -> None:
    """The audit, and (each lesson's interactive part starts within the first screen) the first control of
    the page lies within the first screen of the window."""
    name = request.node.callspec.params["lesson"]
    found = serious_violations(lesson.page)
    assert not found, f"axe-core on {name}:\n" + "\n".join(found)
    assert not lesson.errors, "\n".join(lesson.errors)
    top = lesson.page.evaluate(FIRST_CONTROL_JS)
    height = lesson.page.viewport_size["height"]
    assert top is not None and top < height, f"{name}: the first control starts at {top} px, below the first screen ({height} px)"


@pytest.mark.parametrize("lesson", ["lessons/en/04_variants.ipynb"], indirect=True)
def test_lesson_4_simulates_when_the_button_is_pressed(lesson: Page) -> None:
    p = lesson.page
    # the checked run the text discusses (100 games per configuration, the lab's bots) is on the page at once ...
    quick = p.locator(".jp-Cell-outputArea", has_text="Rising stakes: won").first.inner_text()
    assert all(name in quick for name in ("Base game: won", "Soft landing: won", "Free-for-all: won")), quick
    # ... the lab inside the lesson shows its stored results at once and plays only when its Run button is pressed
    shown = run_lesson_lab(p, "Stored results of exactly these settings", "Soft landing")
    assert all(name in shown for name in ("Base game", "Rising stakes", "Free-for-all", "200 games per configuration")), shown
    assert "%" in shown
    assert not lesson.errors, "\n".join(lesson.errors)


@pytest.mark.parametrize("lesson", ["lessons/de/03_reading_the_tokens.ipynb"], indirect=True)
def test_lesson_3_hints_with_more_deals_on_request_in_german(lesson: Page) -> None:
    p = lesson.page
    button, output = on_demand(p, "Noch einmal mit 20.000 zufälligen Verteilungen")
    assert output.inner_text().strip() == ""
    app_button, app_output = on_demand(p, "Tipp zeigen")
    assert app_output.inner_text().strip() == ""
    assert p.get_by_label("Startwert").input_value() == "7"

    button.click(timeout=ANSWER_TIMEOUT)
    wait_for(p, "el => el.innerText.includes('20.000')", "the first hint of 20.000 deals", arg=output.element_handle(),
             timeout=SIMULATION_TIMEOUT, shown="body")
    # the cell prints its two hints one after the other, each after its own 20,000 deals: wait (bounded) for
    # the kernel to finish and for the second, then count
    kernel_idle(p, SIMULATION_TIMEOUT)
    wait_for(p, "el => el.innerText.split('Aus 20.000 zufälligen Verteilungen').length > 2", "the second hint",
             arg=output.element_handle(), shown="body")
    assert output.inner_text().count("Aus 20.000 zufälligen Verteilungen") == 2, output.inner_text()

    app_button.click(timeout=ANSWER_TIMEOUT)
    wait_for(p, "el => el.innerText.includes('Platz 4')", "the app's hint naming 'Platz 4'", arg=app_output.element_handle(),
             timeout=SIMULATION_TIMEOUT, shown="body")
    assert "Aus 20.000 zufälligen Verteilungen" in app_output.inner_text()
    assert not lesson.errors, "\n".join(lesson.errors)


@pytest.mark.parametrize("lesson", [PREHEATED_LESSON], indirect=True)
def test_a_preheated_lesson_page_is_the_lesson_and_answers(lesson: Page, voila_server: VoilaServer) -> None:
    p = lesson.page
    kernel = p.evaluate(PAGE_KERNEL_JS)
    log = voila_server.log_tail(2_000_000)
    served = voila_server.prefix + PREHEATED_LESSON
    assert re.search(rf"Using pre-heated kernel: {re.escape(kernel)} for {re.escape(served)}", log), log[-3000:]
    preheated_lessons = re.findall(r"Using pre-heated kernel: \S+ for (\S*lessons/\S+)", log)
    assert preheated_lessons == [served], f"only this lesson has a pool: {preheated_lessons}"
    # the checked run the lesson's text discusses, in German, as the kernel ran it before the page came
    quick = p.locator(".jp-Cell-outputArea", has_text="Steigende Einsätze: ").first.inner_text()
    assert all(name in quick for name in ("Grundspiel: ", "Weiche Landung: ", "Alle auf einmal: ")), quick
    # the lab inside the lesson plays when Run is pressed: the preheated kernel answers this page
    shown = run_lesson_lab(p, "Gespeicherte Ergebnisse genau dieser Einstellungen", "Weiche Landung")
    assert all(name in shown for name in ("Grundspiel", "Steigende Einsätze", "Alle auf einmal", "%")), shown
    assert not lesson.errors, "\n".join(lesson.errors)


def test_the_audit_finds_an_unlabelled_control(page: Page) -> None:
    """The audit can fail: a slider without a name (what ipywidgets' IntSlider draws, the fault the lessons'
    sliders had) is reported as aria-input-field-name. A page of its own, no server needed."""
    page.page.set_content('<html lang="en"><head><title>t</title></head><body><main>'
                          '<div class="noUi-handle" role="slider" tabindex="0" aria-valuemin="1" aria-valuemax="37" '
                          'aria-valuenow="13"></div></main></body></html>')
    found = serious_violations(page.page)
    assert any(line.startswith("aria-input-field-name (serious)") for line in found), found
