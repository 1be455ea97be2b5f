"""The lessons' tasks: a quiz gives a hint (never the answer) at the first wrong try and the explanation
after a right answer or a second wrong try; a prediction reads numbers as the lesson's language writes
them and shows nothing of the kit's number before Check; the results collect every task and offer a
text file to download."""

from __future__ import annotations

import base64
import re
import urllib.parse

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.widgets.quiz import LiveFeedback, Predict, PredictInputError, Quiz, Results, Solution, parse_guess

from tests.support import RULEBOOK_BOARD

QUESTION = "Which token claims the weakest hand?"
OPTIONS = ["The Ace", "The highest number", "The token in the middle", "No token"]
EXPLANATION = "The Ace is token 1, the weakest claim."
HINT = "Look at the number printed on each token."


def make_quiz(lang: str = "en", results: Results | None = None, hint: str = HINT) -> Quiz:
    return Quiz(QUESTION, OPTIONS, 0, EXPLANATION, lang, hint=hint, results=results, key="q-token")


def answer(quiz: Quiz, option: str) -> None:
    quiz.choices.value = option
    quiz.check_button.click()


RIGHT = {"en": "Right!", "de": "Richtig!", "es": "¡Correcto!"}
NOT_YET = {"en": "Not yet.", "de": "Noch nicht.", "es": "Todavía no."}
NOT_QUITE = {"en": "Not quite.", "de": "Nicht ganz.", "es": "No del todo."}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_right_answer_is_praised_with_the_explanation(lang: str) -> None:
    quiz = make_quiz(lang)
    answer(quiz, "The Ace")
    assert quiz.correct is True and quiz.first_try_right is True
    assert RIGHT[lang] in quiz.feedback.value and EXPLANATION in quiz.feedback.value
    assert isinstance(quiz.feedback, LiveFeedback)  # a live region that stays in the page


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_first_wrong_try_gives_the_hint_but_neither_answer_nor_explanation(lang: str) -> None:
    quiz = make_quiz(lang)
    answer(quiz, "The highest number")
    shown = quiz.feedback.value
    assert quiz.correct is False
    assert NOT_YET[lang] in shown and HINT in shown
    assert EXPLANATION not in shown and "The Ace" not in shown and RIGHT[lang] not in shown
    assert "pkt-quiz-right" not in shown  # the wrong option is not marked right


