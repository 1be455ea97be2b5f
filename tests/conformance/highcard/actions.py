"""What can happen in High Card: the phases, the cards, the players' moves and the chance steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.game import Phase, whole_number_fields

__all__ = ["HighCardPhase", "Card", "Deal", "Stand", "Swap", "Showdown", "Action", "DECK_SIZE"]

DECK_SIZE = 20


class HighCardPhase(Phase):
    DEAL = "deal"
    TURNS = "turns"
    SHOWDOWN = "showdown"
    OVER = "over"


@dataclass(frozen=True, order=True)
class Card:
    """A card numbered 1 to 20."""

    value: int

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def from_text(cls, text: str) -> "Card":
        word = text.strip()
        if not word.isdigit() or not 1 <= int(word) <= DECK_SIZE:
            raise InputError(key="highcard.error.card", text=repr(word[:20]), size=DECK_SIZE)
        return cls(int(word))


@dataclass(frozen=True)
class Deal:
    """Chance: the whole deck in order (filled in when drawn); the first cards go to the players."""

    order: tuple[Card, ...] | None = None


@dataclass(frozen=True)
@whole_number_fields
class Stand:
    seat: int


@dataclass(frozen=True)
@whole_number_fields
class Swap:
    """Put one's card away and take the next card of the deck."""

    seat: int


@dataclass(frozen=True)
class Showdown:
    """Chance step without chance: every card is shown."""


Action = Union[Deal, Stand, Swap, Showdown]
