"""Pokerdrez and Póker a Voces cards: the deck facts quoted in tests/data/README.md."""

from __future__ import annotations

from collections import Counter

import pytest

from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, NeutralCard, parse_drez_cards, pokerdrez_deck, shuffled_pokerdrez_deck
from pokerkit_teach.core.errors import CardParseError, DuplicateCardError
from pokerkit_teach.games.voces.cards import (
    Special,
    SpecialCard,
    VocesCard,
    parse_voces_cards,
    shuffled_voces_deck,
    voces_deck,
)


def test_pokerdrez_deck_has_every_figure_colour_pair_once_and_two_neutral_cards() -> None:
    deck = pokerdrez_deck()
    assert len(deck) == 56 and len(set(deck)) == 56
    figures = Counter(c.figure for c in deck if isinstance(c, DrezCard))
    colours = Counter(c.colour for c in deck if isinstance(c, DrezCard))
    assert figures == {f: 9 for f in Figure} and colours == {c: 6 for c in Colour}
    assert [c for c in deck if isinstance(c, NeutralCard)] == [NeutralCard(1), NeutralCard(2)]
    assert len(pokerdrez_deck(include_neutral=False)) == 54


def test_pokerdrez_numbers_go_with_colours() -> None:
    expected = {1: "Gray", 2: "Red", 3: "Magenta", 4: "Purple", 5: "Blue", 6: "Yellow", 7: "Cyan", 8: "Orange", 9: "Green"}
    assert {c.value: c.localized("en") for c in Colour} == expected
    german = {1: "Grau", 2: "Rot", 3: "Magenta", 4: "Lila", 5: "Blau", 6: "Gelb", 7: "Cyan", 8: "Orange", 9: "Grün"}
    assert {c.value: c.localized("de") for c in Colour} == german
    assert DrezCard(Figure.PAWN, Colour.GREEN).number == 9


def test_pokerdrez_figures_rank_joker_highest_pawn_lowest() -> None:
    order = sorted(Figure, reverse=True)
    assert [f.localized("en") for f in order] == ["Joker", "Queen", "Rook", "Bishop", "Knight", "Pawn"]
    assert [f.localized("de") for f in order] == ["Joker", "Dame", "Turm", "Läufer", "Springer", "Bauer"]


def test_pokerdrez_parses_rulebook_names_and_aliases() -> None:
    # The PokerGuess example speaks of a red tower and a red horse.
    assert parse_drez_cards("red tower, red horse, blue bishop") == (
        DrezCard(Figure.ROOK, Colour.RED),
        DrezCard(Figure.KNIGHT, Colour.RED),
        DrezCard(Figure.BISHOP, Colour.BLUE),
    )
    assert parse_drez_cards("J3 P6") == (DrezCard(Figure.JOKER, Colour.MAGENTA), DrezCard(Figure.PAWN, Colour.YELLOW))
    assert str(DrezCard.from_text("N8")) == "Orange Knight" and DrezCard.from_text("N8").text("de") == "orangefarbener Springer"


def test_pokerdrez_bad_input_names_the_card() -> None:
    with pytest.raises(CardParseError, match="'Z5'.*unknown figure letter Z"):
        parse_drez_cards("B5 Z5")
    with pytest.raises(CardParseError, match="unknown word 'violet'"):
        parse_drez_cards("violet pawn")
    with pytest.raises(DuplicateCardError, match="card 2"):
        parse_drez_cards("B5, blue bishop")


def test_pokerdrez_shuffle_is_seeded() -> None:
    assert shuffled_pokerdrez_deck(1) == shuffled_pokerdrez_deck(1) != shuffled_pokerdrez_deck(2)
    assert len(shuffled_pokerdrez_deck(1)) == 54


def test_voces_ace_is_the_one_and_ranks_highest() -> None:
    ace, king, two = VocesCard.from_text("1s1"), VocesCard.from_text("Ks1"), VocesCard.from_text("2s1")
    assert ace == VocesCard.from_text("As1") and ace.rank == 14 and ace > king > two


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_voces_deck_has_one_more_suit_than_players(players: int) -> None:
    deck = voces_deck(players, [Special.RACCOON])
    numbered = [c for c in deck if isinstance(c, VocesCard)]
    assert len(numbered) == 13 * (players + 1)
    assert Counter(c.suit for c in numbered) == {s: 13 for s in range(1, players + 2)}
    assert sorted(c.value for c in numbered if c.suit == 1) == list(range(1, 14))
    specials = [c for c in deck if isinstance(c, SpecialCard)]
    assert len(specials) == players + 1 and {c.kind for c in specials} == {Special.RACCOON}
    assert len(set(deck)) == len(deck)


def test_voces_box_limits() -> None:
    assert len(Special) == 5
    with pytest.raises(ValueError, match="2 to 6 players"):
        voces_deck(7)
    with pytest.raises(ValueError, match="only once"):
        voces_deck(3, [Special.DOVE, Special.DOVE])
    assert len(voces_deck(3, [Special.DOVE, Special.BABOON])) == 52 + 8


def test_voces_parse_numbers_unlabelled_special_copies() -> None:
    cards = parse_voces_cards("A▲ raccoon 10s4 raccoon capybara")
    assert cards[1] == SpecialCard(Special.RACCOON, 1) and cards[3] == SpecialCard(Special.RACCOON, 2)
    assert cards[4] == SpecialCard(Special.CAPYBARA, 1)
    with pytest.raises(DuplicateCardError):
        parse_voces_cards("raccoon#1 raccoon#1")
    with pytest.raises(CardParseError, match="'Ks9'.*unknown suit 9"):
        parse_voces_cards("As1 Ks9")


def test_voces_shuffle_is_seeded() -> None:
    a = shuffled_voces_deck(3, [Special.BABOON], seed=11)
    assert a == shuffled_voces_deck(3, [Special.BABOON], seed=11) != shuffled_voces_deck(3, [Special.BABOON], seed=12)
