"""Póker a Voces keeps the kit's game protocol, checked with property tests over random games (seeded:
hypothesis runs derandomized) with random legal actions, 3 to 6 players, every kind of special card and
the rule options, the engine running its chance steps itself or being given them one by one:

(a) ``clone()`` followed by the same actions on both gives equal snapshots (the cards still to come
    included: the snapshot holds the random generator's state);
(b) ``undo()`` gives exactly the snapshot from before the last player action;
(c) a refused action (``why_not`` not None; random illegal ones included) leaves the snapshot unchanged;
(d) ``from_history(rules, state.history)`` reproduces what every player sees, and the events.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, GameState
from pokerkit_teach.games.voces import (
    Accept, Bet, Deal, DrawForBaboons, Fold, FoldTiming, Offer, Pick, Place, PlaceFive, Resolve, Stay, VocesRules,
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


def random_illegal(rng: np.random.Generator, state: VocesState) -> Any:
    """A random action of any kind, with random (often wrong) seat, cards, piles, coins or picks."""
    n = state.player_count
    seat = int(rng.integers(-1, n + 1))
    deck = state.rules.deck(state.round.number)
    cards = tuple(deck[int(i)] for i in rng.choice(len(deck), size=int(rng.integers(0, 4)), replace=False))
    made = [
        lambda: Offer(seat, cards), lambda: Accept(seat, int(rng.integers(-1, n + 1)), cards), lambda: Withdraw(seat),
        lambda: Place(seat), lambda: Bet(seat, int(rng.integers(0, 5)), tuple(int(c) for c in rng.integers(0, 3, size=3))),
        lambda: PlaceFive(seat, int(rng.integers(0, 5))), lambda: Fold(seat), lambda: Stay(seat),
        lambda: Pick(seat, tuple(int(c) for c in rng.integers(0, 5, size=int(rng.integers(0, 3))))),
        lambda: Deal(tuple(deck[:-1]) if rng.random() < 0.5 else None), lambda: DrawForBaboons(cards[:3] or None),
        lambda: Resolve(), lambda: "stay",
    ]
    return made[int(rng.integers(len(made)))]()


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


@settings(SETTINGS, max_examples=25)
@given(games(), st.integers(0, 150), st.integers(20, 150))
def test_a_clone_and_the_original_stay_equal_under_the_same_actions(game: tuple[VocesState, np.random.Generator],
                                                                    before: int, after: int) -> None:
    state, rng = game
    play(state, rng, before)
    twin = state.clone()
    assert twin.snapshot() == state.snapshot() and twin is not state and twin.round is not state.round
    for _ in range(after):
        if state.is_terminal():
            break
        action = random_action(rng, state)
        assert state.apply(action) == twin.apply(action)
        assert twin.snapshot() == state.snapshot()  # the cards drawn by chance steps too
    assert twin.history == state.history and twin.outcome == state.outcome


@settings(SETTINGS, max_examples=25)
@given(games(), st.integers(1, 300))
def test_undo_restores_the_state_before_the_last_player_action(game: tuple[VocesState, np.random.Generator], moves: int) -> None:
    state, rng = game
    before_last = None
    for _ in range(moves):
        if state.is_terminal():
            break
        action = random_action(rng, state)
        if not GameState.is_chance(action):
            before_last = state.snapshot()
        state.apply(action)
    if before_last is None:
        with pytest.raises(IllegalAction) as refused:
            state.undo()
        assert (refused.value.reason, refused.value.details) == ("voces.illegal.nothing_to_undo", {})
        return
    undone = state.undo()
    assert undone.snapshot() == before_last
    # the undone game goes on exactly as the original would have: the same cards still to come
    again = undone.clone()
    for _ in range(40):
        if undone.is_terminal():
            break
        action = random_action(rng, undone)
        undone.apply(action)
        again.apply(action)
    assert undone.snapshot() == again.snapshot()


@SETTINGS
@given(games(), st.integers(0, 200), st.integers(0, 2**32 - 1))
def test_a_refused_action_changes_nothing(game: tuple[VocesState, np.random.Generator], moves: int, seed: int) -> None:
    state, rng = game
    tries = np.random.default_rng(seed)
    refused = 0
    for _ in range(moves // 10 + 1):
        play(state, rng, 10)
        for _ in range(8):
            candidate = random_illegal(tries, state)
            before = state.snapshot()
            reason = state.why_not(candidate)
            assert state.snapshot() == before
            if reason is None:
                continue
            assert isinstance(reason, IllegalAction) and reason.reason.startswith("voces.illegal.")
            with pytest.raises(IllegalAction) as error:
                state.apply(candidate)
            assert error.value.reason == reason.reason
            assert state.snapshot() == before
            refused += 1
    assert refused > 0


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
