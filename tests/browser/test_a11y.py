"""axe-core audits every app in Chromium, in English and in German, before and after it is played
no violation of impact "serious" or "critical" is allowed. The same visit checks that the
app works on a classroom network without the internet: from the page's first request to the
last audit nothing is asked of any host but 127.0.0.1, and the Font Awesome icons draw with their font
(tests/browser/offline.py; one page load per app serves both checks).

axe-core is the accessibility engine of Deque (the rules of WCAG 2.x A/AA and best practices); it comes
bundled in the Python package axe-playwright-python (``axe.min.js`` inside the package, injected into the
page by ``page.evaluate``): nothing is fetched. docs/accessibility.md says what is audited and why.

Each app is opened once, in English, and audited; then it is played a little (the table: a whole deal
against the bots, to the "Next deal" button; the PokerGuess and Póker a Voces explorers: a round in their
play tab; the hand ranker: a hand ranked; the rulebook replay: its last step; the variant lab: a run of
a few games) and audited again; then its language switch makes it German and it is audited a third time.
The pages and the moves are those of the other browser tests (test_apps.py, test_guess_app.py,
test_voces_app.py), so a renamed button is renamed for all of them.

A failure lists, per audit, each violation's rule id, impact, the help text and its address, and the CSS
selectors of the elements that fail it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from axe_playwright_python.sync_playwright import Axe

from . import test_apps as apps
from .offline import Traffic, offline_problems
from . import test_guess_app as guess
from . import test_voces_app as voces

BLOCKING = ("serious", "critical")  # impacts that fail the test ("minor" and "moderate" are reported by axe, not here)
TABLE_MAX_CLICKS = 60  # one Pokerface deal of seed 36 with three players takes about 15 clicks
GUESS_MAX_CLICKS = 150
VOCES_MAX_CLICKS = 60
SHOWN_TARGETS = 6  # failing elements listed per rule

AXE = Axe()  # reads the bundled axe.min.js once


def audit(p: Any, where: str) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one readable line each (with the
    selectors of the elements that fail)."""
    results = AXE.run(p)
    lines = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in BLOCKING:
            continue
        nodes = violation.get("nodes", [])
        targets = [" ".join(str(part) for part in node.get("target", [])) for node in nodes[:SHOWN_TARGETS]]
        more = f" (and {len(nodes) - SHOWN_TARGETS} more)" if len(nodes) > SHOWN_TARGETS else ""
        lines.append(
            f"{where}: {violation['id']} ({violation['impact']}): {violation['help']} <{violation.get('helpUrl', '')}>\n"
            + "\n".join(f"      {target}" for target in targets) + more
        )
    return lines


def to_german(p: Any) -> None:
    """The app's language switch, as a learner uses it; waits for the German title and a quiet page."""
    english = str(p.locator(".pkt-title").first.inner_text()).strip()
    p.locator(".pkt-language button", has_text="Deutsch").first.click(timeout=apps.ANSWER_TIMEOUT)
    p.wait_for_function(
        "old => { const t = document.querySelector('.pkt-title'); return t && t.innerText.trim() && t.innerText.trim() !== old; }",
        arg=english, timeout=apps.ANSWER_TIMEOUT,
    )
    apps.settle(p)


# -- how each app is played ------------------------------------------------------------------------------

def visible(p: Any, selector: str) -> bool:
    locator = p.locator(selector)
    return bool(locator.count() and locator.first.is_visible())


def play_table_deal(p: Any) -> str:
    """A whole deal against the bots: moves (apps.move_candidates: pass, take, reveal) until "Next deal"."""
    apps.play_by_clicks(p, apps.move_candidates, lambda: visible(p, "button.pkt-next-deal"), p.locator(".pkt-status").first,
                        TABLE_MAX_CLICKS, "end of the deal")
    return "after a whole deal"


def play_guess_round(p: Any) -> str:
    """A round of PokerGuess against the bots in the play tab, to its check."""
    apps.open_tab(p, "Play against bots")
    status = p.locator(".pkt-guess-status").first
    status.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    result = p.locator(".pkt-guess-result").first
    apps.play_by_clicks(p, guess.move_candidates, lambda: bool(result.inner_text().strip()), status, GUESS_MAX_CLICKS, "check")
    return "after a round"


def play_voces_round(p: Any) -> str:
    """A round of Póker a Voces against the bots in the play tab, to the final score."""
    apps.open_tab(p, "Play against bots")
    status = p.locator(".pkt-voces-status").first
    status.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    score = p.locator(".pkt-voces-score")
    apps.play_by_clicks(p, voces.move_candidates, lambda: bool(score.count()), status, VOCES_MAX_CLICKS, "score")
    return "after a round"


def rank_hands(p: Any) -> str:
    """The hand ranker ranks the hands it dealt."""
    apps.click_and_wait(p, p.locator("button.pkt-rank").first)
    return "after ranking"


def replay_to_the_end(p: Any) -> str:
    """The rulebook replay's last step (the outcome)."""
    apps.click_and_wait(p, p.locator("button.pkt-last").first)
    return "at the last step"


def run_lab(p: Any) -> str:
    """The variant lab runs 20 games and shows its results table."""
    games = p.locator(".pkt-games input").first
    games.fill("20")
    games.press("Enter")
    p.locator("button.pkt-run").first.click(timeout=apps.ANSWER_TIMEOUT)
    p.locator(".pkt-results-table").first.wait_for(state="visible", timeout=60_000)
    p.wait_for_function("() => !document.querySelector('button.pkt-run').disabled", timeout=60_000)
    apps.settle(p)
    return "after a run"


@dataclass(frozen=True)
class Visit:
    notebook: str
    query: str
    play: Callable[[Any], str] | None


VISITS = [
    Visit("index.ipynb", "lang=en", None),
    Visit("hand_ranker.ipynb", "lang=en&seed=4", rank_hands),
    Visit("replay.ipynb", "lang=en", replay_to_the_end),
    Visit("table.ipynb", "lang=en&seed=36&players=3", play_table_deal),
    Visit("variant_lab.ipynb", "lang=en&seed=3&players=3", run_lab),
    Visit("pokerguess_explorer.ipynb", "lang=en&seed=5&players=3", play_guess_round),
    Visit("voces_explorer.ipynb", "lang=en&seed=3&players=3", play_voces_round),
    Visit("class_tables.ipynb", "lang=en", None),
]


def visit_params() -> list[Any]:
    return [
        pytest.param(visit, id=visit.notebook.removesuffix(".ipynb"),
                     marks=[] if visit.notebook in apps.EXISTING else
                     [pytest.mark.skip(reason=f"notebooks/{visit.notebook} does not exist yet")])
        for visit in VISITS
    ]


def test_every_app_is_visited() -> None:
    """A new app in notebooks/ gets an audit here too."""
    assert sorted(visit.notebook for visit in VISITS) == sorted(set(apps.EXISTING) | {v.notebook for v in VISITS})


@pytest.mark.parametrize("visit", visit_params())
def test_no_serious_accessibility_violation_and_nothing_from_the_internet(visit: Visit, page: apps.Page, voila_server: Any,
                                                                          artifacts: Path) -> None:
    name = visit.notebook.removesuffix(".ipynb")
    p = page.page
    traffic = Traffic(p)  # every request from the first: the page load, the plays, the language switch
    page.open(voila_server.url(visit.notebook, visit.query))
    apps.settle(p)
    found = audit(p, f"{name}, English")
    after = ""
    if visit.play is not None:
        after = visit.play(p)
        found += audit(p, f"{name}, English, {after}")
    to_german(p)
    found += audit(p, f"{name}, German" + (f", {after}" if after else ""))
    offline = offline_problems(traffic, p, name, icons_expected=visit.notebook != "index.ipynb")
    if found or offline:
        page.screenshot(artifacts, f"a11y-{name}")
        print("\n".join(found + offline))
    assert not found, f"axe-core: {len(found)} serious or critical violation(s):\n" + "\n".join(found)
    assert not offline, "\n".join(offline)
    assert not page.errors, f"{name}: " + "\n".join(page.errors)
