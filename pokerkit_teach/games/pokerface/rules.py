"""Pokerface's fixed rules for one game: the players, the first dealer and the variants.

>>> rules = PokerfaceRules(("Anna", "Ben", "Carla", "Dan"))
>>> rules.player_count, rules.failures_to_lose
(4, 3)
>>> PokerfaceRules(("Anna", "Ben", "Carla"), variants=frozenset({Variant.SOFT_LANDING})).failures_to_lose
4
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from pokerkit_teach.core.errors import InputError, OptionError
from pokerkit_teach.core.game import is_whole_number
from pokerkit_teach.core.i18n import Items, Msg
from pokerkit_teach.core.rng import SeedLike
from pokerkit_teach.core.limits import quoted
from pokerkit_teach.holdem.cards import Suit
from pokerkit_teach.games.pokerface.showdown import MAX_PLAYERS, MIN_PLAYERS
from pokerkit_teach.games.pokerface.state import PokerfaceState

__all__ = ["Variant", "PokerfaceRules", "ROUND_SUITS", "SUCCESSES_TO_WIN", "MIN_PLAYERS", "MAX_PLAYERS", "OPTIONS", "rules_for"]

OPTIONS = ("variants",)  # the rule options rules_for takes by name

SUCCESSES_TO_WIN = 3
ROUND_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Variant(enum.Enum):
    """The rulebook's optional variants; any combination may be chosen."""

    FREE_FOR_ALL = "free_for_all"
    RISING_STAKES = "rising_stakes"
    SOFT_LANDING = "soft_landing"

    @classmethod
    def parse(cls, text: str) -> "Variant":
        """``free-for-all``, ``free_for_all``, ``rising stakes`` ... (case and separators ignored).

        >>> Variant.parse("Soft Landing")
        <Variant.SOFT_LANDING: 'soft_landing'>
        >>> Variant.parse("turbo")
        Traceback (most recent call last):
        ...
        pokerkit_teach.core.errors.OptionError: variants: expected one of free-for-all, rising-stakes, soft-landing, got 'turbo'
        """
        key = str(text).strip().lower().replace("-", "_").replace(" ", "_")
        try:
            return cls(key)
        except ValueError:
            names = ", ".join(v.value.replace("_", "-") for v in cls)
            raise OptionError("variants", Msg.of("pokerface.expected.variant", names=names), text) from None


