"""Seeded fuzzing: random legal games (600 in a normal run, PKT_FUZZ_GAMES for more: see tests/support.py) over 3 to 6 players and every combination of variants.

Each game checks, as it goes: every token is in the middle or with exactly one player; every round ends
(the emergency brake bounds it); every deal uses 52 distinct cards; the tally matches the showdowns,
recomputed here from the hands; now and then a random illegal action is refused and leaves the
state exactly as it was; every tenth game's history, replayed, rebuilds the same game. The games run in two processes (the machine has two cores).

Games with forced chance steps: the chance steps are applied one by one, half of them with random cards
given by the caller (sometimes as lists, changed after they were applied), and before each a few broken
ones (cards as text, numbers, the wrong count, a card twice, a card already dealt, the wrong step) are
refused and leave the state exactly as it was; the history, replayed, rebuilds the same game.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from tests.support import fuzz_games

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.game import CHANCE
from pokerkit_teach.holdem.cards import french_deck
from pokerkit_teach.holdem.ranking import hand_strength
from pokerkit_teach.games.pokerface.actions import BOARD_PHASES
from pokerkit_teach.games.pokerface import (
    DealBoard,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    PokerfaceRules,
    PokerfaceState,
    Showdown,
    TakeFromMiddle,
    TakeFromPlayer,
    TokenRound,
    Variant,
)

GAMES = fuzz_games()
VARIANT_SETS = [frozenset(c) for n in range(4) for c in itertools.combinations(Variant, n)]


def random_action(rng: np.random.Generator, players: int):  # type: ignore[no-untyped-def]
    kind = int(rng.integers(6))
    seat = int(rng.integers(-1, players + 1))
    if kind == 0:
        return TakeFromMiddle(seat, int(rng.integers(0, players + 2)))
    if kind == 1:
        return TakeFromPlayer(seat, int(rng.integers(-1, players + 1)))
    if kind == 2:
        return Pass(seat)
    if kind == 3:
        return DealBoard([PokerfacePhase.FLOP, PokerfacePhase.TURN, PokerfacePhase.RIVER][int(rng.integers(3))])
    if kind == 4:
        return Showdown()
    return DealHoleCards()


def fingerprint(value):  # type: ignore[no-untyped-def]
    """Everything that makes up a state, as one comparable value: like ``state.snapshot()`` (every
    attribute, the random generator and its record included), quicker for the thousands of refusals here:
    frozen values (actions, events, showdowns) are taken as they are, the generator's states by ``repr``."""
    if isinstance(value, np.random.Generator):
        return repr(value.bit_generator.state)
    if isinstance(value, dict):
        return tuple((key, repr(item) if key == "_rng_states" else fingerprint(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(fingerprint(item) for item in value)
    if isinstance(value, set):
        return frozenset(value)
    if isinstance(value, TokenRound):
        return tuple(fingerprint(getattr(value, name)) for name in TokenRound.__slots__)
    if isinstance(value, PokerfaceState):
        return fingerprint(vars(value))
    return value


def check_tokens(state) -> None:  # type: ignore[no-untyped-def]
    for token_round in state.rounds.values():
        holders = [h for h in token_round.holder if h is not None]
        assert len(holders) == len(set(holders)), "a player holds two tokens of one suit"
        for token, seat in enumerate(token_round.holder, start=1):
            if seat is not None:
                assert token_round.held[seat] == token
        if token_round.finished:
            assert None not in token_round.holder, "a round ended with a token in the middle"
        limit = state.rules.brake_laps * state.player_count
        assert token_round.turns <= limit, "a round ran past the emergency brake"


def play_games(first: int, count: int) -> dict[str, int]:
    stats = {"games": 0, "actions": 0, "refused": 0, "deals": 0, "brakes": 0}
    for game in range(first, first + count):
        rng = np.random.default_rng([20261130, game])
        players = 3 + game % 4
        variants = VARIANT_SETS[(game // 4) % len(VARIANT_SETS)]
        state = PokerfaceRules(tuple(f"P{i}" for i in range(players)), int(rng.integers(players)), variants).new_game(seed=game)
        showdowns = 0
        while not state.is_terminal():
            if rng.random() < 0.05:
                bad = random_action(rng, players)
                if bad not in state.legal_actions():
                    before = fingerprint(state)
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
                    assert fingerprint(state) == before
                    stats["refused"] += 1
            legal = state.legal_actions()
            passes = [a for a in legal if isinstance(a, Pass)]
            action = passes[0] if passes and rng.random() < 0.6 else legal[int(rng.integers(len(legal)))]
            state.apply(action)
            stats["actions"] += 1
            check_tokens(state)
            if state.hole is not None and state.phase is PokerfacePhase.ROUND:
                cards = [c for pair in state.hole for c in pair] + state.board + state._deck
                assert len(cards) == 52 and len(set(cards)) == 52
            while len(state.showdowns) > showdowns:  # a showdown happened: recompute it by hand
                result = state.showdowns[showdowns]
                strengths = [hand_strength(hand.hole + result.board) for hand in result.hands]
                assert result.success == all(a <= b for a, b in zip(strengths, strengths[1:]))
                showdowns += 1
        assert state.successes == sum(state.deal_results) and state.failures == len(state.deal_results) - state.successes
        assert state.won == (state.successes == 3)
        assert state.won or state.failures == state.rules.failures_to_lose
        outcome = state.outcome
        assert outcome is not None and outcome.winners == (tuple(range(players)) if state.won else ())
        assert outcome.scores == ((1.0 if state.won else 0.0),) * players
        if game % 10 == 0:  # every tenth game: the history, replayed, rebuilds the same game
            replayed = PokerfaceState.from_history(state.rules, state.history)
            assert visible(replayed) == visible(state) and replayed.events == state.events
        stats["games"] += 1
        stats["deals"] += len(state.deal_results)
        stats["brakes"] += sum(e.kind == "brake" for e in state.events)
    return stats


def test_twenty_random_legal_games_keep_every_rule() -> None:
    stats = play_games(0, 20)
    assert stats["games"] == 20 and stats["refused"] > 100 and stats["brakes"] > 10


@pytest.mark.slow
def test_thousands_of_random_legal_games_keep_every_rule() -> None:
    chunks = [(start, min(250, GAMES - start)) for start in range(0, GAMES, 250)]
    totals: dict[str, int] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for stats in pool.map(play_games, *zip(*chunks)):
            for key, value in stats.items():
                totals[key] = totals.get(key, 0) + value
    assert totals["games"] == GAMES
    assert totals["refused"] > GAMES // 10 and totals["brakes"] > GAMES // 100
    assert totals["deals"] >= 3 * GAMES


# ---------------------------------------------------------------- forced chance steps
HIDDEN = {"_rng", "_rng_states", "_deck"}  # what a game keeps to itself: its generator and the deck to come


def visible(state: PokerfaceState):  # type: ignore[no-untyped-def]
    return tuple((key, value) for key, value in state.snapshot() if key not in HIDDEN)


def forced_deal(state: PokerfaceState, rng: np.random.Generator, given: list[list]):  # type: ignore[no-untyped-def,type-arg]
    """The chance step due, with random cards that fit; a third of them given as lists (kept in ``given``
    so that the caller can change them afterwards)."""
    chance = state.chance_action()
    as_lists = rng.random() < 0.3
    if isinstance(chance, DealHoleCards):
        deck = [french_deck()[int(i)] for i in rng.permutation(52)]
        pairs = [[deck[2 * seat], deck[2 * seat + 1]] for seat in range(state.player_count)]
        if as_lists:
            given.append(pairs)
            return DealHoleCards(pairs)  # type: ignore[arg-type]
        return DealHoleCards(tuple((a, b) for a, b in pairs))
    if isinstance(chance, DealBoard):
        used = state.dealt_cards()
        free = [card for card in french_deck() if card not in used]
        picked = [free[int(i)] for i in rng.choice(len(free), BOARD_PHASES[chance.stage], replace=False)]
        if as_lists:
            given.append(picked)
            return DealBoard(chance.stage, picked)  # type: ignore[arg-type]
        return DealBoard(chance.stage, tuple(picked))
    return chance


def broken_deals(state: PokerfaceState, rng: np.random.Generator) -> list[object]:
    """Forced chance steps that must be refused now."""
    players = state.player_count
    chance = state.chance_action()
    deck = [french_deck()[int(i)] for i in rng.permutation(52)]
    pairs = [(deck[2 * seat], deck[2 * seat + 1]) for seat in range(players)]
    broken: list[object] = [
        DealHoleCards(tuple((str(a), str(b)) for a, b in pairs)),  # type: ignore[arg-type]
        DealHoleCards(" ".join(str(c) for pair in pairs for c in pair)),  # type: ignore[arg-type]
        DealHoleCards(tuple(pairs[:-1])),
        DealHoleCards(tuple(pairs) + ((deck[-1], deck[-2]),)),
        DealHoleCards(tuple(pairs[:-1]) + ((pairs[-1][0], pairs[-1][1], deck[-1]),)),  # type: ignore[arg-type]
        DealHoleCards(tuple(pairs[:-1]) + ((pairs[0][0], pairs[-1][1]),)),
        DealHoleCards(tuple((1, 2) for _ in pairs)),  # type: ignore[arg-type]
    ]
    for stage, size in BOARD_PHASES.items():
        used = sorted(state.dealt_cards())
        free = [card for card in deck if card not in state.dealt_cards()]
        broken += [
            DealBoard(stage, tuple(str(card) for card in free[:size])),  # type: ignore[arg-type]
            DealBoard(stage, " ".join(str(card) for card in free[:size])),  # type: ignore[arg-type]
            DealBoard(stage, tuple(free[:size + 1])),
            DealBoard(stage, tuple(free[:size - 1])),
            DealBoard(stage, tuple(range(size))),  # type: ignore[arg-type]
        ]
        if used:
            broken.append(DealBoard(stage, (used[int(rng.integers(len(used)))],) + tuple(free[:size - 1])))
        if size > 1:
            broken.append(DealBoard(stage, (free[0],) + tuple(free[:size - 1])))
    if chance is not None and not isinstance(chance, DealHoleCards):
        broken.append(DealHoleCards(tuple(pairs)))  # a deal's cards are dealt once
    return [action for action in broken if action != chance and not (chance is None and isinstance(action, Showdown))]


def play_forced_games(first: int, count: int) -> dict[str, int]:
    stats = {"games": 0, "refused": 0, "forced": 0, "changed": 0}
    for game in range(first, first + count):
        rng = np.random.default_rng([20261201, game])
        players = 3 + game % 4
        variants = VARIANT_SETS[(game // 4) % len(VARIANT_SETS)]
        rules = PokerfaceRules(tuple(f"P{i}" for i in range(players)), int(rng.integers(players)), variants)
        state = rules.new_game(seed=game, auto_chance=False)
        given: list[list] = []  # type: ignore[type-arg]
        while not state.is_terminal():
            chance = state.current_player() == CHANCE
            if chance or rng.random() < 0.02:
                candidates = broken_deals(state, rng)
                before = fingerprint(state)
                for index in rng.choice(len(candidates), 3, replace=False):
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(candidates[int(index)])  # type: ignore[arg-type]
                    assert refused.value.reason.startswith("pokerface.illegal.")
                    assert fingerprint(state) == before
                    stats["refused"] += 1
            if chance:
                if rng.random() < 0.5:
                    state.apply(forced_deal(state, rng, given))
                    stats["forced"] += 1
                else:
                    chance_action = state.chance_action()
                    assert chance_action is not None
                    state.apply(chance_action)
                continue
            legal = state.legal_actions()
            passes = [a for a in legal if isinstance(a, Pass)]
            state.apply(passes[0] if passes and rng.random() < 0.6 else legal[int(rng.integers(len(legal)))])
            if state.hole is not None and state.phase is PokerfacePhase.ROUND:
                cards = [c for pair in state.hole for c in pair] + state.board + state._deck
                assert len(cards) == 52 and len(set(cards)) == 52
        for cards in given:  # the caller changes its lists: the game and its history keep their own
            cards.reverse()
            cards.append(cards[0])
            stats["changed"] += 1
        replayed = PokerfaceState.from_history(rules, state.history, auto_chance=False)
        assert visible(replayed) == visible(state)
        assert replayed.events == state.events
        stats["games"] += 1
    return stats


def test_forced_deals_broken_ones_refused_and_the_history_replays() -> None:
    stats = play_forced_games(0, 24)
    assert stats["games"] == 24 and stats["forced"] > 100 and stats["refused"] > 300 and stats["changed"] > 10


@pytest.mark.slow
def test_two_hundred_games_with_forced_deals() -> None:
    totals: dict[str, int] = {}
    with ProcessPoolExecutor(max_workers=2) as pool:
        for stats in pool.map(play_forced_games, *zip(*[(start, 50) for start in range(0, 200, 50)])):
            for key, value in stats.items():
                totals[key] = totals.get(key, 0) + value
    assert totals["games"] == 200
