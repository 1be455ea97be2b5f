"""What every game's scenario files share: the error, titles and players, built-in scenarios by name,
reading a file, and playing scenario rounds step by step.

>>> pick_title((("en", "A deal"), ("de", "Ein Spiel")), "de", "x")
'Ein Spiel'
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence, TypeVar

from pokerkit_teach.core.errors import IllegalAction, InputError, KitError, OptionError, in_context
from pokerkit_teach.core.game import CHANCE, ReplayStep as GameStep
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Counted, Msg, catalogue
from pokerkit_teach.core.contract import ScenarioCodec
from pokerkit_teach.core.limits import MAX_SCENARIO_BYTES, quoted
from pokerkit_teach.core.registry import all_games, get_game, registry_version

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["ScenarioError", "read_titles_and_players", "pick_title", "read_builtin", "load_named_or_file", "replay_rounds",
           "builtin_scenarios", "load_any_scenario", "read_json", "check_scenario_data", "scenario_schema", "json_path", "MAX_DEPTH",
           "scenario_error", "load_scenario_data", "load_scenario_text", "parse_json_text", "ScenarioCodec", "codec_of",
           "game_of_state", "save_scenario", "scenario_json", "playable_state", "replay_until", "SEED_LIMIT", "FILE_FORMAT", "DEFAULT_SCENARIO_GAME"]

T = TypeVar("T")


class ScenarioError(InputError):
    """A scenario that cannot be played: the message names the place (field or step) and the problem."""


def scenario_error(key: str, *where: str | Msg, place: str | None = None, **details: Any) -> ScenarioError:
    """A :class:`ScenarioError` said in every language: the catalogue message ``key`` with its values,
    after the places ``where`` (the file, the field or step: texts, or messages such as
    ``Msg.of("errors.scenario.round", round=2)``), each followed by a colon.

    >>> error = scenario_error("errors.scenario.round_over", "x.json", Msg.of("errors.scenario.round", round=2))
    >>> str(error), error.text("de")
    ('x.json: round 2: the round is already over', 'x.json: Runde 2: die Runde ist schon zu Ende')
    """
    error: ValueError = ScenarioError(key=key, **details)
    for part in reversed(where):
        error = in_context(error, part)
    assert isinstance(error, ScenarioError)
    error.place = place
    return error


def read_titles_and_players(data: Mapping[str, Any], source: str) -> tuple[dict[str, str], list[str]]:
    """The ``title`` (a text, or one per language) and ``players`` fields every scenario file has."""
    titles = data.get("title", {})
    if isinstance(titles, str):
        titles = {DEFAULT_LANGUAGE: titles}
    if not isinstance(titles, Mapping):
        raise scenario_error("errors.scenario.title", source, place="title", languages=", ".join(LANGUAGES))
    for lang in titles:  # the schema takes any language code; the kit's languages are its catalogue folders
        if lang not in LANGUAGES:
            raise scenario_error("errors.scenario.title_language", source, f"title.{lang}", place=f"title.{lang}",
                                 name=quoted(lang), languages=", ".join(LANGUAGES))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise scenario_error("errors.scenario.players", source, place="players")
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
    if not _is_file(path):
        raise scenario_error("errors.scenario.unknown_name", name=quoted(text), names=", ".join(sorted(named)))
    return from_dict(check_scenario_data(read_json(path), str(path)), str(path))


def replay_rounds(state: Any, rounds: Sequence[tuple[Any, Sequence[str]]], parse: Callable[[str], Any]) -> list[GameStep]:
    """Play scenario rounds on a state that runs no chance step by itself (PokerGuess, Póker a Voces):
    each round's deal (the action given), the engine's own chance steps after it, and the moves, read by
    ``parse``; a round may stop after any move, unless another round follows."""
    steps: list[GameStep] = []
    for number, (deal, round_moves) in enumerate(rounds, start=1):
        if state.is_terminal():
            raise scenario_error("errors.scenario.game_over", Msg.of("errors.scenario.round", round=number))
        moves = list(round_moves)
        while not state.is_terminal() and state.round.number == number:
            if state.current_player() == CHANCE:
                chance = deal if state.round.phase == "deal" else state.chance_action()
                try:
                    steps.append(GameStep(len(steps) + 1, number, None, state.apply(chance)))
                except IllegalAction as error:
                    raise scenario_error("errors.scenario.deal_refused", Msg.of("errors.scenario.round", round=number),
                                         reason=error) from None
                continue
            if not moves:
                break
            text = moves.pop(0)
            where = Msg.of("errors.scenario.step", step=len(steps) + 1, round=number, move=quoted(text))
            try:
                steps.append(GameStep(len(steps) + 1, number, text, state.apply(parse(text))))
            except IllegalAction as error:
                raise scenario_error("errors.scenario.move_refused", where, reason=error) from None
            except ValueError as error:
                raise _within(error, where) from None
        if moves:
            raise scenario_error("errors.scenario.round_over", Msg.of("errors.scenario.round_move", round=number, move=quoted(moves[0])))
        if not state.is_terminal() and state.round.number == number and number < len(rounds):
            raise scenario_error("errors.scenario.stops_early", round=number)
    return steps


def _within(error: ValueError, where: str | Msg) -> ScenarioError:
    """``error`` (a card or move that cannot be read) as a :class:`ScenarioError` after ``where``, in
    every language (an error without a catalogue key keeps its text)."""
    clone = ScenarioError.__new__(ScenarioError)
    if isinstance(error, KitError):
        clone.__dict__.update(error.__dict__)
    clone.args = error.args if isinstance(error, KitError) else (str(error),)
    found = in_context(clone, where)
    assert isinstance(found, ScenarioError)
    return found


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
    if not _is_file(path):
        raise scenario_error("errors.scenario.unknown_name", name=quoted(text), names=", ".join(sorted(named)))
    return load_scenario_data(read_json(path), str(path))


def _is_file(path: Path) -> bool:
    """Whether ``path`` names a file (a name too long for the system, or not a name at all, names none)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def load_scenario_data(data: Any, source: str = "scenario") -> Any:
    """A scenario of any game from a file's JSON data (a dict): checked against the schema, then read by
    the game its ``game`` field names (``pokerface`` when it has none). Problems raise
    :class:`ScenarioError` naming ``source``, the field and the problem."""
    name = data.get("game", DEFAULT_SCENARIO_GAME) if isinstance(data, Mapping) else DEFAULT_SCENARIO_GAME
    try:
        if not isinstance(name, str):
            raise OptionError("game", Msg.of("errors.expected.game_name"), name)
        game = get_game(name)
    except OptionError:
        raise scenario_error("errors.scenario.game", source, place="game", names=", ".join(g.name for g in all_games()),
                             got=quoted(name)) from None
    return game.scenarios.from_dict(check_scenario_data(data, source), source)


