"""Every registered game's scenarios: a game saved as a scenario file (the published format, checked against
the schema composed of every game's part) replays step by step to the same game, as does its deal code; a
game played on from a replay deals the cards the original game would have; the built-in scenarios replay
and say themselves in every language.
"""

from __future__ import annotations

import json

import numpy as np

from pokerkit_teach.core.contract import GameModule
from pokerkit_teach.core.dealcode import load_code, scenario_code, state_code
from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.scenarios import check_scenario_data, load_scenario_data, playable_state, save_scenario, scenario_schema
from tests.conformance.play import new_state, next_action, play


def test_the_scenario_schema_has_the_games_part(game: GameModule) -> None:
    schema = scenario_schema()
    assert game.name in schema["properties"]["game"]["enum"] and schema["$defs"][game.name] == dict(game.scenario_schema)


def test_a_saved_game_replays_step_by_step_to_the_same_game(game: GameModule) -> None:
    for seed in range(3):
        state = new_state(game, game.max_players, seed)
        play(state, np.random.default_rng(seed), 25 + 40 * seed)
        data = json.loads(json.dumps(save_scenario(state, seed=seed, title={"en": "A game", "de": "Ein Spiel"})))
        assert check_scenario_data(data, "saved.json") == data and data["game"] == game.name
        replay = load_scenario_data(data, "saved.json").replay()
        assert replay.final.history == state.history and replay.final.events == state.events
        for seat in range(state.player_count):
            assert replay.final.view_for(seat) == state.view_for(seat)
        assert replay.state_after(0).history == [] and replay.state_after(len(replay.steps)).history == state.history


def test_a_deal_code_replays_to_the_same_game(game: GameModule) -> None:
    for seed in range(3):
        state = new_state(game, game.min_players, seed)
        play(state, np.random.default_rng(seed), 30)
        code = state_code(state, seed=seed, title="Seen in class")
        again = load_code(code).replay().final
        assert again.history == state.history
        assert all(again.view_for(seat) == state.view_for(seat) for seat in range(state.player_count))


def test_play_goes_on_from_a_replay_with_the_cards_the_game_would_have_dealt(game: GameModule) -> None:
    state = new_state(game, game.min_players, 4)
    rng = np.random.default_rng(4)
    play(state, rng, 12)
    original = state.clone()
    replay = load_scenario_data(save_scenario(state, seed=4)).replay()
    resumed = playable_state(replay, len(replay.steps))
    for _ in range(40):
        if original.is_terminal():
            break
        action = next_action(original, rng)
        original.apply(action)
        resumed.apply(action)
    assert resumed.history == original.history and resumed.events == original.events


def test_the_built_in_scenarios_replay_and_say_themselves_in_every_language(game: GameModule) -> None:
    scenarios = game.builtin_scenarios()
    assert scenarios, f"{game.name} has no built-in scenario"
    for scenario in scenarios:
        replay = scenario.replay()
        assert replay.steps and game.find_scenario(scenario.name) is not None
        texts = {lang: replay.text(lang) for lang in LANGUAGES}
        assert len(set(texts.values())) == len(LANGUAGES)
        assert json.loads(json.dumps(replay.as_json("de")))["steps"]
        assert load_code(scenario_code(scenario)).replay().final.history == replay.final.history


def test_bots_can_play_on_from_any_built_in_scenario(game: GameModule) -> None:
    for scenario in game.builtin_scenarios():
        replay = scenario.replay()
        state = playable_state(replay, len(replay.steps) // 2)
        bots = game.bots_for([game.default_bot], state.player_count, list(range(state.player_count)))
        before = len(state.history)
        Match(state, bots, seed=1).run(max_moves=2000)  # a long game (PokerGuess's 3000 rounds) need not end here
        assert len(state.history) > before and (state.outcome is not None) == state.is_terminal()
