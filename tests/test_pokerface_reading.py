"""The reading bot (``reader``, pokerkit_teach/games/pokerface/reading.py): its reasons are true of the position,
its figures are the ones its model gives when computed again another way, it plays the rounds before ♠
exactly as the estimator does, and it does better than the estimator.

:func:`check_reading` checks one ♠-round reason of the reader against the position; tests/test_bot_reasons.py
may call it for the keys ``pokerface.reading.*``.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

import numpy as np
import pytest

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Items, Msg, catalogue
from pokerkit_teach.core.simulate import simulate
from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.cards import Suit, card_from_code, parse_cards
from pokerkit_teach.games.pokerface import PokerfaceRules
from pokerkit_teach.games.pokerface.actions import Pass, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.games.pokerface.bots import PokerfaceEstimatorBot, PokerfaceReaderBot
from pokerkit_teach.games.pokerface.reading import (
    FINAL_LIKELIHOOD,
    CURRENT_LIKELIHOOD,
    board_table,
    pair_index,
    place_distribution,
)
from pokerkit_teach.games.pokerface.strength import preflop_share
from pokerkit_teach.games.pokerface.view import PokerfaceView

STAGE = {Suit.CLUBS: 0, Suit.DIAMONDS: 3, Suit.HEARTS: 4, Suit.SPADES: 5}
STAGE_NAME = {Suit.CLUBS: "before_flop", Suit.DIAMONDS: "after_flop", Suit.HEARTS: "after_turn", Suit.SPADES: "after_river"}


def close(a: float, b: float, tolerance: float = 1e-9) -> bool:
    return abs(a - b) <= tolerance


HOLDINGS = np.array(list(itertools.combinations(range(52), 2)))


@lru_cache(maxsize=64)
def holding_shares(board: tuple[int, ...]) -> np.ndarray:
    """Every holding's share of the other holdings it beats on this board (NaN where it touches the board),
    counted by sorting the strengths of the holdings that fit; before the flop the preflop table's share."""
    if not board:
        return np.array([preflop_share((card_from_code(int(a)), card_from_code(int(b)))) for a, b in HOLDINGS])
    fits = ~np.isin(HOLDINGS, board).any(axis=1)
    rows = np.concatenate([HOLDINGS[fits], np.tile(board, (int(fits.sum()), 1))], axis=1)
    values = evaluate_batch(rows)
    order = np.sort(values)
    below = np.searchsorted(order, values, "left")
    equal = np.searchsorted(order, values, "right") - below - 1
    shares = np.full(len(HOLDINGS), np.nan)
    shares[fits] = (below + 0.5 * equal) / (len(values) - 1)
    return shares


def wanted(shares: np.ndarray, players: int) -> np.ndarray:
    """The estimator's place for each share: 1 + (players - 1) * share, rounded (halves to even)."""
    return np.clip(np.round(1 + (players - 1) * np.nan_to_num(shares)), 1, players).astype(int)


def beats_again(view: PokerfaceView) -> dict[int, tuple[float, float]]:
    """(beat, prior) for every other seat, computed again from the view alone over the holdings it cannot
    see: each weighted by the likelihood tables at the place its share wanted in every round."""
    players = view.player_count
    board = [c.code for c in view.board]
    known = board + [c.code for c in view.hole]
    unseen = ~np.isin(HOLDINGS, known).any(axis=1)
    holdings = HOLDINGS[unseen]
    values = evaluate_batch(np.concatenate([np.concatenate([holdings, np.tile(board, (len(holdings), 1))], axis=1),
                                            [known[len(board):] + board]]))
    mine, theirs = values[-1], values[:-1]
    beat = np.where(theirs < mine, 1.0, np.where(theirs == mine, 0.5, 0.0))
    places = {suit: wanted(holding_shares(tuple(board[: STAGE[suit]]))[unseen], players) for suit, _ in view.tokens}
    out = {}
    for seat in range(players):
        if seat == view.seat:
            continue
        weights = np.ones(len(holdings))
        for suit, holders in view.tokens:
            if seat in holders:
                table = CURRENT_LIKELIHOOD[players] if suit == view.round_suit else FINAL_LIKELIHOOD[players]
                weights *= table[places[suit] - 1, holders.index(seat)]
        out[seat] = (float(beat @ weights / weights.sum()), float(beat.mean()))
    return out


