"""PokerGuess on the kit's game protocol, as properties of random games (several player counts and rule
options, with and without ``auto_chance``): an exact ``clone``, an exact ``undo``, refusals that change
nothing, and ``from_history`` rebuilding what a player could see.

Hypothesis draws the games (derandomized, so every run tries the same ones); the moves within a game come
from a generator seeded by the example.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, TERMINAL
from pokerkit_teach.games.pokerguess import GAME, ColourOrder
from pokerkit_teach.games.pokerguess.cards import DrezCard
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS, Action, Check, Deal, Fold, Predict, Reveal, Stay
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


def visible(state: PokerGuessState) -> tuple[Any, ...]:
    """The snapshot without the random generator's state (what a rebuilt game cannot have drawn)."""
    return tuple(item for item in state.snapshot() if item[0] not in ("_rng", "_rng_states"))


@PROPERTY
@given(games(), st.integers(0, 100))
def test_a_clone_and_the_original_stay_equal_under_the_same_actions(game: Game, more: int) -> None:
    state = game.new()
    rng = np.random.default_rng(game.seed)
    play(state, rng, game.steps)
    copy = state.clone()
    assert copy.snapshot() == state.snapshot() and copy is not state
    for _ in range(more):
        if state.is_terminal():
            break
        action = next_action(state, rng)
        state.apply(action)
        copy.apply(action if not state.is_chance(action) else copy.chance_action())  # a chance step: each draws its own
        assert copy.snapshot() == state.snapshot()  # the cards still to come included
    assert copy.history == state.history and copy.events == state.events and copy.outcome == state.outcome


@PROPERTY
@given(games())
def test_undo_restores_the_state_before_the_last_player_action(game: Game) -> None:
    state = game.new()
    rng = np.random.default_rng(game.seed)
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert (refused.value.reason, refused.value.details) == ("pokerguess.illegal.nothing_to_undo", {})
    play(state, rng, game.steps)
    while state.current_player() == CHANCE:  # (only without auto_chance)
        state.apply(next_action(state, rng))
    if state.is_terminal():
        return
    before = state.snapshot()
    state.apply(next_action(state, rng))
    if not state.auto_chance and state.current_player() == CHANCE and rng.random() < 0.5:
        state.apply(next_action(state, rng))  # the chance step that followed is undone too
    after = state.snapshot()
    undone = state.undo()
    assert undone.snapshot() == before
    assert state.snapshot() == after  # undo gives a new state and leaves this one alone
    assert undone.clone().snapshot() == before
    for length in sorted({0, len(state.history) // 2, len(state.history)}):
        prefix = state.replay_prefix(length)
        assert prefix.history == state.history[:length]


def illegal_candidates(state: PokerGuessState, rng: np.random.Generator) -> list[Any]:
    """Actions of every kind with random seats, cards, raises and predictions (most of them refused),
    chance steps out of place, badly dealt cards and things that are no action at all."""
    count = state.player_count
    deck = [DrezCard.from_text(t) for t in ("B5", "B8", "P6", "J3", "R2", "P2", "P9", "B9", "J6", "Q2", "N2", "N9")]

    def seat() -> int:
        return int(rng.integers(-1, count + 1))

    def prediction() -> Any:
        return ALL_PREDICTIONS[int(rng.integers(len(ALL_PREDICTIONS)))]

    candidates: list[Any] = [
        Predict(seat(), prediction(), int(rng.integers(-1, 6))),
        Predict(state.current_player(), prediction(), int(rng.integers(0, 6))),
        Predict(state.current_player(), "3 red 2 pawns", 0),  # type: ignore[arg-type]
        Predict(state.current_player(), prediction(), True),
        Stay(seat()), Fold(seat()), Stay(state.current_player()),
        Reveal(seat(), int(rng.integers(-1, 3))), Reveal(state.current_player(), 2),
        Deal(), Check(), Deal(tuple((deck[0], deck[1]) for _ in range(count)), tuple(deck[2:7])),
        Deal(tuple(() for _ in range(count)), tuple(deck[:5])), "Anna folds", None, 3,
    ]
    if state.current_player() >= 0:
        own = dict(state.view_for(state.current_player()).predictions).get(state.current_player())
        if own is not None:
            candidates.append(Predict(state.current_player(), own, 0))
    return candidates


@settings(PROPERTY, max_examples=25)
@given(games(most_steps=30))
def test_every_refused_action_changes_nothing(game: Game) -> None:
    state = game.new()
    rng = np.random.default_rng(game.seed)
    refused = 0
    for _ in range(game.steps + 1):
        before = state.snapshot()
        for action in illegal_candidates(state, rng):
            reason = state.why_not(action)
            assert state.snapshot() == before  # asking changes nothing either
            if reason is None:
                continue
            refused += 1
            assert reason.reason.startswith("pokerguess.illegal.") and reason.text("de") != reason.text("en")
            with pytest.raises(IllegalAction) as error:
                state.apply(action)
            assert error.value.reason == reason.reason
            assert state.snapshot() == before
        if state.is_terminal():
            break
        state.apply(next_action(state, rng))
    assert refused > 0


@PROPERTY
@given(games(most_steps=300))
def test_from_history_rebuilds_what_was_played(game: Game) -> None:
    state = game.new()
    rng = np.random.default_rng(game.seed)
    play(state, rng, game.steps)
    again = PokerGuessState.from_history(state.rules, state.history, auto_chance=state.auto_chance)
    assert visible(again) == visible(state)
    assert again.events == state.events and again.results == state.results and again.outcome == state.outcome
    for seat in range(state.player_count):
        assert again.view_for(seat) == state.view_for(seat)
    if state.history:  # a history that does not fit is refused, naming the entry
        broken = list(state.history)
        broken.insert(0, Check())
        with pytest.raises(IllegalAction) as refused:
            PokerGuessState.from_history(state.rules, broken)
        assert refused.value.reason == "pokerguess.illegal.in_history" and refused.value.details["index"] == 1


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
