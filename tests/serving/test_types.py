"""The package and the widgets pass ``mypy --strict`` (settings in pyproject.toml).

Slow (a full mypy run, about a minute). ``scripts/test.sh`` runs this same command as a step of its own
and leaves this test out of its slow tier; ``pytest -m slow`` runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support import ROOT


@pytest.mark.slow
def test_package_passes_mypy_strict() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", os.devnull, "pokerkit_teach", "widgets"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:]
