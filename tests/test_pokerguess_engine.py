"""The PokerGuess engine: turns, the end of a betting phase, the last-card phase, the check and the pot,
chips conserved and predictions unique over many random games, refusals that change nothing."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from pokerkit_teach.pokerguess.cards import parse_drez_cards
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.pokerguess import Prediction
from pokerkit_teach.pokerguess.state import ALL_PREDICTIONS, Deal, Fold, PokerGuessRules, Predict, Reveal, Stay

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
    assert state.round.phase == "reveal"
    for seat in range(4):  # (the rulebook skips this phase; the cards shown change nothing here)
        state.apply(Reveal(seat, 0))
    for seat in range(4):
        state.apply(Stay(seat))
    result = state.results[-1]
    assert [state.players[seat] for seat, _ in result["checks"]] == ["Top", "Left", "Right", "Bottom"]
    assert [verdict.holds for _, verdict in result["checks"]] == [False, False, False, True]
    assert result["winner"] == 2 and result["pot"] == 4
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
    assert state.round.phase == "reveal"  # Right never acted again
    assert [e.kind for e in state.events[-4:]] == ["stayed", "kept", "kept", "reveal_phase"]  # only Top had to pay


def test_refusals_name_the_problem_and_change_nothing() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    before = state.snapshot()
    for bad, text in (
        (Predict(1, P("3 red 4 bishops")), "Top already holds that prediction"),
        (Predict(2, P("3 green 3 jokers")), "not Bottom's turn; Left is to act"),
        (Stay(1), "no prediction yet"),
        (Predict(1, P("4 red 4 pawns"), raise_by=9), "A raise is 0 to 3 chips"),
        (Reveal(1, 0), "only in the last-card phase"),
    ):
        with pytest.raises(IllegalAction, match=text):
            state.apply(bad)
        assert state.snapshot() == before
    assert state.why_not(Fold(1)) is None


def test_a_lone_player_takes_the_pot() -> None:
    state = example_state()
    state.apply(Predict(0, P("3 red 4 bishops")))
    for seat in (1, 2, 3):
        state.apply(Fold(seat))
    assert state.results[-1]["winner"] == 0
    assert state.chips[0] + state.round.committed[0] == 23  # the next round's initial bet is already paid


def random_move(state, rng):  # type: ignore[no-untyped-def]
    seat = state.current_player()
    if state.round.phase == "reveal":
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
        assert state.winner is not None and state.round.number <= 25
    return refused


def test_ten_thousand_random_games_keep_every_rule() -> None:
    chunks = [(start, 250) for start in range(0, 10_000, 250)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        refused = sum(pool.map(play_games, *zip(*chunks)))
    assert refused > 1000


def test_same_seed_and_moves_give_the_same_game_and_the_log_replays_it() -> None:
    from pokerkit_teach.pokerguess.scenarios import load_guess_scenario
    from pokerkit_teach.pokerguess.state import replay_guess_history

    games = []
    for _ in range(2):
        state = PokerGuessRules(FOUR).new_game(seed=99)
        rng = np.random.default_rng(5)
        for _ in range(40):
            state.apply(random_move(state, rng))
        games.append(state)
    assert games[0].snapshot() == games[1].snapshot()
    again = replay_guess_history(games[0].rules, games[0].history)
    assert again.snapshot()[:-1] == games[0].snapshot()[:-1]  # all but the random generator's position
    replay = load_guess_scenario("pokerguess-example").replay()
    assert replay.state_after(5).round.predictions[0] == P("3 red 4 bishops")
    assert replay.state_after(6).round.predictions[0] == P("4 red 4 bishops")  # one step forward: Top's change
