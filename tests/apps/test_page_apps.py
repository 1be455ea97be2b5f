"""An app built for a preheated Voila page (``App.for_page``) is the app the page's address asks for.

A preheated kernel builds the app with the defaults before the page is asked for, then adopts the
address's language, seed and players, or builds the app again. Either way the learner must see exactly
what ``App(query=...)`` shows: every widget's state, compared through the whole widget tree, and no
widget of the first build left open in the kernel.
"""

from __future__ import annotations

import os
import secrets
import threading
from typing import Any

import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances

from pokerkit_teach.widgets import pokerface_parts, preheat
from pokerkit_teach.widgets.app import App
from pokerkit_teach.widgets.params import app_params
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp
from pokerkit_teach.widgets.hand_ranker import HandRankerApp
from pokerkit_teach.widgets.class_tables import ClassTablesApp
from pokerkit_teach.widgets.index import IndexApp
from pokerkit_teach.widgets.lab import VariantLabApp
from pokerkit_teach.widgets.replay import ReplayApp
from pokerkit_teach.widgets.table import TableApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

APPS = [IndexApp, HandRankerApp, ReplayApp, TableApp, VariantLabApp, GuessExplorerApp, VocesExplorerApp, ClassTablesApp]
QUERIES = ["", "lang=de", "seed=5", "seed=5&players=3&lang=de", "players=9&lang=xx", "seed=abc&lang=de"]


def tree_state(widget: Any) -> Any:
    """A widget's state with every model it refers to (children, layout, style) replaced by that
    model's own state, so two builds compare equal when they show the same thing."""

    def resolve(value: Any) -> Any:
        if isinstance(value, str) and value.startswith("IPY_MODEL_"):
            return tree_state(_instances[value[len("IPY_MODEL_"):]])
        if isinstance(value, (list, tuple)):
            return [resolve(v) for v in value]
        if isinstance(value, dict):
            return {k: resolve(v) for k, v in value.items()}
        return value

    # A drawn board's status_count counts how often its live region spoke in the kernel; the page only
    # ever receives the last count, so a page built for another address first may have counted more.
    state = widget.get_state()
    return {key: resolve(value) for key, value in state.items() if key not in ("msg_id", "status_count")}


