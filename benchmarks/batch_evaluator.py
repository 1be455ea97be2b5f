"""Time the batch evaluator against the peers on the same random 7-card hands (a benchmark, not a test).

    .venv/bin/python benchmarks/batch_evaluator.py [--hands 10000000] [--peer-hands 200000] [--json]

Our evaluator ranks all ``--hands`` hands (one core: numpy does not thread these operations); each peer
that is installed (treys, phevaluator, eval7, pokerkit: ``pip install ".[peers]"``) ranks the first
``--peer-hands`` of the same hands in a plain Python loop, the way a Python program calls it, and its
answers are checked against ours. Prints hands per second and our ratio to each peer; ``--json`` prints
``{"hands_per_s": N, "peers": {"treys": N, ...}}``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Callable

import numpy as np

from pokerkit_teach.holdem.batch import evaluate_batch, random_hands
from pokerkit_teach.holdem.batch_tables import table_info
from pokerkit_teach.holdem.cards import cards_from_codes

PeerRunner = Callable[[np.ndarray], np.ndarray]


def _treys() -> tuple[PeerRunner, int] | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    table = [Card.new(card.ascii) for card in cards_from_codes(range(52))]

    def run(hands: np.ndarray) -> np.ndarray:
        out = np.empty(len(hands), np.int32)
        for i, row in enumerate(hands.tolist()):
            cards = [table[c] for c in row]
            out[i] = 7463 - evaluator.evaluate(cards[:2], cards[2:])
        return out

    return run, 50_000


def _phevaluator() -> tuple[PeerRunner, int] | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None

    def run(hands: np.ndarray) -> np.ndarray:
        out = np.empty(len(hands), np.int32)
        for i, row in enumerate(hands.tolist()):
            out[i] = 7463 - evaluate_cards(*row)  # same card ids: 4 x rank + suit
        return out

    return run, 400_000


def _eval7() -> tuple[PeerRunner, int] | None:
    try:
        import eval7
    except ImportError:
        return None
    table = [eval7.Card(card.ascii) for card in cards_from_codes(range(52))]

    def run(hands: np.ndarray) -> np.ndarray:
        out = np.empty(len(hands), np.int64)
        for i, row in enumerate(hands.tolist()):
            out[i] = eval7.evaluate([table[c] for c in row])
        return out  # eval7's own scale: only its order is comparable

    return run, 400_000


def _pokerkit() -> tuple[PeerRunner, int] | None:
    try:
        from pokerkit import StandardHighHand
    except ImportError:
        return None
    text = [card.ascii for card in cards_from_codes(range(52))]

    def run(hands: np.ndarray) -> np.ndarray:
        out = np.empty(len(hands), np.int32)
        for i, row in enumerate(hands.tolist()):
            out[i] = StandardHighHand.from_game("".join(text[c] for c in row)).entry.index + 1
        return out

    return run, 5_000


PEERS = {"treys": _treys, "phevaluator": _phevaluator, "eval7": _eval7, "pokerkit": _pokerkit}


def _import_time() -> float:
    """Seconds for ``import pokerkit_teach`` in a fresh interpreter (best of 3)."""
    import subprocess
    import sys

    probe = "import time; t = time.perf_counter(); import pokerkit_teach; print(time.perf_counter() - t)"
    return min(float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)
               for _ in range(3))


def best_time(function: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--peer-hands", type=int, default=None, help="hands for each peer (default: per peer)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import_seconds = _import_time()
    hands = random_hands(args.hands, 7, seed=args.seed)
    start = time.perf_counter()
    evaluate_batch(hands[:1000])  # build the tables first: build time is reported apart
    for size in (5, 6):
        evaluate_batch(hands[:1000, :size])
    build_seconds = time.perf_counter() - start
    info = table_info()
    table_bytes = sum(v for k, v in info.items() if k.endswith("bytes") or k in ("pair_key", "flush_strength", "suit_bits"))
    ours_seconds = best_time(lambda: evaluate_batch(hands), 3)
    ours_rate = len(hands) / ours_seconds
    trusted_rate = len(hands) / best_time(lambda: evaluate_batch(hands, validate=False), 3)
    ours = evaluate_batch(hands)
    peers: dict[str, float] = {}
    notes: dict[str, str] = {}
    for name, factory in PEERS.items():
        made = factory()
        if made is None:
            notes[name] = "not installed"
            continue
        run, default_count = made
        count = min(args.peer_hands or default_count, len(hands))
        sample = hands[:count]
        start = time.perf_counter()
        answers = run(sample)
        peers[name] = count / (time.perf_counter() - start)
        if name == "eval7":  # its own scale: compare the order of neighbouring hands instead
            theirs_order = np.sign(np.diff(answers.astype(np.int64)))
            same = bool(np.array_equal(theirs_order, np.sign(np.diff(ours[:count].astype(np.int64)))))
        else:
            same = bool(np.array_equal(answers, ours[:count]))
        notes[name] = f"{count:,} hands, {'agrees' if same else 'DISAGREES'} with ours"
    if args.json:
        print(json.dumps({"hands_per_s": round(ours_rate), "peers": {k: round(v) for k, v in peers.items()},
                          "unchecked_hands_per_s": round(trusted_rate), "table_build_s": round(build_seconds, 3),
                          "table_bytes": table_bytes, "import_s": round(import_seconds, 3)}))
        return
    print(f"{len(hands):,} random 7-card hands, one core, best of 3")
    print(f"  pokerkit_teach.evaluate_batch {ours_rate:>14,.0f} hands/s   (input checked: range, shape, duplicates)")
    print(f"    with validate=False         {trusted_rate:>14,.0f} hands/s   (for hands distinct by construction)")
    for name in PEERS:
        if name in peers:
            print(f"  {name:<29} {peers[name]:>14,.0f} hands/s   ours is {ours_rate / peers[name]:>9,.1f}x   ({notes[name]})")
        else:
            print(f"  {name:<29} {'-':>14}          ({notes[name]})")
    print(f"tables: {table_bytes / 1024:,.0f} KiB, built in {build_seconds:.2f} s on first use; "
          f"'import pokerkit_teach' takes {import_seconds:.3f} s")


if __name__ == "__main__":
    main()
