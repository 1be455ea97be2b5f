"""Póker a Voces's rules for one game: the players, the special cards of each round and the rule options,
checked when made (each option is a reading of the rulebook; see docs/rules-readings.md).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.games.voces.actions import FoldTiming
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, special_named, voces_deck
from pokerkit_teach.games.voces.reveal import TieRule
from pokerkit_teach.games.voces.state import VocesState

__all__ = ["VocesRules", "OPTIONS", "MIN_PLAYERS", "MAX_PLAYERS", "rules_for"]

MIN_PLAYERS, MAX_PLAYERS = 3, 6


def _round_specials(specials: Any, rounds: int) -> tuple[tuple[Special, ...], ...]:
    """The special cards of each round, from one list for all rounds or one list per round (kinds or their
    names); an unknown name or more than two kinds in a round raises :class:`OptionError` for ``specials``."""
    def listed(value: Any) -> list[Any]:
        if isinstance(value, (str, Special)):
            return [value]
        if isinstance(value, (list, tuple)):
            return list(value)
        raise OptionError("specials", Msg.of("voces.expected.specials_list"), value)

    items = listed(specials)
    if all(isinstance(s, (Special, str)) for s in items):
        items = [items] * rounds
    if len(items) != rounds:
        raise OptionError("specials", Msg.of("voces.expected.specials_rounds", rounds=rounds), len(items))
    result = []
    for number, kinds in enumerate(items, start=1):
        chosen: list[Special] = []
        for kind in listed(kinds):
            found = kind if isinstance(kind, Special) else special_named(kind) if isinstance(kind, str) else None
            if found is None:
                names = ", ".join(s.value for s in Special)
                raise OptionError("specials", Msg.of("voces.expected.specials_names", names=names, round=number), kind)
            chosen.append(found)
        if len(set(chosen)) != len(chosen) or len(chosen) > 2:
            raise OptionError("specials", Msg.of("voces.expected.specials_two", round=number), [k.value for k in chosen])
        result.append(tuple(chosen))
    return tuple(result)


def _choice(option: str, kind: type[enum.Enum], value: Any) -> Any:
    try:
        return kind(value)
    except ValueError:
        first, second = (str(k.value) for k in kind)
        raise OptionError(option, Msg.of("voces.expected.either", first=first, second=second), value) from None


@dataclass(frozen=True)
class VocesRules:
    """Players in clockwise order, the special cards of each round and the rule options. A value the game
    cannot use raises :class:`~pokerkit_teach.core.errors.OptionError` naming the option.

    >>> VocesRules(("A", "B", "C"), specials=["raccoon", "penguin"]).specials
    ((Special.RACCOON, Special.EMPEROR_PENGUIN), (Special.RACCOON, Special.EMPEROR_PENGUIN), (Special.RACCOON, Special.EMPEROR_PENGUIN))
    >>> VocesRules(("A", "B", "C"), tie_rule="coin toss")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.errors.OptionError: tie_rule: expected shared or nobody, got 'coin toss'
    """

    players: tuple[str, ...]
    specials: Any = (Special.RACCOON,)  # one list for every round, or one list per round
    rounds: int = 3
    ace_low_straight: bool = False
    tie_rule: TieRule = TieRule.SHARED
    fold_timing: FoldTiming = FoldTiming.EACH_HAND
    unused_five_scores: bool = True
    baboon_same_card: bool = False
    placed_hidden: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if not MIN_PLAYERS <= len(self.players) <= MAX_PLAYERS:
            raise OptionError("players", Msg.of("voces.expected.players"), len(self.players))
        names = self.players
        if len(set(names)) != len(names) or not all(isinstance(p, str) and p and ":" not in p for p in names):
            raise OptionError("players", Msg.of("voces.expected.names"), names)
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or not 1 <= self.rounds <= 20:
            raise OptionError("rounds", Msg.of("voces.expected.rounds"), self.rounds)
        for option in ("ace_low_straight", "unused_five_scores", "baboon_same_card", "placed_hidden"):
            if not isinstance(getattr(self, option), bool):
                raise OptionError(option, Msg.of("voces.expected.true_false"), getattr(self, option))
        object.__setattr__(self, "specials", _round_specials(self.specials, self.rounds))
        object.__setattr__(self, "tie_rule", _choice("tie_rule", TieRule, self.tie_rule))
        object.__setattr__(self, "fold_timing", _choice("fold_timing", FoldTiming, self.fold_timing))

    @property
    def player_count(self) -> int:
        return len(self.players)

    def deck(self, round_number: int) -> tuple[AnyVocesCard, ...]:
        return voces_deck(self.player_count, self.specials[round_number - 1])

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> "VocesState":
        return VocesState(self, seed, auto_chance)


#: The rule options a simulation may set (the command line passes ``specials``); see :class:`VocesRules`.
OPTIONS = ("specials", "rounds", "ace_low_straight", "tie_rule", "fold_timing", "unused_five_scores", "baboon_same_card",
           "placed_hidden")


def rules_for(players: Sequence[str], options: Mapping[str, Any]) -> VocesRules:
    """The rules for these players and options (no special cards unless ``specials`` names some, as the
    command line has always simulated); an option the game does not have, or a value it cannot use,
    raises :class:`OptionError` naming it."""
    for name in options:
        if name not in OPTIONS:
            raise OptionError(name, Msg.of("errors.expected.game_option", names=", ".join(OPTIONS)), options[name])
    settings = {"specials": ()} | dict(options)
    return VocesRules(tuple(players), **settings)
