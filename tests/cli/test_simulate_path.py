"""`simulate --engine`: the command line can ask for the engine to check the batch path."""

from __future__ import annotations

import io
import json

import pytest

from pokerkit_teach.cli import main


def run(*argv: str) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out=out, err=err) == 0, err.getvalue()
    result: dict[str, object] = json.loads(out.getvalue())
    return result


def test_the_engine_flag_plays_the_same_estimator_games_move_by_move() -> None:
    batch = run("simulate", "pokerface", "--games", "60", "--seed", "4", "--players", "3", "--json")
    engine = run("simulate", "pokerface", "--games", "60", "--seed", "4", "--players", "3", "--engine", "--json")
    assert (batch["path"], engine["path"]) == ("batch", "engine")
    assert batch["totals"] == engine["totals"]


def test_the_engine_flag_is_named_in_every_languages_help(capsys: pytest.CaptureFixture[str]) -> None:
    for lang, words in (("en", "move by move"), ("de", "Zug um Zug"), ("es", "movimiento a movimiento")):
        with pytest.raises(SystemExit):
            main(["--lang", lang, "simulate", "--help"], out=io.StringIO(), err=io.StringIO())
        shown = " ".join(capsys.readouterr().out.split())
        assert "--engine" in shown and words in shown, lang
