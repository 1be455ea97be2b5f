"""Póker a Voces rules: wilds and Baboons under the Capybara reversal, two Baboons of one player,
special cards drawn for a Baboon, malformed moves, and the memory rule."""

from __future__ import annotations

import re
from html import unescape
from typing import Any, Sequence

import pytest

from pokerkit_teach.core.errors import IllegalAction, InputError
from pokerkit_teach.core.game import CHANCE
from pokerkit_teach.games.voces import GAME, OPTIONS, VocesRules, VocesState
from pokerkit_teach.games.voces.actions import Accept, Bet, Deal, Offer, Pick, Place, PlaceFive, parse_action
from pokerkit_teach.games.voces.bots import VocesBuilderBot
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard, parse_voces_cards
from pokerkit_teach.games.voces.reveal import reveal
from pokerkit_teach.games.voces.scenarios import VocesScenario
from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.widgets.voces_explorer import VocesExplorerApp

from tests.engine.voces.deals import EVEN_BETS, PLAYERS, TO_STOP, stacked  # the rulebook example's stacked deck

TO_PICK = TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"]


def play(deck: str, moves: Sequence[str], specials: Sequence[Special], **options: Any) -> VocesState:
    data = {"game": "voces", "players": list(PLAYERS), "options": {"specials": [s.value for s in specials], "rounds": 1, **options},
            "rounds": [{"deck": deck, "moves": list(moves)}]}
    return VocesScenario.from_dict(data, "test").replay().final


def act(state: VocesState, text: str) -> None:
    state.apply(parse_action(text, state.players))
    while state.current_player() == CHANCE:
        state.apply(state.legal_actions()[0])


def refused(state: VocesState, action: Any, reason: str, **details: Any) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert (caught.value.reason, caught.value.details) == (reason, details)
    assert state.snapshot() == before


# ----------------------------------------------------------------------------- the Capybara reversal
def test_a_wild_card_goes_low_when_the_capybaras_turn_the_ranking_over() -> None:
    result = reveal({"A": "2s1 3s2 4s3 6s4 raccoon", "B": "As1 Ks2 Qs3 Js4 capybara"})
    assert result.reversed and result.winners == ("A",)
    assert dict(result.ranked)["A"].describe() == "high card 7 (the Raccoon stands for 7●)"
    # no Capybara: the same Raccoon still makes the straight
    assert dict(reveal({"A": "2s1 3s2 4s3 6s4 raccoon", "B": "As1 Ks2 Qs3 Js4 Js1"}).ranked)["A"].key == (6,)


def test_an_automatic_baboon_pick_goes_low_when_the_capybaras_turn_the_ranking_over() -> None:
    drawn = parse_voces_cards("5s1 7s1 9s2")
    result = reveal({"A": "2s1 3s2 4s3 6s4 baboon", "B": "As1 Ks2 Qs3 Js4 capybara"}, drawn=drawn)
    assert dict(result.swaps)["A"][0][1] == VocesCard.from_text("7s1")  # not the 5, which makes a straight
    assert result.winners == ("A",)


BABOON_VS_CAPYBARA = {("Gema", 3): "2s1 3s2 4s3 6s4 baboon", ("Marina", 3): "As1 Ks2 Qs3 Js4 capybara"}


def test_the_bot_picks_the_low_card_and_the_narration_says_why() -> None:
    specials = [Special.BABOON, Special.CAPYBARA]
    state = play(stacked(BABOON_VS_CAPYBARA, specials, then="5s1 7s1 9s2"), TO_PICK, specials)
    assert state.phase is VocesPhase.PICKING
    decision = VocesBuilderBot(seed=1).decide(state.view_for(0))
    assert decision is not None and decision.action == Pick(0, (2,))  # the 7: high card, the lowest hand
    state.apply(decision.action)
    while state.current_player() == CHANCE:
        state.apply(state.legal_actions()[0])
    kinds = [e.kind for e in state.events]
    assert "reversed_wilds" in kinds and state.round.won[0] > 0
    event = next(e for e in state.events if e.kind == "reversed_wilds")
    assert "lowest" in event.describe("en") and "am niedrigsten" in event.describe("de")


