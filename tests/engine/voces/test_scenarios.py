"""The Póker a Voces rulebook's examples as built-in scenarios: each replays to the rulebook's outcome,
from Python and from the command line, in both languages; bad scenario files are refused by name."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.scenarios import ScenarioError
from pokerkit_teach.games.voces.scenarios import VocesScenario, load_scenario, builtin_scenarios
from pokerkit_teach.games.voces.cards import parse_voces_cards
from pokerkit_teach.games.voces.actions import VocesPhase


def events(name: str) -> list[tuple[str, dict[str, object]]]:
    state = load_scenario(name).replay().final
    return [(e.kind, dict(e.params)) for e in state.events]


def test_two_card_offer_is_taken_by_gema() -> None:
    replay = load_scenario("voces-trade-offer").replay()
    state = replay.final
    assert [kind for kind, _ in events("voces-trade-offer")] == ["round_started", "offered", "traded"]
    assert state.hand_of(1)[-2:] == parse_voces_cards("4s2 7s4")  # Marina got Gema's two cards
    assert all(len(state.hand_of(s)) == 5 for s in range(3))


def test_leo_current_hand_goes_under_token_two_at_stop() -> None:
    log = events("voces-round-example")
    stop = [kind for kind, _ in log].index("stop")
    assert log[stop][1]["player"] == "Marina"
    assert log[stop + 1] == ("placed_at_stop", {"player": "Leo", "token": 2})
    assert log[stop + 2] == ("filled_blind", {"player": "Leo", "token": 3})


def test_gema_takes_pile_zero_zero_one_and_puts_one_coin_on_each_hand() -> None:
    bets = [p for kind, p in events("voces-round-example") if kind == "bet" and p["player"] == "Gema"]
    assert bets[0]["pile"] == 1 and bets[0]["coins"] == "0 0 1"
    assert sorted([bets[0]["one"], bets[0]["two"], bets[0]["three"]]) == [0, 0, 1]


def test_marina_folds_her_first_hand_and_its_coins_go_to_the_centre() -> None:
    log = events("voces-round-example")
    fold = next(p for kind, p in log if kind == "folded" and p["player"] == "Marina")
    assert fold["hand"] == 1 and fold["coins"] == 1


def test_gema_eight_coins_and_one_fold_make_ten_points() -> None:
    scored = {p["player"]: p for kind, p in events("voces-round-example") if kind == "scored"}
    assert (scored["Gema"]["coins"], scored["Gema"]["fold_points"], scored["Gema"]["total"]) == (8, 2, 10)


def test_capybara_lets_marinas_jack_high_beat_gemas_ace_high() -> None:
    log = events("voces-capybara")
    shown = {p["player"]: p["cards"] for kind, p in log if kind == "revealed"}
    assert shown["Gema"] == parse_voces_cards("As1 Ks2 5s3 3s4 2s1")
    assert [k for k, _ in log if k == "reversed"] == ["reversed"]
    assert next(p for k, p in log if k == "hand_won")["player"] == "Marina"


@pytest.mark.parametrize("name", [s.name for s in builtin_scenarios()])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_replay_from_the_command_line(name: str, lang: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", name, "--lang", lang], out=out, err=err) == 0, err.getvalue()
    text = out.getvalue()
    expected = {"voces-trade-offer": {"en": "takes Marina's offer", "de": "nimmt das Angebot von Marina an"},
                "voces-round-example": {"en": "Gema scores 10 points for the round", "de": "Gema erzielt 10 Punkte"},
                "voces-capybara": {"en": "Marina wins hand 3", "de": "Marina gewinnt Hand 3"}}[name][lang]
    assert expected in text
    out = io.StringIO()
    assert main(["replay", name, "--json"], out=out) == 0
    assert json.loads(out.getvalue())["game"] == "voces"


def test_step_back_and_forth_in_a_replay() -> None:
    replay = load_scenario("voces-round-example").replay()
    middle = replay.state_after(8)
    assert middle.phase is VocesPhase.BETTING and middle.placed_of(2)[1] == parse_voces_cards("5s1 5s2 9s2 Js2 Qs3")
    assert replay.state_after(len(replay.steps)).round_scores == replay.final.round_scores


@pytest.mark.parametrize("change, words", [
    ({"game": "pokerface"}, "Póker a Voces scenario"),
    ({"players": ["Gema", "Marina"]}, "3 to 6 players"),
    ({"options": {"specials": ["unicorn"]}}, "specials: expected special cards named emperor_penguin, capybara"),
    ({"rounds": [{"deck": "As9", "moves": []}]}, "unknown suit 9"),
    ({"rounds": [{"deck": "As5", "moves": []}]}, "not in this round's deck"),
    ({"rounds": [{"deck": "", "moves": ["Gema: bet 1 0 0 1"]}]}, "Trading is still going on"),
    ({"rounds": [{"deck": "", "moves": ["Gema: dance"]}]}, "unknown action 'dance'"),
    ({"rounds": [{"deck": "", "moves": ["Zoe: place"]}]}, "no player called 'Zoe'"),
])
def test_bad_scenarios_are_refused_by_name(change: dict[str, object], words: str, tmp_path: Path) -> None:
    data = {"game": "voces", "players": ["Gema", "Marina", "Leo"], "rounds": [{"deck": "", "moves": []}]} | change
    with pytest.raises(ScenarioError, match=words):
        VocesScenario.from_dict(data, "lesson.json").replay()
    if data["game"] != "voces":
        return  # the command line reads such a file as a scenario of that game
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    err = io.StringIO()
    assert main(["replay", str(path)], out=io.StringIO(), err=err) == 2
    assert words.split("'")[0] in err.getvalue() and path.read_bytes() == before
