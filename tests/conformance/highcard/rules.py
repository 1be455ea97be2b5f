"""High Card's rules for one game: the players (2 to 6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from tests.conformance.highcard.state import HighCardState

__all__ = ["HighCardRules", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "rules_for"]

MIN_PLAYERS, MAX_PLAYERS = 2, 6
OPTIONS: tuple[str, ...] = ()


@dataclass(frozen=True)
class HighCardRules:
    players: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS or len(set(self.players)) != len(self.players):
            raise OptionError("players", Msg.of("errors.expected.range", low=MIN_PLAYERS, high=MAX_PLAYERS), len(self.players))

    @property
    def player_count(self) -> int:
        return len(self.players)

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> HighCardState:
        return HighCardState(self, seed, auto_chance)


def rules_for(players: Sequence[str], options: Mapping[str, Any]) -> HighCardRules:
    return HighCardRules(tuple(players))
