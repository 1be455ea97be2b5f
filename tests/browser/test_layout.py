"""Every app fits a 1280x720 projector and a 768-pixel-wide tablet without sideways scrolling, in English
and German, with and without the "Projector size" switch; the screenshots are the docs' gallery.

One page per app and language (``?lang=``; the two load at the same time): it opens at 1280x720, is shot,
gets the projector size (shot again: the title, the text and the drawn table or the pictures must have
grown), is checked with it at 768x1024, loses it and is shot at 768x1024 (the viewport changes within the
page, as a tablet turned or a window narrowed); the explorers' other tabs are then opened one by one and
checked at 768x1024 too.
Screenshots are of the viewport, as a projector or a tablet shows it, and go to
``test-artifacts/layout/<app>-<lang>-<width>x<height>[-projector].png``. With ``PKT_DOC_SCREENSHOTS=1`` a
passing test also copies them into the docs' gallery, ``docs/screenshots/layout/`` (docs/screenshots.md),
made smaller by ``pngquant`` if it is installed (about a third of the size; the test runs without it).

"No sideways scrolling" is checked in the page (:data:`OVERFLOW_JS`): the document is not wider than
its window, no element that scrolls sideways (Voila's and Jupyter's containers, ipywidgets' boxes, the
drawn tables) holds more than its width, and nothing of the app sticks out past the window's right edge
(where a box that hides its overflow would cut it off), and no words are cut off by a box too narrow for
them (a label, a button). A too-wide element put into each page at the end must be reported, so the check
itself cannot go blind.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .test_apps import ANSWER_TIMEOUT, EXISTING, RENDER_TIMEOUT, ROOT, Page

VoilaServer = Any  # the session server of conftest.py

APPS = ["index", "hand_ranker", "replay", "table", "variant_lab", "pokerguess_explorer", "voces_explorer", "class_tables"]
LANGUAGES = {"en": "English", "de": "Deutsch"}
PROJECTOR = (1280, 720)
TABLET = (768, 1024)
GALLERY = ROOT / "docs" / "screenshots" / "layout"
SEED = 7  # the same deals in every run, so a picture of the gallery changes only when the app does

# Problems that make a page scroll sideways or cut its content off at the right, as readable lines.
OVERFLOW_JS = """() => {
  const name = e => {
    let s = e.tagName.toLowerCase();
    const classes = [...e.classList].filter(c => c.startsWith('pkt-') || c.startsWith('widget-') || c.startsWith('jp-')).slice(0, 4);
    if (classes.length) s += '.' + classes.join('.');
    const text = (e.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return text ? `${s} ("${text}")` : s;
  };
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) problems.push(`the page is ${root.scrollWidth} px wide in a window of ${root.clientWidth} px`);
  for (const e of document.querySelectorAll('body, body *')) {
    const style = getComputedStyle(e);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
      problems.push(`${name(e)} scrolls sideways: ${e.scrollWidth} px of content in ${e.clientWidth} px`);
    }
  }
  const right = root.clientWidth;
  const beyond = [];
  for (const e of document.querySelectorAll('.pkt-app *')) {
    const box = e.getBoundingClientRect();
    // checkVisibility: a closed <details> keeps the stale boxes of its hidden content
    if (box.width > 0 && box.height > 0 && box.right > right + 1 && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})
        && !beyond.some(outer => outer.contains(e))) beyond.push(e);
  }
  for (const e of beyond.slice(0, 5)) problems.push(`${name(e)} reaches ${Math.round(e.getBoundingClientRect().right)} px, past the window's ${right} px`);
  // words cut off by a box too narrow for them that hides the rest (a label of ipywidgets' 80 px, a button's '…')
  for (const e of document.querySelectorAll('.pkt-app *')) {
    const style = getComputedStyle(e);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && (e.innerText || '').trim()
        && e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})) {
      problems.push(`${name(e)} is cut off: ${e.scrollWidth} px of words in ${e.clientWidth} px`);
    }
  }
  return problems;
}"""

# The layout has settled when the boxes of the app stop changing (lumino and the drawn tables' ResizeObserver
# react to a new viewport size within a frame or two).
LAYOUT_JS = """() => {
  const app = document.querySelector('.pkt-app');
  if (!app) return '';
  return [...app.querySelectorAll('*')].slice(0, 3000).map(e => { const b = e.getBoundingClientRect(); return `${Math.round(b.width)}x${Math.round(b.height)}`; }).join(',')
    + '|' + app.innerText.length;
}"""

SIZES_JS = """() => {
  const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;
  const app = document.querySelector('.pkt-app');
  const text = [...app.querySelectorAll('.widget-html-content, .widget-label, button')].find(e => e.checkVisibility() && e.innerText.trim());
  const drawn = [...app.querySelectorAll('.pkt-drawn-item, .widget-html-content svg.pkt-svg')].find(e => e.checkVisibility());
  return {title: px(app.querySelector('.pkt-title')), text: px(text), drawn: drawn ? drawn.getBoundingClientRect().width : 0};
}"""


class LayoutPage(Page):
    """A page of test_apps that is sent to its address (:meth:`start`) before it is waited for (:meth:`open_wait`)."""

    def start(self, url: str) -> None:
        self.page.goto(url, timeout=RENDER_TIMEOUT, wait_until="commit")

    def open_wait(self) -> None:
        self.page.locator(".pkt-title").first.wait_for(state="visible", timeout=RENDER_TIMEOUT)


def settle_layout(p: Any, quiet_ms: int = 150, limit_ms: int = 8_000) -> None:
    """Wait (bounded) until the app's boxes have not changed for ``quiet_ms``, and for the web fonts."""
    p.evaluate("() => document.fonts.ready.then(() => true)")
    last = p.evaluate(LAYOUT_JS)
    waited = 0
    while waited < limit_ms:
        p.wait_for_timeout(quiet_ms)
        waited += quiet_ms
        now = p.evaluate(LAYOUT_JS)
        if now == last:
            return
        last = now


