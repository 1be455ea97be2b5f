"""The table app works with the keyboard alone, and every button has an accessible name.

Only ``page.keyboard.press`` moves the focus and presses buttons here (Tab, Shift+Tab, Enter, Space):
no mouse click, no ``element.focus()``. Every walk is bounded (MAX_TABS presses); when the target is
never reached the failure lists what received the focus on the way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .test_apps import ANSWER_TIMEOUT, EXISTING, SNAPSHOT_JS, Page, VoilaServer

pytestmark = pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")

MAX_TABS = 200
# A legal move: pass when allowed, else take a token from the middle (disabled buttons take no focus,
# but the selector says so anyway).
MOVE = "button.pkt-pass:not([disabled]), button.pkt-take-middle:not([disabled])"
GERMAN = ".pkt-language button"  # with the text "Deutsch"

FOCUS_JS = """sel => {
  const e = document.activeElement;
  if (!e || e === document.body || e === document.documentElement) return {desc: '(page body)', hit: false, text: ''};
  const text = (e.innerText || e.value || e.getAttribute('aria-label') || e.title || '').trim();
  const cls = [...e.classList].filter(c => c.startsWith('pkt-') || c.startsWith('widget-')).join('.');
  return {desc: `${e.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text.slice(0, 30)}"`, hit: e.matches(sel), text};
}"""

UNNAMED_BUTTONS_JS = """() => [...document.querySelectorAll('.pkt-app button, .pkt-app [role=button]')]
  .filter(b => b.offsetParent !== null || b.getClientRects().length)
  .filter(b => {
    const named = (b.innerText || '').trim() || (b.getAttribute('aria-label') || '').trim() || (b.title || '').trim();
    const by = b.getAttribute('aria-labelledby');
    const labelled = by && by.split(/\\s+/).some(id => { const l = document.getElementById(id); return l && l.innerText.trim(); });
    return !named && !labelled;
  })
  .map(b => b.outerHTML.slice(0, 160))"""


def tab_to(p: Any, selector: str, key: str = "Tab", text: str | None = None) -> list[str]:
    """Press ``key`` until the focused element matches ``selector`` (and shows ``text``); the focus path."""
    path: list[str] = []
    for _ in range(MAX_TABS):
        p.keyboard.press(key)
        focus = p.evaluate(FOCUS_JS, selector)
        path.append(focus["desc"])
        if focus["hit"] and (text is None or text in focus["text"]):
            return path
    raise AssertionError(
        f"{selector}{f' {text!r}' if text else ''} never got the focus in {MAX_TABS} presses of {key}; "
        f"the focus went to: " + " -> ".join(path)
    )


def log_text(p: Any) -> str:
    return str(p.locator(".pkt-log").first.inner_text()).strip()


def test_table_is_played_and_translated_with_the_keyboard(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    page.open(voila_server.url("table.ipynb", "seed=1&lang=en"))
    p = page.page
    p.locator(MOVE).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)

    # every button the learner can see has a name a screen reader can say
    unnamed = p.evaluate(UNNAMED_BUTTONS_JS)
    assert not unnamed, "buttons without an accessible name (text, aria-label or title):\n" + "\n".join(unnamed)

    # a legal move, by Tab and Enter; the kernel answers: the move is in the history, the table changes
    path = tab_to(p, MOVE)
    move = p.evaluate(FOCUS_JS, MOVE)["text"]
    before, history = p.evaluate(SNAPSHOT_JS), log_text(p)
    p.keyboard.press("Enter")
    p.wait_for_function(
        "old => { const l = document.querySelector('.pkt-log'); return l && l.innerText.trim() !== old; }",
        arg=history, timeout=ANSWER_TIMEOUT,
    )
    assert p.evaluate(SNAPSHOT_JS) != before
    assert log_text(p) != history, f"{move!r} (reached after {len(path)} Tabs) left the history as it was"
    page.screenshot(artifacts, "table-keyboard-move")

    # the language switch, backwards with Shift+Tab, pressed with Space: the visible text changes
    english_title = page.title()
    english_text = str(p.locator(".pkt-app").first.inner_text())
    tab_to(p, GERMAN, key="Shift+Tab", text="Deutsch")
    p.keyboard.press("Space")
    p.wait_for_function(
        "old => { const t = document.querySelector('.pkt-title'); return t && t.innerText.trim() && t.innerText.trim() !== old; }",
        arg=english_title, timeout=ANSWER_TIMEOUT,
    )
    assert str(p.locator(".pkt-app").first.inner_text()) != english_text
    page.screenshot(artifacts, "table-keyboard-de")

    # and back to English with Tab and Enter
    german_title = page.title()
    tab_to(p, GERMAN, key="Shift+Tab", text="English")
    p.keyboard.press("Enter")
    p.wait_for_function(
        "old => { const t = document.querySelector('.pkt-title'); return t && t.innerText.trim() !== old; }",
        arg=german_title, timeout=ANSWER_TIMEOUT,
    )
    assert page.title() == english_title

    # the German table also names every button
    unnamed = p.evaluate(UNNAMED_BUTTONS_JS)
    assert not unnamed, "buttons without an accessible name after switching languages:\n" + "\n".join(unnamed)
    assert not page.errors, "\n".join(page.errors)
