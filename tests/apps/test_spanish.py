"""Spanish in the apps: the switch offers English, Deutsch and Español from the catalogues,
``?lang=es`` works in every app, and the apps this file checks say their own words in Spanish. Light: each
app is built once per language (no game is played here; tests/browser/test_spanish.py plays a deal)."""

from __future__ import annotations

import re

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.widgets.app import App
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
from pokerkit_teach.widgets.hand_ranker import HandRankerApp
from pokerkit_teach.widgets.class_tables import ClassTablesApp
from pokerkit_teach.widgets.index import IndexApp
from pokerkit_teach.widgets.lab import VariantLabApp
from pokerkit_teach.widgets.replay import ReplayApp
from pokerkit_teach.widgets.table import TableApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

APPS = [IndexApp, HandRankerApp, ReplayApp, TableApp, VariantLabApp, GuessExplorerApp, VocesExplorerApp, ClassTablesApp]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.mark.parametrize("cls", APPS, ids=lambda c: c.__name__)
def test_every_app_opens_in_spanish_from_its_address(cls: type[App]) -> None:
    app = cls(query="lang=es&seed=3")
    try:
        assert app.lang == "es" and app.language.value == "es" and not app.params.errors
        assert [label for label, _ in app.language.options] == ["English", "Deutsch", "Español"]
        assert esc_text(app.title.value) == message(cls.title_key, "es")
        assert "pkt-param-error" not in app.notice.value
    finally:
        app.close()


def esc_text(value: str) -> str:
    import html

    return html.unescape(text(value))


def test_the_apps_of_this_file_speak_spanish() -> None:
    ranker = HandRankerApp(query="lang=es&seed=3")
    assert ranker.rank_button.description == "Ordenar las manos" and "¿Qué mano es la más fuerte?" in ranker.result.value
    assert "Fuerza " in text(ranker.result.value) and "Strength" not in ranker.result.value
    table = TableApp(query="lang=es&seed=5&players=4")
    assert "Ronda de fichas ♣: te toca a ti" in table.status.value
    assert dict(table.bot_choice.options) == {"Azar": "random", "Estimador": "estimator", "Lector": "reader"}
    assert table.new_button.description == "Nueva partida"
    lab = VariantLabApp(query="lang=es&players=3")
    assert lab.run_button.description == "Jugar" and "como mucho" in lab.cap.value
    replay = ReplayApp(query="lang=es")
    assert "Paso 1 de 4" in replay.counter.value and replay.buttons["forward"].description == "Adelante"
    index = IndexApp(query="lang=es")
    assert "href='table.ipynb?lang=es'" in index.listing.value and "Lecciones" in index.listing.value
    assert "href='lessons/es/01_cards_and_hand_ranking.ipynb'" in index.listing.value
    for app in (ranker, table, lab, replay, index):
        app.close()


def test_tab_labels_are_never_cut() -> None:
    """ipywidgets gives every tab 144 px and cuts a longer label ("Beispiele aus den Re…"); the apps' style
    lets a tab be as wide as its label and the tabs wrap."""
    app = VocesExplorerApp(query="lang=de&seed=3")
    try:
        assert app.box.children[0] is app.style and "flex: 0 0 auto" in app.style.value and "text-overflow: clip" in app.style.value
    finally:
        app.close()
