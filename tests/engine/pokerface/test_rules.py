"""The Pokerface engine against the rulebook: token rounds, the emergency brake, the showdown, the tally,
the variants, views, replays and refusals."""

from __future__ import annotations

import pytest

from pokerkit_teach.holdem.cards import Suit, parse_cards
from pokerkit_teach.core.errors import IllegalAction, InputError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface import (
    CHANCE,
    SIMULTANEOUS,
    DealBoard,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    PokerfaceRules,
    PokerfaceState,
    Showdown,
    TakeFromMiddle,
    TakeFromPlayer,
    Variant,
)
from pokerkit_teach.games.pokerface.scenarios import load_scenario

FOUR = ("Anna", "Ben", "Carla", "Dan")
# What a game keeps to itself: the random generator (and its record) and the deck still to come.
HIDDEN = {"_rng", "_rng_states", "_deck"}


def visible(state):  # type: ignore[no-untyped-def]
    """The state's snapshot without its hidden parts."""
    return tuple((key, value) for key, value in state.snapshot() if key not in HIDDEN)


def play(state, *actions):  # type: ignore[no-untyped-def]
    for action in actions:
        state.apply(action)
    return state


def refusal(state, action) -> IllegalAction:  # type: ignore[no-untyped-def]
    """The IllegalAction that applying ``action`` raises; its ``reason`` key and ``details`` are what the
    learner reads (in either language)."""
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    return caught.value


def everyone_takes_and_passes(state, order=None):  # type: ignore[no-untyped-def]
    """Each player in turn takes the lowest free token (or the one given), then all pass."""
    count = state.player_count
    first = state.current_player()
    seats = [(first + i) % count for i in range(count)]
    for seat, token in zip(seats, order or range(1, count + 1)):
        state.apply(TakeFromMiddle(seat, token))
    for seat in seats:
        state.apply(Pass(seat))


def test_the_player_left_of_the_dealer_begins_and_turns_go_clockwise() -> None:
    state = PokerfaceRules(FOUR, first_dealer=0).new_game(seed=1)
    assert state.step == (PokerfacePhase.ROUND, Suit.CLUBS)
    assert state.current_player() == 1
    state.apply(TakeFromMiddle(1, 1))
    assert state.current_player() == 2
    error = refusal(state, TakeFromMiddle(0, 2))
    assert (error.reason, error.details) == ("pokerface.illegal.not_your_turn", {"player": "Anna", "to_act": "Carla"})


def test_rulebook_token_round_step_by_step() -> None:
    replay = load_scenario("token-round").replay()
    state = replay.final
    # Replay the same moves by hand and check what the rulebook states at each step.
    state = PokerfaceRules(FOUR, 0).new_game(seed=3)
    everyone_takes_and_passes(state, [4, 2, 3, 1])
    assert state.step == (PokerfacePhase.ROUND, Suit.DIAMONDS)
    play(state, TakeFromMiddle(1, 4), TakeFromMiddle(2, 2), TakeFromPlayer(3, 1))
    diamonds = state.rounds[Suit.DIAMONDS]
    assert diamonds.token_of(3) == 4 and diamonds.token_of(1) is None  # Ben now has nothing
    state.apply(TakeFromMiddle(0, 1))
    assert state.current_player() == 1  # Ben must act
    assert diamonds.middle() == [3]  # the 3♦ is the only one left
    assert Pass(1) not in state.legal_actions()  # without a token he cannot pass
    state.apply(TakeFromMiddle(1, 3))
    for seat in (2, 3, 0):
        state.apply(Pass(seat))
        assert not diamonds.finished
    state.apply(Pass(1))  # the fourth pass in a row ends the round
    assert diamonds.finished
    assert [diamonds.token_of(s) for s in range(4)] == [1, 3, 2, 4]
    assert state.phase is PokerfacePhase.ROUND and state.round_suit is Suit.HEARTS  # the turn came, round ♥ began
    # the scenario ends in the same position
    assert replay.as_json()["outcome"]["tokens"]["d"] == {"Anna": 1, "Carla": 2, "Ben": 3, "Dan": 4}
    assert dict(dict(replay.ending.tokens)[Suit.DIAMONDS]) == {"Anna": 1, "Carla": 2, "Ben": 3, "Dan": 4}


