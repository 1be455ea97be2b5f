"""High Card's facts for the conformance tests (the test-only fourth game brings its own, as any game would)."""

from __future__ import annotations

from typing import Any

from pokerkit_teach.core.game import Bot, Decision
from tests.conformance.facts import GameFacts
from tests.conformance.facts.common import said
from tests.conformance.highcard.actions import Card, Deal, HighCardPhase, Showdown, Stand, Swap
from tests.conformance.highcard.bots import MIDDLE
from tests.conformance.highcard.rules import HighCardRules


def check_reason(state: Any, view: Any, seat: int, decision: Decision, bot: Bot[Any]) -> None:
    key, values = decision.reason.key, said(decision)
    if key == "highcard.reason.random":
        assert values["count"] == len(view.legal_actions) == 2
        return
    card = state.cards[seat]
    assert values["card"] == card.value and values["middle"] == MIDDLE, "not the card held"
    if key == "highcard.reason.swap":
        assert card.value <= MIDDLE and decision.action == Swap(seat), "swaps a high card"
    else:
        assert key == "highcard.reason.stand" and card.value > MIDDLE and decision.action == Stand(seat), "stands on a low card"


def table(game: int) -> tuple[HighCardRules, list[str]]:
    players = 2 + game % 5
    return HighCardRules(tuple("ABCDEF"[:players])), ["threshold" if (game + s) % 3 else "random" for s in range(players)]


def hidden(state: Any, seat: int) -> tuple[set[Any], set[Any]]:
    """Hidden from ``seat``: the deck and, until the showdown, the other players' cards."""
    secret = set(state.deck)
    if state.phase is not HighCardPhase.OVER:
        secret |= {card for other, card in enumerate(state.cards) if other != seat}
        public = {state.cards[seat]} if state.cards else set()
    else:
        public = set(state.cards)
    return secret, public


def refusals(state: Any, rng: Any) -> list[Any]:
    return [Stand(-1), Swap(state.player_count), Deal(tuple(Card(v) for v in range(1, 20))), Deal(tuple(Card(1) for _ in range(20))), Showdown()]


FACTS = GameFacts(hidden, check_reason, table, frozenset({"highcard.reason.random", "highcard.reason.swap", "highcard.reason.stand"}),
                  refusals=refusals)
