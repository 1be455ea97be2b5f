"""What one High Card player may know: their own card, who stood and who swapped, and every card once shown."""

from __future__ import annotations

from dataclasses import dataclass

from tests.conformance.highcard.actions import Action, Card, HighCardPhase

__all__ = ["HighCardView"]


@dataclass(frozen=True)
class HighCardView:
    seat: int
    players: tuple[str, ...]
    phase: HighCardPhase
    card: Card | None
    moves: tuple[tuple[int, str], ...]  # (seat, "stand" or "swap") in the order played
    shown: tuple[Card, ...]  # every seat's card, once shown
    winners: tuple[int, ...]
    to_act: int
    legal_actions: tuple[Action, ...]
