"""The registry of games: every game package of the kit that defines ``GAME`` (a :class:`GameInfo`).

The CLI, the apps, the simulator and the tests find a game by its name here, so a new game is one new
package and no edit elsewhere.

>>> [game.name for game in all_games()]
['pokerface', 'pokerguess', 'voces']
>>> get_game("poker-a-voces").name
'voces'
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import Bot, GameState
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, message
from pokerkit_teach.core.rng import SeedLike

__all__ = ["GameInfo", "Scenario", "Replay", "get_game", "all_games", "game_names"]

# Subpackages of the kit that are not games.
_NOT_GAMES = frozenset({"core", "holdem", "messages", "widgets"})


class Replay(Protocol):
    """A scenario played step by step: the same shape in every game."""

    @property
    def steps(self) -> Sequence[Any]: ...

    @property
    def final(self) -> Any: ...

    def state_after(self, step: int) -> Any: ...

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str: ...

    def as_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]: ...


class Scenario(Protocol):
    """A scenario of any game: a name, a title in each language, and its replay."""

    @property
    def name(self) -> str: ...

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str: ...

    def replay(self) -> Replay: ...


@dataclass(frozen=True)
class GameInfo:
    """Everything the kit needs to know of a game to deal it, play it with bots, replay its scenarios and
    simulate it, without knowing which game it is.

    - ``rules_for(players, options)``: the rules for these player names; ``options`` are the game's rule
      options by name (``variants`` in Pokerface, ``specials`` in Póker a Voces), and an option the game
      does not have raises :class:`OptionError`.
    - ``make_bot(name, seed)``: a bot by one of ``bot_names``.
    - ``scenario_from_dict(data, source)`` and ``builtin_scenarios()``: the game's scenario files.
    - ``tally(state)``: the figures of one finished game, summed by the simulator; ``report(totals,
      games, lang, bots)``: those sums in words (``bots``: the bot's name in each seat).
    - ``dealer(state, rng, bots)``: optional, the chance step a simulation applies (to prepare the bots'
      estimates for a whole deal at once); by default the state draws its own.
    """

    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    rules_for: Callable[[Sequence[str], Mapping[str, Any]], Any]
    bot_names: tuple[str, ...]
    default_bot: str
    make_bot: Callable[[str, SeedLike], Bot[Any]]
    scenario_from_dict: Callable[[Any, str], Scenario]
    builtin_scenarios: Callable[[], Sequence[Scenario]]
    tally: Callable[[GameState[Any, Any]], Mapping[str, float]]
    report: Callable[..., str]
    dealer: Callable[[GameState[Any, Any], Any, Sequence[Bot[Any]]], Any] | None = None
    options: tuple[str, ...] = field(default=())

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The game's name in ``lang``."""
        return message(f"{self.name}.game.title", lang)

    def player_names(self, players: int | Sequence[str]) -> tuple[str, ...]:
        """Names for ``players`` seats (``Player 1`` ...), or the names given, checked against the game's
        player count."""
        names = tuple(f"Player {i}" for i in range(1, players + 1)) if isinstance(players, int) else tuple(players)
        if not self.min_players <= len(names) <= self.max_players:
            raise OptionError("players", Msg.of("errors.expected.range", low=self.min_players, high=self.max_players), len(names))
        return names

    def new_rules(self, players: int | Sequence[str], options: Mapping[str, Any] | None = None) -> Any:
        """The rules for a number of players (or their names) and the game's options."""
        given = {k: v for k, v in (options or {}).items() if v not in (None, (), [])}
        for name in given:
            if name not in self.options:
                has: str | Msg = ", ".join(self.options) or Msg.of("errors.scenario.no_fields")
                value = given[name]
                shown = " ".join(map(str, value)) if isinstance(value, (list, tuple)) else value  # a list as the words given
                raise OptionError(name, Msg.of("errors.expected.game_option", names=has), shown)
        return self.rules_for(self.player_names(players), given)

    def bots_for(self, names: Sequence[str], players: int, seeds: Sequence[SeedLike] | None = None) -> list[Bot[Any]]:
        """One bot per seat: one name for every seat, or one name per seat."""
        chosen = list(names) or [self.default_bot]
        if len(chosen) == 1:
            chosen *= players
        if len(chosen) != players:
            raise OptionError("bots", Msg.of("errors.expected.bots_per_seat", seats=players), len(chosen))
        for name in chosen:
            if name not in self.bot_names:
                raise OptionError("bots", Msg.of("errors.expected.bot", names=", ".join(self.bot_names)), name)
        seeds = list(seeds) if seeds is not None else [None] * players
        return [self.make_bot(name, seed) for name, seed in zip(chosen, seeds)]

    def find_scenario(self, name: str) -> Scenario | None:
        for scenario in self.builtin_scenarios():
            if scenario.name == name:
                return scenario
        return None


@lru_cache(maxsize=1)
def _games() -> tuple[GameInfo, ...]:
    kit = Path(__file__).resolve().parent.parent / "games"
    found = []
    for module in sorted(pkgutil.iter_modules([str(kit)]), key=lambda m: m.name):
        if not module.ispkg or module.name in _NOT_GAMES:
            continue
        game = getattr(importlib.import_module(f"pokerkit_teach.games.{module.name}"), "GAME", None)
        if isinstance(game, GameInfo):
            found.append(game)
    return tuple(found)


def all_games() -> tuple[GameInfo, ...]:
    """Every game of the kit, by name."""
    return _games()


def game_names() -> tuple[str, ...]:
    return tuple(game.name for game in _games())


def get_game(name: str) -> GameInfo:
    """A game by its name or an alias (``pokerface``, ``pokerguess``, ``voces`` / ``poker-a-voces``)."""
    key = str(name).strip().lower()
    for game in _games():
        if key == game.name or key in game.aliases:
            return game
    raise OptionError("game", Msg.of("errors.expected.game", names=", ".join(game_names())), name)
