"""The Póker a Voces round engine against hand-made cases: trading, STOP, blind hands, betting, folding,
the reveal with each special card, scoring, rule options, views and replays."""

from __future__ import annotations

from typing import Any

import pytest

from pokerkit_teach.core.errors import IllegalAction, OptionError
from pokerkit_teach.core.game import Outcome
from pokerkit_teach.core.i18n import ListRow, Msg
from pokerkit_teach.core.match import Match
from pokerkit_teach.games.voces import (
    CHANCE, GAME, SIMULTANEOUS, Accept, Bet, Deal, Fold, Offer, Pick, Place, PlaceFive, Stay, VocesPhase, VocesRules,
    VocesState, Withdraw, parse_action,
)
from pokerkit_teach.games.voces.scenarios import load_scenario
from pokerkit_teach.games.voces.cards import Special, SpecialCard, VocesCard, parse_voces_cards, voces_deck
from pokerkit_teach.games.voces.ranking import rank_voces_hand
from pokerkit_teach.games.voces.reveal import TieRule

from tests.engine.voces.deals import EVEN_BETS, PLAYERS, TO_STOP, play, stacked


def act(state: VocesState, text: str) -> Any:
    """Apply one move, then any chance steps that follow (scenario states do not run them by themselves)."""
    events = list(state.apply(parse_action(text, state.players)))
    while state.current_player() == CHANCE:
        events += state.apply(state.legal_actions()[0])
    return events


def refused(state: VocesState, action: Any, reason: str, **details: Any) -> None:
    """``action`` is refused with the catalogue key ``reason`` and exactly these ``details`` (the values
    its message puts into words, in either language), and changes nothing."""
    before = state.snapshot()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert (caught.value.reason, caught.value.details) == (reason, details)
    assert state.snapshot() == before


def kinds(state: VocesState) -> list[str]:
    return [e.kind for e in state.events]


# ----------------------------------------------------------------------------- the deck and the deal
@pytest.mark.parametrize("players, size", [(3, 4 * 13 + 4), (4, 5 * 13 + 5), (6, 7 * 13 + 7)])
def test_deck_for_n_players_has_n_plus_one_suits_and_copies(players: int, size: int) -> None:
    rules = VocesRules(tuple("ABCDEF"[:players]), specials=[Special.DOVE])
    state = rules.new_game(seed=1)
    dealt = state.history[0]
    assert isinstance(dealt, Deal) and dealt.order is not None
    assert len(dealt.order) == size
    assert sum(isinstance(c, SpecialCard) for c in dealt.order) == players + 1
    assert all(len(state.hand_of(s)) == 5 for s in range(players))


def test_special_cards_may_change_between_rounds() -> None:
    rules = VocesRules(PLAYERS, specials=[[], [Special.RACCOON], [Special.BABOON, Special.CAPYBARA]])
    assert [len(rules.deck(r)) for r in (1, 2, 3)] == [52, 56, 60]
    with pytest.raises(OptionError, match="specials: expected at most two") as refused:
        VocesRules(PLAYERS, specials=[Special.DOVE, Special.RACCOON, Special.BABOON])
    assert refused.value.option == "specials"
    with pytest.raises(OptionError, match="3 to 6 players") as refused:
        VocesRules(("A", "B"))
    assert refused.value.option == "players"


@pytest.mark.parametrize("options, option", [
    ({"specials": ["unicorn"]}, "specials"),
    ({"specials": 3}, "specials"),
    ({"rounds": 0}, "rounds"),
    ({"rounds": True}, "rounds"),
    ({"tie_rule": "coin toss"}, "tie_rule"),
    ({"fold_timing": "never"}, "fold_timing"),
    ({"ace_low_straight": "yes"}, "ace_low_straight"),
    ({"unused_five_scores": 1}, "unused_five_scores"),
    ({"variants": ["soft-landing"]}, "variants"),
])
def test_a_wrong_or_unknown_option_is_refused_by_name(options: dict[str, Any], option: str) -> None:
    with pytest.raises(OptionError) as refused:
        GAME.new_rules(3, options)
    assert refused.value.option == option and str(refused.value).startswith(f"{option}: expected")


