"""Póker a Voces bots: they only make legal moves, give a reason in both languages, finish games, and the
hand builder plays better than chance; the simulation figures, from Python and the command line."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from pokerkit_teach.cli import main
from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.game import Bot
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.simulate import simulate
from pokerkit_teach.games.voces import GAME, Accept, Deal, Offer, PlaceFive, VocesPhase, VocesRules
from pokerkit_teach.games.voces.bots import VocesBuilderBot
from pokerkit_teach.games.voces.cards import Special, parse_voces_cards, voces_deck
from pokerkit_teach.games.voces.simulate import figures, report

PLAYERS = ("Gema", "Marina", "Leo", "Nacho")


def canon(action: Any) -> Any:
    """Offers and acceptances name a set of cards: the order they are listed in does not matter."""
    if isinstance(action, (Offer, Accept)):
        return (type(action), action.seat, getattr(action, "offerer", None), frozenset(action.cards))
    return action


@pytest.mark.parametrize("name", ["random", "builder"])
def test_bots_play_whole_games_with_reasons(name: str) -> None:
    rules = VocesRules(PLAYERS, specials=[[Special.RACCOON], [Special.BABOON], [Special.DOVE, Special.CAPYBARA]])
    state = rules.new_game(seed=4)
    match = Match(state, [GAME.make_bot(name, s) for s in range(4)], seed=4)
    reasons = 0
    while not state.is_terminal():
        legal = {canon(action) for action in state.legal_actions()}
        move = match.step()
        assert move is not None and move.decision is not None  # every move is a bot's own, with its reason
        assert canon(move.action) in legal
        assert move.decision.text("en") and move.decision.text("de") and move.decision.text("en") != move.decision.text("de")
        reasons += 1
    assert len(state.round_scores) == 3 and reasons > 50


def test_bots_are_made_by_name_and_describe_themselves() -> None:
    assert GAME.bot_names == ("random", "builder") and GAME.default_bot == "builder"
    bot = GAME.make_bot("builder", 1)
    assert isinstance(bot, Bot) and bot.game == "voces" and "pair" in bot.describe("en") and "Paar" in bot.describe("de")
    with pytest.raises(OptionError, match="bots: expected one of random, builder, got 'estimator'"):
        GAME.make_bot("estimator", 1)


def test_builder_keeps_what_combines_and_offers_the_rest() -> None:
    rules = VocesRules(("A", "B", "C"), specials=[])
    state = rules.new_game(seed=0, auto_chance=False)
    top = list(parse_voces_cards("Ks1 Ks2 7s3 4s4 2s1"))
    state.apply(Deal(tuple(top + [c for c in voces_deck(3) if c not in top])))
    decision = VocesBuilderBot(seed=1).decide(state.view_for(0))
    assert decision is not None and isinstance(decision.action, Offer)
    assert decision.action.cards == parse_voces_cards("2s1 4s4 7s3")
    assert (decision.reason.key, dict(decision.reason.params)) == ("voces.reason.offer", {"cards": parse_voces_cards("2s1 4s4 7s3")})


def test_builder_never_bets_out_of_turn() -> None:
    rules = VocesRules(("A", "B", "C"), specials=[], rounds=1)
    state = rules.new_game(seed=2)
    match = Match(state, [GAME.make_bot("builder", s) for s in range(3)], seed=2)
    while state.phase is not VocesPhase.BETTING:
        match.step()
    waiting = [seat for seat in range(3) if seat != state.current_player()]
    for seat in waiting:
        decision = VocesBuilderBot(seed=1).decide(state.view_for(seat))  # only its 5-coin is open: placed or kept
        assert decision is None or (isinstance(decision.action, PlaceFive) and decision.action.seat == seat)


def test_builder_outscores_random_players() -> None:
    totals = {"builder": 0, "random": 0}
    for game in range(12):
        names = ["builder", "random", "builder", "random"] if game % 2 else ["random", "builder", "random", "builder"]
        bots = [GAME.make_bot(n, 10 * game + i) for i, n in enumerate(names)]
        state = Match(VocesRules(PLAYERS).new_game(seed=game), bots, seed=game).play_to_end()
        for name, score in zip(names, state.totals):
            totals[name] += score
    assert totals["builder"] > totals["random"]


def test_simulation_sums_the_figures_of_each_game() -> None:
    result = simulate("voces", players=4, bots=["builder", "random", "builder", "random"], games=6, seed=3,
                      options={"specials": ["raccoon", "capybara"]})
    totals = result.totals
    assert totals["hands"] == 6 * 3 * 3 and totals["players"] == 6 * 4
    assert totals["special.raccoon"] == totals["special.capybara"] == 6 and "special.dove" not in totals
    assert sum(v for k, v in totals.items() if k.startswith("won.")) == 6  # one winner set per game
    assert 0 <= totals["nobody_won"] <= totals["hands"] and totals["eliminations"] > 0
    text = report(figures(totals, 6, result.bots), "en")
    assert text.startswith("6 games, 4 players, Capybara and Raccoon: hand builder: ") and "; random: " in text
    german = report(figures(totals, 6, result.bots), "de")
    assert german.startswith("6 Spiele, 4 Spieler, Wasserschwein und Waschbär: Handbauer: ") and "; Zufall: " in german


def test_a_shared_victory_is_one_game_shared_not_a_win_for_each() -> None:
    # the old report said "won 105.0%" when two builders shared a victory; now each game counts once
    totals = {"players": 8, "points.1": 50, "points.2": 50, "points.3": 30, "points.4": 20, "won.1+2": 1, "won.3": 1,
              "hands": 18, "nobody_won": 0, "folds": 20}
    text = report(figures(totals, 2, ["builder"]), "en")
    assert "hand builder: 18.8 points a game, won 50.0% of games alone and 50.0% shared" in text
    by_seat = report(figures(totals, 2), "en")
    assert "seat 1: 25.0 points a game, won 0.0% of games alone and 50.0% shared" in by_seat
    assert "seat 3: 15.0 points a game, won 50.0% of games alone and 0.0% shared" in by_seat
    assert "seat 4: 10.0 points a game, won 0.0% of games alone and 0.0% shared" in by_seat
    german = report(figures(totals, 2, ["builder"]), "de")
    assert "Handbauer: 18,8 Punkte pro Spiel, 50,0\xa0% der Spiele allein gewonnen und 50,0\xa0% geteilt" in german
    by_seat = report(figures(totals, 2), "de")
    assert "Sitz 1: 25,0 Punkte pro Spiel, 0,0\xa0% der Spiele allein gewonnen und 50,0\xa0% geteilt" in by_seat
    assert "Sitz 3: 15,0 Punkte pro Spiel, 50,0\xa0% der Spiele allein gewonnen und 0,0\xa0% geteilt" in by_seat
    assert "Sitz 4: 10,0 Punkte pro Spiel, 0,0\xa0% der Spiele allein gewonnen und 0,0\xa0% geteilt" in by_seat


def test_simulate_voces_from_the_command_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", "voces", "--players", "4", "--bots", "builder", "random", "builder", "random", "--games", "6",
                 "--specials", "raccoon", "capybara", "--json"], out=out, err=err) == 0, err.getvalue()
    result = json.loads(out.getvalue())
    totals = result["totals"]
    assert result["game"] == "voces" and result["options"] == {"specials": ["raccoon", "capybara"]}
    assert totals["special.raccoon"] == totals["special.capybara"] == 6 and totals["hands"] == 6 * 3 * 3
    assert sum(v for k, v in totals.items() if k.startswith("won.")) == 6  # a shared victory counts once
    assert 0 <= totals["nobody_won"] <= totals["hands"] and totals["eliminations"] > 0
    for lang, words in (("en", "games, 4 players, Capybara and Raccoon: "), ("de", "Spiele, 4 Spieler, Wasserschwein und Waschbär: ")):
        out = io.StringIO()
        assert main(["simulate", "voces", "--games", "2", "--specials", "raccoon", "capybara", "--lang", lang], out=out) == 0
        assert words in out.getvalue() and "%" in out.getvalue()
    err = io.StringIO()
    assert main(["simulate", "voces", "--games", "2", "--specials", "unicorn"], out=io.StringIO(), err=err) == 2
    assert "specials: expected special cards named" in err.getvalue() and "'unicorn'" in err.getvalue()
