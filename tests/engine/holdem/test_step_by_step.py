"""Explanations, comparisons and the Pokerface showdown check, pinned to the rulebook's examples."""

from __future__ import annotations

import pytest

from tests.support import RULEBOOK_BOARD, RULEBOOK_FAILURE, RULEBOOK_SUCCESS
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach import (
    Card,
    CardParseError,
    Category,
    DuplicateCardError,
    best_hand,
    cards_from_codes,
    compare_hands,
    explain_hand,
)
from pokerkit_teach.games.pokerface.showdown import check_showdown


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(t) for t in text.split())


def test_rulebook_success_example_is_a_success_in_both_languages() -> None:
    result = check_showdown(RULEBOOK_BOARD, RULEBOOK_SUCCESS)
    assert result.success and result.broken_at is None
    english = result.text("en")
    # The rulebook's readings of each hand.
    assert english.startswith("Anna (A♠) shows 7♦ 6♥: ")
    assert "a pair of 8s with Q 7 6" in english
    assert "Ben (2♠) shows A♠ J♦: a pair of 8s with A Q J" in english
    assert "two pair, Queens and 8s" in english
    assert "a full house, 5s full of 8s" in english
    # Ben beats Anna because his Ace beats her Queen as first side card.
    ben = result.steps[1].comparison
    assert ben is not None and ben.winner == "a" and ben.role == "kicker1"
    assert ben.deciding_a == cards("As") and ben.deciding_b == cards("Qc")
    assert "the Ace beats the Queen as first side card" in english
    assert english.splitlines()[-1].startswith("Success")
    german = result.text("de")
    assert german.startswith("Anna (A♠) zeigt 7♦ 6♥: ")
    assert "ein Paar Achten mit D 7 6" in german
    assert "Ben (2♠) zeigt A♠ B♦: ein Paar Achten mit A D B" in german
    assert "zwei Paare, Damen und Achten" in german
    assert "ein Full House, drei Fünfen und zwei Achten" in german
    assert "das Ass schlägt die Dame als erste Beikarte" in german
    assert german.splitlines()[-1].startswith("Erfolg")


def test_rulebook_failure_example_names_her_7_and_his_5() -> None:
    result = check_showdown(RULEBOOK_BOARD, RULEBOOK_FAILURE)
    assert not result.success and result.broken_at == 1
    step = result.steps[1]
    assert step.hand.name == "Ben" and not step.ok
    comparison = step.comparison
    assert comparison is not None and comparison.winner == "b" and comparison.role == "kicker2"
    # Ben plays 8 8 Q 5 4, Anna 8 8 Q 7 6: pair and Queen tie, so her 7 outranks his 5.
    assert [str(c) for c in step.hand.result.best_five] == ["8♥", "8♠", "Q♣", "5♦", "4♥"]
    assert comparison.deciding_a == cards("5d") and comparison.deciding_b == cards("7d")
    english = result.text("en")
    assert "the same pair of 8s; the same first side card, Queen; the 7 beats the 5 as second side card" in english
    assert "Failure: the hand of Ben (2♠) is weaker than the hand of Anna (A♠)" in english
    german = result.text("de")
    assert "dasselbe Paar Achten; dieselbe erste Beikarte, Dame; die 7 schlägt die 5 als zweite Beikarte" in german
    assert "Fehlschlag: die Hand von Ben (2♠) ist schwächer als die Hand von Anna (A♠)" in german


def test_equal_hands_may_stand_in_either_order() -> None:
    board = "Ah Kh Qh Jh Th"  # the board plays for everyone: a royal flush each
    for order in ([("A", "2c 3c"), ("B", "4d 5d"), ("C", "6s 7s")], [("C", "6s 7s"), ("A", "2c 3c"), ("B", "4d 5d")]):
        result = check_showdown(board, order)
        assert result.success
        assert all(step.comparison is None or step.comparison.winner == "tie" for step in result.steps)
    tie = check_showdown(board, [("A", "2c 3c"), ("B", "4d 5d"), ("C", "6s 7s")])
    assert "an exact tie" in tie.text("en") and "Gleichstand" in tie.text("de")


