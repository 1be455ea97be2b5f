"""Pokerface: the cooperative Texas Hold'em of numbered tokens, as an engine.

>>> from pokerkit_teach.games.pokerface import PokerfaceRules, Variant
>>> rules = PokerfaceRules.for_players(["Anna", "Ben", "Carla", "Dan"], dealer="Anna", variants=["soft-landing"])
>>> state = rules.new_game(seed=7)
>>> state.step
Step(phase=<PokerfacePhase.ROUND: 'round'>, suit=<Suit.CLUBS: 0>)

The kit finds the game by its name (``GAME``, a :class:`~pokerkit_teach.core.registry.GameInfo`):

>>> from pokerkit_teach.core.registry import get_game
>>> game = get_game("pokerface")
>>> game.new_rules(3, {"variants": ["free-for-all"]}).free_for_all, game.bot_names
(True, ('random', 'estimator', 'reader'))
"""

from pokerkit_teach.core.registry import GameInfo
from pokerkit_teach.games.pokerface.actions import (
    Action,
    DealBoard,
    DealHoleCards,
    Pass,
    PokerfacePhase,
    Showdown,
    Step,
    TakeFromMiddle,
    TakeFromPlayer,
)
from pokerkit_teach.games.pokerface.bots import BOT_NAMES, make_bot
from pokerkit_teach.games.pokerface.events import PokerfaceEvent, token_text
from pokerkit_teach.games.pokerface.rules import MAX_PLAYERS, MIN_PLAYERS, ROUND_SUITS, PokerfaceRules, Variant, rules_for
from pokerkit_teach.games.pokerface.scenarios import PokerfaceScenario, builtin_scenarios
from pokerkit_teach.games.pokerface.simulate import dealer, report, tally
from pokerkit_teach.games.pokerface.state import CHANCE, SIMULTANEOUS, TERMINAL, PokerfaceState, TokenRound
from pokerkit_teach.games.pokerface.view import PokerfaceView

__all__ = [
    "GAME",
    "Action",
    "DealBoard",
    "DealHoleCards",
    "Pass",
    "PokerfacePhase",
    "Showdown",
    "Step",
    "TakeFromMiddle",
    "TakeFromPlayer",
    "PokerfaceEvent",
    "token_text",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROUND_SUITS",
    "PokerfaceRules",
    "Variant",
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "PokerfaceState",
    "TokenRound",
    "PokerfaceView",
]

GAME = GameInfo(
    name="pokerface",
    aliases=("poker-face",),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_for=rules_for,
    bot_names=BOT_NAMES,
    default_bot="estimator",
    make_bot=make_bot,
    scenario_from_dict=PokerfaceScenario.from_dict,
    builtin_scenarios=builtin_scenarios,
    tally=tally,
    report=report,
    dealer=dealer,
    options=("variants",),
)