def test_taking_from_the_middle_returns_your_own_token_first() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=2)
    play(state, TakeFromMiddle(1, 1), TakeFromMiddle(2, 2), TakeFromMiddle(0, 3), Pass(1))
    clubs = state.rounds[Suit.CLUBS]
    state.apply(TakeFromPlayer(2, 0))  # C takes A's 3; C's 2 goes back to the middle
    assert clubs.token_of(2) == 3 and clubs.token_of(0) is None and clubs.middle() == [2]
    state.apply(TakeFromMiddle(0, 2))
    assert clubs.token_of(0) == 2
    error = refusal(state, TakeFromMiddle(1, 1))
    assert (error.reason, error.details) == ("pokerface.illegal.own_token", {"player": "B", "token": Token(Suit.CLUBS, 1), "holder": "B"})
    assert error.text("en") == "B already holds the A♣." and error.text("de") == "B hat das A♣ schon."


def test_passing_needs_a_token_and_a_broken_chain_restarts() -> None:
    state = PokerfaceRules(FOUR, 0).new_game(seed=2)
    error = refusal(state, Pass(1))
    assert (error.reason, error.details) == ("pokerface.illegal.pass_without_token", {"player": "Ben", "suit": "♣"})
    play(state, TakeFromMiddle(1, 1), TakeFromMiddle(2, 2), TakeFromMiddle(3, 3), TakeFromMiddle(0, 4), Pass(1), Pass(2))
    state.apply(TakeFromPlayer(3, 0))  # Dan breaks the chain: Anna now has none
    clubs = state.rounds[Suit.CLUBS]
    assert clubs.passes_in_row == 0 and not clubs.finished
    play(state, TakeFromMiddle(0, 3), Pass(1), Pass(2), Pass(3))
    assert not clubs.finished  # three passes in a row are not yet all four
    state.apply(Pass(0))
    assert clubs.finished
    assert [e for e in state.events if e.kind == "round_ended"][-1].rule == "all_passed"


def test_emergency_brake_after_three_full_laps() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=4)
    # B and C keep taking the 3 from each other; A holds the 1.
    play(state, TakeFromMiddle(1, 3), TakeFromPlayer(2, 1), TakeFromMiddle(0, 1))
    for _ in range(2):
        play(state, TakeFromPlayer(1, 2), TakeFromPlayer(2, 1), Pass(0))
    clubs = state.rounds[Suit.CLUBS]
    assert clubs.turns == 9 and clubs.brake_queue == [1]  # B has no token and must take one
    assert state.current_player() == 1
    assert state.legal_actions() == [TakeFromMiddle(1, 2)]
    assert any(e.kind == "brake" for e in state.events)
    error = refusal(state, TakeFromPlayer(1, 2))
    assert (error.reason, error.details) == ("pokerface.illegal.brake_take_only", {"player": "B", "suit": "♣"})
    state.apply(TakeFromMiddle(1, 2))
    assert clubs.finished
    assert [e for e in state.events if e.kind == "round_ended"][-1].rule == "brake_end"


def test_showdown_uses_the_spade_tokens_and_the_tally_decides() -> None:
    for name, success in (("showdown-success", True), ("showdown-failure", False)):
        replay = load_scenario(name).replay()
        state = replay.final
        assert state.deal_results == [success]
        assert (state.successes, state.failures) == ((1, 0) if success else (0, 1))
        assert state.dealer == 1  # the deal passed to Ben, on Anna's left
        assert state.deal_number == 2


