"""Seeded fuzzing of Póker a Voces: random legal rounds (600 in a normal run, PKT_FUZZ_GAMES for more: see tests/support.py) (games of one round) over 3 to 6 players,
every choice of special cards (none, one kind, two kinds) and every rule option.

Each round checks, as it goes: all the cards of the round's deck are somewhere, each exactly once
(deck, discard pile, hands, placed hands, cards drawn for Baboons); the coins add up to 11 per player;
every player ends the trading with three hands of five cards; the scores are the coins won plus 2 per
fold plus the bonuses. Every few moves a random illegal action (one that is not among the legal ones)
is refused and leaves the state exactly as it was (its pickled bytes unchanged); every legal action chosen
is accepted. The rounds run in two processes (the machine has two cores).
"""

from __future__ import annotations

import itertools
import pickle
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

from tests.support import fuzz_games

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.games.voces import (
    CHANCE, SIMULTANEOUS, Accept, Bet, Deal, DrawForBaboons, Fold, FoldTiming, Offer, Pick, Place, PlaceFive,
    Resolve, Stay, VocesPhase, VocesRules, Withdraw,
)
from pokerkit_teach.games.voces.actions import COIN_VALUE, FOLD_BONUS
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.reveal import TieRule

ROUNDS = fuzz_games()
SPECIAL_CHOICES = [()] + [(s,) for s in Special] + list(itertools.combinations(Special, 2))
KINDS = (Offer, Accept, Withdraw, Place, Bet, PlaceFive, Fold, Stay, Pick)


def random_illegal(rng: np.random.Generator, state: Any) -> Any:
    """A random action of any kind, with random (often wrong) seat, cards, piles, coins or picks."""
    n = state.rules.player_count
    seat = int(rng.integers(-1, n + 1))
    deck = state.rules.deck(state.round.number)
    cards = tuple(deck[int(i)] for i in rng.choice(len(deck), size=int(rng.integers(0, 4)), replace=False))
    kind = int(rng.integers(12))
    if kind == 0:
        return Offer(seat, cards)
    if kind == 1:
        return Accept(seat, int(rng.integers(-1, n + 1)), cards)
    if kind == 2:
        return Withdraw(seat)
    if kind == 3:
        return Place(seat)
    if kind == 4:
        pile = int(rng.integers(0, 5))
        return Bet(seat, pile, tuple(int(c) for c in rng.integers(0, 3, size=3)))  # type: ignore[arg-type]
    if kind == 5:
        return PlaceFive(seat, int(rng.integers(0, 5)))
    if kind == 6:
        return Fold(seat)
    if kind == 7:
        return Stay(seat)
    if kind == 8:
        return Pick(seat, tuple(int(c) for c in rng.integers(0, 5, size=int(rng.integers(0, 3)))))
    if kind == 9:
        return Deal(tuple(deck[:-1]) if rng.random() < 0.5 else None)
    if kind == 10:
        return DrawForBaboons()
    return Resolve()


def canon(action: Any) -> Any:
    """Offers and acceptances name a set of cards: the order they are listed in does not matter."""
    if isinstance(action, (Offer, Accept)):
        return (type(action), action.seat, getattr(action, "offerer", None), frozenset(action.cards), len(action.cards))
    return action


def exactly(state: Any) -> bytes:
    """The whole state as bytes: equal bytes for an object graph left as it was, down to the order of every
    list and dict and the random generator's state (stricter than ``snapshot()``, and fast enough to take
    tens of thousands of times; tests/engine/voces/test_protocol.py checks refusals with ``snapshot()``)."""
    return pickle.dumps(state)


def choose(rng: np.random.Generator, legal: list[Any]) -> Any:
    kinds = [k for k in KINDS if any(isinstance(a, k) for a in legal)]
    kind = kinds[int(rng.integers(len(kinds)))]
    options = [a for a in legal if isinstance(a, kind)]
    return options[int(rng.integers(len(options)))]


def play_rounds(first: int, count: int) -> dict[str, int]:
    stats = Counter[str]()
    for index in range(first, first + count):
        rng = np.random.default_rng([2026, index])
        n = int(rng.integers(3, 7))
        rules = VocesRules(
            tuple(f"P{i}" for i in range(n)), specials=SPECIAL_CHOICES[int(rng.integers(len(SPECIAL_CHOICES)))], rounds=1,
            ace_low_straight=bool(rng.integers(2)), tie_rule=list(TieRule)[int(rng.integers(2))],
            fold_timing=list(FoldTiming)[int(rng.integers(2))], unused_five_scores=bool(rng.integers(2)),
            baboon_same_card=bool(rng.integers(2)),
        )
        state = rules.new_game(seed=rng)
        deck = Counter(rules.deck(1))
        steps = 0
        checked_hands = False
        while not state.is_terminal():
            steps += 1
            assert steps < 5_000, "a round did not end"
            assert dict.__eq__(state.card_census(), deck), f"round {index}: cards lost or doubled in {state.phase}"
            assert state.coin_total() == COIN_VALUE * n, f"round {index}: coins do not add up"
            if state.phase is not VocesPhase.TRADING and not checked_hands:
                assert all(len(state.placed_of(s)) == 3 and all(len(h) == 5 for h in state.placed_of(s)) for s in range(n))
                checked_hands = True
            if steps % 3 == 0:
                candidate = random_illegal(rng, state)
                if canon(candidate) not in {canon(a) for a in state.legal_actions()}:
                    before = exactly(state)
                    try:
                        state.apply(candidate)
                    except IllegalAction:
                        stats["refused"] += 1
                    else:
                        raise AssertionError(f"round {index}: {candidate!r} is not listed as legal but was accepted")
                    assert exactly(state) == before, f"round {index}: a refused action changed the state"
            to_act = state.current_player()
            assert to_act != CHANCE  # chance steps run by themselves
            if to_act == SIMULTANEOUS:
                seats = [s for s in range(n) if state.hand_of(s)]
                legal = state.legal_actions(seats[int(rng.integers(len(seats)))])
            else:
                legal = state.legal_actions(to_act) + (state.legal_actions() if state.phase is VocesPhase.BETTING else [])
            action = choose(rng, legal)
            assert state.why_not(action) is None, f"round {index}: a listed action is refused: {action!r}"
            state.apply(action)
            stats["actions"] += 1
        r = state.round
        assert checked_hands
        for s in range(n):
            five = 5 if rules.unused_five_scores and r.five_on[s] is None else 0
            assert state.round_scores[0][s] == r.won[s] + FOLD_BONUS * len(r.folded[s]) + r.bonus[s] + five
        stats["rounds"] += 1
        stats["baboon_draws"] += sum(isinstance(a, DrawForBaboons) for a in state.history)
        stats["eliminations"] += sum(e.kind.startswith("eliminated") for e in state.events)
        stats["reversals"] += sum(e.kind == "reversed" for e in state.events)
        stats["reshuffles"] += sum(e.kind == "reshuffled" for e in state.events)
    return dict(stats)


@pytest.mark.slow
def test_thousands_of_random_legal_rounds() -> None:
    half = ROUNDS // 2
    with ProcessPoolExecutor(max_workers=2) as pool:
        parts = list(pool.map(play_rounds, [0, half], [half, ROUNDS - half]))
    total = Counter[str]()
    for part in parts:
        total.update(part)
    assert total["rounds"] == ROUNDS
    # the special cards really came into play, and illegal actions were really tried
    assert min(total["baboon_draws"], total["eliminations"], total["reversals"]) > ROUNDS // 100
    assert total["refused"] > ROUNDS
