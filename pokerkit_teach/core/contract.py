"""The game contract: everything a game gives the kit, in one value, :class:`GameModule`.

A game is a package that builds one ``GameModule`` (by convention named ``GAME`` in its ``__init__``) and is
registered (:mod:`pokerkit_teach.core.registry`). From it alone the command line, the apps, the simulator,
the room server and the tests deal the game, play it with bots, save and replay its scenarios and simulate
it, without knowing which game it is:

- the types: ``rules_type`` (frozen, options checked when made; ``rules.new_game(seed)`` deals a game),
  ``state_type`` (a :class:`~pokerkit_teach.core.game.GameState`: legal moves, ``why_not``, ``apply``, the
  log, ``view_for(seat)``, ``log_for(seat, lang)``, ``clone``, ``undo``) and ``view_type`` (what one seat
  may know);
- ``rules_for(players, options)``: the rules for these player names and rule options by name;
- ``bots``: a factory for each bot by name, ``default_bot`` the one a simulation takes;
- ``scenarios``: the :class:`ScenarioCodec` (scenario files and deal codes), with the game's part of the
  scenario file schema (``scenario_schema``);
- ``tally``, ``figures`` and ``report``: what a simulation counts of one finished game, the figures of a
  simulation's sums (JSON, each share with its interval) and those figures in words, so the words say
  nothing the figures do not hold; ``dealer``: optionally the chance step a simulation applies; ``batch``: optionally a
  :class:`BatchPath` that plays many games side by side;
- ``messages``: optionally a folder of catalogues (``<lang>/*.toml``) for a game that lives outside the
  kit (the kit's own games keep theirs in ``pokerkit_teach/messages/<lang>/``).

>>> from pokerkit_teach.core.registry import get_game
>>> game = get_game("voces")
>>> isinstance(game, GameModule), game.bot_names, game.view_type.__name__
(True, ('random', 'builder'), 'VocesView')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from pokerkit_teach.core.errors import InputError, OptionError
from pokerkit_teach.core.game import Bot, GameState
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, Msg, message
from pokerkit_teach.core.rng import SeedLike

__all__ = ["GameModule", "ScenarioCodec", "Scenario", "Replay", "BatchPath", "package_schema"]


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


class ScenarioCodec:
    """A game's scenario files and deal codes (:mod:`pokerkit_teach.core.scenarios`,
    :mod:`pokerkit_teach.core.dealcode`). Every game implements the methods that raise
    :class:`NotImplementedError` here:

    - ``from_dict(data, source)``: a scenario from a file's JSON data (already checked against the
      schema); ``builtin()``: the game's built-in scenarios (the rulebook's examples);
    - ``data_of(state, moves, seed)``: the scenario file's fields for the game so far (``moves``: the text
      of each entry of the history, ``None`` for a chance step; ``None`` for all: the kit's own texts);
    - ``rules_of(header)``: the rules from a file's fields other than the rounds (a problem raises
      :class:`~pokerkit_teach.core.errors.InputError`);
    - ``move_text(action, state)`` / ``parse_move(text, state)``: a player's move as a scenario writes it;
    - ``chance_text(action, state)`` / ``parse_chance(text, state)``: a chance step with its cards, short.

    ``still_to_come`` / ``add_to_come`` are for a game whose files may give cards beyond what their replay
    deals (a Pokerface board given before its token rounds reach it): by default there are none."""

    def from_dict(self, data: Any, source: str) -> Scenario:
        raise NotImplementedError

    def builtin(self) -> Sequence[Scenario]:
        raise NotImplementedError

    def data_of(self, state: Any, moves: Sequence[str | None] | None, seed: int) -> dict[str, Any]:
        raise NotImplementedError

    def rules_of(self, header: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def move_text(self, action: Any, state: Any) -> str:
        raise NotImplementedError

    def parse_move(self, text: str, state: Any) -> Any:
        raise NotImplementedError

    def chance_text(self, action: Any, state: Any) -> str:
        raise NotImplementedError

    def parse_chance(self, text: str, state: Any) -> Any:
        raise NotImplementedError

    def still_to_come(self, scenario: Any, state: Any) -> dict[str, Any] | None:
        """What the scenario gives beyond what its replay has dealt (``None``: nothing)."""
        return None

    def add_to_come(self, data: dict[str, Any], to_come: Mapping[str, Any]) -> None:
        """Put :meth:`still_to_come` back into a code's scenario data; a game without it refuses any."""
        raise InputError(key="dealcode.shape")


