"""Pokerface's own side of the game protocol (the properties every game keeps are in tests/conformance/): each
seat's moves and hole cards, its log naming its own hole cards and no one else's, undo without a player
action, and the registry entry.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, GameState
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.games.pokerface import (
    Action,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    PokerfaceRules,
    PokerfaceState,
    Variant,
)

VARIANT_SETS = [frozenset(c) for n in range(4) for c in itertools.combinations(Variant, n)]

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32 - 1),
    "players": st.integers(3, 6),
    "variants": st.sampled_from(VARIANT_SETS),
    "auto_chance": st.booleans(),
    "moves": st.integers(0, 200),
})
PROPERTY = settings(max_examples=25, deadline=None, derandomize=True)


def new_game(game: dict[str, Any]) -> tuple[PokerfaceState, np.random.Generator]:
    rules = PokerfaceRules(tuple(f"P{i}" for i in range(game["players"])), game["seed"] % game["players"], game["variants"])
    return rules.new_game(seed=game["seed"], auto_chance=game["auto_chance"]), np.random.default_rng([game["seed"], 7])


def choose(state: PokerfaceState, rng: np.random.Generator) -> Action:
    """A random legal action (a chance step unfilled: the state draws its cards); a pass when possible,
    more often than not."""
    legal = state.legal_actions()
    passes = [a for a in legal if isinstance(a, Pass)]
    return passes[0] if passes and rng.random() < 0.6 else legal[int(rng.integers(len(legal)))]


def play(state: PokerfaceState, rng: np.random.Generator, count: int) -> list[Action]:
    """Up to ``count`` random legal actions; the actions applied."""
    applied = []
    for _ in range(count):
        if state.is_terminal():
            break
        action = choose(state, rng)
        state.apply(action)
        applied.append(action)
    return applied


def test_undo_without_a_player_action_is_refused_by_key() -> None:
    state = PokerfaceRules(("A", "B", "C")).new_game(seed=1, auto_chance=False)
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert refused.value.reason == "pokerface.illegal.nothing_to_undo"
    state.apply(DealHoleCards())
    with pytest.raises(IllegalAction):
        state.undo()  # a chance step is no player action


@PROPERTY
@given(games)
def test_each_seat_sees_its_own_moves_and_cards_only(game: dict[str, Any]) -> None:
    state, rng = new_game(game)
    play(state, rng, game["moves"])
    everyone = state.legal_actions()
    by_seat = [state.legal_actions(seat) for seat in range(state.player_count)]
    if state.current_player() == CHANCE:
        assert everyone == [state.chance_action()] and not any(by_seat)
    else:
        assert everyone == [a for moves in by_seat for a in moves]
    for seat, moves in enumerate(by_seat):
        view = state.view_for(seat)
        assert list(view.legal_actions) == moves and all(state.why_not(a) is None for a in moves)
        assert view.hole == (state.hole[seat] if state.hole is not None else ())
        assert (seat in view.to_act) == bool(moves)
        # the log as this seat reads it, in either language, names its own hole cards and no one else's
        for lang in ("en", "de"):
            log = " ".join(state.log_for(seat, lang))
            assert (f"({state.players[seat]}:" in log) == (state.hole is not None), lang
            assert not any(f"({state.players[other]}:" in log for other in range(state.player_count) if other != seat), lang


def test_the_registry_entry_makes_rules_bots_and_finished_games() -> None:
    game = get_game("pokerface")
    rules = game.new_rules(4, {"variants": ["soft-landing", "rising-stakes"]})
    assert rules.variants == {Variant.SOFT_LANDING, Variant.RISING_STAKES} and rules.player_count == 4
    with pytest.raises(ValueError, match="variants: expected one of free-for-all, rising-stakes, soft-landing, got 'turbo'"):
        game.new_rules(4, {"variants": ["turbo"]})
    with pytest.raises(ValueError, match="specials"):
        game.new_rules(4, {"specials": ["joker"]})
    state = rules.new_game(seed=3)
    assert isinstance(state, GameState) and state.outcome is None
    for phase in PokerfacePhase:
        assert str(phase) == phase.value
    assert [s.name for s in game.builtin_scenarios()] == ["showdown-failure", "showdown-success", "token-round"]
    assert game.find_scenario("token-round") is game.builtin_scenarios()[2]
