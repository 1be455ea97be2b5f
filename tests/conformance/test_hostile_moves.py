"""No move a program can make breaks a game: for every registered game, every kind of move its states list,
made with any values (whole numbers of any size, truth values, fractions, long texts, bytes that are no
text, nothing, nested lists), is refused when it cannot be made (a KitError naming the field), or refused by
the game with a reason, or allowed; ``why_not`` and ``can_apply`` never raise, and a refused move changes
nothing. Hypothesis draws 2,000 moves per game (derandomized, so every run tries the same ones).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import IllegalAction, KitError
from pokerkit_teach.core.registry import register_game, unregister_game
from tests.conformance.play import GAMES, new_state, next_action

CASES = 2000

VALUES = st.one_of(
    st.integers(),
    st.integers(min_value=-3, max_value=9),
    st.integers(min_value=10**18, max_value=10**40),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.text(min_size=500, max_size=3000),
    st.binary(max_size=20).filter(lambda b: not _utf8(b)),
    st.none(),
    st.lists(st.integers(min_value=-2, max_value=60), max_size=8).map(tuple),
    st.lists(st.text(max_size=3), max_size=3),
)


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def positions(game: GameModule) -> list[Any]:
    """States of a few games at many moments, and the kinds of move seen there (players' and chance)."""
    states = []
    for seed in range(3):
        state = new_state(game, game.max_players if seed % 2 else game.min_players, seed, auto_chance=seed != 1)
        rng = np.random.default_rng(seed)
        for step in range(60):
            if state.is_terminal():
                break
            if step % 6 == 0:
                states.append(state.clone())
            state.apply(next_action(state, rng))
    return states


def kinds_of_move(states: list[Any]) -> list[type]:
    kinds: dict[str, type] = {}
    for state in states:
        chance = None if state.is_terminal() else state.chance_action()
        moves = [chance] if chance is not None else []
        for seat in range(state.player_count):
            moves += list(state.view_for(seat).legal_actions)[:50]
        for move in moves:
            if dataclasses.is_dataclass(move):
                kinds.setdefault(type(move).__qualname__, type(move))
    return list(kinds.values())


@pytest.mark.parametrize("game", GAMES, ids=[game.name for game in GAMES])
def test_no_move_made_of_any_values_breaks_a_game(game: GameModule) -> None:
    known = game.name in [g.name for g in GAMES[:-1]]
    if not known:
        register_game(game)
    try:
        states = positions(game)
        kinds = kinds_of_move(states)
        assert kinds and states
        seen = {"unmade": 0, "refused": 0, "allowed": 0}

        @settings(max_examples=CASES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck),
                  database=None)
        @given(st.sampled_from(range(len(states))), st.sampled_from(kinds), st.data())
        def check(position: int, kind: type, data: st.DataObject) -> None:
            state = states[position]
            values = [data.draw(VALUES) for _ in dataclasses.fields(kind)]
            try:
                move = kind(*values)
            except KitError:
                seen["unmade"] += 1
                return
            except (TypeError, ValueError) as error:  # only the kit's own errors may refuse a move being made
                raise AssertionError(f"{kind.__name__}{tuple(values)!r:.200}: {error!r}") from None
            before = state.snapshot()
            reason = state.why_not(move)
            assert isinstance(state.can_apply(move), bool)
            if reason is None:
                seen["allowed"] += 1
                return
            assert isinstance(reason, IllegalAction)
            with pytest.raises(IllegalAction):
                state.apply(move)
            assert state.snapshot() == before
            seen["refused"] += 1

        check()
        assert seen["refused"] > 100 and seen["unmade"] > 100, seen
    finally:
        if not known:
            unregister_game(game.name)