# ----------------------------------------------------------------------------- two Baboons of one player
def test_one_player_takes_a_different_drawn_card_for_each_baboon_by_default() -> None:
    drawn = parse_voces_cards("3s3 Ks1 2s2")
    result = reveal({"A": "baboon baboon#2 3s1 4s2 9s3", "B": "Qs1 Qs2 5s3 4s1 2s1"}, drawn=drawn)
    taken = [card for _, card in dict(result.swaps)["A"]]
    assert len(set(taken)) == 2
    again = reveal({"A": "baboon baboon#2 3s1 4s2 9s3", "B": "Qs1 Qs2 5s3 4s1 2s1"}, drawn=drawn, repeat_picks=True)
    assert [card for _, card in dict(again.swaps)["A"]] == [VocesCard.from_text("3s3")] * 2  # three 3s
    with pytest.raises(ValueError, match="a different one"):
        reveal({"A": "baboon baboon#2 3s1 4s2 9s3", "B": "Qs1 Qs2 5s3 4s1 2s1"}, drawn=drawn, picks={"A": drawn[:1] * 2})


def test_the_same_drawn_card_twice_is_refused_unless_the_option_allows_it() -> None:
    hands = {("Gema", 3): "baboon baboon 3s1 4s2 9s3", ("Marina", 3): "Qs1 Qs2 5s3 4s1 2s1"}
    deck = stacked(hands, [Special.BABOON], then="3s3 Ks1 2s2")
    state = play(deck, TO_PICK, [Special.BABOON])
    refused(state, Pick(0, (1, 1)), "voces.illegal.same_drawn_card", player="Gema")
    assert Pick(0, (1, 1)) not in state.legal_actions() and Pick(0, (1, 2)) in state.legal_actions()
    allowed = play(deck, TO_PICK, [Special.BABOON], baboon_same_card=True)
    assert Pick(0, (1, 1)) in allowed.legal_actions()
    act(allowed, "Gema: pick 1 1")
    assert any(e.kind == "picked" and e.param("player") == "Gema" for e in allowed.events)
    assert "baboon_same_card" in OPTIONS and GAME.new_rules(3, {"baboon_same_card": True}).baboon_same_card


# ----------------------------------------------------------------------------- special cards drawn for a Baboon
def test_the_standalone_reveal_sets_special_cards_aside_as_a_game_does() -> None:
    pile = [SpecialCard(Special.RACCOON, 2)] + list(parse_voces_cards("2s1 3s2 4s3"))
    for seed in range(8):
        result = reveal({"A": "baboon Ks2 Ks3 Ks1 3s4", "B": "Qs1 Qs2 Qs3 4s1 4s2"}, draw_pile=pile, seed=seed)
        assert set(result.drawn) == set(pile[1:]) and set(result.aside) <= {pile[0]}
    with pytest.raises(ValueError, match="numbered cards"):
        reveal({"A": "baboon Ks2 Ks3 Ks1 3s4", "B": "Qs1 Qs2 Qs3 4s1 4s2"}, drawn=pile[:3])  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- malformed moves
@pytest.mark.parametrize(("make", "field", "value"), [
    (lambda: Bet(1, True, (0, 0, 1)), "pile", "True"),
    (lambda: Bet(1, 1, (0.0, 0, 1.0)), "coins", "(0.0, 0, 1.0)"),
    (lambda: PlaceFive(0, True), "hand", "True"),
    (lambda: Pick(0, (1.0,)), "choices", "(1.0,)"),
    (lambda: Accept(0, True, ()), "offerer", "True"),
])
def test_a_move_with_a_truth_value_or_a_fraction_for_a_number_cannot_be_made(make: Any, field: str, value: str) -> None:
    with pytest.raises(InputError) as refused_at_once:
        make()
    assert refused_at_once.value.key == "errors.move_number" and refused_at_once.value.details["field"] == field
    assert refused_at_once.value.details["got"] == value


