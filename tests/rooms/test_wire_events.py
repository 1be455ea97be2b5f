"""A room's log entries read back as the engine's events: Póker a Voces names how its cards, ranked hands and
lists of names come back (``param_readers``), so the play tab draws a room's reveal from the same values as
a game in its own kernel; PokerGuess's compact legal moves travel in the view and answer as the engine's."""

from __future__ import annotations

import numpy as np

from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.wire import from_wire, to_wire
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.ranking import VocesHand


def test_every_voces_log_entry_comes_back_with_the_engines_values() -> None:
    game = get_game("voces")
    state = game.new_rules(3).new_game(seed=5)
    match = Match(state, {seat: game.make_bot("builder", np.random.default_rng(seat)) for seat in range(3)}, seed=1)
    while not state.is_terminal() and match.step() is not None:
        pass
    assert state.is_terminal()
    kinds = set()
    for seat in range(3):
        for event in state.events_for(seat):
            back = from_wire(to_wire(event), VocesEvent)
            assert back.params == event.params, event.kind
            kinds.add(event.kind)
    revealed = next(e for e in state.events_for(0) if e.kind == "revealed")
    back = from_wire(to_wire(revealed), VocesEvent)
    assert isinstance(back.param("ranking"), VocesHand) and back.param("ranking").describe("de") == revealed.param("ranking").describe("de")
    assert {"revealed", "traded", "offered", "game_won"} <= kinds  # cards, a ranked hand and names all came back


def test_pokerguess_legal_moves_travel_compact_and_answer_as_the_engines() -> None:
    from pokerkit_teach.games.pokerguess.actions import LegalMoves

    state = get_game("pokerguess").new_rules(3).new_game(seed=2)
    seat = state.current_player()
    moves = state.view_for(seat).legal_actions
    back = from_wire(to_wire(moves), LegalMoves)
    assert back == moves and len(back) == len(moves) > 10_000
    assert all(back[index] in back for index in (0, 1, len(back) // 2, len(back) - 1))