def play_deal_in_order(state, reverse: bool) -> None:  # type: ignore[no-untyped-def]
    """Play one deal; at the ♠ round give the tokens by true strength (or against it)."""
    from pokerkit_teach.holdem.ranking import hand_strength

    while state.phase is PokerfacePhase.ROUND:
        if state.round_suit is Suit.SPADES:
            strengths = [hand_strength(state.hole[s] + tuple(state.board)) for s in range(state.player_count)]
            ranking = sorted(range(state.player_count), key=lambda s: strengths[s], reverse=reverse)
            token = {seat: n + 1 for n, seat in enumerate(ranking)}
            first = state.current_player()
            seats = [(first + i) % state.player_count for i in range(state.player_count)]
            everyone_takes_and_passes(state, [token[s] for s in seats])
            return
        else:
            everyone_takes_and_passes(state)


@pytest.mark.parametrize("variants, failures", [(frozenset(), 3), (frozenset({Variant.SOFT_LANDING}), 4)])
def test_failures_lose_the_game_three_or_with_soft_landing_four(variants: frozenset[Variant], failures: int) -> None:
    state = PokerfaceRules(FOUR, 0, variants).new_game(seed=11)
    while not state.is_terminal():
        play_deal_in_order(state, reverse=True)
    assert state.won is False and state.failures == failures and state.successes == 0
    assert state.outcome is not None and state.outcome.winners == () and state.outcome.scores == (0.0,) * 4
    assert state.deal_results == [False] * failures
    assert state.events[-1].kind == "game_lost"


def test_three_successes_win_and_the_dealer_moves_left_each_deal() -> None:
    state = PokerfaceRules(FOUR, 2).new_game(seed=12)
    dealers = []
    while not state.is_terminal():
        dealers.append(state.dealer)
        play_deal_in_order(state, reverse=False)
    assert state.won is True and state.deal_results == [True, True, True]
    assert state.outcome is not None and state.outcome.winners == (0, 1, 2, 3) and state.outcome.scores == (1.0,) * 4
    assert dealers == [2, 3, 0]


def test_rising_stakes_skips_clubs_then_hearts() -> None:
    rules = PokerfaceRules(FOUR, 0, frozenset({Variant.RISING_STAKES}))
    assert rules.rounds_for(0) == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    assert rules.rounds_for(1) == (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    assert rules.rounds_for(2) == (Suit.DIAMONDS, Suit.SPADES)
    state = rules.new_game(seed=5)
    state.successes = 1  # as after a first success
    state._plan_deal()
    assert [k for k, _ in state._steps] == [PokerfacePhase.HOLE, PokerfacePhase.FLOP, PokerfacePhase.ROUND, PokerfacePhase.TURN, PokerfacePhase.ROUND, PokerfacePhase.RIVER,
                                            PokerfacePhase.ROUND, PokerfacePhase.SHOWDOWN]


def test_free_for_all_lets_anyone_move_until_all_are_done() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0, frozenset({Variant.FREE_FOR_ALL})).new_game(seed=6)
    assert state.current_player() == SIMULTANEOUS
    play(state, TakeFromMiddle(2, 3), TakeFromMiddle(0, 1), Pass(2), TakeFromMiddle(1, 2), Pass(0))
    clubs = state.rounds[Suit.CLUBS]
    assert clubs.done == {0}  # B's take cleared C's "done"
    error = refusal(state, Pass(0))
    assert (error.reason, error.details) == ("pokerface.illegal.already_done", {"player": "A"})
    play(state, Pass(1), Pass(2))
    assert clubs.finished


def test_chance_steps_can_be_applied_one_by_one() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=8, auto_chance=False)
    assert state.current_player() == CHANCE and state.legal_actions() == [DealHoleCards()]
    error = refusal(state, TakeFromMiddle(1, 1))
    assert (error.reason, error.details) == ("pokerface.illegal.waiting_for_chance", {"step": Msg.of("pokerface.first.hole")})
    # The step is said in words, not as the engine's step name.
    assert error.text("en") == "Not yet: the hole cards are dealt first."
    assert error.text("de") == "Noch nicht: zuerst werden die Handkarten gegeben."
    state.apply(DealHoleCards())
    assert state.hole is not None and len({c for pair in state.hole for c in pair}) == 6
    everyone_takes_and_passes(state)
    assert state.legal_actions() == [DealBoard(PokerfacePhase.FLOP)] and state.legal_actions(0) == []
    assert refusal(state, DealBoard(PokerfacePhase.FLOP, parse_cards("As Ks"))).reason == "pokerface.illegal.forced_card_count"
    error = refusal(state, DealBoard(PokerfacePhase.TURN))
    assert (error.reason, error.details) == ("pokerface.illegal.wrong_chance_step", {"step": Msg.of("pokerface.phase.flop")})
    assert error.text("en") == "The next step is the flop." and error.text("de") == "Als Nächstes kommt der Flop."
    state.apply(DealBoard(PokerfacePhase.FLOP))
    assert len(state.board) == 3


