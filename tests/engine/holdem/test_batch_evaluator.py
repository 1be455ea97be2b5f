"""The numpy batch evaluator: exact against the single-hand evaluator (itself checked against the shared
vectors and pokerkit), input checks that name the row, and batch dealing."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerkit_teach.holdem.batch import deal_batch, evaluate_batch, random_hands
from pokerkit_teach.holdem.batch_tables import table_info
from pokerkit_teach.holdem.cards import codes_from_cards
from pokerkit_teach.holdem.ranking import strength_from_codes


@pytest.mark.slow
def test_equals_the_single_hand_evaluator_on_all_2598960_five_card_hands() -> None:
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.uint8)
    assert len(hands) == 2_598_960
    batch = evaluate_batch(hands)
    single = np.fromiter((strength_from_codes(row) for row in hands.tolist()), dtype=np.int16, count=len(hands))
    assert np.array_equal(batch, single)
    # every one of the 7,462 classes occurs, with the textbook counts per category
    assert np.unique(batch).size == 7462
    counts = np.bincount(batch, minlength=7463)
    assert counts[7462] == 4 and counts[1] == 1020  # royal flushes; 7-5-4-3-2 offsuit


def test_equals_every_shared_vector(data: Path) -> None:
    lines = [json.loads(line) for line in (data / "vectors.jsonl").read_text().splitlines() if line.strip()]
    codes = np.array([codes_from_cards(line["cards"]) for line in lines])
    expected = np.array([line["strength"] for line in lines])
    assert np.array_equal(evaluate_batch(codes), expected)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_equals_the_single_hand_evaluator_on_random_hands(size: int) -> None:
    hands = random_hands(100_000, size, seed=size)
    expected = [strength_from_codes(row) for row in hands.tolist()]
    assert evaluate_batch(hands).tolist() == expected
    # other integer types, layouts and chunk sizes give the same answers
    assert evaluate_batch(hands.astype(np.int64)[:, ::-1], chunk=1000).tolist() == expected
    assert evaluate_batch(np.asfortranarray(hands)).tolist() == expected
    assert evaluate_batch(hands.tolist()[:10]).tolist() == expected[:10]
    out = np.empty(len(hands), dtype=np.int16)
    assert evaluate_batch(hands, out=out) is out


@pytest.mark.parametrize(
    "hands, message",
    [
        ([[0, 1, 2, 3]], r"shape \(n, 5\), \(n, 6\) or \(n, 7\), got shape \(1, 4\)"),
        ([0, 1, 2, 3, 4], r"got shape \(5,\)"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 52]], "row 1: card code 52 is outside 0..51"),
        ([[0, 1, 2, 3, 4], [5, -1, 7, 8, 9]], "row 1: card code -1 is outside 0..51"),
        ([[0, 1, 2, 3, 4], [9, 10, 11, 12, 13], [20, 30, 40, 50, 40]], r"row 2: card 40 \(Qc\) appears twice"),
        ([[0.0, 1, 2, 3, 4]], "whole numbers 0..51, got an array of float64"),
    ],
)
def test_bad_input_names_the_row(hands: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_batch(hands)  # type: ignore[arg-type]


def test_a_duplicate_far_into_a_large_batch_is_found() -> None:
    hands = random_hands(300_000, 7, seed=3)
    for first, second in ((0, 6), (0, 1), (2, 3), (4, 5), (5, 6)):  # across and within column pairs
        bad = hands.copy()
        bad[234_567, second] = bad[234_567, first]
        with pytest.raises(ValueError, match="row 234567: card"):
            evaluate_batch(bad)


def test_deal_batch_deals_distinct_unseen_cards_uniformly() -> None:
    unseen = np.setdiff1d(np.arange(52), [0, 13, 26, 39, 51])
    rng = np.random.default_rng(11)
    deals = deal_batch(unseen, 9, 200_000, rng)
    assert deals.shape == (200_000, 9)
    assert np.isin(deals, unseen).all()
    assert all(len(set(row)) == 9 for row in deals[:2000].tolist())
    sorted_rows = np.sort(deals, axis=1)
    assert (np.diff(sorted_rows, axis=1) > 0).all()
    # every card is equally likely in every position: a chi-square test per column
    for column in range(9):
        counts = np.bincount(deals[:, column], minlength=52)[unseen]
        expected = len(deals) / len(unseen)
        chi2 = ((counts - expected) ** 2 / expected).sum()
        assert chi2 < 90  # 46 degrees of freedom: p < 1e-4 above 90
    again = deal_batch(unseen, 9, 200_000, np.random.default_rng(11))
    assert np.array_equal(again, deals)  # the same seed deals the same cards


def test_deal_batch_refuses_impossible_requests() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError):
        deal_batch(np.arange(5), 6, 10, rng)
    with pytest.raises(ValueError):
        deal_batch([1, 1, 2], 2, 10, rng)


def test_tables_are_small_and_import_builds_nothing() -> None:
    info = table_info()
    assert sum(v for k, v in info.items() if k.endswith("bytes") or k in ("pair_key", "flush_strength", "suit_bits")) < 100 * 2**20
    probe = "import sys, pokerkit_teach; print('numpy' in sys.modules, 'pokerkit_teach.holdem.batch' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["False", "False"]
    probe = "import pokerkit_teach; print(pokerkit_teach.evaluate_batch([[51, 47, 43, 39, 35]]).tolist())"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip() == "[7462]"


def test_the_stored_perfect_hash_is_the_one_the_search_finds() -> None:
    from pokerkit_teach.holdem import batch_tables as batch

    with np.load(batch.STORED_HASH) as stored:
        assert sorted(stored.files) == sorted(batch.searched_hashes())
        for name, array in batch.searched_hashes().items():
            assert (stored[name] == array).all(), name
    assert batch.build_tables().hash_source == {5: "stored", 6: "stored", 7: "stored"}


def test_a_stored_hash_that_does_not_fit_the_keys_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pokerkit_teach.holdem import batch_tables as batch

    R, strength = batch.build_tables(()).rank_keys(5)
    with np.load(batch.STORED_HASH) as stored:
        good = {name: stored[name] for name in stored.files}
    assert batch._stored_hash(5, R, strength) is not None
    broken = tmp_path / "broken.npz"
    np.savez(broken, **(good | {"disp5": np.zeros_like(good["disp5"])}))  # every key in one slot per bucket
    monkeypatch.setattr(batch, "STORED_HASH", broken)
    assert batch._stored_hash(5, R, strength) is None
    monkeypatch.setattr(batch, "STORED_HASH", tmp_path / "missing.npz")
    assert batch._stored_hash(5, R, strength) is None


def test_tables_built_from_several_threads_are_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table app builds the tables in a background thread while a click may ask for them: every
    caller gets the same tables, each built once, and they rank as tables built alone do."""
    import threading

    from pokerkit_teach.holdem import batch_tables as batch

    expected = evaluate_batch(random_hands(2000, 7, seed=3))
    built: list[int] = []
    original = batch.Tables._build_n

    def counting(self: object, n: int) -> object:
        built.append(n)
        return original(self, n)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "_TABLES", None)
    monkeypatch.setattr(batch.Tables, "_build_n", counting)
    got: list[object] = []
    threads = [threading.Thread(target=lambda: got.append(batch.build_tables())) for _ in range(4)]
    for thread in threads:
        thread.start()
    ranked = evaluate_batch(random_hands(2000, 7, seed=3))
    for thread in threads:
        thread.join()
    assert len(got) == 4 and all(tables is got[0] for tables in got) and batch._TABLES is got[0]
    assert sorted(built) == [5, 6, 7]
    assert np.array_equal(ranked, expected)
