"""What the conformance suite must know of each game that the game does not tell the kit: the rule options
to play it under, which cards a seat may not see (worked out from the full state, apart from the
game's own view code), how to check each of its bots' reasons against the state, the tables the reasons are
checked at, and the reasons that must come up there.

A game without facts here fails the conformance tests that need them, naming what to add: a new game
brings its facts with it (see :mod:`tests.conformance.facts.highcard` for the test-only fourth game).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import pytest

from pokerkit_teach.core.game import Bot, Decision

__all__ = ["GameFacts", "facts_of"]


@dataclass(frozen=True)
class GameFacts:
    """- ``hidden(state, seat)``: (the cards ``seat`` may not see now, the cards everyone may see now: a card
      in both, the same card in a new deal, is not looked for);
    - ``check_reason(state, view, seat, decision, bot)``: raises AssertionError when a reason is not true;
    - ``table(number)``: the rules and one bot name per seat of the ``number``-th checked game;
    - ``must_see``: the reason keys those games must have given;
    - ``option_sets``: rule options to play the protocol tests under, taken in turn (each keeps a whole game
      short; together they reach every rule option the game has);
    - ``refusals(state, rng)``: moves of the game's own kinds that are mostly refused now (wrong seats,
      cards, counts), beside the suite's own."""

    hidden: Callable[[Any, int], tuple[set[Any], set[Any]]]
    check_reason: Callable[[Any, Any, int, Decision, Bot[Any]], None]
    table: Callable[[int], tuple[Any, list[str]]]
    must_see: frozenset[str]
    option_sets: tuple[Mapping[str, Any], ...] = ({},)
    refusals: Callable[[Any, Any], list[Any]] = field(default=lambda state, rng: [])


def facts_of(name: str) -> GameFacts:
    """The facts of the game ``name``; a test fails, naming what is missing, for a game without them."""
    from tests.conformance.facts import highcard, pokerface, pokerguess, voces

    known = {"pokerface": pokerface.FACTS, "pokerguess": pokerguess.FACTS, "voces": voces.FACTS, "highcard": highcard.FACTS}
    if name not in known:
        pytest.fail(f"the game {name!r} has no facts for the conformance tests: add a module to tests/conformance/facts/")
    return known[name]
