"""The Pokerface batch path: many games side by side in numpy, with the engine as its reference.

Every team the batch path plays (estimators, random bots, both) plays exactly the engine's games: the same
deals from the same per-game seeds, the same judgements, the same draws of the random bots, the same moves.
Every game's outcome is compared with the engine's, for 3 to 6 players and every variant
(benchmarks/pokerface_batch.py compares 100,000 random games a line).
"""

from __future__ import annotations

import itertools
import json
import re
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.simulate import play_one, simulate
from pokerkit_teach.games.pokerface.batch import BATCH_CHUNK
from pokerkit_teach.core.match import Match
from pokerkit_teach.games.pokerface.batch_judgements import share_numerators
from pokerkit_teach.games.pokerface.batch import _WORDS, _Games, batch_simulate, can_batch, play_batch
from pokerkit_teach.games.pokerface.rules import PokerfaceRules, Variant
from pokerkit_teach.games.pokerface.simulate import tally
from pokerkit_teach.games.pokerface.strength import share_beaten
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


Fingerprint = tuple[bool, int, int, tuple[Any, ...], tuple[int, ...]]


def _where(bit_generator: np.random.BitGenerator) -> tuple[Any, ...]:
    state = bit_generator.state
    return state["state"]["state"], state["state"]["inc"], state["has_uint32"], state["uinteger"]


def _outputs_drawn(bit_generator: np.random.BitGenerator, seed: int, number: int, seat: int) -> int:
    """How many 64-bit outputs the generator of the random bot in ``seat`` has given since it was made."""
    fresh = np.random.PCG64(np.random.SeedSequence([seed, number], spawn_key=(seat,)))
    goal = _where(bit_generator)[0]
    for drawn in range(100_000):
        if _where(fresh)[0] == goal:
            return drawn
        fresh.random_raw()
    raise AssertionError("not this seat's generator")


def engine_fingerprints(rules: PokerfaceRules, bots: tuple[str, ...], seed: int, numbers: range) -> list[Fingerprint]:
    """Each game's outcome, where its generator stands at its end, and how many 32-bit words each random
    bot has used: the bots and the generator of core.simulate.play_one, made as it makes them."""
    found = []
    players = rules.player_count
    names = bots * players if len(bots) == 1 else bots
    for number in numbers:
        seeds = np.random.SeedSequence([seed, number]).spawn(players + 1)
        seat_bots = GAME.bots_for(bots, players, [np.random.default_rng(s) for s in seeds[:players]])
        rng = np.random.default_rng(int(seeds[players].generate_state(1)[0]))
        state = Match(rules.new_game(seed=rng, auto_chance=GAME.dealer is None), seat_bots, seed=rng,
                      dealer=GAME.dealer).play_to_end()
        words = tuple(2 * _outputs_drawn(bot.rng.bit_generator, seed, number, seat) - _where(bot.rng.bit_generator)[2]
                      for seat, (bot, name) in enumerate(zip(seat_bots, names)) if name == "random")
        found.append((bool(state.won), state.successes, state.failures, _where(rng.bit_generator), words))
    return found


def batch_fingerprints(rules: PokerfaceRules, bots: tuple[str, ...], seed: int, numbers: range) -> list[Fingerprint]:
    """The same on the batch path (its random bots draw their words ahead, _WORDS at a time)."""
    games = _Games(rules, bots, seed, numbers)
    while not games.over.all():
        games.deal(np.flatnonzero(~games.over))
    found = []
    for game, number in enumerate(numbers):
        words = []
        for seat in np.flatnonzero(games.random_seat).tolist():
            column = games.column[seat]
            refills = _outputs_drawn(games.bit_generators[game][column], seed, number, seat) // (_WORDS // 2)
            words.append((refills - 1) * _WORDS + int(games.position[game, column]))
        found.append((bool(games.won[game]), int(games.successes[game]), int(games.failures[game]),
                      _where(games.generators[game].bit_generator), tuple(words)))
    return found


def test_the_engines_fingerprints_are_of_the_engines_games() -> None:
    """engine_fingerprints makes the bots and the generator as play_one does: the same outcomes."""
    rules = GAME.new_rules(4, {"variants": ["free-for-all"]})
    bots = ("random", "estimator", "random", "random")
    outcomes = [f[:3] for f in engine_fingerprints(rules, bots, 2, range(6))]
    assert outcomes == engine_outcomes(rules, bots, 2, range(6))


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


def _differences(players: int, variants: tuple[str, ...], bot: str = "estimator", games: int = 100,
                 bots: tuple[str, ...] | None = None) -> list[tuple[int, tuple[str, ...], int]]:
    rules = GAME.new_rules(players, {"variants": list(variants)})
    numbers = range(games)
    seats = bots or (bot,) * players
    expected = engine_fingerprints(rules, seats, 8, numbers)
    got = batch_fingerprints(rules, seats, 8, numbers)
    return [(players, variants, n) for n, (a, b) in enumerate(zip(expected, got, strict=True)) if a != b]


# games per player count and variant set in the two slow agreement tests (the suite's time; the
# benchmark plays more: docs/benchmarks.md)
GAMES_EACH = 40


