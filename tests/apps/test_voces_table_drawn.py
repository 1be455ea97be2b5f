"""Póker a Voces: the play tab drawn as a table (widgets/voces_play.py on widgets/drawn.py).

Pressing a picture is the move it stands for when the engine allows it; otherwise the engine's reason is
said in the live region and nothing changes. Expected texts come from the rulebook and the catalogues'
words, worked out by hand; the engine is asked only to set up a position.
"""

from __future__ import annotations

import pytest

from tests.apps.voces_driver import card_items, game_state, press_cards, rigged

from pokerkit_teach.games.voces.actions import Offer, Pick, Place, PlaceFive
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp


def items(app: VocesExplorerApp, prefix: str) -> list[dict[str, object]]:
    return [item for item in app.game.board.items if str(item["key"]).startswith(prefix)]


@pytest.mark.parametrize(("lang", "reason"), [("en", "Select the cards to trade (at least one)."),
                                              ("de", "Wähle die Karten zum Tauschen aus (mindestens eine)."),
                                              ("es", "Selecciona las cartas que quieres intercambiar (al menos una).")])
def test_pressing_a_bots_offer_with_no_card_selected_says_why_and_changes_nothing(lang: str, reason: str) -> None:
    app = VocesExplorerApp(query=f"seed=5&players=4&lang={lang}")
    game = app.game
    state = game_state(app)
    state.apply(Offer(1, state.hand_of(1)[:2]))  # Ben calls out two cards
    game.refresh()
    offer = game.board.item("offer-1")
    assert offer["pressable"] and offer["state"] == "illegal" and offer["why"] == reason
    before = state.snapshot()
    game.board.press("offer-1")
    assert game.board.status == reason and state.snapshot() == before


def test_your_cards_cannot_be_chosen_while_your_offer_is_open_and_pressing_one_says_so() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    state.apply(Offer(0, state.hand_of(0)[:1]))
    game.refresh()
    reason = "Anna already has an offer open; withdraw it first."
    cards = card_items(app)
    assert cards and all(item["state"] == "illegal" and item["why"] == reason for item in cards)
    game.board.press(str(cards[0]["key"]))
    assert game.board.status == reason and not game.selected


def test_selecting_a_card_is_announced_and_a_second_press_puts_it_back() -> None:
    app = VocesExplorerApp(query="seed=5&players=4&lang=es")
    game = app.game
    first = game_state(app).hand_of(0)[0]
    press_cards(app, 1)
    assert game.board.status == f"Has seleccionado {first.label('es')}; en total, 1 carta."
    assert card_items(app)[0]["state"] == "chosen" and card_items(app)[0]["label"] == f"{first.label('es')}, seleccionada"
    press_cards(app, 1)
    assert game.board.status == f"Has quitado {first.label('es')} de la selección; seleccionadas ahora: 0 cartas."
    assert not game.selected


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Anna puts a hand face down under token 1 and draws five new cards."),
    ("de", "Anna legt eine Hand verdeckt unter Marker 1 und zieht fünf neue Karten."),
    ("es", "Anna coloca una mano boca abajo bajo la ficha de mano 1 y roba cinco cartas nuevas."),
])
def test_pressing_your_next_token_places_your_hand_and_every_move_is_announced(lang: str, said: str) -> None:
    app = VocesExplorerApp(query=f"seed=5&players=4&lang={lang}")
    game = app.game
    state = game_state(app)
    assert game.board.item("slot-0-1")["state"] == "legal" and not game.board.item("slot-0-2")["pressable"]
    start = len(state.history)
    game.board.press("slot-0-1")
    assert state.history[start] == Place(0) and len(state.history) == start + 2  # the bots wait: one bot move
    bot_move = state.view_for(0).log[-1].describe(lang)
    assert game.board.status.startswith(said + " ") and bot_move.rstrip(".") in game.board.status
    assert game.board.item("slot-0-2")["state"] == "legal"  # the next token is where your next hand goes


def test_coins_by_pictures_a_pile_is_taken_in_hand_and_the_5_coin_put_on_a_hand() -> None:
    app = VocesExplorerApp(query="seed=5&players=3")
    game = app.game
    state = game_state(app)
    for seat in (1, 1, 1, 2, 2, 2):  # Ben finishes first, Carla calls STOP: betting starts left of Ben, with Carla
        state.apply(Place(seat))
    game.refresh()
    assert state.phase is VocesPhase.BETTING
    pile = game.board.item("pile-1")
    assert pile["state"] == "illegal" and pile["why"] == "It is not Anna's turn; Carla is to act."
    assert pile["label"] == "Your pile 1: coins 0, 0, 1; press to take it in this coin step"
    game.board.press("pile-1")
    assert game.board.status == "It is not Anna's turn; Carla is to act." and int(game.pile.value) == 1
    game.board.press("five")  # the 5-coin may go on a hand at any time of the coin steps, out of turn too
    assert PlaceFive(0, 3) in state.history and "five" not in {item["key"] for item in game.board.items}
    assert "5-coin on hand 3" in next(r["note"] for r in game.board.regions if r["key"] == "seat-0")
    game.table.go_on(0)  # the bots move until Anna is to act
    game.refresh()
    assert state.current_player() == 0
    game.board.press("pile-3")
    assert int(game.pile.value) == 3 and [coin.value for coin in game.coins] == [0, 1, 2]
    assert game.board.item("pile-3")["state"] == "chosen"
    assert game.board.status.startswith("Pile 3 taken in hand")
    game.bet_button.click()
    assert "pile-3" not in {item["key"] for item in game.board.items}
    assert str(game.board.item("slot-0-3")["label"]).endswith("coins on it: 5, 2")


