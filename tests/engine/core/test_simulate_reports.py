"""The simulation reports in words: numbers by the language's rules, counts that agree with
their nouns, bots and variants by their names in the catalogue, seats called seats, in every language."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.simulate import SimulationResult
from pokerkit_teach.games.pokerface import simulate as pokerface_simulate
from pokerkit_teach.games.pokerguess import simulate as guess_simulate
from pokerkit_teach.games.voces import simulate as voces_simulate


def pokerface_report(totals: dict[str, float], games: int, lang: str, bots: list[str] | tuple[str, ...] = ()) -> str:
    return pokerface_simulate.report(pokerface_simulate.figures(totals, games, bots), lang)


def guess_report(totals: dict[str, float], games: int, lang: str, bots: list[str] | tuple[str, ...] = ()) -> str:
    return guess_simulate.report(guess_simulate.figures(totals, games, bots), lang)


def voces_report(totals: dict[str, float], games: int, lang: str, bots: list[str] | tuple[str, ...] = ()) -> str:
    return voces_simulate.report(voces_simulate.figures(totals, games, bots), lang)

POKERFACE = {"won": 1, "lost": 0, "deal_successes": 1, "deal_failures": 1, "players": 3, "variant_free_for_all": 1,
             "variant_soft_landing": 1}
GUESS = {"pots": 1, "pots_shared": 0, "pots_won.1": 1, "pots_won.2": 0, "games_won.1": 1, "games_won.2": 0,
         "games_stopped": 1, "round_limit.3000": 1}
VOCES = {"players": 3, "points.1": 12, "points.2": 3, "points.3": 0, "won.1": 1, "hands": 3, "nobody_won": 0, "folds": 1}


def test_pokerface_report_counts_one_of_each_and_names_variants_and_bots() -> None:
    assert pokerface_report(POKERFACE, 1, "en", bots=["estimator", "reader"]) == (
        "1 game, 3 players, free-for-all and soft landing, bots: estimator and reader; won 1 (100.0%, 95% CI 20.7-100.0%), "
        "lost 0; deals: 1 success, 1 failure")
    german = pokerface_report(POKERFACE, 1, "de", bots=["estimator"])
    assert german.startswith("1 Spiel, 3 Spieler, Alle auf einmal und Weiche Landung, Bots: Schätzer – 1 gewonnen (100,0\xa0%")
    assert german.endswith("Durchgänge: 1 Erfolg, 1 Fehlschlag")
    assert "free_for_all" not in german and "estimator" not in german


def test_pokerguess_report_says_seat_and_bot_names_in_the_language() -> None:
    german = guess_report(GUESS, 1, "de")
    assert german.startswith("1 Spiel, 2 Spieler, 1 Pot (0 geteilt); Sitz 1: 100,0\xa0% der Pots") and "Platz" not in german
    assert "counter" not in guess_report(GUESS, 1, "de", ["counter", "random"])
    assert "Zähler: 100,0\xa0% der Pots" in guess_report(GUESS, 1, "de", ["counter", "random"])
    assert guess_report(GUESS, 1, "en").startswith("1 game, 2 players, 1 pot (0 shared); seat 1: 100.0% of pots")


def test_voces_report_names_the_bots_in_the_language() -> None:
    assert voces_report(VOCES, 1, "de", bots=["builder"]).startswith("1 Spiel, 3 Spieler, keine Sonderkarten: Handbauer: 5,0 Punkte")
    assert "Sitz 1: 12,0 Punkte pro Spiel" in voces_report(VOCES, 1, "de")


@pytest.mark.parametrize(("lang", "seconds", "engine", "batch"), [
    ("en", "(0.2 s)", "played move by move by the game engine", "played in batches, many games side by side"),
    ("de", "(0,2 s)", "Zug um Zug von der Spiel-Engine gespielt", "stapelweise gespielt, viele Spiele gleichzeitig"),
    ("es", "(0,2 s)", "jugadas movimiento a movimiento en el motor del juego", "jugadas por lotes, muchas a la vez"),
])
def test_the_seconds_of_a_simulation_are_written_by_the_languages_rules(lang: str, seconds: str, engine: str, batch: str) -> None:
    """Pokerface has two paths: its reports say which one played the games."""
    result = SimulationResult("pokerface", 3, ("random",), (), 1, 1, 0.21, POKERFACE)
    assert result.text(lang).endswith(f"; {engine} {seconds}")
    batched = SimulationResult("pokerface", 3, ("random",), (), 1, 1, 0.21, POKERFACE, "batch")
    assert batched.text(lang).endswith(f"; {batch} {seconds}")
    voces = SimulationResult("voces", 3, ("random",), (), 1, 1, 0.21, VOCES)
    assert voces.text(lang).endswith(seconds)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_report_speaks_every_language_without_english_leftovers(lang: str) -> None:
    for text in (pokerface_report(POKERFACE, 1, lang, ["random"]), guess_report(GUESS, 1, lang, ["counter", "random"]),
                 voces_report(VOCES, 1, lang, ["random"])):
        assert "(s)" not in text and "free_for_all" not in text
        assert lang == "en" or "random" not in text
