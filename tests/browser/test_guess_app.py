"""The PokerGuess explorer in a real browser: a round against bots is played by clicks until the check
appears, a round is played with the keyboard only on the drawn table (the text alternatives it passes
checked, an illegal card pressed for the engine's reason), and the rulebook example is checked step by
step in the Check tab.

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of pages.py. With
``PKT_DOC_SCREENSHOTS=1`` the keyboard round also writes the drawn table to ``docs/screenshots/``
(``pokerguess_explorer.png``, which the README shows, and ``pokerguess_round_*.png``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pytest

from . import pages as apps
from .pages import wait_for_focus_on_next_control

NOTEBOOK = "pokerguess_explorer.ipynb"

pytestmark = pytest.mark.skipif(NOTEBOOK not in apps.EXISTING, reason=f"notebooks/{NOTEBOOK} does not exist yet")


# -- the drawn table played with the keyboard only

KEYBOARD_SEED = "seed=5&players=4"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FOCUSED_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return {tag: "", cls: "", label: "", key: ""};
  return {tag: a.tagName, cls: String(a.className), label: a.getAttribute("aria-label") || a.innerText || "",
          key: (a.dataset && a.dataset.key) || ""};
}"""
LIVE = ".pkt-guess-board .pkt-drawn-status"
# what a screen reader hears on the way to your cards, worked out from the seed's deal (the Cards tab
# shows the same cards: Anna R9 B9, community Q9 B3 B2 N1 Q1) and the rules (20 chips, 1 paid to start)
PASSED = [
    "hand of Ben: 2 cards: face-down card and face-down card", "Ben: 19 chips, 1 chip in the pot",
    "hand of Carla: 2 cards: face-down card and face-down card", "Carla: 19 chips, 1 chip in the pot",
    "hand of Dan: 2 cards: face-down card and face-down card", "Dan: 19 chips, 1 chip in the pot",
    "Green Queen, colour 9", "Magenta Bishop, colour 3", "Red Bishop, colour 2", "Gray Knight, colour 1",
    "Gray Queen, colour 1", "the pot: 4 chips",
]


def focused(p: Any) -> dict[str, str]:
    return dict(p.evaluate(FOCUSED_JS))


def press_and_wait(p: Any, key: str) -> None:
    """Press a key on the focused element and wait for the kernel's answer (the page changes), then until
    it settles."""
    before = p.evaluate(apps.SNAPSHOT_JS)
    p.keyboard.press(key)
    p.wait_for_function(f"old => ({apps.SNAPSHOT_JS})() !== old", arg=before, timeout=apps.ANSWER_TIMEOUT)
    apps.settle(p)


def tab_until(p: Any, found: Callable[[dict[str, str]], bool], limit: int = 60) -> list[dict[str, str]]:
    """Press Tab until ``found(focused element)``; the elements passed on the way."""
    passed = []
    for _ in range(limit):
        p.keyboard.press("Tab")
        now = focused(p)
        if found(now):
            return passed
        passed.append(now)
    raise AssertionError(f"not reached with {limit} Tabs; passed {[f['label'][:40] for f in passed]}")


def table_view(p: Any, artifacts: Path, name: str, docs_name: str = "") -> None:
    """The drawn table in view: into test-artifacts/, and with PKT_DOC_SCREENSHOTS=1 into docs/screenshots/."""
    p.locator(".pkt-guess-board").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    apps.next_frames(p)  # the scrolled view drawn
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        for target in (name, docs_name):
            if target:
                p.screenshot(path=str(DOCS / f"{target}.png"))


def no_sideways_scrolling(p: Any) -> None:
    wide = p.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide}"
    board = p.locator(".pkt-guess-board").first.bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= wide[1] + 1, board


