"""The apps work with the keyboard alone: every button has an accessible name, the focus ring
is thick and contrasts with the page, a Pokerface token round takes at most MOVE_PRESSES key presses per
move because the focus goes to the next move after each one, and disabled moves look disabled and say
why in visible text.

Only ``page.keyboard.press`` moves the focus and presses buttons here (Tab, Shift+Tab, Enter, Space):
no mouse click, no ``element.focus()`` (the PokerGuess tab is opened by a click: choosing a tab is not
what is measured). Every walk is bounded (MAX_TABS presses); when the target is never reached the
failure lists what received the focus on the way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .test_apps import (ANSWER_TIMEOUT, EXISTING, PASS, SNAPSHOT_JS, TAKE_FROM, TAKE_MIDDLE, TITLE_CHANGED_JS, Page, VoilaServer,
                        open_tab, settle, wait_until)

pytestmark = pytest.mark.skipif("table.ipynb" not in EXISTING, reason="notebooks/table.ipynb does not exist yet")

MAX_TABS = 200
# A legal move: pass when allowed, else take a token from the middle: a chip of the drawn table ringed as
# legal (disabled buttons take no focus, but the selector says so anyway; a refused chip is not ringed).
MOVE = f"{PASS}, {TAKE_MIDDLE}"
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

# The focused element's outline and the colour behind it (the first ancestor with an opaque background,
# else white), with the WCAG contrast ratio of the two.
RING_JS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const rgb = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const v = m[1].split(',').map(x => parseFloat(x)); return {r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1}; };
  const lum = c => { const f = x => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const s = getComputedStyle(e);
  let back = {r: 255, g: 255, b: 255, a: 1};
  for (let n = e.parentElement; n; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c && c.a >= 0.99) { back = c; break; }
  }
  const ring = rgb(s.outlineColor);
  const [hi, lo] = [lum(ring), lum(back)].sort((x, y) => y - x);
  return {tag: e.tagName.toLowerCase(), cls: e.className, style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          colour: s.outlineColor, background: `rgb(${back.r}, ${back.g}, ${back.b})`, contrast: (hi + 0.05) / (lo + 0.05)};
}"""

# Each visible disabled move button of the app: its reason (tooltip), the visible reason text beside it
# (the .pkt-move-reason of its .pkt-move box), and its colours.
DISABLED_MOVES_JS = """sel => [...document.querySelectorAll(sel)]
  .filter(b => b.disabled && b.getClientRects().length)
  .map(b => { const box = b.closest('.pkt-move'); const label = box && box.querySelector('.pkt-move-reason');
    const s = getComputedStyle(b);
    return {button: (b.innerText || '').trim(), title: b.title || '',
            reason: label && label.getClientRects().length ? label.innerText.trim() : '',
            background: s.backgroundColor, color: s.color, opacity: s.opacity}; })"""

# The first control of the PokerGuess play tab the learner can use, in the order the app moves the focus.
NEXT_GUESS_CONTROL_JS = """() => ['button.pkt-guess-next-round', ".pkt-guess-board button.pkt-state-legal[data-key^='mine-']", 'button.pkt-guess-predict',
  'button.pkt-guess-stay', 'button.pkt-guess-fold'].find(sel => [...document.querySelectorAll(sel)]
  .some(b => !b.disabled && b.getClientRects().length)) || null"""

GREY = "rgb(228, 228, 228)"

# Every visible disabled button of the app with its background, opacity and text contrast.
DISABLED_LOOK_JS = """() => {
  const rgb = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const f = x => { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  return [...document.querySelectorAll('.pkt-app button')].filter(b => b.disabled && b.getClientRects().length).map(b => {
    const s = getComputedStyle(b);
    const [hi, lo] = [lum(rgb(s.color)), lum(rgb(s.backgroundColor))].sort((x, y) => y - x);
    return {button: (b.innerText || '').trim().slice(0, 30), cls: b.className, background: s.backgroundColor,
            opacity: s.opacity, contrast: (hi + 0.05) / (lo + 0.05)};
  });
}"""  # the apps' style for a disabled button, whatever its button_style


