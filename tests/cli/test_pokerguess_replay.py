"""The PokerGuess worked example through ``pokerkit-teach replay``, and malformed PokerGuess scenarios."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PROGRAM), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_reproduces_the_rulebook_example(lang: str) -> None:
    result = run("replay", "pokerguess-example", "--json", "--lang", lang)
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout)["outcome"]
    # checked from the highest prediction down: top, left and right fail; bottom wins the pot
    assert [(c["player"], c["holds"]) for c in outcome["checks"]] == [("Top", False), ("Left", False), ("Right", False), ("Bottom", True)]
    assert outcome["winner"] == "Bottom" and outcome["pot"] == 4
    left = outcome["checks"][1]["explanation"]
    assert ("only 2 Pawns are left" in left) if lang == "en" else ("nur 2 Bauern übrig" in left)


def test_replay_text_names_the_cards_of_each_group_in_english_and_german() -> None:
    text = run("replay", "pokerguess-example").stdout
    assert "the red group takes the Red Queen, the Red Knight, the Red Rook, and the Red Pawn" in text
    assert text.strip().splitlines()[-1].strip() == "Bottom takes the pot of 4 chips."
    german = run("replay", "pokerguess-example", "--lang", "de").stdout
    assert "die Gruppe Rot nimmt die rote Dame, den roten Springer, den roten Turm und den roten Bauern" in german
    assert "Right zeigt die rote Dame." in german and "Top zeigt den blauen Läufer." in german
    assert german.strip().splitlines()[-1].strip() == "Bottom nimmt den Pot von 4 Chips."


@pytest.mark.parametrize(
    "change, message",
    [
        ({"dealer": "Nobody"}, "the dealer 'Nobody' is not one of the players"),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "B5, J1"}, "community": "P1 P2 P3 P4 P5", "moves": []}]}, "every card may be dealt once"),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 Z5", "moves": []}]}, "unknown figure letter Z"),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": ["B stays"]}]},
         "step 2 (round 1, 'B stays'): not allowed: It is not B's turn; A is to act."),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": ["A predicts 3 violet 2 pawns"]}]},
         "'violet' (word 2) is not a count, a colour or a figure"),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": ["A predicts 3 pawns 2 red blue"]}]},
         "'blue' (word 5) names a second colour"),
        ({"rounds": [{"private": {"A": "B5, B6", "C": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": []}]},
         "'private' gives two cards to each player still in the game"),
        ({"rounds": [{"private": {"A": "B5, B6"}, "community": "P1 P2 P3 P4 P5", "moves": []}]},
         "the deal is not allowed: A deal gives two different cards to every player with chips"),
        ({"rounds": [{"private": {"A": "B5, B6", "B": "J1"}, "community": "P1 P2 P3 P4 P5", "moves": []}]},
         "the private cards of B: this list needs 2 cards, got 1"),
    ],
)
def test_malformed_guess_scenarios_are_refused(tmp_path: Path, change: dict, message: str) -> None:
    data = {"game": "pokerguess", "players": ["A", "B"], "dealer": "B",
            "rounds": [{"private": {"A": "B5, B6", "B": "J1, J2"}, "community": "P1 P2 P3 P4 P5", "moves": []}]} | change
    path = tmp_path / "guess.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr
