"""What the three games' engines share: the check-before-change protocol, a bot's decision with its
reason, the entries of an event log, and step-by-step replays of scenarios.

>>> from pokerkit_teach.core.i18n import Msg
>>> Decision("pass", Msg.of("category.name.pair")).text("de")
'Paar'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Sequence, TypeVar

from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, capitalize_first, message

__all__ = ["CHANCE", "TERMINAL", "SIMULTANEOUS", "Checked", "Decision", "LogEvent", "ReplayStep", "StepReplay"]

# What ``current_player()`` returns when no seat is to act: a chance step is due, the game is over, or
# everyone may act at once (free-for-all in Pokerface, trading in Póker a Voces).
CHANCE = -1
TERMINAL = -2
SIMULTANEOUS = -3

A = TypeVar("A")
S = TypeVar("S")


class Checked(Generic[A]):
    """``why_not`` and ``can_apply`` for a state whose ``_check(action)`` raises :class:`IllegalAction`."""

    def _check(self, action: A) -> None:
        raise NotImplementedError

    def why_not(self, action: A) -> IllegalAction | None:
        """The reason ``action`` is refused now, or ``None`` if it is allowed (nothing changes)."""
        try:
            self._check(action)
        except IllegalAction as error:
            return error
        return None

    def can_apply(self, action: A) -> bool:
        return self.why_not(action) is None


@dataclass(frozen=True)
class Decision:
    """A bot's move and its reason (a message, put into words in any language)."""

    action: Any
    reason: Msg

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.reason.text(lang)


@dataclass(frozen=True)
class LogEvent:
    """One entry of a game's log: what happened (``kind``, a message under ``prefix``), in which round,
    after which action of the history, to whom, with which values."""

    prefix: ClassVar[str] = ""

    kind: str
    round: int
    action_index: int
    seat: int | None = None
    params: tuple[tuple[str, Any], ...] = ()

    def describe(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return capitalize_first(message(f"{self.prefix}.{self.kind}", lang, **dict(self.params)))

    def param(self, name: str) -> Any:
        return dict(self.params).get(name)


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: the move (``None`` for a chance step) and the events it caused."""

    number: int
    round: int
    move: str | None
    events: tuple[LogEvent, ...]

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        return [event.describe(lang) for event in self.events]

    def as_json(self, lang: str) -> dict[str, Any]:
        return {"step": self.number, "round": self.round, "move": self.move, "events": self.lines(lang)}


class StepReplay(Generic[S]):
    """Text and time travel for a replay with ``steps``, a ``final`` state and a ``scenario``."""

    steps: tuple[ReplayStep, ...]
    final: S
    scenario: Any

    def _rebuild(self, history: Sequence[Any]) -> S:
        raise NotImplementedError

    def state_after(self, step: int) -> S:
        """The game after ``step`` steps (0 = before the first), rebuilt from the log: forward and back."""
        if not 0 <= step <= len(self.steps):
            raise ValueError(f"a replay of {len(self.steps)} steps has no step {step}")
        history: Sequence[Any] = getattr(self.final, "history")
        return self._rebuild(history[:step])

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        lines = [self.scenario.title(lang), ""]
        for step in self.steps:
            head = f"{step.number:>3}. "
            for i, line in enumerate(step.lines(lang)):
                lines.append((head if i == 0 else " " * len(head)) + line)
        return "\n".join(lines)
