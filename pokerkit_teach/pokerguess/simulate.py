"""Many PokerGuess games with bots: who wins the pots.

>>> result = simulate_guess(players=3, bots=["counter", "random"], games=5, seed=1)
>>> result["games"], sorted(result["bots"])
(5, ['counter', 'random'])
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from pokerkit_teach.pokerguess.bots import make_guess_bot, play_guess_game
from pokerkit_teach.pokerguess.state import PokerGuessRules, PokerGuessState

__all__ = ["simulate_guess"]


def simulate_guess(players: int, bots: Sequence[str], games: int, seed: int = 0, max_rounds: int = 100) -> dict[str, Any]:
    """Play ``games`` games; seat i gets ``bots[i % len(bots)]``. Returns the JSON of
    ``pokerkit-teach simulate pokerguess``: per bot, the share of pots it won and of games it won."""
    if not 2 <= players <= 6:
        raise ValueError(f"PokerGuess is played here by 2 to 6 players, got {players}")
    if games < 1:
        raise ValueError(f"simulate at least one game, got {games}")
    names = [bots[i % len(bots)] for i in range(players)]
    for name in set(names):
        make_guess_bot(name)  # unknown names fail before any game is played
    rules = PokerGuessRules(tuple(f"{name} {i + 1}" for i, name in enumerate(names)), max_rounds=max_rounds)
    pots_won = {name: 0 for name in names}
    games_won = {name: 0 for name in names}
    pots = shared = 0
    for game in range(games):
        sequence = np.random.SeedSequence([seed, game])
        seeds = sequence.spawn(players + 1)
        seat_bots = [make_guess_bot(name, np.random.default_rng(s)) for name, s in zip(names, seeds)]
        state = play_guess_game(seat_bots, rules, np.random.default_rng(seeds[players]))
        assert isinstance(state, PokerGuessState)
        for result in state.results:
            pots += 1
            if result["winner"] is None:
                shared += 1
            else:
                pots_won[names[result["winner"]]] += 1
        if state.winner is not None:
            games_won[names[state.winner]] += 1
    seats = {name: names.count(name) for name in set(names)}
    return {
        "game": "pokerguess",
        "players": players,
        "games": games,
        "pots": pots,
        "pots_shared": shared,
        "bots": {
            name: {"seats": seats[name], "pot_share": round(pots_won[name] / pots, 6) if pots else 0.0,
                   "games_won": games_won[name], "game_share": round(games_won[name] / games, 6)}
            for name in sorted(seats)
        },
        "seed": seed,
    }
