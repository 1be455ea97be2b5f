"""PokerGuess in Spanish: the catalogue alone makes the game, its input and its explorer speak
Spain Spanish; predictions and card names typed in Spanish are read whatever the app's language."""

from __future__ import annotations

import re
from html import unescape

import pytest

from pokerkit_teach.core.errors import CardParseError
from pokerkit_teach.games.pokerguess import Prediction, PredictionParseError
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure
from pokerkit_teach.games.pokerguess.check import check_prediction, order_reason
from pokerkit_teach.games.pokerguess.scenarios import load_scenario
from pokerkit_teach.widgets.guess_explorer import GuessExplorerApp


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


@pytest.mark.parametrize("typed", ["4 rojo 3 peones", "4 rojas 3 peón", "4 ROJAS 3 PEON", "4 cartas rojas y 3 peones",
                                   "3 peones, 4 cartas de color rojo"])
def test_spanish_predictions_are_read(typed: str) -> None:
    assert Prediction.parse(typed) == Prediction(4, Colour.RED, 3, Figure.PAWN)


@pytest.mark.parametrize("typed", ["alfil azul", "el alfil azul", "Alfil Azul", "azul alfil"])
def test_spanish_card_names_are_read(typed: str) -> None:
    assert DrezCard.from_text(typed) == DrezCard(Figure.BISHOP, Colour.BLUE)


def test_spanish_words_agree_in_gender_and_number() -> None:
    assert Prediction(1, Colour.RED, 1, Figure.PAWN).text("es") == "1 carta roja y 1 peón"
    assert Prediction(4, Colour.YELLOW, 3, Figure.ROOK).text("es") == "4 cartas amarillas y 3 torres"
    queen, knight = DrezCard(Figure.QUEEN, Colour.RED), DrezCard(Figure.KNIGHT, Colour.RED)
    assert [queen.localized("es", f) for f in ("name", "the_acc")] == ["reina roja", "la reina roja"]
    assert [knight.localized("es", f) for f in ("name", "the_acc")] == ["caballo rojo", "el caballo rojo"]
    assert DrezCard(Figure.JOKER, Colour.ORANGE).symbol("es") == "J8" and DrezCard(Figure.BISHOP, Colour.BLUE).symbol("es") == "A5"


def test_spanish_errors_and_hints() -> None:
    with pytest.raises(PredictionParseError) as refused:
        Prediction.parse("4 rojo")
    assert refused.value.text("es") == "La predicción no nombra ninguna figura: añade un número y una figura, por ejemplo «4 rojas 3 peones»"
    with pytest.raises(CardParseError) as card:
        DrezCard.from_text("Z5", "es")
    assert "letra de figura desconocida: Z; escribe una letra de figura (J R T A C P)" in card.value.text("es")


def test_the_spanish_check_gives_its_reasons() -> None:
    from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
    verdict = check_prediction(Prediction(4, Colour.RED, 3, Figure.PAWN), parse_drez_cards("Q2 N2 R2 P2 P9 P6"))
    assert verdict.text("es").startswith("Falla: el grupo rojo se queda con la reina roja, el caballo rojo, la torre roja y el peón rojo")
    assert "así que el peón rojo falta en el grupo de peones: para el grupo de figura solo quedan 2 peones" in verdict.text("es")
    top, left = ("Top", Prediction.parse("4 rojo 4 alfiles")), ("Left", Prediction.parse("4 rojo 4 peones"))
    assert order_reason(top, left).text("es") == (
        "Ambos predicen 4 cartas rojas y 4 cartas de una figura, y en el orden de las figuras van alfiles antes que peones")


def test_the_rulebook_example_in_spanish() -> None:
    lines = [line for step in load_scenario("pokerguess-example").replay().steps for line in step.lines("es")]
    assert "Top enseña el alfil azul." in lines and "Right enseña la reina roja." in lines
    assert lines[-1] == "Bottom se lleva el bote de 4 fichas."


def test_the_explorer_speaks_spanish_from_the_address() -> None:
    app = GuessExplorerApp(query="seed=5&players=4&lang=es")
    assert app.lang == "es" and "Explorador de PokerGuess" in app.title.value
    assert app.tabs.titles == ("Cartas", "Comprobación", "Ejemplo del reglamento", "Jugar contra bots")
    assert "Cartas de cada color" in app.counts.value and "Rojo" in app.counts.value and "Peones" in app.counts.value
    app.example_button.click()
    assert app.hands_input.value.startswith("Top = A5 A8") and "Top: 4 rojas 4 alfiles" in app.predictions_input.value
    app.check_button.click()
    app.all_checks_button.click()
    assert "La predicción de Bottom acierta: Bottom se lleva el bote." in text(app.check_result.value)
    assert "Bote:" in app.game.status.value and app.game.stay_button.description == "Mantener"
    app.hands_input.value = "Ana = alfil azul, reina roja\nBea = Läufer Orange, blue pawn"
    app.community_input.value = "T2 P2 P9 A9 J6"
    app.use_button.click()
    assert app.table is not None and app.table.hands[1][1] == (DrezCard(Figure.BISHOP, Colour.ORANGE), DrezCard(Figure.PAWN, Colour.BLUE))
