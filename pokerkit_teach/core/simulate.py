"""Many games with bots in every seat, for any game of the kit: one runner, in parallel processes, with
progress, as JSON or in words.

Every game has its own seed derived from ``seed`` and its number, so a result does not depend on the
number of worker processes.

Two paths play the games. The engine plays every game move by move through its state machine
(:func:`play_one`). A game may also offer a *batch path* (its GameModule's ``batch``, a
:class:`~pokerkit_teach.core.contract.BatchPath`), which plays many games side by side with array
operations, for the bots it can write that way. :func:`simulate` takes the batch path when every bot can
be batched and ``engine`` is not asked for; the result's ``path`` says which ran. The batch path plays
slices of ``BATCH_CHUNK`` games; a game's result must not depend on the slice it is played in, so results
do not depend on the number of workers, nor on the variant lab's slices.

>>> result = simulate("pokerface", players=3, bots=["random"], games=20, seed=1)
>>> result.games, result.totals["won"] + result.totals["lost"]
(20, 20.0)
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, message, number, percent
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.registry import get_game

__all__ = ["SimulationResult", "simulate", "play_one", "play_games", "path_for", "wilson_interval", "share", "interval_digits", "interval_texts",
           "two_proportion_p_value", "compare_rates", "MAX_GAMES", "MAX_WORKERS", "PATHS"]

MAX_GAMES = 10_000_000
MAX_WORKERS = 64
PATHS = ("batch", "engine")


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    >>> wilson_interval(0, 2000)[0], wilson_interval(7, 7)[1]
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At no success (or all) the bound is 0 (or 1) exactly; the formula leaves a rounding error there.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def share(count: float, of: float) -> dict[str, Any]:
    """A share as a simulation's figures give it: the count, what it is a share of, the rate and its 95%
    Wilson interval (``ci95``), to six decimals (a report writes the interval with the decimals that tell
    its bounds apart, :func:`interval_texts`).

    >>> share(0, 1000)
    {'count': 0, 'of': 1000, 'rate': 0.0, 'ci95': [0.0, 0.003827]}
    >>> share(23, 50)["ci95"]
    [0.329697, 0.596011]
    """
    rate = count / of if of else 0.0
    low, high = wilson_interval(count, int(of)) if of else (0.0, 1.0)
    return {"count": _number(count), "of": _number(of), "rate": round(rate, 6), "ci95": [round(low, 6), round(high, 6)]}


def interval_digits(low: float, high: float, least: int = 1, most: int = 4) -> int:
    """How many decimals of a percentage show an interval's two bounds apart (at least ``least``, at most
    ``most``): ``0.0-0.4%``, not ``0.0-0.0%``, for a count of none in 1,000.

    >>> interval_digits(0.0, 0.0038), interval_digits(0.33, 0.596), interval_digits(0.5, 0.50001)
    (1, 1, 3)
    """
    digits = least
    while digits < most and round(100 * low, digits) == round(100 * high, digits):
        digits += 1
    return digits


def interval_texts(ci95: Sequence[float], lang: str) -> tuple[str, str]:
    """An interval's bounds as a report writes them: the lower as a number of percent, the upper as a
    percentage, with the decimals that tell them apart (``0.0``, ``0.4 %``), by the language's rules."""
    low, high = ci95
    digits = interval_digits(low, high)
    return number(100 * low, lang, digits), percent(high, lang, digits)


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 6)


def two_proportion_p_value(successes_a: float, trials_a: int, successes_b: float, trials_b: int) -> float:
    """How often two shares at least as far apart as these would come from chance alone, if both runs had
    the same true rate: the two-sided p-value of the pooled two-proportion z-test (1.0 if it cannot tell).

    Why this test and not "do the two 95% intervals overlap?": overlapping intervals do not mean the
    difference is chance. For two intervals of about the same width, they stop overlapping only when the
    difference is about 2.8 standard errors of the difference, a test at about half a percent, so real
    differences would be called chance far too often. 40 of 200 against 60 of 200: the Wilson intervals
    overlap, yet chance alone gives a difference this large in about 2 runs of 100.

    >>> round(two_proportion_p_value(40, 200, 60, 200), 3)
    0.021
    >>> two_proportion_p_value(50, 100, 50, 100)
    1.0
    """
    if trials_a <= 0 or trials_b <= 0:
        return 1.0
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    variance = pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b)
    if variance <= 0:
        return 1.0
    z = abs(successes_a / trials_a - successes_b / trials_b) / math.sqrt(variance)
    return min(1.0, math.erfc(z / math.sqrt(2)))


