"""The Póker a Voces explorer in a real browser: a round against bots is played by clicks until the final
score appears, and a typed hand with a wild card is ranked.

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of test_apps.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import test_apps as apps

NOTEBOOK = "voces_explorer.ipynb"
MAX_CLICKS = 60

pytestmark = pytest.mark.skipif(NOTEBOOK not in apps.EXISTING, reason=f"notebooks/{NOTEBOOK} does not exist yet")


def move_candidates(p: Any) -> list[Any]:
    """Place a hand while trading, then take the pile shown, pick for a Baboon, stay; wait for the bots last."""
    return [
        p.locator("button.pkt-voces-place:not([disabled])"),
        p.locator("button.pkt-voces-pick:not([disabled])"),
        p.locator("button.pkt-voces-bet:not([disabled])"),
        p.locator("button.pkt-voces-stay:not([disabled])"),
        p.locator("button.pkt-voces-wait:not([disabled])"),
    ]


def test_voces_round_is_played_by_clicks_to_the_final_score(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, "seed=3&players=3"))
    p = page.page
    apps.open_tab(p, "Play against bots")
    status = p.locator(".pkt-voces-status").first
    status.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert "Trade, or place your hand under token 1" in status.inner_text()
    assert p.locator("button.pkt-voces-card").count() == 5
    bet = p.locator("button.pkt-voces-bet").first
    assert bet.is_disabled() and "Trading is still going on" in (bet.get_attribute("title") or "")
    score = p.locator(".pkt-voces-score")
    apps.play_by_clicks(p, move_candidates, lambda: bool(score.count()), status, MAX_CLICKS, "score")
    page.screenshot(artifacts, "voces_explorer-score")
    shown = p.locator(".pkt-voces-result").first.inner_text()
    assert "The reveal of round 1" in shown and "Scores of round 1" in shown and "Total" in shown
    assert "The game is over" in status.inner_text() and "You scored" in status.inner_text()
    assert p.locator(".pkt-voces-log").first.inner_text().strip()
    assert not p.locator(".pkt-app .pkt-error").count() or not p.locator(".pkt-app .pkt-error").first.inner_text().strip()
    assert not page.errors, "\n".join(page.errors)


def test_typed_hand_with_a_raccoon_is_ranked_in_the_browser(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    page.open(voila_server.url(NOTEBOOK, "seed=5"))
    p = page.page
    apps.open_tab(p, "Rank")
    p.locator(".pkt-voces-hands textarea").first.fill("Anna = Ks1 Ks2 Ks3 Ks4 raccoon\nBen = 2s2 7s2 9s2 Js2 As2")
    apps.click_and_wait(p, p.locator("button.pkt-voces-use").first)
    shown = p.locator(".pkt-voces-rank-result").first.inner_text()
    assert "five Kings (Raccoon as K●)" in shown and "Anna wins the hand." in shown
    page.screenshot(artifacts, "voces_explorer-rank")
    assert not page.errors, "\n".join(page.errors)
