"""The Póker a Voces explorer, driven as a learner would (values typed, buttons clicked), without a browser.

Expected answers are worked out by hand from the rulebook and the cards, not by asking the engine again.
"""

from __future__ import annotations

import re

import pytest

from pokerkit_teach.games.voces.cards import card_order

from tests.apps.voces_driver import card_items, deck_size, game_state, play_round, press_cards, text, type_hands
from ipywidgets.widgets.widget import _instances

from pokerkit_teach.games.voces.actions import Offer, Place
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.widgets.index import APPS, LESSONS, IndexApp
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp
from pokerkit_teach.widgets.voces_parts import SPECIAL_EXAMPLES, card_label
from pokerkit_teach.widgets.voces_play import TRADE_STEPS, WAIT_STEPS


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


def test_you_start_trading_and_buttons_follow_the_engine() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    assert state.phase is VocesPhase.TRADING and state.rules.rounds == 1 and len(state.players) == 4
    assert "Trade, or place your hand under token 1." in text(game.status.value)
    cards = card_items(app)
    assert [item["label"] for item in cards] == [card_label(card, "en") for card in state.hand_of(0)]
    assert all(item["pressable"] and item["state"] == "legal" for item in cards)
    assert game.offer_button.disabled and game.offer_button.tooltip == "Select the cards to trade (at least one)."
    assert game.withdraw_button.disabled and game.withdraw_button.tooltip == "Anna has no open offer to take back."
    assert not game.place_button.disabled and not game.wait_button.disabled
    assert game.bet_button.disabled and game.bet_button.tooltip == "Trading is still going on: bets and decisions come after STOP."
    assert game.stay_button.disabled and game.fold_button.tooltip == "Trading is still going on: bets and decisions come after STOP."
    press_cards(app, 2)
    assert not game.offer_button.disabled and "2 cards" in game.offer_button.tooltip
    assert [item["state"] for item in card_items(app)] == ["chosen", "chosen", "legal", "legal", "legal"]


def test_you_start_trading_and_buttons_follow_the_engine_in_german() -> None:
    app = VocesExplorerApp(query="seed=5&players=4&lang=de")
    game = app.game
    assert "Tausche, oder leg deine Hand unter Marker 1." in text(game.status.value)
    assert game.offer_button.disabled and game.offer_button.tooltip == "Wähle die Karten zum Tauschen aus (mindestens eine)."
    assert game.withdraw_button.disabled and game.withdraw_button.tooltip == "Anna hat kein offenes Angebot zum Zurückziehen."
    still_trading = "Es wird noch getauscht: Setzen und Entscheiden kommen nach dem STOPP."
    assert game.bet_button.disabled and game.bet_button.tooltip == still_trading
    assert game.stay_button.disabled and game.fold_button.tooltip == still_trading
    press_cards(app, 2)
    assert not game.offer_button.disabled and "2 Karten" in game.offer_button.tooltip


def test_three_bot_moves_follow_each_of_your_trading_moves_when_the_bots_do_not_wait() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    game.paced.value = False  # the bots trade on without waiting for you
    state = game_state(app)
    start = len(state.history)
    game.place_button.click()
    moves = state.history[start:]
    assert moves[0] == Place(0) and len(moves) == 1 + TRADE_STEPS and all(getattr(m, "seat", 0) != 0 for m in moves[1:])
    assert state.phase is VocesPhase.TRADING and state.hand_of(0)
    start = len(state.history)
    game.wait_button.click()  # "Let the others trade": a few bot moves more
    assert len(state.history) - start == WAIT_STEPS and all(getattr(m, "seat", 0) != 0 for m in state.history[start:])
    reasons = [entry for kind, entry in game.log_lines if kind == "reason"]
    assert len(reasons) == TRADE_STEPS + WAIT_STEPS and all(player != "Anna" for player, _ in reasons)


