"""The apps work with the keyboard alone: every button has an accessible name, a Pokerface token round takes at most MOVE_PRESSES key presses per
move because the focus goes to the next move after each one, and disabled moves look disabled and say
why in visible text. (The focus ring of every app and the grey disabled buttons of the Póker a Voces play
tab are checked on each app's page journey, test_journeys.py.)

Only ``page.keyboard.press`` moves the focus and presses buttons here (Tab, Shift+Tab, Enter, Space):
no mouse click, no ``element.focus()`` (the PokerGuess tab is opened by a click: choosing a tab is not
what is measured). Every walk is bounded (MAX_TABS presses); when the target is never reached the
failure lists what received the focus on the way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from .pages import (ANSWER_TIMEOUT, DISABLED_MOVES_JS, EXISTING, FOCUS_JS, GERMAN, GREY, NEXT_GUESS_CONTROL_JS, PASS, SNAPSHOT_JS,
                    TAKE_FROM, TAKE_MIDDLE, TITLE_CHANGED_JS, UNNAMED_BUTTONS_JS, Page, VoilaServer, answer, click_and_wait, open_tab, settle,
                    tab_to, wait_for_focus_on_next_control)

pytestmark = pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")

# A legal move: pass when allowed, else take a token from the middle: a chip of the drawn table ringed as
# legal (disabled buttons take no focus, but the selector says so anyway; a refused chip is not ringed).
MOVE = f"{PASS}, {TAKE_MIDDLE}"


def log_text(p: Any) -> str:
    return str(p.locator(".pkt-log").first.inner_text()).strip()


@pytest.fixture(scope="module")
def table_page(browser: Any, voila_server: VoilaServer) -> Iterator[Page]:
    """The table of seed 1 with four players, in English: one page for the two table tests below."""
    page = Page(browser)
    try:
        page.open(voila_server.url("table.ipynb", "seed=1&players=4&lang=en"))
        yield page
    finally:
        page.close()


def test_table_is_played_and_translated_with_the_keyboard(table_page: Page, artifacts: Path) -> None:
    page = table_page
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
    settle(p)  # the rest of the answer (the bots' moves, the focus moved to the next move) before the walk on
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
    settle(p)  # the title is the answer's first part: the rest of the page follows
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
    settle(p)
    assert page.title() == english_title

    # the German table also names every button
    unnamed = p.evaluate(UNNAMED_BUTTONS_JS)
    assert not unnamed, "buttons without an accessible name after switching languages:\n" + "\n".join(unnamed)
    assert not page.errors, "\n".join(page.errors)


# ---------------------------------------------------------------------------------------------- the reasons and the focus
MOVE_PRESSES = 6  # key presses a move may take: Tabs to reach it and the Enter that makes it
ANY_MOVE = f"{PASS}, {TAKE_MIDDLE}, {TAKE_FROM}"
MAX_MOVES = 40  # the brake ends a token round after a few laps; this bounds a round that never ends


def round_of(p: Any) -> str:
    """The token round the status names (its suit symbol), or the whole status when it names none."""
    status = str(p.locator(".pkt-status").first.inner_text())
    return next((c for c in status if c in "♣♦♥♠"), status)


def keyboard_move(p: Any) -> tuple[int, list[str]]:
    """One move with the keyboard from where the focus is: Tab until a legal move has the focus, then
    Enter. Returns the key presses and the focus path; at most MOVE_PRESSES presses are tried."""
    path: list[str] = []
    presses = 0
    while True:
        focus = p.evaluate(FOCUS_JS, ANY_MOVE)
        if focus["hit"]:
            break
        assert presses < MOVE_PRESSES, (
            f"no legal move within {MOVE_PRESSES} key presses; the focus went to: {' -> '.join(path) or focus['desc']}")
        p.keyboard.press("Tab")
        presses += 1
        path.append(p.evaluate(FOCUS_JS, ANY_MOVE)["desc"])
    before = p.evaluate(SNAPSHOT_JS)
    p.keyboard.press("Enter")
    answer(p, before)
    return presses + 1, path


def test_a_token_round_by_keyboard_takes_a_handful_of_presses(table_page: Page, artifacts: Path) -> None:
    """From the learner's second move on, each move of a whole token round takes at most MOVE_PRESSES key
    presses: after a move the app puts the focus on the next move (widgets.controls.focus_first). The game
    is dealt again first (New game: the page's seed, the same deal as the page's first)."""
    page = table_page
    p = page.page
    new_game = p.locator("button.pkt-new-game").first
    click_and_wait(p, new_game)  # the kernel's whole answer: the table changed, the kernel idle, the page quiet
    p.evaluate("() => document.activeElement && document.activeElement.blur()")  # the walk starts from the top, as on a new page
    p.locator(ANY_MOVE).first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    tab_to(p, ANY_MOVE)  # the first move starts from the top of the page: not counted
    before = p.evaluate(SNAPSHOT_JS)
    p.keyboard.press("Enter")
    answer(p, before)
    counted: list[tuple[str, int, list[str]]] = []  # (round, presses, focus path) of each counted move
    rounds_seen = [round_of(p)]
    for _ in range(MAX_MOVES):
        if len(rounds_seen) >= 3:  # the second round seen has been played from its start to its end
            break
        presses, path = keyboard_move(p)
        counted.append((rounds_seen[-1], presses, path))
        if round_of(p) != rounds_seen[-1]:
            rounds_seen.append(round_of(p))
    page.screenshot(artifacts, "table-keyboard-round")
    assert len(rounds_seen) >= 3, f"no whole token round within {MAX_MOVES} moves: {counted}"
    whole = [presses for played, presses, _ in counted if played == rounds_seen[1]]
    assert whole and max(whole) <= MOVE_PRESSES, counted
    assert not page.errors, "\n".join(page.errors)


def test_pokerguess_moves_say_why_they_are_disabled_and_the_focus_follows(page: Page, voila_server: VoilaServer,
                                                                          artifacts: Path) -> None:
    """In the PokerGuess play tab every disabled move is grey and says its reason as text beside it, in
    English and after the switch in German; after a move by Enter the focus is on a usable control."""
    page.open(voila_server.url("pokerguess_explorer.ipynb", "seed=5&players=3&lang=en"))
    p = page.page
    open_tab(p, "Play against bots")
    stay = p.locator("button.pkt-guess-stay").first
    stay.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    moves = ".pkt-guess-play button.pkt-guess-predict, .pkt-guess-play button.pkt-guess-stay, .pkt-guess-play button.pkt-guess-fold"
    english = p.evaluate(DISABLED_MOVES_JS, moves)
    assert english, "at the start Stay is not allowed (no prediction yet); no disabled move found"
    for move in english:
        assert move["reason"] and move["reason"] == move["title"], move
        assert move["background"] == GREY and move["opacity"] == "1", move
    # moves by keyboard: Tab to Predict and Enter, then Enter on whatever has the focus; after each move
    # the focus is on the first control you can use (Next round, a card to show, Predict, Stay, Fold), and
    # when the round's check is shown it is on Next round, a button that was hidden before the move
    tab_to(p, "button.pkt-guess-predict:not([disabled])")
    focus_path = []
    for _ in range(12):
        before = p.evaluate(SNAPSHOT_JS)
        p.keyboard.press("Enter")
        answer(p, before)
        # the focus moves with the kernel's last message of the move, which can come after the page has
        # been quiet for a moment on a busy machine: wait (bounded) for it before judging where it is
        wait_for_focus_on_next_control(p)
        expected = p.evaluate(NEXT_GUESS_CONTROL_JS)
        focus = p.evaluate(FOCUS_JS, expected or "none")
        focus_path.append(focus["desc"])
        assert expected and focus["hit"], f"after the move the focus is on {focus['desc']}, not on {expected}"
        if expected == "button.pkt-guess-next-round":
            break
    assert "pkt-guess-next-round" in focus_path[-1], focus_path
    page.screenshot(artifacts, "pokerguess_explorer-keyboard-check")
    # German: the reasons follow the switch. The switch marks the pressed language in the browser at once,
    # before the kernel answers, so a changed page is no sign of the answer: wait for the German title
    english_title = str(p.locator(".pkt-title").first.inner_text()).strip()
    tab_to(p, GERMAN, key="Shift+Tab", text="Deutsch")
    p.keyboard.press("Space")
    p.wait_for_function(TITLE_CHANGED_JS, arg=english_title, timeout=ANSWER_TIMEOUT)
    settle(p)
    # while the check is shown only Next round is offered; the next round's moves say their reasons in German
    assert not p.locator("button.pkt-guess-stay").first.is_visible()
    before = p.evaluate(SNAPSHOT_JS)
    p.locator("button.pkt-guess-next-round").first.click()
    answer(p, before)
    german = p.evaluate(DISABLED_MOVES_JS, moves)
    assert german, "no disabled move after the switch"
    for move in german:
        assert move["reason"] and move["reason"] == move["title"], move
        assert move["background"] == GREY and move["opacity"] == "1", move
    assert not {m["reason"] for m in german} & {m["reason"] for m in english}, (english, german)
    page.screenshot(artifacts, "pokerguess_explorer-keyboard-de")
    assert not page.errors, "\n".join(page.errors)


