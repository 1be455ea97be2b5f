"""One page journey per app and language: the page is opened once (a module-scoped fixture) and the checks
run on it in turn, in the order of this file, as a learner or teacher would meet them:

1. the title, no parameter error, no error of the page, the language the address asks for;
2. the axe-core audit (no violation of impact "serious" or "critical") and the focus ring (the first 12
   controls the Tab key reaches show an outline of at least 2 px with a contrast of at least 3:1; the
   disabled buttons are grey, opaque and readable);
3. the layout: no sideways scrolling and no words cut off at 1280x720 and at 768x1024, with and without the
   "Projector size" switch (which must make the text and the drawn pictures bigger), the explorers' other
   tabs at 768x1024, and the check cannot go blind (a too-wide block put into the page is reported);
4. play by clicks (the table: a whole game in each language, its showdowns turned over hand by hand and
   checked as table_game.py says, audited after the first deal; on the English page: the explorers a round
   in their play tab, the hand ranker a ranking, the replay its last step, the variant lab a run) and the
   checks of what was played, then the audit again;
5. the app's own extra checks on the page (English: the PokerGuess rulebook example, the Póker a Voces
   ranking of a typed hand, the variant lab's Stop, the hand ranker's cards drawn as pictures; German: a
   Póker a Voces special card explained when pressed);
6. the language switch (English to German, audited again; German to English; the page's address takes the
   language, so a reload keeps it) and, over the whole visit,
   the network: nothing asked of any host but 127.0.0.1 and the icons drawn with their font (offline.py).

Bad URL parameters are gathered into one address per app (:func:`test_bad_parameters_are_named`; the table's
and the Póker a Voces explorer's is a step of their teacher's workflow, test_teacher_workflow.py).
The screenshots are the docs' gallery as before (``test-artifacts/layout/``; ``PKT_DOC_SCREENSHOTS=1``
copies them into ``docs/screenshots/layout/``).

A step that fails leaves the page as it is; the next steps run on it and may fail after it: read the
first failure of a journey first. One journey alone: ``pytest tests/browser/test_journeys.py -k table-en``.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

from . import pages
from .offline import Traffic, offline_problems
from .pages import ANSWER_TIMEOUT, EXISTING, LANGUAGES, PROJECTOR, TABLET, Page, VoilaServer
from .table_game import play_whole_game

# Each app's address (besides ?lang=): seeds whose plays the checks below know.
QUERIES = {
    "index": "seed=7",
    "hand_ranker": "seed=4",
    "replay": "seed=7",
    "table": "seed=36&players=3",
    "variant_lab": "seed=3&players=3",
    "pokerguess_explorer": "seed=5&players=3",
    "voces_explorer": "seed=3&players=3",
    "class_tables": "seed=2",
}
# The German PokerGuess page opens at the tab its address names (?tab=): that check rides on this journey.
EXTRA_QUERY = {("pokerguess_explorer", "de"): "&tab=play"}
GUESS_MAX_CLICKS = 150
VOCES_MAX_CLICKS = 60


@dataclass
class Journey:
    app: str
    lang: str
    page: Page
    traffic: Traffic
    server: VoilaServer
    played: str = ""  # what step 4 did ("after a whole deal"), for the audits' lines
    notes: list[str] = field(default_factory=list)

    @property
    def p(self) -> Any:
        return self.page.page

    @property
    def notebook(self) -> str:
        return f"{self.app}.ipynb"

    def no_errors(self) -> None:
        assert not self.page.errors, f"{self.app} ({self.lang}): " + "\n".join(self.page.errors)


def journey_params() -> list[Any]:
    return [pytest.param((app, lang), id=f"{app}-{lang}",
                         marks=[] if f"{app}.ipynb" in EXISTING else [pytest.mark.skip(reason=f"notebooks/{app}.ipynb does not exist")])
            for app in QUERIES for lang in LANGUAGES]


def test_every_app_has_a_journey() -> None:
    """A new app in notebooks/ gets a journey too."""
    assert sorted(f"{app}.ipynb" for app in QUERIES) == sorted(set(EXISTING) | {f"{app}.ipynb" for app in QUERIES})


@pytest.fixture(scope="module", params=journey_params())
def journey(request: pytest.FixtureRequest, browser: Any, voila_server: VoilaServer) -> Iterator[Journey]:
    app, lang = request.param
    page = Page(browser)
    page.page.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
    traffic = Traffic(page.page)  # every request from the first: the page load, the plays, the language switch
    try:
        page.open(voila_server.url(f"{app}.ipynb", f"lang={lang}&{QUERIES[app]}{EXTRA_QUERY.get((app, lang), '')}"))
        pages.settle(page.page)
        yield Journey(app, lang, page, traffic, voila_server)
    finally:
        page.close()


# -------------------------------------------------------------------------------------------- 1. the page is there
def test_title_language_and_no_error(journey: Journey, artifacts: Path) -> None:
    p = journey.p
    journey.page.screenshot(artifacts, f"{journey.app}-{journey.lang}")
    assert journey.page.title(), f"{journey.app}: the title is empty"
    assert not p.locator(".pkt-param-error").count(), f"{journey.app}: a parameter error without a bad parameter"
    assert "Traceback" not in p.content()
    # settle() relies on reading the page's kernel state; if that ever reads nothing (the template, the
    # page's config or the server's API changed) every settle() would return at once: fail here instead
    assert p.evaluate(pages.KERNEL_STATE_JS) in {"idle", "busy"}, f"{journey.app}: the page's kernel state cannot be read"
    # and on its watch of the page's requests to its kernel: with no request seen (a renamed websocket address),
    # every settle() would wait for no answer; a format it cannot read makes it wait for a quiet time instead
    watch = p.evaluate("() => window.__pktRequests ? {sent: window.__pktRequests.sent, unknown: window.__pktRequests.unknown} : null")
    assert watch is not None and watch["sent"] > 0 and not watch["unknown"], f"{journey.app}: the page's requests are not watched: {watch}"
    chosen = p.locator(".pkt-language button.mod-active").first.inner_text().strip()
    assert chosen == LANGUAGES[journey.lang], f"?lang={journey.lang} shows the language switch on {chosen!r}"
    if (journey.app, journey.lang) == ("pokerguess_explorer", "de"):  # ?tab=play: the play tab is in view
        current = p.locator(".pkt-guess-tabs .lm-TabBar-tab.lm-mod-current").first
        pages.wait_for(p, "() => { const t = document.querySelector('.pkt-guess-tabs .lm-TabBar-tab.lm-mod-current');"
                          " return t && t.innerText.trim() === 'Gegen Bots spielen'; }", "the tab 'Gegen Bots spielen' in view")
        assert str(current.inner_text()).strip() == "Gegen Bots spielen"
        selected = p.get_by_role("tab", selected=True)
        assert selected.count() == 1 and str(selected.inner_text()).strip() == "Gegen Bots spielen"
        p.locator(".pkt-guess-play").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
        assert p.locator(".pkt-guess-board").first.is_visible(), "the drawn table of the game is in view"
        assert not p.locator("button.pkt-guess-deal").first.is_visible(), "the Cards tab is not in view"
    if (journey.app, journey.lang) == ("voces_explorer", "de"):  # German tab labels are shown whole
        labels = p.locator(".lm-TabBar-tabLabel")
        labels.first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
        cut = p.evaluate("""() => [...document.querySelectorAll('.lm-TabBar-tabLabel')]
            .filter(l => l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().right > window.innerWidth)
            .map(l => l.innerText)""")
        assert labels.count() >= 4 and cut == [], f"tab labels cut: {cut}"
    journey.no_errors()


# -------------------------------------------------------------------------------------------- 2. audit and focus ring
def test_audit_and_focus_ring(journey: Journey, artifacts: Path) -> None:
    p = journey.p
    found = pages.audit(p, f"{journey.app}, {LANGUAGES[journey.lang]}")
    if found:
        journey.page.screenshot(artifacts, f"a11y-{journey.app}-{journey.lang}")
    assert not found, f"axe-core: {len(found)} serious or critical violation(s):\n" + "\n".join(found)
    rings = []
    for _ in range(12):
        p.keyboard.press("Tab")
        ring = p.evaluate(pages.RING_JS)
        if ring is not None:
            rings.append(ring)
    journey.page.screenshot(artifacts, f"{journey.app}-{journey.lang}-focus-ring")
    assert rings, "Tab reached no control"
    weak = [r for r in rings if r["style"] in ("none", "hidden") or r["width"] < 2 or r["contrast"] < 3]
    assert not weak, "focus rings too thin or too pale:\n" + "\n".join(map(str, weak))
    # every visible disabled button is grey (not a faded primary/success/danger/info/warning colour), not
    # see-through, and its words readable (contrast of at least 4.5:1)
    loud = [d for d in p.evaluate(pages.DISABLED_LOOK_JS) if d["background"] != pages.GREY or d["opacity"] != "1" or d["contrast"] < 4.5]
    assert not loud, "disabled buttons that do not look disabled:\n" + "\n".join(map(str, loud))
    p.evaluate("() => document.activeElement && document.activeElement.blur()")
    journey.no_errors()


# -------------------------------------------------------------------------------------------- 3. layout
def test_layout_fits_projector_and_tablet(journey: Journey, artifacts: Path) -> None:
    p, app, lang = journey.p, journey.app, journey.lang
    folder = artifacts / "layout"
    folder.mkdir(exist_ok=True)
    pages.settle_layout(p)
    base = f"{app}-{lang}"
    wide, tall = f"{PROJECTOR[0]}x{PROJECTOR[1]}", f"{TABLET[0]}x{TABLET[1]}"
    problems = pages.look(p, folder, f"{base}-{wide}", wide)
    normal = p.evaluate(pages.SIZES_JS)
    pages.set_projector(p, True)
    problems += pages.look(p, folder, f"{base}-{wide}-projector", f"{wide} projector size")
    big = p.evaluate(pages.SIZES_JS)
    p.set_viewport_size({"width": TABLET[0], "height": TABLET[1]})
    pages.settle_layout(p)
    problems += pages.look(p, folder, None, f"{tall} projector size")
    pages.set_projector(p, False)
    problems += pages.look(p, folder, f"{base}-{tall}", tall)
    tabs = p.locator(".pkt-app .lm-TabBar-tab")  # the explorers' other tabs, on the tablet
    current = p.locator(".pkt-app .lm-TabBar-tab.lm-mod-current")
    first = current.first.inner_text().strip() if current.count() else ""
    for index in range(tabs.count()):
        tab = tabs.nth(index)
        if tab.inner_text().strip() == first:
            continue
        tab.click(timeout=ANSWER_TIMEOUT)
        pages.settle_layout(p)
        problems += pages.look(p, folder, None, f"{tall}, tab {tab.inner_text().strip()!r}")
    if first:  # back to the tab the page opened with
        p.locator(".pkt-app .lm-TabBar-tab", has_text=first).first.click(timeout=ANSWER_TIMEOUT)
    if not (big["title"] > normal["title"] and big["text"] >= normal["text"] * 1.3):
        problems.append(f"the projector size does not make the text bigger: {normal} -> {big}")
    if big["drawn"] < normal["drawn"] * 1.2:
        problems.append(f"the projector size does not make the drawn table or pictures bigger: {normal} -> {big}")
    # the check is not blind: a too-wide block in the app is reported (and taken out again)
    p.evaluate("""() => { const e = document.createElement('div'); e.id = 'pkt-too-wide'; e.style.width = '2000px';
                          e.textContent = 'too wide'; document.querySelector('.pkt-app').appendChild(e); }""")
    if not any("too wide" in problem for problem in pages.look(p, folder, None, tall)):
        problems.append("a 2000 px block in the app went unnoticed")
    p.evaluate("() => document.getElementById('pkt-too-wide').remove()")
    p.set_viewport_size({"width": PROJECTOR[0], "height": PROJECTOR[1]})
    pages.settle_layout(p)
    problems += journey.page.errors
    if not problems and os.environ.get("PKT_DOC_SCREENSHOTS") == "1":
        pages.to_gallery([folder / f"{base}-{wide}.png", folder / f"{base}-{wide}-projector.png", folder / f"{base}-{tall}.png"])
    assert not problems, f"{app} ({lang}):\n" + "\n".join(problems)


# -------------------------------------------------------------------------------------------- 4. play, audit again
def play_table(j: Journey, artifacts: Path) -> str:
    """A whole game against the bots, in the page's language, each showdown turned over hand by hand
    (table_game.py); audited when the first deal's result is shown ("after a whole deal") and at the end."""
    found: list[str] = []
    play_whole_game(j.p, j.lang, artifacts,
                    after_first_deal=lambda: found.extend(pages.audit(j.p, f"table, {LANGUAGES[j.lang]}, after a whole deal")))
    assert not found, f"axe-core: {len(found)} serious or critical violation(s):\n" + "\n".join(found)
    return "after a whole game"


