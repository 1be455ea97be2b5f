"""The drawn Pokerface table (widgets/table.py on widgets/drawn.py), its Python side: which chips are moves,
what the others' cards are called, what pressing a chip does, and what the live region says. Every
answer is checked against the engine (legal_actions, why_not, the state), not against the app."""

from __future__ import annotations

from typing import Any

import pytest

from pokerkit_teach.holdem.render import card_label
from pokerkit_teach.games.pokerface import Pass, TakeFromMiddle, TakeFromPlayer, Variant
from pokerkit_teach.widgets.table import TableApp


def chip_moves(app: TableApp) -> dict[Any, dict[str, Any]]:
    """The move each pressable chip stands for, by the engine's action: taking it from the middle or from
    the player in front of whom it is drawn."""
    moves = {}
    for item in app.board.items:
        if not item["pressable"]:
            continue
        assert item["key"].startswith("token-"), f"only chips are moves: {item['key']}"
        number = int(item["key"].rsplit("-", 1)[1])
        if item["region"] == "middle":
            moves[TakeFromMiddle(0, number)] = item
        else:
            moves[TakeFromPlayer(0, int(item["region"].removeprefix("seat-")))] = item
    return moves


def step(app: TableApp) -> None:
    """One move of the learner: reveal or next deal in a showdown, else pass if allowed, else the first legal chip."""
    if app.reveal_button.layout.display != "none":
        app.reveal_button.click()
    elif app.next_deal_button.layout.display != "none":
        app.next_deal_button.click()
    elif not app.pass_button.disabled:
        app.pass_button.click()
    else:
        app.board.press(next(item["key"] for item in app.board.items if item["state"] == "legal"))


@pytest.mark.parametrize("query", ["seed=11&players=3", "seed=5&players=5"])
def test_the_legal_chips_are_the_engines_legal_takes_at_every_move(query: str) -> None:
    """At each of the learner's moves of a deal, the chips ringed as legal are exactly the takes in the
    engine's legal_actions, every other chip of the round is pressable but illegal with the engine's own
    reason, and Pass is enabled exactly when the engine allows it."""
    app = TableApp(query=query)
    state = app.state
    assert state is not None
    checked = 0
    while not state.showdowns:
        legal = set(state.legal_actions(0))
        moves = chip_moves(app)
        assert {action for action, item in moves.items() if item["state"] == "legal"} == legal - {Pass(0)}
        for action, item in moves.items():
            if item["state"] == "illegal":
                reason = state.why_not(action)
                assert reason is not None and item["why"] == reason.text("en")
        # a chip of the round held by nobody is in the middle; one held by another player is in front of them
        suit = state.round_suit
        assert suit is not None
        holders = state.view_for(0).token_holders(suit) or ()
        assert len(moves) == sum(1 for holder in holders if holder != 0)
        assert app.pass_button.disabled == (Pass(0) not in legal)
        step(app)
        checked += 1
        assert checked < 60
    assert checked >= 4


def test_the_others_cards_are_face_down_and_say_only_whose_they_are() -> None:
    app = TableApp(query="seed=5&players=4&lang=de")
    state = app.state
    assert state is not None and state.hole is not None
    for seat in (1, 2, 3):
        items = [item for item in app.board.items if item["region"] == f"seat-{seat}" and item["key"].startswith("hole-")]
        assert [item["label"] for item in items] == [f"Handkarte von {state.players[seat]}, verdeckt"] * 2
        secret = [card_label(card, "de") for card in state.hole[seat]]
        assert not [word for word in secret for item in items if word in item["label"] or word in item["svg"]]
        assert all(not item["pressable"] for item in items)
    mine = [item["label"] for item in app.board.items if item["region"] == "seat-0" and item["key"].startswith("hole-")]
    assert mine == [f"deine Karte: {card_label(card, 'de')}" for card in state.hole[0]]


