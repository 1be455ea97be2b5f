"""The README's table of Pokerface win rates: 3 to 6 players x {base, soft landing, rising stakes}.

    .venv/bin/python benchmarks/pokerface_win_rates.py [--games 2000] [--bots estimator] [--seed 1]

Each cell is the share of games the team wins with the same bot in every seat, with its 95% confidence
interval (Wilson). Prints a Markdown table; every cell can be reproduced with
``pokerkit-teach simulate pokerface --players N [--variant V] --bots B --games G --seed S``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from pokerkit_teach.core.simulate import simulate

VARIANTS = [("base", ()), ("soft landing", ("soft-landing",)), ("rising stakes", ("rising-stakes",))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bots", default="estimator")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    args = parser.parse_args()
    print(f"| players | {' | '.join(name for name, _ in VARIANTS)} |")
    print("| --- |" + " --- |" * len(VARIANTS))
    start = time.perf_counter()
    for players in args.players:
        cells = []
        for _, variants in VARIANTS:
            result = simulate("pokerface", players, [args.bots], args.games, args.seed, workers=args.workers,
                              options={"variants": list(variants)})
            low, high = result.ci95("won")
            cells.append(f"{100 * result.rate('won'):.1f}% ({100 * low:.1f}–{100 * high:.1f})")
            print(f"  {players} players {variants or 'base'}: done", file=sys.stderr)
        print(f"| {players} | {' | '.join(cells)} |", flush=True)
    print(f"\n{args.games:,} games per cell, {args.bots} bots, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