def test_an_offer_shows_only_a_count_to_the_others_and_can_be_withdrawn() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    offered = state.hand_of(0)[:2]
    press_cards(app, 2)
    game.offer_button.click()
    assert any(e.kind == "offered" and e.seat == 0 for e in state.events)
    if 0 in state.round.offers:  # no bot has taken it yet
        assert not game.withdraw_button.disabled
        own = game.board.item("offer-0")  # your offer lies face up in front of you; pressing it withdraws it
        assert own["label"] == f"Your open offer: {card_label(offered[0], 'en')} and {card_label(offered[1], 'en')}; press to withdraw it"
        # the others hear only the number: seen from Ben's seat, the offer is 2 cards
        assert dict(state.view_for(1).offers)[0] == 2
        app.language.value = "de"
        assert game.board.item("offer-0")["label"].startswith("Dein offenes Angebot: ")
        game.board.press("offer-0")
        assert 0 not in state.round.offers


def test_accepting_a_bots_offer_swaps_the_same_number_of_cards() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    offered = state.hand_of(1)[:2]
    state.apply(Offer(1, offered))  # Ben calls out an offer of two cards
    game.refresh()
    assert [seat for seat, _ in game.accept_buttons] == [1]
    accept = game.accept_buttons[0][1]
    assert "Take Ben's offer: 2 cards" == accept.description
    assert accept.disabled and accept.tooltip == "Select the cards to trade (at least one)."
    offer = game.board.item("offer-1")  # Ben's offer drawn face down in his seat: only how many cards
    assert offer["label"].startswith("Ben calls out an offer of 2 cards, face down") and offer["state"] == "illegal"
    assert offer["why"] == "Select the cards to trade (at least one)."
    assert not any(card_label(card, "en") in offer["svg"] for card in offered)
    press_cards(app, 1)
    assert accept.disabled and accept.tooltip == "Ben offers 2 cards; a trade gives the same number back, not 1."
    assert game.board.item("offer-1")["why"] == accept.tooltip
    app.language.value = "de"
    accept = game.accept_buttons[0][1]
    assert accept.description == "Angebot von Ben nehmen: 2 Karten"
    assert accept.disabled and accept.tooltip == "Ben bietet 2 Karten an; bei einem Tausch kommen gleich viele zurück, nicht 1."
    before = state.snapshot()
    accept.click()  # a click that gets through anyway: the engine refuses, nothing changes
    assert state.snapshot() == before and "Ben bietet 2 Karten an; bei einem Tausch kommen gleich viele zurück, nicht 1." in text(app.message_area.value)
    app.language.value = "en"
    accept = game.accept_buttons[0][1]
    accept.click()
    assert state.snapshot() == before and "not 1" in text(app.message_area.value)
    given = tuple(state.hand_of(0)[:2])
    game.board.press(str(card_items(app)[1]["key"]))  # the first is still selected: the second makes two
    assert not accept.disabled and game.board.item("offer-1")["state"] == "legal"
    accept.click()
    traded = next(e for e in state.events if e.kind == "traded" and e.seat == 0)
    assert tuple(traded.param("taken")) == tuple(sorted(offered, key=card_order))  # in the kit's one order, as named or not
    assert tuple(traded.param("given")) == tuple(sorted(given, key=card_order))
    assert "Anna takes Ben's offer: 2 cards change hands" in text(game.log.value)
    app.language.value = "de"
    assert "Anna nimmt das Angebot von Ben an: 2 Karten wechseln den Besitzer" in text(game.log.value)