def play_guess(j: Journey, artifacts: Path) -> str:
    """A round of PokerGuess against the bots in the play tab, by clicks to its check."""
    p = j.p
    pages.open_tab(p, "Play against bots")
    status = p.locator(".pkt-guess-status").first
    status.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    assert "Your turn" in status.inner_text()
    result = p.locator(".pkt-guess-result").first
    pages.play_by_clicks(p, pages.guess_moves, lambda: bool(result.inner_text().strip()), status, GUESS_MAX_CLICKS, "check")
    shown = result.inner_text()
    assert "The check of round 1" in shown
    assert "takes the pot" in shown or "shares the pot" in shown
    assert "Round 1 is over" in status.inner_text()
    assert p.locator("button.pkt-guess-next-round").first.is_visible()
    assert p.locator(".pkt-guess-log").first.inner_text().strip()
    assert not p.locator(".pkt-app .pkt-error").count() or not p.locator(".pkt-app .pkt-error").first.inner_text().strip()
    drawn = p.locator(".pkt-guess-board [data-key]")  # every picture on the drawn table has its text alternative
    assert drawn.count() >= 3 * 3 + 6
    assert all(label.strip() for label in drawn.evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-label') || '')"))
    return "after a round"


def play_voces(j: Journey, artifacts: Path) -> str:
    """A round of Póker a Voces against the bots in the play tab, by clicks to the final score; at the start
    the disabled buttons of every style are grey."""
    p = j.p
    pages.open_tab(p, "Play against bots")
    status = p.locator(".pkt-voces-status").first
    status.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    pages.settle(p)
    disabled = p.evaluate(pages.DISABLED_LOOK_JS)
    assert disabled, "no disabled button in the Póker a Voces play tab at the start"
    loud = [d for d in disabled if d["background"] != pages.GREY or d["opacity"] != "1" or d["contrast"] < 4.5]
    assert not loud, "disabled buttons that do not look disabled:\n" + "\n".join(map(str, loud))
    assert "Trade, or place your hand under token 1" in status.inner_text()
    assert p.locator(".pkt-voces-board button[data-key^='card-']").count() == 5  # your cards, drawn as pictures to press
    bet = p.locator("button.pkt-voces-bet").first
    assert bet.is_disabled() and "Trading is still going on" in (bet.get_attribute("title") or "")
    score = p.locator(".pkt-voces-score")
    pages.play_by_clicks(p, pages.voces_moves, lambda: bool(score.count()), status, VOCES_MAX_CLICKS, "score")
    shown = p.locator(".pkt-voces-result").first.inner_text()
    assert "The reveal of round 1" in shown and "Scores of round 1" in shown and "Total" in shown
    assert "The game is over" in status.inner_text() and "You scored" in status.inner_text()
    assert p.locator(".pkt-voces-log").first.inner_text().strip()
    assert not p.locator(".pkt-app .pkt-error").count() or not p.locator(".pkt-app .pkt-error").first.inner_text().strip()
    return "after a round"


def rank_hands(j: Journey, artifacts: Path) -> str:
    pages.click_and_wait(j.p, j.p.locator("button.pkt-rank").first)
    return "after ranking"


def replay_to_the_end(j: Journey, artifacts: Path) -> str:
    pages.click_and_wait(j.p, j.p.locator("button.pkt-last").first)
    return "at the last step"


def run_lab(j: Journey, artifacts: Path) -> str:
    """The variant lab runs 20 games and shows its results table."""
    p = j.p
    assert "at most" in p.locator(".pkt-cap").first.inner_text()
    games = p.locator(".pkt-games input").first
    games.fill("20")
    games.press("Enter")
    p.locator("button.pkt-run").first.click(timeout=ANSWER_TIMEOUT)
    p.locator(".pkt-results-table").first.wait_for(state="visible", timeout=60_000)
    pages.wait_for(p, "() => !document.querySelector('button.pkt-run').disabled", "Run enabled again after the run", timeout=60_000)
    pages.settle(p)
    return "after a run"


PLAYS = {"table": play_table, "pokerguess_explorer": play_guess, "voces_explorer": play_voces, "hand_ranker": rank_hands,
         "replay": replay_to_the_end, "variant_lab": run_lab}


PLAYED_IN_BOTH = {"table"}  # the others are played on the English page only


def test_play_by_clicks_then_audit(journey: Journey, artifacts: Path) -> None:
    if journey.app not in PLAYS or (journey.lang != "en" and journey.app not in PLAYED_IN_BOTH):
        pytest.skip("played on the English page" if journey.app in PLAYS else "nothing to play")
    journey.played = PLAYS[journey.app](journey, artifacts)
    journey.page.screenshot(artifacts, f"{journey.app}-{journey.lang}-played")
    found = pages.audit(journey.p, f"{journey.app}, {LANGUAGES[journey.lang]}, {journey.played}")
    if found:
        journey.page.screenshot(artifacts, f"a11y-{journey.app}-played")
    assert not found, f"axe-core: {len(found)} serious or critical violation(s):\n" + "\n".join(found)
    journey.no_errors()


# -------------------------------------------------------------------------------------------- 5. the apps' own checks
def guess_example(j: Journey, artifacts: Path) -> None:
    """The rulebook example: checked step by step in the Check tab, then stepped through in its own tab."""
    p = j.p
    pages.open_tab(p, "Cards")
    pages.click_and_wait(p, p.locator("button.pkt-guess-example-cards").first)
    pages.open_tab(p, "Check")
    pages.click_and_wait(p, p.locator("button.pkt-guess-check").first)
    pages.click_and_wait(p, p.locator("button.pkt-guess-check-all").first)
    shown = p.locator(".pkt-guess-check-result").first.inner_text()
    assert "Bottom's prediction holds: Bottom takes the pot." in shown
    # the Check tab's steps (the played round's result shows its own check steps in the play tab)
    assert p.locator(".pkt-guess-check-result .pkt-guess-check-step").count() == 4
    j.page.screenshot(artifacts, "pokerguess_explorer-example")
    pages.open_tab(p, "Rulebook example")
    counter = p.locator(".pkt-guess-step-counter").first
    counter.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    assert "Step 1 of" in counter.inner_text() and p.locator("button.pkt-guess-back").first.is_disabled()
    pages.click_and_wait(p, p.locator("button.pkt-guess-forward").first)
    assert "Step 2 of" in counter.inner_text()
    assert "Top predicts 3 red cards and 4 Bishops." in p.locator(".pkt-guess-narration").first.inner_text()
    pages.click_and_wait(p, p.locator("button.pkt-guess-last").first)
    assert "Bottom's prediction holds: Bottom takes the pot." in p.locator(".pkt-guess-narration").first.inner_text()
    assert p.locator("button.pkt-guess-forward").first.is_disabled() and p.locator("button.pkt-guess-last").first.is_disabled()
    j.page.screenshot(artifacts, "pokerguess_explorer-example-steps")
    pages.click_and_wait(p, p.locator("button.pkt-guess-first").first)
    assert "Step 1 of" in counter.inner_text() and p.locator("button.pkt-guess-first").first.is_disabled()


def voces_rank(j: Journey, artifacts: Path) -> None:
    """A typed hand with a Raccoon (a wild card) is ranked in the Rank tab."""
    p = j.p
    pages.open_tab(p, "Rank")
    p.locator(".pkt-voces-hands textarea").first.fill("Anna = Ks1 Ks2 Ks3 Ks4 raccoon\nBen = 2s2 7s2 9s2 Js2 As2")
    pages.click_and_wait(p, p.locator("button.pkt-voces-use").first)
    shown = p.locator(".pkt-voces-rank-result").first.inner_text()
    assert "five Kings (the Raccoon stands for K●)" in shown and "Anna wins the hand." in shown
    j.page.screenshot(artifacts, "voces_explorer-rank")


def lab_stop(j: Journey, artifacts: Path) -> None:
    """Run disables itself and offers Stop, the run plays in the background (the kernel stays idle and takes
    clicks), and after Stop the page shows Run again with "Stopped" within 2 s, and the kernel is idle."""
    p = j.p
    kernel = p.evaluate(pages.PAGE_KERNEL_JS)
    assert kernel, "the page names its kernel"
    games = p.locator(".pkt-games input").first
    games.fill("20000")  # clipped to the cap: longer than this check takes
    games.press("Enter")
    run, stop = p.locator("button.pkt-run").first, p.locator("button.pkt-stop").first
    assert run.is_enabled() and stop.is_disabled()
    run.click(timeout=ANSWER_TIMEOUT)
    stop.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    pages.wait_for(p, "() => !document.querySelector('button.pkt-stop').disabled", "Stop enabled while the run plays")
    assert run.is_disabled(), "Run is disabled while a run plays"
    # the run plays and its progress bar moves (twice seen, at two widths)
    bar = ("() => { const b = document.querySelector('.pkt-progress .progress-bar'); const m = document.querySelector('.pkt-message');"
           " return !!b && !!m && m.innerText.includes('Playing') && parseFloat(b.style.width) > 0 ? b.style.width : false; }")
    first = pages.wait_for(p, bar, "the message 'Playing ...' and the progress bar past 0")
    pages.wait_for(p, f"old => {{ const w = ({bar})(); return !!w && w !== old; }}", "the progress bar to move on", arg=first)
    assert pages.kernel_state(j.server, kernel) == "idle", "the run plays in the background: the kernel takes clicks"
    stop.click(timeout=ANSWER_TIMEOUT)
    clicked = time.monotonic()
    pages.wait_for(p, "() => !document.querySelector('button.pkt-run').disabled", "Run enabled within 2 s of Stop", timeout=2000)
    assert time.monotonic() - clicked < 2
    assert "Stopped after" in p.locator(".pkt-message").first.inner_text()
    # the run's thread enables Run first and disables Stop in its next message: wait (bounded) for that one
    pages.wait_for(p, "() => document.querySelector('button.pkt-stop').disabled", "Stop disabled after the run stopped")
    assert pages.kernel_state(j.server, kernel) == "idle"
    assert p.locator(".pkt-results-table").count() == 1, "the games played before the stop are shown"
    j.page.screenshot(artifacts, "lab-stopped")


def voces_special_explained(j: Journey, artifacts: Path) -> None:
    """Pressing a special card in the play tab explains it on the page (the Capybara first, then the others)."""
    p = j.p
    pages.open_tab(p, "Gegen Bots spielen")
    help_box = p.locator(".pkt-voces-play .pkt-voces-specials-help").first
    pages.click_and_wait(p, p.locator(".pkt-voces-play .pkt-voces-special-capybara").first)
    shown = help_box.inner_text()
    assert "gewinnt die schlechteste Hand" in shown and shown.index("Wasserschwein") < shown.index("Waschbär")
    assert help_box.is_visible()


def ranker_draws(j: Journey, artifacts: Path) -> None:
    """A new deal is drawn as pictures (the board and every hand), and the file chooser shows no file count."""
    p = j.p
    pages.click_and_wait(p, p.locator("button.pkt-deal").first)
    result = p.locator(".pkt-result").first
    result.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    assert result.locator("svg.pkt-svg").count() >= 2
    assert "(0)" not in p.locator(".pkt-app").first.inner_text()


EXTRAS = {("pokerguess_explorer", "en"): guess_example, ("voces_explorer", "en"): voces_rank,
          ("voces_explorer", "de"): voces_special_explained, ("variant_lab", "en"): lab_stop,
          ("hand_ranker", "en"): ranker_draws}


def test_the_apps_own_checks(journey: Journey, artifacts: Path) -> None:
    check = EXTRAS.get((journey.app, journey.lang))
    if check is None:
        pytest.skip("no checks of its own on this page")
    check(journey, artifacts)
    journey.no_errors()


# -------------------------------------------------------------------------------------------- 6. language, network
def test_language_switch_and_offline(journey: Journey, artifacts: Path) -> None:
    p, app = journey.p, journey.app
    before = journey.page.title()
    other = "Deutsch" if journey.lang == "en" else "English"
    pages.switch_language(p, other)
    code = {"Deutsch": "de", "English": "en"}[other]  # the address follows the switch: a reload keeps the language
    pages.wait_for(p, "lang => new URLSearchParams(location.search).get('lang') === lang",
                   f"?lang={code} in the page's address", arg=code)
    after = journey.page.title()
    journey.page.screenshot(artifacts, f"{app}-{journey.lang}-to-{other}")
    assert after and after != before
    found = []
    if journey.lang == "en":  # the played page, now German, audited a third time
        found = pages.audit(p, f"{app}, German" + (f", {journey.played}" if journey.played else ""))
    offline = offline_problems(journey.traffic, p, app, icons_expected=app != "index")
    if found or offline:
        journey.page.screenshot(artifacts, f"a11y-{app}-{journey.lang}-switched")
    assert not found, f"axe-core: {len(found)} serious or critical violation(s):\n" + "\n".join(found)
    assert not offline, "\n".join(offline)
    journey.no_errors()


# -------------------------------------------------------------------------------------------- bad parameters
BAD = {app: "players=9&seed=abc" for app in QUERIES}
# the table's and the Póker a Voces explorer's address with these also has a tampered deal code: a step of their
# teacher's workflow (test_teacher_workflow.py), which checks that each is named
ELSEWHERE = {"table", "voces_explorer"}
# the PokerGuess explorer's address also names a tab that does not exist: named, and the first tab opens
BAD["pokerguess_explorer"] = "lang=de&players=9&seed=abc&tab=spiel"
TAB_ERROR = ("Die Adresse nennt tab=spiel, das ist kein Reiter dieser Seite (möglich sind cards, check, example, play); "
             "die Angabe wird ignoriert.")


@pytest.mark.parametrize("app", [app for app in QUERIES if app not in ELSEWHERE])
def test_bad_parameters_are_named(app: str, page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    """One address per app with every bad parameter: each is named at the top of the page."""
    if f"{app}.ipynb" not in EXISTING:
        pytest.skip(f"notebooks/{app}.ipynb does not exist")
    page.open(voila_server.url(f"{app}.ipynb", BAD[app]))
    p = page.page
    errors = p.locator(".pkt-param-error")
    errors.first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    bad = [pair.split("=", 1)[1] for pair in BAD[app].split("&") if not pair.startswith("lang=")]
    pages.wait_for(p, "n => document.querySelectorAll('.pkt-param-error').length >= n", f"{len(bad)} parameter errors", arg=len(bad))
    texts = [str(text) for text in errors.all_inner_texts()]
    for value in bad:
        assert any(re.search(rf"\b{re.escape(value)}\b", text) for text in texts), f"{value!r} is not named: {texts}"
    page.screenshot(artifacts, f"{app}-bad-parameters")
    if app == "pokerguess_explorer":
        assert TAB_ERROR in [text.strip() for text in texts], texts
        pages.wait_for(p, "() => { const t = document.querySelector('.pkt-guess-tabs .lm-TabBar-tab.lm-mod-current');"
                          " return t && t.innerText.trim() === 'Karten'; }", "the first tab, 'Karten', in view")
        assert p.locator("button.pkt-guess-deal").first.is_visible(), "the Cards tab is in view"
        assert not p.locator(".pkt-guess-board").first.is_visible()
    assert not page.errors, f"{app}: " + "\n".join(page.errors)
