"""What the lessons and the teacher's material say, checked against the kit and the rulebooks.

A review of the lessons as a teacher reads them (every figure recomputed by hand, every lesson and app
read in each language) found claims that were wrong and words that read wrong. Each check below would
have caught one of them, and keeps it from coming back:

- claims: the standard error of a simulated share, the gap between the bot's model and the hint, the best
  single round of the bots' game, A-2-3-4-5, the second deck's back, the blind team's first guess, where
  p = 1/3 is computed, the ready kernels, every seat's claim in PokerGuess, staying with a weak hand,
  the numbered lessons, simulations that keep a class waiting;
- readings: wherever a quiz answer rests on a reading of the rules, the lesson names it and the kit
  offers the other reading as a rule option;
- words: the phrases the review listed, in each language, are gone from every text a learner reads (the
  lessons, the catalogues the lessons and apps show, the scenarios' titles) and from the teacher's material.

The figures themselves are checked by tests/test_lesson_figures.py.
"""

from __future__ import annotations

import ast
import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from pokerkit_teach.core.i18n import catalogue, number, percent

from tests.lessons.material import LANGS, LESSONS, page_text, texts
from tests.support import ROOT, load_script

TEACHERS = ROOT / "docs" / "teachers"


def _notebook(lang: str, name: str) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads((ROOT / "notebooks" / "lessons" / lang / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def _code(lang: str, name: str, cell_id: str) -> str:
    [cell] = [cell for cell in _notebook(lang, name) if cell.get("id") == cell_id]
    return _source(cell)


def _strings(source: str) -> Iterator[str]:
    """The string literals of the code, without docstrings (which a learner does not see)."""
    tree = ast.parse(source)
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.value


def learner_texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a learner reads: each lesson's markdown and the strings of its code
    (quiz questions, options, printed labels), and every message of the language's catalogues."""
    for path in sorted((ROOT / "notebooks" / "lessons" / lang).glob("*.ipynb")):
        for number_, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"], 1):
            source = _source(cell)
            if cell["cell_type"] == "markdown":
                yield f"{path.name} cell {number_}", source
            elif cell["cell_type"] == "code":
                for text in _strings(source):
                    yield f"{path.name} cell {number_}", text
    for key, text in catalogue(lang).items():
        yield f"catalogue {key}", text
    for path in sorted((ROOT / "pokerkit_teach").glob("*/scenarios/*.json")):  # the titles the apps and lessons show
        title = json.loads(path.read_text(encoding="utf-8")).get("title", {})
        if isinstance(title, dict) and lang in title:
            yield f"scenario {path.stem}", title[lang]


def teacher_texts(lang: str) -> Iterator[tuple[str, str]]:
    folder = TEACHERS / lang
    for path in sorted(folder.iterdir()):
        if path.suffix == ".md":
            yield path.name, path.read_text(encoding="utf-8")
        elif path.suffix == ".html":
            yield path.name, page_text(path)


def _found(pattern: str, where: Iterator[tuple[str, str]], flags: int = 0) -> list[str]:
    """Where ``pattern`` occurs, in texts read as a reader sees them: a link is its words, emphasis and
    code marks are gone, a line break is a space."""
    return [f"{place}: {match.group(0)!r}" for place, text in where for match in re.finditer(pattern, _as_read(text), flags)]


def _as_read(text: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return " ".join(re.sub(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`", "", text).split())


# ---------------------------------------------------------------- the errors the review found

@pytest.mark.parametrize("lang", LANGS)
def test_the_error_of_a_simulated_share_is_not_one_over_root_n(lang: str) -> None:
    """Lesson 5 said a simulation is "typically off by about 1/√N"; for a share it is √(p(1 − p)/N), at most
    1/(2√N): about 0.35 points at 20,000 deals (the lesson prints it, the figures test reads the guide)."""
    lesson = texts("05", lang)
    for kind, text in lesson.items():
        assert not re.search(r"1 ?/ ?(√|sqrt) ?\(? ?N\b", text), f"lesson 5 {kind} ({lang}) gives 1/√N as the error"
    assert "standard_error(at_least_two, deals)" in _code(lang, LESSONS["05"], "simulate")
    guide = lesson["guide"]
    assert number(0.35, lang, 2) in guide and "√(p(1 − p)/N)" in guide


STANDARD_ERRORS = {"en": r"(\S+) standard errors", "de": r"(\S+) Standardfehler", "es": r"(\S+) errores estándar"}


@pytest.mark.parametrize("lang", LANGS)
def test_guide_3_gives_the_model_gap_in_standard_errors_as_the_kit_computes_it(lang: str) -> None:
    from pokerkit_teach.core.probability import binomial, standard_error
    from pokerkit_teach.games.pokerface.hints import rank_probabilities
    from pokerkit_teach.games.pokerface.scenarios import load_scenario
    from pokerkit_teach.games.pokerface.strength import share_beaten

    ben = load_scenario("token-round").replay().state_after(14).view_for(1)
    model = float(binomial(3, 3, share_beaten(ben.hole, ben.board)))
    hint = rank_probabilities(ben, 20000, seed=1).probabilities[-1]
    gap = round((model - hint) / standard_error(hint, 2000))
    stated = [match.group(1) for kind, text in texts("03", lang).items() if kind != "lesson"
              for match in re.finditer(STANDARD_ERRORS[lang], text)]
    assert str(gap) in stated and gap == 13
    assert not {"fifteen", "fünfzehn", "quince", "15"} & set(stated)


@pytest.mark.parametrize("lang", LANGS)
def test_guide_7_names_the_bots_best_single_round_and_the_totals(lang: str) -> None:
    import numpy as np

    from pokerkit_teach.core.match import Match
    from pokerkit_teach.core.registry import get_game
    from pokerkit_teach.games.voces.rules import VocesRules

    voces = get_game("voces")
    game = VocesRules(("Anna", "Ben", "Carla", "Dan"), rounds=3).new_game(seed=3)  # the lesson's cell "v7-game"
    bots = {seat: voces.make_bot("builder", np.random.default_rng([3, seat])) for seat in range(4)}
    Match(game, bots, seed=np.random.default_rng(3)).play_to_end()
    totals = [sum(scores[seat] for scores in game.round_scores) for seat in range(4)]
    best = max(points for scores in game.round_scores for points in scores)
    [holder] = {game.players[seat] for scores in game.round_scores for seat, points in enumerate(scores) if points == best}
    best_round = {"en": "best single round", "de": "beste(n)? einzelne(n)? Runde", "es": "mejor ronda suelta"}[lang]
    for kind in ("guide", "answers"):
        text = " ".join(texts("07", lang)[kind].split())
        assert ", ".join(f"{name} {total}" for name, total in zip(game.players, totals, strict=True)) in text
        for scores in game.round_scores:
            assert ", ".join(map(str, scores)) in text
        clauses = [clause for clause in re.split(r"[.;:]", text) if re.search(best_round, clause)]
        assert clauses, f"guide 7 {kind} ({lang}) does not name the best single round"
        for clause in clauses:
            named = {name for name in game.players if re.search(rf"\b{name}\b", clause)}
            assert named == {holder} and str(best) in clause, clause
    assert game.players[game.outcome.winners[0]] == holder  # the winner also had the best round: no puzzle to discuss


WHEEL = r"A-2-3-4-5|`?5 4 3 2 A`?"
NOTHING_SAID = {"en": r"says nothing", "de": r"sagt nichts|sagen nichts", "es": r"no dice nada"}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_6_and_the_glossary_say_what_the_rulebook_says_of_a_2_3_4_5(lang: str) -> None:
    """The rulebook says straights do not wrap from the Ace on to the 2; the kit reads that as ruling out
    A-2-3-4-5 too (the rule option ace_low_straight allows it). Neither text may say the rulebook is silent."""
    from pokerkit_teach.games.voces.ranking import rank_voces_hand

    assert "straight" not in rank_voces_hand("As1 2s2 3s3 4s4 5s5").category.name.lower()
    assert "straight" not in rank_voces_hand("Qs1 Ks2 As3 2s4 3s5").category.name.lower()
    for name in (LESSONS["06"], "glossary"):
        text = "\n".join(_source(cell) for cell in _notebook(lang, name) if cell["cell_type"] == "markdown")
        paragraphs = [paragraph for paragraph in re.split(r"\n\s*\n", text) if re.search(WHEEL, paragraph)]
        assert paragraphs, f"{lang}/{name} does not speak of A-2-3-4-5"
        for paragraph in paragraphs:
            assert not re.search(NOTHING_SAID[lang], paragraph), f"{lang}/{name}: {paragraph[:200]}"
    assert "ace_low_straight" in "\n".join(_source(cell) for cell in _notebook(lang, LESSONS["06"]))


SAME_BACK = {  # what the guide asks for, and what it must not allow (a back that gives the fifth suit away)
    "en": ("with the same back", r"with a different back|or a different back"),
    "de": ("mit gleicher Rückseite", r"mit (?:einer )?anderen? Rückseite|oder .{0,40}anderer Rückseite"),
    "es": ("con el mismo dorso", r"con (?:un|otro) dorso (?:distinto|diferente)|con otro dorso"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_second_deck_has_the_same_back(lang: str) -> None:
    same, different = SAME_BACK[lang]
    for place, text in teacher_texts(lang):
        assert not re.search(different, text), f"{lang}/{place} allows a second deck with another back"
    assert same in " ".join(texts("06", lang)["guide"].split())
    assert same in " ".join(page_text(TEACHERS / lang / "rules_card_poker_a_voces.html").split())


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_2s_first_guess_is_the_blind_teams_true_rate(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer of the first prediction was 1/6 (no ties); the true rate of a blind team is higher, as the
    lesson's own simulation shows. The lesson's cell runs here, and its Predict's answer is the stored rate."""
    from pokerkit_teach.core.probability import random_order_success
    from pokerkit_teach.widgets import quiz
    from pokerkit_teach.widgets.stored_run import RandomTokenDeals, stored_result

    made: list[quiz.Predict] = []

    class Recorded(quiz.Predict):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(quiz, "Predict", Recorded)
    exec(_code(lang, LESSONS["02"], "l2-start"), {"lang": lang})  # noqa: S102 - the lesson's own cell
    [predict] = made
    blind = stored_result(RandomTokenDeals(3, 20_000, seed=1))
    assert predict.answer == blind.rate and abs(predict.answer - float(random_order_success(3))) > 0.015
    assert percent(blind.rate, lang, 1).replace("\xa0", " ") in texts("02", lang)["guide"]


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_2_computes_the_chance_worksheet_2_asks_for(lang: str) -> None:
    """Worksheet 2 sends learners to lesson 2 for p = 1/3; the lesson's formula cell prints it."""
    from pokerkit_teach.core.probability import first_to

    [cell] = [cell for cell in _notebook(lang, LESSONS["02"]) if cell.get("id") == "l2-formula"]
    printed = "".join("".join(output.get("text", "")) for output in cell["outputs"])
    assert "p = 1/3 ->" in printed and percent(float(first_to(3, 3, Fraction(1, 3))), lang, 1) in printed
    sheet = " ".join(page_text(TEACHERS / lang / f"{LESSONS['02']}.worksheet.html").split())
    assert "p = 1/3" in sheet


KERNELS = {
    "en": (ROOT / "docs" / "teachers-guide.md", "keeps {apps} kernels ready for each app and {lessons} for each lesson",
           ("one", "two"), "Lessons get no ready kernels"),
    "de": (TEACHERS / "de" / "setup.md", "hält für jede App {apps} Kernel bereit und für jede Lektion {lessons}",
           ("einen", "zwei"), "keine bereiten Kernel für Lektionen"),
    "es": (TEACHERS / "es" / "setup.md", "tiene {apps} kernels preparados para cada app y {lessons} para cada lección",
           ("uno", "dos"), "Las lecciones no tienen kernel"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_setup_says_how_many_ready_kernels_the_server_keeps(lang: str) -> None:
    class_pool = load_script("scripts/class_pool.py")
    config = json.loads((ROOT / "voila.json").read_text())
    apps = class_pool.preheated_kernels(config, ROOT / "notebooks" / "table.ipynb")
    lessons = class_pool.preheated_kernels(config, ROOT / "notebooks" / "lessons" / lang / f"{LESSONS['04']}.ipynb")
    path, sentence, words, contradiction = KERNELS[lang]
    text = " ".join(path.read_text(encoding="utf-8").split())
    assert sentence.format(apps=words[apps - 1], lessons=words[lessons - 1]) in text
    assert contradiction not in text


SEES = {"en": "sees {} and {}", "de": "sieht {} und {}", "es": "ve {} y {}"}
EVERY_SEAT = {"en": "In every seat", "de": "Auf jedem Platz", "es": "En todos los asientos"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_seat_of_the_pokerguess_example_claims_less_than_it_sees_and_the_lesson_shows_each(lang: str) -> None:
    """Lesson 5's counter bot claims fewer cards than it sees in every seat of the rulebook's example, not
    only in the one seat task 6 used to explain: the lesson prints each seat's claim beside what it sees,
    task 6 speaks of every seat, and guide 5 gives each seat's claim and what it sees."""
    from pokerkit_teach.games.pokerguess import GAME
    from pokerkit_teach.games.pokerguess.scenarios import load_scenario

    replay = load_scenario("pokerguess-example").replay()
    bot = GAME.make_bot("counter", 1)
    seats = replay.scenario.rules.players
    guide = " ".join(texts("05", lang)["guide"].split())
    for seat, name in enumerate(seats):
        view = replay.state_after(1).view_for(seat)
        claim = bot.decide(view).action.prediction
        cards = [*view.private, *view.community]
        colour = sum(card.colour is claim.colour for card in cards)
        figure = sum(card.figure is claim.figure and card.colour is not claim.colour for card in cards)
        assert claim.colour_count <= colour and claim.figure_count <= figure
        assert claim.colour_count + claim.figure_count < colour + figure
        said = re.finditer(rf"\b{name} {claim.colour_count} [^;.(]*?\b{claim.figure_count} [^;.(]*\(([^)]*)\)", guide)
        assert any(match.group(1).startswith(SEES[lang].format(colour, figure)) for match in said), f"guide 5 ({lang}) on {name}"
    [cell] = [cell for cell in _notebook(lang, LESSONS["05"]) if cell.get("id") == "l5-seen"]
    printed = "".join("".join(output.get("text", "")) for output in cell["outputs"])
    assert all(re.search(rf"^{name}\b", printed, re.M) for name in seats)
    markdown = " ".join("\n".join(_source(cell) for cell in _notebook(lang, LESSONS["05"]) if cell["cell_type"] == "markdown").split())
    task = re.search(r"\*\*(?:Task|Aufgabe|Ejercicio) 6\b[^*]*\*\* (.*?)<details>", markdown)
    assert task and task.group(1).startswith(EVERY_SEAT[lang]), f"lesson 5 ({lang}), task 6"


WEAK_STAY = {"en": "wins nothing", "de": "gewinnt nichts", "es": "no gana nada"}


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_7_weighs_staying_against_the_sure_fold_bonus(lang: str) -> None:
    from pokerkit_teach.games.voces.scenarios import load_scenario
    from pokerkit_teach.games.voces.actions import FOLD_BONUS

    source = _code(lang, LESSONS["07"], "v7-quiz-fold")
    assert "FOLD_BONUS / centre" in source and "{bonus}/{centre}" in source
    assert not any(WEAK_STAY[lang] in text for text in _strings(source))
    centre = load_scenario("voces-round-example").replay().state_after(26).round.centre[2]
    assert f"{FOLD_BONUS}/{centre}" in texts("07", lang)["guide"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_numbers_every_lesson(lang: str) -> None:
    from pokerkit_teach.core.i18n import message
    from pokerkit_teach.widgets.index import IndexApp

    shown = IndexApp(query=f"lang={lang}").listing.value
    for name in LESSONS.values():
        title = message(f"apps.index.lesson.{name[3:]}", lang)
        assert html.escape(message("apps.index.numbered", lang, number=int(name[:2]), title=title), quote=False) in shown


def test_the_readme_lists_every_lesson_numbered() -> None:
    from pokerkit_teach.core.i18n import message

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in LESSONS.values():
        title = message(f"apps.index.lesson.{name[3:]}", "en")
        assert re.search(rf"^{int(name[:2])}\. {re.escape(title)}$", readme, re.M), f"README does not list {title!r}"


def test_lesson_simulations_do_not_keep_a_class_waiting() -> None:
    """A lesson plays at load at most the small checked runs (100 games); anything larger is a stored run
    (SimulationRun shows the stored result at once and plays it again on request, on the batch path)."""
    from pokerkit_teach.widgets.stored_run import stored_runs

    for lang in LANGS:
        for name in LESSONS.values():
            for cell in _notebook(lang, name):
                if cell["cell_type"] != "code":
                    continue
                for call in (node for node in ast.walk(ast.parse(_source(cell))) if isinstance(node, ast.Call)):
                    function = getattr(call.func, "id", getattr(call.func, "attr", ""))
                    if function == "simulate":
                        games = call.args[3] if len(call.args) > 3 else next(k.value for k in call.keywords if k.arg == "games")
                        assert isinstance(games, ast.Name | ast.Constant)
                    if function == "SimulationRun" and isinstance(call.args[0], ast.Constant):
                        assert call.args[0].value in stored_runs(), f"{lang}/{name}: no stored run {call.args[0].value}"
    assert "SimulationRun(\"lesson-02\"" in _code("en", LESSONS["02"], "l2-sim")
    assert "play(100)" in _code("en", LESSONS["04"], "l4-sim")


@pytest.mark.parametrize("lang", LANGS)
def test_every_guide_links_its_worksheet_and_answer_key(lang: str) -> None:
    for name in LESSONS.values():
        guide = (TEACHERS / lang / f"{name}.md").read_text(encoding="utf-8")
        for kind in ("worksheet", "answers"):
            assert f"]({name}.{kind}.html)" in guide, f"{lang}/{name}.md does not link its {kind}"
            assert (TEACHERS / lang / f"{name}.{kind}.html").exists()


# ---------------------------------------------------------------- readings named where an answer rests on one

READINGS = {  # lesson: the rule options whose other reading would change an answer there
    "05": ("check_order", "colour_order"),
    "06": ("ace_low_straight",),
    "07": ("unused_five_scores",),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", sorted(READINGS))
def test_a_lesson_names_the_readings_its_answers_rest_on(lesson: str, lang: str) -> None:
    from pokerkit_teach.games.pokerguess import PokerGuessRules
    from pokerkit_teach.games.voces.rules import VocesRules

    options = {"05": PokerGuessRules, "06": VocesRules, "07": VocesRules}[lesson].__dataclass_fields__
    readings = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    markdown = texts(lesson, lang)["lesson"]
    for option in READINGS[lesson]:
        assert f"`{option}`" in markdown, f"lesson {lesson} ({lang}) does not name the reading {option}"
        assert f"`{option}" in readings and option in options


READING = {"en": "reading", "de": "Lesart", "es": "interpretación"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_apps_name_the_readings_where_the_learner_sees_the_rule(lang: str) -> None:
    """The PokerGuess explorer's checking order and the Póker a Voces explorer's ranking and scoring say
    which of their rules are the kit's reading, in each language, as the rules cards do."""
    messages = catalogue(lang)
    for key in ("apps.guess.order_rule", "apps.voces.rank_intro", "apps.voces.play.intro"):
        assert READING[lang] in messages[key], f"{key} ({lang}) names no reading"
    assert "A 2 3 4 5" in messages["apps.voces.rank_intro"]
    said = {"en": r"reading", "de": r"Lesart|liest das Programm", "es": r"interpretación|lee el programa"}[lang]
    for game in ("pokerguess", "poker_a_voces"):
        assert re.search(said, page_text(TEACHERS / lang / f"rules_card_{game}.html")), f"rules card {game} ({lang})"


def test_the_checking_order_quizzes_give_the_other_readings_answer() -> None:
    for lang in LANGS:
        for cell_id in ("q-first-checked", "q-order"):
            assert "check=CheckOrder.SIZES_FIRST" in _code(lang, LESSONS["05"], cell_id)


# ---------------------------------------------------------------- the words the review found

WORDS = {
    "de": [
        # English card letters shown as cards (German cards are B(ube) and D(ame)); the letters the kit also
        # reads as input, named as such, may stay
        r"(?<![\w-])[JQ][♠♥♦♣●▲■◆★✚☾]", r"\b(?:10|[2-9AK])[- ][JQ]\b|\b[JQ][- ](?:10|[2-9AK])\b",
        r"\(die Beikarte\)", r"Noch zweimal Aufdecken", r"\bFlushs\b",
        r"Mehr Farben machen manche Hände leichter", r"Ein Flush gewinnt nur eine Farbe mehr dazu",
        r"Steigende Einsätze gewinnt\b", r"verbiegen die Rangfolge", r"STOPP mit einer Hand auf der Hand",
        r"Bube hoch schlägt", r"\bKit\b", r"Nenne die Karten",
    ],
    "es": [
        r"tienes dos cartas propias, las cartas propias", r"La tabla de abajo cuenta las dos",
        r"\b(?:el|la|los|las|un|una|al|del|de|dos|tres|cuatro|cinco) (?:As|Ases|Rey|Reyes|Reina|Reinas|Jota|Jotas)\b",
        r"\bqué parte de\b", r"\bla parte (?:p|de partidas|de los repartos)\b", r"reparte [\d.]+ repartos",
        r"\buna [Cc]apibara\b", r"coge la A\b", r"descubierta en el orden del kit", r"Un Mapache solo es comodín",
        r"Juegas con Anna", r"sigues empezando por la mano", r"tuercen la clasificación", r"J alta de Marina",
        r"\bkit\b", r"\bnotebook\b", r"Di qué cartas",
    ],
    "en": [r"Name the cards to trade"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_words_the_review_found_are_gone(lang: str) -> None:
    found = [hit for pattern in WORDS[lang] for hit in _found(pattern, learner_texts(lang))]
    assert not found, found


@pytest.mark.parametrize("lang", ("de", "es"))
def test_the_teachers_material_uses_the_learners_words(lang: str) -> None:
    """The same words in the guides, worksheets, answer keys and rules cards (German card letters, no
    English 'kit' for the program where the learner's text says Programm/programa)."""
    patterns = [r"(?<![\w-])[JQ][♠♥♦♣●▲■◆★✚☾]", r"\bFlushs\b"] if lang == "de" else [r"\bnotebook\b", r"una [Cc]apibara"]
    found = [hit for pattern in patterns for hit in _found(pattern, teacher_texts(lang))]
    assert not found, found