def test_special_cards_are_named_as_on_the_command_line() -> None:
    rules = GAME.new_rules(4, {"specials": ["Raccoon", "penguin"], "rounds": 1})
    assert rules.specials == ((Special.RACCOON, Special.EMPEROR_PENGUIN),) and rules.players[0] == "Player 1"
    assert GAME.new_rules(3).specials == ((), (), ())  # no special cards unless named


def test_same_seed_same_game() -> None:
    rules = VocesRules(PLAYERS)
    assert rules.new_game(seed=9).history == rules.new_game(seed=9).history
    assert rules.new_game(seed=9).history != rules.new_game(seed=10).history


# ----------------------------------------------------------------------------- trading
def test_a_trade_swaps_exactly_the_cards_named() -> None:
    state = play(stacked({("Gema", 1): "Qs1 Qs2 Qs3 4s2 7s4", ("Marina", 1): "Ks1 Ks2 2s3 5s4 9s1"}), [])
    assert state.current_player() == SIMULTANEOUS
    act(state, "Marina: offer 2s3 5s4")
    act(state, "Gema: accept Marina 4s2 7s4")
    assert sorted(map(str, state.hand_of(0))) == sorted(map(str, parse_voces_cards("Qs1 Qs2 Qs3 2s3 5s4")))
    assert sorted(map(str, state.hand_of(1))) == sorted(map(str, parse_voces_cards("Ks1 Ks2 9s1 4s2 7s4")))
    assert kinds(state)[-2:] == ["offered", "traded"]


def test_illegal_trades_are_refused_and_change_nothing() -> None:
    state = play(stacked({("Gema", 1): "Qs1 Qs2 Qs3 4s2 7s4", ("Marina", 1): "Ks1 Ks2 2s3 5s4 9s1"}), [])
    q1, k1 = VocesCard.from_text("Qs1"), VocesCard.from_text("Ks1")
    refused(state, Offer(0, (k1,)), "voces.illegal.not_in_hand", player="Gema", cards=(k1,))
    refused(state, Offer(0, (q1, q1)), "voces.illegal.same_card_twice")
    refused(state, Withdraw(0), "voces.illegal.no_offer", player="Gema")
    refused(state, Accept(0, 1, (q1,)), "voces.illegal.nothing_offered", offerer="Marina")
    act(state, "Marina: offer 2s3 5s4")
    refused(state, Accept(1, 1, (k1,)), "voces.illegal.own_offer", player="Marina")
    refused(state, Accept(0, 1, (q1,)), "voces.illegal.same_number", offerer="Marina", count=2, given=1)
    refused(state, Offer(1, (k1,)), "voces.illegal.offer_open", player="Marina")
    act(state, "Gema: offer Qs1")
    refused(state, Accept(0, 1, (VocesCard.from_text("Qs2"), VocesCard.from_text("Qs3"))), "voces.illegal.offer_open",
            player="Gema")
    refused(state, Bet(0, 1, (0, 0, 1)), "voces.illegal.still_trading")
    act(state, "Marina: withdraw")
    act(state, "Gema: place")  # placing lets the open offer lapse
    assert kinds(state)[-2:] == ["withdrew_to_place", "placed"]
    assert state.view_for(1).offers == ()


def test_placing_draws_five_new_cards_from_the_top() -> None:
    deck = stacked({("Gema", 1): "Qs1 Qs2 Qs3 4s2 7s4", ("Gema", 2): "2s1 3s1 4s1 5s1 6s1"})
    state = play(deck, ["Gema: place"])
    assert state.placed_of(0) == (parse_voces_cards("Qs1 Qs2 Qs3 4s2 7s4"),)
    assert state.hand_of(0) == parse_voces_cards("2s1 3s1 4s1 5s1 6s1")


