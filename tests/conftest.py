"""Shared fixtures (the test data in tests/data), the collection hook (slow marks), the workers' schedule
(tests/scheduling.py) and the page-load count of the browser tests; shared values and helpers are in
tests/support.py."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.browser.pages import MODULE_LOADS, PAGE_LOADS, page_load_summary
from tests.support import DATA

LOADS_KEY, MODULES_KEY = "pkt_page_loads", "pkt_page_loads_by_module"
WORKER_LOADS: Counter[str] = Counter()  # the controller's sum of its workers' counts (pytest-xdist)
WORKER_MODULE_LOADS: Counter[str] = Counter()


@pytest.fixture(scope="session")
def data() -> Path:
    """tests/data: the agreed hand-ranking vectors (see tests/data/README.md); a missing file is a failure."""
    for name in ("vectors.jsonl", "pairs.jsonl"):
        if not (DATA / name).is_file():
            pytest.fail(f"the test data {DATA / name} is missing (see tests/data/README.md)")
    return DATA


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The lessons' translations run in the slow tier: every translation has the English lesson's code
    cells (test_lessons_structure checks that without a kernel), so the quick tier runs the English
    lessons and the slow tier every language's (their checked outputs are in that language's words).
    (This conftest's hook sees every collected item, the notebooks' too.)"""
    for item in items:
        path = Path(str(item.path))
        if path.suffix == ".ipynb" and path.parent.parent.name == "lessons" and path.parent.name != "en":
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``--dist loadfile`` (scripts/test.sh): each file in one worker, and all of tests/browser/ in one
    worker (tests/scheduling.py)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from tests.scheduling import BrowserTogether

    return BrowserTogether(config, log)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker of pytest-xdist hands its page-load count to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput[LOADS_KEY] = dict(PAGE_LOADS)
        workeroutput[MODULES_KEY] = dict(MODULE_LOADS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller adds up its workers' page-load counts."""
    WORKER_LOADS.update(getattr(node, "workeroutput", {}).get(LOADS_KEY, {}))
    WORKER_MODULE_LOADS.update(getattr(node, "workeroutput", {}).get(MODULES_KEY, {}))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The number of Voila pages the browser tests loaded (by notebook), when any was loaded."""
    loads = WORKER_LOADS + PAGE_LOADS
    if loads:
        terminalreporter.write_sep("-", "page loads")
        terminalreporter.write_line(page_load_summary(loads))
        terminalreporter.write_line(page_load_summary(WORKER_MODULE_LOADS + MODULE_LOADS, "by test module"))
