"""The PokerGuess explorer in a real browser: a round against bots is played by clicks until the check
appears, and the rulebook example is checked step by step in the Check tab.

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of test_apps.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import test_apps as apps

NOTEBOOK = "pokerguess_explorer.ipynb"
MAX_CLICKS = 150

pytestmark = pytest.mark.skipif(NOTEBOOK not in apps.EXISTING, reason=f"notebooks/{NOTEBOOK} does not exist yet")


def move_candidates(p: Any) -> list[Any]:
    """Stay if allowed, else predict what the controls show, else show card 1, else fold."""
    return [
        p.locator("button.pkt-guess-stay:not([disabled])"),
        p.locator("button.pkt-guess-predict:not([disabled])"),
        p.locator("button.pkt-guess-reveal:not([disabled])"),
        p.locator("button.pkt-guess-fold:not([disabled])"),
    ]


def test_pokerguess_round_is_played_by_clicks_to_the_check(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, "seed=5&players=3"))
    p = page.page
    apps.open_tab(p, "Play against bots")
    status = p.locator(".pkt-guess-status").first
    status.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert "Your turn" in status.inner_text()
    result = p.locator(".pkt-guess-result").first
    apps.play_by_clicks(p, move_candidates, lambda: bool(result.inner_text().strip()), status, MAX_CLICKS, "check")
    page.screenshot(artifacts, "pokerguess_explorer-check")
    shown = result.inner_text()
    assert "The check of round 1" in shown
    assert "takes the pot" in shown or "shares the pot" in shown
    assert "Round 1 is over" in status.inner_text()
    assert p.locator("button.pkt-guess-next-round").first.is_visible()
    assert p.locator(".pkt-guess-log").first.inner_text().strip()
    assert not p.locator(".pkt-app .pkt-error").count() or not p.locator(".pkt-app .pkt-error").first.inner_text().strip()
    assert not page.errors, "\n".join(page.errors)


def test_rulebook_example_is_checked_in_the_browser(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, "seed=5"))
    p = page.page
    apps.click_and_wait(p, p.locator("button.pkt-guess-example-cards").first)
    apps.open_tab(p, "Check")
    apps.click_and_wait(p, p.locator("button.pkt-guess-check").first)
    apps.click_and_wait(p, p.locator("button.pkt-guess-check-all").first)
    shown = p.locator(".pkt-guess-check-result").first.inner_text()
    assert "Bottom's prediction holds: Bottom takes the pot." in shown
    assert p.locator(".pkt-guess-check-step").count() == 4
    page.screenshot(artifacts, "pokerguess_explorer-example")
    assert not page.errors, "\n".join(page.errors)


def test_rulebook_example_is_stepped_through_in_the_browser(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, "seed=5"))
    p = page.page
    apps.open_tab(p, "Rulebook example")
    counter = p.locator(".pkt-guess-step-counter").first
    counter.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert "Step 1 of" in counter.inner_text() and p.locator("button.pkt-guess-back").first.is_disabled()
    apps.click_and_wait(p, p.locator("button.pkt-guess-forward").first)
    assert "Step 2 of" in counter.inner_text()
    assert "Top predicts 3 red cards and 4 Bishops." in p.locator(".pkt-guess-narration").first.inner_text()
    apps.click_and_wait(p, p.locator("button.pkt-guess-last").first)
    assert "Bottom's prediction holds: Bottom takes the pot." in p.locator(".pkt-guess-narration").first.inner_text()
    assert p.locator("button.pkt-guess-forward").first.is_disabled() and p.locator("button.pkt-guess-last").first.is_disabled()
    page.screenshot(artifacts, "pokerguess_explorer-example-steps")
    apps.click_and_wait(p, p.locator("button.pkt-guess-first").first)
    assert "Step 1 of" in counter.inner_text() and p.locator("button.pkt-guess-first").first.is_disabled()
    assert not page.errors, "\n".join(page.errors)
