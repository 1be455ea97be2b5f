"""Random play of any registered game, for the conformance tests: the moves come from the seat's view (its
``legal_actions``), a chance step from the state, so the same code plays every game."""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL
from pokerkit_teach.core.registry import all_games
from tests.conformance.facts import facts_of
from tests.conformance.highcard import GAME as HIGHCARD

GAMES: list[GameModule] = [*all_games(), HIGHCARD]
"""The games the conformance suite runs over: every game the registry knows and High Card (test-only)."""

MOST_MOVES = 400  # a random game is cut off after this many actions (a long game proves nothing more)


def new_state(game: GameModule, players: int, seed: int, auto_chance: bool = True) -> Any:
    """A new game of ``players`` players under one of the game's option sets (taken in turn by ``seed``)."""
    options = facts_of(game.name).option_sets
    return game.new_rules(players, dict(options[seed % len(options)])).new_game(seed=seed, auto_chance=auto_chance)


def player_counts(game: GameModule) -> list[int]:
    return sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})


def next_action(state: Any, rng: np.random.Generator) -> Any:
    """The chance step due, or a random legal move of a seat that may act (any of them while all may)."""
    player = state.current_player()
    if player == CHANCE:
        return state.chance_action()
    if player == SIMULTANEOUS:
        seats = state.seats_to_act()
        player = seats[int(rng.integers(len(seats)))]
    assert player != TERMINAL
    moves = state.view_for(player).legal_actions
    return moves[int(rng.integers(len(moves)))]


def play(state: Any, rng: np.random.Generator, steps: int = MOST_MOVES) -> list[Any]:
    """Up to ``steps`` actions (fewer if the game ends); the actions applied."""
    done = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = next_action(state, rng)
        state.apply(action)
        done.append(action)
    return done
