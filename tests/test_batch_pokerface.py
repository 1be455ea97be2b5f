"""The Pokerface batch path (issue 22): many games side by side in numpy, with the engine as its reference.

An estimator team plays exactly the engine's games (the same deals from the same per-game seeds, the same
judgements, the same moves): every game's outcome is compared with the engine's, for 3 to 6 players and
every variant. Random bots draw other random numbers on the batch path, so only their rates are compared
(benchmarks/pokerface_batch.py compares 100,000 games a line; here a quick check that the rates are near).
"""

from __future__ import annotations

import itertools
import json
import re
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import BATCH_CHUNK, play_one, simulate, two_proportion_p_value
from pokerkit_teach.pokerface.batch import _numerators, batch_simulate, can_batch, play_batch
from pokerkit_teach.pokerface.rules import PokerfaceRules, Variant
from pokerkit_teach.pokerface.simulate import tally
from pokerkit_teach.pokerface.strength import share_beaten
from pokerkit_teach.holdem.cards import card_from_code

GAME = get_game("pokerface")
VARIANTS = ((), ("free-for-all",), ("rising-stakes",), ("soft-landing",), ("free-for-all", "rising-stakes", "soft-landing"))


def engine_outcomes(rules: PokerfaceRules, bots: tuple[str, ...], seed: int, numbers: range) -> list[tuple[bool, int, int]]:
    outcomes = []
    for number in numbers:
        state = play_one(GAME, rules, bots, seed, number)
        outcomes.append((bool(state.won), state.successes, state.failures))
    return outcomes


def batch_outcomes(rules: PokerfaceRules, bots: tuple[str, ...], seed: int, numbers: range) -> list[tuple[bool, int, int]]:
    outcome = play_batch(rules, bots, seed, numbers)
    return list(zip(outcome.won.tolist(), outcome.successes.tolist(), outcome.failures.tolist()))


@pytest.mark.parametrize(("players", "variants", "games"), [
    (3, (), 20), (4, ("free-for-all",), 10), (5, ("rising-stakes",), 10), (6, ("soft-landing",), 8),
    (4, ("free-for-all", "rising-stakes", "soft-landing"), 8),
])
def test_an_estimator_team_plays_the_engines_games(players: int, variants: tuple[str, ...], games: int) -> None:
    rules = GAME.new_rules(players, {"variants": list(variants)})
    numbers = range(100, 100 + games)
    expected = engine_outcomes(rules, ("estimator",), 3, numbers)
    assert batch_outcomes(rules, ("estimator",) * players, 3, numbers) == expected
    # a test that can fail: another seed gives other games
    assert batch_outcomes(rules, ("estimator",) * players, 4, numbers) != expected


def _differences(players: int, variants: tuple[str, ...]) -> list[tuple[int, tuple[str, ...], int]]:
    rules = GAME.new_rules(players, {"variants": list(variants)})
    numbers = range(100)
    expected = engine_outcomes(rules, ("estimator",), 8, numbers)
    got = batch_outcomes(rules, ("estimator",) * players, 8, numbers)
    return [(players, variants, n) for n, (a, b) in enumerate(zip(expected, got)) if a != b]


@pytest.mark.slow
def test_an_estimator_team_plays_the_engines_games_2000_games() -> None:
    """2,000 games: 100 for each player count (3 to 6) and each of the five variant sets (on two processes:
    the engine's games take most of the time)."""
    configurations = list(itertools.product((3, 4, 5, 6), VARIANTS))
    with ProcessPoolExecutor(max_workers=2) as pool:
        differ = [d for found in pool.map(_differences, *zip(*configurations)) for d in found]
    assert differ == []


def test_the_estimators_judgements_are_the_engines_shares() -> None:
    """2 x below + level for every player on a board, against strength.share_beaten (the engine's)."""
    rng = np.random.default_rng(5)
    decks = np.array([rng.permutation(52) for _ in range(30)], dtype=np.uint8)
    holes = decks[:, :10].reshape(30, 5, 2)
    for size in (3, 4, 5):
        boards = np.ascontiguousarray(decks[:, 10:10 + size])
        numerators, _ = _numerators(boards, holes)
        valid = (52 - size - 2) * (52 - size - 3) // 2
        for deal, seat in itertools.product(range(30), range(5)):
            hole = [card_from_code(int(c)) for c in holes[deal, seat]]
            board = [card_from_code(int(c)) for c in boards[deal]]
            assert (numerators[deal, seat] / 2) / valid == share_beaten(hole, board)


