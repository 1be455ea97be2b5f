"""The Pokerface bots: how long a reading bot takes to move, and how well each team plays (a benchmark,
not a test; the figures go to docs/bots.md and docs/benchmarks.md with the date).

    .venv/bin/python benchmarks/pokerface_bots.py move [--games 20]
    nice .venv/bin/python benchmarks/pokerface_bots.py compare [--games 5000] [--players 4] [--workers 2]
    nice .venv/bin/python benchmarks/pokerface_bots.py one --bots reader --variants rising-stakes [--games 5000] [--players 4]
    nice .venv/bin/python benchmarks/pokerface_bots.py rising [--games 2000] [--players 3 5 6] [--workers 2]
    nice .venv/bin/python benchmarks/pokerface_bots.py teams [--games 2000] [--players 3 4 5 6] [--workers 2]

``move``: the processor time of every reader move in ``--games`` games of reader bots at 3 to 6 players:
the mean, the 99th percentile and the largest, for all moves and for the ♠-round moves (the ones that read);
the goal is under 0.2 s a move, so that a table of five bots answers a learner's click within a second.
``compare``: the reading team against the estimator team, base game and rising stakes, ``--games`` each:
game win rate and deal success with 95% (Wilson) intervals, and whether the intervals are apart.
``one``: one line, ``--bots`` and ``--variants`` as given, for each of ``--players``; with ``--holders-only``
the reader reads only the tokens held, not the deal's public moves (the reader before it read the moves).
``rising``: the reading team with rising stakes only, ``--games`` each (the base game's line is in ``teams``).
``teams``: for each player count, the random team, the estimator team, the reading team, two mixed tables
(readers and estimators in turn) and the perfect-information bound
(a team that sees every card always orders the hands right: every deal a success, every game won).
Every line is printed as it is done, with the processor seconds it took (its workers included).
"""

from __future__ import annotations

import argparse
import json
import resource
import time

import numpy as np

from pokerkit_teach.core.simulate import simulate, wilson_interval
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.games.pokerface.bots import PokerfaceReaderBot
from pokerkit_teach.games.pokerface.rules import PokerfaceRules