def test_stop_when_the_second_player_places_a_third_hand() -> None:
    deck = stacked({("Leo", 2): "5s1 5s2 9s2 Js2 Qs3", ("Leo", 3): "Ks4 Qs4 9s3 6s2 3s1"})
    state = play(deck, TO_STOP[:-1])
    assert state.phase is VocesPhase.TRADING  # only Gema has finished
    act(state, TO_STOP[-1])
    assert state.phase is VocesPhase.BETTING
    assert kinds(state)[-6:] == ["placed_last", "stop", "placed_at_stop", "filled_blind", "betting_started", "bet_step"]
    leo = state.placed_of(2)
    assert leo[1] == parse_voces_cards("5s1 5s2 9s2 Js2 Qs3")  # his current hand goes under token 2
    assert leo[2] == parse_voces_cards("Ks4 Qs4 9s3 6s2 3s1")  # token 3 filled from the deck, unseen
    assert all(len(hand) == 5 for seat in range(3) for hand in state.placed_of(seat))
    view = state.view_for(2)
    assert view.placed[1] == leo[1] and view.placed[2] is None  # Leo never saw his third hand
    assert state.current_player() == 1  # Gema finished first: Marina, on her left, bets first
    refused(state, Place(2), "voces.illegal.trading_over")


def test_views_hide_other_players_cards_and_offered_cards() -> None:
    state = play(stacked({}), ["Gema: place"])
    act(state, "Marina: offer " + state.hand_of(1)[0].ascii)  # type: ignore[union-attr]
    gema = state.view_for(0)
    assert gema.hand == state.hand_of(0) and gema.own_offer == ()
    assert gema.offers == ((1, 1),)  # Marina offers one card: Gema hears the number only
    assert gema.placed_counts == (1, 0, 0)
    assert state.view_for(1).own_offer == state.hand_of(1)[:1]
    assert repr(state.hand_of(1)[0]) not in repr(gema)


def test_the_log_in_a_view_hides_the_cards_of_others_offers_and_trades() -> None:
    state = play(stacked({("Gema", 1): "Qs1 Qs2 Qs3 4s2 7s4", ("Marina", 1): "Ks1 Ks2 2s3 5s4 9s1"}), [])
    act(state, "Marina: offer 2s3 5s4")
    act(state, "Gema: accept Marina 4s2 7s4")
    secret = parse_voces_cards("2s3 5s4")
    marina, gema, leo = (state.view_for(seat) for seat in (1, 0, 2))
    assert len(marina.log) == len(gema.log) == len(leo.log) == len(state.events)
    # the two traders read what changed hands; Leo reads only how many cards moved
    assert marina.log[-1] == gema.log[-1] == state.events[-1]
    assert gema.log[-1].describe("en") == "Gema takes Marina's offer: 2 cards change hands (Gema gives 4▲, 7◆, gets 2■, 5◆)."
    assert gema.log[-1].describe("de") == (
        "Gema nimmt das Angebot von Marina an: 2 Karten wechseln den Besitzer (Gema gibt 4▲, 7◆ und bekommt 2■, 5◆).")
    assert leo.log[-1].kind == "traded_unseen" and leo.log[-1].describe("en") == "Gema takes Marina's offer: 2 cards change hands."
    assert leo.log[-1].describe("de") == "Gema nimmt das Angebot von Marina an: 2 Karten wechseln den Besitzer."
    # an offer's cards are the offerer's secret, even from the player who later takes it
    assert marina.log[-2].param("cards") == secret
    assert gema.log[-2].param("cards") is None and leo.log[-2].param("cards") is None
    assert gema.log[-2].describe("en") == marina.log[-2].describe("en") == "Marina calls out an offer of 2 cards."
    assert gema.log[-2].describe("de") == marina.log[-2].describe("de") == "Marina ruft ein Angebot von 2 Karten aus."
    leo_reads = [value for event in leo.log for _, value in event.params if isinstance(value, tuple)]
    assert not any(card in value for card in secret for value in leo_reads)