def test_views_hide_other_hole_cards_until_the_showdown() -> None:
    state = PokerfaceRules(FOUR, 0).new_game(seed=9)
    view = state.view_for(2)
    assert view.hole == state.hole[2] and view.board == ()
    text = repr(view)
    for seat in (0, 1, 3):
        for card in state.hole[seat]:
            assert repr(card) not in text
    assert view.legal_actions == () and state.view_for(1).legal_actions == tuple(state.legal_actions(1))


def test_same_seed_and_actions_give_the_same_game_and_replays_step_back() -> None:
    a = PokerfaceRules(FOUR, 0).new_game(seed=42)
    b = PokerfaceRules(FOUR, 0).new_game(seed=42)
    for state in (a, b):
        everyone_takes_and_passes(state, [2, 1, 4, 3])
    assert a.snapshot() == b.snapshot()
    again = PokerfaceState.from_history(a.rules, a.history)
    # everything but the undealt deck and the random generator, which a replay does not need
    assert visible(again) == visible(a) and again.events == a.events
    before = a.undo()
    assert len(before.history) < len(a.history) and before.step == (PokerfacePhase.ROUND, Suit.CLUBS)
    # undo and clone are exact: the cards still to come too (they used to be dealt again with seed 0)
    clone = a.clone()
    for state in (a, clone):
        everyone_takes_and_passes(state)
    assert clone.snapshot() == a.snapshot() and clone.board == a.board
    last = max(i for i, action in enumerate(a.history) if not a.is_chance(action))
    redo = a.undo()  # before the last pass of the ♦ round, which dealt the turn
    assert len(redo.board) == 3 and redo.apply(a.history[last])[-1].kind == "round_started"
    assert redo.snapshot() == a.snapshot()  # the same turn card again


def test_a_refused_action_changes_nothing() -> None:
    state = PokerfaceRules(FOUR, 0).new_game(seed=10)
    state.apply(TakeFromMiddle(1, 2))
    before = state.snapshot()
    for bad in (TakeFromMiddle(2, 2), TakeFromMiddle(2, 9), TakeFromPlayer(2, 2), TakeFromPlayer(2, 0), Pass(2), Pass(3), Showdown(),
                DealBoard(PokerfacePhase.FLOP)):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state.snapshot() == before


def test_a_replay_steps_forward_and_back_through_the_log() -> None:
    replay = load_scenario("token-round").replay()
    assert len(replay.final.history) == len(replay.steps)
    middle = replay.state_after(13)  # after Dan took the 4♦ from Ben
    assert replay.steps[12].move == "Dan takes from Ben"
    assert middle.rounds[Suit.DIAMONDS].token_of(1) is None and middle.rounds[Suit.DIAMONDS].token_of(3) == 4
    back = replay.state_after(12)
    assert back.rounds[Suit.DIAMONDS].token_of(1) == 4  # one step back: Ben still holds it
    assert visible(replay.state_after(len(replay.steps))) == visible(replay.final)
    with pytest.raises(ValueError, match="no step 99"):
        replay.state_after(99)


