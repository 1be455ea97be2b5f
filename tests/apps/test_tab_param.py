"""``?tab=NAME`` opens a tab of the two explorers (a teacher links a class straight to it).

The keys are short English words that stay the same in every language; the tab each opens is checked
against its title as the catalogue words it (written out here), so a key that opened the wrong tab fails.
A key the app does not have is named in the page's language with the keys there are, and the first
tab opens. The preheated Voila page is checked in tests/apps/test_page_apps.py.
"""

from __future__ import annotations

import pytest

from pokerkit_teach.widgets.app import App
from pokerkit_teach.widgets.params import app_params
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
from pokerkit_teach.widgets.hand_ranker import HandRankerApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

# key -> (English title, German title) of the tab it opens
GUESS_TABS = {
    "cards": ("Cards", "Karten"),
    "check": ("Check", "Prüfung"),
    "example": ("Rulebook example", "Beispiel aus den Regeln"),
    "play": ("Play against bots", "Gegen Bots spielen"),
}
VOCES_TABS = {
    "deck": ("Deck", "Blatt"),
    "rank": ("Rank", "Rangfolge"),
    "specials": ("Special cards", "Sonderkarten"),
    "examples": ("Rulebook examples", "Beispiele aus den Regeln"),
    "play": ("Play against bots", "Gegen Bots spielen"),
}
CASES = [(GuessExplorerApp, key, titles) for key, titles in GUESS_TABS.items()] + [
    (VocesExplorerApp, key, titles) for key, titles in VOCES_TABS.items()]


def shown_title(app: App) -> str:
    return str(app.tabs.titles[app.tabs.selected_index])


@pytest.mark.parametrize(("cls", "key", "titles"), CASES, ids=[f"{c.__name__}-{k}" for c, k, _ in CASES])
def test_each_key_opens_its_tab(cls: type[App], key: str, titles: tuple[str, str]) -> None:
    english, german = titles
    app = cls(query=f"seed=1&tab={key}")
    assert shown_title(app) == english
    assert app.params.errors == () and app.notice.value == ""
    app.language.value = "de"  # the switch changes the words, not the tab
    assert shown_title(app) == german
    app.close()


def test_the_keys_are_the_apps_tabs_in_order() -> None:
    """One key for each tab, in the order the tabs stand, and no tab without a key."""
    for cls, keys in ((GuessExplorerApp, GUESS_TABS), (VocesExplorerApp, VOCES_TABS)):
        assert cls.tab_names == tuple(keys)
        app = cls(query="seed=1")
        assert len(app.tabs.children) == len(keys)
        assert tuple(app.tabs.titles) == tuple(english for english, _ in keys.values())
        assert app.tabs.selected_index == 0
        app.close()


def test_the_key_may_be_in_capitals_with_spaces() -> None:
    app = GuessExplorerApp(query="seed=1&tab=%20PLAY%20")
    assert shown_title(app) == "Play against bots" and app.params.errors == ()
    app.close()


UNKNOWN = {
    "en": "The address gives tab=game, which is not a tab of this page (there are cards, check, example, play); "
          "it is ignored.",
    "de": "Die Adresse nennt tab=game, das ist kein Reiter dieser Seite (möglich sind cards, check, example, play); "
          "die Angabe wird ignoriert.",
    "es": "La dirección indica tab=game, que no es ninguna pestaña de esta página (las que hay son cards, "
          "check, example, play); se ignora.",
}


@pytest.mark.parametrize("lang", list(UNKNOWN))
def test_an_unknown_key_is_named_and_the_first_tab_opens(lang: str) -> None:
    app = GuessExplorerApp(query=f"seed=1&tab=game&lang={lang}")
    assert app.tabs.selected_index == 0
    assert app.params.tab is None
    assert app.params.error_texts() == [UNKNOWN[lang]]
    assert UNKNOWN[lang] in app.notice.value and 'role="alert"' in app.notice.value
    app.close()


def test_an_unknown_key_of_the_voces_explorer_lists_its_own_tabs() -> None:
    app = VocesExplorerApp(query="seed=1&tab=cards&lang=de")  # a key of the other explorer
    assert app.tabs.selected_index == 0
    assert app.params.error_texts() == [
        "Die Adresse nennt tab=cards, das ist kein Reiter dieser Seite (möglich sind deck, rank, specials, examples, "
        "play); die Angabe wird ignoriert."]
    app.close()


@pytest.mark.parametrize("query", ["tab=2", "tab=play2"])
def test_a_numbered_key_is_not_a_tab(query: str) -> None:
    params = app_params(query, tabs=GuessExplorerApp.tab_names)
    assert params.tab is None
    assert [key for key, _ in params.errors] == ["apps.params.bad_tab"]


@pytest.mark.parametrize("query", ["tab=", "tab=%20"])
def test_an_empty_key_counts_as_none(query: str) -> None:
    """As an empty deal= or scenario=: a link template ending in ``&tab=`` is no mistake to report."""
    params = app_params(query, tabs=GuessExplorerApp.tab_names)
    assert params.tab is None and params.errors == ()


def test_an_unknown_key_beside_a_linked_game_is_ignored_and_the_game_opens() -> None:
    """The message says the key is ignored: the page opens as without it, here in the play tab with the
    rulebook example's game."""
    app = GuessExplorerApp(query="seed=1&scenario=pokerguess-example&tab=spiel")
    assert shown_title(app) == "Play against bots"
    assert app.params.error_texts() == [
        "The address gives tab=spiel, which is not a tab of this page (there are cards, check, example, play); it is ignored."]
    app.close()


def test_other_values_still_count_beside_a_bad_tab() -> None:
    app = GuessExplorerApp(query="seed=7&players=9&tab=nope&lang=es")
    assert app.lang == "es" and app.seed == 7 and app.tabs.selected_index == 0
    assert [key for key, _ in app.params.errors] == ["apps.guess.bad_players", "apps.params.bad_tab"]
    app.close()


def test_a_page_without_tabs_names_the_key_and_ignores_it() -> None:
    app = HandRankerApp(query="seed=1&tab=play&lang=es")
    assert app.params.tab is None
    assert app.params.error_texts() == ["La dirección indica tab=play, pero esta página no tiene pestañas, así que se ignora."]
    assert "tab=play" in app.notice.value
    app.close()


@pytest.mark.parametrize(("cls", "scenario"), [(GuessExplorerApp, "pokerguess-example"), (VocesExplorerApp, "voces-capybara")])
def test_a_tab_in_the_address_wins_over_the_play_tab_of_a_linked_scenario(cls: type[App], scenario: str) -> None:
    """A linked scenario opens the play tab, unless the address names another tab (the scenario still opens)."""
    linked = cls(query=f"seed=1&scenario={scenario}")
    assert shown_title(linked) == "Play against bots"
    linked.close()
    app = cls(query=f"seed=1&scenario={scenario}&tab=rank" if cls is VocesExplorerApp else f"seed=1&scenario={scenario}&tab=check")
    assert shown_title(app) == ("Rank" if cls is VocesExplorerApp else "Check")
    assert app.game.desk.replay is not None, "the scenario is open in the play tab all the same"  # type: ignore[attr-defined]
    app.close()
