"""``?tab=`` in a real browser: the PokerGuess explorer opens with the tab its address names in view,
and an unknown key is named at the top of the page while the first tab opens.

Uses the session's Voila server and Chromium (conftest.py) and the Page helper of test_apps.py; the
quick-tier checks of the parameter are in tests/apps/test_tab_param.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import test_apps as apps

NOTEBOOK = "pokerguess_explorer.ipynb"

pytestmark = pytest.mark.skipif(NOTEBOOK not in apps.EXISTING, reason=f"notebooks/{NOTEBOOK} does not exist yet")


def current_tab(p: Any, title: str) -> str:
    """The label of the tab in view once it reads ``title`` (or whatever it reads after the wait)."""
    current = p.locator(".pkt-guess-tabs .lm-TabBar-tab.lm-mod-current").first
    apps.wait_until(p, "title => { const t = document.querySelector('.pkt-guess-tabs .lm-TabBar-tab.lm-mod-current');"
                       " return t && t.innerText.trim() === title; }", arg=title)  # on a timeout the caller names the tab
    return str(current.inner_text()).strip()


def test_the_address_opens_the_play_tab(page: apps.Page, voila_server: Any) -> None:
    page.open(voila_server.url(NOTEBOOK, "tab=play&lang=de&seed=5"))
    p = page.page
    assert current_tab(p, "Gegen Bots spielen") == "Gegen Bots spielen"
    selected = p.get_by_role("tab", selected=True)
    assert selected.count() == 1 and str(selected.inner_text()).strip() == "Gegen Bots spielen"
    p.locator(".pkt-guess-play").first.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert p.locator(".pkt-guess-board").first.is_visible(), "the drawn table of the game is in view"
    assert not p.locator("button.pkt-guess-deal").first.is_visible(), "the Cards tab is not in view"
    assert not p.locator(".pkt-param-error").count()
    assert not page.errors, "\n".join(page.errors)


def test_an_unknown_tab_is_named_and_the_first_tab_opens(page: apps.Page, voila_server: Any) -> None:
    page.open(voila_server.url(NOTEBOOK, "tab=spiel&lang=de&seed=5"))
    p = page.page
    error = p.locator(".pkt-param-error").first
    error.wait_for(state="visible", timeout=apps.ANSWER_TIMEOUT)
    assert str(error.inner_text()).strip() == ("Die Adresse nennt tab=spiel, das ist kein Reiter dieser Seite "
                                               "(möglich sind cards, check, example, play); die Angabe wird ignoriert.")
    assert current_tab(p, "Karten") == "Karten"
    assert p.locator("button.pkt-guess-deal").first.is_visible(), "the Cards tab is in view"
    assert not p.locator(".pkt-guess-board").first.is_visible()
    assert not page.errors, "\n".join(page.errors)
