"""Lesson pages show their widgets without waiting for a simulation; the simulation runs on a button.

Lesson 4 (English) and lesson 3 (German) are opened in Voila: the page's widgets are drawn; lesson 4's
checked run (100 games a configuration, the run its text discusses) is on the page, and the variant lab
inside it shows the kit's stored results of its default run at once, plays only when its Run button is
pressed, then shows every configuration; lesson 3's
button that runs the bigger simulation is there with its label in German, and its output is empty until
it is pressed. Generous timeouts, no timing asserts
(benchmarks/lesson_load.py measures how soon the widgets show).
"""

from __future__ import annotations

from typing import Any

from .test_apps import ANSWER_TIMEOUT, Page, kernel_idle, wait_until
from .test_lessons_a11y import open_lesson

VoilaServer = Any
SIMULATION_TIMEOUT = 120_000  # ms: 400 games on a busy machine


def on_demand(p: Any, label: str) -> tuple[Any, Any]:
    """The button labelled ``label`` and the output of the same interactive widget."""
    button = p.get_by_role("button", name=label, exact=True)
    button.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    interactive = p.locator(".widget-interact").filter(has=button)
    return button, interactive.locator(".widget-output")


def run_lesson_lab(p: Any, before: str, last: str) -> str:
    """The variant lab inside a lesson: its results say ``before`` (stored, nothing played), then a run of 200 games
    a configuration is started with its Run button; waits (bounded) until the results name ``last`` (the
    last configuration) and returns them."""
    lab = p.locator(".pkt-app").filter(has=p.locator("button.pkt-run"))
    results = lab.locator(".pkt-results").first
    assert before in results.inner_text()
    games = lab.locator(".pkt-games input").first
    games.fill("200")
    games.press("Enter")
    lab.locator("button.pkt-run").first.click(timeout=ANSWER_TIMEOUT)
    p.wait_for_function(f"el => el.innerText.includes({last!r})", arg=results.element_handle(), timeout=SIMULATION_TIMEOUT)
    return str(results.inner_text())


def test_lesson_4_simulates_when_the_button_is_pressed(page: Page, voila_server: VoilaServer) -> None:
    p = page.page
    open_lesson(page, voila_server.url("lessons/en/04_variants.ipynb"))
    # the checked run the text discusses (100 games per configuration, the lab's bots) is on the page at once ...
    quick = p.locator(".jp-Cell-outputArea", has_text="Rising stakes: won").first.inner_text()
    assert all(name in quick for name in ("Base game: won", "Soft landing: won", "Free-for-all: won")), quick
    # ... the lab inside the lesson shows its stored results at once and plays only when its Run button is pressed
    shown = run_lesson_lab(p, "Stored results of exactly these settings", "Soft landing")
    assert all(name in shown for name in ("Base game", "Rising stakes", "Free-for-all", "200 games per configuration")), shown
    assert "%" in shown
    assert not page.errors, "\n".join(page.errors)


def test_lesson_3_hints_with_more_deals_on_request_in_german(page: Page, voila_server: VoilaServer) -> None:
    p = page.page
    open_lesson(page, voila_server.url("lessons/de/03_reading_the_tokens.ipynb"))
    button, output = on_demand(p, "Noch einmal mit 20.000 zufälligen Verteilungen")
    assert output.inner_text().strip() == ""
    app_button, app_output = on_demand(p, "Tipp zeigen")
    assert app_output.inner_text().strip() == ""
    assert p.get_by_label("Startwert").input_value() == "7"

    button.click()
    p.wait_for_function("el => el.innerText.includes('20.000')", arg=output.element_handle(), timeout=SIMULATION_TIMEOUT)
    # the cell prints its two hints one after the other, each after its own 20,000 deals: wait (bounded) for
    # the kernel to finish and for the second, then count
    kernel_idle(p, SIMULATION_TIMEOUT)
    wait_until(p, "el => el.innerText.split('Aus 20.000 zufälligen Verteilungen').length > 2", arg=output.element_handle())
    assert output.inner_text().count("Aus 20.000 zufälligen Verteilungen") == 2, output.inner_text()

    app_button.click()
    p.wait_for_function("el => el.innerText.includes('Platz 4')", arg=app_output.element_handle(),
                        timeout=SIMULATION_TIMEOUT)
    assert "Aus 20.000 zufälligen Verteilungen" in app_output.inner_text()
    assert not page.errors, "\n".join(page.errors)
