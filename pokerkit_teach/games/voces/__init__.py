"""Póker a Voces as a game: the round engine, its actions and notation, scenarios and bots, and ``GAME``,
what the kit's registry needs to know of it.

>>> rules = GAME.new_rules(3, {"specials": ["capybara", "penguin"]})
>>> rules.specials[0]
(Special.CAPYBARA, Special.EMPEROR_PENGUIN)
>>> GAME.new_rules(3, {"specials": ["unicorn"]})
Traceback (most recent call last):
...
pokerkit_teach.core.errors.OptionError: specials: expected special cards named emperor_penguin, capybara, raccoon, dove, baboon (round 1), got 'unicorn'
"""

from typing import Any, Mapping, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.registry import GameInfo
from pokerkit_teach.games.voces.actions import (
    PILES, Accept, Action, Bet, Deal, DrawForBaboons, Fold, Offer, Pick, Place, PlaceFive, Resolve, Stay, Withdraw,
    notation, parse_action,
)
from pokerkit_teach.games.voces.bots import BOT_NAMES, DEFAULT_BOT, VocesBuilderBot, VocesRandomBot, make_bot
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.scenarios import VocesScenario, voces_builtin_scenarios
from pokerkit_teach.games.voces.simulate import report, tally
from pokerkit_teach.games.voces.state import CHANCE, SIMULTANEOUS, TERMINAL, VocesState
from pokerkit_teach.games.voces.actions import FoldTiming, VocesPhase
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.view import VocesView

__all__ = [
    "PILES", "Accept", "Action", "Bet", "Deal", "DrawForBaboons", "Fold", "Offer", "Pick", "Place", "PlaceFive",
    "Resolve", "Stay", "Withdraw", "notation", "parse_action", "VocesBuilderBot", "VocesRandomBot", "Special", "CHANCE",
    "SIMULTANEOUS", "TERMINAL", "FoldTiming", "VocesEvent", "VocesPhase", "VocesRules", "VocesState", "VocesView",
    "VocesScenario", "GAME", "OPTIONS",
]

#: The rule options a simulation may set (the command line passes ``specials``); see :class:`VocesRules`.
OPTIONS = ("specials", "rounds", "ace_low_straight", "tie_rule", "fold_timing", "unused_five_scores", "baboon_same_card",
           "placed_hidden")


def rules_for(players: Sequence[str], options: Mapping[str, Any]) -> VocesRules:
    """The rules for these players and options (no special cards unless ``specials`` names some, as the
    command line has always simulated); an option the game does not have, or a value it cannot use,
    raises :class:`OptionError` naming it."""
    for name in options:
        if name not in OPTIONS:
            raise OptionError(name, Msg.of("errors.expected.game_option", names=", ".join(OPTIONS)), options[name])
    settings = {"specials": ()} | dict(options)
    return VocesRules(tuple(players), **settings)


def _scenario_from_dict(data: Any, source: str) -> VocesScenario:
    return VocesScenario.from_dict(data, source)


GAME = GameInfo(
    name="voces",
    aliases=("poker-a-voces", "póker-a-voces", "poker a voces", "póker a voces"),
    min_players=3,
    max_players=6,
    rules_for=rules_for,
    bot_names=BOT_NAMES,
    default_bot=DEFAULT_BOT,
    make_bot=make_bot,
    scenario_from_dict=_scenario_from_dict,
    builtin_scenarios=voces_builtin_scenarios,
    tally=tally,
    report=report,
    options=OPTIONS,
)
