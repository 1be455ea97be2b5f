"""Póker a Voces: a play flow a learner can follow.

Bots wait for the learner (one bot move per click), each open offer has its own Take control, STOP is
announced before it happens, and an elimination names who brought which Raccoon or Dove. Expected texts
are worked out from the rulebook, not by asking the engine again.
"""

from __future__ import annotations

import pytest

from tests.apps.voces_driver import game_state, play_round, rigged, text

from pokerkit_teach.games.voces.actions import Offer, Place
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp
from pokerkit_teach.widgets.voces_play import PACED_STEPS


# -- pacing: the bots wait for the learner


def test_bots_wait_for_the_learner_by_default_one_move_per_click() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    assert game.paced.value is True and PACED_STEPS == 1
    assert game.wait_button.description == "Let one bot move"
    start = len(state.history)
    game.place_button.click()
    moves = state.history[start:]
    assert moves[0] == Place(0) and len(moves) == 2 and getattr(moves[1], "seat", 0) != 0
    for _ in range(3):
        start = len(state.history)
        game.wait_button.click()
        assert len(state.history) - start == 1 and getattr(state.history[-1], "seat", 0) != 0


def test_a_bots_offer_stays_open_until_the_learner_has_acted_and_can_be_taken() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    for _ in range(40):  # one bot move per click until a bot calls out an offer
        game.wait_button.click()
        if isinstance(state.history[-1], Offer):
            break
    last = state.history[-1]
    assert isinstance(last, Offer) and last.seat != 0
    seat, count = last.seat, len(last.cards)
    name = state.players[seat]
    # the offer is still open when the learner gets the table back, with a Take control naming it
    assert seat in dict(state.view_for(0).offers)
    takes = {s: b for s, b in game.accept_buttons}
    button = takes[seat]
    noun = "card" if count == 1 else "cards"
    assert button.description == f"Take {name}'s offer: {count} {noun}" and "pkt-voces-take" in button._dom_classes
    take = next(move for move in game.accept_moves if move.button is button)
    assert button.disabled and "Select the cards to trade" in text(take.reason.value)  # the reason as visible text
    assert "Open offers of the others" in text(game.offers_label.value)
    for item in [item for item in game.board.items if item["key"].startswith("card-")][:count]:
        game.board.press(item["key"])  # the cards pressed on the drawn table
    assert not button.disabled
    before = len(state.history)
    button.click()
    taken = state.history[before]
    assert getattr(taken, "offerer", None) == seat and taken.seat == 0  # type: ignore[attr-defined]
    assert f"Anna takes {name}'s offer" in text(game.log.value)
    app.language.value = "es"
    assert game.wait_button.description == "Dejar mover a un bot"


# -- STOP announced before it happens


def test_stop_is_announced_before_it_happens_and_the_learner_is_warned() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    state.apply(Place(2))
    state.apply(Place(2))  # Carla has two hands down
    game.refresh()
    warning = text(game.stop_warning.value)
    assert warning.startswith("⚠ Two hands down: Carla.") and "the second one calls STOP" in warning
    state.apply(Place(1))
    state.apply(Place(1))
    state.apply(Place(1))  # Ben has all three hands down: the next to finish calls STOP
    game.refresh()
    warning = text(game.stop_warning.value)
    assert "STOP is near: Ben already has all three hands down" in warning and "Two hands down: Carla." in warning
    assert ("Careful: if a bot calls STOP with its next move, the cards in your hand go under token 1, while tokens 2 and 3 "
            "get five unseen cards each from the deck.") in warning
    assert game.wait_button.description == "Let one bot move (it may call STOP)"
    assert 'role=\'alert\'' in game.stop_warning.value
    app.language.value = "de"
    warning = text(game.stop_warning.value)
    assert "STOPP steht bevor: Ben hat schon alle drei Hände abgelegt" in warning and "Zwei Hände abgelegt: Carla." in warning
    assert "unter Marker 1, und die Marker 2 und 3 bekommen je fünf ungesehene Karten" in warning
    assert game.wait_button.description == "Einen Bot ziehen lassen (er kann STOPP rufen)"
    app.language.value = "es"
    warning = text(game.stop_warning.value)
    assert "El STOP está cerca: Ben ya tiene sus tres manos colocadas" in warning
    assert "las fichas de mano 2 y 3 reciben cinco cartas sin ver" in warning
    app.language.value = "en"
    # the learner with two hands down too is told that placing the third calls STOP
    state.apply(Place(0))
    state.apply(Place(0))
    game.refresh()
    warning = text(game.stop_warning.value)
    assert "Two hands down: you and Carla." in warning and "if you place your third hand first, you call STOP" in warning
    assert "the cards in your hand go under token 3 as they are" in warning


