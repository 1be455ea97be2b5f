"""PokerGuess's rules for one game: the players and the rule options, checked when made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pokerkit_teach.core.game import is_whole_number
from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.pokerguess.check import CheckOrder, ColourOrder
from pokerkit_teach.games.pokerguess.state import PokerGuessState

__all__ = ["PokerGuessRules", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "rules_for"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True)
class PokerGuessRules:
    """Players in clockwise order and the rule options (defaults documented in the module). A value the
    kit cannot use raises :class:`~pokerkit_teach.core.errors.OptionError` naming the option."""

    players: tuple[str, ...]
    first_dealer: int = 0
    starting_chips: int = 20
    initial_bet: int = 1
    max_raise: int = 3
    colour_order: ColourOrder = ColourOrder.BY_NUMBER
    count_folded_cards: bool = True
    max_rounds: int = 3000
    check_order: CheckOrder = CheckOrder.COLOUR_FIRST

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise OptionError("players", Msg.of("pokerguess.option.players"), len(self.players))
        if len(set(self.players)) != len(self.players) or not all(isinstance(p, str) and p for p in self.players):
            raise OptionError("players", Msg.of("pokerguess.option.names"), self.players)
        if not is_whole_number(self.first_dealer) or not 0 <= self.first_dealer < len(self.players):
            raise OptionError("first_dealer", Msg.of("pokerguess.option.first_dealer", last=len(self.players) - 1), self.first_dealer)
        for name in ("initial_bet", "max_raise", "max_rounds"):
            value = getattr(self, name)
            if not is_whole_number(value) or value < 1:
                raise OptionError(name, Msg.of("pokerguess.option.whole"), value)
        if not is_whole_number(self.starting_chips) or self.starting_chips < self.initial_bet:
            raise OptionError("starting_chips", Msg.of("pokerguess.option.starting_chips", bet=self.initial_bet), self.starting_chips)
        if not isinstance(self.colour_order, ColourOrder):
            raise OptionError("colour_order", Msg.of("pokerguess.option.either", first=ColourOrder.BY_NUMBER.value,
                                                     second=ColourOrder.BY_NUMBER_REVERSED.value), self.colour_order)
        if not isinstance(self.count_folded_cards, bool):
            raise OptionError("count_folded_cards", Msg.of("pokerguess.option.true_false"), self.count_folded_cards)
        if not isinstance(self.check_order, CheckOrder):
            raise OptionError("check_order", Msg.of("pokerguess.option.one_of", names=", ".join(o.value for o in CheckOrder)),
                              self.check_order)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> "PokerGuessState":
        return PokerGuessState(self, seed, auto_chance)


# The rule options a caller may set by name (the other fields of PokerGuessRules are the players and the dealer).
OPTIONS = ("starting_chips", "initial_bet", "max_raise", "max_rounds", "count_folded_cards", "colour_order", "check_order")


def rules_for(players: Sequence[str], options: Mapping[str, Any]) -> PokerGuessRules:
    """The rules for these players with the options given by name; ``colour_order`` and ``check_order``
    may be given by their values (``by_number``, ``by_number_reversed``; ``colour_first``, ``sizes_first``,
    ``sizes_summed``)."""
    values = dict(options)
    for name in values:
        if name not in OPTIONS:
            raise OptionError(name, Msg.of("pokerguess.option.options", names=", ".join(OPTIONS)), values[name])
    order = values.get("colour_order")
    if isinstance(order, str) and not isinstance(order, ColourOrder):
        try:
            values["colour_order"] = ColourOrder(order)
        except ValueError:
            raise OptionError("colour_order", Msg.of("pokerguess.option.either", first=ColourOrder.BY_NUMBER.value,
                                                     second=ColourOrder.BY_NUMBER_REVERSED.value), order) from None
    check = values.get("check_order")
    if isinstance(check, str) and not isinstance(check, CheckOrder):
        try:
            values["check_order"] = CheckOrder(check)
        except ValueError:
            raise OptionError("check_order", Msg.of("pokerguess.option.one_of", names=", ".join(o.value for o in CheckOrder)),
                              check) from None
    return PokerGuessRules(tuple(players), **values)