def test_failure_reports_the_first_hand_out_of_order() -> None:
    result = check_showdown("2c 7d 9h Js Kc", [("A", "Ac Ad"), ("B", "3c 4d"), ("C", "5c 6d")])
    assert not result.success and result.broken_at == 1
    assert result.steps[1].comparison is not None and result.steps[1].comparison.role == "category"
    assert "a pair beats a high card" in result.text("en")
    assert "„Paar“ schlägt „Höchste Karte“" in result.text("de")


def test_showdown_refuses_bad_input_with_a_named_problem() -> None:
    with pytest.raises(DuplicateCardError, match="the hand of Ben: card 1 'Q♣' is a duplicate: it is already on the board"):
        check_showdown(RULEBOOK_BOARD, [("Anna", "7d 6h"), ("Ben", "Qc 2d"), ("Carla", "Qd Ts")])
    with pytest.raises(DuplicateCardError, match="already in another hand"):
        check_showdown(RULEBOOK_BOARD, [("Anna", "7d 6h"), ("Ben", "7d 2d"), ("Carla", "Qd Ts")])
    with pytest.raises(CardParseError, match="the hand of Ben: card 2 'Zz'"):
        check_showdown(RULEBOOK_BOARD, [("Anna", "7d 6h"), ("Ben", "2d Zz"), ("Carla", "Qd Ts")])
    with pytest.raises(ValueError, match="the board needs 5 cards, got 3"):
        check_showdown("Qc 8h 8s", RULEBOOK_SUCCESS)
    with pytest.raises(ValueError, match="different name"):
        check_showdown(RULEBOOK_BOARD, [("Anna", "7d 6h"), ("Anna", "2d 2h"), ("Carla", "Qd Ts")])


def test_explanation_says_why_no_higher_category_applies() -> None:
    full_house = explain_hand("Kh Ks Kd 7c 7d 2h 3s")
    lines = full_house.lines("en")
    assert lines[0] == "Best hand: a full house, Kings full of 7s"
    assert lines[1:3] == ["No straight flush: no five cards share a suit", "No four of a kind: no rank appears four times"]
    assert lines[-2] == "The five cards kept: K♥ K♠ K♦ 7♣ 7♦"
    assert lines[-1].startswith("Left out: 2♥ 3♠")
    german = full_house.lines("de")
    assert german[0] == "Beste Hand: ein Full House, drei Könige und zwei Siebenen"
    assert german[1:3] == ["Kein Straight Flush: keine fünf Karten haben dieselbe Farbe", "Kein Vierling: kein Wert kommt viermal vor"]
    assert german[-2] == "Die fünf gewerteten Karten: K♥ K♠ K♦ 7♣ 7♦"
    assert german[-1].startswith("Nicht gewertet: 2♥ 3♠")
    flush = explain_hand("2h 9h Kh 4h 6h 5c 3c")
    assert "No straight flush: the 5 hearts do not make five ranks in a row" in flush.lines("en")
    assert "Kein Straight Flush: die 5 Herz-Karten ergeben keine fünf Werte in Folge" in flush.lines("de")
    straight = explain_hand("9c 8d 7h 6s 5c 5d 2h")
    assert "No full house: no rank appears three times" in straight.lines("en")
    assert "No flush: at most 2 cards share a suit" in straight.lines("en")
    assert "Kein Full House: kein Wert kommt dreimal vor" in straight.lines("de")
    assert "Kein Flush: höchstens 2 Karten haben dieselbe Farbe" in straight.lines("de")
    trips = explain_hand("9c 9d 9h Ks 5c 4d 2h")
    assert "No straight: the longest run of ranks in a row is 2 (5 4)" in trips.lines("en")
    assert "No full house: besides the three 9s no other rank appears twice" in trips.lines("en")
    assert "Keine Straße: die längste Reihe aufeinanderfolgender Werte ist 2 lang (5 4)" in trips.lines("de")
    assert "Kein Full House: außer den drei Neunen kommt kein anderer Wert doppelt vor" in trips.lines("de")
    royal = explain_hand("Ah Kh Qh Jh Th")
    assert royal.lines("en")[:2] == ["Best hand: a royal flush", "No kind of hand ranks higher"]
    assert royal.lines("de")[:2] == ["Beste Hand: ein Royal Flush", "Es gibt keine höhere Art von Hand"]


