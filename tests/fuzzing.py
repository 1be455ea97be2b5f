"""How many games (Póker a Voces: rounds) each engine fuzzer of the slow tier plays.

The fuzzers of the three games (tests/test_pokerface_fuzz.py, tests/test_pokerguess_engine.py,
tests/test_voces_fuzz.py) play 600 seeded random games each in a normal run, so that the whole suite stays
well under 15 minutes on two cores (10,000 each took about 7.5 minutes of the slow tier; 2,000 each, the
default until the morning of 2026-12-01, took about 4.5 minutes of processor time, and the suite took 15.4
minutes in CI; 1,000 each, until the evening, about 3.5 minutes on a busy machine). A long run sets
PKT_FUZZ_GAMES, for example::

    PKT_FUZZ_GAMES=10000 bash scripts/test.sh -m slow -k "random_legal or random_games_keep"

The seeds are fixed: a run of N games plays the first N games of any longer run.
"""

from __future__ import annotations

import os

DEFAULT = 600


def fuzz_games() -> int:
    """PKT_FUZZ_GAMES if set (a whole number of at least 100), else :data:`DEFAULT`."""
    text = os.environ.get("PKT_FUZZ_GAMES", "").strip()
    if not text:
        return DEFAULT
    if not text.isdigit() or int(text) < 100:
        raise ValueError(f"PKT_FUZZ_GAMES must be a whole number of at least 100, not {text!r}")
    return int(text)
