"""French cards: parsing, printing, order, codes, decks, errors."""

from __future__ import annotations

import pickle

import pytest

from pokerkit_teach import (
    Card,
    CardCountError,
    CardParseError,
    DuplicateCardError,
    Rank,
    Suit,
    card_from_code,
    cards_from_codes,
    codes_from_cards,
    french_deck,
    parse_cards,
    shuffled_deck,
)


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("Q♣", Rank.QUEEN, Suit.CLUBS),
        ("10♠", Rank.TEN, Suit.SPADES),
        ("Qc", Rank.QUEEN, Suit.CLUBS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("10d", Rank.TEN, Suit.DIAMONDS),
        ("D♣", Rank.QUEEN, Suit.CLUBS),  # German Dame
        ("B♦", Rank.JACK, Suit.DIAMONDS),  # German Bube
        ("dd", Rank.QUEEN, Suit.DIAMONDS),
        ("as", Rank.ACE, Suit.SPADES),
        ("2H", Rank.TWO, Suit.HEARTS),
        ("K♡", Rank.KING, Suit.HEARTS),
    ],
)
def test_card_parses_every_documented_form(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.from_text(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_card_prints_in_english_and_german() -> None:
    assert [str(Card.from_text(t)) for t in ("Qc", "Td", "Jh", "As")] == ["Q♣", "10♦", "J♥", "A♠"]
    assert [Card.from_text(t).text("de") for t in ("Qc", "Td", "Jh", "As")] == ["D♣", "10♦", "B♥", "A♠"]
    assert repr(Card.from_text("10h")) == "Card.from_text('Th')"
    assert eval(repr(Card.from_text("10h"))) == Card.from_text("Th")


def test_cards_are_immutable_hashable_and_picklable() -> None:
    card = Card.from_text("Qc")
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]
    assert {card, Card(Rank.QUEEN, Suit.CLUBS), Card(12, 0)} == {card}
    assert pickle.loads(pickle.dumps(card)) == card


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.from_text("2s") < Card.from_text("3c") < Card.from_text("3d") < Card.from_text("Ac")
    assert sorted(french_deck()) == list(french_deck())


def test_codes_follow_four_times_rank_plus_suit() -> None:
    assert Card.from_text("2c").code == 0
    assert Card.from_text("2s").code == 3
    assert Card.from_text("3c").code == 4
    assert Card.from_text("As").code == 51
    assert Card.from_text("Td").code == 4 * 8 + 1
    assert [card_from_code(c) for c in range(52)] == list(french_deck())
    assert cards_from_codes(codes_from_cards("Qc 8h 8s")) == parse_cards("Qc 8h 8s")


@pytest.mark.parametrize("bad", [-1, 52, 3.0, "7", True])
def test_bad_code_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="0 to 51"):
        card_from_code(bad)  # type: ignore[arg-type]


def test_unknown_card_names_text_and_position() -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards("Qc 8h Xs 5d")
    error = caught.value
    assert (error.token, error.position, error.offset) == ("Xs", 3, 6)
    assert "'Xs'" in str(error) and "card 3" in str(error) and "unknown rank 'X'" in str(error)
    with pytest.raises(CardParseError, match="unknown suit 'x'"):
        parse_cards(["Qc", "8x"])
    with pytest.raises(CardParseError, match="too short"):
        parse_cards("Q")
    assert issubclass(CardParseError, ValueError)


def test_duplicate_card_names_both_positions() -> None:
    with pytest.raises(DuplicateCardError) as caught:
        parse_cards("Qc 8h 5d 8♥")
    assert (caught.value.first, caught.value.second) == (2, 4)
    assert "card 4 '8♥'" in str(caught.value) and "card 2" in str(caught.value)


def test_wrong_number_of_cards_is_refused() -> None:
    with pytest.raises(CardCountError, match="needs 5 to 7 cards, got 8"):
        parse_cards("2c 3c 4c 5c 6c 7c 8c 9c", count=(5, 7))
    with pytest.raises(CardCountError, match="needs 2 cards, got 1"):
        parse_cards("2c", count=2)


def test_deck_shuffles_with_explicit_seed_only() -> None:
    first, again, other = shuffled_deck(2026), shuffled_deck(2026), shuffled_deck(2027)
    assert first == again and first != other
    assert sorted(first) == list(french_deck())
    import numpy as np

    generator = np.random.default_rng(5)
    assert shuffled_deck(generator) != shuffled_deck(generator)  # one generator, advanced
    with pytest.raises(ValueError, match="seed"):
        shuffled_deck(-3)


def test_card_renders_itself_for_a_notebook_in_english_and_german() -> None:
    from pokerkit_teach.holdem.render import card_html

    html = Card.from_text("Qh")._repr_html_()
    assert "Q♥" in html and 'aria-label="Queen of hearts"' in html and "#c00" in html
    german = card_html(Card.from_text("Qh"), "de")
    assert "D♥" in german and 'aria-label="Herz Dame"' in german and "#c00" in german
