"""Póker a Voces's own side of the game protocol (the properties every game keeps are in tests/conformance/):
a game rebuilt from its history has every card and coin where they were, and a chance step draws the same
whether its cards are given or not.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.game import CHANCE
from pokerkit_teach.games.voces import (
    Accept, Bet, Deal, DrawForBaboons, Fold, FoldTiming, Offer, Pick, Place, PlaceFive, Stay, VocesRules,
    VocesState, Withdraw,
)
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.reveal import TieRule

SPECIAL_CHOICES = [()] + [(s,) for s in Special] + list(itertools.combinations(Special, 2))
KINDS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)
SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> tuple[VocesState, np.random.Generator]:
    """A new game with random rules, and the generator that chooses its moves."""
    players = draw(st.integers(3, 6))
    rules = VocesRules(
        tuple(f"P{i}" for i in range(players)), specials=draw(st.sampled_from(SPECIAL_CHOICES)), rounds=draw(st.integers(1, 2)),
        ace_low_straight=draw(st.booleans()), tie_rule=draw(st.sampled_from(list(TieRule))),
        fold_timing=draw(st.sampled_from(list(FoldTiming))), unused_five_scores=draw(st.booleans()),
    )
    state = rules.new_game(seed=draw(st.integers(0, 2**32 - 1)), auto_chance=draw(st.booleans()))
    return state, np.random.default_rng(draw(st.integers(0, 2**32 - 1)))


def random_action(rng: np.random.Generator, state: VocesState) -> Any:
    """The chance step due (its cards to be drawn), or a random legal move of a random seat that may act
    (a kind of move first, so that offers do not crowd out the rest)."""
    if state.current_player() == CHANCE:
        return state.chance_action()
    seats = state.seats_to_act()
    seat = seats[int(rng.integers(len(seats)))]
    legal = state.legal_actions(seat)
    if 0 <= state.current_player() != seat and rng.random() < 0.7:  # the 5-coin out of turn now and then
        legal = state.legal_actions(state.current_player())
    kinds = [k for k in KINDS if any(isinstance(a, k) for a in legal)]
    kind = kinds[int(rng.integers(len(kinds)))]
    options = [a for a in legal if isinstance(a, kind)]
    return options[int(rng.integers(len(options)))]


def play(state: VocesState, rng: np.random.Generator, moves: int) -> list[Any]:
    """Apply up to ``moves`` random actions; returns them as applied (chance steps unfilled)."""
    applied = []
    for _ in range(moves):
        if state.is_terminal():
            break
        action = random_action(rng, state)
        state.apply(action)
        applied.append(action)
    return applied


@settings(SETTINGS, max_examples=100)
@given(games(), st.integers(20, 400))
def test_the_history_rebuilds_what_everyone_sees(game: tuple[VocesState, np.random.Generator], moves: int) -> None:
    state, rng = game
    play(state, rng, moves)
    rebuilt = VocesState.from_history(state.rules, state.history, auto_chance=state.auto_chance)
    assert rebuilt.history == state.history and rebuilt.events == state.events
    assert rebuilt.phase is state.phase and rebuilt.current_player() == state.current_player()
    assert rebuilt.round_scores == state.round_scores and rebuilt.outcome == state.outcome
    for seat in range(state.player_count):
        assert rebuilt.view_for(seat) == state.view_for(seat)
    assert rebuilt.card_census() == state.card_census() and rebuilt.coin_total() == state.coin_total()


def test_a_chance_step_draws_the_same_whether_its_cards_are_given_or_not() -> None:
    """A deal or a draw for a Baboon with its cards given uses the random generator as one that draws
    them, so a game rebuilt from its history goes on with the same cards still to come."""
    rules = VocesRules(("A", "B", "C"), specials=[Special.BABOON], rounds=2)
    drawn = rules.new_game(seed=8, auto_chance=False)
    given_ = rules.new_game(seed=8, auto_chance=False)
    deal = drawn.chance_action()
    assert deal == Deal() and drawn.legal_actions() == [Deal()] and drawn.legal_actions(0) == []
    drawn.apply(deal)
    given_.apply(drawn.history[-1])  # the same deal, its cards given
    assert given_.snapshot() == drawn.snapshot()
    rng = np.random.default_rng(3)
    while not drawn.is_terminal():  # draws for Baboons (and reshuffles) included
        action = random_action(rng, drawn)
        drawn.apply(action)
        given_.apply(drawn.history[-1])
        assert given_.snapshot() == drawn.snapshot()
    assert any(isinstance(a, DrawForBaboons) for a in drawn.history)
