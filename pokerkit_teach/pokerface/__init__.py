"""Pokerface: the cooperative Texas Hold'em of numbered tokens, as an engine.

>>> from pokerkit_teach.pokerface import PokerfaceRules, Variant
>>> rules = PokerfaceRules.for_players(["Anna", "Ben", "Carla", "Dan"], dealer="Anna", variants=["soft-landing"])
>>> state = rules.new_game(seed=7)
>>> state.step
('round', <Suit.CLUBS: 0>)
"""

from pokerkit_teach.pokerface.actions import Action, DealBoard, DealHoleCards, Pass, Showdown, TakeFromMiddle, TakeFromPlayer
from pokerkit_teach.pokerface.events import Event, token_text
from pokerkit_teach.pokerface.rules import MAX_PLAYERS, MIN_PLAYERS, ROUND_SUITS, PokerfaceRules, Variant
from pokerkit_teach.pokerface.state import CHANCE, SIMULTANEOUS, TERMINAL, PokerfaceState, TokenRound, replay_history
from pokerkit_teach.pokerface.views import PlayerView

__all__ = [
    "Action",
    "DealBoard",
    "DealHoleCards",
    "Pass",
    "Showdown",
    "TakeFromMiddle",
    "TakeFromPlayer",
    "Event",
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
    "replay_history",
    "PlayerView",
]