def answer(p: Any, before: str) -> None:
    """Wait (bounded) for the kernel's answer to a key press: the page changes, then settles."""
    p.wait_for_function(f"old => ({SNAPSHOT_JS})() !== old", arg=before, timeout=ANSWER_TIMEOUT)
    settle(p)


def wait_for_focus_on_next_control(p: Any) -> None:
    """Wait (bounded by ANSWER_TIMEOUT) until the control NEXT_GUESS_CONTROL_JS names has the focus; on
    a timeout return quietly, so the caller's assertion says where the focus is instead."""
    wait_until(p, f"() => {{ const sel = ({NEXT_GUESS_CONTROL_JS})(); return !!sel && ({FOCUS_JS})(sel).hit; }}")


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


def test_a_token_round_by_keyboard_takes_a_handful_of_presses(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    """From the learner's second move on, each move of a whole token round takes at most MOVE_PRESSES key
    presses: after a move the app puts the focus on the next move (widgets.controls.focus_first)."""
    page.open(voila_server.url("table.ipynb", "seed=1&players=4&lang=en"))
    p = page.page
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


@pytest.mark.parametrize("notebook", EXISTING)
def test_the_focus_ring_is_thick_and_disabled_buttons_are_grey(notebook: str, page: Page, voila_server: VoilaServer,
                                                            artifacts: Path) -> None:
    """In every app, the first 12 controls the Tab key reaches (the language toggles, menus, buttons, tabs,
    checkboxes, links) each show an outline of at least 2 px with a contrast of at least 3:1 against the page behind it; the
    disabled buttons on the page are grey."""
    page.open(voila_server.url(notebook, "seed=1&lang=en"))
    p = page.page
    settle(p)
    rings = []
    for _ in range(12):
        p.keyboard.press("Tab")
        ring = p.evaluate(RING_JS)
        if ring is not None:
            rings.append(ring)
    page.screenshot(artifacts, f"{notebook.removesuffix('.ipynb')}-focus-ring")
    assert rings, "Tab reached no control"
    weak = [r for r in rings if r["style"] in ("none", "hidden") or r["width"] < 2 or r["contrast"] < 3]
    assert not weak, "focus rings too thin or too pale:\n" + "\n".join(map(str, weak))
    # every visible disabled button is grey (not a faded primary/success/danger/info/warning colour),
    # not see-through, and its words readable (contrast of at least 4.5:1)
    disabled = p.evaluate(DISABLED_LOOK_JS)
    loud = [d for d in disabled if d["background"] != GREY or d["opacity"] != "1" or d["contrast"] < 4.5]
    assert not loud, "disabled buttons that do not look disabled:\n" + "\n".join(map(str, loud))
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


def test_voces_disabled_buttons_are_grey_in_every_style(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    """The Póker a Voces play tab's disabled buttons (warning, success, danger, primary and plain) are grey,
    opaque and readable, as the apps' style makes them."""
    if "voces_explorer.ipynb" not in EXISTING:
        pytest.skip("notebooks/voces_explorer.ipynb does not exist")
    page.open(voila_server.url("voces_explorer.ipynb", "seed=1&lang=en"))
    p = page.page
    open_tab(p, "Play against bots")
    p.locator(".pkt-voces-play button").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    settle(p)
    disabled = p.evaluate(DISABLED_LOOK_JS)
    page.screenshot(artifacts, "voces_explorer-disabled")
    assert disabled, "no disabled button in the Póker a Voces play tab at the start"
    loud = [d for d in disabled if d["background"] != GREY or d["opacity"] != "1" or d["contrast"] < 4.5]
    assert not loud, "disabled buttons that do not look disabled:\n" + "\n".join(map(str, loud))
    assert not page.errors, "\n".join(page.errors)