def test_the_log_hides_hole_cards_from_other_players() -> None:
    state = PokerfaceRules(FOUR, 0).new_game(seed=13)
    index = next(i for i, e in enumerate(state.events) if e.kind == "hole_dealt")
    dealt = state.events[index]
    for lang in ("en", "de"):
        own = " ".join(c.text(lang) for c in state.hole[1])
        other = " ".join(c.text(lang) for c in state.hole[2])
        for_ben = state.events_for(1)[index].describe(lang)
        assert own in for_ben and other not in for_ben, lang
        assert for_ben == state.log_for(1, lang)[index]
        assert other in state.log_for(None, lang)[index] == dealt.describe(lang), lang  # the teacher's replay shows everything
    assert dealt.rule_text("de") and dealt.rule_text("en")


def test_rules_a_game_cannot_use_are_input_errors_naming_the_place() -> None:
    from pokerkit_teach.core.errors import InputError, OptionError

    with pytest.raises(InputError, match="3 to 6 players, got 2") as error:
        PokerfaceRules(("A", "B"))
    assert error.value.place == "players"
    with pytest.raises(InputError) as error:
        PokerfaceRules.for_players(FOUR, dealer="Zoe")
    assert error.value.place == "players" and "unknown player 'Zoe'" in str(error.value)
    with pytest.raises(OptionError) as option:
        PokerfaceRules.for_players(FOUR, variants=["turbo"])
    assert option.value.place == "variants" and option.value.got == "turbo"


def test_a_scenario_file_may_name_its_game_but_only_pokerface() -> None:
    from pokerkit_teach.core.scenarios import ScenarioError
    from pokerkit_teach.games.pokerface.scenarios import PokerfaceScenario

    data = {"players": list(FOUR), "deals": [{"moves": ["Ben takes 1"]}]}
    assert PokerfaceScenario.from_dict(data | {"game": "pokerface"}).replay().steps[-1].move == "Ben takes 1"
    assert PokerfaceScenario.from_dict(data).rules.players == FOUR
    with pytest.raises(ScenarioError, match="'game' is 'pokerface' for a Pokerface scenario, got 'voces'"):
        PokerfaceScenario.from_dict(data | {"game": "voces"})


# ---------------------------------------------------------------- free-for-all, the brake, forced deals
FFA = frozenset({Variant.FREE_FOR_ALL})


def test_free_for_all_done_declarations_do_not_count_towards_the_brake() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0, FFA).new_game(seed=6)
    clubs = state.rounds[Suit.CLUBS]
    # nine moves (the old count of three laps), but only five of them takes
    play(state, TakeFromMiddle(0, 1), TakeFromMiddle(1, 2), TakeFromMiddle(2, 3), Pass(0), Pass(1),
         TakeFromPlayer(2, 0), TakeFromMiddle(0, 3), Pass(0), Pass(1))
    assert not clubs.finished and not any(e.kind.startswith("brake") for e in state.events)
    state.apply(Pass(2))
    assert clubs.finished
    assert [e for e in state.events if e.kind == "round_ended"][-1].rule == "all_done"


def test_free_for_all_brake_counts_takes_and_can_be_switched_off() -> None:
    def swap_until(state, takes):  # type: ignore[no-untyped-def]
        play(state, TakeFromMiddle(0, 1), TakeFromMiddle(1, 2), TakeFromMiddle(2, 3))
        for n in range(takes - 3):
            play(state, Pass(0), TakeFromPlayer(1 + n % 2, 2 - n % 2))
    braked = PokerfaceRules(("A", "B", "C"), 0, FFA).new_game(seed=6)
    swap_until(braked, 9)
    assert [e.kind for e in braked.events if e.kind.startswith("brake")] == ["brake_free_for_all"]
    assert braked.current_player() in (1, 2) and braked.rounds[Suit.CLUBS].brake_queue is not None
    literal = PokerfaceRules(("A", "B", "C"), 0, FFA, free_for_all_brake=False).new_game(seed=6)
    swap_until(literal, 30)
    assert not any(e.kind.startswith("brake") for e in literal.events)
    assert literal.current_player() == SIMULTANEOUS and not literal.rounds[Suit.CLUBS].finished


