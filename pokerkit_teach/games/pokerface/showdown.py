"""The Pokerface showdown: the hands turned over in the order of the ♠ tokens, each compared with the
one before it.

>>> result = check_showdown("Qc 8h 8s 5d 3c",
...     [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")])
>>> result.success
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, Row
from pokerkit_teach.holdem.cards import Card, CardsLike, parse_cards
from pokerkit_teach.holdem.explain import Comparison, check_hands, compare_hands
from pokerkit_teach.holdem.ranking import HandResult, best_hand, description_msg

__all__ = ["ShowdownHand", "ShowdownStep", "ShowdownResult", "check_showdown", "token_label", "MIN_PLAYERS", "MAX_PLAYERS"]

# Pokerface is played by 3 to 6 players, so a showdown has at most 6 hands (the ♠ tokens A to 6).
MIN_PLAYERS = 3
MAX_PLAYERS = 6


def token_label(token: int) -> str:
    """A Pokerface ♠ token as printed: the Ace for 1, then the numbers.

    >>> token_label(1), token_label(3)
    ('A♠', '3♠')
    """
    return ("A" if token == 1 else str(token)) + "♠"


@dataclass(frozen=True)
class ShowdownHand:
    name: str
    token: int
    hole: tuple[Card, ...]
    result: HandResult


@dataclass(frozen=True)
class ShowdownStep:
    """One hand revealed; from the second hand on, compared with the hand revealed before it."""

    hand: ShowdownHand
    reveal: Msg
    comparison: Comparison | None
    verdict: Msg
    ok: bool


@dataclass(frozen=True)
class ShowdownResult:
    """The Pokerface showdown check. ``broken_at`` is the index of the first hand weaker than the one
    before it, or ``None`` on success."""

    board: tuple[Card, ...]
    steps: tuple[ShowdownStep, ...]
    success: bool
    broken_at: int | None
    summary: Msg

    @property
    def hands(self) -> tuple[ShowdownHand, ...]:
        return tuple(step.hand for step in self.steps)

    def lines(self, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        lines = []
        for step in self.steps:
            lines.append(step.reveal.text(lang))
            lines.append("  " + step.verdict.text(lang))
        lines.append(self.summary.text(lang))
        return lines

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return "\n".join(self.lines(lang))

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class _Reason:
    """A comparison put into words lazily, so the showdown's sentences follow the language asked for.
    Equal comparisons give equal reasons (a copy of a game's log equals the log)."""

    comparison: Comparison

    def localized(self, lang: str, spec: str = "") -> str:
        return self.comparison.reason(lang)


def check_showdown(board: CardsLike, hands: Sequence[tuple[str, CardsLike]]) -> ShowdownResult:
    """Check a Pokerface showdown: ``hands`` are ``(name, hole cards)`` in the order of the ♠ tokens.

    No hand may be weaker than its predecessor in token order; equally strong hands
    may stand in either order. A game has 3 to 6 players, so fewer than 3 or more than 6 hands are an
    :class:`InputError` (``place`` ``hands``), refused before anything else is read.

    >>> result = check_showdown("Qc 8h 8s 5d 3c",
    ...     [("Anna", "7d 6h"), ("Ben", "4h 2d"), ("Carla", "Qd Ts"), ("Dan", "5s 5h")])
    >>> result.success, result.broken_at
    (False, 1)
    >>> print(result.summary.text())
    Failure: the hand of Ben (2♠) is weaker than the hand of Anna (A♠)
    """
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        error = InputError(key="pokerface.error.showdown_hands", min=MIN_PLAYERS, max=MAX_PLAYERS, got=len(hands))
        error.place = "hands"
        raise error
    board_cards = parse_cards(board, count=5, what=Msg.of("cards.what.board"))
    _, parsed = check_hands(hands, board_cards, hole=2)
    showdown_hands = [
        ShowdownHand(name, token, hole, best_hand(hole + board_cards)) for token, (name, hole) in enumerate(parsed, start=1)
    ]
    steps: list[ShowdownStep] = []
    broken_at: int | None = None
    for index, hand in enumerate(showdown_hands):
        reveal = Msg.of(
            "showdown.reveal",
            name=hand.name,
            token=token_label(hand.token),
            hole=Row(hand.hole),
            description=description_msg(hand.result),
        )
        if index == 0:
            steps.append(ShowdownStep(hand, reveal, None, Msg.of("showdown.first", name=hand.name), True))
            continue
        previous = showdown_hands[index - 1]
        comparison = compare_hands(hand.result, previous.result)
        kind = {"a": "stronger", "tie": "equal", "b": "weaker"}[comparison.winner]
        verdict = Msg.of(
            f"showdown.{kind}",
            name=hand.name,
            previous=previous.name,
            token=token_label(hand.token),
            reason=_Reason(comparison),
        )
        ok = comparison.winner != "b"
        if not ok and broken_at is None:
            broken_at = index
        steps.append(ShowdownStep(hand, reveal, comparison, verdict, ok))
    if broken_at is None:
        summary = Msg.of("showdown.success")
    else:
        bad, before = showdown_hands[broken_at], showdown_hands[broken_at - 1]
        summary = Msg.of(
            "showdown.failure",
            name=bad.name,
            token=token_label(bad.token),
            previous=before.name,
            previous_token=token_label(before.token),
        )
    return ShowdownResult(board_cards, tuple(steps), broken_at is None, broken_at, summary)
