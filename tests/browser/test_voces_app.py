"""The Póker a Voces explorer in a real browser: a round against bots is played by clicks until the final
score appears, a typed hand with a wild card is ranked, the walkthrough of the teachers' guide is played on
the drawn table, and part of a round is played with the keyboard alone.

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of pages.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from . import pages as apps

NAMES = ("Anna", "Ben", "Carla")
NOTEBOOK = "voces_explorer.ipynb"

pytestmark = pytest.mark.skipif(NOTEBOOK not in apps.EXISTING, reason=f"notebooks/{NOTEBOOK} does not exist yet")


# -- a round a learner can follow (the bots wait, an offer to take, STOP announced first)

PACED_SEED = "seed=29&players=3"  # a bot offers early; Anna's hand 2 meets Ben's Raccoon at the reveal
MAX_WAITS = 40  # "Let one bot move" clicks allowed before STOP
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def learners_view(p: Any, artifacts: Path, name: str, focus: Any, block: str = "center") -> None:
    """A screenshot of what the learner sees at 1280x720 with ``focus`` in view: into test-artifacts/, and into
    docs/screenshots/ when PKT_DOC_SCREENSHOTS=1 (the teachers' guide links them)."""
    import os

    focus.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
    apps.next_frames(p)  # the scrolled view drawn
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        p.screenshot(path=str(DOCS_SCREENSHOTS / f"{name}.png"))


@pytest.fixture(scope="module")
def paced_page(browser: Any, voila_server: Any) -> Iterator[apps.Page]:
    """The explorer of seed 29 with three players: one page for the two tests below (the second deals again)."""
    page = apps.Page(browser)
    try:
        page.open(voila_server.url(NOTEBOOK, PACED_SEED))
        yield page
    finally:
        page.close()


def test_learner_takes_a_bots_offer_and_sees_the_stop_warning_before_stop(paced_page: apps.Page, artifacts: Path) -> None:
    import re

    page = paced_page
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
    assert take.first.is_disabled() and "Select the cards to trade" in p.locator(".pkt-voces-offers .pkt-move-reason").first.inner_text()
    # the offer lies face down in the bot's seat on the drawn table: a picture to press, saying why not yet
    board = p.locator(".pkt-voces-board").first
    seat = NAMES.index(offerer)
    offer = board.locator(f"[data-key='offer-{seat}']")
    name = offer.get_attribute("aria-label") or ""
    assert name.startswith(f"{offerer} calls out an offer of {count} card") and name.endswith("Select the cards to trade (at least one).")
    assert offer.get_attribute("aria-disabled") == "true"
    learners_view(p, artifacts, "voces_round_2_offer", board.locator("[data-region='cards']"), "end")
    cards = board.locator("button[data-key^='card-']")
    for index in range(count):
        apps.click_and_wait(p, cards.nth(index))
    assert take.first.is_enabled() and offer.get_attribute("aria-disabled") is None
    apps.click_and_wait(p, offer)
    assert f"Anna takes {offerer}'s offer" in log.inner_text()
    assert f"Anna takes {offerer}'s offer" in board.locator(".pkt-drawn-status").inner_text()  # said in the live region
    learners_view(p, artifacts, "voces_round_3_taken", board.locator("[data-region='seat-0']"), "center")
    apps.click_and_wait(p, board.locator("[data-key='slot-0-1']"))  # place the hand: press hand token 1
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
    piles = board.locator("button[data-key^='pile-']")
    apps.click_and_wait(p, piles.last)  # a pile taken in hand by pressing its picture
    assert piles.last.get_attribute("aria-pressed") == "true"
    learners_view(p, artifacts, "voces_round_5_coins", board.locator("[data-region='seat-0']"), "start")
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
                learners_view(p, artifacts, "voces_round_6_fold_or_stay", board.locator("[data-region='middle']"), "start")
                shot = True
            apps.click_and_wait(p, stay.first)
        else:  # the bots' turn: wait (bounded) for a coin step, Stay or the score
            apps.wait_for(p, "() => [...document.querySelectorAll('button.pkt-voces-bet:not([disabled]), button.pkt-voces-stay:not([disabled])')]"
                             ".some(b => b.getClientRects().length) || !!document.querySelector('.pkt-voces-score')",
                          "a coin step, Stay or the final score")
    assert score.count(), status.inner_text()
    result = p.locator(".pkt-voces-result").first
    reveal = board.locator("[data-region='reveal-2']")
    learners_view(p, artifacts, "voces_round_7_reveal", reveal, "center")
    learners_view(p, artifacts, "voces_round_8_score", score.first)
    assert "Raccoons revealed in hand 2: 1 Raccoon from Anna and 1 Raccoon from Ben." in result.inner_text()
    # the reveal drawn: Anna and Ben out of hand 2 (a red cross), each hand's cards named
    out = reveal.locator(".pkt-state-breaks")
    assert out.count() == 2 and all((out.nth(i).get_attribute("aria-label") or "").split(" is out of hand 2: ")[0] in ("Anna", "Ben")
                                    for i in range(2))
    # after the game every move looks disabled and says why in words
    disabled = p.locator(".pkt-voces-play button.pkt-voces-bet").first
    assert disabled.is_disabled()
    look = disabled.evaluate("b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopStyle, getComputedStyle(b).opacity]")
    red, green, blue = (int(v) for v in re.findall(r"\d+", look[0])[:3])
    assert red == green == blue and red > 200 and look[1] == "dashed" and look[2] == "1", look  # grey, dashed: no strong colour
    assert p.locator(".pkt-move:has(button.pkt-voces-bet) .pkt-move-reason").first.inner_text().strip()
    assert not page.errors, "\n".join(page.errors)


# -- the drawn table played with the keyboard alone



def key_and_wait(p: Any, key: str) -> None:
    """Press ``key`` where the focus is and wait for the kernel's answer (the page changes), then until it settles."""
    before = p.evaluate(apps.SNAPSHOT_JS)
    p.keyboard.press(key)
    p.wait_for_function(f"old => ({apps.SNAPSHOT_JS})() !== old", arg=before, timeout=apps.ANSWER_TIMEOUT)
    apps.settle(p)


def focused(p: Any) -> dict[str, str]:
    return dict(p.evaluate("""() => { const e = document.activeElement;
        return {key: e?.dataset?.key || '', name: e?.getAttribute('aria-label') || '', tag: e?.tagName || '',
                cls: e?.className || '', disabled: e?.getAttribute('aria-disabled') || ''}; }"""))


def tab_to(p: Any, wanted: Any, backwards: bool = False, limit: int = 60) -> dict[str, str]:
    """Press Tab (Shift+Tab) until ``wanted(focused)``; every board picture passed must have a text alternative.
    Returns the focused element's description."""
    for _ in range(limit):
        p.keyboard.press("Shift+Tab" if backwards else "Tab")
        now = focused(p)
        if now["key"]:
            assert now["name"].strip(), f"a picture without a text alternative: {now}"
            PASSED.append(now)
        if wanted(now):
            return now
    raise AssertionError(f"Tab never reached it; last focus {focused(p)}")


PASSED: list[dict[str, str]] = []


def no_sideways_scroll(p: Any) -> bool:
    return bool(p.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"))


def test_part_of_a_round_is_played_with_the_keyboard_alone(paced_page: apps.Page, artifacts: Path) -> None:
    """On the page of the test above, a new game (New game: the page's seed, the same deal as the page's first)."""
    PASSED.clear()
    page = paced_page
    p = page.page
    p.set_viewport_size({"width": 1280, "height": 720})
    apps.open_tab(p, "Play against bots")
    p.locator(".pkt-voces-play-players select").first.select_option("3")
    apps.click_and_wait(p, p.locator("button.pkt-voces-new-game").first)
    apps.wait_for(p, "() => (document.querySelector('.pkt-voces-status') || {innerText: ''}).innerText"
                     ".includes('Trade, or place your hand under token 1')", "a new game at its first trade")
    board = p.locator(".pkt-voces-board").first
    board.locator("button[data-key^='card-']").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    status = board.locator(".pkt-drawn-status")
    p.locator(".pkt-voces-new-game").first.focus()  # the last control clicked before the table: New game
    # Tab into the table: the others' hand tokens first, then yours, then your cards
    first = tab_to(p, lambda f: bool(f["key"]))
    assert first["key"] == "slot-1-1" and first["name"] == "Hand token 1: no hand under it yet"
    place = tab_to(p, lambda f: f["key"] == "slot-0-1")
    assert place["tag"] == "BUTTON" and place["name"] == "Hand token 1: place the five cards you hold under it"
    card = tab_to(p, lambda f: f["key"].startswith("card-"))
    assert card["name"] == "A▲ (Ace of suit 2)"  # seed 29: Anna's first card
    key_and_wait(p, "Space")
    assert focused(p)["key"] == card["key"] and focused(p)["name"] == "A▲ (Ace of suit 2), selected"
    assert status.inner_text().strip() == "A▲ (Ace of suit 2) selected; 1 card selected in all."
    key_and_wait(p, "Space")
    assert status.inner_text().strip() == "A▲ (Ace of suit 2) put back; 0 cards selected in all."
    # Tab on past the table to the wait button: Enter lets one bot move, until a bot calls out an offer
    tab_to(p, lambda f: "pkt-voces-wait" in f["cls"])
    offers = board.locator("[data-key^='offer-']")
    for _ in range(MAX_WAITS):
        if offers.count():
            break
        key_and_wait(p, "Enter")
    assert offers.count(), "no bot offered anything"
    key = offers.first.get_attribute("data-key") or ""
    seat = int(key.split("-")[1])
    offerer = NAMES[seat]
    # back to the offer on the table: with no card selected it says why not, and pressing it says so again
    offer = tab_to(p, lambda f: f["key"] == key, backwards=True)
    reason = "Select the cards to trade (at least one)."
    assert offer["disabled"] == "true" and offer["name"].startswith(f"{offerer} calls out an offer of ") and offer["name"].endswith(reason)
    count = int(offer["name"].split(" calls out an offer of ")[1].split(" ")[0])
    history = p.locator(".pkt-voces-log").first.inner_text()
    key_and_wait(p, "Enter")  # an illegal picture pressed: the engine's reason is said, nothing changes
    assert status.inner_text().strip() == reason and p.locator(".pkt-voces-log").first.inner_text() == history
    # select as many cards with Space (Tab between them), then back to the offer: Enter takes it
    tab_to(p, lambda f: f["key"].startswith("card-"))
    for index in range(count):
        if index:
            tab_to(p, lambda f: f["key"].startswith("card-"))
        key_and_wait(p, "Space")
    offer = tab_to(p, lambda f: f["key"] == key, backwards=True)
    assert offer["disabled"] == "" and not offer["name"].endswith(reason)
    key_and_wait(p, "Enter")
    assert status.inner_text().startswith(f"Anna takes {offerer}'s offer"), status.inner_text()
    # place the hand under token 1 by pressing the token
    tab_to(p, lambda f: f["key"] == "slot-0-1")
    key_and_wait(p, "Enter")
    assert status.inner_text().startswith("Anna puts a hand face down under token 1 and draws five new cards."), status.inner_text()
    assert board.locator("[data-key='slot-0-2']").get_attribute("aria-label") == "Hand token 2: place the five cards you hold under it"
    assert (board.locator("[data-key='slot-0-1']").get_attribute("aria-label") or "").startswith("Hand token 1: your five cards lie face down")
    assert {f["key"] for f in PASSED} >= {"slot-1-1", "slot-2-3", "slot-0-1", key}
    assert no_sideways_scroll(p)
    page.screenshot(artifacts, "voces_keyboard-1280")
    p.set_viewport_size({"width": 768, "height": 1024})
    apps.settle_layout(p)  # the new width laid out
    assert no_sideways_scroll(p)
    page.screenshot(artifacts, "voces_keyboard-768")
    # six players: five seats of others still fit a tablet and a projector without sideways scrolling
    p.locator(".pkt-voces-play-players select").first.select_option("6")
    apps.click_and_wait(p, p.locator("button.pkt-voces-new-game").first)
    assert board.locator("[data-region^='seat-']").count() == 6
    assert no_sideways_scroll(p)
    p.set_viewport_size({"width": 1280, "height": 720})
    apps.settle_layout(p)  # the new width laid out
    assert no_sideways_scroll(p)
    board.screenshot(path=str(artifacts / "voces_keyboard-six-players-1280.png"))
    assert not page.errors, "\n".join(page.errors)