def test_a_free_for_all_round_start_names_nobody_who_begins() -> None:
    state = PokerfaceRules(("Anna", "Ben", "Carla"), 0, FFA).new_game(seed=6)
    start = [e for e in state.events if e.kind.startswith("round_started")][-1]
    assert start.kind == "round_started_free_for_all" and start.param("first") is None
    assert "Ben" not in start.describe("en") and "Ben" not in start.describe("de")
    turns = PokerfaceRules(("Anna", "Ben", "Carla"), 0).new_game(seed=6)
    begun = [e for e in turns.events if e.kind.startswith("round_started")][-1]
    assert begun.kind == "round_started" and begun.param("first") == "Ben"


def test_the_brake_when_everyone_already_holds_a_token_names_no_empty_list() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=4)
    # nine turns without three passes in a row; the ninth leaves every player with a token
    play(state, TakeFromMiddle(1, 1), TakeFromMiddle(2, 2), TakeFromMiddle(0, 3), Pass(1), TakeFromPlayer(2, 0),
         TakeFromMiddle(0, 2), Pass(1), TakeFromPlayer(2, 0), TakeFromMiddle(0, 3))
    brakes = [e for e in state.events if e.kind.startswith("brake")]
    assert [e.kind for e in brakes] == ["brake_all_hold"]
    for lang in ("en", "de"):
        assert not brakes[0].describe(lang).rstrip().endswith(":")
    assert state.rounds[Suit.CLUBS].finished
    assert [e for e in state.events if e.kind == "round_ended"][-1].rule == "brake_end"


def forced_flop_state() -> PokerfaceState:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=8, auto_chance=False)
    state.apply(DealHoleCards())
    everyone_takes_and_passes(state)
    return state


@pytest.mark.parametrize("cards, key", [
    (("As", "Ks", "Qs"), "pokerface.illegal.forced_not_cards"),
    ("As Ks Qs", "pokerface.illegal.forced_not_cards"),
    (None, None),
    ((1, 2, 3), "pokerface.illegal.forced_not_cards"),
])
def test_forced_board_cards_must_be_card_values(cards, key) -> None:  # type: ignore[no-untyped-def]
    state = forced_flop_state()
    if key is None:
        state.apply(DealBoard(PokerfacePhase.FLOP, cards))
        return
    before = state.snapshot()
    error = refusal(state, DealBoard(PokerfacePhase.FLOP, cards))
    assert error.reason == key and error.details["stage"] == Msg.of("pokerface.phase_for.flop") and error.details["count"] == 3
    assert "for the flop must be a tuple of 3 values of type Card" in error.text("en")
    assert "für den Flop müssen ein Tupel aus 3 Werten vom Typ Card sein" in error.text("de")
    assert state.snapshot() == before


def test_forced_cards_already_dealt_or_given_twice_are_refused_before_anything_changes() -> None:
    state = forced_flop_state()
    assert state.hole is not None
    held = state.hole[1][0]
    free = [c for c in parse_cards("As Ks Qs Js Ts 9s 8s 7s") if c not in state.dealt_cards()]
    before = state.snapshot()
    error = refusal(state, DealBoard(PokerfacePhase.FLOP, (free[0], held, free[1])))
    assert (error.reason, error.details["card"]) == ("pokerface.illegal.forced_card_dealt", str(held))
    error = refusal(state, DealBoard(PokerfacePhase.FLOP, (free[0], free[1], free[0])))
    assert (error.reason, error.details["card"]) == ("pokerface.illegal.forced_card_twice", str(free[0]))
    error = refusal(state, DealBoard(PokerfacePhase.FLOP, (free[0], free[1])))
    assert (error.reason, error.details["count"], error.details["got"]) == ("pokerface.illegal.forced_card_count", 3, 2)
    assert state.snapshot() == before
    for lang in ("en", "de"):
        assert str(held) in IllegalAction("pokerface.illegal.forced_card_dealt", card=str(held)).text(lang)


