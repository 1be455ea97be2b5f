"""The registry of games: every game the kit knows, each a :class:`~pokerkit_teach.core.contract.GameModule`.

A game comes in one of three ways, and each is explicit:

- the kit's own games, listed once in :data:`BUILTIN_GAMES` (where each one's ``GameModule`` is);
- a game in another distribution, by an entry point in the group ``pokerkit_teach.games`` (in that
  distribution's ``pyproject.toml``: ``[project.entry-points."pokerkit_teach.games"] mygame =
  "mygame:GAME"``);
- a game registered at run time with :func:`register_game` (a notebook's own game, or a test's).

The command line, the apps, the simulator and the room server find a game here by its name, so a new
game is one new package and no edit elsewhere. The built-in games are imported on first use only.

>>> [game.name for game in all_games()][:3]
['pokerface', 'pokerguess', 'voces']
>>> get_game("poker-a-voces").name
'voces'
"""

from __future__ import annotations

import importlib
import threading
from importlib.metadata import entry_points

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.i18n import Msg, add_catalogue_folder, remove_catalogue_folder

__all__ = ["BUILTIN_GAMES", "ENTRY_POINT_GROUP", "register_game", "unregister_game", "get_game", "all_games", "game_names",
           "registry_version"]

BUILTIN_GAMES = (
    "pokerkit_teach.games.pokerface:GAME",
    "pokerkit_teach.games.pokerguess:GAME",
    "pokerkit_teach.games.voces:GAME",
)
"""The kit's own games, in the order the kit lists them: ``module:attribute`` of each one's GameModule."""

ENTRY_POINT_GROUP = "pokerkit_teach.games"
"""The entry point group through which another distribution adds a game."""

_lock = threading.RLock()
_installed: list[GameModule] | None = None  # the built-in games and those of entry points, once loaded
_registered: list[GameModule] = []  # games registered at run time, in order
_version = 0  # changes whenever the list of games changes (for caches built from it: the scenario schema)


def _load(reference: str) -> GameModule:
    module, _, attribute = reference.partition(":")
    game = getattr(importlib.import_module(module), attribute or "GAME")
    if not isinstance(game, GameModule):
        raise TypeError(f"{reference} is not a GameModule but {type(game).__name__}")
    return game


def _installed_games() -> list[GameModule]:
    global _installed
    with _lock:
        if _installed is None:
            found = [_load(reference) for reference in BUILTIN_GAMES]
            for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
                game = point.load()
                if not isinstance(game, GameModule):
                    raise TypeError(f"entry point {point.name} = {point.value} is not a GameModule")
                if all(game is not known for known in found):
                    _check_names(game, found)
                    found.append(game)
            for game in found:
                if game.messages is not None:
                    add_catalogue_folder(game.messages)
            _installed = found
        return _installed


def _names(game: GameModule) -> set[str]:
    return {game.name, *game.aliases}


def _check_names(game: GameModule, others: list[GameModule]) -> None:
    for other in others:
        clash = _names(game) & _names(other)
        if clash:
            raise ValueError(f"the game {game.name!r} takes the name {sorted(clash)[0]!r} of the game {other.name!r}")


def register_game(game: GameModule) -> GameModule:
    """Add ``game`` to the kit at run time (its catalogue folder too, if it has one); registering the same
    game again changes nothing. A game whose name or alias another game has raises :class:`ValueError`.

    >>> from dataclasses import replace
    >>> twin = replace(get_game("pokerface"), name="pokerface-twin", aliases=())
    >>> register_game(twin).name in game_names()
    True
    >>> unregister_game("pokerface-twin"); "pokerface-twin" in game_names()
    False
    """
    global _version
    if not isinstance(game, GameModule):
        raise TypeError(f"register_game takes a GameModule, not {type(game).__name__}")
    with _lock:
        known = _installed_games() + _registered
        if any(game is other for other in known):
            return game
        _check_names(game, known)
        if game.messages is not None:
            add_catalogue_folder(game.messages)
        _registered.append(game)
        _version += 1
    return game


def unregister_game(name: str) -> None:
    """Take a game registered at run time out again (the kit's own games and those of entry points stay)."""
    global _version
    with _lock:
        for game in list(_registered):
            if name in _names(game):
                _registered.remove(game)
                if game.messages is not None:
                    remove_catalogue_folder(game.messages)
                _version += 1
                return
    raise OptionError("game", Msg.of("errors.expected.game", names=", ".join(game_names())), name)


def registry_version() -> int:
    """A number that changes whenever a game is registered or taken out."""
    return _version


def all_games() -> tuple[GameModule, ...]:
    """Every game: the kit's own, those of entry points, then those registered at run time."""
    with _lock:
        return (*_installed_games(), *_registered)


def game_names() -> tuple[str, ...]:
    return tuple(game.name for game in all_games())


def get_game(name: str) -> GameModule:
    """A game by its name or an alias (``pokerface``, ``pokerguess``, ``voces`` / ``poker-a-voces``)."""
    key = str(name).strip().lower()
    for game in all_games():
        if key == game.name or key in game.aliases:
            return game
    raise OptionError("game", Msg.of("errors.expected.game", names=", ".join(game_names())), name)
