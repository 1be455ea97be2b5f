"""pokerkit_teach.core.probability against exhaustive enumeration (every hand, every sequence of deals,
every order) and against simulation (100,000 draws, with a fixed seed, inside the 99% interval)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from pokerkit_teach.core.probability import (
    KINDS, binomial, expected_count, first_to, five_card_counts, five_card_probabilities, games_to_tell_apart,
    hypergeometric, most_deals, order_success, random_order_success, standard_error, tie_groups,
)
from pokerkit_teach.core.simulate import wilson_interval

Z99 = 2.5758


def classify(ranks: np.ndarray, suits: np.ndarray, top: int, ace_low: bool = True) -> np.ndarray:
    """The kind of each five-card hand (rows), by counting, written apart from the module's formulas:
    an index into KINDS. ``top`` is the highest rank (the Ace); ranks run from 0."""
    ranks = np.sort(ranks, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(top + 1)], axis=1)
    most = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    distinct = most == 1
    run = distinct & (ranks[:, 4] - ranks[:, 0] == 4)
    wheel = distinct & (ranks == np.array([0, 1, 2, 3, top])).all(axis=1) if ace_low and top >= 4 else np.zeros(len(ranks), bool)
    straight = run | wheel
    kind = np.full(len(ranks), KINDS.index("high_card"))
    kind[pairs == 1] = KINDS.index("pair")
    kind[pairs == 2] = KINDS.index("two_pair")
    kind[(most == 3) & (pairs == 0)] = KINDS.index("three_of_a_kind")
    kind[straight & ~flush] = KINDS.index("straight")
    kind[flush & ~straight] = KINDS.index("flush")
    kind[(most == 3) & (pairs == 1)] = KINDS.index("full_house")
    kind[most == 4] = KINDS.index("four_of_a_kind")
    kind[straight & flush] = KINDS.index("straight_flush")
    kind[most == 5] = KINDS.index("five_of_a_kind")
    return kind


def enumerate_counts(ranks: int, suits: int, ace_low: bool = True) -> dict[str, int]:
    cards = ranks * suits
    combos = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(cards), 5)), dtype=np.int16,
                         count=5 * math.comb(cards, 5)).reshape(-1, 5)
    kinds = classify(combos // suits, combos % suits, ranks - 1, ace_low)
    found = np.bincount(kinds, minlength=len(KINDS))
    return {kind: int(found[i]) for i, kind in enumerate(KINDS)}


@pytest.mark.parametrize("ranks,suits", [(5, 4), (6, 3), (6, 5), (7, 4), (7, 6), (8, 5), (9, 2)])
def test_five_card_counts_equal_every_hand_counted_small_decks(ranks: int, suits: int) -> None:
    for ace_low in (True, False):
        assert five_card_counts(ranks, suits, ace_low) == enumerate_counts(ranks, suits, ace_low)


def test_the_52_card_deck_matches_the_published_table() -> None:
    """The well-known counts of five-card poker hands (2,598,960 in all)."""
    assert five_card_counts() == {
        "five_of_a_kind": 0, "straight_flush": 40, "four_of_a_kind": 624, "full_house": 3744, "flush": 5108,
        "straight": 10200, "three_of_a_kind": 54912, "two_pair": 123552, "pair": 1098240, "high_card": 1302540,
    }


@pytest.mark.slow
@pytest.mark.parametrize("suits", [4, 5])
def test_five_card_counts_equal_every_hand_counted_13_ranks(suits: int) -> None:
    """Every hand of the 52-card deck and of the 65-card deck (13 ranks, five suits: a four-player Póker a
    Voces deck without its special cards) classified one by one."""
    assert five_card_counts(13, suits) == enumerate_counts(13, suits)


@pytest.mark.parametrize("suits", [6, 7])
def test_bigger_decks_agree_with_100000_simulated_hands(suits: int) -> None:
    """Decks too big to list (C(91, 5) = 43,949,268 hands for seven suits): 100,000 random hands."""
    rng = np.random.default_rng(suits)
    cards = 13 * suits
    hands = np.argsort(rng.random((100_000, cards)), axis=1)[:, :5]
    kinds = np.bincount(classify(hands // suits, hands % suits, 12), minlength=len(KINDS))
    for i, (kind, chance) in enumerate(five_card_probabilities(13, suits).items()):
        low, high = wilson_interval(int(kinds[i]), 100_000, Z99)
        assert low <= float(chance) <= high, (kind, float(chance), low, high)


def test_with_five_suits_the_order_of_rarity_turns() -> None:
    four, five = five_card_counts(), five_card_counts(suits=5)
    assert four["flush"] > four["full_house"] and five["flush"] < five["full_house"]
    assert five["four_of_a_kind"] < five["flush"] and five["five_of_a_kind"] == 13


def test_first_to_equals_every_sequence_of_deals_counted() -> None:
    p = Fraction(2, 7)
    for successes, failures in [(3, 3), (3, 4), (1, 1), (2, 5)]:
        length = most_deals(successes, failures)
        won = Fraction(0)
        for deals in itertools.product((True, False), repeat=length):  # play every sequence to its end
            wins = losses = 0
            chance = Fraction(1)
            for deal in deals:
                chance *= p if deal else 1 - p
                wins, losses = wins + deal, losses + (not deal)
                if wins == successes or losses == failures:
                    break
            if wins == successes:
                won += chance / (2 ** (length - wins - losses))  # the rest of the sequence is any
        assert first_to(successes, failures, p) == won


def test_first_to_is_p_cubed_times_1_3q_6q2_and_agrees_with_100000_games() -> None:
    p = Fraction(34, 100)
    q = 1 - p
    assert first_to(3, 3, p) == p ** 3 * (1 + 3 * q + 6 * q * q)
    rng = np.random.default_rng(3)
    deals = rng.random((100_000, 5)) < float(p)
    successes = np.cumsum(deals, axis=1)
    failures = np.cumsum(~deals, axis=1)
    third_success = np.where(successes >= 3, np.arange(5), 99).min(axis=1)
    third_failure = np.where(failures >= 3, np.arange(5), 99).min(axis=1)
    won = int((third_success < third_failure).sum())
    low, high = wilson_interval(won, 100_000, Z99)
    assert low <= float(first_to(3, 3, p)) <= high
    with pytest.raises(ValueError, match="between 0 and 1"):
        first_to(3, 3, 1.5)


def test_order_success_equals_every_order_counted() -> None:
    for strengths in ([3, 2, 1], [2, 2, 1], [4, 4, 4, 1], [5, 3, 3, 1, 1], [1, 2, 3, 4]):
        groups = tie_groups(strengths)
        accepted = 0
        orders = list(itertools.permutations(range(len(strengths))))
        for order in orders:  # players in the order of their tokens, highest first
            seen = [strengths[player] for player in order]
            accepted += all(a >= b for a, b in itertools.pairwise(seen))
        assert order_success(groups) == Fraction(accepted, len(orders))
    assert random_order_success(3) == Fraction(1, 6)


def test_hypergeometric_and_expected_count_equal_every_deal_counted() -> None:
    deck, of_kind, drawn = 12, 4, 5
    tally = [0] * (drawn + 1)
    for hand in itertools.combinations(range(deck), drawn):
        tally[sum(card < of_kind for card in hand)] += 1
    total = math.comb(deck, drawn)
    assert [hypergeometric(k, drawn, of_kind, deck) for k in range(drawn + 1)] == [Fraction(t, total) for t in tally]
    mean = sum(Fraction(k * t, total) for k, t in enumerate(tally))
    assert expected_count(drawn, of_kind, deck) == mean


def test_colour_count_on_a_pokerguess_table_agrees_with_100000_deals() -> None:
    """13 cards from the 54: how many of one colour (6 cards each), on average and exactly 0."""
    rng = np.random.default_rng(5)
    tables = np.argsort(rng.random((100_000, 54)), axis=1)[:, :13]
    counts = (tables < 6).sum(axis=1)
    se = counts.std() / math.sqrt(len(counts))
    assert abs(counts.mean() - float(expected_count(13, 6, 54))) < Z99 * se
    low, high = wilson_interval(int((counts == 0).sum()), 100_000, Z99)
    assert low <= float(hypergeometric(0, 13, 6, 54)) <= high


def test_binomial_standard_error_and_games_needed() -> None:
    assert sum(binomial(k, 5, Fraction(1, 3)) for k in range(6)) == 1
    assert binomial(6, 5, 0.5) == 0.0
    assert standard_error(0.5, 2000) == pytest.approx(2 * standard_error(0.5, 8000))
    n = games_to_tell_apart(0.22, 0.33)
    # At that many games a difference of 11 points is about 2.8 standard errors of the difference.
    se_difference = math.sqrt(0.22 * 0.78 / n + 0.33 * 0.67 / n)
    assert 2.7 < 0.11 / se_difference < 2.9
    with pytest.raises(ValueError):
        games_to_tell_apart(0.3, 0.3)
