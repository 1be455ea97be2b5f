"""The lessons' quiz widget: the Check button judges the chosen answer; the engine answers hand questions."""

from __future__ import annotations

import pytest

from pokerkit_teach.core.i18n import message
from pokerkit_teach.widgets.quiz import Quiz, Solution

from conftest import RULEBOOK_BOARD


def make_quiz(lang: str = "en") -> Quiz:
    return Quiz("Which token claims the weakest hand?", ["The Ace", "The highest number"], 0, "The Ace is token 1.", lang)


RIGHT = {"en": "Right!", "de": "Richtig!"}
NOT_QUITE = {"en": "Not quite.", "de": "Nicht ganz."}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_right_answer_is_praised_with_the_explanation(lang: str) -> None:
    quiz = make_quiz(lang)
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert quiz.correct is True
    assert RIGHT[lang] in quiz.feedback.value and "The Ace is token 1." in quiz.feedback.value
    assert "pkt-quiz-right" in quiz.feedback.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_wrong_answer_says_not_quite(lang: str) -> None:
    quiz = make_quiz(lang)
    quiz.choices.value = "The highest number"
    quiz.check_button.click()
    assert quiz.correct is False
    assert NOT_QUITE[lang] in quiz.feedback.value and "pkt-quiz-wrong" in quiz.feedback.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_checking_without_an_answer_asks_for_one(lang: str) -> None:
    quiz = make_quiz(lang)
    quiz.check_button.click()
    assert quiz.correct is None
    assert message("apps.quiz.choose_first", lang) in quiz.feedback.value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_second_check_judges_the_new_answer(lang: str) -> None:
    quiz = make_quiz(lang)
    quiz.choices.value = "The highest number"
    quiz.check_button.click()
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert quiz.correct is True and RIGHT[lang] in quiz.feedback.value and NOT_QUITE[lang] not in quiz.feedback.value


@pytest.mark.parametrize("lang, check", [("en", "Check"), ("de", "Prüfen")])
def test_labels_come_from_the_catalogue_of_the_language(lang: str, check: str) -> None:
    quiz = make_quiz(lang)
    assert quiz.check_button.description == check
    quiz.choices.value = "The Ace"
    quiz.check_button.click()
    assert RIGHT[lang] in quiz.feedback.value


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
    assert quiz.correct is False and decisive in quiz.feedback.value


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
