"""The fast PokerGuess simulation (pokerkit_teach.games.pokerguess.batch) plays exactly the engine's games: for
every seed and game number the same rounds (who took each pot, and whether everyone else folded), the same
chips at the end, the same winner, the same end (by the rules or at the round limit), with every bot, 2 to
6 players and every rule option. The engine, played move by move through Match, is the known answer."""

from __future__ import annotations

from typing import Any

import pytest

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import play_one, simulate
from pokerkit_teach.games.pokerguess.batch import GameRecord, batch_simulate, can_batch, play_game, simulate_batch, tally_record
from pokerkit_teach.games.pokerguess.check import ColourOrder
from pokerkit_teach.games.pokerguess.simulate import tally
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules

GAME = get_game("pokerguess")


def engine_record(state: Any) -> GameRecord:
    outcome = state.outcome
    return GameRecord(tuple((r.winner, r.by_folding) for r in state.results), tuple(state.chips), outcome.winners[0],
                      outcome.by_rules, state.rules.max_rounds)


def compare(players: int, bots: list[str], options: dict[str, Any], seed: int, numbers: range) -> int:
    """Play the games both ways; return the rounds compared. ``options`` may name any field of the rules
    (``first_dealer`` too, which the command line does not set)."""
    values = {name: ColourOrder(value) if name == "colour_order" else value for name, value in options.items()}
    rules = PokerGuessRules(tuple(f"P{seat}" for seat in range(players)), **values)
    rounds = 0
    for number in numbers:
        state = play_one(GAME, rules, bots, seed, number)
        record = play_game(rules, bots, seed, number)
        assert record == engine_record(state), (players, bots, options, seed, number)
        assert tally_record(record) == tally(state)
        rounds += len(record.rounds)
    return rounds


# (players, bots, options, games): short round limits keep the counter bots' games quick in the engine
QUICK = [
    (2, ["random"], {"max_rounds": 20}, 40),
    (3, ["random"], {"max_rounds": 20}, 30),
    (4, ["random"], {}, 10),
    (6, ["random"], {"max_rounds": 15}, 20),
    (2, ["counter"], {"max_rounds": 12}, 20),
    (4, ["counter"], {"max_rounds": 6}, 20),
    (6, ["counter"], {"max_rounds": 4}, 15),
    (4, ["counter", "random", "random", "counter"], {"max_rounds": 10}, 20),
    (5, ["random"], {"colour_order": "by_number_reversed", "count_folded_cards": False, "max_raise": 5,
                     "starting_chips": 7, "initial_bet": 2}, 30),
    (3, ["counter", "random", "counter"], {"colour_order": "by_number_reversed", "count_folded_cards": False,
                                           "starting_chips": 6, "max_rounds": 20}, 15),
]


@pytest.mark.parametrize("players,bots,options,games", QUICK)
def test_the_same_games_as_the_engine(players: int, bots: list[str], options: dict[str, Any], games: int) -> None:
    rounds = compare(players, bots, options, seed=11, numbers=range(games))
    assert rounds > games  # real games were compared, not empty ones


def test_the_same_sums_as_the_engine_for_a_chunk_of_game_numbers() -> None:
    rules = GAME.new_rules(4, {"max_rounds": 8})
    bots = ["counter", "random"] * 2
    engine: dict[str, float] = {}
    for number in range(12):
        for key, value in tally(play_one(GAME, rules, bots, 3, number)).items():
            engine[key] = engine.get(key, 0.0) + value
    assert simulate_batch(rules, bots, 12, seed=3) == engine
    # chunks of game numbers, as the runner hands them to its workers: the two add up to the whole
    first = batch_simulate(rules, tuple(bots), 3, range(0, 5))
    second = batch_simulate(rules, tuple(bots), 3, range(5, 12))
    assert {key: first.get(key, 0.0) + second.get(key, 0.0) for key in first | second} == engine


def test_another_seed_gives_other_games() -> None:
    rules = GAME.new_rules(4, {})
    assert [play_game(rules, ["random"], 1, n) for n in range(5)] != [play_game(rules, ["random"], 2, n) for n in range(5)]


def test_the_bots_it_plays_and_the_names_it_refuses() -> None:
    assert can_batch(["counter"]) and can_batch(["random", "counter"]) and can_batch(list(GAME.bot_names))
    assert not can_batch(["counter", "reader"])
    rules = GAME.new_rules(3, {})
    with pytest.raises(OptionError):
        play_game(rules, ["reader"], 1, 0)
    with pytest.raises(OptionError):
        play_game(rules, ["counter", "random"], 1, 0)  # two names for three seats


@pytest.mark.slow
def test_the_same_games_as_the_engine_on_a_thousand_games() -> None:
    """About 20 s: 940 games with random bots (2 to 6 players; short round limits, or few chips so many
    games end by the rules, with the other options varied) and 60 with counter bots (mixed with random
    bots, or few chips so they end by the rules)."""
    runs: list[tuple[int, list[str], dict[str, Any], int, range]] = []
    for players in range(2, 7):
        runs.append((players, ["random"], {"max_rounds": 25}, 101, range(100)))
        runs.append((players, ["random"], {"count_folded_cards": False, "colour_order": "by_number_reversed",
                                           "max_raise": 1 + players % 3, "starting_chips": 6 + players,
                                           "first_dealer": players - 1, "max_rounds": 40}, 102, range(88)))
    runs += [(4, ["random", "counter"] * 2, {"max_rounds": 20}, 103, range(30)),
             (6, ["counter"], {"max_rounds": 5}, 104, range(20)),
             (3, ["counter"], {"starting_chips": 6}, 105, range(5)),
             (2, ["counter"], {"starting_chips": 8}, 106, range(5))]
    rounds = [compare(players, bots, options, seed=seed, numbers=numbers) for players, bots, options, seed, numbers in runs]
    assert sum(len(numbers) for *_, numbers in runs) == 1000
    assert all(count >= len(run[4]) for count, run in zip(rounds, runs, strict=True))  # every game played a round


def test_the_runner_takes_the_fast_path_and_the_engine_agrees() -> None:
    options = {"max_rounds": 6}
    fast = simulate("pokerguess", 3, ["counter", "random", "counter"], games=8, seed=5, workers=1, options=options)
    engine = simulate("pokerguess", 3, ["counter", "random", "counter"], games=8, seed=5, options=options, engine=True)
    assert (fast.path, engine.path) == ("batch", "engine")
    assert dict(fast.totals) == dict(engine.totals) and fast.totals["pots"] > 8
