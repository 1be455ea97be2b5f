"""The Póker a Voces explorer, driven as a learner would (values typed, buttons clicked), without a browser.

Expected answers are worked out by hand from the rulebook and the cards, not by asking the engine again.
"""

from __future__ import annotations


import pytest


from tests.apps.voces_driver import deck_size, game_state, text, type_hands

from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.widgets.index import APPS, LESSONS, IndexApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp
from pokerkit_teach.widgets.voces_parts import SPECIAL_EXAMPLES


# -- the deck


@pytest.mark.parametrize(
    ("players", "specials", "size", "summary", "german"),
    [
        # N + 1 suits of 13, and N + 1 copies of each special card chosen
        (3, [], 52, "3 players: 4 suits of 13 make 52 numbered cards, plus 0 special cards: 52 cards in all.",
         "3 Spieler: 4 Farben zu 13 Karten ergeben 52 Zahlenkarten, dazu 0 Sonderkarten: zusammen 52 Karten."),
        (3, [Special.RACCOON], 56, "3 players: 4 suits of 13 make 52 numbered cards, plus 4 special cards: 56 cards in all.",
         "3 Spieler: 4 Farben zu 13 Karten ergeben 52 Zahlenkarten, dazu 4 Sonderkarten: zusammen 56 Karten."),
        (4, [Special.RACCOON, Special.DOVE], 75, "4 players: 5 suits of 13 make 65 numbered cards, plus 10 special cards: 75 cards in all.",
         "4 Spieler: 5 Farben zu 13 Karten ergeben 65 Zahlenkarten, dazu 10 Sonderkarten: zusammen 75 Karten."),
        (6, [Special.BABOON, Special.CAPYBARA], 105, "6 players: 7 suits of 13 make 91 numbered cards, plus 14 special cards: 105 cards in all.",
         "6 Spieler: 7 Farben zu 13 Karten ergeben 91 Zahlenkarten, dazu 14 Sonderkarten: zusammen 105 Karten."),
    ],
)
def test_deck_has_one_suit_more_than_players_and_as_many_copies_of_each_special(
    players: int, specials: list[Special], size: int, summary: str, german: str
) -> None:
    app = VocesExplorerApp(query="seed=1")
    app.deck_players.value = players
    app.deck_specials.choose(specials)
    assert deck_size(app) == size
    shown = text(app.deck_view.value)
    assert summary in shown
    app.language.value = "de"
    assert german in text(app.deck_view.value)
    app.language.value = "en"
    assert app.deck_view.value.count("pkt-voces-deck-suit") == players + 1
    for kind in specials:
        assert f"data-kind='{kind.value}'" in app.deck_view.value
    assert app.deck_view.value.count("pkt-voces-deck-special") == len(specials)


@pytest.mark.parametrize("lang, refusal", [
    ("en", "Choose at most two kinds of special card"), ("de", "Wähle höchstens zwei Arten von Sonderkarten"),
])
def test_three_kinds_of_special_card_are_refused_and_the_deck_stays(lang: str, refusal: str) -> None:
    app = VocesExplorerApp(query=f"seed=1&lang={lang}")
    app.deck_specials.choose([Special.RACCOON, Special.DOVE])
    before = app.deck_view.value
    app.deck_specials.buttons[Special.BABOON].value = True
    assert refusal in text(app.message_area.value) and "pkt-error" in app.message_area.value
    assert app.deck_view.value == before
    app.deck_specials.buttons[Special.BABOON].value = False
    assert "pkt-error" not in app.message_area.value


# -- ranking dealt and typed hands


