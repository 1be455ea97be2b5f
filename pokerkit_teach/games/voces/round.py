"""What lies on the table in one round of Póker a Voces: the deck and the discard pile, every player's cards,
placed hands, offers, piles of coins and folds, the centre, the phase and whose step it is. The state
(:class:`~pokerkit_teach.games.voces.state.VocesState`) keeps one and changes it move by move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from pokerkit_teach.games.voces.actions import VocesPhase
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, SpecialCard, VocesCard

__all__ = ["VocesRound", "baboons"]


@dataclass
class VocesRound:
    number: int
    deck: list[AnyVocesCard] = field(default_factory=list)
    discard: list[AnyVocesCard] = field(default_factory=list)
    hands: list[list[AnyVocesCard]] = field(default_factory=list)
    placed: list[list[tuple[AnyVocesCard, ...]]] = field(default_factory=list)
    blind: list[set[int]] = field(default_factory=list)  # token numbers filled blind
    offers: dict[int, tuple[AnyVocesCard, ...]] = field(default_factory=dict)
    finished: list[int] = field(default_factory=list)  # seats in the order they placed a third hand
    piles: list[list[int]] = field(default_factory=list)
    five_on: list[int | None] = field(default_factory=list)
    coins: list[dict[int, list[int]]] = field(default_factory=list)
    centre: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0, 3: 0})
    folded: list[set[int]] = field(default_factory=list)
    phase: VocesPhase = VocesPhase.DEAL
    starter: int = 0
    order: list[int] = field(default_factory=list)  # seats still to act in this step
    step: int = 0
    hand: int = 3  # the hand being decided or revealed
    drawn: tuple[VocesCard, ...] = ()
    aside: list[AnyVocesCard] = field(default_factory=list)
    picks: dict[int, tuple[VocesCard, ...]] = field(default_factory=dict)
    won: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    lost: int = 0
    revealed: dict[int, dict[int, tuple[AnyVocesCard, ...]]] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)  # hands already revealed and settled


def baboons(cards: Iterable[AnyVocesCard]) -> int:
    return sum(1 for c in cards if isinstance(c, SpecialCard) and c.kind is Special.BABOON)
