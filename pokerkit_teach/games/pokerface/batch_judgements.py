"""What the batch path of a Pokerface simulation (:mod:`pokerkit_teach.games.pokerface.batch`) needs to judge
hands as the estimator bot does, for whole boards at once: every holding's strength on a board, each
player's share of the holdings beaten, and what the bot makes of each such share (the place it wants, the
place it expects, whether it is sure enough), computed once with the bot's own code. How the batch path
keeps equal to the engine is in docs/architecture.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

import numpy as np

from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.batch_tables import build_tables
from pokerkit_teach.games.pokerface.bots import PokerfaceEstimatorBot
from pokerkit_teach.games.pokerface.hints import RankHint
from pokerkit_teach.games.pokerface.preflop import PREFLOP_SHARES
from pokerkit_teach.games.pokerface.strength import PAIR_BITS, PAIRS, probabilities_of_share

__all__ = ["Judgements", "judge", "share_table", "stage_table", "preflop_table", "board_strengths", "share_numerators", "class_of",
           "touching_holdings", "PAIR_INDEX", "CLASHED", "DEALS_AT_ONCE"]

DEALS_AT_ONCE = 256  # deals judged at once: their holdings stay in the processor's cache


# ----------------------------------------------------------------------------------- the estimator's view
@dataclass(frozen=True)
class Judgements:
    """What the estimator makes of a share, by its numerator ``2 * below + level`` (board stages) or by
    starting-hand class (before the flop): the place it wants, the place it expects, and whether it is
    sure enough of the wanted place to take that token from a player."""

    target: np.ndarray
    expected: np.ndarray
    sure: np.ndarray


def judge(share: float, players: int, confidence: float) -> tuple[int, float, bool]:
    probabilities = probabilities_of_share(share, players)
    _, expected, target = PokerfaceEstimatorBot._judged(RankHint(0, probabilities, 0, False), players)
    return target, expected, probabilities[target - 1] >= confidence


def share_table(shares: Sequence[float], players: int, confidence: float) -> Judgements:
    judged = [judge(share, players, confidence) for share in shares]
    return Judgements(np.array([j[0] for j in judged], dtype=np.int8), np.array([j[1] for j in judged]),
                       np.array([j[2] for j in judged], dtype=bool))


@lru_cache(maxsize=None)
def stage_table(players: int, board: int, confidence: float) -> Judgements:
    valid = math.comb(52 - board - 2, 2)
    # (below + 0.5 * level) / valid, as strength.prefetch computes it: below + 0.5 * level is x / 2 exactly.
    return share_table([(x / 2) / valid for x in range(2 * valid + 1)], players, confidence)


@lru_cache(maxsize=None)
def preflop_table(players: int, confidence: float) -> Judgements:
    return share_table([float(share) for share in PREFLOP_SHARES], players, confidence)


# The index of each pair of cards among PAIRS, and for each pair the holdings that
# share a card with it (the pair itself included): 2 x 51 - 1 = 101 of them.
PAIR_INDEX = np.zeros((52, 52), dtype=np.intp)

CLASHED = 32000  # the strength given to a holding that clashes with the board: above every hand, counted nowhere


@lru_cache(maxsize=1)
def touching_holdings() -> np.ndarray:
    """``touching_holdings()[a, b]``: the indices of the 101 holdings that hold card a or card b."""
    table = np.zeros((52, 52, 101), dtype=np.intp)
    others = np.array([[x for x in range(52) if x != a] for a in range(52)])
    holding = PAIR_INDEX[np.arange(52)[:, None], others]  # (52, 51): card a with every other card
    for a in range(52):
        b = others[a]
        keep = others[b] != a  # card b with every card but a (and b)
        table[a, b, :51] = holding[a]
        table[a, b, 51:] = holding[b][keep].reshape(51, 50)
    return table


def board_strengths(boards: np.ndarray) -> np.ndarray:
    """The strength (as :func:`evaluate_batch` gives it) of every holding with each board (D, 3 to 5
    cards): (D, 1326), :data:`CLASHED` where the holding shares a card with the board.

    The evaluator's additive card keys make a hand's key the board's key plus the holding's, so every
    holding is judged without building its rows; flushes (read from the key's suit signature) are
    evaluated again by :func:`evaluate_batch` itself, from their cards."""
    size = boards.shape[1]
    tables = build_tables(())
    hashing = tables.for_n(2 + size)
    key = tables.card_key.astype(np.uint32)
    sums = key[boards].sum(axis=1, dtype=np.uint32)[:, None] + (key[PAIRS[:, 0]] + key[PAIRS[:, 1]])[None, :]
    mixed = np.multiply(sums, np.uint32(hashing["mult"]))
    np.right_shift(mixed, np.uint32(hashing["bucket_shift"]), out=mixed)
    slot = hashing["disp"].take(mixed, mode="wrap")
    np.add(slot, sums, out=slot)
    np.bitwise_and(slot, np.uint32(hashing["mask"]), out=slot)
    values = hashing["table"].take(slot, mode="wrap")
    board_bits = (np.uint64(1) << boards.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    clash = (PAIR_BITS[None, :] & board_bits[:, None]) != 0
    np.putmask(values, clash, CLASHED)
    # A flush needs five cards of a suit, so three of them on the board: only those boards are looked at again.
    suited = np.flatnonzero((np.eye(4, dtype=np.int64)[boards & 3].sum(axis=1) >= 3).any(axis=1))
    flush = hashing["is_flush"].take(np.right_shift(sums[suited], np.uint32(24)), mode="wrap") & ~clash[suited]
    deal, pair = np.nonzero(flush)
    deal = suited[deal]
    if len(deal):
        rows = np.empty((len(deal), 2 + size), dtype=np.uint8)
        rows[:, :2] = PAIRS[pair]
        rows[:, 2:] = boards[deal]
        values[deal, pair] = evaluate_batch(rows, validate=False)
    return np.asarray(values)


def share_numerators(boards: np.ndarray, holes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For boards (D, b) and the players' hole cards (D, n, 2): each player's ``2 * below + level``
    against every holding that touches neither the board nor the player's cards, and each player's
    strength on the board."""
    values = board_strengths(boards)
    d = np.arange(len(boards))[:, None]
    a, b = holes[:, :, 0].astype(np.intp), holes[:, :, 1].astype(np.intp)
    own = values[d, PAIR_INDEX[a, b]]  # (D, n)
    mine = own[:, :, None]
    # 1 - sign(theirs - mine) is 2 below, 1 level, 0 above (and 0 for a clashing holding).
    every = values.shape[1] - np.sign(values[:, None, :] - mine).sum(axis=2, dtype=np.int64)
    near = values[d[:, :, None], touching_holdings()[a, b]]  # (D, n, 101)
    touching = near.shape[2] - np.sign(near - mine).sum(axis=2, dtype=np.int64)
    return every - touching, own


def class_of(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Starting-hand classes as strength._class_of numbers them."""
    ra, rb = a >> 2, b >> 2
    high, low = np.maximum(ra, rb), np.minimum(ra, rb)
    suited = ((a & 3) == (b & 3)) & (high != low)
    return np.asarray(np.where(suited, high * 13 + low, low * 13 + high))
