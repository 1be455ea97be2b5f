"""The PokerGuess engine: turns, the end of a betting phase, the last-card phase, the check and the pot,
chips conserved and predictions unique over many random games, refusals that change nothing."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from tests.support import fuzz_games

from pokerkit_teach.games.pokerguess.cards import parse_drez_cards
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.scenarios import ScenarioError
from pokerkit_teach.games.pokerguess import Prediction
from pokerkit_teach.games.pokerguess.scenarios import PokerGuessScenario
from pokerkit_teach.games.pokerguess.actions import ALL_PREDICTIONS, Deal, Fold, PokerGuessPhase, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
from pokerkit_teach.games.pokerguess.state import PokerGuessState

FOUR = ("Top", "Left", "Bottom", "Right")
P = Prediction.parse


def example_state():  # type: ignore[no-untyped-def]
    """The rulebook example's cards; Right deals, so Top begins."""
    rules = PokerGuessRules(FOUR, first_dealer=3)
    state = rules.new_game(seed=0, auto_chance=False)
    private = tuple(
        tuple(parse_drez_cards(text)) for text in
        ("blue bishop, orange bishop", "yellow pawn, magenta joker", "orange joker, green knight", "red queen, red horse")
    )
    state.apply(Deal(private, tuple(parse_drez_cards("red tower, red pawn, green pawn, green bishop, yellow joker"))))
    state.auto_chance = True
    return state


def test_rulebook_example_bottom_wins_the_pot() -> None:
    state = example_state()
    assert state.players[state.current_player()] == "Top" and state.pot == 4
    for seat, text in ((0, "3 red 4 bishops"), (1, "4 red 4 pawns"), (2, "3 green 3 jokers"), (3, "4 red 3 pawns"), (0, "4 red 4 bishops")):
        state.apply(Predict(seat, P(text)))
    for seat in (1, 2, 3):  # nobody else changes: the betting phase ends
        state.apply(Stay(seat))
    assert state.round.phase is PokerGuessPhase.REVEAL
    for seat in range(4):  # (the rulebook skips this phase; the cards shown change nothing here)
        state.apply(Reveal(seat, 0))
    for seat in range(4):
        state.apply(Stay(seat))
    result = state.results[-1]
    assert [state.players[seat] for seat, _ in result.checks] == ["Top", "Left", "Right", "Bottom"]
    assert [verdict.holds for _, verdict in result.checks] == [False, False, False, True]
    assert result.winner == 2 and result.pot == 4 and not result.shared and not result.by_folding
    assert [seat for seat, _ in result.hands] == [0, 1, 2, 3] and len(result.cards) == 13  # the check shows every card
    # Bottom won the 4 chips; the next round has begun and everyone has paid its initial bet again
    assert [c + k for c, k in zip(state.chips, state.round.committed)] == [19, 19, 23, 19]


def test_the_player_who_changed_does_not_act_again_until_someone_else_changes() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    state.apply(Predict(1, P("4 red 4 pawns"), raise_by=2))  # a change with a raise: the bet is now 3
    assert state.current_bet == 3
    state.apply(Predict(2, P("3 green 3 jokers")))  # Bottom covers the 2 and predicts
    assert state.chips[2] == 17
    state.apply(Predict(3, P("4 red 3 pawns")))  # Right's prediction is the last change
    assert state.round.pending == [0, 1, 2] and state.current_player() == 0
    for seat in (0, 1, 2):
        state.apply(Stay(seat))
    assert state.round.phase is PokerGuessPhase.REVEAL  # Right never acted again
    assert [e.kind for e in state.events[-4:]] == ["stayed", "kept", "kept", "reveal_phase"]  # only Top had to pay