def cpu() -> float:
    """Processor seconds of this process and of its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def move(games: int) -> None:
    for players in (3, 4, 5, 6):
        rules = PokerfaceRules.for_players(players)
        times: list[float] = []
        spades: list[float] = []
        for game in range(games):
            state = rules.new_game(seed=game)
            bots = [PokerfaceReaderBot(100 * game + s) for s in range(players)]
            while not state.is_terminal():
                seat = state.current_player()
                view = state.view_for(seat)
                start = time.process_time()
                decision = bots[seat].decide(view)
                spent = time.process_time() - start
                times.append(spent)
                if view.round_suit is Suit.SPADES:
                    spades.append(spent)
                assert decision is not None
                state.apply(decision.action)
        for name, values in (("all moves", times), ("♠ moves", spades)):
            array = np.array(values) * 1000
            print(f"{players} players, {name}: {len(array)} moves, mean {array.mean():.2f} ms, "
                  f"99th percentile {np.percentile(array, 99):.2f} ms, largest {array.max():.2f} ms", flush=True)


def line(label: str, players: int, bots: list[str], games: int, workers: int, variants: tuple[str, ...] = ()) -> dict[str, object]:
    start = cpu()
    result = simulate("pokerface", players, bots, games=games, seed=2026, workers=workers,
                      options={"variants": list(variants)} if variants else None)
    totals = result.totals
    deals = int(totals["deal_successes"] + totals["deal_failures"])
    won = int(totals["won"])
    figures = {
        "label": label, "players": players, "bots": bots, "variants": list(variants), "games": games, "path": result.path,
        "won": won, "win": won / games, "win_ci": wilson_interval(won, games),
        "deals": deals, "deal_successes": int(totals["deal_successes"]),
        "deal": totals["deal_successes"] / deals, "deal_ci": wilson_interval(totals["deal_successes"], deals),
        "cpu_s": round(cpu() - start, 1),
    }
    w, d = figures["win_ci"], figures["deal_ci"]
    print(f"{players} players, {label}{' (' + ', '.join(variants) + ')' if variants else ''}: "
          f"won {won} of {games} = {figures['win']:.1%} [{w[0]:.1%}, {w[1]:.1%}]; "  # type: ignore[index]
          f"deals {figures['deal_successes']} of {deals} = {figures['deal']:.1%} [{d[0]:.1%}, {d[1]:.1%}]; "  # type: ignore[index]
          f"{result.path} path, {figures['cpu_s']} s of processor time", flush=True)
    return figures


def apart(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[1] < b[0] or b[1] < a[0]


def compare(games: int, players: list[int], workers: int, out: str | None) -> None:
    rows = []
    for n in players:
        reader = line("reader", n, ["reader"], games, workers)
        estimator = line("estimator", n, ["estimator"], games, workers)
        rising = line("reader", n, ["reader"], games, workers, ("rising-stakes",))
        rows += [reader, estimator, rising]
        print(f"{n} players: deal success reader - estimator = {reader['deal'] - estimator['deal']:+.1%} "  # type: ignore[operator]
              f"(intervals apart: {apart(reader['deal_ci'], estimator['deal_ci'])}); "  # type: ignore[arg-type]
              f"rising stakes changes the reader's win rate by {rising['win'] - reader['win']:+.1%} "  # type: ignore[operator]
              f"(intervals apart: {apart(rising['win_ci'], reader['win_ci'])})", flush=True)  # type: ignore[arg-type]
    if out:
        with open(out, "w") as handle:
            json.dump(rows, handle, indent=1)


def rising(games: int, players: list[int], workers: int, out: str | None) -> None:
    rows = [line("reader", n, ["reader"], games, workers, ("rising-stakes",)) for n in players]
    if out:
        with open(out, "w") as handle:
            json.dump(rows, handle, indent=1)


def teams(games: int, players: list[int], workers: int, out: str | None) -> None:
    rows = []
    for n in players:
        print(f"{n} players, perfect information: every deal a success, every game won (100%)", flush=True)
        rows.append(line("random", n, ["random"], games, workers))
        rows.append(line("estimator", n, ["estimator"], games, workers))
        rows.append(line("reader", n, ["reader"], games, workers))
        rows.append(line("readers and estimators in turn", n, [("reader", "estimator")[s % 2] for s in range(n)], games, workers))
        if out:
            with open(out, "w") as handle:
                json.dump(rows, handle, indent=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("move", "compare", "rising", "teams", "one"))
    parser.add_argument("--bots", nargs="+", default=["reader"], help="one: the bots (one name, or one per seat)")
    parser.add_argument("--variants", nargs="*", default=[], help="one: the variants")
    parser.add_argument("--games", type=int)
    parser.add_argument("--players", type=int, nargs="+")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--holders-only", action="store_true", help="the reader reads the tokens held, not the public moves")
    args = parser.parse_args()
    if args.holders_only:  # set before simulate's workers start (they are forked from this process)
        PokerfaceReaderBot.read_moves = False
    if args.what == "move":
        move(args.games or 20)
    elif args.what == "compare":
        compare(args.games or 5000, args.players or [4], args.workers, args.json)
    elif args.what == "one":
        label = " ".join(args.bots) + (" (tokens held only)" if args.holders_only else "")
        rows = [line(label, n, args.bots, args.games or 2000, args.workers, tuple(args.variants)) for n in args.players or [4]]
        if args.json:
            with open(args.json, "w") as handle:
                json.dump(rows, handle, indent=1)
    elif args.what == "rising":
        rising(args.games or 2000, args.players or [3, 5, 6], args.workers, args.json)
    else:
        teams(args.games or 2000, args.players or [3, 4, 5, 6], args.workers, args.json)


if __name__ == "__main__":
    main()
