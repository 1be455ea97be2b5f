"""The glossary page in Voila: a lesson's link ``glossary.ipynb#term-seed`` shows that word, and the page passes
the same axe-core audit as the lessons.

Voila sends a page and shows it only after its kernel has run, so the browser's own jump to ``#term-seed``
happens while the words are still hidden, and Voila lays the page out once more after showing it. The
glossary's last cell jumps to the word once it can be seen (and again while the page settles). This test
opens the glossary at a word far down the page, as a click in a lesson does, and checks that the word is
at the top of the window, and still there a moment later.

The glossary has no widgets, so it is audited here rather than in test_lessons_a11y.py (which waits for every
widget of a lesson to be drawn).
"""

from __future__ import annotations

from typing import Any

import pytest

from .pages import RENDER_TIMEOUT, Page, serious_violations, wait_for

TERM = "term-seed"  # under S, far down the page in every language; linked from most lessons

WHERE_JS = """(id) => {
  const target = document.getElementById(id);
  if (!target || target.getClientRects().length === 0) return null;
  let scrolled = document.documentElement.scrollTop;
  for (let el = target.parentElement; el; el = el.parentElement) scrolled += el.scrollTop;
  return {top: target.getBoundingClientRect().top, fromPageTop: target.getBoundingClientRect().top + scrolled,
          window: window.innerHeight};
}"""


STILL_FRAMES = 30  # about half a second of frames
# Resolves true once the page's height and the word's place have not changed for ``frames`` animation frames.
STILL_JS = """([id, frames]) => new Promise(done => {
  let last = '', still = 0;
  const look = () => {
    const target = document.getElementById(id);
    const now = `${document.documentElement.scrollHeight}|${target ? Math.round(target.getBoundingClientRect().top) : ''}`;
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= frames) done(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_link_to_a_word_shows_it_and_the_page_passes_axe(page: Page, voila_server: Any, lang: str) -> None:
    p = page.page
    p.goto(voila_server.url(f"lessons/{lang}/glossary.ipynb") + f"#{TERM}", timeout=RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.wait_for_function(f"() => ({WHERE_JS})('{TERM}') !== null", timeout=RENDER_TIMEOUT, polling=100)
    where = p.evaluate(WHERE_JS, TERM)
    assert where["fromPageTop"] > 2 * where["window"], f"the word is not far enough down to test the jump: {where}"
    p.wait_for_function(f"() => Math.abs(({WHERE_JS})('{TERM}').top) < 60", timeout=15_000, polling=100)
    # the page settles (Voila's second layout must not take the reader away): wait (bounded) until the
    # page's height and the word's place have stayed the same for STILL_FRAMES frames, then look
    wait_for(p, STILL_JS, f"the page and the word {TERM} to keep still for {STILL_FRAMES} frames", arg=[TERM, STILL_FRAMES],
             timeout=15_000, shown="body")
    where = p.evaluate(WHERE_JS, TERM)
    assert abs(where["top"]) < 60, f"{lang}: the word {TERM} is {where['top']:.0f}px from the top of the window"
    found = serious_violations(p)
    assert not found, f"axe-core on {lang}/glossary.ipynb:\n" + "\n".join(found)
    assert not page.errors, "\n".join(page.errors)