def load_scenario_text(text: str | bytes, source: str = "scenario") -> Any:
    """A scenario of any game from a file's text or bytes (an upload): the JSON is read as
    :func:`read_json` reads a file, then :func:`load_scenario_data`. A text of more than
    :data:`~pokerkit_teach.core.limits.MAX_SCENARIO_BYTES` is refused before it is read."""
    size = len(text.encode("utf-8")) if isinstance(text, str) and len(text) * 4 > MAX_SCENARIO_BYTES else len(text)
    if size > MAX_SCENARIO_BYTES:
        raise scenario_error("errors.scenario.too_large", source, size=size, limit=MAX_SCENARIO_BYTES)
    if isinstance(text, (bytes, bytearray, memoryview)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise scenario_error("errors.scenario.not_utf8", source) from None
    return load_scenario_data(parse_json_text(text.lstrip("\ufeff"), source), source)


def parse_json_text(text: str, source: str) -> Any:
    """The JSON in ``text`` (a scenario file's content); a clear error naming ``source`` for anything else."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise scenario_error("errors.scenario.not_json", source, line=error.lineno, column=error.colno, reason=_json_reason(error.msg)) from None
    except RecursionError:
        raise scenario_error("errors.scenario.too_deep", source, levels=MAX_DEPTH) from None
    except ValueError:  # a number too long to read
        raise scenario_error("errors.scenario.long_number", source, digits=sys.get_int_max_str_digits()) from None


# -- saving a game as a scenario, and playing on from a replay --------------------------------------------

def codec_of(game: str) -> ScenarioCodec:
    """The :class:`~pokerkit_teach.core.contract.ScenarioCodec` of a game, by its name."""
    return get_game(game).scenarios


def game_of_state(state: Any) -> str:
    """The name of the game a state belongs to."""
    for game in all_games():
        if isinstance(state, game.state_type):
            return game.name
    raise TypeError(f"not a state of a game of the kit: {type(state).__name__}")


def save_scenario(state: Any, *, seed: int = 0, title: str | Mapping[str, str] | None = None, name: str | None = None,
                  moves: Sequence[str | None] | None = None) -> dict[str, Any]:
    """A game in play or over, of any of the kit's games, as scenario file data (the published format:
    ``docs/scenarios.md``): the players, dealer, rule options, ``seed`` and every round or deal so far
    with its cards and moves. Replayed (:func:`load_scenario_data` then ``replay()``), it reaches the same
    state step by step; ``seed`` should be the seed the game was started with, so that play continued
    from the replay (:func:`playable_state`) deals the same cards still to come.

    ``title``: a text, or one per language; ``name``: the scenario's name (default ``saved-<game>``);
    ``moves``: the text of each history entry (``None`` for chance steps), default the kit's own."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_LIMIT:
        raise scenario_error("dealcode.save_seed", limit=SEED_LIMIT)
    game = game_of_state(state)
    body = codec_of(game).data_of(state, moves, seed)
    head: dict[str, Any] = {"format": FILE_FORMAT, "game": game, "name": name or f"saved-{game}"}
    if title:
        head["title"] = dict(title) if isinstance(title, Mapping) else str(title)
    return head | body


