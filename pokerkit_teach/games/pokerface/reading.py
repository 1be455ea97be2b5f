"""Reading the tokens: what the other players' tokens say about their hole cards.

The reading bot (``reader``) models every other player as playing the team's convention: in each token
round a player wants the token of the place its hand expects as it stands (the estimator's rule: the
share ``f`` of the possible two-card hands it beats now gives the place ``1 + (players - 1) * f``,
rounded). So a token held at the end of a round says roughly how strong that player's hand was at that
moment of the deal, and the token held now in the ♠ round says it about the finished hand.

For every other player the reading weighs each of the 1,326 two-card holdings by how likely that
holding makes every token the player was seen with: the token held at the end of every earlier round
of the deal and the token held now in the round being played. It also reads the deal's public moves
(:attr:`~.view.PokerfaceView.moves`): the convention takes a token away from another player only when
it is the token of the place the hand wants, so a player seen taking the 4♦ from Carla very likely wanted
place 4 after the flop; every holding that wants another place then is weighted down to
:data:`TAKE_MISS`. The likelihood of a token given the place
a holding wants (:data:`FINAL_LIKELIHOOD`, :data:`CURRENT_LIKELIHOOD`) was counted in bot games
(:func:`pokerkit_teach.games.pokerface.bots.count_likelihoods`). The share of the weighted holdings the reader's own hand beats is its
chance against that player; the chances against all players give a probability for every place
(independent players, a Poisson binomial).

Everything a holding's strength needs is computed once per board for all 1,326 holdings (one batch
evaluation) and shared by every reader at the table, so a reading costs a few array products.

>>> from pokerkit_teach.holdem.cards import parse_cards
>>> table = board_table(tuple(c.code for c in parse_cards("As Kd 7c 7h 2s")))
>>> values, shares = table
>>> int((values < 0).sum())  # the holdings that touch the board
245
>>> round(float(shares[pair_index(parse_cards("Ac Ah"))]), 3)  # aces full: almost nothing beats it
0.998
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.holdem.cards import Card, Suit
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.strength import PAIR_BITS, PAIRS, preflop_share
from pokerkit_teach.games.pokerface.view import PokerfaceView

__all__ = [
    "Reading", "Seen", "board_table", "pair_index", "read_others", "place_distribution",
    "STAGE_OF_SUIT", "FINAL_LIKELIHOOD", "CURRENT_LIKELIHOOD", "wanted_places", "likelihood", "read_reason", "most_telling",
    "TAKE_MISS", "takes_of",
]

# How many board cards each token round is played on: ♣ before the flop, ♦ after it, ♥ after the turn,
# ♠ after the river.
STAGE_OF_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 3, Suit.HEARTS: 4, Suit.SPADES: 5}

_INDEX = np.full((52, 52), -1, dtype=np.int64)
_INDEX[PAIRS[:, 0], PAIRS[:, 1]] = np.arange(len(PAIRS))
_INDEX[PAIRS[:, 1], PAIRS[:, 0]] = np.arange(len(PAIRS))


def pair_index(hole: Sequence[Card]) -> int:
    """The row of two hole cards among the 1,326 holdings (:data:`~.strength.PAIRS`)."""
    return int(_INDEX[hole[0].code, hole[1].code])


def _bits(codes: Sequence[int]) -> np.uint64:
    return np.uint64(sum(1 << c for c in codes))


@lru_cache(maxsize=1)
def _preflop_shares() -> np.ndarray:
    """Every holding's chance against one random hand (the estimator's preflop table)."""
    from pokerkit_teach.holdem.cards import card_from_code

    return np.array([preflop_share((card_from_code(int(a)), card_from_code(int(b)))) for a, b in PAIRS])


@lru_cache(maxsize=48)
def board_table(board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """For every holding on this board (card codes; empty before the flop): its strength (-1 where the
    holding touches the board; before the flop 0 for all) and the share of the other holdings it beats
    now, ties counting half (before the flop: its chance against one random hand)."""
    if not board:
        return np.zeros(len(PAIRS), dtype=np.int64), _preflop_shares()
    touching = (PAIR_BITS & _bits(board)) != 0
    rows = np.empty((len(PAIRS), 2 + len(board)), dtype=np.int64)
    rows[:, :2] = PAIRS
    rows[:, 2:] = board
    rows[touching] = rows[np.flatnonzero(~touching)[0]]
    values = evaluate_batch(rows, validate=False).astype(np.int64)
    values[touching] = -1
    valid = np.sort(values[~touching])
    below = np.searchsorted(valid, values, "left")
    level = np.searchsorted(valid, values, "right") - below - 1  # equal holdings other than itself
    shares = (below + 0.5 * level) / (len(valid) - 1)
    shares[touching] = 0.0
    return values, shares


def wanted_places(shares: np.ndarray, players: int) -> np.ndarray:
    """The place each share expects (the estimator's rule: 1 + (players - 1) * share, rounded)."""
    places: np.ndarray = np.clip(np.rint(1 + (players - 1) * shares), 1, players).astype(np.int64)
    return places


# P(token held | place wanted), [players][wanted - 1][token - 1], rounded to 3 places: at the end of a round
# before ♠ (FINAL) and during the ♠ round when a reader moves (CURRENT), counted by
# bots.count_likelihoods(players, 500, seed=1) in reader games whose readers still used a smooth guess
# (exp(-1.6 * |token - wanted|), normalized) for both tables; read again with these tables, the 4-player team
# succeeded in 63% of its deals instead of 60% (300 games, seed 7).
FINAL_LIKELIHOOD: dict[int, np.ndarray] = {
    3: np.array([[0.786, 0.079, 0.135], [0.277, 0.461, 0.263], [0.124, 0.081, 0.795]]),
    4: np.array([[0.777, 0.069, 0.047, 0.107], [0.281, 0.478, 0.13, 0.111], [0.114, 0.129, 0.479, 0.278], [0.102, 0.038, 0.062, 0.798]]),
    5: np.array([[0.784, 0.053, 0.036, 0.035, 0.091], [0.237, 0.554, 0.091, 0.046, 0.072], [0.148, 0.171, 0.361, 0.174, 0.146], [0.078, 0.048, 0.096, 0.543, 0.234], [0.102, 0.032, 0.035, 0.051, 0.78]]),
    6: np.array([[0.782, 0.058, 0.018, 0.028, 0.025, 0.089], [0.217, 0.544, 0.099, 0.035, 0.04, 0.064], [0.177, 0.211, 0.385, 0.1, 0.061, 0.066], [0.07, 0.064, 0.102, 0.392, 0.206, 0.166], [0.062, 0.034, 0.036, 0.094, 0.549, 0.225], [0.068, 0.023, 0.019, 0.029, 0.066, 0.795]]),
}
CURRENT_LIKELIHOOD: dict[int, np.ndarray] = {
    3: np.array([[0.822, 0.173, 0.005], [0.161, 0.677, 0.162], [0.004, 0.132, 0.863]]),
    4: np.array([[0.845, 0.145, 0.007, 0.003], [0.229, 0.593, 0.168, 0.01], [0.007, 0.178, 0.608, 0.208], [0.002, 0.004, 0.135, 0.86]]),
    5: np.array([[0.852, 0.138, 0.005, 0.003, 0.002], [0.256, 0.585, 0.146, 0.009, 0.004], [0.018, 0.223, 0.566, 0.184, 0.01], [0.003, 0.012, 0.166, 0.571, 0.248], [0.001, 0.001, 0.004, 0.136, 0.858]]),
    6: np.array([[0.868, 0.126, 0.002, 0.003, 0.002, 0.0], [0.297, 0.549, 0.134, 0.012, 0.005, 0.004], [0.024, 0.242, 0.532, 0.183, 0.014, 0.006], [0.005, 0.018, 0.206, 0.553, 0.201, 0.017], [0.002, 0.003, 0.011, 0.149, 0.563, 0.272], [0.002, 0.001, 0.002, 0.006, 0.138, 0.852]]),
}


TAKE_MISS = 0.05
"""The weight of a holding whose wanted place is not the token its player was seen taking from another
player (a holding that wants that place weighs 1): the convention never takes from a player otherwise, but
a forced take (no token free, none held) or a player off the convention does; a small weight, not zero,
so that such a move cannot rule a hand out. Chosen, not counted: ``docs/bots.md`` measures what reading
the moves gains with it."""


def likelihood(players: int, current: bool) -> np.ndarray:
    return (CURRENT_LIKELIHOOD if current else FINAL_LIKELIHOOD)[players]


@dataclass(frozen=True)
class Seen:
    """A token another player was seen with: at the end of the round of ``suit`` (``now`` False) or
    held now in the round being played."""

    suit: Suit
    number: int
    now: bool
    source: int | None = None  # the seat it was seen taking this token from (a public move), if any


@dataclass(frozen=True)
class Reading:
    """What the tokens say about one other player: the tokens seen, the chance that the reader's hand
    beats theirs over the holdings that fit those tokens (``beat``; ties count half), and the same
    chance over all holdings they could have (``prior``: what the reader would think without reading)."""

    seat: int
    seen: tuple[Seen, ...]
    beat: float
    prior: float


def takes_of(view: PokerfaceView, seat: int) -> dict[Suit, tuple[tuple[int, int], ...]]:
    """The tokens ``seat`` was seen taking from another player in each round of the deal: (token, from seat)."""
    found: dict[Suit, list[tuple[int, int]]] = {}
    for move in view.moves:
        if move.seat == seat and move.kind == "player" and move.token is not None and move.source is not None:
            found.setdefault(move.suit, []).append((move.token, move.source))
    return {suit: tuple(taken) for suit, taken in found.items()}


def _seen(view: PokerfaceView, seat: int, read_moves: bool) -> tuple[Seen, ...]:
    """The tokens ``seat`` holds (at the end of each earlier round, and now), each with the player it was seen
    taking it from; and (``read_moves``) the tokens it took from a player and no longer holds."""
    out = []
    takes = takes_of(view, seat) if read_moves else {}
    for suit, holders in view.tokens:
        taken = dict(takes.get(suit, ()))  # the last take of each token counts
        held = holders.index(seat) + 1 if seat in holders else None
        if held is not None:
            out.append(Seen(suit, held, suit == view.round_suit, taken.get(held)))
        for token, source in taken.items():
            if token != held:
                out.append(Seen(suit, token, False, source))
    return tuple(out)


def read_others(view: PokerfaceView, read_moves: bool = True) -> tuple[Reading, ...]:
    """The reading of every other player, judged on the board as it is now; ``read_moves``: the public moves
    too (a take from another player), not only the tokens held."""
    players = view.player_count
    board = tuple(c.code for c in view.board)
    values, _ = board_table(board)
    mine = values[pair_index(view.hole)]
    known = _bits([c.code for c in view.hole] + list(board))
    free = (PAIR_BITS & known) == 0
    if board:
        beats = np.where(values < mine, 1.0, np.where(values == mine, 0.5, 0.0))
    else:  # before the flop the only judge is the chance against one random hand
        beats = np.full(len(PAIRS), preflop_share(view.hole))
    prior_weights = free.astype(np.float64)
    prior = float(beats @ prior_weights / prior_weights.sum())
    places = {suit: wanted_places(board_table(board[: STAGE_OF_SUIT[suit]])[1], players) - 1 for suit, _ in view.tokens}
    readings = []
    for seat in range(players):
        if seat == view.seat:
            continue
        seen = _seen(view, seat, read_moves)
        weights = prior_weights.copy()
        held = {suit: holders.index(seat) + 1 for suit, holders in view.tokens if seat in holders}
        for token in seen:
            if held.get(token.suit) == token.number:  # a token held: the counted likelihood of holding it
                weights *= likelihood(players, token.now)[places[token.suit], token.number - 1]
            if token.source is not None:  # seen taken from a player: the hand very likely wanted its place
                weights *= np.where(places[token.suit] == token.number - 1, 1.0, TAKE_MISS)
        total = weights.sum()
        beat = float(beats @ weights / total) if total > 0 else prior
        readings.append(Reading(seat, seen, beat, prior))
    return tuple(readings)


def place_distribution(chances: Sequence[float]) -> tuple[float, ...]:
    """The probability of each place (1 = weakest) for a hand that beats each other player with the given
    chances, independently: place k + 1 when exactly k are beaten.

    >>> [round(p, 2) for p in place_distribution([0.5, 1.0])]
    [0.0, 0.5, 0.5]
    """
    dist = [1.0]
    for p in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    total = math.fsum(dist)
    return tuple(q / total for q in dist)


_STAGE_NAME = {Suit.CLUBS: "before_flop", Suit.DIAMONDS: "after_flop", Suit.HEARTS: "after_turn", Suit.SPADES: "after_river"}


def most_telling(readings: Sequence[Reading]) -> Reading:
    """The player whose tokens moved the reader's chance the most (the first such seat on a tie)."""
    return max(readings, key=lambda r: (abs(r.beat - r.prior), -r.seat))


def read_reason(readings: Sequence[Reading], view: PokerfaceView) -> Msg:
    """What the reader read, as a message: the most telling player's tokens, round by round, and where
    that puts them (above the reader when its hand beats less than half of the holdings that fit)."""
    told = most_telling(readings)
    seen = Items(Msg.of(f"pokerface.reading.seen.{_STAGE_NAME[s.suit]}", token=Token(s.suit, s.number)) if s.source is None
                 else Msg.of(f"pokerface.reading.seen_from.{_STAGE_NAME[s.suit]}", token=Token(s.suit, s.number),
                             source=view.players[s.source])
                 for s in told.seen)
    side = "above" if told.beat < 0.5 else "below"
    return Msg.of(f"pokerface.reading.read.{side}", player=view.players[told.seat], seen=seen, percent=told.beat)