def test_refusals_name_the_problem_and_change_nothing() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    before = state.snapshot()
    for bad, reason, details in (
        (Predict(1, P("3 red 4 bishops")), "pokerguess.illegal.prediction_taken", {"player": "Left", "holder": "Top"}),
        (Predict(2, P("3 green 3 jokers")), "pokerguess.illegal.not_your_turn", {"player": "Bottom", "to_act": "Left"}),
        (Stay(1), "pokerguess.illegal.needs_prediction", {"player": "Left"}),
        (Predict(1, P("4 red 4 pawns"), raise_by=9), "pokerguess.illegal.bad_raise", {"most": 3, "raise_by": 9}),
        (Reveal(1, 0), "pokerguess.illegal.not_reveal_now", {}),
    ):
        with pytest.raises(IllegalAction) as refused:
            state.apply(bad)
        assert (refused.value.reason, refused.value.details) == (reason, details)
        assert state.snapshot() == before
    assert state.why_not(Fold(1)) is None


def test_a_lone_player_takes_the_pot() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    for seat in (1, 2, 3):
        state.apply(Fold(seat))
    assert state.results[-1].winner == 0 and state.results[-1].by_folding and state.results[-1].hands == ()
    assert state.chips[0] + state.round.committed[0] == 23  # the next round's initial bet is already paid


def random_move(state, rng):  # type: ignore[no-untyped-def]
    seat = state.current_player()
    if state.round.phase is PokerGuessPhase.REVEAL:
        return Reveal(seat, int(rng.integers(2)))
    roll = rng.random()
    if roll < 0.1:
        return Fold(seat)
    if roll < 0.6 and state.why_not(Stay(seat)) is None:
        return Stay(seat)
    for _ in range(50):
        action = Predict(seat, ALL_PREDICTIONS[int(rng.integers(len(ALL_PREDICTIONS)))], int(rng.integers(0, 3)))
        if state.why_not(action) is None:
            return action
    return Fold(seat)


def play_games(first: int, count: int) -> int:
    refused = 0
    for game in range(first, first + count):
        rng = np.random.default_rng([7, game])
        players = 2 + game % 5
        state = PokerGuessRules(tuple(f"P{i}" for i in range(players)), max_rounds=25).new_game(seed=game)
        while not state.is_terminal():
            if rng.random() < 0.05:
                bad = Predict(int(rng.integers(-1, players + 1)), ALL_PREDICTIONS[int(rng.integers(len(ALL_PREDICTIONS)))], int(rng.integers(-1, 5)))
                if state.why_not(bad) is not None:
                    before = state.snapshot()
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
                    assert state.snapshot() == before
                    refused += 1
            state.apply(random_move(state, rng))
            assert sum(state.chips) + state.pot == 20 * players  # chips are conserved
            held = list(state.round.predictions.values())
            assert len(held) == len(set(held))  # never two equal predictions
        outcome = state.outcome
        assert outcome is not None and len(outcome.winners) == 1 and state.round.number <= 25
        assert outcome.by_rules == (sum(1 for c in state.chips if c) == 1)  # all the chips, or stopped at the limit
        assert outcome.scores == tuple(float(c) for c in state.chips)
    return refused