def scenario_json(data: Mapping[str, Any]) -> str:
    """A scenario's data as the text of a ``.json`` file (UTF-8, indented, each move on its own line)."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


SEED_LIMIT = 2**63 - 1
FILE_FORMAT = 1
"""The version of the scenario file format: a saved file says it (``"format": 1``); a file of a later
version is refused, naming the versions, instead of being misread."""


def replay_until(replay: Any, step: int) -> Any:
    """The replay of the first ``step`` steps only (0 to all): its ``text(lang)`` and ``as_json(lang)`` are
    what the command line prints for the scenario stopped there, so an app showing a replay up to a step
    says it in the same words."""
    if not 0 <= step <= len(replay.steps):
        replay.state_after(step)  # raises the replay's own error naming the steps there are
    return dataclasses.replace(replay, steps=tuple(replay.steps[:step]), final=replay.state_after(step))


def playable_state(replay: Any, step: int) -> Any:
    """A state to play on from ``step`` of a replay (0 = before the first step): the moves and chance
    steps up to ``step``, then the chance steps the replay records right after it (the deal or the
    cards the scenario gives), and chance steps run by themselves from then on (``auto_chance``). The
    cards still to come are drawn with the scenario's seed: for a game saved from an app with its seed,
    those of the original game. Bots can take the other seats."""
    state = replay.state_after(step)
    history = list(getattr(replay.final, "history"))
    index = step
    while index < len(history) and state.is_chance(history[index]):
        state.apply(history[index])
        index += 1
    state.auto_chance = True
    chance = None if state.is_terminal() else state.chance_action()
    if chance is not None:
        state.apply(chance)  # and, with auto_chance, every chance step after it
    return state


def read_json(path: Path) -> Any:
    """The JSON in a scenario file; a clear error naming the file for anything else."""
    source = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_SCENARIO_BYTES:  # before a byte of it is read
            raise scenario_error("errors.scenario.too_large", source, size=size, limit=MAX_SCENARIO_BYTES)
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise scenario_error("errors.scenario.not_utf8", source) from None
    except OSError as error:
        raise scenario_error("errors.scenario.unreadable", source, reason=error.strerror or str(error)) from None
    return parse_json_text(text, source)


# What JSON's reader says (its messages are English) and the catalogue message for each.
_JSON_REASONS = {
    "Expecting value": "expecting_value", "Expecting ',' delimiter": "expecting_comma", "Expecting ':' delimiter": "expecting_colon",
    "Expecting property name enclosed in double quotes": "expecting_name", "Unterminated string starting at": "unterminated_string",
    "Invalid control character at": "control_character", "Invalid \\escape": "bad_escape", "Invalid \\uXXXX escape": "bad_unicode_escape",
    "Extra data": "extra_data",
}


def _json_reason(text: str) -> str | Msg:
    """JSON's reason for refusing a file, said in every language when it is one of the reasons it knows."""
    key = _JSON_REASONS.get(text)
    return Msg.of(f"errors.json.{key}") if key else text