@pytest.mark.parametrize("lang", ["en", "de"])
def test_wrong_then_right_praises_and_explains(lang: str) -> None:
    results = Results("01", lang)
    quiz = make_quiz(lang, results)
    answer(quiz, "No token")
    answer(quiz, "The Ace")
    assert quiz.correct is True and RIGHT[lang] in quiz.feedback.value and EXPLANATION in quiz.feedback.value
    assert NOT_YET[lang] not in quiz.feedback.value
    [row] = results.summary()
    assert (row["key"], row["tries"], row["first_try_right"], row["solved"]) == ("q-token", 2, False, True)
    assert row["chosen"] == ["No token", "The Ace"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_second_wrong_try_gives_the_answer_and_the_explanation(lang: str) -> None:
    quiz = make_quiz(lang)
    answer(quiz, "No token")
    answer(quiz, "The token in the middle")
    shown = quiz.feedback.value
    assert quiz.correct is False
    assert NOT_QUITE[lang] in shown and EXPLANATION in shown and "The Ace" in shown
    assert HINT not in shown


def test_without_a_hint_the_first_wrong_try_says_try_again_in_the_language() -> None:
    quiz = make_quiz("de", hint="")
    answer(quiz, "No token")
    assert message("apps.quiz.hint_default", "de") in quiz.feedback.value
    assert EXPLANATION not in quiz.feedback.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_checking_without_an_answer_asks_for_one_and_counts_no_try(lang: str) -> None:
    quiz = make_quiz(lang)
    quiz.check_button.click()
    assert quiz.correct is None and quiz.tries == 0
    assert message("apps.quiz.choose_first", lang) in quiz.feedback.value


@pytest.mark.parametrize("lang, check", [("en", "Check"), ("de", "Prüfen"), ("es", "Comprobar")])
def test_labels_come_from_the_catalogue_of_the_language(lang: str, check: str) -> None:
    quiz = make_quiz(lang)
    assert quiz.check_button.description == check
    assert quiz.choices.description == message("apps.quiz.answer_label", lang)


def test_controls_carry_stable_css_classes() -> None:
    quiz = make_quiz()
    assert "pkt-quiz" in quiz.box._dom_classes
    assert "pkt-quiz-options" in quiz.choices._dom_classes
    assert "pkt-quiz-check" in quiz.check_button._dom_classes
    assert "pkt-quiz-feedback" in quiz.feedback._dom_classes


def test_text_is_escaped() -> None:
    quiz = Quiz("Is 3 < 4?", ["yes", "no"], 0, "<b>sure</b>")
    assert "3 &lt; 4" in quiz.question.value
    answer(quiz, "yes")
    assert "&lt;b&gt;sure&lt;/b&gt;" in quiz.feedback.value


def test_old_positional_call_of_the_lessons_still_works() -> None:
    quiz = Quiz("How many cards make a hand?", ["Five", "Seven"], 0, "Only the best five count.", "de")
    answer(quiz, "Seven")
    assert quiz.correct is False and "Only the best five count." not in quiz.feedback.value


@pytest.mark.parametrize(
    "options, correct_index",
    [(["only one"], 0), (["same", "same"], 0), (["a", "b"], 2), (["a", "b"], -1)],
)
def test_a_malformed_quiz_is_refused(options: list[str], correct_index: int) -> None:
    with pytest.raises(ValueError):
        Quiz("?", options, correct_index)


@pytest.mark.parametrize(
    "lang, decisive",
    [("en", "the 7 beats the 5 as second side card"), ("de", "die 7 schlägt die 5 als zweite Beikarte")],
)
def test_compare_takes_the_answer_from_the_engine_rulebook_failure(lang: str, decisive: str) -> None:
    # Rulebook: Anna's 7 beats Ben's 5 as second side card, so 7♦ 6♥ is the stronger hand.
    quiz = Quiz.compare(RULEBOOK_BOARD, "7d 6h", "4h 2d", lang)
    assert quiz.correct_index == 0
    quiz.choices.index = 1
    quiz.check_button.click()
    assert quiz.correct is False and decisive not in quiz.feedback.value  # first wrong try: only the hint
    quiz.choices.index = 2
    quiz.check_button.click()
    assert decisive in quiz.feedback.value


def test_compare_hint_names_both_kinds_of_hand_but_not_the_winner() -> None:
    # With the board's pair of 8s, 9♥ 9♣ make two pair and A♠ 8♦ three of a kind (which wins).
    quiz = Quiz.compare(RULEBOOK_BOARD, "9h 9c", "As 8d", "en")
    assert quiz.correct_index == 1
    assert "two pair" in quiz.hint and "three of a kind" in quiz.hint
    quiz.choices.index = 0
    quiz.check_button.click()
    shown = quiz.feedback.value
    assert "two pair" in shown and "beats" not in shown and quiz.options[1] not in shown.split("make")[0]
    german = Quiz.compare(RULEBOOK_BOARD, "7d 6h", "4h 2d", "de")
    assert german.hint.startswith("Beide ergeben ein Paar:")  # both make a pair of 8s; the side cards decide


def test_compare_finds_the_ace_side_card_and_ties() -> None:
    quiz = Quiz.compare(RULEBOOK_BOARD, "7d 6h", "As Jd", "de")
    assert quiz.correct_index == 1 and quiz.options[1] == "A♠ B♦"
    tie = Quiz.compare("Ah Kh Qh Jh Th", "2c 3d", "2d 3c")  # the board's royal flush plays for both
    assert tie.correct_index == 2
    tie.choices.index = 2
    tie.check_button.click()
    assert tie.correct is True


@pytest.mark.parametrize("lang, summary", [("en", "Solution"), ("de", "Lösung")])
def test_solution_hides_its_text_behind_a_summary(lang: str, summary: str) -> None:
    solution = Solution("Two pair beats a pair.", lang)
    assert solution.html.value.startswith(f'<details class="pkt-solution"><summary>{summary}</summary>')
    assert "pkt-quiz-solution" in solution.html._dom_classes


# --- Predict ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "lang, text, percent_mode, expected",
    [
        ("en", "19", True, 0.19), ("en", "19 %", True, 0.19), ("en", "19%", True, 0.19), ("en", "12.5", True, 0.125),
        ("de", "19", True, 0.19), ("de", "19\u00a0%", True, 0.19), ("de", "12,5", True, 0.125),
        ("de", "0,19", False, 0.19), ("es", "0,19", False, 0.19), ("es", "19 %", False, 0.19),
        ("de", "1.234,5", False, 1234.5), ("en", "1,234.5", False, 1234.5), ("en", " 3 ", False, 3.0),
        ("en", "-2", False, -2.0), ("en", "6 cards", False, 6.0),
    ],
)
def test_a_guess_is_read_by_the_rules_of_the_language(lang: str, text: str, percent_mode: bool, expected: float) -> None:
    assert parse_guess(text, lang, percent_mode, unit="cards") == pytest.approx(expected)


