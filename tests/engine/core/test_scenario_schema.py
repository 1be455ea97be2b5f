"""Scenario files of every game are checked against one JSON Schema before any game's rules read them:
a file of the wrong shape is refused with exit status 2 and one line naming the file and the field."""

from __future__ import annotations

import copy
import io
import json
import re
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.cli import main
from pokerkit_teach.core.i18n import LANGUAGES, message
from pokerkit_teach.core.scenarios import MAX_DEPTH, ScenarioError, builtin_scenarios, check_scenario_data, json_path, scenario_schema
from pokerkit_teach.games.pokerface.scenarios import load_scenario
from pokerkit_teach.games.pokerguess import scenarios as guess_scenarios
from pokerkit_teach.games.pokerguess.scenarios import PokerGuessScenario
from pokerkit_teach.games.voces import scenarios as voces_scenarios
from pokerkit_teach.games.voces.scenarios import VocesScenario

from tests.support import ROOT

DOCS_SCHEMA = ROOT / "docs" / "scenario.schema.json"
GAMES = ("pokerface", "pokerguess", "voces")


def builtin_files() -> list[tuple[str, Any]]:
    found = []
    for game in GAMES:
        folder = resources.files(f"pokerkit_teach.games.{game}").joinpath("scenarios")
        found += [(entry.name, json.loads(entry.read_text("utf-8"))) for entry in folder.iterdir() if entry.name.endswith(".json")]
    return sorted(found, key=lambda item: item[0])


BUILTIN = builtin_files()


def replay(path: Path | str, *extra: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", str(path), *extra], out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_the_schema_is_a_valid_draft_2020_12_schema_and_the_docs_publish_the_one_composed_of_the_games_parts() -> None:
    schema = scenario_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert json.loads(DOCS_SCHEMA.read_text("utf-8")) == schema
    guide = (ROOT / "docs" / "scenarios.md").read_text("utf-8")
    assert "scenario.schema.json" in guide


def test_the_built_in_scenarios_of_every_game_match_the_schema() -> None:
    assert {data.get("game", "pokerface") for _, data in BUILTIN} == set(GAMES)
    validator = jsonschema.Draft202012Validator(scenario_schema())
    for name, data in BUILTIN:
        assert not list(validator.iter_errors(data)), name
    assert len(builtin_scenarios()) == len(BUILTIN)


def doc_examples() -> list[Any]:
    guide = (ROOT / "docs" / "scenarios.md").read_text("utf-8")
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", guide, re.S)]


def test_the_examples_in_the_docs_match_the_schema_and_replay(tmp_path: Path) -> None:
    examples = doc_examples()
    assert len(examples) >= 5
    validator = jsonschema.Draft202012Validator(scenario_schema())
    for number, data in enumerate(examples):
        assert not list(validator.iter_errors(data)), number
        path = tmp_path / f"example{number}.json"
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        status, _, err = replay(path)
        assert status == 0, err


POKERFACE = {"players": ["A", "B", "C"], "deals": [{"hole": {"A": "Ac Kd"}, "board": "2c 3c 4c", "moves": []}]}
GUESS = {"game": "pokerguess", "players": ["A", "B"],
         "rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": []}]}
VOCES = {"game": "voces", "players": ["A", "B", "C"], "rounds": [{"deck": "", "moves": []}]}

# the files: each was a traceback, read letter by letter, or taken as true
WRONG = [
    (POKERFACE, {"variants": [1]}, "variants[0]", "one of \"free-for-all\""),
    (POKERFACE, {"variants": "soft-landing"}, "variants", "expected a list"),
    (POKERFACE, {"deals": [{"board": 5}]}, "deals[0].board", "expected a text, got 5"),
    (POKERFACE, {"deals": [{"hole": {"A": 5}}]}, "deals[0].hole.A", "expected a text, got 5"),
    (POKERFACE, {"dealer": True}, "dealer", "expected a text, got true"),
    (POKERFACE, {"seed": 1.5}, "seed", "expected a whole number"),
    (POKERFACE, {"seed": 2**64}, "seed", "expected a whole number from 0 to 9,223,372,036,854,775,807"),
    (POKERFACE, {"colour": "red"}, "colour", "unknown field 'colour'"),
    (POKERFACE, {"deals": [{"moves": ["A passes"], "extra": 1}]}, "deals[0].extra", "unknown field 'extra'"),
    (POKERFACE, {"title": {"fr": "Bonjour"}}, "title.fr", "unknown field 'fr'"),
    (POKERFACE, {"players": ["A", "B"]}, "players", "expected 3 to 6 players, got 2"),
    (POKERFACE, {"deals": []}, "deals", "expected at least 1 deal, got 0"),
    (GUESS, {"options": {"count_folded_cards": "no"}}, "options.count_folded_cards", "expected true or false, got 'no'"),
    (GUESS, {"options": {"starting_chips": "lots"}}, "options.starting_chips", "expected a whole number from 1 to 1,000,000"),
    (GUESS, {"rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": 5}]}, "rounds[0].community", "expected a text"),
    (GUESS, {"rounds": [{"community": "P1 P2 P3 P4 P5"}]}, "rounds[0].private", "missing"),
    (GUESS, {"dealer": True}, "dealer", "expected a text, got true"),
    (VOCES, {"rounds": [{"deck": 5}]}, "rounds[0].deck", "expected a text, got 5"),
    (VOCES, {"rounds": [{"deck": None}]}, "rounds[0].deck", "expected a text, got null"),
    (VOCES, {"options": {"unused_five_scores": "no"}}, "options.unused_five_scores", "expected true or false, got 'no'"),
    (VOCES, {"options": {"tie_rule": 1}}, "options.tie_rule", "one of \"shared\", \"nobody\""),
    (VOCES, {"players": ["A:", "B", "C"]}, "players[0]", "without a colon"),
]