def test_the_tallies_are_those_the_engines_tally_sums() -> None:
    rules = GAME.new_rules(5, {"variants": ["soft-landing", "rising-stakes"]})
    totals: dict[str, float] = {}
    for number in range(12):
        for key, value in tally(play_one(GAME, rules, ("estimator",), 2, number)).items():
            totals[key] = totals.get(key, 0.0) + value
    assert batch_simulate(rules, ("estimator",) * 5, 2, range(12)) == totals


def test_simulate_takes_the_batch_path_when_it_can_and_says_so() -> None:
    batch = simulate("pokerface", 4, ["estimator"], 20, seed=7)
    engine = simulate("pokerface", 4, ["estimator"], 20, seed=7, engine=True)
    assert (batch.path, engine.path) == ("batch", "engine")
    assert batch.totals == engine.totals
    assert json.loads(json.dumps(batch.as_json()))["path"] == "batch"
    assert re.search(r"; played in batches, many games side by side \(\d+\.\d s\)$", batch.text("en")), batch.text("en")
    assert re.search(r"; played move by move by the game engine \(\d+\.\d s\)$", engine.text("en")), engine.text("en")
    assert "stapelweise gespielt" in batch.text("de") and "jugadas por lotes" in batch.text("es")
    reader = simulate("pokerface", 3, ["reader"], 2, seed=1)
    mixed = simulate("pokerface", 3, ["estimator", "reader", "random"], 2, seed=1)
    assert reader.path == mixed.path == "engine", "the reader reads the tokens: the engine plays it"
    assert can_batch(("random", "estimator", "random")) and not can_batch(("estimator", "reader", "random"))


def test_a_batch_result_does_not_depend_on_the_workers() -> None:
    games = BATCH_CHUNK + 300  # two slices
    one = simulate("pokerface", 3, ["random"], games, seed=2)
    two = simulate("pokerface", 3, ["random"], games, seed=2, workers=2)
    assert one.totals == two.totals and one.path == "batch"
    assert one.totals != simulate("pokerface", 3, ["random"], games, seed=3).totals


def test_mixed_random_and_estimator_seats_play_on_the_batch_path() -> None:
    rules = GAME.new_rules(4, {"variants": ["free-for-all"]})
    outcome = play_batch(rules, ("estimator", "random", "estimator", "random"), 1, range(100))
    assert len(outcome.won) == 100 and (outcome.failures <= rules.failures_to_lose).all()
    assert ((outcome.successes == 3) == outcome.won).all()
    with pytest.raises(ValueError):
        play_batch(rules, ("estimator", "reader", "estimator", "random"), 1, range(2))


@pytest.mark.parametrize(("players", "variants", "games"), [
    (3, (), 150),
    pytest.param(3, ("soft-landing",), 400, marks=pytest.mark.slow),
    pytest.param(4, ("free-for-all", "soft-landing"), 400, marks=pytest.mark.slow),
])
def test_random_teams_win_about_as_often_on_both_paths(players: int, variants: tuple[str, ...], games: int) -> None:
    """A check (the benchmark compares 100,000 games a line): ``games`` engine games against ten times as
    many batch games may not differ by more than chance explains at the 0.1 % level."""
    options = {"variants": list(variants)}
    engine = simulate("pokerface", players, ["random"], games, seed=6, options=options, engine=True)
    batch = simulate("pokerface", players, ["random"], 10 * games, seed=6, options=options)
    assert engine.path == "engine" and batch.path == "batch"
    p_value = two_proportion_p_value(engine.totals["won"], engine.games, batch.totals["won"], batch.games)
    assert p_value > 0.001, (engine.totals, batch.totals)
    deals_engine = engine.totals["deal_successes"] / (engine.totals["deal_successes"] + engine.totals["deal_failures"])
    deals_batch = batch.totals["deal_successes"] / (batch.totals["deal_successes"] + batch.totals["deal_failures"])
    assert abs(deals_engine - deals_batch) < 0.08


def test_the_rules_decide_what_the_batch_path_plays() -> None:
    """The batch path asks the rules object: a rules object with other brake laps (a field of the rules
    the registry does not offer) changes the batch games as it changes the engine's."""
    rules = PokerfaceRules(tuple(f"P{i}" for i in range(4)), brake_laps=1, variants=frozenset({Variant.FREE_FOR_ALL}))
    numbers = range(8)
    assert batch_outcomes(rules, ("estimator",) * 4, 9, numbers) == engine_outcomes(rules, ("estimator",), 9, numbers)
