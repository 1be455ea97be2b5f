"""rank_hands: any number of typed hands ranked, strongest first, each step with its reason."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.errors import CardCountError, DuplicateCardError, InputError
from pokerkit_teach.holdem import rank_hands

BOARD = "Qc 8h 8s 5d 3c"


def test_two_hands_the_stronger_named_with_the_kicker() -> None:
    ranking = rank_hands([("Anna", "7d 6h"), ("Ben", "As Jd")], BOARD)
    assert [hand.name for hand in ranking.hands] == ["Ben", "Anna"]
    assert [hand.place for hand in ranking.hands] == [1, 2]
    assert ranking.winners == ("Ben",)
    assert ranking.comparisons[0].winner == "a" and ranking.comparisons[0].role == "kicker1"
    english = ranking.lines("en")
    assert english[0] == "Ben has the strongest hand: a pair of 8s with A Q J"
    assert english[1] == "Ben beats Anna: both have a pair; the same pair of 8s; the Ace beats the Queen as first side card"
    german = ranking.lines("de")
    assert german[0] == "Ben hat die stärkste Hand: ein Paar Achten mit A D B"
    assert "das Ass schlägt die Dame als erste Beikarte" in german[1]


def test_equal_hands_share_a_place_and_the_victory_named_as_a_list() -> None:
    ranking = rank_hands([("Anna", "2c 4d"), ("Ben", "2d 4h"), ("Carla", "Ah Kd")], "Ac Ad Qs Js 9h")
    assert ranking.winners == ("Carla",)
    ranking = rank_hands([("Anna", "2c 4d"), ("Ben", "2d 4h"), ("Carla", "2h 4c")], "Ac Ad Qs Js 9h")
    assert ranking.winners == ("Anna", "Ben", "Carla")
    assert [hand.place for hand in ranking.hands] == [1, 1, 1]
    assert ranking.lines("en")[0].startswith("Anna, Ben, and Carla share the strongest hand: a pair of Aces")
    assert ranking.lines("de")[0].startswith("Anna, Ben und Carla haben die stärksten Hände, genau gleich stark: ein Paar Asse")
    assert "exactly as strong as" in ranking.lines("en")[1]


def test_a_single_hand_and_five_to_seven_cards() -> None:
    assert rank_hands([("Anna", "As Ks Qs Js Ts")]).winners == ("Anna",)
    assert rank_hands([("Anna", "As Ks"), ("Ben", "2c 2d")], "Qs Js Ts").winners == ("Anna",)


def test_bad_input_is_keyed() -> None:
    with pytest.raises(InputError) as caught:
        rank_hands([])
    assert caught.value.key is not None
    with pytest.raises(DuplicateCardError) as dup:
        rank_hands([("Anna", "7d 6h"), ("Ben", "7d 2c")], BOARD)
    assert "Ben" in dup.value.text("de")
    with pytest.raises(CardCountError) as count:
        rank_hands([("Anna", "7d")], "2c 3c")
    assert "Anna" in count.value.text("de")
    with pytest.raises(InputError) as same:
        rank_hands([("Anna", "7d 6h"), ("Anna", "2c 2d")], BOARD)
    assert same.value.key is not None