def set_projector(p: Any, on: bool) -> None:
    switch = p.locator(".pkt-projector-switch").first
    switch.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"() => !!document.querySelector('.pkt-app.pkt-projector') === {'true' if on else 'false'}",
                        timeout=ANSWER_TIMEOUT)
    settle_layout(p)


def look(p: Any, folder: Path, shot: str | None, where: str) -> list[str]:
    """Shoot the viewport (if ``shot`` names the file) and say what scrolls sideways, each line prefixed with ``where``."""
    if shot:
        p.screenshot(path=str(folder / f"{shot}.png"))
    return [f"{where}: {problem}" for problem in p.evaluate(OVERFLOW_JS)]


def to_gallery(shots: list[Path]) -> None:
    """Copy screenshots into the docs' gallery, through pngquant (256 colours) when it is installed."""
    GALLERY.mkdir(parents=True, exist_ok=True)
    pngquant = shutil.which("pngquant")
    for shot in shots:
        target = GALLERY / shot.name
        made = pngquant and subprocess.run([pngquant, "--quality", "70-95", "--speed", "1", "--strip", "--force", "--output", str(target),
                                            str(shot)], timeout=60).returncode == 0
        if not made:  # no pngquant, or it could not keep the quality: the screenshot as it is
            shutil.copyfile(shot, target)


def app_params() -> list[Any]:
    return [
        pytest.param(app, id=app, marks=[] if f"{app}.ipynb" in EXISTING else [pytest.mark.skip(reason=f"notebooks/{app}.ipynb does not exist")])
        for app in APPS
    ]


def check_page(page: LayoutPage, app: str, lang: str, folder: Path) -> list[str]:
    """Shoot and check one opened page as the module says; returns what is wrong, each line naming the size."""
    p = page.page
    page.open_wait()
    settle_layout(p)
    chosen = p.locator(".pkt-language button.mod-active").first.inner_text().strip()
    if chosen != LANGUAGES[lang]:
        return [f"?lang={lang} shows the language switch on {chosen!r}"]
    base = f"{app}-{lang}"
    wide, tall = f"{PROJECTOR[0]}x{PROJECTOR[1]}", f"{TABLET[0]}x{TABLET[1]}"

    problems = look(p, folder, f"{base}-{wide}", wide)
    normal = p.evaluate(SIZES_JS)
    set_projector(p, True)
    problems += look(p, folder, f"{base}-{wide}-projector", f"{wide} projector size")
    big = p.evaluate(SIZES_JS)
    p.set_viewport_size({"width": TABLET[0], "height": TABLET[1]})
    settle_layout(p)
    problems += look(p, folder, None, f"{tall} projector size")
    set_projector(p, False)
    problems += look(p, folder, f"{base}-{tall}", tall)
    tabs = p.locator(".pkt-app .lm-TabBar-tab")  # the explorers' other tabs, on the tablet
    for index in range(1, tabs.count()):
        tab = tabs.nth(index)
        tab.click(timeout=ANSWER_TIMEOUT)
        settle_layout(p)
        problems += look(p, folder, None, f"{tall}, tab {tab.inner_text().strip()!r}")

    if not (big["title"] > normal["title"] and big["text"] >= normal["text"] * 1.3):
        problems.append(f"the projector size does not make the text bigger: {normal} -> {big}")
    if big["drawn"] < normal["drawn"] * 1.2:
        problems.append(f"the projector size does not make the drawn table or pictures bigger: {normal} -> {big}")
    # the check is not blind: a too-wide block in the app is reported
    p.evaluate("""() => { const e = document.createElement('div'); e.id = 'pkt-too-wide'; e.style.width = '2000px';
                          e.textContent = 'too wide'; document.querySelector('.pkt-app').appendChild(e); }""")
    if not any("too wide" in problem for problem in look(p, folder, None, tall)):
        problems.append("a 2000 px block in the app went unnoticed")
    problems += page.errors
    if not problems and os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        to_gallery([folder / f"{base}-{wide}.png", folder / f"{base}-{wide}-projector.png", folder / f"{base}-{tall}.png"])
    return problems


@pytest.mark.parametrize("app", app_params())
def test_app_fits_projector_and_tablet_without_sideways_scrolling(app: str, browser: Any, voila_server: VoilaServer,
                                                                  artifacts: Path) -> None:
    folder = artifacts / "layout"
    folder.mkdir(exist_ok=True)
    pages = {lang: LayoutPage(browser) for lang in LANGUAGES}
    try:
        for lang, page in pages.items():  # both pages load at once: the German one renders while the English one is checked
            page.page.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
            page.start(voila_server.url(f"{app}.ipynb", f"lang={lang}&seed={SEED}"))
        problems = [f"{lang}: {problem}" for lang, page in pages.items() for problem in check_page(page, app, lang, folder)]
    finally:
        for page in pages.values():
            page.close()
    assert not problems, f"{app}:\n" + "\n".join(problems)