def test_deal_is_reproducible_from_the_seed() -> None:
    first, again = VocesExplorerApp(query="seed=7&players=5"), VocesExplorerApp(query="seed=7&players=5")
    assert first.hands_input.value == again.hands_input.value
    assert len(first.hands) == 5 and len({c for _, cards in first.hands for c in cards}) == 25
    assert "Seed 7, deal 1" in first.seed_line.value
    again.language.value = "de"
    assert "Startwert 7, Durchgang 1" in again.seed_line.value
    first.rank_players.value = 3
    first.deal_button.click()
    assert "Seed 7, deal 2" in first.seed_line.value and len(first.hands) == 3
    first.language.value = "de"
    assert "Startwert 7, Durchgang 2" in first.seed_line.value
    first.language.value = "en"
    assert first.rank_result.value.count("<tr") == 4  # a heading and three ranked hands


def test_typed_hands_are_ranked_with_the_wild_card_resolved() -> None:
    app = VocesExplorerApp(query="seed=1")
    # Anna: four Kings and a Raccoon, which stands for a fifth King; Ben: a flush in suit 2
    type_hands(app, "Anna = Ks1 Ks2 Ks3 Ks4 raccoon\nBen = 2s2 7s2 9s2 Js2 As2")
    assert "pkt-error" not in app.message_area.value and "The 2 typed hands are revealed" in text(app.message_area.value)
    shown = text(app.rank_result.value)
    assert "Anna: Raccoon → K●" in shown and "five Kings (the Raccoon stands for K●)" in shown
    assert "1 Anna" in shown and "2 Ben" in shown and "a flush" in shown
    assert "Anna wins the hand." in shown
    assert "pkt-voces-wild" in app.rank_result.value and 'aria-label="K● (King of suit 1)"' in app.rank_result.value
    assert "The hands were typed in." in app.seed_line.value
    app.language.value = "de"
    shown = text(app.rank_result.value)
    assert "Anna: Waschbär → K●" in shown and "fünf Könige (der Waschbär steht für K●)" in shown
    assert "1 Anna" in shown and "2 Ben" in shown and "ein Flush" in shown
    assert "Anna gewinnt die Hand." in shown
    assert 'aria-label="K● (König der Farbe 1)"' in app.rank_result.value
    assert "Die Hände wurden eingetippt." in app.seed_line.value
    german = VocesExplorerApp(query="seed=1&lang=de")
    type_hands(german, "Anna = Ks1 Ks2 Ks3 Ks4 raccoon\nBen = 2s2 7s2 9s2 Js2 As2")
    assert "Die 2 eingetippten Hände sind aufgedeckt" in text(german.message_area.value)


def test_two_raccoons_in_typed_hands_knock_both_holders_out() -> None:
    app = VocesExplorerApp(query="seed=1")
    type_hands(app, "Ks1 Ks2 Ks3 Ks4 raccoon\nAs1 As2 As3 Qs1 raccoon\n2s1 4s2 6s3 8s4 10s1")
    shown = text(app.rank_result.value)
    assert ("Anna is out of this hand. Raccoons shown in it: 1 Raccoon from Anna and 1 Raccoon from Ben. Two or more Raccoons "
            "in one hand, whoever brought them, put everyone who shows one out.") in shown
    assert "Ben is out of this hand" in shown and "Carla wins the hand." in shown
    app.language.value = "de"
    shown = text(app.rank_result.value)
    assert "Anna scheidet aus dieser Hand aus. Aufgedeckte Waschbären darin: 1 Waschbär von Anna und 1 Waschbär von Ben." in shown
    assert "Ben scheidet aus dieser Hand aus" in shown and "Carla gewinnt die Hand." in shown


def test_baboon_in_a_typed_hand_is_swapped_for_a_drawn_card() -> None:
    app = VocesExplorerApp(query="seed=4")
    type_hands(app, "Anna = 9s1 9s2 9s3 4s1 baboon\nBen = 2s1 3s2 5s3 7s4 Js1")
    shown = text(app.rank_result.value)
    assert "Three cards are drawn from the deck:" in shown and "Anna swaps the Baboon for" in shown
    assert "No Baboon" not in shown
    app.language.value = "de"
    shown = text(app.rank_result.value)
    assert "Drei Karten werden vom Nachziehstapel gezogen:" in shown and "Anna tauscht den Pavian gegen" in shown
    assert "Kein Pavian" not in shown