def said(decision: Decision) -> dict[str, Any]:
    return dict(decision.reason.params)


def check_reading(state: Any, view: PokerfaceView, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    """A reader's ♠-round reason: the player it names took exactly the tokens it lists, in the rounds it
    names; the chance it states is the one its model gives (computed again holding by holding); it names
    the player whose tokens moved that chance the most; above means the chance is under one half; and the
    move is the one those chances call for."""
    key = decision.reason.key.removeprefix("pokerface.reading.")
    values = said(decision)
    assert view.round_suit is Suit.SPADES and len(view.board) == 5, "a reading is given in the ♠ round"
    read: Msg = values["read"]
    side = read.key.removeprefix("pokerface.reading.read.")
    told = dict(read.params)
    other = view.players.index(told["player"])
    assert other != seat
    seen: Items = told["seen"]
    expected_seen = []
    for suit, holders in view.tokens:
        if other in holders:
            expected_seen.append((STAGE_NAME[suit], suit, holders.index(other) + 1))
    got_seen = [(m.key.removeprefix("pokerface.reading.seen."), dict(m.params)["token"].suit, dict(m.params)["token"].number) for m in seen]
    assert got_seen == expected_seen, (got_seen, expected_seen)
    again = beats_again(view)
    beat, prior = again[other]
    assert close(told["percent"], beat, 1e-6), (told["percent"], beat)
    assert (side == "above") == (beat < 0.5), side
    moved = {s: abs(b - p) for s, (b, p) in again.items()}
    assert moved[other] >= max(moved.values()) - 1e-6, "the most telling player is named"
    # the move: the estimator's rule on the place distribution of these chances
    count = view.player_count
    probabilities = place_distribution([again[s][0] for s in sorted(again)])
    expected = sum((r + 1) * p for r, p in enumerate(probabilities))
    place = min(count, max(1, round(expected)))
    assert values["place"] == place and values["count"] == count and close(values["percent"], probabilities[place - 1], 1e-6)
    check_move(key, decision.action, values, view, seat, place, probabilities[place - 1] >= 0.5)


def check_move(key: str, action: Any, values: dict[str, Any], view: PokerfaceView, seat: int, place: int, sure: bool) -> None:
    """The ♠-round (or any token-round) move a Pokerface reason ``key`` names follows from the place the
    bot expects (``place``; ``sure``: its chance at least one half) and the round's tokens in ``view``:
    keep, take from the middle, take from a player (sure, or forced when every token is held), or settle
    for a token below the one wanted (keep it, take one from the middle, or the brake)."""
    holders = view.token_holders(view.round_suit)
    assert holders is not None
    own = holders.index(seat) + 1 if seat in holders else None
    token = values["token"]
    if key == "keep":
        assert isinstance(action, Pass) and own == token.number == place
    elif key == "take_middle":
        assert isinstance(action, TakeFromMiddle) and action.token == token.number == place and holders[place - 1] is None
    elif key in ("take_player", "take_player_forced"):
        assert isinstance(action, TakeFromPlayer) and token.number == place
        assert values["player"] == view.players[action.target] and holders[place - 1] == action.target
        if key == "take_player":
            assert sure, "fairly sure, below one half"
        else:
            assert own is None and None not in holders, "a token was free or held"
    else:
        assert values["wanted"].number == place and holders[place - 1] not in (None, seat)
        brake = not any(isinstance(a, TakeFromPlayer) for a in view.legal_actions)
        if key == "settle_keep":
            assert isinstance(action, Pass) and own == token.number and not sure and not brake
        elif key == "settle_middle":
            assert isinstance(action, TakeFromMiddle) and holders[token.number - 1] is None and not sure and not brake
        else:
            assert key == "settle_middle_brake" and isinstance(action, TakeFromMiddle) and brake, key


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
