"""Hold'em hand ranking against independently known answers.

The vectors in tests/data were agreed by four evaluators; pokerkit is a fifth, independent oracle here.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach import Category, best_hand, cards_from_codes, compare_hands, hand_strength, parse_cards
from pokerkit_teach.holdem.ranking import STRENGTH_COUNT, class_of_strength, strength_from_codes


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_every_vector_has_the_agreed_category_and_strength(data: Path) -> None:
    vectors = _lines(data / "vectors.jsonl")
    assert len(vectors) > 1000
    wrong = []
    for line in vectors:
        result = best_hand(line["cards"])
        if (result.category.key_name, result.strength) != (line["category"], line["strength"]):
            wrong.append((line, result.category.key_name, result.strength))
    assert wrong == []


def test_every_pair_has_the_agreed_winner(data: Path) -> None:
    pairs = _lines(data / "pairs.jsonl")
    assert len(pairs) > 500
    wrong = [p for p in pairs if compare_hands(p["a"], p["b"]).winner != p["result"]]
    assert wrong == []


_POKERKIT_LABELS = {
    "High card": Category.HIGH_CARD,
    "One pair": Category.PAIR,
    "Two pair": Category.TWO_PAIR,
    "Three of a kind": Category.THREE_OF_A_KIND,
    "Straight": Category.STRAIGHT,
    "Flush": Category.FLUSH,
    "Full house": Category.FULL_HOUSE,
    "Four of a kind": Category.FOUR_OF_A_KIND,
    "Straight flush": Category.STRAIGHT_FLUSH,
}


def test_agrees_with_pokerkit_on_20000_random_hands() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    rng = np.random.default_rng(20261130)
    checked = 0
    for size in (5, 6, 7):
        count = {5: 4000, 6: 4000, 7: 12000}[size]
        for codes in (rng.permutation(52)[:size] for _ in range(count)):
            cards = cards_from_codes(codes.tolist())
            ours = best_hand(cards)
            text = "".join(card.ascii for card in cards)
            theirs = pokerkit.StandardHighHand.from_game(text)
            # pokerkit numbers its 7,462 classes from 0 in the same order, weakest first.
            assert (ours.strength, ours.category) == (
                theirs.entry.index + 1,
                _POKERKIT_LABELS[theirs.entry.label.value],
            ), text
            checked += 1
    assert checked == 20000


def test_strength_covers_7462_classes_from_worst_to_royal_flush() -> None:
    assert STRENGTH_COUNT == 7462
    assert hand_strength("7c 5d 4h 3s 2c") == 1
    assert hand_strength("Ah Kh Qh Jh Th") == 7462
    counts = {c: 0 for c in Category}
    for strength in range(1, 7463):
        counts[class_of_strength(strength)[0]] += 1
    assert list(counts.values()) == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


@pytest.mark.parametrize(
    "higher, lower",
    [
        ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"),  # 6-high straight beats the wheel
        ("Ac 2d 3h 4s 5c", "Ac Ad Ah Kc Qd"),  # the wheel still beats three of a kind
        ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),
        ("2h 3h 4h 5h 7h", "Ac Kd Qh Js Tc"),  # any flush beats any straight
        ("Ac Ad 2h 2s 3c", "Kc Kd Qh Qs Jc"),  # two pair: the higher pair first
        ("Kc Kd Qh Qs 3c", "Kh Ks Jh Jd Ac"),
        ("Kc Kd Qh Qs 4c", "Kh Ks Qc Qd 3c"),  # then the side card
        ("3c 3d 3h 2s 2c", "2h 2d 2s Ac Ad"),  # full house: the three count first
        ("9c 9d 9h 9s 3c", "8c 8d 8h 8s Ac"),
        ("Ah Kh Qh Jh 9h", "Ac Kd Qc Jc 8c"),  # flush compares card by card (9 vs 8 last)
        ("5c 4c 3c 2c Ac", "Kc Kd Kh Ks Qc"),  # steel wheel beats four of a kind
    ],
)
def test_hand_made_orderings(higher: str, lower: str) -> None:
    assert best_hand(higher) > best_hand(lower)


def test_suits_never_break_ties() -> None:
    assert best_hand("Ac Kd Qh Js 9c") == best_hand("As Kh Qd Jc 9s")
    # a 7-card hand whose best five is on the board ties with any hand that also plays the board
    assert best_hand("2c 3d Ah Kh Qh Jh Th") == best_hand("4c 5d Ah Kh Qh Jh Th")


def test_kickers_beyond_five_cards_do_not_count() -> None:
    assert best_hand("Ac Ad Kh Qs Jc 3d 2h") == best_hand("Ah As Kd Qc Jd 4c 2c")


def test_best_five_and_left_out_partition_the_cards() -> None:
    result = best_hand("Kh Ks Kd 7c 7d 7h 2s")  # two trips: Kings full of 7s
    assert result.category is Category.FULL_HOUSE
    assert [c.rank.value for c in result.best_five] == [13, 13, 13, 7, 7]
    assert len(result.left_out) == 2 and set(result.best_five) | set(result.left_out) == set(result.cards)
    flush = best_hand("2h 9h Kh 4h 6h Ah 7c")
    assert all(c.suit.letter == "h" for c in flush.best_five)
    assert [c.rank.value for c in flush.best_five] == [14, 13, 9, 6, 4]
    wheel = best_hand("As 2d 3c 4h 5s 9d 9c")
    assert [str(c) for c in wheel.best_five] == ["5♠", "4♥", "3♣", "2♦", "A♠"]


def test_hand_result_exposes_key_and_renders_in_english_and_german() -> None:
    from pokerkit_teach.holdem.render import hand_result_html

    result = best_hand("Qd Ts Qc 8h 8s 5d 3c")
    assert result.category.key_name == "two_pair"
    assert [r.value for r in result.key] == [12, 8, 10]
    assert "two pair, Queens and 8s" in result._repr_html_()
    assert "zwei Paare, Damen und Achten" in hand_result_html(result, "de")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True), st.permutations([0, 1, 2, 3]), st.randoms())
def test_strength_ignores_card_order_and_suit_names(codes: list[int], suit_map: list[int], random) -> None:
    strength = strength_from_codes(codes)
    shuffled = list(codes)
    random.shuffle(shuffled)
    relabelled = [code - code % 4 + suit_map[code % 4] for code in codes]
    assert strength_from_codes(shuffled) == strength == strength_from_codes(relabelled)
    result = best_hand(cards_from_codes(codes))
    assert hand_strength(result.best_five) == strength


def test_strength_from_codes_matches_parsed_cards() -> None:
    assert strength_from_codes([c.code for c in parse_cards("As Ks Qs Js Ts")]) == 7462
