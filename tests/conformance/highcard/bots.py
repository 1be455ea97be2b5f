"""High Card's bots: ``threshold`` swaps a card of 10 or less (the middle of 1 to 20) and stands on a
higher one; ``random`` stands or swaps by chance. Each says why."""

from __future__ import annotations

from typing import ClassVar

from pokerkit_teach.core.game import Bot, Decision
from pokerkit_teach.core.i18n import Msg
from tests.conformance.highcard.actions import Stand, Swap
from tests.conformance.highcard.view import HighCardView

__all__ = ["ThresholdBot", "HighCardRandomBot", "BOTS", "DEFAULT_BOT"]

MIDDLE = 10


class HighCardRandomBot(Bot[HighCardView]):
    game: ClassVar[str] = "highcard"
    name: ClassVar[str] = "random"

    def decide(self, view: HighCardView) -> Decision | None:
        if not view.legal_actions:
            return None
        action = view.legal_actions[int(self.rng.integers(len(view.legal_actions)))]
        return Decision(action, Msg.of("highcard.reason.random", count=len(view.legal_actions)))


class ThresholdBot(Bot[HighCardView]):
    game: ClassVar[str] = "highcard"
    name: ClassVar[str] = "threshold"

    def decide(self, view: HighCardView) -> Decision | None:
        if not view.legal_actions or view.card is None:
            return None
        if view.card.value <= MIDDLE:
            return Decision(Swap(view.seat), Msg.of("highcard.reason.swap", card=view.card.value, middle=MIDDLE))
        return Decision(Stand(view.seat), Msg.of("highcard.reason.stand", card=view.card.value, middle=MIDDLE))


BOTS = {"threshold": ThresholdBot, "random": HighCardRandomBot}
DEFAULT_BOT = "threshold"
