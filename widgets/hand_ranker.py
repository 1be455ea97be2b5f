"""The hand ranker: a board and two to six hands, each hand's best five and why, and the hands compared.

Cards are typed (``Qc 8h 8s 5d 3c``; one hand per line, ``Anna=7d 6h``) or dealt from the seed. Every
rule decision comes from the engine: :func:`~pokerkit_teach.best_hand`, :func:`~pokerkit_teach.explain_hand`
and :func:`~pokerkit_teach.holdem.rank_hands`.

Two modes: the plain comparison (the default, and the only one for two hands) orders the hands from the
strongest down, names the strongest hand (or the hands that tie for it) and compares each hand with the
next weaker one, with the engine's reason (the deciding kicker, or why two hands tie exactly). The
Pokerface showdown check (:func:`~pokerkit_teach.games.pokerface.showdown.check_showdown`) reads the hands in
the order typed as the holders of the A♠, 2♠ …; it needs 3 to 6 hands and a board of five cards, as a
game of Pokerface has, and says so otherwise. A problem with the input is said right under the input,
and the old results are cleared.

CSS classes (for browser tests):

- ``pkt-board-input`` (Text), ``pkt-hands-input`` (Textarea, one hand per line)
- ``pkt-input-error`` (HTML under the inputs: what is wrong with them, ``pkt-error``)
- ``pkt-rank`` (Button: rank what is typed), ``pkt-deal`` (Button: deal from the seed)
- ``pkt-mode`` (ToggleButtons: ``compare``, the plain comparison, or ``showdown``, the Pokerface check)
- ``pkt-deal-hands`` (Dropdown, 2-6 hands to deal), ``pkt-deal-board`` (Dropdown, 0/3/4/5 board cards)
- ``pkt-seed`` (HTML: the seed and deal number), ``pkt-intro`` (HTML)
- ``pkt-result`` (HTML) holding ``pkt-result-board``, one ``pkt-hand-result`` per hand (with
  ``pkt-explanation`` and ``pkt-strength``, the strength in words), ``pkt-comparison`` (with
  ``pkt-strongest``), and in the showdown mode ``pkt-showdown-success`` / ``pkt-showdown-failure``
- from :class:`~widgets.app.App`: ``pkt-app``, ``pkt-language``, ``pkt-message`` (errors: ``pkt-error``)

>>> table = parse_table("Qc 8h 8s 5d 3c", "Anna=7d 6h\\nBen=As Jd")
>>> [name for name, _ in table.hands], len(table.board)
(['Anna', 'Ben'], 5)
>>> try:
...     parse_table("Qc 8h 8s 5d 3c", "Anna=7d 6h\\nBen=Qc Jd")
... except InputProblem as problem:
...     print(problem.text("en"))
Q♣ appears twice: on the board and in the hand of Ben. Every card exists only once.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

import ipywidgets

from pokerkit_teach import (
    Card,
    CardParseError,
    Comparison,
    HandResult,
    best_hand,
    explain_hand,
    french_deck,
    make_rng,
    parse_card,
)
from pokerkit_teach.games.pokerface.showdown import MAX_PLAYERS, MIN_PLAYERS, ShowdownResult, check_showdown
from pokerkit_teach.core.i18n import Msg
from pokerkit_teach.holdem import HandRanking, rank_hands
from pokerkit_teach.holdem.ranking import STRENGTH_COUNT
from pokerkit_teach.holdem.render import hand_result_svg, hand_svg

from .app import App, InputProblem as AppInputProblem, esc, name_hands, tr
from .navigator import StepNavigator
from .scenario_desk import (
    LinkProblem, builtin_chooser, download_html, open_upload, scenario_tools, show_deal_link, table_link_html, table_link_tools, upload_words,
)

__all__ = ["HandRankerApp", "InputProblem", "Table", "parse_table", "NAMES"]

NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Felix")
_TOKEN = re.compile(r"[^\s,;]+")
_K = "apps.hand_ranker."
CARD_PX = 56  # a card drawn in the results: as wide as in the other apps' lists of cards


class InputProblem(AppInputProblem):
    """Input the app cannot use: a catalogue key (under ``apps.hand_ranker``) and its values."""

    prefix = _K


@dataclass(frozen=True)
class Table:
    """What is on the table: the board and the hands in the order given."""

    board: tuple[Card, ...]
    hands: tuple[tuple[str, tuple[Card, ...]], ...]


def _cards(text: str, where: Msg, seen: dict[Card, Msg]) -> tuple[Card, ...]:
    cards = []
    for match in _TOKEN.finditer(text):
        try:
            card = parse_card(match.group())
        except CardParseError:
            raise InputProblem("bad_card", where=where, text=match.group()) from None
        if card in seen:
            raise InputProblem("duplicate", card=card, first=seen[card], second=where)
        seen[card] = where
        cards.append(card)
    return tuple(cards)


def parse_table(board_text: str, hands_text: str) -> Table:
    """Read the board and the hands (one per line, ``NAME=cards`` or just the cards).

    Raises :class:`InputProblem` naming the first problem: an unknown card, a card given twice, a
    wrong number of cards or hands, a name used twice.
    """
    seen: dict[Card, Msg] = {}
    board = _cards(board_text, Msg.of(_K + "where_board"), seen)
    if len(board) > 5:
        raise InputProblem("board_count", count=len(board))
    lines = [line.strip() for line in hands_text.splitlines() if line.strip()]
    named: list[tuple[str | None, str]] = []
    for number, line in enumerate(lines, start=1):
        if "=" in line:
            name, text = (part.strip() for part in line.split("=", 1))
            if not name:
                raise InputProblem("no_name", line=number)
            named.append((name, text))
        else:
            named.append((None, line))
    hands = name_hands(named, lambda text, where: _cards(text, where, seen), InputProblem, NAMES, _K + "where_hand")
    return Table(board, tuple(hands))


class HandRankerApp(App):
    """Type or deal a board and hands; see each hand's best five, the steps, and the comparison."""

    title_key = _K + "title"

    def build(self) -> list[ipywidgets.Widget]:
        self.seed = self.params.seed if self.params.seed is not None else secrets.randbelow(1_000_000)
        self.rng = make_rng(self.seed)
        self.deal_number = 0
        self.dealt_texts: tuple[str, str] | None = None
        self.table: Table | None = None
        self.results: list[HandResult | None] = []
        self.showdown: ShowdownResult | None = None
        self.ranking: HandRanking | None = None  # the hands from the strongest down, each with the next
        self.comparisons: list[Comparison] = []  # the ranking's comparisons, each hand with the next weaker one
        self.problem: InputProblem | None = None
        wide = {"description_width": "10em"}
        self.intro = ipywidgets.HTML()
        self.intro.add_class("pkt-intro")
        self.board_input = ipywidgets.Text(style=wide, layout=ipywidgets.Layout(width="36em"))
        self.board_input.add_class("pkt-board-input")
        self.hands_input = ipywidgets.Textarea(rows=6, style=wide, layout=ipywidgets.Layout(width="36em"))
        self.hands_input.add_class("pkt-hands-input")
        self.input_error = ipywidgets.HTML()
        self.input_error.add_class("pkt-input-error")
        self.rank_button = ipywidgets.Button(button_style="primary")
        self.rank_button.add_class("pkt-rank")
        self.rank_button.on_click(self.guarded(lambda _: self.rank()))
        self.mode = ipywidgets.ToggleButtons(options=[("", "compare"), ("", "showdown")], value="compare",
                                             style={"button_width": "auto"})
        self.mode.add_class("pkt-mode")
        self._relabelling = False
        self.mode.observe(self.guarded(self._on_mode), names="value")
        # a menu, not a slider: a slider's handle has no accessible name in ipywidgets (axe: aria-input-field-name),
        # a menu is named by its description (<label for=...>)
        self.deal_hands = ipywidgets.Dropdown(options=list(range(2, 7)), value=self.params.players, style=wide,
                                              layout=ipywidgets.Layout(width="16em"))
        self.deal_hands.add_class("pkt-deal-hands")
        self.deal_board = ipywidgets.Dropdown(options=[0, 3, 4, 5], value=5, style=wide, layout=ipywidgets.Layout(width="16em"))
        self.deal_board.add_class("pkt-deal-board")
        self.deal_button = ipywidgets.Button()
        self.deal_button.add_class("pkt-deal")
        self.deal_button.on_click(self.guarded(lambda _: self.deal()))
        self.seed_line = ipywidgets.HTML()
        self.seed_line.add_class("pkt-seed")
        self.result = ipywidgets.HTML()
        self.result.add_class("pkt-result")
        self._build_tools()
        self.deal(announce=False)
        return [
            self.intro,
            self.board_input,
            self.hands_input,
            self.input_error,
            ipywidgets.HBox([self.rank_button, self.mode]),
            ipywidgets.HBox([self.deal_hands, self.deal_board, self.deal_button]),
            self.seed_line,
            self.result,
            self.tools,
        ]

    # -- the teacher's tools: the table as a Pokerface scenario, a link, a scenario's deals step by step
    def _build_tools(self) -> None:
        g = self.guarded
        self.scenario: Any = None  # the scenario being walked through, and its replay
        self.replay: Any = None
        self.tools_heading = ipywidgets.HTML()
        self.save_button, self.download, self.link_button, self.link, self.link_open, self.upload = scenario_tools(
            g, self.save, self.make_link, self._on_upload)
        from pokerkit_teach.games.pokerface.scenarios import builtin_scenarios

        self.builtin, self.open_button = builtin_chooser(g, [s.name for s in builtin_scenarios()], self.open_builtin)
        self.navigator = StepNavigator(lambda: max(1, len(self.replay.steps)) if self.replay is not None else 1, self._show_step, g,
                                       prefix="pkt-scenario-", labels="apps.replay.", counter_class="pkt-scenario-step-counter")
        self.step_text = ipywidgets.HTML()
        self.step_text.add_class("pkt-scenario-step")
        self.continue_button, self.continue_open = table_link_tools(g, self.continue_link)
        self.viewer = ipywidgets.VBox([self.navigator.box, self.step_text, ipywidgets.HBox([self.continue_button, self.continue_open])],
                                      layout=ipywidgets.Layout(display="none", border="1px solid #999", padding="0.3em 0.6em"))
        self.viewer.add_class("pkt-scenario-viewer")
        self.tools = ipywidgets.VBox([
            self.tools_heading,
            ipywidgets.HBox([self.save_button, self.download, self.link_button, self.link_open]),
            self.link,
            ipywidgets.HBox([self.upload, self.builtin, self.open_button]),
            self.viewer,
        ])
        self.tools.add_class("pkt-scenario-desk")

    def scenario_data(self) -> dict[str, Any]:
        """The cards typed or dealt as one deal of Pokerface, checked by the engine: the hands are the players'
        hole cards (3 to 6 hands, as a game has), the board the deal's shared cards."""
        from pokerkit_teach.core.i18n import LANGUAGES
        from pokerkit_teach.core.scenarios import FILE_FORMAT, load_scenario_data

        table = parse_table(self.board_input.value, self.hands_input.value)
        if not MIN_PLAYERS <= len(table.hands) <= MAX_PLAYERS:
            raise AppInputProblem("scenario.ranker_hands", low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(table.hands))
        data: dict[str, Any] = {
            "format": FILE_FORMAT, "game": "pokerface", "name": f"hands-{self.seed}",
            "title": {lang: tr("apps.scenario.ranker_title", lang, count=len(table.hands)) for lang in LANGUAGES},
            "players": [name for name, _ in table.hands], "seed": self.seed,
            "deals": [{"hole": {name: " ".join(card.ascii for card in hole) for name, hole in table.hands},
                       "board": " ".join(card.ascii for card in table.board), "moves": []}],
        }
        load_scenario_data(data, source=f"{data['name']}.json")  # the engine's check: a refusal names the problem
        return data

    def save(self) -> None:
        from pokerkit_teach.core.scenarios import scenario_json

        data = self.scenario_data()
        name = f"{data['name']}.json"
        self.download.value = download_html(scenario_json(data).encode("utf-8"), name, self.t("apps.scenario.download", file=name))
        self.say(self.t("apps.scenario.saved", file=name))

    def _code(self) -> str:
        from pokerkit_teach.core.dealcode import scenario_code
        from pokerkit_teach.core.scenarios import load_scenario_data

        if self.replay is not None and self.scenario is not None:
            from pokerkit_teach.core.dealcode import state_code

            return str(state_code(self.replay.state_after(self.navigator.step), seed=self.scenario.seed))
        data = self.scenario_data()
        return str(scenario_code(load_scenario_data(data, source=f"{data['name']}.json")))

    def make_link(self) -> None:
        show_deal_link(self, self.link, self.link_open, "hand_ranker.ipynb", self._code())

    def continue_link(self) -> None:
        """A link to the Pokerface table at the step shown, with bots in the other seats."""
        self.continue_open.value = table_link_html(self._code(), self.lang)

    def _on_upload(self, name: str, content: bytes) -> None:
        open_upload(name, content, self.open_scenario, self)

    def open_builtin(self, name: str) -> None:
        from pokerkit_teach.games.pokerface.scenarios import builtin_scenarios

        found = {s.name: s for s in builtin_scenarios()}
        if name not in found:
            raise AppInputProblem("scenario.unknown", name=name, names=", ".join(found))
        self.open_scenario(found[name])

    def open_scenario(self, scenario: Any) -> None:
        """A Pokerface scenario (the hands are hole cards of its players): played through first (a refusal
        changes nothing), then its last step shown."""
        game = getattr(scenario, "game", "pokerface")
        if game != "pokerface":
            from pokerkit_teach.core.registry import get_game

            raise AppInputProblem("scenario.other_game", game=get_game(game).title(self.lang), here=get_game("pokerface").title(self.lang))
        replay = scenario.replay()
        self.scenario, self.replay = scenario, replay
        self.viewer.layout.display = ""
        self.continue_open.value = ""
        self.navigator.show(len(replay.steps))
        self.say(self.t("apps.scenario.opened", title=scenario.title(self.lang), steps=len(replay.steps)))

    def _show_step(self) -> None:
        """The hole cards and the board after the step shown; at the last step, the board the file gives for
        that deal (a deal saved here has no moves, so its board is never dealt in the replay)."""
        replay = self.replay
        if replay is None:
            return
        step = min(self.navigator.step, len(replay.steps))
        state = replay.state_after(step)
        board = tuple(state.board)
        if step == len(replay.steps) and 1 <= state.deal_number <= len(self.scenario.deals):
            given = tuple(self.scenario.deals[state.deal_number - 1].board)
            if len(given) > len(board) and given[: len(board)] == board:
                board = given
        if state.hole is not None:
            self.hands_input.value = "\n".join(f"{name}={' '.join(card.ascii for card in hole)}" for name, hole in zip(state.players, state.hole))
        self.board_input.value = " ".join(card.ascii for card in board)
        self.rank(announce=False)

    def open_linked(self) -> None:
        """``?scenario=NAME`` or ``?deal=CODE``: the hands and the board of that deal; what cannot be opened is
        named at the top of the page and the cards dealt from the seed stay."""
        problems: list[Any] = []
        params = self.params
        for kind, value in (("scenario", params.scenario), ("deal", params.deal)):
            if value is None:
                continue
            try:
                if kind == "scenario":
                    self.open_builtin(value)
                else:
                    from pokerkit_teach.core.dealcode import load_code

                    self.open_scenario(load_code(value))
            except ValueError as error:
                problems.append(LinkProblem(kind, error))
        self.link_problems = problems
        self._refresh_frame()

    # -- actions
    def deal(self, announce: bool = True) -> None:
        """Deal the chosen number of hands and board cards from the seeded generator, then rank them."""
        order = self.rng.permutation(52)
        deck = [french_deck()[int(i)] for i in order]
        count, board_size = int(self.deal_hands.value), int(self.deal_board.value)
        lines = [f"{NAMES[n]}={deck[2 * n].ascii} {deck[2 * n + 1].ascii}" for n in range(count)]
        board = " ".join(card.ascii for card in deck[2 * count: 2 * count + board_size])
        self.deal_number += 1
        self.board_input.value, self.hands_input.value = board, "\n".join(lines)
        self.dealt_texts = (board, self.hands_input.value)
        self.rank(announce)

    def _on_mode(self, change: dict[str, object]) -> None:
        if not self._relabelling:
            self.rank(announce=False)

    def showdown_applies(self, table: Table) -> bool:
        """True if the hands can be checked as a Pokerface showdown: 3 to 6 hands and a board of five."""
        return MIN_PLAYERS <= len(table.hands) <= MAX_PLAYERS and len(table.board) == 5

    def rank(self, announce: bool = True) -> None:
        """Rank what the inputs hold. Bad input is named under the input, and the old results are
        cleared (they belong to other cards)."""
        try:
            table = parse_table(self.board_input.value, self.hands_input.value)
        except InputProblem as problem:
            self.problem = problem
            self.table, self.results, self.showdown, self.ranking, self.comparisons = None, [], None, None, []
            self.say("")
            self.refresh()
            return
        self.problem = None
        results: list[HandResult | None] = [
            best_hand(hole + table.board) if len(table.board) >= 3 else None for _, hole in table.hands
        ]
        showdown = None
        ranking = rank_hands(list(table.hands), table.board) if len(table.board) >= 3 else None
        if self.mode.value == "showdown" and self.showdown_applies(table):
            showdown = check_showdown(table.board, list(table.hands))
        self.table, self.results, self.showdown, self.ranking = table, results, showdown, ranking
        self.comparisons = list(ranking.comparisons) if ranking is not None else []
        if (self.board_input.value, self.hands_input.value) != self.dealt_texts:
            self.dealt_texts = None
        self.refresh()
        self.say(self.t(_K + "ranked", count=len(table.hands)) if announce else "")

    # -- drawing
    def refresh(self) -> None:
        t = self.t
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.board_input.description = t(_K + "board_label")
        self.board_input.placeholder = t(_K + "board_placeholder")
        self.hands_input.description = t(_K + "hands_label")
        self.hands_input.placeholder = t(_K + "hands_placeholder")
        self.rank_button.description = t(_K + "rank")
        self.rank_button.tooltip = t(_K + "rank_tip")
        self._relabelling = True
        try:
            mode = self.mode.value
            self.mode.options = [(t(_K + "mode_compare"), "compare"), (t(_K + "mode_showdown"), "showdown")]
            self.mode.value = mode
        finally:
            self._relabelling = False
        self.mode.tooltips = [t(_K + "mode_compare_tip"), t(_K + "mode_showdown_tip")]
        self.deal_button.description = t(_K + "deal")
        self.deal_button.tooltip = t(_K + "deal_tip")
        self.deal_hands.description = t(_K + "deal_hands")
        self.deal_board.description = t(_K + "deal_board")
        seed_text = t(_K + "seed", seed=self.seed, deal=self.deal_number) if self.dealt_texts else t(_K + "seed_typed", seed=self.seed)
        self.seed_line.value = f"<p>{esc(seed_text)}</p>"
        if self.problem is not None:
            problem = self.problem.text(self.lang) + " " + t(_K + "fix")
            self.input_error.value = f'<p role="alert" class="pkt-error" style="color:#a00"><b>{esc(problem)}</b></p>'
        else:
            self.input_error.value = ""
        self.result.value = self.result_html() if self.table else ""
        self._refresh_tools()

    def _refresh_tools(self) -> None:
        t = self.t
        self.tools_heading.value = f"<b>{esc(t('apps.scenario.heading'))}</b>"
        for button, key in ((self.save_button, "save"), (self.link_button, "link"), (self.open_button, "open_builtin"),
                            (self.continue_button, "continue")):
            with button.hold_sync():
                button.description = t(f"apps.scenario.{key}")
                button.tooltip = t(f"apps.scenario.{key}_tip" if key != "continue" else "apps.scenario.continue_table_tip")
        upload_words(self.upload, self.lang)
        self.link.description = t("apps.scenario.link_field")
        self.builtin.description = t("apps.scenario.builtin")
        from pokerkit_teach.games.pokerface.scenarios import builtin_scenarios

        options = [(s.title(self.lang), s.name) for s in builtin_scenarios()]
        if tuple(self.builtin.options) != tuple(options):
            chosen = self.builtin.value
            self.builtin.options = options
            self.builtin.value = chosen
        replay = self.replay
        if replay is None:
            return
        self.navigator.refresh(self.lang)
        step = min(self.navigator.step, len(replay.steps))
        lines = replay.steps[step - 1].lines(self.lang) if step >= 1 else []
        title = esc(t("apps.scenario.walking_cards", title=self.scenario.title(self.lang)))
        self.step_text.value = f"<p><b>{title}</b></p><ul>{''.join(f'<li>{esc(line)}</li>' for line in lines)}</ul>"

    def hand_html(self, result: HandResult) -> str:
        """All cards of a hand, the best five outlined and the others dimmed, the hand's name, and its
        strength in words (where it stands among all hands)."""
        lang = self.lang
        tiles = hand_result_svg(result, lang, size=CARD_PX)  # drawn as in the other apps: the best five raised, the rest dimmed
        weaker, stronger = result.strength - 1, STRENGTH_COUNT - result.strength
        key = "strength_top" if stronger == 0 else "strength_bottom" if weaker == 0 else "strength"
        strength = self.t(_K + key, strength=result.strength, total=STRENGTH_COUNT, lowest=1, weaker=weaker, stronger=stronger)
        return (f'<div class="pkt-hand"><div>{tiles}</div><div><b>{esc(result.describe(lang))}</b></div>'
                f'<p class="pkt-strength"><small>{esc(strength)}</small></p></div>')

    def result_html(self) -> str:
        assert self.table is not None
        t, lang, table = self.t, self.lang, self.table
        parts = [f'<div class="pkt-result-board"><h3>{esc(t(_K + "board_heading"))}</h3>']
        parts.append(hand_svg(table.board, lang, size=CARD_PX) if table.board else f"<p>{esc(t(_K + 'no_board'))}</p>")
        parts.append(f'</div><h3>{esc(t(_K + "hands_heading"))}</h3>')
        for (name, hole), result in zip(table.hands, self.results):
            hole_text = " ".join(card.text(lang) for card in hole)
            parts.append(f'<section class="pkt-hand-result"><h4>{esc(t(_K + "hand_heading", name=name, hole=hole_text))}</h4>')
            if result is None:
                tiles = hand_svg(hole + table.board, lang, size=CARD_PX)
                parts.append(f"<div>{tiles}</div><p>{esc(t(_K + 'too_few', name=name, count=len(hole) + len(table.board)))}</p>")
            else:
                steps = "".join(f"<li>{esc(line)}</li>" for line in explain_hand(result).lines(lang))
                parts.append(self.hand_html(result))
                parts.append(f'<details class="pkt-explanation"><summary>{esc(t(_K + "steps_heading"))}</summary><ol>{steps}</ol></details>')
            parts.append("</section>")
        parts.append('<div class="pkt-comparison">')
        if self.showdown is not None:
            parts.append(self.showdown_html())
        else:
            parts.append(self.comparison_html())
        parts.append("</div>")
        return "".join(parts)

    def showdown_html(self) -> str:
        assert self.showdown is not None
        t, lang = self.t, self.lang
        parts = [f"<h3>{esc(t(_K + 'showdown_heading'))}</h3><p>{esc(t(_K + 'showdown_intro'))}</p><ol>"]
        for step in self.showdown.steps:
            parts.append(f"<li>{esc(step.reveal.text(lang))}<br>{esc(step.verdict.text(lang))}</li>")
        kind = "success" if self.showdown.success else "failure"
        colour = "#070" if self.showdown.success else "#a00"
        parts.append(f'</ol><p class="pkt-showdown-{kind}" style="color:{colour}"><b>{esc(self.showdown.summary.text(lang))}</b></p>')
        return "".join(parts)

    def comparison_html(self) -> str:
        """The hands from the strongest down: the strongest named (or those that tie for it), then each
        hand compared with the next weaker one, with the engine's reason."""
        assert self.table is not None
        t, lang, table = self.t, self.lang, self.table
        parts = [f"<h3>{esc(t(_K + 'compare_heading'))}</h3>"]
        if self.mode.value == "showdown":  # asked for, but these hands are no Pokerface showdown
            parts.append(f"<p class='pkt-no-showdown'>{esc(t(_K + 'showdown_needs', hands=len(table.hands), board=len(table.board)))}</p>")
        if self.ranking is None:
            parts.append(f"<p>{esc(t(_K + 'no_compare'))}</p>")
            return "".join(parts)
        if len(table.board) < 5:
            parts.append(f"<p>{esc(t(_K + 'pairs_intro'))}</p>")
        strongest, *steps = self.ranking.lines(lang)
        parts.append(f"<p class='pkt-strongest'><b>{esc(strongest)}</b></p>")
        if steps:
            parts.append(f"<p>{esc(t(_K + 'order_intro'))}</p><ol>")
            parts.extend(f"<li>{esc(step)}</li>" for step in steps)
            parts.append("</ol>")
        return "".join(parts)
