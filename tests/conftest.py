"""Shared fixtures: the test data in tests/data, and the rulebook's showdown examples."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"

# Pokerface rulebook, showdown examples: the board, and the hands in token order.
RULEBOOK_BOARD = "Qc 8h 8s 5d 3c"
RULEBOOK_SUCCESS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]
RULEBOOK_FAILURE = [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]


@pytest.fixture(scope="session")
def data() -> Path:
    """tests/data: the agreed hand-ranking vectors (see tests/data/README.md); a missing file is a failure."""
    for name in ("vectors.jsonl", "pairs.jsonl"):
        if not (DATA / name).is_file():
            pytest.fail(f"the test data {DATA / name} is missing (see tests/data/README.md)")
    return DATA
