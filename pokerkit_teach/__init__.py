"""pokerkit-teach: an exact, explainable engine for teaching poker-derived card games.

>>> from pokerkit_teach import best_hand, get_game
>>> best_hand("As Jd Qc 8h 8s 5d 3c").describe()
'a pair of 8s with A Q J'
>>> get_game("pokerface").title()
'Pokerface'
"""

import importlib

from pokerkit_teach.core.errors import CardCountError, CardError, CardParseError, DuplicateCardError, IllegalAction, InputError, KitError
from pokerkit_teach.core.rng import make_rng
from pokerkit_teach.holdem import (
    Card, Category, Comparison, HandExplanation, HandResult, Rank, Suit, best_hand, card_from_code, cards_from_codes,
    codes_from_cards, compare_hands, explain_hand, format_cards, french_deck, hand_strength, parse_card, parse_cards,
    shuffled_deck, strength_from_codes,
)

__version__ = "0.1.0"


_LAZY = {"evaluate_batch": "pokerkit_teach.holdem.batch", "deal_batch": "pokerkit_teach.holdem.batch",
         "get_game": "pokerkit_teach.core.registry", "all_games": "pokerkit_teach.core.registry"}


def __getattr__(name: str) -> object:
    """The batch evaluator and the registry of games (which load numpy) are loaded when first used, so
    that ``import pokerkit_teach`` stays quick."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'pokerkit_teach' has no attribute {name!r}")


__all__ = [
    "Card", "Category", "Comparison", "HandExplanation", "HandResult", "Rank", "Suit", "best_hand", "card_from_code",
    "cards_from_codes", "codes_from_cards", "compare_hands", "explain_hand", "format_cards", "french_deck",
    "hand_strength", "parse_card", "parse_cards", "shuffled_deck", "strength_from_codes",
    "CardError", "CardParseError", "CardCountError", "DuplicateCardError", "IllegalAction", "InputError", "KitError",
    "get_game", "all_games", "make_rng", "evaluate_batch", "deal_batch",
]
