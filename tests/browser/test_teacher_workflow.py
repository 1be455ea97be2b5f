"""The teacher's workflow in Chromium, one test per game: play a few moves, save the game as a
scenario file (the page's download link), make the link (``?deal=CODE``), then

- open the app with a bad deal code: the page names the problem and shows a game of its own;
- upload a broken file there: the message names the file and the problem, the game on the page stays;
- upload the saved file: the same situation is shown (status and cards);
- open the link: the same situation again; step back in the scenario and continue: the bots play on.

Uses the session's Voila server and Chromium (conftest.py). With ``PKT_DOC_SCREENSHOTS=1`` the Pokerface
test writes the screenshots of docs/teachers-workflow.md (``docs/screenshots/workflow-*.png``; always into
test-artifacts/).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from . import test_apps as apps
from .test_keyboard import RING_JS, tab_to

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "screenshots"
VIEW = {"width": 1280, "height": 720}

pytestmark = pytest.mark.skipif(not {"table.ipynb", "pokerguess_explorer.ipynb", "voces_explorer.ipynb"} <= set(apps.EXISTING),
                                reason="the play apps' notebooks are missing")


def shot(p: Any, artifacts: Path, name: str, focus: Any, block: str = "start") -> None:
    """The learner's view at 1280x720 with ``focus`` in view: into test-artifacts/, and into docs/screenshots/
    when PKT_DOC_SCREENSHOTS=1."""
    focus.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
    p.wait_for_timeout(150)
    p.screenshot(path=str(artifacts / f"{name}.png"))
    if os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        p.screenshot(path=str(DOCS / f"{name}.png"))


def visible_text(locator: Any) -> str:
    return re.sub(r"\s+", " ", str(locator.first.inner_text())).strip()


def play_moves(p: Any, candidates: list[str], count: int) -> None:
    """``count`` moves by clicks: each time the first enabled, visible candidate."""
    for _ in range(count):
        target = None
        for _ in range(50):
            target = next((p.locator(c).first for c in candidates if p.locator(c).count() and p.locator(c).first.is_visible()), None)
            if target is not None:
                break
            p.wait_for_timeout(200)
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


def workflow(page: apps.Page, server: Any, artifacts: Path, tmp_path: Path, notebook: str, query: str, tab: str | None,
             moves: list[str], move_count: int, situation: Callable[[Any], str], docs: bool = False) -> None:
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

    # 2. a tampered code: named at the top; the app goes on with a game of its own
    tampered = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    open_app(server.url(notebook, f"deal={tampered}&seed=2"))
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
    assert p.locator(".pkt-scenario-viewer .pkt-scenario-step").first.inner_text().strip()
    if docs:
        shot(p, artifacts, f"{name}-4-open", p.locator(".pkt-scenario-viewer").first, "center")

    # 5. the link: the same situation; a step back, then play on from there with bots
    page.page.goto(address, timeout=apps.RENDER_TIMEOUT, wait_until="domcontentloaded")
    p.locator(".pkt-title").first.wait_for(state="visible", timeout=apps.RENDER_TIMEOUT)
    if tab:
        p.locator(".pkt-scenario-viewer").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert situation(p) == played
    assert not visible_text(p.locator(".pkt-notice"))
    counter = p.locator(".pkt-scenario-step-counter").first
    last = visible_text(counter)
    apps.click_and_wait(p, p.locator("button.pkt-scenario-back").first)
    assert visible_text(counter) != last
    if docs:
        shot(p, artifacts, f"{name}-5-step", p.locator(".pkt-scenario-viewer").first, "center")
    apps.click_and_wait(p, p.locator("button.pkt-continue").first)
    assert "bots play the other seats" in visible_text(p.locator(".pkt-message"))
    assert not p.locator(".pkt-scenario-viewer").first.is_visible()
    if docs:
        shot(p, artifacts, f"{name}-6-continue", p.locator(".pkt-status").first)
    assert not page.errors, "\n".join(page.errors)


# The drawn table's cards and chips as a screen reader names them (widgets/drawn.py: aria-label), each with
# its seat; not the seats' notes, which hold the bots' reasons (what a bot said while playing is not saved).
TABLE_WORDS_JS = """() => [...document.querySelectorAll('.pkt-board [data-key]')]
  .map(e => e.closest('[data-region]').dataset.region + ': ' + e.getAttribute('aria-label')).join(' | ')"""


def table_situation(p: Any) -> str:
    """The status and the drawn table's words, once they have not changed for 0.6 s (bounded: 10 s): the
    table's pictures may arrive a little after the status on a busy machine."""
    def read() -> str:
        return visible_text(p.locator(".pkt-status")) + " | " + str(p.evaluate(TABLE_WORDS_JS))

    last = read()
    for _ in range(33):
        p.wait_for_timeout(300)
        now = read()
        if now == last:
            p.wait_for_timeout(300)
            if read() == now:
                return now
        last = now
    return last


def test_pokerface_game_is_saved_linked_opened_and_continued(page: apps.Page, voila_server: Any, artifacts: Path, tmp_path: Path) -> None:
    workflow(page, voila_server, artifacts, tmp_path, "table.ipynb", "seed=11&players=4", None,
             [apps.TAKE_MIDDLE, apps.PASS], 2, table_situation, docs=True)


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
             ["button.pkt-voces-place:not([disabled])"], 1, voces_situation)
