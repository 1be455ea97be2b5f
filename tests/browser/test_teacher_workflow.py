"""The teacher's workflow in Chromium, one test per game: play a few moves, save the game as a
scenario file (the page's download link), make the link (``?deal=CODE``), then

- open the app with a bad deal code: the page names the problem and shows a game of its own (for the
  table and the Póker a Voces explorer this address also has the bad parameters of BAD_PARAMETERS, each
  named at the top: their one address with every bad parameter);
- upload a broken file there: the message names the file and the problem, the game on the page stays;
- upload the saved file: the same situation is shown (status and cards); on the Pokerface page, scenario
  files over the size limit are then refused in the page (:func:`files_over_the_limit_are_refused`);
- open the link: the same situation again; step back in the scenario and continue: the bots play on. On
  the Pokerface table, at the step the link opens, a step back, after Continue and after a move played on,
  at 1280x720 and 768x1024: the learner's seat and its usable controls are in view, no visible element
  repeats the log, and while it is a replay step the banner saying so with its controls is in view too
  (:func:`table_in_view`).

Uses the session's Voila server and Chromium (conftest.py). With ``PKT_DOC_SCREENSHOTS=1`` the Pokerface
test writes the screenshots of docs/teachers-workflow.md (``docs/screenshots/workflow-*.png``; always into
test-artifacts/).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from . import pages as apps
from .pages import RING_JS, tab_to
from .table_game import TABLET, seat_in_view

ROOT = Path(__file__).resolve().parents[2]
BAD_PARAMETERS = "players=9&seed=abc"  # as test_journeys.BAD: a number of players the game has not, a seed not a number
DOCS = ROOT / "docs" / "screenshots"
VIEW = {"width": 1280, "height": 720}

pytestmark = pytest.mark.skipif(not {"table.ipynb", "pokerguess_explorer.ipynb", "voces_explorer.ipynb"} <= set(apps.EXISTING),
                                reason="the play apps' notebooks are missing")


def shot(p: Any, artifacts: Path, name: str, focus: Any, block: str = "start") -> None:
    """The learner's view at 1280x720 with ``focus`` in view: into test-artifacts/, and into docs/screenshots/
    when PKT_DOC_SCREENSHOTS=1. The page is then scrolled back to where it was: the checks after a screenshot
    see the page as the learner left it."""
    focus.evaluate(SCROLL_SAVED_JS)
    focus.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
    apps.next_frames(p)  # the scrolled view drawn
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        p.screenshot(path=str(DOCS / f"{name}.png"))
    p.evaluate(SCROLL_BACK_JS)
    apps.next_frames(p)


# Where every box around an element is scrolled (the page's own scrolling box is one of Voila's, not the window),
# and the same scrolls put back.
SCROLL_SAVED_JS = """e => { const saved = [];
  for (let box = e.parentElement; box; box = box.parentElement) saved.push([box, box.scrollTop, box.scrollLeft]);
  window.pktSavedScroll = saved; }"""
SCROLL_BACK_JS = """() => { for (const [box, top, left] of window.pktSavedScroll || []) { box.scrollTop = top; box.scrollLeft = left; }
  delete window.pktSavedScroll; }"""


def visible_text(locator: Any) -> str:
    return re.sub(r"\s+", " ", str(locator.first.inner_text())).strip()


def play_moves(p: Any, candidates: list[str], count: int) -> None:
    """``count`` moves by clicks: each time the first enabled, visible candidate."""
    for _ in range(count):
        apps.wait_for(p, "sels => sels.some(s => [...document.querySelectorAll(s)].some(e => e.getClientRects().length))",
                      f"one of {candidates} to click", arg=candidates)
        target = next((p.locator(c).first for c in candidates if p.locator(c).count() and p.locator(c).first.is_visible()), None)
        assert target is not None, f"nothing to click among {candidates}"
        apps.click_and_wait(p, target)


def save_file(p: Any, tmp_path: Path, name: str) -> Path:
    """Save as scenario, then click the download link as a teacher does; the file the browser saved."""
    apps.click_and_wait(p, p.locator("button.pkt-save-scenario").first)
    link = p.locator(".pkt-scenario-download a.pkt-scenario-file").first
    link.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    with p.expect_download(timeout=apps.ANSWER_TIMEOUT) as info:
        link.click()
    path = tmp_path / name
    info.value.save_as(str(path))
    return path


def make_link(p: Any) -> str:
    apps.click_and_wait(p, p.locator("button.pkt-copy-link").first)
    field = p.locator(".pkt-scenario-link input").first
    field.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    address = str(field.input_value())
    assert "?deal=" in address, address
    return address


# The file chooser counts the files the kernel has dealt with (data-received); the kernel counts a file
# as the last thing it does with it.
UPLOAD_RECEIVED_JS = """before => { const c = document.querySelector('.pkt-scenario-upload');
  return !!c && Number(c.dataset.received) > before; }"""


def upload(p: Any, path: Path) -> None:
    """Upload ``path`` as a teacher does and wait (bounded) for the kernel's whole answer: the page changes
    (the browser's own count of the file, or the kernel's answer), the kernel empties the upload, the page
    settles."""
    before = p.evaluate(apps.SNAPSHOT_JS)
    received = int(p.locator(".pkt-scenario-upload").first.get_attribute("data-received") or 0)
    with p.expect_file_chooser(timeout=apps.ANSWER_TIMEOUT) as chooser:  # the chooser's label, as a teacher clicks it
        p.locator(".pkt-scenario-upload .pkt-file-control").first.click()
    chooser.value.set_files(str(path))
    p.wait_for_function(f"old => ({apps.SNAPSHOT_JS})() !== old", arg=before, timeout=apps.ANSWER_TIMEOUT)
    p.wait_for_function(UPLOAD_RECEIVED_JS, arg=received, timeout=apps.ANSWER_TIMEOUT)
    apps.settle(p)


REFUSED_WITHIN_MS = 2000
MB = 1024 * 1024

# the control's focus ring: its outline, as the learner sees it around the label when the input has the focus
OUTLINE_JS = """() => { const e = document.activeElement; const s = getComputedStyle(e);
  return {tag: e.tagName.toLowerCase(), type: e.type || '', style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }"""


def _sparse_file(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that takes no room on disk (the page only ever asks for its size)."""
    with path.open("wb") as handle:
        handle.truncate(size)
    return path


def _received(p: Any) -> int:
    return int(p.locator(".pkt-scenario-upload").first.get_attribute("data-received") or 0)


def files_over_the_limit_are_refused(p: Any, tmp_path: Path, artifacts: Path) -> None:
    """A scenario file over the limit is refused in the page, before it is sent (widgets/file_input.py): files
    of 9, 11 and 80 MB are each refused within 2 s with a message that names the limit, the kernel receives
    none of them and stays idle, and afterwards a file within the limit still opens. The chooser is a real
    file input named by its label: reached by its label's words, its file dialog opened with a click on the
    label and, for the 11 MB file, from the keyboard (Tab to the input, its focus ring, Space)."""
    from pokerkit_teach.widgets.table import TableApp  # a scenario file to open, saved by the app itself

    small = tmp_path / "small.json"
    small.write_text(json.dumps(TableApp(query="seed=5&players=4").desk.scenario_data()), encoding="utf-8")
    chooser = p.get_by_label("Open scenario file")
    assert chooser.count() == 1 and chooser.evaluate("e => e.tagName + ':' + e.type") == "INPUT:file"
    control = p.locator(".pkt-scenario-upload .pkt-file-control").first  # the label, with the input over it
    alert = p.locator(".pkt-scenario-upload [role=alert]").first
    received = _received(p)

    for megabytes, by_keyboard in ((9, False), (11, True), (80, False)):
        big = _sparse_file(tmp_path / f"big-{megabytes}.json", megabytes * MB)
        with p.expect_file_chooser(timeout=apps.ANSWER_TIMEOUT) as dialog:
            if by_keyboard:
                p.locator("button.pkt-copy-link").first.focus()  # the control before it, then Tab as a learner does
                p.keyboard.press("Tab")
                outline = p.evaluate(OUTLINE_JS)
                assert outline["type"] == "file" and outline["style"] not in ("none", "hidden") and outline["width"] >= 2, outline
                p.keyboard.press("Space")
            else:
                control.click()
        dialog.value.set_files(str(big))
        p.wait_for_function(
            "name => { const a = document.querySelector('.pkt-scenario-upload [role=alert]');"
            " return !!a && a.innerText.includes(name) && a.innerText.includes('at most 2 MB'); }",
            arg=big.name, timeout=REFUSED_WITHIN_MS)
        text = alert.inner_text()
        assert re.search(rf"big-{megabytes}\.json was not opened: it is {megabytes}\.0 MB", text), text
        assert p.locator(".pkt-scenario-upload").first.get_attribute("data-state") == "refused"
        assert _received(p) == received, "nothing reached the kernel"
        assert p.evaluate(apps.KERNEL_STATE_JS) == "idle", "the kernel has nothing to do with a refused file"

    p.locator(".pkt-scenario-desk").first.screenshot(path=str(artifacts / "upload-refused.png"))
    # the page and its kernel still work: a file within the limit opens (the kernel's answer: the scenario)
    opened_before = p.locator(".pkt-message").first.inner_text()  # what the saved file's opening said
    with p.expect_file_chooser(timeout=apps.ANSWER_TIMEOUT) as dialog:
        control.click()
    dialog.value.set_files(str(small))
    p.wait_for_function(f"() => Number(document.querySelector('.pkt-scenario-upload').dataset.received) > {received}",
                        timeout=apps.ANSWER_TIMEOUT)
    p.locator(".pkt-scenario-viewer").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    apps.wait_for(p, "old => { const m = document.querySelector('.pkt-message'); return !!m && m.innerText !== old"
                     " && m.innerText.includes('Opened'); }", "the message that the small file was opened", arg=opened_before)
    assert not alert.inner_text().strip()


def workflow(page: apps.Page, server: Any, artifacts: Path, tmp_path: Path, notebook: str, query: str, tab: str | None,
             moves: list[str], move_count: int, situation: Callable[[Any], str], docs: bool = False,
             after_opening: Callable[[Any, Path, Path], None] | None = None, bad: str = "",
             in_view: Callable[[Any, str], None] | None = None) -> None:
    """The module's workflow on ``notebook``; ``in_view(p, where)``, when given, checks what must be in the
    learner's view at each step of the linked position (opened, a step back) and as the learner plays on."""
    p = page.page
    p.set_viewport_size(VIEW)
    name = "workflow" if docs else notebook.split(".")[0]

    def open_app(address: str) -> None:
        page.open(address)
        if tab:
            apps.open_tab(p, tab)
        p.locator(".pkt-scenario-desk").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)

    # 1. play a few moves, save them, make the link
    open_app(server.url(notebook, query))
    play_moves(p, moves, move_count)
    played = situation(p)
    if docs:
        shot(p, artifacts, f"{name}-1-play", p.locator(".pkt-status").first)
    saved = save_file(p, tmp_path, f"{name}.json")
    assert saved.read_bytes().startswith(b"{")
    if docs:
        shot(p, artifacts, f"{name}-2-save", p.locator(".pkt-scenario-desk").first, "center")
    address = make_link(p)
    if docs:
        shot(p, artifacts, f"{name}-3-link", p.locator(".pkt-scenario-desk").first, "center")
    code = address.split("deal=", 1)[1].split("&", 1)[0]
    if docs:  # the new controls by keyboard: Tab reaches each, with the apps' focus ring
        p.locator(".pkt-scenario-desk b").first.click()
        for selector in ("button.pkt-save-scenario", "a.pkt-scenario-file", "button.pkt-copy-link", "input", ".pkt-scenario-upload input[type=file]",
                         "select", "button.pkt-open-builtin"):
            tab_to(p, selector)
            ring = p.evaluate(RING_JS)
            assert ring["style"] not in ("none", "hidden") and ring["width"] >= 2 and ring["contrast"] >= 3, (selector, ring)

    # 2. a tampered code: named at the top; the app goes on with a game of its own. The address also carries
    # the app's other bad parameters (``bad``: this app's one address with every bad parameter): each is named
    tampered = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    open_app(server.url(notebook, f"deal={tampered}&{bad or 'seed=2'}"))
    if bad:
        named = [str(text) for text in p.locator(".pkt-param-error").all_inner_texts()]
        for value in [pair.split("=", 1)[1] for pair in bad.split("&")]:
            assert any(re.search(rf"\b{re.escape(value)}\b", text) for text in named), f"{value!r} is not named: {named}"
        page.screenshot(artifacts, f"{notebook.split('.')[0]}-bad-parameters")
    notice = visible_text(p.locator(".pkt-notice"))
    assert "The app starts as usual, because the deal code in the address cannot be opened" in notice, notice
    if docs:
        shot(p, artifacts, f"{name}-7-bad-code", p.locator(".pkt-notice").first)
    own = situation(p)
    assert own and own != played
    # 3. a broken file: named, and the game on the page stays
    broken = tmp_path / "broken.json"
    broken.write_bytes(saved.read_bytes()[: len(saved.read_bytes()) // 2])
    upload(p, broken)
    message = visible_text(p.locator(".pkt-message"))
    assert "broken.json" in message and "line" in message, message
    assert situation(p) == own
    # 4. the saved file: the same situation
    upload(p, saved)
    assert situation(p) == played
    assert p.locator(".pkt-scenario-viewer .pkt-scenario-step-counter").first.inner_text().strip()
    if docs:
        shot(p, artifacts, f"{name}-4-open", p.locator(".pkt-scenario-viewer").first, "center")
    if after_opening is not None:  # on the same page: what the app's scenario desk does besides
        after_opening(p, tmp_path, artifacts)

    # 5. the link: the same situation; a step back, then play on from there with bots
    page.page.goto(address, timeout=apps.RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.locator(".pkt-title").first.wait_for(state="visible", timeout=apps.RENDER_TIMEOUT)
    if tab:
        p.locator(".pkt-scenario-viewer").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert situation(p) == played
    assert not visible_text(p.locator(".pkt-notice"))
    if in_view is not None:
        in_view(p, "the link opened")
    counter = p.locator(".pkt-scenario-step-counter").first
    last = visible_text(counter)
    apps.click_and_wait(p, p.locator("button.pkt-scenario-back").first)
    assert visible_text(counter) != last
    if in_view is not None:
        in_view(p, "a step back")
    if docs:
        shot(p, artifacts, f"{name}-5-step", p.locator(".pkt-scenario-viewer").first, "center")
    apps.click_and_wait(p, p.locator("button.pkt-continue").first)
    assert "bots play the other seats" in visible_text(p.locator(".pkt-message"))
    assert not p.locator(".pkt-scenario-viewer").first.is_visible()
    if in_view is not None:
        in_view(p, "continued from the step")
    if docs:
        shot(p, artifacts, f"{name}-6-continue", p.locator(".pkt-status").first)
    if in_view is not None:  # and on: a move of the learner's, the bots' answers
        play_moves(p, moves, 1)
        in_view(p, "a move played on")
    assert not page.errors, "\n".join(page.errors)


# The drawn table's cards and chips as a screen reader names them (widgets/drawn.py: aria-label), each with
# its seat; not the seats' notes, which hold the bots' reasons (what a bot said while playing is not saved).
TABLE_WORDS_JS = """() => [...document.querySelectorAll('.pkt-board [data-key]')]
  .map(e => e.closest('[data-region]').dataset.region + ': ' + e.getAttribute('aria-label')).join(' | ')"""


def table_situation(p: Any) -> str:
    """The status and the drawn table's words, once the kernel is idle and they have kept still for 30 frames
    (bounded: 10 s): the table's pictures may arrive a little after the status on a busy machine."""
    apps.kernel_idle(p)
    reading = f"() => (document.querySelector('.pkt-status') || {{innerText: ''}}).innerText + ' | ' + ({TABLE_WORDS_JS})()"
    apps.keep_still(p, reading, "the status and the drawn table's words to keep still")
    return visible_text(p.locator(".pkt-status")) + " | " + str(p.evaluate(TABLE_WORDS_JS))


# The replay banner's controls (the steps, "Continue from here") while it is shown: each enabled one inside the window.
BANNER_JS = """() => {
  const banner = document.querySelector('.pkt-app .pkt-scenario-banner');
  if (!banner || !banner.checkVisibility()) return {shown: false, controls: 0, outside: []};
  const controls = [...banner.querySelectorAll('button')].filter(b => !b.disabled && b.checkVisibility());
  const outside = [];
  for (const e of [banner.querySelector('.pkt-scenario-title'), ...controls]) {
    const r = e.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
      outside.push(`${(e.innerText || e.className).trim().slice(0, 40)}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  }
  return {shown: true, controls: controls.length, outside};
}"""


def table_in_view(p: Any, where: str) -> None:
    """At 1280x720 and at 768x1024 (the window changed as a tablet turned, then back): the learner's seat and
    every control usable now inside the window, no visible element repeating the log (table_game.seat_in_view),
    and while the position is a replay step, the banner that says so with its enabled controls (at least
    Continue from here and a step) inside the window too."""
    stepping = p.locator(".pkt-scenario-banner").first.is_visible()
    for size in (VIEW, TABLET):
        p.set_viewport_size(size)
        apps.settle_layout(p)
        at = f"{where}, {size['width']}x{size['height']}"
        seat_in_view(p, at)
        banner = p.evaluate(BANNER_JS)
        assert banner["shown"] == stepping, f"{at}: the replay banner is {'not ' if stepping else ''}shown"
        assert not banner["outside"], f"{at}: the banner's controls out of view: {banner['outside']}"
        assert not stepping or banner["controls"] >= 2, f"{at}: the banner offers {banner['controls']} controls"
    p.set_viewport_size(VIEW)
    apps.settle_layout(p)


def test_pokerface_game_is_saved_linked_opened_and_continued(page: apps.Page, voila_server: Any, artifacts: Path, tmp_path: Path) -> None:
    workflow(page, voila_server, artifacts, tmp_path, "table.ipynb", "seed=11&players=4", None,
             [apps.TAKE_MIDDLE, apps.PASS], 2, table_situation, docs=True, after_opening=files_over_the_limit_are_refused,
             bad=BAD_PARAMETERS, in_view=table_in_view)


def guess_situation(p: Any) -> str:
    """The status and the drawn PokerGuess table's cards, chips and predictions as a screen reader names them."""
    words = p.evaluate(TABLE_WORDS_JS.replace(".pkt-board", ".pkt-guess-board"))
    return visible_text(p.locator(".pkt-guess-status")) + " | " + str(words)


def test_pokerguess_game_is_saved_linked_opened_and_continued(page: apps.Page, voila_server: Any, artifacts: Path, tmp_path: Path) -> None:
    workflow(page, voila_server, artifacts, tmp_path, "pokerguess_explorer.ipynb", "seed=4&players=3", "Play against bots",
             ["button.pkt-guess-stay:not([disabled])", "button.pkt-guess-predict:not([disabled])"], 1, guess_situation)


def voces_situation(p: Any) -> str:
    return visible_text(p.locator(".pkt-voces-status")) + " | " + visible_text(p.locator(".pkt-voces-board [data-region='seat-0']"))


def test_voces_game_is_saved_linked_opened_and_continued(page: apps.Page, voila_server: Any, artifacts: Path, tmp_path: Path) -> None:
    workflow(page, voila_server, artifacts, tmp_path, "voces_explorer.ipynb", "seed=3&players=3", "Play against bots",
             ["button.pkt-voces-place:not([disabled])"], 1, voces_situation, bad=BAD_PARAMETERS)
