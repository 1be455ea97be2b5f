"""The variant lab compares: every variant is ticked at the start, so Run compares the base
game with each variant; a plain-words sentence under the run says how many games in 100 each variant
wins more or fewer where the difference is larger than chance (a two-proportion test,
:func:`pokerkit_teach.core.simulate.two_proportion_p_value`), and which differences are too small to tell
apart from luck; the 95% interval is said in plain words; while a run plays the page says so; the numbers
on the page agree with the Games field. EN, DE and ES."""

from __future__ import annotations

import html
import math
import re

import pytest

from pokerkit_teach.core.simulate import SimulationResult, compare_rates, two_proportion_p_value, wilson_interval
from pokerkit_teach.widgets.lab import VARIANTS, VariantLabApp


def text(value: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", value))).replace("\xa0", " ").strip()


def result(variants: tuple[str, ...], won: int, games: int) -> SimulationResult:
    options = (("variants", variants),) if variants else ()
    return SimulationResult("pokerface", 4, ("estimator",), options, games, 1, 1.0, {"won": won, "lost": games - won})


# -- the test behind the sentence


def test_the_two_proportion_test_gives_the_textbook_values() -> None:
    assert two_proportion_p_value(50, 100, 50, 100) == pytest.approx(1.0)
    # 30 of 100 against 50 of 100: pooled 0.4, z = 0.2 / sqrt(0.4 * 0.6 * 2 / 100) = 2.887
    assert two_proportion_p_value(30, 100, 50, 100) == pytest.approx(math.erfc(2.8868 / math.sqrt(2)), rel=1e-3)
    assert two_proportion_p_value(30, 100, 50, 100) == pytest.approx(0.0039, abs=1e-4)
    assert two_proportion_p_value(0, 50, 0, 80) == 1.0 and two_proportion_p_value(7, 7, 9, 9) == 1.0
    assert two_proportion_p_value(1, 0, 1, 10) == 1.0


def test_overlapping_intervals_can_still_differ_by_more_than_chance() -> None:
    """Why the lab does not ask whether the intervals overlap: 40 of 200 and 60 of 200 have overlapping 95%
    intervals, yet a difference this large comes by chance in only about 2 of 100 runs."""
    low_a, high_a = wilson_interval(40, 200)
    low_b, high_b = wilson_interval(60, 200)
    assert low_b < high_a, "the intervals overlap"
    assert two_proportion_p_value(40, 200, 60, 200) < 0.05
    assert compare_rates(result((), 40, 200), result(("soft-landing",), 60, 200), "won") == 1
    assert compare_rates(result((), 60, 200), result(("soft-landing",), 40, 200), "won") == -1
    assert compare_rates(result((), 40, 200), result(("soft-landing",), 48, 200), "won") == 0
    # three comparisons share the 5%: each is asked at 5/3 %
    assert compare_rates(result((), 40, 200), result(("soft-landing",), 58, 200), "won", level=0.05) == 1
    assert compare_rates(result((), 40, 200), result(("soft-landing",), 58, 200), "won", level=0.05 / 3) == 0


# -- the app


def test_every_variant_is_ticked_at_the_start_so_run_compares_them_all() -> None:
    app = VariantLabApp(query="lang=en&players=3&seed=4")
    assert all(box.value for box in app.variant_boxes.values())
    assert app.configurations() == [()] + [(name,) for name in VARIANTS]
    assert text(app.cap.value).startswith("This run plays 5,000 games for each of the 4 configurations chosen (20,000 games in all).")
    app.mode.value = "together"
    assert app.configurations() == [(), VARIANTS], "together: the base game and all chosen variants at once"
    app.close()


def test_a_run_ends_with_a_conclusion_and_the_interval_in_plain_words() -> None:
    app = VariantLabApp(query="lang=en&players=3&seed=4")
    app.bot.value, app.games.value = "random", 10
    app.run_button.click()
    assert [r.games for r in app.results] == [10, 10, 10, 10]
    conclusion = text(app.conclusion.value)
    assert conclusion.startswith("Compared with the base game") and conclusion.endswith(".")
    for name in ("“Free-for-all”", "“Rising stakes”", "“Soft landing”"):
        assert conclusion.count(name) == 1, conclusion
    words = text(app.interval_words.value)
    base = app.results[0]
    low, high = (f"{100 * x:.1f}%" for x in base.ci95("won"))
    assert f"between {low} and {high}" in words and "95 of 100" in words and "10 games" in words
    app.close()


def configured(lang: str, results: list[SimulationResult]) -> VariantLabApp:
    app = VariantLabApp(query=f"lang={lang}&players=4&seed=1")
    app.results, app.run_settings, app.stored_shown = results, (4, "estimator", results[0].games, 1), False
    app.refresh()
    return app


CLEAR = [result((), 50, 200), result(("free-for-all",), 20, 200), result(("rising-stakes",), 53, 200),
         result(("soft-landing",), 90, 200)]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Compared with the base game: with “Soft landing” the team wins about 20 more games in 100; "
           "with “Free-for-all” the team wins about 15 fewer games in 100; "
           "with “Rising stakes” the difference is too small to tell apart from luck."),
    ("de", "Verglichen mit dem Grundspiel: mit „Weiche Landung“ gewinnt das Team etwa 20 Spiele mehr von 100; "
           "mit „Alle auf einmal“ gewinnt das Team etwa 15 Spiele weniger von 100; "
           "bei „Steigende Einsätze“ ist der Unterschied zu klein, um ihn von Glück oder Pech zu unterscheiden."),
    ("es", "Frente al juego básico: con «Aterrizaje suave» el equipo gana alrededor de 20 partidas más de cada 100; "
           "con «Todos a la vez» el equipo gana alrededor de 15 partidas menos de cada 100; "
           "con «Apuestas crecientes» la diferencia es demasiado pequeña para distinguirla de la suerte."),
])
def test_the_conclusion_names_which_differences_are_larger_than_chance(lang: str, expected: str) -> None:
    app = configured(lang, CLEAR)
    assert text(app.conclusion.value) == expected
    assert "pkt-conclusion" in app.conclusion._dom_classes
    app.close()


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Compared with the base game: with “Free-for-all”, “Rising stakes”, and “Soft landing” the differences are too small "
           "to tell apart from luck."),
    ("de", "Verglichen mit dem Grundspiel: bei „Alle auf einmal“, „Steigende Einsätze“ und „Weiche Landung“ sind die Unterschiede "
           "zu klein, um sie von Glück oder Pech zu unterscheiden."),
    ("es", "Frente al juego básico: con «Todos a la vez», «Apuestas crecientes» y «Aterrizaje suave» las diferencias son "
           "demasiado pequeñas para distinguirlas de la suerte."),
])
def test_differences_within_chance_are_named_together(lang: str, expected: str) -> None:
    app = configured(lang, [result((), 50, 200), result(("free-for-all",), 45, 200), result(("rising-stakes",), 52, 200),
                            result(("soft-landing",), 58, 200)])
    assert text(app.conclusion.value) == expected
    app.close()


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "How to read the interval: with “Base game” the team's real chance of winning is very likely between 19.5% and 31.4%. "
           "A range worked out this way from 200 games holds the real chance in 95 of 100 runs."),
    ("de", "So liest du das Intervall: Bei „Grundspiel“ liegt die echte Gewinnchance des Teams sehr wahrscheinlich zwischen "
           "19,5 % und 31,4 %. Ein so aus 200 Spielen berechneter Bereich trifft die echte Chance in 95 von 100 Läufen."),
    ("es", "Cómo leer el intervalo: con «Juego básico», la probabilidad real de que gane el equipo está muy probablemente "
           "entre el 19,5 % y el 31,4 %. Un intervalo calculado así a partir de 200 partidas contiene la probabilidad real "
           "en 95 de cada 100 tandas."),
])
def test_the_interval_is_said_in_plain_words(lang: str, expected: str) -> None:
    app = configured(lang, CLEAR)
    assert [round(100 * x, 1) for x in CLEAR[0].ci95("won")] == [19.5, 31.4]
    assert text(app.interval_words.value) == expected
    app.close()


