"""Many games with bots in every seat: what a variant does to the team's chances.

>>> result = simulate(players=3, variants=(), bot="random", games=20, seed=1)
>>> result.games, result.wins + result.losses
(20, 20)
>>> low, high = result.ci95
>>> 0 <= low <= result.win_rate <= high <= 1
True
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

import numpy as np

from pokerkit_teach.holdem.cards import Card, french_deck
from pokerkit_teach.pokerface.actions import DealBoard, DealHoleCards, Showdown
from pokerkit_teach.pokerface.bots import Bot, EstimatorBot, ReaderBot, make_bot
from pokerkit_teach.pokerface.rules import PokerfaceRules, Variant
from pokerkit_teach.pokerface.strength import prefetch
from pokerkit_teach.pokerface.state import CHANCE, SIMULTANEOUS, TERMINAL, PokerfaceState

__all__ = ["SimulationResult", "simulate", "play_game", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class SimulationResult:
    """``wins``/``losses`` count games; ``deal_successes``/``deal_failures`` count deals."""

    players: int
    variants: tuple[str, ...]
    bot: str
    games: int
    wins: int
    losses: int
    deal_successes: int
    deal_failures: int
    seed: int
    seconds: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def as_json(self) -> dict[str, object]:
        low, high = self.ci95
        return {
            "game": "pokerface",
            "players": self.players,
            "variants": list(self.variants),
            "bots": self.bot,
            "games": self.games,
            "successes": self.wins,
            "failures": self.losses,
            "win_rate": round(self.win_rate, 6),
            "ci95": [round(low, 6), round(high, 6)],
            "deal_successes": self.deal_successes,
            "deal_failures": self.deal_failures,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
        }


def _deal(state: PokerfaceState, rng: np.random.Generator, bots: Sequence[Bot]) -> tuple[Card, ...]:
    """Shuffle for a new deal, hand out the hole cards, and return the whole board to come."""
    deck = [french_deck()[i] for i in rng.permutation(52)]
    count = state.player_count
    hole = tuple((deck[2 * seat], deck[2 * seat + 1]) for seat in range(count))
    board = tuple(deck[2 * count: 2 * count + 5])
    state.apply(DealHoleCards(hole))
    if any(isinstance(bot, EstimatorBot) and not isinstance(bot, ReaderBot) for bot in bots):
        # Judge every player's hand at every stage in one batch: each judgement uses only what
        # that player will see at that stage.
        prefetch([(hole[seat], board[:size]) for seat in range(count) for size in (3, 4, 5)])
    return board


def play_game(rules: PokerfaceRules, bots: Sequence[Bot], seed: int | np.random.Generator) -> PokerfaceState:
    """Play one whole game with one bot per seat, the simulation acting as dealer; returns the
    finished state."""
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    state = rules.new_game(seed=rng, auto_chance=False)
    seats = list(range(rules.player_count))
    board: tuple[Card, ...] = ()
    order_rng = rng
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state
        if player == CHANCE:
            kind = state.step[0]
            if kind == "hole":
                board = _deal(state, rng, bots)
            elif kind == "flop":
                state.apply(DealBoard("flop", board[:3]))
            elif kind in ("turn", "river"):
                state.apply(DealBoard(kind, board[3:4] if kind == "turn" else board[4:5]))
            else:
                state.apply(Showdown())
            continue
        if player == SIMULTANEOUS:
            # Free-for-all: whoever is quickest moves; the order of the quick is random.
            order_rng.shuffle(seats)
            for seat in seats:
                decision = bots[seat].decide(state.view_for(seat))
                if decision is not None:
                    state.apply(decision.action)
                    break
            else:  # nobody wants to move, yet the round is open: someone must (cannot happen with our bots)
                actions = state.legal_actions()
                state.apply(actions[int(order_rng.integers(len(actions)))])
            continue
        decision = bots[player].decide(state.view_for(player))
        if decision is None:
            actions = state.legal_actions()
            state.apply(actions[int(order_rng.integers(len(actions)))])
        else:
            state.apply(decision.action)


def _run_chunk(args: tuple[int, tuple[str, ...], str, int, list[int]]) -> tuple[int, int, int, int]:
    players, variants, bot, seed, games = args
    rules = PokerfaceRules.for_players(players, 0, variants)
    wins = losses = deal_successes = deal_failures = 0
    for game in games:
        game_seed = np.random.SeedSequence([seed, game])
        bot_seeds = game_seed.spawn(players + 1)
        bots = [make_bot(bot, seed=np.random.default_rng(s)) for s in bot_seeds[:players]]
        state = play_game(rules, bots, int(bot_seeds[players].generate_state(1)[0]))
        wins += state.won is True
        losses += state.won is False
        deal_successes += state.successes
        deal_failures += state.failures
    return wins, losses, deal_successes, deal_failures


def simulate(
    players: int,
    variants: Iterable[Variant | str] = (),
    bot: str = "estimator",
    games: int = 1000,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games with the same bot strategy in every seat and count the team's wins.

    Every game has its own seed derived from ``seed`` and its number, so the result does not depend on
    ``workers`` (processes running in parallel). ``progress(done, total)`` is called as chunks finish.
    """
    names = tuple(sorted((v if isinstance(v, Variant) else Variant.parse(v)).value for v in variants))
    PokerfaceRules.for_players(players, 0, names)  # check the arguments before starting
    make_bot(bot)
    if games < 1:
        raise ValueError(f"simulate at least one game, got {games}")
    start = time.perf_counter()
    chunk = max(1, min(200, games // (workers * 4) or 1))
    chunks = [(players, names, bot, seed, list(range(i, min(i + chunk, games)))) for i in range(0, games, chunk)]
    totals = [0, 0, 0, 0]
    done = 0
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for args, result in zip(chunks, pool.map(_run_chunk, chunks)):
                totals = [a + b for a, b in zip(totals, result)]
                done += len(args[4])
                if progress:
                    progress(done, games)
    else:
        for args in chunks:
            result = _run_chunk(args)
            totals = [a + b for a, b in zip(totals, result)]
            done += len(args[4])
            if progress:
                progress(done, games)
    wins, losses, deal_successes, deal_failures = totals
    return SimulationResult(players, names, bot, games, wins, losses, deal_successes, deal_failures, seed, time.perf_counter() - start)
