"""PokerGuess's own side of the game protocol (the properties every game keeps are in tests/conformance/): the
seat to act holds all the moves, and every game ends with the chips all there, over random games with the
rule options varied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.game import CHANCE, TERMINAL
from pokerkit_teach.games.pokerguess import GAME, ColourOrder
from pokerkit_teach.games.pokerguess.actions import Action, Stay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.pokerguess.state import PokerGuessState

PROPERTY = settings(max_examples=40, deadline=None, derandomize=True)


@dataclass(frozen=True)
class Game:
    rules: PokerGuessRules
    seed: int
    auto_chance: bool
    steps: int

    def new(self) -> PokerGuessState:
        return self.rules.new_game(seed=self.seed, auto_chance=self.auto_chance)


@st.composite
def games(draw: Any, most_steps: int = 200) -> Game:
    players = draw(st.integers(2, 6))
    initial_bet = draw(st.integers(1, 2))
    options = {
        "initial_bet": initial_bet,
        "starting_chips": draw(st.integers(initial_bet, 24)),  # few chips: players leave and games end
        "max_raise": draw(st.integers(1, 3)),
        "max_rounds": draw(st.integers(1, 30)),
        "count_folded_cards": draw(st.booleans()),
        "colour_order": draw(st.sampled_from([order.value for order in ColourOrder])),
    }
    rules = GAME.new_rules(players, options)
    return Game(rules, draw(st.integers(0, 2**32 - 1)), draw(st.booleans()), draw(st.integers(0, most_steps)))


def next_action(state: PokerGuessState, rng: np.random.Generator) -> Action:
    """The chance step due (drawn by the state), or a random legal move: often folding or staying, else
    any of the seat's legal moves."""
    if state.current_player() == CHANCE:
        chance = state.chance_action()
        assert chance is not None
        return chance
    moves = state.view_for(state.current_player()).legal_actions
    head = 2 if Stay(state.current_player()) in moves else 1
    if rng.random() < 0.3:
        return moves[int(rng.integers(min(head, len(moves))))]
    return moves[int(rng.integers(len(moves)))]


def play(state: PokerGuessState, rng: np.random.Generator, steps: int) -> list[Action]:
    """Up to ``steps`` actions (fewer if the game ends); the actions applied."""
    done: list[Action] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        action = next_action(state, rng)
        assert state.why_not(action) is None, action
        state.apply(action)
        done.append(action)
    return done


@PROPERTY
@given(games(most_steps=400))
def test_views_hold_the_seats_moves_and_games_end_with_an_outcome(game: Game) -> None:
    state = game.new()
    rng = np.random.default_rng(game.seed)
    play(state, rng, game.steps)
    player = state.current_player()
    for seat in range(state.player_count):
        moves = state.view_for(seat).legal_actions
        assert (len(moves) > 0) == (seat == player)
        if seat == player:
            assert all(state.why_not(moves[int(i)]) is None for i in rng.integers(len(moves), size=20))
            assert moves[len(moves) - 1] == state.legal_actions(seat)[-1]
    assert (state.outcome is not None) == state.is_terminal() == (player == TERMINAL)
    if state.outcome is not None:
        assert state.outcome.scores == tuple(float(c) for c in state.chips) and sum(state.chips) == (
            state.rules.starting_chips * state.player_count)
