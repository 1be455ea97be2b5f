"""What every game's scenario files share: the error, titles and players, built-in scenarios by name,
reading a file, and playing scenario rounds step by step.

>>> pick_title((("en", "A deal"), ("de", "Ein Spiel")), "de", "x")
'Ein Spiel'
"""

from __future__ import annotations

import json
import re
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypeVar

from pokerkit_teach.core.errors import IllegalAction, InputError, OptionError
from pokerkit_teach.core.game import CHANCE, ReplayStep as GameStep
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES
from pokerkit_teach.core.registry import all_games, get_game

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["ScenarioError", "read_titles_and_players", "pick_title", "read_builtin", "load_named_or_file", "replay_rounds",
           "builtin_scenarios", "load_any_scenario", "read_json", "check_scenario_data", "scenario_schema", "json_path", "MAX_DEPTH"]

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
    found = [from_dict(check_scenario_data(json.loads(e.read_text("utf-8")), e.name), e.name)
             for e in folder.iterdir() if e.name.endswith(".json")]
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
    return from_dict(check_scenario_data(read_json(path), str(path)), str(path))


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
        if not isinstance(name, str):
            raise OptionError("game", "a game's name", name)
        game = get_game(name)
    except OptionError:
        raise ScenarioError(f"{path}: 'game' is one of {', '.join(g.name for g in all_games())}, got {name!r}") from None
    return game.scenario_from_dict(check_scenario_data(data, str(path)), str(path))


def read_json(path: Path) -> Any:
    """The JSON in a scenario file; a clear error naming the file for anything else."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ScenarioError(f"{path}: not valid JSON: line {error.lineno}, column {error.colno}: {error.msg}") from None
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file in UTF-8") from None
    except RecursionError:
        raise ScenarioError(f"{path}: the JSON is nested too deeply (a scenario needs at most {MAX_DEPTH} levels)") from None
    except OSError as error:
        raise ScenarioError(f"{path}: cannot be read: {error.strerror or error}") from None
    except ValueError:  # a number too long to read
        raise ScenarioError(f"{path}: not valid JSON: a number has more than {sys.get_int_max_str_digits():,} digits") from None


# -- the schema every scenario file is checked against, before any game's loader reads it ----------------

MAX_DEPTH = 16
"""How deeply a scenario file's JSON may nest (the deepest field of the schema is 4 levels down)."""

_TYPE_WORDS = {"string": "a text", "integer": "a whole number", "boolean": "true or false", "array": "a list",
               "object": "an object", "null": "null", "number": "a number"}


