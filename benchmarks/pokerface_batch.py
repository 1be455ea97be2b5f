"""The Pokerface batch path (pokerkit_teach/games/pokerface/batch.py): its speed, and its agreement with the engine
(a benchmark and a check, not a test; the figures go to docs/benchmarks.md with the date).

    .venv/bin/python benchmarks/pokerface_batch.py speed [--workers 2]
    .venv/bin/python benchmarks/pokerface_batch.py cpu [--games 10000]
    .venv/bin/python benchmarks/pokerface_batch.py lab
    .venv/bin/python benchmarks/pokerface_batch.py random [--engine-games 1000] [--folder DIR] [--seed 11]
    .venv/bin/python benchmarks/pokerface_batch.py exact [--games 2000]
    nice -n 19 .venv/bin/python benchmarks/pokerface_batch.py record [--games 100000] [--lines 4:base 3:free-for-all ...]

``speed``: 10,000 and 100,000 four-player games with estimator bots and with random bots on the batch path
(goal: 10,000 estimator games in under 3 s, 100,000 in under 30 s, on the 2-core machine).
``cpu``: the processor time of one process for the same games (base game and free-for-all), a figure a
busy machine changes less.
``lab``: the variant lab's default run (4 configurations x 5,000 estimator games at 4 players; goal: under 10 s).
``random``: for 3 to 6 players and the base game, each variant and all three together, the random team
plays the same games on the engine and on the batch path: how many games end otherwise (won, successes,
failures), and the two win rates, each with its 95% interval, whether each lies in the other's interval
(and the two-proportion p-value). A line's engine games are those ``record`` kept, if any, else
``--engine-games`` played now on ``--workers`` processes.
``exact``: per-game outcomes (won, successes, failures) of the estimator team on both paths, game by game.
``record``: the random team's engine games, 100,000 a line by default, one line after another in one
process (about 10 minutes a line on a quiet core), kept in ``--folder`` for ``random``; ``--until HH:MM``
(UTC) starts no line that would end later.
"""

from __future__ import annotations

import argparse
import glob
import itertools
import os
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import play_one, simulate, two_proportion_p_value, wilson_interval
from pokerkit_teach.games.pokerface.batch import play_batch

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
                  f"{result.seconds:5.1f} s ({games / result.seconds:,.0f} games/s), won {100 * result.rate('won'):.2f}%; "
                  f"load average after: {os.getloadavg()[0]:.1f}", flush=True)


