"""Póker a Voces hand ranking: the rulebook's order of hands, tie-breaks, wild and valueless cards."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach.cli import main
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard
from pokerkit_teach.games.voces.ranking import VocesCategory, rank_voces_hand

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"

LADDER = [  # one hand of each kind, weakest first
    "As1 Ks2 9s3 5s4 3s1",
    "9s1 9s2 Ks3 5s4 3s1",
    "9s1 9s2 5s3 5s4 3s1",
    "9s1 9s2 9s3 5s4 3s1",
    "9s1 10s2 Js3 Qs4 Ks1",
    "2s1 5s1 9s1 Js1 Ks1",
    "9s1 9s2 9s3 5s4 5s1",
    "9s1 9s2 9s3 9s4 5s1",
    "9s1 10s1 Js1 Qs1 Ks1",
    "9s1 9s2 9s3 9s4 9s5",
]


def test_the_ten_kinds_rank_as_in_the_rulebook() -> None:
    hands = [rank_voces_hand(text) for text in LADDER]
    assert [h.category for h in hands] == list(VocesCategory)
    assert all(a < b for a, b in zip(hands, hands[1:]))  # five of a kind on top


def test_the_ace_is_the_one_and_ranks_highest() -> None:
    assert rank_voces_hand("1s1 2s2 4s3 6s4 8s1") > rank_voces_hand("Ks1 Qs2 Js3 9s4 8s2")
    top = rank_voces_hand("10s1 Js2 Qs3 Ks4 As1")
    assert top.category is VocesCategory.STRAIGHT and top.key == (14,)


def test_ace_to_five_is_a_straight_only_as_a_rule_option() -> None:
    wheel = "As1 2s2 3s3 4s4 5s1"
    assert rank_voces_hand(wheel).category is VocesCategory.HIGH_CARD
    low = rank_voces_hand(wheel, ace_low_straight=True)
    assert low.category is VocesCategory.STRAIGHT and low < rank_voces_hand("2s1 3s2 4s3 5s4 6s1", ace_low_straight=True)


def test_tie_breaks_combined_cards_first_then_the_rest() -> None:
    # full house: the three decide before the pair
    assert rank_voces_hand("5s1 5s2 5s3 Ks1 Ks2") > rank_voces_hand("4s1 4s2 4s3 As1 As2")
    # two pair: higher pair, lower pair, then the odd card
    assert rank_voces_hand("Ks1 Ks2 5s1 5s2 3s1") > rank_voces_hand("Ks3 Ks4 5s3 5s4 2s1")
    # suits never break a tie; an exact tie is possible with several suits
    assert rank_voces_hand("Ks1 Ks2 5s1 5s2 3s1") == rank_voces_hand("Ks3 Ks4 5s3 5s4 3s2")


def test_the_capybara_example_ranks_normally_before_the_reversal() -> None:
    gema = rank_voces_hand("As1 Ks2 5s3 3s4 2s1")
    marina = rank_voces_hand("Js1 9s2 7s3 6s4 capybara")
    assert marina.category is VocesCategory.HIGH_CARD and marina.key == (11, 9, 7, 6)  # four cards count
    assert marina < gema  # an odd number of Capybaras then turns this order over


def test_wilds_take_their_best_value_and_say_which() -> None:
    hand = rank_voces_hand("Ks1 Ks2 Ks3 Ks4 raccoon")
    assert hand.category is VocesCategory.FIVE_OF_A_KIND and hand.wilds[0][1].rank == 13
    flush = rank_voces_hand("raccoon dove Qs1 Js1 10s1")
    assert flush.category is VocesCategory.STRAIGHT_FLUSH and flush.key == (14,)
    assert "the Raccoon stands for A●" in flush.describe()
    assert flush.localized("en") == "a straight flush to the Ace (the Raccoon stands for A●, the Dove stands for K●)"
    assert flush.localized("de") == "ein Straight Flush bis zum Ass (der Waschbär steht für A●, die Taube steht für K●)"


def test_a_baboon_cannot_be_ranked() -> None:
    with pytest.raises(ValueError, match="card 2 is a Baboon"):
        rank_voces_hand("Ks1 baboon Ks3 Ks4 Ks5")


VALUED = [VocesCard(v, s) for v in range(1, 14) for s in range(1, 5)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(VALUED), min_size=4, max_size=4, unique=True), st.sampled_from(VALUED))
def test_a_wild_is_at_least_as_good_as_any_card_it_could_be(cards, replacement) -> None:  # type: ignore[no-untyped-def]
    wild = rank_voces_hand(list(cards) + [SpecialCard(Special.RACCOON)])
    fixed = rank_voces_hand(list(cards) + [replacement]) if replacement not in cards else None
    if fixed is not None:
        assert wild >= fixed


def test_rank_command_for_voces() -> None:
    result = subprocess.run([str(PROGRAM), "rank", "--game", "voces", "--json", "raccoon dove Qs1 Js1 10s1"],
                            capture_output=True, text=True, timeout=60)
    data = json.loads(result.stdout)
    assert data["category"] == "straight_flush" and len(data["wilds"]) == 2
    bad = subprocess.run([str(PROGRAM), "rank", "--game", "voces", "Ks1", "Zs1", "Ks3", "Ks4", "Ks5"],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "card 2 'Zs1'" in bad.stderr


def test_rank_command_speaks_german_too() -> None:
    out = io.StringIO()
    assert main(["rank", "--game", "voces", "--lang", "de", "Ks1", "Ks2", "Ks3", "Ks4", "raccoon"], out=out) == 0
    assert out.getvalue().splitlines() == ["K● K▲ K■ K◆ Waschbär", "  fünf Könige (der Waschbär steht für K●)"]
