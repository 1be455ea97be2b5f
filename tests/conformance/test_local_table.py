"""A LocalTable (widgets/table_source.py), the table source of a game played by bots in the kernel, on its own
and for every registered game: its moves hold the seat's whole log (nothing more, nothing less, in order),
each move says who made it, a bot's with its reason as the seat may hear it; a refused move raises and
changes nothing; a listener hears of every change; a named pause stops the bots until play goes on; the
bots' moves while everyone may act are bounded when asked. Every answer is checked against the state.
"""

from __future__ import annotations

import numpy as np
import pytest

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.widgets.table_source import LocalTable, Pause, TableMove
from tests.conformance.highcard import GAME as HIGHCARD
from tests.conformance.highcard.actions import Stand
from tests.conformance.play import new_state

ONLY_HIGHCARD = pytest.mark.parametrize("game", [HIGHCARD], ids=["highcard"], indirect=True)


def events_of(table: LocalTable) -> list[object]:  # type: ignore[type-arg]
    return [event for move in table.moves_since(0) for event in move.events]


def test_a_local_table_plays_every_game_and_its_moves_are_the_seats_log(game: GameModule) -> None:
    players = game.max_players
    state = new_state(game, players, seed=3)
    bots = {seat: game.make_bot(game.default_bot, seat) for seat in range(1, players)}
    heard: list[tuple[int, int]] = []

    def hear(view: object, seat: int, reason: Msg) -> Msg:  # what seat 0 may know of a bot's reason: here, a count
        heard.append((getattr(view, "seat"), seat))
        return Msg.of("apps.index.title")

    table = LocalTable(state, bots, seed=4, bot_moves=3, most_moves=300, hear=hear)
    changes: list[object] = []
    table.on_change(changes.append)
    rng = np.random.default_rng(5)
    table.go_on()
    assert changes == [None]
    for _ in range(25):
        assert events_of(table) == state.events_for(0), "the table's moves hold the seat's whole log, in order"
        assert list(table.log_for("de")) == state.log_for(0, "de")
        moves = table.moves_since(0)
        assert [move.first for move in moves] == [sum(len(m.events) for m in moves[:i]) for i in range(len(moves))]
        if state.is_terminal():
            break
        legal = list(table.view().legal_actions)
        if not legal:
            table.go_on(3)
            continue
        move = legal[int(rng.integers(len(legal)))]
        mark = len(moves)
        table.act(move)
        made = table.moves_since(mark)
        assert made[0].seat == 0 and made[0].move == move and made[0].reason is None
        for other in made[1:]:
            assert other.seat is not None and (other.seat == CHANCE or other.seat in bots)
            assert other.seat != CHANCE or other.reason is None
    bot_moves = [move for move in table.moves_since(0) if move.seat in bots]
    assert bot_moves, "the bots never moved"
    assert all(move.reason is None or move.reason == Msg.of("apps.index.title") for move in bot_moves), "every reason was heard"
    assert heard and all(viewer == 0 for viewer, _ in heard)
    assert len(changes) >= 2


@ONLY_HIGHCARD
def test_a_refused_move_raises_and_changes_nothing_and_no_one_hears_of_it(game: GameModule) -> None:
    state = game.new_rules(3).new_game(seed=2)
    table = LocalTable(state, {1: game.make_bot("random", 1), 2: game.make_bot("random", 2)}, seat=0, seed=3)
    heard: list[object] = []
    table.on_change(heard.append)
    before, moves = state.snapshot(), list(table.moves_since(0))
    for move in (Stand(1), "swap"):  # out of turn, and no move at all
        reason = table.why_not(move)
        assert reason is not None and reason.text("en") == state.why_not(move).text("en")  # type: ignore[union-attr]
        with pytest.raises(IllegalAction):
            table.act(move)
        assert state.snapshot() == before and list(table.moves_since(0)) == moves and heard == []


@ONLY_HIGHCARD
def test_a_named_pause_stops_the_bots_until_play_goes_on(game: GameModule) -> None:
    """You sit last; a pause after every bot's move shows each of them alone, and go_on goes past it."""
    state = game.new_rules(4).new_game(seed=6)
    bots = {seat: game.make_bot("threshold", seat) for seat in (0, 1, 2)}
    each = Pause("each bot", lambda move: move.seat in bots)
    table = LocalTable(state, bots, seat=3, seed=1, pause=each)
    for made in (1, 2, 3):
        table.go_on()
        assert table.paused == "each bot" and len(state.history) == 1 + made  # the deal, then one move more each time
        assert [move.seat for move in table.moves_since(0)] == [None, *range(made)]
    table.go_on()  # your turn: no bot may move, and the table no longer waits
    assert table.paused is None and len(state.history) == 4 and state.current_player() == 3
    waiting = LocalTable(game.new_rules(3).new_game(seed=6), {1: game.make_bot("random", 1)}, seat=0, pause=each, waiting=True)
    assert waiting.paused == "each bot", "a table taken just after the moment it pauses at starts waiting"


def test_while_everyone_may_act_the_bots_move_as_often_as_they_are_let() -> None:
    voces = get_game("voces")
    state = voces.new_rules(4).new_game(seed=8)
    assert state.current_player() == SIMULTANEOUS and 0 in state.seats_to_act()
    bots = {seat: voces.make_bot("builder", seat) for seat in (1, 2, 3)}
    table = LocalTable(state, bots, seed=9, bot_moves=1)
    for allowed in (0, 2, 5):
        before = len(state.history)
        table.go_on(allowed)
        assert len(state.history) - before == allowed
    place = next(move for move in state.legal_actions(0) if type(move).__name__ == "Place")
    before = len(state.history)
    table.act(place)  # your move, then bot_moves=1 bot move
    assert len(state.history) - before == 2 and table.moves_since(0)[-1].seat in bots


@ONLY_HIGHCARD
def test_a_move_made_outside_the_table_is_one_move_of_no_seat(game: GameModule) -> None:
    state = game.new_rules(3).new_game(seed=4)
    table = LocalTable(state, {0: game.make_bot("random", 0), 1: game.make_bot("random", 1)}, seat=2, seed=5)
    assert [(move.seat, move.first) for move in table.moves_since(0)] == [(None, 0)]  # the deal, before the table
    state.apply(state.legal_actions(0)[0])  # a notebook's cell moves for seats 0 and 1
    state.apply(state.legal_actions(1)[0])
    outside = table.moves_since(1)
    assert len(outside) == 1 and outside[0] == TableMove(None, None, tuple(state.events_for(2)[1:]), 1)
    table.act(state.legal_actions(2)[0])  # your move after them; the cards are shown
    assert events_of(table) == state.events_for(2) and state.is_terminal()
    assert [move.seat for move in table.moves_since(0)] == [None, None, 2]