def lab() -> None:
    from pokerkit_teach.widgets.lab import VariantLabApp

    print(f"load average before: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    start = time.perf_counter()
    app = VariantLabApp(query="lang=en&players=4&seed=1")
    built = time.perf_counter() - start
    if app.tables_thread is not None:  # as on the page: the batch tables are built while the browser loads it
        app.tables_thread.join()
    print(f"app built in {built:.1f} s, its batch tables {time.perf_counter() - start:.1f} s after the start "
          f"(a page's first widget comes after 1.2 to 2.2 s; a preheated kernel built both before)")
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


def _engine_outcomes(args: tuple[int, tuple[str, ...], int, range]) -> np.ndarray:
    """Won (0/1), successes and failures of the random team's engine games ``numbers``, one row a game."""
    players, variants, seed, numbers = args
    game = get_game("pokerface")
    rules = game.new_rules(players, {"variants": list(variants)})
    outcomes = np.zeros((len(numbers), 3), dtype=np.int64)
    for row, number in enumerate(numbers):
        state = play_one(game, rules, ("random",), seed, number)
        outcomes[row] = (bool(state.won), state.successes, state.failures)
    return outcomes


def _batch_outcomes(players: int, variants: tuple[str, ...], seed: int, games: int) -> np.ndarray:
    rules = get_game("pokerface").new_rules(players, {"variants": list(variants)})
    parts = []
    for first in range(0, games, 1000):
        outcome = play_batch(rules, ("random",) * players, seed, range(first, min(first + 1000, games)))
        parts.append(np.stack([outcome.won.astype(np.int64), outcome.successes, outcome.failures], axis=1))
    return np.concatenate(parts)


def random_agreement(engine_games: int, seed: int, workers: int, folder: str, only: list[str] | None) -> None:
    """Game by game: the random team's engine games against the same games on the batch path, for 3 to 6
    players and every variant set; the engine's outcomes of a line come from ``folder`` where ``record``
    kept them (100,000 games a line), else ``engine_games`` are played now; ``only``: these lines."""
    print(f"random team, seed {seed}: the same games on the engine and on the batch path, game by game "
          f"(engine outcomes kept by 'record' in {folder}, else {engine_games:,} games played now)")
    lines = differ_lines = inside = 0
    for players, variants in itertools.product((3, 4, 5, 6), CONFIGURATIONS):
        if only is not None and f"{players}:{name(variants)}" not in only:
            continue
        kept = sorted(glob.glob(os.path.join(folder, f"{players}-{name(variants)}-seed{seed}-*.npz")),
                      key=lambda path: int(path.rsplit("-", 1)[1][:-4]))
        if kept:
            engine = np.load(kept[-1])["outcomes"]
            source = "kept"
        else:
            step = max(1, engine_games // (4 * workers))
            chunks = [(players, variants, seed, range(i, min(i + step, engine_games))) for i in range(0, engine_games, step)]
            with ProcessPoolExecutor(max_workers=workers) as pool:
                engine = np.concatenate(list(pool.map(_engine_outcomes, chunks)))
            source = "played"
        games = len(engine)
        start = time.perf_counter()
        batch = _batch_outcomes(players, variants, seed, games)
        seconds = time.perf_counter() - start
        differ = int((engine != batch).any(axis=1).sum())
        (e_low, e_high), (b_low, b_high) = wilson_interval(engine[:, 0].sum(), games), wilson_interval(batch[:, 0].sum(), games)
        e_rate, b_rate = engine[:, 0].mean(), batch[:, 0].mean()
        both = e_low <= b_rate <= e_high and b_low <= e_rate <= b_high
        p_value = two_proportion_p_value(engine[:, 0].sum(), games, batch[:, 0].sum(), games)
        lines += 1
        differ_lines += differ > 0
        inside += both
        print(f"{players} players {name(variants):40} {games:>7,} games ({source}): {differ} differ; won engine "
              f"{100 * e_rate:6.3f}% [{100 * e_low:6.3f}, {100 * e_high:6.3f}]  batch {100 * b_rate:6.3f}% "
              f"[{100 * b_low:6.3f}, {100 * b_high:6.3f}]  each in the other's: {'yes' if both else 'NO'}  p = {p_value:.2f}  "
              f"(batch {seconds:.1f} s)", flush=True)
    print(f"{lines} line{'s' if lines != 1 else ''}: every game the same on both paths in {lines - differ_lines}; "
          f"each win rate inside the other's 95% interval in {inside}")


def record(lines: list[str], games: int, seed: int, folder: str, until: str | None) -> None:
    """Play ``games`` engine games of the random team for each line (``4:base``, ``3:free-for-all``, ...)
    one after another in this process and keep every game's outcome in ``folder`` (one .npz a line), for
    ``random --engine-folder`` to compare with the batch path game by game. ``until`` (HH:MM, UTC): no
    line is started that the last line's pace says would end after it."""
    import datetime

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
    parser.add_argument("--engine-games", type=int, default=1000)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--lines", nargs="*", default=None, help="players:variants, e.g. 4:base 3:free-for-all+soft-landing")
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
        random_agreement(args.engine_games, args.seed, args.workers, args.folder, args.lines)
    elif args.what == "record":
        record(args.lines or ["4:base", "3:base"], args.games or 100_000, args.seed, args.folder, args.until)
    else:
        exact(args.games or 2000)


if __name__ == "__main__":
    main()