@pytest.mark.parametrize(
    ("hands", "english", "german"),
    [
        ("Anna = Ks1 Ks2 Zs3 Ks4 raccoon", "“Zs3” in the hand of Anna is not a Póker a Voces card",
         "„Zs3“ in der Hand von Anna ist keine Póker-a-Voces-Karte"),
        ("Anna = Ks1 Ks2 Ks9 Ks4 raccoon", "“Ks9” in the hand of Anna is not a Póker a Voces card",
         "„Ks9“ in der Hand von Anna ist keine Póker-a-Voces-Karte"),
        ("Anna = Ks1 Ks2 unicorn Ks4 raccoon", "“unicorn” in the hand of Anna is not a Póker a Voces card",
         "„unicorn“ in der Hand von Anna ist keine Póker-a-Voces-Karte"),
        ("Anna = Ks1 Ks2 Ks3 Ks4 raccoon\nBen = Ks1 As2 9s3 9s4 2s1", "K● (King of suit 1) appears twice: in the hand of Anna and in the hand of Ben",
         "K● (König der Farbe 1) kommt zweimal vor: in der Hand von Anna und in der Hand von Ben"),
        ("Anna = Ks1 Ks2 Ks3 Ks1 2s1", "K● (King of suit 1) appears twice: in the hand of Anna and in the hand of Anna",
         "K● (König der Farbe 1) kommt zweimal vor: in der Hand von Anna und in der Hand von Anna"),
        ("Anna = Ks1 Ks2 raccoon#1 Ks4 2s1\nBen = As1 As2 raccoon#1 9s4 2s2", "Raccoon appears twice: in the hand of Anna and in the hand of Ben",
         "Waschbär kommt zweimal vor: in der Hand von Anna und in der Hand von Ben"),
        ("Anna = Ks1 Ks2 Ks3 Ks4", "The hand of Anna has 4 cards; a hand has exactly 5.",
         "Die Hand von Anna hat 4 Karten; eine Hand hat genau 5."),
        ("Anna = Ks1 Ks2 Ks3 Ks4 2s1 3s1", "The hand of Anna has 6 cards; a hand has exactly 5.",
         "Die Hand von Anna hat 6 Karten; eine Hand hat genau 5."),
        ("Anna = Ks1 Ks2 Ks3 Ks4 2s1\nAnna = As1 As2 As3 As4 2s2", "The name Anna is used twice", "Der Name Anna kommt zweimal vor"),
        ("   ", "Type at least one hand of five cards", "Tippe mindestens eine Hand aus fünf Karten ein"),
        ("\n".join(f"2s{s} 3s{s} 4s{s} 5s{s} 7s{s}" for s in range(1, 8)), "7 hands are typed; at most 6 can be compared.",
         "Es sind 7 Hände eingetippt; verglichen werden höchstens 6."),
    ],
)
def test_bad_hands_are_named_and_change_nothing(hands: str, english: str, german: str) -> None:
    for lang, expected, unchanged in (("en", english, "Nothing was changed"), ("de", german, "Es wurde nichts geändert")):
        app = VocesExplorerApp(query=f"seed=3&lang={lang}")
        before = (app.hands, app.revealed, app.rank_result.value, app.seed_line.value)
        type_hands(app, hands)
        assert "pkt-error" in app.message_area.value and 'role="alert"' in app.message_area.value
        assert expected in text(app.message_area.value) and unchanged in app.message_area.value
        assert (app.hands, app.revealed, app.rank_result.value, app.seed_line.value) == before
        assert app.output.outputs == ()  # no traceback


