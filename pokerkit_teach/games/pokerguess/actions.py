"""What can happen in PokerGuess: the phases of a round, the players' moves (predict, stay, fold, reveal a card)
and the chance steps (the deal, the check), and the moves one seat may make now (:class:`LegalMoves`).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Sequence, Union, overload

from pokerkit_teach.core.game import Phase, is_whole_number, whole_number_fields
from pokerkit_teach.games.pokerguess.cards import Colour, DrezCard, Figure
from pokerkit_teach.games.pokerguess.check import Prediction

__all__ = ["PokerGuessPhase", "Predict", "Stay", "Fold", "Reveal", "Deal", "Check", "Action", "LegalMoves", "ALL_PREDICTIONS"]


# Every prediction there is: colour count 1-6 of each colour, figure count 1-9 of each figure.
ALL_PREDICTIONS = tuple(
    Prediction(cc, colour, fc, figure)
    for colour in Colour for cc in range(1, 7) for figure in Figure for fc in range(1, 10)
)


_PREDICTION_INDEX = {prediction: index for index, prediction in enumerate(ALL_PREDICTIONS)}


class PokerGuessPhase(Phase):
    """The phases of a round; the values name them in the catalogue (``apps.guess.play.phase.<value>``)."""

    DEAL = "deal"
    BETTING1 = "betting1"
    REVEAL = "reveal"
    BETTING2 = "betting2"
    CHECK = "check"
    OVER = "over"


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Predict:
    """Cover the bet, raise it by ``raise_by`` (0 for no raise) and state a prediction."""

    seat: int
    prediction: Prediction
    raise_by: int = 0


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Stay:
    """Cover the bet and keep one's prediction (no change)."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Fold:
    """Leave the round; the chips already in the pot stay there."""

    seat: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Reveal:
    """Last-card phase: show private card 0 or 1."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the initial bets, two private cards each and five community cards (filled in when drawn)."""

    private: tuple[tuple[DrezCard, ...], ...] | None = None  # two cards per seat; none for a seat out of chips
    community: tuple[DrezCard, ...] | None = None


@dataclass(frozen=True, slots=True)
class Check:
    """Chance step without chance: reveal everything and check the predictions from the highest down."""


Action = Union[Predict, Stay, Fold, Reveal, Deal, Check]


@lru_cache(maxsize=64)
def _predictions(seat: int, raise_by: int) -> tuple[Predict, ...]:
    """Every prediction move of ``seat`` with ``raise_by``, in the order of :data:`ALL_PREDICTIONS`, made once:
    a move is a frozen value, the same wherever it is listed, and a betting turn lists thousands of them,
    each checked as it is made (a room's messages list a seat's moves after every move). 64 lists, about
    13 MB at most: 6 seats with raises up to 9 (the default allows 3); a game allowing more makes some again."""
    return tuple(Predict(seat, prediction, raise_by) for prediction in ALL_PREDICTIONS)




@dataclass(frozen=True)
class LegalMoves(Sequence[Action]):
    """The moves one seat may make now, in the order of :meth:`PokerGuessState.legal_actions`, without
    building them: fold, stay (if allowed), then every prediction not held by another player for each
    raise from 0 up to ``most_raise`` (the own prediction only with a raise). Over 11,000 moves, so
    the view carries this small value; ``action in moves`` is answered at once.

    >>> from pokerkit_teach.games.pokerguess.rules import PokerGuessRules
    >>> state = PokerGuessRules(("A", "B")).new_game(seed=1)
    >>> moves = state.view_for(1).legal_actions
    >>> len(moves), moves[0], moves[1]
    (11665, Fold(seat=1), Predict(seat=1, prediction=Prediction(colour_count=1, colour=<Colour.GRAY: 1>, figure_count=1, figure=<Figure.PAWN: 1>), raise_by=0))
    >>> list(moves) == state.legal_actions(1)
    True
    """

    seat: int = -1
    reveal: bool = False  # the last-card phase: show card 0 or 1
    betting: bool = False
    can_stay: bool = False
    most_raise: int = -1  # the highest raise the seat can pay; -1 when it cannot even cover the bet
    taken: tuple[int, ...] = ()  # indexes in ALL_PREDICTIONS of the other players' predictions, sorted
    own: int | None = None  # index of the seat's own prediction

    def _head(self) -> list[Action]:
        if self.reveal:
            return [Reveal(self.seat, 0), Reveal(self.seat, 1)]
        if not self.betting:
            return []
        return [Fold(self.seat), Stay(self.seat)] if self.can_stay else [Fold(self.seat)]

    def _excluded(self, raise_by: int) -> tuple[int, ...]:
        if raise_by == 0 and self.own is not None and self.own not in self.taken:
            return tuple(sorted((*self.taken, self.own)))
        return self.taken

    def _level(self, raise_by: int) -> int:
        return len(ALL_PREDICTIONS) - len(self._excluded(raise_by))

    def __len__(self) -> int:
        if not self.betting:
            return len(self._head())
        return len(self._head()) + sum(self._level(r) for r in range(self.most_raise + 1))

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal move index out of range")
        head = self._head()
        if index < len(head):
            return head[index]
        index -= len(head)
        for raise_by in range(self.most_raise + 1):
            level = self._level(raise_by)
            if index < level:
                position = index
                for excluded in self._excluded(raise_by):  # the index-th prediction not excluded
                    if excluded <= position:
                        position += 1
                    else:
                        break
                return _predictions(self.seat, raise_by)[position]
            index -= level
        raise IndexError("legal move index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        yield from self._head()
        if not self.betting:
            return
        for raise_by in range(self.most_raise + 1):
            moves = _predictions(self.seat, raise_by)
            start = 0
            for excluded in self._excluded(raise_by):  # sorted: the moves between two excluded ones
                yield from moves[start:excluded]
                start = excluded + 1
            yield from moves[start:]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Predict):
            position = _PREDICTION_INDEX.get(action.prediction) if isinstance(action.prediction, Prediction) else None
            raise_by = action.raise_by
            if not self.betting or action.seat != self.seat or position is None or not is_whole_number(raise_by):
                return False
            excluded = self._excluded(raise_by)
            found = bisect.bisect_left(excluded, position)
            return 0 <= raise_by <= self.most_raise and not (found < len(excluded) and excluded[found] == position)
        return action in self._head()
