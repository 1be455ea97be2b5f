"""The kit installs: ``pip install .`` (a real wheel) and ``pip install -e .`` (this test run) both give
a working ``import pokerkit_teach.widgets``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import ROOT


def test_editable_install_maps_the_widgets_folder() -> None:
    import pokerkit_teach.widgets

    assert Path(pokerkit_teach.widgets.__file__).resolve() == ROOT / "widgets" / "__init__.py"


@pytest.mark.slow  # builds and installs a wheel
def test_regular_install_contains_engine_widgets_and_messages(tmp_path: Path) -> None:
    target = tmp_path / "site"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", str(target), str(ROOT)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    probe = (
        "import pokerkit_teach, pokerkit_teach.widgets as w;"
        "assert pokerkit_teach.__file__.startswith(w.__file__.rsplit('pokerkit_teach', 1)[0]);"
        "print(w.__file__);"
        "print(pokerkit_teach.best_hand('As Jd Qc 8h 8s 5d 3c').describe('de'))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(target)}
    # PYTHONPATH comes before site-packages, so the installed copy wins over the editable one.
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    widgets_file, description = result.stdout.splitlines()
    assert Path(widgets_file).is_relative_to(target)
    assert description == "ein Paar Achten mit A D B"
    assert (target / "pokerkit_teach" / "messages" / "de" / "cards_and_hands.toml").is_file()
    assert (target / "pokerkit_teach" / "holdem" / "batch_hash.npz").is_file()  # else every kernel searches 0.7 s for it
    assert (target / "pokerkit_teach" / "widgets" / "stored_runs.json").is_file()  # else a lesson's simulation waits for a live run


def test_engine_never_imports_jupyter_or_ipywidgets() -> None:
    probe = (
        "import sys, pokerkit_teach, pokerkit_teach.cli, pokerkit_teach.games.pokerguess.cards, pokerkit_teach.games.voces.cards;"
        "pokerkit_teach.explain_hand('As Ks Qs Js Ts').text('de');"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'jupyter_core', 'voila', 'traitlets')];"
        "print(bad)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