@pytest.fixture
def fixed_randomness(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random seeds the apps draw for an address without one are the same in both builds."""
    default_rng = np.random.default_rng
    monkeypatch.setattr(secrets, "randbelow", lambda n: 424242 % n)
    monkeypatch.setattr(np.random, "default_rng", lambda seed=None: default_rng(777 if seed is None else seed))


def page_build(cls: type[App], query: str, monkeypatch: pytest.MonkeyPatch) -> tuple[App, int]:
    """``cls.for_page()`` in a kernel Voila preheated; the page asks with ``query`` once the app waits.
    Returns the app and how many widgets the call left open."""
    waits: list[str] = []

    def page_arrives() -> None:
        waits.append(query)
        os.environ["QUERY_STRING"] = query

    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(preheat, "wait_for_voila_request", page_arrives)
    before = len(_instances)
    app = cls.for_page()
    assert waits == [query], "the app waits for its page exactly once"
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.delenv("VOILA_PREHEAT")
    return app, len(_instances) - before


@pytest.mark.parametrize("cls", APPS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("query", QUERIES, ids=lambda q: q or "plain")
def test_a_preheated_page_shows_what_its_address_asks_for(cls: type[App], query: str, fixed_randomness: None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    page_app, _ = page_build(cls, query, monkeypatch)
    # the page's own app writes its address, but adopting the address's language writes nothing into it
    assert page_app.address.owns and page_app.address.params == {}
    direct = cls(query=query)
    assert not direct.address.owns  # an app built with a query (a lesson's) leaves its page's address alone
    direct.address.owns = True
    assert tree_state(page_app.box) == tree_state(direct.box)
    assert page_app.params == direct.params
    page_app.close()
    direct.close()


def count_builds(cls: type[App], monkeypatch: pytest.MonkeyPatch) -> list[App]:
    """The apps of class ``cls`` built from now on, in order."""
    built: list[App] = []
    original = cls.build

    def counting_build(self: App) -> Any:
        built.append(self)
        return original(self)

    monkeypatch.setattr(cls, "build", counting_build)
    return built


def test_the_table_adopts_a_seed_without_building_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The class's app takes ``?seed=&players=`` into the table already built (no second build)."""
    built = count_builds(TableApp, monkeypatch)
    app, _ = page_build(TableApp, "seed=4&players=5&lang=de", monkeypatch)
    assert len(built) == 1
    assert app.state is not None and len(app.state.players) == 5 and app.seed == 4
    assert "Pokerface" in app.title.value and app.lang == "de" and app.language.value == "de"


def test_an_app_that_cannot_adopt_a_seed_is_built_again(monkeypatch: pytest.MonkeyPatch) -> None:
    built = count_builds(HandRankerApp, monkeypatch)
    app, page_widgets = page_build(HandRankerApp, "seed=4", monkeypatch)
    assert len(built) == 2 and app is built[1] and app.seed == 4
    assert built[0].box.comm is None, "the first build is closed"
    before = len(_instances)
    HandRankerApp(query="seed=4")
    assert page_widgets == len(_instances) - before, "no widget of the first build is left open"


def test_outside_a_preheated_kernel_for_page_reads_the_address_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=de&seed=9")
    app = TableApp.for_page()
    assert (app.lang, app.seed) == ("de", 9)


@pytest.mark.parametrize("cls", APPS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("query", ["seed=\u00b2&players=\u0663", "seed=\u0664\u0662&players=\uff15", "seed=1\u00b9&players=3\u2083"],
                         ids=["superscript-arabic", "arabic-fullwidth", "sub-super"])
def test_only_ascii_digits_are_numbers_in_the_address(cls: type[App], query: str) -> None:
    """``?seed=²`` (a digit to str.isdigit that int() refuses) and ``?players=٣`` (a digit int() reads as 3)
    are bad values: every app is built, with its defaults and a message for each."""
    app = cls(query=query)
    assert app.params.seed is None and app.params.players == 4
    keys = [key for key, _ in app.params.errors]
    assert keys == ["apps.params.bad_seed", cls.players_error]
    notice = app.notice.value
    for value in (dict(values)["value"] for _, values in app.params.errors):
        assert value in notice
    app.close()


@pytest.mark.parametrize(("query", "seed", "players"), [("seed=007&players=05", 7, 5), ("seed=0&players=6", 0, 6)])
def test_ascii_digits_are_still_numbers(query: str, seed: int, players: int) -> None:
    params = app_params(query)
    assert (params.seed, params.players, params.errors) == (seed, players, ())


@pytest.mark.parametrize(("cls", "query", "index"), [(GuessExplorerApp, "tab=play&lang=de", 3), (VocesExplorerApp, "tab=examples", 3),
                                                     (GuessExplorerApp, "tab=game&lang=es", 0)],
                         ids=["guess-play", "voces-examples", "guess-unknown"])
def test_a_preheated_page_opens_the_tab_its_address_asks_for(cls: type[App], query: str, index: int, fixed_randomness: None,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``?tab=`` is adopted by the app built before the page asked (one build), as ``cls(query=...)`` shows it."""
    built = count_builds(cls, monkeypatch)
    page_app, _ = page_build(cls, query, monkeypatch)
    assert len(built) == 1
    direct = cls(query=query)
    assert page_app.tabs.selected_index == direct.tabs.selected_index == index
    direct.address.owns = True  # the one difference: the page's own app writes its address
    assert tree_state(page_app.box) == tree_state(direct.box)
    assert page_app.params == direct.params
    page_app.close()
    direct.close()


@pytest.mark.parametrize("cls", [TableApp, VariantLabApp], ids=lambda c: c.__name__)
def test_apps_with_batch_bots_have_their_tables_built_before_the_first_click(cls: type[App],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's bots and the lab's default run judge hands with the batch evaluator's tables (0.4 s to
    build). A preheated kernel builds them before its page is asked for; a kernel started for the page
    builds them in a background thread once the app is built, while the browser loads the page."""
    calls: list[tuple[bool, str]] = []  # (had the page asked yet, the thread that built them)
    monkeypatch.setattr(pokerface_parts, "build_tables",
                        lambda: calls.append(("QUERY_STRING" in os.environ, threading.current_thread().name)))
    page_build(cls, "", monkeypatch)
    assert calls == [(False, threading.main_thread().name)], "built in the kernel's thread, before the page asked"

    calls.clear()
    monkeypatch.setenv("QUERY_STRING", "")
    app = cls(query="")
    assert app.tables_thread is not None  # type: ignore[attr-defined]
    app.tables_thread.join(10)  # type: ignore[attr-defined]
    assert calls == [(True, "pkt-batch-tables")], "built once, in the background, after the app was built"
