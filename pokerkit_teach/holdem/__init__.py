"""French cards and Texas Hold'em hand ranking: the cards, the exact ranking of every hand, the numpy
batch evaluator, the step-by-step explanations and the HTML tiles. Pokerface is played with them.

>>> from pokerkit_teach.holdem import best_hand
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
from pokerkit_teach.holdem.explain import (
    Comparison,
    HandExplanation,
    HandRanking,
    RankedHand,
    compare_hands,
    explain_hand,
    rank_hands,
)
from pokerkit_teach.holdem.ranking import Category, HandResult, best_hand, hand_strength, strength_from_codes

__all__ = [
    "Card", "Rank", "Suit", "card_from_code", "cards_from_codes", "codes_from_cards", "format_cards",
    "french_deck", "parse_card", "parse_cards", "shuffled_deck",
    "Comparison", "HandExplanation", "HandRanking", "RankedHand", "compare_hands", "explain_hand", "rank_hands",
    "Category", "HandResult", "best_hand", "hand_strength", "strength_from_codes",
]