@runtime_checkable
class BatchPath(Protocol):
    """A game's second way to simulate: many games side by side with array operations, for the bots it
    can write that way. ``can_batch(bots)`` (one bot name per seat) says whether it can play them;
    ``batch_simulate(rules, bots, seed, numbers)`` returns the sums of the game's ``tally`` over the games
    ``numbers`` of a simulation seeded ``seed``, each game exactly as the engine plays it;
    ``BATCH_CHUNK`` is how many games one slice plays (see :mod:`pokerkit_teach.core.simulate`)."""

    BATCH_CHUNK: int

    def can_batch(self, bots: tuple[str, ...]) -> bool: ...

    def batch_simulate(self, rules: Any, bots: tuple[str, ...], seed: int, numbers: range) -> Mapping[str, float]: ...


@dataclass(frozen=True)
class GameModule:
    """Everything the kit knows of one game (see the module's text).

    ``name`` is how the kit and its files name the game, ``aliases`` other names a user may type;
    ``min_players`` / ``max_players`` bound the table; ``options`` names the rule options
    ``rules_for`` takes."""

    name: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    rules_type: type
    state_type: type[GameState[Any, Any]]
    view_type: type
    rules_for: Callable[[Sequence[str], Mapping[str, Any]], Any]
    bots: Mapping[str, Callable[[SeedLike], Bot[Any]]]
    default_bot: str
    scenarios: ScenarioCodec
    scenario_schema: Mapping[str, Any]
    tally: Callable[[GameState[Any, Any]], Mapping[str, float]]
    figures: Callable[[Mapping[str, float], int, Sequence[str]], Mapping[str, Any]]
    report: Callable[[Mapping[str, Any], str], str]
    options: tuple[str, ...] = ()
    dealer: Callable[[GameState[Any, Any], Any, Sequence[Bot[Any]]], Any] | None = None
    batch: BatchPath | None = None
    messages: Any = field(default=None, compare=False)  # a folder (Path or importlib Traversable) of <lang>/*.toml

    def __post_init__(self) -> None:
        if self.default_bot not in self.bots:
            raise ValueError(f"{self.name}: the default bot {self.default_bot!r} is not among its bots {sorted(self.bots)}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.name}: players from {self.min_players} to {self.max_players}")

    @property
    def bot_names(self) -> tuple[str, ...]:
        return tuple(self.bots)

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The game's name in ``lang`` (its catalogue's ``<name>.game.title``)."""
        return message(f"{self.name}.game.title", lang)

    def make_bot(self, name: str, seed: SeedLike = None) -> Bot[Any]:
        """A bot by one of :attr:`bot_names`."""
        if name not in self.bots:
            raise OptionError("bots", Msg.of("errors.expected.bot", names=", ".join(self.bot_names)), name)
        return self.bots[name](seed)

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
            if name not in self.bots:
                raise OptionError("bots", Msg.of("errors.expected.bot", names=", ".join(self.bot_names)), name)
        seeds = list(seeds) if seeds is not None else [None] * players
        return [self.bots[name](seed) for name, seed in zip(chosen, seeds)]

    def builtin_scenarios(self) -> Sequence[Scenario]:
        """The game's built-in scenarios (the rulebook's examples)."""
        return self.scenarios.builtin()

    def find_scenario(self, name: str) -> Scenario | None:
        """The built-in scenario of that name, or ``None``."""
        for scenario in self.scenarios.builtin():
            if scenario.name == name:
                return scenario
        return None


def package_schema(package: str) -> dict[str, Any]:
    """A game package's part of the scenario file schema: its ``scenario.schema.json`` (a JSON Schema of one
    scenario file of the game, which may refer to the kit's shared ``#/$defs/title``)."""
    part: dict[str, Any] = json.loads(resources.files(package).joinpath("scenario.schema.json").read_text("utf-8"))
    return part
