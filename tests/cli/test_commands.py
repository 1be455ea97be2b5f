"""The teacher's command line, run as a teacher would: the installed ``pokerkit-teach`` program."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import RULEBOOK_BOARD, RULEBOOK_FAILURE, RULEBOOK_SUCCESS

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    assert PROGRAM.exists(), f"the console script is not installed at {PROGRAM}"
    return subprocess.run([str(PROGRAM), *args], input=stdin, capture_output=True, text=True, timeout=60)


def showdown_args(hands: list[tuple[str, str]]) -> list[str]:
    args = ["showdown", "--board", RULEBOOK_BOARD]
    for name, cards in hands:
        args += ["--hand", f"{name}={cards}"]
    return args


def test_rank_prints_the_explanation_in_english_and_german() -> None:
    result = run("rank", "7d", "6h", "Qc", "8h", "8s", "5d", "3c")
    assert result.returncode == 0, result.stderr
    assert "Best hand: a pair of 8s with Q 7 6 (2696/7462)" in result.stdout
    assert "The five cards kept: 8♥ 8♠ Q♣ 7♦ 6♥" in result.stdout
    german = run("rank", "--lang", "de", "7d", "6h", "Qc", "8h", "8s", "5d", "3c")
    assert german.returncode == 0, german.stderr
    assert "Beste Hand: ein Paar Achten mit D 7 6 (2696/7462)" in german.stdout
    assert "Die fünf gewerteten Karten: 8♥ 8♠ D♣ 7♦ 6♥" in german.stdout


def test_rank_json_uses_the_vector_category_names() -> None:
    result = run("rank", "--json", "Qd Ts Qc 8h 8s 5d 3c")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["category"] == "two_pair" and data["strength"] == 4706
    assert data["best_five"] == ["Qd", "Qc", "8h", "8s", "Ts"]


def test_rank_reads_one_hand_per_line_from_stdin_in_german() -> None:
    result = run("rank", "--json", "--lang", "de", stdin="As Ks Qs Js Ts\n\nDd Dh 2c 2d 7s 9h\n")
    assert result.returncode == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["category"] for r in rows] == ["straight_flush", "two_pair"]
    assert rows[0]["description"] == "ein Royal Flush" and rows[1]["category_name"] == "Zwei Paare"


def test_rank_reports_each_bad_line_on_stderr_with_status_2() -> None:
    result = run("rank", stdin="As Ks Qs Js Ts\nAs Ks Qs Js Xs\nAs As Qs Js Ts\n")
    assert result.returncode == 2
    assert result.stdout.count("Best hand") == 1
    assert "line 2: card 5 'Xs'" in result.stderr and "unknown rank 'X'" in result.stderr
    assert "line 3: card 2 'A♠' is a duplicate" in result.stderr


@pytest.mark.parametrize("args", [["rank", "As", "Kd"], ["rank", "As", "Kd", "Qh", "Jc", "Ts", "9c", "8c", "7c"], ["rank"]])
def test_rank_refuses_a_wrong_number_of_cards(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert "error:" in result.stderr and ("cards" in result.stderr)


def test_showdown_reproduces_the_rulebook_success() -> None:
    result = run(*showdown_args(RULEBOOK_SUCCESS))
    assert result.returncode == 0
    assert "the Ace beats the Queen as first side card" in result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("Success")
    german = run(*showdown_args(RULEBOOK_SUCCESS), "--lang", "de")
    assert "das Ass schlägt die Dame als erste Beikarte" in german.stdout
    assert german.stdout.strip().splitlines()[-1].startswith("Erfolg")
    data = json.loads(run(*showdown_args(RULEBOOK_SUCCESS), "--json").stdout)
    assert data["success"] is True and data["broken_by"] is None
    assert [h["category"] for h in data["hands"]] == ["pair", "pair", "two_pair", "full_house"]


def test_showdown_reproduces_the_rulebook_failure_and_names_the_cards() -> None:
    result = run(*showdown_args(RULEBOOK_FAILURE))
    assert result.returncode == 0
    assert "Ben is weaker than Anna" in result.stdout
    assert "the 7 beats the 5 as second side card" in result.stdout
    assert result.stdout.strip().splitlines()[-1].startswith("Failure")
    german = run(*showdown_args(RULEBOOK_FAILURE), "--lang", "de")
    assert "Ben ist schwächer als Anna" in german.stdout
    assert "die 7 schlägt die 5 als zweite Beikarte" in german.stdout
    assert german.stdout.strip().splitlines()[-1].startswith("Fehlschlag")
    data = json.loads(run(*showdown_args(RULEBOOK_FAILURE), "--json").stdout)
    assert data["success"] is False
    assert data["broken_by"] == {"index": 1, "name": "Ben", "token": 2, "previous": "Anna"}
    ben = data["hands"][1]["compared_with_previous"]
    assert ben["result"] == "weaker" and ben["deciding"] == "kicker2"
    assert (ben["deciding_cards"], ben["previous_deciding_cards"]) == (["5d"], ["7d"])


@pytest.mark.parametrize(
    "hands, message",
    [
        (["Anna=7d 6h", "Ben=Qc 2d", "Carla=Qd Ts"], "the hand of Ben: card 1 'Q♣' is a duplicate"),
        (["Anna=7d 6h", "Ben 2d 3d", "Carla=Qd Ts"], "must look like NAME=CARDS"),
        (["Anna=7d 6h", "Ben=2d", "Carla=Qd Ts"], "the hand of Ben: a hand needs 2 cards, got 1"),
        (["Anna=7d 6h"], "a Pokerface showdown has 3 to 6 hands, one per player, got 1"),
        (["Anna=7d 6h", "Ben=As Jd"], "a Pokerface showdown has 3 to 6 hands, one per player, got 2"),
        ([f"P{n}={c}" for n, c in enumerate(["7d 6h", "As Jd", "Qd Ts", "5s 5h", "2c 2d", "9c 9d", "Kc Kd"])],
         "a Pokerface showdown has 3 to 6 hands, one per player, got 7"),
    ],
)
def test_showdown_errors_go_to_stderr_with_status_2(hands: list[str], message: str) -> None:
    args = ["showdown", "--board", RULEBOOK_BOARD]
    for hand in hands:
        args += ["--hand", hand]
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_unknown_language_and_missing_board_are_usage_errors() -> None:
    assert run("rank", "--lang", "fr", "As Ks Qs Js Ts").returncode == 2
    missing = run("showdown", "--hand", "Anna=7d 6h")
    assert missing.returncode == 2 and "--board" in missing.stderr
