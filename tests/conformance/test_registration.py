"""How a game comes to the kit: through the public registration API at run time, or by an entry point of
another distribution, with no change to any file of the kit; and what registration refuses."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pokerkit_teach.core.registry import ENTRY_POINT_GROUP, game_names, get_game, register_game, unregister_game
from tests.conformance.highcard import GAME as HIGHCARD
from tests.support import ROOT


def test_a_game_registered_at_run_time_is_found_and_taken_out_again() -> None:
    assert "highcard" not in game_names()
    register_game(HIGHCARD)
    try:
        assert get_game("high-card") is HIGHCARD and register_game(HIGHCARD) is HIGHCARD  # twice changes nothing
        assert HIGHCARD.title("de") == "Hohe Karte"  # its own catalogue folder came with it
    finally:
        unregister_game("highcard")
    assert "highcard" not in game_names()


def test_registration_refuses_a_name_or_alias_another_game_has_and_anything_but_a_game() -> None:
    with pytest.raises(ValueError, match="takes the name 'pokerface'"):
        register_game(dataclasses.replace(HIGHCARD, name="pokerface"))
    with pytest.raises(ValueError, match="'poker-a-voces'"):
        register_game(dataclasses.replace(HIGHCARD, aliases=("poker-a-voces",)))
    with pytest.raises(TypeError, match="GameModule"):
        register_game("highcard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected one of"):
        unregister_game("pokerface")  # the kit's own games stay


@pytest.mark.slow
def test_a_game_of_another_distribution_comes_by_its_entry_point(tmp_path: Path) -> None:
    """An installed distribution (here a dist-info folder on the path, as pip makes one) that names a game in
    the group pokerkit_teach.games: the command line lists its scenarios and simulates it."""
    info = tmp_path / "highcard_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highcard-plugin\nVersion: 1.0\n", "utf-8")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\nhighcard = tests.conformance.highcard:GAME\n", "utf-8")
    env = os.environ | {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pokerkit_teach", *args], capture_output=True, text=True, env=env,
                              timeout=120, cwd=tmp_path)

    listed = run("examples")
    assert listed.returncode == 0 and "highcard-example" in listed.stdout, listed.stderr
    simulated = run("simulate", "highcard", "--players", "3", "--games", "40", "--seed", "1", "--lang", "es")
    assert simulated.returncode == 0 and "40 partidas" in simulated.stdout, simulated.stderr
