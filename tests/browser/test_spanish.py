"""Spanish in a real browser: the table app opened with ``?lang=es`` plays a Pokerface deal by
clicks to its showdown, and every text the app itself writes is Spanish; German tab labels are not cut.

The Pokerface catalogue (the log, the showdown's sentences) is translated on its own; this file checks the
app's words (status, buttons, tally, cards, headings) and that none of them is left in English.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .test_apps import MAX_CLICKS, Page, move_candidates, play_by_clicks

VoilaServer = Any

# Words the English table app writes; none may remain on the Spanish page (outside the log and the
# showdown's sentences, which come from the Pokerface catalogue).
ENGLISH = ["Token round", "your turn", "waiting for", "Take ", "Pass", "I am done", "Reveal the next hand", "Successes",
           "Failures", "New game", "Your cards", "You play", "Board:", "Hint", "Show the bots' reasons", "Deal ",
           "(you)", "your seat", "face down", "your card", "in the middle", "in front of", "yours", "token ", "board:",
           "Middle of the table", "the order", "deals"]

# The drawn table's own words: its seats' names and notes, and every card's and chip's text alternative.
TABLE_WORDS_JS = """() => [...document.querySelectorAll('.pkt-board .pkt-drawn-title, .pkt-board .pkt-drawn-note')].map(e => e.innerText)
  .concat([...document.querySelectorAll('.pkt-board [data-key]')].map(e => e.getAttribute('aria-label'))).join('\\n')"""


def app_text(p: Any) -> str:
    """The app's own words: status, tally, cards, the move and setup buttons and labels, the headings."""
    parts = [p.locator(selector).first.inner_text() for selector in (".pkt-status", ".pkt-tally") if p.locator(selector).count()]
    parts.append(str(p.evaluate(TABLE_WORDS_JS)))
    parts += [button.inner_text() for button in p.locator(".pkt-app button").all()]
    parts += [label.inner_text() for label in p.locator(".pkt-app label").all()]
    parts += [heading.inner_text() for heading in p.locator(".pkt-showdown h4").all()]
    return "\n".join(parts)


def test_a_pokerface_deal_is_played_in_spanish(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    page.open(voila_server.url("table.ipynb", "lang=es&seed=3&players=4"))
    p = page.page
    assert page.title() == "Mesa de Pokerface"
    status = p.locator(".pkt-status").first
    assert "Reparto 1" in status.inner_text() and "Ronda de fichas" in status.inner_text()
    assert p.locator(".pkt-language button", has_text="Español").count() == 1
    showdown = p.locator(".pkt-showdown").first
    clicks = play_by_clicks(p, move_candidates, lambda: bool(showdown.inner_text().strip()), status, MAX_CLICKS, "showdown")
    assert clicks > 0
    page.screenshot(artifacts, "table-es-showdown")
    shown = app_text(p)
    assert "Showdown del reparto 1" in shown and "Éxitos:" in shown and "Semilla 3" in shown
    assert "Anna (tú)" in shown and "Descubrir la siguiente mano" in shown
    assert "carta propia de Ben, boca abajo" in shown and ", delante de " in shown and "ficha A de la ronda de picas" in shown
    cut = p.evaluate("""() => [...document.querySelectorAll('.pkt-app button')]
        .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)""")
    assert cut == [], f"button labels cut: {cut}"
    left = [word for word in ENGLISH if word in shown]
    assert not left, f"English left on the Spanish page: {left}\n{shown}"
    assert not page.errors, "\n".join(page.errors)


def test_german_tab_labels_are_shown_whole(page: Page, voila_server: VoilaServer, artifacts: Path) -> None:
    page.open(voila_server.url("voces_explorer.ipynb", "lang=de&seed=3"))
    p = page.page
    labels = p.locator(".lm-TabBar-tabLabel")
    labels.first.wait_for(state="visible", timeout=20_000)
    cut = p.evaluate("""() => [...document.querySelectorAll('.lm-TabBar-tabLabel')]
        .filter(l => l.scrollWidth > l.clientWidth + 1 || l.getBoundingClientRect().right > window.innerWidth)
        .map(l => l.innerText)""")
    page.screenshot(artifacts, "voces-explorer-de-tabs")
    assert labels.count() >= 4 and cut == [], f"tab labels cut: {cut}"
    assert not page.errors, "\n".join(page.errors)
