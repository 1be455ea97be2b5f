"""What one PokerGuess player may know.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerkit_teach.games.pokerguess.actions import LegalMoves, PokerGuessPhase
from pokerkit_teach.games.pokerguess.cards import DrezCard
from pokerkit_teach.games.pokerguess.check import Prediction
from pokerkit_teach.games.pokerguess.events import RoundResult

__all__ = ["PokerGuessView"]


@dataclass(frozen=True)
class PokerGuessView:
    """What one player may know, as the engine decides it: their own private cards, the community cards,
    every card shown, every prediction, every bet and all chips, the result of the last round (with the
    cards its check showed), and the moves they may make now; never another player's hidden card."""

    seat: int
    players: tuple[str, ...]
    round: int
    phase: PokerGuessPhase
    private: tuple[DrezCard, ...]
    community: tuple[DrezCard, ...]
    shown: tuple[tuple[int, DrezCard], ...]
    predictions: tuple[tuple[int, Prediction], ...]
    chips: tuple[int, ...]
    committed: tuple[int, ...]
    active: tuple[int, ...]
    current_bet: int
    pot: int
    to_act: int
    to_cover: int
    most_raise: int
    legal_actions: LegalMoves
    last_result: RoundResult | None