def test_a_view_carries_its_seats_legal_moves() -> None:
    state = play(stacked({}), TO_STOP + EVEN_BETS[:1])
    for seat in range(3):
        view = state.view_for(seat)
        assert list(view.legal_actions) == state.legal_actions(seat)
    assert {type(a) for a in state.view_for(1).legal_actions} == {PlaceFive}  # Leo bets next; Marina may place her 5-coin
    assert any(isinstance(a, Bet) for a in state.view_for(2).legal_actions)
    with pytest.raises(ValueError, match="no seat 3"):
        state.view_for(3)


def test_what_a_player_hears_of_a_bots_reason() -> None:
    state = play(stacked({("Marina", 1): "Ks1 Ks2 2s3 5s4 9s1"}), [])
    said = Msg.of("voces.reason.offer", cards=ListRow(parse_voces_cards("2s3 5s4")))
    assert state.view_for(1).heard(1, said) == said  # one's own words in full
    heard = state.view_for(0).heard(1, said)
    assert heard.text("en") == "I offer 2 hidden cards, which do not fit my hand."
    assert heard.text("de") == "Ich biete 2 verdeckte Karten an, die nicht zu meiner Hand passen."
    placed = Msg.of("voces.reason.place_good", token=1, hand=rank_voces_hand("Ks1 Ks2 Ks3 9s1 9s2"))
    assert state.view_for(0).heard(1, placed).text("en") == "I place a hidden hand under token 1: good enough."
    assert state.view_for(0).heard(1, placed).text("de") == "Ich lege eine verdeckte Hand unter Marker 1: gut genug."
    picked = Msg.of("voces.reason.pick", cards=ListRow(parse_voces_cards("4s4")))  # drawn cards lie face up
    assert state.view_for(0).heard(1, picked) == picked


# ----------------------------------------------------------------------------- betting and deciding
def test_betting_order_piles_and_the_five_coin() -> None:
    state = play(stacked({}), TO_STOP)
    refused(state, Bet(0, 1, (0, 0, 1)), "voces.illegal.not_your_turn", player="Gema", to_act="Marina")
    refused(state, Bet(1, 1, (0, 1, 1)), "voces.illegal.wrong_coins", pile=1, coins="0, 0, 1")
    act(state, "Marina: bet 1 0 0 1")
    act(state, "Gema: five 2")  # out of turn
    refused(state, PlaceFive(0, 3), "voces.illegal.five_used", player="Gema", hand=2)
    refused(state, PlaceFive(2, 4), "voces.illegal.no_such_hand", hand=4)
    act(state, "Leo: bet 1 0 0 1")
    act(state, "Gema: bet 1 0 0 1")
    refused(state, Bet(1, 1, (0, 0, 1)), "voces.illegal.pile_gone", player="Marina", pile=1, piles="2, 3")
    for move in EVEN_BETS[3:]:
        act(state, move)
    assert state.phase is VocesPhase.DECIDING and state.current_player() == 1
    refused(state, PlaceFive(1, 1), "voces.illegal.five_only_betting")
    view = state.view_for(2)
    assert view.coins[0] == ((0, 0, 0), (5, 0, 1, 1), (1, 1, 2))
    assert view.piles == ((), (), ())