@pytest.mark.slow
def test_thousands_of_random_games_keep_every_rule() -> None:
    """600 seeded random games in a normal run (PKT_FUZZ_GAMES for more: see tests/support.py)."""
    games = fuzz_games()
    chunks = [(start, min(250, games - start)) for start in range(0, games, 250)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        refused = sum(pool.map(play_games, *zip(*chunks)))
    assert refused > games // 10


def visible(state: PokerGuessState) -> tuple[object, ...]:
    """The snapshot of a state without the random generator (a rebuilt game has drawn nothing)."""
    return tuple(item for item in state.snapshot() if item[0] not in ("_rng", "_rng_states"))


def test_same_seed_and_moves_give_the_same_game_and_the_log_replays_it() -> None:
    from pokerkit_teach.games.pokerguess.scenarios import load_scenario

    games = []
    for _ in range(2):
        state = PokerGuessRules(FOUR).new_game(seed=99)
        rng = np.random.default_rng(5)
        for _ in range(40):
            state.apply(random_move(state, rng))
        games.append(state)
    assert games[0].snapshot() == games[1].snapshot()
    again = PokerGuessState.from_history(games[0].rules, games[0].history)
    assert visible(again) == visible(games[0])  # all but the random generator's position
    replay = load_scenario("pokerguess-example").replay()
    assert replay.state_after(5).round.predictions[0] == P("3 red 4 bishops")
    assert replay.state_after(6).round.predictions[0] == P("4 red 4 bishops")  # one step forward: Top's change


def test_a_game_stopped_at_the_round_limit_is_won_by_the_most_chips_not_by_the_rules() -> None:
    state = PokerGuessRules(("A", "B", "C"), max_rounds=1).new_game(seed=3)
    assert state.outcome is None
    seat = state.current_player()
    state.apply(Predict(seat, P("1 red 1 pawn"), raise_by=1))
    while not state.is_terminal():
        state.apply(Fold(state.current_player()))
    assert state.events[-1].kind == "game_stopped"
    assert state.outcome is not None and state.outcome.winners == (seat,) and not state.outcome.by_rules
    assert state.outcome.scores[seat] == 22 and state.legal_actions() == [] and state.legal_actions(seat) == []


def test_a_deal_with_given_cards_is_checked() -> None:
    state = PokerGuessRules(("A", "B")).new_game(seed=0, auto_chance=False)
    cards = parse_drez_cards("B5 B8 P6 J3 R2 P2 P9 B9 J6")
    good = Deal((cards[0:2], cards[2:4]), cards[4:9])
    for bad in (
        Deal((cards[0:2], cards[2:4]), None),  # half given
        Deal((cards[0:2],), cards[4:9]),  # a seat without cards
        Deal((cards[0:2], cards[0:2]), cards[4:9]),  # a card twice
        Deal((cards[0:2], cards[2:4]), cards[4:8]),  # four community cards
        Deal((cards[0:2], cards[2:3]), cards[4:9]),  # one private card
    ):
        with pytest.raises(IllegalAction) as refused:
            state.apply(bad)
        assert (refused.value.reason, refused.value.details) == ("pokerguess.illegal.bad_deal", {})
    assert state.why_not(good) is None and state.legal_actions() == [Deal()] and state.legal_actions(0) == []
    state.apply(good)
    assert state.round.phase is PokerGuessPhase.BETTING1 and state.round.private[1] == cards[2:4]


def test_the_legal_moves_are_the_moves_the_engine_allows() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    state.apply(Predict(1, P("4 red 4 pawns"), raise_by=2))
    moves = state.view_for(2).legal_actions
    listed = state.legal_actions(2)
    assert list(moves) == listed == state.legal_actions() and len(moves) == len(listed)
    assert moves[-1] == listed[-1] and moves[5:9] == listed[5:9]
    assert Stay(2) not in moves and Fold(2) in moves and Predict(2, P("3 red 4 bishops")) not in moves
    assert len(state.view_for(1).legal_actions) == 0 and list(state.view_for(1).legal_actions) == []  # not Left's turn
    rng = np.random.default_rng(1)
    for _ in range(300):
        action = Predict(2, ALL_PREDICTIONS[int(rng.integers(len(ALL_PREDICTIONS)))], int(rng.integers(-1, 5)))
        assert (action in moves) == (state.why_not(action) is None), action
    for index in rng.integers(len(moves), size=50):
        assert moves[int(index)] == listed[int(index)] and state.why_not(listed[int(index)]) is None
    allowed = [move for move in (Fold(2), Stay(2)) if state.why_not(move) is None] + [
        Predict(2, prediction, raise_by) for raise_by in range(moves.most_raise + 2) for prediction in ALL_PREDICTIONS
        if state.why_not(Predict(2, prediction, raise_by)) is None]  # every move the rules allow, found one by one
    assert listed == allowed and len(listed) > 10_000


def test_a_malformed_deal_is_refused_by_key_and_changes_nothing() -> None:
    """Empty hands, duplicates, text instead of cards, anything that is not a deal."""
    state = PokerGuessRules(("A", "B")).new_game(seed=0, auto_chance=False)
    cards = parse_drez_cards("B5 B8 P6 J3 R2 P2 P9 B9 J6")
    before = state.snapshot()
    for bad in (
        Deal(((), ()), ()),  # empty: a Reveal would find no card later
        Deal((cards[0:2], cards[0:2]), cards[4:9]),
        Deal((("B5", "B8"), ("P6", "J3")), tuple("abcde")),  # text instead of cards
        Deal((cards[0:2], cards[2:4]), "R2P2P"),
        Deal((5, 6), cards[4:9]),  # type: ignore[arg-type]  # not hands at all
        Deal((cards[0:2], cards[2:4]), 12),  # type: ignore[arg-type]
        Deal((cards[0:2], None), cards[4:9]),  # type: ignore[arg-type]
        Deal("ab", cards[4:9]),  # type: ignore[arg-type]
    ):
        assert state.why_not(bad) is not None
        with pytest.raises(IllegalAction) as refused:
            state.apply(bad)
        assert refused.value.reason == "pokerguess.illegal.bad_deal", bad
        assert state.snapshot() == before
    state.apply(Deal((cards[0:2], cards[2:4]), cards[4:9]))
    state.auto_chance = True
    for _ in range(2):
        state.apply(Predict(state.current_player(), ALL_PREDICTIONS[state.current_player()]))
    state.apply(Stay(state.current_player()))
    state.apply(Reveal(state.current_player(), 1))  # a legal Reveal after a checked deal works
    assert state.round.shown


def test_players_out_of_chips_get_no_cards_and_count_for_nothing() -> None:
    """B loses all chips in round 1; in round 2 the scenario deals B nothing (a player out is
    left out of 'private', or given ""), and the check counts only A's and C's cards and the community."""
    data = {
        "game": "pokerguess", "players": ["A", "B", "C"], "dealer": "C", "options": {"starting_chips": 2},
        "rounds": [
            {"private": {"A": "R2 Q2", "B": "P1 P3", "C": "Q4 Q5"}, "community": "B2 N2 J2 J1 J3",
             "moves": ["A raises 1 and predicts 5 red 1 pawn", "B predicts 1 gray 1 queen", "C folds", "A stays",
                       "A shows 1", "B shows 1", "A stays", "B stays"]},
            {"private": {"A": "J9 Q9", "C": "N2 N3"}, "community": "B1 B2 B3 B4 B5",
             "moves": ["C predicts 1 gray 3 bishops", "A predicts 2 red 4 bishops", "C stays",
                       "C shows 1", "A shows 1", "C stays", "A stays"]},
        ],
    }
    final = PokerGuessScenario.from_dict(data).replay().final
    first, second = final.results
    deals = [action for action in final.history if isinstance(action, Deal)]
    assert first.winner == 0 and final.departed == [1, 2] and deals[1].private[1] == ()
    assert second.hands == ((0, parse_drez_cards("J9 Q9")), (2, parse_drez_cards("N2 N3")))
    assert len(second.cards) == 9 and second.winner == 0 and final.outcome is not None and final.outcome.by_rules
    empty = {**data, "rounds": [data["rounds"][0], {**data["rounds"][1], "private": {"A": "J9 Q9", "B": "", "C": "N2 N3"}}]}
    assert PokerGuessScenario.from_dict(empty).replay().final.results[1].hands == second.hands
    given = {**data, "rounds": [data["rounds"][0], {**data["rounds"][1], "private": {"A": "J9 Q9", "B": "P4 P6", "C": "N2 N3"}}]}
    with pytest.raises(ScenarioError, match="round 2: the deal is not allowed: B has no chips left and gets no cards"):
        PokerGuessScenario.from_dict(given).replay()
    state = PokerGuessRules(("A", "B", "C")).new_game(seed=1, auto_chance=False)
    state.chips[1] = 0  # as if B had lost every chip
    cards = parse_drez_cards("J9 Q9 P4 P6 N2 N3 B1 B2 B3 B4 B5")
    with pytest.raises(IllegalAction) as refused:
        state.apply(Deal((cards[0:2], cards[2:4], cards[4:6]), cards[6:11]))
    assert (refused.value.reason, refused.value.details) == ("pokerguess.illegal.cards_for_player_out", {"player": "B"})
    state.apply(Deal((cards[0:2], (), cards[4:6]), cards[6:11]))
    assert state.round.active == [2, 0] and state.cards_counted() == [*cards[0:2], *cards[4:6], *cards[6:11]]
