"""pokerkit-teach: an exact, explainable engine for teaching poker-derived card games.

>>> from pokerkit_teach import best_hand, explain_hand
>>> best_hand("As Jd Qc 8h 8s 5d 3c").describe()
'a pair of 8s with A Q J'
"""

from .cards import (
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
from .errors import CardCountError, CardError, CardParseError, DuplicateCardError
from .explain import Comparison, HandExplanation, ShowdownResult, check_showdown, compare_hands, explain_hand
from .holdem import Category, HandResult, best_hand, hand_strength, strength_from_codes
from .rng import make_rng

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """``evaluate_batch`` and ``deal_batch`` load numpy and the batch tables only when first used."""
    if name in ("evaluate_batch", "deal_batch"):
        from . import batch

        return getattr(batch, name)
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
    "check_showdown",
    "Comparison",
    "HandExplanation",
    "ShowdownResult",
    "make_rng",
    "evaluate_batch",
    "deal_batch",
]
