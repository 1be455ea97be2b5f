"""The lessons' tasks: a multiple-choice :class:`Quiz`, a predict-first :class:`Predict` and the learner's
:class:`Results`.

The widgets hold no rules. A lesson either gives the right answer itself (for a question about the game's
procedure) or lets the engine find it: :meth:`Quiz.compare` asks :func:`pokerkit_teach.compare_hands`
which of two hands is stronger and shows the engine's reason as the explanation; a :class:`Predict`
gets its number from the kit, computed in the same cell.

How a quiz answers: a right answer is praised with the explanation. The first wrong try says "Not yet."
with the hint (never the answer, never the explanation) and the learner tries again; a second wrong try
gives the right answer and the explanation. A prediction shows nothing of the kit's number until the
learner has typed a number and pressed Check (the page holds no trace of it before, hidden or not).

Every control is a real ipywidgets control with a visible name, so the tasks work with the keyboard alone
(Tab to the answers, arrow keys to choose, Tab and Enter to check) and feedback is in a ``role="status"``
element. The parts carry stable CSS classes (``pkt-quiz``, ``pkt-quiz-question``, ``pkt-quiz-options``,
``pkt-quiz-check``, ``pkt-quiz-feedback``; ``pkt-predict``, ``pkt-predict-entry``; ``pkt-results``,
``pkt-results-table``, ``pkt-results-name``, ``pkt-results-download``).

>>> results = Results("01", "en")
>>> quiz = Quiz("How many cards make a hand?", ["Five", "Six", "Seven", "Two"], 0, "Only the best five count.",
...             hint="Count the cards of a full house.", results=results)
>>> quiz.choices.value = "Seven"
>>> quiz.check_button.click()
>>> quiz.correct, "Not yet." in quiz.feedback.value, "best five" in quiz.feedback.value
(False, True, False)
>>> quiz.choices.value = "Five"
>>> quiz.check_button.click()
>>> quiz.correct, "Only the best five count." in quiz.feedback.value
(True, True)
>>> [(row["tries"], row["first_try_right"]) for row in results.summary()]
[(2, False)]
"""

from __future__ import annotations

import base64
import datetime
import html
import math
import re
import unicodedata
from decimal import Decimal
from typing import Any, Sequence

import anywidget
import ipywidgets
import traitlets
from babel.numbers import NumberFormatError, parse_decimal

from pokerkit_teach import compare_hands
from pokerkit_teach.core.i18n import DEFAULT_LANGUAGE, check_language, message, number, percent
from pokerkit_teach.holdem.cards import CardsLike, format_cards, parse_cards

__all__ = ["Quiz", "Predict", "Results", "Solution", "LiveFeedback", "PredictInputError", "parse_guess"]

_K = "apps.quiz."


def _esc(text: object) -> str:
    return html.escape(str(text))


def _t(key: str, lang: str, **values: Any) -> str:
    return message(_K + key, lang, **values)


def _status(kind: str, body: str) -> str:
    """The feedback paragraph (put into a :class:`LiveFeedback`, whose live region reads it out)."""
    return f'<div class="pkt-quiz-{kind}">{body}</div>'


class LiveFeedback(anywidget.AnyWidget):
    """An HTML text in a live region that stays in the page (``role="status"``): screen readers read each
    new ``value`` out. An ipywidgets ``HTML`` widget replaces its whole content, so a live region inside
    its value would be a new element each time, which screen readers may not announce.

    >>> LiveFeedback(value="<b>Right!</b>").value
    '<b>Right!</b>'
    """

    value = traitlets.Unicode("").tag(sync=True)
    _esm = """
    function render({ model, el }) {
      const region = document.createElement("div");
      region.setAttribute("role", "status");
      region.className = "pkt-quiz-status";
      region.style.margin = "4px 2px";
      const draw = () => { region.innerHTML = model.get("value"); };
      draw();
      model.on("change:value", draw);
      el.appendChild(region);
      return () => model.off("change:value", draw);
    }
    export default { render };
    """


_COLOURS = {"right": "#175c2e", "wrong": "#a00000", "hint": "#7a4a00", "problem": "#a00000"}


def _verdict(kind: str, text: str) -> str:
    return f'<b style="color:{_COLOURS[kind]}">{_esc(text)}</b>'