@pytest.mark.parametrize(("action", "field", "value"), [
    (Bet(1, 1, [0, 0, 1]), "coins", "[0, 0, 1]"),  # type: ignore[arg-type]
    (Pick(0, None), "choices", "None"),  # type: ignore[arg-type]
    (Offer(0, ([1],)), "cards", "([1],)"),  # type: ignore[arg-type]
    (Offer(0, "Ks1"), "cards", "'Ks1'"),  # type: ignore[arg-type]
    (Deal([[1]]), "order", "[[1]]"),  # type: ignore[arg-type]
])
def test_malformed_moves_are_refused_by_name_and_change_nothing(action: Any, field: str, value: str) -> None:
    state = play(stacked({}, [], then=""), TO_STOP, [])
    assert state.phase is VocesPhase.BETTING
    refused(state, action, "voces.illegal.malformed", field=field, value=value)


# ----------------------------------------------------------------------------- the memory rule
def test_placed_hands_are_face_down_in_a_real_game_and_in_view_for_study() -> None:
    state = VocesRules(PLAYERS).new_game(seed=2)
    state.apply(Place(0))
    view = state.view_for(0)
    assert view.placed_in_view == (None,) and view.placed[0] is not None and len(view.placed[0]) == 5
    study = VocesRules(PLAYERS, placed_hidden=False).new_game(seed=2)
    study.apply(Place(0))
    assert study.view_for(0).placed_in_view == study.view_for(0).placed
    assert "placed_hidden" in OPTIONS


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


@pytest.mark.parametrize(("lang", "face_down"), [("en", "face down; remember what you placed"), ("de", "verdeckt; merk dir")])
def test_the_play_tab_shows_your_placed_hands_face_down_unless_in_study_mode(lang: str, face_down: str) -> None:
    app = VocesExplorerApp(query=f"seed=5&players=3&lang={lang}")
    game = app.game
    assert game.state is not None
    placed = game.state.hand_of(0)
    game.place_button.click()
    slot = game.board.item("slot-0-1")  # hand token 1 on the drawn table: five backs
    assert face_down in slot["label"] and not any(card.label(lang) in slot["svg"] for card in placed)
    game.study.value = True
    game.new_game()
    placed = game.state.hand_of(0)
    game.place_button.click()
    slot = game.board.item("slot-0-1")
    assert face_down not in slot["label"] and all(card.label(lang) in slot["label"] for card in placed)


def test_an_automatic_baboon_pick_counts_a_dove_as_wild_only_when_another_player_shows_one() -> None:
    drawn = parse_voces_cards("Js1 2s2 As2")
    result = reveal({"A": "baboon dove As1 Ks1 Qs1", "B": "Ks2 Ks3 4s1 5s2 7s3"}, drawn=drawn)
    # the lone Dove counts for nothing: the second Ace (a pair) beats the Jack (no straight flush without the Dove)
    assert dict(result.swaps)["A"][0][1] == VocesCard.from_text("As2") and result.winners == ("A",)


def test_the_bot_counts_a_dove_as_wild_only_when_another_player_shows_one() -> None:
    specials = [Special.BABOON, Special.DOVE]
    hands = {("Gema", 3): "baboon dove As1 Ks1 Qs1", ("Marina", 3): "Ks2 Ks3 4s1 5s2 7s3"}
    state = play(stacked(hands, specials, then="Js1 2s2 As2"), TO_PICK, specials)
    decision = VocesBuilderBot(seed=1).decide(state.view_for(0))
    assert decision is not None and decision.action == Pick(0, (3,))  # the second Ace, not the Jack
