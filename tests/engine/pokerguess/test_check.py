"""PokerGuess predictions: the rulebook's worked example, the checking order, and the check against a
brute-force search over every way to put the cards into the two groups."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerkit_teach.games.pokerguess.cards import Colour, Figure, parse_drez_cards, pokerdrez_deck
from pokerkit_teach.core.errors import InputError
from pokerkit_teach.games.pokerguess import ColourOrder, Prediction, PredictionCountError, PredictionParseError, check_prediction, checking_order
from pokerkit_teach.games.pokerguess.check import holds_by_search

# The rulebook's example: the four players' private cards and the five community cards.
EXAMPLE_CARDS = parse_drez_cards(
    "blue bishop, orange bishop, yellow pawn, magenta joker, orange joker, green knight, red queen, red horse, "
    "red tower, red pawn, green pawn, green bishop, yellow joker"
)
EXAMPLE = [
    ("top", Prediction.parse("4 red 4 bishops")),
    ("left", Prediction.parse("4 red 4 pawns")),
    ("bottom", Prediction.parse("3 green 3 jokers")),
    ("right", Prediction.parse("4 red 3 pawns")),
]


def test_rulebook_example_order_and_verdicts() -> None:
    order = checking_order(EXAMPLE)
    assert [name for name, _ in order] == ["top", "left", "right", "bottom"]
    verdicts = {name: check_prediction(p, EXAMPLE_CARDS) for name, p in EXAMPLE}
    assert [verdicts[n].holds for n in ("top", "left", "right", "bottom")] == [False, False, False, True]
    top = verdicts["top"]
    assert top.colour_total == 4 and len(top.figure_cards) == 3  # four reds; three bishops, none red
    left = verdicts["left"]
    assert left.figure_total == 3 and len(left.figure_cards) == 2  # the red pawn went to the red group
    assert left.reason.key == "pokerguess.check.shared_card"  # the reason names the red pawn the reds took
    assert dict(left.reason.params)["want"] == 4 and dict(left.reason.params)["have"] == 2
    assert "so the Red Pawn is missing from the group of Pawns" in left.text("en") and "only 2 Pawns are left" in left.text("en")
    assert "also fehlt der rote Bauer in der Gruppe der Bauern" in left.text("de") and "nur 2 Bauern übrig" in left.text("de")
    bottom = verdicts["bottom"]
    assert bottom.reason.key == "pokerguess.check.holds"
    assert bottom.text("en").startswith("Right") and bottom.text("de").startswith("Richtig")


def test_colour_order_is_a_rule_option() -> None:
    red = ("red", Prediction.parse("3 red 2 pawns"))
    green = ("green", Prediction.parse("3 green 2 pawns"))
    assert [n for n, _ in checking_order([red, green])] == ["green", "red"]  # Green 9 above Red 2
    assert [n for n, _ in checking_order([red, green], ColourOrder.BY_NUMBER_REVERSED)] == ["red", "green"]


def test_a_card_of_both_groups_counts_once() -> None:
    cards = parse_drez_cards("R2 P2 P5")  # red rook, red pawn, blue pawn
    assert check_prediction(Prediction(1, Colour.RED, 2, Figure.PAWN), cards).holds  # rook for red, both pawns for pawns
    assert not check_prediction(Prediction(2, Colour.RED, 2, Figure.PAWN), cards).holds  # the red pawn cannot count twice
    assert check_prediction(Prediction(2, Colour.RED, 1, Figure.PAWN), cards).holds


def test_bad_predictions_are_refused() -> None:
    with pytest.raises(PredictionCountError, match="colour count is a whole number from 1 to 6") as count:
        Prediction(7, Colour.RED, 1, Figure.PAWN)
    assert count.value.place == "colour_count" and isinstance(count.value, InputError)
    with pytest.raises(PredictionCountError, match="figure count is a whole number from 1 to 9") as count:
        Prediction.parse("3 red 10 pawns")
    assert count.value.place == "figure_count"
    with pytest.raises(PredictionParseError, match="'purplish' \\(word 2\\) is not a count, a colour or a figure"):
        Prediction.parse("3 purplish 2 pawns")
    with pytest.raises(PredictionParseError, match="The prediction names no figure"):
        Prediction.parse("3 red")


DECK = [c for c in pokerdrez_deck(include_neutral=False)]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=20, unique=True),
    st.integers(1, 6), st.sampled_from(list(Colour)), st.integers(1, 9), st.sampled_from(list(Figure)),
)
def test_check_equals_brute_force_assignment(cards, colour_count, colour, figure_count, figure) -> None:  # type: ignore[no-untyped-def]
    prediction = Prediction(colour_count, colour, figure_count, figure)
    relevant = [c for c in cards if c.colour == colour or c.figure == figure]
    if len(relevant) > 10:
        relevant = relevant[:10]
        cards = relevant
    assert check_prediction(prediction, cards).holds == holds_by_search(prediction, cards)


# Each count belongs to the word it stands with; extra words are refused; the rulebook's words.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 pawns 4 red", Prediction(4, Colour.RED, 3, Figure.PAWN)),  # the figure first: its count stays with it
        ("4 red cards and 3 pawns", Prediction(4, Colour.RED, 3, Figure.PAWN)),
        ("3 horses, 2 green", Prediction(2, Colour.GREEN, 3, Figure.KNIGHT)),  # the rulebook's "red horse"
        ("2 blue 2 towers", Prediction(2, Colour.BLUE, 2, Figure.ROOK)),  # and its "red tower"
        ("1 grey card and 1 horse", Prediction(1, Colour.GRAY, 1, Figure.KNIGHT)),
        ("1 Yellow 1 Tower", Prediction(1, Colour.YELLOW, 1, Figure.ROOK)),
        ("5 Orange 2 Knights", Prediction(5, Colour.ORANGE, 2, Figure.KNIGHT)),
        ("2 jokers and 6 cyan cards", Prediction(6, Colour.CYAN, 2, Figure.JOKER)),
    ],
)
def test_each_count_belongs_to_the_word_it_stands_with(text: str, expected: Prediction) -> None:
    assert Prediction.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "key", "place"),
    [
        ("4 red 3 pawns blue", "second_colour", "word 5"),  # was read as 4 Blue cards
        ("4 red 3 pawns 2 jokers", "second_figure", "word 6"),
        ("4 red 4 green 3 pawns", "second_colour", "word 4"),
        ("4 red 3 pawns 2", "count_alone", "word 5"),
        ("4 3 red pawns", "count_alone", "word 1"),
        ("red 4 3 pawns", "group_without_count", "word 1"),
        ("4 red pawns 3", "group_without_count", "word 3"),
        ("3 purplish 2 pawns", "unknown_word", "word 2"),
        ("4 red 3 pawns please", "unknown_word", "word 5"),
        ("4 red", "no_figure", "figure"),
        ("3 pawns", "no_colour", "colour"),
        ("", "empty", "text"),
        ("4 red ² pawns", "unknown_word", "word 3"),
    ],
)
def test_a_prediction_with_extra_or_missing_words_is_refused_with_its_place(text: str, key: str, place: str) -> None:
    with pytest.raises(PredictionParseError) as refused:
        Prediction.parse(text)
    error = refused.value
    assert isinstance(error, InputError) and error.key == f"pokerguess.parse.{key}" and error.place == place
    assert str(error) == error.text("en") and error.text("de") != error.text("en")
    assert "4 red 3 pawns" in error.text("en") and "4 rot 3 Bauern" in error.text("de")  # each says how to write one, in its language


def test_a_refusal_names_the_word_and_what_is_wrong() -> None:
    with pytest.raises(PredictionParseError) as refused:
        Prediction.parse("4 red 3 pawns blue")
    assert str(refused.value).startswith("'blue' (word 5) names a second colour")
    assert refused.value.text("de").startswith("„blue“ (Wort 5) nennt eine zweite Farbe")
    with pytest.raises(PredictionCountError) as count:
        Prediction.parse("3 pawns 7 red")
    assert count.value.place == "colour_count" and count.value.text("de").startswith("Die Anzahl einer Farbgruppe")
