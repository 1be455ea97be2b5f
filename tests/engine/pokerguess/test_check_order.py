"""The order in which PokerGuess checks predictions is a reading of the rules, and each reading is a rule
option (``check_order``).

The rulebook asks for the highest prediction "both in quantity and hierarchy"; its example first finds two
predictions tied on both group sizes, then compares the colour, then the figure. Its four predictions come
out in the same order under every reading (the first test), so the example cannot decide between them. The
other tests are hand-made cases where the readings differ, worked out here without the kit:

- colour first (the default): the colour group's size, the colour, the figure group's size, the figure;
- sizes first: the colour group's size, the figure group's size, the colour, the figure;
- sizes summed: the two sizes added up, then as colour first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokerkit_teach.games import pokerguess
from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import ScenarioError, load_scenario_data, save_scenario
from pokerkit_teach.core.simulate import play_one
from pokerkit_teach.games.pokerguess import CheckOrder, Prediction, checking_order
from pokerkit_teach.games.pokerguess.batch import play_game
from pokerkit_teach.games.pokerguess.check import order_reason
from pokerkit_teach.games.pokerguess.scenarios import PokerGuessScenario
from pokerkit_teach.games.pokerguess.rules import PokerGuessRules

GAME = get_game("pokerguess")


def _order(predictions: dict[str, str], check: CheckOrder = CheckOrder.COLOUR_FIRST) -> list[str]:
    return [name for name, _ in checking_order([(name, Prediction.parse(text)) for name, text in predictions.items()],
                                               check=check)]


# The rulebook's four predictions (Top 4 red 4 Bishops, Left 4 red 4 Pawns, Bottom 3 green 3 Jokers, Right 4 red 3 Pawns).
RULEBOOK = {"Top": "4 red 4 bishops", "Left": "4 red 4 pawns", "Bottom": "3 green 3 jokers", "Right": "4 red 3 pawns"}


@pytest.mark.parametrize("check", list(CheckOrder))
def test_the_rulebook_example_comes_out_the_same_under_every_reading(check: CheckOrder) -> None:
    assert _order(RULEBOOK, check) == ["Top", "Left", "Right", "Bottom"]


def test_the_default_is_colour_first() -> None:
    assert PokerGuessRules(("A", "B")).check_order is CheckOrder.COLOUR_FIRST
    assert GAME.new_rules(2, {}).check_order is CheckOrder.COLOUR_FIRST


# Hand-made cases: (predictions, colour first, sizes first, sizes summed).
CASES = [
    # the lesson's quiz: 4 gray with 6 Jokers against 4 red with 1 Pawn (red 2 ranks above gray 1)
    ({"a": "3 green 5 jokers", "b": "4 gray 6 jokers", "c": "4 red 1 pawn", "d": "2 green 9 pawns"},
     ["c", "b", "a", "d"], ["b", "c", "a", "d"], ["d", "b", "a", "c"]),
    # the lesson's task 3: Anna 3 green 2 Jokers, Ben 3 red 4 Pawns, Carla 4 gray 1 Pawn
    ({"Anna": "3 green 2 jokers", "Ben": "3 red 4 pawns", "Carla": "4 gray 1 pawn"},
     ["Carla", "Anna", "Ben"], ["Carla", "Ben", "Anna"], ["Ben", "Carla", "Anna"]),
    # the guide's exit ticket: Ana 3 green 4 Jokers, Ben 4 gray 1 Pawn, Cleo 3 red 6 Bishops
    ({"Ana": "3 green 4 jokers", "Ben": "4 gray 1 pawn", "Cleo": "3 red 6 bishops"},
     ["Ben", "Ana", "Cleo"], ["Ben", "Cleo", "Ana"], ["Cleo", "Ana", "Ben"]),
    # equal sizes everywhere: all readings fall back on the colour, then the figure
    ({"x": "2 blue 2 pawns", "y": "2 blue 2 queens", "z": "2 cyan 2 pawns"},
     ["z", "y", "x"], ["z", "y", "x"], ["z", "y", "x"]),
]


@pytest.mark.parametrize("predictions,colour_first,sizes_first,sizes_summed", CASES)
def test_hand_made_orders_under_each_reading(predictions: dict[str, str], colour_first: list[str], sizes_first: list[str],
                                             sizes_summed: list[str]) -> None:
    assert _order(predictions) == colour_first
    assert _order(predictions, CheckOrder.SIZES_FIRST) == sizes_first
    assert _order(predictions, CheckOrder.SIZES_SUMMED) == sizes_summed


def test_the_reason_names_what_the_reading_compares() -> None:
    gray, red = ("Ann", Prediction.parse("4 gray 6 jokers")), ("Ben", Prediction.parse("4 red 1 pawn"))
    assert order_reason(red, gray).key == "pokerguess.order.colour"
    assert order_reason(gray, red, CheckOrder.SIZES_FIRST).key == "pokerguess.order.figure_count_first"
    total = order_reason(gray, red, CheckOrder.SIZES_SUMMED)
    assert total.key == "pokerguess.order.total"
    assert total.text("en") == "Ann's two groups are larger together (10 cards against 5)"
    assert "zusammen größer (10 Karten gegen 5)" in total.text("de")


def _example_data() -> dict[str, Any]:
    return json.loads((Path(pokerguess.__file__).parent / "scenarios" / "pokerguess-example.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("check", list(CheckOrder))
def test_a_game_checks_in_the_order_of_its_option(check: CheckOrder) -> None:
    """The rulebook's example replayed with each reading: the same order and winner (the readings agree
    on it), and the log says why each prediction follows the one before in the words of that reading."""
    data = _example_data()
    data["options"] = dict(data.get("options", {}), check_order=check.value)
    replay = PokerGuessScenario.from_dict(data, "example.json").replay()
    assert replay.final.rules.check_order is check
    checked = [event for event in replay.final.events if event.kind in ("checked", "checked_after")]
    assert [event.param("player") for event in checked] == ["Top", "Left", "Right", "Bottom"]
    reasons = [event.param("why").key for event in checked[1:]]
    expected = {CheckOrder.COLOUR_FIRST: ["pokerguess.order.figure", "pokerguess.order.figure_count", "pokerguess.order.colour_count"],
                CheckOrder.SIZES_FIRST: ["pokerguess.order.figure", "pokerguess.order.figure_count_first", "pokerguess.order.colour_count"],
                CheckOrder.SIZES_SUMMED: ["pokerguess.order.figure", "pokerguess.order.total", "pokerguess.order.total"]}
    assert reasons == expected[check]


def test_the_option_is_read_by_name_and_refused_when_unknown() -> None:
    assert GAME.new_rules(3, {"check_order": "sizes_first"}).check_order is CheckOrder.SIZES_FIRST
    with pytest.raises(OptionError, match="check_order: expected one of colour_first, sizes_first, sizes_summed, got 'loudest'"):
        GAME.new_rules(3, {"check_order": "loudest"})
    with pytest.raises(OptionError, match="check_order"):
        PokerGuessRules(("A", "B"), check_order="sizes_first")  # type: ignore[arg-type]


def test_a_scenario_file_sets_the_option_and_a_saved_game_keeps_it() -> None:
    data = _example_data()
    with pytest.raises(ScenarioError, match="check_order"):
        PokerGuessScenario.from_dict(data | {"options": {"check_order": "by_colour"}}, "lesson.json")
    state = Match(PokerGuessRules(("A", "B"), starting_chips=3, max_rounds=5, check_order=CheckOrder.SIZES_FIRST).new_game(seed=2),
                  GAME.bots_for(["counter"], 2, [1, 2])).play_to_end()
    saved = save_scenario(state, seed=2)
    assert saved["options"]["check_order"] == "sizes_first"
    assert load_scenario_data(saved).rules.check_order is CheckOrder.SIZES_FIRST
    default = Match(PokerGuessRules(("A", "B"), starting_chips=3, max_rounds=5).new_game(seed=2),
                    GAME.bots_for(["counter"], 2, [1, 2])).play_to_end()
    assert "check_order" not in save_scenario(default, seed=2)["options"]  # a default is not written


@pytest.mark.parametrize("check", [CheckOrder.SIZES_FIRST, CheckOrder.SIZES_SUMMED])
def test_the_batch_path_checks_in_the_same_order_as_the_engine(check: CheckOrder) -> None:
    rules = PokerGuessRules(("P0", "P1", "P2", "P3"), max_rounds=12, check_order=check)
    bots = ["counter", "random", "counter", "random"]
    differs = 0
    for number in range(25):
        state = play_one(GAME, rules, bots, 7, number)
        record = play_game(rules, bots, 7, number)
        assert tuple((r.winner, r.by_folding) for r in state.results) == record.rounds, number
        assert tuple(state.chips) == record.chips, number
        default = play_game(PokerGuessRules(rules.players, max_rounds=12), bots, 7, number)
        differs += default.rounds != record.rounds
    assert differs, "no game came out differently from the default reading: the cases test nothing"
