"""The lessons' translations run in the slow tier.

Every translation of a lesson has the same code cells as the English one (tests/test_lessons_structure.py
checks that without a kernel), so the quick tier runs the English lessons and the slow tier runs every
language's (their checked outputs are in that language's words).
"""

from __future__ import annotations

from pathlib import Path

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path))
        if path.suffix == ".ipynb" and path.parent.parent.name == "lessons" and path.parent.name != "en":
            item.add_marker(pytest.mark.slow)
