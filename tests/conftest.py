"""Shared fixtures (the test data in tests/data) and the collection hook; shared values and helpers are in
tests/support.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import DATA


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
