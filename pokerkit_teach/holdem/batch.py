"""Vectorized Texas Hold'em hand evaluator and batch dealer in pure numpy.

Card code = 4*rank + suit; ranks 2..A -> 0..12, suits c d h s -> 0..3.
Strength = dense rank among the 7,462 five-card hand classes
(1 = 7-5-4-3-2 high card, 7462 = royal flush); equal strength = tie.

Design (per hand of k = 5, 6 or 7 cards)
-----------------------------------------
* Every card has an additive 32-bit key
  ``(SUIT_KEYS[suit] << 24) + RANK_KEYS[rank]``.  The rank keys (Kenneth
  Shackleton / SKPokerEval greedy keys) give distinct sums R for every rank
  multiset of size <= 7 (max 7,825,759 < 2**23); the suit keys (0, 1, 25, 32)
  give signatures (< 256) from which a flush, and its suit, can be read for
  5, 6 and 7 cards.  For a hand with key sum ``s``: ``s >> 24`` is the suit
  signature and ``s & 0xFFFFFF`` is R (no carries between the two fields).
* Cards are read in pairs straight from the uint8 input: unaligned strided
  uint16 views of bytes (0,1), (2,3), (4,5) (+ a uint8 view of a last odd
  column) index a 13,312-entry uint32 pair table holding ``key[c0] + key[c1]``.
  Seven cards = four gathers + three adds.
* Non-flush strength: R is compressed by a "hash and displace" perfect hash
  (vectorized first-fit build):
  ``idx = (s + D[(s * A mod 2**32) >> (32 - b)]) & (2**t - 1)``; A is a
  multiple of 256 so the suit signature in the top byte drops out of the
  bucket hash and the final mask.  Table sizes (int16): 65,536 (7 cards),
  32,768 (6), 8,192 (5).
* Flush rows (``is_flush[s >> 24]``, ~3 % of 7-card hands) are re-evaluated
  from the suited-rank bitmask through an 8,192-entry table.  With 7 cards a
  flush excludes quads/full house, so the flush value is final.
* Work is chunked (default 16,384 rows) with preallocated buffers so the
  working set stays in L2.  Tables are built lazily on first use (numpy,
  well under 1 s); lookup tables total ~0.45 MB (+0.74 MB build helper).
* Invalid input: codes are range-checked per chunk (``validate=True``);
  duplicate cards within a row are NOT detected (garbage in, garbage out).
"""
from __future__ import annotations

from typing import Optional

import numpy as np

from pokerkit_teach.holdem.batch_tables import SIG_SHIFT, Tables, build_tables
from pokerkit_teach.holdem.cards import card_from_code
import numpy.typing

__all__ = [
    "evaluate_batch",
    "deal_batch",
    "random_hands",
    "CATEGORIES",
    "category_of",
]

CATEGORIES = (   # names as used in tests/data/vectors.jsonl
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "flush", "full_house", "four_of_a_kind", "straight_flush",
)
# Number of strength classes per category, low to high.
CATEGORY_SIZES = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
CATEGORY_START = tuple(int(x) for x in np.cumsum((0,) + CATEGORY_SIZES[:-1]) + 1)

DEFAULT_CHUNK = 16384


def category_of(strength: "np.typing.ArrayLike") -> np.ndarray:
    """Category index 0..8 (see CATEGORIES) for strength value(s)."""
    return np.searchsorted(np.asarray(CATEGORY_START), np.asarray(strength), side="right") - 1


# --------------------------------------------------------------------------
# Table construction: pokerkit_teach/holdem/batch_tables.py
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------

def _column_views(flat: np.ndarray, n: int, k: int) -> list[tuple[np.ndarray, bool]]:
    """Strided views of a C-contiguous (n, k) uint8 buffer (given flat).

    Returns a list of (view, is_pair): uint16 little-endian views of the
    byte pairs (0,1), (2,3), ... and, for odd k, a uint8 view of the last
    column.  The views are unaligned; numpy handles that when casting.
    """
    views = []
    for o in range(0, k - 1, 2):
        views.append((np.ndarray((n,), dtype="<u2", buffer=flat, offset=o, strides=(k,)), True))
    if k % 2:
        views.append((np.ndarray((n,), dtype=np.uint8, buffer=flat, offset=k - 1, strides=(k,)), False))
    return views


def _describe_code(code: int) -> str:
    return f"{code} ({card_from_code(code).ascii})"


def _first_bad_code(block: np.ndarray, start: int) -> ValueError:
    bad = (block < 0) | (block > 51)
    row = int(np.flatnonzero(bad.any(axis=1))[0])
    value = int(block[row][bad[row]][0])
    return ValueError(f"row {start + row}: card code {value} is outside 0..51")


