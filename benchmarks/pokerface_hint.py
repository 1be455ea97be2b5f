"""How long a hint takes: the chance of each final place for one player (a benchmark, not a test).

    .venv/bin/python benchmarks/pokerface_hint.py [--players 4] [--samples 20000]

Goal: 4 players, 20,000 samples, under 0.2 s.
"""

from __future__ import annotations

import argparse
import time

from pokerkit_teach.games.pokerface import PokerfaceRules
from pokerkit_teach.games.pokerface.hints import rank_probabilities


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    state = PokerfaceRules.for_players(args.players).new_game(seed=1)
    view = state.view_for(state.current_player())
    rank_probabilities(view, args.samples, seed=0)  # builds the evaluator's tables
    for read_tokens in (False, True):
        times = []
        for repeat in range(args.repeats):
            start = time.perf_counter()
            hint = rank_probabilities(view, args.samples, seed=repeat, read_tokens=read_tokens)
            times.append(time.perf_counter() - start)
        times.sort()
        label = "reading tokens" if read_tokens else "plain"
        print(f"hint, {args.players} players, {args.samples:,} samples, {label}: median {1000 * times[len(times) // 2]:.1f} ms, "
              f"worst {1000 * times[-1]:.1f} ms")
    print(hint.text())


if __name__ == "__main__":
    main()
