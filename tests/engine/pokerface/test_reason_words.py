"""A bot's reason in words explains its move: when a bot settles for another token than the one it wants, the
words name who holds the wanted token, the sureness a take from a player needs, the place it expects on average
and the token it settles for, in every language; a reader's ♠-round reason names the player it read and the
tokens it read. The figures are the state's (who holds which token), not the bot's."""

from __future__ import annotations

from typing import Any

from pokerkit_teach.core.i18n import LANGUAGES, number
from pokerkit_teach.games.pokerface import GAME


def settling_reasons(games: int = 12, players: int = 4) -> list[tuple[Any, Any, Any]]:
    """(state before the move, seat, decision) of every settling reason in seeded games of estimators and readers."""
    rules = GAME.new_rules(players)
    found = []
    for game in range(games):
        state = rules.new_game(seed=game)
        bots = [GAME.make_bot("reader" if seat % 2 else "estimator", 100 * game + seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_player()
            decision = bots[seat].decide(state.view_for(seat))
            assert decision is not None
            if ".settle_" in decision.reason.key:
                found.append((state.clone(), seat, decision))
            state.apply(decision.action)
    return found


def test_a_settling_reason_names_the_holder_the_sureness_needed_and_the_token_taken() -> None:
    found = settling_reasons()
    kinds = {decision.reason.key.rsplit(".", 1)[1] for _, _, decision in found}
    assert {"settle_keep", "settle_middle"} <= kinds, kinds
    for state, seat, decision in found:
        view = state.view_for(seat)
        params = dict(decision.reason.params)
        wanted, token = params["wanted"], params["token"]
        holders = view.token_holders(view.round_suit)
        holder = view.players[holders[wanted.number - 1]]  # who holds the wanted token, from the state
        assert holders[wanted.number - 1] not in (None, seat)
        for lang in LANGUAGES:
            words = decision.text(lang)
            assert holder in words, (lang, words)
            assert str(wanted) in words and str(token) in words, (lang, words)
            assert number(params["expected"], lang, 1) in words, (lang, words)
            if not decision.reason.key.endswith("_brake"):
                assert "50" in words, (lang, words)


def test_a_settling_reason_in_english_reads_as_a_reason_for_its_move() -> None:
    state, seat, decision = next(f for f in settling_reasons(4) if f[2].reason.key.endswith("reason.settle_middle"))
    params = dict(decision.reason.params)
    words = decision.text("en")
    assert words.startswith(f"I would like the {params['wanted']} ")
    assert f"but {params['holder']} holds it, and I take a token away from a player only when I am at least 50% sure." in words
    assert words.endswith(f"the free token nearest to that is the {params['token']}, so I take it from the middle.")
