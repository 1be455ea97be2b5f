"""Póker a Voces's log: one entry per thing that happened, and what a player hears instead of cards they
may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pokerkit_teach.core.game import LogEvent
from pokerkit_teach.core.i18n import ListRow, counted, message
from pokerkit_teach.games.voces.ranking import VocesHand

__all__ = ["VocesEvent", "HiddenCards", "HiddenHand"]


@dataclass(frozen=True)
class VocesEvent(LogEvent):
    """One entry of the log: what happened, in which round, after which action, to whom."""

    prefix: ClassVar[str] = "voces.event"


class HiddenCards:
    """What a player hears instead of cards they may not see: ``2 hidden cards``."""

    def __init__(self, count: int) -> None:
        self.count = count

    def localized(self, lang: str, spec: str = "") -> str:
        return counted("voces_hidden", self.count, lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenCards) and other.count == self.count

    def __hash__(self) -> int:
        return hash(("HiddenCards", self.count))

    def __repr__(self) -> str:
        return f"HiddenCards({self.count})"


class HiddenHand:
    """What a player hears instead of a hand they may not see."""

    def localized(self, lang: str, spec: str = "") -> str:
        return message("voces.hidden.hand", lang)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HiddenHand)

    def __hash__(self) -> int:
        return hash("HiddenHand")

    def __repr__(self) -> str:
        return "HiddenHand()"


def _hidden(value: Any) -> Any:
    """A value of a message as someone hears it who may not see the cards: cards and hands hidden."""
    if isinstance(value, ListRow):
        return HiddenCards(len(value))
    if isinstance(value, VocesHand):
        return HiddenHand()
    return value
