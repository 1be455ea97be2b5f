"""How fast PokerGuess and Póker a Voces simulate, engine against PokerGuess's fast path (a benchmark, not
a test; figures and the decision in docs/benchmarks.md, "PokerGuess and Póker a Voces simulation").

    .venv/bin/python benchmarks/pokerguess_voces_simulation.py [--sample 1.0] [--workers 2] [--run 1000]

For every game, bot and player count (typical 4, the most 6; Póker a Voces 3 too) it plays games one after
another on each path for about ``--sample`` seconds of processor time, and prints the processor time a
game and what 1,000 and 10,000 games take at that rate, in one process and spread over ``--workers``
processes (the runner splits the games evenly; the projection divides by the workers). The processor time
of this process is measured, not the clock: on a machine busy with other work the clock says more about
the other work. ``--run N`` also times N games through the runner, ``simulate(..., workers=1)`` and with
the workers, on the clock, for the cases that take less than about a minute.
PokerGuess games are the same on both paths (tests/engine/pokerguess/test_batch.py), so the speed-up is the
whole difference.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import play_one
from pokerkit_teach.games.pokerguess.batch import play_game

CASES = [("pokerguess", 4, "counter"), ("pokerguess", 6, "counter"), ("pokerguess", 4, "random"), ("pokerguess", 6, "random"),
         ("voces", 3, "builder"), ("voces", 4, "builder"), ("voces", 6, "builder"), ("voces", 4, "random"), ("voces", 6, "random")]


def per_game(play: Callable[[int], object], budget: float, at_least: int = 2) -> tuple[float, int, float]:
    """Processor seconds a game, over games 0, 1, ... until ``budget`` seconds are spent (at least
    ``at_least`` games); also the games played and the seconds of the first ``at_least``."""
    start = time.process_time()
    first = 0.0
    games = 0
    while games < at_least or time.process_time() - start < budget:
        play(games)
        games += 1
        if games == at_least:
            first = time.process_time() - start
    return (time.process_time() - start) / games, games, first


def _chunk(args: tuple[str, int, str, range, str]) -> None:
    name, players, bot, numbers, path = args
    game = get_game(name)
    rules = game.new_rules(players, {})
    for number in numbers:
        if path == "fast":
            play_game(rules, [bot], 1, number)
        else:
            play_one(game, rules, [bot], 1, number)


def clock(name: str, players: int, bot: str, games: int, path: str, workers: int) -> float:
    """Seconds on the clock for ``games`` games on ``path`` in ``workers`` processes (chunks of 50)."""
    chunks = [(name, players, bot, range(i, min(i + 50, games)), path) for i in range(0, games, 50)]
    start = time.perf_counter()
    if workers == 1:
        for chunk in chunks:
            _chunk(chunk)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            list(pool.map(_chunk, chunks))
    return time.perf_counter() - start


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:,.1f} s"
    if seconds < 7200:
        return f"{seconds / 60:,.1f} min"
    return f"{seconds / 3600:,.1f} h"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", type=float, default=1.0, help="processor seconds per case and path (default 1)")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--run", type=int, default=0, help="also time this many games through processes, on the clock")
    parser.add_argument("--game", choices=["pokerguess", "voces"], help="only this game")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; processor time a game, and projected for"
          f" 1,000 / 10,000 games in 1 process | {args.workers} workers")
    for name, players, bot in CASES:
        if args.game and name != args.game:
            continue
        game = get_game(name)
        rules = game.new_rules(players, {})
        paths: list[tuple[str, Callable[[int], object]]] = [
            ("engine", lambda number: play_one(game, rules, [bot], 1, number))]
        if name == "pokerguess":
            paths.append(("fast", lambda number: play_game(rules, [bot], 1, number)))
        seconds: dict[str, float] = {}
        same: dict[str, float] = {}
        engine_games = 2
        for path, play in paths:
            seconds[path], games, same[path] = per_game(play, args.sample, engine_games)
            engine_games = games if path == "engine" else engine_games
            each = seconds[path]
            print(f"{name:10} {players} {bot:8} {path:6} {each * 1000:9.1f} ms a game ({games:4} played): "
                  f"1,000 in {_duration(1000 * each)} | {_duration(1000 * each / args.workers)}; "
                  f"10,000 in {_duration(10_000 * each)} | {_duration(10_000 * each / args.workers)}")
            if args.run and args.run * each < 60:
                one, many = (clock(name, players, bot, args.run, path, w) for w in (1, args.workers))
                print(f"{'':30} on the clock, {args.run:,} games: {one:.1f} s in 1 process, {many:.1f} s in {args.workers}")
        if "fast" in seconds:
            engine_total = seconds["engine"] * engine_games
            print(f"{'':30} the same {engine_games} games: fast path {engine_total / same['fast']:.1f} times quicker")


if __name__ == "__main__":
    main()