def test_bots_hidden_cards_never_reach_the_learner() -> None:
    app = VocesExplorerApp(query="seed=11&players=5")
    game = app.game
    for _ in range(6):
        game.wait_button.click()
    state = game_state(app)
    log = text(game.log.value)
    # a trade between two bots says only how many cards moved; the bots' reasons name no cards
    trades = re.findall(r"([A-Z][a-z]+) takes ([A-Z][a-z]+)'s offer: ([^.]*)\.", log)
    assert any("Anna" not in (taker, offerer) for taker, offerer, _ in trades), log
    assert all("gives" not in what for taker, offerer, what in trades if "Anna" not in (taker, offerer))
    assert "hidden card" in log and not re.search(r"I offer [AJQK0-9]+[●▲■◆★✚☾]", log)
    # no picture on the table names a card of another player (in hand, offered or placed)
    view = state.view_for(0)
    own = {card for card in view.hand} | {card for cards in view.placed if cards for card in cards}
    hidden = {card for seat in range(1, 5) for card in state.hand_of(seat)} | {
        card for seat in range(1, 5) for cards in state.round.placed[seat] for card in cards}
    hidden = {card for card in hidden - own if not getattr(card, "kind", None)}  # a Raccoon's name is every Raccoon's
    assert hidden
    drawn = " ".join(str(item["label"]) + str(item["svg"]) for item in game.board.items) + game.result.value
    assert not [card for card in hidden if card_label(card, "en") in drawn]
    # the same in German
    app.language.value = "de"
    log = text(game.log.value)
    trades = re.findall(r"([A-Z][a-z]+) nimmt das Angebot von ([A-Z][a-z]+) an: ([^.]*)\.", log)
    assert any("Anna" not in (taker, offerer) for taker, offerer, _ in trades), log
    assert all("gibt" not in what for taker, offerer, what in trades if "Anna" not in (taker, offerer))
    assert "verdeckte Karte" in log and not re.search(r"Ich biete [AJQK0-9]+[●▲■◆★✚☾]", log)
    drawn = " ".join(str(item["label"]) + str(item["svg"]) for item in game.board.items) + game.result.value
    assert not [card for card in hidden if card_label(card, "de") in drawn]


def test_a_full_round_is_played_by_clicks_to_the_final_score() -> None:
    app = VocesExplorerApp(query="seed=3&players=3")
    game = app.game
    game.specials.choose([Special.BABOON])
    game.new_button.click()
    state = game_state(app)
    assert state.rules.specials == ((Special.BABOON,),)
    clicks = play_round(app)
    assert state.is_terminal() and clicks < 40
    assert any(e.kind == "picked" and e.seat == 0 for e in state.events), "you swapped a Baboon"
    scores = state.round_scores[0]
    result = text(game.result.value)
    assert "The reveal of round 1" in result and "Hand 3" in result and "Hand 1" in result
    assert "pkt-voces-score" in game.result.value
    for name, total in zip(state.players, scores):
        assert re.search(rf"{name}( \d+){{4}} {total}\b", result), (name, total, result)
    assert f"You scored {scores[0]} points" in text(game.status.value)
    assert "The game is over" in text(game.status.value)
    assert any(kind == "reason" for kind, _ in game.log_lines) and "pkt-voces-reason" in game.log.value
    assert game.bet_button.disabled and game.bet_button.tooltip == "The game is over."
    app.language.value = "de"
    result = text(game.result.value)
    assert "Das Aufdecken in Runde 1" in result and "Hand 3" in result and "Hand 1" in result
    for name, total in zip(state.players, scores):
        assert re.search(rf"{name}( \d+){{4}} {total}\b", result), (name, total, result)
    assert f"Du hast {scores[0]} Punkte" in text(game.status.value)
    assert "Das Spiel ist vorbei" in text(game.status.value)
    assert game.bet_button.disabled and game.bet_button.tooltip == "Das Spiel ist vorbei."
    assert app.output.outputs == ()


def test_rounds_against_bots_do_not_pile_up_widgets() -> None:
    """Offer and pick buttons are made again when the offers or the picks change; the old ones (with their
    layout and style models) are closed, not left open in the kernel. The cards are pictures on the drawn
    board: no widget per card."""
    app = VocesExplorerApp(query="seed=3&players=3")
    game = app.game
    game.specials.choose([Special.BABOON])
    game.new_button.click()
    shown = lambda: sum(len(box.children) for box in (game.accept_box, game.pick_box))  # noqa: E731
    before, shown_before = len(_instances), shown()
    play_round(app)
    game.new_button.click()
    play_round(app)
    assert len(_instances) - before == 3 * (shown() - shown_before)  # 3 models per button shown now