def _whole_number(checker: Any, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _jsonschema() -> ModuleType:
    """``jsonschema``, imported on first use (as numpy is), so that the command line starts quickly.

    ``jsonschema`` imports ``rfc3987_syntax`` when it is installed (Jupyter's dependencies bring it), and
    that builds a grammar for several seconds, only to check the ``iri`` format, which the scenario schema
    does not use: when this is the first import of both, that one is skipped (and can still be imported
    later by anyone who needs it)."""
    skip = "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules
    if skip:
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # makes its import fail quickly
    try:
        import jsonschema  # imported on first use, see above
        import jsonschema.exceptions
    finally:
        if skip:
            del sys.modules["rfc3987_syntax"]
    return jsonschema


@lru_cache(maxsize=1)
def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the scenario files of every game, as shipped in the package
    (``pokerkit_teach/core/scenario.schema.json``, published as ``docs/scenario.schema.json``)."""
    schema: dict[str, Any] = json.loads(resources.files("pokerkit_teach.core").joinpath("scenario.schema.json").read_text("utf-8"))
    return schema


@lru_cache(maxsize=1)
def _validator() -> Any:
    jsonschema = _jsonschema()
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number)
    validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)
    return validator(scenario_schema())


def json_path(parts: Sequence[Any]) -> str:
    """``deals[0].board`` for the parts ``deals, 0, board``; ``(top level)`` for none.

    >>> json_path(["deals", 0, "hole", "Anna Lena"]), json_path([])
    ('deals[0].hole["Anna Lena"]', '(top level)')
    """
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif re.fullmatch(r"[$A-Za-z_][$\w-]*", str(part), re.ASCII):
            text += f".{part}" if text else str(part)
        else:  # a key with spaces, dots or line breaks: quoted, so the path stays one line
            text += f"[{json.dumps(str(part))}]"
    return text or "(top level)"


def _nesting(data: Any) -> tuple[int, list[Any]]:
    """The depth of ``data`` and the path to its deepest point, without recursion (any depth)."""
    deepest: tuple[int, list[Any]] = (0, [])
    stack: list[tuple[Any, int, list[Any]]] = [(data, 1, [])]
    while stack:
        value, depth, path = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > deepest[0]:
                deepest = (depth, path)
            if depth > MAX_DEPTH:
                break
            items: Iterator[tuple[Any, Any]] = iter(value.items()) if isinstance(value, dict) else enumerate(value)
            stack.extend((item, depth + 1, path + [key]) for key, item in items)
    return deepest


def _shown(value: Any) -> str:
    """A value as a learner reads it in one short line."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    text = repr(value) if isinstance(value, str) else str(value) if isinstance(value, int) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expected(schema: Mapping[str, Any]) -> str:
    """What a part of the schema asks for, in words."""
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
    words = []
    for kind in kinds:
        word = _TYPE_WORDS.get(kind, kind)
        if kind == "array" and isinstance(schema.get("items"), Mapping) and "type" in schema["items"]:
            word = f"a list of {_plural(schema['items'])}"
        elif kind == "object" and isinstance(schema.get("additionalProperties"), Mapping):
            word = f"an object of {_plural(schema['additionalProperties'])}"
        elif kind == "integer" and "minimum" in schema:
            word += f" from {schema['minimum']:,} to {schema['maximum']:,}" if "maximum" in schema else f" of {schema['minimum']} or more"
        words.append(word)
    return " or ".join(words) or "something else"


def _plural(schema: Mapping[str, Any]) -> str:
    kind = schema.get("type")
    return {"string": "texts", "integer": "whole numbers", "object": "objects"}.get(kind, "values") if isinstance(kind, str) else "values"


def _describe(error: ValidationError) -> tuple[list[Any], str]:
    """The path of the field a schema error is about and what was expected there."""
    path = list(error.absolute_path)
    schema, kind = error.schema, error.validator
    value: Any = error.instance
    if not isinstance(schema, Mapping):
        return path, "not allowed here"
    if kind == "required":
        missing = [name for name in schema["required"] if name not in value]
        return path + missing[:1], "missing: this field is required"
    if kind == "additionalProperties":
        allowed = set(schema.get("properties", {}))
        extra = sorted(str(name) for name in value if name not in allowed)
        known = ", ".join(sorted(allowed)) or "none"
        return path + extra[:1], f"unknown field {extra[0]!r} (the fields here are {known})"
    if kind in ("minItems", "maxItems"):
        low, high = schema.get("minItems"), schema.get("maxItems")
        what = str(path[-1]) if path and isinstance(path[-1], str) else "entries"
        if (high or low) == 1:
            what = what.removesuffix("s").removesuffix("ie") + ("y" if what.endswith("ies") else "")
        bounds = f"{low} to {high}" if low is not None and high is not None else f"at least {low}" if low is not None else f"at most {high}"
        return path, f"expected {bounds} {what}, got {len(value)}"
    if kind == "uniqueItems":
        return path, "expected different entries, but one is given twice"
    if kind == "minLength":
        return path, "expected a text that is not empty"
    if kind == "pattern":
        return path, f"expected a text without a colon, got {_shown(value)}"
    if kind in ("minimum", "maximum"):
        return path, f"expected {_expected(schema)}, got {_shown(value)}"
    if kind in ("type", "enum", "const"):
        return path, f"expected {_expected(schema)}, got {_shown(value)}"
    return path, error.message if len(error.message) <= 80 else error.message[:77] + "..."


def check_scenario_data(data: Any, source: str) -> Any:
    """Check a scenario file's JSON against :func:`scenario_schema` (and its depth), before any game's
    rules see it; the first problem raises :class:`ScenarioError` naming ``source``, the field (a JSON path
    such as ``deals[0].board``) and what was expected. Returns the data without ``$schema`` (a hint for
    editors).

    >>> check_scenario_data({"players": ["A", "B", "C"], "deals": [{"board": 5}]}, "x.json")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.scenarios.ScenarioError: x.json: deals[0].board: expected a text, got 5
    """
    depth, deepest = _nesting(data)
    if depth > MAX_DEPTH:
        where = json_path(deepest[:3]) + ("..." if len(deepest) > 3 else "")
        error = ScenarioError(f"{source}: {where}: nested more than {MAX_DEPTH} levels deep; a scenario needs at most 4")
        error.place = json_path(deepest[:1])
        raise error
    problem = _jsonschema().exceptions.best_match(_validator().iter_errors(data))
    if problem is not None:
        path, expected = _describe(problem)
        error = ScenarioError(f"{source}: {json_path(path)}: {expected}")
        error.place = json_path(path)
        raise error
    if isinstance(data, dict) and "$schema" in data:
        data = {key: value for key, value in data.items() if key != "$schema"}
    return data