@pytest.mark.parametrize("base, change, field, expected", WRONG)
def test_a_file_of_the_wrong_shape_is_refused_with_one_line_naming_the_field(
        tmp_path: Path, base: dict[str, Any], change: dict[str, Any], field: str, expected: str) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(base | change), encoding="utf-8")
    before = path.read_bytes()
    status, out, err = replay(path)
    assert (status, out) == (2, "")
    assert err == f"error: {path}: {field}: {err.split(f'{field}: ', 1)[1]}" and err.count("\n") == 1
    assert expected in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("load, base", [(load_scenario, POKERFACE), (guess_scenarios.load_scenario, GUESS), (voces_scenarios.load_scenario, VOCES)])
def test_each_games_own_loader_checks_the_schema_too(tmp_path: Path, load: Any, base: dict[str, Any]) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(base | {"name": 5}), encoding="utf-8")
    with pytest.raises(ScenarioError) as refused:
        load(path)
    assert refused.value.place == "name" and str(refused.value) == f"{path}: name: expected a text, got 5"


def test_a_schema_hint_for_editors_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps({"$schema": "./scenario.schema.json"} | POKERFACE), encoding="utf-8")
    status, _, err = replay(path)
    assert status == 0, err


def test_very_deep_nesting_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    status, _, err = replay(path)
    assert status == 2 and err.startswith(f"error: {path}: ") and "nested too deeply" in err and err.count("\n") == 1
    deep: Any = 1
    for _ in range(MAX_DEPTH + 5):
        deep = [deep]
    path.write_text(json.dumps(POKERFACE | {"about": deep}), encoding="utf-8")
    status, _, err = replay(path)
    assert status == 2 and err.startswith(f"error: {path}: about[0][0]...: nested more than {MAX_DEPTH} levels")


def test_a_number_too_long_to_read_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"seed": ' + "9" * 5000 + "}", encoding="utf-8")
    status, _, err = replay(path)
    assert status == 2 and err.startswith(f"error: {path}: ") and err.count("\n") == 1


def test_an_unknown_name_lists_the_built_in_scenarios_of_all_three_games() -> None:
    status, _, err = replay("no-such-lesson")
    assert status == 2
    for name, _ in BUILTIN:
        assert name.removesuffix(".json") in err
    assert {"token-round", "pokerguess-example", "voces-capybara"} <= set(re.findall(r"[a-z-]+", err))


def test_a_file_that_is_not_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"players": ["Jürgen"]}'.encode("latin-1"))
    status, _, err = replay(path)
    assert (status, err) == (2, f"error: {path}: not a text file in UTF-8\n")


# -- generated files: the built-in files with one field changed ---------------------------------------------

def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths_of(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths_of(item, prefix + (index,))
    return found


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def changed_files(draw: st.DrawFn) -> tuple[Any, tuple[Any, ...], str]:
    name, original = draw(st.sampled_from(BUILTIN))
    data = copy.deepcopy(original)
    path = draw(st.sampled_from(paths_of(data)[1:]))
    kind = draw(st.sampled_from(["value", "delete", "extra", "huge", "nest", "empty"]))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if kind in ("value", "extra") and not (kind == "extra" and (isinstance(parent[last], dict) or isinstance(parent, dict))):
        parent[last] = draw(json_values)
    elif kind == "delete":
        del parent[last]
    elif kind == "extra" and (isinstance(parent[last], dict) or isinstance(parent, dict)):
        target = parent[last] if isinstance(parent[last], dict) else parent
        key = draw(st.text(min_size=1, max_size=8))
        target[key] = draw(json_values)
        path = (path if target is not parent else path[:-1]) + (key,)
    elif kind == "huge":
        parent[last] = draw(st.sampled_from([10**18, 2**63, 10**300, -(10**40), 1e308]))
    elif kind == "nest":
        nested: Any = parent[last]
        for _ in range(draw(st.integers(min_value=1, max_value=40))):
            nested = [nested]
        parent[last] = nested
    else:
        parent[last] = draw(st.sampled_from(["", [], {}, None]))
    return data, path, kind


def check_generated(data: Any, path: tuple[Any, ...], lang: str = "en") -> None:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "generated.json"
        file.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        status, out, err = replay(file, "--lang", lang)  # a traceback fails the test
        assert status in (0, 2)
        if status == 2:
            assert out == "" and err.startswith(message("errors.cli.prefix", lang, problem=str(file))) and err.count("\n") == 1
    try:
        check_scenario_data(data, "generated.json")
    except ScenarioError as error:
        place = str(error.place)
        changed = json_path(path)
        if path[0] != "game":  # another game's fields are then checked
            assert place == "(top level)" or changed.startswith(place) or place.startswith(changed), (place, changed)
        assert f"generated.json: {place}" in str(error)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changed_files(), st.sampled_from(LANGUAGES))