def test_coin_step_is_checked_by_the_engine() -> None:
    app = VocesExplorerApp(query="seed=2&players=3")
    game = app.game
    state = game_state(app)
    for _ in range(3):
        game.place_button.click()
    assert state.phase is VocesPhase.BETTING and state.current_player() == 0
    assert "Your turn: take a pile" in text(game.status.value)
    app.language.value = "de"
    assert "Du bist dran: Nimm einen Stapel" in text(game.status.value)
    app.language.value = "en"
    game.pile.value = 3
    assert [c.value for c in game.coins] == [0, 1, 2]
    game.coins[0].value = 2  # coins 2, 1, 2 are not pile 3's coins
    assert game.bet_button.disabled and game.bet_button.tooltip == "Pile 3 holds the coins 0, 1, 2: one of them on each hand."
    before = state.snapshot()
    game.bet_button.click()
    assert state.snapshot() == before and "Pile 3 holds the coins 0, 1, 2" in text(app.message_area.value)
    app.language.value = "de"
    assert [c.value for c in game.coins] == [2, 1, 2]
    assert game.bet_button.disabled and game.bet_button.tooltip == "Stapel 3 enthält die Münzen 0, 1, 2: je eine auf jede Hand."
    game.bet_button.click()
    assert state.snapshot() == before and "Stapel 3 enthält die Münzen 0, 1, 2" in text(app.message_area.value)
    app.language.value = "en"
    game.coins[0].value, game.coins[2].value = 2, 0
    game.five_hand.value = 1
    game.five_button.click()
    assert state.view_for(0).five_on[0] == 1
    assert [c.value for c in game.coins] == [2, 1, 0]  # the coins chosen stay while the table is redrawn
    assert game.five_button.disabled and "has already put the 5-coin on hand 1" in game.five_button.tooltip
    app.language.value = "de"
    assert game.five_button.disabled and game.five_button.tooltip == "Anna hat die 5er-Münze schon auf Hand 1 gelegt."
    app.language.value = "en"
    game.bet_button.click()
    assert state.view_for(0).piles[0] in ((1, 2), ())
    assert 3 not in state.view_for(0).piles[0]


def test_three_rounds_pause_between_rounds() -> None:
    app = VocesExplorerApp(query="seed=6&players=3")
    game = app.game
    game.rounds.value = 3
    game.new_button.click()
    state = game_state(app)
    while not game.paused:
        if state.phase is VocesPhase.TRADING:
            game.place_button.click()
        elif game.pick_box.children:
            game.pick_box.children[0].click()
        elif not game.bet_button.disabled:
            game.bet_button.click()
        else:
            game.fold_button.click()
    assert len(state.round_scores) == 1 and state.round.number == 2
    assert "Round 1 is over" in text(game.status.value) and game.next_button.layout.display != "none"
    assert game.place_button.disabled and game.place_button.tooltip == "The round is over: press Next round"
    assert "Folds (+2 each)" in text(game.result.value) and "Anna 0 6 0 5 11" in text(game.result.value)
    app.language.value = "de"
    assert "Runde 1 ist vorbei" in text(game.status.value)
    assert game.place_button.disabled and game.place_button.tooltip == "Die Runde ist vorbei: Drück auf Nächste Runde"
    assert "Ausstiege (je +2)" in text(game.result.value) and "Anna 0 6 0 5 11" in text(game.result.value)
    app.language.value = "en"
    game.next_button.click()
    assert not game.paused and "Round 2 of 3, trading" in text(game.status.value)
    app.language.value = "de"
    assert "Runde 2 von 3, Tauschen" in text(game.status.value)
    app.language.value = "en"
    play_round(app)
    assert len(state.round_scores) == 3 and "Totals so far" in text(game.result.value)
    app.language.value = "de"
    assert "Punkte bisher" in text(game.result.value)


@pytest.mark.parametrize("lang, refusal", [("en", "Choose at most two kinds"), ("de", "Wähle höchstens zwei Arten")])
def test_more_than_two_kinds_of_special_card_are_refused_for_a_game(lang: str, refusal: str) -> None:
    app = VocesExplorerApp(query=f"seed=2&players=3&lang={lang}")
    game = app.game
    state = game_state(app)
    game.specials.choose([Special.RACCOON, Special.DOVE, Special.CAPYBARA])
    game.new_button.click()
    assert game.state is state and refusal in text(app.message_area.value)


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
