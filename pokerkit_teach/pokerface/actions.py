"""What can happen in Pokerface: the players' token moves and the chance steps (dealing, showdown).

Actions are small frozen values. A player's action names the acting seat, so the same values serve the
turn-based rounds and the free-for-all variant.

>>> TakeFromMiddle(1, 4)
TakeFromMiddle(seat=1, token=4)
>>> Pass(2) == Pass(2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from pokerkit_teach.holdem.cards import Card

__all__ = [
    "TakeFromMiddle",
    "TakeFromPlayer",
    "Pass",
    "DealHoleCards",
    "DealBoard",
    "Showdown",
    "PlayerAction",
    "ChanceAction",
    "Action",
]


@dataclass(frozen=True, slots=True)
class TakeFromMiddle:
    """Take the token numbered ``token`` from the middle (one's own token, if any, goes back first)."""

    seat: int
    token: int


@dataclass(frozen=True, slots=True)
class TakeFromPlayer:
    """Take the current round's token from the player in seat ``target``."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn (only with a token of the round). In free-for-all: say "I am done"."""

    seat: int


@dataclass(frozen=True)
class DealHoleCards:
    """Chance: shuffle and deal two hole cards to every seat. ``cards`` (two per seat, in seat order) is
    filled in when the state draws them, or given to replay a known deal."""

    cards: tuple[tuple[Card, Card], ...] | None = None


@dataclass(frozen=True)
class DealBoard:
    """Chance: lay the flop (3 cards), the turn or the river (1 card)."""

    stage: str  # "flop", "turn" or "river"
    cards: tuple[Card, ...] | None = None


@dataclass(frozen=True)
class Showdown:
    """Chance step without chance: reveal the hands in ♠-token order and score the deal."""


PlayerAction = Union[TakeFromMiddle, TakeFromPlayer, Pass]
ChanceAction = Union[DealHoleCards, DealBoard, Showdown]
Action = Union[PlayerAction, ChanceAction]
