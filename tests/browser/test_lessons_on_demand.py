"""Lesson pages show their widgets without waiting for a simulation; the simulation runs on a button.

Lesson 4 (English) and lesson 3 (German) are opened in Voila: the page's widgets are drawn, the button
that runs the bigger simulation is there with its label in the lesson's language, and its output is
empty; after a press the output holds the simulation's result. Generous timeouts, no timing asserts
(benchmarks/lesson_load.py measures how soon the widgets show).
"""

from __future__ import annotations

from typing import Any

from .test_apps import ANSWER_TIMEOUT, Page
from .test_lessons_a11y import open_lesson

VoilaServer = Any
SIMULATION_TIMEOUT = 120_000  # ms: 400 games on a busy machine


def on_demand(p: Any, label: str) -> tuple[Any, Any]:
    """The button labelled ``label`` and the output of the same interactive widget."""
    button = p.get_by_role("button", name=label, exact=True)
    button.wait_for(state="visible", timeout=ANSWER_TIMEOUT)
    interactive = p.locator(".widget-interact").filter(has=button)
    return button, interactive.locator(".widget-output")


def test_lesson_4_simulates_when_the_button_is_pressed(page: Page, voila_server: VoilaServer) -> None:
    p = page.page
    open_lesson(page, voila_server.url("lessons/en/04_variants.ipynb"))
    # the quick run the text discusses is on the page at once (20 games per variant) ...
    quick = p.locator(".jp-Cell-outputArea", has_text="rising-stakes").first.inner_text()
    assert all(name in quick for name in ("base", "soft-landing", "free-for-all")), quick
    # ... the bigger one waits for the button, and so does the app at the end of the lesson
    button, output = on_demand(p, "Simulate 100 games per variant")
    assert output.inner_text().strip() == ""
    app_button, app_output = on_demand(p, "Simulate")
    assert app_output.inner_text().strip() == ""

    button.click()
    p.wait_for_function("el => el.innerText.includes('free-for-all')", arg=output.element_handle(),
                        timeout=SIMULATION_TIMEOUT)
    shown = output.inner_text()
    assert all(name in shown for name in ("base", "soft-landing", "rising-stakes", "free-for-all")), shown
    assert "%" in shown
    assert app_output.inner_text().strip() == "", "one button ran the other simulation too"
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
    assert output.inner_text().count("Aus 20.000 zufälligen Verteilungen") == 2, output.inner_text()

    app_button.click()
    p.wait_for_function("el => el.innerText.includes('Platz 4')", arg=app_output.element_handle(),
                        timeout=SIMULATION_TIMEOUT)
    assert "Aus 20.000 zufälligen Verteilungen" in app_output.inner_text()
    assert not page.errors, "\n".join(page.errors)
