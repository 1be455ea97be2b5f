"""The view carries the deal's public moves, and the reader reads them: a take from another player is in
every seat's view as the log tells it, and a reader's ♠-round reason names such a take ("took the 4♦ from
Carla after the flop") when it comes from the player it read."""

from __future__ import annotations

from typing import Any, Iterator

from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.games.pokerface import GAME
from pokerkit_teach.games.pokerface.view import PublicMove


def played(games: int, players: int = 4) -> Iterator[tuple[Any, int, Any]]:
    """(state before the move, seat, decision) of every reader decision in seeded games of readers, in order."""
    rules = GAME.new_rules(players)
    for game in range(games):
        state = rules.new_game(seed=50 + game)
        bots = [GAME.make_bot("reader", 10 * game + seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            decision = bots[seat].decide(state.view_for(seat))
            yield state.clone(), seat, decision
            state.apply(decision.action)


def test_every_seat_sees_the_deals_moves_as_the_log_tells_them() -> None:
    rules = GAME.new_rules(4)
    state = rules.new_game(seed=3)
    bots = [GAME.make_bot("estimator", seat) for seat in range(4)]
    for _ in range(30):
        seat = state.current_player()
        state.apply(bots[seat].decide(state.view_for(seat)).action)
    start = max(i for i, e in enumerate(state.events) if e.kind == "deal_started")
    told = [e for e in state.events[start:] if e.kind.startswith(("took_", "passed"))]
    for seat in range(4):
        moves = state.view_for(seat).moves
        assert len(moves) == len(told) > 0
        for move, event in zip(moves, told):
            params = dict(event.params)
            assert move.seat == event.seat and isinstance(move, PublicMove)
            if event.kind == "passed":
                assert move.kind == "pass" and move.token is None
            else:
                assert (move.suit, move.token) == (params["token"].suit, params["token"].number)
                assert move.kind == ("player" if event.kind.startswith("took_player") else "middle")
                assert move.source == (state.players.index(params["target"]) if move.kind == "player" else None)


def test_a_readers_reason_names_a_take_from_a_player_it_read() -> None:
    named: tuple[Any, int, Any, Any, Any] | None = None
    for state, seat, decision in played(8):  # the first decision that names one
        read = dict(decision.reason.params).get("read")
        seen = [item for item in dict(read.params)["seen"] if item.key.startswith("pokerface.reading.seen_from.")] if read else []
        if seen:
            named = (state, seat, decision, read, seen[0])
            break
    assert named, "no reader named a take from a player in 8 games"
    state, seat, decision, read, item = named
    params = dict(item.params)
    taker = dict(read.params)["player"]
    # the take is in the log of this deal: the player named took that token from that player
    start = max(i for i, e in enumerate(state.events) if e.kind == "deal_started")
    assert any(e.kind.startswith("took_player") and dict(e.params)["player"] == taker and dict(e.params)["target"] == params["source"]
               and dict(e.params)["token"] == params["token"] for e in state.events[start:])
    words = decision.text("en")
    assert f"{taker} took " in words and f"the {params['token']} from {params['source']} after the " in words, words
    for lang in LANGUAGES:
        assert params["source"] in decision.text(lang) and str(params["token"]) in decision.text(lang)