def test_one_configuration_alone_is_compared_with_nothing_and_says_so() -> None:
    app = configured("en", [result((), 50, 200)])
    assert text(app.conclusion.value) == "Tick at least one variant to compare it with the base game."
    app.language.value = "de"
    assert text(app.conclusion.value) == "Wähle mindestens eine Variante, um sie mit dem Grundspiel zu vergleichen."
    app.language.value = "es"
    assert text(app.conclusion.value) == "Marca al menos una variante para compararla con el juego básico."
    app.close()


def test_the_conclusion_follows_the_language_switch_and_is_cleared_before_a_run() -> None:
    app = configured("en", CLEAR)
    app.language.value = "de"
    assert text(app.conclusion.value).startswith("Verglichen mit dem Grundspiel")
    fresh = VariantLabApp(query="lang=en")
    assert fresh.conclusion.value == "" and fresh.interval_words.value == ""
    app.close()
    fresh.close()


@pytest.mark.parametrize(("lang", "label"), [("en", "Base game and all chosen variants together"),
                                             ("de", "Grundspiel und alle gewählten Varianten zusammen"),
                                             ("es", "El juego básico y todas las variantes elegidas juntas")])
def test_the_together_mode_says_that_the_base_game_is_played_too(lang: str, label: str) -> None:
    app = VariantLabApp(query=f"lang={lang}")
    assert dict(app.mode.options)[label] == "together"
    assert app.mode.style.button_width == "auto", "as wide as the label: no label is cut"
    app.close()


def test_a_significant_difference_under_one_game_in_100_is_said_as_such() -> None:
    app = configured("en", [result((), 500_000, 1_000_000), result(("soft-landing",), 504_000, 1_000_000)])
    assert text(app.conclusion.value) == ("Compared with the base game: with “Soft landing” the team wins a little more often "
                                          "(less than 1 game in 100).")
    app.close()


def test_while_a_run_plays_the_page_says_so_and_not_that_no_games_were_played() -> None:
    app = VariantLabApp(query="lang=de&players=3&seed=4")
    assert "Noch keine Spiele gespielt" in text(app.results_html.value)  # before a run
    seen: list[str] = []
    app._play = lambda *args: seen.append(text(app.results_html.value) + "|" + text(app.conclusion.value))  # type: ignore[method-assign]
    app.run_button.click()
    assert seen == ["Die Spiele laufen; die Ergebnisse stehen hier, sobald der Lauf fertig ist.|"]
    app.refresh()  # a language switch or a changed setting while it plays
    assert "Noch keine Spiele gespielt" not in text(app.results_html.value) and "Die Spiele laufen" in text(app.results_html.value)
    app._set_running(False)
    app.close()


def test_the_games_per_configuration_on_the_page_follow_the_games_field() -> None:
    app = VariantLabApp(query="lang=en&players=4&seed=1")
    app.games.value = 200
    cap = text(app.cap.value)
    assert cap.startswith("This run plays 200 games for each of the 4 configurations chosen (800 games in all).")
    most, per = app.games_per_configuration()
    assert f"at most {most:,} games in all" in cap and f"at most {per:,} games per configuration" in cap
    app.games.value = 19_000  # more than the cap allows: the run plays the cap, and the line says so
    assert text(app.cap.value).startswith(f"This run plays {per:,} games for each of the 4 configurations chosen")
    app.close()
