"""The reading bot (``reader``, pokerkit_teach/games/pokerface/reading.py): its reasons are true of the position,
its figures are the ones its model gives when computed again another way, it plays the rounds before ♠
exactly as the estimator does, and it does better than the estimator.

:func:`check_reading` checks one ♠-round reason of the reader against the position; tests/conformance/test_bot_reasons.py
may call it for the keys ``pokerface.reading.*``.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from tests.engine.pokerface.reading_checks import HOLDINGS, check_reading, close, holding_shares

from pokerkit_teach.core.i18n import Items, Msg, catalogue
from pokerkit_teach.core.simulate import simulate
from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.cards import Suit, card_from_code, parse_cards
from pokerkit_teach.games.pokerface import PokerfaceRules
from pokerkit_teach.games.pokerface.bots import PokerfaceEstimatorBot, PokerfaceReaderBot
from pokerkit_teach.games.pokerface.reading import (
    board_table,
    pair_index,
    place_distribution,
)


def play(players: int, game: int, variants: tuple[str, ...] = ()) -> dict[str, int]:
    """One game of reader bots; every ♠ reason checked, every earlier move compared with the estimator's."""
    state = PokerfaceRules.for_players(players, variants=variants).new_game(seed=game)
    bots = [PokerfaceReaderBot(1000 * game + s) for s in range(players)]
    estimator = PokerfaceEstimatorBot()
    seen: dict[str, int] = {}
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view_for(seat)
        decision = bots[seat].decide(view)
        assert decision is not None
        key = decision.reason.key
        seen[key] = seen.get(key, 0) + 1
        if view.round_suit is Suit.SPADES:
            assert key.startswith("pokerface.reading."), key
            check_reading(state, view, seat, decision, bots[seat])
        else:
            assert decision == estimator.decide(view), "before ♠ the reader plays as the estimator"
        state.apply(decision.action)
    return seen


def play_many(games: range) -> dict[str, int]:
    seen: dict[str, int] = {}
    for game in games:
        for key, n in play(3 + game % 4, game, ("rising-stakes",) if game % 3 == 0 else ()).items():
            seen[key] = seen.get(key, 0) + n
    return seen


def test_the_readers_reasons_are_true_and_its_moves_follow_them_in_3_games() -> None:
    seen = play_many(range(3))
    assert {"pokerface.reading.take_middle", "pokerface.reading.keep"} <= set(seen), seen


@pytest.mark.slow
def test_the_readers_reasons_are_true_in_40_games() -> None:
    seen = play_many(range(100, 140))
    assert {f"pokerface.reading.{k}" for k in ("take_middle", "keep", "take_player", "settle_middle", "settle_keep")} <= set(seen), seen


def test_every_reading_key_has_its_words_in_every_language() -> None:
    keys = {k for k in catalogue("en") if k.startswith("pokerface.reading.")}
    kinds = {"keep", "take_middle", "take_player", "settle_keep", "settle_middle", "take_player_forced", "settle_middle_brake"}
    assert {f"pokerface.reading.{k}" for k in kinds} <= keys
    for lang in ("de", "es"):
        assert keys == {k for k in catalogue(lang) if k.startswith("pokerface.reading.")}


def test_a_reason_in_words_names_the_tokens_and_the_rounds() -> None:
    from pokerkit_teach.games.pokerface.events import Token

    seen = Items([Msg.of("pokerface.reading.seen.after_flop", token=Token(Suit.DIAMONDS, 4)),
                  Msg.of("pokerface.reading.seen.after_river", token=Token(Suit.SPADES, 3))])
    read = Msg.of("pokerface.reading.read.above", player="Ben", seen=seen, percent=0.2)
    assert read.text("en") == ("Ben took the 4♦ after the flop and the 3♠ after the river, so I put Ben above me: "
                               "my hand beats only 20% of the hands that fit those tokens.")
    assert "nach dem Flop die 4♦ und nach dem River die 3♠ genommen" in read.text("de")
    assert "la ficha 4♦ después del flop y la ficha 3♠ después del river" in read.text("es")


def test_the_board_table_ranks_every_holding_as_the_evaluator_does() -> None:
    board = parse_cards("As Kd 7c 7h 2s")
    values, shares = board_table(tuple(c.code for c in board))
    for text in ("Ac Ah", "7d 7s", "Kh Qh", "3c 4d", "2c 2d"):
        hole = parse_cards(text)
        row = pair_index(hole)
        assert values[row] == evaluate_batch(np.array([[c.code for c in [*hole, *board]]]))[0]
    counted = holding_shares(tuple(c.code for c in board))
    for (a, b), share in itertools.islice(zip(HOLDINGS.tolist(), counted.tolist()), 0, None, 97):
        if not np.isnan(share):
            assert close(shares[pair_index((card_from_code(a), card_from_code(b)))], share)
    assert values[pair_index(parse_cards("As Ah"))] == -1, "a holding that touches the board has no strength"


def test_place_distribution_counts_every_way_of_beating_the_others() -> None:
    chances = [0.2, 0.7, 0.9]
    by_hand = [0.0] * 4
    for beaten in itertools.product((0, 1), repeat=3):
        p = 1.0
        for won, chance in zip(beaten, chances):
            p *= chance if won else 1 - chance
        by_hand[sum(beaten)] += p
    assert all(close(a, b) for a, b in zip(place_distribution(chances), by_hand))


@pytest.mark.slow
def test_the_reading_team_succeeds_in_more_deals_than_the_estimator_team() -> None:
    """300 games of 4 players: about 10 s of processor time."""
    reader = simulate("pokerface", 4, ["reader"], 300, seed=5)
    estimator = simulate("pokerface", 4, ["estimator"], 300, seed=5)

    def deal_rate(result: Any) -> float:
        totals = result.totals
        return float(totals["deal_successes"] / (totals["deal_successes"] + totals["deal_failures"]))

    assert deal_rate(reader) > deal_rate(estimator) + 0.1, (deal_rate(reader), deal_rate(estimator))
