"""High Card: a fourth game that exists only in the tests, to show that a game is one package.

Each player gets one card of a deck numbered 1 to 20. In seat order, each player either stands or swaps the
card once for the next card of the deck; then every card is shown and the highest wins (equal highest
share the win). It has the layout of every game (``rules``, ``actions``, ``events``, ``view``, ``state``,
``bots``, ``scenarios``, ``simulate``), its own catalogue folder and its part of the scenario schema, and it
comes to the kit through the public registration API only (:func:`pokerkit_teach.core.registry.register_game`),
with no change to any file of the kit.
"""

from __future__ import annotations

from pathlib import Path

from pokerkit_teach.core.contract import GameModule, package_schema
from tests.conformance.highcard.bots import BOTS, DEFAULT_BOT
from tests.conformance.highcard.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, HighCardRules, rules_for
from tests.conformance.highcard.scenarios import CODEC
from tests.conformance.highcard.simulate import figures, report, tally
from tests.conformance.highcard.state import HighCardState
from tests.conformance.highcard.view import HighCardView

__all__ = ["GAME"]

GAME = GameModule(
    name="highcard",
    aliases=("high-card",),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_type=HighCardRules,
    state_type=HighCardState,
    view_type=HighCardView,
    rules_for=rules_for,
    options=OPTIONS,
    bots=BOTS,
    default_bot=DEFAULT_BOT,
    scenarios=CODEC,
    scenario_schema=package_schema(__name__),
    tally=tally,
    figures=figures,
    report=report,
    messages=Path(__file__).resolve().parent / "messages",
)
