"""Hints, bots, the quick hand judgement and the simulation, against answers known independently."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.match import Match
from pokerkit_teach.core.simulate import simulate, wilson_interval
from pokerkit_teach.holdem.cards import Suit, french_deck, parse_cards
from pokerkit_teach.holdem.ranking import hand_strength
from pokerkit_teach.games.pokerface import GAME, DealBoard, DealHoleCards, Pass, PokerfacePhase, PokerfaceRules, TakeFromMiddle, Variant
from pokerkit_teach.games.pokerface.events import Token
from pokerkit_teach.games.pokerface.hints import rank_probabilities
from pokerkit_teach.games.pokerface.simulate import figures, report
from pokerkit_teach.games.pokerface.strength import place_probabilities, prefetch, share_beaten
from pokerkit_teach.games.pokerface.view import PokerfaceView

PROGRAM = Path(sys.executable).parent / "pokerkit-teach"


def river_view(hole: str, board: str, players: int = 4) -> PokerfaceView:
    """A view at the ♠ round with the given cards (built through the engine)."""
    rules = PokerfaceRules(tuple(f"P{i}" for i in range(players)), players - 1)  # seat 0 acts first
    state = rules.new_game(seed=0, auto_chance=False)
    mine = parse_cards(hole)
    table = parse_cards(board)
    rest = [c for c in french_deck() if c not in mine and c not in table]
    holes = (tuple(mine),) + tuple((rest[2 * i], rest[2 * i + 1]) for i in range(players - 1))
    state.apply(DealHoleCards(holes))
    for stage, cards in ((PokerfacePhase.FLOP, table[:3]), (PokerfacePhase.TURN, table[3:4]), (PokerfacePhase.RIVER, table[4:5])):
        while state.phase is PokerfacePhase.ROUND:
            first = state.current_player()
            for i in range(players):
                state.apply(TakeFromMiddle((first + i) % players, i + 1))
            for i in range(players):
                state.apply(Pass((first + i) % players))
        state.apply(DealBoard(stage, cards))
    return state.view_for(0)


def test_hint_for_the_nuts_is_the_top_place() -> None:
    hint = rank_probabilities(river_view("Ah Kh", "Qh Jh Th 2c 3d"), samples=2000, seed=1)
    assert hint.probabilities[-1] == pytest.approx(1.0)  # a royal flush cannot be beaten or tied
    assert hint.likeliest_place == 4


def test_hint_when_the_board_plays_for_everyone_spreads_evenly() -> None:
    hint = rank_probabilities(river_view("2c 3d", "Ah Kh Qh Jh Th"), samples=2000, seed=1)
    assert hint.probabilities == pytest.approx((0.25, 0.25, 0.25, 0.25))  # every hand ties


def test_hint_matches_exact_enumeration_heads_up_on_the_river() -> None:
    """Three players on the river: compare with exact counting over every pair of opposing hands."""
    view = river_view("9s 9d", "9h 5c 2d Kc Ts", players=3)
    hint = rank_probabilities(view, samples=40_000, seed=7)
    mine = hand_strength(parse_cards("9s 9d 9h 5c 2d Kc Ts"))
    known = set(parse_cards("9s 9d 9h 5c 2d Kc Ts"))
    rest = [c for c in french_deck() if c not in known]
    board = parse_cards("9h 5c 2d Kc Ts")
    strength = {pair: hand_strength(pair + board) for pair in itertools.combinations(rest, 2)}
    place_counts = np.zeros(3)
    total = 0
    pairs = list(strength)
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if set(a) & set(b):
                continue
            sa, sb = strength[a], strength[b]
            weaker = (sa < mine) + (sb < mine)
            tied = 1 + (sa == mine) + (sb == mine)
            for extra in range(tied):
                place_counts[weaker + extra] += 1 / tied
            total += 1
    exact = place_counts / total
    assert np.allclose(hint.probabilities, exact, atol=0.01)


def test_hint_is_repeatable_with_a_seed_and_needs_hole_cards() -> None:
    view = PokerfaceRules(("A", "B", "C")).new_game(seed=4).view_for(1)
    assert rank_probabilities(view, 500, seed=3) == rank_probabilities(view, 500, seed=3)
    with pytest.raises(ValueError, match="at least one sample"):
        rank_probabilities(view, 0)


def test_reading_tokens_shifts_the_estimate_towards_the_claims() -> None:
    view = river_view("Jc 7d", "Ah 9c 5s 4d 2h")  # jack high: usually near the bottom
    plain = rank_probabilities(view, 4000, seed=2)
    # In the view, every other player holds a ♠ token from the filling moves; reading them must change the estimate.
    read = rank_probabilities(view, 4000, seed=2, read_tokens=True)
    assert plain.probabilities != read.probabilities
    assert sum(read.probabilities) == pytest.approx(1.0)


def exact_share(hole: str, board: str) -> float:
    mine_cards, table = parse_cards(hole), parse_cards(board)
    mine = hand_strength(mine_cards + table)
    rest = [c for c in french_deck() if c not in mine_cards and c not in table]
    others = [hand_strength(pair + table) for pair in itertools.combinations(rest, 2)]
    return (sum(o < mine for o in others) + 0.5 * sum(o == mine for o in others)) / len(others)


def test_share_beaten_agrees_with_counting_every_opposing_hand() -> None:
    board = "Kh 7c 2s"
    # several hands on one board, judged in one batch, as the simulation does
    prefetch([(parse_cards(h), parse_cards(board)) for h in ("Kd Qd", "2c 3c", "7h 7d")])
    for hole in ("Kd Qd", "2c 3c", "7h 7d"):
        assert share_beaten(parse_cards(hole), parse_cards(board)) == pytest.approx(exact_share(hole, board))
    assert share_beaten(parse_cards("Ac 5d"), parse_cards("Kh 7c 2s 9d 9h")) == pytest.approx(exact_share("Ac 5d", "Kh 7c 2s 9d 9h"))
    assert sum(place_probabilities(parse_cards("Kd Qd"), parse_cards(board), 4)) == pytest.approx(1.0)


def test_preflop_judgement_orders_classic_hands() -> None:
    aces = share_beaten(parse_cards("Ah As"), ())
    seven_two = share_beaten(parse_cards("7h 2c"), ())
    suited = share_beaten(parse_cards("Ah Kh"), ())
    assert aces > suited > seven_two
    assert 0.84 < aces < 0.87  # aces win about 85% against one random hand


@pytest.mark.parametrize("name", GAME.bot_names)
def test_every_bot_makes_legal_moves_with_a_reason_in_both_languages(name: str) -> None:
    state = PokerfaceRules(("A", "B", "C", "D"), 0, frozenset({Variant.FREE_FOR_ALL}) if name == "random" else frozenset()).new_game(seed=5)
    bots = [GAME.make_bot(name, i) for i in range(4)]
    match = Match(state, bots, seed=1)
    decided = 0
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        move = match.step()
        assert move is not None and move.action in legal
        if move.decision is not None:
            decision = move.decision
            assert decision.text("en") and decision.text("de") and decision.text("en") != decision.text("de")
            decided += 1
    assert decided > 0
    assert bots[0].describe("de") != bots[0].describe("en")


def test_an_unknown_bot_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="bots: expected one of random, estimator, reader, got 'clever'"):
        GAME.make_bot("clever", None)


def test_estimator_takes_the_token_of_its_place() -> None:
    bot = GAME.make_bot("estimator", 1)
    nuts = bot.decide(river_view("Ah Kh", "Qh Jh Th 2c 3d"))  # a royal flush: surely the top place
    assert nuts is not None and nuts.action == TakeFromMiddle(0, 4)
    assert (nuts.reason.key, dict(nuts.reason.params)) == (
        "pokerface.reason.take_middle", {"token": Token(Suit.SPADES, 4), "place": 4, "count": 4, "percent": 1.0})
    assert nuts.text("en") == "My hand looks like place 4 of 4 (100% likely), so I take the 4♠ from the middle."
    assert nuts.text("de") == "Meine Hand sieht nach Platz 4 von 4 aus (100\xa0% wahrscheinlich), also nehme ich die 4♠ aus der Mitte."
    worst = bot.decide(river_view("3c 2d", "Ah Kd 9s 8c 6h"))  # 3-high against any pair: surely the bottom
    assert worst is not None and worst.action == TakeFromMiddle(0, 1)


def test_wilson_interval_bounds_solve_the_score_equation() -> None:
    """Each Wilson bound p solves (k/n - p)^2 = z^2 p (1 - p) / n."""
    z = 1.959964
    for k, n in ((81, 263), (1, 10), (50, 100), (999, 1000)):
        for p in wilson_interval(k, n):
            assert (k / n - p) ** 2 == pytest.approx(z * z * p * (1 - p) / n, rel=1e-6, abs=1e-12)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_simulation_is_reproducible_and_independent_of_workers() -> None:
    options = {"variants": ["soft-landing"]}
    one = simulate("pokerface", 4, ["estimator"], 40, seed=9, workers=1, options=options)
    two = simulate("pokerface", 4, ["estimator"], 40, seed=9, workers=2, options=options)
    assert one.totals == two.totals
    assert one.totals["won"] + one.totals["lost"] == 40 and one.totals["variant_soft_landing"] == 40


def test_seeded_simulations_give_the_figures_they_gave_before_the_common_runner() -> None:
    """The runner deals as the Pokerface simulation did (the same shuffles, the estimator's batch), so
    seeded results are unchanged; these are the figures of the old ``simulate(4, [], "estimator", 40, 9)``
    and ``simulate(3, ["soft-landing"], "random", 40, 9)``. (Free-for-all results changed: the order in
    which the bots are asked now comes from the match.)"""
    figures = ("won", "lost", "deal_successes", "deal_failures")
    estimator = simulate("pokerface", 4, ["estimator"], 40, seed=9)
    assert [estimator.totals[k] for k in figures] == [10, 30, 57, 106]
    assert estimator.path == "batch"  # the batch path plays the estimators' games exactly
    soft = simulate("pokerface", 3, ["random"], 40, seed=9, options={"variants": ["soft-landing"]}, engine=True)
    assert [soft.totals[k] for k in figures] == [2, 38, 32, 156]  # random bots draw other numbers on the batch path


def test_the_report_says_what_the_command_line_printed_in_every_language() -> None:
    result = simulate("pokerface", 4, ["estimator"], 40, seed=9)
    assert result.text("en").startswith(
        "40 games, 4 players, base game, bots: estimator; won 10 (25.0%, 95% CI 14.2-40.2%), lost 30; "
        "deals: 57 successes, 106 failures; played in batches, many games side by side (")
    assert result.text("de").startswith(
        "40 Spiele, 4 Spieler, Grundspiel, Bots: Schätzer – 10 gewonnen (25,0\xa0%, 95-%-KI 14,2-40,2\xa0%), 30 verloren; "
        "Durchgänge: 57 Erfolge, 106 Fehlschläge; stapelweise gespielt, viele Spiele gleichzeitig (")
    assert result.text("es").startswith(
        "40 partidas, 4 jugadores, juego básico, bots: estimador; ganadas 10 (25,0\xa0%, IC del 95 % 14,2-40,2\xa0%), "
        "perdidas 30; repartos: 57 éxitos, 106 fracasos; jugadas por lotes, muchas a la vez (")
    totals = dict(result.totals) | {"variant_free_for_all": 40, "variant_soft_landing": 40}
    assert report(figures(totals, 40, ["estimator", "random", "estimator"]), "en").startswith(
        "40 games, 4 players, free-for-all and soft landing, bots: estimator and random; won 10 (25.0%")
    assert report(figures(totals, 40), "en").startswith("40 games, 4 players, free-for-all and soft landing: won 10")
    assert report(figures(totals, 40, ["estimator", "random", "estimator"]), "de").startswith(
        "40 Spiele, 4 Spieler, Alle auf einmal und Weiche Landung, Bots: Schätzer und Zufall – 10 gewonnen (25,0\xa0%")
    assert report(figures(totals, 40), "de").startswith("40 Spiele, 4 Spieler, Alle auf einmal und Weiche Landung: 10 gewonnen")


def test_simulate_command_prints_json() -> None:
    result = subprocess.run(
        [str(PROGRAM), "simulate", "pokerface", "--players", "3", "--variant", "rising-stakes", "free-for-all",
         "--bots", "random", "--games", "30", "--seed", "1", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    totals = data["totals"]
    assert data["games"] == 30 and totals["won"] + totals["lost"] == 30
    assert totals["variant_free_for_all"] == totals["variant_rising_stakes"] == 30
    assert sorted(data["options"]["variants"]) == ["free-for-all", "rising-stakes"]
    bad = subprocess.run([str(PROGRAM), "simulate", "pokerface", "--bots", "clever"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "bots: expected one of random, estimator, reader, got 'clever'" in bad.stderr


def test_stored_preflop_table_is_the_seeded_estimate() -> None:
    from pokerkit_teach.games.pokerface.strength import _preflop_table, estimate_preflop_table

    assert (estimate_preflop_table() == _preflop_table()).all()
    assert _preflop_table().shape == (169,)
