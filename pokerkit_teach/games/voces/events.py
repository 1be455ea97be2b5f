"""Póker a Voces's log: one entry per thing that happened, and what a player hears instead of cards they
may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Mapping

from pokerkit_teach.core.game import LogEvent
from pokerkit_teach.core.i18n import Items, ListRow, counted, message
from pokerkit_teach.games.voces.ranking import VocesHand

__all__ = ["VocesEvent", "HiddenCards", "HiddenHand"]


def _cards(data: Any) -> ListRow:
    from pokerkit_teach.core.wire import from_wire
    from pokerkit_teach.games.voces.cards import AnyVocesCard

    if not isinstance(data, list):
        raise TypeError("cards expected")
    return ListRow(from_wire(data, tuple[AnyVocesCard, ...]))


def _ranking(data: Any) -> VocesHand:
    from pokerkit_teach.core.wire import from_wire

    hand: VocesHand = from_wire(data, VocesHand)
    return hand


def _names(data: Any) -> Items:
    if not isinstance(data, list):
        raise TypeError("names expected")
    return Items(str(name) for name in data)


@dataclass(frozen=True)
class VocesEvent(LogEvent):
    """One entry of the log: what happened, in which round, after which action, to whom."""

    prefix: ClassVar[str] = "voces.event"
    param_readers: ClassVar[Mapping[str, Callable[[Any], Any]]] = {
        "cards": _cards, "given": _cards, "taken": _cards, "ranking": _ranking, "players": _names}


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