def test_pressing_an_illegal_chip_says_the_engines_reason_and_changes_nothing() -> None:
    app = TableApp(query="seed=5&players=4")
    state = app.state
    assert state is not None
    app.board.press("token-clubs-2")  # Anna takes the 2♣; the bots take the other three
    assert state.token_of(0) == 2 and state.current_player() == 0
    events = len(state.events)
    # a chip of a player is legal here; the rules forbid taking the chip you hold: it is not even a move
    assert not app.board.item("token-clubs-2")["pressable"]
    app.board.press("token-clubs-2")
    assert len(state.events) == events
    # pass until a round where a chip is refused: Anna may take no chip while it is not her turn (free-for-all
    # aside), so look for a refused one among those drawn
    refused = [(action, item) for action, item in chip_moves(app).items() if item["state"] == "illegal"]
    while not refused and not state.showdowns:
        step(app)
        refused = [(action, item) for action, item in chip_moves(app).items() if item["state"] == "illegal"]
    assert refused, "no chip was refused in a whole deal"
    action, item = refused[0]
    reason = state.why_not(action)
    assert reason is not None
    events, said = len(state.events), app.board.status_count
    app.board.press(item["key"])
    assert len(state.events) == events, "a refused chip changes nothing"
    assert app.board.status == f"Not possible: {reason.text('en')}" and app.board.status_count == said + 1
    app.language.value = "es"
    app.board.press(item["key"])
    assert app.board.status == f"No se puede: {reason.text('es')}"


def test_the_live_region_says_every_move_with_the_bots_reasons_and_whose_turn_it_is() -> None:
    app = TableApp(query="seed=8&players=4")
    state = app.state
    assert state is not None
    before = len(state.events)
    app.board.press("token-clubs-1")
    said = app.board.status
    lines = [event.describe("en") for event in state.events_for(0)[before:]]
    assert lines[0].startswith("Anna takes the A♣")
    at = -1
    for line in lines:  # each move in the order it was made
        found = said.find(line.rstrip("."), at + 1)
        assert found > at, f"{line!r} is not announced (in order): {said}"
        at = found
    for _, decision in app.reasons.values():
        assert decision.text("en") in said
    assert said.endswith("Token round ♣: your turn.") or said.endswith("Token round ♦: your turn.")
    app.show_reasons.value = False
    before = len(state.events)
    step(app)
    assert not [decision for _, decision in app.reasons.values() if decision.text("en") in app.board.status]


def test_a_free_for_all_says_your_turn_nowhere_and_says_when_the_others_are_done() -> None:
    app = TableApp(query="seed=4&players=3")
    app.variant_boxes[Variant.FREE_FOR_ALL].value = True
    app.new_button.click()
    state = app.state
    assert state is not None
    seen_alone = False
    for _ in range(40):
        if state.showdowns:
            break
        view = state.view_for(0)
        you = next(r for r in app.board.regions if r["key"] == "seat-0")
        assert "your turn" not in app.status.value and "your turn" not in you["note"]
        if view.to_act == (0,):
            seen_alone = True
            assert "everyone else is done, you may still move" in app.status.value
        step(app)
    assert seen_alone, "the learner was never the last to move"


def test_a_language_switch_says_the_last_announcement_again_in_the_new_language() -> None:
    app = TableApp(query="seed=8&players=4")
    state = app.state
    assert state is not None
    before = len(state.events)
    app.board.press("token-clubs-1")
    english, count = app.board.status, app.board.status_count
    app.language.value = "de"
    german = app.board.status
    assert app.board.status_count == count + 1, "said again, aloud"
    lines = [event.describe("de") for event in state.events_for(0)[before:]]
    assert german.startswith(lines[0]) and all(line.rstrip(".") in german for line in lines), german
    assert german.endswith("Markenrunde ♣: du bist am Zug.") or german.endswith("Markenrunde ♦: du bist am Zug."), german
    assert german != english and "takes" not in german
    app.language.value = "de"  # no switch, nothing said
    assert app.board.status_count == count + 1
