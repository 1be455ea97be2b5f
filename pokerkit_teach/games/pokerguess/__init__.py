"""PokerGuess: predictions about colour and figure groups over all the cards on the table.

The package has the layout of every game (see docs/architecture.md): ``rules``, ``actions`` (the phases of
a round, the moves, the moves one seat may make now), ``events``, ``view``, ``state``, ``bots`` (``random``
and ``counter``), ``scenarios`` (files and the rulebook's worked example), ``render``, ``simulate`` and
``batch``; and what is PokerGuess's own: ``cards`` (the Pokerdrez deck) and ``check`` (predictions, their
order and the check).

``GAME`` (a :class:`~pokerkit_teach.core.contract.GameModule`) tells the kit (CLI, apps, simulator) all of
that without naming the game anywhere else:

>>> from pokerkit_teach.core.match import Match
>>> rules = GAME.new_rules(3, {"max_rounds": 5})
>>> state = Match(rules.new_game(seed=1), GAME.bots_for(["counter"], 3, [1, 2, 3])).play_to_end()
>>> state.outcome.winners, state.outcome.by_rules
((0,), False)
>>> GAME.new_rules(3, {"max_raise": 0})
Traceback (most recent call last):
...
pokerkit_teach.core.errors.OptionError: max_raise: expected a whole number of at least 1, got 0
"""

from __future__ import annotations

from pokerkit_teach.core.contract import GameModule, package_schema
from pokerkit_teach.games.pokerguess import batch
from pokerkit_teach.games.pokerguess.actions import Action, Check, Deal, Fold, LegalMoves, PokerGuessPhase, Predict, Reveal, Stay
from pokerkit_teach.games.pokerguess.bots import BOTS, DEFAULT_BOT, PokerGuessCounterBot, PokerGuessRandomBot
from pokerkit_teach.games.pokerguess.check import (
    CheckOrder, ColourOrder, Prediction, PredictionCheck, PredictionCountError, PredictionError, PredictionParseError, check_in_order,
    check_prediction, checking_order, count_groups,
)
from pokerkit_teach.games.pokerguess.events import PokerGuessEvent, RoundResult
from pokerkit_teach.games.pokerguess.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, PokerGuessRules, rules_for
from pokerkit_teach.games.pokerguess.scenarios import CODEC, PokerGuessScenario
from pokerkit_teach.games.pokerguess.simulate import figures, report, tally
from pokerkit_teach.games.pokerguess.state import PokerGuessState
from pokerkit_teach.games.pokerguess.view import PokerGuessView

__all__ = [
    "GAME", "PokerGuessRules", "PokerGuessState", "PokerGuessView", "PokerGuessPhase", "PokerGuessEvent", "RoundResult",
    "PokerGuessScenario", "PokerGuessRandomBot", "PokerGuessCounterBot", "Action", "Check", "Deal", "Fold", "LegalMoves",
    "Predict", "Reveal", "Stay", "CheckOrder", "ColourOrder", "Prediction", "PredictionCheck", "PredictionError", "PredictionCountError",
    "PredictionParseError", "check_in_order", "check_prediction", "checking_order", "count_groups", "OPTIONS",
]

GAME = GameModule(
    name="pokerguess",
    aliases=("poker-guess",),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_type=PokerGuessRules,
    state_type=PokerGuessState,
    view_type=PokerGuessView,
    rules_for=rules_for,
    options=OPTIONS,
    bots=BOTS,
    default_bot=DEFAULT_BOT,
    scenarios=CODEC,
    scenario_schema=package_schema(__name__),
    tally=tally,
    figures=figures,
    report=report,
    batch=batch,
)
