"""Shared fixtures: where ../shared lies, and the rulebook's showdown examples."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("POKERKIT_TEACH_SHARED", ROOT.parent / "shared"))

# Pokerface rulebook, showdown examples: the board, and the hands in token order.
RULEBOOK_BOARD = "Qc 8h 8s 5d 3c"
RULEBOOK_SUCCESS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]
RULEBOOK_FAILURE = [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared folder beside the project; a missing folder is a failure, not a skip."""
    if not (SHARED / "vectors" / "vectors.jsonl").is_file():
        pytest.fail(f"the shared test vectors are missing: expected {SHARED}/vectors (set POKERKIT_TEACH_SHARED)")
    return SHARED
