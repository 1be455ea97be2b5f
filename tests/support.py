"""What the tests share: where the repository and the tests' data are, the rulebook's showdown examples, how
many games the engine fuzzers play, and starting and stopping a server subprocess.

Test modules import from here (``from tests.support import ROOT``), never from one another.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
"""The repository's root folder."""

DATA = ROOT / "tests" / "data"
"""The tests' own data (see tests/data/README.md)."""

# Pokerface rulebook, showdown examples: the board, and the hands in token order.
RULEBOOK_BOARD = "Qc 8h 8s 5d 3c"
RULEBOOK_SUCCESS = [("Anna", "7d 6h"), ("Ben", "As Jd"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]
RULEBOOK_FAILURE = [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")]

FUZZ_GAMES_DEFAULT = 600
"""How many games (Póker a Voces: rounds) each engine fuzzer plays in a normal run. The fuzzers of the three
games play that many seeded random games each; a long run sets PKT_FUZZ_GAMES, for example::

    PKT_FUZZ_GAMES=10000 bash scripts/test.sh -m slow -k fuzz

The seeds are fixed: a run of N games plays the first N games of any longer run. (The time each count
takes is in docs/testing.md.)"""


def fuzz_games() -> int:
    """PKT_FUZZ_GAMES if set (a whole number of at least 100), else :data:`FUZZ_GAMES_DEFAULT`."""
    text = os.environ.get("PKT_FUZZ_GAMES", "").strip()
    if not text:
        return FUZZ_GAMES_DEFAULT
    if not text.isdigit() or int(text) < 100:
        raise ValueError(f"PKT_FUZZ_GAMES must be a whole number of at least 100, not {text!r}")
    return int(text)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (for a server a test starts)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def stop_group(server: subprocess.Popen[bytes], grace: float = 20) -> None:
    """Stop a server started in its own process group: SIGTERM, then SIGKILL after ``grace`` seconds."""
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
