"""A lesson served from a kernel Voila preheated (a lesson's first widget within 3 s).

voila.json keeps one preheated kernel for every lesson: Voila runs the whole lesson in it before any page
asks, and a page gets the finished HTML at once (benchmarks/lesson_load.py measures how soon). This checks
that such a page is the lesson, live: German lesson 4 on a server that preheats only that lesson (the
same settings otherwise, so the test starts one kernel, not the 38 of a whole server). The page must get
the preheated kernel (Voila's log names it), show the checked run the text discusses, and its variant lab
must play when Run is pressed: the kernel that ran the lesson before the page came answers the page.
Generous timeouts, no timing asserts.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import VoilaServer, voila_running
from .test_apps import Page
from .test_lessons_a11y import open_lesson
from .test_lessons_on_demand import run_lesson_lab

LESSON = "lessons/de/04_variants.ipynb"
# Voila denies a preheated pool to every notebook whose absolute path a pattern matches: this one matches
# every path but the lesson's
ONLY_THIS_LESSON = '--VoilaKernelManager.preheat_denylist=["^(?!.*/lessons/de/04_variants[.]ipynb$)"]'
POOL_WAIT = 120  # s: the pool's kernel starts and runs the lesson (about 2 s of CPU) on a busy machine
PAGE_KERNEL_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId || ''"


@pytest.fixture(scope="module")
def lesson_server(artifacts: Path) -> Iterator[VoilaServer]:
    with voila_running(artifacts / "voila-preheated-lesson.log", extra=[ONLY_THIS_LESSON]) as server:
        yield server


def wait_for_the_pool(server: VoilaServer) -> None:
    """Wait (bounded, one look at the log a second) until Voila has started the lesson's pool kernel."""
    deadline = time.monotonic() + POOL_WAIT
    for _ in range(POOL_WAIT):
        if "Kernel started" in server.log_tail(20_000) or time.monotonic() > deadline:
            return
        time.sleep(1)


def test_a_preheated_lesson_page_is_the_lesson_and_answers(page: Page, lesson_server: VoilaServer) -> None:
    wait_for_the_pool(lesson_server)
    p = page.page
    open_lesson(page, lesson_server.url(LESSON))
    kernel = p.evaluate(PAGE_KERNEL_JS)
    log = lesson_server.log_tail(200_000)
    assert re.search(rf"Using pre-heated kernel: {re.escape(kernel)} for {re.escape(LESSON)}", log), log[-3000:]
    assert log.count("Using pre-heated kernel") == 1  # no other notebook had a pool
    # the checked run the lesson's text discusses, in German, as the kernel ran it before the page came
    quick = p.locator(".jp-Cell-outputArea", has_text="Steigende Einsätze: ").first.inner_text()
    assert all(name in quick for name in ("Grundspiel: ", "Weiche Landung: ", "Alle auf einmal: ")), quick
    # the lab inside the lesson plays when Run is pressed: the preheated kernel answers this page
    shown = run_lesson_lab(p, "Gespeicherte Ergebnisse genau dieser Einstellungen", "Weiche Landung")
    assert all(name in shown for name in ("Grundspiel", "Steigende Einsätze", "Alle auf einmal", "%")), shown
    assert not page.errors, "\n".join(page.errors)
