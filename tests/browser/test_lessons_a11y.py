"""Every lesson page passes an axe-core audit with no serious or critical violation, and its first
control lies within the first screen.

Each lesson is opened in Voila (a kernel started for the page: the suite's shared server preheats no lesson, conftest.LESSONS_COLD) in English
and German, the languages whose pages the issue names; its widgets are waited for (every widget output
of the page drawn, as benchmarks/lesson_load.py counts them), then axe-core (bundled with
axe-playwright-python) audits the whole page. A violation is reported with its rule id, impact and the
elements it names, so a failure says what to fix. Moderate and minor findings (e.g. ``region``: the
notebook's content lies outside an ARIA landmark, which is Voila's page template) are not counted.

Spanish pages have the same code cells (tests/lessons/test_structure.py), so their controls are the same
widgets with other words; they are left out to keep the slow tier short.
"""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from .test_apps import RENDER_TIMEOUT, Page

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"
# the glossary has no widgets to wait for: tests/browser/test_glossary_page.py audits it
PAGES = [f"lessons/{lang}/{path.name}" for lang in ("en", "de") for path in sorted((LESSONS / lang).glob("*.ipynb"))
         if path.stem != "glossary"]
COUNTED = ("serious", "critical")
VoilaServer = Any


def lesson_load() -> Any:
    """benchmarks/lesson_load.py, for its in-page watch of the widget views."""
    spec = importlib.util.spec_from_file_location("lesson_load", ROOT / "benchmarks" / "lesson_load.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


HANG_WAIT = 60_000  # ms: a lesson page whose HTML has not come by then is one of the hung loads below


def open_lesson(page: Page, url: str) -> None:
    """Open a lesson and wait until every widget view of the page is drawn.

    A known open problem (docs/benchmarks.md, "Lesson pages"): now and then a lesson page's HTML never
    comes; Voila starts the page's kernel and the notebook's cells never run (about 1 load in 15 in the
    benchmark, now and then in a whole suite run; the cause is not found yet). Such a load is
    reported as a warning in the test summary and the page is opened once more, so that the audit still
    runs; a second hang fails the test."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    p = page.page
    p.add_init_script(lesson_load().FIRST_WIDGET_INIT_JS)
    try:
        p.goto(url, timeout=HANG_WAIT, wait_until="domcontentloaded")
    except PlaywrightTimeout:
        warnings.warn(f"the lesson page {url} did not load within {HANG_WAIT // 1000} s (the open problem of "
                      "docs/benchmarks.md, Lesson pages); opened again", stacklevel=2)
        p.goto(url, timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.wait_for_function("() => window.pktAllWidgetsMs !== undefined", timeout=RENDER_TIMEOUT, polling=100)


def serious_violations(p: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(p)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in COUNTED:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']}; "
                         f"{len(targets)} element(s): {'; '.join(targets[:8])}")
    return found


# the first control a learner can use in a cell's output (a widget's button, field, choice or drawn item)
FIRST_CONTROL_JS = """() => {
    const control = document.querySelector('.jp-OutputArea-output :is(button, input, select, textarea, [role=button], [role=radio])');
    return control ? control.getBoundingClientRect().top + window.scrollY : null;
}"""


@pytest.mark.parametrize("lesson", PAGES)
def test_lesson_page_has_no_serious_accessibility_violation(page: Page, voila_server: VoilaServer, lesson: str) -> None:
    """The audit, and (each lesson's interactive part starts within the first screen) the
    first control of the page lies within the first screen of the window (Playwright's 1280x720)."""
    open_lesson(page, voila_server.url(lesson))
    page.page.wait_for_timeout(300)  # the frame after the last widget: styles applied
    found = serious_violations(page.page)
    assert not found, f"axe-core on {lesson}:\n" + "\n".join(found)
    assert not page.errors, "\n".join(page.errors)
    top = page.page.evaluate(FIRST_CONTROL_JS)
    height = page.page.viewport_size["height"]
    assert top is not None and top < height, f"{lesson}: the first control starts at {top} px, below the first screen ({height} px)"


def test_the_audit_finds_an_unlabelled_control(page: Page) -> None:
    """The audit can fail: a slider without a name (what ipywidgets' IntSlider draws, the fault the lessons'
    sliders had) is reported as aria-input-field-name. A page of its own, no server needed."""
    page.page.set_content('<html lang="en"><head><title>t</title></head><body><main>'
                          '<div class="noUi-handle" role="slider" tabindex="0" aria-valuemin="1" aria-valuemax="37" '
                          'aria-valuenow="13"></div></main></body></html>')
    found = serious_violations(page.page)
    assert any(line.startswith("aria-input-field-name (serious)") for line in found), found