def test_the_reveal_is_drawn_with_those_out_crossed_and_the_winner_ticked() -> None:
    app = VocesExplorerApp(query="seed=5&players=3")
    game = app.game
    state = rigged(Special.RACCOON, 1, 1)  # a Raccoon each for Anna and Ben in hand 1: both are out of it
    game.take_state(state, 0, running=False)
    anna, ben, carla = (game.board.item(f"rev-1-{seat}") for seat in range(3))
    assert anna["state"] == ben["state"] == "breaks"
    assert str(anna["label"]).startswith("Anna is out of hand 1: ") and str(anna["label"]).endswith(
        "; two or more Raccoons were revealed in this hand")
    assert carla["state"] == "holds" and str(carla["label"]).startswith("Carla wins hand 1: ")
    region = next(r for r in game.board.regions if r["key"] == "reveal-1")
    assert region["title"] == "Hand 1 turned over" and region["note"].startswith("Carla wins hand 1")
    app.language.value = "es"
    assert str(game.board.item("rev-1-0")["label"]).startswith("Anna queda fuera de la mano 1: ")


def test_a_lone_raccoon_is_drawn_as_the_card_it_stands_for() -> None:
    app = VocesExplorerApp(query="seed=5&players=3")
    game = app.game
    game.take_state(rigged(Special.RACCOON, 1, 0), 0, running=False)
    anna = game.board.item("rev-1-0")
    assert "Raccoon standing for " in str(anna["label"]) and "(the Raccoon stands for " in str(anna["label"])
    assert str(anna["svg"]).count("<svg") == 7  # the picture, its five cards, and in the Raccoon the card it stands for


def test_a_baboon_is_swapped_by_pressing_a_drawn_card() -> None:
    app = VocesExplorerApp(query="seed=3&players=3")
    game = app.game
    game.specials.choose([Special.BABOON])
    game.new_button.click()
    state = game_state(app)
    pressed = False
    for _ in range(200):
        if state.is_terminal():
            break
        drawn = [item for item in items(app, "drawn-") if item["state"] == "legal"]
        if drawn:
            labels = [str(item["label"]) for item in items(app, "drawn-")]
            assert labels[0].startswith("Card 1 drawn for the Baboon: ")
            game.board.press(str(drawn[0]["key"]))
            pressed = True
            assert any(isinstance(move, Pick) and move.seat == 0 for move in state.history)
        elif state.phase is VocesPhase.TRADING:
            (game.place_button if not game.place_button.disabled else game.wait_button).click()
        elif game.pick_box.children:
            game.pick_box.children[0].click()
        elif not game.bet_button.disabled:
            game.bet_button.click()
        else:
            game.stay_button.click()
    assert pressed and state.is_terminal()


@pytest.mark.parametrize(("lang", "middle", "token"), [("en", "Middle of the table", "Hand token 1: "),
                                                        ("de", "Tischmitte", "Marker 1: "),
                                                        ("es", "Centro de la mesa", "Ficha de mano 1: ")])
def test_every_picture_has_a_text_alternative_in_the_apps_language(lang: str, middle: str, token: str) -> None:
    app = VocesExplorerApp(query=f"seed=5&players=6&lang={lang}")
    game = app.game
    assert all(str(item["label"]).strip() for item in game.board.items)
    assert [r["title"] for r in game.board.regions if r["key"] == "middle"] == [middle]
    assert all(str(item["label"]).startswith(token) for item in items(app, "slot-") if str(item["key"]).endswith("-1"))
    assert len(items(app, "slot-")) == 18 and len(card_items(app)) == 5


def test_a_hand_turned_over_lies_face_up_under_its_token_for_everyone() -> None:
    app = VocesExplorerApp(query="seed=5&players=3")
    game = app.game
    state = rigged(Special.RACCOON, 1, 1)
    game.take_state(state, 0, running=False)  # the game is over: the table of its only round stays
    ben_hand = state.round.placed[1][0]
    slot = game.board.item("slot-1-1")  # Ben's hand 1 was revealed: its cards are named and drawn
    assert str(slot["label"]).startswith("Hand token 1, turned over: ")
    assert all(card.label("en") in str(slot["label"]) for card in ben_hand)


def test_after_a_language_switch_the_last_announcement_is_said_again_in_the_new_language() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    game.board.press("slot-0-1")
    count = game.board.status_count
    assert game.board.status.startswith("Anna puts a hand face down under token 1")
    app.language.value = "es"
    assert game.board.status.startswith("Anna coloca una mano boca abajo bajo la ficha de mano 1")
    assert game.board.status_count == count + 1
    state = game_state(app)
    seat = next((s for s in state.round.offers if s != 0), None)  # a bot's open offer, or Ben calls one out
    if seat is None:
        seat = 1
        state.apply(Offer(1, state.hand_of(1)[:2]))
        game.refresh()
    game.board.press(f"offer-{seat}")  # a refusal (no card selected) is said again in the new language too
    app.language.value = "de"
    assert game.board.status == "Wähle die Karten zum Tauschen aus (mindestens eine)."
