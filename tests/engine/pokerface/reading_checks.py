"""Checks that a Pokerface bot's reason is true of the position and that its move follows from it, each
figure derived again here from the state (the board's holdings ranked by the evaluator, the tokens held):
used by the reading bot's tests and by the conformance suite's check of every bot's reasons.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

import numpy as np

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.cards import Suit, card_from_code
from pokerkit_teach.games.pokerface.actions import Pass, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.games.pokerface.reading import (
    FINAL_LIKELIHOOD,
    CURRENT_LIKELIHOOD,
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


TAKE_MISS = 0.05  # the reader's weight of a holding that wants another place than a token seen taken from a player


def takes_in_log(state: Any) -> dict[int, dict[Suit, dict[int, int]]]:
    """Every take from another player of the deal being played, read from the state's log (not the view): by
    seat and round, each token taken with the seat it was taken from (the last take of a token counts)."""
    found: dict[int, dict[Suit, dict[int, int]]] = {}
    events = list(state.events)
    start = max(i for i, e in enumerate(events) if e.kind == "deal_started")
    for event in events[start:]:
        if event.kind in ("took_player", "took_player_returned"):
            params = dict(event.params)
            token = params["token"]
            found.setdefault(event.seat, {}).setdefault(token.suit, {})[token.number] = state.players.index(params["target"])
    return found


def beats_again(view: PokerfaceView, takes: dict[int, dict[Suit, dict[int, int]]] | None = None) -> dict[int, tuple[float, float]]:
    """(beat, prior) for every other seat, computed again from the view alone over the holdings it cannot
    see: each weighted by the likelihood tables at the place its share wanted in every round, and for every
    token the seat was seen taking from a player (``takes``), by 1 where the holding wanted that token's place
    then and TAKE_MISS elsewhere."""
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
            for token in (takes or {}).get(seat, {}).get(suit, {}):
                weights *= np.where(places[suit] == token, 1.0, TAKE_MISS)
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
    takes = takes_in_log(state)
    expected_seen = []
    for suit, holders in view.tokens:
        taken = takes.get(other, {}).get(suit, {})
        held = holders.index(other) + 1 if other in holders else None
        if held is not None:
            source = taken.get(held)
            expected_seen.append((STAGE_NAME[suit], suit, held, view.players[source] if source is not None else None))
        for token, source in taken.items():
            if token != held:
                expected_seen.append((STAGE_NAME[suit], suit, token, view.players[source]))
    got_seen = [(m.key.rsplit(".", 1)[1], dict(m.params)["token"].suit, dict(m.params)["token"].number, dict(m.params).get("source"))
                for m in seen]
    assert all(m.key.startswith("pokerface.reading.seen_from." if dict(m.params).get("source") else "pokerface.reading.seen.") for m in seen)
    assert sorted(got_seen, key=str) == sorted(expected_seen, key=str), (got_seen, expected_seen)
    again = beats_again(view, takes)
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
    check_move(key, decision.action, values, view, seat, place, probabilities[place - 1] >= 0.5, expected)


def check_move(key: str, action: Any, values: dict[str, Any], view: PokerfaceView, seat: int, place: int, sure: bool,
               expected: float) -> None:
    """The ♠-round (or any token-round) move a Pokerface reason ``key`` names follows from the place the
    bot expects (``place``; ``sure``: its chance at least one half) and the round's tokens in ``view``:
    keep, take from the middle, take from a player (sure, or forced when every token is held), or settle
    for a token below the one wanted (keep it, take one from the middle, or the brake). A reason that settles
    names who holds the wanted token, the place ``expected`` on average, and the token it settles for is the
    one of those it could have (the free ones and its own) nearest to that place; a reason that states the
    sureness a take from a player needs states the bots' one half."""
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
            assert sure and close(values["needed"], 0.5), "fairly sure, below one half"
        else:
            assert own is None and None not in holders, "a token was free or held"
    else:
        assert values["wanted"].number == place and holders[place - 1] not in (None, seat)
        assert values["holder"] == view.players[holders[place - 1]], "the holder of the wanted token is named"
        assert close(values["expected"], expected, 1e-6), (values["expected"], expected)
        if "needed" in values:
            assert close(values["needed"], 0.5)
        choices = [n + 1 for n, h in enumerate(holders) if h is None] + ([own] if own is not None else [])
        nearest = min(abs(n - expected) for n in choices)
        assert abs(token.number - expected) <= nearest + 1e-9, "a token nearer to the place expected was there"
        brake = not any(isinstance(a, TakeFromPlayer) for a in view.legal_actions)
        if key == "settle_keep":
            assert isinstance(action, Pass) and own == token.number and not sure and not brake
        elif key == "settle_middle":
            assert isinstance(action, TakeFromMiddle) and holders[token.number - 1] is None and not sure and not brake
        else:
            assert key == "settle_middle_brake" and isinstance(action, TakeFromMiddle) and brake, key