@pytest.mark.parametrize(
    "lang, text, percent_mode, key",
    [
        ("en", "", False, "predict_empty"), ("de", "   ", True, "predict_empty"),
        ("en", "abc", False, "predict_not_a_number"), ("de", "zehn", True, "predict_not_a_number"),
        ("en", "%", True, "predict_not_a_number"), ("en", "0,19", False, "predict_separator"),
        ("de", "0.19", False, "predict_separator"), ("es", "12.5", True, "predict_separator"),
        ("en", "150", True, "predict_percent_range"), ("de", "-5", True, "predict_percent_range"),
        ("en", "nan", False, "predict_not_a_number"),
    ],
)
def test_an_unreadable_guess_names_the_problem(lang: str, text: str, percent_mode: bool, key: str) -> None:
    with pytest.raises(PredictInputError) as caught:
        parse_guess(text, lang, percent_mode)
    assert caught.value.key == key


def test_the_separator_problem_suggests_the_decimal_reading_in_the_language() -> None:
    with pytest.raises(PredictInputError) as caught:
        parse_guess("0.19", "de")
    assert "0,19" in caught.value.text("de") and "Dezimalkomma" in caught.value.text("de")


def make_predict(lang: str = "en", results: Results | None = None) -> Predict:
    # 0.1936 is not a rounded number, so its digits cannot appear in the page by chance.
    return Predict("How often does a random team win?", 0.1936, lang, explanation="Ties raise the chance.",
                   percent=True, tolerance=0.02, results=results, key="p-random")


def page_text(task: Predict) -> str:
    return task.box_html()


@pytest.mark.parametrize("lang, kit", [("en", "19.4%"), ("de", "19,4\u00a0%"), ("es", "19,4\u00a0%")])
def test_prediction_shows_nothing_before_check_and_everything_after(lang: str, kit: str) -> None:
    results = Results("02", lang)
    task = make_predict(lang, results)
    before = page_text(task) + results.table.value + results.download.value + base64_text(results)
    assert "19" not in re.sub(r"lesson-0?2", "", before) and "Ties" not in before
    task.entry.value = "25"
    task.check_button.click()
    after = task.feedback.value
    assert kit in after and "Ties raise the chance." in after
    points = {"en": "5.6 percentage points", "de": "5,6 Prozentpunkte", "es": "5,6 puntos porcentuales"}[lang]
    assert points in after
    assert task.entry.disabled  # predicted once; the number is known now
    assert not task.check_button.disabled  # it keeps the keyboard's focus
    task.entry.value = "19,4" if lang != "en" else "19.4"
    task.check_button.click()
    assert task.guess == pytest.approx(0.25) and task.feedback.value == after
    [row] = results.summary()
    assert row["guess"] == pytest.approx(0.25) and row["answer"] == pytest.approx(0.1936) and row["within"] is False
    assert kit in results.table.value


