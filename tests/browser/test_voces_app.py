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
    assert "five Kings (the Raccoon stands for K●)" in shown and "Anna wins the hand." in shown
    page.screenshot(artifacts, "voces_explorer-rank")
    assert not page.errors, "\n".join(page.errors)


# -- issue #24: a round a learner can follow (the bots wait, an offer to take, STOP announced first)

PACED_SEED = "seed=29&players=3"  # a bot offers early; Anna's hand 2 meets Ben's Raccoon at the reveal
MAX_WAITS = 40  # "Let one bot move" clicks allowed before STOP
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def learners_view(p: Any, artifacts: Path, name: str, focus: Any, block: str = "center") -> None:
    """A screenshot of what the learner sees at 1280x720 with ``focus`` in view: into test-artifacts/, and into
    docs/screenshots/ when PKT_DOC_SCREENSHOTS=1 (the teachers' guide links them)."""
    import os

    focus.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
    p.wait_for_timeout(150)
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        p.screenshot(path=str(DOCS_SCREENSHOTS / f"{name}.png"))


def test_learner_takes_a_bots_offer_and_sees_the_stop_warning_before_stop(page: apps.Page, voila_server: Any, artifacts: Path) -> None:
    import re

    page.open(voila_server.url(NOTEBOOK, PACED_SEED))
    p = page.page
    p.set_viewport_size({"width": 1280, "height": 720})
    apps.open_tab(p, "Play against bots")
    status = p.locator(".pkt-voces-status").first
    status.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    log = p.locator(".pkt-voces-log").first
    wait = p.locator("button.pkt-voces-wait").first
    assert wait.inner_text().strip() == "Let one bot move"
    learners_view(p, artifacts, "voces_round_1_trading", status, "start")
    # the bots move one at a time; a bot's offer stays open with its own Take button
    take = p.locator("button.pkt-voces-take")
    for _ in range(MAX_WAITS):
        if take.count():
            break
        apps.click_and_wait(p, wait)
    assert take.count(), "no bot offered anything"
    label = take.first.inner_text()
    match = re.fullmatch(r"Take (\w+)'s offer: (\d+) cards?", label.strip())
    assert match, label
    offerer, count = match.group(1), int(match.group(2))
    assert take.first.is_disabled() and "Name the cards to trade" in p.locator(".pkt-voces-offers .pkt-move-reason").first.inner_text()
    learners_view(p, artifacts, "voces_round_2_offer", p.locator(".pkt-voces-your-cards").first, "start")
    cards = p.locator("button.pkt-voces-card")
    for index in range(count):
        apps.click_and_wait(p, cards.nth(index))
    assert take.first.is_enabled()
    apps.click_and_wait(p, take.first)
    assert f"Anna takes {offerer}'s offer" in log.inner_text()
    learners_view(p, artifacts, "voces_round_3_taken", log, "start")
    apps.click_and_wait(p, p.locator("button.pkt-voces-place").first)
    # STOP is announced before it happens
    warning = p.locator(".pkt-voces-stop-warning")
    warned = False
    for _ in range(MAX_WAITS):
        if "calls STOP" in log.inner_text():
            break
        if warning.count() and "STOP is near" in warning.first.inner_text():
            if not warned:
                assert "calls STOP" not in log.inner_text()
                assert "Careful: if a bot calls STOP with its next move" in warning.first.inner_text()
                assert "(it may call STOP)" in wait.inner_text()
                learners_view(p, artifacts, "voces_round_4_stop_warning", warning.first)
            warned = True
        apps.click_and_wait(p, wait)
    assert "calls STOP" in log.inner_text(), "no STOP within the clicks allowed"
    assert warned, "STOP came without a warning"
    bet = p.locator("button.pkt-voces-bet:not([disabled])")
    bet.first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    learners_view(p, artifacts, "voces_round_5_coins", bet.first)
    # the coin steps, then fold or stay; the reveal names who brought which Raccoon
    stay = p.locator("button.pkt-voces-stay:not([disabled])")
    score = p.locator(".pkt-voces-score")
    shot = False
    for _ in range(30):
        if score.count():
            break
        if bet.count() and bet.first.is_visible():
            apps.click_and_wait(p, bet.first)
        elif stay.count() and stay.first.is_visible():
            if not shot:
                learners_view(p, artifacts, "voces_round_6_fold_or_stay", stay.first)
                shot = True
            apps.click_and_wait(p, stay.first)
        else:
            p.wait_for_timeout(200)
    assert score.count(), status.inner_text()
    result = p.locator(".pkt-voces-result").first
    learners_view(p, artifacts, "voces_round_7_reveal", result, "start")
    learners_view(p, artifacts, "voces_round_8_score", score.first)
    assert "Raccoons revealed in hand 2: 1 Raccoon from Anna and 1 Raccoon from Ben." in result.inner_text()
    # after the game every move looks disabled and says why in words
    disabled = p.locator(".pkt-voces-play button.pkt-voces-bet").first
    assert disabled.is_disabled()
    look = disabled.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopStyle, getComputedStyle(b).opacity]")
    red, green, blue = (int(v) for v in re.findall(r"\d+", look[0])[:3])
    assert red == green == blue and red > 200 and look[1] == "dashed" and look[2] == "1", look  # grey, dashed: no strong colour
    assert p.locator(".pkt-move:has(button.pkt-voces-bet) .pkt-move-reason").first.inner_text().strip()
    assert not page.errors, "\n".join(page.errors)