def test_bad_hand_message_in_german() -> None:
    app = VocesExplorerApp(query="seed=3&lang=de")
    type_hands(app, "Anna = Ks1 Ks2 Zs3 Ks4 raccoon")
    assert "„Zs3“ in der Hand von Anna ist keine Póker-a-Voces-Karte" in text(app.message_area.value)
    type_hands(app, "Anna = Ks1 Ks2 Ks3 Ks4")
    assert "Die Hand von Anna hat 4 Karten; eine Hand hat genau 5. Es wurde nichts geändert." in text(app.message_area.value)


# -- the special cards, one prepared example each


EXPECTED = {
    # example: (what the steps must show, who wins)
    "raccoon_wild": (["Anna: Raccoon → Q●", "four Queens (the Raccoon stands for Q●)", "a full house, Jacks full of 4s"], "Anna wins the hand."),
    "raccoon_pair": (["Anna is out of this hand. Raccoons shown in it: 1 Raccoon from Anna and 1 Raccoon from Ben.",
                      "Ben is out of this hand. Raccoons shown in it:"], "Carla wins the hand."),
    "dove_pair": (["five 9s (the Dove stands for 9●)", "10s full of 5s (the Dove stands for 10●)", "four Kings"], "Anna wins the hand."),
    "dove_alone": (["the Dove counts for nothing: no other player shows a Dove", "three Queens"], "Ben wins the hand."),
    "dove_own_pair": (["Anna is out of this hand: two Doves in one player's own hand put that player out. Doves shown in it: 2 Doves from Anna."],
                      "Ben wins the hand."),
    "capybara": (["Capybaras shown: 1, an odd number. The worst hand wins, so each wild card and Baboon takes the card that makes its hand lowest.", "1 Ben", "3 Carla"], "Ben wins the hand."),
    "baboon": (["Three cards are drawn from the deck: 3● 9◆ Q▲", "Anna swaps the Baboon for 9◆.", "four 9s"], "Anna wins the hand."),
    "penguin": (["two pair, Aces and Kings", "Anna wins with an Emperor Penguin: +10 points."], "Anna wins the hand."),
}
GERMAN = {
    "raccoon_wild": (["Anna: Waschbär → D●", "vier Damen (der Waschbär steht für D●)", "ein Full House, drei Buben und zwei Vieren"],
                     "Anna gewinnt die Hand."),
    "raccoon_pair": (["Anna scheidet aus dieser Hand aus. Aufgedeckte Waschbären darin: 1 Waschbär von Anna und 1 Waschbär von Ben.",
                      "Ben scheidet aus dieser Hand aus. Aufgedeckte Waschbären darin:"], "Carla gewinnt die Hand."),
    "dove_pair": (["fünf Neunen (die Taube steht für 9●)", "drei Zehnen und zwei Fünfen (die Taube steht für 10●)", "vier Könige"], "Anna gewinnt die Hand."),
    "dove_alone": (["Die Taube zählt nichts: Kein anderer Spieler deckt eine Taube auf", "drei Damen"], "Ben gewinnt die Hand."),
    "dove_own_pair": (["Anna scheidet aus dieser Hand aus: Wer zwei Tauben in der eigenen Hand hat, scheidet aus. Aufgedeckte Tauben darin: 2 Tauben von Anna."],
                      "Ben gewinnt die Hand."),
    "capybara": (["Aufgedeckte Wasserschweine: 1, eine ungerade Zahl. Die schlechteste Hand gewinnt, darum nimmt jeder Joker und jeder Pavian die Karte, die seine Hand am niedrigsten macht.", "1 Ben", "3 Carla"],
                 "Ben gewinnt die Hand."),
    "baboon": (["Drei Karten werden vom Nachziehstapel gezogen: 3● 9◆ D▲", "Anna tauscht den Pavian gegen 9◆.", "vier Neunen"],
               "Anna gewinnt die Hand."),
    "penguin": (["zwei Paare, Asse und Könige", "Anna gewinnt mit einem Kaiserpinguin: +10 Punkte."], "Anna gewinnt die Hand."),
}