def test_changed_built_in_files_are_replayed_or_refused_naming_the_field(case: tuple[Any, tuple[Any, ...], str], lang: str) -> None:
    check_generated(case[0], case[1], lang)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changed_files(), st.sampled_from(LANGUAGES))
def test_changed_built_in_files_2000_cases(case: tuple[Any, tuple[Any, ...], str], lang: str) -> None:
    check_generated(case[0], case[1], lang)


def test_the_schema_knows_every_option_of_the_loaders() -> None:
    """A new option in a game's loader must be added to the schema too, or files using it are refused."""
    defs = scenario_schema()["$defs"]
    assert voces_scenarios._OPTIONS <= set(defs["voces"]["properties"]["options"]["properties"])
    for option in defs["pokerguess"]["properties"]["options"]["properties"]:  # and the loader takes every one it names
        PokerGuessScenario.from_dict(GUESS | {"options": {option: {"count_folded_cards": False, "colour_order": "by_number_reversed",
                                                                                  "check_order": "sizes_first"}.get(option, 5)}}, "lesson.json")
    for option in defs["voces"]["properties"]["options"]["properties"]:
        value = {"specials": [], "rounds": 1, "tie_rule": "nobody", "fold_timing": "at_betting"}.get(option, True)
        if option in voces_scenarios._OPTIONS:
            VocesScenario.from_dict(VOCES | {"options": {option: value}}, "lesson.json")


def test_a_field_or_name_with_a_line_break_still_gives_one_line(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(GUESS | {"\n": 1}), encoding="utf-8")
    status, _, err = replay(path)
    assert (status, err) == (2, f"error: {path}: [\"\\n\"]: unknown field '\\n' (the fields here are $schema, about, dealer, format, game, "
                                "name, options, players, rounds, seed, title)\n")
    path.write_text(json.dumps(POKERFACE | {"players": ["A\nB", "C", "D"], "deals": [{"moves": ["C takes 1", "A\nB takes 2"]}]}),
                    encoding="utf-8")
    status, _, err = replay(path)
    assert status == 2 and err.count("\n") == 1 and "A\\nB" in err


@pytest.mark.parametrize("base, moves", [
    (POKERFACE, {"deals": [{"moves": ["C takes 1"]}]}),
    (GUESS, {"rounds": [GUESS["rounds"][0] | {"moves": ["B stays"]}]}),  # type: ignore[index]
    (VOCES, {"rounds": [{"deck": "", "moves": ["B: bet 1 0 0 1"]}]}),
])
def test_a_refused_move_is_explained_in_the_language_asked_for(tmp_path: Path, base: dict[str, Any], moves: dict[str, Any]) -> None:
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(base | moves), encoding="utf-8")
    load = {"pokerface": load_scenario, "pokerguess": guess_scenarios.load_scenario, "voces": voces_scenarios.load_scenario}[base.get("game", "pokerface")]
    with pytest.raises(ScenarioError) as refused:
        load(path).replay()
    reason = refused.value.__context__
    assert reason is not None and hasattr(reason, "text")
    english, german = reason.text("en"), reason.text("de")
    assert english != german
    status, _, err = replay(path, "--lang", "de")
    assert status == 2 and err.rstrip("\n").endswith(german) and english not in err
    status, _, err = replay(path)
    assert status == 2 and err.rstrip("\n").endswith(english)


def test_a_file_name_with_a_line_break_still_gives_one_line(tmp_path: Path) -> None:
    path = tmp_path / "my\nlesson.json"
    for shape in ({"seed": "x"}, {}):
        path.write_text(json.dumps(POKERFACE | {"deals": [{"moves": ["A takes 1"]}]} | shape), encoding="utf-8")
        status, _, err = replay(path)
        assert status == 2 and err.count("\n") == 1 and "my\\nlesson.json" in err


def test_the_command_line_starts_without_the_slow_imports() -> None:
    """jsonschema is imported on first use, and without the grammar it would build for a format the
    schema does not use (several seconds); that package can still be imported afterwards."""
    code = ("import sys, io; from pokerkit_teach.cli import main; assert 'jsonschema' not in sys.modules; "
            "assert main(['replay', 'token-round'], out=io.StringIO(), err=io.StringIO()) == 0; "
            "assert 'jsonschema' in sys.modules and 'rfc3987_syntax' not in sys.modules; "
            "import importlib.util; assert importlib.util.find_spec('rfc3987_syntax') is None or __import__('rfc3987_syntax')")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