def test_forced_hole_cards_are_checked_whole_before_the_deal() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=8, auto_chance=False)
    cards = parse_cards("As Ks Qs Js Ts 9s")
    pairs = ((cards[0], cards[1]), (cards[2], cards[3]), (cards[4], cards[5]))
    before = state.snapshot()
    for bad, key in [
        (((cards[0], cards[1]), (cards[2], cards[3])), "pokerface.illegal.forced_hole_count"),
        (((cards[0], cards[1]), (cards[2], cards[3]), (cards[4],)), "pokerface.illegal.forced_hole_count"),
        ((("As", "Ks"), (cards[2], cards[3]), (cards[4], cards[5])), "pokerface.illegal.forced_not_cards"),
        ("As Ks Qs Js Ts 9s", "pokerface.illegal.forced_not_cards"),
        (((cards[0], cards[1]), (cards[2], cards[0]), (cards[4], cards[5])), "pokerface.illegal.forced_card_twice"),
    ]:
        assert refusal(state, DealHoleCards(bad)).reason == key  # type: ignore[arg-type]
        assert state.snapshot() == before
    state.apply(DealHoleCards(pairs))
    assert state.hole == pairs


def test_the_history_keeps_its_own_copy_of_forced_cards() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0).new_game(seed=8, auto_chance=False)
    cards = parse_cards("As Ks Qs Js Ts 9s")
    given = [[cards[0], cards[1]], [cards[2], cards[3]], [cards[4], cards[5]]]
    state.apply(DealHoleCards(given))  # type: ignore[arg-type]
    everyone_takes_and_passes(state)
    flop = list(parse_cards("2c 3c 4c"))
    state.apply(DealBoard(PokerfacePhase.FLOP, flop))  # type: ignore[arg-type]
    given[0][0] = cards[5]
    flop[0] = cards[0]
    assert state.history[0] == DealHoleCards(((cards[0], cards[1]), (cards[2], cards[3]), (cards[4], cards[5])))
    assert state.history[-1] == DealBoard(PokerfacePhase.FLOP, tuple(parse_cards("2c 3c 4c")))
    replay = PokerfaceState.from_history(state.rules, state.history, auto_chance=False)
    assert visible(replay) == visible(state)


def test_a_free_for_all_brake_with_nobody_to_take_says_so() -> None:
    state = PokerfaceRules(("A", "B", "C"), 0, FFA).new_game(seed=6)
    play(state, TakeFromMiddle(0, 1), TakeFromMiddle(1, 2), TakeFromMiddle(2, 3), Pass(2),
         TakeFromPlayer(1, 0), TakeFromMiddle(0, 2), TakeFromPlayer(1, 0), TakeFromMiddle(0, 1),
         TakeFromPlayer(1, 0), TakeFromMiddle(0, 2))  # the ninth take leaves every player with a token
    brakes = [e for e in state.events if e.kind.startswith("brake")]
    assert [e.kind for e in brakes] == ["brake_free_for_all_all_hold"]
    assert brakes[0].rule == "brake_free_for_all" and brakes[0].rule_text("de")
    for lang in ("en", "de"):
        assert not brakes[0].describe(lang).rstrip().endswith(":")
    assert state.rounds[Suit.CLUBS].finished


@pytest.mark.parametrize("make, english, german", [
    (lambda: PokerfaceRules(("A", "B")), "Pokerface is played by 3 to 6 players, got 2",
     "Pokerface wird zu 3 bis 6 Spielern gespielt, erhalten: 2"),
    (lambda: PokerfaceRules(("A", "B", "A")), "every player needs a different name, got A, B, and A",
     "jeder Spieler braucht einen eigenen Namen, erhalten: A, B und A"),
    (lambda: PokerfaceRules(("A", "B", "C"), 5), "the first dealer is seat 0 to 2, got 5",
     "der erste Geber sitzt auf Platz 0 bis 2, erhalten: 5"),
    (lambda: PokerfaceRules.for_players(["A", "B", "C"], "Zoe"), "unknown player 'Zoe'; the players are A, B, and C",
     "unbekannter Spieler 'Zoe'; die Spieler sind A, B und C"),
])
def test_rules_errors_are_said_in_every_language(make, english, german) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as caught:
        make()
    assert caught.value.key is not None
    assert caught.value.text("en") == english and caught.value.text("de") == german
    assert caught.value.text("es") != english
