"""Pokerface: the cooperative Texas Hold'em of numbered tokens, as an engine.

The package has the layout of every game (see docs/architecture.md): ``rules`` (players, first dealer,
variants), ``actions`` (the phases of a deal, the token moves and the chance steps), ``events`` (the log),
``view`` (what one seat may know), ``state`` (the game in progress), ``checks`` (what is allowed now and why
not), ``bots``, ``scenarios``, ``render``, ``simulate`` and ``batch``; and what is Pokerface's own:
``showdown`` (checking the token order), ``hints``, ``strength``, ``reading`` and ``preflop`` (the bots'
and hints' estimates).

>>> from pokerkit_teach.games.pokerface import PokerfaceRules, Variant
>>> rules = PokerfaceRules.for_players(["Anna", "Ben", "Carla", "Dan"], dealer="Anna", variants=["soft-landing"])
>>> state = rules.new_game(seed=7)
>>> state.step
Step(phase=<PokerfacePhase.ROUND: 'round'>, suit=<Suit.CLUBS: 0>)

``GAME`` (a :class:`~pokerkit_teach.core.contract.GameModule`) is all the kit needs to know of the game:

>>> GAME.new_rules(3, {"variants": ["free-for-all"]}).free_for_all, GAME.bot_names
(True, ('random', 'estimator', 'reader'))
"""

from pokerkit_teach.core.contract import GameModule, package_schema
from pokerkit_teach.games.pokerface import batch
from pokerkit_teach.games.pokerface.actions import (
    Action, DealBoard, DealHoleCards, Pass, PokerfacePhase, Showdown, Step, TakeFromMiddle, TakeFromPlayer,
)
from pokerkit_teach.games.pokerface.bots import BOTS, DEFAULT_BOT, PokerfaceEstimatorBot, PokerfaceRandomBot, PokerfaceReaderBot
from pokerkit_teach.games.pokerface.events import PokerfaceEvent, token_text
from pokerkit_teach.games.pokerface.rules import (
    MAX_PLAYERS, MIN_PLAYERS, OPTIONS, ROUND_SUITS, PokerfaceRules, Variant, rules_for,
)
from pokerkit_teach.games.pokerface.scenarios import CODEC, PokerfaceScenario
from pokerkit_teach.games.pokerface.simulate import dealer, figures, report, tally
from pokerkit_teach.games.pokerface.state import CHANCE, SIMULTANEOUS, TERMINAL, PokerfaceState, TokenRound
from pokerkit_teach.games.pokerface.view import PokerfaceView

__all__ = [
    "GAME", "Action", "DealBoard", "DealHoleCards", "Pass", "PokerfacePhase", "Showdown", "Step", "TakeFromMiddle",
    "TakeFromPlayer", "PokerfaceEvent", "token_text", "MAX_PLAYERS", "MIN_PLAYERS", "ROUND_SUITS", "PokerfaceRules",
    "Variant", "CHANCE", "SIMULTANEOUS", "TERMINAL", "PokerfaceState", "TokenRound", "PokerfaceView", "PokerfaceScenario",
    "PokerfaceRandomBot", "PokerfaceEstimatorBot", "PokerfaceReaderBot",
]

GAME = GameModule(
    name="pokerface",
    aliases=("poker-face",),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_type=PokerfaceRules,
    state_type=PokerfaceState,
    view_type=PokerfaceView,
    rules_for=rules_for,
    options=OPTIONS,
    bots=BOTS,
    default_bot=DEFAULT_BOT,
    scenarios=CODEC,
    scenario_schema=package_schema(__name__),
    tally=tally,
    figures=figures,
    report=report,
    dealer=dealer,
    batch=batch,
)
