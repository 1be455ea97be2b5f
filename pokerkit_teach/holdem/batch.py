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

import itertools
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterable, Optional, Tuple

import numpy as np

from pokerkit_teach.holdem.cards import card_from_code
import numpy.typing

__all__ = [
    "evaluate_batch",
    "deal_batch",
    "random_hands",
    "build_tables",
    "table_info",
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

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
SUIT_KEYS = (0, 1, 25, 32)
SIG_SHIFT = 24         # suit signature lives in the top byte (7 * 32 = 224 < 256)
# perfect-hash parameters per hand size: (table bits, bucket bits)
HASH_BITS = {5: (13, 10), 6: (15, 12), 7: (16, 13)}
HASH_MULTS = (0x9E3779B1, 0x85EBCA6B, 0xC2B2AE35, 0x27D4EB2F, 0x165667B1)
# The displacements the perfect-hash search finds, stored with the package (store_hash() writes them):
# loading them and checking that every key gets its own slot replaces a search of about 0.7 s.
STORED_HASH = Path(__file__).with_name("batch_hash.npz")
PAIR_SPAN = 52 * 256   # pair index c0 | c1 << 8 < 52 * 256
DEFAULT_CHUNK = 16384


def category_of(strength: "np.typing.ArrayLike") -> np.ndarray:
    """Category index 0..8 (see CATEGORIES) for strength value(s)."""
    return np.searchsorted(np.asarray(CATEGORY_START), np.asarray(strength), side="right") - 1


# --------------------------------------------------------------------------
# Table construction
# --------------------------------------------------------------------------

def _score5(ranks: Tuple[int, ...], flush: bool) -> int:
    """Order-preserving integer score of a 5-card hand given its ranks.

    score = category * 16**5 + tiebreak digits (ranks grouped by count, then
    by rank, both descending).  Plain categorical logic, used on the 7,462
    classes only.
    """
    cnt = {r: ranks.count(r) for r in set(ranks)}
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    digits = [r for r, _ in groups]
    shape = sorted(cnt.values(), reverse=True)
    straight_top = -1
    if len(cnt) == 5:
        rs = sorted(cnt)
        if rs[4] - rs[0] == 4:
            straight_top = rs[4]
        elif rs == [0, 1, 2, 3, 12]:
            straight_top = 3          # wheel: 5-high
    if straight_top >= 0:
        cat, digits = (8 if flush else 4), [straight_top]
    elif flush:
        cat = 5
    elif shape == [4, 1]:
        cat = 7
    elif shape == [3, 2]:
        cat = 6
    elif shape == [3, 1, 1]:
        cat = 3
    elif shape == [2, 2, 1]:
        cat = 2
    elif shape == [2, 1, 1, 1]:
        cat = 1
    else:
        cat = 0
    digits = digits + [0] * (5 - len(digits))
    sc = cat
    for d in digits:
        sc = sc * 16 + d
    return sc


def _multisets(n: int) -> np.ndarray:
    """All sorted rank tuples of length n with each rank at most 4 times."""
    t = np.array(list(itertools.combinations_with_replacement(range(13), n)), dtype=np.int64)
    five_same = (t[:, 4:] == t[:, :-4]).any(axis=1) if n >= 5 else np.zeros(len(t), bool)
    result: np.ndarray = t[~five_same]
    return result


class _Tables:
    """Lazily built lookup tables (one instance per process)."""

    def __init__(self) -> None:
        t0 = time.perf_counter()
        rk = np.array(RANK_KEYS, dtype=np.int64)
        sk = np.array(SUIT_KEYS, dtype=np.int64)
        codes = np.arange(52)
        key = (sk[codes & 3] << SIG_SHIFT) + rk[codes >> 2]
        self.card_key = key.astype(np.uint32)
        # Pair table indexed by c0 | c1 << 8 (c0, c1 in 0..51).
        # (All sums stay < 2**32: R <= 7,825,759 < 2**24, signature <= 224.)
        c0, c1 = np.meshgrid(codes, codes, indexing="xy")
        pair = np.zeros(PAIR_SPAN, dtype=np.uint32)
        pair[(c0 | (c1 << 8)).ravel()] = (key[c0] + key[c1]).ravel().astype(np.uint32)
        self.pair_key = pair

        # ---- 7,462 classes: non-flush rank multisets of 5 + 1,287 flush sets
        ms5 = _multisets(5)
        nf_scores = np.array([_score5(tuple(t), False) for t in ms5.tolist()], dtype=np.int64)
        distinct5 = np.array([t for t in itertools.combinations(range(13), 5)], dtype=np.int64)
        fl_scores = np.array([_score5(tuple(t), True) for t in distinct5.tolist()], dtype=np.int64)
        all_scores = np.unique(np.concatenate([nf_scores, fl_scores]))
        assert all_scores.size == 7462, all_scores.size
        self.class_scores = all_scores
        # strength of a sorted 5-rank tuple, indexed by base-13 code
        pow13 = 13 ** np.arange(5, dtype=np.int64)
        self.nf5_strength = np.zeros(13 ** 5, dtype=np.int16)
        self.nf5_strength[ms5 @ pow13] = np.searchsorted(all_scores, nf_scores) + 1

        # ---- flush table: suited-rank bitmask (13 bits) -> strength
        fl_strength = (np.searchsorted(all_scores, fl_scores) + 1).astype(np.int16)
        masks = (1 << distinct5).sum(axis=1)
        best = np.zeros(8192, dtype=np.int16)
        best5 = np.zeros(8192, dtype=np.int16)
        best5[masks] = fl_strength
        # best flush of a mask with >= 5 bits = max over its 5-bit submasks
        allm = np.arange(8192)
        pc = np.bitwise_count(allm.astype(np.uint16)).astype(np.int64)
        # for each mask with 5..7 bits: max over its 5-bit submasks
        bits = (allm[:, None] >> np.arange(13)) & 1
        for p in (5, 6, 7):
            sel = allm[pc == p]
            pos = np.argsort(-bits[sel], axis=1, kind="stable")[:, :p]  # set bit positions
            sub = np.array(list(itertools.combinations(range(p), 5)), dtype=np.int64)
            subm = (1 << pos[:, sub]).sum(axis=2)            # (m, C(p,5))
            best[sel] = best5[subm].max(axis=1)
        self.flush_strength = best
        # suited-rank bits of a pair / single card, for flush rows:
        # suited_pair[suit * PAIR_SPAN + (c0 | c1 << 8)], suited_card[suit * 64 + c]
        bit = 1 << (codes >> 2)
        csuit = codes & 3
        sp = np.zeros(4 * PAIR_SPAN, dtype=np.uint16)
        sc = np.zeros(4 * 64, dtype=np.uint16)
        for s in range(4):
            b1 = np.where(csuit == s, bit, 0)
            sp[s * PAIR_SPAN + (c0 | (c1 << 8)).ravel()] = (b1[c0] | b1[c1]).ravel()
            sc[s * 64 + codes] = b1
        self.suited_pair, self.suited_card = sp, sc
        # Duplicate detection: the 52-bit card mask of a pair of codes (bit 63 marks a card paired with
        # itself); summing and or-ing the masks of a row agree exactly when its cards are distinct.
        card_bit = np.uint64(1) << codes.astype(np.uint64)
        self.card_bit = card_bit
        pair_bit = np.zeros(PAIR_SPAN, dtype=np.uint64)
        p0, p1 = c0.ravel(), c1.ravel()
        pair_bit[p0 | (p1 << 8)] = card_bit[p0] | card_bit[p1]
        pair_bit[(p0 | (p1 << 8))[p0 == p1]] = np.uint64(1) << np.uint64(63)
        self.pair_bit = pair_bit
        self.per_n: Dict[int, Dict[str, Any]] = {}
        self.base_build_s = time.perf_counter() - t0
        self.build_s: Dict[int, float] = {}
        self.hash_source: Dict[int, str] = {}

    def rank_keys(self, n: int) -> Tuple[np.ndarray, np.ndarray]:
        """The rank key of every non-flush n-card rank multiset and the strength of its best five."""
        ms = _multisets(n)
        combos = np.array(list(itertools.combinations(range(n), 5)), dtype=np.int64)
        strength = self.nf5_strength[ms[:, combos] @ (13 ** np.arange(5, dtype=np.int64))].max(axis=1)
        R = np.array(RANK_KEYS, dtype=np.int64)[ms].sum(axis=1)
        assert np.unique(R).size == R.size, "rank keys not distinct"
        return R, strength.astype(np.int16)

    # ------------------------------------------------------------------
    def for_n(self, n: int) -> Dict[str, Any]:
        """Tables for hands of exactly n cards (5, 6 or 7), built lazily (once, whichever thread asks
        first; the others wait for it)."""
        d = self.per_n.get(n)
        if d is not None:
            return d
        if n not in (5, 6, 7):
            raise ValueError("hands must have 5, 6 or 7 cards")
        with _BUILD_LOCK:
            return self.per_n.get(n) or self._build_n(n)

    def _build_n(self, n: int) -> Dict[str, Any]:
        t0 = time.perf_counter()
        R, strength = self.rank_keys(n)
        found = _stored_hash(n, R, strength)
        self.hash_source[n] = "stored" if found else "searched"
        mult, disp, table = found or _perfect_hash(R, strength, *HASH_BITS[n])
        # flush detection from the suit signature
        fsuit = np.full(256, -1, dtype=np.int8)
        for combo in itertools.combinations_with_replacement(range(4), n):
            sig = sum(SUIT_KEYS[x] for x in combo)
            f = [x for x in range(4) if combo.count(x) >= 5]
            want = f[0] if f else -1
            assert fsuit[sig] in (-1, want)
            if f:
                fsuit[sig] = want
        # verify no non-flush signature collides with a flush one
        for combo in itertools.combinations_with_replacement(range(4), n):
            sig = sum(SUIT_KEYS[x] for x in combo)
            if not any(combo.count(x) >= 5 for x in range(4)):
                assert fsuit[sig] == -1
        tbits, bbits = HASH_BITS[n]
        d = dict(
            mult=mult,                      # bucket multiplier (multiple of 256)
            bucket_shift=32 - bbits,
            disp=disp,                      # uint32 displacement per bucket
            mask=(1 << tbits) - 1,
            table=table,                    # int16 non-flush strengths
            flush_suit=fsuit,               # int8 suit or -1, by suit signature
            is_flush=fsuit >= 0,            # bool, by suit signature
            pair_off=np.where(fsuit >= 0, fsuit.astype(np.intp) * PAIR_SPAN, 0),
            card_off=np.where(fsuit >= 0, fsuit.astype(np.intp) * 64, 0),
        )
        self.per_n[n] = d
        self.build_s[n] = time.perf_counter() - t0
        return d


def _bucket(R: np.ndarray, mult: int, bbits: int) -> np.ndarray:
    """Bucket of key R exactly as computed at lookup time (uint32 wrap)."""
    return (((R.astype(np.uint64) * np.uint64(mult)) & np.uint64(0xFFFFFFFF))
            >> np.uint64(32 - bbits)).astype(np.int64)


def _perfect_hash(R: np.ndarray, vals: np.ndarray, tbits: int, bbits: int,
                  batch: int = 1024) -> Tuple[int, np.ndarray, np.ndarray]:
    """Hash-and-displace perfect hash of distinct keys R (< 2**24).

    Lookup: ``idx = (R + disp[bucket(R)]) & (2**tbits - 1)`` with
    ``bucket(R) = (R * mult mod 2**32) >> (32 - bbits)``.  Buckets are placed
    largest first; for each, a vectorized scan over candidate displacements
    picks the first one whose slots are all free.  Singleton buckets fill the
    remaining holes in one vectorized step.
    Returns (mult, disp as uint32, table as int16).
    """
    size = 1 << tbits
    mask = size - 1
    cand = np.arange(size, dtype=np.int64)
    for m0 in HASH_MULTS:
        mult = (m0 << 8) & 0xFFFFFFFF          # multiple of 256: ignores the signature byte
        h = _bucket(R, mult, bbits)
        order = np.argsort(h, kind="stable")
        Rs, vs = R[order], vals[order]
        starts = np.searchsorted(h[order], np.arange((1 << bbits) + 1))
        sizes = np.diff(starts)
        occ = np.zeros(size, dtype=bool)
        disp = np.zeros(1 << bbits, dtype=np.int64)
        by_size = np.argsort(-sizes, kind="stable")
        ok = True
        for bk in by_size[sizes[by_size] >= 2].tolist():
            r = Rs[starts[bk]:starts[bk + 1]]
            if np.unique(r & mask).size != r.size:
                ok = False
                break
            for lo in range(0, size, batch):
                free = np.flatnonzero(~occ[(r[:, None] + cand[None, lo:lo + batch]) & mask].any(axis=0))
                if free.size:
                    d = lo + int(free[0])
                    break
            else:
                ok = False
                break
            occ[(r + d) & mask] = True
            disp[bk] = d
        if not ok:
            continue
        single = by_size[sizes[by_size] == 1]
        holes = np.flatnonzero(~occ)[:single.size]
        disp[single] = (holes - Rs[starts[single]]) & mask
        table = np.zeros(size, dtype=np.int16)
        idx = (Rs + disp[_bucket(Rs, mult, bbits)]) & mask
        table[idx] = vs
        assert np.unique(idx).size == idx.size
        return mult, disp.astype(np.uint32), table
    raise RuntimeError("perfect hash construction failed")


def _stored_hash(n: int, R: np.ndarray, vals: np.ndarray) -> Optional[Tuple[int, np.ndarray, np.ndarray]]:
    """The perfect hash for n-card hands from :data:`STORED_HASH`, or None if it is missing, has another
    shape, or does not give every key its own slot (then the search runs). With distinct slots every
    lookup of a valid key finds its own strength, so a stored file can never make an answer wrong."""
    tbits, bbits = HASH_BITS[n]
    try:
        with np.load(STORED_HASH) as data:
            mult, disp = int(data[f"mult{n}"]), data[f"disp{n}"].astype(np.int64)
    except (OSError, KeyError, ValueError):
        return None
    if disp.shape != (1 << bbits,) or not 0 <= mult < 2**32:
        return None
    idx = (R + disp[_bucket(R, mult, bbits)]) & ((1 << tbits) - 1)
    if np.unique(idx).size != idx.size:
        return None
    table = np.zeros(1 << tbits, dtype=np.int16)
    table[idx] = vals
    return mult, disp.astype(np.uint32), table


def searched_hashes() -> Dict[str, np.ndarray]:
    """The perfect hashes for 5, 6 and 7 cards as the search finds them (what :func:`store_hash` saves)."""
    base = build_tables(())
    found: Dict[str, np.ndarray] = {}
    for n in (5, 6, 7):
        mult, disp, _ = _perfect_hash(*base.rank_keys(n), *HASH_BITS[n])
        found[f"mult{n}"], found[f"disp{n}"] = np.array(mult, dtype=np.uint64), disp
    return found


def store_hash(path: Path = STORED_HASH) -> Path:
    """Write the searched perfect hashes to ``path`` (``python -m pokerkit_teach.holdem.batch``)."""
    np.savez_compressed(path, allow_pickle=False, **searched_hashes())
    return path


_TABLES: Optional[_Tables] = None
_BUILD_LOCK = threading.RLock()  # tables may be built in a background thread (see widgets.table)


def build_tables(ns: Iterable[int] = (5, 6, 7)) -> _Tables:
    """Build (if needed) and return the tables; normally done lazily. Safe to call from several threads:
    each table is built once."""
    global _TABLES
    tables = _TABLES
    if tables is None:
        with _BUILD_LOCK:
            if _TABLES is None:
                _TABLES = _Tables()
            tables = _TABLES
    for n in ns:
        tables.for_n(n)
    return tables


def table_info() -> Dict[str, Any]:
    """Sizes (bytes) of the built tables and build times (s)."""
    t = build_tables(())
    info = {
        "pair_key": t.pair_key.nbytes,
        "flush_strength": t.flush_strength.nbytes,
        "suited_pair": t.suited_pair.nbytes,
        "suited_card": t.suited_card.nbytes,
        "base_build_s": t.base_build_s,
        "nf5_strength_build_helper": t.nf5_strength.nbytes,
    }
    for n, d in sorted(t.per_n.items()):
        info[f"n{n}_table_entries"] = d["table"].size
        info[f"n{n}_bytes"] = (d["table"].nbytes + d["disp"].nbytes + d["flush_suit"].nbytes
                               + d["is_flush"].nbytes + d["pair_off"].nbytes + d["card_off"].nbytes)
        info[f"n{n}_build_s"] = t.build_s[n]
    return info


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


def _check_distinct(T: "_Tables", cv: list[tuple[np.ndarray, bool]], acc_or: np.ndarray, acc_sum: np.ndarray,
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


if __name__ == "__main__":  # python -m pokerkit_teach.holdem.batch: store the perfect hashes with the package
    print(f"wrote {store_hash()}")
