"""pokerkit-teach: an exact, explainable engine for teaching poker-derived card games.

>>> from pokerkit_teach import best_hand, explain_hand
>>> best_hand("As Jd Qc 8h 8s 5d 3c").describe()
'a pair of 8s with A Q J'
"""

from pokerkit_teach.holdem.cards import (
    Card,
    Rank,
    Suit,
    card_from_code,
    cards_from_codes,
    codes_from_cards,
    format_cards,
    french_deck,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from pokerkit_teach.core.errors import CardCountError, CardError, CardParseError, DuplicateCardError
from pokerkit_teach.holdem.explain import Comparison, HandExplanation, compare_hands, explain_hand
from pokerkit_teach.holdem.ranking import Category, HandResult, best_hand, hand_strength, strength_from_codes
from pokerkit_teach.core.rng import make_rng

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``evaluate_batch`` and ``deal_batch`` load numpy and the batch tables only when first used (an
    import for speed: ``import pokerkit_teach`` stays quick)."""
    if name in ("evaluate_batch", "deal_batch"):
        import importlib

        return getattr(importlib.import_module("pokerkit_teach.holdem.batch"), name)
    raise AttributeError(f"module 'pokerkit_teach' has no attribute {name!r}")


__all__ = [
    "Card",
    "Rank",
    "Suit",
    "card_from_code",
    "cards_from_codes",
    "codes_from_cards",
    "format_cards",
    "french_deck",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
    "CardError",
    "CardParseError",
    "CardCountError",
    "DuplicateCardError",
    "Category",
    "HandResult",
    "best_hand",
    "hand_strength",
    "strength_from_codes",
    "explain_hand",
    "compare_hands",
    "Comparison",
    "HandExplanation",
    "make_rng",
    "evaluate_batch",
    "deal_batch",
]
