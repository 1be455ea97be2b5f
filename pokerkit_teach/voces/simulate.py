"""Many Póker a Voces games with bots: what the special cards and the rule options do to the scores.

>>> result = simulate_voces(players=3, bots=["builder", "random"], games=2, seed=1, specials=["capybara"])
>>> result["games"], sorted(result["bots"]), result["specials"]
(2, ['builder', 'random'], ['capybara'])
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from pokerkit_teach.voces.cards import Special
from pokerkit_teach.voces.reveal import TieRule
from pokerkit_teach.voces.bots import make_voces_bot, play_voces_game
from pokerkit_teach.voces.state import FoldTiming, VocesRules

__all__ = ["simulate_voces"]


def simulate_voces(players: int, bots: Sequence[str], games: int, seed: int = 0, specials: Sequence[str] = (),
                   rounds: int = 3, ace_low_straight: bool = False, tie_rule: str = "shared",
                   fold_timing: str = "each_hand", unused_five_scores: bool = True) -> dict[str, Any]:
    """Play ``games`` games; seat i gets ``bots[i % len(bots)]``. Returns the JSON of
    ``pokerkit-teach simulate voces``: per bot its mean points per game and share of games won (a shared
    victory counts for each winner), and per hand how often nobody won it, how often a player folded it,
    and how many players were eliminated by Raccoons or Doves."""
    if not 3 <= players <= 6:
        raise ValueError(f"Póker a Voces is played by 3 to 6 players, got {players}")
    if games < 1:
        raise ValueError(f"simulate at least one game, got {games}")
    names = [bots[i % len(bots)] for i in range(players)]
    for name in set(names):
        make_voces_bot(name)  # unknown names fail before any game is played
    known = {s.value: s for s in Special} | {"penguin": Special.EMPEROR_PENGUIN}
    unknown = [name for name in specials if name.lower().replace("-", "_") not in known]
    if unknown:
        raise ValueError(f"unknown special card {unknown[0]!r}; choose from {', '.join(s.value for s in Special)}")
    kinds = [known[name.lower().replace("-", "_")] for name in specials]
    rules = VocesRules(tuple(f"{name} {i + 1}" for i, name in enumerate(names)), specials=kinds, rounds=rounds,
                       ace_low_straight=ace_low_straight, tie_rule=TieRule(tie_rule), fold_timing=FoldTiming(fold_timing),
                       unused_five_scores=unused_five_scores)
    points = {name: 0 for name in names}
    wins = {name: 0 for name in names}
    hands = nobody = folds = eliminated = 0
    for game in range(games):
        sequence = np.random.SeedSequence([seed, game])
        seeds = sequence.spawn(players + 1)
        seat_bots = [make_voces_bot(name, np.random.default_rng(s)) for name, s in zip(names, seeds)]
        state = play_voces_game(seat_bots, rules, np.random.default_rng(seeds[players]))
        for seat, total in enumerate(state.totals):
            points[names[seat]] += total
        for seat in state.winners:
            wins[names[seat]] += 1
        for event in state.events:
            if event.kind in ("hand_won", "hand_shared", "nobody_won"):
                hands += 1
                nobody += event.kind == "nobody_won"
            folds += event.kind == "folded"
            eliminated += event.kind.startswith("eliminated")
    seats = {name: names.count(name) for name in set(names)}
    return {
        "game": "voces",
        "players": players,
        "games": games,
        "rounds": rounds,
        "specials": [k.value for k in kinds],
        "hands": hands,
        "nobody_won_share": round(nobody / hands, 6) if hands else 0.0,
        "fold_share": round(folds / (hands * players), 6) if hands else 0.0,
        "eliminations_per_hand": round(eliminated / hands, 6) if hands else 0.0,
        "bots": {
            name: {"seats": seats[name], "mean_points": round(points[name] / (games * seats[name]), 3),
                   "games_won": wins[name], "game_share": round(wins[name] / games, 6)}
            for name in sorted(seats)
        },
        "seed": seed,
    }