@pytest.mark.parametrize(
    "a, b, winner, role, phrase, german",
    [
        ("Ac Ad Kh Qs 2c", "Kc Kd Ah Qd 2d", "a", "pair", "the pair of Aces beats the pair of Kings",
         "das Paar Asse schlägt das Paar Könige"),
        ("Ac Ad 5h 5s 2c", "Ah As 4c 4d Kc", "a", "low_pair", "the second pair, 5s, beats 4s",
         "das zweite Paar, Fünfen, schlägt Vieren"),
        ("Ac Ad 5h 5s 3c", "Ah As 5c 5d 2d", "a", "kicker1", "the 3 beats the 2 as first side card",
         "die 3 schlägt die 2 als erste Beikarte"),
        ("9c 9d 9h Ks 2c", "9c 9d 9h Qs Jc", "a", "kicker1", "the King beats the Queen as first side card",
         "der König schlägt die Dame als erste Beikarte"),
        ("Ac Kd Qh Js 8c", "Ac Kd Qh Js 7c", "a", "card5", "the 8 beats the 7 as fifth card",
         "die 8 schlägt die 7 als fünfte Karte"),
        ("6c 5d 4h 3s 2c", "5c 4d 3h 2s Ac", "a", "top", "the straight up to the 6 beats the one up to the 5",
         "die Straße bis 6 schlägt die Straße bis 5"),
        ("3c 3d 3h 2s 2c", "2h 2d 2s Ac Ad", "a", "fh_trips", "three 3s beat three 2s", "drei Dreien schlagen drei Zweien"),
        ("2c 3d 4h 5s 7c", "Ac Ad 2h 3s 4c", "b", "category", "a pair beats a high card", "„Paar“ schlägt „Höchste Karte“"),
        ("Ac Kc Qc Jc 9c", "Ad Kd Qd Jd 9d", "tie", None, "an exact tie", "Gleichstand"),
    ],
)
def test_comparison_names_the_first_difference(
    a: str, b: str, winner: str, role: str | None, phrase: str, german: str
) -> None:
    comparison = compare_hands(a, b)
    assert (comparison.winner, comparison.role) == (winner, role)
    assert phrase in comparison.reason("en")
    assert german in comparison.reason("de")


def test_high_card_explanation_rules_out_every_category() -> None:
    explanation = explain_hand("Ac Jd 9h 5s 3c 2d 7h")
    lines = explanation.lines("en")
    assert lines[0] == "Best hand: Ace high (A J 9 7 5)"
    assert "No two pair: no rank appears twice" in lines and "No pair: all ranks differ" in lines
    assert len(lines) == 1 + 8 + 2
    german = explanation.lines("de")
    assert german[0] == "Beste Hand: höchste Karte Ass (A B 9 7 5)"
    assert "Keine zwei Paare: kein Wert kommt doppelt vor" in german and "Kein Paar: alle Werte sind verschieden" in german


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_any_hand_can_be_explained_in_every_language(codes: list[int]) -> None:
    hand = cards_from_codes(codes)
    result = best_hand(hand)
    explanation = explain_hand(result)
    higher = [c for c in Category if c > result.category]
    assert len(explanation.steps) == 1 + max(len(higher), 1) + 2
    for lang in ("en", "de"):
        assert all(line for line in explanation.lines(lang))
