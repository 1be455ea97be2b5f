"""The PokerGuess explorer: the cards and their groups, the check step by step, the rulebook example, a game.

Four tabs; ``?tab=cards``, ``check``, ``example`` or ``play`` in the address opens that one (default: the first):

1. **Cards**: deal seeded cards (``?seed=``, ``?players=`` 2 to 6) or type them, one player per line
   (``Anna = blue bishop, orange bishop`` or ``Anna = B5 B8``) and five community cards; see how many cards
   of every colour and every figure lie on the table.
2. **Check**: type predictions (``Anna: 3 red 2 pawns``), one per line; the engine orders them from the
   highest down and checks them one at a time, marking the cards counted for the colour and for the figure.
3. **Rulebook example**: the rulebook's four players, step by step (scenario ``pokerguess-example``).
4. **Play**: a game against bots, or with others at a room's table (:mod:`widgets.guess_play`; a seat link
   ``?room=CODE&seat=TOKEN`` opens this tab at that seat).

Bad input is named in a message and changes nothing. CSS classes: ``pkt-guess-tabs``, ``pkt-guess-deal``,
``pkt-guess-deal-players``, ``pkt-guess-example-cards``, ``pkt-guess-hands``, ``pkt-guess-community``,
``pkt-guess-use``, ``pkt-guess-seed``, ``pkt-guess-table``, ``pkt-guess-counts``, ``pkt-guess-predictions``,
``pkt-guess-check``, ``pkt-guess-check-next``, ``pkt-guess-check-all``, ``pkt-guess-order``,
``pkt-guess-check-result``; the example: ``pkt-guess-first``, ``pkt-guess-back``, ``pkt-guess-forward``,
``pkt-guess-last``, ``pkt-guess-step-counter``, ``pkt-guess-narration``, ``pkt-guess-example-table``;
the game: see :mod:`widgets.guess_play`.
"""

from __future__ import annotations

import secrets

import ipywidgets

from pokerkit_teach.core.rng import make_rng
from pokerkit_teach.games.pokerguess import Prediction, PredictionCheck, check_in_order, checking_order
from pokerkit_teach.games.pokerguess.cards import DrezCard, pokerdrez_deck
from pokerkit_teach.games.pokerguess.render import drez_hand_svg
from pokerkit_teach.games.pokerguess.scenarios import PokerGuessReplay, load_scenario
from pokerkit_teach.games.pokerguess.state import PokerGuessState

from .app import App, esc
from .navigator import StepNavigator
from .guess_parts import (
    NAMES,
    GuessTable,
    InputProblem,
    cards_table_html,
    check_steps_html,
    counts_html,
    outcome_html,
    parse_guess_table,
    parse_predictions,
    prediction_input,
    table_input,
)
from .guess_play import GuessGame

__all__ = ["GuessExplorerApp"]

_K = "apps.guess."
# Cards in the Check and Rulebook example tabs are drawn (SVG, named for screen readers, with the colour's
# number and name on each card): the coloured letter tiles read below 4.5:1 on white (axe: color-contrast).
CARD_PX = 48
EXAMPLE = "pokerguess-example"
TABS = ("cards", "check", "example", "play")


