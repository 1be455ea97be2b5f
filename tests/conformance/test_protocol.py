"""Every registered game keeps the game protocol (pokerkit_teach/core/game.py), checked over seeded random
games at the smallest, a middle and the largest table: the seats the game waits for have moves (and while
all may act at once, exactly the seats with moves),
every listed move is allowed, ``apply`` adds to the log and the history, an exact ``clone``, an exact
``undo`` and ``replay_prefix``, ``from_history`` rebuilding the game, refusals that change nothing, and
games that end with an outcome.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import IllegalAction, KitError
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Outcome
from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.match import Match
from tests.conformance.facts import facts_of
from tests.conformance.play import new_state, next_action, play, player_counts

SEEDS = range(8)  # each seed plays under another of the game's option sets


def test_whose_turn_it_is_agrees_with_the_moves_there_are(game: GameModule) -> None:
    for players in player_counts(game):
        for seed in SEEDS:
            state = new_state(game, players, seed)
            rng = np.random.default_rng(seed)
            while True:
                player = state.current_player()
                seats = state.seats_to_act()
                with_moves = []
                for seat in range(players):
                    moves = state.view_for(seat).legal_actions
                    if moves:  # a game may allow a move out of turn (Póker a Voces's 5-coin): no seat waits for it
                        with_moves.append(seat)
                    if len(state.history) % 10 == 0:
                        assert len(state.legal_actions(seat)) == len(moves)
                assert set(seats) <= set(with_moves), (game.name, seats, with_moves)
                if player >= 0:
                    assert seats == [player]
                elif player == SIMULTANEOUS:
                    assert seats == with_moves and len(seats) >= 1
                else:
                    assert player in (CHANCE, TERMINAL) and seats == []
                assert (state.outcome is not None) == state.is_terminal() == (player == TERMINAL)
                if state.is_terminal() or len(state.history) > 400:
                    break
                action = next_action(state, rng)
                assert state.why_not(action) is None and state.can_apply(action)
                events, history = len(state.events), len(state.history)
                added = state.apply(action)
                assert added == tuple(state.events[events:]) and len(state.history) > history


def test_every_listed_move_is_allowed(game: GameModule) -> None:
    rng = np.random.default_rng(5)
    for players in player_counts(game):
        state = new_state(game, players, 7)
        for _ in range(60):
            if state.is_terminal():
                break
            for seat in state.seats_to_act():
                moves = state.view_for(seat).legal_actions
                for index in rng.integers(len(moves), size=min(len(moves), 25)):
                    assert state.why_not(moves[int(index)]) is None, moves[int(index)]
            state.apply(next_action(state, rng))


def test_games_with_bots_end_with_an_outcome(game: GameModule) -> None:
    for players in player_counts(game):
        for seed in SEEDS:
            state = new_state(game, players, seed)
            bots = game.bots_for([game.default_bot], players, list(range(players)))
            Match(state, bots, seed=seed).play_to_end(max_moves=20_000)
            outcome = state.outcome
            assert isinstance(outcome, Outcome) and len(outcome.scores) == players
            assert all(0 <= seat < players for seat in outcome.winners)
            assert state.legal_actions() == [] and state.seats_to_act() == []


def test_a_clone_and_the_original_stay_equal_under_the_same_actions(game: GameModule) -> None:
    for seed in SEEDS:
        state = new_state(game, game.max_players, seed)
        rng = np.random.default_rng(seed)
        play(state, rng, 10 + 20 * seed)
        copy = state.clone()
        assert copy is not state and copy.snapshot() == state.snapshot()
        for _ in range(60):
            if state.is_terminal():
                break
            action = next_action(state, rng)
            state.apply(action)
            copy.apply(action)
            assert copy.snapshot() == state.snapshot()  # the cards still to come included
        assert copy.history == state.history and copy.events == state.events and copy.outcome == state.outcome


@pytest.mark.parametrize("auto_chance", [True, False], ids=["auto_chance", "chance_by_hand"])
def test_undo_and_replay_prefix_rebuild_every_earlier_state_exactly(game: GameModule, auto_chance: bool) -> None:
    state = new_state(game, game.min_players, 3, auto_chance=auto_chance)
    rng = np.random.default_rng(3)
    with pytest.raises(IllegalAction) as refused:
        state.undo()
    assert refused.value.reason == f"{state.message_prefix}.illegal.nothing_to_undo"
    snapshots = {len(state.history): state.snapshot()}
    before_move = []
    for _ in range(40):
        if state.is_terminal():
            break
        action = next_action(state, rng)
        if not state.is_chance(action):
            before_move.append(state.snapshot())
        state.apply(action)
        snapshots[len(state.history)] = state.snapshot()
    for length, snapshot in snapshots.items():
        assert state.replay_prefix(length).snapshot() == snapshot, length
    after = state.snapshot()
    assert state.undo().snapshot() == before_move[-1]
    assert state.snapshot() == after  # undo gives a new state and leaves this one alone


def test_from_history_rebuilds_what_every_seat_saw(game: GameModule) -> None:
    for seed in SEEDS:
        state = new_state(game, game.max_players, seed)
        play(state, np.random.default_rng(seed), 30 * (seed + 1))
        again = type(state).from_history(state.rules, state.history, auto_chance=True)
        assert again.events == state.events and again.outcome == state.outcome
        for seat in range(state.player_count):
            assert again.view_for(seat) == state.view_for(seat)
            assert again.log_for(seat, "en") == state.log_for(seat, "en")


def _changed(action: Any, players: int) -> list[Any]:
    """``action`` with each whole-number field set to a value no seat, card or count has, to a truth value
    and to a number of 25 digits, and with each list field in the other order."""
    if not dataclasses.is_dataclass(action):
        return []
    found = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        changes = [-1, players + 7, True, False, 10**25] if isinstance(value, int) and not isinstance(value, bool) else (
            [value[::-1]] if isinstance(value, tuple) and len(value) > 1 else [])
        for bad in changes:
            try:
                found.append(dataclasses.replace(action, **{field.name: bad}))
            except KitError:  # a move cannot even be made with a truth value for a number: refused at once
                continue
    return found


def refusal_candidates(state: Any, stale: list[Any]) -> list[Any]:
    """Moves of seats that may not act now, moves of an earlier moment, moves with a field no game has, and
    things that are no move at all: most of them refused."""
    players = state.player_count
    seats = state.seats_to_act()
    found: list[Any] = [None, "a move", 3, (), object()]
    found += stale
    for seat in range(players):
        for action in list(state.view_for(seat).legal_actions)[:3]:
            found += _changed(action, players)
    if state.current_player() == CHANCE and state.chance_action() is not None:
        found += _changed(state.chance_action(), players)
    return [action for action in found if action is not None or seats] or found


def test_every_refused_action_changes_nothing(game: GameModule) -> None:
    refused = 0
    for seed in SEEDS:
        state = new_state(game, game.max_players, seed, auto_chance=seed % 2 == 0)
        rng = np.random.default_rng(seed)
        stale: list[Any] = []
        for _ in range(30):
            before = state.snapshot()
            candidates = refusal_candidates(state, stale[-6:]) + facts_of(game.name).refusals(state, rng)
            for index in rng.permutation(len(candidates))[:24]:
                action = candidates[int(index)]
                reason = state.why_not(action)
                if reason is None:
                    continue
                refused += 1
                assert isinstance(reason, IllegalAction) and all(reason.text(lang) for lang in LANGUAGES)
                with pytest.raises(IllegalAction) as error:
                    state.apply(action)
                assert error.value.reason == reason.reason
                assert state.snapshot() == before  # neither asking nor the refused move changed anything
            if state.is_terminal():
                break
            action = next_action(state, rng)
            stale.append(action)
            state.apply(action)
    assert refused > 100


def test_a_move_is_allowed_exactly_when_it_is_one_of_the_listed_moves(game: GameModule) -> None:
    """``legal_actions`` is the test of legality: a player's move is allowed exactly when it equals one of
    the moves listed for its seat (one form for each move: the cards of an offer in one order)."""
    checked = allowed = 0
    for seed in range(4):
        state = new_state(game, game.max_players, seed)
        rng = np.random.default_rng(seed)
        stale: list[Any] = []
        for _ in range(40):
            if state.is_terminal():
                break
            candidates = refusal_candidates(state, stale[-6:]) + facts_of(game.name).refusals(state, rng)
            for seat in state.seats_to_act():
                candidates += list(state.view_for(seat).legal_actions)[:10]
            for action in candidates:
                seat = getattr(action, "seat", None)
                if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.player_count):
                    continue
                listed = action in state.view_for(seat).legal_actions
                assert (state.why_not(action) is None) == listed, (game.name, action)
                checked += 1
                allowed += listed
            action = next_action(state, rng)
            stale.append(action)
            state.apply(action)
    assert checked > 100 and allowed > 20


def test_the_game_has_facts_for_these_tests(game: GameModule) -> None:
    """A new game brings what the conformance tests must know of it (tests/conformance/facts/)."""
    facts = facts_of(game.name)
    assert facts.must_see and callable(facts.hidden) and callable(facts.check_reason)
