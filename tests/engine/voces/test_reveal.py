"""Póker a Voces reveal: each special card exactly as the rulebook gives it, in the kit's default order."""

from __future__ import annotations

import pytest

from pokerkit_teach.games.voces.cards import VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.reveal import PENGUIN_BONUS, TieRule, reveal


def test_the_capybara_example_the_worst_hand_wins() -> None:
    result = reveal({"Gema": "As1 Ks2 5s3 3s4 2s1", "Marina": "Js1 9s2 7s3 6s4 capybara"})
    assert result.reversed and result.winners == ("Marina",)


def test_an_even_number_of_capybaras_leaves_the_order() -> None:
    result = reveal({"A": "As1 Ks2 5s3 3s4 capybara", "B": "Js1 9s2 7s3 6s4 capybara#2"})
    assert not result.reversed and result.winners == ("A",)


def test_two_raccoons_anywhere_eliminate_their_holders() -> None:
    result = reveal({"A": "Ks1 Ks2 raccoon 2s1 3s1", "B": "raccoon#2 As1 As2 As3 4s1", "C": "9s1 9s2 5s3 5s4 3s2"})
    assert dict(result.eliminated) == {"A": "raccoons", "B": "raccoons"} and result.winners == ("C",)
    single = reveal({"A": "Ks1 Ks2 raccoon 2s1 3s1", "C": "9s1 9s2 5s3 5s4 3s2"})
    assert single.eliminated == () and single.winners == ("A",)  # one raccoon is simply wild: three Kings


def test_a_dove_is_wild_only_when_another_player_shows_one() -> None:
    alone = reveal({"A": "dove Ks2 Ks3 2s1 3s1", "B": "Qs1 Qs2 Qs3 4s1 4s2"})
    assert dict(alone.ranked)["A"].describe() == "a pair of Kings"
    assert dict(alone.ranked)["A"].localized("de") == "ein Paar Könige"
    both = reveal({"A": "dove Ks2 Ks3 2s1 3s1", "B": "dove#2 Qs1 Qs2 4s1 4s2"})
    assert dict(both.ranked)["A"].describe().startswith("three Kings")
    assert dict(both.ranked)["A"].localized("de") == "drei Könige (die Taube steht für K●)"
    two = reveal({"A": "dove dove#2 Ks3 2s1 3s1", "B": "Qs1 Qs2 Qs3 4s1 4s2"})
    assert dict(two.eliminated) == {"A": "two_doves"}


def test_a_baboon_takes_the_best_of_three_drawn_cards() -> None:
    pile = list(parse_voces_cards("Ks4 2s3 7s2"))
    result = reveal({"A": "baboon Ks2 Ks3 Ks1 3s1", "B": "baboon#2 Qs1 Qs2 Qs3 4s1"}, draw_pile=pile, seed=1)
    swaps = dict(result.swaps)
    assert swaps["A"][0][1] == VocesCard.from_text("Ks4")  # four Kings
    assert swaps["B"][0][1] == VocesCard.from_text("Ks4")  # several may take the same card
    assert result.winners == ("A",)
    refill = reveal({"A": "baboon Ks2 Ks3 Ks1 3s1", "B": "Qs1 Qs2 Qs3 4s1 4s2"}, draw_pile=pile[:1], discard_pile=pile[1:], seed=2)
    assert sorted(c.ascii for c in refill.drawn) == sorted(c.ascii for c in pile)  # the discard pile was shuffled in
    with pytest.raises(ValueError, match="three cards to draw"):
        reveal({"A": "baboon Ks2 Ks3 Ks1 3s1", "B": "Qs1 Qs2 Qs3 4s1 4s2"}, draw_pile=pile[:1])


def test_the_emperor_penguin_scores_ten_when_its_hand_wins() -> None:
    result = reveal({"A": "penguin As1 As2 As3 3s1", "B": "Qs1 Qs2 5s3 4s1 2s2"})
    assert result.winners == ("A",) and dict(result.bonus) == {"A": PENGUIN_BONUS}


def test_an_exact_tie_is_shared_or_as_an_option_won_by_nobody() -> None:
    hands = {"A": "Ks1 Ks2 5s1 5s2 3s1", "B": "Ks3 Ks4 5s3 5s4 3s2"}
    assert reveal(hands).winners == ("A", "B")
    assert reveal(hands, tie_rule=TieRule.NOBODY).winners == ()
