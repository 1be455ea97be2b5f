"""Every registered game on the teacher's command line, with no command written for it: ``examples`` lists its
built-in scenarios, ``replay`` and ``link`` play and share them (in every language, and as JSON), and
``simulate`` plays it with its bots and reports in words and as JSON.
"""

from __future__ import annotations

import io
import json

from pokerkit_teach import cli
from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.i18n import LANGUAGES


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_examples_lists_the_games_built_in_scenarios(game: GameModule) -> None:
    status, out, err = run("examples")
    assert status == 0, err
    for scenario in game.builtin_scenarios():
        assert scenario.name in out and scenario.title("en") in out
    status, out, _ = run("examples", "--json")
    listed = {entry["name"]: entry for entry in json.loads(out)}
    assert all(listed[s.name]["game"] == game.name for s in game.builtin_scenarios())


def test_replay_and_link_play_the_built_in_scenarios_in_every_language(game: GameModule) -> None:
    for scenario in game.builtin_scenarios():
        for lang in LANGUAGES:
            status, out, err = run("replay", scenario.name, "--lang", lang)
            assert status == 0 and scenario.title(lang) in out, err
        status, out, err = run("replay", scenario.name, "--json")
        assert status == 0 and json.loads(out)["steps"], err
        status, code, err = run("link", scenario.name)
        assert status == 0, err
        assert run("replay", "--deal", code.strip()) == run("replay", scenario.name)


def test_simulate_plays_the_game_with_its_bots(game: GameModule) -> None:
    for bot in game.bot_names:
        status, out, err = run("simulate", game.name, "--players", str(game.min_players), "--bots", bot, "--games", "12",
                               "--seed", "1")
        assert status == 0 and "12" in out, err
    status, out, err = run("simulate", game.name, "--players", str(game.max_players), "--games", "7", "--seed", "2", "--json")
    result = json.loads(out)
    assert status == 0 and result["game"] == game.name and result["games"] == 7 and result["players"] == game.max_players, err
