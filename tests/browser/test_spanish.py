"""Spanish in a real browser: the table app opened with ``?lang=es`` plays a Pokerface deal by
clicks to its showdown (the tally filled in, no error), and every text the app itself writes is Spanish.
(German tab labels are checked on the German Póker a Voces journey, test_journeys.py.)

The same page first checks the classroom benchmark's in-page stopwatches (benchmarks/classroom_load.py)
against Playwright's outside view of the same events: the page's time lies after the HTML was parsed and
not after Playwright saw the app; the first move's click time is positive and the app did change.

The Pokerface catalogue (the log, the showdown's sentences) is translated on its own; this file checks the
app's words (status, buttons, tally, cards, headings) and that none of them is left in English.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .pages import ANSWER_TIMEOUT, MAX_CLICKS, RENDER_TIMEOUT, SNAPSHOT_JS, Page, move_candidates, play_by_clicks
from tests.support import load_script

VoilaServer = Any

# Words the English table app writes; none may remain on the Spanish page (outside the log and the
# showdown's sentences, which come from the Pokerface catalogue).
ENGLISH = ["Token round", "your turn", "waiting for", "Take ", "Pass", "I am done", "Reveal the next hand", "Successes",
           "Failures", "New game", "Your cards", "You play", "Board:", "Hint", "Show the bots' reasons", "Deal ",
           "(you)", "your seat", "face down", "your card", "in the middle", "in front of", "yours", "token ", "board:",
           "Middle of the table", "the order", "deals"]

# The drawn table's own words: its seats' names and notes, and every card's and chip's text alternative.
TABLE_WORDS_JS = """() => [...document.querySelectorAll('.pkt-board .pkt-drawn-title, .pkt-board .pkt-drawn-note')].map(e => e.innerText)
  .concat([...document.querySelectorAll('.pkt-board [data-key]')].map(e => e.getAttribute('aria-label'))).join('\\n')"""


def app_text(p: Any) -> str:
    """The app's own words: status, tally, cards, the move and setup buttons and labels, the headings."""
    parts = [p.locator(selector).first.inner_text() for selector in (".pkt-status", ".pkt-tally") if p.locator(selector).count()]
    parts.append(str(p.evaluate(TABLE_WORDS_JS)))
    parts += [button.inner_text() for button in p.locator(".pkt-app button").all()]
    parts += [label.inner_text() for label in p.locator(".pkt-app label").all()]
    parts += [heading.inner_text() for heading in p.locator(".pkt-showdown h4").all()]
    return "\n".join(parts)


def benchmark() -> Any:
    return load_script("benchmarks/classroom_load.py")


def stopwatches_agree_with_playwright(p: Any, bench: Any, start: float) -> None:
    """The page's stopwatch (set up before the page loaded) against Playwright's view, then a first move
    clicked by the in-page stopwatch of a click."""
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


def test_a_pokerface_deal_is_played_in_spanish(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    bench = benchmark()
    p = page.page
    p.add_init_script(bench.INTERACTIVE_INIT_JS)
    start = time.perf_counter()
    page.open(voila_server.url("table.ipynb", "lang=es&seed=3&players=4"))
    assert page.title() == "Mesa de Pokerface"
    status = p.locator(".pkt-status").first
    assert "Reparto 1" in status.inner_text() and "Ronda de fichas" in status.inner_text()
    stopwatches_agree_with_playwright(p, bench, start)
    assert p.locator(".pkt-language button", has_text="Español").count() == 1
    showdown = p.locator(".pkt-showdown").first
    clicks = play_by_clicks(p, move_candidates, lambda: bool(showdown.inner_text().strip()), status, MAX_CLICKS, "showdown")
    assert clicks > 0
    page.screenshot(artifacts, "table-es-showdown")
    assert p.locator(".pkt-tally").first.inner_text().strip(), "the tally is empty after a showdown"
    errors = p.locator(".pkt-app .pkt-error")
    assert not errors.count() or not errors.first.inner_text().strip(), errors.first.inner_text()
    shown = app_text(p)
    assert "Showdown del reparto 1" in shown and "Éxitos:" in shown and "Semilla 3" in shown
    assert "Anna (tú)" in shown and "Descubrir la siguiente mano" in shown
    assert "carta propia de Ben, boca abajo" in shown and ", delante de " in shown and "ficha A de la ronda de picas" in shown
    cut = p.evaluate("""() => [...document.querySelectorAll('.pkt-app button')]
        .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)""")
    assert cut == [], f"button labels cut: {cut}"
    left = [word for word in ENGLISH if word in shown]
    assert not left, f"English left on the Spanish page: {left}\n{shown}"
    assert not page.errors, "\n".join(page.errors)


