"""The classroom benchmark's in-page stopwatches measure what they say.

``benchmarks/classroom_load.py`` times a page and a click inside the page (Playwright's own timing adds
its round trips and shares the two cores). Here both stopwatches run on the table app and are checked
against Playwright's outside view of the same events: the page's time lies after the HTML was parsed
and not after Playwright saw the app; the click's time is positive and the app did change.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

from .test_apps import ANSWER_TIMEOUT, RENDER_TIMEOUT, SNAPSHOT_JS, Page, move_candidates

ROOT = Path(__file__).resolve().parents[2]
VoilaServer = Any


def benchmark() -> Any:
    spec = importlib.util.spec_from_file_location("classroom_load", ROOT / "benchmarks" / "classroom_load.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_in_page_stopwatches_agree_with_playwright(page: Page, voila_server: VoilaServer) -> None:
    bench = benchmark()
    p = page.page
    p.add_init_script(bench.INTERACTIVE_INIT_JS)
    start = time.perf_counter()
    p.goto(voila_server.url("table.ipynb", "seed=2"), timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.locator(".pkt-title").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)
    p.locator(".pkt-app button:not([disabled])").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)
    outside = time.perf_counter() - start
    p.wait_for_function("() => window.pktInteractiveMs !== undefined", timeout=ANSWER_TIMEOUT)
    inside = p.evaluate("window.pktInteractiveMs") / 1000
    parsed = p.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd") / 1000
    # drawn after the HTML was parsed (Voila draws the widgets from script), and no later than
    # Playwright saw them (plus the one frame the stopwatch waits for)
    assert parsed < inside <= outside + 0.1, (parsed, inside, outside)

    for candidate in move_candidates(p):
        if candidate.count() and candidate.first.is_visible():
            css = p.evaluate("el => '.pkt-app button.' + [...el.classList].join('.')", candidate.first.element_handle())
            break
    else:
        raise AssertionError("no move to click on a new table")
    before = p.evaluate(SNAPSHOT_JS)
    trip = p.evaluate(bench.CLICK_IN_PAGE_JS, css + ":not([disabled])") / 1000
    assert 0 < trip < ANSWER_TIMEOUT / 1000
    assert p.evaluate(SNAPSHOT_JS) != before, "the stopwatch stopped but the table did not change"
    assert not page.errors, "\n".join(page.errors)
