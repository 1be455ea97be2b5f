"""``pokerkit-teach examples`` and ``replay``: the rulebook's three examples in English and German, and
malformed scenarios refused with exit status 2 and the step named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PROGRAM), *args], capture_output=True, text=True, timeout=120)


def test_examples_lists_every_games_rulebook_scenarios() -> None:
    result = run("examples")
    assert result.returncode == 0
    names = [line.split()[0] for line in result.stdout.splitlines()]
    assert names == ["showdown-failure", "showdown-success", "token-round", "pokerguess-example",
                     "voces-capybara", "voces-round-example", "voces-trade-offer"]
    assert "Markenrunde" in run("examples", "--lang", "de").stdout


def test_replay_token_round_in_english_and_german() -> None:
    english = run("replay", "token-round")
    assert english.returncode == 0
    text = english.stdout
    assert "Dan takes the 4♦ from Ben, who now has no token." in text
    assert "Ben takes the 3♦ from the middle." in text
    assert text.strip().splitlines()[-1] == "The ♦ round is over: Anna A♦, Carla 2♦, Ben 3♦, and Dan 4♦"
    german = run("replay", "token-round", "--lang", "de").stdout
    assert "Dan nimmt Ben die 4♦ weg; Ben hat jetzt keine Marke." in german
    assert german.strip().splitlines()[-1] == "Die ♦-Runde ist vorbei: Anna A♦, Carla 2♦, Ben 3♦ und Dan 4♦"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_json_of_both_showdowns(lang: str) -> None:
    success = json.loads(run("replay", "showdown-success", "--json", "--lang", lang).stdout)
    failure = json.loads(run("replay", "showdown-failure", "--json", "--lang", lang).stdout)
    assert isinstance(success["steps"], list) and success["steps"]
    assert success["outcome"]["showdowns"][0]["success"] is True
    assert failure["outcome"]["showdowns"][0] == {
        "success": False,
        "summary": failure["outcome"]["showdowns"][0]["summary"],
        "broken_by": "Ben",
    }
    assert (success["outcome"]["successes"], failure["outcome"]["failures"]) == (1, 1)
    last = failure["steps"][-1]["events"]
    decisive = "the 7 beats the 5 as second side card" if lang == "en" else "die 7 schlägt die 5 als zweite Beikarte"
    assert any(decisive in line for line in last)
    assert success["outcome"]["tokens"]["s"] == {"Anna": 1, "Ben": 2, "Carla": 3, "Dan": 4}


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


BASE = {"players": ["Anna", "Ben", "Carla"], "dealer": "Anna", "deals": [{"hole": {"Anna": "Ac Kd"}, "moves": ["Ben takes 1", "Carla takes 2"]}]}


@pytest.mark.parametrize(
    "change, message",
    [
        ({"deals": [{"hole": {"Anna": "Ac Xd"}, "moves": []}]}, "deal 1: the hole cards of Anna: card 2 'Xd'"),
        ({"deals": [{"hole": {"Anna": "Ac Kd", "Ben": "Ac 2c"}, "moves": []}]}, "A♣ is given twice (to Anna and to Ben)"),
        ({"deals": [{"hole": {"Anna": "Ac Kd"}, "board": "Ac 2c 3c", "moves": []}]}, "A♣ is on the board and in the hand of Anna"),
        ({"deals": [{"moves": ["Ben takes 1", "Carla takes from Anna"]}]}, "step 3 (deal 1, 'Carla takes from Anna'): not allowed: Anna holds no ♣ token to take."),
        ({"deals": [{"moves": ["Carla takes 1"]}]}, "step 2 (deal 1, 'Carla takes 1'): not allowed: It is not Carla's turn; Ben is to act."),
        ({"deals": [{"moves": ["Ben takes 9"]}]}, "step 2 (deal 1, 'Ben takes 9'): not allowed: There is no token 9"),
        ({"deals": [{"moves": ["Ben dances"]}]}, "step 2 (deal 1, 'Ben dances'): a move reads"),
        ({"deals": [{"moves": ["Zoe takes 1"]}]}, "unknown player 'Zoe'"),
        ({"players": ["Anna", "Ben"]}, "3 to 6 players, got 2"),
        ({"colour": "red"}, "unknown field 'colour'"),
    ],
)
def test_malformed_scenarios_are_refused_naming_the_problem(tmp_path: Path, change: dict, message: str) -> None:
    path = write(tmp_path, BASE | change)
    result = run("replay", path)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr


def test_a_scenario_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"players": ["A", "B", "C"],\n "deals": [}', encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2 and "not valid JSON: line 2" in result.stderr
    assert run("replay", "no-such-scenario").returncode == 2


def test_a_teachers_scenario_file_replays(tmp_path: Path) -> None:
    path = write(tmp_path, BASE)
    result = run("replay", path, "--json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert [s["move"] for s in data["steps"]] == [None, "Ben takes 1", "Carla takes 2"]
    assert data["outcome"]["tokens"]["c"] == {"Ben": 1, "Carla": 2}