def test_every_special_card_has_an_example() -> None:
    assert {example.kind for example in SPECIAL_EXAMPLES} == set(Special)
    assert {example.name for example in SPECIAL_EXAMPLES} == set(EXPECTED) == set(GERMAN)


@pytest.mark.parametrize("name", list(EXPECTED))
@pytest.mark.parametrize("lang", ["en", "de"])
def test_special_card_example_shows_the_expected_outcome(name: str, lang: str) -> None:
    app = VocesExplorerApp(query=f"seed=1&lang={lang}")
    app.example_choice.value = name
    shown = text(app.example_result.value)
    parts, winner = (EXPECTED if lang == "en" else GERMAN)[name]
    for part in parts:
        assert part in shown, part
    assert winner in shown
    for step in ("shown", "baboon", "eliminated", "wilds", "capybara", "winner"):
        assert f"pkt-voces-step-{step}" in app.example_result.value
    assert text(app.example_about.value)


def test_capybara_example_ranks_the_worst_hand_first() -> None:
    app = VocesExplorerApp(query="seed=1")
    app.example_choice.value = "capybara"
    shown = text(app.example_result.value)
    # one Capybara: Ben's 7-high (four cards with a value) beats Anna's Ace-high and Carla's pair
    assert shown.index("1 Ben") < shown.index("2 Anna") < shown.index("3 Carla")


# -- the rulebook's examples, step by step


def test_rulebook_round_replays_forward_and_back() -> None:
    app = VocesExplorerApp(query="seed=1")
    assert app.scenario.value == "voces-round-example"
    assert "Step 1 of 32" in app.navigator.counter.value and app.navigator.buttons["back"].disabled
    app.navigator.buttons["forward"].click()
    assert "move: Gema: place" in text(app.narration.value)
    assert "Gema puts a hand face down under token 1" in text(app.narration.value)
    app.language.value = "de"
    assert "Gema legt eine Hand verdeckt unter Marker 1" in text(app.narration.value)
    app.language.value = "en"
    app.navigator.buttons["last"].click()
    narration = text(app.narration.value)
    assert app.navigator.buttons["forward"].disabled and "Step 32 of 32" in app.navigator.counter.value
    # the rulebook: Gema has 8 in coins and folded her second hand: 10 points
    assert "Gema scores 10 points for the round: 8 in coins, 2 for folds" in narration
    assert "five unseen cards" in text(app.scenario_table.value)  # Leo's third hand was filled blind
    app.language.value = "de"
    assert "Schritt 32 von 32" in app.navigator.counter.value
    assert "Gema erzielt 10 Punkte in dieser Runde: 8 aus Münzen, 2 fürs Aussteigen" in text(app.narration.value)
    assert "fünf ungesehene Karten" in text(app.scenario_table.value)
    app.language.value = "en"
    app.navigator.buttons["back"].click()
    assert "Step 31 of 32" in app.navigator.counter.value and "Gema scores 10" not in text(app.narration.value)
    app.navigator.buttons["first"].click()
    assert "Step 1 of 32" in app.navigator.counter.value


def test_capybara_scenario_is_chosen_and_replayed() -> None:
    app = VocesExplorerApp(query="seed=1")
    app.scenario.value = "voces-capybara"
    assert "Step 1 of 21" in app.navigator.counter.value
    app.navigator.buttons["last"].click()
    narration = text(app.narration.value)
    # the rulebook: Gema's A K 5 3 2 against Marina's J 9 7 6 and a Capybara: Marina's J-high wins
    assert "An odd number of Capybaras in hand 3: the worst hand wins" in narration
    assert "Marina wins hand 3" in narration and "high card Jack" in narration
    app.language.value = "de"
    narration = text(app.narration.value)
    assert "Eine ungerade Zahl von Wasserschweinen in Hand 3: Die schlechteste Hand gewinnt" in narration
    assert "Marina gewinnt Hand 3" in narration and "höchste Karte Bube" in narration
    app.language.value = "en"
    app.navigator.buttons["back"].click()
    assert "Marina wins hand 3" not in text(app.narration.value)
    assert "Marina stays in hand 3" in text(app.scenario_table.value + app.narration.value) or "Step 20 of 21" in app.navigator.counter.value
    app.language.value = "de"
    assert "Marina gewinnt Hand 3" not in text(app.narration.value)
    assert "Marina bleibt in Hand 3" in text(app.scenario_table.value + app.narration.value) or "Schritt 20 von 21" in app.navigator.counter.value


