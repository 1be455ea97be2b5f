"""Browser tests of the apps: one Voila server for the whole browser tier, one headless Chromium.

The server is the kit's own (``python -m pokerkit_teach.widgets.voila_app``, with its kernel bounds and its
template files answering 404), started the way ``scripts/serve.sh`` starts it: from the repo root, so
Voila reads the repo's ``voila.json``. It serves the repo root rather than ``notebooks/``, so the apps,
the lessons, the glossary and the quiz page of ``tests/data/`` all come from this one server
(:meth:`pages.VoilaServer.url` puts ``notebooks/`` before an app's name). Its preheated pool is sized for
the tests (:data:`POOLS`): a kernel ready for each app and for the one preheated lesson, every other
notebook gets a kernel started for its page. It binds a free port of 127.0.0.1 and is stopped, with its
kernels, at the end of the session. Chromium is Debian's ``/usr/bin/chromium`` driven by Playwright;
Playwright never downloads a browser here. Screenshots go to ``test-artifacts/`` (gitignored).

Every test in this folder is in the slow tier (``pytest -m slow``); with ``--dist loadfile`` they all run in
one worker (tests/scheduling.py), against this one server.
Helpers are in ``pages.py``.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.rooms.serving import RoomServerProcess

from .pages import (ANSWER_TIMEOUT, watch_requests, ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ONLY_POOLS, POOLS, PROJECTOR, Page, VoilaServer,
                    count_page_load, counted_context, open_app, page_shows, voila_running)

HERE = Path(__file__).resolve().parent

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every browser test slow (a Voila server and Chromium), whatever its module says. The hook sees
    the whole session's items, so it marks only those collected from this folder."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)


PAGE_FIXTURES = ("journey", "page", "lesson", "table_page", "paced_page")  # where a test's page may be


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test that timed out in one of Playwright's own waits (its message names what was awaited:
    the locator or the page function) also reports what its page showed then."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if call.excinfo is None or report.when != "call" or not item.path.is_relative_to(HERE):
        return
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    if not call.excinfo.errisinstance(PlaywrightTimeoutError):
        return
    funcargs = getattr(item, "funcargs", {})
    for name in PAGE_FIXTURES:
        held = funcargs.get(name)
        shown = held.page if isinstance(held, Page) else getattr(held, "p", None)
        if shown is not None:
            report.sections.append(("what the page showed", page_shows(shown)))
            return


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServerProcess]:
    """The room server the apps' pages play together through (the class view, Play with others): one for
    the session, on a free port of 127.0.0.1, its rooms' files in a folder of the session's own."""
    with RoomServerProcess(tmp_path_factory.mktemp("rooms")) as rooms:
        yield rooms


@pytest.fixture(scope="session")
def voila_server(artifacts: Path, room_server: RoomServerProcess) -> Iterator[VoilaServer]:
    extra = [f"--VoilaKernelManager.kernel_pools_config={json.dumps(POOLS)}",
             f"--VoilaKernelManager.preheat_denylist={json.dumps([ONLY_POOLS])}"]
    with voila_running(artifacts / "voila-browser-tests.log", folder=".", extra=extra, prefix="notebooks/",
                       env={"PKT_ROOMS_URL": room_server.base}) as server:
        yield server


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """Playwright, once for the session (its sync API keeps one event loop in this thread)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test.sh does it as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[object]:
    profile = tempfile.mkdtemp(prefix="pkt-chromium-")
    # a persistent context on a new, empty user-data dir; each test or journey opens its own page(s)
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 1280, "height": 900},
    )
    watch_requests(context)  # what each page asks of its kernel, for pages.settle
    # every Voila page loaded in any of the context's pages is counted (pages.PAGE_LOADS)
    context.on("page", lambda opened: opened.on("domcontentloaded", lambda loaded: count_page_load(loaded.url)))
    try:
        yield context
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="session")
def class_browser(playwright: Any) -> Iterator[Any]:
    """A second Chromium for a class at the tables: the teacher and each learner in a browser context of their
    own (separate cookies and storage: :func:`pages.counted_context`)."""
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        yield launched
    finally:
        launched.close()


@pytest.fixture(scope="session")
def class_view(class_browser: Any, voila_server: VoilaServer) -> Iterator[Any]:
    """The teacher's class view (class_tables.ipynb in English, seed 50) at 1280x720, loaded once for every
    test of a class at the tables (test_class_tables.py: Pokerface; test_room_games.py: PokerGuess and Póker
    a Voces); each test makes its own tables on it."""
    width, height = PROJECTOR
    teacher = counted_context(class_browser, viewport={"width": width, "height": height}).new_page()
    open_app(teacher, voila_server.url("class_tables.ipynb", "seed=50"))
    teacher.locator(".pkt-class-make").first.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    try:
        yield teacher
    finally:
        teacher.context.close()


@pytest.fixture
def page(browser: object) -> Iterator[Page]:
    """A page that records page errors and console errors (pages.Page); closed like a tab, so Voila
    shuts its kernel down."""
    opened = Page(browser)
    try:
        yield opened
    finally:
        opened.close()