class GuessExplorerApp(App):
    """PokerGuess: cards and groups, the check step by step, the rulebook example and a game against bots."""

    title_key = _K + "title"
    fewest_players = 2
    players_error = _K + "bad_players"
    tab_names = TABS  # ?tab=NAME opens that tab

    def build(self) -> list[ipywidgets.Widget]:
        self.seed = self.params.seed if self.params.seed is not None else secrets.randbelow(1_000_000)
        self.rng = make_rng(self.seed)
        self.deal_number = 0
        self.dealt = False
        self.table: GuessTable | None = None
        self.predictions: list[tuple[str, Prediction]] = []
        self.checks: list[tuple[str, PredictionCheck]] = []
        self.shown_checks = 0
        self._suggested = ""  # the predictions the app wrote in for a dealt table (replaced with the next deal)
        self._suggestions: list[tuple[str, Prediction]] = []
        self.intro = ipywidgets.HTML()
        self.tabs = ipywidgets.Tab(children=[self._build_cards(), self._build_check(), self._build_example(), self._build_play()])
        self.tabs.add_class("pkt-guess-tabs")
        self.deal(announce=False)
        self.game.new_game()
        return [self.intro, self.tabs]

    # ------------------------------------------------------------------ tab 1: the cards
    def _build_cards(self) -> ipywidgets.Widget:
        wide = {"description_width": "10em"}
        self.cards_intro = ipywidgets.HTML()
        self.deal_players = ipywidgets.Dropdown(options=[2, 3, 4, 5, 6], value=self.params.players, style=wide, layout=ipywidgets.Layout(width="18em"))
        self.deal_players.add_class("pkt-guess-deal-players")
        self.deal_button = ipywidgets.Button()
        self.deal_button.add_class("pkt-guess-deal")
        self.deal_button.on_click(self.guarded(lambda _: self.deal()))
        self.example_button = ipywidgets.Button()
        self.example_button.add_class("pkt-guess-example-cards")
        self.example_button.on_click(self.guarded(lambda _: self.load_example()))
        self.hands_input = ipywidgets.Textarea(rows=6, style=wide, layout=ipywidgets.Layout(width="40em"))
        self.hands_input.add_class("pkt-guess-hands")
        self.community_input = ipywidgets.Text(style=wide, layout=ipywidgets.Layout(width="40em"))
        self.community_input.add_class("pkt-guess-community")
        self.use_button = ipywidgets.Button(button_style="primary")
        self.use_button.add_class("pkt-guess-use")
        self.use_button.on_click(self.guarded(lambda _: self.use_typed()))
        self.seed_line = ipywidgets.HTML()
        self.seed_line.add_class("pkt-guess-seed")
        self.table_html = ipywidgets.HTML()
        self.table_html.add_class("pkt-guess-table")
        self.counts = ipywidgets.HTML()
        self.counts.add_class("pkt-guess-counts")
        return ipywidgets.VBox([
            self.cards_intro,
            ipywidgets.HBox([self.deal_players, self.deal_button, self.example_button]),
            self.hands_input, self.community_input, ipywidgets.HBox([self.use_button]),
            self.seed_line, self.table_html, self.counts,
        ])

    def deal(self, announce: bool = True) -> None:
        """Deal two private cards to each player and five community cards from the seeded generator."""
        playing = [c for c in pokerdrez_deck(include_neutral=False) if isinstance(c, DrezCard)]
        deck = [playing[int(i)] for i in self.rng.permutation(len(playing))]
        count = int(self.deal_players.value)
        hands = tuple((NAMES[n], (deck[2 * n], deck[2 * n + 1])) for n in range(count))
        self.deal_number += 1
        self._set_table(GuessTable(hands, tuple(deck[2 * count: 2 * count + 5])), dealt=True)
        self.say(self.t(_K + "dealt", count=count) if announce else "")

    def use_typed(self) -> None:
        """Use the typed cards; bad input leaves everything as it was and says why."""
        try:
            table = parse_guess_table(self.hands_input.value, self.community_input.value, self.lang)
        except InputProblem as problem:
            self.say(problem.text(self.lang), "error")
            return
        self._set_table(table, dealt=False)
        self.say(self.t(_K + "typed", count=len(table.hands)))

    def load_example(self) -> None:
        """The rulebook example: its cards, and the four predictions the players hold at the check."""
        scenario = load_scenario(EXAMPLE)
        first = scenario.rounds[0]
        players = scenario.rules.players
        self._set_table(GuessTable(tuple(zip(players, first.private)), first.community), dealt=False)
        replay = self._example_replay()
        before_check = next(n for n, step in enumerate(replay.steps) if any(e.kind == "check_started" for e in step.events))
        state = replay.state_after(before_check)
        self.predictions_input.value = "\n".join(f"{players[seat]}: {prediction_input(p, self.lang)}" for seat, p in sorted(state.round.predictions.items()))
        self.say(self.t(_K + "example_loaded"))

    def _set_table(self, table: GuessTable, dealt: bool) -> None:
        self.table, self.dealt = table, dealt
        self._write_inputs()
        self.checks, self.shown_checks = [], 0
        if dealt and self.predictions_input.value in ("", self._suggested):
            self._suggest_predictions(table)
        self.refresh()

    def _suggest_predictions(self, table: GuessTable) -> None:
        """A dealt table comes with a prediction for every player, so that the check tab opens on a check to
        step through (change them as you like): 2 of the colour of a player's first card and 2 of the figure
        of the second, each player's different from the others'."""
        suggested: list[tuple[str, Prediction]] = []
        for name, (first, second) in table.hands:
            taken = {p for _, p in suggested}
            options = (Prediction(2, first.colour, 2, second.figure), Prediction(2, second.colour, 2, first.figure),
                       Prediction(1, first.colour, 1, second.figure), Prediction(1, second.colour, 1, first.figure))
            choice = next((p for p in options if p not in taken), None)
            if choice is not None:
                suggested.append((name, choice))
        self._suggestions = suggested
        self._suggested = self._suggestion_text()
        self.predictions_input.value = self._suggested
        self.predictions = checking_order(suggested)
        self.checks = check_in_order(suggested, table.cards)
        self.shown_checks = 1

    # ------------------------------------------------------------------ tab 2: the check
    def _build_check(self) -> ipywidgets.Widget:
        self.check_intro = ipywidgets.HTML()
        self.predictions_input = ipywidgets.Textarea(rows=6, layout=ipywidgets.Layout(width="40em"))
        self.predictions_input.add_class("pkt-guess-predictions")
        self.check_button = ipywidgets.Button(button_style="primary")
        self.check_button.add_class("pkt-guess-check")
        self.check_button.on_click(self.guarded(lambda _: self.start_check()))
        self.next_check_button = ipywidgets.Button()
        self.next_check_button.add_class("pkt-guess-check-next")
        self.next_check_button.on_click(self.guarded(lambda _: self.show_checks(self.shown_checks + 1)))
        self.all_checks_button = ipywidgets.Button()
        self.all_checks_button.add_class("pkt-guess-check-all")
        self.all_checks_button.on_click(self.guarded(lambda _: self.show_checks(len(self.checks))))
        self.check_cards = ipywidgets.HTML()
        self.order = ipywidgets.HTML()
        self.order.add_class("pkt-guess-order")
        self.check_result = ipywidgets.HTML()
        self.check_result.add_class("pkt-guess-check-result")
        return ipywidgets.VBox([
            self.check_intro, self.check_cards, self.predictions_input,
            ipywidgets.HBox([self.check_button, self.next_check_button, self.all_checks_button]),
            self.order, self.check_result,
        ])

    def start_check(self) -> None:
        """Read the predictions, put them in checking order and show the first check."""
        assert self.table is not None
        try:
            predictions = parse_predictions(self.predictions_input.value, [name for name, _ in self.table.hands])
        except InputProblem as problem:
            self.say(problem.text(self.lang), "error")
            return
        self.predictions = checking_order(predictions)
        self.checks = check_in_order(predictions, self.table.cards)
        self.say("")
        self.show_checks(1)

    def show_checks(self, count: int) -> None:
        self.shown_checks = max(0, min(len(self.checks), count))
        self.refresh()

    # ------------------------------------------------------------------ tab 3: the rulebook example
    def _build_example(self) -> ipywidgets.Widget:
        self.example_intro = ipywidgets.HTML()
        self._replay: PokerGuessReplay | None = None
        self.navigator = StepNavigator(lambda: len(self._example_replay().steps), self.refresh, self.guarded,
                                       prefix="pkt-guess-", counter_class="pkt-guess-step-counter")
        self.narration = ipywidgets.HTML()
        self.narration.add_class("pkt-guess-narration")
        self.example_table = ipywidgets.HTML()
        self.example_table.add_class("pkt-guess-example-table")
        return ipywidgets.VBox([self.example_intro, self.navigator.box, self.narration, self.example_table])

    def _example_replay(self) -> PokerGuessReplay:
        if self._replay is None:
            self._replay = load_scenario(EXAMPLE).replay()
        return self._replay

    # ------------------------------------------------------------------ tab 4: the game
    def open_linked(self) -> None:
        """``?scenario=NAME`` or ``?deal=CODE``: the game tab opens with that situation (unless ``?tab=``
        names the tab to open)."""
        self.open_linked_in_play_tab(self.game.desk, self.game.join)

    def _build_play(self) -> ipywidgets.Widget:
        self.game = GuessGame(self)
        return self.game.box

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        t = self.t
        if self.table is None:
            return
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.tabs.titles = tuple(t(_K + "tab." + name) for name in TABS)
        self._refresh_cards()
        self._refresh_check()
        self._refresh_example()
        self.game.refresh()

    def _write_inputs(self) -> None:
        """Put the table into the two inputs in the short notation of the app's language."""
        assert self.table is not None
        self._written = (table_input(self.table, self.lang), self.lang)
        self.hands_input.value, self.community_input.value = self._written[0]

    def _refresh_cards(self) -> None:
        assert self.table is not None
        t = self.t
        written = getattr(self, "_written", None)
        if written and written[1] != self.lang and (self.hands_input.value, self.community_input.value) == written[0]:
            self._write_inputs()  # the language changed: the same cards in its letters (B5 is a Bauer in German)
        self.cards_intro.value = f"<p>{esc(t(_K + 'cards_intro'))}</p>"
        self.deal_players.description = t("apps.common.players")
        self.deal_button.description = t(_K + "deal")
        self.deal_button.tooltip = t(_K + "deal_tip")
        self.example_button.description = t(_K + "example_cards")
        self.example_button.tooltip = t(_K + "example_cards_tip")
        self.hands_input.description = t(_K + "hands_label")
        self.hands_input.placeholder = t(_K + "hands_placeholder")
        self.community_input.description = t(_K + "community_label")
        self.community_input.placeholder = t(_K + "community_placeholder")
        self.use_button.description = t(_K + "use")
        self.use_button.tooltip = t(_K + "use_tip")
        seed = t(_K + "seed", seed=self.seed, deal=self.deal_number) if self.dealt else t(_K + "seed_typed")
        self.seed_line.value = f"<p>{esc(seed)}</p>"
        self.table_html.value = cards_table_html(self.table, self.lang)
        self.counts.value = counts_html(self.table.cards, self.lang)

    def _suggestion_text(self) -> str:
        return "\n".join(f"{name}: {prediction_input(p, self.lang)}" for name, p in self._suggestions)

    def _refresh_check(self) -> None:
        assert self.table is not None
        t, lang = self.t, self.lang
        if self._suggested and self.predictions_input.value == self._suggested:  # the app's own words: in the new language
            self._suggested = self._suggestion_text()
            self.predictions_input.value = self._suggested
        self.check_intro.value = f"<p>{esc(t(_K + 'check_intro'))}</p>"
        self.check_cards.value = f"<p>{esc(t(_K + 'check_cards', count=len(self.table.cards)))} {drez_hand_svg(self.table.cards, lang, size=CARD_PX)}</p>"
        self.predictions_input.description = t(_K + "predictions_label")
        self.predictions_input.placeholder = t(_K + "predictions_placeholder")
        self.check_button.description = t(_K + "check")
        self.check_button.tooltip = t(_K + "check_tip")
        self.next_check_button.description = t(_K + "check_next")
        self.all_checks_button.description = t(_K + "check_all")
        done = self.shown_checks >= len(self.checks)
        self.next_check_button.disabled = self.all_checks_button.disabled = done
        if not self.checks:
            self.order.value = self.check_result.value = ""
            return
        items = []
        for number, (name, prediction) in enumerate(self.predictions, start=1):
            if number <= self.shown_checks:
                mark = t(_K + ("mark_right" if self.checks[number - 1][1].holds else "mark_wrong"))
            elif number <= len(self.checks):
                mark = t(_K + "mark_waiting")
            else:
                mark = t(_K + "mark_skipped")
            items.append(f"<li>{esc(name)}: {esc(prediction.text(lang))} <i>({esc(mark)})</i></li>")
        self.order.value = f"<h4>{esc(t(_K + 'order_heading'))}</h4><ol>{''.join(items)}</ol><p>{esc(t(_K + 'order_rule'))}</p>"
        shown = self.checks[: self.shown_checks]
        parts = [f"<p>{esc(t(_K + 'legend'))}</p>", check_steps_html(shown, self.table.cards, lang)]
        if done:
            parts.append(outcome_html(self.checks, lang))
        self.check_result.value = "".join(parts)

    def _refresh_example(self) -> None:
        t, lang = self.t, self.lang
        replay = self._example_replay()
        self.example_intro.value = f"<p>{esc(replay.scenario.title(lang))}</p><p>{esc(t(_K + 'example_intro'))}</p>"
        self.navigator.refresh(lang)
        step = replay.steps[self.navigator.step - 1]
        head = t(_K + "example_round", round=step.round) + (" · " + t(_K + "example_move", move=step.move) if step.move else "")
        events = "".join(f"<li>{esc(line)}</li>" for line in step.lines(lang))
        parts = [f"<h3>{esc(head)}</h3><ul class='pkt-guess-events'>{events}</ul>"]
        state = replay.state_after(self.navigator.step)
        checks: list[tuple[str, PredictionCheck]] = []
        if state.results:
            checks = [(state.players[seat], verdict) for seat, verdict in state.results[-1].checks]
        if checks:
            parts.append(f"<p>{esc(t(_K + 'legend'))}</p>" + check_steps_html(checks, self._example_cards(), lang) + outcome_html(checks, lang))
        self.narration.value = "".join(parts)
        self.example_table.value = self._example_table_html(state)

    def _example_cards(self) -> list[DrezCard]:
        first = load_scenario(EXAMPLE).rounds[0]
        return [c for pair in first.private for c in pair] + list(first.community)

    def _example_table_html(self, state: PokerGuessState) -> str:
        t, lang = self.t, self.lang
        first = load_scenario(EXAMPLE).rounds[0]
        settled = bool(state.results)
        predictions = dict(state.round.predictions) if not settled else {}
        shown = dict(state.round.shown) if not settled else {}
        rows = []
        for seat, name in enumerate(state.players):
            prediction = predictions[seat].text(lang) if seat in predictions else "—"
            card = first.private[seat][shown[seat]].text(lang) if seat in shown else "—"
            committed = state.round.committed[seat] if state.round.committed else 0
            rows.append(f"<tr><th scope='row'>{esc(name)}</th><td>{drez_hand_svg(first.private[seat], lang, player=name, size=CARD_PX)}</td>"
                        f"<td>{esc(prediction)}</td><td>{esc(card)}</td><td>{committed}</td><td>{state.chips[seat]}</td></tr>")
        head = "".join(f"<th scope='col'>{esc(t(_K + 'play.column.' + c))}</th>" for c in ("player", "cards", "prediction", "shown", "in_pot", "chips"))
        community = drez_hand_svg(first.community, lang, size=CARD_PX)
        return (
            f"<h3>{esc(t(_K + 'example_table'))}</h3>"
            f"<p><b>{esc(t(_K + 'community'))}:</b> {community}</p>"
            f"<table cellpadding='4' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table>"
            f"<p>{esc(t(_K + 'example_pot', pot=state.pot))}</p>"
        )
