"""Póker a Voces in words a learner can trust: counts agree with their nouns, lists have their
conjunction, German reads as German, one describer for a hand, every ranking names its reason, special
cards typed in the learner's language, errors in the learner's language, and Spanish throughout.

Expected sentences are written out by hand from the rulebook and the cards.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from pokerkit_teach.core.errors import CardParseError, IllegalAction, KitError
from pokerkit_teach.core.i18n import LANGUAGES, Items, catalogue
from pokerkit_teach.games.voces.actions import Pick
from pokerkit_teach.games.voces.cards import Special, SpecialCard, parse_voces_card, parse_voces_cards
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.reveal import reveal
from pokerkit_teach.games.voces.state import CardCount
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.widgets.voces_parts import reveal_steps_html

from tests.engine.voces.deals import EVEN_BETS, TO_STOP, play, stacked

SUFFIXES = re.compile(r"\((?:s|en|e|r|n|es)\)")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def event(kind: str, lang: str, **params: object) -> str:
    return VocesEvent(kind, 1, 0, None, tuple(params.items())).describe(lang)


# ---------------------------------------------------------------------- counts and lists


def test_no_suffix_plurals_in_the_voces_catalogues() -> None:
    for lang in LANGUAGES:
        for key, value in catalogue(lang).items():
            if key.startswith(("voces.", "apps.voces.", "count.voces")):
                assert not SUFFIXES.search(value), (lang, key, value)


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "for 1 Baboon", "for each of the 2 Baboons"),
    ("de", "für 1 Pavian", "für jeden der 2 Paviane"),
])
def test_a_bad_pick_counts_the_baboons(lang: str, one: str, two: str) -> None:
    said = IllegalAction("voces.illegal.bad_pick", player="Gema", baboons=1, drawn=3).text(lang)
    assert one in said and "(" not in said.split("3")[-1]
    assert two in IllegalAction("voces.illegal.bad_pick", player="Gema", baboons=2, drawn=3).text(lang)


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("en", "1 card is drawn for it: 4●", "3 cards are drawn for it: 4● 5● 6●"),
    ("de", "wird 1 Karte gezogen: 4●", "werden 3 Karten gezogen: 4● 5● 6●"),
])
def test_the_baboon_draw_says_how_many_cards_were_drawn(lang: str, one: str, three: str) -> None:
    assert one in event("drawn", lang, hand=2, count=1, cards="4●")
    assert three in event("drawn", lang, hand=2, count=3, cards="4● 5● 6●")


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 card changes hands", "2 cards change hands"),
    ("de", "1 Karte wechselt den Besitzer", "2 Karten wechseln den Besitzer"),
])
def test_a_trade_agrees_with_its_count(lang: str, one: str, two: str) -> None:
    assert one in event("traded_unseen", lang, player="Gema", offerer="Marina", count=1)
    assert two in event("traded_unseen", lang, player="Gema", offerer="Marina", count=2)
    assert CardCount(1).localized(lang) != CardCount(2).localized(lang)


@pytest.mark.parametrize(("lang", "shared", "won"), [
    ("en", "Gema and Marina tie for hand 1", "Gema, Marina, and Leo share the victory"),
    ("de", "Gema und Marina liegen bei Hand 1 gleichauf", "Gema, Marina und Leo teilen sich den Sieg"),
])
def test_lists_of_players_have_their_conjunction(lang: str, shared: str, won: str) -> None:
    assert shared in event("hand_shared", lang, players=Items(["Gema", "Marina"]), hand=1, share=3, lost="", why="")
    assert won in event("game_shared", lang, players=Items(["Gema", "Marina", "Leo"]), points=10)


def test_the_engine_lists_tied_players_with_a_conjunction() -> None:
    deck = stacked({("Gema", 3): "As1 Ks1 Qs2 9s3 7s4", ("Marina", 3): "As2 Ks2 Qs3 9s4 7s1", ("Leo", 3): "2s2 3s3 4s4 6s1 8s2"})
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"])
    shared = next(e for e in state.events if e.kind == "hand_shared")
    assert shared.describe("en").startswith("Marina and Gema tie for hand 3")
    assert shared.describe("de").startswith("Marina und Gema liegen bei Hand 3 gleichauf")


def test_nothing_lost_is_not_mentioned() -> None:
    deck = stacked({("Gema", 3): "As1 Ks1 Qs2 9s3 7s4", ("Marina", 3): "As2 Ks2 Qs3 9s4 7s1", ("Leo", 3): "2s2 3s3 4s4 6s1 8s2"})
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"])
    said = next(e for e in state.events if e.kind == "hand_shared").describe("en")
    assert "lost" not in said and "get coins worth 6 each." in said and "the same values; suits do not count" in said


@pytest.mark.parametrize("lang", ["de"])
def test_german_order_of_finishing_without_gendered_suffixes(lang: str) -> None:
    stop = event("stop", lang, player="Marina")
    assert "(r)" not in stop and "ist als zweite Person fertig" in stop
    last = event("placed_last", lang, player="Marina", position=2)
    assert "als 2.)" not in last and "als Nummer 2 fertig" in last


# ---------------------------------------------------------------------- German wording


def test_german_fold_and_stay_say_whose_coins() -> None:
    folded = event("folded", "de", player="Leo", hand=3, coins=4)
    assert "deren" not in folded and "Die Münzen, die Leo darauf gesetzt hat" in folded
    assert "deren" not in event("stayed", "de", player="Leo", hand=3, coins=4)
    deciding = event("deciding", "de", hand=3, player="Leo")
    assert "Alle steigen aus oder bleiben drin" not in deciding
    assert "alle entscheiden der Reihe nach, ob sie aussteigen oder drinbleiben" in deciding


# ---------------------------------------------------------------------- one describer


@pytest.mark.parametrize(("cards", "english", "german"), [
    ("Js1 9s2 7s3 6s4 capybara", "high card Jack", "höchste Karte Bube"),
    ("As1 Ks1 Qs1 Js1 10s1", "a straight flush to the Ace", "ein Straight Flush bis zum Ass"),
    ("capybara capybara#2 emperor_penguin capybara#3 capybara#4", "no card with a value", "keine Karte mit Wert"),
    ("Ks1 Ks2 Ks3 Ks4 raccoon", "five Kings (the Raccoon stands for K●)", "fünf Könige (der Waschbär steht für K●)"),
])
def test_one_describer_in_every_language(cards: str, english: str, german: str) -> None:
    hand = rank_voces_hand(cards)
    assert hand.describe() == english == hand.describe("en") == hand.localized("en")
    assert hand.describe("de") == german == hand.localized("de")
    assert "none" not in hand.describe()


# ---------------------------------------------------------------------- reasons


KINGS = {"Anna": "Ks1 Ks2 9s3 5s4 3s1", "Ben": "Ks3 Ks4 9s1 5s2 2s3"}


@pytest.mark.parametrize(("lang", "reason"), [
    ("en", "the kicker 3 beats the 2"),
    ("de", "die Beikarte 3 schlägt die 2"),
])
def test_the_reveal_names_the_kicker_that_decides(lang: str, reason: str) -> None:
    result = reveal(KINGS)
    assert result.winners == ("Anna",)
    shown = text(reveal_steps_html(list(parse(KINGS).items()), result, lang))
    assert reason in shown


def test_the_reveal_names_the_category_that_decides() -> None:
    hands = {"Anna": "Ks1 Ks2 Ks3 5s4 3s1", "Ben": "As3 As4 9s1 5s2 2s3"}
    shown = text(reveal_steps_html(list(parse(hands).items()), reveal(hands), "en"))
    assert "three of a kind ranks above a pair" in shown


def test_the_engine_log_names_the_kicker() -> None:
    deck = stacked({("Gema", 3): "Ks1 Ks2 9s3 5s4 3s1", ("Marina", 3): "Ks3 Ks4 9s1 5s2 2s3"})
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"])
    won = next(e for e in state.events if e.kind == "hand_won")
    assert "the kicker 3 beats the 2" in won.describe("en")
    assert "die Beikarte 3 schlägt die 2" in won.describe("de")


def parse(hands: dict[str, str]) -> dict[str, tuple[object, ...]]:
    return {name: parse_voces_cards(cards) for name, cards in hands.items()}


# ---------------------------------------------------------------------- input in the learner's language


@pytest.mark.parametrize(("typed", "kind"), [
    ("raccoon", Special.RACCOON), ("Waschbär", Special.RACCOON), ("waschbaer#2", Special.RACCOON),
    ("Taube", Special.DOVE), ("Wasserschwein", Special.CAPYBARA), ("Pavian", Special.BABOON),
    ("Kaiserpinguin", Special.EMPEROR_PENGUIN), ("Kaiser-Pinguin", Special.EMPEROR_PENGUIN), ("penguin", Special.EMPEROR_PENGUIN),
])
def test_special_cards_are_read_in_every_language(typed: str, kind: Special) -> None:
    card = parse_voces_card(typed)
    assert isinstance(card, SpecialCard) and card.kind is kind


def test_hands_typed_in_german_and_spanish_are_ranked() -> None:
    assert rank_voces_hand("Ks1 Ks2 Ks3 Ks4 Waschbär").describe() == "five Kings (the Raccoon stands for K●)"
    assert rank_voces_hand("Bs1 Bs2 Ds3 Ds4 Taube").describe("de").startswith("ein Full House, drei Damen und zwei Buben")


@pytest.mark.parametrize(("lang", "words"), [("de", "unbekannter Wert")])
def test_card_errors_are_said_in_the_learners_language(lang: str, words: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_voces_card("Zs1")
    assert words in caught.value.text(lang)
    assert "unknown value" in str(caught.value)


@pytest.mark.parametrize("call", [
    lambda: rank_voces_hand("Ks1 Ks2 Ks3 Ks4 baboon"),
    lambda: reveal({"A": "Ks1 Ks2 Ks3 Ks4 baboon"}, draw_pile=()),
    lambda: parse_voces_card("Ks9"),
    lambda: SpecialCard(Special.RACCOON, 9),
])
def test_engine_errors_have_catalogue_keys(call: object) -> None:
    with pytest.raises(KitError) as caught:
        call()  # type: ignore[operator]
    error = caught.value
    assert error.key is not None
    assert error.text("de") != error.text("en")


def test_a_pick_refusal_is_keyed_in_the_reveal() -> None:
    with pytest.raises(KitError) as caught:
        reveal({"A": "Ks1 Ks2 Ks3 Ks4 baboon", "B": "2s1 3s2 4s3 6s4 8s1"}, drawn=parse_voces_cards("4s4 As3 9s2"),  # type: ignore[arg-type]
               picks={"A": parse_voces_cards("5s4")})  # type: ignore[dict-item]
    assert caught.value.key == "voces.error.bad_pick"


def test_bad_pick_refusal_in_a_game() -> None:
    deck = stacked({("Gema", 3): "As1 As2 Ks3 Qs1 baboon", ("Marina", 3): "Ks1 Ks2 Ks4 3s2 2s3"}, [Special.BABOON],
                   then="4s4 As3 9s2")
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"], [Special.BABOON])
    with pytest.raises(IllegalAction) as caught:
        state.apply(Pick(0, (4,)))
    assert "for 1 Baboon." in str(caught.value)


def test_german_points_after_mit_are_dative() -> None:
    assert event("game_won", "de", players=Items(["Ben"]), points=16).endswith("Ben gewinnt mit 16 Punkten")
    assert event("game_shared", "de", players=Items(["Ben", "Ana"]), points=1).endswith("mit je 1 Punkt")