# -- the schema every scenario file is checked against, before any game's loader reads it ----------------

MAX_DEPTH = 16
"""How deeply a scenario file's JSON may nest (the deepest field of the schema is 4 levels down)."""

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


DEFAULT_SCENARIO_GAME = "pokerface"
"""The game of a scenario file without a ``game`` field (the format began with Pokerface's files)."""


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the scenario files of every registered game: the kit's frame
    (``pokerkit_teach/core/scenario.schema.json``) with each game's part (its GameModule's
    ``scenario_schema``), picked by the file's ``game`` field. For the kit's own games it is published as
    ``docs/scenario.schema.json``."""
    return _composed(registry_version())


@lru_cache(maxsize=4)
def _composed(version: int) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(resources.files("pokerkit_teach.core").joinpath("scenario.schema.json").read_text("utf-8"))
    games = all_games()
    schema = {key: frame[key] for key in ("$schema", "title", "description", "type")}
    schema["properties"] = {"game": {"enum": [game.name for game in games]}}
    schema["allOf"] = [
        {"if": {"properties": {"game": {"const": game.name}}} | ({} if game.name == DEFAULT_SCENARIO_GAME else {"required": ["game"]}),
         "then": {"$ref": f"#/$defs/{game.name}"}}
        for game in games
    ]
    schema["$defs"] = {"title": frame["$defs"]["title"]} | {game.name: dict(game.scenario_schema) for game in games}
    return schema


def _validator() -> Any:
    return _validator_for(registry_version())


@lru_cache(maxsize=4)
def _validator_for(version: int) -> Any:
    jsonschema = _jsonschema()
    checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _whole_number)
    validator = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=checker)
    return validator(_composed(version))


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


def _shown(value: Any) -> str | Msg:
    """A value as a learner reads it in one short line."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return Msg.of("errors.scenario.shown.object")
    if isinstance(value, list):
        return Msg.of("errors.scenario.shown.list", count=len(value))
    text = repr(value) if isinstance(value, str) else str(value) if isinstance(value, int) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_KINDS = ("string", "integer", "boolean", "array", "object", "null", "number")
_PLURALS = {"string": "strings", "integer": "integers", "object": "objects"}


def _expected(schema: Mapping[str, Any]) -> Msg | str:
    """What a part of the schema asks for, in words."""
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return Msg.of("errors.scenario.kind.one_of", values=", ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"]))
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
    words: list[Msg | str] = []
    for kind in kinds:
        word: Msg | str = Msg.of(f"errors.scenario.kind.{kind}") if kind in _KINDS else str(kind)
        if kind == "array" and isinstance(schema.get("items"), Mapping) and "type" in schema["items"]:
            word = Msg.of(f"errors.scenario.kind.{_plural(schema['items'])}")
        elif kind == "object" and isinstance(schema.get("additionalProperties"), Mapping):
            word = Msg.of(f"errors.scenario.kind.map_{_plural(schema['additionalProperties'])}")
        elif kind == "integer" and "minimum" in schema:
            word = (Msg.of("errors.scenario.kind.integer_range", low=schema["minimum"], high=schema["maximum"]) if "maximum" in schema
                    else Msg.of("errors.scenario.kind.integer_min", low=schema["minimum"]))
        words.append(word)
    if not words:
        return Msg.of("errors.scenario.kind.something_else")
    said = words[0]
    for word in words[1:]:
        said = Msg.of("errors.scenario.kind.either", first=said, second=word)
    return said


def _plural(schema: Mapping[str, Any]) -> str:
    kind = schema.get("type")
    return _PLURALS.get(kind, "values") if isinstance(kind, str) else "values"


def _items(field: object, number: int) -> Counted:
    """``number`` entries of a list field, named by the field when the catalogue has a word for it
    (``count.scenario_players``: 6 players), else ``entries``."""
    name = f"scenario_{field}"
    return Counted(name if f"count.{name}.other" in catalogue(DEFAULT_LANGUAGE) else "scenario_entries", number)


