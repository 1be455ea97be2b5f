"""The Pokerface batch path (pokerkit_teach/pokerface/batch.py): its speed, and its agreement with the engine
(a benchmark and a check, not a test; the figures go to docs/benchmarks.md with the date).

    .venv/bin/python benchmarks/pokerface_batch.py speed [--workers 2]
    .venv/bin/python benchmarks/pokerface_batch.py cpu [--games 10000]
    .venv/bin/python benchmarks/pokerface_batch.py lab
    .venv/bin/python benchmarks/pokerface_batch.py random [--engine-games 6250] [--batch-games 100000]
    .venv/bin/python benchmarks/pokerface_batch.py exact [--games 2000]

``speed``: 10,000 and 100,000 four-player games with estimator bots and with random bots on the batch path
(goal: 10,000 estimator games in under 3 s, 100,000 in under 30 s, on the 2-core machine).
``cpu``: the processor time of one process for the same games (base game and free-for-all), a figure a
busy machine changes less.
``lab``: the variant lab's default run (4 configurations x 5,000 estimator games at 4 players; goal: under 10 s).
``random``: for 3 to 6 players and the base game, each variant and all three together, the random team's
win rate on the engine and on the batch path, each with its 95% interval, and whether each rate lies in the
other's interval (and the two-proportion p-value).
``exact``: per-game outcomes (won, successes, failures) of the estimator team on both paths, game by game.
"""

from __future__ import annotations

import argparse
import itertools
import os
import time

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import play_one, simulate, two_proportion_p_value
from pokerkit_teach.pokerface.batch import play_batch

CONFIGURATIONS = ((), ("free-for-all",), ("rising-stakes",), ("soft-landing",), ("free-for-all", "rising-stakes", "soft-landing"))


def name(variants: tuple[str, ...]) -> str:
    return "+".join(variants) or "base"


def processor_time(games: int) -> None:
    """Processor seconds of one process for ``games`` four-player games a bot: a figure that a busy
    machine changes less than the wall-clock time."""
    game = get_game("pokerface")
    for bots in ("estimator", "random"):
        for variants in ((), ("free-for-all",)):
            rules = game.new_rules(4, {"variants": list(variants)})
            play_batch(rules, (bots,) * 4, 1, range(20))  # tables built
            start = time.process_time()
            for first in range(0, games, 1000):
                play_batch(rules, (bots,) * 4, 1, range(first, min(first + 1000, games)))
            seconds = time.process_time() - start
            print(f"{games:>7,} four-player games, {bots} bots, {name(variants)}, one process: {seconds:5.2f} s of processor time "
                  f"({1e3 * seconds / games:.2f} ms a game)", flush=True)


