"""The replay: a built-in Pokerface scenario (the rulebook's worked examples), one step at a time.

An example is told as the rulebook tells it: it starts where the rulebook's telling starts (the scenario's
``told_from``; the moves before it are played through untold, their tokens already on the table), and a
showdown is turned over one hand per step. Each step shows what happened (:meth:`PokerfaceReplayStep.lines`;
in a showdown the hand turned over and how it compares), the rules that applied
(:meth:`PokerfaceReplayStep.rules_applied`) and the table after it drawn as the table app draws it (every hand
face up, as a narrator sees them; in a showdown the hands not yet turned over face down). The last step adds
the outcome. The steps are walked with the apps' one :class:`~widgets.navigator.StepNavigator`.

The teacher's view (a switch) walks every step of the file from its first, with the file's own notation of
each move and the table as a list (the dealer, the board, the hole cards, each round's token holders).

CSS classes (for browser tests):

- ``pkt-scenario`` (Dropdown of the built-in scenarios)
- ``pkt-first``, ``pkt-back``, ``pkt-forward``, ``pkt-last`` (Buttons of the step navigator; disabled at the ends)
- ``pkt-step-counter`` (HTML: ``Step 5 of 37``), ``pkt-intro`` (HTML)
- ``pkt-narration`` (HTML: ``pkt-events`` and ``pkt-rules`` lists), ``pkt-replay-board`` (the drawn table, as
  the table app's ``pkt-board``), ``pkt-teacher-view`` (the switch), and in the teacher's view
  ``pkt-move-notation`` and ``pkt-table`` (HTML: ``pkt-board``, ``pkt-hole-cards``, ``pkt-tokens`` table with one
  ``pkt-token-round`` row per round, ``pkt-tally``)
- ``pkt-outcome`` (inside ``pkt-narration``, on the last step only)
- from :class:`~widgets.app.App`: ``pkt-app``, ``pkt-language``, ``pkt-message``
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets

from pokerkit_teach.holdem.render import cards_html
from pokerkit_teach.games.pokerface.actions import Showdown
from pokerkit_teach.games.pokerface.events import token_text
from pokerkit_teach.games.pokerface.scenarios import PokerfaceReplay, PokerfaceScenario, builtin_scenarios
from pokerkit_teach.games.pokerface.state import PokerfaceState

from .app import App, InputProblem, esc
from .drawn import DrawnBoard
from .navigator import StepNavigator
from .pokerface_parts import NARROW_BELOW, TableDrawing
from .table import table_style
from .scenario_desk import download_html, open_upload, scenario_tools, show_deal_link, table_link_html, table_link_tools, upload_words

__all__ = ["ReplayApp", "token_holders"]

_K = "apps.replay."


def token_holders(state: PokerfaceState) -> list[tuple[str, list[str], list[str]]]:
    """Each token round of the deal as ``(suit, ["A♦ Anna", ...], [tokens in the middle])``."""
    rounds = []
    for suit, token_round in state.rounds.items():
        held = [
            f"{token_text(suit, number)} {state.players[seat]}"
            for number, seat in enumerate(token_round.holder, start=1)
            if seat is not None
        ]
        middle = [token_text(suit, number) for number in token_round.middle()]
        rounds.append((suit.symbol, held, middle))
    return rounds


@dataclass(frozen=True)
class Position:
    """One step of the replay as it is shown: ``played`` steps of the scenario played, and for a showdown
    step the hands turned over so far (``revealed``; ``None`` for any other step)."""

    played: int
    revealed: int | None = None


def positions(replay: PokerfaceReplay, every_step: bool = False) -> list[Position]:
    """The steps shown: from the first the scenario tells (from its first step if ``every_step``), each
    showdown one hand at a time."""
    shown: list[Position] = []
    for index in range(0 if every_step else replay.told_start, len(replay.steps)):
        step = replay.steps[index]
        if isinstance(step.action, Showdown):
            result = replay.state_after(index + 1).showdowns[-1]
            shown += [Position(index + 1, hand) for hand in range(1, len(result.steps) + 1)]
        else:
            shown.append(Position(index + 1))
    return shown


class ReplayApp(App):
    """Step through a built-in scenario: narration, rules and the drawn table at every step."""

    title_key = _K + "title"

    def build(self) -> list[ipywidgets.Widget]:
        self.scenarios: dict[str, PokerfaceScenario] = {s.name: s for s in builtin_scenarios()}
        self.replays: dict[str, PokerfaceReplay] = {}
        self.intro = ipywidgets.HTML()
        self.intro.add_class("pkt-intro")
        self.chooser = ipywidgets.Dropdown(options=[(name, name) for name in self.scenarios], layout=ipywidgets.Layout(width="40em"))
        self.chooser.add_class("pkt-scenario")
        self._relabelling = False
        self.chooser.observe(self._on_choose, names="value")
        self.navigator = StepNavigator(lambda: self.total, self.refresh, self.guarded, prefix="pkt-", labels=_K,
                                       counter_class="pkt-step-counter")
        self.buttons = self.navigator.buttons
        self.counter = self.navigator.counter
        self.narration = ipywidgets.HTML()
        self.narration.add_class("pkt-narration")
        self.table = ipywidgets.HTML()
        self.table.add_class("pkt-table")
        self.board = DrawnBoard(narrow_below=NARROW_BELOW)
        self.board.add_class("pkt-board")
        self.board.add_class("pkt-replay-board")
        self.teacher = ipywidgets.Checkbox(value=False, indent=False)
        self.teacher.add_class("pkt-teacher-view")
        self.teacher.observe(self._on_teacher, names="value")
        self._positions: dict[tuple[str, bool], list[Position]] = {}
        self._build_tools()
        # the story beside the drawn table on a laptop, under it on a tablet held upright (the row wraps)
        story = ipywidgets.VBox([self.narration, self.table], layout=ipywidgets.Layout(flex="1 1 300px", min_width="0"))
        drawn = ipywidgets.VBox([self.board], layout=ipywidgets.Layout(flex="2 1 480px", min_width="0"))
        columns = ipywidgets.HBox([drawn, story], layout=ipywidgets.Layout(flex_flow="row wrap", grid_gap="1em",
                                                                           align_items="flex-start"))
        return [
            table_style(),  # the table app's own look of its drawn table
            self.intro,
            ipywidgets.HBox([self.chooser, self.teacher], layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.navigator.box,
            columns,
            self.tools,
        ]

    def _build_tools(self) -> None:
        """The teacher's tools: save the game up to the step shown, a link to it, open a file, play on."""
        g = self.guarded
        self.tools_heading = ipywidgets.HTML()
        self.save_button, self.download, self.link_button, self.link, self.link_open, self.upload = scenario_tools(
            g, self.save, self.make_link, self._on_upload)
        self.continue_button, self.continue_open = table_link_tools(g, self.continue_link)
        self.tools = ipywidgets.VBox([
            self.tools_heading,
            ipywidgets.HBox([self.save_button, self.download, self.link_button, self.link_open]),
            self.link,
            ipywidgets.HBox([self.upload, self.continue_button, self.continue_open]),
        ])
        self.tools.add_class("pkt-scenario-desk")

    # -- the teacher's tools
    def open_linked(self) -> None:
        """``?scenario=NAME`` chooses a built-in scenario, ``?deal=CODE`` opens a situation; what cannot be
        opened is named at the top of the page and the first scenario is shown."""
        from .scenario_desk import LinkProblem

        problems: list[Any] = []
        params = self.params
        if params.scenario is not None:
            if params.scenario in self.scenarios:
                self.chooser.value = params.scenario
            else:
                problems.append(LinkProblem("scenario", InputProblem(
                    "scenario.unknown", name=params.scenario, names=", ".join(self.scenarios))))
        if params.deal is not None:
            from pokerkit_teach.core.dealcode import load_code

            try:
                self.open_scenario(load_code(params.deal))
            except ValueError as error:
                problems.append(LinkProblem("deal", error))
        self.link_problems = problems
        self._refresh_frame()

    def open_scenario(self, scenario: Any) -> None:
        """A scenario read from a file or a code: played through first (a refusal changes nothing), then
        shown at its last step, in the list with the built-in ones."""
        game = getattr(scenario, "game", "pokerface")
        if game != "pokerface":
            from pokerkit_teach.core.registry import get_game

            raise InputProblem("scenario.other_game", game=get_game(game).title(self.lang), here=get_game("pokerface").title(self.lang))
        replay = scenario.replay()
        name = scenario.name
        while name in self.scenarios and self.scenarios[name] is not scenario:
            name += "+"
        self.scenarios[name] = scenario
        self.replays[name] = replay
        self._relabelling = True
        try:
            self.chooser.options = [(s.title(self.lang), key) for key, s in self.scenarios.items()]
            self.chooser.value = name
        finally:
            self._relabelling = False
        self.show(self.total)
        self.say(self.t("apps.scenario.opened", title=scenario.title(self.lang), steps=len(replay.steps)))

    def _on_upload(self, name: str, content: bytes) -> None:
        open_upload(name, content, self.open_scenario, self)

    def _state_shown(self) -> PokerfaceState:
        return self.replay.state_after(self.position.played)

    def save(self) -> None:
        """A link beside the button to the scenario file of the game up to the step shown."""
        from pokerkit_teach.core.scenarios import save_scenario, scenario_json

        scenario = self.scenarios[str(self.chooser.value)]
        data = save_scenario(self._state_shown(), seed=scenario.seed, title=dict(scenario.titles) or None, name=scenario.name,
                             moves=[step.move for step in self.replay.steps[: self.position.played]])  # the scenario's own words
        name = f"{data.get('name') or 'pokerface'}.json"
        self.download.value = download_html(scenario_json(data).encode("utf-8"), name, self.t("apps.scenario.download", file=name))
        self.say(self.t("apps.scenario.saved", file=name))

    def _code(self) -> str:
        from pokerkit_teach.core.dealcode import state_code

        scenario = self.scenarios[str(self.chooser.value)]
        return str(state_code(self._state_shown(), seed=scenario.seed, name=scenario.name))  # its titles come with its name

    def make_link(self) -> None:
        """The address that opens the game up to the step shown in this app (``?deal=CODE``)."""
        show_deal_link(self, self.link, self.link_open, "replay.ipynb", self._code())

    def continue_link(self) -> None:
        """A link to the Pokerface table at the step shown, where bots play the other seats."""
        self.continue_open.value = table_link_html(self._code(), self.lang)

    # -- the scenario and the step
    @property
    def replay(self) -> PokerfaceReplay:
        name = str(self.chooser.value)
        if name not in self.replays:
            self.replays[name] = self.scenarios[name].replay()
        return self.replays[name]

    @property
    def positions(self) -> list[Position]:
        """The steps shown of the chosen scenario (every step of its file in the teacher's view)."""
        key = (str(self.chooser.value), bool(self.teacher.value))
        if key not in self._positions:
            self._positions[key] = positions(self.replay, key[1])
        return self._positions[key]

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def step(self) -> int:
        """The step shown (1 to ``total``)."""
        return self.navigator.step

    @property
    def position(self) -> Position:
        return self.positions[min(self.step, self.total) - 1]

    def _on_teacher(self, change: dict[str, Any]) -> None:
        """The teacher's view on or off: the same position of the scenario stays shown where it can."""
        before = self._positions.get((str(self.chooser.value), not bool(self.teacher.value)))
        now = self.positions
        where = before[min(self.step, len(before)) - 1] if before else None
        self.show(now.index(where) + 1 if where in now else 1)

    def go(self, where: str) -> None:
        """Move to the ``first``, ``last``, ``back`` (one step) or ``forward`` (one step) position."""
        self.navigator.go(where)

    def show(self, step: int) -> None:
        self.navigator.show(step)

    def _on_choose(self, change: dict[str, Any]) -> None:
        if not self._relabelling:
            self.download.value = self.link_open.value = self.continue_open.value = ""
            self.link.layout.display = "none"
            self.show(1)

    # -- drawing
    def refresh(self) -> None:
        t = self.t
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self._relabelling = True
        try:
            value = self.chooser.value
            self.chooser.options = [(s.title(self.lang), name) for name, s in self.scenarios.items()]
            self.chooser.value = value
        finally:
            self._relabelling = False
        self.chooser.description = t(_K + "scenario")
        self.teacher.description = t(_K + "teacher_view")
        self.tools_heading.value = f"<b>{esc(t('apps.scenario.heading'))}</b>"
        for button, key in ((self.save_button, "save"), (self.link_button, "link"), (self.continue_button, "continue")):
            with button.hold_sync():
                button.description = t(f"apps.scenario.{key}")
                button.tooltip = t(f"apps.scenario.{key}_tip" if key != "continue" else "apps.scenario.continue_table_tip")
        upload_words(self.upload, self.lang)
        self.link.description = t("apps.scenario.link_field")
        self.navigator.refresh(self.lang)
        self.narration.value = self.narration_html()
        teaching = bool(self.teacher.value)
        self.table.value = self.table_html() if teaching else ""
        self.table.layout.display = "" if teaching else "none"
        self.draw_board()

    def draw_board(self) -> None:
        """The table after the step shown, drawn as the table app draws it, every hand face up (a showdown's
        hands face down until they are turned over)."""
        position = self.position
        state = self.replay.state_after(position.played)
        showdown = state.showdowns[-1] if position.revealed is not None and state.showdowns else None
        hole = state.hole if state.hole is not None else tuple(() for _ in state.players)
        drawing = TableDrawing(state.view_for(0), self.lang, showdown=showdown, revealed=position.revealed or 0, seat_reasons={},
                               free_for_all=state.rules.free_for_all, why_not=lambda move: None, everyone=hole).drawing()
        self.board.title = drawing.title
        self.board.show(drawing.regions, drawing.items, areas=drawing.areas, columns=drawing.columns)

    def _lines(self, step: Any, revealed: int | None) -> list[str]:
        """What the step shown tells: a showdown's hand turned over (with its comparison), and after its last
        hand the rest of the step (the deal's result)."""
        lang = self.lang
        if revealed is None:
            return list(step.lines(lang))
        result = self.replay.state_after(self.position.played).showdowns[-1]
        hand = result.steps[revealed - 1]
        lines = [hand.reveal.text(lang), hand.verdict.text(lang)]
        if revealed == len(result.steps):
            lines += [event.describe(lang) for event in step.events if event.kind not in ("revealed", "compared")]
        return lines

    def narration_html(self) -> str:
        t, lang = self.t, self.lang
        position = self.position
        step = self.replay.steps[position.played - 1]
        events = "".join(f"<li>{esc(line)}</li>" for line in self._lines(step, position.revealed))
        parts = [f"<h3>{esc(t(_K + 'deal', deal=step.deal))}</h3>"]
        if step.move and self.teacher.value:  # the example file's own notation (its words, not the learner's language)
            parts.append(f"<p class='pkt-move-notation'><small>{esc(t(_K + 'move', move=step.move))}</small></p>")
        parts.append(f"<h4>{esc(t(_K + 'happened'))}</h4><ul class='pkt-events'>{events}</ul>")
        rules = step.rules_applied(lang)
        if rules:
            items = "".join(f"<li>{esc(rule)}</li>" for rule in rules)
            parts.append(f"<h4>{esc(t(_K + 'rules'))}</h4><ul class='pkt-rules'>{items}</ul>")
        if self.step == self.total and position.played == len(self.replay.steps):
            end = self.replay.ending
            ending = "game_won" if end.won is True else "game_lost" if end.won is False else "game_open"
            tally = t(_K + "tally", successes=end.successes, failures=end.failures)
            parts.append(
                f"<div class='pkt-outcome' role='status'><h4>{esc(t(_K + 'outcome'))}</h4>"
                f"<p><b>{esc(end.summary(lang))}</b></p><p>{esc(tally)}. {esc(t(_K + ending))}</p></div>"
            )
        return "".join(parts)

    def table_html(self) -> str:
        """The table after the step shown as a list (the teacher's view)."""
        t, lang = self.t, self.lang
        state = self.replay.state_after(self.position.played)
        parts = [f"<h3>{esc(t(_K + 'table'))}</h3><p>{esc(t(_K + 'dealer', name=state.players[state.dealer]))}</p>"]
        board = cards_html(state.board, lang) if state.board else esc(t(_K + "no_board"))
        parts.append(f"<div class='pkt-board'><b>{esc(t(_K + 'board'))}:</b> {board}</div>")
        if state.hole is not None:
            rows = "".join(
                f"<tr><th scope='row'>{esc(name)}</th><td>{cards_html(cards, lang)}</td></tr>"
                for name, cards in zip(state.players, state.hole)
            )
            parts.append(f"<table class='pkt-hole-cards'><caption>{esc(t(_K + 'hole'))}</caption>{rows}</table>")
        rounds = token_holders(state)
        if rounds:
            head = f"<tr><th scope='col'>{esc(t(_K + 'round'))}</th><th scope='col'>{esc(t(_K + 'holders'))}</th><th scope='col'>{esc(t(_K + 'middle'))}</th></tr>"
            rows = "".join(
                f"<tr class='pkt-token-round'><th scope='row'>{esc(suit)}</th>"
                f"<td>{esc(', '.join(held) or t(_K + 'nobody'))}</td><td>{esc(', '.join(middle) or t(_K + 'empty'))}</td></tr>"
                for suit, held, middle in rounds
            )
            parts.append(f"<table class='pkt-tokens' style='border-collapse:collapse' cellpadding='4'>{head}{rows}</table>")
        else:
            parts.append(f"<p>{esc(t(_K + 'no_rounds'))}</p>")
        parts.append(f"<p class='pkt-tally'>{esc(t(_K + 'tally', successes=state.successes, failures=state.failures))}</p>")
        return "".join(parts)
