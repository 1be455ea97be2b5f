"""The batch evaluator's tables (:mod:`pokerkit_teach.holdem.batch`): the cards' additive keys, the strength of
every rank multiset and every flush, and the perfect hash that compresses the key sums, built once on first
use (well under a second) or read from the stored hash (``batch_hash.npz``). The design is in the
evaluator's module text.
"""

from __future__ import annotations

import itertools
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterable, Optional, Tuple

import numpy as np

__all__ = ["build_tables", "table_info", "searched_hashes", "store_hash", "RANK_KEYS", "SUIT_KEYS", "SIG_SHIFT", "PAIR_SPAN", "Tables"]


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


class Tables:
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
    """Write the searched perfect hashes to ``path`` (``python -m pokerkit_teach.holdem.batch_tables``)."""
    np.savez_compressed(path, allow_pickle=False, **searched_hashes())
    return path


_TABLES: Optional[Tables] = None
_BUILD_LOCK = threading.RLock()  # tables may be built in a background thread (see widgets.table)


def build_tables(ns: Iterable[int] = (5, 6, 7)) -> Tables:
    """Build (if needed) and return the tables; normally done lazily. Safe to call from several threads:
    each table is built once."""
    global _TABLES
    tables = _TABLES
    if tables is None:
        with _BUILD_LOCK:
            if _TABLES is None:
                _TABLES = Tables()
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


if __name__ == "__main__":  # python -m pokerkit_teach.holdem.batch_tables: store the perfect hashes with the package
    print(f"wrote {store_hash()}")
