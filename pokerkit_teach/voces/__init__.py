"""Póker a Voces as a game: the round engine, its actions and notation, scenarios and bots."""

from pokerkit_teach.voces.actions import (  # noqa: F401
    PILES, Accept, Action, Bet, Deal, DrawForBaboons, Fold, Offer, Pick, Place, PlaceFive, Resolve, Stay,
    Withdraw, notation, parse_action,
)
from pokerkit_teach.voces.state import (  # noqa: F401
    CHANCE, SIMULTANEOUS, TERMINAL, FoldTiming, VocesEvent, VocesRules, VocesState, VocesView,
    replay_voces_history,
)
