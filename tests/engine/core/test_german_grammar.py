"""German articles and cases come from the catalogue: every Pokerface token and every hand name in a
sentence that takes the accusative.

The rulebook (pokerface.de.txt) names a token like the card it is printed on: "Anna nimmt das A♦",
"er nimmt die 4♦". A hand name after "haben" is an accusative object: "beide haben einen Drilling".
"""

from __future__ import annotations

import io

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.i18n import message
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.holdem.explain import compare_hands
from pokerkit_teach.holdem.ranking import Category, best_hand
from pokerkit_teach.games.pokerface.events import Token, token_text

ARTICLE = {1: "das", 2: "die", 3: "die", 4: "die", 5: "die", 6: "die"}


@pytest.mark.parametrize("suit", list(Suit))
@pytest.mark.parametrize("number", range(1, 7))
def test_every_token_has_its_article_as_an_object(suit: Suit, number: int) -> None:
    token = Token(suit, number)
    printed = token_text(suit, number)
    took = message("pokerface.event.took_middle", "de", player="Anna", token=token)
    assert took == f"Anna nimmt {ARTICLE[number]} {printed} aus der Mitte."
    took_from = message("pokerface.event.took_player", "de", player="Dan", target="Ben", token=token)
    assert took_from.startswith(f"Dan nimmt Ben {ARTICLE[number]} {printed} weg;")
    # The subject of a sentence (nominative) has the same article for a neuter and a feminine noun.
    lying = message("pokerface.illegal.token_not_in_middle", "de", token=token, holder="Ben")
    assert lying == f"{ARTICLE[number]} {printed} liegt nicht in der Mitte, sondern bei Ben."
    assert message("pokerface.event.took_middle", "en", player="Anna", token=token) == f"Anna takes the {printed} from the middle."


def test_the_rulebook_example_says_das_a_and_die_4() -> None:
    out = io.StringIO()
    assert main(["replay", "token-round", "--lang", "de"], out=out, err=io.StringIO()) == 0
    text = out.getvalue()
    assert "Anna nimmt das A♣ aus der Mitte." in text and "Ben nimmt die 4♣ aus der Mitte." in text
    assert "Dan nimmt Ben die 4♦ weg" in text
    assert "die A♣" not in text and "die A♦" not in text


# Two hands of each kind that tie exactly (the board plays), and the German object of "beide haben".
TIES = {
    Category.HIGH_CARD: ("Ah Kd 9c 7s 3h", "2c 4d", "2d 4h", "die höchste Karte Ass"),
    Category.PAIR: ("Ah Ad 9c 7s 3h", "2c 4d", "2d 4h", "ein Paar Asse"),
    Category.TWO_PAIR: ("Ah Ad 9c 9s 3h", "2c 4d", "2d 4h", "zwei Paare"),
    Category.THREE_OF_A_KIND: ("8h 8d 8c Ks 3h", "2c 4d", "2d 4h", "einen Drilling Achten"),
    Category.STRAIGHT: ("9h 8d 7c 6s 5h", "2c 3d", "2d 3h", "eine Straße bis 9"),
    Category.FLUSH: ("Ah Jh 9h 7h 3h", "2c 4d", "2d 4s", "einen Flush"),
    Category.FULL_HOUSE: ("8h 8d 8c Ks Kh", "2c 4d", "2d 4h", "ein Full House"),
    Category.FOUR_OF_A_KIND: ("8h 8d 8c 8s Kh", "2c 4d", "2d 4h", "einen Vierling Achten"),
    Category.STRAIGHT_FLUSH: ("9h 8h 7h 6h 5h", "2c 3d", "2d 3s", "einen Straight Flush bis 9"),
}


@pytest.mark.parametrize("category", list(Category))
def test_every_hand_name_is_an_accusative_object_in_a_tie(category: Category) -> None:
    board, first, second, said = TIES[category]
    comparison = compare_hands(f"{first} {board}", f"{second} {board}")
    assert comparison.winner == "tie" and comparison.a.category is category
    assert f"beide haben {said}" in comparison.text("de")


def test_a_royal_flush_is_einen_royal_flush() -> None:
    board = "Ah Kh Qh Jh Th"
    assert "beide haben einen Royal Flush" in compare_hands(f"2c 3d {board}", f"2d 3s {board}").text("de")


@pytest.mark.parametrize("category", list(Category))
def test_both_have_names_the_category_in_the_accusative(category: Category) -> None:
    expected = {
        Category.HIGH_CARD: "nur eine höchste Karte", Category.PAIR: "ein Paar", Category.TWO_PAIR: "zwei Paare",
        Category.THREE_OF_A_KIND: "einen Drilling", Category.STRAIGHT: "eine Straße", Category.FLUSH: "einen Flush",
        Category.FULL_HOUSE: "ein Full House", Category.FOUR_OF_A_KIND: "einen Vierling",
        Category.STRAIGHT_FLUSH: "einen Straight Flush",
    }[category]
    assert message("compare.both", "de", category=category) == f"beide haben {expected}"


def test_the_showdown_with_two_equal_three_of_a_kind_says_einen_drilling() -> None:
    out = io.StringIO()
    args = ["showdown", "--lang", "de", "--board", "8h 8d 8c Ks 3h",
            "--hand", "Anna=2c 4d", "--hand", "Ben=2d 4h", "--hand", "Carla=Kd Kh"]
    main(args, out=out, err=io.StringIO())
    assert "beide haben einen Drilling Achten" in out.getvalue()
    assert best_hand("2c 4d 8h 8d 8c Ks 3h").category is Category.THREE_OF_A_KIND