@dataclass(frozen=True)
class PokerfaceRules:
    """The players in clockwise seat order, the seat of the first dealer, and the variants in play.

    ``brake_laps`` is the number of full laps after which the emergency brake ends a token round
    (the rulebook's 3).

    ``free_for_all_brake`` says how the free-for-all variant reads the emergency brake, which the rulebook
    words in turns and laps that free-for-all does not have. The kit's default (``True``): a lap is one
    take per player, so after ``brake_laps`` takes per player the brake ends the round as usual; saying
    "I am done" is not a take and never counts. ``False`` reads "until all agree they are done"
    literally: no brake, the round ends only when everyone is done (a table that never agrees never
    ends the round).
    """

    players: tuple[str, ...]
    first_dealer: int = 0
    variants: frozenset[Variant] = field(default_factory=frozenset)
    brake_laps: int = 3
    free_for_all_brake: bool = True

    def __post_init__(self) -> None:
        players = tuple(self.players)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "variants", frozenset(self.variants))
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise _input_error("players", "players_count", min=MIN_PLAYERS, max=MAX_PLAYERS, got=len(players))
        for i, name in enumerate(players, start=1):
            if not isinstance(name, str) or not name.strip():
                raise _input_error("players", "player_no_name", number=i)
        if len(set(players)) != len(players):
            raise _input_error("players", "same_names", names=Items(players))
        if not 0 <= self.first_dealer < len(players):
            raise _input_error("dealer", "dealer_seat", last=len(players) - 1, got=quoted(self.first_dealer))
        if isinstance(self.brake_laps, bool) or not isinstance(self.brake_laps, int) or self.brake_laps < 1:
            raise _input_error("brake_laps", "brake_laps")
        if not isinstance(self.free_for_all_brake, bool):
            raise _input_error("free_for_all_brake", "free_for_all_brake", got=quoted(self.free_for_all_brake))

    @classmethod
    def for_players(cls, players: int | Iterable[str], dealer: int | str = 0, variants: Iterable[Variant | str] = ()) -> "PokerfaceRules":
        """Rules from a player count (named Player 1 ...) or names, a dealer seat or name, variant names."""
        names = tuple(f"Player {i}" for i in range(1, players + 1)) if isinstance(players, int) else tuple(players)
        seat = dealer if isinstance(dealer, int) and is_whole_number(dealer) else _seat_of(names, str(dealer))
        chosen = frozenset(v if isinstance(v, Variant) else Variant.parse(v) for v in variants)
        return cls(names, seat, chosen)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @cached_property
    def free_for_all(self) -> bool:
        return Variant.FREE_FOR_ALL in self.variants

    @property
    def successes_to_win(self) -> int:
        return SUCCESSES_TO_WIN

    @cached_property
    def failures_to_lose(self) -> int:
        return 4 if Variant.SOFT_LANDING in self.variants else 3

    def rounds_for(self, successes: int) -> tuple[Suit, ...]:
        """The token rounds of a deal: rising stakes drops ♣ after one success and ♥ after two.

        >>> r = PokerfaceRules(("A", "B", "C"), variants=frozenset({Variant.RISING_STAKES}))
        >>> [s.symbol for s in r.rounds_for(0)], [s.symbol for s in r.rounds_for(2)]
        (['♣', '♦', '♥', '♠'], ['♦', '♠'])
        """
        if Variant.RISING_STAKES not in self.variants:
            return ROUND_SUITS
        skipped = {Suit.CLUBS} if successes == 1 else {Suit.CLUBS, Suit.HEARTS} if successes >= 2 else set()
        return tuple(s for s in ROUND_SUITS if s not in skipped)

    def seat_of(self, name: str) -> int:
        return _seat_of(self.players, name)

    def new_game(self, seed: SeedLike = None, auto_chance: bool = True) -> PokerfaceState:
        """A new game; ``seed`` (int or numpy Generator) decides every shuffle."""
        return PokerfaceState(self, seed, auto_chance)


def _input_error(place: str, reason: str, **details: Any) -> InputError:
    """Rules the kit cannot use, with the place (``players``, ``dealer`` ...) they went wrong; the text is
    the catalogue's ``pokerface.error.<reason>``."""
    error = InputError(key=f"pokerface.error.{reason}", **details)
    error.place = place
    return error


def _seat_of(players: tuple[str, ...], name: str) -> int:
    try:
        return players.index(name)
    except ValueError:
        raise _input_error("players", "unknown_player", name=quoted(name), players=Items(players)) from None



def rules_for(players: Sequence[str], options: Mapping[str, Any]) -> PokerfaceRules:
    """The rules for these players (the first deals) and the options by name: ``variants``, a list of
    variant names (an unknown one raises :class:`OptionError` naming it).

    >>> sorted(v.value for v in rules_for(["A", "B", "C"], {"variants": ["free-for-all"]}).variants)
    ['free_for_all']
    """
    for name in options:
        if name != "variants":
            raise OptionError(name, Msg.of("pokerface.expected.option"), options[name])
    given = options.get("variants", ())
    if isinstance(given, (str, Variant)):
        given = (given,)
    if not isinstance(given, Iterable):
        raise OptionError("variants", Msg.of("pokerface.expected.variant_list"), given)
    try:
        return PokerfaceRules.for_players(tuple(players), 0, tuple(given))
    except OptionError:
        raise
    except InputError as error:
        raise OptionError(error.place or "players", Msg.of("pokerface.expected.players", min=MIN_PLAYERS, max=MAX_PLAYERS),
                          ", ".join(map(str, players))) from error
