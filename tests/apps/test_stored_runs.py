"""The results lessons show at once (widgets/stored_runs.json) are the kit's own: each stored run is played
again here and must come out exactly as stored, so a stored result cannot drift from the code. And the
widget that shows them (widgets/stored_run.py) shows them before playing anything, plays them again live on
the batch path in slices with a moving progress bar, and stops when asked.

After a change to a bot or a rule that moves these results: ``.venv/bin/python scripts/stored_runs.py``
writes the file again (then the lessons' and guides' figures are checked by tests/test_lesson_figures.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from pokerkit_teach.widgets.lab import DEFAULT_GAMES, VARIANTS, VariantLabApp
from pokerkit_teach.widgets.stored_run import Games, SimulationRun, result_json, stored_run, stored_runs
from tests.support import load_script

RUNS = [(name, index) for name, entries in stored_runs().items() for index in range(len(entries))]


def _script() -> Any:
    return load_script("scripts/stored_runs.py")


def test_the_stored_runs_are_those_the_script_plays() -> None:
    script = _script()
    assert {name: [job for job, _ in entries] for name, entries in stored_runs().items()} == script.RUNS


@pytest.mark.parametrize("name,index", RUNS, ids=[f"{name}-{index}" for name, index in RUNS])
def test_a_stored_result_is_what_the_kit_plays(name: str, index: int) -> None:
    job, stored = stored_run(name)[index]
    played = job.combine([job.play(range(job.units))], job.units, 0.0)
    assert result_json(played) == result_json(stored)


def test_the_lessons_games_are_played_on_the_batch_path() -> None:
    for entries in stored_runs().values():
        for job, result in entries:
            if isinstance(job, Games):
                assert job.path() == "batch" and result.path == "batch", job


def test_the_lab_as_lesson_4_opens_it_shows_the_stored_results_at_once() -> None:
    lab = VariantLabApp(query="lang=en&seed=1&players=4")
    lab.bot.value = "estimator"
    assert lab.stored_shown and not lab.running
    assert [result.games for result in lab.results] == [DEFAULT_GAMES] * (1 + len(VARIANTS))
    assert "Stored results of exactly these settings" in lab.results_html.value
    assert "Soft landing" in lab.conclusion.value
    lab.seed.value = 2  # nothing stored for seed 2: the table waits for Run
    assert not lab.stored_shown and not lab.results and "No games played yet" in lab.results_html.value
    lab.seed.value = 1
    assert lab.stored_shown
    lab.language.value = "de"  # a language switch keeps them
    assert lab.stored_shown and "Gespeicherte Ergebnisse" in lab.results_html.value


def test_a_lesson_run_shows_its_stored_result_before_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: Any) -> Any:
        raise AssertionError("a game was played before Play was pressed")

    monkeypatch.setattr(Games, "play", refuse)
    run = SimulationRun("lesson-02", lambda results: f"{results[0].deals} deals, {int(results[2].totals['won'])} won", "en")
    assert run.output.value == "<pre>20000 deals, 486 won</pre>"
    assert "stored results" in run.note.value and not run.live_button.disabled and run.stop_button.disabled


def test_a_live_run_plays_in_slices_with_progress_and_gives_the_stored_result() -> None:
    run = SimulationRun("lesson-02", lambda results: " ".join(str(result_json(r)) for r in results), "en")
    stored = run.output.value
    moves: list[int] = []
    run.progress.observe(lambda change: moves.append(change["new"]), names="value")
    run.live_button.click()  # outside a kernel it plays at once
    assert run.output.value == stored
    assert "the same results as the stored ones" in run.note.value
    assert run.progress.value == run.progress.max == 20000 + 2 * 1000
    assert len([m for m in moves if m]) >= 10, moves  # the bar moved after every slice, not once at the end
    assert not run.live_button.disabled and run.stop_button.disabled


def test_stop_ends_a_live_run_after_the_slice_and_keeps_the_stored_result(monkeypatch: pytest.MonkeyPatch) -> None:
    run = SimulationRun("lesson-02", lambda results: str(len(results)), "de")
    played = Games.play

    def play_then_stop(job: Games, numbers: range) -> Any:
        run.stop()  # as if the learner pressed Stop while this slice plays
        return played(job, numbers)

    monkeypatch.setattr(Games, "play", play_then_stop)
    run.live_button.click()
    assert run.output.value == "<pre>3</pre>"  # the stored result stays
    assert "Angehalten nach 20.200 von 22.000" in run.note.value, run.note.value


def test_a_run_without_a_stored_result_says_so_and_plays_on_request() -> None:
    run = SimulationRun([Games("pokerface", 3, ("random",), 30, seed=99)], lambda results: str(results[0].games), "es")
    assert run.output.value == "" and "No hay resultados guardados" in run.note.value
    run.live_button.click()
    assert run.output.value == "<pre>30</pre>" and "Jugada en directo" in run.note.value
