"""High Card's log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pokerkit_teach.core.game import LogEvent

__all__ = ["HighCardEvent"]


@dataclass(frozen=True)
class HighCardEvent(LogEvent):
    prefix: ClassVar[str] = "highcard.event"