def test_a_close_guess_is_praised() -> None:
    task = make_predict("de")
    task.entry.value = "20"
    task.check_button.click()
    assert message("apps.quiz.predict_close", "de") in task.feedback.value
    assert task.within(0.20) and not task.within(0.22)


def test_relative_tolerance_and_units() -> None:
    task = Predict("How many deals?", 120, "en", tolerance=0.1, relative=True, unit="deals")
    task.entry.value = "100 deals"
    task.check_button.click()
    assert "100 deals" in task.feedback.value and "120 deals" in task.feedback.value
    assert "17%" in task.feedback.value  # 20 of 120
    assert not task.within(100) and task.within(110)


@pytest.mark.parametrize("text", ["", "zwölf", "0.19"])
def test_a_bad_guess_changes_nothing(text: str) -> None:
    results = Results("02", "de")
    task = make_predict("de", results)
    table, link = results.table.value, results.download.value
    task.entry.value = text
    task.check_button.click()
    assert task.guess is None and task.tries == 0 and not task.entry.disabled
    assert results.table.value == table and results.download.value == link
    assert "19,4" not in task.feedback.value and "Ties" not in task.feedback.value
    assert message("apps.quiz.predict_empty", "de") in task.feedback.value if text == "" else f"„{text}“" in task.feedback.value
    task.entry.value = "19,4"  # then a good one is taken
    task.check_button.click()
    assert task.guess == pytest.approx(0.194)


# --- Results ---------------------------------------------------------------------------------------------

def base64_text(results: Results) -> str:
    href = re.search(r'href="([^"]+)"', results.download.value)
    assert href, results.download.value
    prefix, _, payload = urllib.parse.unquote(href.group(1)).partition("base64,")
    assert prefix == "data:text/plain;charset=utf-8;"
    return base64.b64decode(payload).decode("utf-8")


def test_results_summary_and_download_follow_every_answer() -> None:
    results = Results("01", "en")
    quiz = make_quiz("en", results)
    task = make_predict("en", results)
    second = Quiz("Second?", ["a", "b", "c", "d"], 3, "d it is.", "en", results=results, key="q-second")
    assert [row["key"] for row in results.summary()] == ["q-token", "p-random", "q-second"]
    assert "not answered yet" in base64_text(results)

    answer(quiz, "The Ace")
    answer(second, "a")
    answer(second, "d")
    task.entry.value = "25"
    task.check_button.click()
    results.name_field.value = "Zoë Ruiz"

    summary = {row["key"]: row for row in results.summary()}
    assert (summary["q-token"]["tries"], summary["q-token"]["first_try_right"]) == (1, True)
    assert (summary["q-second"]["tries"], summary["q-second"]["first_try_right"]) == (2, False)
    assert summary["p-random"]["guess"] == pytest.approx(0.25)

    text = base64_text(results)
    assert "Name: Zoë Ruiz" in text
    assert "1. " + QUESTION in text and "tries: 1; right at the first try: yes" in text
    assert "tries: 2; right at the first try: no" in text
    assert "your guess: 25%; the kit's number: 19.4%" in text
    assert "Answered 3 of 3; quizzes right at the first try: 1 of 2." in text
    assert 'download="lesson-01-results-zoe-ruiz.txt"' in results.download.value
    table = results.table.value
    assert table.count("<tr>") == 4 and re.search(r'<th scope="col"[^>]*>Tries</th>', table) and "19.4%" in table


