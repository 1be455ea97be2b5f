"""How many single hands per second the pure-Python evaluator ranks (a benchmark, not a test).

    .venv/bin/python benchmarks/single_hand.py [--hands N] [--seed S]

Prints evaluations per second for random 7-card hands: the dense strength from integer codes, the full
``best_hand`` (best five, category, key, cards left out) from card values, and ``explain_hand``.
The goal for ``best five of seven`` without the explanation is at least 100,000 per second.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, Sequence

import numpy as np

from pokerkit_teach import best_hand, cards_from_codes, explain_hand, strength_from_codes


def rate(function: Callable[[object], object], items: Sequence[object], repeats: int = 3) -> float:
    """Best of ``repeats`` runs, after one warm-up run that fills the lookup memo."""
    for item in items:
        function(item)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    codes = [rng.permutation(52)[:7].tolist() for _ in range(args.hands)]
    cards = [cards_from_codes(c) for c in codes]
    print(f"{args.hands:,} random 7-card hands, best of 3 runs, one core")
    print(f"  strength_from_codes (int codes -> strength) {rate(strength_from_codes, codes):>12,.0f} /s")
    print(f"  best_hand (cards -> best five, category)    {rate(best_hand, cards):>12,.0f} /s")
    few = cards[: max(1, args.hands // 20)]
    print(f"  explain_hand (with the explanation)         {rate(explain_hand, few):>12,.0f} /s")


if __name__ == "__main__":
    main()