class _Task:
    """What every task tells its :class:`Results`: a key, the question, how it went."""

    kind = "task"

    def __init__(self, question: str, lang: str, results: "Results | None", key: str | None) -> None:
        self.lang = check_language(lang)
        self.question_text = question
        self.key = key if key is not None else question
        self.results = results
        self.tries = 0

    def record(self) -> dict[str, Any]:
        raise NotImplementedError

    def _report(self) -> None:
        if self.results is not None:
            self.results.update(self)

    # every task has a box of widgets and a Check button calling check
    box: ipywidgets.VBox
    check_button: ipywidgets.Button

    def check(self, _button: Any = None) -> None:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        self.check_button.on_click(self.check, remove=True)
        self.box.close()


class Quiz(_Task):
    """A multiple-choice question with feedback that does not give the answer away at the first try.

    ``options`` are the answers in the order shown (four or more where the question allows);
    ``correct_index`` points at the right one; ``explanation`` is shown after a right answer or a second
    wrong try; ``hint`` after the first wrong try (it must not contain the answer). ``results`` collects
    the quiz, under ``key`` (the question if not given; a cell run again replaces its entry).
    """

    kind = "quiz"

    def __init__(self, question: str, options: Sequence[str], correct_index: int, explanation: str = "",
                 lang: str = DEFAULT_LANGUAGE, *, hint: str = "", results: "Results | None" = None,
                 key: str | None = None) -> None:
        if len(options) < 2:
            raise ValueError(f"a quiz needs at least two answers, got {len(options)}")
        if len(set(options)) != len(options):
            raise ValueError(f"the answers of a quiz must differ, got {list(options)!r}")
        if not 0 <= correct_index < len(options):
            raise ValueError(f"correct_index {correct_index} is not one of the {len(options)} answers")
        super().__init__(question, lang, results, key)
        self.options = tuple(options)
        self.correct_index = correct_index
        self.explanation = explanation
        self.hint = hint
        self.correct: bool | None = None  # None until the learner has checked an answer
        self.wrong_tries = 0
        self.solved_at: int | None = None  # the try that was first right
        self.chosen: list[str] = []

        self.question = ipywidgets.HTML(f"<p><b>{_esc(question)}</b></p>")
        self.question.add_class("pkt-quiz-question")
        self.choices = ipywidgets.RadioButtons(
            options=list(self.options), value=None, description=_t("answer_label", self.lang),
            layout=ipywidgets.Layout(width="max-content"), style={"description_width": "initial"},
        )
        self.choices.add_class("pkt-quiz-options")
        self.check_button = ipywidgets.Button(description=_t("check", self.lang), button_style="primary")
        self.check_button.add_class("pkt-quiz-check")
        self.check_button.on_click(self.check)
        self.feedback = LiveFeedback()
        self.feedback.add_class("pkt-quiz-feedback")
        self.box = ipywidgets.VBox([self.question, self.choices, self.check_button, self.feedback])
        self.box.add_class("pkt-quiz")
        if results is not None:
            results.add(self)

    @classmethod
    def compare(cls, board: CardsLike, first: CardsLike, second: CardsLike, lang: str = DEFAULT_LANGUAGE, *,
                hint: str | None = None, results: "Results | None" = None, key: str | None = None) -> "Quiz":
        """Which of two pairs of hole cards makes the stronger hand with ``board``? The engine decides.

        The hint (unless one is given) names the kind of hand each pair makes, without saying which wins.

        >>> quiz = Quiz.compare("Qc 8h 8s 5d 3c", "7d 6h", "4h 2d")
        >>> quiz.options
        ('7♦ 6♥', '4♥ 2♦', 'Both are equally strong')
        >>> quiz.correct_index
        0
        >>> quiz.hint
        'Both make a pair: compare the hands card by card, from the most important card down.'
        """
        lang = check_language(lang)
        board_cards, first_cards, second_cards = parse_cards(board), parse_cards(first), parse_cards(second)
        comparison = compare_hands([*first_cards, *board_cards], [*second_cards, *board_cards])
        shown = {
            "board": format_cards(board_cards, lang),
            "first": format_cards(first_cards, lang),
            "second": format_cards(second_cards, lang),
        }
        options = [_t(f"compare_{part}", lang, **shown) for part in ("first", "second", "tie")]
        correct = {"a": 0, "b": 1, "tie": 2}[comparison.winner]
        if hint is None:
            first_kind, second_kind = comparison.a.category, comparison.b.category
            hint = (_t("compare_hint_same", lang, category=first_kind) if first_kind == second_kind
                    else _t("compare_hint", lang, first_category=first_kind, second_category=second_kind, **shown))
        return cls(_t("compare_question", lang, **shown), options, correct, comparison.text(lang), lang,
                   hint=hint, results=results, key=key)

    def check(self, _button: Any = None) -> None:
        """Judge the chosen answer and show the feedback (the Check button calls this)."""
        index = self.choices.index
        if index is None:
            self.feedback.value = _status("hint", _esc(_t("choose_first", self.lang)))
            return
        self.tries += 1
        self.chosen.append(self.options[index])
        self.correct = index == self.correct_index
        explanation = f" {_esc(self.explanation)}" if self.explanation else ""
        if self.correct:
            if self.solved_at is None:
                self.solved_at = self.tries
            self.feedback.value = _status("right", _verdict("right", _t("right", self.lang)) + explanation)
        else:
            self.wrong_tries += 1
            if self.wrong_tries == 1 and self.solved_at is None:
                hint = self.hint or _t("hint_default", self.lang)
                self.feedback.value = _status("hint", _verdict("hint", _t("not_yet", self.lang)) + f" {_esc(hint)}")
            else:
                answer = _esc(_t("right_answer", self.lang, answer=self.options[self.correct_index]))
                self.feedback.value = _status("wrong", _verdict("wrong", _t("wrong", self.lang)) + f" {answer}{explanation}")
        self._report()

    @property
    def first_try_right(self) -> bool | None:
        """Whether the first checked answer was right (None before any)."""
        return None if self.tries == 0 else self.solved_at == 1

    def record(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "question": self.question_text, "tries": self.tries,
                "first_try_right": self.first_try_right, "solved": self.solved_at is not None,
                "chosen": list(self.chosen), "guess": None, "answer": None, "within": None}



