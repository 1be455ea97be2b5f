"""Driving the Póker a Voces explorer as a learner would, without a browser: the text a learner reads, the
game behind the play tab, the cards to press, a whole round played by clicks, and rigged hands.
"""

from __future__ import annotations

import re
from html import unescape

from pokerkit_teach.games.voces.actions import Bet, Deal, Place, Stay
from pokerkit_teach.games.voces.cards import Special, SpecialCard, voces_deck
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import VocesState
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp


def text(html: str) -> str:
    """The visible text of some HTML, tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def deck_size(app: VocesExplorerApp) -> int:
    match = re.search(r"data-size='(\d+)'", app.deck_view.value)
    assert match
    return int(match.group(1))


def type_hands(app: VocesExplorerApp, hands: str) -> None:
    app.hands_input.value = hands
    app.use_button.click()


def game_state(app: VocesExplorerApp) -> VocesState:
    assert app.game.state is not None
    return app.game.state


def card_items(app: VocesExplorerApp) -> list[dict[str, object]]:
    """Your cards as drawn on the table (pictures to press), in the order held."""
    return [item for item in app.game.board.items if str(item["key"]).startswith("card-")]


def press_cards(app: VocesExplorerApp, count: int) -> None:
    """Select your first ``count`` cards by pressing their pictures."""
    for item in card_items(app)[:count]:
        app.game.board.press(str(item["key"]))


def play_round(app: VocesExplorerApp, limit: int = 200) -> int:
    """Place three hands at once, then take the pile shown, stay in every hand and take the first card
    offered for a Baboon; until the game is over. Returns the number of clicks."""
    game = app.game
    state = game_state(app)
    for clicks in range(limit):
        if state.is_terminal():
            return clicks
        if game.paused:
            game.next_button.click()
        elif state.phase is VocesPhase.TRADING:
            (game.place_button if not game.place_button.disabled else game.wait_button).click()
        elif game.pick_box.children:
            game.pick_box.children[0].click()
        elif not game.bet_button.disabled:
            game.bet_button.click()
        else:
            assert not game.stay_button.disabled, game.status.value
            game.stay_button.click()
        assert "pkt-error" not in app.message_area.value, app.message_area.value
    raise AssertionError("the game did not end")


def rigged(kind: Special, first: int, second: int) -> VocesState:
    """Three players; Anna's hand 1 holds ``first`` cards of ``kind``, Ben's ``second``, Carla's none."""
    rules = VocesRules(("Anna", "Ben", "Carla"), specials=[kind], rounds=1)
    state = rules.new_game(seed=0, auto_chance=False)
    deck = list(voces_deck(3, (kind,)))
    specials = [c for c in deck if isinstance(c, SpecialCard)]
    numbered = [c for c in deck if not isinstance(c, SpecialCard)]
    anna = specials[:first] + numbered[:5 - first]
    ben = specials[first:first + second] + numbered[5 - first:10 - first - second]
    rest = numbered[10 - first - second:] + specials[first + second:]
    state.apply(Deal(tuple(anna + ben + rest)))
    state.auto_chance = True
    for seat in (0, 0, 0, 1, 1, 1):  # STOP: Carla's hand goes under token 1, tokens 2 and 3 blind
        state.apply(Place(seat))
    while not state.is_terminal():
        seat = state.current_player()
        moves = state.legal_actions(seat)
        move = next((m for m in moves if isinstance(m, (Stay, Bet))), moves[0])
        state.apply(move)
    return state
