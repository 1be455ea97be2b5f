"""Deal codes and saved games, the engine's half: a game of any of the three games saved as a scenario file, loaded again and
replayed step by step reaches the same states, events and outcome; a deal code decodes to the same game
and encodes to the same code; bad codes and files are refused naming the problem, in every language."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core import dealcode
from pokerkit_teach.core.dealcode import code_from_link, decode_code, load_code, scenario_code, state_code
from pokerkit_teach.core.errors import IllegalAction
from pokerkit_teach.core.registry import get_game
from pokerkit_teach.core.scenarios import (
    ScenarioError,
    builtin_scenarios,
    load_any_scenario,
    load_scenario_data,
    load_scenario_text,
    playable_state,
    replay_until,
    save_scenario,
    scenario_json,
)

LANGS = ("en", "de", "es")
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "pokerface": [{}, {"variants": ["rising-stakes"]}, {"variants": ["free-for-all", "soft-landing"]}],
    "pokerguess": [{}, {"starting_chips": 4, "max_raise": 2}, {"count_folded_cards": False, "initial_bet": 2, "starting_chips": 6}],
    "voces": [{"specials": ["raccoon"]}, {"specials": ["baboon", "capybara"]}, {"specials": ["dove"], "rounds": 2, "fold_timing": "at_betting"}],
}


def play(game: str, players: int, seed: int, moves: int, options: dict[str, Any], choice: int) -> Any:
    """A game as an app plays it (chance steps by themselves, from ``seed``): ``moves`` moves, each a bot's
    or (about one in three) any legal move."""
    info = get_game(game)
    rules = info.new_rules(players, options)
    state = rules.new_game(seed=seed)
    rng = random.Random(choice)
    bots = info.bots_for([info.default_bot], players, seeds=range(players))
    for _ in range(moves):
        if state.is_terminal():
            break
        seat = rng.choice(state.seats_to_act())
        decision = bots[seat].decide(state.view_for(seat)) if rng.random() < 0.65 else None
        if decision is not None:
            action = decision.action
        else:
            legal = state.legal_moves(seat) if game == "pokerguess" else state.legal_actions(seat)
            if not len(legal):
                continue
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
    return state


def same_as_played(state: Any, replay: Any) -> None:
    """Every step of ``replay`` is the state the game had after that many actions: the same snapshot (the
    cards still to come included), the same events, and the same outcome at the end."""
    history = list(state.history)
    assert list(replay.final.history) == history
    assert len(replay.steps) == len(history)
    before = replay.state_after(0)
    for k in range(1, len(history) + 1):
        after = replay.state_after(k)
        played = state.replay_prefix(k)
        played.auto_chance = False
        assert after.snapshot() == played.snapshot(), f"step {k}"
        assert tuple(after.events[len(before.events):]) == tuple(replay.steps[k - 1].events), f"events of step {k}"
        before = after
    assert list(replay.final.events) == list(state.events)
    assert replay.final.outcome == state.outcome


def game_case(game: str, slow: bool) -> Any:
    return st.tuples(
        st.just(game),
        st.integers(3 if game != "pokerguess" else 2, 5),
        st.integers(0, 2**63 - 1),
        st.integers(0, 90 if slow else 30),
        st.sampled_from(OPTIONS[game]),
        st.integers(0, 10**6),
    )


def check_round_trip(case: tuple[str, int, int, int, dict[str, Any], int]) -> None:
    game, players, seed, moves, options, choice = case
    state = play(game, players, seed, moves, options, choice)
    data = save_scenario(state, seed=seed, title={"en": "A lesson", "de": "Eine Stunde"})
    loaded = load_scenario_text(scenario_json(data).encode("utf-8"), "saved.json")  # as an upload
    same_as_played(state, loaded.replay())
    code = state_code(state, seed=seed, title="A lesson")
    from_code = load_code(code)
    same_as_played(state, from_code.replay())
    assert scenario_code(from_code) == code
    assert scenario_code(loaded) == state_code(state, seed=seed, title={"en": "A lesson", "de": "Eine Stunde"})


@pytest.mark.parametrize("game", ["pokerface", "pokerguess", "voces"])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_a_saved_game_replays_step_by_step_as_it_was_played(game: str, data: st.DataObject) -> None:
    check_round_trip(data.draw(game_case(game, slow=False)))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["pokerface", "pokerguess", "voces"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_many_saved_games_replay_step_by_step_as_they_were_played(game: str, data: st.DataObject) -> None:
    check_round_trip(data.draw(game_case(game, slow=True)))


@pytest.mark.parametrize("game, options", [pytest.param("pokerface", {}, marks=pytest.mark.slow), ("pokerguess", {"starting_chips": 3}),
                                           pytest.param("voces", {"specials": ["baboon"]}, marks=pytest.mark.slow)])
def test_a_whole_game_saved_and_coded_ends_the_same(game: str, options: dict[str, Any]) -> None:
    state = play(game, 4, 11, 10**5, options, 3)
    assert state.is_terminal()
    replay = load_scenario_data(save_scenario(state, seed=11), "saved.json").replay()
    assert list(replay.final.history) == list(state.history) and replay.final.outcome == state.outcome
    assert list(load_code(state_code(state, seed=11)).replay().final.history) == list(state.history)


def test_every_built_in_scenario_gives_a_code_that_replays_it_as_the_file_does() -> None:
    for _, scenario in builtin_scenarios():
        code = scenario_code(scenario)
        decoded = load_code(code)
        assert (decoded.name, decoded.game) == (scenario.name, scenario.game)
        for lang in LANGS:
            assert decoded.replay().text(lang) == scenario.replay().text(lang)
            assert decoded.replay().as_json(lang) == scenario.replay().as_json(lang)
        assert scenario_code(decoded) == code
        assert set(code[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_a_code_from_a_seed_does_not_write_the_cards_out() -> None:
    state = play("pokerface", 4, 5, 40, {}, 1)
    seeded = dealcode._unpack(state_code(state, seed=5))
    assert all(entry == 0 for entry in seeded[3] if not isinstance(entry, str))  # every deal: from the seed
    other = dealcode._unpack(state_code(state, seed=6))  # the wrong seed: the cards are written out
    assert any(isinstance(entry, list) for entry in other[3])
    assert list(load_code(state_code(state, seed=6)).replay().final.history) == list(state.history)


def test_play_goes_on_from_any_step_with_the_cards_the_game_had() -> None:
    state = play("pokerface", 3, 21, 25, {}, 2)
    replay = load_scenario_data(save_scenario(state, seed=21), "saved.json").replay()
    for step in (0, 5, 12, len(replay.steps)):
        going_on = playable_state(replay, step)
        assert going_on.auto_chance and going_on.current_player() != -1  # a player is to act, not a chance step
        played = state.history[: len(going_on.history)]
        assert list(going_on.history) == played
    # the moves of the original after step 12, played on the continued state, deal the same cards
    going_on = playable_state(replay, 12)
    for action in state.history[len(going_on.history):]:
        if not going_on.is_chance(action):
            going_on.apply(action)
    assert list(going_on.history) == list(state.history)


def test_a_pokerface_deal_shows_the_board_cards_it_gives_even_when_no_move_follows() -> None:
    base = {"players": ["Anna", "Ben", "Carla"], "dealer": "Anna", "deals": [{
        "hole": {"Anna": "9s 4h", "Ben": "Ac 8h", "Carla": "Kd Kc"}, "board": "Qc 8d 3s",
        "moves": ["Ben takes 3", "Carla takes 2", "Anna takes A", "Ben passes", "Carla passes", "Anna passes"]}]}
    final = load_scenario_data(base, "x.json").replay().final
    assert [c.ascii for c in final.board] == ["Qc", "8d", "3s"] and final.round_suit is not None and final.round_suit.letter == "d"
    no_board = json.loads(json.dumps(base))
    no_board["deals"][0]["board"] = ""
    final = load_scenario_data(no_board, "x.json").replay().final  # as before: without the cards, the replay stops before the flop
    assert final.board == [] and final.current_player() == -1


def test_a_replay_up_to_a_step_says_what_the_scenario_stopped_there_says() -> None:
    replay = load_any_scenario("token-round").replay()
    data = load_scenario_data(json.loads(scenario_json(save_scenario(replay.state_after(9), name="token-round",
                                                                      moves=[s.move for s in replay.steps[:9]]))), "x.json")
    for lang in LANGS:
        shown = replay_until(replay, 9).text(lang)
        assert shown.splitlines()[2:] == data.replay().text(lang).splitlines()[2:]  # the same steps and ending, not the title
        assert replay_until(replay, 9).as_json(lang)["steps"] == data.replay().as_json(lang)["steps"]
    assert replay_until(replay, len(replay.steps)).text("de") == replay.text("de")
    with pytest.raises(ValueError):
        replay_until(replay, len(replay.steps) + 1)


def test_play_goes_on_from_a_built_in_scenario_with_its_cards() -> None:
    replay = load_any_scenario("token-round").replay()
    going_on = playable_state(replay, 4)  # before the flop is dealt: the scenario's flop comes next
    assert [str(c) for c in going_on.board] == [] and going_on.current_player() >= 0
    going_on = playable_state(replay, 9)
    assert going_on.board[:3] == replay.final.board[:3]


# -- refusals --------------------------------------------------------------------------------------------

def refused(code: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        decode_code(code)
    error = caught.value
    texts = {error.text(lang) for lang in LANGS}
    assert len(texts) == 3 and not any("{" in text for text in texts)  # said in each language, every value filled in
    return error


CODE = scenario_code(load_any_scenario("token-round"))


@pytest.mark.parametrize("cut", [1, 2, 3, 5, 40, 100, len(CODE) - 3])
def test_a_code_cut_short_is_called_truncated(cut: int) -> None:
    assert refused(CODE[:-cut]).key == "dealcode.truncated"


@pytest.mark.parametrize("place", [2, 3, 8, 50, 150, -2, -1])
def test_a_changed_character_is_caught_by_the_check(place: int) -> None:
    index = place % len(CODE)
    for other in "AB_8":
        if other != CODE[index]:
            assert refused(CODE[:index] + other + CODE[index + 1:]).key == "dealcode.tampered"


def test_other_versions_and_texts_that_are_no_code() -> None:
    error = refused("2" + CODE[1:])
    assert error.key == "dealcode.version"
    assert error.text("en") == "this is a deal code of version 2; this kit reads deal codes of version 1"
    assert refused("").key == "dealcode.empty"
    assert refused("   ").key == "dealcode.empty"
    assert refused("hello").key == "dealcode.not_code"
    assert refused("v1.abc").key == "dealcode.not_code"
    error = refused("1.abc%def")
    assert error.key == "dealcode.bad_character" and error.text("de").endswith("'%' an Stelle 6")
    assert refused("1.").key == "dealcode.truncated"


def test_a_code_in_a_link_or_broken_over_lines_is_read() -> None:
    link = f"https://example.org/voila/render/table.ipynb?lang=de&deal={CODE}#top"
    assert code_from_link(link) == CODE
    assert decode_code(link) == decode_code(CODE[:30] + "\n  " + CODE[30:])


def test_a_tampered_move_with_a_correct_check_names_the_step_and_the_engines_reason() -> None:
    payload = dealcode._unpack(CODE)
    log = payload[3]
    index = log.index("Carla takes 2")
    log[index] = "Carla takes 4"  # token 4 is Ben's already
    with pytest.raises(ScenarioError) as caught:
        decode_code(dealcode._pack(payload))
    # the engine's own reason, found independently: replay up to that step and ask why_not
    state = load_any_scenario("token-round").replay().state_after(index)
    action = state.legal_actions()[0].__class__(seat=2, token=4)
    reason = state.why_not(action)
    assert isinstance(reason, IllegalAction)
    for lang in LANGS:
        text = caught.value.text(lang)
        assert f"{index + 1} " in text and "'Carla takes 4'" in text and text.endswith(reason.text(lang)), text
    assert caught.value.text("en").startswith(f"step {index + 1} ('Carla takes 4'): not allowed: ")


def test_a_move_that_cannot_be_read_or_a_wrong_player_is_named() -> None:
    payload = dealcode._unpack(CODE)
    payload[3][payload[3].index("Dan takes 3")] = "Dan juggles"
    error = refused(dealcode._pack(payload))
    assert error.key == "errors.scenario.move_refused" and "'Dan juggles'" in error.text("es")
    payload = dealcode._unpack(CODE)
    payload[1]["players"] = ["Anna"]
    assert refused(dealcode._pack(payload)).key == "dealcode.content"
    assert refused(dealcode._pack(["chess", {}, 0, []])).key == "dealcode.content"
    assert refused(dealcode._pack(["voces", {}, -1, []])).key == "dealcode.content"
    assert refused(dealcode._pack({"a": 1})).key == "dealcode.content"  # type: ignore[arg-type]


def test_cards_where_none_are_dealt_and_a_deal_where_a_move_is_due() -> None:
    payload = dealcode._unpack(CODE)
    first_move = next(i for i, entry in enumerate(payload[3]) if isinstance(entry, str))
    payload[3].insert(first_move, 0)
    error = refused(dealcode._pack(payload))
    assert error.key == "errors.scenario.deal_refused" and error.text("en").startswith(f"step {first_move + 1} (dealing): ")


def test_an_uploaded_file_that_is_not_a_scenario_names_the_problem() -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(b"\xff\xfe{", "lesson.json")
    assert caught.value.text("en") == "lesson.json: not a text file in UTF-8"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text('{"players": ["A", "B", "C"], ', "lesson.json")
    assert caught.value.text("de").startswith("lesson.json: kein gültiges JSON: Zeile 1")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(json.dumps({"game": "voces", "players": ["A", "B", "C"], "rounds": [{"moves": ["A: fly"]}]}), "lesson.json").replay()
    assert caught.value.text("en").startswith("step 2 (round 1, 'A: fly'): 'A: fly': unknown action 'fly'")
    bom = "\ufeff" + json.dumps({"players": ["A", "B", "C"], "deals": [{}]})
    assert load_scenario_text(bom.encode("utf-8"), "lesson.json").rules.players == ("A", "B", "C")


def test_a_file_of_a_later_format_version_is_refused_naming_the_versions() -> None:
    data = save_scenario(play("pokerguess", 3, 2, 6, {}, 0), seed=2)
    assert data["format"] == 1 and load_scenario_data(data, "saved.json").name == "saved-pokerguess"
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(json.dumps(data | {"format": 2}), "saved.json")
    assert caught.value.text("en") == "saved.json: this scenario file is of format version 2; this kit reads files of version 1"
    assert caught.value.text("es").startswith("saved.json: este archivo de escenario tiene la versión de formato 2")
    with pytest.raises(ScenarioError) as caught:
        load_scenario_data(data | {"format": "one"}, "saved.json")
    assert caught.value.text("en") == "saved.json: format: expected a whole number of 1 or more, got 'one'"


def test_a_saved_file_says_the_seed_and_options_and_every_card() -> None:
    state = play("voces", 3, 9, 12, {"specials": ["dove"], "tie_rule": "nobody"}, 0)
    data = save_scenario(state, seed=9, title="Doves", name="doves")
    assert (data["game"], data["name"], data["title"], data["seed"]) == ("voces", "doves", "Doves", 9)
    assert data["options"] == {"specials": ["dove"], "rounds": 3, "tie_rule": "nobody"}
    assert len(data["rounds"][0]["deck"].split()) == len(state.rules.deck(1))
    guess = save_scenario(play("pokerguess", 2, 1, 3, {"max_rounds": 50, "colour_order": "by_number_reversed"}, 0), seed=1)
    assert guess["options"] == {"max_rounds": 50, "colour_order": "by_number_reversed"} and guess["name"] == "saved-pokerguess"
    with pytest.raises(ScenarioError) as caught:
        save_scenario(state, seed=-1)
    assert caught.value.key == "dealcode.save_seed"
