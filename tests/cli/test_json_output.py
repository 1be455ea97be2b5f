"""Every ``--json`` of the command line validates against its published JSON Schema (docs/cli/<command>.schema.json)
for every game, and ``simulate --json`` carries every figure its text shows: each number of the report in
words is a figure of the JSON (a count, a rate or an interval's bound at the decimals shown)."""

from __future__ import annotations

import io
import json
import re
from typing import Any, Iterator

import jsonschema
import pytest

from pokerkit_teach import cli
from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.registry import all_games
from tests.support import ROOT

SCHEMAS = ROOT / "docs" / "cli"


def run(*args: str) -> Any:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main([*args, "--json"], out=out, err=err) == 0, err.getvalue()
    text = out.getvalue()
    return [json.loads(line) for line in text.splitlines()] if args[0] == "rank" else json.loads(text)


def check(command: str, data: Any) -> None:
    schema = json.loads((SCHEMAS / f"{command}.schema.json").read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema)


def test_every_command_has_a_schema_and_its_json_fits_it() -> None:
    for hand in run("rank", "7d", "6h", "Qc", "8h", "8s", "5d", "3c") + run("rank", "--game", "voces", "Ks1", "Ks2", "Ks3", "Ks4", "raccoon"):
        check("rank", hand)
    check("showdown", run("showdown", "--board", "Qc 8h 8s 5d 3c", "--hand", "Anna=7d 6h", "--hand", "Ben=4h 2d", "--hand", "Carla=Qd Ts"))
    check("compare", run("compare", "--board", "Qc 8h 8s 5d 3c", "--hand", "Anna=7d 6h", "--hand", "Ben=Ah Kd"))
    check("examples", run("examples"))
    for game in all_games():
        for scenario in game.builtin_scenarios():
            check("replay", run("replay", scenario.name))
            check("link", run("link", scenario.name))
    names = {path.name.removesuffix(".schema.json") for path in SCHEMAS.glob("*.schema.json")}
    assert names == {"rank", "showdown", "compare", "examples", "replay", "link", "simulate", "room"}  # room: tests/rooms/test_cli.py


def numbers(value: Any) -> Iterator[float]:
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from numbers(item)
    elif isinstance(value, list):
        for item in value:
            yield from numbers(item)


def shown(value: float) -> set[str]:
    """How a report may write a figure: a count as it is (with grouping), a share or a bound as a percentage
    with 1 to 4 decimals, any other number with one decimal."""
    forms = {f"{value:,.0f}", f"{value:.0f}"} if float(value).is_integer() else set()
    forms |= {f"{value:.1f}", f"{value:,.1f}"}
    if 0 <= value <= 1:
        forms |= {f"{100 * value:.{digits}f}" for digits in range(1, 5)}
    return forms


@pytest.mark.parametrize("game", [game.name for game in all_games()])
def test_simulate_json_fits_its_schema_and_holds_every_figure_the_text_shows(game: str) -> None:
    info = next(g for g in all_games() if g.name == game)
    for players, bots in ((info.min_players, [info.default_bot]), (info.max_players, list(info.bot_names))):
        args = ["simulate", game, "--players", str(players), "--games", "12", "--seed", "3", "--bots", *bots[:1]]
        data = run(*args)
        check("simulate", data)
        allowed = set().union(*(shown(value) for value in numbers(data))) | {"95"}  # 95: the intervals' level
        out = io.StringIO()
        assert cli.main(args, out=out) == 0
        text = re.sub(r"\([\d.,]+ s\)\s*$", "", out.getvalue())  # the run's time is that run's, not a figure
        said = re.findall(r"\d[\d,]*(?:\.\d+)?", text)
        missing = [number for number in said if number not in allowed]
        assert not missing, (missing, text)
        for lang in LANGUAGES[1:]:  # every language says the same figures (by its own number rules)
            local = io.StringIO()
            assert cli.main([*args, "--lang", lang], out=local) == 0
            local_text = re.sub(r"\([\d.,]+ s\)\s*$", "", local.getvalue())
            count = len(re.findall(r"\d+(?:[.,]\d+)*", local_text))
            assert count == len(re.findall(r"\d+(?:[.,]\d+)*", text)), local_text
