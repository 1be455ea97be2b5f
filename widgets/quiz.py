"""A small quiz for the lessons: one question, a few answers, a Check button and feedback.

The quiz holds no rules. A lesson either gives the right answer itself (for a question about the game's
procedure) or lets the engine find it: :meth:`Quiz.compare` asks :func:`pokerkit_teach.compare_hands`
which of two hands is stronger and shows the engine's reason as the explanation.

Every control is a real ipywidgets control, so the quiz can be used with the keyboard alone (Tab to the
answers, arrow keys to choose, Tab and Enter to check). The parts carry stable CSS classes
(``pkt-quiz``, ``pkt-quiz-question``, ``pkt-quiz-options``, ``pkt-quiz-check``, ``pkt-quiz-feedback``).

>>> quiz = Quiz("How many cards make a hand?", ["Five", "Seven"], 0, "Only the best five count.")
>>> quiz.choices.value = "Seven"
>>> quiz.check_button.click()
>>> quiz.correct
False
>>> "Not quite." in quiz.feedback.value
True
"""

from __future__ import annotations

import html
from typing import Any, Sequence

import ipywidgets

from pokerkit_teach import compare_hands
from pokerkit_teach.holdem.cards import CardsLike, format_cards, parse_cards
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, check_language, message

__all__ = ["Quiz", "Solution"]


def _esc(text: object) -> str:
    return html.escape(str(text))


class Quiz:
    """A multiple-choice question with feedback.

    ``options`` are the answers in the order shown; ``correct_index`` points at the right one;
    ``explanation`` is shown with the feedback, right or wrong.
    """

    def __init__(self, question: str, options: Sequence[str], correct_index: int, explanation: str = "",
                 lang: str = DEFAULT_LANGUAGE) -> None:
        if len(options) < 2:
            raise ValueError(f"a quiz needs at least two answers, got {len(options)}")
        if len(set(options)) != len(options):
            raise ValueError(f"the answers of a quiz must differ, got {list(options)!r}")
        if not 0 <= correct_index < len(options):
            raise ValueError(f"correct_index {correct_index} is not one of the {len(options)} answers")
        self.lang = check_language(lang)
        self.options = tuple(options)
        self.correct_index = correct_index
        self.explanation = explanation
        self.correct: bool | None = None  # None until the learner has checked an answer

        self.question = ipywidgets.HTML(f"<p><b>{_esc(question)}</b></p>")
        self.question.add_class("pkt-quiz-question")
        self.choices = ipywidgets.RadioButtons(
            options=list(self.options), value=None, description=message("apps.quiz.answer_label", self.lang),
            layout=ipywidgets.Layout(width="max-content"), style={"description_width": "initial"},
        )
        self.choices.add_class("pkt-quiz-options")
        self.check_button = ipywidgets.Button(description=message("apps.quiz.check", self.lang), button_style="primary")
        self.check_button.add_class("pkt-quiz-check")
        self.check_button.on_click(self.check)
        self.feedback = ipywidgets.HTML()
        self.feedback.add_class("pkt-quiz-feedback")
        self.box = ipywidgets.VBox([self.question, self.choices, self.check_button, self.feedback])
        self.box.add_class("pkt-quiz")

    @classmethod
    def compare(cls, board: CardsLike, first: CardsLike, second: CardsLike, lang: str = DEFAULT_LANGUAGE) -> "Quiz":
        """Which of two pairs of hole cards makes the stronger hand with ``board``? The engine decides.

        >>> quiz = Quiz.compare("Qc 8h 8s 5d 3c", "7d 6h", "4h 2d")
        >>> quiz.options
        ('7♦ 6♥', '4♥ 2♦', 'Both are equally strong')
        >>> quiz.correct_index
        0
        """
        board_cards, first_cards, second_cards = parse_cards(board), parse_cards(first), parse_cards(second)
        comparison = compare_hands([*first_cards, *board_cards], [*second_cards, *board_cards])
        shown = {
            "board": format_cards(board_cards, lang),
            "first": format_cards(first_cards, lang),
            "second": format_cards(second_cards, lang),
        }
        options = [message(f"apps.quiz.compare_{key}", lang, **shown) for key in ("first", "second", "tie")]
        correct = {"a": 0, "b": 1, "tie": 2}[comparison.winner]
        return cls(message("apps.quiz.compare_question", lang, **shown), options, correct, comparison.text(lang), lang)

    def check(self, _button: Any = None) -> None:
        """Judge the chosen answer and show the feedback (the Check button calls this)."""
        index = self.choices.index
        if index is None:
            self.correct = None
            self.feedback.value = f'<p role="status" class="pkt-quiz-hint">{_esc(message("apps.quiz.choose_first", self.lang))}</p>'
            return
        self.correct = index == self.correct_index
        verdict = message("apps.quiz.right" if self.correct else "apps.quiz.wrong", self.lang)
        kind, colour = ("right", "#175") if self.correct else ("wrong", "#a00")
        explanation = f" {_esc(self.explanation)}" if self.explanation else ""
        self.feedback.value = (
            f'<p role="status" class="pkt-quiz-{kind}" style="color:{colour}"><b>{_esc(verdict)}</b>{explanation}</p>'
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        self.check_button.on_click(self.check, remove=True)
        self.box.close()


class Solution:
    """A solution hidden behind a "Solution" summary that the learner opens (an HTML ``<details>``).

    >>> print(Solution("Two pair beats a pair.", "de").html.value)
    <details class="pkt-solution"><summary>Lösung</summary><p>Two pair beats a pair.</p></details>
    """

    def __init__(self, text: str, lang: str = DEFAULT_LANGUAGE) -> None:
        summary = _esc(message("apps.quiz.solution", check_language(lang)))
        self.html = ipywidgets.HTML(f'<details class="pkt-solution"><summary>{summary}</summary><p>{_esc(text)}</p></details>')
        self.html.add_class("pkt-quiz-solution")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.html._repr_mimebundle_(**kwargs)
