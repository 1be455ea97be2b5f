"""Pokerface on the kit's game protocol, as properties over random games (seeded: hypothesis runs
derandomized): an exact ``clone()`` (the cards still to come included), an exact ``undo()``, refused
actions that change nothing, and ``from_history`` that rebuilds what the players saw.

Each random game has 3 to 6 players, any combination of variants, the chance steps run by the state or
applied one by one, and random legal moves (passes are favoured, so that rounds end and deals reach their
showdowns)."""

from __future__ import annotations

import itertools
from dataclasses import replace
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
    DealBoard,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    PokerfaceRules,
    PokerfaceState,
    Showdown,
    TakeFromMiddle,
    TakeFromPlayer,
    Variant,
)

# What a game keeps to itself: the random generator (and its record) and the deck still to come.
HIDDEN = {"_rng", "_rng_states", "_deck"}
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


def to_a_player(state: PokerfaceState) -> list[Action]:
    """Apply the chance steps due, until a player is to act (or the game is over); the steps applied."""
    applied = []
    while state.current_player() == CHANCE:
        chance = state.chance_action()
        assert chance is not None
        state.apply(chance)
        applied.append(chance)
    return applied


def visible(state: PokerfaceState) -> tuple[Any, ...]:
    """The state's snapshot without what the game keeps to itself."""
    return tuple((key, value) for key, value in state.snapshot() if key not in HIDDEN)


def illegal_actions(state: PokerfaceState, rng: np.random.Generator) -> list[Any]:
    """Actions that do not fit now: random ones (wrong seats, tokens, stages) and every legal move of a
    seat offered to another seat, and each chance step while another is due."""
    players = state.player_count
    found: list[Any] = []
    for _ in range(6):
        seat = int(rng.integers(-1, players + 1))
        found += [TakeFromMiddle(seat, int(rng.integers(0, players + 2))), TakeFromPlayer(seat, int(rng.integers(-1, players + 1))),
                  Pass(seat)]
    found += [DealHoleCards(), DealBoard(PokerfacePhase.FLOP), DealBoard(PokerfacePhase.TURN), DealBoard(PokerfacePhase.RIVER), Showdown(), "pass", None]
    for seat in range(players):
        found += [replace(a, seat=s) for a in state.legal_actions(seat) if not state.is_chance(a) for s in range(players) if s != seat]
    return [action for action in found if state.why_not(action) is not None]


@PROPERTY
@given(games)
def test_a_clone_plays_on_exactly_as_the_original(game: dict[str, Any]) -> None:
    state, rng = new_game(game)
    play(state, rng, game["moves"])
    copy = state.clone()
    assert copy is not state and copy.snapshot() == state.snapshot()
    for _ in range(120):  # the same actions on both: the same cards come, chance steps included
        if state.is_terminal():
            break
        action = choose(state, rng)
        assert copy.apply(action) == state.apply(action)
        assert copy.board == state.board and copy.hole == state.hole
    assert copy.snapshot() == state.snapshot()
    assert copy.events == state.events and copy.outcome == state.outcome


@PROPERTY
@given(games)
def test_undo_restores_the_state_before_the_last_player_action(game: dict[str, Any]) -> None:
    state, rng = new_game(game)
    play(state, rng, game["moves"])
    to_a_player(state)
    if state.is_terminal():
        return
    before = state.snapshot()
    action = choose(state, rng)
    state.apply(action)
    after_chance = to_a_player(state)  # chance steps that follow are undone too
    undone = state.undo()
    assert undone.snapshot() == before
    undone.apply(action)  # and the game goes on as it did: the same cards come
    for step in after_chance:
        undone.apply(step)
    assert undone.snapshot() == state.snapshot()


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
def test_a_refused_action_changes_nothing(game: dict[str, Any]) -> None:
    state, rng = new_game(game)
    play(state, rng, game["moves"])
    before = state.snapshot()
    refused = illegal_actions(state, rng)
    assert refused
    for action in refused:
        reason = state.why_not(action)
        assert isinstance(reason, IllegalAction) and reason.reason.startswith("pokerface.illegal.")
        with pytest.raises(IllegalAction) as error:
            state.apply(action)
        assert error.value.reason == reason.reason
        assert state.snapshot() == before


@PROPERTY
@given(games)
def test_a_history_rebuilds_what_the_players_saw(game: dict[str, Any]) -> None:
    state, rng = new_game(game)
    play(state, rng, game["moves"])
    rebuilt = PokerfaceState.from_history(state.rules, state.history, auto_chance=state.auto_chance)
    assert visible(rebuilt) == visible(state)
    assert rebuilt.events == state.events
    for seat in range(state.player_count):
        assert rebuilt.view_for(seat) == state.view_for(seat)
    if state.history:  # an entry that does not fit is named
        with pytest.raises(IllegalAction) as refused:
            PokerfaceState.from_history(state.rules, [*state.history, state.history[0]])
        assert refused.value.reason == "pokerface.illegal.in_history"


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
