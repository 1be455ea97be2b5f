"""Póker a Voces as a game: a round of trading, coin betting and reveals, three rounds to a game.

The package has the layout of every game (see docs/architecture.md): ``rules`` (players, special cards,
options), ``actions`` (the phases of a round, the moves and their notation, the coins and hands),
``events``, ``view``, ``state``, ``checks`` (what is allowed now and why not), ``bots``, ``scenarios``,
``render`` and ``simulate``; and what is Póker a Voces's own: ``cards`` (up to seven suits and the animal
special cards), ``ranking`` (hands with wild cards), ``reveal`` (the special cards at a reveal),
``reveal_steps`` (a hand's reveal, step by step) and ``round`` (what lies on the table in a round).

``GAME`` (a :class:`~pokerkit_teach.core.contract.GameModule`) is all the kit needs to know of the game:

>>> rules = GAME.new_rules(3, {"specials": ["capybara", "penguin"]})
>>> rules.specials[0]
(Special.CAPYBARA, Special.EMPEROR_PENGUIN)
>>> GAME.new_rules(3, {"specials": ["unicorn"]})
Traceback (most recent call last):
...
pokerkit_teach.core.errors.OptionError: specials: expected special cards named emperor_penguin, capybara, raccoon, dove, baboon (round 1), got 'unicorn'
"""

from pokerkit_teach.core.contract import GameModule, package_schema
from pokerkit_teach.games.voces.actions import (
    PILES, Accept, Action, Bet, Deal, DrawForBaboons, Fold, FoldTiming, Offer, Pick, Place, PlaceFive, Resolve, Stay,
    VocesPhase, Withdraw, notation, parse_action,
)
from pokerkit_teach.games.voces.bots import BOTS, DEFAULT_BOT, VocesBuilderBot, VocesRandomBot
from pokerkit_teach.games.voces.cards import Special
from pokerkit_teach.games.voces.events import VocesEvent
from pokerkit_teach.games.voces.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, VocesRules, rules_for
from pokerkit_teach.games.voces.scenarios import CODEC, VocesScenario
from pokerkit_teach.games.voces.simulate import figures, report, tally
from pokerkit_teach.games.voces.state import CHANCE, SIMULTANEOUS, TERMINAL, VocesState
from pokerkit_teach.games.voces.view import VocesView

__all__ = [
    "PILES", "Accept", "Action", "Bet", "Deal", "DrawForBaboons", "Fold", "Offer", "Pick", "Place", "PlaceFive",
    "Resolve", "Stay", "Withdraw", "notation", "parse_action", "VocesBuilderBot", "VocesRandomBot", "Special", "CHANCE",
    "SIMULTANEOUS", "TERMINAL", "FoldTiming", "VocesEvent", "VocesPhase", "VocesRules", "VocesState", "VocesView",
    "VocesScenario", "GAME", "OPTIONS",
]

GAME = GameModule(
    name="voces",
    aliases=("poker-a-voces", "póker-a-voces", "poker a voces", "póker a voces"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    rules_type=VocesRules,
    state_type=VocesState,
    view_type=VocesView,
    rules_for=rules_for,
    options=OPTIONS,
    bots=BOTS,
    default_bot=DEFAULT_BOT,
    scenarios=CODEC,
    scenario_schema=package_schema(__name__),
    tally=tally,
    figures=figures,
    report=report,
)
