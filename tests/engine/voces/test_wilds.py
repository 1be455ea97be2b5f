"""Wild cards: the best-hand search by category, checked against trying every card."""

from __future__ import annotations

import itertools
import random

import pytest

from pokerkit_teach.games.voces.cards import SUIT_COUNT, AnyVocesCard, Special, SpecialCard, VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.ranking import _evaluate, rank_voces_hand


def brute_force(hand: tuple[AnyVocesCard, ...], lowest: bool, ace_low: bool = False) -> tuple[int, ...]:
    """The old search: every value and a few suits for each wild card; the best (or worst) hand wins."""
    valued = [c for c in hand if isinstance(c, VocesCard)]
    wilds = [c for c in hand if isinstance(c, SpecialCard) and c.kind is Special.RACCOON]
    ranks = [c.rank for c in valued]
    suits = [c.suit for c in valued]
    options = sorted(set(suits)) or [1]
    extra = next(s for s in range(1, SUIT_COUNT + 1) if s not in options)
    options.append(extra)
    found: list[tuple[int, ...]] = []
    for picks in itertools.product([(v, s) for v in range(1, 14) for s in options], repeat=len(wilds)):
        cards = [VocesCard(v, s) for v, s in picks]
        all_ranks = ranks + [c.rank for c in cards]
        full = len(all_ranks) == 5
        category, key = _evaluate(all_ranks, suits + [c.suit for c in cards] if full else [], ace_low)
        found.append((category.value, *key))
    return min(found) if lowest else max(found)


def random_hand(rng: random.Random, wilds: int) -> tuple[AnyVocesCard, ...]:
    deck = [VocesCard(v, s) for v in range(1, 14) for s in range(1, 5)]
    valueless = rng.choice([0, 0, 0, 1])
    cards: list[AnyVocesCard] = list(rng.sample(deck, 5 - wilds - valueless))
    cards += [SpecialCard(Special.RACCOON, i + 1) for i in range(wilds)]
    cards += [SpecialCard(Special.CAPYBARA, 1)] * valueless
    return tuple(cards)


@pytest.mark.parametrize("wilds", [0, 1, 2])
@pytest.mark.parametrize("lowest", [False, True])
@pytest.mark.parametrize("ace_low", [False, True])
def test_the_search_by_category_ranks_exactly_as_trying_every_card(wilds: int, lowest: bool, ace_low: bool) -> None:
    rng = random.Random(16 + wilds)
    for _ in range(300 if wilds < 2 else 40):
        hand = random_hand(rng, wilds)
        ranked = rank_voces_hand(hand, ace_low_straight=ace_low, lowest=lowest)
        assert (ranked.category.value, *ranked.key) == brute_force(hand, lowest, ace_low), hand


@pytest.mark.parametrize("text", ["2s1 3s2 4s3 6s4 raccoon", "As1 Ks1 Qs1 raccoon raccoon#2", "2s1 2s2 raccoon raccoon#2 9s3",
                                  "5s1 6s1 raccoon raccoon#2 capybara", "raccoon raccoon#2 3s1 4s1 5s1"])
def test_special_shapes_match_trying_every_card(text: str) -> None:
    hand = parse_voces_cards(text)
    for lowest in (False, True):
        ranked = rank_voces_hand(hand, lowest=lowest)
        assert (ranked.category.value, *ranked.key) == brute_force(hand, lowest)


def test_the_wilds_stand_for_real_cards_that_make_the_category_shown() -> None:
    rng = random.Random(3)
    for _ in range(200):
        hand = random_hand(rng, rng.choice([1, 2, 3]))
        for lowest in (False, True):
            ranked = rank_voces_hand(hand, lowest=lowest)
            stood = dict(ranked.wilds)
            cards = [stood.get(c, c) if isinstance(c, SpecialCard) else c for c in hand]
            valued = [c for c in cards if isinstance(c, VocesCard)]
            full = len(valued) == 5
            category, key = _evaluate([c.rank for c in valued], [c.suit for c in valued] if full else [], False)
            assert (category, key) == (ranked.category, ranked.key), (hand, lowest)


def test_five_wild_cards_are_ranked_best_and_worst() -> None:
    # the time it takes is measured by benchmarks/voces_wilds.py (the old search took 95 s for this hand)
    hand = "raccoon raccoon#2 raccoon#3 raccoon#4 raccoon#5"
    assert rank_voces_hand(hand).describe().startswith("five Aces")
    assert rank_voces_hand(hand, lowest=True).key == (7, 5, 4, 3, 2)