def test_pokerguess_round_is_played_with_the_keyboard_only(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, KEYBOARD_SEED))
    p = page.page
    p.set_viewport_size({"width": 1280, "height": 720})
    # to the tab bar, along it with the arrow keys, and into the play tab
    tab_until(p, lambda f: "lm-TabBar-tab" in f["cls"])
    for _ in range(4):
        if focused(p)["label"].strip() == "Play against bots":
            break
        p.keyboard.press("ArrowRight")
    p.keyboard.press("Enter")
    live = p.locator(LIVE).first
    p.locator(".pkt-guess-board .pkt-drawn-table").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    no_sideways_scrolling(p)
    table_view(p, artifacts, "pokerguess_round_1_start", "pokerguess_explorer")
    # Tab through the table to your first card: every picture passed names itself
    passed = tab_until(p, lambda f: f["key"] == "mine-0")
    assert [f["label"] for f in passed if f["key"]] == PASSED
    assert focused(p)["label"] == "your card 1: Green Rook, colour 9. Cards are shown only in the last-card phase."
    status = p.locator(".pkt-guess-status").first.inner_text()
    press_and_wait(p, "Enter")  # not now: the engine's reason is announced and nothing changes
    assert live.inner_text().strip() == "Your card 1: Green Rook, colour 9: Cards are shown only in the last-card phase."
    assert p.locator(".pkt-guess-status").first.inner_text() == status
    # on to Predict (the controls start from your cards: 2 green, 2 bishops) and play the round out
    tab_until(p, lambda f: "pkt-guess-predict" in f["cls"])
    press_and_wait(p, "Enter")
    assert "Anna predicts 2 green cards and 2 Bishops." in live.inner_text()
    result = p.locator(".pkt-guess-result").first
    shown = ""
    for _ in range(30):
        if result.inner_text().strip():
            break
        wait_for_focus_on_next_control(p)  # the focus comes with the move's last message: wait (bounded) for it
        now = focused(p)  # after each move the focus is on the next thing to use
        if now["key"].startswith("mine-"):
            assert now["label"] == "your card 1: Green Rook, colour 9; press to show it to everyone"
            assert "pkt-state-legal" in now["cls"]
            table_view(p, artifacts, "pokerguess_round_2_show_card")
            press_and_wait(p, "Space")
            shown = live.inner_text()
        else:
            assert now["tag"] == "BUTTON" and ("pkt-guess-stay" in now["cls"] or "pkt-guess-predict" in now["cls"]), now
            press_and_wait(p, "Enter")
    assert result.inner_text().strip(), "no check after 30 key presses"
    assert "Anna shows the Green Rook." in shown
    assert "Round 1 is over" in live.inner_text()
    wait_for_focus_on_next_control(p)
    assert "pkt-guess-next-round" in focused(p)["cls"]
    # the check: hands face up, each prediction checked marked with its verdict in words
    labels = p.locator(".pkt-guess-board [data-key^='card-'], .pkt-guess-board [data-key^='mine-']").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert len(labels) == 8 and not any("face-down" in label for label in labels)
    marks = p.locator(".pkt-guess-board .pkt-state-holds, .pkt-guess-board .pkt-state-breaks")
    assert marks.count() >= 1
    assert all(label.endswith(("; it holds", "; it does not hold"))
               for label in marks.evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-label'))"))
    table_view(p, artifacts, "pokerguess_round_3_check")
    p.set_viewport_size({"width": 768, "height": 1024})
    apps.settle_layout(p)  # the new width laid out
    no_sideways_scrolling(p)
    table_view(p, artifacts, "pokerguess_round_3_check-768")
    # the same table in German, on a tablet and on a projector
    # the switch marks the pressed language in the browser at once: a changed page is no sign of the
    # kernel's answer, the German title is
    english_title = p.locator(".pkt-title").first.inner_text().strip()
    p.locator(".pkt-language button", has_text="Deutsch").first.click(timeout=apps.ANSWER_TIMEOUT)
    p.wait_for_function(apps.TITLE_CHANGED_JS, arg=english_title, timeout=apps.ANSWER_TIMEOUT)
    apps.settle(p)
    assert "Anna (du)" in p.locator(".pkt-guess-board").first.inner_text()
    p.wait_for_function("sel => document.querySelector(sel).innerText.includes('Runde 1 ist vorbei')", arg=LIVE,
                        timeout=apps.ANSWER_TIMEOUT)  # the last announcement again, in German
    no_sideways_scrolling(p)
    table_view(p, artifacts, "pokerguess_round_3_check-de-768")
    p.set_viewport_size({"width": 1280, "height": 720})
    apps.settle_layout(p)  # the new width laid out
    no_sideways_scrolling(p)
    table_view(p, artifacts, "pokerguess_round_3_check-de")
    assert not page.errors, "\n".join(page.errors)