class PredictInputError(ValueError):
    """A guess the kit cannot read: a catalogue key (``apps.quiz.predict_*``) and its values."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def text(self, lang: str) -> str:
        return _t(self.key, lang, **self.values)


_SPACES = re.compile(r"[\s\u00a0\u202f]+")


def parse_guess(text: str, lang: str, percent_mode: bool = False, unit: str = "") -> float:
    """The number a learner typed, read by the number rules of ``lang`` (Babel's ``parse_decimal``).

    A ``%`` sign is allowed: with ``percent_mode`` the number is a percentage anyway, otherwise ``19 %`` is
    read as 0.19. The result is in the answer's units (a fraction in percent mode). A text that is no
    number raises :class:`PredictInputError` naming the problem.

    >>> parse_guess("19", "en", percent_mode=True), parse_guess("19 %", "de", percent_mode=True)
    (0.19, 0.19)
    >>> parse_guess("0,19", "es"), parse_guess("1.234,5", "de"), parse_guess("12 %", "en")
    (0.19, 1234.5, 0.12)
    >>> try:
    ...     parse_guess("0,19", "en")
    ... except PredictInputError as problem:
    ...     print(problem.text("en"))
    “0,19” is not written as numbers are written in English. Did you mean 0.19?
    """
    lang = check_language(lang)
    raw = text.strip()
    if not raw:
        raise PredictInputError("predict_empty")
    cleaned = raw
    if unit and cleaned.casefold().endswith(unit.casefold()):
        cleaned = cleaned[: -len(unit)].strip()
    has_percent = cleaned.endswith("%")
    if has_percent:
        cleaned = cleaned[:-1].strip()
    cleaned = _SPACES.sub("", cleaned).lstrip("+").replace("\u2212", "-")
    if not cleaned:
        raise PredictInputError("predict_not_a_number", text=raw)
    try:
        value: Decimal = parse_decimal(cleaned, locale=lang, strict=True)
    except NumberFormatError as error:
        suggestions = getattr(error, "suggestions", None)
        if suggestions:
            raise PredictInputError("predict_separator", text=raw, suggestion=suggestions[-1]) from None
        raise PredictInputError("predict_not_a_number", text=raw) from None
    if not value.is_finite():
        raise PredictInputError("predict_not_a_number", text=raw)
    result = float(value)
    if percent_mode or has_percent:
        if not 0 <= result <= 100 and percent_mode:
            raise PredictInputError("predict_percent_range", text=raw)
        result = float(value / 100)
    return result


class Predict(_Task):
    """Predict first: the learner types a number and presses Check; only then the kit's number ``answer``
    (computed by the lesson's cell), how far off the guess was, and ``explanation`` are shown.

    ``percent=True``: the learner types a percentage (19 for 19 %), ``answer`` is a fraction (0.19).
    ``tolerance`` is how close counts as a good prediction, in the answer's units (0.02 = 2 percentage
    points in percent mode), or a fraction of the answer with ``relative=True``. ``unit`` is written after
    numbers that are not percentages (a word of the lesson's language). ``digits``: decimals shown.

    >>> task = Predict("How often does a random team win?", 0.1936, "de", percent=True, explanation="Ties help.")
    >>> "19" in task.box_html() or "Ties" in task.box_html()
    False
    >>> task.entry.value = "25"
    >>> task.check_button.click()
    >>> "19,4\xa0%" in task.feedback.value, "Ties help." in task.feedback.value
    (True, True)
    """

    kind = "predict"

    def __init__(self, question: str, answer: float, lang: str = DEFAULT_LANGUAGE, *, explanation: str = "",
                 tolerance: float = 0.02, relative: bool = False, percent: bool = False, unit: str = "",
                 results: "Results | None" = None, key: str | None = None, digits: int | None = None) -> None:
        try:  # a float, an int, a Fraction, a numpy number: whatever the kit computed
            value = float(answer) if not isinstance(answer, (bool, str, bytes)) else math.nan
        except (TypeError, ValueError):
            value = math.nan
        if not math.isfinite(value):
            raise ValueError(f"the answer of a prediction must be a finite number, got {answer!r}")
        if tolerance < 0:
            raise ValueError(f"tolerance must not be negative, got {tolerance!r}")
        super().__init__(question, lang, results, key)
        self.answer = value
        self.explanation = explanation
        self.tolerance = tolerance
        self.relative = relative
        self.percent = percent
        self.unit = unit
        self.digits = digits
        self.guess: float | None = None  # in the answer's units, once checked

        self.question = ipywidgets.HTML(f"<p><b>{_esc(question)}</b></p>")
        self.question.add_class("pkt-quiz-question")
        label = _t("predict_label_percent" if percent else "predict_label", self.lang)
        self.entry = ipywidgets.Text(value="", description=label, style={"description_width": "initial"},
                                     layout=ipywidgets.Layout(width="max-content"))
        self.entry.add_class("pkt-predict-entry")
        self.check_button = ipywidgets.Button(description=_t("check", self.lang), button_style="primary")
        self.check_button.add_class("pkt-quiz-check")
        self.check_button.on_click(self.check)
        self.feedback = LiveFeedback()
        self.feedback.add_class("pkt-quiz-feedback")
        self.box = ipywidgets.VBox([self.question, ipywidgets.HBox([self.entry, self.check_button]), self.feedback])
        self.box.add_class("pkt-quiz")
        self.box.add_class("pkt-predict")
        if results is not None:
            results.add(self)

    @property
    def checked(self) -> bool:
        return self.guess is not None

    def shown(self, value: float, guess: bool = False) -> str:
        """A number in the answer's units as the page writes it (a percentage, or a number and the unit).
        The kit's number has ``digits`` decimals (one for a percentage, as Babel writes it otherwise); a
        guess is written with the decimals it was typed with (25 %, 12.5 %), up to three."""
        if guess:
            typed = value * 100 if self.percent else value
            digits = next((d for d in range(3) if abs(typed * 10**d - round(typed * 10**d)) < 1e-9), 3)
        else:
            digits = self.digits if self.digits is not None else (1 if self.percent else -1)
        if self.percent:
            return percent(value, self.lang, digits)
        text = number(value, self.lang, None if digits < 0 or guess else digits)
        return _t("predict_with_unit", self.lang, value=text, unit=self.unit) if self.unit else text

    def difference_text(self, guess: float) -> str:
        """How far ``guess`` is from the answer, in words of the language."""
        off = abs(guess - self.answer)
        if self.relative and self.answer != 0:
            share = off / abs(self.answer)
            return _t("predict_off_relative", self.lang, share=percent(share, self.lang, 0 if share >= 0.095 else 1))
        if self.percent:
            return _t("predict_off_points", self.lang, points=round(off * 100, 1))
        return _t("predict_off", self.lang, difference=self.shown(off))

    def within(self, guess: float) -> bool:
        """Whether ``guess`` counts as well predicted: within the tolerance, or the kit's number as the
        page writes it (typing the 19.4 % the kit shows for 0.1936 is right)."""
        off = abs(guess - self.answer)
        limit = self.tolerance * abs(self.answer) if self.relative else self.tolerance
        return off <= limit + 1e-12 or self.shown(guess) == self.shown(self.answer)

    def check(self, _button: Any = None) -> None:
        """Read the guess; show a problem (and change nothing) or the kit's number and the explanation."""
        if self.checked:
            return
        try:
            guess = parse_guess(self.entry.value, self.lang, self.percent, self.unit)
        except PredictInputError as problem:
            self.feedback.value = _status("problem", _verdict("problem", problem.text(self.lang)))
            return
        self.guess = guess
        self.tries = 1
        parts = [
            _esc(_t("predict_your_guess", self.lang, guess=self.shown(guess, guess=True))),
            _esc(_t("predict_kit_number", self.lang, answer=self.shown(self.answer))),
        ]
        if self.within(guess):
            verdict = _verdict("right", _t("predict_close", self.lang))
        else:
            verdict = _verdict("hint", _t("predict_far", self.lang))
        parts.append(_esc(self.difference_text(guess)) if self.shown(guess) != self.shown(self.answer) else "")
        explanation = f"<br>{_esc(self.explanation)}" if self.explanation else ""
        with self.box.hold_sync():
            # The guess is kept as it was predicted; the Check button stays enabled (it has the keyboard's
            # focus, which a disabled button would drop to the page's start) and does nothing more.
            self.entry.disabled = True
            self.feedback.value = _status("right" if self.within(guess) else "hint",
                                          f"{verdict} " + " ".join(p for p in parts if p) + explanation)
        self._report()

    def record(self) -> dict[str, Any]:
        return {"key": self.key, "kind": self.kind, "question": self.question_text, "tries": self.tries,
                "first_try_right": None, "solved": self.checked, "chosen": [],
                "guess": self.guess, "answer": self.answer if self.checked else None,
                "within": self.within(self.guess) if self.guess is not None else None}

    def box_html(self) -> str:
        """Every text the task's widgets hold now (what the page can show)."""
        return " ".join(str(w.value) for w in (self.question, self.entry, self.feedback)) + str(self.entry.description)



def _file_name_part(name: str) -> str:
    """A learner's name as a file name may hold it: letters and digits, dashes between words."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()[:40]


class Results:
    """The learner's results of one lesson: every :class:`Quiz` and :class:`Predict` made with
    ``results=`` this object, shown (at the lesson's end) as a table, a field for the learner's name and a
    "Download my results" link to a small text file (a ``data:`` address: nothing is stored on the
    server). The table and the link follow every answer as it is given.

    >>> results = Results("01", "en")
    >>> results.summary()
    []
    >>> results.file_name()
    'lesson-01-results.txt'
    >>> results.name_field.value = "Anna Müller"
    >>> results.file_name()
    'lesson-01-results-anna-muller.txt'
    """

    def __init__(self, lesson: str, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lesson = str(lesson)
        self.lang = check_language(lang)
        self.tasks: dict[str, _Task] = {}
        self.heading = ipywidgets.HTML(f"<h3>{_esc(_t('results_heading', self.lang, lesson=self.lesson))}</h3>")
        self.table = ipywidgets.HTML()
        self.table.add_class("pkt-results-table")
        self.name_field = ipywidgets.Text(value="", description=_t("results_name", self.lang),
                                          style={"description_width": "initial"})
        self.name_field.add_class("pkt-results-name")
        self.name_field.observe(self._refresh, names="value")
        self.download = ipywidgets.HTML()
        self.download.add_class("pkt-results-download")
        self.note = ipywidgets.HTML(f"<p>{_esc(_t('results_note', self.lang))}</p>")
        self.box = ipywidgets.VBox([self.heading, self.table, self.name_field, self.download, self.note])
        self.box.add_class("pkt-results")
        self._refresh()

    def add(self, task: _Task) -> None:
        """Collect ``task`` (a task made again under the same key replaces the old one, in its place)."""
        self.tasks[task.key] = task
        self._refresh()

    def update(self, task: _Task) -> None:
        """A task has been answered: redraw the table and the link."""
        if self.tasks.get(task.key) is not task:
            self.tasks[task.key] = task
        self._refresh()

    def summary(self) -> list[dict[str, Any]]:
        """Each task's record, in the lesson's order: ``key``, ``kind`` (``quiz``/``predict``), ``question``,
        ``tries``, ``first_try_right``, ``solved``, ``chosen`` (a quiz's answers), ``guess`` and ``answer``
        (a prediction's numbers; ``answer`` stays None until the learner has checked), ``within``."""
        return [task.record() for task in self.tasks.values()]

    def file_name(self) -> str:
        part = _file_name_part(self.name_field.value)
        return f"lesson-{_file_name_part(self.lesson) or 'x'}-results" + (f"-{part}" if part else "") + ".txt"

    def _cells(self, task: _Task) -> tuple[str, str, str, str]:
        """Tries, first try right, the guess and the kit's number, as the table and the file write them."""
        lang = self.lang
        dash = "–"
        if isinstance(task, Quiz):
            first = dash if task.first_try_right is None else _t("yes" if task.first_try_right else "no", lang)
            return (number(task.tries, lang), first, dash, dash)
        if isinstance(task, Predict) and task.guess is not None:
            return (number(task.tries, lang), dash, task.shown(task.guess, guess=True), task.shown(task.answer))
        return (number(task.tries, lang), dash, dash, dash)

    def text(self) -> str:
        """The downloadable file: the lesson, the name, the date and one block per task."""
        lang = self.lang
        lines = [_t("results_heading", lang, lesson=self.lesson),
                 _t("results_file_name", lang, name=self.name_field.value.strip() or "–"),
                 _t("results_file_date", lang, date=datetime.date.today().isoformat()), ""]
        for number_, task in enumerate(self.tasks.values(), 1):
            tries, first, guess, answer = self._cells(task)
            lines.append(f"{number_}. {task.question_text}")
            if isinstance(task, Predict):
                lines.append("   " + (_t("results_file_predict", lang, guess=guess, answer=answer) if task.checked
                                      else _t("results_not_answered", lang)))
            else:
                lines.append("   " + (_t("results_file_quiz", lang, tries=tries, first=first) if task.tries
                                      else _t("results_not_answered", lang)))
        lines += ["", self.score_text()]
        return "\n".join(lines) + "\n"

    def score_text(self) -> str:
        records = self.summary()
        answered = sum(1 for r in records if r["tries"])
        quizzes = [r for r in records if r["kind"] == "quiz"]
        first = sum(1 for r in quizzes if r["first_try_right"])
        return _t("results_score", self.lang, answered=answered, total=len(records), first=first, quizzes=len(quizzes))

    def data_url(self) -> str:
        return "data:text/plain;charset=utf-8;base64," + base64.b64encode(self.text().encode("utf-8")).decode("ascii")

    def _table_html(self) -> str:
        lang = self.lang
        cell = "padding:3px 10px 3px 0;text-align:left;vertical-align:top;border-bottom:1px solid #bbb"
        head = "".join(f'<th scope="col" style="{cell}">{_esc(_t(k, lang))}</th>' for k in
                       ("results_task", "results_tries", "results_first", "results_guess", "results_kit"))
        rows = []
        for number_, task in enumerate(self.tasks.values(), 1):
            cells = "".join(f'<td style="{cell}">{_esc(c)}</td>' for c in self._cells(task))
            rows.append(f'<tr><th scope="row" style="{cell};font-weight:normal;max-width:32em">'
                        f"{number_}. {_esc(task.question_text)}</th>{cells}</tr>")
        if not rows:
            rows.append(f'<tr><td colspan="5" style="{cell}">{_esc(_t("results_none", lang))}</td></tr>')
        caption = _esc(self.score_text())
        return (f'<table class="pkt-results-grid" style="border-collapse:collapse;margin:4px 0 8px">'
                f'<caption style="text-align:left;padding-bottom:4px">{caption}</caption><thead><tr>{head}</tr></thead>'
                f"<tbody>{''.join(rows)}</tbody></table>")

    def _refresh(self, _change: Any = None) -> None:
        with self.box.hold_sync():
            self.table.value = self._table_html()
            self.download.value = (
                f'<a download="{_esc(self.file_name())}" href="{self.data_url()}" '
                f'style="color:#1a5fb4;text-decoration:underline">{_esc(_t("results_download", self.lang))}</a>'
                f" <span>({_esc(self.file_name())})</span>"
            )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._refresh()
        return self.box._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        self.name_field.unobserve(self._refresh, names="value")
        self.box.close()


class Solution:
    """A solution hidden behind a "Solution" summary that the learner opens (an HTML ``<details>``).

    >>> print(Solution("Two pair beats a pair.", "de").html.value)
    <details class="pkt-solution"><summary>Lösung</summary><p>Two pair beats a pair.</p></details>
    """

    def __init__(self, text: str, lang: str = DEFAULT_LANGUAGE) -> None:
        summary = _esc(_t("solution", check_language(lang)))
        self.html = ipywidgets.HTML(f'<details class="pkt-solution"><summary>{summary}</summary><p>{_esc(text)}</p></details>')
        self.html.add_class("pkt-quiz-solution")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.html._repr_mimebundle_(**kwargs)