def test_everyone_folds_a_hand_and_its_coins_are_lost() -> None:
    state = play(stacked({}), TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: fold", "Gema: fold"])
    assert state.events[-2].kind == "nobody_won" and state.events[-2].param("coins") == 3 * 4
    assert state.round.lost == 12
    assert state.current_player() == 1  # nobody won: the same player starts the next hand
    assert state.coin_total() == 33


def test_the_next_hand_starts_left_of_the_winner() -> None:
    deck = stacked({("Gema", 3): "As1 As2 As3 Qs1 Qs2", ("Marina", 3): "2s1 3s2 5s3 7s4 9s1", ("Leo", 3): "2s2 4s3 6s4 8s1 10s2"})
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: stay", "Gema: stay"])
    assert state.events[-2].kind == "hand_won" and state.events[-2].param("player") == "Gema"
    assert state.current_player() == 1  # left of Gema
    assert state.round.won == [4 + 4 + 4, 0, 0]


def test_gema_scores_eight_coins_plus_two_for_her_fold() -> None:
    state = load_scenario("voces-round-example").replay().final
    assert state.round_scores == [(10, 11, 16)]
    scored = [e for e in state.events if e.kind == "scored"]
    assert (scored[0].param("coins"), scored[0].param("fold_points")) == (8, 2)


def test_unused_five_coin_counts_unless_the_option_says_not() -> None:
    deck = stacked({("Gema", 3): "As1 As2 As3 Qs1 Qs2"})
    moves = TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: fold", "Gema: stay"] + ["Marina: fold", "Leo: fold", "Gema: fold"] * 2
    with_five = play(deck, moves)
    without = play(deck, moves, unused_five_scores=False)
    # Gema wins hand 3 alone (12 coins) and folds hands 2 and 1 (+4); Marina and Leo fold all three (+6)
    assert with_five.round_scores == [(12 + 4 + 5, 6 + 5, 6 + 5)]
    assert without.round_scores == [(16, 6, 6)]


def test_fold_timing_option_decides_all_three_hands_before_any_reveal() -> None:
    state = play(stacked({}), TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: stay", "Gema: stay"] * 3,
                 fold_timing="at_betting")
    order = [e.kind for e in state.events if e.kind in ("deciding", "revealed", "hand_won", "nobody_won", "hand_shared")]
    assert order[:3] == ["deciding"] * 3 and "deciding" not in order[3:]
    assert state.is_terminal()


# ----------------------------------------------------------------------------- special cards in the round
def test_two_raccoons_put_both_holders_out_of_the_hand() -> None:
    deck = stacked({("Gema", 3): "As1 As2 As3 Qs1 raccoon", ("Marina", 3): "Ks1 Ks2 Ks3 Ks4 raccoon",
                    ("Leo", 3): "2s2 4s3 6s4 8s1 10s2"}, [Special.RACCOON])
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: stay", "Gema: stay"], [Special.RACCOON])
    out = [e.param("player") for e in state.events if e.kind == "eliminated_raccoons"]
    assert sorted(out) == ["Gema", "Marina"]
    assert state.events[-2].param("player") == "Leo"


def test_a_lone_dove_is_no_wild_card_but_two_doves_of_one_player_eliminate() -> None:
    deck = stacked({("Gema", 3): "As1 As2 Ks3 Qs1 dove", ("Marina", 3): "Ks1 Ks2 dove dove 2s3",
                    ("Leo", 3): "As3 As4 Ks4 Qs2 9s1"}, [Special.DOVE])
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: stay", "Gema: stay"], [Special.DOVE])
    assert [e.param("player") for e in state.events if e.kind == "eliminated_two_doves"] == ["Marina"]
    # Marina revealed doves, so Gema's dove is wild: three Aces beat Leo's pair of Aces
    assert state.events[-2].param("player") == "Gema"


def test_a_baboon_is_swapped_for_the_drawn_card_its_holder_picks() -> None:
    deck = stacked({("Gema", 3): "As1 As2 Ks3 Qs1 baboon", ("Marina", 3): "Ks1 Ks2 Ks4 3s2 2s3"}, [Special.BABOON],
                   then="4s4 As3 9s2")
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"], [Special.BABOON])
    assert state.phase is VocesPhase.PICKING and state.current_player() == 0
    assert state.round.drawn == parse_voces_cards("4s4 As3 9s2")
    refused(state, Pick(0, (4,)), "voces.illegal.bad_pick", player="Gema", baboons=1, drawn=3)
    refused(state, Pick(1, (1,)), "voces.illegal.not_your_turn", player="Marina", to_act="Gema")
    act(state, "Gema: pick 1")  # a poor choice, but hers to make: A A K Q 4 loses to three Kings
    assert state.events[-2].param("player") == "Marina"


def test_penguin_winner_scores_ten_more() -> None:
    deck = stacked({("Gema", 3): "As1 As2 As3 Qs1 emperor_penguin"}, [Special.EMPEROR_PENGUIN])
    moves = TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: fold", "Gema: stay"] + ["Marina: fold", "Leo: fold", "Gema: fold"] * 2
    state = play(deck, moves, [Special.EMPEROR_PENGUIN])
    assert "penguin" in kinds(state)
    assert state.round_scores[0][0] == 12 + 4 + 5 + 10


def test_outcome_names_the_winner_once_the_game_is_over() -> None:
    deck = stacked({("Gema", 3): "As1 As2 As3 Qs1 Qs2"})
    moves = TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: fold", "Gema: stay"] + ["Marina: fold", "Leo: fold", "Gema: fold"]
    running = play(deck, moves)
    assert running.outcome is None and not running.is_terminal()
    state = play(deck, moves + ["Marina: fold", "Leo: fold", "Gema: fold"])
    assert state.outcome == Outcome((0,), (21.0, 11.0, 11.0)) and not state.outcome.shared
    assert state.phase is VocesPhase.OVER and state.view_for(1).phase is VocesPhase.OVER


def test_equal_totals_share_the_victory() -> None:
    moves = TO_STOP + EVEN_BETS + ["Marina: fold", "Leo: fold", "Gema: fold"] * 3
    state = play(stacked({}), moves)
    assert state.round_scores == [(11, 11, 11)]
    assert state.outcome == Outcome((0, 1, 2), (11.0, 11.0, 11.0)) and state.outcome.shared
    assert state.events[-1].kind == "game_shared"


@pytest.mark.parametrize("rule, expected", [(TieRule.SHARED, [6, 6, 0]), (TieRule.NOBODY, [0, 0, 0])])
def test_exact_tie_shares_or_nobody_wins(rule: TieRule, expected: list[int]) -> None:
    deck = stacked({("Gema", 3): "As1 Ks1 Qs2 9s3 7s4", ("Marina", 3): "As2 Ks2 Qs3 9s4 7s1", ("Leo", 3): "2s2 3s3 4s4 6s1 8s2"})
    state = play(deck, TO_STOP + EVEN_BETS + ["Marina: stay", "Leo: fold", "Gema: stay"], tie_rule=rule.value)
    assert state.round.won == expected
    assert state.coin_total() == 33


# ----------------------------------------------------------------------------- replay
def test_history_replays_to_the_same_game() -> None:
    rules = VocesRules(PLAYERS, specials=[[Special.BABOON], [Special.RACCOON, Special.CAPYBARA], [Special.DOVE]])
    state = Match(rules.new_game(seed=5), [GAME.make_bot("random", s) for s in range(3)], seed=5).play_to_end()
    again = VocesState.from_history(rules, state.history)
    assert again.round_scores == state.round_scores and again.events == state.events and again.history == state.history
    assert again.outcome == state.outcome and again.is_terminal()
    tampered = list(state.history)
    tampered[1] = Fold(0)
    with pytest.raises(IllegalAction) as refused:
        VocesState.from_history(rules, tampered)
    assert refused.value.reason == "voces.illegal.in_history" and refused.value.details["index"] == 2


def test_chance_steps_that_do_not_fit_are_refused() -> None:
    state = VocesRules(PLAYERS).new_game(seed=0, auto_chance=False)
    refused(state, Deal(tuple(voces_deck(3))), "voces.illegal.bad_deck", round=1)
    refused(state, Stay(0), "voces.illegal.waiting_for_chance")