def _describe(error: ValidationError) -> tuple[list[Any], Msg | str]:
    """The path of the field a schema error is about and what was expected there."""
    path = list(error.absolute_path)
    schema, kind = error.schema, error.validator
    value: Any = error.instance
    if not isinstance(schema, Mapping):
        return path, Msg.of("errors.scenario.not_allowed_here")
    if kind == "required":
        missing = [name for name in schema["required"] if name not in value]
        return path + missing[:1], Msg.of("errors.scenario.missing")
    if kind == "additionalProperties":
        allowed = set(schema.get("properties", {}))
        extra = sorted(str(name) for name in value if name not in allowed)
        known: str | Msg = ", ".join(sorted(allowed)) or Msg.of("errors.scenario.no_fields")
        return path + extra[:1], Msg.of("errors.scenario.unknown_field", name=quoted(extra[0]), known=known)
    if kind in ("minItems", "maxItems"):
        low, high = schema.get("minItems"), schema.get("maxItems")
        field = path[-1] if path and isinstance(path[-1], str) else "entries"
        if low is not None and high is not None and low > 0 and high < 100:  # a small range, such as 3 to 6 players
            return path, Msg.of("errors.scenario.items_range", low=low, items=_items(field, high), got=len(value))
        if kind == "minItems":
            return path, Msg.of("errors.scenario.items_at_least", items=_items(field, int(low or 0)), got=len(value))
        return path, Msg.of("errors.scenario.items_at_most", items=_items(field, int(high or 0)), got=len(value))
    if kind == "uniqueItems":
        return path, Msg.of("errors.scenario.unique")
    if kind == "minLength":
        return path, Msg.of("errors.scenario.empty_text")
    if kind == "maxLength":
        return path, Msg.of("errors.scenario.long_text", limit=schema["maxLength"], got=len(value))
    if kind == "maxProperties":
        return path, Msg.of("errors.scenario.many_fields", limit=schema["maxProperties"], got=len(value))
    if kind == "pattern":
        return path, Msg.of("errors.scenario.colon", got=_shown(value))
    if kind in ("minimum", "maximum", "type", "enum", "const"):
        return path, Msg.of("errors.scenario.expected", expected=_expected(schema), got=_shown(value))
    return path, error.message if len(error.message) <= 80 else error.message[:77] + "..."


def check_scenario_data(data: Any, source: str) -> Any:
    """Check a scenario file's JSON against :func:`scenario_schema` (and its depth), before any game's
    rules see it; the first problem raises :class:`ScenarioError` naming ``source``, the field (a JSON path
    such as ``deals[0].board``) and what was expected, in every language. Returns the data without
    ``$schema`` (a hint for editors).

    >>> check_scenario_data({"players": ["A", "B", "C"], "deals": [{"board": 5}]}, "x.json")
    Traceback (most recent call last):
    ...
    pokerkit_teach.core.scenarios.ScenarioError: x.json: deals[0].board: expected a text, got 5
    """
    version = data.get("format") if isinstance(data, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and version > FILE_FORMAT:
        raise scenario_error("dealcode.file_version", source, place="format", version=version, known=FILE_FORMAT)
    depth, deepest = _nesting(data)
    if depth > MAX_DEPTH:
        where = json_path(deepest[:3]) + ("..." if len(deepest) > 3 else "")
        raise scenario_error("errors.scenario.nested", source, where, place=json_path(deepest[:1]), levels=MAX_DEPTH, needed=4)
    problem = _jsonschema().exceptions.best_match(_validator().iter_errors(data))
    if problem is not None:
        path, expected = _describe(problem)
        field: str | Msg = json_path(path) if path else Msg.of("errors.scenario.top_level")
        if isinstance(expected, Msg):
            raise scenario_error(expected.key, source, field, place=json_path(path), **dict(expected.params))
        raise _plain(f"{source}: {json_path(path)}: {expected}", json_path(path))  # a rule the kit has no words for
    if isinstance(data, dict) and "$schema" in data:
        data = {key: value for key, value in data.items() if key != "$schema"}
    return data


def _plain(text: str, place: str) -> ScenarioError:
    error = ScenarioError(text)
    error.place = place
    return error
