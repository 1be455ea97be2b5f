"""Cards are read in the notation of every catalogue language and written in the reader's; the notation and
the word order of a card's name are catalogue data."""

from __future__ import annotations

import itertools

import pytest

from pokerkit_teach.core.errors import CardParseError
from pokerkit_teach.core.i18n import LANGUAGES, catalogue
from pokerkit_teach.holdem.cards import Card, Rank, Suit, french_deck, parse_cards
from pokerkit_teach.holdem.render import card_html, card_label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_written_in_a_language_reads_back(lang: str) -> None:
    for card in french_deck():
        assert Card.from_text(card.text(lang)) == card
        assert Card.from_text(card.rank.symbol(lang) + card.suit.letter) == card
        assert Card.from_text(card.text(lang).lower()) == card


def test_english_input_keeps_its_meaning() -> None:
    # Every English two-character card means what it always meant, whatever other languages add.
    for rank, suit in itertools.product("23456789TJQKA", "cdhs"):
        card = Card.from_text(rank + suit)
        assert card.ascii == rank + suit
        assert Card.from_text(rank.lower() + suit.upper()) == card
    assert Card.from_text("As") == Card(Rank.ACE, Suit.SPADES)  # As is the Ace of spades, not a Spanish word
    assert Card.from_text("10d") == Card.from_text("Td")


def test_german_notation() -> None:
    assert parse_cards("B♦ D♣ K♥ A♠") == parse_cards("Jd Qc Kh As")
    assert Card.from_text("Dd") == Card(Rank.QUEEN, Suit.DIAMONDS)  # D as a rank is the Dame, as a suit diamonds
    assert [card.text("de") for card in parse_cards("Jd Qc")] == ["B♦", "D♣"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_symbols_of_a_language_are_distinct(lang: str) -> None:
    symbols = [catalogue(lang)[f"rank.symbol.{rank.value}"].upper() for rank in Rank]
    assert len(set(symbols)) == len(symbols)


def test_german_card_faces_show_german_letters_next_to_german_words() -> None:
    jack = Card(Rank.JACK, Suit.HEARTS)
    html = card_html(jack, "de")
    assert 'aria-label="Herz Bube"' in html and ">B♥<" in html
    assert card_label(jack, "en") == "Jack of hearts"


@pytest.mark.parametrize("text, reason", [("Zq", "unbekannter Wert 'Z'"), ("Qx", "unbekannte Farbe 'x'"), ("Q", "zu kurz")])
def test_a_bad_card_is_explained_in_german(text: str, reason: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_cards(f"Qc {text}")
    german = caught.value.text("de")
    assert german.startswith(f"Karte 2 „{text}“") and reason in german and "schreib einen Wert" in german
    assert "unknown" not in german and "write" not in german
