"""How fast Pokerface games simulate with bots in every seat (a benchmark, not a test).

    .venv/bin/python benchmarks/pokerface_simulation.py [--games 10000] [--players 4] [--bots estimator] [--engine]

Goal: 10,000 four-player games with the estimator bots in under 30 s on the 2-core machine. ``simulate``
takes the batch path for random and estimator bots (see benchmarks/pokerface_batch.py); ``--engine``
measures the engine, move by move, as before the batch path.
"""

from __future__ import annotations

import argparse
import os
import time

from pokerkit_teach.core.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="estimator")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", action="store_true", help="play on the engine even where the batch path could")
    args = parser.parse_args()
    start = time.perf_counter()
    result = simulate("pokerface", args.players, [args.bots], args.games, args.seed, workers=args.workers, engine=args.engine)
    seconds = time.perf_counter() - start
    print(f"{result.games:,} games, {args.players} players, {args.bots} bots, {args.workers} worker(s), {result.path} path: "
          f"{seconds:.1f} s ({result.games / seconds:,.0f} games/s), win rate {100 * result.rate('won'):.1f}%")


if __name__ == "__main__":
    main()
