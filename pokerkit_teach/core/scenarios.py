"""What every game's scenario files share: the error, titles and players, built-in scenarios by name,
reading a file, and playing scenario rounds step by step.

>>> pick_title((("en", "A deal"), ("de", "Ein Spiel")), "de", "x")
'Ein Spiel'
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, TypeVar

from pokerkit_teach.core.errors import IllegalAction, InputError, OptionError
from pokerkit_teach.core.game import CHANCE, ReplayStep as GameStep
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from pokerkit_teach.core.registry import all_games, get_game

__all__ = ["ScenarioError", "read_titles_and_players", "pick_title", "read_builtin", "load_named_or_file", "replay_rounds",
           "builtin_scenarios", "load_any_scenario", "read_json"]

T = TypeVar("T")


class ScenarioError(InputError):
    """A scenario that cannot be played: the message names the place (field or step) and the problem."""


def read_titles_and_players(data: Mapping[str, Any], source: str) -> tuple[dict[str, str], list[str]]:
    """The ``title`` (a text, or one per language) and ``players`` fields every scenario file has."""
    titles = data.get("title", {})
    if isinstance(titles, str):
        titles = {DEFAULT_LANGUAGE: titles}
    if not isinstance(titles, Mapping) or any(lang not in LANGUAGES for lang in titles):
        raise ScenarioError(f"{source}: 'title' is a text or an object with the languages {', '.join(LANGUAGES)}")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioError(f"{source}: 'players' is a list of names")
    return {k: str(v) for k, v in titles.items()}, players


def pick_title(titles: tuple[tuple[str, str], ...], lang: str, fallback: str) -> str:
    """The title in ``lang``, else the English one, else ``fallback``."""
    table = dict(titles)
    return table.get(lang) or table.get(DEFAULT_LANGUAGE) or fallback


def read_builtin(package: str, from_dict: Callable[[Any, str], T]) -> list[T]:
    """Every ``*.json`` scenario in ``<package>/scenarios``, sorted by name (any game)."""
    folder = resources.files(package).joinpath("scenarios")
    found = [from_dict(json.loads(e.read_text("utf-8")), e.name) for e in folder.iterdir() if e.name.endswith(".json")]
    return sorted(found, key=lambda s: str(getattr(s, "name")))


def load_named_or_file(source: str | Path, builtin: Sequence[T], from_dict: Callable[[Any, str], T]) -> T:
    """A built-in scenario by name, or a scenario file (JSON); a clear error for anything else."""
    text = str(source)
    named = {str(getattr(s, "name")): s for s in builtin}
    if text in named:
        return named[text]
    path = Path(text)
    if not path.is_file():
        raise ScenarioError(f"no built-in scenario and no file named {text!r}; the built-in ones are {', '.join(sorted(named))}")
    return from_dict(read_json(path), str(path))


def replay_rounds(state: Any, rounds: Sequence[tuple[Any, Sequence[str]]], parse: Callable[[str], Any]) -> list[GameStep]:
    """Play scenario rounds on a state that runs no chance step by itself (PokerGuess, Póker a Voces):
    each round's deal (the action given), the engine's own chance steps after it, and the moves, read by
    ``parse``; a round may stop after any move, unless another round follows."""
    steps: list[GameStep] = []
    for number, (deal, round_moves) in enumerate(rounds, start=1):
        if state.is_terminal():
            raise ScenarioError(f"round {number}: the game is already over")
        moves = list(round_moves)
        while not state.is_terminal() and state.round.number == number:
            if state.current_player() == CHANCE:
                chance = deal if state.round.phase == "deal" else state.chance_action()
                try:
                    steps.append(GameStep(len(steps) + 1, number, None, state.apply(chance)))
                except IllegalAction as error:
                    raise ScenarioError(f"round {number}: the deal is not allowed: {error}") from None
                continue
            if not moves:
                break
            text = moves.pop(0)
            where = f"step {len(steps) + 1} (round {number}, {text!r})"
            try:
                steps.append(GameStep(len(steps) + 1, number, text, state.apply(parse(text))))
            except IllegalAction as error:
                raise ScenarioError(f"{where}: not allowed: {error}") from None
            except ValueError as error:
                raise ScenarioError(f"{where}: {error}") from None
        if moves:
            raise ScenarioError(f"round {number}, move {moves[0]!r}: the round is already over")
        if not state.is_terminal() and state.round.number == number and number < len(rounds):
            raise ScenarioError(f"round {number} stops before its end, but another round follows")
    return steps


def builtin_scenarios() -> list[tuple[str, Any]]:
    """``(game name, scenario)`` for every built-in scenario of every game."""
    from_games: list[tuple[str, Any]] = []
    for game in all_games():
        from_games += [(game.name, scenario) for scenario in game.builtin_scenarios()]
    return from_games


def load_any_scenario(source: str | Path) -> Any:
    """A built-in scenario of any game by name, or a scenario file whose ``game`` field names its game
    (``pokerface`` when it has none)."""
    text = str(source)
    named = {scenario.name: scenario for _, scenario in builtin_scenarios()}
    if text in named:
        return named[text]
    path = Path(text)
    if not path.is_file():
        raise ScenarioError(f"no built-in scenario and no file named {text!r}; the built-in ones are {', '.join(sorted(named))}")
    data = read_json(path)
    name = data.get("game", "pokerface") if isinstance(data, Mapping) else "pokerface"
    try:
        game = get_game(name)
    except OptionError:
        raise ScenarioError(f"{path}: 'game' is one of {', '.join(g.name for g in all_games())}, got {name!r}") from None
    return game.scenario_from_dict(data, str(path))


def read_json(path: Path) -> Any:
    """The JSON in a scenario file; a clear error naming the file for anything else."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ScenarioError(f"{path}: not valid JSON: line {error.lineno}, column {error.colno}: {error.msg}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file in UTF-8") from None
    except (OSError, RecursionError) as error:
        raise ScenarioError(f"{path}: cannot be read: {error}") from None
