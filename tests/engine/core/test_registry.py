"""One shape for every game: the registry serves all three, and the CLI, the simulator and Match treat
them alike."""

from __future__ import annotations

import io
import json

import pytest

from pokerkit_teach import cli
from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import CHANCE, SIMULTANEOUS, TERMINAL, GameState, Outcome
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.registry import all_games, get_game
from pokerkit_teach.core.scenarios import builtin_scenarios, load_any_scenario
from pokerkit_teach.core.simulate import simulate

GAMES = ("pokerface", "pokerguess", "voces")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), io.StringIO(""), out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_registry_serves_every_game_by_name_and_alias() -> None:
    assert tuple(game.name for game in all_games()) == GAMES
    assert get_game("Poker-a-Voces").name == "voces"
    with pytest.raises(OptionError, match="game: expected one of pokerface, pokerguess, voces, got 'chess'"):
        get_game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_the_same_shape(name: str) -> None:
    game = get_game(name)
    state = game.new_rules(4).new_game(seed=5)
    assert isinstance(state, GameState)
    assert state.player_count == 4 and not state.is_terminal() and state.outcome is None
    player = state.current_player()
    seats = state.seats_to_act()
    assert player >= 0 or player in (CHANCE, SIMULTANEOUS)
    for seat in seats:
        for action in state.legal_actions(seat):
            assert state.why_not(action) is None
        assert list(state.view_for(seat).legal_actions) == state.legal_actions(seat)
    assert game.title("de") and game.default_bot in game.bot_names


@pytest.mark.parametrize("name", GAMES)
def test_a_match_of_bots_plays_every_game_to_its_end(name: str) -> None:
    game = get_game(name)
    rules = game.new_rules(3)
    state = rules.new_game(seed=11)
    finished = Match(state, game.bots_for([game.default_bot], 3, seeds=[1, 2, 3]), seed=4).play_to_end()
    assert finished.current_player() == TERMINAL
    outcome = finished.outcome
    assert isinstance(outcome, Outcome) and len(outcome.scores) == 3
    assert all(0 <= seat < 3 for seat in outcome.winners)


@pytest.mark.parametrize("name", GAMES)
def test_a_match_stops_where_a_person_must_act(name: str) -> None:
    game = get_game(name)
    state = game.new_rules(3).new_game(seed=3)
    match = Match(state, {1: game.make_bot(game.default_bot, 1), 2: game.make_bot(game.default_bot, 2)}, seed=1)
    match.run()
    assert state.is_terminal() or match.waiting_for() == [0]


def test_an_option_a_game_does_not_have_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="variants"):
        get_game("pokerguess").new_rules(3, {"variants": ["soft-landing"]})
    with pytest.raises(OptionError, match="players: expected 3 to 6, got 9"):
        get_game("pokerface").new_rules(9)
    with pytest.raises(OptionError, match="bots"):
        get_game("voces").bots_for(["estimator"], 3)


def short_games(name: str) -> dict[str, int]:
    """A round limit for the games that have one (PokerGuess), so that a test plays short games."""
    return {"max_rounds": 60} if "max_rounds" in get_game(name).options else {}


@pytest.mark.parametrize("name", GAMES)
def test_one_runner_simulates_every_game_the_same_regardless_of_workers(name: str) -> None:
    one = simulate(name, players=3, games=6, seed=2, workers=1, options=short_games(name))
    two = simulate(name, players=3, games=6, seed=2, workers=2, options=short_games(name))
    assert one.totals == two.totals and one.games == 6
    assert one.text("en") and one.text("de") != one.text("en")


def test_examples_list_the_scenarios_of_every_game() -> None:
    status, out, _ = run("examples", "--json")
    assert status == 0
    listed = json.loads(out)
    assert {entry["game"] for entry in listed} == set(GAMES)
    assert [(e["game"], e["name"]) for e in listed] == [(g, s.name) for g, s in builtin_scenarios()]


@pytest.mark.parametrize(("game", "scenario"), [(g, s.name) for g, s in builtin_scenarios()])
def test_every_built_in_scenario_replays_through_one_loader(game: str, scenario: str) -> None:
    loaded = load_any_scenario(scenario)
    assert get_game(game).find_scenario(scenario) == loaded
    status, out, err = run("replay", scenario, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["steps"]


def test_a_scenario_file_names_its_game(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "x.json"
    path.write_text(json.dumps({"game": "chess", "players": ["A", "B", "C"]}), encoding="utf-8")
    status, _, err = run("replay", str(path))
    assert status == 2
    assert "'game' is one of pokerface, pokerguess, voces, got 'chess'" in err


@pytest.mark.parametrize("name", GAMES)
def test_simulate_runs_every_game_from_the_command_line(name: str) -> None:
    limit = [f"--max-rounds={rounds}" for rounds in short_games(name).values()]
    status, out, err = run("simulate", name, "--players", "3", "--games", "4", *limit, "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["game"] == name and data["games"] == 4 and data["totals"]


def test_the_command_line_has_a_version() -> None:
    with pytest.raises(SystemExit) as stop:
        cli.build_parser().parse_args(["--version"])
    assert stop.value.code == 0


def test_the_registrys_option_errors_speak_every_language_and_show_a_list_as_words() -> None:
    with pytest.raises(OptionError) as refused:
        get_game("pokerguess").new_rules(3, {"variants": ("soft-landing", "free-for-all")})
    assert str(refused.value).endswith("got 'soft-landing free-for-all'")
    assert refused.value.text("de").startswith("variants: erwartet eine der Optionen dieses Spiels (")
    with pytest.raises(OptionError) as refused:
        get_game("pokerface").new_rules(9)
    assert refused.value.text("de") == "players: erwartet 3 bis 6, erhalten 9"
    assert refused.value.text("es") == "players: se esperaba de 3 a 6, pero es 9"
    with pytest.raises(OptionError) as refused:
        get_game("chess")
    assert refused.value.text("es") == "game: se esperaba uno de estos: pokerface, pokerguess, voces, pero es 'chess'"


@pytest.mark.parametrize("name", ["pokerface", "pokerguess", "voces"])
def test_every_game_gives_each_seat_its_log_in_words(name: str) -> None:
    """``log_for(seat, lang)`` is part of every game's state: one line per event, in the language asked
    for, the last ones only when asked; ``None`` reads everything."""
    game = get_game(name)
    state = game.new_rules(3).new_game(seed=5)
    Match(state, game.bots_for([game.default_bot], 3, [1, 2, 3]), seed=4).run(40)
    for seat in (0, 1, 2, None):
        english, german = state.log_for(seat, "en"), state.log_for(seat, "de")
        assert len(english) == len(german) == len(state.events) > 0
        assert english != german
        assert state.log_for(seat, "en", last=2) == english[-2:]
        assert state.log_for(seat, "en", last=0) == []