def _check_distinct(T: "Tables", cv: list[tuple[np.ndarray, bool]], acc_or: np.ndarray, acc_sum: np.ndarray,
                    tmp: np.ndarray, block: np.ndarray, start: int) -> None:
    """Raise ValueError naming the first row of this chunk that holds a card twice."""
    for j, (v, is_pair) in enumerate(cv):
        np.take(T.pair_bit if is_pair else T.card_bit, v, out=tmp if j else acc_or, mode="wrap")
        if j == 0:
            acc_sum[...] = acc_or
        else:
            np.bitwise_or(acc_or, tmp, out=acc_or)
            np.add(acc_sum, tmp, out=acc_sum)
    if np.array_equal(acc_or, acc_sum) and not (acc_or >> np.uint64(63)).any():
        return
    for row in np.flatnonzero((acc_or != acc_sum) | (acc_or >> np.uint64(63)).astype(bool)).tolist():
        values, counts = np.unique(block[row], return_counts=True)
        if (counts > 1).any():
            code = int(values[counts > 1][0])
            raise ValueError(f"row {start + row}: card {_describe_code(code)} appears twice")
    raise AssertionError("duplicate check disagrees with np.unique")  # pragma: no cover


def evaluate_batch(codes: "np.typing.ArrayLike", out: Optional[np.ndarray] = None,
                   chunk: int = DEFAULT_CHUNK, validate: bool = True) -> np.ndarray:
    """Strengths (int16, 1 = 7-5-4-3-2 high ... 7462 = royal flush) of many hands of card codes.

    ``codes`` is an integer array (or nested list) of shape (n, 5), (n, 6) or (n, 7); a code is
    ``4 x rank + suit`` (2c = 0 ... As = 51). C-contiguous uint8 input is read in place and is fastest;
    other integer types are converted chunk by chunk. ``out`` may be a preallocated int16 array (n,).

    With ``validate`` (the default) a wrong shape, a code outside 0..51 or a card twice in one row
    raises a ``ValueError`` naming the row. ``validate=False`` skips the range and duplicate checks for
    callers whose hands are distinct by construction (such as :func:`deal_batch`); bad input then
    gives wrong strengths instead of an error.

    >>> evaluate_batch([[51, 47, 43, 39, 35], [20, 13, 10, 7, 0]]).tolist()   # royal flush; 7-5-4-3-2
    [7462, 1]
    >>> evaluate_batch([[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    ValueError: row 0: card 3 (2s) appears twice
    """
    codes = np.asarray(codes)
    if codes.ndim != 2 or codes.shape[1] not in (5, 6, 7):
        raise ValueError(f"hands must be an array of shape (n, 5), (n, 6) or (n, 7), got shape {codes.shape}")
    if codes.dtype.kind not in "iu":
        raise ValueError(f"card codes must be whole numbers 0..51, got an array of {codes.dtype}")
    n, k = codes.shape
    if out is None:
        out = np.empty(n, dtype=np.int16)
    elif out.shape != (n,) or out.dtype != np.int16:
        raise ValueError(f"out must be an int16 array of shape ({n},)")
    if n == 0:
        return out
    T = build_tables(())
    tn = T.for_n(k)
    pair_key, card_key = T.pair_key, T.card_key
    mult, bshift, disp = tn["mult"], tn["bucket_shift"], tn["disp"]
    hmask, table, is_flush = tn["mask"], tn["table"], tn["is_flush"]
    pair_off, card_off = tn["pair_off"], tn["card_off"]
    suited_pair, suited_card, flush_strength = T.suited_pair, T.suited_card, T.flush_strength

    C = min(chunk, n)
    direct = codes.dtype == np.uint8 and codes.flags.c_contiguous
    signed = codes.dtype.kind == "i"
    if direct:
        views = _column_views(codes.reshape(-1), n, k)
    else:
        cbuf = np.empty((C, k), dtype=np.uint8)
        views = _column_views(cbuf.reshape(-1), C, k)
    nv = len(views)
    keys = np.empty((nv, C), dtype=np.uint32)
    s = np.empty(C, dtype=np.uint32)
    h = np.empty(C, dtype=np.uint32)
    a = np.empty(C, dtype=np.intp)
    fl = np.empty(C, dtype=bool)
    if validate:
        dup_or, dup_sum, dup_tmp = (np.empty(C, dtype=np.uint64) for _ in range(3))
    for start in range(0, n, C):
        stop = min(start + C, n)
        m = stop - start
        if m != C:   # last partial chunk: shrink buffers
            keys, s, h, a, fl = keys[:, :m], s[:m], h[:m], a[:m], fl[:m]
            if validate:
                dup_or, dup_sum, dup_tmp = dup_or[:m], dup_sum[:m], dup_tmp[:m]
        if validate:   # per chunk, while the chunk is cache-hot
            block = codes[start:stop]
            if block.max() > 51 or (signed and block.min() < 0):
                raise _first_bad_code(block, start)
        if direct:
            cv = [(v[start:stop], is_pair) for v, is_pair in views]
        else:
            cbuf[:m] = codes[start:stop]
            cv = [(v[:m], is_pair) for v, is_pair in views]
        if validate:
            _check_distinct(T, cv, dup_or, dup_sum, dup_tmp, codes[start:stop], start)
        # key sum s = sum of per-pair / per-card keys (uint32)
        for j, (v, is_pair) in enumerate(cv):
            np.take(pair_key if is_pair else card_key, v, out=keys[j], mode="wrap")
        np.add(keys[0], keys[1], out=s)
        for j in range(2, nv):
            np.add(s, keys[j], out=s)
        # non-flush: idx = (s + disp[(s * mult) >> bshift]) & hmask
        np.multiply(s, mult, out=h)
        np.right_shift(h, bshift, out=a)
        np.take(disp, a, out=h, mode="wrap")
        np.add(s, h, out=h)
        np.bitwise_and(h, hmask, out=a)
        o = out[start:stop]
        np.take(table, a, out=o, mode="wrap")
        # flush rows: flag from the suit signature (top byte), then the
        # suited-rank bitmask from the pair / card views -> flush strength
        np.right_shift(s, SIG_SHIFT, out=a)
        np.take(is_flush, a, out=fl, mode="wrap")
        fi = np.flatnonzero(fl)
        if fi.size:
            sig = a[fi]
            po, co = pair_off[sig], card_off[sig]
            mask = np.zeros(fi.size, dtype=np.uint16)
            for v, is_pair in cv:
                if is_pair:
                    mask += suited_pair.take(v[fi] + po)
                else:
                    mask += suited_card.take(v[fi] + co)
            o[fi] = flush_strength.take(mask)
    return out


