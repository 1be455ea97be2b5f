"""PokerGuess in words a learner can trust: counts agree with their nouns, German cards take
their article and case from the catalogue, input is read in every language whatever the app's
language, every error is keyed, and every step of the check says why it comes where it does."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.errors import CardParseError, KitError, OptionError
from pokerkit_teach.core.i18n import LANGUAGES, catalogue
from pokerkit_teach.core.scenarios import ScenarioError
from pokerkit_teach.games.pokerguess import GAME, Prediction, PredictionParseError
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure, input_words, linking_words, parse_drez_cards
from pokerkit_teach.games.pokerguess.check import check_prediction, order_reason
from pokerkit_teach.games.pokerguess.scenarios import PokerGuessScenario, parse_guess_move
from pokerkit_teach.games.pokerguess.actions import Check, Deal, Fold, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules

RED_BISHOP = DrezCard(Figure.BISHOP, Colour.RED)


# ---------------------------------------------------------------------- counts


def test_a_prediction_of_one_card_is_singular() -> None:
    one = Prediction(1, Colour.RED, 1, Figure.PAWN)
    assert one.text("en") == "1 red card and 1 Pawn"
    assert one.text("de") == "1 rote Karte und 1 Bauer"
    assert Prediction(4, Colour.GREEN, 3, Figure.ROOK).text("de") == "4 grüne Karten und 3 Türme"


def test_paying_one_chip_says_chip() -> None:
    rules = PokerGuessRules(("A", "B", "C"), starting_chips=5, initial_bet=1, max_rounds=1)
    state = rules.new_game(seed=3)
    events = state.apply(Predict(1, Prediction.parse("1 red 1 pawn"), 1))
    assert events[-1].describe("en") == "B pays 1 chip, raising the bet by 1, and predicts 1 red card and 1 Pawn."
    assert events[-1].describe("de") == "B zahlt 1 Chip, erhöht den Einsatz um 1 und sagt 1 rote Karte und 1 Bauer voraus."


def shared_pot(pot_left_over: bool) -> list[str]:
    """A round nobody's prediction wins: the pot is shared (with one chip left over when C folds after B's raise)."""
    rules = PokerGuessRules(("A", "B", "C"), starting_chips=5, initial_bet=1, max_rounds=1, max_raise=3)
    state = rules.new_game(seed=1, auto_chance=False)
    cards = parse_drez_cards("P1 P2 P3 P4 P5 P6 N1 N2 N3 N4 N5")
    state.apply(Deal(((cards[0], cards[1]), (cards[2], cards[3]), (cards[4], cards[5])), cards[6:11]))
    state.apply(Predict(1, Prediction(6, Colour.GREEN, 9, Figure.JOKER), 1 if pot_left_over else 0))
    if pot_left_over:
        state.apply(Fold(2))
    else:
        state.apply(Predict(2, Prediction(6, Colour.GREEN, 8, Figure.JOKER)))
    state.apply(Predict(0, Prediction(6, Colour.GREEN, 7, Figure.JOKER)))
    while state.round.phase.value in ("reveal", "betting1", "betting2"):
        seat = state.current_player()
        state.apply(Reveal(seat, 0) if state.round.phase.value == "reveal" else Stay(seat))
    state.apply(Check())
    return [e.describe(lang) for e in state.events for lang in ("en", "de") if e.kind.startswith("pot_shared")]


def test_a_shared_pot_says_nothing_about_a_remainder_of_zero() -> None:
    text = shared_pot(pot_left_over=False)
    assert text == ["No prediction holds: 3 players share the pot of 3 chips, 1 chip each",
                    "Keine Vorhersage stimmt: 3 Spieler teilen sich den Pot von 3 Chips, je 1 Chip"]


def test_a_chip_left_over_is_one_chip() -> None:
    en, de = shared_pot(pot_left_over=True)
    assert en.endswith("and the 1 chip left over goes to the highest prediction"), en
    assert de.endswith("je 2 Chips; 1 Chip bleibt übrig und geht an die höchste Vorhersage"), de


def test_a_game_of_one_round_says_round() -> None:
    rules = PokerGuessRules(("A", "B"), max_rounds=1)
    from pokerkit_teach.core.match import Match
    state = Match(rules.new_game(seed=2), GAME.bots_for(["counter"], 2, [1, 2])).play_to_end()
    last = state.events[-1]
    assert "after 1 round;" in last.describe("en") and "nach 1 Runde;" in last.describe("de")


# ---------------------------------------------------------------------- German grammar


def test_german_card_forms_have_article_case_and_declension() -> None:
    queen = DrezCard(Figure.QUEEN, Colour.RED)
    pawn = DrezCard(Figure.PAWN, Colour.MAGENTA)
    assert [RED_BISHOP.localized("de", f) for f in ("name", "the", "the_acc")] == ["roter Läufer", "der rote Läufer", "den roten Läufer"]
    assert [queen.localized("de", f) for f in ("name", "the", "the_acc")] == ["rote Dame", "die rote Dame", "die rote Dame"]
    assert pawn.localized("de", "the_acc") == "den magentafarbenen Bauern"  # a weak noun: den Bauern
    assert RED_BISHOP.localized("en", "the_acc") == "the Red Bishop"


def test_german_card_faces_use_german_letters() -> None:
    assert [DrezCard(f, Colour.BLUE).symbol("de") for f in sorted(Figure, reverse=True)] == ["J5", "D5", "T5", "L5", "S5", "B5"]
    assert RED_BISHOP.symbol("en") == "B2"


def test_showing_a_card_takes_the_accusative() -> None:
    from pokerkit_teach.games.pokerguess.events import PokerGuessEvent
    event = PokerGuessEvent("revealed", 1, 0, 0, (("player", "Top"), ("card", DrezCard(Figure.BISHOP, Colour.BLUE))))
    assert event.describe("de") == "Top zeigt den blauen Läufer."
    assert event.describe("en") == "Top shows the Blue Bishop."


def test_the_check_says_which_cards_each_group_takes_in_the_accusative() -> None:
    cards = parse_drez_cards("Q2 N2 R2 P2 P9 P6")
    verdict = check_prediction(Prediction(4, Colour.RED, 3, Figure.PAWN), cards)
    assert not verdict.holds
    german = verdict.text("de")
    assert german.startswith("Falsch: die Gruppe Rot nimmt die rote Dame, den roten Springer, den roten Turm und den roten Bauern")
    assert "also fehlt der rote Bauer in der Gruppe der Bauern" in german  # the reason two pawns are left, not three


# ---------------------------------------------------------------------- input in every language


@pytest.mark.parametrize("text", ["4 red 3 pawns", "4 rot 3 bauern", "4 ROTE Karten und 3 Bauern", "3 Bauern, 4 Karten in Rot",
                                  "4 red cards and 3 pawns"])
def test_predictions_are_read_in_english_and_german(text: str) -> None:
    assert Prediction.parse(text) == Prediction(4, Colour.RED, 3, Figure.PAWN)


@pytest.mark.parametrize("text", ["Läufer Blau", "blauer Läufer", "den blauen Läufer", "LAEUFER blau", "laufer blau", "Blue Bishop", "the blue bishop"])
def test_card_names_are_read_in_english_and_german(text: str) -> None:
    assert DrezCard.from_text(text) == DrezCard(Figure.BISHOP, Colour.BLUE)


def test_the_short_notation_reads_the_app_language_first() -> None:
    assert DrezCard.from_text("B5", "de") == DrezCard(Figure.PAWN, Colour.BLUE)  # B for Bauer
    assert DrezCard.from_text("B5") == DrezCard(Figure.BISHOP, Colour.BLUE)
    assert DrezCard.from_text("L5", "en") == DrezCard.from_text("Q5", "de").__class__(Figure.BISHOP, Colour.BLUE)  # no English L
    assert DrezCard.from_text("Q5", "de") == DrezCard(Figure.QUEEN, Colour.BLUE)  # no German Q: the English one


def test_no_input_word_names_two_things_in_any_pair_of_languages() -> None:
    words = input_words()  # raises ValueError if a word named both a colour and a figure, or two colours
    fillers = linking_words("cards") | linking_words("and") | linking_words("links") | linking_words("articles")
    assert not fillers & set(words)
    for lang in LANGUAGES:
        for figure in Figure:
            assert catalogue(lang)[f"figure.words.{figure.name.lower()}"].strip(), (lang, figure)


def test_a_parse_error_hint_is_said_in_the_language_of_the_message() -> None:
    with pytest.raises(PredictionParseError) as refused:
        Prediction.parse("4 rot")
    assert "„4 rot 3 Bauern“" in refused.value.text("de") and "'4 red 3 pawns'" in str(refused.value)
    with pytest.raises(PredictionParseError) as unknown:
        Prediction.parse("4 rot 3 pferdchen")
    assert "Springer (oder Pferd)" in unknown.value.text("de")


# ---------------------------------------------------------------------- keyed errors


def test_card_errors_are_keyed_and_said_in_german() -> None:
    with pytest.raises(CardParseError) as refused:
        DrezCard.from_text("Z5", "de")
    assert refused.value.text("de").endswith(
        "unbekannter Figurenbuchstabe Z; schreib einen Figurenbuchstaben (J D T L S B) und eine Farbnummer von 1 bis 9 "
        "wie L5 oder den Namen einer Karte wie „blauer Läufer“")
    with pytest.raises(CardParseError) as word:
        DrezCard.from_text("blauer Pinguin")
    assert "unbekanntes Wort „pinguin“" in word.value.text("de")


@pytest.mark.parametrize("options", [{"max_raise": 0}, {"colour_order": "rainbow"}, {"count_folded_cards": 3}, {"starting_chips": 0}, {"nonsense": 1}])
def test_option_errors_are_said_in_german(options: dict[str, object]) -> None:
    with pytest.raises(OptionError) as refused:
        GAME.new_rules(3, options)
    assert refused.value.key is not None and refused.value.text("de") != str(refused.value)
    assert "erwartet" in refused.value.text("de")


def test_scenario_errors_are_keyed() -> None:
    data = {"game": "pokerguess", "players": ["A", "B"], "dealer": "Nobody", "rounds": []}
    with pytest.raises(ScenarioError) as refused:
        PokerGuessScenario.from_dict(data, "guess.json")
    assert refused.value.text("de") == "guess.json: der Geber „Nobody“ ist keiner der Spieler"
    with pytest.raises(ScenarioError) as move:
        parse_guess_move("A shows 3", ("A", "B"))
    assert move.value.text("de") == "ein Spieler zeigt die eigene Karte 1 oder 2, nicht 3"
    bad_cards = {"game": "pokerguess", "players": ["A", "B"], "dealer": "B",
                 "rounds": [{"private": {"A": "B5, B6", "B": "J1"}, "community": "P1 P2 P3 P4 P5", "moves": []}]}
    with pytest.raises(KitError) as cards:
        PokerGuessScenario.from_dict(bad_cards, "guess.json")
    assert cards.value.text("de").startswith("guess.json, Runde 1: die eigenen Karten von B: ")


# ---------------------------------------------------------------------- reasons


def test_each_prediction_checked_after_another_says_why() -> None:
    top, left = ("Top", Prediction.parse("4 red 4 bishops")), ("Left", Prediction.parse("4 red 4 pawns"))
    right, bottom = ("Right", Prediction.parse("4 red 3 pawns")), ("Bottom", Prediction.parse("3 green 3 jokers"))
    assert order_reason(top, left).text("en") == "Both predict 4 red cards and 4 cards of one figure, and Bishops rank above Pawns"
    assert order_reason(left, right).text("en") == "Both predict 4 red cards, and Left's figure group is larger (4 against 3)"
    assert order_reason(right, bottom).text("de") == "Die Farbgruppe von Right ist größer (4 gegen 3)"
    blue = ("Blue", Prediction.parse("3 blue 3 jokers"))
    assert order_reason(bottom, blue).text("en") == (
        "Both predict 3 cards of one colour, and Bottom's colour Green (number 9) ranks above Blue (number 5)")


def test_the_replayed_check_gives_the_order_reason() -> None:
    from pokerkit_teach.games.pokerguess.scenarios import load_scenario
    replay = load_scenario("pokerguess-example").replay()
    lines = [line for step in replay.steps for line in step.lines("en")]
    assert any("checked after Top's prediction because both predict 4 red cards and 4 cards of one figure" in line for line in lines)


def test_every_german_card_takes_its_article_and_case() -> None:
    """All 54 cards in a sentence that takes the accusative ('Top zeigt ...') and in the nominative."""
    from pokerkit_teach.games.pokerguess.cards import pokerdrez_deck
    for card in pokerdrez_deck(include_neutral=False):
        assert isinstance(card, DrezCard)
        acc, nom, bare = (card.localized("de", form) for form in ("the_acc", "the", "name"))
        if card.figure is Figure.QUEEN:  # die Dame: the same in both cases, weak -e after die
            assert acc == nom and acc.startswith("die ") and acc.split()[1].endswith("e") and bare.split()[0].endswith("e"), acc
        else:  # der Läufer / den blauen Läufer / blauer Läufer
            assert nom.startswith("der ") and nom.split()[1].endswith("e"), nom
            assert acc.startswith("den ") and acc.split()[1].endswith("en"), acc
            assert bare.split()[0].endswith("er"), bare
        assert acc.endswith("Bauern") == (card.figure is Figure.PAWN)  # the weak noun: den Bauern
