"""The lessons' quiz widget: the Check button judges the chosen answer; the engine answers hand questions."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.widgets.quiz import Quiz, Solution

from conftest import RULEBOOK_BOARD


def make_quiz(lang: str = "en") -> Quiz:
    return Quiz("Which token claims the weakest hand?", ["The Ace", "The highest number"], 0, "The Ace is token 1.", lang)


def test_right_answer_is_praised_with_the_explanation() -> None:
    quiz = make_quiz()
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert quiz.correct is True
    assert "Right!" in quiz.feedback.value and "The Ace is token 1." in quiz.feedback.value
    assert "pkt-quiz-right" in quiz.feedback.value


def test_wrong_answer_says_not_quite() -> None:
    quiz = make_quiz()
    quiz.choices.value = "The highest number"
    quiz.check_button.click()
    assert quiz.correct is False
    assert "Not quite." in quiz.feedback.value and "pkt-quiz-wrong" in quiz.feedback.value


def test_checking_without_an_answer_asks_for_one() -> None:
    quiz = make_quiz()
    quiz.check_button.click()
    assert quiz.correct is None
    assert message("apps.quiz.choose_first", "en") in quiz.feedback.value


def test_a_second_check_judges_the_new_answer() -> None:
    quiz = make_quiz()
    quiz.choices.value = "The highest number"
    quiz.check_button.click()
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert quiz.correct is True and "Right!" in quiz.feedback.value


def test_labels_come_from_the_german_catalogue() -> None:
    quiz = make_quiz("de")
    assert quiz.check_button.description == "Prüfen"
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert "Richtig!" in quiz.feedback.value


def test_controls_carry_stable_css_classes() -> None:
    quiz = make_quiz()
    assert "pkt-quiz" in quiz.box._dom_classes
    assert "pkt-quiz-options" in quiz.choices._dom_classes
    assert "pkt-quiz-check" in quiz.check_button._dom_classes
    assert "pkt-quiz-feedback" in quiz.feedback._dom_classes


def test_text_is_escaped() -> None:
    quiz = Quiz("Is 3 < 4?", ["yes", "no"], 0, "<b>sure</b>")
    assert "3 &lt; 4" in quiz.question.value
    quiz.choices.value = "yes"
    quiz.check_button.click()
    assert "&lt;b&gt;sure&lt;/b&gt;" in quiz.feedback.value


@pytest.mark.parametrize(
    "options, correct_index",
    [(["only one"], 0), (["same", "same"], 0), (["a", "b"], 2), (["a", "b"], -1)],
)
def test_a_malformed_quiz_is_refused(options: list[str], correct_index: int) -> None:
    with pytest.raises(ValueError):
        Quiz("?", options, correct_index)


def test_compare_takes_the_answer_from_the_engine_rulebook_failure() -> None:
    # Rulebook: Anna's 7 beats Ben's 5 as second side card, so 7♦ 6♥ is the stronger hand.
    quiz = Quiz.compare(RULEBOOK_BOARD, "7d 6h", "4h 2d")
    assert quiz.correct_index == 0
    quiz.choices.index = 1
    quiz.check_button.click()
    assert quiz.correct is False and "the 7 beats the 5 as second side card" in quiz.feedback.value


def test_compare_finds_the_ace_side_card_and_ties() -> None:
    quiz = Quiz.compare(RULEBOOK_BOARD, "7d 6h", "As Jd", "de")
    assert quiz.correct_index == 1 and quiz.options[1] == "A♠ B♦"
    tie = Quiz.compare("Ah Kh Qh Jh Th", "2c 3d", "2d 3c")  # the board's royal flush plays for both
    assert tie.correct_index == 2
    tie.choices.index = 2
    tie.check_button.click()
    assert tie.correct is True


def test_solution_hides_its_text_behind_a_summary() -> None:
    solution = Solution("Two pair beats a pair.")
    assert solution.html.value.startswith('<details class="pkt-solution"><summary>Solution</summary>')
    assert "pkt-quiz-solution" in solution.html._dom_classes
