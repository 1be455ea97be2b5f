"""Exact probabilities the lessons ask learners to predict and check against the kit.

Every answer is a :class:`fractions.Fraction` (exact; ``float(x)`` for a decimal), computed from counting
alone, for any deck of ``ranks`` x ``suits`` cards, so the same function answers for the 52-card Hold'em
deck and for a Póker a Voces deck of more suits. This module knows no game: a lesson passes a game's
numbers in (its deck, its number of successes and failures). The tests check each function against
exhaustive enumeration and against simulation.

Five-card hands of a 52-card deck:

>>> counts = five_card_counts()
>>> sum(counts.values()), counts["flush"], counts["full_house"]
(2598960, 5108, 3744)

With five suits of 13 (a four-player Póker a Voces deck without its special cards) the flush turns
rarer than the full house, and five of a kind appears:

>>> five = five_card_counts(suits=5)
>>> five["flush"] < five["full_house"], five["five_of_a_kind"]
(True, 13)

A game of Pokerface is won at three successes and lost at three failures:

>>> first_to(3, 3, Fraction(1, 2))
Fraction(1, 2)
>>> most_deals(3, 3)
5
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from statistics import NormalDist
from typing import Iterable, Sequence

__all__ = [
    "KINDS", "five_card_counts", "five_card_probabilities", "first_to", "most_deals", "order_success",
    "tie_groups", "random_order_success", "hypergeometric", "expected_count", "binomial", "standard_error",
    "games_to_tell_apart",
]

KINDS: tuple[str, ...] = (
    "five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
    "three_of_a_kind", "two_pair", "pair", "high_card",
)
"""The kinds of five-card hands, in poker's order from the highest (five of a kind needs five suits or a
wild card)."""


def _straights(ranks: int, ace_low: bool) -> int:
    """How many rank sequences make a straight: each run of five neighbours, and A-2-3-4-5 if it counts
    (with only five ranks that is the one run already counted)."""
    if ranks < 5:
        return 0
    return ranks - 4 + (1 if ace_low and ranks > 5 else 0)


def five_card_counts(ranks: int = 13, suits: int = 4, ace_low: bool = True) -> dict[str, int]:
    """How many five-card hands of each kind a deck of ``ranks`` x ``suits`` cards holds (every card once).

    A hand is counted once, under its highest kind: a straight flush is not also a flush or a straight.
    ``ace_low``: whether A-2-3-4-5 is a straight (Hold'em: yes). The counts add up to C(ranks x suits, 5).

    >>> five_card_counts()["straight"], five_card_counts(ace_low=False)["straight"]
    (10200, 9180)
    """
    if ranks < 1 or suits < 1:
        raise ValueError("a deck needs at least one rank and one suit")
    r, s, comb = ranks, suits, math.comb
    straights = _straights(r, ace_low)
    distinct = comb(r, 5)  # five different ranks
    one_suit, any_suits = s, s ** 5  # five cards of five different ranks: all in one suit, or any suits
    counts = {
        "five_of_a_kind": r * comb(s, 5),
        "straight_flush": straights * one_suit,
        "four_of_a_kind": r * comb(s, 4) * (r - 1) * s,
        "full_house": r * comb(s, 3) * (r - 1) * comb(s, 2),
        "flush": (distinct - straights) * one_suit,
        "straight": straights * (any_suits - one_suit),
        "three_of_a_kind": r * comb(s, 3) * comb(r - 1, 2) * s * s,
        "two_pair": comb(r, 2) * comb(s, 2) ** 2 * (r - 2) * s,
        "pair": r * comb(s, 2) * comb(r - 1, 3) * s ** 3,
        "high_card": (distinct - straights) * (any_suits - one_suit),
    }
    assert sum(counts.values()) == comb(r * s, 5)
    return counts


def five_card_probabilities(ranks: int = 13, suits: int = 4, ace_low: bool = True) -> dict[str, Fraction]:
    """The chance of each kind for five cards dealt from the deck: its count over C(ranks x suits, 5).

    >>> five_card_probabilities()["four_of_a_kind"]
    Fraction(1, 4165)
    """
    total = math.comb(ranks * suits, 5)
    return {kind: Fraction(count, total) for kind, count in five_card_counts(ranks, suits, ace_low).items()}


def first_to(successes: int, failures: int, p: Fraction | float) -> Fraction | float:
    """The chance that ``successes`` successes come before ``failures`` failures when each deal succeeds
    with chance ``p`` on its own: the sum over k < failures of C(successes - 1 + k, k) p^successes q^k
    (the last deal is a success, k failures came before it). For 3 and 3: p³(1 + 3q + 6q²).

    Exact for a Fraction ``p``.

    >>> first_to(3, 3, Fraction(1, 3))
    Fraction(17, 81)
    """
    if successes < 1 or failures < 1:
        raise ValueError("a game needs at least one success to win and one failure to lose")
    if not 0 <= p <= 1:
        raise ValueError(f"a chance lies between 0 and 1, not {p}")
    q = 1 - p
    return sum((math.comb(successes - 1 + k, k) * p ** successes * q ** k for k in range(failures)),
               Fraction(0) if isinstance(p, Fraction) else 0.0)


def most_deals(successes: int, failures: int) -> int:
    """The most deals a game can last: one short of each goal, then the deal that decides.

    >>> most_deals(3, 4)  # soft landing
    6
    """
    return successes + failures - 1


def tie_groups(strengths: Iterable[object]) -> list[int]:
    """The sizes of the groups of equally strong hands, strongest group first (the strengths must sort
    and compare equal exactly when hands tie).

    >>> tie_groups([5, 9, 5, 1])
    [1, 2, 1]
    """
    counts = Counter(strengths)
    return [counts[value] for value in sorted(counts, reverse=True)]  # type: ignore[type-var]


def order_success(groups: Sequence[int]) -> Fraction:
    """The chance that an order chosen at random among all orders of the players is one the showdown
    accepts, when tied hands may stand in any order among themselves: the product of g! over the tie
    groups, over n!. With no tie it is 1/n!.

    >>> order_success([1, 1, 1]), order_success([2, 1])
    (Fraction(1, 6), Fraction(1, 3))
    """
    if not groups or any(g < 1 for g in groups):
        raise ValueError("every tie group has at least one player")
    accepted = math.prod(math.factorial(g) for g in groups)
    return Fraction(accepted, math.factorial(sum(groups)))


def random_order_success(players: int) -> Fraction:
    """1/n!: the chance a random order of ``players`` hands with no ties is right.

    >>> random_order_success(4)
    Fraction(1, 24)
    """
    return order_success([1] * players)


def hypergeometric(k: int, drawn: int, of_kind: int, deck: int) -> Fraction:
    """The chance that exactly ``k`` of ``drawn`` cards, dealt from ``deck`` cards of which ``of_kind``
    are of the kind asked for, are of that kind.

    >>> hypergeometric(0, 13, 6, 54) + hypergeometric(1, 13, 6, 54) > Fraction(1, 2)
    True
    """
    if not 0 <= of_kind <= deck or not 0 <= drawn <= deck:
        raise ValueError("the cards drawn and the cards of the kind must be part of the deck")
    return Fraction(math.comb(of_kind, k) * math.comb(deck - of_kind, drawn - k), math.comb(deck, drawn))


def expected_count(drawn: int, of_kind: int, deck: int) -> Fraction:
    """How many of ``drawn`` cards are of a kind on average: drawn x of_kind / deck (13 of the 54
    PokerGuess cards on the table, 6 cards of each colour: 13·6/54).

    >>> expected_count(13, 6, 54)
    Fraction(13, 9)
    """
    if not 0 <= of_kind <= deck or not 0 <= drawn <= deck:
        raise ValueError("the cards drawn and the cards of the kind must be part of the deck")
    return Fraction(drawn * of_kind, deck)


def binomial(k: int, n: int, p: Fraction | float) -> Fraction | float:
    """The chance of exactly ``k`` successes in ``n`` independent tries of chance ``p``: C(n, k) p^k q^(n-k).

    >>> binomial(1, 3, Fraction(1, 2))
    Fraction(3, 8)
    """
    if not 0 <= k <= n:
        return Fraction(0) if isinstance(p, Fraction) else 0.0
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


def standard_error(p: float, n: int) -> float:
    """How far a share measured on ``n`` independent tries typically lies from the true chance ``p``:
    √(p(1 - p)/n). Four times the tries halve it (it shrinks like 1/√n).

    >>> round(standard_error(0.5, 2000), 4), round(standard_error(0.5, 20000), 4)
    (0.0112, 0.0035)
    """
    if n < 1:
        raise ValueError("at least one try is needed")
    return math.sqrt(p * (1 - p) / n)


def games_to_tell_apart(p1: float, p2: float, confidence: float = 0.95, power: float = 0.8) -> int:
    """About how many games each of two variants needs so that a true difference between chances ``p1``
    and ``p2`` shows as a difference the two-proportion test calls real (at ``confidence``) in a share
    ``power`` of such comparisons: the usual normal-approximation formula, rounded up.

    >>> games_to_tell_apart(0.22, 0.33)  # the base game against soft landing, four estimator bots
    258
    """
    if p1 == p2:
        raise ValueError("two equal chances cannot be told apart by any number of games")
    z_a = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    z_b = NormalDist().inv_cdf(power)
    mean = (p1 + p2) / 2
    top = z_a * math.sqrt(2 * mean * (1 - mean)) + z_b * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil((top / (p1 - p2)) ** 2)