def test_a_task_made_again_replaces_its_entry() -> None:
    results = Results("01", "de")
    make_quiz("de", results)
    answer(make_quiz("de", results), "No token")
    [row] = results.summary()
    assert row["tries"] == 1 and row["first_try_right"] is False


def test_results_speak_the_lesson_language() -> None:
    results = Results("03", "de")
    quiz = make_quiz("de", results)
    answer(quiz, "The Ace")
    assert "Meine Ergebnisse herunterladen" in results.download.value
    assert "Versuche: 1; beim ersten Versuch richtig: ja" in base64_text(results)
    assert results.name_field.description == "Dein Name"


def test_a_prediction_takes_the_kits_fractions_and_numpy_numbers() -> None:
    import numpy as np
    from fractions import Fraction

    third = Predict("?", Fraction(1, 3), "de", percent=True)
    third.entry.value = "33"
    third.check_button.click()
    assert "33\u00a0%" in third.feedback.value and "33,3\u00a0%" in third.feedback.value
    hands = Predict("?", np.int64(2_598_960), "en", relative=True, tolerance=0.05)
    hands.entry.value = "2,500,000"
    hands.check_button.click()
    assert "2,598,960" in hands.feedback.value and "3.8%" in hands.feedback.value  # 98,960 / 2,598,960
    assert message("apps.quiz.predict_close", "en") in hands.feedback.value


def test_a_guess_is_written_with_the_decimals_it_was_typed_with() -> None:
    task = Predict("?", 2.7, "es", tolerance=0.1, digits=2)
    task.entry.value = "2,75"
    task.check_button.click()
    assert "Tu estimación: 2,75." in task.feedback.value and "El programa calcula: 2,70." in task.feedback.value


@pytest.mark.parametrize("answer", [float("nan"), float("inf"), "19", True, None, 1j])
def test_a_prediction_refuses_an_answer_that_is_no_finite_number(answer: object) -> None:
    with pytest.raises(ValueError):
        Predict("?", answer, "en")  # type: ignore[arg-type]


def widget_states(widget: object) -> str:
    """Everything the page is sent of a widget and the widgets it refers to (children, layout, style):
    their synced state, as one text."""
    import ipywidgets

    seen: dict[int, str] = {}

    def walk(item: object) -> None:
        if not isinstance(item, ipywidgets.Widget) or id(item) in seen:
            return
        state = item.get_state()
        seen[id(item)] = repr(state)
        for name in state:
            value = getattr(item, name, None)
            for child in value if isinstance(value, (list, tuple)) else [value]:
                walk(child)

    walk(widget)
    return "\n".join(seen.values())


def test_before_check_no_widget_state_holds_the_answer_or_the_explanation() -> None:
    results = Results("02", "en")
    task = Predict("How often?", 0.1936, "en", explanation="Ties raise the chance.", percent=True, results=results)
    quiz = Quiz("Which?", ["a", "b", "c", "d"], 2, "Because c.", "en", hint="Think of c's neighbours.", results=results)
    sent = widget_states(task.box) + widget_states(quiz.box) + widget_states(results.box)
    assert "0.1936" not in sent and "19.4" not in sent and "19.36" not in sent and "Ties" not in sent
    assert "Because c." not in sent and "neighbours" not in sent
    task.entry.value = "20"
    task.check_button.click()
    assert "19.4%" in widget_states(task.box)  # the walk does see the feedback once it is there


def test_typing_the_number_the_kit_shows_counts_as_exact() -> None:
    task = Predict("How many green cards?", 2.6999, "de", tolerance=0, digits=2)
    task.entry.value = "2,70"
    task.check_button.click()
    assert message("apps.quiz.predict_close", "de") in task.feedback.value and "daneben" not in task.feedback.value
    assert not task.within(2.69)
