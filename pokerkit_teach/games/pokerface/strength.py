"""A quick judgement of a hand as it stands, for the estimator bot.

The share of the two-card hands another player could hold that this hand beats now (a tie counts
half). Before the flop there is no board to judge against, so the share is the hand's chance against
one random hand, taken from a 169-entry table that is estimated once (seeded) on first use. With the
share ``f``, the bot treats the other players as independent: the number it beats is binomial, which
gives a probability for every place.

>>> from pokerkit_teach.holdem.cards import parse_cards
>>> strong = place_probabilities(parse_cards("Ah Ad"), parse_cards("As Kd 7c"), 4)
>>> weak = place_probabilities(parse_cards("3h 2d"), parse_cards("As Kd 7c"), 4)
>>> strong[-1] > 0.9 and weak[0] > 0.5
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import numpy as np

from pokerkit_teach.holdem.batch import evaluate_batch
from pokerkit_teach.holdem.cards import Card
from pokerkit_teach.games.pokerface.preflop import PREFLOP_SHARES

__all__ = ["share_beaten", "place_probabilities", "probabilities_of_share", "preflop_share", "PAIRS", "PAIR_BITS"]

# The 1,326 two-card holdings (card codes, the lower first) and each one's cards as bits of a 52-bit set.
PAIRS = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], dtype=np.int64)
PAIR_BITS = (np.uint64(1) << PAIRS[:, 0].astype(np.uint64)) | (np.uint64(1) << PAIRS[:, 1].astype(np.uint64))


def _class_of(a: int, b: int) -> int:
    """One of 169 starting-hand classes: the two ranks and whether the suits match."""
    high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    suited = (a & 3) == (b & 3) and high != low
    return high * 13 + low if suited else low * 13 + high  # suited above the diagonal, pairs on it


@lru_cache(maxsize=1)
def _preflop_table() -> np.ndarray:
    """Chance of each starting-hand class against one random hand (stored in :mod:`.preflop`)."""
    return np.array(PREFLOP_SHARES)


def estimate_preflop_table() -> np.ndarray:
    """Chance of each starting-hand class against one random hand, estimated with a fixed seed (how the
    stored table was made)."""
    rng = np.random.default_rng(169)
    samples = 3000
    table = np.zeros(169)
    representatives: dict[int, tuple[int, int]] = {}
    for a, b in PAIRS.tolist():
        representatives.setdefault(_class_of(a, b), (a, b))
    rows = []
    for cls, (a, b) in sorted(representatives.items()):
        rest = np.setdiff1d(np.arange(52), [a, b])
        keys = rng.random((samples, rest.size))
        drawn = rest[np.argpartition(keys, 7, axis=1)[:, :7]]  # 2 for the opponent, 5 for the board
        mine = np.concatenate([np.tile([a, b], (samples, 1)), drawn[:, 2:]], axis=1)
        theirs = drawn
        rows.append((cls, mine, theirs))
    mine_all = np.concatenate([r[1] for r in rows])
    theirs_all = np.concatenate([r[2] for r in rows])
    ours = evaluate_batch(mine_all).reshape(len(rows), samples)
    others = evaluate_batch(theirs_all).reshape(len(rows), samples)
    shares = (ours > others).mean(axis=1) + 0.5 * (ours == others).mean(axis=1)
    for (cls, _, _), share in zip(rows, shares):
        table[cls] = share
    return table


def preflop_share(hole: Sequence[Card]) -> float:
    """The chance of two hole cards against one random hand (ties count half)."""
    return float(_preflop_table()[_class_of(hole[0].code, hole[1].code)])


_SHARES: dict[tuple[tuple[Card, ...], tuple[Card, ...]], float] = {}
_SHARES_LIMIT = 4096


def prefetch(situations: Sequence[tuple[Sequence[Card], Sequence[Card]]]) -> None:
    """Judge many (hole cards, board) situations in one batch and remember the results.

    A simulation that knows a whole deal in advance calls this once per deal for every player and
    every board stage; each result depends only on that player's own cards and the board at that
    stage, exactly as :func:`share_beaten` computes it. Situations on the same board share one
    evaluation of every two-card holding.
    """
    todo = [(tuple(h), tuple(b)) for h, b in situations if b and (tuple(h), tuple(b)) not in _SHARES]
    if not todo:
        return
    if len(_SHARES) + len(todo) > _SHARES_LIMIT:
        _SHARES.clear()
    by_board: dict[tuple[Card, ...], list[tuple[Card, ...]]] = {}
    for hole, board in todo:
        by_board.setdefault(board, []).append(hole)
    boards = list(by_board)
    pairs = len(PAIRS)
    blocks = []
    for board in boards:
        holes = by_board[board]
        rows = np.empty((pairs + len(holes), 7), dtype=np.int64)
        rows[:pairs, :2] = PAIRS
        rows[pairs:, :2] = [[h[0].code, h[1].code] for h in holes]
        rows[:, 2: 2 + len(board)] = [c.code for c in board]
        blocks.append(rows[:, : 2 + len(board)])
    # One evaluation per board size (the evaluator takes 5, 6 or 7 cards per row).
    strengths: dict[int, np.ndarray] = {}
    for size in sorted({len(b) for b in boards}):
        chosen = [i for i, b in enumerate(boards) if len(b) == size]
        stacked = np.concatenate([blocks[i] for i in chosen])
        # Holdings that clash with the board are replaced by a harmless row and masked out below.
        board_bits = np.concatenate([np.full(len(blocks[i]), _bits(boards[i]), dtype=np.uint64) for i in chosen])
        row_bits = np.concatenate([np.concatenate([PAIR_BITS, np.zeros(len(blocks[i]) - pairs, dtype=np.uint64)]) for i in chosen])
        clash = (row_bits & board_bits) != 0
        stacked[clash] = stacked[np.flatnonzero(~clash)[0]]
        values = evaluate_batch(stacked, validate=False)  # distinct by construction
        start = 0
        for i in chosen:
            strengths[i] = values[start: start + len(blocks[i])]
            start += len(blocks[i])
    for i, board in enumerate(boards):
        holes = by_board[board]
        theirs = strengths[i][:pairs]
        own = strengths[i][pairs:]
        hole_bits = np.array([_bits(h) for h in holes], dtype=np.uint64)
        valid = ((PAIR_BITS & _bits(board)) == 0)[None, :] & ((PAIR_BITS[None, :] & hole_bits[:, None]) == 0)
        below = ((theirs[None, :] < own[:, None]) & valid).sum(axis=1)
        level = ((theirs[None, :] == own[:, None]) & valid).sum(axis=1)
        shares = (below + 0.5 * level) / valid.sum(axis=1)
        for hole, share in zip(holes, shares.tolist()):
            _SHARES[(hole, board)] = share


def _bits(cards: Sequence[Card]) -> np.uint64:
    return np.uint64(sum(1 << c.code for c in cards))


def share_beaten(hole: Sequence[Card], board: Sequence[Card]) -> float:
    """The share of possible opposing hole cards this hand beats on the board as it is now."""
    if not board:
        return preflop_share(hole)
    key = (tuple(hole), tuple(board))
    share = _SHARES.get(key)
    if share is None:
        prefetch([key])
        share = _SHARES[key]
    return share


def place_probabilities(hole: Sequence[Card], board: Sequence[Card], players: int) -> tuple[float, ...]:
    """Probability of each place (1 = weakest) if the hand beats each other player with the same share."""
    return probabilities_of_share(share_beaten(hole, board), players)


def probabilities_of_share(share: float, players: int) -> tuple[float, ...]:
    """Probability of each place (1 = weakest) for a hand that beats each other player with chance
    ``share``: the number beaten is binomial (the batch simulator reads its tables from this too)."""
    others = players - 1
    return tuple(math.comb(others, k) * share**k * (1 - share) ** (others - k) for k in range(players))
