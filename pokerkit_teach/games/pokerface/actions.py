"""What can happen in Pokerface: the players' token moves and the chance steps (dealing, showdown), and
the phases of a deal.

Actions are small frozen values. A player's action names the acting seat, so the same values serve the
turn-based rounds and the free-for-all variant.

>>> TakeFromMiddle(1, 4)
TakeFromMiddle(seat=1, token=4)
>>> Pass(2) == Pass(2)
True
>>> DealBoard("flop") == DealBoard(PokerfacePhase.FLOP), DealBoard("turn").stage is PokerfacePhase.TURN
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from pokerkit_teach.core.errors import InputError
from pokerkit_teach.core.game import Phase as GamePhase, whole_number_fields
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.holdem.cards import Card, Suit

__all__ = [
    "PokerfacePhase",
    "Step",
    "BOARD_PHASES",
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


class PokerfacePhase(GamePhase):
    """The steps of a deal: hole cards, a token round, flop, turn, river, the showdown; ``OVER`` once the
    game has ended. The values are the names used in messages (``the flop comes first``)."""

    HOLE = "hole"
    ROUND = "round"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"
    OVER = "over"


# The board's stages: how many cards each lays.
BOARD_PHASES = {PokerfacePhase.FLOP: 3, PokerfacePhase.TURN: 1, PokerfacePhase.RIVER: 1}


class Step(NamedTuple):
    """Where a deal stands: the phase, and the suit of the token round (``None`` outside a round)."""

    phase: PokerfacePhase
    suit: Suit | None = None


@dataclass(frozen=True, slots=True)
@whole_number_fields
class TakeFromMiddle:
    """Take the token numbered ``token`` from the middle (one's own token, if any, goes back first)."""

    seat: int
    token: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class TakeFromPlayer:
    """Take the current round's token from the player in seat ``target``."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
@whole_number_fields
class Pass:
    """Do nothing this turn (only with a token of the round). In free-for-all: say "I am done"."""

    seat: int


@dataclass(frozen=True)
class DealHoleCards:
    """Chance: shuffle and deal two hole cards to every seat. ``cards`` (two per seat, in seat order) is
    filled in when the state draws them, or given to replay a known deal."""

    cards: tuple[tuple[Card, Card], ...] | None = None

    def __post_init__(self) -> None:
        # Lists become tuples, so the history keeps its own copy: changing the caller's list afterwards
        # changes no replay. Anything else stays as given, for the state to refuse by name.
        object.__setattr__(self, "cards", _frozen(self.cards, depth=2))


@dataclass(frozen=True)
class DealBoard:
    """Chance: lay the flop (3 cards), the turn or the river (1 card). ``stage`` is a board
    :class:`PokerfacePhase` (its name, ``"flop"``, is read as the phase)."""

    stage: PokerfacePhase
    cards: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        try:
            stage = PokerfacePhase(self.stage)
        except ValueError:
            stage = None
        if stage not in BOARD_PHASES:
            raise InputError(key="pokerface.error.board_stage", got=quoted(self.stage))
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "cards", _frozen(self.cards, depth=1))


@dataclass(frozen=True)
class Showdown:
    """Chance step without chance: reveal the hands in ♠-token order and score the deal."""


def _frozen(value: Any, depth: int) -> Any:
    """``value`` with its lists (``depth`` levels deep) turned into tuples; other values unchanged.

    >>> _frozen([[1, 2], (3, 4)], depth=2), _frozen("As Ks", depth=1)
    (((1, 2), (3, 4)), 'As Ks')
    """
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(item, depth - 1) if depth > 1 else item for item in value)
    return value


PlayerAction = Union[TakeFromMiddle, TakeFromPlayer, Pass]
ChanceAction = Union[DealHoleCards, DealBoard, Showdown]
Action = Union[PlayerAction, ChanceAction]
