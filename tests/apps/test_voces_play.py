"""The Póker a Voces explorer's play tab, driven as a learner would (buttons clicked, cards pressed), without a
browser: trading, offers, the coin steps, whole rounds against bots, and the bots' hidden cards.
"""

from __future__ import annotations

import re

import pytest

from pokerkit_teach.games.voces.cards import card_order

from tests.apps.voces_driver import card_items, game_state, play_round, press_cards, text
from ipywidgets.widgets.widget import _instances

from pokerkit_teach.games.voces.actions import Offer, Place
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp
from pokerkit_teach.widgets.voces_parts import card_label
from pokerkit_teach.widgets.voces_play import TRADE_STEPS, WAIT_STEPS


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
