"""Pokerface's facts for the conformance tests: its bots' reasons checked against the state, the tables
they are checked at, and which cards a seat may not see.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from typing import Any


from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.games.pokerface import GAME as POKERFACE
from pokerkit_teach.games.pokerface.strength import place_probabilities

from tests.engine.pokerface.reading_checks import check_move, check_reading

from pokerkit_teach.games.pokerface import DealBoard, DealHoleCards, Pass, PokerfacePhase, Showdown, TakeFromMiddle, TakeFromPlayer, Variant
from tests.conformance.facts import GameFacts
from tests.conformance.facts.common import close, said


def check_pokerface(state: Any, view: Any, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    if decision.reason.key.startswith("pokerface.reading."):  # the reader's ♠ round: its reading computed again
        check_reading(state, view, seat, decision, bot)
        return
    key = decision.reason.key.removeprefix("pokerface.reason.")
    values = said(decision)
    action = decision.action
    if key == "random":
        assert values["count"] == len(view.legal_actions)
        return
    count = view.player_count
    # the estimator's belief is computed again from the cards; the reader's is its own Monte Carlo sample
    probabilities = (place_probabilities(view.hole, view.board, count) if bot.name == "estimator"
                     else bot.estimate(view).probabilities)
    expected = sum((r + 1) * p for r, p in enumerate(probabilities))
    place = min(count, max(1, round(expected)))
    assert values["place"] == place and values["count"] == count and close(values["percent"], probabilities[place - 1])
    assert values["token"].suit == view.round_suit
    check_move(key, action, values, view, seat, place, probabilities[place - 1] >= 0.5, expected)


def table(game: int) -> tuple[Any, list[str]]:
    """3 players, every bot at each table (larger tables cost the reader more time than they add checks)."""
    names = ("estimator", "reader", "random")
    return POKERFACE.new_rules(3), [names[(game + s) % 3] for s in range(3)]


def hidden(state: Any, seat: int) -> tuple[set[Any], set[Any]]:
    """Hidden from ``seat``: the other players' hole cards of this deal until its showdown, and the cards
    still to come; seen by everyone: the board and the hands of the last showdown."""
    secret: set[Any] = set(state._deck)
    if state.hole is not None and not state.is_terminal():
        secret |= {card for other, pair in enumerate(state.hole) if other != seat for card in pair}
    public = set(state.board)
    if state.showdowns:
        shown = state.showdowns[-1]
        public |= set(shown.board) | {card for hand in shown.hands for card in hand.hole}
    own = set(state.hole[seat]) if state.hole is not None else set()
    return secret, public | own


MUST_SEE = frozenset({
    "pokerface.reason.random", "pokerface.reason.keep", "pokerface.reason.take_middle", "pokerface.reason.take_player",
    "pokerface.reason.settle_keep", "pokerface.reason.settle_middle", "pokerface.reason.settle_middle_brake",
    "pokerface.reading.keep", "pokerface.reading.take_middle"})

VARIANT_SETS = tuple(sorted(v.value.replace("_", "-") for v in c) for n in range(4) for c in itertools.combinations(Variant, n))


def refusals(state: Any, rng: Any) -> list[Any]:
    """Token moves of random (often wrong) seats and tokens, every chance step, and every legal move of a
    seat offered as another seat's."""
    players = state.player_count
    found: list[Any] = []
    for _ in range(6):
        seat = int(rng.integers(-1, players + 1))
        found += [TakeFromMiddle(seat, int(rng.integers(0, players + 2))), TakeFromPlayer(seat, int(rng.integers(-1, players + 1))),
                  Pass(seat)]
    found += [DealHoleCards(), DealBoard(PokerfacePhase.FLOP), DealBoard(PokerfacePhase.TURN), DealBoard(PokerfacePhase.RIVER),
              Showdown(), "pass"]
    for seat in range(players):
        found += [replace(a, seat=s) for a in state.legal_actions(seat) if not state.is_chance(a) for s in range(players) if s != seat]
    return found


FACTS = GameFacts(hidden, check_pokerface, table, MUST_SEE, tuple({"variants": list(v)} for v in VARIANT_SETS), refusals)