@pytest.mark.slow
def test_an_estimator_team_plays_the_engines_games_800_games() -> None:
    """800 games: 40 for each player count (3 to 6) and each of the five variant sets (on two processes:
    the engine's games take most of the time). The benchmark ``pokerface_batch.py exact`` compares 2,000."""
    configurations = [(p, v, "estimator", GAMES_EACH) for p, v in itertools.product((3, 4, 5, 6), VARIANTS)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        differ = [d for found in pool.map(_differences, *zip(*configurations)) for d in found]
    assert differ == []


@pytest.mark.slow
def test_a_random_team_plays_the_engines_games_800_games() -> None:
    """As for the estimators: 800 games of random bots, 40 for each player count and variant set, and
    40 games of a mixed team (random bots beside estimators, free-for-all) on two processes."""
    configurations = [(p, v, "random", GAMES_EACH) for p, v in itertools.product((3, 4, 5, 6), VARIANTS)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        found = list(pool.map(_differences, *zip(*configurations)))
        mixed = pool.submit(_differences, 5, ("free-for-all", "soft-landing"), "", GAMES_EACH,
                            ("random", "estimator", "random", "estimator", "estimator")).result()
    assert [d for differ in found for d in differ] == [] and mixed == []


@pytest.mark.parametrize(("players", "variants", "bots", "games"), [
    (3, (), ("random",) * 3, 12),
    (4, ("free-for-all",), ("random",) * 4, 8),
    (6, ("rising-stakes", "soft-landing"), ("random",) * 6, 6),
    (4, (), ("random", "estimator", "estimator", "random"), 8),
    (4, ("free-for-all",), ("estimator", "random", "estimator", "random"), 8),
])
def test_random_bots_play_the_engines_games(players: int, variants: tuple[str, ...], bots: tuple[str, ...],
                                            games: int) -> None:
    """A random bot on the batch path draws what the engine's bot in its seat draws: the same games (the
    same outcomes, each game's generator where the engine's stands at the end, as many words used by
    each random bot)."""
    rules = GAME.new_rules(players, {"variants": list(variants)})
    numbers = range(40, 40 + games)
    expected = engine_fingerprints(rules, bots, 3, numbers)
    got = batch_fingerprints(rules, bots, 3, numbers)
    assert got == expected
    assert [f[:3] for f in got] == batch_outcomes(rules, bots, 3, numbers)
    assert batch_fingerprints(rules, bots, 5, numbers) != expected  # another seed, other games


def test_a_rejected_draw_is_drawn_again_as_numpy_does() -> None:
    """Generator.integers(k) rejects a 32-bit word w when the low half of w * k is below (2**32 - k) % k
    and takes the next one. A random bot's generator is set to a state whose next 64-bit output is 0
    (two words that integers(3) rejects): the batch path's picks are numpy's."""
    multiplier = 0x2360ED051FC65DA44385DF649FCCF645  # PCG64's: the state goes to state * multiplier + inc
    games = _Games(GAME.new_rules(3), ("random",) * 3, 1, range(2))
    bit_generator = games.bit_generators[1][2]
    state = bit_generator.state
    increment = state["state"]["inc"]
    after = (5 << 64) | 5  # the output of a state is its halves xor-ed (and turned by its top 6 bits: 0): 0
    state["state"]["state"] = ((after - increment) * pow(multiplier, -1, 2**128)) % 2**128
    bit_generator.state = state
    twin = np.random.Generator(np.random.PCG64())
    twin.bit_generator.state = state
    assert twin.bit_generator.random_raw() == 0
    twin.bit_generator.state = state
    games._refill(1, 2)
    counts = [3, 5, 1, 2, 13, 3, 7]
    expected = [int(twin.integers(k)) for k in counts]
    got = [int(games._picks(np.array([1]), np.array([2]), np.array([k]))[0]) for k in counts]
    assert got == expected
    assert games.position[1, 2] == 8  # two rejected words, then one word for each count but the 1


def test_the_estimators_judgements_are_the_engines_shares() -> None:
    """2 x below + level for every player on a board, against strength.share_beaten (the engine's)."""
    rng = np.random.default_rng(5)
    decks = np.array([rng.permutation(52) for _ in range(30)], dtype=np.uint8)
    holes = decks[:, :10].reshape(30, 5, 2)
    for size in (3, 4, 5):
        boards = np.ascontiguousarray(decks[:, 10:10 + size])
        numerators, _ = share_numerators(boards, holes)
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


def test_the_batch_path_plays_only_the_bots_it_can() -> None:
    rules = GAME.new_rules(4, {"variants": ["free-for-all"]})
    with pytest.raises(ValueError):
        play_batch(rules, ("estimator", "reader", "estimator", "random"), 1, range(2))


def test_the_rules_decide_what_the_batch_path_plays() -> None:
    """The batch path asks the rules object: a rules object with other brake laps (a field of the rules
    the registry does not offer) changes the batch games as it changes the engine's."""
    rules = PokerfaceRules(tuple(f"P{i}" for i in range(4)), brake_laps=1, variants=frozenset({Variant.FREE_FOR_ALL}))
    numbers = range(8)
    assert batch_outcomes(rules, ("estimator",) * 4, 9, numbers) == engine_outcomes(rules, ("estimator",), 9, numbers)
