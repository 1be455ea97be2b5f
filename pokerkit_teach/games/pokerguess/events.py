"""PokerGuess's log: one entry per thing that happened, and how each round ended.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pokerkit_teach.core.game import LogEvent
from pokerkit_teach.games.pokerguess.cards import DrezCard
from pokerkit_teach.games.pokerguess.check import PredictionCheck

__all__ = ["PokerGuessEvent", "RoundResult"]


@dataclass(frozen=True)
class PokerGuessEvent(LogEvent):
    """One entry of the log (see :class:`pokerkit_teach.core.game.LogEvent`)."""

    prefix: ClassVar[str] = "pokerguess.event"


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: who took the pot (``None``: nobody's prediction held and it was shared), the
    pot, the checks from the highest prediction down (empty when everyone else folded), and the cards
    the check showed to everyone: the private cards it counted, by seat, and the community cards."""

    number: int
    winner: int | None
    pot: int
    checks: tuple[tuple[int, PredictionCheck], ...] = ()
    hands: tuple[tuple[int, tuple[DrezCard, ...]], ...] = ()
    community: tuple[DrezCard, ...] = ()

    @property
    def by_folding(self) -> bool:
        """True when everyone else folded and the pot went to the last player without a check."""
        return not self.checks

    @property
    def shared(self) -> bool:
        return self.winner is None

    @property
    def cards(self) -> tuple[DrezCard, ...]:
        """Every card the check counted (the private cards shown, then the community cards)."""
        return tuple(card for _, hole in self.hands for card in hole) + self.community
