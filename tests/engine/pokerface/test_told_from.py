"""Where a scenario's story begins (``told_from``): the rulebook's examples begin where the rulebook's telling
begins, and a wrong ``told_from`` is refused naming the field, in every language."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.scenarios import ScenarioError
from pokerkit_teach.games.pokerface.actions import Showdown
from pokerkit_teach.games.pokerface.scenarios import PokerfaceScenario, load_scenario


def test_the_token_round_example_begins_with_bens_first_diamond_move() -> None:
    replay = load_scenario("token-round").replay()
    first = replay.steps[replay.told_start]
    assert first.move == "Ben takes 4♦"  # the rulebook's first described move of its ♦ round
    assert len(replay.state_after(replay.told_start).board) == 3  # the flop is on the table already


@pytest.mark.parametrize("name", ["showdown-success", "showdown-failure"])
def test_the_showdown_examples_begin_at_the_showdown(name: str) -> None:
    replay = load_scenario(name).replay()
    assert isinstance(replay.steps[replay.told_start].action, Showdown)
    assert replay.told_start == len(replay.steps) - 1


def test_a_scenario_without_told_from_is_told_from_its_first_step() -> None:
    data = json.loads(resources.files("pokerkit_teach.games.pokerface").joinpath("scenarios/token-round.json").read_text("utf-8"))
    del data["told_from"]
    assert PokerfaceScenario.from_dict(data).replay().told_start == 0


@pytest.mark.parametrize("told", [{"deal": 2, "round": "diamonds"}, {"deal": 1, "round": "river"}, {"deal": 1}, "diamonds",
                                  {"deal": True, "round": "clubs"}, {"deal": 1, "round": "clubs", "move": 3}])
def test_a_wrong_told_from_is_refused_naming_the_field(told: object) -> None:
    data = json.loads(resources.files("pokerkit_teach.games.pokerface").joinpath("scenarios/token-round.json").read_text("utf-8"))
    data["told_from"] = told
    with pytest.raises(ScenarioError) as caught:
        PokerfaceScenario.from_dict(data, "lesson.json")
    for lang in LANGUAGES:
        words = caught.value.text(lang) if hasattr(caught.value, "text") else str(caught.value)
        assert "told_from" in words and "lesson.json" in words, (lang, words)