# -- a round against bots


# -- languages, addresses and the index


def test_language_switch_changes_visible_texts() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    app.example_choice.value = "capybara"
    app.navigator.buttons["forward"].click()
    app.game.place_button.click()
    app.language.value = "de"
    assert "Póker-a-Voces-Entdecker" in app.title.value
    assert app.tabs.titles == ("Blatt", "Rangfolge", "Sonderkarten", "Beispiele aus den Regeln", "Gegen Bots spielen")
    assert "4 Spieler: 5 Farben zu 13 Karten ergeben 65 Zahlenkarten" in text(app.deck_view.value)
    assert "Aufgedeckte Wasserschweine: 1, eine ungerade Zahl. Die schlechteste Hand gewinnt, darum nimmt jeder Joker und jeder Pavian die Karte, die seine Hand am niedrigsten macht." in text(app.example_result.value)
    assert "Gema legt eine Hand verdeckt unter Marker 1" in text(app.narration.value)
    assert "Schritt 2 von 32" in app.navigator.counter.value
    assert app.game.stay_button.description == "In Hand 3 bleiben" and app.game.wait_button.description == "Einen Bot ziehen lassen"
    assert "Runde 1 von 1" in text(app.game.status.value)
    assert "legt eine Hand verdeckt unter Marker 1" in text(app.game.log.value)  # the log is put into words again
    assert app.game.bet_button.tooltip == "Es wird noch getauscht: Setzen und Entscheiden kommen nach dem STOPP."  # the engine's reason
    assert app.game.specials.buttons[Special.RACCOON].description == "Waschbär"
    app.language.value = "en"
    assert app.tabs.titles[4] == "Play against bots" and "Capybaras shown: 1" in text(app.example_result.value)


def test_bad_players_in_the_address_is_reported_with_the_voces_range() -> None:
    app = VocesExplorerApp(query="players=2&seed=abc")
    assert app.notice.value.count("pkt-param-error") == 2
    assert "Póker a Voces needs 3 to 6 players" in app.notice.value
    assert app.params.players == 4 and len(game_state(app).players) == 4 and len(app.hands) == 4
    german = VocesExplorerApp(query="players=2&seed=abc&lang=de")
    assert german.notice.value.count("pkt-param-error") == 2
    assert "Póker a Voces braucht 3 bis 6 Spieler" in german.notice.value


def test_index_lists_the_explorer_and_the_lessons() -> None:
    assert "voces_explorer" in APPS and {"06_poker_a_voces_cards", "07_poker_a_voces_betting"} <= set(LESSONS)
    index = IndexApp(query="lang=de")
    assert "href='voces_explorer.ipynb?lang=de'" in index.listing.value and "Póker-a-Voces-Entdecker" in index.listing.value
    assert "href='lessons/de/06_poker_a_voces_cards.ipynb'" in index.listing.value
    assert "href='lessons/de/07_poker_a_voces_betting.ipynb'" in index.listing.value and "Münzen, Aussteigen" in index.listing.value
    english = IndexApp(query="lang=en")
    assert "href='voces_explorer.ipynb?lang=en'" in english.listing.value and "Voces explorer" in english.listing.value
    assert "href='lessons/en/06_poker_a_voces_cards.ipynb'" in english.listing.value
    assert "href='lessons/en/07_poker_a_voces_betting.ipynb'" in english.listing.value