def speed(workers: int) -> None:
    print(f"load average before: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for bots in ("estimator", "random"):
        for games in (10_000, 100_000):
            result = simulate("pokerface", 4, [bots], games, seed=1, workers=workers)
            print(f"{games:>7,} four-player games, {bots} bots, {workers} worker(s), {result.path} path: "
                  f"{result.seconds:5.1f} s ({games / result.seconds:,.0f} games/s), won {100 * result.rate('won'):.2f}%",
                  flush=True)


def lab() -> None:
    from pokerkit_teach.widgets.lab import VariantLabApp

    print(f"load average before: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    app = VariantLabApp(query="lang=en&players=4&seed=1")
    start = time.perf_counter()
    app.run()
    seconds = time.perf_counter() - start
    halves = []
    for result in app.results:
        low, high = result.ci95("won")
        halves.append(100 * max(result.rate("won") - low, high - result.rate("won")))
        print(f"  {name(tuple(dict(result.options).get('variants', ()))):14} {result.games:,} games, won "
              f"{100 * result.rate('won'):.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), {result.seconds:.1f} s, {result.path} path")
    print(f"lab default run ({len(app.results)} configurations x {app.results[0].games:,} {app.bot.value} games, 4 players): "
          f"{seconds:.1f} s; widest half-interval {max(halves):.2f} points")
    app.close()


def random_agreement(engine_games: int, batch_games: int, workers: int) -> None:
    print(f"random team: engine {engine_games:,} games and batch {batch_games:,} games per line (seed 11)")
    agree = both = lines = 0
    for players, variants in itertools.product((3, 4, 5, 6), CONFIGURATIONS):
        options = {"variants": list(variants)}
        engine = simulate("pokerface", players, ["random"], engine_games, seed=11, workers=workers, options=options, engine=True)
        batch = simulate("pokerface", players, ["random"], batch_games, seed=11, workers=workers, options=options)
        (e_low, e_high), (b_low, b_high) = engine.ci95("won"), batch.ci95("won")
        batch_inside = e_low <= batch.rate("won") <= e_high
        engine_inside = b_low <= engine.rate("won") <= b_high
        p_value = two_proportion_p_value(engine.totals["won"], engine.games, batch.totals["won"], batch.games)
        agree += batch_inside
        both += batch_inside and engine_inside
        lines += 1
        print(f"{players} players {name(variants):45} engine {100 * engine.rate('won'):6.2f}% [{100 * e_low:5.2f}, {100 * e_high:5.2f}]"
              f"  batch {100 * batch.rate('won'):6.2f}% [{100 * b_low:5.2f}, {100 * b_high:5.2f}]  batch in engine's: "
              f"{'yes' if batch_inside else 'NO'}, engine in batch's: {'yes' if engine_inside else 'no'}  p = {p_value:.2f}",
              flush=True)
    print(f"{lines} lines: the batch rate inside the engine's 95% interval in {agree}, each inside the other's in {both}")


def record(lines: list[str], games: int, seed: int, folder: str, until: str | None) -> None:
    """Play ``games`` engine games of the random team for each line (``4:base``, ``3:free-for-all``, ...)
    one after another in this process and keep every game's outcome in ``folder`` (one .npz a line), for
    ``random --engine-folder`` to compare with the batch path game by game. ``until`` (HH:MM, UTC): no
    line is started that the last line's pace says would end after it."""
    import datetime

    import numpy as np

    game = get_game("pokerface")
    os.makedirs(folder, exist_ok=True)
    pace = 0.0  # seconds a game a player, from the last line
    for line in lines:
        players_text, _, variants_text = line.partition(":")
        players, variants = int(players_text), tuple(v for v in variants_text.split("+") if v and v != "base")
        if until is not None and pace:
            now = datetime.datetime.now(datetime.timezone.utc)
            end = now + datetime.timedelta(seconds=pace * players * games)
            if end.strftime("%H:%M") > until:
                print(f"{line}: not started (it would end about {end:%H:%M} UTC, after {until})", flush=True)
                continue
        rules = game.new_rules(players, {"variants": list(variants)})
        outcomes = np.zeros((games, 3), dtype=np.int64)
        start = time.perf_counter()
        for number in range(games):
            state = play_one(game, rules, ("random",), seed, number)
            outcomes[number] = (bool(state.won), state.successes, state.failures)
        seconds = time.perf_counter() - start
        pace = seconds / games / players
        path = os.path.join(folder, f"{players}-{name(variants)}-seed{seed}-{games}.npz")
        np.savez(path, outcomes=outcomes)
        print(f"{line}: {games:,} engine games in {seconds:.0f} s ({1e3 * seconds / games:.1f} ms a game), "
              f"load average {os.getloadavg()[0]:.1f}; {path}", flush=True)


def exact(games: int) -> None:
    game = get_game("pokerface")
    configurations = list(itertools.product((3, 4, 5, 6), CONFIGURATIONS))
    per = max(1, games // len(configurations))
    differ = played = 0
    start = time.perf_counter()
    for players, variants in configurations:
        rules = game.new_rules(players, {"variants": list(variants)})
        outcome = play_batch(rules, ("estimator",) * players, 5, range(per))
        for number in range(per):
            state = play_one(game, rules, ("estimator",), 5, number)
            same = (state.won, state.successes, state.failures) == (
                bool(outcome.won[number]), int(outcome.successes[number]), int(outcome.failures[number]))
            differ += not same
            played += 1
    print(f"estimator team: {played:,} games ({per} for each of {len(configurations)} player counts and variants), "
          f"{differ} with another outcome on the batch path than on the engine ({time.perf_counter() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("speed", "cpu", "lab", "random", "exact", "record"))
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--engine-games", type=int, default=6250)
    parser.add_argument("--batch-games", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--lines", nargs="*", default=["4:base", "3:base"])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--folder", default="/tmp/pokerface-engine-outcomes")
    parser.add_argument("--until", default=None)
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.workers)
    elif args.what == "cpu":
        processor_time(args.games or 10_000)
    elif args.what == "lab":
        lab()
    elif args.what == "random":
        random_agreement(args.engine_games, args.batch_games, args.workers)
    elif args.what == "record":
        record(args.lines, args.games or 100_000, args.seed, args.folder, args.until)
    else:
        exact(args.games or 2000)


if __name__ == "__main__":
    main()
