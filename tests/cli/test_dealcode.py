"""Deal codes on the command line: ``link`` prints a scenario's deal code, ``replay --deal CODE`` replays it
with the same output as ``replay FILE``, a file saved from a game replays, and bad codes exit 2 with one
line naming the problem in the language asked for."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import builtin_scenarios, save_scenario, scenario_json

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        status = main(list(args), out=out, err=err)
    except SystemExit as stop:  # argparse's own errors
        status = int(stop.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", sorted(scenario.name for _, scenario in builtin_scenarios()))
def test_link_then_replay_deal_prints_what_replay_of_the_scenario_prints(name: str) -> None:
    status, code, err = cli("link", name)
    assert (status, err) == (0, "") and code.startswith("1.") and code.count("\n") == 1
    for extra in (["--json"], ["--lang", "de"], ["--json", "--lang", "es"]):
        assert cli("replay", "--deal", code.strip(), *extra) == cli("replay", name, *extra)


def test_a_game_saved_as_a_file_replays_and_its_link_replays_the_same(tmp_path: Path) -> None:
    rules = get_game("voces").new_rules(3, {"specials": ["capybara"]})
    state = rules.new_game(seed=4)
    while len(state.history) < 30 and not state.is_terminal():
        seat = state.seats_to_act()[0]
        state.apply(state.legal_actions(seat)[-1])
    path = tmp_path / "saved.json"
    path.write_text(scenario_json(save_scenario(state, seed=4, title={"en": "Saved", "de": "Gespeichert"})), encoding="utf-8")
    status, text, err = cli("replay", str(path), "--lang", "de")
    assert (status, err) == (0, "") and text.startswith("Gespeichert\n")
    status, data, _ = cli("replay", str(path), "--json")
    assert status == 0 and len(json.loads(data)["steps"]) == len(state.history)
    status, code, _ = cli("link", str(path))
    assert status == 0
    assert cli("replay", "--deal", code.strip(), "--json") == (0, data, "")
    status, linked, _ = cli("link", str(path), "--json")
    assert status == 0 and json.loads(linked) == {"scenario": "saved-voces", "game": "voces", "code": code.strip(), "length": len(code.strip())}


CODE = cli("link", "token-round")[1].strip()


@pytest.mark.parametrize("code, lang, line", [
    (CODE[:-4], "en", "error: the deal code is cut short: a part of it is missing (copy the whole code or link)\n"),
    (CODE[:-4], "de", "Fehler: der Spiel-Code ist abgeschnitten: ein Teil fehlt (kopiere den ganzen Code oder Link)\n"),
    ("2" + CODE[1:], "es", "Error: este es un código de partida de la versión 2; este programa lee códigos de la versión 1\n"),
    (CODE[:40] + ("x" if CODE[40] != "x" else "y") + CODE[41:], "en",
     "error: the deal code has been changed: its check does not match (copy the code or link again)\n"),
    ("token-round", "de", "Fehler: 'token-round' ist kein Spiel-Code (ein Spiel-Code beginnt mit seiner Version und einem Punkt, etwa 1.)\n"),
])
def test_a_bad_code_exits_2_with_one_line_naming_the_problem(code: str, lang: str, line: str) -> None:
    assert cli("replay", "--deal", code, "--lang", lang) == (2, "", line)


def test_neither_or_both_sources_and_a_bad_file_for_link(tmp_path: Path) -> None:
    status, _, err = cli("replay", "--lang", "es")
    assert status == 2 and err == ("Error: indica o bien un escenario (un nombre o un archivo) o bien --deal CODE "
                                   "(consulta 'pokerkit-teach replay --help')\n")
    assert cli("replay", "token-round", "--deal", CODE)[0] == 2
    path = tmp_path / "broken.json"
    path.write_text('{"players": ["A", "B"', encoding="utf-8")
    status, out, err = cli("link", str(path), "--lang", "de")
    assert (status, out) == (2, "") and err.startswith(f"Fehler: {path}: kein gültiges JSON") and err.count("\n") == 1


def test_a_whole_link_is_read() -> None:
    link = f"https://example.org/voila/render/table.ipynb?deal={CODE}&lang=de"
    assert cli("replay", "--deal", link) == cli("replay", "token-round")


@pytest.mark.slow
def test_the_installed_program_reads_a_whole_link() -> None:
    link = f"https://example.org/voila/render/table.ipynb?deal={CODE}&lang=de"
    result = subprocess.run([str(PROGRAM), "replay", "--deal", link], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == cli("replay", "token-round")[1]
    helped = subprocess.run([str(PROGRAM), "link", "--help", "--lang", "de"], capture_output=True, text=True, timeout=60)
    assert "Gibt den Spiel-Code eines eingebauten Szenarios" in helped.stdout