@dataclass(frozen=True)
class SimulationResult:
    """The sums of every game's figures (``totals``, as the game's ``tally`` names them) for ``games``
    games of ``game`` with ``bots`` in the seats."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    games: int
    seed: int
    seconds: float
    totals: Mapping[str, float]
    path: str = "engine"  # "batch" when the game's batch path played the games (see the module's text)

    def rate(self, name: str) -> float:
        """A total per game: ``rate("won")`` is the share of games won."""
        return self.totals.get(name, 0.0) / self.games if self.games else 0.0

    def ci95(self, name: str) -> tuple[float, float]:
        """The 95% interval of the share ``rate(name)`` (for a count of at most one per game)."""
        return wilson_interval(self.totals.get(name, 0.0), self.games)

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.bots),
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options},
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "totals": {k: _number(v) for k, v in self.totals.items()},
            "figures": self.figures(),
            "path": self.path,
        }

    def figures(self) -> dict[str, Any]:
        """Every figure the report says in words (the game's ``figures``: each share with its interval)."""
        return dict(get_game(self.game).figures(self.totals, self.games, self.seat_bots))

    @property
    def seat_bots(self) -> tuple[str, ...]:
        """The bot's name in each seat."""
        return self.bots * self.players if len(self.bots) == 1 else self.bots

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        info = get_game(self.game)
        report = info.report(self.figures(), lang)
        if self.path == "batch" or info.batch is not None:  # a game with two paths says which one ran
            return message("simulate.timed_path", lang, report=report, seconds=self.seconds,
                           path=Msg.of(f"simulate.path.{self.path}"))
        return message("simulate.timed", lang, report=report, seconds=self.seconds)


def compare_rates(base: SimulationResult, other: SimulationResult, name: str, level: float = 0.05) -> int:
    """1 if ``other``'s share ``rate(name)`` is higher than ``base``'s by more than chance explains (the
    two-proportion test of :func:`two_proportion_p_value` below ``level``), -1 if it is lower, 0 if the
    difference could be chance.

    The variant lab plays the same deals in every configuration; the test treats the runs as independent.
    Outcomes on the same deals go together, which makes the real chance variation of the difference
    smaller than the test assumes, so the test errs on the cautious side: a difference it calls larger
    than chance is one. The lab asks each of its k comparisons at ``0.05 / k`` (Bonferroni), so its whole
    sentence names a chance difference as real in at most 5 runs of 100.
    """
    p_value = two_proportion_p_value(base.totals.get(name, 0.0), base.games, other.totals.get(name, 0.0), other.games)
    if p_value >= level:
        return 0
    return 1 if other.rate(name) > base.rate(name) else -1


def play_one(game: GameModule, rules: Any, bot_names: Sequence[str], seed: int, number: int) -> Any:
    """Game ``number`` of a simulation seeded ``seed``: its bots and its deal come from its own seeds."""
    players = rules.player_count if hasattr(rules, "player_count") else len(rules.players)
    game_seed = np.random.SeedSequence([seed, number])
    seeds = game_seed.spawn(players + 1)
    bots = game.bots_for(bot_names, players, [np.random.default_rng(s) for s in seeds[:players]])
    rng = np.random.default_rng(int(seeds[players].generate_state(1)[0]))
    state = rules.new_game(seed=rng, auto_chance=game.dealer is None)
    return Match(state, bots, seed=rng, dealer=game.dealer).play_to_end()


def path_for(game: GameModule, seat_bots: Sequence[str], engine: bool = False) -> str:
    """``"batch"`` if the game's batch path can play these bots (one name per seat) and ``engine`` is not
    asked for, else ``"engine"``."""
    batch = None if engine else game.batch
    return "batch" if batch is not None and batch.can_batch(tuple(seat_bots)) else "engine"


def _seat_bots(bot_names: Sequence[str], players: int) -> tuple[str, ...]:
    return tuple(bot_names) * players if len(bot_names) == 1 else tuple(bot_names)


def play_games(game: GameModule, rules: Any, bot_names: Sequence[str], seed: int, numbers: range,
               path: str = "engine") -> dict[str, float]:
    """The sums of the game's figures over games ``numbers`` of a simulation seeded ``seed``, on ``path``
    (``"batch"``: one call of the game's batch path, which the caller has checked can play these bots)."""
    totals: dict[str, float] = {}
    if path == "batch":
        players = rules.player_count if hasattr(rules, "player_count") else len(rules.players)
        assert game.batch is not None, f"{game.name} has no batch path"
        _add(totals, game.batch.batch_simulate(rules, _seat_bots(bot_names, players), seed, numbers))
        return totals
    for game_number in numbers:
        _add(totals, game.tally(play_one(game, rules, bot_names, seed, game_number)))
    return totals


def _run_chunk(args: tuple[str, int, tuple[tuple[str, Any], ...], tuple[str, ...], int, range, str]) -> dict[str, float]:
    name, players, options, bot_names, seed, numbers, path = args
    game = get_game(name)
    return play_games(game, game.new_rules(players, dict(options)), bot_names, seed, numbers, path)


def _add(totals: dict[str, float], figures: Mapping[str, float]) -> None:
    for key, value in figures.items():
        totals[key] = totals.get(key, 0.0) + value


def simulate(
    game: str | GameModule,
    players: int,
    bots: Sequence[str] = (),
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    options: Mapping[str, Any] | None = None,
    engine: bool = False,
) -> SimulationResult:
    """Play ``games`` games with ``bots`` (one name for every seat, or one per seat; the game's default
    bot if none) and sum each game's figures. ``progress(done, total)`` is called as chunks finish.
    The game's batch path plays them when it can play these bots; ``engine=True`` asks for the engine
    (to check the batch path against it)."""
    info = game if isinstance(game, GameModule) else get_game(game)
    given = {k: (tuple(v) if isinstance(v, (list, tuple)) else v) for k, v in (options or {}).items() if v not in (None, (), [])}
    info.new_rules(players, given)  # check the arguments before any work
    bot_names = tuple(bots) or (info.default_bot,)
    info.bots_for(bot_names, players)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise OptionError("games", Msg.of("errors.scenario.kind.integer_range", low=1, high=MAX_GAMES), games)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise OptionError("workers", Msg.of("errors.scenario.kind.integer_range", low=1, high=MAX_WORKERS), workers)
    start = time.perf_counter()
    path = path_for(info, _seat_bots(bot_names, players), engine)
    if path == "batch" and info.batch is not None:  # a game's slices (PokerGuess: 50, so both workers play)
        chunk = info.batch.BATCH_CHUNK
    else:
        chunk = max(1, min(200, games // (workers * 4) or 1))
    option_items = tuple(sorted(given.items()))
    chunks = [(info.name, players, option_items, bot_names, seed, range(i, min(i + chunk, games)), path)
              for i in range(0, games, chunk)]
    workers = min(workers, len(chunks))
    totals: dict[str, float] = {}
    done = 0
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = pool.map(_run_chunk, chunks)
            for args, result in zip(chunks, results):
                _add(totals, result)
                done += len(args[5])
                if progress:
                    progress(done, games)
    else:
        for args in chunks:
            _add(totals, _run_chunk(args))
            done += len(args[5])
            if progress:
                progress(done, games)
    return SimulationResult(info.name, players, bot_names, option_items, games, seed, time.perf_counter() - start,
                            totals, path)