def test_the_first_to_finish_is_announced_even_before_anyone_else_has_two_hands_down() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    for _ in range(3):
        state.apply(Place(3))
    game.refresh()
    assert text(game.stop_warning.value) == ("⚠ Dan already has all three hands down: the next player to place a third hand "
                                             "calls STOP and trading ends.")
    app.language.value = "de"
    assert "Dan hat schon alle drei Hände abgelegt: Wer als Nächstes eine dritte Hand ablegt, ruft STOPP" in text(game.stop_warning.value)


def test_no_stop_warning_at_the_start_nor_after_stop() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    state = game_state(app)
    assert game.stop_warning.value == ""
    for seat in (1, 1, 1, 2, 2, 2):
        state.apply(Place(seat))
    game.refresh()
    assert state.phase is VocesPhase.BETTING and game.stop_warning.value == ""


# -- eliminations name who brought which Raccoon or Dove


def test_a_raccoon_elimination_names_every_raccoon_in_the_hand() -> None:
    state = rigged(Special.RACCOON, 1, 1)
    out = [e for e in state.events if e.kind == "eliminated_raccoons"]
    assert [e.param("player") for e in out] == ["Anna", "Ben"] and {e.param("hand") for e in out} == {1}
    assert out[0].describe() == ("Anna is out of hand 1. Raccoons revealed in hand 1: 1 Raccoon from Anna and 1 Raccoon from Ben. "
                                 "Two or more Raccoons in one hand, whoever brought them, put everyone who revealed one out of that hand.")
    assert out[1].describe("de").startswith("Ben scheidet aus Hand 1 aus. Aufgedeckte Waschbären in Hand 1: 1 Waschbär von Anna und 1 Waschbär von Ben.")
    assert "Mapaches descubiertos en la mano 1: 1 Mapache de Anna y 1 Mapache de Ben." in out[0].describe("es")


def test_two_raccoons_of_ones_own_are_named_as_such() -> None:
    state = rigged(Special.RACCOON, 2, 0)
    out = [e for e in state.events if e.kind == "eliminated_raccoons"]
    assert [e.param("player") for e in out] == ["Anna"]
    assert "Raccoons revealed in hand 1: 2 Raccoons from Anna." in out[0].describe()


def test_a_dove_elimination_names_the_doves_in_the_hand() -> None:
    state = rigged(Special.DOVE, 2, 1)
    out = [e for e in state.events if e.kind == "eliminated_two_doves"]
    assert [e.param("player") for e in out] == ["Anna"]
    assert out[0].describe() == ("Anna is out of hand 1: two Doves in one player's own hand put that player out. "
                                 "Doves revealed in hand 1: 2 Doves from Anna and 1 Dove from Ben.")
    assert "Aufgedeckte Tauben in Hand 1: 2 Tauben von Anna und 1 Taube von Ben." in out[0].describe("de")
    assert "Palomas descubiertas en la mano 1: 2 Palomas de Anna y 1 Paloma de Ben." in out[0].describe("es")


# -- disabled controls look disabled and say why


@pytest.mark.parametrize("lang", ["en", "de"])
def test_disabled_moves_show_their_reason_as_text_and_look_disabled(lang: str) -> None:
    app = VocesExplorerApp(query=f"seed=5&players=4&lang={lang}")
    game = app.game
    reasons = {
        "en": "Trading is still going on: bets and decisions come after STOP.",
        "de": "Es wird noch getauscht: Setzen und Entscheiden kommen nach dem STOPP.",
    }[lang]
    assert all(text(game.moves[name].reason.value) == reasons for name in ("bet", "five", "stay", "fold"))
    assert text(game.moves["offer"].reason.value) == game.offer_button.tooltip
    assert game.moves["place"].reason.value == ""  # an allowed move has no reason line


def test_after_the_game_every_move_is_disabled_with_a_visible_reason() -> None:
    app = VocesExplorerApp(query="seed=5&players=3")
    game = app.game
    game.paced.value = False
    play_round(app)
    assert game_state(app).is_terminal()
    buttons = [game.offer_button, game.withdraw_button, game.place_button, game.wait_button, game.bet_button,
               game.five_button, game.stay_button, game.fold_button]
    assert all(b.disabled for b in buttons)
    for name, move in game.moves.items():
        assert text(move.reason.value), name


def test_after_a_wait_the_focus_stays_on_the_wait_button_and_after_place_goes_to_place() -> None:
    app = VocesExplorerApp(query="seed=5&players=4")
    game = app.game
    focused: list[object] = []
    for button in (game.place_button, game.wait_button, game.bet_button, game.stay_button):
        button.focus = lambda button=button: focused.append(button)  # type: ignore[method-assign]
    game.wait_button.click()
    game.place_button.click()
    assert focused == [game.wait_button, game.place_button]