# --------------------------------------------------------------------------
# Dealing
# --------------------------------------------------------------------------

def deal_batch(unseen: "np.typing.ArrayLike", k: int, n_deals: int, rng: np.random.Generator,
               chunk: int = 1 << 16) -> np.ndarray:
    """Sample n_deals ordered deals of k distinct cards from ``unseen``.

    Each row is an exactly uniform ordered k-sample without replacement from
    the given distinct card codes (0..51) -- the first k cards of a uniformly
    shuffled deck.  Returns a C-contiguous uint8 array (n_deals, k), directly
    usable by evaluate_batch.  Reproducible for a given Generator state.

    Method: partial Fisher-Yates on a virtual deck of positions 0..m-1,
    vectorized over rows without materializing decks.  Step j draws
    r_j ~ U[j, m) (``rng.integers``, exact) and swaps positions j and r_j, so
    the dealt position is the current content of r_j.  Only positions hit by
    earlier swaps differ from the identity, so with w_t = content of position
    t just before step t:
        dealt_j = w_t for the latest t < j with r_t == r_j, else r_j
        w_j     = w_t for the latest t < j with r_t == j,   else j
    i.e. O(k**2) branch-free uint8 compare/blend passes per chunk.  Positions
    are finally mapped to card codes with bytes.translate.
    """
    unseen = np.asarray(unseen).ravel()
    m = unseen.size
    if m == 0 or m > 52 or unseen.min() < 0 or unseen.max() > 51:
        raise ValueError("unseen must hold 1..52 card codes in 0..51")
    if np.unique(unseen).size != m:
        raise ValueError("unseen cards must be distinct")
    if not 0 <= k <= m:
        raise ValueError("k must be between 0 and the number of unseen cards")
    out = np.empty((n_deals, k), dtype=np.uint8)
    if n_deals == 0 or k == 0:
        return out
    lut = np.zeros(256, dtype=np.uint8)
    lut[:m] = unseen
    lut_b = lut.tobytes()
    C = min(chunk, n_deals)
    R = np.empty((k, C), dtype=np.uint8)     # swap targets r_j
    D = np.empty((k, C), dtype=np.uint8)     # dealt positions
    W = np.empty((k, C), dtype=np.uint8)     # w_j
    sel = np.empty(C, dtype=np.uint8)
    tmp = np.empty(C, dtype=np.uint8)

    def blend(dst: np.ndarray, src: np.ndarray) -> None:
        # dst = where(sel == 255, src, dst), sel in {0, 255}
        np.bitwise_xor(dst, src, out=tmp)
        np.bitwise_and(tmp, sel, out=tmp)
        np.bitwise_xor(dst, tmp, out=dst)

    for start in range(0, n_deals, C):
        stop = min(start + C, n_deals)
        c = stop - start
        if c != C:
            R, D, W, sel, tmp = R[:, :c], D[:, :c], W[:, :c], sel[:c], tmp[:c]
        for j in range(k):
            R[j] = rng.integers(j, m, size=c, dtype=np.uint16)
        for j in range(k):
            d = D[j]
            d[...] = R[j]
            for t in range(j):
                np.equal(R[t], R[j], out=sel)
                np.negative(sel, out=sel)          # 1 -> 255
                blend(d, W[t])
            if j < k - 1:
                w = W[j]
                w.fill(j)
                for t in range(j):
                    np.equal(R[t], j, out=sel)
                    np.negative(sel, out=sel)
                    blend(w, W[t])
        cards = np.frombuffer(D.tobytes().translate(lut_b), dtype=np.uint8).reshape(k, c)
        out[start:stop] = cards.T
    return out


def random_hands(n: int, k: int = 7, seed: int = 0) -> np.ndarray:
    """n random k-card hands from a full deck (uint8, distinct cards per row)."""
    return deal_batch(np.arange(52), k, n, np.random.default_rng(seed))
